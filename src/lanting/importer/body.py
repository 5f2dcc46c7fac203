"""Conversions of post bodies shared by the generators: Lanting's forms of callouts,
collapsibles, figures and tabs, arguments of tags and shortcodes, Goldmark's attribute
lists. Links and images mapped to the new site are in `body_links.py`, code kept aside
while the prose is converted in `shelf.py`, the math conventions of the old renderers in
`body_math.py`, kramdown's own syntax in `kramdown.py`."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from lanting.importer.body_tables import table_math
from lanting.importer.body_unconverted import unconverted as unconverted
from lanting.importer.body_unconverted import unconverted_out_of_addresses
from lanting.importer.linebreaks import hard_breaks
from lanting.importer.percent_lines import shown_percent_lines
from lanting.importer.shelf import MARKER, Shelf, fence, protect_code
from lanting.markdown.anchors import github_slug
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


def html_block_lines(text: str) -> str:
    """HTML as one block to Markdown: lines unindented (four spaces make code), blank
    lines dropped (they end the block); a `<pre>`'s lines kept as they are."""
    parts = re.split(r"(<pre\b.*?</pre>)", text, flags=re.DOTALL | re.IGNORECASE)
    out = []
    for n, part in enumerate(parts):
        out.append(part if n % 2 else "\n".join(
            line.strip() for line in part.split("\n") if line.strip()))
    return "".join(out).strip()


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


def indented_code(text: str, shelf: Shelf, as_written: bool = False) -> tuple[str, int]:
    """Indented code blocks (four spaces or more, after a blank line or at the start,
    not in a list item nor under a `!!! note` admonition's head) as fences put aside:
    inside a callout the first would have continued its title line, the lines joined as
    prose. `as_written`: put aside as they are, indented (their tabs kept). Returns
    (text, how many)."""

    def deep(line: str) -> bool:
        expanded = line.expandtabs(4)
        return bool(line.strip()) and len(expanded) - len(expanded.lstrip()) >= 4

    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        before = next((line for line in reversed(out) if line.strip()), "")
        if not deep(lines[i]) or (out and out[-1].strip()) or before[:1] in (" ", "\t") \
                or re.match(r"[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)", before) \
                or re.match(r"(?:!!!|\?\?\?\+?)[ \t]", before):  # (an admonition's body)
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and (deep(lines[end]) or not lines[end].strip()):
            end += 1
        while not lines[end - 1].strip():
            end -= 1
        out.append(shelf.put("\n".join(lines[i:end]) if as_written else fence(
            "", "\n".join(line.expandtabs(4)[4:] for line in lines[i:end]))))
        count += 1
        i = end
    return "\n".join(out), count


def details(summary: str, body: str, opened: bool = False) -> str:
    """A collapsible block; `opened`: shown unfolded until the reader folds it."""
    summary = re.sub(r"<[^>]+>", "", summary).strip() or "…"
    tag = "<details open>" if opened else "<details>"
    return block(f"{tag}\n<summary>{summary}</summary>\n\n{body.strip()}\n\n</details>")


def figure(src: str, caption: str, alt: str = "", size: str = "") -> str:
    """Lanting's numbered figure: an image alone in its paragraph, with a title (`size`:
    its attribute block, `{width=400}`, which Lanting reads)."""
    caption = " ".join(caption.split())
    title = caption.replace('"', "”")
    alt = " ".join((alt or _plain(caption)).split()).replace("]", "\\]").replace("[", "\\[")
    if not caption:
        return block(f"![{alt}]({src}){size}")
    return block(f'![{alt}]({src} "{title}"){size}')


def size_block(width: str = "", height: str = "") -> str:
    """An image's attribute block for its size (`400px`, `50%`), or "" for none."""
    parts = [f'{key}="{value}"' for key, value in (("width", width), ("height", height))
             if value]
    return "{" + " ".join(parts) + "}" if parts else ""


