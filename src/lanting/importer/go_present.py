"""A deck written for Go's `present` tool (`talk.slide`) → a talk's Markdown.

The format (golang.org/x/tools/present) opens with a header: the title, a subtitle, a
date (`2 Jan 2006`, or `15:04 2 Jan 2006`), `Tags:` and `Summary:` lines, then, after a
blank line, blocks of authors (a name, then lines of affiliation, mail, address). Each
`* Title` line starts a slide (`** Title` a heading inside it). A line `: text` is a
presenter note; a line starting with `.` is an action: `.code` and `.play` show a file's
lines (its address, `/START OMIT/,/END OMIT/`, picks them; lines ending in `OMIT` are
left out; `HLname` highlights the lines marked `// HLname`), `.image`, `.background`,
`.link`, `.caption`, `.iframe`, `.html`. A deck whose title line starts with `# ` is
written in Markdown (its slides `## Title`); the older form has its own marks: `*bold*`,
`_italic_` (a lone `_` inside is a space), `[[url][label]]`, a line indented is
preformatted, a `#` line a comment.

Read with no `present` at hand, such a deck was a file copied as it was, not a talk.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_TIME_FORMS = ("%H:%M %d %b %Y", "%d %b %Y", "%H:%M %d %B %Y", "%d %B %Y")
_CODE = re.compile(r"^\.(code|play)\s+((?:-(?:edit|numbers)\s+)*)(\S+)(.*)$")
_HL = re.compile(r"\s+HL(\w+)\s*$")
_HL_MARK = re.compile(r"[ \t]*//[ \t]*HL(\w*)[ \t]*$")
_LANGUAGES = {".go": "go", ".py": "python", ".js": "javascript", ".c": "c", ".h": "c",
              ".sh": "sh", ".java": "java", ".rs": "rust", ".html": "html", ".json": "json",
              ".yaml": "yaml", ".yml": "yaml", ".sql": "sql", ".proto": "protobuf",
              ".cpp": "cpp", ".cc": "cpp", ".ts": "typescript", ".rb": "ruby"}
_LINK = re.compile(r"\[\[([^\]\s]+)\](?:\[([^\]]*)\])?\]")


@dataclass
class Present:
    """What a `.slide` file becomes: the talk's front matter and Markdown, and what did
    not convert (line, message), for the import's report."""

    front: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    warnings: list[tuple[int, str]] = field(default_factory=list)
    converted: list[str] = field(default_factory=list)


def is_present(text: str) -> bool:
    """Whether `text` reads as a present deck: a slide line (`* Title`, or `## Title` in
    a Markdown one) after a header that opens the file."""
    lines = text.split("\n")
    first = next((ln for ln in lines if ln.strip() and not ln.startswith("//")), "")
    mark = "## " if first.startswith("# ") else "* "
    return bool(first) and any(ln.startswith(mark) for ln in lines)


def read_present(text: str, read: Callable[[str], str | None]) -> Present:
    """The talk of the deck `text`; `read(path)` gives a file the deck names (None:
    not there), from the deck's folder."""
    out = Present()
    lines = text.replace("\r\n", "\n").split("\n")
    markdown = next((ln for ln in lines if ln.strip()), "").startswith("# ")
    comment = "//" if markdown else "#"  # (a comment line, left out as present does)
    numbered = [(n + 1, ln) for n, ln in enumerate(lines) if not ln.startswith(comment)]
    at = _header(numbered, markdown, out)
    slide = "## " if markdown else "* "
    while at < len(numbered) and not numbered[at][1].startswith(slide):
        at += 1  # (the authors' blocks, which the front matter holds)
    slides: list[str] = []
    while at < len(numbered):
        end = next((i for i in range(at + 1, len(numbered))
                    if numbered[i][1].startswith(slide)), len(numbered))
        slides.append(_slide(numbered[at:end], markdown, read, out))
        at = end
    out.body = "\n\n---\n\n".join(slides) + "\n"
    return out


