"""Stage 10 — check: everything that would make the published site wrong, with file:line.

Runs over the in-memory model and the rendered pages, before anything is written, so an
error leaves the previous output untouched. It reads no file of `content/`: links are
checked against the routes, anchors against the ids of the rendered pages, files
against the output list. Pure: the inputs in, a list of problems out.

Reported: broken links (pages, `#anchors`, images, files), links to drafts, URLs claimed
by more than one source (or that the writer could not write: a file where a folder is
needed, a name too long), unsafe or broken links in `lanting.toml`, series and date
inconsistencies, the settings `site_checks.py` looks at (a placeholder `base_url`, a
faint accent, stale template overrides), plus the problems earlier stages only warned
about.
"""

from __future__ import annotations

import html
import posixpath
import re
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import unquote

from lanting.config.languages import language_dirs
from lanting.config.load import CONFIG_NAME
from lanting.config.locate import line_of, toml_key_lines
from lanting.errors import did_you_mean
from lanting.markdown.anchors import HEADING_ID_STYLES
from lanting.markdown.urls import url_scheme
from lanting.model.config import Config
from lanting.model.content import Discovery, Document, NotebookPart
from lanting.model.markdown import LinkRef, RenderedMarkdown
from lanting.model.names import MAX_NAME_BYTES, alias_output, alias_path, term_slug
from lanting.model.output import Copy, OutputFile
from lanting.model.problem import Problem
from lanting.model.site import Bibliography, Routes, Site, Talk
from lanting.output.external import ExternalLink, check_external
from lanting.output.search import INDEX_DIR
from lanting.output.site_checks import site_warnings
from lanting.site.routes import output_dir


@dataclass(frozen=True, slots=True)
class CheckInput:
    """Everything a build knows just before it writes."""

    site_dir: Path
    config: Config
    documents: tuple[Document, ...]
    """The documents of this build."""
    drafts: tuple[Document, ...]
    """Drafts this build leaves out (links to them are broken once published)."""
    rendered: dict[str, RenderedMarkdown]
    routes: Routes
    site: Site
    files: tuple[OutputFile, ...]
    """Every generated output file (pages, feeds, theme assets, notebook images)."""
    copies: tuple[Copy, ...]
    """Static files and content assets copied as they are."""
    discovery: Discovery
    external: bool = False
    """Also ask every http(s) link's server (slow; off by default)."""
    read_previous: Callable[[str], bytes | None] = lambda path: None
    """The previous build's copy of an output file that was not rendered again."""
    talks: tuple[Talk, ...] = ()
    """Talks, whose slides and notes have links too."""
    news: tuple[tuple[Document, tuple[LinkRef, ...]], ...] = ()
    """Each home page with the links of its news items."""
    bibliography: Bibliography | None = None


def check(inp: CheckInput) -> list[Problem]:
    """Every problem of the site, in no particular order (the CLI sorts them)."""
    problems = list(inp.discovery.warnings)
    for doc in inp.documents:
        problems.extend(inp.rendered[doc.source.rel.as_posix()].problems)
    problems += _collisions(inp)
    problems += _own_url_aliases(inp)
    outputs = _Outputs(inp)
    external: list[ExternalLink] = []
    for doc in inp.documents:
        problems += _links(doc.source.path, doc.source.rel.as_posix(),
                           inp.rendered[doc.source.rel.as_posix()].links, inp, outputs,
                           external,
                           doc.notebook_parts if doc.source.rel.suffix == ".ipynb" else None)
    for talk in inp.talks:
        problems += _links(inp.site_dir / "content" / talk.rel, talk.rel, talk.links, inp,
                           outputs, external)
    for home, links in inp.news:
        problems += _links(home.source.path, home.source.rel.as_posix(), links, inp, outputs,
                           external)
    problems += _publication_links(inp, outputs)
    problems += _config_links(inp, outputs)
    problems += site_warnings(inp.site_dir, inp.config, inp.copies)  # site_checks.py
    problems += _series(inp)
    problems += _dates(inp)
    if inp.external:
        problems += check_external(external)
    return problems


