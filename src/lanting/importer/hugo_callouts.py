"""Shortcodes of Hugo themes that box, fold or tab their text → Lanting's blocks.

Callouts (LoveIt/FixIt `admonition`, hugo-book `hint`, hugo-notice's `notice`,
Blowfish/Congo/Docsy `alert`, Docsy's `pageinfo`, Hextra's `callout`, a shortcode
collection's `box`),
collapsible blocks (Hugo's, hugo-book's and Hextra's `details`, PaperMod's `collapse`,
`fold`, `expand`), tabs (hugo-book, Hextra, Docsy), LoveIt's `style` and `center-quote`,
Even's `center`, `left` and `right`, hugo-book's `columns`.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import bool_of
from lanting.importer.liquid import Context

ADMONITIONS = {**B.CALLOUTS, "abstract": "NOTE", "summary": "NOTE", "tldr": "NOTE",
               "question": "NOTE", "example": "NOTE", "quote": "NOTE", "failure": "CAUTION",
               "bug": "CAUTION", "hint": "NOTE"}
"""LoveIt/FixIt admonition types (Material for MkDocs' set) and the colours of
hugo-book, Blowfish and Docsy → Lanting's callout kinds."""


def container(name: str, body: str, title: str = "") -> str:
    """Lanting's `::: name title` … `:::` block, its fence longer than any inside
    (which `> [!NOTE]` could not hold: a code block ends a quote)."""
    inner = max((len(m) for m in re.findall(r"^[ \t]*(:{3,})", body, re.MULTILINE)), default=2)
    colons = ":" * max(3, inner + 1)
    head = f"{colons} {name}" + (f" {' '.join(title.split())}" if title else "")
    return B.block(f"{head}\n\n{body.strip(chr(10))}\n\n{colons}")


_INLINE_TAGS = frozenset({"strong", "b", "em", "i", "u", "mark", "del", "s", "small", "sub",
                          "sup", "kbd", "code", "span"})
"""The elements LoveIt's, FixIt's and DoIt's `style` may name that stay in a line."""

_TAB = re.compile(r"\{\{[<%]-?\s*tab\b(.*?)-?[>%]\}\}(.*?)\{\{[<%]-?\s*/\s*tab\s*-?[>%]\}\}",
                  re.DOTALL)


def tabs(args: str, inner: str, written: str) -> str:
    """hugo-book's `tabs`/`tab "Label"`, Docsy's `tabpane`/`tab header=…`, Hextra's
    `tabs items="A,B"`/`tab` → Lanting's `::: tabs` with `@tab Label`."""
    items = [s.strip() for s in B.arguments(args)[1].get("items", "").split(",")]
    parts = []
    for n, match in enumerate(_TAB.finditer(inner)):
        words, named = B.arguments(match.group(1).strip().rstrip("/"))
        label = (named.get("header") or named.get("name") or named.get("title")
                 or named.get("label") or (words[0] if words else "")
                 or (items[n] if n < len(items) else "") or f"{n + 1}")
        parts.append(f"@tab {' '.join(label.split())}\n\n{match.group(2).strip(chr(10))}")
    return container("tabs", "\n\n".join(parts))


def book_columns(args: str, inner: str, written: str) -> str:
    """hugo-book's `columns`, its parts split by lines `<--->` (`ratio="1:2"`, their
    widths) → Lanting's `:::: {.columns}` of `::: {.column}` blocks (Quarto's)."""
    parts = [part.strip("\n") for part in re.split(r"^[ \t]*<--->[ \t]*$", inner,
                                                     flags=re.MULTILINE)]
    if len(parts) < 2:
        return B.block(inner.strip("\n"))
    ratio = [float(r) if re.fullmatch(r"\d+(?:\.\d+)?", r.strip()) else 1.0
             for r in B.arguments(args)[1].get("ratio", "").split(":")]
    grow = [ratio[n] if n < len(ratio) and ratio[n] > 0 else 1.0 for n in range(len(parts))]
    inner_colons = max((len(m) for m in re.findall(r"^[ \t]*(:{3,})", inner, re.MULTILINE)),
                       default=2)
    colons = ":" * max(3, inner_colons + 1)
    columns = [f'{colons} {{.column width="{round(100 * g / sum(grow))}%"}}\n\n{part}\n\n'
               f"{colons}" for g, part in zip(grow, parts, strict=True)]
    return B.block(f"{colons}: {{.columns}}\n\n" + "\n\n".join(columns) + f"\n\n{colons}:")


def details(args: str, inner: str, opened: bool) -> str:
    """A collapsible block: Hugo's `details summary="…" open=true`, hugo-book's
    `details "Title" open` or `details title="…" open=true`, Hextra's `details
    title="…" closed="true"`, PaperMod's `collapse summary="…" openByDefault=true`.
    `opened` is the theme's default: Hextra's blocks are open unless `closed`, the
    others folded unless `open`."""
    words, named = B.arguments(args)
    keys = {key.lower(): value for key, value in named.items()}
    summary = keys.get("summary") or keys.get("title") or (words[0] if words else "")
    if "closed" in keys:
        opened = not bool_of(keys["closed"])
    elif "open" in keys or "openbydefault" in keys:
        opened = bool_of(keys.get("open") or keys.get("openbydefault"))
    elif "open" in words[1:]:
        opened = True
    return B.details(summary, inner, opened=opened)


def callout_handlers(ctx: Context, details_open: bool) -> dict[str, Any]:
    """(handler, what) of the boxing and folding shortcodes; `details_open`: the theme
    shows a `details` open unless told otherwise (Hextra)."""

    def admonition(args: str, inner: str, written: str) -> str:
        # LoveIt: `admonition type=tip title="…" open=false`, or `admonition tip "…"`
        words, named = B.arguments(args)
        kind = named.get("type") or (words[0] if words else "note")
        title = named.get("title") or (words[1] if len(words) > 1 else "")
        return container(ADMONITIONS.get(kind.lower(), "NOTE").lower(), inner, title)

    def notice(args: str, inner: str, written: str) -> str:
        # the hugo-notice module's and zzo's `notice warning|info|note|tip|success|error`
        words, named = B.arguments(args)
        return container(ADMONITIONS.get((words or ["note"])[0].lower(), "NOTE").lower(),
                         inner, named.get("title") or (words[1] if len(words) > 1 else ""))

    def hint(args: str, inner: str, written: str) -> str:
        words, named = B.arguments(args)  # hugo-book: `hint info|warning|danger`
        return container(ADMONITIONS.get((words or ["note"])[0].lower(), "NOTE").lower(),
                         inner, named.get("title", ""))

    def alert(args: str, inner: str, written: str) -> str:
        # Blowfish/Congo: a warning triangle unless `icon="circle-info"`; Docsy: `color=`
        words, named = B.arguments(args)
        icon = named.get("icon") or (words[0] if words else "")
        kind = ADMONITIONS.get(named.get("color", "").lower()) or ADMONITIONS.get(
            icon.lower()) or ("NOTE" if "info" in icon else "WARNING")
        return container(kind.lower(), inner, named.get("title", ""))

    def page_info(args: str, inner: str, written: str) -> str:
        # Docsy's `pageinfo [color="warning"]`: a box of its `primary` colour by default
        color = B.arguments(args)[1].get("color", "primary").lower()
        return container(ADMONITIONS.get(color, "NOTE").lower(), inner)

    def style(args: str, inner: str, written: str) -> str:
        # LoveIt/FixIt/DoIt `style "css" [tag]`: its content kept, its CSS dropped (the
        # second word is the element it wraps, no CSS); an alignment alone is a notice,
        # as Even's `center` is
        words = B.arguments(args)[0]
        css = words[0].strip() if words else ""
        rules = [r.strip() for r in css.split(";") if r.strip()]
        if rules and all(re.fullmatch(r"text-align\s*:\s*[\w-]+", r) for r in rules):
            ctx.note(written, "the text kept, its alignment left out")
        else:
            ctx.warn(written, f"the style `{css}` dropped, the text kept")
        if "\n" not in inner:
            # (`Only the {{< style "…" "strong" >}}owner{{< /style >}} can…`: inside a
            # line, its text stays in the line, in the element it named; made a block,
            # it cut the sentence, and the list item holding it, in three)
            tag = words[1].lower() if len(words) > 1 else ""
            return f"<{tag}>{inner}</{tag}>" if tag in _INLINE_TAGS else inner
        return B.block(inner.strip("\n"))

    def center_quote(args: str, inner: str, written: str) -> str:
        return B.block(B.relined(inner.strip("\n"), B.quoted))  # (LoveIt/FixIt: centred)

    def aligned(args: str, inner: str, written: str) -> str:
        # Even's `center`, `left` and `right`: a `<div>` aligning its text
        ctx.note(written, "the text kept, its alignment left out")
        return B.block(inner.strip("\n"))

    def folded(args: str, inner: str, written: str) -> str:
        return details(args, inner, details_open)

    def folded_shut(args: str, inner: str, written: str) -> str:
        return details(args, inner, False)

    return {"style": (style, "styled blocks"), "center-quote": (center_quote, "blockquotes"),
            **dict.fromkeys(("center", "left", "right"), (aligned, "aligned blocks")),
            "tabs": (tabs, "tabs"),
            "columns": (book_columns, "columns"),  # (hugo-book's)
            "tabpane": (tabs, "tabs"),
            "admonition": (admonition, "callouts"), "hint": (hint, "callouts"),
            # (Hextra's `callout type="info" emoji="…"`, its emoji dropped; with no
            # type, its default box, a note)
            "callout": (admonition, "callouts"),
            # (hugo-shortcode-roneo-collection's `box info|tip|important|warning`, beside
            # PaperMod on many blogs; other themes' `box type="…" title="…"`)
            "box": (admonition, "callouts"),
            "notice": (notice, "callouts"),
            "alert": (alert, "callouts"),
            "pageinfo": (page_info, "callouts"),
            "details": (folded, "collapsible blocks"),
            "collapse": (folded_shut, "collapsible blocks"),  # (PaperMod)
            "fold": (folded_shut, "collapsible blocks"),  # (proofs of many math blogs)
            "expand": (folded_shut, "collapsible blocks")}  # (zzo, hugo-theme-learn)
