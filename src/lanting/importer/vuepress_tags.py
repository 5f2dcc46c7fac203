"""The Vue components of VitePress and VuePress pages, in Lanting's Markdown.

VuePress 2's `<CodeGroup>`/`<CodeGroupItem title>` and VuePress 1's
`<code-group>`/`<code-block title>` (tabs); `<Badge text="v2"/>` (its text), `<TOC />`
(`[[toc]]`), `<ClientOnly>` (unwrapped), `<RouterLink to>` (a link),
`{{ $frontmatter.x }}` (the value), hope's `<BiliBili>`, `<YouTube>` (videos),
`<SiteInfo>` and `<VPCard>` (links), plume's `<LinkCard>`, `<ImageCard>` (links) and
`<CardGrid>` (unwrapped), the site's own comment widget, images and embedded pages
(`vuepress_components.py`), other components (in comments).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_anchors import heading_text
from lanting.importer.vuepress_blocks import attributes
from lanting.markdown.anchors import vitepress_slug

_BADGE = re.compile(r"<Badge\b([^>]*?)(?:/>|>(.*?)</Badge>)", re.DOTALL)
_ROUTER_LINK = re.compile(r"<(RouterLink|router-link)\b([^>]*)>(.*?)</\1>", re.DOTALL)
_TOC = re.compile(r"<(?:TOC|Toc)\b[^<>]*/>|<(?:TOC|Toc)\b[^<>]*>\s*</(?:TOC|Toc)>")
"""VuePress's table of contents component, which Lanting's `[[toc]]` is."""
_CLIENT_ONLY = re.compile(r"</?(?:ClientOnly|client-only)\s*>")
_OUTBOUND = re.compile(r"<OutboundLink\s*/>|<OutboundLink>\s*</OutboundLink>")
_CODE_GROUP = re.compile(r"<(CodeGroup|code-group)\b[^>]*>(.*?)</\1>", re.DOTALL)
_CODE_ITEM = re.compile(r"<(CodeGroupItem|code-block)\b([^>]*)>(.*?)</\1>", re.DOTALL)
_VUE_VALUE = re.compile(r"\{\{\s*\\?\$(frontmatter|page\.frontmatter)\.(\w+)\s*\}\}")
_COMPONENT = re.compile(
    r"(?<!\\)<(/)?([A-Z][A-Za-z0-9]*|[a-z]+-[a-z-]+)(?(1)\s*|(?:\s+[A-Za-z_:@#.][\w:.@#-]*"
    r"(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?)*\s*/?)>")
"""A component's opening or closing tag, as markdown-it (with @mdit-vue's component rule:
attributes named `@click`, `#slot`, `:prop`) reads a tag: `<S:Md>` and `<Master 节点的 IP>`
are no tags, the old page showed them as text, and so does Lanting. Nor is `\\<START>`:
markdown-it's escaped `<` is text (a token in a seq2seq note)."""
_HTML_ELEMENTS = frozenset({"font-face", "annotation-xml", "color-profile", "missing-glyph"})
_HTML_NAMES = frozenset(
    "a abbr address area article aside audio b base bdi bdo blockquote body br button canvas "
    "caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed "
    "fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i "
    "iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript "
    "object ol optgroup option output p picture pre progress q rp rt ruby s samp script search "
    "section select slot small source span strong style sub summary sup table tbody td template "
    "textarea tfoot th thead time title tr track u ul var video wbr math svg".split())
"""HTML's elements (and MathML's, SVG's roots): `List<Object>` may be an `<object>`."""
_THEME_COMPONENTS = frozenset({"Badge", "Icon", "VPIcon", "FontIcon", "TOC", "Toc",
                               "ClientOnly", "RouterLink", "OutboundLink", "CodeGroup",
                               "CodeGroupItem", "Catalog", "AutoCatalog", "CardGrid",
                               "CardMasonry", "Tabs", "Swiper", "Plot", "Content"})
"""Components the themes and VuePress itself register (`vuepress_tags` reads several)."""
_GLUED = re.compile(r"[A-Za-z0-9_$]")
"""An identifier's last character: `Handler<Request>` is a type, not a component."""


_HEADING = re.compile(r"^(#{1,6}[ \t].*?<Badge\b.*?)[ \t]*$", re.MULTILINE)


