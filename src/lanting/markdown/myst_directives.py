"""What each MyST directive becomes: the tokens of the Lanting block that does its job.

Every handler takes the block state and the directive as read (`myst.py`), pushes its
tokens and leaves `state.line` to the caller. Bodies that are Markdown are parsed in place
(their tokens carry their own lines); bodies that are code or TeX are taken as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from lanting.markdown.blocks import MYST_TAB, MYST_TABS
from lanting.markdown.callouts import callout_kind, callout_tokens, default_title
from lanting.markdown.code import language_name
from lanting.markdown.math_display import sphinx_display
from lanting.markdown.myst_glossary import glossary_tokens
from lanting.markdown.myst_refs import equation_label, push_target, warn_at


@dataclass(slots=True)
class Directive:
    """One directive as written: where it is, its name, argument, options and body."""

    name: str
    argument: str
    options: dict[str, str] = field(default_factory=dict)
    start: int = 0
    """0-based line of its opening fence."""
    body_start: int = 0
    """0-based line where its body starts (after the options)."""
    end: int = 0
    """0-based line of its closing fence (or where its container ended)."""
    problems: list[tuple[int, str, str]] = field(default_factory=list)
    """(0-based line, message, hint) found while reading its options."""


Handler = Callable[[StateBlock, Directive], None]


def warn(state: StateBlock, line: int, message: str, hint: str) -> None:
    """A warning at the 0-based body line `line` of the document."""
    warn_at(state.env, line, message, hint)


def _map(d: Directive) -> list[int]:
    return [d.start, d.end + 1]


def _tokenize(state: StateBlock, begin: int, end: int) -> None:
    """Parse lines [begin, end) as Markdown, in place (as container blocks do)."""
    parent, line_max = state.parentType, state.lineMax
    state.parentType, state.lineMax = "container", end
    state.md.block.tokenize(state, begin, end)
    state.parentType, state.lineMax = parent, line_max


def tokenize_body(state: StateBlock, d: Directive) -> None:
    """Parse the directive's body as Markdown, in place."""
    _tokenize(state, d.body_start, d.end)


def _raw(state: StateBlock, d: Directive) -> str:
    """The body as written (code, TeX, HTML), without the fence's indentation."""
    return state.getLines(d.body_start, d.end, state.sCount[d.start], False)


def _paragraph(state: StateBlock, text: str, line: int, css: str = "") -> None:
    opening = state.push("paragraph_open", "p", 1)
    opening.map = [line, line + 1]
    if css:
        opening.attrSet("class", css)
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = text, [line, line + 1], []
    state.push("paragraph_close", "p", -1)


def _wrapped(state: StateBlock, d: Directive, kind: str, tag: str,
             attrs: dict[str, str] | None = None, info: str = "") -> Token:
    """`kind_open`, the body parsed, `kind_close`; returns the opening token."""
    opening = state.push(f"{kind}_open", tag, 1)
    opening.map, opening.info, opening.markup = _map(d), info, ":::"
    for key, value in (attrs or {}).items():
        opening.attrSet(key, value)
    _tokenize(state, d.body_start, d.end)
    state.push(f"{kind}_close", tag, -1)
    return opening


def name_target(state: StateBlock, d: Directive) -> None:
    """`:name: x` on a block without a label of its own: an anchor before it."""
    if d.options.get("name"):
        push_target(state, d.options["name"], d.start)


# --- admonitions ---------------------------------------------------------------------------

ADMONITIONS = ("note", "tip", "hint", "important", "warning", "caution", "attention",
               "danger", "error", "seealso", "admonition")
QUARTO_CALLOUTS = tuple(f"callout-{kind}" for kind in ("note", "tip", "important", "warning",
                                                       "caution"))
"""`::: {callout-warning}`: Quarto's callout written without its class's dot, which reads
as a directive of MyST's colon fence (a real Quarto blog's, shown as Quarto showed it)."""


