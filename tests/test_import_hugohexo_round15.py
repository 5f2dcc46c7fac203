"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 15 (links that led
nowhere on the old site, …), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import report_of
from sitebits import write_files
from test_import_hexo_sites import NOW, post_text
from test_import_hugo_sites import imported_site

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_relative_link_to_no_folder_is_a_warning_at_its_line(tmp_path: Path) -> None:
    """`[x](../missing/)` beside `/posts/a/`, where the old site had nothing at
    `/posts/missing/`, was kept as written: the import said nothing and the build failed
    on it. It keeps its text, with a warning at its line; the links beside it that lead
    somewhere (a page, a file of `static/`) are untouched."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "static/files/paper.pdf": "%PDF-1.4\n",
        "content/posts/a/index.md": "---\ntitle: 甲\ndate: 2024-01-02\n---\n\n"
        "见[乙](../b/)。\n\n另见[缺页](../missing/)、[论文](../../files/paper.pdf)。\n",
        "content/posts/b.md": "---\ntitle: 乙\ndate: 2024-01-03\n---\n\n正文。\n",
    })
    report = report_of(imported)
    assert "content/posts/a/index.md:8: warning: link `../missing/` led nowhere: the " \
        "old site had no page or file at `/posts/missing/`" in report
    assert len(imported.report.warnings) == 1
    text = (tmp_path / "new/content/posts/a.md").read_text(encoding="utf-8")
    assert "另见缺页、[论文](../../files/paper.pdf)" in text and "[乙](b.md)" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_series_table_of_another_blog_s_urls_leads_to_the_pages(tmp_path: Path) -> None:
    """A series' table of contents copied from the blog it was first written for
    (`/posts/grpc-2/`), in posts Hugo published under their section
    (`/training/grpc/grpc-2/`): each link led nowhere and failed the build, with no word
    at import. One naming the last part of exactly one page's old URL leads there, with
    a notice; one naming no page keeps its text, with a warning."""
    toc = ("## 目录\n\n* [第一篇](/posts/grpc-1/)\n* [第二篇](/posts/grpc-2/#示例)\n"
           "* [第三篇](/posts/grpc-3/)\n")
    post = "---\ntitle: gRPC（{n}）\nslug: grpc-{n}\ndate: 2022-01-1{n}\n" \
           "series: [gRPC]\n---\n\n{toc}\n## 示例\n\n正文。\n"
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/training/grpc/_index.md": "---\ntitle: gRPC\n---\n",
        "content/training/grpc/one.md": post.format(n=1, toc=toc),
        "content/training/grpc/two.md": post.format(n=2, toc=toc),
    })
    report = report_of(imported)
    assert "content/training/grpc/one.md:11: notice: link `/posts/grpc-2/#示例`: the old " \
        "site had no page at `/posts/grpc-2/`; the link leads to " \
        "`/training/grpc/grpc-2/`, the one page of that name" in report
    assert "content/training/grpc/two.md:12: warning: link `/posts/grpc-3/` led nowhere" \
        in report
    assert len(imported.report.warnings) == 2
    text = next((tmp_path / "new/content").rglob("grpc-1*.md")).read_text(encoding="utf-8")
    assert "* 第三篇\n" in text and "/posts/grpc-" not in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


PANDOC = '{"dependencies": {"hexo": "^8.1.2", "hexo-renderer-pandoc": "^0.4.0"}}'


def test_a_link_to_another_post_s_file_finds_its_heading(tmp_path: Path) -> None:
    """`[x](./flow.md#ode--sde)`, another post by its file and its heading `### ODE /
    SDE` by the id a GitHub-style slugger gives it (the writer's editor): Pandoc, the
    blog's renderer, named that heading `ode-sde`, and so does the new site. The link
    led to the post but named no heading of it, and the build failed ("no anchor");
    it leads to the heading its letters name, as a link to the post's old URL did."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": PANDOC, "_config.yml": "title: 笔记\nlanguage: zh-CN\n",
        "source/_posts/tech/flow.md": "---\ntitle: Flow\ndate: 2025-06-21\n---\n\n"
        "## 背景\n\n正文。\n\n### ODE / SDE\n\n正文。\n",
        "source/_posts/tech/rl.md": "---\ntitle: RL\ndate: 2025-09-07\n---\n\n"
        "使用 [Langevin Dynamics](./flow.md#ode--sde) 采样。\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    assert "[Langevin Dynamics](flow.md#ode-sde)" in post_text(imported, "rl")
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_link_to_a_post_file_no_more_is_a_warning(tmp_path: Path) -> None:
    """`/source/_posts/course/prob-4.md#抽样分布定理`, a post by its path from the
    project's folder (VS Code's completion) that was renamed since: the browser found
    nothing there, the import said nothing, and the build failed on it. It keeps its
    text, with a warning at its line; a `.md` file Hexo copied as it was (`skip_render`)
    is still linked."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": PANDOC,
        "_config.yml": "title: 笔记\nlanguage: zh-CN\nskip_render: notes/raw.md\n",
        "source/notes/raw.md": "# 原样\n",
        "source/wiki/stats.md": "---\ntitle: 统计\n---\n\n参考 [抽样分布定理]"
        "(/source/_posts/course/prob-4.md#抽样分布定理) 与 [原文](/notes/raw.md)。\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    assert [(w.path, w.line) for w in imported.report.warnings] == [("source/wiki/stats.md",
                                                                     5)]
    assert "a link to `/source/_posts/course/prob-4.md`, which is no file of the site" \
        in imported.report.warnings[0].message
    page = next((tmp_path / "new/content").rglob("stats.md")).read_text(encoding="utf-8")
    assert "参考 抽样分布定理 与 [原文](/notes/raw.md)。" in page
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_links_to_a_series_taxonomy_s_pages_lead_to_lanting_s(tmp_path: Path) -> None:
    """A `series` taxonomy's pages: the list of every series (`/series/`, which Hugo
    made), a series' page written relative to the post's old URL
    (`../../series/grpc-入门/` on `/posts/a/`) and one of a series no post is in. The
    first two lead to Lanting's list of series and the series' page (the relative one
    was taken for a link that led nowhere); the third keeps its text, with a warning."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n'
                     '[taxonomies]\ntag = "tags"\nseries = "series"\n',
        "content/posts/a.md": "---\ntitle: 甲\ndate: 2024-01-01\nseries: [gRPC 入门]\n---\n\n"
        "[全部系列](/series/)、[本系列](../../series/grpc-入门/)、[别的](/series/other/)。\n",
        "content/posts/b.md": "---\ntitle: 乙\ndate: 2024-01-02\nseries: [gRPC 入门]\n"
                              "---\n\n正文。\n"})
    text = (tmp_path / "new/content/posts/a.md").read_text(encoding="utf-8")
    assert "[全部系列](/series/)、[本系列](/series/grpc-入门/)、别的。" in text
    assert [w.line for w in imported.report.warnings] == [7]
    assert "link `/series/other/` led nowhere" in imported.report.warnings[0].message
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
