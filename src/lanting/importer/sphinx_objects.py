"""Sphinx's API references across a project's pages: `{py:func}`train`` on the guide
naming the `{py:function} train(model)` the API page describes. Sphinx linked them across
the project; Lanting links a role to an object of its own page only, so the importer
makes each reference to another page's object a link there (the role kept inside it,
its code shown as before)."""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.markdown.myst_roles import api_target
from lanting.markdown.myst_sphinx import OBJECTS, find_object, object_anchor

_DIRECTIVE = re.compile(r"^[ \t]*(`{3,}|:{3,}|~{3,})[ \t]*\{([\w:]+)\}[ \t]*([^\n]*)\n"
                        r"((?:[ \t]*:[\w-]+:[^\n]*\n)*)", re.MULTILINE)
"""A MyST directive's opening line and the option lines under it."""
_MODULE = re.compile(r"^[ \t]*:module:[ \t]*(\S+)", re.MULTILINE)
API_ROLE = re.compile(r"\{((?:py:)?(?:func|meth|class|attr|obj|data|exc|const|type|mod))\}"
                      r"`([^`\n]+)`")
"""Sphinx's Python-domain roles that name an object or a module."""


def api_objects(text: str) -> list[str]:
    """The anchors of the Python objects a page describes (`{py:function} train(x)`,
    `{class} Trainer` with its `:module:`, `{py:module} mypkg` …), as Lanting gives
    them."""
    found = []
    for match in _DIRECTIVE.finditer(text):
        directive = match.group(2)
        if directive not in OBJECTS or directive.rpartition(":")[0] not in ("", "py"):
            continue
        module = _MODULE.search(match.group(4))
        anchor, _ = object_anchor(directive, match.group(3), module.group(1) if module else "")
        if anchor:
            found.append(anchor)
    return found


def linked_role(match: re.Match[str], own: list[str], objects: dict[str, int],
                link: Callable[[int], str]) -> str | None:
    """The role `match` as a link to the other page's object it names (`objects`: each
    anchor's page, which `link` makes a link to), None when it names one of its own
    page (`own`: Lanting links it) or none of the project (shown as code, as Sphinx
    showed it)."""
    target = api_target(match.group(1), match.group(2))
    if target is None or find_object(target, own) is not None:
        return None
    anchor = find_object(target, objects)
    return f"[{match.group()}]({link(objects[anchor])}#{anchor})" if anchor else None