def badge_heading_ids(text: str, restore: Callable[[str], str], ctx: Context) -> str:
    r"""`## \`useData\` <Badge text="composable" />`: VitePress's id left the badge out
    (`#usedata`, a component has no text to it), Lanting's would take its text in once it
    is text: the heading keeps its old id, written after it (`{#usedata}`)."""

    def one(match: re.Match[str]) -> str:
        line = match.group(1)
        if re.search(r"\{#[\w-]+\}\s*$", line):
            return line
        words = heading_text(restore(_BADGE.sub("", line)).lstrip("#"))
        ctx.convert("heading ids kept beside a badge")
        return f"{line} {{#{vitepress_slug(words.strip())}}}"

    return _HEADING.sub(one, text)


def components(text: str, front: dict[str, Any], ctx: Context,
               own: Callable[[str, dict[str, str]], str | None] = lambda _n, _a: None,
               registered: Callable[[str], bool] = lambda _n: False) -> str:
    """Vue components of the page (outside code, which is put aside already); those of
    the site's own that `own` reads (given the name and attributes) are what it makes;
    `registered` says which names the site registers components under."""
    text = icons(embeds(code_groups(text, ctx), ctx), ctx, registered)

    def badge(match: re.Match[str]) -> str:
        attrs = attributes(match.group(1))
        words = (attrs.get("text") or match.group(2) or "").strip()
        ctx.convert("badges (<Badge>) as their text")
        return f"<mark>{words}</mark>" if words else ""

    text = _BADGE.sub(badge, text)
    text, count = _TOC.subn("[[toc]]", text)
    ctx.convert("<TOC /> as [[toc]]", count)
    text, count = _CLIENT_ONLY.subn("", text)
    ctx.convert("<ClientOnly> unwrapped", count)
    text, count = _OUTBOUND.subn("", text)
    ctx.convert("<OutboundLink> removed", count)

    def router(match: re.Match[str]) -> str:
        target = attributes(match.group(2)).get("to")
        if target is None:
            return match.group(3)
        ctx.convert("<RouterLink> as links")
        return f"[{match.group(3).strip()}]({target})"

    text = _ROUTER_LINK.sub(router, text)

    def value(match: re.Match[str]) -> str:
        found = front.get(match.group(2))
        if isinstance(found, str | int | float) and not isinstance(found, bool):
            ctx.convert("{{ $frontmatter.x }} as its value")
            return str(found)
        return ctx.leave(match.group(), "no such literal in the front matter")

    text = _VUE_VALUE.sub(value, text)

    left: set[str] = set()
    """Components whose opening tag was left in a comment, with a warning."""

    def other(match: re.Match[str]) -> str:
        name = match.group(2)
        if name.lower() in _HTML_ELEMENTS or "\ue000" in match.group():
            return match.group()
        made = own(name, {} if match.group(1) else attributes(match.group()))
        if made is not None:
            return made
        if _generic_type(match) and name not in _THEME_COMPONENTS and not registered(name):
            # (markdown-it passed `<Request>` to Vue, which drew an empty element: the
            # author meant the words, and Lanting's Markdown shows them, escaped)
            ctx.convert("generic types in prose (`List<String>`) kept as text")
            return "\\" + match.group()
        if match.group(1) and name in left:  # (`</Quiz>`: its opening tag said it all)
            return B.unconverted(match.group())
        left.add(name)
        # (placed by the words beside it: `<String>` was reported at the line of the
        # page's first `List<String>`, in a code block above, which is left alone)
        return ctx.leave_output(match, "a Vue component of the old site: Lanting runs "
                                "none; write what it showed in Markdown")

    return _COMPONENT.sub(other, text)


_ICON = re.compile(r"[ \t]?<Icon\b[^<>]*?(?:/>|>[ \t]*</Icon\s*>)")
"""plume's icon (`<Icon name="mdi:github" />`), with the space before it, which set it
apart from the words it stood beside."""


def icons(text: str, ctx: Context, registered: Callable[[str], bool]) -> str:
    """plume's `<Icon name="…" />`, which only drew an icon from an icon set beside the
    words (nothing they say): left out, with one notice for the page. A site's own
    `Icon.vue` is its own component, read as any other."""
    if registered("Icon"):
        return text
    found = _ICON.search(text)
    if found is None:
        return text
    ctx.note(found.group().strip(), "plume's icons (`<Icon name=\"…\" />`) left out of "
             "the page: Lanting draws no icon sets in the text")
    return _ICON.sub("", text)


