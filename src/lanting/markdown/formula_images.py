"""Plugin: formulas published as images of a formula service, which drew the TeX in their
URL on every view. Each is a formula again (the image came from the service's server on
every view, offline never; its TeX was reported as TeX left in the page):

- Zhihu's exports, `https://www.zhihu.com/equation?tex=…` (`![[公式]](…)`, or
  `<img … eeimg="1">`); a TeX ending in `\\\\` is Zhihu's mark of a display formula;
- CodeCogs' `https://latex.codecogs.com/svg.latex?…` (also `gif.latex`, `png.latex`,
  `svg.image`, …; its `&space;` is a space, its leading options `\\dpi{110}`,
  `\\bg_white`, `\\fn_cm`, `\\inline` are the image's, not the formula's), in countless
  READMEs and Chinese notes written before GitHub rendered math;
- Google Charts' `chart.googleapis.com/chart?cht=tx&chl=…`, GitHub's
  `render.githubusercontent.com/render/math?math=…`, upmath's `i.upmath.me/svg/…` and
  `math.now.sh?from=…` (`?inline=…`: an inline one).

A formula image alone in its paragraph (or an `<img>` alone on its lines, perhaps in a
`<p>`, `<div>` or `<center>`) is a display formula, unless it says it is inline; one in
a sentence is inline.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

_SERVICE = (r"https?://(?:www\.)?(?:zhihu\.com/equation\?|latex\.codecogs\.com/|"
            r"chart\.(?:googleapis|apis\.google)\.com/chart\?|"
            r"render\.githubusercontent\.com/render/math\?|i\.upmath\.me/(?:svg|png)/|"
            r"math\.now\.sh/?\?)")
_IMG = re.compile(r"<img\b[^<>]*\bsrc=(?P<q>\"|')(?P<url>" + _SERVICE + r"[^\"']*)(?P=q)"
                  r"[^<>]*>", re.IGNORECASE)
_ALONE = re.compile(r"(?:<(?P<wrap>p|div|center)\b[^<>]*>\s*)?" + _IMG.pattern
                    + r"\s*(?:</(?P=wrap)>)?", re.IGNORECASE)
"""An `<img>` of a formula alone on its lines, perhaps in a centring element."""
_ID = re.compile(r"<img\b[^<>]*?\sid=([\"']?)(?P<id>[^\"'\s<>]+)\1", re.IGNORECASE)
"""The `id` of a display formula's `<img>` (`<img class=displaymath id="eq-x" src=…>`,
which the page's `[(4)](#eq-x)` links to: the link was broken once the image was math)."""
_IMAGE = re.compile(r"!\[[^\]\n]*\]?\]\((?:<(" + _SERVICE + r"[^<>\n]*)>|(" + _SERVICE
                    + r"(?:[^()\s]|\([^()\s]*\))*))\)", re.IGNORECASE)
"""`![alt](url)` (Zhihu's exporters write the alt text `[公式]`, brackets and all)."""
_CODECOGS_OPTIONS = re.compile(r"^(?:\s*\\(?:dpi\{\d+\}|bg_\w+|bg\{\w+\}|fg_\w+|fn_\w+|"
                               r"inline)(?![A-Za-z]))+\s*")
_CODECOGS_ENTITIES = {"&space;": " ", "&plus;": "+", "&amp;": "&", "&hash;": "#"}
MARKERS = ("equation?", "codecogs", "chart?", "render/math", "upmath", "math.now")
"""What an inline text holding a formula image contains (`math_page` looks for them)."""


