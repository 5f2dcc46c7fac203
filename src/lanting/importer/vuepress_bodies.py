"""The body of a VitePress or VuePress page in Lanting's Markdown.

Lanting reads as written: `::: tip Title` and the other callouts, `::: details`,
`::: code-group` with `[title]` fences, fence options (`python{1,3-4}`,
`ts:line-numbers`), `[[toc]]`, `$…$` and `$$…$$` math (markdown-it-mathjax3, KaTeX),
`==mark==`, `H~2~O`, `x^2^`, footnotes, `## Title {#id}` and `<!-- more -->`. This
converts the rest: code imported from files (`vuepress_code.py`), containers
(`vuepress_blocks.py`), Vue components (`vuepress_tags.py`), emoji shortcodes, and the
links and images: `./other.md`, `/guide/x.html`, `/guide/x` (VitePress), a folder (its
`README.md`), `/img/x.png` from `public/`, `./img/x.png` beside the page, `@/x.png`.
With a math plugin, a formula is TeX, put aside before any of this; `#links` written by
hand to a heading (`#DDIM-采样`) are pointed at its id (`#ddim-采样`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.body_links import DROPPED, map_urls, spaced_image_paths, unlink_dropped
from lanting.importer.body_math import shelve_tex_math
from lanting.importer.body_references import map_reference_urls
from lanting.importer.body_tables import table_math
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import LinkTable, is_image
from lanting.importer.figure_labels import titled_images
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.vuepress_blocks import (
    containers,
    image_containers,
    sfc_blocks,
    v_pre_wrappers,
)
from lanting.importer.vuepress_catalog import catalog
from lanting.importer.vuepress_code import (
    code_imports,
    code_includes,
    code_notations,
    includes,
    plantuml_blocks,
)
from lanting.importer.vuepress_components import OwnComponents
from lanting.importer.vuepress_config_keys import JsConfig
from lanting.importer.vuepress_fragments import (
    PageAnchors,
    fragments,
    other_page_fragment,
    title_links,
)
from lanting.importer.vuepress_loaders import loader_lists
from lanting.importer.vuepress_tags import badge_heading_ids, components
from lanting.importer.vuepress_urls import file_route, served_path
from lanting.importer.vuepress_vue import interpolations
from lanting.markdown.anchors import vitepress_slug

_MERMAID = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*mermaid\b", re.MULTILINE)
_MORE = re.compile(r"^[ \t]*<!--\s*more\s*-->[ \t]*$", re.MULTILINE)
_COMMENT = re.compile(r"<!--(?!\s*more\s*-->)(?!-?>).*?-->", re.DOTALL)
"""An HTML comment, not the excerpt's mark (`<!-- more -->`, which Lanting reads)."""


