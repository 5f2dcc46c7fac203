"""What a Jekyll page's own layout shows of its own: the `_data/` files it lists, the
posts (or not: just-the-docs' `home`), the text of a layout written for one page (a
group's `bio.md` is front matter alone, the biography in `_layouts/bio.html`), and the
folder a layout takes a post's cover from.
Read by `jekyll_pages` and `jekyll_front`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jekyll_listings import own_text
from lanting.importer.kramdown_html import html_body
from lanting.importer.text import split_front_matter

THEME_DATA = frozenset({"strings", "locales", "navigation", "countries", "locale",
                        "variables", "licenses", "authors"})
"""`_data/` files of a theme's own words (hydejack's `strings.yml`, Chirpy's `locales/`,
TeXt's `locale.yml`), settings (TeXt's `variables.yml`, `licenses.yml`), menus, the
authors shown beside each post (TeXt's, minimal-mistakes' `authors.yml`) and look-up
tables, which every layout shows: not a page's content."""
_CONTENT = re.compile(r"\{\{-?\s*content\s*-?\}\}")
_LISTS = re.compile(r"\{%-?\s*for\s|paginator|site\.(?:posts|data|pages)\b")


def layout_text(source: Path, layout: str) -> str:
    """A layout's text and its includes' (not its own layout's: the frame); "" when the
    site has no such layout (a theme gem's)."""
    texts, seen = [], set()
    names = [f"_layouts/{layout}.html"] if layout else []
    while names:
        name = names.pop()
        file = source / name
        if name in seen or not file.is_file():
            continue
        seen.add(name)
        texts.append(text := read_text(file))
        names += [f"_includes/{n}" for n in re.findall(
            r"\{%-?\s*include\s+([\w./-]+)", text)]
    return "".join(texts)


def layout_data(source: Path, layout: str) -> list[str]:
    """The `_data/` files a page's layout (or the includes it names) showed,
    `{% for x in site.data.publications.main %}`: what a page of no text of its own
    held (a homepage theme's publications, news, talks)."""
    found = [name for name in re.findall(r"site\.data\.(\w+)", layout_text(source, layout))
             if name not in THEME_DATA]
    return [f"_data/{n}{ext}" for n in dict.fromkeys(found)
            for ext in (".yml", ".yaml", ".json", ".csv")
            if (source / "_data" / f"{n}{ext}").is_file()]


_POST_LOOPS = re.compile(r"paginator|site\.posts\b")
_PLAIN_HOMES = ("just-the-docs",)
"""Themes whose `home` layout is a page's (just-the-docs', and just-the-class' on it): no
list of posts, so every page of a course site may use it."""


def home_lists_posts(source: Path, config: dict[str, Any]) -> bool:
    """Whether a page of `layout: home` is the home page: it is where the layout lists
    the posts (minima's, Chirpy's, minimal-mistakes'). The site's own `home.html` (or an
    include of it) says so by a loop over them; else the theme's name does."""
    if (source / "_layouts" / "home.html").is_file():
        return bool(_POST_LOOPS.search(layout_text(source, "home")))
    theme = f"{config.get('theme') or ''} {config.get('remote_theme') or ''}".lower()
    return not any(name in theme for name in _PLAIN_HOMES)


_UNTITLED_THEMES = ("just-the-docs",)
"""Themes whose layouts show no page's title: its text begins with it, `# Title`."""
_TITLE_LINE = re.compile(r"#[ \t]+(.+?)[ \t]*#*[ \t]*")
_ATTRIBUTES = re.compile(r"[ \t]*\{:[^{}\n]*\}[ \t]*")


def without_title_heading(body: str, title: str, layout: str, source: Path,
                          config: dict[str, Any]) -> str | None:
    """`body` without its first line's `# Title` (and the `{: .no_toc }` under it) where
    the theme's layout showed no title (just-the-docs'), so the page wrote its own: Lanting
    shows the title above the text, and would show it twice. The lines stay, blank, to
    keep the others' numbers. None when the text does not begin so, or the site's own
    layout prints the title."""
    theme = f"{config.get('theme') or ''} {config.get('remote_theme') or ''}".lower()
    if not title or not any(name in theme for name in _UNTITLED_THEMES) or (
            "page.title" in layout_text(source, layout or "default")):
        return None
    lines = body.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    found = _TITLE_LINE.fullmatch(lines[first].strip()) if first is not None else None
    if first is None or found is None or " ".join(found.group(1).split()) != " ".join(
            title.split()):
        return None
    lines[first] = ""
    if first + 1 < len(lines) and _ATTRIBUTES.fullmatch(lines[first + 1]):
        lines[first + 1] = ""
    return "\n".join(lines)


def layout_prose(source: Path, layout: str) -> str:
    """The text of a layout written for one page, as the body of a page with none: one
    without `{{ content }}` (no page's text had a place in it), listing nothing (Lanting
    makes lists; a layout of `_data/` is `layout_data`'s) and with text of its own.
    Its HTML as an HTML page's (`html_body`); "" for any other layout."""
    file = source / "_layouts" / f"{layout}.html"
    if not layout or not file.is_file():
        return ""
    text = split_front_matter(read_text(file))[2]
    if _CONTENT.search(text) or _LISTS.search(text) or own_text(text) < 80:
        return ""
    return html_body(text)


_LAYOUT_IMAGE = re.compile(
    r"(/[\w./-]*/)\{\{-?\s*\w+\.(?:image|thumbnail)(?:\.\w+)?\s*-?\}\}"
    r"|['\"](/[\w./-]*/)['\"]\s*\|\s*append:\s*\w+\.(?:image|thumbnail)\b")
"""`<img src="{{ site.url }}/assets/img/{{ page.image }}">` in a layout (or `{{
post.image.teaser }}`, `{{ page.image.feature }}`, as So Simple's forerunners read
`image: {teaser: 2023/teaser.png}`), or `{% assign rel_path = '/assets/images/' |
append: page.image %}` in an include (a social card's image): the folder the theme
read a post's `image: motoko.jpg` from."""


def layout_image_folders(source: Path) -> list[str]:
    """The folders (`/assets/img/`) the site's layouts and includes put before a post's
    `image` name, as themes of the Jekyll Now family do: a cover written as a bare file
    name, or a path from that folder, is there."""
    folders: list[str] = []
    for kind in ("_layouts", "_includes"):
        templates = source / kind
        for path in sorted(templates.glob("*.html")) if templates.is_dir() else []:
            for found in _LAYOUT_IMAGE.finditer(read_text(path)):
                folder = found.group(1) or found.group(2)
                if folder not in folders:
                    folders.append(folder)
    return folders
