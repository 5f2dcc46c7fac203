"""What pages tell the sites they are shared on: the preview image (OpenGraph and Twitter
cards) and schema.org JSON-LD (`BlogPosting` for posts, `Person` for the home page).

`sharing_helpers` gives the templates functions rather than values, so a page that is not
re-rendered never loads its HTML to look for a figure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lanting.model.pages import Page
from lanting.model.site import Site

if TYPE_CHECKING:
    from lanting.model.academic import Academic

_FIGURE_IMAGE = re.compile(r'<figure class="figure"[^>]*>.*?<img [^>]*?src="([^"]+)"', re.S)
_RASTER = (".png", ".jpg", ".jpeg", ".webp", ".gif")


def first_figure(html: str) -> str | None:
    """URL of the first numbered figure's image that preview cards can show (not SVG)."""
    if '<figure class="figure"' not in html:  # most pages: no regex scan of the page
        return None
    for match in _FIGURE_IMAGE.finditer(html):
        url = match.group(1).replace("&amp;", "&")
        if url.split("?", 1)[0].lower().endswith(_RASTER):
            return url
    return None


_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                              "'": "\\u0027", "\u2028": "\\u2028", "\u2029": "\\u2029"})
"""What must not appear in JSON inside a `<script>` element: `<!--` and `<script` make the
HTML tokenizer's script data states swallow the rest of the page, not only `</script>`
ends it (as Jinja's `tojson` escapes)."""


def json_ld(data: dict[str, Any], indent: int | None = None) -> str:
    """JSON for a `<script>` element (JSON-LD), the same value, never markup."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=indent,
                      separators=(",", ":") if indent is None else None)
    return text.translate(_SCRIPT_SAFE)


def sharing_helpers(site: Site, absolute: Callable[[str], str],
                    link: Callable[[str], str]) -> dict[str, Any]:
    """Template globals: `share_image(page)`, `blog_posting(page)`, `person()`."""
    config = site.config

    def full(url: str) -> str:
        """An absolute URL (preview cards ignore relative ones)."""
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url):  # https://…, data:image/…
            return url
        if url.startswith("//"):
            return "https:" + url
        return absolute(link(url if url.startswith("/") else "/" + url))

    def share_image(page: Any = None) -> str:
        """The post's cover, else its first figure, else the site's default (or "")."""
        if isinstance(page, Page):
            if page.cover:
                return full(page.cover)
            figure = first_figure(page.html) if page.kind.value in ("post", "page") else None
            if figure:
                return full(figure)
        return full(config.sharing.image) if config.sharing.image else ""

    def author() -> dict[str, Any]:
        name = config.profile.name or config.author or config.title
        return {"@type": "Person", "name": name, "url": absolute(config.base_path)}

    def blog_posting(page: Page) -> str:
        data: dict[str, Any] = {
            "@context": "https://schema.org", "@type": "BlogPosting",
            "headline": page.title, "url": absolute(page.url),
            "mainEntityOfPage": absolute(page.url), "inLanguage": page.lang,
            "author": author(),
        }
        if page.summary:
            data["description"] = page.summary
        if page.date:
            data["datePublished"] = page.date.isoformat()
            data["dateModified"] = (page.updated or page.date).isoformat()
        if page.tags:
            data["keywords"] = list(page.tags)
        image = share_image(page)
        if image:
            data["image"] = image
        return json_ld(data)

    def person() -> str:
        academic: Academic | None = site.academic
        profile = academic.profile if academic else None
        data: dict[str, Any] = {"@context": "https://schema.org", **author()}
        if profile is not None:
            data["name"] = profile.name or data["name"]
            if profile.name_en:
                data["alternateName"] = profile.name_en
            if profile.position:
                data["jobTitle"] = profile.position
            if profile.affiliation:
                data["affiliation"] = {"@type": "Organization", "name": profile.affiliation}
            if profile.photo:
                data["image"] = full(profile.photo)
            if profile.interests:
                data["knowsAbout"] = list(profile.interests)
        if config.profile.email:
            data["email"] = f"mailto:{config.profile.email}"
        links = profile.links if profile is not None and profile.links else config.links
        same = [item.url for item in links if re.match(r"^https?://", item.url)]
        if same:
            data["sameAs"] = same
        return json_ld(data)

    def share(page: Any, fallback_title: str) -> dict[str, Any]:
        """What a page's preview card shows: title, type, image, dates and tags."""
        title = getattr(page, "title", "") or ""
        is_page = isinstance(page, Page)
        if is_page and page.kind.value == "home":
            title = ""
        card: dict[str, Any] = {"title": title.strip() or fallback_title.strip(),
                                "type": "website", "image": share_image(page),
                                "published": "", "modified": "", "tags": ()}
        if (is_page and page.kind.value == "post") or hasattr(page, "slides"):
            card["type"] = "article"
            date, updated = getattr(page, "date", None), getattr(page, "updated", None)
            card["published"] = date.isoformat() if date else ""
            card["modified"] = (updated or date).isoformat() if date else ""
            card["tags"] = getattr(page, "tags", ())
        return card

    return {"share": share, "share_image": share_image, "blog_posting": blog_posting,
            "person": person}
