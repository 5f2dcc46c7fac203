"""Posts that were redirects (jekyll-redirect-from's `redirect_to:`): Jekyll wrote a
redirect page at the post's URL, not the post, so the post is left out and its old URL
leads where the redirect did: an alias of the site's page there, else a `[redirects]`
entry to the other site. A part of `jekyll.Jekyll`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable
from lanting.importer.jekyll_urls import old_path
from lanting.importer.listings import Redirects
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import key_line


def redirect_target(data: dict[str, Any]) -> str | None:
    """The address of a post's `redirect_to` (a string, or a list of which the plugin
    takes the first), or None."""
    value = data.get("redirect_to")
    if isinstance(value, list):
        value = value[0] if value else None
    return value.strip() if isinstance(value, str) and value.strip() else None


class JekyllRedirects:
    """The redirect posts of the Jekyll importer, read with the posts and placed once
    every page is known."""

    config: dict[str, Any]
    report: Report
    site: NewSite
    table: LinkTable
    left_out: dict[str, str]
    baseurl: str
    redirected: list[tuple[Path, str, list[str], int | None]]
    """(post, where it redirected, its old URLs, the line of its `redirect_to`)."""

    def redirect_post(self, path: Path, head: str, target: str, urls: list[str]) -> None:
        self.redirected.append((path, target, urls, key_line(head, "redirect_to")))

    def finish_redirects(self) -> None:
        """Each redirect post's old URLs: an alias of the page of this site the redirect
        led to (written by its full address, `https://x.com/new-post/`, too), else a
        redirect to the address; a path this site does not answer is left out."""
        own = str(self.config.get("url") or "").rstrip("/")
        redirects = Redirects(self.site, self.report, "_config.yml")
        for path, target, urls, line in self.redirected:
            local = target[len(own):] if own and target.startswith(own + "/") else target
            item = self.table.find(local) if local.startswith("/") \
                and not local.startswith("//") else None
            if item is None and not target.startswith(("http://", "https://")):
                self.report.warn(path, line, f"left out: a redirect (`redirect_to`) to "
                                 f"`{target}`, which no page of the site answers")
                continue
            for url in urls:
                if item is not None:
                    item.old_urls.append(url)
                    self.table.add(url, item)
                else:
                    redirects.add(url, target)
                    self.left_out[old_path(url.removeprefix(self.baseurl))] = target
            self.report.note(path, line, "left out: the old site's page was a redirect "
                             f"(`redirect_to`) to {target}, and its old URL leads there")
        redirects.finish("posts that were redirects (`redirect_to`)")