# --- the output, as URLs and anchors ----------------------------------------------------

_ID = re.compile(r"""<[^>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""")


class _Outputs:
    """The output files of the build, looked up by URL path; their ids, parsed lazily."""

    def __init__(self, inp: CheckInput) -> None:
        self.base = inp.config.base_path
        self.heading_ids = inp.config.markdown.heading_ids
        self.data = {f.path: f.data for f in inp.files}
        self.read_previous = inp.read_previous
        self.paths = set(self.data) | {c.path for c in inp.copies}
        self.ids = cache(self._ids)

    def find(self, path: str) -> str | None:
        """The output file a site-relative, decoded URL path names (`posts/x/`, `a.png`)."""
        path = path.lstrip("/")
        for candidate in (path, posixpath.join(path, "index.html") if path else "index.html"):
            if candidate in self.paths:
                return candidate
        return None

    def from_url(self, url_path: str) -> str:
        """Site-relative path of a root URL, with or without the base path."""
        if self.base != "/" and url_path.startswith(self.base):
            return url_path[len(self.base):]
        return url_path.lstrip("/")

    def _ids(self, output: str) -> frozenset[str]:
        if output not in self.data or not output.endswith(".html"):
            return frozenset()
        data = self.data[output]
        if data is None:  # unchanged since the last build: not rendered again
            data = self.read_previous(output)
        return frozenset() if data is None else page_ids(data)


def page_ids(data: bytes) -> frozenset[str]:
    """Every `id` (and `name`) an HTML page defines: what `#anchors` can point at."""
    text = data.decode("utf-8", errors="replace")
    return frozenset(html.unescape(next(g for g in m.groups() if g is not None))
                     for m in _ID.finditer(text))


# --- links in Markdown ---------------------------------------------------------------------


def _in_notebook(parts: tuple[NotebookPart, ...], line: int) -> tuple[str, int | None]:
    """("cell 3, line 2: ", the cell's line in the file) for a line of a notebook's
    generated Markdown."""
    index = bisect_right([part.body_line for part in parts], line) - 1
    if index < 0:
        return "", None
    part = parts[index]
    if part.source_line:
        return f"{part.where}, line {part.source_line + line - part.body_line}: ", part.line
    return f"{part.where}: ", part.line


def _links(path: Path, here: str, links: tuple[LinkRef, ...], inp: CheckInput,
           outputs: _Outputs, external: list[ExternalLink],
           notebook: tuple[NotebookPart, ...] | None = None) -> list[Problem]:
    """The broken links of one source (`here`: its content path) or of its slides or
    news. `notebook`: a notebook's parts, whose cells and lines the links are reported at
    (the links' lines are those of its generated Markdown)."""
    problems: list[Problem] = []
    for link in links:
        line: int | None = link.line
        column, where = link.column, ""
        if notebook is not None:
            where, line = _in_notebook(notebook, link.line)
            column = None
        scheme = url_scheme(link.url)
        if scheme in ("http", "https"):
            external.append(ExternalLink(link.url, path, line, column))
            continue
        if not link.url or scheme is not None or link.url.startswith("//"):
            continue  # mailto:, tel:, …, or a link markdown-it neutralised
        message, hint = _broken(link, here, inp, outputs)
        if message:
            problems.append(Problem(where + message, path, line, column, hint))
    return problems


