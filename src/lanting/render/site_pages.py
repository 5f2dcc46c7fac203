"""Stage 7 for one language: every page of the site model, in a fixed order."""

from __future__ import annotations

from collections.abc import Callable

from jinja2 import Environment

from lanting.model.output import OutputFile
from lanting.model.site import Site, Term
from lanting.render.pages import PageRenderer, _sitemap, content_page, feed


def _term_pages(r: PageRenderer, taxonomy: str, terms: tuple[Term, ...]) -> list[OutputFile]:
    if not terms:
        return []
    listing = r.listing_key
    files = [r.render("terms.html", f"{taxonomy}/index.html", key=listing, taxonomy=taxonomy,
                      terms=terms)]
    for term in terms:
        files.append(r.render("term.html", f"{taxonomy}/{term.slug}/index.html", key=listing,
                              taxonomy=taxonomy, term=term))
    return files


def render_pages(site: Site, env: Environment, asset_urls: dict[str, str],
                 templates_digest: str = "", previous: dict[str, str] | None = None,
                 reusable: Callable[[str], bool] = lambda path: False,
                 keep: list[PageRenderer] | None = None,
                 reading_in_listings: bool = True, minify: bool = False) -> list[OutputFile]:
    """Every generated page; pages whose inputs did not change since the build that wrote
    `previous` (output path -> fingerprint) come back with `data=None`. The renderer is
    appended to `keep` (`lanting serve` renders an edited page again with it)."""
    from lanting.render.academic_pages import render_academic_pages  # it imports this module

    r = PageRenderer(site, env, asset_urls, templates_digest, previous, reusable,
                     reading_in_listings, minify)
    if keep is not None:
        keep.append(r)
    # Listing pages show what `_listing` holds of each page, so editing a post's text
    # renders its own page and the feed again, not every listing.
    listing = r.listing_key
    files = [r.render("home.html", "index.html", key=listing, page=site.home)]
    files.append(r.render("blog.html", "blog/index.html", key=listing))
    files += [content_page(r, p) for p in (*site.posts, *site.pages)]
    files += _term_pages(r, "tags", site.tags)
    files += _term_pages(r, "categories", site.categories)
    if site.series:
        files.append(r.render("series_list.html", "series/index.html", key=listing))
        files += [r.render("series.html", f"series/{s.slug}/index.html", key=listing, series=s)
                  for s in site.series]
    files += render_academic_pages(r, site)  # publications, talks (academic_pages.py)
    files.append(r.render("archive.html", "archive/index.html", key=listing))
    files.append(r.render("404.html", "404.html", key=()))
    files.append(feed(r))
    entries = _sitemap(site, files)
    files.append(r.render("sitemap.xml", "sitemap.xml", key=(listing, [e.url for e in entries]),
                          entries=entries))
    files.append(r.render("robots.txt", "robots.txt", key=()))
    return files
