"""Pieces of an Eleventy body's syntax, read before its templates and Markdown:
eleventy-plugin-syntaxhighlight's fences of marked lines, content pages written in HTML,
a shortcode's quoted arguments, Nutshell's expandable sections, the outermost
`{% for %}` loops, a value of the page's own data that an output prints.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lanting.importer.html_pages import raw_elements_apart
from lanting.importer.js_literals import JS_STRING, unquote_js
from lanting.importer.liquid import OUTPUT, value_at
from lanting.importer.shelf import Shelf, fence
from lanting.markdown.anchors import github_slug

_MARKED_LINES = re.compile(r"^([\w+#.-]+)((?:/[\d,-]*)+)$")


def marked_lines_fence(info: str, code: str, indent: str) -> str:
    """eleventy-plugin-syntaxhighlight's ```` ```js/2/4-5 ```` (lines 2, 4 and 5 marked;
    a second `/…` marks lines removed, shown marked too) as Lanting's `hl_lines`; any
    other fence as written. Read as a language, `js/2/4` highlighted nothing."""
    words = info.split(None, 1)
    found = _MARKED_LINES.match(words[0]) if words else None
    if found is None:
        return fence(info, code, None, indent)
    ranges = [r for part in found.group(2).split("/") for r in part.split(",") if r]
    options = {"hl_lines": " ".join(ranges)} if ranges else None
    return fence(found.group(1), code, options, indent)


_PRE = re.compile(r"<(pre|script|style|textarea)(?=[\s>])(?:[^<]|<(?!/\1\s*>))*</\1\s*>",
                  re.IGNORECASE)


def html_page(text: str, shelf: Shelf) -> tuple[str, int]:
    """A content page written in HTML, as Markdown reads it the same: its `<pre>`,
    `<script>`, `<style>` and `<textarea>` elements put aside whole (one holding a blank
    line on a line of its own: `raw_elements_apart`), every other line without its
    indentation (HTML's is only layout; to Markdown, four spaces were a code block
    showing the tags). Returns (text, how many elements were put aside)."""
    text, count = raw_elements_apart(text, shelf)
    text = _PRE.sub(lambda m: shelf.put(m.group()), text)
    return "\n".join(line.lstrip() for line in text.split("\n")), count


def quoted_arguments(args: str) -> list[str]:
    """A shortcode's arguments as Nunjucks (`"a.png", "alt"`) or Liquid (`"a.png" "alt"`)
    writes them: the quoted strings, or the bare words."""
    found = [unquote_js(m.group()) for m in JS_STRING.finditer(args)]
    return found or [w for w in re.split(r"[\s,]+", args) if w]


_NUTSHELL_HEADING = re.compile(r"^(#{1,6})[ \t]+:x[ \t]+(.+?)[ \t]*$", re.MULTILINE)
_NUTSHELL_LINK = re.compile(r"(?<![\\!])\[:(?=[^\]\n]*\]\()")


def nutshell(text: str) -> tuple[str, int]:
    """Nutshell's expandable explanations (`nutshell.js` in the layouts): a section
    headed `:x Monte Carlo`, hidden until a link `[:Monte Carlo](#x-monte-carlo)` opened
    it in place, is a heading of its own with the id the links name (Nutshell found it
    by its text, marked's slug of `:x Monte Carlo`; markdown-it-anchor's id was another),
    and each link a plain link to it, without the `:` that marked it."""
    text, count = _NUTSHELL_HEADING.subn(
        lambda m: f"{m.group(1)} {m.group(2)} {{#{github_slug(':x ' + m.group(2))}}}", text)
    text, links = _NUTSHELL_LINK.subn("[", text)
    return text, count + links


_FOR = re.compile(r"\{%-?\s*(for|endfor)\b((?:(?!%\}).)*?)-?%\}", re.DOTALL)


def outer_loops(text: str, handle: Callable[[str, str], str]) -> str:
    """Each outermost `{% for … %}…{% endfor %}` (the loops inside it with it) through
    `handle(arguments, written)`: a loop inside a list that is left out goes with it,
    unreported."""
    out: list[str] = []
    done = depth = start = 0
    args = ""
    for match in _FOR.finditer(text):
        if match.group(1) == "for":
            if depth == 0:
                start, args = match.start(), match.group(2).strip()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                out.append(text[done:start] + handle(args, text[start:match.end()]))
                done = match.end()
    return "".join(out) + text[done:]


def data_value(expression: str, data: dict[str, Any]) -> str | None:
    """What `{{ expression }}` printed from the page's data, its front matter under its
    folders' (`{{ title }}`, `{{ author_date }}`, `{{ hero.caption }}`): a string or a
    number, as written (`| safe` dropped); None for anything else (a date Nunjucks
    printed as JavaScript does, a filter, code)."""
    expression = re.sub(r"\s*\|\s*safe\s*$", "", expression.strip())
    head = re.match(r"[A-Za-z_]\w*", expression)
    if head is None or head.group() not in data or head.group() in ("page", "content"):
        return None
    value = data[head.group()]
    if expression == head.group():
        return str(value) if isinstance(value, str | int | float) and \
            not isinstance(value, bool) else None
    return value_at(value, head.group(), expression) if isinstance(value, dict) else None


def with_data_values(text: str, data: dict[str, Any]) -> str:
    """`text` with each output of the page's own data printed (`# {{ title }}`)."""
    return OUTPUT.sub(lambda m: data_value(m.group(1), data) or m.group(), text)
