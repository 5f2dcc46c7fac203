"""The old site's URLs, kept in the new one: each item's `old_urls` become its
`aliases`, or `[redirects]` in `lanting.toml` when outside its language's folder, unless
another item now answers there."""

from __future__ import annotations

from typing import Any, Protocol

from lanting.importer.item import FOLDERS, Item, new_url, path_url, site_path
from lanting.importer.report import Report
from lanting.model.names import alias_path

LANTING_PAGES = frozenset({"/", "/blog/", "/tags/", "/categories/", "/archive/", "/search/"})
"""The pages every Lanting site makes: an old URL there (a folder `tags/` of notes) would
be a redirect page written over one of them, and Lanting's own page answers there."""


class _NewSiteParts(Protocol):
    """What of the `NewSite` keeping old URLs reads and writes."""

    report: Report
    permalink: str
    config: dict[str, Any]
    config_comments: dict[str, str]
    extra: dict[str, str | bytes]


def keep_old_urls(items: list[Item], new: _NewSiteParts) -> None:
    """Give every item the aliases (or redirects) of its old URLs; a menu entry that
    led to an item whose URL took an old URL's case (`/ICS/`) leads there still."""
    # (an old URL that is another page's new one would answer for both)
    lists = make_way_for_lists(items, new)
    # (keys in folded case: `/Attention/` and `/attention/` are one folder on macOS and
    # Windows, and a redirect page there would be written over the page or another one)
    taken = {(i.lang, new_url(i, new.permalink).casefold()): i for i in items if not i.draft}
    claimed: dict[tuple[str, str], tuple[Item, str]] = {}
    moved: dict[str, str] = {}
    # (`/series/`, the list of series, once a post is in one: a Hugo site's section
    # `series/`, whose text became the blog page's, kept its URL there)
    own_pages = LANTING_PAGES | lists | ({"/series/"} if any(
        i.front.get("series") for i in items if i.kind == "post" and not i.draft) else set())
    for item in items:
        before = new_url(item, new.permalink)
        _aliases(item, taken, claimed, new, own_pages)
        after = new_url(item, new.permalink)
        if after != before:
            folder = f"/{item.lang.lower()}" if item.lang else ""
            moved[folder + before] = folder + after
    if moved:
        _follow_in_menus(new.config, moved)


def make_way_for_lists(items: list[Item], new: _NewSiteParts) -> frozenset[str]:
    """The URLs of the lists Lanting makes of the new site's collections (`/projects/`
    of its projects, `/talks/`, `/people/`, `/teaching/`, `/publications/`). A page at
    one of them (a Hugo Blox site's own `content/projects/index.md`, a table of grants,
    beside its `content/project/` folders) would claim the list's URL and stop the
    build: it moves to `/<list>-page/`, with a warning."""
    lists = {f"/{FOLDERS[i.kind]}/" for i in items if i.kind in FOLDERS and not i.draft}
    if "content/publications.bib" in new.extra:
        lists.add("/publications/")
    for item in items:
        own = new_url(item, new.permalink)
        if item.kind == "page" and not item.draft and own in lists:
            item.front["slug"] = own.strip("/") + "-page"
            new.report.warn(item.source or "", None, f"its URL {own} is Lanting's list of "
                            f"the site's {own.strip('/')}: the page is "
                            f"{new_url(item, new.permalink)}")
    return frozenset(lists)


def _follow_in_menus(config: dict[str, Any], moved: dict[str, str]) -> None:
    languages = config.get("languages")
    tables = [config, *(t for t in languages.values() if isinstance(t, dict))] \
        if isinstance(languages, dict) else [config]
    for table in tables:
        for entry in table.get("menu") or []:
            # (a drop-down's entries too: `[[menu.children]]`)
            for one in [entry, *(entry.get("children") or [])] if isinstance(entry, dict) \
                    else []:
                if isinstance(one, dict) and one.get("url") in moved:
                    one["url"] = moved[one["url"]]


