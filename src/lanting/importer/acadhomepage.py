"""AcadHomepage's papers → entries of `content/publications.bib`. The template shows each
paper of its home page as a box,

    <div class='paper-box'><div class='paper-box-image'><div><div class="badge">ICML 2024
    </div><img src='images/x.png' …></div></div>
    <div class='paper-box-text' markdown="1">

    [Title](https://arxiv.org/abs/…) \\\\
    **Owner**, Co Author<sup>*</sup>

    [**Project**](…) <strong><span class='show_paper_citations' data='USER:ID'></span>
    </strong> \\| [![](…github/stars…)](https://github.com/…)
    - A point about the paper.
    </div>
    </div>

a badge of its venue and year, a picture, the title linked, the authors (the owner in
bold), links and a few points. Each box with a linked title is an entry, selected, so
Lanting's home page lists them as the old one did, and /publications/ has them all: the
badge the venue (`abbr`) and year, the picture `preview`, the title's link the paper
(arXiv's its `arxiv`, a PDF its `pdf`), the links buttons of their meaning (Code, a
repository's stars badge, Project, Video, Slides), others after the venue, the points
the abstract, the script-filled citation count's id `google_scholar_id`. A box without
a linked title (a project shown so) stays as written. So are the template's papers
written as items of a list under a heading of publications, with their venue (``-
``CVPR 2016`` [Title](url), A B, **Ada Ode**``; in some forks the names on the item's
next line); an item holding its BibTeX in a `<details>` block is read by
`acadhomepage_bibtex`."""

from __future__ import annotations

import html
import re
from pathlib import Path

from lanting.importer.bibtex import ET_AL, BibEntry
from lanting.importer.jekyll_inlined import inline_relative
from lanting.importer.liquid import HTML_COMMENT, Context
from lanting.importer.report import Report
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


_SECTION = re.compile(r"publication|paper|preprint|论文|成果|发表", re.IGNORECASE)
"""Words of a heading over papers written as lines."""
_ITEM = re.compile(r"^[-*][ \t]+(?P<item>.+)$")
_MARKED = re.compile(r"^ {0,3}[-*][ \t]+(?P<item>.+)$")
"""An item of the top list (CommonMark allows its marker three spaces)."""
_LAZY = re.compile(r"^(?![-*+][ \t]|#|<(?:div|details|!--)|\d+\.[ \t])\S")
"""A line going on with the item above it (neither a new item, heading nor block)."""
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


def paper_lines(text: str, taken: set[str]) -> list[tuple[int, int, BibEntry, list[str]]]:
    """The papers written as items of a list under a heading of papers (`# 📝
    Publications`), a line or two: (their first line's index, how many lines, the entry,
    the names in bold)."""
    # (here: it reads a paper as this module does)
    from lanting.importer.acadhomepage_bibtex import bibtex_item_entry, item_lines

    lines = text.split("\n")
    headings: dict[int, str] = {}
    found: list[tuple[int, int, BibEntry, list[str]]] = []
    until = 0
    for at, line in enumerate(lines):
        level = len(line) - len(line.lstrip("#"))
        if 1 <= level <= 6 and line[level:level + 1].isspace():
            headings = {k: v for k, v in headings.items() if k < level} | {level: line}
            continue
        if at < until or not any(_SECTION.search(h) for h in headings.values()):
            continue
        marked = _MARKED.match(line)
        many = item_lines(lines, at) if marked else 0
        if marked and "<details" in "".join(lines[at:at + many]).lower():
            block = bibtex_item_entry("\n".join([marked.group("item"), *(
                part.strip() for part in lines[at + 1:at + many])]), taken)
            if block is not None:  # (its BibTeX in a `<details>` block)
                found.append((at, many, *block))
                until = at + many
                continue
        item = _ITEM.match(line)
        if item is None:
            continue
        lazy = 0  # (the names on the item's next line, not indented: its paragraph's)
        while at + lazy + 1 < len(lines) and lazy < 2 and _LAZY.match(lines[at + lazy + 1]):
            lazy += 1
        follows = lines[at + lazy + 1] if at + lazy + 1 < len(lines) else ""
        if follows.startswith((" ", "\t")) and follows.strip():
            continue  # (an item of several blocks holds more than a paper: it stays)
        entry = line_entry("\n".join([item.group("item"), *lines[at + 1:at + lazy + 1]]),
                           taken)
        if entry is not None:
            found.append((at, lazy + 1, *entry))
    return found


