"""`lanting check --external`: is every `http(s)://` link of the site still there?

Each distinct URL is asked once (HEAD, then GET when a server refuses HEAD), with a
timeout and at most `workers` requests in flight. A link that answers 404/410 or whose
host does not exist is an error; anything that may pass by itself (a timeout, 429,
403 from bot protection, a 5xx) is a warning, so a flaky network never fails a build
that did not ask for it.
"""

from __future__ import annotations

import functools
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanting import __version__
from lanting.model.problem import Problem

TIMEOUT = 10.0
WORKERS = 8
GONE = {404, 410}


@dataclass(frozen=True, slots=True)
class ExternalLink:
    url: str
    path: Path
    line: int | None
    column: int | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """What asking for a URL gave: an HTTP status, or the reason there was none."""

    status: int | None
    reason: str = ""


@functools.cache
def _opener() -> Any:
    """urllib's opener (follows up to 10 redirects), imported only when links are checked:
    most builds never load the HTTP client."""
    import urllib.request

    return urllib.request.build_opener()


_HEADERS = {"User-Agent": f"lanting-link-check/{__version__}", "Accept": "*/*"}


def ask(url: str, timeout: float = TIMEOUT) -> Answer:
    """The status `url` answers with (redirects followed); never raises."""
    import urllib.error
    import urllib.request

    for method in ("HEAD", "GET"):
        request = urllib.request.Request(url, method=method, headers=_HEADERS)
        try:
            with _opener().open(request, timeout=timeout) as response:
                return Answer(response.status)
        except urllib.error.HTTPError as error:
            if method == "HEAD" and error.code in (403, 405, 501):
                continue  # some servers refuse HEAD but answer GET
            return Answer(error.code, str(error.reason))
        except urllib.error.URLError as error:
            reason = error.reason
            if isinstance(reason, socket.gaierror):
                return Answer(None, "no such host")
            if isinstance(reason, ConnectionRefusedError):
                return Answer(None, "connection refused")
            return Answer(None, str(reason))
        except TimeoutError:
            return Answer(None, f"no answer within {timeout:g} s")
        except (OSError, ValueError) as error:
            return Answer(None, str(error) or type(error).__name__)
    return Answer(None, "no answer")


def _problem(link: ExternalLink, answer: Answer) -> Problem | None:
    if answer.status is not None and answer.status < 400:
        return None
    definite = answer.status in GONE or answer.reason in ("no such host", "connection refused")
    what = f"HTTP {answer.status}" if answer.status is not None else answer.reason
    return Problem(
        f"external link `{link.url}`: {what}", link.path, link.line, link.column,
        hint="fix or remove the link" if definite else "it may be temporary; check it by hand",
        severity="error" if definite else "warning")


def check_external(links: list[ExternalLink], timeout: float = TIMEOUT,
                   workers: int = WORKERS) -> list[Problem]:
    """One problem per use of every external URL that does not answer well."""
    urls = sorted({link.url for link in links})
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        answers = dict(zip(urls, pool.map(lambda u: ask(u, timeout), urls), strict=True))
    problems = [_problem(link, answers[link.url]) for link in links]
    return [p for p in problems if p is not None]
