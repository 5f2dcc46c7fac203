"""The embed tags Hexo had built in up to version 4 and hexo-tag-embed keeps
(`{% youtube %}`, `{% vimeo %}`, `{% gist %}`, `{% jsfiddle %}`): a YouTube video in
Lanting's own player, the others links to what the page showed in a frame. Left in a
comment, the video was gone from the post."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context

_VIDEO_ID = re.compile(r"[0-9A-Za-z_-]{11}")


def embed_tags(ctx: Context) -> dict[str, Any]:
    """The handlers of the embed tags, by name."""

    def youtube(args: str, written: str) -> str:
        # `{% youtube id [video|playlist] [cookie] %}`
        ident, kind = [*B.arguments(args)[0], "", ""][:2]
        if kind == "playlist" and ident:
            ctx.convert("embeds as links")
            return B.block(f"[▶ YouTube](https://www.youtube.com/playlist?list={ident})")
        if not _VIDEO_ID.fullmatch(ident):
            return ctx.leave(written, "no YouTube video id")
        ctx.convert("videos")
        return B.block(f'{{{{< video youtube="{ident}" >}}}}')

    def linked(label: str, address: str) -> Any:
        def one(args: str, written: str) -> str:
            ident = (B.arguments(args)[0] or [""])[0]
            if not ident:
                return ctx.leave(written, "no id in it")
            ctx.convert("embeds as links")
            url = address.format(ident)
            return B.block(f"[{label}]({url})")
        return one

    return {"youtube": youtube,
            "vimeo": linked("▶ Vimeo", "https://vimeo.com/{}"),
            "gist": linked("Gist", "https://gist.github.com/{}"),
            "jsfiddle": linked("JSFiddle", "https://jsfiddle.net/{}/")}
