"""Plugin: fenced code highlighted with Pygments (CSS classes, light and dark palettes).

Info string: a language, then options either as `{2-4}` (highlighted lines) or as
`key=value` pairs: `hl_lines="2-4"`, `linenos=true`, `title="dp.py"`, `start=10`.
Unknown languages render as plain escaped text with a warning. ```` ```mermaid ````
becomes a diagram when the site opts into a Mermaid script, readable code otherwise.
"""

from __future__ import annotations

import fnmatch
import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_all_lexers, get_lexer_by_name
from pygments.token import STANDARD_TYPES, _TokenType
from pygments.util import ClassNotFound

from lanting.markdown.fence_info import FenceInfo, parse_fence_info
from lanting.markdown.lexing import get_tokens
from lanting.model.problem import Problem

LANGUAGE_ALIASES = {"yml": "yaml", "jsonc": "json", "patch": "diff", "cmd": "bat",
                    "gradle": "groovy", "terminal": "console", "triton": "python",
                    "metal": "cpp", "opencl": "c", "svelte": "html", "astro": "html",
                    # highlight.js's and Prism's names, as Hexo and Hugo posts write them
                    "assembly": "nasm", "x86asm": "nasm", "armasm": "gas", "arm": "gas",
                    "riscv": "gas", "mlir": "llvm", "pgsql": "postgresql", "plsql": "sql",
                    "j2": "jinja", "jinja2": "jinja", "nunjucks": "jinja", "env": "bash",
                    "dotenv": "bash", "conf": "ini", "sqlite": "sql", "typ": "typst",
                    # Prism's (Docusaurus's) name of HTML, XML and SVG; its base of
                    # the C family's grammars, which a Shower deck of 2015 named
                    "markup": "html", "clike": "c",
                    # Shiki's (Quartz's) Visual Basic, and Excel's macros (VBA);
                    # highlight.js's VBScript (Windows scripts on a Volantis blog)
                    "vb": "vb.net", "vba": "vb.net", "vbs": "vbscript",
                    # Obsidian's DataviewJS queries (`dv.pages()`): JavaScript
                    "dataviewjs": "javascript",
                    # Hugo's (Chroma's) names of Go templates, `{{ .Title }}` as in Jinja
                    "go-html-template": "html+django", "go-text-template": "django",
                    # Hugo Blox's mind maps: their source is a Markdown outline
                    "markmap": "markdown",
                    # GitHub's (Linguist's) names of Vim script
                    "viml": "vim", "vimscript": "vim",
                    # WPF's and .NET MAUI's XAML, an XML (as GitHub colours it)
                    "xaml": "xml",
                    # Shiki's (Astro's Expressive Code) short name of PowerShell
                    "ps": "powershell",
                    # Handlebars by its file extension (templates of a front-end blog)
                    "hbs": "html+handlebars",
                    # MDX (Docusaurus's and Astro's docs show it): Markdown, with JSX
                    "mdx": "markdown",
                    # a Compose file by its tool's name (its file is YAML)
                    "docker-compose": "yaml",
                    # Typora's (CodeMirror's) XML with a DTD: Maven's pom.xml in Java notes
                    "xml-dtd": "xml"}
"""Fence languages posts use that Pygments knows by another name (or a near one: MLIR
as LLVM IR, ARM and RISC-V assembly as GNU assembler)."""
PLAIN_LANGUAGES = frozenset({"text", "plain", "txt", "plaintext", "output", "log", "csv",
                             "tsv", "pseudocode", "pseudo", "dataview",
                             # (Obsidian's Tasks query, `not done`: a list it made there)
                             "tasks",
                             # (Prism's and Shiki's ignore files: patterns, nothing to colour)
                             "gitignore", "ignore", "dockerignore", "npmignore",
                             # (Expressive Code's terminal output with its colour codes)
                             "ansi",
                             # (highlight.js's and Rouge's "leave it plain": a Jekyll ML
                             # blog's ```code fences were warnings, Rouge showed text)
                             "code", "none", "nohighlight", "no-highlight",
                             # (highlight.js's own class, left as the language by a page
                             # converted from HTML: an R blog's printed output)
                             "hljs"})
