"""The settings of an Astro or a Next.js blog, read without running them.

Both keep their settings in JavaScript or TypeScript modules: running them would need
Node and the site's `node_modules`. So only literals are read:

- Astro: `site` and `base` of `astro.config.*` (a literal, or the `url`/`website` of the
  site's own settings object it names), and whether `remark-math` is among its plugins;
  the content collections of `src/content.config.ts` (Astro 5: `glob({base, pattern})`
  loaders, a `${CONST}` in `base` read from the file's constants) or
  `src/content/config.ts` (Astro 2–4: one folder of `src/content/` per collection); the
  route publishing each collection, from `src/pages/` (`posts/[...slug].astro` calling
  `getCollection("posts")`, or named after it); the site's settings object
  (`siteConfig`, `SITE`, `theme`, … in `src/config.ts`, `src/site.config.ts`,
  `src/consts.ts`, `src/constants.ts`): title, description, author, language, social
  links (arrays of `{name, url}`/`{name, href}`), and `profileConfig` (Fuwari);
  AstroWind's `src/config.yaml` (its site, metadata and posts' permalink pattern);
Next.js's are read in `nextjs_settings`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jekyll_math_macros import setup_macros
from lanting.importer.js_literals import (
    depths_of,
    key_object,
    key_string,
    keys_at,
    literal_entries,
    literal_value,
    strip_comments,
)
from lanting.importer.report import Report
from lanting.importer.text import load_mapping

CONTENT_CONFIGS = ("src/content.config.ts", "src/content.config.mjs", "src/content.config.js",
                   "src/content/config.ts", "src/content/config.mjs", "src/content/config.js")
_SETTINGS_FILES = ("src/config.ts", "src/site.config.ts", "src/consts.ts", "src/constants.ts",
                   "src/config.js", "src/site.config.js", "src/consts.js", "src/site.ts")
_SITE_OBJECTS = ("siteConfig", "SITE", "SITE_CONFIG", "site", "config", "theme",
                 "themeConfig", "profileConfig")
"""The names themes give the object of the site's settings (Fuwari's `siteConfig` and
`profileConfig`, AstroPaper's `SITE`, astro-theme-pure's `theme`)."""
_ROUTE = re.compile(r"(?:(.*)/)?\[(?:\.\.\.)?(slug|id|path|post|postId)\](?:/index)?\.astro")
MATH_PLUGINS = re.compile(r"remark-math|rehype-katex|rehype-mathjax")
SOCIAL_KEYS = ("github", "x", "twitter", "linkedin", "mastodon", "bluesky", "youtube",
                "facebook", "instagram", "threads", "medium", "zhihu", "scholar", "orcid")
"""siteMetadata's social accounts, in the order the footer shows them."""


@dataclass(frozen=True, slots=True)
class Collection:
    name: str
    folder: Path
    route: str | None
    """The URL folder its entries were published under (`/posts`, `""` for the root);
    None: no route publishes them (they are read by another page, or not at all)."""
    ids: str = "astro"
    """How an entry's path makes its URL: `astro` (Astro's id: each folder and the
    name slugified, `/index` dropped, a `slug:` instead), `folders` (AstroPaper's
    `getPath`: the folders, then the id's last part), `path` (contentlayer's: the path
    as written)."""
    permalink: str = ""
    """AstroWind's pattern of a post's URL (`/%year%/%slug%`, its `src/config.yaml`'s
    `apps.blog.post.permalink`), which its catch-all route `[...blog]` serves."""


@dataclass
class AstroConfig:
    kind: str
    """`astro` or `nextjs`."""
    file: str
    """The settings file named in the report."""
    site_url: str = ""
    base: str = "/"
    math: bool = False
    macros: dict[str, str] = field(default_factory=dict)
    """The macros of its MathJax or KaTeX plugin's options, as LaTeX."""
    title: str = ""
    description: str = ""
    author: str = ""
    language: str = ""
    avatar: str = ""
    """Fuwari's `profileConfig.avatar` (under `src/`, or `public/` when it starts with
    `/`)."""
    links: list[dict[str, str]] = field(default_factory=list)
    menu: list[dict[str, str]] = field(default_factory=list)
    collections: list[Collection] = field(default_factory=list)
    suffixes: tuple[str, ...] = (".md", ".mdx", ".markdown")
    """The files of a collection that are entries (Gatsby's `.mdx` need its MDX plugin)."""
    mdx: tuple[str, ...] = (".mdx",)
    starlight: bool = False
    """Starlight's docs theme (`astro_starlight`): its docs are notes, dated or not."""
    """The files read as MDX (gatsby-plugin-mdx's `extensions` may name `.md` too)."""


