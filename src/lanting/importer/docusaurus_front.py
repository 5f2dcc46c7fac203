"""The front matter of a Docusaurus blog post or doc in Lanting's: the date (front
matter, else the file's name), `authors` (keys of `blog/authors.yml` or inline objects;
v1's `author`), `tags` (strings, objects or keys of `blog/tags.yml`), `draft`,
`unlisted`, `image`, `description`, `hide_table_of_contents`, `last_update`; what
Lanting has no place for (`sidebar_position`, `keywords`, …) named in a notice."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from pathlib import Path
from typing import Any

from lanting.importer.common import bool_of, mtime, read_text, summary_of, walk
from lanting.importer.docusaurus_settings import kebab
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import (
    When,
    key_line,
    load_mapping,
    names,
    parse_when,
    split_front_matter,
)
from lanting.model.names import term_slug

MAPPED = frozenset({"title", "date", "authors", "author", "tags", "draft", "unlisted",
                    "image", "description", "hide_table_of_contents", "slug", "last_update",
                    "id"})
_DATE = re.compile(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})")


class DocusaurusFront:
    """The front-matter side of the Docusaurus importer."""

    source: Path
    blog_dir: Path
    report: Report
    site: NewSite
    tz: dt.tzinfo
    authors_map: dict[str, str]
    tags_map: dict[str, str]
    tag_paths: dict[str, str]
    tag_descriptions: dict[str, str]
    _site_author: str | None = None

    def authors(self) -> dict[str, str]:
        """`blog/authors.yml`: key → name."""
        file = self.blog_dir / "authors.yml"
        if not file.is_file():
            return {}
        data, error = load_mapping("yaml", read_text(file))
        if error:
            self.report.warn(file, None, f"could not read it: {error}")
        return {str(k): str(v.get("name") or k) if isinstance(v, dict) else str(k)
                for k, v in data.items()}

    def tag_labels(self) -> dict[str, str]:
        """`blog/tags.yml`: key → label (the key itself when it has none); the old
        pages' names (`permalink`, else the key made kebab-case) into `tag_paths`."""
        file = self.blog_dir / "tags.yml"
        if not file.is_file():
            return {}
        data, error = load_mapping("yaml", read_text(file))
        if error:
            self.report.warn(file, None, f"could not read it: {error}")
        labels: dict[str, str] = {}
        for key, value in data.items():
            entry = value if isinstance(value, dict) else {}
            labels[str(key)] = str(entry.get("label") or key)
            self.tag_paths[labels[str(key)]] = str(entry.get("permalink") or kebab(str(key)))
            if isinstance(entry.get("description"), str) and entry["description"].strip():
                self.tag_descriptions[labels[str(key)]] = " ".join(
                    entry["description"].split())
        return labels

    def tag_texts(self) -> None:
        """The `description` of a tag in `tags.yml`, which Docusaurus shows under the tag
        page's heading, as that page's text and summary in Lanting
        (`content/tags/<tag>.md`): for the tags posts use (Lanting has no page for one no
        post has)."""
        used = {tag for item in self.site.items if item.kind == "post"
                for tag in item.front.get("tags", [])}
        for label, description in self.tag_descriptions.items():
            if label in used:
                self.site.add(Item("term", term_slug(label), self.blog_dir / "tags.yml",
                                   {"summary": description}, body=description + "\n",
                                   name=f"tags/{term_slug(label)}"))
                self.report.convert("tags' descriptions (`tags.yml`: the tag pages' texts)")

    def site_author(self) -> str:
        """The site's author: the one of `authors.yml`, else the one who wrote (or
        co-wrote) more than half of the posts; else none."""
        if self._site_author is None:
            self._site_author = self._main_author()
        return self._site_author

    def _main_author(self) -> str:
        names_ = list(dict.fromkeys(self.authors_map.values()))
        if len(names_) == 1:
            return names_[0]
        counts: Counter[str] = Counter()
        posts = [p for p in walk(self.blog_dir) if p.suffix in (".md", ".mdx")] \
            if self.blog_dir.is_dir() else []
        for post in posts:
            head = split_front_matter(read_text(post))[1]
            value = load_mapping("yaml", head)[0].get("authors")
            keys = value if isinstance(value, list) else [value] if value else []
            counts.update({str(k) for k in keys if not isinstance(k, dict)})
        found = counts.most_common(1)
        if found and found[0][0] in self.authors_map and found[0][1] * 2 > len(posts):
            name = self.authors_map[found[0][0]]
            self.report.note(self.blog_dir / "authors.yml", None, f"the site's author is "
                             f"{name}, who wrote {found[0][1]} of the {len(posts)} posts")
            return name
        return ""

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str, title: str,
              rel: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": title}
        if kind == "post":
            front["date"] = self.date(data, head, path, rel)
            self.post_authors(data, head, path, front)
        last = data.get("last_update")
        if isinstance(last, dict) and last.get("date"):
            updated = parse_when(last["date"], None, self.tz)
            if updated is not None:
                front["updated"] = updated
        tags = self.tags(data.get("tags"))
        if tags:
            front["tags"] = tags
        summary = summary_of(data, "description")
        if summary:
            front["summary"] = summary
        if bool_of(data.get("draft", False)):
            front["draft"] = True
        if bool_of(data.get("unlisted", False)):
            front["unlisted"] = True
            self.report.note(path, key_line(head, "unlisted"), "`unlisted: true`: built "
                             "at its old URL, in no listing, feed or search")
        if bool_of(data.get("hide_table_of_contents", False)):
            front["toc"] = False
        image = data.get("image")
        if isinstance(image, str) and image.strip():
            cover = self.cover(image.strip(), path)
            if cover:
                front["cover"] = cover
        own = set(re.findall(r"^([\w-]+)\s*:", head, re.MULTILINE))
        mapped = MAPPED if kind == "post" else MAPPED - {"date", "authors", "author"}
        dropped = [k for k in data if k in own and k not in mapped]
        if dropped:
            self.report.note(path, 2, "front matter only Docusaurus read (its sidebar, "
                             "SEO, layout), left out: " + ", ".join(f"`{k}`" for k in dropped))
        return front

    def cover(self, image: str, path: Path) -> str:
        """`image: ./cover.png` (beside the post) or `/img/cover.png` (in `static/`)."""
        if re.match(r"^[a-z]+://", image):
            return image
        local = image.removeprefix("@site/static")
        file = (self.source / "static" / local.lstrip("/")) if local.startswith("/") \
            else path.parent / local
        if not file.is_file():
            self.report.warn(path, None, f"`image: {image}` not found: left out")
            return ""
        return self.site.image(file, local if local.startswith("/") else None)

    def date(self, data: dict[str, Any], head: str, path: Path, rel: str) -> When:
        value = data.get("date")
        if value not in (None, ""):
            found = parse_when(value, value if isinstance(value, str) else None, self.tz)
            if found is not None:
                return found
            self.report.warn(path, key_line(head, "date"), f"date `{value}` not read")
        named = _DATE.search(rel)
        if named:
            year, month, day = (int(g) for g in named.groups())
            try:
                return When(dt.datetime(year, month, day, tzinfo=self.tz), True)
            except ValueError:
                pass
        self.report.warn(path, None, "no date in the front matter or the file's name "
                         "(Docusaurus took the last commit's): the file's time is used")
        return mtime(path, self.tz)

    def tags(self, value: Any) -> list[str]:
        """Strings (keys of `tags.yml` become their labels) or `{label, permalink}`."""
        found: list[str] = []
        for tag in value if isinstance(value, list) else names(value):
            label = tag.get("label") if isinstance(tag, dict) else \
                self.tags_map.get(str(tag), str(tag))
            if isinstance(tag, dict) and tag.get("permalink") and label:
                self.tag_paths.setdefault(str(label), str(tag["permalink"]))
            if label and str(label) not in found:
                found.append(str(label))
        return found

    def post_authors(self, data: dict[str, Any], head: str, path: Path,
                     front: dict[str, Any]) -> None:
        value = data.get("authors", data.get("author"))
        shown: list[str] = []
        for entry in value if isinstance(value, list) else [value] if value else []:
            if isinstance(entry, dict):
                name = entry.get("name") or self.authors_map.get(str(entry.get("key")))
                if name:
                    shown.append(str(name))
            elif str(entry) in self.authors_map:
                shown.append(self.authors_map[str(entry)])
            else:
                shown.append(str(entry))
                if "authors" in data and self.authors_map:
                    self.report.warn(path, key_line(head, "authors"), f"author `{entry}` "
                                     "is not in blog/authors.yml: kept as a name")
        if shown and shown != [self.site_author()]:
            front.setdefault("params", {})["author"] = ", ".join(shown)
            self.report.note(path, key_line(head, "authors"), "`authors` kept in "
                             "`params.author` (Lanting's pages show the site's author)")
