"""Marp's directives: which there are, and what a Lanting talk does with each.

A Marp deck (`marp: true` in its front matter) sets directives in the front matter or in
HTML comments (`<!-- _class: lead -->`); a leading `_` makes a local directive apply to
its slide only. Lanting's deck has a look of its own, so most of them change nothing a
reader would miss (`theme`, `size`, `paginate`): they are accepted and ignored. Those
Lanting shows (`class`, `backgroundColor`, `color`, `header`, `footer`,
`headingDivider`; `style`, the deck's CSS, scoped to its slides) apply; the others are
a warning saying what to write instead (`site.marp`).
"""

from __future__ import annotations

from typing import Any

from lanting.content.foreign import EQUIVALENTS, HARMLESS
from lanting.model.content import Kind, Source
from lanting.model.problem import Problem

SHOWN = frozenset({"class", "backgroundColor", "color", "header", "footer",
                   "headingDivider", "style"})
"""Directives a Lanting talk applies."""

IGNORED = frozenset({"marp", "theme", "size", "paginate", "transition", "math", "lang",
                     "backgroundPosition", "backgroundRepeat", "backgroundSize"})
"""Directives that change only the look, which Lanting's deck sets itself (16:9, the
site's theme, the slide number in the deck's counter)."""

NOT_SHOWN = {
    "backgroundImage": "write the image in the slide as `![bg](picture.png)` instead",
}
"""Directives whose effect a reader would miss: a warning, with what to do instead."""

METADATA = frozenset({"title", "author", "description", "image", "keywords", "url"})
"""Marp CLI's metadata: Lanting's front matter says these (`title`, `summary`, …). In a
Marp deck `description` is the talk's `summary` (unless it has one), and `author` and
`keywords`, which only Marp CLI's HTML `<meta>` showed, are accepted and ignored (a
talk is the site's author's), as Slidev's are."""

_META_IGNORED = frozenset({"author", "keywords"})

DIRECTIVES = SHOWN | IGNORED | METADATA | frozenset(NOT_SHOWN)

OPTIONS = frozenset({"html"})
"""Marp's options that many decks write in their front matter (`html: true`), where no
Marp tool reads them (Marp CLI's `--html` and Marp for VS Code's settings do): they
change nothing Marp showed, and a Marp deck's are ignored. Lanting shows a talk's HTML
as `[markdown] raw_html` says."""


def is_marp_key(key: str) -> bool:
    """Whether Marp reads `key` of a deck's front matter (a directive, or an option many
    decks write there); Marp passes over any other key."""
    return directive_name(key) in DIRECTIVES or key in OPTIONS


def directive_name(key: str) -> str:
    """`_class` -> `class` (a spot directive), `$theme` -> `theme` (old global form)."""
    return key[1:] if key[:1] in ("_", "$") and key[1:] in DIRECTIVES else key


def split_marp_keys(source: Source, data: dict[str, Any], lines: dict[str, int],
                    ) -> tuple[dict[str, Any], dict[str, Any] | None, list[Problem]]:
    """The front matter without Marp's keys, the directives of a Marp deck (None when
    `marp: true` is not set), and the problems: `marp` outside a talk is an error."""
    if "marp" not in data:
        marp_keys = [k for k in data if source.kind is Kind.TALK
                     and directive_name(k) in DIRECTIVES - METADATA - {"lang"}
                     and k not in HARMLESS and k not in EQUIVALENTS]  # (`math`)
        return {k: v for k, v in data.items() if k not in marp_keys}, None, [
            Problem(f"{key}: unknown key `{key}`", source.path, lines.get(key, 1),
                    hint=f"`{key}` is a setting of Marp: add `marp: true` to the front "
                         "matter to read the talk as a Marp deck")
            for key in marp_keys]
    if source.kind is not Kind.TALK:
        rest = {k: v for k, v in data.items() if k != "marp"}
        return rest, None, [Problem(
            "`marp`: a Marp deck is a talk", source.path, lines.get("marp", 1),
            hint="move the file to content/talks/ (its slides and speaker notes are "
                 "read there), or remove `marp: true`")]
    if data["marp"] is not True:
        rest = {k: v for k, v in data.items() if k != "marp"}
        return rest, None, []
    kept: dict[str, Any] = {}
    directives: dict[str, Any] = {}
    for key, value in data.items():
        if directive_name(key) in DIRECTIVES - METADATA - {"lang"} or key in OPTIONS:
            directives[key] = _plain(value)
        elif key == "description" and "summary" not in data and isinstance(value, str):
            kept["summary"] = value
            lines.setdefault("summary", lines.get("description", 1))
        elif key not in _META_IGNORED:
            kept[key] = value
    return kept, directives, []


def _plain(value: Any) -> Any:
    """YAML's maps and lists as dict and list (the front matter is cached)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
