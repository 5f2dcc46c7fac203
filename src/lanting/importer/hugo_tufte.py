"""hugo-tufte's shortcodes (shawnohare's, slashformotion's and loikein's forks of the
theme): `sidenote` and `marginnote`, notes in the margin, as footnotes (Lanting shows a
footnote beside its reference on a wide screen); `newthought`, small capitals opening a
paragraph, as its words; `epigraph` and `blockquote` as quotes with their source."""

from __future__ import annotations

from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context


def tufte_paired(ctx: Context) -> dict[str, Any]:
    """The handlers of hugo-tufte's paired shortcodes, as `paired_handlers` takes them."""

    def note(args: str, inner: str, written: str) -> str:
        text = " ".join(inner.split())
        if not text:
            return ""
        # (an inline footnote: the note stays where it was written, in its sentence)
        return "^[" + text + "]"

    def newthought(args: str, inner: str, written: str) -> str:
        return inner.strip()

    def epigraph(args: str, inner: str, written: str) -> str:
        named = B.arguments(args)[1]
        cite = named.get("cite", "")
        source = f"[{cite}]({named['link']})" if cite and named.get("link") else cite
        by = " ".join(part for part in (named.get("pre", ""), source, named.get("post", ""))
                      if part)
        return _quote(inner, by)

    def quote(args: str, inner: str, written: str) -> str:
        named = B.arguments(args)[1]
        by = named.get("footer", "")
        if named.get("cite"):
            by = f"[{by or named['cite']}]({named['cite']})"
        return _quote(inner, by)

    return {"sidenote": (note, "hugo-tufte's side notes as footnotes"),
            "marginnote": (note, "hugo-tufte's margin notes as footnotes"),
            "newthought": (newthought, "hugo-tufte's new thoughts as their words"),
            "epigraph": (epigraph, "hugo-tufte's epigraphs as quotes"),
            "blockquote": (quote, "hugo-tufte's quotes as quotes")}


def _quote(inner: str, by: str) -> str:
    """A quote of `inner`, its source (`by`) on a last line after a dash."""
    lines = [f"> {line}".rstrip() for line in inner.strip("\n").splitlines()]
    if by:
        lines += [">", f"> — {by}"]
    return B.block("\n".join(lines))
