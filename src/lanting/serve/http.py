"""The HTTP side of `lanting serve`: serves a built site from a folder or from memory.

Binds 127.0.0.1 unless told otherwise, answers only requests addressed to the bound
host or localhost (bound to every interface, 0.0.0.0 or ::, also to this machine's own
addresses and names: a page of another site that a rebinding DNS points here names its
own host, and is refused), and never serves anything outside the site (`..`, encoded dots,
double encoding, backslashes, absolute paths and symlinks leading out are refused).
One failing request never stops the server.
"""

from __future__ import annotations

import mimetypes
import posixpath
import socket
import sys
import threading
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlsplit

from lanting.model.names import RESERVED_PREFIX
from lanting.serve.addresses import LOCAL_NAMES, WILDCARDS, canonical_ip, own_addresses

mimetypes.add_type("application/atom+xml", ".xml")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/wasm", ".wasm")


@dataclass(frozen=True, slots=True)
class Found:
    """What a store answers: a file's bytes, or a redirect to the folder form."""

    name: str
    body: bytes = b""
    redirect: str | None = None


class Store(Protocol):
    def find(self, request_path: str) -> Found | None: ...

    def not_found_page(self, request_path: str = "/") -> bytes: ...


def clean_parts(raw_path: str) -> list[str] | None:
    """The path segments of a request, or None if it tries to leave the site."""
    decoded = unquote(urlsplit(raw_path).path)
    if "\\" in decoded or "\x00" in decoded or "%" in decoded:
        return None  # backslashes, NULs, or double encoding like ..%252f
    parts = [p for p in decoded.split("/") if p]
    if any(p in (".", "..") for p in parts):
        return None
    return parts


def not_found_candidates(request_path: str) -> list[str]:
    """The 404 pages that may answer `request_path`, nearest folder first, as Netlify and
    Cloudflare Pages look for them: `/en/x/y` -> `en/x/404.html`, `en/404.html`,
    `404.html`."""
    parts = clean_parts(request_path) or []
    folders = parts if urlsplit(request_path).path.endswith("/") else parts[:-1]
    return ["/".join([*folders[:i], "404.html"]) for i in range(len(folders), -1, -1)]


def resolve_request_path(root: Path, raw_path: str) -> Path | None:
    """The file under `root` that `raw_path` names, or None if it names nothing we serve."""
    parts = clean_parts(raw_path)
    if parts is None:
        return None
    normal = posixpath.normpath("/" + "/".join(parts))
    candidate = root.joinpath(*[p for p in normal.split("/") if p])
    if candidate.is_dir():
        if not urlsplit(raw_path).path.endswith("/"):
            return None  # the caller redirects to the slash form, so relative links work
        candidate = candidate / "index.html"
    try:
        real = candidate.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not real.is_relative_to(root.resolve()) or not real.is_file():
        return None
    return real


class DiskStore:
    """A built site in a folder."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find(self, request_path: str) -> Found | None:
        target = resolve_request_path(self.root, request_path)
        if target is not None:
            return Found(target.name, target.read_bytes())
        path = urlsplit(request_path).path
        if not path.endswith("/") and resolve_request_path(self.root, path + "/") is not None:
            return Found("", redirect=path + "/")
        return None

    def not_found_page(self, request_path: str = "/") -> bytes:
        for candidate in not_found_candidates(request_path):
            page = resolve_request_path(self.root, "/" + candidate)
            if page is not None:
                return page.read_bytes()
        return b"Not found\n"


class MemoryStore:
    """A built site held in memory: generated files as bytes, copied files as paths."""

    def __init__(self, files: dict[str, bytes | Path] | None = None) -> None:
        self.files: dict[str, bytes | Path] = files or {}

    def _read(self, key: str) -> bytes | None:
        item = self.files.get(key)
        if isinstance(item, Path):
            try:
                return item.read_bytes()
            except OSError:
                return None
        return item

    def find(self, request_path: str) -> Found | None:
        parts = clean_parts(request_path)
        if parts is None:
            return None
        key = "/".join(parts)
        path = urlsplit(request_path).path
        if path.endswith("/") or not parts:
            key = f"{key}/index.html" if key else "index.html"
        body = self._read(key)
        if body is not None:
            return Found(key.rsplit("/", 1)[-1], body)
        if not path.endswith("/") and f"{key}/index.html" in self.files:
            return Found("", redirect=path + "/")
        return None

    def not_found_page(self, request_path: str = "/") -> bytes:
        for candidate in not_found_candidates(request_path):
            body = self._read(candidate)
            if body is not None:
                return body
        return b"Not found\n"


class Live(Protocol):
    """Live reload: an extra for HTML pages and an event stream (see live.py)."""

    @property
    def lock(self) -> AbstractContextManager[object]:
        """Held while a rebuild runs: requests wait for the new site."""
        ...

    def ready(self, request_path: str) -> bool:
        """A request that need not wait for the running rebuild."""
        ...

    def sent_early(self) -> None:
        """Called once such a request has been answered."""
        ...

    def decorate(self, html: bytes) -> bytes: ...

    def stream(self, handler: BaseHTTPRequestHandler) -> None: ...

    def script(self) -> bytes: ...


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 512
    """The listen backlog (http.server's is 5): a page opened in a few tabs, or a burst of
    clients, makes hundreds of connections at once; with a short queue the kernel drops
    them and the clients retry seconds later, or give up. The kernel caps it
    (`net.core.somaxconn`)."""

    ADDRESSES_FRESH = 2.0
    """Seconds before an unknown IP address makes the server look at its interfaces
    again (a laptop changes networks)."""

    def __init__(self, address: tuple[str, int], store: Store, live: Live | None = None) -> None:
        self.store = store
        self.live = live
        self.lock: AbstractContextManager[object] = live.lock if live else threading.RLock()
        """Held while a rebuild runs (the live site's lock); requests wait for it."""
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, SiteHandler)
        wildcard = str(self.server_address[0]) in WILDCARDS
        self._own = own_addresses() if wildcard else frozenset()
        self._own_checked = time.monotonic()

    def server_bind(self) -> None:
        if self.address_family == socket.AF_INET6 and self.server_address[0] == "::":
            try:  # `::` is every interface, IPv4 ones too (as `http.server` does)
                self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            except (AttributeError, OSError):
                pass
        super().server_bind()

    def allows_host(self, host: str) -> bool:
        """Whether a request whose Host header names `host` (without port or brackets)
        is for this server: localhost, the bound address, or, bound to every interface,
        one of this machine's own addresses and names. Other names are refused (DNS
        rebinding: a foreign page whose name now resolves here)."""
        bound = str(self.server_address[0]).lower()
        if host in LOCAL_NAMES or host == bound:
            return True
        if bound not in WILDCARDS:
            return False
        ip = canonical_ip(host)
        if (ip or host) in self._own:
            return True
        now = time.monotonic()
        if ip is None or now - self._own_checked < self.ADDRESSES_FRESH:
            return False
        self._own, self._own_checked = own_addresses(), now
        return ip in self._own

    def handle_error(self, request: object, client_address: object) -> None:
        # One failing request must not stop the server; say what happened, briefly.
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError | TimeoutError):
            print(f"serve: request from {client_address} failed: {error!r}", file=sys.stderr)

    @property
    def root(self) -> Path | None:
        return self.store.root if isinstance(self.store, DiskStore) else None


