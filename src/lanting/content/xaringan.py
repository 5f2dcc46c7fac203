"""A xaringan deck's YAML header: what its title slide shows.

xaringan (remark.js for R Markdown) opens a deck with a title slide made of the header's
`title`, `subtitle`, `author`, `institute` and `date`, unless `seal: false` is set under
`output: xaringan::moon_reader`. A talk whose `output` names xaringan keeps these keys
for that slide (`site.talks`) instead of refusing `subtitle` and `author`, which other
pages do not have, and is read as a remark deck whatever its slides open with (a `--`
line goes on with the slide).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from lanting.model.content import Kind, Source

_BREAK = re.compile(r"</?br\s*/?>", re.IGNORECASE)
TITLE_SLIDE = ("subtitle", "author", "institute")
"""The header's keys only the title slide shows (`title` and `date` are the talk's)."""
RENDERING = ("always_allow_html", "editor_options", "knit")
"""R Markdown's and RStudio's keys for rendering the file (HTML in other formats, the
editor's chunk output, the Knit button's function): nothing the talk shows, accepted
and ignored as `output` is (a lecture's `always_allow_html: yes` failed its build)."""


def is_xaringan(data: dict[str, Any]) -> bool:
    """Whether front matter `data` names xaringan's output (`xaringan::moon_reader`, or a
    package's format built on it, `xaringan::ninjutsu`)."""
    output = data.get("output")
    return "xaringan" in str(list(output) if isinstance(output, dict) else output)


def split_xaringan_keys(source: Source, data: dict[str, Any],
                        ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The front matter without the title slide's keys, and what that slide shows
    (`seal`, and `subtitle`, `author`, `institute`, `date` as text) with
    `highlight_lines` (whether code marks its highlighted lines); None when `source`
    is no talk written for xaringan."""
    if source.kind is not Kind.TALK or not is_xaringan(data):
        return data, None
    output = data.get("output")
    options = [v for k, v in output.items() if "xaringan" in str(k) and isinstance(v, dict)] \
        if isinstance(output, dict) else []
    seal = not any(o.get("seal") is False for o in options)
    # (`nature: {highlightLines: true}`: code lines marked `*`, `{{…}}`, `#<<` are
    # highlighted, their marks not shown; `site.remark_lines`)
    lines = any(isinstance(n := o.get("nature"), dict) and n.get("highlightLines") is True
                for o in options)
    shown = {key: text for key in (*TITLE_SLIDE, "date") if (text := _text(data.get(key)))}
    # (`output` read here, no warning that it is ignored; its other options — `css`,
    # `nature: {ratio, highlightLines}` — set the look, which Lanting's deck has)
    kept = {k: v for k, v in data.items()
            if k not in TITLE_SLIDE and k != "output" and k not in RENDERING}
    title = data.get("title")
    if isinstance(title, str) and _BREAK.search(title):
        # (`title: "Tips </br></br>"`: line breaks for the title slide, where they stay;
        # the talk's title, in its page and listing, is text)
        shown["title"] = title
        kept["title"] = " ".join(_BREAK.sub(" ", title).split())
    return kept, {"seal": seal, "highlight_lines": lines, **shown}


def _text(value: Any) -> str:
    """A header value as the title slide shows it: a list of authors joined, an author
    given as `{name: …, affiliation: …}` by name, a date as YYYY-MM-DD."""
    if isinstance(value, list):
        return ", ".join(t for t in (_text(v) for v in value) if t)
    if isinstance(value, dict):
        return _text(value.get("name", ""))
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()[:10]
    return "" if value is None else str(value).strip()
