"""Hugo's own shortcodes without content (`figure`, `ref`, `relref`, `youtube`, `vimeo`,
`tweet`, `gist`, `param`) and the themes' of the same kind (`version`, `inTextImg`,
`gallery`, `video`, …) as Lanting's Markdown: the handlers the body conversion
(`hugo_bodies.py`) calls for each use."""

from __future__ import annotations

import glob
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.body_fragments import heading_fragment
from lanting.importer.common import LinkTable
from lanting.importer.figure_labels import numbered_caption
from lanting.importer.hugo_cards import card_single
from lanting.importer.hugo_cite import cite_handlers
from lanting.importer.hugo_embeds import embed_handlers
from lanting.importer.hugo_learn import learn_handlers
from lanting.importer.hugo_links import HugoLinks
from lanting.importer.hugo_settings import DOCS_THEMES, theme_names
from lanting.importer.hugo_shortcodes import blowfish_single, link_handlers, stack_handlers
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite

VIDEO_SUFFIXES = (".mp4", ".webm", ".ogg", ".ogv", ".mov", ".m4v")
"""Video files in the order hugo-video offered them to the browser (the first is linked)."""

_VERSION_WORDS = {"zh": {"new": "v{} 新增", "changed": "v{} 更改", "deleted": "v{} 删除"},
                  "en": {"new": "New in v{}", "changed": "Changed in v{}",
                         "deleted": "Deleted in v{}"}}
"""LoveIt's and FixIt's `version` badge, as their Chinese and English pages said it."""


