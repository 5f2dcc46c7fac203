"""What of Sphinx's reStructuredText docutils does not read, for `rst_writer.py`: its
directives written as MyST's (which Lanting reads with their Sphinx options), a
`literalinclude` as the code it includes, text diagrams, its roles' MyST names, the
quickstart's "Indices and tables"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes

from lanting.markdown.myst_sphinx import OBJECTS

Lose = Callable[[nodes.Node, str], None]
"""Reports what did not convert, at the node's line."""

DIAGRAMS = {"ditaa": "text", "graphviz": "dot", "digraph": "dot", "graph": "dot",
            "plantuml": "text", "uml": "text", "mermaid": "mermaid"}
"""Directives drawing a diagram from its text: written as a code block of it (Lanting
draws Mermaid's)."""


ROLE_ALIASES = {"math:numref": "eq"}
"""Sphinx's roles that are another's in MyST (`:math:numref:` is `{eq}`)."""
INDICES = frozenset({"genindex", "modindex", "search"})
"""The pages of Sphinx's own a quickstart's "Indices and tables" links to."""

def indices_only(section: nodes.section) -> bool:
    """A section that only lists Sphinx's index and search pages (`:ref:`genindex``)."""
    refs = [n for n in section.findall(nodes.inline) if n.get("role") == "ref"]
    body = [c for c in section.children if not isinstance(c, nodes.title)]
    return bool(refs) and all(n.astext() in INDICES for n in refs) and all(
        isinstance(c, nodes.bullet_list) for c in body)


VERSION_CHANGES = frozenset({"versionadded", "versionchanged", "deprecated",
                             "versionremoved"})
TEXT_ARGUMENTS = VERSION_CHANGES | {"seealso", "centered"}
"""Sphinx's directives whose argument is text (after a version, for the first four):
read as reStructuredText's inline markup, written as Markdown."""


RST_BODIES = VERSION_CHANGES | OBJECTS | {
    "seealso", "only", "hlist", "todo", "tab-set", "tab-set-code", "tab-item", "dropdown",
    "card", "grid", "grid-item", "grid-item-card", "margin", "exercise", "solution",
    "tabs", "tab", "group-tab"}
"""Sphinx's directives (and sphinx-design's, sphinx-tabs') whose body is
reStructuredText: read by docutils, written as Markdown in MyST's form (their text was
written as it stood, rST, which Markdown showed raw: nested `.. tab-item::` as text)."""


SETTINGS = frozenset({"highlight", "currentmodule", "py:currentmodule", "module",
                      "py:module", "index", "tabularcolumns", "sectionauthor",
                      "codeauthor", "default-domain"})
"""Sphinx's directives that set something or mark a place, with no text of their own:
before a file's title they leave it the page's title (`.. highlight:: python` over it
made the page "index")."""


class sphinx_setting(nodes.Special, nodes.Invisible, nodes.PreBibliographic,  # noqa: N801
                     nodes.Element):
    """One of `SETTINGS`, with what a `literal_block` of another directive has."""


class sphinx_directive(nodes.General, nodes.Element):  # noqa: N801 (docutils' naming)
    """One of `RST_BODIES`, its body parsed: `directive`, `argument`, `options` as a
    `literal_block` of another directive has them."""


def myst_fence(name: str, argument: str, options: dict[str, Any], body: str) -> str:
    """MyST's form of a directive: a fence longer than any in its body."""
    lines = "".join(f":{k}: {v}\n" if v else f":{k}:\n" for k, v in options.items())
    # (a backtick fence's info string holds no backtick: `.. versionadded:: 1.2 The
    # ``x`` mode.` takes a tilde fence, as CommonMark allows, or it is no fence at all)
    mark = "~" if "`" in argument else "`"
    ticks = mark * max(3, max((len(r) for r in re.findall(f"{mark}+", body)),
                              default=0) + 1)
    head = f"{ticks}{{{name}}} {argument}".rstrip()
    return f"{head}\n{lines}" + ("\n" if lines and body else "") + (
        body + "\n" if body else "") + ticks


def directive_argument(node: nodes.Element, argument_text: str | None) -> str:
    """The argument as written, or (its text read as markup) after its version."""
    if argument_text is not None:
        return " ".join(f"{node.get('argument_head', '')} {argument_text}".split())
    return " ".join(str(node["argument"]).split())


def myst_directive(node: nodes.Element, argument_text: str | None = None) -> str:
    """A directive docutils does not know as MyST's, which Lanting reads as Sphinx
    does (`{toctree}` left out, `{glossary}`, `{tab-set}` …) or reports;
    `argument_text` its argument's text as Markdown, if it is text."""
    body, argument = node.astext(), directive_argument(node, argument_text)
    if node["directive"] == "math" and argument:
        # (`.. math:: a =⏎   b`: the formula starts on the directive's line)
        body, argument = (str(node["argument"]) + "\n" + body).strip(), ""
    return myst_fence(str(node["directive"]), argument, node["options"], body)


def included_code(node: nodes.Element, path: Path | None, root: Path | None,
                  lose: Lose) -> str:
    """Sphinx's `.. literalinclude:: file`: the file's code (`:lines:` of it) as a
    `{code-block}` of its `:language:` (else its suffix's), its other options kept;
    a file outside the project a warning, the directive kept in a comment."""
    target = str(node["argument"]).strip()
    file = (root / target.lstrip("/")) if root and target.startswith("/") \
        else (path.parent / target) if path else None
    if file is None or root is None or not file.is_file() or \
            not file.resolve().is_relative_to(root.resolve()):
        lose(node, f"`literalinclude` of `{target}`, no file of the project: kept "
                  "in a comment")
        return f"<!--\n.. literalinclude:: {target.replace('--', '- -')}\n-->"
    options = dict(node["options"])
    code = file.read_text(encoding="utf-8", errors="replace").split("\n")
    if options.get("lines"):
        picked: list[str] = []
        for part in str(options.pop("lines")).split(","):
            first, _, last = part.strip().partition("-")
            if first.isdigit():
                end = int(last) if last.isdigit() else len(code) if _ else int(first)
                picked += code[int(first) - 1:end]
        code = picked
    language = str(options.pop("language", "") or file.suffix.lstrip(".") or "")
    if options.pop("diff", None) is not None:
        lose(node, f"`literalinclude` `:diff:` of `{target}`: the file is shown, "
                  "not its difference")
    node = nodes.literal_block("", "\n".join(code).strip("\n"))
    node["directive"], node["argument"], node["options"] = "code-block", language, options
    return myst_directive(node)