_MARKUP = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)|(\*\*|__|\*|`)(.+?)\2|\$([^$\n]+)\$")


def _plain(markdown: str) -> str:
    """A caption's text for the image's alt text: links' and emphasis' text, formulas'
    TeX (the caption, below the image, shows them rendered)."""
    return _MARKUP.sub(lambda m: m.group(1) if m.group(1) is not None
                       else m.group(3) if m.group(3) is not None else m.group(4), markdown)


def tabs(parts: list[tuple[str, str]]) -> str:
    """Tabs flattened: a bold label, then the tab's content, in order."""
    return "".join(block(f"**{name.strip()}**") + block(body) for name, body in parts)


def tidy(text: str, myst: bool = False) -> str:
    """Blank lines between blocks at most one; no spaces at line ends, but a line break
    written as two of them (CommonMark's, kramdown's, Python-Markdown's, Pandoc's) is
    written `\\`; the body ends with one line end. A link whose URL could not be
    converted (`[x]({% post_url gone %})`, or a part of it, `[x](/tags/#{{ tag }})`)
    is its text followed by the comment: a comment for a URL made a broken link nobody
    could read; so is an HTML link (`<a>x</a>`, the comment after its tag, outside the
    address), and another HTML tag holding one in an attribute is a comment of the tag
    as written. Unless the old site read
    MyST (`myst`), a `%` starting a line of prose is written `\\%`: it was text there,
    and Lanting hides the line as MyST's comment."""
    if not myst:
        text, _count = shown_percent_lines(text)
    text = unconverted_out_of_addresses(text)
    if "  \n" in text:
        shelf = Shelf()
        text, _count = hard_breaks(protect_code(text, shelf), spaces_only=True,
                                    shelf=shelf)
        text = shelf.restore(text)
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
    text, count = empty_self_links(text)
    convert("empty links to the page itself (`<a href=\"#x\" />`) as anchors", count)
    return text


def html_anchors(text: str) -> tuple[str, int]:
    """`<a name="x"></a>` (or `<a name="x"/>`) → `<a id="x"></a>`."""
    return re.subn(r"<a\s+name=([\"'])([^\"']+)\1\s*/?>(?:\s*</a>)?",
                   lambda m: f'<a id="{m.group(2)}"></a>', text)


EMPTY_SELF_LINK = r"<a\s+href=([\"'])#{}\1\s*(?:/>|>\s*</a>)"
"""An `<a href="#x" />` with nothing in it (`{}` the fragment's pattern): no reader can
click it, so its author meant the anchor `x` (`<a name>` mistyped): the page's links to
`#x` go there."""
_EMPTY_SELF_LINK = re.compile(EMPTY_SELF_LINK.format(r"([^\"'#\s<>]+)"), re.IGNORECASE)
_HEADING_TEXT = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def empty_self_links(text: str) -> tuple[str, int]:
    """Each `EMPTY_SELF_LINK` to an id no heading or element of the page has, as the
    anchor its author meant, `<a id="x"></a>` (the old page's links to `#x` went nowhere,
    and Lanting's build stops at them). Returns (text, how many)."""
    taken = set(re.findall(r"\b(?:id|name)=[\"']([^\"']+)", text))
    taken.update(re.findall(r"\{#([\w-]+)", text))
    taken.update(github_slug(heading) for heading in _HEADING_TEXT.findall(text))

    def one(match: re.Match[str]) -> str:
        fragment = match.group(2)
        return match.group() if fragment in taken or fragment == "top" \
            else f'<a id="{fragment}"></a>'

    return _EMPTY_SELF_LINK.subn(one, text)


def emoji(text: str) -> tuple[str, int]:
    """jemoji's shortcodes (`:tada:`) as the emoji, and how many: the names Lanting reads."""
    return emojize(text)


def first_line(text: str, needle: str) -> int | None:
    """The 1-based line of `needle` in `text` (for the report), or None."""
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1


_QUOTE_START = re.compile(r"^([ \t]*)>")


def quote_whole_blocks(text: str) -> tuple[str, int]:
    """Each block (lines between blank lines) that starts with `>` made a quote on
    every line, as Python-Markdown reads it: `> $$` with the formula's lines after it
    unmarked was one quoted formula there. CommonMark continues a quote lazily only
    with paragraph text, so the formula, or a list, left the quote and its closing `$$`
    opened a formula running to the next one. Returns (text, lines marked)."""
    lines = text.split("\n")
    marked = 0
    indent: str | None = None
    for i, line in enumerate(lines):
        if not line.strip():
            indent = None
            continue
        start = _QUOTE_START.match(line)
        if indent is None:
            indent = start.group(1) if start and (i == 0 or not lines[i - 1].strip()) \
                else None
            continue
        if start is None and line.startswith(indent) and not line[len(indent):].startswith(
                (" ", "\t")):
            lines[i] = f"{indent}> {line[len(indent):]}"
            marked += 1
    return "\n".join(lines), marked
