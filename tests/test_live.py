"""`lanting serve`: in-memory rebuilds, debounced watching, safe serving, reload events."""

from __future__ import annotations

import http.client
import os
import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lanting.build.options import BuildOptions
from lanting.serve.http import make_server
from lanting.serve.live import LiveSite
from lanting.serve.watcher import run_rebuilds, watch

POST = "---\ntitle: {title}\ndate: 2026-01-0{day}\ntags: [t]\n---\n{body}\n"


def _site(root: Path, posts: int = 3) -> Path:
    (root / "content/posts").mkdir(parents=True)
    (root / "lanting.toml").write_text('title = "Live"\n')
    for i in range(posts):
        (root / f"content/posts/p{i}.md").write_text(
            POST.format(title=f"Post {i}", day=i % 9 + 1, body=f"Body {i}"))
    return root


class Running:
    def __init__(self, site: Path) -> None:
        self.live = LiveSite(site, BuildOptions(drafts=True, jobs=1, cache=False,
                                                base_url="http://localhost:0/"),
                             report=lambda message: None)
        self.live.rebuild()
        self.server = make_server(self.live.store, "127.0.0.1", 0, live=self.live)
        self.port = self.server.server_address[1]
        self.stop = threading.Event()
        self.events: list[tuple[str, object]] = []
        original = self.live.notify
        self.live.notify = lambda event, data: (self.events.append((event, data)),  # type: ignore[method-assign]
                                                original(event, data))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.watcher = threading.Thread(target=watch, args=(self.live, self.stop), daemon=True)
        self.watcher.start()
        time.sleep(0.3)  # the watcher is ready

    def get(self, path: str, host: str | None = None) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.putrequest("GET", path, skip_host=True)
            conn.putheader("Host", host or f"127.0.0.1:{self.port}")
            conn.endheaders()
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def wait_for_events(self, count: int, quiet: float = 1.5, limit: float = 15) -> None:
        """Until `count` events arrived and then nothing for `quiet` seconds."""
        end = time.time() + limit
        while time.time() < end and len(self.events) < count:
            time.sleep(0.05)
        seen = len(self.events)
        while time.time() < end:
            time.sleep(quiet)
            if len(self.events) == seen:
                return
            seen = len(self.events)

    def close(self) -> None:
        self.stop.set()
        self.live.close_streams()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    served = Running(_site(tmp_path / "site"))
    yield served
    served.close()


def test_serves_the_build_from_memory_with_the_reload_script(running: Running) -> None:
    status, body = running.get("/posts/p1/")
    assert status == 200 and b"Post 1" in body and b"/__lanting/live.js" in body
    assert running.get("/posts/p1")[0] == 301


def test_only_versioned_assets_may_be_cached_by_the_browser(running: Running) -> None:
    import re

    def cache_control(path: str) -> str:
        conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=5)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            return response.getheader("Cache-Control") or ""
        finally:
            conn.close()

    page = running.get("/posts/p1/")[1].decode()
    [style] = re.findall(r'href="(/assets/style\.css\?v=[0-9a-f]+)"', page)
    assert cache_control(style) == "max-age=31536000, immutable"  # a reload skips it
    assert cache_control("/posts/p1/") == "no-store"
    assert cache_control("/posts/p1/?v=1") == "no-store"  # pages never


@pytest.mark.parametrize("path", [
    "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%252f..%252fetc/passwd",
    "/posts\\..\\..\\lanting.toml", "//etc/passwd", "/content/posts/p1.md", "/lanting.toml",
])
def test_nothing_outside_the_output_is_served(running: Running, path: str) -> None:
    status, body = running.get(path)
    assert status == 404
    assert b"root:" not in body and b"title = " not in body


def test_foreign_host_is_refused(running: Running) -> None:
    assert running.get("/", host="evil.example")[0] == 403
    assert running.get("/", host=f"localhost:{running.port}")[0] == 200


def test_edit_rebuilds_and_reloads_only_what_changed(running: Running, tmp_path: Path) -> None:
    post = tmp_path / "site/content/posts/p2.md"
    post.write_text(POST.format(title="Post 2", day=3, body="Edited body"))
    running.wait_for_events(1)
    assert running.live.rebuilds == 2
    # The new first paragraph is the post's summary, which listings show: its own page
    # reloads first, then the pages that list it; each page once.
    [(first, early), (then, listings)] = running.events
    assert first == then == "reload"
    assert early == ["/posts/p2/"]
    assert "/blog/" in listings and not {"/posts/p2/", "/posts/p0/"} & set(listings)  # type: ignore[arg-type]
    assert b"Edited body" in running.get("/posts/p2/")[1]


