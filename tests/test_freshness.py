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
