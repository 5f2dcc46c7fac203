"""How an Eleventy site made its heading ids and the slugs of its permalinks, read from
its configuration without running it: markdown-it-anchor's `slugify` option (its own
default, Eleventy's filter, or a function of the site that calls the npm `slugify`
package or @sindresorhus/slugify with options, uslug, github-slugger), Eleventy 3's
IdAttributePlugin, and the `slug` and `slugify` filters a site redefines
(`addFilter("slug", (s) => slugify(s, { lower: true, strict: true }))`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from lanting.importer.js_literals import QUOTED
from lanting.markdown.js_slugs import npm_slug, sindresorhus_slug

_ANCHOR = re.compile(r"""(?:require\(|from\s+)["']markdown-it-anchor["']""")
_SLUGIFY = re.compile(r"\bslugify\s*(?::\s*|(?=\([^()\n]*\)\s*\{))")
"""markdown-it-anchor's `slugify: …` option, or a method of the options (`slugify(s) {`)."""
_BINDING = r"""(?:const|let|var)\s+(\w+)\s*=\s*require\(\s*["']{0}["']\s*\)|""" \
           r"""import\s+(\w+)\s+from\s+["']{0}["']"""
_NPM = re.compile(_BINDING.format("slugify"))
_SINDRESORHUS = re.compile(_BINDING.format("@sindresorhus/slugify"))
_FILTER = re.compile(r"addFilter\(\s*[\"'`](slug|slugify)[\"'`]\s*,\s*")


@dataclass(frozen=True, slots=True)
class JsSlug:
    """A slug function of a site, as far as Lanting can make it again."""

    style: str
    """Its `[markdown] heading_ids` style ("": none is the same)."""
    function: Callable[[str], str] | None
    """It, in Python (None: the site's own code, not made again)."""


ELEVENTY_FILTERS = {"slugify": JsSlug("eleventy", partial(sindresorhus_slug, decamelize=False,
                                                          fallback="")),
                    "slug": JsSlug("slugify", partial(npm_slug, fallback=""))}
"""Eleventy's own `slugify` (@sindresorhus/slugify, camel case kept) and `slug` (the npm
`slugify`, lower case) filters."""


def _extent(code: str, start: int) -> str:
    """The code from `start` to the end of its line, or on to the line that closes the
    brackets it opens (a function's body, a call's options over lines) or ends the
    arrow function it begins."""
    end = start
    while True:
        line_end = code.find("\n", end + 1)
        end = len(code) if line_end < 0 else line_end
        text = code[start:end]
        if end == len(code) or sum(text.count(c) for c in "({[") <= \
                sum(text.count(c) for c in ")}]") and not text.rstrip().endswith("=>"):
            return text


def _definition(name: str, code: str) -> str | None:
    """The text of the function `name` is (`function name(s) { … }`, `const name = (s)
    => …`)."""
    found = re.search(rf"function\s+{name}\s*\(", code)
    if found:
        return _extent(code, found.start())
    found = re.search(rf"(?:const|let|var)\s+{name}\s*=", code)
    return _extent(code, found.end()) if found else None


def _options(name: str, function: str) -> str | None:
    """The options object the call `name(s, { … })` gives ("" for none; None: no call)."""
    found = re.search(rf"(?<![\w.]){name}\(\s*[\w.()]+\s*(?:,\s*(\{{[^{{}}]*\}}))?\s*\)",
                      function)
    if found is None:
        return None
    return found.group(1) or ""


_LOCALES = frozenset({"bg", "de", "es", "fr", "pt", "uk", "vi", "da", "nb", "it", "nl", "sv"})
"""The languages the npm `slugify` maps letters of (`locale: "de"`: `ä` as `ae`); another
(`locale: "en"`) maps none, and `trim: true` is its default: neither changes a slug."""


def _npm(options: str) -> JsSlug:
    lower = re.search(r"\blower\s*:\s*true\b", options) is not None
    strict = re.search(r"\bstrict\s*:\s*true\b", options) is not None
    given = re.search(r"\bremove\s*:\s*/((?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n])+)/(\w*)",
                      options)
    replacement = re.search(r"\breplacement\s*:\s*" + QUOTED, options)
    locale = re.search(r"\blocale\s*:\s*" + QUOTED, options)
    if re.search(r"\btrim\s*:\s*false\b", options) or re.search(r"\blocale\s*:", options) and (
            locale is None or (locale.group(1) or locale.group(2) or "") in _LOCALES) or \
            re.search(r"\bremove\s*:", options) and given is None or \
            replacement and (replacement.group(1) or replacement.group(2) or "") != "-":
        return JsSlug("", None)
    try:
        remove = re.compile(given.group(1), re.ASCII | (
            re.IGNORECASE if "i" in given.group(2) else 0)) if given else None
    except re.error:
        return JsSlug("", None)
    function = partial(npm_slug, lower=lower, strict=strict, remove=remove, fallback="")
    # (with `strict`, a `remove` of punctuation takes nothing `strict` leaves)
    plain = remove is None or strict and re.fullmatch(r"\[[^A-Za-z0-9\\]*\]", given.group(1)
                                                      if given else "") is not None
    name = "slugify-strict" if strict else "slugify"
    own = f"{name} /{given.group(1)}/" if given and "i" not in given.group(2) else ""
    return JsSlug((name if plain else own) if lower else "", function)


def _sindresorhus(options: str) -> JsSlug:
    if re.search(r"\b(?:separator|lowercase|customReplacements|preserve\w*)\s*:", options):
        return JsSlug("", None)
    decamelize = re.search(r"\bdecamelize\s*:\s*false\b", options) is None
    return JsSlug("sindresorhus" if decamelize else "eleventy",
                  partial(sindresorhus_slug, decamelize=decamelize, fallback=""))


def js_slug(function: str, code: str, depth: int = 0) -> JsSlug:
    """What the JavaScript slug function written `function` is (a name, an arrow, a
    method's first line), in the configuration `code`."""
    function = function.strip()
    bare = re.sub(r"[\s,;)}\]]+$", "", function)
    if re.search(r"getFilter\(\s*[\"'`]slug(?:ify)?[\"'`]", function):
        name = "slugify" if "slugify" in function else "slug"
        return filter_slugs(code)[name]
    if "uslug" in function:
        return JsSlug("uslug", None)
    if "slugger" in function or "github-slugger" in code and "slug" in function:
        return JsSlug("github", None)
    for pattern, make in ((_NPM, _npm), (_SINDRESORHUS, _sindresorhus)):
        for binding in pattern.finditer(code):
            name = binding.group(1) or binding.group(2)
            if bare == name:  # (`slugify: slugify`: the package as it is)
                return make("")
            options = _options(name, function)
            if options is not None:
                return make(options)
    if re.fullmatch(r"\w+", bare) and depth < 2:
        text = _definition(bare, code)
        if text is not None:
            return js_slug(text, code, depth + 1)
    return JsSlug("", None)


_LOOP = re.compile(r"addFilter\(\s*([A-Za-z_$][\w$]*)\s*,")
"""A filter registered by a name held in a variable: a loop over what a module exports
(`Object.keys(filters).forEach((n) => c.addFilter(n, filters[n]))`)."""


def _exported(name: str, code: str) -> str | None:
    """The function a module exports as `name` (`module.exports = { slug, … }`, `{ slug:
    (s) => … }`, `exports.slug = …`, `export const slug = …`), as `js_slug` reads it."""
    for found in re.finditer(r"module\.exports\s*=\s*\{", code):
        body = _extent(code, found.end() - 1)
        given = re.search(rf"(?<![\w$.]){name}\s*(:\s*|(?=[,}}\s]))", body)
        if given:
            return _extent(body, given.end()) if given.group(1) else name
    given = re.search(rf"(?:\bexports\.{name}\s*=|export\s+(?=(?:const|let|var|function)"
                      rf"\s+{name}\b))", code)
    return (_extent(code, given.end()) if "=" in given.group() else name) if given else None


def filter_slugs(code: str) -> dict[str, JsSlug]:
    """The `slug` and `slugify` filters as the site has them: Eleventy's, or its own (one
    a module exports, when the configuration registers its exports in a loop)."""
    filters = dict(ELEVENTY_FILTERS)
    if _LOOP.search(code):
        for name in filters:
            function = _exported(name, code)
            if function is not None:
                filters[name] = js_slug(function, code)
    for found in _FILTER.finditer(code):
        function = _extent(code, found.end())
        # (its own name is Eleventy's filter no longer: `getFilter("slug")` in it is not
        # this filter)
        filters[found.group(1)] = js_slug(function, code.replace(found.group(), ""))
    return filters


def heading_style(code: str, config: str = "the configuration") -> tuple[str, str]:
    """(the heading id style of the old site's ids, why none when it made its own):
    markdown-it-anchor's own `slugify`, or the one it is given; else Eleventy 3's
    IdAttributePlugin, which uses the `slugify` filter; else headings had no ids."""
    if _ANCHOR.search(code) is None:
        return (filter_slugs(code)["slugify"].style if "IdAttributePlugin" in code
                else ""), ""
    given = _SLUGIFY.search(code)
    if given is None:
        return "markdown-it-anchor", ""
    function = _extent(code, given.end())
    style = js_slug(function, code).style
    if style:
        return style, ""
    return "", (f"markdown-it-anchor's `slugify` is the site's own (`{function.strip()}` in "
                f"{config}): headings get Lanting's ids, and `#links` written for the old "
                "ids may not find them")
