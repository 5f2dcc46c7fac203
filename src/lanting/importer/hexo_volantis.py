"""The tag plugins of the Volantis theme and of Redefine, which took their syntax, each
in its nearest Markdown form. Volantis parts a tag's arguments at `::` when there is one,
else at commas (`{% note warning, 文字 %}`, `{% folding::标题 %}`, `{% btn 文字::URL %}`):
read at commas alone, the style words became a title and a text lost its first half."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.figure_labels import numbered_caption
from lanting.importer.hexo_inline import stellar_note
from lanting.importer.liquid import Context, blocks, string_argument
from lanting.importer.shelf import Shelf

_KINDS = {**B.CALLOUTS, "done": "TIP", "idea": "TIP", "bug": "CAUTION",
          "radiation": "WARNING"}
"""A note's callout by its style words: the colours and icons of Volantis' notes
(`done`, `bug`, …) and Redefine's callouts (`blue`, `warning`, …); others are notes."""

_ICON = re.compile(r"fa[srlbd]?|fa-[\w-]+")
_SITE = re.compile(r"\{%-?\s*site\b\s*(.*?)\s*-?%\}")
_CELL = re.compile(r"\{%-?\s*cell\b\s*(.*?)\s*-?%\}")
_NAMED = re.compile(r"""(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))""")
"""Redefine's `key="value"` arguments."""


def parts(args: str) -> list[str]:
    """A Volantis tag's arguments, parted at `::` if there is one, else at commas."""
    return [p.strip() for p in args.split("::" if "::" in args else ",")]


def kind_of(style: str) -> str:
    """The callout of a note's style words (`warning`, `bug red`), a note by default."""
    return next((_KINDS[w] for w in style.lower().split() if w in _KINDS), "NOTE")


def volantis_blocks(text: str, ctx: Context, shelf: Shelf) -> str:
    """Volantis' `{% noteblock style, title %}` and Redefine's titled notes (`{% notel
    blue fa-book 标题 %}`, `{% callout type="info" title="标题" %}`): callouts with
    that title; Butterfly's and AnZhiYu's `{% tip style %}`, a callout. Volantis' and
    Butterfly's grids of buttons, `{% btns %}` of `{% cell 标题, url, 图标 %}`, and of
    friends' sites, `{% sitegroup %}` of `{% site 标题, url=… %}`: lists of links; a grid
    of videos, `{% videos %}`, its videos."""

    def rendered(inner: str) -> str:
        """The text of a note, rendered as a document of its own: its indented code is
        code (else it joined the title line of the callout)."""
        inner, count = B.indented_code(inner, shelf)
        ctx.convert("indented code in notes and quotes", count)
        return inner

    def noteblock(args: str, inner: str, written: str) -> str:
        style, *rest = parts(args)
        return B.callout(kind_of(style), rendered(inner), rest[0] if rest else "", shelf)

    def notel(args: str, inner: str, written: str) -> str:
        # `type [fa-icon …] title`: Redefine's default title is "Warning"
        words = [w for w in args.split() if not _ICON.fullmatch(w)]
        title = " ".join(words[1:]) or "Warning"
        return B.callout(kind_of(words[0] if words else ""), rendered(inner), title,
                         shelf)

    def callout(args: str, inner: str, written: str) -> str:
        named = {m[0]: m[1] or m[2] or m[3] for m in _NAMED.findall(args)}
        if named:
            return B.callout(kind_of(named.get("type", "")), rendered(inner),
                             named.get("title", ""), shelf)
        style, _sep, title = args.partition("::")
        return B.callout(kind_of(style), rendered(inner), title.strip(), shelf)

    def buttons(args: str, inner: str, written: str) -> str:
        cells = _CELL.findall(inner)
        if not cells:
            return B.block(inner)
        return B.block("\n".join(f"- {cell(found)}" for found in cells))

    def tip(args: str, inner: str, written: str) -> str:
        return B.callout(kind_of(args), rendered(inner), "", shelf)

    def sites(args: str, inner: str, written: str) -> str:
        found = _SITE.findall(inner)
        return B.block("\n".join(f"- {site(one)}" for one in found) if found else inner)

    text = blocks(text, "videos", lambda a, inner, w: B.block(inner), ctx,
                  "video grids as their videos", shelf)
    text = blocks(text, "btns", buttons, ctx, "button grids as lists of links", shelf)
    text = blocks(text, "sitegroup", sites, ctx, "site cards as links", shelf)
    text = blocks(text, "tip", tip, ctx, "notes as callouts", shelf)
    for name in ("noteblock", "blocknote"):  # (Volantis 5.8's name, the old one kept)
        text = blocks(text, name, noteblock, ctx, "notes as callouts", shelf)
    for name in ("notel", "noteL", "notelarge", "notel-large", "notes-large"):
        text = blocks(text, name, notel, ctx, "notes as callouts", shelf)
    return blocks(text, "callout", callout, ctx, "notes as callouts", shelf)


