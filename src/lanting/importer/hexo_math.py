"""The math tags of Hexo's math plugins → `$…$` and `$$…$$`; kramed's display
formulas, which a paragraph's text does not end (`kramed_display_blocks`); and Pandoc's
environments across blank lines (`pandoc_environment_displays`).

- hexo-math 4 (`{% katex '{options}' %}…{% endkatex %}`, `{% mathjax '{options}' %}…
  {% endmathjax %}`): inline unless the JSON options ask for display (`displayMode` for
  KaTeX, `display` for MathJax).
- hexo-tag-katex (`{% katex [displayMode] %}…{% endkatex %}`): display unless its
  argument is `false`.
- hexo-math 2 and 3 (`{% math %}…{% endmath %}`): one line is inline, several lines are
  display; `{% math_block %}` is display.
- hexo-math 1 (`{% math \\phi_A %}`, a tag of its own, the TeX its arguments): inline.

Hexo ran tag plugins on the raw text, so a tag's TeX never met the Markdown renderer's
escapes: the formulas are put aside before the body's other math is unescaped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from lanting.importer.liquid import Context, blocks, string_argument
from lanting.importer.shelf import Shelf
from lanting.markdown.math_display import ENVIRONMENTS


def setup_folders(config: dict[str, Any]) -> tuple[str, ...]:
    """Where a Hexo site sets its MathJax or KaTeX up: its theme's layout or scripts,
    or the site's own injected one."""
    theme = "themes/" + str(config.get("theme") or "-")
    return (f"{theme}/layout", f"{theme}/source/js", f"{theme}/scripts", "scripts",
            "source/_data")

def math_tags(text: str, ctx: Context, shelf: Shelf, tag_katex: bool) -> str:
    """Every math tag of `text` as a formula put on `shelf` (as code: nothing after this
    may touch its TeX). `tag_katex`: the site used hexo-tag-katex, whose `katex` tag was
    display math by default."""

    def formula(name: str) -> Callable[[str, str, str], str]:
        def one(args: str, inner: str, written: str) -> str:
            tex = inner.strip()
            if display(name, args.strip(), inner, tag_katex):
                return shelf.put(f"$${tex}$$")
            return shelf.put(f"${tex}$")
        return one

    for name in ("katex", "mathjax", "math", "math_block"):
        text = blocks(text, name, formula(name), ctx, "math tags as $ and $$")
    return inline_math_tags(text, ctx, shelf)


_INLINE_MATH_TAG = re.compile(r"\{%-?\s*math\s+((?:(?!%\}|\{%|\n).)+?)\s*-?%\}")
"""hexo-math 1's inline tag, `{% math R_2%}`: the TeX is the tag's arguments, up to
its `%}` on the same line (Hexo joined the arguments with single spaces)."""


def inline_math_tags(text: str, ctx: Context, shelf: Shelf) -> str:
    """hexo-math 1's `{% math TeX %}` (no `{% endmath %}`: that is a block of hexo-math
    2 and 3, converted by then) as `$TeX$`. Before, it was left in a comment, the
    formula missing from the sentence."""

    def one(match: re.Match[str]) -> str:
        ctx.convert("math tags as $ and $$")
        return shelf.put(f"${' '.join(match.group(1).split())}$")

    return _INLINE_MATH_TAG.sub(one, text)


def display(name: str, args: str, inner: str, tag_katex: bool) -> bool:
    """Whether the tag `name` with `args` showed its text `inner` as display math."""
    if name == "math_block":
        return True
    if name == "math":
        return "\n" in inner
    if args in ("true", "false"):  # hexo-tag-katex's displayMode
        return args == "true"
    try:
        options = json.loads(string_argument(args)) if args else {}
    except ValueError:
        options = {}
    key = "displayMode" if name == "katex" else "display"
    if isinstance(options, dict) and isinstance(options.get(key), bool):
        return bool(options[key])
    return tag_katex and name == "katex"


_KRAMED_OPENER = re.compile(r" {0,3}\${2,}")
_KRAMED_CLOSER = re.compile(r"\${2,} *$")


def kramed_display_blocks(text: str) -> tuple[str, int]:
    """kramed's display math, a block from a line starting `$$` to the next `$$` ending
    a line, interrupted a paragraph and ran across blank lines (`定义如下：`, on the next
    line `$$`, an `aligned` with a blank line between its rows, `$$`: a recommendation
    blog's uplift post). To Lanting a `$$` under a line of text ends its formula at the
    paragraph's end, so its TeX was left in the page; such a block gets a blank line
    above it. Returns (text, how many)."""
    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        line = lines[i]
        opener = _KRAMED_OPENER.match(line)
        if opener is None or _KRAMED_CLOSER.search(line[opener.end():].rstrip()) and \
                line[opener.end():].strip("$ "):
            out.append(line)  # (no opener, or a one-line `$$x$$`)
            i += 1
            continue
        last = next((j for j in range(i + 1, len(lines))
                     if _KRAMED_CLOSER.search(lines[j].rstrip())), None)
        if last is None:
            out.extend(lines[i:])
            break
        block = lines[i:last + 1]
        if out and out[-1].strip() and any(not b.strip() for b in block):
            out.append("")
            count += 1
        out.extend(block)
        i = last + 1
    return "\n".join(out), count


