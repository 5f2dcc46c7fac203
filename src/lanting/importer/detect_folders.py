"""A site kept in a folder of a repository rather than at its root (`docs/` that GitHub
Pages publishes, `book/` holding a Quarto project), and the reads `detect` shares."""

from __future__ import annotations

import re
from pathlib import Path


def file_text(path: Path) -> str:
    """The text of a file, or "" (missing, unreadable)."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


JEKYLL_THEME = re.compile(r"^remote_theme\s*:\s*[\"']?(?!pages-themes/|jekyll/minima\b)"
                          r"[\w.-]+/(?!jekyll-theme-)[\w.-]+", re.MULTILINE)
"""A `_config.yml` building on a theme of its own kind, not one of GitHub Pages' themes
(`remote_theme: just-the-docs/just-the-docs`): a Jekyll site of pages, whose layouts
read their front matter (`nav_order`, `parent`) and whose Markdown was kramdown's."""


def pages_folder(source: Path) -> Path | None:
    """`docs/`, when it holds the Jekyll site and the repository's root no settings of
    one: the other folder GitHub Pages publishes a branch from, beside the project's
    code and README (the root's Markdown was read as a folder of notes, the posts of
    `docs/_posts/` as notes without dates)."""
    from lanting.importer.jekyll_settings import config_file

    docs = source / "docs"
    if config_file(source).is_file() or not config_file(docs).is_file():
        return None
    return docs if _jekyll_folder(docs, config_file(docs)) else None


def quarto_folder(source: Path) -> Path | None:
    """The one first-level folder holding a Quarto project (`book/_quarto.yml` beside a
    course's `pyproject.toml` and README), when the root has none and no generator's
    settings of its own: the root's README alone was read as a folder of notes."""
    from lanting.importer.jupyterbook_toc import SITE_SETTINGS

    if any((source / name).exists() for name in (
            *SITE_SETTINGS, "_quarto.yml", "_quarto.yaml", "_bookdown.yml", "_site.yml",
            "book.json", ".gitbook.yaml", ".obsidian", "logseq")):
        return None  # (a book's or a vault's talk in a folder of it is a part of it)
    found = [folder for folder in sorted(source.iterdir()) if folder.is_dir()
             and not folder.name.startswith((".", "_"))
             and any((folder / n).is_file() for n in ("_quarto.yml", "_quarto.yaml"))]
    return found[0] if len(found) == 1 else None


def _jekyll_folder(source: Path, config: Path) -> bool:
    """`source`, holding Jekyll's `config`, is a Jekyll site of posts, layouts or a
    theme of its own (not GitHub Pages' theme alone over Markdown, read as notes)."""
    return any((source / name).is_dir() for name in ("_posts", "_drafts", "_layouts")) \
        or "jekyll" in file_text(source / "Gemfile").lower() \
        or JEKYLL_THEME.search(file_text(config)) is not None
