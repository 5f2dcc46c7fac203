"""Operator names as MathJax reads them, rewritten for math-core: `\\operatorname{…}` with
math inside, `\\mathop{…}` (argmax, an expectation's `\\mathop{\\mathbb E}`, a
`\\mathop{\\sum}`), and `\\displaylines`. Rules of `tex.rewrite`."""

from __future__ import annotations

import re
import unicodedata

from lanting.markdown.tex_scan import Context, arguments, group_end, replace_command, skip_space

_OPERATORNAME = re.compile(r"\\operatorname(?![A-Za-z])\s*\*?\s*")
_PLAIN_NAME = re.compile(r"(?:[A-Za-z0-9 .,:;'\-]|\\[,;:! ])*")
"""What math-core's `\\operatorname` reads: letters and spacing."""


def operator_names(s: str, ctx: Context) -> str:
    """`\\operatorname{RMSLE(y(t), \\hat y(t))}` or `\\operatorname{top_k}`, which MathJax
    sets upright with the math inside, failed in math-core ("could not extract text"):
    such a name is `\\mathrm{…}` (a plain one stays an operator)."""
    out, pos = [], 0
    for match in _OPERATORNAME.finditer(s):
        end = group_end(s, match.end()) if s.startswith("{", match.end()) else None
        if match.start() < pos or end is None:
            continue  # (a name without braces: math-core reports it)
        written = s[match.end() + 1:end - 1]
        name = _innermost_name(written)
        if not _PLAIN_NAME.fullmatch(name):
            out += [s[pos:match.start()], f"\\mathrm{{{name}}}"]
            pos = end
        elif name != written:
            out += [s[pos:match.start()], f"{match.group().rstrip()}{{{name}}}"]
            pos = end
    return "".join(out) + s[pos:] if out else s


def _innermost_name(name: str) -> str:
    """The name inside operator names nested in one another,
    `\\operatorname*{\\operatorname*{\\operatorname*{argmax}}}` (as formulas converted
    from a PDF write it), which MathJax sets as the one name; math-core could not read
    the nest ("could not extract text")."""
    while True:
        inner = name.strip()
        match = _OPERATORNAME.match(inner)
        if match is None or not inner.startswith("{", match.end()) \
                or group_end(inner, match.end()) != len(inner):
            return name
        name = inner[match.end() + 1:-1]


_MATHOP = re.compile(r"\\mathop(?![A-Za-z])\s*")
_BARE_MATHOP = re.compile(r"\\mathop(?![A-Za-z])\s*(\\[A-Za-z]+(?![A-Za-z])|[^\s{}\\^_&])")
"""`\\mathop` and its argument of one token, a command or a character (`\\mathop a`)."""
_STYLED = re.compile(r"\\(?:math(bb|cal|frak|scr|bf)|(Bbb))\s*"
                     r"(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))")
"""A styled letter: `\\mathbb E`, `\\mathcal{L}`, MathJax's `\\Bbb{E}` (`\\mathbb`'s old name)."""
_STYLE_NAMES = {"bb": "DOUBLE-STRUCK", "cal": "SCRIPT", "scr": "SCRIPT", "frak": "FRAKTUR",
                "bf": "BOLD", "Bbb": "DOUBLE-STRUCK"}


def styled_letter(body: str) -> str | None:
    """`\\mathbb E` (`\\mathbb{E}`, `\\mathcal L`) as its one character, 𝔼, ℒ: math-core
    takes no font command inside `\\mathop` ("could not extract text"), and
    `\\mathop{\\mathbb E}` is how many posts write an expectation."""
    found = _STYLED.fullmatch(body)
    if found is None:
        return None
    style = _STYLE_NAMES[found.group(1) or found.group(2)]
    letter = found.group(3) or found.group(4)
    case = "CAPITAL" if letter.isupper() else "SMALL"
    for name in (f"MATHEMATICAL {style} {case} {letter.upper()}",
                 f"{style.replace('DOUBLE-STRUCK', 'DOUBLE-STRUCK')} {case} {letter.upper()}",
                 f"{'BLACK-LETTER' if style == 'FRAKTUR' else style} {case} {letter.upper()}"):
        try:
            return unicodedata.lookup(name)
        except KeyError:
            continue
    return None
_LIMITS = re.compile(r"\s*\\(no)?limits(?![A-Za-z])")
_SCRIPTED_OPERATOR = re.compile(r"(?:\\(?:arg|max|min|sup|inf|lim)(?![A-Za-z])\s*)*"
                                r"\\(?:max|min|sup|inf|lim|liminf|limsup|sum|prod|int|"
                                r"bigcup|bigcap|bigoplus|bigotimes|coprod|oint|det|Pr|gcd|"
                                r"argmax|argmin)(?![A-Za-z])\s*(?:\\(?:no)?limits(?![A-Za-z])\s*)?"
                                r"[_^]")