_LONE_DOLLARS = re.compile(r"^[ \t]{0,3}\$\$[ \t]*$")
_ENVIRONMENT = re.compile(r"\\begin\{(" + "|".join(ENVIRONMENTS) + r")(\*?)\}.*\\end\{\1\2\}",
                          re.DOTALL)


def pandoc_environment_displays(text: str) -> tuple[str, int]:
    """A `$$` display of one math environment with blank lines in it (`$$`, then
    `\\begin{gather}` … a blank line … `\\end{gather}`, then `$$`): Pandoc reads no `$$`
    across a blank line, but read the environment alone as a display formula (the
    `$$` around it as text), which MathJax showed. Lanting ends a display at a blank
    line, and showed its TeX; the display keeps its lines, not the blank ones. One of
    no environment was no formula to Pandoc either, and stays. Code must be put aside
    first. Returns (text, how many)."""
    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        end = next((j for j in range(i + 1, len(lines)) if "$$" in lines[j]), None) \
            if _LONE_DOLLARS.match(lines[i]) else None
        if end is None or not _LONE_DOLLARS.match(lines[end]):
            out.append(lines[i])
            i += 1
            continue
        inside = lines[i + 1:end]
        kept = [line for line in inside if line.strip()]
        if len(kept) < len(inside) and _ENVIRONMENT.fullmatch("\n".join(kept).strip()):
            inside, count = kept, count + 1
        out += [lines[i], *inside, lines[end]]
        i = end + 1
    return "\n".join(out), count


_MARKDOWN_IT = ("hexo-renderer-markdown-it", "hexo-renderer-markdown-it-plus",
                "hexo-renderer-multi-markdown-it")
_TEX_PLUGIN = re.compile(r"katex|mathjax|texmath|markdown-it-math", re.IGNORECASE)


def markdown_it_tex(renderer: str | None, config: dict[str, Any]) -> bool:
    """Whether the site's markdown-it renderer read `$…$` and `$$…$$` with a TeX plugin
    (markdown-it-katex and its forks, markdown-it-mathjax3, … named under `markdown:
    plugins:` or `markdown_it_plus: plugins:` and not `enable: false`; markdown-it-plus
    loads its KaTeX plugin when the site names no plugins). Such a plugin reads a
    display across blank lines (a matrix with a blank line between its parts), where
    Lanting's Markdown ends it at the first and showed the rest as TeX."""
    if renderer not in _MARKDOWN_IT:
        return False
    key = "markdown_it_plus" if renderer == "hexo-renderer-markdown-it-plus" else "markdown"
    section = config.get(key)
    plugins = section.get("plugins") if isinstance(section, dict) else None
    if not isinstance(plugins, list):
        return renderer == "hexo-renderer-markdown-it-plus"
    for plugin in plugins:
        if isinstance(plugin, dict) and isinstance(plugin.get("plugin"), dict):
            plugin = plugin["plugin"]  # (markdown_it_plus: `- plugin: {name: …}`)
        name = plugin.get("name") if isinstance(plugin, dict) else plugin
        if isinstance(name, str) and _TEX_PLUGIN.search(name) and not (
                isinstance(plugin, dict) and plugin.get("enable") is False):
            return True
    return False


def _on(section: Any, key: str) -> bool:
    return isinstance(section, dict) and section.get(key) is True


def math_opt_in(theme_name: str, theme: dict[str, Any]) -> tuple[str, ...]:
    """The front matter keys of which a post needs one set (`mathjax: true`) for the
    theme to load MathJax or KaTeX, when it loads them on such posts alone; () when it
    loads them on every post, or loads none (said elsewhere). NexT 8's `math:
    {every_page: false}` (7's `math: {per_page: true}`, 5's `mathjax: {per_page:
    true}`): `mathjax`; Butterfly's `mathjax` or `katex` with `per_page: false`: that
    key; Fluid's `post: {math: {specific: true}}`: `math`."""
    name = theme_name.lower()
    if re.search(r"(?:^|[-_])next(?:$|[-_])", name):
        math, old = theme.get("math"), theme.get("mathjax")
        if isinstance(math, dict) and "every_page" in math:
            loaded = _on(math.get("mathjax"), "enable") or _on(math.get("katex"), "enable")
            return ("mathjax",) if loaded and math["every_page"] is False else ()
        if isinstance(math, dict) and math.get("enable") is True:
            return ("mathjax",) if math.get("per_page", True) is True else ()
        return ("mathjax",) if _on(old, "enable") and _on(old, "per_page") else ()
    if "butterfly" in name:
        engines = [(key, theme.get(key)) for key in ("mathjax", "katex")]
        enabled = [(key, section) for key, section in engines if _on(section, "enable")]
        if enabled and all(isinstance(s, dict) and s.get("per_page") is False
                           for _key, s in enabled):
            return tuple(key for key, _section in enabled)
        return ()
    if "fluid" in name:
        post = theme.get("post")
        math = post.get("math") if isinstance(post, dict) else None
        return ("math",) if _on(math, "enable") and _on(math, "specific") else ()
    return ()


def server_mathjax(config: dict[str, Any], package: str) -> bool:
    """Whether hexo-filter-mathjax rendered the formulas of every page itself
    (`mathjax: {every_page: true}`), whatever the theme loads."""
    section = config.get("mathjax")
    return '"hexo-filter-mathjax"' in package and _on(section, "every_page")
