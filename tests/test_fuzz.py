"""The Markdown fuzz harness (tests/fuzz/fuzz_markdown.py): every crash it ever found is
replayed, a short atheris run goes on each test run, and a Hypothesis run of random bytes
through the same entry point covers machines without atheris. Random bytes also go
through the notebook and BibTeX readers."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = Path(__file__).parent / "fuzz"
SRC = Path(__file__).resolve().parents[1] / "src"
HARNESS = FUZZ / "fuzz_markdown.py"
RUNS = int(os.environ.get("LANTING_FUZZ_RUNS", "2000"))
"""Iterations of the atheris run in the test suite (longer runs: set this, or run the
harness by hand as its docstring shows)."""

REPLAY = """
import sys
from pathlib import Path, PurePosixPath
sys.path.insert(0, sys.argv[1])
from fuzz_markdown import one_input
for name in sys.argv[2:]:
    one_input(Path(name).read_bytes())
    print("ok", Path(name).name, flush=True)
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC)}


def _kept_inputs() -> list[Path]:
    return sorted(p for folder in ("crashes", "seeds") for p in (FUZZ / folder).iterdir()
                  if p.is_file())


def test_every_kept_crash_and_seed_renders() -> None:
    """In a child process: some crashes killed the interpreter (math-core's stack)."""
    inputs = _kept_inputs()
    assert any(p.parent.name == "crashes" for p in inputs)
    result = subprocess.run([sys.executable, "-c", REPLAY, str(FUZZ), *map(str, inputs)],
                            capture_output=True, text=True, timeout=300, env=_env(), check=False)
    assert result.returncode == 0, (result.returncode, result.stderr[-2000:])
    assert result.stdout.count("ok ") == len(inputs)


@pytest.mark.skipif(importlib.util.find_spec("atheris") is None,
                    reason="atheris is not installed (it builds only where libFuzzer does); "
                           "test_random_bytes_through_the_harness covers the same entry point")
def test_short_atheris_run(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(FUZZ / "seeds", corpus)
    artifacts = tmp_path / "artifacts"
    artifacts.mkdir()
    result = subprocess.run(
        [sys.executable, str(HARNESS), f"-runs={RUNS}", "-seed=7", "-max_len=4096",
         "-timeout=20", "-rss_limit_mb=4096", f"-artifact_prefix={artifacts}/", str(corpus)],
        capture_output=True, text=True, timeout=600, env=_env(), check=False)
    found = sorted(p.name for p in artifacts.iterdir())
    assert result.returncode == 0 and not found, (
        f"the fuzzer found {found}: copy them to tests/fuzz/crashes/ and fix the bug\n"
        + result.stderr[-3000:])
    assert f"Done {RUNS} runs" in result.stderr


sys.path.insert(0, str(FUZZ))
from fuzz_markdown import one_input  # noqa: E402


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2048))
def test_random_bytes_through_the_harness(data: bytes) -> None:
    one_input(data)


# Notebooks and publications.bib: random bytes through their readers (issue 34). The
# structured inputs are in test_properties.py; here anything a file could hold.
from lanting.content.bibliography import parse_bibliography  # noqa: E402
from lanting.content.frontmatter import parse  # noqa: E402
from lanting.errors import LantingError  # noqa: E402
from lanting.model.content import Kind, Source  # noqa: E402

_NOTEBOOK = Path("/site/content/posts/nb.ipynb")
_BIB = Path("/site/content/publications.bib")
_NOTEBOOK_SEED = (b'{"cells": [{"cell_type": "markdown", "metadata": {}, "source": "x", '
                  b'"attachments": {"a.png": {"image/png": "iVBORw0KGgo="}}}], '
                  b'"metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
_BIB_SEED = b"@article{k,\n  title = {A \\foo {B}},\n  author = {A and \\\"O, B},\n}\n"


def _mutated(seed: bytes) -> st.SearchStrategy[bytes]:
    """The seed with a random slice replaced by random bytes (mostly near-valid input)."""
    return st.tuples(st.integers(0, len(seed)), st.integers(0, 40), st.binary(max_size=40)
                     ).map(lambda t: seed[: t[0]] + t[2] + seed[t[0] + t[1]:])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2048) | _mutated(_NOTEBOOK_SEED) | _mutated(_BIB_SEED))
def test_random_bytes_as_a_notebook_or_a_bibliography(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    for reader, path, rel, kind in (
            (parse, _NOTEBOOK, "posts/nb.ipynb", Kind.POST),
            (parse_bibliography, _BIB, "publications.bib", Kind.BIBLIOGRAPHY)):
        try:
            reader(Source(path, PurePosixPath(rel), kind, text))  # type: ignore[operator]
        except LantingError as error:
            assert all(p.path == path and p.line for p in error.problems)


# Front matter and lanting.toml: random bytes, and near-valid files with aliases, anchors,
# deep nesting and control characters spliced in (issue 34: alias bombs, nesting thousands
# deep, NUL in values). Each is read, or refused with a problem at a line of its file.
from lanting.config.load import load_config  # noqa: E402

_POST = Path("/site/content/posts/a.md")
_POST_SEED = (b"---\ntitle: \"A <!-- <script>\"\ndate: 2026-01-02\ntags: [a, b]\n"
              b"params: {x: &a [1, 2], y: *a, z: [[[1]]]}\nnews:\n  - date: 2026-01-03\n"
              b"    text: hi\n---\nBody.\n")
_TOML_POST_SEED = b'+++\ntitle = "A"\ndate = 2026-01-02\n[params]\nx = [[1], {a = 1}]\n+++\nx\n'
_CONFIG_SEED = (b'title = "T"\nbase_url = "https://x.org/"\n[blog]\nrecent_posts = 5\n'
                b'[profile]\nphoto = "/me.jpg"\n[[profile.links]]\nkind = "cv"\nurl = "/cv.pdf"\n'
                b'[markdown.math_macros]\nR = "\\\\mathbb{R}"\n')
_SPLICES = st.sampled_from([b"*a", b"&a ", b"[" * 300, b"{" * 80, b"\x00", b"\x1b", b"\xef\xbb\xbf",
                            b"\n---\n", b"\n+++\n", b"'", b'"', b"\\", b"- ", b": "])


def _spliced(seed: bytes) -> st.SearchStrategy[bytes]:
    return st.tuples(st.integers(0, len(seed)), st.lists(_SPLICES, max_size=4)
                     ).map(lambda t: seed[: t[0]] + b"".join(t[1]) + seed[t[0]:])


_CONFIG_DIR = Path(tempfile.mkdtemp(prefix="lanting-fuzz-config-"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=1024) | _mutated(_POST_SEED) | _spliced(_POST_SEED)
       | _spliced(_TOML_POST_SEED) | _mutated(_CONFIG_SEED) | _spliced(_CONFIG_SEED))
def test_random_bytes_as_front_matter_or_config(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    try:
        parse(Source(_POST, PurePosixPath("posts/a.md"), Kind.POST, text))
    except LantingError as error:
        assert all(p.path == _POST and p.line for p in error.problems), error.problems
    (_CONFIG_DIR / "lanting.toml").write_bytes(data)
    try:
        load_config(_CONFIG_DIR)
    except LantingError as error:
        assert all(p.path == _CONFIG_DIR / "lanting.toml"
                   and (p.line or "missing required key" in p.message)  # no line to name
                   for p in error.problems), error.problems
