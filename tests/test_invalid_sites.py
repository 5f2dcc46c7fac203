"""Every folder of `tests/sites_invalid/` is a broken site that must fail with exactly the
text in its `expected.txt` — and leave the previous output and the site untouched.

A folder holds the site's files and:
- `expected.txt`: what the command prints on stderr, paths relative to the site;
- `args.txt` (optional): the command line, default `build .`;
- `symlinks.txt` (optional): `link -> target` lines, made in the copy (git and editors
  disagree about symlinks leading out of a repository, so they are not committed).

Regenerate the expected files with `LANTING_REGEN_EXPECTED=1 pytest tests/test_invalid_sites.py`
and review the diff.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

INVALID = Path(__file__).parent / "sites_invalid"
CONTROL = {"expected.txt", "args.txt", "symlinks.txt"}
SITES = sorted(p.name for p in INVALID.iterdir() if p.is_dir())

Run = Callable[..., tuple[int, str, str]]


def copy_site(name: str, target: Path) -> Path:
    source = INVALID / name
    site = target / name
    shutil.copytree(source, site, ignore=lambda d, names: [n for n in names if n in CONTROL]
                    if Path(d) == source else [])
    links = source / "symlinks.txt"
    if links.is_file():
        for line in links.read_text().splitlines():
            link, _, target_path = line.partition(" -> ")
            (site / link).symlink_to(target_path)
    return site


def arguments(name: str) -> list[str]:
    args = INVALID / name / "args.txt"
    return shlex.split(args.read_text()) if args.is_file() else ["build", "."]


def test_there_are_at_least_25_invalid_sites() -> None:
    assert len(SITES) >= 25


@pytest.mark.parametrize("name", SITES)
def test_invalid_site_fails_with_the_expected_text(
    name: str, tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch,
    snapshot: Callable[[Path], dict[str, bytes]],
) -> None:
    site = copy_site(name, tmp_path)
    before = snapshot(tmp_path)
    monkeypatch.chdir(site)
    code, out, err = run_cli(*arguments(name))
    expected_file = INVALID / name / "expected.txt"
    if os.environ.get("LANTING_REGEN_EXPECTED"):
        expected_file.write_text(err, encoding="utf-8")
    assert code == 1, (out, err)
    assert err == expected_file.read_text(encoding="utf-8")
    assert "built" not in out
    after = {path: data for path, data in snapshot(tmp_path).items()
             if "/.lanting/" not in f"/{path}"}  # the build cache may learn; no output
    assert after == before  # nothing written, nothing deleted, no temp folder


@pytest.mark.parametrize("name", [n for n in SITES if arguments(n)[0] == "build"])
def test_check_reports_what_build_reports(
    name: str, tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`lanting check` runs the same checks as `lanting build` (output-folder refusals aside:
    `check` writes nothing, so it has no output folder to refuse)."""
    site = copy_site(name, tmp_path)
    monkeypatch.chdir(site)
    build_args = arguments(name)
    if "-o" in build_args:
        pytest.skip("an output-folder refusal is a build's, not a check's")
    _code, _out, build_err = run_cli(*build_args)
    code, _out, check_err = run_cli("check", *build_args[1:])
    assert code == 1
    assert check_err.splitlines()[:-1] == build_err.splitlines()[:-1]
    assert check_err.splitlines()[-1].startswith("check failed: ")
