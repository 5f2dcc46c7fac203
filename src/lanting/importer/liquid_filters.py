"""Liquid's and Jekyll's filters of a string (`replace`, `slugify`, `relative_url`, …)
and the text an output of strings and known values joined by them printed: what the
Jekyll importers read of a page's outputs, of the parameters a site's own include
printed and of a collection's documents a page showed."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote_plus

_LITERAL = re.compile(r"""(['"])(.*?)\1""")
_OUTSIDE_QUOTES = r"""(?=(?:[^'"]|'[^']*'|"[^"]*")*$)"""
_SLUG_RUN = re.compile(r"[^\w]+|_+")


def _slugify(text: str) -> str:
    """Jekyll's `slugify` in its default mode: each run of characters other than letters
    and digits a hyphen, none at either end, lower case."""
    return _SLUG_RUN.sub("-", text).strip("-").lower()


_STRING_FILTERS: dict[str, Callable[..., str]] = {
    "downcase": str.lower, "upcase": str.upper, "capitalize": str.capitalize,
    "strip": str.strip, "lstrip": str.lstrip, "rstrip": str.rstrip,
    "slugify": _slugify, "url_encode": lambda text: quote_plus(text, safe=""),
    "replace": lambda text, old, new: text.replace(old, new),
    "replace_first": lambda text, old, new: text.replace(old, new, 1),
    "remove": lambda text, old: text.replace(old, ""),
    "remove_first": lambda text, old: text.replace(old, "", 1),
    "prepend": lambda text, given: given + text, "append": lambda text, given: text + given}
"""Liquid's and Jekyll's filters of a string, by their number of arguments: what they
print is known whenever the string and arguments are (`{{ page.tags[0] | replace: ' ',
'-' | downcase }}` in a link to a tag's anchor)."""


def filter_chain(expression: str, lookup: Callable[[str], str | None]) -> str | None:
    """The text a Liquid output of a string and `site` values joined by filters prints
    (`"/NiN.png" | prepend: site.imgrepo`, `site.baseurl | append: '/cv.pdf'`, `'x' |
    relative_url`, `"deep learning" | replace: " ", "-"`), `lookup` giving a value
    (None: unknown); None when it uses anything else, an unknown value or another
    filter. A doubled pipe, `"/x.png" || prepend: site.imgrepo`, is one: Jekyll's Liquid
    falls back to its lax parser, which skips an empty filter."""
    parts = [p.strip() for p in re.split(r"\|" + _OUTSIDE_QUOTES, expression)]
    parts = parts[:1] + [p for p in parts[1:] if p]

    def value(term: str) -> str | None:
        literal = _LITERAL.fullmatch(term)
        return literal.group(2) if literal else lookup(term)

    text = value(parts[0])
    for part in parts[1:]:
        name, _, argument = (s.strip() for s in part.partition(":"))
        given = [value(a.strip()) for a in re.split("," + _OUTSIDE_QUOTES, argument)] \
            if argument else []
        if text is None or None in given:
            return None
        if name in ("relative_url", "absolute_url") and not given:
            text = text if text.startswith(("/", "http")) else "/" + text
        elif name == "encode_email" and not given:
            pass  # (jekyll-email-protect's: each character percent-encoded, the same address)
        elif name in _STRING_FILTERS and _arity(name) == len(given):
            text = _STRING_FILTERS[name](text, *given)
        else:
            return None
    return text


def _arity(name: str) -> int:
    """How many arguments the string filter `name` takes."""
    return {"replace": 2, "replace_first": 2, "remove": 1, "remove_first": 1,
            "prepend": 1, "append": 1}.get(name, 0)
