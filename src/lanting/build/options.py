"""What `lanting build` and `lanting check` are asked to do, and what a build gives back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanting.model.problem import Problem
from lanting.model.site import Site

CACHE_DIR = ".lanting"
"""Per-site cache folder (safe to delete)."""


Progress = Callable[[str, int, int], None]
"""Called as progress(stage, done, total) while a long stage runs."""


@dataclass(frozen=True, slots=True)
class BuildOptions:
    output: Path | None = None
    """Defaults to SITE/public."""
    drafts: bool = False
    base_url: str | None = None
    strict: bool = False
    """Treat warnings as errors."""
    jobs: int = 0
    """Worker processes for parsing and rendering; 0 means one per CPU."""
    cache: bool = True
    """Reuse parsed and rendered sources from SITE/.lanting/ (`--no-cache` turns it off)."""
    external: bool = False
    """Also check external links over the network (`lanting check --external`)."""
    write: bool = True
    """False for `lanting check`: every stage and check runs, nothing is written."""


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
