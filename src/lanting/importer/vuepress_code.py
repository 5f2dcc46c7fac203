"""Code from files, and Shiki's code notations. VitePress's and VuePress 1's
`<<< @/snippets/x.py{2-3}` (`#region` to take one region, `[title]` for the tab or
title) and VuePress 2's
`@[code{1-3} python](./x.py)`. The old site read the file at build time; the new one has
the file's lines in a fence, as MkDocs' snippets are inlined. `@` (and `@src`) is the
source folder; other paths are from the page's folder. And hope's (md-enhance) and
markdown-it-plantuml's bare `@startuml` … `@enduml` diagrams, a `plantuml` fence."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, fence
from lanting.importer.text import split_front_matter

_VITE_IMPORT = re.compile(r"^([ \t]*)<<<[ \t]+(\S+?)(\{[^}\n]*\})?(?:[ \t]+\[([^\]\n]*)\])?"
                          r"[ \t]*$", re.MULTILINE)
_VUEPRESS_IMPORT = re.compile(r"^([ \t]*)@\[code(?:\{([\d,\s-]*)\})?(?:[ \t]+([\w+#.-]+))?"
                              r"(?:[ \t]+[^\]\n]*)?\]\(([^)\n]+)\)[ \t]*$", re.MULTILINE)
_PLANTUML = re.compile(r"^@start(uml|mindmap|gantt|wbs|salt|json|yaml)\b[^\n]*\n"
                       r"(?:.*?\n)??@end\1[ \t]*$", re.MULTILINE | re.DOTALL)
"""A diagram written as prose, no fence around it, which the old site's plugin drew."""
_REGION_MARK = re.compile(r"^.*#(end)?region\b.*$")
LANGUAGES = {"py": "python", "js": "js", "mjs": "js", "ts": "ts", "mts": "ts", "sh": "sh",
             "bash": "bash", "yml": "yaml", "yaml": "yaml", "json": "json", "md": "md",
             "vue": "vue", "rs": "rust", "go": "go", "cpp": "cpp", "cc": "cpp", "c": "c",
             "h": "c", "cu": "cuda", "java": "java", "toml": "toml", "html": "html",
             "css": "css", "tex": "latex", "r": "r", "jl": "julia", "lua": "lua"}


def code_imports(text: str, path: Path, source_dir: Path, ctx: Context, shelf: Shelf) -> str:
    """Each import replaced by a fence with the file's lines, put aside in `shelf` as
    the page's own code is (a missing file: a warning at its line, the line kept in a
    comment)."""

    def fence(indent: str, target: str, options: str, lang: str, title: str,
              line: str) -> str:
        file_part, _, region = target.partition("#")
        file = resolve(file_part, path, source_dir)
        if file is None or not file.is_file():
            return ctx.leave(line.strip(), f"the file `{file_part}` is not in the site")
        lines = read_text(file).rstrip("\n").split("\n")
        if region:
            picked = _region(lines, region)
            if picked is None:
                ctx.warn(line.strip(), f"no region `{region}` in `{file_part}`: the whole "
                         "file is inlined")
            else:
                lines = picked
        lines = [line for line in lines if not _REGION_MARK.match(line)] \
            if not region else lines
        body = "\n".join(lines)
        ticks = "`" * max(3, max((len(r) for r in re.findall(r"`{3,}", body)), default=0) + 1)
        lang = lang or LANGUAGES.get(file.suffix.lstrip(".").lower(), "text")
        info = lang + options + (f" [{title}]" if title else "")
        ctx.convert("code imported from files (inlined)")
        block = "\n".join(indent + row if row else row
                          for row in [ticks + info, *body.split("\n"), ticks])
        return indent + shelf.put(block.removeprefix(indent))

    def vite(match: re.Match[str]) -> str:
        indent, target, braces, title = match.groups()
        options, lang = "", ""
        if braces:  # (`{1,2 ts:line-numbers}`: lines, then a language)
            inner = braces[1:-1].split()
            ranges = [w for w in inner if re.fullmatch(r"[\d,-]+", w)]
            words = [w for w in inner if w not in ranges]
            options = "{" + ",".join(ranges) + "}" if ranges else ""
            if words:
                lang = words[0].split(":")[0]
        return fence(indent, target, options, lang, title or "", match.group())

    def vuepress(match: re.Match[str]) -> str:
        indent, ranges, lang, target = match.groups()
        options = "{" + ranges.replace(" ", "") + "}" if ranges else ""
        return fence(indent, target.strip(), options, lang or "", "", match.group())

    return _VUEPRESS_IMPORT.sub(vuepress, _VITE_IMPORT.sub(vite, text))


