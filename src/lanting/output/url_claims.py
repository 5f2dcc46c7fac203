"""Stage 10, the URLs: each output path is claimed by one source, and the writer can write it.

Two things writing one output file (pages, generated pages, static files, notebook
attachments, the redirect pages of `aliases` and `[redirects]`), a file where another
output needs a folder, a file inside the search index's folder, names longer than file
systems allow, URLs differing only in case (a warning: one replaces the other on macOS
and Windows), and aliases that are a page's own URL. Each problem is reported to the
first source of the site among the claimants (`_Blame`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace

from lanting.config.languages import language_dirs
from lanting.config.load import CONFIG_NAME
from lanting.config.locate import line_of, toml_key_lines
from lanting.model.content import Document
from lanting.model.names import MAX_NAME_BYTES, alias_output, alias_path
from lanting.model.output import CheckInput
from lanting.model.problem import Problem
from lanting.output.search_files import INDEX_DIR


def collisions(inp: CheckInput) -> list[Problem]:
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
    return (problems + _folders(claims, blame) + _long_names(inp, claims, blame)
            + _case_collisions(claims, blame, aliases, _redirect_targets(inp, redirects)))


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


def own_url_aliases(inp: CheckInput) -> list[Problem]:
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


def _redirect_targets(inp: CheckInput, redirects: dict[str, str]) -> dict[str, str]:
    """Output path of a `[redirects]` page -> where it sends the reader."""
    return {path: inp.config.redirects[old] for path, old in redirects.items()}


def _case_collisions(claims: dict[str, list[str]], blame: _Blame,
                     aliases: dict[str, list[AliasClaim]],
                     redirected: dict[str, str]) -> list[Problem]:
    """Output paths that differ only in case (`posts/KV-Cache/` and `posts/kv-cache/`):
    a host on Linux serves both, but on macOS and Windows, whose file systems ignore
    case, the second written replaces the first in the output folder. Aliases of one
    page (`/ML.html`, `/ml.html`) are no problem: both redirect pages lead there; nor
    are `[redirects]` to one place (`/tag/Python/`, `/tag/python/` → `/tags/python/`)."""
    groups: dict[str, list[str]] = defaultdict(list)
    for path in claims:
        groups[path.casefold()].append(path)
    problems = []
    for paths in groups.values():
        if len(paths) < 2 or _one_page_aliases(paths, claims, aliases) or (
                len({redirected.get(p) for p in paths}) == 1 and paths[0] in redirected
                and all(len(claims[p]) == 1 for p in paths)):
            continue
        paths.sort()
        sources = [s for path in paths for s in claims[path]]
        problem = blame.problem(
            "URLs differing only in case: " + ", ".join(
                f"{blame.url(path)} ({', '.join(claims[path])})" for path in paths)
            + "; on macOS and Windows one file replaces the other in the output folder",
            sources, hint="give one of them another `slug` (or alias), differing in more "
            "than case")
        problems.append(replace(problem, severity="warning"))
    return problems


def _one_page_aliases(paths: list[str], claims: dict[str, list[str]],
                      aliases: dict[str, list[AliasClaim]]) -> bool:
    """Whether every one of `paths` is only an alias of one and the same page."""
    pages = {doc.source.rel for path in paths for doc, _i, _alias in aliases.get(path, [])}
    return len(pages) == 1 and all(
        path in aliases and len(claims[path]) == len(aliases[path]) for path in paths)


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
