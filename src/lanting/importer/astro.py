"""Astro, Next.js and Gatsby blogs → Lanting.

Astro (its blog starter, AstroPaper, Fuwari, astro-theme-pure, Astro Cactus, AstroWind,
…): the Markdown and MDX entries of the content collections (`src/content/posts/`,
`src/data/blog/`, wherever a `glob()` loader points) are posts when they are dated
(`pubDate`, `published`, `pubDatetime`, `publishDate`, `date`), else pages; the Markdown
pages of `src/pages/` are pages. Next.js (tailwind-nextjs-starter-blog with
contentlayer): `data/blog/**/*.mdx` are posts, `data/authors/default.mdx` the about
page. Every entry keeps its old URL: the route that published its collection
(`src/pages/posts/[...slug].astro` → `/posts/<id>/`; Astro's id is the path, each part
slugified, or the `slug:` of the front matter; AstroPaper's `getPath` puts the folders
first), Next.js's `/blog/<path>`. `public/` is copied as it is (its files answer at the
same URLs). Settings are read in `astro_settings.py`, front matter in `astro_front.py`,
bodies in `astro_bodies.py`, old URLs in `astro_paths.py`. Gatsby: the folders
`gatsby-source-filesystem` reads are collections, routed as `gatsby-node.js` says
(`gatsby_settings.py`); `static/` is its `public/`.
"""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.astro_bodies import AstroBodies
from lanting.importer.astro_front import (
    DATE_KEYS,
    AstroFront,
    code_dates,
    name_date,
    schema_dates,
    source_code,
)
from lanting.importer.astro_listings import listing_redirects
from lanting.importer.astro_paths import entry_id, old_path
from lanting.importer.astro_settings import Collection, unbased
from lanting.importer.astro_starlight import read_astro_config
from lanting.importer.common import GENERATED, LinkTable, Options, read_text, walk
from lanting.importer.data_papers import import_entry_papers, import_papers
from lanting.importer.data_projects import import_projects
from lanting.importer.gatsby_pages import ReactPage, imported_by, react_page
from lanting.importer.gatsby_settings import read_gatsby
from lanting.importer.item import Item
from lanting.importer.jekyll_math_macros import converting_macros
from lanting.importer.liquid import Context
from lanting.importer.mdx_math import math_components
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.nextjs_settings import mdx_routes, read_nextjs
from lanting.importer.nextra_settings import meta_title
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.text import load_mapping, split_front_matter, zone
from lanting.importer.vuepress_front import hero_text

_MARKDOWN = (".md", ".mdx", ".markdown")
_TYPST = ("an entry written in Typst (astro-typst): not imported, Lanting reads Markdown; "
          "convert it (`pandoc -f typst -t markdown`) into the new site's `content/`")
_GENERATED = frozenset({"blog", "tags", "categories", "archive", "search", "posts",
                        "publications", "talks"})
_LISTS = frozenset({"index", "404", "archive", "archives", "tags", "tag", "categories",
                    "category", "search", "rss", "posts", "blog", "og-image", "robots"})
"""Pages of `src/pages/` that the theme fills with lists: Lanting has its own."""