def resolve(target: str, path: Path, source_dir: Path) -> Path | None:
    """The file an import names. `@/` is VitePress's source folder but VuePress 1's
    project root (`process.cwd()`: `<<< @/docs/snippets/x.js`), one or two folders up:
    the first of them that has the file."""
    for alias in ("@src/", "@/", "~@/"):
        if target.startswith(alias):
            rest = target[len(alias):]
            roots = [source_dir, *list(source_dir.parents)[:2]]
            return next((r / rest for r in roots if (r / rest).is_file()), source_dir / rest)
    if target.startswith("@"):
        return None  # (another alias the site's bundler defined)
    if target.startswith("/"):
        return source_dir / target.lstrip("/")
    return path.parent / target


def _region(lines: list[str], name: str) -> list[str] | None:
    """The lines between `#region name` and `#endregion name` (any comment style)."""
    start = next((i for i, line in enumerate(lines)
                  if re.search(rf"#region[ \t]+{re.escape(name)}\b", line)), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines))
                if re.search(rf"#endregion\b(?:[ \t]+{re.escape(name)}\b)?", lines[i])),
               len(lines))
    return [line for line in lines[start + 1:end] if not _REGION_MARK.match(line)]


_NOTATION = re.compile(r"[ \t]*(?://|#|--|;|<!--|/\*)[ \t]*\[!code[ \t]+(highlight|hl|focus|"
                       r"\+\+|--|error|warning|word:[^\]\n]*)(?::(\d+))?\][ \t]*(?:-->|\*/)?"
                       r"[ \t]*$")
"""Shiki's notations in a code line (VitePress, VuePress 2): `// [!code highlight]`,
`# [!code ++]`, `<!-- [!code focus:3] -->`."""


def code_notations(ctx: Context) -> Callable[[str, str, str], str]:
    """A fence handler (`shelf.protect_code`) taking Shiki's notations out of the code: a
    highlighted (or error, warning) line joins the fence's `{…}` lines; the others
    (`++`, `--`, `focus`, `word:`), which only coloured the line, are removed with a
    notice."""

    def handle(info: str, code: str, indent: str) -> str:
        lines = code.split("\n")
        marked: list[int] = []
        dropped = 0
        for number, line in enumerate(lines, 1):
            found = _NOTATION.search(line)
            if found is None:
                continue
            lines[number - 1] = line[:found.start()]
            if found.group(1) in ("highlight", "hl", "error", "warning"):
                marked += range(number, number + int(found.group(2) or 1))
            else:
                dropped += 1
        if marked or dropped:
            ctx.convert("code notations ([!code …])", len(marked) + dropped)
        if dropped:
            ctx.note("[!code", f"{dropped} code notation(s) (`[!code ++]`, `--`, `focus`) "
                     "removed: Lanting shows no diff or focus in code blocks")
        info = _with_lines(info, marked) if marked else info
        body = "\n".join(lines)
        ticks = "`" * max(3, max((len(r) for r in re.findall(r"`{3,}", body)), default=0) + 1)
        return "\n".join(indent + row if row else row for row in [ticks + info, *lines, ticks])

    return handle


def _with_lines(info: str, numbers: list[int]) -> str:
    """`info` with `numbers` among its highlighted lines (`python{2}` → `python{2,5}`)."""
    listed = ",".join(str(n) for n in sorted(set(numbers)))
    found = re.match(r"([^\s{:\[]*)(\{([^}]*)\})?", info)
    if found is None or not found.group(1):
        return f"text{{{listed}}} {info}".rstrip()
    if found.group(2) is not None:
        ranges = ",".join(p for p in (found.group(3).strip(), listed) if p)
        return f"{found.group(1)}{{{ranges}}}{info[found.end():]}"
    return f"{found.group(1)}{{{listed}}}{info[found.end():]}"


