"""The blocks of Hugo Blox's one-page home → sections of the new home page's text.

The old home was a column of blocks: the widgets of `content/home/*.md` (Academic and
Wowchemy up to 5.x, ordered by `weight`, hidden by `active: false`) or the `sections:` of
`content/_index.md` (Wowchemy 5.7 and Hugo Blox). Many hold the owner's own words: a
`blank` or `markdown` block's text, the text above a list of talks, the jobs of an
`experience` block, the prizes of `accomplishments`, the skills of `featurette`. Those
become `## Title {#id}` sections after the biography (the `id` the old menu's `#anchor`
led to); the blocks that only list pages (Lanting's home lists publications and posts
itself), the biography (the profile) and the decoration (a hero, a tag cloud) are left
out with a notice naming them."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting.importer.common import bool_of, read_text
from lanting.importer.text import key_line, load_mapping, split_front_matter

BIOGRAPHY = frozenset({"about", "about.biography", "about.avatar", "biography",
                       "resume-biography", "resume-biography-3"})
"""Blocks that showed the author's profile: the new home page's profile and text."""
LISTS = frozenset({"pages", "posts", "collection", "featured", "publications",
                   "publications_selected", "talks", "events", "projects", "portfolio"})
"""Blocks that listed pages: Lanting's home lists publications and posts itself."""
TEXTS = frozenset({"blank", "custom", "markdown", "text"})
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True, slots=True)
class Block:
    kind: str
    """`experience`, `blank`, `collection`, …: the widget's or block's name."""
    anchor: str
    """The id the old home gave it (`#experience` in the menu led there)."""
    title: str
    data: dict[str, Any]
    """Its settings: the widget file's front matter, or a section's `content`."""
    text: str
    """Its own Markdown: the widget file's body, or a section's `content.text`."""
    path: Path
    line: int | None


def widget_files(folder: Path) -> list[Block]:
    """The active widgets of `content/home/` by weight (the order the old home showed):
    its files, and its bundles (Academic's `gallery/index.md`, beside its album)."""
    found: list[tuple[float, str, Block]] = []
    paths = [*folder.glob("*.md"), *folder.glob("*/index.md")] if folder.is_dir() else []
    for path in sorted(paths):
        fmt, head, body, first = split_front_matter(read_text(path))
        data, _error = load_mapping(fmt or "yaml", head)
        kind = str(data.get("widget") or "")
        if not kind or ("active" in data and not bool_of(data["active"])):
            continue
        weight = data.get("weight")
        name = path.parent.name if path.name == "index.md" else path.stem
        block = Block(kind.lower(), name, _title(data), data, body.strip(), path,
                      key_line(head, "widget"))
        found.append((float(weight) if isinstance(weight, int | float) else 0.0,
                      name, block))
    return [block for _weight, _name, block in sorted(found, key=lambda f: f[:2])]


def is_widget(path: Path) -> bool:
    """Whether a file of `content/home/` is a block of the old home (or the headless
    bundle holding them), not a page."""
    fmt, head, _body, _first = split_front_matter(read_text(path))
    data, _error = load_mapping(fmt or "yaml", head)
    return "widget" in data or str(data.get("type") or "").lower() == "widget_page"


def widget_branch(folder: Path) -> bool:
    """Whether `folder` is a page of widgets through its `_index.md` (`type:
    widget_page`): Academic read the other files of the folder as its widgets, as it
    did a leaf bundle's (`index.md`), which is read as one page already. (Each widget
    was a page, or a post, of its own, and the page itself was lost.)"""
    path = folder / "_index.md"
    return path.is_file() and is_widget(path) and "widget" not in load_mapping(
        "yaml", split_front_matter(read_text(path))[1])[0]


def landing_sections(path: Path, data: dict[str, Any], head: str) -> list[Block]:
    """The `sections:` of a landing page (`content/_index.md`), in their order."""
    blocks: list[Block] = []
    after = 0
    for section in data.get("sections") or []:
        if not isinstance(section, dict) or not section.get("block") \
                or section.get("demo") is True:
            continue
        content = section.get("content")
        content = content if isinstance(content, dict) else {}
        kind = str(section["block"]).lower()
        # (the id Wowchemy's parse_block_v2 gives a block without one)
        anchor = str(section.get("id") or "section-" + kind.replace(".", "-"))
        text = content.get("text")
        line = _block_line(head, str(section["block"]), after)
        after = line or after
        title, more = _heading_and_more(_title(content))
        text = text.strip() if isinstance(text, str) else ""
        blocks.append(Block(kind, anchor, title, content,
                            "\n\n".join(p for p in (more, text) if p), path, line))
    return blocks


