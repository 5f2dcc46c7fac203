"""`lanting --help` and each command's: every argument described with its default,
examples in the epilog, "did you mean" for a mistyped command, a taken port."""

from __future__ import annotations

import argparse
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lanting.cli.parser import build_parser

Run = Callable[..., tuple[int, str, str]]


def _parsers() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every parser, with its command line (`lanting`, `lanting theme copy`)."""
    stack: list[tuple[str, argparse.ArgumentParser]] = [("lanting", build_parser())]
    while stack:
        name, parser = stack.pop()
        yield name, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                stack += [(f"{name} {sub}", p) for sub, p in action.choices.items()]


COMMANDS = sorted(name for name, _ in _parsers())


def test_every_command_is_listed() -> None:
    assert {"lanting new", "lanting build", "lanting check", "lanting serve",
            "lanting deploy", "lanting clean", "lanting theme", "lanting theme copy",
            "lanting theme list", "lanting theme show"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_argument_is_described_with_its_default(command: str) -> None:
    parser = dict(_parsers())[command]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._VersionAction
                      | argparse._SubParsersAction):
            continue
        name = "/".join(action.option_strings) or action.dest
        assert action.help and len(action.help) > 10, f"{command} {name}: no help"
        has_default = action.default not in (None, False, argparse.SUPPRESS)
        if action.option_strings and (has_default or not action.required):
            assert "default" in action.help or action.required, \
                f"{command} {name}: default not shown"


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.count(" ") == 1] + ["lanting"])
def test_help_has_examples(command: str, run_cli: Run) -> None:
    code, out, _err = run_cli(*command.split()[1:], "--help")
    assert code == 0
    examples = out.split("examples:\n", 1)[1]
    assert f"  {command}" in examples or "lanting " in examples


@pytest.mark.parametrize(("typed", "meant"), [("biuld", "build"), ("serv", "serve"),
                                              ("deploi", "deploy"), ("chek", "check")])
def test_mistyped_command_gets_did_you_mean(run_cli: Run, typed: str, meant: str) -> None:
    code, _out, err = run_cli(typed)
    assert code == 2
    assert f"unknown command `{typed}`" in err and f"`{meant}`" in err


def test_serve_help_does_not_promise_output(run_cli: Run) -> None:
    _code, out, _err = run_cli("serve", "--help")
    text = " ".join(out.split())
    assert "serve itself writes nothing" in text


def test_a_taken_port_suggests_another(make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({})
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _out, err = run_cli("serve", site, "--port", str(port))
    assert code == 2
    assert f"port {port} is in use" in err and "--port " in err
    suggested = int(err.split("--port ")[1].split()[0])
    assert suggested != port
