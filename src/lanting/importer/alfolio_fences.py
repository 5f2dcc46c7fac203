"""al-folio's fences that its scripts drew (a Chart.js, ECharts or Vega-Lite chart, a
GeoJSON map, a diff2html diff, a typogram): Lanting draws none of them, so each stays the
code it was written as, in a language Lanting highlights (the charts' JSON, the diff),
with a warning at its line; TeXt's ```` ```chart ```` (Chart.js) fences too, for any
Jekyll site on TeXt. (Its ```` ```pseudocode ```` fences Lanting draws itself:
`markdown/pseudocode.py`.)"""

from __future__ import annotations

import re
from collections.abc import Callable

DRAWN = {
    "chartjs": ("json", "a Chart.js chart"), "echarts": ("json", "an ECharts chart"),
    "vega_lite": ("json", "a Vega-Lite chart"), "plotly": ("json", "a Plotly chart"),
    "geojson": ("json", "a GeoJSON map"), "diff2html": ("diff", "a diff2html diff"),
    "typograms": ("text", "a typogram"),
}
"""Fence language → (the language it is shown in, what al-folio drew of it)."""
TEXT_DRAWN = {"chart": ("json", "a Chart.js chart")}
"""TeXt's: a post with `chart: true` drew each ```` ```chart ```` fence's JSON."""

_FENCE = re.compile(r"^([ \t]*>?[ \t]*)(`{3,}|~{3,})[ \t]*([\w-]*)(.*)$")


def drawn_fences(text: str, warn: Callable[[str, str, str], None],
                 drawn: dict[str, tuple[str, str]] = DRAWN, theme: str = "al-folio"
                 ) -> tuple[str, int]:
    """`text` with each top-level fence of `drawn` (`DRAWN`, `TEXT_DRAWN`: fences the
    `theme`'s scripts drew) in its shown language (fences inside another, al-folio's
    examples of how to write one, stay), and how many."""
    lines = text.split("\n")
    open_fence = ""
    count = 0
    for i, line in enumerate(lines):
        match = _FENCE.match(line)
        if not match:
            continue
        marker, lang = match.group(2), match.group(3)
        if not open_fence and len(match.group(1).expandtabs(4)) >= 4 \
                and ">" not in match.group(1):  # (an indented code block's line: TeXt's
            continue  # example of how to write the fence, after a paragraph)
        if open_fence:
            if marker[0] == open_fence[0] and len(marker) >= len(open_fence) \
                    and not lang and not match.group(4).strip():
                open_fence = ""
            continue
        open_fence = marker
        if lang in drawn:
            shown, what = drawn[lang]
            lines[i] = f"{match.group(1)}{marker}{shown}{match.group(4)}"
            above = next((x.strip() for x in reversed(lines[:i]) if x.strip()), "")
            warn(line, f"{what} (drawn by {theme}'s script) shown as its code, "
                 f"`{shown}`: Lanting does not draw it", above)  # (placed by the line
            # above it: the fence's own line is written alike for each chart)
            count += 1
    return "\n".join(lines), count
