"""`build.freshness`: what a build remembers of the output it wrote, read back by the
next build exactly as it was saved — or not at all."""

from __future__ import annotations

from pathlib import Path

from lanting.build.freshness import Details, State, load_details, save_state
from lanting.model.output import ALL_PAGES, Answers, Reads


def _reads() -> dict[str, Reads]:
    return {
        "blog/index.html": Reads(None, {"title", "date"}, {ALL_PAGES}, {"posts", "years"}),
        "posts/a/index.html": Reads(
            "/posts/a/", {"title", "url"}, {"/posts/b/"}, set(),
            {("related_of", (("page", "/posts/a/"),)), ("term_url", ("tags", "强化学习"))},
            answer="5f0e"),
        "search/index.html": Reads(None, opaque=True),
    }


def test_the_records_and_stamps_come_back_as_saved(tmp_path: Path) -> None:
    cache, out = tmp_path / ".lanting", tmp_path / "public"
    stamps = {"index.html": (120, 1_700_000_000_000_000_000), "a.css": (5, 1)}
    answers = {"": Answers({"/posts/a/": "d1"}, {("series_of", (("page", "/posts/a/"),)): "d2"},
                           {"posts": "d3"}, ("/posts/a/",), {("title",): {"/posts/a/": "d4"}})}
    save_state(cache, out, "digest", State("inputs"), Details(_reads(), stamps, answers))
    details = load_details(cache, out)
    reads = details.reads
    assert reads == _reads() and details.stamps == stamps and details.answers == answers
    assert [r.answer for r in reads.values()] == [r.answer for r in _reads().values()]
    assert [r.ordered() for r in reads.values()] == [r.ordered() for r in _reads().values()]


def test_a_damaged_or_foreign_details_file_means_nothing_is_known(tmp_path: Path) -> None:
    cache, out = tmp_path / ".lanting", tmp_path / "public"
    save_state(cache, out, "digest", State("inputs"), Details(_reads(), {"index.html": (1, 2)}))
    (details,) = cache.glob("details-*")
    for damaged in (b"", b"not a pickle", details.read_bytes()[:40]):
        details.write_bytes(damaged)
        assert load_details(cache, out) == Details()


def test_details_of_the_json_format_are_dropped(tmp_path: Path) -> None:
    cache, out = tmp_path / ".lanting", tmp_path / "public"
    cache.mkdir()
    (cache / "details-0123456789abcdef.json").write_text('{"reads": {}, "files": {}}')
    save_state(cache, out, "digest", State("inputs"), Details(_reads()))
    assert [p.suffix for p in cache.glob("details-*")] == [".pickle"]


def test_shared_records_are_kept_in_fewer_bytes(tmp_path: Path) -> None:
    """Records made by different workers hold equal strings and calls as different
    objects; once `share`d they are one object each, which the pickle writes once."""
    def made(page: str) -> Reads:  # as a worker's pickled result arrives: all new objects
        url = "".join(["/posts/", page, "/"])
        return Reads(url, {"title"}, {"".join(["/posts/", "b", "/"])}, set(),
                     {("related_of", (("page", url),)),
                      ("term_url", ("tags", "".join(["强化", "学习"])))})

    apart = {f"p{i}/index.html": made(f"p{i}") for i in range(200)}
    shared = {f"p{i}/index.html": made(f"p{i}") for i in range(200)}
    known: dict[object, object] = {}
    for reads in shared.values():
        reads.share(known)
    first, second = shared["p0/index.html"], shared["p1/index.html"]
    assert next(iter(first.pages)) is next(iter(second.pages))
    (tag,) = (c for c in first.calls if c[0] == "term_url")
    assert any(c is tag for c in second.calls)
    assert shared == apart  # the same records
    sizes = []
    for reads in (apart, shared):
        cache, out = tmp_path / str(len(sizes)), tmp_path / "public"
        save_state(cache, out, "digest", State("inputs"), Details(reads))
        assert load_details(cache, out).reads == reads
        (details,) = cache.glob("details-*")
        sizes.append(details.stat().st_size)
    assert sizes[1] < sizes[0] * 0.8
