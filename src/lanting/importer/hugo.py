"""Hugo → Lanting.

Content files under `content/` (leaf bundles `x/index.md` with their resources, single
files, `_index.md` branch pages skipped); posts are the dated pages of the sections, the
pages of the content root are pages. The files and sections are found in
`hugo_content.py`, their languages and translations in `hugo_languages.py`, the front
matter converted in `hugo_front.py`; their old URLs are worked out in `hugo_urls.py`,
the bodies converted in `hugo_bodies.py` (theme shortcodes in `hugo_shortcodes.py`),
the settings read and written in `hugo_settings.py`, the list pages (`_index.md`) in
`hugo_branches.py`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    first_date,
    mtime,
    now,
    summary_of,
)
from lanting.importer.hugo_branches import HugoBranches
from lanting.importer.hugo_content import HugoContent
from lanting.importer.hugo_front import DATES, HugoFront, behind_password, hugo_keys
from lanting.importer.hugo_link_pages import friend_list, link_list
from lanting.importer.hugo_menus import HugoMenus
from lanting.importer.hugo_reveal import HugoReveal, is_reveal_deck
from lanting.importer.hugo_settings import (
    HugoLanguage,
    HugoSettings,
    config_file,
    content_dir,
    drafts_built,
    join_texts,
    read_config,
)
from lanting.importer.hugo_urls import HugoUrls, hugo_path
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.markups import page_text
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import key_line, load_mapping, split_front_matter, zone
from lanting.model.config import DEFAULT_POST_PERMALINK


class Hugo(HugoUrls, HugoSettings, HugoMenus, HugoBranches, HugoContent, HugoFront,
           HugoReveal):
    kind = "hugo"
    language_key = "languageCode"
    """The setting naming the site's language, as the report names it."""

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config, problems = read_config(source)
        self.content = content_dir(source, self.config)
        for problem in problems:
            report.warn(problem.split(":")[0], None, f"not read: {problem}")
        self.params: dict[str, Any] = dict(self.config.get("params") or {})
        self.tz = zone(options.timezone or self.config.get("timezone"))
        self.lower = not bool_of(self.config.get("disablepathtolower"))
        self.table = LinkTable(self.site)
        self.items: list[tuple[Item, str, Path, Path]] = []
        """(item, body as written, source file, bundle folder or the file's folder)."""
        self.by_path: dict[str, Item] = {}
        self.language = language_tag(self.config.get("languagecode")
                                     or self.config.get("defaultcontentlanguage"), "")
        """The default language; "" until the posts tell, when the settings do not."""
        self.languages = self.read_languages()
        """Every language (the default first), or the default alone."""
        self.lang_of: dict[Path, HugoLanguage] = {}
        """The language of each content file found."""
        self.groups: dict[tuple[str, str], list[Item]] = {}
        """(section or "" for pages, translation key) -> the versions of one text."""
        self.redirects = Redirects(self.site, report, "content")
        """Old pages that Lanting makes itself (an archive page) -> `[redirects]`."""
        self.drawn: dict[str, str] = {}
        """Old URLs of pages a layout of the theme drew (no text) -> the layout's name."""
        self.sections: dict[str, int] = {}
        self.page_menus: list[dict[str, Any]] = []
        """Entries of the main menu given in front matter (`menu: main`), Hugo's way."""
        self.docs = False
        """No page of the main section has a date: they are pages (`undated`)."""
        self.citations: dict[str, str] = {}
        """Old page paths of publications (`/publication/x`) -> BibTeX key."""
        self.dollars: set[Path] = set()
        """Pages whose theme showed `$` as a dollar sign (math off): escaped."""

    # --- steps -----------------------------------------------------------------------------

    def run(self) -> NewSite:
        files = self.content_files()
        self.main = self.main_section(files)
        self.docs = self.undated(self.main, files) or self.in_book(self.main)
        pattern = self.permalink_of(self.main)
        lanting = self.lanting_pattern(pattern, self.main)
        if lanting != DEFAULT_POST_PERMALINK:
            self.site.permalink = lanting
            self.site.config_comments["permalinks"] = \
                f"the old site's URLs of `{self.main}/` (Hugo permalink `{pattern}`)"
        # The main section's pages first: a slug two sections share is its page's, whose
        # old URL is the new pattern's (`/major_project/cap-stone/` stays that page's).
        for path, bundle in sorted(files, key=lambda f: self.section_of(f[0]) != self.main):
            self.read(path, bundle)
        self.read_branches(files)
        self.number_shared_parts([item for item, _, _, _ in self.items])
        if not self.language:
            self.language = guess_language([text for _, text, _, _ in self.items])
            self.report.note(config_file(self.source), None,
                             f"no `{self.language_key}`: the posts read as `{self.language}`, so "
                             "the new site is in it (`language` in lanting.toml changes it)")
        else:
            self.settle_language([text for _, text, _, _ in self.items])
        self.read_more()
        self.name_translations()
        for item, text, path, folder in self.items:
            ctx = Context(self.report, path, page_text(path))
            item.body = self.convert(text, item, ctx, folder)
        self.finish_reveal_parts()
        self.finish_more()
        self.copy_static()
        self.write_config()
        return self.site

    def read_more(self) -> None:
        """What a theme adds (Hugo Blox: the profile, publications, talks)."""

    def finish_more(self) -> None:
        """What needs every page converted first."""

    def is_post(self, section: str, data: dict[str, Any]) -> bool:
        return bool(section) and section not in self.special_sections()

    def special_sections(self) -> tuple[str, ...]:
        return ()

    # --- reading pages ------------------------------------------------------------------------

    def read(self, path: Path, bundle: Path | None) -> None:
        text = page_text(path)
        fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping(fmt or "yaml", head)
        if error and (fmt or "yaml") == "yaml" and re.search(r"\t[ \t]*$", head, re.M):
            # (a tab ending a line, `parent: x\t`, is white space to Hugo's YAML reader;
            # PyYAML stops there, and the whole front matter was lost)
            data, error = load_mapping("yaml", re.sub(r"[ \t]+$", "", head, flags=re.M))
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        data = self.page_keys(path, bundle, hugo_keys(data))
        if self.math_off(data):
            self.dollars.add(path)
        section = self.section_of(path)
        if self.read_special(path, bundle, section, data, head, body):
            return
        layout = layout_of(data) or (layout_of({"layout": section}) if path.stem.startswith(
            "_index") and section.lower() in ("archive", "archives", "search") else "")
        # (PaperMod's early `content/search/_index.md`, a section's list page without a
        # layout: Hugo drew it with the theme's `_default/search.html`, by its name)
        if section and layout in ("archives", "search") or layout == "links" and not (
                body.strip() or link_list(data)):
            self.generated(path, bundle, section, data, layout)  # (Stack's page/search/)
            return
        if section and section in self.taxonomy_sections():
            if bundle is None or bundle.parent.name != section or not self.term_text(
                    path, data, body, section, bundle.name):
                self.report.note(path, None, f"left out: the page of a term of `{section}` "
                                 "(Lanting makes the pages of tags and categories)")
            return
        if (not section and self.main) or (section in ("page", "pages")
                                           and self.main != section) or (
                (section != self.main or self.docs or not section)
                and not any(k in data for k in DATES)) or self.in_book(section):
            # (a dateless page of another section is no post, nor are Stack's `page/`
            # (`about/`, dated or not) or Beautiful Hugo's `pages/about.md`, nor the
            # pages of a site of documents, hugo-book's `docs/` (dated too); a root page is a page
            # unless the root holds the posts, as a Zola blog's may)
            self.read_page(path, data, head, body, bundle, section)
            return
        if not self.is_post(section, data):
            return
        stem = bundle.name if bundle is not None else self.stem_of(path)
        # (Hugo's default order of dates: `date`, `publishDate`, then `lastmod`)
        date = first_date(data, head, DATES, self.tz)
        if date is None:
            date = mtime(path, self.tz)
            self.report.warn(path, None, "no date: the file's modification time is used")
        front = self.front(data, head, path, date, bundle)
        draft = bool_of(data.get("headless")) or self.unpublished(path, data, head)
        if behind_password(path, data, head, body, self.report):  # (LoveIt's, FixIt's)
            draft = True
        build = data.get("build") or data.get("_build")
        if isinstance(build, dict) and str(build.get("render")) in ("never", "false"):
            draft = True
        # Hugo's `build: {list: never}`; the `hidden`/`unlisted` of themes' menus and lists
        listed = build.get("list") if isinstance(build, dict) else None
        hidden = next((k for k in ("unlisted", "hidden") if data.get(k) is True), None)
        if str(listed).lower() in ("never", "false") or hidden:
            front["unlisted"] = True
            self.report.convert(f"`{hidden or 'build: {list: never}'}` → `unlisted: true`")
        publish = first_date(data, head, ("publishDate", "pubdate"), self.tz)
        params = front.setdefault("params", {})
        if publish is not None and publish.moment > now(self.options) \
                and not bool_of(self.config.get("buildfuture")):
            draft = True
            params["publish_date"] = publish.text()
            self.report.warn(path, key_line(head, "publishDate"), "`publishDate` is in the "
                             "future: imported as a draft (Lanting publishes nothing on a "
                             "schedule)")
        elif date.moment > now(self.options) and not bool_of(self.config.get("buildfuture")):
            draft = True
            self.report.warn(path, key_line(head, "date"), "dated in the future: imported as "
                             "a draft")
        expiry = first_date(data, head, ("expiryDate", "unpublishdate"), self.tz)
        if expiry is not None:
            params["expiry_date"] = expiry.text()
            if expiry.moment < now(self.options) and not bool_of(self.config.get("buildexpired")):
                draft = True
                self.report.warn(path, key_line(head, "expiryDate"), "`expiryDate` has passed: "
                                 "imported as a draft (Lanting unpublishes nothing by date)")
        if not params:
            del front["params"]
        if section and section != self.main and section not in front.get("categories", []):
            front["categories"] = [*front.get("categories", []), section]
        if draft:
            front["draft"] = True
        slug = slug_of(str(data.get("slug") or stem))
        if data.get("slug"):
            front["slug"] = slug
        language = self.language_of(path)
        item = self.site.add(Item("post", slug, path, front, draft=draft,
                                  lang=self.suffix(language)))
        self.report.counts["drafts" if draft else "posts"] += 1
        item.old_urls = self.old_urls(path, bundle, section, data, date, stem, language)
        for url in item.old_urls:
            self.table.add(url, item)
        self.remember(item, path, bundle, body)
        self.pair(item, "posts", data, path, bundle)

    def page_keys(self, path: Path, bundle: Path | None,
                  data: dict[str, Any]) -> dict[str, Any]:
        """A page's front matter in Hugo's keys (Zola's are other)."""
        return data

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        """A page of a theme's own section (Hugo Blox: publications, talks, authors); a
        reveal-hugo deck, anywhere."""
        # (a page of a section deck is its slides, even with `outputs: [Reveal]` of its
        # own: reveal-hugo adds it to the section's presentation)
        if self.deck_part(path, bundle, data, body, section, head):
            return True
        if is_reveal_deck(data):
            self.read_reveal_deck(path, bundle, section, data, head, body)
            return True
        return False

    def remember(self, item: Item, path: Path, bundle: Path | None, body: str) -> None:
        root = self.root_of(path)
        rel = path.relative_to(root).as_posix()
        # A `ref` names the page in the default language; Lanting's links lead a
        # translation's reader to the translation of the page.
        keys = [rel, bundle.relative_to(root).as_posix() if bundle is not None
                else rel.rsplit(".", 1)[0]]
        if item.lang:
            keys = [k for k in keys if k not in self.by_path]
        else:
            stem = self.stem_of(path)
            keys.append(str(Path(rel).with_name(stem)) if bundle is None else keys[1])
        self.by_path.update(dict.fromkeys(keys, item))
        heading = first_heading(body)
        if heading is not None and heading[0] == " ".join(str(item.front.get("title")).split()) \
                and item.kind != "talk":  # (a deck's is its title slide's)
            # (hugo-book's pages begin with their title, which its layout did not show;
            # Lanting shows it above the text: not twice)
            body = heading[1]
            self.report.convert("first headings repeating the title left out")
        self.items.append((item, body, path, bundle or path.parent))

    def unpublished(self, path: Path, data: dict[str, Any], head: str) -> bool:
        """Whether `draft: true` left the page out of the live site: not when the site
        builds drafts (`buildDrafts`, `hugo -D` in its deploy script), which published
        it."""
        if not bool_of(data.get("draft")):
            return False
        if why := drafts_built(self.source, self.config):
            self.report.note(path, key_line(head, "draft"), "`draft: true`, but the site "
                             f"builds drafts ({why}): imported as published")
            return False
        return True

    def read_page(self, path: Path, data: dict[str, Any], head: str, body: str,
                  bundle: Path | None, section: str = "") -> None:
        layout = layout_of(data)
        stem = bundle.name if bundle is not None else self.stem_of(path)
        body = join_texts(body, link_list(data))  # (Stack's page of links: in its front matter)
        if layout == "friends":  # (FixIt's page of friends: in `data/friends.yml`)
            body = join_texts(body, friend_list(self.source / "data"))
        if layout in ("archives", "search", "list", "terms") or not body.strip():
            self.generated(path, bundle, section, data, layout)
            return
        slug = slug_of(str(data.get("slug") or stem))
        title = data.get("title") or (first_heading(body) or (slug,))[0]  # (else its `# x`)
        front: dict[str, Any] = {"title": str(title)}
        summary = summary_of(data, "summary", "description")
        if summary:
            front["summary"] = B.plain_inline(summary)  # (Hugo renders it as Markdown)
        if data.get("ShowToc") is False or data.get("toc") is False:
            front["toc"] = False
        language = self.language_of(path)
        # (a headless bundle, hugo-book's `menu/index.md` of the sidebar's links, was
        # never published: kept as a draft, as a headless post is)
        headless = bool_of(data.get("headless"))
        if headless:
            self.report.note(path, key_line(head, "headless"), "`headless: true`: Hugo "
                             "published no page for it (a theme read it): kept as a draft")
        item = self.site.add(Item("page", slug, path, front, lang=self.suffix(language),
                                  draft=self.unpublished(path, data, head) or headless))
        if item.draft:
            item.front["draft"] = True
        folders = (bundle or path).parent.relative_to(self.root_of(path)).parts
        url = str(data.get("url") or self.ugly(hugo_path(re.sub(r"/{2,}", "/", "/" + "/".join(
            [*folders, str(data.get("slug") or stem)]) + "/"), self.lower), section))
        item.old_urls = [self.in_folder(url, language, data)]
        self.table.add(item.old_urls[0], item)
        self.page_menu(path, data, url)
        self.report.counts["pages"] += 1
        self.remember(item, path, bundle, body)
        self.pair(item, "", data, path, bundle)

    def taxonomy_sections(self) -> set[str]:
        given = self.config.get("taxonomies")
        if isinstance(given, dict):
            return {str(v).lower() for v in given.values()}
        return {"tags", "categories"}

    def generated(self, path: Path, bundle: Path | None, section: str, data: dict[str, Any],
                  layout: str) -> None:
        """A page Lanting makes itself (an archive, search): left out, its old URL
        redirected to Lanting's page; an empty page of links or a page without text:
        left out. A page with no text that a layout of the theme or site drew (Stack
        forks' `layout: books`, showing `data/` files): left out with a warning, and the
        links to it keep their text (they broke the build)."""
        own = {"archives": "/archive/", "search": "/search/"}.get(layout) or ("/publications/"
            if layout == "publications" and "content/publications.bib" in self.site.extra else None)
        if layout.lower() in TEXT_LAYOUTS:
            layout = ""  # (an empty page of Wowchemy's notes, `type: book`: no text)
        drawn = bool(layout) and own is None and layout not in ("list", "terms", "links")
        if drawn:
            self.report.warn(path, None, f"left out: a page with no text, drawn by the "
                             f"layout `{layout}` of the theme or site, which Lanting does "
                             "not have; links to it keep their text")
        else:
            self.report.note(path, None, f"left out: a page Lanting makes itself (layout "
                             f"`{layout}`)" if own or layout in ("list", "terms")
                             else "left out: a page of links with no links (layout "
                             f"`{layout}`)" if layout else "left out: no text")
        if own is None and not drawn or bool_of(data.get("draft")):
            return
        language = self.language_of(path)
        stem = bundle.name if bundle is not None else self.stem_of(path)
        old = str(data.get("url") or "")
        if not old:
            pattern = self.configured_permalink(section) if section else None
            old = self.fill(pattern, [section], data, mtime(path, self.tz), stem) if pattern \
                else hugo_path("/" + "/".join([*(bundle or path).parent.relative_to(
                    self.root_of(path)).parts, str(data.get("slug") or stem)]) + "/")
        old = self.in_folder(old, language, data)
        if own is None:
            self.drawn[old] = layout
            return
        # (the default language's pages are at the root of the new site, even when Hugo
        # put them under `/zh/`: `defaultContentLanguageInSubdir`)
        folder = language.folder if language != self.languages[0] else ""
        self.redirects.add(old, folder + own)

TEXT_LAYOUTS = frozenset({"book", "docs", "page", "post", "single"})
"""Layouts (or types) that show the page's own text, under the theme's menus: Wowchemy's
notes (`type: book`), Docsy's `docs`. An empty page of one showed nothing."""


def layout_of(data: dict[str, Any]) -> str:
    """A page's `layout` (else its `type`), the names themes give the same page made one:
    zzo's and Even's `archive` is PaperMod's and Stack's `archives`."""
    layout = str(data.get("layout") or data.get("type") or "")
    return "archives" if layout.lower() == "archive" else layout
