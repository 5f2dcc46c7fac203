"""Hugo Blox's one-page home in the new site: its blocks (`hugoblox_home.py`) as
sections of the home page's text, and the links and menu entries that led to a block
(`#talks`) or to a list of the theme's sections (`/publication/`) leading to the page of
the new site that shows the same."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.body_links import UNLINK
from lanting.importer.common import BARE_SITE, read_text
from lanting.importer.hugo_menus import relative_menu_url
from lanting.importer.hugoblox_contact import contact_text
from lanting.importer.hugoblox_home import (
    BIOGRAPHY,
    LISTS,
    Block,
    block_text,
    landing_sections,
    section_markdown,
    widget_files,
)
from lanting.importer.hugoblox_pages import PROJECTS, PUBLICATIONS, TALKS
from lanting.importer.hugoblox_people import PEOPLE_BLOCKS
from lanting.importer.hugoblox_slides import HugoBloxSlides
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.text import load_mapping, split_front_matter

WIDGETS = frozenset({"about", "posts", "featured", "publications", "talks", "events",
                     "projects", "contact", "experience", "skills", "accomplishments",
                     "people", "tags", "gallery"})
"""Ids of the blocks (widgets) of Hugo Blox's one-page home: `#talks` on any page of the
old site led there, unless that page had an anchor of the name."""


def has_anchor(text: str, anchor: str) -> bool:
    """Whether `text` has a heading or element whose id is `anchor` (as Goldmark makes
    ids: lower case, spaces as `-`)."""
    wanted = anchor.lower()
    for match in re.finditer(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", text, re.MULTILINE):
        title = match.group(1)
        given = re.search(r"\{#([^}\s]+)", title)
        made = re.sub(r"[^\w\- ]", "", title.lower()).strip().replace(" ", "-")
        if (given.group(1).lower() if given else made) == wanted:
            return True
    return re.search(rf"""\bid=["']?{re.escape(anchor)}["'\s>]""", text) is not None


class HugoBloxHome(HugoBloxSlides):
    """The readers of the old home's blocks, and of the links to them."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.blocks: list[Block] = []
        """The blocks of the old one-page home, in its order."""
        self.authors: dict[str, dict[str, Any]] = {}
        """Author folder (`admin`, `me`) -> its front matter; the owner's under ""."""
        self.moved_lists: dict[str, str] = {}
        """A page of widgets that only listed a section's pages (`research/`, projects)
        -> Lanting's list of them (`/projects/`), where its URL leads now."""

    def read_blocks(self) -> None:
        """The blocks of the old home: `content/home/*.md` widgets, else the `sections:`
        of the landing page."""
        self.blocks = widget_files(self.site_root() / "home")
        for language in self.languages[1:]:
            if widget_files(language.content / "home"):
                self.report.note(language.content / "home", None, f"the blocks of the "
                                 f"`{language.key}` home page left out: the default "
                                 "language's are the home page's sections")
        landing = self.site_root() / "_index.md"
        if not landing.is_file():
            return
        fmt, head, body, first = split_front_matter(read_text(landing))
        data, _error = load_mapping(fmt or "yaml", head)
        if not self.blocks:
            self.blocks = landing_sections(landing, data, head)
        if body.strip():  # (the theme showed the blocks alone)
            self.report.note(landing, first, "the landing page's text after its front "
                             "matter left out: the old home page did not show it")

    def home_blocks(self) -> None:
        """The blocks with text of their own as sections of the home page's text (each
        converted as a text of its own file); the others named in the report. Another
        language's landing page (`content/en/_index.md`) is that language's home page,
        made of its blocks the same way (it was left out without a word)."""
        self.add_blocks(self.home(), self.blocks, self.language.startswith("zh"))
        for language in self.languages[1:]:
            landing = language.content / "_index.md"
            if language.content == self.site_root() or not landing.is_file():
                continue
            fmt, head, _body, _first = split_front_matter(read_text(landing))
            data, _error = load_mapping(fmt or "yaml", head)
            blocks = landing_sections(landing, data, head)
            if not blocks:
                continue
            home = next((i for i in self.site.items if i.kind == "home"
                         and i.lang == language.code), None) or self.site.add(Item(
                "home", "home", None, {"title": str(language.settings.get("title")
                                                    or self.config.get("title") or "")},
                lang=language.code))
            self.add_blocks(home, blocks, language.code.lower().startswith("zh"))

    def add_blocks(self, home: Item, blocks: list[Block], chinese: bool) -> None:
        for block in blocks:
            text = self.text_of(block)
            if text is None:
                self.report.note(block.path, block.line, f"block `{block.kind}` of the old "
                                 "home left out: " + self.left_out_why(block))
                continue
            ctx = Context(self.report, block.path, read_text(block.path))
            converted = self.convert(text, home, ctx, block.path.parent)
            home.body = home.body.rstrip("\n") + "\n\n" + section_markdown(
                block, converted, chinese)
            self.report.convert("blocks of the old home as sections of its text")

    def text_of(self, block: Block) -> str | None:
        """`block_text`, with the profile its `username` names (else the owner's); a
        `contact` block's, with what the site's `params` say (`hugoblox_contact`)."""
        if block.kind == "contact":  # (Hugo Blox 5's block gives its own, over `params`)
            given = {key: value for key, value in block.data.items() if value}
            return contact_text(block.text, {**self.params, **given},
                                self.language.startswith("zh")) or None
        user = str(block.data.get("username") or "")
        return block_text(block, self.language.startswith("zh"),
                          self.authors.get(user) or self.authors.get(""))

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        """A landing page besides the home (Hugo Blox's `experience.md`, `type: landing`
        with `sections:`; Academic's `about/index.md`, `type: widget_page`, whose widgets
        are the other files of its folder): a page at its old URL, its blocks' texts as
        its sections."""
        kind = str(data.get("type") or "").lower()
        if isinstance(data.get("sections"), list) and kind in ("landing", "widget_page"):
            blocks = landing_sections(path, data, head)
        elif kind == "widget_page" and bundle is not None \
                and path.name in ("index.md", "_index.md"):  # (`widget_branch`)
            blocks = widget_files(bundle)
        else:
            return super().read_special(path, bundle, section, data, head, body)
        chinese = self.language.startswith("zh")
        if self.is_generated_list(path, bundle, data, blocks):
            return True
        parts = []
        for block in blocks:
            text = self.text_of(block)
            if text is None:
                self.report.note(block.path, block.line, f"block `{block.kind}` left out: "
                                 + self.left_out_why(block))
            else:
                parts.append(section_markdown(block, text, chinese))
                self.report.convert("blocks of landing pages as sections of their text")
        if body.strip():
            self.report.note(path, None, "the landing page's text after its front matter "
                             "left out: the old page did not show it")
        self.read_page(path, data, head, "\n".join(parts), bundle, section)
        return True

    def is_generated_list(self, path: Path, bundle: Path | None, data: dict[str, Any],
                          blocks: list[Block]) -> bool:
        """Whether a landing page only lists a section at the URL where Lanting makes
        that list (`content/projects.md`, a `collection` of `project`, at `/projects/`):
        it is left out, with a notice (and a warning for a list's own text, which the
        new list does not show); kept, it claimed Lanting's page's URL."""
        name = str(data.get("slug") or (bundle.name if bundle else path.stem)).lower()
        if name == "people" and blocks and all(b.kind in PEOPLE_BLOCKS for b in blocks) \
                and self.report.counts["people"]:  # (`hugoblox_people.py`)
            self.report.note(path, None, "left out: the group's people, whom Lanting lists "
                             "at the same URL, `/people/`")
            return True
        shown = {listed_folder(b) for b in blocks if b.kind in LISTS}
        folders = next((f for f in (PROJECTS, PUBLICATIONS, TALKS) if name == f[-1]), ()) \
            or next((f for f in (PROJECTS, PUBLICATIONS, TALKS)  # (`research/`: projects)
                     if len(shown) == 1 and shown <= set(f) and not any(
                         str(b.text).strip() for b in blocks)), ())
        if (bundle or path).parent != self.site_root() or not folders or not blocks \
                or any(b.kind not in LISTS | BIOGRAPHY for b in blocks) \
                or not any(self.has_pages(self.site_root() / f) for f in folders):
            return False
        if name != folders[-1]:  # (its old URL, and the links and menu entries to it,
            # lead to Lanting's list; it was left out as a page with no text)
            self.moved_lists[name] = f"/{folders[-1]}/"
            self.redirects.add(f"/{name}/", f"/{folders[-1]}/")
            self.report.note(path, None, f"left out: the list of `{folders[0]}` pages, which "
                             f"Lanting makes at `/{folders[-1]}/`, where its old URL leads")
            return True
        self.report.note(path, None, f"left out: the list of `{folders[0]}` pages, which "
                         f"Lanting makes at the same URL, `/{folders[-1]}/`")
        for block in blocks:
            if str(block.text).strip():
                self.report.warn(path, block.line, f"the text of block `{block.kind}` is "
                                 "not kept (Lanting's list has none): copy it to a page "
                                 "of yours if it matters")
        return True

    @staticmethod
    def has_pages(folder: Path) -> bool:
        return any(p.name != "_index.md" for p in folder.rglob("*.md")) \
            if folder.is_dir() else False

    def left_out_why(self, block: Block) -> str:
        if block.kind in BIOGRAPHY:
            return "the profile and the home page's text show the biography"
        if block.kind.startswith("resume-"):
            return "the profile it shows has nothing of the kind (its `work`, `skills`, …)"
        if block.kind in PEOPLE_BLOCKS and self.report.counts["people"]:
            return "Lanting lists the group's people at /people/"
        if block.kind in LISTS:
            return ("Lanting's home page lists selected publications and recent posts, "
                    "and its menu leads to the others")
        return "Lanting has no such block (copy what it showed into the home page's text)"

    def widget_url(self, anchor: str) -> str | None:
        """The Lanting page of a block of the old one-page home (`#publications`), or
        None when the new site has no such page. A block whose text the home page keeps
        (`home_blocks`) is there, under its old id."""
        block = next((b for b in self.blocks if b.anchor.lower() == anchor.lower()), None)
        if block is not None and self.text_of(block) is not None:
            return f"/#{anchor}"
        pages = self.list_pages()
        return pages.get(anchor.lower()) or (pages.get(listed_folder(block))
                                             if block is not None else None)

    def list_pages(self) -> dict[str, str]:
        """The lists of the theme's sections (and the blocks of the old home showing them)
        → the Lanting page showing the same, where the new site has one."""
        pages = {"about": "/", "posts": "/blog/", "post": "/blog/", "blog": "/blog/"}
        if self.entries:
            pages.update(dict.fromkeys(("featured", "publications_selected", *PUBLICATIONS),
                                       "/publications/"))
        if any(item.kind == "talk" for item in self.site.items):
            pages.update(dict.fromkeys(TALKS, "/talks/"))
        if any(item.kind == "project" for item in self.site.items):
            pages.update(dict.fromkeys(PROJECTS, "/projects/"))
        return pages

    def section_list(self, url: str, ctx: Context | None = None) -> str | None:
        """A link to the list of a section of the theme's (`/publication/`, `event`; from
        the old home's text, `./publication/`, which was the same) → the Lanting page
        that lists them, or None."""
        path, hash_mark, fragment = url.partition("#")
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", path) or not path.startswith("/") and (
                ctx is None or ctx.path not in self.home_files()):
            return None
        section = unquote(path.removeprefix("./")).strip("/").lower()
        for language in self.languages:  # (`/en/publication/`: a language's list)
            prefix = language.folder.strip("/").lower()
            if prefix and section.startswith(prefix + "/"):
                section = section.removeprefix(prefix + "/")
        page = self.list_pages().get(section) if section in (
            *PUBLICATIONS, *TALKS, *PROJECTS) else self.moved_lists.get(section)
        if page is not None and ctx is not None:
            ctx.convert("links to section lists")
        return page + hash_mark + fragment if page is not None else None

    def empty_list(self, url: str, ctx: Context) -> bool:
        """Whether `url` is the list of one of the theme's sections that has no page
        (the starter's "[filtering publications](./publication/)" on a site without
        any): the new site has no such list; a warning says the link's text is kept
        alone."""
        path = url.partition("#")[0]
        if not path.startswith(("/", "./")) or (
                path.startswith("./") and ctx.path not in self.home_files()):
            return False
        section = unquote(path.removeprefix(".")).strip("/").lower()
        if section not in (*PUBLICATIONS, *TALKS, *PROJECTS) \
                or section in self.list_pages():
            return False
        ctx.warn(url, f"`{url}`: the list of the old site's `{section}` pages, which has "
                 "none: its text kept without the link")
        return True

    def landing_url(self, path: Path) -> str | None:
        """The old URL of the home page whose text `path` holds (`/`, `/en/`), or None."""
        if path in self.home_files():
            return "/"
        return next((language.folder + "/" for language in self.languages
                     if path == language.content / "_index.md"), None)

    def home_files(self) -> set[Path]:
        """The files whose text the new home page shows: its links were written from `/`."""
        return {self.site_root() / "_index.md", *(b.path for b in self.blocks),
                *(path for item, _t, path, _f in self.items if item.kind == "home")}

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        """A link to a block of the old home page (`/#talks`; `#talks` in the bio, which
        was on that page) leads to the Lanting page showing it; a block Lanting has no
        page for leads to the home page, with a warning (the link named an anchor that
        no page has)."""
        if not image and BARE_SITE.match(url) and not (folder / url).exists() \
                and not self.on_old_site("/" + url):
            # (`<a href="ucf.edu">` in a bio: Hugo kept it, a path beside the page that
            # led nowhere; the build refused it)
            ctx.note(url, f"`{url}`, a site named without `https://`: the link leads "
                     f"to https://{url} (on the old site it led nowhere)")
            return "https://" + url
        home = any(i.kind == "home" and i.source == ctx.path for i in self.site.items)
        anchor = url[2:] if url.startswith("/#") else url[1:] if url.startswith("#") \
            and (home or url[1:].lower() in WIDGETS) else ""
        if not anchor or image or (url.startswith("#") and has_anchor(ctx.original, anchor)):
            if not image and self.empty_list(url, ctx):
                return UNLINK
            listed = None if image else self.section_list(url, ctx)
            if listed is not None:  # (before the next: `publication/_index.md` has text)
                return listed
            base = None if image or not url.startswith("./") else self.landing_url(ctx.path)
            if base is not None and self.unmade_list(base + url[2:], url, ctx):
                return UNLINK  # (`./people/` of a landing page's card, from `/` or `/en/`)
            return super().url(url, image, ctx, folder)
        page = self.widget_url(anchor)
        if page is None:
            ctx.warn(f"({url})" if f"({url})" in ctx.original else url, f"`{url}`: a block "
                     "of the old home page that the new site has no page for; the link "
                     "leads to the home page")
            return "/"
        ctx.convert("links to blocks of the old home page")
        return page

    def menu_url(self, url: str) -> str:
        url = relative_menu_url(url)
        if url.startswith("#") or url.startswith("/#"):
            return self.widget_url(url.lstrip("/#")) or "/"
        listed = self.section_list("/" + url.lstrip("/"))
        if listed is not None:
            return listed
        if not url.startswith(("/", "http")) and Path(url).suffix:
            return "/" + url
        return super().menu_url(url)


def listed_folder(block: Block) -> str:
    """The section a list block of the old home showed (`id: news` over `page_type:
    post`, or `filters: {folders: [post]}`; an Academic 4 widget's under `[content]`):
    its id alone did not say."""
    inner = block.data.get("content")
    data: dict[str, Any] = inner if isinstance(inner, dict) and "widget" in block.data \
        else block.data
    filters = data.get("filters")
    folders = filters.get("folders") if isinstance(filters, dict) else None
    folder = data.get("page_type") or (
        folders[0] if isinstance(folders, list) and folders else folders)
    return str(folder or "").strip("/").lower()
