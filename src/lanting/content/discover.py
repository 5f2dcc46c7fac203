"""Stage 2 — walk the site and classify every file.

Returns text sources (posts, pages, talks, the home page), the bibliography
(`content/publications.bib`) and assets (files copied as they
are: page-bundle images, anything under `static/`).

A build with a cache passes the files it knows (`known`: path -> size, times and digest
of the text as the previous build found them). A post or page whose file has not changed
since is not read at all: its digest alone finds its parsed, rendered document in the
cache, and its text is read only if that entry is missing (`source_text`).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import TypeVar

from lanting.content.image_sizes import IMAGE_SUFFIXES, image_size, unreadable_image
from lanting.content.text_files import read_text
from lanting.errors import LantingError
from lanting.model.content import Asset, Discovery, Kind, Source, text_digest
from lanting.model.problem import Problem

CONTENT = "content"
T = TypeVar("T")
STATIC = "static"
BIBLIOGRAPHY = PurePosixPath("publications.bib")
REFERENCES = PurePosixPath("references.bib")
COAUTHORS = PurePosixPath("coauthors.yml")
CV = PurePosixPath("cv.yaml")
_DATA_FILES = (BIBLIOGRAPHY, REFERENCES, COAUTHORS, CV)
"""Files of `content/` read by a stage of their own, never published as they are."""
CV_TRANSLATION = re.compile(r"cv\.(?P<lang>[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*)\.yaml")
"""`cv.en.yaml` beside `cv.yaml`: the CV in another language, named like a post's
translation (the language is checked once the configuration's languages are known)."""
TEMPLATES = "templates"


def is_ignored(name: str) -> bool:
    """Hidden files and editors' temporary files never become part of the site."""
    return (
        name.startswith((".", "#", "_draft"))
        or name.endswith(("~", ".swp", ".swx", ".tmp", ".bak", "___jb_tmp___", "___jb_old___"))
        or name in {"__pycache__", "Thumbs.db"}
    )


def _unpublishable(real: str, site_real: str, excluded: tuple[str, ...]) -> str | None:
    """Why the file or folder at the real path `real` may not be published, if it may
    not: it lies in a hidden folder of the site (`.git`, `.lanting` — reached through a
    symlink, which `is_ignored` does not see) or in an output folder."""
    if any(real == folder or real.startswith(folder + os.sep) for folder in excluded):
        return "it is in the output folder"
    rel = os.path.relpath(real, site_real)
    if any(part.startswith(".") for part in rel.split(os.sep) if part not in (".", "..")):
        return "it is a hidden file of the site (.git, .lanting, …)"
    return None


WELL_KNOWN = ".well-known"
"""The one hidden folder of `static/` that is published (RFC 8615's: `security.txt`, a
Mastodon or Keybase proof, `apple-app-site-association`), as Hugo publishes it."""


def _walk(root: Path, site: Path, warnings: list[Problem],
          excluded: tuple[str, ...] = (), well_known: bool = False) -> list[tuple[str, str]]:
    """(absolute path, path relative to `root` with `/`) of every regular file under
    `root`, sorted. Symlinks leading out of the site, or to a hidden file or folder of
    it, or into an output folder (`excluded`, real paths), are skipped with a warning.
    `well_known`: `root`'s own `.well-known/` folder is walked too."""
    found: list[tuple[str, str]] = []
    site_real = os.path.realpath(site)
    base = str(root)
    stack = [(base, "")]
    walked = {os.path.realpath(base)}  # real folders entered through links: no loops
    if (why := _unpublishable(os.path.realpath(base), site_real, excluded)) is not None:
        warnings.append(Problem(f"{root.name}/ is not published: {why}", root,
                                severity="warning"))
        return []
    while stack:
        folder, prefix = stack.pop()
        walked.add(os.path.realpath(folder))
        try:
            entries = list(os.scandir(folder))  # types come with the listing: no stat calls
        except OSError:
            continue
        for entry in entries:
            if is_ignored(entry.name) and not (
                    well_known and not prefix and entry.name == WELL_KNOWN
                    and entry.is_dir(follow_symlinks=False)):
                continue
            rel = prefix + entry.name
            if entry.is_symlink():
                target = os.path.realpath(entry.path)
                if os.path.commonpath([target, site_real]) != site_real:
                    warnings.append(Problem("symlink leads outside the site; not followed",
                                            Path(entry.path), severity="warning"))
                elif (why := _unpublishable(target, site_real, excluded)) is not None:
                    warnings.append(Problem(f"symlink not followed: {why}", Path(entry.path),
                                            severity="warning",
                                            hint="a site never publishes these"))
                elif os.path.isdir(target):
                    here = os.path.realpath(folder)
                    if target in walked or here == target or here.startswith(target + os.sep):
                        warnings.append(Problem(
                            "symlink leads to a folder already walked (a loop); not followed",
                            Path(entry.path), severity="warning"))
                        continue
                    walked.add(target)
                    stack.append((entry.path, rel + "/"))
                elif os.path.isfile(target):
                    found.append((entry.path, rel))
            elif entry.is_dir(follow_symlinks=False):
                stack.append((entry.path, rel + "/"))
            elif entry.is_file(follow_symlinks=False):
                found.append((entry.path, rel))
    return sorted(found, key=lambda item: item[1])


_TRANSLATED_INDEX = re.compile(r"index(\.[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*)?\.md")
"""`index.md`, or its translation `index.en.md` (the language is checked once the
configuration's languages are known)."""


_COLLECTIONS = {"projects": Kind.PROJECT, "teaching": Kind.TEACHING, "people": Kind.PERSON}
TAXONOMY_FOLDERS = ("tags", "categories", "series")
"""Folders of term pages' own texts (`tags/<name>.md`), named as the term pages' URLs."""


OTHER_MARKDOWN = frozenset({".markdown", ".mkd", ".mkdn", ".mdown", ".qmd", ".rmd", ".mdx"})
"""Suffixes of Markdown that other generators read (Jekyll's `.markdown`, Quarto's `.qmd`,
R Markdown, MDX): a post saved with one would otherwise be published as a raw file."""


def _classify(rel: PurePosixPath) -> Kind | None:
    parts = rel.parts
    # (a notebook page: a chapter of a book, as `lanting import` makes of a Jupyter Book)
    if rel.suffix == ".ipynb" and len(parts) == 2 and parts[0] in ("posts", "pages"):
        return Kind.POST if parts[0] == "posts" else Kind.PAGE
    if rel.suffix != ".md":
        return None
    if rel.name.startswith("_") and _TRANSLATED_INDEX.fullmatch(rel.name[1:]):
        if len(parts) == 1:
            return Kind.HOME  # `_index.md`, or a translation of it (`_index.en.md`)
        if parts[0] == "posts" and len(parts) == 2:
            return Kind.BLOG  # `posts/_index.md`: the blog page's own text
        if parts[0] == "publications" and len(parts) == 2:
            return Kind.PUBLICATIONS  # the publications page's own text
    bundle = len(parts) == 3 and _TRANSLATED_INDEX.fullmatch(rel.name) is not None
    if parts[0] == "posts" and (len(parts) == 2 or bundle):
        return Kind.POST
    if parts[0] == "pages" and (len(parts) == 2 or bundle):
        return Kind.PAGE
    if parts[0] in _COLLECTIONS and (len(parts) == 2 or bundle):
        return _COLLECTIONS[parts[0]]
    if parts[0] in TAXONOMY_FOLDERS and len(parts) == 2 \
            and not _TRANSLATED_INDEX.fullmatch(rel.name.lstrip("_")):
        return Kind.TERM  # (not `tags/_index.md`: the list of tags has no text)
    if parts[0] == "talks" and (len(parts) == 2 or (len(parts) == 3 and rel.name == "index.md")):
        return Kind.TALK
    return None


def _unread_markdown_hint(rel: PurePosixPath) -> str:
    if rel.parts[0] in TAXONOMY_FOLDERS:  # Hugo's `tags/<name>/_index.md`
        if len(rel.parts) == 2:  # `tags/_index.md`
            return (f"the list of {rel.parts[0]} shows no text of its own; one of them has "
                    f"its text in `content/{rel.parts[0]}/<name>.md`")
        name = rel.parts[1] if rel.stem in ("_index", "index") else rel.stem
        return f"a {rel.parts[0]} page's text is `content/{rel.parts[0]}/{name}.md`"
    return "move it to content/posts/, content/pages/ or content/talks/"


class FileReader:
    """Reads files, remembering them by (size, modification time) so that a long-running
    `lanting serve` only reads what changed."""

    def __init__(self) -> None:
        self._seen: dict[tuple[Path, object], tuple[tuple[int, int], object]] = {}

    def remembered(self, path: Path, compute: Callable[[Path], T]) -> T:
        """`compute(path)`, or what it gave last time if the file has not changed since."""
        stat = os.stat(path)
        stamp = (stat.st_size, stat.st_mtime_ns)
        key = (path, getattr(compute, "__code__", compute))
        seen = self._seen.get(key)
        if seen is not None and seen[0] == stamp:
            return seen[1]  # type: ignore[return-value]
        value = compute(path)
        self._seen[key] = (stamp, value)
        return value


def source_text(source: Source) -> str:
    """The source's text; read now if discovery left it unread. A file that changed since
    discovery saw it is an error: this build's cache key would not match its text."""
    if source.text is not None:
        return source.text
    try:
        text = read_text(source.path)
    except OSError as error:
        raise LantingError.at(f"file could not be read: {error.strerror}", source.path, 1,
                              hint="it changed while the site was building: build again") \
            from None
    if text_digest(text) != source.digest:
        raise LantingError.at("file changed while the site was building", source.path, 1,
                              hint="build again")
    return text


SETTLED_NS = 2_000_000_000
"""A file is known by its stamp only once it was last changed this long before it was
read. Otherwise a second edit within the file system's timestamp resolution, keeping the
size, could leave the stamp as it was (git's "racy" files)."""
_RECALLED_KINDS = frozenset({Kind.HOME, Kind.BLOG, Kind.PUBLICATIONS, Kind.POST, Kind.PAGE,
                             Kind.PROJECT, Kind.TEACHING, Kind.PERSON, Kind.TERM})
"""Kinds whose documents are cached, so that an unchanged file need not be read."""


def _stamp(stat: os.stat_result) -> str:
    # The change time (st_ctime) cannot be set back by tools that keep modification
    # times (`cp -p`, `rsync -t`, `tar`), and the inode changes on an atomic save.
    return f"{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ctime_ns}:{stat.st_ino}"


def _read_or_recall(path: Path, rel: PurePosixPath, kind: Kind, rel_text: str,
                    known: dict[str, tuple[str, str]], started_ns: int,
                    stamps: dict[str, tuple[str, str]]) -> Source:
    stat = os.stat(path)
    stamp = _stamp(stat)
    recorded = known.get(rel_text)
    if recorded is not None and recorded[0] == stamp:
        source = Source(path, rel, kind, None, recorded[1])
    else:
        source = Source(path, rel, kind, read_text(path))
    if max(stat.st_mtime_ns, stat.st_ctime_ns) < started_ns - SETTLED_NS:
        stamps[rel_text] = (stamp, source.digest)
    return source


def _read_data(rel: PurePosixPath) -> Callable[[Path], Source]:
    kind = Kind.CV if rel == CV or CV_TRANSLATION.fullmatch(str(rel)) else Kind.BIBLIOGRAPHY

    def read(path: Path) -> Source:
        return Source(path, rel, kind, read_text(path))

    return read


def discover(site: Path, reader: FileReader | None = None,
             known: dict[str, tuple[str, str]] | None = None,
             output: Path | None = None) -> Discovery:
    """Every source and asset of `site`; `reader` remembers files between builds in one
    process (`lanting serve`), `known` between builds (`Discovery.stamps` of the last).
    Nothing in `output` (the output folder) or in a hidden folder is ever a file of the
    site, whatever symlink leads there."""
    excluded = tuple(os.path.realpath(p) for p in {site / "public", *(
        (output,) if output is not None else ())})
    started_ns = time.time_ns()
    stamps: dict[str, tuple[str, str]] = {}
    content_dir = site / CONTENT
    reader = reader or FileReader()
    warnings: list[Problem] = []
    sources: list[Source] = []
    assets: list[Asset] = []
    problems: list[Problem] = []
    data: dict[PurePosixPath, Source] = {}
    cv_translations: list[Source] = []
    files = _walk(content_dir, site, warnings, excluded) if content_dir.is_dir() else []
    bundles = {rel.rsplit("/", 1)[0] for _, rel in files
               if rel.endswith("/index.md") and rel.count("/") == 2}
    decks = tuple(f"{folder}/" for folder in bundles if folder.startswith("talks/"))
    """A talk's folder may hold the Markdown of slides its deck includes (Slidev's
    `src: pages/intro.md`, read by `site.slidev`): not pages of their own."""
    for name, rel_text in files:
        folder = rel_text.rsplit("/", 1)[0] if "/" in rel_text else ""
        rel = PurePosixPath(rel_text)
        path = Path(name)
        kind = _classify(rel)
        try:
            if rel in _DATA_FILES:
                data[rel] = reader.remembered(path, _read_data(rel))
            elif CV_TRANSLATION.fullmatch(rel_text):
                cv_translations.append(reader.remembered(path, _read_data(rel)))
            elif kind in _RECALLED_KINDS and known is not None:
                sources.append(_read_or_recall(path, rel, kind, rel_text, known, started_ns,
                                               stamps))
            elif kind is not None:
                def read_source(p: Path, rel: PurePosixPath = rel, kind: Kind = kind) -> Source:
                    return Source(p, rel, kind, read_text(p))

                sources.append(reader.remembered(path, read_source))
            elif (rel.suffix == ".md" or rel.suffix.lower() in OTHER_MARKDOWN) \
                    and rel_text.startswith(decks) and kind is None:
                continue  # (a talk's parts: Slidev's `src:`, knitr's child documents)
            elif rel.suffix == ".md" and folder not in bundles:
                warnings.append(Problem(
                    "Markdown file outside posts/, pages/, talks/ or _index.md is not published",
                    path, severity="warning", hint=_unread_markdown_hint(rel)))
            elif rel.suffix.lower() in OTHER_MARKDOWN and folder not in bundles:
                warnings.append(Problem(
                    f"`{rel.suffix}` file is not read as a page: Lanting's pages are `.md` "
                    "files (it is copied as it is)", path, severity="warning",
                    hint=f"rename it to `{rel.stem}.md` (Quarto's executable code cells "
                    "are not run: paste their output)" if rel.suffix.lower() in (
                        ".qmd", ".rmd") else f"rename it to `{rel.stem}.md`"))
            else:
                bundle = PurePosixPath(folder) / "index.md" if folder in bundles else None
                size = reader.remembered(path, image_size)
                if size is None and rel.suffix.lower() in IMAGE_SUFFIXES:
                    warnings.append(unreadable_image(path))
                assets.append(Asset(path, rel, bundle, size))
        except LantingError as error:
            problems.extend(error.problems)
    if problems:
        raise LantingError(problems)
    static_dir = site / STATIC
    # Static images are published as they are; their size goes to the pages that show
    # them (`/images/x.png`), and a damaged one is still worth a word.
    static = [Asset(Path(name), PurePosixPath(rel), None,
                    reader.remembered(Path(name), image_size)
                    if PurePosixPath(rel).suffix.lower() in IMAGE_SUFFIXES else None)
              for name, rel in (_walk(static_dir, site, warnings, excluded, well_known=True)
                                if static_dir.is_dir() else [])]
    warnings += [unreadable_image(asset.path) for asset in static
                 if asset.rel.suffix.lower() in IMAGE_SUFFIXES and asset.size is None]
    if (site / TEMPLATES).is_dir():  # walked for its warnings; the template loader refuses too
        _walk(site / TEMPLATES, site, warnings)
    return Discovery(tuple(sources), tuple(assets), tuple(static), tuple(warnings),
                     data.get(BIBLIOGRAPHY), references=data.get(REFERENCES),
                     coauthors=data.get(COAUTHORS), stamps=stamps, cv=data.get(CV),
                     cv_translations=tuple(cv_translations))
