"""A Docusaurus blog as a much-forked Chinese developer's blog lays it out: the preset's
blog turned off and the same plugin run from the site's own module (which sorts pinned
posts and shares them with the home page), posts in topic folders named by their titles,
`mdx-code-block` fences around tabs, two imports on one line, links to the blog's
archive. Small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.docusaurus_bodies import unwrap_mdx_code_blocks
from lanting.importer.docusaurus_settings import read_config
from lanting.importer.report import Report

_OWN_PLUGIN = """\
export default {
  title: '小林的博客',
  url: 'https://lin.example.org',
  baseUrl: '/',
  themeConfig: {navbar: {items: [{label: '博客', position: 'right', to: 'blog'}]}},
  presets: [['classic', {docs: {path: 'docs'}, blog: false}]],
  plugins: [
    'docusaurus-plugin-image-zoom',
    [
      './src/plugin/plugin-content-blog', // (sorts pinned posts first)
      {
        path: 'blog',
        blogSidebarTitle: '近期文章',
        postsPerPage: 12,
      },
    ],
  ],
}
"""
_PRESET = ("module.exports = {title: 'T', url: 'https://t.example', baseUrl: '/',"
           " presets: [['classic', {docs: false, blog: {routeBasePath: 'blog'}}]]};\n")
_WRAPPER = """\
const upstream = require('@docusaurus/plugin-content-blog')
module.exports = Object.assign({}, upstream, {default: upstream.default})
"""
_POST = """\
---
slug: deploy-notes
title: 部署个人博客
date: 2022-05-11
tags: [部署, blog]
---

先说结论：静态站点部署很简单。

<!-- truncate -->

部署在 Vercel 上。
"""


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Imported, Path]:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, files)
    imported = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def test_a_blog_the_sites_own_plugin_serves_is_imported(tmp_path: Path) -> None:
    """`blog: false` in the preset, then `['./src/plugin/plugin-content-blog', {path:
    'blog'}]` in `plugins`: the blog was taken for turned off, and its 80 posts were
    left out without a word (the report only said the menu's blog led nowhere)."""
    imported, out = _imported(tmp_path, {
        "docusaurus.config.ts": _OWN_PLUGIN,
        "src/plugin/plugin-content-blog/index.js": _WRAPPER,
        "blog/program/部署个人博客.md": _POST,
        "docs/intro.md": "# 简介\n\n笔记的入口。\n",
    })
    post = page(out, "/posts/deploy-notes/")
    assert post.one("h1").text() == "部署个人博客"
    prose = post.one("div", class_="prose")
    assert "静态站点部署很简单" in prose.text()
    assert redirect_target(out, "/blog/deploy-notes/") == "/posts/deploy-notes/"
    listed = [a.attrs["href"] for a in page(out, "/blog/").one("main").find_all("a")]
    assert "/posts/deploy-notes/" in listed
    report = report_of(imported)
    assert report.splitlines()[1].startswith("1 posts, 1 pages")
    assert "menu entry `博客`" not in report


def test_links_to_the_blogs_archive_and_tag_list_are_lantings(tmp_path: Path) -> None:
    """`[归档](/blog/archive)` and `/blog/tags`: the blog's own lists, which the import
    redirects to Lanting's; the links were dropped, each with a warning."""
    imported, out = _imported(tmp_path, {
        "docusaurus.config.js": _PRESET,
        "blog/2022-05-11-deploy.md": _POST + "\n历史文章见 [归档](/blog/archive)，"
                                     "[标签](/blog/tags/#top)。\n",
    })
    prose = page(out, "/posts/deploy-notes/").one("div", class_="prose")
    assert [a.attrs["href"] for a in prose.find_all("a")] == ["/archive/", "/tags/#top"]
    assert "leads to no imported page" not in report_of(imported)


def test_a_module_requiring_the_blog_plugin_is_the_blog(tmp_path: Path) -> None:
    """A plugin of another name (`./plugins/blog-plugin.js`) whose code requires
    `@docusaurus/plugin-content-blog` serves the blog at its own `routeBasePath`; a
    plugin of the site that does not is no blog."""
    config = _OWN_PLUGIN.replace("'./src/plugin/plugin-content-blog'", "'./plugins/blog-plugin'"
                                 ).replace("path: 'blog',", "path: 'articles', routeBasePath: "
                                           "'writing',")
    site = tmp_path / "site"
    write_files(site, {"docusaurus.config.ts": config, "plugins/blog-plugin.js": _WRAPPER})
    blog = read_config(site, Report(site, "docusaurus")).blog
    assert (blog.enabled, blog.path, blog.route) == (True, "articles", "writing")
    write_files(site, {"plugins/blog-plugin.js": "module.exports = () => ({name: 'x'})\n"})
    assert not read_config(site, Report(site, "docusaurus")).blog.enabled


def test_the_blog_plugin_itself_in_plugins_raises_no_second_instance_warning(
        tmp_path: Path) -> None:
    """`@docusaurus/plugin-content-blog` listed in `plugins` with the preset's blog off is
    the one blog, not "another instance" to import by hand."""
    config = _OWN_PLUGIN.replace("'./src/plugin/plugin-content-blog'",
                                 "'@docusaurus/plugin-content-blog'")
    site = tmp_path / "site"
    write_files(site, {"docusaurus.config.ts": config})
    report = Report(site, "docusaurus")
    assert read_config(site, report).blog.enabled
    assert "another instance" not in report.format(site, False)


def test_mdx_code_block_fences_are_read_as_mdx(tmp_path: Path) -> None:
    """```` ```mdx-code-block ```` fences open `<Tabs>` in one, switch tabs in another
    and close them in a third, around fenced code; the imports sit on one line. The
    fences were code blocks of an unknown language showing `<Tabs>` and `<TabItem>`,
    and the imports a paragraph of text."""
    imported, out = _imported(tmp_path, {
        "docusaurus.config.js": _PRESET,
        "blog/2022-01-02-login.md": (
            "---\ntitle: 登录与注册\n---\n\n两种请求：\n\n"
            "import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem';\n\n"
            "```mdx-code-block\n<Tabs>\n<TabItem value=\"login\" label=\"登录\" default>\n"
            "```\n\n```js\nlogin(user)\n```\n\n"
            "```mdx-code-block\n</TabItem>\n<TabItem value=\"register\" label=\"注册\">\n"
            "```\n\n```js\nregister(user)\n```\n\n"
            "```mdx-code-block\n</TabItem>\n</Tabs>\n```\n\n完。\n"),
    })
    prose = page(out, "/posts/login/").one("div", class_="prose")
    tabs = prose.one("div", class_="tabs")
    assert [label.text() for label in tabs.find_all("label")] == ["登录", "注册"]
    assert [p.text().strip() for p in tabs.find_all("pre")] == ["login(user)",
                                                                "register(user)"]
    assert "import" not in prose.text() and "TabItem" not in prose.text()
    assert "mdx-code-block" not in report_of(imported).split("converted:", 1)[0]


def test_an_mdx_code_block_inside_another_code_block_is_an_example() -> None:
    text = ("````md\n```mdx-code-block\n<Tabs>\n```\n````\n\n"
            "````mdx-code-block\n<Demo>\n```js\nrun()\n```\n</Demo>\n````\n")
    unwrapped, count = unwrap_mdx_code_blocks(text)
    assert count == 1
    assert unwrapped == ("````md\n```mdx-code-block\n<Tabs>\n```\n````\n\n"
                         "<Demo>\n```js\nrun()\n```\n</Demo>\n")
