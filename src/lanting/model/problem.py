"""A problem found in the user's site: where it is, what it is, what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in the user's site, located as precisely as we can."""

    message: str
    path: Path | None = None
    line: int | None = None
    """1-based line in `path`, when known."""
    column: int | None = None
    hint: str | None = None
    severity: str = "error"
    """"error" stops the build; "warning" is printed (fatal with --strict)."""
    excerpt: str | None = None
    """The source around the problem, with a caret line under it (printed indented)."""

    def location(self, relative_to: Path | None = None) -> str:
        if self.path is None:
            return ""
        path = self.path
        if relative_to is not None:
            try:
                path = path.relative_to(relative_to)
            except ValueError:
                pass
        text = str(path)
        if self.line is not None:
            text += f":{self.line}"
            if self.column is not None:
                text += f":{self.column}"
        return text

    def format(self, relative_to: Path | None = None) -> str:
        where = self.location(relative_to)
        head = f"{self.severity}: {self.message}"
        if where:
            head = f"{where}: {head}"
        head += f" (hint: {self.hint})" if self.hint else ""
        if self.excerpt:
            head += "".join("\n    " + line for line in self.excerpt.split("\n"))
        return head
