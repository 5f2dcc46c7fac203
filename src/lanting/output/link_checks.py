"""Stage 10, the links: every link of the site leads to a page, file or anchor it builds.

Links of pages, notebooks (reported at their cell and line), slides and news items,
publications' file buttons and the menu and profile links of `lanting.toml` are checked
against the output files (`outputs.py`: by URL path, their ids for `#anchors`), the
routes and the drafts this build leaves out. http(s) links are only collected here;
`external.py` asks their servers.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_right
from pathlib import Path
from urllib.parse import unquote

from lanting.config.load import CONFIG_NAME
from lanting.config.locate import line_of, toml_key_lines
from lanting.errors import did_you_mean
from lanting.markdown.anchors import heading_slug
from lanting.markdown.links import from_root
from lanting.markdown.urls import url_scheme
from lanting.model.config import MenuItem
from lanting.model.content import Document, NotebookPart
from lanting.model.markdown import LinkRef
from lanting.model.output import CheckInput
from lanting.model.problem import Problem
from lanting.output.external import ExternalLink
from lanting.output.outputs import Outputs
from lanting.site.routes import output_dir

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


_LOCAL_DISK = re.compile(r"(?:[A-Za-z]:(?:[\\/]|%5C)|file:)", re.IGNORECASE)
"""`C:\\Users\\…\\typora-user-images\\image.png`, `D:/notes/a.png`, `file:///…`: a
file on the computer the page was written on (Typora pastes images so by default),
which no reader's browser can load."""
_HOME = re.compile(r"/(?:home|Users)/[^/]+/")
"""`/home/yuri/notes/a.assets/x.png`, `/Users/me/…`: Typora on Linux or macOS pastes an
image as its path on disk; from the site's root it names no file."""
LOCAL_DISK_HINT = ("copy the file beside the page (a bundle: posts/<slug>/index.md) and write "
                   "its name; Typora does so itself with Preferences > Image > \"Copy image "
                   "to ./${filename}.assets\"")


def broken_links(path: Path, here: str, links: tuple[LinkRef, ...], inp: CheckInput,
           outputs: Outputs, external: list[ExternalLink],
           notebook: tuple[NotebookPart, ...] | None = None) -> list[Problem]:
    """The broken links of one source (`here`: its content path) or of its slides or
    news. `notebook`: a notebook's parts, whose cells and lines the links are reported at
    (the links' lines are those of its generated Markdown)."""
    problems: list[Problem] = []
    for link in links:
        line: int | None = link.line
        column, where = link.column, ""
        at = link.written_in or path  # (a slide included from another file)
        if notebook is not None:
            where, line = _in_notebook(notebook, link.line)
            column = None
        if _LOCAL_DISK.match(link.url):
            shown = unquote(link.url)
            shown = shown if len(shown) <= 80 else shown[:77] + "…"
            problems.append(Problem(
                where + f"{media_kind(link.url) if link.image else 'link'} `{shown}` is a "
                "file on the writer's own disk, which no reader's browser can load",
                at, line, column, LOCAL_DISK_HINT))
            continue
        scheme = url_scheme(link.url)
        if scheme in ("http", "https"):
            external.append(ExternalLink(link.url, at, line, column))
            continue
        if not link.url or scheme is not None or link.url.startswith("//"):
            continue  # mailto:, tel:, …, or a link markdown-it neutralised
        message, hint = _broken(link, here, inp, outputs)
        if message:
            problems.append(Problem(where + message, at, line, column, hint))
    return problems


