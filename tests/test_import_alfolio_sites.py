"""al-folio faults found on real homepages: a lab's people page, the CV's dates, old
image tags, galleries of indented HTML, `[[…]]` in prose."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from htmltree import parse_html
from importbits import page
from sitebits import png, write_files

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


GALLERY = """---
layout: post
title: lidar samples
date: 2022-03-01 10:00:00
---

Two scans from the test track.

<div class="row mt-3">
    <div class="col-sm mt-3 mt-md-0">
        {% responsive_image path: assets/img/scan-a.png class: "img-fluid" title: "scan a" %}
    </div>
    <div class="col-sm mt-3 mt-md-0">
        {% include figure.html path="assets/img/scan-b.png" class="img-fluid rounded" %}
    </div>
</div>
<div class="caption">Left: the raw scan; right: after ground removal.</div>

Notes link to each other with [[wikilinks]] in our notes app, not here.
"""


def gallery(tmp_path: Path) -> Path:
    """The gallery post imported and built: its built page."""
    imported = alfolio(tmp_path, {"_posts/2022-03-01-lidar.md": GALLERY,
                                  "assets/img/scan-a.png": png(40, 30),
                                  "assets/img/scan-b.png": png(40, 30)})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    return next((tmp_path / "out").rglob("lidar/index.html"))


def test_alfolio_responsive_image_tag_is_an_image(tmp_path: Path) -> None:
    """al-folio until 2022 showed images with jekyll-responsive-image's
    `{% responsive_image path: … class: "…" %}` (`key: value`, not `key=value`): it was
    left in a comment with a warning, the image gone from the page."""
    html = gallery(tmp_path).read_text(encoding="utf-8")
    assert "scan-a" in html and "scan-b" in html
    assert "responsive_image" not in html


def test_alfolio_gallery_html_after_an_image_is_not_code(tmp_path: Path) -> None:
    """The theme's gallery rows indent `</div>` under the image's line; the image became
    a block between blank lines, so the indented `</div>` after it was an indented code
    block: the page showed `</div>` as code, and the columns never closed."""
    prose = parse_html(gallery(tmp_path).read_text(encoding="utf-8")).one("div", "prose")
    assert "</div>" not in prose.text()
    assert not prose.find_all("pre")
    assert "Left: the raw scan" in prose.text()


def test_jekyll_double_brackets_in_prose_stay_text(tmp_path: Path) -> None:
    """kramdown shows `[[wikilinks]]` as written; Lanting read a link to `wikilinks.md`
    and the build stopped at a missing page. The text is kept as the old page showed."""
    assert "[[wikilinks]]" in gallery(tmp_path).read_text(encoding="utf-8")


def test_alfolio_news_item_hides_its_html_comment(tmp_path: Path) -> None:
    """A news item keeping its old wording in an HTML comment (which the theme's page
    hid): the comment was written into the home page's news line and shown as text."""
    news = ("---\nlayout: post\ndate: 2023-11-05 00:00:00+0800\ninline: true\n---\n"
            "<!-- Paper under review at TPAMI. -->\nPaper accepted at TPAMI.\n")
    imported = alfolio(tmp_path, {"_news/tpami.md": news})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    text = page(tmp_path / "out", "/").one("main").text()
    assert "Paper accepted at TPAMI." in text
    assert "under review" not in text and "<!--" not in text


def test_alfolio_news_item_of_an_impossible_date_says_so(tmp_path: Path) -> None:
    """`date: 2023-2-29` (no such day): the warning said the item had no date, at no
    line; it names the date and its line."""
    news = "---\nlayout: post\ndate: 2023-2-29 00:00:00+0800\ninline: true\n---\nCVPR.\n"
    imported = alfolio(tmp_path, {"_news/cvpr.md": news})
    assert messages(imported, "_news/cvpr.md") == [
        "a news item whose date `2023-2-29 00:00:00+0800` is no calendar date: left out "
        "(hint: correct the date)"]
    assert [e.line for e in imported.report.entries if e.path == "_news/cvpr.md"] == [3]
