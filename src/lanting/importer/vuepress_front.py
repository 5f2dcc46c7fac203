"""The front matter of a VitePress or VuePress page in Lanting's, and the home page's hero.

The themes Chinese blogs use agree on most keys: `date` (reco writes `2019/08/08`),
`tag`/`tags`, `category`/`categories` (a list or one name), `sticky` (hope, reco; a
number: its rank), `star` (hope's featured), `top` (`@sugarat/theme`), `description`
(hope also `excerpt`), `draft`, reco's `publish: false`, hope's `article: false` (a page
the blog does not list), `permalink` (an old URL; vdoing writes one into every file).
The home page's `hero` (VitePress) or `heroText`/`tagline`/`actions`/`features` (VuePress)
are the theme's layout: their text becomes the new home page's text.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import bool_of, mtime, note_unplaced_keys, summary_of
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.report import Report
from lanting.importer.text import When, key_line, names, parse_when, raw_value

MAPPED_KEYS = frozenset({"title", "date", "createTime", "created", "firstCommit", "updated",
                         "updateTime", "lastUpdated", "lastmod", "tag", "tags", "category",
                         "categories", "sticky", "star", "top", "description", "excerpt",
                         "summary", "draft", "publish", "article", "permalink", "author",
                         "layout", "home", "hero", "heroText", "tagline", "heroImage",
                         "actions", "actionText", "actionLink", "features", "projects",
                         "heroAlt", "hidden", "blog", "toc", "outline", "slug", "cover",
                         "image", "coverImg", "keys", "password"})
DATE_KEYS = ("date", "createTime", "created", "firstCommit")
"""A post's date: `date` (most themes), plume's `createTime`, the first commit's time a
theme's hook wrote (`firstCommit`)."""
UPDATED_KEYS = ("updated", "updateTime", "lastUpdated", "lastmod")
_SHORT_OFFSET = re.compile(r"([+-])(\d:\d\d)$")
HOME_LAYOUTS = frozenset({"home", "bloghome", "blog", "portfolio"})
"""`layout:` values of a theme's home page (VitePress's `home`, hope's `BlogHome`)."""


class VuePressFront:
    """The front-matter side of the VitePress/VuePress importer."""

    report: Report
    tz: dt.tzinfo
    site_author: str

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str,
              title: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": title}
        if kind == "post":
            date = self.when(data, head, DATE_KEYS)
            if date is None:
                self.report.warn(path, key_line(head, "date"), "no date Lanting can read: "
                                 "the file's modification time is used")
                date = mtime(path, self.tz)
            front["date"] = date
            updated = self.when(data, head, UPDATED_KEYS)
            if updated is not None and updated.moment > date.moment:
                front["updated"] = updated
            categories = names(data.get("categories", data.get("category")))
            if categories:
                front["categories"] = categories
            self.post_params(data, head, path, front)
        tags = names(data.get("tags", data.get("tag")))
        if tags:
            front["tags"] = tags
        summary = summary_of(data, "description", "excerpt", "summary")
        if summary:
            front["summary"] = summary
        if data.get("toc") is False or data.get("outline") is False:
            front["toc"] = False
        if bool_of(data.get("draft", False)) or data.get("publish") is False:
            front["draft"] = True
        elif data.get("keys") or data.get("password"):
            # (reco's `keys`, a password the reader typed: the old site showed the text
            # to no one without it; a draft is never published)
            front["draft"] = True
            key = "keys" if data.get("keys") else "password"
            self.report.warn(path, key_line(head, key), f"`{key}`: a page behind a "
                             "password, imported as a draft (Lanting has no passwords)")
        elif kind == "post" and data.get("hidden") is True:
            # (`@sugarat/theme`: built, but in no list)
            front["unlisted"] = True
            self.report.note(path, key_line(head, "hidden"), "`hidden: true` imported as "
                             "`unlisted: true` (its page answers at its URL; no listing, "
                             "feed or search shows it)")
        note_unplaced_keys(self.report, path, head, data, MAPPED_KEYS)
        return front

    def when(self, data: dict[str, Any], head: str, keys: tuple[str, ...]) -> When | None:
        """The first of `keys` that holds a date (`+8:00`, as git's hooks wrote it for
        weizwz's theme, read as `+08:00`)."""
        for key in keys:
            value = data.get(key)
            if value in (None, ""):
                continue
            raw = raw_value(head, key)
            if isinstance(value, str):
                value = _SHORT_OFFSET.sub(r"\g<1>0\2", value.strip())
                raw = value
            found = parse_when(value, raw, self.tz)
            if found is not None:
                return found
        return None

    def post_params(self, data: dict[str, Any], head: str, path: Path,
                    front: dict[str, Any]) -> None:
        """`sticky`, `top`, `star` (pinned or featured posts) and another `author`."""
        params: dict[str, Any] = {}
        for key in ("sticky", "top"):
            value = data.get(key)
            if value not in (None, False, 0, ""):
                params["sticky"] = True
                self.report.note(path, key_line(head, key), f"`{key}` kept as "
                                 "`params.sticky` (Lanting lists posts by date)")
                break
        if data.get("star") not in (None, False, 0, ""):
            params["featured"] = True
            self.report.note(path, key_line(head, "star"), "`star` kept as "
                             "`params.featured`")
        author = data.get("author")
        shown = author.get("name") if isinstance(author, dict) else author
        if isinstance(shown, str) and shown.strip() and shown.strip() != self.site_author:
            params["author"] = shown.strip()
            self.report.note(path, key_line(head, "author"), "`author` kept in "
                             "`params.author` (Lanting's pages show the site's author)")
        if params:
            front["params"] = params


