"""One paper of an AcadHomepage home page → an entry: a box (`paper-box`, the badge its
venue, the picture its preview, the linked title, the authors, the links and points) or a
line of a list with its venue (`acadhomepage` finds them on the page)."""

from __future__ import annotations

import html
import re

from lanting.importer.bibtex import ET_AL, BibEntry
from lanting.importer.site import slug_of

PAPER_BOX = re.compile(
    r"^[ \t]*<div\s+class=(['\"])paper-box\1\s*>(?P<image>(?:(?!<div\s+class=['\"]"
    r"paper-box-text).)*?)<div\s+class=(['\"])paper-box-text\3[^>]*>(?P<text>(?:(?!</div>)"
    r".)*?)</div>\s*</div>[ \t]*(?:\n|$)", re.DOTALL | re.MULTILINE)
"""One paper's box: its picture's part, then its text's (Markdown, no `</div>` inside)."""
_BADGE = re.compile(r"<div\s+class=['\"]badge['\"]\s*>(.*?)</div>", re.DOTALL)
_IMAGE = re.compile(r"<img\b[^>]*\bsrc=(['\"])(.*?)\1", re.DOTALL)
TITLE = re.compile(r"^\s*(?:(?:\[(?P<venue>[^\]\n]*\*\*[^\]\n]*)\]"
                    r"|\*\*\[(?P<venue2>[^\]\n]+)\]\*\*|``?(?P<venue3>[^`\n]+)``?"
                    r"|<span\b[^>]*>(?P<venue4>[^<\n]+)</span>)\s*)?(?:\*\*)?"
                    r"\[(?P<title>[^\]\n]+)\]\((?:\[[^\]\n]*\]\((?P<inner>[^)\s]+)\)"
                    r"|(?P<url>[^)\s]+))\)(?:\*\*)?(?P<rest>.*)$", re.DOTALL)
"""The title's line: the title linked (in bold or not), after the venue and year some
forks write before it (`[**ICLR 2026**]`, `**[CVPR 2024]**`, the template's list's
``` ``CVPR 2016`` ```, a styled `<span class="conference-tag">ICML 2025</span>`)."""
LINK = re.compile(r"\[(?P<text>(?:!\[[^\]]*\]\([^)]*\)|\[[^\]\n]*\]|[^\]\n])*)\]"
                   r"\((?P<url>[^)\s]+)\)")
"""A link, its text a badge's picture (`[![](…stars…)](…)`) or in brackets (`[[code]](…)`)."""
_SCHOLAR = re.compile(r"<span\s+class=['\"]show_paper_citations['\"]\s+data=['\"]"
                      r"(?P<id>[^'\"]+)['\"]\s*>\s*</span>")
_KINDS = (("code", r"\bcode\b|github|stars"), ("website", r"project|page|\bweb\b|website|demo"),
          ("video", r"video|talk"), ("slides", r"slides?"), ("poster", r"poster"),
          ("pdf", r"\bpdf\b|\bpaper\b"), ("supp", r"supp"))
"""A link's words (its text, or for a badge its picture's address) → its button."""
_MARK = re.compile(r"<sup>[^<]*</sup>|\$\^\{?[^$]*\}?\$|\\?\*|[†‡§]")
"""An author's marks (co-first `*`, corresponding `†`), once the bold's `**` are aside."""
_YEAR = re.compile(r"(?:19|20)\d\d")
_AWARD = re.compile(r"\(?\b(?:oral|spotlight|highlight|best [\w ]*?(?:paper|award)|"
                    r"[\w ]*award(?: candidate)?)\b\)?", re.IGNORECASE)
"""A distinction written with the venue (`NeurIPS 2022 Spotlight`, `CVPR 2024 (Oral)`)."""


def plain(text: str) -> str:
    text = re.sub(r"<[^>]+>", "", text)
    return " ".join(html.unescape(re.sub(r"\*\*|__", "", text)).split())


