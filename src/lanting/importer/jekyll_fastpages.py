"""fastpages' notebook posts (`_notebooks/2020-02-20-title.ipynb`): its GitHub Action
converted each (with nbdev) into a post of `_posts/`, which the repository seldom holds
(one that does is left out for its notebook); Jekyll alone would publish none. Each is
a Lanting notebook post, `content/posts/<slug>.ipynb`: its front matter from fastpages'
first Markdown cell (`# Title`, `> summary`, `- key: value` lines), its cells as nbdev
showed them (`#hide`, `#hide_input`, `#hide_output` obeyed, `#collapse…` flags taken
out of the code), its Markdown shortcuts (`> Note: …`, `> youtube: …`, `{% fn 1 %}`
footnotes) in Lanting's forms.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import LinkTable, bool_of, date_of, mtime, read_text
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.site import NOTEBOOK, NewSite, slug_of
from lanting.importer.text import When, load_mapping

_MARKERS = ("_action_files", "_fastpages_docs")
"""Folders only a fastpages repository has (its Action's scripts, its documentation)."""


def notebook_files(source: Path) -> list[Path]:
    """The notebooks fastpages made posts of: `_notebooks/*.ipynb` of a fastpages site."""
    folder = source / "_notebooks"
    if not folder.is_dir():
        return []
    config = (source / "_config.yml").read_text(encoding="utf-8", errors="replace") \
        if (source / "_config.yml").is_file() else ""
    if not any((source / m).is_dir() for m in _MARKERS) and "fastpages" not in config:
        return []
    return sorted(p for p in folder.glob("*.ipynb") if p.is_file())


def made_from_notebook(path: Path, source: Path) -> str | None:
    """The notebook of `_notebooks/` that fastpages' Action made the post `path` of, when
    the repository holds both (the generated post committed too: its front matter names
    it, `nb_path: _notebooks/x.ipynb`); None for a post written as one."""
    head = read_text(path)[:4000]
    found = re.search(r"^nb_path:[ \t]*[\"']?(_notebooks/[^\n\"']+\.ipynb)", head, re.MULTILINE)
    if found is None or not head.startswith("---") or head.find(found.group()) > head.find(
            "\n---", 3):
        return None
    return found.group(1) if (source / found.group(1)) in notebook_files(source) else None


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


_TITLE = re.compile(r"^\s*#\s+(.+?)\s*$")
_SUMMARY = re.compile(r"^\s*>\s*(.*?)\s*$")
_KEY = re.compile(r"^\s*-\s*([\w-]+)\s*:\s*(.*?)\s*$")


def _unquoted(value: str) -> str:
    return value[1:-1] if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'" \
        else value


def front_cell(cells: list[Any]) -> tuple[dict[str, Any], str, list[Any]]:
    """(front matter, its YAML text, the other cells) from fastpages' first Markdown cell:
    `# "Title"`, then `> "summary"`, then `- key: value` lines (nbdev read them so; the
    values are YAML: `- categories: [rl, jax]`). Text after them stays a cell."""
    first = cells[0] if cells and isinstance(cells[0], dict) else None
    if first is None or first.get("cell_type") != "markdown":
        return {}, "", cells
    lines = _source(first).split("\n")
    title = _TITLE.match(lines[0]) if lines else None
    if title is None:
        return {}, "", cells
    head = [f"title: {json.dumps(_unquoted(title.group(1)), ensure_ascii=False)}"]
    at = 1
    while at < len(lines) and not lines[at].strip():
        at += 1
    summary = _SUMMARY.match(lines[at]) if at < len(lines) else None
    if summary is not None:
        head.append(f"description: {json.dumps(_unquoted(summary.group(1)), ensure_ascii=False)}")
        at += 1
    while at < len(lines) and (_KEY.match(lines[at]) or not lines[at].strip()):
        key = _KEY.match(lines[at])
        if key is not None:
            head.append(f"{key.group(1)}: {key.group(2)}")
        at += 1
    data, error = load_mapping("yaml", "\n".join(head))
    if error:  # (one value YAML cannot read: the title and summary still are)
        data, _error = load_mapping("yaml", "\n".join(head[:2 if summary else 1]))
    rest = "\n".join(lines[at:]).strip("\n")
    after = [{**first, "source": rest}] if rest else []
    return data, "\n".join(head), after + cells[1:]


_FLAG = re.compile(r"^[ \t]*#[ \t]*(hide_input|hide-input|hide_output|hide-output|hide|"
                   r"collapse[-_]hide|collapse[-_]show|collapse[-_]output|collapse)[ \t]*$",
                   re.MULTILINE | re.IGNORECASE)
"""nbdev's flags, a comment line of their own in a code cell."""


def code_flags(cells: list[Any], ctx: Context) -> list[Any]:
    """The code cells as nbdev showed them: `#hide` leaves the cell out, `#hide_input`
    its code, `#hide_output` its outputs; `#collapse…` (a fold Lanting has not) keep
    both, the flag taken out of the code."""
    out: list[Any] = []
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            out.append(cell)
            continue
        text = _source(cell)
        flags = {m.group(1).lower().replace("-", "_") for m in _FLAG.finditer(text)}
        if not flags:
            out.append(cell)
            continue
        ctx.convert("fastpages' cell flags (`#hide`, `#collapse-hide`) obeyed")
        if "hide" in flags:
            continue
        code = "" if "hide_input" in flags else _FLAG.sub("", text).strip("\n")
        outputs = [] if "hide_output" in flags else cell.get("outputs", [])
        out.append({**cell, "source": code, "outputs": outputs})
    return out


_BOX = re.compile(r"^>[ \t]*(Note|Tip|Important|Warning):[ \t]*(.+)$", re.MULTILINE)
_EMBED = re.compile(r"^>[ \t]*(youtube|twitter):[ \t]*(\S+)[ \t]*$", re.MULTILINE)
_YOUTUBE = re.compile(r"(?:youtu\.be/|youtube\.com/(?:embed/|watch\?v=))([\w-]{11})")
_FN = re.compile(r"\{%\s*fn\s+(\w+)\s*%\}")
_FNDETAIL = re.compile(r"\{\{\s*(['\"])(.*?)\1\s*\|\s*fndetail:\s*(\w+)\s*\}\}", re.DOTALL)


_CODE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$|(`+)[^`\n].*?\3",
                   re.MULTILINE | re.DOTALL)
