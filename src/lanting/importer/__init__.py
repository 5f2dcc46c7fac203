"""`lanting import SOURCE [DEST]`: a Jekyll, al-folio, Hugo, Hugo Blox, Zola, Hexo, Quarto,
MkDocs, Jupyter Book, Sphinx, Docusaurus, VitePress, VuePress, Quartz, Astro, Next.js,
Gatsby, docsify, Pelican, Hakyll or Eleventy site, an mdBook or GitBook book, or a plain folder
of notes (Obsidian, Typora), turned into a new Lanting site, with a report of what was
converted, what could not be and where.

The source is only read. One module per generator reads it into a `site.NewSite` (posts,
pages, talks, the home page, images, static files, `lanting.toml`); `NewSite.files`
decides where everything goes; this module writes it into DEST (new or empty), or, with
`dry_run`, writes nothing. Which kind of site SOURCE is, when `--from` does not say:
`detect.py`.
"""

from __future__ import annotations

import importlib
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from lanting.errors import UsageError
from lanting.importer.detect import detect
from lanting.importer.detect_folders import pages_folder, quarto_folder
from lanting.importer.report import Report

if TYPE_CHECKING:  # the readers load the site model: `lanting --help` need not
    from lanting.importer.common import Options
    from lanting.importer.site import NewSite

_READERS: dict[str, tuple[str, str]] = {
    "jekyll": ("jekyll", "Jekyll"), "al-folio": ("alfolio", "AlFolio"),
    "hugo": ("hugo", "Hugo"), "hugo-blox": ("hugoblox", "HugoBlox"), "hexo": ("hexo", "Hexo"),
    "zola": ("zola", "Zola"),
    "quarto": ("quarto", "Quarto"), "distill": ("distill", "Distill"),
    "bookdown": ("bookdown", "Bookdown"),
    "mkdocs": ("mkdocs", "MkDocs"),
    "jupyter-book": ("jupyterbook", "JupyterBook"), "sphinx": ("sphinx", "Sphinx"),
    "docusaurus": ("docusaurus", "Docusaurus"),
    "vitepress": ("vuepress", "VuePress"), "vuepress": ("vuepress", "VuePress"),
    "quartz": ("quartz", "Quartz"), "astro": ("astro", "Astro"), "nextjs": ("astro", "Astro"),
    "gatsby": ("astro", "Astro"),
    "docsify": ("docsify", "Docsify"), "pelican": ("pelican", "Pelican"),
    "hakyll": ("hakyll", "Hakyll"),
    "eleventy": ("eleventy", "Eleventy"), "mdbook": ("mdbook", "MdBook"),
    "gitbook": ("gitbook", "GitBook"),
    "notes": ("notes", "Notes"),
}
"""Each kind's reader: its module of `lanting.importer` and class (imported when asked
for: the readers load the site model, which `lanting --help` need not)."""

KINDS = tuple(_READERS)



def _reader(kind: str) -> Callable[[Path, Report, Options], NewSite]:
    module, name = _READERS[kind]
    reader = getattr(importlib.import_module(f"lanting.importer.{module}"), name)
    if module in ("vuepress", "astro"):  # (one reader for two kinds, which it is told)
        return lambda s, r, o: cast("NewSite", reader(s, r, o, kind).run())
    return lambda s, r, o: cast("NewSite", reader(s, r, o).run())


@dataclass(frozen=True, slots=True)
class Imported:
    report: Report
    dest: Path
    files: dict[str, str | bytes]
    """Text files of the new site, by path (written unless it was a dry run)."""
    copies: dict[str, Path]
    """Files copied from the source, by path in the new site."""


def _ensure_title(site: NewSite, source: Path, report: Report) -> None:
    """A site needs a title (the build refuses an empty one): when the old settings gave
    none that the importer found, the folder's name stands in, with a warning."""
    if str(site.config.get("title") or "").strip():
        return
    site.config["title"] = source.name
    report.warn("lanting.toml", None, f"the old site's settings give no title: it is "
                f"`{source.name}`, the folder's name; set `title` in lanting.toml")


def default_dest(source: Path) -> Path:
    return source.resolve().parent / f"{source.resolve().name}-lanting"


def _check_dest(source: Path, dest: Path) -> None:
    src, out = source.resolve(), dest.resolve()
    if out == src or out.is_relative_to(src) or src.is_relative_to(out):
        where = ("the source" if out == src else "inside the source"
                 if out.is_relative_to(src) else "a folder holding the source")
        raise UsageError(f"{dest} is {where}: an import never writes into the site it reads")
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise UsageError(f"{dest} is not empty; `lanting import` only writes into a new or "
                         "empty folder")


def import_site(source: Path, dest: Path | None = None, kind: str | None = None,
                dry_run: bool = False, options: Options | None = None) -> Imported:
    """Read `source` (of `kind`, detected when None) and write the new site into `dest`."""
    if not source.is_dir():
        raise UsageError(f"{source} is not a folder")
    if kind is not None and kind not in KINDS:
        raise UsageError(f"unknown kind `{kind}`: one of {', '.join(KINDS)}")
    from lanting.importer.common import Options

    dest = dest or default_dest(source)
    # (the readers compare the paths they meet, resolved, with the source's: a relative
    # `SOURCE` failed on the first image of a page outside `_posts/`)
    source = source.resolve()
    detected = kind is None
    kind = kind or detect(source)
    options = options or Options()
    _check_dest(source, dest)
    docs = pages_folder(source) if kind in ("jekyll", "al-folio") else None
    project = quarto_folder(source) if kind == "quarto" else None
    source = docs or project or source
    report = Report(source, kind)
    if docs is not None:
        report.note(".", None, "the Jekyll site is in docs/, the folder GitHub Pages "
                    "published: read from there (paths below are docs/'s)")
    if project is not None:
        report.note(".", None, f"the Quarto project is in {project.name}/: read from "
                    f"there (paths below are {project.name}/'s)")
    if detected and kind == "notes":
        report.note(".", None, "no generator's settings found: read as a folder of notes "
                    "(Obsidian, Typora, Logseq, Dendron); if it is a site of another kind, "
                    "say which with `--from KIND`")
    site = _reader(kind)(source, report, options)
    _ensure_title(site, source, report)
    files, copies = site.files()
    if not dry_run:
        _write(dest, files, copies)
    report.counts["files written" if not dry_run else "files to write"] = \
        len(files) + len(copies)
    return Imported(report, dest, files, copies)


def _write(dest: Path, files: dict[str, str | bytes], copies: dict[str, Path]) -> None:
    """Into a sibling folder first, renamed to `dest` once complete: an import that fails
    halfway leaves no half site."""
    dest = dest.absolute()
    dest.parent.mkdir(parents=True, exist_ok=True)
    scratch = dest.parent / f".{dest.name}.lanting-import-{os.getpid()}"
    if scratch.exists():
        shutil.rmtree(scratch)
    try:
        for rel, data in files.items():
            path = scratch / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:
                path.write_text(data, encoding="utf-8")
        for rel, src in copies.items():
            path = scratch / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, path)
        if dest.exists():
            dest.rmdir()  # empty: checked before reading
        scratch.rename(dest)
    finally:
        if scratch.exists():
            shutil.rmtree(scratch, ignore_errors=True)
