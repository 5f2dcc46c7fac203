"""The body of an Eleventy post or page (markdown-it, after Liquid or Nunjucks) in
Lanting's Markdown.

Lanting reads as written: CommonMark, tables, footnotes (markdown-it-footnote), heading
ids. Converted here:

- the template language left in the Markdown (Eleventy ran it first, Liquid by default,
  `markdownTemplateEngine` else): `{% raw %}…{% endraw %}` unwrapped (its text shown as
  written); eleventy-img's `{% image "./a.png", "alt" %}` an image; `{% youtube id %}`
  (and `vimeo`, `gist`) the video or a link; `{% highlight lang %}` a fenced block;
  a paired `{% alert "warning", "Title" %}…{% endalert %}` (`callout`, `admonition`,
  `notice`, `note`) a callout of its kind;
  `{{ "/path" | url }}` the path; any other tag or output a warning naming its line,
  kept only in a comment;
- math: with a math plugin (markdown-it-katex, markdown-it-mathjax3, …) or KaTeX or
  MathJax in the layouts, `$…$` and `$$…$$` are put aside as they are; without one, `$`
  was a dollar sign, and is escaped;
- links to other posts by their files (`./other.md`) or their old URLs (`/blog/x/`, with
  the `pathPrefix` or not) lead to their new pages; images beside a post go with it
  (`eleventy_links`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.body_fragments import heading_lines, repair_page_fragments
from lanting.importer.body_links import DROPPED, map_urls, unlink_dropped
from lanting.importer.body_math import escaped_delimiters, shelve_tex_math
from lanting.importer.body_references import map_reference_urls
from lanting.importer.eleventy_links import EleventyLinks
from lanting.importer.eleventy_sets import PageVariables
from lanting.importer.eleventy_shortcodes import Shortcode
from lanting.importer.eleventy_syntax import (
    data_value,
    html_page,
    marked_lines_fence,
    nutshell,
    outer_loops,
    quoted_arguments,
)
from lanting.importer.eleventy_wiki import note_links
from lanting.importer.hexo_embeds import embed_tags
from lanting.importer.html_pages import raw_elements_apart
from lanting.importer.item import Item
from lanting.importer.linebreaks import hard_breaks
from lanting.importer.liquid import OUTPUT, Context, blocks, tags, value_at
from lanting.importer.mkdocs_math import plain_dollars
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.markdown.anchors import THEME_IDS, heading_slug
from lanting.model.names import unique

_RAW = re.compile(r"\{%-?\s*raw\s*-?%\}(.*?)\{%-?\s*endraw\s*-?%\}", re.DOTALL)
_URL_FILTER = re.compile(r"^(['\"])([^'\"]*)\1\s*\|\s*(?:url|htmlBaseUrl|relative_url|"
                         r"absolute_url|absoluteUrl)\b[^|]*$")
_COMMENT = re.compile(r"\{#.*?#\}|\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}",
                      re.DOTALL)


_SUPPLIED = frozenset({"page", "collections", "eleventy", "pkg", "content", "layout"})
"""The data Eleventy itself supplies every template."""
_CALLOUT_TAGS = ("callout", "alert", "admonition", "notice", "note")
"""Paired shortcodes that boxed their text as a note, a tip or a warning."""
_LITERAL_FIRST = re.compile(r"""\s*(?:"[^"\n]*"|'[^'\n]*')\s*(?:,|$|\s(?!\s*\+))""")
"""A shortcode's first argument that is a string alone (not `"./src/" + meta.image`)."""
_BIBLIOGRAPHY = re.compile(r"^\[bibliography\][ \t]*$", re.MULTILINE)