_BREAKS = re.compile(r"^(?:\s*<br\s*/?>)+|(?:<br\s*/?>\s*)+$", re.IGNORECASE)


def _heading_and_more(title: str) -> tuple[str, str]:
    """A block title of several lines (`TRAILS⏎<br><br>{{< figure … >}}`: Hugo Blox
    showed it whole, a logo under the name): its first line the heading, the rest the
    top of the section's text, where its shortcodes are converted as the text's are."""
    first, _, rest = title.partition("\n")
    return _BREAKS.sub("", first).strip(), _BREAKS.sub("", rest.strip()).strip()


def featured_count(blocks: list[Block]) -> int | None:
    """How many featured publications the old home listed: the `count` of its first
    block of them (a `collection` of `publication` with `featured_only`, Academic's
    `featured` widget of `page_type: publication`; 5 unless said, 0 all of them), or
    None when no block listed them."""
    for block in blocks:
        filters = block.data.get("filters")
        filters = filters if isinstance(filters, dict) else {}
        folders = filters.get("folders") or block.data.get("page_type") or []
        folders = [folders] if isinstance(folders, str) else folders
        publications = isinstance(folders, list) and any(
            str(f).strip("/") in ("publication", "publications") for f in folders)
        if publications and (block.kind == "featured" or bool_of(filters.get("featured_only"))):
            count = block.data.get("count", 5)
            return count if isinstance(count, int) and not isinstance(count, bool) \
                and count >= 0 else 5
        if block.kind == "publications_selected":
            return 0
    return None


def _block_line(head: str, name: str, after: int) -> int | None:
    """The line of the first `block: name` after line `after` (a page may have two
    `collection` blocks)."""
    for number, line in enumerate(head.split("\n"), start=2):
        if number > after and re.match(
                rf"^\s*-?\s*block:\s*['\"]?{re.escape(name)}['\"]?\s*$", line):
            return number
    return None


def _title(data: dict[str, Any]) -> str:
    return str(data.get("title") or "").replace("&shy;", "").strip()


def block_text(block: Block, chinese: bool, author: dict[str, Any] | None = None
               ) -> str | None:
    """The Markdown the block showed of its own (without its title), or None when it
    had none (a list of pages, the biography, a decoration). `author`: the front matter
    of the profile the block names (`username`), which Hugo Blox's `resume-*` blocks
    show (its `work`, `education`, `skills`, `awards`, `languages`)."""
    if block.kind in BIOGRAPHY:
        return None
    if block.kind.startswith("resume-"):
        return _resume(block.kind, author or {}, chinese) or block.text or None
    if block.kind == "experience":
        items = _items(block.data, "experience")
        return "\n".join(_job(item, chinese) for item in items) or block.text or None
    if block.kind == "accomplishments":
        items = _items(block.data, "item")
        return "\n".join(_prize(item, chinese) for item in items) or block.text or None
    if block.kind in ("featurette", "features", "skills"):
        items = _items(block.data, "feature")
        return "\n".join(_skill(item) for item in items) or block.text or None
    return block.text or None


def _resume(kind: str, author: dict[str, Any], chinese: bool) -> str:
    """A `resume-*` block: the profile's lists it showed."""
    if kind == "resume-experience":
        jobs = "\n".join(_job(i, chinese) for i in _items(author, "work")
                         or _items(author, "experience"))
        education = author.get("education")
        courses = education.get("courses") if isinstance(education, dict) else education
        schools = "\n".join(education_line(c, chinese) for c in courses or []
                            if isinstance(c, dict)) if isinstance(courses, list) else ""
        parts = [(("工作经历" if chinese else "Experience"), jobs),
                 (("教育经历" if chinese else "Education"), schools)]
        return "\n\n".join(f"## {title}\n\n{text}" for title, text in parts if text)
    if kind == "resume-skills":
        return "\n".join(
            f"- **{str(group.get('name') or '').strip()}**: " + ", ".join(
                str(i.get("name") or i.get("label") or "").strip()
                for i in _items(group, "items"))
            for group in _items(author, "skills"))
    if kind == "resume-awards":
        return "\n".join(_prize({**award, "date_start": award.get("date"),
                                 "organization": award.get("awarder"),
                                 "description": award.get("summary")}, chinese)
                         for award in _items(author, "awards"))
    if kind == "resume-languages":
        return "\n".join(f"- {str(i.get('name') or '').strip()}"
                         for i in _items(author, "languages"))
    return ""