def author_names(line: str) -> tuple[list[str], list[str], int]:
    """(names, those in bold: the owner's, how many lead with a co-first mark) of the
    authors' line, `**Ada Ode**<sup>*</sup>, Bo Xu<sup>*</sup> and Cy Zed`."""
    names: list[str] = []
    bold: list[str] = []
    marked: list[bool] = []
    for part in re.split(r",|\band\b|&amp;|(?<=\s)&(?=\s)", line):
        unbold = part.replace("**", "\0")
        star = bool(re.search(r"\*|<sup>[^<]*\*", unbold))
        name = plain(_MARK.sub("", unbold).replace("\0", ""))
        name = name.strip(" *").removesuffix(".")  # (`…, Hao Chen.\\\\`)
        if ET_AL.match(name):
            name = "others"
        if not name:
            continue
        names.append(name)
        marked.append(star)
        if "**" in part or re.search(r"<(?:strong|b)>", part):
            bold.append(name)
    first = 0
    while first < len(marked) and marked[first]:
        first += 1
    return names, bold, first if first > 1 else 0


def _link_field(text: str, url: str) -> str | None:
    words = f"{plain(text)} {url if text.startswith('!') else ''}".lower()
    if "arxiv.org" in url:
        return "arxiv"
    return next((field for field, pattern in _KINDS if re.search(pattern, words)), None)


def _entry(title: str, names: list[str], image: str, taken: set[str]) -> BibEntry:
    """The entry's title, authors, venue and year (the badge's), picture, and a key of
    its own (first author's family name, year, title's first word)."""
    badge = _BADGE.search(image)
    venue = " ".join(_AWARD.sub("", plain(badge.group(1))).split()) if badge else ""
    year = _YEAR.search(venue)
    abbr = " ".join(_YEAR.sub("", venue).split())
    words = re.findall(r"[A-Za-z0-9]+", title) or ["paper"]
    family = re.findall(r"[A-Za-z]+", names[0].split()[-1]) if names else []
    key = slug_of(f"{family[0] if family else 'paper'}{year.group() if year else ''}"
                  f"{words[0]}").replace("-", "").lower()
    while key in taken:
        key += "b"
    taken.add(key)
    preprint = "arxiv" in abbr.lower()
    kind = "article" if preprint or "journal" in abbr.lower() else "inproceedings"
    entry = BibEntry(kind, key, {}, 1)
    entry.set("title", title)
    if names:
        entry.set("author", " and ".join(names))
    if abbr:
        entry.set("journal" if kind == "article" else "booktitle", abbr)
        entry.set("abbr", abbr)
    if year:
        entry.set("year", year.group())
    if preprint:
        entry.set("category", "preprint")
    picture = _IMAGE.search(image)
    if picture and not picture.group(2).startswith("data:"):
        entry.set("preview", picture.group(2))
    return entry


def paper_links(entry: BibEntry, url: str, links: str, points: list[str]) -> None:
    """The title's link, the other links (buttons by their words, the rest after the
    venue, with words left over), the Scholar id and the points of one paper."""
    arxiv = re.search(r"arxiv\.org/(?:abs|pdf)/([\w.]+?)(?:v\d+)?(?:\.pdf)?$", url)
    entry.set(*(("arxiv", arxiv.group(1)) if arxiv else ("pdf", url)
                if url.lower().endswith(".pdf") else ("url", url)))
    scholar = _SCHOLAR.search(links)
    if scholar:
        entry.set("google_scholar_id", scholar.group("id").rsplit(":", 1)[-1])
    extra: list[str] = []
    for link in LINK.finditer(links):
        field = _link_field(link.group("text"), link.group("url"))
        listed = re.search(r"arxiv\.org/(?:abs|pdf)/([\w.]+?)(?:v\d+)?(?:\.pdf)?$",
                           link.group("url"))
        if field == "arxiv" and listed is not None and entry.value("arxiv") in (
                "", listed.group(1)):  # (`[PDF]` of the arXiv paper the title links)
            entry.set("arxiv", listed.group(1))
            continue
        if field is not None and field != "arxiv" and field not in entry.fields:
            entry.set(field, link.group("url"))
        elif entry.value(field or "") != link.group("url"):
            extra.append(f"[{plain(link.group('text')).strip('[] ') or link.group('url')}]"
                         f"({link.group('url')})")
    left = plain(re.sub(r"\\?\|", " ", _SCHOLAR.sub("", LINK.sub("", links))))
    if left:  # (`[video talk] (to be updated)`: words the box showed)
        extra.append(left)
    if points:
        entry.set("abstract", " ".join(points))
    if extra:
        entry.set("additional_info", ". " + " · ".join(extra))