def _header(lines: list[tuple[int, str]], markdown: bool, out: Present) -> int:
    """The header's fields into `out.front`; the index after them and the authors."""
    at = next((i for i, (_n, ln) in enumerate(lines) if ln.strip()), len(lines))
    if at == len(lines):
        return at
    out.front["title"] = lines[at][1].removeprefix("# ").strip() if markdown \
        else lines[at][1].strip()
    at += 1
    while at < len(lines) and lines[at][1].strip():
        line = lines[at][1].strip()
        key, _colon, value = line.partition(":")
        if key in ("Tags", "Summary", "OldURL") and _colon:
            if key == "Tags":
                out.front["tags"] = [t.strip() for t in value.split(",") if t.strip()]
            elif key == "Summary":
                out.front["summary"] = value.strip()
        elif (when := _time(line)) is not None:
            out.front["date"] = when
        elif "subtitle" not in out.front:
            out.front["subtitle"] = line
        at += 1
    authors: list[str] = []
    institutes: list[str] = []
    slide = "## " if markdown else "* "
    block: list[str] = []
    for _n, line in [*lines[at:], (0, "")]:
        if line.startswith(slide):
            break
        if line.strip():
            block.append(line.strip())
            continue
        if block:  # (an author: the name, then the lines about them)
            authors.append(block[0])
            institutes += [b for b in block[1:] if not _contact(b) and b not in institutes]
        block = []
    if authors:
        out.front["author"] = authors if len(authors) > 1 else authors[0]
    if institutes:
        out.front["institute"] = "; ".join(institutes)
    return at


def _contact(line: str) -> bool:
    """A mail address, a web address or a Twitter name: present linked them."""
    return "@" in line or "://" in line or line.startswith("www.")


def _time(text: str) -> dt.date | dt.datetime | None:
    for form in _TIME_FORMS:
        try:
            when = dt.datetime.strptime(text, form)
        except ValueError:
            continue
        return when if ":" in text else when.date()
    return None


def _slide(lines: list[tuple[int, str]], markdown: bool, read: Callable[[str], str | None],
           out: Present) -> str:
    """One slide's Markdown: its title a heading, its notes after `Note:`."""
    title = lines[0][1].removeprefix("## " if markdown else "* ").strip()
    blocks: list[str] = [f"## {title if markdown else _inline(title)}"] if title else []
    notes: list[str] = []
    para: list[str] = []
    pre: list[str] = []

    def flush() -> None:
        if para:
            blocks.append("\n".join(para))
            para.clear()
        if pre and any(p.strip() for p in pre):
            body = _dedent(pre).strip("\n")
            blocks.append(f"```\n{body}\n```")
        pre.clear()

    for number, line in lines[1:]:
        if line.startswith(": ") or line == ":":
            notes.append(line[2:] if markdown else _inline(line[2:]))
            continue
        if not markdown and line[:1] in (" ", "\t") and (pre or not para):
            if para:
                flush()
            pre.append(line)
            continue
        if not markdown and not line.strip() and pre:
            pre.append("")
            continue
        if line.startswith(".") and (action := _action(line, number, read, out)) is not None:
            flush()
            blocks.append(action)
            continue
        if not line.strip():
            flush()
        elif markdown:
            para.append(line)
        elif re.match(r"\*\*+ ", line):  # (a heading inside the slide)
            flush()
            level, _space, text = line.partition(" ")
            blocks.append("#" * min(len(level) + 1, 6) + " " + _inline(text.strip()))
        elif line.startswith("- "):
            if para and not para[-1].startswith("- "):
                flush()
            para.append("- " + _inline(line[2:].strip()))
        else:
            if para and para[-1].startswith("- "):
                flush()
            para.append(_inline(line))
    flush()
    text = "\n\n".join(blocks)
    if notes:
        text += "\n\nNote:\n" + "\n\n".join(notes)  # (a line each, as present showed them)
    return text


