"""Which files Jekyll reads: its entry filter (no name starting with `.`, `_`, `#` or
`~`, nor ending with `~`), `_config.yml`'s `exclude:` (a theme's `docs/` of
demonstration posts, a `test/` site, `README-*.md`: neither posts nor pages of the old
site), the extensions it reads as Markdown, and which of two pages at one URL it wrote
last."""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

MARKDOWN = (".md", ".markdown", ".mkd", ".mkdn")


def jekyll_files(folder: Path, pattern: str = "*.md") -> list[Path]:
    """The files of `folder` matching `pattern` (`**/*.md`: at any depth) that Jekyll
    reads: its EntryFilter leaves out a name, or a folder's below `folder`, that starts
    with `.`, `_`, `#` or `~` or ends with `~` (`_pages/.projects.md`, a page hidden
    rather than deleted; an editor's backup)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(pattern) if p.is_file() and not any(
        part[:1] in (".", "_", "#", "~") or part.endswith("~")
        for part in p.relative_to(folder).parts))


def markdown_files(folder: Path, pattern: str = "*") -> list[Path]:
    """The Markdown files of `folder` matching `pattern` that Jekyll reads
    (`jekyll_files`), of every extension its `markdown_ext` names: `.markdown` too, which
    `jekyll new` wrote (an al-folio fork's `_projects/*.markdown` were all lost)."""
    return [p for p in jekyll_files(folder, pattern) if p.suffix.lower() in MARKDOWN]


def collections_root(source: Path, config: dict[str, Any]) -> Path:
    """The folder Jekyll reads the collections from, `_posts/` and `_drafts/` among them:
    `collections_dir` of `_config.yml` (`collections/_publications/`), else the site's
    root."""
    named = config.get("collections_dir")
    folder = source / named.strip("/") if isinstance(named, str) and named.strip("/") \
        else source
    return folder if folder.is_dir() else source


def excluded(rel: str, config: dict[str, Any]) -> bool:
    """Whether `exclude:` names the file at `rel` (a path from the site's root): the
    file itself, a folder holding it (`/docs`, `docs/`), or a pattern matching it from
    the root (`README-*.md`), as Jekyll's entry filter matches them."""
    entries = config.get("exclude")
    for entry in entries if isinstance(entries, list) else []:
        pattern = str(entry).strip().strip("/")
        if pattern and (rel == pattern or rel.startswith(pattern + "/")
                        or fnmatchcase(rel, pattern)):
            return True
    return False


def last_written(fronts: dict[Path, dict[str, Any]]) -> dict[Path, Path]:
    """Each page whose `permalink` another page of its language has too -> the one the
    old site showed there. Jekyll writes its pages sorted by file name, each over the one
    before, so `cv.md` overwrote its copy `cv (1).md` (a file uploaded twice), whatever
    the order in which we read them."""
    by_url: dict[tuple[str, str], list[Path]] = {}
    for path, data in fronts.items():
        permalink = data.get("permalink")
        if isinstance(permalink, str) and permalink.strip():
            url = "/" + permalink.strip().strip("/").removesuffix("index.html")
            lang = str(data.get("lang") or data.get("language") or "")
            by_url.setdefault((url.rstrip("/") or "/", lang), []).append(path)
    return {path: max(paths, key=lambda p: (p.name, p.as_posix()))
            for paths in by_url.values() if len(paths) > 1 for path in paths}
