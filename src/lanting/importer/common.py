"""What every generator's importer does alike: options, the files of a source site,
front-matter keys that mean the same everywhere, old URLs matched in links (the menu is
`menus`)."""

from __future__ import annotations

import datetime as dt
import functools
import html
import os
import posixpath
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote, unquote

from lanting.importer.inline_html import inline_html_as_markdown
from lanting.importer.item import Item, site_path
from lanting.importer.liquid import Context
from lanting.importer.other_case import file_in_other_case, url_in_other_case
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf
from lanting.importer.site import NewSite
from lanting.importer.text import When, names, parse_when, raw_value

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".avif",
                            ".bmp", ".ico"})
FILE_SUFFIXES = IMAGE_SUFFIXES | {".pdf", ".ppt", ".pptx", ".key", ".zip", ".tar", ".gz",
                                  ".csv", ".mp4", ".webm", ".mov", ".mp3", ".ogg", ".wav",
                                  ".txt", ".bib", ".doc", ".docx", ".xls", ".xlsx", ".odp",
                                  ".tex", ".py", ".ipynb"}
"""Files worth copying to `static/` (not a theme's scripts, styles or templates)."""
_PAGE_SUFFIXES = frozenset({".md", ".markdown", ".mkd", ".mkdn", ".html", ".htm"})
"""Files the old site rendered as pages: never copied as downloads."""
REPOSITORY_FILES = frozenset({"license.md", "contributing.md", "code_of_conduct.md",
                              "changelog.md", "agents.md", "claude.md", "gemini.md"})
"""A repository's own Markdown files, not pages of its site: its licence, how to
contribute, and instructions for AI coding assistants (`AGENTS.md`, `CLAUDE.md`)."""
GENERATED = frozenset({"404.html", "404.md", "robots.txt", "sitemap.xml", "atom.xml"})
"""Files of the old site that Lanting makes itself (two sources of one URL fail a build)."""
SKIP_DIRS = frozenset({".git", "node_modules", "bower_components", ".jekyll-cache",
                       ".sass-cache", ".github", ".idea", ".vscode", "__pycache__", ".lanting"})
"""Folders of tools, wherever they are (npm's and Bower's vendored packages among them:
each package's `README.md` was made a page)."""
ROOT_SKIP_DIRS = frozenset({"vendor", "_site", "public", "resources", "themes"})
"""Folders of builds and tools at the top of what is walked (Hugo's `public/`,
`resources/` and `themes/`, Jekyll's `_site/`, Bundler's `vendor/`): deeper down, one of
these names is the site's own (a Jekyll site's `contents/resources/` page, a MkDocs
`docs/resources/` section), which was left out, unreported."""


@dataclass(frozen=True, slots=True)
class Options:
    timezone: str | None = None
    """Zone of dates written without an offset (and of the dates in old URLs) when the
    source names none; default: the source's, else UTC."""
    permalink: str | None = None
    """The source's permalink pattern, instead of the one its configuration names."""
    now: dt.datetime | None = None
    """"Now" for future-dated posts (tests fix it)."""


