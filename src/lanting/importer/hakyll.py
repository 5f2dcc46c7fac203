"""Hakyll → Lanting: a Haskell program importing `Hakyll` (rules read as text:
`hakyll_rules.py`) and the files it reads (its `providerDirectory`, the project's root
by default).

Each file the rules match is what its rule's compiler made of it: a Pandoc document
(`.md`, `.markdown`, `.mkd`, `.mdown`, literate Haskell `.lhs`, reStructuredText `.rst`)
is a post when a list or feed of the site loads it (`loadAll "posts/*"`), else a page;
`copyFileCompiler`'s files are copied to `static/` at the path their route gave them;
the theme's CSS and templates are left out. A document's metadata is its YAML block
(opened by three or more dashes, closed by as many or `...`) or the `x.md.metadata`
file beside it: `title`, `published` or `date` (else the `YYYY-MM-DD-` its file's or a
folder's name begins with, as `dateField` reads it), `tags` (a list, or a string of
comma-separated tags as `buildTags` reads it), `author`, `description`/`teaser`/
`summary`. Each keeps its old URL (its route: `/posts/2015-08-12-x.html`). Bodies:
`hakyll_bodies.py`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.bibtex import dump, parse
from lanting.importer.common import GENERATED, LinkTable, Options, mtime, read_text, walk
from lanting.importer.hakyll_bodies import HakyllBodies, split_metadata
from lanting.importer.hakyll_routes import apply_custom_route, gsub_within
from lanting.importer.hakyll_rules import Rule, matches, read_rules
from lanting.importer.hakyll_site import write_config
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.markups import convert, org_front_matter
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.report import Report
from lanting.importer.rst_markdown import read_rst
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_mapping, names, parse_when, zone

_MARKDOWN = frozenset({".md", ".markdown", ".mkd", ".mdown", ".mdwn", ".mkdn", ".mkdwn",
                       ".lhs"})
_PANDOC_ONLY = {".org": "org", ".tex": "latex", ".textile": "textile",
                ".mediawiki": "mediawiki"}
"""The other markups Hakyll's `pandocCompiler` reads by their suffix (its `fileType`),
converted with Pandoc as Hakyll did."""
_PLACED = frozenset({"title", "date", "published", "updated", "modified", "tags", "author",
                     "description", "teaser", "summary", "abstract", "slug"})
_DATED_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:-|$)")


class Hakyll(HakyllBodies):
    kind = "hakyll"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        self.source = source
        self.report = report
        self.options = options
        self.rules = read_rules(source)
        self.content = (source / self.rules.provider).resolve()
        self.site = NewSite(report, source)
        self.tz = zone(options.timezone)
        self.table = LinkTable(self.site)
        self.by_source: dict[Path, Item] = {}
        self.documents: list[tuple[Item, str, Path]] = []
        self.texts: list[str] = []
        self.unrouted: set[str] = set()
        self.templated: set[Path] = set()
        self.html_pages: set[Path] = set()

    def run(self) -> NewSite:
        """In order: the rules' notices, the provider folder's files (static ones copied,
        documents read), the bodies (once every item's new place is known), the
        bibliography, `lanting.toml`."""
        where = self.rules.files[0] if self.rules.files else "."
        if self.rules.fallback:
            self.report.note(where, None, "no `match` rule read in the Haskell source: "
                             "read as hakyll-init's site (`posts/*` posts, `about.rst` "
                             "and `contact.markdown` pages, `images/*` files)")
        if not self.content.is_dir():
            self.report.warn(where, None, f"no provider folder `{self.rules.provider}`: "
                             "nothing imported")
        for path in walk(self.content) if self.content.is_dir() else []:
            self.read_file(path)
        for item, text, path in self.documents:
            ctx = Context(self.report, path, read_text(path))
            item.body = self.convert(text, item, ctx, path) if path not in self.html_pages \
                else self.html_body(text, item, ctx, path)
        self.bibliography()
        write_config(self.site, self.rules, self.table, self.content, self.texts)
        return self.site

    def read_file(self, path: Path) -> None:
        rel = path.relative_to(self.content).as_posix()
        if rel.split("/", 1)[0] in (self.rules.destination, "_cache") \
                or path.name.endswith(("~", ".swp", ".metadata")) or path.name[0] in ".#":
            return  # (Hakyll's own folders, its ignored files, metadata files)
        rule = next((r for r in self.rules.rules if matches(r.globs, rel)
                     and not matches(r.excluded, rel)), None)
        if rule is None or rule.compiler == "theme":
            return
        old = self.old_path(rule, rel, path)
        if rule.compiler == "copy":
            if old is None:
                return
            if old in GENERATED:
                self.report.note(path, None, f"a file at /{old}, which Lanting makes "
                                 "itself: left out")
            else:
                self.site.static.setdefault(old, path)
        elif rule.compiler == "document" and old not in GENERATED:
            if rule.templated:
                self.templated.add(path)
            self.read_document(path, rel, old)
        elif old == "index.html" or old in GENERATED:
            self.report.note(path, None, f"/{old}: Lanting makes its own (the list of "
                             "posts, the feed, the error page): left out")
        elif old is not None and rule.compiler == "html" and not rule.wrapped:
            self.site.static.setdefault(old, path)  # (published as it is)
        elif old is not None and rule.compiler == "html":
            self.read_html(path, old)
        elif old is not None:
            what = "an HTML page" if rule.compiler == "html" else "a file its own compiler made"
            self.report.warn(path, None, f"{what} (rule at {rule.where}), published at "
                             f"/{old}: left out; write it as a Markdown page")

    def read_html(self, path: Path, old: str) -> None:
        """An HTML file the rule put in the theme's template: a page of that HTML (one
        holding template syntax, `$for(posts)$`, is a list the theme made: left out)."""
        meta, body, _line, _error = split_metadata(read_text(path))
        if re.search(r"\$(?:for|if|partial|foreach)\(|\$body\$", body):
            self.report.note(path, None, f"/{old}: a list the site's templates made "
                             "(Lanting makes its own): left out")
            return
        heading = re.search(r"<h1\b[^>]*>(.*?)</h1>", body, re.DOTALL | re.IGNORECASE)
        if not str(meta.get("title") or "").strip() and heading:
            meta["title"] = " ".join(re.sub(r"<[^>]+>", "", heading.group(1)).split())
        self.html_pages.add(path)
        self.report.convert("HTML pages as pages of that HTML")
        self.add_item(path, "page", {str(k).lower(): v for k, v in meta.items()}, body, old)

    def old_path(self, rule: Rule, rel: str, path: Path) -> str | None:
        """Where the rule's route wrote the file (None: no route, or one read nowhere)."""
        if rule.route is None:
            return None
        out = rel
        for step in rule.route:
            if step[0] == "ext":
                stem = out.rsplit(".", 1)[0] if "." in out.rsplit("/", 1)[-1] else out
                out = f"{stem}.{step[1].lstrip('.')}" if step[1] else stem
            elif step[0] == "const":
                out = step[1]
            elif step[0] == "gsub":
                try:
                    out = re.sub(step[1], step[2].replace("\\", "\\\\"), out)
                except re.error:
                    return self.unknown_route(rule, path, step[1])
            elif step[0] == "gsub_within":
                try:
                    out = gsub_within(out, step[1], step[2], step[3])
                except re.error:
                    return self.unknown_route(rule, path, step[1])
            elif step[0] == "custom":
                routed = apply_custom_route(step[1], out)
                if routed is None:
                    return self.unknown_route(rule, path, "customRoute")
                self.report.convert("custom routes read as paths")
                out = routed
            elif step[0] == "unknown":
                return self.unknown_route(rule, path, step[1])
        return out.lstrip("/")

    def unknown_route(self, rule: Rule, path: Path, what: str) -> str | None:
        """A route made by code: the file keeps no old URL (one warning a rule)."""
        if rule.where not in self.unrouted:
            self.unrouted.add(rule.where)
            self.report.warn(rule.where, None, f"route `{what}` is code, not read: the "
                             f"files of `{' '.join(rule.globs)}` keep no old URL (first: "
                             f"{self.report.rel(path)})")
        return None

    def read_document(self, path: Path, rel: str, old: str | None) -> None:
        suffix = path.suffix.lower()
        if suffix not in _MARKDOWN and suffix != ".rst" and suffix not in _PANDOC_ONLY:
            self.report.warn(path, None, f"a `{suffix}` document (Pandoc read it; Lanting "
                             "reads Markdown and reStructuredText): left out; convert it "
                             "with `pandoc -t markdown`")
            return
        text = read_text(path)
        meta, body, line, error = split_metadata(text)
        if suffix in _PANDOC_ONLY:
            if suffix == ".org" and not meta.get("title") \
                    and (title := org_front_matter(body).get("title")):
                meta = {**meta, "title": title}  # (Org's own title, which Pandoc read)
            try:
                converted = convert(body, _PANDOC_ONLY[suffix], path.parent,
                                    text.count("\n") - body.count("\n"))
            except OSError as why:
                self.report.warn(path, 1, f"left out: a `{suffix}` document {why}")
                return
            body = converted.text
            for number, message in converted.warnings:
                self.report.warn(path, number, f"Pandoc: {message}")
            self.report.convert(f"{_PANDOC_ONLY[suffix]} documents as Markdown")
        sidecar = path.with_name(path.name + ".metadata")
        if sidecar.is_file():
            data, error = load_mapping("yaml", read_text(sidecar))
            meta = {**data, **meta}
        if error:
            self.report.warn(path, line, f"metadata not read ({error})")
        meta = {str(k).lower(): v for k, v in meta.items()}
        if suffix == ".rst":
            document = read_rst(body, path, self.content)
            if document.title and not str(meta.get("title") or "").strip():
                meta["title"] = document.title
            for number, message in document.problems:
                self.report.warn(path, number, message)
            body = document.body
            self.report.convert("reStructuredText documents as Markdown")
        kind = "home" if old == "index.html" else "post" if matches(
            self.rules.listed, rel) else "page"
        self.add_item(path, kind, meta, body, old)

    def add_item(self, path: Path, kind: str, meta: dict[str, Any], body: str,
                 old: str | None) -> None:
        title = str(meta.get("title") or "").strip()
        heading = first_heading(body) if not title and kind != "home" else None
        if heading is not None:
            # (the templates' `$title$` showed nothing; the body's heading was the title)
            title, body = heading
            self.report.note(path, None, f"no `title`: titled by its first heading, "
                             f"`{title}`")
        elif not title and kind != "home":
            self.report.warn(path, None, "no `title` (the templates showed none): titled "
                             "by its file name")
        stem = path.stem if path.stem != "index" else path.parent.name
        slug = _DATED_NAME.sub("", stem) or stem
        front: dict[str, Any] = {"title": title or slug.replace("-", " ").replace("_", " ")}
        if kind == "post":
            front["date"] = self.date(meta, path)
            tags = meta.get("tags")
            tag_list = [t.strip() for t in tags.split(",") if t.strip()] \
                if isinstance(tags, str) else names(tags)
            if tag_list:
                front["tags"] = tag_list
        summary = next((meta[k] for k in ("description", "teaser", "summary", "abstract")
                        if isinstance(meta.get(k), str) and meta[k].strip()), None)
        if summary:
            front["summary"] = " ".join(summary.split())
        author = meta.get("author")
        if isinstance(author, str) and author.strip() and \
                author.strip() != self.rules.feed.get("feedAuthorName"):
            front.setdefault("params", {})["author"] = author.strip()
        dropped = [k for k in meta if k not in _PLACED]
        if dropped:
            self.report.note(path, 1, "metadata Lanting has no place for, left out: "
                             + ", ".join(f"`{k}`" for k in dropped))
        item = self.site.add(Item(kind, "index" if kind == "home" else slug_of(slug), path,
                                  front))
        self.report.counts["posts" if kind == "post" else "pages"] += 1
        if old and kind != "home":
            # (a clean route's `posts/x/index.html` was read at `/posts/x/`)
            folder = old.removesuffix("index.html") if old.endswith("/index.html") else old
            item.old_urls = ["/" + folder]
            self.table.add("/" + old, item)
            self.table.add("/" + folder, item)
        self.by_source[path.resolve()] = item
        self.texts.append(body)
        self.documents.append((item, body, path))

    def date(self, meta: dict[str, Any], path: Path) -> Any:
        """As Hakyll's `dateField`: `published`, else `date`, else the date a file's or
        folder's name begins with (the file's first), else (with a warning) the file's
        time."""
        for key in ("published", "date"):
            value = meta.get(key)
            if value is not None and str(value).strip():
                raw = value.strip() if isinstance(value, str) else None
                when = parse_when(value, raw, self.tz)
                if when is not None:
                    return when
        for part in reversed(path.relative_to(self.content).with_suffix("").parts):
            found = _DATED_NAME.match(part)
            when = parse_when("-".join(found.groups()), None, self.tz) if found else None
            if when is not None:
                return when
        self.report.warn(path, None, "no date (`published`, `date`, or in its name): the "
                         "file's time is used")
        return mtime(path, self.tz)

    def bibliography(self) -> None:
        """The `.bib` the site compiles (`biblioCompiler`, `readPandocBiblio`) as
        `content/references.bib`, which Lanting's `[@key]` citations cite from."""
        entries: list[Any] = []
        files: dict[Path, None] = {}
        for name in self.rules.bibliographies:
            for file in sorted(self.content.glob(name)) or sorted(self.source.glob(name)):
                files.setdefault(file.resolve())
        for file in files:
            entries += parse(read_text(file))[0]
        if entries:
            self.site.extra["content/references.bib"] = dump(entries)
            self.report.convert("bibliographies (content/references.bib)")
