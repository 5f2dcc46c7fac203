"""The owner of an al-folio or academicpages site: `_pages/about.md`'s picture and
subtitle, the links of `_data/socials.yml` (older al-folio: of `_config.yml`;
academicpages: its `author:` block) as `[profile]`, `_data/coauthors.yml`, and the CV
pages (a PDF to download, academicpages' JSON CV). A part of `alfolio.AlFolio`."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.importer.alfolio_collections import AcademicCollections
from lanting.importer.alfolio_cv import academicpages_cv
from lanting.importer.alfolio_profiles import profiles
from lanting.importer.common import bool_of, html_line, read_text
from lanting.importer.item import Item
from lanting.importer.jekyll_reads import markdown_files
from lanting.importer.jekyll_urls import old_path
from lanting.importer.listings import Redirects
from lanting.importer.site import slug_of
from lanting.importer.text import load_mapping, split_front_matter

SOCIALS = {  # socials.yml key -> (Lanting link kind, URL template)
    "scholar_userid": ("scholar", "https://scholar.google.com/citations?user={}"),
    "github_username": ("github", "https://github.com/{}"),
    "gitlab_username": ("gitlab", "https://gitlab.com/{}"),
    "orcid_id": ("orcid", "https://orcid.org/{}"),
    "x_username": ("x", "https://x.com/{}"),
    "twitter_username": ("twitter", "https://twitter.com/{}"),
    "linkedin_username": ("linkedin", "https://www.linkedin.com/in/{}"),
    "semanticscholar_id": ("semantic_scholar", "https://www.semanticscholar.org/author/{}"),
    "dblp_url": ("dblp", "{}"),
    "researchgate_profile": ("researchgate", "https://www.researchgate.net/profile/{}"),
    "zhihu_id": ("zhihu", "https://www.zhihu.com/people/{}"),
    "bluesky_url": ("bluesky", "{}"),
    "mastodon_username": ("mastodon", "https://{}"),
    "website_url": ("website", "{}"),
}


AUTHOR_LINKS = {  # academicpages' `author:` key -> (Lanting link kind, URL template)
    "github": ("github", "https://github.com/{}"),
    "googlescholar": ("scholar", "{}"),
    "orcid": ("orcid", "{}"),
    "researchgate": ("researchgate", "{}"),
    "twitter": ("twitter", "https://twitter.com/{}"),
    "linkedin": ("linkedin", "https://www.linkedin.com/in/{}"),
    "uri": ("website", "{}"),
}


_TOP_KEY = re.compile(r"""^(["']?)([^\s"':#-][^"':]*)\1:[ \t]*$""")
"""A surname's line (`"wang":`, `Xu:`), not an entry of its list written at the left
edge, `- firstname:` with the names under it."""


def merged_top_keys(yaml: str) -> tuple[str, list[str]]:
    """`coauthors.yml` with the lists of a surname given twice (`"wang":` for two people,
    which a YAML reader refuses and Jekyll read as the last) under one key, the second
    list indented as the first (a part a script wrote has `- ` where the hand wrote
    `  - `); and the keys joined. Each top-level key holds a list, as al-folio writes
    them."""
    blocks: dict[str | None, list[str]] = {None: []}  # None: comments before any key
    merged: list[str] = []
    key: str | None = None
    indent: dict[str | None, int] = {}  # (how far each key's list is indented, first)
    shift: int | None = None  # (how far a key's lines move to line up with that)
    for line in yaml.split("\n"):
        match = _TOP_KEY.match(line)
        if match:
            key, shift = match.group(2).strip(), None
            if key in blocks:
                merged.append(key)
                continue
            blocks[key] = []
        item = re.match(r"( *)- ", line)
        if item and shift is None:
            shift = indent.setdefault(key, len(item.group(1))) - len(item.group(1))
        if shift and not match:  # (a repeated key's `- ` under the first one's `  - `)
            cut = min(-shift, len(line) - len(line.lstrip(" ")))
            line = " " * shift + line if shift > 0 else line[cut:]
        blocks[key].append(line)
    if not merged:
        return yaml, []
    return "\n".join("\n".join(line for line in lines if line.strip())
                     for lines in blocks.values() if lines) + "\n", merged


def without_unlinked(yaml: str) -> tuple[str, list[str]]:
    """`coauthors.yml` without the people it gives no `url` (al-folio's layout shows
    their names unlinked, as Lanting does a name with no entry; Lanting's file wants a
    link for each), comments kept; and the surnames of those left out."""
    loader = YAML()
    try:
        data = loader.load(yaml)
    except YAMLError:
        return yaml, []  # (the build names the error at its line)
    dropped: list[str] = []
    for family in list(data) if isinstance(data, dict) else []:
        people = data[family]
        if not isinstance(people, list):
            continue
        kept = [p for p in people if not isinstance(p, dict) or str(p.get("url") or "").strip()]
        if len(kept) < len(people):
            dropped.append(str(family))
            people[:] = kept
            if not kept:
                del data[family]
    if not dropped:
        return yaml, []
    out = io.StringIO()
    loader.dump(data, out)
    return out.getvalue(), dropped


class AlFolioProfile(AcademicCollections):
    """The profile side of the al-folio importer: the owner, and their CV (a PDF to
    download, academicpages' JSON CV)."""

    profile: dict[str, Any]

    def read_profile(self, path: Path, data: dict[str, Any]) -> None:
        profile: dict[str, Any] = {"name": self.author_name()}
        picture = data.get("profile") if isinstance(data.get("profile"), dict) else {}
        assert isinstance(picture, dict)
        image = picture.get("image")
        if isinstance(image, str) and image:
            url = image if image.startswith(("/", "http")) else f"/assets/img/{image}"
            if url.startswith("http") or (self.source / url.lstrip("/")).is_file():
                profile["photo"] = url
            else:
                self.report.warn(path, None, f"profile image `{image}` not found: left out")
        subtitle = data.get("subtitle")
        if isinstance(subtitle, str) and subtitle.strip():
            # (its `&amp;` is `&` on the page; a `<br>` parted two roles)
            lines = re.split(r"<br\s*/?>", subtitle)
            profile["position"] = " · ".join(
                text for line in lines
                if (text := " ".join(html.unescape(re.sub(r"<[^>]+>", "", line)).split())))
            self.report.warn(path, None, "`subtitle` (HTML) became `[profile] position` as "
                             "plain text: split it into position and affiliation by hand")
        if picture.get("more_info"):
            # (`<p>Room 7094</p><p>Nanhu Building</p>`: an address, a line each)
            lines = re.split(r"</p>|<br\s*/?>", str(picture["more_info"]))
            location = " · ".join(text for line in lines if (text := html_line(line)))
            if location:
                profile["location"] = location
                self.report.convert("the profile's address (`more_info`) as its location")
        socials = self.source / "_data" / "socials.yml"
        if socials.is_file():
            values, _error = load_mapping("yaml", read_text(socials))
        else:  # older al-folio: in _config.yml, among every other setting
            values = {k: v for k, v in self.config.items()
                      if k in SOCIALS or k in ("email", "cv_pdf", "rss_icon")}
            self.read_author_block(profile, values)
        links: list[dict[str, str]] = []
        for key, value in values.items():
            if value in (None, "", False):
                continue
            if key in AUTHOR_LINKS:
                kind, template = AUTHOR_LINKS[key]
                links.append({"kind": kind, "url": template.format(value)})
            elif key == "email":
                profile["email"] = str(value)
            elif key == "cv_pdf":
                url = self.in_site(str(value) if str(value).startswith(("/", "http"))
                                   else f"/{value}")
                if url.startswith("/") and not (self.source / url.lstrip("/")).is_file():
                    self.report.warn(socials if socials.is_file() else self.config_name, None,
                                     f"CV link `{value}` left out: the file is not in the "
                                     "site (add it to static/ and to [profile] links)")
                    continue
                links.append({"kind": "cv", "url": url, "name": "CV"})
            elif key == "rss_icon" and bool_of(value):
                links.append({"kind": "rss", "url": "/atom.xml"})
            elif key in SOCIALS:
                kind, template = SOCIALS[key]
                links.append({"kind": kind, "url": template.format(value)})
            else:
                self.report.note(socials, None, f"social link `{key}` left out (no Lanting "
                                 "kind for it: add it to [profile] links by hand)")
        if links:
            profile["links"] = links
        self.profile = profile
        coauthors = self.source / "_data" / "coauthors.yml"
        if coauthors.is_file():
            text, merged = merged_top_keys(read_text(coauthors))
            for key in merged:
                self.report.note(coauthors, None, f"`{key}` is there more than once (Jekyll "
                                 "kept the last): their lists are joined")
            text, unlinked = without_unlinked(text)
            if unlinked:
                self.report.note(coauthors, None, "left out, with no `url` to link their "
                                 "names to (al-folio showed them unlinked, as Lanting does): "
                                 + ", ".join(f"`{key}`" for key in unlinked))
            self.site.extra["content/coauthors.yml"] = text
            self.report.convert("co-author links (content/coauthors.yml)")

    def read_author_block(self, profile: dict[str, Any], values: dict[str, Any]) -> None:
        """academicpages' `author:` block of `_config.yml`: the sidebar's name, photo,
        employer and links, into `profile` and `values` (read as socials)."""
        author = self.config.get("author")
        if not isinstance(author, dict):
            return
        for key in ("email", *AUTHOR_LINKS):
            if author.get(key):
                values[key] = author[key]
        if isinstance(author.get("employer"), str) and author["employer"].strip():
            profile["affiliation"] = author["employer"].strip()
        if isinstance(author.get("location"), str) and html_line(author["location"]):
            profile["location"] = html_line(author["location"])
        avatar = author.get("avatar")
        if isinstance(avatar, str) and avatar.strip():
            url = avatar if avatar.startswith(("/", "http")) else f"/images/{avatar}"
            if url.startswith("http") or (self.source / url.lstrip("/")).is_file():
                profile["photo"] = url
        left = sorted(k for k, v in author.items() if v and k not in (
            "email", "employer", "avatar", "name", "location", *AUTHOR_LINKS))
        if left:
            self.report.note(self.config_name, None, "`author` fields left out (no place for them "
                             "in [profile]): " + ", ".join(f"`{k}`" for k in left))

    def cv_pdf(self, data: dict[str, Any]) -> str | None:
        """The CV page's `cv_pdf` (its download button: a name in `assets/pdf/`, or a
        path of the site) as a URL, when the file is in the site."""
        name = str(data.get("cv_pdf") or "").strip()
        if name.rsplit("/", 1)[-1] == "example_pdf.pdf":  # (the theme's, never changed)
            return None
        if not name or "://" in name:
            return name or None
        url = self.in_site("/" + name.lstrip("/")) if "/" in name else f"/assets/pdf/{name}"
        return url if (self.source / url.lstrip("/")).is_file() else None

    def in_site(self, url: str) -> str:
        """A path of the site as its owner wrote it, with the `baseurl` the old site was
        served under (`/lab/assets/pdf/cv.pdf`), as the path of its file."""
        return url[len(self.baseurl):] if self.baseurl and url.startswith(
            self.baseurl + "/") else url

    def json_cv(self, path: Path, data: dict[str, Any]) -> bool:
        """academicpages' JSON CV page: its `_data/cv.json` as content/cv.yaml, its old
        URL redirected to /cv/ (unless the site has a page there); True when handled."""
        made, handled = academicpages_cv(self.source, self.report)
        if made is None:
            return handled
        at_cv = [p for p in self.page_files() if p != path and load_mapping(
            "yaml", split_front_matter(read_text(p))[1])[0].get("permalink") in ("/cv/",
                                                                                 "/cv")]
        if at_cv or "content/cv.yaml" in self.site.extra:
            self.report.warn(path, None, "_data/cv.json left out: the new site's /cv/ is "
                             f"{self.report.rel(at_cv[0]) if at_cv else 'another CV'}'s")
            return True
        self.site.extra["content/cv.yaml"] = made
        self.report.convert("CV (content/cv.yaml)")
        redirects = Redirects(self.site, self.report, self.report.rel(path))
        redirects.add(self.baseurl + "/" + str(data.get("permalink") or "/cv-json/")
                      .strip("/") + "/", "/cv/")
        redirects.finish("JSON CV page")
        self.report.note(path, None, "the CV of _data/cv.json (JSON Resume) is "
                         "content/cv.yaml, at /cv/")
        return True


    def profiles_page(self, path: Path, data: dict[str, Any], body: str, first: int) -> None:
        """al-folio's `layout: profiles` page: its people (`alfolio_profiles`) are
        content/people/, their texts their pages; the page is left out, its URL led to
        /people/."""
        people, notes = profiles(self.source, path, data, body, first)
        for note in notes:
            self.report.note(path, None, note)
        for person in people:
            front = dict(person.front)
            if person.image is not None:
                front["cover"] = self.site.image(
                    person.image, "/" + person.image.relative_to(self.source).as_posix())
            elif person.missing_image:
                self.report.warn(path, None, f"photo `assets/img/{person.missing_image}` "
                                 f"of {front['title']} not found: left out")
            item = self.site.add(Item("person", slug_of(front["title"]), person.text_path,
                                      front))
            self.posts.append((item, person.text, person.first, person.text_path))
        if not people:
            self.report.note(path, None, "left out: the theme's example profiles")
            return
        self.report.counts["people"] += len(people)
        self.report.convert("people of al-folio's profiles page (content/people/)",
                            len(people))
        old = "/" + (str(data.get("permalink") or "") or self.page_url(path)).strip("/")
        self.left_out[old_path(old)] = "/people/"
        redirects = Redirects(self.site, self.report, self.report.rel(path))
        redirects.add(self.baseurl + old, "/people/")
        redirects.finish("people page")
        self.report.note(path, None, f"its {len(people)} people are content/people/, "
                         "listed at /people/; the page is left out")


def about_at_root(source: Path) -> bool:
    """Whether a page of `_pages/` is at `/`: then it is the home page and the profile,
    and another of `layout: about` (`/cn/`, a version in Chinese made by hand) a page of
    its own (each one overwrote the profile, the last one read winning)."""
    for page in markdown_files(source / "_pages"):
        fmt, head, _body, _first = split_front_matter(read_text(page))
        if str(load_mapping(fmt or "yaml", head)[0].get("permalink") or "").strip() == "/":
            return True
    return False
