"""Faults real Jekyll blogs exposed in the thirteenth sweep (a Chirpy statistics blog,
Chinese Hux blog forks, a Japanese starter), in small sites written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def built(tmp_path: Path, imported: Imported) -> Path:
    return build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)


def test_an_image_path_from_the_sites_root_written_without_its_slash(tmp_path: Path) -> None:
    """A Chirpy blog's posts write `![plot](assets/img/<post>/plot.png)` and `<img
    src="assets/img/…">`, the folder at the site's root: no file beside the post nor
    under its URL has that path. The import kept the paths, and the build failed on each
    (11 errors on one blog): it is the site's own file, with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ntheme: jekyll-theme-chirpy\n"
                       "defaults:\n  - scope:\n      path: ''\n      type: posts\n"
                       "    values:\n      permalink: /posts/:title/\n",
        "_posts/2025-01-19-beta-prior.md": "---\ntitle: Beta prior\n---\n\n"
                                           "![The prior](assets/img/beta/prior.png)\n\n"
                                           '<img src="assets/img/beta/posterior.png" '
                                           'alt="The posterior" style="width: 70%;">\n',
        "assets/img/beta/prior.png": png(40, 30),
        "assets/img/beta/posterior.png": png(40, 30, "#2a35a3"),
    })
    notes = [e.message for e in imported.report.entries if "from no folder" in e.message]
    assert len(notes) == 2, imported.report.entries
    out = built(tmp_path, imported)
    root = parse_html((out / "posts/beta-prior/index.html").read_text(encoding="utf-8"))
    sources = [img.get("src") or "" for img in root.one("main").find_all("img")]
    assert len(sources) == 2 and not any(s.startswith("assets/") for s in sources), sources
