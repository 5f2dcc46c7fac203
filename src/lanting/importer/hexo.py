"""Hexo (and its Butterfly theme) → Lanting.

Posts in `source/_posts/` (sub-folders allowed) and `source/_drafts/`, their images in the
post asset folder beside them (`post_asset_folder`) or under `source/`; old URLs from the
`permalink` pattern (`:year/:month/:day/:title/` by default; `:title` is the path under
`_posts/`, case and Chinese kept; any front-matter key such as hexo-abbrlink's
`:abbrlink`), front-matter `permalink:` and `root`. Categories: a flat list is one
hierarchy, a list of lists several (Lanting keeps each leaf). Bodies: Nunjucks tags of
Hexo (`asset_img`, `post_link`, `codeblock`, `raw`, …) and Butterfly (`note`, `tabs`,
`hideToggle`, `hideInline`, `btn`, …), fence captions and options, and the Markdown
escapes hexo-renderer-marked needed inside math (converted in `hexo_bodies.py`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.common import (
    GENERATED,
    LinkTable,
    Options,
    bool_of,
    date_of,
    guess_language,
    language_tag,
    mtime,
    read_text,
    summary_of,
    walk,
)
from lanting.importer.hexo_bodies import HexoBodies
from lanting.importer.hexo_settings import HexoSettings
from lanting.importer.hexo_themes import friend_links, theme_file
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.site import Item, NewSite, slug_of
from lanting.importer.text import When, key_line, load_mapping, names, split_front_matter, zone

MARKDOWN = (".md", ".markdown")
MAPPED_KEYS = frozenset({"title", "date", "updated", "tags", "categories", "published",
                         "abbrlink", "permalink", "description", "excerpt", "cover",
                         "series", "hidden", "hide", "sticky", "top", "toc", "slug",
                         "thumbnail", "index_img"})
"""Front-matter keys of a post whose meaning the import keeps."""



def hierarchies(value: Any) -> list[list[str]]:
    """Hexo's categories: `A` is one, `[A, B]` one hierarchy A › B, `[[A, B], [C]]` two
    (once one entry is a list, every entry is a hierarchy of its own)."""
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        return [[str(value)]]
    if any(isinstance(v, list) for v in value):
        return [names(v) for v in value if names(v)]
    flat = names(value)
    return [flat] if flat else []


def missing_value(key: str) -> str:
    """Why a post whose front matter lacks a value of the permalink has no alias."""
    if key == "abbrlink":
        # hexo-abbrlink hashes the title and the date as the build machine's JavaScript
        # wrote it (`Fri Dec 20 2024 18:00:00 GMT+0800 (China Standard Time)`), bumps a
        # clash by one in build order, and writes the result back into the post: one
        # missing here was made on a machine whose zone and order are not known.
        return ("no `abbrlink` in the front matter: hexo-abbrlink made this post's old "
                "URL when the site was built (from its title and the build machine's "
                "spelling of its date) and it cannot be made again here, so the post gets "
                "no alias: add its old URL to `aliases:` to keep it answering")
    return (f"the permalink's `:{key}` has no value in this post: its old URL is not "
            "known, so the post gets no alias")


_RENDERERS = re.compile(r'"(hexo-renderer-(?:marked|kramed|pandoc|markdown-it(?:-plus)?|'
                        r'multi-markdown-it))"\s*:')


def markdown_renderer(package: str) -> str | None:
    """The Markdown renderer of `package.json` that rendered the posts: of several (a
    site that added hexo-renderer-pandoc and kept marked), the one registered last, as
    Hexo loads its plugins in the order `package.json` lists them (npm's alphabetical
    one); None if none is named."""
    found = _RENDERERS.findall(package)
    return found[-1] if found else None


def js_string(value: Any) -> str:
    """A front-matter value as Hexo's permalink wrote it (JavaScript's `String()`): a
    list `[y-combinator]` is `y-combinator` (items joined by commas), not Python's
    `['y-combinator']`; `true` is `true`."""
    if isinstance(value, list):
        return ",".join("" if item is None else js_string(item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def singular_keys(data: dict[str, Any]) -> dict[str, Any]:
    """`tag:` and `category:` as Hexo's post processor reads them: `tags` and
    `categories`, unless those are there too."""
    data = dict(data)
    for one, many in (("tag", "tags"), ("category", "categories")):
        if data.get(one) and not data.get(many):
            data[many] = data.pop(one)
    return data


class Hexo(HexoSettings, HexoBodies):
    kind = "hexo"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.files = source / "source"
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config, error = load_mapping("yaml", read_text(source / "_config.yml"))
        if error:
            report.warn("_config.yml", None, f"could not read it: {error}")
        self.theme = self.theme_config()
        self.theme_source = source / "themes" / str(self.config.get("theme") or "-") / "source"
        self.tz = zone(options.timezone or self.config.get("timezone"))
        root = str(self.config.get("root") or "/")
        self.root = "/" + root.strip("/") + "/" if root.strip("/") else "/"
        self.table = LinkTable(self.site)
        self.posts: list[tuple[Item, str, Path]] = []
        self.terms: list[tuple[Item, list[list[str]], list[str]]] = []
        """Each post's category hierarchies and tags as Hexo had them (for old URLs)."""
        self.by_name: dict[str, Item] = {}
        self.by_source: dict[Path, Item] = {}
        language = self.config.get("language")  # Hexo allows a list: the first is the site's
        self.language = language_tag(language[0] if isinstance(language, list) and language
                                     else language, "")
        package = source / "package.json"
        renderer = markdown_renderer(read_text(package)) if package.is_file() else None
        self.marked = renderer == "hexo-renderer-marked" if package.is_file() else True
        # hexo-renderer-pandoc made pandoc's ids (lower case: GitHub's are the nearest);
        # marked, markdown-it and kramed made hexo-util's `slugize` ones.
        self.heading_ids = "github" if renderer == "hexo-renderer-pandoc" else "hexo"
        self.breaks = self.line_breaks()
        self.prepend_root = self.marked_prepends_root(read_text(package)
                                                      if package.is_file() else "")
        category_map = self.config.get("category_map")
        self.category_map = category_map if isinstance(category_map, dict) else {}

    def line_breaks(self) -> bool:
        """Whether the renderer made a line end inside a paragraph a `<br>`: marked's
        `breaks`, on unless `marked: {breaks: false}` says otherwise, or markdown-it's
        `markdown: {render: {breaks: true}}`."""
        marked = self.config.get("marked")
        markdown = self.config.get("markdown")
        render = markdown.get("render") if isinstance(markdown, dict) else None
        if self.marked:
            return bool_of(marked.get("breaks", True) if isinstance(marked, dict) else True)
        return isinstance(render, dict) and bool_of(render.get("breaks", False))

    def marked_prepends_root(self, package: str) -> bool:
        """Whether hexo-renderer-marked put `root` before a Markdown image's relative
        path that is no asset of the post (`![](img/a.svg)` → `/img/a.svg`, a file of
        `source/img/`): its `prependRoot`, on by default since version 5, off under
        `relative_link`."""
        marked = self.config.get("marked")
        if not self.marked or bool_of(self.config.get("relative_link")):
            return False
        if isinstance(marked, dict) and "prependRoot" in marked:
            return bool_of(marked["prependRoot"])
        version = re.search(r'"hexo-renderer-marked"\s*:\s*"[^"\d]*(\d+)', package)
        return version is None or int(version.group(1)) >= 5

    def theme_config(self) -> dict[str, Any]:
        theme = str(self.config.get("theme") or "")
        for path in (self.source / f"_config.{theme}.yml",
                     self.source / "themes" / theme / "_config.yml"):
            if theme and path.is_file():
                data, _error = load_mapping("yaml", read_text(path))
                return data
        return {}

    # --- the steps ---------------------------------------------------------------------

    def run(self) -> NewSite:
        self.read_posts()
        self.read_pages()
        if not self.language:
            self.language = guess_language([text for _, text, _ in self.posts])
            self.report.note("_config.yml", None, f"no `language`: the posts read as "
                             f"`{self.language}`, so the new site is in it (`language` in "
                             "lanting.toml changes it)")
        for item, text, path in self.posts:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        if self.report.converted["line ends as hard breaks (breaks: true)"]:
            self.report.note("_config.yml", None, "`breaks: true` (the renderer's "
                             "setting, marked's default): a line end inside a paragraph was "
                             "a line break; Lanting joins such lines, so the import ends "
                             "each with `\\` (a hard break)")
        self.copy_static()
        self.write_config()
        self.listing_redirects()
        return self.site

    # --- posts --------------------------------------------------------------------------

    def post_files(self) -> list[tuple[Path, bool]]:
        found = []
        for folder, drafted in (("_posts", False), ("_drafts", True)):
            root = self.files / folder
            for path in walk(root) if root.is_dir() else []:
                if path.suffix.lower() in MARKDOWN and not self.in_asset_folder(path, root):
                    found.append((path, drafted))
        return found

    @staticmethod
    def in_asset_folder(path: Path, root: Path) -> bool:
        """A Markdown file inside a post's asset folder is a resource, not a post."""
        return any((parent.parent / f"{parent.name}.md").is_file()
                   for parent in path.parents if parent != root and parent.is_relative_to(root))

    def pattern(self) -> str:
        return str(self.options.permalink or self.config.get("permalink")
                   or ":year/:month/:day/:title/")

    def read_posts(self) -> None:
        pattern = self.pattern()
        for path, drafted in self.post_files():
            text = read_text(path)
            fmt, head, body, _first = split_front_matter(text)
            data, error = load_mapping(fmt or "yaml", head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error}): the post is "
                                 "imported without it")
            data = singular_keys(data)
            root = self.files / ("_drafts" if drafted else "_posts")
            name = path.relative_to(root).with_suffix("").as_posix()
            named_date, title_part = self.from_file_name(path.relative_to(root).as_posix())
            date = date_of(data, head, "date", self.tz) or named_date
            if date is None:
                date = mtime(path, self.tz)
                self.report.warn(path, None, "no date in the front matter: the file's "
                                 "modification time is used")
            draft = drafted or not bool_of(data.get("published", True))
            slug = slug_of(title_part or path.stem)
            front = self.front(data, head, path, date)
            if draft:
                front["draft"] = True
            item = self.site.add(Item("post", slug, path, front, draft=draft))
            self.terms.append((item, hierarchies(data.get("categories")),
                               names(data.get("tags"))))
            self.report.counts["drafts" if draft else "posts"] += 1
            if not draft:
                url = self.old_url(data, pattern, date, title_part or name, path)
                item.old_urls = [url] if url else []
                for url in item.old_urls:
                    self.table.add(url, item)
            self.by_name[name] = item
            self.by_name.setdefault(path.stem, item)
            self.by_name.setdefault(str(front["title"]), item)
            self.by_source[path.resolve()] = item
            self.posts.append((item, body, path))

    def from_file_name(self, rel: str) -> tuple[When | None, str]:
        """What Hexo reads from a post's file name by `new_post_name` (`:year-:month-:day-
        :title.md`): its date (used when the front matter has none) and its title part,
        the post's `:title` in URLs."""
        given = str(self.config.get("new_post_name") or ":title.md")
        if ":title" not in given or not re.search(r":(year|month|i_month|day|i_day)", given):
            return None, ""
        tokens = {"year": r"(?P<year>\d{4})", "month": r"(?P<month>\d{2})",
                  "i_month": r"(?P<month>\d{1,2})", "day": r"(?P<day>\d{2})",
                  "i_day": r"(?P<day>\d{1,2})", "title": r"(?P<title>.+)"}
        regex = "".join(tokens.get(m.group(1), ".+?") if m.group(1) else re.escape(m.group())
                        for m in re.finditer(r":(\w+)|[^:]+|:", given))
        found = re.fullmatch(regex, rel) or re.fullmatch(regex, rel.rsplit("/", 1)[-1])
        if found is None:
            return None, ""
        parts = found.groupdict()
        moment = None
        if parts.get("year") and parts.get("month") and parts.get("day"):
            try:
                moment = dt.datetime(int(parts["year"]), int(parts["month"]), int(parts["day"]),
                                     tzinfo=self.tz)
            except ValueError:
                moment = None
        return (When(moment, day_only=True) if moment else None), parts.get("title") or ""

    def old_url(self, data: dict[str, Any], pattern: str, date: When, name: str,
                path: Path) -> str | None:
        """The post's URL on the old site, from the site's root (without `root`, which
        the new site's `base_url` holds, as aliases and `[redirects]` are); None (with a
        warning) when the permalink names a value the post does not have."""
        own = data.get("permalink")
        if isinstance(own, str) and own.strip():
            url = own.strip().lstrip("/")
            if not url.endswith(("/", ".html")) and bool_of(self.config.get("post_asset_folder")):
                url += "/"
            return "/" + url
        moment = date.in_zone(self.tz)
        hierarchy = next(iter(hierarchies(data.get("categories"))), [])
        category = "/".join(str(self.category_map.get(c, slug_of(c))) for c in hierarchy) \
            or str(self.config.get("default_category") or "uncategorized")
        values: dict[str, str] = {
            "year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
            "day": f"{moment.day:02d}", "i_month": str(moment.month), "i_day": str(moment.day),
            "hour": f"{moment.hour:02d}", "minute": f"{moment.minute:02d}",
            "second": f"{moment.second:02d}", "timestamp": str(int(moment.timestamp())),
            "title": name, "name": Path(name).name, "category": category,
            "post_title": slug_of(str(data.get("title") or name)),
            "hash": hashlib.sha1((Path(name).name + str(int(moment.timestamp() * 1000)))
                                 .encode()).hexdigest()[:12],
        }

        missing: list[str] = []

        def fill(match: re.Match[str]) -> str:
            key = match.group(1)
            if key in values:
                return values[key]
            if key in data and data[key] not in (None, "", []):
                return js_string(data[key])
            missing.append(key)
            return match.group()

        url = re.sub(r":([A-Za-z_]+)", fill, pattern)
        if missing:
            self.report.warn(path, None, missing_value(missing[0]))
            return None
        return "/" + url.lstrip("/")

    def front(self, data: dict[str, Any], head: str, path: Path, date: When) -> dict[str, Any]:
        front: dict[str, Any] = {"title": str(data.get("title") or path.stem).strip(),
                                 "date": date}
        updated = date_of(data, head, "updated", self.tz)
        if updated is not None:
            front["updated"] = updated
        summary = summary_of(data, "description", "excerpt")
        if summary:
            front["summary"] = summary
        front["tags"] = names(data.get("tags"))
        leaves = [h[-1] for h in hierarchies(data.get("categories"))]
        front["categories"] = list(dict.fromkeys(leaves))
        if any(len(h) > 1 for h in hierarchies(data.get("categories"))):
            self.report.convert("nested categories (leaf kept)")
        if isinstance(data.get("series"), str) and data["series"].strip():
            front["series"] = data["series"].strip()
        if data.get("toc") is False:
            front["toc"] = False
        # (Icarus: `thumbnail`; Fluid: `index_img`, the picture of the post in lists)
        cover = data.get("cover") or data.get("thumbnail") or data.get("index_img")
        if isinstance(cover, str) and cover:
            front["cover"] = self.cover(cover, path)
        params: dict[str, Any] = {}
        hidden = data.get("hidden", data.get("hide"))
        if bool_of(hidden):
            front["unlisted"] = True
            key = "hidden" if "hidden" in data else "hide"
            self.report.convert(f"`{key}: true` → `unlisted: true`")
            self.report.note(path, key_line(head, key), f"`{key}: true`: imported as "
                             "`unlisted: true` (its page answers at its URL; no listing, "
                             "feed, sitemap or search shows it)")
        sticky = data.get("sticky", data.get("top"))
        if sticky not in (None, False, 0, ""):
            params["sticky"] = sticky
        if params:
            front["params"] = params
        dropped = [k for k in data if k not in MAPPED_KEYS]
        if "slug" in data:
            self.report.note(path, key_line(head, "slug"), "`slug` left out: Hexo ignored it "
                             "too (the file name is the slug)")
        if dropped:
            self.report.note(path, 2, "front matter not needed in Lanting, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        return front

    def cover(self, value: str, path: Path) -> str:
        if value.startswith(("http://", "https://", "//")):
            return value
        file = self.files / value.lstrip("/") if value.startswith("/") \
            else path.with_suffix("") / value
        if file.is_file():
            return self.site.image(file, "/" + file.relative_to(self.files).as_posix()
                                   if value.startswith("/") else None)
        themed = theme_file(self.theme_source, value)
        if themed is not None:
            return self.site.image(themed, unquote(value))
        self.report.warn(path, None, f"cover image `{value}` not found: left out")
        return ""

    # --- pages --------------------------------------------------------------------------------

    def read_pages(self) -> None:
        for path in walk(self.files) if self.files.is_dir() else []:
            rel = path.relative_to(self.files)
            if path.suffix.lower() not in MARKDOWN or any(p.startswith("_") for p in rel.parts):
                continue
            if any(fnmatch(rel.as_posix(), str(p)) for p in self.skip_render()):
                continue
            fmt, head, body, _first = split_front_matter(read_text(path))
            data, _error = load_mapping(fmt or "yaml", head)
            if rel.as_posix() in GENERATED:
                continue  # (copy_static says it is left out: two sources of one URL)
            if str(data.get("permalink") or "").strip("/") in GENERATED:
                self.report.note(path, key_line(head, "permalink"), "left out: Lanting "
                                 f"makes its own {str(data['permalink']).strip('/')}")
                continue
            kind = str(data.get("type") or data.get("layout") or "")
            links = self.files / "_data" / "link.yml"
            if kind == "link" and links.is_file():  # (Butterfly's friends, in `_data/`)
                body = "\n\n".join(t for t in (body.strip(), friend_links(read_text(links)))
                                     if t)
            if kind in ("tags", "categories", "archives", "music", "movies") \
                    or not body.strip():
                self.report.note(path, None, "left out: a page Lanting makes itself"
                                 + (f" (type `{kind}`)" if kind else ""))
                continue
            folder = rel.parent.as_posix()
            stem = rel.parent.name if path.stem == "index" and folder != "." else path.stem
            slug = slug_of(stem)
            front: dict[str, Any] = {"title": str(data.get("title") or stem)}
            summary = summary_of(data, "description")
            if summary:
                front["summary"] = summary
            item = self.site.add(Item("page", slug, path, front))
            old = ("/" + folder + "/" if path.stem == "index" and folder != "."
                   else "/" + rel.with_suffix(".html").as_posix())
            item.old_urls = [old]
            for url in item.old_urls:
                self.table.add(url, item)
            self.report.counts["pages"] += 1
            self.posts.append((item, body, path))

    def skip_render(self) -> list[str]:
        value = self.config.get("skip_render") or []
        return [str(v) for v in (value if isinstance(value, list) else [value])]