class HugoBuiltins(HugoLinks):
    """The handlers of the shortcodes without content that Lanting reads."""

    source: Path
    site: NewSite
    params: dict[str, Any]
    config: dict[str, Any]
    language: str
    table: LinkTable

    def figure_arguments(self, named: dict[str, str]) -> dict[str, str]:
        """A `figure`'s arguments as the theme's shortcode reads them (Hugo's own:
        as written)."""
        return named

    def single_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        labels = {"zh": "▶ YouTube 视频", "en": "▶ YouTube video"}
        label = labels["zh" if self.language.startswith("zh") else "en"]

        def figure(args: str, written: str) -> str:
            words, named = B.arguments(args)
            return figure_of(words, self.figure_arguments(named), written)

        def figure_of(words: list[str], named: dict[str, str], written: str) -> str:
            src = named.get("src", words[0] if words else "")
            ref = self.figure_source(src, named, item, folder)
            if ref is None:
                return ctx.leave(written, f"image `{src}` not found")
            ctx.convert("figure shortcodes")
            anchor = ""
            if named.get("id"):
                anchor = B.block(f'<a id="figure-{named["id"]}"></a>')
            caption = numbered_caption(_figure_caption(named), written, ctx)
            return anchor + B.figure(ref, caption, named.get("alt", ""))

        def gallery_image(args: str, written: str) -> str:
            # (nanogallery2's `galleries`/`gallery src=… title=…` of many Chinese blogs;
            # Blowfish's `gallery` has content, and is read with the paired ones)
            words, named = B.arguments(args)
            title = named.pop("title", "")  # (the caption: no heading above it)
            return figure_of(words, {**named, "caption": title} if title else named, written)

        def ref(args: str, written: str) -> str:
            words, _named = B.arguments(args)
            target = words[0] if words else ""
            name, hash_mark, fragment = target.partition("#")
            if not name.strip() and fragment and item.source is not None:
                # (`relref "#使用Pygments进行高亮"`: Hugo's link to the page's own heading,
                # named by its text as written; the new heading's id is GitHub's)
                ctx.convert("ref and relref")
                return "#" + (heading_fragment(fragment, item.source) or fragment)
            found = self.find(name, folder)
            if found is None:
                listed = self.list_ref(name, ctx, folder)
                return ctx.leave(written, f"no page `{name}` in the source") \
                    if listed is None else listed + hash_mark + fragment
            ctx.convert("ref and relref")
            return self.site.link(found) + hash_mark + fragment

        def youtube(args: str, written: str) -> str:
            words, named = B.arguments(args)
            ident = named.get("id", words[0] if words else "")
            if re.fullmatch(r"[0-9A-Za-z_-]{11}", ident):  # Lanting's own click-to-load embed
                ctx.convert("videos")
                title = named.get("title", "").replace('"', "'")
                return B.block(f'{{{{< video youtube="{ident}"'
                               + (f' title="{title}"' if title else "") + " >}}")
            ctx.convert("embeds as links")
            return B.block(f"[{label}](https://www.youtube.com/watch?v={ident})")

        def vimeo(args: str, written: str) -> str:
            words, named = B.arguments(args)
            ident = named.get("id", words[0] if words else "")
            ctx.convert("embeds as links")
            return B.block(f"[▶ Vimeo](https://vimeo.com/{ident})")

        def tweet(args: str, written: str) -> str:
            words, named = B.arguments(args)
            user = named.get("user", words[0] if len(words) > 1 else "i")
            ident = named.get("id", words[-1] if words else "")
            ctx.convert("embeds as links")
            url = f"https://x.com/{user}/status/{ident}"
            return B.block(f"> [{url.removeprefix('https://')}]({url})")

        def gist(args: str, written: str) -> str:
            words, _named = B.arguments(args)
            ctx.convert("embeds as links")
            url = "https://gist.github.com/" + "/".join(words[:2])
            return B.block(f"[{url.removeprefix('https://')}]({url})")

        def param(args: str, written: str) -> str:
            words, _named = B.arguments(args)
            value = self.params.get(words[0].lower()) if words else None
            if value is None:
                return ctx.leave(written, "no such site parameter")
            ctx.convert("param shortcodes")
            return str(value)

        def remove(args: str, written: str) -> str:
            ctx.convert("theme shortcodes removed")
            return ""

        def version(args: str, written: str) -> str:
            # LoveIt's and FixIt's badge, `version 0.2.12 changed`: "changed in v0.2.12"
            words = B.arguments(args)[0]
            if not words:
                return ctx.leave(written, "no version")
            kind = words[1].lower() if len(words) > 1 else "new"
            ctx.convert("badges")
            said = _VERSION_WORDS["zh" if self.language.startswith("zh") else "en"]
            return f"<mark>{said.get(kind, said['new']).format(words[0])}</mark>"

        def in_text_image(args: str, written: str) -> str:
            words, named = B.arguments(args)  # PaperMod: `inTextImg url="…" height="…"`
            src = named.get("url") or (words[0] if words else "")
            if not src:
                return ctx.leave(written, "an image without a URL")
            ctx.convert("inline images")
            return f"![{named.get('alt', '')}]({src})"

        def article(args: str, written: str) -> str:
            # (Blowfish's `article link="/articles/x/"`: the card of the page at that
            # URL, its title linked, as Lanting writes a link to a page)
            link = B.arguments(args)[1].get("link", "")
            found = self.table.find(link) or self.table.find(unquote(link))
            if found is None:
                return ctx.leave(written, f"no page at `{link}` in the source")
            ctx.convert("article cards as links")
            return B.block(f"[{found.front.get('title') or link}]({self.site.link(found)})")

        def video_file(src: str) -> str:
            # (the hugo-video module: `video src="demo"` played the bundle's demo.mp4,
            # demo.webm and demo.ogg, whichever the browser could)
            if not src or "/" in src or "." in src or (folder / src).exists():
                return src
            found = sorted((VIDEO_SUFFIXES.index(f.suffix.lower()), f.name)
                           for f in folder.glob(glob.escape(src) + ".*")
                           if f.suffix.lower() in VIDEO_SUFFIXES)
            return found[0][1] if found else src

        return {**link_handlers(ctx), **blowfish_single(ctx), **embed_handlers(ctx),
                **card_single(ctx), **cite_handlers(item, ctx, folder, self.source),
                **stack_handlers(ctx, video_file)[1],
                "figure": figure,
                "image": figure, "ref": ref, "relref": ref, "youtube": youtube,
                "vimeo": vimeo, "tweet": tweet, "x": tweet,
                "twitter": tweet, "gist": gist, "param": param, "toc": remove,
                # (Hugo's privacy-minded variants, in the demo posts themes ship)
                "twitter_simple": tweet, "x_simple": tweet, "vimeo_simple": vimeo,
                # Blowfish's and Congo's `katex` only loads KaTeX on the page (hugo-book's,
                # with content, is read with the math): Lanting's math always works
                # (and DoIt's `fa-icon solid pen`: Lanting has no icon font)
                "katex": remove, "inTextImg": in_text_image, "icon": remove, "fa-icon": remove,
                "youtubeLite": youtube, "gallery": gallery_image, "version": version,
                "article": article, "siteparam": param,  # (relearn's name of it)
                **(learn_handlers(item, ctx, self.site, self.language)
                   if DOCS_THEMES.intersection(theme_names(self.config)) else {})}


def _figure_caption(named: dict[str, str]) -> str:
    """A Hugo figure's caption as its template shows it: the `title` as a heading, the
    caption (Markdown: Lanting renders a figure's caption as Markdown too), then the
    attribution `attr`, linked to `attrlink`."""
    title, attr, link = (named.get(key, "").strip() for key in ("title", "attr", "attrlink"))
    parts = [f"**{title}**" if title else "", named.get("caption", "").strip(),
             f"[{attr}]({link})" if attr and link else attr]
    return " ".join(part for part in parts if part)
