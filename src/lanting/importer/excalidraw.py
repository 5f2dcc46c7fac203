"""Drawings of Obsidian's Excalidraw plugin kept among the notes: a `.md` file whose
front matter says `excalidraw-plugin` (its text the drawing's words and compressed JSON,
which only the plugin draws; imported as a note, it was a page of "Switch to EXCALIDRAW
VIEW" and code, and an embed of it an image of that page). It is no note: an embed of it
shows the image the plugin's auto-export wrote beside it, else nothing, with a warning
saying how to get one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

NOT_DRAWN = ("an Excalidraw drawing, which only the plugin draws: turn on its auto-export "
             "(SVG or PNG) in Obsidian, then import again")


def is_drawing(front: dict[str, Any]) -> bool:
    return "excalidraw-plugin" in front


def exported_image(path: Path) -> Path | None:
    """The image auto-export wrote beside the drawing `path`: `BN2.md` → `BN2.svg` (or
    `.png`); `BN2.excalidraw.md` → `BN2.excalidraw.svg`, else `BN2.svg`."""
    stem = path.name[: -len(path.suffix)]
    stems = [stem, stem.removesuffix(".excalidraw")] if stem.endswith(".excalidraw") \
        else [stem]
    for name in (s + ext for s in stems for ext in (".svg", ".png")):
        if (path.parent / name).is_file():
            return path.parent / name
    return None
