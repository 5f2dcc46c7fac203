"""Hexo's code blocks in Lanting's fences: the `{% codeblock %}` tag and a fence's
words after its language (```` ```python caption.py mark:4-5 first_line:3 ````: a
title, highlighted lines, the first line's number)."""

from __future__ import annotations

import re

from lanting.importer import body as B
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, fence


def codeblock(args: str, inner: str, shelf: Shelf) -> str:
    """`{% codeblock [title] [lang:x] [url [link text]] %}…{% endcodeblock %}` as a fence:
    the title its `title`, the link after it."""
    words, _named = B.arguments(args)
    lang, options, caption = "", {}, []
    for word in words:
        key, colon, value = word.partition(":")
        if colon and key == "lang":
            lang = value
        elif colon and key in ("mark", "first_line", "line_number", "url", "link_text"):
            options.update(_fence_option(key, value))
        else:
            caption.append(word)
    # `[title] [url [link text]]`: Hexo's caption is the title and a link after it
    at = next((i for i, w in enumerate(caption) if re.match(r"^https?://", w)), None)
    link = ""
    if at is not None:
        text = " ".join(caption[at + 1:]) or "link"
        link = f"\n\n[{text}]({caption[at]})"
        caption = caption[:at]
    if caption:
        options["title"] = " ".join(caption)
    # (its code as written: a fence or a code span inside was put aside already)
    return fence(lang, shelf.restore(inner), options) + link


def _fence_option(key: str, value: str) -> dict[str, str]:
    if key == "mark":
        return {"hl_lines": " ".join(value.replace(",", " ").split())}
    if key == "first_line":
        return {"start": value}
    if key == "line_number" and value.lower() == "true":
        return {"linenos": "true"}
    return {}


def code_fence(info: str, code: str, indent: str, ctx: Context) -> str:
    """```` ```python caption.py mark:4-5 first_line:3 ```` → Lanting's options."""
    words = info.split()
    if words[:1] == ["mermaid"]:  # (Fluid's diagrams: drawn if the theme drew them)
        ctx.convert("mermaid diagrams")
    if len(words) <= 1:
        return fence(info, code, None, indent)
    lang, options, caption = words[0], {}, []
    for word in words[1:]:
        key, colon, value = word.partition(":")
        if colon and key in ("mark", "first_line", "line_number"):
            options.update(_fence_option(key, value))
        elif not re.match(r"^https?://", word):
            caption.append(word)
    if caption:
        options["title"] = " ".join(caption)
    ctx.convert("code block options")
    return fence(lang, code, options, indent)
