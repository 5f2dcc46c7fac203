"""The old site's listing pages — tag, category and archive pages — kept answering: each
becomes a `[redirects]` entry of the new `lanting.toml` to the closest Lanting page (the
term's page, the taxonomy's index, the archive at the year).

The generators name these pages their own way (Hexo's `category_dir`, parents of nested
categories, `archives/2023/09/`; jekyll-archives' permalinks); each importer lists the
pages its site had, and this module turns them into redirects to where Lanting puts the
same listing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from lanting.importer.item import Item, site_path
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import When
from lanting.model.names import alias_path
from lanting.site.assemble import unique_slugs


def listed_posts(site: NewSite) -> list[Item]:
    """The posts the new site lists: published and not unlisted."""
    return [i for i in site.items
            if i.kind == "post" and not i.draft and not i.front.get("unlisted")]


def term_urls(posts: Iterable[Item], taxonomy: str) -> dict[str, str]:
    """Case-folded term name -> the URL Lanting gives its page (as `assemble._terms`
    does: names merged case-insensitively, clashing slugs numbered)."""
    keys = sorted({str(n).casefold() for p in posts for n in p.front.get(taxonomy) or ()})
    return {key: f"/{taxonomy}/{slug}/" for key, slug in unique_slugs(keys).items()}


def archive_url(date: When) -> str:
    """Where the archive lists a post's year (`archive.html`'s `archive-YYYY` heading)."""
    return f"/archive/#archive-{date.moment.year}"


def jekyll_slugify(name: str, pretty: bool = False) -> str:
    """A name as Jekyll's `slugify` makes it a URL part: every run of what is not a
    letter, mark or digit one `-`, lower case (mode `default`, what jekyll-archives uses);
    `pretty`: `._~!$&'()+,;=@` kept too and the case kept, as a post's `:title` is
    (`2019-08-17-IBM experience.md` → `IBM-experience`)."""
    out, dash = [], False
    for char in name:
        if unicodedata.category(char)[0] in "LM" or unicodedata.category(char) == "Nd" or (
                pretty and char in "._~!$&'()+,;=@"):
            out.append(char)
            dash = False
        elif not dash:
            out.append("-")
            dash = True
    slug = "".join(out).strip("-")
    return slug if pretty else slug.lower()


class Redirects:
    """Old listing paths and their new targets, written as `[redirects]`."""

    def __init__(self, site: NewSite, report: Report, source: str) -> None:
        self.site = site
        self.report = report
        self.source = source
        """The file that named the old paths (`_config.yml`), for the report."""
        self.found: dict[str, str] = {}
        self.case_only: dict[str, str] = {}
        """Old paths left alone because they differ from their new ones only in case, and
        those new pages."""
        self.pages: set[str] = set()
        """The new site's listing pages, every target named (without its `#…`)."""

    def add(self, old: str, new: str) -> None:
        """Redirect `old` (a site path, encoded or not) to `new` — unless the new site
        answers there itself, or would on a disk that ignores case."""
        path = alias_path(site_path(old))[0]
        target = new.split("#", 1)[0]
        self.pages.add(target)  # (first: a page already asked from elsewhere is one too)
        if path is None or path in self.found or path in self.case_only:
            return
        if path == target:
            return  # the same URL in both sites
        if path.casefold() == target.casefold():
            self.case_only[path] = target  # each post with the term asks again: say it once
            self.report.note(self.source, None, f"`{path}` is not redirected: it differs "
                             f"from the new `{target}` only in case, and a disk that ignores "
                             "case would hold one file for both")
            return
        self.found[path] = new

    def case_moved(self, url: str) -> str | None:
        """The new page of an old listing URL left without a redirect because it differs
        from that page only in case (Hexo's `/categories/Hexo/`, now `/categories/hexo/`):
        a post's link to it is pointed there, else it led nowhere and the build failed."""
        path = alias_path(site_path(url))[0]
        return self.case_only.get(path) if path is not None else None

    def finish(self, what: str) -> None:
        self._drop_case_clashes()
        if not self.found:
            return
        redirects = self.site.config.setdefault("redirects", {})
        for old, new in sorted(self.found.items()):
            redirects.setdefault(old, new)
        self.site.config_comments.setdefault("redirects", (
            f"the old site's {what}: each old URL answers with a redirect page"))
        self.report.convert("old listing pages kept ([redirects])", len(self.found))

    def _drop_case_clashes(self) -> None:
        """Leave out each old path that differs only in case from another term's new page:
        Hexo's `/tags/CPP/` (tag `CPP`, whose page is `/tags/cpp-2/`) beside `/tags/cpp/`
        (tag `C++`). A disk that ignores case holds one file for both, so the redirect
        would replace that page (the build warned so). One that is another term's new
        page itself is left out too: tags `userspace cni` and `userspace-cni` had one page
        in Hexo, `/tags/userspace-cni/`, which the second keeps (the build refused a
        redirect there)."""
        pages = {page.casefold(): page for page in sorted(self.pages)}
        for path in sorted(self.found):
            page = pages.get(path.casefold())
            if page is None or page == self.found[path].split("#", 1)[0]:
                continue
            del self.found[path]
            if page == path:
                self.report.note(self.source, None, f"`{path}` is not redirected: the new "
                                 "site has a page there, of another term that the old site "
                                 "gave the same page")
                continue
            self.report.note(self.source, None, f"`{path}` is not redirected: it differs "
                             f"from `{page}`, another page of the new site, only in case, "
                             "and a disk that ignores case would hold one file for both")
