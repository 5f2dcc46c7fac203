"""Hugo's fenced code blocks: Goldmark's attributes after the language
(`{linenos=table,hl_lines=[3]}`, which Lanting writes as its own options), and the fences a
theme's render hook draws instead of showing code (FixIt's `timeline`: a list of its
events; Hugo's own GoAT diagrams: their ASCII art), and a language Chroma found by a
file's extension, by the name Pygments knows it by."""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Any

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.util import ClassNotFound

from lanting.importer.common import bool_of
from lanting.importer.liquid import Context
from lanting.importer.shelf import fence
from lanting.importer.text import load_mapping
from lanting.markdown.code import LANGUAGE_ALIASES, PLAIN_LANGUAGES


def hugo_fence(info: str, code: str, indent: str, ctx: Context) -> str:
    """A fenced block as Lanting writes it: its Goldmark options read, a drawn fence
    converted."""
    match = re.match(r"^(\S*)\s*\{(.*)\}\s*$", info)
    lang, options = (match.group(1), match.group(2)) if match else (info.strip(), "")
    if lang == "timeline":
        drawn = timeline(code, options, indent, ctx)
        if drawn is not None:
            return drawn
    if lang.lower() == "goat":
        # (Hugo drew a ```goat fence's ASCII art as an SVG diagram; Lanting has no
        # drawing of it, and took `goat` for a language it did not know, with a warning:
        # the art as plain text reads as the diagram did)
        ctx.convert("GoAT diagrams as their ASCII art")
        return fence("text", code, None, indent)
    first, space, rest = info.strip().partition(" ")
    known = chroma_language(first)
    if known != first:
        ctx.convert("code languages named by their files' extension, as Chroma read them")
        info, lang = known + space + rest, known
    if not match:
        return fence(info, code, None, indent)
    ctx.convert("code block options")
    return fence(lang, code, code_options(options), indent)


@functools.lru_cache(maxsize=256)
def chroma_language(lang: str) -> str:
    """A fence's language as Hugo's highlighter found it: Chroma looks a name up as a
    language's name or alias, then as a file extension (` ```el ` is Emacs Lisp, by
    `*.el`); Pygments knows names alone, and warned of an unknown language. One found
    by its extension only is written by the name Pygments gives such a file."""
    if not re.fullmatch(r"[\w+#-]+", lang) or lang.lower() in PLAIN_LANGUAGES \
            or lang.lower() in LANGUAGE_ALIASES:
        return lang
    try:
        get_lexer_by_name(lang)
        return lang
    except ClassNotFound:
        pass
    try:
        aliases = get_lexer_for_filename("file." + lang).aliases
    except ClassNotFound:
        return lang
    return str(aliases[0]) if aliases else lang


def code_options(text: str) -> dict[str, str]:
    """Goldmark's `linenos`, `hl_lines` and `linenostart` as Lanting's fence options."""
    options: dict[str, str] = {}
    for key, value in re.findall(r"(\w+)\s*=\s*(\[[^\]]*\]|\"[^\"]*\"|[^,]+)", text):
        value = value.strip("[]\"")
        if key == "linenos" and value.lower() not in ("false", ""):
            options["linenos"] = "true"
        elif key == "hl_lines":
            options["hl_lines"] = " ".join(value.replace(",", " ").split())
        elif key == "linenostart":
            options["start"] = value
    return options


def timeline(code: str, options: str, indent: str, ctx: Context) -> str | None:
    """FixIt's ```` ```timeline {reverse=true} ```` of `events` (each a `timestamp` and
    its `content`, Markdown; JSON, YAML or TOML): a list of the events in the order the
    theme drew them, each its time in bold over its text. (Kept as code, the page showed
    its YAML, and the build warned of an unknown language.) None when the data holds no
    events: the code is kept."""
    stripped = code.strip()
    fmt = "json" if stripped.startswith("{") else "toml" if stripped.startswith("[") \
        else "yaml"
    data, _error = load_mapping(fmt, code)
    events = [e for e in data.get("events") or [] if isinstance(e, dict)] \
        if isinstance(data.get("events"), list) else []
    if not events:
        return None
    if re.search(r"\breverse\s*=\s*\"?true", options):
        events.reverse()
    ctx.convert("timelines as lists")
    # (blank lines around: a line of text right under the fence is no lazy line of it)
    return "\n" + "\n".join(_event(e, indent) for e in events) + "\n"


def _event(event: dict[str, Any], indent: str) -> str:
    text = " ".join(str(event.get("content") or "").split("\n"))
    stamp = event.get("timestamp")
    if isinstance(stamp, dt.datetime | dt.date):  # (YAML read it as a time: as written)
        stamp = stamp.isoformat(" ") if isinstance(stamp, dt.datetime) else stamp.isoformat()
    if stamp is None or bool_of(event.get("hideTimestamp")):
        return f"{indent}- {text}"
    return f"{indent}- **{stamp}**\\\n{indent}  {text}"
