"""The text of a Jupyter Book page (a MyST Markdown file, or a notebook's Markdown cell)
for Lanting, which reads MyST itself (directives, roles, targets, `{cite}`,
`{bibliography}`, MyST-NB's cell breaks). What changes is what points across the book,
whose pages all become `content/pages/<slug>` (links, roles and references, in
`jupyterbook_links`), `{tableofcontents}` (the list of the section's pages), `{{ name }}`
substitutions, and the blocks of Sphinx extensions Lanting does not have (in
`jupyterbook_extensions`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.bibtex import BibEntry, format_reference
from lanting.importer.body_displays import joined_displays
from lanting.importer.body_links import map_urls
from lanting.importer.figure_labels import repeated_myst_labels
from lanting.importer.item import Item
from lanting.importer.jupyterbook_extensions import (
    BADGE,
    BUTTON,
    IFRAME,
    JupyterBookExtensions,
    badge,
)
from lanting.importer.jupyterbook_includes import included_code
from lanting.importer.jupyterbook_links import JupyterBookLinks
from lanting.importer.jupyterbook_refs import (
    Target,
    labelled_equations,
    protect_myst_code,
    unique_names,
    unwrap_layout,
    unwrap_panels,
)
from lanting.importer.jupyterbook_toc import Entry, Toc
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_spans_beside_fences
from lanting.importer.site import NewSite
from lanting.importer.sphinx_objects import API_ROLE, linked_role

_NUMBERED_LINK = re.compile(r"\[([^\[\]\n]*%s[^\[\]\n]*)\]\(#([^)\s]+)\)")
"""mystmd's reference whose text shows the number, `[Figure %s](#fig:x)`."""
_ROLE = re.compile(r"\{(ref|numref|eq|doc|download|prf:ref|term)\}`([^`\n]+)`")
_CONTENTS = re.compile(r"^[ \t]*(`{3,}|:{3,})\{tableofcontents\}[^\n]*\n(?:.*?\n)??[ \t]*\1[ \t]*$",
                       re.MULTILINE | re.DOTALL)
_FIGURE = re.compile(r"^([ \t]*(?:`{3,}|:{3,})\{(?:figure|image)\}[ \t]+)(\S+)(.*)$",
                     re.MULTILINE)
_LABEL_OPTION = re.compile(r"^([ \t]*):label:(?=[ \t])", re.MULTILINE)
_AT_LABEL = re.compile(r"(?<![\w@\[;\\`])@([A-Za-z][\w:.-]*\w)")
"""mystmd's `@label` reference (the same spelling as an in-text citation: only a label
of the book is read as one)."""
_MATH_TARGET = re.compile(r"^[ \t]{0,3}\(([^()\s][^()\n]*?)\)=[ \t]*\n(?:[ \t]*\n)*"
                          r"(([ \t]*)(?:`{3,}|:{3,})\{math\}[^\n]*)\n", re.MULTILINE)
"""`(label)=` before a `{math}` directive: mystmd's label of its equation, which Lanting
reads as the directive's `:label:`."""
_BIBLIOGRAPHY = re.compile(r"^[ \t]*(`{3,}|:{3,})\{bibliography\}[^\n]*\n(.*?)^[ \t]*\1[ \t]*$",
                           re.MULTILINE | re.DOTALL)
_CITE = re.compile(r"\{cite(?::\w+)?\}`([^`]+)`|\[(?:[^\[\]\n]*?;\s*)?-?@([\w:.#$%&+?<>~/-]+)")
_INDEX = re.compile(r"^[ \t]*(`{3,}|:{3,})[ \t]*\{index\}[^\n]*\n(?:.*?\n)??[ \t]*\1[ \t]*"
                    r"(?:\n|\Z)", re.MULTILINE | re.DOTALL)
"""Sphinx's `{index}` directive: entries of the book's index page, shown nowhere."""
_CITE_ROLE = re.compile(r"(\{(?:foot)?cite(?::\w+)?\}`)([^`\n]+)`")
_AT_LINK = re.compile(r"\[([^\[\]\n]*)\]\(@([\w:.-]+)\)")
_SUBSTITUTION = re.compile(r"\{\{\s*([A-Za-z_][\w-]*)\s*\}\}")


_DOLLARS = re.compile(r"(?<!`)(`{1,2})(?!`)[^`\n]+?(?<!`)\1(?!`)|(?<!\\)\$\$.+?(?<!\\)\$\$"
                      r"|(?<![\\$])\$(?!\$)(?P<inner>(?:\\.|(?!\n[ \t]*\n)[^$\\])+?)"
                      r"(?<!\\)\$", re.DOTALL)
"""Inline code (on a line: a directive's ```` ``` ```` fences hold Markdown) or a `$$`
display, passed over; or an inline formula as MyST's dollarmath pairs them (a
paragraph's next unescaped `$` closes it)."""


