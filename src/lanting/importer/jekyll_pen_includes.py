"""A site's own include embedding a CodePen pen with CodePen's snippet, `{% include
codepen.html hash="zYvOave" title="Hello" %}` showing `<p class="codepen"
data-slug-hash="{{ include.hash }}" data-user="{{ username }}">` (the user its
parameter, or `site.codepen_username` when none was given) and the script turning it
into the pen's frame: a link to the pen, as the snippet showed before its script ran
(Lanting embeds no pens, as for Hugo's `codepen` shortcode)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import read_text

_SLUG = re.compile(r"""data-slug-hash=["']\{\{-?\s*include\.([\w-]+)\s*-?\}\}["']""")
_USER = re.compile(r"""data-user=["']\{\{-?\s*([\w.-]+)\s*-?\}\}["']""")


def pen_include(source: Path, name: str, named: dict[str, str],
                config: dict[str, Any]) -> str | None:
    """The link to the pen the site's include `name`, given the parameters `named`,
    embedded; None when the site has no such include, it is no CodePen snippet, or its
    pen or user is not known."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    text = read_text(path)
    slug, user = _SLUG.search(text), _USER.search(text)
    pen = named.get(slug.group(1), "").strip() if slug else ""
    if not re.fullmatch(r"[\w-]+", pen) or user is None:
        return None

    def value(expression: str, depth: int = 0) -> str | None:
        if expression.startswith("include."):
            return named.get(expression.removeprefix("include.")) or None
        if expression.startswith("site."):
            found = config.get(expression.removeprefix("site."))
            return found if isinstance(found, str) and found else None
        # (a name the include assigned, in order: `{% assign username = include.username
        # %}`, then `{% unless username %}{% assign username = site.codepen_username %}`)
        for assign in re.finditer(rf"\{{%-?\s*assign\s+{re.escape(expression)}\s*=\s*"
                                  r"([\w.-]+)\s*-?%\}", text):
            found = value(assign.group(1), depth + 1) if depth < 4 else None
            if found:
                return found
        return None

    who = value(user.group(1))
    if who is None or not re.fullmatch(r"[\w.-]+", who):
        return None
    title = re.sub(r"([\[\]])", r"\\\1", named.get("title") or "").strip()
    return B.block(f"[CodePen{': ' + title if title else ''}]"
                   f"(https://codepen.io/{who}/pen/{pen})")