LIVE_PREFIX = f"/{RESERVED_PREFIX}/"
LIVE_SCRIPT_PATH = LIVE_PREFIX + "live.js"
LIVE_EVENTS_PATH = LIVE_PREFIX + "events"


class SiteHandler(BaseHTTPRequestHandler):
    server: SiteServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # quiet: the CLI prints what matters

    def _allowed_host(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        if host.startswith("["):
            host = host[1 : host.find("]")] if "]" in host else host
        elif host.count(":") == 1:
            host = host.rsplit(":", 1)[0]
        return self.server.allows_host(host)

    def do_HEAD(self) -> None:  # noqa: N802
        self._respond(head=True)

    def do_GET(self) -> None:  # noqa: N802
        self._respond(head=False)

    def _respond(self, head: bool) -> None:
        if not self._allowed_host():
            self._send(HTTPStatus.FORBIDDEN, b"Forbidden host\n", "text/plain", head)
            return
        live = self.server.live
        # Only these two paths: anything else under the prefix is the site's (none of its
        # slugs may start with it, but a static file may).
        request_path = urlsplit(self.path).path
        if live is not None and request_path == LIVE_EVENTS_PATH:
            live.stream(self)
            return
        if live is not None and request_path == LIVE_SCRIPT_PATH:
            versioned = "v=" in urlsplit(self.path).query  # as pages link it
            self._send(HTTPStatus.OK, live.script(), "text/javascript; charset=utf-8", head,
                       "max-age=31536000, immutable" if versioned else "no-store")
            return
        waits = live is None or not live.ready(self.path)
        with self.server.lock if waits else nullcontext():  # a rebuild in progress finishes first
            found = self.server.store.find(self.path)
            not_found = self.server.store.not_found_page(self.path) if found is None else b""
        if found is None:
            body = live.decorate(not_found) if live else not_found
            self._send(HTTPStatus.NOT_FOUND, body, "text/html; charset=utf-8", head)
            return
        if found.redirect is not None:
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", found.redirect)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        body = found.body
        if kind == "text/html" and live is not None:
            body = live.decorate(body)
        if kind.startswith("text/") or kind in ("application/atom+xml", "application/json"):
            kind += "; charset=utf-8"
        # Theme assets are linked with their content's hash (`style.css?v=…`): a reload
        # need not fetch them again. Everything else may change with the next save.
        versioned = kind != "text/html; charset=utf-8" and "?v=" in self.path
        self._send(HTTPStatus.OK, body, kind, head,
                   "max-age=31536000, immutable" if versioned else "no-store")
        if not waits and live is not None:
            live.sent_early()

    def _send(self, status: HTTPStatus, body: bytes, kind: str, head: bool,
              cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if not head:
            self.wfile.write(body)


def make_server(root: Path | Store, host: str = "127.0.0.1", port: int = 8000,
                live: Live | None = None) -> SiteServer:
    """A server for a built folder (or any store); port 0 picks a free port."""
    store = DiskStore(root) if isinstance(root, Path) else root
    return SiteServer((host, port), store, live)
