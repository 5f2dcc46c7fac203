"""docs/content/pages/cli.md is generated from the argparse parser
(`lanting.cli.reference`): it is up to date and names every command and argument."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from lanting.cli.parser import build_parser
from lanting.cli.reference import DOC, reference

PAGE = Path(__file__).resolve().parents[1] / DOC


def _commands(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += [sub, *_commands(sub)]
    return found


def test_the_reference_in_docs_is_up_to_date() -> None:
    assert PAGE.read_text(encoding="utf-8") == reference(), (
        f"{DOC} is out of date: run `PYTHONPATH=src python -m lanting.cli.reference > {DOC}`")


def test_every_command_and_option_is_there() -> None:
    text = reference()
    headings = re.findall(r"^#+ `(lanting[^`]*)`$", text, re.M)
    commands = _commands(build_parser())
    assert headings == [c.prog for c in commands]
    assert "lanting metrics update" in headings and "lanting theme copy" in headings
    for command in commands:
        section = text.split(f"`{command.prog}`\n", 1)[1]
        for action in command._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in section or f", {option}" in section, (
                        command.prog, option)


def test_examples_and_choices_are_shown() -> None:
    text = reference()
    assert "lanting deploy --to gh-pages --no-push   commit only" in text
    assert "`jekyll`, `al-folio`, `hugo`, `hugo-blox`, `hexo`" in text
