"""Links and images of a body mapped to the new site (`map_urls`: Markdown's and raw
HTML's, not what only looks like a link inside a formula, backslashed paths read as
browsers read them) and paths written with spaces. Shared by every importer; `#fragment`
links are repaired in `body_fragments`."""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Callable

from lanting.importer.body_math import INLINE_MATH
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN

# (a URL may hold balanced parentheses, as in CommonMark: `TD(0).png`)
# (brackets in a link's text in pairs, two deep: `[Bash [[ ]] 语法](bash/str.md)`, over
# lines too: a caption's footnote with its links, `![Cat.^[From [x](u)⏎…]](cat.gif)`)
# (a title may hold its quote escaped, as CommonMark reads it: `"in \"sim1\""`)
_LINK = re.compile(r"(!?)\[((?:[^\[\]\n]|\n(?![ \t]*\n)|\[(?:[^\[\]\n]|\n(?![ \t]*\n)|"
                   r"\[(?:[^\[\]\n]|\n(?![ \t]*\n))*\])*\])*)"
                   r"\]\([ \t]*(<[^>\n]*>|"
                   r"(?:[^\s()]|\([^\s()]*\))+)"
                   r"((?:[ \t]+(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'))?)"
                   r"[ \t]*(?:\n[ \t]*)?\)")
_RAW_URL = re.compile(r"(<(?:img|image|a|source|video|audio|script|link|iframe|embed)\b[^>]*?"
                      r"\s(?:src|href)\s*=\s*)([\"'])((?:(?!\2)[^\n]|\n(?![ \t]*\n))*)\2",
                      re.IGNORECASE)
"""A URL of raw HTML: an image (`<image>` too, which browsers read as `<img>`), a link,
a video, a PDF shown in an `<iframe>` or an `<embed>` (a file beside the page: it must
move with it). It ends at its own quote: the
other one may be in it (`src="Euler's_formula.png"`), and a line break, which browsers
drop from a URL (`src="/images/⏎x.png"`), but not a blank line."""

_RAW_BARE_URL = re.compile(r"(<(?:img|image|a|source|video|audio|script|link|iframe|embed)\b"
                           r"""(?:[^>"']|"[^"]*"|'[^']*')*?\s(?:src|href)\s*=\s*)()"""
                           r"([^\s\"'=<>`{}$]+)(?=[\s/>])",
                           re.IGNORECASE)
"""A URL of raw HTML written without quotes, as HTML allows (`<img src=images/a.jpg
width=300>`, a notebook's cell): its quote group empty. Not a JSX expression or a
template's value (`src={logo}`, `src={{ x }}`), nor text inside another attribute's
quoted value (folium's map, a page in `<iframe srcdoc="…">`, escaped: `&lt;script
src=&quot;https://…&quot;&gt;`)."""
_RAW_POSTER = re.compile(r"(<video\b[^>]*?\sposter\s*=\s*)([\"'])((?:(?!\2)[^\n])*)\2",
                         re.IGNORECASE)
"""A video's poster, an image shown before it plays (after its `src`, which `_RAW_URL`
reads first: its image was left behind)."""

DROPPED = f"{MARK_OPEN}X{MARK_CLOSE}"
"""The URL of a link to drop, its text kept (`unlink_dropped`): what an importer's URL
mapping or `repair_page_fragments` writes for a link that led nowhere."""
_DROPPED_LINK = re.compile(r"\[((?:[^\[\]\n]|\[[^\]\n]*\])*)\]\(" + DROPPED
                           + r"[^)\n]*\)(?:\{[^{}\n]*\})?")


def unlink_dropped(text: str) -> str:
    """Each `[text](DROPPED…)` as its text alone (an attribute list after it, `{ .x }`,
    goes with the link), and any `DROPPED` left (an image's) removed."""
    return _DROPPED_LINK.sub(r"\1", text).replace(DROPPED, "")


