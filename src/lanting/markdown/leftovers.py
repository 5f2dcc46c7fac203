"""Plugin: warn about another generator's template syntax, or TeX, left in what a page
shows.

Liquid (`{{ site.baseurl }}`, `{% post_url x %}`), Hugo shortcodes (`{{< figure >}}`,
`{{% callout %}}`) and kramdown attribute lists (`{: .note}`) do nothing in Lanting: a
post moved by hand would show them as text. So would a formula that is not read as one
(`$x \\le y $`, whose closing `$` follows a space; `\\frac{a}{b}` without dollars,
in Markdown or in raw HTML): a math command in text is reported too. Each is a
warning at its line, as is a `**` that opens or closes no bold text (in `**bold **text`
neither does; Python's `f(**kwargs)` is meant). Code spans, code blocks and math are left
alone (there such text is what the writer means), and so are HTML comments, `<pre>`,
`<code>`, `<script>`, `<style>` and a formula's `<annotation>` (its TeX) in raw HTML, and
template syntax whose brace is escaped (`\\{{ x }}`: the writer shows it). A
component of VitePress or MDX in raw HTML (`<Badge text="v2" />`), which the browser
shows nothing of, is a warning too, and so is a tag no element is named by
(`apiVersion <string>`, `git checkout <branch>`: a placeholder in prose, which the
browser hides).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.html_elements import KNOWN
from lanting.markdown.spaced_links import inlines, spaced_images, warn_at
from lanting.model.problem import Problem

TEMPLATE_SYNTAX = re.compile(
    r"\{\{[^{}\n]*?\}\}|\{%.*?%\}|\{%-?[ \t]*[A-Za-z_]\w*(?:[ \t][^{}%\n]*)?\}|"
    r"\{:(?::[A-Za-z]|[ \t]*[.#][A-Za-z_]|"
    r"[ \t]*[A-Za-z_][\w-]+(?=[ \t]*[=:}]|[ \t]))[^{}\n]*\}")
"""Liquid output and tags, Hugo shortcodes (`{{< >}}`, `{{% %}}`), kramdown `{: .note}`,
`{:toc}`, `{::comment}` — not a format string in prose (Rust's `{:?}`, Python's
`{:.2f}`, `{:x}`), nor a set of sets written in prose (`E = {{1,2},{3,4}}`, a graph's
edges in notes on discrete maths), whose braces no template's `{{ … }}` has inside. A
tag written without its closing `%` (`{%note danger}`, a Hexo post's) is one too: no
importer reads it as a tag, and it was shown unremarked."""
TEX = re.compile(
    r"\\(?:[dt]?frac|sqrt|sum|prod|oint|i?int|lim|infty|partial|nabla|"
    r"alpha|beta|gamma|delta|v?arepsilon|epsilon|zeta|eta|v?artheta|theta|iota|kappa|"
    r"lambda|mu|nu|xi|pi|rho|sigma|tau|upsilon|v?arphi|phi|chi|psi|omega|"
    r"Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Phi|Psi|Omega|"
    r"math(?:bb|cal|bf|rm|sf|it|frak|scr)|boldsymbol|operatorname|"
    r"c?dots|ldots|times|leq?|geq?|neq|approx|equiv|propto|subseteq|supseteq|"
    r"forall|exists|[Rr]ightarrow|[Ll]eftarrow|mapsto|langle|rangle|"
    r"overline|underbrace|overbrace|argmax|argmin)(?![A-Za-z])|\\begin\{[a-z]+\*?\}")
"""Math commands: in text they are a formula that was not read as one. (Not `\\in`,
`\\to`, `\\end`, `\\text` and the like: a Windows path or a regular expression has
those. `\\begin{equation}` counts with a letter right after it, `…}x=1`.)"""
COMPONENT = re.compile(r"<([A-Z][a-z][A-Za-z0-9]*)(?=[\s/>])")
"""`<Badge text="v2" />`, `<TabItem>`: a component of VitePress, VuePress or MDX
(Docusaurus): the browser knows no such element and shows at most its text."""
COMPONENT_HINT = ("Lanting runs no Vue or MDX components: write what it shows in Markdown or "
                  "HTML, or remove it")
_BARE_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\s*/?>")
"""A tag without attributes (`<string>`, `</branch>`): written in prose as a placeholder
when no element has its name (a custom element's, `<meting-js>`, has a hyphen)."""
TAG_HINT = ("a placeholder written in prose? put it in `code` (`<branch>`) or escape its "
            "bracket (`\\<branch>`): in Markdown it is an HTML tag, which the browser hides")
_HIDDEN_HTML = re.compile(r"<!--.*?(?:-->|\Z)|<(pre|code|script|style|annotation)\b.*?"
                          r"</\1\s*>", re.DOTALL | re.IGNORECASE)
"""What the browser shows nothing of (a comment never closed: the rest of the block)."""
_TAG_OPEN = re.compile(r"<[A-Za-z][^<>]*>")
_VALUE = re.compile(r"=\s*(?:\"[^\"]*\"|'[^']*')")


def _tex_free_values(html: str) -> str:
    """`html` with the backslashes and dollars of its tags' attribute values made
    harmless: a formula in a `title` or `alt` (an equation editor's image link) is a
    tooltip, no TeX left in the page; template syntax there is still found."""
    return _TAG_OPEN.sub(lambda tag: _VALUE.sub(
        lambda v: v.group().replace("\\", "/").replace("$", "S"), tag.group()), html)


HINT = ("Lanting runs no Liquid, Hugo shortcodes or kramdown attributes, so this is shown "
        "as written: remove it, or write it in `code` to show it")
TEX_HINT = ("a formula goes between `$…$` (no space before the closing `$`) or `$$…$$`; "
            "to show TeX as written, put it in `code`")


_EITHER = re.compile(f"{TEMPLATE_SYNTAX.pattern}|{TEX.pattern}")


def _found(text: str) -> Iterator[tuple[int, str]]:
    """(line offset, syntax) of each piece of template syntax or TeX in `text`."""
    if "{" not in text and "\\" not in text:  # most text: a page has hundreds of runs
        return
    for match in _EITHER.finditer(text):
        if _REFERENCE.fullmatch(match.group()) and match.start() \
                and text[match.start() - 1] not in "\n*_`)]":
            continue  # (`string 格式 {:format}`: words in prose, no kramdown of any kind)
        yield text.count("\n", 0, match.start()), match.group()


_REFERENCE = re.compile(r"\{:[A-Za-z_][\w-]*\}")
"""kramdown's reference to an attribute list (`{:toc}`): one only on a line of its own
(a block's) or right after a span (`**x**{:y}`)."""


_WORD_BEFORE = re.compile(r"[A-Za-z_][\w.]*$")
_GENERIC = re.compile(r"[A-Za-z_][\w.]*<[A-Z]")
"""`Set<Integer`: a generic type written in prose, whose `<Integer>` the browser hides."""
GENERIC_HINT = ("a type written outside code? put it in `code` (`Set<Integer>`) or a fenced "
                "block: in Markdown `<Integer>` is an HTML tag, which the browser hides")


_CODE_TAG = re.compile(r"<(/?)(?:code|kbd|samp|pre)\b", re.IGNORECASE)
"""A raw HTML tag opening or closing code: what it holds is shown as written."""


def _as_written(found: str, source: str) -> bool:
    """Whether template syntax found in a paragraph's text is in its source as written: a
    brace the writer escaped (`\\{\\{ x }}`, `&#123;&#123; x }}`, VuePress's `::: v-pre`
    imported) shows the braces on purpose. (TeX is always reported: `\\\\frac` is no
    formula either; so is a shortcode, `\\{{< x >}}`, whose escape only stops Lanting
    running it.)"""
    return not found.startswith("{") or found.startswith(("{{<", "{{%")) \
        or re.search(r"(?<!\\)" + re.escape(found), source) is not None


def _formulas_by_line(tokens: list[Token]) -> dict[int, str]:
    """The TeX of the inline formulas on each line of the source (a table's row: of all
    its cells)."""
    formulas = dict[int, str]()
    for token in tokens:
        if token.type != "inline" or token.map is None or "$" not in token.content:
            continue
        line = token.map[0]
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "math_inline":
                formulas[line] = formulas.get(line, "") + "\n" + child.content
    return formulas


def _in_inline(token: Token, formulas: dict[int, str]) -> Iterator[tuple[int, str]]:
    line, first = 0, token.map[0] if token.map else 0
    before = ""
    code = 0  # (inside raw `<code>`: `<code>{{major}}</code>` is code, as backticks are)
    for child in token.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "text":
            for offset, found in _found(child.content) if not code else ():
                if found.startswith("\\") and found in formulas.get(first + line + offset, ""):
                    # (`$\alpha$: \alpha`, a cheat sheet's symbol and what to type
                    # for it, also in the next cell of a table's row: the TeX beside the
                    # formula drawing it is shown on purpose)
                    continue
                if _as_written(found, token.content):
                    yield line + offset, found
        elif child.type == "html_inline" and (tag := _CODE_TAG.match(child.content)):
            code = max(0, code + (-1 if tag.group(1) else 1))
        elif child.type == "html_inline":
            shown = _HIDDEN_HTML.sub("", child.content)
            for _offset, found in _found(_tex_free_values(shown)):
                yield line, found
            if (component := COMPONENT.match(shown)) is not None:
                word = _WORD_BEFORE.search(before)  # (`Set<Integer>`: a generic type)
                yield line, (word.group() if word else "") + component.group()
            elif (bare := _BARE_TAG.fullmatch(shown)) is not None \
                    and bare.group(1).lower() not in KNOWN:
                # (`apiVersion <string>`, `git checkout <branch>`: yielded whole, `>` and
                # all, which tells it from a component's `<Badge`)
                word = _WORD_BEFORE.search(before)
                yield line, (word.group() if word else "") + shown
        before = child.content if child.type == "text" else ""


def _leftovers(state: StateCore) -> None:
    env: Any = state.env
    ctx = env.get("lanting")
    source = state.src
    if ctx is None or not (("{" in source and TEMPLATE_SYNTAX.search(source))
                           or ("\\" in source and TEX.search(source))
                           or ("<" in source and (COMPONENT.search(source)
                                                  or _BARE_TAG.search(source)))):
        return
    seen: set[int] = set()
    formulas = _formulas_by_line(state.tokens) if "$" in source else {}
    for token in state.tokens:
        if token.map is None:
            continue
        if token.type == "inline":
            found = list(_in_inline(token, formulas))
        elif token.type == "html_block":
            content = _HIDDEN_HTML.sub(lambda m: "\n" * m.group().count("\n"), token.content)
            # ($…$ in its text is a formula: html_math.py)
            found = list(_found(_tex_free_values(content)))
            found += [(content.count("\n", 0, m.start()), m.group())
                      for m in COMPONENT.finditer(content)]
        else:
            continue
        for offset, syntax in found:
            line = ctx.body_line + token.map[0] + offset
            if line in seen:
                continue
            seen.add(line)
            shown = syntax if len(syntax) <= 60 else syntax[:57] + "…"
            tex = syntax.startswith(("\\", "$"))
            if syntax.endswith(">"):
                tag = syntax[syntax.find("<"):]
                message = (f"`{shown}` in the text: no element is named so, and the browser "
                           f"hides `{tag}`")
                hint = TAG_HINT
            elif syntax.startswith("<"):
                message = f"a component of another tool left in the page: `{shown}>`"
                hint = COMPONENT_HINT
            elif _GENERIC.match(syntax):
                tag = syntax[syntax.find("<"):]
                message = f"`{shown}>` in the text: the browser hides `{tag}>`"
                hint = GENERIC_HINT
            else:
                message = f"{'TeX' if tex else 'template syntax'} left in the page: `{shown}`"
                hint = TEX_HINT if tex else HINT
            env.setdefault("problems", []).append(Problem(message, ctx.path, line, hint=hint,
                                                          severity="warning"))


STARS_HINT = ("bold text has its `**` on both sides and no space just inside them "
              "(`**bold**`); to show the stars themselves, write `\\*\\*`")


_DOUBLE_STAR_ARGUMENT = re.compile(r"(?:^|(?<=[\s(\[,]))\*\*[a-z_][a-z0-9_]*"
                                   r"(?=\s*(?:$|[)\],.;:，。、；：）]))")
"""`**kwargs` (Python's keyword arguments: `forward(*input, **kwargs)`, `*args and
**kwargs`), which a note on PyTorch writes as text: the stars are the writer's, not a
bold text gone wrong (`**bold **text`, whose first `**` a word follows)."""


_BRACKETED_STARS = re.compile(r"[(\[（【]\*{2,3}[)\]）】]")
"""`(**)`, `[**]`: a mark naming a note (`(*)`, `(**)` after a step of a derivation),
stars the writer meant."""


def _keyword_stars(text: str) -> bool:
    """Whether each `**` of `text` is Python's `**kwargs` or a bracketed mark `(**)`."""
    return text.count("**") == len(_DOUBLE_STAR_ARGUMENT.findall(text)) \
        + len(_BRACKETED_STARS.findall(text))


def _stray_marks(state: StateCore, mark: str, message: str, hint: str,
                 meant: Callable[[str], bool] = lambda text: False) -> None:
    """A warning at the first line of each paragraph whose text shows `mark` as written
    (not `meant` there): its rule did not take it. (Run before `text_join`, where an
    escaped `\\*\\*` or `\\$\\$` is still a token of its own and so not taken for one.)"""
    env: Any = state.env
    ctx = env.get("lanting")
    for token in inlines(state, mark):
        line = 0
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "text" and mark in child.content and not meant(child.content):
                env.setdefault("problems", []).append(Problem(
                    message, ctx.path, ctx.body_line + (token.map or [0])[0] + line,
                    hint=hint, severity="warning"))
                break


def _stray_stars(state: StateCore) -> None:
    """`**` left as text by the emphasis rule."""
    _stray_marks(state, "**", "`**` shown as written: it opens or closes no bold text",
                 STARS_HINT, _keyword_stars)


DOLLARS_HINT = ("a formula's `$$` closes in its paragraph (a blank line or a heading ends "
                "it): add the closing `$$`, or write `\\$\\$` to show the dollars")


def _stray_dollars(state: StateCore) -> None:
    """`$$` that opens no formula, as a note's `$$P(X = x_i) = p_i` left unclosed (or
    closed past a blank line): shown as written, and the formula as text, without a
    word."""
    _stray_marks(state, "$$", "`$$` shown as written: it opens no formula", DOLLARS_HINT)


def _open_comment(state: StateCore) -> None:
    """`<!--` never closed: the browser hides everything after it — the rest of the post
    and the page around it (its footer, its scripts). A warning at the comment's line."""
    env: Any = state.env
    ctx = env.get("lanting")
    if ctx is None or "<!--" not in state.src:
        return
    for token in state.tokens:
        if token.type == "html_block" and token.map is not None:
            pieces = [(token.content, token.map[0])]
        elif token.type == "inline" and token.map is not None and "<!--" in token.content:
            pieces = [(c.content, token.map[0]) for c in token.children or []
                      if c.type == "html_inline"]
        else:
            continue
        for content, line in pieces:
            start = content.rfind("<!--")
            if start >= 0 and content.find("-->", start + 4) < 0:
                env.setdefault("problems", []).append(Problem(
                    "an HTML comment is opened here and never closed: everything after it, "
                    "to the end of the page, would be hidden", ctx.path,
                    ctx.body_line + line + content.count("\n", 0, start),
                    hint="close it with `-->`", severity="warning"))
                return


_MDX_LINE = re.compile(r"^(?:import\s+[\w{}*,\s]+\s+from\s+['\"][^'\"\n]+['\"];?|"
                       r"export\s+(?:const|default|function)\b.*)$", re.MULTILINE)
MDX_HINT = ("Lanting reads Markdown, not MDX: remove the line (and write what its "
            "components showed in Markdown)")


def _mdx_lines(state: StateCore) -> None:
    """`import Tabs from '@theme/Tabs';` (an MDX post of Docusaurus) printed as text."""
    if "import " not in state.src and "export " not in state.src:
        return
    for token in inlines(state, "port "):
        i = state.tokens.index(token)
        if token.level == 1 and state.tokens[i - 1].type == "paragraph_open":
            for match in _MDX_LINE.finditer(token.content):
                warn_at(state, token, match.start(),
                         f"an MDX line shown as text: `{match.group()[:60]}`", MDX_HINT)


_MARKDOWN_LINE = re.compile(r"^[ \t]*(?:#{1,6}[ \t]|(?:[-*+]|\d{1,3}[.)])[ \t]+\S|>[ \t])|"
                            r"\*\*[^*\s][^*\n]*\*\*|!?\[[^\]\n]+\]\([^)\s]+\)")
"""A heading, list item or quote, bold text, a link or image: Markdown, not HTML."""
_WHOLE_TAG = re.compile(r"<[A-Za-z][^\s/>]*(?:[^>\"']|\"[^\"]*\"|'[^']*')*>")
"""A start tag with its attributes, quoted values running over lines too (a notebook
widget's `<iframe srcdoc="…">`, a page of script and data in one attribute)."""
HTML_BLOCK_HINT = ("an HTML block runs to the next blank line, and Markdown in it is shown as "
                   "written: leave a blank line between the HTML and the Markdown")


def _markdown_in_html(state: StateCore) -> None:
    """`<p align="center"><img …></p>` with a line of Markdown right under it (a note
    centring its figures): the HTML block runs on to the next blank line, so the line's
    `**bold**` or `![](x.png)` was shown as written, without a word. Once per block, at
    the line; lines starting with a tag, and script, style, pre, comments and a tag's
    attributes, are HTML's."""
    if state.env.get("lanting") is None or "<" not in state.src:
        return
    for token in state.tokens:
        if token.type != "html_block" or token.map is None:
            continue
        content = _HIDDEN_HTML.sub(lambda m: "\n" * m.group().count("\n"), token.content)
        content = _WHOLE_TAG.sub(lambda m: "<" + "\n<" * m.group().count("\n"), content)
        # (what is hidden keeps its line breaks: the n-th line is the block's n-th)
        for n, line in enumerate(content.split("\n")):
            if not line.lstrip().startswith("<") and _MARKDOWN_LINE.search(line):
                shown = line.strip() if len(line.strip()) <= 60 else line.strip()[:57] + "…"
                start = len("\n".join(token.content.split("\n")[:n])) + (n > 0)
                warn_at(state, token, start, f"Markdown inside HTML shown as written: "
                         f"`{shown}`", HTML_BLOCK_HINT)
                break


def leftovers_plugin(md: MarkdownIt) -> None:
    md.core.ruler.before("text_join", "lanting_stray_stars", _stray_stars)
    md.core.ruler.before("text_join", "lanting_stray_dollars", _stray_dollars)
    md.core.ruler.push("lanting_leftovers", _leftovers)
    md.core.ruler.push("lanting_open_comment", _open_comment)
    md.core.ruler.push("lanting_mdx_lines", _mdx_lines)
    md.core.ruler.push("lanting_spaced_images", spaced_images)
    md.core.ruler.push("lanting_markdown_in_html", _markdown_in_html)
