"""The info fields of Sphinx's object descriptions (`:param x:`, `:type x:`, `:returns:`,
`:rtype:`, `:raises E:` …), for `rst_writer.py`: grouped and labelled as Sphinx's HTML
shows them ("Parameters: **x** (*int*) – …"), in the description's language, instead of
one field a line under its raw name ("param x")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from docutils import nodes

_GROUPS = {
    **dict.fromkeys(("param", "parameter", "arg", "argument", "key", "keyword"), "params"),
    **dict.fromkeys(("kwarg", "kwparam"), "keywords"),
    **dict.fromkeys(("var", "ivar", "cvar"), "variables"),
    **dict.fromkeys(("raises", "raise", "exception", "except"), "raises"),
    **dict.fromkeys(("returns", "return"), "returns"),
    "rtype": "rtype", "yields": "yields", "ytype": "ytype",
}
"""Each field's name → Sphinx's group of it (its `TypedField`s, `GroupedField`s and
`Field`s for Python, and napoleon's yields)."""
_TYPES = {"type": "params", "kwtype": "keywords", "vartype": "variables"}
"""The fields giving the type of a named item of a group."""
_LISTED = ("params", "keywords", "variables", "raises")
LABELS = {
    "en": {"params": "Parameters", "keywords": "Keyword Arguments", "variables": "Variables",
           "raises": "Raises", "returns": "Returns", "rtype": "Return type",
           "yields": "Yields", "ytype": "Yield type"},
    "zh": {"params": "参数", "keywords": "关键字参数", "variables": "变量", "raises": "抛出",
           "returns": "返回", "rtype": "返回类型", "yields": "产出", "ytype": "产出类型"},
}


@dataclass
class _Group:
    """The items of one group, in their order: name → (type, description)."""

    items: dict[str, list[str]] = field(default_factory=dict)
    text: str = ""


def info_fields(node: nodes.field_list, inline: Callable[[nodes.Node | None], str],
                lang: str) -> str:
    """The field list of an object description as Markdown, Sphinx's way: its groups in
    the order they first appear, each item's type beside its name; a field of no group
    (`:meta:` aside, which Sphinx hides) as a field of its own name."""
    labels = LABELS["zh" if lang.lower().startswith("zh") else "en"]
    groups: dict[str, _Group] = {}
    parts: list[tuple[str, str]] = []  # (a group's key, "") or (a field's name, its text)
    for item in node.children:
        if not isinstance(item, nodes.field):
            continue
        words = item[0].astext().split()
        text = _text(item[1], inline)
        kind = words[0].lower() if words else ""
        if kind == "meta":
            continue
        group = _GROUPS.get(kind) or _TYPES.get(kind)
        if group is None or (kind in _TYPES and len(words) < 2):
            name = inline(item[0])  # (capitalised, as Sphinx shows a field it does not know)
            parts.append((name[:1].upper() + name[1:], text))
            continue
        if group not in groups:
            groups[group] = _Group()
            parts.append((group, ""))
        if group not in _LISTED:
            groups[group].text = text
        elif len(words) >= 2:
            entry = groups[group].items.setdefault(words[-1], ["", ""])
            if kind in _TYPES:
                entry[0] = text
            else:  # (`:param int x:`: its type written before its name)
                entry[0] = entry[0] or _escape(" ".join(words[1:-1]))
                entry[1] = text
        else:  # (`:raises: text`)
            groups[group].items.setdefault("", ["", text])
    return "\n\n".join(_group(labels[key], groups[key]) if key in groups and not text
                       else f"**{key}:** {text}".rstrip() for key, text in parts)


def _group(label: str, group: _Group) -> str:
    if not group.items:
        return f"**{label}:** {group.text}".rstrip()
    lines = []
    for name, (kind, text) in group.items.items():
        head = f"**{_escape(name)}**" if name else ""
        if kind:
            head += f" (*{kind}*)"
        lines.append("- " + " – ".join(p for p in (head.strip(), text) if p))
    return f"**{label}:**\n\n" + "\n".join(lines)


def _text(body: nodes.Node, inline: Callable[[nodes.Node | None], str]) -> str:
    """A field's body on one line: its paragraphs' text."""
    if not isinstance(body, nodes.Element):
        return ""
    parts = [inline(p) for p in body.findall(nodes.paragraph)]
    return " ".join(" ".join(parts).split())


def _escape(text: str) -> str:
    return "".join("\\" + c if c in "\\`*_[]<>|$" else c for c in text)
