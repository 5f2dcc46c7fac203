"""The settings of a Next.js blog (tailwind-nextjs-starter-blog and its kind), read
without running them, as an Astro blog's are (`astro_settings`): `data/siteMetadata.js`
(title, author, description, language, `siteUrl`, the social accounts), `remark-math`
in `contentlayer.config.*`, the blog's route (`app/blog/[...slug]/`), `data/blog/`, or the
folders Contentlayer's document types read from its `contentDirPath`; a
blog whose content Velite reads (`velite.config.ts`: its `root` and the collections'
`pattern`s), its `siteConfig` in `config/site.ts`."""

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
from lanting.importer.js_literals import QUOTED, depths_of, key_object, key_string, literal_entries
from lanting.importer.nextjs_fs import ROUTE_FOLDERS, fs_collections
from lanting.importer.nextra_settings import is_nextra, nextra_menu, nextra_title, theme_config
from lanting.importer.report import Report

VELITE_CONFIGS = tuple(f"velite.config.{s}" for s in ("ts", "js", "mjs"))
"""Velite's settings: its content root and each collection's `pattern`."""
CONTENTLAYER_CONFIGS = tuple(f"contentlayer.config.{s}" for s in ("ts", "js", "mjs"))
"""Contentlayer's settings: `contentDirPath` and each document type's `filePathPattern`."""
_SITE_CONFIGS = ("config/site.ts", "src/config/site.ts", "config/site.js",
                 "src/config/site.js", "lib/site.ts", "src/lib/site.ts")
"""Where shadcn-style Next.js blogs keep their `siteConfig` (name, url, author, links)."""
_LAYOUTS = tuple(f"{folder}app/layout.{suffix}" for folder in ("", "src/")
                 for suffix in ("tsx", "jsx", "ts", "js"))
"""The App Router's root layout, whose `export const metadata = { title, description }`
titles a site that keeps no settings of its own."""


def read_nextjs(source: Path, report: Report) -> AstroConfig:
    velite = first_of(source, VELITE_CONFIGS)
    file = "data/siteMetadata.js"
    if not (source / file).is_file() and velite:
        file = first_of(source, _SITE_CONFIGS) or file
    code = text_of(source, file)
    layout = first_of(source, _LAYOUTS)
    metadata = object_of(text_of(source, layout), "metadata") if layout and not code else None
    if metadata:
        file, code = layout or file, metadata
    config = AstroConfig("nextjs", file)
    body = object_of(code, "siteMetadata") or object_of(code, "siteConfig") or code
    values = own_strings(body)
    # (a `siteConfig`'s accounts sit in its `links`)
    values = {**own_strings(key_object(body, "links") or ""), **values}
    config.title = values.get("title") or values.get("headerTitle") or values.get("name", "")
    config.author = values.get("author", "")
    config.description = values.get("description", "")
    config.language = values.get("language") or values.get("locale") or ""
    config.site_url = values.get("siteUrl") or values.get("url", "")
    for key in SOCIAL_KEYS:
        url = values.get(key, "")
        if url.startswith("http") and not placeholder(url):
            config.links.append({"name": "X" if key == "x" else key.title().replace(
                "Github", "GitHub").replace("Linkedin", "LinkedIn"), "url": url})
    email = values.get("email", "")
    if "@" in email and not email.endswith("@yoursite.com"):
        config.links.append({"name": "Email", "url": f"mailto:{email}"})
    layer = velite or first_of(source, CONTENTLAYER_CONFIGS)
    config.math = bool(MATH_PLUGINS.search(text_of(source, layer) if layer else ""))
    next_config = first_of(source, tuple(f"next.config.{s}" for s in ("mjs", "js", "ts",
                                                                      "cjs")))
    if next_config and is_nextra(source):  # (Nextra's own `latex: true`, or remark-math)
        code_of = text_of(source, next_config)
        config.math = config.math or bool(MATH_PLUGINS.search(code_of)) or bool(
            re.search(r"(?<![\w$.])latex\s*:\s*(?:true|\{)", code_of))
    nav = text_of(source, "data/headerNavLinks.ts") or text_of(source, "data/headerNavLinks.js")
    config.menu = [{"name": title, "url": href}
                   for href, title in literal_entries_of(nav, "href", "title")]
    if not code and is_nextra(source):  # (Nextra's theme settings and `_meta.json`)
        theme_file, theme = theme_config(source)
        code, file = theme, theme_file or file
        config.file, config.title = file, nextra_title(theme)
        config.menu = nextra_menu(source, theme)
    routes = [p.parent.relative_to(app).as_posix() for app in (source / "app",
                                                               source / "src" / "app")
              if app.is_dir() for p in sorted(app.glob("**/[[]...slug[]]/page.*"))]
    prefixes = ["/" + re.sub(r"\[\.\.\.slug\]$", "", r).strip("/") for r in routes]
    # (a blog whose own code reads its `posts/` with `fs`: `nextjs_fs`)
    read = [] if (source / "data" / "blog").is_dir() else fs_collections(source)
    config.collections = read or ([Collection("blog", source / "data" / "blog",
                                              prefixes[0] if prefixes else "/blog", "path")]
                                  if (source / "data" / "blog").is_dir()
                                  or not mdx_routes(source) else [])
    if velite:
        _velite(config, source, text_of(source, velite), prefixes)
    elif layer and contentlayer_root(source) is not None:
        _contentlayer(config, source, text_of(source, layer), prefixes)
    if not code:
        report.warn(config.file, None, "not found: the site's title and author are left "
                    "for you to set in lanting.toml")
    return config


