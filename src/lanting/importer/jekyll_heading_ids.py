"""The ids of a page's headings: the new site's (GitHub's style) and those kramdown's
own `generate_id` gave them on the old site, which links written against the old pages
name."""

from __future__ import annotations

import re

from lanting.markdown.anchors import github_slug

_ATX = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
_SETEXT = re.compile(r"^[ \t]{0,3}(\S.*?)[ \t]*\n[ \t]{0,3}(?:=+|-+)[ \t]*$", re.MULTILINE)
_CUSTOM_ID = re.compile(r"[ \t]*\{:?[ \t]*#[^}]*\}[ \t]*$")
_OWN_ID = re.compile(r"\{:?[ \t]*#([\w-]+)[^}]*\}[ \t]*$")
"""A heading's own id, `## Title {#intro}` (a Shower slide's `{#intro .centered}`): the
heading's id on both sites."""


def heading_ids(body: str) -> list[str]:
    """The ids (GitHub's style, the new site's) of the headings of a page as written, ATX
    (`## Title`) and setext (`Title` over `---`)."""
    texts = [*_ATX.findall(body), *_SETEXT.findall(body)]
    return [own.group(1) if (own := _OWN_ID.search(text)) else
            github_slug(_CUSTOM_ID.sub("", text)) for text in texts] + _listed_ids(body)


_IAL_ID = re.compile(r"^[ \t]{0,3}\{:[^}]*?#([\w-]+)[^}]*\}[ \t]*$")


def _listed_ids(body: str) -> list[str]:
    """The ids kramdown's attribute lists over or under a heading give it (`{:.shout
    #numbers}` on the line above `## Ninety percent`: Jekyller's slide ids)."""
    lines = body.split("\n")
    return [found.group(1) for i, line in enumerate(lines)
            if (found := _IAL_ID.match(line)) and any(
                _ATX.match(lines[j]) for j in (i - 1, i + 1) if 0 <= j < len(lines))]


_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)


def kramdown_ids(body: str) -> dict[str, str]:
    """The ids kramdown's own `generate_id` gave the headings of a page (ASCII letters,
    digits and `-` from the first letter on, so that a heading of Chinese alone is
    `section`, the next such `section-1`, …), each to the new site's id of its heading:
    links written against the old pages (`#section-1`) name them."""
    text = _FENCE.sub("", body)
    headings = sorted([*((m.start(), m.group(1)) for m in _ATX.finditer(text)),
                       *((m.start(), m.group(1)) for m in _SETEXT.finditer(text))])
    used: dict[str, int] = {}
    ids: dict[str, str] = {}
    for _at, heading in headings:
        clean = _CUSTOM_ID.sub("", heading)
        base = re.sub(r"[^a-zA-Z0-9 -]", "", re.sub(r"^[^a-zA-Z]+", "", clean))
        base = base.replace(" ", "-").lower() or "section"
        used[base] = used.get(base, -1) + 1
        ids.setdefault(f"{base}-{used[base]}" if used[base] else base, github_slug(clean))
    return ids
