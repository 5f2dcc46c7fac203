"""Zola → Lanting.

A Zola site is laid out as a Hugo site is (`content/` with sections, `_index.md` list
pages, pages in single files or folders with their assets, `static/`), so its reading is
the Hugo importer's; this module tells what Zola does otherwise: its settings
(`zola_config.py`), its front matter (`updated`, `[taxonomies]`, `path`, `template`,
`[extra]`), its URLs (`slugify.paths`, a date in the file name, `aliases` from the
root, `/zh/` for the other languages), its math (KaTeX turned on in `[extra]`, by the
site or the page), its code fences (`rust,linenos,hl_lines=2`), its internal links
(`@/blog/post.md#part`) and its shortcodes (`zola_shortcodes.py`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer.body_fragments import heading_fragment
from lanting.importer.body_links import UNLINK
from lanting.importer.common import Options, read_text, walk
from lanting.importer.hexo_settings import MERMAID
from lanting.importer.hugo import Hugo
from lanting.importer.hugo_content import _DATED
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site_language import language_tag
from lanting.importer.text import load_mapping, names, split_front_matter, zone
from lanting.importer.zola_config import (
    MATH_KEYS,
    hugo_shaped,
    math_on,
    read_zola,
    slug_strategy,
    zola_slug,
)
from lanting.importer.zola_shortcodes import ZolaShortcodes, shelve_escapes
from lanting.importer.zola_tera import OwnTemplates, template_files
from lanting.markdown.anchors import github_slug
from lanting.model.config import DEFAULT_POST_PERMALINK

DATED_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})?)?)"
                        r"[_-](.+)$")
"""A file (or folder) name Zola takes a date from: `2024-03-01-title`, `2024-03-01_title`."""
_TAXONOMIES = {"tags": "tags", "tag": "tags", "categories": "categories",
               "category": "categories", "series": "series"}
_LIST_KEYS = ("sort_by", "paginate_by", "paginate_path", "paginate_reversed", "transparent",
              "page_template", "insert_anchor_links", "in_search_index", "generate_feeds",
              "generate_feed", "weight", "render", "redirect_to", "authors")
"""Zola's settings of a list or of the theme's drawing, with no place in Lanting."""
_LIST_TEMPLATES = frozenset({"index", "section", "list", "blog", "posts", "paginator"})
"""Templates a section's `_index.md` names to list posts (abridge's `index.html`)."""
_SECTION_FILE = re.compile(r"(?:(.*)/)?_index(?:\.([\w-]+))?\.md")
"""A section's own file, `blog/_index.md`, `_index.es.md`: a link to its list."""
_HEADING_LINE = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^[/#@]")
_ROW_BREAK = re.compile(r"(?<!\\)\\\\[A-Za-z0-9]")
"""`\\\\y`, `\\\\0` (a row break, then a letter or digit): TeX written as TeX, not
for Markdown (whose `\\y`, `\\0` would be no TeX)."""
_ESCAPING = re.compile(r"\\\\[(\[]|\\\\\\\\|(?<!\\)\\\*|(?<!\\)\\_(?![^{}$\n]*\})")
"""What a page written for Markdown's escapes holds: `\\\\(`, `\\\\[`, `\\\\\\\\`, `\\*`,
`\\_` (not one inside braces, `\\text{a\\_b}`, which TeX reads alike)."""
_MATH_TEMPLATE = re.compile(r"katex|mathjax", re.IGNORECASE)
_PAGE_SWITCH = re.compile(r"\{%-?\s*(?:if|elif)\b[^%]*?\b(?:page|section)\.extra\.(\w+)")
"""A page's switch a template tests (`{% if page.extra.latex %}`)."""


def content_paths(source: Path | None, content: Path) -> dict[str, str]:
    """A page's (a section's) `path` and `colocated_path` as its templates read them
    (`load_data(path="content" ~ section.path ~ "x.toml")`): its folder in `content/`."""
    if source is None or not source.is_relative_to(content):
        return {}
    rel = source.relative_to(content)
    folder = rel.parent if rel.stem in ("_index", "index") else rel.parent / rel.stem
    path = "/" + "".join(f"{part}/" for part in folder.parts)
    return {"path": path, "colocated_path": path.lstrip("/")}


class Zola(Hugo):
    hugo_pages = False
    kind = "zola"
    language_key = "default_language"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        super().__init__(source, report, options)
        self.zola, problems = read_zola(source)
        for problem in problems:  # (one it could not read: reported by the Hugo reading)
            if not problem.startswith("config.toml:"):
                report.warn("config.toml", None, problem)
        self.config = hugo_shaped(self.zola)
        self.content = source / "content"
        self.params = dict(self.config["params"])
        self.tz = zone(options.timezone)  # (Zola reads a date without an offset as UTC)
        self.strategy = slug_strategy(self.zola)
        self.lower = self.strategy == "on"
        self.language = language_tag(self.zola.get("default_language"), "")
        self.languages = self.read_languages()
        self.math_keys = MATH_KEYS
        """The `[extra]` keys that turn a page's math on (the theme's, the site's)."""
        self.site_math = self.math_default()
        self.templates: OwnTemplates | None = None
        self.raw_tex = False
        """The page being converted writes TeX as TeX (no Markdown escapes to undo)."""

    def math_default(self) -> bool:
        """Whether the pages that say nothing had math: the site's `[extra]` says so, else
        its theme's, else the site's own templates load KaTeX or MathJax."""
        said = math_on(self.zola.get("extra"))
        if said is not None:
            return said
        theme = self.config.get("theme")
        if isinstance(theme, str):
            for name in ("config.toml", "theme.toml"):
                path = self.source / "themes" / theme / name
                data = load_mapping("toml", read_text(path))[0] if path.is_file() else {}
                said = math_on(data.get("extra"))
                if said is not None:
                    return said
        # The site's own templates: KaTeX loaded on every page, or on those whose
        # `[extra]` has the switch a template tests (`{% if page.extra.latex %}`)
        loading = [text for path in walk(self.source / "templates") if path.suffix == ".html"
                   and _MATH_TEMPLATE.search(text := read_text(path))] \
            if (self.source / "templates").is_dir() else []
        switches = {key.lower() for text in loading for key in _PAGE_SWITCH.findall(text)}
        self.math_keys = MATH_KEYS | switches
        return bool(loading) and not switches

    # --- pages ------------------------------------------------------------------------------

    def page_keys(self, path: Path, bundle: Path | None,
                  data: dict[str, Any]) -> dict[str, Any]:
        data = dict(data)
        taxonomies = data.pop("taxonomies", None)
        for name, terms in (taxonomies or {}).items() if isinstance(taxonomies, dict) else ():
            key = _TAXONOMIES.get(str(name).lower())
            if key is None:
                self.report.note(path, None, f"taxonomy `{name}` ({', '.join(names(terms))}): "
                                 "Lanting has tags, categories and series alone; left out")
            else:
                data[key] = names(data.get(key)) + names(terms)
        if "updated" in data:
            data.setdefault("lastmod", data.pop("updated"))
        template = data.pop("template", None)
        if isinstance(template, str) and "layout" not in data:
            data["layout"] = Path(template).stem  # (tabi's `archive.html`: a made list)
            if path.stem.startswith("_index") and data["layout"] in _LIST_TEMPLATES:
                data["layout"] = "list"  # (a section's list of posts: Lanting's lists)
        if data.get("render") is False:
            data["build"] = {"render": "never"}
        extra = data.pop("extra", None)
        said = math_on(extra, self.math_keys)
        if said is False or (said is None and not self.site_math):
            self.dollars.add(path)  # (no KaTeX on the page: `$` was a dollar sign)
        if isinstance(extra, dict):
            extra = {k: v for k, v in extra.items() if str(k).lower() not in self.math_keys}
            if extra:
                data["extra"] = extra
        for key in _LIST_KEYS:
            data.pop(key, None)
        name = (bundle.name if bundle is not None and not path.stem.startswith("_index")
                else self.stem_of(path))
        dated = DATED_NAME.match(name)
        if dated and not self.keeps_dates():
            data.setdefault("date", dated.group(1))
            data.setdefault("slug", dated.group(2))
        elif dated:
            data.setdefault("date", dated.group(1))
        data["aliases"] = [self.alias(str(a)) for a in names(data.get("aliases"))]
        if not data["aliases"]:
            del data["aliases"]
        given = data.pop("path", None)
        data["url"] = "/" + str(given).strip().strip("/") + "/" if isinstance(given, str) \
            else self.zola_url(path, bundle, data, name)
        return data

    def keeps_dates(self) -> bool:
        slugify = self.zola.get("slugify")
        return isinstance(slugify, dict) and slugify.get("paths_keep_dates") is True

    @staticmethod
    def alias(alias: str) -> str:
        """An alias from the site's root (Zola reads them so), a folder unless a file."""
        path = "/" + alias.strip().lstrip("/")
        return path if path.endswith((".html", "/")) else path + "/"

    def zola_url(self, path: Path, bundle: Path | None, data: dict[str, Any],
                 name: str) -> str:
        """The URL Zola gave a page: its sections' folders, then its name as
        `slugify.paths` makes it (a section's list: its folder), under `/zh/` for a
        language other than the default."""
        root = self.root_of(path)
        if path.stem.startswith("_index"):
            rel = path.parent.relative_to(root).as_posix()
            url = "/" if rel == "." else f"/{rel}/"
        else:
            folders = (bundle or path).parent.relative_to(root).parts
            if bundle is not None and bundle == root:
                folders = ()
            slug = zola_slug(str(data.get("slug") or name), self.strategy)
            url = "/" + "/".join([*folders, slug]) + "/"
        folder = self.language_of(path).folder
        return folder + url if folder else url

    def content_files(self) -> list[tuple[Path, Path | None]]:
        """Zola's pages are its Markdown files (an `.html` file is a page's asset)."""
        return [(path, bundle) for path, bundle in super().content_files()
                if path.suffix.lower() == ".md"]

    def main_section(self, files: list[tuple[Path, Path | None]]) -> str:
        """The posts' section; the root, when it holds more dated pages than any section
        does (a Zola blog whose home page lists its posts)."""
        main = super().main_section(files)
        root = sum(1 for path, bundle in files if not self.section_of(path) and (
            _DATED.search(split_front_matter(read_text(path))[1])
            or DATED_NAME.match(bundle.name if bundle is not None else path.stem)))
        return "" if root > self.sections.get(main, 0) else main

    def is_post(self, section: str, data: dict[str, Any]) -> bool:
        return section == self.main or super().is_post(section, data)

    def permalink_of(self, section: str) -> str:
        return f"/{section}/:slugorfilename/" if section else "/:slugorfilename/"

    def lanting_pattern(self, pattern: str, section: str) -> str:
        # (posts at the root keep Lanting's `/posts/…`: at `/:slug/` they would take the
        # URLs of pages; their old URLs redirect)
        return super().lanting_pattern(pattern, section) if section else DEFAULT_POST_PERMALINK

    # --- bodies -----------------------------------------------------------------------------

    def site_syntax(self, text: str, item: Item, ctx: Context, folder: Path,
                    shelf: Shelf) -> str:
        self.raw_tex = bool(_ROW_BREAK.search(text)) and not _ESCAPING.search(text)
        text = shelve_escapes(text, shelf, ctx)
        text = protect_code(text, shelf, lambda info, code, indent: self.fence(
            info, code, indent, ctx))
        if self.templates is None:
            theme = self.zola.get("theme")
            self.templates = OwnTemplates(
                template_files(self.source, theme if isinstance(theme, str) else None),
                {"extra": self.zola.get("extra") or {}, "base_url": self.zola.get("base_url"),
                 "title": self.zola.get("title")}, self.source,
                theme if isinstance(theme, str) else None)
        page = {"title": item.title, "lang": item.lang or self.language,
                "permalink": (item.old_urls or [""])[0], **content_paths(
                    item.source, self.content)}
        codes = ZolaShortcodes(ctx, shelf, self.templates, lambda src: self.figure_source(
            src, {}, item, folder), page, self.language)
        return codes.convert(text)

    def passthrough(self) -> bool:
        """Zola has no math: its Markdown read the escapes in formulas before KaTeX saw
        them, and pages written for that (`\\\\(x\\\\)`, `a\\_1`) get them undone.
        A page of TeX written as TeX (`a\\\\b`, a matrix's row break, which the old
        page showed broken) keeps it."""
        return self.raw_tex

    def fence(self, info: str, code: str, indent: str, ctx: Context) -> str:
        """Zola's fence options after commas: `rust,linenos,hl_lines=1 3-4,name=x.rs`."""
        lang, comma, rest = info.partition(",")
        if "=" in lang:  # (options alone: ```` ```name=.gitignore ````)
            lang, comma, rest = "", ",", info
        if not comma:
            return super().fence(info, code, indent, ctx)
        options: dict[str, str] = {}
        for part in rest.split(","):
            key, _eq, value = part.strip().partition("=")
            value = value.strip().strip("\"'")
            if key == "linenos":
                options["linenos"] = "true"
            elif key == "hl_lines":
                options["hl_lines"] = " ".join(value.split())
            elif key == "linenostart":
                options["start"] = value
            elif key == "name":
                options["title"] = value
        ctx.convert("code block options")
        return fence(lang.strip(), code, options, indent)

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        """Zola's internal links, `@/blog/post.md#part` (a path from `content/`), to the
        page wherever the import put it; `@/blog/_index.md`, to the list of its posts."""
        if url.startswith("#") and len(url) > 1 and not image:
            found = self.zola_fragment(unquote(url[1:]), ctx.path)
            if found is not None and found != unquote(url[1:]):
                ctx.convert("links to headings by Zola's ids")
                return "#" + found
        name = url.split("#")[0].split("?")[0]
        file = folder / unquote(name)
        if name and not _SCHEME.match(url) and file.suffix.lower() in (".html", ".htm") \
                and file.is_file():
            # (Zola renders only Markdown: an HTML file beside a page, an interactive BOM,
            # was one of its files, published beside it)
            return self.bundle_file(file, url, name, ctx)
        if not url.startswith("@/"):
            return super().url(url, image, ctx, folder)
        name, hash_mark, fragment = url[2:].partition("#")
        name = unquote(name)
        listing = _SECTION_FILE.fullmatch(name)
        if listing:
            found = self.section_link(listing.group(1) or "", listing.group(2), ctx)
            if found is None:
                return UNLINK if self.unmade_list(f"/{listing.group(1)}/", url, ctx) \
                    else None
            return found + hash_mark + fragment
        target = self.find("/" + name, folder)
        if target is None or not fragment or target.source is None:
            return self.page_link("/" + name, hash_mark + fragment, folder, ctx, url)
        found = self.zola_fragment(unquote(fragment), target.source)
        if found is None:
            ctx.warn(url, f"no heading `{fragment}` in `{name}`: the link leads to the "
                     "page's top")
        ctx.convert("internal links (@/)")
        return self.site.link(target) + ("#" + found if found else "")

    def section_link(self, section: str, key: str | None, ctx: Context) -> str | None:
        """Where a link to a section's list (`@/blog/_index.md`, `@/_index.es.md`) leads
        now: the home page, the blog, or the category of the section's posts, in the
        language's folder."""
        folder = next((lang.folder for lang in self.languages if lang.key == key), "") \
            if key else ""
        ctx.convert("internal links (@/)")
        if not section:
            return folder + "/"
        if section == self.main:
            return folder + "/blog/"
        found = self.section_url(f"/{section}/", ctx)
        return folder + found if found else None

    def zola_fragment(self, fragment: str, source: Path) -> str | None:
        """The new id of the heading a fragment names: by its text or its id as the new
        site makes it, else by the id Zola made (ASCII: `#busqueda` of `Búsqueda`)."""
        found = heading_fragment(fragment, source)
        if found is not None:
            return found
        for line in _HEADING_LINE.findall(read_text(source)):
            text = re.sub(r"\s*\{#[^}]*\}\s*$", "", line).strip()
            if zola_slug(text) == fragment:
                return github_slug(text)
        return None

    # --- settings ---------------------------------------------------------------------------

    def write_config(self) -> None:
        super().write_config()
        markdown = self.site.config.setdefault("markdown", {})
        # (GitHub's ids, as the links the import rewrote name them: those written with
        # Zola's ASCII ids, `#busqueda`, lead to the heading's new id)
        comments = ["heading ids the links to headings were rewritten for"]
        given = self.zola.get("markdown")
        if not (isinstance(given, dict) and given.get("render_emoji") is True):
            markdown["emoji"] = False
            comments.append("`:name:` left as written, as Zola did (`render_emoji` off)")
        extra = self.zola.get("extra")
        if self.report.converted.get("Mermaid diagrams") or isinstance(extra, dict) \
                and extra.get("mermaid") is True:
            # (the theme's `mermaid` shortcode loaded Mermaid on the page using it)
            markdown["mermaid"] = MERMAID
            comments.append("Mermaid diagrams drawn, as the theme did")
        self.site.config_comments["markdown"] = "; ".join(comments)
        if "permalinks" in self.site.config_comments:
            self.site.config_comments["permalinks"] = \
                f"the old site's URLs of `{self.main}/` (Zola's `/{self.main}/<name>/`)"
