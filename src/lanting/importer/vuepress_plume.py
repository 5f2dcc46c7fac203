"""vuepress-theme-plume's two collections. Its blog, on unless `blog: false`, lists
every page but a folder's `README.md` or `index.md` and the pages of its notes folder
(`notes: { dir: 'notes' }`, the default; none with `notes: false`), which are notes in
their own sidebars, not posts."""

from __future__ import annotations

import re

_NO_BLOG = re.compile(r"\bblog\s*:\s*false\b")
_NO_NOTES = re.compile(r"\bnotes\s*:\s*false\b")
_NOTES_DIR = re.compile(r"""(?:\bdefine(?:Plume)?NotesConfig\(\s*|\bnotes\s*:\s*)\{[^{}\[]*?"""
                        r"""\bdir\s*:\s*['"]([^'"]*)['"]""")
"""The notes' folder: `defineNotesConfig({ dir: '/notes/', … })` (in `notes.ts`), or the
theme's `notes: { dir: 'notes', … }`, before the list of notes."""


def plume_collections(codes: list[str]) -> tuple[bool, str]:
    """(whether the blog is on, the notes' folder from the source folder: "" for none)
    as the configuration files' `codes` set them."""
    blog = not any(_NO_BLOG.search(code) for code in codes)
    if any(_NO_NOTES.search(code) for code in codes):
        return blog, ""
    found = next((m.group(1) for code in codes for m in [_NOTES_DIR.search(code)] if m),
                 "notes")
    return blog, found.strip("/")


def plume_no_post(rel: str, source: str, notes_dir: str) -> bool:
    """Whether plume's blog leaves out the page at `rel` (`source`: its file's path):
    a folder's `README.md` or `index.md`, or a page of the notes' folder."""
    if rel.rsplit("/", 1)[-1].lower() in ("readme.md", "index.md"):
        return True
    return bool(notes_dir) and any(p.startswith(notes_dir + "/") for p in (rel, source))
