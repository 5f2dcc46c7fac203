"""The publications page's own text: `content/publications/_index.md` gives the list its
title, description and the text above the list (al-folio's publications page keeps its
intro above `{% bibliography %}`), in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitebits import meta, read

from lanting.build import BuildOptions, build

BIB = {
    "content/publications.bib": (
        "@inproceedings{chen2025,\n  title = {Sparse Rewards in Practice},\n"
        "  author = {Chen, Wei and Lopez, Ana},\n  booktitle = {ICML},\n  year = {2025}\n}\n"
        "@article{lopez2024,\n  title = {On Value Estimates},\n"
        "  author = {Lopez, Ana},\n  journal = {JMLR},\n  year = {2024}\n}\n"),
    "content/posts/gae.md": "---\ntitle: GAE\ndate: 2026-01-02\n---\nText.\n",
}


def test_the_publications_page_shows_its_title_description_and_text(
        make_site: Any, build_site: Any) -> None:
    site = make_site({**BIB, "content/publications/_index.md": (
        "---\ntitle: 论文 Papers\nsummary: Papers on $\\pi_\\theta$.\n---\n"
        "按年份排列，**最新**在前；公式 $E=mc^2$，另见 [GAE](../posts/gae.md)。\n")})
    out = build_site(site).output
    page = read(out, "publications/index.html")
    assert page.one("h1").text() == "论文 Papers"
    assert page.one("title").text() == "论文 Papers · T"
    assert meta(page, "description") == ["Papers on π_θ."]
    intro = page.one(class_="publications-intro")
    assert intro.one("strong").text() == "最新"
    assert intro.one("math") is not None  # a formula, not TeX
    assert intro.one("a")["href"] == "/posts/gae/"
    text = page.text()  # the list is still there, below the text
    assert "Sparse Rewards in Practice" in text and "On Value Estimates" in text
    assert not (out / "publications/_index").exists()


def test_without_it_the_publications_page_is_its_list(make_site: Any,
                                                      build_site: Any) -> None:
    page = read(build_site(make_site(BIB)).output, "publications/index.html")
    assert page.one("h1").text() == "论文"
    assert page.find_all(class_="publications-intro") == []


def test_editing_it_rebuilds_the_page_as_a_clean_build_would(
        make_site: Any, tmp_path: Path) -> None:
    intro = "---\ntitle: Papers\n---\nFirst intro.\n"
    site = make_site({**BIB, "content/publications/_index.md": intro})
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    path = site / "content/publications/_index.md"
    path.write_text(intro.replace("First", "Second"), encoding="utf-8")
    build(site, BuildOptions(output=out, jobs=1))
    page = read(out, "publications/index.html")
    assert page.one(class_="publications-intro").text().strip() == "Second intro."
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, jobs=1, cache=False))
    assert (out / "publications/index.html").read_bytes() == \
        (clean / "publications/index.html").read_bytes()
