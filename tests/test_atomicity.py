"""Nothing lost: a build killed midway, or failing in one page, leaves the previous output
byte-identical and (after at most one more build) no temporary folder behind.

The build runs in a child process whose writer is slowed down at a chosen point (by a
patch made in the child, not a hook in Lanting), so the signal lands while the new site
is half written.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

MakeSite = Callable[..., Path]
Post = Callable[..., str]
Snapshot = Callable[[Path], dict[str, bytes]]
Run = Callable[..., tuple[int, str, str]]
SRC = Path(__file__).resolve().parents[1] / "src"

# Runs `lanting build SITE` with the writer stopped at one point: `files` stops after a
# few files are in the temporary folder; `links` after half the unchanged files are
# linked into it (both without the output kept by the last build, so that the new site
# is made in a fresh folder); `swap` stops between the two renames of the fallback swap
# (no atomic exchange); `recycle` after a few files of the kept previous output were
# updated. The child touches READY, then sleeps.
CHILD = textwrap.dedent("""
    import os, signal, sys, time
    from pathlib import Path
    import lanting.output.staging as staging
    import lanting.output.write as write
    from lanting.cli import main
    # Ctrl-C as in a terminal, whatever the suite inherited: a shell that starts it in
    # the background (`.ci/run &`) leaves SIGINT ignored, and the child would sleep on.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    site, ready, point = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    if point in ("files", "links"):  # the fresh folder's way: no kept output to update
        import shutil
        for kept in Path(site, ".lanting").glob("output-*.previous"):
            shutil.rmtree(kept)
    def pause():
        ready.write_text("ready")
        time.sleep(60)
    def pause_at(call, real):  # `real`, pausing once it has been called `call` times
        calls = []
        def patched(*args):
            result = real(*args)
            calls.append(1)
            if len(calls) == call:
                pause()
            return result
        return patched
    if point == "files":
        staging.same_file = pause_at(5, staging.same_file)
    elif point == "threads":  # slow writes, by the writer threads (every file rewritten)
        calls = []
        real = staging.same_file
        def slow(old, data):
            calls.append(1)
            if len(calls) == 5:
                ready.write_text("ready")
            time.sleep(0.05)
            return real(old, data)
        staging.same_file = slow
    elif point == "links":
        write.os.link = pause_at(5, os.link)
    elif point == "recycle":  # stopped while the kept previous output is being updated
        import lanting.output.recycle as recycle
        recycle.ensure_parent = pause_at(3, recycle.ensure_parent)
    elif point == "swap":
        write.exchange = lambda a, b: False
        real_replace = os.replace
        def replace(a, b):
            real_replace(a, b)
            if ".lanting-old-" in str(b):
                pause()
        write.os.replace = replace
    sys.exit(main(["build", site, *(["--no-cache"] if point == "threads" else [])]))
