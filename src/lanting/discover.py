"""Stage 2 — walk the site and classify every file. The only stage that reads `content/`.

Returns text sources (posts, pages, the home page) and assets (files copied as they
are: page-bundle images, anything under `static/`).
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path, PurePosixPath

from PIL import Image

from lanting.errors import LantingError, Problem

CONTENT = "content"
STATIC = "static"


class Kind(StrEnum):
    HOME = "home"
    POST = "post"
    PAGE = "page"


@dataclass(frozen=True, slots=True)
class Source:
    """A Markdown file of the site, read into memory."""

    path: Path
    """Absolute path on disk (for messages)."""
    rel: PurePosixPath
    """Path relative to `content/`, e.g. `posts/ppo/index.md`."""
    kind: Kind
    text: str

    @property
    def is_bundle(self) -> bool:
        """True for `posts/<slug>/index.md`: files beside it belong to the page."""
        return self.rel.name == "index.md" and len(self.rel.parts) == 3


@dataclass(frozen=True, slots=True)
class Asset:
    """A file copied to the output unchanged."""

    path: Path
    rel: PurePosixPath
    """Path relative to `content/` (bundle files, loose content files) or `static/`."""
    bundle: PurePosixPath | None = None
    """For a page-bundle file, the `rel` of the bundle's `index.md`."""
    size: tuple[int, int] | None = None
    """(width, height) of a raster image, read from its header."""


@dataclass(frozen=True, slots=True)
class Discovery:
    sources: tuple[Source, ...]
    assets: tuple[Asset, ...]
    """Content assets (bundle files and loose files under `content/`)."""
    static: tuple[Asset, ...]
    warnings: tuple[Problem, ...]


def is_ignored(name: str) -> bool:
    """Hidden files and editors' temporary files never become part of the site."""
    return (
        name.startswith((".", "#", "_draft"))
        or name.endswith(("~", ".swp", ".swx", ".tmp", ".bak", "___jb_tmp___", "___jb_old___"))
        or name in {"__pycache__", "Thumbs.db"}
    )


def _walk(root: Path, site: Path, warnings: list[Problem]) -> list[Path]:
    """Every regular file under `root`, sorted; symlinks leading out of the site are skipped."""
    found: list[Path] = []
    site_real = site.resolve()
    for directory, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not is_ignored(d))
        here = Path(directory)
        for entry in [*dirnames]:
            if (here / entry).is_symlink():
                target = (here / entry).resolve()
                if not target.is_relative_to(site_real):
                    warnings.append(Problem("symlink leads outside the site; not followed",
                                            here / entry, severity="warning"))
                    dirnames.remove(entry)
                else:
                    found.extend(_walk(here / entry, site, warnings))
        for name in sorted(filenames):
            path = here / name
            if is_ignored(name):
                continue
            if path.is_symlink() and not path.resolve().is_relative_to(site_real):
                warnings.append(Problem("symlink leads outside the site; not followed",
                                        path, severity="warning"))
                continue
            if path.is_file():
                found.append(path)
    return sorted(found)


_TRANSLATED_INDEX = re.compile(r"index(\.[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*)?\.md")
"""`index.md`, or its translation `index.en.md` (the language is checked once the
configuration's languages are known)."""


def _classify(rel: PurePosixPath) -> Kind | None:
    parts = rel.parts
    if rel.suffix == ".ipynb" and len(parts) == 2 and parts[0] == "posts":
        return Kind.POST
    if rel.suffix != ".md":
        return None
    if len(parts) == 1 and rel.name.startswith("_") and _TRANSLATED_INDEX.fullmatch(rel.name[1:]):
        return Kind.HOME  # `_index.md`, or a translation of it (`_index.en.md`)
    bundle = len(parts) == 3 and _TRANSLATED_INDEX.fullmatch(rel.name) is not None
    if parts[0] == "posts" and (len(parts) == 2 or bundle):
        return Kind.POST
    if parts[0] == "pages" and (len(parts) == 2 or bundle):
        return Kind.PAGE
    return None


def _read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise LantingError.at("file is not valid UTF-8", path, line,
                              hint="save the file as UTF-8") from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".bmp", ".tif", ".tiff"}


def image_size(path: Path) -> tuple[int, int] | None:
    """Pixel size from the image header (the pixels are not decoded)."""
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        return None
    try:
        with Image.open(path) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def image_bytes_size(data: bytes) -> tuple[int, int] | None:
    """Pixel size of an in-memory raster image (a notebook output), or None."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def discover(site: Path) -> Discovery:
    content_dir = site / CONTENT
    warnings: list[Problem] = []
    sources: list[Source] = []
    assets: list[Asset] = []
    problems: list[Problem] = []
    files = _walk(content_dir, site, warnings) if content_dir.is_dir() else []
    bundles = {
        PurePosixPath(p.relative_to(content_dir).as_posix()).parent
        for p in files
        if p.name == "index.md" and len(p.relative_to(content_dir).parts) == 3
    }
    for path in files:
        rel = PurePosixPath(path.relative_to(content_dir).as_posix())
        kind = _classify(rel)
        if kind is not None:
            try:
                sources.append(Source(path, rel, kind, _read_text(path)))
            except LantingError as error:
                problems.extend(error.problems)
        elif rel.suffix == ".md" and rel.parent not in bundles:
            warnings.append(Problem(
                "Markdown file outside posts/, pages/ or _index.md is not published", path,
                severity="warning",
                hint="move it to content/posts/ or content/pages/",
            ))
        else:
            bundle = rel.parent / "index.md" if rel.parent in bundles else None
            assets.append(Asset(path, rel, bundle, image_size(path)))
    if problems:
        raise LantingError(problems)
    static_dir = site / STATIC
    static = [
        Asset(p, PurePosixPath(p.relative_to(static_dir).as_posix()))
        for p in (_walk(static_dir, site, warnings) if static_dir.is_dir() else [])
    ]
    return Discovery(tuple(sources), tuple(assets), tuple(static), tuple(warnings))