def formula_of(url: str) -> tuple[str, str] | None:
    """The TeX a formula image's URL draws, and whether it is a `display`, an `inline`
    or an `auto` formula (display when alone in its paragraph)."""
    parts = urlsplit(url)
    host, query = parts.netloc.lower(), parse_qs(parts.query)
    tex, kind = "", "auto"
    if host.endswith("zhihu.com"):
        tex = (query.get("tex") or [""])[0].strip()
        kind = "display" if tex.endswith("\\\\") else "inline"
        tex = tex[:-2].rstrip() if kind == "display" else tex
    elif host == "latex.codecogs.com":
        raw = unquote(url.partition("?")[2])
        for entity, char in _CODECOGS_ENTITIES.items():
            raw = raw.replace(entity, char)
        options = _CODECOGS_OPTIONS.match(raw)
        if options is not None:
            kind = "inline" if "\\inline" in options.group() else kind
            raw = raw[options.end():]
        tex = raw.removeprefix("\\ ").strip()
    elif host.startswith("chart."):
        tex = (query.get("chl") or [""])[0].strip()
    elif host == "render.githubusercontent.com":
        tex = (query.get("math") or [""])[0].strip()
    elif host == "i.upmath.me":
        tex = unquote(parts.path.split("/", 2)[-1]).strip()
    elif host == "math.now.sh":
        kind = "inline" if "inline" in query else kind
        tex = (query.get("inline") or query.get("from") or [""])[0].strip()
    return (tex, kind) if tex else None


def _formula_image(state: StateInline, silent: bool) -> bool:
    """`![alt](https://latex.codecogs.com/svg.latex?…)` or an `<img src>` of one."""
    start = state.pos
    if not state.src.startswith(("![", "<img", "<IMG"), start):
        return False
    if state.src[start] == "<":
        found = _IMG.match(state.src, start)
        url = found.group("url").replace("&amp;", "&") if found else ""
    else:
        found = _IMAGE.match(state.src, start)
        url = (found.group(1) or found.group(2)) if found else ""
    formula = formula_of(url) if found else None
    if found is None or formula is None:
        return False
    if not silent:
        token = state.push("math_inline", "math", 0)
        token.content, token.markup = formula[0], "$"
        # (a problem in it is reported at the image's place)
        token.meta = {"pos": state.pos, "formula_image": formula[1]}
        if (anchor := _ID.match(found.group())) is not None:  # (`<img id=…>` in a sentence)
            token.meta["anchor"] = anchor.group("id")
        state.env["has_math"] = True
    state.pos = found.end()
    return True


def _displays(state: StateCore) -> None:
    """A formula image alone in its paragraph (unless it says it is inline), or an
    `<img>` of one alone on its lines, is a display formula."""
    if not any(marker in state.src for marker in MARKERS):
        return
    tokens, out, i = state.tokens, [], 0
    while i < len(tokens):
        opening, inline = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else None
        found = [c for c in inline.children or [] if c.type != "text" or c.content.strip()
                 ] if opening.type == "paragraph_open" and inline is not None else []
        tex = found[0].content if len(found) == 1 and found[0].type == "math_inline" \
            and (found[0].meta or {}).get("formula_image") in ("display", "auto") else None
        alone = _ALONE.fullmatch(opening.content.strip()) \
            if opening.type == "html_block" and "<img" in opening.content.lower() else None
        formula = formula_of(alone.group("url").replace("&amp;", "&")) if alone else None
        if formula is not None:
            tex = formula[0]
        if tex is not None:
            block = Token("math_block", "math", 0, block=True, content=tex, markup="$$",
                          map=opening.map, level=opening.level)
            block.meta = {"line": opening.map[0] if opening.map else 0}
            # (an `<img>` block is no inline text: no rule has said the page has math,
            # and a page whose only formulas were such blocks showed them as TeX)
            state.env["has_math"] = True
            anchor = _ID.search(alone.group(0)) if alone is not None else None
            if anchor is not None:  # `[(4)](#eq-x)` in the page links to it
                block.meta["anchor"] = anchor.group("id")
            out.append(block)
            i += 1 if alone is not None else 3  # (a paragraph: its open, inline and close)
            continue
        out.append(opening)
        i += 1
    state.tokens = out


def formula_images_plugin(md: MarkdownIt) -> None:
    md.inline.ruler.before("link", "formula_image", _formula_image)
    md.core.ruler.before("math_convert", "formula_image_displays", _displays)
