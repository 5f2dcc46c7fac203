"""Jekyll (GitHub Pages, minima, kramdown) → Lanting.

Posts in `_posts/` (also `<category>/_posts/`) and `_drafts/` (read in
`jekyll_posts.py`); their old URLs from the permalink style (`date` by default:
`/:categories/:year/:month/:day/:title.html`, dates in the site's time zone),
`permalink:` and jekyll-redirect-from's `redirect_from`
(worked out in `jekyll_urls.py`). The bodies (Liquid and kramdown) are converted in
`jekyll_bodies.py`; the site's math setup is read in `jekyll_math.py`; the settings,
static files and archive redirects are written in `jekyll_settings.py`; the pages (and
a notes site's dated pages as posts) are read in `jekyll_pages.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lanting.importer.bibtex import BibEntry, dump
from lanting.importer.common import (
    LinkTable,
    Options,
    html_line,
    read_text,
)
from lanting.importer.item import Item
from lanting.importer.jekyll_bodies import JekyllBodies
from lanting.importer.jekyll_data_pubs import data_file, data_publications, lists_data, untitled
from lanting.importer.jekyll_fastpages import JekyllNotebooks, notebook_files
from lanting.importer.jekyll_front import JekyllFront
from lanting.importer.jekyll_i18n import I18nPlugin
from lanting.importer.jekyll_inlined import inline_markdown_includes, inline_relative
from lanting.importer.jekyll_languages import JekyllLanguages
from lanting.importer.jekyll_math import (
    custom_delimiters,
    dollar_inline_math,
    is_chirpy,
    scripts_draw_mermaid,
    switched_on,
)
from lanting.importer.jekyll_members import JekyllMembers
from lanting.importer.jekyll_outputs import JekyllCollections, Published, scholar_references
from lanting.importer.jekyll_overwrites import written_last
from lanting.importer.jekyll_pages import JekyllPages
from lanting.importer.jekyll_polyglot import polyglot
from lanting.importer.jekyll_posts import JekyllPosts
from lanting.importer.jekyll_redirects import JekyllRedirects
from lanting.importer.jekyll_settings import JekyllSettings, config_file
from lanting.importer.jekyll_spaceship import spaceship_dollar_math, spaceship_processors
from lanting.importer.jekyll_urls import JekyllUrls
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import load_mapping, zone


class Jekyll(JekyllPosts, JekyllUrls, JekyllSettings, JekyllBodies, JekyllPages,
             JekyllCollections, JekyllMembers, JekyllFront, JekyllNotebooks, JekyllRedirects):
    kind = "jekyll"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.site = NewSite(report, source)
        config = config_file(source)
        self.config_name = config.name
        """`_config.yml` or `_config.yaml`, as the report names it."""
        self.config, error = load_mapping("yaml", read_text(config)) \
            if config.is_file() else ({}, None)
        if error:
            report.warn(self.config_name, None, f"could not read it: {error}")
        self.root = source
        """The folder holding `_config.yml`."""
        self.source = source = self.source_folder(source)
        self.i18n = I18nPlugin(source, self.config)
        self.polyglot = polyglot(self.config)
        self.config = self.i18n.localized_config(self.config)
        self.tz = zone(options.timezone or self.config.get("timezone"))
        self.baseurl = str(self.config.get("baseurl") or "").rstrip("/")
        self.table = LinkTable(self.site)
        self.languages = JekyllLanguages(self.site, self.table, self.report)
        self.posts: list[tuple[Item, str, int, Path]] = []
        """(item, body as written, its first line, source file) of posts and pages."""
        self.by_name: dict[str, Item] = {}
        self.by_path: dict[str, Item] = {}
        self.citations: set[str] = set()
        self.reference_keys: set[str] = set()
        """Keys of the other papers the site's `.bib` files hold (al-folio's `--file`)."""
        self.chirpy = is_chirpy(self.source, self.config)
        self.dollar_math = dollar_inline_math(self.source, self.config) \
            or spaceship_dollar_math(self.source, self.config)
        """The site's MathJax (or KaTeX) read `$…$` as inline math."""
        self.dollar_decks: set[Path] = set()
        """The reveal.js decks whose layout's math plugin read `$…$` as inline math."""
        self.math_delimiters = custom_delimiters(self.source)
        """The (inline, display) delimiters of its MathJax setup besides `$` and `\\(`."""
        self.file_date_urls: dict[str, Item] = {}
        """The URLs (`old_path`) posts would have had by their file names' dates, which
        their front matter's `date:` changed: Jekyll published them elsewhere."""
        self.missing_data: set[str] = set()
        """Files of `_data/` the site's outputs read that it lacks (noted once each)."""
        self.no_liquid: set[Path] = set()
        """Posts with `render_with_liquid: false`: Jekyll shows their Liquid as written."""
        self.js_papers: tuple[Path, list[BibEntry]] | None = None
        """The `.bib` a page listed with bibtex-js, and its entries."""
        self.left_out: dict[str, str] = {}
        """Old URLs of pages left out (`old_path`), and their files from the source's
        root (`/projects.md`): where links to them lead now ("": nowhere, their text
        kept)."""
        self.page_posts: set[Path] = set()
        self.home_texts: set[Path] = set()  # (the files whose text is the home page's)
        self.inlined_collections: set[str] = set()  # (shown in a page: `{{ module }}`)
        self.shown_headings: dict[Path, list[str]] = {}  # (their headings, by the page)
        """Pages imported as posts (`DATED_PAGES_ARE_POSTS`)."""
        self.collection_docs: dict[Path, Published] = {}
        """Documents of the site's own published collections (`PUBLISHED_COLLECTIONS`)."""
        self.people_folders: list[str] = []
        """Collections of the lab's people (`_members/`), read by `read_members`."""
        self.member_names: list[str] = []
        """Their names, and the spellings papers give them (the lab template's
        `aliases: [J. Smith]`), read by `read_members`."""
        self.series_titles: dict[str, str] = {}
        """A published collection -> the series its dated documents make."""
        self.drew_mermaid = switched_on(self.config.get("mermaid")) \
            or "mermaid-processor" in spaceship_processors(source, self.config) \
            or scripts_draw_mermaid(source)
        """The theme drew ```mermaid blocks: TeXt's `mermaid: true` in `_config.yml`, or
        Chirpy's in a post's front matter (read with the posts); or jekyll-spaceship; or
        the site's own layouts' script."""
        self.redirected: list[tuple[Path, str, list[str], int | None]] = []
        self.separators: dict[Path, str] = {}
        """A post's own `excerpt_separator` (Jekyll takes it over `_config.yml`'s)."""
        self.media_base: dict[Path, str] = {}
        """A post's `media_subpath` (Chirpy; `img_path` before): where its relative image
        paths point."""
        cdn = self.config.get("cdn") or self.config.get("img_cdn")
        self.media_cdn = cdn.rstrip("/") if self.chirpy and isinstance(cdn, str) \
            and cdn.startswith(("http://", "https://")) else ""
        """Chirpy's `cdn` (`img_cdn` before 6.0): the host its posts' images were served
        from, the site's media paths appended; the images are often in no repository."""
        author = self.config.get("author")
        self.author = html_line(author.get("name", "") if isinstance(author, dict) else author)
        # minimal-mistakes and academicpages say `locale: "en-US"`, jekyll-polyglot and
        # some themes `default_lang: ru`; unset: see `run`.
        self.language = language_tag(self.config.get("lang") or self.config.get("language")
                                     or self.config.get("locale")
                                     or self.config.get("default_lang") or self.i18n.default,
                                     "")

    # --- the steps ---------------------------------------------------------------------

    READS_SCHOLAR = True  # (jekyll-scholar's `_bibliography/`: the papers posts cite)
    PUBLISHED_COLLECTIONS = True
    """A collection of the site's own that Jekyll published (`output: true`), a course's
    lecture notes, is imported (`jekyll_outputs.py`). (Not al-folio's: its collections
    are read by name.)"""

    def run(self) -> NewSite:
        self.read_members()  # (before the published collections, which they are not)
        self.read_published()
        self.read_posts()
        written_last([item for item, *_ in self.posts], self.site, self.table)
        self.read_notebooks()
        self.read_pages()
        self.finish_redirects()
        self.read_more()
        if self.js_papers is not None and self.js_papers[1]:  # (not read_more's)
            self.report.warn(self.js_papers[0], None, "its papers, which a page listed with "
                             "bibtex-js, left out: the site's other list of papers is "
                             "content/publications.bib (add them to it by hand)")
        if self.READS_SCHOLAR and (cited := scholar_references(self.source, self.config)):
            self.reference_keys |= {entry.key for entry in cited}  # (for `{% cite %}`)
            self.site.extra["content/references.bib"] = dump(cited)
            self.report.convert("cited references (content/references.bib)", len(cited))
        self.report_unknown_collections()
        if not self.language:
            self.language = guess_language(self.prose())
            self.report.note(self.config_name, None, f"no `lang` or `locale`: the posts read as "
                             f"`{self.language}`, so the new site is in it (`language` in "
                             "lanting.toml changes it)")
        self.languages.finish(self.language)
        for item, text, _first, path in self.posts:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        self.convert_notebooks()
        self.finish_more()
        self.copy_static()
        self.write_config()
        self.listing_redirects()
        return self.site

    def read_more(self) -> None:
        """Collections and data of a theme (al-folio's news, papers, profile; here,
        minimal-light's `_data/publications.yml`)."""
        entries, bold, on_home = data_publications(self.source)
        if not entries and self.js_papers is not None and self.js_papers[1]:
            self.site.extra["content/publications.bib"] = dump(self.js_papers[1])
            self.report.convert(f"publications of {self.report.rel(self.js_papers[0])}, "
                                "listed by bibtex-js (content/publications.bib)",
                                len(self.js_papers[1]))
            self.site.config["publications"] = {"highlight_names": [self.author_name()]}
            self.js_papers = None  # (listed)
            return
        if not entries:
            return
        page = next((i for i in self.site.items if i.kind == "page"
                     and self.site.new_url(i) == "/publications/"), None)
        if page is not None and page.source is not None \
                and lists_data(read_text(page.source), data_file(self.source) or ""):
            # (the lab template's page of the papers: it moves for the list,
            # `make_way_for_lists`, its text kept; links to its old URL lead to the list)
            for url in [u for u, i in self.table.urls.items() if i is page]:
                del self.table.urls[url]
            page = None
        if page is not None:
            self.report.warn(data_file(self.source) or "", None, f"its {len(entries)} "
                             "publications left out: the site's own page "
                             f"{self.report.rel(page.source or '')} keeps /publications/, "
                             "where Lanting would list them")
            return
        self.site.extra["content/publications.bib"] = dump(entries)
        self.data_publications = len(entries)
        self.report.counts["publications"] += len(entries)
        self.report.convert(f"publications of {data_file(self.source)} (content/"
                            "publications.bib)", len(entries))
        if untitled(self.source):
            self.report.warn(data_file(self.source) or "", None, f"{untitled(self.source)} "
                             "of its papers left out: they have no title (the citation "
                             "script found none)")
        settings: dict[str, Any] = {"selected_on_home": len(entries)} if on_home else {}
        names = sorted(bold) or list(dict.fromkeys(self.member_names))
        if names:  # (the owner, in bold on the old list; else the lab's members, whose
            # papers the list is)
            settings["highlight_names"] = names
        if settings:
            self.site.config["publications"] = settings

    def prose(self) -> list[str]:
        """The texts of the posts (or a site without posts, its pages) the language is
        guessed from, the files their `{% include_relative %}` and Markdown includes pull
        in inlined: AcadHomepage's home page is nothing but those tags, so a template's
        Chinese README beside it made an English homepage `zh-CN`."""
        scratch = Report(self.source, self.kind)  # (inlined again, and counted, later)
        texts = []
        for _, text, _, path in self.posts:
            ctx = Context(scratch, path, text)
            text = inline_relative(text, path.parent, self.source, ctx, self.data_list_file)
            texts.append(inline_markdown_includes(text, self.source, ctx))
        return texts

    def known_collections(self) -> set[str]:
        """The `_x/` folders of documents this importer reads."""
        notebooks = {"_notebooks"} if notebook_files(self.source) else set()
        return {"_posts", "_drafts", "_tabs", *self.included_folders(), *self.people_folders,
                *notebooks, *{"_" + name for name in self.inlined_collections},
                *{"_" + d.collection for d in self.collection_docs.values()}}

    def finish_more(self) -> None:
        """What needs every post converted first (al-folio's news)."""

    def home(self, lang: str = "") -> Item:
        """The home page of the site's language, or of `lang` (jekyll-polyglot's)."""
        found = next((i for i in self.site.items if i.kind == "home" and i.lang == lang), None)
        if found is None:
            found = self.site.add(Item("home", "home", None, {"title": self.author_name()},
                                       lang=lang))
            if lang:  # (its language one of the site's, as its pages' are)
                self.languages.version(found, lang, self.source, f"home:{lang}")
        return found

    def author_name(self) -> str:
        return self.author or str(self.config.get("title") or "")
