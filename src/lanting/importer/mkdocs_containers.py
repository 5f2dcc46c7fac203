"""`:::` lines on an MkDocs page. Python-Markdown reads no such thing, so MkDocs showed
them as text; but Lanting reads `::: name` … `:::` as a block. Notes copied from a
VuePress or VitePress site keep that site's containers (`::: tip`, `::: details`, hope's
`::: code-tabs` with `@tab cpp` lines): as text they made Lanting's build fail (an
`@tab` outside a `::: tabs` block) or quietly became blocks of no known kind. They are
read as the site they were written for read them (`vuepress_blocks`: tabs, callouts,
details; others unwrapped with a warning), and a notice says MkDocs had shown the lines
as written.
"""

from __future__ import annotations

import re

from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.vuepress_blocks import containers

_COLONS = re.compile(r"^[ \t]*:{3,}[ \t]*[^\s:{]", re.MULTILINE)
"""An opening `:::` line (mkdocstrings' `::: package.module` too: unwrapped, with the
warning every container Lanting has no form for gets)."""


def vuepress_containers(text: str, ctx: Context) -> str:
    """`text` with the `:::` containers outside code in Lanting's form."""
    if not _COLONS.search(text):
        return text
    shelf = Shelf()
    protected = protect_code(text, shelf)
    found = _COLONS.search(protected)
    if found is None:
        return text
    ctx.note(found.group().strip(), "`:::` containers (VuePress's syntax), which MkDocs "
             "showed as text, are read as the blocks their author wrote them for")
    return shelf.restore(containers(protected, ctx))
