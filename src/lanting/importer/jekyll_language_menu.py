"""The Hux blog's language menu written into a page (its forks' `about.html` before the
theme moved it into `{% include multilingual-sel.html %}`): a `<select>` whose
`onchange` calls `onLanChange`, and the `<script>` that shows the `.zh` or the `.en`
text and hides the other.

Kept, the script hid a language behind a menu that Lanting's page does not style (and
took the first `<select>` of the page for its own); removed, as the include is, each
language's text is kept, one after the other.
"""

from __future__ import annotations

import re

_MENU = re.compile(r"<select\b[^>]*\bonchange\s*=\s*[\"']\s*onLanChange\b.*?</select\s*>[ \t]*"
                   r"\n?", re.DOTALL | re.IGNORECASE)
_SCRIPT = re.compile(r"<script\b[^>]*>(?:(?!</script\s*>).)*?\bonLanChange\b.*?"
                     r"</script\s*>[ \t]*\n?", re.DOTALL | re.IGNORECASE)


def language_menus(text: str) -> tuple[str, str | None]:
    """`text` without the menu and its script, and the menu as written (for the report),
    or None when the page has no such menu."""
    found = _MENU.search(text)
    if found is None:
        return text, None
    return _SCRIPT.sub("", _MENU.sub("", text)), found.group()
