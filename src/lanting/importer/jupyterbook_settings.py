"""The settings of a Jupyter Book written for Lanting: `lanting.toml` from Jupyter Book
1's `_config.yml` (`title`, `author`, `html.baseurl`, `html.favicon`, `repository.url`,
`sphinx.config.language`, `bibtex_reference_style`, MathJax macros) or Jupyter Book 2's
`myst.yml` (`project.title`, `authors`, `description`, `github`, `math`,
`site.options.favicon`); `bibtex_bibfiles` / `project.bibliography` as
`content/references.bib`; the top of the table of contents as the menu; what has no
Lanting counterpart (`execute`, `launch_buttons`, `latex`, Sphinx extensions, a logo)
in the report.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, dump, parse
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.jekyll_math_macros import converting_macros, mathjax_value_macros
from lanting.importer.jupyterbook_toc import Toc
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.quarto_settings import authors
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import names

LEFT_OUT = ("launch_buttons", "latex", "exclude_patterns", "logo",
            "only_build_toc_files", "execute", "parse", "sphinx", "html", "repository",
            "bibtex_bibfiles")
"""Keys of `_config.yml` read here or named in the report (the others get one notice)."""
READ_EXTENSIONS = frozenset({"amsmath", "colon_fence", "deflist", "dollarmath", "html_image",
                             "html_admonition", "linkify", "substitution", "tasklist",
                             "attrs_inline", "attrs_block", "fieldlist", "strikethrough",
                             "replacements", "smartquotes"})
"""`myst_enable_extensions` whose syntax Lanting reads (or the import writes out)."""
READ_SPHINX = frozenset({"sphinx_proof", "sphinx_exercise", "sphinxcontrib.bibtex",
                         "sphinx_design", "sphinx_togglebutton", "sphinx.ext.mathjax",
                         "sphinxcontrib.mermaid"})
"""Sphinx extensions whose directives Lanting reads (or the import unwraps)."""
PROJECT_READ = frozenset({"title", "authors", "author", "description", "github", "math",
                          "toc", "bibliography", "exclude", "language", "numbering"})
"""Keys of mystmd's `project:` the import reads."""
STYLES = {"author_year": "author-year", "label": "numeric", "super": "numeric"}
"""sphinxcontrib-bibtex's `bibtex_reference_style` → `[citations] style`."""
MENU_LIMIT = 8
"""More top-level parts than this make no menu (the home page lists them all)."""


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


