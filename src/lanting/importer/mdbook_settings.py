"""mdBook's `book.toml`: the book's title, authors, language and source folder, how its
pages drew math, which code lines they hid, and the redirects it served.

Math, as the old pages showed it: `[output.html] mathjax-support` loaded MathJax 2 with
its default delimiters, `\\(…\\)` inline and `\\[…\\]` or `$$…$$` displayed, scanned in
the HTML pulldown-cmark made (so written `\\\\(x\\\\)`, the Markdown escapes read first);
a `$` was a dollar sign unless the book's own script (`theme/*.hbs`, `additional-js`)
set `inlineMath` to it. A KaTeX or MathJax preprocessor (`[preprocessor.katex]`) read
`$…$` and `$$…$$` before the Markdown, as Lanting does. Neither: no math. The macros
the pages used: mdbook-katex's file of them (`macros = "macros.txt"`, or the older
`command = "mdbook-katex --macros=…"`), or the `macros` of the book's own MathJax setup
(`theme/*.hbs`, `additional-js`)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.common import bool_of, read_text

_DOLLAR_PREPROCESSORS = frozenset({"katex", "mathjax", "inline-mathjax", "scientific",
                                   "math", "mathpunc", "latex"})
"""Preprocessors that read `$…$` and `$$…$$` as math before the Markdown
(mdbook-katex, mdbook-mathjax, mdbook-inline-mathjax, mdbook-scientific, …)."""
_DOLLAR_INLINE = re.compile(r"inlineMath[\"']?\s*:\s*\[\s*\[\s*[\"']\$[\"']")


@dataclass
class BookSettings:
    path: Path
    found: bool = False
    title: str = ""
    authors: list[str] = field(default_factory=list)
    language: str = ""
    description: str = ""
    src: str = "src"
    math: str = ""
    """`mathjax` (mathjax-support: escaped delimiters), `dollars` (a preprocessor: `$`
    as Lanting reads it) or empty (no math)."""
    dollar_inline: bool = False
    """MathJax configured by the book to read `$…$` inline too."""
    repository: str = ""
    site_url: str = ""
    """Where the book was published (`[output.html] site-url`, the path; with `cname`,
    the whole address): Lanting's `base_url`."""
    section_labels: bool = True
    redirects: dict[str, str] = field(default_factory=dict)
    hidden_lines: dict[str, str] = field(default_factory=lambda: {"rust": "#"})
    """Language → the prefix of the lines its code blocks hid."""
    mermaid: bool = False
    preprocessors: list[str] = field(default_factory=list)
    macros_file: str = ""
    """mdbook-katex's file of macros, relative to the book (`\\name:expansion` lines)."""
    scripts: list[Path] = field(default_factory=list)
    """The book's own templates and scripts (`theme/*.hbs`, `additional-js`): where it
    set MathJax up."""
    error: str = ""


def read_book_settings(source: Path) -> BookSettings:
    path = source / "book.toml"
    settings = BookSettings(path)
    try:
        data = tomllib.loads(read_text(path))
    except (OSError, tomllib.TOMLDecodeError) as error:
        settings.error = str(error)
        return settings
    settings.found = True
    book = _table(data, "book")
    settings.title = str(book.get("title") or "").strip()
    authors = book.get("authors") or []
    settings.authors = [str(a) for a in authors] if isinstance(authors, list) else \
        [str(authors)]
    settings.language = str(book.get("language") or "").strip()
    settings.description = " ".join(str(book.get("description") or "").split())
    settings.src = str(book.get("src") or "src").strip("/") or "."
    html = _table(_table(data, "output"), "html")
    preprocessors = _table(data, "preprocessor")
    settings.preprocessors = sorted(preprocessors)
    settings.scripts = _book_scripts(source, html)
    if any(name in _DOLLAR_PREPROCESSORS or name.startswith("katex")
           for name in preprocessors):
        settings.math = "dollars"
        settings.macros_file = _katex_macros_file(_table(preprocessors, "katex"))
    elif bool_of(html.get("mathjax-support")):
        settings.math = "mathjax"
        settings.dollar_inline = any(_DOLLAR_INLINE.search(read_text(f))
                                     for f in settings.scripts)
    settings.repository = str(html.get("git-repository-url") or "").strip()
    settings.site_url = _base_url(str(html.get("site-url") or "").strip(),
                                  str(html.get("cname") or "").strip())
    settings.section_labels = not bool_of(html.get("no-section-label"))
    redirects = _table(html, "redirect")
    settings.redirects = {str(k): str(v) for k, v in redirects.items()}
    hide = _table(_table(html, "code"), "hidelines")
    settings.hidden_lines.update({str(k): str(v) for k, v in hide.items() if v})
    settings.mermaid = "mermaid" in preprocessors
    return settings


def _base_url(site_url: str, cname: str) -> str:
    """`site-url = "/notes/"` (a path, as mdBook wants it) and `cname = "x.org"`:
    `https://x.org/notes/`; without a `cname`, the path alone."""
    if re.match(r"https?://", site_url):
        return site_url.rstrip("/") + "/"
    path = "/" + site_url.strip("/") + "/" if site_url.strip("/") else "/"
    if cname:
        return f"https://{cname.removeprefix('https://').strip('/')}{path}"
    return path if path != "/" else ""


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    found = data.get(key)
    return found if isinstance(found, dict) else {}


def _book_scripts(source: Path, html: dict[str, Any]) -> list[Path]:
    """The book's own theme templates and `additional-js` scripts that exist."""
    files = sorted((source / "theme").glob("*.hbs")) if (source / "theme").is_dir() else []
    scripts = html.get("additional-js") or []
    if isinstance(scripts, list):
        files += [source / str(s) for s in scripts]
    return [f for f in files if f.is_file()]


_MACROS_OPTION = re.compile(r"--macros[= ]\s*(\S+)")


def _katex_macros_file(katex: dict[str, Any]) -> str:
    """mdbook-katex's `macros` option, or the `--macros=` its older versions took in
    `command`."""
    if isinstance(katex.get("macros"), str):
        return str(katex["macros"]).strip()
    option = _MACROS_OPTION.search(str(katex.get("command") or ""))
    return option.group(1).strip("\"'") if option else ""


def katex_file_macros(text: str) -> dict[str, str]:
    """mdbook-katex's macros file: a line `\\grad:{\\nabla}` per macro (its name, a
    colon, the expansion; `#1`, `#2` its arguments, counted from the expansion)."""
    macros: dict[str, str] = {}
    for line in text.splitlines():
        name, colon, expansion = line.strip().partition(":")
        if colon and re.fullmatch(r"\\[A-Za-z]+", name.strip()):
            macros[name.strip()[1:]] = expansion.strip()
    return macros


def is_mdbook(source: Path) -> bool:
    """A `book.toml` of mdBook's (a `[book]` or `[output.html]` table) beside its
    summary."""
    text = read_text(source / "book.toml") if (source / "book.toml").is_file() else ""
    if not re.search(r"^\[(?:book|output\.html)\]", text, re.MULTILINE):
        return False
    settings = read_book_settings(source)
    return (source / settings.src / "SUMMARY.md").is_file()
