"""The front matter of an Eleventy post that Lanting keeps beyond its title, date and
tags: the old URLs its redirects answered at, and its series.

Eleventy has no aliases of its own: a site moved from Hugo or Jekyll keeps their
`aliases:` or `redirect_from:` (eleventy-plugin-redirects reads `aliases`,
eleventy-plugin-netlify-redirects `redirectFrom`; others a template of the site's own,
paginated over the pages that have them) and makes a redirect of each. When the site's
code or templates read the key (or name such a plugin), each of its URLs is an old URL
of the page; else the key is data the site never published, left out with a notice.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.importer.text import names

_REDIRECT_KEYS = {
    "aliases": re.compile(r"\baliases\b|\beleventy-plugin-redirects\b"),
    "alias": re.compile(r"\.alias\b"),
    "redirect_from": re.compile(r"\bredirect_from\b"),
    "redirectFrom": re.compile(r"\bredirectFrom\b|\beleventy-plugin-netlify-redirects\b"),
}
"""Each front matter key of old URLs, and how a site's code shows it made redirects of
it (`data.alias`: a pagination's `alias:` is another thing)."""


def redirect_keys(code: str) -> tuple[str, ...]:
    """The keys of old URLs the site's `code` (its configuration, modules, package.json,
    layouts and templates) made redirects of."""
    return tuple(key for key, used in _REDIRECT_KEYS.items() if used.search(code))


def redirects(data: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    """The site paths a page's `keys` (`aliases: [/2022/06/x]`) name: each from the root,
    as the plugins publish them."""
    found = [name for key in keys for name in names(data.get(key))]
    return ["/" + name.lstrip("/") for name in found if not re.match(r"\w+:|//", name)]


def series(data: dict[str, Any]) -> tuple[str | None, str]:
    """(the series of a post's `series:`, a string or a list of one; why more were
    not kept, when the list named several)."""
    found = names(data.get("series"))
    if len(found) > 1:
        return found[0], (f"in several series: only the first, `{found[0]}`, is kept "
                          "(Lanting's posts are in one)")
    return (found[0] if found else None), ""
