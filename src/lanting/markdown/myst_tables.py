"""MyST's `{list-table}`: a list of rows, each a list of cells, made a table; and
`{table} Caption`: a Markdown table in its body, given the caption and the `:name:`.

```
:::{list-table} Caption
:header-rows: 1

* - Method
  - Return
* - PPO
  - 312
:::
```

A cell may hold any Markdown (a cell of one paragraph is shown without the `<p>`, as a
tight list shows its items). A body that is not a list of lists is a warning at its line,
shown as written.
"""

from __future__ import annotations

from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from lanting.markdown.myst_directives import Directive, Handler, tokenize_body, warn
from lanting.markdown.myst_refs import push_target


def _items(tokens: list[Token], start: int, end: int, level: int) -> list[tuple[int, int]]:
    """(open, close) indices of the list items at `level` in tokens[start:end]."""
    found, opened = [], -1
    for i in range(start, end):
        token = tokens[i]
        if token.level != level:
            continue
        if token.type == "list_item_open":
            opened = i
        elif token.type == "list_item_close":
            found.append((opened, i))
    return found


def _rows(tokens: list[Token], level: int) -> list[list[list[Token]]] | None:
    """The cells' tokens of each row, or None when `tokens` is not one list of lists."""
    if not tokens or tokens[0].type != "bullet_list_open" or tokens[-1].type != \
            "bullet_list_close" or tokens[0].level != level:
        return None
    rows = []
    for row_open, row_close in _items(tokens, 1, len(tokens) - 1, level + 1):
        inner = tokens[row_open + 1:row_close]
        if not inner or inner[0].type != "bullet_list_open" or inner[-1].type != \
                "bullet_list_close":
            return None
        rows.append([inner[a + 1:b] for a, b in _items(inner, 1, len(inner) - 1, level + 3)])
    return rows


def _cell(tag: str, content: list[Token], level: int) -> list[Token]:
    if len(content) == 3 and content[0].type == "paragraph_open":
        content[0].hidden = content[2].hidden = True  # (one paragraph: its text alone)
    shift = level + 1 - (content[0].level if content else 0)
    for token in content:
        token.level += shift
    return [Token(f"{tag}_open", tag, 1, level=level), *content,
            Token(f"{tag}_close", tag, -1, level=level)]


def _list_table(state: StateBlock, d: Directive) -> None:
    if d.options.get("name"):
        push_target(state, d.options["name"], d.start)
    first, level = len(state.tokens), state.level
    tokenize_body(state, d)
    rows = _rows(state.tokens[first:], level)
    if not rows:
        warn(state, d.start, "`{list-table}` needs a list of rows, each a list of cells",
             "write `* - first cell` and `  - next cell` for each row")
        return
    header = int(h) if (h := d.options.get("header-rows", "0").strip()).isdigit() else 0
    out = [Token("table_open", "table", 1, level=level, map=[d.start, d.end + 1])]
    if d.argument:
        out += [Token("table_caption_open", "caption", 1, level=level + 1),
                Token("inline", "", 0, level=level + 2, content=d.argument, children=[],
                      map=[d.start, d.start + 1]),
                Token("table_caption_close", "caption", -1, level=level + 1)]
    for part, part_rows in (("thead", rows[:header]), ("tbody", rows[header:])):
        if not part_rows:
            continue
        out.append(Token(f"{part}_open", part, 1, level=level + 1))
        for row in part_rows:
            out.append(Token("tr_open", "tr", 1, level=level + 2))
            for cell in row:
                out += _cell("th" if part == "thead" else "td", cell, level + 3)
            out.append(Token("tr_close", "tr", -1, level=level + 2))
        out.append(Token(f"{part}_close", part, -1, level=level + 1))
    out.append(Token("table_close", "table", -1, level=level))
    for token in out:
        token.block = True
    state.tokens[first:] = out


def _table(state: StateBlock, d: Directive) -> None:
    """`{table}`: its body's table with the caption (a `{numref}` or link to its
    `:name:` finds it, a `{ref}` reads the caption); a body without a table is a
    warning, shown as written."""
    if d.options.get("name"):
        push_target(state, d.options["name"], d.start, d.argument)
    first, level = len(state.tokens), state.level
    tokenize_body(state, d)
    opening = next((i for i in range(first, len(state.tokens))
                    if state.tokens[i].type == "table_open"
                    and state.tokens[i].level == level), None)
    if opening is None:
        warn(state, d.start, "`{table}` holds no Markdown table: its body is shown as "
             "written", "put a `| a | b |` table in it, or use `{list-table}`")
        return
    if d.argument:
        state.tokens[opening + 1:opening + 1] = [
            Token("table_caption_open", "caption", 1, level=level + 1, block=True),
            Token("inline", "", 0, level=level + 2, content=d.argument, children=[],
                  map=[d.start, d.start + 1], block=True),
            Token("table_caption_close", "caption", -1, level=level + 1, block=True)]


HANDLERS: dict[str, Handler] = {"list-table": _list_table, "table": _table}