_HTML_CODE = re.compile(r"<(code|kbd|samp|var)\b[^<>]*>.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
"""Code written in HTML, which no link is made in."""


class VuePressBodies:
    """The body side of the VitePress/VuePress importer."""

    kind: str
    docs: Path
    public: Path
    report: Report
    site: NewSite
    table: LinkTable
    js_base: str
    js: JsConfig
    own: OwnComponents
    document: Callable[[Path], Item | None]
    """(`VuePress.document`: the page made of a source file.)"""
    left_out: Callable[[Path, str | None], str | None]
    """(`VuePress.left_out`: where a listing page left out leads.)"""
    documents: list[tuple[Item, str, Path]]
    """(`VuePress.documents`: each page, its body as read, its file.)"""
    by_source: dict[Path, Item]
    """(`VuePress.by_source`: each page by its resolved file.)"""
    page_anchors: PageAnchors
    """A page's heading ids and other anchors (`page_ids`), once asked for."""
    page_urls: dict[Path, str]
    """(`VuePress.page_urls`: the URL each page was served at, its permalink's too.)"""

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        # (code first: an include, an import or a `<script>` shown in a code block is
        # an example, not one to follow)
        ctx.convert("mermaid diagrams", len(_MERMAID.findall(text)))
        shelf = Shelf()
        notations = code_notations(ctx)
        if self.kind == "vuepress":  # (VuePress 2's include plugin reads fences too)
            notations = code_includes(notations, path, self.docs, ctx)
        text = protect_code(text, shelf, notations)
        text = includes(text, path, self.docs, ctx,
                        lambda part: protect_code(part, shelf, notations))
        text = code_imports(text, path, self.docs, ctx, shelf)
        text = plantuml_blocks(text, shelf, ctx)
        # (a comment showed nothing, and what it holds stays in it as written: a tip
        # unwrapped, `<!-- ::: tip` … `::: -->`, took the comment's end with its `:::`,
        # and the comment then hid the rest of the page; a component commented out
        # again ended it early)
        text = _COMMENT.sub(lambda m: shelf.put(m.group()), text)
        if not self.js.math and self.js.files:
            # (no math plugin: the old site showed `$x$` as written, and so does this)
            text, count = re.subn(r"(?<!\\)\$", r"\\$", text)
            ctx.convert("dollar signs escaped (the site had no math plugin)", count)
        else:
            # (`$\pi(a|s)$` in a table row: markdown-it ended the cell at its `|`, as
            # Lanting would; written in Typora or Obsidian, it was meant as one formula)
            text, count = table_math(text, delimited=True)
            ctx.convert("| in table math (as \\vert)", count)
            text = shelve_tex_math(text, shelf)
        text = loader_lists(text, path, self.docs, self.by_source, ctx)
        text = sfc_blocks(text, ctx)
        text = interpolations(text, item.front, ctx)
        text = v_pre_wrappers(text, ctx)
        text = _MORE.sub("<!-- more -->", text)
        text = containers(image_containers(text, ctx), ctx, self.own.details)
        front: dict[str, Any] = dict(item.front)
        text = badge_heading_ids(text, shelf.restore, ctx)
        widgets: set[str] = set()

        def own(name: str, given: dict[str, str]) -> str | None:
            if name in ("Catalog", "AutoCatalog"):
                ctx.convert("hope's <Catalog /> as a list of the folder's pages")
                return B.block(catalog(path, self.by_source))
            if self.own.comment_widget(name):
                widgets.add(name)
                return ""
            made = self.own.shown(name, given)
            if made is not None:
                ctx.convert("the site's image and page components as images and links")
            return made

        text = titled_images(components(text, front, ctx, own, self.own.registers), ctx)
        self.own.on_page(widgets)
        ctx.convert("comment widgets left out", len(widgets))
        text, count = B.emoji(text)
        ctx.convert("emoji shortcodes", count)
        text = self.wiki_links(text, path, shelf, ctx)

        # (Typora's `![](./images/In-Context RALM.png)` and `[x](./winget 源.md)`: text to
        # markdown-it, but the file is there, so a link was meant, as Typora followed it)
        text, count = spaced_image_paths(text, lambda name: (
            self.public / name.lstrip("/") if name.startswith("/") else path.parent / name
        ).is_file(), links=True)
        ctx.convert("link and image paths with spaces (Typora's) in angle brackets", count)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, path, ctx)

        text = map_urls(text, resolve)
        # (`[AI]` with `[AI]: /notes/ai.md` under the text)
        text = map_reference_urls(text, resolve, DROPPED)
        text = fragments(text, shelf, ctx)
        # (a link left out takes its attribute list along, `{ .vp-button target=_blank }`,
        # which was the link's: it stayed behind as text)
        text = unlink_dropped(text)
        return B.tidy(shelf.restore(text))

    def wiki_links(self, text: str, path: Path, shelf: Shelf, ctx: Context) -> str:
        """markdown-it reads no `[[Note]]` links (`plain_wiki_links`): one naming a
        Markdown file of the page's folder or the source folder leads to that page, any
        other stays text. In HTML code, `<code>[[unsequenced]]</code>` (C23's
        attributes), it is code: escaped, for Lanting's Markdown reads it there."""
        # (Markdown reads the text between HTML tags: its `[[` escaped, it stays text)
        text = _HTML_CODE.sub(lambda m: shelf.put(m.group().replace("[[", "\\[\\[")
                                                  .replace("]]", "\\]\\]")), text)

        def link_to(name: str, heading: str, shown: str | None) -> str | None:
            file = f"{name.strip().removesuffix('.md')}.md"
            if not any((folder / file).is_file() for folder in (path.parent, self.docs)):
                return None
            return f"[{shown or name.strip()}](<{file}{heading}>)"

        return plain_wiki_links(text, ctx, link_to, math_lines=False)

    def fragment_in(self, target: Item, fragment: str, url: str, ctx: Context) -> str:
        """`#AT` of a link to another page as the id of the heading it meant there (`#at`:
        VitePress's ids are lower case); one naming its first heading, now its title, is
        left out (the link goes to the page), and so is one naming no heading or anchor
        of it, with a warning."""
        if title_links(f"](#{fragment})", target.title)[1]:
            return ""
        return other_page_fragment(fragment, target.source or Path(), self.documents,
                                   self.page_anchors, vitepress_slug, url, ctx) or ""

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000", url) or not url:
            return None
        rel, hash_mark, fragment = url.partition("#")
        rel = unquote(rel.partition("?")[0])
        for alias in ("~@/", "@/", "@src/"):
            if rel.startswith(alias):
                rel = "/" + rel[len(alias):]
        base = self.js_base.rstrip("/")
        if base and rel.startswith(base + "/"):
            rel = rel[len(base):]  # (written with the site's `base`)
        rooted = rel.startswith("/")
        file = self.docs / rel.lstrip("/") if rooted else path.parent / rel
        target = self.document(file)
        if target is None and rooted:
            target = self.table.find(rel) or self.table.find(file_route(rel))
        if target is not None:
            ctx.convert("links to other pages")
            if fragment and target.source is not None:
                fragment = self.fragment_in(target, unquote(fragment), url, ctx)
            return self.site.link(target) + (hash_mark if fragment else "") + fragment
        listing = self.left_out(file, rel if rooted else None)
        if listing:
            ctx.convert("links to a theme's listing pages (to Lanting's)")
            return listing + hash_mark + fragment
        if listing is not None:
            ctx.warn(url, f"link `{url}` to a listing page of the theme, left out: its "
                     "text kept, without the link")
            return DROPPED
        found, where = self.file_of(file, rel if rooted else None)
        if found is None and not rooted:  # (`../notes/a.pdf`: read from the page's URL
            # by the browser, a file of `public/`)
            found, where = self.file_of(file, served_path(self.page_urls[path], rel))
        if found is not None:
            if image or is_image(found):
                return self.site.image(found, where)
            return where + hash_mark + fragment
        if image:
            ctx.warn(url, f"image `{url}` not found in the source site: left as written")
            return None
        if not rooted or rel.endswith((".md", ".html")) or "." not in rel.rsplit("/", 1)[-1]:
            # (VitePress's `ignoreDeadLinks` let the old site publish it: Lanting's
            # build stops at a broken link)
            ctx.warn(url, f"link `{url}`: no page of the site there (a dead link of the "
                     "old site): its text kept, without the link")
            return DROPPED
        # (`/slides.pdf` served from `public/` only: a file elsewhere in the source was
        # not at that URL, the old link was dead, and Lanting's build stops at it)
        ctx.warn(url, f"link `{url}`: no such file in `public/` (a dead link of the old "
                 "site): its text kept, without the link; put the file in `static/` and "
                 "link to it again")
        return DROPPED

    def cover(self, value: str, path: Path) -> str:
        """A cover image (`cover: /assets/a.png` from `public/`, or beside the page):
        the image's marker, a URL as it is; `""` when the file is not there."""
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", value):
            return value
        rooted = value if value.startswith("/") else None
        file = self.docs / value.lstrip("/") if rooted else path.parent / value
        found, where = self.file_of(file, rooted)
        return self.site.image(found, where) if found is not None else ""

    def file_of(self, file: Path, rooted: str | None) -> tuple[Path | None, str]:
        """(a file a URL names, its path in the new site): `public/` is served at the
        root; a file beside the pages keeps its path from the source folder, and is
        copied there (an image too: pages have no bundles, and one that several posts
        show is linked at that path — it was left behind, its link broken)."""
        public = self.public / rooted.lstrip("/") if rooted else None
        if public is not None and public.is_file():
            return public, rooted or ""
        docs = self.docs.resolve()
        if file.is_file() and file.resolve().is_relative_to(docs) and \
                file.suffix.lower() != ".md":  # (a page: never a download)
            rel = file.resolve().relative_to(docs).as_posix()
            self.site.static.setdefault(rel, file)
            return file, "/" + rel
        return None, ""
