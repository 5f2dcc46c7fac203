"""The blocks and roles of Sphinx extensions Lanting does not have, in a Jupyter Book
page's text (`jupyterbook_bodies`): sphinx.ext.todo's `{todo}` and `{todolist}`,
mystmd's `{iframe}`, sphinx-design's buttons and badges.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.importer.jupyterbook_settings import _mapping
from lanting.importer.liquid import Context

_TODO = re.compile(r"^[ \t]*(`{3,}|~{3,}|:{3,})[ \t]*\{(todo|todolist)\}[^\n]*\n(?:.*?\n)??"
                   r"[ \t]*\1[ \t]*(?:\n|\Z)", re.MULTILINE | re.DOTALL)
"""sphinx.ext.todo's `{todo}` notes and `{todolist}`, the list of them all."""
IFRAME = re.compile(r"^([ \t]*)(`{3,}|:{3,})\{iframe\}[ \t]+(\S+)[^\n]*\n(.*?)^\1\2[ \t]*$",
                    re.MULTILINE | re.DOTALL)
_YOUTUBE = re.compile(r"(?:youtu\.be/|youtube(?:-nocookie)?\.com/(?:embed/|watch\?v=))"
                      r"([\w-]{11})")
BUTTON = re.compile(r"^([ \t]*)(`{3,}|:{3,})\{button-(ref|link)\}[ \t]+(\S+)[^\n]*\n(.*?)"
                    r"^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)
BADGE = re.compile(r"\{bdg-(link-|ref-)?[\w-]+\}`([^`\n]+)`")
"""sphinx-design's badges, `{bdg-info-line}`Trend``, a link's `{bdg-link-primary}`Docs
<https://…>`` and a reference's `{bdg-ref-info}`Intro <intro>``."""


class JupyterBookExtensions:
    """The extensions' side of the Jupyter Book importer's bodies."""

    config: dict[str, Any]

    def todos(self, text: str, ctx: Context) -> str:
        """`{todo}` notes left out unless the book sets `todo_include_todos = True` (in
        `conf.py`, or `sphinx: config:`), as Sphinx left them out: a draft's reminders
        were shown on every page as callouts; `{todolist}`, the book's list of them,
        left out (with a warning when the todos are shown: Lanting makes no such list)."""
        shown = _mapping(_mapping(self.config.get("sphinx")).get("config")).get(
            "todo_include_todos") is True
        notes = lists = 0

        def one(match: re.Match[str]) -> str:
            nonlocal notes, lists
            if match.group(2) == "todolist":
                lists += 1
                return ""
            if shown:
                return match.group()
            notes += 1
            return ""

        text = _TODO.sub(one, text) if "todo" in text else text

        def where(name: str) -> str:  # (an `.rst` file's original has `.. todo::`)
            return f"{{{name}}}" if f"{{{name}}}" in ctx.original else f".. {name}::"

        if notes:
            ctx.note(where("todo"), f"{notes} `{{todo}}` note(s) left out: Sphinx shows them only "
                     "with `todo_include_todos = True`, which the project does not set")
        if lists:
            (ctx.warn if shown else ctx.note)(
                where("todolist"), "`{todolist}` (the list of the project's todos) left out: "
                "Lanting makes no such list" + ("" if shown else ", and Sphinx showed no todo"))
        return text

    def iframe(self, match: re.Match[str], ctx: Context) -> str:
        """mystmd's `{iframe} URL`: a YouTube video as Lanting's video, anything else a
        link (Lanting embeds no other page)."""
        url, body = match.group(3), match.group(4)
        title = re.search(r"^[ \t]*:title:[ \t]*(.+?)[ \t]*$", body, re.MULTILINE)
        words = " ".join(line.strip() for line in body.split("\n")
                         if line.strip() and not re.match(r"^[ \t]*:[\w-]+:", line))
        name = (title.group(1).strip().strip("\"'") if title else "") or words
        # (its `:name:` or `:label:`, which links name: a target before it)
        label = re.search(r"^[ \t]*:(?:name|label):[ \t]*(\S+)", body, re.MULTILINE)
        target = f"{match.group(1)}({label.group(1)})=\n" if label else ""
        video = _YOUTUBE.search(url)
        if video:
            ctx.convert("`{iframe}` YouTube videos")
            shown = name.replace('"', "'")
            return target + match.group(1) + f'{{{{< video youtube="{video.group(1)}"' + (
                f' title="{shown}"' if shown else "") + " >}}"
        ctx.warn(match.group(), f"`{{iframe}} {url}`: a link to the page it embedded "
                 "(Lanting embeds videos only)")
        return target + match.group(1) + f"[{name or url}]({url})"

    def button(self, match: re.Match[str], ctx: Context) -> str:
        """sphinx-design's `{button-ref} label` (`:ref-type: doc`: a page) and
        `{button-link} URL`: a link reading the button's text (Lanting draws no
        buttons); a reference is resolved as `{ref}` is, further on."""
        kind, target, body = match.group(3), match.group(4), match.group(5)
        options = dict(re.findall(r"^[ \t]*:([\w-]+):[ \t]*(.*?)[ \t]*$", body, re.MULTILINE))
        words = " ".join(line.strip() for line in body.split("\n")
                         if line.strip() and not re.match(r"^[ \t]*:[\w-]+:", line))
        ctx.convert("sphinx-design buttons (links)")
        if kind == "link":
            return f"{match.group(1)}[{words or target}]({target})"
        role = "doc" if options.get("ref-type") == "doc" else "ref"
        return match.group(1) + (f"{{{role}}}`{words} <{target}>`" if words
                                 else f"{{{role}}}`{target}`")


def badge(match: re.Match[str], ctx: Context) -> str:
    """A badge as its words (Lanting has no badges; each was an unknown role, shown as
    code with a warning); a link's a link, a reference's a `{ref}` role."""
    kind, content = match.group(1), match.group(2)
    ctx.convert("sphinx-design badges (`{bdg-info}`) as their text")
    target = re.fullmatch(r"(.*?)\s*<([^<>]+)>", content)
    if kind == "ref-":
        return f"{{ref}}`{content}`"
    if kind == "link-" and target:
        return f"[{target.group(1) or target.group(2)}](<{target.group(2)}>)"
    return content
