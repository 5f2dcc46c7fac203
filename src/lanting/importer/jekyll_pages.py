"""The pages of a Jekyll site (`about.md`, `notes/x.md`, Chirpy's `_tabs/`): which are the
home page's text, which are listings Lanting makes itself, which are pages, and (on a site
without `_posts/`) which dated pages are its posts. A part of `jekyll.Jekyll`."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry
from lanting.importer.bibtex_js import bibtex_js_papers
from lanting.importer.common import (
    GENERATED,
    LinkTable,
    list_text_front,
    read_text,
    summary_of,
)
from lanting.importer.item import Item
from lanting.importer.jekyll_data_loops import data_loops
from lanting.importer.jekyll_data_pubs import data_file
from lanting.importer.jekyll_data_values import aliased_loops
from lanting.importer.jekyll_decks import (
    deck_body,
    deck_front,
    is_deck,
    layout_uses,
    reveal_dollars,
    shower_title,
)
from lanting.importer.jekyll_github_pages import (
    PLAIN_NAMES,
    github_pages_build,
    heading_title,
    readme_indexes,
)
from lanting.importer.jekyll_heading_ids import heading_ids
from lanting.importer.jekyll_i18n import I18nPlugin
from lanting.importer.jekyll_inline_docs import inline_documents
from lanting.importer.jekyll_languages import JekyllLanguages
from lanting.importer.jekyll_layouts import (
    home_lists_posts,
    layout_data,
    layout_prose,
    without_title_heading,
)
from lanting.importer.jekyll_listings import (
    LISTING_TAG,
    blog_text,
    drop_loops,
    drop_pagination,
    drop_post_lists,
    own_text,
)
from lanting.importer.jekyll_offline import offline_page
from lanting.importer.jekyll_outputs import Published
from lanting.importer.jekyll_page_files import HOMES, JekyllPageFiles
from lanting.importer.jekyll_page_urls import JekyllPageUrls
from lanting.importer.jekyll_people import add_people
from lanting.importer.jekyll_polyglot import Polyglot, with_language
from lanting.importer.jekyll_reads import (
    MARKDOWN,
    last_written,
)
from lanting.importer.jekyll_shower import SHOWER
from lanting.importer.jekyll_urls import old_path
from lanting.importer.kramdown import title_math
from lanting.importer.listings import Redirects
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_mapping, split_front_matter
from lanting.model.names import term_slug

_PLUGIN_TAG = re.compile(r"\{%-?\s*(?:t|translate|translate_file|tf)\s")
"""A tag of jekyll-multiple-languages-plugin: its page was built in each language."""
_SCRIPT = re.compile(r"<(script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
LISTING_URLS = frozenset({"blog", "tags", "categories", "archive", "search"})
"""Pages Lanting makes at those URLs: a page of the old site there would clash."""
LISTINGS = LISTING_URLS | {"archives", "posts"}
"""Permalinks of the lists of posts a theme's page makes (with a loop) and Lanting too."""
_TERM_URL = re.compile(r"/(tags|categories)/(?!index(?:\.html?)?$)([^/]+?)(?:/|\.html)?")
"""The URL of a tag's or category's page, where Lanting makes its own; not the list of
them all, `permalink: /tags/index.html` (a theme's page of every tag)."""


