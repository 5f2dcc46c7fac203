"""Pages written in a markup other than Markdown, as Hugo reads them (Org with go-org,
AsciiDoc with Asciidoctor, reStructuredText with rst2html, Pandoc's Markdown with
Pandoc), converted to Lanting Markdown with Pandoc (the `org` extra: `pip install
'lanting[org]'`). A page keeps its front matter: Hugo's `---`/`+++` block, or in Org the
`#+KEY: value` keywords Hugo reads as front matter (`#+tags[]: a b` a list, `#+date:
<2021-03-04 Thu>` a date)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.text import split_front_matter

PANDOC_READERS = {".org": "org", ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".ad": "asciidoc",
                  ".rst": "rst", ".pandoc": "markdown", ".pdc": "markdown"}
"""Hugo's content formats besides Markdown and HTML, by suffix, and Pandoc's reader of each."""
TEXT_PAGES = (".md", ".markdown", *PANDOC_READERS)
"""The suffixes of a Hugo page in a text markup (a bundle's `index.org` too)."""

NEEDS_PANDOC = ("needs Pandoc to be converted: `pip install 'lanting[org]'` (Pandoc "
                "bundled in a wheel), or a Pandoc 3 on the PATH, then import again")

_WRITER = ("markdown-simple_tables-multiline_tables-grid_tables-subscript-superscript"
           "-smart-line_blocks-raw_attribute")
"""Pandoc's Markdown as Lanting reads it: pipe tables (HTML for others), `<sub>`, no
line blocks, ASCII quotes as written."""

_TIMEOUT = 120
_PANDOC_WARNING = re.compile(r"^\[WARNING\] (?P<message>.*?)(?: at line (?P<line>\d+) column "
                             r"(?P<column>\d+))?$", re.MULTILINE)
"""A warning Pandoc writes (`[WARNING] Could not load include file x.org at line 3
column 1`: where its reader stood, the start of the line after a directive's)."""
_KEYWORD = re.compile(r"^[ \t]*#\+([A-Za-z][\w-]*(?:\[\])?):[ \t]*(.*?)[ \t]*$", re.MULTILINE)
_BLOCK_KEYWORDS = frozenset({
    "caption", "name", "attr_html", "attr_latex", "attr_org", "results", "header", "plot",
    "tblfm", "label", "include", "setupfile", "options", "startup", "call",
    "latex_header", "latex_class", "latex_class_options", "html_head", "html_head_extra",
    "bibliography", "cite_export", "print_bibliography", "toc", "macro", "property",
    "seq_todo", "todo", "typ_todo", "link", "index", "language", "exclude_tags",
    "select_tags", "creator", "email"})
"""Keywords that belong to the block under them or to Org's export, not front matter."""
_ROAM_V1 = {"roam_tags": "_roam_tags", "roam_alias": "_roam_alias"}
"""org-roam v1's keywords of a note's tags and other names (v2 has `#+filetags:` and
`:ROAM_ALIASES:`): the tags, the aliases (names to find it by, no URLs)."""
_ORG_DATE = re.compile(r"[<\[](\d{4}-\d{2}-\d{2})(?:[ \t][^>\]]*)?[>\]]")
"""An Org timestamp, `<2021-03-04 Thu 10:20>`: Hugo keeps its day (a bare `<2021-03-04>`
too, which Hugo would have refused)."""
_DATE_KEYS = frozenset({"date", "lastmod", "publishdate", "expirydate"})
_MORE = re.compile(r"^[ \t]*#[ \t]*more[ \t]*$", re.MULTILINE | re.IGNORECASE)
"""Hugo's summary divider in Org, `# more` (an Org comment line)."""


_ORG_INLINE = re.compile(r"(?P<verbatim>(?<![^\s(])[=~][^\s=~][^\n]*?[=~](?![^\s.,;:!?)'\"])"
                         r"|\$\$.+?\$\$|\\\(.+?\\\))"
                         r"|\$(?P<math>[^\s$](?:[^$\n]*?[^\s$\\])?)\$(?!\d)")
"""In a line of Org text: a verbatim or code span, display math or `\\(…\\)` (all
kept), or `$…$` as Pandoc's Markdown reads it (no space inside its ends, no digit
after it)."""
_ORG_LITERAL = re.compile(r"^[ \t]*#\+begin_(src|example|export|verse|comment)\b.*?"
                          r"^[ \t]*#\+end_\1\b[^\n]*$|^[ \t]*(?::(?: |$)|#)[^\n]*$"
                          r"|^[ \t]*\\begin\{([A-Za-z]+\*?)\}.*?^[ \t]*\\end\{\2\}",
                          re.IGNORECASE | re.MULTILINE | re.DOTALL)
"""Org's literal text: source, example and export blocks, fixed-width `: ` lines,
comments and keyword lines, and LaTeX environments (`\\begin{algorithm}`, raw LaTeX to
Org, whose `$` are LaTeX's own: an algorithm's `\\State $x$` is drawn from them)."""


def dollars_as_parens(text: str) -> str:
    """Org text whose `$…$` formulas are written `\\(…\\)`. Org takes `$x$` as math
    only before a space or ASCII punctuation, so `$x$，` and `的$x$值` (in every Chinese
    post) stayed text with their dollars, where MathJax on the Hugo site drew them;
    `\\(…\\)` is math wherever it stands."""
    def inline(line: str) -> str:
        return _ORG_INLINE.sub(lambda m: m.group() if m.group("math") is None
                               else f"\\({m.group('math')}\\)", line)

    out, at = [], 0
    for literal in _ORG_LITERAL.finditer(text):
        out += [inline(text[at:literal.start()]), literal.group()]
        at = literal.end()
    return "".join([*out, inline(text[at:])])


def is_other_markup(path: Path) -> bool:
    return path.suffix.lower() in PANDOC_READERS


@lru_cache(maxsize=1)
def pandoc_path() -> str | None:
    """The Pandoc to run: the `org` extra's (pypandoc-binary), else a Pandoc 3 on the
    PATH (the filter uses Pandoc 3's figures)."""
    try:
        import pypandoc  # type: ignore[import-untyped]  # (no type information shipped)

        return str(pypandoc.get_pandoc_path())
    except (ImportError, OSError):
        found = shutil.which("pandoc")
        if found is None:
            return None
        version = subprocess.run([found, "--version"], capture_output=True, text=True,
                                 check=False).stdout
        major = re.match(r"pandoc\S*\s+(\d+)", version)
        return found if major and int(major.group(1)) >= 3 else None


@dataclass(frozen=True)
class Converted:
    """A page converted to Markdown, and what Pandoc said of it (file line, message)."""

    text: str
    warnings: tuple[tuple[int | None, str], ...] = ()


def as_markdown(path: Path, text: str, roam: bool = False) -> Converted:
    """`text`, the page at `path` in its own markup, as a Markdown page with YAML front
    matter (Hugo's own block kept as it was written). Pandoc reads it from the page's
    folder, where an Org `#+INCLUDE:` finds its file. `roam`: an org-roam note, whose
    v1 keywords are its tags and aliases."""
    return _converted(path.suffix.lower(), text, path.parent, roam)


@lru_cache(maxsize=4096)  # (over a folder's notes, read again for their links' ids)
def _converted(suffix: str, text: str, folder: Path, roam: bool = False) -> Converted:
    if suffix == ".org":
        front = org_front_matter(text, roam)
        body = dollars_as_parens(_MORE.sub("#+begin_export html\n<!--more-->\n#+end_export",
                                           text))
        head = "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n"
                       for key, value in front.items())
        converted = _pandoc(body, "org", folder, shift=1)
        return Converted(f"---\n{head}---\n\n{converted.text}", converted.warnings)
    fmt, head, body, first = split_front_matter(text)
    fence = {"yaml": "---", "toml": "+++"}.get(fmt)
    converted = _pandoc(body, PANDOC_READERS[suffix], folder, first - 1,
                        shift=0 if PANDOC_READERS[suffix] == "markdown" else 1)
    if fence is not None:
        return replace(converted, text=f"{fence}\n{head}\n{fence}\n\n{converted.text}")
    return replace(converted, text=f"{head}\n\n{converted.text}") if fmt == "json" \
        else converted


