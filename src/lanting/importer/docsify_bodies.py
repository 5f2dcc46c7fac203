"""docsify's own Markdown in Lanting's: `?>` and `!>` paragraphs → tip and warning
callouts; docsify-tabs (`<!-- tabs:start -->`, a tab per `#### **Name**` heading or
`<!-- tab:Name -->`) → `::: tabs`; embeds (`[x](file.md ':include')`, `:type=code`,
`:fragment=`) inlined; link options (`':ignore'`, `':target=_blank'`, `':disabled'`,
`':size=300x200'`, `':no-zoom'`) → a plain link or an image's attribute list;
`{docsify-ignore}` marks removed; links to routes (`guide/intro`, `#/guide/intro?id=x`)
and files → links to the new pages. Math (`$…$`, `$$…$$` of docsify-katex, MathJax or
docsify-latex) is as Lanting reads it."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.body_fragments import heading_lines, repair_page_fragments
from lanting.importer.body_links import (
    DROPPED,
    UNLINK,
    map_urls,
    spaced_destinations,
    unlink_dropped,
)
from lanting.importer.body_math import quote_lazy_formulas
from lanting.importer.body_references import map_reference_urls
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import is_image, read_text
from lanting.importer.docsify_config import MATH_PLUGINS, DocsifySettings
from lanting.importer.docsify_sidebar import route_files, split_route
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.importer.vuepress_fragments import PageAnchors, other_page_fragment
from lanting.markdown.anchors import docsify_slug

_TIP = re.compile(r"^([?!])>[ \t]?(.*(?:\n(?![ \t]*\n)(?![?!]>).*)*)", re.MULTILINE)
_OPTIONED = re.compile(r"(!?)\[((?:[^\[\]\n]|\[[^\]\n]*\])*)\]\(\s*(<[^>\n]*>|[^)\s]+)"
                       r"((?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))+)\s*\)")
_OPTION = re.compile(r"(?:^|[\s'\"]):([\w-]+)(?:=([^\s'\"]+))?")
_IGNORE_MARK = re.compile(r"[ \t]*(?:<!--\s*)?\{docsify-ignore(?:-all)?\}(?:\s*-->)?")
_TABS = re.compile(r"<!--\s*tabs:start\s*-->(.*?)<!--\s*tabs:end\s*-->", re.DOTALL)
_TAB_HEAD = re.compile(r"^(?:[ \t]*#{1,6}[ \t]+\*\*(.+?)\*\*[ \t]*|[ \t]*<!--\s*tab:(.+?)\s*-->"
                       r"[ \t]*)$", re.MULTILINE)
_LANGUAGES = {".py": "python", ".js": "javascript", ".ts": "typescript", ".sh": "bash",
              ".cpp": "cpp", ".cc": "cpp", ".h": "cpp", ".c": "c", ".java": "java",
              ".go": "go", ".rs": "rust", ".json": "json", ".yml": "yaml", ".yaml": "yaml",
              ".html": "html", ".css": "css", ".toml": "toml", ".r": "r", ".m": "matlab",
              ".jl": "julia", ".sql": "sql", ".cu": "cuda"}
EMBED_DEPTH = 5
"""The URL of a link to no heading of its page, which is then its text alone."""


class DocsifyBodies:
    source: Path
    folder: Path
    settings: DocsifySettings
    site: NewSite
    by_source: dict[Path, Item]
    documents: list[tuple[Item, str, Path]]
    page_anchors: PageAnchors

    def convert(self, text: str, item: Item, path: Path, ctx: Context, depth: int = 0) -> str:
        shelf = Shelf()
        text = protect_code(text, shelf)  # (an embed shown in a code block is an example)
        text = self.embeds(text, item, path, ctx, depth, shelf)
        text, marks = _IGNORE_MARK.subn("", text)
        ctx.convert("{docsify-ignore} marks removed", marks)
        text = tabs(text, ctx)
        # (a comment's links and images were never shown: `<!-- ![](#f0f0f0) -->`)
        text = re.sub(r"<!--.*?-->", lambda m: shelf.put(m.group()), text, flags=re.DOTALL)
        if not self.settings.plugins & MATH_PLUGINS:
            # (no math plugin: the old site showed `$x$`, and MongoDB's `{$sum: "$likes"}`
            # in a table, as written, and so does this)
            text, count = re.subn(r"(?<!\\)\$", r"\\$", text)
            ctx.convert("dollar signs escaped (the site had no math plugin)", count)
        else:
            text, quoted = quote_lazy_formulas(text)
            ctx.convert("formulas of quotes on unmarked lines made quoted", quoted)
        text = tips(text, shelf, ctx)
        text = options(text, ctx)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        text = self.wiki_links(text, path, ctx)
        text, spaced = spaced_destinations(text)
        ctx.convert("paths with spaces in angle brackets", spaced)
        text = map_urls(text, resolve)
        # (`[AI]` with `[AI]: /notes/ai.md` under the text)
        text = map_reference_urls(text, resolve, DROPPED)
        text = self.fragments(text, shelf, ctx)
        return B.tidy(shelf.restore(text))

    def fragments(self, text: str, shelf: Shelf, ctx: Context) -> str:
        """`[x](#id)` links to the page's headings, by docsify's ids (the new site makes
        its ids as docsify did: `[markdown] heading_ids = "docsify"`); one written in
        other case or punctuation goes to the heading it meant, with a notice; one that
        names nothing on the page went nowhere on the old site either: its text stays,
        without the link, with a warning."""
        ids = [written.group(1) if (written := _WRITTEN_ID.search(h)) else
               docsify_slug(B.plain_inline(shelf.restore(h))) for h in heading_lines(text)]
        anchors = set(re.findall(r"\b(?:id|name)=[\"']([^\"']+)[\"']", shelf.restore(text)))

        return unlink_dropped(repair_page_fragments(text, ids, docsify_slug, anchors, ctx,
                                                    DROPPED))

    # --- embeds -----------------------------------------------------------------------------

    def embeds(self, text: str, item: Item, path: Path, ctx: Context, depth: int,
               shelf: Shelf) -> str:
        """`[x](file ':include')` replaced by the file: Markdown converted in place, code
        (`:type=code`, or any file not Markdown) as a fenced block; `:fragment=name` the
        part between the two `[name]` lines. A URL or an iframe stays a link."""

        def one(match: re.Match[str]) -> str:
            opts = dict(_OPTION.findall(match.group(4)))
            if "include" not in opts:
                return match.group()
            target = match.group(3).strip("<>")
            kind = opts.get("type", "")
            mine = self.repository_file(target)
            if mine is not None:  # (a raw GitHub URL of a file this repository holds)
                ctx.convert("embeds of this repository's files by raw GitHub URL, inlined")
                target = mine
            if re.match(r"^[a-z][a-z0-9+.-]*:|^//", target, re.IGNORECASE) or \
                    kind in ("iframe", "video", "audio"):
                ctx.warn(match.group(), f"embed of `{target}` ({kind or 'a URL'}): Lanting "
                         "embeds files of the site only, so it is a link to it")
                return f"[{match.group(2) or target}]({target})"
            places = (self.source / target.lstrip("/"),) if mine is not None else (
                path.parent / target, self.folder / target.lstrip("/"))
            file = next((f for f in places if f.is_file()), None)
            if file is None:
                ctx.warn(match.group(), f"embedded file `{target}` not found: left out "
                         "(put the file back and import again)")
                return ""
            content = read_text(file)
            fragment = opts.get("fragment")
            if fragment:
                part = re.search(r"\[" + re.escape(fragment) + r"\][^\n]*\n(.*?)\n[^\n]*\["
                                 + re.escape(fragment) + r"\]", content, re.DOTALL)
                content = part.group(1) if part else content
            ctx.convert("embedded files (':include') inlined")
            if kind == "code" or (file.suffix.lower() not in (".md", ".markdown")
                                  and kind != "markdown"):
                # (`':include :type=code jsx'`: a word after the options names the language)
                named = [w for w in _OPTION.sub(" ", match.group(4).strip()[1:-1]).split()
                         if re.fullmatch(r"[a-z][a-z0-9+#]*", w)]
                language = named[0] if named else _LANGUAGES.get(
                    file.suffix.lower(), file.suffix.lstrip(".").lower())
                return B.block(shelf.put(fence(language or "text", content.rstrip("\n"))))
            if depth >= EMBED_DEPTH:
                ctx.warn(match.group(), "embeds nested too deep: this one left as a link")
                return f"[{match.group(2) or target}]({target})"
            inner = Context(ctx.report, file, content)
            # (converted already: put aside, so that nothing converts it twice)
            return B.block(shelf.put(self.convert(content, item, file, inner, depth + 1)))

        return _OPTIONED.sub(one, text)

    def repository_file(self, url: str) -> str | None:
        """`https://raw.githubusercontent.com/OWNER/REPO/refs/heads/main/README.md` (or
        `…/REPO/main/…`) → `/README.md`, when the source (the repository) holds that
        file: a docs folder often embeds the repository's README so."""
        found = re.match(r"https?://raw\.githubusercontent\.com/[^/]+/[^/]+/"
                         r"(?:refs/heads/)?[^/]+/(.+)$", url)
        if found is None or not (self.source / found.group(1)).is_file():
            return None
        return "/" + found.group(1)

    # --- links ------------------------------------------------------------------------------

    def wiki_links(self, text: str, path: Path, ctx: Context) -> str:
        """docsify (marked) has no `[[Note]]` links (`plain_wiki_links`): one naming a
        Markdown file of the page's folder or the site's root leads to that page."""

        def link_to(name: str, heading: str, shown: str | None) -> str | None:
            file = f"{name.strip().removesuffix('.md')}.md"
            if not any((folder / file).is_file() for folder in (path.parent, self.folder)):
                return None
            return f"[{shown or name.strip()}](<{file}{heading}>)"

        return plain_wiki_links(text, ctx, link_to)

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^\ue000", url) or not url:
            return None
        if url.startswith("#") and not url.startswith("#/"):
            return None
        route, fragment = split_route(url)
        hash_part = f"#{fragment}" if fragment else ""
        if image or is_image(route):
            for file in (path.parent / route, self.folder / route.lstrip("/"),
                         _clamped(self.folder, path.parent, route)):
                if route and file.is_file():
                    where = _site_path(self.folder, file)
                    if where is not None:  # (at its path too: raw HTML may name it)
                        self.site.static.setdefault(where.lstrip("/"), file)
                    return self.site.image(file, where)
            if image:
                ctx.warn(url, f"image `{url}` not found: left as written")
            return None
        here = path.parent if self.settings.relative_path else None
        tries = route_files(self.folder, route, here)
        if here is None and not route.startswith("/"):
            # (a link written for GitHub's reading, from the page's folder)
            tries += route_files(self.folder, route, path.parent)
        for file in tries:
            target = self.by_source.get(file.resolve()) if file.is_file() else None
            if target is not None:
                ctx.convert("links to other pages")
                if fragment and target.source is not None and \
                        target.source.resolve() != path.resolve():
                    # (`?id=` naming no heading there: docsify showed the page's top)
                    found = other_page_fragment(fragment, target.source, self.documents,
                                                self.page_anchors, docsify_slug, url, ctx)
                    hash_part = "" if found is None else f"#{found}"
                return self.site.link(target) + hash_part
        for file in (self.folder / route.lstrip("/"), path.parent / route):
            where = _site_path(self.folder, file) if route and file.is_file() else None
            if where is not None:
                self.site.static.setdefault(where.lstrip("/"), file)
                return where + hash_part
        if route:
            # (docsify showed its 404 there; Lanting's build fails on a broken link)
            ctx.warn(url, f"link `{url}` leads to no page or file of the site: its text "
                     "kept, without the link")
            return UNLINK
        return None


