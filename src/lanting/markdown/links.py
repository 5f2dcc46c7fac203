"""Plugin: rewrite links between sources (`[text](other-post.md)`) to the pages' URLs.

Relative links and image sources are resolved against the linking file's folder in
`content/`; a target that is a known page or asset gets its output URL. Every link is
recorded with its line so the checker can report broken ones.
"""

from __future__ import annotations

import functools
import html
import posixpath
import re
from collections.abc import Callable, MutableMapping
from typing import Any
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")


@functools.lru_cache(maxsize=1 << 16)  # every build asks again for every link of every page
def content_target(url: str, here: str) -> str | None:
    """The `content/`-relative path a relative link points at (None for other links).
    A backslash is a slash, as browsers read it (`![](img\\a.png)`, written on Windows:
    the old site showed it; `\\images\\a.png` is from the site's root)."""
    if not url or url.startswith(("#", "/")) or _SCHEME.match(url):
        return None
    path = unquote(url.partition("#")[0].partition("?")[0]).replace("\\", "/")
    if path.startswith("/"):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(here), path))


def bare_name(url: str) -> bool:
    """Whether `url` is a file's name alone (`![](figure.png)`, `[x](Other note.md)`):
    Obsidian writes Markdown links so ("shortest path when possible") to a file kept in
    another folder of the vault (`images/figure.png`), and finds it by name, as it finds
    `![[figure.png]]`; so does Lanting when no file of that name is beside the page."""
    path = url.partition("#")[0].partition("?")[0]
    return bool(path) and not _SCHEME.match(path) and not any(c in path for c in "/\\")


PLACEHOLDER = "lanting-link:"
"""A relative link is rendered as `lanting-link:N` (N indexes the page's link records)
and replaced by the target's URL once every page's URL is known: rendering a page never
depends on the rest of the site, so pages render in parallel and are cached alone."""
# Starts with a literal so that `re` skips ahead to candidates; the attribute's name is
# checked in `resolve_placeholders` (much faster on a long page than `(href|src)=`).
_PLACEHOLDER_ATTR = re.compile(r'="lanting-link:(\d+)"')


def split_suffix(url: str) -> tuple[str, str]:
    """`a.md?x#y` -> (`a.md`, `?x#y`)."""
    path, hash_mark, fragment = url.partition("#")
    path, query_mark, query = path.partition("?")
    return path, query_mark + query + hash_mark + fragment


def rebase(url: str, base_path: str) -> str:
    """A root-relative link gets the site's base path (`/about/` -> `/blog/about/`)."""
    if url.startswith("/") and not url.startswith("//") and base_path != "/" \
            and not url.startswith(base_path):
        return base_path + url[1:]
    return url


def _spellings(url: str) -> list[str]:
    """How `url` (as markdown-it normalised it) may be written in the source."""
    forms = [url, unquote(url), html.escape(unquote(url), quote=False)]
    return [f for i, f in enumerate(forms) if f and f not in forms[:i]]


_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*<?([^\s>]+)")


def definitions(lines: list[str]) -> dict[str, tuple[int, int]]:
    """URL -> (0-based line, 1-based column) of each reference definition `[x]: url`."""
    found: dict[str, tuple[int, int]] = {}
    for number, text in enumerate(lines):
        match = _DEFINITION.match(text)
        if match:
            found.setdefault(match.group(1), (number, match.start(1) + 1))
    return found


_DESTINATION = re.compile(r"\]\([ \t]*<?|<")
"""Where a link destination can start: after `](` (or `](<`), or after `<` (autolinks)."""
LOOKAHEAD = 64
"""Candidates tried per link: keeps a paragraph of thousands of links linear."""