"""An operator with its scripts inside `\\mathop{…}`: `\\max_{i}`, and after another
operator word, with its own `\\limits` (`\\mathop{\\arg\\min\\limits_{R}}`)."""
_SCRIPT_CHAIN = re.compile(
    r"(\\(?:mathop|operatorname)\s*\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+)"
    r"(\s*\\(?:no)?limits(?![A-Za-z]))?((?:\s*[_^]\s*(?:\\(?:no)?limits(?![A-Za-z])\s*)?"
    r"(?:\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|\\[A-Za-z]+|[^\s{}\\]))+)")
"""An operator (a command, or one `\\mathop{max}` makes) and its scripts, a `\\limits`
perhaps after a script's `_` or `^`."""
_LIMITS_IN_SCRIPT = re.compile(r"([_^])\s*\\((?:no)?limits)(?![A-Za-z])\s*")


def _script_limits(s: str) -> str:
    """`\\sum_\\limits{j}^\\limits{m}` (`\\limits` after the `_`, as notes written in
    Typora have it): MathJax takes it as the operator's `\\limits`, math-core refused it
    after a script mark. Written after the operator, once."""
    def one(m: re.Match[str]) -> str:
        found = _LIMITS_IN_SCRIPT.search(m.group(3))
        if found is None:
            return m.group()
        own = m.group(2) or "\\" + found.group(2)
        return m.group(1) + own + _LIMITS_IN_SCRIPT.sub(r"\1", m.group(3))

    return _SCRIPT_CHAIN.sub(one, s) if _LIMITS_IN_SCRIPT.search(s) else s


_BIG_OPERATORS = re.compile(r"(?:\s*\\(?:sum|prod|coprod|int|iint|iiint|oint|bigcup|bigcap|"
                            r"bigsqcup|bigvee|bigwedge|bigodot|bigotimes|bigoplus|biguplus)"
                            r"(?![A-Za-z])\s*(?:\\[lc]?dots(?![A-Za-z])\s*)?){2,}")
"""Operators side by side (`\\sum\\sum`, a multiple integral `\\int \\cdots \\int`)."""
_LIMITS_TAKER = re.compile(
    r"\\(?:sum|prod|coprod|i*int|oint|big(?:cup|cap|sqcup|vee|wedge|odot|otimes|oplus|uplus)|"
    r"arg|max|min|sup|inf|lim|liminf|limsup|log|ln|lg|exp|det|Pr|gcd|deg|dim|ker|hom|"
    r"argmax|argmin|sin|cos|tan|sinh|cosh|tanh)")
"""The commands math-core takes `\\limits` after: big operators and operator names."""
_STYLE_BEFORE_LIMITS = re.compile(
    r"(" + _LIMITS_TAKER.pattern + r")(?![A-Za-z])\s*"
    r"(\\(?:display|text|script|scriptscript)style)(?![A-Za-z])\s*(\\(?:no)?limits)(?![A-Za-z])")
"""A style between an operator and its `\\limits` (`\\max\\displaystyle\\limits_i`), which
MathJax reads as the operator's limits in that style."""


def _stacked(symbol: str, s: str, at: int) -> tuple[str, int] | None:
    """`\\rightarrow` with the scripts written at `at` (`^{A_t}`, `_b`, both) set above and
    below it, as `\\mathop{\\rightarrow}\\limits^{A_t}` sets them (an arrow labelled with
    the action of a trajectory `S_t \\mathop{\\rightarrow}\\limits^{A_t} R_{t+1}`): amsmath's
    `\\overset` and `\\underset`, which are that; math-core takes `\\limits` after
    operators only. (None: no script follows.) Returns (TeX, where it ends)."""
    scripts: dict[str, str] = {}
    i = skip_space(s, at)
    while i < len(s) and s[i] in "^_" and s[i] not in scripts:
        found = arguments(s, i + 1, 1)
        if found is None:
            return None
        scripts[s[i]], i = found[1][0], found[2]
        i = skip_space(s, i)
    if not scripts:
        return None
    tex = symbol
    if "^" in scripts:
        tex = f"\\overset{{{scripts['^']}}}{{{tex}}}"
    if "_" in scripts:
        tex = f"\\underset{{{scripts['_']}}}{{{tex}}}"
    return tex, i


_ROMAN = re.compile(r"\\(?:rm|mathrm|operatorname|text|textrm|textup)(?![A-Za-z])\s*")
"""An upright name's command (`\\mathop{\\text{mean}}`): math-core takes only its letters."""
_NAME_TEXT = re.compile(r"(?:[A-Za-z0-9 .,'*\-]|\\[,;:! ]|\\(?:text|textrm|textup|mathrm|rm)"
                        r"\s*\{[^{}\\]*\})*")
"""An operator's name math-core takes text from: letters, spaces, `\\,`, `\\text{…}`."""
_OPERATOR_WORDS = re.compile(r"(?:\s*\\(?:arg|max|min|sup|inf|lim|log|ln|exp|det|Pr|gcd|deg|"
                             r"dim|ker|hom)(?![A-Za-z])\s*){2,}")


