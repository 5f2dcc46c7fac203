"""The site's own Eleventy shortcodes that are a template of their arguments, run.

A blog defines small shortcodes in its configuration (`addShortcode("filename", (name)
=> `<div class="code-filename">${name}</div>`)`): each use was left in a comment with
a warning, its text lost. One whose function only returns a template literal of its
parameters is run with the literal arguments of each use (its HTML kept, as Lanting's
Markdown keeps HTML); any other stays reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DEFINED = re.compile(
    r"add(?:Nunjucks|Liquid|JavaScript)?Shortcode\(\s*[\"'`]([\w-]+)[\"'`]\s*,\s*"
    r"(?:function\s*\w*\s*)?(?:\(([^()]*)\)|(\w+))\s*(?:=>)?\s*"
    r"(?:\{\s*(?://[^\n]*\n\s*)*return\s+)?`((?:[^`\\]|\\.)*)`")


@dataclass(frozen=True, slots=True)
class Shortcode:
    params: tuple[str, ...]
    template: str
    """A JavaScript template literal's text (`${name}` its parameters)."""

    def run(self, args: list[str]) -> str | None:
        """The text it gave for `args` (None when a parameter has none)."""
        values = dict(zip(self.params, args, strict=False))
        missing = False

        def value(match: re.Match[str]) -> str:
            nonlocal missing
            name = match.group(1)
            if name not in values:
                missing = True
                return ""
            return values[name]

        text = re.sub(r"\$\{\s*([A-Za-z_$][\w$]*)\s*\}", value, self.template)
        escapes = {"n": "\n", "t": "\t"}
        return None if missing else re.sub(r"\\(.)", lambda m: escapes.get(m.group(1),
                                                                          m.group(1)), text)


def own_shortcodes(code: str) -> dict[str, Shortcode]:
    """The configuration's shortcodes that are one template literal of their
    parameters (names alone, no other expression), by name."""
    found: dict[str, Shortcode] = {}
    for match in _DEFINED.finditer(code):
        written = match.group(2) if match.group(2) is not None else match.group(3) or ""
        params = tuple(p.split("=")[0].strip() for p in written.split(",") if p.strip())
        expressions = re.findall(r"\$\{([^}]*)\}", match.group(4))
        if all(re.fullmatch(r"[A-Za-z_$][\w$]*", p) for p in params) and \
                all(e.strip() in params for e in expressions):
            found.setdefault(match.group(1), Shortcode(params, match.group(4)))
    return found
