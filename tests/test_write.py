"""Stage 8: the writer replaces the output atomically, refuses folders it did not write,
and leaves unchanged files alone."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.model.output import Copy, OutputFile
from lanting.output import recycle, write
from lanting.output.recycle import mirror
from lanting.output.staging import MARKER, Staging, check_output_folder, recover_interrupted
from lanting.output.write import write_site

Snapshot = Callable[[Path], dict[str, bytes]]


@pytest.fixture
def built(make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
          post: Callable[..., str]) -> tuple[Path, Path]:
    """A small site built once into site/public: (site, output)."""
    site = make_site({
        "content/_index.md": "---\ntitle: Home\n---\nHello.\n",
        "content/posts/a.md": post("A", "2026-01-01", body="Alpha.\n"),
        "content/posts/b.md": post("B", "2026-01-02", body="Beta.\n"),
        "static/files/note.txt": "static note\n",
    })
    out = site / "public"
    build_site(site, out)
    return site, out


def stat_key(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_ino, st.st_mtime_ns


# --- the output -------------------------------------------------------------------------


def test_output_has_marker_and_no_leftovers(
    built: tuple[Path, Path], temp_leftovers: Callable[[Path], list[str]]
) -> None:
    _site, out = built
    assert (out / MARKER).is_file()
    assert (out / "posts/a/index.html").is_file()
    assert (out / "files/note.txt").read_text() == "static note\n"
    assert temp_leftovers(out.parent) == []


def test_rebuild_removes_stale_files(
    built: tuple[Path, Path], build_site: Callable[..., BuildResult]
) -> None:
    site, out = built
    (site / "content/posts/b.md").unlink()
    build_site(site, out)
    assert not (out / "posts/b").exists()
    assert (out / "posts/a/index.html").is_file()


def test_unchanged_files_keep_inode_and_mtime(
    built: tuple[Path, Path], build_site: Callable[..., BuildResult]
) -> None:
    site, out = built
    kept = ["posts/a/index.html", "404.html", "files/note.txt", "robots.txt"]
    before = {rel: stat_key(out / rel) for rel in kept}
    changed_before = (out / "posts/b/index.html").read_bytes()
    text = (site / "content/posts/b.md").read_text()
    (site / "content/posts/b.md").write_text(text.replace("Beta.", "Beta, revised."))
    build_site(site, out)
    assert {rel: stat_key(out / rel) for rel in kept} == before
    after = (out / "posts/b/index.html").read_bytes()
    assert after != changed_before and b"Beta, revised." in after


def test_rebuild_without_changes_is_byte_identical(
    built: tuple[Path, Path], build_site: Callable[..., BuildResult], snapshot: Snapshot
) -> None:
    site, out = built
    before = snapshot(out)
    build_site(site, out)
    assert snapshot(out) == before


def test_changed_static_file_with_an_older_mtime_is_copied(
    built: tuple[Path, Path], build_site: Callable[..., BuildResult]
) -> None:
    site, out = built
    source = site / "static/files/note.txt"
    source.write_text("STATIC NOTE\n")  # same size, different bytes
    os.utime(source, (1_000_000_000, 1_000_000_000))  # 2001
    build_site(site, out)
    assert (out / "files/note.txt").read_text() == "STATIC NOTE\n"


# --- failed builds leave the previous output alone -------------------------------------


@pytest.mark.parametrize(
    "broken",
    [
        {"templates/post.html": "{{ page.title | no_such_filter }}"},
        {"templates/post.html": "{{ page.no_such_field.deeper }}"},
        {"templates/post.html": "{% for x in %}"},
        {"templates/post.html": '{% include "missing.html" %}'},
        {"templates/post.html": "{{ 1 // 0 }}"},
        {"content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\nslug: ../x\n---\n"},
        {"content/posts/c.md": "---\ntitle: [C\n---\n"},
        {"lanting.toml": 'title = "T"\ntitel = "x"\n'},
    ],
    ids=["unknown-filter", "undefined", "syntax", "missing-include", "zero-division",
         "bad-slug", "bad-yaml", "bad-config"],
)
def test_failed_build_leaves_previous_output_byte_identical(
    built: tuple[Path, Path], build_site: Callable[..., BuildResult], snapshot: Snapshot,
    temp_leftovers: Callable[[Path], list[str]], broken: dict[str, str],
) -> None:
    site, out = built
    before = snapshot(out)
    inodes = {p: stat_key(p) for p in out.rglob("*") if p.is_file()}
    for rel, text in broken.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    with pytest.raises(Exception):  # noqa: B017 - a LantingError, or a bug surfacing
        build_site(site, out)
    assert snapshot(out) == before
    assert {p: stat_key(p) for p in out.rglob("*") if p.is_file()} == inodes
    assert temp_leftovers(out.parent) == []


def test_template_error_names_the_template(
    built: tuple[Path, Path], build_site: Callable[..., BuildResult]
) -> None:
    site, out = built
    (site / "templates").mkdir()
    (site / "templates/post.html").write_text("line one\n{{ page.title | no_such_filter }}\n")
    with pytest.raises(LantingError) as info:
        build_site(site, out)
    [problem] = info.value.problems
    assert "post.html" in str(problem.path)
    assert problem.line == 2


def test_failure_while_writing_restores_the_previous_output(
    built: tuple[Path, Path], snapshot: Snapshot, temp_leftovers: Callable[[Path], list[str]]
) -> None:
    site, out = built
    before = snapshot(out)
    files = [OutputFile("index.html", b"new"), OutputFile("x/index.html", b"new x")]
    copies = [Copy(site / "static/files/note.txt", "files/note.txt"),
              Copy(site / "static/no-such-file.txt", "gone.txt")]
    with pytest.raises(OSError):
        write_site(out, site, files, copies)
    assert snapshot(out) == before
    assert temp_leftovers(out.parent) == []


@pytest.mark.parametrize("pages", [3, 200], ids=["one writer", "writer threads"])
def test_interrupt_while_writing_restores_the_previous_output(
    built: tuple[Path, Path], snapshot: Snapshot, temp_leftovers: Callable[[Path], list[str]],
    monkeypatch: pytest.MonkeyPatch, pages: int,
) -> None:
    site, out = built
    before = snapshot(out)
    calls = []

    def interrupted(path: str, mode: str = "r") -> IO[bytes]:
        if "w" in mode:
            calls.append(path)
            if len(calls) == 2 * pages // 3:
                raise KeyboardInterrupt
        return open(path, mode)  # noqa: SIM115 — the caller closes it

    monkeypatch.setattr("lanting.output.staging.open", interrupted, raising=False)
    files = [OutputFile(f"p{i}/index.html", f"page {i}".encode()) for i in range(pages)]
    with pytest.raises(KeyboardInterrupt):
        write_site(out, site, files, [])
    monkeypatch.undo()
    # With threads, the writes still running finish before the staging folder goes:
    # nothing is left behind by them.
    assert snapshot(out) == before
    assert temp_leftovers(out.parent) == []


def test_paths_outside_the_output_are_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    with pytest.raises(LantingError):
        write_site(tmp_path / "out", site, [OutputFile("../escape.html", b"x")], [])
    assert not (tmp_path / "escape.html").exists()
    assert not (tmp_path / "out").exists()


# --- output folders that are refused ---------------------------------------------------


def test_refuses_the_site_folder(make_site: Callable[..., Path],
                                 build_site: Callable[..., BuildResult],
                                 post: Callable[..., str], snapshot: Snapshot) -> None:
    site = make_site({"content/posts/a.md": post()})
    before = snapshot(site)
    with pytest.raises(LantingError) as info:
        build_site(site, site)
    assert "site folder" in str(info.value)
    assert snapshot(site) == before


def test_refuses_an_ancestor_of_the_site(tmp_path: Path, make_site: Callable[..., Path],
                                         build_site: Callable[..., BuildResult],
                                         post: Callable[..., str], snapshot: Snapshot) -> None:
    site = make_site({"content/posts/a.md": post()})
    before = snapshot(tmp_path)
    with pytest.raises(LantingError) as info:
        build_site(site, tmp_path)
    assert "contains the site" in str(info.value)
    assert snapshot(tmp_path) == before


def _git_folder(out: Path) -> dict[str, bytes]:
    (out / ".git/refs/heads").mkdir(parents=True)
    (out / ".git/HEAD").write_text("ref: refs/heads/gh-pages\n")
    (out / ".git/refs/heads/gh-pages").write_text("0" * 40 + "\n")
    return {p.relative_to(out).as_posix(): p.read_bytes()
            for p in sorted((out / ".git").rglob("*")) if p.is_file()}


def _git_files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes()
            for p in sorted((out / ".git").rglob("*")) if p.is_file()}


def test_builds_into_a_folder_holding_git_and_keeps_it(
    tmp_path: Path, make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
    post: Callable[..., str], temp_leftovers: Callable[[Path], list[str]],
) -> None:
    """A `gh-pages` worktree or a clone of the web root: `.git` is carried over, untouched,
    by every build (full swap, small edit, failed build)."""
    site = make_site({"content/posts/a.md": post("A", "2026-01-01"),
                      "content/posts/b.md": post("B", "2026-01-02")})
    out = tmp_path / "pages"
    out.mkdir()
    git = _git_folder(out)  # only .git: as good as empty
    build_site(site, out)
    assert (out / "posts/a/index.html").is_file() and _git_files(out) == git
    (site / "content/posts/b.md").write_text(post("B2", "2026-01-02"), encoding="utf-8")
    build_site(site, out)
    assert "B2" in (out / "posts/b/index.html").read_text() and _git_files(out) == git
    (site / "content/posts/b.md").write_text("---\ntitle: [\n---\n", encoding="utf-8")
    with pytest.raises(LantingError):
        build_site(site, out)
    assert _git_files(out) == git and temp_leftovers(tmp_path) == []


def test_a_git_file_of_a_worktree_is_kept(
    tmp_path: Path, make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
    post: Callable[..., str],
) -> None:
    site = make_site({"content/posts/a.md": post()})
    out = tmp_path / "pages"
    out.mkdir()
    (out / ".git").write_text("gitdir: /repo/.git/worktrees/pages\n")
    build_site(site, out)
    build_site(site, out, drafts=True)
    assert (out / ".git").read_text() == "gitdir: /repo/.git/worktrees/pages\n"


def test_a_killed_build_gives_git_back(tmp_path: Path) -> None:
    """Killed after `.git` moved into the new folder, before the swap: the next build
    moves it back before removing that folder."""
    out = tmp_path / "pages"
    out.mkdir()
    (out / MARKER).write_text("{}")
    dead = tmp_path / ".pages.lanting-tmp-999999999"
    dead.mkdir()
    git = _git_folder(dead)
    recover_interrupted(out)
    assert not dead.exists() and _git_files(out) == git


def test_refuses_a_git_folder_with_files_lanting_did_not_write(
    tmp_path: Path, make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
    post: Callable[..., str], snapshot: Snapshot,
) -> None:
    site = make_site({"content/posts/a.md": post()})
    out = tmp_path / "repo"
    _git_folder(out)
    (out / "README.md").write_text("someone else's\n")
    before = snapshot(out)
    with pytest.raises(LantingError) as info:
        build_site(site, out)
    assert MARKER in str(info.value)
    assert snapshot(out) == before


def test_refuses_a_non_empty_folder_without_the_marker(
    tmp_path: Path, make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
    post: Callable[..., str], snapshot: Snapshot,
) -> None:
    site = make_site({"content/posts/a.md": post()})
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("precious\n")
    with pytest.raises(LantingError) as info:
        build_site(site, out)
    assert MARKER in str(info.value)
    assert snapshot(out) == {"thesis.tex": b"precious\n"}


@pytest.mark.parametrize("inside", ["content", "content/posts", "static", "templates"])
def test_refuses_a_folder_inside_the_sources(tmp_path: Path, inside: str) -> None:
    site = tmp_path / "site"
    (site / inside).mkdir(parents=True)
    with pytest.raises(LantingError):
        check_output_folder(site / inside / "out", site)


def test_refuses_a_file(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (tmp_path / "out").write_text("x")
    with pytest.raises(LantingError):
        check_output_folder(tmp_path / "out", site)


def test_accepts_an_empty_or_new_folder(
    tmp_path: Path, make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
    post: Callable[..., str],
) -> None:
    site = make_site({"content/posts/a.md": post()})
    (tmp_path / "empty").mkdir()
    build_site(site, tmp_path / "empty")
    build_site(site, tmp_path / "new/nested/out")
    assert (tmp_path / "empty/posts/a/index.html").is_file()
    assert (tmp_path / "new/nested/out/posts/a/index.html").is_file()


# --- patching in place -------------------------------------------------------------------


def _pages(n: int, changed: str = "") -> list[OutputFile]:
    return [OutputFile(f"p{i}/index.html", f"page {i}{changed if i == 0 else ''}".encode())
            for i in range(n)]


def test_a_small_change_swaps_the_whole_output_keeping_unchanged_files(
    tmp_path: Path, snapshot: Snapshot, temp_leftovers: Callable[[Path], list[str]],
) -> None:
    """One page changed: the output folder is still exchanged as a whole (never changed
    in place), and the unchanged files are the same files (hard links), times kept."""
    site, out = tmp_path / "site", tmp_path / "public"
    site.mkdir()
    write_site(out, site, _pages(20), [])
    root_inode, kept = out.stat().st_ino, stat_key(out / "p5/index.html")
    files = [f for f in _pages(20, " changed") if f.path != "p19/index.html"]
    write_site(out, site, [*files, OutputFile("new/index.html", b"new")], [])
    assert out.stat().st_ino != root_inode  # a new folder, swapped in
    assert stat_key(out / "p5/index.html") == kept
    assert (out / "p0/index.html").read_bytes() == b"page 0 changed"
    assert not (out / "p19").exists()  # the stale file and its emptied folder are gone
    assert temp_leftovers(tmp_path) == []
    fresh = tmp_path / "fresh"
    write_site(fresh, site, [*files, OutputFile("new/index.html", b"new")], [])
    assert snapshot(out) == snapshot(fresh)


def test_a_file_where_a_folder_was_replaces_the_whole_output(tmp_path: Path) -> None:
    site, out = tmp_path / "site", tmp_path / "public"
    site.mkdir()
    write_site(out, site, [*_pages(20), OutputFile("a/b/index.html", b"x")], [])
    root_inode = out.stat().st_ino
    write_site(out, site, [*_pages(20), OutputFile("a", b"now a file")], [])
    assert out.stat().st_ino != root_inode
    assert (out / "a").read_bytes() == b"now a file"


def test_a_big_previous_output_is_deleted_in_the_background(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `BACKGROUND_DELETE_FILES`, the swapped-out output is renamed to a `-trash-`
    folder and deleted by a process of its own: the new output is complete when
    `write_site` returns, and the trash is gone soon after."""
    import time

    monkeypatch.setattr(write, "BACKGROUND_DELETE_FILES", 2)
    site, out = tmp_path / "site", tmp_path / "out"
    site.mkdir()
    first = [OutputFile(f"p{i}/index.html", f"old {i}".encode()) for i in range(5)]
    write_site(out, site, first, [])
    second = [OutputFile(f"p{i}/index.html", f"new {i}".encode()) for i in range(4)]
    assert write_site(out, site, second, []) == 4
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html")) == [
        f"p{i}/index.html" for i in range(4)]
    assert (out / "p0/index.html").read_bytes() == b"new 0"
    deadline = time.monotonic() + 20
    while [p for p in tmp_path.iterdir() if ".lanting-" in p.name]:
        assert time.monotonic() < deadline, "the old output was never deleted"
        time.sleep(0.05)


