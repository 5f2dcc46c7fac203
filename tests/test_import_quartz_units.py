"""The Quartz importer's rules on their own: Quartz's slugs, `ignorePatterns`, inline
tags, `quartz.config.ts` read without running it; and small gardens written inline for
what the fixture does not show."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importbits import NOW, messages
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import UsageError
from lanting.importer import detect, import_site
from lanting.importer.quartz_bodies import inline_tags
from lanting.importer.quartz_settings import ignored, note_url, read_config, slug, tag_slug

CONFIG = 'const config = { configuration: { pageTitle: "花园", locale: "zh-CN" } }\n'


@pytest.mark.parametrize(("rel", "url"), [
    ("ML 笔记/Attention & Transformer.md", "/ML-笔记/Attention--and--Transformer.html"),
    ("notes/100% done?.md", "/notes/100-percent-done.html"),
    ("ML 笔记/index.md", "/ML-笔记/"),
    ("index.md", "/"),
    ("a/_index.md", "/a/"),
])
def test_quartz_urls_are_file_paths_with_spaces_as_dashes(rel: str, url: str) -> None:
    assert note_url(rel) == url


def test_files_keep_their_extension_in_slugs() -> None:
    assert slug("assets/Pasted image 1.png") == "assets/Pasted-image-1.png"
    assert tag_slug("ml/强化 学习") == "ml/强化-学习"


@pytest.mark.parametrize(("rel", "left_out"), [
    ("private/a.md", True), ("notes/private/a.md", False), ("templates", True),
    ("notes/a.excalidraw.md", True), ("notes/a.md", False),
])
def test_ignore_patterns_name_paths_and_their_folders(rel: str, left_out: bool) -> None:
    assert ignored(rel, ("private", "templates", "**/*.excalidraw.md")) is left_out


def test_inline_tags_are_found_outside_code_headings_and_numbers() -> None:
    body = ("# 标题\n\n笔记 #深度学习 和 #ml/rl，#1 不是。\n\n`#not`\n\n```\n#nor\n```\n"
            '<span style="color: #fff">x</span> %% #hidden %%\n')
    assert inline_tags(body) == ["深度学习", "ml/rl"]


def test_the_config_is_read_without_running_it(tmp_path: Path) -> None:
    write_files(tmp_path, {"quartz.config.ts": (
        "// pageTitle: \"old\"\nconst config = { configuration: {\n"
        "  pageTitle: \"🌱 Notes\", baseUrl: 'me.github.io/notes',\n"
        "  ignorePatterns: [\"private\", 'Templates', \".trash\"],\n"
        "  defaultDateType: \"modified\" },\n"
        "  plugins: { transformers: [Plugin.HardLineBreaks()],\n"
        "    filters: [Plugin.ExplicitPublish()] } }\n")})
    config = read_config(tmp_path)
    assert (config.title, config.base_url, config.date_type) == (
        "🌱 Notes", "me.github.io/notes", "modified")
    assert config.ignore == ("private", "Templates", ".trash")
    assert config.explicit_publish and config.hard_breaks
    assert not read_config(tmp_path / "none").hard_breaks


def test_a_quartz_site_needs_its_content_folder(tmp_path: Path) -> None:
    write_files(tmp_path, {"quartz.config.ts": CONFIG, "docs/index.md": "x\n"})
    with pytest.raises(UsageError, match="Quartz"):
        detect(tmp_path)


def test_explicit_publish_takes_only_notes_that_say_publish(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG.replace("} }", "}, plugins: [Plugin.ExplicitPublish()] }"),
        "content/index.md": "首页\n",
        "content/公开.md": "---\npublish: true\n---\n\n公开的笔记。\n",
        "content/私下.md": "没有 publish 的笔记。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (tmp_path / "new" / "content" / "pages").iterdir())
    assert pages == ["公开.md"]
    assert any("ExplicitPublish" in m for m in messages(imported, "content/私下.md"))


def test_a_folder_note_named_as_its_folder_is_the_folder_page(tmp_path: Path) -> None:
    # (the Folder Notes plugin's `Cloud/Cloud.md`: one page, not `cloud` and `cloud-2`)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/Cloud/Cloud.md": "云上的笔记。\n",
        "content/Cloud/K8s.md": "调度器。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    cloud = (tmp_path / "new" / "content" / "pages" / "cloud.md").read_text(encoding="utf-8")
    assert "云上的笔记。" in cloud and "- [K8s](k8s.md)" in cloud
    assert "/Cloud/" in cloud.split("aliases:")[1] or "slug: Cloud" in cloud
    assert not (tmp_path / "new" / "content" / "pages" / "cloud-2.md").exists()
    assert not [e for e in imported.report.entries if e.severity == "warning"]


def test_a_folder_note_in_a_folder_is_listed_once(tmp_path: Path) -> None:
    """`ML/RL/index.md` under `ML/index.md` was listed twice on ML's page: as the folder
    `RL/` and as a note of `ML/` (a Dendron vault's every level is such a note)."""
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/ML/index.md": "机器学习。\n",
        "content/ML/RL/index.md": "---\ntitle: 强化学习\n---\n入口。\n",
        "content/ML/RL/PPO.md": "裁剪。\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    ml = (tmp_path / "new" / "content" / "pages" / "ml.md").read_text(encoding="utf-8")
    assert ml.count("[强化学习]") == 1


def test_a_name_two_notes_share_is_found_by_its_path(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG,
        "content/index.md": "[[rl/intro]] 和 [[sys/intro|系统]]，[[intro]] 不知是哪篇。\n",
        "content/rl/intro.md": "强化学习。\n", "content/sys/intro.md": "系统。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[rl/intro](pages/rl-intro.md)" in home and "[系统](pages/sys-intro.md)" in home
    assert any("`[[intro]]` leads nowhere (several notes have that name" in m
               for m in messages(imported, "content/index.md"))


def test_a_name_two_notes_share_leads_where_obsidian_leads(tmp_path: Path) -> None:
    """Obsidian's bare `[[Name]]` of several notes: the one beside the linking note,
    else the one nearest the vault's root (the note "shortest path when possible" wrote
    it of); a path's end names a note too. Only a tie is told, at its line."""
    write_files(tmp_path / "old", {
        ".obsidian/app.json": "{}", "Home.md": "# Home\n\n[[Attention]], [[Norm]].\n",
        "ML/Attention.md": "ML.\n", "ML/deep/Attention.md": "Deep.\n",
        "ML/deep/Layer.md": "[[Attention]] and [[deep/Attention|that]].\n",
        "Math/Norm.md": "A.\n", "Stats/Norm.md": "B.\n",
        "Stats/Var.md": "[[Norm]], [[attention]].\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = tmp_path / "new" / "content" / "pages"
    home = (pages / "home.md").read_text(encoding="utf-8")
    layer = (pages / "layer.md").read_text(encoding="utf-8")
    var = (pages / "var.md").read_text(encoding="utf-8")
    assert "[Attention](ml-attention.md)" in home and "[Norm]" not in home
    assert "[Attention](deep-attention.md)" in layer and "[that](deep-attention.md)" in layer
    assert "[Norm](stats-norm.md)" in var and "[attention](ml-attention.md)" in var
    assert [m for m in messages(imported, "Home.md") if "Norm" in m] == [
        "`[[Norm]]` leads nowhere (several notes have that name, none beside this note "
        "and none nearer the vault's root: write its folder, `[[folder/name]]`): its text "
        "kept without the link"]
    assert [e.line for e in imported.report.entries if e.path == "Home.md"
            and "Norm" in e.message] == [3]


def test_a_link_to_a_heading_of_the_note_goes_to_the_heading_meant(tmp_path: Path) -> None:
    """A note's table of contents written for another renderer (`#1.基础概念`, `#2.IoC
    容器` for `## 1. 基础概念`, `## 2. IoC 容器`) named no heading in Obsidian, and failed
    Lanting's build: it goes to the heading its letters and digits name; Obsidian's own
    `#1.%20基础概念` (the heading's text) to its id; one naming no heading keeps its text."""
    write_files(tmp_path / "old", {".obsidian/app.json": "{}", "Spring.md": (
        "# Spring\n\n1. [基础](#1.基础概念)\n2. [IoC](#2.IoC 容器)\n"
        "3. [缺](#3-从未写的一节)\n4. [对](#1-基础概念) [原文](#1.%20基础概念)\n\n"
        "## 1. 基础概念\n\n正文。\n\n## 2. IoC 容器\n\n正文。\n")})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    page = (tmp_path / "new" / "content" / "pages" / "spring.md").read_text(encoding="utf-8")
    assert "1. [基础](#1-基础概念)\n2. [IoC](#2-ioc-容器)\n3. 缺\n" in page
    assert "4. [对](#1-基础概念) [原文](#1-基础概念)" in page
    told = messages(imported, "Spring.md")
    assert "the link `#1.基础概念` named the heading `#1-基础概念` otherwise: it goes there" \
        in told and len([m for m in told if "named the heading" in m]) == 2
    assert [m for m in told if "dead link" in m] == [
        "link `#3-从未写的一节`: no heading or anchor of the note has that name (a dead "
        "link of the notes): its text kept, without the link"]
    assert build(tmp_path / "new", BuildOptions()).warnings == ()


def test_a_note_named_as_its_folder_is_told_apart_by_the_folder_above(
        tmp_path: Path) -> None:
    """`数值/HW2/HW2.md` and `信号/HW2/HW2.md` (each homework in a folder of its own, with
    its code) were `hw2-hw2` and `hw2-hw2-2`, with a warning: the folder named as the
    note tells them apart from nothing. The folder above does: `数值-hw2`, `信号-hw2`."""
    write_files(tmp_path / "old", {
        "README.md": "# 课程\n", "数值/HW2/HW2.md": "# 作业二\n\n数值。\n",
        "数值/HW2/code.m": "x = 1;\n", "信号/HW2/HW2.MD": "# 作业二\n\n信号。\n",
        "信号/HW2/code.m": "y = 2;\n", "杂/进阶/HW2.md": "进阶。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (tmp_path / "new/content/pages").glob("*hw2*"))
    assert pages == ["信号-hw2.md", "数值-hw2.md", "进阶-hw2.md"]
    assert not [w for w in imported.report.warnings if "is taken" in w.message]


def test_a_dot_in_a_notes_name_is_no_extension(tmp_path: Path) -> None:
    # (`Chap 1. 描述性统计`: Quartz takes only letters and digits after a dot for one)
    assert note_url("统计/Chap 1. 描述性统计.md") == "/统计/Chap-1.-描述性统计.html"
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "先读 [[Chap 1. 描述性统计]]。\n",
        "content/统计/Chap 1. 描述性统计.md": "均值与方差。\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[Chap 1. 描述性统计](pages/chap-1-描述性统计.md)" in home


def test_links_to_folders_lead_to_their_pages(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/ML 笔记/RL/PPO.md":
            "[首页](/)、[上一级](../)、[本文件夹](./) 和 [[ML 笔记/]]。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    ppo = (tmp_path / "new" / "content" / "pages" / "ppo.md").read_text(encoding="utf-8")
    assert "[首页](../_index.md)" in ppo and "[上一级](ml-笔记.md)" in ppo
    assert "[本文件夹](rl.md)" in ppo and "[ML 笔记/](ml-笔记.md)" in ppo
    assert not [e for e in imported.report.entries if e.severity == "warning"]


def test_hard_line_breaks_stay_line_breaks(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG.replace("} }", "}, plugins: [Plugin.HardLineBreaks()] }"),
        "content/index.md": "第一行\n第二行\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    config = (tmp_path / "new" / "lanting.toml").read_text(encoding="utf-8")
    assert "breaks = true" in config


def test_a_folder_page_is_titled_with_the_folders_name(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/05-DS/Stats 101/均值.md": "均值。\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = tmp_path / "new" / "content" / "pages"
    assert "title: 05-DS\n" in (pages / "05-ds.md").read_text(encoding="utf-8")
    # (its name alone, unless another folder or a note has it: then its parent's first)
    assert "title: Stats 101\n" in (pages / "stats-101.md").read_text(encoding="utf-8")


def test_folders_of_one_name_are_told_apart_by_their_parents(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/AI/notes/a.md": "甲。\n", "content/Bio/notes/b.md": "乙。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (tmp_path / "new" / "content" / "pages").iterdir())
    assert pages == ["a.md", "ai-notes.md", "ai.md", "b.md", "bio-notes.md", "bio.md"]
    assert not [e for e in imported.report.entries if e.severity == "warning"]


def test_a_dataview_query_is_reported_at_its_line(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG,
        "content/index.md": "最近的笔记：\n\n```dataview\nLIST FROM #ml\n```\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    found = [e for e in imported.report.entries if "Dataview" in e.message]
    assert [(e.path, e.line, e.severity) for e in found] == [("content/index.md", 3, "warning")]


@pytest.mark.parametrize(("base", "url"), [
    ("me.github.io/notes", "https://me.github.io/notes/"), ("https://notes.example.org/",
                                                            "https://notes.example.org/"),
    ("math-vault", None), ("quartz.jzhao.xyz", None)])
def test_base_url_only_when_baseurl_names_a_site(tmp_path: Path, base: str,
                                                 url: str | None) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG.replace("locale:", f'baseUrl: "{base}", locale:'),
        "content/index.md": "首页\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    config = tomllib.loads((tmp_path / "new" / "lanting.toml").read_text(encoding="utf-8"))
    assert config.get("base_url") == url


def test_hugos_index_files_are_the_home_page_and_folder_notes(tmp_path: Path) -> None:
    # (a garden moved from Hugo keeps `_index.md`, which Quartz reads as `index.md`)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG,
        "content/_index.md": "---\ntitle: 你好\ndate: 2025-07-15\n---\n\n欢迎。\n",
        "content/算法/_index.md": "---\ntitle: 算法\n---\n\n刷题记录。\n",
        "content/算法/dp.md": "---\ndate: 2024-01-02\n---\n\n背包。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    content = tmp_path / "new" / "content"
    assert "欢迎。" in (content / "_index.md").read_text(encoding="utf-8")
    folder = (content / "pages" / "算法.md").read_text(encoding="utf-8")
    assert "刷题记录。" in folder and "- [dp](../posts/dp.md)" in folder
    assert not [e for e in imported.report.entries if e.severity == "warning"]


def test_a_hugo_shortcode_left_in_a_note_is_reported(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG,
        "content/index.md": "图：\n\n{{< mermaid >}}\ngraph LR\n  A --> B\n{{< /mermaid >}}\n\n"
                            "`{{< 代码里 >}}` 不动。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "<!-- import: unconverted {{< mermaid >}} -->" in home
    assert "`{{< 代码里 >}}`" in home
    lines = [e.line for e in imported.report.entries if "Hugo shortcode" in e.message]
    assert lines == [3, 6]


def test_a_link_to_a_note_not_written_yet_is_a_notice(tmp_path: Path) -> None:
    # (Obsidian's unresolved links: gardens have hundreds, and they drowned the warnings)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "以后写 [[认知心理学]]。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    found = [(e.severity, e.line) for e in imported.report.entries
             if "`[[认知心理学]]` names a note not written yet" in e.message]
    assert found == [("notice", 1)]
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "以后写 认知心理学。" in home


def test_a_link_to_a_heading_the_note_lacks_leads_to_its_top(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG,
        "content/index.md": "见 [[算法#深度优先搜索]] 和 [[#没有这节]]。\n\n## 有这节\n",
        "content/算法.md": "## 排序\n\n快排。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "见 [算法 > 深度优先搜索](pages/算法.md) 和 没有这节。" in home
    found = [(e.line, e.message.split(":")[0]) for e in imported.report.entries
             if e.severity == "warning"]
    assert found == [(1, "no heading `深度优先搜索` in `算法`"),
                     (1, "no heading `没有这节` in `index`")]


def test_a_wiki_link_beside_a_formula_is_a_link(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG,
        "content/index.md": "层级不清 $\\rightarrow$ **[[结构化思维]]**；$A[[i]]$ 是公式。\n",
        "content/结构化思维.md": "分类与包含。\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "**[结构化思维](pages/结构化思维.md)**" in home and "$A[[i]]$" in home


def test_a_folder_named_as_a_lanting_page_gets_its_own_url(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/Resources/Archive/旧笔记.md": "归档的笔记。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert (tmp_path / "new" / "content" / "pages" / "archive-page.md").is_file()
    assert any("Lanting's own /archive/" in m
               for m in messages(imported, "content/Resources/Archive"))
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
