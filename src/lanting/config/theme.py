"""`[theme]` of `lanting.toml`: every value checked at load, each problem at its line.

Trust: `head_html` and `footer_html` are the site owner's HTML, trusted as the site's
templates are (a `<script>` runs). They are checked for what breaks a page by mistake —
an unclosed element that would swallow the footer, a `<div>` in `<head>` that would end
it, a stray `</body>` — and, as everywhere in `lanting.toml`, for `javascript:`-style
URLs, which no page of a Lanting site links to.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from lanting.config.schema import SchemaProblem
from lanting.markdown.urls import URL_HINT, unsafe_url_reason
from lanting.model.config import Config, MarkdownConfig

HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
CSS_LENGTH = re.compile(r"(?:\d+(?:\.\d+)?|\.\d+)(?:rem|em|px|ch|vw|%)")
FONT_NAME = re.compile(r"[^\"'\\;{}<>\x00-\x1f\x7f]{1,100}")
"""A font family name, written into CSS inside double quotes: no quote, backslash, `;`,
braces, angle brackets or control character can end the string or the rule."""
GENERIC_FAMILIES = frozenset({
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
    "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong"})
"""CSS generic families: written unquoted; one at the end of a list ends the stack."""
FAVICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon",
                 ".webp": "image/webp", ".gif": "image/gif", ".jpg": "image/jpeg",
                 ".jpeg": "image/jpeg"}

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                  "meta", "source", "track", "wbr"})
OPTIONAL_END = frozenset({"p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th",
                          "thead", "tbody", "tfoot", "rt", "rp", "colgroup", "caption"})
"""Elements whose end tag HTML lets one leave out."""
IN_HEAD = frozenset({"meta", "link", "script", "style", "noscript", "template"})
"""What `head_html` may hold at its top level (`<title>` and `<base>` are the theme's)."""
NEVER = frozenset({"html", "head", "body"})
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "poster", "data",
                            "cite", "xlink:href", "background"})


def validate_theme(config: Config, site: Path) -> list[SchemaProblem]:
    """Every problem of `[theme]` (and its overlap with `[markdown]`)."""
    theme = config.theme
    problems: list[SchemaProblem] = []
    for key in ("accent", "accent_dark"):
        value = getattr(theme, key)
        if value and not HEX_COLOUR.fullmatch(value):
            problems.append(SchemaProblem(("theme", key), f"`{value}` is not a colour",
                                          "write it as #rrggbb, e.g. \"#1a5fb4\""))
    for key in ("font_body", "font_heading", "font_code"):
        for i, name in enumerate(getattr(theme, key)):
            if not FONT_NAME.fullmatch(name.strip()):
                problems.append(SchemaProblem(
                    ("theme", key, str(i)), f"`{name}` is not a font family name",
                    "one family per item, without quotes: [\"LXGW WenKai\", \"serif\"]"))
    if theme.width and not (CSS_LENGTH.fullmatch(theme.width)
                            and float(re.sub(r"[a-z%]+$", "", theme.width)) > 0):
        problems.append(SchemaProblem(("theme", "width"), f"`{theme.width}` is not a width",
                                      "a CSS length such as \"48rem\", \"760px\" or \"90%\""))
    for i, name in enumerate(theme.custom_css):
        problems += _static_file(site, ("theme", "custom_css", str(i)), name, (".css",))
    if theme.favicon and not re.match(r"^(?:https?:|data:)", theme.favicon):
        if not theme.favicon.startswith("/") or theme.favicon.startswith("//"):
            problems.append(SchemaProblem(("theme", "favicon"),
                                          f"`{theme.favicon}` is neither a file of static/ "
                                          "nor an absolute URL",
                                          "write /favicon.png for static/favicon.png, or "
                                          "an https:// URL"))
        else:
            problems += _static_file(site, ("theme", "favicon"), theme.favicon,
                                     tuple(FAVICON_TYPES))
    problems += [SchemaProblem(("theme", "head_html"), m, h)
                 for m, h in snippet_problems(theme.head_html, in_head=True)]
    problems += [SchemaProblem(("theme", "footer_html"), m, h)
                 for m, h in snippet_problems(theme.footer_html, in_head=False)]
    defaults = MarkdownConfig()
    for key in ("code_light_style", "code_dark_style"):
        if getattr(theme, key) and getattr(config.markdown, key) != getattr(defaults, key):
            problems.append(SchemaProblem(
                ("theme", key), f"the code style is set twice: here and in [markdown] {key}",
                f"keep [theme] {key} and remove the [markdown] one"))
    return problems


def _static_file(site: Path, path: tuple[str, ...], name: str,
                 suffixes: tuple[str, ...]) -> list[SchemaProblem]:
    rel = name.split("?", 1)[0].split("#", 1)[0].lstrip("/")
    parts = rel.split("/")
    if not rel or "\\" in rel or any(p in ("", ".", "..") for p in parts):
        return [SchemaProblem(path, f"`{name}` is not a path inside static/",
                              "write it relative to static/: css/site.css")]
    if not rel.lower().endswith(suffixes):
        return [SchemaProblem(path, f"`{name}` is not a {' or '.join(suffixes)} file")]
    static = site / "static"
    target = static / rel
    try:
        inside = target.resolve().is_relative_to(static.resolve())
    except (OSError, RuntimeError):
        inside = False
    if not inside or not target.is_file():
        return [SchemaProblem(path, f"no file static/{rel}",
                              "create it, or fix the path (relative to static/)")]
    return []


class _Snippet(HTMLParser):
    """Finds what would break a page in a snippet of HTML."""

    def __init__(self, in_head: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.in_head = in_head
        self.open: list[str] = []
        self.problems: list[tuple[str, str | None]] = []

    def _where(self) -> str:
        return f" (line {self.getpos()[0]} of the snippet)"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in NEVER:
            self.problems.append((f"<{tag}> in a snippet{self._where()}",
                                  "the theme writes <html>, <head> and <body>; give only "
                                  "what goes inside"))
        elif self.in_head and not self.open and tag not in IN_HEAD:
            self.problems.append((f"<{tag}> cannot be in <head>{self._where()}",
                                  "head_html takes meta, link, script, style, noscript "
                                  "and template; put visible HTML in footer_html"))
        for name, value in attrs:
            reason = unsafe_url_reason(value or "") if name in URL_ATTRIBUTES else None
            if reason:
                self.problems.append((f"<{tag} {name}>: {reason}{self._where()}",
                                      URL_HINT))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.open and self.open[-1] == tag:
            self.open.pop()  # <svg/>-style self-closing (foreign elements)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag not in self.open:
            self.problems.append((f"</{tag}> closes nothing{self._where()}", None))
            return
        while self.open:
            top = self.open.pop()
            if top == tag:
                return
            if top not in OPTIONAL_END:
                self.problems.append((f"<{top}> is not closed before </{tag}>"
                                      f"{self._where()}", f"add </{top}>"))


def snippet_problems(html: str, in_head: bool) -> list[tuple[str, str | None]]:
    """(message, hint) for each problem of a `head_html` / `footer_html` snippet."""
    if not html.strip():
        return []
    parser = _Snippet(in_head)
    parser.feed(html)
    parser.close()
    left = [tag for tag in parser.open if tag not in OPTIONAL_END]
    if left:
        parser.problems.append((f"<{left[-1]}> is never closed",
                                f"add </{left[-1]}> at the end of the snippet"))
    return parser.problems
