"""Hugo → Lanting.

Content files under `content/` (leaf bundles `x/index.md` with their resources, single
files, `_index.md` branch pages skipped); posts are the dated pages of the sections, the
pages of the content root are pages. Their old URLs are worked out in `hugo_urls.py`,
the bodies converted in `hugo_bodies.py` (theme shortcodes in `hugo_shortcodes.py`),
the settings read and written in `hugo_settings.py`.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    first_date,
    guess_language,
    is_image,
    language_tag,
    mtime,
    now,
    read_text,
    summary_of,
    walk,
)
from lanting.importer.hugo_bodies import HugoBodies, friend_list, link_list
from lanting.importer.hugo_settings import (
    HugoLanguage,
    HugoSettings,
    config_file,
    join_texts,
    read_config,
)
from lanting.importer.hugo_urls import HugoUrls, hugo_path
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.report import Report
from lanting.importer.site import Item, NewSite, slug_of
from lanting.importer.text import When, key_line, load_mapping, names, split_front_matter, zone
from lanting.model.config import DEFAULT_POST_PERMALINK

MAPPED_KEYS = frozenset({"title", "date", "publishDate", "pubdate", "published", "lastmod",
                         "modified", "expiryDate", "unpublishdate", "draft", "tags",
                         "categories", "summary", "description", "slug", "url", "aliases",
                         "series", "weight", "cover", "image", "featuredImage", "ShowToc",
                         "toc", "translationKey", "password", "series_order",
                         "showTableOfContents", "featureimage"})


_READ_KEYS = MAPPED_KEYS | {"layout", "type", "params", "headless", "abstract", "featured",
                           "external_link", "event", "event_url", "publication",
                           "publication_types", "doi", "slides", "role", "authors"}
_BY_LOWER = {key.lower(): key for key in _READ_KEYS}
_BY_LOWER["showtoc"] = "ShowToc"
_BUNDLE_COVERS = ("*feature*", "*cover*", "*thumbnail*")
"""A bundle's image Blowfish and Congo show as its cover, in this order of preference."""


