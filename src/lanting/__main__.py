from __future__ import annotations

from lanting.cli import run

run()
