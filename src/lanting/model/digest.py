"""Digests of model values that are the same in every process (fingerprints of pages)."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any


def bytes_digest(data: bytes) -> str:
    """What identifies a file's bytes among what a build read (`fs.file_digest`)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def stable_repr(value: Any) -> str:
    """`repr(value)` for a digest, the same in every process: the members of sets come in
    sorted order. A set's own order follows the hashes of its strings, which differ from
    process to process (`PYTHONHASHSEED`), so `repr` of a model holding a frozenset would
    give every new `lanting build` new fingerprints. Dataclasses are taken apart field by
    field (those shown in their repr); other values are `repr`ed."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        return repr(value)
    if kind is tuple or kind is list:
        inner = ", ".join(stable_repr(item) for item in value)
        return f"({inner})" if kind is tuple else f"[{inner}]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(stable_repr(item) for item in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{stable_repr(k)}: {stable_repr(v)}"
                               for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ", ".join(f"{f.name}={stable_repr(getattr(value, f.name))}"
                           for f in dataclasses.fields(value) if f.repr)
        return f"{kind.__qualname__}({fields})"
    return repr(value)
