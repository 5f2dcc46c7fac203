"""The page types of the example site that every browser check visits, and `visit`, which
opens one in a fresh context and records what went wrong on the way.

Adding a page type is one line in PAGES. A page whose file is not in the built example is
skipped with the reason (search and English pages arrive with issue 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest


@dataclass(frozen=True)
class PageType:
    name: str
    path: str
    """URL path below the site root."""
    key: str
    """CSS selector of the page's key content: it must be visible."""
    text: str = ""
    """Text the key content contains."""
    file: str = ""
    """Output file that must exist (default: the path's index.html)."""
    status: int = 200

    def output_file(self) -> str:
        return self.file or (self.path + "index.html")


PAGES = [
    PageType("home", "", "h1.profile-name", "林知远"),
    PageType("blog", "blog/", "main .year-group .post-entry-title a"),
    PageType("post-math", "posts/policy-gradient-to-ppo/", ".prose .math-display math"),
    PageType("post-code", "posts/verl-ppo-trainer-loop/", ".prose .code-block pre"),
    PageType("post-figure", "posts/rl-for-diffusion-and-flow/", ".prose figure.figure img"),
    PageType("post-video", "posts/hichunk-acl2026-oral/",
             ".prose figure.video-bilibili .video-play", "哔哩哔哩"),
    PageType("series", "series/verl-源码解读/", "main .series-index .post-entry"),
    PageType("tag", "tags/ppo/", "main .post-entry-title a"),
    PageType("archive", "archive/", "main .archive-list li"),
    PageType("publications", "publications/", "article#hichunk2026 .pub-title", "HiChunk"),
    PageType("publication", "publications/hichunk2026/", "main .pub-byline"),
    PageType("talk", "talks/hichunk-acl2026/", ".talk-slide .slide-frame"),
    PageType("deck", "talks/hichunk-acl2026/slides/", ".slide-frame.is-current .slide"),
    PageType("404", "no-such-page/", ".not-found h1", file="404.html", status=404),
    PageType("search", "search/", "main"),
    PageType("english", "en/blog/", "main h1"),
    PageType("cv", "cv/", "main .cv-section h2", "教育经历"),
    PageType("projects", "projects/", "main .project-card .project-title a", "HiChunk"),
]
PAGE_IDS = [p.name for p in PAGES]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


@dataclass
class Visit:
    """An open page and what happened while it loaded."""

    page: Any
    console_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    status: int | None = None


def require(site: Any, page_type: PageType) -> None:
    """Skip a page type the built example does not have (yet)."""
    if not (Path(site.server.root) / unquote(page_type.output_file())).is_file():
        pytest.skip(f"{page_type.output_file()} is not in the built example "
                    f"(no {page_type.name} page yet)")


def _local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


def _cancelled_image(request: Any) -> bool:
    """An image request Chromium cancelled itself (`net::ERR_ABORTED`), which is no fault
    of the page: a full-page screenshot re-lays the page out under other device metrics,
    so a responsive image above the fold (`<source srcset>`) starts fetching another width
    and drops it when the capture ends. A missing image still fails by its 404 status."""
    return request.resource_type == "image" and "ERR_ABORTED" in (request.failure or "")


def open_context(browser: Any, viewport: str = "desktop", scheme: str = "light",
                 **options: Any) -> Any:
    return browser.new_context(**VIEWPORTS[viewport], color_scheme=scheme, **options)


def visit(context: Any, site: Any, page_type: PageType) -> Visit:
    """Open `page_type` in `context`; requests that would leave 127.0.0.1 are blocked and
    recorded, and so are console errors and requests that failed or got an error status."""
    page = context.new_page()
    seen = Visit(page)

    def route(route: Any) -> None:
        if _local(route.request.url):
            route.continue_()
        else:
            seen.outside_requests.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    page.on("request", lambda r: _local(r.url) or seen.outside_requests.append(r.url))
    page.on("console", lambda m: m.type == "error" and seen.console_errors.append(m.text))
    page.on("requestfailed", lambda r: _cancelled_image(r) or seen.failed_requests.append(
        f"{r.url} ({r.failure})"))
    page.on("response", lambda r: r.status >= 400 and r.url != page_url and
            seen.failed_requests.append(f"{r.url} ({r.status})"))
    page_url = site.url + page_type.path
    response = page.goto(page_url, wait_until="load")
    seen.status = response.status if response else None
    page.evaluate("document.fonts.ready.then(() => true)")
    if page_type.status == 404:  # the main document's own 404 is the point of the page
        seen.console_errors = [e for e in seen.console_errors if "404" not in e]
    return seen
