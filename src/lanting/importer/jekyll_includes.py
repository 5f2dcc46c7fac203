"""Liquid `{% include %}` tags of posts and pages: the themes' figure, video and table
of contents includes as Lanting's own; a site's own include read from its file in
`_includes/` — one that only loads MathJax or KaTeX (`{% include katex.html %}` at the
top of a math post) is removed, one embedding a player whose video id is a parameter
(`{% include youtubePlayer.html id="…" %}`, a snippet copied into many blogs) is a
video, one that only defines macros in a formula (`{% include latex-commands.html %}`,
a `$$ \\newcommand… $$` MathJax read on the page) is that formula; the lab-website
template's `{% include list.html data="citations" %}` (or `members`, `posts`) a link to
the list Lanting makes; minimal-mistakes' `{% include gallery %}` the images of the page's
front matter list, as Lanting's gallery. Any other is left in a comment and reported."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from lanting.importer import body as B
from lanting.importer.common import is_image, read_text
from lanting.importer.figure_labels import numbered_caption
from lanting.importer.jekyll_data_cite import data_entry_include
from lanting.importer.jekyll_data_gallery import data_gallery, folder_gallery
from lanting.importer.jekyll_lab import lab_include
from lanting.importer.jekyll_link_includes import link_include
from lanting.importer.jekyll_term_lists import term_list_include
from lanting.importer.liquid import Context, string_argument

_HIDDEN = re.compile(
    r"<(script|style)\b.*?</\1\s*>|<!--.*?-->|<link\b[^>]*>|<meta\b[^>]*>"
    r"|\{%-?.*?-?%\}|\{\{-?.*?-?\}\}", re.DOTALL | re.IGNORECASE)
"""What an include holds that shows nothing on the page: scripts, styles, comments,
links to style sheets, Liquid."""
_MATH_SCRIPT = re.compile(r"mathjax|katex", re.IGNORECASE)
_COMMENT_SERVICE = re.compile(r"disqus|gitalk|giscus|utteranc|valine|waline|livere|twikoo"
                              r"|changyan|duoshuo", re.IGNORECASE)
_COMMENTS = re.compile(r"(?:[\w-]+/)?(?:comments?|disqus|gitalk|giscus|utterances)"
                       r"(?:[_-]\w+)?(?:\.html)?")
"""The name of an include showing the page's comments (`comments.html`, a theme's own)."""
_PLAYER = re.compile(
    r"""<iframe\b[^>]*?\bsrc=["']?(?:https?:)?//(?:www\.)?"""
    r"""(?:(?P<youtube>youtube(?:-nocookie)?\.com/embed/(?P<series>videoseries\?list=)?)"""
    r"""|(?P<bilibili>player\.bilibili\.com/player\.html\?(?:[^"'>]*?&(?:amp;)?)?bvid=))"""
    r"""\{\{-?\s*include\.(?P<parameter>\w+)\s*-?\}\}""", re.IGNORECASE)
_VIDEO_ID = {"youtube": re.compile(r"[0-9A-Za-z_-]{11}"),
             "bilibili": re.compile(r"BV[0-9A-Za-z]{10}")}
"""The ids Lanting's `{{< video >}}` takes: another value (a Liquid variable) is no id."""
_LIST_PARAMETER = re.compile(r"""[?&](?:amp;)?list=\{\{-?\s*include\.(\w+)\s*-?\}\}""")
"""`?list={{ include.list }}` in a YouTube player's address: the include's parameter that
names a playlist the video plays in."""
_YOUTUBE_VALUE = re.compile(r"(?P<id>[0-9A-Za-z_-]{11}|videoseries)(?:\?(?P<query>.*))?",
                            re.DOTALL)
_PLAYLIST = re.compile(r"[0-9A-Za-z_-]{2,64}")


_THEME_PARTS = {
    "intro-header.html": "the theme's header of the page (its picture and title), which "
                         "Lanting's page draws itself",
    "multilingual-sel.html": "a menu switching between the page's languages: each "
                             "language's text is kept, one after the other"}