def convert(text: str, reader: str, folder: Path, offset: int = 0,
            extensions: str = "") -> Converted:
    """`text` read by Pandoc's `reader` (`org`, `latex`, …) as Lanting Markdown, the
    lines of Pandoc's warnings moved by `offset` (the lines above `text` in its file),
    the writer's Markdown changed by `extensions` (`-tex_math_dollars+…`); an OSError
    says why it could not be (no Pandoc)."""
    return _pandoc(text, reader, folder, offset, extensions=extensions)


def _pandoc(text: str, reader: str, folder: Path, offset: int = 0,
            shift: int = 0, extensions: str = "") -> Converted:
    """`shift`: levels added to every heading (Hugo's go-org, Asciidoctor and rst2html
    made a top-level section an `<h2>`, the page's title the `<h1>`)."""
    program = pandoc_path()
    if program is None:
        raise OSError(NEEDS_PANDOC)
    with resources.as_file(resources.files("lanting.importer") / "markups.lua") as lua:
        try:
            done = subprocess.run(
                [program, "--from", reader, "--to", _WRITER + extensions, "--wrap=none",
                 "--lua-filter", str(lua), f"--shift-heading-level-by={shift}"], input=text,
                capture_output=True, text=True, check=False, cwd=folder, timeout=_TIMEOUT)
        except subprocess.TimeoutExpired as late:
            raise OSError(f"Pandoc took over {_TIMEOUT} s to read it, stopped") from late
    if done.returncode:
        raise OSError(f"Pandoc could not read it: {done.stderr.strip()}")
    said = []
    for warning in _PANDOC_WARNING.finditer(done.stderr):
        line = None
        if warning.group("line"):
            at = int(warning.group("line"))
            line = offset + (at - 1 if warning.group("column") == "1" and at > 1 else at)
        said.append((line, warning.group("message")))
    return Converted(done.stdout, tuple(said))


