"""The buttons of a Hugo Blox page (publication, event, project): its `url_*` keys and its
`links:` list, in the order the theme's `page_links.html` shows them, each with the name
on its button; and which of Lanting's publication buttons each one is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

BUTTONS = (("url_pdf", "PDF"), ("url_preprint", "Preprint"), ("url_code", "Code"),
           ("url_dataset", "Dataset"), ("url_poster", "Poster"), ("url_project", "Project"),
           ("url_slides", "Slides"), ("url_source", "Source Document"), ("url_video", "Video"))
"""Hugo Blox's link keys and their buttons' names, in page_links.html's order."""

_TYPE_NAMES = {**{key.removeprefix("url_"): name for key, name in BUTTONS}, "doi": "DOI"}
"""Hugo Blox 0.x's `links: [{type: preprint, url: …}]`: each type's button name, as its
`url_*` key had it."""
_FIELDS = (
    (r"^(pdf|paper|full ?text)$", "pdf"), (r"preprint|arxiv", "arxiv"),
    (r"^html$", "html"), (r"supp|appendix", "supp"), (r"code|github|gitlab|software", "code"),
    (r"slides?|deck", "slides"), (r"video|recording|youtube|talk", "video"),
    (r"poster", "poster"), (r"blog|post", "blog"), (r"website|homepage|web ?page", "website"),
    (r"project", "project"), (r"^doi$", "doi"))
"""A button's name (lower case) → the publication field whose button says the same."""


@dataclass(frozen=True, slots=True)
class PageLink:
    key: str
    """The front-matter key it came from: `url_code`, or `links` for an entry of `links:`."""
    name: str
    """The name on the old button (`Code`, a `links:` entry's `name`)."""
    url: str


def page_links(data: dict[str, Any]) -> list[PageLink]:
    """Every non-empty link of a page's front matter, as the old page showed them."""
    found = [PageLink(key, name, str(data[key]).strip()) for key, name in BUTTONS
             if isinstance(data.get(key), str) and data[key].strip()]
    for entry in data.get("links") or []:
        if not isinstance(entry, dict) or not str(entry.get("url") or "").strip():
            continue
        kind = str(entry.get("type") or "").strip().lower()
        name = str(entry.get("name") or entry.get("label") or _TYPE_NAMES.get(kind)
                   or entry.get("icon") or kind.title() or "Link").strip()
        found.append(PageLink("links", name, str(entry["url"]).strip()))
    return found


def publication_field(link: PageLink) -> str | None:
    """The button of Lanting's publication model that shows `link` under a fitting name
    (`url_preprint` on arXiv: `arxiv`; a `links:` entry "Supplementary": `supp`), or None
    when none does (a dataset, a demo)."""
    name = link.name.lower()
    if link.key == "url_preprint":
        return "arxiv" if "arxiv.org/" in link.url else None
    if link.key == "url_source" or re.search(r"data", name):
        return None
    for pattern, field in _FIELDS:
        if re.search(pattern, name):
            if field == "arxiv" and "arxiv.org/" not in link.url:
                return None
            return field
    return None


def markdown_links(links: list[PageLink]) -> str:
    """The links as a Markdown list (`- [Code](https://…)`)."""
    return "\n".join(f"- {markdown_link(link.name, link.url)}" for link in links)


def markdown_link(name: str, url: str) -> str:
    """`[name](url)`; a URL with a space in it (two addresses pasted into one
    `url_dataset`) in angle brackets, else the link was Markdown shown as written."""
    return f"[{_label(name)}](<{url}>)" if re.search(r"\s", url) \
        else f"[{_label(name)}]({url})"


def _label(name: str) -> str:
    return re.sub(r"([\[\]])", r"\\\1", name)