def _aliases(item: Item, taken: dict[tuple[str, str], Item],
             claimed: dict[tuple[str, str], tuple[Item, str]], new: _NewSiteParts,
             own_pages: frozenset[str] = LANTING_PAGES) -> None:
    """`aliases` (or `[redirects]`) for the item's old URLs: not one that is another
    item's new URL, nor one an earlier item kept (`claimed`: two posts of the
    academicpages sample share a `permalink`, and Jekyll wrote one over the other)."""
    if item.draft or not item.old_urls:
        return
    own = new_url(item, new.permalink)
    folder = f"/{item.lang.lower()}" if item.lang else ""
    olds = []
    # (escaped again where a file's name made it a URL's `#` or `?`: `/c%23/x.html`)
    for old in dict.fromkeys(path_url(site_path(u)) for u in item.old_urls):
        # (a redirect page stands at a folder or an `.html` path: Quarto's alias
        # `old.ipynb` would fail the build as an alias, and vanish as a redirect)
        problem = alias_path(old)[1]
        if problem:
            new.report.warn(item.source or "", None,
                            f"old URL `{old}` left out: no redirect page can "
                            f"stand there ({problem})")
        else:
            olds.append(old)
    # A translation's aliases are paths from its language's folder (`/en/`); an old
    # URL outside that folder gets a redirect page of its own.
    outside = [u for u in olds if folder and not u.startswith(folder + "/")]
    aliases = [u.removeprefix(folder) for u in olds if u not in outside]
    # (`/about/index.html`, Jekyll's `about/index.md`, is the page at `/about/` too)
    aliases = [u for u in aliases
               if own not in (u, u.rstrip("/") + "/", u.removesuffix("index.html"))]
    own = _keep_case(item, own, aliases, new.permalink)
    aliases = [u for u in aliases if own not in (u, u.rstrip("/") + "/")]
    for alias in list(aliases):
        # (`/metrics/index.html` is the page at `/metrics/`)
        at = alias.removesuffix("index.html") if alias.endswith("/index.html") else alias
        key = (item.lang, at.rstrip("/") + "/" if not at.endswith(".html") else at)
        own_page = key[1].casefold().removesuffix("index.html")
        if own_page in own_pages:
            # (`/Blog/`: one folder on macOS; `/publications/index.html` is the list's)
            aliases.remove(alias)
            new.report.note(item.source or "", None, f"old URL `{alias}` left out: "
                            f"Lanting's own {own_page} answers there")
            continue
        folded = (key[0], key[1].casefold())
        other = taken.get(folded)
        earlier, spelt = claimed.setdefault(folded, (item, key[1]))
        if (other is not None and other is not item) or earlier is not item:
            aliases.remove(alias)
            who = other if other is not None and other is not item else earlier
            there = new_url(who, new.permalink) if who is other else spelt
            owner = new.report.rel(who.source) if who.source else who.slug
            new.report.warn(item.source or "", None, f"old URL `{alias}` left out: it "
                            + _whose(key[1], there, owner, who is other))
    if item.kind == "talk":  # talks have no `aliases`
        outside, aliases = outside + aliases, []
    redirects = new.config.setdefault("redirects", {})
    decks = {site_path(u) for u in item.deck_urls}
    for alias in outside:
        path = alias_path(alias)[0]
        if path is not None:  # (an old deck's URL showed the slides: the new deck)
            redirects.setdefault(path, folder + own + (
                "slides/" if alias in decks or folder + alias in decks else ""))
    if outside:
        new.config_comments.setdefault("redirects", "old URLs of the old site: each "
                                       "answers with a redirect page")
        new.report.convert("old URLs kept ([redirects])", len(outside))
    if not redirects:
        del new.config["redirects"]
    if aliases:
        item.front["aliases"] = aliases
        new.report.convert("old URLs kept (aliases)", len(aliases))


def _whose(url: str, there: str, owner: str, new_one: bool) -> str:
    """Why an old URL is left out: another item's new URL (`there`) or old one is it, or
    differs from it only in case (file names differing only in case, `Attention.md` and
    `attention.md`, whose old URLs did so too)."""
    if there != url:
        return (f"differs only in case from `{there}`, " + ("the new URL" if new_one else
                "an old URL") + f" of {owner}, one folder where case is ignored (macOS, "
                "Windows)")
    return f"is the new URL of {owner}" if new_one else \
        f"was {owner}'s too (the old site showed one of them there)"


def _keep_case(item: Item, own: str, aliases: list[str], permalink: str) -> str:
    """The item's new URL, its slug cased as an old URL had it when they differ only
    in case (Jekyll's `:title` keeps a file name's capitals: `/posts/KV-Cache/`). An
    alias there would be the page's own folder on a file system that ignores case
    (macOS, Windows), its redirect page written over the page."""
    for alias in aliases:
        wanted = alias.rstrip("/") + "/"
        if wanted == own or wanted.casefold() != own.casefold():
            continue
        before = item.front.get("slug")
        for cased in _cased_slugs(own, wanted, str(before or item.slug)):
            item.front["slug"] = cased
            if new_url(item, permalink) == wanted:
                return wanted
        if before is None:
            del item.front["slug"]
        else:
            item.front["slug"] = before
    return own


def _cased_slugs(own: str, wanted: str, slug: str) -> list[str]:
    """Slugs that may make the URL `own` into `wanted`, which differs from it only in
    case: the last part of `wanted` (`/posts/:slug/`), or the letters of `wanted` where
    `own` has the slug (`/:year-:month-:day-:slug/`, Beautiful Jekyll's permalink:
    `/2017-12-02-Akka-Notes/`, the slug but a part of the URL's last segment)."""
    found = [wanted.rstrip("/").rsplit("/", 1)[-1]]
    if len(own) == len(wanted) and slug:
        at = own.rfind(slug)
        while at >= 0:
            found.append(wanted[at:at + len(slug)])
            at = own.rfind(slug, 0, at)
    return list(dict.fromkeys(found))