def _publication_links(inp: CheckInput, outputs: _Outputs) -> list[Problem]:
    """A publication's buttons that name a file of the site (`pdf = {/papers/x.pdf}`, or
    a bare name, read from `static/`): the file must exist."""
    bibliography = inp.bibliography
    if bibliography is None or bibliography.path is None:
        return []
    problems = []
    for pub in bibliography.publications:
        files = [(link.kind, link.url, link.line) for link in pub.links]
        files += [("preview", pub.preview, pub.preview_line)] if pub.preview else []
        for kind, url, line in files:
            if not url.startswith("/") or url.startswith("//"):
                continue
            site_path = unquote(outputs.from_url(url.partition("#")[0]))
            if outputs.find(site_path) is None:
                problems.append(Problem(
                    f"entry `{pub.key}`, `{kind}`: no file {url} in the site",
                    bibliography.path, line or pub.line,
                    hint=f"put the file in static{url} or give its full URL; al-folio kept "
                         "previews in assets/img/publication_preview/ and PDFs in "
                         "assets/pdf/"))
    return problems


def _broken(link: LinkRef, here: str, inp: CheckInput,
            outputs: _Outputs) -> tuple[str | None, str | None]:
    """(message, hint) when `link`, written in content file `here`, leads nowhere."""
    url = link.url
    path, _, fragment = url.partition("#")
    path = path.partition("?")[0]
    fragment = unquote(fragment)
    page_out = inp.routes.pages[here] + "index.html"
    if not path:
        return _anchor(fragment, page_out, outputs, same_page=True)
    if path.startswith("/"):
        site_path = unquote(outputs.from_url(path))
        target = outputs.find(site_path)
        if target is None:
            draft = next((f"content/{d.source.rel.as_posix()}" for d in inp.drafts
                          if _draft_dir(d, inp) == site_path.strip("/") + "/"), None)
            return (_draft_link(url, draft) if draft is not None
                    else _missing_url(url, site_path, inp, link.image))
        return _anchor(fragment, target, outputs)
    resolved = link.target in inp.routes.pages or link.target in inp.routes.assets
    if link.raw and not resolved:  # naming no file of content/: published as written
        relative = posixpath.normpath(posixpath.join(posixpath.dirname(page_out),
                                                     unquote(path)))
        target = None if relative.startswith("..") else outputs.find(relative)
        if target is not None:
            return _anchor(fragment, target, outputs)
        what = "image" if link.image else "link"
        return (f"broken {what} `{url}` in raw HTML: no file at "
                f"{outputs.base}{relative.removesuffix('.')}",
                "raw HTML is published as written: use a path from the site root "
                "(`/images/x.png`) or a Markdown link, which Lanting resolves")
    content = link.target or ""  # `content_target(url, here)`, worked out when rendering
    if content in inp.routes.pages:
        return _anchor(fragment, inp.routes.pages[content] + "index.html", outputs)
    if content in inp.routes.assets:
        return None, None
    draft = _draft_of(content, inp)
    if draft is not None:
        return _draft_link(url, draft)
    relative = posixpath.normpath(posixpath.join(posixpath.dirname(page_out), unquote(path)))
    target = None if relative.startswith("..") else outputs.find(relative)
    if target is not None:
        return _anchor(fragment, target, outputs)
    return _missing_file(url, content, here, link.image, inp)


def _draft_dir(doc: Document, inp: CheckInput) -> str | None:
    try:
        return output_dir(doc, inp.config.permalinks.posts)
    except ValueError:
        return None


def _draft_link(url: str, draft: str) -> tuple[str, str]:
    return (f"`{url}` links to a draft ({draft}), which this build leaves out",
            "publish it (remove `draft: true`) or remove the link; `--drafts` builds drafts too")


def _anchor(fragment: str, output: str, outputs: _Outputs,
            same_page: bool = False) -> tuple[str | None, str | None]:
    if not fragment or fragment == "top" or not output.endswith(".html"):
        return None, None
    ids = outputs.ids(output)
    if fragment in ids:
        return None, None
    where = "on this page" if same_page else f"in {outputs.base}{output.removesuffix('index.html')}"
    slug = HEADING_ID_STYLES[outputs.heading_ids]
    return (f"no anchor `#{fragment}` {where}",
            did_you_mean(fragment, ids) or "heading ids are made from their text "
            f"(`[markdown] heading_ids = \"{outputs.heading_ids}\"`): `## Why Multi-GPU?` is "
            f"`#{slug('Why Multi-GPU?')}`, `## 为什么需要多卡？` is `#{slug('为什么需要多卡？')}`")


