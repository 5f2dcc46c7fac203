"""Embeds Chinese Hugo blogs add to their theme as shortcodes of their own → links.

A Stack or PaperMod fork (sulv's shortcodes, and the many copied from it) carries
`meting` (an APlayer of a NetEase song or playlist), `douban` (a card of a book or a
film, drawn by a script from douban's API), `codepen` (a pen in an iframe), `linkcard`
(a card of a link) and `dplayer` (a video player). None has a Lanting form, and each
was left in a comment: what the reader could follow was lost. Each becomes a link to
what it showed; one naming no address stays in a comment, with a warning.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context

_DOUBAN_HOSTS = {"movie": "movie", "film": "movie", "book": "book", "music": "music"}
"""A `douban` card's `type` → the douban host its subject pages are on."""

_URL = re.compile(r"^https?://|^//")

_MUSIC_PAGES = {
    "netease": {k: f"https://music.163.com/#/{k}?id={{}}" for k in ("song", "playlist",
                                                                   "album", "artist")},
    "tencent": {"song": "https://y.qq.com/n/ryqq/songDetail/{}",
                "playlist": "https://y.qq.com/n/ryqq/playlist/{}",
                "album": "https://y.qq.com/n/ryqq/albumDetail/{}",
                "artist": "https://y.qq.com/n/ryqq/singer/{}"}}
"""The page of a song, playlist, album or singer on a MetingJS server (APlayer's
`server`, `type`, `id`): NetEase's, and QQ Music's (`tencent`), whose ids are the same
in their pages' addresses."""


def music_page(server: str, kind: str, ident: str) -> str:
    """The address of what an APlayer played, or "" for a server whose pages its ids do
    not name (Kugou's hashes)."""
    pattern = _MUSIC_PAGES.get(server.lower(), {}).get(kind.lower())
    return pattern.format(ident) if pattern and ident else ""


def _text(text: str) -> str:
    """Text for inside a link's brackets."""
    return re.sub(r"([\[\]\\])", r"\\\1", " ".join(text.split()))


def _absolute(url: str) -> str:
    """sulv's `douban src="movie.douban.com/subject/1/"` (its docs say to leave the
    scheme off) and a protocol-relative `//` address: with `https:`."""
    return url if url.startswith("http") else "https:" + url if url.startswith("//") \
        else "https://" + url


def embed_handlers(ctx: Context) -> dict[str, Any]:
    def meting(args: str, written: str) -> str:
        # `meting server="netease" type="song" id="…"` (MetingJS's attributes), or the
        # song's page, `meting "https://music.163.com/#/song?id=…"`
        words, named = B.arguments(args)
        server, kind, ident = (named.get(k, "") for k in ("server", "type", "id"))
        url = named.get("url") or (words[0] if words and _URL.match(words[0]) else "")
        url = url or music_page(server, kind, ident)
        if not url:
            return ctx.leave(written, f"music of `{server or '?'}` has no link to it")
        ctx.convert("music players as links")
        return B.block(f"[♪ {_text(named.get('name') or url)}]({url})")

    def douban(args: str, written: str) -> str:
        # sulv's `douban src="https://movie.douban.com/subject/…/"` (or the address
        # alone), a Stack fork's `douban type="movie" id="…"`
        words, named = B.arguments(args)
        url = named.get("src") or named.get("url") or (
            words[0] if words and not words[0].isdigit() else "")
        host = _DOUBAN_HOSTS.get(named.get("type", "").lower())
        ident = named.get("id") or (words[0] if words and words[0].isdigit() else "")
        if not url and host and ident.isdigit():
            url = f"https://{host}.douban.com/subject/{ident}/"
        if not url:
            return ctx.leave(written, "a douban card naming no book or film page "
                             "(`type=\"movie\"` or `\"book\"` with its `id`)")
        ctx.convert("douban cards as links")
        url = _absolute(url)
        title = named.get("title") or named.get("name")
        return B.block(f"[豆瓣：{_text(title)}]({url})" if title else f"<{url}>")

    def codepen(args: str, written: str) -> str:
        # `codepen id="…" user="…"` and its other spellings (`pen=`, `hash=`,
        # `slug_hash=`, the id alone)
        words, named = B.arguments(args)
        ident = next((named[k] for k in ("id", "pen", "hash", "slug_hash", "slug")
                      if named.get(k)), words[0] if words else "")
        user = named.get("user") or named.get("author_id") or ""
        if not ident or not user:
            return ctx.leave(written, "a pen without its id and user: its address is "
                             "https://codepen.io/USER/pen/ID")
        ctx.convert("embeds as links")
        title = named.get("title") or f"{user}/{ident}"
        return B.block(f"[CodePen: {_text(title)}](https://codepen.io/{user}/pen/{ident})")

    def link_card(args: str, written: str) -> str:
        # `linkcard href="…" title="…" desc="…" cover="…"`: the card's link and text
        words, named = B.arguments(args)
        url = named.get("href") or named.get("url") or named.get("link") or (
            words[0] if words else "")
        if not url:
            return ctx.leave(written, "a link card without its address")
        ctx.convert("link cards as links")
        title = named.get("title") or named.get("name") or url
        desc = named.get("desc") or named.get("description") or ""
        shown = "" if not desc or desc.strip("/") in url else f" — {_text(desc)}"
        return B.block(f"[{_text(title)}]({url}){shown}")

    def dplayer(args: str, written: str) -> str:
        # `dplayer url="…"`: the video's file
        words, named = B.arguments(args)
        url = named.get("url") or named.get("src") or (words[0] if words else "")
        if not url:
            return ctx.leave(written, "a video player without its file")
        ctx.convert("embeds as links")
        return B.block(f"[▶ {_text(url.rsplit('/', 1)[-1] or url)}]({url})")

    return {"meting": meting, "douban": douban, "codepen": codepen, "linkcard": link_card,
            "dplayer": dplayer}
