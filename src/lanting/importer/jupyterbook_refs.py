"""What a Jupyter Book page names elsewhere in the book, found before any page is
converted: its MyST targets (`(label)=` before a heading or a block, a directive's
`:name:`), so that a `{ref}` to another page's label can become a link there — Lanting
resolves `{ref}` within a page only — and its code put aside (fenced code and the
directives that hold code), so that nothing inside code is read or rewritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lanting.importer.body import plain_inline
from lanting.importer.shelf import Shelf
from lanting.markdown.myst_glossary import term_name

CODE_DIRECTIVES = frozenset({"code-cell", "code-block", "code", "sourcecode", "math", "raw",
                             "mermaid", "literalinclude", "highlight", "ipython"})
"""Directives whose content is code or TeX, not Markdown: put aside whole."""
_OPEN = re.compile(r"^([ \t]*)(`{3,}|~{3,}|:{3,})[ \t]*(.*?)[ \t]*$")
_DIRECTIVE = re.compile(r"^\{([\w:.-]+)\}")
MYST_TARGET = re.compile(r"^[ \t]{0,3}\(([^()\s][^()\n]*?)\)=[ \t]*$")
"""MyST's `(label)=` line, which labels the block after it."""
_HEADING = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_COMMENT_OPEN = re.compile(r"^[ \t]{0,3}<!--")
_NAME = re.compile(r"^[ \t]*:(?:name|label):[ \t]*(\S.*?)[ \t]*$")
_FIGURE_MD = re.compile(r"^[ \t]*(?:`{3,}|:{3,})[ \t]*\{figure-md\}[ \t]+(\S+)[ \t]*$")
"""myst-parser's `{figure-md} label`: a figure named by its argument."""
_MATH_LABEL = re.compile(r"^[ \t]*(`{3,}|:{3,})[ \t]*\{math\}[^\n]*\n(?:[ \t]*:[\w-]+:[^\n]*\n)*?"
                         r"[ \t]*:(?:label|name):[ \t]*(\S[^\n]*)$", re.MULTILINE)
_IMAGE_LINE = re.compile(r"^[ \t]*(?:!\[|<img\b)", re.IGNORECASE)
_DOLLAR_LABEL = re.compile(r"\$\$[ \t]*\(([^()\s]+)\)[ \t]*$", re.MULTILINE)
"""A `$$` display's label after its closing `$$`, `$$ (eq:x)` (MyST's dollarmath)."""


@dataclass(frozen=True, slots=True)
class Target:
    """A label of the book: the page defining it, where on it, what a link to it reads."""

    page: int
    """The item number of the page."""
    anchor: str
    """The id on the page ("" for the page's title: a link to the page itself)."""
    text: str
    """The heading's text, a figure's caption, else ""."""


TERM_LABEL = "term:"
"""The book-wide label of a glossary's term: `term:` and its name in lower case."""
_GLOSSARY = re.compile(r"^([ \t]*)(`{3,}|:{3,})\{glossary\}[^\n]*\n(.*?)^\1\2[ \t]*$",
                       re.MULTILINE | re.DOTALL)


def glossary_terms(text: str) -> list[str]:
    """The terms of the `{glossary}` blocks of `text`, as `{term}` names them: the
    lines of each block at its own indentation (its definitions are indented more)."""
    found = []
    for block in _GLOSSARY.finditer(text):
        lines = [line for line in block.group(3).split("\n") if line.strip()]
        base = min((len(line) - len(line.lstrip()) for line in lines), default=0)
        found += [term_name(line) for line in lines
                  if len(line) - len(line.lstrip()) == base and not line.lstrip().startswith(":")]
    return found


