"""What `lanting build` and `lanting check` are asked to do, and what a build gives back."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanting.model.output import ThirdPartyHost
from lanting.model.problem import Problem
from lanting.model.site import Site

CACHE_DIR = ".lanting"
"""Per-site cache folder (safe to delete)."""


def cpus() -> int:
    """The CPUs this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def max_jobs() -> int:
    """The most worker processes a build starts, whatever `-j` asks: twice the CPUs.
    More only add memory (each worker holds a copy of the site) and no speed."""
    return 2 * cpus()


Progress = Callable[[str, int, int], None]
"""Called as progress(stage, done, total) while a long stage runs."""


@dataclass(frozen=True, slots=True)
class BuildOptions:
    output: Path | None = None
    """Defaults to SITE/public."""
    drafts: bool = False
    base_url: str | None = None
    default_base_url: str | None = None
    """`base_url` when `lanting.toml` sets none (`--default-base-url`: the GitHub workflow
    passes the repository's Pages URL)."""
    strict: bool = False
    """Treat warnings as errors."""
    jobs: int = 0
    """Worker processes for parsing and rendering; 0 means one per CPU; at most
    `max_jobs()`."""
    cache: bool = True
    """Reuse parsed and rendered sources from SITE/.lanting/ (`--no-cache` turns it off)."""
    external: bool = False
    """Also check external links over the network (`lanting check --external`)."""
    write: bool = True
    """False for `lanting check`: every stage and check runs, nothing is written."""
    region: str | None = None
    """`lanting check --region cn`: list the third-party hosts pages contact and warn
    about those known to fail from the region."""


@dataclass(frozen=True, slots=True)
class BuildResult:
    output: Path
    files: int
    pages: int
    warnings: tuple[Problem, ...]
    seconds: float
    site: Site | None = field(repr=False)
    """None when nothing changed since the build that wrote the output."""
    fingerprints: dict[str, str] = field(default_factory=dict, repr=False)
    """Output path -> digest of its inputs (lets the next build skip unchanged pages)."""
    hosts: tuple[ThirdPartyHost, ...] = ()
    """Third-party hosts the pages contact (with `region` only)."""
