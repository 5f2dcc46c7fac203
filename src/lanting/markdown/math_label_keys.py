"""Labels math-core refuses, as ASCII keys while a page's formulas convert
(`math_page.convert_page`), their own text put back in its ids and links afterwards."""

from __future__ import annotations

import html
import re

_LABELLING = re.compile(r"\\(label|eqref|ref)\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
"""A label and a reference to it, whose name may hold a group, `eq:CQL(\\mathcal{R})`
(MathJax takes the name's text as written)."""
_PLAIN_LABEL = re.compile(r"[A-Za-z0-9 :.\-/+,()<=;!?@|*]+")
"""A label math-core takes as it is (its id percent-encodes a space, `<` and `|`)."""


class LabelKeys:
    """Labels math-core refuses (`eq:loss_fn`, `eq:损失`, `a'`: MathJax takes any text)
    as ASCII keys while it converts, their own text put back in its ids and links."""

    def __init__(self) -> None:
        self.by_name: dict[str, str] = {}

    def key(self, name: str) -> str:
        if _PLAIN_LABEL.fullmatch(name):
            return name
        return self.by_name.setdefault(name, f"LantingLabel{len(self.by_name)}x")

    def hide(self, tex: str) -> str:
        if "\\" not in tex:
            return tex
        return _LABELLING.sub(
            lambda m: f"\\{m.group(1)}{{{self.key(m.group(2).strip())}}}", tex)

    def restore(self, output: str) -> str:
        for name, key in self.by_name.items():
            if key in output:
                name = html.escape(name)
                output = output.replace(f'id="{key}"', f'id="{name}"').replace(
                    f'href="#{key}"', f'href="#{name}"')
        return output
