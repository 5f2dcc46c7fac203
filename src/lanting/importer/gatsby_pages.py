"""A Gatsby page written in React (`src/pages/about.js`) whose JSX is static — tags,
text and literal attributes, no data from a query, no expression — as an HTML page: an
about, teaching or contact page is usually just that. `<Layout>`-like wrappers are
unwrapped, `<Seo title="…" />` (or `<Helmet><title>`) gives the title, `<Link to>` is a
link, `<StaticImage src>` an image (its file found from the page's folder), `className`
is `class`, the text spaced as React spaced it (`jsx_text`). A page holding anything
else (`{data.site…}`, `.map(`, a prop passed on) is not read: the caller warns, as
before."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.body import html_block_lines
from lanting.importer.common import read_text
from lanting.importer.docusaurus_mdx import style

_JSX_START = re.compile(r"(?:\breturn|=>)\s*\(?\s*(?=<[A-Za-z>])")
_DEFAULT = re.compile(r"export\s+default\s+(?:function\s+)?([A-Za-z_]\w*)")
_TAG = re.compile(r"<(/?)([A-Za-z][\w.]*)?")
_LITERAL = re.compile(r"""\{\s*(?:"([^"\\]*)"|'([^'\\]*)'|`([^`$\\]*)`)\s*\}""")
_COMMENT = re.compile(r"\{\s*/\*.*?\*/\s*\}", re.DOTALL)
_ATTR = re.compile(r"""\s([\w:-]+)(?:=(?:"([^"]*)"|'([^']*)'|\{((?:[^{}]|\{[^{}]*\})*)\}))?""")
_HEAD = frozenset({"Seo", "SEO", "Helmet", "Head", "HeadTags"})
"""Components that only set the page's `<head>`: their title is the page's."""
_HEAD_TITLE = re.compile(r"""<(?:Seo|SEO)\b[^<>]*?\btitle="""
                         r"""(?:"([^"]*)"|'([^']*)'|\{\s*"([^"]*)"\s*\})|<title>([^<{]*)</title>""")
_IMAGE_PROPS = frozenset({"src", "alt", "width", "height", "title"})


@dataclass(frozen=True)
class ReactPage:
    title: str
    html: str
    dropped: list[str]
    """The site's own components left out (`<Bio />`): what they drew is not known."""


def jsx_root(text: str, start: int) -> str | None:
    """The JSX element starting at `start` (`<div>…</div>`, `<>…</>`), braces and quotes
    inside its tags and `{…}` skipped; None when it does not close."""
    depth, i = 0, start
    while i < len(text):
        char = text[i]
        if char == "{":
            end = _closing_brace(text, i)
            if end is None:
                return None
            i = end + 1
            continue
        if char == "<" and (i + 1 < len(text) and (text[i + 1].isalpha() or text[i + 1]
                                                    in "/>")):
            closing = text[i + 1] == "/"
            end = _tag_end(text, i)
            if end is None:
                return None
            self_closing = text[end - 1] == "/"
            depth += -1 if closing else 0 if self_closing else 1
            i = end + 1
            if depth == 0:
                return text[start:i]
            continue
        i += 1
    return None


def _closing_brace(text: str, start: int) -> int | None:
    depth, i, quote = 0, start, ""
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "'\"`":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None


def _tag_end(text: str, start: int) -> int | None:
    """The index of the `>` closing the tag opening at `start`."""
    i, quote = start + 1, ""
    while i < len(text):
        char = text[i]
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "{":
            end = _closing_brace(text, i)
            if end is None:
                return None
            i = end
        elif char == ">":
            return i
        i += 1
    return None


def page_jsx(text: str) -> str | None:
    """The JSX a page's component returns: the one root in the file, else the root
    after the default export's definition."""
    roots = [(m.end(), jsx_root(text, m.end())) for m in _JSX_START.finditer(text)]
    found = [(at, root) for at, root in roots if root is not None]
    if len(found) == 1:
        return found[0][1]
    name = _DEFAULT.search(text)
    if name is None:
        return None
    defined = re.search(rf"\b(?:const|function|let)\s+{re.escape(name.group(1))}\b", text)
    after = [root for at, root in found if defined is not None and at > defined.end()]
    return after[0] if after else None


