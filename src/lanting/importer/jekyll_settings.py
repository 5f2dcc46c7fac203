"""The settings of a Jekyll site written for Lanting: `lanting.toml` (title, author,
language, base URL, links, math macros; the menu in `jekyll_menu.py`) from `_config.yml`,
the static files Jekyll published (not `_x/`, `.x`, `exclude:`), and redirects from
jekyll-archives' tag, category and date pages."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import (
    FILE_SUFFIXES,
    GENERATED,
    read_text,
    walk,
)
from lanting.importer.hexo_settings import MERMAID
from lanting.importer.jekyll_math import JEKYLL_SETUPS
from lanting.importer.jekyll_math_macros import site_math_macros
from lanting.importer.jekyll_menu import JekyllMenu
from lanting.importer.listings import (
    Redirects,
    archive_url,
    jekyll_slugify,
    listed_posts,
    term_urls,
)
from lanting.importer.mathjax_numbers import numbering_setting
from lanting.importer.old_urls import LANTING_PAGES
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.text import (
    When,
    key_line,
    load_mapping,
    split_front_matter,
)
from lanting.model.config import DEFAULT_POST_PERMALINK


def config_file(root: Path) -> Path:
    """The file of a Jekyll site's settings: `_config.yml`, else `_config.yaml` (as
    Jekyll looks for them; a lab-website template ships the latter), else `_config.yml`
    missing."""
    return next((root / f"_config.{ext}" for ext in ("yml", "yaml")
                 if (root / f"_config.{ext}").is_file()), root / "_config.yml")


_NEWS_PAGE = re.compile(r"\{%-?\s*include\s+news\.(?:liquid|html)\b[^%]*%\}")
"""al-folio's news page, `news.html` at the root in its older versions: the include alone."""
_LOCAL_FILE = re.compile(r"""\b(?:src|href)\s*=\s*["']((?![a-z][a-z0-9+.-]*:|/|#)[^"'?#]+)""",
                         re.I)
"""A file an HTML document names by a path relative to its own folder."""
_DOCUMENT = re.compile(r"^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)\b", re.I | re.S)


def standalone_document(text: str, rel: str) -> tuple[str, str] | None:
    """A page that is a whole HTML document under front matter naming no layout
    (`layout: none`, as a paper's project page or a tutorial is written), with no Liquid
    in it: where Jekyll wrote it (by its `permalink`, else at `rel`, its path in the
    site) and what, the document without its front matter; else None (the theme
    rendered the page, or Liquid filled it in)."""
    fmt, head, body, _first = split_front_matter(text)
    data = load_mapping(fmt, head)[0] if fmt else {}
    layout = data.get("layout", "")
    if "layout" not in data or str(layout or "none").lower() not in ("none", "null") \
            or "{{" in body or "{%" in body or not _DOCUMENT.match(body):
        return None
    permalink = str(data.get("permalink") or "")
    if ":" in permalink or (not permalink and rel.startswith("_")):
        return None  # (a pattern, or a collection's page at an address of its own)
    target = permalink.strip("/") + ("/index.html" if permalink.endswith("/") else "") \
        if permalink else rel
    if target in ("index.html", *GENERATED) or "/" + target.removesuffix("index.html") \
            in (*LANTING_PAGES, "/publications/", "/talks/", "/cv/"):
        return None  # (Lanting's own home page, 404 page, search page, …)
    return target.lstrip("/"), body.lstrip("\n")


