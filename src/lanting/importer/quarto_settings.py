"""The settings of a Quarto website written for Lanting: `lanting.toml` (title, `site-url`,
description, author, language, links) from `_quarto.yml`, the about page (`about:
{template: jolla, links: …}`) and the posts' `_metadata.yml`; the navbar as the menu;
bibliographies (`bibliography:`) as a post's own `.bib` or `content/references.bib`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, dump, parse
from lanting.importer.common import read_text
from lanting.importer.csl_json import csl_entries, csl_yaml_entries
from lanting.importer.item import Item
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language
from lanting.importer.text import key_line, load_mapping, names

LEFT_OUT = ("google-analytics", "cookie-consent", "comments", "page-footer", "sidebar",
            "repo-url", "repo-actions", "twitter-card", "open-graph", "favicon", "search")
"""Website settings Lanting has its own answer to, or none: one notice names them."""


def _merged(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """`extra` over `base`, mappings merged key by key (as Quarto merges metadata)."""
    out = dict(base)
    for key, value in extra.items():
        old = out.get(key)
        out[key] = _merged(old, value) if isinstance(old, dict) and isinstance(
            value, dict) else value
    return out


def with_metadata_files(config: dict[str, Any], source: Path, report: Report
                        ) -> dict[str, Any]:
    """The project's settings with its `metadata-files` merged in, in order (a real
    site kept `project: type: website` and all of `website:`, its title, URL and navbar,
    in `_quarto-website.yml`: they were lost)."""
    for name in names(config.get("metadata-files")):
        file = source / name
        if not file.is_file():
            report.warn("_quarto.yml", None, f"`metadata-files`: no file `{name}`")
            continue
        data, error = load_mapping("yaml", read_text(file))
        if error:
            report.warn(file, None, f"could not read it: {error}")
        config = _merged(config, data)
    return config


def _label(icon: str) -> str:
    known = {"github": "GitHub", "linkedin": "LinkedIn", "twitter": "Twitter",
             "mastodon": "Mastodon", "rss": "RSS", "envelope": "Email", "youtube": "YouTube",
             "orcid": "ORCID", "google-scholar": "Google Scholar"}
    return known.get(icon, icon.replace("-", " ").title())


_ICON_ONLY = re.compile(r"\s*\{\{<\s*(?:fa|ai|bi|iconify)\s+(?:[\w-]+\s+)*?([\w-]+)"
                        r"(?:\s+[\w-]+=\S*)*\s*>\}\}\s*")
"""A link's text that is only an icon: `{{< fa brands bluesky >}}`, `{{< ai orcid >}}`
(the fontawesome and academicons extensions), the icon's name last."""


def _link_name(entry: dict[str, Any]) -> str:
    """An about page link's name: its `text`, or, when that is only an icon (a Quarto
    shortcode, which `[[links]]` would show as written), its `aria-label`, else the
    icon's name; a link of an `icon:` alone, that icon's."""
    text = str(entry.get("text") or "").strip()
    icon = _ICON_ONLY.fullmatch(text)
    if text and icon is None:
        return text
    label = str(entry.get("aria-label") or "").strip()
    return label or _label(icon.group(1) if icon else str(entry.get("icon") or "link"))


def authors(value: Any) -> list[str]:
    """`author: A`, `[A, B]` or `[{name: A, url: …}]` (names may be `{given, family}`)."""
    found = []
    for one in value if isinstance(value, list) else [value] if value else []:
        name = one.get("name") if isinstance(one, dict) else one
        if isinstance(name, dict):
            name = " ".join(str(name.get(k) or "") for k in ("given", "family")).strip() \
                or name.get("literal")
        if name:
            found.append(str(name).strip())
    return found


