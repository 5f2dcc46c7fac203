"""Hugo Blox (Wowchemy, "Academic") → Lanting: everything Hugo has, plus the author profile
(`content/authors/<user>/_index.md` or `data/authors/<user>.yaml`) as `[profile]` and the
home page, publication folders as `publications.bib` (their `cite.bib`, else an entry
made from the front matter), events as talks, and the theme's shortcodes (`callout`,
`spoiler`, `toggle`, `cite`, `mention`, `hl`, `math`, `icon`, `table`, `figure` from
the media library)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.bibtex import BibEntry, dump, parse
from lanting.importer.common import (
    bool_of,
    finish_menu,
    first_date,
    menu_names,
    read_text,
    summary_of,
)
from lanting.importer.hugo import DATES, Hugo
from lanting.importer.hugo_bodies import csv_table
from lanting.importer.hugo_urls import hugo_path
from lanting.importer.hugoblox_links import (
    BUTTONS,
    PageLink,
    markdown_links,
    page_links,
    publication_field,
)
from lanting.importer.liquid import Context
from lanting.importer.site import Item, redirect_page, slug_of
from lanting.importer.text import key_line, load_mapping, names, split_front_matter

PUBLICATIONS = ("publication", "publications")
TALKS = ("event", "events", "talk", "talks")
AUTHORS = ("authors",)
PROJECTS = ("project", "projects")
PROJECT_KEYS = frozenset({"title", "date", "summary", "tags", "weight", "external_link",
                          "links", "slides", "draft", "slug", "url", *(k for k, _ in BUTTONS)})
"""The keys of a project's front matter that the new project is made from."""
TALK_KEYS = frozenset({"title", "date", "summary", "abstract", "tags", "event", "location",
                       "event_url", "links", "date_end", "slides", "draft", "all_day",
                       "publishDate", "publishdate", *(k for k, _ in BUTTONS)})
"""The keys of an event's front matter that the new talk is made from."""
CMS_TYPES = ("wowchemycms", "netlifycms")
"""Page types that make the old site's content manager (Netlify CMS), not a page."""
TYPES = {"1": ("inproceedings", "conference"), "2": ("article", "journal"),
         "3": ("article", "preprint"), "4": ("techreport", "report"), "5": ("book", "book"),
         "6": ("incollection", "chapter"), "7": ("phdthesis", "thesis"),
         "8": ("misc", "patent"), "paper-conference": ("inproceedings", "conference"),
         "article-journal": ("article", "journal"), "article": ("article", "preprint"),
         "thesis": ("phdthesis", "thesis"), "report": ("techreport", "report"),
         "book": ("book", "book"), "chapter": ("incollection", "chapter")}
LINK_KINDS = {"github": "github", "google-scholar": "scholar", "graduation-cap": "scholar",
              "orcid": "orcid", "zhihu": "zhihu", "x": "x", "twitter": "twitter",
              "linkedin": "linkedin", "cv": "cv", "gitlab": "gitlab", "researchgate":
              "researchgate", "semantic-scholar": "semantic_scholar", "dblp": "dblp",
              "bluesky": "bluesky", "mastodon": "mastodon"}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")



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


def education_line(course: dict[str, Any], chinese: bool) -> str:
    """One item of a profile's `education` as a Markdown list item: the older keys
    (`course`, `institution`, `year`) or the newer (`area`, `date_start`, `date_end`,
    `summary`), joined by the comma of the site's language."""
    parts = [str(course.get(k) or "").strip() for k in ("course", "area", "degree",
                                                         "institution", "year")]
    start, end = (str(course.get(k) or "")[:4] for k in ("date_start", "date_end"))
    if start and not str(course.get("year") or ""):
        parts.append(f"{start}–{end or ('至今' if chinese else 'present')}")
    line = "- " + ("，" if chinese else ", ").join(p for p in parts if p)
    summary = str(course.get("summary") or "").strip()
    if summary:  # (a paragraph of the list item)
        line += "\n\n" + "\n".join("  " + row if row.strip() else ""
                                     for row in summary.split("\n")) + "\n"
    return line


