"""Plugin: MyST Markdown's roles, read onto Lanting's inline markup.

- `{cite}`key``, `{cite:p}`a,b`` are `[@key]`, `[@a; @b]`; `{cite:t}`key`` is `@key`
  (the same citations, absent keys and dependencies as `cite.py`'s);
- `{ref}`label``, `{ref}`text <label>``, `{numref}`, `{prf:ref}` are references that
  `myst_refs.py` resolves on the page; `{eq}` is `@eq:`;
- `{doc}`path`` is a relative link to that document (`path.md`), checked like any link;
- `{math}`x`` is `$x$`; `{abbr}`, `{sub}`, `{sup}`, `{kbd}` their HTML; `{term}` a link
  to the page's glossary (`myst_glossary.py`);
- any other role is a warning at its line, its text shown as code.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.markdown.cite import in_text_words
from lanting.markdown.myst_glossary import render_term
from lanting.markdown.myst_refs import role_line
from lanting.markdown.shortcodes import report
from lanting.model.cite import CiteItem

_ROLE = re.compile(r"\{([A-Za-z][\w:+-]*)\}(`+)")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>\s*$", re.DOTALL)
"""`text <target>`: a role's own link text."""
_ABBR = re.compile(r"^(.*?)\s*\(([^()]*)\)\s*$", re.DOTALL)
IN_TEXT_CITES = frozenset({"cite:t", "cite:ts", "cite:ct", "cite:cts", "cite:author"})
PAREN_CITES = frozenset({"cite", "cite:p", "cite:ps", "cite:cp", "cite:alp", "cite:year",
                         "cite:yearpar", "cite:empty"})
_TAGS = {"sub": ("<sub>", "</sub>"), "sup": ("<sup>", "</sup>"), "kbd": ("<kbd>", "</kbd>"),
         "dfn": ("<dfn>", "</dfn>"), "guilabel": ("<strong>", "</strong>"),
         "menuselection": ("<strong>", "</strong>")}
_LITERAL_ROLES = frozenset({"file", "samp", "command", "program", "envvar", "option",
                            "makevar", "mimetype", "regexp", "mailheader", "newsgroup",
                            "code", "literal"})
"""Sphinx's roles of text shown as code (`{file}`/etc/hosts``, `{command}`ls``)."""
_OTHER_ROLES = frozenset({"ref", "numref", "prf:ref", "eq", "doc", "download", "math",
                          "abbr", "term"})


def reads_role(name: str) -> bool:
    """Whether Lanting reads the MyST role `{name}` (else its text is shown as code,
    with a warning)."""
    name = name.lower()
    name = name[4:] if name.startswith("footcite") else name
    return name in IN_TEXT_CITES or name in PAREN_CITES or name in _TAGS or \
        name in _LITERAL_ROLES or name in _OTHER_ROLES or _api_name(name, "x") is not None


def _closing_ticks(src: str, start: int, ticks: str) -> int:
    """Where the run of exactly `ticks` closing a role's content starts (-1: none)."""
    at = src.find(ticks, start)
    while at >= 0 and src.startswith("`", at + len(ticks)):
        at = src.find(ticks, at + len(ticks) + 1)
    return at


def _role_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    match = _ROLE.match(state.src, state.pos)
    if match is None:
        return False
    close = _closing_ticks(state.src, match.end(), match.group(2))
    if close < 0:
        return False
    if not silent:
        content = state.src[match.end():close].replace("\n", " ").strip()
        _push_role(state, match.group(1).lower(), content,
                   state.src.count("\n", 0, state.pos))
    state.pos = close + len(match.group(2))
    return True


def _explicit(content: str) -> tuple[str, str]:
    """(text written, target) of `text <target>` or `target`."""
    match = _EXPLICIT.match(content)
    return (match.group(1).strip(), match.group(2).strip()) if match else ("", content)


def _push_role(state: StateInline, name: str, content: str, offset: int) -> None:
    if name.startswith("footcite"):  # (sphinxcontrib-bibtex's `{footcite:p}`, `:t` …:
        name = name[4:]  # a citation whose list is the page's `{footbibliography}`)
    if name in IN_TEXT_CITES or name in PAREN_CITES:
        _push_cites(state, name, content)
    elif name in ("ref", "numref", "prf:ref"):
        text, label = _explicit(content)
        token = state.push("myst_ref", "a", 0)
        token.info, token.meta = label, {"text": text, "kind": name, "offset": offset}
        state.env["myst_refs"] = True
    elif name == "eq":
        token = state.push("eqref", "a", 0)
        # (as written: `$$ … $$ (eq:a/b)` keeps its label so; math_page tries
        # `equation_label`'s form, a `{math}`'s, after it)
        token.info, token.markup = content.strip(), f"{{eq}}`{content}`"
        state.env["has_eqref"] = True
    elif name in ("doc", "download"):
        _push_link(state, name, content)
    elif name == "math":
        token = state.push("math_inline", "math", 0)
        token.content, token.markup, token.meta = content, "$", {"pos": state.pos}
        state.env["has_math"] = True
    elif name == "abbr":
        match = _ABBR.match(content)
        text, title = (match.group(1), match.group(2)) if match else (content, "")
        _wrap(state, f'<abbr title="{escapeHtml(title)}">' if title else "<abbr>", text,
              "</abbr>")
    elif name in _TAGS:
        _wrap(state, _TAGS[name][0], content.replace("-->", "\u2023")
              if name == "menuselection" else content, _TAGS[name][1])
    elif name in _LITERAL_ROLES:
        token = state.push("code_inline", "code", 0)
        token.content, token.markup = content, "`"
    elif name == "term":  # (`myst_glossary.render_term` links it to the page's glossary)
        text, target = _explicit(content)
        token = state.push("myst_term", "", 0)
        token.content, token.info = text or target, " ".join(target.split())
    elif (shown := _api_name(name, content)) is not None:
        token = state.push("code_inline", "code", 0)
        token.content, token.markup = shown, "`"
        # (linked to the object it names when the page describes it: myst_sphinx)
        if (anchor := api_target(name, content)) is not None:
            token.meta = {"api_target": anchor}
    else:
        token = state.push("myst_role_unknown", "code", 0)
        token.info, token.content, token.meta = name, content, {"offset": offset}


