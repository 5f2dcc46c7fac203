"""Hugo Blox's authors (`content/authors/<user>/_index.md`, `data/authors/<user>.yaml`):
the owner's profile (`[profile]`, the home page's title and text), a research group's
people (`hugoblox_people.py`), and where links to their old pages lead."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.body_links import UNLINK
from lanting.importer.common import bool_of, read_text
from lanting.importer.hugo_urls import hugo_path
from lanting.importer.hugoblox_authors import author_terms
from lanting.importer.hugoblox_bodies import HugoBloxBodies
from lanting.importer.hugoblox_home import education_line
from lanting.importer.hugoblox_people import group_headings, people
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import slug_of
from lanting.importer.text import load_mapping, names, split_front_matter

_AUTHOR_PAGE = re.compile(r"^(?:/[a-z]{2}(?:-[a-zA-Z]+)?)?/authors?/([^/#?]+)/?$")
"""An author's page on a Hugo Blox site (in a language's folder or not)."""
LINK_KINDS = {"github": "github", "google-scholar": "scholar", "graduation-cap": "scholar",
              "orcid": "orcid", "zhihu": "zhihu", "x": "x", "twitter": "twitter",
              "linkedin": "linkedin", "cv": "cv", "gitlab": "gitlab", "researchgate":
              "researchgate", "semantic-scholar": "semantic_scholar", "dblp": "dblp",
              "bluesky": "bluesky", "mastodon": "mastodon"}


class HugoBloxAuthors(HugoBloxBodies):
    """The readers of the authors: the profile and the people."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.profile: dict[str, Any] = {}
        self.owner = ""
        """The folder of the author whose profile the new home page shows."""
        self.terms: frozenset[str] | None = None
        """The authors Hugo made a page of (`author_terms`), once read."""
        self.people_items: dict[str, Item] = {}
        """An author's folder (`jane-doe`) -> their page among the people."""

    def author_url(self, url: str, ctx: Context) -> str | None:
        """A link to an author's page (`/author/wenqiang-lei/`, `/en/authors/admin/`,
        or by the shown name, `/author/雷文强/`), which Lanting does not make: the owner's
        leads to the home page, which shows the profile, a member's of the group to
        their page among the people; another's keeps its text, with a warning (it broke
        the build)."""
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
        if user in self.people_items:
            ctx.convert("links to a member's author page (their page among the people)")
            return self.site.link(self.people_items[user])
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
            item.old_urls = [self.author_page(person.user)]  # (Hugo Blox's page of them)
            self.table.add(item.old_urls[0], item)
            self.people_items[person.user] = item
            self.items.append((item, person.text + "\n", person.path, person.path.parent))
            self.report.counts["people"] += 1
            self.report.convert("authors of a group as people (content/people/)")

    def author_page(self, user: str) -> str:
        """Where Hugo made the page of an author (the `authors` taxonomy's term): its
        `permalinks` (Hugo Blox's `/author/:slug/`), else Hugo's `/authors/<user>/`."""
        permalinks = self.config.get("permalinks")
        permalinks = permalinks if isinstance(permalinks, dict) else {}
        terms = permalinks.get("term")
        pattern = (terms.get("authors") if isinstance(terms, dict) else None) \
            or permalinks.get("authors")
        slug = hugo_path(user, self.lower)
        if not isinstance(pattern, str) or ":slug" not in pattern:
            return f"/authors/{slug}/"
        return "/" + pattern.replace(":slug", slug).strip("/") + "/"

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


def _line_with(path: Path, text: str) -> int | None:
    """The first line of `path` holding `text` (a value inside a front-matter list)."""
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if text in line:
            return number
    return None
