"""Make Pagefind's output byte-reproducible.

Pagefind writes each filter's values, and the list of filters in its metadata file, in the
order of a Rust hash map, which changes from run to run: the same site gives different
filter files, a different metadata file and a different `pagefind-entry.json` on every
build. Lanting promises identical output for identical input (golden tests, hard links
to unchanged files, rebuilds that compare output), so the index is put in a canonical
order here: filter values and filters sorted by name, files renamed after their content.

The files are gzipped CBOR behind a `pagefind_dcd` signature. The reader does not depend
on the order of these lists (it gets them in random order from Pagefind itself). Only the
CBOR subset Pagefind writes is understood; anything else — a future format — is left as
Pagefind wrote it, so search keeps working and only reproducibility is lost.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
from typing import Any

SIGNATURE = b"pagefind_dcd"


class _Unknown(ValueError):
    """Not the format this module knows."""


def _head(data: bytes, i: int) -> tuple[int, int, int]:
    """(major type, argument, next index) of the CBOR item at `i`."""
    major, info = data[i] >> 5, data[i] & 31
    if info < 24:
        return major, info, i + 1
    size = {24: 1, 25: 2, 26: 4, 27: 8}.get(info)
    if size is None:
        raise _Unknown("indefinite or reserved CBOR length")
    return major, int.from_bytes(data[i + 1 : i + 1 + size], "big"), i + 1 + size


def _decode(data: bytes, i: int = 0) -> tuple[Any, int]:
    major, arg, i = _head(data, i)
    if major == 0:
        return arg, i
    if major == 1:
        return -1 - arg, i
    if major in (2, 3):
        raw = data[i : i + arg]
        return (raw.decode("utf-8") if major == 3 else bytes(raw)), i + arg
    if major == 4:
        items = []
        for _ in range(arg):
            item, i = _decode(data, i)
            items.append(item)
        return items, i
    if major == 7 and arg in (20, 21, 22):
        return {20: False, 21: True, 22: None}[arg], i
    raise _Unknown(f"CBOR major type {major}")


def _encode_head(major: int, arg: int) -> bytes:
    if arg < 24:
        return bytes([major << 5 | arg])
    for info, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if arg < 1 << (8 * size):
            return bytes([major << 5 | info]) + arg.to_bytes(size, "big")
    raise _Unknown("integer too large")


def _encode(value: Any) -> bytes:
    if value is None:
        return b"\xf6"
    if isinstance(value, bool):
        return b"\xf5" if value else b"\xf4"
    if isinstance(value, int):
        return _encode_head(0, value) if value >= 0 else _encode_head(1, -1 - value)
    if isinstance(value, str):
        raw = value.encode("utf-8")
        return _encode_head(3, len(raw)) + raw
    if isinstance(value, bytes):
        return _encode_head(2, len(value)) + value
    if isinstance(value, list):
        return _encode_head(4, len(value)) + b"".join(_encode(v) for v in value)
    raise _Unknown(type(value).__name__)


def _load(blob: bytes) -> Any:
    data = gzip.decompress(blob)
    if not data.startswith(SIGNATURE):
        raise _Unknown("no pagefind signature")
    value, end = _decode(data, len(SIGNATURE))
    if end != len(data) or _encode(value) != data[len(SIGNATURE) :]:
        raise _Unknown("does not round-trip")  # something this module would not rewrite faithfully
    return value


def _dump(value: Any) -> bytes:
    # mtime=0 and a fixed level: the same content always gives the same bytes
    return gzip.compress(SIGNATURE + _encode(value), compresslevel=9, mtime=0)


def _digest(value: Any, length: int) -> str:
    return hashlib.sha256(_encode(value)).hexdigest()[:length]


def canonical_index(files: dict[str, bytes]) -> dict[str, bytes]:
    """Pagefind's files (path inside the bundle -> bytes) in canonical order and names;
    the files unchanged if their format is not the one this module knows."""
    try:
        return _canonical(files)
    except (_Unknown, KeyError, IndexError, TypeError, ValueError, OSError, struct.error):
        return files


def _canonical(files: dict[str, bytes]) -> dict[str, bytes]:
    result = dict(files)
    entry_text = files["pagefind-entry.json"].decode("utf-8")
    entry = json.loads(entry_text)
    for language in entry["languages"].values():
        old_meta = language["hash"]  # `zh-cn_d6e49ad61ee61`
        prefix = old_meta.split("_", 1)[0]
        meta = _load(files[f"pagefind.{old_meta}.pf_meta"])
        renamed: dict[str, str] = {}
        for pair in meta[3]:  # filters: [name, file hash]
            name, old = pair
            values = _load(files[f"filter/{old}.pf_filter"])  # [name, [[value, pages]…]]
            values[1].sort(key=lambda item: item[0])
            new = f"{prefix}_{_digest(values, 7)}"
            del result[f"filter/{old}.pf_filter"]
            result[f"filter/{new}.pf_filter"] = _dump(values)
            renamed[old] = new
            pair[1] = new
        meta[3].sort(key=lambda pair: pair[0])
        meta[4].sort(key=lambda pair: pair[0])  # sorts: [name, pages in order]
        new_meta = f"{prefix}_{_digest(meta, 13)}"
        del result[f"pagefind.{old_meta}.pf_meta"]
        result[f"pagefind.{new_meta}.pf_meta"] = _dump(meta)
        entry_text = entry_text.replace(f'"{old_meta}"', f'"{new_meta}"')
    result["pagefind-entry.json"] = entry_text.encode("utf-8")
    return result