def test_the_trash_of_a_dead_deleter_goes_with_the_next_build(tmp_path: Path) -> None:
    out = tmp_path / "pages"
    out.mkdir()
    (out / MARKER).write_text("{}")
    trash = tmp_path / ".pages.lanting-trash-999999999"
    (trash / "posts/x").mkdir(parents=True)
    (trash / "posts/x/index.html").write_text("old")
    recover_interrupted(out)
    assert not trash.exists() and out.is_dir()


# --- staging ahead (pages put in by the workers that made them) ---------------------------


def test_staged_files_are_swapped_in_as_they_were_put(
    tmp_path: Path, snapshot: Snapshot, temp_leftovers: Callable[[Path], list[str]],
) -> None:
    """`Staging.put` before `write_site`: a file with the previous output's bytes is that
    same file (a hard link, its time kept), a changed one has its new bytes, and the
    result is what writing every file in memory gives."""
    site, out = tmp_path / "site", tmp_path / "public"
    site.mkdir()
    write_site(out, site, _pages(6), [])
    kept = stat_key(out / "p1/index.html")
    staging = Staging(out, site)
    new = _pages(6, " changed")
    for f in new[:3]:
        assert f.data is not None
        staging.put(f.path, f.data)
    assert staging.read("p0/index.html") == b"page 0 changed"
    assert staging.read("p4/index.html") is None  # not staged
    files = [OutputFile(f.path, None, staged=True) for f in new[:3]] + new[3:]
    assert write_site(out, site, files, [Copy(site / "x", "p2/index.html")], staging) == 6
    assert stat_key(out / "p1/index.html") == kept
    assert (out / "p2/index.html").read_bytes() == b"page 2"  # a generated page wins
    fresh = tmp_path / "fresh"
    write_site(fresh, site, new, [])
    assert snapshot(out) == snapshot(fresh)
    assert temp_leftovers(tmp_path) == []


