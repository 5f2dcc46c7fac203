"""A date in an Eleventy permalink (`/{{ page.date | slugDate }}/{{ page.fileSlug }}/`):
the site's date filters that format with Luxon (`DateTime.fromJSDate(d, { zone: "utc"
}).toFormat("y/MM")`, as eleventy-base-blog's `htmlDateString` does), read from the
configuration, and Liquid's own `date: "%Y/%m"`."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping

from lanting.importer.js_literals import QUOTED

_LUXON_FILTER = re.compile(
    r"addFilter\(\s*[\"'`]([\w$]+)[\"'`]\s*,\s*(?:function\s*\w*\s*)?\(?\s*(\w+)[^)]*?\)?\s*"
    r"(?:=>)?\s*\{?\s*(?:return\s+)?DateTime\s*\.\s*fromJSDate\(\s*\2\s*(?:,\s*\{[^{}]*\})?"
    r"\s*\)\s*\.\s*toFormat\(\s*" + QUOTED + r"\s*\)")
_LUXON_TOKEN = re.compile(r"'[^']*'|([yMLd])\1*")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


def date_filters(code: str) -> dict[str, str]:
    """The configuration's date filters that are one Luxon format: name → format."""
    return {m.group(1): m.group(3) if m.group(3) is not None else m.group(4) or ""
            for m in _LUXON_FILTER.finditer(code)}


def luxon_format(when: dt.date, pattern: str) -> str | None:
    """`when` as Luxon's `toFormat(pattern)` writes it (years, months, days, quoted
    text); None for a token of another kind (hours, weekdays), not worked out."""
    unknown = False

    def token(match: re.Match[str]) -> str:
        nonlocal unknown
        written = match.group()
        if written.startswith("'"):
            return written[1:-1]
        size = len(written)
        if written[0] == "y":
            return f"{when.year % 100:02d}" if size == 2 else f"{when.year:0{size}d}"
        if written[0] in "ML":
            return (str(when.month) if size == 1 else f"{when.month:02d}" if size == 2
                    else _MONTHS[when.month - 1][:3] if size == 3 else _MONTHS[when.month - 1])
        if size <= 2:
            return str(when.day) if size == 1 else f"{when.day:02d}"
        unknown = True
        return ""

    text = _LUXON_TOKEN.sub(token, pattern)
    if unknown or re.search(r"[A-Za-z]", _LUXON_TOKEN.sub("", pattern)):
        return None
    return text


def formatted_date(when: dt.date, filters: str, dates: Mapping[str, str]) -> str | None:
    """`page.date` through the `filters` a permalink gives it (` | slugDate`,
    ` | date: "%Y/%m"`); None when they are not worked out."""
    if isinstance(when, dt.datetime) and when.tzinfo is not None:
        when = when.astimezone(dt.UTC)  # (as Eleventy's dates and `zone: "utc"` have it)
    found = re.match(r"\s*([\w$]+)\s*(?::\s*" + QUOTED + r"|\(\s*" + QUOTED + r"\s*\))?\s*$",
                     filters)
    if found is None:
        return None
    name, given = found.group(1), next((g for g in found.group(2, 3, 4, 5)
                                        if g is not None), None)
    if name in dates and given is None:
        return luxon_format(when, dates[name])
    if name == "date" and given is not None and "%" in given:
        # (Liquid's own `date`: strftime's codes)
        return when.strftime(given)
    return None
