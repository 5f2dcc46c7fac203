"""A Hugo site's list pages, its `_index.md` files: the home page's text, a section with
no page under it, with only pages (no posts) under it, or inside another section (where
Lanting makes no list), as a page of its own, the posts section's title and text as the
blog page's, each page's own entry of the main menu; the text above another top-level
section's list is a warning (Lanting's lists have no place for it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable, list_text_front
from lanting.importer.hugo_front import hugo_keys
from lanting.importer.hugo_languages import HugoLanguages
from lanting.importer.hugo_reveal import is_reveal_deck
from lanting.importer.hugo_settings import HugoLanguage
from lanting.importer.hugo_urls import TERM_FOLDERS, hugo_path
from lanting.importer.item import Item
from lanting.importer.markups import TEXT_PAGES, page_text
from lanting.importer.site import NewSite
from lanting.importer.text import load_mapping, split_front_matter


class HugoBranches(HugoLanguages):
    """The list-page side of the Hugo importers."""

    site: NewSite
    config: dict[str, Any]
    items: list[tuple[Item, str, Path, Path]]
    page_menus: list[dict[str, Any]]
    main: str
    docs: bool
    lower: bool
    table: LinkTable
    read: Callable[[Path, Path | None], None]
    home: Callable[[], Item]
    ignored: Callable[[Path], bool]
    unconverted: Callable[[Path], bool]
    read_page: Callable[..., None]
    math_off: Callable[[dict[str, Any]], bool]
    section_of: Callable[[Path], str]
    taxonomy_sections: Callable[[], set[str]]
    dollars: set[Path]

    def read_branches(self, files: list[tuple[Path, Path | None]]) -> None:
        """The `_index.md` files (list pages): the home page's text is the new home
        page's; a section's with no page under it (Blowfish's `about/_index.md`), with
        only pages under it, or inside another section (hugo-book's `docs/pl/_index.md`)
        is a page at its old URL, where Lanting makes no list; the posts section's title
        and text are the blog page's (`content/posts/_index.md`); the text above another
        top-level section's list, which Lanting's lists have no place for, is a warning.
        (All were left out without a word.)"""
        pages = [path.parent for path, _bundle in files]
        roots: dict[Path, list[HugoLanguage]] = {}
        for language in self.languages:
            roots.setdefault(language.content, []).append(language)
        for root, languages in roots.items():
            for path in sorted(root.glob("**/_index.*")) if root.is_dir() else []:
                if path.suffix.lower() not in TEXT_PAGES or self.ignored(path) \
                        or any(root != other and path.is_relative_to(other) for other in roots) \
                        or self.unconverted(path):
                    continue
                self.lang_of[path] = self.split_language(path, languages)[1]
                folder = path.parent
                _fmt, _head, body, first = split_front_matter(page_text(path))
                data = hugo_keys(load_mapping(_fmt or "yaml", _head)[0])
                if folder != root and (not any(page.is_relative_to(folder) for page in pages)
                                       or self.term_folder(folder, root)) \
                        or is_reveal_deck(data):  # (a deck: its pages are its slides too)
                    # (a term's `_index.md` beside a stray page, `series/x/prompt.md`:
                    # the term's text still, not a section's page at the term's URL)
                    self.read(path, folder)
                    continue
                rel = folder.relative_to(root).as_posix()
                self.page_menu(path, data, "/" if folder == root else f"/{rel}/")
                if folder == root and body.strip():
                    self.home_text(path, body)
                elif rel == self.main and not self.docs:
                    self.blog_text(path, data, body, f"/{rel}/")
                elif (series := self.folder_series(folder)) is not None and \
                        self.term_text(path, data, body, "series", series, f"/{rel}/"):
                    pass  # (a section per series: `series/ml_foundation/_index.md`)
                elif body.strip() and ("/" in rel or self.pages_only(folder)):
                    # (no list of Lanting's is at its URL: hugo-book's chapters' texts)
                    self.section_page(path, data, _head, body, folder)
                elif body.strip():
                    line = first + body[:len(body) - len(body.lstrip())].count("\n")
                    self.report.warn(path, line, f"the text of the list page of `{rel}/` is "
                                     "not imported: Lanting's lists show no text")

    def term_folder(self, folder: Path, root: Path) -> bool:
        """Whether `folder` is a term's (`series/psychology-101/`, under a taxonomy's)."""
        parts = folder.relative_to(root).parts
        return len(parts) == 2 and parts[0] in self.taxonomy_sections()

    def section_page(self, path: Path, data: dict[str, Any], head: str, body: str,
                     folder: Path) -> None:
        """A section's text as a page at the section's old URL, dated or not (a dated
        `_index.md` is no post: hugo-book's chapters are dated pages)."""
        if self.math_off(data):
            self.dollars.add(path)
        self.read_page(path, data, head, body, folder, self.section_of(path))
        self.report.convert("texts of sections' list pages as pages")

    def pages_only(self, folder: Path) -> bool:
        """Whether every page under `folder` is imported as a page (a site of documents,
        its sections' pages undated): Lanting makes no list at the section's URL, so the
        text Hugo showed above its list, often the section's whole introduction and a
        table of its pages, is a page there, as a section without pages is."""
        kinds = {item.kind for item, _body, path, _where in self.items
                 if path.is_relative_to(folder)}
        return kinds == {"page"}

    def page_menu(self, path: Path, data: dict[str, Any], url: str) -> None:
        """A page's own entry of the main menu (`menu: main`, or with a `weight`, a
        `name`, an `identifier`; one under a `parent` is an entry of its drop-down)."""
        given = data.get("menu") or data.get("menus")
        menus = {given: {}} if isinstance(given, str) else dict.fromkeys(
            map(str, given), {}) if isinstance(given, list) else given
        entry = menus.get("main") if isinstance(menus, dict) else None
        if entry is None or self.language_of(path) != self.languages[0]:
            return
        entry = entry if isinstance(entry, dict) else {}
        self.page_menus.append({**entry, "name": str(entry.get("name") or data.get("title")
                                                     or url), "url": url,
                                "weight": entry.get("weight") or 0})

    def folder_series(self, folder: Path) -> str | None:
        """The one series every post under `folder` is in (a site keeping a section per
        series, each post saying `series: X`), else None."""
        names = {str(item.front.get("series") or "") for item, _body, path, _where
                 in self.items if item.kind == "post" and path.is_relative_to(folder)}
        return names.pop() if len(names) == 1 and "" not in names else None

    def term_text(self, path: Path, data: dict[str, Any], body: str, taxonomy: str,
                  term: str, old_url: str = "") -> bool:
        """A term's `_index.md` (`tags/rl/_index.md`): its title, description and text
        become the term page's, `content/tags/rl.md` (`old_url`: the page the text was on,
        kept answering); False (left out) for a taxonomy
        Lanting has no pages of (`authors`), or when it only names its term."""
        folder = TERM_FOLDERS.get(taxonomy)
        if folder is None:
            return False
        front = list_text_front(data, term)
        if not front and not body.strip():
            return False  # (Stack's `categories/jax/_index.md` naming its term: nothing new)
        lang = self.suffix(self.language_of(path))
        item = self.site.add(Item("term", term, path, front, lang=lang,
                                  name=f"{folder}/{term}"))
        if old_url and not lang:  # (the section's list page, where the series was read)
            item.old_urls = [hugo_path(old_url, self.lower)]
            self.table.add(item.old_urls[0], item)  # (links to that page lead here)
        self.items.append((item, body, path, path.parent))
        self.report.convert("the texts of tags', categories' and series' pages (their "
                           "`_index.md`)")
        return True

    def home_text(self, path: Path, body: str) -> None:
        """`content/_index.md`'s text: the home page's (with `homeInfoParams`, after it)."""
        language = self.language_of(path)
        lang = self.suffix(language)
        home = self.home() if not lang else next(
            (i for i in self.site.items if i.kind == "home" and i.lang == lang), None) \
            or self.site.add(Item("home", "home", None, {"title": str(
                language.settings.get("title") or self.config.get("title") or "")}, lang=lang))
        self.items.append((home, body, path, path.parent))
        self.report.convert("home page texts")

    def blog_text(self, path: Path, data: dict[str, Any], body: str, old_url: str) -> None:
        """The posts section's `_index.md`: its title (the list's heading), description
        and text become the blog page's, `content/posts/_index.md`."""
        front = list_text_front(data)
        if not front and not body.strip():
            return
        lang = self.suffix(self.language_of(path))
        item = self.site.add(Item("blog", "_index", path, front, lang=lang, name="_index"))
        if not lang:  # (its links were written for the list's URL, which leads here now)
            item.old_urls = [hugo_path(old_url, self.lower)]
            self.table.add(item.old_urls[0], item)
        self.items.append((item, body, path, path.parent))
        self.report.convert("the blog page's text (the posts section's `_index.md`)")
