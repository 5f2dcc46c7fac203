"""sphinx-proof's directives, the theorems of lecture notes written for Jupyter Book:
`{prf:theorem} Title`, `{prf:definition}`, `{prf:lemma}` … are numbered callouts
("Theorem 2 (Title)", counted per kind over the page, `:nonumber:` for none), their
`:label:` an anchor that `{prf:ref}` and `{ref}` link to with that name; `{prf:proof}` is
the proof, ended by ∎.
"""

from __future__ import annotations

from typing import Any

from markdown_it.rules_block import StateBlock

from lanting.markdown.callouts import callout_tokens
from lanting.markdown.myst_directives import Directive, Handler, tokenize_body
from lanting.markdown.myst_roles import push_target

COLOURS = {"definition": "note", "axiom": "note", "notation": "note", "assumption": "note",
           "algorithm": "note", "theorem": "important", "lemma": "important",
           "corollary": "important", "proposition": "important", "conjecture": "important",
           "property": "important", "criterion": "important", "example": "tip",
           "remark": "tip", "observation": "tip"}
"""Each kind of sphinx-proof → the colour of one of Lanting's callouts."""
NAMES = {
    "en": {kind: kind.capitalize() for kind in COLOURS} | {"proof": "Proof"},
    "zh": {"definition": "定义", "axiom": "公理", "notation": "记号", "assumption": "假设",
           "algorithm": "算法", "theorem": "定理", "lemma": "引理", "corollary": "推论",
           "proposition": "命题", "conjecture": "猜想", "property": "性质",
           "criterion": "准则", "example": "例", "remark": "注", "observation": "观察",
           "proof": "证明"},
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
        title = f"{name} {counts[kind]}"
    if d.options.get("label"):
        push_target(state, d.options["label"], d.start, title)
    if d.argument:
        title += f"（{d.argument}）" if lang == "zh" else f" ({d.argument})"
    state.tokens.extend(callout_tokens(COLOURS[kind], "", title, [d.start, d.end + 1],
                                       state.level))
    state.level += 1
    tokenize_body(state, d)
    state.push("callout_close", "div", -1).meta = {"fold": ""}


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


HANDLERS: dict[str, Handler] = {f"prf:{kind}": _statement for kind in COLOURS}
HANDLERS["prf:proof"] = _proof
