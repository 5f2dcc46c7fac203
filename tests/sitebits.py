"""Small helpers for tests of built pages: sites written from a mapping, images made with
Pillow, parsed output files, meta tags and JSON-LD."""

from __future__ import annotations

import difflib
import io
import json
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from htmltree import Element, parse_html
from PIL import Image

CONFIG = 'title = "Site"\nauthor = "Ann"\nbase_url = "https://example.org/"\n'
DROP_DOWN_MENU = """\
[[menu]]
name = "博客"
url = "/blog/"

[[menu]]
name = "笔记"
url = "/notes/"

[[menu.children]]
name = "机器学习"
url = "/ml/"

[[menu.children]]
name = "系统"
url = "/systems/"

[[menu]]
name = "外链"

[[menu.children]]
name = "GitHub"
url = "https://github.com/"
"""
"""A menu with two drop-downs: one under an entry with a page of its own (`/notes/`,
listed first in it), one under an entry leading nowhere itself."""
MENU_PAGES = {f"content/pages/{name}.md": f"---\ntitle: {name}\n---\n\n正文。\n"
              for name in ("notes", "ml", "systems")}
"""The pages `DROP_DOWN_MENU` leads to."""


def write_files(root: Path, files: Mapping[str, str | bytes | None]) -> None:
    """Write `{relative path: text}`; text is dedented, bytes are written as they are."""
    for rel, content in files.items():
        path = root / rel
        if content is None:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content), encoding="utf-8")


def png(width: int, height: int, color: str = "#a3352a") -> bytes:
    out = io.BytesIO()
    image = Image.new("RGB", (width, height), "#ffffff")
    image.paste(Image.new("RGB", (width // 2, height // 2), color), (width // 4, height // 4))
    image.save(out, "PNG")
    return out.getvalue()


def read(out: Path, path: str) -> Element:
    return parse_html((out / path).read_text(encoding="utf-8"))


def meta(doc: Element, name: str) -> list[str]:
    return [m["content"] for m in doc.find_all("meta")
            if m.get("property") == name or m.get("name") == name]


def json_ld(doc: Element) -> list[dict[str, Any]]:
    return [json.loads(s.text()) for s in doc.find_all("script")
            if s.get("type") == "application/ld+json"]


def bundle_files(post: Any) -> dict[str, str | bytes]:
    """A site with a page bundle holding a PNG figure and an SVG (and showing an image of
    `static/`), a post with a cover, a plain post, and a default preview image."""
    return {
        "lanting.toml": CONFIG + '\n[sharing]\nimage = "/card.png"\ntwitter = "@ann"\n',
        "static/card.png": png(1200, 630),
        "content/_index.md": "---\ntitle: Ann\n---\nBio.\n",
        "content/posts/figure/index.md": post(
            "With a figure", "2026-03-01", tags=["RL"], summary="A post with a diagram.",
            body='Text.\n\n![A diagram](diagram.png "The diagram")\n\n![vector](shape.svg)\n'
                 '\n![a file of static/](/card.png)\n'),
        "content/posts/figure/diagram.png": png(1000, 500),
        "content/posts/figure/shape.svg":
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"></svg>',
        "content/posts/covered/index.md": post("Covered", "2026-03-02", cover="cover.png"),
        "content/posts/covered/cover.png": png(600, 300),
        "content/posts/plain.md": post("Plain", "2026-03-03"),
    }


def differing_files(one: Mapping[str, bytes], other: Mapping[str, bytes]) -> list[str]:
    """The paths whose bytes differ between two sites' files: what a failed comparison of
    whole sites should name (the dicts themselves print as megabytes)."""
    return sorted(p for p in one.keys() | other.keys() if one.get(p) != other.get(p))


def _is_site(value: object) -> bool:
    """Files of a site, path -> bytes (`snapshot`, what `lanting serve` holds)."""
    return isinstance(value, dict) and bool(value) and all(
        isinstance(k, str) and isinstance(v, bytes) for k, v in value.items())


def explain_site_difference(left: object, right: object) -> list[str] | None:
    """Why two sites' files (path -> bytes) differ: the paths, and the first difference as
    a diff (conftest's `pytest_assertrepr_compare`); None for anything else."""
    if not (_is_site(left) and _is_site(right)):
        return None
    one, other = cast("dict[str, bytes]", left), cast("dict[str, bytes]", right)
    changed = sorted(p for p in one.keys() & other.keys() if one[p] != other[p])
    lines = [f"two sites' files differ ({len(one)} and {len(other)} files):"]
    for label, paths in (("only left", sorted(one.keys() - other.keys())),
                         ("only right", sorted(other.keys() - one.keys())),
                         ("different", changed)):
        lines += [f"{label}: {path}" for path in paths[:20]]
        lines += [f"{label}: … {len(paths) - 20} more"] if len(paths) > 20 else []
    if changed:
        first = changed[0]
        lines += [f"first difference, in {first}:"]
        lines += list(difflib.unified_diff(
            one[first].decode("utf-8", "replace").splitlines(),
            other[first].decode("utf-8", "replace").splitlines(),
            "left", "right", n=1, lineterm=""))[:40]
    return lines