class QuartoSettings:
    """The settings side of the Quarto importer."""

    source: Path
    report: Report
    site: NewSite
    config: dict[str, Any]
    website: dict[str, Any]
    about: dict[str, Any]
    language: str
    tz: dt.tzinfo
    by_source: dict[Path, Item]
    listings: list[Path]
    talk_listings: set[Path]
    documents: list[tuple[Item, str, Path, Path | None]]
    references: list[BibEntry]
    bib_read: set[Path]
    mermaid: bool
    settings_file: str
    """The file of the project's settings, as the report names it (`_site.yml`: distill's)."""

    def site_author(self) -> str:
        for data in (self.config, *(load_mapping("yaml", read_text(p))[0] for p in sorted(
                self.source.glob("*/_metadata.yml")))):
            found = authors(data.get("author"))
            if found:
                return found[0]
        return ""

    def bibliography(self, data: dict[str, Any], head: str, path: Path,
                     front: dict[str, Any], bundled: bool) -> None:
        """A `.bib` beside a post: the post's own (`bibliography:` kept, the file in its
        bundle); one elsewhere (`../../references.bib`, the project's), or beside a page
        (`code/index.qmd`'s `code.bib`: a page has no bundle, and the file was dropped,
        failing the build): its entries in `content/references.bib`, which every page
        cites from."""
        own: dict[str, Path] = {}
        read: list[Path] = []  # (the BibTeX files, whose keys `nocite: @*` names)
        for name in bibliographies(data) or bibliographies(self.config):
            # (a path in a folder's `_metadata.yml` is from that folder, as Quarto reads
            # it: `posts/_metadata.yml`'s `references.bib` is `posts/references.bib`)
            folders = [path.parent, *path.parent.parents]
            up = folders[:folders.index(self.source) + 1] if self.source in folders \
                else [path.parent]
            file = next((f / name for f in up if (f / name).is_file()), path.parent / name)
            if not file.is_file():
                file = self.source / name.lstrip("/")
            if not file.is_file():
                file = in_project(self.source, name) or file
            if not file.is_file():
                self.report.warn(path, key_line(head, "bibliography"),
                                 f"bibliography `{name}` not found: its citations fail")
                continue
            if file.suffix.lower() in (".json", ".yaml", ".yml"):
                # (CSL-JSON, as Zotero exports it, or CSL YAML, which Pandoc reads as well
                # as BibTeX: its citations failed the build)
                self.shared(file)
                continue
            if file.suffix.lower() != ".bib":
                self.report.warn(path, key_line(head, "bibliography"), f"bibliography "
                                 f"`{name}` is not BibTeX nor CSL (JSON, YAML): its "
                                 "citations fail")
                continue
            read.append(file)
            if bundled and file.parent.resolve() == path.parent.resolve() \
                    and path.stem == "index" and path.parent.resolve() != self.source.resolve():
                own[file.name] = file
            else:
                self.shared(file)
        if own:
            front["bibliography"] = list(own) if len(own) > 1 else next(iter(own))
            front["_files"] = own
        cited = nocited(data.get("nocite"), read)
        if cited:  # (written into the text as `{{< nocite >}}`: `quarto_bodies`)
            front["_nocite"] = cited
        if data.get("csl"):
            self.report.note(path, key_line(head, "csl"), "`csl` left out: Lanting's "
                             "citation styles are set by `[citations] style`")

    def shared(self, file: Path) -> None:
        # (one file named from two places, `../../refs.bib` and the project's `refs.bib`,
        # is read once: each entry was "in an earlier .bib too")
        if file.resolve() in self.bib_read:
            return
        self.bib_read.add(file.resolve())
        keys = {e.key for e in self.references}
        suffix = file.suffix.lower()
        found = csl_entries(read_text(file)) if suffix == ".json" else csl_yaml_entries(
            read_text(file)) if suffix in (".yaml", ".yml") else parse(read_text(file))[0]
        if suffix != ".bib":
            self.report.convert("CSL bibliographies (JSON, YAML) as BibTeX", len(found))
        for entry in found:
            if entry.key in keys:
                self.report.warn(file, entry.line, f"`{entry.key}` is in an earlier .bib "
                                 "too: the first is kept")
                continue
            keys.add(entry.key)
            if not entry.value("title").strip():
                # (a reference manager's export keeps a bare link so; Pandoc cited it by
                # its URL, Lanting's build failed on the file)
                shown = entry.value("url") or entry.value("howpublished") or entry.key
                entry.set("title", re.sub(r"([_%&#$])", r"\\\1", shown))
                self.report.warn(file, entry.line, f"`{entry.key}` has no title: its "
                                 f"{'URL' if entry.value('url') else 'key'} is the title")
            self.references.append(entry)

    # --- lanting.toml -----------------------------------------------------------------------

    def write_config(self) -> None:
        config = self.site.config
        author = self.site_author()
        title = self.website.get("title") or self.config.get("title") or author or "My site"
        config["title"] = str(title)
        if author:
            config["author"] = author
        if not self.language:
            self.language = guess_language([t for _, t, _, _ in self.documents])
            self.report.note(self.settings_file, None, f"no `lang`: the posts read as "
                             f"`{self.language}`, so the new site is in it")
        config["language"] = self.language
        # (Pandoc made the headings' ids: `#a.1`, `#attention` for `## 3.2 Attention`)
        config.setdefault("markdown", {})["heading_ids"] = "pandoc"
        if self.mermaid:  # (Quarto drew its `{mermaid}` cells)
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] = (
                "Mermaid diagrams drawn as the old site drew them (the script from a CDN)")
        url = str(self.website.get("site-url") or "").rstrip("/")
        if url.startswith("http"):
            config["base_url"] = url + "/"
        description = self.website.get("description")
        if isinstance(description, str) and description.strip():
            config["description"] = " ".join(description.split())
        links = self.about_links()
        self.menu(links)
        if links:
            config["links"] = links
        if self.references:
            self.site.extra["content/references.bib"] = dump(self.references)
            self.report.convert("cited references (content/references.bib)",
                                len(self.references))
        dropped = [k for k in LEFT_OUT if k in self.website]
        if dropped:
            self.report.note(self.settings_file, None, "website settings left out: "
                             + ", ".join(f"`{k}`" for k in dropped))

    def about_links(self) -> list[dict[str, str]]:
        """The about page's `links` (and its `image` as the profile photo)."""
        links: list[dict[str, str]] = []
        entries = self.about.get("links")
        email = ""
        for entry in entries if isinstance(entries, list) else []:
            href = str(entry.get("href", "")) if isinstance(entry, dict) else ""
            if href.startswith("mailto:"):
                email = href.removeprefix("mailto:")
            if isinstance(entry, dict) and href.startswith("http"):
                links.append({"name": _link_name(entry), "url": str(entry["href"])})
        image, page = self.about.get("_image"), self.about.get("_path")
        if isinstance(image, str) and isinstance(page, Path) and (page.parent / image).is_file():
            rel = (page.parent / image).resolve().relative_to(self.source.resolve()).as_posix()
            self.site.static[rel] = page.parent / image
            profile: dict[str, str] = {"photo": "/" + rel}
            if self.site.config.get("author"):
                profile = {"name": str(self.site.config["author"]), **profile}
            self.site.config["profile"] = profile
        if email:
            self.site.config.setdefault("profile", {})["email"] = email
        return links

    def menu(self, links: list[dict[str, str]]) -> None:
        """The navbar's entries, left then right; a `menu:` of entries is a drop-down."""
        navbar = self.website.get("navbar")
        navbar = navbar if isinstance(navbar, dict) else {}
        entries: list[dict[str, Any]] = [{"name": "Blog", "url": "/blog/"}]
        for entry in [e for side in ("left", "right") for e in (navbar.get(side) or [])]:
            if isinstance(entry, dict) and isinstance(entry.get("menu"), list):
                children = [c for c in (self.navbar_entry(e, links) for e in entry["menu"])
                            if c is not None]
                if children:
                    entries.append({"name": str(entry.get("text") or children[0]["name"]),
                                    "children": children})
            elif (made := self.navbar_entry(entry, links)) is not None:
                entries.append(made)
        finish_menu(self.site, entries, self.settings_file)

    def navbar_entry(self, entry: Any, links: list[dict[str, str]]) -> dict[str, str] | None:
        """A navbar entry (`href`, `file` or a path; `text`) as one of the menu; an icon
        link alone as one of `links`."""
        href = str(entry.get("href") or entry.get("file") or "") \
            if isinstance(entry, dict) else str(entry)
        text = str(entry.get("text") or "") if isinstance(entry, dict) else ""
        icon = str(entry.get("icon") or "") if isinstance(entry, dict) else ""
        if href.startswith(("http://", "https://")):
            if text and _ICON_ONLY.fullmatch(text) is None:
                return {"name": text, "url": href}
            # (an icon's link, `text: "{{< fa brands bluesky >}}"` too: the menu showed
            # that shortcode as written)
            if (icon or text) and href not in [link["url"] for link in links]:
                links.append({"name": _link_name(entry), "url": href})
            return None
        url, title = self.local_url(href)
        return {"name": text or title, "url": url} if url else None

    def local_url(self, href: str) -> tuple[str, str]:
        """(the new URL of a document the navbar names, its title); ("", "") for none."""
        if href.endswith(".xml"):
            return "", ""
        file = (self.source / href.lstrip("/")).resolve()
        if any(file == p.resolve() for p in self.talk_listings):
            return "/talks/", "Talks"
        if any(file == p.resolve() for p in self.listings):
            return "/blog/", "Blog"
        if file.suffix == ".html":  # (the page's published name: distill's `about.html`)
            file = next((p for p in self.by_source if p.suffix != ".html"
                         and p.with_suffix("") == file.with_suffix("")), file)
        item = self.by_source.get(file) or self.by_source.get(
            (file / "index.qmd").resolve())
        if item is None or item.kind == "home":
            return "", ""
        return self.site.new_url(item), item.title


