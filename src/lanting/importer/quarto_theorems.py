"""Quarto's theorems and proofs (`::: {#thm-x}` with its title as the first heading or
`name="…"`, `#lem-`, `#cor-`, `#prp-`, `#cnj-`, `#def-`, `#exm-`, `#exr-`; `::: {.proof}`,
`.remark`, `.solution`; `#rem-`) and their references (`@thm-x`) in the forms Lanting reads:
sphinx-proof's directives (`:::{prf:theorem} Title` with `:label: thm-x`), which Lanting
numbers per kind over the page as Quarto does ("Theorem 1", "Lemma 1"), and
`` {prf:ref}`thm-x` ``, which reads "Theorem 1" and links to it."""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.importer.body import block
from lanting.importer.liquid import Context
from lanting.importer.quarto_div_syntax import Div, classes, depth, identifier, option

KINDS = {"thm": "theorem", "lem": "lemma", "cor": "corollary", "prp": "proposition",
         "cnj": "conjecture", "def": "definition", "exm": "example", "exr": "exercise",
         "rem": "remark"}
"""Quarto's theorem prefixes → sphinx-proof's kinds (Lanting's names and colours); a
labelled remark, `::: {#rem-x}`, is numbered as they are (Quarto 1.4's "Remark 1")."""
UNNUMBERED = ("proof", "remark", "solution")
"""Quarto's proof-like classes: unnumbered."""
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*(?:\{[^}\n]*\})?[ \t]*#*[ \t]*$")
_REFERENCE = re.compile(r"(?<![\w.@`])(\[)?(-)?@((?:" + "|".join(KINDS)
                        + r")-[\w-]*\w)(\])?")
"""`@thm-x`, `[@thm-x]`, `-@thm-x` (the number alone), `[-@thm-x]`."""


def is_theorem(div: Div) -> bool:
    """A theorem-like div (`#thm-x` and kin) or a proof-like one (`.proof`)."""
    prefix, dash, _name = identifier(div.attributes).partition("-")
    return (dash != "" and prefix in KINDS) or any(
        name in UNNUMBERED for name in classes(div.attributes))


class Theorems:
    """The theorems of one document, in order: what `-@thm-x` reads (its number)."""

    def __init__(self, ctx: Context, chapter: str = "",
                 elsewhere: frozenset[str] = frozenset()) -> None:
        self.ctx = ctx
        self.elsewhere = elsewhere
        """Labels other documents of the project give: their references are linked
        there (`quarto_xrefs.cross_references`), not here."""
        self.chapter = chapter if "." not in chapter else ""
        """The book's chapter the page is: its theorems are 3.1, 3.2 … (Lanting's too)."""
        self.numbers: dict[str, str] = {}
        self.counts: dict[str, int] = {}

    def directive(self, div: Div, render: Callable[[list[str | Div]], str]) -> str:
        """The div as a directive: its title the first heading (or `name="…"`)."""
        label = identifier(div.attributes)
        prefix = label.split("-", 1)[0]
        children = list(div.children)
        title = option(div.attributes, "name")
        first = next((c for c in children if not isinstance(c, str) or c.strip()), None)
        heading = _HEADING.match(first) if isinstance(first, str) else None
        if heading is not None:
            title = title or heading.group(1)
            children.remove(heading.string)
        fence = ":" * (3 + depth(children))
        body = render(children).strip("\n")
        if prefix in KINDS and "-" in label:
            kind = KINDS[prefix]
            self.counts[kind] = self.counts.get(kind, 0) + 1
            self.numbers[label] = f"{self.chapter}.{self.counts[kind]}" if self.chapter \
                else str(self.counts[kind])
            self.ctx.convert("theorems (`::: {#thm-x}` and kin, numbered by Lanting)")
            name = kind if kind == "exercise" else f"prf:{kind}"  # (sphinx-exercise's)
            return block(f"{fence}{{{name}}} {title}".rstrip()
                         + f"\n:label: {label}\n\n{body}\n{fence}")
        name = next(n for n in classes(div.attributes) if n in UNNUMBERED)
        self.ctx.convert(f"`.{name}` divs")
        if name == "proof":
            return block(f"{fence}{{prf:proof}} {title}".rstrip() + f"\n{body}\n{fence}")
        if name == "remark":
            return block(f"{fence}{{prf:remark}} {title}".rstrip()
                         + f"\n:nonumber:\n\n{body}\n{fence}")
        return block(f"{fence}{{admonition}} {title or 'Solution'}\n{body}\n{fence}")

    def references(self, text: str) -> str:
        """`@thm-x` and `[@thm-x]` as `` {prf:ref}`thm-x` `` ("Theorem 1", a link);
        `-@thm-x` as the number alone, linked. One to no theorem of the page is a
        warning, and shown as Quarto showed it, `**?@thm-x**`."""

        def one(match: re.Match[str]) -> str:
            opened, bare, label, closed = match.groups()
            # (a theorem of another cell of a notebook: Lanting finds it on the page)
            elsewhere = label not in self.numbers and re.search(
                rf"[{{\s]#{re.escape(label)}(?![\w-])", self.ctx.original) is not None
            if label not in self.numbers and not elsewhere and label in self.elsewhere:
                return match.group()  # (another chapter's: a link there, made later)
            if label not in self.numbers and not elsewhere:
                self.ctx.warn(match.group(), f"`@{label}` refers to no theorem of this "
                              f"page: shown as Quarto showed it, `?@{label}` in bold; fix "
                              "the label, or write the words it should read")
                ref = f"**?@{label}**"
            elif bare and not elsewhere:
                ref = f"[{self.numbers[label]}](#{label})"
            else:
                ref = f"{{prf:ref}}`{label}`"
                self.ctx.convert("references to theorems (`@thm-x`)")
            # (a bracket of its own goes; one of a longer citation `[see @thm-x]` stays)
            return ref if opened and closed else (opened or "") + ref + (closed or "")
        return _REFERENCE.sub(one, text) if "@" in text else text
