"""Helpers of the importer tests: read a built page, a redirect stub's target, the
import's report; import a small al-folio or Jekyll site."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import Element, parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
"""A fixed "now" for imports (the report and undated files name it)."""


FIXTURES = Path(__file__).parent / "fixtures" / "import"


def imported_site(tmp_path_factory: pytest.TempPathFactory, name: str) -> tuple[Imported, Path]:
    """The fixture site `tests/fixtures/import/<name>/` imported and built without a
    warning: (the import, the built site's folder)."""
    dest = tmp_path_factory.mktemp(name) / "site"
    imported = import_site(FIXTURES / name, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def jekyll_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A Jekyll site of `files` (written under `tmp_path/old`) imported to `tmp_path/new`."""
    source = tmp_path / "old"
    write_files(source, files)
    return import_site(source, tmp_path / "new", "jekyll", False, NOW)


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


def alfolio_import(tmp_path: Path, files: dict[str, str | bytes], config: str,
                   about: str) -> Imported:
    """An al-folio site of `files`, with its `_config.yml` and about page, imported."""
    source = tmp_path / "old"
    write_files(source, {"_config.yml": config, "_pages/about.md": about, **files})
    return import_site(source, tmp_path / "new", "al-folio", False, NOW)


def messages(imported: Imported, path: str) -> list[str]:
    """What the report says about `path`, warnings and notices."""
    return [e.message for e in imported.report.entries if e.path == path]
