"""Faults a real Quarto academic site exposed (an about page's links written as icon
shortcodes, a project's file linked from the project's root), in small sites written
here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

ABOUT = """\
---
title: About
about:
  template: jolla
  links:
    - text: "{{< fa brands bluesky >}}"
      aria-label: "Bluesky"
      href: https://bsky.example.org/mei
    - text: "{{< ai orcid >}}"
      href: https://orcid.org/0000-0000-0000-0001
    - icon: github
      href: https://github.com/mei-lin
    - text: Lab page
      href: https://lab.example.org
---

I study reading machines.
"""


def test_about_links_written_as_icons_get_names(tmp_path: Path) -> None:
    """An about page's link whose `text` is only an icon (the fontawesome and
    academicons extensions' `{{< fa brands bluesky >}}`, `{{< ai orcid >}}`) was named
    by that shortcode, shown as written on every page. Its name is the link's
    `aria-label`, else the icon's; a link of words keeps them."""
    source = tmp_path / "old"
    write_files(source, {"_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Mei\n",
                         "about.qmd": ABOUT})
    imported = import_site(source, tmp_path / "new")
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert [link["name"] for link in config["links"]] == [
        "Bluesky", "ORCID", "GitHub", "Lab page"]


def test_a_post_s_file_linked_from_the_project_root(tmp_path: Path) -> None:
    """A project's page linked its own PDF from the project's root
    (`[plan](/project/clinic/plan.pdf)`): the file went into the post's bundle, but the
    link stayed as written, to no file of the new site, and the build failed. It links
    the bundle's file."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "project/index.qmd": "---\ntitle: Projects\nlisting:\n  contents: \"*/index.qmd\"\n---\n",
        "project/clinic/index.qmd": "---\ntitle: Clinic data\ndate: 2024-03-01\n---\n\n"
                                    "The [plan](/project/clinic/plan.pdf#page=2) we followed.\n",
        "project/clinic/plan.pdf": "%PDF-1.4\n"})
    imported = import_site(source, tmp_path / "new")
    post = next((imported.dest / "content" / "posts").rglob("index.md"))
    assert "[plan](plan.pdf#page=2)" in post.read_text(encoding="utf-8")
    assert (post.parent / "plan.pdf").is_file()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_navbar_links_written_as_icons_are_the_sites_links(tmp_path: Path) -> None:
    """A navbar entry whose `text` is only an icon (`{{< fa brands bluesky >}}`, with
    an `aria-label`) was a menu entry named by that shortcode, shown as written on every
    page; one of `icon:` alone was a link of the site's already. Both are now."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": """\
            project:
              type: website
            website:
              title: Mei
              navbar:
                right:
                  - text: "{{< fa brands bluesky >}}"
                    aria-label: bluesky
                    href: https://bsky.example.org/mei
                  - icon: github
                    href: https://github.com/mei-lin
                  - text: Lab
                    href: https://lab.example.org
            """,
        "index.qmd": "---\ntitle: Mei\n---\n\nHello.\n"})
    imported = import_site(source, tmp_path / "new")
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert [(link["name"], link["url"]) for link in config["links"]] == [
        ("bluesky", "https://bsky.example.org/mei"), ("GitHub", "https://github.com/mei-lin")]
    assert [entry["name"] for entry in config["menu"]] == ["Blog", "Lab"]


GALLERY = """\
---
title: Field work
---

::: {layout-ncol=2}
### Spring

- soil cores
- leaf litter

- seed traps

![The north plot](north.png)
![The south plot](south.png)
:::

::: {layout="[[30,-10,60]]"}
A note on the left.

