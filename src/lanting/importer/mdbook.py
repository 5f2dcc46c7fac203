"""mdBook → Lanting: a book (`book.toml`, its chapters in `src/`, their order in
`src/SUMMARY.md`), as many course notes and reading notes are kept.

Every chapter `SUMMARY.md` lists is a page, in its order: the first is the home page
(mdBook showed it at `index.html`), with the summary below its text as the contents
(numbered as mdBook numbered it, its parts' titles in bold, draft chapters as words);
each page ends with links to the previous and next. A Markdown file the summary
does not list was never published, and is not imported. A page's title is its first
`# heading` (taken out: Lanting shows the title above the text), else its summary
name; its slug its file's name (a `README.md`'s or `index.md`'s, its folder's). Its old
URL (`guide/intro.html`; `guide/index.html` for `guide/README.md`) and the redirects of
`[output.html.redirect]` keep answering. Bodies: `mdbook_bodies.py`; `book.toml`:
`mdbook_settings.py`; the summary: `mdbook_summary.py`."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from pathlib import Path
from typing import Any

from lanting.importer.common import Options, read_text, walk
from lanting.importer.docsify import first_heading, page_name, page_slug
from lanting.importer.docsify_site import previous_and_next
from lanting.importer.item import Item
from lanting.importer.jekyll_math_macros import converting_macros, script_macros
from lanting.importer.liquid import Context
from lanting.importer.mdbook_bodies import MdBookBodies
from lanting.importer.mdbook_settings import katex_file_macros, read_book_settings
from lanting.importer.mdbook_summary import Chapter, Summary, read_summary
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, region_language_tag
from lanting.importer.vuepress_fragments import PageAnchors, title_links

_PREPROCESSOR_NOTES = {
    "toc": "mdbook-toc's `<!-- toc -->`: Lanting shows each page's table of contents "
           "itself",
    "footnote": "mdbook-footnote: Lanting reads footnotes (`[^1]`) itself",
    "embedify": "mdbook-embedify (footers, comments, scroll-to-top): not carried over "
                "(Lanting's comments are `[comments]` in lanting.toml)",
    "pagetoc": "mdbook-pagetoc: Lanting shows each page's table of contents itself",
}
_TITLE_LINK = re.compile(r"^[ \t]*\{\{\s*#title\s[^}\n]*\}\}[ \t]*(?:\n|$)", re.MULTILINE)
_HANDLED_PREPROCESSORS = frozenset({"katex", "mathjax", "admonish", "mermaid", "links",
                                    "index"})


class MdBook(MdBookBodies):
    kind = "mdbook"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.settings = read_book_settings(source)
        self.folder = source / self.settings.src
        self.site = NewSite(report, source)
        self.by_source: dict[Path, Item] = {}
        self.by_old_url: dict[str, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.page_anchors: PageAnchors = {}
        self.texts: list[str] = []
        self.titles: dict[Path, str] = {}
        self.chapters: tuple[Chapter, ...] = ()

    summary_name = "SUMMARY.md"
    lang = ""
    """The language of the book's pages when not the site's default (a GitBook's
    `LANGS.md` lists several books, one per language)."""
    url_prefix = ""
    """The folder the old pages were served under (`/zh`: that language's book)."""

    def run(self) -> NewSite:
        if self.settings.error:
            self.report.warn(self.settings.path, None, f"{self.settings.path.name} not read "
                             f"({self.settings.error}): the defaults are used")
        summary_path = self.folder / self.summary_name
        summary = read_summary(read_text(summary_path)) if summary_path.is_file() \
            else self.summary_of_files(summary_path)
        for line, what in summary.problems:
            self.report.warn(summary_path, line, what)
        self.chapters = summary.chapters
        files = self.listed_files(summary_path)
        names = Counter(page_name(p) for p in files)
        for n, file in enumerate(files):
            self.read_chapter(file, n == 0, names)
        extra = [p for p in self.unlisted_pages() if p not in files]
        names.update(page_name(p) for p in extra)
        for file in extra:
            self.read_chapter(file, False, names)
        if not files:
            self.report.warn(summary_path, None, "SUMMARY.md lists no chapter: the home "
                             "page is empty")
            self.site.add(Item("home", "index", None, {"title": self.title(summary.title)},
                               lang=self.lang))
        self.left_out(files + extra, summary_path)
        self.redirects()
        for item, text, path in self.documents:
            item.body = self.convert(text, item, path, Context(self.report, path,
                                                               read_text(path)))
        self.contents(summary.title)
        # (the first chapter, the home page now, is in the order: mdBook led to it)
        previous_and_next(self.site, [i for i, _, _ in self.documents
                                      if i.source not in extra],
                          lambda page: self.titles.get(page.source or Path(), page.title),
                          self.language().startswith("zh"))
        self.write_config(summary.title)
        return self.site

    # --- chapters ----------------------------------------------------------------------

    def unlisted_pages(self) -> list[Path]:
        """Pages the old site published outside the summary's reading order (mdBook:
        none)."""
        return []

    def summary_of_files(self, summary_path: Path) -> Summary:
        """No summary (`--from` named a folder without one): every Markdown file is a
        chapter, the introduction first, the rest in name order, with a warning."""
        self.report.warn(summary_path, None, f"no {summary_path.name}: every Markdown file "
                         "of the folder is a chapter, in the order of their names")
        files = sorted((p for p in walk(self.folder) if p.suffix.lower() in (".md",
                                                                             ".markdown")),
                       key=lambda p: (p.stem.lower() not in ("readme", "index", "intro"),
                                      p.as_posix()))
        return Summary("", tuple(Chapter("", p.relative_to(self.folder).as_posix(), 0, "", 0)
                                 for p in files), ())

    def listed_files(self, summary_path: Path) -> list[Path]:
        """The chapters' files, in the summary's order, once each."""
        found: list[Path] = []
        for chapter in self.chapters:
            if chapter.part or not chapter.link:
                continue
            file = self.chapter_file(chapter.link)
            if not file.is_file():
                # (mdBook's `create-missing` made an empty file there, or the build failed)
                self.report.warn(summary_path, chapter.line, f"chapter file "
                                 f"`{chapter.link}` not found: left out of the book")
                continue
            if file not in found:
                found.append(file)
                self.titles.setdefault(file, chapter.title)
        return found

    def chapter_file(self, link: str) -> Path:
        """The file a summary's link names, from the source folder (`/x.md` too, as
        GitBook's summaries write them)."""
        return (self.folder / link.split("#", 1)[0].lstrip("/")).resolve()

    def read_chapter(self, path: Path, home: bool, names: Counter[str]) -> None:
        front, text = self.front_matter(path)
        title = self.titles.get(path, "") or path.stem.replace("_", " ")
        heading = first_heading(text)
        if heading is not None:  # (Lanting shows the title above the text)
            title = heading[0]
            text, count = title_links(heading[1], title)
            self.report.convert("links to the title heading as #top", count)
        front = {"title": re.sub(r"<[^>]+>", "", title).strip() or path.stem, **front}
        rel = path.relative_to(self.folder.resolve()).as_posix()
        stem = rel.rsplit(".", 1)[0]
        folder, _, name = stem.rpartition("/")
        index = name.lower() in ("readme", "index")
        old = "/" + (folder + "/" if folder else "") + ("index.html" if index else
                                                         name + ".html")
        if home:
            item = self.site.add(Item("home", "index", path, front, lang=self.lang))
            self.by_old_url["/"] = item
        else:
            item = self.site.add(Item("page", page_slug(path, self.folder.resolve(), names,
                                                        self.report), path, front,
                                      lang=self.lang))
            self.report.counts["pages"] += 1
        # (`/x/index.html` is `/x/` to Lanting; a language's book was at `/en/`)
        for served in dict.fromkeys((self.url_prefix + old.removesuffix("index.html"),
                                     self.url_prefix + "/" if home else "/")):
            if served not in ("/", f"/{self.lang}/"):
                item.old_urls.append(served)
        self.by_old_url[old] = item
        self.by_source[path] = item
        self.texts.append(text)
        self.documents.append((item, text, path))

    def front_matter(self, path: Path) -> tuple[dict[str, Any], str]:
        """(what the new page's front matter takes from the file, its text): mdBook
        reads none; `{{#title}}`, the browser tab's title, may stand above the heading."""
        return {}, _TITLE_LINK.sub("", read_text(path))

    def left_out(self, files: list[Path], summary_path: Path) -> None:
        """The Markdown files the old site never published (those included in a chapter are
        parts of it)."""
        listed = set(files)
        texts = "\n".join(t for _, t, _ in self.documents)
        others = [p for p in walk(self.folder) if p.suffix.lower() in (".md", ".markdown")
                  and p.resolve() not in listed and p.resolve() != summary_path.resolve()
                  and p.name not in texts]
        if others:
            self.report.note(others[0], None, f"{len(others)} Markdown file(s) SUMMARY.md "
                             "does not list: the old site never published them: left out")

    def redirects(self) -> None:
        """`[output.html.redirect]`: an old path → the page it now is."""
        for old, target in self.settings.redirects.items():
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                self.report.warn(self.settings.path, None, f"redirect of `{old}` to "
                                 f"{target}, another site: not carried over")
                continue
            where = target if target.startswith("/") else posixpath.join(
                posixpath.dirname("/" + old.lstrip("/")), target)
            item = self.by_old_url.get(posixpath.normpath(where.split("#", 1)[0]))
            if item is None:
                self.report.warn(self.settings.path, None, f"redirect of `{old}` to "
                                 f"`{target}`, which is no chapter: not carried over")
                continue
            item.old_urls.append("/" + old.lstrip("/"))
            self.report.convert("redirects ([output.html.redirect]) kept")

    # --- the home page and settings ------------------------------------------------------

    def contents(self, summary_title: str) -> None:
        """The summary below the home page's text, as mdBook's sidebar showed it."""
        home = next(i for i in self.site.items if i.kind == "home" and i.lang == self.lang)
        lines: list[str] = []
        for chapter in self.chapters:
            if chapter.part:  # (GitBook's part titles may be links: their words)
                title = re.sub(r"!?\[([^\]\n]*)\]\([^)\n]*\)", r"\1", chapter.title)
                lines += ["", f"**{title}**", ""]
                continue
            label = f"**{chapter.number}** " if chapter.number and \
                self.settings.section_labels else ""
            indent = "  " * chapter.depth
            file = self.chapter_file(chapter.link) if chapter.link else None
            item = self.by_source.get(file) if file is not None else None
            if item is home:
                continue
            if item is None:  # (a draft chapter, greyed in mdBook's sidebar)
                lines.append(f"{indent}- {label}{chapter.title}")
            else:
                lines.append(f"{indent}- {label}[{chapter.title}]({self.site.link(item)})")
        if any(line.strip() for line in lines):
            zh = self.language().startswith("zh")
            heading = "目录" if zh else "Contents"
            home.body = home.body.rstrip("\n") + f"\n\n## {heading}\n\n" + \
                "\n".join(lines).strip("\n") + "\n"
            self.report.convert("the summary (a contents list on the home page)")
        home.front["title"] = self.title(summary_title) if home.source is None or \
            self.settings.title else home.title

    def title(self, summary_title: str) -> str:
        """The book's title: its settings', else the introduction's heading (a summary's
        `# Table of contents`, the hosted service's default, names no book)."""
        home = next((i for i in self.site.items if i.kind == "home" and i.source
                     and i.lang == self.lang), None)
        generic = summary_title.strip().casefold() in ("summary", "table of contents",
                                                        "contents", "目录")
        return self.settings.title or (home.title if home is not None else "") or (
            "" if generic else summary_title) or self.source.resolve().name

    def language(self) -> str:
        return self.settings.language or guess_language(self.texts)

    def write_config(self, summary_title: str) -> None:
        config: dict[str, Any] = self.site.config
        settings = self.settings
        config["title"] = self.title(summary_title)
        language = self.language()
        config["language"] = region_language_tag(language)
        if settings.authors:
            config["author"] = ", ".join(settings.authors)
        if settings.description:
            config["description"] = settings.description
        if settings.site_url:
            config["base_url"] = settings.site_url
        if settings.repository:
            config["links"] = [{"name": "GitHub" if "github.com" in settings.repository
                                else "Repository", "url": settings.repository}]
        config["markdown"] = {"heading_ids": self.heading_style}
        self.site.config_comments["markdown"] = "heading ids made as the old book made them"
        macros = self.math_macros()
        if macros:
            config["markdown"]["math_macros"] = macros
        if settings.mermaid or any("```mermaid" in t for t in self.texts):
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += "; Mermaid diagrams drawn as the " \
                "book drew them (its script from a CDN)"
        self.plugin_notes()

    def math_macros(self) -> dict[str, str]:
        """The macros the book's formulas used, as MathJax or mdbook-katex knew them
        (without them every formula using one failed the build)."""
        settings = self.settings
        if settings.macros_file:
            path = self.source / settings.macros_file
            if not path.is_file():
                self.report.warn(settings.path, None, f"mdbook-katex's macros file "
                                 f"`{settings.macros_file}` is not in the book: its "
                                 "macros are not defined")
                return {}
            return converting_macros(katex_file_macros(read_text(path)), self.report,
                                     self.report.rel(path))
        found = script_macros(settings.scripts) if settings.math else {}
        return converting_macros(found, self.report, self.report.rel(settings.scripts[0])) \
            if found else {}

    def plugin_notes(self) -> None:
        settings = self.settings
        for name in settings.preprocessors:
            if name in _PREPROCESSOR_NOTES:
                self.report.note(settings.path, None, _PREPROCESSOR_NOTES[name])
            elif name not in _HANDLED_PREPROCESSORS and not name.startswith("katex"):
                self.report.note(settings.path, None, f"preprocessor `{name}`: not "
                                 "carried over (what it added to the pages is not there)")
        if (self.source / "theme").is_dir():
            self.report.note(self.source / "theme", None, "the book's own theme: not "
                             "carried over (Lanting's theme shows the pages)")
