"""al-folio's `_news/`: the home page's news (one line each), and the items of their own
(`inline: false`, a title) as posts, at their old URLs. A part of `alfolio.AlFolio`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import collections as C
from lanting.importer.alfolio_home import shows_news
from lanting.importer.alfolio_profile import AlFolioProfile
from lanting.importer.common import bool_of, date_of, read_text
from lanting.importer.item import Item
from lanting.importer.jekyll_polyglot import with_language
from lanting.importer.jekyll_reads import collections_root, markdown_files
from lanting.importer.liquid import Context
from lanting.importer.site import slug_of
from lanting.importer.text import key_line, load_mapping, named_month_date, split_front_matter


class AlFolioNews(AlFolioProfile):
    """`_news/` read (`read_news`) and written into the home page (`finish_more`)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.news: list[tuple[Path, dict[str, Any], str, str]] = []
        self.about: dict[str, Any] = {}
        self.about_path: Path | str = "_pages/about.md"
        """The about page's front matter: its switches say what the home page showed."""

    def read_news(self) -> None:
        """`_news/*.md` (its language folders too), read for the home page; an item with
        a page of its own (`inline: false`, a title) a post, at its old URL."""
        folder = collections_root(self.source, self.config) / "_news"
        for path in markdown_files(folder, "**/*"):  # (`_news/fr-ca/` too)
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
                item.old_urls = [self.news_url(path, data)]
                for url in item.old_urls:
                    self.table.add(url, item)
                self.by_name[f"news/{path.stem}"] = item
                # (its relative links, `../../research/x/`, read from that old URL)
                self.by_path[path.relative_to(self.source).as_posix()] = item
                self.report.counts["posts"] += 1
                self.posts.append((item, body, 1, path))

    def news_url(self, path: Path, data: dict[str, Any]) -> str:
        """The old URL of a news item's own page: as `collections: news: permalink:`
        (or its own `permalink`) made it; al-folio's `/news/:path/` when neither does."""
        settings = self.config.get("collections")
        own = settings.get("news") if isinstance(settings, dict) else None
        if data.get("permalink") or (isinstance(own, dict) and own.get("permalink")):
            return C.old_url(self.config, collections_root(self.source, self.config) / "_news",
                             path, data, self.baseurl)
        return f"{self.baseurl}/news/{path.stem}/"

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
            date = date_of(data, head, "date", self.tz) \
                or named_month_date(str(data.get("date") or ""), self.tz)  # (`Nov 12, 2021`)
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
