"""amsmath's `subequations`: the rows a group numbers share one number of the page's,
lettered, (3a), (3b), as LaTeX prints them (a post written for its PDF, a Pandoc or
Quarto one, has them; math-core, as MathJax and KaTeX, has no such environment).

math-core keeps the page's counter: the group's first numbered row keeps the number it
gives (one of the counter's, as the group takes one), the others are tagged; the
letters are set once that number is known (`letter_rows`, after the page converted)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from string import ascii_lowercase

from lanting.markdown.math_formula import converter
from lanting.markdown.math_label_keys import LabelKeys
from lanting.markdown.tex_multirow import top_spans
from lanting.markdown.tex_scan import TexError

_GROUP = re.compile(r"\\begin\s*\{subequations\}\s*(?:\\label\s*\{([^{}]*)\})?(.*?)"
                    r"\\end\s*\{subequations\}", re.DOTALL)
_ROWS = re.compile(r"\\begin\s*\{(align|gather|flalign|alignat|equation|multline)\}"
                   r"(\{\d+\})?")
_ROW_BREAK = frozenset({"\\\\"})
_ROW_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")
_NUMBER_CELL = re.compile(r'(<mtd style="width: 50%[^"]*"(?: id="[^"]*")?>)'
                          r'(?:<mtext>\(([^<]*)\)</mtext>)?(</mtd></mtr>)')
"""The last cell of a row of a numbered display, holding its number or nothing."""


@dataclass(slots=True)
class Group:
    """What `letter_rows` needs of a display holding a `subequations` group."""

    keys: list[str] = field(default_factory=list)
    """The placeholders of the tags of its numbered rows after the first."""
    first_label: str = ""
    """The first numbered row's own label (a reference to it shows `(3a)`), or ""."""
    alias: str = ""
    """The group's label when its first row has one too: a reference to it shows `(3)`
    and leads to the row (`\\label` after `\\begin{subequations}`, then on a row)."""


def unwrapped(tex: str) -> tuple[str, str] | None:
    """`tex` without its `subequations` wrapper, and the group's `\\label` (or ""); None
    if `tex` holds no group."""
    found = _GROUP.search(tex)
    if found is None:
        return None
    return tex[:found.start()] + found.group(2) + tex[found.end():], found.group(1) or ""


def _rows(body: str) -> list[tuple[int, int]]:
    """Where each row of an environment's body is: cut at its own `\\\\`, not at those of
    environments or groups inside it."""
    return top_spans(body, _ROW_BREAK)


def lettered(tex: str, label: str, macros: dict[str, str], prefix: str
             ) -> tuple[str, Group]:
    """The group's rows in `tex` (unwrapped), the first numbered one keeping its number
    and the group's `label`, the others tagged with placeholders (`prefix`). Which rows
    the display numbers is seen by converting it alone, with the page's `macros`."""
    envs = list(_ROWS.finditer(tex))
    if len(envs) != 1:
        raise TexError("`subequations` numbers the rows of one environment (`align`, "
                       "`gather`, `equation` …)", 0,
                       hint="put the group's rows in one `align` inside it")
    env = envs[0]
    close = tex.find(f"\\end{{{env.group(1)}}}", env.end())
    rows = _rows(tex[env.end():close]) if close >= 0 else []
    alone = converter(tuple(macros.items()), True).convert_all([(LabelKeys().hide(tex),
                                                                   True)])[0]
    numbers = [cell.group(2) for cell in _NUMBER_CELL.finditer(alone)]
    if len(rows) == len(numbers) + 1 and not tex[env.end():close][rows[-1][0]:].strip():
        rows.pop()  # (a `\\` ending the last row: no row after it)
    if len(numbers) != len(rows):
        raise TexError("the rows of this `subequations` group could not be told apart", 0,
                       hint="write its rows in one `align`, each ended by `\\\\`")
    numbered = [k for k, number in enumerate(numbers) if number and number.isdigit()]
    group = Group()
    pieces, pos = [tex[:env.end()]], env.end()
    for k in numbered:
        start, end = rows[k][0] + env.end(), rows[k][1] + env.end()
        row = tex[start:end]
        pieces.append(tex[pos:start])
        if k == numbered[0]:
            own = _ROW_LABEL.search(row)
            group.first_label = own.group(1) if own else ""
            group.alias = label if own else ""
            row += f"\\label{{{label}}}" if label and not own else ""
        else:
            group.keys.append(f"{prefix}{len(group.keys):03d}")  # (one length: no key in another)
            row = row.rstrip() + f"\\tag{{{group.keys[-1]}}}"
        pieces.append(row)
        pos = end
    return "".join(pieces) + tex[pos:], group


def letter_rows(output: str, group: Group, tags: dict[str, str]
                ) -> tuple[str, str | None]:
    """A converted group: its first numbered row's number lettered `a`, the tags of
    the others (in `tags`) `b`, `c` …; and that number (None if none)."""
    first = next((cell for cell in _NUMBER_CELL.finditer(output)
                  if cell.group(2) and cell.group(2).isdigit()), None)
    if first is None:
        return output, None
    number = first.group(2)
    for letter, key in zip(ascii_lowercase[1:], group.keys, strict=False):
        tags[key] = number + letter
    cell = f"{first.group(1)}<mtext>({number}a)</mtext>{first.group(3)}"
    return output[:first.start()] + cell + output[first.end():], number


_ALIAS_MARK = "LantingGroupRef"


def group_refs(tex: str, aliases: dict[str, str]) -> str:
    """`tex` with its references to a group labelled beside its first row (`aliases`:
    the group's label and the row's) made to the row, marked as the group's."""
    for alias, row in aliases.items():
        for command in ("\\eqref", "\\ref"):  # (`\eqref` first: it holds `ref{…}`)
            tex = tex.replace(f"{command}{{{alias}}}",
                              f"{command}{{{row}}}\\text{{{_ALIAS_MARK}}}")
    return tex


def letter_groups(groups: list[tuple[Group | None, dict[str, str]]], outputs: list[str]
                  ) -> dict[str, str]:
    """The page's converted formulas (`outputs`, changed in place; `groups`: each one's
    group, if any, and its tags) with their groups' rows lettered, and the references
    to a group's first row (in formulas and the prose's, `outputs` after the page's
    formulas) too: `(3)` → `(3a)`, but for the group's own. Returns the groups' labels
    beside their rows' (`Group.alias`) and their numbers."""
    firsts: dict[str, tuple[str, str]] = {}
    for k, (group, tags) in enumerate(groups):
        if group is not None:
            outputs[k], number = letter_rows(outputs[k], group, tags)
            if number and group.first_label:
                firsts[group.first_label] = (number, group.alias)
            if number and group.alias:  # (the group's id, for the prose's references)
                outputs[k] = outputs[k].replace("<mtr", f'<mtr id="{group.alias}"', 1)
    for k, output in enumerate(outputs):
        for label, (number, alias) in firsts.items():
            link, mark = f'<a href="#{label}">({number})</a>', f"<mtext>{_ALIAS_MARK}</mtext>"
            for between in ("</mtext>", ""):  # (the group's: its number, its id)
                output = output.replace(link + between + mark,
                                        f'<a href="#{alias}">({number})</a>' + between)
            output = output.replace(link, f'<a href="#{label}">({number}a)</a>')
        outputs[k] = output
    return {alias: number for number, alias in firsts.values() if alias}
