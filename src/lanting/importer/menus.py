"""The menu an importer writes: the old site's entries whose URLs the new site answers
(a page Lanting generates, an imported page, a static file), the others noted, named in
the site's language where the importer names them itself."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.item import FOLDERS, site_path
from lanting.importer.site import NewSite
from lanting.markdown.urls import is_safe_url
from lanting.model.names import term_slug


def menu_url_known(url: str, site: NewSite, texts: set[str]) -> bool:
    """A menu URL the new site answers: a page Lanting generates, an imported page or a
    static file."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", url):
        return True
    path = site_path(url)
    if path in texts:
        return True
    return path.lstrip("/") in site.static


def generated_urls(site: NewSite, has_publications: bool, has_talks: bool) -> set[str]:
    urls = {"/", "/blog/", "/tags/", "/categories/", "/archive/", "/search/", "/atom.xml"}
    if has_publications:
        urls.add("/publications/")
    if has_talks or any(i.kind == "talk" and not i.draft for i in site.items):
        urls.add("/talks/")
    if "content/cv.yaml" in site.extra:
        urls.add("/cv/")
    # (a post too: a menu's "Reading list", a Beautiful Hugo site's dated About page)
    urls |= {site.new_url(i) for i in site.items if i.kind in ("page", "post", "talk")
             and not i.draft}
    # (the lists of the collections: /projects/, /teaching/)
    urls |= {f"/{FOLDERS[i.kind]}/" for i in site.items if i.kind in ("project", "teaching",
                                                                      "person")
             and not i.draft}
    for item in site.items:
        if item.kind == "post" and not item.draft:
            urls |= {f"/categories/{term_slug(c)}/" for c in item.front.get("categories", [])}
            urls |= {f"/tags/{term_slug(t)}/" for t in item.front.get("tags", [])}
    return urls


def menu_names(language: str) -> dict[str, str]:
    zh = language.lower().startswith("zh")
    return {"blog": "博客" if zh else "Blog", "tags": "标签" if zh else "Tags",
            "categories": "分类" if zh else "Categories",
            "archive": "归档" if zh else "Archive",
            "publications": "论文" if zh else "Publications",
            "talks": "报告" if zh else "Talks", "home": "首页" if zh else "Home"}


MenuEntry = dict[str, Any]
"""`{"name", "url"}`, or `{"name", "children": [entries]}` (with a `url` or not): a drop-down
list, `[[menu.children]]`."""


def finish_menu(site: NewSite, menu: list[MenuEntry], path: Path | str,
                has_publications: bool = False, has_talks: bool = False) -> None:
    """`[[menu]]` of the items whose URLs the new site answers (others dropped, noted)."""
    kept = menu_entries(site, menu, path, has_publications, has_talks)
    if kept:
        site.config["menu"] = kept


def menu_entries(site: NewSite, menu: list[MenuEntry], path: Path | str,
                 has_publications: bool = False,
                 has_talks: bool = False) -> list[MenuEntry]:
    """The entries of `menu` whose URLs the new site answers (the others noted); a
    drop-down keeps the entries of its list that do, and is left out with none."""
    known = generated_urls(site, has_publications, has_talks)
    kept: list[MenuEntry] = []
    for entry in menu:
        if entry.get("children"):
            children = _answered(site, entry["children"], path, known, [])
            if children:
                own = _answered(site, [entry], path, known, kept) if entry.get("url") else []
                kept.append({"name": entry["name"], **({"url": own[0]["url"]} if own else {}),
                             "children": children})
                continue
            if not entry.get("url"):
                site.report.note(path, None, f"menu entry `{entry['name']}` left out: no "
                                 "entry of its drop-down leads to a page of the new site")
                continue
        if not entry.get("url"):
            site.report.note(path, None, f"menu entry `{entry['name']}` left out: it led "
                             "nowhere")
            continue
        kept += _answered(site, [{"name": entry["name"], "url": entry["url"]}], path, known,
                          kept)
    return kept


def _answered(site: NewSite, entries: list[MenuEntry], path: Path | str, known: set[str],
              before: list[MenuEntry]) -> list[MenuEntry]:
    """The plain entries whose URLs the new site answers, once each (`before` are the
    menu's entries kept so far); each other one noted."""
    kept: list[MenuEntry] = []
    for entry in entries:
        url = entry["url"]
        taken = next((k["name"] for k in [*before, *kept] if k.get("url") == url), None)
        if not is_safe_url(url):
            # (AnZhiYu's `javascript:toRandomPost()`, a "random post" button: a script
            # of the old theme; such a URL in lanting.toml fails the build)
            site.report.note(path, None, f"menu entry `{entry['name']}` ({url}) left out: "
                             "it ran a script of the old theme")
        elif taken is not None and taken != entry["name"]:
            # (Hugo Blox's `/#contact`, a block the new site has no page for: the home)
            site.report.note(path, None, f"menu entry `{entry['name']}` ({url}) left out: "
                             f"the menu's `{taken}` leads there too")
        elif menu_url_known(url, site, known) and taken is None:
            kept.append({"name": entry["name"], "url": url})
        elif any(i.draft and site.new_url(i) == url for i in site.items):
            # (a draft page in the menu: the old site published no page there either,
            # and a menu entry to it fails the build)
            site.report.warn(path, None, f"menu entry `{entry['name']}` ({url}) left out: "
                             "its page is a draft, which the old site did not publish")
        elif url not in [k.get("url") for k in [*before, *kept]]:
            site.report.note(path, None, f"menu entry `{entry['name']}` ({url}) left out: "
                             "the new site has no page there")
    return kept
