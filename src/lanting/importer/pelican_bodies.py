"""The body of a Pelican article or page (Python-Markdown) in Lanting's Markdown.

Lanting reads as written: `[TOC]` alone in a paragraph (the theme shows the table of
contents), footnotes, tables, abbreviations. Converted here:

- CodeHilite's language line, `:::python` or `#!python` opening an indented code block
  (in a list item too), → a fenced block of that language (else the line showed);
- Pelican's links: `{filename}/path.md` (and the old `|filename|`) → the target's new
  page; `{static}`, `{attach}` (`|static|`) → the file (an image into the post's folder,
  another file at its path under `static/`); `{tag}x`, `{category}x` → Lanting's pages
  of that tag or category, `{index}` the home page;
- other links: to old URLs (`/2020/05/x.html`), to files of the content folder by their
  path from the root or from the page (`images/x.png`, how they were published);
- math: with a math plugin (render_math, pelican-katex) `$…$` and `$$…$$` are put
  aside as they are (TeX to it, never Markdown); without one, `$` was a dollar sign, and
  is escaped.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote, unquote

from lanting.importer import body as B
from lanting.importer.body_links import DROPPED, map_urls, unlink_dropped
from lanting.importer.body_math import shelve_tex_math
from lanting.importer.body_references import map_reference_urls
from lanting.importer.common import BARE_SITE, LinkTable, is_image
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_math import plain_dollars
from lanting.importer.old_links import linked_item, old_link
from lanting.importer.pelican_liquid import liquid_tags
from lanting.importer.pelican_settings import PelicanSettings
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.model.names import term_slug

_LANGUAGE_LINE = re.compile(r"^([ \t]*)(?::::|#!)[ \t]*([\w+#.-]+)(?:[ \t]+hl_lines=.*)?[ \t]*$")
_PELICAN_LINK = re.compile(r"^(?:\{(\w+)\}|\|(\w+)\|)(.*)$", re.DOTALL)


def _indent(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip())


def codehilite_blocks(text: str) -> tuple[str, int]:
    """Each indented code block whose first line names its language for CodeHilite
    (`:::python`, `#!python`: taken out, not shown) as a fenced block of that language,
    at the block's place (four spaces less: in a list item it stays in the item)."""
    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        match = _LANGUAGE_LINE.match(lines[i])
        depth = _indent(lines[i]) if match else 0
        if not match or depth < 4 or (out and out[-1].strip()):
            out.append(lines[i])
            i += 1
            continue
        end = i + 1
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) >= depth):
            end += 1
        while end > i + 1 and not lines[end - 1].strip():
            end -= 1
        pad = " " * (depth - 4)
        code = "\n".join(line.expandtabs(4)[depth:] for line in lines[i + 1:end])
        out.append("\n".join(pad + line if line else line
                             for line in fence(match.group(2), code).split("\n")))
        count += 1
        i = end
    return "\n".join(out), count


_RENDER_MATH_INLINE = re.compile(
    r"(?<![\\$])\$(?!\$)((?:\\.|[^$\\\n]|\n(?![ \t]*\n))+?)(?<![\s\\])\$(?!\$)")
"""A formula as render_math's Markdown extension found it: a `$`, anything (a space
first too), a `$` with no space before it; within its paragraph (no blank line)."""


