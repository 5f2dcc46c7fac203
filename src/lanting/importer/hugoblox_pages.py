"""Hugo Blox's own sections → Lanting's: projects as the projects collection, and the
buttons of every page of the theme's (where each leads on the new site). Publications are
read in `hugoblox_publications.py`, events in `hugoblox_events.py`; the profile, the
theme's shortcodes and its menus in `hugoblox.py`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.common import bool_of, first_date, summary_of
from lanting.importer.hugo import Hugo
from lanting.importer.hugo_front import DATES
from lanting.importer.hugo_urls import hugo_path
from lanting.importer.hugoblox_links import BUTTONS, PageLink, page_links
from lanting.importer.item import Item
from lanting.importer.site import slug_of
from lanting.importer.text import key_line, names

PUBLICATIONS = ("publication", "publications")
TALKS = ("event", "events", "talk", "talks")
AUTHORS = ("authors",)
PROJECTS = ("project", "projects")
PROJECT_KEYS = frozenset({"title", "date", "summary", "tags", "weight", "external_link",
                          "links", "slides", "draft", "slug", "url", *(k for k, _ in BUTTONS)})
"""The keys of a project's front matter that the new project is made from."""
_DOMAIN = re.compile(r"^[\w-]+(\.[\w-]+)*\.(com|org|net|io|edu|gov|ai|dev|me|info|"
                     r"[a-z]{2})(/|$)", re.IGNORECASE)
"""A URL written without its scheme (`mlclub.net`, `github.com/x/y`): Hugo made it a
link relative to the page, which led nowhere; the site it names is what was meant."""


_EXAMPLE_LINKS = ("https://example.org", "http://example.org")


def example_project(data: dict[str, Any], body: str) -> bool:
    """Whether a project is one of the starter's examples as it came, which forks keep
    and never edit (they were a list of placeholders on the new site): its summary the
    starter's (`An example of …`, or none), and its text the starter's Lorem ipsum, or
    none, the project a link to `https://example.org`."""
    summary = str(data.get("summary") or "").strip()
    if summary and not summary.startswith("An example of"):
        return False
    link = str(data.get("external_link") or "").strip().rstrip("/")
    return body.lstrip().startswith("Lorem ipsum") \
        or not body.strip() and link in _EXAMPLE_LINKS