"""The Hux blog's includes (in its many forks) that draw the theme around a page's text:
`intro-header.html` (its `offline.html` holds nothing else) and the language menu of
its `multilingual: true` pages."""


_BOXES = {"alert": "warning", "info": "note", "note": "note", "tip": "tip",
          "important": "important", "warning": "warning"}
"""Includes that draw their `text=` (or `content=`) in a coloured box: fastpages'
`alert.html` and `info.html`, the documentation theme's `note.html`, `warning.html`."""


@dataclass(frozen=True, slots=True)
class SiteInclude:
    """What `_includes/<name>` of the site does."""

    loads_math: bool
    """It only loads MathJax or KaTeX (Lanting renders the math at build time)."""
    player: tuple[str, str] | None
    """`("youtube", "id")`: it embeds a player of that site, the video id being the
    include's parameter `id` (a YouTube playlist's id, `videoseries?list=`, when
    `playlist` is that same parameter)."""
    macros: str = ""
    """Its formulas, when all it shows is formulas that define macros (`\\newcommand`,
    `\\def`, `\\DeclareMathOperator`), as one display formula of the page."""
    comments: bool = False
    """It shows a comment service's thread (Disqus, Gitalk, LiveRe, Valine, …)."""
    playlist: str = ""
    """The parameter naming the YouTube playlist its player plays (`list=`), if any."""
    silent: bool = False
    """It prints nothing: it only sets variables (Jekyll-Bootstrap's `JB/setup`, every
    captured, then thrown away)."""