def render_math_inline(text: str, shelf: Shelf) -> tuple[str, int]:
    """render_math's `$…$` that Lanting would not read as one formula put aside as one:
    a space just inside the opening `$` (`$ u$`, a WordPress export's, which MathJax
    drew), or a line's end inside (`$ \\lambda⏎+ d\\lambda$`: the `+` opened a list
    for Lanting, none for Python-Markdown). Each is written on one line, its spaces at
    the edges dropped (a line's end is a space to TeX, unless a `%` comment ends it).
    The others are left to `shelve_tex_math`, which reads them alike."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        tex = match.group(1)
        if not (tex[0].isspace() or "\n" in tex) or not tex.strip():
            return match.group()
        if "%" not in tex:
            tex = re.sub(r"[ \t]*\n[ \t]*", " ", tex)
        count += 1
        return shelf.put("$" + tex.strip() + "$", "M")

    return _RENDER_MATH_INLINE.sub(one, text), count


_INLINE_TAG_LINE = re.compile(
    r"(^|\n[ \t]*\n)([ ]{0,3}<(?:img|a|span|br|em|strong|b|i|code|sup|sub|small|abbr|kbd|"
    r"font|label)\b[^<>\n]*>)[ \t]*\n(?=[ \t]*[^\s<])", re.IGNORECASE)


def inline_tag_lines(text: str) -> tuple[str, int]:
    """A paragraph opening with an inline tag alone on its line (`<img src=… align="left"/>`
    above the text) with the text joined to that line: Python-Markdown read the paragraph
    as Markdown (an `<img>` starts no HTML block there), where CommonMark took the whole
    paragraph for raw HTML and showed its `[links](…)` as written."""
    return _INLINE_TAG_LINE.subn(r"\1\2 ", text)


class PelicanBodies:
    """The body side of the Pelican importer."""

    content: Path
    settings: PelicanSettings
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    math: bool

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        text, count = codehilite_blocks(text)
        ctx.convert("CodeHilite's `:::lang` code blocks as fenced blocks", count)
        shelf = Shelf()
        text = protect_code(text, shelf)
        text, _count = B.indented_code(text, shelf)
        if self.math or item.notebook is not None or path.suffix.lower() == ".rst":
            # (a reStructuredText body's formulas are its roles' and directives': each
            # `$` of its text came escaped)
            # (render_math's `$…$` is TeX: `$a_1*b_2*$` holds no emphasis; nbconvert's
            # pages of pelican-ipynb brought MathJax with them)
            text, count = render_math_inline(text, shelf)
            ctx.convert("render_math's formulas with a space inside or over lines", count)
            text = shelve_tex_math(text, shelf)
        else:
            text = plain_dollars(text, ctx)
        text = re.sub(r"<!--.*?-->", lambda m: shelf.put(m.group()), text, flags=re.DOTALL)
        text, count = inline_tag_lines(text)
        ctx.convert("paragraphs opening with an inline tag read as Markdown", count)
        if "{%" in text:
            text = liquid_tags(text, item, self.content, self.settings.values, ctx, shelf)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        # (`[text](⏎{filename}x.md)`: a destination on the next line, which
        # Python-Markdown read and the link mapping would miss)
        text = re.sub(r"\]\([ \t]*\n[ \t]*(?=[^\s)])", "](", text)
        text = map_reference_urls(map_urls(text, resolve), resolve)
        text = unlink_dropped(text)
        return B.tidy(shelf.restore(text))

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        """A link or image of the old site as the new one has it (None: as written)."""
        found = _PELICAN_LINK.match(url)
        if found:
            return self.pelican_link(found.group(1) or found.group(2), found.group(3),
                                     image, path, ctx)
        link = old_link(url, item, path, self.content, self.unbased)
        if link is None:
            return None
        named = linked_item(link, self.by_source, self.table)
        if named is not None:
            ctx.convert("links to other posts" if named[1] else "links to old URLs")
            return self.site.link(named[0]) + link.fragment
        for file in link.files:
            if file.is_file():
                return self.file_url(file, image) + link.fragment
        if image:
            ctx.warn(url, f"image `{url}` not found in the content folder: left as written")
        elif BARE_SITE.match(url):  # (`[x](www.fnal.gov)` led nowhere; the build refused it)
            ctx.note(url, f"`{url}`, a site named without `https://`: the link leads to "
                     f"https://{url} (on the old site it led nowhere)")
            return "https://" + url
        return None

    def unbased(self, rel: str) -> str:
        """A root-relative path without the path of `SITEURL` (`/blog/x.html` → `/x.html`
        for a site published at `https://a.org/blog`)."""
        prefix = re.sub(r"^[a-z]+://[^/]+", "", self.settings.text("SITEURL")).rstrip("/")
        return rel[len(prefix):] or "/" if prefix and rel.startswith(prefix + "/") else rel

    def pelican_link(self, what: str, rest: str, image: bool, path: Path,
                     ctx: Context) -> str | None:
        rel, hash_mark, fragment = rest.partition("#")
        fragment = hash_mark + fragment
        if what in ("filename", "static", "attach"):
            rel = unquote(rel.partition("?")[0])
            file = self.content / rel.lstrip("/") if rel.startswith("/") \
                else path.parent / rel
            target = self.by_source.get(file.resolve()) if file.is_file() else None
            if target is not None:
                ctx.convert("{filename} links as links to the posts")
                return self.site.link(target) + fragment
            if file.is_file():
                ctx.convert("{static} and {attach} links as links to the files")
                return self.file_url(file, image) + fragment
            if image:
                ctx.warn("{" + what + "}" + rest, f"image `{{{what}}}{rest}` not found in the "
                         "content folder: left out")
                return DROPPED
            ctx.warn("{" + what + "}" + rest, f"link `{{{what}}}{rest}` leads to no file of "
                     "the content folder (Pelican warned so too): the link is dropped, its "
                     "text kept")
            return DROPPED
        if what in ("tag", "category"):
            ctx.convert("{tag} and {category} links as links to the term's page")
            folder = "tags" if what == "tag" else "categories"
            return f"/{folder}/{term_slug(unquote(rel))}/" + fragment
        if what == "index":
            return "/" + fragment
        ctx.warn(f"{{{what}}}", f"link `{{{what}}}{rest}`: no page of that kind in Lanting: "
                 "the link is dropped, its text kept")
        return DROPPED

    def file_url(self, file: Path, image: bool) -> str:
        """An image as a marker (into the bundle of the post showing it); another file at
        its path under `static/` (where Pelican published it: a file of `STATIC_PATHS`
        at its path, and an `{attach}`ed one beside the post, which a static URL
        stands in for)."""
        where = file.resolve()
        rel = where.relative_to(self.content).as_posix() if where.is_relative_to(
            self.content) else file.name
        if image or is_image(file):
            return self.site.image(file, "/" + rel if rel in self.site.static else None)
        self.site.static.setdefault(rel, file)
        return "/" + quote(rel)
