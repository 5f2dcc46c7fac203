"""Pygments' regex lexers, run with first-character dispatch: the same tokens, faster.

A Pygments `RegexLexer` tries, at every position, each rule of its current state in
order until one matches: on typical Python code that is some thirty regex calls per
token, and highlighting took more of a post's Markdown time than parsing it. Most of
those rules cannot match there at all: a string rule needs a quote, a keyword rule a
letter. Here each rule's possible first characters are worked out once from its regex's
parse tree, conservatively (anything not understood counts as "any character"), and at
each position only the rules that could match the character there are tried, in the
lexer's own order (a state is analysed once it has been visited often enough to repay
it; until then every rule is tried). The first of them that matches is the rule
Pygments would have picked, so the token stream is identical (`tests/test_lexing.py`
checks it on every lexer Pygments ships and on random text). Lexers with a loop of
their own (C and C++ among them: they re-label names after Pygments' loop) run as they
are; YAML's only brings its own context class, and is run here with it.
"""

from __future__ import annotations

import re
import re._constants as sre  # type: ignore[import-not-found]  # the regex parser's
import re._parser as sre_parse  # type: ignore[import-not-found]  # own tree (stable since 2.x)
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from operator import itemgetter
from typing import Any

from pygments.filter import apply_filters
from pygments.lexer import ExtendedRegexLexer, Lexer, LexerContext, RegexLexer
from pygments.lexers.data import YamlLexer, YamlLexerContext
from pygments.token import Error, Text, Whitespace, _TokenType

_ASCII = 128


class _First:
    """What a rule's match can begin with: ASCII characters, maybe any non-ASCII one,
    maybe anything (`everything`), and whether it can match the empty string."""

    __slots__ = ("chars", "non_ascii", "everything", "empty")

    def __init__(self) -> None:
        self.chars: set[str] = set()
        self.non_ascii = False
        self.everything = False
        self.empty = False

    def admits(self, char: str) -> bool:
        if self.everything or self.empty:
            return True
        if not char:  # the end of the text: only an empty match fits
            return False
        return char in self.chars if ord(char) < _ASCII else self.non_ascii


_CATEGORIES = {
    sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D",
    sre.CATEGORY_SPACE: r"\s", sre.CATEGORY_NOT_SPACE: r"\S",
    sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W",
}
_CATEGORY_ASCII = {category: {chr(c) for c in range(_ASCII) if re.fullmatch(cls, chr(c))}
                   for category, cls in _CATEGORIES.items()}
"""The ASCII members of each category (every category also has non-ASCII ones)."""


def _add_char(first: _First, code: int, ignore_case: bool) -> None:
    if code >= _ASCII:
        first.non_ascii = True
        return
    char = chr(code)
    first.chars.add(char)
    if ignore_case and char.isalpha():
        first.chars.update((char.lower(), char.upper()))
        first.non_ascii = True  # Unicode case folding: K and the Kelvin sign, s and ſ, …


def _charset(first: _First, items: list[Any], ignore_case: bool) -> None:
    """A character class: its ASCII members (for a negated class, every ASCII character
    it does not list), and non-ASCII ones whenever it may hold any."""
    members: set[str] = set()
    wide = False
    negated = False
    for op, av in items:
        if op is sre.NEGATE:
            negated = True
        elif op is sre.LITERAL:
            wide |= av >= _ASCII
            members.update(chr(av) for _ in (0,) if av < _ASCII)
        elif op is sre.RANGE:
            wide |= av[1] >= _ASCII
            members.update(chr(c) for c in range(av[0], min(av[1] + 1, _ASCII)))
        elif op is sre.CATEGORY and av in _CATEGORY_ASCII:
            wide = True
            members |= _CATEGORY_ASCII[av]
        else:
            first.everything = True
            return
    if negated:  # a superset: case variants are added after, not removed before
        members = {chr(c) for c in range(_ASCII)} - members
        wide = True
    for char in members:
        _add_char(first, ord(char), ignore_case)
    first.non_ascii |= wide


