"""A Jekyll site's posts (`_posts/`, `<category>/_posts/`, `_drafts/`, a published
collection's dated documents, and on a site without posts its dated pages): which files
Jekyll read as posts, their dates (the file name's or the front matter's), drafts, old
URLs, and the items they make. A part of `jekyll.Jekyll`."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import (
    LinkTable,
    Options,
    bool_of,
    date_of,
    mtime,
    now,
    read_text,
    walk,
)
from lanting.importer.item import Item
from lanting.importer.jekyll_decks import deck_body, is_deck, marp_front, reveal_dollars
from lanting.importer.jekyll_fastpages import made_from_notebook
from lanting.importer.jekyll_front import day_first, rolled_over
from lanting.importer.jekyll_i18n import I18nPlugin, localized
from lanting.importer.jekyll_languages import JekyllLanguages
from lanting.importer.jekyll_listings import is_listing
from lanting.importer.jekyll_markups import OTHER_POSTS, is_markup_post, markup_post, post_text
from lanting.importer.jekyll_math import switched_on
from lanting.importer.jekyll_outputs import Published
from lanting.importer.jekyll_polyglot import Polyglot
from lanting.importer.jekyll_reads import MARKDOWN, collections_root, excluded
from lanting.importer.jekyll_redirects import redirect_target
from lanting.importer.jekyll_urls import old_path
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import When, key_line, load_mapping, split_front_matter
from lanting.model.config import DEFAULT_POST_PERMALINK

_POST_NAME = re.compile(r"^(\d{2,4})-(\d{1,2})-(\d{1,2})-(.+)$")
"""A post's file name: Jekyll reads `2019-9-10-title` as well as `2019-09-10-title`, and
`20-10-31-title` (Ruby's `Time.parse` completes a two-digit year: 2020)."""
_JEKYLL_POST_NAME = re.compile(r"^\d{2,4}-\d{1,2}-\d{1,2}-.*\.[^.]+$")
"""A file name Jekyll reads as a post's (its `DATE_FILENAME_MATCHER`); others in
`_posts/` it skips."""


class JekyllPosts:
    """Reads the posts into `posts`, `by_name` and `by_path`."""

    source: Path
    config: dict[str, Any]
    options: Options
    report: Report
    site: NewSite
    table: LinkTable
    tz: dt.tzinfo
    i18n: I18nPlugin
    polyglot: Polyglot | None
    languages: JekyllLanguages
    dollar_decks: set[Path]
    posts: list[tuple[Item, str, int, Path]]
    by_name: dict[str, Item]
    by_path: dict[str, Item]
    no_liquid: set[Path]
    separators: dict[Path, str]
    media_base: dict[Path, str]
    drew_mermaid: bool
    page_posts: set[Path]
    collection_docs: dict[Path, Published]
    series_titles: dict[str, str]
    file_date_urls: dict[str, Item]
    DATED_PAGES_ARE_POSTS: bool
    included_folders: Callable[[], list[str]]
    dated_pages: Callable[[], list[Path]]
    pattern: Callable[[], str]
    lanting_pattern: Callable[..., str]
    categorized: Callable[[list[tuple[Path, list[str], bool]]], bool]
    front_defaults: Callable[[Path, str], dict[str, Any]]
    page_url: Callable[[Path], str]
    categories: Callable[[dict[str, Any], list[str]], list[str]]
    old_urls: Callable[[dict[str, Any], str, When, list[str], str], list[str]]
    left_out_at: Callable[[Path, str, str], None]
    redirect_post: Callable[[Path, str, str, list[str]], None]
    front: Callable[[dict[str, Any], str, Path, When, list[str]], dict[str, Any]]

    def post_files(self) -> list[tuple[Path, list[str], bool]]:
        """(file, categories from its folders, is a draft)."""
        found: list[tuple[Path, list[str], bool]] = []
        # (Jekyll leaves out a folder `_x` that `include:` does not name, and its `_posts/`)
        read = {"_i18n", *self.included_folders()}
        root = collections_root(self.source, self.config)
        for path in walk(self.source):
            rel = path.relative_to(self.source)
            if path.suffix.lower() not in (*MARKDOWN, ".html", *OTHER_POSTS) \
                    or excluded(rel.as_posix(), self.config):  # (TeXt's `/docs` of demos)
                continue
            if root != self.source and path.is_relative_to(root):
                # (`collections_dir: collections`: `collections/_posts/` holds the posts,
                # its folder no category)
                rel = path.relative_to(root)
            if "_posts" in rel.parts and any(
                    part[:1] in "_.#~" and part not in read
                    for part in rel.parts[:rel.parts.index("_posts")]):
                continue
            if "_posts" in rel.parts and not _JEKYLL_POST_NAME.match(path.name):
                self.not_a_post(path)
            elif ("_posts" in rel.parts or rel.parts[0] == "_drafts") \
                    and self.unconverted(path):
                continue
            elif "_posts" in rel.parts and (made := made_from_notebook(path, self.source)):
                self.report.note(path, None, f"fastpages made it of `{made}`, which is "
                                 "imported: left out (the notebook is the post)")
            elif "_posts" in rel.parts:
                at = rel.parts.index("_posts")  # (`_i18n/zh/`: a language, no category)
                found.append((path, [] if self.i18n.language_of(rel) else list(
                    rel.parts[:at]), False))
            elif rel.parts[0] == "_drafts":
                found.append((path, [], True))
        found += [(path, [], False) for path, doc in self.collection_docs.items() if doc.dated]
        # A draft after the posts: one of a post's name is the second of the slug
        # (`x-2`), the published post keeping its own.
        found.sort(key=lambda entry: entry[2])
        if not found and self.DATED_PAGES_ARE_POSTS:
            self.page_posts = set(self.dated_pages())
            found = [(path, [], False) for path in sorted(self.page_posts)]
        return found

    def not_a_post(self, path: Path) -> None:
        """A file of `_posts/` whose name has no date (a folder's `README.md`, notes
        beside the scripts of a post): Jekyll neither published it as a post nor copied
        it, so it is left out; a warning when its front matter shows it was meant as one
        (not when its name hid it from Jekyll's reading, `_draft_2021-01-04-ols.md`: the
        writer's way of keeping a draft unpublished)."""
        written = split_front_matter(read_text(path))[0]
        if path.name[:1] in "_.#~" or path.name.endswith("~"):
            self.report.note(path, None, "left out: Jekyll reads no file whose name "
                             "starts with `_`, `.`, `#` or `~` (a draft kept unpublished)")
            return
        message = ("left out: Jekyll publishes a file of `_posts/` only when its name "
                   "starts with a date (`2024-01-31-title.md`), so the old site did not "
                   "show it")
        if written:
            self.report.warn(path, None, message + "; to keep it, rename it so before "
                             "importing")
        else:
            self.report.note(path, None, message)

    def unconverted(self, path: Path) -> bool:
        """Whether `path`, a post in Org or Textile, cannot be converted (no Pandoc): left
        out with a warning. What Pandoc said of one it converted is a warning each."""
        if not is_markup_post(path):
            return False
        reader = OTHER_POSTS[path.suffix.lower()]
        try:
            done = markup_post(path)
        except OSError as error:
            self.report.warn(path, 1, f"left out: a post in {reader.capitalize()} {error}")
            return True
        for line, message in done.warnings:
            self.report.warn(path, line, f"Pandoc: {message}")
        self.report.convert(f"posts in {reader.capitalize()} (Pandoc)")
        return False

    def read_posts(self) -> None:
        pattern = self.pattern()
        files = self.post_files()
        lanting = self.lanting_pattern(pattern, self.categorized(files))
        if lanting != DEFAULT_POST_PERMALINK:
            self.site.permalink = lanting
            self.site.config_comments["permalinks"] = \
                f"as the old site's `permalink: {self.config.get('permalink')}`"
        for path, folder_categories, drafted in files:
            text = post_text(path)  # (Markdown: an Org or Textile post converted)
            fmt, head, body, first = split_front_matter(text)
            data, error = load_mapping(fmt or "yaml", head)
            if error:
                self.report.warn(path, 2, f"front matter not read ({error}): the post is "
                                 "imported without it")
            data = {**self.front_defaults(path, "posts"), **data}
            version = self.i18n.language_of(path.relative_to(self.source))
            if version is None and self.polyglot is not None:  # (`_posts/fr-ca/x.md`)
                version = self.polyglot.language_of(path.relative_to(self.source), data)
            if version is not None:
                data["title"] = localized(data.get("title"), version)
            self.drew_mermaid = self.drew_mermaid or switched_on(data.get("mermaid"))
            if data.pop("render_with_liquid", None) is False:  # its `{% %}` shown as written
                self.no_liquid.add(path)
            if isinstance(data.get("excerpt_separator"), str):
                self.separators[path] = data["excerpt_separator"]
            media = data.get("media_subpath") or data.get("img_path")
            if isinstance(media, str) and media.strip():
                self.media_base[path] = media.strip()
            name = path.parent.name if path in self.page_posts and path.stem == "index" \
                else path.stem
            if path in self.page_posts:  # (its URL a page's: `/notes/x.html`)
                data.setdefault("permalink", self.page_url(path))
            if path in self.collection_docs:  # (the collection's URL: `/orf309/lecture1.html`)
                data["permalink"] = self.page_url(path)
            match = _POST_NAME.match(name)
            title_part = match.group(4) if match else name
            file_date = None
            if match:
                year, month, day = (int(g) for g in match.groups()[:3])
                year += (1900 if year >= 69 else 2000) if year < 100 else 0
                try:
                    file_date = When(dt.datetime(year, month, day, tzinfo=self.tz), True)
                except ValueError:  # `2019-13-40-x.md`, which Jekyll refuses
                    file_date = rolled_over(f"{year}-{month}-{day}", self.tz)
                if file_date is None:
                    self.report.warn(path, None, f"the file name's date {year}-{month}-{day} "
                                     "is no date: the front matter's date is used, if any")
            written = str(data.get("date") or "")
            date = date_of(data, head, "date", self.tz) or rolled_over(written, self.tz) \
                or day_first(written, self.tz) or file_date
            if date is None and drafted:  # (how Jekyll dated a draft: not a loss)
                date = mtime(path, self.tz)
                self.report.note(path, None, "a draft without a date: dated by the file's "
                                 "modification time, as Jekyll did")
            elif date is None:
                date = mtime(path, self.tz)
                self.report.warn(path, None, "no date in the front matter or the file name: "
                                 "the file's modification time is used")
            draft = drafted or not bool_of(data.get("published", True))
            if not drafted and not draft and date.moment > now(self.options) \
                    and not bool_of(self.config.get("future", False)):
                draft = True
                self.report.warn(path, key_line(head, "date"), "dated in the future, which "
                                 "Jekyll does not build: imported as a draft")
            categories = self.categories(data, folder_categories)
            if title_part == "jekyll-introduction" and data.get("tagline") == \
                    "Supporting tagline":  # (its placeholder, never edited)
                self.report.note(path, None, "left out: Jekyll-Bootstrap's sample post, "
                                 "which came with the theme (copy it to content/posts/ "
                                 "to keep it)")
                continue
            if "site.posts" in body and is_listing(body):  # (a post of only `{% for post
                # in site.posts %}`: the list of posts, which Lanting makes itself)
                self.report.note(path, None, "left out: a list of the site's posts (/blog/)")
                for url in self.old_urls(data, pattern, date, categories, title_part):
                    self.left_out_at(path, url, "/blog/")
                continue
            if not draft and (target := redirect_target(data)) is not None:
                self.redirect_post(path, head, target, self.old_urls(
                    data, pattern, date, categories, title_part))
                continue
            slug = slug_of(str(data.get("slug") or title_part))
            front = self.front(data, head, path, date, categories)
            if path in self.collection_docs and not data.get("series"):
                front["series"] = self.series_titles[self.collection_docs[path].collection]
            if draft:
                front["draft"] = True
            if "slug" in data:
                front["slug"] = slug
            lang = "" if version is None else self.polyglot.tag({"lang": version}) \
                if self.polyglot is not None and not self.i18n.languages \
                else self.i18n.tag(version)
            deck = is_deck(self.source, str(data.get("layout") or ""), data)
            if deck and reveal_dollars(self.source, str(data.get("layout") or "")):
                self.dollar_decks.add(path)
            front |= marp_front(data)  # (a Marp deck's directives, its talk's)
            item = self.site.add(Item("talk" if deck else "post", slug, path, front,
                                      draft=draft, lang=lang))
            self.languages.read(item, data, head, path)
            if version is not None:
                self.languages.version(item, lang, path, path.name)
            self.report.counts["drafts" if draft else "talks" if deck else "posts"] += 1
            if not draft:
                item.old_urls = [(f"/{version}" if lang else "") + url for url in self.old_urls(
                    data, pattern, date, categories, title_part)]  # (the plugin's `/zh/…`)
                for url in item.old_urls:
                    self.table.add(url, item)
                item.deck_urls = frozenset(item.old_urls) if deck else frozenset()
                if file_date is not None and file_date.moment.date() != date.moment.date():
                    for url in self.old_urls(data, pattern, file_date, categories, title_part):
                        self.file_date_urls.setdefault(old_path(url), item)
            body = deck_body(self.source, str(data.get("layout") or ""), body, self.report,
                             self.config) if deck else body  # (a slide show: a talk)
            rel = path.relative_to(self.source).as_posix()
            self.by_path[rel] = item
            self.by_name[name] = item
            if "_posts/" in rel:
                self.by_name.setdefault(rel.split("_posts/", 1)[1].rsplit(".", 1)[0], item)
            self.posts.append((item, body, first, path))

