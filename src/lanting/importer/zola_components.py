"""Zola's components (its newer shortcodes): `{{<youtube id="x" />}}` and the body form
`{{<note kind="tip">}} … {{</note>}}`, their arguments (`k="v"`, `k={true}`,
`k={["a.mp4", "b.webm"]}`, `page={page}`), and their templates
(`templates/components/x.html`, a `{% component x(id, class="") %}` … `{% endcomponent
x %}` definition), read as the shortcodes' are (`zola_shortcodes.py`)."""

from __future__ import annotations

import json
import re
from typing import Any

_ATTRIBUTE = (r"""\s+\w+\s*=\s*(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'"""
              r"""|\{(?:[^{}]|\{[^{}]*\})*\})""")
SELF_CLOSING = re.compile(
    rf"\{{[{{%]-?\s*<\s*([A-Za-z_]\w*)((?:{_ATTRIBUTE})*)\s*/>\s*-?[}}%]\}}")
"""`{{<youtube id="x" />}}`."""
_OPENING = rf"\{{[{{%]-?\s*<\s*([A-Za-z_]\w*)((?:{_ATTRIBUTE})*)\s*>\s*-?[}}%]\}}"
PAIRED = re.compile(rf"{_OPENING}((?:(?!\{{[{{%]-?\s*<\s*[A-Za-z_]).)*?)"
                    rf"\{{[{{%]-?\s*</\s*\1\s*>\s*-?[}}%]\}}", re.DOTALL)
"""`{% <katex block={true}> %} … {% </katex> %}` (or in `{{ }}`), innermost first."""
_ARGUMENT = re.compile(r"""(\w+)\s*=\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'"""
                       r"""|\{(?:[^{}]|\{[^{}]*\})*\})""")
_CONTEXT = frozenset({"page", "section", "config"})
"""Arguments that hand the template Zola's own objects (`page={page}`): its context."""


def component_args(text: str) -> dict[str, Any] | None:
    """A component's arguments, or None when one is an expression Lanting cannot read."""
    args: dict[str, Any] = {}
    for key, value in _ARGUMENT.findall(text):
        if value[:1] in ('"', "'"):
            args[key] = re.sub(r"\\(.)", r"\1", value[1:-1])
            continue
        expression = value[1:-1].strip()
        if expression in _CONTEXT:
            continue
        try:
            args[key] = json.loads(expression)
        except json.JSONDecodeError:
            return None
    return args


_DEFINITION = re.compile(r"\{%-?\s*component\s+\w+\s*\((.*?)\)\s*-?%\}(.*?)"
                         r"\{%-?\s*endcomponent\b[^%]*%\}", re.DOTALL)


def component_template(text: str) -> str:
    """A component's definition as a template of its body, each argument's default
    set where the use gives none."""
    found = _DEFINITION.search(text)
    if found is None:
        return text
    defaults = []
    for param in re.findall(r"""(\w+)\s*=\s*("[^"]*"|'[^']*'|[^,]+)""", found.group(1)):
        defaults.append(f"{{% if {param[0]} is not defined %}}{{% set {param[0]} = "
                        f"{param[1].strip()} %}}{{% endif %}}")
    return "".join(defaults) + found.group(2)
