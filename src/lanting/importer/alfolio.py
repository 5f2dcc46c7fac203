"""al-folio (the Jekyll academic theme) → Lanting: everything Jekyll has, plus the profile
(`_pages/about.md`, `_config.yml`, `_data/socials.yml`) as `[profile]` and the home page,
`_news/` as news, `_bibliography/papers.bib` as `publications.bib`, jekyll-scholar's
`{% cite %}`, distill posts' `<d-cite>` and `<d-footnote>` as footnotes, embedded
notebooks as notebook posts, and `redirect:` posts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lanting.importer.alfolio_collections import example_books
from lanting.importer.alfolio_cv import cv_yaml
from lanting.importer.alfolio_distill import distill_notes
from lanting.importer.alfolio_fences import drawn_fences
from lanting.importer.alfolio_home import (
    layout_sections,
    publication_settings,
    recent_posts,
    shows_news,
)
from lanting.importer.alfolio_lists import (
    BIBLIOGRAPHY_TAG,
    FOLDERS_OF,
    list_intro,
    listed_collection,
)
from lanting.importer.alfolio_profile import AlFolioProfile, about_at_root
from lanting.importer.alfolio_repos import repositories_body
from lanting.importer.bibtex import dump
from lanting.importer.common import (
    bool_of,
    date_of,
    html_line,
    list_text_front,
    read_text,
)
from lanting.importer.item import Item
from lanting.importer.jekyll_listings import is_listing, own_text
from lanting.importer.jekyll_polyglot import with_language
from lanting.importer.jekyll_reads import jekyll_files, markdown_files
from lanting.importer.jekyll_settings import standalone_document
from lanting.importer.liquid import Context
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.shelf import Shelf
from lanting.importer.site import NOTEBOOK, slug_of
from lanting.importer.text import key_line, load_mapping, split_front_matter


class AlFolio(AlFolioProfile):
    kind = "al-folio"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        first = " ".join(str(self.config.get(k) or "").strip()
                         for k in ("first_name", "middle_name", "last_name"))
        # (al-folio before 2020, and academicpages, name the owner `name:`)
        self.name = " ".join(first.split()) or html_line(self.config.get("name"))
        self.news: list[tuple[Path, dict[str, Any], str, str]] = []
        self.profile: dict[str, Any] = {}
        self.about: dict[str, Any] = {}
        self.about_path: Path | str = "_pages/about.md"
        """The about page's front matter: its switches say what the home page showed."""
        self.bib_of: dict[int, Path] = {}
        self.publications = 0

    def author_name(self) -> str:
        return self.name or super().author_name()

    def uses_emoji(self) -> bool:
        return True

    # --- pages and profile ---------------------------------------------------------------

    def page_files(self) -> list[Path]:
        pages = markdown_files(self.source / "_pages")
        return pages + [p for p in super().page_files() if p not in pages]

    def read_page(self, path: Path, data: dict[str, Any], head: str, body: str,
                  first: int) -> None:
        permalink = str(data.get("permalink") or "").strip()
        other_language = self.polyglot is not None and self.polyglot.tag(data)
        if not other_language and (permalink == "/" or (str(data.get("layout")) == "about"
                                                        and not about_at_root(self.source))):
            self.read_profile(path, data)
            self.about, self.about_path = data, path
            sections, left = layout_sections(self.source, data)
            if sections:
                body = body.rstrip() + "\n\n" + sections + "\n"
                self.report.convert("lists of the site's own about layout (as sections)")
            if left:
                self.report.warn(path, None, "left out: " + ", ".join(f"`{k}`" for k in left)
                                 + ", shown by the site's own about layout (no place for it "
                                 "in Lanting: add it to the text by hand)")
        if str(data.get("layout")) == "cv" and not body.strip():
            made = cv_yaml(self.source, self.config, path, self.author_name(), self.report,
                           str(data.get("cv_format") or ""))
            if made is not None:
                self.site.extra["content/cv.yaml"] = made
                self.report.convert("CV (content/cv.yaml)")
                return
            pdf = self.cv_pdf(data)
            if pdf is None:
                self.report.note(path, None, "left out: the site has no CV of its own to "
                                 "show (no cv.yml or resume.json but the theme's example)")
                return
            self.report.note(path, None, f"the CV is the PDF `{pdf}` (its cv.yml or "
                             "resume.json was the theme's example): the page links to it")
            body = f"[{data.get('title') or 'CV'} (PDF)]({pdf})\n"
        if "{% include cv-template.html" in body and self.json_cv(path, data):
            return
        news = re.compile(r"\{%-?\s*include\s+news\.(?:liquid|html)\b.*?%\}", re.S)
        if news.search(body) and own_text(news.sub("", body)) < 80:
            self.report.note(path, None, "left out: the list of `_news/`, which Lanting "
                             "shows on the home page")
            return
        if "site.data.repositories" in body:
            body, why = repositories_body(self.source)
            if why:
                self.report.note(path, None, f"left out: {why}")
                return
            self.report.convert("GitHub repository cards as lists of links")
        if "{% bibliography" in body or self.at_publications(data):
            at = str(data.get("permalink") or "").strip("/") == "publications"
            if not at and data.get("permalink") \
                    and own_text(BIBLIOGRAPHY_TAG.sub("", body)) >= 80:
                # (a page of its own listing a `.bib`, `/experience/` of talks over a list
                # of courses: kept at its URL, its lists left out as a listing page's are)
                self.report.warn(path, None, "its `{% bibliography %}` lists left out "
                                 "(Lanting lists content/publications.bib at /publications/); "
                                 "the rest of its text is kept")
                super().read_page(path, data, head, BIBLIOGRAPHY_TAG.sub("", body), first)
                return
            intro, rest = list_intro(body) if at else ("", body)
            if intro:  # (its text above the list: the new list's, as it was; not that
                # of another page listing papers, `/experience/` of its talks' `.bib`)
                item = self.site.add(Item("publications", "_index", path,
                                          list_text_front(data, "publications"),
                                          name="_index"))
                self.posts.append((item, intro, first, path))
                self.report.convert("the publications page's text above its list")
            lost = own_text(rest) >= 80
            (self.report.warn if lost else self.report.note)(
                path, None, ("its text above the list is kept; " if intro else "left out: ")
                + "Lanting makes /publications/ from content/publications.bib"
                + (f"; the page's {'text below its first list' if at else 'own text'} is "
                   "not kept (put it in a page at another URL)" if lost else ""))
            return
        listed = listed_collection(self.source, data, body)
        if listed:
            self.report.note(path, None, f"left out: the list of `_{listed}/` at "
                             f"/{FOLDERS_OF[listed]}/, which Lanting makes")
            return
        if str(data.get("layout")) == "book-shelf" and example_books(self.source):
            self.report.note(path, None, "left out: the bookshelf of `_books/`, which holds "
                             "only al-folio's example book")
            return
        super().read_page(path, data, head, body, first)

    def at_publications(self, data: dict[str, Any]) -> bool:
        """A page at /publications/ on a site with its papers' `.bib`, with or without its
        `{% bibliography %}` (one owner took it out, an empty `<div class="publications">`
        left): Lanting's list of that file takes the URL (two claims stop a build)."""
        return str(data.get("permalink") or "").strip("/") == "publications" \
            and self.papers_file() is not None

    def read_pages(self) -> None:
        super().read_pages()
        read = set(self.page_files())  # (`_pages/` of `include:`: its HTML pages read)
        for path in jekyll_files(self.source / "_pages", "*.htm*"):
            if path.suffix not in (".html", ".htm") or path in read:  # (`x.html.md` read)
                continue
            fmt, head, body, _first = split_front_matter(read_text(path))
            if not fmt:
                continue
            listed = listed_collection(self.source, load_mapping(fmt, head)[0], body)
            whole = standalone_document(read_text(path),
                                        path.relative_to(self.source).as_posix())
            if whole is not None:  # (a tutorial in HTML of its own at its permalink)
                self.copy_document(*whole)
            elif listed:
                self.report.note(path, None, f"left out: the list of `_{listed}/` at "
                                 f"/{FOLDERS_OF[listed]}/, which Lanting makes")
            elif is_listing(body):  # academicpages' archives: by year, tag, category
                self.report.note(path, None, "left out: a listing page, which Lanting "
                                 "makes")
            else:
                self.report.warn(path, None, "a page written in HTML (rendered by the "
                                 "theme) not imported: copy its text into a Markdown page "
                                 "under content/pages/")

    # --- news, publications -----------------------------------------------------------------

    def read_more(self) -> None:
        self.read_bibliography()
        self.read_publications()
        self.read_talks()
        if self.entries:
            self.site.extra["content/publications.bib"] = dump(self.entries)
            self.publications = len(self.entries)
        else:  # (a lab-website template's `_data/publist.yml`; its `_pages/` read so)
            super().read_more()
        self.read_collections()
        for path in markdown_files(self.source / "_news", "**/*"):  # (`_news/fr-ca/` too)
            text = read_text(path)
            fmt, head, body, _first = split_front_matter(text)
            data, _error = load_mapping(fmt or "yaml", head)
            self.news.append((path, data, head, body))
            if not bool_of(data.get("inline", True)) and data.get("title"):
                date = date_of(data, head, "date", self.tz)
                if date is None:
                    continue
                front: dict[str, Any] = {"title": str(data["title"]), "date": date,
                                         "categories": ["news"]}
                item = self.site.add(Item("post", slug_of(path.stem), path, front))
                item.old_urls = [f"{self.baseurl}/news/{path.stem}/"]
                for url in item.old_urls:
                    self.table.add(url, item)
                self.by_name[f"news/{path.stem}"] = item
                self.report.counts["posts"] += 1
                self.posts.append((item, body, 1, path))

    # --- bodies ---------------------------------------------------------------------------------

    def front(self, data: dict[str, Any], head: str, path: Path, date: Any,
              categories: list[str]) -> dict[str, Any]:
        front = super().front(data, head, path, date, categories)
        bibliography = data.get("bibliography")
        if isinstance(bibliography, str):
            front["_bibliography"] = bibliography
        return front

    def before_code(self, text: str, item: Item, ctx: Context, shelf: Shelf) -> str:
        text, _drawn = drawn_fences(text, ctx.warn)
        if not self.drew_mermaid and re.search(r"^\s*(```|~~~)\s*mermaid", text, re.MULTILINE):
            ctx.note("mermaid", "Mermaid diagrams show as code until `[markdown] mermaid` in "
                     "lanting.toml names a Mermaid script")
        bibliography = item.front.pop("_bibliography", None)
        if bibliography:
            self.bib_of[item.number] = self.source / "assets" / "bibliography" / bibliography
        external = (item.front.get("params") or {}).get("external_url")
        if external:
            ctx.warn("redirect:", f"a post that redirected to {external}: now a page that "
                     "links there (Lanting's pages do not send readers elsewhere)")
            ctx.convert("redirect posts")
            return f"[{item.title}]({external})\n"

        def notebook(match: re.Match[str]) -> str:
            block = match.group()
            found = re.search(r"jupyter_path\s*=\s*['\"]([^'\"]+)['\"]", block) or \
                re.search(r"\{%\s*jupyter_notebook\s+['\"]([^'\"]+)['\"]", block)
            nb_path = self.source / found.group(1).lstrip("/") if found else None
            if nb_path is None or not nb_path.is_file():
                return ctx.leave(block, "the notebook it embeds is missing")
            try:
                item.notebook = json.loads(read_text(nb_path))
            except json.JSONDecodeError:
                return ctx.leave(block, "the notebook it embeds is not JSON")
            ctx.convert("embedded notebooks")
            return f"\n\n{NOTEBOOK}\n\n"

        return re.sub(r"\{::nomarkdown\}(?:(?!\{:/).)*?jupyter_notebook(?:(?!\{:/).)*?"
                      r"\{:/(?:nomarkdown)?\}", notebook, text, flags=re.DOTALL)

    def after(self, text: str, item: Item, ctx: Context) -> str:
        return distill_notes(text, self.bib_of.get(item.number), ctx)

    def finish_more(self) -> None:
        if self.news and not shows_news(self.about, self.config):
            count = f"{len(self.news)} item" + ("s" if len(self.news) != 1 else "")
            self.report.note(self.about_path, None, f"`_news/` left out of the home page "
                             f"({count}): the old one did not list it (`news` or "
                             "`announcements` turned off)")
            return
        items: dict[str, list[dict[str, str]]] = {}  # (by language: jekyll-polyglot's)
        for path, data, head, body in self.news:
            lang = self.polyglot.tag(with_language(self.polyglot, self.source, path, data)) \
                if self.polyglot is not None else ""
            home = self.home(lang)
            date = date_of(data, head, "date", self.tz)
            if date is None and data.get("date") not in (None, ""):
                self.report.warn(path, key_line(head, "date"), f"a news item whose date "
                                 f"`{data['date']}` is no calendar date: left out (hint: "
                                 "correct the date)")
                continue
            if date is None:
                self.report.warn(path, None, "a news item without a date: left out")
                continue
            if not bool_of(data.get("inline", True)) and data.get("title"):
                post = self.by_name.get(f"news/{path.stem}")
                text = f"[{data['title']}]({self.site.link(post)})" if post \
                    else str(data["title"])
            else:
                ctx = Context(self.report, path, read_text(path))
                # (an HTML comment the old page hid would show as text in a news line)
                text = " ".join(re.sub(r"<!--.*?-->", " ", self.convert(
                    body, home, ctx, path), flags=re.DOTALL).split())
            items.setdefault(lang, []).append({"date": date.moment.date().isoformat(),
                                               "text": text})
            self.report.counts["news items"] += 1
            self.report.convert("news items")
        for lang, found in items.items():
            self.home(lang).front["news"] = sorted(found, key=lambda n: n["date"],
                                                   reverse=True)

    # --- files and configuration ---------------------------------------------------------------

    def consumed(self, path: Path) -> bool:
        rel = path.relative_to(self.source).as_posix()
        return rel.startswith(("assets/bibliography/", "assets/jupyter/", "assets/js/",
                               "assets/css/", "assets/fonts/", "assets/webfonts/"))

    def write_config(self) -> None:
        super().write_config()
        config = self.site.config
        if str(self.config.get("title") or "").strip() in ("", "blank"):
            config["title"] = self.author_name()
        config.pop("links", None)
        if self.profile:
            config["profile"] = self.profile
        posts = recent_posts(self.about, self.config)
        if posts is not None:
            config["blog"] = {"recent_posts": posts}
        publications = publication_settings(self.about, self.config, self.entries,
                                            str(self.profile.get("name") or ""),
                                            self.pubs.owner_spellings())
        if publications:
            config["publications"] = publications

    def menu(self) -> None:
        labels = menu_names(self.language)
        menu = []
        for path in markdown_files(self.source / "_pages"):
            fmt, head, _body, _first = split_front_matter(read_text(path))
            data, _error = load_mapping(fmt or "yaml", head)
            if not bool_of(data.get("nav")):
                continue
            url = "/" + str(data.get("permalink") or path.stem).strip("/") + "/"
            url = "/" if url == "//" else url  # (`permalink: /`, the home page)
            key = url.strip("/")
            menu.append((int(data.get("nav_order") or 99),
                         {"name": labels.get(key, str(data.get("title") or key)), "url": url}))
        entries = [entry for _order, entry in sorted(menu, key=lambda m: m[0])]
        where = "_pages"
        if not entries and self.navigation():  # academicpages: the menu is a data file
            entries, where = self.navigation(), "_data/navigation.yml"
        elif not any(e.get("url") == "/blog/" for e in entries):
            entries.insert(0, {"name": labels["blog"], "url": "/blog/"})
        finish_menu(self.site, entries, where, has_publications=self.publications > 0,
                    has_talks=any(i.kind == "talk" for i in self.site.items))

    def navigation(self) -> list[dict[str, Any]]:
        """academicpages' menu, `main` of `_data/navigation.yml`, its URLs the new site's
        (`/year-archive/` is the archive, `/portfolio/` the projects)."""
        path = self.source / "_data" / "navigation.yml"
        data, _error = load_mapping("yaml", read_text(path)) if path.is_file() else ({}, None)
        main = data.get("main")
        if not isinstance(main, list):  # (So Simple's list of its own, on `_pages/`)
            return self.data_navigation()
        moved = {"/year-archive/": "/archive/", "/portfolio/": "/projects/"}
        entries = []
        for link in main if isinstance(main, list) else []:
            if not isinstance(link, dict) or not link.get("url"):
                continue
            url = str(link["url"]).strip()
            if not url.startswith(("http://", "https://")):
                # (AcadHomepage's `/#about-me`: a heading of the home page, whose id
                # took no slash after it)
                url, hash_mark, fragment = url.partition("#")
                url = "/" + url.removeprefix(self.baseurl).strip("/") + "/"
                url = ("/" if url == "//" else moved.get(url, url)) + hash_mark + fragment
            entries.append({"name": str(link.get("title") or url), "url": url})
        return entries
