"""Cards that link elsewhere: Hextra's and Hugo Blox's `cards` of `card`s (a grid of
links to pages; Hextra's home page's `feature-grid` of `feature-card`s, and its hero's
badge, headline, subtitle and button, lines and links), Hugo Blox's `embed` (a card
for a GitHub repository, a Hugging Face model, data set or space, or any page) and
`notebook` (a Jupyter notebook of the page's
folder drawn in the page). Lanting has no cards: each becomes a link, with the card's
subtitle or description after it."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context

_TAG = re.compile(r"<[^>]*>|\{\{[<%].*?[>%]\}\}", re.DOTALL)
"""An HTML tag or a shortcode in a hero line's text (its `<span>`, its icon)."""
_HUGGING_FACE = {"model": "", "dataset": "datasets/", "space": "spaces/"}
"""Hugo Blox's `embed type=…` on Hugging Face -> the path of that kind of repository."""


def _item(text: str, url: str, note: str) -> str:
    return f"- [{text}]({url})" + (f" — {note}" if note else "")


def card_paired(ctx: Context) -> dict[str, Any]:
    """`cards` (a grid): its cards, one list."""

    def cards(args: str, inner: str, written: str) -> str:
        return B.block("\n".join(line.strip() for line in inner.splitlines() if line.strip()))

    def hero(kind: str) -> Any:
        def handler(args: str, inner: str, written: str) -> str:
            text = " ".join(_TAG.sub("", inner).split())
            link = B.arguments(args)[1].get("link", "")
            if not text:
                return ""
            ctx.convert("Hextra's hero lines")
            return B.block(f"[{text}]({link})" if kind == "badge" and link else
                           f"**{text}**" if kind == "headline" else text)

        return handler

    # (Hextra's home page: its `feature-grid` of `feature-card`s is a grid of cards, and
    # the hero's badge, headline and subtitle are a link, a line in bold and a line)
    return {"cards": (cards, "cards as links"), "hextra/feature-grid": (cards, "cards as links"),
            **{f"hextra/hero-{kind}": (hero(kind), "Hextra's hero lines")
               for kind in ("badge", "headline", "subtitle")}}


def card_single(ctx: Context) -> dict[str, Any]:
    """`card` (Hextra's `link=`, Hugo Blox's `url=`), `embed` and `notebook`: links."""

    def card(args: str, written: str) -> str:
        named = B.arguments(args.rstrip("/ \t"))[1]
        url = named.get("link") or named.get("url") or ""
        title, note = named.get("title") or url, named.get("subtitle", "")
        if not title:
            return ctx.leave(written, "a card with no title and no link")
        ctx.convert("cards as links")
        if not url:  # (a card of text alone)
            return f"- **{title}**" + (f" — {note}" if note else "")
        return _item(title, url, note)

    def embed(args: str, written: str) -> str:
        named = B.arguments(args.rstrip("/ \t"))[1]
        platform, resource = named.get("platform", ""), named.get("resource", "")
        kind = named.get("type", "model" if platform == "huggingface" else "repo")
        if platform == "github" and resource:
            url = f"https://github.com/{resource}"
        elif platform == "huggingface" and resource and kind in _HUGGING_FACE:
            url = f"https://huggingface.co/{_HUGGING_FACE[kind]}{resource}"
        else:
            url = "" if platform else named.get("url", "")
        if not url:
            return ctx.leave(written, f"an embed of `{platform or '?'}` with no address")
        ctx.convert("embeds as links")
        return B.block(_item(named.get("title") or resource or url, url,
                             named.get("description", "")).removeprefix("- "))

    def notebook(args: str, written: str) -> str:
        named = B.arguments(args.rstrip("/ \t"))[1]
        src = named.get("src", "")
        if not src:
            return ctx.leave(written, "a notebook with no `src`")
        ctx.convert("notebooks as links to their files")
        return B.block(f"[📓 {named.get('title') or src.rsplit('/', 1)[-1]}]({src})")

    def button(args: str, written: str) -> str:
        named = B.arguments(args.rstrip("/ \t"))[1]
        if not named.get("text") or not named.get("link"):
            return ctx.leave(written, "a button with no text or no link")
        ctx.convert("Hextra's hero lines")
        return B.block(f"[{named['text']}]({named['link']})")

    return {"card": card, "embed": embed, "notebook": notebook,
            "hextra/feature-card": card, "hextra/hero-button": button}