"""A fenced code block or a code span, where a shortcut is what it shows."""


def shortcuts(text: str, ctx: Context) -> str:
    """nbdev's Markdown shortcuts of a notebook's Markdown cell in Lanting's forms: `>
    Note: x` (also Tip, Important, Warning) a callout, `> youtube: url` a video, `>
    twitter: url` a link, `{% fn 1 %}` and `{{ 'text' | fndetail: 1 }}` a footnote."""
    def box(match: re.Match[str]) -> str:
        ctx.convert("fastpages' boxes (`> Note: …`) as callouts")
        return f"::: {match.group(1).lower()}\n{match.group(2).strip()}\n:::"

    def embed(match: re.Match[str]) -> str:
        video = _YOUTUBE.search(match.group(2))
        ctx.convert("fastpages' embeds (`> youtube: …`)")
        if match.group(1) == "youtube" and video:
            return f'{{{{< video youtube="{video.group(1)}" >}}}}'
        return f"[{match.group(2)}]({match.group(2)})"

    def prose(part: str) -> str:
        part = _EMBED.sub(embed, _BOX.sub(box, part))
        part, count = _FN.subn(r"[^\1]", part)
        part, details = _FNDETAIL.subn(lambda m: f"[^{m.group(3)}]: {m.group(2)}", part)
        ctx.convert("fastpages' footnotes (`{% fn 1 %}`)", count + details)
        return part

    out, last = [], 0
    for code in _CODE.finditer(text):
        out += [prose(text[last:code.start()]), code.group()]
        last = code.end()
    return "".join([*out, prose(text[last:])])


def read_notebook(path: Path) -> dict[str, Any] | None:
    try:
        notebook = json.loads(read_text(path))
    except ValueError:
        return None
    return notebook if isinstance(notebook, dict) \
        and isinstance(notebook.get("cells"), list) else None


_DATED = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$")


class JekyllNotebooks:
    """The fastpages side of the Jekyll importer: its notebooks as notebook posts."""

    source: Path
    site: NewSite
    report: Report
    table: LinkTable
    tz: dt.tzinfo
    by_name: dict[str, Item]
    pattern: Callable[[], str]
    categories: Callable[[dict[str, Any], list[str]], list[str]]
    front: Callable[[dict[str, Any], str, Path, When, list[str]], dict[str, Any]]
    old_urls: Callable[[dict[str, Any], str, When, list[str], str], list[str]]
    convert: Callable[[str, Item, Context, Path], str]
    notebook_posts: list[tuple[Item, Path]]

    def read_notebooks(self) -> None:
        """Each notebook of fastpages' `_notebooks/` a post, dated by its file name (by
        the file's time without one, as fastpages dated it)."""
        self.notebook_posts = []
        pattern = self.pattern()
        for path in notebook_files(self.source):
            notebook = read_notebook(path)
            if notebook is None:
                self.report.warn(path, None, "not a notebook: left out")
                continue
            ctx = Context(self.report, path, "")
            data, head, cells = front_cell(notebook["cells"])
            if not data:
                self.report.warn(path, None, "no fastpages front matter (a first Markdown "
                                 "cell `# Title`): titled by its file name")
            named = _DATED.match(path.stem)
            title_part = named.group(4) if named else path.stem
            date = date_of(data, head, "date", self.tz)
            if date is None and named is not None:
                try:
                    year, month, day = (int(g) for g in named.groups()[:3])
                    date = When(dt.datetime(year, month, day, tzinfo=self.tz), True)
                except ValueError:
                    date = None
            if date is None:
                date = mtime(path, self.tz)
                self.report.warn(path, None, "no date in the file name: the file's "
                                 "modification time is used, as fastpages did")
            categories = self.categories(data, [])
            draft = not bool_of(data.get("published", True))
            front = self.front(data, head, path, date, categories)
            if draft:
                front["draft"] = True
            item = self.site.add(Item("post", slug_of(title_part), path, front, draft=draft))
            item.notebook = {**notebook, "cells": code_flags(cells, ctx)}
            item.body = NOTEBOOK
            self.report.counts["drafts" if draft else "posts"] += 1
            self.report.convert("fastpages' notebooks (`_notebooks/`) as notebook posts")
            if not draft:
                item.old_urls = self.old_urls(data, pattern, date, categories, title_part)
                for url in item.old_urls:
                    self.table.add(url, item)
            self.by_name[path.stem] = item
            self.notebook_posts.append((item, path))

    def convert_notebooks(self) -> None:
        """The Markdown cells of the notebook posts, converted as a post's text is."""
        for item, path in self.notebook_posts:
            ctx = Context(self.report, path, read_text(path))
            for cell in (item.notebook or {}).get("cells", []):
                if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
                    cell["source"] = self.convert(shortcuts(_source(cell), ctx), item, ctx,
                                                  path)