def paper_entry(image: str, text: str, taken: set[str]) -> tuple[BibEntry, list[str]] | None:
    """The entry of one box (its key not in `taken`) and the names in bold; None for a
    box without a linked title."""
    lines = text.strip().splitlines()
    found = TITLE.match(lines[0]) if lines else None
    if found is None:
        return None
    title, url = plain(found.group("title")), found.group("url") or found.group("inner")
    # (`[Title]([https://arxiv…](https://…pdf))`, a link pasted into a link: its address)
    rest = [found.group("rest").strip().removesuffix("\\\\").strip(), *lines[1:]]
    points = [line.strip()[2:].strip() for line in rest
              if line.strip().startswith(("- ", "* "))]
    meta = [line.strip().removesuffix("\\\\").strip() for line in rest
            if line.strip() and not line.strip().startswith(("- ", "* "))]
    author_line = next((line for line in meta if not line.startswith(("[", "<"))), "")
    links_start = LINK.search(author_line)
    names_text = author_line[:links_start.start()] if links_start else author_line
    names, bold, first = author_names(names_text)
    venue = found.group("venue") or found.group("venue2") or found.group("venue3")
    badge = _BADGE.search(image)
    award = _AWARD.search(plain(venue or "") + " " + plain(badge.group(1) if badge else ""))
    venue = _AWARD.sub("", plain(venue)) if venue else venue
    entry = _entry(title, names, f'<div class="badge">{venue}</div>' if venue else image,
                   taken)
    if venue:  # (the picture's part still holds the picture)
        picture = _IMAGE.search(image)
        if picture and not picture.group(2).startswith("data:"):
            entry.set("preview", picture.group(2))
    if first:
        entry.set("equal_contribution", str(first))
    if award:  # (`[**NeurIPS 2022** <span …>Spotlight</span>]`: the paper's distinction)
        entry.set("award", award.group().strip("() "))
    links = "\n".join([author_line[len(names_text):], *(m for m in meta if m != author_line)])
    paper_links(entry, url, links, points)
    return entry, bold


_TAIL = re.compile(r"\\?\||<span\b|\[|\*\*[^*\n]*(?:19|20)\d\d[^*\n]*\*\*")
"""Where the names of a line end: a separator, a styled remark, a link, a venue in bold."""


def line_entry(item: str, taken: set[str]) -> tuple[BibEntry, list[str]] | None:
    """The entry of a paper written as a line of a list with its venue, as the
    template's are,
    ``` ``CVPR 2016`` [Title](url), A B, **Ada Ode**, **ACM-MM 2022** \\| [Code](…) ```;
    None for a line of another shape."""
    found = TITLE.match(item)
    # (the names after a comma, or on the next line, after a `<br>` or `\\`)
    rest = re.sub(r"^(?:\s|<br\s*/?>|\\\\)*,?", " ", found.group("rest")) if found else ""
    if found is None or not rest.strip():
        return None
    url = found.group("url") or found.group("inner")
    tail = _TAIL.search(rest)
    names_text = rest[:tail.start()] if tail else rest
    names, bold, first = author_names(names_text.strip(" ,."))
    if not names:
        return None
    venue = found.group("venue") or found.group("venue2") or found.group("venue3") \
        or found.group("venue4") or ""
    bold_venue = re.match(r"\*\*([^*\n]*)\*\*", rest[tail.start():] if tail else "")
    venue = plain(venue) or (plain(bold_venue.group(1)) if bold_venue else "")
    if not _YEAR.search(venue) and not any(found.group(f"venue{n}") for n in ("", 2, 3, 4)):
        return None  # (no venue: a line of another kind, a link to a post)
    after = rest[tail.start() + (bold_venue.end() if bold_venue else 0):] if tail else ""
    award = _AWARD.search(venue + " " + plain(LINK.sub("", after)))
    entry = _entry(plain(found.group("title")), names,
                   f'<div class="badge">{_AWARD.sub("", venue)}</div>', taken)
    if first:
        entry.set("equal_contribution", str(first))
    if award:
        entry.set("award", award.group().strip("() "))
        after = after.replace(award.group(), "")
    paper_links(entry, url, re.sub(r"<span\b[^>]*>\s*</span>|</?span\b[^>]*>", "", after), [])
    return entry, bold
