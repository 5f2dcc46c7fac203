"""A Hexo post's front matter and old URL: Hexo's keys mapped to Lanting's (categories
as hierarchies, `hidden`, `sticky`, a cover from Butterfly, Icarus or Fluid), the date and
title part of the file name (`new_post_name`), and the permalink pattern filled in as Hexo
filled it."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.common import bool_of, date_of, summary_of, without_dot_segments
from lanting.importer.hexo_pinyin import pinyin_permalink
from lanting.importer.hexo_themes import theme_file
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import When, key_line, load_mapping, names
from lanting.model.names import hexo_slugize

MAPPED_KEYS = frozenset({"title", "date", "updated", "tags", "categories", "published",
                         "abbrlink", "permalink", "description", "excerpt", "cover",
                         "series", "hidden", "hide", "sticky", "top", "pin", "toc", "slug",
                         "thumbnail", "index_img", "password"})
"""Front-matter keys of a post whose meaning the import keeps."""



def hexo_fences(text: str) -> str:
    """A post whose front matter is fenced by `----` (any run of three or more dashes,
    the closing one as long), which hexo-front-matter reads, with `---` fences: else
    the front matter was the body's text and the post lost its title and date."""
    match = re.match(r"(-{4,})[ \t]*\n(?:.*\n)*?\1[ \t]*(?:\n|$)", text)
    if match is None:
        return _opened(text)
    fence = match.group(1)
    head = match.group()[len(fence):].rstrip()[:-len(fence)]
    return "---" + head + "---" + text[match.end() - (1 if match.group().endswith("\n")
                                                     else 0):]


_CLOSED_ONLY = re.compile(r"\ufeff*((?:(?!-{3}|;{3}).).*?)\r?\n-{3,}(?:\r?\n|$)", re.DOTALL)
"""Front matter closed by a line of dashes, with none above it, as hexo-front-matter
reads it (its "new" style, `title: …` on the first line): the text before the first line
of three or more dashes (nothing else on it)."""


def _opened(text: str) -> str:
    """A post whose front matter has no opening `---` (`title: Hello` on its first line,
    `---` after `tags:`), given one. Hexo read it as front matter when it is a mapping of
    YAML; Lanting read the post as having none, and showed it as the body's first
    paragraph, the post dated by the file's time (9 posts of a 2015 blog)."""
    match = _CLOSED_ONLY.match(text)
    if match is None:
        return text
    data, error = load_mapping("yaml", hexo_tabs(match.group(1)))
    if error or not data:
        return text  # (prose above a thematic break: Hexo read no front matter either)
    return "---\n" + match.group(1) + "\n---\n" + text[match.end():]


def hexo_tabs(head: str) -> str:
    """A front matter as hexo-front-matter hands it to js-yaml: each tab opening a line
    (after the first) two spaces, so `tags:` over `<tab>- Java` is a list of tags, where
    YAML refuses tabs as indentation and the post lost its front matter."""
    return re.sub(r"\n(\t+)", lambda m: "\n" + "  " * len(m.group(1)), head)


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


