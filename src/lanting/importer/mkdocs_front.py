"""The front matter of an MkDocs page or blog post in Lanting's: dates (`date`, or the
blog plugin's `{created, updated}`), categories, tags, `.authors.yml` names, drafts
(`draft`, `draft_if_future_date`), `pin`, `description`, `hide: [toc]`; the blog
plugin's `links` as a list after the post; what Lanting has no place for, named."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import (
    Options,
    bool_of,
    mtime,
    note_unplaced_keys,
    now,
    read_text,
    summary_of,
)
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.mkdocs_settings import BlogSettings, plugin
from lanting.importer.report import Report
from lanting.importer.text import (
    When,
    key_line,
    load_mapping,
    names,
    parse_when,
    split_front_matter,
)

MAPPED_KEYS = frozenset({"title", "date", "categories", "tags", "authors", "slug", "draft",
                         "description", "pin", "links", "toc"})
MKDOCS_ONLY = frozenset({"hide", "template", "icon", "status", "search", "comments",
                         "readtime", "subtitle", "social", "tags_index"})
"""Keys only MkDocs or Material read (layout, icons, search): left out with one notice
per file."""

class MkDocsFront:
    """The front-matter side of the MkDocs importer."""

    docs: Path
    report: Report
    options: Options
    config: dict[str, Any]
    blog: BlogSettings | None
    blogging: list[str]
    tz: dt.tzinfo
    author_names: dict[str, str]
    site_author: Callable[[], str]
    """(`MkDocsSettings.site_author`, which comes first in the importer's bases.)"""

    def related(self, links: Any) -> str:
        """The blog plugin's `links` (pages by their path in the docs folder, or `{title:
        path}`, or sections of them), shown beside the post: a list after it."""
        theme = self.config.get("theme")
        language = str(theme.get("language") or "") if isinstance(theme, dict) else ""
        lines = ["**相关链接**" if language.startswith("zh") else "**Related links**", ""]

        def add(entry: Any, depth: int) -> None:
            indent = "  " * depth
            if isinstance(entry, str):
                url = entry if re.match(r"^[a-z]+:", entry) else "/" + entry.lstrip("/")
                lines.append(f"{indent}- [{self.title_of(entry)}]({url})")
            elif isinstance(entry, dict):
                for title, target in entry.items():
                    if isinstance(target, list):
                        lines.append(f"{indent}- {title}")
                        for inner in target:
                            add(inner, depth + 1)
                    else:
                        url = str(target)
                        url = url if re.match(r"^[a-z]+:", url) else "/" + url.lstrip("/")
                        lines.append(f"{indent}- [{title}]({url})")

        for entry in links if isinstance(links, list) else [links]:
            add(entry, 0)
        return "\n".join(lines) + "\n"

    def title_of(self, rel: str) -> str:
        """The title of the page at `rel` in the docs folder, as MkDocs shows it."""
        file = self.docs / rel.lstrip("/")
        if not file.is_file():
            return rel
        _fmt, head, body, _first = split_front_matter(read_text(file))
        title = load_mapping("yaml", head)[0].get("title")
        heading = first_heading(body)
        return str(title or (heading[0] if heading else title_of_file(file)))

    # --- front matter --------------------------------------------------------------------

    def encrypted(self, data: dict[str, Any]) -> str:
        """The key that made the encryptcontent plugin encrypt the page (`password`, or
        a `level` of its `password_inventory`), else ""."""
        options = plugin(self.config, "encryptcontent")
        if options is None:
            return ""
        if data.get("password"):
            return "password"
        inventory = options.get("password_inventory")
        level = data.get("level")
        if level is not None and isinstance(inventory, dict) and str(level) in inventory:
            return "level"
        return ""

    def front(self, data: dict[str, Any], head: str, path: Path, kind: str,
              title: str) -> dict[str, Any]:
        front: dict[str, Any] = {"title": title}
        if kind == "post":
            created, updated = self.dates(data, head, path)
            front["date"] = created
            if updated is not None:
                front["updated"] = updated
            front["categories"] = names(data.get("categories"))
            draft = bool_of(data.get("draft", False))
            if not draft and self.blog is not None and self.blog.draft_if_future_date \
                    and created.moment > now(self.options):
                draft = True
                self.report.note(path, key_line(head, "date"), "dated in the future under "
                                 "`draft_if_future_date`: a draft")
            if draft:
                front["draft"] = True
            if bool_of(data.get("pin", False)):
                front["params"] = {"sticky": True}
                self.report.note(path, key_line(head, "pin"), "`pin: true` kept as "
                                 "`params.sticky` (Lanting lists posts by date)")
            self.post_authors(data, head, path, front)
        locked = self.encrypted(data)
        if locked:
            front["draft"] = True
            self.report.warn(path, key_line(head, locked), "a password hid it on the old site "
                             f"(encryptcontent, `{locked}`): a draft, not published, as "
                             "Lanting has no password-protected pages (remove `draft: "
                             "true` to publish it)")
        if str(data.get("math", "")).strip().lower() == "typst":
            # (a page whose formulas a hook of the site drew from Typst: read as TeX they
            # failed or, worse, were drawn as something else without a word)
            self.report.warn(path, key_line(head, "math"), "its formulas are Typst's "
                             "(`math: typst`, drawn by a hook of the old site): Lanting reads "
                             "formulas as TeX, so most fail or are drawn wrong; write them "
                             "in TeX")
        tags = names(data.get("tags"))
        if tags:
            front["tags"] = tags
        summary = summary_of(data, "description")
        if summary:
            front["summary"] = summary
        if isinstance(data.get("hide"), list) and "toc" in data["hide"]:
            front["toc"] = False
        note_unplaced_keys(self.report, path, head, data,
                           MAPPED_KEYS | {locked} if locked else MAPPED_KEYS)
        return front

    def dates(self, data: dict[str, Any], head: str, path: Path) -> tuple[When, When | None]:
        """`date: 2024-01-31` or `date: {created: …, updated: …}` (the blog plugin's);
        a blogging post's `time: 2023-4-13 00:48` (mkdocs-blogging-plugin's)."""
        key = "time" if self.blogging and data.get("date") in (None, "") else "date"
        value = data.get(key)
        line = key_line(head, key)
        created_value, updated_value = (value.get("created"), value.get("updated")) \
            if isinstance(value, dict) else (value, None)
        created = parse_when(created_value, _raw(created_value), self.tz) \
            if created_value not in (None, "") else None
        if created is None:
            why = "mkdocs-blogging-plugin took its first commit's, which the import cannot " \
                "see: write `date`" if self.blogging else "the blog plugin needs `date`"
            self.report.warn(path, line, f"no date Lanting can read ({why}): the file's "
                             "modification time is used")
            created = mtime(path, self.tz)
        updated = parse_when(updated_value, _raw(updated_value), self.tz) \
            if updated_value not in (None, "") else None
        if isinstance(value, dict):
            others = [k for k in value if k not in ("created", "updated")]
            if others:
                self.report.note(path, line, "dates Lanting has no place for, left out: "
                                 + ", ".join(f"`date.{k}`" for k in others))
        return created, updated

    def post_authors(self, data: dict[str, Any], head: str, path: Path,
                     front: dict[str, Any]) -> None:
        ids = names(data.get("authors"))
        unknown = [a for a in ids if a not in self.author_names]
        if unknown:
            self.report.warn(path, key_line(head, "authors"), "authors not in "
                             ".authors.yml: " + ", ".join(f"`{a}`" for a in unknown))
        shown = [self.author_names.get(a, a) for a in ids]
        if shown and shown != [self.site_author()]:
            front.setdefault("params", {})["author"] = ", ".join(shown)
            self.report.note(path, key_line(head, "authors"), "`authors` kept in "
                             "`params.author` (Lanting's pages show the site's author)")


def _raw(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def title_of_file(path: Path) -> str:
    """MkDocs' title for a page with none: the file name, `-` and `_` as spaces, its
    first letter capitalised (`index.md` takes its folder's name)."""
    name = path.parent.name if path.stem.lower() in ("index", "readme") else path.stem
    # (a control character a file name kept from a paste, `Dart\b语言.md`: invisible,
    # and a title may not hold one)
    name = re.sub(r"[-_]+", " ", re.sub(r"[\x00-\x1f\x7f]", "", name)).strip()
    return name[:1].upper() + name[1:]