def site_include(source: Path, name: str) -> SiteInclude | None:
    """What the site's include `name` does, or None when the site has no such file
    (an include of the theme's gem) or it is none of the kinds read here."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    text = read_text(path)
    player = _PLAYER.search(text)
    if player is not None:
        site = "youtube" if player.group("youtube") else "bilibili"
        listed = _LIST_PARAMETER.search(text) if site == "youtube" else None
        playlist = player.group("parameter") if player.group("series") else (
            listed.group(1) if listed else "")
        return SiteInclude(False, (site, player.group("parameter")), playlist=playlist)
    if _MATH_SCRIPT.search(text) and not _HIDDEN.sub("", text).strip():
        return SiteInclude(True, None)
    if _COMMENT_SERVICE.search(text):
        return SiteInclude(False, None, comments=True)
    if not _prints(text):
        return SiteInclude(False, None, silent=True)
    shown = _HIDDEN.sub("", text)
    formulas = [next(g for g in m.groups() if g is not None)
                for m in _FORMULA.finditer(shown)]
    if formulas and all(map(_DEFINES.search, formulas)) \
            and not _TAG.sub("", _FORMULA.sub("", shown)).strip():
        return SiteInclude(False, None, "\n".join(f.strip("\n") for f in formulas))
    return None


def _prints(text: str) -> str:
    """What a Liquid file prints, roughly: its text without captures (innermost first),
    comments, assignments and conditions (what a branch prints stays)."""
    count = 1
    while count:
        text, count = _CAPTURE.subn("", text)
    return _SETTING.sub("", text).strip()


_CAPTURE = re.compile(r"\{%-?\s*(capture|comment)\b(?:(?!\{%-?\s*\1\b).)*?"
                      r"\{%-?\s*end\1\s*-?%\}", re.DOTALL)
_SETTING = re.compile(
    r"<!--.*?-->"
    r"|\{%-?\s*(?:assign|if|elsif|else|endif|unless|endunless|case|when|endcase)\b.*?%\}",
    re.DOTALL)
_FORMULA = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|\\\((.+?)\\\)", re.DOTALL)
_DEFINES = re.compile(r"\\(?:(?:new|renew|provide)command|g?def|DeclareMathOperator)"
                      r"(?![A-Za-z])")
_TAG = re.compile(r"<[^>]*>")
"""A tag around the formulas (`<div style="display:none">`, which hides them)."""


def video_id(site: str, value: str | None) -> str | None:
    """`value` when it is an id of a video of `site`, else None."""
    return value if value and _VIDEO_ID[site].fullmatch(value) else None


def youtube_video(value: str | None, playlist: str | None = None) -> str | None:
    """Lanting's `{{< video >}}` of what a YouTube player's address had after `embed/`:
    an id, with the query of the share box's address too (`s4pvr3dA9nM?start=205&end=250`,
    `…?list=PL…`), or `videoseries?list=PL…` (a playlist); `playlist` is a playlist the
    include names apart (`list="PL…"`). The list was dropped, leaving one video, or the
    whole include was, when the id had a query. None when `value` is no such address."""
    found = _YOUTUBE_VALUE.fullmatch((value or "").strip())
    if found is None:
        return None
    query = parse_qs(html.unescape(found.group("query") or ""))
    playlist = (playlist or "").strip() or query.get("list", [""])[0]
    video = "" if found.group("id") == "videoseries" else found.group("id")
    start = (query.get("start") or query.get("t") or [""])[0].removesuffix("s")
    if playlist and not _PLAYLIST.fullmatch(playlist) or not (video or playlist):
        return None
    options = (f'youtube="{video}"' if video else "", f'list="{playlist}"' if playlist else "",
               f"start={start}" if start.isdigit() else "")
    return B.block("{{< video " + " ".join(o for o in options if o) + " >}}")


def gallery(front: dict[str, Any], args: str, ctx: Context) -> str | None:
    """minimal-mistakes' `{% include gallery id="shots" caption="…" %}`: the images of
    the page's front matter list `shots` (`gallery` without an `id`), each thumbnail
    (`image_path`) linking its full image (`url`), as Lanting's `::: gallery` of the full
    images, the caption (Markdown) under it; None when the page lists none."""
    _words, named = B.arguments(args)
    items = front.get(string_argument(named.get("id") or "") or "gallery")
    lines = []
    for entry in items if isinstance(items, list) else []:
        if not isinstance(entry, dict):
            continue
        url, thumbnail = str(entry.get("url") or ""), str(entry.get("image_path") or "")
        src = url if url and is_image(Path(url)) else thumbnail or url
        if not src:
            continue
        src = src if src.startswith(("/", "http")) else "/" + src
        alt = B.plain_inline(str(entry.get("alt") or entry.get("title") or ""))
        title = str(entry.get("title") or "").replace('"', "'")
        lines.append(f"![{alt}]({src}" + (f' "{title}"' if title else "") + ")")
    if not lines:
        return None
    ctx.convert("galleries (minimal-mistakes' `{% include gallery %}`)")
    caption = string_argument(named.get("caption") or "").strip()
    return B.block("::: gallery\n" + "\n".join(lines) + "\n:::"
                   + (f"\n\n{caption}" if caption else ""))


_FIGURE_IMAGE = re.compile(r"\A\s*\[?!\[(?P<alt>[^\]\n]*)\]\((?P<src>[^)\s]+)"
                           r"(?:[ \t]+\"[^\"\n]*\")?\)(?:\]\([^)\n]*\))?\s*\Z")


def figure_block(args: str, inner: str, ctx: Context) -> str:
    """jekyll-figure's `{% figure caption:"…" class:"…" %}…{% endfigure %}`: its content
    in a `<figure>` over the caption (Markdown). One image in it is Lanting's figure,
    the caption its title; other content stays, the caption under it in italics."""
    found = re.search(r"""\bcaption:\s*(?:"([^"]*)"|'([^']*)')""", args)
    caption = " ".join((found.group(1) or found.group(2) or "").split()) if found else ""
    image = _FIGURE_IMAGE.match(inner)
    ctx.convert("jekyll-figure's `{% figure %}` blocks")
    if image is not None:
        caption = numbered_caption(caption, found.group() if found else args, ctx)
        return B.figure(image.group("src"), caption, image.group("alt"))
    return B.block(inner.strip("\n") + (f"\n\n*{caption}*" if caption else ""))


