"""Template overrides and the theme's originals they were copied from.

`lanting theme copy post.html` writes `templates/post.html` with a first line that names
the original's digest:

    {# lanting theme copy: post.html sha256:0123abcd… (Lanting 0.1.0) -#}

A Jinja comment renders as nothing (`-#}` takes its line end too, so `atom.xml` still
starts with `<?xml`). When a later Lanting changes the theme's
`post.html`, `Override.stale` (every check and build asks it) sees the digest differ and
warns, so an upgrade does not silently leave a customised site on an old page structure.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from lanting import __version__
from lanting.render.templates import THEME_TEMPLATES

STAMP = re.compile(r"\{#-? lanting theme copy: (?P<name>\S+) sha256:(?P<digest>[0-9a-f]{16,64})"
                   r"(?: \(Lanting (?P<version>[^)]*)\))? -?#\}")
DIGEST_LENGTH = 16


def theme_templates() -> list[str]:
    """Every template of the theme, by name (`post.html`, `_macros.html`, `atom.xml`)."""
    return sorted(p.relative_to(THEME_TEMPLATES).as_posix()
                  for p in THEME_TEMPLATES.rglob("*") if p.is_file())


def original_digest(name: str) -> str:
    data = (THEME_TEMPLATES / name).read_bytes()
    return hashlib.sha256(data).hexdigest()[:DIGEST_LENGTH]


def stamp_line(name: str) -> str:
    return (f"{{# lanting theme copy: {name} sha256:{original_digest(name)} "
            f"(Lanting {__version__}) -#}}")


@dataclass(frozen=True, slots=True)
class Override:
    name: str
    path: Path
    stamped: str | None
    """The digest the copy was stamped with; None: not made by `lanting theme copy`."""
    version: str | None
    """The Lanting version it was copied from."""

    @property
    def stale(self) -> bool:
        """Copied from an original that has changed since."""
        return self.stamped is not None and self.stamped != original_digest(self.name)


def overrides(site: Path) -> list[Override]:
    """The site's templates that replace one of the theme's."""
    found = []
    folder = site / "templates"
    for name in theme_templates():
        path = folder / name
        if not path.is_file():
            continue
        head = path.read_text(encoding="utf-8", errors="replace")[:400]
        match = STAMP.search(head)
        if match and match.group("name") == name:
            found.append(Override(name, path, match.group("digest"), match.group("version")))
        else:
            found.append(Override(name, path, None, None))
    return found


def stale_message(item: Override) -> tuple[str, str]:
    """(message, hint) of a warning about a stale override."""
    since = f" (Lanting {item.version})" if item.version else ""
    return (f"the theme's {item.name} has changed since this copy was made{since}: "
            "your override may miss new features or fixes",
            f"compare: lanting theme show {item.name} | diff - templates/{item.name}; then "
            f"replace its first line with: {stamp_line(item.name)}")