def protect_myst_code(text: str, shelf: Shelf) -> str:
    """`text` with fenced code and code directives (`{code-cell}`, `{math}`, …) behind
    markers; the fences of other directives (`{note}`, `{figure}`) stay, their content
    is Markdown. A fence not closed runs to the end, as in CommonMark."""
    lines = text.split("\n")
    out: list[str] = []
    open_directives: list[tuple[str, int]] = []
    i = 0
    while i < len(lines):
        if _COMMENT_OPEN.match(lines[i]):
            # (an HTML comment block, to its `-->`: a fence in it, `<!-- ```{note}` …
            # ```` ``` --> ````, is no fence, and must not open code over the text after)
            end = next((j for j in range(i, len(lines)) if "-->" in lines[j]),
                       len(lines) - 1)
            out.append(shelf.put("\n".join(lines[i:end + 1])))
            i = end + 1
            continue
        match = _OPEN.match(lines[i])
        if match is None:
            out.append(lines[i])
            i += 1
            continue
        fence, info = match.group(2), match.group(3)
        if open_directives and not info and fence[0] == open_directives[-1][0] \
                and len(fence) >= open_directives[-1][1]:
            open_directives.pop()
            out.append(lines[i])
            i += 1
            continue
        directive = _DIRECTIVE.match(info)
        if fence[0] == ":" and directive is None:
            out.append(lines[i])  # (a bare `:::` closes a div Lanting reads itself)
            i += 1
            continue
        if directive is not None and directive.group(1).lower() not in CODE_DIRECTIVES:
            open_directives.append((fence[0], len(fence)))
            out.append(lines[i])
            i += 1
            continue
        close = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not close.match(lines[end]):
            end += 1
        out.append(shelf.put("\n".join(lines[i:end + 1])))
        i = end + 1
    return "\n".join(out)


def heading_title(line: str) -> str | None:
    """The text of a Markdown heading line, its inline markup removed."""
    match = _HEADING.match(line)
    return " ".join(plain_inline(match.group(2)).split()) if match else None


def heading_labels(text: str) -> set[str]:
    """The labels a page puts over its headings, `(sec-method)=` over `## Method`."""
    lines = [line for line in protect_myst_code(text, Shelf()).split("\n") if line.strip()]
    return {target.group(1).strip() for line, after in zip(lines, lines[1:], strict=False)
            if (target := MYST_TARGET.match(line)) and heading_title(after) is not None}


def targets_of(text: str) -> list[tuple[str, str, int]]:
    """The labels a page defines: (label, the text a reference to it reads, the line the
    label is on) — the heading after `(label)=`, a figure's caption after `:name:` (or
    under the image of `{figure-md} label`)."""
    lines = protect_myst_code(text, Shelf()).split("\n")
    names = name_lines(lines)
    # (a `{math}`'s label, which the code put aside above hides: `{eq}` names it)
    found = [(_unquote(m.group(2).strip()), "", text.count("\n", 0, m.start(2)) + 1)
             for m in _MATH_LABEL.finditer(text)]
    found += [(m.group(1), "", text.count("\n", 0, m.start(1)) + 1)
              for m in _DOLLAR_LABEL.finditer("\n".join(lines))]
    for i, line in enumerate(lines):
        target, figure = MYST_TARGET.match(line), _FIGURE_MD.match(line)
        if target is None and figure is None and i not in names:
            continue
        following = [rest for rest in lines[i + 1:] if rest.strip()]
        if figure is not None:
            found.append((_unquote(figure.group(1)), _figure_md_caption(following), i + 1))
            continue
        words = ""
        if target is not None:
            words = heading_title(following[0]) or "" if following else ""
        else:
            statement = _statement_title(lines, i)
            words = statement if statement is not None else \
                _caption(following, in_block=_NAME.match(line) is None)
        found.append((target.group(1).strip() if target else names[i], words, i + 1))
    return found


def _caption(following: list[str], in_block: bool) -> str:
    """A named directive's caption: its body's first line, past its options (`:key:`
    lines, or, `in_block`, what is left of a `---` block)."""
    for rest in following:
        if in_block:
            in_block = rest.strip() != "---"
        elif not re.match(r"^[ \t]*:[\w-]+:", rest):
            return "" if _OPEN.match(rest) else " ".join(plain_inline(rest).split())
    return ""


