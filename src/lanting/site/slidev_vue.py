"""What Slidev's Vue does to a slide, done once for a static page.

Slidev runs each slide through Vue, so a slide may hold what no static page can: click
steps (`<v-click>`, `v-click` attributes), components (`<Tweet>`, `<Youtube>`, icons
such as `<carbon-logo-github />`), `{{ }}` expressions, a `<style>` or `<script setup>`
of its own, code blocks with click steps (`{2,3|5}`) or morphing between steps
(`magic-move`). Here the click steps show their content at once (Lanting's deck has no
steps), a YouTube or tweet component becomes Lanting's player or a link, a code block's
options are said in Lanting's words, and anything else a reader would miss is taken out
with a warning at its line, once a talk for each kind. Every change keeps the slide's
lines, so messages point into the talk file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanting.content.slidev import FENCE, closes
from lanting.markdown.html_elements import KNOWN
from lanting.model.problem import Problem
from lanting.site.slide_code import outside_code

_TEMPLATE_SLOT = re.compile(r"^\s*<template\s+(?:v-slot:|#)([\w-]+)\s*>\s*$")
_CLICK_TAG = re.compile(r"v-(?:clicks?|after|switch|click-hide)")
_TAG = re.compile(r"""<(/?)([A-Za-z][\w.:-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'"""
                  r"""|[^\s"'=<>`]+))?)*)\s*(/?)>""")
"""A tag, its attributes as HTML reads them (a value may hold `<` or a line end)."""
_MDC_OPEN = re.compile(r"^\s*(:{2,})[A-Za-z][\w-]*(?:\{[^{}]*\})?\s*$")
_MDC_CLOSE = re.compile(r"^\s*(:{2,})\s*$")
"""MDC's block component (`mdc: true`): `::ul{.text-sm}` … `::`; its content stays."""
_SPAN = re.compile(r"\[([^\[\]\n]*)\]\{([^{}\n]*)\}")
_DIRECTIVE = re.compile(r"^(?:v-[\w.:-]+|:[\w.-]+|@[\w.-]+)(?:=\S*)?$")
_ICON_ATTRIBUTE = re.compile(r"^i-[a-z\d]+[:-][\w-]+$")
"""UnoCSS's icon as an attribute (`<div i-carbon:logo-github />`)."""
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                   "meta", "source", "track", "wbr"})
_BLOCK = re.compile(r"<(style|script)\b[^>]*>(?:(?!<\1\b).)*?</\1\s*>",
                    re.DOTALL | re.IGNORECASE)
"""A `<style>` or `<script>` element; a match ends before the next one opens, so that
many unclosed ones cost linear time."""
_MUSTACHE = re.compile(r"\{\{(?![<%])(?:[^{}\n]|\{(?!\{)|\}(?!\}))*\}\}")
"""Vue's `{{ expression }}` on one line (not Lanting's shortcodes, `{{< … >}}`); a match
ends at the next `{{`, so that a line of them costs linear time."""
_MATH_STEPS = re.compile(r"^(\s*\$\$)\s*\{[^}]*\}\s*$")
_SNIPPET = re.compile(r"^\s*<<<\s+(\S+)")
_BIBLIOGRAPHY = re.compile(r"^\s*\[\[bibliography\]\]\s*$", re.IGNORECASE)
_LITERAL_BINDING = re.compile(r"""(\s):([\w-]+)=(?:"'([^'"{}$`]*)'"|'"([^'"{}$`]*)"')""")
"""`:src="'/figures/a.png'"`: a binding whose value is a string literal, the attribute
with that value."""
_ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))""")
_VUE_ATTRIBUTE = re.compile(r"""\s+(?:v-[\w.:-]+|:[\w.-]+|@[\w.-]+|#[\w-]+)"""
                            r"""(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?""")
"""Vue's directives (`v-click`, `v-model.number`), bindings (`:class`) and events."""


@dataclass(slots=True)
class Warned:
    """What was warned of already in this talk: one warning for each kind of thing."""
    seen: set[str] = field(default_factory=set)

    def first(self, key: str) -> bool:
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


def static_text(text: str, line: int, path: Path, warned: Warned,
                problems: list[Problem]) -> str:
    """The slide's Markdown with what only Slidev's Vue runs turned into Markdown, or
    taken out with a warning; code blocks keep their text (their info string read)."""
    def change(chunk: str, at: int) -> str:
        return _prose(chunk, at, path, warned, problems)

    return _code_infos(outside_code(text, line, change))


