"""`#fragment` links of a body repaired to the headings they meant (a table of contents
written for another site's ids, a heading named by its text, a heading since renamed),
and links to footnotes by other renderers' ids; the heading of another page a link's
fragment names (`heading_fragment`). Shared by the importers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote

from text_unidecode import unidecode

from lanting.importer.body import EMPTY_SELF_LINK
from lanting.importer.notebook_text import page_text
from lanting.markdown.anchors import github_slug

_HEADING_LINE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
_FRAGMENT_LINK = re.compile(r"(\]\()#([^)\s]+)\)")
_HTML_FRAGMENT = re.compile(r"""(<a\b[^<>]*?)(\s+href[ \t]*=[ \t]*)(["'])#([^"'\s<>]+)\3""",
                            re.IGNORECASE)
"""`<a href="#-学习路径">` in raw HTML (a README's centred table of contents)."""


def heading_lines(text: str) -> list[str]:
    """The text of each ATX heading (`## Title`) of a body, in order."""
    return _HEADING_LINE.findall(text)


def fragment_key(text: str) -> str:
    """A heading id or a link's fragment with its case and all but its letters and digits
    left out, to match them loosely: `#A.1` (the heading's text, as Typora links it),
    GitHub's `#a1` and Hexo's `#A-1` are one key."""
    return "".join(c for c in text.casefold() if c.isalnum())


def heading_matcher(ids: list[str], loose: Callable[[str], str]) -> Callable[[str], str | None]:
    """A function from a link's fragment to the id of the heading it meant (of `ids`, a
    page's heading ids in order): the one `loose` makes the same, else — as a table of
    contents made for GitHub by an editor writes `#计算机能力考试pat` for `## 计算机能力
    考试(PAT)` — the one with the same letters and digits, when no other has them; else,
    for a fragment in Latin letters, the Chinese heading it spells in pinyin
    (`#tui-jian-cha-jian-lie-biao` for `## 推荐插件列表`, as a table of contents
    transliterated it), when no other heading spells it so."""
    keyed = {loose(i): i for i in reversed(ids)}
    bare = Counter(fragment_key(i) for i in ids)
    keyed_bare = {fragment_key(i): i for i in ids if bare[fragment_key(i)] == 1}
    spelt = Counter(fragment_key(unidecode(i)) for i in ids)
    keyed_spelt = {fragment_key(unidecode(i)): i for i in ids
                   if not i.isascii() and spelt[fragment_key(unidecode(i))] == 1}

    def match(fragment: str) -> str | None:
        return keyed.get(loose(fragment)) or keyed_bare.get(fragment_key(fragment) or "\0") \
            or (keyed_spelt.get(fragment_key(fragment) or "\0") if fragment.isascii() else None)

    return match


def title_fragments(text: str, title: str) -> tuple[str, int]:
    """`[RWARE 入门](#rware-入门)` in a note's table of contents, to the `# RWARE 入门`
    heading that became its title (Lanting shows the title above the text; GitHub and
    Typora gave the heading that id): to the page's top, `#top`, where the title is.
    Not when a heading left in the text has the same letters and digits. Returns (text,
    how many). When a heading left in the text has the same letters and digits (`# PDF
    简介` under `# pdf简介`), only a link naming the title's own id (`#pdf简介`), which
    that heading's (`#pdf-简介`) is not, goes to the top."""
    key = fragment_key(title)
    left = heading_lines(text)
    if not key:
        return text, 0
    if key not in {fragment_key(h) for h in left}:
        return _FRAGMENT_LINK.subn(lambda m: m.group(1) + "#top)" if fragment_key(
            unquote(m.group(2))) == key else m.group(), text)
    own = github_slug(title)
    if not own or own in {github_slug(h) for h in left}:
        return text, 0
    return _FRAGMENT_LINK.subn(lambda m: m.group(1) + "#top)" if unquote(m.group(2)) == own
                               else m.group(), text)


def repair_fragments(text: str, ids: list[str], loose: Callable[[str], str],
                     repaired: Callable[[str, str, str], None],
                     dead: Callable[[str, str], str | None] | None = None) -> str:
    """`[x](#Introduce)` to the heading whose id is `introduce` (or `#Introduce` to the
    one whose id keeps its case): written for GitHub or Typora, the link found no heading
    on the old site either, and Lanting's build fails on it. Each is pointed at the
    heading `heading_matcher` finds for the fragment (`repaired(link, fragment, id)` is
    told); links that find their heading are left alone. A link that finds none is
    `dead(link, fragment)`'s replacement for `](#fragment)`, unless that is None. An
    `<a href="#…">` of raw HTML is repaired alike; a dead one keeps its text, without
    its `href`."""
    meant = heading_matcher(ids, loose)

    def html(match: re.Match[str]) -> str:
        fragment = unquote(match.group(4))
        if fragment in ids:
            return match.group()
        found = meant(fragment)
        if found is None:
            gone = dead is not None and dead(match.group(), fragment) is not None
            return match.group(1) if gone else match.group()
        repaired(match.group(), fragment, found)
        return f"{match.group(1)}{match.group(2)}{match.group(3)}#{found}{match.group(3)}"

    def one(match: re.Match[str]) -> str:
        fragment = unquote(match.group(2))
        if fragment in ids:
            return match.group()
        found = meant(fragment)
        if found is None:
            replacement = dead(match.group(), fragment) if dead is not None else None
            return match.group() if replacement is None else replacement
        repaired(match.group(), fragment, found)
        return f"{match.group(1)}#{found})"

    if not ids and dead is None:
        return text
    return _HTML_FRAGMENT.sub(html, _FRAGMENT_LINK.sub(one, text)) if "href" in text \
        else _FRAGMENT_LINK.sub(one, text)


class Told(Protocol):
    """Where a body's conversion tells what it did (`liquid.Context`)."""

    def note(self, snippet: str, message: str) -> None: ...
    def warn(self, snippet: str, message: str) -> None: ...
    def convert(self, what: str, times: int = 1) -> None: ...


def repair_page_fragments(text: str, ids: list[str], loose: Callable[[str], str],
                          anchors: set[str], told: Told, dropped: str, why: str = "") -> str:
    """`repair_fragments` as the importers of docs sites use it: a link written in other
    case or punctuation goes to the heading it meant, with a notice (`why` says how the
    old site made its ids); one naming no heading or anchor (`anchors`: the page's raw
    `id`s and `name`s) went nowhere on the old site either, and its `](#x)` becomes
    `](dropped)`, for the caller to keep the text alone, with a warning."""

    def repaired(link: str, fragment: str, found: str) -> None:
        told.note(link, f"the link `#{fragment}` named no heading on the old page either"
                  f"{why}: it goes to `#{found}`")
        told.convert("#links to headings repaired")

    def dead(link: str, fragment: str) -> str | None:
        if fragment in anchors or fragment == "top" or "\ue000" in fragment:
            return None
        told.warn(link, f"link `#{fragment}`: no heading or anchor of the page has that "
                  "id (a dead link of the old site): its text kept, without the link")
        return f"]({dropped})"

    return repair_fragments(text, ids, loose, repaired, dead)


_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")
_FOOTNOTE_LINK = re.compile(r"\]\(#(fn|fnref):([^)\s]+)\)")


def footnote_links(text: str) -> tuple[str, int]:
    """`text` (its code put aside) with links to its footnotes by Python-Markdown's and
    kramdown's ids, `[跳转](#fn:1)`, `(#fnref:note)`, to Lanting's, which number the
    notes in the order they are first referred to (`#fn1`). Returns (text, how many)."""
    if "(#fn" not in text:
        return text, 0
    numbers: dict[str, int] = {}
    for match in _FOOTNOTE_REF.finditer(text):
        numbers.setdefault(match.group(1), len(numbers) + 1)
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        number = numbers.get(match.group(2))
        if number is None:
            return match.group()
        count += 1
        return f"](#{match.group(1)}{number})"

    return _FOOTNOTE_LINK.sub(one, text), count


_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
_CUSTOM_ID = re.compile(r"[ \t]*\{#([^}\s]+)[^}]*\}$")


def heading_fragment(text: str, source: Path, loose: bool = False) -> str | None:
    """The id (GitHub's style, the new site's) of the heading of `source` whose text a
    link's fragment names (`Game Loop`, `Deep Agents`) or the fragment itself when the
    page writes it as an id (`{#x}`, `id="x"`, the whole id: `#sec:` is not that of
    `id="sec:notation"`); with `loose`, also the one heading whose letters and digits
    the fragment's are; None when none (a heading since renamed). A notebook's headings
    are its Markdown cells' (`#More-regex-syntax`, Jupyter's id, keeps the heading's
    case: that of `## More regex syntax`, `more-regex-syntax` now)."""
    body = page_text(source)
    if re.search(rf"""\{{#{re.escape(text)}[\s}}]|\b(?:id|name)=["']?{re.escape(text)}"""
                 r"""(?=["'\s/>]|$)""",
                 body) or re.search(EMPTY_SELF_LINK.format(re.escape(text)), body):
        return text  # (an empty `<a href="#x" />` is the anchor `body.empty_self_links` makes)
    wanted = github_slug(text)
    for match in _HEADING.finditer(body):
        heading = match.group(1)
        custom = _CUSTOM_ID.search(heading)
        if github_slug(_CUSTOM_ID.sub("", heading)) == wanted:
            return custom.group(1) if custom else wanted
    # (`#逆向归纳 backward induction` naming `# 逆向归纳  backward induction`: GitHub's ids
    # keep each space, Obsidian matched the heading's words)
    spaced = github_slug(" ".join(text.split()))
    for match in _HEADING.finditer(body):
        heading = _CUSTOM_ID.sub("", match.group(1))
        if github_slug(" ".join(heading.split())) == spaced:
            custom = _CUSTOM_ID.search(match.group(1))
            return custom.group(1) if custom else github_slug(heading)
    # (`#2-2-choosing-a-best-cut` for `### 2.2. Choosing a "best cut"`: the id Hugo made
    # before Goldmark, Blackfriday's; its letters and digits name one heading alone)
    key = _letters_and_digits(text)
    if not loose or not key:
        return None
    named = [m.group(1) for m in _HEADING.finditer(body)
             if _letters_and_digits(_CUSTOM_ID.sub("", m.group(1))) == key]
    if len(named) == 1:
        custom = _CUSTOM_ID.search(named[0])
        return custom.group(1) if custom else github_slug(_CUSTOM_ID.sub("", named[0]))
    return None


def _letters_and_digits(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


_WIKI_IN_HEADING = re.compile(r"\[\[([^\[\]|#]*)(?:#[^\[\]|]*)?(?:\|([^\[\]]*))?\]\]")
_MD_LINK_IN_HEADING = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_NOT_IN_LINKS = re.compile(r"[\[\]|#^:/\\]|%%")
"""What Obsidian leaves out of a link to a heading (`## Tri-/Pentadiagonal` is linked
as `[[Matrix#Tri- Pentadiagonal]]`): a space in its place."""


def obsidian_heading(text: str, source: Path) -> str | None:
    """The id of the heading of `source` that an Obsidian link's fragment names, as
    Obsidian wrote it: the heading's text with the characters a link may not hold
    (`/`, `:`, `|`, `[[`, `]]`, `#`, `^`) as spaces (`## [[Continuity (topology)|
    Continuity]] and …` is `#Continuity (topology) Continuity and …`), compared
    without regard to case or runs of spaces. The id is that of the heading the new
    page shows (a wiki link its alias or note's name, a Markdown link its text). None
    when no heading is so named."""
    def key(words: str) -> str:
        return " ".join(_NOT_IN_LINKS.sub(" ", words).split()).casefold()

    wanted = key(text)
    for match in _HEADING.finditer(page_text(source)):
        heading = _CUSTOM_ID.sub("", match.group(1))
        if key(heading) == wanted:
            custom = _CUSTOM_ID.search(match.group(1))
            shown = _WIKI_IN_HEADING.sub(lambda m: m.group(2) or m.group(1), heading)
            return custom.group(1) if custom else github_slug(
                _MD_LINK_IN_HEADING.sub(r"\1", shown))
    return None