def _statement_title(lines: list[str], i: int) -> str | None:
    """The title of the theorem, definition or exercise (sphinx-proof's `{prf:…}`,
    `{exercise}`) whose option line `i` is, "" when untitled; None for other blocks.
    (A link to one read its body's first line, a whole sentence of the definition.)"""
    j = i - 1
    while j >= 0 and re.match(r"^[ \t]*(?::[\w-]+:|---|[\w-]+:)", lines[j]):
        j -= 1
    opening = _OPEN.match(lines[j]) if j >= 0 else None
    directive = _DIRECTIVE.match(opening.group(3)) if opening else None
    if opening is None or directive is None or not (
            directive.group(1).startswith("prf:") or directive.group(1) == "exercise"):
        return None
    return " ".join(plain_inline(opening.group(3)[directive.end():]).split())


def _figure_md_caption(following: list[str]) -> str:
    """A `{figure-md}`'s caption: the line after its image, past its options."""
    rest = [line for line in following if not re.match(r"^[ \t]*:[\w-]+:", line)]
    if len(rest) < 2 or not _IMAGE_LINE.match(rest[0]) or _OPEN.match(rest[1]):
        return ""
    return " ".join(plain_inline(rest[1]).split())


def title_label(text: str) -> str | None:
    """The label of a page's first heading (`(intro)=` then `# Introduction`): a
    reference to it is a link to the page."""
    lines = [line for line in protect_myst_code(text, Shelf()).split("\n") if line.strip()]
    for first, second in zip(lines, lines[1:], strict=False):
        target = MYST_TARGET.match(first)
        if target is None:
            return None
        if heading_title(second) is not None:
            return target.group(1).strip()
    return None


LAYOUT = frozenset({"grid", "grid-item", "grid-item-card", "card", "card-carousel"})
"""sphinx-design's layout directives: only boxes around their content."""
_OPTION = re.compile(r"^[ \t]*:[\w-]+:")
_CARD_RULE = re.compile(r"^[ \t]*(?:\^{3,}|\+{3,})[ \t]*$")
"""A card's header (above `^^^`) and footer (below `+++`) rules."""


def unwrap_layout(text: str) -> tuple[str, int]:
    """The content of sphinx-design's grids and cards without the boxes (a card's title
    a bold line), and how many were unwrapped. (Lanting has no grid; a figure inside an
    unknown directive was not numbered.) Code must be put aside first."""
    lines = text.split("\n")
    out: list[str] = []
    stack: list[tuple[str, int, bool, bool]] = []  # (fence, length, layout, card)
    unwrapped = 0
    skipping_options = False
    for line in lines:
        match = _OPEN.match(line)
        if skipping_options and _OPTION.match(line):
            continue
        skipping_options = False
        if match is None:
            # (a card's header or footer rule goes with the card: `+++` was shown as text)
            out.append("" if stack and stack[-1][3] and _CARD_RULE.match(line) else line)
            continue
        fence, info = match.group(2), match.group(3)
        if stack and not info and fence[0] == stack[-1][0] and len(fence) >= stack[-1][1]:
            if not stack.pop()[2]:
                out.append(line)
            continue
        directive = _DIRECTIVE.match(info)
        layout = directive is not None and directive.group(1).lower() in LAYOUT
        if directive is not None:
            stack.append((fence[0], len(fence), layout,
                          layout and "card" in directive.group(1).lower()))
        if not layout:
            out.append(line)
            continue
        unwrapped += 1
        skipping_options = True
        # (a card's argument is its title; a grid's, its columns)
        title = info[directive.end():].strip() if directive and "card" in \
            directive.group(1).lower() else ""
        if title:
            out += ["", f"**{title}**", ""]
    return "\n".join(out), unwrapped


_PANEL_RULE = re.compile(r"^[ \t]*(-{3,}|\^{3,}|\+{3,})[ \t]*$")


