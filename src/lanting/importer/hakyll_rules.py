"""A Hakyll site's rules, read from its Haskell source as text (never compiled or run).

Hakyll is a Haskell library: a site is a program (`site.hs`, `app/Site.hs`, `src/Main.hs`,
a literate `site.lhs`, and the modules it imports) whose `Rules` say which files are read
and what each becomes. Read here from every Haskell file importing `Hakyll`: each `match
PATTERN` (a glob, a `.||.` of globs, `fromList [...]`, a name bound to one), its `route`
(`idRoute`, `setExtension`, `constRoute`, `gsubRoute "posts/" (const "")`,
`composeRoutes`; names bound to them followed) and its `compile` (a Pandoc compiler: a
document; `copyFileCompiler`: a file; the CSS and template compilers: the theme;
`getResourceBody` alone: HTML); the globs lists and feeds load (`loadAll`, `buildTags`):
the posts; `providerDirectory`, `destinationDirectory`, the `FeedConfiguration`, the math
extensions the Pandoc options enable and the `.bib` files the site compiles. Rules built
by code this cannot follow are missed; when no `match` is read at all, hakyll-init's
layout stands in for them, with a notice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.importer.hakyll_routes import haskell_string, route_custom, route_steps

_SKIP = frozenset({".git", ".stack-work", "dist-newstyle", "dist", "_cache", "_site",
                   "node_modules", ".cabal-sandbox"})
_IMPORTS_HAKYLL = re.compile(r"^\s*import\s+(?:qualified\s+)?Hakyll\b", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Rule:
    """One `match` of the rules."""

    globs: tuple[str, ...]
    """The globs it matches, from the provider folder (`posts/*`)."""
    excluded: tuple[str, ...]
    """Globs taken out (`complement "posts/_*"`)."""
    compiler: str
    """`document`, `copy`, `theme`, `html` or `other`."""
    route: tuple[tuple[str, ...], ...] | None
    """Its steps (`("ext", "html")`, `("id",)`, `("gsub", regex, replacement)`,
    `("const", path)`, `("unknown", text)`); None: it has no route (not published)."""
    where: str
    """`file:line` of the `match`."""
    templated: bool = False
    """Whether its compiler reads the file as a template first (`applyAsTemplate`):
    `$$` is a dollar sign in it, `$f("x")$` a call of the site's functions."""
    wrapped: bool = True
    """Whether its compiler puts the file in a template (`loadAndApplyTemplate`): an
    HTML file not wrapped was published as it is."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What the Haskell source says of the site."""

    files: tuple[Path, ...]
    rules: tuple[Rule, ...]
    listed: tuple[str, ...]
    """Globs the lists and feeds load: the posts."""
    provider: str = "."
    destination: str = "_site"
    feed: dict[str, str] = field(default_factory=dict)
    double_backslash: bool = False
    single_backslash: bool = False
    bibliographies: tuple[str, ...] = ()
    """`.bib` paths (or globs) the site compiles, from the provider folder."""
    fallback: bool = False
    """Whether hakyll-init's layout stands in for rules not read."""
    tag_pages: tuple[str, ...] = ()
    """The globs of the tags' pages (`buildTags … (fromCapture "tags/*.html")`)."""


HAKYLL_INIT = (
    Rule(("images/*",), (), "copy", (("id",),), "hakyll-init"),
    Rule(("css/*",), (), "theme", (("id",),), "hakyll-init"),
    Rule(("about.rst", "contact.markdown"), (), "document", (("ext", "html"),), "hakyll-init"),
    Rule(("posts/*",), (), "document", (("ext", "html"),), "hakyll-init"),
    Rule(("templates/*",), (), "theme", None, "hakyll-init"),
)
"""The rules of the site `hakyll-init` writes."""


def haskell_files(source: Path) -> list[Path]:
    """The Haskell files of the project that import Hakyll (the site's program and its
    modules), outside build folders."""
    found: list[Path] = []
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source).parts
        if path.suffix not in (".hs", ".lhs") or any(p in _SKIP for p in rel[:-1]) \
                or not path.is_file() or len(found) >= 64:
            continue
        text = _code(path)
        if _IMPORTS_HAKYLL.search(text):
            found.append(path)
    return found


