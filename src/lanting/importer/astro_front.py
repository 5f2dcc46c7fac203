"""The front matter of an Astro collection's entry or a Next.js post in Lanting's.

The themes name the same things differently: the date (`pubDate`, Fuwari's
`published`, AstroPaper's `pubDatetime`, `publishDate`, `date`), the update
(`updated`, `updatedDate`, `modDatetime`, contentlayer's `lastmod`), the summary
(`description`, `summary`, `excerpt`), the cover (`image`, `cover`, `heroImage`,
`ogImage`, `coverImage: {src}`, `images: [...]`: beside the entry, in `public/` or a
URL), `tags`, `category`/`categories`, `draft`, `lang`, rehype-citation's
`bibliography` (the file, into the post's folder), the authors (`author`, the Next.js
starter's `authors` keys). What no Lanting key holds
(`featured`, `pinned`, `canonicalURL`, …) is named in a notice.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from lanting.importer.astro_settings import AstroConfig, unbased
from lanting.importer.common import (
    bool_of,
    first_date,
    mtime,
    note_unplaced_keys,
    read_text,
    summary_of,
)
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import language_tag
from lanting.importer.text import key_line, load_mapping, names, split_front_matter

DATE_KEYS = frozenset({"pubDate", "published", "pubDatetime", "publishDate", "date",
                       "publishedAt", "pubdate"})
_DATES = ("pubDate", "published", "pubDatetime", "publishDate", "date", "publishedAt",
          "pubdate")
_UPDATES = ("updated", "updatedDate", "modDatetime", "lastmod", "updatedAt",
            "lastModified", "updateDate")
_COVERS = ("image", "cover", "heroImage", "coverImage", "ogImage", "images", "banner")
_PLACED = frozenset({"title", "slug", "postSlug", "description", "summary", "excerpt", "tags",
                     "tag", "category", "categories", "draft", "lang", "language", "layout",
                     "bibliography", "author", "authors",
                     *_DATES, *_UPDATES, *_COVERS})
"""Keys read (`layout`: contentlayer's and Astro's page layout, which Lanting's
templates stand in for)."""
_MONTHS = {m: n for n, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"),
    ("may",), ("jun", "june"), ("jul", "july"), ("aug", "august"),
    ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
    ("dec", "december")), 1) for m in names}


def js_date(value: object) -> str | None:
    """A date as JavaScript's `new Date()` read it and YAML did not (`11 Oct 2023`,
    `6 December 2024`, `Oct 11, 2023`), as `2023-10-11`; None for anything else."""
    if not isinstance(value, str):
        return None
    # (an ordinal, `May 23rd, 2023`, as a site's own page showed it)
    found = re.fullmatch(r"\s*(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+)\.?,?\s+(\d{4})\s*",
                         value) or \
        re.fullmatch(r"\s*([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\s*", value)
    if found is None:
        return None
    first, second, year = found.groups()
    day, month = (first, second) if first.isdigit() else (second, first)
    number = _MONTHS.get(month.lower())
    return f"{year}-{number:02d}-{int(day):02d}" if number else None


_SCHEMA_DATE = re.compile(r"\b(\w+)\s*:\s*(?:z\s*\.\s*(?:coerce\s*\.\s*)?date\s*\("
                          r"|\{\s*type\s*:\s*[\"']date[\"'])")
"""A date key of Astro's schema (`createdDate: z.date()`) or of Contentlayer's fields
(`createdAt: { type: "date" }`)."""
_SCHEMAS = (*(f"src/{name}.{suffix}" for name in ("content.config", "content/config")
              for suffix in ("ts", "mts", "js", "mjs")),
            *(f"contentlayer.config.{suffix}" for suffix in ("ts", "js", "mjs")))


def schema_dates(source: Path) -> tuple[str, ...]:
    """The keys the collections' schema (or Contentlayer's document types) declares
    dates (`createdDate: z.date()`, a key of the site's own choosing), but those of an
    update (`updatedDate`, `lastEdited`)."""
    text = "".join(read_text(source / n) for n in _SCHEMAS if (source / n).is_file())
    return tuple(dict.fromkeys(k for k in _SCHEMA_DATE.findall(text) if k not in DATE_KEYS
                               and k not in _UPDATES
                               and not re.search(r"updat|modif|edit", k, re.IGNORECASE)))


_CODE_DATE = re.compile(r"\bnew\s+Date\(\s*[\w$]+(?:\??\.[\w$]+)*?\??\.(?:frontmatter|data)"
                        r"\??\.(\w+)\s*\)"
                        r"|\bdate\s*:\s*(?:metadata|frontmatter|data|matter)\??\.(\w+)\s*[,}\n]")
"""A key of the front matter the site's own code reads as a date: a list sorting by
`new Date(b.frontmatter.createdDate)`, an Eleventy collection by
`new Date(b.data.author_date)`, a loader giving its posts `date: metadata.publishedDate`
(gray-matter's data)."""
_CODE_SUFFIXES = (".astro", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs")


def code_dates(code: str) -> tuple[str, ...]:
    """The keys `code` reads as dates (`_CODE_DATE`), but the known ones and an update's:
    where a site's own key (`createdDate`) named its posts' dates, their pages were read
    as undated pages."""
    return tuple(dict.fromkeys(k for m in _CODE_DATE.finditer(code)
                               if (k := m.group(1) or m.group(2)) not in DATE_KEYS
                               and k not in _UPDATES and not re.search(
                                   r"updat|modif|edit", k, re.IGNORECASE)))


def source_code(folder: Path) -> str:
    """The text of the site's own code under `folder` (its pages, layouts, components)."""
    files = sorted(p for p in folder.rglob("*") if p.suffix in _CODE_SUFFIXES
                   and "node_modules" not in p.parts and p.is_file()) \
        if folder.is_dir() else []
    return "\n".join(read_text(p) for p in files)


_NAME_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})[-_]")


def name_date(path: Path) -> str | None:
    """The date leading a file's name (`2016-01-22-rare-variants.md`; its folder's, for
    `x/index.md`), which a Gatsby site's list of posts sorted by and showed, as Jekyll
    did, where the front matter has none."""
    name = path.parent.name if path.stem == "index" else path.stem
    found = _NAME_DATE.match(name)
    return found.group(1) if found else None


_PROJECT_LINKS = {"url": "Website", "link": "Website", "website": "Website", "demoUrl": "Demo",
                  "demo": "Demo", "codeUrl": "Code", "code": "Code", "github": "Code",
                  "repo": "Code", "docsUrl": "Docs", "paperUrl": "Paper", "paper": "Paper",
                  "videoUrl": "Video", "video": "Video", "slidesUrl": "Slides"}
_PROJECT_KEYS = frozenset({*_PROJECT_LINKS, "technologies", "tech", "stack", "order"})


def project_front(data: dict[str, Any], front: dict[str, Any]) -> None:
    """A project entry's links (`codeUrl`, `docsUrl`, `videoUrl`, … as "Code", "Docs",
    "Video") and tags (its `technologies`, `tech`, `stack` too), as Lanting's project
    front matter has them; its `order` the weight."""
    links = [{"name": name, "url": str(data[key]).strip()}
             for key, name in _PROJECT_LINKS.items()
             if isinstance(data.get(key), str) and data[key].strip()]
    if links:
        front["links"] = links
    tags = names(data.get("tags")) + names(data.get("technologies") or data.get("tech")
                                           or data.get("stack"))
    if tags:
        front["tags"] = list(dict.fromkeys(tags))
    if isinstance(data.get("order"), int):
        front["weight"] = data["order"]


class AstroFront:
    """The front-matter side of the Astro importer."""

    source: Path
    public: Path
    config: AstroConfig
    report: Report
    site: NewSite
    tz: dt.tzinfo
    date_keys: tuple[str, ...]
    """The keys of dates the collections' schema declares (`schema_dates`)."""

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str,
              title: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": title}
        if kind == "post":
            keys = _DATES + self.date_keys  # (the schema's own, `createdDate`, last)
            date = first_date(data, head, keys, self.tz) or first_date(
                {k: js_date(v) for k, v in data.items() if k in keys}, "", keys,
                self.tz)
            named = name_date(path)
            if date is None and named is not None:
                date = first_date({"date": named}, "", ("date",), self.tz)
            if date is None:
                self.report.warn(path, None, "no date in the front matter: the file's "
                                 "time is used")
                date = mtime(path, self.tz)
            front["date"] = date
        updated = first_date(data, head, _UPDATES, self.tz) or first_date(
            {k: js_date(v) for k, v in data.items() if k in _UPDATES}, "", _UPDATES, self.tz)
        if updated is not None and kind == "post":
            front["updated"] = updated
        summary = summary_of(data, "description", "summary", "excerpt")
        if summary:
            front["summary"] = summary
        tag = data.get("tag")  # (a theme's one `tag: 随笔`; Nextra's blog's `tag: a, b`)
        tags = names(data.get("tags") or (tag.split(",") if isinstance(tag, str) else tag))
        if tags:
            front["tags"] = tags
        categories = names(data.get("categories", data.get("category")))
        if categories and kind == "post":
            front["categories"] = categories
        if bool_of(data.get("draft", False)):
            front["draft"] = True
        lang = data.get("lang") or data.get("language")
        if isinstance(lang, str) and lang.strip():
            front["lang"] = language_tag(lang, "")
            if not front["lang"]:
                del front["lang"]
        if kind == "project":  # (`src/content/projects/`: a card of /projects/)
            project_front(data, front)
            date = first_date(data, head, _DATES + self.date_keys, self.tz)
            if date is not None:
                front["date"] = date
        cover = self.cover(data, head, path)
        if cover:
            front["cover"] = cover
        if kind == "post":
            self.authors(data, head, path, front)
        url_keys = {c.ids.removeprefix("front:") for c in self.config.collections
                    if c.ids.startswith("front:")}  # (Gatsby's `path:`: the old URL, kept)
        note_unplaced_keys(self.report, path, head, data, _PLACED | url_keys | set(
            self.date_keys) | (_PROJECT_KEYS if kind == "project" else set()))
        return front

    def authors(self, data: dict[str, Any], head: str, path: Path,
                front: dict[str, Any]) -> None:
        """`author: Helena Su`, or the Next.js starter's `authors: [default, x]` (keys of
        `data/authors/<key>.mdx`, their `name`): `params.author` when not the site's
        author alone (Lanting's pages show the site's author)."""
        value = data.get("authors", data.get("author"))
        shown: list[str] = []
        for key in value if isinstance(value, list) else [value] if value else []:
            card = self.source / "data" / "authors" / f"{key}.mdx"
            name = load_mapping("yaml", split_front_matter(read_text(card))[1])[0].get(
                "name") if card.is_file() else key
            if isinstance(name, str) and name.strip() and name.strip() not in shown:
                shown.append(name.strip())
        if shown and shown != [self.config.author]:
            front.setdefault("params", {})["author"] = ", ".join(shown)
            self.report.note(path, key_line(head, "authors" if "authors" in data
                                            else "author"),
                             "the authors kept in `params.author` (Lanting's pages show the "
                             "site's author)")

    def bibliography(self, data: dict[str, Any], head: str, path: Path) -> Path | None:
        """rehype-citation's `bibliography: refs.bib`: the file, beside the entry, in
        contentlayer's `data/` (where the Next.js starter keeps it) or at the root."""
        name = data.get("bibliography")
        if not isinstance(name, str) or not name.strip():
            return None
        rel = name.strip().removeprefix("./")
        found = next((f for f in (path.parent / rel, self.source / "data" / rel,
                                  self.source / rel.lstrip("/")) if f.is_file()), None)
        if found is None:
            self.report.warn(path, key_line(head, "bibliography"), f"`bibliography: {name}` "
                             "not found: its citations are left as written")
        return found

    def cover(self, data: dict[str, Any], head: str, path: Path) -> str:
        """The first cover the entry names: a URL, a file beside it (`./cover.jpg`,
        Astro's `image()`), one of `public/` (`/images/x.png`) or of `src/`
        (Fuwari's `assets/…`)."""
        for key in _COVERS:
            value = data.get(key)
            if isinstance(value, list):
                value = value[0] if value else None
            if isinstance(value, dict):
                value = value.get("src") or value.get("url")
            if not isinstance(value, str) or not value.strip():
                continue
            value = value.strip()
            if re.match(r"^[a-z]+://", value):
                return value
            file = self.public / unbased(value, self.config.base).lstrip("/") \
                if value.startswith("/") else path.parent / value
            if not file.is_file() and not value.startswith("/"):
                file = self.source / "src" / value.removeprefix("@/").removeprefix("~/")
            if not file.is_file() and (self.source / value).is_file():
                # (`public/social-card.png`: a path from the project's root, which the
                # writer's editor found; `public/` is published at the root)
                file = self.source / value
                if file.resolve().is_relative_to(self.public.resolve()):
                    value = "/" + file.resolve().relative_to(self.public.resolve()).as_posix()
            if file.is_file():
                return self.site.image(file, unbased(value, self.config.base)
                                       if value.startswith("/") else None)
            self.report.warn(path, key_line(head, key), f"`{key}: {value}` not found: "
                             "left out")
            return ""
        return ""
