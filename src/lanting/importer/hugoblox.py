"""Hugo Blox (Wowchemy, "Academic") → Lanting: everything Hugo has, plus the author profile
(`content/authors/<user>/_index.md` or `data/authors/<user>.yaml`) as `[profile]` and the
home page, the theme's own sections (projects in `hugoblox_pages.py`, publications in
`hugoblox_publications.py`, events in `hugoblox_events.py`), the blocks of its one-page
home and the links to them (`hugoblox_landing.py`), and its shortcodes
(`hugoblox_bodies.py`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.alfolio_home import SELECTED_ON_HOME
from lanting.importer.bibtex import dump
from lanting.importer.body_links import UNLINK
from lanting.importer.common import bool_of, read_text
from lanting.importer.hexo_settings import MERMAID
from lanting.importer.hugo_front import hugo_keys
from lanting.importer.hugo_settings import HugoLanguage
from lanting.importer.hugoblox_authors import author_terms
from lanting.importer.hugoblox_bodies import HugoBloxBodies
from lanting.importer.hugoblox_home import (
    education_line,
    featured_count,
    is_widget,
    widget_branch,
)
from lanting.importer.hugoblox_pages import AUTHORS, PROJECTS, PUBLICATIONS, TALKS
from lanting.importer.hugoblox_people import group_headings, people
from lanting.importer.hugoblox_slides import SLIDES
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.other_case import url_in_other_case
from lanting.importer.site import slug_of
from lanting.importer.text import key_line, load_mapping, names, split_front_matter

_AUTHOR_PAGE = re.compile(r"^(?:/[a-z]{2}(?:-[a-zA-Z]+)?)?/authors?/([^/#?]+)/?$")
"""An author's page on a Hugo Blox site (in a language's folder or not)."""
NOT_BLOGS = frozenset({"courses", "course", "docs", "slides"})
"""Sections of the theme that are no blog however many pages they hold: its courses and
documents (`type: docs`, undated pages) and its slide decks."""
CMS_TYPES = ("wowchemycms", "netlifycms")
"""Page types that make the old site's content manager (Netlify CMS), not a page."""
LINK_KINDS = {"github": "github", "google-scholar": "scholar", "graduation-cap": "scholar",
              "orcid": "orcid", "zhihu": "zhihu", "x": "x", "twitter": "twitter",
              "linkedin": "linkedin", "cv": "cv", "gitlab": "gitlab", "researchgate":
              "researchgate", "semantic-scholar": "semantic_scholar", "dblp": "dblp",
              "bluesky": "bluesky", "mastodon": "mastodon"}


