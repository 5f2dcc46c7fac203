"""Stage 6 (links) — each page's body: its rendered HTML with the URLs of the pages it links to
and the WebP variants of its images, made when first used (on an incremental build most
pages are not rendered again, so their HTML is never loaded nor link-resolved)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from lanting.markdown.links import resolve_placeholders
from lanting.model.content import Loaded
from lanting.model.pages import Body
from lanting.model.site import Routes
from lanting.site.images import ResponsiveImages


def link_pages(
    loaded: list[Loaded], routes: Routes, stored_html: Callable[[str], str],
    link_maps: dict[str, dict[str, str]] | None = None,
    images: ResponsiveImages | None = None,
) -> dict[str, Body]:
    """Each page's HTML with the URLs of the pages it links to and the WebP variants of
    its images (resolved when first used; links to unknown pages are the check stage's
    business). A page in another language than the default resolves with its language's
    map (`link_maps`). `stored_html(key)` loads the HTML a cache entry keeps apart
    (`Loaded.html_in_cache`)."""
    site_map = routes.link_map()
    return {item.document.source.rel.as_posix(): page_body(
        item, stored_html, (link_maps or {}).get(item.document.meta.lang or "", site_map), images)
        for item in loaded}


def page_body(item: Loaded, stored_html: Callable[[str], str], link_map: dict[str, str],
              images: ResponsiveImages | None) -> Body:
    """One page's `link_pages`."""
    rendered = item.rendered
    assert rendered is not None
    records = [(link.url, link.target) for link in rendered.links]
    urls = [link_map.get(t) for _, t in records if t is not None]
    targets = repr(urls) + (repr([images.variants.get(u) for u in urls if u])
                            if images and images.variants else "")
    digest = hashlib.blake2b((rendered.html_hash + targets).encode(), digest_size=12).hexdigest()

    def load() -> str:
        assert rendered is not None
        raw = stored_html(item.key) if item.html_in_cache else rendered.html
        html = resolve_placeholders(raw, records, link_map)
        return images.rewrite(html) if images else html

    summary = rendered.summary_html and resolve_placeholders(
        rendered.summary_html, [(link.url, link.target) for link in rendered.summary_links],
        link_map)
    return Body(load, digest, summary)