def _admonition(state: StateBlock, d: Directive) -> None:
    name_target(state, d)
    classes = re.split(r"[\s,]+", d.options.get("class", "").strip())
    name = d.name.removeprefix("callout-")
    if d.name == "admonition":
        name = next((c for c in classes if callout_kind(c)), "note")
        if not d.argument:
            warn(state, d.start, "`{admonition}` needs a title",
                 "write ```{admonition} Title, or use {note}, {tip}, {warning}")
    # (Sphinx's `seealso` takes its argument as its text's first paragraph; elsewhere
    # the argument titles, as mystmd has it)
    text = d.argument if d.name == "seealso" else ""
    title = (not text and d.argument) or default_title(name, state.env)
    fold = ("open" if "open" in d.options else "closed") if "dropdown" in classes else ""
    state.tokens.extend(callout_tokens(callout_kind(name) or "note", fold, title, _map(d),
                                       state.level))
    state.level += 1
    if text:
        _paragraph(state, text, d.start)
    _tokenize(state, d.body_start, d.end)
    closing = state.push("callout_close", "div", -1)
    closing.meta = {"fold": fold}


def _dropdown(state: StateBlock, d: Directive) -> None:
    name_target(state, d)
    title = d.argument + (" {open}" if "open" in d.options else "")
    _wrapped(state, d, "container_details", "div", info=f"details {title}")


# --- math, code ---------------------------------------------------------------------

def _math(state: StateBlock, d: Directive) -> None:
    if not _raw(state, d).strip():
        warn(state, d.start, "`{math}` holds no formula: left out",
             "write the formula between the fences")
        return
    token = state.push("math_block", "math", 0)
    tex = _raw(state, d) if "nowrap" in d.options else sphinx_display(_raw(state, d))
    # (a label numbers it whatever its TeX, as Sphinx did: `math_tags.add_label`)
    label = equation_label(d.options.get("label", d.options.get("name", "")))
    token.block, token.content, token.markup = True, tex, "$$"
    token.info = label
    token.map, token.meta = _map(d), {"line": d.body_start}
    state.env["has_math"] = True


_NOTEBOOK_LEXERS = {"ipython3": "python", "ipython": "python", "python3": "python"}


def _code(state: StateBlock, d: Directive) -> None:
    name_target(state, d)
    options = d.options
    lang = (d.argument.split() or [""])[0].lower()
    lang = _NOTEBOOK_LEXERS.get(lang, lang)
    if d.name == "code-cell":
        lang = lang or "python"
        tags = options.get("tags", "")
        if "remove-cell" in tags or "remove-input" in tags:
            return  # (MyST-NB shows no code for these: neither does Lanting)
        warn(state, d.start, "`{code-cell}` is a cell MyST-NB runs: Lanting shows its code, "
             "not its output", "paste the output after the cell (a ```text block or an image)")
    words = []
    if options.get("emphasize-lines"):
        words.append(f'hl_lines="{options["emphasize-lines"]}"')
    if {"linenos", "lineno-start", "number-lines"} & options.keys():
        words.append("linenos=true")
    start = options.get("lineno-start", options.get("number-lines", "")).strip()
    if start.isdigit():
        words.append(f"start={start}")
    title = options.get("caption", options.get("filename", "")).replace("'", "’")
    if title:
        words.append(f"title='{title}'")
    token = state.push("fence", "code", 0)
    token.info = f"{lang} {{{' '.join(words)}}}" if words else lang
    token.content, token.markup, token.map = _raw(state, d) + "\n", "```", _map(d)


# --- tabs, asides, quotes, raw HTML ----------------------------------------------------------

def _tab_set(state: StateBlock, d: Directive) -> None:
    kind = "container_code-group" if d.name == "tab-set-code" else "container_tabs"
    _wrapped(state, d, kind, "div", info="tabs").markup = MYST_TABS


def _tab_item(state: StateBlock, d: Directive) -> None:
    marker = state.push("tab_marker", "", 0)
    marker.info, marker.map, marker.markup = d.argument, [d.start, d.start + 1], MYST_TAB
    _tokenize(state, d.body_start, d.end)


