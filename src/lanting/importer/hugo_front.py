"""A Hugo post's front matter → Lanting's: the keys Hugo reads in any case
(`hugo_keys`), the dates in Hugo's order (`DATES`), title, `lastmod`, summary, tags,
series, table of contents and the cover (given, or a bundle's `feature*` image); what
Lanting has no place for is reported."""

from __future__ import annotations

import datetime as dt
import fnmatch
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import first_date, is_image, summary_of
from lanting.importer.item import Item
from lanting.importer.markups import page_text
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import When, key_line, names

MAPPED_KEYS = frozenset({"title", "date", "publishDate", "pubdate", "published", "lastmod",
                         "modified", "expiryDate", "unpublishdate", "draft", "tags",
                         "categories", "summary", "description", "slug", "url", "aliases",
                         "series", "weight", "cover", "image", "featuredImage", "ShowToc",
                         "toc", "translationKey", "password", "series_order", "series_weight",
                         "showTableOfContents", "featureimage", "unlisted", "hidden",
                         "build", "_build", "collections"})


_READ_KEYS = MAPPED_KEYS | {"layout", "type", "params", "headless", "abstract", "featured",
                           "external_link", "event", "event_url", "publication",
                           "publication_types", "doi", "slides", "role", "authors"}
_BY_LOWER = {key.lower(): key for key in _READ_KEYS}
_BY_LOWER["showtoc"] = "ShowToc"
_BUNDLE_COVERS = ("*feature*", "*cover*", "*thumbnail*")
"""A bundle's image Blowfish and Congo show as its cover, in this order of preference."""