UrlMap = Callable[[str, bool], str | None]
"""A link's or image's new URL (None: as written; `UNLINK`: the link's text alone)."""

UNLINK = "\x00unlink"


def dead_link(url: str, rel: str, warn: Callable[[str, str], None],
              nothing: str = "no document or file of the project") -> str | None:
    """A link to `nothing` there is. A relative one led nowhere on the old site
    either (its generator warned, and published it dead): its text is kept without the
    link (`UNLINK`), or the new site would not build. One from the root may be a redirect
    of the old host's: left as written (None), for the build to report. Each is a
    warning (`warn(snippet, message)`)."""
    if rel.startswith("/"):
        warn(url, f"link `{url}` leads to {nothing}: left as written (a redirect of the "
             "old host's, or a broken link)")
        return None
    warn(url, f"link `{url}` leads to {nothing} (it was broken on the old site too): "
         "its text kept without the link")
    return UNLINK
"""What a `UrlMap` returns for a Markdown link that led nowhere on the old site and has
no page to lead to now (the writer's note that was never published): its text stays."""
"""(URL as written, is an image) -> the URL to write, or None to keep it."""


_DOUBLED = re.compile(r"(?<![!\\])\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
                      r"\(\((\{%-?\s*(?:post_url|link)\b[^%\n]*%\}|https?://[^()\s]+)\)\)")
"""`[x](({% post_url y %}))`: a link in doubled parentheses, whose address the browser
got with the inner pair, `(/2020/01/02/y.html)`, a path beside the page. (Only a Liquid
link or a web address inside: `$[0,1]((x))$` is a formula's.)"""


def doubled_parentheses(text: str) -> tuple[str, list[str]]:
    """Links written in doubled parentheses, which led nowhere on the old site (kramdown
    and CommonMark alike read the inner pair as part of the address), as their text
    alone; and those links as written. Kept, the address became `(../y.md)` and the build
    failed on it."""
    found: list[str] = []

    def one(match: re.Match[str]) -> str:
        found.append(match.group())
        return match.group(1)

    return _DOUBLED.sub(one, text), found


_PATH_CHAR = r"(?:[^()<>\n\"']|(?<=\w)'(?=\w))"
"""A character of a path with spaces: no quote (a title's), but an apostrophe in a word
(`The Engineer's Handbook.pdf`)."""
_SPACED_IMAGE = re.compile(
    rf"(!\[(?:[^\]\n]|\n(?![ \t]*\n))*\]\()({_PATH_CHAR}*[ \t]{_PATH_CHAR}*)\)")
"""`![](29_cs110/branch prediction.png)`: a path with a space, which Typora shows and
Markdown reads as text (its alt text may go on over lines of its paragraph)."""
_SPACED_LINK = re.compile(_SPACED_IMAGE.pattern.replace("(!\\[", "(!?\\[", 1))


def spaced_image_paths(text: str, exists: Callable[[str], bool],
                       links: bool = False) -> tuple[str, int]:
    """Typora's image paths with spaces, of files that `exists`, in angle brackets (the
    way Markdown takes a path with a space); with `links`, the paths of links too
    (`[下一题](Maximal Square.md)`, a note beside it). Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        path = match.group(2).strip()
        if not exists(path):
            return match.group()
        count += 1
        return f"{match.group(1)}<{path}>)"

    return (_SPACED_LINK if links else _SPACED_IMAGE).sub(one, text), count


_IMAGE_PATH = re.compile(r"(!\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\()([^()\s<>\"]+)(?=[ \t]+[\"']|\))")


def extensionless_images(text: str, extension: str, exists: Callable[[str], bool]
                         ) -> tuple[str, int]:
    """Image paths without an extension (`![](../_assets/nn/autoencoder)`) given the
    one Pandoc added for the format, `default-image-extension: svg`, when that file
    `exists`: Lanting looked for the bare name. Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        path = match.group(2)
        if "." in path.rsplit("/", 1)[-1] or ":" in path or not exists(f"{path}.{extension}"):
            return match.group()
        count += 1
        return f"{match.group(1)}{path}.{extension}"

    return _IMAGE_PATH.sub(one, text), count