def _draft_of(content: str, inp: CheckInput) -> str | None:
    for doc in inp.drafts:
        rel = doc.source.rel
        if content == rel.as_posix() or (doc.source.is_bundle
                                          and content.startswith(rel.parent.as_posix() + "/")):
            return f"content/{rel.as_posix()}"
    return None


def _missing_file(url: str, content: str, here: str, image: bool,
                  inp: CheckInput) -> tuple[str, str | None]:
    shown = f"content/{content}" if not content.startswith("..") else "outside content/"
    if content.endswith((".md", ".ipynb")):
        pages = [posixpath.relpath(p, posixpath.dirname(here)) for p in inp.routes.pages
                 if p != here]
        wanted = posixpath.relpath(content, posixpath.dirname(here))
        return (f"broken link `{url}`: no page {shown}",
                did_you_mean(wanted, pages) or "link to a page's source file, e.g. `other-post.md`")
    if image:
        return (f"missing image `{url}`: no file {shown}",
                "put the image beside the page (a bundle: posts/<slug>/index.md) or in "
                "static/ and write its path from the site root, `/images/x.png`")
    return (f"broken link `{url}`: no file {shown} and no page at that URL",
            "link to a source file (`other.md`), a file beside the page, or a site URL")


_TAXONOMY = re.compile(r"^(tags|categories|series)/([^/]+)/?$")


def _missing_url(url: str, path: str, inp: CheckInput,
                 image: bool = False) -> tuple[str, str | None]:
    if image:
        return (f"missing image `{url}`: no file at this URL (static{unquote(url)} or a page "
                "bundle's)", "put the image in static/ at that path, or beside the page "
                "(a bundle: posts/<slug>/index.md) and write its name, `x.png`")
    match = _TAXONOMY.match(path)
    if match:
        kind, slug = match.groups()
        site = inp.site
        terms = {"tags": site.tags, "categories": site.categories, "series": site.series}[kind]
        singular = {"tags": "tag", "categories": "category", "series": "series"}[kind]
        known = [t.slug for t in terms]
        return (f"`{url}`: no {singular} `{unquote(slug)}` in this site",
                did_you_mean(unquote(slug), known)
                or f"{kind}: {', '.join(known[:12]) or 'none'}")
    return (f"broken link `{url}`: no page or file at this URL",
            "site URLs look like /posts/<slug>/; or link to the source file, `other.md`")


# --- URLs claimed twice ----------------------------------------------------------------


def _collisions(inp: CheckInput) -> list[Problem]:
    """Two things writing one output file (the writer would silently keep only one), one
    writing a file where another needs a folder, a file of the site in the search index's
    folder, and names longer than file systems allow: the writer would fail with a bare
    OS error."""
    pages = {p.output: p.rel for p in (inp.site.home, *inp.site.posts, *inp.site.unlisted,
                                        *inp.site.pages) if p}
    attached = {inp.routes.assets[a.rel]: a.rel for d in inp.documents for a in d.attachments}
    claims: dict[str, list[str]] = defaultdict(list)
    counts = Counter(f.path for f in inp.files)
    for path, count in counts.items():
        own = pages.get(path) or attached.get(path)
        if own is not None:
            claims[path].append(f"content/{own}")
        claims[path] += [GENERATED] * (count - (own is not None))
    for copy in inp.copies:
        try:
            claims[copy.path].append(copy.source.relative_to(inp.site_dir).as_posix())
        except ValueError:
            claims[copy.path].append(str(copy.source))
    aliases = _alias_claims(inp)
    for path, claimants in aliases.items():
        for _doc, _i, alias in claimants:
            if GENERATED in claims[path]:
                claims[path].remove(GENERATED)
            claims[path].append(f"the alias `{alias}` of content/{_doc.source.rel.as_posix()}")
    redirects = _redirect_claims(inp)
    for path, old in redirects.items():
        if GENERATED in claims[path]:
            claims[path].remove(GENERATED)
        claims[path].append(f"`{old}` of [redirects] in {CONFIG_NAME}")
    blame = _Blame(inp)
    problems = []
    for path, sources in sorted(claims.items()):
        if len(sources) < 2:
            continue
        url = blame.url(path)
        if path in aliases:
            problems += _alias_collisions(path, url, sources, aliases[path])
            continue
        if path in redirects:
            problems.append(_redirect_collision(inp, redirects[path], url, sources))
            continue
        problems.append(blame.problem(
            f"URL {url} is claimed by {len(sources)} sources: {', '.join(sources)}", sources))
    return problems + _folders(claims, blame) + _long_names(inp, claims, blame)


