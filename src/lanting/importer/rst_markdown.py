"""reStructuredText in Lanting's Markdown: the document parsed by docutils (the parser
Pelican and Sphinx use), its tree written out as Markdown.

What docutils reads is written as Lanting reads it: sections as headings (their ids
kept, so `` `Section`_ `` links still lead there), lists, definition and field lists,
literal and `code` blocks as fenced code, admonitions as callouts, images and figures
(the caption a figure's), simple tables as pipe tables, footnotes and citations as
footnotes, `:math:` and `.. math::` as formulas, raw HTML as it is. What has no Lanting
form (a directive docutils does not know, a table with spanning cells, raw LaTeX) is
reported with its line, kept in a comment or written as near as it goes. Here: docutils
set up and run; the tree written in `rst_writer.py`.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles
from docutils.parsers.rst.directives.misc import Class
from docutils.parsers.rst.languages import en

from lanting.importer.rst_sphinx import (
    RST_BODIES,
    SETTINGS,
    TEXT_ARGUMENTS,
    VERSION_CHANGES,
    sphinx_directive,
    sphinx_setting,
)
from lanting.importer.rst_writer import MarkdownWriter

_ROLE_USE = re.compile(r"(?<![\w`]):([A-Za-z][\w.+:-]*):`")
_DIRECTIVE_USE = re.compile(r"^[ \t]*\.\.[ \t]+([A-Za-z][\w.+:-]*)[ \t]*::", re.MULTILINE)
class _AnyOptions(dict[str, Any]):
    """Every option a directive docutils does not know is given, kept as written."""

    def __missing__(self, key: str) -> Callable[[str | None], str]:
        return directives.unchanged

    def __bool__(self) -> bool:
        return True  # (docutils reads a directive's options only when it has some)


class _OtherDirective(Directive):
    """A directive docutils does not know (Sphinx's, a plugin's): kept with its
    argument, options and text, to be written as MyST's form of it, which Lanting
    reads (or reports)."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = _AnyOptions()

    def run(self) -> list[nodes.Node]:
        node: nodes.Element
        if self.name.lower() in SETTINGS:
            node = sphinx_setting("", nodes.Text("\n".join(self.content)))
        elif self.name.lower() in RST_BODIES:
            node = sphinx_directive()
            # (titles too, as Sphinx reads `only`'s: `.. only:: html` over a section)
            self.state.nested_parse(self.content, self.content_offset, node,
                                    match_titles=True)
        else:
            node = nodes.literal_block("", "\n".join(self.content))
        node["directive"], node["argument"] = self.name, " ".join(self.arguments)
        node["options"] = dict(self.options)
        node.line = self.lineno
        if self.name.lower() in TEXT_ARGUMENTS and self.arguments:
            # (text, with its roles and literals: `.. seealso:: :doc:`usage`` read
            # as written left `:doc:` raw on the page)
            head, text = "", self.arguments[0]
            if self.name.lower() in VERSION_CHANGES:  # (the version, then text)
                head, _, text = text.partition(" ")
            parsed, problems = self.state.inline_text(text, self.lineno)
            node["argument_head"] = head
            node["argument_text"] = nodes.paragraph("", "", *parsed)
            return [node, *problems]
        return [node]


def _other_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: dict[str, Any] | None = None,
                content: list[str] | None = None) -> tuple[list[nodes.Node], list[Any]]:
    """A role docutils does not know (`:kbd:`, `:ref:`, a plugin's): kept as written,
    to be MyST's form of it."""
    node = nodes.inline(rawtext, text)
    node["role"], node.line = name, lineno
    return [node], []


# Sphinx's (and Pelican's) forms of these, with options docutils' own lack
# (`:emphasize-lines:`, `:linenos:`, `:caption:`, a formula's `:label:`): MyST's, which
# Lanting reads with those options
for _sphinx in ("code-block", "sourcecode", "literalinclude", "math"):
    directives.register_directive(_sphinx, _OtherDirective)
# (Sphinx's name for docutils' `class`: a class on the next block, which no Lanting page
# styles; read as `{rst-class}`, an unknown directive, it was a warning on every page)
directives.register_directive("rst-class", Class)


def _register_others(text: str) -> None:
    """Make the roles and directives `text` uses that docutils lacks ours (docutils
    keeps one registry; registering a name twice is harmless)."""
    # (docutils' registries of what it has built in: private, hence its bounded version)
    known_roles = {*en.roles, *getattr(roles, "_role_registry", {}), *getattr(roles, "_roles", {})}
    known_directives = {*en.directives, *getattr(directives, "_directive_registry", {}),
                        *getattr(directives, "_directives", {})}
    for name in set(_ROLE_USE.findall(text)):
        if name.lower() not in known_roles:
            roles.register_local_role(name, _other_role)  # type: ignore[arg-type]
    for name in set(_DIRECTIVE_USE.findall(text)):
        if name.lower() not in known_directives:
            directives.register_directive(name, _OtherDirective)


