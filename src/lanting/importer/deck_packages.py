"""The decks a `package.json` makes: a Slidev deck (`@slidev/cli` among its
dependencies, `slidev build talk.md` in its scripts) and those Marp CLI is set to make
(its `marp` settings' `inputDir`, `marp lecture.md`); a Slidev deck's parts, the files
its slides include with `src:`, and its `public/` folder's files, which go with its talk
(`notes_talks`). Split from `notes_decks`, which finds the decks Pandoc and knitr make.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Any

from lanting.content.slidev import separators
from lanting.importer.common import read_text, walk

READMES = frozenset({"readme.md", "readme.markdown", "index.md", "license.md",
                     "changelog.md"})
"""A folder's own Markdown, which a pattern naming decks (`*.md`) does not mean."""


MARP_HEAD = re.compile(r"^marp:[ \t]*true[ \t]*$", re.MULTILINE)
"""A front matter (its text) saying it is a Marp deck."""
_SLIDEV_FILE = re.compile(r"\bslidev(?:\s+(?:build|export|dev))?(?:\s+-{1,2}[\w-]+"
                          r"(?:[ =][^\s-]\S*)?)*\s+([\w./-]+\.md)\b")
"""The deck a `package.json` script gives Slidev (`slidev build talk.md`)."""


_MARP_FILE = re.compile(r"\bmarp(?:-cli(?:@[\w.^~-]+)?)?(?:\s+-{1,2}[\w-]+"
                        r"(?:[ =][^\s-]\S*)?)*\s+([\w./-]+\.md)\b")
"""The deck a script gives Marp CLI (`marp lecture.md`, `npx @marp-team/marp-cli x.md`)."""


