"""What the pymdownx extensions a site lists made of their own syntax: keys, critic
marks, caret and tilde; without the extension MkDocs showed the syntax as written."""

from __future__ import annotations

import re
from typing import Any

from lanting.importer.liquid import Context
from lanting.importer.mkdocs_settings import extension
from lanting.importer.shelf import Shelf
from lanting.importer.sub_sup import scripts

_KEYS = re.compile(r"\+\+([\w-]+(?:\+[\w-]+)*)\+\+")


def pymdownx_extras(text: str, config: dict[str, Any], shelf: Shelf, ctx: Context) -> str:
    """What the site's pymdownx extensions read: keys (`++ctrl+c++`), critic marks
    (`{++added++}`, `{--removed--}`, `{~~old~>new~~}`, `{==marked==}`, `{>>note<<}`),
    caret (`^^inserted^^`, `x^2^`) and tilde (`H~2~O`). Without the extension the
    old site showed them as written, and so does the new one."""
    if extension(config, "pymdownx.keys") is not None:
        text, keys = _KEYS.subn(lambda m: "+".join(
            f"<kbd>{k.replace('-', ' ').title()}</kbd>" for k in m.group(1).split("+")),
            text)
        ctx.convert("keys (++ctrl+c++)", keys)
    if extension(config, "pymdownx.critic") is not None:
        before = text
        text = re.sub(r"\{\+\+(.+?)\+\+\}", r"<ins>\1</ins>", text, flags=re.DOTALL)
        text = re.sub(r"\{--(.+?)--\}", r"<del>\1</del>", text, flags=re.DOTALL)
        text = re.sub(r"\{~~(.*?)~>(.*?)~~\}", lambda m: (
            f"<del>{m.group(1)}</del>" if m.group(1) else "") + (
            f"<ins>{m.group(2)}</ins>" if m.group(2) else ""), text, flags=re.DOTALL)
        text = re.sub(r"\{==(.+?)==\}", r"<mark>\1</mark>", text, flags=re.DOTALL)
        notes = re.findall(r"\{>>(.+?)<<\}", text, flags=re.DOTALL)
        if notes:
            ctx.warn("{>>", f"{len(notes)} critic comment(s) (`{{>>…<<}}`) left out: "
                     "Lanting has no margin notes")
            text = re.sub(r"\{>>(.+?)<<\}", "", text, flags=re.DOTALL)
        ctx.convert("critic marks", int(before != text))
    if extension(config, "pymdownx.caret") is not None:
        text, count = re.subn(r"(?<!\^)\^\^(?!\s)([^\^\n]+?)(?<!\s)\^\^(?!\^)",
                              r"<ins>\1</ins>", text)
        ctx.convert("insertions (^^…^^)", count)
    if extension(config, "pymdownx.caret") is not None or \
            extension(config, "pymdownx.tilde") is not None:
        text = scripts(text, shelf, ctx)
    return text
