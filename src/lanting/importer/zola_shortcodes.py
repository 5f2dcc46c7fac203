"""Zola's shortcodes in a page's Markdown → Lanting: `{{ name(k="v") }}` and the body
form `{% name(k="v") %} … {% end %}`, their escapes `{{/* … */}}`, `{%/* … */%}`.

Those Zola and its themes ship are mapped (`youtube`, `vimeo`, `gist`, `streamable`;
`katex`/`math` as formulas; figures and images; the themes' notes, admonitions and
alerts as callouts; `details`/`spoiler`; `mermaid`); any other is the site's own, run
from its template when simple (`zola_tera.py`), else left in a comment with a warning
at its line: nothing is left raw without a word."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, fence
from lanting.importer.zola_components import PAIRED as COMPONENT_PAIRS
from lanting.importer.zola_components import SELF_CLOSING, component_args
from lanting.importer.zola_tera import OwnTemplates

_VALUE = r"""(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`]*`|\[[^\]]*\]|[^,()"'`\[\]\s]*)"""
_ARGS = rf"(?:\s*\w+\s*=\s*{_VALUE}\s*,?)*\s*"
INLINE = re.compile(rf"\{{\{{-?\s*([A-Za-z_]\w*)\s*\(({_ARGS})\)\s*-?\}}\}}")
"""`{{ name(k="v", n=3) }}`."""
OPEN = rf"\{{%-?\s*([A-Za-z_]\w*)\s*\(({_ARGS})\)\s*-?%\}}"
_END = r"\{%-?\s*end\s*-?%\}"
PAIRED = re.compile(rf"{OPEN}((?:(?!{OPEN}).)*?){_END}", re.DOTALL)
"""`{% name(args) %} body {% end %}`, innermost first (no opening inside its body)."""
ESCAPED = re.compile(r"\{([{%])/\*\s?(.*?)\s?\*/([}%])\}", re.DOTALL)
"""`{{/* youtube(id="x") */}}`: the shortcode shown as written."""

_CALLOUT_NAMES = {"note": "NOTE", "info": "NOTE", "tip": "TIP", "hint": "TIP",
                  "important": "IMPORTANT", "warning": "WARNING", "warn": "WARNING",
                  "caution": "CAUTION", "danger": "CAUTION", "error": "CAUTION",
                  "admonition": "NOTE", "alert": "NOTE", "callout": "NOTE", "notice": "NOTE",
                  "aside": "NOTE"}
"""Callout shortcodes of Zola's themes (tabi's `admonition`, apollo's `note`, duckquill's
`alert`, serene's `callout`) by name; their `type` (or `kind`) says which, if given."""
_DEFINES = re.compile(r"\\(?:newcommand|renewcommand|def|DeclareMathOperator)\b")
_MATH_NAMES = frozenset({"katex", "math", "latex", "tex", "mathjax"})
_FIGURE_NAMES = frozenset({"figure", "fig", "image", "img", "imgswap", "dimmable_image",
                           "full_width_image", "invertible_image", "image_caption"})
_IMAGE_NAME = re.compile(r"img|image|figure|photo|picture|pic\b", re.IGNORECASE)
"""The site's own shortcodes that show one image (`centered_img`, `gallery_img`)."""
_REMOVED = frozenset({"toc", "katex_enable", "br", "clear"})


def parse_args(text: str) -> dict[str, Any] | None:
    """A shortcode's arguments (`src="a.png", block=true, n=2, tags=["a"]`), or None."""
    args: dict[str, Any] = {}
    # (the commas between them may be missing: Zola reads `a="x" b="y"` as two)
    for key, value in re.findall(rf"(\w+)\s*=\s*({_VALUE})", text.strip()):
        value = value.strip()
        if value[:1] in ('"', "'"):
            args[key] = re.sub(r"\\(.)", r"\1", value[1:-1])
        elif value[:1] == "`":
            args[key] = value[1:-1]
        elif value in ("true", "false"):
            args[key] = value == "true"
        elif re.fullmatch(r"-?\d+", value):
            args[key] = int(value)
        elif re.fullmatch(r"-?\d+\.\d*", value):
            args[key] = float(value)
        elif value.startswith("["):
            args[key] = [re.sub(r"^[\"']|[\"']$", "", v.strip())
                         for v in value[1:-1].split(",") if v.strip()]
        else:
            return None
    return args


def image_source(args: dict[str, Any]) -> str:
    """The image a shortcode shows: its `src` (`path`, `url`), else the first of its
    `*_src` (tabi's `dual_theme_image` has `light_src` and `dark_src`: the light one)."""
    for key in ("src", "path", "url", *(k for k in args if k.endswith("src"))):
        if isinstance(args.get(key), str) and args[key]:
            return str(args[key])
    return ""


@dataclass
class ZolaShortcodes:
    """The shortcodes of one page."""

    ctx: Context
    shelf: Shelf
    own: OwnTemplates
    image: Callable[[str], str | None]
    """The new reference of an image a shortcode names (None: not found)."""
    page: dict[str, Any]
    language: str
    counts: dict[str, int] = field(default_factory=dict)

    def convert(self, text: str) -> str:
        for _ in range(16):  # (Zola's components, `{{<note>}} … {{</note>}}`, the same)
            text, count = COMPONENT_PAIRS.subn(lambda m: self.run(
                m.group(1), component_args(m.group(2)), m.group(3), m.group()), text)
            if not count:
                break
        text = SELF_CLOSING.sub(lambda m: self.run(
            m.group(1), component_args(m.group(2)), None, m.group()), text)
        for _ in range(16):
            text, count = PAIRED.subn(lambda m: self.one(m.group(1), m.group(2), m.group(3),
                                                         m.group()), text)
            if not count:
                break
        text = INLINE.sub(lambda m: self.one(m.group(1), m.group(2), None, m.group()), text)
        # (an opening or `end` left over: a body shortcode whose pair was not found)
        return re.sub(rf"{OPEN}|{_END}", lambda m: self.leave(
            m.group(), "a body shortcode without its `{% end %}`" if m.group(1)
            else "an `{% end %}` without its shortcode"), text)

    def one(self, name: str, written_args: str, body: str | None, written: str) -> str:
        return self.run(name, parse_args(written_args), body, written)

    def run(self, name: str, args: dict[str, Any] | None, body: str | None,
            written: str) -> str:
        if args is None:
            return self.leave(written, "its arguments are not understood")
        known = self.known(name, args, body, written)
        if known is not None:
            return known
        if name in self.own.files:
            self.counts[name] = self.counts.get(name, 0) + 1
            out, why = self.own.run(name, args, body.strip("\n") if body is not None
                                    else None, {**self.page, "nth": self.counts[name]})
            if not why:
                self.ctx.convert("the site's own shortcodes run")
                return out
        else:
            why = "its template is not in the source"
        if _IMAGE_NAME.search(name) and image_source(args):
            # (`centered_img(src=…)`, whose template resized the image: the image itself)
            return self.figure(args, written)
        return self.leave(written, f"`{name}` is a shortcode of the theme or site: {why}")

    def leave(self, written: str, why: str) -> str:
        """The shortcode in a comment, reported at its line (its code spans as written)."""
        # (put aside: the comment holds the shortcode, which the next pass would find)
        return self.shelf.put(self.ctx.leave(self.shelf.restore(written), why))

    def known(self, name: str, args: dict[str, Any], body: str | None,
              written: str) -> str | None:
        """The Markdown of a shortcode Zola or its themes ship, or None."""
        lowered = name.lower()
        text = str(body if body is not None else args.get("body") or args.get("text")
                   or "").strip()
        if lowered in _MATH_NAMES:
            if not text:
                return None
            self.ctx.convert("KaTeX shortcodes as formulas")
            # (a body written with its own delimiters, `$$ … $$`, which KaTeX showed raw)
            text = re.sub(r"^\$\$(.*)\$\$$|^\$([^$]*)\$$", lambda m: (
                m.group(1) if m.group(1) is not None else m.group(2)).strip(), text,
                flags=re.DOTALL)
            if args.get("block") is True or args.get("display") is True or _DEFINES.search(
                    text) or any(args.get(k) is True for k in ("preamble", "preable")):
                # (a body of definitions, nilsso's `math(preable=true)`: a `$$` block,
                # whose `\newcommand`s Lanting keeps for the whole page)
                return B.block(self.shelf.put(f"$$\n{text}\n$$", "M"))
            return self.shelf.put(f"${text}$", "M")
        media = self.media(lowered, args)
        if media is not None:
            return media
        if lowered in _FIGURE_NAMES and image_source(args):
            return self.figure(args, written)
        if lowered in _REMOVED:
            self.ctx.convert("theme shortcodes removed")
            return ""
        if lowered == "mermaid" and text:
            self.ctx.convert("Mermaid diagrams")
            return B.block(self.shelf.put(fence("mermaid", text)))
        if lowered in ("details", "spoiler", "collapse", "toggle") and text:
            self.ctx.convert("collapsibles")
            return B.details(str(args.get("summary") or args.get("title") or "…"), text)
        if lowered in _CALLOUT_NAMES and text:
            kind = str(args.get("type") or args.get("kind") or args.get("level") or lowered)
            title = str(args.get("title") or args.get("header") or "")
            self.ctx.convert("callouts")
            return B.callout(_CALLOUT_NAMES.get(kind.lower(), B.CALLOUTS.get(
                kind.lower(), "NOTE")), text, title, self.shelf)
        return self.embed(lowered, args)

    def media(self, name: str, args: dict[str, Any]) -> str | None:
        """abridge's `video`, `gif` and `audio` of the page's files (`sources`, or one
        `src`), as HTML players; its `image` of `sources`, the first as a figure."""
        sources = args.get("sources")
        files = [str(f) for f in sources] if isinstance(sources, list) else \
            [str(args["src"])] if isinstance(args.get("src"), str) and name != "image" else []
        if not files or name not in ("video", "gif", "audio", "image"):
            return None
        if name == "image":
            return self.figure({**args, "src": files[0]}, "")
        self.ctx.convert("videos and sounds of the page's files")
        tag = "audio" if name == "audio" else "video"
        how = " autoplay loop muted playsinline" if name == "gif" else " controls"
        inner = "".join(f'<source src="{html.escape(f)}">' for f in files)
        return B.block(f"<{tag}{how}>{inner}</{tag}>")

    def embed(self, name: str, args: dict[str, Any]) -> str | None:
        ident = str(args.get("id") or "")
        found = re.search(r"(?:embed/|[?&]v=|youtu\.be/)([0-9A-Za-z_-]{11})",
                          str(args.get("src") or args.get("url") or ""))
        if name == "youtube" and not ident and found:  # (`src=".../embed/ID"`)
            ident = found.group(1)
        if name == "youtube" and re.fullmatch(r"[0-9A-Za-z_-]{11}", ident):
            self.ctx.convert("videos")
            # (Lanting's own click-to-load embed, put aside: Hugo's `video` is another)
            return B.block(self.shelf.put(f'{{{{< video youtube="{ident}" >}}}}'))
        links = {"vimeo": ("▶ Vimeo", f"https://vimeo.com/{ident}"),
                 "streamable": ("▶ Streamable", f"https://streamable.com/{ident}"),
                 "youtube": ("▶ YouTube", f"https://www.youtube.com/watch?v={ident}")}
        if name in links and ident:
            label, url = links[name]
            self.ctx.convert("embeds as links")
            return B.block(f"[{label}]({url})")
        if name == "gist" and args.get("url"):
            url = str(args["url"])
            self.ctx.convert("embeds as links")
            return B.block(f"[{url.removeprefix('https://')}]({url})")
        return None

    def figure(self, args: dict[str, Any], written: str) -> str:
        src = image_source(args)
        ref = src if src.startswith(("http://", "https://")) else self.image(src)
        if ref is None:
            return self.leave(written, f"image `{src}` not found")
        self.ctx.convert("figure shortcodes")
        caption = str(args.get("caption") or args.get("title") or args.get("desc") or "")
        return B.figure(ref, caption, str(args.get("alt") or ""))


_RAW = re.compile(r"\{%-?\s*raw\s*-?%\}(.*?)\{%-?\s*endraw\s*-?%\}", re.DOTALL)


def shelve_escapes(text: str, shelf: Shelf, ctx: Context) -> str:
    """`{{/* x() */}}` as the `{{ x() }}` Zola showed, put aside (inside code, too); so
    is what `{% raw %}` … `{% endraw %}` holds, without the tags."""

    def raw(match: re.Match[str]) -> str:
        ctx.convert("raw blocks")
        inner = match.group(1)
        # (a heading's id, `{#seo}`, is Markdown's: it stays in the text)
        return inner if re.fullmatch(r"\{#[\w-]+\}", inner.strip()) else shelf.put(inner, "R")

    text = _RAW.sub(raw, text)

    def one(match: re.Match[str]) -> str:
        ctx.convert("shortcode escapes")
        close = "}" if match.group(1) == "{" else "%"
        return shelf.put("{" + match.group(1) + " " + match.group(2).strip() + " " + close
                         + "}", "R")

    return ESCAPED.sub(one, text)
