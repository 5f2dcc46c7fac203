"""GitBook's own syntax in Lanting's Markdown: its Nunjucks-style blocks.

- `{% hint style="info" %}` → a callout (`success` a tip, `warning`, `danger` a caution);
  `{% tabs %}` of `{% tab title="…" %}` → `::: tabs`; `{% code title="x.py"
  lineNumbers="true" %}` around a fence → the fence's `title` and `linenos`;
  `{% embed url="…" %}` and `{% file src="…" %}` → links (the caption their text);
  `{% content-ref %}` → the link inside; `{% stepper %}`, `{% columns %}`, `{% em %}`
  and other blocks unwrapped (their text kept, a warning naming each unknown one).
- `{% math %}` (the math plugins' block) → a formula.
- `{% include "file.md" %}` (GitBook 3's, and the hosted service's reusable content in
  `.gitbook/includes/`) → the file's text; `{% raw %}` → its text as written;
  `{{ book.name }}` → `book.json`'s `variables`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.text import split_front_matter

_TAG = re.compile(r"\{%-?\s*(end)?([A-Za-z][\w-]*)\b((?:[^%]|%(?!\}))*?)-?%\}")
_ATTRIBUTE = re.compile(r"([\w-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|(\S+))")
_HINTS = {"info": "NOTE", "success": "TIP", "warning": "WARNING", "danger": "CAUTION",
          "tip": "TIP", "working": "NOTE"}
_UNWRAPPED = frozenset({"stepper", "step", "columns", "column", "method", "sample",
                        "common", "swagger-description", "swagger-parameter",
                        "swagger-response", "updates", "update"})
_INCLUDE_DEPTH = 5


def attributes(words: str) -> dict[str, str]:
    return {m.group(1): m.group(2) or m.group(3) or m.group(4) or ""
            for m in _ATTRIBUTE.finditer(words)}


def includes(text: str, here: Path, ctx: Context, root: Path | None = None,
             depth: int = 0) -> str:
    """`{% include "./part.md" %}` → the file's text (its own includes from its folder);
    `"/part.md"` from the book's `root`."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        file = ((root or here) / name.lstrip("/") if name.startswith("/")
                else here / name).resolve()
        if not file.is_file():
            ctx.warn(match.group(), f"included file `{name}` not found: left out (put it "
                     "back and import again)")
            return ""
        if depth >= _INCLUDE_DEPTH:
            ctx.warn(match.group(), "includes nested too deep: this one left out")
            return ""
        ctx.convert("`{% include %}` replaced by the file's text")
        # (the hosted service's reusable content starts with its own front matter)
        content = split_front_matter(read_text(file))[2] if read_text(file).startswith(
            "---") else read_text(file)
        return includes(content.strip("\n"), file.parent, ctx, root, depth + 1)

    return re.sub(r"\{%-?\s*include\s+[\"']([^\"']+)[\"']\s*-?%\}", one, text)


def math_blocks(text: str, ctx: Context) -> str:
    """The mathjax and katex plugins' `{% math %}…{% endmath %}`, whose shortcut `$$…$$`
    is: a display when its TeX starts on a new line, else inline (as `$$` in a sentence
    is read after). Without this its TeX was unwrapped as words, with a warning."""

    def one(match: re.Match[str]) -> str:
        ctx.convert("`{% math %}` blocks as formulas")
        tex = match.group(1)
        if tex.startswith("\n"):
            return f"\n\n$$\n{tex.strip()}\n$$\n\n"
        return f"$${tex.strip()}$$"

    return re.sub(r"\{%-?\s*math\s*-?%\}(.*?)\{%-?\s*endmath\s*-?%\}", one, text,
                  flags=re.DOTALL)


_FORMULA = re.compile(r"\$\$.+?\$\$|(?<![\\$])\$[^$\n]+?\$", re.DOTALL)
"""A formula, `$$…$$` or `$…$`, whose doubled braces are TeX's."""


_SET = re.compile(r"""\{%-?\s*set\s+(\w+)\s*=\s*(?:'([^'\n]*)'|"([^"\n]*)")\s*-?%\}[ \t]*\n?""")