class LinkPlaces:
    """The places in one block's source lines where link destinations may be written."""

    def __init__(self, lines: list[str], first: int, last: int) -> None:
        self.lines = lines
        self.first = first
        self.spots = [(number, match.end())
                      for number in range(first, min(last, len(lines)))
                      for match in _DESTINATION.finditer(lines[number])]
        self.next = 0

    def locate(self, url: str, definitions: Callable[[], dict[str, tuple[int, int]]]
               ) -> tuple[int, int | None]:
        """(0-based line, 1-based column) where `url` is written, for messages.

        markdown-it's inline tokens carry no positions, so the links of a block are
        matched in order against the destinations written in its lines; a reference
        link points at its definition; failing both, the block's first line.
        """
        forms = _spellings(url)
        for index in range(self.next, min(self.next + LOOKAHEAD, len(self.spots))):
            number, column = self.spots[index]
            if any(self.lines[number].startswith(form, column) for form in forms):
                self.next = index + 1
                return number, column + 1
        defined = definitions()
        for form in forms:
            if form in defined:
                return defined[form]
        return self.first, None


class LinkRewriter:
    """Rewrites the links and image sources of one document in order of appearance:
    relative ones become placeholders, root-relative ones get the base path; each is
    recorded in `env["links"]` with where it is written."""

    def __init__(self, env: MutableMapping[str, Any], source: str) -> None:
        self.ctx = env["lanting"]
        self.records: list[tuple[str, int, int | None, str | None, bool, bool, bool]] = \
            env.setdefault("links", [])
        self.source = source
        self._lines: list[str] | None = None
        self._defined: dict[str, tuple[int, int]] | None = None

    def places(self, first: int, last: int) -> LinkPlaces:
        """Where the links of the block on lines [first, last) may be written."""
        if self._lines is None:
            self._lines = self.source.split("\n")
        return LinkPlaces(self._lines, first, last)

    def reference_definitions(self) -> dict[str, tuple[int, int]]:
        """The document's reference definitions (looked for once a link is not found
        where its block is written: most documents have none)."""
        if self._defined is None:
            self._defined = definitions(self._lines or []) if "]:" in self.source else {}
        return self._defined

    def rewrite(self, url: str, image: bool, places: LinkPlaces,
                by_name: bool = False) -> tuple[str, str | None]:
        """(the attribute's new value, the `content/` path it points at or None)."""
        ctx = self.ctx
        number, column = (places.locate(url, self.reference_definitions) if url
                          else (places.first, None))
        target = content_target(url, ctx.rel)
        value = f"{PLACEHOLDER}{len(self.records)}" if target is not None else rebase(
            url, ctx.base_path)
        self.records.append((url, ctx.body_line + number, column, target, image, False,
                             by_name))
        return value, target


_RAW_ATTRIBUTE = re.compile(
    r"""<(\w+)\b(?:[^>"']|"[^"]*"|'[^']*')*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|"""
    r"""([^\s>"']+))""", re.I)
"""A tag's `href` or `src`, the attributes before it read whole: a `src=` inside another
attribute's value is none (a notebook's map output, `<iframe srcdoc="&lt;script
src=&quot;https://…&quot;&gt;">`, was read as an image `"https://…"></script>` and failed
the build)."""


_URL_BREAKS = re.compile(r"[\t\n\r]")
"""What a browser's URL parser removes from anywhere in a URL (WHATWG URL)."""


_NOT_MARKUP = re.compile(r"<!--.*?(?:-->|\Z)|<(script|style|template)\b[^>]*>(.*?)(?:</\1\s*>|\Z)",
                         re.I | re.S)
"""What raw HTML holds that is no tag of the page: a comment (`<!-- <img src="old.png">
-->`, an image set aside) and the text of a script or style (a template string's
`<img src="${url}">`): their `href`/`src` are neither links nor checked."""


def _outside(markup: str) -> list[tuple[int, int]]:
    """The spans of `markup` whose `href`/`src` are not the page's (a script's own `src`
    is: only its text is left out)."""
    if "<!--" not in markup and "<s" not in markup.lower() and "<t" not in markup.lower():
        return []
    return [m.span(2) if m.group(1) else m.span() for m in _NOT_MARKUP.finditer(markup)]


_TEMPLATED = re.compile(r"[{}<>]")
"""A URL with another generator's template syntax (`{{ x }}`): kept for the leftovers
check to report, not made a placeholder."""