class JupyterBookSettings:
    """The settings side of the Jupyter Book importer."""

    book: Path
    report: Report
    site: NewSite
    config: dict[str, Any]
    project: dict[str, Any]
    config_name: str
    toc: Toc
    by_source: dict[Path, Item]
    texts: list[str]
    entries: list[BibEntry]

    @property
    def config_path(self) -> Path:
        return self.book / self.config_name

    def declared_language(self) -> str | None:
        """The language the book's settings name, if they name one."""
        sphinx = _mapping(_mapping(self.config.get("sphinx")).get("config"))
        value = sphinx.get("language") or self.config.get("language") \
            or self.project.get("language")
        return language_tag(value) if isinstance(value, str) and value.strip() else None

    def language(self) -> str:
        """The new site's language: the settings', else guessed from every page read (said
        once, in a notice)."""
        declared = self.declared_language()
        if declared:
            return declared
        found = guess_language(self.texts)
        self.report.note(self.config_path, None, f"no `language`: the pages read as "
                         f"`{found}`, so the new site is in it")
        return found

    def write_config(self, language: str) -> None:
        config = self.site.config
        names_found = authors(self.project.get("authors") or self.config.get("author")
                              or self.project.get("author"))
        title = self.project.get("title") or self.config.get("title")
        config["title"] = str(title or (names_found[0] if names_found else "") or "My book")
        if names_found:
            config["author"] = ", ".join(names_found)
        config["language"] = language
        html = _mapping(self.config.get("html"))
        url = str(html.get("baseurl") or "").strip()
        if url.startswith("http"):
            config["base_url"] = url.rstrip("/") + "/"
        description = self.project.get("description") or self.config.get("description")
        if isinstance(description, str) and description.strip():
            config["description"] = " ".join(description.split())
        self.copyright(str(config.get("author") or config["title"]))
        self.links()
        self.heading_ids()
        self.citation_style()
        self.macros()
        self.favicon()
        self.menu(language)
        self.left_out()

    def links(self) -> None:
        repository = _mapping(self.config.get("repository")).get("url") \
            or self.project.get("github")
        if isinstance(repository, str) and repository.strip():
            url = repository.strip()
            if not url.startswith("http"):
                url = "https://github.com/" + url.strip("/")
            self.site.config["links"] = [{"name": "GitHub" if "github.com" in url
                                          else "Repository", "url": url}]

    def copyright(self, who: str) -> None:
        """The footer's line, `© 2025 <author>` from `copyright: 2025` (mystmd has no
        year: `© <author>`). Lanting's default year is the newest post's, and a book has
        no posts: its footer read `© 1970`."""
        value = self.config.get("copyright")
        year = str(value).strip() if isinstance(value, (str, int)) and str(value).strip() \
            else ""
        self.site.config["copyright"] = f"© {year} {who}" if year else f"© {who}"

    def heading_ids(self) -> None:
        """`myst_heading_anchors` gave headings GitHub's ids (`#advantage-函数`), which
        links between pages name: Lanting makes the same with `heading_ids = "github"`."""
        if _mapping(self.config.get("parse")).get("myst_heading_anchors"):
            self.site.config.setdefault("markdown", {})["heading_ids"] = "github"
            self.site.config_comments.setdefault("markdown", "heading ids as MyST's "
                                                 "myst_heading_anchors made them")

    def citation_style(self) -> None:
        sphinx = _mapping(_mapping(self.config.get("sphinx")).get("config"))
        style = sphinx.get("bibtex_reference_style")
        if isinstance(style, str) and style in STYLES:
            self.site.config["citations"] = {"style": STYLES[style]}
        elif style:
            self.report.warn(self.config_path, None, f"`bibtex_reference_style: {style}` "
                             "has no Lanting counterpart: citations are author-year")
        if sphinx.get("bibtex_default_style"):
            self.report.note(self.config_path, None, "`bibtex_default_style` left out: the "
                             "reference lists follow `[citations] style`")

    def macros(self) -> None:
        """MathJax's macros (`sphinx.config.mathjax3_config.tex.macros`, mystmd's
        `project.math`) as `[markdown] math_macros`, those with arguments too (`vect:
        ["\\boldsymbol{#1}", 1]`): left out, every macro using them failed the build."""
        sphinx = _mapping(_mapping(self.config.get("sphinx")).get("config"))
        found: dict[str, Any] = {}
        for key in ("mathjax3_config", "mathjax_config"):
            tex = _mapping(_mapping(sphinx.get(key)).get("tex"))
            found.update(_mapping(tex.get("macros")))
            found.update(_mapping(_mapping(_mapping(sphinx.get(key)).get("TeX")).get("Macros")))
        found.update(_mapping(self.project.get("math")))
        # (a body's `#1` is an argument to Lanting too; each is checked, with the others
        # it may use: `vx: "\\vect{x}"`)
        macros = converting_macros(mathjax_value_macros(found), self.report,
                                   self.report.rel(self.config_path))
        if macros:
            self.site.config.setdefault("markdown", {})["math_macros"] = macros

    def favicon(self) -> None:
        options = _mapping(_mapping(self.config.get("site")).get("options"))
        icon = _mapping(self.config.get("html")).get("favicon") or options.get("favicon")
        logo = self.config.get("logo") or options.get("logo")
        if isinstance(icon, str) and (self.book / icon).is_file():
            rel = (self.book / icon).resolve().relative_to(self.book.resolve()).as_posix()
            if rel.lower().endswith((".jfif", ".jpe")):  # (a JPEG by another name)
                rel = rel.rsplit(".", 1)[0] + ".jpg"
            self.site.static[rel] = self.book / icon
            self.site.config["theme"] = {"favicon": "/" + rel}
        if isinstance(logo, str) and logo:
            if (self.book / logo).is_file():
                rel = (self.book / logo).resolve().relative_to(self.book.resolve()).as_posix()
                self.site.static[rel] = self.book / logo
            self.report.note(self.config_path, None, f"`logo: {logo}` copied to static/, "
                             "not shown: Lanting's header shows the title")

    def bibliography(self) -> None:
        """`bibtex_bibfiles` (Jupyter Book 1) or `project.bibliography` (mystmd; without
        it, every `.bib` of the book) as `content/references.bib`, which every page
        cites from."""
        files = names(self.config.get("bibtex_bibfiles") or self.project.get("bibliography"))
        if not files and self.config_name == "myst.yml":
            files = [p.relative_to(self.book).as_posix() for p in sorted(self.book.rglob(
                "*.bib")) if "_build" not in p.parts]
        entries: list[BibEntry] = []
        for name in files:
            file = self.book / name
            if not file.is_file():
                self.report.warn(self.config_path, None, f"bibliography `{name}` not found: "
                                 "its citations fail")
                continue
            earlier = {e.key for e in entries}
            keys = set(earlier)
            for entry in parse(read_text(file))[0]:
                # (twice in one file too: pybtex, Sphinx's reader, kept the first; the
                # build failed on the second)
                if entry.key in keys:
                    where = "an earlier .bib" if entry.key in earlier else "this .bib"
                    self.report.warn(file, entry.line, f"`{entry.key}` is in {where} too: "
                                     "the first is kept")
                    continue
                keys.add(entry.key)
                entries.append(entry)
            self.report.convert("bibliographies (content/references.bib)")
        if entries:
            self.site.extra["content/references.bib"] = dump(entries)
        self.entries = entries

    def menu(self, language: str) -> None:
        """The book's parts (or, without parts, its chapters) as the menu, each leading to
        its first page; none when there are more than `MENU_LIMIT`."""
        entries: list[dict[str, str]] = []
        for entry in self.toc.entries:
            first = next((self.by_source.get(f.resolve()) for f in entry.files()
                          if f.resolve() in self.by_source), None)
            if entry.url:
                entries.append({"name": entry.title, "url": entry.url})
            elif first is not None and not first.draft:
                entries.append({"name": entry.title or first.title,
                                "url": self.site.new_url(first)})
        if len(entries) > MENU_LIMIT:
            self.report.note(self.toc.source, None, f"{len(entries)} parts or chapters at "
                             "the top of the table of contents: no menu (the home page "
                             "lists them all)")
            return
        contents = "目录" if language.startswith("zh") else "Contents"
        finish_menu(self.site, [{"name": contents, "url": "/"}, *entries], self.toc.source)

    def left_out(self) -> None:
        execute = _mapping(self.config.get("execute"))
        mode = str(execute.get("execute_notebooks", "auto" if self.config_name ==
                                                    "_config.yml" else "off"))
        if mode not in ("off", "False", "false"):
            self.report.note(self.config_path, None, f"`execute_notebooks: {mode}`: Lanting "
                             "runs no notebook; it shows the outputs saved in them")
        parse_options = _mapping(self.config.get("parse"))
        extensions = names(parse_options.get("myst_enable_extensions"))
        unread = [e for e in extensions if e not in READ_EXTENSIONS]
        if unread:
            self.report.warn(self.config_path, None, "MyST extensions Lanting does not "
                             "read: " + ", ".join(f"`{e}`" for e in unread)
                             + " (their syntax shows as written)")
        sphinx = _mapping(self.config.get("sphinx"))
        # (mystmd draws `{mermaid}` blocks itself, with no extension named)
        drawn = "sphinxcontrib-mermaid" if "sphinxcontrib.mermaid" in names(
            sphinx.get("extra_extensions")) else "mystmd" if self.config_name == "myst.yml" \
            and any("{mermaid}" in text for text in self.texts) else ""
        if drawn:
            # (its `{mermaid}` blocks were drawn: Lanting draws them once this is set)
            self.site.config.setdefault("markdown", {})["mermaid"] = MERMAID
            self.report.convert(f"Mermaid diagrams ({drawn}), drawn")
        extra = [e for e in names(sphinx.get("extra_extensions")) if e not in READ_SPHINX]
        if extra:
            self.report.warn(self.config_path, None, "Sphinx extensions with no Lanting "
                             "counterpart: " + ", ".join(f"`{e}`" for e in extra)
                             + " (their directives are reported where used when you build)")
        dropped: list[str] = [k for k in ("launch_buttons", "latex", "comments",
                               "google_analytics") if k in self.config]
        dropped += [k for k in self.config if k not in LEFT_OUT and k not in (
            "title", "author", "description", "language", "logo", "only_build_toc_files",
            "copyright",
            "exclude_patterns", "version", "project", "site", "extends") and k not in dropped]
        html = _mapping(self.config.get("html"))
        dropped += [f"html.{k}" for k in html if k not in ("baseurl", "favicon")]
        dropped += [f"project.{k}" for k in self.project if k not in PROJECT_READ]
        site = _mapping(self.config.get("site"))
        dropped += [f"site.{k}" for k in site if k != "options"]
        dropped += [f"site.options.{k}" for k in _mapping(site.get("options"))
                    if k not in ("favicon", "logo", "folders")]
        if dropped:
            self.report.note(self.config_path, None, "settings only Jupyter Book read, "
                             "left out: " + ", ".join(f"`{k}`" for k in dropped))
        self.numbering()

    def numbering(self) -> None:
        """Jupyter Book numbered the chapters (`numbered:` in `_toc.yml`, mystmd's
        `numbering`); Lanting's pages show their titles as written."""
        toc = read_text(self.toc.source) if self.toc.source.is_file() else ""
        if re.search(r"^\s*numbered:\s*(?:true|True|yes|\d)", toc, re.MULTILINE) or \
                _mapping(self.project.get("numbering")).get("headings"):
            self.report.note(self.toc.source, None, "chapter and section numbers "
                             "(`numbered`) are not shown: write them into the titles if "
                             "the text refers to them")