def hugo_keys(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with its top-level keys spelt as the importer reads them: Hugo takes front
    matter keys in any case (`ShowToc`, `showToc`, `Title`), so a post's `showToc: false`
    or `Title:` was not read. A key written in both spellings keeps the exact one."""
    renamed = {}
    for key, value in data.items():
        known = _BY_LOWER.get(key.lower(), key) if isinstance(key, str) else key
        if known != key and known in data:
            known = key
        renamed[known] = value
    return renamed


_DATED = re.compile(r'^[ \t]*"?(?:date|publishdate|pubdate|published|lastmod|modified)"?'
                    r"[ \t]*[:=]", re.IGNORECASE | re.MULTILINE)
"""A front matter line giving a date (a page of a section of posts has one)."""
_POST_SECTIONS = frozenset({"post", "posts", "blog", "article", "articles"})
"""Section names that say "the posts" (a tie of counts goes to one of them)."""


DATES = ("date", "publishDate", "pubdate", "published", "lastmod", "modified")
"""Hugo's default order of a page's dates (its `frontmatter.date` setting)."""


class Hugo(HugoUrls, HugoSettings, HugoBodies):
    kind = "hugo"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.content = source / "content"
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        self.config, problems = read_config(source)
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
        self.docs = self.undated(self.main, files)
        pattern = self.permalink_of(self.main)
        lanting = self.lanting_pattern(pattern, self.main)
        if lanting != DEFAULT_POST_PERMALINK:
            self.site.permalink = lanting
            self.site.config_comments["permalinks"] = \
                f"the old site's URLs of `{self.main}/` (Hugo permalink `{pattern}`)"
        for path, bundle in files:
            self.read(path, bundle)
        self.read_branches(files)
        if not self.language:
            self.language = guess_language([text for _, text, _, _ in self.items])
            self.report.note(config_file(self.source), None,
                             f"no `languageCode`: the posts read as `{self.language}`, so "
                             "the new site is in it (`language` in lanting.toml changes it)")
        self.read_more()
        self.name_translations()
        for item, text, path, folder in self.items:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, folder)
        self.finish_more()
        self.copy_static()
        self.write_config()
        return self.site

    def read_more(self) -> None:
        """What a theme adds (Hugo Blox: the profile, publications, talks)."""

    def finish_more(self) -> None:
        """What needs every page converted first."""

    def content_files(self) -> list[tuple[Path, Path | None]]:
        """(Markdown file, its bundle folder or None) of every page, `_index.md` left out,
        in every language (its own `contentDir`, or a suffix: `x.en.md`, `index.en.md`)."""
        found: list[tuple[Path, Path | None]] = []
        roots: dict[Path, list[HugoLanguage]] = {}
        for language in self.languages:
            roots.setdefault(language.content, []).append(language)
        for root, languages in roots.items():
            for path in walk(root) if root.is_dir() else []:
                if path.suffix.lower() not in (".md", ".markdown", ".html") \
                        or path.name.startswith("_index."):
                    continue
                if any(root != other and path.is_relative_to(other) for other in roots):
                    continue  # another language's contentDir inside this one
                stem, language = self.split_language(path, languages)
                self.lang_of[path] = language
                if stem == "index":
                    found.append((path, path.parent))
                elif not any(self.is_bundle(parent) for parent in path.parents
                             if parent != root and parent.is_relative_to(root)):
                    found.append((path, None))
        return found

    def read_branches(self, files: list[tuple[Path, Path | None]]) -> None:
        """The `_index.md` files (list pages): the home page's text is the new home
        page's; a section's with no page under it (Blowfish's `about/_index.md`) is a page
        at its old URL; the text above a section's list, which Lanting's lists have no
        place for, is a warning. (All three were left out without a word.)"""
        pages = [path.parent for path, _bundle in files]
        roots: dict[Path, list[HugoLanguage]] = {}
        for language in self.languages:
            roots.setdefault(language.content, []).append(language)
        for root, languages in roots.items():
            for path in sorted(root.glob("**/_index.*")) if root.is_dir() else []:
                if path.suffix.lower() not in (".md", ".markdown") or any(
                        root != other and path.is_relative_to(other) for other in roots):
                    continue
                self.lang_of[path] = self.split_language(path, languages)[1]
                folder = path.parent
                _fmt, _head, body, first = split_front_matter(read_text(path))
                if folder != root and not any(page.is_relative_to(folder) for page in pages):
                    self.read(path, folder)
                    continue
                data = hugo_keys(load_mapping(_fmt or "yaml", _head)[0])
                rel = folder.relative_to(root).as_posix()
                self.page_menu(path, data, "/" if folder == root else f"/{rel}/")
                if folder == root and body.strip():
                    self.home_text(path, body)
                elif body.strip():
                    line = first + body[:len(body) - len(body.lstrip())].count("\n")
                    self.report.warn(path, line, f"the text of the list page of `{rel}/` is "
                                     "not imported: Lanting's lists show no text")

    def page_menu(self, path: Path, data: dict[str, Any], url: str) -> None:
        """A page's own entry of the main menu (`menu: main`, or with a `weight`, a
        `name`); one under a `parent` is left out with the front matter (Lanting's menu
        has no sub-entries)."""
        given = data.get("menu") or data.get("menus")
        menus = {given: {}} if isinstance(given, str) else dict.fromkeys(
            map(str, given), {}) if isinstance(given, list) else given
        entry = menus.get("main") if isinstance(menus, dict) else None
        if entry is None or self.language_of(path) != self.languages[0]:
            return
        entry = entry if isinstance(entry, dict) else {}
        if entry.get("parent"):
            return
        self.page_menus.append({"name": str(entry.get("name") or data.get("title") or url),
                                "url": url, "weight": entry.get("weight") or 0})

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

    def split_language(self, path: Path,
                       languages: list[HugoLanguage]) -> tuple[str, HugoLanguage]:
        """A file's name without its language suffix, and its language (a file without
        one is in its folder's first language: the default in a shared `content/`)."""
        stem, dot, suffix = path.stem.rpartition(".")
        for language in self.languages if len(languages) > 1 else ():
            if dot and suffix.lower() == language.key:
                return stem, language
        return path.stem, languages[0]

    def is_bundle(self, folder: Path) -> bool:
        return any(self.split_language(p, self.languages)[0] == "index"
                   for p in folder.glob("index.*") if p.suffix.lower() in (".md", ".markdown"))

    def root_of(self, path: Path) -> Path:
        language = self.lang_of.get(path)
        if language is not None:
            return language.content
        return max((lang.content for lang in self.languages if path.is_relative_to(lang.content)),
                   key=lambda p: len(p.parts), default=self.content)

    def section_of(self, path: Path) -> str:
        rel = path.relative_to(self.root_of(path))
        if len(rel.parts) == 2 and self.split_language(path, self.languages)[0] == "index":
            return ""  # (a bundle at the top, LoveIt's `about/index.md`, is no section)
        return rel.parts[0] if len(rel.parts) > 1 else ""

    def is_post(self, section: str, data: dict[str, Any]) -> bool:
        return bool(section) and section not in self.special_sections()

    def special_sections(self) -> tuple[str, ...]:
        return ()

    def undated(self, section: str, files: list[tuple[Path, Path | None]]) -> bool:
        """Whether no page of `section` has a date: a site of documents (hugo-book's and
        Docsy's `docs/`), whose pages are pages, not posts dated by their files' times."""
        found = False
        for path, _bundle in files:
            if self.section_of(path) != section:
                continue
            found = True
            head = split_front_matter(read_text(path))[1]
            if _DATED.search(head):
                return False
        if found:
            self.report.note(self.source / "content" / section, None,
                             f"no page of `{section}/` has a date: its pages are imported as "
                             "pages, not posts")
        return found

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
        return max(sorted(counts), key=lambda s: (counts[s], s in _POST_SECTIONS)) \
            if counts else "posts"

    # --- reading pages ------------------------------------------------------------------------

    def read(self, path: Path, bundle: Path | None) -> None:
        text = read_text(path)
        fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping(fmt or "yaml", head)
        if error and (fmt or "yaml") == "yaml" and re.search(r"\t[ \t]*$", head, re.M):
            # (a tab ending a line, `parent: x\t`, is white space to Hugo's YAML reader;
            # PyYAML stops there, and the whole front matter was lost)
            data, error = load_mapping("yaml", re.sub(r"[ \t]+$", "", head, flags=re.M))
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        data = hugo_keys(data)
        if self.math_off(data):
            self.dollars.add(path)
        section = self.section_of(path)
        if self.read_special(path, bundle, section, data, head, body):
            return
        layout = str(data.get("layout") or data.get("type") or "")
        if section and layout in ("archives", "search") or layout == "links" and not (
                body.strip() or link_list(data)):
            self.generated(path, bundle, section, data, layout)  # (Stack's page/search/)
            return
        if section and section in self.taxonomy_sections():
            self.report.note(path, None, f"left out: the page of a term of `{section}` "
                             "(Lanting makes the pages of tags and categories)")
            return
        if not section or (section == "page" and self.main != "page") or (
                (section != self.main or self.docs) and not any(k in data for k in DATES)):
            # (a dateless page of another section is no post, nor are Stack's `page/`
            # (`about/`, dated or not), nor the pages of a site of documents, hugo-book's
            # `docs/`)
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
        draft = bool_of(data.get("headless"))
        if bool_of(data.get("draft")):
            if bool_of(self.config.get("builddrafts")):  # the live site published it
                self.report.note(path, key_line(head, "draft"), "`draft: true`, but the site "
                                 "builds drafts (`buildDrafts`): imported as published")
            else:
                draft = True
        if data.get("password"):  # LoveIt/FixIt: the text was behind a password
            draft = True
            self.report.warn(path, key_line(head, "password"), "protected by a password: "
                             "imported as a draft (Lanting has no password; publishing it "
                             "would show the text to everyone)")
        build = data.get("build") or data.get("_build")
        if isinstance(build, dict) and str(build.get("render")) in ("never", "false"):
            draft = True
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
        if section != self.main and section not in front.get("categories", []):
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

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        """A page of a theme's own section (Hugo Blox: publications, talks, authors)."""
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
        self.items.append((item, body, path, bundle or path.parent))

    # --- languages ---------------------------------------------------------------------------

    def language_of(self, path: Path) -> HugoLanguage:
        return self.lang_of.get(path, self.languages[0])

    def suffix(self, language: HugoLanguage) -> str:
        """The language as an item has it: "" for the default one."""
        return "" if language == self.languages[0] else language.code

    def stem_of(self, path: Path) -> str:
        """A file's name without `.md` and without its language suffix (`x.en.md`: x)."""
        return self.split_language(path, self.languages)[0] if len(self.languages) > 1 \
            else path.stem

    def in_folder(self, url: str, language: HugoLanguage, data: dict[str, Any]) -> str:
        """An old URL of a page in `language`: under its folder (`/en/…`) unless the page
        set it whole (`url:`)."""
        if not language.folder or data.get("url") or not url.startswith("/") \
                or url.startswith(language.folder + "/"):
            return url
        return language.folder + url

    def pair(self, item: Item, kind: str, data: dict[str, Any], path: Path,
             bundle: Path | None) -> None:
        """Note the text `item` is a version of: its `translationKey`, else its path in
        its content folder without the language suffix (Hugo's own rule)."""
        if len(self.languages) < 2:
            return
        root = self.root_of(path)
        where = (bundle or path.with_name(self.stem_of(path))).relative_to(root).as_posix()
        key = str(data.get("translationKey") or where)
        self.groups.setdefault((kind, key), []).append(item)

    def name_translations(self) -> None:
        """The versions of one text share a file name (`x.md`, `x.en.md`): the default
        language's slug, else the first version's; a name another text has in a language
        gets `-2`."""
        taken: set[tuple[str, str, str]] = set()
        default = ""
        for (_kind, _key), items in sorted(self.groups.items()):
            ordered = sorted(items, key=lambda i: (i.lang != default, i.number))
            base = name = ordered[0].slug
            n = 1
            while any((item.kind, name, item.lang) in taken for item in ordered):
                n += 1
                name = f"{base}-{n}"
            for item in ordered:
                taken.add((item.kind, name, item.lang))
                if item.lang != default or name != item.slug:
                    item.name = name
                    if item.slug != name and "slug" not in item.front:
                        item.front["slug"] = item.slug  # its own URL name, as Hugo had it
            if len({i.lang for i in ordered}) > 1:
                self.report.convert("translations paired", len(ordered) - 1)

    def read_page(self, path: Path, data: dict[str, Any], head: str, body: str,
                  bundle: Path | None, section: str = "") -> None:
        layout = str(data.get("layout") or data.get("type") or "")
        stem = bundle.name if bundle is not None else self.stem_of(path)
        body = join_texts(body, link_list(data))  # (Stack's page of links: in its front matter)
        if layout == "friends":  # (FixIt's page of friends: in `data/friends.yml`)
            body = join_texts(body, friend_list(self.source / "data"))
        if layout in ("archives", "search", "list", "terms") or not body.strip():
            self.generated(path, bundle, "", data, layout)
            return
        slug = slug_of(str(data.get("slug") or stem))
        front: dict[str, Any] = {"title": str(data.get("title") or slug)}
        summary = summary_of(data, "summary", "description")
        if summary:
            front["summary"] = B.plain_inline(summary)  # (Hugo renders it as Markdown)
        if data.get("ShowToc") is False or data.get("toc") is False:
            front["toc"] = False
        language = self.language_of(path)
        item = self.site.add(Item("page", slug, path, front, draft=bool_of(data.get("draft")),
                                  lang=self.suffix(language)))
        if item.draft:
            item.front["draft"] = True
        folders = (bundle or path).parent.relative_to(self.root_of(path)).parts
        url = str(data.get("url") or self.ugly(hugo_path("/" + "/".join(
            [*folders, str(data.get("slug") or stem)]) + "/", self.lower), section))
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
        redirected to Lanting's page; a page of links or without text: left out."""
        self.report.note(path, None, f"left out: a page Lanting makes itself (layout "
                         f"`{layout}`)" if layout in ("archives", "search", "list", "terms")
                         else f"left out: a page of links (layout `{layout}`: its links are "
                         "in its front matter)" if layout else "left out: no text")
        own = {"archives": "/archive/", "search": "/search/"}.get(layout)
        if own is None or bool_of(data.get("draft")):
            return
        language = self.language_of(path)
        stem = bundle.name if bundle is not None else self.stem_of(path)
        old = str(data.get("url") or "")
        if not old:
            pattern = self.configured_permalink(section) if section else None
            old = self.fill(pattern, [section], data, mtime(path, self.tz), stem) if pattern \
                else hugo_path("/" + "/".join([*(bundle or path).parent.relative_to(
                    self.root_of(path)).parts, str(data.get("slug") or stem)]) + "/")
        # (the default language's pages are at the root of the new site, even when Hugo
        # put them under `/zh/`: `defaultContentLanguageInSubdir`)
        folder = language.folder if language != self.languages[0] else ""
        self.redirects.add(self.in_folder(old, language, data), folder + own)

    def front(self, data: dict[str, Any], head: str, path: Path, date: When,
              bundle: Path | None) -> dict[str, Any]:
        front: dict[str, Any] = {"title": str(data.get("title") or path.stem).strip(),
                                 "date": date}
        updated = first_date(data, head, ("lastmod", "modified"), self.tz)
        # (a `lastmod` of the day of `date`, without a time, says nothing more: read as
        # midnight it would be earlier than `date`)
        same_day = updated is not None and updated.day_only \
            and updated.moment.date() == date.moment.date()
        if updated is not None and updated.moment != date.moment and not same_day:
            front["updated"] = updated
        summary = summary_of(data, "summary", "description")
        if summary:
            front["summary"] = B.plain_inline(summary)  # (Hugo renders it as Markdown)
        front["tags"] = names(data.get("tags"))
        front["categories"] = names(data.get("categories"))
        series = names(data.get("series"))
        if series:
            front["series"] = series[0]
            if len(series) > 1:
                self.report.warn(path, key_line(head, "series"), "in several series: only the "
                                 f"first, `{series[0]}`, is kept")
            order = data.get("series_order", data.get("weight"))  # (Blowfish: `series_order`)
            if isinstance(order, int) and not isinstance(order, bool):
                front["series_order"] = order
        if False in (data.get("ShowToc"), data.get("toc"), data.get("showTableOfContents")):
            front["toc"] = False
        cover = self.cover(data, path, bundle)
        if cover:
            front["cover"] = cover
        front["params"] = {}
        dropped = [k for k in data if k not in MAPPED_KEYS]
        if dropped:
            self.report.note(path, 2, "front matter not needed in Lanting, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        return front

    def cover(self, data: dict[str, Any], path: Path, bundle: Path | None) -> str:
        value = data.get("cover") or data.get("featuredImage") or data.get("image") \
            or data.get("featureimage")  # (Blowfish)
        if isinstance(value, dict):
            value = value.get("image") or value.get("filename") or value.get("src")
        if (not isinstance(value, str) or not value) and bundle is not None:
            return self.bundle_cover(bundle)
        if not isinstance(value, str) or not value:
            return ""
        if value.startswith(("http://", "https://")):
            return value
        return self.image_ref(value, path, bundle) or ""

    def bundle_cover(self, bundle: Path) -> str:
        """Blowfish and Congo show a bundle's `feature*` image (else `cover*`,
        `thumbnail*`) as its cover, with no front matter naming it: the image was lost."""
        images = sorted(f for f in bundle.iterdir() if f.is_file() and is_image(f))
        for pattern in _BUNDLE_COVERS:
            found = [f for f in images if fnmatch.fnmatch(f.name.lower(), pattern)]
            if found:
                return self.site.image(found[0], None)
        return ""
