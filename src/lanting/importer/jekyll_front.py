"""A Jekyll post's or page's front matter for Lanting: the keys Lanting reads
(`title`, `date`, `last_modified_at`, `excerpt`, `tags`, `categories`, a cover
`image`, Chirpy's `pin`, `hidden`), under the defaults `_config.yml` gives by scope
(`defaults:`); the others are named in the report as left out."""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.common import bool_of, first_date, summary_of, tags_of
from lanting.importer.jekyll_decks import marp_front
from lanting.importer.jekyll_languages import language_keys
from lanting.importer.jekyll_layouts import layout_image_folders
from lanting.importer.jekyll_markups import post_text
from lanting.importer.kramdown import title_math
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import (
    When,
    key_line,
    load_mapping,
    names,
    parse_when,
    split_front_matter,
)

COVER_KEYS = ("image", "thumbnail", "header", "thumbnail-img", "cover-img", "share-img",
              "header-img", "cover", "article_header")
"""Where a theme takes a post's picture from, the first found used: `image` (Chirpy's,
So Simple's and Hydejack's, a path or `path:`), minimal-mistakes' `header:` (`teaser`,
`image`, `overlay_image`), Beautiful Jekyll's `thumbnail-img`, `cover-img` and
`share-img`, the Hux blog's (and its forks') `header-img`, TeXt's `cover` and
`article_header: {image: {src: …}}`."""
MAPPED_KEYS = frozenset({"title", "date", "categories", "category", "tags", "tag", "published",
                         "slug", "excerpt", "description", "summary", "subtitle", *COVER_KEYS,
                         "last_modified_at", "last_updated", "lastmod", "updated",
                         "redirect_from", "permalink", "hidden", "featured", "redirect", "pin",
                         "excerpt_separator"})
"""Front-matter keys of a post whose meaning the import keeps."""
SUMMARY_KEYS = ("excerpt", "description", "summary", "subtitle")
"""A post's summary: its excerpt or description; else the subtitle the Hux blog and
Beautiful Jekyll show under the title and in their lists (`summary:`: a blog's own key
for its SEO text, written by hand for each post)."""


