"""Read `data/metrics.json`, the citation counts `lanting metrics update` fetched (the
build itself never goes online). A file that is not what that command writes is an
error at its line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from lanting.errors import LantingError
from lanting.model.academic import Metric, Metrics

OPENALEX = "https://api.openalex.org"
"""Where `lanting metrics update` asks by default."""

METRICS_FILE = Path("data") / "metrics.json"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_metrics(text: str, path: Path) -> Metrics:
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise LantingError.at(f"not valid JSON: {error.msg}", path, error.lineno,
                              hint="run `lanting metrics update` to write it again") from None
    hint = "this file is written by `lanting metrics update`; run it again"
    if not isinstance(data, dict) or not isinstance(data.get("works"), dict):
        raise LantingError.at("expected an object with `source`, `fetched` and `works`",
                              path, 1, hint=hint)
    fetched = str(data.get("fetched", ""))
    if not _DATE.fullmatch(fetched):
        raise LantingError.at(f"`fetched` must be a date YYYY-MM-DD, not `{fetched}`",
                              path, _line(text, '"fetched"'), hint=hint)
    works = {}
    for key, work in data["works"].items():
        count = work.get("cited_by") if isinstance(work, dict) else None
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise LantingError.at(f"works.{key}: `cited_by` must be a count", path,
                                  _line(text, json.dumps(key)), hint=hint)
        works[str(key)] = Metric(count, str(work.get("url", "")))
    return Metrics(str(data.get("source", "OpenAlex")), fetched, works)


def _line(text: str, needle: str) -> int:
    index = text.find(needle)
    return text.count("\n", 0, index) + 1 if index >= 0 else 1


def read_metrics(site_dir: Path) -> Metrics | None:
    path = site_dir / METRICS_FILE
    if not path.is_file():
        return None
    return parse_metrics(path.read_text(encoding="utf-8"), path)
