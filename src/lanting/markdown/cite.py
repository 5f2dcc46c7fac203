"""Plugin: citations and the reference list.

Pandoc's `[@vaswani2017]`, `[@a; @b, p. 3]`, `[see @a, pp. 3-5]`, `[-@a]` (the year
alone), `@a` in the text (the authors, then the year: "Ho et al. (2020)"; read only for a
key of the site's bibliographies, so an `@handle` stays text) and the shortcode
`{{< cite a b >}}` cite entries of the site's bibliographies (`RenderContext.references`:
`publications.bib`, `references.bib` and the page's own `bibliography:` files). The page
ends with the list of what it cites, or has it where `{{< references >}}` stands.

Labels depend on every citation of the page (numbers follow the order of first citation;
`2017a`/`2017b` tell apart two entries with one author and year), so the render rule
leaves a placeholder per citation and `finish_citations` fills them in once the whole
document is rendered. Each label links to its entry in the list, and shows the entry on
hover or focus without JavaScript (`.cite-preview`). An unknown key is an error with its
line and a did-you-mean hint; `[@…]` is only read as a citation when the site has a
bibliography, so `[@someone]` in a site without one stays text.

Each entry cited is recorded as a dependency `("ref", key, digest)` of the page, and each
`@word` or `[@key]` that names no entry as `("ref", key, "")`: a cached page is rendered
again exactly when an entry it cites changes, or one it names appears.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from lanting.errors import did_you_mean
from lanting.markdown.anchors import ids_in_use
from lanting.markdown.cite_labels import cited_entries, label, reference_list
from lanting.markdown.citestyles import connectors, short_authors, year_label
from lanting.markdown.shortcodes import report, shortcode
from lanting.model.cite import NUMERIC_STYLES, CiteItem, Reference
from lanting.model.markdown import RenderContext
from lanting.model.names import unique

_KEY = r"[\w][\w:.\-/]*"
_ITEM = re.compile(rf"^\s*(?:(?P<prefix>[^@;\[\]]*?)\s)?(?P<suppress>-)?@(?P<key>{_KEY})"
                   rf"(?:\s*,\s*(?P<locator>[^;\[\]]+?))?\s*$")
_CROSS_REFERENCE = re.compile(r"(?:sec|fig|eq|tbl|alg)[:-]")
_CLUSTER = re.compile(r"\[([^\[\]]*@[^\[\]]*)\](?![(\[:])")
_PLACE = "\ue000"
"""Starts a placeholder: `\\ue000<n>\\ue001` is citation n, `\\ue000L\\ue001` the list."""
_LIST = f"{_PLACE}L\ue001"
_PLACEHOLDER = re.compile("( ?)\ue000(\\d+|L)\ue001( ?)(\\n?)")
_TAGS = re.compile(r"<[^>]*>")
_FULL_WIDTH_OPEN = ("（", "【", "「", "〔")
_FULL_WIDTH_CLOSE = ("）", "】", "」", "〕")
"""A label that opens (closes) with one of these carries its own space: the author's
space before (after) it, `见 [@lin2026] 一文`, is dropped, as a typesetter would:
`见（Lin 等，2026）一文`."""


@dataclass(slots=True)
class _Citations:
    """What a document cites, collected while it renders."""

    clusters: list[list[CiteItem]] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    """Keys in order of first citation (continuing the slides before, in a talk)."""


def _state(env: dict[str, Any]) -> _Citations:
    found = env.get("cite_state")
    if found is None:
        ctx = env.get("lanting")
        found = env["cite_state"] = _Citations(order=list(ctx.cited_before if ctx else ()))
    return found


def _line(env: dict[str, Any], token: Token | None) -> int:
    ctx = env.get("lanting")
    return (ctx.body_line if ctx else 1) + (token.map[0] if token and token.map else 0)


def parse_cluster(text: str) -> list[CiteItem] | None:
    """The items of `@a; see @b, p. 3` (the text inside the brackets), or None when a
    part is not a citation."""
    items = []
    for part in text.split(";"):
        match = _ITEM.match(part)
        if not match:
            return None
        items.append(CiteItem(match.group("key"), (match.group("prefix") or "").strip(),
                              (match.group("locator") or "").strip(),
                              "year" if match.group("suppress") else ""))
    return items


def cite(items: list[CiteItem], env: dict[str, Any], line: int) -> str:
    """A placeholder for the citation of `items`; unknown keys are reported (and shown
    as written)."""
    ctx = env.get("lanting")
    references: dict[str, Reference] = ctx.references if ctx else {}
    state = _state(env)
    known = []
    for item in items:
        if item.key in references:
            known.append(item)
            if item.key not in state.order:
                state.order.append(item.key)
            continue
        _unknown(env, item.key, line)
    if len(known) < len(items):
        return "".join(f'<span class="cite-missing">{escape(i.key)}</span>' for i in items
                       if i not in known)
    state.clusters.append(known)
    return f"{_PLACE}{len(state.clusters) - 1}\ue001"


def _shortcode_keys(args: dict[str, str]) -> list[str]:
    values = [v for k, v in sorted(args.items(), key=lambda kv: (len(kv[0]), kv[0]))
              if k.isdigit()]
    return [k for value in values for k in re.split(r"[,;\s]+", value) if k]


def _unknown(env: dict[str, Any], key: str, line: int) -> None:
    ctx = env.get("lanting")
    references: dict[str, Reference] = ctx.references if ctx else {}
    _absent(env, key)
    hint = did_you_mean(key, references) or (
        "add the entry to content/references.bib (or to the page's `bibliography:` file)"
        if references else "this site has no content/references.bib")
    report(env, line, f"unknown citation key `{key}`", hint)


@shortcode("cite")
def cite_shortcode(args: dict[str, str], env: dict[str, Any], line: int) -> str:
    keys = _shortcode_keys(args)
    if not keys:
        report(env, line, "`cite` needs a key", "write {{< cite hichunk2026 >}}")
        return ""
    return cite([CiteItem(k) for k in keys], env, line)


@shortcode("nocite")
def nocite_shortcode(args: dict[str, str], env: dict[str, Any], line: int) -> str:
    """`{{< nocite a b >}}`: the entries join the page's reference list without a
    citation in the text (jekyll-scholar's `{% nocite %}`, Pandoc's `nocite`), as a
    project page lists the papers it grew out of."""
    keys = _shortcode_keys(args)
    if not keys:
        report(env, line, "`nocite` needs a key", "write {{< nocite hichunk2026 >}}")
        return ""
    ctx = env.get("lanting")
    references: dict[str, Reference] = ctx.references if ctx else {}
    state = _state(env)
    for key in keys:
        if key not in references:
            _unknown(env, key, line)
        elif key not in state.order:
            state.order.append(key)
    return ""


@shortcode("references")
def references_shortcode(args: dict[str, str], env: dict[str, Any], line: int) -> str:
    env["cite_list_here"] = True
    return _LIST


def _absent(env: MutableMapping[str, Any], key: str) -> None:
    """Record that `key` names no entry: the page reads differently once it does (an
    `@word` becomes a citation), so its cached render is stale then."""
    env.setdefault("deps", []).append(("ref", key, ""))


def _pandoc_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("[", state.pos):
        return False
    ctx = state.env.get("lanting")
    if ctx is None:
        return False
    match = _CLUSTER.match(state.src, state.pos)
    if not match:
        return False
    items = parse_cluster(match.group(1))
    if items is None or all(_CROSS_REFERENCE.match(item.key) for item in items):
        return False  # (`[@sec-intro]`, `[-@fig-x]`: Quarto's references, not citations)
    if not ctx.references:
        for item in items:  # text while the site has no bibliography
            _absent(state.env, item.key)
        return False
    if not silent:
        token = state.push("citation", "", 0)
        token.meta["items"] = items
    state.pos = match.end()
    return True


_IN_TEXT = re.compile(rf"@({_KEY})")


def _in_text_rule(state: StateInline, silent: bool) -> bool:
    """`@key` in the text, pandoc's citation in the running text, for a known key."""
    if not state.src.startswith("@", state.pos) or state.linkLevel > 0:
        return False  # (in a link's text, `@key` is the writer's words)
    ctx = state.env.get("lanting")
    if ctx is None:
        return False
    if state.pos > 0 and (state.src[state.pos - 1].isalnum()
                          or state.src[state.pos - 1] in "._-+"):
        return False  # an e-mail address
    match = _IN_TEXT.match(state.src, state.pos)
    key = match.group(1).rstrip(".:-/") if match else ""
    if key not in ctx.references:
        if key:
            _absent(state.env, key)
        return False
    if not silent:
        token = state.push("citation", "", 0)
        token.meta["items"] = [CiteItem(key, mode="text")]
        token.content = in_text_words(ctx, key)
    state.pos += 1 + len(key)
    return True