def is_hakyll(source: Path) -> bool:
    """A Haskell program importing Hakyll at the root (`site.hs`, a literate `site.lhs`)
    or in `app/`, `src/`, `exe/`; or a package description naming `hakyll` (a `.cabal`,
    `package.yaml`) beside Haskell sources."""
    for folder in (source, source / "app", source / "src", source / "exe"):
        programs = [*folder.glob("*.hs"), *folder.glob("*.lhs")] if folder.is_dir() else []
        if any(_IMPORTS_HAKYLL.search(_code(p)) for p in sorted(programs)[:32]):
            return True
    packages = [*source.glob("*.cabal"), source / "package.yaml"]
    return any(p.is_file() and re.search(r"^\s*[,-]?\s*hakyll\b", _read(p), re.MULTILINE)
               for p in packages) and any(source.rglob("*.hs"))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _code(path: Path) -> str:
    """A Haskell file's code: a literate one's bird-tracked lines and `\\begin{code}`
    blocks (the rest is prose), without comments."""
    text = _read(path)
    if path.suffix == ".lhs":
        lines: list[str] = []
        inside = False
        for line in text.split("\n"):
            if line.strip() in ("\\begin{code}", "\\end{code}"):
                inside = line.strip() == "\\begin{code}"
                lines.append("")
            else:
                lines.append(line if inside else line[2:] if line.startswith("> ")
                             else "" if line.rstrip() != ">" else "")
        text = "\n".join(lines)
    return strip_comments(text)


def strip_comments(text: str) -> str:
    """Haskell without its comments (`-- …`, `{- … -}`), strings kept whole: a
    teaser's `"<!--more-->"` is no comment. Line breaks are kept, for line numbers."""
    out: list[str] = []
    i, depth = 0, 0
    while i < len(text):
        two = text[i:i + 2]
        if depth:
            depth += 1 if two == "{-" else -1 if two == "-}" else 0
            out.append("\n" if text[i] == "\n" else "")
            i += 2 if two in ("{-", "-}") else 1
        elif two == "{-" and text[i:i + 3] != "{-#":
            depth, i = 1, i + 2
        elif text[i] == '"':
            end = _string_end(text, i)
            out.append(text[i:end])
            i = end
        elif two == "--" and re.match(r"--+(?![!#$%&*+./<=>?@\\^|~:])", text[i:]) and (
                i == 0 or text[i - 1] not in "!#$%&*+./<=>?@\\^|~:"):
            while i < len(text) and text[i] != "\n":
                i += 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    i = start + 1
    while i < len(text) and text[i] not in '"\n':
        i += 2 if text[i] == "\\" else 1
    return min(i + 1, len(text))


_STRING = re.compile(r'"((?:\\.|[^"\\\n])*)"')
_BINDING = re.compile(r"^([ \t]*)(?:let[ \t]+|where[ \t]+)?([a-z_][\w']*)((?:[ \t]+[a-z_][\w']*)*)"
                      r"[ \t]*=(?![=>])(.*)$", re.MULTILINE)
_NAME = re.compile(r"(?<![\w'.\"])([a-z_][\w']*)(?![\w'\"])")


def _bindings(code: str) -> dict[str, str]:
    """Each name bound in the code (top level, `let`, `where`; a function's too, its
    arguments left as they are) and its right-hand side (the lines after it indented
    deeper, too): the first binding of a name."""
    lines = code.split("\n")
    starts = {m.start(): m for m in _BINDING.finditer(code)}
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found: dict[str, str] = {}
    for number, at in enumerate(offsets[:-1]):
        match = starts.get(at)
        if match is None or match.group(2) in found:
            continue
        depth = len(match.group(1).expandtabs())
        rhs = [match.group(4)]
        for line in lines[number + 1:]:
            if line.strip() and len(line) - len(line.lstrip()) <= depth:
                break
            rhs.append(line)
        found[match.group(2)] = "\n".join(rhs).strip()
    return found


def _expand(text: str, bindings: dict[str, str], depth: int = 3) -> str:
    """`text` with the names bound in the code replaced by what they are bound to."""
    for _ in range(depth):
        new = _NAME.sub(lambda m: f"({bindings[m.group(1)]})" if m.group(1) in bindings
                        and len(bindings[m.group(1)]) < 4000 else m.group(), text)
        if new == text:
            break
        text = new
    return text


