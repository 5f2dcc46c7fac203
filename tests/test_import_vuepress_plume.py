"""vuepress-theme-plume notes sites: what its template writes into every new site (empty
theme locales), and folders named after languages with a `#` in them (`c#/`)."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path
from urllib.parse import unquote

from importbits import page, redirect_target, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

CONFIG = (
    "import { defineUserConfig } from 'vuepress'\n"
    "import theme from './theme.js'\n"
    "export default defineUserConfig({ lang: 'zh-CN', title: '随手记', theme })\n")
THEME = (
    "import { plumeTheme } from 'vuepress-theme-plume'\n"
    "export default plumeTheme({\n"
    "  hostname: 'https://notes.example.org',\n"
    "  locales: {\n    '/zh/': {},\n    '/en/': {},\n  },\n"
    "})\n")


def test_theme_locales_with_no_pages_are_no_languages(tmp_path: Path) -> None:
    """plume's template gives the theme `locales` for `/zh/` and `/en/` though the site
    has no such folders: they were two more languages, and every page had a language
    switch leading to an empty English site. Only a locale with pages is a language."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": CONFIG,
        "docs/.vuepress/theme.ts": THEME,
        "docs/README.md": "# 随手记\n",
        "docs/notes/栈.md": "---\ntitle: 栈\n---\n\n后进先出。\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert "languages" not in config
    assert "locales `/zh/`, `/en/` left out: no page in their folders" in report
    build(dest, BuildOptions())
    assert not (dest / "public" / "en").exists()


def test_a_folder_named_with_a_hash_keeps_its_old_urls(tmp_path: Path) -> None:
    """Notes of C# in a folder `c#/` were at `/c%23/…`: read as a URL, `/c#/x.html` is
    `/c` (the rest a fragment), so each page's old URL was `/c`, and all but one were left
    out with a warning. The file's `#` is escaped in the old URL now."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": CONFIG,
        "docs/.vuepress/theme.ts": THEME.replace("'/en/': {},", "'/en/': {}, '/fr/': {},"),
        "docs/README.md": "# 随手记\n",
        "docs/c#/c#委托.md": "---\ntitle: 委托\n---\n\n"
                             "见[泛型](./c%23泛型.md)。\n",
        "docs/c#/c#泛型.md": "---\ntitle: 泛型\n---\n\n"
                             "类型参数。\n",
        "docs/en/stack.md": "# Stack\n\nLast in, first out.\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "old URL `" not in report
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["languages"] == ["zh-CN", "en"]
    build(dest, BuildOptions())
    out = dest / "public"
    assert redirect_target(out, "/c#/c#委托.html").rstrip("/").endswith("/c委托")
    assert redirect_target(out, "/c#/c#泛型.html").rstrip("/").endswith("/c泛型")
    link = page(out, "/c委托/").one("main").one("a")
    assert unquote(link["href"]).rstrip("/").endswith("/c泛型")


def test_the_menus_entry_for_plumes_blog_leads_to_lantings(tmp_path: Path) -> None:
    """plume's blog lists the posts at `/blog/`, with no file there, and its tags,
    archive and categories under it. A navbar entry `{ text: '博客', link: '/blog/' }`
    was left out ("no page there") though the new site lists the same posts at
    `/blog/`; the listing pages under it now answer with redirects to Lanting's."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": (
            "import { defineUserConfig } from 'vuepress'\n"
            "import { plumeTheme } from 'vuepress-theme-plume'\n"
            "export default defineUserConfig({ lang: 'zh-CN', title: '方塘',\n"
            "  theme: plumeTheme({}) })\n"),
        "docs/.vuepress/plume.config.ts": (
            "import { defineThemeConfig } from 'vuepress-theme-plume'\n"
            "export default defineThemeConfig({\n"
            "  blog: { include: ['**/*.md'] },\n"
            "  navbar: [\n    { text: '博客', link: '/blog/' },\n"
            "    { text: '关于', link: '/about.md' },\n  ],\n})\n"),
        "docs/README.md": "---\npageLayout: home\n---\n",
        "docs/about.md": "# 关于\n\n写字的地方。\n",
        "docs/blogs/排序.md": ("---\ntitle: 十种排序\ncreateTime: 2024/05/01 10:00:00\n"
                             "tags:\n  - 算法\n---\n\n冒泡、插入、归并。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "left out: the new site has no page there" not in report
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("博客", "/blog/"), ("关于", "/about/")]
    assert config["redirects"] == {"/blog/archives/": "/archive/",
                                   "/blog/categories/": "/categories/",
                                   "/blog/tags/": "/tags/"}


def test_plumes_blog_is_on_unless_told_and_leaves_out_its_notes(tmp_path: Path) -> None:
    """plume's blog is on by default: it lists every dated page but its notes (the
    `notes/` folder, or the one `defineNotesConfig` names) and folders' README.md. With
    no `blog:` key, the dated pages were pages and a link to `/blog/` a dead one."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": (
            "import { defineUserConfig } from 'vuepress'\n"
            "import { plumeTheme } from 'vuepress-theme-plume'\n"
            "import notes from './notes.js'\n"
            "export default defineUserConfig({ lang: 'zh-CN', title: '随记',\n"
            "  theme: plumeTheme({ notes }) })\n"),
        "docs/.vuepress/notes.ts": (
            "import { defineNoteConfig, defineNotesConfig } from 'vuepress-theme-plume'\n"
            "const algebra = defineNoteConfig({ dir: 'algebra', link: '/algebra/',\n"
            "  sidebar: ['group.md'] })\n"
            "export default defineNotesConfig({ dir: '/courses/', link: '/',\n"
            "  notes: [algebra] })\n"),
        "docs/README.md": "---\npageLayout: home\n---\n\n见[全部文章](/blog/)。\n",
        "docs/cpp/README.md": "---\ncreateTime: 2024/10/02 09:00:00\n---\n\n# C++\n\n入口。\n",
        "docs/cpp/移动语义.md": ("---\ntitle: 移动语义\ncreateTime: 2024/10/03 09:00:00\n"
                               "---\n\n右值引用。\n"),
        "docs/courses/algebra/group.md": ("---\ntitle: 群\ncreateTime: 2024/10/04 09:00:00"
                                          "\npermalink: /algebra/group/\n---\n\n封闭性。\n"),
    })
    dest = tmp_path / "new"
    imported = import_site(source, dest, None, False, NOW)
    assert ": warning:" not in report_of(imported)
    content = dest / "content"
    assert sorted(p.relative_to(content).parts[0] + "/" + p.stem
                  for p in content.rglob("*.md") if p.name != "_index.md") == [
        "pages/cpp", "pages/group", "posts/移动语义"]


def test_a_masonry_wall_of_pictures_is_its_pictures(tmp_path: Path) -> None:
    """plume's `::: card-masonry` lays out the pictures (or cards) inside it as a wall; it
    had no Lanting form, so each was a warning, its `:::` lines shown as written."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": CONFIG,
        "docs/.vuepress/theme.ts": THEME,
        "docs/.vuepress/public/images/a.png": png(4, 4),
        "docs/.vuepress/public/images/b.png": png(4, 4),
        "docs/README.md": "# 随手记\n",
        "docs/trip.md": ("# 旅行\n\n:::: card-masonry\n\n![海边](/images/a.png)\n\n"
                         "![山顶](/images/b.png)\n\n::::\n\n回来了。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert ": warning:" not in report
    build(dest, BuildOptions())
    main = page(dest / "public", "/trip/").one("main")
    assert [img["alt"] for img in main.find_all("img")] == ["海边", "山顶"]
    assert ":::" not in main.text()
