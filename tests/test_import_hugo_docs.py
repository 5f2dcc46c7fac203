"""Faults real Hugo sites of documents exposed (a sweep of Chinese ML and systems
sites: a PaperMod site of dataset notes in two languages), in small sites written here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from sitebits import write_files
from test_import_hugo_sites import NOW, built_cleanly, imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site

DATASET = "---\ntitle: {title}\nweight: {weight}\n---\n\n{title} 的说明：$u_t = \\nu u_{{xx}}$。\n"


def test_a_section_of_undated_pages_keeps_its_text_at_its_url(tmp_path: Path) -> None:
    """A site of documents (no page dated) keeps its sections' introductions, with a
    table of their pages, in `_index.md`. Its pages are imported as pages, so Lanting
    draws no list at `/datasets/`; yet the text was left out as "the text above a list",
    the home page's link to `/datasets/` broke the build, and the menu's entry for it
    led to the blog."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "PDE 数据集"\nlanguageCode = "zh-cn"\ntheme = "PaperMod"\n'
                     '[params]\nmainSections = ["datasets"]\n'
                     '[[menu.main]]\nname = "数据集"\nurl = "datasets/"\nweight = 1\n'
                     '[[menu.main]]\nname = "热方程"\nurl = "datasets/heat/"\nweight = 2\n',
        "content/_index.md": "---\ntitle: 首页\n---\n\n从[数据集总览](/datasets/)开始。\n",
        "content/datasets/_index.md": "---\ntitle: 数据集\nsummary: 基准数据集。\n---\n\n"
                                      "| 数据集 | 简介 |\n|---|---|\n"
                                      "| [热方程](heat/) | 一维扩散 |\n",
        "content/datasets/heat/_index.md": "---\ntitle: 热方程\n---\n\n"
                                           "本组有两份数据：[网格](./grid/)。\n",
        "content/datasets/heat/grid.md": DATASET.format(title="网格", weight=1),
        "content/datasets/heat/points.md": DATASET.format(title="散点", weight=2)})
    overview = prose(out, "datasets/index.html")
    [cell_link] = overview.one("table").find_all("a")
    assert (cell_link.text(), cell_link["href"]) == ("热方程", "/heat/")
    [group_link] = prose(out, "heat/index.html").find_all("a")
    assert group_link["href"] == "/grid/"
    [home_link] = prose(out, "index.html").find_all("a")
    assert home_link["href"] == "/datasets/"
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text(encoding="utf-8"))
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("数据集", "/datasets/"), ("热方程", "/heat/")]


def test_go_mod_s_leftover_requirements_do_not_make_a_site_hugo_blox(
        tmp_path: Path) -> None:
    """A Congo blog begun from a Hugo Blox starter still lists Hugo Blox's modules in
    `go.mod`, though its configuration imports Congo alone: it was read as Hugo Blox,
    and its `\\\\(x\\\\)` formulas (Markdown's escapes of `\\(x\\)`) were left as text."""
    source = tmp_path / "old"
    write_files(source, {
        "go.mod": "module example.org/blog\n\ngo 1.19\n\nrequire (\n"
                  "\tgithub.com/HugoBlox/hugo-blox-builder/modules/blox-bootstrap/v5 v5.9.6\n"
                  "\tgithub.com/jpanther/congo/v2 v2.6.0 // indirect\n)\n",
        "config/_default/module.toml": '[[imports]]\npath = "github.com/jpanther/congo/v2"\n',
        "config/_default/config.toml": 'baseURL = "https://blog.example.org/"\n'
                                       'defaultContentLanguage = "zh-cn"\n',
        "config/_default/languages.zh-cn.toml": 'title = "笔记"\n',
        "content/posts/mask/index.md": "---\ntitle: 动作掩码\ndate: 2022-05-01\n---\n\n"
                                       "掩码函数 \\\\(inv_s\\\\) 把概率置零。\n"})
    assert detect(source) == "hugo"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/mask/index.html")
    assert page.one("math").text() and "\\(" not in page.text()


