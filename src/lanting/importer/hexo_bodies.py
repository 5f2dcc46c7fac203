"""Bodies of Hexo posts → Lanting Markdown: Hexo's Nunjucks tags (`codeblock`, `raw`, …;
those of a post's files, images and other posts, `asset_img`, `post_link`, in
`hexo_asset_tags.py`), Butterfly's (`note`, `tabs`, `hideToggle`,
`hideInline`, `btn`, …), fence captions and options, the math tags of hexo-math and
hexo-tag-katex (`hexo_math.py`), what each Markdown renderer read otherwise
(`hexo_renderers.py`), and the files a body links to."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.body_displays import glued_displays, joined_displays
from lanting.importer.body_links import map_urls, spaced_image_paths
from lanting.importer.body_math import text_underscores
from lanting.importer.body_parentheses import escaped_parentheses
from lanting.importer.common import prose_raw
from lanting.importer.figure_labels import titled_images
from lanting.importer.hexo_asset_tags import HexoAssetTags
from lanting.importer.hexo_code import code_fence, code_file, codeblock, included_code
from lanting.importer.hexo_embeds import embed_tags
from lanting.importer.hexo_inline import inline_tags, site_icons
from lanting.importer.hexo_math import math_tags, setup_folders
from lanting.importer.hexo_plus import plus_blocks, plus_tags
from lanting.importer.hexo_reimu import reimu_blocks, reimu_tags
from lanting.importer.hexo_renderers import renderer_math
from lanting.importer.hexo_stellar import frame, stellar_blocks
from lanting.importer.hexo_themes import (
    bilibili,
    butterfly_inline,
    butterfly_links,
    button,
    caniuse,
    collapsible_summary,
    echarts_blocks,
    gallery_blocks,
    gallery_group,
    link,
    links_file,
    markmap_outline,
    pdf,
    shoka_links,
    short,
)
from lanting.importer.hexo_volantis import (
    cell,
    ghcard,
    note,
    site,
    video,
    volantis_blocks,
)
from lanting.importer.item import Item
from lanting.importer.linebreaks import hard_breaks
from lanting.importer.liquid import OUTPUT, Context, blocks, string_argument, tags
from lanting.importer.mathjax_numbers import numbers_every_display, own_setup
from lanting.importer.shelf import Shelf, fence, protect_code

_TAB = re.compile(r"<!--\s*tab\b\s*(.*?)\s*-->(.*?)<!--\s*endtab\s*-->", re.DOTALL)
_TAB_HEAD = re.compile(r"<!--\s*tab\b[ \t]*(.*?)\s*-->", re.DOTALL)


def tab_parts(inner: str) -> list[tuple[str, str]]:
    """The (label, content) of each tab of a group: NexT's and Butterfly's tabs each end
    at `<!-- endtab -->`; Stellar's and Reimu's run to the next `<!-- tab … -->`, with no
    end of their own (read as NexT's, their group came out empty)."""
    if found := _TAB.findall(inner):
        return found
    pieces = _TAB_HEAD.split(inner)
    return list(zip(pieces[1::2], pieces[2::2], strict=True))


_NOTE_CLASS = re.compile(r"default|primary|info|success|warning|danger|no-icon|blue|pink|red|"
                         r"purple|orange|green|yellow|cyan|gray|simple|modern|flat|disabled|"
                         r"fa[srlbd]?|fa-[\w-]+|icon-[\w-]+")
"""The classes of a note: NexT's, Butterfly's and Redefine's colours, styles and icons."""

_COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)

_LABEL_STYLES = frozenset({"default", "primary", "success", "info", "warning", "danger",
                           "blue", "pink", "red", "purple", "orange", "green"})
"""The colours of NexT's and Butterfly's labels."""

