"""Liquid and Nunjucks tags (`{% name args %}`, `{% name %}…{% endname %}`) and Liquid
output (`{{ … }}`): found, handed to a converter, or left in a comment and reported.
Jekyll, al-folio and Hexo share this syntax."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.block_containers import nested_block
from lanting.importer.body import relined, unconverted
from lanting.importer.html_block_spans import html_block_spans, inside, markdown_as_html
from lanting.importer.report import Report
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN, Shelf

TAG = re.compile(r"\{%-?\s*([A-Za-z_][\w-]*)\s*((?:(?!%\}|\{%|\n[ \t]*\n).)*?)\s*-?%\}",
                 re.DOTALL)
"""A Liquid tag, on one line or several (`{% include figure.liquid` with one argument a
line, as al-folio's posts write it): Liquid reads any whitespace between its parts. It
stops at a blank line or another `{%`, so a stray `{%` does not run on to a later tag."""
_RAW_BLOCK = re.compile(r"\{%-?\s*raw\s*-?%\}.*?\{%-?\s*endraw\s*-?%\}", re.DOTALL)
_CODE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n((?:.*?\n)??[ \t]{0,3}\1[`~]*[ \t]*$)"
                   r"|(?<!`)(`+)(?!`)[^\n]+?(?<!`)\3(?!`)", re.DOTALL | re.MULTILINE)
"""A fenced code block (its lines under the opening one: a fence's own kind, ```` ```chart
````, may be reported), or a code span (on one line) of the original, which the import
keeps as written."""
OUTPUT = re.compile(r"\{\{(?![<%])-?[ \t]*(.*?)[ \t]*-?\}\}")
"""A Liquid output (not a Lanting shortcode, `{{< … >}}`, which a conversion may write)."""


@dataclass
class Context:
    """One source file being converted: where its text came from, for the report."""

    report: Report
    path: Path
    original: str
    """The whole file as read (lines of the report are lines of this)."""

    seen: dict[str, int] = field(default_factory=dict)
    """Where each snippet was last found: one written several times is reported at each
    place in turn (conversions go through a file from its start), not always the first."""
    shown: list[tuple[int, int]] | None = None
    """The spans of the original's `{% raw %}…{% endraw %}` blocks, fenced code blocks
    and code spans (found when first needed): shown as written, never converted, so
    never what a report is about."""

    def _outside_raw(self, at: int) -> bool:
        if self.shown is None:
            self.shown = [m.span() for m in _RAW_BLOCK.finditer(self.original)] \
                if "raw" in self.original else []
            if "`" in self.original or "~~~" in self.original:
                self.shown += [m.span(2) if m.group(1) else m.span()
                               for m in _CODE.finditer(self.original)]
        return not any(start <= at < stop for start, stop in self.shown)

    def _find(self, probe: str, start: int) -> int:
        """The first place of `probe` in the original from `start` on, outside the raw
        blocks and code (a tutorial showing `{% include x.html %}` in one before using
        it was reported at the example's line); -1 if none."""
        at = self.original.find(probe, start)
        while at >= 0 and not self._outside_raw(at):
            at = self.original.find(probe, at + 1)
        return at

    def line(self, snippet: str, before: str = "", after: str = "") -> int | None:
        """The line of `snippet` in the original. `before` and `after`, the lines next to
        it as the conversion left them (blank lines aside, which it may add), place a tag
        written alike several times, of which the earlier ones were converted and so never
        reported: else it was taken for the first of them."""
        for above, below in ((before, after), (before, ""), ("", after)):
            if not (above or below):
                continue
            pattern = (rf"{re.escape(above)}\s*" if above else "") + f"({re.escape(snippet)})" \
                + (rf"\s*{re.escape(below)}" if below else "")
            found = [m.start(1) for m in re.finditer(pattern, self.original)
                     if self._outside_raw(m.start(1))]
            if len(found) == 1:
                self.seen[snippet] = found[0]
                return self.original.count("\n", 0, found[0]) + 1
        for probe in (snippet, snippet.strip(), snippet.strip().split("\n")[0],
                      snippet.removeprefix("./")):  # (an Org `file:x.org` Pandoc read)
            if not probe:
                continue
            at = self._find(probe, self.seen.get(probe, -1) + 1)
            if at < 0:
                at = self._find(probe, 0)
            if at < 0:  # (only in a raw block or code, a fence's ```` ```chartjs ````
                # opening: there, each in turn, rather than nowhere)
                at = self.original.find(probe, self.seen.get(probe, -1) + 1)
                at = at if at >= 0 else self.original.find(probe)
            if at >= 0:
                self.seen[probe] = at
                return self.original.count("\n", 0, at) + 1
        return None

    def warn(self, snippet: str, message: str, before: str = "", after: str = "") -> None:
        self.report.warn(self.path, self.line(snippet, before, after), message)

    def note(self, snippet: str, message: str) -> None:
        self.report.note(self.path, self.line(snippet), message)

    def convert(self, what: str, times: int = 1) -> None:
        self.report.convert(what, times)

    def leave(self, construct: str, why: str = "", before: str = "", after: str = "") -> str:
        """Keep `construct` inside a comment, and say so (`before`, `after`: as for
        `line`)."""
        self.warn(construct, f"not converted, left in a comment: `{_short(construct)}`"
                  + (f" ({why})" if why else ""), before, after)
        return unconverted(construct)


    def leave_output(self, match: re.Match[str], why: str) -> str:
        """`leave` for a `{{ … }}` found in the text: placed by the words beside it on its
        line, not by the first place it is written (`{{range .Items}}` in prose after
        the same in a Go code block, which the import leaves alone, was reported at the
        code's line)."""
        return self.leave(match.group(), why, *_on_its_line(match))


def _on_its_line(match: re.Match[str]) -> tuple[str, str]:
    """The text right before and right after `match` on its line, up to any piece put
    aside (whose marker the original does not hold)."""
    text = match.string
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    before = text[start:match.start()].rsplit(MARK_CLOSE, 1)[-1]
    after = text[match.end():end if end >= 0 else len(text)].split(MARK_OPEN, 1)[0]
    return before.strip(), after.strip()


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 70 else text[:67] + "…"


BlockHandler = Callable[[str, str, str], str]
"""(arguments, inner text, the whole block as written) -> replacement."""
TagHandler = Callable[[str, str], str]
"""(arguments, the tag as written) -> replacement."""


def blocks(text: str, name: str, handler: BlockHandler, ctx: Context, what: str,
           shelf: Shelf | None = None) -> str:
    """Each `{% name args %}…{% endname %}`, innermost first, through `handler`. With
    the `shelf` of the code put aside, a block indented on its own line (in a list item)
    is handed its text without that indentation, and a block it becomes is indented
    back: at column 0 it ended the list."""
    # The arguments stop at the tag's `%}`: free to run on (the pattern reads across
    # lines), an outer block's took in the inner one's opening.
    pattern = re.compile(
        rf"(^[ \t]+)?\{{%-?\s*{name}\b\s*((?:(?!%\}}).)*?)\s*-?%\}}"
        rf"((?:(?!\{{%-?\s*{name}\b).)*?)\{{%-?\s*end{name}\s*-?%\}}",
        re.DOTALL | re.MULTILINE)

    for _ in range(32):
        new, count = pattern.subn(lambda m: indented_block(m, handler, shelf), text)
        ctx.convert(what, count)
        if not count:
            break
        text = new
    return text


def indented_block(match: re.Match[str], handler: BlockHandler, shelf: Shelf | None) -> str:
    """A block tag or paired shortcode matched as (indentation, arguments, inner text)
    through `handler`: with the `shelf` of the code put aside, one indented on its own
    line (in a list item) is handed its text without that indentation, and a block it
    becomes is indented back; at column 0 it ended the list."""
    indent = match.group(1) or ""
    written = match.group()[len(indent):]
    if shelf is None or not indent:
        return indent + handler(match.group(2), match.group(3), written)
    inner = relined(match.group(3), lambda line: line[len(indent):]
                    if line.startswith(indent) else line.lstrip(), shelf)
    made = handler(match.group(2), inner, written)
    if not made.startswith("\n"):
        return indent + made
    return relined(made, lambda line: indent + line if line.strip() else line, shelf)


HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_TAG_AFTER_BLOCK = re.compile(r"\n[ \t]+(?=</?[A-Za-z])")


def tags(text: str, handlers: dict[str, TagHandler], ctx: Context,
         html_blocks: bool = False, shelf: Shelf | None = None) -> str:
    """Every remaining `{% name args %}`: through its handler, or left in a comment;
    one inside an HTML comment stays there as written (a comment in a comment ended
    the first early and showed ` -->` on the page).
    A tag made a block (a figure, blank lines around it) inside the theme's indented
    HTML (al-folio's `<div class="col-sm">` around its images): an HTML tag's line
    after it is no longer indented, else, after the blank line, it was a code block
    showing `</div>`.
    `html_blocks`: the renderer read Markdown as CommonMark does, none inside an HTML
    block, where the tags had made HTML (Hexo's): a tag's inline Markdown there is
    written as HTML.
    A block a tag alone on its line of a list item or a block quote made is written in
    it (`block_containers`; `shelf`: the code put aside, its lines prefixed too)."""
    out: list[str] = []
    end = 0
    comments = [m.span() for m in HTML_COMMENT.finditer(text)] if "<!--" in text else []
    blocks = html_block_spans(text) if html_blocks else []
    for match in TAG.finditer(text):
        if any(start < match.start() < stop for start, stop in comments):
            continue  # (`<!-- {% include_relative x.md %} -->`: Jekyll's output hid it too)
        handler = handlers.get(match.group(1))
        made = handler(match.group(2), match.group()) if handler is not None \
            else ctx.leave(match.group(), "no Lanting equivalent",
                           *_neighbours(text, match.start(), match.end()))
        if handler is not None and inside(blocks, match.start()):
            made = markdown_as_html(made)
        nested = nested_block(text, match.start(), match.end(), made, shelf) \
            if made.startswith("\n\n") and made.endswith("\n\n") else None
        if nested is not None and nested[0] >= end:  # (in a list item or a quote)
            out.append(text[end:nested[0]] + nested[1])
            end = match.end()
            continue
        out.append(text[end:match.start()] + made)
        end = match.end()
        if made.endswith("\n\n"):
            after = _TAG_AFTER_BLOCK.match(text, end)
            end = after.end() if after else end
            out.append("\n" if after else "")
    return "".join(out) + text[end:]


def _neighbours(text: str, start: int, end: int) -> tuple[str, str]:
    """The nearest lines with text before `start` and after `end` in `text`: what tells a
    tag from others written the same way."""
    above = [line for line in text[:start].split("\n")[:-1] if line.strip()]
    below = [line for line in text[end:].split("\n")[1:] if line.strip()]
    return (above[-1].strip() if above else ""), (below[0].strip() if below else "")


def string_argument(text: str) -> str:
    """`'/x'`, `"/x"` or `/x` -> `/x`."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


_DISPLAY_FORMULA = re.compile(r"\$\$.+?\$\$", re.DOTALL)
_LIQUID_VALUE = re.compile(r"(site|page|layout|include|post|paginator|jekyll|content)\b|.*\|")
_FILTERED_STRING = re.compile(r"(['\"])[^'\"]*\1\s*\|+\s*[a-z_]+\b.*", re.DOTALL)


def display_formulas(text: str) -> list[tuple[int, int]]:
    """Where the `$$…$$` formulas of `text` (its code set aside) are."""
    return [m.span() for m in _DISPLAY_FORMULA.finditer(text)]


def tex_group(expression: str) -> bool:
    """A `{{…}}` inside a formula that reads as TeX (`\\frac{{p+1}}{2}`), not as a Liquid
    value: an operator or a backslash in it, or no filter and none of Jekyll's objects.
    (Jekyll's Liquid emptied it, and the old page's formula lost a part.) A quoted string
    given to a filter, `{{ '/assets/x.png' | relative_url }}`, is Liquid whatever its
    slashes: a stray `$$a$` had paired with a later formula's `$$`, and the images of the
    paragraphs between kept their Liquid."""
    if _FILTERED_STRING.fullmatch(expression):
        return False
    return bool(re.search(r"[\\^+*/()=]", expression)) or not _LIQUID_VALUE.match(expression)


_STEP = re.compile(r"""\.([A-Za-z_][\w-]*)|\[(\d+)\]|\[\s*(?:"([^"\]]*)"|'([^'\]]*)')\s*\]""")


def value_at(root: dict[str, Any], name: str, expression: str) -> str | None:
    """The text of `<name>.a.b` (`site.github`, `page.contact`) in `root`, the settings or
    front matter, an item of a list taken by its index (`page.references[2].url`, a post
    linking the works its front matter lists): a string or number, what Liquid printed;
    else None."""
    found = re.fullmatch(re.escape(name) + rf"((?:{_STEP.pattern})+)", expression)
    if found is None:
        return None
    value: Any = root
    for key, index, *quoted in _STEP.findall(found.group(1)):
        key = key or "".join(quoted)  # (`ui-text["en-US"]`: a key by its string)
        if index:
            if not isinstance(value, list) or int(index) >= len(value):
                return None
            value = value[int(index)]
        elif not isinstance(value, dict) or key not in value:
            return None
        else:
            value = value[key]
    if isinstance(value, list) and len(value) == 1:  # (just-the-docs' `aux_links: {Forum:
        value = value[0]  # [url]}`: Liquid prints a list's items one after another, so a
        # list of one prints it; several run together, `ab`, shown as no one meant them)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    return str(value)
