"""Plugin: `{{< video bilibili="BV1…" >}}` and `{{< video youtube="…" >}}`, click to load.

The page holds a link to the video's own page with a poster from the site (`poster=`, a
file beside the post or in `static/`) or a plain panel: nothing is requested from
Bilibili or YouTube before the reader clicks. With JavaScript (`reader.js`) the click
swaps in the player (`data-embed`); without it the link opens the video where it lives.

Options: `poster`, `title` (the caption and the player's accessible name), `start`
(seconds), `page` (a Bilibili multi-part video's part), `list` (a YouTube playlist: the
video plays in it, or without `youtube=` the playlist plays from its first video).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from lanting.markdown.links import PLACEHOLDER, content_target, rebase
from lanting.markdown.shortcodes import report, shortcode

_IDS = {"bilibili": re.compile(r"BV[0-9A-Za-z]{10}"),
        "youtube": re.compile(r"[0-9A-Za-z_-]{11}")}
_ID_HINT = {"bilibili": 'the BV id from the video\'s address: bilibili="BV1GJ411x7h7"',
            "youtube": 'the 11-character id after watch?v=: youtube="dQw4w9WgXcQ"'}
_NAMES = {"bilibili": {"zh": "哔哩哔哩", "en": "Bilibili"},
          "youtube": {"zh": "YouTube", "en": "YouTube"}}
_PLAY = {"zh": "在{}播放", "en": "Play on {}"}
"""`{}` is the site's name: 哔哩哔哩 follows 在 directly, a Latin name gets spaces."""
_OPTIONS = frozenset({"bilibili", "youtube", "list", "poster", "title", "start", "page"})
_OPTIONS_HINT = "options: bilibili or youtube, list, poster, title, start, page"
_PLAYLIST = re.compile(r"[0-9A-Za-z_-]{2,64}")
"""A YouTube playlist's id, the `list=` of its address (`PL…`, `UU…`, `OLAK5uy_…`)."""
_LIST_HINT = 'the id after list= in the playlist\'s address: list="PL9hF3Zq7x2LkD0sYbCq"'


def _urls(site: str, video: str, start: int, part: int, playlist: str = ""
          ) -> tuple[str, str]:
    """(the video's own page, the player to embed); a YouTube `playlist` without a
    `video` is the playlist's page and YouTube's player of it (`videoseries`)."""
    if site == "bilibili":
        page = f"https://www.bilibili.com/video/{video}/"
        query = "&".join(x for x in (f"p={part}" if part > 1 else "",
                                     f"t={start}" if start else "") if x)
        embed = (f"https://player.bilibili.com/player.html?bvid={video}&page={part}"
                 f"&autoplay=1&high_quality=1" + (f"&t={start}" if start else ""))
        return page + (f"?{query}" if query else ""), embed
    listed = f"&list={playlist}" if playlist else ""
    page = (f"https://www.youtube.com/watch?v={video}{listed}" + (f"&t={start}s" if start else "")
            if video else f"https://www.youtube.com/playlist?list={playlist}")
    embed = f"https://www.youtube-nocookie.com/embed/{video or 'videoseries'}?autoplay=1" + (
        listed + (f"&start={start}" if start else ""))
    return page, embed


def _number(args: dict[str, str], name: str, env: dict[str, Any], line: int,
            least: int) -> int | None:
    value = args.get(name, str(least))
    if value.isdigit() and int(value) >= least:
        return int(value)
    report(env, line, f"video: `{name}={value}` is not a whole number",
           f"write {name}=30" if name == "start" else f"write {name}=2")
    return None


def _poster(url: str, env: dict[str, Any], line: int) -> str:
    """The poster's URL as links are written: a file of the site becomes a placeholder
    that the link stage resolves and the checker checks."""
    ctx = env["lanting"]
    records = env.setdefault("links", [])
    target = content_target(url, ctx.rel)
    records.append((url, line, None, target, True, False))
    return f"{PLACEHOLDER}{len(records) - 1}" if target is not None else rebase(
        url, ctx.base_path)


@shortcode("video")
def video_shortcode(args: dict[str, str], env: dict[str, Any], line: int) -> str:
    playlist = args.get("list", "").strip()
    sites = [name for name in _IDS if name in args] or (["youtube"] if "list" in args else [])
    unknown = sorted(set(args) - _OPTIONS)
    if unknown:
        report(env, line, f"video: unknown option `{unknown[0]}`", _OPTIONS_HINT)
        return ""
    if len(sites) != 1:
        report(env, line, "video needs one of bilibili=\"BV…\" or youtube=\"…\"",
               _ID_HINT["bilibili"])
        return ""
    if "list" in args and (sites != ["youtube"] or not _PLAYLIST.fullmatch(playlist)):
        report(env, line, f"video: `list={playlist}` is not a YouTube playlist id",
               _LIST_HINT)
        return ""
    site, video = sites[0], args.get(sites[0], "").strip()
    if (video or not playlist) and not _IDS[site].fullmatch(video):
        report(env, line, f"video: `{video}` is not a {_NAMES[site]['en']} video id",
               _ID_HINT[site])
        return ""
    start, part = _number(args, "start", env, line, 0), _number(args, "page", env, line, 1)
    if start is None or part is None:
        return ""
    ctx = env.get("lanting")
    lang = "zh" if ctx is None or ctx.lang.lower().startswith("zh") else "en"
    page, embed = _urls(site, video, start, part, playlist)
    title = args.get("title", "").strip()
    name = _NAMES[site][lang]
    play = _PLAY[lang].format(name if lang == "en" or not name.isascii() else f" {name} ")
    poster = args.get("poster", "").strip()
    picture = (f'<img class="video-poster" src="{escape(_poster(poster, env, line))}" '
               f'alt="" loading="lazy" decoding="async">' if poster and ctx is not None
               else '<span class="video-poster video-poster-none"></span>')
    caption = f"<figcaption>{escape(title)}</figcaption>" if title else ""
    return (f'<figure class="video video-{site}">'
            f'<a class="video-load" href="{escape(page)}" data-embed="{escape(embed)}" '
            f'data-title="{escape(title or play)}">{picture}'
            f'<span class="video-play"><span class="video-play-icon" aria-hidden="true">'
            f"▶</span> {escape(play)}</span></a>{caption}</figure>\n")
