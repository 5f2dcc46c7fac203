"""GitBook → Lanting: a book kept for GitBook 3 (the `gitbook` command, HonKit: `book.json`,
or none) or synced with GitBook's hosted service (`.gitbook.yaml`): its chapters in the
order `SUMMARY.md` gives, read as the mdBook reader reads a book (`mdbook.py`: the home
page, the contents list, previous and next links, old `.html` URLs), with GitBook's
own blocks (`gitbook_bodies.py`), its settings (`gitbook_settings.py`), its math and
GitHub's heading ids.

The introduction (`README.md`, or the settings' `structure.readme`) is the home page,
listed in the summary or not, as GitBook showed it first. A page's YAML front matter
(the hosted service's `description`) gives its summary. A book on the hosted service
was served at an address of GitBook's: its old URLs are not kept.

A book in several languages (`LANGS.md` listing a folder per language, each a book
with its own summary and, maybe, its own `book.json`): the first listed is the site's
default language, at the root; each other is a Lanting language under its folder
(`/zh/`). A chapter at the same path in two books is one page in two languages. The
old pages' URLs (`/en/intro.html`) keep answering."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import Options, read_text
from lanting.importer.gitbook_bodies import (
    blocks,
    code_labels,
    includes,
    math_blocks,
    raw_blocks,
    variables,
)
from lanting.importer.gitbook_settings import (
    BookLanguage,
    book_languages,
    language_code,
    read_gitbook_settings,
)
from lanting.importer.kramdown_html import span_tag_paragraphs
from lanting.importer.liquid import Context
from lanting.importer.mdbook import MdBook
from lanting.importer.mkdocs_anchors import python_markdown_headings
from lanting.importer.mkdocs_strong import lenient_strong
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.site_language import region_language_tag
from lanting.importer.text import load_mapping, split_front_matter

_PLUGIN_NOTES = {
    "search": "GitBook's search: Lanting has its own",
    "lunr": "GitBook's search: Lanting has its own",
    "sharing": "sharing buttons: not carried over",
    "github": "the GitHub link: in [[links]]",
    "splitter": "the sidebar's splitter: not carried over",
    "expandable-chapters": "folding chapters in the sidebar: not carried over",
    "anchor-navigation-ex": "the page's table of contents: Lanting shows its own",
    "page-treeview": "the page's table of contents: Lanting shows its own",
    "copy-code-button": "copy buttons: Lanting's code blocks have one",
    "code": "copy buttons and line numbers: Lanting's code blocks have a copy button",
    "sitemap": "the sitemap: Lanting writes `sitemap.xml` (its address is `base_url`)",
    "sitemap2": "the sitemap: Lanting writes `sitemap.xml` (its address is `base_url`)",
    "sitemap-general": "the sitemap: Lanting writes `sitemap.xml` (its address is "
                       "`base_url`)",
}


class GitBook(MdBook):
    kind = "gitbook"
    heading_style = "github"
    language_name = ""
    """The book's language's name in `LANGS.md` (`中文`)."""

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        super().__init__(source, report, options)
        self.gitbook = read_gitbook_settings(source)
        self.settings = self.gitbook.book
        self.folder = source / self.settings.src
        self.summary_name = self.gitbook.summary

    def run(self) -> NewSite:
        languages = book_languages(self.folder) if not self.url_prefix else []
        if not languages:
            return super().run()
        codes: set[str] = set()
        for language in languages:
            self.language_book(language, codes)
        self.report.note(self.folder / "LANGS.md", None, "the old root page, a choice of "
                         "languages: the first language's book is the site's home now, "
                         "each other under its folder")
        return self.site

    def language_book(self, language: BookLanguage, codes: set[str]) -> None:
        """Read the book of one language of `LANGS.md` into this site (`codes`: the
        languages read before, lower-case; the first read is the default language)."""
        folder = (self.folder / language.folder).resolve()
        if not (folder / self.gitbook.summary).is_file() \
                and not (folder / "book.json").is_file():
            self.report.warn(self.folder / "LANGS.md", language.line, f"`{language.folder}` "
                             "holds no book (no SUMMARY.md): that language is left out")
            return
        book = GitBook(folder, self.report, self.options)
        if not book.gitbook.book.found:  # (the root's `book.json` holds for each book)
            book.gitbook = replace(self.gitbook, book=replace(self.settings, src="."))
            book.settings = book.gitbook.book
            book.folder, book.summary_name = folder, self.gitbook.summary
        book.site, book.url_prefix = self.site, "/" + language.folder
        code = language_code(language.folder, book.settings.language,
                             book.folder / book.summary_name)
        if region_language_tag(code).lower() in codes:
            self.report.warn(self.folder / "LANGS.md", language.line, f"`{language.folder}`"
                             f": a second book in `{code}`: left out")
            return
        if not codes:  # (a shared book.json's `language` names one book's only)
            book.settings = book.gitbook.book = replace(book.settings, language=code)
        else:
            book.lang = code
        codes.add(region_language_tag(code).lower())
        book.language_name = language.name
        book.run()

    def write_config(self, summary_title: str) -> None:
        if not self.lang:
            super().write_config(summary_title)
            if self.language_name:
                self.site.config.setdefault("languages", {})[
                    self.site.config["language"]] = {"name": self.language_name}
            return
        table = {"name": self.language_name, "title": self.title(summary_title),
                 "description": self.settings.description}
        self.site.config.setdefault("languages", {})[self.lang] = {
            key: value for key, value in table.items() if value}
        self.site.config_comments["languages"] = "the books of LANGS.md: the first at " \
            "the root, each other under its folder, as before"
        self.report.convert("languages (LANGS.md)")

    def listed_files(self, summary_path: Path) -> list[Path]:
        """The summary's chapters, the introduction first (GitBook showed it so, listed
        or not)."""
        found = super().listed_files(summary_path)
        readme = (self.folder / self.gitbook.readme).resolve()
        if readme.is_file() and readme not in found:
            found.insert(0, readme)
            self.titles.setdefault(readme, "")
        elif readme in found and found[0] != readme:
            found.remove(readme)
            found.insert(0, readme)
        return found

    def unlisted_pages(self) -> list[Path]:
        """GitBook 3's glossary (`GLOSSARY.md`, `## term` and its meaning each), which it
        published at `GLOSSARY.html` outside the summary's order."""
        glossary = (self.folder / self.gitbook.glossary).resolve()
        if self.gitbook.hosted or not glossary.is_file():
            return []
        self.titles[glossary] = "术语表" if self.language().startswith("zh") else "Glossary"
        self.report.convert("the glossary (GLOSSARY.md) as a page")
        return [glossary]

    def read_chapter(self, path: Path, home: bool, names: Counter[str]) -> None:
        super().read_chapter(path, home, names)
        if self.gitbook.hosted:  # (its pages were at an address of GitBook's)
            self.documents[-1][0].old_urls.clear()

    def front_matter(self, path: Path) -> tuple[dict[str, Any], str]:
        """A page's YAML front matter (`---` lines; a first line of `{% embed %}` is no
        JSON): its `description` the page's summary."""
        whole = read_text(path)
        fmt, head, text, _first = split_front_matter(whole) if whole.startswith("---") \
            else ("", "", whole, 1)
        if not head:
            return {}, whole
        data, error = load_mapping(fmt or "yaml", head)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        front: dict[str, Any] = {}
        if isinstance(data, dict) and str(data.get("description") or "").strip():
            front["summary"] = " ".join(str(data["description"]).split())
        return front, text

    def book_syntax(self, text: str, path: Path, ctx: Context) -> str:
        shelf = Shelf()
        text = code_labels(raw_blocks(text, shelf), ctx)
        # (GitBook 3 wrapped code in `{% raw %}` before its templates ran: a Django or
        # Jinja example's `{% url %}` and `{{ x }}` are code, shown as written)
        text = B.indented_code(protect_code(text, shelf), shelf, as_written=True)[0]
        text = includes(text, path.parent, ctx, self.folder)
        text = protect_code(code_labels(text, ctx), shelf)  # (the included files' too)
        # (`{{ book.language }}`: the id of the language's book, in a book of LANGS.md)
        values = {"language": self.url_prefix.strip("/")} if self.url_prefix else {}
        text = variables(math_blocks(text, ctx), {**values, **self.gitbook.variables}, ctx)
        text = shelf.restore(blocks(text, shelf, ctx))
        if self.gitbook.hosted:
            return text
        # (`**Th1: **定理`: GitBook 3 read Markdown with kramed, which made it bold;
        # CommonMark shows the two stars. A lone `<br/>` over a `##### heading` or a
        # sentence: kramed read a paragraph there, CommonMark an HTML block, and the
        # Markdown in it showed as written)
        code = Shelf()
        text, spaced = span_tag_paragraphs(protect_code(text, code))
        ctx.convert("lone `<br/>` lines read as kramed read them", spaced)
        # (`###开始`: kramed needed no space after the marks; CommonMark reads words)
        text, unspaced = python_markdown_headings(text)
        ctx.convert("headings without a space after their `#` marks", unspaced)
        return code.restore(lenient_strong(text, ctx, "kramed"))

    def plugin_notes(self) -> None:
        settings = self.settings
        for name in settings.preprocessors:
            if name in _PLUGIN_NOTES:
                self.report.note(settings.path, None, f"plugin `{name}`: "
                                 + _PLUGIN_NOTES[name])
            elif not re.search(r"katex|mathjax|math|mermaid|hints|theme-", name):
                self.report.note(settings.path, None, f"plugin `{name}`: not carried over "
                                 "(what it added to the pages is not there)")
        if self.gitbook.hosted:
            self.report.note(settings.path, None, "a book of GitBook's hosted service: its "
                             "old addresses were GitBook's, not kept")

    def redirects(self) -> None:
        """The hosted service's `redirects:` (an old path → a file of the book): its
        addresses were GitBook's, so none is kept; named in a notice."""
        if self.settings.redirects:
            self.report.note(self.settings.path, None, f"{len(self.settings.redirects)} "
                             "redirect(s) of GitBook's hosted service: not kept (they "
                             "answered at GitBook's address)")
