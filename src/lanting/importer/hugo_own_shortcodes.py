"""The shortcodes a Hugo site writes for itself (`layouts/shortcodes/anchor.html`,
`theorem.html`, …; or its theme's, when the repository holds the theme's folder), which
no rule of the import knows: run as Hugo ran them, when their template only places the
shortcode's arguments and content in HTML (`go_templates.py` says what it reads).

Their HTML is written into the page as it is (Lanting keeps a page's raw HTML); the
content they rendered as Markdown (`.Inner | markdownify`, and what a `{{% %}}` or
`{{< >}}` pair holds) stays Markdown, between blank lines, for Lanting to render. A
template doing more (a `range`, a partial, the page's parameters) is not run: its
shortcode is left in a comment with a warning naming what stopped it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.go_functions import Html, Markdown, Unsupported
from lanting.importer.go_parse import Node, parse
from lanting.importer.go_templates import Call, run
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf
from lanting.importer.text import load_mapping, split_front_matter

Paired = Callable[[str, str, Callable[[str, str, str], str], Context, str], str]
"""HugoBodies.paired: (text, name, handler(args, inner, written), ctx, what) -> text."""

_BLOCK_TAG = re.compile(r"<(?:div|p|figure|table|details|section|aside|blockquote|ul|ol|dl"
                        r"|h[1-6]|pre|hr|center|article|header|footer|nav|form|iframe"
                        r"|video|audio)\b", re.IGNORECASE)
"""Tags that make a shortcode's output a block of its own, not words of a paragraph."""


def template_files(source: Path, config: dict[str, Any]) -> dict[str, Path]:
    """Name (`anchor`, or `math/box` for a subfolder's) → template: the site's own,
    then its themes' (the first named first) where the site has none, as Hugo looks."""
    found: dict[str, Path] = {}
    given = config.get("theme")
    themes = [str(t) for t in (given if isinstance(given, list) else [given]) if t]
    roots = [source / "layouts"] + [source / "themes" / theme / "layouts" for theme in themes
                                    if "/" not in theme]
    for root in roots:
        for folder in (root / "_shortcodes", root / "shortcodes"):
            for path in sorted(folder.rglob("*.html")) if folder.is_dir() else []:
                name = path.relative_to(folder).with_suffix("").as_posix()
                found.setdefault(name, path)
    return found


