"""`lanting check --region cn`: every third-party host the built site makes a reader's
browser contact, and the ones known to fail from mainland China, with what to use there.

Read from the rendered output, so it covers the theme, templates of the site's own, raw
HTML in posts and `[analytics]` alike. A host is contacted *with the page* (a script,
stylesheet, image, frame, font or preconnect the browser fetches as it loads the page) or
*on demand* (comments and videos, fetched when the reader scrolls to them or clicks).
Plain links (`<a href>`) are not contacted until followed and are left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlsplit

from lanting.model.output import OutputFile, ThirdPartyHost
from lanting.model.problem import Problem

REGIONS = ("cn",)


@dataclass(frozen=True, slots=True)
class Known:
    """A service known to fail from a region."""

    hosts: tuple[str, ...]
    """The host names, each also matching its subdomains."""
    why: str
    instead: str


_SELF_HOST = "download the file into static/ and point to it there"
KNOWN_TO_FAIL: dict[str, tuple[Known, ...]] = {"cn": (
    Known(("fonts.googleapis.com", "fonts.gstatic.com"),
          "Google Fonts is blocked in mainland China",
          "serve the font files from static/ (or use the system fonts)"),
    Known(("gravatar.com",), "Gravatar is blocked in mainland China",
          "put the avatar image in static/, or use the Cravatar mirror (cravatar.cn)"),
    Known(("giscus.app",), "giscus (and the GitHub API behind it) is unreliable from "
          "mainland China", '[comments] provider = "waline", "twikoo" or "artalk", on a '
          "server readers there reach"),
    Known(("cdn.jsdelivr.net", "fastly.jsdelivr.net", "gcore.jsdelivr.net"),
          "jsDelivr has had no mainland China network since 2021 and often fails there",
          _SELF_HOST + " (comments: [comments] script = \"/js/…\")"),
    Known(("unpkg.com",), "unpkg is often unreachable from mainland China",
          _SELF_HOST + " (comments: [comments] script = \"/js/…\")"),
    Known(("youtube.com", "youtube-nocookie.com", "ytimg.com", "youtu.be",
           "googlevideo.com"), "YouTube is blocked in mainland China",
          '{{< video bilibili="BV…" >}}, or the video on a host readers there reach'),
    Known(("google-analytics.com", "googletagmanager.com"),
          "Google Analytics is blocked in mainland China",
          "an analytics service reachable there (a self-hosted Umami or Plausible, say)"),
    Known(("disqus.com", "disquscdn.com"), "Disqus is blocked in mainland China",
          '[comments] provider = "waline", "twikoo" or "artalk"'),
    Known(("platform.twitter.com", "x.com", "twitter.com", "twimg.com"),
          "X (Twitter) is blocked in mainland China", "a screenshot and a plain link"),
)}

_WITH_PAGE = {"script": ("src",), "img": ("src", "srcset"), "source": ("src", "srcset"),
              "iframe": ("src",), "video": ("src", "poster"), "audio": ("src",),
              "embed": ("src",), "object": ("data",), "track": ("src",)}
_LINK_RELS = {"stylesheet", "preload", "modulepreload", "icon", "apple-touch-icon",
              "manifest", "preconnect", "dns-prefetch", "prefetch", "mask-icon"}
_ON_DEMAND = ("data-script", "data-stylesheet", "data-embed", "data-server")
_CSS_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])(https?:)?//([^/'")\s]+)""", re.I)


class _Hosts(HTMLParser):
    """The hosts one page contacts: host -> on demand only (True) or with the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: dict[str, bool] = {}

    def _add(self, url: str, on_demand: bool) -> None:
        host = _host(url)
        if host:
            self.found[host] = self.found.get(host, True) and on_demand

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "link" and _LINK_RELS & set(values.get("rel", "").lower().split()):
            self._add(values.get("href", ""), False)
        for name in _WITH_PAGE.get(tag, ()):
            for url in values.get(name, "").split(",") if name == "srcset" else \
                    (values.get(name, ""),):
                self._add(url.strip().split(" ")[0], False)
        for name in _ON_DEMAND:
            if name in values:
                self._add(values[name], True)
        for match in _CSS_URL.finditer(values.get("style", "")):
            self.found[match.group(2).lower()] = False

    def handle_data(self, data: str) -> None:
        if "url(" in data or "@import" in data:  # <style> blocks
            for match in _CSS_URL.finditer(data):
                self.found[match.group(2).lower()] = False


def _host(url: str) -> str:
    if not url.startswith(("http://", "https://", "//")):
        return ""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def contacted_hosts(files: Iterable[OutputFile], own_host: str,
                    read: Callable[[str], bytes | None]) -> tuple[ThirdPartyHost, ...]:
    """Every host but `own_host` that the site's pages and stylesheets make a browser
    contact, with how many pages do; `read` gives the bytes of a file kept from the
    previous build."""
    pages: dict[str, list[str]] = {}
    on_demand: dict[str, bool] = {}
    for file in files:
        if not file.path.endswith((".html", ".css")):
            continue
        data = file.data if file.data is not None else read(file.path)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        if file.path.endswith(".css"):
            found = {m.group(2).lower(): False for m in _CSS_URL.finditer(text)}
        else:
            parser = _Hosts()
            parser.feed(text)
            parser.close()
            found = parser.found
        for host, lazy in found.items():
            if host == own_host:
                continue
            pages.setdefault(host, []).append(file.path)
            on_demand[host] = on_demand.get(host, True) and lazy
    return tuple(ThirdPartyHost(host, len(paths), min(paths), on_demand[host])
                 for host, paths in sorted(pages.items()))


def known_failure(host: str, region: str) -> Known | None:
    for known in KNOWN_TO_FAIL.get(region, ()):
        if any(host == name or host.endswith("." + name) for name in known.hosts):
            return known
    return None


def region_problems(hosts: Iterable[ThirdPartyHost], region: str) -> list[Problem]:
    """A warning for each host known to fail from `region`, naming a page that uses it."""
    problems = []
    for host in hosts:
        known = known_failure(host.host, region)
        if known is None:
            continue
        when = "when the reader asks (comments, videos)" if host.on_demand else "with the page"
        others = f" and {host.pages - 1} more" if host.pages > 1 else ""
        problems.append(Problem(
            f"{host.host}: {known.why}; contacted {when} by {host.first_page}{others}",
            hint=known.instead, severity="warning"))
    return problems
