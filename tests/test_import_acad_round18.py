"""Faults found on real homepages and lab sites (round 18), Jekyll's side: links the old
site's raw HTML showed as an icon only."""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import

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