_LINK_WITH_SPACE = re.compile(  # (parentheses in pairs, `a (1).pdf`, are the path's)
    r"(!?\[[^\]\n]*\]\()((?:[^()<>\n\"]|\([^()<>\n]*\))*[ \t](?:[^()<>\n\"]|\([^()<>\n]*\))*"
    # (a title in double quotes is read whole: a figure's caption as its title, "Shown
    # are a) Max pooling, b) …", ended no path at its `a)`)
    r"(?:\"(?:[^\"\\\n]|\\.)*\"[ \t]*)?)\)")
_TITLE = re.compile(r"[ \t]+(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')[ \t]*$")


def spaced_destinations(text: str) -> tuple[str, int]:
    """Links and images whose path has a space (`![](my notes.assets/a 1.png)`,
    `[x](other note.md "title")`) with the path in angle brackets: Python-Markdown, as
    Markdown.pl before it, reads a path up to the `)` or the title, where CommonMark
    (Lanting) ends it at the first space and shows the whole as text. Returns (text,
    how many); formulas are left alone."""
    starts, ends = _formula_starts(text)
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        i = bisect.bisect_right(starts, match.start()) - 1
        if i >= 0 and match.start() < ends[i]:
            return match.group()
        inside = match.group(2)
        title = _TITLE.search(inside)
        path = (inside[:title.start()] if title else inside).strip()
        if not path or not re.search(r"[ \t]", path):
            return match.group()
        count += 1
        return f"{match.group(1)}<{path}>{' ' + title.group(1) if title else ''})"

    return _LINK_WITH_SPACE.sub(one, text), count


_DISPLAY_MATH = re.compile(r"(?<!\\)\$\$(?:(?!\n[ \t]*\n).)+?(?<!\\)\$\$|\\\[.+?\\\]", re.DOTALL)
"""A display formula: it ends its paragraph at the latest (`$f(t)是$$\\delta(t)$`, two
inline formulas side by side, opened none that ran on to the next `$$` pages later and
kept the links and images between from being mapped)."""
_COMMAND = re.compile(r"\\[A-Za-z]")


def _tight(match: re.Match[str], text: str) -> bool:
    """Whether a `$…$` with no TeX command but a link's `](` in it is a formula all the
    same: no space inside its `$`s and no digit after the closing one, Pandoc's rule
    (`$L[y](t) = g(t)$`, an operator applied; not `$5 [b](b.md) $6`)."""
    inner = match.group(1)
    return "](" in inner and not inner[0].isspace() and not inner[-1].isspace() \
        and not text[match.end():match.end() + 1].isdigit()


_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def _formula_starts(text: str) -> tuple[list[int], list[int]]:
    """Where the formulas of `text` start and end: display ones, and inline ones with a
    TeX command or with what reads as a link tight inside their `$`s (a `$` in prose,
    `$5 … $6`, spans no link); and its HTML comments (`<!-- ![](old.png) -->`, an image
    taken out of the page, whose file is not looked for)."""
    spans = [m.span() for m in _DISPLAY_MATH.finditer(text)] if "$$" in text or "\\[" in text \
        else []
    if "<!--" in text:
        spans += [m.span() for m in _COMMENT.finditer(text)]
    if "$" in text and ("\\" in text or "](" in text):
        spans += [m.span() for m in INLINE_MATH.finditer(text) if _COMMAND.search(m.group(1))
                  or _tight(m, text)]
    return merged_spans(spans)