def org_front_matter(text: str, roam: bool = False) -> dict[str, Any]:
    """The front matter Hugo reads from an Org file's keywords: each `#+KEY: value` but
    those of a block or of the export, the key in lower case; `#+tags[]: a b` (`[]`) the
    list of its words, a key given twice a list, a date's Org timestamp its day;
    `tags`, `categories` and `aliases` without `[]` a list too (Hugo's older reading),
    a trailing comma of a word dropped (`#+tags[]: org, hugo`); `#+filetags: :a:b:`
    (or `a b`: Org splits it at spaces too) the tags when there are none; with `roam`,
    org-roam v1's `#+roam_tags:` tags too and `#+roam_alias:` aliases (a Hugo site read
    them as keys of its own)."""
    found: dict[str, Any] = {}
    for match in _KEYWORD.finditer(text):
        key, value = match.group(1).lower(), match.group(2)
        if key.startswith(("begin_", "end_", "attr_", "hugo_", "export_")) \
                or key in _BLOCK_KEYWORDS:
            continue
        if key == "filetags":
            # (Org splits the value at spaces, then at colons: `:a:b:` and `a b` alike)
            found.setdefault("_filetags", [t for t in re.split(r"[\s:]+", value) if t])
            continue
        if roam and key in _ROAM_V1:  # (org-roam v1's, words or "quoted words" each)
            found[_ROAM_V1[key]] = [*found.get(_ROAM_V1[key], []), *_quoted_words(value)]
            continue
        if key.endswith("[]") or key in ("tags", "categories", "aliases", "keywords"):
            key = key.removesuffix("[]")
            words = [w.rstrip(",") for w in value.split()]
            found[key] = [*found.get(key, []), *(w for w in words if w)]
        elif key in _DATE_KEYS:
            day = _ORG_DATE.search(value)
            found[key] = day.group(1) if day else value
        elif key == "draft":
            found[key] = value.lower() in ("t", "true", "yes", "1")
        elif key in found:
            previous = found[key]
            found[key] = [*(previous if isinstance(previous, list) else [previous]), value]
        else:
            found[key] = value
    tags = [*found.pop("_filetags", []), *found.pop("_roam_tags", [])]
    if tags and "tags" not in found:
        found["tags"] = list(dict.fromkeys(tags))
    aliases = found.pop("_roam_alias", [])
    if aliases:
        found["aliases"] = [*found.get("aliases", []), *aliases]
    return found


def _quoted_words(value: str) -> list[str]:
    """`a "b c" d` as org-roam v1 read its keywords (`split-string-and-unquote`)."""
    try:
        return shlex.split(value)
    except ValueError:  # (an unclosed quote: the words as written)
        return value.split()


def page_text(path: Path) -> str:
    """The text of the content page `path`, as Markdown whatever its markup."""
    text = read_text(path)
    return as_markdown(path, text).text if is_other_markup(path) else text


def conversion(path: Path) -> Converted | str | None:
    """The page `path` in another markup converted (what Pandoc said of it with it), or
    why it cannot be (no Pandoc); None for a page in Markdown or HTML."""
    if not is_other_markup(path):
        return None
    try:
        return as_markdown(path, read_text(path))
    except OSError as error:
        return str(error)