class Astro(AstroFront, AstroBodies):
    def __init__(self, source: Path, report: Report, options: Options, kind: str) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.kind = kind
        self.site = NewSite(report, source)
        self.config = read_gatsby(source, report) if kind == "gatsby" \
            else read_nextjs(source, report) if kind == "nextjs" \
            else read_astro_config(source, report)
        self.public = source / ("static" if kind == "gatsby" else "public")
        self.math_kinds = math_components(source)
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.texts: list[str] = []
        self.profile: dict[str, str] = {}
        self.lists: list[str] = []
        """Old URLs of the theme's lists of posts (Nextra's `type: posts` page)."""
        """`[profile]` of the new site: the author's card."""
        self.date_keys = tuple(dict.fromkeys(
            (*schema_dates(source), *code_dates(source_code(source / "src")))))
        self.papers = ""
        """The data file of papers read into `content/publications.bib`, if any."""

    def run(self) -> NewSite:
        """In order: `public/`, the collections, the Markdown pages, the bodies (once
        every entry's new place is known), the settings."""
        self.copy_public()
        for collection in self.config.collections:
            # (a collection's own `resources/` or `public/` folder holds entries)
            entries = [p for p in walk(collection.folder, builds=False)
                       if not any(part.startswith("_") for part in
                                  p.relative_to(collection.folder).parts)]
            files = [p for p in entries if p.suffix.lower() in _MARKDOWN]
            for path in entries:
                if path.suffix.lower() == ".typ":
                    # (astro-typst's entries: they were left out without a word)
                    self.report.warn(path, None, _TYPST)
            for path in [p for p in files if p.suffix.lower() not in self.config.suffixes]:
                self.report.note(path, None, "no page of the old site (it had no plugin "
                                 "reading this kind of file): left out")
                files.remove(path)
            if import_entry_papers(self.site, self.report, collection.folder, files):
                continue  # (`src/content/publications/`: Lanting lists them)
            keys = DATE_KEYS | set(self.date_keys)
            dates = {p: bool(keys & set(load_mapping("yaml", split_front_matter(
                read_text(p))[1])[0])) or name_date(p) is not None for p in files}
            dated = any(dates.values())
            if collection.route is None and files:
                self.report.note(collection.folder, None, f"collection `{collection.name}`: "
                                 "no route of `src/pages/` publishes it by its id: its "
                                 + ("posts" if dated else "pages") + " get new URLs (an "
                                 "entry `x` that `src/pages/x.astro` shows keeps `/x/`)")
            for path in files:
                # (an Astro collection's schema dates all its entries or none; a folder
                # Gatsby reads holds news and pages alike: a lab's `src/markdown/`)
                post = dates[path] if self.kind == "gatsby" or self.config.starlight and \
                    collection.route == "" else dated  # (Starlight's notes and dated posts)
                self.read_file(collection, path, "project" if collection.folder.name.lower()
                               == "projects" else "post" if post else "page")
        if not self.markdown_pages() and not self.config.collections:
            self.report.warn(self.config.file, None, "no content collection with Markdown "
                             "found (`src/content/`, the folders of `glob()` loaders)")
        if self.kind == "nextjs":
            self.about_page()
        src = self.source / "src"
        folders = [*(c.folder for c in self.config.collections), src / "data",
                   src / "content", self.source / "data", self.source / "content"]
        self.papers = import_papers(self.site, self.report, folders)
        import_projects(self.site, self.report, folders, self.source)
        self.astro_pages()
        if not self.documents:
            self.report.warn(self.config.file, None, "no post or page found (no Markdown "
                             "in the folders the settings name): nothing imported")
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path)
        self.write_config()
        return self.site

    def copy_public(self) -> None:
        if not self.public.is_dir():
            return
        for path in walk(self.public, builds=False):
            rel = path.relative_to(self.public).as_posix()
            if rel in GENERATED:  # (Lanting makes its own robots.txt, 404 page)
                self.report.note(path, None, "a file Lanting makes itself: left out")
            else:
                self.site.static[rel] = path

    def markdown_pages(self) -> bool:
        """`src/pages/about.md` (Astro renders Markdown pages at their paths); a dated one
        is a post (`src/pages/posts/post-1.md` with `pubDate`, as Astro's tutorial blog
        writes its posts). Whether there was any."""
        pages = self.source / "src" / "pages"
        routes = [(path, "/" + re.sub(r"(?:^|/)index$", "", re.sub(
            r"\.\w+$", "", path.relative_to(pages).as_posix())))
            for path in (walk(pages) if pages.is_dir() else [])
            if path.suffix.lower() in _MARKDOWN and not path.relative_to(
                pages).as_posix().startswith("_")]
        if self.kind == "nextjs":  # (`@next/mdx`: `pages/x.mdx`, `app/x/page.mdx`)
            routes = mdx_routes(self.source)
        for path, old in routes:
            data = load_mapping("yaml", split_front_matter(read_text(path))[1])[0]
            if self.kind == "nextjs" and data.get("type") == "posts":
                self.report.note(path, None, "the Nextra blog's list of posts (`type: posts`)"
                                 ": Lanting's blog lists them; its old URL leads there")
                self.lists.append(old.rstrip("/") + "/")
                continue
            dated = (DATE_KEYS | set(self.date_keys)) & set(data)
            kind = "home" if old.strip("/") == "" else "post" if dated else "page"
            self.read_document(path, kind, old.rstrip("/") + "/", path.name)
        return bool(routes)

    def astro_pages(self) -> None:
        """Pages written in Astro (`src/pages/about.astro`): a warning each, but for
        the theme's lists (`index`, `archive`, `tags/`, …), the dynamic routes and a page
        showing an imported entry (Fuwari's `about.astro`)."""
        pages = self.source / "src" / "pages"
        routes = {c.route for c in self.config.collections if c.route}
        names = {c.name for c in self.config.collections}
        suffixes = (".js", ".jsx", ".ts", ".tsx") if self.kind == "gatsby" else (".astro",)
        for path in sorted(p for p in pages.rglob("*") if p.suffix in suffixes) \
                if pages.is_dir() else []:
            rel = path.relative_to(pages).as_posix()
            parts = rel.removesuffix(path.suffix).split("/")
            parts = parts[:-1] if len(parts) > 1 and parts[-1] == "index" else parts
            if parts == ["index"] and self.kind == "gatsby" and not any(
                    i.kind == "home" for i in self.site.items):
                home = react_page(read_text(path))  # (a home of static JSX: a bio)
                if home is not None:
                    self.add_react_page(path, "/", "index", home)
                    continue
            if "[" in rel or "{" in rel \
                    or any(p.startswith("_") or p.lower() in _LISTS for p in parts):
                continue
            old = "/" + re.sub(r"(?:^|/)index$", "", "/".join(parts))
            if old.rstrip("/") in routes or parts[0] in names:
                continue  # (a collection's list: `docs/index.astro`, `tools/index.astro`)
            if self.table.find(old.rstrip("/") + "/") is not None:
                continue
            react = react_page(read_text(path)) if self.kind == "gatsby" else None
            post = imported_by(path) if self.kind == "gatsby" else None
            if post is not None:
                self.report.note(path, None, f"a component `{post}` imports (Gatsby made a "
                                 "page of it too): not a page of its own, not imported")
            elif react is not None:
                self.add_react_page(path, old.rstrip("/") + "/", parts[-1], react)
            elif old == "/publications" and self.papers:
                self.report.note(path, None, f"the page of the papers of {self.papers}: "
                                 "Lanting lists them at /publications/")
            else:
                tool = "React" if self.kind == "gatsby" else "Astro"
                self.report.warn(path, None, f"a page written in {tool}: not imported "
                                 f"(Lanting runs no {tool} components); write it as a "
                                 "Markdown page "
                                 f"(`content/pages/{parts[-1]}.md`, at {old.rstrip('/')}/)")

    def add_react_page(self, path: Path, old: str, name: str, page: ReactPage) -> None:
        """A Gatsby page of static JSX (`gatsby_pages.py`), as an HTML page at its URL."""
        slug = slug_of(name)
        slug = slug if slug not in _GENERATED else f"{slug}-page"
        item = self.site.add(Item("home", "index", path, {"title": page.title}) if old == "/"
                             else Item("page", slug, path,
                                       {"title": page.title or name.replace("-", " ")}))
        self.report.convert("React pages of static JSX as HTML pages")
        if page.dropped:
            self.report.warn(path, None, "the site's own components left out (what they "
                             "showed is not known): " + ", ".join(
                                 f"`<{name} />`" for name in page.dropped))
        self.by_source[path.resolve()] = item
        if old != "/":
            self.report.counts["pages"] += 1
            item.old_urls = [old]
            for url in (old, old.rstrip("/")):
                self.table.add(url, item)
        self.texts.append(re.sub(r"<[^>]+>", " ", page.html))  # (its text, for the language)
        self.documents.append((item, page.html, path))

    def about_page(self) -> None:
        """Next.js starter's `data/authors/default.mdx`: the author, shown at `/about`,
        with the card beside the text (`avatar`, `occupation`, `company`, `email`)."""
        default = self.source / "data" / "authors" / "default.mdx"
        if not default.is_file():
            return
        self.read_document(default, "page", "/about/", "about.mdx")
        data = load_mapping("yaml", split_front_matter(read_text(default))[1])[0]
        card = {"photo": self.photo(str(data.get("avatar") or ""), default),
                **{key: str(data[old]).strip() for old, key in (
                    ("name", "name"), ("occupation", "position"),
                    ("company", "affiliation"), ("email", "email"))
                   if isinstance(data.get(old), str) and str(data[old]).strip()}}
        self.profile = {k: v for k, v in card.items()
                        if v and not v.endswith("@yoursite.com")}  # (the starter's)

    def photo(self, value: str, where: Path | str) -> str:
        """The URL of the author's picture: a file of `public/` at its path, one under
        `src/` (Fuwari's `assets/images/avatar.png`) copied to `static/images/`."""
        if not value or re.match(r"^[a-z]+://", value):
            return value
        if value.startswith("/"):
            path = unbased(value, self.config.base)
            if (self.public / path.lstrip("/")).is_file():
                return path
        else:
            file = self.source / "src" / value.removeprefix("@/").removeprefix("~/")
            if file.is_file():
                self.site.static.setdefault(f"images/{file.name}", file)
                return f"/images/{file.name}"
        self.report.warn(where, None, f"the author's picture `{value}` not found: left out")
        return ""

    def read_file(self, collection: Collection, path: Path, kind: str) -> None:
        rel = path.relative_to(collection.folder).as_posix()
        data = load_mapping("yaml", split_front_matter(read_text(path))[1])[0]
        keys = (collection.ids.removeprefix("front:"),) if collection.ids.startswith(
            "front:") else () if collection.ids == "gatsby" else ("slug", "postSlug")
        # (AstroPaper 1-4's `postSlug`; the starters of Gatsby ignore a `slug:`)
        slug = next((data[k] for k in keys if k in data), None)
        slug = str(slug) if isinstance(slug, (str, int)) and str(slug).strip() else None
        old = old_path(collection, rel, slug, data)
        page = self.source / "src" / "pages" / f"{entry_id(rel, slug)}.astro"
        if old is None and page.is_file():  # (Fuwari's `about.astro` shows `spec/about.md`)
            old = f"/{entry_id(rel, slug)}/"
        kind = "home" if old == "/" and kind == "page" else kind  # (Starlight's `index.mdx`)
        self.read_document(path, kind, old, rel)

    def read_document(self, path: Path, kind: str, old: str | None, rel: str) -> None:
        text = read_text(path)
        _fmt, head, body, _first = split_front_matter(text)
        data, error = load_mapping("yaml", head)
        if error:
            self.report.warn(path, 2, f"front matter not read ({error})")
        title = data.get("title") or data.get("name")
        # (an MDX page's imports come before its `# heading`, Nextra's title of the page)
        lead = re.match(r"(?:[ \t]*(?:import\s[^\n]*)?\n)*", body)
        at = lead.end() if lead else 0
        heading = first_heading(body[at:])
        if heading is not None and (not title or str(title).strip() == heading[0].strip()):
            title, body = heading[0], body[:at] + heading[1]  # (the title shown: not twice)
        title = title or (meta_title(path) if self.kind == "nextjs" else None)  # (Nextra's)
        if kind == "home" and self.config.starlight and isinstance(data.get("hero"), dict):
            body = hero_text(data, head, path, self.report) + "\n" + body  # (`splash`)
        stem = re.sub(r"\.\w+$", "", rel).rsplit("/", 1)[-1]
        name = (old.rstrip("/").rsplit("/", 1)[-1] if old and old.strip("/") else "") \
            or (path.parent.name if stem == "index" else stem)
        front = self.front(data, head, path, kind, str(title or name).strip())
        slug = slug_of(name)
        if kind == "page" and slug in _GENERATED:
            self.report.warn(path, None, f"a page named `{name}` would take Lanting's own "
                             f"/{slug}/: it is /{slug}-page/")
            slug = f"{slug}-page"
        item = self.site.add(Item(kind, slug, path, front, draft=bool(front.get("draft"))))
        bib = self.bibliography(data, head, path) if kind == "post" else None
        if bib is not None:  # (Lanting reads a post's own .bib beside it)
            item.front["bibliography"] = bib.name
            item.files[bib.name] = bib
            self.report.convert("bibliographies (rehype-citation) into the post's folder")
        self.by_source[path.resolve()] = item
        self.report.counts[("drafts" if item.draft else "posts") if kind == "post"
                           else "projects" if kind == "project" else "pages"] += 1
        if old and not item.draft:
            item.old_urls = [old] if old != "/" else []
            for url in (old, old.rstrip("/")):
                self.table.add(url or "/", item)
        self.texts.append(body)
        self.documents.append((item, body, path))

    def write_config(self) -> None:
        config, read = self.site.config, self.config
        config["title"] = read.title
        if read.author:
            config["author"] = read.author
        language = language_tag(read.language, "") if read.language else ""
        config["language"] = language or guess_language(self.texts)
        if not language:
            self.report.note(read.file, None, f"the settings give no language: the posts "
                             f"read as `{config['language']}`, so the new site is in it")
        if read.site_url.startswith("http"):
            base = read.base.strip("/")
            config["base_url"] = read.site_url.rstrip("/") + "/" + (base + "/" if base else "")
        if read.description.strip():
            config["description"] = " ".join(read.description.split())
        if read.links:
            config["links"] = read.links
        photo = self.photo(read.avatar, read.file) if read.avatar else ""
        if photo and "photo" not in self.profile:
            self.profile["photo"] = photo
        if self.profile:
            config["profile"] = self.profile
        # (rehype-slug made heading ids with github-slugger: `#kl-penalty` links keep working)
        config["markdown"] = {"heading_ids": "github"}
        macros = converting_macros(read.macros, self.report, read.file) if read.macros else {}
        if macros:
            config["markdown"]["math_macros"] = macros
        menu = []
        words = menu_names(config["language"])
        routes = {c.route for c in read.collections if c.route}
        for entry in read.menu:
            url = unbased(entry["url"], read.base)
            item = self.table.find(url) if url.startswith("/") else None
            if url.rstrip("/") in ("/blog", "/posts") or url.rstrip("/") in routes:
                url = "/blog/"
            elif url.rstrip("/") in ("/tags", "/archive", "/archives"):
                url = "/tags/" if url.startswith("/tags") else "/archive/"
            elif item is not None:
                url = self.site.new_url(item)
            name = entry["name"] or (words["archive"] if url == "/archive/" else
                                     "关于" if words["blog"] == "博客" else "About")
            if url != "/":
                menu.append({"name": name, "url": url})
        finish_menu(self.site, menu, read.file)
        listing_redirects(self.site, self.report, self.source, read.file, self.lists)