def test_staging_refuses_unsafe_paths_and_foreign_folders_and_leaves_clashes(
        tmp_path: Path) -> None:
    site, out = tmp_path / "site", tmp_path / "public"
    site.mkdir()
    staging = Staging(out, site)
    with pytest.raises(LantingError, match="outside the output folder"):
        staging.put("../escape.html", b"x")
    assert not (tmp_path / "escape.html").exists()
    # A path that cannot be used is left to stage 10, which names the sources involved.
    assert staging.put("a", b"file")
    assert not staging.put("a/index.html", b"needs a folder")
    assert not staging.put("a", b"claimed twice")
    assert not staging.put("x" * 300 + ".html", b"name too long")
    assert staging.read("a") == b"file"
    staging.discard()
    assert [p.name for p in tmp_path.iterdir()] == ["site"]
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    with pytest.raises(LantingError, match="did not write"):
        Staging(mine, site)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine", "site"]


# --- the previous output kept as a spare, updated in place by the next build ---------------


def _spare_pages(n: int, version: dict[int, str]) -> list[OutputFile]:
    """Pages p0…p(n-1), page i with text version.get(i, "")."""
    return [OutputFile(f"p{i}/index.html", f"page {i}{version.get(i, '')}".encode())
            for i in range(n)]


def test_the_replaced_output_becomes_the_spare_and_a_small_edit_updates_it(
    tmp_path: Path, snapshot: Snapshot, temp_leftovers: Callable[[Path], list[str]],
) -> None:
    """A build keeps the output it replaced; the next small build changes only what
    differs in it and swaps it in: unchanged files stay the same files (times kept),
    stale ones go, and the result is what a fresh folder gives."""
    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "cache/spare"
    site.mkdir()
    (tmp_path / "cache").mkdir()
    write_site(out, site, _spare_pages(20, {}), [], spare=spare)
    # Nothing was replaced: the spare is the new output itself, in hard links.
    assert stat_key(spare / "p3/index.html") == stat_key(out / "p3/index.html")
    write_site(out, site, _spare_pages(20, {i: " v2" for i in range(20)}), [], spare=spare)
    assert (spare / "p3/index.html").read_bytes() == b"page 3"  # the first build's output
    kept = stat_key(out / "p5/index.html")
    root = out.stat().st_ino
    # Build 3: p0 changed, p19 gone, a new page and a static file; the rest unchanged.
    (site / "note.txt").write_text("static")
    files = [OutputFile("p0/index.html", b"page 0 v3"), OutputFile("new/index.html", b"new"),
             *(OutputFile(f"p{i}/index.html", None, "f") for i in range(1, 19))]
    assert write_site(out, site, files, [Copy(site / "note.txt", "files/note.txt")],
                      spare=spare) == 21
    assert out.stat().st_ino != root  # swapped in as a whole, never changed in place
    assert stat_key(out / "p5/index.html") == kept
    assert (out / "p0/index.html").read_bytes() == b"page 0 v3"
    assert not (out / "p19").exists()
    assert (spare / "p19/index.html").read_bytes() == b"page 19 v2"  # build 2's output
    expected = {**{f"p{i}/index.html": f"page {i} v2".encode() for i in range(1, 19)},
                "p0/index.html": b"page 0 v3", "new/index.html": b"new",
                "files/note.txt": b"static"}
    assert {k: v for k, v in snapshot(out).items() if k != MARKER} == expected
    assert temp_leftovers(tmp_path) == []


