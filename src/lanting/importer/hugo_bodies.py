"""Bodies of Hugo pages → Lanting Markdown.

Shortcodes (`figure`, `highlight`, `ref`, `relref`, `details`, `youtube`, …) and their
escapes `{{</* */>}}`, fence attributes, Goldmark's `{#id}` attributes. Where the images
and links a body names lead is in `hugo_links.py`, the page reading and old URLs in
`hugo.py`, the settings in `hugo_settings.py`.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.body_fragments import heading_fragment
from lanting.importer.body_links import map_urls, spaced_image_paths
from lanting.importer.body_math import (
    math_entities,
    math_in_html,
    quote_lazy_formulas,
    text_underscores,
)
from lanting.importer.body_tables import cell_border_dollars, shelved_table_math
from lanting.importer.common import LinkTable, prose_raw
from lanting.importer.html_pages import missing_libraries, raw_elements_apart
from lanting.importer.hugo_callouts import callout_handlers
from lanting.importer.hugo_cards import card_paired, card_single
from lanting.importer.hugo_cite import cite_handlers
from lanting.importer.hugo_embeds import embed_handlers
from lanting.importer.hugo_extended import THEMES, extended_syntax
from lanting.importer.hugo_fences import code_options, hugo_fence
from lanting.importer.hugo_links import HugoLinks
from lanting.importer.hugo_math import hugo_formulas, math_off, passthrough_on
from lanting.importer.hugo_own_shortcodes import (
    LANTING_READS,
    OwnShortcodes,
    PageUses,
    own_first,
    run_paired,
    site_single,
    template_files,
)
from lanting.importer.hugo_settings import SETUPS, theme_names
from lanting.importer.hugo_shortcodes import (
    blowfish_paired,
    blowfish_single,
    code_block,
    code_tabs,
    inline_templates,
    link_handlers,
    stack_handlers,
    verbatim_shortcodes,
)
from lanting.importer.item import Item
from lanting.importer.liquid import Context, indented_block
from lanting.importer.mathjax_numbers import numbers_every_display, own_setup
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.markdown.math_formula import to_mathml

VIDEO_SUFFIXES = (".mp4", ".webm", ".ogg", ".ogv", ".mov", ".m4v")
"""Video files in the order hugo-video offered them to the browser (the first is linked)."""

_VERSION_WORDS = {"zh": {"new": "v{} 新增", "changed": "v{} 更改", "deleted": "v{} 删除"},
                  "en": {"new": "New in v{}", "changed": "Changed in v{}",
                         "deleted": "Deleted in v{}"}}
"""LoveIt's and FixIt's `version` badge, as their Chinese and English pages said it."""

_SHORTCODE = re.compile(r"\{\{([<%])-?\s*(/?)\s*([A-Za-z][\w/.-]*)\s*(.*?)\s*/?\s*-?([>%])\}\}",
                        re.DOTALL)


_COMMENTED_SHORTCODE = re.compile(r"<!--(?:(?!-->).)*?\{\{[<%].*?-->", re.DOTALL)
"""An HTML comment holding a shortcode (or the start or end of one)."""


class HugoBodies(HugoLinks):
    """The body conversion of the Hugo importers (`Hugo` and its Hugo Blox flavour)."""

    source: Path
    content: Path
    site: NewSite
    config: dict[str, Any]
    params: dict[str, Any]
    language: str
    table: LinkTable
    by_path: dict[str, Item]
    sections: dict[str, int]
    main: str
    dollars: set[Path]
    lower: bool
    own: OwnShortcodes | None = None
    """The site's own shortcode templates, read when first needed."""

    # --- bodies ----------------------------------------------------------------------------------

    def convert(self, text: str, item: Item, ctx: Context, folder: Path) -> str:
        shelf = Shelf()
        # (a page Hugo published as it was: blogdown's rendering of an `.Rmd`)
        if item.source is not None and item.source.suffix.lower() in (".html", ".htm"):
            text, count = raw_elements_apart(text, shelf)
            ctx.convert("code blocks of an HTML page holding blank lines kept whole", count)
            text, count = missing_libraries(text, lambda url: (
                self.source / "static" / url.lstrip("/") if url.startswith("/")
                else folder / url).is_file())
            ctx.convert("R Markdown's scripts and styles the site lacks, left out", count)
        text, count = re.subn(r"<!--\s*more\s*-->", "<!-- more -->", text)
        ctx.convert("summary markers", count)
        text = self.site_syntax(text, item, ctx, folder, shelf)

        def escaped(match: re.Match[str]) -> str:
            ctx.convert("shortcode escapes")
            return shelf.put("{{" + match.group(1) + " " + match.group(2).strip() + " "
                             + match.group(3) + "}}", "R")

        text = re.sub(r"\{\{([<%])/\*\s*(.*?)\s*\*/([>%])\}\}", escaped, text, flags=re.DOTALL)
        text = self.paired(text, "highlight", lambda a, inner, w: shelf.put(
            self.highlight(a, inner)), ctx, "highlight shortcodes")
        text = inline_templates(text, ctx)
        text = self.paired(text, "codes", lambda a, inner, w: code_tabs(a, inner, shelf),
                           ctx, "code tabs")
        text = self.paired(text, "code", lambda a, inner, w: code_block(a, inner, shelf),
                           ctx, "code shortcodes")
        text = protect_code(text, shelf, lambda info, code, indent: self.fence(
            info, code, indent, ctx))
        text = own_setup(text, item.front, numbers_every_display(self.source, SETUPS), ctx)
        # (a shortcode in an HTML comment, `<!-- {{% callout note %}} -->`, as a starter's
        # example left commented out: Hugo ran it, and the comment hid what it drew)
        text = _COMMENTED_SHORTCODE.sub(lambda m: shelf.put(m.group()), text)
        text, count = B.goldmark_attributes(text)
        ctx.convert("Goldmark attributes", count)
        text, count = quote_lazy_formulas(text)  # (Goldmark reads lazy lines too)
        ctx.convert("formulas of quotes on unmarked lines made quoted", count)
        # (before the Markdown escapes in formulas are undone: `\\|` was no border)
        text, count = cell_border_dollars(text)
        ctx.convert("dollar signs across table cells escaped (no formula to Goldmark)", count)
        text = verbatim_shortcodes(text, shelf, self.paired, ctx)
        if item.source in self.dollars:
            text, count = re.subn(r"(?<!\\)\$", r"\\$", text)
            ctx.convert("dollar signs escaped (the theme's math was off)", count)
        text, count, failed = math_in_html(text, shelf, lambda tex: to_mathml(
            tex, display=False), dollars=item.source not in self.dollars)
        ctx.convert("formulas in raw HTML kept for Lanting to render", count)
        for tex in failed:
            ctx.warn(tex, "a formula in raw HTML that does not convert: left as written")
        text = hugo_formulas(text, ctx, self.passthrough(), self.config)
        text = self.shortcodes(text, item, ctx, folder, shelf)
        if any(t in name.lower() for name in theme_names(self.config) for t in THEMES):
            text = extended_syntax(text, ctx)
        text, count = text_underscores(text)
        ctx.convert("_ and & in \\text{} of math", count)
        text, count = math_entities(text)
        ctx.convert("HTML entities in math as their characters", count)
        ctx.convert("`|` in formulas of table cells as `\\vert`", shelved_table_math(text, shelf))
        text = B.tables_and_anchors(text, ctx.convert)
        text, count = spaced_image_paths(text, lambda name: (
            self.source / "static" / name.lstrip("/") if name.startswith("/")
            else folder / name).is_file())
        ctx.convert("image paths with spaces (Typora's) in angle brackets", count)
        text = self.wiki_links(text, ctx)
        text = map_urls(text, lambda url, image: self.url(url, image, ctx, folder))
        text = prose_raw(shelf, text)
        return B.tidy(shelf.restore(text))

    def site_syntax(self, text: str, item: Item, ctx: Context, folder: Path,
                    shelf: Shelf) -> str:
        """What another generator's pages hold before Hugo's forms are read (Zola's
        shortcodes); Hugo's own pages: nothing."""
        return text

    def math_off(self, data: dict[str, Any]) -> bool:
        return math_off(data, self.params)

    def passthrough(self) -> bool:
        return passthrough_on(self.config)

    def fence(self, info: str, code: str, indent: str, ctx: Context) -> str:
        return hugo_fence(info, code, indent, ctx)

    def highlight(self, args: str, inner: str) -> str:
        match = re.match(r"\s*(\S+)\s*(?:\"([^\"]*)\"|'([^']*)'|(\S+))?", args)
        lang = match.group(1) if match else "text"
        given = (match.group(2) or match.group(3) or match.group(4) or "") if match else ""
        return fence(lang, inner, code_options(given))

    def paired(self, text: str, name: str, handler: Any, ctx: Context, what: str,
               shelf: Shelf | None = None) -> str:
        # (the name ends where a shortcode's name may not go on: `theorem` is not the
        # start of `theorem-label`, whose use ran on to the next `/theorem`)
        # (and its arguments end at the first `>}}`: a block with another inside, the
        # first closing after the inner one's, took the inner opening for its arguments)
        # (with the `shelf`, one indented in a list item stays in the item, as in Hexo)
        named = re.escape(name) + r"(?![\w/.-])"
        pattern = re.compile(
            rf"(^[ \t]+)?\{{\{{[<%]-?\s*{named}((?:(?![>%]\}}\}}).)*?)\s*-?[>%]\}}\}}"
            rf"((?:(?!\{{\{{[<%]-?\s*"
            rf"{named}).)*?)\{{\{{[<%]-?\s*/\s*{re.escape(name)}\s*-?[>%]\}}\}}",
            re.DOTALL | re.MULTILINE)
        for _ in range(16):
            text, count = pattern.subn(lambda m: indented_block(m, handler, shelf), text)
            ctx.convert(what, count)
            if not count:
                break
        return text

    def paired_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        def rawhtml(args: str, inner: str, written: str) -> str:
            # PaperMod's `rawhtml`: its content reached the page as written. Its lines
            # dedented and joined, so that Markdown reads them as one HTML block (an
            # indented line is code, a blank line ends the block)
            lines = [line.strip() for line in inner.splitlines() if line.strip()]
            return B.block("\n".join(lines)) if lines else ""

        hextra = "hextra" in theme_names(self.config)  # (its `details` open unless closed)
        return {**callout_handlers(ctx, hextra), **blowfish_paired(ctx),
                **card_paired(ctx), **stack_handlers(ctx, str)[0],
                "galleries": (lambda a, inner, w: B.block(inner.strip()), "galleries"),
                "rawhtml": (rawhtml, "raw HTML shortcodes")}

    def figure_arguments(self, named: dict[str, str]) -> dict[str, str]:
        """A `figure`'s arguments as the theme's shortcode reads them (Hugo's own:
        as written)."""
        return named

    def single_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        labels = {"zh": "▶ YouTube 视频", "en": "▶ YouTube video"}
        label = labels["zh" if self.language.startswith("zh") else "en"]

        def figure(args: str, written: str) -> str:
            words, named = B.arguments(args)
            return figure_of(words, self.figure_arguments(named), written)

        def figure_of(words: list[str], named: dict[str, str], written: str) -> str:
            src = named.get("src", words[0] if words else "")
            ref = self.figure_source(src, named, item, folder)
            if ref is None:
                return ctx.leave(written, f"image `{src}` not found")
            ctx.convert("figure shortcodes")
            anchor = ""
            if named.get("id"):
                anchor = B.block(f'<a id="figure-{named["id"]}"></a>')
            return anchor + B.figure(ref, _figure_caption(named), named.get("alt", ""))

        def gallery_image(args: str, written: str) -> str:
            # (nanogallery2's `galleries`/`gallery src=… title=…` of many Chinese blogs;
            # Blowfish's `gallery` has content, and is read with the paired ones)
            words, named = B.arguments(args)
            title = named.pop("title", "")  # (the caption: no heading above it)
            return figure_of(words, {**named, "caption": title} if title else named, written)

        def ref(args: str, written: str) -> str:
            words, _named = B.arguments(args)
            target = words[0] if words else ""
            name, hash_mark, fragment = target.partition("#")
            if not name.strip() and fragment and item.source is not None:
                # (`relref "#使用Pygments进行高亮"`: Hugo's link to the page's own heading,
                # named by its text as written; the new heading's id is GitHub's)
                ctx.convert("ref and relref")
                return "#" + (heading_fragment(fragment, item.source) or fragment)
            found = self.find(name, folder)
            if found is None:
                listed = self.list_ref(name, ctx, folder)
                return ctx.leave(written, f"no page `{name}` in the source") \
                    if listed is None else listed + hash_mark + fragment
            ctx.convert("ref and relref")
            return self.site.link(found) + hash_mark + fragment

        def youtube(args: str, written: str) -> str:
            words, named = B.arguments(args)
            ident = named.get("id", words[0] if words else "")
            if re.fullmatch(r"[0-9A-Za-z_-]{11}", ident):  # Lanting's own click-to-load embed
                ctx.convert("videos")
                title = named.get("title", "").replace('"', "'")
                return B.block(f'{{{{< video youtube="{ident}"'
                               + (f' title="{title}"' if title else "") + " >}}")
            ctx.convert("embeds as links")
            return B.block(f"[{label}](https://www.youtube.com/watch?v={ident})")

        def vimeo(args: str, written: str) -> str:
            words, named = B.arguments(args)
            ident = named.get("id", words[0] if words else "")
            ctx.convert("embeds as links")
            return B.block(f"[▶ Vimeo](https://vimeo.com/{ident})")

        def tweet(args: str, written: str) -> str:
            words, named = B.arguments(args)
            user = named.get("user", words[0] if len(words) > 1 else "i")
            ident = named.get("id", words[-1] if words else "")
            ctx.convert("embeds as links")
            url = f"https://x.com/{user}/status/{ident}"
            return B.block(f"> [{url.removeprefix('https://')}]({url})")

        def gist(args: str, written: str) -> str:
            words, _named = B.arguments(args)
            ctx.convert("embeds as links")
            url = "https://gist.github.com/" + "/".join(words[:2])
            return B.block(f"[{url.removeprefix('https://')}]({url})")

        def param(args: str, written: str) -> str:
            words, _named = B.arguments(args)
            value = self.params.get(words[0].lower()) if words else None
            if value is None:
                return ctx.leave(written, "no such site parameter")
            ctx.convert("param shortcodes")
            return str(value)

        def remove(args: str, written: str) -> str:
            ctx.convert("theme shortcodes removed")
            return ""

        def version(args: str, written: str) -> str:
            # LoveIt's and FixIt's badge, `version 0.2.12 changed`: "changed in v0.2.12"
            words = B.arguments(args)[0]
            if not words:
                return ctx.leave(written, "no version")
            kind = words[1].lower() if len(words) > 1 else "new"
            ctx.convert("badges")
            said = _VERSION_WORDS["zh" if self.language.startswith("zh") else "en"]
            return f"<mark>{said.get(kind, said['new']).format(words[0])}</mark>"

        def in_text_image(args: str, written: str) -> str:
            words, named = B.arguments(args)  # PaperMod: `inTextImg url="…" height="…"`
            src = named.get("url") or (words[0] if words else "")
            if not src:
                return ctx.leave(written, "an image without a URL")
            ctx.convert("inline images")
            return f"![{named.get('alt', '')}]({src})"

        def video_file(src: str) -> str:
            # (the hugo-video module: `video src="demo"` played the bundle's demo.mp4,
            # demo.webm and demo.ogg, whichever the browser could)
            if not src or "/" in src or "." in src or (folder / src).exists():
                return src
            found = sorted((VIDEO_SUFFIXES.index(f.suffix.lower()), f.name)
                           for f in folder.glob(glob.escape(src) + ".*")
                           if f.suffix.lower() in VIDEO_SUFFIXES)
            return found[0][1] if found else src

        return {**link_handlers(ctx), **blowfish_single(ctx), **embed_handlers(ctx),
                **card_single(ctx), **cite_handlers(item, ctx, folder, self.source),
                **stack_handlers(ctx, video_file)[1],
                "figure": figure,
                "image": figure, "ref": ref, "relref": ref, "youtube": youtube,
                "vimeo": vimeo, "tweet": tweet, "x": tweet,
                "twitter": tweet, "gist": gist, "param": param, "toc": remove,
                # (Hugo's privacy-minded variants, in the demo posts themes ship)
                "twitter_simple": tweet, "x_simple": tweet, "vimeo_simple": vimeo,
                # Blowfish's and Congo's `katex` only loads KaTeX on the page (hugo-book's,
                # with content, is read with the math): Lanting's math always works
                # (and DoIt's `fa-icon solid pen`: Lanting has no icon font)
                "katex": remove, "inTextImg": in_text_image, "icon": remove, "fa-icon": remove,
                "youtubeLite": youtube, "gallery": gallery_image, "version": version}

    def shortcodes(self, text: str, item: Item, ctx: Context, folder: Path,
                   shelf: Shelf) -> str:
        paired = self.paired_handlers(item, ctx, folder)
        singles = self.single_handlers(item, ctx, folder)
        if self.own is None:
            self.own = OwnShortcodes(template_files(self.source, self.config))
        own = self.own
        uses = PageUses.of(item.source, (item.old_urls or [""])[0], self.source,
                           self.content) if own.files else PageUses()
        for name in own.site_names(self.source) - LANTING_READS:
            if name in paired:
                paired[name] = (own_first(own, name, uses, ctx, paired[name][0], True),
                                paired[name][1])
            if name in singles:
                singles[name] = own_first(own, name, uses, ctx, singles[name], False)
        for name, (handler, what) in paired.items():
            text = self.paired(text, name, handler, ctx, what, shelf)
        text = run_paired(text, own, set(paired) | set(singles), self.paired, ctx, uses, shelf)
        closed = {m.group(3) for m in _SHORTCODE.finditer(text) if m.group(2)}
        left: set[str] = set()

        def one(match: re.Match[str]) -> str:
            name = match.group(3)
            handler = singles.get(name)
            if match.group(2):
                if name in left:  # (its opening's warning says so: one construct, one warning)
                    return B.unconverted(match.group())
                return ctx.leave(match.group(), "a closing shortcode without its opening")
            if handler is None:
                return site_single(match, own, uses, ctx, singles, name in closed, left)
            return str(handler(match.group(4), match.group()))

        return _SHORTCODE.sub(one, text)


def _figure_caption(named: dict[str, str]) -> str:
    """A Hugo figure's caption as its template shows it: the `title` as a heading, the
    caption (Markdown: Lanting renders a figure's caption as Markdown too), then the
    attribution `attr`, linked to `attrlink`."""
    title, attr, link = (named.get(key, "").strip() for key in ("title", "attr", "attrlink"))
    parts = [f"**{title}**" if title else "", named.get("caption", "").strip(),
             f"[{attr}]({link})" if attr and link else attr]
    return " ".join(part for part in parts if part)
