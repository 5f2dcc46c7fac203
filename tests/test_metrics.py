"""Citation counts (issue 33): `lanting metrics update` asks OpenAlex — here a local HTTP
server answering with recorded responses (tests/fixtures/openalex) — and writes
data/metrics.json; builds read that file, never the network, and show "被引 N 次（OpenAlex，
YYYY-MM）" on publication entries."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from sitebits import read

from lanting.build import build
from lanting.build.metrics import update_metrics
from lanting.build.options import BuildOptions
from lanting.errors import LantingError

SITE = Path(__file__).parent / "sites" / "academic"
RECORDED = Path(__file__).parent / "fixtures" / "openalex"
ANSWERS = {"10.48550/arXiv.2509.11552": "W4414046127.json",
           "10.1145/3711896.3736870": "W4412873310.json"}


class _OpenAlex(BaseHTTPRequestHandler):
    requests: list[str] = []
    status = 200

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        _OpenAlex.requests.append(self.path)
        parts = urlsplit(self.path)
        doi = unquote(parts.path).removeprefix("/works/doi:")
        name = ANSWERS.get(doi)
        status = _OpenAlex.status if name else 404
        body = (RECORDED / name).read_bytes() if name and status == 200 else \
            b'{"error": "NotFoundError"}'
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def openalex() -> Iterator[str]:
    _OpenAlex.requests, _OpenAlex.status = [], 200
    server = ThreadingHTTPServer(("127.0.0.1", 0), _OpenAlex)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return Path(shutil.copytree(SITE, tmp_path / "site"))


def test_update_writes_counts_by_doi_and_arxiv_id(
        site: Path, openalex: str, run_cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, err = run_cli("metrics", "update", site, "--api", openalex,
                             "--mailto", "lin@example.org")
    assert code == 0, err
    assert "2 citation counts" in out
    assert "no DOI or arXiv id: lin2024notes" in err
    data = json.loads((site / "data/metrics.json").read_text(encoding="utf-8"))
    assert data["source"] == "OpenAlex"
    assert data["fetched"] == dt.datetime.now(dt.UTC).date().isoformat()
    assert data["works"] == {
        "hichunk2026": {"doi": "10.48550/arXiv.2509.11552", "cited_by": 12,
                        "url": "https://openalex.org/W4414046127"},
        "lin2025rlhfsys": {"doi": "10.1145/3711896.3736870", "cited_by": 47,
                           "url": "https://openalex.org/W4412873310"}}
    assert sorted(_OpenAlex.requests) == [
        "/works/doi:10.1145/3711896.3736870?mailto=lin%40example.org",
        "/works/doi:10.48550/arXiv.2509.11552?mailto=lin%40example.org"]


def test_builds_show_the_counts_offline(site: Path, openalex: str, tmp_path: Path) -> None:
    update_metrics(site, openalex, today=dt.date(2026, 11, 28), pause=0)
    asked = len(_OpenAlex.requests)
    out = tmp_path / "out"
    result = build(site, BuildOptions(output=out, cache=False, jobs=1))
    assert result.warnings == ()
    assert len(_OpenAlex.requests) == asked, "the build asked nobody"
    listing = read(out, "publications/index.html")
    metrics = [m.text() for m in listing.find_all("p", class_="pub-metric")]
    assert sorted(metrics) == ["被引 12 次（OpenAlex，2026-11）",
                                        "被引 47 次（OpenAlex，2026-11）"]
    paper = read(out, "publications/hichunk2026/index.html")
    link = paper.one("p", class_="pub-metric").one("a")
    assert (link.text(), link["href"]) == ("被引 12 次（OpenAlex，2026-11）",
                                           "https://openalex.org/W4414046127")
    # An entry without a count shows none.
    notes = [a for a in listing.find_all("article", class_="pub")
             if "pipeline parallelism" in a.text()]
    assert len(notes) == 1 and notes[0].find(class_="pub-metric") is None


def test_a_failing_service_leaves_the_file_as_it_was(site: Path, openalex: str) -> None:
    path = site / "data/metrics.json"
    update_metrics(site, openalex, today=dt.date(2026, 11, 28), pause=0)
    before = path.read_bytes()
    _OpenAlex.status = 503
    with pytest.raises(LantingError, match="OpenAlex answered 503"):
        update_metrics(site, openalex, today=dt.date(2026, 12, 1), pause=0)
    assert path.read_bytes() == before


def test_a_work_openalex_does_not_know_is_reported(site: Path, openalex: str) -> None:
    bib = site / "content/publications.bib"
    bib.write_text(bib.read_text(encoding="utf-8").replace(
        "10.1145/3711896.3736870", "10.1145/0000000.0000000"), encoding="utf-8")
    result = update_metrics(site, openalex, today=dt.date(2026, 11, 28), pause=0)
    assert result.missing == ("lin2025rlhfsys",) and list(result.found) == ["hichunk2026"]


@pytest.mark.parametrize(("text", "expected"), [
    ('{"source": "OpenAlex",\n "fetched": "2026-11-28",\n "works": {\n',
     "4: error: not valid JSON"),
    ('{"source": "OpenAlex",\n "fetched": "last week",\n "works": {}}',
     "2: error: `fetched` must be a date"),
    ('{"source": "OpenAlex", "fetched": "2026-11-28",\n "works": {\n  "hichunk2026": '
     '{"cited_by": "many"}}}', "3: error: works.hichunk2026: `cited_by` must be a count"),
])
def test_a_damaged_file_is_an_error_at_its_line(site: Path, tmp_path: Path, text: str,
                                                 expected: str) -> None:
    (site / "data").mkdir()
    (site / "data/metrics.json").write_text(text, encoding="utf-8")
    with pytest.raises(LantingError) as error:
        build(site, BuildOptions(output=tmp_path / "out", cache=False))
    assert error.value.problems[0].format(site).startswith("data/metrics.json:" + expected)
