"""Where the links and images of a Quarto document lead: other documents (by their
files, their old URLs or their names), listing pages (the blog now), files of the
project (a post's into its bundle, a page's into `static/`), figures of its freeze (and
the freeze itself). The body conversion (`quarto_bodies.py`) calls these for each URL it
meets."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.body_fragments import heading_lines
from lanting.importer.body_links import UNLINK, dead_link, map_urls
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import LinkTable, first_item, is_image, read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.listings import listed_posts, term_urls
from lanting.importer.other_case import beside_in_other_case
from lanting.importer.quarto_notebook import static_file
from lanting.importer.site import NewSite
from lanting.markdown.anchors import pandoc_slug

DOCUMENTS = (".qmd", ".md", ".ipynb", ".rmd", ".markdown")
"""The files Quarto renders as documents."""
ENGINE_DIRS = frozenset({"renv", "packrat", "rsconnect", "venv", "env", "node_modules"})
"""Folders Quarto renders nothing in, wherever they are: knitr's package libraries and
deployment records, Jupyter's virtual environments (its engines' `ignoreDirs`). An R
project's `renv/library/` holds every installed package's vignettes, which were
imported as pages."""


class QuartoLinks:
    """The link side of the Quarto importer's body conversion."""

    source: Path
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    listings: list[Path]

    def document_link(self, path: Path) -> str | None:
        item = self.by_source.get(path.resolve())
        return self.site.link(item) if item is not None else None

    def listing_url(self, path: Path) -> str:
        """Where Quarto published a listing page (`project/index.qmd`: `/project/`)."""
        rel = path.relative_to(self.source)
        return "/" + (rel.parent.as_posix() + "/" if path.stem == "index" and
                      rel.parent.as_posix() != "." else
                      "" if path.stem == "index" else rel.with_suffix(".html").as_posix())

    def to_listing(self, file: Path, rel: str) -> bool:
        """Whether a link names a listing page the import left out (its file, or its
        URL: `series.html` beside it, as a real blog's archive page named its series),
        which the new site's blog page replaces."""
        listings = {p.resolve() for p in self.listings}
        if any(c.resolve() in listings for c in document_files(file)):
            return True
        wanted = posixpath.normpath(rel).rstrip("/") + "/" if rel.startswith("/") else ""
        return bool(wanted) and wanted != "/" and any(
            self.listing_url(p) in (wanted, rel) for p in self.listings)

    def summary_links(self, item: Item, ctx: Context, path: Path) -> None:
        """The links of `description:`, which Lanting's summary shows as Markdown too
        (`[损失函数](loss_func.qmd)` in a real glossary's entries led to the old file,
        and the build failed on it)."""
        summary = item.front.get("summary")
        if isinstance(summary, str) and "](" in summary:
            item.front["summary"] = map_urls(
                summary, lambda url, image: self.url(url, image, item, path, None, ctx))

    def output_links(self, item: Item, ctx: Context, path: Path) -> None:
        """The links and images of a notebook's HTML outputs (`Image(url="./data/x.png")`
        printed `<img src="./data/x.png">`), which Quarto published as they were, from
        the notebook's folder: Lanting's page of the notebook is a folder deeper, the
        build publishes raw HTML as written, and each was a broken image."""
        for cell in (item.notebook or {}).get("cells", []):
            for output in cell.get("outputs", []) if isinstance(cell, dict) else []:
                data = output.get("data") if isinstance(output, dict) else None
                if not isinstance(data, dict) or (html := data.get("text/html")) is None:
                    continue
                text = "".join(html) if isinstance(html, list) else str(html)
                mapped = map_urls(text, lambda url, image: self.url(
                    url, image, item, path, None, ctx))
                if mapped != text:
                    ctx.convert("links and images of notebooks' HTML outputs")
                    data["text/html"] = mapped.splitlines(keepends=True)

    def url(self, url: str, image: bool, item: Item, path: Path, figures: Path | None,
            ctx: Context) -> str | None:
        number = re.fullmatch(r"#(\d+)", url)
        if number and not re.search(rf"#{number.group(1)}\b[^\n]*\}}|id=[\"']?"
                                    rf"{number.group(1)}\b", ctx.original):
            # (RStudio's visual editor leaves `[text](#0)`; Pandoc's ids never start with
            # a digit, so it named no place: Quarto published it dead, Lanting's build
            # failed on it)
            ctx.warn(url, f"link to `{url}` names no place of the page (RStudio's visual "
                     "editor leaves such links): its text kept without the link")
            return UNLINK
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000", url) or not url:
            return None
        rel, hash_mark, fragment = url.partition("#")
        rel = rel.partition("?")[0]
        if rel.startswith("/") and f"static{rel}" in self.site.extra:
            return None  # (a file the import writes itself: a notebook deck's plot)
        file = freeze_figure(figures, path, rel)
        if file is not None:
            if file.is_file():
                ctx.convert("figures of executed code")
                return self.site.image(file, None)
            ctx.warn(url, f"figure `{url}` is not in the freeze: left as written")
            return None
        file = self.in_other_case(project_file(self.source, path.parent, rel), url, ctx)
        if item.notebook is not None:  # (no bundle, and no markers in its cells)
            linked = self.document(file)
            if linked is not None:
                return self.site.new_url(linked) + hash_mark + fragment
            if self.to_listing(file, rel):
                return self.listing_link(fragment, url, ctx)
            found = static_file(self.source, self.site, path, url)
            if found is None and rel and not file.exists():
                return dead_link(url, rel, ctx.warn)
            return found
        target = self.document(file) or (self.table.find(rel) if rel.startswith("/")
                                          else self.published_target(rel, item, file))
        if target is not None and (target.kind != "blog" or not fragment):
            ctx.convert("links to other documents")
            return self.site.link(target) + hash_mark + worded_fragment(fragment,
                                                                        target.source)
        if target is not None or self.to_listing(file, rel):  # (the blog lists them)
            ctx.convert("links to old listing pages")
            return self.listing_link(fragment, url, ctx)
        if file.suffix.lower() == ".xml" and not file.exists() and self.to_listing(
                file.with_suffix(".html"), ""):
            # (`blog.xml`, the feed Quarto wrote of the listing `blog.qmd`'s `feed:`)
            ctx.convert("links to a listing's feed (`blog.xml`) as Lanting's, /atom.xml")
            return "/atom.xml"
        if file.is_file() and (image or is_image(file)):
            if item.kind == "post":  # (into its bundle, wherever in the project it is)
                return self.site.image(file, None)
            # A page has no bundle: the image is in `static/` at its path in the project
            # (`/images/cover.png`, Quarto's path from the project's root).
            if file.resolve().is_relative_to(self.source.resolve()):
                rel = file.resolve().relative_to(self.source.resolve()).as_posix()
                self.site.static[rel] = file
                return self.site.image(file, "/" + rel)
            return self.site.image(file, None)
        if file.is_file() and file.resolve().is_relative_to(self.source.resolve()):
            return self.attach(file, item, path, url)
        if image:
            ctx.warn(url, f"image `{url}` not found: left as written")
        elif rel and not file.exists():
            return dead_link(url, rel, ctx.warn)
        return None

    def published_target(self, rel: str, item: Item, file: Path) -> Item | None:
        """The document a relative link naming no file of the project led to on the old
        site, read from the page's old URL as the browser read it: a distill post's
        `../debug-travis/index.html`, another post's published page (the file is
        `_posts/debug-travis/debug-travis.Rmd`). Without it, each was a broken link."""
        if file.exists() or not rel or not item.old_urls:
            return None
        page = item.old_urls[0]
        folder = page if page.endswith("/") else posixpath.dirname(page) + "/"
        found = self.table.find(posixpath.normpath(posixpath.join(folder, unquote(rel))))
        return found if found is not item else None

    def listing_link(self, fragment: str, url: str, ctx: Context) -> str:
        """The blog page for a link to a listing; `#category=Jetson` (the listing
        filtered by its script) is Lanting's page of that category."""
        if not fragment.startswith("category="):
            return "/blog/" + ("#" + fragment if fragment else "")
        name = unquote(fragment.removeprefix("category=")).casefold()
        found = term_urls(listed_posts(self.site), "categories").get(name)
        if found is None:
            ctx.warn(url, f"`{url}`: no post has the category `{name}`: the link leads to "
                     "the blog page")
        return found or "/blog/"

    def attach(self, file: Path, item: Item, path: Path, url: str) -> str | None:
        """A file a document links to: into the post's bundle by its path from the post,
        else into `static/` at its old path (so the link is made absolute)."""
        rel = file.resolve().relative_to(self.source.resolve()).as_posix()
        fragment = "#" + url.split("#", 1)[1] if "#" in url else ""
        if item.kind == "post" and file.resolve().is_relative_to(path.parent.resolve()):
            name = file.resolve().relative_to(path.parent.resolve()).as_posix()
            item.files[name] = file
            # (one written from the project's root, `/project/x/plan.pdf`, is the bundle's
            # file by its name: the post's URL is not the folder's)
            return name + fragment if url.startswith("/") else None
        self.site.static[rel] = file
        return "/" + rel + fragment

    def wiki_links(self, text: str, ctx: Context) -> str:
        """Obsidian's `[[Note|shown]]` in a document written in a vault: Quarto showed it
        as written (`plain_wiki_links`). One naming a document (by its file's name or its
        title) leads to it."""

        def link_to(name: str, heading: str, shown: str | None) -> str | None:
            wanted = name.strip().casefold()
            found = {i.number: i for path, i in self.by_source.items()
                     if wanted in (path.stem.casefold(),
                                   str(i.front.get("title") or "").strip().casefold())}
            if len(found) != 1:
                return None
            if heading:
                ctx.note(f"[[{name}{heading}]]", f"`{heading}`: the link leads to the page, "
                         "not the heading")
            return f"[{shown or name.strip()}]({self.site.link(next(iter(found.values())))})"

        return plain_wiki_links(text, ctx, link_to, math_lines=False)  # (math put aside)

    def in_other_case(self, file: Path, url: str, ctx: Context) -> Path:
        """`file`, or the one document it names when case is ignored (`/people/Ann
        Lee.html` for `people/ann lee.qmd`, a notebook's links of titles to files named
        in lower case): the writer's computer (macOS, Windows) found it so."""
        if file.exists() or not file.name:
            return file
        decoded = Path(unquote(str(file)))  # (`Bo%20Ek.qmd` too)
        for candidate in document_files(file) + document_files(decoded):
            cased = beside_in_other_case(self.source.resolve(), candidate.resolve())
            if cased is not None:
                ctx.note(url, f"link `{url}`: the document is `{cased.name}`, in other "
                         "capitals (found on the writer's computer, which ignores case; "
                         "not on a server)")
                return cased
        return file

    def document(self, file: Path) -> Item | None:
        """The item of a document a link names: `../x/index.qmd`, `../x/`, `x.html`, or
        the page a document's `output-file` named so (nbdev's `gem.html` for
        `00_gem.ipynb`)."""
        found = first_item(self.by_source, document_files(file))
        if found is None and file.suffix == ".html" and file.resolve().is_relative_to(
                self.source.resolve()):
            found = self.table.find("/" + file.resolve().relative_to(self.source.resolve())
                                    .as_posix())
        return found


