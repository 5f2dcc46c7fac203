"""GitPitch decks (`PITCHME.md`) in a folder of notes, as talks' Markdown
(`notes_formats`).

GitPitch made a reveal.js deck of a repository's `PITCHME.md` (one a folder, a deck of
that folder's): `---` between slides, `+++` before a slide under it, `Note:` the notes.
Its own syntax sits on the separator line and in the text: `---?image=assets/bg.jpg
&size=contain&opacity=20` (or `?color=#123`) the slide's background, `---?code=src/x.py
&lang=python&title=Setup` a slide of that file's code, followed by its steps, `@[1-3]
(Read the input)`, each lines to highlight and what to say of them; `---?include=a.md`
that file's slides; `@title[Name]` a slide's name in the menu; `@snap[north span-50]`
… `@snapend` (and `@ul` … `@ulend`, `@ol` … `@olend`) place or step their content;
`@fa[github]` an icon, `@color[red](text)`, `@size[2em](text)`, `@css[cls](text)` and
`@span[cls](text)` style text, `@quote[Text](Author)` a quote; `- item |` a list item
shown at the next click; `$$x$$` inside a line inline math.

Read as Markdown, all of it was text on the slides and the backgrounds and code
slides were lost. Here the separators are Lanting's (`--` for `+++`), a background a
slide's reveal.js comment, a code slide a fenced block of the file (its first step's
lines highlighted, reveal.js's way; every step's words a list under it), an include
the file's text, the widgets their text (icons left out), and the placements and
steps only their content. A file not there leaves a warning at its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from urllib.parse import parse_qsl

from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN, Shelf, protect_code

_SEPARATOR = re.compile(r"^(---|\+\+\+)\?(\S.*?)[ \t]*$")
_STEP = re.compile(r"^[ \t]*@\[([\d\s,-]+)\](?:\((.*)\))?[ \t]*$")
_BLOCK = re.compile(r"^[ \t]*@(?:snap\[[^\]\n]*\]|snapend|[uo]l(?:\[[^\]\n]*\])?(?:\([^)\n]*\))?|"
                    r"[uo]lend|title\[[^\]\n]*\]|fa\[[^\]\n]*\])[ \t]*$")
_ICON = re.compile(r"@fa\[[^\]\n]*\][ \t]?")
_STYLED = re.compile(r"@(?:color|size|css|span|style)\[[^\]\n]*\]\(((?:[^()\n]|\([^()\n]*\))*)\)")
_QUOTE = re.compile(r"^([ \t]*)@quote\[([^\]\n]*)\](?:\(([^)\n]*)\))?[ \t]*$", re.MULTILINE)
_FRAGMENT = re.compile(r"^([ \t]*(?:[-*+]|\d+[.)])[ \t]+\S.*?)[ \t]+\|[ \t]*$", re.MULTILINE)
_BREAKS = re.compile(r"^([ \t]*(?:<br\s*/?>[ \t]*)+\n)"
                     r"(?=[ \t]*(?:#{1,6}[ \t]|[-*+>][ \t]|\d+[.)][ \t]|!?\[))", re.MULTILINE)
_INLINE_MATH = re.compile(r"(?<![$\\])\$\$([^$\n]+?)\$\$(?!\$)")
_PATHS = re.compile(r"""(!?\[[^\]\n]*\]\(|<img\b[^>\n]*?\bsrc=["']|data-background-image=")"""
                    r"""([^)"'\s#?:]+(?:\.[A-Za-z0-9]+))""")
"""A relative path of an image, a link or a background (GitPitch's are from the
repository's root)."""
_FENCE_OPEN = re.compile(r"^([ \t]*)(`{3,}|~{3,})(.*)$")


@dataclass
class GitPitchDeck:
    """`gitpitch_markdown`'s result."""

    body: str
    title: str = ""
    """The first slide's heading (a `<h2>` too), else the first `@title[…]`, else its
    first line of text, else empty."""
    converted: list[str] = field(default_factory=list)
    warnings: list[tuple[int, str]] = field(default_factory=list)
    """(line of the deck, from 1; message)"""


def is_gitpitch(name: str) -> bool:
    return name.lower() == "pitchme.md"


def gitpitch_markdown(text: str, read: Callable[[str], str | None],
                      rebase: Callable[[str], str] = lambda path: path) -> GitPitchDeck:
    """The GitPitch deck `text` as a talk's Markdown (see the module); `read(path)` a
    file's text by the path the deck names (from the repository's root), or None;
    `rebase(path)` that path from the deck's folder."""
    deck = GitPitchDeck("")
    out: list[str] = []
    lines = text.split("\n")
    fence = ""
    steps: dict[int, list[str]] = {}  # (a code block's opening line: its steps' lines)
    for n, line in enumerate(lines, 1):
        opened = _FENCE_OPEN.match(line)
        if fence or opened:
            if fence and opened and opened.group(2).startswith(fence) \
                    and not opened.group(3).strip():
                fence = ""
            elif not fence and opened:
                fence = opened.group(2)
            out.append(line)
            continue
        if line.rstrip() in ("---", "+++"):  # (set apart: Lanting's `--` needs blank lines)
            out += ["", "--" if line.startswith("+") else "---", ""]
            _count(deck, "GitPitch's `+++` as a slide under the last", line.startswith("+"))
            continue
        separator = _SEPARATOR.match(line)
        if separator:
            out += _slide(separator.group(1), dict(parse_qsl(separator.group(2).replace(
                "+", "%2B"))), n, read, rebase, deck)
            continue
        if step := _STEP.match(line):
            _step(out, step.group(1), step.group(2) or "", steps, deck)
            continue
        if _BLOCK.match(line):
            _count(deck, "GitPitch's layout and menu lines (`@snap[…]`, `@title[…]`) "
                         "left out")
            out.append("")  # (it parted an HTML block from the Markdown under it)
            continue
        out.append(line)
    _crop(out, steps)
    body = "\n".join(out)
    shelf = Shelf()
    body = protect_code(body, shelf)
    body, count = _ICON.subn("", body)
    _count(deck, "GitPitch's icons (`@fa[…]`) left out", count)
    for _ in range(4):  # (nested: `@css[a](@color[red](x))`)
        body, count = _STYLED.subn(_styled, body)
        _count(deck, "GitPitch's styled text (`@color[red](text)`) as its text", count)
    body, count = _QUOTE.subn(lambda m: f"{m.group(1)}> {m.group(2)}" + (
        f"\n{m.group(1)}>\n{m.group(1)}> — {m.group(3)}" if m.group(3) else ""), body)
    _count(deck, "GitPitch's quotes (`@quote[…]`) as block quotes", count)
    body = _BREAKS.sub(r"\1\n", body)  # (marked ended the HTML there; CommonMark needs
    # a blank line)
    body, count = _FRAGMENT.subn(r"\1", body)
    _count(deck, "GitPitch's list steps (`- item |`) shown at once", count)
    body, count = _INLINE_MATH.subn(lambda m: f"${m.group(1).strip()}$" if not _alone(
        m, body) else m.group(), body)
    _count(deck, "GitPitch's `$$x$$` inside a line as inline math", count)
    deck.title = _title(text, body)
    body = _PATHS.sub(lambda m: m.group(1) + rebase(m.group(2)), body)
    deck.body = shelf.restore(body).lstrip("\n")
    if deck.body.startswith("---\n"):  # (the first slide's own settings: no slide before)
        deck.body = deck.body[4:].lstrip("\n")
    return deck


def _styled(match: re.Match[str]) -> str:
    """Styled text as its text; a code span in it set apart from one next to it
    (`@color[red](`T`)`<``: marked read them apart, CommonMark would run them on)."""
    inner, text = match.group(1), match.string
    if inner.startswith((MARK_OPEN, "`")) and text[match.start() - 1:match.start()] in (
            MARK_CLOSE, "`"):
        inner = " " + inner
    if inner.endswith((MARK_CLOSE, "`")) and text[match.end():match.end() + 1] in (
            MARK_OPEN, "`"):
        inner += " "
    return inner


def _title(text: str, body: str) -> str:
    """The deck's title (`GitPitchDeck.title`); `body` is its Markdown, code put aside."""
    first = re.split(r"^---[ \t]*$", re.sub(r"\A\s*---[ \t]*\n", "", body), maxsplit=1,
                     flags=re.MULTILINE)[0]
    found = re.search(r"^#{1,3}[ \t]+(.+?)[ \t#]*$|<h[1-3]\b[^>]*>(.*?)</h[1-3]>", first,
                      re.MULTILINE | re.DOTALL)
    words = (found.group(1) or found.group(2)) if found else ""
    if not words and (named := re.search(r"^[ \t]*@title\[([^\]\n]+)\]", text, re.MULTILINE)):
        words = named.group(1)
    if not words:  # (a first slide of a line in bold, `**energypy**`: that line)
        lines = [t for line in first.split("\n")
                 if (t := re.sub(r"<[^>]+>|[*_`]", "", line).strip())]
        words = lines[0] if lines and len(lines[0]) <= 80 else ""
    words = re.sub(r"<[^>]+>", " ", words).replace("**", "").replace("__", "")
    return " ".join(words.split())


def _alone(match: re.Match[str], text: str) -> bool:
    """Whether the formula `match` is a line's only content (a display)."""
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    return not (text[start:match.start()] + text[match.end():end if end >= 0 else None]
                ).strip()


def _slide(mark: str, options: dict[str, str], line: int, read: Callable[[str], str | None],
           rebase: Callable[[str], str], deck: GitPitchDeck) -> list[str]:
    """A separator with options as Lanting's line and the slide's start."""
    out = ["", "--" if mark == "+++" else "---", ""]
    attrs = []
    if "color" in options:
        attrs.append(f'data-background-color="{options["color"]}"')
    if "image" in options:
        attrs.append(f'data-background-image="{options["image"]}"')
        if options.get("size"):
            attrs.append(f'data-background-size="{options["size"]}"')
        if options.get("opacity", "").rstrip("%").isdigit():
            attrs.append(f'data-background-opacity="{int(options["opacity"].rstrip("%")) / 100}"')
    if attrs:
        out += [f"<!-- .slide: {' '.join(attrs)} -->", ""]
        _count(deck, "GitPitch's slide backgrounds (`---?image=…`) as reveal.js's")
    if "code" in options:
        code = read(options["code"])
        if code is None:
            deck.warnings.append((line, f"GitPitch's code slide names `{options['code']}`, "
                                        "which is not there: the slide has no code"))
        else:
            language = options.get("lang") or _language(options["code"])
            if options.get("title"):
                out += [f"### {options['title']}", ""]
            out += [f"```{language}", *code.rstrip("\n").split("\n"), "```", ""]
            _count(deck, "GitPitch's code slides (`---?code=…`) as the file's code")
    if "include" in options:
        included = read(options["include"])
        if included is None:
            deck.warnings.append((line, f"GitPitch's `include` names `{options['include']}`,"
                                        " which is not there: its slides are missing"))
        else:
            out += [gitpitch_markdown(included, read, rebase).body.strip("\n"), ""]
            _count(deck, "GitPitch's included decks (`---?include=…`)")
    for kind in ("gist", "video"):
        if kind in options:
            address = options[kind] if "://" in options[kind] else \
                f"https://gist.github.com/{options[kind]}"
            out += [f"<{address}>", ""]
            deck.warnings.append((line, f"GitPitch's `{kind}` slide is a link to it: "
                                        f"Lanting's slide shows no embedded {kind}"))
    return out


def _step(out: list[str], lines: str, words: str, steps: dict[int, list[str]],
          deck: GitPitchDeck) -> None:
    """A code step, `@[1-3](Read the input)`, after the slide's code: its lines noted
    for `_crop`, its words an item of a list under the code."""
    wanted = re.sub(r"\s*,\s*", ",", lines.strip())
    fences = [i for i, line in enumerate(out) if _FENCE_OPEN.match(line)]
    if len(fences) >= 2:
        steps.setdefault(fences[-2], []).append(wanted)
    if words.strip():
        if out and out[-1].strip() and not out[-1].lstrip().startswith("- Lines"):
            out.append("")
        out.append(f"- Lines {wanted.replace(',', ', ')}: {words.strip()}")
    _count(deck, "GitPitch's code steps (`@[1-3](…)`) as highlighted lines")


def _crop(out: list[str], steps: dict[int, list[str]]) -> None:
    """Each code block of steps cut to the lines they show (GitPitch scrolled a file's
    code to them), numbered as in the file, the first step's lines highlighted."""
    for opening in sorted(steps, reverse=True):
        head = _FENCE_OPEN.match(out[opening])
        assert head is not None
        closing = next(i for i in range(opening + 1, len(out))
                       if out[i].strip().startswith(head.group(2)))
        numbers = [n for ranges in steps[opening] for n in _numbers(ranges)]
        if not numbers:
            continue
        low, high = min(numbers), min(max(numbers), closing - opening - 1)
        first = " ".join(f"{a - low + 1}-{b - low + 1}" for a, b in _spans(steps[opening][0]))
        out[opening:closing] = [
            f"{head.group(1)}{head.group(2)}{head.group(3).strip() or 'text'} "
            f'{{linenos=true hl_lines="{first}" linenostart={low}}}',
            *out[opening + low:opening + high + 1]]


def _spans(ranges: str) -> list[tuple[int, int]]:
    found = []
    for part in ranges.split(","):
        a, _, b = part.strip().partition("-")
        if a.strip().isdigit():
            found.append((int(a), int(b) if b.strip().isdigit() else int(a)))
    return found


def _numbers(ranges: str) -> list[int]:
    return [n for a, b in _spans(ranges) for n in range(a, b + 1)]


def _language(path: str) -> str:
    suffix = PurePosixPath(path).suffix.lstrip(".").lower()
    return {"py": "python", "js": "javascript", "ts": "typescript", "rb": "ruby",
            "sh": "bash", "yml": "yaml", "md": "markdown", "ex": "elixir", "kt": "kotlin",
            "rs": "rust", "hs": "haskell"}.get(suffix, suffix)


def _count(deck: GitPitchDeck, what: str, times: int = 1) -> None:
    deck.converted += [what] * times