def spaced_formulas(text: str) -> tuple[str, int]:
    """`text` with the spaces just inside an inline formula's `$` taken off (`$u_i $`
    → `$u_i$`): MyST's dollarmath reads it as math (`dmath_allow_space`, on unless the
    book turns it off); Lanting reads a spaced one as math only when it cannot be
    prose, so its `$` paired with the next formula's, and TeX was left in the text.
    Returns the text and how many."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        inner = match.group("inner")
        if inner is None or inner == inner.strip() or not inner.strip():
            return match.group()
        count += 1
        return f"${inner.strip()}$"

    return (_DOLLARS.sub(one, text) if "$" in text else text), count


class JupyterBookBodies(JupyterBookExtensions, JupyterBookLinks):
    """The body side of the Jupyter Book importer."""

    book: Path
    report: Report
    site: NewSite
    toc: Toc
    by_source: dict[Path, Item]
    targets: dict[str, Target]
    own_labels: dict[int, set[str]]
    substitutions: dict[str, str]
    glued: set[str]
    """Labels of `{glue:figure}` blocks, which are left out."""
    entries: list[BibEntry]
    cited: list[str]
    listed: set[int]
    """The pages that show a list of their section's pages (`{tableofcontents}`)."""
    chapter_numbers: dict[Path, str]
    config: dict[str, Any]
    api_objects: dict[str, int]
    own_objects: dict[int, list[str]]

    def convert(self, text: str, item: Item, path: Path, ctx: Context) -> str:
        shelf = Shelf()
        text = included_code(text, path, self.book, ctx)
        text, maths = _MATH_TARGET.subn(r"\2\n\3:label: \1\n", text)
        ctx.convert("labelled equations (`(label)=` before `{math}`)", maths)
        text = protect_myst_code(text, shelf)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        text = IFRAME.sub(lambda m: self.iframe(m, ctx), text)
        text = self.todos(text, ctx)
        text, entries = _INDEX.subn("", text)
        if entries:
            ctx.note("{index}", f"{entries} `{{index}}` entries left out (Lanting makes no "
                     "index page)")
        text = BUTTON.sub(lambda m: self.button(m, ctx), text)
        text, boxes = unwrap_layout(text)
        text, panels = unwrap_panels(text)
        boxes += panels
        if boxes:
            ctx.warn(next((w for w in ("{grid", "{card", "{panels")
                           if w in ctx.original), "{"),
                     f"{boxes} grid, card or panel box(es) of "
                     "sphinx-design or sphinx-panels: their content kept, without the "
                     "boxes")
        text, dropped = unique_names(text)
        for label, times in dropped.items():
            ctx.warn(label, f"label `{label}` names {times + 1} blocks of this page "
                     "(Sphinx warned of it): the first, here, keeps it, the later ones "
                     "lose it")
        text, displays, splits = joined_displays(text)
        ctx.convert("`$$` displays with blank lines in them (one formula)", displays)
        ctx.convert("`$$` displays with `\\\\` as Sphinx showed them (in `split`)", splits)
        text, spaced = spaced_formulas(text)
        ctx.convert("inline formulas with spaces just inside their `$` (MyST's math)",
                    spaced)
        text, equations = labelled_equations(text)
        ctx.convert("labelled equations (`(label)=` before `$$`)", equations)
        # (mystmd's `:label:` of a figure or table is MyST's `:name:`, which Lanting reads;
        # a `{math}`'s stays, put aside above)
        text, labels = _LABEL_OPTION.subn(r"\1:name:", text)
        ctx.convert("`:label:` options as `:name:`", labels)
        text = _FIGURE.sub(lambda m: m.group(1) + (resolve(m.group(2), True) or m.group(2))
                           + m.group(3), text)
        text = repeated_myst_labels(text, str(item.front.get("chapter") or ""), ctx,
                                    int(item.front.get("first_figure") or 1))
        # (what is written here is put aside: its links are made, not to be read again)
        text = _CONTENTS.sub(lambda m: shelf.put(self.contents_here(m, item, path, ctx)),
                             text)
        if not cited_keys([text]):
            text = _BIBLIOGRAPHY.sub(lambda m: shelf.put(self.book_references(m, ctx)), text)
        if self.substitutions:
            text = _SUBSTITUTION.sub(lambda m: self.substitute(m, ctx), text)
        if self.entries:
            text = _CITE_ROLE.sub(lambda m: self.cite_keys_cased(m, ctx), text)
        text = BADGE.sub(lambda m: badge(m, ctx), text)
        if self.api_objects:
            text = API_ROLE.sub(lambda m: self.api_role(m, item, ctx, shelf), text)
        text = _NUMBERED_LINK.sub(lambda m: self.numbered_link(m, item, ctx), text)
        text = _ROLE.sub(lambda m: shelf.put(self.role(m, item, path, ctx)), text)
        text = _AT_LABEL.sub(lambda m: self.at_label(m, item, ctx, shelf), text)
        text = protect_spans_beside_fences(text, shelf)
        text = _AT_LINK.sub(lambda m: self.unknown_at_link(m, ctx), text)
        text = map_urls(text, resolve)
        return B.tidy(shelf.restore(text), myst=True)

    # --- MyST blocks -------------------------------------------------------------------------

    def api_role(self, match: re.Match[str], item: Item, ctx: Context, shelf: Shelf) -> str:
        """`{py:func}`train`` naming an object another page describes: a link there."""
        linked = linked_role(match, self.own_objects.get(item.number, []), self.api_objects,
                             lambda page: self.link_to(self.site.items[page], item))
        if linked is None:
            return match.group()
        ctx.convert("API references to objects of other pages")
        return shelf.put(linked)

    # --- generated text ---------------------------------------------------------------------

    def contents_here(self, match: re.Match[str], item: Item, path: Path,
                      ctx: Context) -> str:
        """`{tableofcontents}`: the pages under this one in the book's contents."""
        entries = self.toc.children_of(path)
        if not entries:
            ctx.note(match.group(), "`{tableofcontents}` with no pages under this one in "
                     "the table of contents: left out")
            return ""
        ctx.convert("{tableofcontents} as the list of the section's pages")
        self.listed.add(item.number)
        return "\n" + self.contents(entries, item) + "\n"

    def contents(self, entries: list[Entry], here: Item, depth: int = 0) -> str:
        """The entries as a nested Markdown list of links, parts in bold."""
        lines: list[str] = []
        pad = "  " * depth
        for entry in entries:
            page = self.by_source.get(entry.file.resolve()) if entry.file else None
            if entry.url:
                lines.append(f"{pad}- [{entry.title}]({entry.url})")
            elif page is not None and not page.draft:
                # (a numbered chapter listed with its number, as Sphinx's toctree shows it)
                number = self.chapter_numbers.get(page.source.resolve()) \
                    if page.source else None
                lines.append(f"{pad}- [{number + ' ' if number else ''}"
                             f"{entry.title or page.title}]({self.link_to(page, here)})")
            elif entry.title:
                lines.append(f"{pad}- **{entry.title}**")
            else:
                continue
            if entry.children:
                inner = self.contents(entry.children, here, depth + 1)
                if inner:
                    lines.append(inner)
        return "\n".join(lines)

    def book_references(self, match: re.Match[str], ctx: Context) -> str:
        """`{bibliography}` on a page that cites nothing (the book's reference page):
        sphinxcontrib-bibtex listed every entry the book cites there (`:all:` every
        entry); Lanting lists a page's own citations, so the list is written out."""
        everything = ":all:" in match.group(2)
        keys = [e.key for e in self.entries] if everything else self.cited
        found = {e.key: e for e in self.entries}
        listed = sorted((found[k] for k in dict.fromkeys(keys) if k in found),
                        key=lambda e: (e.value("author").lower(), e.value("year")))
        if not listed:
            ctx.note(match.group(), "`{bibliography}` on a page that cites nothing, in a "
                     "book that cites nothing: left out")
            return ""
        ctx.note(match.group(), f"`{{bibliography}}`: the {len(listed)} entries the book "
                 "cites, written out as a list (Lanting lists a page's own citations)")
        ctx.convert("the book's reference list (written out)")
        return "\n".join(f"- {format_reference(e)}" for e in listed) + "\n"

    def cite_keys_cased(self, match: re.Match[str], ctx: Context) -> str:
        """A `{cite}` key as the `.bib` file spells it: BibTeX keys are the same in any
        case (pybtex, under sphinxcontrib-bibtex, found `obermeyer2019` as
        `Obermeyer2019`); Lanting's are as written, and the build failed."""
        spelled = {e.key.lower(): e.key for e in self.entries}
        exact = {e.key for e in self.entries}

        def one(key: str) -> str:
            bare = key.strip()
            if bare in exact or bare.lower() not in spelled:
                return key
            ctx.convert("citation keys in the .bib file's case")
            return key.replace(bare, spelled[bare.lower()])

        keys = ",".join(one(k) for k in match.group(2).split(","))
        return f"{match.group(1)}{keys}`"

    def substitute(self, match: re.Match[str], ctx: Context) -> str:
        """`{{ name }}` of MyST's `substitution` extension: its value, written in."""
        value = self.substitutions.get(match.group(1))
        if value is None:
            ctx.warn(match.group(), f"`{match.group()}`: no substitution `{match.group(1)}` "
                     "in _config.yml or the front matter: left as written")
            return match.group()
        ctx.convert("substitutions written in")
        return value


def cited_keys(texts: list[str]) -> list[str]:
    """The keys `{cite}` roles and `[@key]` clusters of `texts` cite, in order."""
    keys: list[str] = []
    for text in texts:
        for match in _CITE.finditer(text):
            if match.group(1):
                keys += [k.strip().lstrip("@") for k in re.split(r"[,;]", match.group(1))]
            else:
                keys += re.findall(r"@([\w:.#$%&+?<>~/-]*\w)", match.group())
    return list(dict.fromkeys(k for k in keys if k))