def unbased(path: str, base: str) -> str:
    """A site path written with the site's `base` (`/blog-repo/img/a.png`, as a site
    served from a folder must write it) as a path from the site's own root
    (`/img/a.png`); any other path as it is."""
    prefix = "/" + base.strip("/")
    if prefix != "/" and (path == prefix or path.startswith(prefix + "/")):
        return path[len(prefix):] or "/"
    return path


def text_of(source: Path, rel: str) -> str:
    path = source / rel
    return strip_comments(read_text(path)) if path.is_file() else ""


def first_of(source: Path, names: tuple[str, ...]) -> str:
    return next((n for n in names if (source / n).is_file()), "")


def object_of(code: str, name: str) -> str | None:
    """The text of `const NAME … = {…}` (braces balanced), else None."""
    found = re.search(rf"(?<![\w$.]){re.escape(name)}\b[^=;\n]*=\s*\{{", code)
    if found is None:
        return None
    return key_object("x: " + code[found.end() - 1:], "x")


def own_strings(body: str) -> dict[str, str]:
    """The top-level keys of an object's text holding literal strings."""
    code = "{" + body + "}"
    depths = depths_of(code)
    return {key: value for key, at in keys_at(code, depths, 0, 1)
            if isinstance(value := literal_value(code, at), str)}


def link_entries(body: str, key: str) -> list[dict[str, str]]:
    """The `{name, url}` (or `href`, `link`; `title` for the name) objects of the array
    `key:` holds in an object's text, with absolute URLs."""
    code = "{" + body + "}"
    depths = depths_of(code)
    found: list[dict[str, str]] = []
    for name, at in keys_at(code, depths, 0, 1):
        if name != key:
            continue
        for first in ("name", "title", "label"):
            for second in ("url", "href", "link"):
                for text, url in literal_entries(code, depths, at, first, second):
                    if url.startswith(("http://", "https://", "mailto:")) \
                            and not placeholder(url) and url not in [f["url"] for f in found]:
                        found.append({"name": text, "url": url})
    return found


def placeholder(url: str) -> bool:
    """A service's home page (`https://github.com`), which starters leave for the writer
    to fill in: no account of theirs."""
    return re.fullmatch(r"https?://(?:www\.)?[^/]+/?", url) is not None


def read_config(source: Path, report: Report) -> AstroConfig:
    file = first_of(source, tuple(f"astro.config.{s}" for s in ("mjs", "ts", "js", "mts")))
    config = AstroConfig("astro", file or "astro.config.mjs")
    code = text_of(source, file) if file else ""
    config.math = bool(MATH_PLUGINS.search(code))
    config.macros = plugin_macros(source, file, code) if config.math else {}
    config.base = (key_string(code, "base")[0] or "/").strip() or "/"
    settings = "\n".join(text_of(source, n) for n in _SETTINGS_FILES)
    site, written = key_string(code, "site")
    values: dict[str, str] = {}
    for name in _SITE_OBJECTS:
        body = object_of(settings, name)
        if body is None:
            continue
        for key, value in own_strings(body).items():
            values.setdefault(f"{name}.{key}" if name == "profileConfig" else key, value)
        config.links += [link for key in ("links", "socials", "social")
                         for link in link_entries(body, key) if link not in config.links]
        locale = key_object(body, "locale")
        if locale is not None:
            values.setdefault("lang", key_string(locale, "lang")[0] or "")
    for array in ("SOCIALS", "SOCIAL_LINKS", "socialLinks"):
        listed = re.search(rf"(?<![\w$]){array}\b[^=;\n]*=\s*", settings)
        if listed:
            config.links += [link for link in link_entries(f"{array}: {settings[listed.end():]}",
                                                           array) if link not in config.links]
    consts = dict(re.findall(r"""export\s+const\s+(SITE_\w+)\s*=\s*['"]([^'"\n]+)['"]""",
                             settings))
    config.site_url = site or values.get("website") or values.get("url") or \
        values.get("site") or ""
    if written and site is None and not config.site_url:
        report.note(config.file, None, "`site` is not a plain string: `base_url` is left "
                    "for you to set in lanting.toml")
    config.title = values.get("title") or consts.get("SITE_TITLE", "")
    config.description = values.get("description") or values.get("desc") or \
        values.get("subtitle") or consts.get("SITE_DESCRIPTION", "")
    config.author = values.get("author") or values.get("profileConfig.name") or ""
    config.avatar = values.get("profileConfig.avatar", "")
    config.language = values.get("lang") or values.get("language") or ""
    config.menu = navigation(settings)
    config.collections = collections(source, report)
    _astrowind(source, config)
    return config


