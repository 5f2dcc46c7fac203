"""The `{% … %}` tags of Pelican's liquid_tags plugins, as the data-science blogs wrote
them: `{% notebook path [cells[i:j]] %}` (ipynb.liquid: a notebook of `NOTEBOOK_DIR`
shown in the post) → the post becomes a notebook post, its text around the cells;
`{% img [class] /url [width [height]] [title [alt]] %}` → an image;
`{% video /url [width height] [poster] %}` → a video;
`{% include_code file [lang:x] [title] %}` (a file of `CODE_DIR`) → a fenced block of
the file's code; `{% literal tag … %}` → the tag as text. Any other is left in a
comment, with a warning."""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context, tags
from lanting.importer.shelf import Shelf, fence
from lanting.importer.site import NOTEBOOK

_CELLS = re.compile(r"cells\[\s*(-?\d*)\s*:\s*(-?\d*)\s*\]")
_IMG = re.compile(r"^(?:(?P<cls>[^\s/]\S*)\s+)*?(?P<src>(?:https?://|/)\S+|\S+\.\w{2,4})"
                  r"(?:\s+(?P<width>\d+%?))?(?:\s+(?P<height>\d+%?))?"
                  r"(?:\s+(?P<rest>.*))?$")


def _title_alt(rest: str) -> tuple[str, str]:
    """`[title] [alt]`, `"title" "alt"` or plain words: (title, alt)."""
    parts = re.findall(r"\[([^\]]*)\]|\"([^\"]*)\"|'([^']*)'", rest)
    found = [next(p for p in part if p) if any(part) else "" for part in parts]
    if not found:
        return rest.strip(), rest.strip()
    return found[0], found[1] if len(found) > 1 else found[0]


def liquid_tags(text: str, item: Item, content: Path, settings: dict[str, Any],
                ctx: Context, shelf: Shelf) -> str:
    """`text` (its code put aside) with the liquid_tags plugins' tags converted."""
    notebook_dir = content / str(settings.get("NOTEBOOK_DIR") or "notebooks")
    code_dir = content / str(settings.get("CODE_DIR") or "code")

    def notebook(args: str, written: str) -> str:
        words = args.split()
        # (in `NOTEBOOK_DIR`; an older plugin read the path from the content folder)
        file = next((f for f in (notebook_dir / words[0], content / words[0])
                     if f.is_file()), notebook_dir) if words else notebook_dir
        if not words or not file.is_file():
            return ctx.leave(written, "no such notebook in `NOTEBOOK_DIR`")
        try:
            loaded = json.loads(read_text(file))
        except ValueError:
            return ctx.leave(written, "not a notebook")
        cells = loaded.get("cells") if isinstance(loaded, dict) else None
        if not isinstance(cells, list):
            return ctx.leave(written, "a notebook without cells (nbformat 3?)")
        if item.notebook is not None:
            ctx.warn(written, "a second notebook in one post: a link to its file")
            return f"[{file.name}](/{file.relative_to(content).as_posix()})"
        sliced = _CELLS.search(args)
        if sliced:  # (`cells[2:]`: the title cells left out, as the plugin did)
            cells = cells[int(sliced.group(1)) if sliced.group(1) else None:
                          int(sliced.group(2)) if sliced.group(2) else None]
        item.notebook = {**loaded, "cells": cells}
        ctx.convert("{% notebook %} tags as notebook posts (the cells shown in place)")
        return "\n\n" + NOTEBOOK + "\n\n"

    def img(args: str, written: str) -> str:
        found = _IMG.match(args.strip())
        if found is None:
            return ctx.leave(written, "no image in it")
        title, alt = _title_alt(found.group("rest") or "")
        ctx.convert("{% img %} tags as images")
        size = B.size_block(found.group("width") or "", found.group("height") or "")
        return f"![{alt}]({found.group('src')}" + (f' "{title}"' if title and title != alt
                                                  else "") + ")" + size

    def video(args: str, written: str) -> str:
        words = args.split()
        if not words:
            return ctx.leave(written, "no video in it")
        poster = next((w for w in words[1:] if not w.isdigit()), "")
        ctx.convert("{% video %} tags as videos")
        return B.block(f'<video controls src="{words[0]}"'
                       + (f' poster="{poster}"' if poster else "") + "></video>")

    def include_code(args: str, written: str) -> str:
        words = args.split()
        if not words:
            return ctx.leave(written, "no file named")
        file = code_dir / words[0]
        if ".." in PurePosixPath(words[0]).parts or not file.is_file():
            return ctx.leave(written, f"no file `{words[0]}` in `CODE_DIR`")
        lang = next((w[5:] for w in words[1:] if w.startswith("lang:")), "")
        title = " ".join(w for w in words[1:] if not re.match(r"^(?:lang|codec):", w))
        ctx.convert("{% include_code %} tags as the files' code")
        code = read_text(file).rstrip("\n")
        return shelf.put(fence(lang or file.suffix[1:], code,
                               {"title": title or file.name}))

    def literal(args: str, written: str) -> str:
        return "`{% " + args.strip() + " %}`"

    return tags(text, {"notebook": notebook, "img": img, "video": video,
                       "include_code": include_code, "literal": literal}, ctx)
