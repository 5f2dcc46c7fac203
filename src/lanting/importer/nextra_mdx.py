"""Nextra's own MDX components (`nextra/components`, `nextra-theme-docs`) in the forms
the Docusaurus and Astro conversions read: `<Tabs items={['PyTorch', 'JAX']}>` whose
`<Tabs.Tab>` (or `<Tab>`) children take their labels from `items`, in order, as
Docusaurus's `<TabItem label>`; `<Callout type="warning">` is read with Starlight's
`<Aside>` (`astro_bodies.asides`)."""

from __future__ import annotations

import html
import re

from lanting.importer.js_literals import QUOTED

_TABS = re.compile(r"<Tabs\b([^<>]*?)\bitems=\{\s*\[(.*?)\]\s*\}([^<>]*)>(.*?)</Tabs\s*>",
                   re.DOTALL)
_TAB = re.compile(r"<(/?)(?:Tabs\.Tab|Tab)\b[^<>]*?(/?)>")
CALLOUT_KINDS = {"default": "note", "error": "caution"}
"""Nextra's callout types that Lanting names otherwise (`info`, `warning` are its own)."""


def nextra_tabs(text: str) -> tuple[str, int]:
    """Nextra's tabs as `<Tabs>` of `<TabItem value label>`; how many."""

    def one(match: re.Match[str]) -> str:
        labels = iter([a if a is not None else b or "" for a, b in re.findall(
            QUOTED, match.group(2))])

        def tab(found: re.Match[str]) -> str:
            if found.group(1):
                return "</TabItem>"
            label = html.escape(next(labels, "Tab"), quote=True)
            return f'<TabItem value="{label}" label="{label}">' + (
                "</TabItem>" if found.group(2) else "")

        return "<Tabs>" + _TAB.sub(tab, match.group(4)) + "</Tabs>"

    return _TABS.subn(one, text)