def unwrap_panels(text: str) -> tuple[str, int]:
    """sphinx-panels' `{panels}` (the older of sphinx-design's grids: panels apart by
    `---`, a panel's header above `^^^`, its footer below `+++`, options on their first
    lines) as its content: a header a bold line, the panels one after another; and how
    many. Code must be put aside first (its `---` is no panel's)."""
    lines, out, count, i = text.split("\n"), [], 0, 0
    while i < len(lines):
        opening = _OPEN.match(lines[i])
        directive = _DIRECTIVE.match(opening.group(3)) if opening else None
        if opening is None or directive is None or directive.group(1).lower() != "panels":
            out.append(lines[i])
            i += 1
            continue
        fence = opening.group(2)
        end = next((j for j in range(i + 1, len(lines))
                    if re.fullmatch(rf"[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*",
                                    lines[j])), len(lines))
        panel: list[str] = []
        for line in [*lines[i + 1:end], "---"]:
            rule = _PANEL_RULE.match(line)
            if rule is None:
                if not (_OPTION.match(line) and not any(p.strip() for p in panel)):
                    panel.append(line)
                continue
            if rule.group(1)[0] == "^":  # (what came before is the panel's header)
                header = " ".join(p.strip() for p in panel if p.strip())
                panel = ["", f"**{header}**", ""] if header else []
            elif rule.group(1)[0] == "+":  # (the footer, a paragraph of its own)
                panel.append("")
            else:
                out += [*panel, ""]
                panel = []
        count += 1
        i = end + 1
    return "\n".join(out), count


_EQUATION_TARGET = re.compile(r"^[ \t]{0,3}\(([^()\s][^()\n]*?)\)=[ \t]*\n((?:[ \t]*\n)*)"
                              r"([ \t]*\$\$.*?\$\$)[ \t]*$", re.MULTILINE | re.DOTALL)


def labelled_equations(text: str) -> tuple[str, int]:
    """`(label)=` right before a `$$…$$` display: mystmd's label of that equation, which
    Lanting reads as `$$…$$ (label)`."""
    def one(match: re.Match[str]) -> str:
        if re.search(r"\$\$\s*\(", match.group(3)) or match.group(3).count("$$") != 2:
            return match.group()
        return f"{match.group(3)} ({match.group(1).strip()})"

    return _EQUATION_TARGET.subn(one, text)


_YAML_NAME = re.compile(r"^([ \t]*)name:[ \t]*(\S.*?)[ \t]*$")


def name_lines(lines: list[str]) -> dict[int, str]:
    """The lines naming a directive (`:name: x`, or `name: x` in the `---` block of
    options right under its opening fence), by index, with the label (quotes off:
    MyST reads options as YAML)."""
    found: dict[int, str] = {}
    in_options = False
    for i, line in enumerate(lines):
        if in_options:
            if line.strip() == "---":
                in_options = False
            elif match := _YAML_NAME.match(line):
                found[i] = match.group(2)
            continue
        opening = _OPEN.match(lines[i - 1]) if i else None
        if line.strip() == "---" and opening and _DIRECTIVE.match(opening.group(3)):
            in_options = True
        elif match := _NAME.match(line):
            found[i] = match.group(1)
    return {i: _unquote(label.strip()) for i, label in found.items()}


def _unquote(label: str) -> str:
    return label[1:-1] if len(label) > 1 and label[0] in "\"'" and label[-1] == label[0] \
        else label


def unique_names(text: str) -> tuple[str, dict[str, int]]:
    """Each directive's name once on a page: a later figure of the same name (an
    example's `name: blackhole` copied under every image) loses it — Sphinx warned of
    the duplicate label, Lanting refuses it — and how many lost each name. (The line
    goes: a blank one would end a directive's options.) Code must be put aside first."""
    lines = text.split("\n")
    seen: set[str] = set()
    dropped: dict[str, int] = {}
    gone: set[int] = set()
    for i, label in sorted(name_lines(lines).items()):
        if label in seen:
            dropped[label] = dropped.get(label, 0) + 1
            gone.add(i)
        seen.add(label)
    if not gone:
        return text, dropped
    return "\n".join(line for i, line in enumerate(lines) if i not in gone), dropped


def glued_labels(text: str) -> set[str]:
    """The names of MyST-NB's `{glue:figure}` (and other `{glue:…}`) blocks: Lanting
    leaves them out (their content is a notebook run's output), so a reference to one
    leads nowhere."""
    lines = protect_myst_code(text, Shelf()).split("\n")
    found: set[str] = set()
    for i, label in name_lines(lines).items():
        opener = next((m for j in range(i - 1, -1, -1)
                       if (m := _OPEN.match(lines[j])) and _DIRECTIVE.match(m.group(3))), None)
        if opener and opener.group(3).lower().startswith("{glue"):
            found.add(label)
    return found