def variables(text: str, values: dict[str, Any], ctx: Context) -> str:
    """`{{ book.name }}` → `book.json`'s value; a page's own `{% set icon = '…' %}` →
    what it set, there and below; another of GitBook's (`{{ page.title }}`,
    `{{ config.x }}`) stays, with a warning (GitBook printed what Lanting has not here);
    any other `{{ … }}` (Vue's, Jinja's, in an example; code is put aside before) is
    words."""
    sets: dict[str, str] = {}

    def setting(match: re.Match[str]) -> str:
        sets[match.group(1)] = match.group(2) if match.group(2) is not None \
            else match.group(3)
        ctx.convert("`{% set %}` variables printed where the page uses them")
        return ""

    text = _SET.sub(setting, text)
    formulas = [m.span() for m in _FORMULA.finditer(text)]

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if any(start < match.start() < end for start, end in formulas):
            return match.group()  # (`$$e^{{x}}$$`: TeX's braces)
        if name in sets:
            return sets[name]
        if name.split(".")[0] not in ("book", "page", "config", "file", "glossary",
                                      "gitbook", "output"):
            # (GitBook 3 printed nothing for it, an undefined variable; the writer
            # meant the example's braces, shown as words: the entity keeps the build
            # from taking them for syntax left behind)
            ctx.convert("`{{ … }}` of an example in prose as words (GitBook 3 printed "
                        "nothing there)")
            return "&#123;" + match.group()[1:]
        value: Any = values
        for part in name.split(".")[1:] if name.startswith("book.") else [None]:
            value = value.get(part) if isinstance(value, dict) and part else None
        if value is None or isinstance(value, dict | list):
            ctx.warn(match.group(), f"`{match.group()}`: GitBook printed a value Lanting "
                     "does not have here; left as written")
            return match.group()
        ctx.convert("`{{ book.… }}` variables printed")
        return str(value)

    return re.sub(r"\{\{-?\s*([\w.]+)\s*-?\}\}", one, text)


_CODE_LABEL = re.compile(r"^([ \t]*(?:>[ \t]?)*)(.*?)\{%-?\s*filename\s*-?%\}(.*?)"
                         r"\{%-?\s*endfilename\s*-?%\}[ \t]*$")
"""A label ending its line (alone, or after a sentence a translation joined to it), in
a quote or not (its `> ` marks the prefix of the code's lines too)."""
_FENCE_OPENING = re.compile(r"([ \t]*(?:`{3,}|~{3,}))([^\n]*)$")


def code_labels(text: str, ctx: Context) -> str:
    """gitbook-plugin-codeblock-label's `{% filename %}blog/views.py{% endfilename %}`
    on the line above a code block (the Django Girls tutorial and its translations, whose
    translation tool indented the code, in quotes too): the block's title. (Left to the
    other blocks, the label was unwrapped with a warning.)"""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        label = _CODE_LABEL.match(lines[i])
        i += 1
        if label is None:
            out.append(lines[i - 1])
            continue
        prefix, title = label.group(1), " ".join(label.group(3).split()).replace('"', "'")
        if label.group(2).strip():
            out.append(prefix + label.group(2).rstrip())
        titled, used = _titled_code(lines, i, prefix, title)
        out += titled or [f"{prefix}*{title}*"]  # (no code under it: the label's words)
        i += used
        if titled:
            ctx.convert("`{% filename %}` labels as their code blocks' titles")
    return "\n".join(out)


def _titled_code(lines: list[str], at: int, prefix: str, title: str
                 ) -> tuple[list[str], int]:
    """The code block from line `at` (after one blank line at most; each line after its
    quote's `prefix`) with its title: (its lines, how many of `lines` they replace); no
    lines when no code block is there."""

    def inner(n: int) -> str | None:  # (None: not a line of the label's quote)
        return lines[n][len(prefix):] if n < len(lines) and lines[n].startswith(prefix) \
            else None

    blank = inner(at)
    first = at + 1 if blank is not None and not blank.strip() else at
    fence = _FENCE_OPENING.match(inner(first) or "")
    if fence is not None:
        info = fence.group(2).strip() or "text"
        return [f'{prefix}{fence.group(1)}{info} title="{title}"'], first + 1 - at
    end = first
    while (line := inner(end)) is not None and (re.match(r"(?: {4}|\t)", line)
                                                 or not line.strip()):
        end += 1
    while end > first and not (inner(end - 1) or "").strip():
        end -= 1
    if end == first:
        return [], 0
    code = [(inner(n) or "").expandtabs(4)[4:] for n in range(first, end)]
    mark = "~~~" if any(c.lstrip().startswith("```") for c in code) else "```"
    return [f'{prefix}{mark}text title="{title}"', *(prefix + c for c in code),
            prefix + mark], end - at