def publication_links(inp: CheckInput, outputs: Outputs) -> list[Problem]:
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
            outputs: Outputs) -> tuple[str | None, str | None]:
    """(message, hint) when `link`, written in content file `here`, leads nowhere."""
    url = link.url
    path, _, fragment = from_root(url).partition("#")
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
        if link.image and not link.raw and target.endswith(".html"):
            return _page_as_image(url)
        return _anchor(fragment, target, outputs)
    resolved = link.target in inp.routes.pages or link.target in inp.routes.assets
    if link.raw and not resolved:  # naming no file of content/: published as written
        relative = posixpath.normpath(posixpath.join(posixpath.dirname(page_out),
                                                     unquote(path)))
        target = None if relative.startswith("..") else outputs.find(relative)
        if target is not None:
            return _anchor(fragment, target, outputs)
        what = media_kind(path) if link.image else "link"
        return (f"broken {what} `{url}` in raw HTML: no file at "
                f"{outputs.base}{relative.removesuffix('.')}",
                (link.target and same_name_elsewhere(link.target, here, inp))
                or "raw HTML is published as written: use a path from the site root "
                "(`/images/x.png`) or a Markdown link, which Lanting resolves")
    content = link.target or ""  # `content_target(url, here)`, worked out when rendering
    if content in inp.routes.pages:
        if link.image and not link.raw:
            return _page_as_image(url)
        return _anchor(fragment, outputs.page_of(content, here), outputs)
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


def _page_as_image(url: str) -> tuple[str, str]:
    """`![x](other-note.md)`: an image of a page, which the browser shows as nothing
    (an Obsidian embed of a drawing or a note, copied as Markdown)."""
    return (f"image `{url}` is a page, not an image file: the browser shows nothing",
            "link to the page without the `!`, `[text](…)`, or show an image file")


def _draft_dir(doc: Document, inp: CheckInput) -> str | None:
    try:
        return output_dir(doc, inp.config.permalinks.posts)
    except ValueError:
        return None


def _draft_link(url: str, draft: str) -> tuple[str, str]:
    return (f"`{url}` links to a draft ({draft}), which this build leaves out",
            "publish it (remove `draft: true`) or remove the link; `--drafts` builds drafts too")


def _anchor(fragment: str, output: str, outputs: Outputs,
            same_page: bool = False) -> tuple[str | None, str | None]:
    # `#:~:text=词` (or `#id:~:text=…`) is a fragment directive, a text fragment the
    # browser scrolls to and highlights: no element has it as its id
    fragment = fragment.split(":~:", 1)[0]
    # (`#top` is the page's top to the browser; `#!`, a theme's "link to nowhere" (its
    # demo posts' placeholders), leaves the page where it is, as `#` alone does)
    if not fragment or fragment in ("top", "!") or not output.endswith(".html"):
        return None, None
    ids = outputs.ids(output)
    if fragment in ids:
        return None, None
    where = "on this page" if same_page else f"in {outputs.base}{output.removesuffix('index.html')}"
    slug = heading_slug(outputs.heading_ids)
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


_MEDIA = {".mp4": "video", ".webm": "video", ".mov": "video", ".m4v": "video", ".ogv": "video",
          ".mp3": "audio", ".m4a": "audio", ".wav": "audio", ".ogg": "audio", ".flac": "audio",
          ".vtt": "subtitle file", ".pdf": "file", ".html": "file", ".js": "script",
          ".mjs": "script", ".css": "stylesheet", ".json": "file", ".wasm": "file"}


def media_kind(url: str) -> str:
    """What a `src` names, for messages: a `<video src="demo.mp4">` was "a missing image"."""
    suffix = posixpath.splitext(url.split("?")[0].split("#")[0])[1].lower()
    return _MEDIA.get(suffix, "image")


_JOPLIN = re.compile(r":/[0-9a-f]{32}")
"""Joplin's link to an attachment (`![a.png](:/0f1e…)`), copied out of its editor."""


def same_name_elsewhere(content: str, here: str, inp: CheckInput) -> str | None:
    """A hint naming the one file of `content/` with the missing file's name, from the
    page: Typora keeps a note's images in `<note>.assets/`, and a note renamed (or
    moved) after its images were pasted links to a folder of its old name. The name in
    any case: a deck made on macOS or Windows, where `Fig_01.png` opens `fig_01.png`."""
    name = posixpath.basename(content).lower()
    found = [rel for a in inp.discovery.assets
             if posixpath.basename(rel := a.rel.as_posix()).lower() == name]
    if len(found) != 1 or found[0] == content:
        return None
    path = posixpath.relpath(found[0], posixpath.dirname(here))
    return f"there is `content/{found[0]}`: write `{path}`"


