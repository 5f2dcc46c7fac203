"""mkdocs-blogging-plugin: the pages of its folders (`dirs`, each category's) were posts,
listed where a page wrote `{{ blog_content }}`; in Lanting they are posts, listed on
/blog/ (and by tag on /tags/)."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer.common import bool_of
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_settings import plugin

BLOG_CONTENT = re.compile(r"\{\{\s*blog_content\b[^{}\n]*\}\}", re.IGNORECASE)
"""The plugin's list of posts (`{{ blog_content }}`, `{{ blog_content review }}` for a
category's)."""


def blogging_folders(config: dict[str, Any]) -> list[str]:
    """The folders whose pages mkdocs-blogging-plugin listed as posts: its `dirs` and each
    category's (`categories: [{name: review, dirs: [review]}]`), from the docs folder."""
    options = plugin(config, "blogging")
    if options is None:
        return []
    groups = [options] + [c for c in options.get("categories") or [] if isinstance(c, dict)]
    return [str(d).strip("/") for g in groups for d in g.get("dirs") or [] if str(d).strip("/")]


def blogging_post(rel: str, data: dict[str, Any], body: str, folders: list[str]) -> bool:
    """Whether the plugin listed the page `rel` as a post: a page in one of its
    `folders`, not `exclude_from_blog`, not the page its list was on (`{{ blog_content
    }}`); at its old URL, a page's."""
    return any(rel.startswith(folder + "/") for folder in folders) \
        and not bool_of(data.get("exclude_from_blog", False)) \
        and not BLOG_CONTENT.search(body)


_LIST_LINE = re.compile(r"^[ \t]*\{\{\s*(?:blog|tag)_content\b[^{}\n]*\}\}[ \t]*$\n?",
                        re.MULTILINE | re.IGNORECASE)


def blogging_lists(text: str, ctx: Context) -> str:
    """mkdocs-blogging-plugin's `{{ blog_content }}` and `{{ tag_content }}` lines left
    out: its posts are Lanting's posts, listed on /blog/ and /tags/."""
    text, count = _LIST_LINE.subn("", text)
    if count:
        ctx.note("{{", "mkdocs-blogging-plugin's list of posts (`{{ blog_content }}`) left "
                 "out: Lanting lists the posts on /blog/ (and by tag on /tags/)")
    return text