class JekyllPages(JekyllPageFiles, JekyllPageUrls):
    """The page side of the Jekyll importers."""

    source: Path
    config: dict[str, Any]
    report: Report
    site: NewSite
    table: LinkTable
    baseurl: str
    by_path: dict[str, Item]
    posts: list[tuple[Item, str, int, Path]]
    page_posts: set[Path]
    home_texts: set[Path]
    dollar_decks: set[Path]
    inlined_collections: set[str]
    js_papers: tuple[Path, list[BibEntry]] | None
    shown_headings: dict[Path, list[str]]
    home: Callable[..., Item]
    members_page: Callable[[Path, str, str, str], bool]
    html_page: Callable[[Path], bool]
    i18n: I18nPlugin
    polyglot: Polyglot | None
    languages: JekyllLanguages
    left_out: dict[str, str]
    root: Path
    published: Callable[[Path], bool]
    collection_docs: dict[Path, Published]
    tz: dt.tzinfo

    def read_pages(self) -> None:
        pages = []
        optional = github_pages_build(self.root, self.config)
        readmes = readme_indexes(self.root, self.source, self.config, self.published)
        for path in self.page_files():
            if path in self.page_posts:
                continue
            fmt, head, body, first = split_front_matter(read_text(path))
            if fmt:  # (else not a Jekyll page: a plain file, but on GitHub Pages)
                data = load_mapping(fmt, head)[0]
                if layout_uses(self.source, str(data.get("layout") or ""), SHOWER):
                    pass  # (a Shower deck: its `#` heading is its cover slide, kept)
                elif not data.get("title") and path.suffix.lower() in MARKDOWN \
                        and path.name not in HOMES and data.get("permalink") != "/" \
                        and path.parent != self.source / "_tabs":
                    # (titled by its heading, as jekyll-titles-from-headings did on
                    # GitHub Pages; else the theme showed none, and its heading stood
                    # for one. Chirpy named a tab by its file: `about.md`, "About")
                    title, body = heading_title(body)
                    data = {**data, "title": title} if title else data
                elif (kept := without_title_heading(body, str(data.get("title") or ""), str(
                        data.get("layout") or ""), self.source, self.config)) is not None:
                    body = kept
                    self.report.convert("first headings repeating the title left out")
            elif optional and path.suffix.lower() in MARKDOWN and (
                    path.stem.upper() not in PLAIN_NAMES or path in readmes) \
                    and self.published(path):
                title, body = heading_title(body)
                data = {"title": title} if title else {}
                self.report.convert("Markdown pages without front matter (GitHub Pages' "
                                    "jekyll-optional-front-matter)")
            else:
                continue
            if self.polyglot is not None:
                data = with_language(self.polyglot, self.source, path, data)
            if path in readmes and not data.get("permalink"):
                data = {**data, "permalink": readmes[path]}
                self.report.convert("READMEs as their folder's index (jekyll-readme-index)")
            pages.append((path, data, head, body, first))
        shown = last_written({path: data for path, data, *_ in pages})
        for path, data, head, body, first in pages:
            if shown.get(path, path) != path:
                self.report.warn(path, None, f"left out: the old site did not show it "
                                 f"({self.report.rel(shown[path])} has its permalink "
                                 f"`{data['permalink']}`, and Jekyll wrote that one last)")
                continue
            before = len(self.posts)
            self.read_page(path, self.i18n.localized_config(data), head, body, first)
            made = self.posts[-1][0] if len(self.posts) > before else None
            if made is None or not self.i18n.languages:
                continue
            if _PLUGIN_TAG.search(body):
                self.page_versions(made, data, body, first, path)
            else:  # (the plugin built it in each language alike, at `/zh/x/` too)
                made.old_urls += [self.in_language(url, language) for url in made.old_urls
                                  for language in self.i18n.languages[1:]]
                for url in made.old_urls:
                    self.table.add(url, made)

    def page_versions(self, item: Item, data: dict[str, Any], body: str, first: int,
                      path: Path) -> None:
        """A page (or the home page's text) using jekyll-multiple-languages-plugin's
        `{% t %}` or `{% translate_file %}`: the plugin built it once per language, each
        other one under `/<lang>/`. Each is a version of the page in its language, its
        strings and files that language's, paired with the others as translations."""
        key = "page:" + path.relative_to(self.source).as_posix()
        self.languages.version(item, "", path, key)
        for language in self.i18n.languages[1:]:
            local = self.i18n.localized_config(data, language)
            front = dict(item.front)
            if item.kind == "page":
                front["title"] = title_math(str(local.get("title") or front["title"]))
                if summary := summary_of(local, "description"):
                    front["summary"] = summary
            tag = self.i18n.tag(language)
            version = self.site.add(Item(item.kind, item.slug, path, front, lang=tag))
            version.old_urls = [self.in_language(url, language) for url in item.old_urls]
            for url in version.old_urls:
                self.table.add(url, version)
            self.languages.version(version, tag, path, key)
            self.report.counts["pages"] += item.kind == "page"
            self.posts.append((version, body, first, path))

    def read_page(self, path: Path, data: dict[str, Any], head: str, body: str,
                  first: int) -> None:
        rel = path.relative_to(self.source).as_posix()
        permalink = str(data.get("permalink") or "")
        layout = str(data.get("layout") or "")
        inlined = inline_documents(body, self.source, self.config)
        if inlined.collections:  # (just-the-class' calendar: `{{ module }}` in a loop)
            body = inlined.body
            self.inlined_collections |= inlined.collections
            self.shown_headings[path] = heading_ids(body)
            self.report.convert("collections' documents a page showed in their layouts "
                                "(`{% for module in site.modules %}{{ module }}`)")
        if permalink.strip("/") in GENERATED or path.stem == "404":
            self.report.note(path, None, "left out: Lanting makes its own "
                             f"{permalink.strip('/') or '404 page'}")
            return
        if offline_page(self.source, path, permalink):
            self.report.note(path, None, "left out: the page a service worker of the theme "
                             "shows offline (Lanting's site has no service worker)")
            return
        lang = self.polyglot.tag(data) if self.polyglot is not None else ""
        deck = is_deck(self.source, layout, data)  # (a remark.js, Shower or Marp deck: a
        root_deck = deck and rel in HOMES  # talk; the site's home page too, in a fork
        # of Jekyller, which is one deck: Lanting makes the home page)
        if not root_deck and (permalink == "/" or rel in HOMES or layout == "home" and
                              home_lists_posts(self.source, self.config)):  # (just-the-
            # docs' `home`: any page's)
            home = self.home(lang)
            listed = drop_post_lists(body, self.source)
            if LISTING_TAG.search(listed) or listed != body:  # (al-folio's blog.md: the
                # theme's featured-posts loop; a site's own include of the list of posts)
                body = drop_pagination(drop_loops(listed))
                if own_text(body) < 80:
                    body = ""
            if body.strip() and not home.body:
                self.posts.append((home, body, first, path))
                self.home_texts.add(path)
                self.report.note(path, None, "its text is the home page's (Lanting makes "
                                 "the list of posts itself)")
            else:
                self.report.note(path, None, "left out: Lanting makes the home page")
            return
        term = _TERM_URL.fullmatch(permalink or self.page_url(path))
        if term and body.strip():
            self.term_text(path, term.group(1), term.group(2), data, body, first)
            return
        if term:  # (its layout showed the term's posts, and the theme's `_data/`)
            kind = "tag" if term.group(1) == "tags" else "category"
            self.report.note(path, None, f"left out: Lanting makes the page of the {kind} "
                             "itself, at the same URL")
            return
        listing = permalink.strip("/") or (
            path.stem if path.parent == self.source  # (`search.md`: /search.html)
            else path.parent.name if path.stem == "index" and path.parent.parent == self.source
            else "")  # (`blog/index.md`: /blog/)
        if listing == "search":  # (YAT's search.md: a box and the script searching)
            left = own_text(_SCRIPT.sub("", body)) >= 80
            (self.report.warn if left else self.report.note)(
                path, None, "left out: Lanting makes its own search page, /search/"
                + ("; the page's own text is not kept (put it in a page at another URL)"
                   if left else ""))
            self.left_out_at(path, self.page_url(path) if not permalink else permalink,
                             "/search/")
            return
        if self.members_page(path, body, permalink, self.page_url(path)):
            return
        if "site.data." in body and self.people_page(path, body, permalink):
            return
        body, unrolled = data_loops(body, self.source, {Path(data_file(self.source) or "").stem})
        self.report.convert("loops over `_data/` lists written out as Jekyll printed them "
                            "(`{% for w in site.data.social %}`)", unrolled)
        papers = bibtex_js_papers(body, path, self.source)
        if papers is not None:  # (its `.bib`, which bibtex-js listed in the browser)
            self.js_papers = papers
            self.report.note(path, None, f"its list of {self.report.rel(papers[0])} "
                             "(drawn by bibtex-js) is Lanting's /publications/ now")
            self.left_out_at(path, permalink or self.page_url(path), "/publications/")
            return
        if LISTING_TAG.search(body) or "paginator" in body:
            # academicpages' cv.md: the CV in Markdown around loops over its collections
            kept = drop_loops(body)
            if "paginator" in body or permalink.strip("/") in LISTINGS \
                    or own_text(kept) < 80:
                self.report.note(path, None, "left out: a listing page, which Lanting makes")
                self.leave_out(path, permalink, layout, body)
                return
            self.report.warn(path, None, "its `{% for %}` listings left out (Lanting lists "
                             "publications, talks and teaching on their own pages); the rest "
                             "of its text is kept")
            body = kept
        if listing in LISTING_URLS:  # (an archive page of `{% include archive.html %}`)
            body = drop_post_lists(body, self.source)
        if listing in LISTING_URLS and not body.strip():
            self.report.note(path, None, f"left out: Lanting makes /{listing}/ "
                             "itself")  # (minimal-mistakes' category-archive.md)
            self.left_out_at(path, permalink or self.page_url(path), f"/{listing}/")
            return
        kept = blog_text(body, str(data.get("title") or "")) if listing == "blog" else ""
        if kept:  # (a lab's page of the posts: its title and text are the blog page's)
            item = self.site.add(Item("blog", "_index", path, list_text_front(data, "blog"),
                                      name="_index"))
            self.posts.append((item, kept, first, path))
            self.report.convert("the blog page's text (the old page of the posts)")
            return
        if listing in LISTING_URLS:  # (al-folio's blog.md, its loop removed)
            self.report.warn(path, None, f"left out: Lanting makes /{listing}/ "
                             "itself, a list; the page's own text is not kept (put it in "
                             "content/_index.md or a page at another URL)")
            return
        if not body.strip() and (prose := layout_prose(self.source, layout)):
            body = prose  # (front matter alone, its text in its own layout: `layout: bio`)
            self.report.convert("pages whose text was their own layout's")
        if not body.strip():
            self.leave_out(path, permalink, layout, body)
            data_files = self.layout_data(layout)
            if data_files:
                self.report.warn(path, None, "left out: it has no text of its own; its "
                                 f"layout showed {', '.join(data_files)}, which Lanting "
                                 "does not show: copy what you need into a page by hand")
                return
            self.report.note(path, None, "left out: it has no text of its own (its layout "
                             "filled it, as with a list of posts, which Lanting makes)")
            return
        stem = path.parent.name if path.stem == "index" and path.parent != self.source \
            else path.stem  # (`about/index.md` is the page `about`, at /about/)
        last = permalink.strip("/").split("/")[-1]  # (`/paper.html`: the page `paper`)
        slug = slug_of(re.sub(r"\.html?$", "", last) if last else stem)
        title = data.get("title") or shower_title(self.source, layout, body, self.config) or (
            path.stem.replace("-", " ").capitalize()  # (Chirpy's tab names)
            if rel.startswith("_tabs/") else slug)
        if root_deck:  # (its URL, /, is the new home page's)
            slug = slug_of(str(title)) if title != slug else slug_of(self.source.name)
        front: dict[str, Any] = {"title": title_math(str(title))}
        summary = summary_of(data, "description", "subtitle")
        if summary:
            front["summary"] = summary
        if deck and reveal_dollars(self.source, layout):
            self.dollar_decks.add(path)
        if deck:
            front, body = deck_front(front, data, head, path, self.tz, self.report), \
                deck_body(self.source, layout, body, self.report, self.config)
        item = self.site.add(Item("talk" if deck else "page", slug, path, front, lang=lang))
        old = permalink or self.page_url(path)
        item.old_urls = [] if root_deck else [
            self.baseurl + (f"/{data['lang']}" if lang else "") + "/" + old.lstrip("/")]
        if item.old_urls and not old.endswith("/") and "." not in old.rsplit("/", 1)[-1]:
            item.old_urls.append(item.old_urls[0] + ".html")  # (`permalink: knn`: knn.html)
        item.deck_urls = frozenset(item.old_urls) if deck else frozenset()
        if self.polyglot is not None:  # (its versions share their permalink)
            self.languages.version(item, lang, path, "polyglot:" + old.strip("/"))
        for url in item.old_urls:
            self.table.add(url, item)
        self.by_path[rel] = item
        self.report.counts["talks" if deck else "pages"] += 1
        self.posts.append((item, body, first, path))

    def people_page(self, path: Path, body: str, permalink: str) -> bool:
        """A lab site's page of its people, drawn from `_data/` (`jekyll_people.py`):
        they are `content/people/`, the page left out, its URL led to /people/."""
        count, text = add_people(self.site, self.report, self.source, path,
                                 aliased_loops(body))
        if not count:
            return False
        self.report.counts["people"] += count
        self.report.convert("people of `_data/` (content/people/)", count)
        old = "/" + (permalink or self.page_url(path)).strip("/")
        self.left_out[old_path(old)] = "/people/"
        redirects = Redirects(self.site, self.report, self.report.rel(path))
        redirects.add(self.baseurl + old, "/people/")
        redirects.finish("people page")
        (self.report.warn if text >= 80 else self.report.note)(
            path, None, f"its {count} people (from `_data/`) are content/people/, listed "
            "at /people/; the page is left out" + (
                ", and its own text with it: copy what you need into a page by hand"
                if text >= 80 else ""))
        return True

    def term_text(self, path: Path, folder: str, term: str, data: dict[str, Any], body: str,
                  first: int) -> None:
        """A page of a tag's or category's own (a theme's `layout: tag`, `tags/akka.md` at
        /tags/akka/): its text is that of Lanting's page of the term, at the same URL
        (`content/tags/akka.md`); a page with that URL as an alias clashed with it."""
        name = str(data.get("tag" if folder == "tags" else "category") or term)
        item = self.site.add(Item("term", term_slug(name), path, list_text_front(data, name),
                                  name=f"{folder}/{term_slug(name)}"))
        self.report.convert("tag and category pages' own text (`layout: tag`)")
        self.posts.append((item, body, first, path))

    def layout_data(self, layout: str) -> list[str]:
        return layout_data(self.source, layout)
