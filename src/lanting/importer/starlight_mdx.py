"""Starlight's own MDX components (`@astrojs/starlight/components`) that show words:
`<Card title="数论" icon="star">…</Card>` → its title in bold over its text (inside a
`<CardGrid>`, unwrapped), `<LinkCard title href description />` → a link and its
description, `<Badge text="New" />` → `<mark>New</mark>`. Only on a page importing them
from Starlight: a site's own `<Card>` shows what its own code says."""

from __future__ import annotations

import html
import re
import textwrap

from lanting.importer.docusaurus_tabs import attribute
from lanting.importer.liquid import Context

_IMPORTED = re.compile(r"""\bfrom\s+['"]@astrojs/starlight/components['"]""")
_ATTRS = r"""(?:[^<>{}"']|"[^"]*"|'[^']*'|\{[^{}]*\})*"""
_CARD = re.compile(rf"<Card\b({_ATTRS})>(.*?)</Card\s*>", re.DOTALL)
_LINK_CARD = re.compile(rf"<LinkCard\b({_ATTRS}?)/>", re.DOTALL)
_BADGE = re.compile(rf"<Badge\b({_ATTRS}?)/>")
_GRID = re.compile(r"^[ \t]*</?CardGrid\b[^<>]*>[ \t]*$\n?", re.MULTILINE)


def starlight_components(text: str, ctx: Context) -> str:
    """The page with Starlight's cards, link cards and badges as Markdown."""
    if not _IMPORTED.search(text):
        return text

    def card(match: re.Match[str]) -> str:
        title = attribute(match.group(1), "title") or ""
        inner = textwrap.dedent(match.group(2).strip("\n")).strip()
        ctx.convert("Starlight's cards (<Card title>) as their title and text")
        return "\n\n" + (f"**{title}**\n\n" if title else "") + inner + "\n\n"

    def link_card(match: re.Match[str]) -> str:
        title, href = attribute(match.group(1), "title"), attribute(match.group(1), "href")
        if not (title and href):
            return match.group()  # (left for the warning of components without a form)
        about = attribute(match.group(1), "description") or ""
        ctx.convert("Starlight's link cards (<LinkCard>) as links")
        return f"\n\n[{title}]({href})" + (f" — {about}" if about else "") + "\n\n"

    def badge(match: re.Match[str]) -> str:
        words = attribute(match.group(1), "text")
        if not words:
            return match.group()
        ctx.convert("Starlight's badges (<Badge>) as <mark>")
        return f"<mark>{html.escape(words)}</mark>"

    text, count = _GRID.subn("\n", text)
    ctx.convert("Starlight's <CardGrid> unwrapped", count)
    return _BADGE.sub(badge, _LINK_CARD.sub(link_card, _CARD.sub(card, text)))
