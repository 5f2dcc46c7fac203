"""Inline HTML in a one-line front matter value (a page's `description`) as Markdown.

Jekyll themes print `page.description` as it is, so owners write links in it as HTML
(`Full list on <a href="…">Google Scholar</a>`). Lanting's front matter holds no HTML: a
summary shows it as text. The few inline tags owners use become their Markdown; a value
with any other tag is left as written (the build's warning then points at it)."""

from __future__ import annotations

import html
import re

_LINK = re.compile(r"<a\s+(?:[^>]*?\s)?href\s*=\s*([\"'])([^\"'<>]*)\1[^>]*>(.*?)</a\s*>",
                   re.IGNORECASE | re.DOTALL)
_EMPHASIS = {"b": "**", "strong": "**", "i": "*", "em": "*"}
_STRONG = re.compile(r"<(b|strong|i|em)\s*>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_BREAK = re.compile(r"<br\s*/?>|</?p\b[^>]*>", re.IGNORECASE)
"""A line break, and a paragraph's tags (a subtitle of two lines, `<p>…</p> <p>…</p>`):
a space, in a value of one line."""
_WRAPPER = re.compile(r"</?(?:font|span|u)\b[^>]*>", re.IGNORECASE)
"""Tags that only coloured, underlined or grouped their text: their text stays, plain."""
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_CODE = re.compile(r"`[^`]*`")


def inline_html_as_markdown(text: str) -> str:
    """`text` with its links, bold, italics, line breaks, paragraphs and
    `<font>`/`<span>`/`<u>` wrappers as Markdown (`[t](url)`, `**b**`, `*i*`, a space,
    their text); `text` unchanged when it has another tag, or a code span (where `<a>`
    is what the owner wants shown)."""
    if not _TAG.search(text) or _CODE.search(text):
        return text
    out = _WRAPPER.sub("", _BREAK.sub(" ", text))
    for _ in range(3):  # (a link in bold, bold in a link: innermost first)
        out = _STRONG.sub(lambda m: _emphasis(m.group(1), m.group(2)), out)
        out = _LINK.sub(_link, out)
    if _TAG.search(out):
        return text
    return " ".join(out.split())


def _emphasis(tag: str, inner: str) -> str:
    mark = _EMPHASIS[tag.lower()]
    return f"{mark}{inner.strip()}{mark}" if inner.strip() else ""


def _link(match: re.Match[str]) -> str:
    url, label = html.unescape(match.group(2).strip()), " ".join(match.group(3).split())
    if not label:  # (an empty `<a>` around a coloured blank shows nothing)
        return ""
    if not url:
        return label
    url = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    label = label.replace("[", "\\[").replace("]", "\\]")
    return f"[{label}]({url})"


def html_as_text(text: str) -> str:
    """A line of HTML (a theme's footer, `Copyright &copy; 2024 <a href="…">Ann</a>`) as
    the text it showed: tags left out, entities read, spaces collapsed (Lanting's
    `copyright` is text)."""
    return " ".join(html.unescape(_TAG.sub("", text)).split())
