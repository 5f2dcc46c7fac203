"""How a Jupyter Book page points across the book, for Lanting: links to other
documents and files (`x.md`, `x.ipynb`, `/x`, a file copied to `static/`), MyST's roles
(`{doc}`, `{download}`, `{ref}`, `{numref}`, `{eq}`, `{term}`) and mystmd's references
(`[](#label)`, `@label`, `[text](@label)`) naming a label of another page, which become
links there; a label of the page itself stays, as Lanting resolves it on the page.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

from lanting.importer.body_fragments import heading_fragment
from lanting.importer.body_links import UNLINK, dead_link
from lanting.importer.common import first_item, is_image
from lanting.importer.item import Item
from lanting.importer.jupyterbook_refs import TERM_LABEL, Target
from lanting.importer.jupyterbook_toc import SUFFIXES
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf
from lanting.importer.site import NewSite
from lanting.markdown.myst_refs import equation_label

_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>\s*$", re.DOTALL)


HTML_IMAGE_SUFFIXES = (".svg", ".png", ".gif", ".jpg", ".jpeg")
"""The formats Sphinx's HTML builder shows, in its order of preference."""


def any_format(file: Path) -> Path:
    """Sphinx's `image.*`: the file of that name in the first format an HTML page shows
    (a book made for HTML and LaTeX has `fig.png` and `fig.pdf`); else `file`."""
    stem = file.name.removesuffix(".*")
    return next((c for c in (file.with_name(stem + s) for s in HTML_IMAGE_SUFFIXES)
                 if c.is_file()), file)


class JupyterBookLinks:
    """The link side of the Jupyter Book importer's body conversion."""

    book: Path
    site: NewSite
    by_source: dict[Path, Item]
    targets: dict[str, Target]
    own_labels: dict[int, set[str]]
    glued: set[str]
    """Labels of `{glue:figure}` blocks, which are left out."""
    section_numbers: dict[str, str]
    headings: set[str]
    """The labels of headings (`(sec-x)=` over one), which Lanting numbers on numbered
    pages only."""
    section_format: str
    figure_numbers: dict[str, str]
    """The number Sphinx gave each named figure of the book."""
    figure_format: str

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
        if image and file.name.endswith(".*"):
            file = any_format(file)
        target = None if image else self.document(file)
        if target is not None:
            ctx.convert("links to other pages of the book")
            # (`x.ipynb#More-regex-syntax`: Jupyter's id of a heading keeps its case,
            # Lanting's is `more-regex-syntax`)
            found = heading_fragment(unquote(fragment), target.source) \
                if fragment and target.source is not None else None
            if found is not None and found != fragment:
                ctx.convert("links to headings of other pages by Jupyter's ids")
                fragment = found
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
            return None
        return self.broken(url, rel, file, ctx)

    def broken(self, url: str, rel: str, file: Path, ctx: Context) -> str | None:
        """A link to no page or file of the book (a folder with no page, a file outside
        the book, which it did not publish, too). A relative one led nowhere on the old
        site either (Sphinx warned, and showed the text): its text is kept without the
        link, as the Quarto importer keeps it, or the new site would not build. One from
        the root may be a redirect of the old host's: left as written, for the build to
        report."""
        if not rel or (file.is_file() and file.resolve().is_relative_to(self.book.resolve())):
            return None
        if rel.startswith("/"):  # (the book's own wording: "no file of the book")
            return dead_link(url, rel, ctx.warn, "no file of the book")
        return dead_link(url, rel, ctx.warn, "no page or file of the book")

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

    def numbered_link(self, match: re.Match[str], item: Item, ctx: Context) -> str:
        """`[Figure %s](#fig:x)`: mystmd reads `%s` in a reference's text as the number of
        what it names, as `{numref}` does. One of this page is that `{numref}`, which
        Lanting numbers; one of another page reads its caption or heading (that page's
        title for an equation) in place of the number, which is that page's."""
        text, label = match.group(1), match.group(2)
        found = self.targets.get(label)
        if label in self.own_labels.get(item.number, set()) and found is not None and \
                label in self.headings and label not in self.section_numbers:
            # (a heading of a page whose sections have no number: mystmd showed `??`
            # for `%s`, and Lanting's `{numref}` its title, with a warning)
            ctx.note(match.group(), f"`{match.group()}` names a section with no number: "
                     "the link reads its heading")
            return f"[{text.replace('%s', found.text or label)}](#{label})"
        if label in self.own_labels.get(item.number, set()):
            ctx.convert("mystmd's `[Figure %s](#x)` as `{numref}`")
            return f"{{numref}}`{text} <{label}>`"
        if found is None:
            return match.group()
        page = self.site.items[found.page]
        ctx.note(match.group(), f"`{match.group()}` names another page's label: the link "
                 "reads its caption, heading or page title (its number is that page's)")
        ctx.convert("references to labels of other pages")
        words = text.replace("%s", found.text or f"({page.title})")
        anchor = equation_label(found.anchor) if found.anchor else ""
        return f"[{words}]({self.link_to(page, item)}" + (f"#{anchor}" if anchor else "") + ")"

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
        if name == "numref" and (number := self.section_numbers.get(target)):
            # (a section of a numbered page: the number that page shows, as Sphinx's)
            ctx.convert("references to numbered sections of other pages")
            words = text.replace("%s", number).replace("{number}", number).replace(
                "{name}", own) if text else self.section_format.format(n=number)
            return f"[{words}]({self.target_link(found, item)})"
        if name == "numref" and (number := self.figure_numbers.get(target)):
            # (another page's figure: the number Sphinx gave it, which that page shows)
            ctx.convert("references to figures of other pages, by their number")
            words = text.replace("%s", number).replace("{number}", number).replace(
                "{name}", own) if text else self.figure_format.format(n=number)
            return f"[{words}]({self.target_link(found, item)})"
        # (`{numref}`Fig. %s <x>``, a table's: the number is the other page's; its caption)
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
        if new == UNLINK:
            return text or posixpath.basename(rel)
        return f"[{text or posixpath.basename(rel)}]({new})"
