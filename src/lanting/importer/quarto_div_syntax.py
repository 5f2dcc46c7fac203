"""Pandoc's fenced divs as Quarto writes them (`::: {#id .class key="v"}` … `:::`,
nested by any number of colons): the text parsed into lines and divs, the parts of an
opening's attributes, and whether Quarto's HTML showed a conditional div. Read by
`quarto_divs` and `quarto_theorems`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_OPEN = re.compile(r"^[ \t]{0,3}(:{3,})[ \t]*(\{(?:[^}\"']|\"[^\"\n]*\"|'[^'\n]*')*\}"
                   r"|\{[^}]*\}|[^\s{}:][^\s{}]*(?:[ \t].*)?)[ \t]*$")
"""An opening: attributes in braces (a quoted value holding braces too, the R Markdown
Cookbook's `data-latex="{0.5\\textwidth}"`: read to its first `}`, the opening was no
opening, and its closing fence closed the div around it), or a bare word, Pandoc's class
(any word: a course wrote `::: #count-tbl` around a table, a div of the class
`#count-tbl`)."""
_CLOSE = re.compile(r"^[ \t]{0,3}:{3,}[ \t]*$")


@dataclass
class Div:
    opening: str
    """The opening line as written."""
    attributes: str
    children: list[str | Div] = field(default_factory=list)


def parse(text: str) -> list[str | Div]:
    """The text as lines and divs; an unclosed div runs to the end, a stray `:::` stays."""
    root = Div("", "")
    stack = [root]
    for line in text.split("\n"):
        opened = _OPEN.match(line)
        if opened:
            div = Div(line, opened.group(2).strip())
            stack[-1].children.append(div)
            stack.append(div)
        elif _CLOSE.match(line) and len(stack) > 1:
            stack.pop()
        else:
            stack[-1].children.append(line)
    return root.children


def classes(attributes: str) -> list[str]:
    # (not a word of a quoted value: `filename='[within .Renviron]'` has no class)
    inner = re.sub(r"=\s*(\"[^\"]*\"|'[^']*')", "=", attributes.strip("{}"))
    if not attributes.startswith("{"):
        return [attributes.split()[0]] if attributes.split() else []
    return re.findall(r"(?:^|\s)\.([\w-]+)", inner)


def braced(attributes: str) -> str:
    """An opening's attributes in braces: a bare word is Pandoc's class (`::: columns`
    is `{.columns}`; written `{columns}`, Lanting read a MyST directive of that name)."""
    if attributes.startswith("{"):
        return "{" + attributes.strip("{} ") + "}"
    return "{" + " ".join(f".{c}" for c in classes(attributes)) + "}"


def identifier(attributes: str) -> str:
    if not attributes.startswith("{"):
        return ""  # (a bare word is a class, `#count-tbl` too)
    found = re.search(r"(?:^|[\s{])#([\w:.-]+)", attributes)
    return found.group(1) if found else ""


def option(attributes: str, name: str) -> str:
    found = re.search(rf"(?:^|[\s{{]){re.escape(name)}=(\"[^\"]*\"|'[^']*'|[^\s}}]+)",
                      attributes)
    return found.group(1).strip("\"'") if found else ""


def depth(nodes: list[str | Div]) -> int:
    """How deep kept divs nest inside `nodes` (a kept div's fence must be longer than any
    inside it: Lanting pairs fences by length). A layout div is two deep: its rows of
    columns (`quarto_layouts`)."""
    return max((1 + depth(n.children) + (1 if is_layout(n.attributes) else 0)
                if isinstance(n, Div) else 0 for n in nodes), default=0)


def is_layout(attributes: str) -> bool:
    """Whether a div's attributes lay out its content (`layout-ncol=2`, `layout=…`)."""
    return re.search(r"(?:^|[\s{])layout(?:-ncol|-nrow)?=", attributes) is not None


def shown_in_html(names: list[str], attributes: str, profiles: frozenset[str]) -> bool:
    """Whether Quarto's HTML showed a `.content-visible` or `.content-hidden` div: one
    hidden `unless-format="html"` it showed (a lecture's plot cell was left out so), and
    one hidden `when-profile="slides"` when the site was rendered with the profile `web`
    (a course's notes kept their slides' shorter text so: the notes' own was lost).
    Its conditions all hold, or it has none, for it to be visible (or hidden)."""
    if "content-hidden" not in names and "content-visible" not in names:
        return True
    tests = []
    for key, holds in (("when-format", lambda v: v == "html"),
                       ("unless-format", lambda v: v != "html"),
                       ("when-profile", lambda v: v in profiles),
                       ("unless-profile", lambda v: v not in profiles)):
        if value := option(attributes, key):
            tests.append(holds(value))
    return all(tests) == ("content-visible" in names)
