"""A GitBook's settings, as a `BookSettings` (the mdBook reader's): GitBook 3's (the
open-source `gitbook` command, HonKit) `book.json` (or `book.js`), or `.gitbook.yaml` of a
repository synced with GitBook's hosted service.

Math, as the old pages drew it: GitBook's `katex` and `mathjax` plugins (and the hosted
service) read `$$…$$` as a formula, inline in a sentence or displayed alone; a `$` alone
was a dollar sign. Plugins that say more in their names (`mathjax-pro`, `katex-plus`,
`math-katex`, …) read `$…$` too. Without one, no math."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.config.validate import LANGUAGE_TAG
from lanting.importer.common import read_text
from lanting.importer.js_literals import depths_of, strip_comments
from lanting.importer.mdbook_settings import BookSettings
from lanting.importer.site_language import guess_language, region_language_tag
from lanting.importer.text import load_mapping

_DOUBLE_DOLLAR_PLUGINS = frozenset({"katex", "mathjax", "math"})


@dataclass
class GitBookSettings:
    book: BookSettings
    hosted: bool = False
    """Synced with GitBook's hosted service (`.gitbook.yaml`), not built by GitBook 3."""
    readme: str = "README.md"
    summary: str = "SUMMARY.md"
    glossary: str = "GLOSSARY.md"
    variables: dict[str, Any] = field(default_factory=dict)
    """`book.json`'s `variables`, which pages print as `{{ book.name }}`."""


def read_gitbook_settings(source: Path) -> GitBookSettings:
    hosted = (source / ".gitbook.yaml").is_file()
    path = source / (".gitbook.yaml" if hosted else "book.json")
    if not hosted and not path.is_file() and (source / "book.js").is_file():
        path = source / "book.js"
    settings = GitBookSettings(BookSettings(path, hidden_lines={}), hosted)
    book = settings.book
    book.section_labels = False  # (GitBook's sidebar numbers no chapters)
    data: dict[str, Any] = {}
    if path.is_file():
        if hosted:
            loaded, error = load_mapping("yaml", read_text(path))
        elif path.suffix == ".js":
            loaded, error = book_js(read_text(path))
        else:
            try:
                loaded, error = json.loads(read_text(path) or "{}"), None
            except json.JSONDecodeError as problem:
                loaded, error = {}, str(problem)
        if error or not isinstance(loaded, dict):
            book.error = error or "not a mapping"
        else:
            data = loaded
            book.found = True
    book.title = str(data.get("title") or "").strip()
    author = data.get("author")
    book.authors = [str(author)] if author else []
    book.language = str(data.get("language") or "").strip()
    book.description = " ".join(str(data.get("description") or "").split())
    book.src = str(data.get("root") or ".").strip().strip("/").removeprefix("./") or "."
    structure = _mapping(data.get("structure"))
    settings.readme = str(structure.get("readme") or "README.md")
    settings.summary = str(structure.get("summary") or "SUMMARY.md")
    settings.glossary = str(structure.get("glossary") or "GLOSSARY.md")
    redirects = data.get("redirects")
    if isinstance(redirects, dict):  # (the hosted service's: an old path → a file)
        book.redirects = {str(k): str(v) for k, v in redirects.items()}
    variables = data.get("variables")
    settings.variables = variables if isinstance(variables, dict) else {}
    plugins = [str(p) for p in data.get("plugins") or [] if isinstance(p, str)
               and not str(p).startswith("-")]
    book.preprocessors = plugins
    math = [p for p in plugins if re.search(r"katex|mathjax|\bmath\b|latex", p)]
    if hosted or math:
        book.math = "gitbook"
        book.dollar_inline = any(p not in _DOUBLE_DOLLAR_PLUGINS for p in math)
    book.mermaid = any("mermaid" in p for p in plugins)
    plugins_config = _mapping(data.get("pluginsConfig"))
    github = _mapping(plugins_config.get("github"))
    book.repository = str(github.get("url") or "").strip()
    book.site_url = _site_url(source, plugins_config)
    return settings