def in_text_words(ctx: RenderContext, key: str) -> str:
    """The words of a citation in the running text, for summaries and the feed (which
    leave the other citations out): "Ho et al. (2020)"; a number is known only once the
    page is."""
    ref, words = ctx.references[key], connectors(ctx.lang)
    text = short_authors(ref, ctx.citation_style, ctx.lang)
    if ctx.citation_style not in NUMERIC_STYLES:
        space = "" if words["open"] == "（" else " "
        text += f"{space}{words['open']}{year_label(ref)}{words['close']}"
    return text


def _render(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    return cite(token.meta["items"], env, _line(env, token))


def cite_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("link", "citation", _pandoc_rule)
    md.inline.ruler.before("link", "citation_in_text", _in_text_rule)
    md.add_render_rule("citation", _render)


# --- after rendering: labels and the list ------------------------------------------------

def finish_citations(html: str, env: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """`html` with every citation's label and the reference list filled in; and the keys
    cited, in order of first citation."""
    state: _Citations | None = env.get("cite_state")
    ctx = env.get("lanting")
    if state is None or ctx is None:
        return _earlier_references(html, ctx, []).replace(_LIST, ""), ()
    refs: dict[str, Reference] = ctx.references
    style, lang = ctx.citation_style, ctx.lang
    mine = [k for k in state.order if k not in ctx.cited_before]
    listed = ctx.reference_list and bool(state.order)
    entries = cited_entries(state.order, refs, style)
    deps = env.setdefault("deps", [])
    deps.extend(("ref", key, refs[key].digest) for key in mine)

    def fill(match: re.Match[str]) -> str:
        before, number, after, newline = match.groups()
        if number == "L":
            return match.group(0)
        shown = label(state.clusters[int(number)], refs, style, lang, entries, listed)
        text = _TAGS.sub("", shown)
        if text.startswith(_FULL_WIDTH_OPEN):
            before = ""
        if text.endswith(_FULL_WIDTH_CLOSE):
            after = ""
        return before + shown + after + newline

    had_marker = _LIST in html
    html = _PLACEHOLDER.sub(fill, html)
    if had_marker:
        html = _earlier_references(html, ctx, mine)
    if listed and mine:
        heading = None if had_marker else unique("references", ids_in_use(env))
        block = reference_list(cited_entries(mine, refs, style) if ctx.cited_before
                               else entries, style, lang, heading)
        html = html.replace(_LIST, block, 1) if had_marker else html + block
    return html.replace(_LIST, ""), tuple(mine)


_ENTRY_ID = re.compile(r' id="ref-[^"]*"')


def _earlier_references(html: str, ctx: RenderContext | None, mine: list[str]) -> str:
    """A part of a page (a talk's slide) that asks for the list of references where
    `{{< references >}}` stands: what the page cited up to it (its last slide's list,
    as a deck shows it), not only what the part cites itself."""
    if ctx is None or ctx.reference_list or _LIST not in html:
        return html
    cited = [*ctx.cited_before, *(k for k in mine if k not in ctx.cited_before)]
    if not cited:
        return html
    style = ctx.citation_style
    block = reference_list(cited_entries(cited, ctx.references, style), style, ctx.lang, None)
    # (without the entries' ids: the page's own list, at its end, holds them)
    return html.replace(_LIST, _ENTRY_ID.sub("", block), 1)


def talk_references(keys: list[str], ctx: RenderContext) -> str:
    """The list of what a talk's slides cite (`keys`, in order), for its article."""
    if not keys:
        return ""
    refs: dict[str, Reference] = ctx.references
    return reference_list(cited_entries(list(keys), refs, ctx.citation_style),
                          ctx.citation_style, ctx.lang, "references")
