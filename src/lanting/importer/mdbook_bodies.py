"""mdBook's own Markdown in Lanting's.

- `{{#include file}}` (with `:3`, `:3:10`, `::10`, `:3:` lines or `:name`, the lines
  between `ANCHOR: name` and `ANCHOR_END: name`), `{{#rustdoc_include}}` and
  `{{#playground file}}` → the file's text, nested ones from the included file's folder;
  `\\{{#include}}` is the words; `{{#title}}` (the browser tab's title) left out.
- Code: `rust,editable`-style info strings → the language; the lines mdBook hid (`# `
  in Rust, the book's `hidelines` prefixes) left out, `##` shown as `#`.
- mdbook-admonish's ```` ```admonish warning title="…" ```` → `!!! warning "…"`.
- Math as the book drew it (`mdbook_settings`): mathjax-support's `\\\\(x\\\\)`,
  `\\\\[x\\\\]` and `$$x$$` → `$x$`, `$$x$$` with the Markdown escapes MathJax never
  saw undone; a `$` that was a dollar sign escaped.
- Links to chapters (`x.md`, `x.html`, `../y/README.md#part`) → the new pages, images
  and files beside them copied; a heading's `#id` is mdBook's (`heading_ids = "mdbook"`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.body_fragments import heading_lines, repair_page_fragments
from lanting.importer.body_links import (
    DROPPED,
    UNLINK,
    map_urls,
    spaced_destinations,
    unlink_dropped,
)
from lanting.importer.body_references import map_reference_urls
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import is_image, read_text
from lanting.importer.hugo_math import escaped_math
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mdbook_settings import BookSettings
from lanting.importer.mkdocs_admonitions import fenced_admonitions
from lanting.importer.mkdocs_math import dollar_signs, plain_dollars
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.importer.vuepress_fragments import PageAnchors, other_page_fragment
from lanting.markdown.anchors import HEADING_ID_STYLES

_DIRECTIVE = re.compile(r"\\\{\{#[^\n]*?\}\}|\{\{\s*#([A-Za-z0-9_]+)\s+([^}]+?)\s*\}\}")
_RANGE = re.compile(r"^(\d*)(?::(\d*))?$")
_ANCHOR_LINE = re.compile(r"\bANCHOR(?:_END)?:\s*[\w-]+")
_ADMONISH = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*admonish\b[ \t]*(.*?)[ \t]*$")
_INCLUDE_DEPTH = 10
"""mdBook's own limit on includes within includes."""
_PLAYGROUND_SUFFIXES = {".rs": "rust", ".py": "python", ".toml": "toml"}


def expand_directives(text: str, here: Path, root: Path, ctx: Context, depth: int = 0
                      ) -> str:
    """`text` (of a file in the folder `here`) with mdBook's `{{#…}}` links replaced, as
    its `links` preprocessor did before anything else read the page."""

    def one(match: re.Match[str]) -> str:
        if match.group(1) is None:  # (`\{{#include x}}`: the words)
            return match.group()[1:]
        kind, args = match.group(1), match.group(2).split()
        if kind == "title":  # (the browser tab's title; a page's title is its heading)
            return ""
        if kind not in ("include", "rustdoc_include", "playground"):
            ctx.warn(match.group(), f"`{{{{#{kind}}}}}` is no link mdBook knows: left "
                     "as written")
            return match.group()
        name, _, part = args[0].partition(":")
        file = (here / unquote(name)).resolve()
        if not file.is_file():
            ctx.warn(match.group(), f"included file `{name}` not found: left out (put it "
                     "back and import again)")
            return ""
        if depth >= _INCLUDE_DEPTH:
            ctx.warn(match.group(), "includes nested too deep: this one left out")
            return ""
        lines = read_text(file).split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        chosen = _chosen_lines(lines, part)
        if chosen is None:
            ctx.warn(match.group(), f"anchor `{part}` is not in `{name}`: left out")
            return ""
        content = "\n".join(chosen)
        ctx.convert(f"`{{{{#{kind}}}}}` links replaced by the file's text")
        if kind == "playground":
            language = _PLAYGROUND_SUFFIXES.get(file.suffix.lower(), "rust")
            return fence(language, content)
        if file.suffix.lower() in (".md", ".markdown"):
            return expand_directives(content, file.parent, root, ctx, depth + 1)
        return content

    return _DIRECTIVE.sub(one, text)


