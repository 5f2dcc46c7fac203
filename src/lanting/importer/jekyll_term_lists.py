"""A site's own include that lists the posts of a tag or category its parameters name
(`{% include hub-post-list.html tag="Time Series" limit=12 %}`, a loop over
`site.posts` keeping those whose `tags` contain `include.tag`, as a hub page of topics
writes one a section): a link to that term's page, which lists the same posts on the
new site."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.model.names import term_slug

_KINDS = {"tag": "tags", "tags": "tags", "category": "categories",
          "categories": "categories"}
"""A parameter naming a term: Lanting's folder of its kind."""
_POSTS_LOOP = re.compile(r"\{%-?\s*for\s+\w+\s+in\s+site\.(?:posts|tags|categories)\b")


def term_list_include(source: Path, name: str, named: dict[str, str]) -> str | None:
    """Links to the pages of the terms (`tag="Time Series"`, `category=…`) whose posts
    the site's include `name` listed, one line; None when the site has no such file,
    it loops over no posts, or no parameter naming a term is one it reads."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    text = read_text(path)
    if not _POSTS_LOOP.search(text):
        return None
    links = [_link(value.strip(), _KINDS[parameter]) for parameter, value in named.items()
             if parameter in _KINDS and value.strip()
             and re.search(rf"\binclude\.{parameter}\b", text)]
    return B.block(" · ".join(links)) if links else None


def _link(term: str, kind: str) -> str:
    """A Markdown link to the page of the term `term` of the kind `kind` (`tags`)."""
    shown = re.sub(r"([\[\]])", r"\\\1", term)
    return f"[{shown}](/{kind}/{term_slug(term)}/)"
