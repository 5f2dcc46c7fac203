"""Browser test harness: Debian's Chromium driven by Playwright, pages served on 127.0.0.1.

Browser tests skip (with the reason) when Chromium or Playwright is missing, except under
`CI=true`, where they are required and fail instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.serve.http import make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-dev-shm-usage",
]
REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "example"


def _missing_reason() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing_reason()
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if reason and os.environ.get("CI") != "true":
                item.add_marker(pytest.mark.skip(reason=reason))


class Served:
    """A built site served on 127.0.0.1 from a background thread."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.server = make_server(root, "127.0.0.1", 0)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def serve_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A factory: `serve_site(SITE)` builds SITE for a server on 127.0.0.1 and serves it."""
    servers: list[Served] = []

    def serve(site: Path, **options: object) -> Served:
        out = tmp_path_factory.mktemp(site.name) / "public"
        out.mkdir()
        served = Served(out)
        options.setdefault("cache", False)  # no `.lanting/` left in the repository's sites
        build(site, BuildOptions(output=out, base_url=served.url, **options))  # type: ignore[arg-type]
        servers.append(served)
        return served

    yield serve
    for served in servers:
        served.close()


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The example site, built once per session and served on 127.0.0.1."""
    out = tmp_path_factory.mktemp("example") / "public"
    out.mkdir()
    served = Served(out)
    build(EXAMPLE, BuildOptions(output=out, base_url=served.url))
    yield served
    served.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    reason = _missing_reason()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests are required in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    args = [*CHROMIUM_ARGS]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh desktop page; console errors and failed requests are collected on it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.console_errors = []
    page.failed_requests = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("requestfailed", lambda r: page.failed_requests.append(r.url))
    yield page
    context.close()


def screenshot_dir() -> Path:
    folder = Path(os.environ.get("LANTING_SCREENSHOTS", REPO / "test-artifacts" / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder




def required_or_skip(reason: str) -> None:
    """Skip with `reason`, or fail under CI=true, where every browser check is required."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"required in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core's `axe.min.js`, installed from npm into the cache folder on first use."""
    from npm import NpmUnavailable, npm_file  # tests/browser is on sys.path (rootdir mode)

    try:
        return npm_file("axe-core@4", "axe.min.js")
    except NpmUnavailable as error:
        required_or_skip(str(error))
        raise