_SETTINGS = {
    "report_level": 2, "halt_level": 5, "warning_stream": None,
    "file_insertion_enabled": False, "raw_enabled": True, "syntax_highlight": "none",
    "doctitle_xform": True, "docinfo_xform": True, "sectsubtitle_xform": False,
    "input_encoding": "utf-8", "_disable_config": True, "embed_stylesheet": False,
}
@dataclass
class RstDocument:
    """A reStructuredText file read: its title and fields, its body as Markdown, and
    what did not convert."""

    title: str
    fields: dict[str, str]
    """The fields after the title (`:date:`, `:tags:`, …), by lower-case name."""
    body: str
    problems: list[tuple[int | None, str]] = field(default_factory=list)
    """(line, message) of each thing not converted or converted with a loss."""
    notices: list[tuple[int | None, str]] = field(default_factory=list)
    """(line, message) of what was left out as it has no use on a Lanting site."""
    title_labels: list[str] = field(default_factory=list)
    """The targets before the title (`.. _intro:`), which Sphinx's `:ref:` leads to the
    page by."""
    meta: dict[str, str] = field(default_factory=dict)
    """The `.. meta::` fields (`description`, `keywords`), by lower-case name."""


_INCLUDE = re.compile(r"^([ \t]*\.\.[ \t]+include::[ \t]*)(\S+)", re.MULTILINE)
_FILE_OPTION = re.compile(r"^[ \t]+:(?:file|url):", re.MULTILINE)


def _inside_includes(text: str, path: Path, root: Path | None) -> tuple[str, bool]:
    """`text` with its `.. include::` paths from the site's root (`/x.rst`, Sphinx's
    way) made relative, as docutils reads them; and whether every file it includes is
    one of the site's (docutils may read them: never a file outside)."""
    inside = root is not None
    def one(match: re.Match[str]) -> str:
        nonlocal inside
        target = match.group(2)
        file = (root / target.lstrip("/")) if root is not None and target.startswith("/") \
            else path.parent / target
        if root is None or not file.is_file() or \
                not file.resolve().is_relative_to(root.resolve()):
            inside = False
            return match.group()
        return match.group(1) + os.path.relpath(file, path.parent)

    text = _INCLUDE.sub(one, text)
    # (insertion also reads a `raw` or `csv-table` directive's `:file:` or `:url:`, which
    # may name any file, or the network: with one of those, nothing is inserted)
    return text, inside and not _FILE_OPTION.search(text)


def read_rst(text: str, path: Path, root: Path | None = None, sphinx: bool = False,
             lang: str = "en", substitutions: dict[str, str] | None = None) -> RstDocument:
    """`text`, the reStructuredText file at `path`, as Markdown; the files it includes
    are read when all are inside `root`, the site's folder (else each is a warning).
    `sphinx`: read as Sphinx reads it (`.. class::` is Python's class, not docutils'
    class of the next block); `lang` the language of the labels it writes;
    `substitutions` those the project defines outside the file (Sphinx's `|release|`
    and `|version|`, from conf.py)."""
    stream = io.StringIO()  # (docutils' messages, which the tree holds too: not printed)
    for name, value in (substitutions or {}).items():
        # (defined after the text, where they move no line of it)
        if f"|{name}|" in text and not re.search(rf"^\.\.\s+\|{re.escape(name)}\|", text,
                                                 re.MULTILINE):
            text += f"\n\n.. |{name}| replace:: {value}\n"
    _register_others(text)
    directives.register_directive("class", _OtherDirective if sphinx else Class)
    text, inside = _inside_includes(text, path, root)
    tree = publish_doctree(text, source_path=str(path), settings_overrides={
        **_SETTINGS, "warning_stream": stream, "file_insertion_enabled": inside})
    writer = MarkdownWriter(text, path, root, lang)
    writer.index(tree)
    fields: dict[str, str] = {}
    for info in tree.findall(nodes.docinfo):
        for item in info.children:
            if isinstance(item, nodes.field):
                fields[item[0].astext().strip().lower()] = item[1].astext().strip()
            elif isinstance(item, nodes.Element):
                fields[item.tagname.lower()] = item.astext().strip()
    title, named = str(tree.get("title", "")), tree.get("names") or []
    first = next((c for c in tree.children if not isinstance(c, nodes.PreBibliographic)),
                 None)
    heading = first.next_node(nodes.title) if isinstance(first, nodes.section) else None
    if not title and "title" not in fields and isinstance(first, nodes.section) \
            and heading is not None:
        # (several sections at the top, which docutils promotes none of: the first's
        # title is the page's, as Sphinx takes it; its heading leaves the text)
        title, named, first["page-title"] = heading.astext(), first.get("names") or [], True
    body = writer.blocks(tree, 0)
    for message in getattr(tree, "transform_messages", []):
        # (found after parsing, outside the tree: an undefined `|substitution|`, left
        # as its text, was reported nowhere)
        if isinstance(message, nodes.system_message):
            writer.block_system_message(message, 0)
    notes = [f"[^{key}]: {text}" for key, text in writer.notes]
    own = nodes.fully_normalize_name(title)
    meta = {str(m.get("name", "")).lower(): " ".join(str(m.get("content", "")).split())
            for m in tree.findall(nodes.meta) if m.get("name") and m.get("content")}
    return RstDocument(title, fields, "\n\n".join([body, *notes]).strip() + "\n",
                       writer.problems, writer.notices,
                       [str(n) for n in named if n != own], meta)