def in_project(source: Path, name: str) -> Path | None:
    """The project's file an absolute path of the author's machine names
    (`/Users/ann/Documents/blog/refs.bib`, `C:\\Users\\…`, `~/…`: Quarto found it there,
    in the project, when it rendered): the longest tail of it that is a file of the
    project, or None."""
    if not re.match(r"^(?:/|~|[A-Za-z]:[\\/])", name):
        return None
    parts = [p for p in re.split(r"[\\/]+", name) if p not in ("", "~", ".", "..")]
    for start in range(1, len(parts)):
        if (found := source.joinpath(*parts[start:])).is_file():
            return found
    return None


def bibliographies(data: dict[str, Any]) -> list[str]:
    """The `.bib` files a document's metadata names: `bibliography` (a file, a list, or
    multibib's mapping of lists, `{main: a.bib, software: b.bib}`) and the older
    multiple-bibliographies filter's `bibliography_main: a.bib` keys."""
    value = data.get("bibliography")
    found = [n for v in value.values() for n in names(v)] if isinstance(value, dict) \
        else names(value)
    for key in sorted(k for k in data if str(k).startswith("bibliography_")):
        found += names(data[key])
    return list(dict.fromkeys(found))


def book_files(config: dict[str, Any]) -> list[str]:
    """The files a book renders when its project names none: its `chapters` and
    `appendices` (in parts too, and a part's own file), and `index` (Quarto's
    `bookRenderItems` made them the project's render list: a draft folder beside the
    chapters, `old/`, was no page of the book). [] when it is no book of chapters."""
    project, book = config.get("project"), config.get("book")
    if not isinstance(project, dict) or project.get("type") != "book" \
            or not isinstance(book, dict):
        return []
    found: list[str] = []

    def walk(items: Any) -> None:
        for item in items if isinstance(items, list) else []:
            file = item if isinstance(item, str) else item.get("href") or item.get(
                "file") or item.get("part") if isinstance(item, dict) else None
            if isinstance(file, str) and "." in file.rsplit("/", 1)[-1]:
                found.append(file.lstrip("/").removeprefix("./"))
            if isinstance(item, dict):
                walk(item.get("chapters"))

    walk(book.get("chapters"))
    walk(book.get("appendices"))
    return [*found, "index.*"] if found else []