def _code_tab(state: StateBlock, d: Directive) -> None:
    """sphinx-tabs' `{code-tab} python [Label]`: a tab, titled by its label or its
    language's name ("Python"), holding the body as code of that language."""
    lang, _, label = d.argument.strip().partition(" ")
    marker = state.push("tab_marker", "", 0)
    marker.info = label.strip() or language_name(lang)
    marker.map, marker.markup = [d.start, d.start + 1], MYST_TAB
    token = state.push("fence", "code", 0)
    token.info, token.content, token.markup, token.map = lang.lower(), \
        _raw(state, d) + "\n", "```", _map(d)


def _aside(state: StateBlock, d: Directive) -> None:
    name_target(state, d)
    opening = state.push("myst_aside_open", "aside", 1)
    opening.map = _map(d)
    opening.attrSet("class", "margin-note")
    if d.argument:
        _paragraph(state, d.argument, d.start, "margin-note-title")
    _tokenize(state, d.body_start, d.end)
    state.push("myst_aside_close", "aside", -1)


def _quote(state: StateBlock, d: Directive) -> None:
    name_target(state, d)
    first = len(state.tokens)
    opening = _wrapped(state, d, "blockquote", "blockquote", {"class": d.name})
    inner = state.tokens[first + 1:-1]
    last = [i for i, t in enumerate(inner) if t.type == "paragraph_open"
            and t.level == opening.level + 1]
    if last and inner[last[-1] + 1].content.startswith(("--", "—")):
        inner[last[-1]].attrSet("class", "attribution")  # MyST: `-- Author` last


def _raw_block(state: StateBlock, d: Directive) -> None:
    kind = d.argument.lower()
    if not kind:
        warn(state, d.start, "`{raw}` needs its format: left out",
             "write ```{raw} html for HTML (the only format a web page shows)")
        return
    if kind != "html":
        warn(state, d.start, f"`{{raw}} {kind}` is for another output format: Lanting "
             "leaves it out", "only `{raw} html` is shown on a web page")
        return
    if not state.md.options.get("html"):
        warn(state, d.start, "`{raw} html`: raw HTML is turned off for this site, so it is "
             "left out", "set `[markdown] raw_html = true` in lanting.toml to show it")
        return
    token = state.push("html_block", "", 0)
    token.content, token.map = _raw(state, d) + "\n", _map(d)


def _bibliography(state: StateBlock, d: Directive) -> None:
    """The page's reference list, here (as `{{< references >}}`); what sphinxcontrib-bibtex
    can list besides (`:all:`, `:filter:`, a style) is a warning."""
    unread = [f":{o}:" for o in d.options] + ([d.argument] if d.argument else [])
    if unread:
        warn(state, d.start, f"`{{{d.name}}}` {', '.join(unread)} not read: the list "
             "shows the entries this page cites, in the site's citation style",
             "cite an entry to list it; the style is `[citations] style` in lanting.toml")
    token = state.push("myst_bibliography", "", 0)
    token.map = _map(d)


def _left_out(what: str, hint: str) -> Handler:
    def handler(state: StateBlock, d: Directive) -> None:
        warn(state, d.start, f"`{{{d.name}}}` {what}", hint)
    return handler


def _index(state: StateBlock, d: Directive) -> None:
    """Sphinx's `{index} single: solver; HiGHS`: entries of the book's index page, shown
    nowhere in the text. Lanting makes no index page: left out, with one warning a page
    (an optimisation book has some 270, each a warning of an unknown directive whose
    entries were shown as text)."""
    if state.env.get("index_told"):
        return
    state.env["index_told"] = True
    warn(state, d.start, "`{index}` entries are left out: Lanting makes no index page "
         "(this page's first)", "remove them, or link the terms from a page of your own")


def _eval_rst(state: StateBlock, d: Directive) -> None:
    """`{eval-rst}`: reStructuredText, which Lanting does not read: shown as its source,
    a code block, with a warning (not as Markdown, which would mangle it)."""
    warn(state, d.start, "`{eval-rst}` holds reStructuredText, which Lanting does not "
         "read: shown as its source, in a code block", "write it as MyST Markdown (the "
         "`rst-to-myst` tool does most of it)")
    token = state.push("fence", "code", 0)
    token.info, token.content, token.markup, token.map = "rst", _raw(state, d) + "\n", \
        "```", _map(d)


