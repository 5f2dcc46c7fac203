"""Where Eleventy published a template: its `permalink` pattern (`/blog/{{ page.fileSlug
}}/`, `{{ title | slugify }}`, `{{ page.filePathStem }}.html`) worked out, or the default
URL (the file's path in the input folder, `x/index.md` its folder's); `page.fileSlug`,
the file's name without the date Eleventy reads from it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

from lanting.importer.eleventy_dates import formatted_date
from lanting.importer.eleventy_slugs import ELEVENTY_FILTERS, JsSlug
from lanting.importer.site import slug_of

DATE_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})-?")
"""A date leading a file's name (`2024-03-05-x.md`): Eleventy's date for it."""


def file_slug(rel: str) -> str:
    """Eleventy's `page.fileSlug`: the file's name without its date prefix; an `index`
    file's folder's name."""
    parts = rel.rsplit("/", 2)
    stem = parts[-1].rsplit(".", 1)[0]
    if stem == "index" and len(parts) > 1:
        stem = parts[-2]
    elif stem == "index":
        return ""
    return DATE_NAME.sub("", stem) or stem


_FILTERS = re.compile(r"\|\s*(slug(?:ify)?)\b")


def slug_filters(pattern: str) -> set[str]:
    """The slug filters (`slug`, `slugify`) a permalink pattern calls."""
    return set(_FILTERS.findall(pattern))


def slugify(text: str, filter_: str = "slugify",
            slugs: Mapping[str, JsSlug] = ELEVENTY_FILTERS) -> str:
    """A value through the site's `slugify` or `slug` filter (Eleventy's own, or the one
    the site gave it), as its old URLs have it: `PyTorch & Déjà vu` → `pytorch-and-deja-vu`;
    a title the filter left nothing of (all Chinese: Eleventy gave such posts one empty
    URL), or a filter of the site's own code, has Lanting's slug, Chinese kept."""
    function = slugs[filter_].function
    return (function(text) if function else "") or slug_of(text)


_OUTPUT = re.compile(r"\{\{-?\s*(.*?)\s*-?\}\}")


def permalink_url(pattern: str, rel: str, data: dict[str, Any],
                  slugs: Mapping[str, JsSlug] = ELEVENTY_FILTERS, when: dt.date | None = None,
                  dates: Mapping[str, str] | None = None) -> str | None:
    """The URL a `permalink` pattern gives the file at input-relative `rel` (None: one it
    cannot work out, a computed value); `slugs`: the site's `slug` and `slugify`; `when`:
    its date, `dates`: its date filters (`eleventy_dates`)."""
    stem = rel.rsplit(".", 1)[0]
    values = {"page.fileSlug": file_slug(rel), "page.filePathStem": "/" + stem,
              "fileSlug": file_slug(rel)}
    missing = False

    def one(match: re.Match[str]) -> str:
        nonlocal missing
        expression = match.group(1)
        name, _bar, filters = expression.partition("|")
        name = name.strip()
        if name in ("page.date", "date") and when is not None:
            written = formatted_date(when, filters, dates or {})
            missing = missing or written is None
            return written or ""
        value = values.get(name)
        if value is None and isinstance(data.get(name), str):
            value = data[name]
        if value is None:
            missing = True
            return ""
        found = _FILTERS.search("|" + filters)
        if found:
            value = slugify(value, found.group(1), slugs)
        return value

    url = _OUTPUT.sub(one, pattern)
    if missing or "{%" in url:
        return None
    # (`/blog/{{ title | slug }}/index.html`: the file a server gives for the folder)
    return re.sub(r"(?<=/)index\.html?$", "", "/" + url.strip().lstrip("/"))


def default_url(rel: str) -> str:
    """Where Eleventy published a template without a permalink: `blog/x.md` at
    `/blog/x/`; `blog/x/index.md`, and `blog/x/x.md` (a file named as its folder, as
    eleventy-base-blog keeps a post with its images), at `/blog/x/`."""
    stem = rel.rsplit(".", 1)[0]
    if stem == "index":
        return "/"
    parts = stem.split("/")
    if parts[-1] == "index" or len(parts) > 1 and parts[-1] == parts[-2]:
        parts.pop()
    return "/" + "/".join(parts) + "/"