def _prose(chunk: str, at: int, path: Path, warned: Warned,
           problems: list[Problem]) -> str:
    def where(offset: int) -> int:
        return at + chunk.count("\n", 0, offset)

    def block(match: re.Match[str]) -> str:
        kind = match.group(1).lower()
        if warned.first(kind):
            problems.append(Problem(
                f"a slide's `<{kind}>` is not applied" if kind == "style" else
                "a slide's `<script>` is not run", path, where(match.start()),
                severity="warning",
                hint="Lanting's deck has the site's look: a stylesheet of your own goes in "
                     "`[theme] custom_css` of lanting.toml" if kind == "style" else
                     "Lanting's pages run no Vue: show its result as text or an image"))
        return "\n" * match.group(0).count("\n")

    def mustache(match: re.Match[str]) -> str:
        if warned.first("{{"):
            problems.append(Problem(
                f"Vue's `{match.group(0)}` is not evaluated: left out",
                path, where(match.start()), severity="warning",
                hint="write its value as text (Lanting's deck numbers the slides itself)"))
        return ""

    chunk = _BLOCK.sub(block, chunk)
    chunk = "\n".join(_line(raw, at + n, path, problems)
                      for n, raw in enumerate(_mdc_blocks(chunk.split("\n"))))
    chunk = _outside_spans(_MUSTACHE, mustache, chunk)
    return _outside_spans(_TAG, lambda m: _tag(m, chunk, where(m.start()), path, warned,
                                               problems), chunk)


def _outside_spans(pattern: re.Pattern[str], replace: Callable[[re.Match[str]], str],
                   text: str) -> str:
    """`text` with each match of `pattern` outside a code span replaced: after an even
    number of backticks on its line (`in_code_span`, counted as the matches go, so that
    a long line of them costs linear time)."""
    out: list[str] = []
    done = counted = ticks = 0
    for match in pattern.finditer(text):
        before = text[counted:match.start()]
        line_start = before.rfind("\n")
        ticks = before.count("`", line_start + 1) if line_start >= 0 \
            else ticks + before.count("`")
        counted = match.start()
        out.append(text[done:match.start()])
        out.append(match.group(0) if ticks % 2 else replace(match))
        done = match.end()
    out.append(text[done:])
    return "".join(out)


def _line(raw: str, line: int, path: Path, problems: list[Problem]) -> str:
    if slot := _TEMPLATE_SLOT.match(raw):
        return f"::{slot.group(1)}::"
    if steps := _MATH_STEPS.match(raw):
        return steps.group(1)
    if _BIBLIOGRAPHY.match(raw):  # (slidev-theme-scholarly's place of the references)
        return "{{< references >}}"
    if snippet := _SNIPPET.match(raw):
        problems.append(Problem(
            f"Slidev's code import `<<< {snippet.group(1)}` is not read", path, line,
            severity="warning",
            hint="paste the code into the slide as a fenced code block"))
        return ""
    return _outside_spans(_SPAN, _span, raw)


def _mdc_blocks(lines: list[str]) -> list[str]:
    """The lines with MDC's block components' opening and closing lines left blank."""
    out, open_ = [], []
    for raw in lines:
        opened, closed = _MDC_OPEN.match(raw), _MDC_CLOSE.match(raw)
        if opened:
            open_.append(opened.group(1))
            raw = ""
        elif closed and open_ and closed.group(1) == open_[-1]:
            open_.pop()
            raw = ""
        out.append(raw)
    return out


def _span(match: re.Match[str]) -> str:
    """MDC's `[text]{.cls v-mark.red}` without Vue's directives (Lanting reads the
    classes); with none left, the text alone."""
    kept = " ".join(w for w in match.group(2).split() if not _DIRECTIVE.match(w))
    return f"[{match.group(1)}]{{{kept}}}" if kept else match.group(1)


