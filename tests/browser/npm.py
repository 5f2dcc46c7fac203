"""npm packages the browser tests use (axe-core), installed at test time into a cache folder
outside the tracked files — never copied into the repository.

The folder is `LANTING_NPM_CACHE`, else `.cache/npm` at the repository root (ignored by
git), with one npm prefix per package (`.cache/npm/axe-core/node_modules/axe-core`). An
installed package is reused: the install runs once per machine, not per test run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def cache_dir() -> Path:
    return Path(os.environ.get("LANTING_NPM_CACHE", REPO / ".cache" / "npm"))


class NpmUnavailable(Exception):
    """npm is missing or the install failed; the message says which."""


def npm_file(spec: str, relative: str, timeout: float = 300) -> Path:
    """The file `relative` of the npm package `spec` (`axe-core@4`), installed on first use
    into `cache_dir()`. Raises NpmUnavailable with the reason."""
    name = spec.rsplit("@", 1)[0] if spec.rfind("@") > 0 else spec
    prefix = cache_dir() / name  # one prefix per package: installs never prune each other
    path = prefix / "node_modules" / name / relative
    if path.is_file():
        return path
    npm = shutil.which("npm")
    if npm is None:
        raise NpmUnavailable(f"npm is not installed (needed for {spec}; apt-get install npm)")
    prefix.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund",
             "--no-save", "--loglevel=error", spec],
            capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise NpmUnavailable(f"npm install {spec} took more than {timeout:.0f} s") from None
    if done.returncode != 0 or not path.is_file():
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise NpmUnavailable(f"npm install {spec} failed: {' / '.join(tail)}")
    return path
