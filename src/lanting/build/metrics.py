"""`lanting metrics update`: citation counts of the site's publications from OpenAlex,
by DOI (the entry's `doi`) or arXiv id (as its DataCite DOI, 10.48550/arXiv.<id>), into
`data/metrics.json` — which the user commits, so that builds stay offline and
reproducible and show "被引 N 次（OpenAlex，2026-11）".

One request per publication (`GET {api}/works/doi:<doi>`), a pause between them, a
`mailto` for OpenAlex's polite pool when given. A work OpenAlex does not know (404) is
reported and left out; any other failure stops with the file unchanged.
"""

from __future__ import annotations

import datetime as dt
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting import __version__
from lanting.content.bibliography import parse_bibliography
from lanting.content.discover import discover
from lanting.content.metrics import METRICS_FILE, OPENALEX
from lanting.errors import LantingError
from lanting.model.academic import Publication

TIMEOUT = 20


@dataclass(frozen=True, slots=True)
class MetricsUpdate:
    path: Path
    found: dict[str, int]
    """Citation key -> count, for the works found."""
    missing: tuple[str, ...]
    """Keys with an identifier OpenAlex does not know."""
    unidentified: tuple[str, ...]
    """Keys with neither DOI nor arXiv id."""


def work_doi(pub: Publication) -> str:
    """The DOI to ask OpenAlex for: the entry's own, else its arXiv DOI ("" if none)."""
    doi = next((x.url for x in pub.links if x.kind == "doi"), "")
    if doi:
        return doi.split("doi.org/", 1)[-1]
    return f"10.48550/arXiv.{pub.arxiv_id}" if pub.arxiv_id else ""


def _fetch(api: str, doi: str, mailto: str) -> dict[str, Any] | None:
    query = f"?mailto={urllib.parse.quote(mailto)}" if mailto else ""
    url = f"{api.rstrip('/')}/works/doi:{urllib.parse.quote(doi, safe='/')}{query}"
    request = urllib.request.Request(url, headers={"User-Agent": f"lanting/{__version__}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            data: dict[str, Any] = json.loads(response.read().decode("utf-8"))
            return data
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise LantingError.at(f"OpenAlex answered {error.code} for doi:{doi}", None, None,
                              hint="try again later; the file was not changed") from None
    except (urllib.error.URLError, TimeoutError, ValueError) as error:
        raise LantingError.at(f"could not ask OpenAlex about doi:{doi}: {error}", None, None,
                              hint="check the network; the file was not changed") from None


def update_metrics(site_dir: Path, api: str = OPENALEX, mailto: str = "",
                   today: dt.date | None = None, pause: float = 0.2) -> MetricsUpdate:
    bibliography = parse_bibliography(discover(site_dir).bibliography)
    found: dict[str, int] = {}
    works: dict[str, dict[str, Any]] = {}
    missing, unidentified = [], []
    for i, pub in enumerate(sorted(bibliography.publications, key=lambda p: p.key)):
        doi = work_doi(pub)
        if not doi:
            unidentified.append(pub.key)
            continue
        if i and pause:
            time.sleep(pause)
        data = _fetch(api, doi, mailto)
        if data is None:
            missing.append(pub.key)
            continue
        count = data.get("cited_by_count")
        if not isinstance(count, int):
            raise LantingError.at(f"OpenAlex gave no `cited_by_count` for doi:{doi}", None,
                                  None, hint="the file was not changed")
        found[pub.key] = count
        works[pub.key] = {"doi": doi, "cited_by": count, "url": str(data.get("id", ""))}
    path = site_dir / METRICS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    date = (today or dt.datetime.now(dt.UTC).date()).isoformat()
    text = json.dumps({"source": "OpenAlex", "fetched": date, "works": works},
                      ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    path.write_text(text, encoding="utf-8")
    return MetricsUpdate(path, found, tuple(missing), tuple(unidentified))
