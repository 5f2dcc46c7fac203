"""An Eleventy site's settings, read without running its configuration: the folders
(`dir: { input, includes, layouts, data, output }`, or `--input` in package.json's scripts), the
passthrough copies, the Markdown engine's plugins (a math plugin: `$` is TeX), the
`pathPrefix`, the folders and tags its collections read, how its headings got their ids
and its permalinks their slugs (`eleventy_slugs`), the site's data
(`_data/metadata.json` or `.js`, `site.json`: title, URL, language, author) and
`.eleventyignore`. Data files (`x.11tydata.js`, `x.json`) are read here too."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.astro_front import code_dates
from lanting.importer.common import read_text
from lanting.importer.eleventy_dates import date_filters
from lanting.importer.eleventy_front import redirect_keys
from lanting.importer.eleventy_shortcodes import Shortcode, own_shortcodes
from lanting.importer.eleventy_slugs import (
    ELEVENTY_FILTERS,
    JsSlug,
    filter_slugs,
    heading_style,
)
from lanting.importer.js_literals import (
    JS_STRING,
    QUOTED,
    key_object,
    key_string,
    local_modules,
    strip_comments,
    unquote_js,
)
from lanting.importer.text import load_mapping

CONFIG_NAMES = ("eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs",
                ".eleventy.js", "eleventy.config.ts")
"""The configuration files Eleventy looks for, in its order."""

_MATH = re.compile(r"markdown-it-(?:katex|mathjax3?|texmath|math)\b|@[\w-]+/markdown-it-katex"
                   r"|eleventy-plugin-(?:katex|mathjax)|\bkatex(?:\.min)?\.(?:js|css)\b"
                   r"|\bMathJax\b|mathjax@|/mathjax/", re.IGNORECASE)
"""A Markdown engine plugin (or a layout's script) that read `$…$` as TeX."""
_PASSTHROUGH = re.compile(r"addPassthroughCopy\(\s*(" + QUOTED + r"|\{)")
_PAIR = re.compile(r"(?:" + QUOTED + r"|([\w$]+))\s*:\s*" + QUOTED)
"""`"static": "/"`, or `public: "/"` (a key needs no quotes when it is a name)."""
_WIKI_LINKS = re.compile(r"/\\\[\\\[|markdown-it-wikilinks"
                         r"|@photogabble/eleventy-plugin-interlinker")
"""A regular expression literal for `[[` (`/\\[\\[(.*?\\|.*?)\\]\\]/g`, the Digital
Garden's `link` filter) or a wiki-link plugin, in the configuration."""
_GLOB = re.compile(r"getFilteredByGlob\(\s*(\[[^\]]*\]|" + QUOTED + r"|\w+)")
_CONSTANT = r"(?:const|let|var)\s+{}\s*=\s*(\[[^\]]*\]|" + QUOTED + r")"
_INPUT_PATH = re.compile(r"inputPath\s*\.\s*(?:includes|startsWith|indexOf)\(\s*" + QUOTED)
_TAG_TEST = re.compile(r"tags\s*\.\s*includes\(\s*" + QUOTED)
_BY_TAG = re.compile(r"getFilteredByTags?\(\s*" + QUOTED)
_LISTED = re.compile(r"\{%-?\s*for\s+\w+\s+in\s+collections\.(\w+)")
_COLLECTION = re.compile(r"addCollection\(\s*" + QUOTED)
_CLI_INPUT = re.compile(r"--input[= ]([\w./-]+)")


@dataclass
class EleventySettings:
    file: Path
    """The configuration file (or where it would be)."""
    root: Path
    input: Path
    includes: Path
    data: Path
    layouts: Path
    """`dir.layouts`, else the includes folder."""
    output: str = "_site"
    markdown_engine: str = "liquid"
    """What Markdown was pre-processed with (`markdownTemplateEngine`; `""`: none)."""
    passthrough: list[tuple[Path, str]] = field(default_factory=list)
    """(file or folder copied, the site path it was published at)."""
    math: bool = False
    breaks: bool = False
    """markdown-it's `breaks: true`: each line end inside a paragraph was a `<br>`."""
    path_prefix: str = ""
    collection_folders: list[str] = field(default_factory=list)
    """Input-relative folders the collections read (`getFilteredByGlob("posts/*.md")`)."""
    collection_tags: list[str] = field(default_factory=list)
    """Tags a collection of posts gathers (`tags.includes("TIL")`)."""
    collections: list[str] = field(default_factory=list)
    """The names of the config's own collections (`addCollection("allPosts", …)`)."""
    metadata: dict[str, Any] = field(default_factory=dict)
    data_files: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The global data files of the data folder by name (`personal.yaml` → `personal`):
    JSON, YAML, and a JavaScript module's literals."""
    bibliography: Path | None = None
    """markdown-it-biblatex's `bibPath`: the `.bib` its `[@key]` citations cite."""
    ignores: list[str] = field(default_factory=list)
    nutshell: bool = False
    """Nutshell (`nutshell.js`) in the layouts: `:x` sections opened by `[:links]`."""
    date_keys: tuple[str, ...] = ()
    """Keys of the front matter the configuration reads as dates (a collection sorted by
    `new Date(b.data.author_date)`): the posts' dates where `date` is not given."""
    heading_ids: str = ""
    """The `[markdown] heading_ids` style the old headings' ids were made in ("": none
    known: no ids, or the site's own function)."""
    heading_note: str = ""
    """Why the old ids are not made again, when the site made them its own way."""
    slugs: dict[str, JsSlug] = field(default_factory=lambda: dict(ELEVENTY_FILTERS))
    """The `slug` and `slugify` filters permalinks were made with."""
    date_filters: dict[str, str] = field(default_factory=dict)
    """The date filters that are one Luxon format, by name (`eleventy_dates`)."""
    shortcodes: dict[str, Shortcode] = field(default_factory=dict)
    """Its shortcodes that are a template of their arguments (`eleventy_shortcodes`)."""
    wiki_links: bool = False
    """The configuration read `[[Note|Shown]]` itself (a filter or markdown-it plugin:
    Obsidian's Digital Garden template): each led to the note of that name."""
    redirect_keys: tuple[str, ...] = ()
    """The front matter keys of old URLs the site made redirects of (`aliases`,
    `redirect_from`: `eleventy_front`)."""


def config_file(source: Path) -> Path | None:
    return next((source / n for n in CONFIG_NAMES if (source / n).is_file()), None)


def is_eleventy(source: Path, package_only: bool = False) -> bool:
    """An Eleventy configuration (`package_only`: Eleventy among package.json's
    dependencies, a site on Eleventy's defaults)."""
    if not package_only:
        return config_file(source) is not None
    package = read_text(source / "package.json") if (source / "package.json").is_file() else ""
    return re.search(r'"@11ty/eleventy"\s*:', package) is not None


def _strings(text: str) -> list[str]:
    return [unquote_js(m.group()) for m in JS_STRING.finditer(text)]


def read_settings(source: Path) -> EleventySettings:
    file = config_file(source) or source / ".eleventy.js"
    code = strip_comments(read_text(file)) if file.is_file() else ""
    # (a config split over modules it requires, and those over theirs:
    # `./src/_11ty/index.js` requiring `./libraries/markdown.js`)
    read: list[Path] = []
    waiting = [(code, file.parent)]
    while waiting and len(read) < 40:
        requiring, where = waiting.pop(0)
        for module in local_modules(requiring, where):
            if module not in read and module.resolve().is_relative_to(source.resolve()):
                read.append(module)
                more = strip_comments(read_text(module))
                code += "\n" + more
                waiting.append((more, module.parent))
    package = read_text(source / "package.json") if (source / "package.json").is_file() else ""
    folders = key_object(code, "dir") or ""
    found = _CLI_INPUT.search(package)
    given = key_string(folders, "input")[0] or (found.group(1) if found else None) or \
        _conventional_input(source)
    base = (source / given).resolve()
    settings = EleventySettings(
        file=file, root=source, input=base,
        includes=(base / (key_string(folders, "includes")[0] or "_includes")).resolve(),
        data=(base / (key_string(folders, "data")[0] or "_data")).resolve(),
        layouts=(base / (key_string(folders, "layouts")[0] or key_string(
            folders, "includes")[0] or "_includes")).resolve(),
        output=key_string(folders, "output")[0] or "_site")
    engine, there = key_string(code, "markdownTemplateEngine")
    if re.search(r"markdownTemplateEngine\s*:\s*false", code):
        settings.markdown_engine = ""
    elif engine:
        settings.markdown_engine = engine
    prefix = key_string(code, "pathPrefix")[0] or ""
    cli_prefix = re.search(r"--pathprefix[= ]([\w./-]+)", package, re.IGNORECASE)
    prefix = prefix or (cli_prefix.group(1) if cli_prefix else "")
    settings.path_prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""
    settings.passthrough = _passthrough(code, source, base)
    layouts = "".join(read_text(p) for p in sorted(settings.includes.rglob("*"))
                      if p.is_file() and p.suffix in (".njk", ".liquid", ".html"))
    settings.math = bool(_MATH.search(code + package + layouts))
    settings.nutshell = re.search(r"\bnutshell(?:\.min)?\.js\b", layouts) is not None
    settings.breaks = re.search(r"\bbreaks\s*:\s*true\b", code) is not None
    settings.wiki_links = _WIKI_LINKS.search(code) is not None
    for match in _GLOB.finditer(code):
        given = match.group(1)
        # (`getFilteredByGlob(POSTS)`, a constant of the configuration: its value)
        constant = re.search(_CONSTANT.format(given), code) if given.isidentifier() else None
        for glob in _strings(constant.group(1) if constant else given):
            folder = _folder_of(glob, source, base)
            if folder:
                settings.collection_folders.append(folder)
    for match in _INPUT_PATH.finditer(code):
        folder = _folder_of(match.group(1) or match.group(2) or "", source, base)
        if folder:
            settings.collection_folders.append(folder)
    settings.collection_tags = [m.group(1) or m.group(2) for m in _TAG_TEST.finditer(code)]
    settings.collection_tags += [m.group(1) or m.group(2) for m in _BY_TAG.finditer(code)]
    # (the collections the theme's listing pages loop over: `collections.translation`)
    pages = "".join(read_text(p) for p in sorted(base.rglob("*"))
                    if p.is_file() and p.suffix in (".njk", ".liquid") and
                    "node_modules" not in p.parts)
    # (`collections.nav`, eleventy-base-blog's menu of the pages tagged `nav`, is none)
    settings.collection_tags += sorted({name for name in _LISTED.findall(layouts + pages)
                                        if name not in ("all", "tagList", "posts", "post",
                                                        "nav")})
    settings.collections = [m.group(1) or m.group(2) for m in _COLLECTION.finditer(code)]
    settings.redirect_keys = redirect_keys(code + package + layouts + pages)
    settings.heading_ids, settings.heading_note = heading_style(code, file.name)
    settings.slugs = filter_slugs(code)
    settings.date_filters = date_filters(code)
    settings.date_keys = code_dates(code)
    settings.shortcodes = own_shortcodes(code)
    settings.metadata = read_metadata(settings.data)
    settings.data_files = read_data_folder(settings.data)
    bib = key_string(code, "bibPath")[0]
    settings.bibliography = (source / bib).resolve() if bib else None
    ignore = source / ".eleventyignore"
    if ignore.is_file():
        settings.ignores = [line.strip() for line in read_text(ignore).splitlines()
                            if line.strip() and not line.startswith("#")]
    return settings


def _conventional_input(source: Path) -> str:
    """The input folder of a configuration that names none: `src` when that holds the
    `_includes` or `_data` folder and the root does not (a theme package's code, not in
    the repository, set `dir.input`), else Eleventy's default, the root."""
    if not any((source / n).is_dir() for n in ("_includes", "_data")) and any(
            (source / "src" / n).is_dir() for n in ("_includes", "_data")):
        return "src"
    return "."


def _folder_of(glob: str, source: Path, base: Path) -> str:
    """The input-relative folder a glob or path names (`./src/posts/**/*.md` → `posts`);
    "" for the whole input."""
    head = re.split(r"[*{]", glob, maxsplit=1)[0]
    head = head.rsplit("/", 1)[0] if "*" in glob or "{" in glob or not head.endswith("/") \
        else head.rstrip("/")
    where = (source / head.lstrip("/")).resolve()
    if where.is_relative_to(base) and where != base:
        return where.relative_to(base).as_posix()
    # (`inputPath.includes("/src/content/posts/")`: the path from the project's root)
    inside = (source / head.strip("/")).resolve()
    return inside.relative_to(base).as_posix() if inside.is_relative_to(base) and \
        inside != base else ""


def _passthrough(code: str, source: Path, base: Path) -> list[tuple[Path, str]]:
    """Each `addPassthroughCopy("img")` (published at its path from the input folder)
    and `addPassthroughCopy({ "static": "/" })` (at the path it names)."""
    copies: list[tuple[Path, str]] = []
    for match in _PASSTHROUGH.finditer(code):
        if match.group(1) != "{":
            written = (match.group(2) or match.group(3) or "").strip()
            if "*" in written:
                continue  # (a glob of the content's images: they go with their posts)
            path = (source / written).resolve()
            rel = path.relative_to(base).as_posix() if path.is_relative_to(base) \
                else written.strip("./").strip("/")
            copies.append((path, "/" + rel))
            continue
        end = code.find("}", match.end())
        for pair in _PAIR.finditer(code, match.end(), end):
            src = next((g for g in pair.group(1, 2, 3) if g is not None), "")
            dest = pair.group(4) if pair.group(4) is not None else pair.group(5) or ""
            if "*" not in src:
                copies.append(((source / src).resolve(), "/" + dest.strip("./").strip("/")))
    return copies


def read_metadata(data: Path) -> dict[str, Any]:
    """The site's data (`metadata`, `site`, `siteConfig`, `siteData`, `config`: JSON,
    or a JavaScript module's literal strings), later names under earlier ones."""
    found: dict[str, Any] = {}
    for name in ("metadata", "site", "siteConfig", "siteData", "config", "meta"):
        for suffix in (".json", ".js", ".mjs", ".cjs"):
            path = data / f"{name}{suffix}"
            if path.is_file():
                for key, value in read_data_file(path).items():
                    found.setdefault(key, value)
    return found


def read_data_folder(data: Path) -> dict[str, dict[str, Any]]:
    """Each data file at the top of the data folder, by its name."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(data.glob("*")) if data.is_dir() else []:
        if path.suffix in (".yaml", ".yml"):
            found.setdefault(path.stem, load_mapping("yaml", read_text(path))[0])
        elif path.suffix in (".json", ".js", ".mjs", ".cjs"):
            found.setdefault(path.stem, read_data_file(path))
    return found


CODE_PERMALINK = "{{ (the site's code) }}"
"""A `permalink` that is a function Lanting cannot read (`(data) => { if … }`): no
pattern, so no old URL, and not the default one either."""
_FUNCTION = re.compile(r"(?:async\s+)?(?:function\b|\(\s*[\w{},\s]*\)\s*=>|\w+\s*=>)")
_DATA_KEYS = ("title", "date", "url", "baseUrl", "siteUrl", "language", "lang", "locale",
              "description", "subtitle", "name", "email", "author", "layout", "permalink",
              "tags", "draft", "eleventyExcludeFromCollections", "eleventyNavigation",
              "eleventyComputed")


def read_data_file(path: Path) -> dict[str, Any]:
    """A data file's values: JSON as it is; of a JavaScript module, the keys Lanting uses
    that hold literals (strings, `true`/`false`, arrays of strings, `{ key, order }`)."""
    text = read_text(path)
    if path.suffix == ".json":
        try:
            loaded = json.loads(text)
        except ValueError:
            return {}
        return loaded if isinstance(loaded, dict) else {}
    return js_values(strip_comments(text))


def _arrow(code: str, key: str) -> str | None:
    """`permalink: (data) => … `${data.page.fileSlug}/` …`, a function of the data: its
    first template literal, each `${data.x}` as `{{ x }}` (a pattern `eleventy_urls`
    works out); None when it holds anything but names."""
    found = re.search(rf"\b{key}\s*:\s*(?:\(\s*\w*\s*\)|\w+)\s*=>[^`\n]*`([^`]*)`", code)
    if found is None or any(not re.fullmatch(r"\s*[\w.]+\s*", e)
                            for e in re.findall(r"\$\{([^}]*)\}", found.group(1))):
        return None
    return re.sub(r"\$\{\s*(?:data\.)?([\w.]+)\s*\}", r"{{ \1 }}", found.group(1))


def js_values(code: str) -> dict[str, Any]:
    """The literal values of the keys Lanting uses in JavaScript data (a data file, a
    `---js` front matter)."""
    values: dict[str, Any] = {}
    # (`"layout": "post.njk"`: a quoted key is a key all the same)
    code = re.sub(r"([\"'])(\w+)\1(\s*:)", r"\2\3", code)
    for key in _DATA_KEYS:
        text, there = key_string(code, key)
        if text is not None:
            values[key] = text
            continue
        if not there:
            continue
        at = re.search(rf"(?<![\w.$]){key}\s*:\s*", code)
        if at is None:
            continue
        rest = code[at.end():]
        if re.match(r"(true|false)\b", rest):
            values[key] = rest.startswith("true")
        elif key == "permalink" and _FUNCTION.match(rest):
            # (`permalink: (data) => `/posts/${data.page.fileSlug}/``, read as in
            # `eleventyComputed`; a function doing more, code)
            values[key] = _arrow(code, key) or CODE_PERMALINK
        elif rest.startswith("["):
            values[key] = _strings(rest[:rest.find("]") + 1])
        elif rest.startswith("{") and key == "eleventyComputed":
            # (`eleventyComputed: { permalink: "/notes/{{ page.fileSlug }}/" }`; a
            # function, `title: (data) => …`, is code: not read)
            inner = key_object(code[at.start():], key) or ""
            values[key] = {k: v for k in ("permalink", "title")
                           if (v := key_string(inner, k)[0] or _arrow(inner, k)) is not None}
            if "permalink" not in values[key] and key_string(inner, "permalink")[1]:
                values[key]["permalink"] = CODE_PERMALINK
        elif rest.startswith("{"):
            inner = key_object(code[at.start():], key) or ""
            values[key] = {k: v for k in ("name", "email", "url", "key", "parent", "title")
                           if (v := key_string(inner, k)[0]) is not None}
            order = re.search(r"\border\s*:\s*(-?\d+)", inner)
            if order:
                values[key]["order"] = int(order.group(1))
    return values