class HugoBloxPages(Hugo):
    """The readers of Hugo Blox's projects and of every page's buttons."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.project_decks: list[tuple[Item, str, Path, int | None]] = []
        """(project, the deck its `slides:` names, its file, the key's line): linked to
        the deck's talk once every talk is read (`link_project_decks`)."""

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        if section in PROJECTS:
            self.read_project(path, bundle, section, data, head, body)
            return True
        return section in AUTHORS


    def read_project(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> None:
        """A project of `content/project/` → `content/projects/`: a card on /projects/
        (its `featured.*` image the cover) with its buttons as `links` (an
        `external_link`, which replaced the old page, first)."""
        if example_project(data, body):
            self.report.note(path, None, "left out: the theme's example project (“"
                             f"{data.get('title') or ''}”), never edited")
            return
        stem = bundle.name if bundle is not None else self.stem_of(path)
        front: dict[str, Any] = {"title": str(data.get("title") or stem)}
        date = first_date(data, head, DATES, self.tz)
        if date is not None:
            front["date"] = date
        summary = summary_of(data, "summary")
        if summary:
            front["summary"] = B.plain_inline(summary)
        front["tags"] = names(data.get("tags"))
        cover = self.cover(data, path, bundle)
        if cover:
            front["cover"] = cover
        if isinstance(data.get("weight"), int):
            front["weight"] = data["weight"]
        links = self.links_of(data, bundle, path, head)
        if str(data.get("external_link") or "").strip():
            links.insert(0, PageLink("external_link", "Website",
                                     str(data["external_link"]).strip()))
        links = self.resolved_links(links, bundle, "projects", path, head)
        if links:
            front["links"] = [{"name": link.name, "url": link.url} for link in links]
            self.report.convert("project links", len(links))
        self.left_out(path, data, PROJECT_KEYS)
        draft = bool_of(data.get("draft"))
        if draft:
            front["draft"] = True
        language = self.language_of(path)
        item = self.site.add(Item("project", slug_of(str(data.get("slug") or stem)), path,
                                  front, draft=draft, lang=self.suffix(language)))
        self.report.counts["projects"] += 1
        if str(data.get("slides") or "").strip():
            self.project_decks.append((item, str(data["slides"]).strip(), path,
                                       key_line(head, "slides")))
        item.old_urls = [self.old_url(path, bundle, section, stem, data)]
        self.group_lists(path, bundle, section, "/projects/")
        for url in item.old_urls:
            self.table.add(url, item)
        self.remember(item, path, bundle, body)
        self.pair(item, "projects", data, path, bundle)

    def old_url(self, path: Path, bundle: Path | None, section: str, name: str,
                data: dict[str, Any]) -> str:
        """Where Hugo published a page of the theme's sections: `/<section>/<name>/`, in
        the folders below the section's too (`project/group/x/`, as a lab groups its
        projects), its `slug` the last part, in its language's folder; its `url` whole."""
        url = str(data.get("url") or "").strip()
        if not url:
            below = [hugo_path(p, self.lower) for p in (bundle or path).parent.relative_to(
                self.root_of(path)).parts[1:]]
            slug = hugo_path(str(data.get("slug") or name), self.lower)
            url = "/" + "/".join([section, *below, slug]) + "/"
        return self.in_folder(url, self.language_of(path), data)

    def group_lists(self, path: Path, bundle: Path | None, section: str, new: str) -> None:
        """The list pages of the folders a page is in below its section's, each with an
        `_index.md` (Hugo made a section of it: `/project/group/` listed its projects),
        lead to the new list, `new`."""
        root = self.root_of(path)
        folder = (bundle or path).parent
        while folder.parent != root and folder.is_relative_to(root / section):
            if any((folder / f"_index{ext}").is_file() for ext in (".md", ".markdown")):
                rel = "/".join(hugo_path(p, self.lower)
                               for p in folder.relative_to(root).parts)
                self.redirects.add(self.in_folder(f"/{rel}/", self.language_of(path), {}),
                                   new)
            folder = folder.parent

    def links_of(self, data: dict[str, Any], bundle: Path | None, path: Path,
                 head: str) -> list[PageLink]:
        """A page's buttons; the PDF of its bundle named after it (`paper1/paper1.pdf`)
        is its PDF button, ahead of `url_pdf`, as in Hugo Blox's page_links.html."""
        links = page_links(data)
        pdf = bundle / f"{bundle.name}.pdf" if bundle is not None else None
        if pdf is not None and pdf.is_file():
            if any(link.key == "url_pdf" for link in links):
                self.report.note(path, key_line(head, "url_pdf"), f"`url_pdf` left out: "
                                 f"the folder's {pdf.name} is the PDF, as on the old page")
            links = [PageLink("url_pdf", "PDF", pdf.name),
                     *(link for link in links if link.key != "url_pdf")]
        return links

    def left_out(self, path: Path, data: dict[str, Any], used: frozenset[str]) -> None:
        """Note the keys of a page's front matter that nothing was made of."""
        dropped = [k for k in data if k not in used and data[k] not in ("", None, [], {})]
        if dropped:
            self.report.note(path, 2, "front matter not needed in Lanting, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))

    def resolved_links(self, links: list[PageLink], bundle: Path | None, folder: str,
                       path: Path, head: str) -> list[PageLink]:
        """`links` with their URLs as the new site has them (`page_url`); one to a file
        or page the old site did not have either (its button led nowhere) is left out,
        with a warning at its key. A bare `#` (the starters' placeholder: `url_code: '#'`
        in their example papers) led to the page itself: left out with a notice."""
        found = []
        for link in links:
            url = self.page_url(link.url, bundle, folder)
            named = f"`{link.key}`" + (f" “{link.name}”" if link.key == "links" else "")
            if link.url == "#":
                self.report.note(path, key_line(head, link.key), f"{named}: `#`, a "
                                 "placeholder leading nowhere (the starter's), left out")
            elif url is None:
                self.report.warn(path, key_line(head, link.key), f"{named}: "
                                 f"`{link.url}` is no file or page of the old site (its "
                                 "link led nowhere): left out")
            else:
                found.append(PageLink(link.key, link.name, url))
        return found

    def page_url(self, url: str, bundle: Path | None, folder: str) -> str | None:
        """A link of a page's front matter: a URL, a file of its bundle (copied to
        `static/<folder>/<bundle>/`), a path from the old site's root, as Hugo Blox's
        `relURL` read it, or a domain written without `https://`; None for a path the
        old site had nothing at (or for `#`, the theme's example's placeholder)."""
        if url == "#":
            return None
        found = self.local_file(url, bundle, folder)
        if found != url or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^#|^//", url):
            return found
        if _DOMAIN.match(url) and not (self.source / "static" / url).exists():
            return "https://" + url
        site_path = "/" + url.removeprefix("./").lstrip("/")
        return site_path if self.on_old_site(site_path) else None

    def on_old_site(self, url: str) -> bool:
        """Whether the old site had something at a root-relative URL: a file of
        `static/`, or a page or section of `content/`."""
        rel = unquote(url.split("#")[0].split("?")[0]).strip("/")
        if not rel or (self.source / "static" / rel).exists():
            return True
        folder = self.content / rel
        return folder.is_dir() or folder.with_suffix(".md").is_file()

    def local_file(self, url: str, bundle: Path | None, folder: str = "publications") -> str:
        """A link of a publication: a URL, or a file of its folder (copied to `static/`)."""
        if url.startswith(("http://", "https://", "/")) or bundle is None:
            return url
        file = bundle / url
        if file.is_file():
            rel = f"{folder}/{bundle.name}/{file.name}"
            self.site.static[rel] = file
            return "/" + rel
        return url
