"""Conversions of post bodies shared by the generators: Lanting's forms of callouts,
collapsibles, figures and tabs, arguments of tags and shortcodes, Goldmark's attribute
lists, links and images mapped to the new site. Code kept aside while the prose is
converted is in `shelf.py`, the math conventions of the old renderers in `body_math.py`,
kramdown's own syntax in `kramdown.py`."""

from __future__ import annotations

import bisect
import re
import shlex
from collections.abc import Callable
from urllib.parse import unquote

from lanting.importer.body_math import INLINE_MATH, table_math
from lanting.importer.shelf import MARKER, Shelf, fence
from lanting.markdown.emoji import emojize

# --- Lanting's block forms ------------------------------------------------------------------


def block(text: str) -> str:
    """A block construct with blank lines around it (extra ones are removed at the end)."""
    return f"\n\n{text.strip(chr(10))}\n\n"


CALLOUTS = {"note": "NOTE", "info": "NOTE", "primary": "NOTE", "default": "NOTE",
            "blue": "NOTE", "tip": "TIP", "success": "TIP", "green": "TIP", "hint": "TIP",
            "important": "IMPORTANT", "purple": "IMPORTANT", "warning": "WARNING",
            "warn": "WARNING", "orange": "WARNING", "yellow": "WARNING", "danger": "CAUTION",
            "error": "CAUTION", "caution": "CAUTION", "red": "CAUTION"}


def callout_kind(attributes: str) -> str | None:
    """The callout an attribute list's classes ask for: al-folio's `.block-tip`, Chirpy's
    `.prompt-tip`, minimal-mistakes' `.notice--info` (a bare `.notice` is a note)."""
    for name in re.findall(r"\.([\w-]+)", attributes):
        bare = name.removeprefix("block-").removeprefix("prompt-").removeprefix("notice--")
        if bare in CALLOUTS:
            return CALLOUTS[bare]
        if bare == "notice":
            return "NOTE"
    return None


def relined(text: str, change: Callable[[str], str], shelf: Shelf | None = None) -> str:
    """`text` with each line through `change` (a quote's `> `, an item's indentation),
    the lines of code put aside in it (`C`, a fence: one marker, many lines) too: else
    the code came back unquoted, outside its quote, and the quote ended before it."""

    def aside(match: re.Match[str]) -> str:
        assert shelf is not None
        head, newline, rest = shelf.restore(match.group()).partition("\n")
        if not newline:
            return match.group()
        return shelf.put(head + "\n" + "\n".join(change(line) for line in rest.split("\n")))

    if shelf is not None:
        text = MARKER.sub(lambda m: aside(m) if m.group(1) == "C" else m.group(), text)
    return "\n".join(change(line) for line in text.split("\n"))


def quoted(line: str) -> str:
    return f"> {line}" if line.strip() else ">"


def callout(kind: str, body: str, title: str = "", shelf: Shelf | None = None) -> str:
    """A callout (`title` ending in `-` is Obsidian's folded one: `> [!NOTE]- Title`)."""
    head = f"> [!{kind}]" + (title if title.startswith("-") else f" {title}" if title else "")
    return block(head + "\n" + relined(body.strip("\n"), quoted, shelf))


def indented_code(text: str, shelf: Shelf) -> tuple[str, int]:
    """Indented code blocks (four spaces or more, after a blank line or at the start,
    not in a list item) as fences put aside: inside a callout the first would have
    continued its title line, the lines joined as prose. Returns (text, how many)."""

    def deep(line: str) -> bool:
        expanded = line.expandtabs(4)
        return bool(line.strip()) and len(expanded) - len(expanded.lstrip()) >= 4

    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        before = next((line for line in reversed(out) if line.strip()), "")
        if not deep(lines[i]) or (out and out[-1].strip()) or before[:1] in (" ", "\t") \
                or re.match(r"[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)", before):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and (deep(lines[end]) or not lines[end].strip()):
            end += 1
        while not lines[end - 1].strip():
            end -= 1
        out.append(shelf.put(fence("", "\n".join(line.expandtabs(4)[4:]
                                                 for line in lines[i:end]))))
        count += 1
        i = end
    return "\n".join(out), count


def details(summary: str, body: str) -> str:
    summary = re.sub(r"<[^>]+>", "", summary).strip() or "…"
    return block(f"<details>\n<summary>{summary}</summary>\n\n{body.strip()}\n\n</details>")


