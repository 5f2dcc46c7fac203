"""The settings of a Gatsby blog, read without running them (as Astro's are, with the
same reader of JavaScript literals).

- `gatsby-config.*`: `siteMetadata` (`title`/`siteTitle`, `description`, `author` as a
  string or `{name}`, `siteUrl`, the `social` handles), whether `gatsby-remark-katex`,
  `gatsby-remark-mathjax` or `remark-math` renders formulas, whether gatsby-plugin-mdx
  reads `.md` files as MDX (its `extensions`), and the folders that
  `gatsby-source-filesystem` reads (each a collection; one with no Markdown is none).
- `gatsby-node.*`: where `createPage` put each Markdown file. The starters take the
  path of the file from its folder (`createFilePath`: `content/blog/ppo/index.md` →
  `/ppo/`), maybe under a prefix (`` value: `/blog${value}` ``, `` path: `/posts${slug}` ``);
  others a key of its front matter (`path: node.frontmatter.path`,
  `` `/blog/${node.frontmatter.slug}` ``). The File System Route API
  (`src/pages/blog/{mdx.frontmatter__slug}.js`) says the same in a file's name.
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.astro_settings import AstroConfig, Collection
from lanting.importer.common import read_text
from lanting.importer.js_literals import key_object, key_string, strip_comments
from lanting.importer.report import Report

CONFIGS = tuple(f"gatsby-config.{s}" for s in ("js", "ts", "mjs"))
_NODES = tuple(f"gatsby-node.{s}" for s in ("js", "ts", "mjs"))
_MATH = re.compile(r"gatsby-remark-(?:katex|mathjax)|remark-math|rehype-katex|rehype-mathjax")
_SOURCE = re.compile(r"""resolve\s*:\s*['"`]gatsby-source-filesystem['"`]""")
_FOLDER = re.compile(r"""path\s*:\s*(?:path\.(?:join|resolve)\(\s*__dirname\s*,\s*)?"""
                     r"""['"`](?:\$\{__dirname\}/?)?\.?/?([^'"`$\n]*)['"`]""")
_FRONT_KEY = re.compile(r"frontmatter\.(\w+)|frontmatter__(\w+)")
_SOCIAL = {"github": "https://github.com/{}", "twitter": "https://twitter.com/{}",
           "x": "https://x.com/{}", "linkedin": "https://www.linkedin.com/in/{}",
           "youtube": "https://www.youtube.com/@{}"}
_STARTERS = frozenset({"kylemathews", "gatsbyjs"})
"""Handles the starters ship in `social`: the starter's author's, not the site's."""


def read_gatsby(source: Path, report: Report) -> AstroConfig:
    file = next((n for n in CONFIGS if (source / n).is_file()), CONFIGS[0])
    code = strip_comments(read_text(source / file)) if (source / file).is_file() else ""
    config = AstroConfig("gatsby", file)
    meta = key_object(code, "siteMetadata") or _required(source, code, "siteMetadata")
    config.title = _string(meta, "title") or _string(meta, "siteTitle")
    config.description = _string(meta, "description") or _string(meta, "siteDescription")
    config.site_url = _string(meta, "siteUrl") or _string(meta, "siteURL")
    author = key_object(meta, "author")
    config.author = _string(author, "name") if author is not None else _string(meta, "author")
    social = key_object(meta, "social") or key_object(author or "", "social") or ""
    for key, pattern in _SOCIAL.items():
        handle = _string(social, key).strip().lstrip("@")
        if handle and handle not in _STARTERS:
            url = handle if handle.startswith("http") else pattern.format(handle)
            config.links.append({"name": "X" if key == "x" else key.title().replace(
                "Github", "GitHub").replace("Linkedin", "LinkedIn"), "url": url})
    config.math = bool(_MATH.search(code))
    if "gatsby-plugin-mdx" not in code:  # (gatsby-transformer-remark reads `.md` alone)
        config.suffixes = (".md", ".markdown")
    else:  # (`extensions: [".mdx", ".md"]`: its `.md` files are MDX, imports and all)
        extensions = re.search(r"extensions\s*:\s*\[([^\]]*)\]", code)
        if extensions and re.search(r"""['"`]\.md['"`]""", extensions.group(1)):
            config.mdx = (".mdx", ".md")
    route, ids = _route(source)
    config.collections = [Collection(folder.name, folder, "/" + name if route == _BY_SOURCE
                                     else route, ids) for folder, name in _folders(source, code)]
    if not code:
        report.warn(file, None, "not found: the site's title and author are left for you "
                    "to set in lanting.toml")
    return config


