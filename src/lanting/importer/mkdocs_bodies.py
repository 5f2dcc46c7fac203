"""The body of an MkDocs page in Lanting's Markdown. Lanting reads Material's admonitions
(`!!! note`, `??? tip`), its fence options (`title="x.py" linenums="1" hl_lines="2"`),
arithmatex's math and `<!-- more -->` as written, so this converts what it does not:
snippets (`--8<-- "file"`, inlined), content tabs (`=== "Tab"` → `::: tabs`), attribute
lists (`{ .md-button }`, `{ width="300" }`, `{ #id }`), `md_in_html` blocks (`<figure
markdown>` → a figure), icon and emoji shortcodes, keys (`++ctrl+c++`), abbreviations,
and links to other pages (`../notes/x.md`) and files of the docs folder.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlparse

from lanting.importer import body as B
from lanting.importer.body_fragments import footnote_links
from lanting.importer.body_links import DROPPED, map_urls, spaced_destinations, unlink_dropped
from lanting.importer.body_references import REFERENCE_DEFINITION
from lanting.importer.body_tables import shelved_code_bars
from lanting.importer.common import LinkTable, first_item, is_image
from lanting.importer.figure_labels import numbered_caption, titled_images
from lanting.importer.item import Item
from lanting.importer.kramdown_html import PYTHON_MARKDOWN_BLOCKS, ended_html_blocks
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_admonitions import admonition_fences
from lanting.importer.mkdocs_anchors import (
    heading_text,
    keep_heading_ids,
    lanting_id,
    page_fragments,
    page_ids,
)
from lanting.importer.mkdocs_attributes import ATTRS, attribute_lists
from lanting.importer.mkdocs_blogging import blogging_lists
from lanting.importer.mkdocs_changelog import changelog_lists
from lanting.importer.mkdocs_containers import vuepress_containers
from lanting.importer.mkdocs_embeds import image_embeds
from lanting.importer.mkdocs_extras import ICON, icons, pymdownx_extras
from lanting.importer.mkdocs_hooks import toc_blocks
from lanting.importer.mkdocs_math import dollar_signs
from lanting.importer.mkdocs_nested_html import admonition_html
from lanting.importer.mkdocs_settings import BlogSettings, extension, plugin
from lanting.importer.mkdocs_snippets import MkDocsSnippets
from lanting.importer.mkdocs_strong import lenient_strong, literal_marks
from lanting.importer.mkdocs_tabs import content_tabs
from lanting.importer.mkdocs_wikilinks import (
    WikiTargets,
    literal_wiki_links,
    wiki_embeds,
    wiki_links,
)
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NOTEBOOK, NewSite

_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t]*#*[ \t]*$")
_HEADING_TITLE = re.compile(r"^#{1,6}[ \t]+|[ \t]*(?:\{[^{}\n]*\})?[ \t#]*$")
"""What is not a heading line's title: its marks, trailing `#`s and attribute list."""
_SHORTCODE = re.compile(r"\{\{[<%].*?[>%]\}\}", re.DOTALL)
"""A Hugo shortcode (`{{< notice info >}}`, `{{% /note %}}`) in notes moved from Hugo."""
_ABBR = re.compile(r"^[ \t]*\*\[([^\]\n]+)\]:[ \t]*(.*)$\n?", re.MULTILINE)
_FIGURE = re.compile(r"(<figure\b[^>]*\bmarkdown\b[^>]*>)(.*?)</figure>", re.DOTALL)
_MD_IN_HTML = re.compile(r"^([ \t]*)<(\w+)\b([^>\n]*?)\s+markdown(?:=(?:\"[^\"]*\"|'[^']*'"
                         r"|\w+))?([^>\n]*)>", re.MULTILINE)


