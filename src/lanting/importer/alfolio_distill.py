"""al-folio's distill-style posts: their `<d-cite key="…">` citations, read from the
post's own bibliography (`assets/bibliography/<file>.bib`), and `<d-footnote>` notes, as
footnotes; their layout HTML (`<div class="l-page">`) kept, with a warning."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.bibtex import format_reference, parse
from lanting.importer.common import read_text
from lanting.importer.liquid import Context


def distill_notes(text: str, bib: Path | None, ctx: Context) -> str:
    """`text` with its distill citations and notes as footnotes (`bib`: the post's
    bibliography, if it names one)."""
    footnotes: list[str] = []
    entries = {e.key: e for e in parse(read_text(bib))[0]} if bib and bib.is_file() else {}

    def cite(match: re.Match[str]) -> str:
        out = []
        for key in (k.strip() for k in match.group(1).split(",")):
            label = re.sub(r"[^\w-]", "-", key)
            if key not in entries:
                ctx.warn(match.group(), f"`<d-cite>` key `{key}` not in the post's "
                         "bibliography: left as text")
                out.append(f"[{key}]")
                continue
            if not any(f.startswith(f"[^{label}]:") for f in footnotes):
                footnotes.append(f"[^{label}]: {format_reference(entries[key])}")
            out.append(f"[^{label}]")
        ctx.convert("distill citations as footnotes")
        return "".join(out)

    text = re.sub(r"<d-cite\s+key=[\"']([^\"']+)[\"']\s*>\s*</d-cite>", cite, text)

    def note(match: re.Match[str]) -> str:
        number = sum(1 for f in footnotes if f.startswith("[^note-")) + 1
        footnotes.append(f"[^note-{number}]: {' '.join(match.group(1).split())}")
        ctx.convert("distill footnotes")
        return f"[^note-{number}]"

    text = re.sub(r"<d-footnote>(.*?)</d-footnote>", note, text, flags=re.DOTALL)
    for found in re.findall(r"<div class=\"l-[\w-]+\"", text):
        ctx.warn(found, "distill layout HTML kept as it is (its classes belong to the old "
                 "theme)")
    return text + ("\n\n" + "\n".join(footnotes) + "\n" if footnotes else "")
