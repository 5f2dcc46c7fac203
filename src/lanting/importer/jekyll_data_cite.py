"""An include that prints one entry of a data file, looked up by a parameter:
Type-on-Strap's `{% include citation.html key="moss2019" %}`, whose `citation.html`
finds the entry of `_data/biblio.yml` with that `key` (`assign citation = site.data.biblio
| where: "key", include.key | first`) and prints its fields (`{{ citation.authors }},
{{ citation.title }}`), most often as a post's footnote. The include is filled in with
the entry, its HTML as Markdown: the text the old page showed. (It was left in a
comment, and the footnote was empty.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.inline_html import inline_html_as_markdown
from lanting.importer.jekyll_data_values import data_list

_LOOKUP = re.compile(
    r"""\{%-?\s*assign\s+(?P<name>\w+)\s*=\s*site\.data\.(?P<file>[\w-]+)\s*\|\s*where\s*:"""
    r"""\s*(?P<q>["'])(?P<field>[\w-]+)(?P=q)\s*,\s*include\.(?P<param>\w+)\s*\|\s*first"""
    r"""\s*-?%\}""")
_THEME_CITATION = ("{%- assign citation = site.data.biblio | where:\"key\", include.key "
                   "| first -%}\n{{citation.authors}}, {{citation.title}}")
"""Type-on-Strap's own `citation.html` (of its gem, when the site has no copy):
the authors, then the title."""
_IF = re.compile(r"\{%-?\s*if\s+(\w+)\.([\w-]+)\s*-?%\}((?:(?!\{%-?\s*(?:if|else|elsif)\b).)*?)"
                 r"\{%-?\s*endif\s*-?%\}", re.DOTALL)
"""`{% if name.field %}…{% endif %}` (no `else`): the text shown when the entry has it."""
_LIQUID = re.compile(r"\{%-?.*?-?%\}|\{\{-?.*?-?\}\}", re.DOTALL)


def data_entry_include(source: Path, name: str, named: dict[str, str]) -> str | None:
    """The text `{% include name param="value" %}` showed when the include (the site's,
    else Type-on-Strap's `citation.html` with a `_data/biblio.yml`) prints an entry of
    a data file looked up by that parameter; None when it is no such include, or no
    entry has the value (a loop's variable, `key=entry.key`, is no value)."""
    path = source / "_includes" / name
    if path.is_file():
        text = read_text(path)
    elif name == "citation.html" and any(
            (source / "_data" / f"biblio{ext}").is_file() for ext in (".yml", ".yaml")):
        text = _THEME_CITATION
    else:
        return None
    lookup = _LOOKUP.search(text)
    if lookup is None or lookup.group("param") not in named:
        return None
    wanted = named[lookup.group("param")].strip()
    entry = next((e for e in data_list(source, lookup.group("file"))
                  if isinstance(e, dict) and str(e.get(lookup.group("field"), "")) == wanted
                  and wanted), None)
    if entry is None:
        return None
    shown = _filled(text[lookup.end():], lookup.group("name"), entry, named)
    return shown or None


def _filled(text: str, name: str, entry: dict[str, Any], named: dict[str, str]) -> str:
    """The include's text after the look-up, its `{{ name.field }}` (filters left out:
    they only formatted the value) and `{{ include.x }}` filled in, other Liquid gone,
    its inline HTML as Markdown, on one line (a footnote's)."""
    def value(match: re.Match[str]) -> str:
        found = re.fullmatch(rf"\{{\{{-?\s*(?:{name}|(include))\.([\w-]+)\s*(?:\|[^}}]*)?-?\}}\}}",
                             match.group(), re.DOTALL)
        if found is None:
            return ""
        given = named.get(found.group(2)) if found.group(1) else entry.get(found.group(2))
        if isinstance(given, list):
            return ", ".join(str(g) for g in given)
        return "" if given is None else str(given)

    def when(match: re.Match[str]) -> str:  # (`{% if citation.year %} ({{ … }}){% endif %}`)
        given = entry.get(match.group(2)) if match.group(1) == name else None
        return match.group(3) if given not in (None, "", []) else ""

    text = _IF.sub(when, text)
    shown = " ".join(_LIQUID.sub(value, text).split())
    shown = re.sub(r"^[\s,;.]+|[\s,;]+$", "", re.sub(r"(?:,\s*){2,}", ", ", shown))
    return inline_html_as_markdown(shown)