def _chosen_lines(lines: list[str], part: str) -> list[str] | None:
    """The lines an include names: all, a range (`3`, `3:10`, `:10`, `3:`, counted from
    1) or an anchor's (its marker lines, and those of anchors inside it, left out)."""
    if not part:
        return lines
    found = _RANGE.match(part)
    if found is not None:
        start = int(found.group(1)) - 1 if found.group(1) else 0
        if found.group(2) is None:  # (`:3`: the third line alone)
            return lines[start:start + 1] if found.group(1) else lines
        end = int(found.group(2)) if found.group(2) else len(lines)
        return lines[max(start, 0):end]
    begin = re.compile(rf"\bANCHOR:\s*{re.escape(part)}\b")
    end_mark = re.compile(rf"\bANCHOR_END:\s*{re.escape(part)}\b")
    start_at = next((i for i, line in enumerate(lines) if begin.search(line)), None)
    if start_at is None:
        return None
    chosen: list[str] = []
    for line in lines[start_at + 1:]:
        if end_mark.search(line):
            break
        if not _ANCHOR_LINE.search(line):
            chosen.append(line)
    return _dedented(chosen)


def _dedented(lines: list[str]) -> list[str]:
    """An anchor's lines, often a method deep in a class, without their common indent
    (as mdBook's `take_anchored_lines` leaves them? no: it keeps them; only the blank
    lines' width is ignored here)."""
    return lines


_MDBOOK_ATTRIBUTE = re.compile(r"^(?:editable|ignore|noplayground|noplaypen|no_run|"
                               r"should_panic|compile_fail|mdbook-runnable|edition\d+|"
                               r"hidelines=\S*)$")


def code_blocks(hidden: dict[str, str]) -> Callable[[str, str, str], str]:
    """The fence handler: an info string's mdBook attributes (`rust,ignore`,
    `rust editable`, `hidelines=~`) dropped (Lanting's options, `title="x.py"`, kept),
    and the lines the block hid left out."""

    def one(info: str, code: str, indent: str) -> str:
        language, _, rest = info.strip().partition(" ")
        words = language.split(",")
        language, words = words[0], words[1:] + rest.split()
        prefix = hidden.get(language, "")
        kept = []
        for word in words:
            if word.startswith("hidelines="):
                prefix = word.partition("=")[2]
            elif word and not _MDBOOK_ATTRIBUTE.match(word):
                kept.append(word)
        lines = code.split("\n")
        if prefix:
            shown = []
            for line in lines:
                bare = line.lstrip()
                if bare.startswith(prefix * 2):  # (`##x` shows `#x`)
                    shown.append(line.replace(prefix * 2, prefix, 1))
                elif prefix == "#" and (bare.startswith("# ") or bare == "#") or \
                        prefix != "#" and bare.startswith(prefix):
                    continue
                else:
                    shown.append(line)
            lines = shown
        if language == "admonish":
            language = "text"
        block = fence(language or "text", "\n".join(lines).strip("\n"), indent=indent)
        head, newline, body = block.partition("\n")
        return head + "".join(" " + w for w in kept) + newline + body

    return one