def test_requests_during_a_rebuild_wait_for_it_except_the_edited_page(
    running: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import lanting.serve.live

    release = threading.Event()
    produce = lanting.serve.live.produce

    def slow_produce(*args: object, **kwargs: object) -> object:
        assert release.wait(10)
        return produce(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(lanting.serve.live, "produce", slow_produce)
    post = tmp_path / "site/content/posts/p2.md"
    # A new title and a new link: the check stage must see the link, so the edit takes
    # the full rebuild, and the edited page is shown first.
    post.write_text(POST.format(title="Post 2 renamed", day=3, body="Body 2, [one](p1.md)"))
    running.wait_for_events(1, quiet=0.3)
    assert running.events == [("reload", ["/posts/p2/"])]
    # The edited page is already what the rebuild will make of it: served at once.
    status, body = running.get("/posts/p2/")
    assert status == 200 and b"Post 2 renamed" in body
    listing: list[tuple[int, bytes]] = []
    waiting = threading.Thread(target=lambda: listing.append(running.get("/blog/")))
    waiting.start()
    waiting.join(0.5)
    assert waiting.is_alive(), "a page the rebuild may change waits for it"
    release.set()
    waiting.join(10)
    assert listing and b"Post 2 renamed" in listing[0][1]


def test_atomic_saves_give_exactly_one_rebuild(running: Running, tmp_path: Path) -> None:
    folder = tmp_path / "site/content/posts"
    target = folder / "p0.md"
    # vim: backup file, the 4913 write test, swap file; then the write
    (folder / "p0.md~").write_text("old")
    (folder / "4913").write_text("")
    (folder / ".p0.md.swp").write_text("swap")
    # editors that write a temporary file and rename it over the original
    temp = folder / "p0.md___jb_tmp___"
    temp.write_text(POST.format(title="Post 0", day=1, body="Saved atomically"))
    os.replace(temp, target)
    running.wait_for_events(1)
    assert running.live.rebuilds == 2, "one rebuild for the save"
    # A new summary: the post's page reloads first, then the listings; each page once.
    [(_, early), (_, listings)] = running.events
    assert early == ["/posts/p0/"] and "/posts/p0/" not in listings  # type: ignore[operator]
    assert b"Saved atomically" in running.get("/posts/p0/")[1]


def test_a_thousand_files_changing_at_once(running: Running, tmp_path: Path) -> None:
    folder = tmp_path / "site/content/posts"
    for i in range(1000):  # what a `git checkout` of another branch looks like
        (folder / f"new-{i:04}.md").write_text(
            POST.format(title=f"New {i}", day=i % 9 + 1, body=f"N {i}"))
    running.wait_for_events(1, quiet=2.0, limit=60)
    assert running.live.rebuilds - 1 <= 2
    assert [event for event, _ in running.events] == ["reload"]
    assert running.get("/posts/new-0999/")[0] == 200


def test_a_broken_file_keeps_the_last_good_site_and_shows_the_error(
    running: Running, tmp_path: Path
) -> None:
    post = tmp_path / "site/content/posts/p1.md"
    post.write_text("---\ntitle: [unclosed\ndate: 2026-01-02\n---\n<script>x</script>\n")
    running.wait_for_events(1)
    assert running.events[-1][0] == "error-report"
    status, body = running.get("/posts/p1/")
    assert status == 200 and b"Post 1" in body  # the last good build
    assert b'id="lanting-error"' in body and b"p1.md:2" in body
    post.write_text(POST.format(title="Post 1 fixed", day=2, body="Fixed"))
    running.wait_for_events(2)
    assert running.events[-1][0] == "reload"
    status, body = running.get("/posts/p1/")
    assert b"Post 1 fixed" in body and b'id="lanting-error"' not in body


def test_error_text_is_escaped(running: Running, tmp_path: Path) -> None:
    post = tmp_path / "site/content/posts/p1.md"
    post.write_text("---\ntitle: x\ndate: <img src=x onerror=alert(1)>\n---\n")
    running.wait_for_events(1)
    body = running.get("/posts/p0/")[1]
    assert b"<img src=x" not in body and b"&lt;img src=x" in body


def test_drafts_are_shown_and_marked(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    (site / "content/posts/draft.md").write_text(
        "---\ntitle: Draft\ndate: 2026-01-05\ndraft: true\n---\nWIP\n")
    served = Running(site)
    try:
        status, body = served.get("/posts/draft/")
        assert status == 200 and b"badge-draft" in body
    finally:
        served.close()


# --- issue 34: a save in two steps ------------------------------------------------------


def test_a_save_in_two_steps_never_reports_the_half_written_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An editor that truncates a file and then writes it: the rebuild may read the half
    file, and the second write lands while it fails. No error overlay, ever."""
    from lanting import errors
    from lanting.serve import live as live_module

    site = _site(tmp_path / "site")
    reports: list[str] = []
    live = LiveSite(site, BuildOptions(drafts=True, jobs=1, cache=False,
                                       base_url="http://localhost:0/"), report=reports.append)
    live.rebuild()
    events: list[tuple[str, object]] = []
    shown: list[str | None] = []  # the error a page served at each step would show
    live.notify = lambda event, data: (  # type: ignore[method-assign]
        events.append((event, data)), shown.append(live.error))
    post = site / "content/posts/p1.md"
    full = POST.format(title="Post 1 saved", day=2, body="Complete")
    half = full[:20]  # the front matter is not closed yet
    real_produce = live_module.produce

    def produce(*args: object, **kwargs: object) -> object:
        shown.append(live.error)
        try:
            return real_produce(*args, **kwargs)  # type: ignore[arg-type]
        except errors.LantingError:
            if post.read_text() == half:
                post.write_text(full)  # the editor's second step, while the build failed
            raise

    monkeypatch.setattr(live_module, "produce", produce)
    post.write_text(half)
    batches: queue.Queue[set[str]] = queue.Queue()
    stop = threading.Event()
    batches.put({str(post)})
    builder = threading.Thread(target=run_rebuilds, args=(live, batches, stop), daemon=True)
    builder.start()
    end = time.time() + 20
    while not reports and time.time() < end:
        time.sleep(0.05)
    stop.set()
    builder.join(5)
    assert reports and not any("failed" in report for report in reports), reports
    assert events and {event for event, _ in events} == {"reload"}, events
    assert live.error is None and shown and set(shown) == {None}
    page = live.store.files["posts/p1/index.html"]
    assert isinstance(page, bytes) and b"Post 1 saved" in page
    assert b'id="lanting-error"' not in live.decorate(page)


def test_only_the_live_scripts_own_paths_are_taken_from_the_site(tmp_path: Path) -> None:
    """The live-reload prefix shadows two paths, not the whole /__lanting/ folder."""
    site = _site(tmp_path / "site")
    (site / "static/__lanting").mkdir(parents=True)
    (site / "static/__lanting/notes.txt").write_text("mine")
    served = Running(site)
    try:
        status, body = served.get("/__lanting/notes.txt")
        assert (status, body) == (200, b"mine")
        status, body = served.get("/__lanting/live.js")
        assert status == 200 and b"EventSource" in body
        status, body = served.get("/__lanting/live.js?v=2")
        assert status == 200 and b"EventSource" in body
    finally:
        served.close()


def _headers(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def test_pages_link_the_reload_script_by_version_and_browsers_keep_it(
        running: Running) -> None:
    """A reload takes the script from the browser's cache instead of asking a server
    still busy with the rest of the rebuild: pages link it with its digest, and that URL
    is served as immutable (the bare path, which no page links, is not cached)."""
    import re

    _, _, page = _headers(running.port, "/posts/p1/")
    found = re.search(rb'<script src="(/__lanting/live\.js\?v=[0-9a-f]+)" defer>', page)
    assert found is not None
    status, headers, script = _headers(running.port, found.group(1).decode())
    assert status == 200 and b"EventSource" in script
    assert headers["Cache-Control"] == "max-age=31536000, immutable"
    _, headers, _ = _headers(running.port, "/__lanting/live.js")
    assert headers["Cache-Control"] == "no-store"

