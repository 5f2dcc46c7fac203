"""`lanting serve`: the HTTP server never serves a file outside the output folder."""

from __future__ import annotations

import http.client
import ipaddress
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from lanting.serve.http import MemoryStore, make_server, not_found_candidates

SECRET = b"TOP SECRET outside the output\n"


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Server:
    root: Path
    port: int

    address: str = "127.0.0.1"

    def request(self, path: str, host: str | None = None, method: str = "GET") -> Response:
        conn = http.client.HTTPConnection(self.address, self.port, timeout=5)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
            conn.endheaders()
            response = conn.getresponse()
            body = response.read()
            return Response(response.status, {k.lower(): v for k, v in response.getheaders()},
                            body)
        finally:
            conn.close()


def _serve(tmp_path: Path, host: str) -> Iterator[Server]:
    root = tmp_path / "public"
    files = {
        "index.html": "<h1>home</h1>",
        "404.html": "<h1>not found page</h1>",
        "en/404.html": "<h1>English not found page</h1>",
        "posts/a/index.html": "<h1>post a</h1>",
        "posts/a/fig.png": "PNG",
        "atom.xml": "<feed/>",
        "assets/style.css": "body{}",
        "tags/随笔/index.html": "<h1>随笔</h1>",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    (tmp_path / "secret.txt").write_bytes(SECRET)
    (tmp_path / "private").mkdir()
    (tmp_path / "private/index.html").write_bytes(SECRET)
    httpd = make_server(root, host, 0)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield Server(root, httpd.server_address[1])
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from _serve(tmp_path, "127.0.0.1")


def test_serves_pages(server: Server) -> None:
    home = server.request("/")
    assert home.status == 200
    assert home.body == b"<h1>home</h1>"
    assert home.headers["content-type"] == "text/html; charset=utf-8"
    assert server.request("/posts/a/").body == b"<h1>post a</h1>"
    assert server.request("/posts/a/index.html").body == b"<h1>post a</h1>"
    assert server.request("/posts/a/?utm=1").status == 200


def test_content_types(server: Server) -> None:
    assert server.request("/atom.xml").headers["content-type"].startswith("application/atom+xml")
    assert server.request("/assets/style.css").headers["content-type"].startswith("text/css")
    assert server.request("/posts/a/fig.png").headers["content-type"] == "image/png"


def test_percent_encoded_chinese_path(server: Server) -> None:
    response = server.request("/tags/%E9%9A%8F%E7%AC%94/")
    assert response.status == 200
    assert "随笔".encode() in response.body


def test_missing_page_gets_the_404_page(server: Server) -> None:
    response = server.request("/no/such/page/")
    assert response.status == 404
    assert response.body == b"<h1>not found page</h1>"


def test_missing_page_in_a_language_folder_gets_its_404_page(server: Server) -> None:
    """As Netlify and Cloudflare Pages do: the nearest folder's 404.html."""
    for path in ("/en/no/such/page/", "/en/gone.html", "/en/"):
        response = server.request(path)
        assert response.status == 404, path
        assert response.body == b"<h1>English not found page</h1>", path
    assert server.request("/english/").body == b"<h1>not found page</h1>"
    assert server.request("/en/../../secret.txt").body == b"<h1>not found page</h1>"


def test_the_404_pages_a_request_may_get_nearest_first() -> None:
    assert not_found_candidates("/en/posts/x/") == [
        "en/posts/x/404.html", "en/posts/404.html", "en/404.html", "404.html"]
    assert not_found_candidates("/en/a.html") == ["en/404.html", "404.html"]
    assert not_found_candidates("/") == ["404.html"]
    assert not_found_candidates("/../x") == ["404.html"]
    store = MemoryStore({"404.html": b"root", "en/404.html": b"en"})
    assert (store.not_found_page("/en/x/"), store.not_found_page("/x/")) == (b"en", b"root")


def test_head_has_no_body(server: Server) -> None:
    response = server.request("/", method="HEAD")
    assert response.status == 200
    assert response.body == b""
    assert response.headers["content-length"] == str(len(b"<h1>home</h1>"))


@pytest.mark.parametrize(
    "path",
    [
        "/../secret.txt",
        "/../private/",
        "/posts/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/%2e%2e/secret.txt",
        "/%2e%2e/",
        "/..%2fsecret.txt",
        "/..%252fsecret.txt",
        "/..%252f..%252fetc/passwd",
        "/../etc/passwd",
        "/..\\secret.txt",
        "/%5c..%5csecret.txt",
        "/posts\\..\\..\\secret.txt",
        "/%00/secret.txt",
        "/.%2e/secret.txt",
    ],
)
def test_traversal_is_refused(server: Server, path: str) -> None:
    response = server.request(path)
    assert response.status == 404
    assert SECRET not in response.body


def test_absolute_path_is_not_the_file_system(server: Server, tmp_path: Path) -> None:
    response = server.request("/" + str(tmp_path / "secret.txt"))
    assert response.status == 404
    assert SECRET not in response.body


def test_symlink_leading_out_is_refused(server: Server, tmp_path: Path) -> None:
    (server.root / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (server.root / "leakdir").symlink_to(tmp_path / "private", target_is_directory=True)
    for path in ("/leak.txt", "/leakdir/", "/leakdir/index.html"):
        response = server.request(path)
        assert response.status == 404, path
        assert SECRET not in response.body


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example",
                                  "localhost.evil.example", ""])
