"""Octopress's tags in a Jekyll site. Octopress 2 is Jekyll with plugins of its own (its
`plugins/` folder, `plugins: plugins` in `_config.yml`), and its posts use them:
`{% codeblock %}`, fences titled ```` ``` python train.py [url [link text]] ````,
`{% blockquote %}`, `{% pullquote %}`, `{% include_code %}`, `{% img %}`, `{% video %}`
and `{% jsfiddle %}`. Left in comments, a post lost its code, quotes and images; a
fence's title was dropped without a word."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.hexo_code import code_file, codeblock, included_code
from lanting.importer.hexo_embeds import embed_tags
from lanting.importer.liquid import Context, blocks
from lanting.importer.shelf import FenceHandler, Shelf, fence

_PLUGIN_FOLDERS = ("plugins", "_plugins")


def titles_fences(root: Path, source: Path, config: dict[str, Any]) -> bool:
    """Whether the site runs Octopress's `backtick_code_block.rb` (in its plugins folder:
    `plugins:` of `_config.yml`, or `plugins/`, `_plugins/` at the root or in the source
    folder); without it a fence's words after its language are not Octopress's."""
    named = config.get("plugins_dir") or config.get("plugins")
    folders = [str(named)] if isinstance(named, str) else []
    places = [base / name for base in (root, source) for name in (*folders, *_PLUGIN_FOLDERS)]
    return any((place / "backtick_code_block.rb").is_file() for place in places)


_TITLE_AND_LINK = re.compile(r"(\S+)\s+(.+?)\s+(https?://\S+|/\S+)\s*(.+)?")
"""Octopress's ```` ``` lang title url [link text] ```` (its `AllOptions`)."""


def titled_fence(ctx: Context) -> FenceHandler:
    """The fences of a post as Octopress showed them: ```` ``` python train.py ```` the
    code in `python` under the title `train.py`; with a URL after the title, a link
    under the code (its text the words after the URL, else "link"). `plain` is no
    language."""

    def one(info: str, code: str, indent: str) -> str:
        words = info.split(None, 1)
        if len(words) < 2 or "=" in info or "{" in info:  # (or Lanting's options)
            return fence(info, code, None, indent)
        found = _TITLE_AND_LINK.fullmatch(info)
        lang = words[0] if words[0] != "plain" else "text"
        title = found.group(2) if found else words[1]
        made = fence(lang, code, {"title": title.strip()}, indent)
        if found:
            made += f"\n\n{indent}[{(found.group(4) or 'link').strip()}]({found.group(3)})"
        ctx.convert("Octopress's code blocks' titles")
        return made

    return one


_BLOCKQUOTE_SOURCES = (
    re.compile(r"(?P<by>\S.*)\s+(?P<url>https?://\S+)\s+(?P<title>.+)"),
    re.compile(r"(?P<by>\S.*)\s+(?P<url>https?://\S+)"),
    re.compile(r"(?P<by>[^,]+),(?P<title>[^,]+)"),
    re.compile(r"(?P<by>.+)"))
"""The arguments of Octopress's `{% blockquote %}`, as its plugin tried them in turn:
author, URL and the link's title; author and URL; author and title; author alone."""

_PULLQUOTE_MARK = re.compile(r'\{"\s*(.+?)\s*"\}', re.DOTALL)


def octopress_blocks(text: str, source: Path, config: dict[str, Any], ctx: Context,
                     shelf: Shelf) -> str:
    """Octopress's block tags and `include_code` (Liquid ran them inside code too, so
    this runs before the code is put aside, as `{% highlight %}` does)."""
    text = blocks(text, "codeblock", lambda a, inner, w: shelf.put(codeblock(
        a, inner, shelf)), ctx, "Octopress's codeblock tags")

    def quote(args: str, inner: str, written: str) -> str:
        body = B.relined(inner.strip("\n"), B.quoted, shelf)
        found = next((m for p in _BLOCKQUOTE_SOURCES if (m := p.fullmatch(args.strip()))),
                     None)
        if found is None:
            return B.block(body)
        parts = found.groupdict()
        title = (parts.get("title") or "").strip()
        cite = f"[{title or parts['url']}]({parts['url']})" if parts.get("url") \
            else f"*{title}*" if title else ""
        return B.block(body + f"\n>\n> — **{parts['by'].strip()}**"
                       + (f", {cite}" if cite else ""))

    text = blocks(text, "blockquote", quote, ctx, "Octopress's blockquote tags")

    def pullquote(args: str, inner: str, written: str) -> str:
        # (the words between `{"` and `"}` were shown twice: in the text, and large
        # beside it by the theme's style; the text keeps them once)
        if not _PULLQUOTE_MARK.search(inner):
            ctx.warn(written, "a pullquote without `{\" … \"}` around its quote: its "
                     "text kept")
        return B.block(_PULLQUOTE_MARK.sub(r"\1", inner).strip("\n"))

    text = blocks(text, "pullquote", pullquote, ctx, "Octopress's pullquotes as their text")
    code_dir = source / str(config.get("code_dir") or "downloads/code")
    return included_code(text, ctx, shelf, lambda tag, name: code_file(
        tag, name, source, code_dir))


_IMAGE = re.compile(r"(?P<classes>\S.*\s+)?(?P<src>(?:https?://|/|\S+/)\S+)"
                    r"(?:\s+(?P<width>\d+))?(?:\s+(?P<height>\d+))?(?P<title>\s+.+)?")
"""Octopress's `{% img [class names] /path/to/image [width [height]] [title [alt]] %}`
(its `image_tag.rb`)."""
_TITLE_ALT = re.compile(r"""["']([^"']+)?["']\s+["']([^"']+)?["']""")
_PLACES = frozenset({"left", "right", "center"})


def octopress_tags(ctx: Context) -> dict[str, Any]:
    """The handlers of Octopress's one-line tags, by name."""

    def image(args: str, written: str) -> str:
        found = _IMAGE.fullmatch(args.strip())
        if found is None:
            return ctx.leave(written, "no image in it")
        title = (found.group("title") or "").strip()
        pair = _TITLE_ALT.fullmatch(title)
        title, alt = (pair.group(1) or "", pair.group(2) or "") if pair \
            else (title.strip("\"'"), title.strip("\"'"))
        classes = (found.group("classes") or "").split()
        others = [c for c in classes if c not in _PLACES]
        if others:
            ctx.warn(written, "the image's class " + ", ".join(f"`{c}`" for c in others)
                     + " dropped (a Markdown image has none), the image kept")
        elif classes:
            ctx.note(written, f"the image's place (`{' '.join(classes)}`) dropped: Lanting "
                     "shows images in the column of the text")
        ctx.convert("Octopress's img tags as images")
        return B.figure(found.group("src"), title, alt,
                        B.size_block(found.group("width") or "", found.group("height") or ""))

    def video(args: str, written: str) -> str:
        # `{% video url [width height] [poster] %}`: a video of the site or the web
        words = args.split()
        url = next((w for w in words if re.search(r"\.(mp4|webm|ogv|mov)(\?|$)", w)), "")
        if not url:
            return ctx.leave(written, "no video file in it")
        ctx.convert("Octopress's video tags")
        poster = next((w for w in words if re.search(r"\.(png|jpe?g|gif|webp)(\?|$)", w)), "")
        shown = f' poster="{poster}"' if poster else ""
        return B.block(f'<video src="{url}"{shown} controls></video>')

    return {"img": image, "video": video, "jsfiddle": embed_tags(ctx)["jsfiddle"]}