class HexoFront:
    """The front matter side of the Hexo importer."""

    files: Path
    report: Report
    site: NewSite
    config: dict[str, Any]
    tz: dt.tzinfo
    category_map: dict[Any, Any]
    theme_source: Path
    pinyin: dict[str, Any] | None
    asks_mermaid: bool
    """hexo-permalink-pinyin's settings when it rewrote the posts' URLs."""

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
            return "/" + self.filtered(url)
        moment = date.in_zone(self.tz)
        hierarchy = next(iter(hierarchies(data.get("categories"))), [])
        # (Hexo's category slug: `category_map`'s name for it, slugized with its case
        # kept, `filename_case` aside: `Machine Learning` is `Machine-Learning/`)
        case = int(self.config.get("filename_case") or 0)
        category = "/".join(hexo_slugize(str(self.category_map.get(c) or c), case)
                            for c in hierarchy) \
            or str(self.config.get("default_category") or "uncategorized")
        values: dict[str, str] = {
            "year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
            "day": f"{moment.day:02d}", "i_month": str(moment.month), "i_day": str(moment.day),
            "hour": f"{moment.hour:02d}", "minute": f"{moment.minute:02d}",
            "second": f"{moment.second:02d}", "timestamp": str(int(moment.timestamp())),
            "title": name, "name": Path(name).name, "category": category,
            # (Hexo set a post's `slug` to the file name's `:title` part, whatever the
            # front matter said: `permalink: :slug/` is the file name's)
            "slug": name,
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
        return "/" + self.filtered(url.lstrip("/"))

    def filtered(self, url: str) -> str:
        """A post's permalink (from the site's root, no leading `/`) after the plugins'
        `post_permalink` filters: hexo-permalink-pinyin's Latin letters."""
        settings = self.pinyin
        if settings is None:
            return url
        self.report.convert("old URLs in pinyin (hexo-permalink-pinyin)")
        return pinyin_permalink(url, settings)

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
        # (Butterfly's, NexT's, Fluid's `sticky`, Matery's `top`, Volantis' `pin`)
        sticky = data.get("sticky", data.get("top", data.get("pin")))
        if sticky not in (None, False, 0, ""):
            params["sticky"] = sticky
        if params:
            front["params"] = params
        # (Stellar and Fluid load Mermaid on a page whose front matter asks for it)
        self.asks_mermaid = self.asks_mermaid or bool_of(data.get("mermaid"))
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
        asset = own_asset(value, path)
        if asset is not None:
            return self.site.image(asset, None)
        # (the themes print it with `url_for`, which puts the root before a relative
        # path: `./images/a.jpg` was `/images/a.jpg`, a file of `source/`)
        rooted = without_dot_segments("/" + unquote(value))
        if (self.files / rooted.lstrip("/")).is_file():
            return self.site.image(self.files / rooted.lstrip("/"), rooted)
        self.report.warn(path, None, f"cover image `{value}` not found: left out")
        return ""


def own_asset(url: str, path: Path) -> Path | None:
    """The file of the post at `path`'s asset folder that `url` names at the post's old
    URL (`thumbnail: /2022/01/14/博客日记/logo.svg` beside `2022-01-14-博客日记/`): Hexo
    published the folder there, and Icarus' covers are written so. None if it is not
    one (the URL's last folder is not the end of the asset folder's name)."""
    parent, _slash, name = unquote(url.partition("?")[0]).rstrip("/").rpartition("/")
    folder = path.with_suffix("")
    title = parent.rpartition("/")[2]
    file = folder / name
    return file if name and title and folder.name.endswith(title) and file.is_file() \
        else None


def locked_by_title(config: dict[str, Any], title: Any) -> bool:
    """Whether hexo-blog-encrypt 1.x's `encrypt: blogs:` of `_config.yml` gives the post
    of this title a password (`- {title: 日记, password: x}`): it was shown only to who
    typed it, as one with a `password:` of its own was."""
    encrypt = config.get("encrypt")
    entries = encrypt.get("blogs") if isinstance(encrypt, dict) else None
    return isinstance(entries, list) and any(
        isinstance(e, dict) and e.get("password") not in (None, "")
        and str(e.get("title") or "").strip() == str(title or "").strip() != ""
        for e in entries)


def locking_tag(config: dict[str, Any], tags: list[str]) -> str | None:
    """The first of a post's tags that hexo-blog-encrypt's `encrypt: tags:` of
    `_config.yml` gives a password (`- {name: 私密, password: x}`): the post was shown
    only to who typed it, as one with a `password:` of its own was."""
    encrypt = config.get("encrypt")
    entries = encrypt.get("tags") if isinstance(encrypt, dict) else None
    locked = {str(e.get("name")) for e in entries if isinstance(e, dict)
              and e.get("password") not in (None, "")} if isinstance(entries, list) else set()
    return next((tag for tag in tags if tag in locked), None)


def lock_reason(config: dict[str, Any], data: dict[str, Any]) -> tuple[str, str] | None:
    """(why, the front matter key saying so) when hexo-blog-encrypt showed a post or a
    page only to who typed a password: its own `password:`, else its tag's (`encrypt:
    tags:`), else its title's (1.x's `encrypt: blogs:`); None when it did not
    (`password: ''` turns the others off)."""
    password = data.get("password")
    if password is not None:
        return ("by a password (hexo-blog-encrypt)", "password") if password else None
    tag = locking_tag(config, names(data.get("tags")))
    if tag is not None:
        return (f"by the password of its tag `{tag}` (hexo-blog-encrypt's `encrypt: "
                "tags:`)", "tags")
    if locked_by_title(config, data.get("title")):
        return ("by the password that `encrypt: blogs:` gives its title "
                "(hexo-blog-encrypt 1.x)", "title")
    return None