@dataclass(frozen=True, slots=True)
class BookLanguage:
    """One book of a multilingual GitBook, as `LANGS.md` lists it: `* [中文](zh/)`."""
    name: str
    folder: str
    line: int


_LANGUAGE_ITEM = re.compile(r"^[ \t]*[-*+][ \t]+\[([^\]\n]+)\]\(<?([^)>\n]+)>?\)", re.MULTILINE)


def book_languages(folder: Path) -> list[BookLanguage]:
    """The books `LANGS.md` in `folder` lists, one per language, the first the default
    (GitBook 3 showed a choice of them at the root and each book under its folder)."""
    path = folder / "LANGS.md"
    text = read_text(path) if path.is_file() else ""
    return [BookLanguage(m.group(1).strip(),
                         m.group(2).strip().removeprefix("./").strip("/"),
                         text.count("\n", 0, m.start()) + 1)
            for m in _LANGUAGE_ITEM.finditer(text)
            if not re.match(r"^[a-z][a-z0-9+.-]*:|^//", m.group(2).strip())]


def language_code(folder: str, language: str, summary: Path) -> str:
    """The Lanting language of a book of `LANGS.md`: its folder's name when that is a
    language tag (its URLs keep it: `/zh/`), else its `book.json` language's, else the
    one its summary is written in."""
    if LANGUAGE_TAG.fullmatch(folder):
        return folder
    return region_language_tag(language or guess_language([read_text(summary)]))


_EXPORTS = re.compile(r"\b(?:module\.exports|export\s+default)\s*=?\s*\{")


def book_js(text: str) -> tuple[Any, str | None]:
    """`book.js`, which GitBook 3 read in place of `book.json` (`module.exports = {…}`,
    with comments, single quotes, bare keys and trailing commas): the object, read as a
    YAML flow mapping (JSON with those liberties), without running it."""
    code = strip_comments(text)
    opening = _EXPORTS.search(code)
    if opening is None:
        return {}, "no `module.exports = {…}`"
    start = opening.end() - 1
    depths = depths_of(code)
    end = next((i for i in range(start + 1, len(code)) if code[i] == "}"
                and depths[i] == depths[start] - 1 and not depths.strings[i]), None)
    if end is None:
        return {}, "the exported object is not closed"
    return load_mapping("yaml", code[start:end + 1])


def _site_url(source: Path, plugins_config: dict[str, Any]) -> str:
    """Where the book was published: the sitemap plugin's `hostname` (sitemap-general's
    `prefix`), else the domain of a `CNAME` file beside the settings (GitHub Pages')."""
    for name, key in (("sitemap", "hostname"), ("sitemap2", "hostname"),
                      ("sitemap-general", "prefix")):
        url = str(_mapping(plugins_config.get(name)).get(key) or "").strip()
        if re.match(r"https?://[^/\s]+", url):
            return url.rstrip("/") + "/"
    cname = read_text(source / "CNAME").strip() if (source / "CNAME").is_file() else ""
    return f"https://{cname}/" if re.fullmatch(r"[\w-]+(?:\.[\w-]+)+", cname) else ""


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def is_gitbook(source: Path) -> bool:
    """`.gitbook.yaml` (a book synced with GitBook's service), or GitBook 3's
    `book.json`, or a `SUMMARY.md` of links beside a `README.md` (GitBook 3 needed no
    `book.json`), the summary where the settings' `root` puts it; or `LANGS.md` listing
    a folder with its own summary (a book per language)."""
    if not any((source / name).is_file() for name in (".gitbook.yaml", "book.json",
                                                      "book.js", "SUMMARY.md", "LANGS.md")):
        return False
    settings = read_gitbook_settings(source)
    root = source / settings.book.src
    if any((root / language.folder / settings.summary).is_file()
           for language in book_languages(root)):
        return True
    summary = root / settings.summary
    if not summary.is_file():
        return False
    if any((source / name).is_file() for name in (".gitbook.yaml", "book.json", "book.js")):
        return True
    return (source / "README.md").is_file() and re.search(
        r"^[ \t]*[-*+][ \t]+\[[^\]\n]+\]\([^)\n]+\.md", read_text(summary),
        re.MULTILINE) is not None
