"""The command line: `lanting new | build | check | serve | clean`. Stages raise; this
prints (and `lanting serve` reports its rebuilds as they happen)."""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
import time
import webbrowser
from pathlib import Path
from types import FrameType
from typing import NoReturn

from lanting import __version__
from lanting.build import build, clean_cache
from lanting.build.options import BuildOptions, BuildResult, max_jobs
from lanting.errors import LantingError, UsageError
from lanting.importer import KINDS as IMPORT_KINDS
from lanting.model.problem import Problem
from lanting.scaffold import new_site

EXIT_OK, EXIT_SITE_ERROR, EXIT_USAGE = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lanting", description="Build academic homepages with a technical blog.")
    parser.add_argument("--version", action="version", version=f"lanting {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    new = commands.add_parser("new", help="create a new site in an empty folder")
    new.add_argument("dir", type=Path, metavar="DIR")

    clean = commands.add_parser("clean", help="delete the build cache (SITE/.lanting/)")
    clean.add_argument("site", nargs="?", type=Path, default=Path("."), metavar="SITE")

    for name, text in (("build", "build the site into a static folder"),
                       ("serve", "build, then serve the site on this machine")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("site", nargs="?", type=Path, default=Path("."), metavar="SITE")
        sub.add_argument("-o", "--output", type=Path, metavar="OUT",
                         help="output folder (default: SITE/public)")
        sub.add_argument("--drafts", action="store_true", help="include drafts")
        sub.add_argument("--base-url", metavar="URL", help="override base_url of lanting.toml")
        sub.add_argument("--strict", action="store_true", help="treat warnings as errors")
        sub.add_argument("--no-cache", action="store_true",
                         help="ignore and do not update the build cache in SITE/.lanting/")
        sub.add_argument("-j", "--jobs", type=_jobs, default=0, metavar="N",
                         help="worker processes (default: one per CPU; at most twice "
                         "the CPUs)")
        if name == "serve":
            sub.add_argument("--no-drafts", action="store_true",
                             help="hide drafts (serve shows them, marked, by default)")
            sub.add_argument("--host", default="127.0.0.1",
                             help="address to bind (default: 127.0.0.1)")
            sub.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
            sub.add_argument("--open", action="store_true", help="open a browser")
    imp = commands.add_parser(
        "import", help="make a new site from a Jekyll, al-folio, Hugo, Hugo Blox or Hexo site")
    imp.add_argument("source", type=Path, metavar="SOURCE", help="the site to import (only read)")
    imp.add_argument("dest", nargs="?", type=Path, metavar="DEST",
                     help="a new or empty folder for the new site (default: SOURCE-lanting)")
    imp.add_argument("--from", dest="kind", choices=IMPORT_KINDS,
                     help="the kind of site (default: detected)")
    imp.add_argument("--dry-run", action="store_true",
                     help="print the report, write nothing")
    imp.add_argument("--timezone", metavar="ZONE",
                     help="time zone of dates written without one (default: the source's, "
                     "else UTC)")
    imp.add_argument("--permalink", metavar="PATTERN",
                     help="the source's permalink pattern, instead of its configuration's")
    check = commands.add_parser("check", help="check the site without writing it")
    check.add_argument("site", nargs="?", type=Path, default=Path("."), metavar="SITE")
    check.add_argument("--drafts", action="store_true", help="include drafts")
    check.add_argument("--external", action="store_true",
                       help="also check http(s) links over the network")
    check.add_argument("--strict", action="store_true", help="treat warnings as errors")
    return parser


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if jobs < 0:
        raise argparse.ArgumentTypeError(f"{text}: give 0 (one per CPU) or more")
    return jobs


def _capped_jobs(jobs: int) -> int:
    """`-j`, at most `max_jobs()` (each worker holds a copy of the site: `-j 200` would
    take gigabytes for no speed); says so on stderr when it lowers it."""
    most = max_jobs()
    if jobs <= most:
        return jobs
    print(f"note: -j {jobs} lowered to {most} (twice the {most // 2} CPUs available)",
          file=sys.stderr)
    return most


def _sort_key(problem: Problem) -> tuple[str, int, int, str]:
    """Grouped by file, then in reading order."""
    return (str(problem.path or ""), problem.line or 0, problem.column or 0, problem.message)


def _print_problems(problems: list[Problem], site: Path) -> None:
    for problem in sorted(problems, key=_sort_key):
        print(problem.format(Path.cwd()), file=sys.stderr)


def _count(problems: list[Problem] | tuple[Problem, ...], severity: str) -> str:
    n = sum(p.severity == severity for p in problems)
    return f"{n} {severity}{'s' if n != 1 else ''}"


def _check(args: argparse.Namespace) -> int:
    options = BuildOptions(drafts=args.drafts, strict=args.strict, external=args.external,
                           write=False)
    result = build(args.site, options, _Progress())
    _print_problems(list(result.warnings), args.site)
    if result.warnings:
        print(f"check passed: 0 errors, {_count(result.warnings, 'warning')}")
    else:
        print(f"check passed: no problems in {result.pages} files")
    return EXIT_OK


class _Progress:
    """A one-line progress bar on a terminal, for long builds only."""

    def __init__(self) -> None:
        self.enabled = sys.stderr.isatty()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled or total < 200:
            return
        if done % 20 and done != total:
            return
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r{stage:>8} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\r" + " " * (width + 30) + "\r")
        sys.stderr.flush()


def _summary(result: BuildResult) -> str:
    if result.site is None:
        return f"{result.output} is up to date: nothing changed since the last build"
    warn = len(result.warnings)
    return (f"built {result.pages} pages ({result.files} files) into {result.output} "
            f"in {result.seconds:.2f} s, {warn} warning{'s' if warn != 1 else ''}")


def _build(args: argparse.Namespace, base_url: str | None = None) -> BuildResult:
    options = BuildOptions(output=args.output, drafts=args.drafts,
                           base_url=base_url or args.base_url, strict=args.strict,
                           jobs=_capped_jobs(args.jobs), cache=not args.no_cache)
    result = build(args.site, options, _Progress())
    _print_problems(list(result.warnings), args.site)
    print(_summary(result))
    return result


def _serve(args: argparse.Namespace) -> int:
    import threading

    from lanting.serve.http import make_server
    from lanting.serve.live import LiveSite

    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"warning: serving on {args.host}: other machines on the network can read "
              "this site and its drafts", file=sys.stderr)
    shown_host = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    if ":" in shown_host:
        shown_host = f"[{shown_host}]"  # an IPv6 address, in a URL
    live = LiveSite(args.site, BuildOptions(
        output=args.output, drafts=not args.no_drafts, strict=args.strict,
        jobs=_capped_jobs(args.jobs),
        cache=not args.no_cache, base_url=f"http://{shown_host}:{args.port}/"))
    try:
        server = make_server(live.store, args.host, args.port, live=live)
    except OSError as error:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {error.strerror}") from None
    started = time.perf_counter()
    live.rebuild()
    if live.error:
        print(f"build failed; serving an error page until it is fixed:\n{live.error}",
              file=sys.stderr)
    else:
        _print_problems(list(live.warnings), args.site)
        print(f"built {len(live.store.files)} files in {time.perf_counter() - started:.2f} s")
    url = f"http://{shown_host}:{server.server_address[1]}/"
    print(f"serving {args.site} at {url} (drafts {'hidden' if args.no_drafts else 'shown'}; "
          "Ctrl-C to stop)")
    stop = threading.Event()
    watcher = threading.Thread(target=live.watch, args=(stop,), daemon=True)
    watcher.start()
    if args.open:
        webbrowser.open(url)
    try:
        server.serve_forever()
    finally:
        stop.set()
        live.close_streams()
        server.server_close()
    return EXIT_OK


def _import(args: argparse.Namespace) -> int:
    from lanting.importer import import_site
    from lanting.importer.common import Options

    imported = import_site(args.source, args.dest, args.kind, args.dry_run,
                           Options(timezone=args.timezone, permalink=args.permalink))
    print(imported.report.format(imported.dest, args.dry_run))
    if not args.dry_run:
        print(f"next: lanting serve {imported.dest}")
    return EXIT_OK


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # unwinds through the writer, which removes its temporary folder


def tune_collector() -> None:
    """Raise the garbage collector's thresholds (a build allocates millions of small
    objects that live to its end; collecting them often only costs time) and freeze what
    the imports made out of its reach (also keeping forked workers' pages shared)."""
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


def run() -> NoReturn:
    """The `lanting` command: `main`, tuned for one short process (`tune_collector`); the
    interpreter's teardown, which frees every object one by one, is skipped."""
    tune_collector()
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _terminate)
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) if exit_.code in (0, None) else EXIT_USAGE
    try:
        if args.command == "new":
            written = new_site(args.dir)
            print(f"created a new site in {args.dir} ({len(written)} files)")
            print(f"next: lanting serve {args.dir}")
            return EXIT_OK
        if args.command == "import":
            return _import(args)
        if not args.site.is_dir():
            raise UsageError(f"{args.site} is not a folder")
        if args.command == "build":
            _build(args)
            return EXIT_OK
        if args.command == "clean":
            removed = clean_cache(args.site)
            print(f"removed {removed}" if removed else "no cache to remove")
            return EXIT_OK
        if args.command == "check":
            return _check(args)
        return _serve(args)
    except LantingError as error:
        _print_problems(error.problems, args.site if hasattr(args, "site") else Path("."))
        summary = _count(error.problems, "error")
        if any(p.severity == "warning" for p in error.problems):
            summary += ", " + _count(error.problems, "warning")
        command = "check" if getattr(args, "command", "") == "check" else "build"
        print(f"{command} failed: {summary}", file=sys.stderr)
        return EXIT_SITE_ERROR
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_SITE_ERROR
    except Exception as error:  # a bug in Lanting, not in the site: say so, briefly
        if os.environ.get("LANTING_DEBUG"):
            raise
        print(f"internal error: {type(error).__name__}: {error}\n"
              "this is a bug in Lanting; rerun with LANTING_DEBUG=1 for the traceback "
              "and report it", file=sys.stderr)
        return EXIT_SITE_ERROR