def _dedent(lines: list[str]) -> str:
    lines = [ln.replace("\t", "    ") for ln in lines]
    cut = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return "\n".join(ln[cut:] for ln in lines)


def _action(line: str, number: int, read: Callable[[str], str | None],
            out: Present) -> str | None:
    """The Markdown of an action line (`.code x.go`, `.image x.png 300 _`); None: no
    action (text starting with a full stop)."""
    name, _space, rest = line[1:].partition(" ")
    args = rest.split()
    if name in ("code", "play"):
        return _code(line, number, read, out)
    if name in ("image", "background") and args:
        out.converted.append(f"present's `.{name}`")
        if name == "background":
            return f'<!-- .slide: data-background-image="{args[0]}" -->'
        # (`.image x.png 275 229`: its height and width; `_` keeps the aspect ratio)
        height, width = (args[1:3] + ["_", "_"])[:2]
        size = f"{{width={width}}}" if width.isdigit() else \
            f"{{height={height}}}" if height.isdigit() else ""
        return f"![]({args[0]}){size}"
    if name == "link" and args:
        out.converted.append("present's `.link`")
        return f"[{' '.join(args[1:]) or args[0]}]({args[0]})"
    if name == "caption":
        out.converted.append("present's `.caption`")
        return f"*{_inline(rest.strip())}*"
    if name in ("iframe", "video", "html") and args:
        out.warnings.append((number, f"present's `.{name}` shown as a link to "
                                     f"`{args[0]}` (a talk embeds no page or file)"))
        return f"[{args[0]}]({args[0]})"
    if re.fullmatch(r"[a-z]+", name):
        out.warnings.append((number, f"present's `.{name}` not converted: left out"))
        return ""
    return None


def _code(line: str, number: int, read: Callable[[str], str | None],
          out: Present) -> str:
    found = _CODE.match(line)
    if found is None:
        out.warnings.append((number, "a `.code` line without a file: left out"))
        return ""
    _kind, flags, path, rest = found.groups()
    highlight = _HL.search(rest)
    address = (rest[: highlight.start()] if highlight else rest).strip()
    text = read(path)
    if text is None:
        out.warnings.append((number, f"`{path}`, which `.{_kind}` shows, is not there: "
                                     "left out"))
        return ""
    picked = _address(text.split("\n"), address)
    if picked is None:
        out.warnings.append((number, f"address `{address}` of `{path}` not found: the "
                                     "whole file is shown"))
        picked = text.rstrip("\n").split("\n")
    shown: list[str] = []
    marked: list[int] = []
    for ln in picked:
        if ln.rstrip().endswith("OMIT"):
            continue
        mark = _HL_MARK.search(ln)
        if mark is not None:
            ln = ln[: mark.start()]
            if highlight is not None and mark.group(1) == highlight.group(1):
                marked.append(len(shown) + 1)
        shown.append(ln)
    language = _LANGUAGES.get(posixpath.splitext(path)[1].lower(), "")
    # (VitePress's form: `go{3,4}` highlights, `:line-numbers` numbers, as present did)
    marks = f"{{{','.join(map(str, marked))}}}" if marked else ""
    numbers = ":line-numbers" if "-numbers" in flags else ""
    info = (language or "text") + marks + numbers if marks or numbers else language
    out.converted.append(f"present's `.{_kind}` (the file's lines in the slide)")
    while shown and not shown[0].strip():
        shown.pop(0)
    while shown and not shown[-1].strip():
        shown.pop()
    body = "\n".join(shown)
    return f"```{info}\n{body}\n```"


_TERM = r"(?:(?:/(?:[^/\\]|\\.)*/)+|\d+)(?:[+-]\d*)*"
_ADDRESS = re.compile(rf"({_TERM})(?:,({_TERM}|\$)?)?")
"""sam's addresses, as present reads them: `/re/`, a line number, `/re/+1` (the line
after), `/a/,/b/` (a range), `/a/,` or `/a/,$` (to the end)."""


