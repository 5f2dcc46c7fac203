"""`lanting serve` makes the search index in the background, one rebuild at a time, and
drops a request that a newer rebuild's replaces (`serve/indexer.py`). The index that is
finally served must equal a clean build's however the rebuilds and the indexing
interleave: a page rendered by a rebuild whose index was never served is indexed again
by the next one, not taken from the older index."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitebits import differing_files

import lanting.serve.live
from lanting.build.options import BuildOptions
from lanting.errors import LantingError
from lanting.model.output import SearchIndex
from lanting.output.search_files import INDEX_DIR
from lanting.serve.live import LiveSite

OPTIONS = BuildOptions(drafts=True, jobs=1, cache=False, base_url="http://localhost/")
POSTS = {
    "a": "---\ntitle: A\ndate: 2026-01-01\n---\nAlpha speaks of gradients.\n",
    "b": "---\ntitle: B\ndate: 2026-01-02\n---\nBeta speaks of tensors.\n\nSee [A](a.md).\n",
    "c": "---\ntitle: C\ndate: 2026-01-03\n---\nGamma speaks of kernels.\n",
}


def _site(root: Path) -> Path:
    (root / "content/posts").mkdir(parents=True)
    (root / "lanting.toml").write_text('title = "Index"\n', encoding="utf-8")
    for slug, text in POSTS.items():
        (root / f"content/posts/{slug}.md").write_text(text, encoding="utf-8")
    return root


class HeldIndexer:
    """Stands in for a busy indexer: requests wait, and a newer one replaces the one
    waiting, as `BackgroundIndexer` does while it indexes an earlier rebuild."""

    def __init__(self, live: LiveSite) -> None:
        self.live = live
        self.real = live.indexer.index_later
        self.waiting: tuple[Callable[[], SearchIndex], int] | None = None
        live.indexer.index_later = self.hold  # type: ignore[method-assign]

    def hold(self, index: Callable[[], SearchIndex], generation: int) -> None:
        self.waiting = (index, generation)

    def release(self) -> None:
        assert self.waiting is not None
        self.live.indexer.index_later = self.real  # type: ignore[method-assign]
        self.real(*self.waiting)
        assert self.live.wait_for_search_index()


def _served(live: LiveSite) -> dict[str, bytes]:
    assert live.wait_for_search_index()
    return {path: data if isinstance(data, bytes) else data.read_bytes()
            for path, data in live.store.files.items()}


def _index(files: dict[str, bytes]) -> dict[str, bytes]:
    return {p: data for p, data in files.items() if p.startswith(INDEX_DIR + "/")}


def _fresh(site: Path) -> dict[str, bytes]:
    live = LiveSite(site, OPTIONS, report=lambda message: None)
    live.rebuild()
    assert live.error is None, live.error
    return _served(live)


def _edit(site: Path, slug: str, old: str, new: str) -> str:
    path = site / f"content/posts/{slug}.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)



@pytest.fixture
def live(tmp_path: Path) -> LiveSite:
    site = LiveSite(_site(tmp_path / "site"), OPTIONS, report=lambda message: None)
    site.rebuild()
    assert site.error is None, site.error
    _served(site)
    return site


def test_two_quick_edits_indexed_as_one_equal_a_clean_build(live: LiveSite) -> None:
    held = HeldIndexer(live)
    live.rebuild({_edit(live.site_dir, "a", "gradients", "momentum")})
    live.rebuild({_edit(live.site_dir, "c", "kernels", "schedulers")})
    assert live.last_rebuild == "quick"
    held.release()
    served = _served(live)
    assert differing_files(served, _fresh(live.site_dir)) == []
    assert b"momentum" in b"".join(_index(served).values())


def test_a_quick_edit_then_a_full_rebuild_indexed_as_one_equal_a_clean_build(
    live: LiveSite,
) -> None:
    held = HeldIndexer(live)
    live.rebuild({_edit(live.site_dir, "a", "gradients", "momentum")})
    assert live.last_rebuild == "quick"
    live.rebuild({_edit(live.site_dir, "b", "[A](a.md)", "[C](c.md)")})  # a new link target
    assert live.last_rebuild == "full"
    held.release()
    served = _served(live)
    assert differing_files(served, _fresh(live.site_dir)) == []
    assert b"momentum" in b"".join(_index(served).values())


def test_an_index_made_for_an_older_rebuild_is_not_served(live: LiveSite) -> None:
    """The indexer was busy with rebuild 2 when rebuild 3 came: 2's index arrives last
    but is dropped, and 3's, made afterwards, covers both edits."""
    held = HeldIndexer(live)
    live.rebuild({_edit(live.site_dir, "a", "gradients", "momentum")})
    older = held.waiting
    live.rebuild({_edit(live.site_dir, "c", "kernels", "schedulers")})
    held.release()
    assert older is not None
    index, generation = older
    assert not live._serve_index(index(), generation)
    assert differing_files(_served(live), _fresh(live.site_dir)) == []


def test_a_failed_rebuild_does_not_hold_back_the_index_of_the_last_good_one(
    live: LiveSite,
) -> None:
    held = HeldIndexer(live)
    live.rebuild({_edit(live.site_dir, "a", "gradients", "momentum")})
    live.rebuild({_edit(live.site_dir, "c", "title: C", "title: [C")})
    assert live.error is not None
    held.release()  # the request of the good rebuild, made before the failed one
    assert b"momentum" in b"".join(_index(_served(live)).values())


def test_an_index_made_while_a_failing_rebuild_shows_a_page_early_reads_its_own_pages(
    live: LiveSite, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full rebuild serves the edited page early, then fails and takes it back. The
    index of the rebuild before it, made meanwhile, reads that page as its own rebuild
    made it: the text of the failed edit never reaches the search index."""
    held = HeldIndexer(live)
    live.rebuild({_edit(live.site_dir, "b", "tensors", "matrices")})
    live.rebuild({_edit(live.site_dir, "a", "gradients", "momentum")})
    assert held.waiting is not None
    index, generation = held.waiting
    made: list[SearchIndex] = []

    def failing(*args: object, **kwargs: object) -> None:
        assert b"zebras" in _served_now(live)["posts/b/index.html"]  # shown early
        made.append(index())  # the background indexer, running meanwhile
        raise LantingError.at("something else is broken")

    monkeypatch.setattr(lanting.serve.live, "produce", failing)
    path = _edit(live.site_dir, "b", "Beta speaks of matrices.",
                 "Beta speaks of zebras, see [x](nope.md).")
    live.rebuild({path})
    assert live.last_rebuild == "full" and live.error is not None
    assert b"zebras" not in _served_now(live)["posts/b/index.html"]  # taken back
    assert live._serve_index(made[0], generation)
    text = b"".join(_index(_served_now(live)).values())
    assert b"matrices" in text and b"momentum" in text and b"zebras" not in text


def _served_now(live: LiveSite) -> dict[str, bytes]:
    return {path: data if isinstance(data, bytes) else data.read_bytes()
            for path, data in live.store.files.items()}