def cell(args: str) -> str:
    """A button of a grid, `{% cell 标题, url[, 图标或图片] %}`: a link (no URL: its text)."""
    text, url, *_rest = [*(string_argument(p) for p in parts(args)), "", ""]
    return f"[{text or url}]({url})" if url else text


def site(args: str) -> str:
    """A friend's site card, `{% site 标题, url=…, screenshot=…, description=… %}`: a
    link, its description after it."""
    title, *rest = [string_argument(p) for p in parts(args)]
    options = {k.strip(): v.strip() for k, _eq, v in (p.partition("=") for p in rest) if _eq}
    url, about = options.get("url", ""), options.get("description", "")
    link = f"[{title or url}]({url})" if url else title
    return f"{link}: {about}" if about else link


def ghcard(args: str) -> str:
    """Volantis' and Butterfly's GitHub card, `{% ghcard user[/repo][, theme=…] %}`, and
    Stellar's, `{% ghcard user/repo theme:dark %}` (its options after a space): a link
    to that page (the card was a picture of its numbers). A GitHub path has no space:
    Stellar's options made the link's address `…/repo theme:dark`, shown as text."""
    path = (string_argument(parts(args)[0]).split() or [""])[0]
    return f"[{path}](https://github.com/{path})"


def video(ctx: Context, element: str = "video") -> Any:
    """Volantis' and Butterfly's `{% video url %}`: the video, in an HTML `<video>` with
    its controls, as the theme showed it; Butterfly's and AnZhiYu's `{% audio url %}` (an
    `element` of `audio`) the same way in an `<audio>`."""

    def one(args: str, written: str) -> str:
        url = string_argument(parts(args)[0])
        if not url:
            return ctx.leave(written, f"no {element} in it")
        ctx.convert(f"{element}s")
        return B.block(f'<{element} src="{url}" controls></{element}>')
    return one


def note(ctx: Context, stellar: bool) -> Any:
    """Volantis' one-line `{% note style, text %}` (no `{% endnote %}`): a callout of
    that text; on Stellar (`stellar`), or with Stellar's `color:` option, Stellar's
    `{% note [color:…] [title] content %}`. Another `{% note %}` with neither `,` nor
    `::` is a NexT or Butterfly note whose `{% endnote %}` is missing: left as it is,
    with a warning."""

    def one(args: str, written: str) -> str:
        if stellar or re.search(r"(^|\s)color:\S", args):
            return stellar_note(args, ctx)
        if "," not in args and "::" not in args:
            return ctx.leave(written, "a note with no `{% endnote %}`")
        style, *rest = parts(args)
        ctx.convert("notes as callouts")
        return B.callout(kind_of(style), ", ".join(rest), "")
    return one


def image_options(args: str, written: str, ctx: Context) -> str:
    """Volantis' and Butterfly's `{% image url, alt=说明, width=400px, bg=#eee %}` (and
    `{% inlineimage url, height=22px %}`): the image, its `alt` the caption the theme
    showed under it, its size an attribute block Lanting reads (the background colour,
    a placeholder's, is no content). Read at spaces, the comma ended the image's path."""
    # (Hexo had taken the quotes off its arguments: `'../a.png', alt='说明'`)
    url, *rest = [string_argument(p) for p in parts(args)]
    options = {k: string_argument(v) for k, _eq, v in (p.partition("=") for p in rest) if _eq}
    size = B.size_block(options.get("width", ""), options.get("height", ""))
    ctx.convert("img tags as images")
    alt = options.get("alt", "").strip()
    return B.figure(url, numbered_caption(alt, written, ctx), alt, size) \
        if written.lstrip("{% ").startswith("image") \
        else f"![{alt}]({url}){size}"
