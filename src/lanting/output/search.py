"""Stage 11 — the search index: Pagefind over the rendered pages, as output files.

Runs after the pages are rendered and before anything is written, so a failed index
leaves the previous output untouched; the writer then writes the index like any page.

Only pages that opt in are indexed: their main content carries `data-pagefind-body`
(the theme's post and page templates do; see `_search.html` for the filters and meta
they add). One index serves every language: Pagefind would split it by `<html lang>`,
so that a query typed on an English page could never find a Chinese post; forcing one
language keeps a single index, and forcing a Chinese one keeps Chinese segmentation
(the extended binary segments Chinese text into words, the plain one does not).

Why the command line and a scratch folder rather than the Python API in memory: the API
answers each request only after a poll (a site of a thousand pages waits minutes), and
`get_files` returns the whole index in one message read through a small pipe buffer,
which stalls on a large site. One run of the same binary over a scratch copy of the
pages costs little beyond the indexing itself.

The scratch folder is in the site's cache folder (`.lanting/scratch/search-PID-…`), not in
/tmp: a build killed while indexing (no clean-up runs) leaves it there, and the next
index run removes the folders of processes that are gone. `--no-cache` uses a temporary
folder.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path

from lanting.config.languages import site_languages
from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.output import OutputFile, SearchIndex
from lanting.model.problem import Problem
from lanting.output.pagefind_files import canonical_index

INDEX_DIR = "pagefind"
"""Output folder of the index and of Pagefind's search library (`pagefind/pagefind.js`)."""

OPT_IN = b"data-pagefind-body"

THEME_EXCLUDES = (
    ".toc", ".series-box", ".post-nav", ".sidenote", ".footnote-backref", ".copy-button",
    ".post-meta", ".translations", "math", ".eyebrow",
)
"""Parts of the theme's pages that repeat other text (the TOC repeats the headings, side
notes repeat the footnotes, the series box and post navigation list other posts) or read
badly as text (dates, reading time, the section name above a title; MathML, whose text is
a jumble of symbols). Tags stay: a post tagged 强化学习 is found by that word."""

_UNUSED = ("pagefind-ui.", "pagefind-modular-ui.", "pagefind-component-ui.",
           "pagefind-highlight.", "playground/")
"""Pagefind's own search interfaces: the theme has its own (`search.js`)."""

TIMEOUT = 900
"""Seconds before an indexing run is considered hung."""


_MATH = re.compile(rb"<math\b.*?</math>", re.S)
_PRE = re.compile(rb"<pre\b.*?</pre>", re.S)
_SPAN = re.compile(rb"</?span\b[^>]*>")


def _lighten(html: bytes) -> bytes:
    """The page as the indexer needs it: without MathML (which it ignores anyway) and
    without the highlighting spans inside code blocks (text unchanged). That halves the
    HTML of a technical post and a third of Pagefind's time."""
    html = _MATH.sub(b"", html)
    return _PRE.sub(lambda m: _SPAN.sub(b"", m.group(0)), html)


def index_language(config: Config) -> str:
    """The one language the whole index is built as: Chinese (or Japanese) if the site has
    it, so that its text is segmented into words; else the default language."""
    codes = [lang.code.lower() for lang in site_languages(config)]
    cjk = [c for c in codes if c.split("-")[0] in ("zh", "ja")]
    code = cjk[0] if cjk else codes[0]
    return "zh-cn" if code == "zh" else code


def _binary() -> Path:
    try:
        from pagefind.service import get_executable
    except ImportError:
        binary = None
    else:
        binary = get_executable()
    if binary is None:
        raise LantingError.at(
            "search: the Pagefind binary is not installed",
            hint='pip install "pagefind[extended]", or set `[search] enabled = false`')
    return binary


def _run(binary: Path, site: Path, out: Path, config: Config) -> str:
    command = [str(binary), "--site", str(site), "--output-path", str(out),
               "--force-language", index_language(config), "--quiet"]
    for selector in (*THEME_EXCLUDES, *config.search.exclude):
        command += ["--exclude-selectors", selector]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT,
                              check=False, cwd=site)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise LantingError.at(f"search: Pagefind could not run: {error}",
                              hint="set `[search] enabled = false` to build without search"
                              ) from None
    output = (done.stdout + done.stderr).strip()
    if done.returncode != 0:
        lines = [line for line in output.splitlines() if line.startswith("Error")] or [output]
        raise LantingError.at(f"search: Pagefind failed: {lines[0]}",
                              hint="set `[search] enabled = false` to build without search")
    return output


SCRATCH_DIR = "scratch"
"""The folder of scratch folders, in the site's cache folder."""

_SCRATCH_NAME = re.compile(r"search-(\d+)-[^/]*")

