"""Logseq graphs read as notes: what Logseq shows that an Obsidian vault does not (each
with a small graph of our own, shaped like real ones)."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_links_to_pages_no_one_wrote_are_their_text_and_one_warning(
        tmp_path: Path) -> None:
    """Logseq makes a page of every `[[name]]` and shows the link as any other, to an
    empty page, so a graph holds links to pages that are no file. Each was a notice,
    which called it greyed as Obsidian shows it; now its text stays and the graph gets
    one warning naming the pages (in any case, one page, named as first read), most
    linked first."""
    source = tmp_path / "graph"
    write_files(source, {
        "logseq/config.edn": "{:meta/version 1\n :journal/page-title-format \"yyyy-MM-dd\"}\n",
        "pages/线性代数.md": ("- 矩阵乘法见 [[矩阵乘法]]，特征值见 [[特征值]]。\n"
                          "- 以后补 [[Jordan 标准形]]，再看 [[特征值]]。\n"),
        "pages/矩阵乘法.md": "- 行乘列。\n",
        "journals/2024_03_02.md": "- 复习 [[特征值]] 与 [[jordan 标准形]]\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    warnings = [line for line in report.splitlines() if ": warning: " in line]
    assert warnings == [
        "logseq/config.edn: warning: 5 links to 2 pages no one wrote (Logseq showed each "
        "as a link to an empty page): their text kept without the link: `特征值` ×3, "
        "`jordan 标准形` ×2"]
    assert "not written yet" not in report
    build(dest, BuildOptions())
    main = page(dest / "public", "/线性代数/").one("main")
    assert [a.text() for a in main.find_all("a") if "矩阵" in a.text()] == ["矩阵乘法"]
    assert "以后补 Jordan 标准形，再看 特征值。" in main.text()


def test_words_in_parentheses_after_a_link_are_no_link(tmp_path: Path) -> None:
    """`[[port]](HTTP 一般在 80 端口)` is a link to a page followed by words in
    parentheses; a page no one wrote was taken for Markdown's `[[原文]](https://…)`, a
    link whose text is in brackets, and the words became its address. Only a URL or a
    path in the parentheses makes one."""
    source = tmp_path / "graph"
    write_files(source, {
        "logseq/config.edn": "{:meta/version 1}\n",
        "pages/http.md": ("- 路径不含 [[domain]](developer.example.org)，也不含 TCP 的"
                          " [[port]](HTTP一般在80端口)。\n"
                          "- 见 [[原文]](https://example.org/http)。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "leads nowhere" not in report
    assert "`domain`, `port`" in report
    build(dest, BuildOptions())
    main = page(dest / "public", "/http/").one("main")
    assert "不含 domain(developer.example.org)，" in main.text()
    assert "的 port(HTTP" in main.text()
    assert [a["href"] for a in main.find_all("a") if "原文" in a.text()] == [
        "https://example.org/http"]


def test_a_tag_of_several_words_is_a_tag_of_the_page(tmp_path: Path) -> None:
    """Logseq writes a tag of several words `#[[扩散 模型]]`, as it writes `#ml`: both
    tag the page. Only `#ml` was in the page's tags."""
    source = tmp_path / "graph"
    write_files(source, {
        "logseq/config.edn": "{:meta/version 1}\n",
        "pages/DDPM.md": "- 读 DDPM #[[扩散 模型]] #ml\n- 代码 `#[[不是标签]]`\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "pages" / "ddpm.md").read_text(encoding="utf-8")
    assert "tags: [扩散 模型, ml]" in text


def test_a_link_to_a_page_with_a_text_of_its_own(tmp_path: Path) -> None:
    """`[Burnell2018]([[2018_Burnell_Anyon condensation]])` is Logseq's link to a page
    shown as the writer's text: its `[[…]]` was read alone, a link inside the link,
    whose outer `(…)` showed as written. It is a link to the page, with that text; one
    to a page no one wrote keeps its text, counted with the others."""
    source = tmp_path / "graph"
    write_files(source, {
        "logseq/config.edn": "{:meta/version 1}\n",
        "pages/Anyon condensation.md": (
            "- Unlike [Burnell2018]([[2018_Burnell_Anyon condensation]]), and see\n"
            "  [Wan]([[2021_Wan_Anyon Condensation]])'s approach.\n"),
        "pages/2018_Burnell_Anyon condensation.md": "- A review.\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line for line in report.splitlines() if ": warning: " in line] == [
        "logseq/config.edn: warning: 1 links to 1 pages no one wrote (Logseq showed each "
        "as a link to an empty page): their text kept without the link: "
        "`2021_Wan_Anyon Condensation`"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = page(dest / "public", "/anyon-condensation/").one("main")
    assert [a.text() for a in main.find_all("a") if "Burnell" in a.text()] == ["Burnell2018"]
    assert "Unlike Burnell2018, and see Wan's approach." in main.text()
