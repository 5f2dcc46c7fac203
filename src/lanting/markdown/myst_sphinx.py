"""Sphinx's own directives, as its HTML builder shows them (in Sphinx projects and Jupyter
Books, and in reStructuredText the importer writes as MyST):

- `{versionadded} 1.2 The fast mode.` (and `{versionchanged}`, `{deprecated}`,
  `{versionremoved}`): "Added in version 1.2: The fast mode.", the body below it;
- `{only} html and not latex`: its body when the expression holds for an HTML build
  (Sphinx's tags `html`, `format_html`, `builder_html`), else nothing, as Sphinx's HTML
  output has nothing of it;
- `{centered} text`: a centred bold line; `{hlist}` with `:columns: N`: its list in N
  columns;
- `{tabularcolumns}`, `{sectionauthor}`, `{codeauthor}`: nothing, as in Sphinx's HTML (a
  LaTeX table hint; authors shown only with `show_authors`, off by default).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.callouts import callout_tokens
from lanting.markdown.myst_directives import Directive, Handler, tokenize_body, warn
from lanting.markdown.myst_refs import push_target

_CHANGES = {
    "en": {"versionadded": "Added in version {}", "versionchanged": "Changed in version {}",
           "deprecated": "Deprecated since version {}",
           "versionremoved": "Removed in version {}"},
    # (Sphinx's own zh_CN translation of these)
    "zh": {"versionadded": "在 {} 版本加入", "versionchanged": "在 {} 版本发生变更",
           "deprecated": "自 {} 版本弃用", "versionremoved": "在 {} 版本移除"},
}
_KINDS = {"versionadded": "added", "versionchanged": "changed", "deprecated": "deprecated",
          "versionremoved": "removed"}
_PY_OBJECTS = ("function", "class", "method", "classmethod", "staticmethod", "attribute",
               "property", "data", "exception", "decorator", "decoratormethod", "module")
_OTHER_OBJECTS = ("function", "macro", "type", "member", "var", "struct", "union", "enum",
                  "enumerator", "class", "method", "data", "attribute", "module")
OBJECTS = frozenset({*_PY_OBJECTS, *(f"py:{n}" for n in _PY_OBJECTS),
                     *(f"{d}:{n}" for d in ("c", "cpp", "js") for n in _OTHER_OBJECTS)})
"""Sphinx's object descriptions (`{function} spam(eggs)`, `{class} Egg`,
`{c:function} int f(void)`): Python's without a domain, as Sphinx's default domain."""
HTML_TAGS = frozenset({"html", "format_html", "builder_html"})
"""The tags Sphinx's HTML builder sets, which `{only}` expressions test."""


def _lang(env: Any) -> str:
    ctx = env.get("lanting")
    return "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"


def _version_change(state: StateBlock, d: Directive) -> None:
    version, _, text = d.argument.strip().partition(" ")
    if not version:
        warn(state, d.start, f"`{{{d.name}}}` needs the version it names",
             f"write ```{{{d.name}}} 1.2 (the version, then what changed)")
    lang = _lang(state.env)
    label = _CHANGES[lang][d.name].format(version or "?")
    has_body = d.body_start < d.end and bool(state.getLines(d.body_start, d.end, 0,
                                                            False).strip())
    label += ("：" if lang == "zh" else ": ") if text or has_body else \
        ("。" if lang == "zh" else ".")
    opening = state.push("myst_version_open", "div", 1)
    opening.map = [d.start, d.end + 1]
    opening.attrSet("class", f"version-change {d.name}")
    paragraph = state.push("paragraph_open", "p", 1)
    paragraph.map = [d.start, d.start + 1]
    paragraph.meta = {"version_label": (label, _KINDS[d.name])}
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = text.strip(), [d.start, d.start + 1], []
    state.push("paragraph_close", "p", -1)
    tokenize_body(state, d)
    state.push("myst_version_close", "div", -1)