def static_url(args: str) -> str:
    """The URL of `staticref`'s file, a path from `static/`."""
    return "/" + (B.arguments(args)[0] or [""])[0].lstrip("/")


def _title_words(title: str) -> set[str]:
    return set(re.findall(r"\w+", re.sub(r"[{}\\]", "", title).lower()))


def same_title(one: str, other: str) -> bool:
    """Whether two titles name one paper: at least half the words of the shorter are in
    the other (BibTeX's braces and case aside)."""
    a, b = _title_words(one), _title_words(other)
    if not a or not b:
        return True  # nothing to tell them apart by
    return len(a & b) * 2 >= min(len(a), len(b))


class HugoBlox(Hugo):
    kind = "hugo-blox"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.entries: list[BibEntry] = []
        self.keys: set[str] = set()
        self.profile: dict[str, Any] = {}
        self.user_names: dict[str, str] = {}
        """Author folder (`admin`) -> the name it stands for."""
        self.bib_names: dict[str, str] = {}
        """Author folder -> `Last, First` for BibTeX."""
        self.read_authors()

    def special_sections(self) -> tuple[str, ...]:
        return PUBLICATIONS + TALKS + AUTHORS + PROJECTS

    # --- profile ----------------------------------------------------------------------------

    def read_authors(self) -> None:
        found: list[tuple[str, dict[str, Any], str, Path]] = []
        folder = self.content / "authors"
        for path in sorted(folder.glob("*/_index.md")) if folder.is_dir() else []:
            fmt, head, body, _first = split_front_matter(read_text(path))
            data, _error = load_mapping(fmt or "yaml", head)
            found.append((path.parent.name, data, body, path))
        data_folder = self.source / "data" / "authors"
        for path in sorted(data_folder.glob("*.y*ml")) if data_folder.is_dir() else []:
            data, _error = load_mapping("yaml", read_text(path))
            found.append((path.stem, data, str(data.get("bio") or ""), path))
        for user, data, _body, _path in found:
            name = data.get("title") or data.get("name")
            if isinstance(name, dict):
                name = name.get("display") or name.get("given_name")
            self.user_names[user] = str(name or user)
            first, last = str(data.get("first_name") or ""), str(data.get("last_name") or "")
            self.bib_names[user] = f"{last}, {first}" if first and last else self.user_names[user]
        owner = next((f for f in found if bool_of(f[1].get("superuser"))
                      or f[0] in ("admin", "me")), found[0] if found else None)
        if owner is not None:
            self.read_profile(*owner)

    def read_profile(self, user: str, data: dict[str, Any], body: str, path: Path) -> None:
        profile: dict[str, Any] = {"name": self.user_names[user]}
        english = data.get("name_pronunciation") or " ".join(
            str(data.get(k) or "") for k in ("first_name", "last_name")).strip()
        if english and english != profile["name"]:
            profile["name_en"] = str(english)
        if data.get("role"):
            profile["position"] = str(data["role"])
        organizations = data.get("organizations") or data.get("affiliations") or []
        if isinstance(organizations, list) and organizations \
                and isinstance(organizations[0], dict) and organizations[0].get("name"):
            profile["affiliation"] = str(organizations[0]["name"])
        interests = names(data.get("interests"))
        if interests:
            profile["interests"] = interests
        avatar = next(iter(sorted(path.parent.glob("avatar.*"))), None)
        if avatar is not None and path.name == "_index.md":
            self.site.static[f"images/{avatar.name}"] = avatar
            profile["photo"] = f"/images/{avatar.name}"
        links = []
        for entry in data.get("social") or data.get("profiles") or []:
            if not isinstance(entry, dict):
                continue
            url = str(entry.get("link") or entry.get("url") or "")
            icon = str(entry.get("icon") or "").rsplit("/", 1)[-1]
            if url.startswith("mailto:"):
                profile["email"] = url.removeprefix("mailto:")
            elif icon in LINK_KINDS and url:
                if not url.startswith(("http", "/")):
                    url = "/" + url
                links.append({"kind": LINK_KINDS[icon], "url": url})
            elif url:
                self.report.note(path, None, f"social link `{icon}` ({url}) left out: no "
                                 "Lanting kind for it (add it to [profile] links by hand)")
        if links:
            profile["links"] = links
        self.profile = profile
        home = self.home()
        home.front["title"] = profile["name"]
        home.source = path
        text = body.strip()
        education = data.get("education")
        courses = education.get("courses") if isinstance(education, dict) else education
        if isinstance(courses, list) and courses:
            chinese = self.language.startswith("zh")
            lines = [education_line(c, chinese) for c in courses if isinstance(c, dict)]
            heading = "教育经历" if chinese else "Education"
            text += f"\n\n## {heading}\n\n" + "\n".join(lines)
            self.report.note(path, None, "`education` appended to the home page's text")
        if text:
            self.items.append((home, text + "\n", path, path.parent))
        if (self.content / "_index.md").is_file():
            self.report.note(self.content / "_index.md", None, "the landing page's blocks "
                             "left out: Lanting's home page shows the profile, news, "
                             "selected publications and recent posts")

    # --- publications, talks, projects ----------------------------------------------------

    def read_special(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> bool:
        if section in PUBLICATIONS:
            self.read_publication(path, bundle, section, data, head, body)
            return True
        if section in TALKS:
            self.read_talk(path, bundle, section, data, head, body)
            return True
        if section in PROJECTS:
            self.read_project(path, bundle, section, data, head, body)
            return True
        return section in AUTHORS

    def read_project(self, path: Path, bundle: Path | None, section: str,
                     data: dict[str, Any], head: str, body: str) -> None:
        """A project of `content/project/` → `content/projects/`: a card on /projects/
        (its `featured.*` image the cover) with its buttons as `links` (an
        `external_link`, which replaced the old page, first)."""
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
        if links:
            front["links"] = [{"name": link.name, "url": self.page_url(link.url, bundle,
                                                                       "projects")}
                              for link in links]
            self.report.convert("project links", len(links))
        if str(data.get("slides") or "").strip():
            self.report.warn(path, key_line(head, "slides"), f"`slides: {data['slides']}` "
                             "left out: link the talk by hand (`talk: talks/<slug>.md`)")
        self.left_out(path, data, PROJECT_KEYS)
        draft = bool_of(data.get("draft"))
        if draft:
            front["draft"] = True
        item = self.site.add(Item("project", slug_of(str(data.get("slug") or stem)), path,
                                  front, draft=draft))
        self.report.counts["projects"] += 1
        item.old_urls = [str(data.get("url") or f"/{section}/{hugo_path(stem, self.lower)}/")]
        for url in item.old_urls:
            self.table.add(url, item)
        self.remember(item, path, bundle, body)

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

    def page_url(self, url: str, bundle: Path | None, folder: str) -> str:
        """A link of a page's front matter: a URL, a file of its bundle (copied to
        `static/<folder>/<bundle>/`), or a path from the old site's root, as Hugo Blox's
        `relURL` read it."""
        found = self.local_file(url, bundle, folder)
        if found == url and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#", url):
            return "/" + url.removeprefix("./")
        return found

    def read_publication(self, path: Path, bundle: Path | None, section: str,
                         data: dict[str, Any], head: str, body: str) -> None:
        folder = bundle.name if bundle is not None else path.stem
        cite = (bundle / "cite.bib") if bundle is not None else None
        entries = parse(read_text(cite))[0] if cite is not None and cite.is_file() else []
        title = str(data.get("title") or "")
        if entries and cite is not None and title and not same_title(
                entries[0].value("title"), title):
            # Hugo Blox's page shows the front matter; a cite.bib about another paper is
            # most often the theme's example, copied with the folder and never edited.
            self.report.warn(cite, entries[0].line, f"cite.bib is about another paper "
                             f"(“{entries[0].value('title')}”, the theme's example?): the "
                             "entry is made from the page's front matter instead")
            entries = []
        entry = entries[0] if entries else self.synthesize(folder, data, head, path,
                                                          cite is None or not cite.is_file())
        if entry.key in self.keys:  # two folders with one cite.bib key: keep both papers
            self.report.warn(cite or path, entry.line, f"BibTeX key `{entry.key}` is taken by "
                             f"another publication: this one is `{folder}`")
            entry.key = folder
        self.keys.add(entry.key)
        fields = entry.fields
        if data.get("abstract") and "abstract" not in fields:
            entry.set("abstract", B.plain_inline(str(data["abstract"])))
        if bool_of(data.get("featured")):
            entry.set("selected", "true")
        notes = [n for n in data.get("author_notes") or [] if "equal" in str(n).lower()]
        if len(notes) > 1:
            entry.set("equal_contribution", str(len(notes)))
        self.publication_links(entry, path, head, data, bundle)
        if data.get("doi") and "doi" not in fields:
            entry.set("doi", str(data["doi"]))
        self.entries.append(entry)
        self.report.counts["publications"] += 1
        old = f"/{section}/{hugo_path(str(data.get('slug') or folder), self.lower)}/"
        self.citations[old.rstrip("/")] = entry.key
        self.site.extra[f"static{old}index.html"] = redirect_page(f"/publications/{entry.key}/")
        self.report.convert("old publication URLs kept (redirect pages)")
        if body.strip():
            self.report.note(path, None, "the publication page's text left out: Lanting makes "
                             "the publication's page from publications.bib")

    def publication_links(self, entry: BibEntry, path: Path, head: str,
                          data: dict[str, Any], bundle: Path | None) -> None:
        """Each button of the old page as the publication button of the same meaning
        (the PDF, Preprint on arXiv, Code, a `links:` entry "Supplementary" as `supp`);
        those Lanting has no button for (Dataset, Source Document, a Demo), or a second
        link of one kind, as named links after the venue (`additional_info`)."""
        taken: set[str] = set()
        extra: list[str] = []
        where: int | None = None
        for link in self.links_of(data, bundle, path, head):
            url = self.local_file(link.url, bundle)
            arxiv = re.search(r"arxiv\.org/(?:pdf|abs)/([\w.]+?)(?:v\d+)?(?:\.pdf)?$", url)
            field = "arxiv" if arxiv and link.key in ("url_pdf", "url_preprint") \
                else publication_field(link)
            value = arxiv.group(1) if arxiv and field == "arxiv" else url
            # (the front matter's PDF was the old page's, over a cite.bib's)
            if field is not None and field not in taken and (
                    field not in entry.fields or field in ("pdf", "arxiv")):
                entry.set(field, value)
                taken.add(field)
            elif entry.value(field or "") not in (value, url):
                extra.append(f"[{link.name}]({url if '://' in url else '/' + url.lstrip('/')})")
                where = where or key_line(head, link.key)
        if extra:
            info = entry.value("additional_info")
            entry.set("additional_info", (info + " · " if info else ". ") + " · ".join(extra))
            self.report.note(path, where,
                             "links without a publication button of their kind ("
                             + ", ".join(extra) + ") shown after the venue")

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

    def synthesize(self, folder: str, data: dict[str, Any], head: str, path: Path,
                   no_file: bool = True) -> BibEntry:
        types = names(data.get("publication_types"))
        kind, category = TYPES.get(types[0] if types else "", ("misc", ""))
        entry = BibEntry(kind, folder, {}, 1)
        entry.set("title", str(data.get("title") or folder))
        authors = [self.bib_names.get(str(a), str(a)) for a in data.get("authors") or []]
        if authors:
            entry.set("author", " and ".join(authors))
        venue = re.sub(r"[*_]", "", str(data.get("publication") or "")).strip()
        venue = re.sub(r"^In\s+", "", venue)
        if venue:
            entry.set("journal" if kind == "article" else "booktitle", venue)
        date = first_date(data, head, DATES, self.tz)
        if date is not None:
            entry.set("year", str(date.moment.year))
            entry.fields["month"] = MONTHS[date.moment.month - 1]
        if category:
            entry.set("category", category)
        if no_file:
            self.report.note(path, None, f"no cite.bib: a BibTeX entry `{folder}` made from "
                             "the front matter")
        return entry

    def read_talk(self, path: Path, bundle: Path | None, section: str, data: dict[str, Any],
                  head: str, body: str) -> None:
        stem = bundle.name if bundle is not None else path.stem
        date = first_date(data, head, DATES, self.tz)
        if date is None:
            self.report.warn(path, None, "a talk without a date: left out")
            return
        front: dict[str, Any] = {"title": str(data.get("title") or stem), "date": date}
        summary = data.get("summary") or data.get("abstract")
        if isinstance(summary, str) and summary.strip():
            front["summary"] = B.plain_inline(summary)
        front["tags"] = names(data.get("tags"))
        for key in ("event", "location"):
            if data.get(key):
                front[key] = str(data[key])
        if not body.strip():
            body = f"## {front['title']}\n"
        body = body.rstrip("\n") + "\n" + self.talk_text(path, bundle, data, head, front)
        self.left_out(path, data, TALK_KEYS)
        draft = bool_of(data.get("draft"))
        if draft:
            front["draft"] = True
        item = self.site.add(Item("talk", slug_of(stem), path, front, draft=draft))
        self.report.counts["talks"] += 1
        pattern = self.permalink_of(section)
        item.old_urls = [self.fill(pattern, [section], data, date, stem)]
        for url in item.old_urls:
            self.table.add(url, item)
        self.report.warn(path, None, "the event had no slides: its text is the talk's one "
                         "slide (add slides after the front matter, separated by `---`)")
        self.remember(item, path, bundle, body)

    def talk_text(self, path: Path, bundle: Path | None, data: dict[str, Any], head: str,
                  front: dict[str, Any]) -> str:
        """Set the talk's `video` and `slides_pdf` from the event's buttons; the text
        the old event page showed besides (its `abstract`, when `summary` was the
        summary; its event link and the other buttons), to end the talk's slide."""
        text = ""
        abstract = data.get("abstract")
        if isinstance(abstract, str) and abstract.strip() and data.get("summary"):
            text += f"\n{abstract.strip()}\n"
            self.report.convert("event abstracts in the talk's text")
        links = []
        if str(data.get("event_url") or "").strip():
            links.append(PageLink("event_url", str(data.get("event") or "Event"),
                                  str(data["event_url"]).strip()))
        for link in self.links_of(data, bundle, path, head):
            url = self.page_url(link.url, bundle, "talks")
            if link.key == "url_video" and "video" not in front:
                front["video"] = url
            elif link.key == "url_slides" and url.lower().endswith(".pdf") \
                    and "slides_pdf" not in front:
                front["slides_pdf"] = url
            else:
                links.append(PageLink(link.key, link.name, url))
        if links:
            text += "\n" + markdown_links(links) + "\n"
            self.report.convert("event links in the talk's text", len(links))
        for key in ("date_end", "slides"):
            if str(data.get(key) or "").strip():
                self.report.warn(path, key_line(head, key), f"`{key}` left out: a Lanting "
                                 "talk has " + ("one date" if key == "date_end" else
                                                "its slides in its text"))
        return text

    def finish_more(self) -> None:
        if self.entries:
            self.site.extra["content/publications.bib"] = dump(self.entries)
        for item, _text, _path, _folder in self.items:
            if item.kind == "talk":
                papers = re.findall(r"\[@([^\]\s;]+)\]", item.body)
                if papers:
                    item.front["paper"] = papers[0]
        if self.profile:
            self.site.config["profile"] = self.profile

    # --- bodies ---------------------------------------------------------------------------------

    def cover(self, data: dict[str, Any], path: Path, bundle: Path | None) -> str:
        found = super().cover(data, path, bundle)
        if found or bundle is None:
            return found
        featured = next(iter(sorted(bundle.glob("featured.*"))), None)
        if featured is not None and featured.suffix.lower() in (".png", ".jpg", ".jpeg",
                                                                ".webp", ".gif"):
            self.report.convert("featured images as covers")
            return self.site.image(featured, None)
        return ""

    def figure_source(self, src: str, named: dict[str, str], item: Item,
                      folder: Path) -> str | None:
        if bool_of(named.get("library")):
            file = self.source / "assets" / "media" / src.lstrip("/")
            return self.site.image(file, None) if file.is_file() else None
        return super().figure_source(src, named, item, folder)

    def convert(self, text: str, item: Item, ctx: Context, folder: Path) -> str:
        # Hugo Blox draws ```mermaid fences as diagrams itself; Lanting does once
        # `[markdown] mermaid` names a script, which the import leaves to the owner (a
        # script from another site is the owner's choice).
        fence = re.search(r"^[ \t]*(```|~~~)[ \t]*mermaid\b.*$", text, re.MULTILINE)
        if fence:
            ctx.note(fence.group(), "Mermaid diagrams show as code until `[markdown] "
                     "mermaid` in lanting.toml names a Mermaid script")
        return super().convert(text, item, ctx, folder)

    def passthrough(self) -> bool:
        """Hugo Blox posts wrap math in `{{< math >}}` or rely on the passthrough its
        own module configures: their escapes are TeX's."""
        return True

    def paired_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        handlers = super().paired_handlers(item, ctx, folder)

        def callout(args: str, inner: str, written: str) -> str:
            words = B.arguments(args)[0]
            return B.callout(B.CALLOUTS.get(words[0] if words else "note", "NOTE"), inner)

        def spoiler(args: str, inner: str, written: str) -> str:
            words, named = B.arguments(args)
            return B.details(named.get("text") or named.get("summary")
                             or (words[0] if words else "…"), inner)

        handlers.update({
            "callout": (callout, "callouts"), "spoiler": (spoiler, "collapsible blocks"),
            "toggle": (spoiler, "collapsible blocks"),
            "hl": (lambda a, inner, w: f"<mark>{inner.strip()}</mark>", "highlights"),
            "mark": (lambda a, inner, w: f"<mark>{inner.strip()}</mark>", "highlights"),
            # (`{{< staticref "uploads/cv.pdf" "newtab" >}}my CV{{< /staticref >}}`: a
            # link to a file of `static/`, its text between the tags)
            "staticref": (lambda a, inner, w: f"[{inner.strip()}]({static_url(a)})",
                          "staticref links"),
        })
        return handlers

    def single_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        handlers = super().single_handlers(item, ctx, folder)

        def cite(args: str, written: str) -> str:
            named = B.arguments(args)[1]
            page = "/" + named.get("page", "").strip("/")
            key = self.citations.get(page)
            if key is None:
                return ctx.leave(written, f"no publication at `{page}`")
            ctx.convert("citations")
            return f"[@{key}]"

        def mention(args: str, written: str) -> str:
            user = (B.arguments(args)[0] or [""])[0]
            ctx.convert("mentions")
            return self.user_names.get(user, user)

        def table(args: str, written: str) -> str:
            named = B.arguments(args)[1]
            file = folder / named.get("path", "")
            if not file.is_file():
                return ctx.leave(written, f"table file `{named.get('path')}` not found")
            ctx.convert("CSV tables")
            return csv_table(read_text(file), bool_of(named.get("header", "true")),
                             named.get("caption", ""))

        def remove(args: str, written: str) -> str:
            ctx.convert("theme shortcodes removed")
            return ""

        handlers.update({"cite": cite, "mention": mention, "table": table, "icon": remove,
                         "staticref": self.staticref(ctx)})
        return handlers

    def staticref(self, ctx: Context) -> Any:
        """A `staticref` without its closing tag (Hugo Blox's is paired): the URL."""
        def one(args: str, written: str) -> str:
            ctx.convert("staticref")
            return static_url(args)

        return one

    def content_files(self) -> list[tuple[Path, Path | None]]:
        """Publications first: posts citing them need their keys. The CMS's page is
        left out before the sections are counted (it is no post)."""
        files = [f for f in super().content_files() if not self.is_cms_page(f[0])]
        first = {s: 0 for s in PUBLICATIONS}
        return sorted(files, key=lambda f: (first.get(self.section_of(f[0]), 1), str(f[0])))

    def is_cms_page(self, path: Path) -> bool:
        """Whether `path` is the page that generates Wowchemy's Netlify CMS (`type:
        wowchemycms`, `content/admin/index.md` of the academic starters): noted and left
        out, as Lanting has no CMS."""
        text = read_text(path)
        if "cms" not in text:
            return False
        fmt, head, _body, _first = split_front_matter(text)
        data, _error = load_mapping(fmt or "yaml", head)
        kind = str(data.get("type") or "").lower()
        if kind not in CMS_TYPES:
            return False
        self.report.note(path, key_line(head, "type"), f"left out: the page of Wowchemy's "
                         f"content manager (`type: {kind}`); Lanting has none")
        return True

    def widget_url(self, anchor: str) -> str | None:
        """The Lanting page of a block of the old one-page home (`#publications`), or
        None when the new site has no such page."""
        pages = {"about": "/", "posts": "/blog/", "post": "/blog/", "blog": "/blog/"}
        if self.entries:
            pages.update(dict.fromkeys(("featured", "publications", "publication"),
                                       "/publications/"))
        if any(item.kind == "talk" for item in self.site.items):
            pages.update(dict.fromkeys(("talks", "talk", "events", "event"), "/talks/"))
        if any(item.kind == "project" for item in self.site.items):
            pages.update(dict.fromkeys(("projects", "project"), "/projects/"))
        return pages.get(anchor.lower())

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        """A link to a block of the old home page (`/#talks`; `#talks` in the bio, which
        was on that page) leads to the Lanting page showing it; a block Lanting has no
        page for leads to the home page, with a warning (the link named an anchor that
        no page has)."""
        home = any(i.kind == "home" and i.source == ctx.path for i in self.site.items)
        anchor = url[2:] if url.startswith("/#") else url[1:] if url.startswith("#") \
            and (home or url[1:].lower() in WIDGETS) else ""
        if not anchor or image or (url.startswith("#") and has_anchor(ctx.original, anchor)):
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
        if url.startswith("#") or url.startswith("/#"):
            return self.widget_url(url.lstrip("/#")) or "/"
        if not url.startswith(("/", "http")) and Path(url).suffix:
            return "/" + url
        return super().menu_url(url)

    def menu(self) -> None:
        super().menu()
        menu = self.site.config.get("menu")
        if not menu:
            finish_menu(self.site, [{"name": menu_names(self.language)["blog"],
                                     "url": "/blog/"}], "config/_default/menus.yaml",
                        has_publications=bool(self.entries))

    def write_config(self) -> None:
        super().write_config()
        config = self.site.config
        seo = self.params.get("seo") or {}
        if isinstance(seo, dict) and seo.get("description") and "description" not in config:
            config["description"] = str(seo["description"])
        if self.profile.get("name_en"):
            first_last = self.profile["name_en"].split()
            if len(first_last) == 2:
                config["publications"] = {"highlight_names": [
                    f"{first_last[1]}, {first_last[0]}",
                    f"{first_last[0][0]}. {first_last[1]}"]}

