"""The shortcodes without content of hugo-theme-learn and its forks (relearn, docdock)
that list what the theme found beside a page: `children` (`hugo_children`) and
`attachments`, the files of the page's attachments folder (`page.files/` beside a
page, `files/` in a bundle) as links to them, which move with the page. It was left in
a comment with a warning, the files left behind."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from lanting.importer import body as B
from lanting.importer.hugo_children import children_list
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite

_TITLES = {"zh": "附件", "en": "Attachments"}


def learn_handlers(item: Item, ctx: Context, site: NewSite,
                   language: str) -> dict[str, Callable[[str, str], str]]:
    """The handlers of `children` and `attachments` for the page `item`."""

    def attachments(args: str, written: str) -> str:
        page = Path(ctx.path)
        folder = page.parent / "files" if page.stem == "index" \
            else page.with_name(page.stem + ".files")
        named = B.arguments(args)[1]
        try:
            wanted = re.compile(named.get("pattern", ".*"))
        except re.error:
            return ctx.leave(written, "a `pattern` that is no regular expression")
        files = sorted(f for f in folder.iterdir() if f.is_file()
                       and not f.name.startswith(".") and wanted.search(f.name)) \
            if folder.is_dir() else []
        if not files:
            ctx.convert("lists of a page's attachments, empty")
            return ""
        ctx.convert("lists of a page's attachments (their files moved with the page)")
        title = named.get("title") or _TITLES["zh" if language.startswith("zh") else "en"]
        # (written as the page's own relative links: they move with it as its files do)
        links = [f"- [{f.name.replace(']', chr(92) + ']')}]"
                 f"({quote(f.relative_to(page.parent).as_posix())})" for f in files]
        return B.block(f"**{title}**\n\n" + "\n".join(links))

    return {"attachments": attachments,
            "children": lambda args, written: children_list(
                args, written, item, site.items, site.link, ctx)}