def hugo_keys(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with its top-level keys spelt as the importer reads them: Hugo takes front
    matter keys in any case (`ShowToc`, `showToc`, `Title`), so a post's `showToc: false`
    or `Title:` was not read. A key written in both spellings keeps the exact one."""
    renamed = {}
    for key, value in data.items():
        known = _BY_LOWER.get(key.lower(), key) if isinstance(key, str) else key
        if known != key and known in data:
            known = key
        renamed[known] = value
    return renamed


DATES = ("date", "publishDate", "pubdate", "published", "lastmod", "modified")
"""Hugo's default order of a page's dates (its `frontmatter.date` setting)."""


class HugoFront:
    """The front matter side of the Hugo importers."""

    source: Path
    report: Report
    site: NewSite
    tz: dt.tzinfo
    image_ref: Callable[[str, Path, Path | None], str | None]

    def front(self, data: dict[str, Any], head: str, path: Path, date: When,
              bundle: Path | None) -> dict[str, Any]:
        front: dict[str, Any] = {"title": str(data.get("title") or path.stem).strip(),
                                 "date": date}
        updated = first_date(data, head, ("lastmod", "modified"), self.tz)
        # (a `lastmod` of the day of `date`, without a time, says nothing more: read as
        # midnight it would be earlier than `date`)
        same_day = updated is not None and updated.day_only \
            and updated.moment.date() == date.moment.date()
        if updated is not None and updated.moment != date.moment and not same_day:
            front["updated"] = updated
        summary = summary_of(data, "summary", "description")
        if summary:
            front["summary"] = B.plain_inline(summary)  # (Hugo renders it as Markdown)
        front["tags"] = names(data.get("tags"))
        front["categories"] = names(data.get("categories"))
        # (FixIt's `collections` taxonomy is its series)
        series = names(self.series_of(data, path, head)) or names(data.get("collections"))
        if series:
            front["series"] = series[0]
            if len(series) > 1:
                self.report.warn(path, key_line(head, "series"), "in several series: only the "
                                 f"first, `{series[0]}`, is kept")
            # (Blowfish's `series_order`, DoIt's `series_weight`, else Hugo's `weight`)
            order = data.get("series_order", data.get("series_weight", data.get("weight")))
            if isinstance(order, int) and not isinstance(order, bool):
                front["series_order"] = order
        if False in (data.get("ShowToc"), data.get("toc"), data.get("showTableOfContents")):
            front["toc"] = False
        cover = self.cover(data, path, bundle)
        if cover:
            front["cover"] = cover
        front["params"] = {}
        dropped = [k for k in data if k not in MAPPED_KEYS]
        if dropped:
            self.report.note(path, 2, "front matter not needed in Lanting, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        return front

    def series_of(self, data: dict[str, Any], path: Path, head: str) -> Any:
        """The page's `series`; one written as a mapping (`{main: 深度学习基础, subseries:
        激活函数}`, which Hugo's taxonomy reads no term of: the site's own layout grouped
        by its keys) is the name its first key gives, the others left, with a notice."""
        given = data.get("series")
        if not isinstance(given, dict):
            return given
        values = [str(v).strip() for v in given.values() if isinstance(v, (str, int))]
        if values and values[0]:
            self.report.note(path, key_line(head, "series"), f"`series` is a mapping: the "
                             f"series is `{values[0]}`, its first value; the rest is left")
            return values[0]
        self.report.warn(path, key_line(head, "series"), "`series` is a mapping with no "
                         "name first: left out")
        return None

    def cover(self, data: dict[str, Any], path: Path, bundle: Path | None) -> str:
        value = data.get("cover") or data.get("featuredImage") or data.get("image") \
            or data.get("featureimage")  # (Blowfish)
        if isinstance(value, dict):
            value = value.get("image") or value.get("filename") or value.get("src")
        if (not isinstance(value, str) or not value) and bundle is not None:
            return self.bundle_cover(bundle)
        if not isinstance(value, str) or not value:
            return ""
        if value.startswith(("http://", "https://")):
            return value
        return self.image_ref(value, path, bundle) or ""

    def bundle_cover(self, bundle: Path) -> str:
        """Blowfish and Congo show a bundle's `feature*` image (else `cover*`,
        `thumbnail*`) as its cover, with no front matter naming it: the image was lost."""
        images = sorted(f for f in bundle.iterdir() if f.is_file() and is_image(f))
        for pattern in _BUNDLE_COVERS:
            found = [f for f in images if fnmatch.fnmatch(f.name.lower(), pattern)]
            if found:
                return self.site.image(found[0], None)
        return ""

    def number_shared_parts(self, items: list[Item]) -> None:
        """Series whose parts share a `weight` (an archetype's `weight: 100` in every
        post), which Hugo sorted by weight, then by date: Lanting refuses two parts of one
        number, and the build failed. Such a series' parts are numbered 1, 2, … by
        weight, then date, oldest first (a series' reading order)."""
        groups: dict[tuple[str, str], list[Item]] = {}
        for item in items:
            if item.kind == "post" and isinstance(item.front.get("series_order"), int):
                groups.setdefault((str(item.front["series"]), item.lang), []).append(item)
        for (name, _lang), parts in sorted(groups.items()):
            orders = [int(p.front["series_order"]) for p in parts]
            if len(set(orders)) == len(orders):
                continue
            parts.sort(key=lambda p: (int(p.front["series_order"]),
                                      _moment(p.front.get("date"))))
            for number, part in enumerate(parts, 1):
                part.front["series_order"] = number
            self.report.note(parts[0].source or self.source, None, f"series `{name}`: its "
                             "parts share a `weight`; numbered 1, 2, … by weight, then "
                             "date, oldest first")


def _moment(date: Any) -> float:
    return date.moment.timestamp() if isinstance(date, When) else 0.0


_ENCRYPTOR = re.compile(r"\{\{[<%]\s*fixit-encryptor\b")
_FENCED = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)


def behind_password(path: Path, data: dict[str, Any], head: str, body: str,
                    report: Report) -> bool:
    """Whether LoveIt's or FixIt's password hid the text (`password:`), or a part of it
    (FixIt's `{{< fixit-encryptor "…" >}}…{{< /fixit-encryptor >}}`, not one shown in a
    code block): the post is then a draft, with a warning; Lanting has no password."""
    if data.get("password"):
        line, what = key_line(head, "password"), "protected by a password"
    else:
        shown = _FENCED.sub(lambda m: "\n" * m.group().count("\n"), body)
        found = _ENCRYPTOR.search(shown)
        if found is None:
            return False
        text = page_text(path)
        line = text[:len(text) - len(body)].count("\n") + shown.count("\n", 0,
                                                                    found.start()) + 1
        what = "part of it behind a password (FixIt's `fixit-encryptor`)"
    report.warn(path, line, f"{what}: imported as a draft (Lanting has no password; "
                "publishing it would show the text to everyone)")
    return True