"""Fence languages that mean "not code to highlight": shown as they are, no warning."""


@functools.lru_cache(maxsize=256)
def _lexer(lang: str) -> Lexer | None:
    # The code is lexed with a newline at its end (Pygments' `ensurenl`, dropped again
    # with the empty line it makes): many lexers' rules end in `\n`, and without it the
    # last line of a diff, a `pycon` output or a trailing LaTeX comment lexes as errors.
    try:
        return get_lexer_by_name(LANGUAGE_ALIASES.get(lang.lower(), lang), stripnl=False)
    except ClassNotFound:
        alias = _file_language(lang) if "." in lang else None
        return get_lexer_by_name(alias, stripnl=False) if alias else None


def _file_language(name: str) -> str | None:
    """The language of a file by its name, in any case (` ```CMakeLists.txt `,
    ` ```package.XML `, ` ```main.rs `: notes in Obsidian and Typora label a fence with the
    file it shows), as Pygments' file-name patterns give it."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].lower()
    for _name, aliases, patterns, _mimetypes in get_all_lexers():
        if aliases and any(fnmatch.fnmatchcase(base, p.lower()) for p in patterns):
            return str(aliases[0])
    return None


@functools.cache
def _language_names() -> tuple[str, ...]:
    """Every name Pygments knows a language by (a misspelt fence's hint: `pyhton`)."""
    return tuple(alias for _name, aliases, _patterns, _mimes in get_all_lexers()
                 for alias in aliases)


def _one_slip(word: str, name: str) -> bool:
    """Whether `word` is `name` with one letter wrong (in a word of five or more: `cron`
    is no `croc`), missing, extra, or two letters swapped (`pyhton`)."""
    if abs(len(word) - len(name)) > 1 or word == name:
        return False
    if len(word) == len(name):
        wrong = [i for i, (a, b) in enumerate(zip(word, name, strict=True)) if a != b]
        return (len(wrong) == 1 and len(word) > 4) or (len(wrong) == 2 and wrong[1] == wrong[0] + 1
                                   and word[wrong[0]] == name[wrong[1]]
                                   and word[wrong[1]] == name[wrong[0]])
    short, long = sorted((word, name), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(1, len(long)))  # (not the
    # first letter: `config` is no `kconfig`)


def _language_hint(lang: str) -> str:
    near = next((n for n in _language_names() if len(lang) > 3 and _one_slip(lang.lower(), n)),
                None)
    return (f"did you mean `{near}`? " if near else "") + (
        "use a Pygments language name such as python, bash, yaml, cpp")


def known_language(lang: str) -> bool:
    """Whether Pygments highlights `lang` (a fence's language)."""
    return _lexer(lang) is not None


def language_name(lang: str) -> str:
    """How Pygments names `lang` (`cpp`: "C++"), else `lang` as written."""
    lexer = _lexer(lang)
    return str(lexer.name) if lexer is not None else lang


_CLASSES: dict[_TokenType, str] = {}
"""Token type -> the class its spans get ("" for whitespace: Pygments styles give it only
a colour, which spaces do not show, and it is a fifth of all spans in typical code)."""


def _css_class(ttype: _TokenType) -> str:
    """Pygments' short class for a token type (`Keyword.Namespace` -> `kn`)."""
    while ttype not in STANDARD_TYPES and ttype.parent is not None:
        ttype = ttype.parent
    return STANDARD_TYPES[ttype]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;")


def _span(css: str, text: str) -> str:
    return f'<span class="{css}">{_escape(text)}</span>' if css else _escape(text)


class HighlightStore(Protocol):
    """Highlighted lines kept from earlier builds (the build cache keeps them): a build
    that renders a post again for an edit of its prose finds its code already
    highlighted, instead of making Pygments build its lexers in a new process (compiling
    their patterns costs more than lexing a post's code) and lexing every block again."""

    def get(self, lang: str, code: str) -> tuple[str, ...] | None: ...

    def put(self, lang: str, code: str, lines: tuple[str, ...]) -> None: ...


_STORES: list[HighlightStore] = []


@contextmanager
def highlights_kept_in(store: HighlightStore) -> Iterator[None]:
    """Within this block, `highlight_lines` reads and keeps its results in `store`."""
    _STORES.append(store)
    try:
        yield
    finally:
        _STORES.remove(store)


@functools.lru_cache(maxsize=4096)
def highlight_lines(lang: str, code: str) -> tuple[str, ...] | None:
    """Highlighted HTML of each line, or None when Pygments does not know `lang`.
    Cached by language and code: a repeated snippet pays once, and a snippet an earlier
    build highlighted is taken from the store (`highlights_kept_in`) it was kept in."""
    store = _STORES[-1] if _STORES else None
    if store is not None:
        kept = store.get(lang, code)
        if kept is not None:
            return kept
    lines = _highlight(lang, code)
    if store is not None and lines is not None:
        store.put(lang, code, lines)
    return lines


def _highlight(lang: str, code: str) -> tuple[str, ...] | None:
    """Same classes as Pygments' HtmlFormatter but none for whitespace, written directly
    (its formatter costs more than lexing); runs of one class are merged, as Pygments
    does, and every line's spans are closed on that line."""
    lexer = _lexer(lang)
    if lexer is None:
        return None
    lines: list[str] = []
    spans: list[str] = []  # the current line's finished spans
    run_css, run = "", ""  # the span being extended
    for ttype, value in get_tokens(lexer, code):
        if not value:
            continue
        css = _CLASSES.get(ttype)
        if css is None:
            css = _CLASSES[ttype] = "" if (short := _css_class(ttype)) == "w" else short
        # Most tokens hold no newline: not split.
        for i, part in enumerate(value.split("\n") if "\n" in value else (value,)):
            if i:  # a line ends: close its last span
                if run:
                    spans.append(_span(run_css, run))
                lines.append("".join(spans))
                spans, run_css, run = [], "", ""
            if not part:
                continue
            if css == run_css:
                run += part
            else:
                if run:
                    spans.append(_span(run_css, run))
                run_css, run = css, part
    if run:
        spans.append(_span(run_css, run))
    lines.append("".join(spans))
    wanted = code.count("\n") + 1
    return tuple((lines + [""] * wanted)[:wanted])


MERMAID_HINT = ("to draw it, set `mermaid` under `[markdown]` in lanting.toml to the URL of "
                "a Mermaid ES module, e.g. "
                '"https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs" '
                "(readers' browsers load it)")


PLANTUML_HINT = ("Lanting draws no PlantUML (Slidev and others send it to a PlantUML "
                 "server): save the diagram as an SVG (`plantuml -tsvg`) and show the image")
TIKZ_HINT = ("Lanting draws no TikZ (TikZJax ran TeX in the reader's browser; MathJax and "
             "KaTeX draw none): compile the picture to an SVG (`pdflatex` then `pdf2svg`, or "
             "`dvisvgm`; or save the one the old page showed) and show the image there, "
             "`![…](picture.svg)`")
DIAGRAMS = {"mermaid": ("Mermaid", MERMAID_HINT), "plantuml": ("PlantUML", PLANTUML_HINT),
            "puml": ("PlantUML", PLANTUML_HINT), "tikz": ("TikZ", TIKZ_HINT)}
"""Diagram languages shown as their code: (name, hint), one warning a page."""


def render_code_block(code: str, info: FenceInfo, env: dict[str, Any], line: int) -> str:
    if info.hidden:
        return ""
    code = code.rstrip("\n")
    lines: tuple[str, ...] | None = None
    if info.lang and info.lang.lower() not in PLAIN_LANGUAGES:
        lines = highlight_lines(info.lang, code)
        # (Mermaid: the site has not opted into it; PlantUML: a server draws it)
        diagram = DIAGRAMS.get(info.lang.lower())
        if lines is None and not (diagram and env.get(f"{diagram[0]}_told")):
            if diagram:
                env[f"{diagram[0]}_told"] = True  # one warning a page: one fix for all
            ctx = env.get("lanting")
            env.setdefault("problems", []).append(Problem(
                f"{diagram[0]} diagrams shown as their code (this page's first)" if diagram
                else f"unknown code language `{info.lang}`: shown without highlighting",
                ctx.path if ctx else None, line, severity="warning",
                hint=diagram[1] if diagram else _language_hint(info.lang)))
    if info.executable and not env.get(f"cell_{info.lang}_told"):
        env[f"cell_{info.lang}_told"] = True  # (one a page: an R Markdown deck has dozens)
        ctx = env.get("lanting")
        env.setdefault("problems", []).append(Problem(
            f"`{{{info.lang}}}` is a cell Quarto runs: Lanting shows its code, not its output"
            " (this page's first)", ctx.path if ctx else None, line, severity="warning",
            hint=f"write ```{info.lang} to show code, and paste the output (or an image of "
                 "it) after it"))
    if lines is None:
        lines = tuple(escapeHtml(text) for text in code.split("\n"))
    rendered = []
    for number, text in enumerate(lines, start=info.start):
        at = number - info.start + 1
        classes = "line ins" if at in info.inserted else "line del" if at in info.deleted \
            else "line hl" if at in info.highlight else "line"
        prefix = f'<span class="ln" data-ln="{number}"></span>' if info.line_numbers else ""
        rendered.append(f'<span class="{classes}">{prefix}{text}</span>')
    lang_class = f' class="language-{escapeHtml(info.lang)}"' if info.lang else ""
    title = f'<div class="code-title">{escapeHtml(info.title)}</div>' if info.title else ""
    numbered = " numbered" if info.line_numbers else ""
    if info.lang == "output":
        numbered += " output"
    return (f'<div class="code-block{numbered}">{title}'
            f'<pre class="highlight" tabindex="0"><code{lang_class}>'
            + "\n".join(rendered) + "</code></pre></div>\n")


def fence_html(content: str, info_string: str, env: dict[str, Any], body_line: int) -> str:
    """A fenced block (its info string as written); `body_line`: its first line."""
    info = parse_fence_info(info_string)
    ctx = env.get("lanting")
    if info.lang == "mermaid" and ctx is not None and ctx.mermaid:
        env["uses_mermaid"] = True
        return f'<pre class="mermaid">{escapeHtml(content)}</pre>\n'
    return render_code_block(content, info, env, (ctx.body_line if ctx else 1) + body_line)


def _render_fence(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    return fence_html(token.content, token.info, env, token.map[0] if token.map else 0)


def _render_code_block(self: Any, tokens: Sequence[Token], idx: int, options: Any,
                       env: Any) -> str:
    return render_code_block(tokens[idx].content, FenceInfo(), env, 0)


def code_plugin(md: MarkdownIt) -> None:
    md.add_render_rule("fence", _render_fence)
    md.add_render_rule("code_block", _render_code_block)


def _token_rules(style: str, scope: str) -> str:
    """Pygments' token colour rules for `style`, under the CSS selector `scope`."""
    rules: str = HtmlFormatter(style=style).get_style_defs(scope)  # type: ignore[no-untyped-call]
    return "\n".join(line for line in rules.splitlines() if line.startswith(scope + " ."))


def highlight_css(light_style: str = "default", dark_style: str = "github-dark") -> str:
    """Pygments palettes as CSS classes: light by default; on screens, dark when the system
    asks for it (unless the reader chose light) or when the reader chose dark."""
    light = _token_rules(light_style, ".highlight")
    dark_system = _token_rules(dark_style, ':root:not([data-theme="light"]) .highlight')
    dark_chosen = _token_rules(dark_style, ':root[data-theme="dark"] .highlight')
    return (f"/* Code highlighting: Pygments {light_style} / {dark_style}. */\n{light}\n"
            f"@media screen and (prefers-color-scheme: dark) {{\n{dark_system}\n}}\n"
            f"@media screen {{\n{dark_chosen}\n}}\n")  # print: the light palette