def _clamped(folder: Path, here: Path, route: str) -> Path:
    """`route` from the folder `here` with the `..` that climb above the site's folder
    dropped, as a browser resolves them at a site's root: `../figs/a.png` on a page of
    the root is `figs/a.png` under `docsify serve docs` (and the fix sites hook into
    docsify for GitHub Pages, docsify issue #936)."""
    try:
        parts = list(here.resolve().relative_to(folder.resolve()).parts)
    except ValueError:
        return folder / route
    for part in route.split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part not in ("", "."):
            parts.append(part)
    return folder.joinpath(*parts)


def _site_path(folder: Path, file: Path) -> str | None:
    resolved, root = file.resolve(), folder.resolve()
    return "/" + resolved.relative_to(root).as_posix() if resolved.is_relative_to(root) \
        else None


_WRITTEN_ID = re.compile(r"[ \t]*\{#([^}\s]+)\}[ \t]*$")
_HEADING_ID = re.compile(r"^( {0,3}#{1,6}[ \t].*?)[ \t]+:id=([^\s\"'<>]+)[ \t]*$", re.MULTILINE)


def heading_ids(text: str) -> tuple[str, int]:
    """docsify's own id of a heading, `## MD001 :id=md001`, as `## MD001 {#md001}`: the
    page showed `MD001` with the id `md001`, and links name that id. (Code keeps its
    lines.) Returns (text, how many)."""
    if ":id=" not in text:
        return text, 0
    shelf = Shelf()
    text, count = _HEADING_ID.subn(r"\1 {#\2}", protect_code(text, shelf))
    return shelf.restore(text), count


