"""Bodies of Jekyll posts and pages → Lanting Markdown: Liquid (its tags, blocks and
values in `jekyll_liquid`), kramdown's syntax and attributes, the math; where the links
lead is `jekyll_links`. Theme flavours (al-folio)
add to it through the `before_code`, `liquid_blocks` and `after` hooks."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer import kramdown as K
from lanting.importer.alfolio_fences import TEXT_DRAWN, drawn_fences
from lanting.importer.body_fragments import footnote_links
from lanting.importer.body_links import (
    doubled_parentheses,
    map_urls,
    slide_backgrounds,
    spaced_destinations,
)
from lanting.importer.body_math import (
    environments_as_text,
    escaped_delimiters,
    math_in_html,
    quote_lazy_formulas,
    shelve_environments,
    text_underscores,
)
from lanting.importer.body_parentheses import escaped_parentheses
from lanting.importer.body_references import definitions_out_of_paragraphs, map_reference_urls
from lanting.importer.body_tables import cell_border_dollars, shelved_code_bars
from lanting.importer.common import (
    LinkTable,
    prose_raw,
    read_text,
)
from lanting.importer.html_block_spans import html_block_spans
from lanting.importer.icon_links import icon_links
from lanting.importer.image_ials import image_attribute_lists
from lanting.importer.item import Item
from lanting.importer.jekyll_i18n import I18nPlugin
from lanting.importer.jekyll_inlined import inline_markdown_includes, inline_relative
from lanting.importer.jekyll_language_menu import language_menus
from lanting.importer.jekyll_liquid import JekyllLiquid
from lanting.importer.jekyll_math import (
    JEKYLL_SETUPS,
    custom_math,
    is_text_theme,
    katex_tags,
    own_math_setup,
)
from lanting.importer.jekyll_math_macros import converting_macros, mathjax_macros
from lanting.importer.jekyll_octopress import octopress_blocks, titled_fence, titles_fences
from lanting.importer.jekyll_plantuml import plantuml_tags
from lanting.importer.jekyll_spaceship import bang_fences, spaceship_processors
from lanting.importer.jekyll_tufte import tufte
from lanting.importer.jekyll_values import folder_images
from lanting.importer.kramdown_html import (
    ended_html_blocks,
    html_body,
    markmap_divs,
    span_tag_paragraphs,
    spread_tags,
    starred_superscripts,
)
from lanting.importer.kramdown_strong import kramdown_strong
from lanting.importer.liquid import (
    Context,
    blocks,
)
from lanting.importer.mathjax_numbers import numbers_every_display, own_numbering
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.markdown.math_given_macros import formula_with

_RAW_HTML = re.compile(r"<!--.*?-->|<(script|style|pre|textarea)\b.*?</\1\s*>",
                       re.DOTALL | re.IGNORECASE)
"""What kramdown reads no Markdown or math in: a comment, a script, a style, a `<pre>`."""


def _put_aside_raw(match: re.Match[str], shelf: Shelf) -> str:
    """A `_RAW_HTML` element put aside, but for its opening tag: a script's or a style's
    `src` (`<script src="/js/plots.js">`, an interactive post's) is a file of the site to
    copy and map like an image's (it was put aside with the rest, the file never copied
    and the page failed to build)."""
    if match.group(1) is None:
        return shelf.put(match.group())  # (a comment)
    whole = match.group()
    end = whole.find(">") + 1
    return whole[:end] + shelf.put(whole[end:])


_LIQUID_SYNTAX = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
"""What `{% raw %}` keeps from Liquid: its outputs and tags. The rest of the block is
Markdown to kramdown as any other text is (a post wrapped whole in `{% raw %}`, for the
`{{` of its formulas, had its links, kramdown's `$$` and its escaped `\\(` left as
written: 34 broken links and its displays shown as TeX on a real blog)."""


class JekyllBodies(JekyllLiquid):
    """The body conversion of the Jekyll importers (`Jekyll` and al-folio's)."""

    root: Path
    source: Path
    site: NewSite
    config: dict[str, Any]
    language: str
    baseurl: str
    table: LinkTable
    by_name: dict[str, Item]
    by_path: dict[str, Item]
    citations: set[str]
    reference_keys: set[str]
    chirpy: bool
    dollar_math: bool
    dollar_decks: set[Path]
    math_delimiters: tuple[list[tuple[str, str]], list[tuple[str, str]]]
    no_liquid: set[Path]
    media_base: dict[Path, str]
    separators: dict[Path, str]
    media_cdn: str = ""
    i18n: I18nPlugin
    data_publications: int = 0
    """How many publications `_data/publications.yml` held (minimal-light's)."""
    static_file: Callable[[Path], bool]
    published: Callable[[Path], bool]

    @functools.cached_property
    def html_formula(self) -> Callable[[str], str]:
        """MathML of a formula in raw HTML, with the macros of the site's MathJax setup
        that convert (without them each formula using one was warned of as not converting,
        though the build converts it: 78 false warnings on a real blog)."""
        found = converting_macros(mathjax_macros(self.source),
                                  Report(self.source, "jekyll"), "")  # (reported by the settings)
        return functools.partial(formula_with, macros=tuple(found.items()))

    @functools.cached_property
    def fence_titles(self) -> bool:
        """Whether the fences' words after the language are their titles (Octopress)."""
        return titles_fences(self.root, self.source, self.config)

    @functools.cached_property
    def numbers_all(self) -> bool:
        """Whether the site's MathJax numbered every display formula (`tags: 'all'`)."""
        return numbers_every_display(self.source, JEKYLL_SETUPS)

    def own_numbering(self, scripts: str, item: Item, ctx: Context) -> None:
        """A post's own MathJax setup numbering its display formulas otherwise than the
        site's (`tags: 'all'` in a `<script>` of the post, its derivation numbered line
        by line): the post's `equation_numbers`, which the removed script said."""
        numbering = own_numbering(scripts, item.front, self.numbers_all)
        if numbering:
            ctx.convert(f"a post's own MathJax numbering (`tags: '{numbering}'`) as "
                        f"`equation_numbers: {numbering}`")

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        shelf = Shelf()
        if path.suffix.lower() in (".html", ".htm") and item.kind != "talk":  # (no
            # Markdown in it: HTML it stays; a reveal.js deck's is a talk's text already)
            text = html_body(text)
        separator = str(self.separators.get(path) or self.config.get("excerpt_separator") or "")
        if separator.strip() and separator.strip() in text:
            text = text.replace(separator.strip(), "<!-- more -->")
            ctx.convert("excerpt separators")
        liquid = path not in self.no_liquid
        if liquid and self.i18n.languages:
            text = self.i18n.inline_files(text, self.i18n.language_for(item.lang), ctx, shelf)
        if liquid and "include_relative" in text:
            text = inline_relative(text, path.parent, self.source, ctx, self.data_list_file)
        if liquid:
            text = inline_markdown_includes(text, self.source, ctx)
        text, menu = language_menus(text)
        if menu is not None:
            ctx.note(menu, "the language menu and its script removed: each language's "
                     "text is kept, one after the other")
            ctx.convert("the Hux blog's language menus removed")
        if liquid:  # (a comment put aside: Jekyll ran no Liquid in it, and a value in it
            # left in a comment of its own ended the comment, the rest shown on the page)
            text = blocks(text, "comment", lambda a, inner, w: shelf.put(
                "<!--" + inner.replace("--", "- -") + "-->"), ctx, "Liquid comments")
            text = blocks(text, "raw", lambda a, inner, w: _LIQUID_SYNTAX.sub(
                lambda m: shelf.put(m.group(), "R"), inner), ctx, "Liquid raw blocks")
            text = blocks(text, "highlight", lambda a, inner, w: self.highlight(
                a, inner, shelf), ctx, "Liquid highlight blocks")
            text = blocks(text, "mermaid", lambda a, inner, w: self.mermaid(
                inner, w, ctx, shelf), ctx, "mermaid diagrams")
            text = plantuml_tags(text, self.source, shelf, ctx)
            text = katex_tags(text, shelf, ctx)
            text = tufte(text, self.source, shelf, ctx)
            text = octopress_blocks(text, self.source, self.config, ctx, shelf)
        text = self.before_code(text, item, ctx, shelf)
        text, maps = markmap_divs(text)
        ctx.convert("markmap mind maps (`<div class=\"markmap\">`) as ```markmap blocks",
                    len(maps))
        if maps:
            ctx.note(maps[0], "markmap mind maps show as their Markdown outline (Lanting "
                     "draws none)")
        if "mermaid-processor" in spaceship_processors(self.source, self.config):
            text, count = bang_fences(text)
            ctx.convert("jekyll-spaceship's ```mermaid! fences", count)
        if is_text_theme(self.config):
            text, _drawn = drawn_fences(text, ctx.warn, TEXT_DRAWN, "TeXt")
        text = protect_code(text, shelf, titled_fence(ctx) if self.fence_titles else None)
        ctx.convert("`|` in a table row's code span escaped (kramdown's tables read the "
                    "code spans first: `` `|z|` `` stayed in its cell)",
                    shelved_code_bars(text, shelf))
        text, count = spread_tags(text, shelf)
        ctx.convert("HTML tags whose attributes run over lines, on one line", count)
        text, own_dollars, count, scripts = own_math_setup(text)
        ctx.convert("a post's own MathJax or KaTeX scripts removed (Lanting draws its "
                    "formulas)", count)
        self.own_numbering(scripts, item, ctx)
        dollar_math = self.dollar_math or own_dollars or path in self.dollar_decks
        text, count = K.fence_file_titles(text, shelf)
        ctx.convert("code blocks' file names (`{: file=…}`) as titles", count)
        text, count, ignored = image_attribute_lists(text, self.chirpy, ctx.warn)
        ctx.convert("images' attribute lists (Chirpy's `.left`, `.right`, `.normal`; "
                    "several in a row)", count)
        ctx.convert("images' attributes kramdown ignored (a value without quotes, "
                    "`w=300`) left out", ignored)
        text, count = K.kramdown_blocks(text, ctx.warn, is_text_theme(self.config))
        ctx.convert("kramdown attributes and extensions", count)
        text, count = ended_html_blocks(text)
        ctx.convert("blank lines after HTML blocks (kramdown read Markdown after them)", count)
        text, count = span_tag_paragraphs(text)
        ctx.convert("paragraphs starting with a lone `<br />` or `<img>` line", count)
        text, count = starred_superscripts(text)
        ctx.convert("stars of superscripts (`<sup>*</sup>`) as `&ast;`", count)
        text, count = icon_links(text)
        ctx.convert("icon-only links given the icon's name (Lanting loads no icon font)", count)
        text, abbreviations = K.kramdown_abbreviations(text)
        for found in abbreviations:
            ctx.warn(found, f"kramdown abbreviation `{found}` removed (Lanting has none)")
        text, count = K.definition_lists(text, self.language)
        ctx.convert("definition list items", count)
        text, doubled = doubled_parentheses(text)
        for link in doubled:
            ctx.warn(link, f"link `{link}` in doubled parentheses, which led nowhere on "
                     "the old site either: its text kept, without the link")
        if liquid:
            text = self.liquid(text, item, ctx, shelf, path)
            text = self.outputs(text, ctx)
            text = folder_images(text, ctx)
        if self.chirpy:
            text, count = B.italic_captions(text)
            ctx.convert("image captions (Chirpy's italic line under an image)", count)
            text, count = B.scheme_images(text)
            ctx.convert("images for a light or dark colour scheme (`.light`, `.dark`)", count)
        # (kramdown reads no math in an HTML comment: an eqn picture's `delim $$` there
        # paired with the next formula's `$$`; nor in a script, a style or a `<pre>`,
        # whose jQuery `$(…)` was escaped as a dollar sign and broke the script)
        if item.kind == "talk":  # (a reveal.js slide's background, before its comment
            # is put aside)
            text = slide_backgrounds(text, lambda url, image: self.url(url, image, ctx, path))
        text = _RAW_HTML.sub(lambda m: _put_aside_raw(m, shelf), text)
        text, quoted = quote_lazy_formulas(text)  # (kramdown reads lazy lines too)
        ctx.convert("formulas of quotes on unmarked lines made quoted", quoted)
        text, count = environments_as_text(text, "{}" + K.MATH_ESCAPES)
        ctx.convert("Markdown escapes in bare environments (`\\\\{` → `\\{`), as MathJax got them",
                    count)
        text = shelve_environments(text, shelf)
        text, count = custom_math(text, *self.math_delimiters)
        ctx.convert("formulas between the MathJax setup's own delimiters (`@x@`)", count)
        if dollar_math:  # (kramdown parts a table row into its cells, and MathJax
            # read each cell alone: a `$…$` across a cell's border was no formula)
            text, count = cell_border_dollars(text)
            ctx.convert("dollar signs across a table's cell border escaped", count)
        text, inline, dollars = K.kramdown_math(text, shelf, dollar_math)
        ctx.convert("kramdown inline math ($$ → $)", inline)
        ctx.convert("dollar signs escaped", dollars)
        text, count = escaped_delimiters(text, shelf)
        ctx.convert("escaped math delimiters \\\\( \\\\[ as $ and $$", count)
        text, count, failed = math_in_html(text, shelf, self.html_formula)
        ctx.convert("\\(…\\) in raw HTML kept for Lanting to render", count)
        for tex in failed:
            ctx.warn(f"\\({tex}\\)", "a formula in raw HTML that does not convert: left as "
                     "written")
        text, count = escaped_parentheses(text)
        ctx.convert("escaped parentheses \\( \\) as plain ones", count)
        # (math, code and raw HTML put aside: kramdown's bold, as CommonMark writes it)
        text = kramdown_strong(text, ctx, html_block_spans(text))
        text, count = K.line_breaks(text, html_block_spans(text))
        ctx.convert("kramdown's `\\\\` line breaks as CommonMark's `\\`", count)
        if not self.wiki_plugin():
            text, count = K.literal_wiki_links(text)
            ctx.convert("[[…]] kept as text (kramdown showed it as written)", count)
        text, count = K.empty_link_definitions(text)
        ctx.convert("reference definitions without a URL kept as text", count)
        if str(self.config.get("markdown") or "").lower() in ("rdiscount", "redcarpet"):
            text, count = definitions_out_of_paragraphs(text)
            ctx.convert("reference definitions on a paragraph's lines moved under it "
                        "(RDiscount and Redcarpet read them there)", count)
        text, count = K.kramdown_tables(text)
        ctx.convert("kramdown tables as GFM ones", count)
        text = shelf.restore(text, "M")
        text, count = text_underscores(text)
        ctx.convert("_ and & in \\text{} of math", count)
        text = B.tables_and_anchors(text, ctx.convert)
        if self.uses_emoji():
            text, count = B.emoji(text)
            ctx.convert("emoji", count)
        text, count = spaced_destinations(text)  # (kramdown reads a path to its `)`)
        ctx.convert("link and image paths with spaces in angle brackets", count)
        text, count = footnote_links(text)
        ctx.convert("links to footnotes by kramdown's ids (`#fn:1`) as Lanting's", count)
        text = map_urls(text, lambda url, image: self.url(url, image, ctx, path))
        text = map_reference_urls(text, lambda url, image: self.url(url, image, ctx, path))
        text = self.after(text, item, ctx)
        text = prose_raw(shelf, text)
        return B.tidy(shelf.restore(text))

    def wiki_plugin(self) -> bool:
        """Whether a plugin made `[[Note]]` links (jekyll-wikilinks, the digital garden
        template's `_plugins/`), which Lanting's own `[[…]]` links carry on."""
        plugins = " ".join(str(p) for p in self.config.get("plugins") or [])
        gemfile = self.source / "Gemfile"
        rubies = [read_text(rb) for rb in self.source.glob("_plugins/*.rb")]
        return "wikilink" in plugins or "\\[\\[" in "".join(rubies) or (
            gemfile.is_file() and "wikilink" in read_text(gemfile))

    def before_code(self, text: str, item: Item, ctx: Context, shelf: Shelf) -> str:
        return text

    def after(self, text: str, item: Item, ctx: Context) -> str:
        return text

    def uses_emoji(self) -> bool:
        plugins = self.config.get("plugins") or self.config.get("gems") or []
        return "jemoji" in plugins or "emoji-processor" in spaceship_processors(
            self.source, self.config)
