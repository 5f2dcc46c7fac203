"""The inline tags Stellar wrote and Volantis 6 took over (`{% mark %}`, `{% sup %}`,
`{% sub %}`, `{% emoji %}`, `{% icon %}`, the one-line `{% note %}`), and the icon-font
`{% icon %}` of Butterfly's tag-plugins-plus, each in its nearest Markdown or HTML form.
Left in comments, a mark's or a note's text was gone from the page, and an emoji or an
icon image with it."""

from __future__ import annotations

import functools
import html
import re
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context
from lanting.importer.text import load_mapping
from lanting.markdown.emoji import shortcode_emoji

STELLAR_EMOJI = {
    "default": "https://gcore.jsdelivr.net/gh/cdn-x/emoticons@3.1/qq/{name}.gif",
    "twemoji": "https://gcore.jsdelivr.net/gh/twitter/twemoji/assets/svg/{name}.svg",
    "qq": "https://gcore.jsdelivr.net/gh/cdn-x/emoticons@3.1/qq/{name}.gif",
    "aru": "https://gcore.jsdelivr.net/gh/cdn-x/emoticons@3.1/aru/{name}.gif",
    "tieba": "https://gcore.jsdelivr.net/gh/cdn-x/emoticons@3.1/tieba/{name}.png",
    "blobcat": "https://gcore.jsdelivr.net/gh/cdn-x/emoticons@3.1/blobcat/{name}.gif"}
"""Stellar's own emoji sources, which a site's `_config.stellar.yml` without
`tag_plugins.emoji` used (the theme's `_config.yml`, installed from npm, is not in the
site's repository)."""

_ADDRESS = re.compile(r"^(/|\.{0,2}/|https?://)")
_BUTTERFLY_ICON = re.compile(r"icon-[\w-]+")


def stellar_words(args: str, keys: tuple[str, ...],
                  names: tuple[str, ...]) -> dict[str, str]:
    """A Stellar tag's arguments as its `ctx.args.map` reads them: Hexo's words (quotes
    keep spaces), `key:value` for the `keys` the tag knows wherever they stand, the other
    words given to `names` in order, the last taking the rest."""
    try:
        words = shlex.split(args, posix=True)
    except ValueError:
        words = args.split()
    found: dict[str, str] = {}
    others: list[str] = []
    for word in words:
        key, colon, value = word.partition(":")
        if colon and key in keys and not value.startswith("//"):
            found[key] = value
        else:
            others.append(word)
    for name in names[:-1]:
        if others:
            found[name] = others.pop(0)
    if others and names:
        found[names[-1]] = " ".join(others)
    return found