def tips(text: str, shelf: Shelf, ctx: Context) -> str:
    """`?> text` (a tip) and `!> text` (a warning): the paragraph they start → a
    callout."""

    def one(match: re.Match[str]) -> str:
        ctx.convert("tips and warnings (?> and !>) → callouts")
        kind = "TIP" if match.group(1) == "?" else "WARNING"
        return B.callout(kind, match.group(2), shelf=shelf)

    return _TIP.sub(one, text)


def tabs(text: str, ctx: Context) -> str:
    """docsify-tabs: each tab starts at a heading of bold words (`#### **PyTorch**`) or a
    `<!-- tab:PyTorch -->` comment."""

    def one(match: re.Match[str]) -> str:
        inner = match.group(1)
        heads = list(_TAB_HEAD.finditer(inner))
        if not heads:
            ctx.warn(match.group(), "docsify-tabs block without tab headings: its text "
                     "kept without tabs")
            return inner
        ctx.convert("tabs (docsify-tabs) → ::: tabs")
        lines = ["", "::: tabs"]
        for i, head in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(inner)
            lines += [f"@tab {(head.group(1) or head.group(2)).strip()}", "",
                      inner[head.end():end].strip("\n"), ""]
        lines += [":::", ""]
        return "\n".join(lines)

    return _TABS.sub(one, text)


def options(text: str, ctx: Context) -> str:
    """A link's or image's docsify options (the `':…'` title) → what Lanting reads."""

    def one(match: re.Match[str]) -> str:
        bang, words, target, titles = match.groups()
        opts = dict(_OPTION.findall(titles))
        if not opts:
            return match.group()
        title = " ".join(_OPTION.sub("", t.strip()[1:-1]).strip()
                         for t in re.findall(r"\"[^\"\n]*\"|'[^'\n]*'", titles)).strip()
        titled = f' "{title}"' if title else ""
        if not bang and "disabled" in opts:
            ctx.convert("disabled links (':disabled') → their text")
            return words
        made = f"{bang}[{words}]({target}{titled})"
        ctx.convert("docsify link options (':target', ':ignore', …)")
        if bang and opts.get("size"):
            width, _, height = opts["size"].partition("x")
            sizes = [f'width="{width}"'] + ([f'height="{height}"'] if height else [])
            made += "{ " + " ".join(sizes) + " }"
        return made

    return _OPTIONED.sub(one, text)