class HexoBodies(HexoAssetTags):
    """The body conversion of the Hexo importer."""

    marked: bool
    kramed: bool
    posts_alone: bool
    """The repository is Hexo's `_posts/` alone (notes copied from Obsidian)."""
    breaks: bool
    mermaid_on: Callable[[], bool]
    tag_katex: bool
    tex_plugin: bool
    dollars: set[Path]
    """Whether markdown-it read the posts' formulas with a TeX plugin (`hexo_math`)."""
    diagrams: frozenset[str]
    theme: dict[str, Any]
    config: dict[str, Any]

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        shelf = Shelf()
        footnotes: list[str] = []
        text, count = re.subn(r"<!--\s*more\s*-->", "<!-- more -->", text)
        ctx.convert("summary markers", count)
        text = blocks(text, "raw", lambda a, inner, w: shelf.put(inner, "R"), ctx,
                      "raw blocks")
        text = protect_code(text, shelf, lambda info, code, indent: code_fence(
            info, shelf.restore(code, "R"), indent, ctx, self.diagrams))
        # Indented code too: Hexo's `Tag.render` escaped every `{` inside `<code>`, so
        # `{{.State.Pid}}` or `{% asset_img %}` in an indented block was shown as written
        text, _count = B.indented_code(text, shelf, as_written=True)
        text = own_setup(text, item.front, numbers_every_display(
            self.source, setup_folders(self.config)), ctx)
        if path in self.dollars:  # (its theme loaded no math: `hexo.py`'s `math_asked`)
            text, count = re.subn(r"(?<!\\)\$", r"\\$", text)
            ctx.convert("dollar signs escaped (the theme loaded no math on the post)", count)
        # (after the code: `# {% mermaid %}` in a fence, a theme's settings quoted in a
        # post, or `{% codeblock %}` in a post showing the tag, is code, which Hexo did
        # not render)
        for name in ("codeblock", "code"):  # (`code`: Hexo's other name of the tag)
            text = blocks(text, name, lambda a, inner, w: shelf.put(
                codeblock(a, inner, shelf)), ctx, "codeblock tags")
        code_dir = self.files / str(self.config.get("code_dir") or "downloads/code")
        text = included_code(text, ctx, shelf, lambda tag, name: code_file(
            tag, name, path, code_dir))
        text = blocks(text, "mermaid", lambda a, inner, w: self.mermaid(a, inner, w, ctx, shelf),
                      ctx, "mermaid diagrams", shelf)
        text = echarts_blocks(text, ctx, shelf)
        text = math_tags(text, ctx, shelf, self.tag_katex)
        if self.posts_alone:  # (notes written in Obsidian, which reads a `$$` block to
            text, count = glued_displays(text)  # its closing `$$`, blank lines and all)
            ctx.convert("`$$` displays opened at the end of a line of text", count)
            text, count, _ = joined_displays(text, split=False)
            ctx.convert("`$$` displays with blank lines in them (one formula)", count)
        if path not in self.dollars:  # (`\\(x\\)` was `\(x\)` there, as text)
            text = renderer_math(text, ctx, shelf, marked=self.marked, kramed=self.kramed,
                                 pandoc=self.heading_ids == "pandoc",
                                 tex_plugin=self.tex_plugin)
        text, count = text_underscores(text)
        ctx.convert("_ and & in \\text{} of math", count)
        text, count = escaped_parentheses(text)
        ctx.convert("escaped parentheses \\( \\) as plain ones", count)
        text = self.comments(text, ctx)
        # (the writer's images; not those of tags, whose captions they read)
        text = titled_images(self.block_tags(text, ctx, shelf), ctx)
        text = tags(text, {**self.tag_handlers(item, ctx, path, footnotes),
                           **plus_tags(ctx, footnotes, text)}, ctx, html_blocks=True)
        text = OUTPUT.sub(lambda m: ctx.leave_output(m, "a Nunjucks value of the old theme"),
                          text)
        text = B.tables_and_anchors(text, ctx.convert)
        text = self.wiki_links(text, ctx)
        text, count = spaced_image_paths(text, lambda name: self.spaced_file(path, name),
                                         links=True)
        ctx.convert("paths with spaces (Typora's) in angle brackets", count)
        if self.prepend_root:
            text = map_urls(text, lambda url, image: self.rooted(url, image, path),
                              raw_html=False)
        text = map_urls(text, lambda url, image: self.url(url, image, ctx, path,
                                                            item.old_urls))
        if self.breaks:
            text, count = hard_breaks(text, shelf=shelf)
            ctx.convert("line ends as hard breaks (breaks: true)", count)
        text = self.fragments(text, shelf, ctx)
        text = prose_raw(shelf, text)
        if footnotes:
            text = text.rstrip("\n") + "\n\n" + "\n".join(footnotes) + "\n"
        return B.tidy(shelf.restore(text))

    @staticmethod
    def comments(text: str, ctx: Context) -> str:
        """Nunjucks comments (`{# … #}`, outside code) removed, as Hexo's renderer did:
        the page never showed them."""

        def one(match: re.Match[str]) -> str:
            ctx.note(match.group(), f"Nunjucks comment `{short(match.group())}` left out "
                     "(the old page did not show it)")
            ctx.convert("Nunjucks comments removed")
            return ""

        return _COMMENT.sub(one, text)

    def mermaid(self, args: str, inner: str, written: str, ctx: Context,
                shelf: Shelf) -> str:
        """NexT's and Butterfly's `{% mermaid graph TD %}…{% endmermaid %}`: a ```mermaid
        block (NexT's argument is the diagram's first line)."""
        if not self.mermaid_on():
            ctx.note(written, "Mermaid diagrams show as code, as the old theme (without "
                     "`mermaid: {enable: true}`) showed them, until `[markdown] mermaid` "
                     "in lanting.toml names a Mermaid script")
        code = shelf.restore(inner, "R").strip("\n")
        return B.block(shelf.put(fence("mermaid", f"{args}\n{code}" if args else code)))

    def block_tags(self, text: str, ctx: Context, shelf: Shelf) -> str:
        def rendered(inner: str) -> str:
            """The text of a block tag, which NexT and Butterfly rendered as a Markdown
            document of its own: its indented code is code."""
            inner, count = B.indented_code(inner, shelf)
            ctx.convert("indented code in notes and quotes", count)
            return inner

        def note(args: str, inner: str, written: str) -> str:
            words, _named = B.arguments(args)
            kind = next((B.CALLOUTS[w] for w in words if w in B.CALLOUTS), "NOTE")
            # NexT 8: the words after its classes are the summary of a folded note;
            # Butterfly's are its colour, icon (`fas fa-bullhorn`) and style.
            title = " ".join(words[next((i for i, w in enumerate(words)
                                         if not all(_NOTE_CLASS.fullmatch(part)
                                                    for part in w.split())), len(words)):])
            return B.callout(kind, rendered(inner), f"- {title}" if title else "", shelf)

        def collapsible(args: str, inner: str, written: str) -> str:
            return B.details(string_argument(collapsible_summary(args, written)), inner)

        linked = set(re.findall(r"\]\(#([^)\s]+)\)|href=[\"']#([^\"']+)", text))
        linked_ids = {one for pair in linked for one in pair if one}

        def tab_group(args: str, inner: str, written: str) -> str:
            # An unnamed or icon-only tab (`<!-- tab @fab fa-x -->`) is numbered: an
            # empty bold label would be `****`, a horizontal rule.
            parts = [(label.split("@", 1)[0].strip() or f"Tab {number}", content)
                     for number, (label, content) in enumerate(tab_parts(inner), 1)]
            if not parts:  # (its text is kept: dropped with the group, it was lost unsaid)
                ctx.warn(written, "a group of tabs with no `<!-- tab … -->` in it: its "
                         "text kept as one block")
                return B.block(inner.strip())
            return anchored_tabs(args, parts, linked_ids)

        def quote(args: str, inner: str, written: str) -> str:
            text = B.relined(rendered(inner).strip("\n"), B.quoted, shelf)
            source = ", ".join(p.strip() for p in args.split(",") if p.strip())
            if source:
                text += f"\n>\n> — {source}"
            return B.block(text)

        text = blocks(text, "note", note, ctx, "notes as callouts", shelf)
        text = stellar_blocks(text, ctx, shelf)
        text = volantis_blocks(text, ctx, shelf)
        text = reimu_blocks(text, ctx, shelf, rendered)
        for name in ("hideToggle", "hideBlock", "folding", "fold", "spoiler"):
            text = blocks(text, name, collapsible, ctx, "collapsible blocks", shelf)
        for name in ("subsubtabs", "subtabs", "tabs"):  # (NexT's nested tabs, inner first)
            text = blocks(text, name, tab_group, ctx, "tabs flattened", shelf)
        text = gallery_blocks(text, ctx, shelf)
        text = plus_blocks(text, ctx, shelf)
        text = shoka_links(text, ctx)
        text = butterfly_links(text, ctx)
        text = blocks(text, "markmap", lambda a, inner, written: markmap_outline(
            inner, written, ctx), ctx, "markmap mind maps as their outline")
        text = blocks(text, "blockquote", quote, ctx, "blockquotes", shelf)
        text = blocks(text, "quote", quote, ctx, "blockquotes", shelf)
        for name in ("cq", "centerquote"):  # NexT's centred quote
            text = blocks(text, name, lambda a, inner, w: quote("", inner, w), ctx,
                          "blockquotes", shelf)
        return blocks(text, "pullquote", lambda a, inner, w: quote("", inner, w), ctx,
                      "blockquotes", shelf)

    def tag_handlers(self, item: Item, ctx: Context, path: Path,
                     footnotes: list[str]) -> dict[str, Any]:
        def hide_inline(args: str, written: str) -> str:
            parts = [p.strip() for p in args.split(",")]
            content, label = parts[0], parts[1] if len(parts) > 1 and parts[1] else "…"
            number = len(footnotes) + 1
            footnotes.append(f"[^hide-{number}]: {content}")
            ctx.convert("hideInline as footnotes")
            return f"{label}[^hide-{number}]"

        def label(args: str, written: str) -> str:
            # NexT's `{% label primary@text %}`, Butterfly's `{% label text colour %}`:
            # both a `<mark>`, whose colour the theme gives.
            ctx.convert("labels as <mark>")
            style, at, text = args.partition("@")
            if not (at and style.strip() in _LABEL_STYLES):
                words = args.split()
                text = " ".join(words[:-1]) if len(words) > 1 and words[-1] in _LABEL_STYLES \
                    else args
            return f"<mark>{text.strip()}</mark>"

        def iframe(args: str, written: str) -> str:
            url = (B.arguments(args)[0] or [""])[0]
            ctx.convert("embeds as links")
            return B.block(f"[{url}]({url})")

        def remove(args: str, written: str) -> str:
            ctx.convert("theme tags removed")
            return ""

        stellar = "stellar" in str(self.config.get("theme") or "").lower()
        icons = site_icons(self.files)
        return {**butterfly_inline(ctx), **inline_tags(ctx, self.theme, stellar, icons),
                **embed_tags(ctx), **self.asset_tags(item, ctx, path),
                "hideInline": hide_inline, "btn": button(ctx), "button": button(ctx),
                "note": note(ctx, stellar), "cell": lambda a, w: cell(a),
                "site": lambda a, w: site(a), "ghcard": lambda a, w: ghcard(a),
                "video": video(ctx), "audio": video(ctx, "audio"), "label": label,
                "link": link(ctx), "iframe": iframe,
                "series": remove, "galleryGroup": gallery_group(ctx),
                "caniuse": caniuse(ctx), "can": caniuse(ctx), "pdf": pdf(ctx),
                "frame": frame(ctx), "linksfile": links_file(ctx, self.files),
                **reimu_tags(ctx, self.files),
                **dict.fromkeys(("bilicard", "bvideo", "bilibili"), bilibili(ctx))}


def anchored_tabs(args: str, parts: list[tuple[str, str]], linked: set[str]) -> str:
    """Tabs flattened, with the ids NexT and Butterfly gave them (the group's name, lower
    case, spaces as `-`: `{% tabs Tab one %}` is `#tab-one`, its panes `#tab-one-1`,
    `#tab-one-2`…) as anchors when the page links to one: flattened without them, the
    tabs lost their ids, and those links led nowhere."""
    name = "-".join(args.split(",")[0].strip().lower().split(" "))
    if not name or not linked.intersection(
            [name, *(f"{name}-{n}" for n in range(1, len(parts) + 1))]):
        return B.tabs(parts)
    name = html.escape(name)
    return B.block(f'<a id="{name}"></a>') + "".join(
        B.block(f'<a id="{name}-{n}"></a>**{label.strip()}**') + B.block(body)
        for n, (label, body) in enumerate(parts, 1))