def paper_boxes(text: str) -> tuple[list[BibEntry], list[str]]:
    """The entries of the boxes and one-line items of `text` (outside HTML comments,
    which the caller has put aside) and the names in bold on them."""
    entries: list[BibEntry] = []
    bold: list[str] = []
    taken: set[str] = set()
    for match in PAPER_BOX.finditer(text):
        found = paper_entry(match.group("image"), match.group("text"), taken)
        if found is not None:
            entries.append(found[0])
            bold.extend(n for n in found[1] if n not in bold)
    for _, _lines, entry, names in paper_lines(text, taken):
        entries.append(entry)
        bold.extend(n for n in names if n not in bold)
    return entries, bold


_GONE = "\ue0b0"
"""Where a box was, while headings left with nothing under them are found."""
_ASIDE = "\ue0b1"
"""Around the number of an HTML comment put aside."""
_ASIDES = re.compile(r"(?:\ue0b1\d+\ue0b1\s*)+")
"""A line of nothing but comments put aside."""
_EMPTY = re.compile(r"(?:<(span|a|div)\b[^>]*>\s*</\1>\s*)+")
"""A line of empty elements: the next section's anchor (`<span id="educations"></span>`)."""


def _emptied_heading(lines: list[str]) -> int | None:
    """The index of a heading whose section holds removed boxes and nothing else."""
    for at, line in enumerate(lines):
        level = len(line) - len(line.lstrip("#"))
        if not 1 <= level <= 6 or not line[level:level + 1].isspace():
            continue
        inside = []
        for after in lines[at + 1:]:
            deeper = len(after) - len(after.lstrip("#"))
            if 1 <= deeper <= level and after[deeper:deeper + 1].isspace():
                break
            inside.append(after.strip())
        if _GONE in inside and all(not text or text == _GONE or _ASIDES.fullmatch(text)
                                   or _EMPTY.fullmatch(text)
                                   for text in inside):  # (a comment shows nothing)
            return at
    return None


def without_paper_boxes(text: str) -> tuple[str, int]:
    """`text` without the boxes and items that are entries now, and how many went; a
    heading that had only those under it (`# 📝 Publications`, `## Speech Synthesis`)
    goes too, as the home page's list of selected publications has its own."""
    count = 0
    comments: list[str] = []  # (put aside: a paper in a comment stays there)

    def aside(match: re.Match[str]) -> str:
        comments.append(match.group())
        return f"{_ASIDE}{len(comments) - 1}{_ASIDE}"

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if paper_entry(match.group("image"), match.group("text"), set()) is None:
            return match.group()
        count += 1
        return _GONE + "\n"

    text = PAPER_BOX.sub(one, HTML_COMMENT.sub(aside, text))
    lines = text.split("\n")
    for at, many, _paper, _names in paper_lines(text, set()):
        lines[at:at + many] = [_GONE] * many
        count += 1
    if not count:
        return re.sub(rf"{_ASIDE}(\d+){_ASIDE}", lambda m: comments[int(m.group(1))],
                      text), 0
    # (each heading emptied, one of a year's among many, then the one over them)
    while (emptied := _emptied_heading(lines)) is not None:
        lines[emptied] = _GONE
    text = re.sub(rf"{_GONE}\n?", "", "\n".join(lines))
    return re.sub(rf"{_ASIDE}(\d+){_ASIDE}", lambda m: comments[int(m.group(1))], text), count


def home_paper_boxes(body: str, path: Path, source: Path) -> tuple[list[BibEntry], list[str]]:
    """The entries of the papers of the home page `path` (whose text is `body`) and of
    the files its `{% include_relative %}` tags inline, outside HTML comments (papers
    a fork commented out); and the names in bold on them."""
    if "](" not in body and "include_relative" not in body:
        return [], []
    scratch = Report(source, "al-folio")  # (inlined again, and reported, with the page)
    text = inline_relative(body, path.parent, source, Context(scratch, path, body),
                           lambda _: False)
    return paper_boxes(HTML_COMMENT.sub("", text))
