"""What a VuePress page's text holds that only looks like a component: a generic type
glued to its name in prose (`Handler<Request>`), plume's icons and its demo frames."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from importbits import page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

CONFIG = (
    "import { defineUserConfig } from 'vuepress'\n"
    "import { plumeTheme } from 'vuepress-theme-plume'\n"
    "export default defineUserConfig({ lang: 'zh-CN', title: '札记',\n"
    "  theme: plumeTheme({ hostname: 'https://notes.example.org' }) })\n")


def _plume(tmp_path: Path, body: str, files: dict[str, str] | None = None) -> Imported:
    """A plume site of one note whose body is `body`, imported to `tmp_path/new`."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.ts": CONFIG,
        "docs/README.md": "# 札记\n",
        "docs/notes/note.md": f"---\ntitle: 笔记\n---\n\n{body}",
        **(files or {}),
    })
    return import_site(source, tmp_path / "new", None, False, NOW)


def _entries(imported: Imported) -> list[tuple[str, str]]:
    return [(e.severity, e.message) for e in imported.report.entries
            if e.path == "docs/notes/note.md"]


def test_a_generic_type_glued_to_a_name_in_prose_is_text(tmp_path: Path) -> None:
    """`实现Handler<Request>接口`: a type's parameter, written in prose, not a component
    (no attributes, glued to the name before it, no HTML element, none the site
    registers). It was left in a comment, with a warning, and the page read `实现Handler
    接口`: it is text, as the author meant."""
    imported = _plume(tmp_path, "通过实现Handler<ServerRequest>接口处理请求，"
                                "返回List<String>。\n\n"
                                "<Quiz>一题</Quiz>\n\n"
                                "选项Set<Counter>也是。\n", {
                                    "docs/.vuepress/components/Counter.vue":
                                        "<template><button>+1</button></template>\n"})
    report = _entries(imported)
    assert not any("ServerRequest" in m or "String" in m for _s, m in report), report
    # (a component with no word glued to it, and one the site registers, are still)
    assert any(s == "warning" and "<Quiz>" in m for s, m in report), report
    assert any(s == "warning" and "<Counter>" in m for s, m in report), report
    build(tmp_path / "new", BuildOptions())
    text = page(tmp_path / "new" / "public", "/note/").one("main").text()
    # (Lanting spaces Latin words from Chinese ones)
    assert "Handler<ServerRequest>接口处理请求" in text
    assert "List<String>。" in text


def test_plumes_icons_are_left_out_with_one_notice(tmp_path: Path) -> None:
    """plume's `<Icon name="mdi:github" />` only draws an icon beside the words: it was
    left in a comment with a warning at each. Left out, with one notice for the page."""
    imported = _plume(tmp_path, '## <Icon name="mdi:book" /> 书单\n\n'
                                '源码在 <Icon name="mdi:github" color="#333" /> 仓库里，'
                                '文档见 <Icon name="logos:vue"></Icon> 官网。\n')
    report = _entries(imported)
    assert [s for s, m in report if "Icon" in m] == ["notice"], report
    text = (tmp_path / "new" / "content" / "pages" / "note.md").read_text(encoding="utf-8")
    assert "Icon" not in text
    assert "源码在 仓库里" in text
    build(tmp_path / "new", BuildOptions())
    heading = page(tmp_path / "new" / "public", "/note/").one("main").one("h2")
    assert heading.text().strip() == "书单"


def test_plumes_demo_wrapper_is_unwrapped_with_a_notice(tmp_path: Path) -> None:
    """plume's `::: demo-wrapper` only draws a frame around what it holds (a browser
    window's, its `title` in the bar): unwrapped, with a notice, its title in bold
    above; it was a warning of a container with no Lanting form, and its flags (`img`,
    `no-padding`) were taken for the title."""
    imported = _plume(tmp_path, "::: demo-wrapper\n一个**框**里的字。\n:::\n\n"
                                '::: demo-wrapper title="效果" img no-padding\n'
                                "![图](/a.png)\n:::\n\n"
                                "::: demo-wrapper img no-padding\n另一段。\n:::\n",
                                {"docs/.vuepress/public/a.png": "png"})
    report = _entries(imported)
    wrappers = [(s, m) for s, m in report if "demo-wrapper" in m]
    assert [s for s, _m in wrappers] == ["notice", "notice", "notice"], report
    text = (tmp_path / "new" / "content" / "pages" / "note.md").read_text(encoding="utf-8")
    assert ":::" not in text and "no-padding" not in text
    assert "**效果**" in text and "img" not in text.replace("![图]", "")
    build(tmp_path / "new", BuildOptions())
    main = page(tmp_path / "new" / "public", "/note/").one("main")
    assert "一个框里的字。" in main.text()
