"""sphinx-proof's and sphinx-exercise's directives, the theorems and exercises of lecture
notes written for Jupyter Book: `{prf:theorem} Title`, `{prf:definition}`, `{exercise}`
… are numbered callouts ("Theorem 2 (Title)", counted per kind over the page,
`:nonumber:` for none), their `:label:` an anchor that `{prf:ref}` and `{ref}` link to
with that name; `{prf:proof}` is the proof, ended by ∎; `{solution} exercise-label` is
titled after its exercise ("Solution to Exercise 1"; `:class: dropdown` folds it).
"""

from __future__ import annotations

from typing import Any

from markdown_it.rules_block import StateBlock

from lanting.markdown.callouts import callout_tokens
from lanting.markdown.figures import in_chapter
from lanting.markdown.myst_directives import Directive, Handler, tokenize_body, warn
from lanting.markdown.myst_refs import push_target

COLOURS = {"definition": "note", "axiom": "note", "notation": "note", "assumption": "note",
           "algorithm": "note", "theorem": "important", "lemma": "important",
           "corollary": "important", "proposition": "important", "conjecture": "important",
           "property": "important", "criterion": "important", "example": "tip",
           "remark": "tip", "observation": "tip", "exercise": "note"}
"""Each kind of sphinx-proof → the colour of one of Lanting's callouts."""
NAMES = {
    "en": {kind: kind.capitalize() for kind in COLOURS} | {"proof": "Proof",
                                                             "solution": "Solution to {}"},
    "zh": {"definition": "定义", "axiom": "公理", "notation": "记号", "assumption": "假设",
           "algorithm": "算法", "theorem": "定理", "lemma": "引理", "corollary": "推论",
           "proposition": "命题", "conjecture": "猜想", "property": "性质",
           "criterion": "准则", "example": "例", "remark": "注", "observation": "观察",
           "exercise": "练习", "proof": "证明", "solution": "{} 的解答"},
}


def _lang(env: Any) -> str:
    ctx = env.get("lanting")
    return "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"


def _statement(state: StateBlock, d: Directive) -> None:
    kind, lang = d.name.removeprefix("prf:"), _lang(state.env)
    name = NAMES[lang][kind]
    title = name
    if "nonumber" not in d.options:
        counts: dict[str, int] = state.env.setdefault("proof_numbers", {})
        counts[kind] = counts.get(kind, 0) + 1
        title = f"{name} {in_chapter(state.env, counts[kind])}"
    # (`:name:` is MyST's spelling of the same option, as mystmd reads it, and what the
    # Jupyter Book import writes for a figure's `:label:`: read here it was ignored, and
    # every `{prf:ref}` to the block failed the build)
    label = d.options.get("label") or d.options.get("name")
    if label:
        push_target(state, label, d.start, title)
        state.env.setdefault("proof_titles", {})[label] = title
    if d.argument:
        title += f"（{d.argument}）" if lang == "zh" else f" ({d.argument})"
    _callout(state, d, COLOURS[kind], title)


def _callout(state: StateBlock, d: Directive, colour: str, title: str) -> None:
    fold = "closed" if "dropdown" in d.options.get("class", "") else ""
    state.tokens.extend(callout_tokens(colour, fold, title, [d.start, d.end + 1],
                                       state.level))
    state.level += 1
    tokenize_body(state, d)
    state.push("callout_close", "div", -1).meta = {"fold": fold}


def _solution(state: StateBlock, d: Directive) -> None:
    """`{solution} exercise-label`: titled after the exercise (which comes before it)."""
    exercise = state.env.get("proof_titles", {}).get(d.argument.strip())
    if exercise is None:
        warn(state, d.start, f"`{{solution}} {d.argument}` names no exercise labelled "
             "before it on this page", "give the exercise `:label: name` and write "
             "```{solution} name after it")
    title = NAMES[_lang(state.env)]["solution"].format(exercise or d.argument)
    _callout(state, d, "tip", title)


def _proof(state: StateBlock, d: Directive) -> None:
    opening = state.push("myst_proof_open", "div", 1)
    opening.map = [d.start, d.end + 1]
    opening.attrSet("class", "proof")
    title = state.push("paragraph_open", "p", 1)
    title.attrSet("class", "proof-title")
    inline = state.push("inline", "", 0)
    inline.content = NAMES[_lang(state.env)]["proof"] + (f" ({d.argument})" if d.argument
                                                         else "")
    inline.map, inline.children = [d.start, d.start + 1], []
    state.push("paragraph_close", "p", -1)
    tokenize_body(state, d)
    state.push("myst_proof_close", "div", -1)


HANDLERS: dict[str, Handler] = {f"prf:{kind}": _statement for kind in COLOURS
                                if kind != "exercise"}
HANDLERS.update({"prf:proof": _proof, "exercise": _statement, "solution": _solution})
