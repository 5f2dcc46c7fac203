"""Stage 9 for one language: every page of the site model, in a fixed order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jinja2 import Environment

from lanting.config.i18n import translator
from lanting.model.output import Answers, OutputFile, Reads
from lanting.model.pages import Term
from lanting.model.site import Site
from lanting.render.academic_pages import render_academic_pages
from lanting.render.cv_page import render_cv
from lanting.render.pages import (
    PageRenderer,
    _sitemap,
    config_redirects,
    content_page,
    feed,
    redirects,
)
from lanting.site.projects import project_tags


@dataclass(frozen=True, slots=True)
class NotFoundText:
    """Another language's 404 text: the root `404.html` carries it, and a script shows it
    for a missing URL under that language's folder (GitHub Pages serves only the root
    one)."""

    lang: str
    base_path: str
    """The language's folder, e.g. `/en/`."""
    title: str
    heading: str
    text: str
    back_home: str
    archive: str


def not_found_text(site: Site) -> NotFoundText:
    """The 404 text of `site`'s language, with links into its folder."""
    config = site.config
    t = translator(config.language, config.strings)
    return NotFoundText(config.language, config.base_path, f"{t('not_found')} · {config.title}",
                        t("not_found"), t("not_found_text"), t("back_home"), t("archive"))


def _term_pages(r: PageRenderer, taxonomy: str, terms: tuple[Term, ...]) -> list[OutputFile]:
    """The list of a taxonomy's terms and a page per term. The list is there even with no
    term (it says so): a menu entry `/tags/` keeps working while no post has a tag."""
    files = [r.render("terms.html", f"{taxonomy}/index.html", taxonomy=taxonomy, terms=terms)]
    for term in terms:
        files.append(r.render("term.html", f"{taxonomy}/{term.slug}/index.html",
                              taxonomy=taxonomy, term=term, page=term.page))
    return files


def render_pages(site: Site, env: Environment, asset_urls: dict[str, str],
                 templates_digest: str = "", previous: dict[str, str] | None = None,
                 reusable: Callable[[str], bool] = lambda path: False,
                 keep: list[PageRenderer] | None = None, minify: bool = False,
                 previous_reads: dict[str, Reads] | None = None,
                 only: set[str] | None = None,
                 elsewhere: tuple[NotFoundText, ...] = (),
                 site_wide: bool = True, answers: Answers | None = None) -> list[OutputFile]:
    """Every generated page, in a fixed order; pages whose reads give what they gave in
    the build that wrote `previous` (output path -> fingerprint; `previous_reads`: what
    each read) come back with `data=None`. The renderer is appended to `keep` (`lanting
    serve` renders an edited page again with it). `only`: render just these paths.
    `elsewhere`: the other languages' 404 texts, for the root 404 page. `site_wide`: the
    section at the site's root, which also writes the `[redirects]` pages. `answers`:
    what the model of the build that wrote `previous` answered to those reads."""
    r = PageRenderer(site, env, asset_urls, templates_digest, previous, reusable, minify,
                     previous_reads, only, answers)
    if keep is not None:
        keep.append(r)
    files = [r.render("home.html", "index.html", page=site.home)]
    files.append(r.render("blog.html", "blog/index.html", page=site.blog))
    files += [content_page(r, p) for p in (*site.posts, *site.unlisted, *site.pages)]
    files += redirects(r, site)
    if site_wide:
        files += config_redirects(r, site)
    files += _term_pages(r, "tags", site.tags)
    files += _term_pages(r, "categories", site.categories)
    if site.series:
        files.append(r.render("series_list.html", "series/index.html"))
        files += [r.render("series.html", f"series/{s.slug}/index.html", series=s, page=s.page)
                  for s in site.series]
    files += render_academic_pages(r, site)  # publications, talks (academic_pages.py)
    files += render_cv(r, site)  # the CV (cv_page.py)
    if site.projects:
        files.append(r.render("projects.html", "projects/index.html",
                              tags=project_tags(site.projects)))
    if site.teaching:
        files.append(r.render("teaching.html", "teaching/index.html"))
    if site.people:
        files.append(r.render("people.html", "people/index.html"))
    files.append(r.render("archive.html", "archive/index.html"))
    files.append(r.render("404.html", "404.html", elsewhere=elsewhere))
    files.append(feed(r))
    entries = _sitemap(site, files) if r.wants("sitemap.xml") else []
    files.append(r.render("sitemap.xml", "sitemap.xml", entries=entries))
    files.append(r.render("robots.txt", "robots.txt"))
    return files