class JekyllSettings(JekyllMenu):
    """The settings side of the Jekyll importers."""

    source: Path
    root: Path
    config_name: str
    left_out: dict[str, str]
    report: Report
    site: NewSite
    config: dict[str, Any]
    tz: dt.tzinfo
    baseurl: str
    language: str
    author_name: Callable[[], str]
    drew_mermaid: bool
    layout_data: Callable[[str], list[str]]

    def source_folder(self, root: Path) -> Path:
        """The folder Jekyll read the site from: `_config.yml`'s `source:` (`source: src`,
        the posts in `src/_posts/`, the layouts and images beside them), else the root.
        Read from the root, `src/` was taken for a category of every post, and the
        images under it were not at their URLs."""
        name = self.config.get("source")
        if not isinstance(name, str) or name.strip().strip("/") in ("", "."):
            return root
        folder = (root / name.strip()).resolve()
        copied = (root / Path(name.strip()).name).resolve()
        if not folder.exists() and folder.is_relative_to(root.resolve()) \
                and copied.is_relative_to(root.resolve()) and (copied / "_posts").is_dir():
            # (`source: .tmp/src`: a build step copies `src/` there before Jekyll runs)
            self.report.note(self.config_name, key_line(read_text(root / self.config_name),
                                                        "source", 1),
                             f"`source: {name}` is made by a build step: the site is read "
                             f"from `{copied.name}/`, which it copies")
            return root / copied.relative_to(root.resolve())
        if not folder.is_relative_to(root.resolve()) or not folder.is_dir():
            self.report.warn(self.config_name, key_line(read_text(root / self.config_name),
                                                        "source", 1),
                             f"`source: {name}` is no folder of the site: the site is read "
                             "from its root")
            return root
        return root / folder.relative_to(root.resolve())

    def published(self, path: Path) -> bool:
        """Whether Jekyll publishes files at `path` (not `_x/`, `.x`, `exclude:`)."""
        rel = path.relative_to(self.source)
        exclude = {str(x).strip("/") for x in self.config.get("exclude") or []}
        return (not any(part.startswith(("_", ".")) for part in rel.parts)
                and not any(rel.as_posix().startswith(x) for x in exclude if x))

    def static_file(self, path: Path) -> bool:
        return (path.suffix.lower() in FILE_SUFFIXES and path.suffix.lower() not in (".md",)
                and self.published(path))

    def copy_static(self) -> None:
        pages_html: list[str] = []
        for path in walk(self.source):
            rel = path.relative_to(self.source).as_posix()
            if rel in GENERATED and path.suffix.lower() != ".md":  # al-folio's robots.txt
                # template, a 404.html, … (a `404.md` is a page: `read_page` reports it)
                self.report.note(path, None, f"left out: Lanting makes its own {rel}")
                continue
            if self.static_file(path) and not self.consumed(path):
                self.site.static[rel] = path
                self.report.counts["static files"] += 1
            elif path.suffix.lower() in (".html", ".htm") and self.published(path):
                # Without front matter Jekyll copies it as it is (a plotly figure in an
                # iframe, a page of its own), with its folder's scripts and styles; with
                # front matter the theme renders it.
                if rel == "index.html" and not read_text(path).lstrip("\ufeff").startswith(
                        "---"):
                    self.report.warn(path, None, "left out: a home page in plain HTML (a "
                                     "page an old build wrote?) would take the place of "
                                     "Lanting's; copy what you need into content/_index.md")
                elif not read_text(path).lstrip("\ufeff").startswith("---"):
                    self.site.static[rel] = path
                    self.report.counts["static files"] += 1
                    for other in path.parent.iterdir():  # its scripts and styles
                        if other.suffix.lower() in (".js", ".css") and other.is_file():
                            self.site.static[other.relative_to(self.source).as_posix()] = other
                elif rel in ("404.html", "feed.xml") or self.html_page(path):
                    continue  # (an HTML page is read with the Markdown ones)
                elif _NEWS_PAGE.fullmatch(split_front_matter(read_text(path))[2].strip()):
                    self.report.note(path, None, "left out: the list of `_news/`, which "
                                     "Lanting shows on the home page")  # (old al-folio's)
                elif (whole := standalone_document(read_text(path), rel)) is not None:
                    self.copy_document(*whole)
                else:  # (a whole document the theme's Liquid filled in)
                    pages_html.append(rel)
        if pages_html:
            self.report.warn(self.config_name, None, "pages written in HTML with front matter "
                             "(rendered by the theme) not imported — copy their text into "
                             "Markdown pages under content/pages/: " + ", ".join(
                                 f"`{p}`" for p in sorted(pages_html)[:8])
                             + (" …" if len(pages_html) > 8 else ""))

    def html_page(self, path: Path) -> bool:
        """A page written in HTML under front matter, which the theme rendered in its
        layout (a group's `people.html`, its home `index.html`): read as the Markdown
        pages are, its HTML kept (a listing left out there, as a Markdown one is). Not
        the theme's 404 page or feed, al-folio's old news list, or a whole document
        (`<html>…`: of its own, copied, or filled in by Liquid, which is reported)."""
        if path.suffix.lower() not in (".html", ".htm"):
            return False
        rel = path.relative_to(self.source).as_posix()
        text = read_text(path)
        if rel in GENERATED \
                or rel in ("404.html", "feed.xml") or not text.lstrip("\ufeff").startswith("---"):
            return False
        body = split_front_matter(text)[2]
        return not (_NEWS_PAGE.fullmatch(body.strip()) or _DOCUMENT.match(body))

    def copy_document(self, target: str, whole: str) -> None:
        """A whole HTML page of its own (`standalone_document`) into `static/` at
        `target`, with the scripts and styles it names by relative path (its images are
        copied anyway)."""
        self.site.extra[f"static/{target}"] = whole
        self.report.counts["static files"] += 1
        self.report.convert("HTML pages of their own (`layout: none`), copied without "
                            "their front matter")
        root = self.source.resolve()
        for name in _LOCAL_FILE.findall(whole):
            used = (root / target).parent.joinpath(name).resolve()
            if used.suffix.lower() in (".js", ".css") and used.is_file() \
                    and used.is_relative_to(root):
                self.site.static[used.relative_to(root).as_posix()] = used

    def site_url(self) -> str:
        """`_config.yml`'s `url` as an absolute URL: written without its scheme
        (`url: ann.github.io`, `//ann.github.io`), which Jekyll printed as it was, it is
        the host's `https://` address (Lanting stopped the build at a `base_url` that is
        no URL); one that names no host is left out, with a warning."""
        url = str(self.config.get("url") or "").strip().rstrip("/")
        if not url or re.match(r"https?://", url):
            return url
        host = url.removeprefix("//")
        if re.fullmatch(r"[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:/\S*)?", host):
            self.report.note(self.config_name,
                             key_line(read_text(self.root / self.config_name), "url", first=1),
                             f"`url: {url}` has no scheme: the site's address is "
                             f"`https://{host}/`")
            return "https://" + host
        self.report.warn(self.config_name, None, f"`url: {url}` is no web address: left out "
                         "(set `base_url` in lanting.toml)")
        return ""

    def consumed(self, path: Path) -> bool:
        """Inputs of the conversion, not files of the new site."""
        return False

    def write_config(self) -> None:
        config = self.site.config
        config["title"] = str(self.config.get("title") or self.author_name() or "My site")
        if self.author_name():
            config["author"] = self.author_name()
        config["language"] = self.language
        url = self.site_url()
        if url:
            config["base_url"] = url + self.baseurl + "/"
        description = self.config.get("description")
        if isinstance(description, str) and description.strip():
            config["description"] = " ".join(description.split())
        links = []
        if self.config.get("github_username"):
            links.append({"name": "GitHub",
                          "url": f"https://github.com/{self.config['github_username']}"})
        if self.config.get("twitter_username"):
            links.append({"name": "X", "url": f"https://x.com/{self.config['twitter_username']}"})
        if links:
            config["links"] = links
        self.menu()
        config["markdown"] = {"heading_ids": "github"}
        macros = site_math_macros(self.source, self.report)
        if macros:
            config["markdown"]["math_macros"] = macros
        self.site.config_comments["markdown"] = (
            "heading ids as kramdown (GFM input) made them: #links of the old posts keep "
            "working")
        self.site.config_comments["markdown"] += numbering_setting(
            self.source, JEKYLL_SETUPS, config["markdown"], self.report)
        if self.drew_mermaid:
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += (
                "; Mermaid diagrams drawn as the old theme drew them (its script from a CDN)")
            self.report.convert("Mermaid diagrams drawn (the theme's `mermaid: true`, "
                                "jekyll-spaceship's, the layouts' own script)")
        if self.site.permalink != DEFAULT_POST_PERMALINK:
            config["permalinks"] = {"posts": self.site.permalink}

    def archive_settings(self) -> tuple[set[str], dict[str, str]] | None:
        """jekyll-archives' (or al-folio's jekyll-archives-v2) archives of posts: what is
        enabled (`year`, `month`, `day`, `tags`, `categories`) and the permalinks, with
        the plugin's defaults; None without the plugin."""
        plugins = self.config.get("plugins") or self.config.get("gems") or []
        names = {str(p) for p in plugins} if isinstance(plugins, list) else set()
        settings = self.config.get("jekyll-archives")
        if not names & {"jekyll-archives", "jekyll-archives-v2"} \
                or not isinstance(settings, dict):
            return None
        if isinstance(settings.get("posts"), dict):  # v2: per collection
            settings = settings["posts"]
        enabled = settings.get("enabled") or []
        kinds = {"year", "month", "day", "tags", "categories"} if enabled == "all" else {
            {"tag": "tags", "category": "categories"}.get(str(e), str(e))
            for e in (enabled if isinstance(enabled, list) else [])}
        given = settings.get("permalinks")
        given = given if isinstance(given, dict) else {}
        permalinks = {"year": "/:year/", "month": "/:year/:month/",
                      "day": "/:year/:month/:day/", "tags": "/tag/:name/",
                      "categories": "/category/:name/"}
        for key, value in given.items():
            key = {"tag": "tags", "category": "categories"}.get(str(key), str(key))
            if key in permalinks and isinstance(value, str):
                permalinks[key] = value
        return kinds, permalinks

    def listing_redirects(self) -> None:
        """The tag, category and date archives of jekyll-archives → `[redirects]`."""
        settings = self.archive_settings()
        if settings is None:
            return
        kinds, permalinks = settings
        redirects = Redirects(self.site, self.report, self.config_name)
        posts = listed_posts(self.site)

        def fill(pattern: str, values: dict[str, str]) -> str:
            values = {"collection": "posts", **values}
            return re.sub(r":([a-z_]+)", lambda m: values.get(m.group(1), m.group()), pattern)

        for taxonomy, kind in (("tags", "tag"), ("categories", "category")):
            if taxonomy not in kinds:
                continue
            urls = term_urls(posts, taxonomy)
            for name in sorted({str(n) for p in posts for n in p.front.get(taxonomy) or ()}):
                redirects.add(fill(permalinks[taxonomy], {"type": kind,
                                                          "name": jekyll_slugify(name)}),
                              urls[name.casefold()])
        for post in posts:
            date = post.front.get("date")
            if not isinstance(date, When):
                continue
            moment = date.in_zone(self.tz)
            values = {"year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
                      "day": f"{moment.day:02d}"}
            for kind in ("year", "month", "day"):
                if kind in kinds:
                    redirects.add(fill(permalinks[kind], {"type": kind, **values}),
                                  archive_url(date))
        redirects.finish("jekyll-archives pages (tags, categories, years)")
