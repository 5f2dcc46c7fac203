"""Reimu's own tags (hexo-theme-reimu registers them in its `scripts/tag/`):
`{% alertBlockquote type [title] %}` as a callout, `{% details [summary] %}` as a
collapsible block, `{% friendsLink file.yml %}` (the friends of a YAML file under
`source/`) and `{% externalLinkCard title url [cover] %}` as links. Its
`{% postLinkCard %}` is in `hexo_asset_tags.py`, beside `post_link`; its tabs, which
end at the next `<!-- tab … -->` as Stellar's do, in `hexo_bodies.py`."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.liquid import Context, blocks
from lanting.importer.shelf import Shelf
from lanting.importer.text import load_mapping

_KINDS = {"info": "NOTE", "tip": "TIP", "warning": "WARNING", "danger": "CAUTION",
          "important": "IMPORTANT"}
"""Reimu's kinds of alert (any other word is `info`) as Lanting's callouts."""


def reimu_blocks(text: str, ctx: Context, shelf: Shelf,
                 rendered: Callable[[str], str]) -> str:
    """Reimu's alert quotes and collapsible blocks (`rendered`: a block's text as the
    body's blocks read it, its indented code kept as code)."""

    def alert(args: str, inner: str, written: str) -> str:
        words = B.arguments(args)[0]
        kind = _KINDS.get(words[0] if words else "info", "NOTE")
        # (Reimu titles an untitled alert with its kind, as Lanting's callout does)
        return B.callout(kind, rendered(inner), " ".join(words[1:]), shelf)

    def details(args: str, inner: str, written: str) -> str:
        # (Reimu's summary is the first argument alone; the words after it were dropped)
        words = B.arguments(args)[0]
        return B.details(words[0] if words else "Details", rendered(inner))

    text = blocks(text, "alertBlockquote", alert, ctx, "Reimu's alert quotes as callouts",
                  shelf)
    return blocks(text, "details", details, ctx, "collapsible blocks", shelf)


def reimu_tags(ctx: Context, files: Path) -> dict[str, Any]:
    """The handlers of Reimu's tags without an end (`files`: the site's `source/`)."""

    def friends(args: str, written: str) -> str:
        words = B.arguments(args)[0]
        name = words[0] if words else ""
        file = files / name.lstrip("/")
        if not name or not file.is_file():
            return ctx.leave(written, f"no file `{name}` under `source/`")
        data, error = load_mapping("yaml", "friends:\n" + textwrap.indent(
            file.read_text(encoding="utf-8", errors="replace"), "  "))
        rows = [_row(one.get("name"), one["url"], one.get("desc"))
                for one in data.get("friends") or [] if not error
                and isinstance(one, dict) and one.get("name") and one.get("url")]
        if not rows:
            return ctx.leave(written, f"`{name}` holds no list of friends (`name`, `url`)")
        ctx.convert("Reimu's friends (friendsLink) as links")
        return B.block("\n".join(rows))

    def card(args: str, written: str) -> str:
        words = B.arguments(args)[0]
        if len(words) < 2:
            return ctx.leave(written, "a card needs a title and a link")
        ctx.convert("link cards as links")
        return B.block(_row(words[0], words[1], "")[2:])

    return {"friendsLink": friends, "externalLinkCard": card}


def _row(name: object, url: object, about: object) -> str:
    """A list item linking `url` by `name`, its description after a dash."""
    label = str(name or url).replace("]", "\\]")
    text = " ".join(str(about or "").split())
    return f"- [{label}]({url})" + (f" — {text}" if text else "")