_LEADING_SFC = re.compile(r"(?:[ \t]*\n)*(?:<(script|style)\b[^>]*>.*?^</\1>[ \t]*\n"
                          r"(?:[ \t]*\n)*)+", re.MULTILINE | re.DOTALL)
"""`<script setup>` (and `<style>`) blocks before a page's text, as VitePress pages using
components or data loaders begin."""


def page_heading(body: str) -> tuple[str, str] | None:
    """(the text of the page's first `# heading`, the body without it): the first line of
    text, after the `<script setup>` blocks a VitePress page may begin with (its
    `# Title` under them was the title; left in the text, it was shown twice)."""
    lead = _LEADING_SFC.match(body)
    skipped = lead.group() if lead else ""
    found = first_heading(body[len(skipped):])
    return None if found is None else (found[0], skipped + found[1])


def is_home(rel: str, data: dict[str, Any]) -> bool:
    layout = str(data.get("layout") or "").lower()
    return rel in ("index.md", "README.md", "readme.md") or (
        "/" not in rel and (layout in HOME_LAYOUTS or data.get("home") is True))


def plume_sections(data: dict[str, Any]) -> dict[str, Any]:
    """vuepress-theme-plume's home layout, its sections in `config:` (`type: hero`,
    `doc-hero`, `banner` with a `hero`; `type: features` with its `features`), as the
    front matter's own `hero` and `features` (its home page, and a notes folder's
    landing page, `pageLayout: home`)."""
    found: dict[str, Any] = {}
    sections = data.get("config")
    for section in sections if isinstance(sections, list) else []:
        if not isinstance(section, dict):
            continue
        if section.get("type") in ("hero", "doc-hero", "banner") \
                and isinstance(section.get("hero"), dict):
            found.setdefault("hero", section["hero"])
        elif section.get("type") == "features" and isinstance(section.get("features"), list):
            found.setdefault("features", section["features"])
    return found


def hero_text(data: dict[str, Any], head: str, path: Path, report: Report) -> str:
    """The words of a home page's hero and features, as Markdown: the name and text as a
    heading, its image, the tagline, the action buttons as links, the features as a list (marked
    `*`: one list apart from the links')."""
    data = {**plume_sections(data), **data}
    found = data.get("hero")
    hero: dict[str, Any] = found if isinstance(found, dict) else {}
    blog = data.get("blog")  # (`@sugarat/theme`'s `blog: {name, motto, inspiring}`)
    if isinstance(blog, dict):
        words = blog.get("inspiring")
        words = " ".join(map(str, words)) if isinstance(words, list) else words
        hero = {"name": blog.get("name"), "tagline": " ".join(
            str(v) for v in (blog.get("motto"), words) if v), **hero}
    name = hero.get("name") or data.get("heroText")
    if isinstance(name, str) and name.strip() == home_title(data, ""):
        name = None  # (the page's title, shown above its text: not twice)
    lines: list[str] = []
    heading = " ".join(str(v).strip() for v in (name, hero.get("text")) if v)
    if heading:
        lines += [f"## {heading}", ""]
    image = hero.get("image") or data.get("heroImage")
    source = image.get("src") or image.get("light") if isinstance(image, dict) else image
    if isinstance(source, str) and source.strip():
        alt = image.get("alt", "") if isinstance(image, dict) else data.get("heroAlt", "")
        lines += [f"![{alt or ''}]({source.strip()})", ""]
    tagline = hero.get("tagline") or data.get("tagline")
    if tagline:
        lines += [str(tagline).strip(), ""]
    actions = hero.get("actions") or data.get("actions") or (
        [{"text": data["actionText"], "link": data.get("actionLink", "/")}]
        if data.get("actionText") else [])
    links = [f"- [{a['text']}]({a['link']})" for a in actions if isinstance(a, dict)
             and a.get("text") and a.get("link")]
    projects = data.get("projects")  # (hope's blog home: its projects, as links)
    for project in projects if isinstance(projects, list) else []:
        if isinstance(project, dict) and project.get("name") and project.get("link"):
            desc = " ".join(str(project.get("desc") or "").split())
            links.append(f"- [{project['name']}]({project['link']})"
                         + (f" — {desc}" if desc else ""))
    if links:
        lines += [*links, ""]
    features = data.get("features")
    items = []
    for feature in features if isinstance(features, list) else []:
        if not isinstance(feature, dict) or not feature.get("title"):
            continue
        title = str(feature["title"]).strip()
        if feature.get("link"):
            title = f"[{title}]({feature['link']})"
        details = " ".join(str(feature.get("details") or "").split())
        items.append(f"* **{title}**" + (f" — {details}" if details else ""))
    if items:
        lines += [*items, ""]
    if lines:
        report.note(path, key_line(head, "hero") or key_line(head, "heroText")
                    or key_line(head, "config") or 2,
                    "the home page's hero and features (the theme's layout) written as "
                    "its text")
    return "\n".join(lines)


def home_title(data: dict[str, Any], site_title: str) -> str:
    """The home page's title: its own, else the hero's name, else the site's."""
    found = data.get("hero") or plume_sections(data).get("hero")
    hero: dict[str, Any] = found if isinstance(found, dict) else {}
    for value in (data.get("title"), hero.get("name"), data.get("heroText"), site_title):
        if isinstance(value, str) and value.strip():
            return value.strip()
    return "Home"
