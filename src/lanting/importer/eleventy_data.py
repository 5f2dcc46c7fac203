"""A template's data as Eleventy merged it: its front matter (YAML, or `---js` literals:
`front_matter`), its layouts' front matter under the folders' data under its own
(`layout_data`, `merge`, tags added up), `eleventyComputed`'s permalink and title
(`computed`), and its pagination (`paged`: `pagination: { data: projects, size: 1,
alias: project }`), the pages it made from a list, of the site's data or a collection.

A paged list of a collection (`collections.posts`, the tags' pages) is the theme's:
Lanting makes its own lists. A page made for each item of a data file (its
`permalink` naming the item, `/projects/{{ project.slug }}/`) has no text of its own to
import: the template is left out, with a warning naming the data file. A template
published once (a permalink naming no item: `/projects/`) is imported as a page; the
loop over its items stays in a comment, with the warning any loop over data gets.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.eleventy_settings import js_values
from lanting.importer.eleventy_urls import permalink_url
from lanting.importer.text import load_mapping, names, split_front_matter

_DATA_SUFFIXES = (".json", ".js", ".cjs", ".mjs", ".yaml", ".yml")


def paged(data: dict[str, Any], rel: str, folder: Path) -> tuple[str, str]:
    """(`skip`, why) for a template made into pages by its pagination that is not
    imported (`theme`, why: the theme's list), `page` for one imported as one page, ""
    for no pagination; `folder`: the data folder."""
    pagination = data.get("pagination")
    if not isinstance(pagination, dict):
        return "", ""
    source = str(pagination.get("data") or "").strip()
    if source.startswith("collections."):
        return "theme", (f"a paged list of `{source}` (pagination): the theme's, not "
                         "imported (Lanting makes its own lists)")
    name = source.split(".", 1)[0]
    file = next((folder / (name + s) for s in _DATA_SUFFIXES
                 if (folder / (name + s)).is_file()), None)
    where = f"`{folder.name}/{file.name}`" if file is not None else f"`{source}`"
    permalink = data.get("permalink")
    if isinstance(permalink, str) and permalink_url(permalink, rel, data) is not None:
        return "page", ""
    return "skip", (f"a page made for each item of {where} (pagination): not imported; "
                    "write each as a page of its own, or list them in one")


def computed(data: dict[str, Any]) -> None:
    """`eleventyComputed`'s `permalink` and `title`, over the data's own: a permalink as
    a pattern (`eleventy_urls`), a title when its `{{ name }}` are the data's strings
    (`"{{ series }}: {{ part }}"`); what is worked out by code stays, reported unread."""
    values = data.get("eleventyComputed")
    if not isinstance(values, dict):
        return
    rest = dict(values)
    if isinstance(values.get("permalink"), str):
        data["permalink"] = rest.pop("permalink")
    title = values.get("title")
    if isinstance(title, str):
        filled = re.sub(r"\{\{-?\s*(\w+)\s*-?\}\}", lambda m: str(data[m.group(1)])
                        if isinstance(data.get(m.group(1)), str) else m.group(), title)
        if "{{" not in filled and "{%" not in filled:
            data["title"] = filled
            del rest["title"]
    if rest:
        data["eleventyComputed"] = rest
    else:
        del data["eleventyComputed"]


def merge(into: dict[str, Any], more: dict[str, Any]) -> None:
    """Eleventy's deep data merge: objects merged key by key, `tags` added up, any other
    value replaced."""
    for key, value in more.items():
        if key == "tags":
            into["tags"] = list(dict.fromkeys(names(into.get("tags")) + names(value)))
        elif isinstance(value, dict) and isinstance(into.get(key), dict):
            into[key] = {**into[key], **value}
        else:
            into[key] = value


def front_matter(text: str) -> tuple[dict[str, Any], str, str | None]:
    """(a template's front matter, its body, why the front matter was not read)."""
    if text.startswith("---js") or text.startswith("---javascript"):
        head, _sep, body = text.split("\n", 1)[1].partition("\n---")
        # (`const eleventyNavigation = {…};`: each name the module declares is a key,
        # each statement's `;` an entry's end)
        declared = re.sub(r"\b(?:const|let|var)\s+(\w+)\s*=", r"\1:", head)
        meta = js_values(re.sub(r";[ \t]*$", ",", declared, flags=re.MULTILINE))
        return meta, body.split("\n", 1)[1] if "\n" in body else "", None
    fmt, head, body, _first = split_front_matter(text)
    data, error = load_mapping(fmt, head) if fmt else ({}, None)
    return dict(data), body, error


_FROM_LAYOUTS = frozenset({"permalink", "eleventyComputed", "eleventyExcludeFromCollections",
                           "draft", "tags"})
"""What a layout's front matter gives its pages that Lanting keeps."""
_LAYOUT_SUFFIXES = ("", ".njk", ".liquid", ".html", ".md", ".11ty.js", ".webc")


def layout_data(folder: Path, name: str) -> dict[str, Any]:
    """The front matter of the layout `name` (`post`, `layouts/post.njk`) of the layouts
    `folder`, over that of the layout it uses in turn: the keys of `_FROM_LAYOUTS`."""
    found: dict[str, Any] = {}
    seen: set[str] = set()
    while name and name not in seen and len(seen) < 8:
        seen.add(name)
        file = next((folder / (name + s) for s in _LAYOUT_SUFFIXES
                     if (folder / (name + s)).is_file()), None)
        if file is None:
            break
        # (a layout's tags are its pages' too, added up, as Eleventy's cascade merges
        # them: `tags: posts` in `post.njk` made each page using it a post)
        data = front_matter(read_text(file))[0]
        merge(data, found)
        found = data
        name = str(data.get("layout") or "")
    # (the rest is the theme's, `og_type`: a notice on every post otherwise)
    return {k: v for k, v in found.items() if k in _FROM_LAYOUTS}


def markdown_template(data: dict[str, Any]) -> bool:
    """Whether a template's `templateEngineOverride` ends in Markdown (`njk, md`:
    Nunjucks first, then markdown-it): such a `.njk` or `.liquid` file is a post or page
    written in Markdown, as a `.md` is, not one of the theme's templates."""
    engines = str(data.get("templateEngineOverride") or "").split(",")
    return engines[-1].strip().lower() == "md"