class OwnShortcodes:
    """The site's shortcode templates, read once, run per use."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files
        self.parsed: dict[str, tuple[tuple[Node, ...], str]] = {}

    def names(self) -> list[str]:
        return sorted(self.files)

    def site_names(self, source: Path) -> set[str]:
        """The shortcodes the site itself defines (`layouts/`, not a theme's)."""
        return {name for name, path in self.files.items()
                if path.is_relative_to(source / "layouts")}

    def template(self, name: str) -> tuple[tuple[Node, ...], str]:
        """(nodes, "") or ((), why it is not run)."""
        if name not in self.parsed:
            try:
                self.parsed[name] = (parse(read_text(self.files[name])), "")
            except Unsupported as error:
                self.parsed[name] = ((), str(error))
        return self.parsed[name]

    def expand(self, call: Call, alone: bool) -> tuple[str, str]:
        """(Markdown, "") for one use of a shortcode, or ("", why it is not run).
        `alone`: the shortcode stands on lines of its own (its HTML is a block)."""
        nodes, why = self.template(call.name)
        if why:
            return "", why
        try:
            pieces = run(nodes, call)
        except Unsupported as error:
            return "", str(error)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
            return "", f"its template failed here ({error})"
        return written(pieces, alone), ""


def written(pieces: list[str], alone: bool) -> str:
    """The template's output as Markdown: HTML lines unindented (an indented line would
    be code) and Markdown between blank lines when it is a block; one line of words
    when it sits in a paragraph."""
    parts = [p if isinstance(p, (Html, Markdown)) else html.escape(p, quote=True)
             for p in pieces]
    block = alone and (any(isinstance(p, Markdown) and "\n" in p.strip() for p in pieces)
                       or any(_BLOCK_TAG.search(p) for p in parts
                              if not isinstance(p, Markdown)))
    if not block:
        return re.sub(r"\s*\n\s*", " ", "".join(parts)).strip()
    runs: list[str] = [""]  # HTML and Markdown by turns, HTML first
    for part in parts:
        if isinstance(part, Markdown):
            runs += [part.strip("\n"), ""]
        else:
            runs[-1] += part
    out = []
    for n, run_ in enumerate(runs):
        if n % 2:
            out.append("\n\n" + run_ + "\n\n")
        else:
            out.append("\n".join(line.strip() for line in run_.split("\n") if line.strip()))
    return re.sub(r"\n{3,}", "\n\n", "".join(out)).strip("\n")


def page_params(path: Path | None, url: str) -> dict[str, Any]:
    """A page's `.Page.Params` for its shortcodes: its front matter, keys in lower case
    (as Hugo reads them), and its old URL as `url`."""
    data: dict[str, Any] = {}
    if path is not None and path.suffix.lower() in (".md", ".markdown", ".html"):
        fmt, head, _body, _line = split_front_matter(read_text(path))
        data = load_mapping(fmt or "yaml", head)[0] if fmt else {}
    return {**{str(k).lower(): v for k, v in data.items()}, "url": url}


@dataclass(slots=True)
class PageUses:
    """The uses of the site's shortcodes on one page: the page, their count by name
    (`.Ordinal`) and the page's `.Page.Scratch`."""

    page: dict[str, Any] = field(default_factory=dict)
    """Its front matter, keys in lower case, and its old URL as `url`."""
    scratch: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    file: dict[str, str] = field(default_factory=dict)
    """Its `.Page.File`: `BaseFileName`, `ContentBaseName`, `LogicalName`, `Ext`."""

    root: Path | None = None
    """The site's folder, which `readFile` reads from."""
    source: Path | None = None
    """The page's file (its bundle holds `.Page.Resources`)."""
    render: Callable[[str], str] | None = None
    """Runs the shortcodes of a text a template renders (`.Page.RenderString`)."""
    rendering: list[str] = field(default_factory=list)
    """The texts being rendered so, outermost first (a text including itself stops)."""

    @classmethod
    def of(cls, path: Path | None, url: str, root: Path | None = None,
           content: Path | None = None) -> PageUses:
        """The uses on the page of file `path` (None: a page no file holds) of the site
        in `root`, its pages in `content`."""
        if path is None:
            return cls(page_params(path, url), root=root)
        # (a bundle's `index.md`: its content's name is its folder's)
        base = path.parent.name if path.stem in ("index", "_index") else path.stem
        file = {"BaseFileName": path.stem, "ContentBaseName": base.split(".")[0],
                "TranslationBaseName": path.stem.split(".")[0], "LogicalName": path.name,
                "Ext": path.suffix.lstrip(".")}
        if content is not None and path.is_relative_to(content):
            rel = path.relative_to(content)  # (Hugo's `.File.Dir`: `posts/x/`, or empty)
            folder = rel.parent.as_posix()
            file |= {"Dir": "" if folder == "." else folder + "/", "Path": rel.as_posix()}
        return cls(page_params(path, url), file=file, root=root, source=path)

    def call(self, name: str, args: str, inner: str | None) -> Call:
        ordinal = self.counts.get(name, 0)
        self.counts[name] = ordinal + 1
        words, named = B.arguments(args)
        return Call(name, words, named, inner, ordinal, self.scratch, self.page, self.file,
                    self.root, self.source, self.render)

    def nested(self, text: str, run: Callable[[str], str]) -> str:
        """`text`, which a template renders, with its shortcodes run by `run`, as Hugo
        rendered them; `Unsupported` for a text that includes itself, or includes
        nested over `NESTED` deep."""
        if text in self.rendering or len(self.rendering) >= NESTED:
            raise Unsupported("the text it renders includes itself" if text in self.rendering
                              else f"includes nested over {NESTED} deep")
        self.rendering.append(text)
        try:
            return run(text)
        finally:
            self.rendering.pop()


NESTED = 16
"""How deep a site's shortcodes may include texts holding shortcodes."""


def run_paired(text: str, own: OwnShortcodes, known: set[str], paired: Paired,
               ctx: Context, uses: PageUses, shelf: Shelf) -> str:
    """The site's shortcodes with content (`{{< theorem >}}…{{< /theorem >}}`) run; one
    whose template is not run keeps its content, its tags in comments (one warning)."""
    for name in own.names():
        if name in known or own.template(name)[1]:
            continue  # (a template not read: its tags are left with the others)

        def handler(args: str, inner: str, written: str, name: str = name) -> str:
            out, why = own.expand(uses.call(name, args, inner), "\n" in inner)
            if not why:
                return B.block(out) if "\n" in out else out
            opening, closing = written[:written.index("}}") + 2], written[written.rindex("{{"):]
            # (the comments put aside: the last pass would read their tags again)
            return (shelf.put(ctx.leave(opening, f"the site's template was not run: {why}"))
                    + inner + shelf.put(B.unconverted(closing)))

        text = paired(text, name, handler, ctx, "the site's own shortcodes run")
    return text


def run_single(match: re.Match[str], own: OwnShortcodes, uses: PageUses) -> tuple[str, str]:
    """(Markdown, "") for a use of one of the site's shortcodes without content, or
    ("", why it is not run)."""
    text = match.string
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    alone = not text[start:match.start()].strip() \
        and not text[match.end():end if end >= 0 else len(text)].strip()
    out, why = own.expand(uses.call(match.group(3), match.group(4), None), alone)
    return (B.block(out) if alone and "\n" in out else out), why


_IMAGE_FILE = re.compile(r"\.(?:png|jpe?g|gif|webp|svg|avif)$", re.IGNORECASE)
_VIDEO_FILE = re.compile(r"\.(?:mp4|webm|ogg|ogv|mov)$", re.IGNORECASE)
_YOUTUBE = re.compile(r"^https?://(?:www\.)?(?:youtube\.com/watch\?(?:.*&)?v=|youtu\.be/)"
                      r"([0-9A-Za-z_-]{11})")


def media_of(own: OwnShortcodes, name: str, args: str) -> tuple[str, str] | None:
    """What a use of the site's shortcode `name` shows when it is one image or one
    video, as Hugo's `figure`, `youtube` and a `video` do: ("figure", its arguments)
    when its template draws an `<img>` and its `src` (or first word) names an image
    file; ("youtube", the video's id) when the template knows YouTube and `src` is a
    video's address; ("video", its arguments) when it draws a `<video>` of a video
    file. A media shortcode picks a player, a lightbox or a size by the file's kind,
    which the template reader does not run."""
    template = read_text(own.files[name])
    words, named = B.arguments(args)
    src = named.get("src", words[0] if words else "")
    video = _YOUTUBE.match(src)
    if video is not None and "youtu" in template:
        return "youtube", video.group(1)
    if _ASSETS.search(template):
        args = _assets_paths(words, named)
    if "<img" in template and _IMAGE_FILE.search(src.split("?")[0]):
        return "figure", args
    if "<video" in template and _VIDEO_FILE.search(src.split("?")[0]):
        return "video", args
    return None


_ASSETS = re.compile(r"\bresources\.Get\b")
"""A template reading its files from `assets/` (`resources.Get $src`), which Hugo then
published at the same path from the site's root."""


def _assets_paths(words: list[str], named: dict[str, str]) -> str:
    """The arguments of a use whose files are `assets/` ones (`src="media/x.mp4"`,
    `poster="img/x.webp"`): their paths from the site's root (`/media/x.mp4`), where
    Hugo published them; read beside the page, they named no file."""

    def rooted(value: str) -> str:
        return value if re.match(r"[a-zA-Z][\w+.-]*:|/|#", value) else "/" + value

    named = {k: rooted(v) if k in ("src", "poster") else v for k, v in named.items()}
    words = [rooted(words[0]), *words[1:]] if words and "src" not in named else words
    return " ".join([f'"{w}"' for w in words] + [f'{k}="{v}"' for k, v in named.items()])


LANTING_READS = frozenset({
    "figure", "gist", "highlight", "instagram", "param", "ref", "relref", "tweet", "x",
    "twitter", "vimeo", "youtube", "details", "qr", "comment", "katex", "math", "mathjax",
    "mathblock", "tex", "latex", "raw", "rawhtml", "mermaid", "blogdown/postref"})
"""Hugo's own shortcodes and the math and raw ones: a site's template of that name
restyles them; Lanting's reading keeps their meaning (a figure's image copied, TeX
left for the formula pass). blogdown copies its `postref` into each site."""


def own_first(own: OwnShortcodes, name: str, uses: PageUses, ctx: Context,
              known: Callable[..., str], paired: bool) -> Callable[..., str]:
    """A handler running the site's own template of `name` first, as Hugo picks the
    site's template over a theme's, and the theme's reading Lanting knows (`known`)
    where the template cannot be run, with a notice."""

    def handler(*args: str) -> str:
        arguments, written = args[0], args[-1]
        inner = args[1] if paired else None
        out, why = own.expand(uses.call(name, arguments, inner), "\n" in (inner or ""))
        if not why:
            ctx.convert("the site's own shortcodes run")
            return B.block(out) if "\n" in out else out
        ctx.note(written, f"the site's `{name}` template was not run ({why}): read as "
                 "the theme's")
        return known(*args)

    return handler


_ENTRY_TYPE = re.compile(r"@(?:article|misc|online|inproceedings|techreport|unpublished)\b",
                         re.IGNORECASE)


def cites_its_page(own: OwnShortcodes, name: str) -> bool:
    """Whether the site's shortcode `name` shows the page's own BibTeX entry ("cite this
    post": an `@article` of the page's title and permalink), which Lanting's "cite this
    post" block under each post shows already."""
    template = read_text(own.files[name])
    return bool(_ENTRY_TYPE.search(template)) and "Permalink" in template \
        and "Title" in template


def site_single(match: re.Match[str], own: OwnShortcodes, uses: PageUses, ctx: Context,
                singles: dict[str, Any], closed: bool, left: set[str]) -> str:
    """A use of a shortcode without content that no rule knows: the site's own template
    run; else, when that cannot be, the page's own citation left out, one image or
    video read as Hugo's `figure`, `youtube` or a video; else left in a comment with a
    warning (its name added to `left`; `closed`: its closing tag is in the page too)."""
    name = match.group(3)
    why = own.template(name)[1] if name in own.files else ""
    if name in own.files and not closed:
        out, why = run_single(match, own, uses)
        if not why:
            ctx.convert("the site's own shortcodes run")
            return out
        if cites_its_page(own, name):
            ctx.note(match.group(), f"`{name}` left out: it showed how to cite the post, "
                     "which Lanting's \"cite this post\" block does under each post")
            return ""
        media = media_of(own, name, match.group(4))
        if media is not None:
            ctx.note(match.group(), f"`{name}` read as Hugo's `{media[0]}` (the site's "
                     f"template was not run: {why})")
            shown = str(singles[media[0]](media[1], match.group()))
            caption = B.arguments(match.group(4))[1].get("caption", "")
            # (a video has no caption of its own: the text goes under it)
            return shown + (B.block(caption) if media[0] != "figure" and caption else "")
    left.add(name)
    return ctx.leave(match.group(), f"`{name}` is a shortcode of the theme or site"
                     + (f"; its template was not run: {why}" if why else "")
                     + ("; its closing tag is left too" if closed else ""))