class EleventyBodies(EleventyLinks):
    """The body side of the Eleventy importer (where its links lead: `EleventyLinks`)."""

    papers: str
    unpublished: Counter[str]
    """The notes wiki links named that the site did not publish (`eleventy_wiki`)."""
    collected: dict[str, list[str]]
    """The kinds (`post`, `page`) of the items of each tag's collection."""
    page_data: dict[Path, dict[str, Any]]
    """Each template's data (front matter over its folders' and layouts'), by file."""

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        shelf = Shelf()
        if path.suffix.lower() in (".html", ".htm"):
            text, _count = html_page(text, shelf)
            ctx.convert("content pages written in HTML read as Markdown", 1)
        text = protect_code(text, shelf, marked_lines_fence)
        if self.settings.nutshell:
            text, count = nutshell(text)
            ctx.convert("Nutshell's `:x` sections and `[:links]` as headings and links", count)
        text, _count = B.indented_code(text, shelf)
        if self.settings.markdown_engine:
            text = self.templates(text, ctx, path, shelf)
        # (`<p>…</p>` then `<pre>` on the next line: markdown-it ended the `<p>`'s HTML
        # block at the code's first blank line, and the browser showed the Markdown it
        # made of the rest inside the `<pre>` left open; kept whole, it is the code)
        text, count = raw_elements_apart(text, shelf)
        ctx.convert("`<pre>` elements holding blank lines kept whole", count)
        if self.settings.math:
            # (markdown-it read `\\(x\\)` as `\(x\)`, which MathJax in the layout took)
            text, count = escaped_delimiters(text, shelf)
            ctx.convert("`\\\\(…\\\\)` formulas as `$…$`", count)
            text = shelve_tex_math(text, shelf)
        else:
            text = plain_dollars(text, ctx)
        text = re.sub(r"<!--.*?-->", lambda m: shelf.put(m.group()), text, flags=re.DOTALL)
        if self.settings.bibliography is not None:
            # (markdown-it-biblatex's place for the reference list)
            text, count = _BIBLIOGRAPHY.subn("{{< references >}}", text)
            ctx.convert("`[bibliography]` as the reference list", count)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, path, ctx)

        text = map_reference_urls(map_urls(text, resolve), resolve)
        if self.settings.wiki_links:
            text = note_links(text, self.by_source, self.site.link,
                              self.settings.heading_ids, ctx, self.unpublished)
        text = unlink_dropped(self.fragments(text, shelf, ctx))
        if self.settings.breaks:
            text, count = hard_breaks(text, shelf=shelf)
            ctx.convert("line ends as hard breaks (markdown-it's breaks: true)", count)
        return B.tidy(shelf.restore(text))

    def fragments(self, text: str, shelf: Shelf, ctx: Context) -> str:
        """`[x](#id)` links to the page's headings, by the old site's ids (the new site
        makes them the same way, `[markdown] heading_ids`): one written in other case or
        punctuation (`#part-1-probability` for markdown-it-anchor's `part-1:-probability`)
        goes to the heading it meant, with a notice; one naming nothing on the page went
        nowhere on the old site either: its text stays, without the link, a warning."""
        style = self.settings.heading_ids
        if not style or "](#" not in text:
            return text
        slug, seen = heading_slug(style), dict.fromkeys(THEME_IDS, 0)
        ids = []
        for heading in heading_lines(text):
            written = re.search(r"\{#([\w:.\-]+)\}$", heading)
            ids.append(unique(written.group(1) if written else
                              slug(B.plain_inline(shelf.restore(heading))), seen))
        anchors = set(re.findall(r"\b(?:id|name)=[\"']([^\"']+)[\"']", shelf.restore(text)))
        return repair_page_fragments(text, ids, slug, anchors, ctx, DROPPED)

    def templates(self, text: str, ctx: Context, path: Path, shelf: Shelf) -> str:
        """The Liquid or Nunjucks in the Markdown, which Eleventy ran before markdown-it."""
        text, count = _RAW.subn(lambda m: shelf.put(m.group(1)), text)
        ctx.convert("`{% raw %}` blocks unwrapped", count)
        text, count = _COMMENT.subn("", text)
        ctx.convert("template comments left out", count)
        own = self.page_data.get(path.resolve(), {})
        text = PageVariables(
            self.settings.includes, ctx, lambda shown: protect_code(
                shown, shelf, marked_lines_fence),
            lambda expression: data_value(expression, own) or self.global_value(expression),
            frozenset({*own, *self.settings.data_files, *_SUPPLIED})).run(text)

        def highlight(args: str, inner: str, written: str) -> str:
            return "\n" + shelf.put(fence(args.split()[0] if args.split() else "",
                                          inner.strip("\n"))) + "\n"

        text = blocks(text, "highlight", highlight, ctx, "`{% highlight %}` blocks as "
                      "fenced code", shelf)

        papers = Path(self.papers).stem

        def listing(args: str, written: str) -> str:
            if papers and re.search(rf"\bin\s+{papers}\b", args):
                ctx.convert(f"loops over the papers of `{self.papers}` left out (Lanting "
                            "lists them at /publications/)")
                return ""
            collection = re.search(r"\bin\s+collections\.(\w+)", args)
            if collection is None:
                # (on the shelf: left in the open, the comment's own `{% for %}` was found
                # again, and reported again)
                return shelf.put(ctx.leave(written, "a loop over the old site's data"))
            kinds = self.collected.get(collection.group(1), [])
            if kinds and "post" not in kinds:
                ctx.warn(written, f"a loop over `collections.{collection.group(1)}`, whose "
                         f"{len(kinds)} items are pages here: the list it showed is left "
                         "out (Lanting lists posts alone: link the pages in its place)")
                return ""
            # (`{% for post in collections.posts %}` on the home page: Lanting's home and
            # /blog/ list the posts themselves)
            ctx.convert("lists of a collection's posts left out (Lanting lists them itself)")
            return ""

        def bundle(args: str, inner: str, written: str) -> str:
            return ""

        text = outer_loops(text, listing)
        for name in ("css", "js"):
            text = blocks(text, name, bundle, ctx, "a page's own CSS and JavaScript "
                          "(eleventy-plugin-bundle's `{% css %}`) left out")

        def pullquote(args: str, inner: str, written: str) -> str:
            # (Octopress's `{" … "}` marks the words quoted; a site's own shortcode of the
            # name quotes them all: a pull quote, shown as a quote)
            marked = re.search(r'\{"\s*(.*?)\s*"\}', inner, re.DOTALL)
            said = marked.group(1) if marked else inner.strip()
            return B.block(B.relined(said, B.quoted, shelf))

        text = blocks(text, "pullquote", pullquote, ctx, "pull quotes (`{% pullquote %}`) "
                      "as quotes", shelf)

        def callout(args: str, inner: str, written: str) -> str:
            # (a paired shortcode of the site's or its theme's: its kind, then its title)
            words = quoted_arguments(args) or args.split()
            kind = B.CALLOUTS.get(words[0].strip().lower(), "NOTE") if words else "NOTE"
            return B.callout(kind, inner, words[1].strip() if len(words) > 1 else "", shelf)

        for name in _CALLOUT_TAGS:
            text = blocks(text, name, callout, ctx, "paired callout shortcodes "
                          "(`{% alert \"info\" %}…{% endalert %}`) as callouts", shelf)

        def image(args: str, written: str) -> str:
            found = quoted_arguments(args)
            if not found or not _LITERAL_FIRST.match(args):
                # (`"./src/" + meta.image`: a path worked out from the old site's data)
                return ctx.leave(written, "no image named by a string alone")
            src, alt = found[0], (found[1] if len(found) > 1 else "")
            ctx.convert("eleventy-img `{% image %}` shortcodes as images")
            return f"![{alt}]({src})"

        def post_url(args: str, written: str) -> str:
            # (Jekyll's tag, which a blog moved from Jekyll defines again: the post whose
            # file is `2023-11-12-confusing-git` or `….md`, in whatever folder)
            name = "/" + re.sub(r"\.(?:md|markdown)$", "", args.strip().strip("\"'"))
            target = next((item for source, item in self.by_source.items()
                           if str(source.with_suffix("")).endswith(name)), None)
            if target is None:
                return ctx.leave(written, "no post of that file name")
            ctx.convert("`{% post_url %}` as links to the posts")
            return self.site.link(target)

        # (`ref` and `relref`, Hugo's, which a blog moved from Hugo defines again: the
        # URL of the post of that file name)
        handlers = {**embed_tags(ctx), "image": image, "img": image,
                    "eleventyImage": image, "figure": image, "post_url": post_url,
                    "ref": post_url, "relref": post_url}
        youtube = handlers["youtube"]

        def video(args: str, written: str) -> str:
            words = quoted_arguments(args)
            found = re.search(r"(?:v=|youtu\.be/|embed/)([\w-]{11})", words[0]) \
                if words else None
            return str(youtube(found.group(1) if found else " ".join(words[:1]), written))

        handlers["youtube"] = video
        for name, shortcode in self.settings.shortcodes.items():
            handlers.setdefault(name, self.own_shortcode(shortcode, ctx))
        text = tags(text, handlers, ctx)

        def output(match: re.Match[str]) -> str:
            found = _URL_FILTER.match(match.group(1))
            if found:
                ctx.convert("`{{ \"/path\" | url }}` as the path")
                return found.group(2)
            # (`{{ title }}`, `{{ author_date }}`: the page's own data, over the global)
            own = data_value(match.group(1), self.page_data.get(path.resolve(), {}))
            if own is not None:
                ctx.convert("values of the page's own data (`{{ title }}`)")
                return own
            # (`{{ personal.email }}`: a value of a global data file, `_data/personal.yaml`)
            value = self.global_value(match.group(1))
            if value is not None:
                ctx.convert("values of the site's data files (`{{ personal.email }}`)")
                return value
            return ctx.leave_output(match, "a value of the old site's data or code")

        return OUTPUT.sub(output, text)

    def global_value(self, expression: str) -> str | None:
        """A string or number of a global data file (`personal.email`)."""
        expression = re.sub(r"\s*\|\s*safe\s*$", "", expression.strip())
        head = re.match(r"[A-Za-z_]\w*", expression)
        data = self.settings.data_files.get(head.group()) if head else None
        return value_at(data, head.group(), expression) if data and head else None

    @staticmethod
    def own_shortcode(shortcode: Shortcode, ctx: Context) -> Callable[[str, str], str]:
        """A shortcode of the site's configuration, run on each use's literal arguments."""

        def run(args: str, written: str) -> str:
            found = quoted_arguments(args) if _LITERAL_FIRST.match(args) or not args.strip() \
                else []
            result = shortcode.run(found)
            if result is None:
                return ctx.leave(written, "the site's own shortcode, given its data")
            ctx.convert("the site's own shortcodes (a template of their arguments) run")
            return result

        return run
