"""A Marp deck's own CSS, applied to its slides only.

Marp tweaks a deck's theme with CSS written in the deck: the `style` directive (in the
front matter or a comment) and `<style>` elements in a slide apply to every slide, a
`<style scoped>` to its own slide only. Marpit scopes that CSS to the slides: `section`
(and `:root`) is the slide itself, any other selector an element inside a slide, so
`h1 { color: navy }` never reaches the page around the deck. Lanting did not: a
`<style>` was raw HTML, its `h1` rule coloured the page's own title and its `section`
rule the deck's frames; the `style` directive was a warning and not applied.

Here the CSS is rewritten for Lanting's slide box (`.slide`), as Marpit rewrites it for
its `section`: `section.lead` is `.slide.marp-lead` (a `class` directive's class),
`header` and `footer` the boxes of the `header` and `footer` directives, and lengths in
pixels (Marp's slide is 1280 pixels wide) a share of the slide's width, as Lanting's
type scales with the slide; it applies where the slide is shown at 16:9 (a frame as
narrow as a phone held upright shows the slide as text at reading size, Lanting's own
layout). `section::after`, Marp's page number, is left out (the
deck's counter shows it); so is `@import` (a theme or a web font Lanting does not load),
with a warning.
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.model.problem import Problem

SLIDE_WIDTH = 1280
"""Marp's slide is 1280 pixels wide (16:9, and 960 for 4:3, which Lanting shows at
16:9)."""

_STYLE = re.compile(r"^[ \t]{0,3}<style(\s[^>]*)?>(.*?)</style\s*>[ \t]*$",
                    re.DOTALL | re.MULTILINE | re.IGNORECASE)
_SCOPED = re.compile(r"\bscoped\b", re.IGNORECASE)
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_PX = re.compile(r"(?<![\w.#-])(-?\d*\.?\d+)px\b")
_SLIDE = re.compile(r"^(?:section|:root)(?![\w-])((?:[.#:\[][^\s>+~]*)?)")
_EDGE = re.compile(r"(^|[\s>+~])(header|footer)(?![\w-])")
_CLASS = re.compile(r"\.([\w-]+)")
_GROUPS = ("@media", "@supports", "@container", "@layer")
"""At-rules holding rules, whose selectors are scoped too."""
WIDE = "@container (min-width: 36rem)"
"""Where a slide is shown at 16:9 (`slides.css`: below, as text at reading size)."""


def take_styles(text: str, line: int) -> tuple[str, list[tuple[str, bool, int]]]:
    """`text` (a slide's Markdown outside code, from file line `line`) without its
    `<style>` elements (their lines left blank), and each one's CSS, whether it is
    `scoped`, and its line."""
    found: list[tuple[str, bool, int]] = []

    def take(match: re.Match[str]) -> str:
        at = line + text.count("\n", 0, match.start())
        found.append((match.group(2), bool(_SCOPED.search(match.group(1) or "")), at))
        return "\n" * match.group().count("\n")

    return (_STYLE.sub(take, text), found) if "<style" in text.lower() else (text, [])


def scoped_css(css: str, scope: str, path: Path, line: int,
               problems: list[Problem]) -> str:
    """`css` applied inside `scope` (`.slide`, or one slide's `.slide.marp-style-2`)
    as Marpit applies a deck's CSS to its slides (""; none)."""
    kept: list[str] = []
    rules = _rules(_COMMENT.sub("", css), scope, path, line, problems, kept)
    return "\n".join(kept + ([f"{WIDE}{{\n{rules}\n}}"] if rules else []))


def _rules(css: str, scope: str, path: Path, line: int, problems: list[Problem],
           kept: list[str]) -> str:
    """The rules of `css` scoped; `@font-face` and `@keyframes` as written, into
    `kept` (they may not stand in a condition)."""
    out: list[str] = []
    at = 0
    while at < len(css):
        brace, semi = css.find("{", at), css.find(";", at)
        if brace < 0 and semi < 0:
            break
        if semi >= 0 and (brace < 0 or semi < brace):  # (`@import …;`, `@charset …;`)
            statement = css[at:semi].strip()
            if statement.lower().startswith("@import"):
                problems.append(Problem(
                    f"Marp's `{statement}` is not loaded", path, line, severity="warning",
                    hint="Lanting's deck has the site's look and fonts; the deck's other "
                         "CSS is applied"))
            at = semi + 1
            continue
        end = _closing(css, brace)
        head, inner = css[at:brace].strip(), css[brace + 1:end]
        at = end + 1
        if head.lower().startswith(_GROUPS):
            out.append(f"{head}{{{_rules(inner, scope, path, line, problems, kept)}}}")
        elif head.startswith("@"):  # (`@font-face`, `@keyframes`: as written)
            kept.append(f"{head}{{{inner}}}")
        elif selectors := [s for s in (_selector(p.strip(), scope) for p in head.split(","))
                           if s]:
            out.append(f"{','.join(selectors)}{{{_lengths(inner.strip())}}}")
    return "\n".join(out)


def _closing(css: str, brace: int) -> int:
    depth = 0
    for i in range(brace, len(css)):
        if css[i] == "{":
            depth += 1
        elif css[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(css)


def _selector(selector: str, scope: str) -> str:
    """One selector inside `scope`: `section.lead h1` -> `.slide.marp-lead h1`, `h1` ->
    `.slide h1`; "" for Marp's page number (`section::after`)."""
    if not selector:
        return ""
    selector = _EDGE.sub(lambda m: f"{m.group(1)}.slide-{m.group(2)}", selector)
    slide = _SLIDE.match(selector)
    if slide is None:
        return f"{scope} {selector}"
    own = slide.group(1)
    if own.startswith("::after"):
        return ""
    own = _CLASS.sub(r".marp-\1", own)  # (the `class` directive's: `marp-lead`)
    return scope + own + selector[slide.end():]


def _lengths(declarations: str) -> str:
    """Pixels as a share of the slide's width (`36px` of Marp's 1280: `2.8125cqw`)."""
    return _PX.sub(lambda m: f"{float(m.group(1)) * 100 / SLIDE_WIDTH:.4g}cqw",
                   declarations)
