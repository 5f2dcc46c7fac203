"""`lanting import` of al-folio and academicpages homepages: faults real sites showed
(each test's site is a few files written here, shaped like the real ones)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
CONFIG = "title: Lin Wei\nfirst_name: Wei\nlast_name: Lin\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nI study RL.\n"


def alfolio(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """An al-folio site of `files` (with a config and an about page) imported."""
    source = tmp_path / "old"
    write_files(source, {"_config.yml": CONFIG, "_pages/about.md": ABOUT, **files})
    return import_site(source, tmp_path / "new", "al-folio", False, NOW)


def messages(imported: Imported, path: str) -> list[str]:
    """What the report says about `path`, warnings and notices."""
    return [e.message for e in imported.report.entries if e.path == path]


NESTED_LISTING = """---
layout: page
title: projects
permalink: /projects/
display_categories: [work, fun]
---

<!-- the theme's cards -->
<div class="projects">
{% if site.enable_project_categories and page.display_categories %}
  {% for category in page.display_categories %}
  <h2 class="category">{{ category }}</h2>
  {% assign shown = site.projects | where: "category", category %}
  <div class="container"><div class="row row-cols-1 row-cols-md-2">
    {% for project in shown %}
      {% include projects.liquid %}
    {% endfor %}
  </div></div>
  {% endfor %}
{% else %}
  <!-- all projects, by importance -->
  <div class="row row-cols-1 row-cols-md-3">
  {% for project in site.projects %}
    {% include projects.liquid %}
  {% endfor %}
  </div>
{% endif %}
</div>
"""


def test_alfolio_listing_page_with_nested_loops_is_left_out(tmp_path: Path) -> None:
    """al-folio's projects page (kept on a site without `_projects/`) loops over the
    categories, then over each one's projects. Only the first inner loop was taken out,
    so its `<div>`s, `{% if %}`s and a stray `{% endfor %}` counted as the page's own
    text: a page of HTML comments was imported, with a dozen warnings."""
    imported = alfolio(tmp_path, {"_pages/projects.md": NESTED_LISTING})
    assert not (imported.dest / "content/pages/projects.md").exists()
    assert messages(imported, "_pages/projects.md") == [
        "left out: a listing page, which Lanting makes"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_alfolio_page_keeps_its_text_around_nested_loops(tmp_path: Path) -> None:
    """A page with text of its own around nested loops keeps that text, and no Liquid
    of the loops."""
    page = NESTED_LISTING.replace("<!-- the theme's cards -->", "Everything we built in the "
                                  "lab since 2019, grouped by the question it answers, "
                                  "with code and data.")
    imported = alfolio(tmp_path, {"_pages/projects.md": page})
    text = (imported.dest / "content/pages/projects.md").read_text(encoding="utf-8")
    assert "grouped by the question" in text
    assert "endfor" not in text and "{% for" not in text and "projects.liquid" not in text