def test_a_spare_left_in_any_state_is_put_right(tmp_path: Path, snapshot: Snapshot) -> None:
    """What the spare holds is never trusted: a file edited in it, a stray file, a folder
    where a file goes and a missing file are all put right."""
    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "spare"
    site.mkdir()
    pages = _spare_pages(20, {})
    write_site(out, site, pages, [], spare=spare)
    write_site(out, site, _spare_pages(20, {0: " v2"}), [], spare=spare)
    (spare / "p1/index.html").unlink()
    (spare / "p2/index.html").unlink()  # shared with the output: replaced, not edited
    (spare / "p2/index.html").write_bytes(b"edited in the spare")
    (spare / "stray/deep").mkdir(parents=True)
    (spare / "stray/deep/x.html").write_text("stray")
    (spare / "p3/index.html").unlink()
    (spare / "p3/index.html").mkdir()  # an empty folder where a file goes
    files = [OutputFile("p0/index.html", b"page 0 v3"),
             *(OutputFile(f"p{i}/index.html", None, "f") for i in range(1, 20))]
    write_site(out, site, files, [], spare=spare)
    fresh = tmp_path / "fresh"
    write_site(fresh, site, _spare_pages(20, {0: " v3"}), [])
    result, clean = snapshot(out), snapshot(fresh)
    del result[MARKER], clean[MARKER]  # fingerprints differ; the files do not
    assert result == clean
    assert not (out / "stray").exists()


