"""The settings of a Quarto website written for Lanting: `lanting.toml` (title, `site-url`,
description, author, language, links) from `_quarto.yml`, the about page (`about:
{template: jolla, links: …}`) and the posts' `_metadata.yml`; the navbar as the menu;
a book's chapters. Bibliographies are `quarto_bibliography`'s.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, dump
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.quarto_bibliography import QuartoBibliography
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language
from lanting.importer.text import load_mapping, names

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
    """The project's settings with its default profile's file merged in (`profile:
    default: web`: `_quarto-web.yml`, which held a course's `project:` and `website:`),
    then its `metadata-files`, in order (a real site kept `project: type: website` and
    all of `website:`, its title, URL and navbar, in `_quarto-website.yml`: they were
    lost)."""
    for name in default_profiles(config.get("profile")):
        found = [source / f"_quarto-{name}.{ext}" for ext in ("yml", "yaml")
                 if (source / f"_quarto-{name}.{ext}").is_file()]
        if not found:
            report.warn("_quarto.yml", None, f"`profile`: no file `_quarto-{name}.yml`")
            continue
        data, error = load_mapping("yaml", read_text(found[0]))
        if error:
            report.warn(found[0], None, f"could not read it: {error}")
        report.note(found[0], None, f"the profile `{name}` Quarto rendered by default: its "
                    "settings read over `_quarto.yml`'s (the other profiles' left out)")
        config = _merged(config, data)
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


def default_profiles(profile: Any) -> list[str]:
    """The profiles Quarto renders with when `QUARTO_PROFILE` names none: `default`
    (one name, a list, or names with commas), else the first of each `group`."""
    if not isinstance(profile, dict):
        return []
    default = profile.get("default")
    if default is None:
        groups = profile.get("group")
        groups = groups if isinstance(groups, list) and groups and isinstance(
            groups[0], list) else [groups] if isinstance(groups, list) else []
        return [str(group[0]) for group in groups if group]
    items = default if isinstance(default, list) else str(default).split(",")
    return [str(item).strip() for item in items if str(item).strip()]


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


def output_folder(config: dict[str, Any]) -> str:
    """The folder Quarto renders the project into (`project: output-dir:`, `_site`)."""
    project = config.get("project")
    value = project.get("output-dir") if isinstance(project, dict) else None
    return str(value or "_site").strip("/")


class QuartoSettings(QuartoBibliography):
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
    metadata: dict[Path, dict[str, Any]]
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
        # (the navbar's entry of the listing page names the blog: "Writing", its own
        # text or the page's title, as Quarto showed it)
        entries[0]["name"] = next((e["name"] for e in entries[1:]
                                   if e.get("url") == "/blog/"), "Blog")
        finish_menu(self.site, entries, self.settings_file)

    def navbar_entry(self, entry: Any, links: list[dict[str, str]]) -> dict[str, str] | None:
        """A navbar entry (`href`, `file` or a path; `text`) as one of the menu; an icon
        link alone as one of `links`."""
        href = str(entry.get("href") or entry.get("file") or "") \
            if isinstance(entry, dict) else str(entry)
        text = str(entry.get("text") or "") if isinstance(entry, dict) else ""
        icon = str(entry.get("icon") or "") if isinstance(entry, dict) else ""
        # (`text: "{{< fa rocket >}} Research"`: the icon drew, the words named it)
        words = " ".join(_ICON_ONLY.sub(" ", text).split())
        if href.startswith(("http://", "https://")):
            if text and _ICON_ONLY.fullmatch(text) is None:
                return {"name": words or text, "url": href}
            # (an icon's link, `text: "{{< fa brands bluesky >}}"` too: the menu showed
            # that shortcode as written)
            if (icon or text) and href not in [link["url"] for link in links]:
                links.append({"name": _link_name(entry), "url": href})
            return None
        url, title = self.local_url(href)
        return {"name": words or title, "url": url} if url else None

    def local_url(self, href: str) -> tuple[str, str]:
        """(the new URL of a document the navbar names, its title); ("", "") for none."""
        if href.endswith(".xml"):
            return "", ""
        file = (self.source / href.lstrip("/")).resolve()
        if any(file == p.resolve() for p in self.talk_listings):
            return "/talks/", self.title_of(file) or "Talks"
        if any(file == p.resolve() for p in self.listings):
            return "/blog/", self.title_of(file) or "Blog"
        if file.suffix == ".html":  # (the page's published name: distill's `about.html`)
            file = next((p for p in self.by_source if p.suffix != ".html"
                         and p.with_suffix("") == file.with_suffix("")), file)
        item = self.by_source.get(file) or self.by_source.get(
            (file / "index.qmd").resolve())
        if item is None or item.kind == "home":
            return "", ""
        return self.site.new_url(item), item.title

    def title_of(self, file: Path) -> str:
        """A listing page's title (which Quarto's navbar showed for its entry), or ""."""
        return " ".join(str(self.metadata.get(file, {}).get("title") or "").split())


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
            or not isinstance(book, dict) or html_option(config, "number-sections") is False:
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


def html_option(config: dict[str, Any], key: str) -> Any:
    """An option of the project's HTML format (`format: html: key:`), else its own."""
    formats = config.get("format")
    html = formats.get("html") if isinstance(formats, dict) else None
    return html.get(key) if isinstance(html, dict) and key in html else config.get(key)