def _velite(config: AstroConfig, source: Path, code: str, prefixes: list[str]) -> None:
    """Velite's collections (`pattern: "blog/**/*.mdx"` under its `root`, `content` by
    default), each published by the route of its folder's name (`app/blog/[...slug]`:
    `s.path()` less its first part, the folder, as `slugAsParams` makes it); only `.mdx`
    files are entries when the patterns name only those (a `README.md` beside is not)."""
    root = source / (key_string(code, "root")[0] or "content").strip("./")
    found: list[Collection] = []
    suffixes: set[str] = set()
    for match in re.finditer(r"\bpattern\s*:\s*" + QUOTED, code):
        pattern = match.group(1) if match.group(1) is not None else match.group(2) or ""
        head = re.split(r"[*{]", pattern, maxsplit=1)[0].strip("/").rsplit("/", 1)[0] \
            if "/" in pattern else ""
        if not head or "." in head.rsplit("/", 1)[-1]:
            continue  # (a file of data, `authors/*.yml` too, or all of the root)
        prefix = next((p for p in prefixes if p.rstrip("/").endswith("/" + head)), None)
        found.append(Collection(head, root / head, prefix, "path"))
        suffix = re.search(r"\*(\.mdx?)$", pattern)
        suffixes |= {suffix.group(1)} if suffix else set(config.suffixes)
    config.collections = [c for c in found if c.folder.is_dir()]
    if suffixes:
        config.suffixes = tuple(s for s in config.suffixes if s in suffixes)


_MDX_PAGES = re.compile(r"""@next/mdx|['"]nextra['"]""")
"""What makes Markdown files of `pages/` routes: `@next/mdx`, or Nextra (its blog and
docs themes; `require('nextra')`, `"nextra": "^2.13"`)."""


def mdx_routes(source: Path) -> list[tuple[Path, str]]:
    """The Markdown pages of a Next.js site with `@next/mdx` (`pageExtensions` naming
    `md` or `mdx`): (file, its route); none without `next.config.*` or `@next/mdx`."""
    config = first_of(source, tuple(f"next.config.{s}" for s in ("mjs", "js", "ts", "cjs")))
    if config is None or not _MDX_PAGES.search(text_of(source, config) + text_of(
            source, "package.json")):
        return []
    found: list[tuple[Path, str]] = []
    for folder in ROUTE_FOLDERS:
        root = source / folder
        app = folder.endswith("app")
        for path in sorted(root.rglob("*.md*")) if root.is_dir() else []:
            rel = path.relative_to(root)
            if path.suffix.lower() not in (".md", ".mdx") or any(
                    p.startswith(("_", "[", ".")) for p in rel.parts) or \
                    app and path.stem != "page":
                continue
            parts = [p for p in (rel.parent.parts if app else (*rel.parent.parts, path.stem))
                     if not (p.startswith("(") and p.endswith(")"))]  # (a route group)
            parts = parts[:-1] if parts and parts[-1] == "index" else parts
            found.append((path, "/" + "/".join(parts) + ("/" if parts else "")))
    return found + nextra_content(source, text_of(source, config))


