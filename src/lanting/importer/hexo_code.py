"""Hexo's code blocks in Lanting's fences: the `{% codeblock %}` tag, a fence's words
after its language (```` ```python caption.py mark:4-5 first_line:3 ````: a title,
highlighted lines, the first line's number), and the tags that show a file's code
(`{% include_code %}`, a theme's `{% asset_code %}`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from lanting.importer import body as B
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, fence


def codeblock(args: str, inner: str, shelf: Shelf) -> str:
    """`{% codeblock [title] [lang:x] [url [link text]] %}…{% endcodeblock %}` as a fence:
    the title its `title`, the link after it."""
    words, _named = B.arguments(args)
    lang, options, caption = "", {}, []
    for word in words:
        key, colon, value = word.partition(":")
        if colon and key == "lang":
            lang = value
        elif colon and key in ("mark", "first_line", "line_number", "url", "link_text"):
            options.update(_fence_option(key, value))
        else:
            caption.append(word)
    # `[title] [url [link text]]`: Hexo's caption is the title and a link after it
    at = next((i for i, w in enumerate(caption) if re.match(r"^https?://", w)), None)
    link = ""
    if at is not None:
        text = " ".join(caption[at + 1:]) or "link"
        link = f"\n\n[{text}]({caption[at]})"
        caption = caption[:at]
    if caption:
        options["title"] = " ".join(caption)
    # (its code as written: a fence or a code span inside was put aside already)
    return fence(lang, shelf.restore(inner), options) + link


def _fence_option(key: str, value: str) -> dict[str, str]:
    if key == "mark":
        return {"hl_lines": " ".join(value.replace(",", " ").split())}
    if key == "first_line":
        return {"start": value}
    if key == "line_number" and value.lower() == "true":
        return {"linenos": "true"}
    return {}


_DIAGRAMS = {"flow": ("flowchart.js", "hexo-filter-flowchart"),
             "sequence": ("js-sequence-diagrams", "hexo-filter-sequence")}
"""The fences a Hexo plugin drew as a diagram: (the drawing library, the plugin)."""


def drawn_diagrams(package: str) -> frozenset[str]:
    """The fence languages of `_DIAGRAMS` whose plugin `package.json` installs."""
    return frozenset(lang for lang, (_library, plugin) in _DIAGRAMS.items()
                     if f'"{plugin}"' in package)


def code_fence(info: str, code: str, indent: str, ctx: Context,
               drawn: frozenset[str] = frozenset()) -> str:
    """```` ```python caption.py mark:4-5 first_line:3 ```` → Lanting's options. A
    ```` ```flow ```` or ```` ```sequence ```` fence (flowchart.js and
    js-sequence-diagrams, as Typora and their Hexo filters write them) is plain text:
    with the filter that drew it (`drawn`), a warning says the diagram is shown as its
    code; without, the old page showed the code as well."""
    words = info.split()
    if words[:1] == ["mermaid"]:  # (Fluid's diagrams: drawn if the theme drew them)
        ctx.convert("mermaid diagrams")
    if words and words[0].lower() in _DIAGRAMS:
        library, plugin = _DIAGRAMS[words[0].lower()]
        if words[0].lower() in drawn:
            ctx.warn("```" + info, f"a {library} diagram ({plugin}) shown as its code: "
                     "Lanting draws none (a Mermaid diagram of it would be drawn)")
        else:
            ctx.convert(f"{library} fences (no filter drew them) as plain text")
        return fence("text", code, None, indent)
    if len(words) <= 1:
        return fence(info, code, None, indent)
    lang, options, caption = words[0], {}, []
    for word in words[1:]:
        key, colon, value = word.partition(":")
        if colon and key in ("mark", "first_line", "line_number"):
            options.update(_fence_option(key, value))
        elif not re.match(r"^https?://", word):
            caption.append(word)
    if caption:
        options["title"] = " ".join(caption)
    ctx.convert("code block options")
    return fence(lang, code, options, indent)


_INCLUDED = re.compile(r"\{%-?\s*(include_code|include-code|asset_code)\b((?:(?!%\}).)*?)"
                       r"\s*-?%\}")
_CAPTION_AND_FILE = re.compile(r"(.*)?(?:\s+|^)(/*\S+)$")


def included_code(text: str, ctx: Context, shelf: Shelf,
                  find: Callable[[str, str], Path | None]) -> str:
    """Hexo's `{% include_code [title] [lang:x] [from:n] [to:m] path %}` (a file of
    `source/downloads/code/`, the `code_dir`) and a theme's `{% asset_code name %}` (a
    file of the post's asset folder) as a fence of the file's code, titled with the
    title or the file's name, its language the `lang:` or the file's extension, as Hexo
    showed them. `find(tag, path)`: the file the tag names, None for none (the tag is
    left in a comment, with a warning). Run after the code is put aside: a tag written
    in a code block is the code's."""

    def one(match: re.Match[str]) -> str:
        args, numbers = match.group(2), {}
        lang = ""
        for key in ("lang", "from", "to"):
            found = re.search(rf"\s*{key}:(\w+)", args, re.IGNORECASE)
            if found:
                if key == "lang":
                    lang = found.group(1)
                elif found.group(1).isdigit():
                    numbers[key] = int(found.group(1))
                args = args[:found.start()] + args[found.end():]
        named = _CAPTION_AND_FILE.match(args.strip())
        if named is None:
            return ctx.leave(match.group(), "no file named")
        path = named.group(2)
        file = find(match.group(1), path)
        if file is None:
            return ctx.leave(match.group(), f"no file `{path}` in the source")
        lines = file.read_text(encoding="utf-8", errors="replace").rstrip("\n").split("\n")
        first = numbers.get("from", 1)
        code = "\n".join(lines[first - 1:numbers.get("to", len(lines))])
        options = {"title": (named.group(1) or "").strip() or PurePosixPath(path).name}
        if first > 1:
            options["start"] = str(first)
        ctx.convert("code of included files")
        return shelf.put(fence(lang or PurePosixPath(path).suffix[1:], code, options))

    return _INCLUDED.sub(one, text)


def code_file(tag: str, name: str, page: Path, code_dir: Path) -> Path | None:
    """The file an `include_code` names (from the site's `code_dir`, `downloads/code`
    of its source folder) or an `asset_code` (of the `page`'s asset folder, or beside
    an `index.md` page); None for none, or for a path leading out of its folder."""
    places = [page.with_suffix(""), page.parent] if tag == "asset_code" else [code_dir]
    rel = name.lstrip("/")
    if ".." in Path(rel).parts:
        return None
    return next((p / rel for p in places if (p / rel).is_file()), None)