_EMBED_LINKS = {
    "ted": ("▶ TED", "https://www.ted.com/talks/{id}"),
    "soundcloud": ("▶ SoundCloud", "https://w.soundcloud.com/player/?url="
                   "https://api.soundcloud.com/tracks/{id}"),
    "netease-cloud-music": ("▶ NetEase Cloud Music", "https://music.163.com/#/song?id={id}"),
    "slideshare": ("SlideShare", "https://www.slideshare.net/slideshow/embed_code/{id}"),
    "bilibili": ("▶ Bilibili av{id}", "https://www.bilibili.com/video/av{id}"),
}
"""TeXt's players Lanting has none of, as links to what they played (its `bilibili.html`
takes an old `av` number, `aid=`, which Lanting's player does not)."""


def text_extension(kind: str, named: dict[str, str], ctx: Context) -> str | None:
    """TeXt's `{% include extensions/youtube.html id='…' %}` (and `bilibili`, `ted`,
    `soundcloud`, `netease-cloud-music`, `slideshare`, `codepen`): Lanting's player for a
    YouTube video or a Bilibili `BV…` id, else a link to what it played; None for another
    include, or one without its `id`."""
    video = (named.get("id") or named.get("bv") or named.get("av") or "").strip()  # (a
    # copy of the include may take `av=` and `bv=`)
    made = youtube_video(video) if kind == "youtube" else None
    if made is not None or kind == "bilibili" and video_id(kind, video):
        ctx.convert("video includes")
        return made or B.block(f'{{{{< video {kind}="{video}" >}}}}')
    if kind == "codepen" and named.get("user") and named.get("hash"):
        ctx.convert("TeXt's embeds as links")
        return B.block(f"[CodePen](https://codepen.io/{named['user']}/pen/{named['hash']})")
    if kind not in _EMBED_LINKS or not re.fullmatch(r"[\w-]+", video) or (
            kind == "bilibili" and not video.isdigit()):
        return None
    label, url = _EMBED_LINKS[kind]
    ctx.convert("TeXt's embeds as links")
    return B.block(f"[{label.format(id=video)}]({url.format(id=video)})")


_CAPTION_FORMULA = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]|\\(\|)")


def caption_math(caption: str) -> str:
    r"""A figure include's caption, which the theme's `markdownify` gave kramdown and the
    page MathJax: its `\\(x\\)` (read here as `\(x\)`, the argument's quotes undone)
    reached MathJax as `\(x\)`, a formula, `$x$` in Lanting's caption; kramdown's `\|`
    a bar. (Left as they were, the formula's delimiters were taken for escaped
    parentheses, and the caption showed `((\rho,\,\chi))`.)"""
    if "\\" not in caption:
        return caption

    def formula(match: re.Match[str]) -> str:
        if match.group(3):
            return "|"
        # (a backslash before punctuation doubled: the image's title is unescaped once)
        tex = _PUNCTUATION_ESCAPE.sub(r"\\\\\1", (match.group(1) or match.group(2)).strip())
        return "$" + tex + "$"

    return _CAPTION_FORMULA.sub(formula, caption)