def admonish_fences(text: str, ctx: Context) -> str:
    """mdbook-admonish's fences → admonitions (`??? kind` for `collapsible=true`), their
    text Markdown as it was."""
    if "admonish" not in text:
        return text

    def read(opening: re.Match[str], body: list[str]
             ) -> tuple[str, str, str | None, list[str]]:
        words = opening.group(3)
        named = re.match(r"[a-z]+", words)
        title = re.search(r"title\s*=\s*\"((?:[^\"\\]|\\.)*)\"", words) or \
            re.search(r"^[a-z]+\s+\"((?:[^\"\\]|\\.)*)\"", words)
        collapsible = re.search(r"collapsible\s*=\s*true", words) is not None
        return ("???" if collapsible else "!!!", named.group() if named else "note",
                title.group(1) if title else None, body)

    text, count = fenced_admonitions(text, _ADMONISH, read)
    ctx.convert("mdbook-admonish blocks as admonitions", count)
    return text


_INLINE_DISPLAY = re.compile(r"(?<![\\$])\$\$(?=\S)([^$\n]+?)(?<=\S)\$\$(?!\$)")
_LINE_MARKERS = re.compile(r"^(?:[ \t]*(?:[-*+>]|\d{1,9}[.)]))*[ \t]*$")


def book_math(text: str, settings: BookSettings, ctx: Context) -> str:
    """Math as the book drew it (its code already put aside)."""
    if settings.math == "dollars":
        return text
    if settings.math == "":
        return plain_dollars(text, ctx)
    if not settings.dollar_inline:
        # (MathJax 2's defaults, mdBook's, and GitBook's plugins: `$` alone was a dollar
        # sign, `$$` a formula)
        displays = Shelf()
        text = re.sub(r"(?<!\\)\$\$.+?(?<!\\)\$\$", lambda m: displays.put(m.group(), "M"),
                      text, flags=re.DOTALL)
        text, count = dollar_signs(text)
        if count:
            ctx.note("$", "the book's math read `$` alone as a dollar sign: escaped (`\\$`) "
                     "to stay one")
        text = displays.restore(text, "M")
    if settings.math == "gitbook":
        text, count = inline_displays(text)
        ctx.convert("`$$…$$` inside a sentence as an inline formula", count)
        return text
    return escaped_math(text, ctx)


