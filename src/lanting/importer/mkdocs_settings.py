"""The settings of an MkDocs site (`mkdocs.yml`, Material for MkDocs) written for Lanting:
`lanting.toml` (`site_name`, `site_url`, `site_author`, `site_description`, the theme's
`language`), `nav` as the menu, `extra.social` as links; the blog plugin's options
(`blog_dir`, `post_url_format`, `post_slugify`, …) and its `.authors.yml`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.inline_html import html_as_text
from lanting.importer.item import Item
from lanting.importer.listings import Redirects, archive_url, listed_posts, term_urls
from lanting.importer.menus import MenuEntry, finish_menu
from lanting.importer.mkdocs_i18n import I18n, language_settings
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import When, key_line, load_mapping

LEFT_OUT = ("repo_url", "repo_name", "edit_uri", "extra_css",
            "extra_javascript", "theme", "markdown_extensions", "validation",
            "not_in_nav", "exclude_docs", "watch", "dev_addr", "remote_branch")
"""Settings of MkDocs that only its build or its theme read: one notice names those the
site had."""
WIKI_PLUGINS = ("bi_directional_links", "roamlinks", "ezlinks", "obsidian-bridge",
                "pub-obsidian")
"""Plugins that made links of `[[name]]` (mkdocs-bi-directional-links, mkdocs-roamlinks-
plugin, mkdocs-ezlinks-plugin, mkdocs-obsidian-bridge, mkdocs-publisher's):
`mkdocs_wikilinks.py`."""
PLUGINS_READ = frozenset({"search", "tags", "blog", "material/search", "material/tags",
                          "material/blog", "mermaid2", "mkdocs-jupyter", "mknotebooks",
                          "obsidian-support", "toc", "blogging", "changelog", "i18n",
                          *WIKI_PLUGINS})
"""Plugins whose effect the import carries over (Lanting has search, tags, a blog and
notebook pages and languages; wiki links become links; obsidian-support's admonition fences become
admonitions; the toc plugin's lists, lists of links; mkdocs-blogging-plugin's pages,
posts; the changelog plugin's years, lists)."""
PLUGINS_CHANGING_PAGES = {
    "macros": "its Jinja (`{{ … }}`, `{% … %}`) in pages is not run: it shows as written",
    "awesome-pages": "`.pages` files are not read: the menu comes from `nav`",
    "mkdocstrings": "`::: module.name` API references are not generated",
    "statistics": "its counts (`{{ pages }}`, `{{ words }}`, `{{ codes }}`) are not "
                  "filled in: they show as written",
}
"""Plugins that changed what pages showed: each a warning naming what is lost."""
MERMAID = "https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs"
_SOCIAL = {"github": "GitHub", "gitlab": "GitLab", "x-twitter": "X", "twitter": "Twitter",
           "linkedin": "LinkedIn", "zhihu": "知乎", "bilibili": "Bilibili",
           "youtube": "YouTube", "mastodon": "Mastodon", "google-scholar": "Google Scholar",
           "orcid": "ORCID", "rss": "RSS", "weixin": "WeChat", "python": "PyPI",
           "docker": "Docker Hub", "discord": "Discord", "telegram": "Telegram",
           "researchgate": "ResearchGate", "huggingface": "Hugging Face"}


def blog_slugify(value: str, separator: str = "-", keep_unicode: bool = True,
                 lower: bool = True) -> str:
    """A post's or category's slug as the blog plugin makes it: by default with
    `pymdownx.slugs.slugify(case="lower")` (`keep_unicode`: HTML tags dropped, lower case,
    Chinese kept, every other character not a letter, digit, `-` or space dropped, each
    space one separator); with `post_slugify: markdown.extensions.toc.slugify`, Python-
    Markdown's (accents folded to ASCII, every other non-ASCII letter dropped, runs of
    spaces one separator). `lower=False`: the case kept (`pymdownx.slugs.slugify`'s
    default, `case: none`)."""
    if keep_unicode:
        value = re.sub(r"</?[^>]*>", "", unicodedata.normalize("NFC", value)).strip()
        value = value.lower() if lower else value
        return re.sub(r"[^\w\- ]", "", value).replace(" ", separator)
    value = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    value = re.sub(r"[^\w\s-]", "", value).strip().lower()
    return re.sub(rf"[{re.escape(separator)}\s]+", separator, value)


def babel_date(pattern: str, year: int, month: int, day: int) -> str:
    """The blog plugin's `post_url_date_format` (a Babel pattern: `yyyy/MM/dd`, `yyyy/MM`,
    `yyyy`) for one date."""
    values = {"yyyy": f"{year:04d}", "yy": f"{year % 100:02d}", "MM": f"{month:02d}",
              "M": str(month), "dd": f"{day:02d}", "d": str(day)}
    return re.sub(r"yyyy|yy|MM|M|dd|d", lambda m: values[m.group()], pattern)


@dataclass(frozen=True, slots=True)
class BlogSettings:
    """The options of Material's blog plugin that decide where posts are and their URLs."""

    blog_dir: str = "blog"
    post_dir: str = "{blog}/posts"
    post_url_format: str = "{date}/{slug}"
    post_url_date_format: str = "yyyy/MM/dd"
    slug_unicode: bool = True
    """`post_slugify` is `pymdownx.slugs.slugify` (the default: Chinese kept), not
    Python-Markdown's `toc.slugify`."""
    max_categories: int = 1
    """`post_url_max_categories`: how many categories `{categories}` joins."""
    separator: str = "-"
    excerpt_separator: str = "<!-- more -->"
    draft_if_future_date: bool = False
    authors_file: str = "{blog}/.authors.yml"
    archive: bool = True
    archive_url_format: str = "archive/{date}"
    archive_url_date_format: str = "yyyy"
    categories: bool = True
    categories_url_format: str = "category/{slug}"
    categories_unicode: bool = True

    def posts_folder(self) -> str:
        """The posts' folder from the docs folder (`blog/posts`; `posts` for `blog_dir: .`)."""
        blog = self.blog_dir.strip("/")
        folder = self.post_dir.replace("{blog}", "" if blog in ("", ".") else blog)
        return folder.strip("/")


def plugin(config: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The options of a plugin (`blog`, `material/blog`) as `plugins:` lists it; None when
    the site does not use it."""
    found = plugins_named(config, name)
    return found[0] if found else None


def plugins_named(config: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The options of each instance of a plugin the site uses (Material's blog plugin may
    be listed twice: `blog_dir: essays` beside the blog)."""
    plugins = config.get("plugins")
    entries = plugins.items() if isinstance(plugins, dict) else (
        ((next(iter(p)), p[next(iter(p))]) if isinstance(p, dict) and p else (p, None))
        for p in (plugins if isinstance(plugins, list) else []))
    return [options if isinstance(options, dict) else {} for key, options in entries
            if str(key) in (name, f"material/{name}")
            and not (isinstance(options, dict) and options.get("enabled") is False)]


def blog_settings(config: dict[str, Any], raw: str) -> BlogSettings | None:
    found = blog_instances(config, raw)
    return found[0] if found else None


def blog_instances(config: dict[str, Any], raw: str) -> list[BlogSettings]:
    """The settings of each blog the site has (one per `blog` plugin listed)."""
    return [_blog(options, raw) for options in plugins_named(config, "blog")]


def _blog(options: dict[str, Any], raw: str) -> BlogSettings:
    # (`post_slugify: !!python/name:markdown.extensions.toc.slugify` reads as an empty
    # value: the function's name is only in the text)
    def unicode_slugs(key: str) -> bool:
        return not re.search(rf"^\s*{key}:.*toc\.slugify", raw, re.MULTILINE)

    return BlogSettings(
        blog_dir=str(options.get("blog_dir", "blog")),
        post_dir=str(options.get("post_dir", "{blog}/posts")),
        post_url_format=str(options.get("post_url_format", "{date}/{slug}")),
        post_url_date_format=str(options.get("post_url_date_format", "yyyy/MM/dd")),
        slug_unicode=unicode_slugs("post_slugify"),
        max_categories=int(options.get("post_url_max_categories", 1) or 1),
        separator=str(options.get("post_slugify_separator", "-")),
        excerpt_separator=str(options.get("post_excerpt_separator", "<!-- more -->")),
        draft_if_future_date=bool(options.get("draft_if_future_date", False)),
        authors_file=str(options.get("authors_file", "{blog}/.authors.yml")),
        archive=options.get("archive", True) is not False,
        archive_url_format=str(options.get("archive_url_format", "archive/{date}")),
        archive_url_date_format=str(options.get("archive_url_date_format", "yyyy")),
        categories=options.get("categories", True) is not False,
        categories_url_format=str(options.get("categories_url_format", "category/{slug}")),
        categories_unicode=unicode_slugs("categories_slugify"))


def extension(config: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The options of a Markdown extension `markdown_extensions:` lists; None if absent."""
    for entry in config.get("markdown_extensions") or []:
        key, options = (next(iter(entry)), entry[next(iter(entry))]) \
            if isinstance(entry, dict) and entry else (entry, None)
        if str(key) == name:
            return options if isinstance(options, dict) else {}
    return None


class MkDocsSettings:
    """The settings side of the MkDocs importer."""

    source: Path
    docs: Path
    report: Report
    site: NewSite
    config: dict[str, Any]
    raw: str
    """`mkdocs.yml` as written (for line numbers)."""
    blog: BlogSettings | None
    by_source: dict[Path, Item]
    texts: list[str]
    blog_index: Path | None
    i18n: I18n | None

    def authors(self) -> dict[str, str]:
        """The blog's `.authors.yml`: id -> name."""
        if self.blog is None:
            return {}
        blog = self.blog.blog_dir.strip("/")
        name = self.blog.authors_file.replace("{blog}", "" if blog in ("", ".") else blog)
        file = self.docs / name.strip("/")
        if not file.is_file():
            return {}
        data, error = load_mapping("yaml", read_text(file))
        if error:
            self.report.warn(file, None, f"could not read it: {error}")
        found = data.get("authors")
        return {str(k): str(v.get("name") or k) if isinstance(v, dict) else str(k)
                for k, v in (found.items() if isinstance(found, dict) else [])}

    def site_author(self) -> str:
        author = self.config.get("site_author")
        if isinstance(author, str) and author.strip():
            return author.strip()
        names = list(dict.fromkeys(self.authors().values()))
        return names[0] if len(names) == 1 else ""

    def write_config(self) -> None:
        config = self.site.config
        author = self.site_author()
        config["title"] = str(self.config.get("site_name") or author or "My site")
        if author:
            config["author"] = author
        theme = self.config.get("theme")
        language = theme.get("language") if isinstance(theme, dict) else None
        if self.i18n is not None:  # (mkdocs-static-i18n's languages: `mkdocs_i18n.py`)
            config.update(language_settings(self.i18n))
            self.report.convert("languages", len(self.i18n.names))
        elif isinstance(language, str) and language.strip():
            # (Material's `zh` is Simplified Chinese, `zh-Hant` Traditional)
            config["language"] = {"zh": "zh-CN", "zh-hant": "zh-TW"}.get(
                language.strip().lower(), language_tag(language))
        else:
            config["language"] = guess_language(self.texts)
            self.report.note("mkdocs.yml", None, f"no `theme: language`: the pages read as "
                             f"`{config['language']}`, so the new site is in it")
        url = str(self.config.get("site_url") or "").strip()
        if url.startswith("http"):
            config["base_url"] = url.rstrip("/") + "/"
        description = self.config.get("site_description")
        if isinstance(description, str) and description.strip():
            config["description"] = " ".join(description.split())
        self.copyright()
        links = self.social_links()
        if links:
            config["links"] = links
        if self.report.converted["mermaid diagrams"]:
            config["markdown"] = {"mermaid": MERMAID}
            self.site.config_comments["markdown"] = (
                "Mermaid diagrams drawn as the old site drew them (its script from a CDN)")
        self.menu()
        self.plugins_report()
        hooks = self.config.get("hooks")
        if isinstance(hooks, list) and hooks:
            self.report.warn("mkdocs.yml", key_line(self.raw, "hooks", 1),
                             f"{len(hooks)} hook(s) ({', '.join(f'`{h}`' for h in hooks)}): "
                             "Python MkDocs ran on the pages, not run: what they changed "
                             "is lost, and markers they replaced show as written")
        dropped = [k for k in LEFT_OUT if k in self.config]
        if dropped:
            self.report.note("mkdocs.yml", None, "settings only MkDocs or its theme read, "
                             "left out: " + ", ".join(f"`{k}`" for k in dropped))

    def copyright(self) -> None:
        """`copyright:`, which Material shows at the foot of every page (as HTML): the
        footer's line, as text (Lanting's `copyright` is text; a link in it is lost)."""
        value = self.config.get("copyright")
        if not isinstance(value, str):
            return
        text = html_as_text(value)
        if not text:
            return
        self.site.config["copyright"] = text
        if re.search(r"<[A-Za-z/]", value):
            self.report.note("mkdocs.yml", key_line(self.raw, "copyright", 1), "`copyright`: "
                             "the footer's line, as text (its HTML tags left out)")

    def listing_redirects(self) -> None:
        """The blog plugin's category and archive pages (`/blog/category/rl/`,
        `/blog/archive/2024/`) → `[redirects]` to Lanting's category page and archive."""
        if self.blog is None:
            return
        blog = self.blog
        prefix = "" if blog.blog_dir.strip("/") in ("", ".") else "/" + blog.blog_dir.strip("/")
        redirects = Redirects(self.site, self.report, "mkdocs.yml")
        posts = listed_posts(self.site)
        categories = term_urls(posts, "categories")
        for post in posts:
            date = post.front.get("date")
            if blog.categories:
                for name in post.front.get("categories", []):
                    slug = blog_slugify(name, blog.separator, blog.categories_unicode)
                    if not slug:  # (no ASCII in the name: the plugin made no page)
                        continue
                    path = blog.categories_url_format.replace("{slug}", slug)
                    redirects.add(f"{prefix}/{path.strip('/')}/",
                                  categories.get(name.casefold(), "/categories/"))
            if blog.archive and isinstance(date, When):
                moment = date.moment
                path = blog.archive_url_format.replace("{date}", babel_date(
                    blog.archive_url_date_format, moment.year, moment.month, moment.day))
                redirects.add(f"{prefix}/{path.strip('/')}/", archive_url(date))
        redirects.finish("category and archive pages")

    def plugins_report(self) -> None:
        plugins = self.config.get("plugins")
        entries = list(plugins) if isinstance(plugins, dict) else [
            next(iter(p)) if isinstance(p, dict) and p else p
            for p in (plugins if isinstance(plugins, list) else [])]
        names = [str(e) for e in entries if e is not None]
        for name in names:
            if name in PLUGINS_CHANGING_PAGES:
                self.report.warn("mkdocs.yml", None, f"plugin `{name}`: "
                                 + PLUGINS_CHANGING_PAGES[name])
        others = [n for n in names if n not in PLUGINS_READ | set(PLUGINS_CHANGING_PAGES)]
        if others:
            self.report.note("mkdocs.yml", None, "plugins with no Lanting counterpart, "
                             "left out: " + ", ".join(f"`{n}`" for n in others))

    def social_links(self) -> list[dict[str, str]]:
        """`extra: social: [{icon: fontawesome/brands/github, link, name}]`."""
        extra = self.config.get("extra")
        social = extra.get("social") if isinstance(extra, dict) else None
        links: list[dict[str, str]] = []
        for entry in social if isinstance(social, list) else []:
            if not isinstance(entry, dict) or not str(entry.get("link", "")).startswith(
                    ("http://", "https://")):
                continue
            icon = str(entry.get("icon") or "").rsplit("/", 1)[-1]
            name = entry.get("name") or _SOCIAL.get(icon) or icon.replace("-", " ").title()
            links.append({"name": str(name or "Link"), "url": str(entry["link"])})
        return links

    def menu(self) -> None:
        """`nav`'s top level: a page, a link, or a section, which becomes a drop-down of
        its entries (a section of one entry: that entry); the blog's index is Lanting's
        blog list."""
        nav = self.config.get("nav")
        entries: list[MenuEntry] = []
        if self.blog is not None:
            entries.append({"name": "博客" if str(self.site.config.get("language", ""))
                            .startswith("zh") else "Blog", "url": "/blog/"})
        for name, target in map(_nav_pair, nav if isinstance(nav, list) else []):
            if not isinstance(target, list):
                entries += self.nav_entry(name, target)
                continue
            children = [c for pair in map(_nav_pair, target) for c in self.nav_entry(*pair)]
            if len(children) == 1:
                entries.append({"name": name or children[0]["name"],
                                "url": children[0]["url"]})
            elif children:
                entries.append({"name": name, "children": children})
        finish_menu(self.site, entries, "mkdocs.yml")

    def nav_entry(self, name: str, target: object) -> list[MenuEntry]:
        """A page or a link of `nav`; a section inside a section is its first page, under
        the section's name, as Lanting's drop-downs have one level."""
        if isinstance(target, list):
            self.report.note("mkdocs.yml", None, f"nav section `{name}` inside a section "
                             "is one entry of its drop-down (its first page): Lanting's "
                             "drop-downs have one level")
        while isinstance(target, list) and target:
            target = _nav_pair(target[0])[1]
        if not isinstance(target, str):
            return []
        if target.startswith(("http://", "https://")):
            return [{"name": name or target, "url": target}]
        url, title = self.local_url(target)
        if not url and not (self.docs / target.lstrip("/")).exists() and not (
                self.i18n and (self.docs / self.i18n.default_file(target.lstrip("/")))
                .exists()):
            self.report.note("mkdocs.yml", None, f"nav entry `{name or target}` left out: "
                             f"`{target}` is not in the docs folder")
        return [{"name": name or title, "url": url}] if url else []

    def local_url(self, target: str) -> tuple[str, str]:
        file = (self.docs / target.lstrip("/")).resolve()
        if self.i18n is not None and not file.exists():
            # (the i18n plugin reads `nav` as the default language's files)
            file = (self.docs / self.i18n.default_file(target.lstrip("/"))).resolve()
        if self.blog_index is not None and file in (self.blog_index.resolve(),
                                                    self.blog_index.parent.resolve()):
            return "/blog/", "Blog"
        item = self.by_source.get(file) or self.by_source.get((file / "index.md").resolve())
        if item is None or item.kind == "home":
            return "", ""
        return self.site.new_url(item), item.title


def _nav_pair(entry: object) -> tuple[str, object]:
    """A `nav` entry's name and target: `{name: target}`, or a bare target (named by its
    page's title)."""
    if isinstance(entry, dict) and entry:
        name, target = next(iter(entry.items()))
        return str(name or ""), target
    return "", entry
