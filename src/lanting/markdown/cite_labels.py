"""The labels of a page's citations and the list of what it cites, in a citation style.

`cited_entries` numbers the entries a page cites (numeric styles, in order of first
citation) or sorts them and tells apart one author's entries of one year (`2017a`,
`2017b`); `label` writes one citation's label, each entry linked to the list (or, with
no list, to the entry's own link) and previewed on hover; `reference_list` writes the
list. The entries' own text is `citestyles`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from lanting.markdown.citestyles import (
    connectors,
    entry_html,
    locator_html,
    short_authors,
    sort_key,
    year_label,
)
from lanting.model.cite import NUMERIC_STYLES, CiteItem, Reference


@dataclass(frozen=True, slots=True)
class Entries:
    """The entries a page cites, in list order, with their numbers or year suffixes."""

    refs: list[Reference]
    number: dict[str, int]
    suffix: dict[str, str]


def cited_entries(keys: list[str], references: dict[str, Reference], style: str) -> Entries:
    refs = [references[k] for k in keys]
    if style in NUMERIC_STYLES:
        return Entries(refs, {r.key: i for i, r in enumerate(refs, 1)}, {})
    refs.sort(key=lambda r: sort_key(r, style))
    groups: dict[tuple[str, str], list[str]] = {}
    for ref in refs:  # one first author and year: 2017a, 2017b in the list's order
        who = short_authors(ref, style, "en")
        groups.setdefault((who, year_label(ref)), []).append(ref.key)
    suffix = {key: "abcdefghijklmnopqrstuvwxyz"[i % 26] for keys_ in groups.values()
              if len(keys_) > 1 for i, key in enumerate(keys_)}
    return Entries(refs, {}, suffix)


def _target(ref: Reference, listed: bool) -> str:
    return f"#ref-{ref.key}" if listed else ref.link


def _preview(ref: Reference, style: str, entries: Entries) -> str:
    return (f'<span class="cite-preview" aria-hidden="true" lang="{ref.lang}">'
            f"{entry_html(ref, style, entries.suffix.get(ref.key, ''))}</span>")


def _link(ref: Reference, text: str, style: str, entries: Entries, listed: bool) -> str:
    target = _target(ref, listed)
    described = f' aria-describedby="ref-{escape(ref.key)}"' if listed else ""
    anchor = (f'<a class="cite-link" href="{escape(target)}" data-cite="{escape(ref.key)}"'
              f"{described}>{text}</a>") if target else text
    return f'<span class="cite-item">{anchor}{_preview(ref, style, entries)}</span>'


def _numbers(items: list[CiteItem], refs: dict[str, Reference], style: str,
             entries: Entries, listed: bool, comma: str) -> str:
    """`1, 3–5`: numbers in order, runs of three or more joined by a dash."""
    numbers = sorted({entries.number[i.key]: i for i in items}.items())
    by_number = {n: refs[i.key] for n, i in numbers}
    dash = "-" if style == "gbt7714-numeric" else "–"
    parts: list[list[int]] = []
    run: list[int] = []
    for n, _ in numbers:
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            parts.append(run)
        run = [n]
    if run:
        parts.append(run)
    out = []
    for run in parts:
        links = [_link(by_number[n], str(n), style, entries, listed) for n in run]
        out.append(links[0] + dash + links[-1] if len(run) >= 3 else comma.join(links))
    return comma.join(out)


def label(items: list[CiteItem], refs: dict[str, Reference], style: str, lang: str,
           entries: Entries, listed: bool) -> str:
    words = connectors(lang)
    if len(items) == 1 and items[0].mode == "text":  # `@a`: "Ho et al. (2020)"
        item, ref = items[0], refs[items[0].key]
        names = escape(short_authors(ref, style, lang))
        space = "" if words["open"] == "（" else " "
        year = label([CiteItem(item.key, item.prefix, item.locator, "year")], refs, style,
                      lang, entries, listed)
        return f'<span class="cite-text">{names}{space}{year}</span>' if style != \
            "gbt7714-numeric" else f'<span class="cite-text">{names}{year}</span>'
    if style == "gbt7714-numeric":  # superscript; a cited page follows the bracket
        comma = "，" if words["comma"] == "，" else ","
        parts: list[str] = []
        plain: list[CiteItem] = []
        for item in sorted(items, key=lambda i: entries.number[i.key]):
            if not item.locator:
                plain.append(item)
                continue
            if plain:  # numbers stay in order: `[2]16-18[3]`, never `[3][2]16-18`
                parts.append(f"[{_numbers(plain, refs, style, entries, listed, comma)}]")
                plain = []
            parts.append(f"[{_numbers([item], refs, style, entries, listed, comma)}]"
                         + escape(item.locator.removeprefix("pp.").removeprefix("p.").strip()))
        if plain:
            parts.append(f"[{_numbers(plain, refs, style, entries, listed, comma)}]")
        return f'<sup class="cite cite-sup">{"".join(parts)}</sup>'
    if style == "numeric":
        if any(i.locator or i.prefix for i in items):
            inner = words["sep"].join(
                (f"{escape(i.prefix)} " if i.prefix else "")
                + _link(refs[i.key], str(entries.number[i.key]), style, entries, listed)
                + (f", {locator_html(i.locator, lang)}" if i.locator else "") for i in items)
        else:
            inner = _numbers(items, refs, style, entries, listed, ", ")
        return f'<span class="cite">[{inner}]</span>'
    shown = []
    for item in items:
        ref = refs[item.key]
        text = escape(year_label(ref, entries.suffix.get(ref.key, "")))
        if item.mode != "year":  # (`[-@a]`: the text names the authors already)
            text = escape(short_authors(ref, style, lang)) + words["comma"] + text
        if item.locator:
            text += words["comma"] + locator_html(item.locator, lang)
        prefix = f"{escape(item.prefix)} " if item.prefix else ""
        shown.append(prefix + _link(ref, text, style, entries, listed))
    return f'<span class="cite">{words["open"]}{words["sep"].join(shown)}{words["close"]}</span>'


def reference_list(entries: Entries, style: str, lang: str, heading_id: str | None) -> str:
    """The list of what a page cites; with a heading (`heading_id`) when it is added at
    the end, without one where `{{< references >}}` stands (the writer titles it)."""
    numeric = style in NUMERIC_STYLES
    items = []
    for ref in entries.refs:
        label = (f'<span class="ref-label">[{entries.number[ref.key]}]</span> '
                 if numeric else "")
        items.append(f'<li id="ref-{escape(ref.key)}" lang="{ref.lang}">{label}'
                     f"{entry_html(ref, style, entries.suffix.get(ref.key, ''))}</li>")
    tag = "ol" if numeric else "ul"
    heading = (f'<h2 id="{heading_id}">{connectors(lang)["heading"]}</h2>\n'
               if heading_id else "")
    labelled = f' aria-labelledby="{heading_id}"' if heading_id else ""
    return (f'<section class="references references-{style}"{labelled}>\n{heading}'
            f'<{tag} class="reference-list">\n' + "\n".join(items) + f"\n</{tag}>\n</section>\n")