def _items(data: dict[str, Any], old_key: str) -> list[dict[str, Any]]:
    items = data.get(old_key) or data.get("items") or []
    return [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []


def _date(value: Any, chinese: bool) -> str:
    match = re.match(r"(\d{4})-(\d{2})", str(value or ""))
    if match is None:
        return str(value or "").strip()[:4]
    year, month = match.group(1), int(match.group(2))
    if not 1 <= month <= 12:
        return year
    return f"{year}年{month}月" if chinese else f"{MONTHS[month - 1]} {year}"


def _span(item: dict[str, Any], chinese: bool, ongoing: bool) -> str:
    """`Jan 2020–present` (a job without an end is ongoing), `Jan 2020` (a prize).
    (`date_start`, or the author schema's `start`.)"""
    start = _date(item.get("date_start") or item.get("start"), chinese)
    end = _date(item.get("date_end") or item.get("end"), chinese)
    if not start or (not end and not ongoing):
        return start or end
    return f"{start}–{end or ('至今' if chinese else 'present')}"


def _linked(text: str, url: Any) -> str:
    url = str(url or "").strip()
    return f"[{text}]({url})" if text and url else text


def _joined(parts: list[str], chinese: bool) -> str:
    return ("，" if chinese else ", ").join(p for p in parts if p)


def _with_summary(line: str, summary: Any) -> str:
    """`line` with `summary` under it, indented into its list item. (A list every line
    of which is indented, a YAML `|2-` block of `* a` lines, is dedented as a whole:
    its first line alone lost its indent, and the others became a list inside it.)"""
    text = textwrap.dedent(str(summary or "").strip("\n")).strip()
    if not text:
        return line
    indented = "\n".join("  " + row if row.strip() else "" for row in text.split("\n"))
    return f"{line}\n\n{indented}\n"


def _job(item: dict[str, Any], chinese: bool) -> str:
    """A job of `experience` (`title`, `company`) or of a profile's `work` (`position`,
    `company_name`, `summary`)."""
    title = str(item.get("title") or item.get("position") or item.get("role") or "").strip()
    company = str(item.get("company") or item.get("company_name") or item.get("org")
                  or "").strip()
    head = _joined([f"**{title}**" if title else "", _linked(company, item.get("company_url")),
                    str(item.get("location") or "").strip(), _span(item, chinese, True)],
                   chinese)
    return _with_summary(f"- {head}", item.get("description") or item.get("summary"))


def _prize(item: dict[str, Any], chinese: bool) -> str:
    title = _linked(str(item.get("title") or "").strip(), item.get("url"))
    organization = _linked(str(item.get("organization") or "").strip(),
                           item.get("organization_url"))
    certificate = str(item.get("certificate_url") or "").strip()
    line = _joined([f"**{title}**" if title else "", organization,
                    _span(item, chinese, False)], chinese)
    if certificate:
        line += f" ([{'证书' if chinese else 'certificate'}]({certificate}))"
    return _with_summary(f"- {line}", item.get("description"))


def _skill(item: dict[str, Any]) -> str:
    name = str(item.get("name") or "").strip()
    description = str(item.get("description") or "").strip()
    return f"- **{name}**" + (f": {description}" if description else "")


DEFAULT_TITLES = {"resume-skills": ("Skills", "技能"), "resume-awards": ("Awards", "奖项"),
                  "resume-languages": ("Languages", "语言")}
"""The headings Hugo Blox's blocks had when given no `title`."""


def section_markdown(block: Block, text: str, chinese: bool) -> str:
    """The block as a section of the home page: its title as a heading with the old id
    (a block without a title: its text alone)."""
    title = block.title or DEFAULT_TITLES.get(block.kind, ("", ""))[chinese]
    if not title:
        return text.strip() + "\n"
    return f"## {title} {{#{block.anchor}}}\n\n{text.strip()}\n"


def education_line(course: dict[str, Any], chinese: bool) -> str:
    """One item of a profile's `education` as a Markdown list item: the older keys
    (`course`, `institution`, `year`) or the newer (`area`, `date_start`, `date_end`,
    `summary`), joined by the comma of the site's language."""
    parts = [str(course.get(k) or "").strip() for k in ("course", "area", "degree",
                                                         "institution", "year")]
    start, end = (str(course.get(k) or course.get(k[5:]) or "")[:4]
                  for k in ("date_start", "date_end"))  # (or `start`, `end`)
    if start and not str(course.get("year") or ""):
        parts.append(f"{start}–{end or ('至今' if chinese else 'present')}")
    return _with_summary("- " + _joined(parts, chinese), course.get("summary"))
