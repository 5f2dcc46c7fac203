"""VitePress's data loaders, as a page lists other pages: its `<script setup>` imports
`data` from a `posts.data.ts` that exports `createContentLoader('posts/*.md', …)` (the
pages the pattern matches, with their front matter), and its template repeats an
element for each, `<div v-for="post in posts">` around `{{ post.title }}` — VitePress's
own recipe for a blog's or a notes folder's index. Lanting runs neither the loader nor
the template: the script was left out, the `{{ post.title }}` shown as written, with
warnings. The HTML block holding the `v-for` is the list it showed: a link to each page
the pattern matches (not the listing page itself, nor a draft), newest first when the
loader sorts by date, else in the order of their files."""

from __future__ import annotations

import re
from collections.abc import Mapping
from os.path import relpath
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context

_IMPORT = re.compile(r"""\bimport\s*\{\s*data(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*\}\s*from\s*"""
                     r"""["'](\.{1,2}/[^"'\n]+?\.data(?:\.m?[jt]s)?)["']""")
_LOADER = re.compile(r"""\bcreateContentLoader\s*(?:<[^()\n]*>)?\s*\(\s*(\[[^\]]*\]|"[^"\n]*"|"""
                     r"""'[^'\n]*')""")
_STRING = re.compile(r""""([^"\n]*)"|'([^'\n]*)'""")
_V_FOR = r"""\sv-for\s*=\s*["'][^"'\n]*?\s(?:in|of)\s+{0}\b[^"'\n]*["']"""
_BY_DATE = re.compile(r"\.sort\s*\([^)]*\)\s*=>[^;]*\bdate\b|\.sort\s*\(\s*\([^)]*\)\s*=>\s*\{"
                      r"[^}]*\bdate\b", re.DOTALL)


def loader_lists(text: str, path: Path, docs: Path, pages: Mapping[Path, Item],
                 ctx: Context) -> str:
    """`text` with each HTML block that repeats over a content loader's data as the list
    of the loader's pages (links relative to `path`, the page's file; `docs`: the
    source folder its patterns start from; `pages`: the site's by resolved file)."""
    for found in _IMPORT.finditer(text):
        name, module = found.group(1) or "data", found.group(2)
        loader = _loader_file(path.parent / module, docs)
        code = read_text(loader) if loader else ""
        call = _LOADER.search(code)
        if call is None:
            continue
        patterns = [a or b for a, b in _STRING.findall(call.group(1))]
        repeat = re.compile(_V_FOR.format(re.escape(name)))
        lines = text.split("\n")
        at = next((i for i, line in enumerate(lines) if repeat.search(line)), None)
        if at is None or not patterns:
            continue
        start, end = at, at
        while start > 0 and lines[start - 1].strip():
            start -= 1
        while end + 1 < len(lines) and lines[end + 1].strip():
            end += 1
        listed = _listed(patterns, path, docs, pages, bool(_BY_DATE.search(code)))
        ctx.note(lines[at].strip(), f"a list of the pages of `{'`, `'.join(patterns)}` "
                 f"(VitePress's content loader, {len(listed)} page"
                 f"{'' if len(listed) == 1 else 's'}), as the old page showed them")
        ctx.convert("VitePress content loader lists as lists of their pages")
        made = B.block("\n".join(listed)) if listed else ""
        text = "\n".join(lines[:start] + [made] + lines[end + 1:])
        # (the import done with: a script of nothing else goes without a word)
        text = text.replace(found.group(), "", 1)
    return text


def _loader_file(written: Path, docs: Path) -> Path | None:
    """The loader a page imports (`./posts.data` without its extension too), if it is a
    file of the source folder."""
    for path in (written, *(written.with_name(written.name + s)
                            for s in (".ts", ".js", ".mts", ".mjs"))):
        if path.is_file() and path.resolve().is_relative_to(docs.resolve()):
            return path
    return None


def _listed(patterns: list[str], path: Path, docs: Path, pages: Mapping[Path, Item],
            by_date: bool) -> list[str]:
    """A Markdown link to each page matching `patterns` (relative to `docs`)."""
    own = path.resolve()
    files = sorted({file.resolve() for pattern in patterns
                    for file in docs.glob(pattern.lstrip("/"))} & set(pages) - {own})
    chosen = [file for file in files if not pages[file].draft]
    if by_date:
        chosen.sort(key=lambda file: str(pages[file].front.get("date") or ""), reverse=True)
    return [f"- [{pages[file].title}](<{Path(relpath(file, own.parent)).as_posix()}>)"
            for file in chosen]