def walk(root: Path, builds: bool = True) -> list[Path]:
    """Every file under `root`, sorted, without the folders of tools and builds
    (`builds=False`: a folder that holds no build, whose `resources/` is its own). A
    link to nothing is no file: a course's repository linked its figures from a book's
    folder it did not hold, and the import stopped at the first copy with a bare
    `No such file or directory`; a page naming one now warns of a missing image."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        skip = SKIP_DIRS | ROOT_SKIP_DIRS if Path(folder) == root and builds else SKIP_DIRS
        if "resources" in skip and not (Path(folder) / "resources" / "_gen").is_dir():
            # (Hugo writes only `resources/_gen/`; a root `resources/` without it is the
            # site's own: a Jekyll lab site's page and files of its tools and data sets)
            skip -= {"resources"}
        dirs[:] = sorted(d for d in dirs if d not in skip and not d.startswith("."))
        found += [Path(folder) / f for f in sorted(files) if not f.startswith(".")
                  and (Path(folder) / f).exists()]
    return found


def first_item(by_source: dict[Path, Item], candidates: list[Path]) -> Item | None:
    """The item of the first of `candidates` (files a link may name: `x.md`, `x/index.md`)
    that is a document of the site."""
    for candidate in candidates:
        try:
            found = by_source.get(candidate.resolve())
        except OSError:
            found = None
        if found is not None:
            return found
    return None


def read_text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")


def is_image(path: Path | str) -> bool:
    return Path(str(path)).suffix.lower() in IMAGE_SUFFIXES


def date_of(data: dict[str, Any], head: str, key: str, tz: dt.tzinfo) -> When | None:
    if key not in data or data[key] in (None, ""):
        return None
    return parse_when(data[key], raw_value(head, key), tz)


def first_date(data: dict[str, Any], head: str, keys: tuple[str, ...],
               tz: dt.tzinfo) -> When | None:
    for key in keys:
        found = date_of(data, head, key, tz)
        if found is not None:
            return found
    return None


def mtime(path: Path, tz: dt.tzinfo) -> When:
    moment = dt.datetime.fromtimestamp(path.stat().st_mtime, tz).replace(microsecond=0)
    return When(moment, False)


def now(options: Options) -> dt.datetime:
    return options.now or dt.datetime.now(dt.UTC)


def html_line(value: Any) -> str:
    """A setting written in HTML for a theme that printed it as it was (academicpages'
    `name: "Fanqi Shen <br>(沈凡琦)"`, parted over two lines of the sidebar) as one line
    of text: tags as spaces, entities decoded."""
    text = re.sub(r"<[^>]*>", " ", str(value or ""))
    return " ".join(html.unescape(text).split())


def bool_of(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "yes", "on", "1")
    return bool(value)


def summary_of(data: dict[str, Any], *keys: str) -> str | None:
    """The first of `keys` with text, on one line; its inline HTML (a theme printed the
    value as it is) as Markdown, since Lanting's front matter holds none."""
    for key in keys:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return inline_html_as_markdown(" ".join(value.split()))
    return None


def list_text_front(data: dict[str, Any], name: str = "") -> dict[str, Any]:
    """The front matter of a list page's own text (Hugo's `_index.md` of the posts or of a
    term, Quartz's `tags/<tag>.md`): its `title`, unless it only repeats the list's
    `name`, and its `description` (or `summary`) as the summary."""
    front: dict[str, Any] = {}
    title = data.get("title")
    if isinstance(title, str) and title.strip() and title.strip().casefold() != name.casefold():
        front["title"] = title.strip()
    summary = summary_of(data, "description", "summary")
    if summary:
        front["summary"] = summary
    return front


class LinkTable:
    """Old URLs (decoded site paths) of every imported item, for links written with
    them: `/ml%20systems/2024/02/29/x.html` in a post becomes a link to the new file."""

    def __init__(self, site: NewSite) -> None:
        self.site = site
        self.urls: dict[str, Item] = {}

    def add(self, url: str, item: Item) -> None:
        path = site_path(url)
        self.urls.setdefault(path, item)
        if path.endswith("/index.html"):
            self.urls.setdefault(path.removesuffix("index.html"), item)

    def find(self, url: str) -> Item | None:
        path = site_path(url)
        # (`/handbook/meetings` for `/handbook/meetings.html`: GitHub Pages, and Jekyll's
        # own server, answer a page's address without its `.html`)
        bare = not path.endswith("/") and "." not in path.rsplit("/", 1)[-1]
        # (and `/posts/x/index.html` for `/posts/x/`: the server's file of that folder)
        folder = path.removesuffix("index.html") if path.endswith("/index.html") else path
        for candidate in (path, path.rstrip("/") + "/", path + "index.html",
                          path + ".html" if bare else path, folder):
            if candidate in self.urls:
                return self.urls[candidate]
        return None


_WRITERS_COMPUTER = re.compile(r"^(?:(?i:file):|~/|/(?:Users|home|mnt|Volumes|media)/|"
                               r"/?[A-Za-z]:[\\/])")
"""An image path on the writer's computer (Typora, unset to copy images beside the post,
writes `/Users/me/blog/_posts/img/a.png` or `C:\\Users\\…`; Logseq links Zotero's
papers as `file://zotero_link/…`; Org links a file of the home folder, `~/org/a.png`):
no reader had the file."""


def on_writers_computer(url: str) -> bool:
    """Whether `url` is a path on the writer's computer (`C:\\Users\\…`, `/Users/…`)."""
    return _WRITERS_COMPUTER.match(url) is not None