def test_foreign_host_is_forbidden(server: Server, host: str) -> None:
    response = server.request("/", host=host)
    assert response.status == 403
    assert b"home" not in response.body


@pytest.mark.parametrize("host", ["localhost", "localhost:{port}", "127.0.0.1:{port}"])
def test_local_hosts_are_allowed(server: Server, host: str) -> None:
    assert server.request("/", host=host.format(port=server.port)).status == 200


def test_folder_without_slash_redirects(server: Server) -> None:
    response = server.request("/posts/a")
    assert response.status in (301, 308)
    assert response.headers["location"] == "/posts/a/"


def test_double_slash_never_redirects_off_site(server: Server) -> None:
    response = server.request("//posts/a")
    location = response.headers.get("location", "")
    assert not location.startswith("//")
    assert "://" not in location


# --- issue 34: bound to every interface, the machine's own addresses are answered ---------


def _lan_address(family: socket.AddressFamily) -> str | None:
    """An address of this machine other than loopback, from the route to the outside
    (a datagram socket's connect sends nothing), or None."""
    probe = "192.0.2.1" if family == socket.AF_INET else "2001:db8::1"
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


@pytest.fixture(params=["0.0.0.0", "::"])
def lan_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    family = socket.AF_INET if request.param == "0.0.0.0" else socket.AF_INET6
    address = _lan_address(family)
    if address is None:
        pytest.skip(f"this machine has no {family.name} address but loopback")
    if family == socket.AF_INET6 and not socket.has_ipv6:
        pytest.skip("no IPv6")
    for served in _serve(tmp_path, request.param):
        served.address = address
        yield served


def _host(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def test_serve_on_all_interfaces_answers_lan_requests_for_the_machines_address(
        lan_server: Server) -> None:
    response = lan_server.request("/", host=_host(lan_server.address, lan_server.port))
    assert response.status == 200
    assert response.body == b"<h1>home</h1>"
    assert lan_server.request("/", host=f"localhost:{lan_server.port}").status == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "203.0.113.7:{port}",
                                  "[2001:db8::7]:{port}", "{address}.evil.example", ""])
def test_serve_on_all_interfaces_still_refuses_foreign_hosts(lan_server: Server,
                                                             host: str) -> None:
    response = lan_server.request("/", host=host.format(port=lan_server.port,
                                                         address=lan_server.address))
    assert response.status == 403
    assert b"home" not in response.body


def test_own_addresses_are_every_interfaces() -> None:
    from lanting.serve.addresses import own_addresses

    own = own_addresses()
    assert {"127.0.0.1", "localhost", socket.gethostname().lower()} <= own
    for family in (socket.AF_INET, socket.AF_INET6):
        address = _lan_address(family)
        if address is not None:
            assert address in own


# --- issue 34: a burst of clients is not dropped -----------------------------------------


def test_a_burst_of_200_concurrent_clients_all_get_answers(server: Server) -> None:
    clients = 200
    start = threading.Barrier(clients)
    statuses: list[int | str] = [0] * clients

    def client(i: int) -> None:
        start.wait()
        try:
            statuses[i] = server.request("/posts/a/").status
        except OSError as error:
            statuses[i] = repr(error)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * clients
