"""The command line: `lanting new | build | check | serve | deploy | theme | import |
clean | metrics update`. Stages raise; this prints (and `lanting serve` reports its
rebuilds as they happen). The arguments are in `parser.py`; `new` and `theme` in
`authoring.py`."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import signal
import socket
import sys
import time
import webbrowser
from pathlib import Path
from types import FrameType
from typing import NoReturn

from lanting.build import build, clean_cache
from lanting.build.options import BuildOptions, BuildResult, max_jobs
from lanting.cli.parser import GH_PAGES, build_parser
from lanting.errors import LantingError, UsageError
from lanting.model.output import ThirdPartyHost
from lanting.model.problem import Problem
from lanting.output.region import known_failure

EXIT_OK, EXIT_SITE_ERROR, EXIT_USAGE = 0, 1, 2


def _metrics(args: argparse.Namespace) -> int:
    from lanting.build.metrics import update_metrics  # the Markdown stages: not for a build

    result = update_metrics(args.site, args.api, args.mailto)
    for key in result.missing:
        print(f"not in OpenAlex: {key}", file=sys.stderr)
    for key in result.unidentified:
        print(f"no DOI or arXiv id: {key} (add `doi` or `arxiv` to the entry)",
              file=sys.stderr)
    print(f"wrote {result.path}: {len(result.found)} citation counts; commit it")
    return EXIT_OK


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
                           write=False, region=args.region)
    result = build(args.site, options, _Progress())
    if args.region:
        _print_hosts(result.hosts, args.region)
    _print_problems(list(result.warnings), args.site)
    if result.warnings:
        print(f"check passed: 0 errors, {_count(result.warnings, 'warning')}")
    else:
        print(f"check passed: no problems in {result.pages} files")
    return EXIT_OK


def _print_hosts(hosts: tuple[ThirdPartyHost, ...], region: str) -> None:
    """What `--region` found: every third-party host, those known to fail marked."""
    if not hosts:
        print(f"third-party hosts (region {region}): none; pages load only from the site")
        return
    print(f"third-party hosts (region {region}):")
    for host in hosts:
        known = known_failure(host.host, region)
        mark = "✗" if known else "✓"
        when = "on demand" if host.on_demand else "with the page"
        pages = f"{host.pages} file{'s' if host.pages != 1 else ''}"
        note = " — known to fail there (warning below)" if known else ""
        print(f"  {mark} {host.host} ({when}, {pages}, e.g. {host.first_page}){note}")


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
    warn = len(result.warnings)
    if result.site is None:
        return (f"{result.output} is up to date: nothing changed since the last build"
                + (f", {warn} warning{'s' if warn != 1 else ''}" if warn else ""))
    return (f"built {result.pages} pages ({result.files} files) into {result.output} "
            f"in {result.seconds:.2f} s, {warn} warning{'s' if warn != 1 else ''}")


def _build(args: argparse.Namespace) -> BuildResult:
    options = BuildOptions(output=args.output, drafts=getattr(args, "drafts", False),
                           base_url=args.base_url, default_base_url=args.default_base_url,
                           strict=args.strict, jobs=_capped_jobs(args.jobs),
                           cache=not args.no_cache)
    result = build(args.site, options, _Progress())
    _print_problems(list(result.warnings), args.site)
    print(_summary(result))
    return result


def _serve(args: argparse.Namespace) -> int:
    import threading

    from lanting.serve.http import make_server
    from lanting.serve.live import LiveSite
    from lanting.serve.watcher import watch

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
        if error.errno == errno.EADDRINUSE:
            raise UsageError(f"port {args.port} is in use on {args.host} (another `lanting "
                             f"serve`?): try --port {_free_port(args.host, args.port)}"
                             ) from None
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
    watcher = threading.Thread(target=watch, args=(live, stop), daemon=True)
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


def _free_port(host: str, taken: int) -> int:
    """A port above `taken` that is free now, to suggest (`taken + 1` if none is found)."""
    for port in range(taken + 1, min(taken + 50, 65536)):
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    return taken + 1


def _deploy(args: argparse.Namespace) -> int:
    """Build (unless --no-build), then publish the output folder."""
    output = args.output or args.site / "public"
    if not args.no_build:
        from lanting.config.load import load_config

        _build(args)
        config = load_config(args.site, {"base_url": args.base_url} if args.base_url else None,
                             {"base_url": args.default_base_url}
                             if args.default_base_url else None)
        if not config.origin:
            print("warning: base_url has no domain (lanting.toml sets none), so the feed, "
                  "the sitemap and link previews have none either: set base_url in "
                  "lanting.toml, or pass --base-url", file=sys.stderr)
    if args.to == GH_PAGES:
        from lanting.publish.gitpages import publish_branch

        done = publish_branch(args.site, output, args.branch, args.remote,
                              push=not args.no_push, message=args.message)
        where = f"and pushed it to {done.pushed_to}" if done.pushed_to else \
            "(not pushed: --no-push)"
        print(f"committed {done.files} files to {done.branch} ({done.commit[:10]}) {where}")
        return EXIT_OK
    from lanting.publish.mirror import mirror

    target = Path(args.to)
    synced = mirror(output, target, args.site)
    print(f"deployed to {target}: {synced.copied} copied, {synced.unchanged} unchanged, "
          f"{synced.removed} removed")
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


def _import(args: argparse.Namespace) -> int:
    from lanting.importer import import_site
    from lanting.importer.common import Options

    imported = import_site(args.source, args.dest, args.kind, args.dry_run,
                           Options(timezone=args.timezone, permalink=args.permalink))
    print(imported.report.format(imported.dest, args.dry_run))
    if imported.report.errors:  # (the site is written: the errors name what to fix)
        return EXIT_SITE_ERROR
    if not args.dry_run:
        print(f"next: lanting serve {imported.dest}")
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _terminate)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) if exit_.code in (0, None) else EXIT_USAGE
    try:
        # Imported here: a build with nothing to do must stay light (no Jinja, no Pygments).
        if args.command == "new":
            from lanting.cli.authoring import new_command  # Jinja: only when asked

            return new_command(args)
        if args.command == "theme":
            from lanting.cli.authoring import theme_command

            return theme_command(args)
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
        if args.command == "deploy":
            return _deploy(args)
        if args.command == "metrics":
            return _metrics(args)
        return _serve(args)
    except LantingError as error:
        _print_problems(error.problems, args.site if hasattr(args, "site") else Path("."))
        summary = _count(error.problems, "error")
        if any(p.severity == "warning" for p in error.problems):
            summary += ", " + _count(error.problems, "warning")
        command = getattr(args, "command", "")
        command = command if command in ("check", "deploy", "new", "theme") else "build"
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
