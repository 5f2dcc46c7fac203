"""The browser tabs showing a served site: the reload script each HTML page gets (with
the last rebuild's error over the page, if it failed), and the Server-Sent Events
stream through which `LiveSite` tells every tab to reload or to show an error."""

from __future__ import annotations

import hashlib
import html
import json
import queue
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from lanting.serve.http import LIVE_SCRIPT_PATH

LIVE_SCRIPT = (Path(__file__).parents[1] / "theme" / "live" / "live.js").read_bytes()
# Versioned, so a reload takes it from the browser's cache (`http` marks it immutable)
# instead of asking a server that is still rendering the pages listing the edit.
_SCRIPT_VERSION = hashlib.blake2b(LIVE_SCRIPT, digest_size=5).hexdigest()
_SCRIPT_TAG = f'<script src="{LIVE_SCRIPT_PATH}?v={_SCRIPT_VERSION}" defer></script>'.encode()


def decorate(page: bytes, error: str | None) -> bytes:
    """A served HTML page with the reload script (and the error, if any)."""
    extra = _SCRIPT_TAG
    if error:
        extra += (b'<div id="lanting-error" role="alert" style="position:fixed;inset:auto '
                  b'1rem 1rem 1rem;z-index:99999;background:#2a1215;color:#ffe4e1;border:2px '
                  b'solid #f08a80;border-radius:8px;padding:1rem;white-space:pre-wrap;'
                  b'font:14px/1.5 ui-monospace,monospace">lanting: the last rebuild failed, '
                  b'showing the last good build\n\n'
                  + html.escape(error).encode() + b"</div>")
    marker = page.rfind(b"</body>")
    return page[:marker] + extra + page[marker:] if marker >= 0 else page + extra


class Browsers:
    """The open tabs, each listening to its event stream."""

    def __init__(self) -> None:
        self._clients: set[queue.Queue[tuple[str, str] | None]] = set()
        self._clients_lock = threading.Lock()
        self.connected = threading.Event()
        """Set whenever a tab connects (after a reload, once its page is painted)."""

    def any(self) -> bool:
        """Whether a tab is listening."""
        with self._clients_lock:
            return bool(self._clients)

    def notify(self, event: str, data: object) -> None:
        message = (event, json.dumps(data, ensure_ascii=False))
        with self._clients_lock:
            for client in self._clients:
                client.put(message)

    def stream(self, handler: BaseHTTPRequestHandler, error: str | None) -> None:
        """Server-Sent Events to one browser tab until it goes away; `error`: the last
        rebuild's failure, told at once."""
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream; charset=utf-8")
        handler.send_header("Cache-Control", "no-store")
        handler.send_header("Connection", "close")
        handler.end_headers()
        client: queue.Queue[tuple[str, str] | None] = queue.Queue()
        with self._clients_lock:
            self._clients.add(client)
        self.connected.set()
        try:
            handler.wfile.write(b": connected\n\n")
            if error:
                handler.wfile.write(self._event("error-report", json.dumps(error)))
            handler.wfile.flush()
            while True:
                try:
                    message = client.get(timeout=15)
                except queue.Empty:
                    handler.wfile.write(b": keep-alive\n\n")  # notices closed tabs
                    handler.wfile.flush()
                    continue
                if message is None:
                    return
                handler.wfile.write(self._event(*message))
                handler.wfile.flush()
        except (ConnectionError, OSError):
            return
        finally:
            with self._clients_lock:
                self._clients.discard(client)
            handler.close_connection = True

    @staticmethod
    def _event(name: str, data: str) -> bytes:
        return f"event: {name}\ndata: {data}\n\n".encode()

    def close_streams(self) -> None:
        with self._clients_lock:
            for client in self._clients:
                client.put(None)