class HugoBlox(HugoBloxBodies):
    kind = "hugo-blox"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.profile: dict[str, Any] = {}
        self.owner = ""
        """The folder of the author whose profile the new home page shows."""
        self.terms: frozenset[str] | None = None
        """The authors Hugo made a page of (`author_terms`), once read."""
        self.read_blocks()
        self.read_authors()

    def special_sections(self) -> tuple[str, ...]:
        return PUBLICATIONS + TALKS + AUTHORS + PROJECTS + SLIDES

    def main_section(self, files: list[tuple[Path, Path | None]]) -> str:
        """The theme's blog (`blog/`, `post/`) unless `mainSections` says otherwise: a
        course of many undated pages (`courses/`, the theme's documents) is no blog."""
        found = super().main_section(files)
        if self.config.get("mainsections") or self.params.get("mainsections"):
            return found
        others = [s for s in self.sections if s not in NOT_BLOGS]
        return next((s for s in ("blog", "post", "posts") if s in self.sections),
                    found if found not in NOT_BLOGS or not others
                    else max(sorted(others), key=lambda s: self.sections[s]))

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        found = None if image else self.author_url(url, ctx) or self.publication_url(url)
        return found if found is not None else super().url(url, image, ctx, folder)

    def publication_url(self, url: str) -> str | None:
        """A link to a publication's old page (`/publication/2024/x/`) leads to its
        entry's page; in other capitals (`/publication/2024/X/`) too, where Hugo
        lowercased the URL and the writer's link kept the folder's capitals."""
        path, mark, fragment = url.partition("#")
        path = unquote(path).rstrip("/")
        key = self.citations.get(path) or (url_in_other_case(self.citations, path)
                                           if self.lower and path else None)
        return f"/publications/{key}/{mark}{fragment}" if key else None

    def author_url(self, url: str, ctx: Context) -> str | None:
        """A link to an author's page (`/author/wenqiang-lei/`, `/en/authors/admin/`,
        or by the shown name, `/author/雷文强/`), which Lanting does not make: the owner's
        leads to the home page, which shows the profile; another's keeps its text, with
        a warning (it broke the build)."""
        match = _AUTHOR_PAGE.match(unquote(url))
        if match is None:
            return None
        name = match.group(1).lower()
        user = next((u for u, shown in sorted(self.user_names.items())
                     if name in (u.lower(), shown.lower(), slug_of(shown))), None)
        if user is None and name in self.author_terms():
            # (the term page of a coauthor without a profile, which listed their papers)
            ctx.note(url, "a link to the page listing an author's papers and posts, which "
                     "Lanting does not make: its text kept without the link")
            return UNLINK
        if user is None:
            return None
        if user == self.owner:
            ctx.convert("links to the owner's author page (the home page)")
            return "/"
        ctx.warn(url, f"a link to the page of the author `{self.user_names[user]}`, which "
                 "Lanting does not make: its text kept without the link")
        return UNLINK

    def author_terms(self) -> frozenset[str]:
        """`hugoblox_authors.author_terms`, read when a link first asks."""
        if self.terms is None:
            self.terms = author_terms(self.content)
        return self.terms

    # --- profile ----------------------------------------------------------------------------

    def read_authors(self) -> None:
        found: list[tuple[str, dict[str, Any], str, Path]] = []
        folder = self.site_root() / "authors"
        for path in sorted(folder.glob("*/_index.md")) if folder.is_dir() else []:
            fmt, head, body, _first = split_front_matter(read_text(path))
            data, _error = load_mapping(fmt or "yaml", head)
            found.append((path.parent.name, data, body, path))
        data_folder = self.source / "data" / "authors"
        for path in sorted(data_folder.glob("*.y*ml")) if data_folder.is_dir() else []:
            data, _error = load_mapping("yaml", read_text(path))
            found.append((path.stem, data, str(data.get("bio") or ""), path))
        for user, data, _body, _path in found:
            self.authors.setdefault(user, data)  # (the same file as the profile's)
            name = data.get("title") or data.get("name")
            if isinstance(name, dict):
                name = name.get("display") or name.get("given_name")
            self.user_names[user] = str(name or user)
            first, last = str(data.get("first_name") or ""), str(data.get("last_name") or "")
            self.bib_names[user] = f"{last}, {first}" if first and last else self.user_names[user]
        # (the superuser, else `admin` or `me`, else the first; never one that says
        # `superuser: false`: a lab's people, its theme's example `admin` among them,
        # none of whom the old home page showed as its owner)
        owners = [f for f in found if f[1].get("superuser") is None
                  or bool_of(f[1].get("superuser"))]
        owner = next((f for f in owners if bool_of(f[1].get("superuser"))
                      or f[0] in ("admin", "me")), owners[0] if owners else None)
        if owner is None and self.params.get("name"):
            owner = self.academic_owner()
        if owner is not None:
            self.owner = owner[0]
            self.authors[""] = owner[1]
            self.read_profile(*owner)
        self.read_people([f for f in found if f[3].name == "_index.md"])

    def read_people(self, found: list[tuple[str, dict[str, Any], str, Path]]) -> None:
        """A research group's authors of its `user_groups` as `person` items
        (`hugoblox_people.py`), their text converted with the pages'."""
        for person in people(found, group_headings(self.site_root())):
            front = dict(person.front)
            if person.avatar is not None:
                front["cover"] = self.site.image(person.avatar, None)
            item = self.site.add(Item("person", slug_of(front["title"]), person.path, front))
            self.items.append((item, person.text + "\n", person.path, person.path.parent))
            self.report.counts["people"] += 1
            self.report.convert("authors of a group as people (content/people/)")

    def academic_owner(self) -> tuple[str, dict[str, Any], str, Path] | None:
        """Academic before its `content/authors/` (2016–2018): the profile in `params`
        (`name`, `role`, `organizations`, `social`, `email`, `avatar` in `static/img/`),
        the interests, education and biography in the `about` widget."""
        about = next((b for b in self.blocks if b.kind == "about"), None)
        if about is None:
            return None
        params = self.params
        interests = about.data.get("interests")
        organizations = params.get("organizations") or (
            [{"name": params["organization"]}] if params.get("organization") else [])
        data = {"title": params["name"], "role": params.get("role"),
                "organizations": organizations, "social": params.get("social") or [],
                "education": about.data.get("education"),
                "interests": interests.get("interests") if isinstance(interests, dict)
                else interests}
        self.user_names["admin"] = self.bib_names["admin"] = str(params["name"])
        return "admin", data, about.text, about.path

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
        for entry in data.get("social") or data.get("profiles") or data.get("links") or []:
            if not isinstance(entry, dict):
                continue
            url = str(entry.get("link") or entry.get("url") or "")
            icon = str(entry.get("icon") or "").rsplit("/", 1)[-1]
            if url.startswith("mailto:"):
                profile["email"] = url.removeprefix("mailto:")
            elif icon in LINK_KINDS and url:
                if url.startswith("//"):  # (`//github.com/x`, as Academic's example wrote)
                    url = "https:" + url
                elif not url.startswith(("http", "/")):
                    url = "/" + url
                if url.startswith("/static/") and (self.source / url.lstrip("/")).is_file():
                    url = url.removeprefix("/static")  # (`static/uploads/cv.pdf`: its file)
                if url.startswith("/") and not self.on_old_site(url):
                    # (`link: CV_Zhu.pdf`, a file never committed: the build refused it)
                    self.report.warn(path, _line_with(path, url.lstrip("/")), f"social link "
                                     f"`{icon}`: `{url}` is no file or page of the old site "
                                     "(its link led nowhere): left out; put the file in "
                                     "static/ and add it to [profile] links")
                    continue
                links.append({"kind": LINK_KINDS[icon], "url": url})
            elif url:
                self.report.note(path, None, f"social link `{icon}` ({url}) left out: no "
                                 "Lanting kind for it (add it to [profile] links by hand)")
        if links:
            profile["links"] = links
        avatar_file = self.source / "static" / "img" / str(self.params.get("avatar") or "")
        if "photo" not in profile and path.name != "_index.md" and avatar_file.is_file():
            profile["photo"] = f"/img/{avatar_file.name}"  # (Academic's `params.avatar`)
        if "email" not in profile and isinstance(self.params.get("email"), str):
            profile["email"] = self.params["email"]
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

    def finish_more(self) -> None:
        self.home_blocks()
        self.finish_decks()
        self.link_project_decks()
        if self.entries:
            self.site.extra["content/publications.bib"] = dump(self.entries)
        for item, _text, _path, _folder in self.items:
            if item.kind == "talk":
                # (a citation of one of the publications; `[@handle](https://x.com/…)`
                # is a link)
                papers = [key for key in re.findall(r"\[@([^\]\s;]+)\](?!\()", item.body)
                          if key in self.keys]
                if papers:
                    item.front["paper"] = papers[0]
        if self.profile:
            self.site.config["profile"] = self.profile

    def read_branches(self, files: list[tuple[Path, Path | None]]) -> None:
        """(Hugo Blox's `_index.md` files are its landing page's blocks, the authors and
        the lists of its sections: read as such, `read_authors`, `finish_more`.) The
        text above the blog's list is the blog page's, as on any Hugo site; the text
        above a list of the theme's (`publication/_index.md`: "also on Google Scholar")
        has no place on Lanting's: a warning. (Both were left out without a word.)"""
        for language in self.languages:
            for path in sorted(language.content.glob("*/**/_index.md")):
                if widget_branch(path.parent) and path.parent.name != "home" \
                        and not self.ignored(path):  # (`read_special` reads its widgets)
                    self.lang_of[path] = language
                    self.read(path, path.parent)
            for name in dict.fromkeys((self.main, *PUBLICATIONS, *TALKS, *PROJECTS)):
                path = language.content / name / "_index.md"
                if not path.is_file() or self.ignored(path):
                    continue
                fmt, head, body, first = split_front_matter(read_text(path))
                data = hugo_keys(load_mapping(fmt or "yaml", head)[0])
                if data.get("type") == "landing" or "sections" in data:
                    continue  # (a landing page of blocks: `read_blocks`)
                self.lang_of[path] = language
                if name == self.main:
                    self.blog_text(path, data, body, f"/{name}/")
                elif body.strip():
                    line = first + body[:len(body) - len(body.lstrip())].count("\n")
                    self.report.warn(path, line, f"the text of the list page of `{name}/` "
                                     "is not imported: Lanting's lists show no text")
            self.section_texts(language, files)

    def section_texts(self, language: HugoLanguage, files: list[tuple[Path, Path | None]]
                      ) -> None:
        """The text of another section's `_index.md` (`research/_index.md`, a page of
        its own text; `join/_index.md` above its pages) as a page at its URL, as on any
        Hugo site, when no list of Lanting's is there: no page under it, or only pages."""
        for path in sorted(language.content.glob("*/_index.md")):
            folder = path.parent
            if folder.name in (self.main, *self.special_sections(), "home") \
                    or folder.name in self.taxonomy_sections() or self.ignored(path) \
                    or widget_branch(folder):
                continue
            fmt, head, body, _first = split_front_matter(read_text(path))
            data = hugo_keys(load_mapping(fmt or "yaml", head)[0])
            if not body.strip() or data.get("type") == "landing" or "sections" in data:
                continue
            if any(p.is_relative_to(folder) for p, _b in files) and not self.pages_only(folder):
                self.report.warn(path, None, f"the text of the list page of `{folder.name}/` "
                                 "is not imported: Lanting's lists show no text")
                continue
            self.lang_of[path] = language
            self.section_page(path, data, head, body, folder)

    def content_files(self) -> list[tuple[Path, Path | None]]:
        """Publications first: posts citing them need their keys. The CMS's page and the
        widgets of the old home (`read_blocks`; a bundle's too, `home/gallery/index.md`)
        are left out before the sections are counted (they are no posts)."""
        homes = {lang.content / "home" for lang in self.languages}
        files = [f for f in super().content_files() if not self.is_cms_page(f[0])
                 and not ((f[0].parent in homes or f[0].name == "index.md"
                           and f[0].parent.parent in homes
                           or widget_branch(f[0].parent)) and is_widget(f[0]))]
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
        highlight = []
        if self.profile.get("name_en"):
            first_last = self.profile["name_en"].split()
            if len(first_last) == 2:
                highlight = [f"{first_last[1]}, {first_last[0]}",
                             f"{first_last[0][0]}. {first_last[1]}"]
        # (the names the owner wrote in bold in publications' author lists)
        highlight += sorted(n for n in self.owner_names
                            if n not in (self.profile.get("name"), *highlight))
        if highlight:
            config.setdefault("publications", {})["highlight_names"] = highlight
        if self.diagrams and "mermaid" not in config["markdown"]:
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += ("; Mermaid diagrams drawn, as the site "
                                                      "chose (`diagram = true`)")
        # (the old home's list of featured papers, `count: 12`: as many on the new one)
        count = featured_count(self.blocks)
        featured = sum(bool_of(e.value("selected")) for e in self.entries)
        shown = min(count or featured, featured) if count is not None else None
        if shown and shown != SELECTED_ON_HOME:
            config.setdefault("publications", {})["selected_on_home"] = shown


def _line_with(path: Path, text: str) -> int | None:
    """The first line of `path` holding `text` (a value inside a front-matter list)."""
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if text in line:
            return number
    return None