def _sequence(first: _First, items: Any, ignore_case: bool) -> bool:
    """Add what `items` (a parsed sequence) can begin with; True if it can be empty."""
    for op, av in items:
        if not _item(first, op, av, ignore_case) or first.everything:
            return False
    return True


def _item(first: _First, op: Any, av: Any, ignore_case: bool) -> bool:
    """Add what one parsed item can begin with; True if it can match empty."""
    if op is sre.LITERAL:
        _add_char(first, av, ignore_case)
        return False
    if op is sre.IN:
        _charset(first, av, ignore_case)
        return False
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return True  # zero-width: the next item decides (a superset is safe)
    if op is sre.BRANCH:
        return any([_sequence(first, branch, ignore_case) for branch in av[1]])
    if op is sre.SUBPATTERN:
        _, add_flags, del_flags, items = av
        case = (ignore_case or bool(add_flags & re.IGNORECASE)) and \
            not del_flags & re.IGNORECASE
        return _sequence(first, items, case)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _, items = av
        return _sequence(first, items, ignore_case) or low == 0
    if op is sre.ATOMIC_GROUP:
        return _sequence(first, av, ignore_case)
    first.everything = True  # ANY, NOT_LITERAL, group references, …
    return False


def first_characters(pattern: str, flags: int) -> _First:
    """What a match of `pattern` can begin with (a superset)."""
    first = _First()
    try:
        parsed = sre_parse.parse(pattern, flags)
        first.empty = _sequence(first, parsed.data, bool(parsed.state.flags & re.IGNORECASE))
    except Exception:  # anything unexpected: let the rule be tried everywhere
        first.everything = True
    return first


Rule = tuple[Callable[..., Any], Any, Any]


ANALYSE_AFTER = 200
"""Visits of a state (tokens lexed in it) before its rules are analysed. Until then it
is lexed as Pygments does, trying every rule: analysing a state costs about what
trying all its rules at this many positions costs, so a state a text enters a few
times (a one-post rebuild, a rare state) is never analysed, and one that a build enters
thousands of times is analysed early."""


class _State:
    """One lexer state's rules, and for each character the rules that may match there
    (once the state has been visited often enough to be worth analysing)."""

    __slots__ = ("rules", "firsts", "by_char", "visits")

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules
        self.firsts: list[_First] | None = None
        self.by_char: dict[str, tuple[Rule, ...]] = {}
        self.visits = 0

    def candidates(self, char: str) -> Sequence[Rule]:
        if self.firsts is None:
            self.visits += 1
            if self.visits <= ANALYSE_AFTER:
                return self.rules
            compiled: list[Any] = [rule[0].__self__ for rule in self.rules]  # type: ignore[attr-defined]
            self.firsts = [first_characters(c.pattern, c.flags) for c in compiled]
        found = self.by_char.get(char)
        if found is None:
            found = self.by_char[char] = tuple(
                rule for rule, first in zip(self.rules, self.firsts, strict=True)
                if first.admits(char))
        return found


class _States(dict[str, _State]):
    """A lexer's states (its class's, or its own: some lexers pick a set per instance),
    made when first entered."""

    def __init__(self, tokendefs: dict[str, list[Rule]]) -> None:
        super().__init__()
        self.tokendefs = tokendefs

    def __missing__(self, name: str) -> _State:
        state = self[name] = _State(self.tokendefs[name])
        return state


_ANALYSED: dict[int, _States] = {}
"""id(token definitions) -> their states (each `_States` keeps its definitions alive, so
an id is never reused while it is a key)."""


def _states(lexer: RegexLexer) -> _States:
    tokendefs = lexer._tokens  # type: ignore[attr-defined]  # Pygments' compiled rules
    states = _ANALYSED.get(id(tokendefs))
    if states is None:
        states = _ANALYSED[id(tokendefs)] = _States(tokendefs)
    return states


