"""Stage 4 (documents) — the checks of front matter values `frontmatter.parse` makes
(control characters, slugs, chapters, slide levels) and the problems they raise, each
at its key's line inside the Markdown file."""

from __future__ import annotations

import re
from typing import Any

from lanting.config.schema import CONTROL_CHARACTERS
from lanting.model.content import Kind, Source
from lanting.model.names import MAX_NAME_BYTES, RESERVED_PREFIX
from lanting.model.problem import Problem

SLUG_RE = re.compile(r"^[\w][\w.\-]*$")


def control_characters(source: Source, data: Any, lines: dict[str, int],
                        path: tuple[str, ...] = ()) -> list[Problem]:
    """Control characters in front-matter values (`"\\0"` escapes, text pasted from a
    terminal): no page, feed or XML file may carry them, so each is an error."""
    if isinstance(data, str):
        found = CONTROL_CHARACTERS.search(data)
        if found is None:
            return []
        return [problem(source, lines, path, f"control character U+{ord(found.group()):04X} "
                         "in the value", "remove it (it is invisible, and no page may show "
                         "it)")]
    if isinstance(data, dict):
        return [p for key, value in data.items()
                for p in control_characters(source, value, lines, (*path, str(key)))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data)
                for p in control_characters(source, value, lines, (*path, str(i)))]
    return []


def slug_problems(source: Source, lines: dict[str, int], slug: str) -> list[Problem]:
    if not SLUG_RE.fullmatch(slug):
        return [problem(source, lines, ("slug",), f"`{slug}` is not a valid slug",
                         "use letters, digits, `-`, `_` and `.` only, no `/`")]
    if len(slug.encode()) > MAX_NAME_BYTES:
        return [problem(source, lines, ("slug",),
                         f"`{slug[:24]}…` is {len(slug.encode())} bytes long: file systems "
                         f"allow {MAX_NAME_BYTES} bytes in a folder name",
                         "choose a shorter slug")]
    if slug.lower().startswith(RESERVED_PREFIX):
        return [problem(source, lines, ("slug",),
                         f"`{slug}` starts with `{RESERVED_PREFIX}`, which is reserved: "
                         f"`lanting serve` answers /{RESERVED_PREFIX}/ itself",
                         f"choose a slug that does not start with `{RESERVED_PREFIX}`")]
    return []


def problem(source: Source, lines: dict[str, int], path: tuple[str, ...], message: str,
             hint: str | None = None) -> Problem:
    # The item of a list if its line is known (`news.2`), else the key's line.
    line = (lines.get(".".join(path[:2])) or lines.get(path[0])) if path else None
    return Problem(f"{'.'.join(path)}: {message}" if path else message, source.path,
                   line or 1, hint=hint)


def chapter_number(value: Any) -> str | None:
    """`chapter: 3` (or `"2.3"`, a part of chapter 2 that is a page of its own, as
    Sphinx numbers the documents of a numbered toctree; `A`, an appendix, as Quarto
    letters them) as text; None if it is none."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    text = str(value).strip()
    return text if re.fullmatch(r"(?:\d+|[A-Z])(?:\.\d+)*", text) else None


def slide_level_problems(source: Source, level: int | None,
                         lines: dict[str, int]) -> list[Problem]:
    """`slide_level` (a deck made for Pandoc, `--slide-level` in its Makefile) is a
    talk's, a heading level or 0."""
    if level is None:
        return []
    if source.kind is not Kind.TALK:
        return [problem(source, lines, ("slide_level",), "only a talk has a `slide_level`",
                         "remove it")]
    if not 0 <= level <= 6:
        return [problem(source, lines, ("slide_level",), f"`{level}` is no heading level",
                         "write 1 to 6 (the headings of that level and above start a "
                         "slide), or 0 (only lines `---` do)")]
    return []


_FIRST_HEADING = re.compile(r"\A\s*#[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def title_hint(body: str, talk: bool = False) -> str | None:
    """A note written in Obsidian, Typora or MkDocs has its title as a first `# heading`,
    which Lanting does not read as the title: say what to write. A talk's (a Marp deck's)
    is its title slide's heading, which stays."""
    heading = _FIRST_HEADING.match(body)
    if heading is None:
        return "add `title: …` to the front matter"
    title = heading.group(1).strip()
    quoted = title.replace('"', '\\"')
    if talk:
        return (f'write `title: "{quoted}"` in the front matter (the talk\'s page and '
                "listing show it; the first slide keeps its heading)")
    return (f'write `title: "{quoted}"` in the front matter and remove the `# {title}` '
            "line (the theme shows the title above the text)")
