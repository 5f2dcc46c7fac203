"""The tags of hexo-butterfly-tag-plugins-plus that hold text (Butterfly's and
AnZhiYu's blogs use them in their posts): a word with a note shown on hover (`bubble`,
`nota`), a reference and its source (`referto`, `referfrom`), a poem, a progress bar, a
shields.io badge, an animation around Markdown (`wow`). Left in comments, the words
themselves were gone from the sentence. The plugin parts a tag's arguments at commas."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from lanting.importer import body as B
from lanting.importer.liquid import Context, blocks, string_argument
from lanting.importer.shelf import Shelf

_REFERENCE = re.compile(r"\{%-?\s*(referto|referfrom)\s+(.*?)\s*-?%\}")
_URI_SAFE = ";,/?:@&=+$-_.!~*'()#"
"""What JavaScript's `encodeURI`, which the badge tag used, leaves as it is."""


def comma_parts(args: str) -> list[str]:
    """A tag's arguments parted at commas, each without the quotes Hexo took off."""
    return [string_argument(p.strip()) for p in args.split(",")]


def footnote_label(reference: str) -> str:
    """A footnote's label for a reference's id (`[1]` → `ref-1`)."""
    return "ref-" + (re.sub(r"[^\w-]+", "-", reference).strip("-") or "0")


def plus_tags(ctx: Context, footnotes: list[str], text: str) -> dict[str, Any]:
    """The handlers of the inline tags; `footnotes`: the post's footnotes, which a note
    shown on hover becomes; `text`: the body, whose `{% referfrom %}` sources the
    references lead to."""
    found = [(m.group(1), comma_parts(m.group(2))[0]) for m in _REFERENCE.finditer(text)]
    sources = {reference for tag, reference in found if tag == "referfrom"}
    cited = {reference for tag, reference in found if tag == "referto"}

    def hover(args: str, written: str) -> str:
        word, note, *_colour = [*comma_parts(args), ""]
        if not note:
            ctx.convert("notes shown on hover as footnotes")
            return word
        footnotes.append(f"[^note-{len(footnotes) + 1}]: {note}")
        ctx.convert("notes shown on hover as footnotes")
        return f"{word}[^note-{len(footnotes)}]"

    def referto(args: str, written: str) -> str:
        reference, literature, *_rest = [*comma_parts(args), ""]
        ctx.convert("references as footnotes")
        label = footnote_label(reference)
        if reference not in sources:  # (no source in the post: the hover's text)
            footnotes.append(f"[^{label}]: {literature or reference}")
        return f"[^{label}]"

    def referfrom(args: str, written: str) -> str:
        reference, literature, url, *_rest = [*comma_parts(args), "", ""]
        source = f"[{literature}]({url})" if url else literature
        ctx.convert("references as footnotes")
        if reference in cited:
            return B.block(f"[^{footnote_label(reference)}]: {source}")
        return B.block(f"{reference} {source}")

    def progress(args: str, written: str) -> str:
        width, _colour, label = [*re.split(r"[,\s]+", args.strip(), maxsplit=2), "", ""][:3]
        if not width.isdigit():
            return ctx.leave(written, "no width in it")
        ctx.convert("progress bars")
        return B.block(f'<progress value="{width}" max="100">{width}%</progress> '
                       f"{string_argument(label.strip())}")

    def badge(args: str, written: str) -> str:
        base, message, option = [*args.split("||"), "", ""][:3]
        right, left, logo = [*comma_parts(base), "", ""][:3]
        colour, link, title = [*comma_parts(message), "", ""][:3]
        url = (f"https://img.shields.io/badge/{quote(left, _URI_SAFE)}-"
               f"{quote(right, _URI_SAFE)}-orange?logo={logo}&color={colour or 'orange'}"
               + (f"&{option.strip()}" if option.strip() else ""))
        image = f"![{title or f'{left} {right}'.strip()}]({url.replace(' ', '%20')})"
        ctx.convert("badges as shields.io images")
        return f"[{image}]({link})" if link else image

    return {"bubble": hover, "nota": hover, "referto": referto, "referfrom": referfrom,
            "progress": progress, "bdage": badge}


def plus_blocks(text: str, ctx: Context, shelf: Shelf) -> str:
    """`{% poem 标题,作者 %}…{% endpoem %}`: a quote, its title and author above the
    lines; `{% wow 动画,… %}…{% endwow %}`: its Markdown, without the animation."""

    def poem(args: str, inner: str, written: str) -> str:
        title, author, *_rest = [*comma_parts(args), ""]
        head = "\n".join(line for line in (f"**{title}**" if title else "", author) if line)
        body = inner.strip("\n")
        return B.block(B.relined(f"{head}\n\n{body}" if head else body, B.quoted, shelf))

    text = blocks(text, "poem", poem, ctx, "poems as quotes", shelf)
    return blocks(text, "wow", lambda a, inner, w: B.block(inner), ctx,
                  "animations dropped, their Markdown kept", shelf)
