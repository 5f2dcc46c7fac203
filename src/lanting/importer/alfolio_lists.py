"""al-folio's and academicpages' pages that list what Lanting lists itself: which
collection a page at that collection's URL lists, and the owner's text above the
publications page's list, which becomes the text above Lanting's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jekyll_listings import own_text
from lanting.importer.jekyll_reads import markdown_files

FOLDERS_OF = {"publications": "publications", "talks": "talks", "teaching": "teaching",
              "teachings": "teaching", "portfolio": "projects", "projects": "projects"}
"""Collections whose list Lanting makes -> the list's folder in the new site."""


_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")


def listed_collection(source: Path, data: dict[str, Any], body: str,
                      path: Path | None = None) -> str:
    """The collection an academicpages page at that collection's URL lists (`{% for
    post in site.publications %}` at /publications/; al-folio's `{% include
    courses.liquid %}`, `_teachings/`, at /teaching/), when Lanting makes the list
    itself; else "". (A page listing it elsewhere, the CV, keeps its other text.) A
    page without a `permalink` is at its file's name (`_pages/publications.md`), as
    the new site has it. A loop in a site's own include the page is made of counts
    (`{% include talks.liquid %}`, a table of `site.talks`)."""
    at = str(data.get("permalink") or "").strip("/") or (path.stem if path else "")
    own = [source / "_includes" / name for name in _INCLUDE.findall(body)
           if (source / "_includes" / name).is_file()]
    loops = re.findall(r"\{%-?\s*(?:for\s+\w+\s+in|assign\s+\w+\s*=)\s*"
                       r"site\.(\w+)", "\n".join([body, *(read_text(f) for f in own)]))
    if re.search(r"\{%-?\s*include\s+courses\.(?:liquid|html)\b", body):
        loops.append("teachings")  # (al-folio 0.14's teaching page: the include loops)
    for found in loops:
        folder = source / f"_{found}"
        if found in FOLDERS_OF and at in (found, FOLDERS_OF[found]) and folder.is_dir() \
                and any(markdown_files(folder, "**/*")):
            return str(found)
    return ""


BIBLIOGRAPHY_TAG = re.compile(r"\{%-?\s*bibliography\b.*?%\}", re.S)
_SEARCH = re.compile(r"\{%-?\s*include\s+bib_search\.(?:liquid|html)\b.*?%\}", re.S)
_OPEN_DIVS = re.compile(r"(?:\s*(?:<div\b[^>]*>|<!--(?:(?!-->).)*-->))+\s*\Z", re.S)
"""What ends the text above the list and is the list's: the `<div>`s opened around it
and the comments naming it (al-folio's `<!-- Bibsearch Feature -->`)."""
_LIST_HEADING = re.compile(
    r"(?:<div\b[^>]*>\s*)?<h([1-6])\b[^>]*>(?:(?!<h[1-6]\b).)*?</h\1\s*>\s*(?:</div\s*>)?\s*\Z"
    r"|(?:^|\n)[ ]{0,3}#{1,6}[ \t][^\n]*\s*\Z", re.S | re.I)
"""A heading right above the first list (`<h1>publications</h1>` over it, `<div
id="preprint"><h2>preprints</h2></div>`): the list's, which Lanting titles itself."""
_BLOCK = re.compile(r"\{%-?\s*(end)?(for|if|unless|case|capture|tablerow)\b.*?%\}", re.S)


def _outside_blocks(text: str) -> str:
    """`text` up to the Liquid block still open at its end (`{% for y in page.years %}`
    around the list): that block is the list's, not the intro's."""
    opened: list[int] = []
    for match in _BLOCK.finditer(text):
        if match.group(1):
            if opened:
                opened.pop()
        else:
            opened.append(match.start())
    return text[:opened[0]] if opened else text


PUBLICATIONS_LOOP = re.compile(r"\{%-?\s*(?:for\s+\w+\s+in|assign\s+\w+\s*=)\s*"
                               r"site\.publications\b.*?%\}", re.S)
"""academicpages' list of `_publications/` on its page of them: the loop over the
collection (`{% for post in site.publications reversed %}`), or the variable it loops
over (`{% assign pubs = site.publications | sort: "date" %}`)."""


_SIMPLE_IF = re.compile(r"\{%-?\s*if\s+([\w.]+)\s*-?%\}"
                        r"((?:(?!\{%-?\s*(?:if|els|endif)\b).)*)\{%-?\s*endif\s*-?%\}", re.S)