def _transition(stack: list[str], new_state: Any) -> None:
    """Pygments' state-stack change for a rule's `new_state`."""
    if isinstance(new_state, int):  # "#pop" (-1) and "#pop:n", the most common
        if abs(new_state) >= len(stack):
            del stack[1:]
        else:
            del stack[new_state:]
    elif isinstance(new_state, tuple):
        for state in new_state:
            if state == "#pop":
                if len(stack) > 1:
                    stack.pop()
            elif state == "#push":
                stack.append(stack[-1])
            else:
                stack.append(state)
    elif new_state == "#push":
        stack.append(stack[-1])
    else:
        raise AssertionError(f"wrong state def: {new_state!r}")


def _tokens(lexer: RegexLexer, text: str, context: type[LexerContext] | None = None
            ) -> Iterator[tuple[int, Any, str]]:
    """`lexer.get_tokens_unprocessed(text)`, trying only the possible rules: Pygments'
    `RegexLexer` loop, or with a `context` class its `ExtendedRegexLexer` loop, whose
    callbacks move `ctx.pos` and may change `ctx.stack` and `ctx.end` themselves (the
    position and end are kept in locals, handed over before a callback and read back
    after it)."""
    states = _states(lexer)
    ctx = context(text, 0) if context is not None else None
    stack = ctx.stack if ctx is not None else ["root"]
    newline = Whitespace if ctx is None else Text  # as each of Pygments' loops yields it
    state = states["root"]
    pos, end = 0, len(text) if ctx is None else ctx.end
    while True:
        char = text[pos] if pos < end else ""
        candidates = state.by_char.get(char)
        for rexmatch, action, new_state in (
                state.candidates(char) if candidates is None else candidates):
            m = rexmatch(text, pos, end)
            if m:
                if type(action) is _TokenType:
                    yield pos, action, m.group()
                    pos = m.end()
                elif ctx is None:
                    if action is not None:
                        yield from action(lexer, m)
                    pos = m.end()
                elif action is not None:  # (the extended loop leaves pos for no action)
                    ctx.pos = pos
                    yield from action(lexer, m, ctx)
                    pos, end, stack = ctx.pos, ctx.end, ctx.stack
                    if not new_state:
                        state = states[stack[-1]]
                if new_state is not None:
                    _transition(stack, new_state)
                    state = states[stack[-1]]
                break
        else:
            if pos >= end:
                break
            if text[pos] == "\n":  # at the end of a line, back to the root state
                stack = ["root"]
                if ctx is not None:
                    ctx.stack = stack
                state = states["root"]
                yield pos, newline, "\n"
            else:
                yield pos, Error, text[pos]
            pos += 1


_TOKEN_AND_VALUE = itemgetter(1, 2)


def get_tokens(lexer: Lexer, text: str) -> Iterator[tuple[Any, str]]:
    """`lexer.get_tokens(text)`: the same (token type, text) pairs."""
    cls = type(lexer)
    method = cls.get_tokens_unprocessed
    if method is RegexLexer.get_tokens_unprocessed:
        run: Callable[[Any, str], Iterator[tuple[int, Any, str]]] = _tokens
    elif method is ExtendedRegexLexer.get_tokens_unprocessed:
        run = partial(_tokens, context=LexerContext)
    elif method is YamlLexer.get_tokens_unprocessed:  # only gives the loop its own context
        run = partial(_tokens, context=YamlLexerContext)
    else:  # the lexer has a loop of its own
        return lexer.get_tokens(text)
    text = lexer._preprocess_lexer_input(text)  # type: ignore[attr-defined]  # as get_tokens
    stream = map(_TOKEN_AND_VALUE, run(lexer, text))  # C-level: no generator frame per token
    return apply_filters(stream, lexer.filters, lexer) if lexer.filters else stream
