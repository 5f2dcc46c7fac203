"""Plugin: the embeds of note apps, on a line of their own, read as their users mean them.

Each was printed as text, with a warning about Liquid it is not (or, with a link inside,
`{{embed [[Page]]}}`, without a word):
- HackMD's and CodiMD's `{%youtube id %}`, and Logseq's `{{video URL}}` (`{{youtube …}}`)
  of a YouTube or Bilibili video, are Lanting's video (click to load);
- what Lanting cannot embed is a link to it with a warning: HackMD's `{%slideshare a/b %}`,
  `{%gist a/b %}`, `{%vimeo id %}`, `{%pdf url %}`; Logseq's `{{embed [[Page]]}}` (an
  embedded note), `{{tweet url}}`, `{{pdf url}}`, other videos;
- Logseq's `{{renderer :tocgen}}` (a table of contents: the theme's) is left out;
  `{{query …}}`, `{{cards}}`, SiYuan's embedded query `{{SELECT … FROM blocks …}}` and
  `{{embed ((block))}}` are left out with a warning: the app computed them;
- mdnice's (墨滴, for WeChat) sliding images, `<![一](a.png),![二](b.png)>`, are a
  `::: gallery` (`markdown/blocks.py`).
"""

from __future__ import annotations

import re
from typing import Any, cast

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from lanting.markdown.shortcodes import report

_HACKMD = re.compile(r"\{%[ \t]*(youtube|vimeo|gist|slideshare|speakerdeck|pdf|figma)"
                     r"[ \t]+([\w./:?=&%~+#-]+)[ \t]*%\}")
_HACKMD_URLS = {"vimeo": "https://vimeo.com/{}", "gist": "https://gist.github.com/{}",
                "slideshare": "https://www.slideshare.net/{}",
                "speakerdeck": "https://speakerdeck.com/{}", "pdf": "{}", "figma": "{}"}
"""Where what HackMD embeds lives."""
_MACRO = re.compile(r"\{\{(embed|video|youtube|bilibili|tweet|twitter|pdf|query|renderer"
                    r"|select|cards)\b[ \t]*(.*?)[ \t]*\}\}", re.IGNORECASE)
"""Logseq's macros (`{{embed [[Page]]}}`) and SiYuan's embedded query (`{{SELECT …}}`)."""
_YOUTUBE = re.compile(r"https?://(?:www\.|m\.)?(?:youtube\.com/watch\?(?:[^#\s]*&)?v=|youtu\.be/)"
                      r"([0-9A-Za-z_-]{11})")
_BILIBILI = re.compile(r"https?://(?:www\.|m\.)?bilibili\.com/video/(BV[0-9A-Za-z]{10})")
_URL = re.compile(r"https?://[^\s<>()]+|[\w./-]+\.pdf")
EMBED_HINT = ("Lanting embeds only `{{< video youtube=\"…\" >}}` and "
              "`{{< video bilibili=\"…\" >}}`: keep the link, or paste what it showed")
NOTE_HINT = "copy the text in, or link to the note as `[[…]]`"
QUERY_HINT = ("the notes app computed this from your notes, which Lanting cannot do: paste "
              "its result, or remove the line")


def _warn(state: StateBlock, start: int, message: str, hint: str) -> None:
    ctx = state.env.get("lanting")
    report(cast(dict[str, Any], state.env), (ctx.body_line if ctx else 1) + start, message,
           hint, severity="warning")


def _video(state: StateBlock, start: int, site: str, video: str) -> None:
    token = state.push("shortcode_block", "", 0)
    token.info, token.content = "video", f'{site}="{video}"'
    token.map = [start, start + 1]


def _paragraph(state: StateBlock, start: int, content: str) -> None:
    """A paragraph of `content`, parsed with the page's other inline text."""
    state.push("paragraph_open", "p", 1).map = [start, start + 1]
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = content, [start, start + 1], []
    state.push("paragraph_close", "p", -1)


