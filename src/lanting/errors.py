"""One error type for every stage: where the problem is, what it is, what to do.

Stages raise; the command line prints (`lanting serve` shows them over the page).
"""

from __future__ import annotations

import difflib
import typing
from pathlib import Path

from lanting.model.problem import Problem


class LantingError(Exception):
    """A problem in the user's input that stops the build; carries one or more problems."""

    def __init__(self, problems: Problem | list[Problem]) -> None:
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(p.format() for p in self.problems))

    @classmethod
    def at(
        cls,
        message: str,
        path: Path | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
    ) -> LantingError:
        return cls(Problem(message, path, line, column, hint))


class UsageError(Exception):
    """The command line was used wrongly (exit code 2)."""


def did_you_mean(word: str, choices: typing.Iterable[str]) -> str | None:
    choices = list(choices)
    # (difflib compares characters as they are: `MADE` is nothing like `made` to it)
    same = next((c for c in choices if c.casefold() == word.casefold()), None)
    close = [same] if same is not None else difflib.get_close_matches(
        word, choices, n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None