def project_file(root: Path, folder: Path, rel: str) -> Path:
    """The file `rel` (from the project's root when it starts with `/`) names, read from
    `folder`; a name with spaces written URL-encoded (`images/Untitled%20(Draft).jpg`,
    as RStudio's visual editor writes it) decoded, as the browser decoded it."""
    for written in (rel, unquote(rel)) if "%" in rel else (rel,):
        file = root / written.lstrip("/") if written.startswith("/") \
            else at_root(root, folder, written)
        if file.exists():
            return file
    return root / rel.lstrip("/") if rel.startswith("/") else at_root(root, folder, rel)


def at_root(root: Path, folder: Path, rel: str) -> Path:
    """`folder/rel`, a `..` above `root` going nowhere, as the browser resolved the URL on
    the old site (`../../images/x.png` from `/facilities/` is `/images/x.png`: a page
    one folder down, written as if two)."""
    if not folder.is_relative_to(root):
        return folder / rel
    parts = list(folder.relative_to(root).parts)
    for part in rel.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return root.joinpath(*parts)


def freeze_figure(freeze: Path | None, path: Path, name: str) -> Path | None:
    """Where the freeze `freeze` keeps a figure the document's text names by the folder
    Quarto renders it into: `index_files/figure-html/x.png` is the freeze's
    `figure-html/x.png` (a deck's, `figure-revealjs/`; a PDF's, `figure-pdf/`); None for
    any other path."""
    stem = path.with_suffix("").name
    found = re.match(rf"{re.escape(stem)}_files/(figure-[\w-]+)/(.+)", name)
    return freeze / found.group(1) / found.group(2) if freeze and found else None