_API_ROLES = frozenset({"func", "meth", "class", "mod", "attr", "obj", "data", "exc",
                        "const", "type"})
"""Sphinx's Python-domain roles (`{py:func}`, or `{func}` with the default domain)."""


def api_target(name: str, content: str) -> str | None:
    """The anchor of what an API role names (`~mypkg.train`, `Run <mypkg.train>`:
    `mypkg.train`; `{mod}`mypkg`` a module's description, `module-mypkg`), None for one
    written not to link (`!train`)."""
    target = _explicit(content)[1]
    if target.startswith("!"):
        return None
    target = target.lstrip("~.")
    return f"module-{target}" if name.endswith("mod") else target


def _api_name(name: str, content: str) -> str | None:
    """`{py:func}`sklearn.metrics.f1_score``, a link into API docs (through intersphinx),
    as the code Sphinx shows in it: `sklearn.metrics.f1_score()` (`~` the last part,
    `!` no link, `text <target>` the text); None for another role."""
    if (name[3:] if name.startswith("py:") else name) not in _API_ROLES:
        return None
    text, target = _explicit(content)
    if text:
        return text
    shown = target.lstrip("!").lstrip(".")  # (`.x`: a name searched for, shown as `x`)
    if shown.startswith("~"):
        shown = shown[1:].rsplit(".", 1)[-1]
    if name.endswith(("func", "meth")) and not shown.endswith(")"):
        shown += "()"
    return shown


def _wrap(state: StateInline, opening: str, text: str, closing: str) -> None:
    state.push("html_inline", "", 0).content = opening
    state.push("text", "", 0).content = text
    state.push("html_inline", "", 0).content = closing


def _push_cites(state: StateInline, name: str, content: str) -> None:
    keys = [k.strip().lstrip("@") for k in re.split(r"[,;]", content) if k.strip()]
    ctx = state.env.get("lanting")
    if name in PAREN_CITES:
        state.push("citation", "", 0).meta["items"] = [CiteItem(k) for k in keys]
        return
    for i, key in enumerate(keys):  # `{cite:t}`a,b``: "Ho et al. (2020), Lin (2026)"
        if i:
            state.push("text", "", 0).content = ", "
        token = state.push("citation", "", 0)
        token.meta["items"] = [CiteItem(key, mode="text")]
        if ctx is not None and key in ctx.references:
            token.content = in_text_words(ctx, key)


def _push_link(state: StateInline, name: str, content: str) -> None:
    """`{doc}`path``: a link to `path.md` (relative to this document, or to `content/`
    when it starts with `/`), rewritten and checked as any relative link."""
    text, target = _explicit(content)
    ctx = state.env.get("lanting")
    path = target
    if path.startswith("/") and ctx is not None:
        here = posixpath.dirname(ctx.rel) or "."
        path = posixpath.relpath(path.lstrip("/") or ".", here)
    if name == "doc" and not posixpath.splitext(path.partition("#")[0])[1]:
        path, _, fragment = path.partition("#")
        path += ".md" + ("#" + fragment if fragment else "")
    opening = state.push("link_open", "a", 1)
    opening.attrSet("href", path)
    state.push("text", "", 0).content = text or posixpath.basename(target) or target
    state.push("link_close", "a", -1)


def _render_unknown_role(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                         env: Any) -> str:
    token = tokens[idx]
    if token.info.startswith("glue"):
        message = (f"`{{{token.info}}}` pastes an output saved by a notebook run, and "
                   "Lanting runs no notebook: its name is shown as code")
        hint = "write the value in its place"
    else:
        message = f"unknown MyST role `{{{token.info}}}`: its text is shown as code"
        hint = ("use a role Lanting reads ({cite}, {ref}, {numref}, {eq}, {doc}, {math}, "
                "{abbr}, {sub}, {sup}, {kbd}, {file}, {guilabel}, {term}) or plain Markdown")
    report(env, role_line(env, token), message, hint, severity="warning")
    return f"<code>{escapeHtml(token.content)}</code>"


def myst_roles_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("backticks", "myst_role", _role_rule)
    md.add_render_rule("myst_role_unknown", _render_unknown_role)
    md.add_render_rule("myst_term", render_term)
