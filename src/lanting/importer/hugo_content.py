"""Which files of a Hugo site are its pages, and where they sit: the Markdown files
under each language's content folder (leaf bundles `x/index.md`, single files; `_index.md`
list pages are read apart), the section of each, and the section that holds the posts
(`mainSections`, else the largest) or holds only undated documents."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.common import GENERATED, read_text, walk
from lanting.importer.data_papers import import_entry_papers
from lanting.importer.hugo_languages import HugoLanguages
from lanting.importer.hugo_reveal import is_deck_page
from lanting.importer.hugo_settings import DOCS_THEMES, HugoLanguage, config_file, theme_names
from lanting.importer.markups import (
    PANDOC_READERS,
    TEXT_PAGES,
    Converted,
    conversion,
    page_text,
)
from lanting.importer.site import NewSite
from lanting.importer.text import names, split_front_matter

_DATED = re.compile(r'^[ \t]*"?(?:date|publishdate|pubdate|published|lastmod|modified)"?'
                    r"[ \t]*[:=]", re.IGNORECASE | re.MULTILINE)
"""A front matter line giving a date (a page of a section of posts has one)."""
_PLAIN_HTML = re.compile(r"\A\s*<(?!!--)")
"""How an HTML file without front matter begins when Hugo copied it as it was: with a
tag other than a comment (a comment first, it is a page missing its front matter)."""
_PAGES = (*TEXT_PAGES, ".html", ".htm")
_POST_SECTIONS = frozenset({"post", "posts", "blog", "article", "articles"})
"""Section names that say "the posts" (a tie of counts goes to one of them)."""


class HugoContent(HugoLanguages):
    """The content side of the Hugo importers: files, sections, the posts' section."""

    source: Path
    config: dict[str, Any]
    params: dict[str, Any]
    site: NewSite
    sections: dict[str, int]
    special_sections: Callable[[], tuple[str, ...]]
    ignores: list[re.Pattern[str]] | None = None
    kind: str
    """`ignoreFiles`, compiled when first needed."""
    plain_pages = 0
    """The HTML files without front matter copied as they were."""

    def content_files(self) -> list[tuple[Path, Path | None]]:
        """(Markdown file, its bundle folder or None) of every page, `_index.md` left out,
        in every language (its own `contentDir`, or a suffix: `x.en.md`, `index.en.md`)."""
        found: list[tuple[Path, Path | None]] = []
        roots: dict[Path, list[HugoLanguage]] = {}
        for language in self.languages:
            roots.setdefault(language.content, []).append(language)
        for root, languages in roots.items():
            for path in walk(root) if root.is_dir() else []:
                if path.suffix.lower() not in _PAGES or path.name.startswith("_index.") \
                        or self.ignored(path) or self.unconverted(path):
                    continue
                if any(root != other and path.is_relative_to(other) for other in roots):
                    continue  # another language's contentDir inside this one
                if self.rendered_beside_markdown(path):
                    continue
                stem, language = self.split_language(path, languages)
                if plain_html(path):
                    self.plain_page(path, root, language)
                    continue
                self.lang_of[path] = language
                if stem == "index":
                    found.append((path, path.parent))
                elif not any(self.is_bundle(parent) for parent in path.parents
                             if parent != root and parent.is_relative_to(root)):
                    found.append((path, None))
        return self.without_papers(found) if self.kind == "hugo" else found

    def without_papers(self, found: list[tuple[Path, Path | None]]
                       ) -> list[tuple[Path, Path | None]]:
        """`found` without a section of papers (PaperMod-Academics' `content/pubs/`,
        each page's front matter a paper: `venue`, `authors` of `{name, home}`), whose
        entries are content/publications.bib now (Hugo Blox reads its own)."""
        roots = {language.content for language in self.languages}
        sections: dict[Path, list[Path]] = {}
        for path, bundle in found:
            folder = (bundle or path).parent
            if folder.parent in roots:
                sections.setdefault(folder, []).append(path)
        papers = next((files for folder, files in sorted(sections.items())
                       if import_entry_papers(self.site, self.report, folder, files)), [])
        return [(path, bundle) for path, bundle in found if path not in papers]

    def rendered_beside_markdown(self, path: Path) -> bool:
        """Whether `path` is an HTML page beside a Markdown page of the same name
        (`index.html` by `index.md`: blogdown's or a notebook's rendering of the text
        the author edits). Both were one page, one path of the old site, so only the
        Markdown is imported: each was a post of its own, the second with `-2` added to
        its slug."""
        if path.suffix.lower() != ".html":
            return False
        twin = next((path.with_suffix(s) for s in (".md", ".markdown")
                     if path.with_suffix(s).is_file()), None)
        if twin is not None:
            self.report.note(path, None, f"left out: `{twin.name}` beside it is the same "
                             "page of the old site, imported from its Markdown")
        return twin is not None

    def plain_page(self, path: Path, root: Path, language: HugoLanguage) -> None:
        """An HTML file of the content folder without front matter, which Hugo copied
        to its output as it was (a demo, an exported notebook, a site's own page):
        copied to `static/`, at its path in the content folder (a language's own
        folder under its code), with one notice for all."""
        rel = language.folder.strip("/") + "/" if root != self.content else ""
        rel += path.relative_to(root).as_posix()
        if rel in GENERATED:
            self.report.note(path, None, f"left out: Lanting makes its own {rel}")
            return
        self.site.static.setdefault(rel, path)
        self.report.counts["static files"] += 1
        folder = rel.rpartition("/")[0]
        for file in files_named(path, root):  # (its scripts and images beside it)
            name = file.relative_to(path.parent).as_posix()
            self.site.static.setdefault(f"{folder}/{name}" if folder else name, file)
        if not self.plain_pages:
            self.report.note(path, None, "an HTML file of the content folder without front "
                             "matter: copied to static/ as it was, as Hugo published it "
                             "(and others like it)")
        self.plain_pages += 1

    def unconverted(self, path: Path) -> bool:
        """Whether `path`, a page in Org, AsciiDoc, reStructuredText or Pandoc's Markdown,
        cannot be converted (no Pandoc): left out with a warning."""
        done = conversion(path)
        if isinstance(done, str):
            self.report.warn(path, 1, f"left out: a page in "
                             f"{PANDOC_READERS[path.suffix.lower()]} {done}")
        for line, message in done.warnings if isinstance(done, Converted) else ():
            self.report.warn(path, line, f"Pandoc: {message}")
        return isinstance(done, str)

    def ignored(self, path: Path) -> bool:
        """Whether Hugo skipped the file: a pattern of `ignoreFiles` is found in its path
        (OWenT's `README\\.md$`: each year's folder has a README.md, no page of the
        site, which became dateless posts fighting over one slug)."""
        if self.ignores is None:
            given = self.config.get("ignorefiles")
            self.ignores = []
            for pattern in given if isinstance(given, list) else [given] if given else []:
                try:
                    self.ignores.append(re.compile(str(pattern)))
                except re.error as error:
                    self.report.warn(config_file(self.source), None, f"`ignoreFiles`: "
                                     f"`{pattern}` not understood ({error}), not applied")
        found = next((p for p in self.ignores if p.search(path.as_posix())), None)
        if found:
            self.report.note(path, None, f"left out: the site's `ignoreFiles` "
                             f"(`{found.pattern}`) kept it out of the old site")
        return found is not None

    def is_bundle(self, folder: Path) -> bool:
        return any(self.split_language(p, self.languages)[0] == "index"
                   for p in folder.glob("index.*") if p.suffix.lower() in TEXT_PAGES)

    def section_of(self, path: Path) -> str:
        rel = path.relative_to(self.root_of(path))
        if len(rel.parts) == 2 and self.split_language(path, self.languages)[0] == "index":
            return ""  # (a bundle at the top, LoveIt's `about/index.md`, is no section)
        return rel.parts[0] if len(rel.parts) > 1 else ""

    def undated(self, section: str, files: list[tuple[Path, Path | None]]) -> bool:
        """Whether no page of `section` has a date: a site of documents (hugo-book's and
        Docsy's `docs/`), whose pages are pages, not posts dated by their files' times."""
        found = False
        for path, _bundle in files:
            if self.section_of(path) != section:
                continue
            found = True
            head = split_front_matter(page_text(path))[1]
            if _DATED.search(head):
                return False
        deck = self.content / ("" if section == "home" else section) / "_index.md"
        if found and not is_deck_page(deck):  # (a deck's pages are its slides)
            self.report.note(self.content / section, None,
                             f"no page of `{section}/` has a date: its pages are imported as "
                             "pages, not posts")
        return found

    def in_book(self, section: str | None) -> bool:
        """Whether `section` holds hugo-book's documents (its `BookSection`: `docs` unless
        the site names another, `*` every section): the book's chapters, in its menu,
        never posts, dated or not (a date there only said when a page was written)."""
        themes = theme_names(self.config)
        if section and DOCS_THEMES.intersection(themes):
            return True  # (a theme of documents alone: every section its chapters)
        if not section or "book" not in themes:
            return False
        return str(self.params.get("booksection") or "docs") in ("*", section)

    def main_section(self, files: list[tuple[Path, Path | None]]) -> str:
        """The section of the posts: the site's `mainSections` when it names one, else
        the section with the most pages (on a tie, the one named like a blog's)."""
        counts: dict[str, int] = {}
        for path, _bundle in files:
            section = self.section_of(path)
            if section and section not in self.special_sections():
                counts[section] = counts.get(section, 0) + 1
        self.sections = counts
        given = self.config.get("mainsections") or self.params.get("mainsections")
        for section in names(given):
            if section in counts:
                return section
        # (alphabetical order alone once made a one-page `admin/` the blog of a site
        # with one post: `/post/hello/` moved to `/admin/hello/`)
        # (hugo-book's documents are no blog: its `posts/`, when there is one, is)
        blog = {s: n for s, n in counts.items() if not self.in_book(s)} or counts
        return max(sorted(blog), key=lambda s: (blog[s], s in _POST_SECTIONS)) \
            if blog else "posts"


_NAMED = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"'#?:]+)""", re.IGNORECASE)
"""A relative address in an HTML tag (`src="plot.js"`, `href="img/a.png"`)."""


def files_named(path: Path, root: Path) -> list[Path]:
    """The files of the content folder an HTML file names by relative addresses under
    its own folder (its scripts, styles and images), which Hugo published beside it:
    no Markdown page among them."""
    found = []
    for name in sorted(set(_NAMED.findall(read_text(path)))):
        file = path.parent / unquote(name.strip())
        if not name.startswith("/") and ".." not in Path(name).parts and file.is_file() \
                and file.is_relative_to(root) and file.suffix.lower() not in (
                    ".md", ".markdown", ".html", ".htm"):
            found.append(file)
    return found


def plain_html(path: Path) -> bool:
    """Whether `path` is an HTML file Hugo copied as it was, not a page: no front
    matter, its first character `<` opening no comment (Hugo's rule since 0.67)."""
    if path.suffix.lower() not in (".html", ".htm"):
        return False
    text = read_text(path)
    return not split_front_matter(text)[0] and bool(_PLAIN_HTML.match(text))