_MACROS_NAMED = re.compile(r"\bmacros\s*:\s*([A-Za-z_$][\w$]*)\s*[,}\n]")
"""`macros: mathJaxMacros` in a math plugin's options: an object defined elsewhere."""


def plugin_macros(source: Path, file: str, code: str) -> dict[str, str]:
    """The `macros` of rehype-mathjax's or rehype-katex's options in the settings `code`
    (of `file`): written there (`macros: {"\\R": "\\mathbb{R}"}`), or an object it
    names, defined there or imported from a module of the site (`import { mathJaxMacros }
    from "./src/mathjax.macros"`, an ML blog's 49 macros: every formula using one failed
    the build). MathJax's form, `name: ["…", 1]`, keeps its `#1`."""
    found = {name: expansion for name, expansion, *_ in setup_macros(code)}
    named = _MACROS_NAMED.search(code)
    if named is None:
        return found
    name = named.group(1)
    body = object_of(code, name)
    imported = re.search(r"import\s*\{[^}]*(?<![\w$])" + re.escape(name)
                         + r"(?![\w$])[^}]*\}\s*from\s*[\"'](\.{1,2}/[^\"']+)[\"']", code)
    if body is None and imported is not None:
        module = (source / file).parent / imported.group(1)
        for path in (module, *(module.with_name(module.name + s)
                               for s in (".ts", ".js", ".mjs", ".mts"))):
            if path.is_file() and path.resolve().is_relative_to(source.resolve()):
                body = object_of(strip_comments(read_text(path)), name)
                break
    if body is not None:
        for macro, expansion, *_ in setup_macros("macros: {" + body + "}"):
            found.setdefault(macro, expansion)
    return found


_PRESETS = {"Home": "/", "Archive": "/archive/", "About": "/about/"}
"""Fuwari's `LinkPreset`s: their URLs (their names are the interface's strings)."""


def navigation(settings: str) -> list[dict[str, str]]:
    """The navbar's entries, in order: Fuwari's `navBarConfig.links` (`{name, url}` and
    its `LinkPreset.Archive`, named "" for the new site's own word), Astro Cactus's
    `menuLinks` (`{title, path}`)."""
    nav = object_of(settings, "navBarConfig")
    listed = re.search(r"(?<![\w$])links\s*:\s*\[", nav or "")
    menu = re.search(r"(?<![\w$])(?:menuLinks|NAV_LINKS|navLinks)\b[^=\n]*=\s*\[",
                     settings)
    source = (nav or "")[listed.end():] if listed else settings[menu.end():] if menu else ""
    entries: list[dict[str, str]] = []
    for found in re.finditer(r"LinkPreset\.(\w+)|\{([^{}]*)\}|\]", source):
        if found.group() == "]":
            break
        if found.group(1):
            if found.group(1) in _PRESETS:
                entries.append({"name": "", "url": _PRESETS[found.group(1)]})
            continue
        body = found.group(2)
        name = next((v for k in ("name", "title", "text") if (v := key_string(body, k)[0])),
                    None)
        url = next((v for k in ("url", "path", "href", "link")
                    if (v := key_string(body, k)[0])), None)
        if name and url:
            entries.append({"name": name, "url": url})
    return entries


def _astrowind(source: Path, config: AstroConfig) -> None:
    """AstroWind's settings, in `src/config.yaml`: `site` (`name`, `site`, `base`),
    `metadata` (`title.default`, `description`), `i18n.language`, and the posts'
    permalink pattern, with which its `[...blog]` route served them."""
    file = source / "src" / "config.yaml"
    data = load_mapping("yaml", read_text(file))[0] if file.is_file() else {}
    if not data:
        return
    site, metadata = _table(data, "site"), _table(data, "metadata")
    config.file = "src/config.yaml"
    config.title = config.title or str(_table(metadata, "title").get("default")
                                       or site.get("name") or "")
    config.description = config.description or str(metadata.get("description") or "")
    config.site_url = config.site_url or str(site.get("site") or "")
    config.base = str(site.get("base") or config.base)
    config.language = config.language or str(_table(data, "i18n").get("language") or "")
    post = _table(_table(_table(data, "apps"), "blog"), "post")
    pattern = post.get("permalink")
    if isinstance(pattern, str) and "%" in pattern:
        config.collections = [replace(c, route="", permalink=pattern)
                              if c.route is None else c for c in config.collections]


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


