"""First-character dispatch (`markdown/lexing.py`) gives Pygments' own tokens.

Two layers: the analysis of a regex's possible first characters must be a superset
of what the regex can really begin with (a property test over generated regexes and
strings), and every lexer Pygments ships must lex the same text to the same tokens
(all of them on mixed samples; the common ones on generated text too).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pygments.lexers import get_all_lexers, get_lexer_by_name

from lanting.markdown import lexing
from lanting.markdown.lexing import first_characters, get_tokens


@pytest.fixture(autouse=True, scope="module")
def analyse_at_once() -> Iterator[None]:
    """Every state is analysed on its first visit, so every text goes through the
    dispatching (these tests compare it with Pygments' own loop)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lexing, "ANALYSE_AFTER", 0)
        yield


def test_a_state_is_analysed_only_once_it_has_been_visited_enough(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lexing, "ANALYSE_AFTER", 40)
    monkeypatch.setattr(lexing, "_ANALYSED", {})
    lexer = get_lexer_by_name("python")
    code = "def f(x):\n    return x + 1  # a comment\n"
    expected = list(lexer.get_tokens(code))
    assert list(get_tokens(lexer, code)) == expected  # 17 tokens, all in "root"
    (states,) = lexing._ANALYSED.values()
    root = states["root"]
    assert root.firsts is None and not root.by_char  # tried rule by rule, as Pygments does
    for _ in range(2):
        assert list(get_tokens(lexer, code)) == expected
    assert root.firsts is not None and root.by_char  # past 40 visits: dispatching
    assert "funcname" in states and states["funcname"].firsts is None  # 3 visits: not yet


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- the analysis ----------------------------------------------------------------------

_ATOMS = st.sampled_from([
    "a", "b", "K", "_", "-", r"\.", r"\$", "é", "中", "[a-c]", "[^a]", "[^\\s]", "[\\w-]",
    r"\d", r"\w", r"\s", r"\S", r"\W", r"\D", ".", "[A-Z0-9]", "[\u00e0-\u00ff]", "[^\\w\\s]"])
_REGEX = st.recursive(
    _ATOMS,
    lambda inner: st.one_of(
        st.tuples(inner, inner).map("".join),
        st.tuples(inner, inner).map("|".join),
        inner.map(lambda r: f"(?:{r})"), inner.map(lambda r: f"({r})"),
        st.tuples(inner, st.sampled_from(["*", "+", "?", "{0,2}", "{2}", "*?", "+?"])).map(
            lambda p: f"(?:{p[0]}){p[1]}"),
        st.tuples(st.sampled_from(["(?=", "(?!", "(?<=", "(?<!"]), _ATOMS, inner).map(
            lambda p: f"{p[0]}{p[1]}){p[2]}"),
        st.tuples(st.sampled_from(["^", "$", r"\b", r"\B", r"\A"]), inner).map("".join),
        inner.map(lambda r: f"(?i:{r})"),
    ),
    max_leaves=6,
)
_SUBJECT = st.text(st.sampled_from("abcKk_-.$é中 \t\n0-9AZàÿ\u212a!"), max_size=6)


@SETTINGS
@given(_REGEX, st.lists(_SUBJECT, min_size=1, max_size=8), st.booleans())
def test_first_characters_cover_every_real_match(regex: str, subjects: list[str],
                                                 ignore_case: bool) -> None:
    flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
    compiled = re.compile(regex, flags)
    first = first_characters(regex, flags)
    for text in subjects:
        for pos in range(len(text) + 1):
            m = compiled.match(text, pos)
            if m is None:
                continue
            if m.end() == pos:
                assert first.empty or first.everything, (regex, text, pos)
            else:
                assert first.admits(text[pos]), (regex, text, pos)


def test_first_characters_of_typical_rules() -> None:
    keyword = first_characters(r"\b(?:def|class)\b", re.M)
    assert keyword.admits("d") and keyword.admits("c") and not keyword.admits(" ")
    assert not keyword.empty
    string = first_characters(r'(?i)(r|u)?"', re.M)
    assert string.admits('"') and string.admits("R") and not string.admits("x")
    assert first_characters(r"\s*", re.M).empty
    assert first_characters(r"(a)?(?(1)b|c)", re.M).everything  # a conditional: anything


# --- whole lexers ----------------------------------------------------------------------

SAMPLES = [
    '''#!/usr/bin/env x
import os, sys  # comment
def f(a, b=1, *args, **kw):
    """doc"""  'str' "s\\"q" f"{a!r:>10}" 0x1F 1e-3 3.14j
    return a + b <= 2 and not {x: [y for y in z]}
class A(B): pass; @decorator
<html><body class="x">&amp; text</body></html>
SELECT * FROM t WHERE a = 'b' -- c
$ echo "$HOME" | grep -v '^#' > /dev/null 2>&1 && ls
key: value
- item: [1, 2, {a: b}]
\\begin{equation} x^2 \\end{equation}
fn main() { let x: i32 = 5; println!("{}", x); }
中文 注释 ✓ λ → ∑ \u212a
\ttab\tand trailing spaces\x20\x20\x20
''',
    "/* c */ int main(void) { return 0; } // x\n%% m\n\\x ; ; ;;; ((( ]]] }}} \"unterminated\n"
    "<?php echo 1; ?> {{ jinja }} {% if %} ${var} @media { a { b: c } }\n---\n+++\n@@ -1 +1 @@\n",
]


def _lexer_names() -> list[str]:
    return sorted(aliases[0] for _, aliases, _, _ in get_all_lexers() if aliases)


def test_every_pygments_lexer_gives_its_own_tokens() -> None:
    mismatched = []
    for name in _lexer_names():
        lexer = get_lexer_by_name(name, stripnl=False, ensurenl=False)
        for sample in SAMPLES:
            if list(get_tokens(lexer, sample)) != list(lexer.get_tokens(sample)):
                mismatched.append(name)
    assert not mismatched


_CODE = st.text(st.sampled_from(list(
    "abdefilnoprstuxyz_ABCDEFGHIJ0123456789 \t\n\"'`#$%&*+-./:;<=>?@[\\]^{|}()!~,中é✓")),
    max_size=120)
COMMON = ["python", "bash", "yaml", "toml", "json", "c", "cpp", "rust", "go", "javascript",
          "typescript", "java", "latex", "diff", "sql", "html", "css", "ini", "make", "docker"]


@pytest.mark.parametrize("name", COMMON)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_CODE)
def test_common_lexers_on_generated_code(name: str, text: str) -> None:
    lexer = get_lexer_by_name(name, stripnl=False, ensurenl=False)
    assert list(get_tokens(lexer, text)) == list(lexer.get_tokens(text))
