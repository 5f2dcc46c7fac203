"""A slide's Markdown outside its code: fenced blocks and `code` spans.

What a deck's tool reads in a slide's text (Marp's comments and image words, remark's
classes, reveal.js's `.slide:` comments, knitr's inline code, links to slides) is text
outside code; these two walk a slide as CommonMark's fences and code spans cut it.
"""

from __future__ import annotations

from collections.abc import Callable

from lanting.markdown.fence_info import FENCE_LINE


def outside_code(text: str, line: int, change: Callable[[str, int], str]) -> str:
    """`text` with each run of lines outside fenced code passed through `change` (with
    its first line), which must keep its number of lines."""
    out: list[str] = []
    prose: list[str] = []
    prose_line = line
    fence = ""

    def flush() -> None:
        if prose:
            out.append(change("\n".join(prose), prose_line))
            prose.clear()

    for i, raw in enumerate(text.split("\n")):
        opened = FENCE_LINE.match(raw)
        if fence or opened:
            flush()
            if fence:
                closing = opened.group(1) if opened else ""
                if closing[:1] == fence[0] and len(closing) >= len(fence) \
                        and raw.strip() == closing:
                    fence = ""
            else:
                fence = opened.group(1) if opened else ""
            out.append(raw)
            prose_line = line + i + 1
        else:
            prose.append(raw)
    flush()
    return "\n".join(out)



def in_code_span(chunk: str, at: int) -> bool:
    """Whether `at` follows an odd number of backticks on its line (inside `code`)."""
    return chunk[chunk.rfind("\n", 0, at) + 1:at].count("`") % 2 == 1