_GLOB_OPTIONS = re.compile(r"""\w+\(\s*\{(?=[^}]*\bpattern\s*:)(?=[^}]*\bbase\s*:)""")
"""A loader given the options of Astro's `glob()`, a pattern and a base folder."""


def collections(source: Path, report: Report) -> list[Collection]:
    """The content collections holding Markdown, each with the route publishing it."""
    file = first_of(source, CONTENT_CONFIGS)
    code = text_of(source, file) if file else ""
    constants = dict(re.findall(r"""(?:const|let)\s+(\w+)\s*=\s*['"`]([^'"`$\n]+)['"`]""",
                                code))
    folders: dict[str, Path] = {}
    for found in re.finditer(r"(?:const|let)\s+(\w+)\s*(?::[^=]*)?=\s*defineCollection\(", code):
        body = key_object("x: " + code[found.end():].lstrip(), "x") or ""
        loader = re.search(r"loader\s*:\s*(\w+)\(", body)
        if loader and loader.group(1) != "glob" and not _GLOB_OPTIONS.search(body):
            # (`file()`: a JSON or YAML list, no Markdown; a site's own loader given
            # glob's `{ pattern, base }`, `blogLoader(…)` calling `glob(params)`, is read
            # as `glob()`)
            continue
        base = re.search(r"""base\s*:\s*(['"`])([^'"`\n]+)\1""", body) if loader else None
        where = re.sub(r"\$\{(\w+)\}", lambda m: constants.get(m.group(1), m.group()),
                       base.group(2)) if base else ""
        if loader and "${" in where:
            report.warn(file, None, f"the folder of collection `{found.group(1)}` "
                        f"(`{where}`) is not a literal: not imported")
            continue
        folders[found.group(1)] = source / where.strip("./") if loader and where else Path()
    exported = object_of(code, "collections")
    names: dict[str, str] = {}
    for entry in re.finditer(r"(?:['\"]?([\w-]+)['\"]?\s*:\s*)?(\w+)\s*(?:,|$)",
                             exported or ""):
        names[entry.group(1) or entry.group(2)] = entry.group(2)
    found_collections: list[Collection] = []
    content = source / "src" / "content"
    for name, variable in names.items() or ():
        folder = folders.get(variable)
        if folder is None:
            continue
        folder = folder if folder != Path() else content / name
        found_collections.append(_routed(source, name, folder))
    # (a folder of `src/content/` the config does not declare is a collection still, as
    # Astro 2-5 made one of it: Fuwari blogs that dropped `spec` from the config)
    taken = {c.folder.resolve() for c in found_collections} | set(names)
    for folder in sorted(content.iterdir()) if content.is_dir() else []:
        if folder.is_dir() and not folder.name.startswith((".", "_")) \
                and folder.resolve() not in taken and folder.name not in taken:
            found_collections.append(_routed(source, folder.name, folder))
    return [c for c in found_collections if c.folder.is_dir()]


def _routed(source: Path, name: str, folder: Path) -> Collection:
    """The collection with the route publishing it: a dynamic route of `src/pages/`
    (`posts/[...slug].astro`, `blog/[...id].astro`, `posts/[...slug]/index.astro`)
    calling `getCollection("NAME")`, else one in a folder named after it (`post` →
    `posts/`)."""
    pages = source / "src" / "pages"
    routes: list[tuple[str, str]] = []
    for file in sorted(pages.rglob("*.astro")) if pages.is_dir() else []:
        match = _ROUTE.fullmatch(file.relative_to(pages).as_posix())
        if match and "[" not in (match.group(1) or ""):
            routes.append(("/" + (match.group(1) or ""), read_text(file)))
    calling = rf"""getCollection\(\s*['"]{re.escape(name)}['"]"""
    chosen = next((r for r in routes if re.search(calling, r[1])), None) or next(
        (r for r in routes if r[0].rstrip("/").rsplit("/", 1)[-1] in (
            name, f"{name}s", name.removesuffix("s"))), None)
    if chosen is None:
        return Collection(name, folder, None)
    ids = "folders" if "getPath(" in chosen[1] else "astro"
    return Collection(name, folder, chosen[0].rstrip("/"), ids)