_INCLUDE = re.compile(r"^([ \t]*)<!--[ \t]*@include:[ \t]*([^\s{#]+?)(#[\w-]+)?"
                      r"(\{[\d,\s-]*\})?[ \t]*-->[ \t]*$", re.MULTILINE)
"""VitePress's `<!--@include: ./parts/a.md{3,10}-->` and hope's `<!-- @include:
./a.snippet.md{9-13} -->`, with a `#region` of the file instead of lines."""


def includes(text: str, path: Path, source_dir: Path, ctx: Context,
             protect: Callable[[str], str], depth: int = 0) -> str:
    """Each include replaced by the file's Markdown (its front matter left out, its code
    put aside by `protect` as the page's is; an include inside it followed too, up to a
    depth of 5). An HTML comment shows nothing: left unread, the included text would be
    lost without a word."""

    def one(match: re.Match[str]) -> str:
        indent, target, region, lines = match.groups()
        file = resolve(target, path, source_dir)
        if file is None or not file.is_file() or depth > 5:
            why = "included too deep" if depth > 5 else f"the file `{target}` is not in the site"
            return ctx.leave(match.group().strip(), why)
        rows = split_front_matter(read_text(file))[2].rstrip("\n").split("\n")
        if region:
            picked = _region(rows, region[1:])
            if picked is None:
                ctx.warn(match.group().strip(), f"no region `{region[1:]}` in `{target}`: "
                         "the whole file is included")
            else:
                rows = picked
        elif lines:
            first, last = _line_range(lines[1:-1], len(rows))
            rows = rows[first - 1:last]
        ctx.convert("Markdown files included (inlined)")
        inner = includes(protect("\n".join(rows)), file, source_dir, ctx, protect,
                         depth + 1)
        return "\n".join(indent + row if row else row for row in inner.split("\n"))

    return _INCLUDE.sub(one, text)


def code_includes(handler: Callable[[str, str, str], str], path: Path, source_dir: Path,
                  ctx: Context) -> Callable[[str, str, str], str]:
    """A fence handler that first replaces an include line inside the code with the file's
    lines (`handler` then writes the block): VuePress 2's include plugin (hope's, and
    `@vuepress/plugin-markdown-include`) reads the page's source before its fences, so
    `<!-- @include: @src/code/sort.ts -->` alone on a line of a ```ts block showed the
    file's code there (a notes site's way to show its examples' files)."""

    def handle(info: str, code: str, indent: str) -> str:
        def one(match: re.Match[str]) -> str:
            lead, target, region, lines = match.groups()
            file = resolve(target, path, source_dir)
            if file is None or not file.is_file():
                return match.group()  # (an example of the syntax, or a file not kept)
            rows = read_text(file).rstrip("\n").split("\n")
            if region:
                rows = _region(rows, region[1:]) or rows
            elif lines:
                first, last = _line_range(lines[1:-1], len(rows))
                rows = rows[first - 1:last]
            ctx.convert("files included in code blocks (inlined)")
            return "\n".join(lead + row if row else row
                             for row in textwrap.dedent("\n".join(rows)).split("\n"))

        return handler(info, _INCLUDE.sub(one, code) if "@include" in code else code, indent)

    return handle


def _line_range(spec: str, count: int) -> tuple[int, int]:
    """`3,10` (VitePress) or `3-10` (hope), either end left out: from the first line, to
    the last."""
    first, _, last = spec.replace(" ", "").replace("-", ",").partition(",")
    start = int(first) if first.isdigit() else 1
    end = int(last) if last.isdigit() else count if _ else start
    return start, end


def plantuml_blocks(text: str, shelf: Shelf, ctx: Context) -> str:
    """Each bare `@startuml` … `@enduml` in a `plantuml` fence, put aside as code (else its
    lines were read as Markdown: `class Box<T>` a Vue component, `--` a list). `text`
    has its fences put aside already: a diagram shown in one stays as written."""

    def one(match: re.Match[str]) -> str:
        ctx.convert("PlantUML diagrams (@startuml) as plantuml code blocks")
        return shelf.put(fence("plantuml", match.group()))

    return _PLANTUML.sub(one, text)
