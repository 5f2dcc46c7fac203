"""Search finds everything: every query of two or more CJK characters, or one word, finds
every page whose text contains it.

Queries are drawn at random (seeded) from the text of the example site's pages and of the
fixture sites, read here from the built HTML by this test's own parser — not from the
index's text, so a hole in what the index reads fails the test too. A page "contains"
a query when the text of its body (its `.prose`, the Markdown) or its title has it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from search_reference import ReferenceIndex, containing, draw_queries, normal, page_blocks

from lanting.build import build
from lanting.build.options import BuildOptions

REPO = Path(__file__).resolve().parent.parent
SITES = [REPO / "example", REPO / "tests/sites/search-recall", REPO / "tests/sites/search",
         REPO / "tests/sites/math"]
QUERIES = 300

@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, dict[str, list[str]]]]:
    """Each site built with search on: its output and each searchable page's blocks."""
    sites = []
    for site in SITES:
        out = tmp_path_factory.mktemp(site.name)
        build(site, BuildOptions(output=out, cache=False))
        pages = {}
        for path in sorted(out.rglob("*.html")):
            blocks = page_blocks(path.read_bytes())
            if blocks:
                pages[path.relative_to(out).as_posix().removesuffix("index.html")] = blocks
        assert pages, f"{site.name}: no searchable page"
        sites.append((out, pages))
    return sites


def test_every_query_finds_every_page_containing_it(
        built: list[tuple[Path, dict[str, list[str]]]]) -> None:
    rng = random.Random(20261203)
    misses = []
    asked = 0
    for out, pages in built:
        index = ReferenceIndex(out)
        for query in draw_queries(pages, rng, QUERIES // len(built)):
            expected = containing(pages, query)
            assert expected, f"{query!r} was drawn from a page but no page contains it"
            found = index.search(query)
            asked += 1
            if not expected <= found:
                misses.append((out.name, query, sorted(expected - found)))
    assert asked >= QUERIES - len(built)
    assert misses == []


def test_the_issue_query_finds_all_sixteen_pages(
        built: list[tuple[Path, dict[str, list[str]]]]) -> None:
    out, pages = built[0]
    expected = containing(pages, "显存")
    assert len(expected) >= 16  # pipeline-parallel, hello-world, about… among them
    assert {"posts/pipeline-parallel/", "posts/hello-world/", "about/"} <= expected
    assert ReferenceIndex(out).search("显存") >= expected


def test_a_quoted_phrase_matches_the_phrase_only(
        built: list[tuple[Path, dict[str, list[str]]]]) -> None:
    for out, pages in built:
        index = ReferenceIndex(out)
        phrase = index.search('"ring attention"')
        assert phrase == {url for url, blocks in pages.items()
                          if any("ring attention" in normal(b) for b in blocks)}
        assert phrase <= index.search("ring attention")
