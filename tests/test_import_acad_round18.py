"""Faults found on real homepages and lab sites (round 18), Jekyll's and Quarto's side:
links the old site's raw HTML showed as an icon only, a listing of a data file."""
from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import alfolio_import
from sitebits import write_files

from lanting.importer import import_site
from lanting.importer.icon_links import icon_links

CONFIG = "title: Aerial Robotics\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe fly robots.\n"
TEAM = """---
layout: page
title: Team
permalink: /team/
---

<div align="center">
  <strong>Dr. Ada Byron</strong><br>
  <a href="https://scholar.google.com/citations?user=x" class="fa fa-graduation-cap"></a>
  <a href="https://www.linkedin.com/in/ada/" class="fab fa-linkedin fa-lg"></a>
  <a href="https://github.com/ada"><i class="fa-brands fa-github"></i></a>
  <a href="#top" aria-hidden="true"></a>
</div>
"""


def test_icon_only_links_are_given_the_icon_s_name(tmp_path: Path) -> None:
    """A lab's team page linked each member's pages by Font Awesome icons alone; Lanting
    loads no icon font, so the links had no text: nothing to see or click."""
    imported = alfolio_import(tmp_path, {"_pages/team.md": TEAM}, CONFIG, ABOUT)
    text = (imported.dest / "content" / "pages" / "team.md").read_text("utf-8")
    assert 'class="fa fa-graduation-cap">Google Scholar</a>' in text
    assert 'class="fab fa-linkedin fa-lg">LinkedIn</a>' in text
    assert '<i class="fa-brands fa-github"></i> GitHub</a>' in text
    assert '<a href="#top" aria-hidden="true"></a>' in text  # (no icon: as it was)


def test_icon_names() -> None:
    assert icon_links('<a href="/x" class="fa fa-book"></a>') == (
        '<a href="/x" class="fa fa-book">Book</a>', 1)
    # (a link with text of its own keeps it)
    assert icon_links('<a href="/x"><i class="fa fa-book"></i> Notes</a>')[1] == 0
    assert icon_links('<a href="/x" class="ai ai-google-scholar"></a>')[0].endswith(
        ">Google Scholar</a>")


PEOPLE = """---
title: "Meet the Team"
listing:
  - id: current
    template: assets/ejs/people.ejs
    contents: people/current.yml
---

The people are what makes the lab great.

::: {#current}
:::
"""


def test_a_listing_of_a_data_file_is_a_page(tmp_path: Path) -> None:
    """A lab's people page lists the items of `people/current.yml` with its own
    template: it lists no documents, yet it was taken for the blog's listing, its text
    made the blog page's and its menu entry led to /blog/."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Lab\n  navbar:\n"
                       "    left:\n      - href: people.qmd\n"
                       "        text: \"{{< fa people-group >}} People\"\n",
        "index.qmd": "---\ntitle: Lab\n---\n\nWe study food webs.\n",
        "people.qmd": PEOPLE,
        "people/current.yml": "- name: Ada Byron\n  description: Food webs\n",
    })
    imported = import_site(source, tmp_path / "new")
    page = (imported.dest / "content" / "pages" / "people.md").read_text("utf-8")
    assert "makes the lab great" in page
    assert not (imported.dest / "content" / "posts" / "_index.md").exists()
    assert any("data file's items" in e.message for e in imported.report.warnings)
    menu = tomllib.loads((imported.dest / "lanting.toml").read_text("utf-8"))["menu"]
    assert "/people/" in [entry["url"] for entry in menu]


def test_menu_entries_read_without_their_icons(tmp_path: Path) -> None:
    """A navbar entry's text `{{< fa people-group >}} People` (Quarto's fontawesome
    extension drew the icon) was the menu's name as written, the shortcode shown."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Lab\n  navbar:\n"
                       "    left:\n      - href: join.qmd\n"
                       "        text: \"{{< fa rocket >}} Join us\"\n"
                       "      - href: https://example.org/code\n"
                       "        text: \"{{< fa code >}} Source code\"\n",
        "index.qmd": "---\ntitle: Lab\n---\n\nWe study food webs.\n",
        "join.qmd": "---\ntitle: Join\n---\n\nWrite to us.\n",
    })
    imported = import_site(source, tmp_path / "new")
    menu = tomllib.loads((imported.dest / "lanting.toml").read_text("utf-8"))["menu"]
    names = {entry["url"]: entry["name"] for entry in menu}
    assert names["/join/"] == "Join us"
    assert names["https://example.org/code"] == "Source code"