A longer note on the right.
:::
"""


def test_layout_divs_are_rows_of_columns(tmp_path: Path) -> None:
    """A group's page laid out its photos with `::: {layout-ncol=2}`: Lanting unwrapped
    the div with a warning that it had no multi-column layout, though Quarto's columns
    are Lanting's too. Each of Quarto's cells (a block, a heading with the block after
    it, each image of a paragraph of images) is a column, a row of them per
    `layout-ncol`, the widths of `layout="[[…]]"` kept (a negative one a spacer)."""
    source = tmp_path / "old"
    write_files(source, {"_quarto.yml": "project:\n  type: website\n",
                         "field.qmd": GALLERY, "north.png": b"", "south.png": b""})
    imported = import_site(source, tmp_path / "new")
    text = (imported.dest / "content" / "pages" / "field.md").read_text(encoding="utf-8")
    assert "multi-column" not in report_of(imported)
    rows = [row.split("\n::: {.column")[1:] for row in text.split(":::: {.columns}")[1:]]
    assert [len(row) for row in rows] == [2, 1, 3]
    assert "### Spring" in rows[0][0] and "- seed traps" in rows[0][0]
    assert "north.png" in rows[0][1] and "south.png" in rows[1][0]
    assert [c.split('"')[1] for c in rows[2]] == ["30%", "10%", "60%"]
    assert "left" in rows[2][0] and "right" in rows[2][2]
    assert rows[2][1].split("\n", 1)[1].strip(": \n") == ""  # (the spacer)
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    html = (out / "field" / "index.html").read_text(encoding="utf-8")
    assert html.count('<div class="columns">') == 3 and ":::" not in html


def test_a_post_s_subtitle_of_links_is_its_first_paragraph(tmp_path: Path) -> None:
    """A project's post held its code and paper links in `subtitle`, behind icon
    shortcodes: the subtitle was left out with a warning that its shortcode had no known
    value, the links with it. The icons only drew; the subtitle, shown under the title
    by Quarto, is the text's first paragraph."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts.qmd": "---\ntitle: Projects\nlisting:\n  contents: posts\n---\n",
        "posts/tide/index.qmd": (
            "---\ntitle: Tide gauges\ndate: 2024-05-06\nsubtitle: \"{{< fa brands github >}}"
            " [Code](https://code.example.org/tide) | {{< ai arxiv >}} "
            "[Paper](https://arxiv.org/abs/2405.00002)\"\n---\n\nWe read the sea.\n")})
    imported = import_site(source, tmp_path / "new")
    post = (imported.dest / "content" / "posts" / "tide.md").read_text(encoding="utf-8")
    assert post.split("---\n", 2)[2].strip() == (
        "[Code](https://code.example.org/tide) | [Paper](https://arxiv.org/abs/2405.00002)"
        "\n\nWe read the sea.")
    assert not [e for e in imported.report.entries if "subtitle" in e.message]


PUBS_BIB = """@article{beese2023reefs,
  title = {Small-scale habitat complexity on coral reefs},
  author = {Beese, Carla and Rogers, Alice},
  journal = {Journal of Applied Ecology},
  year = {2023},
}

@article{carr2021fish,
  title = {How diverse are fish in the deep?},
  author = {Carr, Vera and Beese, Carla},
  journal = {Diversity and Distributions},
  year = {2021},
}
"""


def test_a_publications_page_of_nocite_all(tmp_path: Path) -> None:
    """A Quarto homepage's publications page lists its own `.bib` whole: `nocite: @*`
    over `::: {#refs}`. `nocite` was left out ("no place for it"), so the page cited
    nothing and its list was empty. It is `{{< nocite … >}}` of every key of the
    page's bibliography now (of those named, for `nocite: "@a, @b"`)."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "index.qmd": "---\ntitle: Carla\n---\n\nI study reefs.\n",
        "my-pubs.bib": PUBS_BIB,
        "publications.qmd": "---\ntitle: Publications\nbibliography: my-pubs.bib\n"
                            "nocite: |\n  @*\n---\n\n## Peer-reviewed\n\n::: {#refs}\n:::\n",
        "talks.qmd": "---\ntitle: Talks\nbibliography: my-pubs.bib\n"
                     "nocite: \"@carr2021fish\"\n---\n\nTalks on:\n\n::: {#refs}\n:::\n"})
    imported = import_site(source, tmp_path / "new")
    assert "left out: `nocite`" not in report_of(imported)
    pages = imported.dest / "content" / "pages"
    assert "{{< nocite beese2023reefs carr2021fish >}}" in (
        pages / "publications.md").read_text(encoding="utf-8")
    assert "{{< nocite carr2021fish >}}" in (pages / "talks.md").read_text(encoding="utf-8")
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    html = (out / "publications" / "index.html").read_text(encoding="utf-8")
    assert "How diverse are fish in the deep?" in html
    assert "Small-scale habitat complexity" in html
