"""The settings of a VitePress or VuePress site written for Lanting: `lanting.toml`'s
`title`, `description`, `language` (`lang`, else the root locale's, else guessed from the
pages), `author` (hope's `author.name`), `base_url` (hope's `hostname` with `base`),
`[[links]]` (`socialLinks`, hope's `blog.medias`), `[[menu]]` (the literal entries of
`nav`/`navbar`) and `[markdown] math_macros` (the math plugin's `macros`). What the
configuration computes, and the settings only the old build or theme read, are named in
the report."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from lanting.importer.common import LinkTable
from lanting.importer.inline_html import html_as_text
from lanting.importer.item import Item
from lanting.importer.jekyll_math_macros import converting_macros, script_macros
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, region_language_tag
from lanting.importer.vuepress_components import OwnComponents
from lanting.importer.vuepress_config_keys import JsConfig
from lanting.importer.vuepress_listings import theme_listing
from lanting.importer.vuepress_locales import Locale
from lanting.importer.vuepress_urls import file_route

_SOCIAL = {"github": "GitHub", "gitee": "Gitee", "x": "X", "twitter": "Twitter",
           "zhihu": "知乎", "bilibili": "Bilibili", "youtube": "YouTube",
           "linkedin": "LinkedIn", "mastodon": "Mastodon", "discord": "Discord",
           "email": "Email", "rss": "RSS", "juejin": "掘金", "csdn": "CSDN",
           "wechat": "WeChat", "weibo": "微博", "qq": "QQ", "npm": "npm"}


TEMPLATE_HOSTS = frozenset({"mister-hope.github.io", "mister-hope.com"})
"""The `hostname` of vuepress-theme-hope's project template (its author's site), which
many sites keep: their own address is elsewhere."""


class VuePressSettings:
    """The settings side of the VitePress/VuePress importer."""

    kind: str
    docs: Path
    report: Report
    site: NewSite
    js: JsConfig
    table: LinkTable
    """(`VuePress.table`: each page by its old URLs.)"""
    own: OwnComponents
    texts: list[str]
    site_author: str
    locales: list[Locale]
    odd_locales: list[str]
    config_name: Callable[[], str]
    """(`VuePress.config_name`: the config file's path, for the report.)"""
    document: Callable[[Path], Item | None]
    """(`VuePress.document`: the page made of a source file.)"""

    def root_locale(self, key: str) -> str:
        value = self.js.values.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        return self.js.locales.get("/", {}).get(key, "").strip()

    def write_config(self) -> None:
        config = self.site.config
        name = self.config_name()
        if not self.js.files:
            self.report.warn(name, None, "no configuration file found: title and language "
                             "come from the pages")
        config["title"] = self.root_locale("title") or self.site_author or "My site"
        if self.site_author:
            config["author"] = self.site_author
        lang = self.root_locale("lang")
        if lang:  # (VitePress's sites write `zh-Hans`: Lanting's Chinese is `zh-CN`)
            config["language"] = region_language_tag(lang)
        else:  # (the root's pages: other locales' are in their own languages)
            config["language"] = guess_language(
                [i.body for i in self.site.items if not i.lang] or self.texts)
            self.report.note(name, None, f"no literal `lang`: the pages read as "
                             f"`{config['language']}`, so the new site is in it")
        description = self.root_locale("description")
        if description:
            config["description"] = " ".join(description.split())
        copyright = self.js.values.get("copyright")  # (the theme's footer line)
        if isinstance(copyright, str) and html_as_text(copyright):
            config["copyright"] = html_as_text(copyright)
        self.base_url()
        # (`#links` written for the old site name its ids: `#_1-安装`)
        config["markdown"] = {"heading_ids": "vitepress"}
        macros = self.math_macros()
        if macros:
            config["markdown"]["math_macros"] = macros
        if self.report.converted["mermaid diagrams"]:
            # (vitepress-plugin-mermaid's, hope's `mermaid: true`: drawn in the browser)
            config["markdown"]["mermaid"] = MERMAID
        links = [{"name": _SOCIAL.get(icon.lower(), icon), "url": url}
                 for icon, url in self.js.social if url.startswith(("http://", "https://"))]
        if links:
            config["links"] = links
        self.menu()
        self.languages()
        self.report_settings()

    def math_macros(self) -> dict[str, str]:
        """The `macros` of the math plugin's options in the config files (VitePress's
        `markdown: {math: {tex: {macros: …}}}`, markdown-it-mathjax3's and hope's
        `mathjax`/`katex` options), as LaTeX: without them every formula using one failed
        the build (`\\arccot`, a physics note's `\\ket`)."""
        if not self.js.math:
            return {}
        found = script_macros(self.js.files)
        return converting_macros(found, self.report, self.report.rel(self.js.files[0])) \
            if found else {}

    def languages(self) -> None:
        """`[languages.en]` for each other locale (its `label`, `title`, `description`):
        its pages stay under `/en/`."""
        if not self.locales:
            return
        tables = {locale.code: locale.table() for locale in self.locales}
        config = self.site.config
        config["languages"] = tables if all(tables.values()) else [
            config["language"], *tables]
        self.site.config_comments["languages"] = (
            "the old site's locales: each other one under its own folder, as before")
        self.report.convert("languages", len(self.locales) + 1)

    def base_url(self) -> None:
        base = self.js.values.get("base")
        host = self.js.values.get("hostname")
        path = "/" + base.strip().strip("/") + "/" if isinstance(base, str) else "/"
        path = path.replace("//", "/")
        if isinstance(host, str) and urlsplit(host).hostname in TEMPLATE_HOSTS:
            self.report.note(self.config_name(), None, f"`hostname: {host}` is the hope "
                             "template's example, never edited: not the site's address, "
                             "left out")
            host = None
        if isinstance(host, str) and host.startswith("http"):
            host = host.rstrip("/")
            if path.strip("/") and host.endswith("/" + path.strip("/")):
                # (`hostname: 'https://x.github.io/notes/'` with `base: '/notes/'`: the
                # address written whole, as many plume and hope sites do)
                host = host[:-len(path.strip("/")) - 1]
            self.site.config["base_url"] = host + "/" + path.strip("/") + (
                "/" if path.strip("/") else "")
        elif path.strip("/"):
            self.report.note(self.config_name(), None, f"`base: {path}`: the site was "
                             f"published under {path}; set `base_url` in lanting.toml to "
                             f"its address (https://…{path}) before publishing")

    def menu(self) -> None:
        """The literal top entries of `nav`/`navbar`: a page → its new URL, a post
        folder → the blog, a link as it is; a drop-down (`children`, `items`) → one of
        its entries so made."""
        entries: list[dict[str, Any]] = []
        zh = str(self.site.config.get("language", "")).startswith("zh")
        for index, (text, link) in enumerate(self.js.nav):
            if not link:
                children = [e for e in (self.nav_entry(t, u, True) for t, u in
                                        self.js.nav_children.get(index, [])) if e]
                if children:
                    entries.append({"name": text, "children": children})
                else:
                    self.report.note(self.config_name(), None, f"menu entry `{text}` (a "
                                     "drop-down) left out: none of its entries leads to a "
                                     "page of the new site")
            elif (entry := self.nav_entry(text, link)) is not None:
                entries.append(entry)
        if any(i.kind == "post" for i in self.site.items) and \
                "/blog/" not in [e.get("url") for e in entries]:
            entries.insert(0, {"name": "博客" if zh else "Blog", "url": "/blog/"})
        finish_menu(self.site, entries, self.config_name())

    def nav_entry(self, text: str, link: str, listed: bool = False) -> dict[str, str] | None:
        """A navbar link as an entry of the menu (`listed`: of a drop-down), if the new
        site has its page."""
        if link.startswith(("http://", "https://")):
            return {"name": text or link, "url": link}
        rel = link.split("#", 1)[0]
        item = self.document(self.docs / rel.lstrip("/"))
        if item is None and rel.startswith("/"):  # (a page a `permalink` put there)
            item = self.table.find(file_route(rel))
        # (hope's entry written as a path alone, `"/guide/"`, shows the page's title)
        text = text or (item.title if item is not None else rel.strip("/").rsplit(
            "/", 1)[-1])
        # (a drop-down's entry is the post: a notes site whose theme has a blog makes
        # every dated note one, and its drop-downs list them; all sent to the blog,
        # they were one entry)
        if item is not None and item.kind == "post" and not listed:
            self.report.note(self.config_name(), None, f"menu entry `{text}` led to a "
                             "post: it leads to the blog")
            return {"name": text, "url": "/blog/"}
        if item is not None and item.kind != "home":
            return {"name": text, "url": self.site.new_url(item)}
        if item is not None or rel.strip("/") == "":
            return None  # (the home page: Lanting's title leads there)
        if self.is_post_folder(rel):
            return {"name": text, "url": "/blog/"}
        # (the theme's own list of posts, plume's `/blog/`, made with no file)
        listing = theme_listing(self.js.theme, self.site, rel)
        if listing is not None:
            return {"name": text, "url": listing}
        self.report.note(self.config_name(), None, f"menu entry `{text}` ({link}) "
                         "left out: the new site has no page there")
        return None

    def is_post_folder(self, rel: str) -> bool:
        folder = rel.strip("/")
        return bool(folder) and any(
            i.kind == "post" and i.source is not None and i.source.resolve()
            .is_relative_to((self.docs / folder).resolve()) for i in self.site.items)

    def report_settings(self) -> None:
        name = self.config_name()
        for key in self.js.computed:
            if key == "nav" and self.js.nav or key == "socialLinks" and self.js.social:
                continue  # (a literal one was found in another file)
            what = {"nav": "`[[menu]]`", "socialLinks": "`[[links]]`"}.get(key, "it")
            self.report.warn(name, None, f"`{key}` is computed by the configuration's code "
                             f"(not a literal): not read, write {what} in lanting.toml")
        if not self.js.math and self.report.converted[
                "dollar signs escaped (the site had no math plugin)"]:
            self.report.note(name, None, "no math plugin in the configuration (`math: "
                             "true`, katex, mathjax): `$…$` was text on the old site, so "
                             "its `$` are escaped; remove the `\\` where a formula was meant")
        for notice in self.own.notices():
            self.report.note(name, None, notice)
        if self.js.other_keys:
            self.report.note(name, None, "settings only the old build or theme read, left "
                             "out: " + ", ".join(f"`{k}`" for k in self.js.other_keys))
        if self.odd_locales:
            self.report.warn(name, None, "locales " + ", ".join(
                f"`{p}`" for p in self.odd_locales) + ": no language folder Lanting can "
                "use, so their pages are pages of the default language")
        if len(self.js.files) > 1:
            self.report.note(name, None, "also read for literal settings: " + ", ".join(
                self.report.rel(f) for f in self.js.files[1:]))
