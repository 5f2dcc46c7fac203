"""Plugin: MyST Markdown's directives (Jupyter Book, MyST-NB), read onto Lanting's blocks.

````
```{note}                      :::{figure} arch.png
A note.                        :name: fig-arch
```                            :width: 80%

```{math}                      The caption.
:label: eq-loss                :::
L = -\\log p
```
````

A directive is a fence, of backticks or colons, whose info string is `{name} arguments`,
followed by `:option: value` lines or a `---` YAML block, then its body. Each known name
becomes the tokens of the Lanting block that does the same thing (`myst_directives.py`):
admonitions callouts, `{math}` a display formula, `{figure}` a figure, `{code-block}` a
code block, `{tab-set}` tabs… A `{name}` MyST does not know but Pygments does
(Quarto's `{python}` cells) stays a code fence; any other name, and the directives that
need a whole book (`{toctree}`, `{glue}`), are warnings at their line saying what
Lanting shows instead. The roles (`{cite}` …) and targets (`(label)=`) are
`myst_roles.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.markdown import (
    myst_directives,
    myst_embeds,
    myst_figures,
    myst_proofs,
    myst_sphinx,
    myst_tables,
)
from lanting.markdown.cite import references_shortcode
from lanting.markdown.code import known_language
from lanting.markdown.myst_directives import Directive, warn
from lanting.markdown.myst_figures import apply_image_options
from lanting.markdown.myst_refs import role_line

_OPEN = re.compile(r"(`{3,}|~{3,}|:{3,})[ \t]*\{([A-Za-z][\w:+-]*)\}[ \t]*(.*)$")
_OPTION = re.compile(r"^:([\w][\w-]*):(?:[ \t]+(.*?))?[ \t]*$")
HANDLERS = (myst_directives.HANDLERS | myst_proofs.HANDLERS | myst_tables.HANDLERS
            | myst_embeds.HANDLERS | myst_figures.HANDLERS | myst_sphinx.HANDLERS)
KNOWN = frozenset(name for name in HANDLERS if name)
QUARTO_ENGINES = frozenset({"python", "r", "julia", "ojs", "mermaid", "dot", "bash", "sql"})
"""Quarto's executable cells, ```` ```{python} ````: code blocks (with code.py's warning)."""
_yaml = YAML(typ="safe", pure=True)


def _is_directive(name: str) -> bool:
    name = name.lower()
    if name in KNOWN:
        return True
    return name not in QUARTO_ENGINES and not known_language(name)


def _text(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]]


def _closing_line(state: StateBlock, start: int, end: int, marker: str) -> tuple[int, bool]:
    """The line of the fence closing the one opened with `marker` on `start`, and whether
    it was found (else the directive runs to the end of its container)."""
    line = start + 1
    while line < end:
        text = _text(state, line).rstrip()
        if text and state.sCount[line] < state.blkIndent:
            return line, False
        if (state.sCount[line] - state.blkIndent < 4 and len(text) >= len(marker)
                and text == marker[0] * len(text)):
            return line, True
        line += 1
    return end, False


def _read_options(state: StateBlock, directive: Directive) -> None:
    """`:key: value` lines, or a `---` YAML block, at the top of the body."""
    line = directive.start + 1
    if line < directive.end and _text(state, line).rstrip() == "---":
        last = line + 1
        while last < directive.end and _text(state, last).rstrip() != "---":
            last += 1
        if last >= directive.end:
            directive.problems.append((line, "the `---` options block of "
                                       f"`{{{directive.name}}}` is not closed",
                                       "end the options with a line `---`"))
            directive.body_start = line
            return
        source = "\n".join(_text(state, n) for n in range(line + 1, last))
        try:
            loaded = _yaml.load(source) or {}
        except YAMLError as error:
            loaded = {}
            directive.problems.append((line, f"the options of `{{{directive.name}}}` are "
                                       f"not YAML: {str(error).splitlines()[0]}",
                                       "write one `key: value` per line"))
        if isinstance(loaded, dict):
            directive.options = {str(k): _option_text(v) for k, v in loaded.items()}
        directive.body_start = _skip_blank(state, last + 1, directive.end)
        return
    while line < directive.end and (match := _OPTION.match(_text(state, line))):
        directive.options[match.group(1)] = _unquoted(match.group(2) or "")
        line += 1
    directive.body_start = _skip_blank(state, line, directive.end)


def _unquoted(value: str) -> str:
    """A `:key: value` option's value as MyST-Parser reads it, as YAML: `:name: "fig-x"`
    is `fig-x` (taken as written, quotes and all, the label named no figure)."""
    value = value.strip()
    if len(value) < 2 or value[0] not in "\"'" or value[-1] != value[0]:
        return value
    try:
        loaded = _yaml.load(value)
    except YAMLError:
        return value
    return loaded if isinstance(loaded, str) else value


def _skip_blank(state: StateBlock, line: int, end: int) -> int:
    """The first line from `line` that is not blank (a body starts after its options)."""
    while line < end and not _text(state, line).strip():
        line += 1
    return line


def _option_text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _directive_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin:begin + 1] not in ("`", "~", ":") or "{" not in state.src[
            begin:state.eMarks[start]]:
        return False
    match = _OPEN.match(state.src, begin, state.eMarks[start])
    if match is None or not _is_directive(match.group(2)) or (
            match.group(1)[0] == "`" and "`" in match.group(3)):
        return False  # (a backtick in a backtick fence's info: CommonMark's inline code)
    if silent:
        return True
    marker = match.group(1)
    close, closed = _closing_line(state, start, end, marker)
    directive = Directive(match.group(2).lower(), match.group(3).strip(), start=start,
                          end=close)
    _read_options(state, directive)
    for line, message, hint in directive.problems:
        warn(state, line, message, hint)
    HANDLERS.get(directive.name, HANDLERS[""])(state, directive)
    state.line = close + 1 if closed else close
    return True


def _render_bibliography(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                         env: Any) -> str:
    return references_shortcode({}, env, role_line(env, tokens[idx])) + "\n"


def myst_directives_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("fence", "myst_directive", _directive_rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    md.core.ruler.after("inline", "myst_image_options", _image_options)
    md.core.ruler.after("inline", "myst_version_labels", myst_sphinx.version_labels)
    md.core.ruler.after("inline", "myst_api_links", myst_sphinx.api_links)
    md.add_render_rule("myst_bibliography", _render_bibliography)


def _image_options(state: StateCore) -> None:
    """`:width:`, `:height:`, `:alt:` and `:align:` of `{image}` and `{figure}`, on the image
    (before the images are sized: a width written keeps the file's from being added)."""
    tokens = state.tokens
    for i, token in enumerate(tokens[:-1]):
        if token.type == "paragraph_open" and "myst_image" in (token.meta or {}):
            apply_image_options(tokens[i + 1], token.meta["myst_image"])