def test_a_missing_image_named_in_capitals_is_warned_once_at_its_line(
        tmp_path: Path) -> None:
    """An image of `static/` missing from the repository (`/the-well/MHD_256.gif`) was
    warned twice: at its line, then again spelt in lower case with no line, as if the
    page held a second image (Hugo lowercases pages' URLs, never static files')."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "数据集"\nlanguageCode = "zh-cn"\n',
        "content/posts/mhd.md": "---\ntitle: MHD\ndate: 2025-01-02\n---\n\n"
                                "湍流：\n\n![密度](/the-well/MHD_256__density.gif)\n"})
    assert [(e.line, e.message.split(":")[0]) for e in imported.report.warnings] == [
        (8, "image `/the-well/MHD_256__density.gif` not found in the source site")]


def test_a_book_s_chapter_texts_are_pages_and_its_menu_bundle_a_draft(
        tmp_path: Path) -> None:
    """A hugo-book site of dated notes keeps each chapter's text in its folder's
    `_index.md` (`docs/pl/_index.md`, dated too). Lanting makes no list inside a
    section, yet the text was left out as "the text above a list" (28 warnings on a
    programmer's notes). Its sidebar, the headless bundle `menu/index.md` that Hugo
    never published, became a page, whose links to unpublished notes broke the build."""
    note = "---\ntitle: {t}\ndate: 2021-03-0{d}\n---\n\n{t} 的笔记。\n"
    imported = imported_site(tmp_path, {
        "config.yaml": "title: 笔记\nlanguageCode: zh-cn\ntheme: hugo-book\n",
        "content/docs/pl/_index.md": "---\ntitle: 程序语言\ndate: 2021-03-01\n---\n\n"
                                     "# 概览\n\n先读 [Go](go/)，再读 [JVM](java/jvm/)。\n",
        "content/docs/pl/go.md": note.format(t="Go", d=2),
        "content/docs/pl/java/jvm.md": note.format(t="JVM", d=3),
        "content/docs/db/redis.md": note.format(t="Redis", d=4),
        "content/menu/index.md": "---\nheadless: true\n---\n\n"
                                 "- [语言](/docs/pl/)\n- [未发布](/docs/pl/rust)\n"})
    assert [(e.path, e.message) for e in imported.report.warnings] == []
    assert ("content/menu/index.md", 2) in [(e.path, e.line) for e in imported.report.entries
                                             if "headless" in e.message]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    chapter = prose(out, "pl/index.html")
    assert chapter.one("h1").text() == "概览"
    # (the book's notes are pages, dated or not, their old URLs kept as aliases)
    assert [a["href"] for a in chapter.find_all("a")] == ["/go/", "/jvm/"]
    assert (out / "docs/pl/go/index.html").is_file()
    assert (out / "docs/pl/index.html").is_file()  # (the old URL answers)
    assert not (out / "menu").exists()


def test_a_quarto_project_of_type_hugo_is_read_as_the_hugo_site(tmp_path: Path) -> None:
    """A PaperMod blog renders some posts with Quarto (`project: type: hugo`, each
    `index.qmd` written to the `index.md` beside it, which Hugo builds). It was read as
    a Quarto project: its Hugo posts became pages, each `.qmd` a second copy of its
    post, and its Hugo shortcodes were left unread."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: hugo\n\nformat:\n  hugo-md:\n    code-fold: true\n",
        "config.yml": "title: Notes\nlanguageCode: en\ntheme: PaperMod\n"
                      "ignoreFiles: [ \"\\\\.qmd$\" ]\n",
        "content/posts/flow/index.qmd": "---\ntitle: Flow\ndate: 2024-02-01\n---\n\n"
                                        "```{julia}\n1 + 1\n```\n",
        "content/posts/flow/index.md": "---\ntitle: Flow\ndate: 2024-02-01\n---\n\n"
                                       "```julia\n1 + 1\n```\n\n    2\n"})
    assert detect(source) == "hugo"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.counts["posts"] == 1 and imported.report.warnings == []
