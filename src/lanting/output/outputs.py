"""The output files of a build as the link checks see them (`link_checks.py`): looked up
by URL path, the ids of each page for `#anchors`, and the page a link written in a
translation leads to."""

from __future__ import annotations

import html
import posixpath
import re
from functools import cache
from urllib.parse import unquote

from lanting.content.translations import localized_link_maps
from lanting.model.output import CheckInput

_ID = re.compile(r"""<[^>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""")


class Outputs:
    """The output files of the build, looked up by URL path; their ids, parsed lazily."""

    def __init__(self, inp: CheckInput) -> None:
        self.base = inp.config.base_path
        self.heading_ids = inp.config.markdown.heading_ids
        self.data = {f.path: f.data for f in inp.files}
        self.read_previous = inp.read_previous
        self.paths = set(self.data) | {c.path for c in inp.copies}
        self.ids = cache(self._ids)
        self.pages = inp.routes.pages
        self.lang = {d.source.rel.as_posix(): d.meta.lang for d in inp.documents}
        self.localized = localized_link_maps(list(inp.documents), inp.routes.link_map(),
                                             inp.config)

    def page_of(self, content: str, here: str) -> str:
        """The output page a link to `content` written in `here` leads to: in a
        translation, the linked page's translation when it has one, as the page was
        rendered (`localized_link_maps`), whose headings its `#fragment` names."""
        url = self.localized.get(self.lang.get(here) or "", {}).get(content)
        found = self.find(unquote(self.from_url(url))) if url else None
        return found or self.pages[content] + "index.html"

    def find(self, path: str) -> str | None:
        """The output file a site-relative, decoded URL path names (`posts/x/`, `a.png`)."""
        path = path.lstrip("/")
        for candidate in (path, posixpath.join(path, "index.html") if path else "index.html"):
            if candidate in self.paths:
                return candidate
        return None

    def from_url(self, url_path: str) -> str:
        """Site-relative path of a root URL, with or without the base path."""
        if self.base != "/" and url_path.startswith(self.base):
            return url_path[len(self.base):]
        return url_path.lstrip("/")

    def _ids(self, output: str) -> frozenset[str]:
        if output not in self.data or not output.endswith(".html"):
            return frozenset()
        data = self.data[output]
        if data is None:  # unchanged since the last build: not rendered again
            data = self.read_previous(output)
        return frozenset() if data is None else page_ids(data)


def page_ids(data: bytes) -> frozenset[str]:
    """Every `id` (and `name`) an HTML page defines: what `#anchors` can point at."""
    text = data.decode("utf-8", errors="replace")
    return frozenset(html.unescape(next(g for g in m.groups() if g is not None))
                     for m in _ID.finditer(text))

