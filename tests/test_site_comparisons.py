"""A failed comparison of two sites' files names the paths and shows the first
difference (`sitebits.explain_site_difference`, conftest's `pytest_assertrepr_compare`),
instead of printing both sites."""

from __future__ import annotations

from sitebits import explain_site_difference


def test_two_sites_that_differ_are_explained_by_their_paths() -> None:
    left = {"x/index.html": b"<p>one</p>\n<p>two</p>\n", "y.css": b"a", "z.js": b"1"}
    right = {"x/index.html": b"<p>one</p>\n<p>TWO</p>\n", "y.css": b"a", "w.js": b"2"}
    lines = explain_site_difference(left, right)
    assert lines is not None
    assert lines[:4] == ["two sites' files differ (3 and 3 files):", "only left: z.js",
                         "only right: w.js", "different: x/index.html"]
    assert "-<p>two</p>" in lines and "+<p>TWO</p>" in lines
    assert not any("y.css" in line for line in lines)


def test_other_comparisons_keep_pytests_own_explanation() -> None:
    assert explain_site_difference({"a": "text"}, {"a": "other"}) is None
    assert explain_site_difference([b"a"], [b"b"]) is None
    assert explain_site_difference({}, {}) is None
