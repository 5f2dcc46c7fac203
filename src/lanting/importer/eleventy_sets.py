"""The variables an Eleventy page sets for itself, run in the page's order as Nunjucks
and Liquid run them: `{% set x = 'open' %}` (Liquid's `{% assign %}`) and the captures
`{% set css %}…{% endset %}` (`{% capture %}…{% endcapture %}`) print nothing; an
output of one, `{{ css }}` (`| safe`, `{{- x -}}` trimming the whitespace beside it),
prints its value; an `{% include "partials/snippet.njk" %}` of the includes folder that
shows the page's variables is its text, with them (its `{% if x %}…{% else %}…{% endif %}`
decided by them). A value worked out from other data (`meta.url + "/img/"`) is not
known: its tag and outputs are left for the warnings of the tags no one converted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.js_literals import QUOTED
from lanting.importer.liquid import Context

_TOKEN = re.compile(
    r"(?P<block>\{%(?P<bl>-?)\s*(?P<bkind>set|capture)\s+(?P<bname>[A-Za-z_]\w*)\s*(?P<br>-?)%\}"
    r"(?P<body>.*?)\{%(?P<el>-?)\s*end(?P=bkind)\s*(?P<er>-?)%\})"
    r"|(?P<set>\{%(?P<sl>-?)\s*(?:set|assign)\s+(?P<sname>[A-Za-z_]\w*)\s*=\s*"
    r"(?P<value>(?:(?!%\}).)*?)\s*(?P<sr>-?)%\})"
    r"|(?P<include>\{%(?P<il>-?)\s*include\s+(?P<file>'[^'\n]*'|\"[^\"\n]*\"|[\w./-]+)\s*"
    r"(?P<ir>-?)%\})"
    r"|(?P<out>\{\{(?P<ol>-?)\s*(?P<oname>[A-Za-z_]\w*)\s*(?:\|\s*safe\s*)?(?P<or>-?)\}\})",
    re.DOTALL)
_LITERAL = re.compile(r"^(?:" + QUOTED + r"|(?P<word>true|false|none|null)|(?P<number>-?\d+(?:"
                      r"\.\d+)?))$")
_IF_PARTS = re.compile(r"\{%-?\s*(if|elif|else|endif)\b(?:(?!%\}).)*?-?%\}", re.DOTALL)
_DEPTH = 3
"""How deep includes of includes are followed."""

Value = str | bool
Values = dict[str, Value | None]
"""Each variable set so far: its text, a boolean, or None when worked out from data."""


_PART = re.compile(r"""\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|[A-Za-z_][\w.]*"""
                   r"|-?\d+(?:\.\d+)?)\s*(\+|$)")
"""One part of a concatenation, `meta.url + "/img/posts/30/"`."""


def literal(expression: str, values: Values,
            lookup: Callable[[str], str | None] = lambda _e: None) -> Value | None:
    """A `set` tag's value: a quoted string, `true`/`false` (`none` is falsy: ""), a
    number, another variable already set, a value of the data (`lookup`), or strings of
    those joined with `+`; None for anything else."""
    expression = expression.strip()
    if expression in values:
        return values[expression]
    found = _LITERAL.match(expression)
    if found is None:
        parts = [m.group(1) for m in _PART.finditer(expression)]
        if "+" not in expression or "".join(m.group() for m in _PART.finditer(
                expression)).strip() != expression:
            return lookup(expression) if re.fullmatch(r"[A-Za-z_][\w.]*", expression) \
                else None
        shown = [literal(p, values, lookup) for p in parts]
        return "".join(printed(v) for v in shown if v is not None) \
            if all(isinstance(v, str) for v in shown) else None
    if found.group("word"):
        return {"true": True, "false": False}.get(found.group("word"), "")
    if found.group("number"):
        return found.group("number")
    return found.group(1) if found.group(1) is not None else found.group(2) or ""


def printed(value: Value) -> str:
    """What Nunjucks prints of a value (`true`, `false` as words)."""
    return ("true" if value else "false") if isinstance(value, bool) else value


class PageVariables:
    """One page's run of its variables (see the module's docstring)."""

    def __init__(self, includes: Path, ctx: Context, protect: Callable[[str], str],
                 lookup: Callable[[str], str | None], data: frozenset[str]) -> None:
        self.includes = includes
        self.ctx = ctx
        self.protect = protect
        """Puts the code of an included text aside, as the page's own was."""
        self.lookup = lookup
        """A value of the page's or the site's data (`meta.url`), None when not known."""
        self.data = data
        """The names of the page's and the site's data: in an include, any other name
        was undefined, printed as nothing."""
        self.values: Values = {}

    def run(self, text: str, depth: int = 0) -> str:
        out: list[str] = []
        at, trim_next = 0, False
        for match in _TOKEN.finditer(text):
            before = text[at:match.start()]
            out.append(before.lstrip() if trim_next else before)
            shown, left, right = self.token(match, depth)
            if left and shown is not None:
                out[-1] = out[-1].rstrip()
            out.append(match.group() if shown is None else shown)
            trim_next = right and shown is not None
            at = match.end()
        rest = text[at:]
        out.append(rest.lstrip() if trim_next else rest)
        return "".join(out)

    def token(self, match: re.Match[str], depth: int) -> tuple[str | None, bool, bool]:
        """(what the token prints, None: left as written; its `-` on the left, right)."""
        if match.group("block"):
            body = self.run(match.group("body"), depth)
            body = body.lstrip() if match.group("br") else body
            self.values[match.group("bname")] = body.rstrip() if match.group("el") else body
            self.ctx.convert("a page's own variables (`{% set x %}…{% endset %}`) shown "
                             "where it prints them")
            return "", bool(match.group("bl")), bool(match.group("er"))
        if match.group("set"):
            value = literal(match.group("value"), self.values, self.lookup)
            self.values[match.group("sname")] = value
            return ("" if value is not None else None), bool(match.group("sl")), \
                bool(match.group("sr"))
        if match.group("include"):
            return self.include(match, depth), bool(match.group("il")), bool(match.group("ir"))
        name = match.group("oname")
        value = self.values.get(name)
        if value is None and depth and name not in self.values and name not in self.data:
            value = ""  # (undefined in an include: Nunjucks printed nothing)
        if value is None:
            return None, False, False
        return printed(value), bool(match.group("ol")), bool(match.group("or"))

    def include(self, match: re.Match[str], depth: int) -> str | None:
        """An include of the includes folder showing the page's variables: its text, run
        with them; None for any other."""
        file = self.includes / match.group("file").strip("'\"")
        if depth >= _DEPTH or not file.is_file() or not file.resolve().is_relative_to(
                self.includes.resolve()):
            return None
        text = read_text(file)
        known = {k for k, v in self.values.items() if v is not None}
        if not any(re.search(rf"(?:\{{\{{-?|\bif)\s+(?:not\s+)?{k}\b", text) for k in known):
            return None
        self.ctx.convert("includes showing the page's own variables, with them")
        return self.protect(self.run(self.branches(text), depth + 1))

    def branches(self, text: str) -> str:
        """`{% if x %}…{% else %}…{% endif %}` (not nested) decided where `x` is a
        variable of the page: the branch taken."""
        parts = list(_IF_PARTS.finditer(text))
        out: list[str] = []
        at = 0
        i = 0
        while i < len(parts):
            head = parts[i]
            found = re.match(r"\{%-?\s*if\s+(not\s+)?([A-Za-z_]\w*)\s*-?%\}", head.group())
            end = next((j for j in range(i + 1, len(parts)) if parts[j].group(1) in
                        ("if", "endif")), None)
            middle = [j for j in range(i + 1, end or i + 1) if parts[j].group(1) == "else"]
            if found is None or end is None or parts[end].group(1) != "endif" or \
                    any(parts[j].group(1) == "elif" for j in range(i + 1, end)) or \
                    found.group(2) not in self.values or self.values[found.group(2)] is None:
                i += 1
                continue
            truth = bool(self.values[found.group(2)]) != bool(found.group(1))
            yes_end = parts[middle[0]].start() if middle else parts[end].start()
            taken = text[head.end():yes_end] if truth else \
                text[parts[middle[0]].end():parts[end].start()] if middle else ""
            out.append(text[at:head.start()] + taken)
            at = parts[end].end()
            i = end + 1
        return "".join(out) + text[at:]