def _link(state: StateBlock, start: int, written: str, shown: str, url: str) -> None:
    _paragraph(state, start, f"[{shown}](<{url}>)")
    _warn(state, start, f"`{written}` embeds what Lanting cannot: shown as a link to it",
          EMBED_HINT)


def _hackmd(state: StateBlock, start: int, match: re.Match[str]) -> None:
    kind, what = match.groups()
    if kind == "youtube":
        _video(state, start, "youtube", what)
    else:
        _link(state, start, match.group(), f"{kind}: {what}", _HACKMD_URLS[kind].format(what))


def _macro(state: StateBlock, start: int, match: re.Match[str]) -> None:
    name, argument, written = match.group(1).lower(), match.group(2), match.group()
    if name in ("video", "youtube", "bilibili") and (
            video := _YOUTUBE.match(argument) or _BILIBILI.match(argument)):
        _video(state, start, "youtube" if video.re is _YOUTUBE else "bilibili", video.group(1))
    elif name == "embed" and argument.startswith("[["):
        _paragraph(state, start, argument)
        _warn(state, start, f"`{written}` embeds a note, which Lanting cannot do: shown as "
              "a link to it", NOTE_HINT)
    elif name == "embed":
        _warn(state, start, f"`{written}` embeds a block of another note, which Lanting "
              "cannot show: left out", NOTE_HINT)
    elif name in ("query", "select", "cards"):  # (`{{cards}}`: Logseq's flash cards)
        _warn(state, start, f"`{written[:60]}` is a query of the notes app: left out",
              QUERY_HINT)
    elif name == "renderer" and argument.startswith(":toc"):
        pass  # a table of contents: the theme shows the page's
    elif name != "renderer" and (url := _URL.search(argument)):
        _link(state, start, written, url.group(), url.group())
    else:
        _warn(state, start, f"`{written[:60]}` is a macro of the notes app: left out",
              QUERY_HINT)


_IMAGE = r"!\[[^\]\n]*\]\([^()\s]+(?:[ \t]+\"[^\"\n]*\")?\)"
_SLIDER = re.compile(rf"<({_IMAGE}(?:[ \t]*,[ \t]*{_IMAGE})*)>")
"""mdnice's (墨滴) sliding images for WeChat, `<![一](a.png),![二](b.png)>`."""
_BETWEEN = re.compile(rf"(?<=\))[ \t]*,[ \t]*(?={_IMAGE})")


def _slider(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """mdnice's sliding images: a `::: gallery` of them (its `<`, `,` and `>` were shown
    around the images)."""
    begin = state.bMarks[start] + state.tShift[start]
    if state.src[begin:begin + 3] != "<![" or state.sCount[start] - state.blkIndent >= 4:
        return False
    match = _SLIDER.fullmatch(state.src[begin:state.eMarks[start]].rstrip())
    if match is None:
        return False
    if not silent:
        opening = state.push("container_gallery_open", "div", 1)
        opening.markup, opening.info, opening.map = ":::", "gallery", [start, start + 1]
        _paragraph(state, start, _BETWEEN.sub("\n", match.group(1)))
        state.push("container_gallery_close", "div", -1).markup = ":::"
    state.line = start + 1
    return True


def _embed(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A line that is only `{%…%}` or `{{name …}}`."""
    begin = state.bMarks[start] + state.tShift[start]
    opener = state.src[begin:begin + 2]
    if opener not in ("{%", "{{") or state.sCount[start] - state.blkIndent >= 4:
        return False
    line = state.src[begin:state.eMarks[start]].rstrip()
    match = (_HACKMD if opener == "{%" else _MACRO).fullmatch(line)
    if match is None:
        return False
    if not silent:
        (_hackmd if opener == "{%" else _macro)(state, start, match)
    state.line = start + 1
    return True


def embeds_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("paragraph", "app_embeds", _embed,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
    md.block.ruler.before("paragraph", "mdnice_slider", _slider,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})