def version_labels(state: StateCore) -> None:
    """A core rule after `inline`: each version change's label, first in its paragraph
    (a span, so that the text after it reads on the same line)."""
    tokens = state.tokens
    for i, token in enumerate(tokens[:-1]):
        label = (token.meta or {}).get("version_label") if token.type == \
            "paragraph_open" else None
        if label is None:
            continue
        text, kind = label
        span = Token("html_inline", "", 0)
        span.content = (f'<span class="versionmodified {kind}">'
                        f"{_escape(text)}</span>")
        children = tokens[i + 1].children or []
        tokens[i + 1].children = [span, *children]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _Expression:
    """Sphinx's `only` expression: tags joined by `and`, `or`, `not` and parentheses."""

    def __init__(self, text: str, tags: frozenset[str]) -> None:
        self.words = re.findall(r"[()]|[^\s()]+", text)
        self.tags, self.at = tags, 0

    def value(self) -> bool:
        result = self._or()
        if self.at != len(self.words):
            raise ValueError(self.words[self.at])
        return result

    def _next(self) -> str:
        return self.words[self.at] if self.at < len(self.words) else ""

    def _joined(self, word: str, operand: Callable[[], bool]) -> bool:
        """Operands joined by `word` (every one read, so a malformed one is found)."""
        values = [operand()]
        while self._next() == word:
            self.at += 1
            values.append(operand())
        return any(values) if word == "or" else all(values)

    def _or(self) -> bool:
        return self._joined("or", self._and)

    def _and(self) -> bool:
        return self._joined("and", self._not)

    def _not(self) -> bool:
        word = self._next()
        self.at += 1
        if word == "not":
            return not self._not()
        if word == "(":
            result = self._or()
            if self._next() != ")":
                raise ValueError(self._next() or "end")
            self.at += 1
            return result
        if not word or word in {"and", "or", ")"}:
            raise ValueError(word or "end")
        return word in self.tags


def only_holds(expression: str, tags: frozenset[str] = HTML_TAGS) -> bool:
    """Whether Sphinx's `only` expression holds for a build with these tags (raises
    ValueError naming the word where the expression is malformed)."""
    return _Expression(expression, tags).value()


def _only(state: StateBlock, d: Directive) -> None:
    try:
        shown = only_holds(d.argument)
    except ValueError as problem:
        warn(state, d.start, f"`{{only}} {d.argument}` is no expression Sphinx reads "
             f"(at `{problem}`): its content is shown", "write tags joined by `and`, "
             "`or`, `not`, e.g. ```{only} html")
        shown = True
    if shown:
        tokenize_body(state, d)


def _centered(state: StateBlock, d: Directive) -> None:
    paragraph = state.push("paragraph_open", "p", 1)
    paragraph.map = [d.start, d.end + 1]
    paragraph.attrSet("class", "centered")
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = d.argument, [d.start, d.start + 1], []
    state.push("paragraph_close", "p", -1)


def _hlist(state: StateBlock, d: Directive) -> None:
    columns = d.options.get("columns", "2").strip()
    if not columns.isdigit() or not 1 <= int(columns) <= 12:
        warn(state, d.start, f"`{{hlist}}` `:columns: {columns}` is no number of columns: "
             "2 are shown", "write `:columns: 3` (a whole number)")
        columns = "2"
    opening = state.push("myst_hlist_open", "div", 1)
    opening.map = [d.start, d.end + 1]
    opening.attrSet("class", "hlist")
    opening.attrSet("style", f"--hlist-columns: {columns}")
    tokenize_body(state, d)
    state.push("myst_hlist_close", "div", -1)


_WORDS = {"class": "class", "exception": "exception", "classmethod": "classmethod",
          "staticmethod": "static", "property": "property", "struct": "struct",
          "union": "union", "enum": "enum"}
"""What Sphinx writes before an object's name, by its kind."""
_FLAGS = {"async": "async", "abstractmethod": "abstract", "abstract": "abstract",
          "final": "final", "classmethod": "classmethod", "staticmethod": "static"}
"""The options that add a word before the name (`:async:` …)."""


def object_anchor(directive: str, argument: str, module: str = "") -> tuple[str, str]:
    """The anchor of an object description (`{py:function} spam(eggs)` → `spam`, with
    `:module: eggs` → `eggs.spam`; `{py:module} eggs` → `module-eggs`) and its name,
    ("", "") when its signature names nothing."""
    domain, _, kind = directive.rpartition(":")
    signature = " ".join(argument.split())
    if kind == "module":
        return f"module-{signature}", signature
    found = re.match(r"[\w.]+", signature) if domain in ("", "py") else \
        re.search(r"([\w:~]+)\s*(?:\(|$)", signature)
    name = (found.group(1) if found and found.groups() else found.group(0)) if found else ""
    module = module.strip()
    return (f"{module}.{name}" if module and name else name), name


