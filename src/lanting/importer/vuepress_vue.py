"""Vue's `{{ … }}` in the text of VitePress and VuePress pages.

Both compile a page as a Vue template, so `{{ 1 + 1 }}` outside code showed `2`,
`{{ $page.title }}` (`$title`, `$frontmatter.title`) the page's title; Lanting runs no
templates. Literal arithmetic and strings become their value, the page's title its
title; any other expression (`{{ theme }}` of VitePress's example page, a component's
data) stays as written, with a warning. Code is put aside already; in `::: v-pre` and a
`v-pre` element's lines, which Vue did not read, `{{` is escaped (`\\{\\{`, `&#123;&#123;` in a
line of HTML): shown as written, as there, and so meant, not a template left over.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from lanting.importer.liquid import Context

_EXPRESSION = re.compile(r"(?<![\\{])\{\{(?!<|%)(.+?)\}\}(?!\})")
_TITLE = re.compile(r"\$(?:page\.)?title|\$(?:page\.)?frontmatter\.title")
_V_PRE_OPEN = re.compile(r"^[ \t]*(?:(:{3,})[ \t]*v-pre|<(div|p|section)[ \t]+v-pre[ \t]*>)"
                         r"[ \t]*$")
_V_PRE_ELEMENT = re.compile(r"<[A-Za-z][\w-]*[^<>]*?[ \t]v-pre\b")
_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Mod)


def interpolations(text: str, front: dict[str, Any], ctx: Context) -> str:
    """Each `{{ expression }}` outside `v-pre` as what it showed, if the import can
    tell."""
    lines = text.split("\n")
    closing = ""
    """The line that ends the `v-pre` block the line is in (`:::`, `</div>`)."""
    for number, line in enumerate(lines):
        if closing:
            closing = "" if line.strip() == closing else closing
            if closing and "{{" in line:
                lines[number] = _escaped(line)
            continue
        opened = _V_PRE_OPEN.match(line)
        if opened:
            closing = opened.group(1) or f"</{opened.group(2)}>"
        elif "{{" in line and _V_PRE_ELEMENT.search(line):
            lines[number] = _escaped(line)  # (`<span v-pre>{{ x }}</span>`)
        elif "{{" in line:
            lines[number] = _EXPRESSION.sub(lambda m: _value(m, front, ctx), line)
    return "\n".join(lines)


def _escaped(line: str) -> str:
    """A line of a `v-pre` block with its `{{` escaped: Lanting's build warns of a `{{ x }}`
    left in a page, a template it cannot tell from one meant to be shown."""
    brace = "&#123;" if line.lstrip().startswith("<") else "\\{"
    return re.sub(r"(?<![\\{])\{\{+", lambda m: brace * len(m.group()), line)


def _value(match: re.Match[str], front: dict[str, Any], ctx: Context) -> str:
    # (`\$`: a site without a math plugin has its dollar signs escaped already)
    source = match.group(1).strip().replace("\\$", "$")
    if _TITLE.fullmatch(source) and front.get("title"):
        ctx.convert("{{ $page.title }} as the title")
        return str(front["title"])
    value = _literal(source)
    if value is not None:
        ctx.convert("{{ … }} of literals (Vue's) as their value")
        return value
    if source.startswith("$frontmatter.") or source.startswith("$page.frontmatter."):
        return match.group()  # (`components` fills in or reports the front matter's)
    ctx.warn(match.group(), f"a Vue expression, `{match.group()}`: Lanting runs no "
             "templates, so it shows as written (write what it showed)")
    return match.group()


def _literal(source: str) -> str | None:
    """The value of arithmetic on numbers, or a string, as JavaScript prints it."""
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    try:
        value = _evaluate(tree)
    except (ValueError, ZeroDivisionError, TypeError):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _evaluate(node: ast.expr) -> float | int | str:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str) \
            and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        operand = _evaluate(node.operand)
        if isinstance(operand, str):
            raise ValueError(ast.dump(node))
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp) and isinstance(node.op, _OPERATORS):
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(left, str) or isinstance(right, str):
            if isinstance(node.op, ast.Add) and isinstance(left, str) \
                    and isinstance(right, str):
                return left + right
            raise ValueError(ast.dump(node))
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Div):
            return left / right
        return left % right
    raise ValueError(ast.dump(node))
