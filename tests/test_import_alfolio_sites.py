"""al-folio sites' faults found on real homepages: a lab's people page, the CV's dates,
old image tags."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from importbits import page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
CONFIG = "title: Zhou Lab\nfirst_name: Min\nlast_name: Zhou\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nWe build driving stacks.\n"


def alfolio(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """An al-folio site of `files` (with a config and an about page) imported."""
    source = tmp_path / "old"
    write_files(source, {"_config.yml": CONFIG, "_pages/about.md": ABOUT, **files})
    return import_site(source, tmp_path / "new", "al-folio", False, NOW)


def messages(imported: Imported, path: str) -> list[str]:
    """What the report says about `path`, warnings and notices."""
    return [e.message for e in imported.report.entries if e.path == path]


TEAM_CONFIG = CONFIG + ("collections:\n  team:\n    output: true\n"
                        "    permalink: /team/:path/\n")
TEAM_PAGE = """---
layout: page
title: team
permalink: /team/
display_categories: [Faculty, Students]
---

<div class="team">
{% for category in page.display_categories %}
  <h2 class="category">{{ category }}</h2>
  {% assign members = site.team | where: "category", category %}
  {% for member in members %}
    {% include people.html %}
  {% endfor %}
{% endfor %}
</div>
"""


def test_alfolio_page_listing_a_collection_lanting_does_not_list(tmp_path: Path) -> None:
    """A lab's al-folio lists its `_team/` collection on /team/. The page was taken for
    a list Lanting makes (it makes lists of publications, talks, teaching, projects),
    and looking up that list's folder crashed the import with KeyError: 'team'."""
    member = "---\nname: Gao Xing\ncategory: Students\n---\n\nWorks on LiDAR.\n"
    imported = alfolio(tmp_path, {"_config.yml": TEAM_CONFIG, "_pages/team.md": TEAM_PAGE,
                                  "_team/gaoxing.md": member})
    assert messages(imported, "_pages/team.md") == [
        "left out: a listing page, which Lanting makes"]
    assert any("`_team/`" in m for m in messages(imported, "_team"))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "We build driving stacks." in page(tmp_path / "out", "/").text()


CV_PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\n---\n"
AWARDS_BY_YEAR = """- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Min Zhou
- title: Awards
  type: time_table
  contents:
    - year: 2023
    - items:
        - Outstanding graduate
    - year: 2021
    - items:
        - Programming contest, second prize
        - Modelling contest, first prize
    - title: Scholarship without a year
"""


def test_alfolio_cv_year_alone_dates_the_items_under_it(tmp_path: Path) -> None:
    """A `time_table` written as `- year: 2023` then `- items: [...]` (two entries, which
    the theme showed as a year over its items): the year alone became an entry of no
    known kind and the build stopped; the items had no date. The year dates the items
    after it."""
    imported = alfolio(tmp_path, {"_pages/cv.md": CV_PAGE, "_data/cv.yml": AWARDS_BY_YEAR})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    rows = [" ".join(li.text().split())
            for li in page(tmp_path / "out", "/cv/").one("main").find_all("li")]
    assert any("Outstanding graduate" in r and "2023" in r for r in rows), rows
    assert any("Modelling contest" in r and "2021" in r for r in rows), rows
    assert not any("Scholarship without a year" in r and "2021" in r for r in rows), rows