def _object(state: StateBlock, d: Directive) -> None:
    """`{function} spam(eggs)` (`{py:class}`, `{c:function}` …): the signature, its name
    an anchor (`{ref}` leads there), over the description."""
    domain, _, kind = d.name.rpartition(":")
    signature = " ".join(d.argument.split())
    anchor, name = object_anchor(d.name, d.argument, d.options.get("module", ""))
    if kind == "module":  # (Sphinx shows no module's signature: an anchor, its text)
        push_target(state, anchor, d.start, signature)
        state.tokens[-1].meta["object"] = True
        tokenize_body(state, d)
        return
    if name:
        push_target(state, anchor, d.start, name)
        state.tokens[-1].meta["object"] = True
    words = [w for o, w in _FLAGS.items() if o in d.options]
    if kind in _WORDS and _WORDS[kind] not in words:
        words.append(_WORDS[kind])
    if kind in ("decorator", "decoratormethod"):
        signature = "@" + signature
    after = "".join(mark + d.options[option].strip() for option, mark in
                    (("type", ": "), ("value", " = "), ("annotation", " "))
                    if d.options.get(option))
    code = " ".join([*words, signature]) + after
    opening = state.push("myst_object_open", "dl", 1)
    opening.map = [d.start, d.end + 1]
    opening.attrSet("class", f"api {domain or 'py'} {kind}")
    signature_token = state.push("html_block", "", 0)
    signature_token.map = [d.start, d.start + 1]
    signature_token.content = f'<dt class="api-signature"><code>{_escape(code)}</code></dt>\n'
    state.push("myst_object_body_open", "dd", 1)
    tokenize_body(state, d)
    state.push("myst_object_body_close", "dd", -1)
    state.push("myst_object_close", "dl", -1)


def api_links(state: StateCore) -> None:
    """A core rule after `inline`: `{py:func}`spam`` (`{class}`, `{meth}` …) a link to the
    page's own description of that object (`{function} spam(eggs)`), found by its full
    name or, when one object of the page has it, its last part."""
    objects = [t.info for t in state.tokens if t.type == "myst_target"
               and (t.meta or {}).get("object")]
    if not objects:
        return
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        children: list[Token] = []
        for child in block.children:
            target = (child.meta or {}).get("api_target") if child.type == \
                "code_inline" else None
            anchor = find_object(str(target), objects) if target else None
            if anchor is None:
                children.append(child)
                continue
            opening = Token("link_open", "a", 1)
            opening.attrSet("href", "#" + anchor)
            children += [opening, child, Token("link_close", "a", -1)]
        block.children = children


def find_object(target: str, objects: Collection[str]) -> str | None:
    """The anchor of `objects` a role's target names: itself, or the one object whose
    name ends as the target's does (`train` for `mypkg.train`, `Trainer.fit` …); a
    module's (`module-mypkg`) only by its whole name."""
    if target in objects or target.startswith("module-"):
        return target if target in objects else None
    last = target.rsplit(".", 1)[-1]
    found = [o for o in objects if o.rsplit(".", 1)[-1] == last
             and not o.startswith("module-")]
    return found[0] if len(found) == 1 else None


def _todo(state: StateBlock, d: Directive) -> None:
    """sphinx.ext.todo's `{todo}`: a callout titled "Todo" (Sphinx shows them only with
    `todo_include_todos`; written here, it is meant to be seen)."""
    title = "待办" if _lang(state.env) == "zh" else "Todo"
    state.tokens.extend(callout_tokens("note", "", title, [d.start, d.end + 1], state.level))
    state.level += 1
    if d.argument:
        paragraph = state.push("paragraph_open", "p", 1)
        paragraph.map = [d.start, d.start + 1]
        inline = state.push("inline", "", 0)
        inline.content, inline.map, inline.children = d.argument, [d.start, d.start + 1], []
        state.push("paragraph_close", "p", -1)
    tokenize_body(state, d)
    state.push("callout_close", "div", -1).meta = {"fold": ""}


def _nothing(state: StateBlock, d: Directive) -> None:
    """A directive Sphinx's HTML output shows nothing of."""


HANDLERS: dict[str, Handler] = {
    **dict.fromkeys(_KINDS, _version_change),
    "only": _only,
    "centered": _centered,
    "hlist": _hlist,
    **dict.fromkeys(("tabularcolumns", "sectionauthor", "codeauthor"), _nothing),
    **dict.fromkeys(OBJECTS, _object),
    "todo": _todo,
}
