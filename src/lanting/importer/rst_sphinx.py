"""What of Sphinx's reStructuredText docutils does not read, for `rst_writer.py`: its
directives written as MyST's (which Lanting reads with their Sphinx options), a
`literalinclude` as the code it includes, text diagrams, its roles' MyST names, the
quickstart's "Indices and tables"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from docutils import nodes

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


def myst_directive(node: nodes.literal_block, argument_text: str | None = None) -> str:
    """A directive docutils does not know as MyST's, which Lanting reads as Sphinx
    does (`{toctree}` left out, `{glossary}`, `{tab-set}` …) or reports;
    `argument_text` its argument's text as Markdown, if it is text."""
    options = "".join(f":{k}: {v}\n" if v else f":{k}:\n"
                      for k, v in node["options"].items())
    body, argument = node.astext(), " ".join(str(node["argument"]).split())
    if argument_text is not None:
        argument = " ".join(f"{node.get('argument_head', '')} {argument_text}".split())
    if node["directive"] == "math" and argument:
        # (`.. math:: a =⏎   b`: the formula starts on the directive's line)
        body, argument = (str(node["argument"]) + "\n" + body).strip(), ""
    # (a backtick fence's info string holds no backtick: `.. versionadded:: 1.2 The
    # ``x`` mode.` takes a tilde fence, as CommonMark allows, or it is no fence at all)
    mark = "~" if "`" in argument else "`"
    ticks = mark * max(3, max((len(r) for r in re.findall(f"{mark}+", body)),
                              default=0) + 1)
    head = f"{ticks}{{{node['directive']}}} {argument}".rstrip()
    return f"{head}\n{options}" + ("\n" if options and body else "") + (
        body + "\n" if body else "") + ticks


def included_code(node: nodes.literal_block, path: Path | None, root: Path | None,
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
