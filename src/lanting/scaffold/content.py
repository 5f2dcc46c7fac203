"""`lanting new post|talk|page TITLE`: one new file of the site, front matter filled in.

A slug is made from the title as `[new] slug` says: `pinyin` spells Chinese in pinyin
(pypinyin), one syllable per hyphenated part, ASCII only, so the URL reads the same
everywhere it is pasted; `keep` keeps the title's words, Chinese included. `--slug` wins.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata
from pathlib import Path

from pypinyin import lazy_pinyin

from lanting.config.load import load_config
from lanting.content.frontmatter_checks import SLUG_RE
from lanting.errors import UsageError
from lanting.model.names import RESERVED_PREFIX, slugify

FOLDERS = {"post": "posts", "talk": "talks", "page": "pages"}
LONGEST_SLUG = 60
"""Pinyin of a long title makes a long URL: slugs are cut at a hyphen near here."""


def pinyin_slug(title: str) -> str:
    """`强化学习入门：PPO 详解` -> `qiang-hua-xue-xi-ru-men-ppo-xiang-jie`."""
    spelled = " ".join(lazy_pinyin(title))
    ascii_text = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def make_slug(title: str, style: str) -> str:
    slug = pinyin_slug(title) if style == "pinyin" else slugify(title, fallback="")
    if len(slug) > LONGEST_SLUG:
        cut = slug.rfind("-", 0, LONGEST_SLUG + 1)
        slug = slug[:cut if cut > LONGEST_SLUG // 2 else LONGEST_SLUG].strip("-")
    return slug


def _check_slug(slug: str) -> None:
    if not slug:
        raise UsageError("cannot make a slug from this title; give one with --slug")
    if not SLUG_RE.fullmatch(slug) or slug.lower().startswith(RESERVED_PREFIX):
        raise UsageError(f"`{slug}` is not a valid slug: use letters, digits, `-`, `_` and "
                         "`.`, starting with a letter or digit")


def _quoted(text: str) -> str:
    """A YAML 1.2 double-quoted scalar (JSON is one): any title stays a string."""
    return json.dumps(text, ensure_ascii=False)


def _series_part(posts: Path, series: str) -> int:
    """The next part number of `series`: one more than the posts that name it."""
    pattern = re.compile(r"^series\s*[:=]\s*[\"']?(.*?)[\"']?\s*$", re.M)
    count = 0
    for path in sorted(posts.rglob("*.md")) if posts.is_dir() else ():
        head = path.read_text(encoding="utf-8", errors="replace")[:4000]
        if any(m.group(1) == series for m in pattern.finditer(head)):
            count += 1
    return count + 1


def _text(kind: str, title: str, now: dt.datetime, series: str | None, part: int) -> str:
    lines = ["---", f"title: {_quoted(title)}"]
    if kind != "page":
        lines.append(f"date: {now.isoformat()}")
    if kind == "post":
        lines.append("tags: []")
        if series:
            lines += [f"series: {_quoted(series)}", f"series_order: {part}"]
    if kind == "talk":
        lines += ["event: \"\"", "location: \"\""]
    if kind != "page":
        lines.append("draft: true  # shown by `lanting serve`; remove it to publish")
    lines += ["---", ""]
    if kind == "talk":
        lines += [f"# {title}", "", "Note:", "What to say on the first slide.", "", "---",
                  "", "## Slide 2", ""]
    return "\n".join(lines) + "\n"


def new_content(site: Path, kind: str, title: str, slug: str | None = None,
                series: str | None = None, bundle: bool = False,
                now: dt.datetime | None = None) -> Path:
    """Write a new post, talk or page into `site`; returns its path."""
    if not title.strip():
        raise UsageError(f"give the {kind}'s title: lanting new {kind} \"Title\"")
    if (series or bundle) and kind != "post":
        raise UsageError(f"--series and --bundle are for posts, not a {kind}")
    config = load_config(site)  # a site with a broken lanting.toml says so first
    slug = slug if slug is not None else make_slug(title, config.new.slug)
    _check_slug(slug)
    folder = site / "content" / FOLDERS[kind]
    taken = [p for p in (folder / f"{slug}.md", folder / slug) if p.exists()]
    if taken:
        raise UsageError(f"{taken[0]} exists already; choose another slug with --slug")
    path = folder / slug / "index.md" if bundle else folder / f"{slug}.md"
    now = (now or dt.datetime.now().astimezone()).replace(microsecond=0)
    part = _series_part(folder, series) if series else 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "x", encoding="utf-8") as stream:  # never over a file made meanwhile
        stream.write(_text(kind, title, now, series, part))
    return path
