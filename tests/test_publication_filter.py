"""The publications page's filter box (al-folio's `bib_search`): on a long list only,
hidden until its script shows it (no box that does nothing without JavaScript). The
filtering itself is checked in Chromium (tests/browser/test_publication_filter_in_browser.py)."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions


def publications(count: int) -> str:
    return "\n".join(f"@inproceedings{{p{i},\n  title = {{Paper number {i}}},\n"
                     f"  author = {{Lin, Zhiyuan}},\n  booktitle = {{ICML}},\n"
                     f"  year = {{{2020 + i % 3}}}\n}}\n" for i in range(count))


def publications_page(tmp_path: Path, count: int, language: str) -> str:
    site = tmp_path / f"site-{count}"
    write_files(site, {"lanting.toml": f'title = "Lab"\nlanguage = "{language}"\n',
                       "content/publications.bib": publications(count)})
    out = build(site, BuildOptions()).output
    return (out / "publications" / "index.html").read_text(encoding="utf-8")


def test_a_long_list_has_a_filter_box_its_script_shows(tmp_path: Path) -> None:
    html = parse_html(publications_page(tmp_path, 8, "en"))
    box = html.one("div", class_="pub-filter")
    assert "hidden" in box.attrs  # (shown by pubfilter.js: nothing to type into without it)
    field = box.one("input")
    assert field.attrs["type"] == "search"
    assert field.attrs["aria-label"] == "Filter by title, author, venue or year"
    assert box.one("span", class_="pub-filter-status").attrs["data-template"] == "{n} shown"
    assert any("pubfilter.js" in s.attrs.get("src", "") for s in html.find_all("script"))


def test_a_short_list_has_none_and_the_words_are_the_sites_language(tmp_path: Path) -> None:
    short = parse_html(publications_page(tmp_path, 7, "en"))
    assert short.find_all("div", class_="pub-filter") == []
    assert not any("pubfilter.js" in s.attrs.get("src", "") for s in short.find_all("script"))
    chinese = parse_html(publications_page(tmp_path, 9, "zh-CN"))
    status = chinese.one("span", class_="pub-filter-status")
    assert status.attrs["data-template"] == "显示 {n} 篇"