def book_chapters(config: dict[str, Any]) -> tuple[list[str], list[str]]:
    """A book's chapter files in order, and its appendices' (parts' own files left out:
    Quarto numbers the chapters of a book through its parts, the appendices A, B …);
    ([], []) for no book, or one whose `number-sections` is false."""
    project, book = config.get("project"), config.get("book")
    if not isinstance(project, dict) or project.get("type") != "book" \
            or not isinstance(book, dict) or _html_option(config, "number-sections") is False:
        return [], []

    def files(items: Any) -> list[str]:
        found: list[str] = []
        for item in items if isinstance(items, list) else []:
            file = item if isinstance(item, str) else item.get("href") or item.get(
                "file") if isinstance(item, dict) else None
            if isinstance(file, str):
                found.append(file.lstrip("/").removeprefix("./"))
            if isinstance(item, dict):
                found += files(item.get("chapters"))
        return found

    return files(book.get("chapters")), files(book.get("appendices"))


def _html_option(config: dict[str, Any], key: str) -> Any:
    """An option of the project's HTML format (`format: html: key:`), else its own."""
    formats = config.get("format")
    html = formats.get("html") if isinstance(formats, dict) else None
    return html.get(key) if isinstance(html, dict) and key in html else config.get(key)


def nocited(value: Any, files: list[Path]) -> list[str]:
    """The keys Pandoc's `nocite` lists (`@a, @b`), `@*` every entry of the document's
    BibTeX files (a publications page of `nocite: @*` over `{#refs}`: all the papers)."""
    keys = re.findall(r"@([\w:.#$%&+?<>~/*-]+)", " ".join(names(value)) if isinstance(
        value, list) else str(value or ""))
    if "*" not in keys:
        return list(dict.fromkeys(keys))
    every = [e.key for f in files if f.suffix.lower() == ".bib"
             for e in parse(read_text(f))[0]]
    return list(dict.fromkeys([k for k in keys if k != "*"] + every))


def nocite_text(item: Item, convert: Callable[[str], None]) -> str:
    """`{{< nocite … >}}` of the keys of a document's `nocite:` (`_nocite`, taken out
    of its front matter), to start its converted text; "" for none."""
    keys = item.front.pop("_nocite", None)
    if not keys:
        return ""
    convert("`nocite:` as {{< nocite >}}")
    return "{{< nocite " + " ".join(keys) + " >}}\n\n"
