"""A Nextra site's settings, read without running them: `theme.config.jsx` (or `.tsx`,
`.js`) for its title — the suffix of the docs theme's `titleTemplate: '%s – Notes'`,
else the text of its `logo` — and the menu: the root `_meta.json` entries of `type:
'page'` (the docs theme's navbar; `display: 'hidden'` left out; `href` a link), else the
blog theme's `navs: [{url, name}]`."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from lanting.importer.astro_settings import first_of, text_of
from lanting.importer.js_literals import QUOTED, depths_of, literal_entries

THEME_CONFIGS = tuple(f"theme.config.{s}" for s in ("tsx", "jsx", "ts", "js", "mjs"))
_TEMPLATE = re.compile(r"""titleTemplate\s*:\s*['"`]%s\s*[-–—|·:]\s*([^'"`\n]+?)['"`]""")
_LOGO = re.compile(r"(?<![\w.$])logo\s*:\s*(\(?\s*<.*?>\s*\)?)\s*,\s*\n", re.DOTALL)


def is_nextra(source: Path) -> bool:
    return bool(re.search(r"""['"]nextra['"]""", text_of(source, "package.json") + "".join(
        text_of(source, f"next.config.{s}") for s in ("js", "mjs", "ts", "cjs"))))


def nextra_title(code: str) -> str:
    """The site's name in the theme's settings (none: '')."""
    found = _TEMPLATE.search(code)
    if found:
        return found.group(1).strip()
    logo = _LOGO.search(code)
    words = re.sub(r"\{[^{}]*\}|<[^<>]*>", " ", logo.group(1)) if logo else ""
    return " ".join(html.unescape(words).split()).strip("() ")


def nextra_menu(source: Path, code: str) -> list[dict[str, str]]:
    """The navbar's entries, by their old URLs or links."""
    pages = next((source / f for f in ("pages", "src/pages") if (source / f).is_dir()),
                 source / "pages")
    meta = pages / "_meta.json"
    if meta.is_file():
        try:
            entries = json.loads(meta.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            entries = {}
        menu = []
        for key, value in entries.items() if isinstance(entries, dict) else []:
            if isinstance(value, dict) and value.get("type") == "page" and \
                    value.get("display") != "hidden" and isinstance(value.get("title"), str):
                url = value.get("href") or ("/" if key == "index" else
                                            _first_page(pages, key))
                menu.append({"name": value["title"].replace("↗", "").strip(),
                             "url": str(url)})
        return menu
    at = re.search(r"(?<![\w.$])navs\s*:\s*\[", code)
    return [{"name": name, "url": url} for url, name in literal_entries(
        code, depths_of(code), at.end() - 1, "url", "name")] if at else []


def theme_config(source: Path) -> tuple[str, str]:
    """(the theme's settings file, its text); ('', '') without one."""
    file = first_of(source, THEME_CONFIGS)
    return file, text_of(source, file) if file else ""


def _first_page(pages: Path, key: str) -> str:
    """The URL a navbar entry of a folder led to: the folder's index, else its first page
    in its `_meta.json`'s order (else by name), a folder's in turn (Nextra opened the
    folder's first page; `/docs` itself was no page)."""
    parts = [key]
    while (folder := pages.joinpath(*parts)).is_dir() and not any(
            (folder / f"index{s}").is_file() for s in (".md", ".mdx")):
        meta = folder / "_meta.json"
        try:
            order = list(json.loads(meta.read_text(encoding="utf-8"))) if meta.is_file() else []
        except (ValueError, UnicodeDecodeError):
            order = []
        names = [p.stem if p.is_file() else p.name for p in sorted(folder.iterdir())
                 if not p.name.startswith(("_", ".", "[")) and (p.is_dir() or p.suffix in (
                     ".md", ".mdx"))]
        first = next((n for n in order if n in names), names[0] if names else None)
        if first is None:
            break
        parts.append(first)
    return "/" + "/".join(parts)


def meta_title(path: Path) -> str:
    """The title the `_meta.json` (Nextra 4: `_meta.js`) beside a page gives it, which
    Nextra showed for a page with neither a `title` nor a `# heading` ('' for none)."""
    meta = path.parent / "_meta.json"
    if meta.is_file():
        try:
            entries = json.loads(meta.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            return ""
        value = entries.get(path.stem) if isinstance(entries, dict) else None
        value = value.get("title") if isinstance(value, dict) else value
        return value.strip() if isinstance(value, str) else ""
    code = next((text_of(path.parent, f"_meta.{s}") for s in ("js", "ts", "jsx", "tsx")
                 if (path.parent / f"_meta.{s}").is_file()), "")
    found = re.search(rf"""(?<![\w$.])['"]?{re.escape(path.stem)}['"]?\s*:\s*"""
                      rf"""(?:\{{[^{{}}]*?\btitle\s*:\s*)?{QUOTED}""", code)
    return next((g for g in found.groups() if g is not None), "").strip() if found else ""
