"""The tag plugins of the Stellar theme, each in its nearest Markdown form. Stellar reads
a tag's words as its arguments, the `key:value` words of the keys a tag knows as its
options wherever they stand (`{% box color:yellow 注意 %}`, `{% link url desc:true %}`):
left among the words, they became a callout's title or a link's text."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.hexo_inline import stellar_words
from lanting.importer.liquid import Context, blocks
from lanting.importer.shelf import Shelf, fence

_CELL = re.compile(r"<!--\s*cell\b.*?-->")
"""A cell's start in Stellar's `grid` (`<!-- cell left -->`: its words are no content)."""

STELLAR_OPTIONS = frozenset({"color", "child", "open", "icon", "desc", "width",
                             "effect", "img", "video", "focus"})
"""The option keys of Stellar's `box`, `folding`, `link`, `swiper` and `frame`."""


def is_option(word: str) -> bool:
    """Whether a tag's word is a Stellar option (`desc:true`; `https://…` is none)."""
    key, colon, _value = word.partition(":")
    return bool(colon) and key in STELLAR_OPTIONS


def stellar_arguments(args: str) -> tuple[dict[str, str], list[str]]:
    """(options, the other words) of a Stellar tag, as its `ctx.args.map` reads them."""
    words = args.split()
    options = dict(w.split(":", 1) for w in words if is_option(w))
    return options, [w for w in words if not is_option(w)]


def stellar_blocks(text: str, ctx: Context, shelf: Shelf) -> str:
    """Stellar's `{% box [color:…] title %}` (a callout, its colour its kind; `ablock`
    and `border` in older versions), `{% poetry %}` (a quote), `{% grid %}` (`split`:
    columns), `{% copy %}` (a code block) and `{% swiper %}` (a carousel: its images,
    each in a paragraph of its own)."""

    def box(args: str, inner: str, written: str) -> str:
        options, words = stellar_arguments(args)
        kind = B.CALLOUTS.get(options.get("color", ""), "NOTE")
        return B.callout(kind, inner, " ".join(words), shelf)

    def swiper(args: str, inner: str, written: str) -> str:
        lines = [line.strip() for line in inner.strip("\n").splitlines()]
        return B.block("\n\n".join(line for line in lines if line))

    def poetry(args: str, inner: str, written: str) -> str:
        # `{% poetry 题目 author:作者 date:年代 footer:出处 %}`: a quote, the title and
        # the author and date above the lines, the footer under them
        found = stellar_words(args, ("author", "date", "footer"), ("title",))
        meta = " · ".join(found[k] for k in ("author", "date") if found.get(k))
        head = "\n".join(x for x in (f"**{found['title']}**" if found.get("title") else "",
                                     meta) if x)
        parts = [x for x in (head, inner.strip("\n"), found.get("footer", "")) if x]
        return B.block(B.relined("\n\n".join(parts), B.quoted, shelf))

    def grid(args: str, inner: str, written: str) -> str:
        # `{% grid %}` (`{% split %}` before Stellar 1.18) of `<!-- cell -->` parts: side
        # by side, as Lanting's columns
        cells = [c.strip("\n") for c in _CELL.split(inner) if c.strip()]
        return B.block("\n\n".join([":::: {.columns}", *(f"::: {{.column}}\n{c}\n:::"
                                                         for c in cells), "::::"]))

    text = blocks(text, "poetry", poetry, ctx, "poems as quotes", shelf)
    for name in ("grid", "split"):
        text = blocks(text, name, grid, ctx, "grids as columns", shelf)
    # (`box` was `ablock` before Stellar 1.18, and `border` before that)
    for name in ("box", "ablock", "border"):
        text = blocks(text, name, box, ctx, "notes as callouts", shelf)
    text = copies(text, ctx, shelf)
    return blocks(text, "swiper", swiper, ctx, "galleries as images", shelf)


def frame(ctx: Context) -> Any:
    """Stellar's `{% frame iphone11 img:… [video:…] %}`: a screenshot in a device's frame,
    the image (the frame is dropped); a video in one, a link to it."""

    def one(args: str, written: str) -> str:
        options, _words = stellar_arguments(args)
        if options.get("img"):
            ctx.convert("device frames as images")
            return B.block(f"![]({options['img']})")
        if options.get("video"):
            ctx.convert("device frames as images")
            return B.block(f"[{options['video']}]({options['video']})")
        return ctx.leave(written, "no image or video in it")
    return one


_COPY = re.compile(r"^([ \t]*(?:>[ \t]?)*)\{%-?\s*copy\s+(.*?)\s*-?%\}[ \t]*$", re.MULTILINE)
"""Stellar's `{% copy … %}` alone on its line, after the indentation of the list item
(or the quote) it is in."""


def copies(text: str, ctx: Context, shelf: Shelf) -> str:
    """Stellar's `{% copy [prefix:$] [git:https|ssh|gh] text %}`: a line to copy (a
    command, a repository's address), a code block of it, which Lanting gives a copy
    button, indented as the tag was; `git:` made the address of a GitHub repository
    `owner/name`, as Stellar's `copy.js` does. The prefix is only shown beside the
    line, not copied: dropped."""

    def one(match: re.Match[str]) -> str:
        indent = match.group(1)
        found = stellar_words(shelf.restore(match.group(2)), ("git", "prefix"), ("text",))
        line, git = found.get("text", "").strip(), found.get("git")
        if not line:
            return match.group()
        if git:
            name = line.removeprefix("/")
            line = {"ssh": f"git@github.com:{name}.git",
                    "gh": f"gh repo clone {name}"}.get(git, f"https://github.com/{name}.git")
        ctx.convert("copyable lines as code blocks")
        return indent + shelf.put(fence("", line, indent=indent).removeprefix(indent))
    return _COPY.sub(one, text)


def without_options(args: str) -> str:
    """A Stellar tag's arguments without its options (`open:true 说明` → `说明`)."""
    return " ".join(stellar_arguments(args)[1]) if re.search(r"\b[a-z]+:", args) else args
