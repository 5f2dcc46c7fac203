"""The lab-website template's papers (`_data/citations.yaml`, its `buttons:` of a
`type` of `_data/types.yaml`) and the includes that show them, as real lab sites write
them, in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

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
    assert "author    = {Ida Moss* and Ren Oak* and Sol Fern}" in bib
    assert "code      = {https://github.com/fernlab/shade}" in bib
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    listing = page(out, "/publications/")
    assert listing.find("a", href="https://github.com/fernlab/shade") is not None
    assert "\\" not in listing.text()
