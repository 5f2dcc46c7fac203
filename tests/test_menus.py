"""The menu of `lanting.toml` on every page: plain entries, and drop-down lists
(`[[menu.children]]`) that open without JavaScript and mark the page being read."""

from __future__ import annotations

from pathlib import Path

from sitebits import DROP_DOWN_MENU, MENU_PAGES, read, write_files

from lanting.build import build
from lanting.build.options import BuildOptions

CONFIG = 'title = "兰亭笔记"\nlanguage = "zh-CN"\n\n' + DROP_DOWN_MENU


def _built(tmp_path: Path) -> Path:
    write_files(tmp_path / "site", {"lanting.toml": CONFIG, **MENU_PAGES})
    result = build(tmp_path / "site", BuildOptions(output=tmp_path / "out", cache=False))
    assert result.warnings == ()
    return result.output


def _entries(out: Path, page: str) -> list[tuple[str, list[tuple[str, str, bool]]]]:
    """(each top entry's name, [(name, href, current) of its links]) of the page's menu."""
    nav = read(out, page).one("nav", class_="site-nav")
    found = []
    for item in nav.elements()[0].elements():
        summary = item.find("summary")
        links = [(a.text().strip(), a.get("href"), a.get("aria-current") == "page")
                 for a in item.find_all("a")]
        found.append((summary.text().strip() if summary else links[0][0], links))
    return found


def test_a_drop_down_lists_its_entry_s_own_page_first_then_its_children(
        tmp_path: Path) -> None:
    out = _built(tmp_path)
    assert _entries(out, "systems/index.html") == [
        ("博客", [("博客", "/blog/", False)]),
        ("笔记", [("笔记", "/notes/", False), ("机器学习", "/ml/", False),
                  ("系统", "/systems/", True)]),
        ("外链", [("GitHub", "https://github.com/", False)])]


def test_the_drop_down_of_the_page_being_read_is_marked(tmp_path: Path) -> None:
    out = _built(tmp_path)
    summaries = {s.text().strip(): s.get("class") for s in
                 read(out, "ml/index.html").one("nav", class_="site-nav").find_all("summary")}
    assert summaries == {"笔记": "current", "外链": None}
    summaries = {s.text().strip(): s.get("class") for s in
                 read(out, "blog/index.html").one("nav", class_="site-nav").find_all("summary")}
    assert summaries == {"笔记": None, "外链": None}
    # (a `<details>`: it opens without JavaScript, and is closed when the page loads)
    details = read(out, "ml/index.html").one("nav", class_="site-nav").find_all("details")
    assert len(details) == 2 and all(d.get("open") is None for d in details)
