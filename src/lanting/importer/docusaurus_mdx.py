"""What MDX adds to Markdown in a Docusaurus page, in Lanting's Markdown or reported.

Lanting reads Markdown, not MDX: an `import`/`export` line would show as text, a JSX
component (`<GitHubStarLink repo="x" />`) as nothing, `{/* … */}` as text. So:

- `import` and `export` lines are removed: those of Docusaurus's own components
  (`@theme/Tabs`, `@theme/CodeBlock`, …), whose uses are converted, with one notice;
  any other with a warning at its line naming what it imported;
- `import Source from '!!raw-loader!./train.py'` with `<CodeBlock>{Source}</CodeBlock>`:
  the file's text in a fenced block (`language`, `title`, `showLineNumbers` kept);
  `<CodeBlock>` around a template string too;
- `<Link to="/docs/x">text</Link>` → `[text](/docs/x)` (to the page's new URL);
  `<Admonition type="tip" title="x">` → `:::tip[x]`; `<details>`/`<Details>` kept
  (Lanting renders `<details>`); `{/* truncate */}` → `<!-- more -->`, other
  `{/* comments */}` → HTML comments;
- HTML written as JSX: `className` → `class`; `style={{textAlign: 'center'}}` → CSS;
  `src={require('@site/static/img/x.png').default}` and `src={useBaseUrl('/img/x.png')}`
  → `src="/img/x.png"`, `src={require('./figs/x.png').default}` → `src="./figs/x.png"`
  (an `<img>` with only `src` and `alt` a Markdown image); any other `{…}` attribute
  dropped, with a warning;
- any other component: a pair (`<Highlight color="x">text</Highlight>`) loses its tags
  and keeps its text; a lone `<Component … />` is kept in an HTML comment. Each is a
  warning at its line (Lanting runs none of the old site's components).

The text comes with its code put aside (`shelf.Shelf`): nothing here touches code.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from lanting.importer.body import unconverted
from lanting.importer.common import read_text
from lanting.importer.docusaurus_tabs import attribute
from lanting.importer.liquid import Context
from lanting.importer.mdx_partials import layout_exports, partial_file, show_partials
from lanting.importer.shelf import Shelf, fence

_IMPORT = re.compile(r"^import\s+(?:([\w$*{},\s]+?)\s+from\s+)?['\"]([^'\"\n]+)['\"];?[ \t]*$\n?",
                     re.MULTILINE)
_NEXT_IMPORT = re.compile(r"""(?m)(?<=['"]);[ \t]*(?=import\s[^\n]*['"];?[ \t]*$)""")
_EXPORT = re.compile(r"^export\s+(?:const|let|var|function|default|\{)[^\n]*"
                     r"(?:\n(?!\n)[^\n]*)*\n?", re.MULTILINE)
_CODE_SUFFIXES = frozenset({"js", "jsx", "ts", "tsx", "mjs", "cjs", "mdx", "md", "css",
                            "scss", "json", "vue", "astro"})
"""Imports of modules (components, styles, data), not of files shown by their URL."""
_THEME = re.compile(r"^@theme/|^@docusaurus/(?:useBaseUrl|Link|theme-common)")
_ATTRS = r"(?:[^<>{}]|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*"
_COMMENT = re.compile(r"\{/\*(.*?)\*/\}", re.DOTALL)
_CODEBLOCK = re.compile(rf"<CodeBlock\b({_ATTRS})>(.*?)</CodeBlock>", re.DOTALL)
_ADMONITION = re.compile(rf"<Admonition\b({_ATTRS})>(.*?)</Admonition>", re.DOTALL)
_PLAIN_IMAGE = re.compile(r"""<img\s+src=(["'])([^"'\s<>]+)\1(?:\s+alt=(["'])([^"'<>]*)\3)?"""
                          r"""\s*/?>""")
"""`<img src="x" alt="y" />` with nothing else: a Markdown image, which Lanting sizes,
converts to WebP and places under the site's path (raw HTML it leaves as written)."""
_LINK = re.compile(rf"<Link\b({_ATTRS}?)>(.*?)</Link\s*>", re.DOTALL)
_DETAILS = re.compile(rf"<Details\b({_ATTRS})>", re.DOTALL)
_LOWER_TAG = re.compile(rf"<([a-z][\w-]*)(?=[\s/>])({_ATTRS}?)(/?)>", re.DOTALL)
"""An HTML tag in JSX's way; not an autolink, `<http://x.org/>`, whose `/>` closes no tag."""
_JSX_ATTR = re.compile(r"\s([\w-]+)=\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}")
_BRACED = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"
_JSX_ATTRS = (rf"""(?:\s+(?:[\w:.-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|{_BRACED}))?|{_BRACED}))*"""
              r"\s*")
"""A JSX tag's attributes: names, `name="…"`, `name={…}`, `{...spread}`."""
_COMPONENT = re.compile(rf"(?<!\\)<([A-Z][\w.]*)\b({_JSX_ATTRS})(/?)>|(?<!\\)</([A-Z][\w.]*)\s*>")
"""A component's tag; not after a `\\`, which makes `\\<T>` the text `<T>` to MDX, nor
text that is no JSX (`V*{in}<V*{out} 时成立）…>`: no attribute starts with `*`)."""
_STATIC_CALL = re.compile(r"""^\s*(?:require\(\s*['"](?:@site/static(/[^'"]+)|(\.\.?/[^'"]+))"""
                          r"""['"]\s*\)(?:\.default)?|useBaseUrl\(\s*['"](/[^'"]*)['"]\s*\))\s*$""")
"""`require('@site/static/x.png')`, `useBaseUrl('/x.png')`: a static file's URL; or
`require('./figs/x.png')`, a file beside the page (webpack bundles it): its path, as a
Markdown image beside the page is written."""


def mdx_lines(text: str, ctx: Context, path: Path, own: re.Pattern[str] = _THEME,
              whose: str = "Docusaurus's") -> tuple[str, dict[str, Path]]:
    """`text` without its `import`/`export` lines; the raw-loader imports' files by name.
    `own`: the modules of the generator's own components (`whose`), whose uses are
    converted (Astro's `astro:assets`, Docusaurus's `@theme/Tabs`)."""
    raw: dict[str, Path] = {}
    theme: list[str] = []
    assets: dict[str, str] = {}
    layouts = layout_exports(text)
    wrappers = {n for m in layouts for n in re.findall(r"<([A-Z][\w.]*)", m.group())}
    quiet: list[str] = []
    """Imports of the page's layout (Lanting's page lays it out) and of its styles."""

    def one(match: re.Match[str]) -> str:
        names, module = (match.group(1) or "").strip(), match.group(2)
        partial = partial_file(module, path, ctx.report.source) \
            if re.fullmatch(r"[A-Za-z_$][\w$]*", names) else None
        if partial is not None:
            partials[names] = partial
            return ""
        if (names and names in wrappers) or (not names and module.lower().endswith(
                (".css", ".scss", ".sass", ".less"))):
            quiet.append(names or module)
            return ""
        if re.fullmatch(r"[A-Za-z_$][\w$]*", names) and module.startswith(("./", "../")) \
                and module.rsplit(".", 1)[-1].lower() not in _CODE_SUFFIXES \
                and (path.parent / module).is_file():
            assets[names] = module  # (a file the bundler gave a URL: `import wav from './1.wav'`)
            return ""
        if module.startswith("!!raw-loader!") or module.endswith("?raw"):
            file = module.removeprefix("!!raw-loader!").removesuffix("?raw")
            file = file.replace("@site/", str(ctx.report.source) + "/", 1)
            raw[names] = (path.parent / file) if not file.startswith("/") else Path(file)
        elif own.match(module) or module in ("react",):
            theme.append(names or module)
        else:
            # (an import over lines, `{⏎  A,⏎  B⏎}`, named on one: a report's message
            # shows its first and last lines)
            shown = " ".join(names.split()) or module
            ctx.warn(match.group().strip(), f"MDX import of `{shown}` from "
                     f"`{module}` removed: Lanting runs none of the old site's components "
                     "(React's, Astro's…; their uses are in the warnings below)")
        return ""

    partials: dict[str, Path] = {}
    text = _NEXT_IMPORT.sub(";\n", text)  # (`import A from 'a'; import B from 'b';`)
    text = _IMPORT.sub(one, text)
    text = show_partials(text, partials, ctx)
    for name, file in assets.items():  # (`<audio src={wav} />`: the file, by its path)
        text, count = re.subn(rf"(\s[\w-]+)=\{{\s*{re.escape(name)}\s*\}}",
                              rf'\1="{file.replace(chr(92), chr(92) * 2)}"', text)
        ctx.convert("imported files (`import x from './a.wav'`) as their paths", count)
    if theme:
        ctx.note("import ", f"MDX imports of {whose} own components removed ("
                 + ", ".join(f"`{n}`" for n in theme) + "): their uses are converted")
    if quiet or layouts:
        ctx.note("import " if quiet else "export ", "the MDX page's layout and styles "
                 "left out (" + ", ".join(f"`{n}`" for n in quiet or ["export default"])
                 + "): Lanting's page template lays the page out")
    for match in _EXPORT.finditer(text):
        if match.group() in {m.group() for m in layouts}:
            continue
        ctx.warn(match.group().split("\n")[0], "MDX `export` removed: "
                 f"`{match.group().split(chr(10))[0][:60]}` (Lanting runs no JavaScript)")
    return _EXPORT.sub("", text), raw


def comments(text: str, ctx: Context) -> str:
    """`{/* truncate */}` → `<!-- more -->`; other MDX comments → HTML comments; a
    string written as an expression (`{' '}`, `{"<T>"}`) → its text."""

    def one(match: re.Match[str]) -> str:
        inner = match.group(1).strip()
        if inner == "truncate":
            ctx.convert("excerpt markers (truncate)")
            return "<!-- more -->"
        return "<!-- " + inner.replace("--", "- -") + " -->"

    text = _COMMENT.sub(one, text)
    text, count = re.subn(r"(?<!=)\{\s*(?:'([^'\n{}]*)'|\"([^\"\n{}]*)\")\s*\}(?![}\]])",
                          lambda m: html.escape(m.group(1) if m.group(1) is not None
                                                else m.group(2), quote=False), text)
    ctx.convert("JSX strings ({' '}) as text", count)
    return text


def code_blocks(text: str, raw: dict[str, Path], shelf: Shelf, ctx: Context) -> str:
    """`<CodeBlock language="py" title="x">{Source}</CodeBlock>` (a raw-loader import) or
    around a template string (`` {`…`} ``) → a fenced block."""

    def one(match: re.Match[str]) -> str:
        attrs, inner = match.group(1), shelf.restore(match.group(2)).strip()
        options = {"title": attribute(attrs, "title") or ""}
        if attribute(attrs, "showLineNumbers") is not None:
            options["linenos"] = "true"
        language = attribute(attrs, "language") or ""
        name = re.fullmatch(r"\{\s*([\w$]+)\s*\}", inner)
        literal = re.fullmatch(r"\{\s*`(.*)`\s*\}", inner, re.DOTALL)
        if name and name.group(1) in raw:
            file = raw[name.group(1)]
            if not file.is_file():
                ctx.warn(match.group(), f"`<CodeBlock>` of `{file.name}`, a file not found: "
                         "left in a comment")
                return unconverted(match.group())
            code = read_text(file)
            language = language or file.suffix.lstrip(".")
            ctx.convert("code blocks of files (raw-loader)")
        elif literal:
            code = literal.group(1).replace("\\`", "`").replace("\\${", "${")
            ctx.convert("code blocks (<CodeBlock>)")
        elif "{" not in inner:
            code = inner
            ctx.convert("code blocks (<CodeBlock>)")
        else:
            return ctx.leave(match.group(), "its code is a JavaScript expression")
        return "\n\n" + shelf.put(fence(language, code, options)) + "\n\n"

    return _CODEBLOCK.sub(one, text)


def admonitions(text: str, ctx: Context) -> str:
    """`<Admonition type="tip" title="x">…</Admonition>` → `:::tip[x]` … `:::`;
    `<Details summary="x">` → `<details>` with its summary."""

    def one(match: re.Match[str]) -> str:
        kind = attribute(match.group(1), "type") or "note"
        title = attribute(match.group(1), "title") or ""
        ctx.convert("callouts (<Admonition>)")
        head = f":::{kind}" + (f"[{title}]" if title else "")
        return f"\n\n{head}\n\n{match.group(2).strip()}\n\n:::\n\n"

    text = _ADMONITION.sub(one, text)

    def details(match: re.Match[str]) -> str:
        summary = attribute(match.group(1), "summary")
        return "<details>" + (f"\n<summary>{summary}</summary>\n" if summary else "")

    text, count = _DETAILS.subn(details, text)
    ctx.convert("<Details>", count)
    return text.replace("</Details>", "</details>")


def links(text: str, ctx: Context) -> str:
    """`<Link to="/docs/x">text</Link>` (`@docusaurus/Link`) → `[text](/docs/x)`, whose
    URL then follows the page to its new place."""

    def one(match: re.Match[str]) -> str:
        attrs, inner = match.group(1), match.group(2).strip()
        url = attribute(attrs, "to") or attribute(attrs, "href")
        called = re.search(r"""(?:to|href)=\{\s*useBaseUrl\(\s*['"]([^'"]+)['"]\s*\)\s*\}""",
                           attrs)
        url = url or (called.group(1) if called else None)
        if not url or "\n\n" in inner:
            return match.group()
        ctx.convert("links (<Link>)")  # (Next.js 12's `<Link><a>…</a></Link>`: one link)
        return "[" + re.sub(r"^<a>(.*)</a>$", r"\1", inner, flags=re.DOTALL) + f"]({url})"

    return _LINK.sub(one, text)


def html_attributes(text: str, ctx: Context) -> str:
    """HTML written as JSX: `className`, `src={require('@site/static/…')}`; other
    `{…}` attributes dropped (each a warning)."""

    def attr(match: re.Match[str]) -> str:
        name, value = match.group(1), match.group(2)
        static = _STATIC_CALL.match(value)
        if static:
            ctx.convert("static URLs (require / useBaseUrl)")
            return f' {name}="{next(g for g in static.groups() if g)}"'
        css = style(value) if name == "style" else None
        if css is not None:
            ctx.convert("JSX styles as CSS")
            return f' style="{css}"'
        literal = re.fullmatch(r"\s*(?:'([^']*)'|\"([^\"]*)\"|`([^`$]*)`|(\d+))\s*", value)
        if literal:
            return f' {name}="{next(g for g in literal.groups() if g is not None)}"'
        ctx.warn(f"{name}={{", f"JSX attribute `{name}={{{value[:40]}}}` dropped (Lanting "
                 "runs no JavaScript)")
        return ""

    def tag(match: re.Match[str]) -> str:
        name, attrs, slash = match.groups()
        # (`<video … />` closes itself in JSX, not in HTML: it held all that followed)
        closed = f"></{name}>" if slash and name.lower() not in _VOID else ""
        if "{" not in attrs and "className" not in attrs and not closed:
            return match.group()
        attrs = re.sub(r"(?<![\w-])className=", "class=", attrs)
        attrs = _JSX_ATTR.sub(attr, attrs)
        return f"<{name}{attrs.rstrip() if closed else attrs}" + (closed or f"{slash}>")

    text = _LOWER_TAG.sub(tag, text)

    def image(match: re.Match[str]) -> str:
        before = text[:match.start()]
        line_start = before.rfind("\n") + 1
        above = before[:line_start].rstrip("\n").rsplit("\n", 1)[-1]
        # (inside raw HTML, `<div>` on the line above, Markdown is not read)
        if before[line_start:].rstrip().endswith(">") or (
                above.lstrip().startswith("<") and before[:line_start].endswith(
                    above + "\n")):
            return match.group()
        alt = (match.group(4) or "").replace("[", "\\[").replace("]", "\\]")
        return f"![{alt}]({match.group(2)})"

    return _PLAIN_IMAGE.sub(image, text)


_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                   "meta", "source", "track", "wbr"})
"""HTML's elements without content: `<img />` is HTML as well as JSX."""
_UNITLESS = frozenset({"opacity", "z-index", "font-weight", "line-height", "flex",
                       "flex-grow", "flex-shrink", "order", "zoom"})