GENERATED = "a page Lanting generates"


AliasClaim = tuple[Document, int, str]
"""A page, the index of one of its `aliases` and the alias."""


def _alias_claims(inp: CheckInput) -> dict[str, list[AliasClaim]]:
    """Output path -> the aliases whose redirect page it is (not a page's own URL)."""
    dirs = language_dirs(inp.config)
    claims: dict[str, list[AliasClaim]] = defaultdict(list)
    for doc in inp.documents:
        own = inp.routes.pages.get(doc.source.rel.as_posix())
        for i, alias in enumerate(doc.meta.aliases):
            out = dirs.get(doc.meta.lang or "", "") + alias_output(alias)
            if own is not None and out != own + "index.html":
                claims[out].append((doc, i, alias))
    return claims


def _alias_collisions(path: str, url: str, sources: list[str],
                      aliases: list[AliasClaim]) -> list[Problem]:
    """An old URL of a page that another page, file or alias also claims: the redirect
    would replace it (or be replaced), so it is an error at the alias."""
    problems = []
    for doc, i, alias in aliases:
        mine = f"the alias `{alias}` of content/{doc.source.rel.as_posix()}"
        others = [s for s in sources if s != mine]
        problems.append(Problem(
            f"aliases: `{alias}` is also the URL {url} of {', '.join(others)}",
            doc.source.path, doc.key_lines.get(f"aliases.{i}") or doc.key_lines.get("aliases", 1),
            hint="an alias makes a redirect page at the old URL: remove the alias, or move "
                 "the other page"))
    return problems


def _redirect_claims(inp: CheckInput) -> dict[str, str]:
    """Output path -> the old path of `[redirects]` whose redirect page it is."""
    claims = {}
    for old in inp.config.redirects:
        path = alias_path(old)[0]
        if path is not None:
            claims[alias_output(path)] = old
    return claims


