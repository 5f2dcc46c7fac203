"""A site's own include printing a byline from a list of the page's front matter, as
scikit-learn's blog's `postauthor.html` does: `{% for author in page.postauthors %}` …
`{% if forloop.first %}Author: {% endif %}<a href="{{ author.website }}">{{ author.name
}}</a>` … `{% unless forloop.last %}, {% endunless %}{% endfor %}`, each entry of the
post's `postauthors:` a mapping of `name`, `website`, `email`, `image`. The byline it
printed is written as HTML (the include stands in the post's `<div>` as often as not,
where Markdown is not read): the names, linked to their web sites, and a link to each
e-mail address; the small round pictures beside the names are left out."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.text import load_mapping, split_front_matter

_LOOP = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+page\.([\w-]+)\s*-?%\}(.*)"
                   r"\{%-?\s*endfor\s*-?%\}", re.DOTALL)
"""The include's one loop over a list of the page's front matter."""
_FIRST = re.compile(r"\{%-?\s*if\s+forloop\.first\s*-?%\}(.*?)\{%-?\s*endif\s*-?%\}",
                    re.DOTALL)
"""`{% if forloop.first %}Author: {% endif %}`: the byline's label."""
_COMMENT = re.compile(r"\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}", re.DOTALL)
_LIQUID = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|<[^>]*>", re.DOTALL)
_SITE_KEYS = ("website", "url", "homepage", "link")
"""The keys of an entry naming its web site, as such includes print them."""


@dataclass(frozen=True, slots=True)
class Byline:
    """What the include printed for one page."""

    html: str
    """The byline, one line of HTML ("" for a page without the list: Jekyll printed
    nothing)."""
    pictures: int
    """How many of its entries' pictures (`image:`) were left out."""


def byline_include(source: Path, name: str, page: Path) -> Byline | None:
    """The byline the site's include `name` printed on the page of the file `page`; None
    when the site has no such include, or it is not one loop over a list of the page's
    front matter printing its entries' names, or an entry of the page's list is no
    mapping with a `name`."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    text = _COMMENT.sub("", read_text(path))
    loop = _LOOP.search(text)
    if loop is None or _LIQUID.sub("", text[:loop.start()] + text[loop.end():]).strip() \
            or not re.search(r"\{\{-?\s*\w+\.name\s*-?\}\}", loop.group(3)):
        return None  # (what it prints besides the loop; no name printed in it)
    body = loop.group(3)
    fmt, front_text = split_front_matter(read_text(page))[:2]
    entries = load_mapping(fmt, front_text)[0].get(loop.group(2)) if fmt else None
    if not entries:
        return Byline("", 0)
    if not isinstance(entries, list) or not all(
            isinstance(e, dict) and e.get("name") for e in entries):
        return None
    first = _FIRST.search(body)
    label = " ".join(_LIQUID.sub("", first.group(1)).split()) if first else ""
    site_key = next((k for k in _SITE_KEYS if re.search(rf"\.{k}\b", body)), None)
    shown = []
    for entry in entries:
        who = html.escape(str(entry["name"]))
        site = str(entry.get(site_key) or "") if site_key else ""
        one = f'<a href="{html.escape(site)}">{who}</a>' if site else who
        email = str(entry.get("email") or "").removeprefix("mailto:") \
            if re.search(r"\.email\b", body) else ""
        if email:
            address = html.escape(email)
            one += f' <a href="mailto:{address}" title="{address}">✉</a>'
        shown.append(one)
    pictures = sum(1 for e in entries if e.get("image")) if re.search(r"\.image\b", body) \
        else 0
    return Byline((label + " " if label else "") + ", ".join(shown), pictures)
