"""`lanting serve`: a small HTTP server over the output folder.

Binds 127.0.0.1 unless told otherwise and never serves a file outside the output
folder (`..`, encoded dots, backslashes, absolute paths and symlinks leading out are
refused).
"""

from __future__ import annotations

import mimetypes
import posixpath
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

mimetypes.add_type("application/atom+xml", ".xml")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/wasm", ".wasm")


def resolve_request_path(root: Path, raw_path: str) -> Path | None:
    """The file under `root` that `raw_path` names, or None if it names nothing we serve."""
    path = urlsplit(raw_path).path
    decoded = unquote(path)
    if "\\" in decoded or "\x00" in decoded or "%" in decoded:
        return None  # backslashes, NULs, or double encoding like ..%252f
    parts = [p for p in decoded.split("/") if p]
    if any(p in (".", "..") for p in parts):
        return None
    normal = posixpath.normpath("/" + "/".join(parts))
    candidate = root.joinpath(*[p for p in normal.split("/") if p])
    if candidate.is_dir():
        if not path.endswith("/"):
            return None  # the caller redirects to the slash form, so relative links work
        candidate = candidate / "index.html"
    try:
        real = candidate.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not real.is_relative_to(root.resolve()) or not real.is_file():
        return None
    return real


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], root: Path) -> None:
        self.root = root
        self.lock = threading.RLock()
        """Held by a rebuild; requests wait for it so they never see half a site."""
        super().__init__(address, SiteHandler)


class SiteHandler(BaseHTTPRequestHandler):
    server: SiteServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # quiet: the CLI prints what matters

    def _allowed_host(self) -> bool:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]").lower()
        bound = self.server.server_address[0]
        return host in {"localhost", "127.0.0.1", "::1", str(bound).lower()}

    def do_HEAD(self) -> None:  # noqa: N802
        self._respond(head=True)

    def do_GET(self) -> None:  # noqa: N802
        self._respond(head=False)

    def _respond(self, head: bool) -> None:
        if not self._allowed_host():
            self._send(HTTPStatus.FORBIDDEN, b"Forbidden host\n", "text/plain", head)
            return
        with self.server.lock:
            target = resolve_request_path(self.server.root, self.path)
            if target is None and not urlsplit(self.path).path.endswith("/"):
                dir_index = resolve_request_path(self.server.root, self.path.split("?")[0] + "/")
                if dir_index is not None:
                    self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                    self.send_header("Location", self.path.split("?")[0] + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
            if target is None:
                not_found = self.server.root / "404.html"
                body = not_found.read_bytes() if not_found.is_file() else b"Not found\n"
                self._send(HTTPStatus.NOT_FOUND, body, "text/html; charset=utf-8", head)
                return
            body = target.read_bytes()
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/atom+xml", "application/json"):
            kind += "; charset=utf-8"
        self._send(HTTPStatus.OK, body, kind, head)

    def _send(self, status: HTTPStatus, body: bytes, kind: str, head: bool) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not head:
            self.wfile.write(body)


def make_server(root: Path, host: str = "127.0.0.1", port: int = 8000) -> SiteServer:
    return SiteServer((host, port), root)
