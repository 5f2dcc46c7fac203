"""`model.output.Readers`: which files read which page, the quick path's index of the
recorded reads, answers exactly what asking every file's `Reads.touches` answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lanting.model.output import ALL_PAGES, OutputFile, Readers, Reads

URLS = ("/a/", "/b/", "/c/", "/d/")
NAMES = ("title", "summary", "reading_minutes", "date", "body")
PATHS = tuple(f"f{i}/index.html" for i in range(6))

_page_arg = st.sampled_from(URLS).map(lambda url: ("page", url))
_arg = st.one_of(_page_arg, st.sampled_from(("tags", 3, ("term", "/tags/x/"))))
reads = st.builds(
    Reads,
    own=st.one_of(st.none(), st.sampled_from(URLS)),
    names=st.sets(st.sampled_from(NAMES)),
    pages=st.sets(st.sampled_from((*URLS, ALL_PAGES))),
    site=st.sets(st.sampled_from(("posts", "tags"))),
    calls=st.sets(st.tuples(st.sampled_from(("series_of", "related_of", "share")),
                            st.lists(_arg, max_size=3).map(tuple))),
)
files = st.lists(st.builds(OutputFile, path=st.sampled_from(PATHS), data=st.none(),
                           reads=st.one_of(st.none(), reads)), max_size=8)


def _asked_one_by_one(current: dict[str, OutputFile], url: str,
                      changed: frozenset[str]) -> set[str]:
    return {f.path for f in current.values() if f.reads is not None
            and f.reads.touches(url, changed)}


@settings(max_examples=300, deadline=None)
@given(first=files, later=st.lists(files, max_size=3), url=st.sampled_from(URLS),
       changed=st.sets(st.sampled_from(NAMES)).map(frozenset))
def test_the_index_answers_as_every_record_would(first: list[OutputFile],
                                                  later: list[list[OutputFile]], url: str,
                                                  changed: frozenset[str]) -> None:
    """Built from the files of a build, then updated with the files quick updates render
    again (a path's new record replaces its old one, or none): after every step it finds
    the files whose records say they read what changed, and leaves the older index as
    it was."""
    current = {f.path: f for f in first}
    index = Readers.of(current.values())
    assert index.touched(url, changed) == _asked_one_by_one(current, url, changed)
    for made in later:
        before = index.touched(url, changed)
        updated = index.updated(made)
        assert index.touched(url, changed) == before
        current.update((f.path, f) for f in made)
        index = updated
        assert index.touched(url, changed) == _asked_one_by_one(current, url, changed)
        assert index.touched(url, changed) == Readers.of(current.values()).touched(url, changed)


def test_a_listing_is_touched_by_what_it_shows_and_a_post_by_its_own_page() -> None:
    listing = Reads(None, {"title", "reading_minutes"}, {ALL_PAGES}, {"posts"})
    post = Reads("/a/", {"title"}, {"/b/"}, set(), {("related_of", (("page", "/a/"),))})
    other = Reads("/c/", {"title"}, {"/a/"})
    index = Readers.of([OutputFile("blog/index.html", None, reads=listing),
                        OutputFile("a/index.html", None, reads=post),
                        OutputFile("c/index.html", None, reads=other)])
    assert index.touched("/a/", {"body"}) == {"a/index.html"}
    assert index.touched("/a/", {"reading_minutes"}) == {"a/index.html", "blog/index.html"}
    assert index.touched("/a/", {"title"}) == {"a/index.html", "blog/index.html",
                                                "c/index.html"}
    assert index.touched("/b/", {"title"}) == {"a/index.html", "blog/index.html"}