def _generic_type(match: re.Match[str]) -> bool:
    """`Handler<Request>` in prose: an opening tag with no attributes, glued to the
    identifier before it, naming no HTML element — a type's parameter, not a component."""
    before = match.string[match.start() - 1:match.start()]
    return not match.group(1) and match.group() == f"<{match.group(2)}>" \
        and bool(_GLUED.fullmatch(before)) and match.group(2).lower() not in _HTML_NAMES


_EMBED = re.compile(r"<(BiliBili|YouTube|SiteInfo|VPCard|VPLink|LinkCard|ImageCard)\b([^<>]*?)"
                    r"(?:/>|>((?:(?!<\1\b).)*?)</\1\s*>)", re.DOTALL)
_CARD_GRID = re.compile(r"^[ \t]*</?(?:CardGrid|CardMasonry)\b[^<>]*>[ \t]*$", re.MULTILINE)
"""plume's grid (or masonry wall) of cards, which lays out the cards inside it: they are
paragraphs here."""


def embeds(text: str, ctx: Context) -> str:
    """hope's components that say what they show in their attributes: `<BiliBili
    bvid>` and `<YouTube id>` (Lanting's `{{< video >}}`), `<SiteInfo name url desc>`
    and `<VPCard title link desc>`, plume's `<LinkCard title href description>` (a
    link and its description, each its own paragraph) and `<ImageCard image title
    href>` (the image above the link); plume's `<CardGrid>` around them unwrapped."""
    text, count = _CARD_GRID.subn("", text)
    ctx.convert("<CardGrid>, <CardMasonry> unwrapped", count)

    def one(match: re.Match[str]) -> str:
        name, attrs = match.group(1), attributes(match.group(2))
        if name == "BiliBili" and (attrs.get("bvid") or attrs.get("aid")):
            ident = attrs.get("bvid") or f"av{attrs['aid']}"
            page = attrs.get("page", "")
            ctx.convert("videos (<BiliBili>, <YouTube>)")
            shown = f' page="{page}"' if page.isdigit() and page != "1" else ""
            return B.block(f'{{{{< video bilibili="{ident}"{shown} >}}}}')
        if name == "YouTube" and attrs.get("id"):
            ctx.convert("videos (<BiliBili>, <YouTube>)")
            return B.block(f'{{{{< video youtube="{attrs["id"]}" >}}}}')
        title = attrs.get("name") or attrs.get("title") or attrs.get("text")
        url = attrs.get("url") or attrs.get("link") or attrs.get("href")
        if name == "ImageCard" and attrs.get("image") and not url:
            # (a photo with no link: the image, and its title and description under it)
            ctx.convert("image cards (<ImageCard>) with no link as images")
            words = " — ".join(w for w in (title, attrs.get("description")) if w)
            return B.block(f"![{words}]({attrs['image']})" + (f"\n\n{words}" if words
                                                               else ""))
        if name != "BiliBili" and name != "YouTube" and title and url:
            ctx.convert("link cards (<SiteInfo>, <VPCard>, <LinkCard>) as links")
            desc = " ".join((attrs.get("desc") or attrs.get("description")
                             or match.group(3) or "").split())
            card = f"[{title}]({url})" + (f" — {desc}" if desc else "")
            image = attrs.get("image")
            if name == "ImageCard" and image:
                card = f"![{title}]({image})\n\n{card}"
            return B.block(card) if name in ("LinkCard", "ImageCard") else card
        return match.group()

    return _EMBED.sub(one, text)


def code_groups(text: str, ctx: Context) -> str:
    """VuePress 2's `<CodeGroup><CodeGroupItem title="npm">` and VuePress 1's
    `<code-group><code-block title="YARN">`: tabs named by their titles."""

    def group(match: re.Match[str]) -> str:
        parts = [(attributes(item.group(2)).get("title", "").strip() or "Code",
                  B.block(item.group(3).strip("\n")))
                 for item in _CODE_ITEM.finditer(match.group(2))]
        if not parts:
            return match.group()
        ctx.convert("code groups (<CodeGroup>) as tabs")
        inner = "".join(f"@tab {title}\n\n{body}" for title, body in parts)
        return f"::: tabs\n\n{inner}:::\n"

    return _CODE_GROUP.sub(group, text)
