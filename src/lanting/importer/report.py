"""What an import did: the constructs it converted (counted by kind), what it could not
convert or converted with a loss (warnings, `file:line`), and what it left out on purpose
(notices)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Entry:
    severity: str
    """`error`: the old site is at fault in a way the import cannot settle (the new site is
    written, and `lanting import` fails); `warning`: not converted, or converted with a
    loss; `notice`: left out on purpose."""
    path: str
    """Relative to the source site."""
    line: int | None
    message: str

    def format(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.severity}: {self.message}"


@dataclass
class Report:
    source: Path
    kind: str
    converted: Counter[str] = field(default_factory=Counter)
    entries: list[Entry] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    """Posts, drafts, pages, talks, news items, publications, files written."""

    def rel(self, path: Path | str) -> str:
        path = Path(path)
        try:
            return path.relative_to(self.source).as_posix()
        except ValueError:
            return path.as_posix()

    def convert(self, what: str, times: int = 1) -> None:
        if times:
            self.converted[what] += times

    def error(self, path: Path | str, line: int | None, message: str) -> None:
        self.entries.append(Entry("error", self.rel(path), line, message))

    def warn(self, path: Path | str, line: int | None, message: str) -> None:
        self.entries.append(Entry("warning", self.rel(path), line, message))

    def note(self, path: Path | str, line: int | None, message: str) -> None:
        self.entries.append(Entry("notice", self.rel(path), line, message))

    @property
    def warnings(self) -> list[Entry]:
        return [e for e in self.entries if e.severity == "warning"]

    @property
    def errors(self) -> list[Entry]:
        return [e for e in self.entries if e.severity == "error"]

    def format(self, dest: Path, dry_run: bool) -> str:
        lines = [f"lanting import: {self.kind} site {self.source} -> {dest}"
                 + (" (dry run: nothing written)" if dry_run else "")]
        counted = ", ".join(f"{n} {what}" for what, n in self.counts.items() if n)
        if counted:
            lines.append(counted)
        if self.converted:
            lines.append("converted: " + ", ".join(
                f"{what} ×{n}" for what, n in sorted(self.converted.items())))
        order = {"error": 0, "warning": 1, "notice": 2}
        for entry in sorted(self.entries, key=lambda e: (e.path, e.line or 0,
                                                          order[e.severity])):
            lines.append(entry.format())
        notices = len(self.entries) - len(self.warnings) - len(self.errors)
        lines.append(f"{sum(self.converted.values())} constructs converted, "
                     f"{len(self.warnings)} not converted or converted with a loss "
                     f"(warnings), {notices} notices"
                     + (f", {len(self.errors)} errors (to fix in the old site)"
                        if self.errors else ""))
        return "\n".join(lines)
