"""tufte-jekyll's Liquid tags, which its `_plugins/*.rb` register (course notes made
from cs228-notes copy them): `{% math %}…{% endmath %}` and `{% m %}…{% em %}`,
MathJax's display and inline formulas; `{% sidenote id 'text' %}` and `{% marginnote
id 'text' %}`, notes in the margin, as footnotes; `{% maincolumn 'img' 'caption' %}`,
`{% fullwidth 'img' 'caption' %}` and `{% marginfigure id 'img' 'caption' %}` as
captioned images; `{% newthought 'words' %}` as its words. Each tag's arguments are
read as the plugin read them, split as a shell splits words."""

from __future__ import annotations

import re
import shlex
from functools import lru_cache
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf

TUFTE_TAGS = frozenset({"math", "m", "sidenote", "marginnote", "maincolumn", "fullwidth",
                        "marginfigure", "newthought"})
_REGISTERED = re.compile(r"register_tag\(\s*['\"](\w+)['\"]")
_DISPLAY = re.compile(r"\{%-?\s*math\s*-?%\}(.*?)\{%-?\s*endmath\s*-?%\}", re.DOTALL)
_INLINE = re.compile(r"\{%-?\s*m\s*-?%\}(.*?)\{%-?\s*em\s*-?%\}", re.DOTALL)
_TAG = re.compile(r"\{%-?\s*(sidenote|marginnote|maincolumn|fullwidth|marginfigure|newthought)"
                  r"\s+((?:[^%]|%(?!\}))*?)\s*-?%\}")


@lru_cache(maxsize=16)
def tufte_tags(source: Path) -> frozenset[str]:
    """The tags of tufte-jekyll the site's own plugins register."""
    found: set[str] = set()
    for path in sorted((source / "_plugins").glob("*.rb")):
        found |= set(_REGISTERED.findall(read_text(path)))
    return frozenset(found & TUFTE_TAGS)


def tufte(text: str, source: Path, shelf: Shelf, ctx: Context) -> str:
    """`text` with the tufte-jekyll tags its site registers written as Lanting
    Markdown, its notes as footnotes at its end."""
    known = tufte_tags(source)
    if not known:
        return text
    if "math" in known:
        text, count = _DISPLAY.subn(lambda m: "\n\n" + shelf.put(
            f"$$\n{m.group(1).strip()}\n$$", "M") + "\n\n", text)
        ctx.convert("tufte-jekyll's `{% math %}` formulas", count)
    if "m" in known:
        text, count = _INLINE.subn(lambda m: shelf.put(f"${m.group(1).strip()}$", "M"), text)
        ctx.convert("tufte-jekyll's `{% m %}` formulas", count)
    notes: list[str] = []

    def one(match: re.Match[str]) -> str:
        name, args = match.groups()
        if name not in known:
            return match.group()
        try:
            words = shlex.split(args)
        except ValueError:
            return match.group()
        need = {"sidenote": 2, "marginnote": 2, "maincolumn": 1, "fullwidth": 1,
                "marginfigure": 2, "newthought": 1}[name]
        if len(words) < need:
            return match.group()
        ctx.convert(f"tufte-jekyll's `{{% {name} %}}`")
        if name == "newthought":
            return words[0]
        if name in ("sidenote", "marginnote"):
            notes.append(words[1])
            return f"[^sn-{len(notes)}]"
        image, caption = (words[1], words[2:3]) if name == "marginfigure" else \
            (words[0], words[1:2])
        return "\n\n" + _image(image, caption[0] if caption else "") + "\n\n"

    text = _TAG.sub(one, text)
    if notes:
        text = text.rstrip("\n") + "\n\n" + "\n\n".join(
            f"[^sn-{n}]: {' '.join(note.split())}" for n, note in enumerate(notes, 1)) + "\n"
    return text


def _image(path: str, caption: str) -> str:
    """The figure a tag drew: the image (a path from the site's root, as the plugin put
    the `baseurl` before it) with its caption."""
    url = path if path.startswith(("http://", "https://", "//", "/")) else "/" + path
    alt = " ".join(re.sub(r"[\[\]]", "", caption).split())
    title = ' "' + " ".join(caption.split()).replace('"', "&quot;") + '"' if caption else ""
    return f"![{alt}]({url}{title})"
