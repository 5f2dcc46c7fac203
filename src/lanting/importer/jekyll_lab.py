"""The includes of a widely forked lab-website template (its `_includes/` beside the
pages that use them): `list.html` of the papers, people or posts a link to the list
Lanting makes of them, `button.html` a link (its `type` filling in what `_data/types.yaml`
gives: `type="github" link="lab/repo"` is the repository's page), and the includes that
only lay the page out or draw an icon (`section.html`, `icon.html`, `search-box.html`,
`search-info.html`, `tags.html`) removed; the cards, portraits and citations are
`jekyll_lab_cards.py`'s, as is `feature.html` (a picture beside a title and its
`text`). None when `name` is not one of them, or the site has no such
include of its own (another theme's `button.html`)."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.jekyll_data_pubs import link_types, typed_link
from lanting.importer.jekyll_lab_cards import feature, item_include
from lanting.importer.liquid import Context

_LISTS = {"citations": ("Publications", "/publications/",
                        ("_data/citations.yaml", "_data/citations.yml")),
          "members": ("People", "/people/", ("_members",)), "posts": ("Blog", "/blog/", ())}
"""`{% include list.html data="…" %}` → the link to the list Lanting makes of the same,
and what the site must hold for it to be made."""
_LAYOUT = frozenset({"section.html", "icon.html", "search-box.html", "search-info.html",
                     "tags.html"})
"""Includes that lay the page out (a full-width band), draw an icon of a font, or the
template's search box, its count and the tags that fill it in (buttons filtering the
page's list, which Lanting's lists do not take: it has its search page)."""


_LIST_TAG = re.compile(r"\{%-?\s*include\s+list\.html\s(?P<args>(?:(?!%\}).)*?)-?%\}",
                       re.DOTALL)


def adjacent_lists(source: Path, text: str) -> str:
    """Of `list.html` includes of one list in a row (the papers `filter="group ==
    'featured'"`, then the others; the lead, then the other members), the first: each
    is the same link to Lanting's list, which was written twice in a row."""
    if not (source / "_includes" / "list.html").is_file():
        return text
    kept: list[str] = []
    at, last = 0, ("", -1)  # (the list of the include before, and where it ended)
    for found in _LIST_TAG.finditer(text):
        data = B.arguments(found.group("args"))[1].get("data", "")
        if data in _LISTS and data == last[0] and not text[last[1]:found.start()].strip():
            kept.append(text[at:last[1]])
            at = found.end()  # (this one goes; the one before stands for both)
        last = (data, found.end())
    return "".join(kept) + text[at:]


def lab_include(source: Path, name: str, named: dict[str, str], ctx: Context,
                written: str) -> str | None:
    if not (source / "_includes" / name).is_file() or not (
            source / "_includes" / "list.html").is_file():
        return None  # (not the template: its `list.html` goes with the others)
    listed = _LISTS.get(named.get("data", "")) if name == "list.html" else None
    if listed is not None and (not listed[2] or any((source / n).exists() for n in listed[2])):
        ctx.convert("lists of the lab template as links to Lanting's lists")
        return B.block(f"[{listed[0]}]({listed[1]})")
    if name in _LAYOUT or (name == "float.html" and "content" not in named):
        # (`float.html clear=true`: the end of a float, whose text stays in the flow)
        ctx.convert("the lab template's layout and icon includes removed")
        return ""
    if name == "button.html":
        return _button(source, named, ctx)
    if name == "feature.html" and (named.get("image") or named.get("title")):
        # (its text given as `text="…"`, not captured before it: `jekyll_captures.py`)
        ctx.convert("the lab template's features (`feature.html`: a picture, a title and "
                    "the text)")
        return B.block(feature(named, named.get("text", "")))
    return item_include(source, name, named, ctx, written)


def _button(source: Path, named: dict[str, str], ctx: Context) -> str:
    """The button's link: its `link`, put into its type's pattern (`https://github.com/
    $VALUE`) when it is no address of its own; its text, else its type's."""
    kind = link_types(source).get(named.get("type", ""), {})
    link = typed_link(named.get("link", "").strip(), kind)
    if link and not re.match(r"[a-z][\w+.-]*:|/|#|\.", link):
        link = "/" + link  # (a page of the site, `research`: its URL from the root)
    text = named.get("text", str(kind.get("text") or "")).strip() or link
    if not link:
        return B.plain_inline(text) if text else ""
    ctx.convert("the lab template's buttons as links")
    return f"[{B.plain_inline(text)}]({link})"
