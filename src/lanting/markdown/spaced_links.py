"""Plugin parts: links and images written so that Markdown reads them as text (a path or
address with a space, a file on the writer's own disk), and the helpers the leftovers
checks share: the inline tokens holding a needle, a warning at a token's line."""

from __future__ import annotations

import re
from collections.abc import Iterator

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.model.problem import Problem


def inlines(state: StateCore, needle: str) -> Iterator[Token]:
    """The inline tokens (with a line) whose text holds `needle`, on a page being built."""
    if state.env.get("lanting") is None or needle not in state.src:
        return
    for token in state.tokens:
        if token.type == "inline" and token.map is not None and needle in token.content:
            yield token


def warn_at(state: StateCore, token: Token, offset: int, message: str, hint: str) -> None:
    """A warning at the line of `token.content[offset]`."""
    ctx = state.env["lanting"]
    state.env.setdefault("problems", []).append(Problem(
        message, ctx.path, ctx.body_line + (token.map[0] if token.map else 0)
        + token.content.count("\n", 0, offset), hint=hint, severity="warning"))



_SPACED_IMAGE = re.compile(r"!\[[^\]\n]*\]\(([^)<>{}\n]*[^)\s\n{}][ \t]+[^)\s\n\"'{}][^)\n{}]*)\)")
"""(Not a path holding another generator's `{{ … }}`: that check reports it.)"""
SPACED_HINT = ("a path with a space is no image in Markdown: write `%20` for the space, or "
               "put the path in angle brackets, `![alt](<image 1.png>)`")


_PATH_PART = r"(?:[^()<>{}\n#\"']|\([^()\n]*\))"
_SPACED_PATH = re.compile(r"(?<![!\]])\[[^\]\n]*\]\((?![A-Za-z][\w+.-]*://)(" + _PATH_PART
                          + r"*?\S[ \t]+\S" + _PATH_PART + r"*?\.(?:md|html?|pdf|ipynb))\)")
"""`[笔记](../Basic Concepts/注意力.md)`: a link to a file whose path has a space (a web
address with one, `https://x.org/Bishop - PRML.pdf`, is `_SPACED_URL`'s: it was warned
about twice, once as a path)."""
SPACED_LINK_HINT = ("a path with a space is no link in Markdown: write `%20` for the space, "
                    "or put the path in angle brackets, `[text](<../a b/note.md>)`")
_SPACED_URL = re.compile(r"(?<![!\]])\[[^\]\n]*\]\((https?://[^()<>\s]*[ \t][^()<>\n]*)\)")
"""`[container cloud](https://www.zhihu.com/search?q=container cloud&…)` (a keyword link
of a Zhihu article pasted into notes): a web address with a space, no link either."""
SPACED_URL_HINT = ("an address with a space is no link in Markdown: write `%20` for the "
                   "space, or put the address in angle brackets, `[text](<https://…>)`")


_LOCAL_IMAGE = re.compile(r"!\[[^\]\n]*\]\(<?file:[^)\n]*\)", re.IGNORECASE)
"""`![a](file:///D:/notes/a.png)`: a link Lanting refuses (`file:`), so it is text."""
LOCAL_IMAGE_HINT = ("copy the file beside the page (a bundle: posts/<slug>/index.md) and "
                    "write its name")


def spaced_images(state: StateCore) -> None:
    """`![a](image 1.png)` (Notion's and Typora's exports name files so) is text in
    CommonMark: it was shown as written without a word; so was a link to a file whose
    path has a space (`[笔记](../Basic Concepts/x.md)`, an Obsidian vault's), or to a
    web address with one (a Zhihu article's keyword links, pasted into notes)."""
    for token in inlines(state, "]("):
        for child in token.children or []:
            if child.type == "text" and "](" in child.content:
                for match in _SPACED_IMAGE.finditer(child.content):
                    warn_at(state, token, token.content.find(match.group()),
                             f"an image shown as text: `{match.group()[:60]}`", SPACED_HINT)
                for match in _LOCAL_IMAGE.finditer(child.content):
                    warn_at(state, token, token.content.find(match.group()),
                             f"an image shown as text: `{match.group()[:60]}` is a file on "
                             "the writer's own disk", LOCAL_IMAGE_HINT)
                for match in _SPACED_PATH.finditer(child.content):
                    warn_at(state, token, token.content.find(match.group()),
                             f"a link shown as text: `{match.group()[:60]}`", SPACED_LINK_HINT)
                for match in _SPACED_URL.finditer(child.content):
                    warn_at(state, token, token.content.find(match.group()),
                             f"a link shown as text: `{match.group()[:60]}`", SPACED_URL_HINT)