""")


@pytest.fixture
def built(make_site: MakeSite, post: Post, run_cli: Run) -> Path:
    site = make_site({f"content/posts/p{i}.md": post(f"P{i}", f"2026-01-{i + 1:02d}",
                                                      body=f"Post {i}.\n") for i in range(12)})
    code, _out, err = run_cli("build", site)
    assert code == 0, err
    (site / "content/posts/p0.md").write_text(post("P0", "2026-01-01", body="Changed.\n"))
    return site


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".lanting-" in p.name)


def run_and_signal(site: Path, point: str, signum: int) -> int:
    ready = site.parent / "ready"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(site), str(ready), point],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not ready.exists():
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the build never reached the pause"
        time.sleep(0.01)
    child.send_signal(signum)
    try:
        child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()  # no process left behind to fail a later test
        child.communicate()
        pytest.fail(f"the build did not stop within 60 s of signal {signum}")
    return child.returncode


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_interrupted_build_keeps_the_old_output_and_cleans_up(
    built: Path, snapshot: Snapshot, signum: int,
) -> None:
    before = snapshot(built / "public")
    code = run_and_signal(built, "threads", signum)
    assert code == 130  # the CLI's "interrupted"
    assert snapshot(built / "public") == before
    assert leftovers(built) == []


@pytest.mark.parametrize("point", ["files", "swap"])
def test_killed_build_keeps_the_old_output_and_the_next_build_repairs(
    built: Path, snapshot: Snapshot, run_cli: Run, point: str,
) -> None:
    before = snapshot(built / "public")
    assert run_and_signal(built, point, signal.SIGKILL) == -signal.SIGKILL
    if point == "files":  # killed before the swap: the output was never touched
        assert snapshot(built / "public") == before
    else:  # killed between the two renames: the old output waits in its `-old-` folder
        [old] = [p for p in leftovers(built) if "-old-" in p]
        assert snapshot(built / old) == before
    assert leftovers(built) != []  # SIGKILL cannot be caught: the next build cleans up
    code, _out, err = run_cli("check", built)  # check writes nothing, repairs nothing
    assert code == 0, err
    code, _out, err = run_cli("build", built)
    assert code == 0, err
    assert leftovers(built) == []
    assert b"Changed." in (built / "public/posts/p0/index.html").read_bytes()


def test_failing_template_keeps_the_old_output(
    built: Path, snapshot: Snapshot, run_cli: Run,
) -> None:
    before = snapshot(built / "public")
    (built / "templates").mkdir()
    (built / "templates/post.html").write_text(
        '{% extends "base.html" %}{% block content %}{{ page.title.nope() }}{% endblock %}')
    code, _out, err = run_cli("build", built)
    assert code == 1
    assert "template error while rendering /posts/" in err
    assert snapshot(built / "public") == before
    assert leftovers(built) == []


def test_error_found_after_the_pages_are_staged_keeps_the_old_output(
    built: Path, snapshot: Snapshot, run_cli: Run, post: Post,
) -> None:
    """Workers put each page in the staging folder as they make it; an error found after
    that (a broken link, an error with --strict) discards the folder."""
    before = snapshot(built / "public")
    (built / "content/posts/p3.md").write_text(
        post("P3", "2026-01-04", body="See [this](/nowhere/).\n"))
    code, _out, err = run_cli("build", built, "--strict", "--no-cache")
    assert code == 1
    assert "nowhere" in err
    assert snapshot(built / "public") == before
    assert leftovers(built) == []


def test_crash_in_one_page_keeps_the_old_output(built: Path, snapshot: Snapshot) -> None:
    """A bug (not a site error) while rendering one page: internal error, nothing written."""
    before = snapshot(built / "public")
    crash = textwrap.dedent("""
        import sys
        import lanting.content.documents as documents
        real = documents.render_markdown
        def render(text, context, options):
            if context.rel == "posts/p7.md":
                raise RuntimeError("boom")
            return real(text, context, options)
        documents.render_markdown = render
        from lanting.cli import main
        sys.exit(main(["build", sys.argv[1], "--no-cache"]))
    """)
    result = subprocess.run([sys.executable, "-c", crash, str(built)], capture_output=True,
                            text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(SRC)},
                            check=False)
    assert result.returncode == 1
    assert "internal error: RuntimeError: boom" in result.stderr
    assert snapshot(built / "public") == before
    assert leftovers(built) == []


def test_killed_while_linking_an_edit_leaves_the_old_site_whole(
    built: Path, snapshot: Snapshot, run_cli: Run,
) -> None:
    """A one-page edit is written like any build: nothing in the output changes until
    the exchange (before, a small edit was applied in place, and a kill in the middle of
    its renames left half the old site, half the new)."""
    before = snapshot(built / "public")
    assert run_and_signal(built, "links", signal.SIGKILL) == -signal.SIGKILL
    assert snapshot(built / "public") == before
    next_build_repairs(built, run_cli, snapshot, "posts/p0/index.html", b"Changed.")


def next_build_repairs(built: Path, run_cli: Run, snapshot: Snapshot, page: str,
                       text: bytes) -> None:
    """The next build succeeds, leaves nothing behind, shows `text` in `page`, and gives
    what a clean build gives."""
    code, _out, err = run_cli("build", built)
    assert code == 0, err
    assert leftovers(built) == []
    assert text in (built / "public" / page).read_bytes()
    code, _out, err = run_cli("build", built, "-o", str(built.parent / "clean"), "--no-cache")
    assert code == 0, err
    assert snapshot(built / "public") == snapshot(built.parent / "clean")


def test_killed_while_updating_the_kept_output_leaves_the_site_whole(
    built: Path, snapshot: Snapshot, run_cli: Run, post: Post,
) -> None:
    """A small edit updates the output the last build replaced (kept in the cache) and
    swaps it in: killed while it does, the output is untouched, and the next build puts
    the half-updated spare right."""
    code, _out, err = run_cli("build", built)  # the edit of `built`; its old output is kept
    assert code == 0, err
    (built / "content/posts/p1.md").write_text(post("P1", "2026-01-02", body="Again.\n"))
    before = snapshot(built / "public")
    assert run_and_signal(built, "recycle", signal.SIGKILL) == -signal.SIGKILL
    assert snapshot(built / "public") == before
    next_build_repairs(built, run_cli, snapshot, "posts/p1/index.html", b"Again.")