def style(value: str) -> str | None:
    """A JSX style object (`{textAlign: 'center', marginBottom: 32}`) as CSS
    (`text-align: center; margin-bottom: 32px`); None when a value is not a literal
    (a variable, a call)."""
    inner = re.fullmatch(r"\s*\{(.*)\}\s*", value, re.DOTALL)
    if inner is None:
        return None
    rules: list[str] = []
    for entry in (e.strip() for e in inner.group(1).split(",")):
        if not entry:
            continue
        found = re.fullmatch(r"['\"]?([\w-]+)['\"]?\s*:\s*(?:'([^']*)'|\"([^\"]*)\"|"
                             r"(-?\d+(?:\.\d+)?))", entry)
        if found is None:
            return None
        prop = re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", found.group(1)).lower()
        number = found.group(4)
        text = next((g for g in found.groups()[1:3] if g is not None), None)
        if text is None:
            text = number + ("px" if prop not in _UNITLESS and number != "0" else "")
        rules.append(f"{prop}: {text.replace(chr(34), chr(39))}")
    return "; ".join(rules)


_STRING_ATTR = re.compile(r"""\s([\w-]+)=(?:"([^"]*)"|'([^']*)')""")
_PROSE = re.compile(r"[\u3400-\u9fff]|[^\W\d_]{2,}[\s,;:?!]+[^\W\d_]{2,}")
"""An attribute value that is text to read (a quiz's `question`, a card's `title`), not a
colour, a name or a path."""