STALE_SECONDS = 86400
"""Where it cannot be asked whether a process lives (Windows), a scratch folder this old
is taken for a killed build's."""


def _gone(pid: int, folder: Path) -> bool:
    """Whether the process that made `folder` has ended (its scratch folder is litter)."""
    if pid == os.getpid():
        return False
    if os.name != "posix":  # os.kill would end the process there
        try:
            return time.time() - folder.stat().st_mtime > STALE_SECONDS
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, someone else's
    return False


def clear_stale_scratch(parent: Path) -> list[Path]:
    """Remove the scratch folders in `parent` that killed index runs left; return them.
    Those of running processes (a `lanting serve` beside a `lanting build`) stay."""
    removed = []
    try:
        entries = list(parent.iterdir())
    except OSError:
        return []
    for entry in entries:
        found = _SCRATCH_NAME.fullmatch(entry.name)
        if found and _gone(int(found.group(1)), entry):
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


@contextmanager
def scratch_folder(parent: Path | None) -> Iterator[Path]:
    """A new empty folder in `parent` (made if need be; a temporary folder if None or not
    writable), removed afterwards."""
    folder: Path | None = None
    if parent is not None:
        parent = parent.absolute()  # Pagefind runs in the folder: relative paths would move
        try:
            parent.mkdir(parents=True, exist_ok=True)
            clear_stale_scratch(parent)
            folder = Path(tempfile.mkdtemp(prefix=f"search-{os.getpid()}-", dir=parent))
        except OSError:
            folder = None
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="lanting-search-") as temporary:
            yield Path(temporary)
        return
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _inputs(html: Sequence[OutputFile], config: Config) -> str:
    """Digest of everything the index is made from: every page (by its fingerprint, or
    its bytes), the search settings and Pagefind's version."""
    try:
        pagefind_version = metadata.version("pagefind")
    except metadata.PackageNotFoundError:
        pagefind_version = ""
    digest = hashlib.blake2b(repr((config.search, index_language(config), THEME_EXCLUDES,
                                   pagefind_version)).encode(), digest_size=16)
    for f in html:
        digest.update(f.path.encode() + b"\0")
        digest.update(f.fingerprint.encode() if f.fingerprint or f.data is None
                      else hashlib.blake2b(f.data, digest_size=16).digest())
    return digest.hexdigest()


def build_search_index(
    files: Sequence[OutputFile], config: Config, previous: Mapping[str, str] | None = None,
    reusable: Callable[[str], bool] = lambda path: False,
    previous_data: Callable[[str], bytes | None] = lambda path: None,
    scratch: Path | None = None,
) -> SearchIndex:
    """Index every rendered HTML page that opts in; return the index as output files.

    When no page changed since the build that wrote `previous` (path -> fingerprint), the
    old index is kept. Otherwise pages given without data (unchanged) are read back with
    `previous_data` and everything is indexed again, in a scratch folder made in
    `scratch` (the site's `.lanting/scratch/`; None: a temporary folder).
    """
    html = sorted((f for f in files if f.path.endswith(".html")), key=lambda f: f.path)
    if not config.search.enabled or not html:
        return SearchIndex((), 0)
    binary = _binary()
    warnings: list[Problem] = []
    if "extended" not in binary.name and index_language(config).startswith(("zh", "ja")):
        warnings.append(Problem(
            f"search: {binary.name} is not Pagefind's extended edition; Chinese text will "
            "not be split into words", severity="warning",
            hint='pip install "pagefind[extended]"'))
    inputs = _inputs(html, config)
    old = sorted(path for path in (previous or {}) if path.startswith(INDEX_DIR + "/"))
    if old and all((previous or {})[path] == inputs and reusable(path) for path in old):
        return SearchIndex(tuple(OutputFile(path, None, inputs) for path in old), 0,
                           tuple(warnings))
    pages = []
    for f in html:
        data = f.data if f.data is not None else previous_data(f.path)
        if data is None:
            raise LantingError.at(f"search: the unchanged page {f.path} could not be read back",
                                  hint="build again with --no-cache")
        if OPT_IN in data:
            pages.append(OutputFile(f.path, data))
    if not pages:
        return SearchIndex((), 0)
    with scratch_folder(scratch) as folder:
        site, out = folder / "site", folder / "index"
        for page in pages:
            assert page.data is not None
            target = site / page.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(_lighten(page.data))
        _run(binary, site, out, config)
        written = {path.relative_to(out).as_posix(): path.read_bytes()
                   for path in out.rglob("*") if path.is_file()}
    index = tuple(OutputFile(f"{INDEX_DIR}/{rel}", data, inputs)
                  for rel, data in sorted(canonical_index(written).items())
                  if not rel.startswith(_UNUSED))
    return SearchIndex(index, len(pages), tuple(warnings))