def _missing_file(url: str, content: str, here: str, image: bool,
                  inp: CheckInput) -> tuple[str, str | None]:
    if _JOPLIN.fullmatch(url):
        return (f"`{url}` is an attachment inside Joplin, not a file",
                "export the note from Joplin (File > Export > MD - Markdown): it writes the "
                "file to `_resources/` and links to it there; put the file beside the page")
    shown = f"content/{content}" if not content.startswith("..") else "outside content/"
    if content.endswith((".md", ".ipynb")):
        pages = [posixpath.relpath(p, posixpath.dirname(here)) for p in inp.routes.pages
                 if p != here]
        wanted = posixpath.relpath(content, posixpath.dirname(here))
        return (f"broken link `{url}`: no page {shown}",
                did_you_mean(wanted, pages) or "link to a page's source file, e.g. `other-post.md`")
    if image:
        what = media_kind(url)
        stem = posixpath.splitext(content)[0]
        other = next((str(a.rel) for a in inp.discovery.assets
                      if posixpath.splitext(str(a.rel))[0] == stem), None)
        if other is not None:  # (images converted to WebP, a reference left behind)
            return (f"missing {what} `{url}`: no file {shown}",
                    f"there is `{posixpath.basename(other)}` beside it: write that name")
        return (f"missing {what} `{url}`: no file {shown}",
                same_name_elsewhere(content, here, inp) or
                f"put the {what} beside the page (a bundle: posts/<slug>/index.md) or in "
                "static/ and write its path from the site root, `/images/x.png`")
    if not image and _HOST.match(url):  # (`[163](mirrors.163.com)`: a relative path)
        return (f"broken link `{url}`: no file {shown} and no page at that URL",
                f"a web address needs its scheme: write `https://{url}`")
    return (f"broken link `{url}`: no file {shown} and no page at that URL",
            "link to a source file (`other.md`), a file beside the page, or a site URL")


_HOST = re.compile(r"(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|edu|gov|io|cn|"
                   r"dev|ai|me|co|uk|de|jp|info|app|xyz|top|site|tech|cc|tv)(?:[/:?#]|$)",
                   re.IGNORECASE)
"""A link written as a host name without `https://`, which the browser reads as a path."""


_TAXONOMY = re.compile(r"^(tags|categories|series)/([^/]+)/?$")


def _missing_url(url: str, path: str, inp: CheckInput,
                 image: bool = False) -> tuple[str, str | None]:
    if image and _HOME.match(unquote(url)):
        return (f"missing {media_kind(url)} `{unquote(url)}`: a file on the writer's own "
                "disk, which no reader's browser can load", LOCAL_DISK_HINT)
    if image:
        what = media_kind(url)
        return (f"missing {what} `{url}`: no file at this URL "
                f"(static{unquote(from_root(url))} or a page bundle's)",
                f"put the {what} in static/ at that path, or beside the page "
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


# --- links in lanting.toml -------------------------------------------------------------


def _menu_urls(path: tuple[str, ...], menu: tuple[MenuItem, ...]
               ) -> list[tuple[tuple[str, ...], str]]:
    """Each URL of a menu, its drop-downs' too, with its key's path."""
    found: list[tuple[tuple[str, ...], str]] = []
    for i, item in enumerate(menu):
        found.append(((*path, str(i), "url"), item.url))
        found += [((*path, str(i), "children", str(j), "url"), child.url)
                  for j, child in enumerate(item.children)]
    return found


def config_links(inp: CheckInput, outputs: Outputs) -> list[Problem]:
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
        *_menu_urls(("menu",), config.menu),
        *((("links", str(i), "url"), x.url) for i, x in enumerate(config.links)),
        (("profile", "photo"), config.profile.photo),
        *((("profile", "links", str(i), "url"), x.url)
          for i, x in enumerate(config.profile.links)),
        (("sharing", "image"), config.sharing.image)]
    if isinstance(config.languages, dict):
        for code, language in config.languages.items():
            urls += _menu_urls(("languages", code, "menu"), language.menu)
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


def _page_urls(outputs: Outputs) -> list[str]:
    return [p.removesuffix("index.html").strip("/") for p in outputs.paths
            if p.endswith("index.html")]
