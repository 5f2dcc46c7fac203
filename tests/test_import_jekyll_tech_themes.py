"""Faults real Jekyll blogs on the themes technical bloggers use exposed (TeXt, forks of
the Hux blog, Beautiful Jekyll, minimal-mistakes), in small sites written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sitebits import write_files

from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def imported_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    return import_site(source, tmp_path / "new", "jekyll", False, NOW)


def test_a_warning_points_at_the_tag_not_at_its_example_in_a_raw_block(
        tmp_path: Path) -> None:
    """A post showing a tag inside `{% raw %}` (the example) before writing it for real
    had the real one's warning point at the example's line, the raw block's."""
    imported = imported_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2021-04-02-embeds.md": "---\ntitle: Embeds\n---\n\nThe tag:\n\n```\n"
        "{% raw %}{% include player.html clip='k2' %}{% endraw %}\n```\n\n"
        "What it shows:\n\n{% include player.html clip='k2' %}\n"})
    (warning,) = imported.report.warnings
    assert warning.line == 13 and "player.html" in warning.message