def react_page(text: str) -> ReactPage | None:
    """The page as HTML, or None when its JSX is not static."""
    jsx = page_jsx(text)
    if jsx is None:
        return None
    jsx = _COMMENT.sub("", jsx)
    literals: list[str] = []

    def keep(match: re.Match[str]) -> str:
        literals.append(html.escape(next(g for g in match.groups() if g is not None),
                                    quote=False))
        return f"\ue020{len(literals) - 1}\ue021"

    def restore(text: str) -> str:
        return re.sub("\ue020(\\d+)\ue021", lambda m: literals[int(m.group(1))], text)

    jsx = _LITERAL.sub(keep, jsx)
    title = ""
    dropped: list[str] = []
    out: list[str] = []
    run: list[str] = []
    i = 0
    while i < len(jsx):
        tag = _TAG.match(jsx, i) if jsx[i] == "<" else None
        if tag is None:
            if jsx[i] == "{":
                return None  # (an expression: data, a prop, a loop)
            run.append(jsx[i])
            i += 1
            continue
        out.append(restore(jsx_text("".join(run), out[-1] if out else "", jsx[i:i + 12])))
        run = []
        end = _tag_end(jsx, i)
        if end is None:
            return None
        whole = restore(jsx[i:end + 1])
        closing, name = bool(tag.group(1)), tag.group(2) or ""
        i = end + 1
        converted = _tag(whole, closing, name)
        if converted is None:
            return None
        if name in _HEAD:  # (its title is the page's; its children, `<meta>`, left out)
            title = title or _attributes(whole).get("title", "")
            if not whole.endswith("/>") and not closing:
                close = jsx.find(f"</{name}>", i)
                inner = jsx[i:close] if close >= 0 else ""
                named = re.search(r"<title>([^<]*)</title>", inner)
                title = title or (named.group(1).strip() if named else "")
                i = close + len(name) + 3 if close >= 0 else len(jsx)
            continue
        if name[:1].isupper() and name not in ("Link", "StaticImage") and name not in \
                dropped and whole.endswith("/>"):
            dropped.append(name)
        out.append(converted)
    body = "".join(out) + restore(jsx_text("".join(run), out[-1] if out else "", ""))
    # (the page's first `<h1>` is the title its readers saw; else its `<head>`'s, set
    # in the page or in Gatsby's `Head` export)
    heading = re.search(r"<h1\b[^>]*>(.*?)</h1>", body, re.DOTALL)
    if heading is not None:
        title = _text(heading.group(1))
        body = body[:heading.start()] + body[heading.end():]
    head = _HEAD_TITLE.search(text)
    title = title or (html.unescape(next(g for g in head.groups() if g is not None))
                      if head else "")
    if not _text(body) and "<img" not in body:
        return None  # (its text all in components: `<FormattedMessage id=… />`)
    return ReactPage(title, html_block_lines(body), dropped)


def _attributes(tag: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTR.finditer(re.sub(r"^<[\w.]+|/?>$", "", tag)):
        name, double, single, expression = match.groups()
        if expression is not None:
            literal = re.fullmatch(r"""\s*(?:"([^"]*)"|'([^']*)'|(\d+))\s*""", expression)
            css = style(expression) if name == "style" else None
            if literal is None and css is None:
                raise ValueError(expression)
            found[name] = css if css is not None else next(
                g for g in literal.groups() if g is not None)  # type: ignore[union-attr]
        else:
            found[name] = double if double is not None else single or ""
    return found


def _tag(whole: str, closing: bool, name: str) -> str | None:
    """A JSX tag as HTML; "" for a component's own tag; None when it holds an
    expression."""
    if not name:  # (a fragment, `<>`)
        return ""
    if closing:
        return "</a>" if name == "Link" else "" if name[:1].isupper() else f"</{name}>"
    try:
        attrs = _attributes(whole)
    except ValueError:
        return None
    self_closing = whole.endswith("/>")
    if name == "Link":
        attrs = {("href" if k == "to" else k): v for k, v in attrs.items()
                 if k not in ("activeClassName", "activeStyle", "partiallyActive")}
        name = "a"
    elif name == "StaticImage":
        attrs = {k: v for k, v in attrs.items() if k in _IMAGE_PROPS}
        name, self_closing = "img", False
    elif name[:1].isupper():
        return ""
    renamed = {"className": "class", "htmlFor": "for"}
    written = "".join(f' {renamed.get(k, k)}="{html.escape(v)}"' for k, v in attrs.items())
    if self_closing and name.lower() not in ("img", "br", "hr", "input", "source", "wbr"):
        return f"<{name}{written}></{name}>"
    return f"<{name}{written}>"


_BLOCK = re.compile(r"</?(?:p|div|ul|ol|li|h[1-6]|section|article|header|footer|main|nav"
                    r"|aside|table|thead|tbody|tr|td|th|blockquote|pre|figure|figcaption"
                    r"|hr|br|dl|dt|dd)\b", re.IGNORECASE)


def jsx_text(text: str, before: str, after: str) -> str:
    """A run of JSX text as React showed it (Babel's rule): each line's indentation and
    trailing spaces dropped, the lines with text joined by one space, a run of spaces
    and line ends alone dropped (`compilers</a>⏎  and` read `compilersand`; a `{" "}`
    writes the space, kept apart as a literal). Where it held a line end between block
    tags (`before`, `after`: the tags beside it), a line end stays, for the HTML to
    read by lines; between inline ones, HTML would show it as a space: none."""
    lines = text.replace("\t", " ").split("\n")
    kept = [line for line in lines if line.strip(" ")]
    if not kept:
        return "\n" if "\n" in text and (_BLOCK.match(before) or _BLOCK.match(after)) \
            else text if "\n" not in text else ""
    last = max(n for n, line in enumerate(lines) if line.strip(" "))
    parts: list[str] = []
    for n, line in enumerate(lines):
        line = line if n == 0 else line.lstrip(" ")
        line = line if n == len(lines) - 1 else line.rstrip(" ")
        if line:
            parts.append(line + ("" if n == last else " "))
    return "".join(parts)


def _text(fragment: str) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", "", fragment).split()))


def imported_by(path: Path) -> str | None:
    """The name of the MDX or Markdown post beside a file of `src/pages/` that imports
    it (`import Chart from './chart'`): Gatsby made a page of every such file, but it is
    the post's component, not a page; None when none does."""
    wanted = re.compile(rf"""^import\s.+?\sfrom\s+['"]\./{re.escape(path.stem)}"""
                        rf"""(?:{re.escape(path.suffix)})?['"]""", re.MULTILINE)
    for sibling in sorted(path.parent.iterdir()):
        if sibling.suffix.lower() in (".mdx", ".md") and wanted.search(read_text(sibling)):
            return sibling.name
    return None