def inline_tags(ctx: Context, theme: Mapping[str, Any], stellar: bool,
                icons: Mapping[str, Any]) -> dict[str, Any]:
    """The handlers of these tags. `theme`: the theme's settings (its `tag_plugins`);
    `stellar`: whether the theme is Stellar's (its emoji sources by default); `icons`:
    the site's `_data/icons.yml`, Stellar's named icons."""
    plugins = theme.get("tag_plugins")
    configured = plugins.get("emoji") if isinstance(plugins, dict) else None
    sources = {str(k): str(v) for k, v in configured.items() if v} \
        if isinstance(configured, dict) else dict(STELLAR_EMOJI) if stellar else {}

    def wrap(tag: str) -> Any:
        def one(args: str, written: str) -> str:
            text = stellar_words(args, ("color",), ("text",)).get("text", "")
            ctx.convert("Stellar's inline tags")
            return f"<{tag}>{text}</{tag}>"
        return one

    def emoji(args: str, written: str) -> str:
        found = stellar_words(args, ("url", "height", "name"), ("source", "name"))
        name, url = found.get("name", ""), found.get("url", "")
        if not url:
            if "name" in found:
                template = sources.get(found.get("source", ""), "")
            else:  # (the source left out: the first one the theme names)
                name, template = found.get("source", ""), next(iter(sources.values()), "")
            url = filled(template, name) if name else ""
        if url:
            ctx.convert("emoji tags as images")
            return image(url, name, found.get("height", "1.75em"))
        char = shortcode_emoji(name.strip(":")) or (name if is_emoji(name) else None)
        if char is None:
            return ctx.leave(written, "no source of the theme's `tag_plugins.emoji` has "
                             f"`{name}`")
        ctx.convert("emoji tags")  # (hexo-tag-emojis' `{% emoji smile %}`: GitHub's names)
        return char

    def icon(args: str, written: str) -> str:
        found = stellar_words(args, ("color", "style"), ("key", "text"))
        key, text = found.get("key", ""), found.get("text", "")
        if _BUTTERFLY_ICON.match(key) or "," in args:
            # Butterfly's `{% icon icon-ox,2 %}`: a symbol of the site's own icon font,
            # drawn by its script: no picture Lanting has, and no text
            ctx.warn(written, f"`{' '.join(written.split())}`: an icon of the site's icon "
                     "font, left out (Lanting has no such icon)")
            ctx.convert("icons")
            return ""
        value = icons.get(key, key)
        value = value if isinstance(value, str) else key
        ctx.convert("icons")
        if _ADDRESS.match(value):
            return image(value, text or "", "1.25em") + (f" {text}" if text else "")
        if value.lstrip().startswith("<svg"):
            return " ".join(value.split()) + (f" {text}" if text else "")
        ctx.warn(written, f"`{' '.join(written.split())}`: the theme's icon `{key}` left "
                 "out (Lanting has no such icon)" + (", its text kept" if text else ""))
        return text

    def quot(args: str, written: str) -> str:
        # `{% quot [el:h2] text %}`: the text between the theme's quote marks, in a
        # heading when `el` names one (its id the text, as a heading's is)
        found = stellar_words(args, ("el", "icon", "prefix", "suffix"), ("text",))
        level = re.fullmatch(r"h([1-6])", found.get("el", ""))
        ctx.convert("Stellar's quotes")
        text = found.get("text", "")
        return B.block(f"{'#' * int(level.group(1))} {text}" if level else text)

    def hashtag(args: str, written: str) -> str:
        found = stellar_words(args, ("color",), ("text", "href"))
        text, href = found.get("text", ""), found.get("href", "")
        ctx.convert("Stellar's inline tags")
        return f"[#{text}]({href})" if href else f"#{text}"

    return {"mark": wrap("mark"), "sup": wrap("sup"), "sub": wrap("sub"), "emoji": emoji,
            "icon": icon, "quot": quot, "hashtag": hashtag}


def filled(template: str, name: str) -> str:
    """An emoji source's address for `name` (`{name}` in Stellar's, `%s` in its older
    versions', `${name}` in its documentation's)."""
    if not any(mark in template for mark in ("{name}", "%s")):
        return ""
    return template.replace("${name}", name).replace("{name}", name).replace("%s", name)


def is_emoji(text: str) -> bool:
    """Whether `text` is an emoji character itself (`{% emoji "😊" %}`)."""
    return bool(text) and len(text) <= 4 and all(ord(c) >= 0x2000 for c in text) \
        and any(ord(c) >= 0x1F000 or 0x2600 <= ord(c) < 0x2800 for c in text)


@functools.cache
def site_icons(files: Path) -> dict[str, Any]:
    """Stellar's named icons: the site's `source/_data/icons.yml` (a name → its SVG or
    its image's address), read once per site."""
    file = files / "_data" / "icons.yml"
    if not file.is_file():
        return {}
    return load_mapping("yaml", file.read_text(encoding="utf-8", errors="replace"))[0]


def image(url: str, alt: str, height: str) -> str:
    """An inline image as tall as the text around it, as the theme showed an emoji."""
    return (f'<img src="{html.escape(url)}" alt="{html.escape(alt)}" class="emoji" '
            f'style="height:{html.escape(height)}">')


def stellar_note(args: str, ctx: Context) -> str:
    """Stellar's one-line `{% note [color:red] [title] content %}`: a callout (one word
    alone is its content, no title)."""
    found = stellar_words(args, ("color", "child"), ("title", "content"))
    title, content = found.get("title", ""), found.get("content", "")
    if not content:
        title, content = "", title
    ctx.convert("notes as callouts")
    return B.callout(B.CALLOUTS.get(found.get("color", ""), "NOTE"), content, title)