def nextra_content(source: Path, code: str) -> list[tuple[Path, str]]:
    """Nextra 4's `content/` (or `src/content/`) folder, which its catch-all route
    `app/[[...mdxPath]]/page.jsx` publishes under `contentDirBasePath` (`/` unless
    given): `content/concept/slope.mdx` at `/concept/slope`."""
    root = next((source / f for f in ("content", "src/content") if (source / f).is_dir()),
                None)
    routes = [p for folder in ("app", "src/app") if (source / folder).is_dir()
              for p in (source / folder).rglob("*") if p.is_dir()
              and re.fullmatch(r"\[\[\.\.\.\w+\]\]", p.name)]
    if root is None or not routes:
        return []
    base = (key_string(code, "contentDirBasePath")[0] or "/").strip("/")
    found: list[tuple[Path, str]] = []
    for path in sorted(root.rglob("*.md*")):
        rel = path.relative_to(root)
        if path.suffix.lower() in (".md", ".mdx") and not any(
                p.startswith(("_", ".")) for p in rel.parts):
            parts = [p for p in (base, *rel.parent.parts, path.stem) if p]
            parts = parts[:-1] if parts and parts[-1] == "index" else parts
            found.append((path, "/" + "/".join(parts) + ("/" if parts else "")))
    return found


def contentlayer_root(source: Path) -> Path | None:
    """The folder Contentlayer reads (`contentDirPath: "posts"`), when it is one of the
    site's other than `data/` (tailwind-nextjs-starter-blog's, read as its own)."""
    file = first_of(source, CONTENTLAYER_CONFIGS)
    given = key_string(text_of(source, file), "contentDirPath")[0] if file else None
    root = (source / given).resolve() if given else None
    return root if root is not None and root.is_dir() and root != source.resolve() and \
        root.is_relative_to(source.resolve()) and root.name != "data" else None


def _contentlayer(config: AstroConfig, source: Path, code: str, prefixes: list[str]) -> None:
    """Contentlayer's document types under its `contentDirPath`: each
    `filePathPattern`'s folder (`posts/**/*.mdx`; `**/*.mdx` the whole root) a
    collection, published under the prefix its computed `url` puts before
    `_raw.flattenedPath` (`` `/posts/${doc._raw.flattenedPath}` ``), else under the route
    of a `[...slug]` page of `app/`; only `.mdx` files are entries when the patterns
    name only those."""
    root = contentlayer_root(source)
    if root is None:
        return
    computed = re.search(r"[`'\"](/[\w/-]*?)/?\$\{\s*\w+\._raw\.flattenedPath\s*\}", code)
    route = computed.group(1) if computed else prefixes[0] if prefixes else None
    found: list[Collection] = []
    suffixes: set[str] = set()
    for match in re.finditer(r"\bfilePathPattern\s*:\s*" + QUOTED, code):
        pattern = match.group(1) if match.group(1) is not None else match.group(2) or ""
        head = re.split(r"[*{]", pattern, maxsplit=1)[0].strip("/")
        head = head.rsplit("/", 1)[0] if "/" in head or "." in head else head
        folder = root / head if head else root
        found.append(Collection(head or root.name, folder, route, "path"))
        suffix = re.search(r"\*(\.mdx?)$", pattern)
        suffixes |= {suffix.group(1)} if suffix else set(config.suffixes)
    config.collections = [c for c in found if c.folder.is_dir()] or \
        [Collection(root.name, root, route, "path")]
    if suffixes:
        config.suffixes = tuple(s for s in config.suffixes if s in suffixes)


def literal_entries_of(code: str, first: str, second: str) -> list[tuple[str, str]]:
    """(`first`, `second`) of the literal objects of the first array in `code`."""
    at = code.find("[")
    if at < 0:
        return []
    return literal_entries(code, depths_of(code), at, first, second)