def figure(src: str, caption: str, alt: str = "") -> str:
    """Lanting's numbered figure: an image alone in its paragraph, with a title."""
    caption = " ".join(caption.split())
    title = caption.replace('"', "”")
    alt = " ".join((alt or caption).split()).replace("]", "\\]").replace("[", "\\[")
    if not caption:
        return block(f"![{alt}]({src})")
    return block(f'![{alt}]({src} "{title}")')


def tabs(parts: list[tuple[str, str]]) -> str:
    """Tabs flattened: a bold label, then the tab's content, in order."""
    return "".join(block(f"**{name.strip()}**") + block(body) for name, body in parts)


def unconverted(construct: str) -> str:
    """What has no Lanting form, kept where it was inside an HTML comment."""
    return "<!-- import: unconverted " + construct.replace("--", "- -") + " -->"


_LINK_TO_UNCONVERTED = re.compile(r"(!?)\[([^\]\n]*)\]\((<!-- import: unconverted .*? -->)\)")


def tidy(text: str) -> str:
    """Blank lines between blocks at most one; the body ends with one line end. A link
    whose URL could not be converted (`[x]({% post_url gone %})`) is its text followed by
    the comment: a comment for a URL made a broken link nobody could read."""
    text = _LINK_TO_UNCONVERTED.sub(lambda m: m.group(2) + m.group(3) if not m.group(1)
                                    else m.group(3), text)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip("\n") + "\n"


# --- arguments of tags and shortcodes ---------------------------------------------------------


def arguments(text: str) -> tuple[list[str], dict[str, str]]:
    """`a "b c" key="v w" k2=v` -> (["a", "b c"], {"key": "v w", "k2": "v"})."""
    try:
        words = shlex.split(text, posix=True)
    except ValueError:
        words = text.split()
    positional: list[str] = []
    named: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if eq and re.fullmatch(r"[A-Za-z_][\w-]*", key):
            named[key] = value
        else:
            positional.append(word)
    return positional, named


# --- summaries and captions -------------------------------------------------------------------


_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_STRONG_OR_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|\*)(?=\S)(.+?)(?<=\S)\1(?![\w*])")
"""(Not inside a word: `2*3*4` is more likely a product than emphasis in a summary.)"""
_CODE_SPAN = re.compile(r"`([^`]+)`")


def plain_inline(text: str) -> str:
    """A front-matter summary or abstract that Hugo rendered as Markdown, as the text it
    showed: links as their text, emphasis and code marks dropped (Lanting shows a summary
    as text: `[ITIV Lab](https://…)` showed as written)."""
    text = _INLINE_LINK.sub(lambda m: m.group(1), text)
    text = _STRONG_OR_EMPHASIS.sub(lambda m: m.group(2), text)
    return " ".join(_CODE_SPAN.sub(lambda m: m.group(1), text).split())


_CAPTIONED_IMAGE = re.compile(r"^([ \t]*!\[[^\]\n]*\]\([^)\s]+)\)(\{[^{}\n]*\})?[ \t]*\n"
                              r"[ \t]*_([^_\n]+)_[ \t]*$", re.MULTILINE)
"""(An image's attribute list, `{: w="200" }`, stays after it: Lanting reads it.)"""


_MARKDOWN_IN_CAPTION = re.compile(r"[$`*\\]|\]\(|<")
"""What a title, plain text, cannot hold: a formula, code, emphasis, a link, HTML."""


def italic_captions(text: str) -> tuple[str, int]:
    """Chirpy's caption, an italic line right under an image, as the image's title (a
    numbered figure with that caption in Lanting). Returns (text, how many). Left as
    written (the italic line under the image): a caption with Markdown in it (a
    title showed `$H$` and `[wiki](…)` as written), and one under the second of two
    images (a light and a dark one: the title of the last made no figure, and the
    caption was only a tooltip)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        caption = match.group(3)
        before = text[:match.start()].rstrip(" \t")
        if '"' in caption or _MARKDOWN_IN_CAPTION.search(caption) or (
                before and not before.endswith("\n\n") and before.strip()):
            return match.group(0)
        count += 1
        return f'{match.group(1)} "{caption.strip()}"){match.group(2) or ""}'

    return _CAPTIONED_IMAGE.sub(one, text), count


_IMAGE_ATTRIBUTES = re.compile(r"(!\[[^\]\n]*\]\([^)\n]*\))(\{:?[^{}\n]*\})")
_SCHEME_CLASS = re.compile(r"(?<=[\s{:])\.(light|dark)(?=[\s}])")


def scheme_images(text: str) -> tuple[str, int]:
    """Chirpy's `![a](x.png){: .dark}` and `{: .light}` (an image for one colour scheme,
    the other hidden) as Lanting's `.only-dark` and `.only-light`: the page showed both,
    one after the other. Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        attributes, n = _SCHEME_CLASS.subn(r".only-\1", match.group(2))
        count += n
        return match.group(1) + attributes

    return _IMAGE_ATTRIBUTES.sub(one, text), count


