"""What the pymdownx extensions a site lists made of their own syntax: keys, critic
marks, caret and tilde, icons and emoji; without the extension MkDocs showed the syntax
as written."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_settings import extension
from lanting.importer.shelf import Shelf
from lanting.importer.sub_sup import scripts

ICON = re.compile(r"(?<![\w:]):((?:material|fontawesome|octicons|simple)-[\w-]+):"
                  r"(?:\{[^}\n]*\})?")
_ICON_SPACED = re.compile(ICON.pattern + r"[ \t]?")
_EMOJI_ATTRIBUTES = re.compile(r"(?<![\w:/])(:[a-z0-9][a-z0-9_+-]*:)\{[ \t]*[.#][^}\n]*\}")
_KEYS = re.compile(r"\+\+([\w-]+(?:\+[\w-]+)*)\+\+")


def pymdownx_extras(text: str, config: dict[str, Any], shelf: Shelf, ctx: Context) -> str:
    """What the site's pymdownx extensions read: keys (`++ctrl+c++`), critic marks
    (`{++added++}`, `{--removed--}`, `{~~old~>new~~}`, `{==marked==}`, `{>>note<<}`),
    caret (`^^inserted^^`, `x^2^`) and tilde (`H~2~O`). Without the extension the
    old site showed them as written, and so does the new one."""
    if extension(config, "pymdownx.keys") is not None:
        text, keys = _KEYS.subn(lambda m: "+".join(
            f"<kbd>{k.replace('-', ' ').title()}</kbd>" for k in m.group(1).split("+")),
            text)
        ctx.convert("keys (++ctrl+c++)", keys)
    if extension(config, "pymdownx.critic") is not None:
        before = text
        text = re.sub(r"\{\+\+(.+?)\+\+\}", r"<ins>\1</ins>", text, flags=re.DOTALL)
        text = re.sub(r"\{--(.+?)--\}", r"<del>\1</del>", text, flags=re.DOTALL)
        text = re.sub(r"\{~~(.*?)~>(.*?)~~\}", lambda m: (
            f"<del>{m.group(1)}</del>" if m.group(1) else "") + (
            f"<ins>{m.group(2)}</ins>" if m.group(2) else ""), text, flags=re.DOTALL)
        text = re.sub(r"\{==(.+?)==\}", r"<mark>\1</mark>", text, flags=re.DOTALL)
        notes = re.findall(r"\{>>(.+?)<<\}", text, flags=re.DOTALL)
        if notes:
            ctx.warn("{>>", f"{len(notes)} critic comment(s) (`{{>>…<<}}`) left out: "
                     "Lanting has no margin notes")
            # (with the space before it: `**Logical const-ness {>>aka mutable<<}**` was
            # `**… const-ness **`, which bolds nothing)
            text = re.sub(r"(?:(?<=\S)[ \t]+)?\{>>(.+?)<<\}", "", text, flags=re.DOTALL)
        ctx.convert("critic marks", int(before != text))
    if extension(config, "pymdownx.caret") is not None:
        text, count = re.subn(r"(?<!\^)\^\^(?!\s)([^\^\n]+?)(?<!\s)\^\^(?!\^)",
                              r"<ins>\1</ins>", text)
        ctx.convert("insertions (^^…^^)", count)
    if extension(config, "pymdownx.caret") is not None or \
            extension(config, "pymdownx.tilde") is not None:
        text = scripts(text, shelf, ctx)
    smarty = extension(config, "smarty")
    if smarty is None:
        smarty = extension(config, "markdown.extensions.smarty")
    if smarty is not None and smarty.get("smart_dashes", True) is not False:
        text = smart_dashes(text, ctx)
    return text


_DASHES = re.compile(r"(?<![-!<])(-{2,3})(?![->])")
_NOT_TEXT = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$|<!--.*?-->|<[^>\n]*>|\]\([^)\n]*\)",
                       re.DOTALL)
"""What smarty leaves alone: formulas, comments, tags and the addresses of links."""
_RULE = re.compile(r"^[ \t|:-]*$")
"""A line of dashes, bars and colons: a rule, a setext heading's line, a table's."""


def smart_dashes(text: str, ctx: Context) -> str:
    """Python-Markdown's smarty: `---` in the text an em dash, `--` an en dash (`pages
    1--3`), as the site showed them; Lanting has no such typography, so a grammar
    wiki's asides showed `---` as written. Code is put aside already."""
    count = 0

    def line(part: str) -> str:
        nonlocal count
        out = []
        for one in part.split("\n"):
            if not _RULE.match(one):
                one, n = _DASHES.subn(lambda m: "\u2014" if len(m[1]) == 3 else "\u2013",
                                      one)
                count += n
            out.append(one)
        return "\n".join(out)

    last, pieces = 0, []
    for found in _NOT_TEXT.finditer(text):
        pieces += [line(text[last:found.start()]), found[0]]
        last = found.end()
    text = "".join([*pieces, line(text[last:])])
    ctx.convert("dashes (`---`, `--`) as smarty wrote them", count)
    return text


def icons(text: str, ctx: Context) -> str:
    """pymdownx.emoji's icons and emoji shortcodes: a check or cross as its character,
    an emoji as itself, other icons left out (Lanting has no icon sets)."""
    before = len(ICON.findall(text))
    text = ICON.sub(_mark, text)
    ctx.convert("check and cross icons (✓, ✗)", before - len(ICON.findall(text)))
    icons = ICON.findall(text)
    if icons:
        ctx.warn(f":{icons[0]}:", f"{len(icons)} icon shortcode(s) (`:{icons[0]}:`) left "
                 "out: Lanting has no icon sets")
    # (with the space after it: `**:material-language-javascript: JavaScript 项目**` left
    # `** JavaScript 项目**`, a space inside the stars, which is no bold text)
    text = _ICON_SPACED.sub("", text)
    # (attr_list's classes on an emoji, `:fire:{ .lg .middle }` in Material's grid
    # cards, sized the emoji's image: they went with it, as an icon's go with the icon)
    text, count = _EMOJI_ATTRIBUTES.subn(r"\1", text)
    ctx.convert("attribute lists of emoji (`:fire:{ .lg }`) left out", count)
    text, count = B.emoji(text)
    ctx.convert("emoji shortcodes", count)
    left = re.findall(r"(?<![\w:/]):([a-z0-9][a-z0-9_+-]*):(?![\w:])", text)
    if left:
        ctx.warn(f":{left[0]}:", f"emoji shortcode(s) Lanting does not know, shown as "
                 f"written: {', '.join(f'`:{e}:`' for e in dict.fromkeys(left))}")
    return text


def _mark(match: re.Match[str]) -> str:
    """A check or cross icon (a table's yes and no) as the character: left out, the
    table lost its meaning."""
    name = match.group(1)
    if re.search(r"-(check|check-bold|check-circle|checkbox-marked)(-\d+)?$", name):
        return "✓"
    if re.search(r"-(x|close|xmark|x-circle|close-circle)(-\d+)?$", name):
        return "✗"
    return match.group()
