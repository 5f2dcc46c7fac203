"""The changelog plugin of TonyCrane's MkDocs toolchain, which course-notes sites share: a
page wrote `{{ 2024 }}` and the plugin put there that year's entries from its `file`,
`docs/changelog.yml` by default (dates, each with typed entries: `newpage`, `pageupdate`,
`function`, … a text, or a text with a link). Read without it the placeholder showed as
written; here it becomes the list of those entries."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.text import load_mapping

_YEAR = re.compile(r"^[ \t]*\{\{\s*(\d{4})\s*\}\}[ \t]*$", re.MULTILINE)
_LABELS = {"newpage": "新页面", "pageupdate": "页面更新", "function": "功能",
           "refactor": "重构", "fix": "修复"}
"""The entries' types as the plugin's readers know them (another kind: its name)."""


def changelog_years(source: Path, docs: Path, options: dict[str, Any]
                    ) -> dict[str, list[Any]]:
    """Each year's dates and entries in the plugin's `file` (a path from the folder of
    `mkdocs.yml`, `source`, as the plugin opened it: `docs/changelog.yml` unless told,
    a site may keep it beside `mkdocs.yml`; else the docs folder's) — none: no such
    file, or one YAML does not read."""
    written = str(options.get("file") or "docs/changelog.yml")
    path = next((p for p in (source / written, docs / "changelog.yml") if p.is_file()
                 and p.resolve().is_relative_to(source.resolve())), None)
    if path is None:
        return {}
    data, error = load_mapping("yaml", "log:\n" + textwrap.indent(read_text(path), "  "))
    years: dict[str, list[Any]] = {}
    for year in data.get("log") or [] if not error else []:
        if isinstance(year, dict):
            for name, dates in year.items():
                years[str(name)] = dates if isinstance(dates, list) else []
    return years


def changelog_lists(text: str, years: dict[str, list[Any]], ctx: Context) -> str:
    """`text` with each `{{ 2024 }}` line naming a year of the changelog as that year's
    list: a date, its entries under it (`新页面：[text](href)`)."""

    def one(match: re.Match[str]) -> str:
        if match.group(1) not in years:
            return match.group()
        ctx.convert("changelog plugin's years ({{ 2024 }}) as lists")
        lines: list[str] = []
        for day in years[match.group(1)]:
            for date, entries in (day.items() if isinstance(day, dict) else []):
                lines.append(f"- **{date}**")
                lines += [f"    - {_entry(e)}" for e in entries or [] if _entry(e)]
        return "\n".join(lines)

    return _YEAR.sub(one, text)


def _entry(entry: Any) -> str:
    if not isinstance(entry, dict) or not entry:
        return str(entry or "")
    kind, value = next(iter(entry.items()))
    label = _LABELS.get(str(kind), str(kind))
    if isinstance(value, dict):
        shown = str(value.get("text") or value.get("href") or "")
        href = str(value.get("href") or "")
        return f"{label}：[{shown}]({href})" if href else f"{label}：{shown}"
    return f"{label}：{value}"
