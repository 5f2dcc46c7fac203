"""The old tag and archive pages of an Astro or Next.js blog, kept answering.

Their routes are read from the site's folders: a `[tag]` route (`src/pages/tags/[tag]/`,
Next.js's `app/tags/[tag]/`) published each tag's page under its folder, at the tag
made a slug (github-slugger's, as the Next.js starter and most themes make it; the tag
as written, which Astro Cactus lower-cases), its folder the list of tags; an
`archives` page (AstroPaper's) the archive. Each becomes a `[redirects]` entry to
Lanting's page (`/tags/<tag>/`, `/tags/`, `/archive/`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from lanting.importer.listings import Redirects, listed_posts, term_urls
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.markdown.anchors import github_slug

_TAG_ROUTE = re.compile(r"(?:(.*)/)?\[(?:\.\.\.)?tags?\](?:/|\.astro$|$)")


def tag_folders(source: Path) -> list[str]:
    """The URL folders a `[tag]` route published tag pages under (`/tags`)."""
    found: list[str] = []
    for root in (source / "src" / "pages", source / "app"):
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            match = _TAG_ROUTE.match(path.relative_to(root).as_posix())
            folder = "/" + (match.group(1) or "") if match else None
            if folder is not None and "[" not in folder and folder not in found:
                found.append(folder)
    return found


def listing_redirects(site: NewSite, report: Report, source: Path, where: str,
                      lists: Sequence[str] = ()) -> None:
    """The old tag pages, their index, AstroPaper's `/archives/` and the theme's `lists`
    of posts → Lanting's."""
    posts = listed_posts(site)
    if not posts:
        return
    redirects = Redirects(site, report, where)
    for old in lists:
        if old != "/":
            redirects.add(old, "/blog/")
    tags = term_urls(posts, "tags")
    for folder in tag_folders(source):
        for post in posts:
            for tag in post.front.get("tags", []):
                new = tags.get(str(tag).casefold(), "/tags/")
                written = str(tag).lower()  # (Astro Cactus's: the tag as written)
                for old in dict.fromkeys((github_slug(str(tag)), written)):
                    if not re.search(r"[\s/?#%]", old):
                        redirects.add(f"{folder.rstrip('/')}/{old}/", new)
        redirects.add(folder.rstrip("/") + "/", "/tags/")
    if any((source / "src" / "pages").glob("archives*")):
        redirects.add("/archives/", "/archive/")
    redirects.finish("tag and archive pages")
