"""Bold text as Python-Markdown reads it, in CommonMark's form.

Python-Markdown takes `**` … the next `**` of the paragraph as bold, whatever is just inside:
`**1. **`, `` `key`** 的应用** `` and `**"广医五院" **` were bold on the MkDocs site
(text exported from Yuque or Feishu writes them so), and so did Hexo's kramed renderer
(`**@AfterEach **：`). CommonMark, and so Lanting, lets no
`**` open before a space or close after one: the stars showed as written. The space
moves outside the stars, where it reads the same; a pair CommonMark cannot close even
so (`**(n+1)m/**2`: punctuation inside the closing stars, a digit outside) is written
`<strong>…</strong>`.

Likewise `==`: Lanting reads `==text==` as marked text, Python-Markdown only with
pymdownx.mark; without it `dm-tree==0.1.6 … dm-tree==0.1.7` was two version pins, and
is again (`literal_marks`).
"""

from __future__ import annotations

import re
import unicodedata

from lanting.importer.liquid import Context
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN
from lanting.markdown.emphasis import is_cjk

_STARS = re.compile(r"(?<![*\\])\*\*(?!\*)")
"""Two stars, no more (`***` is bold italic, left as it is), not escaped."""


def _literal(line: str, at: int) -> bool:
    """Python-Markdown's NOT_STRONG: `**` with a space (or the line's edge) on both
    sides is two stars, not bold."""
    before = line[at - 1] if at > 0 else " "
    after = line[at + 2] if at + 2 < len(line) else " "
    return before.isspace() and after.isspace()


def _pandoc(line: str, starts: list[int], open_: bool) -> tuple[str, list[int], bool]:
    """Pandoc's reading of a line's `**`: one before a space (or the line's end) opens
    nothing, and closes only an open bold (after a space too, and one a line before
    opened: `open_`): the others are escaped (Pandoc showed them as written) and the
    rest pair in order. Returns the line, the kept stars and whether a bold is open at
    its end."""
    kept, escaped = [], []
    for at in starts:
        if open_ or not (line[at + 2:at + 3] or " ").isspace():
            kept.append(at)
            open_ = not open_
        else:
            escaped.append(at)
    for at in reversed(escaped):
        line = line[:at] + "\\*\\*" + line[at + 2:]
    return line, [at + 2 * sum(1 for e in escaped if e < at) for at in kept], open_


def _line(line: str, not_strong: bool, pandoc: bool = False,
          carried: bool = False) -> tuple[str, int, bool]:
    """The line with its bold spans rewritten, how many, and (`pandoc`) whether a bold
    is open at its end; `carried`: one is open at its start (its closing stars, and an
    opening one left unclosed, are Lanting's across the line break too: not paired)."""
    if "***" in line:
        return line, 0, carried
    starts = [m.start() for m in _STARS.finditer(line)]
    if pandoc:
        line, starts, open_ = _pandoc(line, starts, carried)
        starts = starts[1:] if carried else starts
        starts = starts[:-1] if len(starts) % 2 else starts
        not_strong, carried = False, open_
    else:
        # (Python-Markdown's and marked's `**…**` go on over the paragraph's lines: a
        # bold opened a line before closes at this line's first stars, and one opened
        # here and not closed goes on to the next; paired within the line, `**real …`
        # and `… place)**. … about **potential` made bold of the words between)
        starts = starts[1:] if carried else starts
        carried = len(starts) % 2 == 1
        starts = starts[:-1] if carried else starts
    if len(starts) < 2 or not_strong and any(_literal(line, at) for at in starts):
        return line, 0, carried
    line, moved = pair_stars(line, starts)
    return line, moved, carried


def pair_stars(line: str, starts: list[int]) -> tuple[str, int]:
    """`line` with the bold spans between the `**` at `starts` (taken in pairs) written
    as CommonMark pairs them, and how many were rewritten."""
    out, last, moved = [], 0, 0
    for open_at, close_at in zip(starts[::2], starts[1::2], strict=False):
        inner = line[open_at + 2:close_at]
        text = inner.strip()
        if not text:
            continue
        lead, trail = inner[:len(inner) - len(inner.lstrip())], inner[len(inner.rstrip()):]
        before = line[open_at - 1] if open_at > 0 else " "
        after = line[close_at + 2] if close_at + 2 < len(line) else " "
        if text == inner and _opens(before, text[0]) and _closes(text[-1], after):
            continue
        # (trimmed, the stars pair in CommonMark too; else the bold is written out:
        # `**(n+1)m/**2`, a `/` inside the closing stars and a digit outside)
        bold = f"**{text}**" if _opens(lead[-1:] or before, text[0]) and _closes(
            text[-1], trail[:1] or after) else f"<strong>{text}</strong>"
        out.append(line[last:open_at] + lead + bold + trail)
        last, moved = close_at + 2, moved + 1
    return "".join(out) + line[last:], moved


def _punctuation(char: str) -> bool:
    """CommonMark's punctuation (a code span, put aside, is: it starts and ends with a
    backtick)."""
    return char in (MARK_OPEN, MARK_CLOSE) or unicodedata.category(char)[0] in "PS"


def _opens(before: str, first: str) -> bool:
    """Whether `**` between `before` and `first` can open bold, as Lanting reads it:
    CommonMark's left-flanking rule, or a CJK character beside it."""
    if first.isspace():
        return False
    return is_cjk(before) or is_cjk(first) or not _punctuation(first) or \
        before.isspace() or _punctuation(before)


def _closes(last: str, after: str) -> bool:
    """Whether `**` between `last` and `after` can close bold (right-flanking, or CJK)."""
    if last.isspace():
        return False
    return is_cjk(last) or is_cjk(after) or not _punctuation(last) or \
        after.isspace() or _punctuation(after)


def lenient_strong(text: str, ctx: Context, reader: str = "Python-Markdown") -> str:
    """`text` (its code put aside) with each bold span that has a space just inside its
    stars rewritten with the space outside them. `reader`: the renderer that read bold
    so — Python-Markdown, or Hexo's kramed (a fork of marked 0.3), whose `**` … `**`
    took anything inside, even `**` with a space on both sides (`**句子。 **` at a line's
    end), which Python-Markdown leaves as two stars; or Pandoc (Quarto, R Markdown),
    whose `**` closes after a space too but opens before none (`2 ** 3`, escaped)."""
    not_strong, pandoc = reader == "Python-Markdown", reader == "Pandoc"
    lines, total, open_ = [], 0, False
    for line in text.split("\n"):
        open_ = open_ and bool(line.strip())  # (a blank line ends the paragraph)
        if "**" in line:
            line, moved, open_ = _line(line, not_strong, pandoc, open_)
            total += moved
        lines.append(line)
    ctx.convert(f"bold text with a space inside its ** ({reader}'s bold)", total)
    return "\n".join(lines)


_MARK = re.compile(r"(?<![=\\])==(?=[^\s=])([^=\n]*?[^\s=\\])==(?!=)")
"""Two `==` on a line that Lanting's mark rule would pair."""


def literal_marks(text: str, ctx: Context) -> str:
    """`text` (its code put aside) with each `==…==` pair escaped, on a site without
    pymdownx.mark; a line with a `$` (a formula may hold `==`) is left alone."""
    lines, total = [], 0
    for line in text.split("\n"):
        if "==" in line and "$" not in line:
            line, count = _MARK.subn(r"\\=\\=\1\\=\\=", line)
            total += count
        lines.append(line)
    ctx.convert("== left as written (the site had no pymdownx.mark)", total)
    return "\n".join(lines)