def file_on_writers_computer(url: str, root: Path) -> Path | None:
    """The file of the site that an image path on the writer's computer names: the
    longest end of the path that is a file under `root` (`…/blog/_posts/img/a.png` →
    `_posts/img/a.png`), else the one file of the site with its name."""
    if not _WRITERS_COMPUTER.match(url):
        return None
    parts = [p for p in unquote(url).removeprefix("file://").replace("\\", "/").split("/") if p]
    for start in range(1, len(parts)):
        candidate = root.joinpath(*parts[start:])
        if candidate.is_file():
            return candidate
    named = _files_by_name(root).get(parts[-1]) if parts else None
    return named[0] if named and len(named) == 1 else None


@functools.lru_cache(maxsize=8)
def _files_by_name(root: Path) -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for path in walk(root):
        found.setdefault(path.name, []).append(path)
    return found


_DOT_SEGMENT = re.compile(r"(?:^|/)\.\.?(?:/|$)")


def without_dot_segments(path: str) -> str:
    """A root-relative path as a browser resolves it: `/../../images/x.png` is
    `/images/x.png` (`..` stops at the root), `/a/./b/../c/` is `/a/c/`."""
    if not _DOT_SEGMENT.search(path):
        return path
    resolved = posixpath.normpath(path)
    return resolved + "/" if path.endswith("/") and resolved != "/" else resolved


def map_site_url(url: str, image: bool, ctx: Context, site: NewSite, table: LinkTable,
                 root: Path, static_root: Path, base: str = "") -> str | None:
    """A root-relative URL of the old site in a post: a link to another post becomes a
    link to its new file, an image a marker (so it can move into a bundle), a file of
    `static_root` stays as it is (it is copied to the same path)."""
    if image and (local := file_on_writers_computer(url, root)) is not None:
        ctx.convert("images at a path of the writer's computer (Typora) found in the site")
        return site.image(local, None)
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#", url) or not url:
        return None
    path, hash_mark, fragment = url.partition("#")
    path = path.partition("?")[0]
    # Old URLs are recorded with the site's root (Hexo's `root: /blog/`) or without it
    # (a Jekyll `baseurl`): either spelling finds them.
    target = table.find(path) if path.startswith("/") else None
    if base and path.startswith(base + "/"):
        path = path[len(base):]
    if not path.startswith("/"):
        return None
    path = without_dot_segments(path)  # (`/../../images/x.png` was `/images/x.png`)
    # (a Jekyll site under a `baseurl` records its pages there, `/s22/ref/keys/`; the
    # link `{{ site.baseurl }}/ref/keys/` lost it with its Liquid)
    target = target or table.find(path) or (table.find(base + path) if base else None)
    if target is None and not image and "." not in path.rsplit("/", 1)[-1] \
            and not path.endswith("/"):
        # (`/blog/pca-2` for the page at `/blog/pca-2.html`: GitHub Pages answered it,
        # as most hosts do; the link was kept and the build failed on it)
        target = table.find(path + ".html") or (table.find(base + path + ".html")
                                                if base else None)
    if target is not None:
        ctx.convert("links to old URLs")
        return site.link(target) + hash_mark + fragment
    if not image and (target := url_in_other_case(table.urls, unquote(path))) is not None:
        ctx.note(url, f"link `{url}`: the page is at an old URL in other capitals (found "
                 "on the writer's computer, which ignores case; not on a server)")
        return site.link(target) + hash_mark + fragment
    decoded = unquote(path)
    file = static_root / decoded.lstrip("/")
    if decoded.lstrip("/") in GENERATED:
        # (academicpages' sitemap page links its `sitemap.xml`: the new site makes its
        # own, and a copy of the old one claimed its URL, failing the build)
        return path + hash_mark + fragment
    if file.is_file():
        if image or is_image(file):
            return site.image(file, decoded)
        rel = decoded.lstrip("/")
        if file.suffix.lower() not in _PAGE_SUFFIXES and not any(
                part.startswith(".") for part in PurePosixPath(rel).parts):
            # (a download of a kind not copied on its own, a `.csl` style or a `.7z`
            # archive, was left behind and its link broken)
            site.static.setdefault(rel, file)
        return path + hash_mark + fragment
    page = file.with_name(file.name + ".html")
    if not image and file.name and "." not in file.name and page.is_file():
        # (`/assets/html/demo` for a demo's `demo.html`: GitHub Pages, like Netlify and
        # most hosts, answered it; the new site's build did not, and failed on the link)
        ctx.convert("links to an `.html` file written without `.html`")
        return path + ".html" + hash_mark + fragment
    written = url.partition("#")[0].partition("?")[0]
    if image and written.startswith("/") and path != written:
        # (`/../assets/x.png`, al-folio's `relative_url` of `../assets/x.png`: the browser
        # asked for `/assets/x.png`, the URL the build's message should name)
        ctx.warn(url, f"image `{url}` not found in the source site: written as `{path}`")
        return path + hash_mark + fragment
    if (cased := file_in_other_case(static_root, decoded)) is not None and (
            image or cased.suffix.lower() not in _PAGE_SUFFIXES):
        rel = "/" + cased.relative_to(static_root).as_posix()
        ctx.note(url, f"{'image' if image else 'link'} `{url}`: the file is `{rel}`, in "
                 "other capitals (found on the writer's computer, which ignores case; not "
                 "on a server)")
        if image or is_image(cased):
            return site.image(cased, rel)
        site.static.setdefault(rel.lstrip("/"), cased)
        return (quote(rel) if "%" in path else rel) + hash_mark + fragment
    if image:
        ctx.warn(url, f"image `{url}` not found in the source site: left as written")
    return None