def _redirect_collision(inp: CheckInput, old: str, url: str, sources: list[str]) -> Problem:
    """An old path of `[redirects]` that is also a page, file or alias of the site: an
    error at its line of lanting.toml."""
    path = inp.site_dir / CONFIG_NAME
    try:
        lines = toml_key_lines(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        lines = {}
    mine = f"`{old}` of [redirects] in {CONFIG_NAME}"
    others = ", ".join(s for s in sources if s != mine)
    return Problem(f"redirects: `{old}` is also the URL {url} of {others}", path,
                   line_of(lines, ("redirects", old)) or 1,
                   hint="the page answers there already: remove the redirect")


def _own_url_aliases(inp: CheckInput) -> list[Problem]:
    dirs = language_dirs(inp.config)
    problems = []
    for doc in inp.documents:
        own = inp.routes.pages.get(doc.source.rel.as_posix())
        for i, alias in enumerate(doc.meta.aliases):
            if own is not None and dirs.get(doc.meta.lang or "", "") + alias_output(alias) \
                    == own + "index.html":
                problems.append(Problem(
                    f"aliases: `{alias}` is this page's own URL", doc.source.path,
                    doc.key_lines.get(f"aliases.{i}") or doc.key_lines.get("aliases", 1),
                    hint="remove it: the page answers there already", severity="warning"))
    return problems


def _short(name: str) -> str:
    return f"{name[:24]}…" if len(name) > 40 else name


class _Blame:
    """Whom a problem with an output path is reported to: the first source of the site
    among its claimants (a content file, at its `slug` line; else a static file)."""

    def __init__(self, inp: CheckInput) -> None:
        self.inp = inp
        self.docs = {d.source.rel.as_posix(): d for d in inp.documents}

    def url(self, path: str) -> str:
        """The URL of an output path, a name too long to read shortened."""
        url = self.inp.config.base_path + path.removesuffix("index.html")
        return "/".join(_short(part) for part in url.split("/"))

    def problem(self, message: str, sources: list[str], key: str = "slug",
                hint: str | None = None) -> Problem:
        first = min(sources, key=lambda s: (not s.startswith("content/"), s == GENERATED))
        doc = self.docs.get(first.removeprefix("content/"))
        line = doc.key_lines.get(key, 1) if doc else None
        hint = hint or ("give it a different `slug`" if doc else
                        "rename or remove the static file; to change a generated page, "
                        "override its template in templates/")
        return Problem(message, self.inp.site_dir / first if first != GENERATED else None,
                       line, hint=hint)


def _folders(claims: dict[str, list[str]], blame: _Blame) -> list[Problem]:
    """An output path needs a folder where another output is a file (a page with `slug:
    404.html`), or lies in the search index's folder, which the index replaces whole."""
    problems = []
    reported: set[str] = set()
    for path, sources in sorted(claims.items()):
        parts = path.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if folder in claims and folder not in reported:
                reported.add(folder)
                files = claims[folder]
                problems.append(blame.problem(
                    f"URL {blame.url(path)} ({', '.join(sources)}) needs a folder where "
                    f"{blame.url(folder)} ({', '.join(files)}) is a file", [*sources, *files]))
        if (parts[0] == INDEX_DIR and blame.inp.config.search.enabled
                and any(s != GENERATED for s in sources) and INDEX_DIR not in reported):
            reported.add(INDEX_DIR)
            problems.append(blame.problem(
                f"URL {blame.url(path)} ({', '.join(sources)}) is inside /{INDEX_DIR}/, the "
                "folder Lanting fills with the search index", sources))
    return problems


def _long_names(inp: CheckInput, claims: dict[str, list[str]], blame: _Blame) -> list[Problem]:
    """Output paths with a part longer than file systems allow (a long tag, a long file
    name made longer by `slugify`)."""
    problems = []
    reported: set[str] = set()
    for path, sources in sorted(claims.items()):
        parts = path.split("/")
        long = next((p for p in parts if len(p.encode()) > MAX_NAME_BYTES), None)
        if long is None or long in reported:
            continue
        reported.add(long)
        message = (f"URL {blame.url(path)}: the name `{_short(long)}` is "
                   f"{len(long.encode())} bytes long; file systems allow {MAX_NAME_BYTES}")
        term = _term_named(inp, parts[0], long) if sources == [GENERATED] else None
        if term is not None:
            key, name = term
            noun = {"tags": "tag", "categories": "category"}.get(key, key)
            users = sorted(rel for rel, d in blame.docs.items() if name in _terms_of(d, key))
            problems.append(blame.problem(
                f"{message} (the {noun} `{_short(name)}`)", [f"content/{users[0]}"] if users
                else sources, key=key, hint=f"shorten the {noun}"))
        else:
            problems.append(blame.problem(message, sources, hint="shorten the name"))
    return problems


def _term_named(inp: CheckInput, taxonomy: str, slug: str) -> tuple[str, str] | None:
    """(front-matter key, name) of the tag, category or series whose folder is `slug`."""
    terms = {"tags": inp.site.tags, "categories": inp.site.categories,
             "series": inp.site.series}.get(taxonomy, ())
    for term in terms:
        if term.slug == slug:
            return taxonomy, term.name
    return None


def _terms_of(doc: Document, key: str) -> set[str]:
    values = {"tags": doc.meta.tags, "categories": doc.meta.categories,
              "series": (doc.meta.series,) if doc.meta.series else ()}[key]
    return {v.strip().casefold() for v in values} | set(values)


# --- lanting.toml, series, dates ---------------------------------------------------------


def _config_links(inp: CheckInput, outputs: _Outputs) -> list[Problem]:
    """Menu and footer links to the site's own pages exist (their schemes were checked
    when the config was read: `schema.Url`)."""
    path = inp.site_dir / CONFIG_NAME
    try:
        lines = toml_key_lines(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        lines = {}
    problems = []
    config = inp.config
    urls: list[tuple[tuple[str, ...], str]] = [
        *((("menu", str(i), "url"), m.url) for i, m in enumerate(config.menu)),
        *((("links", str(i), "url"), x.url) for i, x in enumerate(config.links)),
        (("profile", "photo"), config.profile.photo),
        *((("profile", "links", str(i), "url"), x.url)
          for i, x in enumerate(config.profile.links)),
        (("sharing", "image"), config.sharing.image)]
    if isinstance(config.languages, dict):
        for code, language in config.languages.items():
            urls += [(("languages", code, "menu", str(i), "url"), m.url)
                     for i, m in enumerate(language.menu)]
            if language.profile is not None:
                urls.append((("languages", code, "profile", "photo"), language.profile.photo))
    for key, url in urls:
        if url.startswith("/") and not url.startswith("//"):
            site_path = unquote(outputs.from_url(url.partition("#")[0].partition("?")[0]))
            if outputs.find(site_path) is None:
                problems.append(Problem(
                    f"{'.'.join(key)}: `{url}` is not a page or file of this site", path,
                    line_of(lines, key),
                    hint=did_you_mean(site_path.strip("/"), _page_urls(outputs))
                    or "files come from static/: /images/me.jpg is static/images/me.jpg"))
    return problems


def _page_urls(outputs: _Outputs) -> list[str]:
    return [p.removesuffix("index.html").strip("/") for p in outputs.paths
            if p.endswith("index.html")]


def _series(inp: CheckInput) -> list[Problem]:
    problems = []
    names = {s.name for s in inp.site.series}
    for doc in inp.documents:
        meta = doc.meta
        if meta.series_order is not None and not meta.series:
            problems.append(Problem("`series_order` without `series`: this post is in no series",
                                    doc.source.path, doc.key_lines.get("series_order", 1),
                                    hint="add `series: <name>` or remove `series_order`",
                                    severity="warning"))
    for term in inp.site.series:
        if len(term.posts) != 1:
            continue
        others = {n for n in names if n != term.name and term_slug(n) != term.slug}
        suggestion = did_you_mean(term.name, others)
        if suggestion:
            doc = next(d for d in inp.documents if d.source.rel.as_posix() == term.posts[0].rel)
            problems.append(Problem(
                f"series `{term.name}` has only this post; {suggestion}", doc.source.path,
                doc.key_lines.get("series", 1), hint="spell the series name as in its other "
                "parts", severity="warning"))
    return problems


def _dates(inp: CheckInput) -> list[Problem]:
    return [
        Problem("`updated` is earlier than `date`", d.source.path, d.key_lines.get("updated", 1),
                hint="`updated` is when the post last changed; it cannot precede `date`",
                severity="warning")
        for d in inp.documents
        if d.meta.date and d.meta.updated and d.meta.updated < d.meta.date
    ]