def _packages(source: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each `package.json` under `source` that reads as an object, with its data."""
    for package in (p for p in walk(source) if p.name == "package.json"):
        try:
            data = json.loads(read_text(package))
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict):
            yield package, data


def marp_decks(source: Path) -> set[Path]:
    """The Markdown files (resolved) that Marp CLI is set to make slides of, with or
    without `marp: true` in them (Marp CLI reads any Markdown): those under the
    `inputDir` of a `package.json`'s `marp` settings, and those its scripts name."""
    decks: set[Path] = set()
    for package, data in _packages(source):
        settings = data.get("marp")
        folder = settings.get("inputDir") if isinstance(settings, dict) else None
        if isinstance(folder, str) and (package.parent / folder).is_dir():
            decks |= {p.resolve() for p in walk(package.parent / folder)
                      if p.suffix.lower() == ".md" and p.name.lower() not in READMES}
        scripts = data.get("scripts")
        for name in _MARP_FILE.findall(" ".join(map(str, scripts.values()))
                                       if isinstance(scripts, dict) else ""):
            if (package.parent / name).is_file():
                decks.add((package.parent / name).resolve())
    return decks


def slidev_decks(source: Path) -> set[Path]:
    """The Markdown files (resolved) that a `package.json` under `source` depending on
    Slidev (`@slidev/cli`) presents: those its scripts name, else its `slides.md`, or,
    with none beside it, each folder's under it (a repository of several decks, one
    folder each, which a build script hands to `slidev build "$dir/slides.md"`)."""
    decks: set[Path] = set()
    for package, data in _packages(source):
        if "@slidev/cli" not in json.dumps([data.get("dependencies"),
                                            data.get("devDependencies")]):
            continue
        scripts = data.get("scripts")
        named = _SLIDEV_FILE.findall(" ".join(map(str, scripts.values()))
                                     if isinstance(scripts, dict) else "")
        for name in named or ["slides.md"]:
            if (package.parent / name).is_file():
                decks.add((package.parent / name).resolve())
        if not named and not (package.parent / "slides.md").is_file():
            decks |= {p.resolve() for p in walk(package.parent) if p.name == "slides.md"}
    return decks


_SRC = re.compile(r"^src:[ \t]*[\"']?([^\s\"'#]+\.md)[\"']?[ \t]*$", re.MULTILINE)
"""A Slidev slide's `src: ./pages/intro.md`, which makes that file's slides its own."""


def slidev_parts(decks: set[Path]) -> dict[Path, Path]:
    """The files (resolved) that the Slidev `decks` include with `src:` (those the
    included files include too), each with its deck. They are parts of a talk, which
    reads them from its folder (`talks/<slug>/pages/intro.md`): imported as notes, each
    was a page and the talk failed to read it."""
    parts: dict[Path, Path] = {}
    for deck in sorted(decks):
        todo = [deck]
        while todo:
            naming = todo.pop()  # (a path is from the file that names it; `/x` the deck's)
            for name in _SRC.findall(read_text(naming)):
                part = (deck.parent / name.lstrip("/")).resolve() if name.startswith("/") \
                    else (naming.parent / name).resolve()
                if part.is_file() and part not in parts and part != deck \
                        and part.is_relative_to(deck.parent):
                    parts[part] = deck
                    todo.append(part)
    return parts


def deck_files(deck: Path, parts: dict[Path, Path], public: str) -> dict[str, str]:
    """The parts of `deck` by their names in its folder (`pages/intro.md`), with their
    texts' root paths led to its `public/` folder's files (`public`: their URL)."""
    return {part.relative_to(deck.parent).as_posix():
            public_paths(read_text(part), deck.parent / "public", public)
            for part, owner in parts.items() if owner == deck}


_ROOT_PATH = re.compile(r"(?:(?<=[(\"'\s=])|^)/([\w.-]+(?:/[\w.-]+)*\.[A-Za-z0-9]{2,5})"
                        r"(?=[)\"'\s?#]|$)", re.MULTILINE)
"""A root path of a file (`/chart.png`) after `(`, a quote, a space or `=`."""


def public_paths(text: str, public: Path, url: str) -> str:
    """`text` with each root path of a file in Slidev's `public/` folder (`/pin.png`,
    in Markdown, HTML or a slide's `background: /cover.jpg`) made its new URL, `url` +
    the path: Slidev served the folder at the deck's root, where a site of several
    decks has none of them."""
    if not public.is_dir():
        return text
    return _ROOT_PATH.sub(lambda m: f"{url}/{m.group(1)}" if (public / m.group(1)).is_file()
                          else m.group(), text)


_HEADING = re.compile(r"^#+ (.*)$", re.MULTILINE)


def slidev_title(body: str) -> str:
    """The title Slidev gives a deck whose head sets none: its first slide's first
    heading (of any level), as written; "" for none, or for one that shows no word
    (`# &shy;`, a blank title slide's)."""
    lines = body.split("\n")
    end = next((i for i, _ in separators(lines)), len(lines))
    found = _HEADING.search("\n".join(lines[:end]))
    title = found.group(1).strip() if found else ""
    return title if re.search(r"\w", unescape(title)) else ""


IMAGE_KEYS = ("background", "image")
"""A Slidev slide's settings naming an image (`layout: cover` with `background:`,
`layout: image-right` with `image:`)."""
_IMAGE_LINE = re.compile(r"^(background|image)([ \t]*:[ \t]*)([\"']?)([^\s\"'#:]"
                         r"[^\s\"':]*\.[A-Za-z0-9]{2,5})\3[ \t]*$")
"""A slide's `background: assets/cover.jpg`: a relative path to a file (no URL, no
root path, no colour)."""


def slidev_images(front: dict[str, Any], body: str, image: Callable[[str], str | None],
                  ) -> tuple[dict[str, Any], str, int]:
    """A Slidev deck's front matter and body with the relative images its settings name
    (`background: assets/cover.jpg`, in its head or a slide's front matter) as `image`
    gives their new paths, and how many: Slidev read them from the deck's folder,
    where the talk no longer is (the build failed on each)."""
    count = 0

    def new(value: str) -> str:
        nonlocal count
        found = _IMAGE_LINE.match(f"image: {value}")
        made = image(found.group(4)) if found is not None else None
        count += made is not None
        return made if made is not None else value

    front = {k: new(v) if k in IMAGE_KEYS and isinstance(v, str) else v
             for k, v in front.items()}
    lines = body.split("\n")
    for start, end in separators(lines):
        for i in range(start + 1, end if end is not None and end > 0 else start + 1):
            if (found := _IMAGE_LINE.match(lines[i])) is not None:
                key, colon, quote, value = found.groups()
                lines[i] = f"{key}{colon}{quote}{new(value)}{quote}"
    return front, "\n".join(lines), count
