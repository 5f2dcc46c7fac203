"""Bodies of Jekyll posts and pages → Lanting Markdown: Liquid tags and blocks
(`highlight`, `post_url`, `link`, `include`, `cite`, tabs, details), kramdown's syntax and
attributes, the math; where the links lead is `jekyll_links`. Theme flavours (al-folio)
add to it through the `before_code`, `liquid_blocks` and `after` hooks."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer import kramdown as K
from lanting.importer.body_links import (
    footnote_links,
    map_reference_urls,
    map_urls,
    spaced_destinations,
)
from lanting.importer.body_math import (
    environments_as_text,
    escaped_delimiters,
    escaped_parentheses,
    math_in_html,
    quote_lazy_formulas,
    shelve_environments,
    text_underscores,
)
from lanting.importer.common import (
    LinkTable,
    prose_raw,
    read_text,
)
from lanting.importer.image_ials import image_attribute_lists
from lanting.importer.item import Item
from lanting.importer.jekyll_captures import assigning_ifs, captured_includes
from lanting.importer.jekyll_i18n import I18nPlugin
from lanting.importer.jekyll_includes import include_tag, inline_relative
from lanting.importer.jekyll_links import JekyllLinks
from lanting.importer.jekyll_math import is_text_theme, katex_tags
from lanting.importer.jekyll_spaceship import bang_fences, spaceship_processors
from lanting.importer.liquid import (
    OUTPUT,
    Context,
    blocks,
    display_formulas,
    filter_chain,
    string_argument,
    tags,
    tex_group,
    value_at,
)
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.importer.text import load_mapping, split_front_matter
from lanting.markdown.math_formula import to_mathml

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


class JekyllBodies(JekyllLinks):
    """The body conversion of the Jekyll importers (`Jekyll` and al-folio's)."""

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
    no_liquid: set[Path]
    media_base: dict[Path, str]
    media_cdn: str = ""
    i18n: I18nPlugin
    data_publications: int = 0
    """How many publications `_data/publications.yml` held (minimal-light's)."""
    static_file: Callable[[Path], bool]
    published: Callable[[Path], bool]

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        shelf = Shelf()
        separator = str(self.config.get("excerpt_separator") or "")
        if separator.strip() and separator.strip() in text:
            text = text.replace(separator.strip(), "<!-- more -->")
            ctx.convert("excerpt separators")
        liquid = path not in self.no_liquid
        if liquid and self.i18n.languages:
            text = self.i18n.inline_files(text, self.i18n.language_for(item.lang), ctx, shelf)
        if liquid and "include_relative" in text:
            text = inline_relative(text, path.parent, self.source, ctx, self.data_list_file)
        if liquid:
            text = blocks(text, "comment", lambda a, inner, w: "<!--" + inner.replace(
                "--", "- -") + "-->", ctx, "Liquid comments")
            text = blocks(text, "raw", lambda a, inner, w: shelf.put(inner, "R"), ctx,
                          "Liquid raw blocks")
            text = blocks(text, "highlight", lambda a, inner, w: self.highlight(
                a, inner, shelf), ctx, "Liquid highlight blocks")
            text = blocks(text, "mermaid", lambda a, inner, w: self.mermaid(
                inner, w, ctx, shelf), ctx, "mermaid diagrams")
            text = katex_tags(text, shelf, ctx)
        text = self.before_code(text, item, ctx, shelf)
        if "mermaid-processor" in spaceship_processors(self.source, self.config):
            text, count = bang_fences(text)
            ctx.convert("jekyll-spaceship's ```mermaid! fences", count)
        text = protect_code(text, shelf)
        text, count = K.fence_file_titles(text, shelf)
        ctx.convert("code blocks' file names (`{: file=…}`) as titles", count)
        text, count = image_attribute_lists(text, self.chirpy, ctx.warn)
        ctx.convert("images' attribute lists (Chirpy's `.left`, `.right`, `.normal`; "
                    "several in a row)", count)
        text, count = K.kramdown_blocks(text, ctx.warn, is_text_theme(self.config))
        ctx.convert("kramdown attributes and extensions", count)
        text, count = K.ended_html_blocks(text)
        ctx.convert("blank lines after HTML blocks (kramdown read Markdown after them)", count)
        text, count = K.span_tag_paragraphs(text)
        ctx.convert("paragraphs starting with a lone `<br />` or `<img>` line", count)
        text, abbreviations = K.kramdown_abbreviations(text)
        for found in abbreviations:
            ctx.warn(found, f"kramdown abbreviation `{found}` removed (Lanting has none)")
        text, count = K.definition_lists(text, self.language)
        ctx.convert("definition list items", count)
        if liquid:
            text = self.liquid(text, item, ctx, shelf, path)
            text = self.outputs(text, ctx)
        if self.chirpy:
            text, count = B.italic_captions(text)
            ctx.convert("image captions (Chirpy's italic line under an image)", count)
            text, count = B.scheme_images(text)
            ctx.convert("images for a light or dark colour scheme (`.light`, `.dark`)", count)
        # (kramdown reads no math in an HTML comment: an eqn picture's `delim $$` there
        # paired with the next formula's `$$`; nor in a script, a style or a `<pre>`,
        # whose jQuery `$(…)` was escaped as a dollar sign and broke the script)
        text = _RAW_HTML.sub(lambda m: _put_aside_raw(m, shelf), text)
        text, quoted = quote_lazy_formulas(text)  # (kramdown reads lazy lines too)
        ctx.convert("formulas of quotes on unmarked lines made quoted", quoted)
        text, count = environments_as_text(text)
        ctx.convert("Markdown escapes in bare environments (`\\\\{` → `\\{`), as MathJax got them",
                    count)
        text = shelve_environments(text, shelf)
        text, inline, dollars = K.kramdown_math(text, shelf, self.dollar_math)
        ctx.convert("kramdown inline math ($$ → $)", inline)
        ctx.convert("dollar signs escaped", dollars)
        text, count = escaped_delimiters(text, shelf)
        ctx.convert("escaped math delimiters \\\\( \\\\[ as $ and $$", count)
        text, count, failed = math_in_html(
            text, shelf, lambda tex: to_mathml(tex, display=False))
        ctx.convert("\\(…\\) in raw HTML kept for Lanting to render", count)
        for tex in failed:
            ctx.warn(f"\\({tex}\\)", "a formula in raw HTML that does not convert: left as "
                     "written")
        text, count = escaped_parentheses(text)
        ctx.convert("escaped parentheses \\( \\) as plain ones", count)
        if not self.wiki_plugin():
            text, count = K.literal_wiki_links(text)
            ctx.convert("[[…]] kept as text (kramdown showed it as written)", count)
        text, count = K.empty_link_definitions(text)
        ctx.convert("reference definitions without a URL kept as text", count)
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

    @staticmethod
    def mermaid(inner: str, written: str, ctx: Context, shelf: Shelf) -> str:
        """jekyll-diagrams' (and jekyll-mermaid's) `{% mermaid %}…{% endmermaid %}`, as
        old al-folio sites still write it: a ```mermaid block."""
        ctx.note(written, "Mermaid diagrams show as code until `[markdown] mermaid` in "
                 "lanting.toml names a Mermaid script")
        return B.block(shelf.put(fence("mermaid", shelf.restore(inner, "R").strip("\n"))))

    def highlight(self, args: str, inner: str, shelf: Shelf) -> str:
        words, named = B.arguments(args)
        lang = words[0] if words else "text"
        options: dict[str, str] = {}
        if "linenos" in words or "linenos" in named:
            options["linenos"] = "true"
        if "hl_lines" in named:
            options["hl_lines"] = named["hl_lines"]
        code = shelf.restore(inner, "R")
        return shelf.put(fence(lang, code, options))

    def tag_handlers(self, item: Item, ctx: Context, path: Path) -> dict[str, Any]:
        def post_url(args: str, written: str) -> str:
            name = string_argument(args).strip()
            target = self.by_name.get(name) or self.by_name.get(name.rsplit("/", 1)[-1])
            if target is None:
                return ctx.leave(written, f"no post `{name}` in the source")
            ctx.convert("Liquid post_url and link")
            return self.site.link(target)

        def link(args: str, written: str) -> str:
            name = string_argument(args).strip()
            target = self.by_path.get(name.lstrip("/"))
            if target is not None:
                ctx.convert("Liquid post_url and link")
                return self.site.link(target)
            if (self.source / name.lstrip("/")).is_file():
                ctx.convert("Liquid post_url and link")
                return "/" + name.lstrip("/")
            return ctx.leave(written, f"no file `{name}` in the source")

        def include(args: str, written: str) -> str:
            return include_tag(self.source, args, written, ctx)

        def include_relative(args: str, written: str) -> str:
            # (minimal-light's home page: `{% include_relative _includes/publications.md %}`,
            # a loop over `site.data.publications`, which is content/publications.bib now)
            shown = path.parent / string_argument(args).strip()
            if self.data_list_file(shown):
                ctx.note(written, "the list of `_data/publications.yml`: Lanting lists "
                         "the publications at /publications/, the home page too")
                return ""
            return ctx.leave(written, "no Lanting equivalent")

        def cite(args: str, written: str) -> str:
            # (jekyll-scholar's options: `--file papers_aio`, `--locator 23`, …)
            words = re.sub(r"--\w+(?:[ \t]+(?!--)\S+)?", " ", args)
            keys = [k.strip() for k in string_argument(words).replace(",", " ").split()]
            unknown = [k for k in keys if k not in self.citations | self.reference_keys]
            if unknown or not keys:
                return ctx.leave(written, f"`{(unknown or ['?'])[0]}` is in no .bib file of "
                                 "the site")
            ctx.convert("citations")
            return "[" + "; ".join(f"@{k}" for k in keys) + "]"

        def reference(args: str, written: str) -> str:
            """jekyll-scholar's `{% reference key %}` printed the entry in full where it
            stood; Lanting cites it there and lists it in the post's references."""
            made = cite(args, written)
            if made.startswith("[@"):
                ctx.convert("jekyll-scholar references as citations")
            return made

        def bibliography(args: str, written: str) -> str:
            ctx.convert("bibliography lists (Lanting lists a post's references itself)")
            return ""

        def twitter(args: str, written: str) -> str:
            url = B.arguments(args)[0][0] if B.arguments(args)[0] else ""
            ctx.convert("embeds as links")
            label = re.sub(r"^https?://", "", url)
            return B.block(f"> [{label}]({url})")

        def responsive_image(args: str, written: str) -> str:
            """jekyll-responsive-image's tag (al-folio's images until 2022), written
            `path: assets/img/9.jpg class: "img-fluid" title: "…"`: the image."""
            named = {k: v1 or v2 or v3 for k, v1, v2, v3 in re.findall(
                r"(\w+):\s*(?:\"([^\"]*)\"|'([^']*)'|(\S+))", args)}
            if not named.get("path"):
                return ctx.leave(written, "a responsive_image without a `path`")
            ctx.convert("figure includes")
            src = named["path"]
            src = src if src.startswith(("/", "http")) else "/" + src
            return B.figure(src, "", named.get("alt") or named.get("title") or "")

        def drop(args: str, written: str) -> str:
            ctx.warn(written, f"`{written}` removed (it only set a variable for the theme)")
            return ""

        noted: list[bool] = []
        language = self.i18n.language_for(item.lang)

        def translate(args: str, written: str) -> str:
            """jekyll-multiple-languages-plugin's `{% t about.title %}`: the string in the
            page's language (a page using it has a version in each, made on reading)."""
            key = string_argument(args).strip()
            found = self.i18n.string(key, language)
            if found is None and language != self.i18n.default:
                found = self.i18n.string(key)
                if found is not None:
                    ctx.warn(written, f"no `{key}` in _i18n/{language}.yml: the "
                             f"{self.i18n.default} string is used; translate it in the page")
            if found is None:
                return ctx.leave(written, f"no `{key}` in _i18n/{language}.yml")
            if not noted and item.kind == "post" and not item.lang \
                    and self.i18n.language_of(path.relative_to(self.source)) is None:
                noted.append(True)  # (a post of `_posts/`, not of a language's folder)
                ctx.note(written, f"`{{% t %}}` strings are the site's language's "
                         f"({self.i18n.default}): write the post's other versions in "
                         "`_i18n/<lang>/_posts/` before importing, or as "
                         f"`{path.stem}.<lang>.md` beside it after")
            ctx.convert("strings of jekyll-multiple-languages-plugin (`{% t key %}`)")
            return found

        handlers = {"post_url": post_url, "link": link, "include": include, "cite": cite,
                    "include_relative": include_relative,
                    "twitter": twitter, "assign": drop, "bibliography": bibliography,
                    "reference": reference, "responsive_image": responsive_image}
        if self.i18n.languages:
            handlers.update(t=translate, translate=translate)
        return handlers

    def liquid(self, text: str, item: Item, ctx: Context, shelf: Shelf, path: Path) -> str:
        text = blocks(text, "details", lambda a, inner, w: B.details(string_argument(a), inner),
                      ctx, "collapsible blocks")
        text = self.liquid_tabs(text, ctx)

        # (academicpages' sitemap: `{% capture written_label %}'None'{% endcapture %}`;
        # a math post's statement, shown by a theorem include)
        text = captured_includes(text, ctx)
        text = assigning_ifs(text, ctx)

        def quote(args: str, inner: str, written: str) -> str:
            """jekyll-scholar's `{% quote key %}…{% endquote %}`: a block quote, its
            source cited under it."""
            keys = [k for k in args.replace(",", " ").split() if not k.startswith("--")]
            body = "\n".join("> " + line if line.strip() else ">"
                              for line in inner.strip("\n").split("\n"))
            if not keys or any(k not in self.citations | self.reference_keys for k in keys):
                ctx.warn(written, f"`{args.strip()}` of a quote is in no .bib file of the "
                         "site: the quote is kept without its source")
                return B.block(body)
            return B.block(body + "\n>\n> — [" + "; ".join(f"@{k}" for k in keys) + "]")

        text = blocks(text, "quote", quote, ctx, "jekyll-scholar quotes")
        text = self.liquid_blocks(text, item, ctx, shelf)
        return tags(text, self.tag_handlers(item, ctx, path), ctx)

    def data_list_file(self, file: Path) -> bool:
        """Whether an included file is minimal-light's list of `_data/publications.yml`
        (which Lanting's publications page shows)."""
        return bool(self.data_publications) and file.is_file() \
            and "site.data.publications" in read_text(file)

    def liquid_blocks(self, text: str, item: Item, ctx: Context, shelf: Shelf) -> str:
        return text

    def liquid_tabs(self, text: str, ctx: Context) -> str:
        """jekyll-tabs: `{% tabs g %}` `{% tab g label %}…{% endtab %}` `{% endtabs %}`."""

        def group(args: str, inner: str, written: str) -> str:
            parts = re.findall(r"\{%-?\s*tab\s+\S+\s+(.*?)\s*-?%\}(.*?)\{%-?\s*endtab\s*-?%\}",
                               inner, re.DOTALL)
            return B.tabs([(string_argument(label), content) for label, content in parts])

        return blocks(text, "tabs", group, ctx, "tabs flattened")

    def site_value(self, expression: str) -> str | None:
        """The text of `site.github` or `site.author.name`: a string or number that
        `_config.yml` gives it (what Jekyll printed), else None."""
        return value_at(self.config, "site", expression)

    def page_value(self, expression: str, ctx: Context) -> str | None:
        """The text of `page.contact`: a string or number the file's own front matter
        gives it (a lab member's page printing its `contact:`), else None."""
        if not expression.startswith("page."):
            return None
        fmt, head, _body, _first = split_front_matter(ctx.original)
        return value_at(load_mapping(fmt, head)[0], "page", expression) if fmt else None

    def outputs(self, text: str, ctx: Context) -> str:
        """`{{ site.baseurl }}`, `{{ site.url }}` and academicpages' `{{ base_path }}` (the
        two, set by `{% include base_path %}`) → "", `{{ 'x' | relative_url }}` → x,
        `{{ site.github }}` → its value in `_config.yml`; anything else left in a
        comment."""

        formulas = display_formulas(text)

        def one(match: re.Match[str]) -> str:
            expression = match.group(1).strip()
            if tex_group(expression) and any(
                    start < match.start() < end for start, end in formulas):
                ctx.convert("`{{…}}` in formulas kept as TeX groups (Liquid had emptied them)")
                return match.group()
            if re.fullmatch(r"site\.(baseurl|url)|base_path", expression):
                ctx.convert("Liquid site URLs")
                return ""
            value = self.site_value(expression)
            if value is not None:
                ctx.convert("Liquid values of `_config.yml` (`{{ site.github }}`)")
                return value
            value = self.page_value(expression, ctx)
            if value is not None:
                ctx.convert("Liquid values of the page's front matter (`{{ page.x }}`)")
                return value
            found = re.fullmatch(r"(['\"])(.*?)\1\s*\|\s*(relative_url|absolute_url|prepend:\s*"
                                 r"site\.baseurl)", expression)
            if found:
                ctx.convert("Liquid site URLs")
                value = found.group(2)
                return value if value.startswith(("/", "http")) else "/" + value
            # (`{{ "/NiN.png" | prepend: site.imgrepo }}`: a string and values of
            # `_config.yml` joined by filters, printed as Jekyll printed them)
            value = filter_chain(expression, lambda term: "" if re.fullmatch(
                r"site\.(baseurl|url)", term) else self.site_value(term))
            if value is not None:
                ctx.convert("Liquid strings and `_config.yml` values joined by filters")
                return value
            return ctx.leave_output(match, "a Liquid value of the old theme")

        return OUTPUT.sub(one, text)

