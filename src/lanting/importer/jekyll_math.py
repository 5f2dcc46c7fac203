"""The math setup of a Jekyll site: which theme reads `$…$` as math, where its MathJax
or KaTeX setup is written, its own delimiters and jekyll-katex's tags (the macros the
setup defines are read in `jekyll_math_macros`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import bool_of, read_text
from lanting.importer.js_literals import JS_STRING, unquote_js
from lanting.importer.kramdown import kramdown_math
from lanting.importer.liquid import Context, blocks
from lanting.importer.shelf import Shelf

_JS_PAIR = r"""\[\s*(?:'[^'\n]*'|"[^"\n]*")\s*,\s*(?:'[^'\n]*'|"[^"\n]*")\s*\]\s*,?"""
_DOLLAR_DELIMITER = re.compile(
    r"""inlineMath\s*[:=]\s*\[(?:\s|//[^\n]*|/\*(?:[^*]|\*(?!/))*\*/|""" + _JS_PAIR
    + r""")*\[\s*(['"])\$\1|left\s*:\s*(['"])\$\2\s*,\s*right""")
"""A MathJax or KaTeX auto-render setup whose inline delimiters include `$` (a comment
may stand before the first pair: `inlineMath: [  // start/end delimiter pairs`, as an
econometrics blog's `mathjax-config.js` has it; the site's `$` were taken for dollar
signs, its inline formulas left as TeX, 800 warnings; or `/* … */`, as a Chirpy copy's
`_includes/js-selector.html` has it, 740 of its dollar signs escaped), and other pairs
(`inlineMath: [['\\\\(', '\\\\)'], ['$', '$']]`, as MathJax 3's documentation writes it:
a blog of math notes had its 648 dollar signs escaped, every formula shown as TeX)."""
_COMMENTED = re.compile(r"(<script\b.*?</script\s*>)|<!--.*?-->"
                        r"|\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}",
                        re.DOTALL | re.IGNORECASE)
"""A setup commented out, which the old pages never ran: an HTML comment outside a
script (`<!-- inlineMath: [['$','$']] -->`; inside one, old pages' `<!--` … `//-->`
hid nothing) or a Liquid comment."""
_LINE_COMMENT = re.compile(r"^[ \t]*//[^\n]*", re.MULTILINE)
"""A line a script comments out (`// inlineMath: [['$','$']],`)."""


def active(text: str) -> str:
    """`text` without what it comments out."""
    text = _COMMENTED.sub(lambda m: m.group(1) or "", text)
    return _LINE_COMMENT.sub("", text)


def is_chirpy(source: Path, config: dict[str, Any]) -> bool:
    """A site on the Chirpy theme (a gem: its files are not in the site)."""
    theme = f"{config.get('theme') or ''} {config.get('remote_theme') or ''}".lower()
    gemfile = source / "Gemfile"
    return "chirpy" in theme or (gemfile.is_file() and "jekyll-theme-chirpy" in read_text(
        gemfile))


def is_text_theme(config: dict[str, Any]) -> bool:
    """A site on the TeXt theme (`jekyll-text-theme`; a copy of it says `text_skin:`)."""
    theme = f"{config.get('theme') or ''} {config.get('remote_theme') or ''}".lower()
    return "text-theme" in theme or "text_skin" in config


JEKYLL_SETUPS = ("_includes", "_layouts", "assets/js", "_data")
"""Where a Jekyll site sets its MathJax or KaTeX up (a theme's own copy included)."""


SETUP_SUFFIXES = (".html", ".js", ".yml", ".liquid", ".ejs", ".swig", ".njk", ".pug", ".jsx")
"""Files a setup is written in: Jekyll's and Hugo's templates and scripts, and Hexo
themes' templates (EJS, Swig, Nunjucks, Pug, Icarus' JSX)."""


def math_setups(source: Path, folders: tuple[str, ...] = JEKYLL_SETUPS) -> list[Path]:
    """The files where a site sets its MathJax or KaTeX up, in `folders` (not a
    library's minified file, whose own `macros:{…}` are no setup, nor a copy of
    MathJax served by the site, `assets/js/MathJax/extensions/TeX/AMSmath.js`: its 415
    macros of MathJax's own were imported as the site's, and `\\begin` failed)."""
    found = []
    for folder in folders:
        for path in sorted((source / folder).rglob("*")) if (source / folder).is_dir() else []:
            if path.suffix.lower() in SETUP_SUFFIXES and _setup_file(path):
                found.append(path)
    return found + [path for path in _loaded_scripts(source, found) if path not in found]


def _setup_file(path: Path) -> bool:
    return not path.name.endswith(".min.js") and path.is_file() \
        and path.stat().st_size < 200_000 and not _library_file(path)


_SCRIPT_PATH = re.compile(r"""(?:\}\}|["',=])(/?(?:[\w.-]+/)*[\w.-]+\.js)(?=["'?\s>&])""")
"""A script of the site that a template loads: `src="/js/x.js"`, `{{ site.url }}/js/x.js`,
or MathJax 2's own configuration file, `MathJax.js?config=TeX-AMS_HTML,{{ site.url
}}/js/mathjax-config.js`."""


def _loaded_scripts(source: Path, templates: list[Path]) -> list[Path]:
    """The site's own scripts its templates load, wherever they are (`js/`, `scripts/`):
    a setup kept there (`js/mathjax-config.js`, its `inlineMath: [['$','$']]`) was not
    read, and the site's 468 dollar signs were escaped, its formulas shown as TeX."""
    found: list[Path] = []
    root = source.resolve()
    for template in templates:
        if template.suffix.lower() == ".js":
            continue
        for match in _SCRIPT_PATH.finditer(read_text(template)):
            path = (source / match.group(1).lstrip("/")).resolve()
            if path not in found and root in path.parents and _setup_file(path):
                found.append(path)
    return found


_LIBRARY_HEADER = re.compile(r"The MathJax Consortium|Design Science, Inc\.")
"""The licence header every file of MathJax's own carries near its top (2.x and 3.x;
an unpacked source's after a long description)."""


def _library_file(path: Path) -> bool:
    """Whether `path` is a file of MathJax itself (a site's setup names no copyright)."""
    return path.suffix.lower() == ".js" \
        and _LIBRARY_HEADER.search(read_text(path), 0, 5000) is not None


def dollar_inline_math(source: Path, config: dict[str, Any]) -> bool:
    """Whether the site's math reads `$…$` as inline math: the Chirpy theme does; so does
    a theme's or the site's own MathJax/KaTeX setup that says so (plain kramdown and
    MathJax's defaults do not, and there `$` is a dollar sign)."""
    return is_chirpy(source, config) or uses_al_math(config) or any(
        _DOLLAR_DELIMITER.search(active(read_text(path)))
        for path in math_setups(source))


_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>[ \t]*\n?", re.DOTALL | re.IGNORECASE)
_MATH_LIBRARY = re.compile(r"mathjax|katex|renderMathInElement", re.IGNORECASE)
_MATH_STYLE = re.compile(r"<link\b[^>]*\bhref=[\"'][^\"']*katex[^\"']*\.css[^\"']*[\"']"
                         r"[^>]*>[ \t]*\n?", re.IGNORECASE)


def own_math_setup(text: str) -> tuple[str, bool, int, str]:
    """A post's own MathJax or KaTeX: the setup and loading scripts written in it (and
    KaTeX's style sheet). (the text without them, whether the setup read `$…$` as
    inline math, how many went, the scripts). Lanting draws the formulas itself: the
    scripts would load a second renderer from the network, and their `$` says what a
    `$` was, their `tags` which formulas had a number."""
    dollar = False
    count = 0
    scripts: list[str] = []

    def one(match: re.Match[str]) -> str:
        nonlocal dollar, count
        if not _MATH_LIBRARY.search(match.group()):
            return match.group()
        dollar = dollar or bool(_DOLLAR_DELIMITER.search(active(match.group())))
        count += 1
        scripts.append(match.group())
        return ""

    text = _SCRIPT.sub(one, text)
    text, styles = _MATH_STYLE.subn("", text)
    return text, dollar, count + styles, "\n".join(scripts)


def uses_al_math(config: dict[str, Any]) -> bool:
    """al-folio 1.x: its theme is gems, none of their files in the site; the `al_math`
    plugin's MathJax setup reads `$…$` as inline math (when `enable_math` is on)."""
    plugins = config.get("plugins") or config.get("gems") or []
    return isinstance(plugins, list) and "al_math" in plugins \
        and config.get("enable_math", True) not in (False, "false")


_MERMAID_SCRIPT = re.compile(r"""<script\b[^>]*\bsrc=["'][^"']*mermaid[^"']*["']"""
                             r"""|\bimport\s+mermaid\s+from\b""", re.I)


def scripts_draw_mermaid(source: Path) -> bool:
    """Whether the site's own layouts or includes load Mermaid for every page (a
    `<script src="…/mermaid.min.js">` in `_layouts/post.html`), so that its ```mermaid
    blocks were diagrams; not when the file asks a page's `mermaid` switch first
    (Chirpy's way, read with the posts)."""
    return any(_MERMAID_SCRIPT.search(text) and "page.mermaid" not in text
               for text in map(read_text, math_setups(source)))


def katex_tags(text: str, shelf: Shelf, ctx: Context) -> str:
    """jekyll-katex's Liquid tags, drawn by the plugin before kramdown ran:
    `{% katexmm %}…{% endkatexmm %}` (mixed mode: each `$…$` in it inline math and
    `$$…$$` display math, whatever the site's own `$`) and `{% katex %}x{% endkatex %}`
    (`{% katex display %}`: display math). They were comments, the formulas left as TeX."""

    def mixed(_args: str, inner: str, _written: str) -> str:
        return kramdown_math(inner, shelf, dollar_math=True)[0]

    def formula(args: str, inner: str, _written: str) -> str:
        if "display" in args.split():
            return "\n\n" + shelf.put(f"$$\n{inner.strip()}\n$$", "M") + "\n\n"
        return shelf.put(f"${inner.strip()}$", "M")

    text = blocks(text, "katexmm", mixed, ctx, "jekyll-katex's mixed-mode blocks "
                  "(`$` and `$$` in them as math)")
    return blocks(text, "katex", formula, ctx, "jekyll-katex's formulas")


_DELIMITERS = re.compile(r"\b(inlineMath|displayMath)\s*[:=]\s*\[")
_DELIMITER_PAIR = re.compile(r"\[\s*(" + JS_STRING.pattern + r")\s*,\s*("
                             + JS_STRING.pattern + r")\s*\]")
_STANDARD = frozenset({"$", "$$", "\\(", "\\["})
_SLIPS = frozenset({("[", "]"), ("(", ")")})
"""`displayMath: [["\\[", "\\]"]]` with one backslash, which JavaScript drops: the
writer meant `\\[`, and MathJax got `[`, which matched only the brackets kramdown left
as text, never a link's (`[post](…)` was `<a>post</a>`). Not read as delimiters."""


def custom_delimiters(source: Path, folders: tuple[str, ...] = JEKYLL_SETUPS
                      ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The delimiters of the site's MathJax setup other than `$`, `$$`, `\\(` and `\\[`
    (`inlineMath: [['@', '@']]`, `displayMath: [['@@', '@@']]`, a blog's way around
    kramdown): (inline, display) pairs of (opening, closing)."""
    found: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], [])
    for path in math_setups(source, folders):
        text = active(read_text(path))
        for setting in _DELIMITERS.finditer(text):
            end = text.find("]]", setting.end())
            for pair in _DELIMITER_PAIR.finditer(text, setting.end() - 1,
                                                 end + 2 if end >= 0 else len(text)):
                opening, closing = unquote_js(pair.group(1)), unquote_js(pair.group(2))
                kind = found[setting.group(1) == "displayMath"]
                if opening and closing and opening not in _STANDARD \
                        and (opening, closing) not in kind and (opening, closing) not in _SLIPS:
                    kind.append((opening, closing))
    return found


def custom_math(text: str, inline: list[tuple[str, str]],
                display: list[tuple[str, str]]) -> tuple[str, int]:
    """Formulas between a setup's own delimiters (`@x@`, `@@x@@`), which kramdown read as
    text and MathJax as math, written with kramdown's escaped delimiters, `\\\\(x\\\\)`
    and `\\\\[x\\\\]`, which the next steps read as MathJax got them (Markdown's escapes
    undone; a display in a sentence on lines of its own). Never across a blank line.
    Code must be put aside first. Returns (text, how many)."""
    count = 0
    for pairs, opening, closing in ((display, "\\\\[", "\\\\]"), (inline, "\\\\(", "\\\\)")):
        for start, end in sorted(pairs, key=lambda pair: -len(pair[0])):
            pattern = re.compile(re.escape(start) + r"((?:(?!\n[ \t]*\n)[^\\]|\\.)+?)"
                                 + re.escape(end), re.DOTALL)
            text, found = pattern.subn(opening.replace("\\", "\\\\") + r"\1"
                                       + closing.replace("\\", "\\\\"), text)
            count += found
    return text, count


def switched_on(value: Any) -> bool:
    """`mermaid: true` (Chirpy's, TeXt's), or al-folio's `mermaid: {enabled: true}` in a
    post's front matter (its layout then loaded Mermaid for the page)."""
    if isinstance(value, dict):
        return bool_of(value.get("enabled"))
    return isinstance(value, (bool, str)) and bool_of(value)
