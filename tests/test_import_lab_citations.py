"""The lab-website template's papers (`_data/citations.yaml`, its `buttons:` of a
`type` of `_data/types.yaml`) and the includes that lay captured text out, as real lab
sites write them, in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = "title: Fern Lab\nlang: en\n"
TYPES = """\
github:
  icon: fa-brands fa-github
  text: GitHub
  link: https://github.com/$VALUE
website:
  icon: fa-solid fa-globe
  text: Website
"""
CITATIONS = """\
- id: doi:10.5555/fern.7
  title: Ferns in the shade
  authors:
  - Ida Moss\\*
  - Ren Oak\\*
  - '**Sol Fern**'
  publisher: Journal of Pteridology
  date: '2023-04-02'
  buttons:
  - type: website
    link: https://ferns.example.org/
  - type: github
    link: fernlab/shade
"""


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": CONFIG, "Gemfile": 'gem "jekyll"\n',
                         "_data/types.yaml": TYPES, "_includes/list.html": "{{ include }}\n",
                         **files})
    return source


def test_co_first_marks_and_typed_buttons_of_the_citations(tmp_path: Path) -> None:
    """Authors written `Ida Moss\\*` (a star the list showed, escaped for Markdown)
    became `Ida Moss\\` in content/publications.bib, whose lone backslash ate the brace
    after it: "malformed BibTeX entry", the build failed. And a button `type: github`,
    `link: fernlab/shade` was the code link `/fernlab/shade`, a file the build could not
    find. The star is the co-first mark Lanting reads; the link is its type's pattern
    filled in, `https://github.com/fernlab/shade`."""
    source = _site(tmp_path, {"_data/citations.yaml": CITATIONS})
    import_site(source, tmp_path / "new", None, False, NOW)
    bib = (tmp_path / "new" / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "author  = {Ida Moss* and Ren Oak* and Sol Fern}" in bib
    assert "code    = {https://github.com/fernlab/shade}" in bib
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/")
    assert listing.find("a", href="https://github.com/fernlab/shade") is not None
    assert "\\" not in listing.text()


CONTACT = """\
---
title: Contact
---

Find us here.

{% capture col1 %}
{% include figure.html image="images/door.png" caption="**The front door**" %}
{% endcapture %}

{% capture col2 %}
Room 12, Fern Hall
{% endcapture %}

{% capture col3 %}
Open on weekdays
{% endcapture %}

{% include cols.html col1=col1 col2=col2 col3=col3 %}
"""


def test_columns_of_captures_side_by_side(tmp_path: Path) -> None:
    """The template's `{% include cols.html col1=col1 col2=col2 %}`, a capture for each
    column: the first column's text was kept and the others removed ("capture col2 …
    removed (it only set a variable for the theme)"), the room and the hours lost. Each
    capture is a column of Lanting's columns, in the include's order."""
    source = _site(tmp_path, {"contact/index.md": CONTACT, "images/door.png": png(20, 20),
                              "_includes/cols.html": "{{ include.col1 }}\n",
                              "_includes/figure.html": "{{ include.image }}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert messages(imported, "contact/index.md") == []
    text = (tmp_path / "new" / "content" / "pages" / "contact.md").read_text(encoding="utf-8")
    assert text.count("::: {.column}") == 3 and ":::: {.columns}" in text
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    columns = page(out, "/contact/").one("div", class_="columns")
    cells = [" ".join(c.text().split()) for c in columns.find_all("div", class_="column")]
    assert cells[1:] == ["Room 12, Fern Hall", "Open on weekdays"]
    assert columns.find("img") is not None


RESEARCH = """\
---
title: Research
---

# Research

We read ferns closely.

{% include list.html data="citations" style="rich" filter="group == 'featured'" %}
{% include list.html data="citations" component="citation" filter="group != 'featured'" %}

More soon.
"""


def test_lists_of_one_data_in_a_row_are_one_link(tmp_path: Path) -> None:
    """A research page lists the featured papers, then the others: two `list.html`
    includes of the citations in a row. Each was the link to Lanting's publications, so
    the page showed the same link twice. It is written once."""
    source = _site(tmp_path, {"_data/citations.yaml": CITATIONS,
                              "research/index.md": RESEARCH})
    import_site(source, tmp_path / "new", None, False, NOW)
    text = (tmp_path / "new" / "content" / "pages" / "research.md").read_text(
        encoding="utf-8")
    assert text.count("(/publications/)") == 1
    assert text.index("We read ferns") < text.index("(/publications/)") < text.index("More")


HOME = """\
---
---

# Fern Lab

{% capture text %}
We measure how ferns unroll.
{% endcapture %}

{%
  include feature.html
  image="images/unroll.png"
  link="research"
  title="Our research"
  text=text
%}
"""


def test_a_feature_s_picture_title_and_text(tmp_path: Path) -> None:
    """The template's home page shows `feature.html` blocks, a picture beside a title and
    the text captured for it: the text was kept with a warning ("without the include's
    look"), the picture and the title lost. The feature is its picture, linked as the
    old one was, its title in bold, and its text."""
    source = _site(tmp_path, {"index.md": HOME, "images/unroll.png": png(20, 20),
                              "research/index.md": "---\ntitle: Research\n---\n\nFerns.\n",
                              "_includes/feature.html": "{{ include.text }}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert [m for m in messages(imported, "index.md") if "feature" in m] == []
    text = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[![Our research](/images/unroll.png)](pages/research.md)" in text
    assert "**[Our research](pages/research.md)**\n\nWe measure how ferns unroll." in text
    build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