def operators(s: str, ctx: Context) -> str:
    """`\\mathop{\\rm arg\\,max}\\limits_\\theta` (or `\\mathop{\\arg\\max}_\\theta`), the argmax
    of many an ML post, as `\\operatorname*{arg\\,max}_\\theta` (math-core takes `\\limits`
    after an operator command only; `\\mathop{\\sum}\\limits` is `\\sum\\limits`);
    `\\displaylines{a \\\\ b}` as the `gathered` it means; a style between an operator and
    its `\\limits` put before the operator; `_script_limits`."""
    if "\\displaylines" in s:
        s = replace_command(s, "displaylines", 1, lambda o, a, i:
                            "\\begin{gathered}" + a[0] + "\\end{gathered}")
    # (`\mathop\longrightarrow\limits^{L^2}`, `\mathop a\limits_{i}`: TeX's argument is
    # one token when it has no braces, as in a note on convergence in the mean and a
    # Typora cheat sheet; read as the braced form)
    s = _BARE_MATHOP.sub(r"\\mathop{\1}", s)
    s = _STYLE_BEFORE_LIMITS.sub(r"\2 \1\3", s)
    s = _script_limits(s)
    out, pos = [], 0
    for match in _MATHOP.finditer(s):
        if match.start() < pos or not s.startswith("{", match.end()):
            continue
        end = group_end(s, match.end())
        if end is None:
            continue
        body = s[match.end() + 1:end - 1].strip()
        limits = _LIMITS.match(s, end)
        if re.fullmatch(r"\\[A-Za-z]+", body) and not _LIMITS_TAKER.fullmatch(body):
            # `\mathop{\rightarrow}\limits^{A_t}`: a symbol, its scripts above and below
            # (beside it with `\nolimits`, which math-core takes after operators only)
            stacked = None if limits and limits.group(1) or not (limits or ctx.display) \
                else _stacked(body, s, limits.end() if limits else end)
            if stacked is not None or limits:
                out += [s[pos:match.start()], stacked[0] if stacked else body + " "]
                pos = stacked[1] if stacked else limits.end() if limits else end
                continue
        if re.fullmatch(r"\\[A-Za-z]+", body) or _BIG_OPERATORS.fullmatch(body):
            # `\mathop{\sum}`: the operator itself; `\mathop{\sum\sum}` (a double sum,
            # which math-core takes no text from): the operators, the limits under the
            # last (lossy: TeX centres them under both)
            out += [s[pos:match.start()], body + ("" if limits else " ")]
            pos = end  # (its `\limits`, if any, follows as written)
            continue
        if _SCRIPTED_OPERATOR.match(body) and not limits:
            # `\mathop{\max_{1\leq i\leq n}^{}}` (a course note's), `\mathop{\arg\min
            # \limits_{R}}`: an operator that has its scripts already; math-core could
            # not read it as a name
            out += [s[pos:match.start()], "{" + body + "}"]
            pos = end
            continue
        # `\mathop{\mathbb E}` (an expectation): 𝔼 (math-core takes no font command in
        # an operator's name: "could not extract text")
        name = styled_letter(body) or _ROMAN.sub("", body).strip("{} ")
        if _OPERATOR_WORDS.fullmatch(name):  # `\arg\max`: two operators, a thin space
            name = "\\,".join(re.findall(r"[A-Za-z]+", name))
        elif re.search(r"[\\_^{}]", name) and not _NAME_TEXT.fullmatch(name):
            # `\mathop{\mathcal{C}\ell}`, `\mathop{\underset{i}{\mathrm{sum}}}`: math
            # MathJax makes an operator, which math-core takes no text from: the math
            # as a group (its limits, if any, beside it)
            out += [s[pos:match.start()], "{" + body + "}"]
            pos = limits.end() if limits else end
            continue
        # TeX's `\mathop` puts its limits below in a display (`\displaylimits`), as
        # `\operatorname*` does; only `\nolimits` keeps them beside it
        out += [s[pos:match.start()], ("\\operatorname{" if limits and limits.group(1)
                                       else "\\operatorname*{") + name + "}"]
        pos = limits.end() if limits else end
    return "".join(out) + s[pos:]


_LARGE = re.compile(r"\s*\\(?:sum|prod|coprod|int|iint|iiint|iiiint|oint|oiint|oiiint|idotsint"
                    r"|big(?:cup|cap|oplus|otimes|odot|uplus|sqcup|vee|wedge)|mathop)"
                    r"(?![A-Za-z])")


_SCRIPTS = re.compile(r"\s*(?:[_^]\s*(?:\{[^{}]*\}|\\[A-Za-z]+|\\.|.)\s*)*")


def sidesets(s: str, ctx: Context) -> str:
    """`\\sideset{}{^\\circ_{-}}U`: scripts beside a symbol that is no large operator (a
    punctured neighbourhood, in notes on analysis). MathJax sets any base so; math-core
    took only an operator ("Expected a large operator"). They are the symbol's own
    scripts, those before it on an empty group; an operator's are left to math-core."""
    def one(opt: str | None, args: list[str], at: int) -> str:
        before, after, base = args
        if _LARGE.match(base) or not all(_SCRIPTS.fullmatch(part) for part in (before, after)):
            return f"\\sideset{{{before}}}{{{after}}}{{{base}}}"
        return ("{}" + before if before.strip() else "") + f"{{{base}}}" + after
    return replace_command(s, "sideset", 3, one)
