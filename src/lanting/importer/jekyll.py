"""Jekyll (GitHub Pages, minima, kramdown) → Lanting.

Posts in `_posts/` (also `<category>/_posts/`) and `_drafts/`; their old URLs from the
permalink style (`date` by default: `/:categories/:year/:month/:day/:title.html`, dates
in the site's time zone), `permalink:` and jekyll-redirect-from's `redirect_from`. Bodies:
Liquid (`highlight`, `raw`, `post_url`, `link`, `include`, `{{ site.baseurl }}`,
`relative_url`) and kramdown (math, attribute lists, TOC, comments, definition lists).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.collections import unknown_collections
from lanting.importer.common import (
    FILE_SUFFIXES,
    LinkTable,
    Options,
    bool_of,
    date_of,
    finish_menu,
    first_date,
    guess_language,
    is_image,
    language_tag,
    map_site_url,
    menu_names,
    mtime,
    now,
    prose_raw,
    read_text,
    summary_of,
    tags_of,
    walk,
)
from lanting.importer.liquid import OUTPUT, Context, blocks, string_argument, tags
from lanting.importer.listings import (
    Redirects,
    archive_url,
    jekyll_slugify,
    listed_posts,
    term_urls,
)
from lanting.importer.report import Report
from lanting.importer.site import Item, NewSite, slug_of
from lanting.importer.text import (
    When,
    key_line,
    load_mapping,
    names,
    split_front_matter,
    zone,
)
from lanting.markdown.math import to_mathml
from lanting.model.config import DEFAULT_POST_PERMALINK

STYLES = {"date": "/:categories/:year/:month/:day/:title:output_ext",
          "pretty": "/:categories/:year/:month/:day/:title/",
          "ordinal": "/:categories/:year/:y_day/:title:output_ext",
          "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
          "none": "/:categories/:title:output_ext"}
_DOLLAR_DELIMITER = re.compile(
    r"""inlineMath\s*[:=]\s*\[\s*\[\s*(['"])\$\1|left\s*:\s*(['"])\$\2\s*,\s*right""")
"""A MathJax or KaTeX auto-render setup whose inline delimiters include `$`."""


def is_chirpy(source: Path, config: dict[str, Any]) -> bool:
    """A site on the Chirpy theme (a gem: its files are not in the site)."""
    theme = f"{config.get('theme') or ''} {config.get('remote_theme') or ''}".lower()
    gemfile = source / "Gemfile"
    return "chirpy" in theme or (gemfile.is_file() and "jekyll-theme-chirpy" in read_text(
        gemfile))


def _math_setups(source: Path) -> list[Path]:
    """The files where a site sets its MathJax or KaTeX up (a theme's own included)."""
    found = []
    for folder in ("_includes", "_layouts", "assets/js", "_data"):
        for path in sorted((source / folder).rglob("*")) if (source / folder).is_dir() else []:
            if path.suffix.lower() in (".html", ".js", ".yml", ".liquid") \
                    and path.stat().st_size < 200_000:
                found.append(path)
    return found


_MACROS = re.compile(r"\bmacros\s*:\s*\{")
_JS_MACRO = re.compile(r"""([A-Za-z]+)\s*:\s*(\[\s*)?(['"])((?:\\.|(?!\3).)*)\3""")


def mathjax_macros(source: Path) -> tuple[dict[str, str], list[str]]:
    """The `macros` of the site's MathJax setup (`RR: '\\\\mathbb{R}'`), as LaTeX; and the
    names of those left out: with arguments (`bold: ['{\\\\bf #1}', 1]`), which
    `[markdown] math_macros` has no way to say."""
    macros: dict[str, str] = {}
    left: list[str] = []
    for path in _math_setups(source):
        text = read_text(path)
        for opening in _MACROS.finditer(text):
            depth, end = 0, opening.end() - 1
            for end in range(opening.end() - 1, len(text)):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                if depth == 0:
                    break
            for entry in _JS_MACRO.finditer(text[opening.end():end]):
                name, listed, value = entry.group(1), entry.group(2), entry.group(4)
                expansion = re.sub(r"\\(.)", r"\1", value)  # a JavaScript string's escapes
                if listed or "#" in expansion:
                    left.append(name)
                else:
                    macros.setdefault(name, expansion)
    return macros, left


def dollar_inline_math(source: Path, config: dict[str, Any]) -> bool:
    """Whether the site's math reads `$…$` as inline math: the Chirpy theme does; so does
    a theme's or the site's own MathJax/KaTeX setup that says so (plain kramdown and
    MathJax's defaults do not, and there `$` is a dollar sign)."""
    return is_chirpy(source, config) or any(
        _DOLLAR_DELIMITER.search(read_text(path)) for path in _math_setups(source))


GENERATED = frozenset({"404.html", "404.md", "robots.txt", "sitemap.xml", "atom.xml"})
"""Files of the old site that Lanting makes itself (two sources of one URL fail a build)."""
_LOOP = re.compile(r"\{%-?\s*for\b.*?\{%-?\s*endfor\s*-?%\}", re.DOTALL)
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")
"""A post's file name: Jekyll reads `2019-9-10-title` as well as `2019-09-10-title`."""
MARKDOWN = (".md", ".markdown", ".mkd", ".mkdn")
MAPPED_KEYS = frozenset({"title", "date", "categories", "category", "tags", "tag", "published",
                         "slug", "excerpt", "description", "image", "thumbnail",
                         "last_modified_at", "last_updated", "lastmod", "updated",
                         "redirect_from", "permalink", "hidden", "featured", "redirect"})
"""Front-matter keys of a post whose meaning the import keeps."""


class Jekyll:
    kind = "jekyll"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config, error = load_mapping("yaml", read_text(source / "_config.yml")) \
            if (source / "_config.yml").is_file() else ({}, None)
        if error:
            report.warn("_config.yml", None, f"could not read it: {error}")
        self.tz = zone(options.timezone or self.config.get("timezone"))
        self.baseurl = str(self.config.get("baseurl") or "").rstrip("/")
        self.table = LinkTable(self.site)
        self.posts: list[tuple[Item, str, int, Path]] = []
        """(item, body as written, its first line, source file) of posts and pages."""
        self.by_name: dict[str, Item] = {}
        self.by_path: dict[str, Item] = {}
        self.citations: set[str] = set()
        self.reference_keys: set[str] = set()
        """Keys of the other papers the site's `.bib` files hold (al-folio's `--file`)."""
        self.chirpy = is_chirpy(self.source, self.config)
        self.dollar_math = dollar_inline_math(self.source, self.config)
        """The site's MathJax (or KaTeX) read `$…$` as inline math."""
        self.no_liquid: set[Path] = set()
        """Posts with `render_with_liquid: false`: Jekyll shows their Liquid as written."""
        self.media_base: dict[Path, str] = {}
        """A post's `media_subpath` (Chirpy; `img_path` before): where its relative image
        paths point."""
        author = self.config.get("author")
        self.author = str(author.get("name", "") if isinstance(author, dict) else author or "")
        # minimal-mistakes and academicpages say `locale: "en-US"`; unset: see `run`.
        self.language = language_tag(self.config.get("lang") or self.config.get("language")
                                     or self.config.get("locale"), "")

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        self.read_posts()
        self.read_pages()
        self.read_more()
        self.report_unknown_collections()
        if not self.language:
            self.language = guess_language([text for _, text, _, _ in self.posts])
            self.report.note("_config.yml", None, f"no `lang` or `locale`: the posts read as "
                             f"`{self.language}`, so the new site is in it (`language` in "
                             "lanting.toml changes it)")
        for item, text, _first, path in self.posts:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        self.finish_more()
        self.copy_static()
        self.write_config()
        self.listing_redirects()
        return self.site

    def read_more(self) -> None:
        """Collections and data of a theme (al-folio's news, papers, profile)."""

    def known_collections(self) -> set[str]:
        """The `_x/` folders of documents this importer reads."""
        return {"_posts", "_drafts", "_tabs"}

    def report_unknown_collections(self) -> None:
        for folder, count in unknown_collections(self.source, self.config,
                                                 self.known_collections()):
            self.report.warn(folder, None, f"collection `{folder}/` ({count} files) left out: "
                             "Lanting has no place for it; copy what you need into "
                             "content/pages/ by hand")

    def finish_more(self) -> None:
        """What needs every post converted first (al-folio's news)."""

    # --- posts ------------------------------------------------------------------------------

    def post_files(self) -> list[tuple[Path, list[str], bool]]:
        """(file, categories from its folders, is a draft)."""
        found: list[tuple[Path, list[str], bool]] = []
        for path in walk(self.source):
            rel = path.relative_to(self.source)
            if path.suffix.lower() not in (*MARKDOWN, ".html"):
                continue
            if "_posts" in rel.parts:
                at = rel.parts.index("_posts")
                found.append((path, list(rel.parts[:at]), False))
            elif rel.parts[0] == "_drafts":
                found.append((path, [], True))
        return found

    def pattern(self) -> str:
        style = str(self.options.permalink or self.config.get("permalink") or "date")
        return STYLES.get(style, style)

    def read_posts(self) -> None:
        pattern = self.pattern()
        lanting = self.lanting_pattern(pattern)
        if lanting != DEFAULT_POST_PERMALINK:
            self.site.permalink = lanting
            self.site.config_comments["permalinks"] = \
                f"as the old site's `permalink: {self.config.get('permalink')}`"
        for path, folder_categories, drafted in self.post_files():
            text = read_text(path)
            fmt, head, body, first = split_front_matter(text)
            data, error = load_mapping(fmt or "yaml", head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error}): the post is "
                                 "imported without it")
            if data.get("render_with_liquid") is False:  # its `{% %}` shown as written
                self.no_liquid.add(path)
            media = data.get("media_subpath") or data.get("img_path")
            if isinstance(media, str) and media.strip():
                self.media_base[path] = media.strip()
            name = path.stem
            match = _POST_NAME.match(name)
            title_part = match.group(4) if match else name
            file_date = None
            if match:
                year, month, day = (int(g) for g in match.groups()[:3])
                try:
                    file_date = When(dt.datetime(year, month, day, tzinfo=self.tz), True)
                except ValueError:  # `2019-13-40-x.md`, which Jekyll refuses
                    self.report.warn(path, None, f"the file name's date {year}-{month}-{day} "
                                     "is no date: the front matter's date is used, if any")
            date = date_of(data, head, "date", self.tz) or file_date
            if date is None:
                date = mtime(path, self.tz)
                self.report.warn(path, None, "no date in the front matter or the file name: "
                                 "the file's modification time is used")
            draft = drafted or not bool_of(data.get("published", True))
            if not drafted and not draft and date.moment > now(self.options) \
                    and not bool_of(self.config.get("future", False)):
                draft = True
                self.report.warn(path, key_line(head, "date"), "dated in the future, which "
                                 "Jekyll does not build: imported as a draft")
            categories = self.categories(data, folder_categories)
            slug = slug_of(str(data.get("slug") or title_part))
            front = self.front(data, head, path, date, categories)
            if draft:
                front["draft"] = True
            if "slug" in data:
                front["slug"] = slug
            item = self.site.add(Item("post", slug, path, front, draft=draft))
            self.report.counts["drafts" if draft else "posts"] += 1
            if not draft:
                item.old_urls = self.old_urls(data, pattern, date, categories, title_part)
                for url in item.old_urls:
                    self.table.add(url, item)
            rel = path.relative_to(self.source).as_posix()
            self.by_path[rel] = item
            self.by_name[name] = item
            if "_posts/" in rel:
                self.by_name.setdefault(rel.split("_posts/", 1)[1].rsplit(".", 1)[0], item)
            self.posts.append((item, body, first, path))

    def lanting_pattern(self, pattern: str) -> str:
        """The source's pattern in Lanting's words, if it has them; else the default."""
        translated = pattern.replace(":title", ":slug")
        if re.search(r":(?!year\b|month\b|day\b|slug\b)\w+", translated) \
                or not translated.endswith("/") or ":slug" not in translated:
            return DEFAULT_POST_PERMALINK
        return translated

    def categories(self, data: dict[str, Any], folders: list[str]) -> list[str]:
        if data.get("category") not in (None, ""):
            own = [str(data["category"])]
        else:
            own = names(data.get("categories"), split_spaces=True)
        return list(dict.fromkeys([*folders, *own]))

    def old_urls(self, data: dict[str, Any], pattern: str, date: When, categories: list[str],
                 title: str) -> list[str]:
        permalink = data.get("permalink")
        pattern = str(permalink) if isinstance(permalink, str) and permalink else pattern
        moment = date.in_zone(self.tz)
        values = {
            "categories": "/".join(c.lower() for c in categories),
            "year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
            "day": f"{moment.day:02d}", "i_month": str(moment.month), "i_day": str(moment.day),
            "short_year": f"{moment.year % 100:02d}", "y_day": f"{moment.timetuple().tm_yday:03d}",
            "hour": f"{moment.hour:02d}", "minute": f"{moment.minute:02d}",
            "second": f"{moment.second:02d}", "title": str(data.get("slug") or title),
            "slug": slug_of(str(data.get("slug") or title)), "output_ext": ".html",
            "week": f"{moment.isocalendar()[1]:02d}", "short_day": moment.strftime("%a"),
            "slugified_categories": "/".join(slug_of(c) for c in categories),
        }
        url = re.sub(r":([a-z_]+)", lambda m: values.get(m.group(1), m.group()), pattern)
        url = re.sub(r"/{2,}", "/", "/" + url)
        urls = [self.baseurl + url]
        redirects = data.get("redirect_from")
        for extra in ([redirects] if isinstance(redirects, str) else redirects or []):
            urls.append(self.baseurl + "/" + str(extra).lstrip("/"))
        return urls

    def front(self, data: dict[str, Any], head: str, path: Path, date: When,
              categories: list[str]) -> dict[str, Any]:
        front: dict[str, Any] = {"title": str(data.get("title") or path.stem).strip(),
                                 "date": date}
        updated = first_date(data, head, ("last_modified_at", "last_updated", "lastmod",
                                          "updated"), self.tz)
        if updated is not None:
            front["updated"] = updated
        summary = summary_of(data, "excerpt", "description")
        if summary:
            front["summary"] = summary
        front["tags"] = tags_of(data, split_spaces=True)
        front["categories"] = categories
        if data.get("toc") is False:
            front["toc"] = False
        cover = data.get("image") or data.get("thumbnail")
        if isinstance(cover, dict):
            cover = cover.get("path") or cover.get("url")
        if isinstance(cover, str) and cover:
            front["cover"] = self.cover(cover, path, key_line(head, "image")
                                        or key_line(head, "thumbnail"))
        params: dict[str, Any] = {}
        if bool_of(data.get("hidden")):
            front["unlisted"] = True
            self.report.convert("`hidden: true` → `unlisted: true`")
            self.report.note(path, key_line(head, "hidden"), "`hidden: true`: imported as "
                             "`unlisted: true` (its page answers at its URL; no listing, "
                             "feed, sitemap or search shows it)")
        if data.get("featured"):
            params["featured"] = True
        author = data.get("author")
        if isinstance(author, str) and author and author != self.author:
            params["author"] = author
        if isinstance(data.get("redirect"), str):
            params["external_url"] = data["redirect"]
        if params:
            front["params"] = params
        used = MAPPED_KEYS | ({"author"} if "author" in params else set()) \
            | ({"toc"} if data.get("toc") is False else set())
        dropped = [k for k in data if k not in used]
        if dropped:
            self.report.note(path, 2, "front matter not needed in Lanting, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        return front

    def cover(self, value: str, path: Path, line: int | None = None) -> str:
        local = self.source / value.lstrip("/").removeprefix(self.baseurl.lstrip("/"))
        url = value if value.startswith("/") else "/" + value
        if value.startswith(("http://", "https://")):
            return value
        if local.is_file():
            return self.site.image(local, url)
        self.report.warn(path, line, f"cover image `{value}` not found: left out")
        return ""

    # --- pages ------------------------------------------------------------------------------

    def page_files(self) -> list[Path]:
        tabs = self.source / "_tabs"  # Chirpy's pages of the side bar (about, archives, …)
        return [p for p in walk(self.source)
                if p.suffix.lower() in MARKDOWN
                and not any(part.startswith("_") for part in p.relative_to(self.source).parts)
                and p.name.lower() not in ("readme.md", "license.md", "changelog.md")] + (
            sorted(tabs.glob("*.md")) if tabs.is_dir() else [])

    def read_pages(self) -> None:
        for path in self.page_files():
            text = read_text(path)
            fmt, head, body, first = split_front_matter(text)
            if not fmt:
                continue  # not a Jekyll page (no front matter): a plain file
            data, _error = load_mapping(fmt, head)
            self.read_page(path, data, head, body, first)

    def read_page(self, path: Path, data: dict[str, Any], head: str, body: str,
                  first: int) -> None:
        rel = path.relative_to(self.source).as_posix()
        permalink = str(data.get("permalink") or "")
        layout = str(data.get("layout") or "")
        if permalink.strip("/") in GENERATED or path.stem == "404":
            self.report.note(path, None, "left out: Lanting makes its own "
                             f"{permalink.strip('/') or '404 page'}")
            return
        if permalink == "/" or rel in ("index.md", "index.markdown") or layout == "home":
            home = self.home()
            if body.strip() and not home.body:
                self.posts.append((home, body, first, path))
                self.report.note(path, None, "its text is the home page's (Lanting makes "
                                 "the list of posts itself)")
            else:
                self.report.note(path, None, "left out: Lanting makes the home page")
            return
        if "{% for" in body or "paginator" in body:
            # academicpages' cv.md: the CV in Markdown around loops over its collections
            kept = _LOOP.sub("", body)
            if "paginator" in body or len(re.sub(r"[#*\s-]|\{%.*?%\}", "", kept)) < 80:
                self.report.note(path, None, "left out: a listing page, which Lanting makes")
                return
            self.report.warn(path, None, "its `{% for %}` listings left out (Lanting lists "
                             "publications, talks and teaching on their own pages); the rest "
                             "of its text is kept")
            body = kept
        if not body.strip():
            self.report.note(path, None, "left out: a listing page, which Lanting makes")
            return
        slug = slug_of(permalink.strip("/").split("/")[-1] if permalink.strip("/")
                       else path.stem)
        title = data.get("title") or (path.stem.replace("-", " ").capitalize()  # Chirpy's
                                      if rel.startswith("_tabs/") else slug)  # tab names
        front: dict[str, Any] = {"title": str(title)}
        summary = summary_of(data, "description")
        if summary:
            front["summary"] = summary
        item = self.site.add(Item("page", slug, path, front))
        old = permalink or (f"/{path.stem}/" if rel.startswith("_tabs/")  # Chirpy: /:title/
                            else "/" + rel.rsplit(".", 1)[0] + ".html")
        item.old_urls = [self.baseurl + "/" + old.lstrip("/")]
        for url in item.old_urls:
            self.table.add(url, item)
        self.by_path[rel] = item
        self.report.counts["pages"] += 1
        self.posts.append((item, body, first, path))

    def home(self) -> Item:
        found = next((i for i in self.site.items if i.kind == "home"), None)
        if found is None:
            found = self.site.add(Item("home", "home", None, {"title": self.author_name()}))
        return found

    def author_name(self) -> str:
        return self.author or str(self.config.get("title") or "")

    # --- bodies ---------------------------------------------------------------------------------

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        shelf = B.Shelf()
        separator = str(self.config.get("excerpt_separator") or "")
        if separator.strip() and separator.strip() in text:
            text = text.replace(separator.strip(), "<!-- more -->")
            ctx.convert("excerpt separators")
        liquid = path not in self.no_liquid
        if liquid:
            text = blocks(text, "comment", lambda a, inner, w: "<!--" + inner.replace(
                "--", "- -") + "-->", ctx, "Liquid comments")
            text = blocks(text, "raw", lambda a, inner, w: shelf.put(inner, "R"), ctx,
                          "Liquid raw blocks")
            text = blocks(text, "highlight", lambda a, inner, w: self.highlight(
                a, inner, shelf), ctx, "Liquid highlight blocks")
        text = self.before_code(text, item, ctx, shelf)
        text = B.protect_code(text, shelf)
        text, count = B.kramdown_blocks(text, ctx.warn)
        ctx.convert("kramdown attributes and extensions", count)
        text, abbreviations = B.kramdown_abbreviations(text)
        for found in abbreviations:
            ctx.warn(found, f"kramdown abbreviation `{found}` removed (Lanting has none)")
        text, count = B.definition_lists(text, self.language)
        ctx.convert("definition list items", count)
        if liquid:
            text = self.liquid(text, item, ctx, shelf, path)
            text = self.outputs(text, ctx)
        if self.chirpy:
            text, count = B.italic_captions(text)
            ctx.convert("image captions (Chirpy's italic line under an image)", count)
        text = B.shelve_environments(text, shelf)
        text, inline, dollars = B.kramdown_math(text, shelf, self.dollar_math)
        ctx.convert("kramdown inline math ($$ → $)", inline)
        ctx.convert("dollar signs escaped", dollars)
        text, count = B.escaped_parentheses(text)
        ctx.convert("escaped parentheses \\( \\) as plain ones", count)
        text, count = B.kramdown_tables(text)
        ctx.convert("kramdown tables as GFM ones", count)
        text = shelf.restore(text, "M")
        text, count = B.text_underscores(text)
        ctx.convert("_ and & in \\text{} of math", count)
        text, count = B.table_math(text)
        ctx.convert("| in table math", count)
        text, count = B.html_anchors(text)
        ctx.convert("<a name> anchors", count)
        if self.uses_emoji():
            text, count = B.emoji(text)
            ctx.convert("emoji", count)
        text = B.map_urls(text, lambda url, image: self.url(url, image, ctx, path))
        text = self.after(text, item, ctx)
        text = prose_raw(shelf, text)
        return B.tidy(shelf.restore(text))

    def before_code(self, text: str, item: Item, ctx: Context, shelf: B.Shelf) -> str:
        return text

    def after(self, text: str, item: Item, ctx: Context) -> str:
        return text

    def uses_emoji(self) -> bool:
        plugins = self.config.get("plugins") or self.config.get("gems") or []
        return "jemoji" in plugins

    def highlight(self, args: str, inner: str, shelf: B.Shelf) -> str:
        words, named = B.arguments(args)
        lang = words[0] if words else "text"
        options: dict[str, str] = {}
        if "linenos" in words or "linenos" in named:
            options["linenos"] = "true"
        if "hl_lines" in named:
            options["hl_lines"] = named["hl_lines"]
        code = shelf.restore(inner, "R")
        return shelf.put(B.fence(lang, code, options))

    def tag_handlers(self, item: Item, ctx: Context, path: Path) -> dict[str, Any]:
        def post_url(args: str, written: str) -> str:
            name = string_argument(args).strip()
            target = self.by_name.get(name) or self.by_name.get(name.rsplit("/", 1)[-1])
            if target is None:
                return ctx.leave(written, f"no post `{name}` in the source")
            ctx.convert("Liquid post_url and link")
            return self.site.link(target)

        def link(args: str, written: str) -> str:
            name = string_argument(args).strip()
            target = self.by_path.get(name.lstrip("/"))
            if target is not None:
                ctx.convert("Liquid post_url and link")
                return self.site.link(target)
            if (self.source / name.lstrip("/")).is_file():
                ctx.convert("Liquid post_url and link")
                return "/" + name.lstrip("/")
            return ctx.leave(written, f"no file `{name}` in the source")

        def include(args: str, written: str) -> str:
            return self.include(args, written, ctx)

        def cite(args: str, written: str) -> str:
            # (jekyll-scholar's options: `--file papers_aio`, `--locator 23`, …)
            words = re.sub(r"--\w+(?:[ \t]+(?!--)\S+)?", " ", args)
            keys = [k.strip() for k in string_argument(words).replace(",", " ").split()]
            unknown = [k for k in keys if k not in self.citations | self.reference_keys]
            if unknown or not keys:
                return ctx.leave(written, f"`{(unknown or ['?'])[0]}` is in no .bib file of "
                                 "the site")
            ctx.convert("citations")
            return "[" + "; ".join(f"@{k}" for k in keys) + "]"

        def bibliography(args: str, written: str) -> str:
            ctx.convert("bibliography lists (Lanting lists a post's references itself)")
            return ""

        def twitter(args: str, written: str) -> str:
            url = B.arguments(args)[0][0] if B.arguments(args)[0] else ""
            ctx.convert("embeds as links")
            label = re.sub(r"^https?://", "", url)
            return B.block(f"> [{label}]({url})")

        def drop(args: str, written: str) -> str:
            ctx.warn(written, f"`{written}` removed (it only set a variable for the theme)")
            return ""

        return {"post_url": post_url, "link": link, "include": include, "cite": cite,
                "twitter": twitter, "assign": drop, "bibliography": bibliography}

    def liquid(self, text: str, item: Item, ctx: Context, shelf: B.Shelf, path: Path) -> str:
        text = blocks(text, "details", lambda a, inner, w: B.details(string_argument(a), inner),
                      ctx, "collapsible blocks")
        text = self.liquid_tabs(text, ctx)
        text = self.liquid_blocks(text, item, ctx, shelf)
        return tags(text, self.tag_handlers(item, ctx, path), ctx)

    def liquid_blocks(self, text: str, item: Item, ctx: Context, shelf: B.Shelf) -> str:
        return text

    def liquid_tabs(self, text: str, ctx: Context) -> str:
        """jekyll-tabs: `{% tabs g %}` `{% tab g label %}…{% endtab %}` `{% endtabs %}`."""

        def group(args: str, inner: str, written: str) -> str:
            parts = re.findall(r"\{%-?\s*tab\s+\S+\s+(.*?)\s*-?%\}(.*?)\{%-?\s*endtab\s*-?%\}",
                               inner, re.DOTALL)
            return B.tabs([(string_argument(label), content) for label, content in parts])

        return blocks(text, "tabs", group, ctx, "tabs flattened")

    def include(self, args: str, written: str, ctx: Context) -> str:
        words, named = B.arguments(args)
        name = words[0] if words else ""
        src = (named.get("path") or named.get("file") or named.get("src") or named.get("url")
               or named.get("image_path"))  # (minimal-mistakes' figure include)
        if name in ("toc", "toc.html"):  # minimal-mistakes: the post's table of contents
            ctx.note(written, "`{% include toc %}` removed: Lanting gives a long post its "
                     "table of contents itself")
            return ""
        video = named.get("id") if named.get("provider") in ("youtube", "bilibili") else None
        if video and re.search(r"video", name):  # minimal-mistakes: id="…" provider="youtube"
            ctx.convert("video includes")
            return B.block(f'{{{{< video {named["provider"]}="{video}" >}}}}')
        if src and re.search(r"figure|image|img|picture", name):
            # (`description`: the image.html of Jekyll Now and the themes after it)
            caption = B.plain_inline(named.get("caption") or named.get("description")
                                     or named.get("title") or "")  # (a title holds no Markdown)
            alt = named.get("alt") or caption
            ctx.convert("figure includes")
            src = src if src.startswith(("/", "http")) else "/" + src
            return B.figure(src, caption, alt)
        if src and re.search(r"video|audio", name):
            ctx.convert("embeds as links")
            url = src if src.startswith(("/", "http")) else "/" + src
            return B.block(f"[{src.rsplit('/', 1)[-1]}]({url})")
        return ctx.leave(written, f"`{name}` is an include of the theme or site")

    def outputs(self, text: str, ctx: Context) -> str:
        """`{{ site.baseurl }}` and `{{ site.url }}` → "", `{{ 'x' | relative_url }}` → x;
        anything else left in a comment."""

        def one(match: re.Match[str]) -> str:
            expression = match.group(1).strip()
            if re.fullmatch(r"site\.(baseurl|url)", expression):
                ctx.convert("Liquid site URLs")
                return ""
            found = re.fullmatch(r"(['\"])(.*?)\1\s*\|\s*(relative_url|absolute_url|prepend:\s*"
                                 r"site\.baseurl)", expression)
            if found:
                ctx.convert("Liquid site URLs")
                value = found.group(2)
                return value if value.startswith(("/", "http")) else "/" + value
            return ctx.leave(match.group(), "a Liquid value of the old theme")

        return OUTPUT.sub(one, text)

    def url(self, url: str, image: bool, ctx: Context, path: Path) -> str | None:
        media = self.media_base.get(path)
        if media and url and not url.startswith("/") and not re.match(
                r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^#", url):
            url = media.rstrip("/") + "/" + url  # Chirpy: relative to the post's media path
            if url.startswith(("http://", "https://")):
                return url
        if not url.startswith("/") and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^#|^//", url):
            name, hash_mark, fragment = url.partition("#")
            local = (path.parent / unquote(name)).resolve()
            if local.is_file() and local.is_relative_to(self.source.resolve()) and is_image(local):
                rel = "/" + local.relative_to(self.source.resolve()).as_posix()
                return self.site.image(local, rel if self.static_file(local) else None)
            # jekyll-relative-links (on GitHub Pages by default): `[x](other-post.md)`
            if local.is_relative_to(self.source.resolve()) and name.endswith(
                    (".md", ".markdown")):
                target = self.by_path.get(local.relative_to(self.source.resolve()).as_posix())
                if target is not None:
                    ctx.convert("links to other posts' files")
                    return self.site.link(target) + hash_mark + fragment
        return map_site_url(url, image, ctx, self.site, self.table, self.source, self.source,
                            self.baseurl)

    # --- files and configuration ---------------------------------------------------------------

    def static_file(self, path: Path) -> bool:
        rel = path.relative_to(self.source)
        exclude = {str(x).strip("/") for x in self.config.get("exclude") or []}
        return (path.suffix.lower() in FILE_SUFFIXES and path.suffix.lower() not in (".md",)
                and not any(part.startswith(("_", ".")) for part in rel.parts)
                and not any(rel.as_posix().startswith(x) for x in exclude if x))

    def copy_static(self) -> None:
        for path in walk(self.source):
            rel = path.relative_to(self.source).as_posix()
            if rel in GENERATED:  # al-folio's robots.txt template, a 404.html, …
                self.report.note(path, None, f"left out: Lanting makes its own {rel}")
                continue
            if self.static_file(path) and not self.consumed(path):
                self.site.static[path.relative_to(self.source).as_posix()] = path
                self.report.counts["static files"] += 1

    def consumed(self, path: Path) -> bool:
        """Inputs of the conversion, not files of the new site."""
        return False

    def write_config(self) -> None:
        config = self.site.config
        config["title"] = str(self.config.get("title") or self.author_name() or "My site")
        if self.author_name():
            config["author"] = self.author_name()
        config["language"] = self.language
        url = str(self.config.get("url") or "").rstrip("/")
        if url:
            config["base_url"] = url + self.baseurl + "/"
        description = self.config.get("description")
        if isinstance(description, str) and description.strip():
            config["description"] = " ".join(description.split())
        links = []
        if self.config.get("github_username"):
            links.append({"name": "GitHub",
                          "url": f"https://github.com/{self.config['github_username']}"})
        if self.config.get("twitter_username"):
            links.append({"name": "X", "url": f"https://x.com/{self.config['twitter_username']}"})
        if links:
            config["links"] = links
        self.menu()
        config["markdown"] = {"heading_ids": "github"}
        macros = self.math_macros()
        if macros:
            config["markdown"]["math_macros"] = macros
        self.site.config_comments["markdown"] = (
            "heading ids as kramdown (GFM input) made them: #links of the old posts keep "
            "working")
        if self.site.permalink != DEFAULT_POST_PERMALINK:
            config["permalinks"] = {"posts": self.site.permalink}

    def math_macros(self) -> dict[str, str]:
        """The site's MathJax macros that convert, for `[markdown] math_macros`."""
        found, left = mathjax_macros(self.source)
        kept: dict[str, str] = {}
        for name, expansion in found.items():
            try:
                to_mathml("\\" + name, display=False, macros=tuple({**found}.items()))
                kept[name] = expansion
            except ValueError as error:
                self.report.warn("_includes", None, f"MathJax macro `\\{name}` does not "
                                 f"convert ({error}): left out")
        if kept:
            self.report.convert("MathJax macros ([markdown] math_macros)", len(kept))
        if left:
            self.report.warn("_includes", None, "MathJax macros with arguments left out "
                             "(define them with \\newcommand in the posts that use them): "
                             + ", ".join(f"`\\{n}`" for n in sorted(set(left))))
        return kept

    def archive_settings(self) -> tuple[set[str], dict[str, str]] | None:
        """jekyll-archives' (or al-folio's jekyll-archives-v2) archives of posts: what is
        enabled (`year`, `month`, `day`, `tags`, `categories`) and the permalinks, with
        the plugin's defaults; None without the plugin."""
        plugins = self.config.get("plugins") or self.config.get("gems") or []
        names = {str(p) for p in plugins} if isinstance(plugins, list) else set()
        settings = self.config.get("jekyll-archives")
        if not names & {"jekyll-archives", "jekyll-archives-v2"} \
                or not isinstance(settings, dict):
            return None
        if isinstance(settings.get("posts"), dict):  # v2: per collection
            settings = settings["posts"]
        enabled = settings.get("enabled") or []
        kinds = {"year", "month", "day", "tags", "categories"} if enabled == "all" else {
            {"tag": "tags", "category": "categories"}.get(str(e), str(e))
            for e in (enabled if isinstance(enabled, list) else [])}
        given = settings.get("permalinks")
        given = given if isinstance(given, dict) else {}
        permalinks = {"year": "/:year/", "month": "/:year/:month/",
                      "day": "/:year/:month/:day/", "tags": "/tag/:name/",
                      "categories": "/category/:name/"}
        for key, value in given.items():
            key = {"tag": "tags", "category": "categories"}.get(str(key), str(key))
            if key in permalinks and isinstance(value, str):
                permalinks[key] = value
        return kinds, permalinks

    def listing_redirects(self) -> None:
        """The tag, category and date archives of jekyll-archives → `[redirects]`."""
        settings = self.archive_settings()
        if settings is None:
            return
        kinds, permalinks = settings
        redirects = Redirects(self.site, self.report, "_config.yml")
        posts = listed_posts(self.site)

        def fill(pattern: str, values: dict[str, str]) -> str:
            values = {"collection": "posts", **values}
            return re.sub(r":([a-z_]+)", lambda m: values.get(m.group(1), m.group()), pattern)

        for taxonomy, kind in (("tags", "tag"), ("categories", "category")):
            if taxonomy not in kinds:
                continue
            urls = term_urls(posts, taxonomy)
            for name in sorted({str(n) for p in posts for n in p.front.get(taxonomy) or ()}):
                redirects.add(fill(permalinks[taxonomy], {"type": kind,
                                                          "name": jekyll_slugify(name)}),
                              urls[name.casefold()])
        for post in posts:
            date = post.front.get("date")
            if not isinstance(date, When):
                continue
            moment = date.in_zone(self.tz)
            values = {"year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
                      "day": f"{moment.day:02d}"}
            for kind in ("year", "month", "day"):
                if kind in kinds:
                    redirects.add(fill(permalinks[kind], {"type": kind, **values}),
                                  archive_url(date))
        redirects.finish("jekyll-archives pages (tags, categories, years)")

    def menu(self) -> None:
        labels = menu_names(self.language)
        menu = [{"name": labels["blog"], "url": "/blog/"}]
        pages = [i for i in self.site.items if i.kind == "page"]
        wanted = [str(p) for p in self.config.get("header_pages") or []]
        for page in pages:
            rel = page.source.relative_to(self.source).as_posix() if page.source else ""
            if not wanted or rel in wanted:
                menu.append({"name": page.title, "url": f"/{page.slug}/"})
        finish_menu(self.site, menu, "_config.yml")
