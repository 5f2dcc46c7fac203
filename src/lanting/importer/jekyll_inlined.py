"""Files a Jekyll page pulls in whole, inlined before its Liquid and kramdown are
converted with the page's own text: `{% include x.md %}`, a Markdown file of
`_includes/`, and `{% include_relative x.md %}`, a file beside the page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid import HTML_COMMENT, Context, string_argument

_MARKDOWN_INCLUDE = re.compile(
    r"\{%-?\s*include(?:_cached)?\s+([\w./-]+\.(?:md|markdown))\s*-?%\}", re.IGNORECASE)
"""`{% include about/zh.md %}` (or jekyll-include-cache's `include_cached`): a Markdown
file of `_includes/`, without parameters."""


def inline_markdown_includes(text: str, source: Path, ctx: Context) -> str:
    """`{% include about/zh.md %}`: a Markdown file of the site's `_includes/` (the Hux
    blog's about page keeps its text in `_includes/about/zh.md` and `en.md`, each
    captured and shown through `markdownify`) inlined, so its text is converted with the
    page's; one using the include's parameters (`{{ include.x }}`) stays for the tag's
    handler. (It was left in a comment: the about page was empty.)"""
    folder = (source / "_includes").resolve()

    def one(match: re.Match[str]) -> str:
        file = (folder / match.group(1)).resolve()
        if not file.is_relative_to(folder) or not file.is_file():
            return match.group()
        inlined = read_text(file).strip("\n")
        if re.search(r"\binclude\.\w", inlined):
            return match.group()
        ctx.convert("Markdown files of `_includes/` inlined")
        return inlined

    return _MARKDOWN_INCLUDE.sub(one, text)


_INCLUDE_RELATIVE = re.compile(r"\{%-?\s*include_relative\s+((?:(?!%\}).)+?)\s*-?%\}")
_TEXT_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".txt")


def inline_relative(text: str, folder: Path, source: Path, ctx: Context,
                    keep: Callable[[Path], bool], depth: int = 0) -> str:
    """`{% include_relative includes/pub.md %}`: the file beside the page (AcadHomepage
    keeps its whole home page, bio and papers, in `_pages/includes/`) inlined, so its
    Liquid and kramdown are converted with the page's. Jekyll reads a nested one from
    the page's folder too. One in an HTML comment stays (Jekyll's output hid it), and
    so does one `keep` claims or that names no text file of the site (the tag's
    handler reports it). (The text was left in a comment: the home page was empty.)"""
    comments = [m.span() for m in HTML_COMMENT.finditer(text)] if "<!--" in text else []

    def one(match: re.Match[str]) -> str:
        if any(start < match.start() < stop for start, stop in comments):
            return match.group()
        file = (folder / string_argument(match.group(1)).strip()).resolve()
        if not file.is_file() or not file.is_relative_to(source.resolve()) \
                or file.suffix.lower() not in _TEXT_SUFFIXES or keep(file):
            return match.group()
        ctx.convert("files of `{% include_relative %}` inlined")
        inlined = read_text(file).strip("\n")
        return inline_relative(inlined, folder, source, ctx, keep, depth + 1) \
            if depth < 8 else inlined

    return _INCLUDE_RELATIVE.sub(one, text)