def raw_blocks(text: str, shelf: Shelf) -> str:
    """`{% raw %}…{% endraw %}` put aside: its text as written (GitBook printed its
    `{{ }}` and `{% %}` so; in prose, their first brace an entity, so that Lanting
    takes them for words, not for syntax left behind)."""

    def one(match: re.Match[str]) -> str:
        code = Shelf()
        prose = protect_code(match.group(1), code)
        prose = prose.replace("{{", "&#123;{").replace("{%", "&#123;%")
        return shelf.put(code.restore(prose))

    return re.sub(r"\{%-?\s*raw\s*-?%\}(.*?)\{%-?\s*endraw\s*-?%\}", one, text,
                  flags=re.DOTALL)


def blocks(text: str, shelf: Shelf, ctx: Context) -> str:
    """GitBook's blocks, innermost first (a hint in a tab)."""
    for _ in range(500):
        found = _innermost(text)
        if found is None:
            break
        start, end, name, words, inner = found
        text = text[:start] + _block(name, attributes(words), inner, words, shelf,
                                     ctx) + text[end:]
    return _strays(text, ctx)


def _innermost(text: str) -> tuple[int, int, str, str, str] | None:
    """The first block with no block inside it: (start, end, name, words, inner)."""
    opened: list[re.Match[str]] = []
    for tag in _TAG.finditer(text):
        if tag.group(1) is None:
            opened.append(tag)
            continue
        for i in range(len(opened) - 1, -1, -1):
            if opened[i].group(2) == tag.group(2):
                head = opened[i]
                return (head.start(), tag.end(), head.group(2), head.group(3),
                        text[head.end():tag.start()])
    return None


def _block(name: str, attrs: dict[str, str], inner: str, words: str, shelf: Shelf,
           ctx: Context) -> str:
    inner = inner.strip("\n")
    if name == "hint":
        ctx.convert("`{% hint %}` blocks as callouts")
        return B.callout(_HINTS.get(attrs.get("style", "info"), "NOTE"), inner, shelf=shelf)
    if name == "tabs":
        ctx.convert("`{% tabs %}` as tabs")
        return B.block(f"::: tabs\n{inner}\n:::")
    if name == "tab":
        return f"\n@tab {attrs.get('title', 'Tab')}\n\n{inner}\n"
    if name == "code":  # (its fence put aside with the page's code)
        return _code_block(shelf.restore(inner, "C"), attrs, ctx)
    if name in ("embed", "file"):
        url = attrs.get("url") or attrs.get("src") or ""
        ctx.convert(f"`{{% {name} %}}` as a link")
        words = " ".join(inner.split()) or url.rsplit("/", 1)[-1] or url
        return B.block(f"[{words}](<{url}>)")
    if name == "content-ref":
        ctx.convert("`{% content-ref %}` cards as their links")
        return B.block(inner)
    if name == "em":
        return f"<mark>{inner}</mark>"
    if name not in _UNWRAPPED:
        ctx.warn("{% " + name, f"`{{% {f'{name} {words.strip()}'.strip()} %}}`: a GitBook "
                 "block Lanting does not know; its text kept without it")
    else:
        ctx.convert(f"`{{% {name} %}}` unwrapped (its text kept)")
    return B.block(inner)


def _code_block(inner: str, attrs: dict[str, str], ctx: Context) -> str:
    """`{% code title="x.py" lineNumbers="true" %}` around a fence: the fence gets the
    title and line numbers."""
    opening = re.match(r"\s*?([ \t]*)(`{3,}|~{3,})([^\n]*)\n", inner)
    if opening is None:
        return inner
    options = opening.group(3).rstrip() or "text"
    if attrs.get("title"):
        options += ' title="' + attrs["title"].replace('"', "'") + '"'
    if attrs.get("lineNumbers") == "true":
        options += " linenos=true"
    ctx.convert("`{% code %}` titles and line numbers on their code blocks")
    return B.block(opening.group(1) + opening.group(2) + options + "\n"
                   + inner[opening.end():])


def _strays(text: str, ctx: Context) -> str:
    """Tags left without their pair (a block GitBook closed nowhere): removed."""

    def one(match: re.Match[str]) -> str:
        if match.group(2) in ("include",):
            return match.group()
        if match.group(2) in ("embed", "file") and not match.group(1):
            # (an embed with no caption has no closing tag)
            return _block(match.group(2), attributes(match.group(3)), "", match.group(3),
                          Shelf(), ctx)
        ctx.warn(match.group(), f"`{match.group()}` opens or closes no block: left out")
        return ""

    return _TAG.sub(one, text)
