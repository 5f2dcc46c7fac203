"""al-folio faults found on real homepages and lab sites (round 16): a news item's
relative links, …"""
from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import, messages, page

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported

CONFIG = ("title: Signal Lab\nfirst_name: Ada\nlast_name: Byron\nlang: en\n"
          "collections:\n  news:\n    output: true\n    permalink: /news/:path/\n"
          "  projects:\n    output: true\n    permalink: /research/:path/\n")
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\nnews: true\n---\n\nWe study signals.\n"


def alfolio(tmp_path: Path, files: dict[str, str | bytes],
            config: str = CONFIG) -> Imported:
    """An al-folio site of `files` (with this file's config and about page) imported."""
    return alfolio_import(tmp_path, files, config, ABOUT)


def test_news_item_relative_links_read_from_its_old_url(tmp_path: Path) -> None:
    """A news item with a page of its own (`inline: false`) was at /news/2020_12_09/
    (`permalink: /news/:path/`); its links `../../research/fibres/` and
    `../../assets/pdf/p.pdf` led, from there, to a project and a file. They were
    kept as written, and the build failed on each: the item's file had no old URL
    to read them from. They lead to the project's page and the file now."""
    news = ("---\nlayout: post\ntitle: New paper\ndate: 2020-12-09\ninline: false\n---\n\n"
            "See the [project](../../research/fibres/) and the "
            "[paper](../../assets/pdf/p.pdf).\n")
    project = "---\nlayout: page\ntitle: Fibres\nimportance: 1\n---\n\nFibres in 3D.\n"
    imported = alfolio(tmp_path, {"_news/2020_12_09.md": news,
                                  "_projects/fibres.md": project,
                                  "assets/pdf/p.pdf": b"%PDF-1.4\n"})
    assert messages(imported, "_news/2020_12_09.md") == []
    text = next((imported.dest / "content" / "posts").rglob("*.md")).read_text("utf-8")
    assert "../../" not in text
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    links = [a.get("href") for a in page(out, "/posts/2020-12-09/").find_all("a")]
    assert "/projects/fibres/" in links
    assert "/assets/pdf/p.pdf" in links


def test_news_item_old_url_follows_the_collection_permalink(tmp_path: Path) -> None:
    """A site whose `news:` collection wrote `/updates/:path.html` kept its old URL
    there; Lanting took al-folio's `/news/:path/` for every site."""
    config = CONFIG.replace("/news/:path/", "/updates/:path.html")
    news = "---\ntitle: Award\ndate: 2021-01-08\ninline: false\n---\n\nWe won.\n"
    imported = alfolio(tmp_path, {"_news/award.md": news}, config)
    text = next((imported.dest / "content" / "posts").rglob("*.md")).read_text("utf-8")
    assert '"/updates/award.html"' in text
