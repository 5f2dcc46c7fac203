"""The bodies of Hugo Blox pages: its shortcodes (`callout`, `spoiler`, `toggle`, `cite`,
`mention`, `hl`, `math`, `icon`, `table`, `staticref`, `cta`, `audio`, `gallery`, `chart`,
`figure` from the media library), images of the media library, its `featured.*` covers,
and its Mermaid and Markmap fences."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from lanting.importer import body as B
from lanting.importer.common import bool_of, is_image, read_text
from lanting.importer.hugoblox_landing import HugoBloxHome
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.shelf import fence
from lanting.importer.text import load_mapping, split_front_matter

_PRE_BLOX = re.compile(r"wowchemy|(?<![\w-])(?:hugo-)?academic\b", re.IGNORECASE)
"""The module paths or theme of a site before Hugo Blox: Wowchemy's modules
(`wowchemy-hugo-themes/modules/wowchemy/v5`), the Academic theme (`theme = "academic"`)."""

_DIAGRAM = re.compile(r"^diagram[ \t]*[:=][ \t]*true\b", re.MULTILINE)
"""A page's own `diagram: true` (`diagram = true` in TOML): Mermaid drawn on it."""


def static_url(args: str) -> str:
    """The URL of `staticref`'s file, a path from `static/`."""
    return "/" + (B.arguments(args)[0] or [""])[0].lstrip("/")


