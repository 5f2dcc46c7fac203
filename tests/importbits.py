"""Helpers of the importer tests: read a built page, a redirect stub's target, the
import's report."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from htmltree import Element, parse_html

from lanting.importer import Imported


def page(out: Path, url: str) -> Element:
    """The built page at `url` (`/x/` → `x/index.html`; `/x.html` as it is)."""
    path = out / url.strip("/")
    path = path if url.endswith(".html") else path / "index.html"
    return parse_html(path.read_text(encoding="utf-8"))


def report_of(imported: Imported) -> str:
    return imported.report.format(imported.dest, False)


def redirect_target(out: Path, old: str) -> str:
    """Where the redirect stub at the old URL `old` sends the reader (decoded)."""
    stub = page(out, old)
    refresh = next(m for m in stub.find_all("meta") if m.get("http-equiv") == "refresh")
    return unquote(refresh["content"].split("url=", 1)[-1])