"""`{% if site.author.googlescholar %}…{% endif %}`: a block shown by one value alone."""


def settled_ifs(text: str, config: dict[str, Any]) -> str:
    """`text` with each `{% if x %}…{% endif %}` testing one value (no `else`) as Jekyll
    showed it: its text where `x` is a setting of `_config.yml` that is set
    (`site.author.googlescholar`), nothing where it is not, or is no `site.` value at
    all (academicpages' `{% if author.googlescholar %}`: `author` is the layout's
    variable, unset in the page's text, so the old page never showed the line)."""
    def settle(match: re.Match[str]) -> str:
        value: Any = config
        names = match.group(1).split(".")
        if names[0] != "site":
            return ""
        for name in names[1:]:
            value = value.get(name) if isinstance(value, dict) else None
        return match.group(2) if value not in (None, False, "", [], {}) else ""
    return _SIMPLE_IF.sub(settle, text)


def list_intro(body: str, start: re.Pattern[str] = BIBLIOGRAPHY_TAG) -> tuple[str, str]:
    """(the owner's text above the publication page's first `{% bibliography %}` (or
    what else `start` finds: `PUBLICATIONS_LOOP`), or "" when it has none; the page
    after that tag). What lies between two lists (their headings, when the page lists
    by `--query`) belongs to the lists, not to the intro, as does a loop around the
    first list and the heading right above it; the theme's search box and the `<div
    class="publications">` opened around the list are left out with it."""
    match = start.search(body)
    before, after = (body[:match.start()], body[match.end():]) if match else (body, "")
    before = _SEARCH.sub("", _outside_blocks(before))
    while True:
        cut = _LIST_HEADING.sub("", _OPEN_DIVS.sub("", before)).strip()
        if cut == before:
            break
        before = cut
    return (before + "\n" if own_text(before) else ""), after


_ID = re.compile(r"""\bid\s*=\s*["']([^"']+)["']""")
_ANCHOR_LINK = re.compile(r"""<a\s[^>]*?href\s*=\s*["']#([^"']+)["'][^>]*>(.*?)</a\s*>"""
                          r"|\[([^\]]*)\]\(#([^)\s]+)\)", re.S | re.I)


_PAGE_LOOP = re.compile(r"\{%-?\s*for\s+(\w+)\s+in\s+page\.([\w-]+)\s*-?%\}(.*?)"
                        r"\{%-?\s*endfor\s*-?%\}", re.S)


def unrolled_page_loops(body: str, data: dict[str, Any]) -> str:
    """`body` with each loop over a list of its own front matter that only prints the
    item (`{% for y in page.years %}<a href="#{{y}}">{{y}}</a>{% endfor %}`, al-folio's
    jump links to the years) written out, once for each item, as Jekyll printed it."""
    def unroll(match: re.Match[str]) -> str:
        name, values, inner = match.group(1), data.get(match.group(2)), match.group(3)
        item = re.compile(r"\{\{-?\s*" + name + r"\s*-?\}\}")
        if not isinstance(values, list) or not all(isinstance(v, str | int) for v in values) \
                or re.search(r"\{[{%](?:(?!\}).)*\b" + name + r"\b(?:(?!\}).)*\|", inner) \
                or "{%" in inner:
            return match.group(0)
        return "".join(item.sub(str(v), inner) for v in values)
    return _PAGE_LOOP.sub(unroll, body)


def without_list_anchors(intro: str, page: str) -> tuple[str, list[str]]:
    """The intro with its links to the headings of the old lists on the `page` (`<a
    href="#books">`, `<div id="books">` over `{% bibliography -f books %}`) as their
    text: Lanting's list has no such headings, but for its years (`#2024`: the heading
    of the year, `#pubs-2024`, of its list by year). And the anchors so unlinked."""
    lists = set(_ID.findall(page)) - set(_ID.findall(intro))
    gone: list[str] = []

    def text(match: re.Match[str]) -> str:
        anchor = match.group(1) or match.group(4)
        if re.fullmatch(r"(?:19|20)\d\d", anchor) and anchor not in _ID.findall(intro):
            return match.group(0).replace(f"#{anchor}", f"#pubs-{anchor}", 1)
        if anchor not in lists:
            return match.group(0)
        gone.append(anchor)
        return match.group(2) if match.group(1) else match.group(3)
    return _ANCHOR_LINK.sub(text, intro), gone