def merged_spans(spans: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The starts and ends of `spans`, merged where they overlap."""
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(spans):
        if ends and start < ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
"""An e-mail address written as a link's target without `mailto:`: the old page linked
to a file of that name beside it, which no site has; the writer meant to be mailed."""
_PATH_BACKSLASH = re.compile(r"""\\(?![!-/:-@\[-`{-~])""")
"""A backslash that escapes no ASCII punctuation (Markdown's escapes): a path's."""


def slashed(url: str, markdown: bool) -> str:
    """A relative URL written with backslashes (`img\\a.png`, on Windows) as browsers
    read it, with slashes; in Markdown, `\\_` is an escape and stays."""
    if "\\" not in url or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url):
        return url
    return _PATH_BACKSLASH.sub("/", url) if markdown else url.replace("\\", "/")


_PASTED_LINK = re.compile(r"\[[^\[\]\n]*\]\(([a-zA-Z][a-zA-Z0-9+.-]*:[^()\s]+)\)")
"""A Markdown link pasted as a link's destination, `[text]([https://a](https://b))` (a
rendered link copied as Markdown): CommonMark reads it all as one relative URL, which
led nowhere; the writer meant the pasted link's own target, `https://b`."""


def map_urls(text: str, resolve: UrlMap, raw_html: bool = True) -> str:
    """Every Markdown link and image and (unless not `raw_html`) every raw-HTML
    `src`/`href`, through `resolve`; not what only looks like one inside a formula
    (`\\bigg[…\\bigg](1-P(x))`), nor one in an HTML comment."""
    starts, ends = _formula_starts(text)

    def in_formula(at: int) -> bool:
        i = bisect.bisect_right(starts, at) - 1
        return i >= 0 and at < ends[i]

    def markdown(match: re.Match[str]) -> str:
        if starts and in_formula(match.start()):
            return match.group()
        url = slashed(match.group(3).strip("<>"), markdown=True)
        pasted = _PASTED_LINK.fullmatch(url)
        if pasted:  # (`[维基百科]([https://…](https://…))`: the link's own target)
            url = pasted.group(1)
        if not match.group(1) and _ADDRESS.fullmatch(url):  # (`[x@lab.org](x@lab.org)`)
            return f"[{match.group(2)}](mailto:{url}{match.group(4)})"
        # (a linked image, `[![alt](fig.png)](https://…)`: the image's URL too)
        text = _LINK.sub(markdown, match.group(2)) if "](" in match.group(2) else match.group(2)
        # (a URL an earlier step found dead, a Hugo `ref` to an author's page: as it said)
        new = UNLINK if url == UNLINK else resolve(url, bool(match.group(1)))
        if new == UNLINK:  # (an image of a page the site has not: its alt text, as said)
            return text
        if new is None:
            if text == match.group(2) and not pasted:
                return match.group()
            new = url if pasted else match.group(3)
        if re.search(r"\s", new) and not new.startswith("<"):
            new = f"<{new}>"  # (a path with a space, `/pdf/a b.pdf`: a link only so)
        return f"{match.group(1)}[{text}]({new}{match.group(4)})"

    def raw(match: re.Match[str]) -> str:
        if starts and in_formula(match.start()):
            return match.group()
        # (`src="/x.png "`: browsers strip the spaces around a URL attribute's value, and
        # its line breaks anywhere)
        # (an attribute's entities are its characters: `s&amp;h.png`, as a template's
        # escaping wrote it, names `s&h.png`)
        opening = match.group(1).lower()
        if re.match(r"<a\s", opening) and _ADDRESS.fullmatch(match.group(3).strip()):
            # (`<a href="x@lab.org">`: as `[x](x@lab.org)`, the writer meant to be mailed)
            return f"{match.group(1)}{match.group(2) or chr(34)}mailto:" \
                f"{match.group(3).strip()}{match.group(2) or chr(34)}"
        new = resolve(slashed(html.unescape(re.sub(r"[\t\n\r]", "", match.group(3)).strip()),
                               markdown=False),
                      opening[1:4] == "img" or opening[1:6] == "image"
                      or bool(re.search(r"\sposter\s*=\s*$", opening)))
        if new == UNLINK and re.match(r"<(?:a|link)\s", match.group(1), re.IGNORECASE):
            # (its text alone, as for a Markdown link: an `<a>` without its `href`; kept
            # as written, the link broke the build under a warning saying it was gone.
            # A `<link rel="stylesheet">` of no file, an R Markdown page's `custom.css`,
            # loads nothing without it, as it loaded nothing before. Not an `<audio>`,
            # whose `src="…"` went, leaving `<audio src= controls>`)
            return re.sub(r"\s+href\s*=\s*$", "", match.group(1), flags=re.IGNORECASE)
        quote = match.group(2) or '"'  # (a bare value is quoted: its new URL may have a space)
        return match.group() if new is None or new == UNLINK else \
            f"{match.group(1)}{quote}{new}{quote}"

    text = _LINK.sub(markdown, text)
    if not raw_html:
        return text
    # (the links' new URLs moved what follows them: the formulas are found again, else a
    # raw `<img>` after a link whose URL changed length fell in a formula's old place,
    # unresolved)
    starts, ends = _formula_starts(text)
    text = _RAW_URL.sub(raw, text)
    starts, ends = _formula_starts(text)  # (again: the new URLs moved them too)
    text = _RAW_BARE_URL.sub(raw, text)
    starts, ends = _formula_starts(text)
    return slide_backgrounds(_RAW_POSTER.sub(raw, text), resolve)


_GRAPHICS = re.compile(r"(\\includegraphics(?:\[[^\]\n]*\])?\{)([^{}\n]+)\}")


def latex_images(text: str, resolve: UrlMap) -> str:
    """A deck's beamer `\\includegraphics[width=…]{img/x.png}` (which the talk shows as
    the image) with its image's new URL, as for a Markdown image."""
    def image(match: re.Match[str]) -> str:
        new = resolve(match.group(2).strip(), True)
        return match.group() if new is None or new == UNLINK else \
            f"{match.group(1)}{new}}}"

    return _GRAPHICS.sub(image, text) if "\\includegraphics" in text else text


_SLIDE_COMMENT = re.compile(r"<!--\s*\.slide:.*?-->", re.DOTALL)
_BACKGROUND = re.compile(r"""(\bdata-background(?:-image)?\s*=\s*)(["'])([^"'\n]+)\2""")


def slide_backgrounds(text: str, resolve: UrlMap) -> str:
    """A reveal.js deck's `<!-- .slide: data-background-image="img/x.png" -->` (or
    `data-background="img/x.png"`), and a remark deck's `background-image: url(…)`,
    with its image's new URL: the deck moved to `talks/`, its path from the old folder
    led nowhere (a colour stays as it is)."""
    def image(match: re.Match[str]) -> str:
        url = match.group(3).strip()
        if url.startswith("#") or re.match(r"(?:rgba?|hsla?)\(|[a-z]+$", url):
            return match.group()  # (`#1e293b`, `black`: a colour)
        new = resolve(url, True)
        return match.group() if new is None or new == UNLINK else \
            f"{match.group(1)}{match.group(2)}{new}{match.group(2)}"

    def remark(match: re.Match[str]) -> str:
        new = resolve(match.group(2).strip(), True)
        return match.group() if new is None or new == UNLINK else \
            f"{match.group(1)}{new}{match.group(3)}"

    if "background-image:" in text:
        text = _REMARK_BACKGROUND.sub(remark, text)
    return _SLIDE_COMMENT.sub(lambda m: _BACKGROUND.sub(image, m.group()), text) \
        if ".slide:" in text else text


_REMARK_BACKGROUND = re.compile(r"""^(background-image:[ \t]*url\([ \t]*["']?)"""
                                r"""([^"'()\s]+)(["']?[ \t]*\)[ \t]*)$""", re.MULTILINE)
"""A remark or xaringan slide's property `background-image: url(img/x.jpg)`, at a
line's start as remark reads it (its path, too, from the deck's old folder)."""
