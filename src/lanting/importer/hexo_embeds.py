"""The embed tags Hexo had built in up to version 4 and hexo-tag-embed keeps
(`{% youtube %}`, `{% vimeo %}`, `{% gist %}`, `{% jsfiddle %}`): a YouTube video in
Lanting's own player, the others links to what the page showed in a frame; and
hexo-tag-aplayer's players (`{% aplayer %}`, `{% meting %}`), links to what they
played; hexo-tag-dplayer's `{% dplayer %}`, the video in an HTML `<video>`. Left in a
comment, the video or song was gone from the post."""

from __future__ import annotations

import html
import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.hugo_embeds import music_page
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

    def aplayer(args: str, written: str) -> str:
        # `{% aplayer title author url [picture] [narrow] [autoplay] [lrc:…] %}`
        title, author, url = [*B.arguments(args)[0], "", "", ""][:3]
        if not url:
            return ctx.leave(written, "no song file in it")
        ctx.convert("music players as links")
        shown = " – ".join(w for w in (title, author) if w) or url
        return B.block(f"[♪ {shown}]({url})")

    def meting(args: str, written: str) -> str:
        # `{% meting "id" "server" "type" [options] %}` (MetingJS: NetEase, QQ Music…)
        ident, server, kind = [*B.arguments(args)[0], "", "", ""][:3]
        url = music_page(server, kind, ident)
        if not url:
            return ctx.leave(written, f"music of `{server or '?'}` has no link to it")
        ctx.convert("music players as links")
        return B.block(f"[♪ {url}]({url})")

    def dplayer(args: str, written: str) -> str:
        # `{% dplayer "url=a.mp4" "pic=a.jpg" "loop=yes" "theme=#FADFA3" … %}`: the
        # player's options, of which a page's `<video>` keeps the file, poster and loop
        named = B.arguments(args)[1]
        if not named.get("url"):
            return ctx.leave(written, "no video file in it (`url=`)")
        ctx.convert("videos")
        poster = f' poster="{html.escape(named["pic"])}"' if named.get("pic") else ""
        loop = " loop" if named.get("loop", "").lower() in ("yes", "true") else ""
        return B.block(f'<video src="{html.escape(named["url"])}"{poster} controls{loop}>'
                       "</video>")

    return {"youtube": youtube, "aplayer": aplayer, "meting": meting, "dplayer": dplayer,
            "vimeo": linked("▶ Vimeo", "https://vimeo.com/{}"),
            "gist": linked("Gist", "https://gist.github.com/{}"),
            "jsfiddle": linked("JSFiddle", "https://jsfiddle.net/{}/")}
