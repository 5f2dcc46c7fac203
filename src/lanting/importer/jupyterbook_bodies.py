"""The text of a Jupyter Book page (a MyST Markdown file, or a notebook's Markdown cell)
for Lanting, which reads MyST itself (directives, roles, targets, `{cite}`,
`{bibliography}`, MyST-NB's cell breaks). What changes is what points across the book,
whose pages all become `content/pages/<slug>`: `{doc}` and links to other documents,
a `{ref}` or `{numref}` to a label of another page (a link there with the target's
text), images and files (to `static/` at their paths in the book), `{tableofcontents}`
(the list of the section's pages), and `{{ name }}` substitutions.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.bibtex import BibEntry, format_reference
from lanting.importer.body_links import map_urls
from lanting.importer.common import first_item, is_image
from lanting.importer.item import Item
from lanting.importer.jupyterbook_refs import (
    TERM_LABEL,
    Target,
    joined_displays,
    labelled_equations,
    protect_myst_code,
    unique_names,
    unwrap_layout,
    unwrap_panels,
)
from lanting.importer.jupyterbook_toc import SUFFIXES, Entry, Toc
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, protect_spans_beside_fences
from lanting.importer.site import NewSite
from lanting.markdown.myst_refs import equation_label

_ROLE = re.compile(r"\{(ref|numref|eq|doc|download|prf:ref|term)\}`([^`\n]+)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>\s*$", re.DOTALL)
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
_IFRAME = re.compile(r"^([ \t]*)(`{3,}|:{3,})\{iframe\}[ \t]+(\S+)[^\n]*\n(.*?)^\1\2[ \t]*$",
                     re.MULTILINE | re.DOTALL)
_YOUTUBE = re.compile(r"(?:youtu\.be/|youtube(?:-nocookie)?\.com/(?:embed/|watch\?v=))"
                      r"([\w-]{11})")
_BUTTON = re.compile(r"^([ \t]*)(`{3,}|:{3,})\{button-(ref|link)\}[ \t]+(\S+)[^\n]*\n(.*?)"
                     r"^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
_CITE_ROLE = re.compile(r"(\{(?:foot)?cite(?::\w+)?\}`)([^`\n]+)`")
_AT_LINK = re.compile(r"\[([^\[\]\n]*)\]\(@([\w:.-]+)\)")
_SUBSTITUTION = re.compile(r"\{\{\s*([A-Za-z_][\w-]*)\s*\}\}")


class JupyterBookBodies:
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

    def convert(self, text: str, item: Item, path: Path, ctx: Context) -> str:
        shelf = Shelf()
        text, maths = _MATH_TARGET.subn(r"\2\n\3:label: \1\n", text)
        ctx.convert("labelled equations (`(label)=` before `{math}`)", maths)
        text = protect_myst_code(text, shelf)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        text = _IFRAME.sub(lambda m: self.iframe(m, ctx), text)
        text, entries = _INDEX.subn("", text)
        if entries:
            ctx.note("{index}", f"{entries} `{{index}}` entries left out (Lanting makes no "
                     "index page)")
        text = _BUTTON.sub(lambda m: self.button(m, ctx), text)
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
        text, equations = labelled_equations(text)
        ctx.convert("labelled equations (`(label)=` before `$$`)", equations)
        # (mystmd's `:label:` of a figure or table is MyST's `:name:`, which Lanting reads;
        # a `{math}`'s stays, put aside above)
        text, labels = _LABEL_OPTION.subn(r"\1:name:", text)
        ctx.convert("`:label:` options as `:name:`", labels)
        text = _FIGURE.sub(lambda m: m.group(1) + (resolve(m.group(2), True) or m.group(2))
                           + m.group(3), text)
        # (what is written here is put aside: its links are made, not to be read again)
        text = _CONTENTS.sub(lambda m: shelf.put(self.contents_here(m, item, path, ctx)),
                             text)
        if not cited_keys([text]):
            text = _BIBLIOGRAPHY.sub(lambda m: shelf.put(self.book_references(m, ctx)), text)
        if self.substitutions:
            text = _SUBSTITUTION.sub(lambda m: self.substitute(m, ctx), text)
        if self.entries:
            text = _CITE_ROLE.sub(lambda m: self.cite_keys_cased(m, ctx), text)
        text = _ROLE.sub(lambda m: shelf.put(self.role(m, item, path, ctx)), text)
        text = _AT_LABEL.sub(lambda m: self.at_label(m, item, ctx, shelf), text)
        text = protect_spans_beside_fences(text, shelf)
        text = _AT_LINK.sub(lambda m: self.unknown_at_link(m, ctx), text)
        text = map_urls(text, resolve)
        return B.tidy(shelf.restore(text), myst=True)

    # --- links -----------------------------------------------------------------------------

    def link_to(self, target: Item, here: Item) -> str:
        """A link from `here` to `target`: a relative link to its file (checked by
        Lanting), or its URL from a notebook (whose cells are written as they are)."""
        return self.site.new_url(target) if here.notebook is not None \
            else self.site.link(target)

    def document(self, file: Path) -> Item | None:
        """The page of a document a link names: `x.md`, `x.ipynb`, `x` or `x.html`."""
        candidates = [file]
        if file.suffix.lower() in ("", ".html") or file.suffix.lower() not in SUFFIXES:
            base = file.with_suffix("") if file.suffix.lower() == ".html" else file
            candidates += [base.with_name(base.name + s) for s in SUFFIXES]
        if file.is_dir():
            candidates += [file / f"index{s}" for s in SUFFIXES]
        return first_item(self.by_source, candidates)

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        if url.startswith("@") and url[1:] in self.own_labels.get(item.number, set()):
            return "#" + url[1:]  # (mystmd also reads `[](@label)`)
        if url.startswith(("#", "@")):
            return self.fragment(url[1:], item, ctx)
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^\ue000", url) or not url:
            return None
        rel, hash_mark, fragment = url.partition("#")
        rel = rel.partition("?")[0]
        file = (self.book / rel.lstrip("/")) if rel.startswith("/") else path.parent / rel
        target = None if image else self.document(file)
        if target is not None:
            ctx.convert("links to other pages of the book")
            return self.link_to(target, item) + hash_mark + fragment
        if file.is_file() and file.resolve().is_relative_to(self.book.resolve()):
            where = file.resolve().relative_to(self.book.resolve()).as_posix()
            self.site.static[where] = file
            ctx.convert("images and files (static/, at their paths)"
                        if image or is_image(file) else "files linked (static/)")
            return "/" + where + hash_mark + fragment
        if not image and not hash_mark and (label := self.label_link(rel, item, ctx)):
            return label
        if image:
            ctx.warn(url, f"image `{url}` not found in the book: left as written")
        elif rel and not file.exists():
            ctx.warn(url, f"link `{url}` leads to no file of the book: left as written")
        return None

    def label_link(self, label: str, item: Item, ctx: Context) -> str | None:
        """`[text](label)`, a link naming no file but a label: MyST-Parser under Sphinx
        resolves it as the `any` role does (a document first, then a label), so Jupyter
        Book 1 linked it there; Lanting reads `[text](#label)` on its page."""
        if label in self.own_labels.get(item.number, set()):
            ctx.convert("links to labels (`[text](label)`)")
            return "#" + label
        target = self.targets.get(label)
        if target is None:
            return None
        ctx.convert("links to labels (`[text](label)`)")
        return self.target_link(target, item)

    def fragment(self, label: str, item: Item, ctx: Context) -> str | None:
        """`[](#label)` (mystmd's reference): another page's label becomes a link there."""
        if label in self.own_labels.get(item.number, set()):
            return None
        target = self.targets.get(label)
        if target is None:
            return None
        ctx.convert("references to labels of other pages")
        return self.target_link(target, item)

    def at_label(self, match: re.Match[str], item: Item, ctx: Context, shelf: Shelf) -> str:
        """`@label` (mystmd): to another page's label, a link reading its text; on this
        page it stays (Lanting reads `@fig-x` there), and so does a citation."""
        label = match.group(1)
        target = self.targets.get(label)
        if target is None or label in self.own_labels.get(item.number, set()):
            return match.group()
        ctx.convert("references to labels of other pages")
        words = target.text or self.site.items[target.page].title or label
        return shelf.put(f"[{words}]({self.target_link(target, item)})")

    def iframe(self, match: re.Match[str], ctx: Context) -> str:
        """mystmd's `{iframe} URL`: a YouTube video as Lanting's video, anything else a
        link (Lanting embeds no other page)."""
        url, body = match.group(3), match.group(4)
        title = re.search(r"^[ \t]*:title:[ \t]*(.+?)[ \t]*$", body, re.MULTILINE)
        words = " ".join(line.strip() for line in body.split("\n")
                         if line.strip() and not re.match(r"^[ \t]*:[\w-]+:", line))
        name = (title.group(1).strip().strip("\"'") if title else "") or words
        video = _YOUTUBE.search(url)
        if video:
            ctx.convert("`{iframe}` YouTube videos")
            shown = name.replace('"', "'")
            return match.group(1) + f'{{{{< video youtube="{video.group(1)}"' + (
                f' title="{shown}"' if shown else "") + " >}}"
        ctx.warn(match.group(), f"`{{iframe}} {url}`: a link to the page it embedded "
                 "(Lanting embeds videos only)")
        return match.group(1) + f"[{name or url}]({url})"

    def button(self, match: re.Match[str], ctx: Context) -> str:
        """sphinx-design's `{button-ref} label` (`:ref-type: doc`: a page) and
        `{button-link} URL`: a link reading the button's text (Lanting draws no
        buttons); a reference is resolved as `{ref}` is, further on."""
        kind, target, body = match.group(3), match.group(4), match.group(5)
        options = dict(re.findall(r"^[ \t]*:([\w-]+):[ \t]*(.*?)[ \t]*$", body, re.MULTILINE))
        words = " ".join(line.strip() for line in body.split("\n")
                         if line.strip() and not re.match(r"^[ \t]*:[\w-]+:", line))
        ctx.convert("sphinx-design buttons (links)")
        if kind == "link":
            return f"{match.group(1)}[{words or target}]({target})"
        role = "doc" if options.get("ref-type") == "doc" else "ref"
        return match.group(1) + (f"{{{role}}}`{words} <{target}>`" if words
                                 else f"{{{role}}}`{target}`")

    def unknown_at_link(self, match: re.Match[str], ctx: Context) -> str:
        """`[text](@label)` to a label the book does not have: its text, reported (a
        link to nowhere fails the build)."""
        if match.group(2) in self.targets:
            return match.group()
        ctx.warn(match.group(), f"`{match.group()}`: no label `{match.group(2)}` in the "
                 "book: its text is kept, not a link")
        return match.group(1) or match.group(2)

    def target_link(self, target: Target, here: Item) -> str:
        link = self.link_to(self.site.items[target.page], here)
        return link + (f"#{target.anchor}" if target.anchor else "")

    def role(self, match: re.Match[str], item: Item, path: Path, ctx: Context) -> str:
        name, content = match.group(1), match.group(2).strip()
        explicit = _EXPLICIT.match(content)
        text, target = (explicit.group(1).strip(), explicit.group(2).strip()) if explicit \
            else ("", content)
        if name in ("doc", "download"):
            return self.doc_role(match.group(), name, text, target, item, path, ctx)
        if name == "term":
            return self.term_role(match.group(), text, target, item, ctx)
        found = self.targets.get(target)
        if target in self.glued:
            ctx.warn(match.group(), f"`{match.group()}` names a `{{glue:figure}}`, a "
                     "notebook run's output, which is left out: its text is kept, not a link")
            caption = found.text if found else ""
            return text.replace("%s", caption).strip() if text else caption or target
        if target in self.own_labels.get(item.number, set()):
            return match.group()  # (Lanting resolves it on the page)
        if found is None and name == "eq":
            return match.group()  # (Lanting reports it at its line if the page lacks it)
        if found is None:
            ctx.warn(match.group(), f"`{match.group()}`: no label `{target}` in the book: "
                     "its text is kept, not a link")
            return text or target
        if name == "eq":
            return self.equation_role(match.group(), text, found, item, ctx)
        own = found.text or self.site.items[found.page].title or target
        # (`{numref}`Fig. %s <x>``: the number is the other page's; its caption instead)
        words = (text.replace("%s", found.text or target) if "%s" in text else text) or own
        if name == "numref":
            ctx.note(match.group(), f"`{match.group()}` names another page's figure or "
                     "table: the link reads its caption (its number is that page's)")
        ctx.convert("references to labels of other pages")
        return f"[{words}]({self.target_link(found, item)})"

    def equation_role(self, whole: str, text: str, found: Target, item: Item,
                      ctx: Context) -> str:
        """`{eq}`label`` naming another page's `{math}` (Sphinx's equations are the
        book's; Lanting's `{eq}` reads its page's only, and the build failed): a link to
        it, reading that page's title (its number is that page's)."""
        page = self.site.items[found.page]
        ctx.note(whole, f"`{whole}` names another page's equation: the link reads that "
                 "page's title (its number is that page's)")
        ctx.convert("references to labels of other pages")
        anchor = equation_label(found.anchor) if found.anchor else ""
        link = self.link_to(page, item) + (f"#{anchor}" if anchor else "")
        return f"[{text or '(' + page.title + ')'}]({link})"

    def term_role(self, whole: str, text: str, term: str, item: Item, ctx: Context) -> str:
        """`{term}`Python``: a term of another page's `{glossary}` (Sphinx's glossary is
        the book's) as a link to it; one of this page's glossary stays (Lanting links
        it), and so does one of no glossary (Lanting shows it as a term)."""
        label = TERM_LABEL + " ".join(term.split()).lower()
        found = self.targets.get(label)
        if found is None or label in self.own_labels.get(item.number, set()):
            return whole
        ctx.convert("terms of other pages' glossaries (`{term}`)")
        return f"[{text or term}]({self.target_link(found, item)})"

    def doc_role(self, whole: str, name: str, text: str, target: str, item: Item,
                 path: Path, ctx: Context) -> str:
        """`{doc}`path`` (from this file's folder, or the book's with `/`) as a link to
        that page; `{download}`file`` as a link to the file, copied to `static/`."""
        rel, _, fragment = target.partition("#")
        file = self.book / rel.lstrip("/") if rel.startswith("/") else path.parent / rel
        if name == "doc":
            page = self.document(file)
            if page is None:
                ctx.warn(whole, f"`{whole}`: no page `{target}` in the book: its text is "
                         "kept, not a link")
                return text or posixpath.basename(rel)
            ctx.convert("{doc} references")
            return f"[{text or page.title}]({self.link_to(page, item)}" + \
                (f"#{fragment}" if fragment else "") + ")"
        new = self.url(target, False, item, path, ctx)
        if new is None:
            return whole
        return f"[{text or posixpath.basename(rel)}]({new})"

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
                lines.append(f"{pad}- [{entry.title or page.title}]"
                             f"({self.link_to(page, here)})")
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