def inline_displays(text: str) -> tuple[str, int]:
    """GitBook's `$$x$$` inside a line of text → `$x$` (its math plugins drew it inline;
    alone on its line, or after a list's or quote's marker, it was displayed)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        after = text[match.end():len(text) if end < 0 else end]
        if _LINE_MARKERS.match(text[start:match.start()]) and not after.strip():
            return match.group()
        count += 1
        return f"${match.group(1)}$"

    return _INLINE_DISPLAY.sub(one, text), count


class MdBookBodies:
    folder: Path
    """The book's source folder (`src`)."""
    settings: BookSettings
    site: NewSite
    by_source: dict[Path, Item]
    by_old_url: dict[str, Item]
    url_prefix: str
    documents: list[tuple[Item, str, Path]]
    page_anchors: PageAnchors

    heading_style = "mdbook"
    """The old site's heading ids (`[markdown] heading_ids`), which `#links` name."""

    def book_syntax(self, text: str, path: Path, ctx: Context) -> str:
        """The generator's own syntax, before the Markdown is read: mdBook's links
        preprocessor and mdbook-admonish."""
        return admonish_fences(expand_directives(text, path.parent, self.folder, ctx), ctx)

    def convert(self, text: str, item: Item, path: Path, ctx: Context) -> str:
        text = self.book_syntax(text, path, ctx)
        slug = HEADING_ID_STYLES[self.heading_style]
        shelf = Shelf()
        text = protect_code(text, shelf, code_blocks(self.settings.hidden_lines))
        # (an indented example's `<script src="node_modules/…">` is code, no link)
        text = B.indented_code(text, shelf, as_written=True)[0]
        text = re.sub(r"<!--.*?-->", lambda m: shelf.put(m.group()), text, flags=re.DOTALL)
        # (an escaped `\{{#include x}}` in prose was words: shown as code, as written)
        text, count = re.subn(r"\{\{#[^\n]*?\}\}", lambda m: shelf.put(f"`{m.group()}`"),
                              text)
        ctx.convert("escaped mdBook links (`\\{{#include}}`) shown as code", count)
        text = book_math(text, self.settings, ctx)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, path, ctx)

        text = plain_wiki_links(text, ctx, lambda name, heading, shown: self.wiki_link(
            name, heading, shown, path), math_lines=False)
        text, spaced = spaced_destinations(text)
        ctx.convert("paths with spaces in angle brackets", spaced)
        text = map_urls(text, resolve)
        text = map_reference_urls(text, resolve, DROPPED)
        ids = [slug(B.plain_inline(shelf.restore(h))) for h in heading_lines(text)]
        anchors = set(re.findall(r"\b(?:id|name)=[\"']([^\"']+)[\"']", shelf.restore(text)))
        text = unlink_dropped(repair_page_fragments(text, ids, slug, anchors, ctx, DROPPED))
        return B.tidy(shelf.restore(text))

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        if not url or url.startswith("#") or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|"
                                                       r"^\ue000", url):
            return None
        route, _, fragment = url.partition("#")
        route = unquote(route.split("?", 1)[0])
        hash_part = f"#{fragment}" if fragment else ""
        base = self.folder if route.startswith("/") else path.parent
        file = (base / route.lstrip("/")).resolve() if route else path.resolve()
        if image or is_image(route):
            if file.is_file():
                where = self.site_path(file)
                if where is not None:
                    self.site.static.setdefault(where.lstrip("/"), file)
                return self.site.image(file, where)
            if image:
                ctx.warn(url, f"image `{url}` not found: left as written")
            return None
        target = None
        if file.suffix.lower() in (".md", ".html", ""):  # (mdBook wrote `x.md` as `x.html`)
            target = self.by_source.get(file) or self.by_source.get(file.with_suffix(".md"))
        if target is None and file.is_dir():
            target = self.by_source.get(file / "README.md") or self.by_source.get(
                file / "index.md")
        if target is None:
            where = self.book_path(file)
            target = self.by_old_url.get(where) if where is not None else None
        if target is not None:
            ctx.convert("links to other chapters")
            if fragment and target.source is not None and target.source != path:
                found = other_page_fragment(unquote(fragment), target.source, self.documents,
                                            self.page_anchors,
                                            HEADING_ID_STYLES[self.heading_style], url, ctx)
                hash_part = "" if found is None else f"#{found}"
            return self.site.link(target) + hash_part
        where = self.site_path(file) if file.is_file() else None
        if where is not None and file.suffix.lower() not in (".md", ".markdown"):
            self.site.static.setdefault(where.lstrip("/"), file)
            return where + hash_part
        ctx.warn(url, f"link `{url}` leads to no chapter or file of the book: its text "
                 "kept, without the link")
        return UNLINK

    def wiki_link(self, name: str, heading: str, shown: str | None, path: Path) -> str | None:
        """`[[Note]]`, which neither mdBook nor GitBook read (the page showed it as
        written): a link when it names a chapter's file beside the page or in the
        book's folder."""
        file = f"{name.strip().removesuffix('.md')}.md"
        for folder in (path.parent, self.folder):
            if (folder / file).resolve() in self.by_source:
                rel = os.path.relpath((folder / file).resolve(), path.parent.resolve())
                return f"[{shown or name.strip()}](<{Path(rel).as_posix()}{heading}>)"
        return None

    def site_path(self, file: Path) -> str | None:
        """Where a file of the book is published: where the old site served it."""
        where = self.book_path(file)
        return None if where is None else self.url_prefix + where

    def book_path(self, file: Path) -> str | None:
        """A file's path in the book, a hidden folder's without the dot
        (`.gitbook/assets/`, where GitBook keeps uploads, is `/gitbook/assets/`: a static
        host serves no dotted folder)."""
        root = self.folder.resolve()
        if not file.is_relative_to(root):
            return None
        return "/" + "/".join(part.lstrip(".") or part
                              for part in file.relative_to(root).parts)
