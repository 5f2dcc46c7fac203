"""The settings of a Next.js blog (tailwind-nextjs-starter-blog and its kind), read
without running them, as an Astro blog's are (`astro_settings`): `data/siteMetadata.js`
(title, author, description, language, `siteUrl`, the social accounts), `remark-math`
in `contentlayer.config.*`, the blog's route (`app/blog/[...slug]/`), `data/blog/`."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.astro_settings import (
    MATH_PLUGINS,
    SOCIAL_KEYS,
    AstroConfig,
    Collection,
    first_of,
    object_of,
    own_strings,
    placeholder,
    text_of,
)
from lanting.importer.js_literals import depths_of, literal_entries
from lanting.importer.report import Report


def read_nextjs(source: Path, report: Report) -> AstroConfig:
    config = AstroConfig("nextjs", "data/siteMetadata.js")
    code = text_of(source, "data/siteMetadata.js")
    body = object_of(code, "siteMetadata") or code
    values = own_strings(body)
    config.title = values.get("title") or values.get("headerTitle") or ""
    config.author = values.get("author", "")
    config.description = values.get("description", "")
    config.language = values.get("language") or values.get("locale") or ""
    config.site_url = values.get("siteUrl", "")
    for key in SOCIAL_KEYS:
        url = values.get(key, "")
        if url.startswith("http") and not placeholder(url):
            config.links.append({"name": "X" if key == "x" else key.title().replace(
                "Github", "GitHub").replace("Linkedin", "LinkedIn"), "url": url})
    email = values.get("email", "")
    if "@" in email and not email.endswith("@yoursite.com"):
        config.links.append({"name": "Email", "url": f"mailto:{email}"})
    layer = first_of(source, tuple(f"contentlayer.config.{s}" for s in ("ts", "js", "mjs")))
    config.math = bool(MATH_PLUGINS.search(text_of(source, layer) if layer else ""))
    nav = text_of(source, "data/headerNavLinks.ts") or text_of(source, "data/headerNavLinks.js")
    config.menu = [{"name": title, "url": href}
                   for href, title in literal_entries_of(nav, "href", "title")]
    route = next((p.parent.relative_to(source / "app").as_posix() for p in sorted(
        (source / "app").glob("**/[[]...slug[]]/page.*"))), None) \
        if (source / "app").is_dir() else None
    prefix = "/" + re.sub(r"\[\.\.\.slug\]$", "", route or "blog/[...slug]").strip("/")
    config.collections = [Collection("blog", source / "data" / "blog", prefix, "path")]
    if not code:
        report.warn(config.file, None, "not found: the site's title and author are left "
                    "for you to set in lanting.toml")
    return config


def literal_entries_of(code: str, first: str, second: str) -> list[tuple[str, str]]:
    """(`first`, `second`) of the literal objects of the first array in `code`."""
    at = code.find("[")
    if at < 0:
        return []
    return literal_entries(code, depths_of(code), at, first, second)
