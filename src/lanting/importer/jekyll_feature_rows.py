"""minimal-mistakes' `{% include feature_row %}` (its splash pages, and the home pages of
the sites built on it): the teasers of a front matter list as Markdown.

Each item of the list (`feature_row`, or the one its `id="…"` names) showed its
`image_path` (through `relative_url`), its `title` as a heading, its `excerpt` as
Markdown and, when it has a `url`, a button (`btn_label`, else "Learn More"). Several
items stood side by side: Lanting's columns; one (`type="left"`, `"right"`, `"center"`)
is its blocks one under the other. Left in a comment, the teasers were lost.
"""

from __future__ import annotations

from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context, string_argument

_LEARN_MORE = "Learn More"
"""minimal-mistakes' button label when the item names none (`more_label` in English)."""


def _url(value: str) -> str:
    """An address as `relative_url` made it: from the site's root unless it is a web
    address or a fragment."""
    return value if value.startswith(("/", "#", "http://", "https://", "mailto:")) \
        else "/" + value


def _teaser(entry: dict[str, Any]) -> str:
    """One item's image, title, excerpt and button, as Markdown blocks."""
    parts: list[str] = []
    image = str(entry.get("image_path") or "").strip()
    if image:
        alt = B.plain_inline(str(entry.get("alt") or ""))
        parts.append(f"![{alt}]({_url(image)})")
    title = str(entry.get("title") or "").strip()
    if title:
        parts.append(f"### {title}")
    excerpt = str(entry.get("excerpt") or "").strip()
    if excerpt:
        parts.append(excerpt)
    url = str(entry.get("url") or "").strip()
    if url:
        label = str(entry.get("btn_label") or _LEARN_MORE).strip()
        parts.append(f"[{label}]({_url(url)})")
    return "\n\n".join(parts)


def feature_row(front: dict[str, Any], args: str, ctx: Context) -> str | None:
    """`{% include feature_row id="intro" type="center" %}` of a page whose front matter
    lists `intro:`: its teasers (in columns when there are several); "" when the front
    matter has no such key (the theme's include found no list and showed nothing); None
    when what it lists are no teasers."""
    _words, named = B.arguments(args)
    key = string_argument(named.get("id") or "") or "feature_row"
    if key not in front:
        ctx.note("{% include feature_row %}", f"`{key}` is in no front matter of the page: "
                 "minimal-mistakes' feature row showed nothing there, and nothing is kept")
        return ""
    items = front.get(key)
    teasers = [made for entry in items if isinstance(entry, dict) and (made := _teaser(entry))
               ] if isinstance(items, list) else []
    if not teasers:
        return None
    ctx.convert("feature rows (minimal-mistakes' `{% include feature_row %}`)")
    if len(teasers) == 1:
        return B.block(teasers[0])
    width = f"{100 / len(teasers):.2f}".rstrip("0").rstrip(".") + "%"
    columns = "\n".join(f'::: {{.column width="{width}"}}\n{teaser}\n:::' for teaser in teasers)
    return B.block(":::: {.columns}\n" + columns + "\n::::")
