"""A failed comparison of two sites' files names the paths and shows the first
difference (conftest's `pytest_assertrepr_compare`), instead of printing both sites."""

from __future__ import annotations

from conftest import pytest_assertrepr_compare


def test_two_sites_that_differ_are_explained_by_their_paths() -> None:
    left = {"x/index.html": b"<p>one</p>\n<p>two</p>\n", "y.css": b"a", "z.js": b"1"}
    right = {"x/index.html": b"<p>one</p>\n<p>TWO</p>\n", "y.css": b"a", "w.js": b"2"}
    lines = pytest_assertrepr_compare("==", left, right)
    assert lines is not None
    assert lines[:4] == ["two sites' files differ (3 and 3 files):", "only left: z.js",
                         "only right: w.js", "different: x/index.html"]
    assert "-<p>two</p>" in lines and "+<p>TWO</p>" in lines
    assert not any("y.css" in line for line in lines)


def test_other_comparisons_keep_pytests_own_explanation() -> None:
    assert pytest_assertrepr_compare("==", {"a": "text"}, {"a": "other"}) is None
    assert pytest_assertrepr_compare("==", [b"a"], [b"b"]) is None
    assert pytest_assertrepr_compare("!=", {"a": b"1"}, {"a": b"1"}) is None