class HugoBloxBodies(HugoBloxHome):
    """The body side of the Hugo Blox importer."""

    diagrams = False
    """Whether a page drew Mermaid diagrams, as the site or the page chose."""

    def cover(self, data: dict[str, Any], path: Path, bundle: Path | None) -> str:
        found = super().cover(data, path, bundle)
        if found or bundle is None:
            return found
        featured = next(iter(sorted(bundle.glob("featured.*"))), None)
        if featured is not None and featured.suffix.lower() in (".png", ".jpg", ".jpeg",
                                                                ".webp", ".gif"):
            self.report.convert("featured images as covers")
            return self.site.image(featured, None)
        return ""

    def figure_source(self, src: str, named: dict[str, str], item: Item,
                      folder: Path) -> str | None:
        if bool_of(named.get("library")):
            file = self.source / "assets" / "media" / src.lstrip("/")
            if file.is_file():
                return self.site.image(file, None)
            # (Wowchemy 5's figure reads `library` no more: the page's folder first)
        # (the figure shortcode looks in the page's folder, then in the media library)
        return super().figure_source(src, named, item, folder) \
            or self.media_image(src, folder)

    def figure_arguments(self, named: dict[str, str]) -> dict[str, str]:
        """Hugo Blox's `figure` shows `title` as the caption (its old name), not as a
        heading above it, as Hugo's does."""
        title = named.get("title", "")
        rest = {k: v for k, v in named.items() if k != "title"}
        return {**rest, "caption": named.get("caption") or title} if title else named

    def url(self, url: str, image: bool, ctx: Context, folder: Path) -> str | None:
        found = self.media_image(url, folder) if image else None
        return found or super().url(url, image, ctx, folder)

    def media_image(self, url: str, folder: Path) -> str | None:
        """An image named by a bare path that is not beside the page but in the media
        library (`![](硬盘扩容-1669900684983.jpeg)`, pasted by Obsidian into
        `assets/media/`): Wowchemy's Markdown image hook looked there next."""
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|[/#]", url):
            return None
        name = url.split("#")[0].split("?")[0]
        names = (name, unquote(name))
        if any((folder / n).is_file() for n in names):
            return None
        media = self.source / "assets" / "media"
        file = next((media / n for n in names if (media / n).is_file()), None)
        return self.asset_image(file) if file is not None and is_image(file) else None

    def convert(self, text: str, item: Item, ctx: Context, folder: Path) -> str:
        # Hugo Blox draws ```mermaid fences as diagrams where the site chose so
        # (`diagram = true` in its params, or `diagram: true` on the page): Lanting does
        # once `[markdown] mermaid` names a script, set then (`write_config`); elsewhere
        # the import leaves that to the owner.
        fence = re.search(r"^[ \t]*(```|~~~)[ \t]*mermaid\b.*$", text, re.MULTILINE)
        if fence and (bool_of(self.params.get("diagram"))
                      or _DIAGRAM.search(split_front_matter(ctx.original)[1])):
            self.diagrams = True
        elif fence:
            ctx.note(fence.group(), "Mermaid diagrams show as code until `[markdown] "
                     "mermaid` in lanting.toml names a Mermaid script")
        fence = re.search(r"^[ \t]*(```|~~~)[ \t]*markmap\b.*$", text, re.MULTILINE)
        if fence:
            ctx.note(fence.group(), "Markmap mind maps show as their Markdown outline "
                     "(Lanting draws none)")
        fmt, head, _body, _first = split_front_matter(ctx.original)
        link = str(load_mapping(fmt or "yaml", head)[0].get("external_link") or "").strip()
        if item.kind == "post" and re.match(r"https?://[^\s/]+", link) and link not in text:
            # (a lab's press item: the old lists led to the article it names, never to
            # this page; kept in the front matter alone, the address was lost)
            host = urlsplit(link).netloc.removeprefix("www.")
            text = text.rstrip("\n") + ("\n\n" if text.strip() else "") + f"→ [{host}]({link})\n"
            ctx.convert("posts' `external_link` (where the old lists led) as a link")
        return super().convert(text, item, ctx, folder)

    def passthrough(self) -> bool:
        """Hugo Blox posts wrap math in `{{< math >}}` or rely on the passthrough its
        own module configures: their escapes are TeX's. Not Wowchemy's modules nor the
        Academic theme before them (Goldmark had no passthrough then): their posts wrote
        math for Goldmark to unescape (`$\\{x_n\\}$`, `y\\_\\*`, ox-hugo's `\\\\(l\\\\)`),
        as a plain Hugo site's without passthrough do."""
        return super().passthrough() or not _PRE_BLOX.search(json.dumps(
            [self.config.get("module"), self.config.get("theme")]))

    def paired_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        handlers = super().paired_handlers(item, ctx, folder)

        def callout(args: str, inner: str, written: str) -> str:
            words = B.arguments(args)[0]
            return B.callout(B.CALLOUTS.get(words[0] if words else "note", "NOTE"), inner)

        def spoiler(args: str, inner: str, written: str) -> str:
            words, named = B.arguments(args)
            return B.details(named.get("text") or named.get("summary")
                             or (words[0] if words else "…"), inner)

        handlers.update({
            "callout": (callout, "callouts"), "spoiler": (spoiler, "collapsible blocks"),
            "toggle": (spoiler, "collapsible blocks"),
            "hl": (lambda a, inner, w: f"<mark>{inner.strip()}</mark>", "highlights"),
            "mark": (lambda a, inner, w: f"<mark>{inner.strip()}</mark>", "highlights"),
            # (`{{< staticref "uploads/cv.pdf" "newtab" >}}my CV{{< /staticref >}}`: a
            # link to a file of `static/`, its text between the tags)
            "staticref": (lambda a, inner, w: f"[{inner.strip()}]({static_url(a)})",
                          "staticref links"),
            # a deck's: a part shown on a click (its text), the speaker's notes
            "fragment": (lambda a, inner, w: inner.strip(), "slide fragments"),
            # a course's numbered steps: their text (headings and paragraphs)
            "steps": (lambda a, inner, w: inner.strip(), "steps as their text"),
            "speaker_note": (lambda a, inner, w: f"\nNote:\n\n{inner.strip()}\n",
                             "speaker notes"),
        })
        return handlers

    def single_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        handlers = super().single_handlers(item, ctx, folder)

        def cite(args: str, written: str) -> str:
            named = B.arguments(args)[1]
            page = "/" + named.get("page", "").strip("/")
            key = self.citations.get(page)
            if key is None:
                return ctx.leave(written, f"no publication at `{page}`")
            ctx.convert("citations")
            return f"[@{key}]"

        def mention(args: str, written: str) -> str:
            user = (B.arguments(args)[0] or [""])[0]
            ctx.convert("mentions")
            return self.user_names.get(user, user)

        def table(args: str, written: str) -> str:
            named = B.arguments(args)[1]
            file = folder / named.get("path", "")
            if not file.is_file():
                return ctx.leave(written, f"table file `{named.get('path')}` not found")
            ctx.convert("CSV tables")
            return csv_table(read_text(file), bool_of(named.get("header", "true")),
                             named.get("caption", ""))

        def remove(args: str, written: str) -> str:
            ctx.convert("theme shortcodes removed")
            return ""

        def button(args: str, written: str) -> str:
            """`{{< button url="…" text="…" icon="…" />}}`: a link with its text."""
            named = B.arguments(args.rstrip("/ \t"))[1]
            url, text = named.get("url", "").strip(), named.get("text") or named.get("url")
            ctx.convert("buttons as links")
            return f"[{text}]({url})" if url else str(text or "")

        def cta(args: str, written: str) -> str:
            """`{{% cta cta_link="./people/" cta_text="Meet the team →" %}}`, a call to
            action (and its `cta_alt_link`, `cta_alt_text`): links."""
            named = B.arguments(args)[1]
            links = [f"[{named.get(text) or named[url]}]({named[url]})" for url, text in (
                ("cta_link", "cta_text"), ("cta_alt_link", "cta_alt_text"))
                if named.get(url, "").strip()]
            if not links:
                return ctx.leave(written, "a call to action with no `cta_link`")
            ctx.convert("buttons as links")
            return B.block(" · ".join(links))

        def audio(args: str, written: str) -> str:
            """`{{< audio src="ambient-piano.mp3" >}}` (a file of the bundle, else of the
            media library, `assets/media/`, as Wowchemy 5 looked, else of the site's
            root): the player Hugo Blox drew, whose file moves with the page."""
            src = B.arguments(args)[1].get("src", "").strip()
            if not src or '"' in src:
                return ctx.leave(written, "no `src`")
            library = self.source / "assets" / "media" / src.lstrip("/")
            if not re.match(r"[a-z]+:|/", src) and not (folder / src).is_file() \
                    and library.is_file():
                src = self.asset_image(library)
            ctx.convert("audio players")
            return B.block(f'<audio controls src="{src}"></audio>')

        def chart(args: str, written: str) -> str:
            """`{{< chart data="line-chart" >}}`: the Plotly chart of the page's
            `line-chart.json`, which Lanting does not draw: its JSON as a code block."""
            name = B.arguments(args)[1].get("data", "").strip()
            file = folder / f"{name}.json"
            if not name or not file.is_file():
                return ctx.leave(written, f"no chart data `{name}.json` beside the page")
            ctx.warn(written, f"a Plotly chart (`{name}.json`) has no Lanting form: its "
                     "data is kept as a code block")
            ctx.convert("charts as code")
            return B.block(fence("json", read_text(file).strip("\n") + "\n"))

        nanogallery = handlers["gallery"]

        def gallery(args: str, written: str) -> str:
            """Hugo Blox's `{{< gallery album="demo" >}}`: the images of the page's
            `demo/` folder, else of `assets/media/albums/demo/` (the album `gallery` when
            none is named), as figures in the old order; `gallery src=…` is
            nanogallery2's, as on any Hugo site."""
            named = B.arguments(args)[1]
            if named.get("src"):
                return str(nanogallery(args, written))
            album = named.get("album") or "gallery"
            images = album_images(folder / album) or album_images(
                self.source / "assets" / "media" / "albums" / album)
            if not images:
                return ctx.leave(written, f"no album `{album}` (a folder of images beside "
                                 "the page or in assets/media/albums/)")
            ctx.convert("galleries as figures")
            assets = self.source / "assets"
            return "".join(B.figure(self.asset_image(f) if f.is_relative_to(assets)
                                    else self.site.image(f, None), "") for f in images)

        handlers.setdefault("slide", remove)  # (a deck's reads its background: hugo_reveal)
        handlers.update({"cite": cite, "mention": mention, "table": table, "icon": remove,
                         "button": button, "cta": cta, "staticref": self.staticref(ctx),
                         "audio": audio, "gallery": gallery, "chart": chart})
        return handlers

    def staticref(self, ctx: Context) -> Any:
        """A `staticref` without its closing tag (Hugo Blox's is paired): the URL."""
        def one(args: str, written: str) -> str:
            ctx.convert("staticref")
            return static_url(args)

        return one


def album_images(folder: Path) -> list[Path]:
    """The images of a gallery's album folder, by name (Hugo's resources' order)."""
    return sorted(f for f in folder.iterdir() if is_image(f)) if folder.is_dir() else []


def csv_table(data: str, header: bool, caption: str) -> str:
    rows = list(csv.reader(io.StringIO(data)))
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.strip().replace("|", "\\|") for c in cells) + " |"

    head, rest = (rows[0], rows[1:]) if header else ([""] * width, rows)
    out = [line(head), "|" + "---|" * width, *(line(r) for r in rest)]
    if caption:
        out += ["", f"*{caption}*"]
    return B.block("\n".join(out))