# --- Goldmark attribute lists --------------------------------------------------------


_GOLDMARK_HEADING = re.compile(r"^(#{1,6}[ \t].*?)[ \t]*\{([^{}\n]*)\}[ \t]*$", re.MULTILINE)
_GOLDMARK_LINE = re.compile(r"^[ \t]*\{[ \t]*[.#][^{}\n]*\}[ \t]*$|^[ \t]*\{[ \t]*[\w-]+=\"[^\"]*\""
                            r"(?:[ \t]+[\w-]+=\"[^\"]*\")*[ \t]*\}[ \t]*$", re.MULTILINE)


def goldmark_attributes(text: str) -> tuple[str, int]:
    """`## Title {#id .class}` → `<a id="id"></a>` before the heading (its old id keeps
    answering); attribute lines after blocks (`{.table-striped}`) removed."""
    count = 0

    def heading(match: re.Match[str]) -> str:
        nonlocal count
        attrs = match.group(2)
        if not re.fullmatch(r"\s*([#.][\w-]+\s*|[\w-]+=\"[^\"]*\"\s*)+", attrs):
            return match.group()
        count += 1
        ident = re.search(r"#([\w-]+)", attrs)
        anchor = f'<a id="{ident.group(1)}"></a>\n' if ident else ""
        return anchor + match.group(1)

    text = _GOLDMARK_HEADING.sub(heading, text)
    text, n = _GOLDMARK_LINE.subn("", text)
    return text, count + n


# --- small things -------------------------------------------------------------------------------


def tables_and_anchors(text: str, convert: Callable[[str, int], None]) -> str:
    """What every generator's bodies need last: `|` in table math, `<a name>` anchors
    (`convert(what, count)` reports each)."""
    text, count = table_math(text)
    convert("| in table math", count)
    text, count = html_anchors(text)
    convert("<a name> anchors", count)
    return text


def html_anchors(text: str) -> tuple[str, int]:
    """`<a name="x"></a>` (or `<a name="x"/>`) → `<a id="x"></a>`."""
    return re.subn(r"<a\s+name=([\"'])([^\"']+)\1\s*/?>(?:\s*</a>)?",
                   lambda m: f'<a id="{m.group(2)}"></a>', text)


def emoji(text: str) -> tuple[str, int]:
    """jemoji's shortcodes (`:tada:`) as the emoji, and how many: the names Lanting reads."""
    return emojize(text)


# (a URL may hold balanced parentheses, as in CommonMark: `TD(0).png`)
_LINK = re.compile(r"(!?)\[((?:[^\[\]\n]|\n(?![ \t]*\n)|\[[^\]\n]*\])*)\]\([ \t]*(<[^>\n]*>|"
                   r"(?:[^\s()]|\([^\s()]*\))+)"
                   r"((?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?)[ \t]*\)")
_RAW_URL = re.compile(r"(<(?:img|a|source|video|audio|script|link|iframe|embed)\b[^>]*?"
                      r"\s(?:src|href)\s*=\s*)([\"'])([^\"'\n]*)\2", re.IGNORECASE)
"""A URL of raw HTML: an image, a link, a video, a PDF shown in an `<iframe>` or an
`<embed>` (a file beside the page: it must move with it)."""

UrlMap = Callable[[str, bool], str | None]
"""A link's or image's new URL (None: as written; `UNLINK`: the link's text alone)."""

UNLINK = "\x00unlink"
"""What a `UrlMap` returns for a Markdown link that led nowhere on the old site and has
no page to lead to now (the writer's note that was never published): its text stays."""
"""(URL as written, is an image) -> the URL to write, or None to keep it."""


_SPACED_IMAGE = re.compile(r"(!\[[^\]\n]*\]\()([^()<>\n\"']*[ \t][^()<>\n\"']*)\)")
"""`![](29_cs110/branch prediction.png)`: a path with a space, which Typora shows and
Markdown reads as text."""