def test_inodes_the_build_looked_at_spare_listing_the_output(
    tmp_path: Path, snapshot: Snapshot, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pipeline passes the inodes of the output files it found intact: the output is
    not listed again, files it did not look at are looked up one by one, and the result
    is the one a fresh folder gives, the spare put right as without them."""
    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "spare"
    site.mkdir()
    write_site(out, site, _spare_pages(20, {}), [], spare=spare)
    write_site(out, site, _spare_pages(20, {0: " v2"}), [], spare=spare)
    (spare / "p2/index.html").unlink()  # gone from the spare: linked from the output again
    known = {f"p{i}/index.html": (out / f"p{i}/index.html").stat().st_ino
             for i in range(1, 15)}  # p15…p19 not looked at: looked up
    listed: list[str] = []
    real_inodes = recycle.inodes
    monkeypatch.setattr(recycle, "inodes", lambda folder: listed.append(folder)
                        or real_inodes(folder))
    files = [OutputFile("p0/index.html", b"page 0 v3"),
             *(OutputFile(f"p{i}/index.html", None, "f") for i in range(1, 20))]
    write_site(out, site, files, [], spare=spare, inodes=known)
    assert listed == [str(spare)]  # the spare only
    fresh = tmp_path / "fresh"
    write_site(fresh, site, _spare_pages(20, {0: " v3"}), [])
    result, clean = snapshot(out), snapshot(fresh)
    del result[MARKER], clean[MARKER]
    assert result == clean


def test_every_change_updates_the_spare_and_keeps_only_the_last_output(
    tmp_path: Path,
) -> None:
    """Every file changed: the spare is still updated in place (nothing to delete), and
    it then holds the output this build replaced, nothing older."""
    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "spare"
    site.mkdir()
    for version in ("", " v2", " v3"):
        write_site(out, site, _spare_pages(20, {i: version for i in range(20)}), [],
                   spare=spare)
    assert {p.relative_to(spare).as_posix(): p.read_bytes() for p in spare.rglob("*")
            if p.is_file() and p.name != MARKER} == {
        f"p{i}/index.html": f"page {i} v2".encode() for i in range(20)}
    assert (out / "p7/index.html").read_bytes() == b"page 7 v3"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["public", "site", "spare", "spare.lock"]


def test_a_git_folder_crosses_into_the_recycled_spare(
    tmp_path: Path, temp_leftovers: Callable[[Path], list[str]],
) -> None:
    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "spare"
    site.mkdir()
    out.mkdir()
    git = _git_folder(out)
    write_site(out, site, _spare_pages(20, {}), [], spare=spare)
    write_site(out, site, _spare_pages(20, {0: " v2"}), [], spare=spare)
    files = [OutputFile("p0/index.html", b"page 0 v3"),
             *(OutputFile(f"p{i}/index.html", None, "f") for i in range(1, 20))]
    write_site(out, site, files, [], spare=spare)
    assert _git_files(out) == git and not (spare / ".git").exists()
    # A build killed after moving `.git` into the spare, before the swap: put back first.
    os.rename(out / ".git", spare / ".git")
    write_site(out, site, files, [], spare=spare)
    assert _git_files(out) == git and not (spare / ".git").exists()
    assert temp_leftovers(tmp_path) == []


@pytest.mark.skipif(sys.platform == "win32", reason="advisory locks are POSIX's")
def test_a_build_running_at_the_same_time_leaves_the_spare_alone(
    tmp_path: Path, snapshot: Snapshot, temp_leftovers: Callable[[Path], list[str]],
) -> None:
    """Two builds of one output at once must not both update the kept output: the one
    that finds it claimed fills a fresh folder and keeps nothing."""
    import fcntl

    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "spare"
    site.mkdir()
    write_site(out, site, _spare_pages(20, {}), [], spare=spare)
    write_site(out, site, _spare_pages(20, {0: " v2"}), [], spare=spare)
    before = snapshot(spare)
    with open(tmp_path / "spare.lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # as another build holds it
        write_site(out, site, _spare_pages(20, {0: " v3"}), [], spare=spare)
    assert snapshot(spare) == before
    assert (out / "p0/index.html").read_bytes() == b"page 0 v3"
    assert temp_leftovers(tmp_path) == []
    write_site(out, site, _spare_pages(20, {0: " v4"}), [], spare=spare)  # free again
    assert (spare / "p0/index.html").read_bytes() == b"page 0 v3"


def test_a_first_build_of_a_big_site_leaves_its_spare_to_a_process_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past `BACKGROUND_DELETE_FILES` files, the first build's spare (its output in hard
    links) is made after the build returns, by a process that waits for the spare's lock:
    the next build updates it like any other."""
    monkeypatch.setattr(write, "BACKGROUND_DELETE_FILES", 5)
    site, out, spare = tmp_path / "site", tmp_path / "public", tmp_path / "spare"
    site.mkdir()
    write_site(out, site, _spare_pages(20, {}), [], spare=spare)
    deadline = time.monotonic() + 30
    while not (spare / "p19/index.html").exists() or (
            stat_key(spare / "p19/index.html") != stat_key(out / "p19/index.html")):
        assert time.monotonic() < deadline, "no spare made"
        time.sleep(0.05)
    handle = os.open(tmp_path / "spare.lock", os.O_RDWR)  # the maker has let go
    try:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_EX)
    finally:
        os.close(handle)
    assert sorted(p.name for p in spare.iterdir()) == sorted(
        [MARKER, *(f"p{i}" for i in range(20))])


def test_a_mirror_links_every_file_but_a_repository(tmp_path: Path) -> None:
    out, spare = tmp_path / "out", tmp_path / "spare"
    (out / "a/b").mkdir(parents=True)
    (out / "a/b/index.html").write_text("page")
    (out / ".git/refs").mkdir(parents=True)
    (out / ".git/HEAD").write_text("ref")
    mirror(os.fspath(out), os.fspath(spare))
    assert stat_key(spare / "a/b/index.html") == stat_key(out / "a/b/index.html")
    assert sorted(p.name for p in spare.iterdir()) == ["a"]