def _prose_attributes(attrs: str) -> list[tuple[str, str]]:
    found = []
    for match in _STRING_ATTR.finditer(attrs):
        value = match.group(2) if match.group(2) is not None else match.group(3)
        if _PROSE.search(value) and not re.match(r"[a-z]+:|[./]", value):
            found.append((match.group(1), value.strip()))
    return found


def components(text: str, ctx: Context) -> str:
    """Any other component: a pair's tags removed (its text kept, and its attributes
    that are prose, each a paragraph before it, when it opens a line), a lone one kept
    in a comment; each a warning."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(4)
        if match.group(4):  # a closing tag: its opening one was reported
            return ""
        whole = match.group()
        if match.group(3):
            return ctx.leave(whole, f"the MDX component `<{name}>` has no Lanting form: "
                             "write what it showed in Markdown")
        closes = re.search(rf"</{re.escape(name)}\s*>", text[match.end():])
        if closes is None:
            return ctx.leave(whole, f"the MDX component `<{name}>` has no Lanting form")
        line_start = match.start() == 0 or text[match.start() - 1] == "\n"
        prose = _prose_attributes(match.group(2)) if line_start else []
        kept = "".join(f" and `{key}`" for key, _value in prose)
        ctx.warn(whole, f"the MDX component `<{name}>` removed, its text{kept} kept "
                 "(Lanting runs none of the old site's components)")
        return "".join(f"{value}\n\n" for _key, value in prose)

    return _COMPONENT.sub(one, text)


_JSX_BLOCK = re.compile(r"^([ \t]*)(<[A-Za-z][^<>]*>|</[A-Za-z][\w.]*>)[ \t]*$")
_SUMMARY = re.compile(r"^[ \t]*<summary\b[^<>]*>.*</summary>[ \t]*$", re.IGNORECASE)
_ONE_LINE_BLOCK = re.compile(r"^([ \t]*)(<(center|div|figure|section|aside)\b[^<>]*>)"
                             r"(.*?)(</\3>)[ \t]*$", re.MULTILINE)
"""`<center>![a](x.png)</center>` on one line: MDX read the Markdown inside; to
CommonMark a block tag opening a line makes the line HTML."""
_MARKS = re.compile(r"!\[|\]\(|\*\*|(?<![\w\\])[*_]\w|`")


def _opened(match: re.Match[str]) -> str:
    indent, opening, _tag, inner, closing = match.groups()
    if not _MARKS.search(inner) or "<" in inner:
        return match.group()
    return f"{indent}{opening}\n\n{inner.strip()}\n\n{indent}{closing}"


def markdown_in_jsx(text: str) -> tuple[str, int]:
    """Markdown between block tags (`<div className="grid">` on its line, an image or a
    sentence on the next lines, indented): MDX read it as Markdown; CommonMark reads the
    lines after a `<div>` as HTML up to a blank line, and indented ones as code. Each
    run of such lines is made a paragraph of its own, unindented."""
    out: list[str] = []
    count = 0
    after_tag = in_run = False
    opened = _ONE_LINE_BLOCK.sub(_opened, text)
    count += (opened.count("\n") - text.count("\n")) // 4  # (four line breaks each)
    text = opened
    for line in text.split("\n"):
        # (a `<summary>` line of its own, in a `<details>`, is one too)
        tag = _JSX_BLOCK.match(line) is not None or _SUMMARY.match(line) is not None
        prose = bool(line.strip()) and not tag and not line.lstrip().startswith("<")
        if prose and (after_tag or in_run):
            if not in_run:
                out.append("")
                count += 1
            out.append(line.strip())
            in_run = True
        else:
            if in_run and line.strip():
                out.append("")  # (the run's end, before the closing tag)
            out.append(line)
            in_run = False
        after_tag = tag and not line.rstrip().endswith("/>")
    return "\n".join(out), count
