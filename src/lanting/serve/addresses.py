"""Which host names and addresses are this machine's own, so `lanting serve` bound to every
interface answers requests addressed to it and refuses those naming another host (a page
of another site that a rebinding DNS points here)."""

from __future__ import annotations

import ctypes
import ipaddress
import socket
import sys

WILDCARDS = frozenset({"0.0.0.0", "::", ""})
"""Bound to these, the server listens on every interface of the machine."""

LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def canonical_ip(text: str) -> str | None:
    """`text` as a canonical IP address (without an IPv6 zone), or None if it is none."""
    try:
        return str(ipaddress.ip_address(text.split("%", 1)[0]))
    except ValueError:
        return None


class _SockAddr(ctypes.Structure):
    # The start of every sockaddr: `sa_family` on Linux; `sa_len`, `sa_family` (one byte
    # each) on the BSDs and macOS. Read as bytes, below.
    _fields_ = [("head", ctypes.c_uint8 * 2)]


_BSD = ("darwin", "freebsd", "openbsd", "netbsd", "dragonfly")


class _IfAddrs(ctypes.Structure):
    pass


_IfAddrs._fields_ = [("ifa_next", ctypes.POINTER(_IfAddrs)), ("ifa_name", ctypes.c_char_p),
                     ("ifa_flags", ctypes.c_uint), ("ifa_addr", ctypes.POINTER(_SockAddr))]


def _interface_addresses() -> set[str]:
    """Every address of every network interface, from getifaddrs(3) (POSIX; nothing
    elsewhere). The stdlib has no binding for it: ctypes it is."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        getifaddrs, freeifaddrs = libc.getifaddrs, libc.freeifaddrs
    except (OSError, AttributeError):
        return set()
    head = ctypes.POINTER(_IfAddrs)()
    if getifaddrs(ctypes.byref(head)) != 0:
        return set()
    found: set[str] = set()
    try:
        item = head
        while item:
            addr = item.contents.ifa_addr
            if addr:
                raw = ctypes.cast(addr, ctypes.c_void_p).value or 0
                head_bytes = bytes(addr.contents.head)
                family = head_bytes[1] if sys.platform.startswith(_BSD) else int.from_bytes(
                    head_bytes, sys.byteorder)
                if family == socket.AF_INET:
                    found.add(socket.inet_ntop(socket.AF_INET, ctypes.string_at(raw + 4, 4)))
                elif family == socket.AF_INET6:
                    found.add(socket.inet_ntop(socket.AF_INET6,
                                               ctypes.string_at(raw + 8, 16)))
            item = item.contents.ifa_next
    finally:
        freeifaddrs(head)
    return found


def own_addresses() -> frozenset[str]:
    """This machine's addresses (canonical) and names (lower case): its interfaces'
    addresses, what its host names resolve to, and the source addresses of its routes
    to the outside (a datagram socket's `connect` sends nothing)."""
    found = _interface_addresses()
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    for name in list(names):
        try:
            found.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
        except OSError:
            pass
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe_socket:
                probe_socket.connect((probe, 9))
                found.add(str(probe_socket.getsockname()[0]))
        except OSError:
            pass
    names |= {f"{name}.local" for name in names  # mDNS
              if name and "." not in name and name != "localhost"}
    return frozenset({ip for ip in map(canonical_ip, found) if ip} | {n for n in names if n})