def _glossary(state: StateBlock, d: Directive) -> None:
    for line in glossary_tokens(state, d.body_start, d.end, d.start, _tokenize):
        warn(state, line, "a glossary definition with no term above it: shown as its "
             "text", "write the term on the line above, not indented, and its definition "
             "indented under it")


def _div(state: StateBlock, d: Directive) -> None:
    """MyST's `{div} class-a class-b`: a `<div>` of those classes (the theme's styles are
    not Lanting's: its content shows as any text)."""
    name_target(state, d)
    classes = " ".join((d.argument + " " + d.options.get("class", "")).split())
    _wrapped(state, d, "myst_div", "div", {"class": classes} if classes else {})


def _demo(state: StateBlock, d: Directive) -> None:
    """mystmd's `{myst}`, a lesson's demonstration: its MyST as code, then what it makes
    (mystmd showed both, side by side)."""
    token = state.push("fence", "code", 0)
    token.info, token.content, token.markup, token.map = "markdown", \
        _raw(state, d) + "\n", "```", _map(d)
    _tokenize(state, d.body_start, d.end)


def _unknown(state: StateBlock, d: Directive) -> None:
    warn(state, d.start, f"unknown MyST directive `{{{d.name}}}`: Lanting shows its "
         "content as plain Markdown", "write it as Markdown, or use a directive of "
         "Lanting's Writing page ({note}, {figure}, {math}, {code-block}, {tab-set} …)")
    opening = state.push("myst_unknown_open", "div", 1)
    opening.map, opening.markup = _map(d), ":::"
    opening.attrSet("class", f"directive directive-{d.name}")
    if d.argument:  # (its words are text too: `{versionadded} 1.2 The x mode.` lost them)
        _paragraph(state, d.argument, d.start, "directive-argument")
    _tokenize(state, d.body_start, d.end)
    state.push("myst_unknown_close", "div", -1)


HANDLERS: dict[str, Handler] = {
    **dict.fromkeys((*ADMONITIONS, *QUARTO_CALLOUTS), _admonition),
    "dropdown": _dropdown,
    "math": _math,
    "glossary": _glossary,
    "eval-rst": _eval_rst,
    "div": _div,
    "myst": _demo,
    **dict.fromkeys(("code-block", "code", "sourcecode", "code-cell"), _code),
    # (sphinx-tabs' `tabs`, `tab`, `group-tab` and `code-tab` too)
    **dict.fromkeys(("tab-set", "tab-set-code", "tabs"), _tab_set),
    **dict.fromkeys(("tab-item", "tab", "group-tab"), _tab_item),
    "code-tab": _code_tab,
    **dict.fromkeys(("margin", "sidebar"), _aside),
    **dict.fromkeys(("epigraph", "pull-quote", "highlights", "blockquote"), _quote),
    "raw": _raw_block,
    # (sphinxcontrib-bibtex's footnote citations: `{footcite}` as `{cite}`, listed here)
    **dict.fromkeys(("bibliography", "footbibliography"), _bibliography),
    "index": _index,
    "toctree": _left_out(
        "lists a Jupyter Book's chapters: Lanting lists a section's pages on the section's "
        "own page, so it is left out", "link a chapter with {doc}`path` where the text "
        "should point at it"),
    "tableofcontents": _left_out(
        "is left out: a post shows the table of its headings beside the text",
        "remove it"),
    "contents": _left_out(
        "is left out: a post shows the table of its headings beside the text", "remove it"),
    **dict.fromkeys(("glue", "glue:", "glue:any", "glue:figure", "glue:math", "glue:md"),
                    _left_out(
        "pastes an output saved by a notebook run, and Lanting runs no notebook: left out",
        "paste the output (text, a table or an image) in its place")),
    "": _unknown,
}