def _address(lines: list[str], address: str) -> list[str] | None:
    """The lines `address` picks (`/re/`, `/re/,/re/`, `12,20`, `/re/,$`); None: not
    found. No address: the whole file."""
    if not address:
        return lines[: -1] if lines and not lines[-1] else lines
    parts = _ADDRESS.fullmatch(address)
    if parts is None:
        return None
    start = _find(lines, parts.group(1), 0)
    if start is None:
        return None
    if "," not in address:
        return lines[start: start + 1]
    end = len(lines) - 1 if parts.group(2) in (None, "$") \
        else _find(lines, parts.group(2), start + 1)
    return lines[start: end + 1] if end is not None else None


def _find(lines: list[str], part: str, after: int) -> int | None:
    """The line `part` names, searching from line `after`: a number, or `/re/`, or
    searches one after another (`/^} //End/`: `^} `, then `End` from there, as in
    sam, whose addresses present reads)."""
    offsets = re.search(r"(?:[+-]\d*)+$", part)
    if offsets is not None:  # (`/start cut/+1`: lines after or before the match)
        found = _find(lines, part[: offsets.start()], after)
        shift = sum(int(o + "1" if o in "+-" else o) for o in
                    re.findall(r"[+-]\d*", offsets.group()))
        return found + shift if found is not None and 0 <= found + shift < len(lines) \
            else None
    if part.isdigit():
        return int(part) - 1 if 0 < int(part) <= len(lines) else None
    at = after
    for term in re.findall(r"/((?:[^/\\]|\\.)*)/", part):
        try:
            pattern = re.compile(term)
        except re.error:
            return None
        found = next((i for i in range(at, len(lines)) if pattern.search(lines[i])), None)
        if found is None:
            return None
        at = found
    return at


def _inline(text: str) -> str:
    """The older form's marks as Markdown: `*bold*`, `_italic_`, `` `code` `` (inside
    one, a lone mark is a space, a double one the mark), `[[url][label]]`; the rest
    kept as text (`$`, `<` and `\\` too)."""
    links: list[str] = []

    def keep(found: re.Match[str]) -> str:
        url, label = found.group(1), found.group(2)
        shown = label if label is not None else re.sub(r"^\w+://", "", url)
        links.append(f"[{_escape(shown)}]({url})")
        return f"\0{len(links) - 1}\0"

    text = _LINK.sub(keep, text)
    words = re.split(r"(\s+)", text)
    result = []
    for word in words:
        result.append(_word(word))
    joined = "".join(result)
    return re.sub(r"\0(\d+)\0", lambda m: links[int(m.group(1))], joined)


_MARKS = {"*": "**", "_": "*", "`": "`"}


def _word(word: str) -> str:
    """A word with present's marks as Markdown's, read as present reads them: the first
    mark opens (at the word's start, or after punctuation: `Markup—_much_text_—`), the
    last of its kind closes (at the end, or before punctuation); between them a lone mark
    is a space, a double one the mark (`*a*b*` bold "a b", `***p*` bold "*p")."""
    first = next((i for i, c in enumerate(word) if c in _MARKS), -1)
    if first < 0 or "\0" in word or first and not _punctuation(word[first - 1]):
        return _escape(word)
    mark = word[first]
    last = word.rfind(mark)
    if last == first or last + 1 < len(word) and not _punctuation(word[last + 1]):
        return _escape(word)
    inner = word[first + 1: last].replace(mark * 2, "\1").replace(mark, " ") \
        .replace("\1", mark)
    shown = f"`{inner}`" if mark == "`" else f"{_MARKS[mark]}{_escape(inner)}{_MARKS[mark]}"
    return _escape(word[:first]) + shown + _escape(word[last + 1:])


def _punctuation(char: str) -> bool:
    return unicodedata.category(char).startswith("P")


def _escape(text: str) -> str:
    return re.sub(r"([\\$<*_`\[\]])", r"\\\1", text)
