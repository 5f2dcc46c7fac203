"""The new site's `lanting.toml` from a Hakyll site's (for `hakyll.py`): its
`FeedConfiguration` (`feedTitle`, `feedDescription`, `feedAuthorName`, `feedRoot`),
else its default template's `<title>` (the text around `$title$`) and `<html lang>`;
the menu of the template's navigation links; the math macros the templates define."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable, read_text
from lanting.importer.hakyll_rules import Rules
from lanting.importer.jekyll_math_macros import converting_macros, script_macros
from lanting.importer.menus import finish_menu
from lanting.importer.quarto_math import tex_definitions
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag
from lanting.model.names import term_slug

_TEMPLATES = ("templates/default.html", "templates/base.html", "templates/layout.html")
_NAVIGATION = re.compile(r"<nav\b.*?</nav>|<(div|ul|header)\b[^>]*\b(?:id|class)=[\"'][^\"']*"
                         r"\b(?:nav|navigation|menu)\b[^\"']*[\"'][^>]*>.*?</\1>",
                         re.DOTALL | re.IGNORECASE)
_LINK = re.compile(r"<a\b[^>]*\bhref=[\"']([^\"']+)[\"'][^>]*>(.*?)</a>", re.DOTALL | re.IGNORECASE)


_ARCHIVE = re.compile(r"/archives?(?:\.html|/|/index\.html)?")
_FEED = re.compile(r"/(?:rss|atom|feed)(?:\.xml|/|/index\.xml|/atom\.xml|/rss\.xml)?")


def lanting_page(site_path: str, rules: Rules) -> str | None:
    """Lanting's own page for a page the site's code made (`create`, `tagsRules`): a
    tag's (at the `fromCapture` glob of `buildTags`), the archive, the feed."""
    for glob in rules.tag_pages:
        found = re.fullmatch(re.escape(glob).replace(r"\*", "(.+)"), site_path.lstrip("/"))
        if found:
            return f"/tags/{term_slug(found.group(1))}/"
    if _ARCHIVE.fullmatch(site_path):
        return "/archive/"
    return "/atom.xml" if _FEED.fullmatch(site_path) else None


def template(content: Path) -> tuple[Path | None, str]:
    """The site's default template (its path and text)."""
    for name in _TEMPLATES:
        if (content / name).is_file():
            return content / name, read_text(content / name)
    return None, ""


def title_of(page: str) -> str:
    """The site's name in a template's `<title>`: the text beside `$title$` (`My
    Hakyll Blog - $title$` → `My Hakyll Blog`)."""
    found = re.search(r"<title>(.*?)</title>", page, re.DOTALL | re.IGNORECASE)
    if not found:
        return ""
    text = re.sub(r"\$(?:if|for|partial)\(.*?\$endif\$|\$[\w.()\"/-]*\$", " ", found.group(1),
                  flags=re.DOTALL)
    return html.unescape(" ".join(text.split())).strip(" -|–—:·")


def home_link(page: str) -> str:
    """The site's name as the template's link home shows it (`<a href="/">Ada
    Lovelace</a>`, hakyll-init's logo), when its `<title>` is the page's alone."""
    for text in re.findall(r"<a\b[^>]*\bhref=[\"'](?:/|/index\.html|\./)[\"'][^>]*>(.*?)</a>",
                           page, re.DOTALL | re.IGNORECASE):
        name = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", text).split()))
        if name and "$" not in name and name.lower() not in ("home", "index", "blog", "posts"):
            return name
    return ""


def write_config(site: NewSite, rules: Rules, table: LinkTable, content: Path,
                 texts: list[str]) -> None:
    config, feed = site.config, rules.feed
    path, page = template(content)
    config["title"] = feed.get("feedTitle") or title_of(page) or home_link(page)
    if feed.get("feedAuthorName"):
        config["author"] = feed["feedAuthorName"]
    lang = re.search(r"<html\b[^>]*\blang=[\"']([\w-]+)[\"']", page, re.IGNORECASE)
    config["language"] = language_tag(lang.group(1), "") if lang else guess_language(texts)
    if feed.get("feedRoot", "").startswith("http"):
        config["base_url"] = feed["feedRoot"].rstrip("/") + "/"
    if feed.get("feedDescription"):
        config["description"] = " ".join(feed["feedDescription"].split())
    # (Pandoc's `auto_identifiers` made the headings' ids)
    config["markdown"] = {"heading_ids": "pandoc"}
    macros = template_macros(content, site.report)
    if macros:
        config["markdown"]["math_macros"] = macros
    if path is not None:
        finish_menu(site, menu(page, site, table, rules), path)


def template_macros(content: Path, report: Report) -> dict[str, str]:
    """The macros the templates define for MathJax or KaTeX (a setup's `macros: {…}`,
    or `\\newcommand` in the page, as MathJax read it), those that convert."""
    files = sorted((content / "templates").rglob("*.html")) if (
        content / "templates").is_dir() else []
    found = script_macros(files)
    where = ""
    for file in files:
        defined = tex_definitions(read_text(file))
        where = where or (report.rel(file) if defined else "")
        for name, definition in defined.items():
            found.setdefault(name, _expansion(definition))
    return converting_macros(found, report, where or "templates") if found else {}


def _expansion(definition: str) -> str:
    """A `\\newcommand{\\x}[2]{…}` (as `tex_definitions` writes it) as `math_macros`
    has it: the body (its arguments `#1`, `#2`), after the count and a default for an
    optional first argument when it has one (`[2][]{…}`); a `\\DeclareMathOperator`'s
    an `\\operatorname`."""
    found = re.match(r"\\(\w+)(\*?)\{\\[A-Za-z]+\}((?:\[[^\]]*\])*)\{(.*)\}$",
                     definition, re.DOTALL)
    if found is None:
        return definition
    command, star, options, body = found.groups()
    if command == "DeclareMathOperator":
        return f"\\operatorname{star}{{{body}}}"
    return f"{options}{{{body}}}" if options.count("[") >= 2 else body


def menu(page: str, site: NewSite, table: LinkTable, rules: Rules) -> list[dict[str, Any]]:
    """The template's navigation links, each to where its page now is; the list of
    posts (`/`, `/index.html`) left out (Lanting's home page and /blog/ have it), the
    archive's and tags' lists Lanting's own."""
    found = _NAVIGATION.search(page)
    entries: list[dict[str, Any]] = []
    for href, text in _LINK.findall(found.group() if found else ""):
        name = html.unescape(" ".join(re.sub(r"<[^>]+>|\$[^$]*\$", " ", text).split()))
        url = href.strip()
        if not name or "$" in url:
            continue
        target = table.find(url) if url.startswith("/") else table.find("/" + url) \
            if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#", url) else None
        if target is not None:
            url = site.new_url(target)
        elif url.rstrip("/") in ("", "/index.html", "index.html", ".", "./index.html"):
            continue
        elif (own := lanting_page("/" + url.lstrip("/"), rules)) is not None:
            url = own
        elif re.fullmatch(r"/?(?:posts|blog)(?:\.html|/)?", url):
            url = "/archive/"
        elif re.fullmatch(r"/?tags?(?:\.html|/)?", url):
            url = "/tags/"
        elif not url.startswith(("/", "http", "mailto:")):
            url = "/" + url
        entries.append({"name": name, "url": url})
    return entries
