"""What a Jekyll page's body lists: the theme's loops (`{% for post in site.posts %}`)
and TeXt's `{% include article-list.html %}`, which make lists Lanting makes itself, and
how much text a page has of its own besides. Shared by the Jekyll and al-folio importers."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text

_LOOP_TAG = re.compile(r"\{%-?\s*(for|endfor)\b.*?-?%\}", re.DOTALL)
_NOT_TEXT = re.compile(r"[#*\s-]|\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}"
                       r"|<(script|style)\b[^>]*>.*?</\1\s*>"
                       r"|\{%.*?%\}|<!--.*?-->|<[^>]*>", re.DOTALL | re.IGNORECASE)
"""What a page shows no text of: Markdown's marks, Liquid (a `{% comment %}` whole: an
old Chirpy's `tabs/tags.md` explains `site.tags` in one), HTML comments and tags, and
scripts and styles whole (an H2O blog's page of categories is loops, then the script
of its tag cloud, whose code was counted as the page's text and the page kept)."""
LISTING_TAG = re.compile(r"\{%-?\s*for\b|\{%-?\s*include\s+article-list\.html\b"
                         r"|\{%-?\s*(?:tag_cloud|category_cloud|tag_list|category_list)\b")
"""A Liquid loop, `{% for` or `{%- for` (whitespace control), TeXt's list of articles,
`{% include article-list.html articles=site.series %}`, which is one, or Octopress's
lists of the site's tags and categories (`{% tag_cloud %}`, `{% category_list %}`)."""
_ARTICLE_LIST = re.compile(r"\{%-?\s*include\s+article-list\.html\b.*?-?%\}", re.DOTALL)


def drop_loops(body: str) -> str:
    """`body` without its `{% for %}…{% endfor %}` loops, each outermost loop whole, and
    TeXt's `article-list.html` includes: the theme's listings (al-folio's projects page
    loops over categories, then over each one's projects), which Lanting makes itself."""
    kept, depth, start = [], 0, 0
    for tag in _LOOP_TAG.finditer(body):
        if tag.group(1) == "for":
            if depth == 0:
                kept.append(body[start:tag.start()])
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                start = tag.end()
    kept.append(body[start:] if depth == 0 else "")
    return _ARTICLE_LIST.sub("", "".join(kept))  # (TeXt's lists, as loops)


_PAGINATION = re.compile(r"\{%-?\s*if\s+paginator\.[^%]*%\}.*?\{%-?\s*endif\s*-?%\}"
                         r"|\{\{-?\s*paginator\.[^}]*\}\}", re.DOTALL)
"""jekyll-paginate's links to the pages of the list (`{% if paginator.next_page %}…{%
endif %}`) and its numbers (`{{ paginator.page }} / {{ paginator.total_pages }}`)."""


def drop_pagination(body: str) -> str:
    """`body` without the links and numbers of the pages of its list: they went with
    the list of posts (Lanting's home and blog pages page their lists themselves), and
    left behind, their Liquid counted as the page's own text and stayed in comments."""
    return _PAGINATION.sub("", body)


_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)[^%]*?-?%\}")
_LISTS_POSTS = re.compile(r"\bsite\.posts\b|\bpaginator\.posts\b")


def drop_post_lists(body: str, source: Path) -> str:
    """`body` without its includes of the site's own that list the posts (a home page
    of `{% include archive.html %}`, whose `_includes/archive.html` loops over
    `site.posts`): the theme's list in a file of its own, which Lanting makes itself.
    Left in, each stayed in a comment as the home page's text."""
    folder = source / "_includes"

    def one(match: re.Match[str]) -> str:
        path = folder / match.group(1)
        listed = path.is_file() and path.resolve().is_relative_to(folder.resolve()) \
            and _LISTS_POSTS.search(read_text(path))
        return "" if listed else match.group()

    return _INCLUDE.sub(one, body)


def own_text(body: str) -> int:
    """How much text a page has of its own, not counting Liquid tags, HTML markup and
    comments (al-folio's listing pages are `<div>`s around loops)."""
    return len(_NOT_TEXT.sub("", body))


def is_listing(body: str) -> bool:
    """A page the theme filled with a list (of posts, tags, a collection's items), with
    little text of its own: Lanting makes its lists itself."""
    # (`{%- for`, trimming whitespace, too: beautiful-jekyll's `tags.html`)
    return "paginator" in body or (LISTING_TAG.search(body) is not None
                                   and own_text(drop_loops(body)) < 80)


_POSTS_LIST = re.compile(r"\{%-?\s*include\s+list\.html\s(?:(?!%\}).)*?\bdata\s*=\s*"
                         r"[\"']posts[\"'](?:(?!%\}).)*-?%\}", re.DOTALL)
"""The lab-website template's list of the posts (`{% include list.html data="posts" %}`)."""
_LEADING_HEADING = re.compile(r"\A\s*#[ \t]+(?P<text>[^\n]*)\n")


def blog_text(body: str, title: str) -> str:
    """The text of the old page of the posts at /blog/, as the blog page's (Lanting lists
    the posts under it): without the include listing them (the lab template's), nor a
    first heading repeating the title (`# {% include icon.html %}Blog`), which the blog
    page shows; "" when nothing of its own is left, or the page is no such list (an
    al-folio page whose owner replaced the list by a line stays left out, warned of)."""
    text = _POSTS_LIST.sub("", body)
    if text == body:
        return ""
    heading = _LEADING_HEADING.match(text)
    if heading and re.sub(r"\{%.*?%\}|\{\{.*?\}\}", "", heading.group("text")).strip() \
            .casefold() == title.strip().casefold():
        text = text[heading.end():]
    return text if own_text(re.sub(r"\{%.*?%\}", "", text, flags=re.DOTALL)) else ""
