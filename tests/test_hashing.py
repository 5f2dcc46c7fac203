"""Digest helpers (hashing.py)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from lanting.fs import file_digest
from lanting.model.digest import stable_repr
from lanting.model.markdown import Heading
from lanting.model.pages import Body


@dataclass(frozen=True)
class _Talk:
    title: str
    features: frozenset[str]
    hidden: str = field(default="", repr=False)


def test_sets_come_out_sorted_whatever_their_order() -> None:
    one, other = frozenset(["math", "code", "mermaid"]), frozenset(["mermaid", "math", "code"])
    assert stable_repr(one) == stable_repr(other) == "{'code', 'math', 'mermaid'}"
    assert stable_repr({"b", "a"}) == "{'a', 'b'}"


def test_containers_and_dataclasses_are_taken_apart() -> None:
    talk = _Talk("T", frozenset({"math", "code"}), hidden="not shown")
    assert stable_repr((talk, [1, None], {"k": {"z", "y"}})) == (
        "(_Talk(title='T', features={'code', 'math'}), [1, None], {'k': {'y', 'z'}})")


def test_other_values_are_their_repr() -> None:
    assert stable_repr(1.5) == "1.5" and stable_repr(Path("a/b")) == repr(Path("a/b"))


def test_a_body_shows_its_digest_not_its_address() -> None:
    assert repr(Body(lambda: "<p>x</p>", "d1")) == "Body(d1)"  # pages in the model hold one


def test_a_heading_shows_every_field_as_dataclasses_would() -> None:
    # Its repr is written by hand (a page's digest has every heading's): a field added
    # to Heading but not to its repr would leave pages with a changed heading unchanged.
    heading = Heading(3, 'id-"x"', "显存 & KV", "<math></math>")
    generic = ", ".join(f"{f.name}={getattr(heading, f.name)!r}" for f in fields(heading))
    assert repr(heading) == f"Heading({generic})"


def test_file_digest(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"x")
    assert file_digest(path) == file_digest(path) != ""
    assert file_digest(tmp_path / "missing") == ""