def from_root(url: str) -> str:
    """`url` with slashes for backslashes if it starts with one: Typora on Windows
    writes `<img src="\\images\\a.png">`, which browsers read as `/images/a.png`."""
    return url.replace("\\", "/") if url.startswith("\\") else url


def _record_raw(rewriter: LinkRewriter, markup: str, first: int, last: int) -> str:
    """`markup` with the relative `href`/`src` of its raw HTML as placeholders, resolved
    like Markdown's once the site's URLs are known, and the root-relative ones with the
    site's base path: Typora writes `<img
    src="post.assets/x.png" style="zoom:50%">` beside `post.md`, whose page is
    `/posts/post/`. Each is recorded for the check stage; one that names no file of
    `content/` is published as written (it resolves against the page's URL)."""
    lowered = markup.lower()
    if "href" not in lowered and "src" not in lowered:
        return markup
    places = rewriter.places(first, last)
    out, pos = [], 0
    skipped = _outside(markup)
    for match in _RAW_ATTRIBUTE.finditer(markup):
        if any(start <= match.start() < end for start, end in skipped):
            continue
        # (browsers strip the ASCII whitespace around an attribute's URL, and its tabs and
        # line breaks anywhere: `src="x.png "` and `src="/images/⏎x.png"` show x.png, and
        # the check called them missing)
        url = _URL_BREAKS.sub("", html.unescape(
            next(g for g in match.groups()[2:] if g is not None))).strip(" \f")
        number, column = places.locate(url, rewriter.reference_definitions)
        ctx = rewriter.ctx
        target = content_target(url, ctx.rel)
        published = from_root(url)
        # A relative link to a file of `content/` is a placeholder; a root-relative one
        # gets the base path, as a Markdown link does (`<img src="/images/x.png">` on a
        # site served at /proj/ pointed outside it, and the check passed it).
        value = f"{PLACEHOLDER}{len(rewriter.records)}" if target is not None \
            else escape_attr(rebase(published, ctx.base_path))
        if not _TEMPLATED.search(url) and (target is not None or value != escape_attr(url)):
            group = next(g for g in (3, 4, 5) if match.group(g) is not None)
            start = match.start(group) - (group != 5)  # (with its opening quote)
            out += [markup[pos:start], f'"{value}"']
            pos = match.end()
        rewriter.records.append((url, ctx.body_line + number, column, target,
                                 match.group(2).lower() == "src", True, False))
    return "".join(out) + markup[pos:] if out else markup


def _rewrite(state: StateCore) -> None:
    if state.env.get("lanting") is None:
        return
    rewriter = LinkRewriter(state.env, state.src)
    for block in state.tokens:
        if block.type == "html_block":
            block.content = _record_raw(rewriter, block.content, *(block.map or (0, 1)))
            continue
        if block.type != "inline" or not block.children:
            continue
        places: LinkPlaces | None = None
        for child in block.children:
            if child.type == "html_inline":
                child.content = _record_raw(rewriter, child.content, *(block.map or (0, 1)))
                continue
            attr = "href" if child.type == "link_open" else "src" if child.type == "image" else None
            if attr is None:
                continue
            places = places or rewriter.places(*(block.map if block.map else (0, 1)))
            url = str(child.attrGet(attr) or "")
            value, target = rewriter.rewrite(url, child.type == "image", places,
                                             child.markup == "wiki" or bare_name(url))
            if child.type == "image":
                child.meta["content_path"] = target
            child.attrSet(attr, value)


def resolve_placeholders(html: str, links: list[tuple[str, str | None]],
                         link_map: dict[str, str]) -> str:
    """Replace link placeholders with URLs; links to unknown targets keep what was written."""

    def replace(match: re.Match[str]) -> str:
        start = match.start()
        if not html.endswith(("href", "src"), 0, start):
            return match.group(0)
        url, target = links[int(match.group(1))]
        if target is not None and target in link_map:
            return f'="{link_map[target]}{escape_attr(split_suffix(url)[1])}"'
        return f'="{escape_attr(url)}"'

    return _PLACEHOLDER_ATTR.sub(replace, html) if PLACEHOLDER in html else html


def escape_attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(
        ">", "&gt;")


def links_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("lanting_links", _rewrite)