_TEMPLATE_SYNTAX = re.compile(
    r"^([ \t]*(`{3,}|~{3,}).*?^[ \t]*\2[`~]*[ \t]*$)"  # a fenced block: as it is
    r"|(`+).+?\3"  # a code span: as it is
    r"|\{\{.*?\}\}|\{%.*?%\}|\{:.*?\}", re.MULTILINE | re.DOTALL)


def prose_raw(shelf: Shelf, text: str) -> str:
    """`{% raw %}` content that lands in prose (not in a code block): its template syntax
    (`{{ x }}`, `{% tag %}`), which the old page showed as written, as inline code, the
    prose around it as prose. (The whole content as one code span made a paragraph or
    two monospace.)"""

    def code(match: re.Match[str]) -> str:
        found = match.group()
        if match.group(1) or match.group(3):
            return found
        ticks = "``" if "`" in found else "`"
        pad = " " if found.startswith("`") or found.endswith("`") else ""
        return f"{ticks}{pad}{found}{pad}{ticks}"

    def one(match: re.Match[str]) -> str:
        return _TEMPLATE_SYNTAX.sub(code, shelf.items["R"][int(match.group(1))])

    return re.sub("\ue000R(\\d+)\ue001", one, text)




BARE_SITE = re.compile(r"^[\w-]+(\.[\w-]+)*\.(com|org|net|edu|gov|io|ai|dev|cn|uk|de|fr|jp|"
                       r"ca|au|nl|ch|eu|me|co|app|blog|be|ie|it|es|se|fi|dk|at|kr|tw|hk|sg|"
                       r"ru|us|tv|xyz|top|info|site|tech)(/[^\s]*)?$", re.IGNORECASE)
"""A link to a site written without its scheme (`ucf.edu`, `github.com/x`,
`tobisblog.uk`, YouTube's short `youtu.be/…`, Ireland's `rsa.ie`): only common
top-level domains, which no file name of a page's folder ends with (not `.sh`, `.pl`,
`.cc`, `.in`, `.md`: a script's, a C++ file's, a Makefile's)."""


GIT_SSH = re.compile(r"^git@([\w-]+(?:\.[\w-]+)+):([\w.-]+/[\w./-]+?)(?:\.git)?/?$")
"""A repository's address for `git clone` over SSH written as a link's
(`[CocoaPods/Specs](git@github.com:CocoaPods/Specs.git)`): a path beside the page to
the browser, which led nowhere; the repository's page, `https://github.com/…`, was meant."""


BARE_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
"""A DOI written as a link's address (`[Title](10.1016/j.ecoinf.2021.101443)`): a path
beside the page to the browser, which led nowhere; its page at doi.org was meant."""


def tags_of(data: dict[str, Any], split_spaces: bool) -> list[str]:
    return names(data.get("tags", data.get("tag")), split_spaces)


def note_unplaced_keys(report: Report, path: Path, head: str, data: dict[str, Any],
                       placed: Collection[str]) -> None:
    """A notice naming the front matter keys written in `head` (not those a default or a
    nested table brought) that the new site has no place for."""
    own = set(re.findall(r"^([\w-]+)\s*:", head, re.MULTILINE))
    dropped = [k for k in data if k in own and k not in placed]
    if dropped:
        report.note(path, 2, "front matter Lanting has no place for, left out: "
                    + ", ".join(f"`{k}`" for k in dropped))
