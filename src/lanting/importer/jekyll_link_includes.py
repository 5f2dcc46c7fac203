"""A site's own include that prints one link made of its parameters, as docsy-jekyll's
`doc.html` does (`{% include doc.html name="Getting Started" path="getting-started" %}`
printing `<a href="{{ site.baseurl }}/docs/{{ include.path }}">` around `{% if
include.name %}{{ include.name }}{% else %}{{ include.path }}{% endif %}`): the
Markdown link it printed, which is then mapped as any link to an old URL."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid_filters import filter_chain

_LINK = re.compile(r"\s*<a\s+href=([\"'])([^\"']*)\1\s*>(.*?)</a>\s*", re.DOTALL)
"""The include's whole text: one link (its address and its text may hold Liquid)."""
_IF = re.compile(r"\{%-?\s*if\s+include\.([\w-]+)\s*-?%\}(.*?)"
                 r"(?:\{%-?\s*else\s*-?%\}(.*?))?\{%-?\s*endif\s*-?%\}", re.DOTALL)
"""`{% if include.name %}…{% else %}…{% endif %}`: a parameter given or not."""
_OUTPUT = re.compile(r"\{\{-?\s*(.*?)\s*-?\}\}", re.DOTALL)
_COMMENT = re.compile(r"\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}", re.DOTALL)


def link_include(source: Path, name: str, named: dict[str, str]) -> str | None:
    """`[text](address)` that the site's include `name`, given the parameters `named`,
    printed; None when the site has no such file, it prints more than one link, or
    something of it depends on more than its parameters and the site's root."""
    folder = (source / "_includes").resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        return None
    found = _LINK.fullmatch(_COMMENT.sub("", read_text(path)))
    if found is None:
        return None
    address, text = _printed(found.group(2), named), _printed(found.group(3), named)
    if address is None or text is None or not text.strip() or "<" in text:
        return None
    return "[" + re.sub(r"([\[\]])", r"\\\1", " ".join(text.split())) + f"]({address})"


def _printed(template: str, named: dict[str, str]) -> str | None:
    """What `template` printed with the include's parameters `named` (the site's root,
    `site.baseurl`, `site.url`, as nothing: the address is read from the root); None
    when it reads anything else."""
    template = _IF.sub(lambda m: m.group(2) if named.get(m.group(1))
                       else m.group(3) or "", template)
    unknown = False

    def value(term: str) -> str | None:
        if term in ("site.baseurl", "site.url"):
            return ""
        return named.get(term.removeprefix("include.")) if term.startswith("include.") \
            else None

    def output(match: re.Match[str]) -> str:
        nonlocal unknown
        printed = filter_chain(match.group(1), value)
        unknown = unknown or printed is None
        return printed or ""

    made = _OUTPUT.sub(output, template)
    return None if unknown or "{%" in made else made
