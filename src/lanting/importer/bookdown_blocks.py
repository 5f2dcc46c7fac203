"""bookdown's blocks written as knitr chunks, rewritten as Quarto's divs.

bookdown's theorem engines (```` ```{theorem, label="proj", name="Projection"} ````,
`lemma`, `definition`, … and the unnumbered `proof`, `remark`, `solution`) and its
custom blocks (```` ```{block2, type="rmdnote"} ````) hold Markdown, which bookdown
showed as a numbered theorem or a styled box; the Quarto importer read each as a code
cell that did not run, its text shown as code. A theorem is Quarto's `::: {#thm-proj
name="Projection"}` (numbered per kind, `\\@ref(thm:proj)` its number), a proof
`::: {.proof}`, a block of one of the usual note types a callout, another its div.
"""

from __future__ import annotations

import re

_CHUNK = re.compile(r"^([ \t]{0,3})(`{3,})[ \t]*\{([A-Za-z]\w*)\b([^}\n]*)\}[ \t]*([^\n]*)\n"
                    r"(.*?)^[ \t]{0,3}\2[ \t]*$", re.MULTILINE | re.DOTALL)
"""A chunk, ```` ```{engine, options} ```` (and words after the brace), and its text."""
PREFIXES = {"theorem": "thm", "lemma": "lem", "corollary": "cor", "proposition": "prp",
            "conjecture": "cnj", "definition": "def", "example": "exm", "exercise": "exr",
            "hypothesis": "hyp"}
"""bookdown's theorem engines → their label prefixes (`\\@ref(thm:x)`), Quarto's too."""
_UNNUMBERED = ("proof", "remark", "solution")
_CALLOUTS = {"rmdnote": "note", "rmdtip": "tip", "rmdwarning": "warning",
             "rmdimportant": "important", "rmdcaution": "caution", "rmdinfo": "note"}
"""The block types bookdown's books style as boxes (its own guide's CSS) → callouts."""
_OPTION = re.compile(r"""\s*([\w.]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^,]*))""")


def chunk_options(header: str) -> tuple[str, dict[str, str]]:
    """A chunk header's label (its first bare word, or `label=`) and its `key=value`
    options, quotes taken off: ` pyth, name="Pythagoras"` → `("pyth", {"name": …})`."""
    label, options = "", {}
    at = 0
    for part in re.finditer(r"""(?:[^,"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')+""", header):
        text = part.group().strip()
        found = _OPTION.fullmatch(part.group())
        if found is not None:
            value = next((g for g in found.groups()[1:] if g is not None), "")
            options[found.group(1)] = value.strip()
        elif text and at == 0 and re.fullmatch(r"[\w:.-]+", text):
            label = text
        at += 1
    return options.pop("label", label), options


def _quoted(value: str) -> str:
    return '"' + value.replace('"', '\\"') + '"'


def blocks(text: str) -> tuple[str, int]:
    """`text` with bookdown's theorem and custom-block chunks as Quarto's divs (an
    unlabelled theorem labelled by its kind and place, `thm-2`, as bookdown numbered
    it all the same). Returns the text and how many."""
    count = 0
    numbers: dict[str, int] = {}

    def one(match: re.Match[str]) -> str:
        nonlocal count
        indent, engine, header, after, body = (match.group(1), match.group(3).lower(),
                                               match.group(4), match.group(5).strip(),
                                               match.group(6))
        label, options = chunk_options(header)
        name = options.get("name") or after
        title = f" name={_quoted(name)}" if name else ""
        if engine in PREFIXES:
            prefix = PREFIXES[engine]
            numbers[prefix] = numbers.get(prefix, 0) + 1
            label = label or str(numbers[prefix])
            attributes = f"#{prefix}-{label}{title}"
        elif engine in _UNNUMBERED:
            attributes = f".{engine}{title}"
        elif engine in ("block", "block2") and options.get("type"):
            kind = options["type"]
            attributes = f".callout-{_CALLOUTS[kind]}" if kind in _CALLOUTS else f".{kind}"
        else:
            return match.group()
        count += 1
        return f"{indent}::: {{{attributes}}}\n{body.rstrip()}\n{indent}:::"

    return _CHUNK.sub(one, text), count


def fenced_theorems(text: str) -> str:
    """bookdown's fenced-div theorems, `::: {.theorem #pyth name="…"}`, as Quarto's
    `::: {#thm-pyth name="…"}` (a `.proof` div is Quarto's already)."""
    def one(match: re.Match[str]) -> str:
        attributes = match.group(2)
        kind = next((k for k in PREFIXES if re.search(rf"(?<![\w-])\.{k}\b", attributes)),
                    None)
        ident = re.search(r"#([\w:.-]+)", attributes)
        if kind is None or ident is None:
            return match.group()
        rest = re.sub(rf"(?<![\w-])\.{kind}\b|#[\w:.-]+", "", attributes).strip()
        return f"{match.group(1)}{{#{PREFIXES[kind]}-{ident.group(1)}" \
               f"{' ' + rest if rest else ''}}}"

    return re.sub(r"^([ \t]*:{3,}[ \t]*)\{([^}\n]*)\}", one, text, flags=re.MULTILINE)