def spaced_image_paths(text: str, exists: Callable[[str], bool]) -> tuple[str, int]:
    """Typora's image paths with spaces, of files that `exists`, in angle brackets (the
    way Markdown takes a path with a space). Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        path = match.group(2).strip()
        if not exists(path):
            return match.group()
        count += 1
        return f"{match.group(1)}<{path}>)"

    return _SPACED_IMAGE.sub(one, text), count


_DISPLAY_MATH = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$|\\\[.+?\\\]", re.DOTALL)
_COMMAND = re.compile(r"\\[A-Za-z]")


def _formula_starts(text: str) -> tuple[list[int], list[int]]:
    """Where the formulas of `text` start and end: display ones, and inline ones with a
    TeX command (a `$` in prose, `$5 … $6`, spans no link)."""
    spans = [m.span() for m in _DISPLAY_MATH.finditer(text)] if "$$" in text or "\\[" in text \
        else []
    if "$" in text and "\\" in text:
        spans += [m.span() for m in INLINE_MATH.finditer(text) if _COMMAND.search(m.group(1))]
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(spans):  # (merged where they overlap)
        if ends and start < ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


_PATH_BACKSLASH = re.compile(r"""\\(?![!-/:-@\[-`{-~])""")
"""A backslash that escapes no ASCII punctuation (Markdown's escapes): a path's."""


def _slashed(url: str, markdown: bool) -> str:
    """A relative URL written with backslashes (`img\\a.png`, on Windows) as browsers
    read it, with slashes; in Markdown, `\\_` is an escape and stays."""
    if "\\" not in url or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url):
        return url
    return _PATH_BACKSLASH.sub("/", url) if markdown else url.replace("\\", "/")


def map_urls(text: str, resolve: UrlMap, raw_html: bool = True) -> str:
    """Every Markdown link and image and (unless not `raw_html`) every raw-HTML
    `src`/`href`, through `resolve`; not what only looks like one inside a formula
    (`\\bigg[…\\bigg](1-P(x))`)."""
    starts, ends = _formula_starts(text)

    def in_formula(at: int) -> bool:
        i = bisect.bisect_right(starts, at) - 1
        return i >= 0 and at < ends[i]

    def markdown(match: re.Match[str]) -> str:
        if starts and in_formula(match.start()):
            return match.group()
        url = _slashed(match.group(3).strip("<>"), markdown=True)
        # (a linked image, `[![alt](fig.png)](https://…)`: the image's URL too)
        text = _LINK.sub(markdown, match.group(2)) if "](" in match.group(2) else match.group(2)
        new = resolve(url, bool(match.group(1)))
        if new == UNLINK:
            return text if not match.group(1) else match.group()
        if new is None:
            if text == match.group(2):
                return match.group()
            new = match.group(3)
        return f"{match.group(1)}[{text}]({new}{match.group(4)})"

    def raw(match: re.Match[str]) -> str:
        # (`src="/x.png "`: browsers strip the spaces around a URL attribute's value)
        new = resolve(_slashed(match.group(3).strip(), markdown=False),
                      "<img" in match.group(1).lower())
        return match.group() if new is None or new == UNLINK else \
            f"{match.group(1)}{match.group(2)}{new}{match.group(2)}"

    text = _LINK.sub(markdown, text)
    return _RAW_URL.sub(raw, text) if raw_html else text


_HEADING_LINE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
_FRAGMENT_LINK = re.compile(r"(\]\()#([^)\s]+)\)")


def heading_lines(text: str) -> list[str]:
    """The text of each ATX heading (`## Title`) of a body, in order."""
    return _HEADING_LINE.findall(text)


def repair_fragments(text: str, ids: list[str], loose: Callable[[str], str],
                     repaired: Callable[[str, str, str], None],
                     dead: Callable[[str, str], str | None] | None = None) -> str:
    """`[x](#Introduce)` to the heading whose id is `introduce` (or `#Introduce` to the
    one whose id keeps its case): written for GitHub or Typora, the link found no heading
    on the old site either, and Lanting's build fails on it. Each is pointed at the
    heading whose id `loose` makes the same as the fragment (`repaired(link, fragment,
    id)` is told); links that find their heading are left alone. A link that finds none
    is `dead(link, fragment)`'s replacement for `](#fragment)`, unless that is None."""
    keyed = {loose(i): i for i in reversed(ids)}

    def one(match: re.Match[str]) -> str:
        fragment = unquote(match.group(2))
        if fragment in ids:
            return match.group()
        found = keyed.get(loose(fragment))
        if found is None:
            replacement = dead(match.group(), fragment) if dead is not None else None
            return match.group() if replacement is None else replacement
        repaired(match.group(), fragment, found)
        return f"{match.group(1)}#{found})"

    return _FRAGMENT_LINK.sub(one, text) if ids or dead is not None else text


def first_line(text: str, needle: str) -> int | None:
    """The 1-based line of `needle` in `text` (for the report), or None."""
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1
