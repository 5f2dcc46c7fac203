"""The pages a static site generator published, kept in a folder of notes beside (or
instead of) the sources: a repository committing its build (`docs/` of a Hugo site,
the root of a `*.github.io` repository that `hexo deploy` pushed to). Copied as files,
its `index.html`, `sitemap.xml` and `atom.xml` claimed the URLs of Lanting's own home
page, sitemap and feed, and the build failed ("URL / is claimed by 2 sources").

A folder is a build when its `index.html` names a site generator in its
`<meta name="generator">` (Hugo, Hexo, Jekyll's SEO tag, MkDocs, VuePress, …, as they
write it by default). Its files are the build's, but those of a folder under it that
holds Markdown: a Hugo site whose `publishDir` is the repository's top keeps its sources
in a folder of their own, which are notes. Lanting's own files at the top (`index.html`,
`sitemap.xml`, `atom.xml`, `robots.txt`, `404.html`) are never copied either."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from lanting.importer.common import GENERATED
from lanting.importer.report import Report

_META = re.compile(r"<meta\b[^>]*>", re.IGNORECASE)
_GENERATOR = re.compile(
    r"\b(Hugo|Hexo|Jekyll|Gatsby|VuePress|VitePress|Docusaurus|mkdocs|Pelican|Eleventy"
    r"|Astro|Zola|Gridsome|Gridea|Nuxt|Publii)\b[^\"'>]*", re.IGNORECASE)
"""Static site generators whose pages name them (Quarto's are left to the readers of
decks, which place a deck's rendered page beside its source)."""


def generator_of(index: Path) -> str | None:
    """The site generator (name and version, `Hexo 6.3.0`) the page `index` names in its
    `<meta name="generator">`, or None."""
    try:
        with index.open(encoding="utf-8", errors="replace") as file:
            head = file.read(20000)
    except OSError:
        return None
    for tag in _META.findall(head):
        if re.search(r"\bname\s*=\s*[\"']?generator\b", tag, re.IGNORECASE):
            content = re.search(r"\bcontent\s*=\s*[\"']([^\"']*)", tag, re.IGNORECASE)
            found = _GENERATOR.search(content.group(1)) if content else None
            if found is not None:
                return found.group().strip()
    return None


def without_build(root: Path, paths: Iterable[Path], report: Report) -> list[Path]:
    """`paths` (files under `root`) without a generator's published pages and Lanting's
    own files at the top, each build folder reported once."""
    paths = list(paths)
    notes = {parent for p in paths if p.suffix.lower() in (".md", ".markdown")
             for parent in p.parents}
    builds = {p.parent: generator for p in paths if p.name.lower() == "index.html"
              and (generator := generator_of(p)) is not None}
    kept: list[Path] = []
    left: dict[Path, int] = {}
    for path in paths:
        # (the outermost: a build's pages are built folders too, `posts/x/index.html`)
        build = next((f for f in reversed((path.parent, *path.parent.parents))
                      if f in builds), None)
        if build is not None and path.suffix.lower() not in (".md", ".markdown") and not any(
                folder in notes for folder in _between(path.parent, build)):
            left[build] = left.get(build, 0) + 1
            continue
        if path.parent == root and path.name.lower() in GENERATED | {"index.html"}:
            report.note(path, None, f"left out: Lanting makes its own {path.name}")
            continue
        kept.append(path)
    jemdoc_pages(root, paths, report)
    for build, count in sorted(left.items()):
        shown = build.relative_to(root).as_posix() + "/" if build != root else "the folder"
        (report.warn if build == root else report.note)(
            build / "index.html", None, f"left out: {shown} holds the pages a "
            f"{builds[build]} site published ({count} files), not its sources; import "
            "the site's sources (the branch or folder holding its settings and Markdown) "
            "with `lanting import`")
    return kept


def _between(folder: Path, build: Path) -> list[Path]:
    """The folders from `folder` up to the build's folder, that one left out."""
    found = []
    while folder != build:
        found.append(folder)
        folder = folder.parent
    return found


def jemdoc_pages(root: Path, paths: list[Path], report: Report) -> None:
    """Warn of a jemdoc homepage's pages (`index.jemdoc` and the others, jemdoc's own
    markup, beside the HTML it made): read as a folder of notes, the home page's text was
    lost with a notice on `index.html` alone."""
    pages = sorted(p for p in paths if p.suffix.lower() == ".jemdoc")
    if not pages:
        return
    first = next((p for p in pages if p.name.lower() == "index.jemdoc"), pages[0])
    names = ", ".join(f"`{p.relative_to(root).as_posix()}`" for p in pages[:6]) \
        + (f" and {len(pages) - 6} more" if len(pages) > 6 else "")
    report.warn(first, None, f"a jemdoc site: its {len(pages)} page(s) ({names}) are not "
                "imported (Lanting does not read jemdoc's markup); the HTML pages jemdoc "
                "made are copied as they are, but `index.html`, whose URL is Lanting's home "
                "page: copy the home page's text into content/_index.md, and the papers "
                "into content/publications.bib")
