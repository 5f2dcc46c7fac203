"""Bodies of Hugo pages → Lanting Markdown.

Shortcodes (`figure`, `highlight`, `ref`, `relref`, `details`, `youtube`, …; those
without content read in `hugo_builtins.py`) and their escapes `{{</* */>}}`, fence
attributes, Goldmark's `{#id}` attributes. Where the images and links a body names lead
is in `hugo_links.py`, the page reading and old URLs in `hugo.py`, the settings in
`hugo_settings.py`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.body_links import map_urls, spaced_image_paths
from lanting.importer.body_math import (
    math_entities,
    math_in_html,
    quote_lazy_formulas,
    text_underscores,
)
from lanting.importer.body_tables import cell_border_dollars, shelved_table_math
from lanting.importer.common import LinkTable, prose_raw
from lanting.importer.figure_labels import titled_images
from lanting.importer.html_pages import missing_libraries, raw_elements_apart
from lanting.importer.hugo_builtins import HugoBuiltins
from lanting.importer.hugo_callouts import callout_handlers
from lanting.importer.hugo_cards import card_paired
from lanting.importer.hugo_extended import THEMES, extended_syntax
from lanting.importer.hugo_fences import code_options, hugo_fence
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
from lanting.importer.hugo_settings import SETUPS, static_root, theme_names
from lanting.importer.hugo_shortcodes import (
    blowfish_paired,
    code_block,
    code_tabs,
    inline_templates,
    stack_handlers,
    verbatim_shortcodes,
)
from lanting.importer.hugo_tufte import tufte_paired
from lanting.importer.item import Item
from lanting.importer.liquid import Context, indented_block
from lanting.importer.mathjax_numbers import numbers_every_display, own_setup
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.markdown.math_formula import to_mathml

_SHORTCODE = re.compile(r"\{\{([<%])-?\s*(/?)\s*([A-Za-z][\w/.-]*)\s*(.*?)\s*/?\s*-?([>%])\}\}",
                        re.DOTALL)


_COMMENTED_SHORTCODE = re.compile(r"<!--(?:(?!-->).)*?\{\{[<%].*?-->", re.DOTALL)
"""An HTML comment holding a shortcode (or the start or end of one)."""


_OTHER_TAG = re.compile(r"\{%-?\s*([A-Za-z_][\w-]*)\b(?:(?!%\}).)*?-?%\}", re.DOTALL)
"""A Liquid or Nunjucks tag (`{% label info@text %}`): Jekyll's or Hexo's, not Hugo's."""


def other_tags(text: str, ctx: Context) -> None:
    """Say where a page (its fenced code put aside) holds the tags of another generator, left
    by a move from Hexo or Jekyll: Hugo showed them as written, and so does the new
    page; said once a page, at the first, with how many there are."""
    prose, _count = B.indented_code(text, Shelf())  # (indented code is code to Goldmark)
    # (those the import left in comments, with a warning of their own, aside)
    found = list(_OTHER_TAG.finditer(re.sub(r"<!--.*?-->", "", prose, flags=re.DOTALL)))
    if found:
        first = found[0].group()
        more = f" ({len(found)} such tags in the page)" if len(found) > 1 else ""
        ctx.warn(first, f"`{first[:60]}` is a Liquid or Nunjucks tag (Hexo's or Jekyll's, "
                 f"from a move?){more}: Hugo showed it as written, and so does the new page "
                 "(write it in Markdown, or remove it)")


class HugoBodies(HugoBuiltins):
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
    hugo_pages = True
    """Whether the pages are Hugo's (Zola's, read here too, hold Tera's `{% %}`)."""

    # --- bodies ----------------------------------------------------------------------------------

    def convert(self, text: str, item: Item, ctx: Context, folder: Path) -> str:
        shelf = Shelf()
        # (a page Hugo published as it was: blogdown's rendering of an `.Rmd`)
        if item.source is not None and item.source.suffix.lower() in (".html", ".htm"):
            text, count = raw_elements_apart(text, shelf)
            ctx.convert("code blocks of an HTML page holding blank lines kept whole", count)
            text, count = missing_libraries(text, lambda url: (
                static_root(self.source, self.config, url) / url.lstrip("/")
                if url.startswith("/")
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
        if item.source not in self.dollars:  # (math off: `\\(` was `\(`, text)
            text = hugo_formulas(text, ctx, self.passthrough(), self.config)
        # (the writer's images; not those of shortcodes, whose captions they read)
        text = titled_images(text, ctx)
        text = self.shortcodes(text, item, ctx, folder, shelf)
        if self.hugo_pages:
            other_tags(text, ctx)
        if any(t in name.lower() for name in theme_names(self.config) for t in THEMES):
            text = extended_syntax(text, ctx)
        text, count = text_underscores(text)
        ctx.convert("_ and & in \\text{} of math", count)
        text, count = math_entities(text)
        ctx.convert("HTML entities in math as their characters", count)
        ctx.convert("`|` in formulas of table cells as `\\vert`", shelved_table_math(text, shelf))
        text = B.tables_and_anchors(text, ctx.convert)
        text, count = spaced_image_paths(text, lambda name: (
            static_root(self.source, self.config, name) / name.lstrip("/")
            if name.startswith("/")
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
                **card_paired(ctx), **stack_handlers(ctx, str)[0], **tufte_paired(ctx),
                "galleries": (lambda a, inner, w: B.block(inner.strip()), "galleries"),
                "rawhtml": (rawhtml, "raw HTML shortcodes")}


    def shortcodes(self, text: str, item: Item, ctx: Context, folder: Path,
                   shelf: Shelf, uses: PageUses | None = None) -> str:
        """The shortcodes of a page's text (`uses`: the page's, when `text` is one a
        template of the site renders, `.Page.RenderString`)."""
        paired = self.paired_handlers(item, ctx, folder)
        singles = self.single_handlers(item, ctx, folder)
        if self.own is None:
            self.own = OwnShortcodes(template_files(self.source, self.config))
        own = self.own
        if uses is None:
            uses = PageUses.of(item.source, (item.old_urls or [""])[0], self.source,
                               self.content) if own.files else PageUses()
            page = uses
            # (a chapter's Markdown a page includes, including its sections: its code
            # put aside first, as the page's was, then its shortcodes)
            page.render = lambda inner: page.nested(inner, lambda t: self.shortcodes(
                protect_code(t, shelf, lambda info, code, indent: self.fence(
                    info, code, indent, ctx)), item, ctx, folder, shelf, page))
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