_PUNCTUATION_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def include_tag(source: Path, args: str, written: str, ctx: Context) -> str:
    """`{% include name key="value" %}` of a post or page: the includes of the themes
    that show a figure, a video or a table of contents as Lanting's own, a site's own
    that loads the math or embeds a player; any other left in a comment, reported."""
    words, named = B.arguments(args)
    name = words[0] if words else ""
    src = (named.get("path") or named.get("file") or named.get("src") or named.get("url")
           or named.get("image_path")  # (minimal-mistakes' figure include)
           or named.get("image"))  # (a lab-website template's `figure.html image=…`)
    if name == "base_path":  # academicpages: sets `base_path` (site.url + baseurl)
        ctx.convert("Liquid site URLs")
        return ""
    if name in _THEME_PARTS:
        ctx.note(written, f"`{{% include {name} %}}` removed: {_THEME_PARTS[name]}")
        ctx.convert("includes of the theme's header and language menu removed")
        return ""
    if name in ("toc", "toc.html"):  # minimal-mistakes: the post's table of contents
        ctx.note(written, "`{% include toc %}` removed: Lanting gives a long post its "
                 "table of contents itself")
        return ""
    text_theme = re.fullmatch(r"extensions/([\w-]+)\.html", name)
    if text_theme and (made := text_extension(text_theme.group(1), named, ctx)):
        return made
    video = named.get("id") if named.get("provider") in ("youtube", "bilibili") else None
    embed = re.fullmatch(r"embed/(youtube|bilibili|twitch)\.html", name)
    if embed and named.get("id"):  # Chirpy's `embed/bilibili.html id='BV…'`
        ctx.convert("video includes")
        if embed.group(1) == "youtube" and (made := youtube_video(named["id"])):
            return made
        if embed.group(1) == "twitch":
            return B.block(f"[▶ Twitch](https://www.twitch.tv/videos/{named['id']})")
        return B.block(f'{{{{< video {embed.group(1)}="{named["id"]}" >}}}}')
    if video and re.search(r"video", name):  # minimal-mistakes: id="…" provider="youtube"
        ctx.convert("video includes")
        return B.block(f'{{{{< video {named["provider"]}="{video}" >}}}}')
    if src and re.search(r"figure|image|img|picture", name):
        # (`description`: the image.html of Jekyll Now and the themes after it)
        caption = numbered_caption(B.plain_inline(caption_math(
            named.get("caption") or named.get("description") or named.get("title") or "")),
            written, ctx)
        # (a title holds no Markdown)
        alt = named.get("alt") or caption
        ctx.convert("figure includes")
        src = src if src.startswith(("/", "http")) else "/" + src
        return B.figure(src, caption, alt)
    if src and re.search(r"video|audio", name):
        ctx.convert("embeds as links")
        url = src if src.startswith(("/", "http")) else "/" + src
        return B.block(f"[{src.rsplit('/', 1)[-1]}]({url})")
    box = _BOXES.get(name.removesuffix(".html"))
    text = named.get("text") or named.get("content")
    if box and text:  # (fastpages', and the documentation theme's, boxes)
        ctx.convert("box includes (`alert.html`, `note.html`) as callouts")
        return B.block(f"::: {box}\n{text.strip()}\n:::")
    lab = lab_include(source, name, named, ctx, written)
    if lab is not None:
        return lab
    entry = data_entry_include(source, name, named)
    if entry is not None:
        ctx.convert("includes printing an entry of a data file (`citation.html key=…`)")
        return entry
    listed = term_list_include(source, name, named)
    if listed is not None:
        ctx.convert("a site's includes listing the posts of a tag (`tag=…`) as links to "
                    "its page")
        return listed
    linked = link_include(source, name, named)
    if linked is not None:
        ctx.convert("a site's includes printing a link (`doc.html name=… path=…`)")
        return linked
    own = site_include(source, name)
    drawn = (data_gallery(source, name) or folder_gallery(source, name, named)) \
        if own is None else None
    if drawn is not None:
        ctx.convert("galleries a site's include drew from a data file or a folder")
        return drawn
    if own is not None and own.loads_math:
        ctx.note(written, f"`{name}` removed: it loaded MathJax or KaTeX, and Lanting "
                 "renders the math when it builds")
        ctx.convert("includes loading MathJax or KaTeX removed")
        return ""
    if own is not None and own.comments or own is None and _COMMENTS.fullmatch(name):
        ctx.note(written, f"`{name}` removed: it showed the page's comments (Lanting's are "
                 "giscus', `[comments]` in lanting.toml)")
        ctx.convert("comment includes removed")
        return ""
    if own is not None and own.silent:  # (nothing of the page is lost)
        ctx.convert("includes that print nothing (`JB/setup`) removed")
        return ""
    if own is not None and own.macros:
        ctx.convert("includes defining macros (a formula of the page)")
        return B.block("$$\n" + own.macros + "\n$$")
    if own is not None and own.player is not None:
        site, parameter = own.player
        series = own.playlist == parameter
        made = youtube_video("videoseries" if series else named.get(parameter),
                             named.get(own.playlist)) if site == "youtube" else None
        video = video_id(site, named.get(parameter))
        if made is not None or video is not None:  # (the snippet's `<iframe
            # src=".../embed/{{ include.id }}">`)
            ctx.convert("video includes")
            return made or B.block(f'{{{{< video {site}="{video}" >}}}}')
    return ctx.leave(written, f"`{name}` is an include of the theme or site")
