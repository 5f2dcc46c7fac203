"""Posts of a Jekyll site written in two languages: a post's own `lang` (`lang: zh` on a
site whose `lang` is `en`) and links between the versions of one text (`en_url:` in the
Chinese post, `zh_url:` in the English one — how bilingual themes and hand-made
language switches pair them); and jekyll-multiple-languages-plugin's versions of a post
in `_i18n/<lang>/_posts/` (`jekyll_i18n.py`), paired by their file name.

Jekyll has no notion of either (each post is a post at its own URL; the theme reads the
keys), so the old site listed both versions side by side. The new site puts each other
language under its folder (`/zh/posts/x/`, the old URL kept answering), lists each
language's posts on its own blog index, and pairs the versions with a shared
`translation_key`, so each links the other ("also available in").
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import language_tag
from lanting.importer.text import key_line

LANGUAGE_URL_KEY = re.compile(r"([a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{2,8})?)_url")
"""A key naming the URL of the post's version in a language (`en_url`, `zh_cn_url`)."""


def _base(tag: str) -> str:
    """`zh-CN` -> `zh` (any language: the theme's catalogs do not matter here)."""
    return tag.split("-")[0].lower()


def language_keys(data: dict[str, Any]) -> set[str]:
    """The keys of a post's front matter read here: `lang` and the `<code>_url` keys."""
    found = {k for k in data if isinstance(k, str) and LANGUAGE_URL_KEY.fullmatch(k)
             and isinstance(data[k], str)}
    return found | ({"lang"} if isinstance(data.get("lang"), str) and data["lang"] else set())


class JekyllLanguages:
    """The posts' languages and their versions, read while the posts are; `finish` once
    the site's language is known (before any text is converted: links to a version in
    another language lead to its file, `x.zh.md`)."""

    def __init__(self, site: NewSite, table: LinkTable, report: Report) -> None:
        self.site, self.table, self.report = site, table, report
        self.posts: list[tuple[Item, str, dict[str, str], Path, str]] = []
        self.versions: dict[str, list[Item]] = {}
        """jekyll-multiple-languages-plugin's versions of one text, by their file name."""

    def read(self, item: Item, data: dict[str, Any], head: str, path: Path) -> None:
        keys = language_keys(data)
        if not keys:
            return
        lang = language_tag(data["lang"], "") if "lang" in keys else ""
        urls = {k: str(data[k]).strip() for k in sorted(keys - {"lang"})}
        self.posts.append((item, lang, urls, path, head))

    def version(self, item: Item, lang: str, path: Path, name: str) -> None:
        """A post of `_i18n/<lang>/_posts/` (jekyll-multiple-languages-plugin): in `lang`
        ("" for the site's), paired with the files of the same `name` in the others."""
        self.posts.append((item, lang, {}, path, ""))
        self.versions.setdefault(name, []).append(item)

    def finish(self, default: str) -> None:
        # One language is one tag: `zh` and `zh-CN` on two posts are one folder, named
        # by the tag most posts use.
        written = Counter(lang for _item, lang, _urls, _path, _head in self.posts
                          if lang and _base(lang) != _base(default))
        tags: dict[str, str] = {}
        for lang, _count in written.most_common():
            tags.setdefault(_base(lang), lang)
        others: set[str] = set()
        for item, lang, _urls, _path, _head in self.posts:
            if lang and _base(lang) != _base(default):
                item.lang = item.front["lang"] = tags[_base(lang)]
                others.add(item.lang)
        if others:
            self.site.config["languages"] = [default, *sorted(others)]
            self.site.config_comments["languages"] = (
                "the languages of the old posts (their `lang`): each other one under its "
                "own folder, its old URLs kept answering")
            self.report.convert("post languages (`lang`) → `languages`", len(others))
        self.pair()

    def pair(self) -> None:
        """Versions that name each other (`en_url:`) share a `translation_key`: the slug
        of the one in the site's language."""
        parent: dict[int, Item] = {}

        def root(item: Item) -> Item:
            while parent.get(id(item), item) is not item:
                item = parent[id(item)]
            return item

        members: dict[int, Item] = {}
        for item, _lang, urls, path, head in self.posts:
            for key, url in urls.items():
                other = self.table.find(url) if url else None
                if other is None or other.kind != "post":
                    self.report.warn(path, key_line(head, key), f"`{key}: {url}` names no "
                                     "post of the site: the translation is not linked")
                elif other is not item:
                    members.update({id(item): item, id(other): other})
                    parent[id(root(item))] = root(other)
        groups: dict[int, list[Item]] = {}
        for item in members.values():
            groups.setdefault(id(root(item)), []).append(item)
        for group in [*groups.values(), *(v for v in self.versions.values() if len(v) > 1)]:
            defaults = [i for i in group if not i.lang]
            if len({i.lang for i in group}) < len(group) or not defaults:
                self.report.warn(group[0].source or "", None, "these posts name each other "
                                 "as translations, but " + ("two are in one language"
                                 if defaults else "none is in the site's language")
                                 + ": left unpaired (" + ", ".join(
                                     str(i.source) for i in group) + ")")
                continue
            for member in group:
                member.front["translation_key"] = defaults[0].slug
            self.report.convert("translations paired", len(group) - 1)