def first_heading(body: str) -> tuple[str, str] | None:
    """(the text of a `# heading` on the first line of the text, the text without it):
    MkDocs' title of a page without a `title`."""
    lines = body.split("\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        found = _HEADING.match(line)
        if not found:
            return None
        title = re.sub(r"[ \t]*" + ATTRS + "$", "", found.group(1))
        # (as MkDocs read it: the heading's text, without its marks and icons)
        title = " ".join(heading_text(ICON.sub("", title)).split())
        return title, "\n".join(lines[:i] + lines[i + 1:])
    return None


class MkDocsBodies(MkDocsSnippets):
    """The body side of the MkDocs importer."""

    source: Path
    docs: Path
    report: Report
    site: NewSite
    table: LinkTable
    config: dict[str, Any]
    blog: BlogSettings | None
    by_source: dict[Path, Item]
    blog_index: Path | None
    tags_page: Path | None
    """The tags plugin's index page, left out: links to it lead to Lanting's /tags/."""
    auto_append: str
    toc_hook: bool
    site_math: bool
    """The old site made formulas of `$…$` (`mkdocs_math.py`)."""
    """The site runs the `toc.py` hook or plugin (`{{ BEGIN_TOC }}` lists:
    `mkdocs_hooks.py`)."""
    headings: dict[Path, list[tuple[str, str]]]
    linked: dict[Path, set[str]]
    documents: list[tuple[Item, str, Path]]
    changelog: dict[str, list[Any]]
    """The changelog plugin's entries by year (`mkdocs_changelog.py`)."""
    wiki_targets: WikiTargets | None
    """The docs folder's files by name, on a site whose plugin read `[[wiki links]]`."""

    def convert(self, text: str, item: Item, ctx: Context, path: Path,
                whole_page: bool = True) -> str:
        """A page's text (`whole_page`), or a notebook's Markdown cell, in Lanting's
        Markdown: snippets auto-appended to every page go to whole pages only."""
        if self.auto_append and whole_page:
            text = text.rstrip("\n") + "\n\n" + self.auto_append + "\n"
        text = self.snippets(text, path, ctx)
        if self.toc_hook:
            text = toc_blocks(text, ctx)
        text, kept = keep_heading_ids(text, self.headings.get(path.resolve(), []),
                                      self.linked.get(path.resolve(), set()))
        ctx.convert("heading ids MkDocs made, kept (<a id>)", kept)
        if self.blog is not None and self.blog.excerpt_separator != "<!-- more -->":
            text = text.replace(self.blog.excerpt_separator, "<!-- more -->", 1)
        text = vuepress_containers(text, ctx)
        text = content_tabs(text, ctx)
        if plugin(self.config, "obsidian-support") is not None:
            text = admonition_fences(text, ctx)
        if self.changelog:
            text = changelog_lists(text, self.changelog, ctx)
        # (a fence with options but no language, ```` ``` title="x" ````: Lanting reads
        # the first word as the language)
        text = re.sub(r"^([ \t]*(?:`{3,}|~{3,}))[ \t]*(?=(?:title|linenums|hl_lines)=)",
                      r"\1text ", text, flags=re.MULTILINE)
        ctx.convert("mermaid diagrams", len(re.findall(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*mermaid",
                                                       text, re.MULTILINE)))
        shelf = Shelf()
        text = protect_code(text, shelf)
        ctx.convert("| in table code (escaped)", shelved_code_bars(text, shelf))
        # (MkDocs has no shortcodes: one left from a Hugo past showed as written, and
        # Lanting would read it as its own)
        text = _SHORTCODE.sub(lambda m: ctx.leave(m.group(), "a Hugo shortcode, which "
                                                  "MkDocs showed as written"), text)
        if plugin(self.config, "blogging") is not None:
            text = blogging_lists(text, ctx)
        text, quoted = B.quote_whole_blocks(text)
        ctx.convert("quote lines without `>` (Python-Markdown's quotes)", quoted)
        text = lenient_strong(text, ctx)
        if extension(self.config, "pymdownx.mark") is None:
            text = literal_marks(text, ctx)
        text, notes = footnote_links(text)
        ctx.convert("links to footnotes (#fn:1)", notes)
        if whole_page and not self.site_math:
            text, dollars = dollar_signs(text)
            ctx.convert("dollar signs escaped (the site read no math)", dollars)
        text = _abbreviations(text, ctx)
        text = self.figures(text, ctx)
        text = _centered_images(text, ctx)
        text = _md_in_html(text, ctx)
        text, nested = admonition_html(text)
        ctx.convert("Markdown among HTML tags in admonitions written as HTML (Python-"
                    "Markdown read it there)", nested)
        # (Python-Markdown, as kramdown, read Markdown again after a block's closing tag)
        text, ended = ended_html_blocks(text, PYTHON_MARKDOWN_BLOCKS)
        ctx.convert("blank lines after HTML blocks (Python-Markdown read Markdown after "
                    "them)", ended)
        text = attribute_lists(text, ctx)
        text = icons(text, ctx)
        text = pymdownx_extras(text, self.config, shelf, ctx)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        if self.wiki_targets is not None:
            text = wiki_embeds(text, path, self.wiki_targets, ctx)
        text = image_embeds(text, path, self.docs, ctx, self.wiki_targets is not None)
        text = wiki_links(text, path, self.wiki_targets, ctx) \
            if self.wiki_targets is not None else literal_wiki_links(text, ctx)
        text, spaced = spaced_destinations(text)
        ctx.convert("paths with spaces in angle brackets", spaced)
        text = map_urls(text, resolve)
        text = REFERENCE_DEFINITION.sub(lambda m: m.group(1) + (
            resolve(m.group(2).strip("<>"), False) or m.group(2)), text)
        if whole_page:  # (a notebook's cell links to headings of other cells)
            text = page_fragments(text, shelf.restore(text), ctx)
        text = unlink_dropped(text)
        return B.tidy(shelf.restore(text))

    # --- figures and links ------------------------------------------------------------------

    def figures(self, text: str, ctx: Context) -> str:
        """`<figure markdown>` with one image and a `<figcaption>`: Lanting's figure; its
        `id` (`<figure markdown id="fig-arch">`, which the text's `[Figure 1](#fig-arch)`
        names) an anchor before it."""

        def one(match: re.Match[str]) -> str:
            inner = match.group(2)
            named = re.search(r"""\bid=["']([^"']+)["']""", match.group(1))
            images = re.findall(r"!\[([^\]\n]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", inner)
            caption = re.search(r"<figcaption>(.*?)</figcaption>", inner, re.DOTALL)
            if len(images) != 1:
                return match.group()
            ctx.convert("figures (<figure markdown>)")
            # The image's attribute list (`{ width="300" }`) stays: Lanting reads it.
            sized = re.search(r"\)(\{[^}\n]*\})", inner)
            alt, src = images[0]
            made = B.figure(src, numbered_caption(caption.group(1).strip(), caption.group(), ctx)
                            if caption else "", alt)
            made = made.replace(")\n", ")" + sized.group(1) + "\n", 1) if sized else made
            return (B.block(f'<a id="{named.group(1)}"></a>') if named else "") + made

        return titled_images(_FIGURE.sub(one, text), ctx)

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000", url) or not url:
            return None
        rel, hash_mark, fragment = url.partition("#")
        rel = unquote(rel.partition("?")[0])
        prefix = urlparse(str(self.config.get("site_url") or "")).path.rstrip("/") + "/"
        if prefix != "/" and rel.startswith(prefix) and \
                not (self.docs / rel.lstrip("/")).exists():
            rel = rel[len(prefix) - 1:]  # (`/blog/CTF/` on a site served from `…/blog/`)
        # (`..` taken as MkDocs took it, by the path's text: `../images/../../a.png` through
        # a folder that does not exist still names a file)
        file = Path(posixpath.normpath((self.docs / rel.lstrip("/")) if rel.startswith("/")
                                       else path.parent / rel))
        # MkDocs rewrote a link to a file of the docs folder (`../x.md`, `img/a.png`);
        # any other it left to the browser, which resolved it from the page's URL
        # (`../#intro` from `/notes/x/`, `../../assets/a.png` from `/2024/01/x/`).
        target = self.document(file) if file.is_file() else None
        if target is None and not file.is_file():
            target, moved = self.from_url(rel, item)
            if target is None and moved is None:
                moved = self.by_name(rel, path, ctx)
            if moved is not None:
                file, target = moved, self.document(moved)
        if target is None and rel.startswith("/"):
            target = self.table.find(rel)
        if target is None and not file.is_file():
            target = self.document(file)
        if self.tags_page is not None and self.tags_page in (
                file, file.with_suffix(".md"), file / "index.md"):
            ctx.convert("links to other pages")
            return "/tags/" + hash_mark + fragment  # (the tags page Lanting makes)
        if self.blog_index is not None and file.exists() and file.resolve() in (
                self.blog_index.resolve(), self.blog_index.parent.resolve()) \
                and (item.kind != "home" or self.blog_index.parent != self.docs):
            # (from the home page, only a blog index elsewhere, `blog/index.md`: with
            # `blog_dir: .` the home page is the index, and `./` its own top)
            ctx.convert("links to other pages")
            return "/blog/" + hash_mark + fragment
        if target is not None:
            ctx.convert("links to other pages")
            return self.site.link(target) + self.heading_id(target, hash_mark + fragment,
                                                            url, ctx)
        docs = self.docs.resolve()
        if file.is_file() and file.resolve().is_relative_to(docs):
            where = "/" + file.resolve().relative_to(docs).as_posix()
            if image or is_image(file):
                return self.site.image(file, where)
            self.site.static[where.lstrip("/")] = file
            # (`static/zh_Traced%20ICSE%2024.pdf`, unquoted to find the file, is quoted
            # again: a path with spaces is no link in Markdown)
            return quote(where) + hash_mark + fragment
        if file.is_file() and not image:
            ctx.warn(url, f"link `{url}` leads outside the docs folder (MkDocs never "
                     "published that file): the link is dropped, its text kept")
            return DROPPED
        if image:
            ctx.warn(url, f"image `{url}` not found: left as written")
        elif rel and not file.is_file():
            # (MkDocs warned and published it, dead, as VitePress's `ignoreDeadLinks`
            # did: kept as its text, as the other importers keep such a link; a folder
            # with no index page, `/cs/pl/`, answered nothing on the old site either)
            ctx.warn(url, f"link `{url}` leads to no page or file of the docs folder (a "
                     "dead link of the old site): its text kept, without the link")
            return DROPPED
        return None

    def heading_id(self, target: Item, fragment: str, url: str, ctx: Context) -> str:
        """`fragment` (`#x`, or none), or the id of the heading of `target` it names by
        its text (`#Linear%20and%20nonlinear%20pipeline`, as Obsidian writes it), or
        none when it names nothing there: MkDocs only warned, the browser showed the
        page's top, and Lanting fails the build on such a link."""
        headings = self.headings.get(target.source.resolve(), []) if target.source else []
        name = fragment.removeprefix("#")
        if not name or target.source is None or name in {a for _, a in headings}:
            return fragment
        wanted = lanting_id(unquote(name))
        for line, _anchor in headings:
            title = _HEADING_TITLE.sub("", line)
            if wanted and lanting_id(title) == wanted and lanting_id(title) != name:
                ctx.convert("links to a heading by its text (as Obsidian writes them)")
                return "#" + wanted
        body = next((t for i, t, _p in self.documents if i is target), NOTEBOOK)
        if body == NOTEBOOK:
            return fragment  # (a notebook's cells are not read here)
        ids, anchors = page_ids(body)
        if {name, unquote(name)} & (set(ids) | anchors | {"top"}):
            return fragment
        ctx.warn(url, f"link `{url}`: no heading or anchor `#{unquote(name)}` on that page "
                 "(a dead link of the old site, which MkDocs only warned of): it goes to "
                 "the page's top")
        return ""

    def by_name(self, rel: str, page: Path, ctx: Context) -> Path | None:
        """The file a bare name names (`![vim](vim.webp)`, `[cron](crontab.md)`) when
        none is beside the page, on a site whose plugin read wiki links: such a site is
        an Obsidian vault, which finds a file by its name wherever it is, and roamlinks
        (ezlinks, autolinks) did so for MkDocs; the one file of that name in the docs
        folder, as `[[name]]` finds it."""
        name = rel.removeprefix("./")
        if self.wiki_targets is None or "/" in name or "." not in name:
            return None
        found, _named = self.wiki_targets.find(name, page)
        if found is not None:
            ctx.convert("links and images to a file by its name alone (as Obsidian found it)")
        return found

    def from_url(self, rel: str, item: Item) -> tuple[Item | None, Path | None]:
        """What a relative URL named from the page's old URL: a page or post (by the
        old URLs), else a file of the docs folder."""
        if rel.startswith("/") or not item.old_urls:
            return None, None
        base = item.old_urls[0] if item.old_urls[0].endswith("/") \
            else item.old_urls[0].rsplit("/", 1)[0] + "/"
        absolute = posixpath.normpath(posixpath.join(base, rel or "."))
        if rel.endswith("/") or rel in ("", ".", "..") or rel.endswith("/.."):
            absolute = absolute.rstrip("/") + "/"
        found = self.table.find(absolute)
        moved = self.docs / absolute.lstrip("/")
        return found, (moved if found is None and moved.is_file() else None)

    def document(self, file: Path) -> Item | None:
        """The item of a page a link names: `x.md`, `x/` (its `index.md`), `x.html`."""
        candidates = [file]
        if file.suffix == ".html" or not file.suffix:
            base = file.with_suffix("") if file.suffix else file
            candidates += [base.with_suffix(".md"), base / "index.md", base / "README.md"]
        return first_item(self.by_source, candidates)


def _abbreviations(text: str, ctx: Context) -> str:
    found = _ABBR.findall(text)
    if found:
        ctx.warn("*[", f"{len(found)} abbreviation(s) (`*[{found[0][0]}]: …`) left out: "
                 "Lanting has no abbreviation tooltips (write the expansion in the text)")
    return _ABBR.sub("", text)


_CENTERED_IMAGE = re.compile(r"^([ \t]*)<center>[ \t]*(!\[[^\]\n]*\]\([^)\n]*\)(?:\{[^}\n]*\})?)"
                             r"[ \t]*</center>[ \t]*$", re.MULTILINE | re.IGNORECASE)


def _centered_images(text: str, ctx: Context) -> str:
    """`<center>![a](x.png){width="500"}</center>`: an image to Python-Markdown, for which
    `center` starts no HTML block; CommonMark's does, and showed the line as written.
    The image alone (Lanting centres an image alone in its paragraph, a figure)."""
    text, count = _CENTERED_IMAGE.subn(r"\1\2", text)
    ctx.convert("images in <center> (Python-Markdown read them)", count)
    return text


def _md_in_html(text: str, ctx: Context) -> str:
    """`<div class="grid cards" markdown>`: the `markdown` attribute dropped and blank
    lines put inside the element, so that its content is read as Markdown."""

    def one(match: re.Match[str]) -> str:
        ctx.convert("md_in_html blocks")
        tag = f"{match.group(1)}<{match.group(2)}{match.group(3)}{match.group(4)}>"
        return tag + "\n"

    text, count = _MD_IN_HTML.subn(one, text)
    if count:
        text = re.sub(r"^([ \t]*</(?:div|section|article|details|aside|p|span)>)",
                      r"\n\1", text, flags=re.MULTILINE)
    if "grid cards" in text or "md-button" in text:
        ctx.note("grid", "Material's grid cards and buttons show as plain blocks and "
                 "links (their styles are Material's)")
    return text
