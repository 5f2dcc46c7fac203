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


def _truncate(text: str, length: str, ellipsis: str = "...") -> str:
    """Liquid's `truncate`: at most `length` characters, the ellipsis among them."""
    keep = max(0, int(length) - len(ellipsis))
    return text[:keep] + ellipsis if len(text) > int(length) else text


def _truncatewords(text: str, words: str, ellipsis: str = "...") -> str:
    """Liquid's `truncatewords`: the first `words` words, then the ellipsis."""
    found = text.split(None, int(words))
    return text if len(found) <= int(words) else " ".join(found[:int(words)]) + ellipsis


_HTML = re.compile(r"<script.*?</script>|<!--.*?-->|<style.*?</style>|<.*?>", re.DOTALL)
_PLAIN = re.compile(r"[\w\s.,;:!?()/'’-]*")
"""Text kramdown's `markdownify` makes one paragraph of, Markdown of nothing else."""


def _markdownify(text: str) -> str | None:
    """Jekyll's `markdownify` of plain text (an archive's excerpt, `{{ "A translation of
    one of Wei's notes." | markdownify | strip_html }}` copied into a page): one
    paragraph, an apostrophe in a word, `--`, `---` and `...` kramdown's typographic
    marks; None for any other Markdown, which only kramdown knows the HTML of."""
    if not _PLAIN.fullmatch(text) or re.search(r"(?<!\w)'|'(?!\w)|^\s*\d+[.)]|^\s*-", text):
        return None
    text = re.sub(r"\s+", " ", text.strip()).replace("'", "\u2019").replace("...", "\u2026")
    return "<p>" + text.replace("---", "\u2014").replace("--", "\u2013") + "</p>\n"


_TEXT_FILTERS: dict[str, Callable[..., str]] = {
    "strip_html": lambda text: _HTML.sub("", text),
    "strip_newlines": lambda text: re.sub(r"\r?\n", "", text),
    "truncate": _truncate, "truncatewords": _truncatewords}
"""Liquid's filters of text (a number their first argument, an ellipsis their second)."""


class _Nil:
    """What Liquid has for a value nothing set (`page.entries_layout` on a page whose
    front matter has none): `default` replaces it; printed, it is nothing."""


NIL = _Nil()


def filter_chain(expression: str, lookup: Callable[[str], str | None],
                 nil: Callable[[str], bool] = lambda term: False) -> str | None:
    """The text a Liquid output of a string and `site` values joined by filters prints
    (`"/NiN.png" | prepend: site.imgrepo`, `site.baseurl | append: '/cv.pdf'`, `'x' |
    relative_url`, `"deep learning" | replace: " ", "-"`), `lookup` giving a value
    (None: unknown), `nil` whether a value it does not know is one nothing set
    (`{{ page.entries_layout | default: 'list' }}`: the default); None when it uses
    anything else, an unknown value or another filter. A doubled pipe, `"/x.png" ||
    prepend: site.imgrepo`, is one: Jekyll's Liquid falls back to its lax parser, which
    skips an empty filter."""
    parts = [p.strip() for p in re.split(r"\|" + _OUTSIDE_QUOTES, expression)]
    parts = parts[:1] + [p for p in parts[1:] if p]

    def value(term: str) -> str | _Nil | None:
        literal = _LITERAL.fullmatch(term)
        if literal or re.fullmatch(r"\d+", term):
            return literal.group(2) if literal else term
        found = lookup(term)
        return NIL if found is None and nil(term) else found

    text = value(parts[0])
    for part in parts[1:]:
        name, _, argument = (s.strip() for s in part.partition(":"))
        given = [value(a.strip()) for a in re.split("," + _OUTSIDE_QUOTES, argument)] \
            if argument else []
        if name == "default" and len(given) == 1 and isinstance(given[0], str) \
                and (text is NIL or text == ""):
            text = given[0]
            continue
        if not isinstance(text, str) or not all(isinstance(g, str) for g in given):
            return None
        text = _filtered(name, text, [g for g in given if isinstance(g, str)])
    return text if isinstance(text, str) else None


def _filtered(name: str, text: str, given: list[str]) -> str | None:
    """`text` through the filter `name` given its arguments; None: not known."""
    if name in ("relative_url", "absolute_url") and not given:
        return text if text.startswith(("/", "http")) else "/" + text
    if name == "encode_email" and not given:
        return text  # (jekyll-email-protect's: each character percent-encoded, the same address)
    if name == "default" and len(given) == 1:
        return text
    if name == "markdownify" and not given:
        return _markdownify(text)
    if name in _STRING_FILTERS and _arity(name) == len(given):
        return _STRING_FILTERS[name](text, *given)
    if name in ("strip_html", "strip_newlines") and not given or name.startswith(
            "truncate") and name in _TEXT_FILTERS and given[:1] and given[0].isdigit() \
            and len(given) <= 2:
        return _TEXT_FILTERS[name](text, *given)
    return None


def _arity(name: str) -> int:
    """How many arguments the string filter `name` takes."""
    return {"replace": 2, "replace_first": 2, "remove": 1, "remove_first": 1,
            "prepend": 1, "append": 1}.get(name, 0)
