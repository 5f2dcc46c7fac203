"""A Logseq graph kept as a folder (`logseq/config.edn`, `pages/`, `journals/`): what the
notes import reads otherwise than in an Obsidian vault.

- `logseq/` is the app's own folder (its settings, `bak/` copies of every page, the
  `.recycle` bin): left out, as `.obsidian/` is; so are the `:hidden` folders;
- a page's name is its file's, a namespace's `/` written `___` (`ML___RL.md` is
  `ML/RL`; older graphs wrote `%2F`), unless its first lines say `title::`;
- the page properties on its first lines (`title::`, `tags::`, `alias::`) are its
  front matter;
- a journal (`journals/2024_05_01.md`) is a post of that day, titled as
  `:journal/page-title-format` says (`yyyy年MM月dd日`, Logseq's own `MMM do, yyyy`); one
  with nothing written in it (Logseq makes one each day) is left out.

- a block written without its bullet at the top (`# Defs` over `\t- …`) is given one;
- a block that is a TeX environment (`- \\begin{aligned}`) is a `$$` display;
- a line of one HTML element with text under it (`<h2>理论</h2>` over `[[21cm]]`) is
  its own block of HTML, as Logseq read each line;
- its org-mode blocks in a bullet, `#+BEGIN_NOTE` … `#+END_NOTE` (`TIP`, `IMPORTANT`,
  `WARNING`, `CAUTION`, `PINNED`: Logseq's admonitions), are callouts; `QUOTE` a quote,
  `SRC lang` and `EXAMPLE` code blocks; any other (`CENTER`, a name of the writer's own)
  its text, as Logseq showed it in a plain box.

Its block references are `logseq_blocks.py`'s. Logseq's Markdown itself (properties,
`TODO`, `{{embed}}`, `{{cloze}}`) is Lanting's to read (`markdown/exports.py`,
`markdown/embeds.py`).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.common import read_text


@dataclass(frozen=True, slots=True)
class LogseqGraph:
    title_format: str = "MMM do, yyyy"
    journals: str = "journals"
    hidden: tuple[str, ...] = ()


def _setting(edn: str, key: str) -> str | None:
    found = re.search(rf'^[ \t]*:{re.escape(key)}[ \t]+"([^"\n]*)"', edn, re.MULTILINE)
    return found.group(1) if found else None


def read_graph(source: Path) -> LogseqGraph | None:
    """The graph's settings (`logseq/config.edn`, read without Clojure: its literal
    strings), or None when `source` is no Logseq graph."""
    config = source / "logseq" / "config.edn"
    if not config.is_file():
        return None
    edn = "\n".join(line for line in read_text(config).split("\n")
                    if not line.lstrip().startswith(";"))
    hidden = re.search(r"^[ \t]*:hidden[ \t]+\[([^\]]*)\]", edn, re.MULTILINE)
    return LogseqGraph(
        title_format=_setting(edn, "journal/page-title-format") or "MMM do, yyyy",
        journals=(_setting(edn, "journals-directory") or "journals").strip("/"),
        hidden=tuple(h.strip("/") for h in re.findall(r'"([^"]+)"', hidden.group(1))
                     if h.strip("/")) if hidden else ())


def page_title(stem: str) -> str:
    """`ML___RL` (or the older `ML%2FRL`) → `ML/RL`."""
    return unquote(stem.replace("___", "/"))


_JOURNAL = re.compile(r"(\d{4})_(\d{2})_(\d{2})")
_PROPERTY = re.compile(r"^([A-Za-z][\w-]*)::[ \t]*(.*)$")
_EMPTY_LINE = re.compile(r"^[ \t]*(?:-[ \t]*)?(?:[A-Za-z][\w-]*::.*)?$")


def journal_day(rel: str, graph: LogseqGraph) -> dt.date | None:
    folder, _, name = rel.rpartition("/")
    found = _JOURNAL.fullmatch(name.removesuffix(".md"))
    if folder != graph.journals or found is None:
        return None
    try:
        return dt.date(*map(int, found.groups()))
    except ValueError:
        return None


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


_TOKENS = re.compile(r"yyyy|MMMM|MMM|MM|M|do|dd|d|EEEE|EEE|E")


def journal_title(day: dt.date, fmt: str) -> str:
    """`day` as Logseq titles a journal (date-fns' tokens: `yyyy年MM月dd日`, `MMM do,
    yyyy`, `EEE, yyyy/MM/dd`)."""
    values = {"yyyy": f"{day.year}", "MMMM": day.strftime("%B"), "MMM": day.strftime("%b"),
              "MM": f"{day.month:02}", "M": f"{day.month}", "do": _ordinal(day.day),
              "dd": f"{day.day:02}", "d": f"{day.day}", "EEEE": day.strftime("%A"),
              "EEE": day.strftime("%a"), "E": day.strftime("%a")}
    return _TOKENS.sub(lambda m: values[m.group()], fmt)


def page_properties(body: str) -> dict[str, str]:
    """The `key:: value` lines the page begins with (its properties)."""
    found: dict[str, str] = {}
    for line in body.lstrip("\n").split("\n"):
        match = _PROPERTY.match(line.strip())
        if match is None:
            break
        found[match.group(1).lower()] = match.group(2).strip()
    return found


def without_page_properties(body: str) -> str:
    """`body` without the `key:: value` lines it begins with."""
    lines = body.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    end = start
    while end < len(lines) and _PROPERTY.match(lines[end].strip()):
        end += 1
    return "\n".join(lines[:start] + lines[end:]).lstrip("\n") if end > start else body


def names(value: str) -> list[str]:
    """`a, [[b c]], #d` (a `tags::` or `alias::` value) → `a`, `b c`, `d`."""
    return [n for n in (re.sub(r"^#?\[\[(.*)\]\]$|^#", r"\1", part.strip()).strip()
                        for part in re.split(r",(?![^\[]*\]\])", value)) if n]


def nothing_written(body: str) -> bool:
    """A page of empty bullets and properties alone (a journal Logseq made for the day)."""
    return all(_EMPTY_LINE.match(line) for line in body.split("\n"))


def front_of(rel: str, body: str, data: dict[str, Any],
             graph: LogseqGraph) -> dict[str, Any]:
    """The note's front matter with what Logseq says of the page: its properties, and
    a journal's day and title."""
    data = dict(data)
    properties = page_properties(body)
    if properties.get("title"):
        data.setdefault("title", properties["title"])
    for key, into in (("tags", "tags"), ("alias", "aliases")):
        if properties.get(key):
            data.setdefault(into, names(properties[key]))
    day = journal_day(rel, graph)
    if day is not None:
        data.setdefault("date", day)
        data.setdefault("title", journal_title(day, graph.title_format))
    return data


_BEGIN = re.compile(r"^([ \t]*)(-[ \t]+)?#\+BEGIN_(\w+)[ \t]*(.*)$", re.IGNORECASE)
_CALLOUTS = {"note": "[!note]", "tip": "[!tip]", "important": "[!important]",
             "warning": "[!warning]", "caution": "[!caution]", "pinned": "[!note] Pinned"}


def org_blocks(body: str) -> tuple[str, int]:
    """`#+BEGIN_NOTE` … `#+END_NOTE` as a callout (`> [!note]`), a quote, a code block or
    its text alone; and how many there were. (A block never closed stays as written.)"""
    lines = body.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        begin = _BEGIN.match(lines[i])
        name = begin.group(3).upper() if begin else ""
        end = next((j for j in range(i + 1, len(lines)) if re.match(
            rf"[ \t]*#\+END_{name}\b", lines[j], re.IGNORECASE)), -1) if begin else -1
        if begin is None or end < 0:
            out.append(lines[i])
            i += 1
            continue
        indent, bullet, argument = begin.group(1), begin.group(2) or "", begin.group(4)
        inner = indent + " " * len(bullet.expandtabs(4)) if bullet else indent
        text = [line.removeprefix(inner) for line in lines[i + 1:end]]
        kind = name.lower()
        if kind in ("src", "example"):
            fence = "```" + (argument.strip() if kind == "src" else "")
            block = [fence, *text, "```"]
        elif kind == "quote" or kind in _CALLOUTS:
            marks = [_CALLOUTS[kind]] if kind in _CALLOUTS else []
            block = [f"> {line}".rstrip() for line in [*marks, *text]]
        else:  # (`CENTER`, a name of the writer's own: Logseq showed the text in a box)
            block = text
        rest = re.sub(rf"^[ \t]*#\+END_{name}\b", "", lines[end], flags=re.IGNORECASE)
        block += ["", rest.strip()] if rest.strip() else []  # (`#+END_NOTE #card`)
        out.append(indent + bullet + block[0])
        out += [inner + line if line else "" for line in block[1:]]
        count += 1
        i = end + 1
    return "\n".join(out), count


_INDENTED_BULLET = re.compile(r"^[ \t]+-(?:[ \t]|$)")


def bulleted(body: str) -> tuple[str, int]:
    """A block written without its bullet at the top (`# Defs`, its children `\t- …`
    under it, as Logseq reads a page's first block) given its `- `: the children's
    indentation made them a code block. (Text with no bullets under it stays text.) So
    are the children of a first block that left the text as the page's title, one level
    less indented."""
    lines = body.split("\n")
    count = 0
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    if _INDENTED_BULLET.match(lines[first]):  # (its first block gone: the title now)
        lead = lines[first][: len(lines[first]) - len(lines[first].lstrip(" \t"))]
        for i in range(first, len(lines)):
            if lines[i].strip() and not lines[i].startswith(lead):
                break
            lines[i] = lines[i].removeprefix(lead)
        count += 1
    for i, line in enumerate(lines[:-1]):
        if line.strip() and not line[0].isspace() and not line.startswith(("-", "```")) \
                and _INDENTED_BULLET.match(lines[i + 1]):
            lines[i] = "- " + line
            count += 1
    return "\n".join(lines), count


_BULLET_ENVIRONMENT = re.compile(r"^([ \t]*)-[ \t]+(\\begin\{([a-z]+\*?)\}.*?\\end\{\3\})[ \t]*$",
                                 re.MULTILINE | re.DOTALL)


def bulleted_environments(body: str) -> tuple[str, int]:
    """`- \\begin{aligned}` … `\\end{aligned}`, a block that is a TeX environment (Logseq
    showed it as a formula), as the block's `$$` display."""
    def one(match: re.Match[str]) -> str:
        lead = match.group(1)
        return f"{lead}- $$\n{lead}  {match.group(2)}\n{lead}  $$"

    return _BULLET_ENVIRONMENT.subn(one, body)


_HTML_LINE = re.compile(r"^([ \t]*)(?:-[ \t]+)?(?:>[ \t]*)*<(h[1-6]|div|p|center|section|details"
                        r"|summary|figure|figcaption|table|blockquote|aside|header|footer"
                        r")\b[^<>]*>.*</\2>[ \t]*$", re.IGNORECASE)
"""A line that is one HTML element of a kind that opens an HTML block in Markdown."""
_TEXT_LINE = re.compile(r"^[ \t]*(?:>[ \t]*)*[^\s<>\-]")


def html_lines(body: str) -> tuple[str, int]:
    """A blank line after a line of one HTML element (`<h2>理论</h2>`) with text under
    it in its block: Logseq read each line apart; Markdown ran an HTML block over the
    lines under it to a blank line and showed their links as written."""
    lines = body.split("\n")
    out: list[str] = []
    count = 0
    for i, line in enumerate(lines):
        out.append(line)
        html = _HTML_LINE.match(line)
        if html and i + 1 < len(lines) and _TEXT_LINE.match(lines[i + 1]):
            quoted = re.match(r"[ \t]*(?:-[ \t]+)?((?:>[ \t]*)*)", line)
            marks = quoted.group(1).strip() if quoted else ""
            indent = html.group(1) + ("  " if line.lstrip().startswith("-") else "")
            out.append(indent + marks if marks else "")
            count += 1
    return "\n".join(out), count


_LABELLED_PAGE = re.compile(r"\[([^\[\]\n]+)\]\(\[\[([^\[\]\n]+)\]\]\)")


def labelled_page_links(body: str) -> tuple[str, int]:
    """`[Burnell2018]([[2018_Burnell_Anyon condensation]])`, Logseq's link to a page with
    a text of the writer's, as `[[2018_Burnell_Anyon condensation|Burnell2018]]`, which
    the vault's reader reads (its `[[…]]` was read alone, inside a link that led
    nowhere). Returns (body, how many)."""
    return _LABELLED_PAGE.subn(r"[[\2|\1]]", body)