def _tag(match: re.Match[str], text: str, line: int, path: Path, warned: Warned,
         problems: list[Problem]) -> str:
    """A tag as a static page has it: click steps and Vue's fragments (`<template>`)
    unwrapped, Vue's attributes dropped, `<div … />` closed as Vue closes it; a
    component replaced by Lanting's equivalent, or left out with a warning (its
    content stays)."""
    whole, (closing, name, attributes, empty) = match.group(0), match.groups()
    if _CLICK_TAG.fullmatch(name) or name == "template":
        return "\n" * whole.count("\n")
    values = {m.group(1): next(g for g in m.groups()[1:] if g is not None)
              for m in _ATTRIBUTE.finditer(attributes)}
    icon = next((a for a in values if _ICON_ATTRIBUTE.match(a)), None) \
        or next((a for a in attributes.split() if _ICON_ATTRIBUTE.match(a)), None)
    if not (name[0].isupper() or "-" in name or ":" in name or icon
            or name.lower() not in KNOWN):  # (`<arrow x1=…/>`: Vue's `Arrow` too)
        closed = empty and name.lower() not in _VOID
        if "\n" in whole:  # (as written: dropping an attribute line would blank it)
            return whole[:-2] + f"></{name}>" if closed else whole
        attributes = _VUE_ATTRIBUTE.sub("", _LITERAL_BINDING.sub(
            lambda m: f'{m.group(1)}{m.group(2)}="{m.group(3) or m.group(4)}"', attributes))
        if closed:
            return f"<{closing}{name}{attributes}></{name}>"
        return f"<{closing}{name}{attributes}{empty}>"
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    alone = text[start:len(text) if end < 0 else end].strip() == whole
    if name.lower() == "youtube" and values.get("id") and alone:
        return f'{{{{< video youtube="{values["id"].split("?")[0]}" >}}}}'
    if name == "Tweet" and values.get("id", "").isdigit():
        return f"[Tweet {values['id']}](https://twitter.com/i/status/{values['id']})"
    if not closing:
        shown = icon or f"<{name}>"
        is_icon = bool(icon) or ":" in name or (
            "-" in name and name[0].islower() and not name.startswith("v-"))
        if warned.first(shown):
            problems.append(Problem(
                f"Slidev's icon `{shown}` is not shown" if is_icon else
                f"Slidev's component `{shown}` is not shown (its content is)", path, line,
                severity="warning",
                hint="Lanting's pages run no Vue: write its content in Markdown, or show an "
                     "image of it"))
    return "\n" * whole.count("\n")


_INFO_BRACES = re.compile(r"\{([^{}]*)\}")


def _code_infos(text: str) -> str:
    """Slidev's options after a code block's language, in Lanting's words: the first of
    its click steps' highlighted lines (`{2,3|5}` -> lines 2 and 3), line numbers
    (`{lines:true,startLine:5}`); `{monaco}`, `twoslash` and the like dropped."""
    out = []
    fence = ""
    for raw in _magic_move(text.split("\n")):
        opened = FENCE.match(raw)
        if fence:
            if closes(opened, fence):
                fence = ""
            out.append(raw)
            continue
        if opened:
            fence = opened.group(1)
            raw = raw[:raw.index(fence) + len(fence)] + _info(opened.group(2))
        out.append(raw)
    return "\n".join(out)


def _magic_move(lines: list[str]) -> list[str]:
    """A ```` ````md magic-move ```` block (code morphing from step to step) as its last
    step's code block; the other lines left blank."""
    lines = list(lines)
    i = 0
    while i < len(lines):
        opened = FENCE.match(lines[i])
        if not (opened and opened.group(2).strip().startswith("md magic-move")):
            i += 1
            continue
        fence = opened.group(1)
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == fence), None)
        if end is None:
            break
        last: tuple[int, int] | None = None
        inner = ""
        for j in range(i + 1, end):
            step = FENCE.match(lines[j])
            if not step:
                continue
            if not inner:
                inner, begin = step.group(1), j
            elif step.group(1) == inner and not step.group(2).strip():
                inner, last = "", (begin, j)
        for j in range(i, end + 1):
            if last is None or not last[0] <= j <= last[1]:
                lines[j] = ""
        i = end + 1
    return lines


def _info(info: str) -> str:
    groups = _INFO_BRACES.findall(info)
    words = _INFO_BRACES.sub(" ", info).split()
    if not groups and "twoslash" not in words:
        return info
    lang = words[0] if words else ""
    options: list[str] = []
    for group in groups:
        if ":" in group:
            pairs = dict(p.split(":", 1) for p in group.split(",") if ":" in p)
            pairs = {k.strip(): v.strip().strip("'\"") for k, v in pairs.items()}
            if pairs.get("lines") == "true":
                options.append("linenos=true")
            if pairs.get("startLine", "").isdigit():
                options.append(f"start={pairs['startLine']}")
        else:
            first = group.split("|")[0].strip()
            if first and first not in ("all", "*", "none", "hide") \
                    and re.fullmatch(r"[\d,\s-]+", first):
                options.append(f'hl_lines="{first.replace(",", " ")}"')
    return lang + (" {" + " ".join(options) + "}" if options else "")