def _argument(text: str, at: int) -> str:
    """The expression starting at `at`: a string, a bracketed group, or a name."""
    rest = text[at:].lstrip()
    if not rest:
        return ""
    if rest[0] == '"':
        return rest[:_string_end(rest, 0)]
    if rest[0] in "([":
        depth = 0
        for i, char in enumerate(rest):
            depth += 1 if char in "([" else -1 if char in ")]" else 0
            if depth == 0:
                return rest[:i + 1]
        return rest
    found = re.match(r"[\w'.]+", rest)
    return found.group() if found else ""


def _globs(expression: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(globs, excluded globs) of a pattern expression."""
    excluded = tuple(haskell_string(m.group(1)) for m in re.finditer(
        r'complement\s*\(?\s*"((?:\\.|[^"\\\n])*)"', expression))
    globs = tuple(g for g in (haskell_string(m.group(1)) for m in _STRING.finditer(expression))
                  if g not in excluded)
    return globs, excluded


def glob_regex(glob: str) -> re.Pattern[str]:
    """Hakyll's glob as a regular expression: `*` within a folder, `**` across them."""
    parts = re.split(r"(\*\*|\*)", glob)
    return re.compile("".join(".*" if p == "**" else "[^/]*" if p == "*" else re.escape(p)
                              for p in parts))


def matches(globs: tuple[str, ...], rel: str) -> bool:
    return any(glob_regex(g).fullmatch(rel) for g in globs)


def _compiler(block: str) -> str:
    if "copyFileCompiler" in block:
        return "copy"
    if re.search(r"\b(?:compressCssCompiler|templateCompiler|templateBodyCompiler|"
                 r"sassCompiler|\w*[Cc]ss\w*Compiler)\b", block):
        return "theme"
    if re.search(r"[Pp]andoc", block):
        return "document"
    return "html" if "getResourceBody" in block else "other"


_MATCH = re.compile(r"\bmatch\b(?!\w)")
_LISTERS = re.compile(r"\b(loadAll|loadAllSnapshots|buildTags|buildCategories|"
                      r"buildTagsWith|buildPaginateWith)\b")


def _block(code: str, end: int) -> str:
    """The rest of the `match`'s line and the lines after it indented deeper."""
    line_start = code.rfind("\n", 0, end) + 1
    line = code[line_start:code.find("\n", end) if "\n" in code[end:] else len(code)]
    depth = len(line) - len(line.lstrip())
    out = [code[end:line_start + len(line)]]
    for later in code[line_start + len(line) + 1:].split("\n"):
        if later.strip() and len(later) - len(later.lstrip()) <= depth:
            break
        out.append(later)
    return "\n".join(out)


def read_rules(source: Path) -> Rules:
    """The rules of the Hakyll site at `source`."""
    files = haskell_files(source)
    codes = [(path, _code(path)) for path in files]
    bindings: dict[str, str] = {}
    for _path, code in codes:
        for name, rhs in _bindings(code).items():
            bindings.setdefault(name, rhs)
    rules: list[Rule] = []
    listed: list[str] = []
    for path, code in codes:
        rules += _matches(path, source, code, bindings)
        for m in _LISTERS.finditer(code):
            at = m.end()
            if m.group(1) in ("buildTagsWith", "buildPaginateWith"):
                at += len(_argument(code, at)) + (len(code[at:]) - len(code[at:].lstrip()))
            # (a glob: the lists of posts; a sitemap's named pages are none)
            listed += [g for g in _globs(_expand(_argument(code, at), bindings))[0]
                       if "*" in g]
    fallback = not rules
    return _settings("\n".join(code for _path, code in codes), Rules(
        tuple(files), HAKYLL_INIT if fallback else tuple(rules),
        tuple(dict.fromkeys(listed)) or ("posts/*", "posts/**"), fallback=fallback))


def _matches(path: Path, source: Path, code: str, bindings: dict[str, str]) -> list[Rule]:
    rules: list[Rule] = []
    for m in _MATCH.finditer(code):
        expression = _argument(code, m.end())
        if not expression or expression in ("::", "=") or "->" in expression:
            continue  # (a definition's own name, `match :: …`)
        globs, excluded = _globs(_expand(expression, bindings))
        if not globs and (looped := _looped(code, m.start(), expression)):
            globs, excluded = _globs(looped)
        rest = code.find(expression, m.end()) + len(expression)
        block = _block(code, rest)
        if re.match(r"\s*\$?\s*version\b", block) or not globs:
            continue  # (`version "raw"`: a second output of files another rule reads)
        expanded = _expand(block, bindings)
        # (the rest of its line, `route $ a \`composeRoutes\` b`, in the block or in the
        # function the `match` names)
        found = _route_expression(block) or _route_expression(expanded)
        route = route_steps(_expand(found, bindings),
                            route_custom(found, bindings, code)) if found else None
        line = code.count("\n", 0, m.start()) + 1
        rel = path.relative_to(source).as_posix()
        compiler = _compiler(expanded)
        rules.append(Rule(globs, excluded, compiler, route, f"{rel}:{line}",
                          compiler == "document" and "applyAsTemplate" in expanded,
                          bool(re.search(r"\b(?:loadAndApplyTemplate|applyAsTemplate|"
                                         r"applyTemplate)\b", expanded))))
    return rules


def _route_expression(block: str) -> str | None:
    """The expression after `route` (`route $ f $ g`): the rest of its
    line, and the lines after it indented deeper than the line of `route` (Haskell's
    layout: `route $` then `composeRoutes f $` and `gsubRoute …` below it)."""
    found = re.search(r"^([ \t]*).*?\broute\b[ \t]*\$?[ \t]*(.*)", block, re.MULTILINE)
    if found is None:
        return None
    lines = [found.group(2)]
    for line in block[found.end():].split("\n")[1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= len(found.group(1)):
            break
        lines.append(line)
    return " ".join(" ".join(lines).split())


def _looped(code: str, at: int, name: str) -> str:
    """The list a `forM_ [\"docs/*\", \"img/*\"] $ \\p -> match p …` loop gives its
    pattern `name`, when the `match` is in one."""
    before = code[max(0, at - 800):at]
    loops = list(re.finditer(r"\b(?:forM_|mapM_|for_|traverse_)\s*(\[[^\]]*\])\s*\$\s*\\\s*"
                             rf"{re.escape(name)}\s*->", before))
    return loops[-1].group(1) if loops else ""


def _settings(code: str, rules: Rules) -> Rules:
    """`rules` with the settings the code gives: the folders, the feed's fields, the
    math extensions, the bibliographies."""
    def value(name: str) -> str | None:
        found = re.search(rf'\b{name}\s*=\s*"((?:\\.|[^"\\\n])*)"', code) or re.search(
            rf'\bwith{name[0].upper()}{name[1:]}\s+"((?:\\.|[^"\\\n])*)"', code)
        return haskell_string(found.group(1)) if found else None

    feed = {key: text for key in ("feedTitle", "feedDescription", "feedAuthorName",
                                  "feedAuthorEmail", "feedRoot")
            if (text := value(key))}
    bibs = [haskell_string(m.group(1)) for m in re.finditer(
        r'"((?:\\.|[^"\\\n])*\.bib)"', code)]
    cites = re.search(r"\b(?:readPandocBiblio|pandocBiblioCompiler|biblioCompiler|"
                      r"processPandocBiblio)\b", code)
    tag_pages = tuple(haskell_string(m.group(1)) for m in re.finditer(
        r'\bbuildTags\b[^\n]*?fromCapture\s*"((?:\\.|[^"\\\n])*)"', code))
    return replace(rules, tag_pages=tag_pages,
                   provider=(value("providerDirectory") or ".").strip("./") or ".",
                   destination=(value("destinationDirectory") or "_site").strip("./"),
                   feed=feed,
                   double_backslash=_enabled(code, "Ext_tex_math_double_backslash"),
                   single_backslash=_enabled(code, "Ext_tex_math_single_backslash"),
                   bibliographies=tuple(dict.fromkeys(bibs)) if cites else ())


def _enabled(code: str, extension: str) -> bool:
    """Whether the Pandoc options name the extension, other than to disable it."""
    return any(not re.search(r"disableExtension\s*$", code[max(0, m.start() - 40):m.start()])
               for m in re.finditer(rf"\b{extension}\b", code))
