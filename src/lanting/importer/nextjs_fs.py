"""A Next.js blog whose code reads its Markdown itself, with Node's `fs` and gray-matter,
as Next.js's own tutorial blog does: `path.join(process.cwd(), "posts")` (or `const
folder = "posts/"` with `readdirSync(folder)`) lists the posts, and a dynamic route,
`pages/posts/[id].js` or `app/blog/posts/[slug]/page.tsx`, shows each at its file's
name. No Contentlayer, Velite or `@next/mdx` names the folder: the code does.

Each such folder holding Markdown is a collection, published under the route whose
folder or code names it (else the one dynamic route of the site), at the file's name.
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.astro_settings import Collection, first_of, text_of

ROUTE_FOLDERS = ("pages", "src/pages", "app", "src/app")
"""Where Next.js routes are files: the Pages Router's `pages/blog/x.mdx` at `/blog/x`, the
App Router's `app/blog/x/page.mdx` at `/blog/x`."""
_CODE_FOLDERS = ("lib", "src/lib", "utils", "src/utils", *ROUTE_FOLDERS)
_CODE_SUFFIXES = (".js", ".jsx", ".ts", ".tsx", ".mjs")
_CWD_FOLDER = re.compile(r"""join\(\s*process\.cwd\(\)\s*,\s*((?:['"][\w./-]+['"]\s*,?\s*)+)\)""")
"""`path.join(process.cwd(), "content", "posts")`: a folder from the project's root."""
_READ_FOLDER = re.compile(r"""\b(?:const|let)\s+\w+\s*=\s*['"`]([\w./-]+?)/?['"`]\s*;?\s*\n"""
                          r"""(?:[^\n]*\n){0,3}?[^\n]*\breaddirSync\(""")
"""`const folder = "posts/";` with `fs.readdirSync(folder)` close below it."""
_DYNAMIC = re.compile(r"^\[(?:\.\.\.)?\w+\]$")


def is_nextjs(source: Path) -> bool:
    """Whether the project is a Next.js site (`next.config.*`, or `next` a dependency)."""
    return bool(first_of(source, tuple(f"next.config.{s}" for s in ("js", "mjs", "ts", "cjs")))
                or re.search(r'"next"\s*:', text_of(source, "package.json")))


def _code_files(source: Path) -> list[Path]:
    return [path for folder in _CODE_FOLDERS if (source / folder).is_dir()
            for path in sorted((source / folder).rglob("*"))
            if path.suffix in _CODE_SUFFIXES and "node_modules" not in path.parts]


def read_folders(source: Path) -> list[Path]:
    """The folders of Markdown the site's code reads with `fs`."""
    found: dict[Path, None] = {}
    for path in _code_files(source):
        code = path.read_text(encoding="utf-8", errors="replace")
        named = [re.findall(r"[\w./-]+", m.group(1)) for m in _CWD_FOLDER.finditer(code)]
        named += [[m.group(1)] for m in _READ_FOLDER.finditer(code)]
        for parts in named:
            folder = source.joinpath(*(p.strip("./") for p in parts if p.strip("./")))
            if folder != source and folder.is_dir() and any(
                    f.suffix.lower() in (".md", ".mdx") for f in folder.iterdir()):
                found[folder] = None
    return list(found)


def _routes(source: Path) -> list[tuple[str, str]]:
    """Each dynamic route (its URL folder, its code): `pages/posts/[id].js` is
    `/posts`, `app/blog/posts/[slug]/page.tsx` `/blog/posts` (route groups left out)."""
    found: list[tuple[str, str]] = []
    for folder in ROUTE_FOLDERS:
        root = source / folder
        app = folder.endswith("app")
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            if path.suffix not in _CODE_SUFFIXES:
                continue
            rel = path.relative_to(root)
            last = rel.parent.name if app else path.stem
            if (app and path.stem != "page") or not _DYNAMIC.match(last):
                continue
            parts = [p for p in (rel.parent.parts[:-1] if app else rel.parent.parts)
                     if not (p.startswith("(") and p.endswith(")"))]
            if not any(p.startswith("[") or p == "api" for p in parts):
                found.append(("/" + "/".join(parts), path.read_text(encoding="utf-8",
                                                                      errors="replace")))
    return found


def fs_collections(source: Path) -> list[Collection]:
    """A collection for each folder the code reads, published under the dynamic route
    whose URL folder or code names the folder (the site's only one, else none)."""
    if not is_nextjs(source):
        return []
    routes = _routes(source)
    found: list[Collection] = []
    for folder in read_folders(source):
        named = [url for url, code in routes if url.rstrip("/").endswith("/" + folder.name)
                 or re.search(rf"""['"`/]{re.escape(folder.name)}/?['"`]""", code)]
        route = named[0] if named else routes[0][0] if len(routes) == 1 else None
        found.append(Collection(folder.name, folder, route, "path"))
    return found
