"""Shared helpers: tiny inline sites (Hugo style), in-process CLI runs, output snapshots.

    def test_something(make_site, build_site):
        site = make_site({"content/posts/a.md": post("A", "2026-01-02")})
        result = build_site(site)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from sitebits import explain_site_difference, write_files

from lanting import cli
from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult

DEFAULT_CONFIG = 'title = "T"\n\n[search]\nenabled = false\n'
"""Inline sites skip the search index (about 0.2 s a build); tests of search turn it on."""

# Hypothesis imports libcst to explain a failing example, and libcst warns on import:
# without this, a failing property test ends in INTERNALERROR instead of its example.
LIBCST_IMPORT_WARNING = "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning"


# No property test has a deadline: a time limit per example is a wall-time assertion,
# which the suite never makes (speed is measured in benchmarks/), and on a busy 2-core
# machine a front-matter round trip took 469 ms once and failed its default 200 ms.
settings.register_profile("lanting", deadline=None)
settings.load_profile("lanting")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("filterwarnings", LIBCST_IMPORT_WARNING)
    # Builds keep the compiled theme in the user's cache folder (templates.shared_cache_dir):
    # the tests' builds (and the `lanting` processes they start) use one of their own.
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="lanting-test-cache-")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ.get("XDG_CACHE_HOME", ""), ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of `slow` tests first: the suite is split across cores a file at a time,
    and the longest file handed out last would keep one core busy while the rest idle."""
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)  # (stable: order kept)


def pytest_assertrepr_compare(op: str, left: object, right: object) -> list[str] | None:
    """Two sites' files that differ: the paths, and the first difference as a diff — not
    both sites whole (with `CI=true` pytest prints every byte, and the paths are lost)."""
    return explain_site_difference(left, right) if op == "==" else None


SiteFiles = Mapping[str, "str | bytes | None"]  # (sitebits.write_files)


def _yaml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    # JSON strings and lists are valid YAML flow scalars/sequences.
    return json.dumps(value, ensure_ascii=False)


def post_text(title: str | None = "P", date: str | None = "2026-01-02",
              body: str = "Body.\n", **fields: Any) -> str:
    """A Markdown file with YAML front matter; `None` leaves a key out."""
    lines = ["---"]
    if title is not None:
        lines.append(f"title: {_yaml_value(title)}")
    if date is not None:
        lines.append(f"date: {date}")
    lines += [f"{key}: {_yaml_value(value)}" for key, value in fields.items()]
    lines.append("---")
    return "\n".join(lines) + "\n" + body


@pytest.fixture
def post() -> Callable[..., str]:
    """`post("Title", "2026-01-02", body="…", tags=["a"])` -> Markdown text."""
    return post_text


@pytest.fixture
def make_site(tmp_path: Path) -> Callable[..., Path]:
    """Write a tiny site from `{relative path: text}` and return its folder.

    `lanting.toml` defaults to `title = "T"` without search; pass `"lanting.toml": None` to
    leave it out.
    Several sites in one test need different `name`s.
    """

    def make(files: SiteFiles | None = None, name: str = "site") -> Path:
        site = tmp_path / name
        site.mkdir(parents=True, exist_ok=True)
        files = dict(files or {})
        if "lanting.toml" not in files:
            files["lanting.toml"] = DEFAULT_CONFIG
        write_files(site, files)
        return site

    return make


@pytest.fixture
def build_site() -> Callable[..., BuildResult]:
    """`build_site(site, out=None, drafts=False, base_url=None, strict=False)`."""

    def run(site: Path, out: Path | None = None, **options: Any) -> BuildResult:
        return build(site, BuildOptions(output=out, **options))

    return run


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run `lanting.cli.main([...])` in-process; returns (exit code, stdout, stderr)."""

    def run(*args: str | Path) -> tuple[int, str, str]:
        capsys.readouterr()  # drop anything printed before
        previous = signal.getsignal(signal.SIGTERM)
        try:
            code = cli.main([str(a) for a in args])
        finally:
            signal.signal(signal.SIGTERM, previous)  # main() installs its own handler
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


def tree_bytes(root: Path) -> dict[str, bytes]:
    """Every file under `root` -> its bytes (POSIX relative paths)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def snapshot() -> Callable[[Path], dict[str, bytes]]:
    return tree_bytes


def leftovers(parent: Path) -> list[str]:
    """Temporary folders a build may leave next to its output."""
    return sorted(p.name for p in parent.iterdir() if ".lanting-tmp-" in p.name
                  or ".lanting-old-" in p.name)


@pytest.fixture
def temp_leftovers() -> Callable[[Path], list[str]]:
    return leftovers