def _required(source: Path, code: str, name: str) -> str:
    """The text of the local module the settings take `name` from
    (`const siteMetadata = require("./src/data/metadata")`, or an `import`)."""
    found = re.search(rf"""(?:const|let|var)\s+{name}\s*=\s*require\(\s*['"`](\.[^'"`]+)"""
                      rf"""|import\s+{name}\s+from\s+['"](\.[^'"]+)""", code)
    if found is None:
        return ""
    base = source / (found.group(1) or found.group(2))
    for candidate in (base, *(base.with_name(base.name + s) for s in (".js", ".ts", ".mjs"))):
        if candidate.is_file():
            return strip_comments(read_text(candidate))
    return ""


def _string(body: str, key: str) -> str:
    value, _written = key_string(body, key)
    return (value or "").strip()


def _folders(source: Path, code: str) -> list[tuple[Path, str]]:
    """The folders `gatsby-source-filesystem` reads, with the `name` it gives each (its
    `sourceInstanceName`; the folder's name when none), but `src/pages/` (Gatsby makes
    its Markdown pages at their paths, as Astro does: read as pages)."""
    found: list[tuple[Path, str]] = []
    for plugin in _SOURCE.finditer(code):
        options = key_object(code[plugin.end():plugin.end() + 600].lstrip(" ,\n"), "options")
        match = _FOLDER.search(options or "")
        if match is None:
            continue
        folder = (source / match.group(1).strip("/")).resolve()
        if folder.is_dir() and folder != (source / "src" / "pages").resolve() \
                and folder not in (f for f, _n in found):
            found.append((folder, _string(options or "", "name") or folder.name))
    return found


_BY_SOURCE = "/{sourceInstanceName}"
"""The route of a site whose page paths begin with each source's name."""
_SOURCE_PATH = re.compile(r"createPage\(\s*\{[^}]*?\bpath\s*:\s*(?:path\.(?:posix\.)?join\(\s*"
                          r"[`'\"]?/?(?:\$\{)?\s*(\w+)\s*\}?[`'\"]?\s*,\s*([\w.]+)\s*\)"
                          r"|`/?\$\{\s*(\w+)\s*\}/?\$\{\s*([\w.]+)\s*\}/?`)", re.DOTALL)
"""A post's page at `path.join(type, slug)` (`` `/${type}/${slug}` ``): `type` the node
field the site set from the file's `sourceInstanceName`, the name of the
`gatsby-source-filesystem` that read it."""


def _route(source: Path) -> tuple[str, str]:
    """The prefix of the posts' URLs and how the rest is made: `gatsby` (the file's
    path, `createFilePath`) or `front:KEY` (that key of its front matter)."""
    node = next((source / n for n in _NODES if (source / n).is_file()), None)
    code = strip_comments(read_text(node)) if node is not None else ""
    pages = source / "src" / "pages"
    for page in sorted(pages.rglob("{*}.*")) if pages.is_dir() else []:
        key = _FRONT_KEY.search(page.name)  # (the File System Route API)
        prefix = "/" + page.parent.relative_to(pages).as_posix().strip(".")
        if key:
            return prefix.rstrip("/"), f"front:{key.group(1) or key.group(2)}"
        if "fields__slug" in page.name:
            return prefix.rstrip("/"), "gatsby"
    named = _SOURCE_PATH.search(code)
    if named and "sourceInstanceName" in code:
        first, rest = named.group(1) or named.group(3), named.group(2) or named.group(4)
        if "slug" in rest and "slug" not in first:
            return _BY_SOURCE, "gatsby"
    paths = [m.group(1).strip() for m in re.finditer(
        r"createPage\(\s*\{[^}]*?\bpath\s*:\s*([^,\n}]+)", code, re.DOTALL)]
    # (the page of a post, not of a tag or a page of the list: `/tags/${tag}/`)
    path = next((p for p in paths if re.search(r"slug|frontmatter|fields|\.path\b", p)), "")
    key = _FRONT_KEY.search(path)
    prefix = _prefix(path)
    if key:
        return prefix, f"front:{key.group(1) or key.group(2)}"
    field = re.search(r"createNodeField\(\s*\{[^}]*?\bvalue\s*:\s*([^,\n}]+)", code, re.DOTALL)
    if field and "slug" in code[field.start():field.end() + 200]:
        prefix = _prefix(field.group(1).strip()) + prefix
    return prefix, "gatsby"


def _prefix(expression: str) -> str:
    """The literal start of a path's expression: `` `/blog${slug}` `` → `/blog`,
    `"/posts" + slug` → `/posts`, `node.fields.slug` → ``."""
    match = re.match(r"""[`'"]([^`'"$]*)""", expression)
    return "/" + match.group(1).strip("/") if match and match.group(1).strip("/") else ""
