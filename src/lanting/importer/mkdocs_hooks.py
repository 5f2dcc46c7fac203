"""What a popular MkDocs hook did to pages, done once by the import: the `toc.py` hook
that many course-notes sites share replaced a YAML list between `{{ BEGIN_TOC }}` and
`{{ END_TOC }}` with a table of contents (parts, each with its pages, `[note]` marking
a part of notes, `index` the part's own page). It becomes a nested list of links.
Forks of the plugin also read a Markdown list of links there (`- [Web](web/)`, its
pages indented under it, tabs and all): that list is kept as it is."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from lanting.importer.liquid import Context
from lanting.importer.text import load_mapping

_TOC = re.compile(r"^([ \t]*)\{\{ BEGIN_TOC \}\}[ \t]*\n(.*?)^[ \t]*\{\{ END_TOC \}\}[ \t]*$",
                  re.MULTILINE | re.DOTALL | re.IGNORECASE)


def toc_blocks(text: str, ctx: Context) -> str:
    """Each `{{ BEGIN_TOC }}` … `{{ END_TOC }}` block as a list of links; one YAML does not
    read is left as written, with a warning."""

    def one(match: re.Match[str]) -> str:
        if _is_markdown_list(match.group(2)):
            ctx.convert("tables of contents of the toc hook ({{ BEGIN_TOC }})")
            return textwrap.indent(match.group(2).strip("\n"), match.group(1))
        data, error = load_mapping("yaml", "toc:\n" + textwrap.indent(
            textwrap.dedent(match.group(2)), "  "))
        parts = data.get("toc")
        if error or not isinstance(parts, list):
            ctx.warn("{{ BEGIN_TOC }}", "a `{{ BEGIN_TOC }}` list the toc hook made a table "
                     f"of contents of, not read ({error or 'not a list'}): left as written")
            return match.group()
        ctx.convert("tables of contents of the toc hook ({{ BEGIN_TOC }})")
        lines = [line for part in parts for line in _part(part)]
        return textwrap.indent("\n".join(lines), match.group(1))

    return _TOC.sub(one, text)


def _is_markdown_list(block: str) -> bool:
    """Whether a block is a Markdown list with links (`- [Crypto](crypto.md)`), not the
    hook's YAML (`- 密码学:` with `- index: crypto/` under it), which has none."""
    lines = [line for line in block.split("\n") if line.strip()]
    return bool(lines) and all(re.match(r"[ \t]*[-*+][ \t]", line) for line in lines) \
        and any("](" in line for line in lines)


def _part(part: Any) -> list[str]:
    if not isinstance(part, dict) or not part:
        return [f"- {part}"] if part else []
    title, entries = next(iter(part.items()))
    title = str(title).replace("[note]", "").strip()
    pages = []
    link = None
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict) or not entry:
            continue
        name, target = next(iter(entry.items()))
        if str(name) == "index":
            link = str(target)
            continue
        pages.append(_item(str(name).replace("[note]", "").replace("[lab]", "").strip(),
                           target))
    head = f"- [{title}]({_url(link)})" if link else f"- **{title}**"
    return [head, *("    " + line for line in pages)]


def _item(name: str, target: Any) -> str:
    return f"- [{name}]({_url(str(target))})" if target else f"- {name}"


def _url(target: str) -> str:
    """A page's path as the hook wrote it (`cpp/C++ 数据结构`): spaces make it a path in
    angle brackets."""
    return f"<{target}>" if re.search(r"\s", target) else target