def covers_of(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(key, path) of each picture a post's front matter names (`COVER_KEYS`), in order."""
    found = []
    for key in COVER_KEYS:
        value = data.get(key)
        if isinstance(value, dict):  # (`path:`; minimal-mistakes' `header:`, TeXt's)
            value = next((value[k] for k in _PICTURE_KEYS if value.get(k)), None)
            value = value.get("src") if isinstance(value, dict) else value
        elif key == "header":  # (another theme's `header: false`)
            continue
        if isinstance(value, list) and value:  # (Beautiful Jekyll's `cover-img` list, each
            value = value[0]  # a path or `{path: caption}`)
            value = next(iter(value), None) if isinstance(value, dict) else value
        if isinstance(value, str) and value.strip():
            found.append((key, value.strip()))
    return found


_PICTURE_KEYS = ("path", "url", "teaser", "image", "overlay_image", "feature", "src",
                 "background_image")
"""Keys of a picture in a mapping: So Simple's `image: {path:}`, minimal-mistakes'
`header: {teaser:, image:, overlay_image:}` (older themes' `image: {feature:}`), TeXt's
`article_header: {image: {src:}}` or `{background_image: {src:}}`)."""
DEFAULT_KEYS = frozenset({"permalink", "published", "author", "categories", "category",
                          "tags", "tag"})
"""Keys of `_config.yml` `defaults:` that change a post's URL, publication or terms (the
theme-only ones, `layout`, `comments`, `toc`, are left to the theme)."""


class JekyllFront:
    """The front matter side of the Jekyll importer."""

    source: Path
    config: dict[str, Any]
    report: Report
    site: NewSite
    tz: dt.tzinfo
    author: str
    baseurl: str
    chirpy: bool
    media_base: dict[Path, str]
    media_cdn: str

    def front_defaults(self, path: Path, kind: str) -> dict[str, Any]:
        """Front matter `_config.yml` gives by scope (`defaults:`), under a file's own:
        Chirpy's posts have `permalink: /posts/:title/` there (their old URLs were taken
        as the date style's). A scope with a longer path, then one naming the type, wins."""
        rel = path.relative_to(self.source).as_posix()
        found: list[tuple[tuple[int, bool], dict[str, Any]]] = []
        for entry in self.config.get("defaults") or []:
            scope = entry.get("scope") if isinstance(entry, dict) else None
            values = entry.get("values") if isinstance(entry, dict) else None
            if not isinstance(scope, dict) or not isinstance(values, dict):
                continue
            where = str(scope.get("path") or "").strip("/")
            if where and not (fnmatch(rel, where) or rel.startswith(where + "/")):
                continue
            if scope.get("type") and scope.get("type") != kind:
                continue
            found.append(((len(where), bool(scope.get("type"))), values))
        merged: dict[str, Any] = {}
        for _rank, values in sorted(found, key=lambda f: f[0]):
            merged.update({k: v for k, v in values.items() if k in DEFAULT_KEYS})
        return merged

    def categories(self, data: dict[str, Any], folders: list[str]) -> list[str]:
        if data.get("category") not in (None, ""):
            own = [str(data["category"])]
        else:
            own = names(data.get("categories"), split_spaces=True)
        return list(dict.fromkeys([*folders, *own]))

    def categorized(self, files: list[tuple[Path, list[str], bool]]) -> bool:
        """Whether a post of (file, its folders' categories, is a draft) that was
        published has a category, from its folders or its front matter."""
        for path, folders, drafted in files:
            fmt, head = split_front_matter(post_text(path))[:2]
            data = load_mapping(fmt or "yaml", head)[0]
            if not drafted and self.categories(
                    {**self.front_defaults(path, "posts"), **data}, folders):
                return True
        return False

    def front(self, data: dict[str, Any], head: str, path: Path, date: When,
              categories: list[str]) -> dict[str, Any]:
        front: dict[str, Any] = {"title": title_math(str(data.get("title") or path.stem)
                                                       .strip()), "date": date}
        updated = first_date(data, head, ("last_modified_at", "last_updated", "lastmod",
                                          "updated"), self.tz)
        if updated is not None:
            front["updated"] = updated
        summary = summary_of(data, *SUMMARY_KEYS)
        if summary:
            front["summary"] = summary
        front["tags"] = tags_of(data, split_spaces=True)
        front["categories"] = categories
        if data.get("toc") is False:
            front["toc"] = False
        covers = covers_of(data)  # (the first found: TeXt's `cover` may name a file
        # renamed since, its `article_header` picture the one in the site)
        cover = next((c for _key, value in covers if (c := self.cover(value, path, warn=False))),
                     None)
        if covers:
            front["cover"] = cover or self.cover(covers[0][1], path, key_line(head, covers[0][0]))
        params: dict[str, Any] = {}
        if bool_of(data.get("hidden")):
            front["unlisted"] = True
            self.report.convert("`hidden: true` → `unlisted: true`")
            self.report.note(path, key_line(head, "hidden"), "`hidden: true`: imported as "
                             "`unlisted: true` (its page answers at its URL; no listing, "
                             "feed, sitemap or search shows it)")
        if data.get("featured"):
            params["featured"] = True
        if data.get("pin") is True:  # (Chirpy: pinned to the top of the home page)
            params["sticky"] = True
        author = data.get("author")
        if isinstance(author, str) and author and author != self.author:
            params["author"] = author
        if isinstance(data.get("redirect"), str):
            params["external_url"] = data["redirect"]
        if params:
            front["params"] = params
        used = MAPPED_KEYS | ({"author"} if "author" in params else set()) \
            | ({"toc"} if data.get("toc") is False else set()) | language_keys(data) \
            | set(marp_front(data))  # (a Marp deck's, its talk's)
        dropped = [k for k in data if k not in used]
        if dropped:
            self.report.note(path, 2, "front matter not needed in Lanting, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        return front

    def cover(self, value: str, path: Path, line: int | None = None, warn: bool = True) -> str:
        """The new site's path of the picture `value` names; "" when the site has not
        the file (reported unless `warn` is false)."""
        media = self.media_base.get(path)
        if media and not value.startswith("/") and "://" not in value:
            value = media.rstrip("/") + "/" + value  # (Chirpy: `image.path` in `media_subpath`)
        if self.chirpy and not value.startswith("/") and "://" not in value:
            # (Chirpy's `img-url.html` made `/` + the path, which the browser read from the
            # root: `../assets/img/x.png` was /assets/img/x.png)
            value = posixpath.normpath("/" + value)
        local = self.source / value.lstrip("/").removeprefix(self.baseurl.lstrip("/"))
        url = value if value.startswith("/") else "/" + value
        if value.startswith(("http://", "https://")):
            return value
        rooted = posixpath.normpath("/" + value)
        if not local.is_file() and not value.startswith("/") and ".." in value.split("/") \
                and (self.source / rooted.lstrip("/")).is_file():
            # (H2O's `cover: '../assets/img/face.jpg'`, printed as it is into the home
            # page's cards, where the browser read it from the root: /assets/img/face.jpg)
            local, url = self.source / rooted.lstrip("/"), rooted
        if not local.is_file() and not value.startswith("/") and ":" not in value:
            # (`image: motoko.jpg`; `teaser: 2023-scaling/teaser.png`, under `/images/`)
            local, url = next(((self.source / folder.lstrip("/") / value, folder + value)
                               for folder in layout_image_folders(self.source)
                               if (self.source / folder.lstrip("/") / value).is_file()),
                              (local, url))
        if local.is_file():
            return self.site.image(local, url)
        if self.media_cdn:
            self.report.convert("images on the old site's media CDN (Chirpy's `cdn`)")
            return self.media_cdn + url
        if warn and (value.endswith("/") or local.is_dir()):
            # (`image: '/assets/img/'`, a post template's empty default: the old page's
            # `<img src>` named a folder and showed no picture either)
            self.report.note(path, line, f"cover image `{value}`, a folder and no image: "
                             "left out")
        elif warn:
            self.report.warn(path, line, f"cover image `{value}` not found: left out")
        return ""


_PAST_MONTH_END = re.compile(r"\s*(\d{4})-(\d{1,2})-(29|30|31)(?!\d)(.*)", re.DOTALL)


_DAY_FIRST = re.compile(r"\s*(\d{1,2})([-.])(\d{1,2})\2(\d{4})(?=$|[T ])(.*)", re.DOTALL)


def day_first(text: str, tz: dt.tzinfo) -> When | None:
    """`31-01-2020` or `31.01.2020`: the day first, as Ruby's `Time.parse` (Jekyll) reads
    a date ending in a four-digit year (Quarto reads `10-01-2023` month first, so this is
    Jekyll's only); None for any other text. The post took its file's time, with a
    warning."""
    found = _DAY_FIRST.match(text)
    if found is None:
        return None
    day, _dash, month, year, rest = found.groups()
    return parse_when(None, f"{year}-{int(month):02d}-{int(day):02d}{rest.rstrip()}", tz)


def rolled_over(text: str, tz: dt.tzinfo) -> When | None:
    """A date a day or two past its month's end (`2023-02-29 13:00:00 +0900`, in a
    file name or the front matter) as Ruby's `Time.parse`, and so Jekyll, read it: the
    days over run into the next month (2023-03-01); None for any other text. The import
    took it for no date and dated the post by its file's time, with a warning."""
    found = _PAST_MONTH_END.match(text)
    if found is None or not 1 <= int(found.group(2)) <= 12:
        return None
    first = parse_when(None, f"{found.group(1)}-{int(found.group(2)):02d}-01{found.group(4)}",
                       tz)
    if first is None:
        return None
    return When(first.moment + dt.timedelta(days=int(found.group(3)) - 1), first.day_only,
                first.utc_z)