def document_files(file: Path) -> list[Path]:
    """The documents a link to `file` may name: itself (`x.qmd`), the source of a page
    (`x.html`), a folder's index (`x/`)."""
    candidates = [file]
    if file.suffix == ".html":
        candidates += [file.with_suffix(s) for s in DOCUMENTS]
    if file.is_dir() or not file.suffix:
        candidates += [file / f"index{s}" for s in DOCUMENTS]
    return candidates


def freeze_of(source: Path, path: Path) -> tuple[dict[str, Any] | None, Path]:
    """The freeze of a document (`_freeze/posts/x/index/execute-results/html.json`) and
    its folder."""
    import json

    rel = path.relative_to(source).with_suffix("")
    folder = source / "_freeze" / rel
    file = folder / "execute-results" / "html.json"
    if not file.is_file():
        return None, folder
    try:
        data = json.loads(read_text(file))
    except ValueError:
        return None, folder
    result = data.get("result") if isinstance(data, dict) else None
    return (result if isinstance(result, dict) else None), folder


_LINK_WORDS = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_ATTRIBUTES = re.compile(r"[ \t]*\{([^{}]*)\}[ \t]*$")


def worded_fragment(fragment: str, source: Path | None) -> str:
    """A link's fragment naming a heading of `source` by its words, as an Obsidian vault
    made a Quarto site writes it (`semantics.qmd#Semantic nihilism`): the old page led
    to the top of the page, Pandoc's ids being `semantic-nihilism`; Lanting's id of that
    heading now (Pandoc's, `heading_ids = "pandoc"`, or its own `{#id}`). Else the
    fragment as written."""
    words = " ".join(unquote(fragment).split()).casefold()
    if source is None or not words or not source.is_file() or source.suffix == ".ipynb":
        return fragment
    for heading in heading_lines(read_text(source)):
        attributes = _ATTRIBUTES.search(heading)
        text = _LINK_WORDS.sub(r"\1", _ATTRIBUTES.sub("", heading)).replace("*", "")
        own = re.search(r"#([^\s}]+)", attributes.group(1)) if attributes else None
        ident = own.group(1) if own else pandoc_slug(text)
        if ident == fragment:
            return fragment
        if " ".join(text.split()).casefold() == words:
            return ident
    return fragment

