"""A site's own include that draws a picture for each row of a data file
(`{% include gallery.html %}` over `_data/gallery.csv`: a loop `{% for photo in
site.data.gallery %}` around `<img src="{{ photo.image }}" alt="{{ photo.caption }}">`),
or for each picture of a folder its parameter names (`{% include image-gallery.html
folder="/assets/images/album" %}`, a loop over `site.static_files` keeping those whose
path contains `include.folder`): Lanting's `::: gallery` of those pictures, each
captioned by the row's value the include showed. (The include was left in a comment,
with a warning: the photos were lost.)"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import is_image, read_text
from lanting.importer.text import load_list

_LOOP = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+site\.data\.([\w-]+)\s*-?%\}(.*?)"
                   r"\{%-?\s*endfor\s*-?%\}", re.DOTALL)
_BASE = re.compile(r"\{\{-?\s*site\.(?:baseurl|url)\s*-?\}\}")
_LIQUID = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)


def _value(var: str, written: str) -> str | None:
    """The field a `{{ photo.image | relative_url }}` shows (`image`), or None."""
    found = re.fullmatch(rf"\{{\{{-?\s*{var}\.(\w+)\s*(?:\|\s*(?:relative_url|absolute_url)"
                         rf"\s*)?-?\}}\}}", written.strip())
    return found.group(1) if found else None


def _attribute(tag: str, name: str) -> str | None:
    found = re.search(rf"""\b{name}\s*=\s*(["'])(.*?)\1""", tag, re.DOTALL)
    return found.group(2) if found else None


def data_rows(source: Path, name: str) -> list[dict[str, Any]] | None:
    """The rows of `_data/<name>` (`.yml`, `.yaml`, `.json` or `.csv`), or None."""
    for ext in (".yml", ".yaml", ".json", ".csv"):
        path = source / "_data" / f"{name}{ext}"
        if not path.is_file():
            continue
        text = read_text(path)
        if ext == ".csv":
            return list(csv.DictReader(io.StringIO(text)))
        try:
            rows: Any = json.loads(text) if ext == ".json" else load_list(text)
        except ValueError:
            return None
        return [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else None
    return None


def data_gallery(source: Path, name: str) -> str | None:
    """The `::: gallery` the site's include `name` drew from a data file, or None when
    it is no such include (more than the loop, a picture not named by a row's value)."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    text = read_text(path)
    loops = _LOOP.findall(text)
    outside = _LOOP.sub("", text)  # (a `<div>` around the loop, nothing else)
    if len(loops) != 1 or _LIQUID.search(outside) or re.sub(r"<[^>]*>", "", outside).strip():
        return None
    var, data, inner = loops[0]
    img = re.search(r"<img\b[^>]*>", inner)
    src = _attribute(img.group(), "src") if img else None
    if img is None or src is None:
        return None
    src = _BASE.sub("", src)
    field = re.search(r"\{\{.*?\}\}", src)
    if field is None or src[field.end():].strip():
        return None
    key, prefix = _value(var, field.group()), src[:field.start()]  # (`/assets/img/{{ … }}`)
    rows = data_rows(source, data)
    if key is None or not rows:
        return None
    caption = re.search(r"<figcaption\b[^>]*>\s*(\{\{.*?\}\})\s*</figcaption>", inner)
    shown = [_value(var, w) for w in (caption.group(1) if caption else "",
                                      _attribute(img.group(), "alt") or "",
                                      _attribute(img.group(), "title") or "")]
    text_key = next((k for k in shown if k), None)
    lines = []
    for row in rows:
        if not str(row.get(key) or "").strip():
            continue
        url = prefix + str(row[key]).strip()
        url = url if url.startswith(("/", "http")) else "/" + url
        words = B.plain_inline(str(row.get(text_key) or "")) if text_key else ""
        title = f' "{words}"' if words and caption else ""
        lines.append(f"![{words}]({url}{title})")
    return B.block("::: gallery\n" + "\n".join(lines) + "\n:::") if lines else None


_STATIC_LOOP = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+site\.static_files\s*-?%\}")


def folder_gallery(source: Path, name: str, named: dict[str, str]) -> str | None:
    """The `::: gallery` of the pictures of the folder the site's include `name` showed
    (`folder="/assets/images/album"`: the files of `site.static_files` whose path holds
    it, of the extensions its `extname` tests name, by name,
    each its file name without the extension as its text), or None when it is no such
    include or the folder holds no picture."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    text = read_text(path)
    loop = _STATIC_LOOP.search(text)
    kept = re.search(rf"\b{loop.group(1)}\.path\s+contains\s+include\.(\w+)", text) \
        if loop else None
    shown = str(named.get(kept.group(1)) or "").strip("/ ") if kept else ""
    album = (source / shown).resolve()
    if not shown or "<img" not in text or not album.is_relative_to(source.resolve()) \
            or not album.is_dir():
        return None
    suffixes = set(re.findall(r"extname\s*==\s*['\"](\.\w+)['\"]", text))
    lines = [f"![{B.plain_inline(file.stem)}](/{shown}/{file.name})"
             for file in sorted(album.iterdir()) if file.is_file() and is_image(file)
             and (not suffixes or file.suffix in suffixes)]
    return B.block("::: gallery\n" + "\n".join(lines) + "\n:::") if lines else None
