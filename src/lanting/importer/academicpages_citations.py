"""A reference as academicpages writes it, read back: `citation` (`Hu Y and <b>Chen Y</b>.
(2021). "Title." <i>Journal</i>. 44(4): 553-573.`) as BibTeX authors, volume, number
and pages, and HTML or Markdown as one line of text."""

from __future__ import annotations

import html
import re

_INITIALS = re.compile(r"^(?:[A-Z]\.?){1,3}(?:-[A-Z]\.?)?$")
MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]+)[^)]*\)")


def plain(text: str) -> str:
    """HTML or Markdown as one line of text: tags and emphasis dropped, entities decoded,
    a link its text."""
    text = MARKDOWN_LINK.sub(lambda m: "" if m.group().startswith("!") else m.group(1), text)
    text = re.sub(r"<[^>]+>", " ", text)
    # (an opening star before punctuation is a mark, `</u>*, Bo Xu*`: two co-first
    # authors, not emphasis)
    text = re.sub(r"(\*{1,3}|_{2,3})([^\s,;:.!?)\]](?:.*?\S)?)\1", r"\2", text)
    return " ".join(html.unescape(text).split())


def bib_name(name: str) -> str:
    """A name as BibTeX reads it: `Hu Y` (family name, then initials) → `Hu, Y`."""
    words = name.split()
    if len(words) >= 2 and _INITIALS.match(words[-1]) and not _INITIALS.match(words[0]):
        return f"{' '.join(words[:-1])}, {words[-1]}"
    return name


def split_names(text: str) -> list[str]:
    """`A, B, and C`, `Zhu, H., Desai, K. and Wasserman, L.`, `Jin J, Hao C, Chen, Y`,
    `Veeramani, Satheeshkumar, et al.` → BibTeX names (`others` for "et al."); [] when
    the text does not read as a list of names."""
    said_and = bool(re.search(r"\s(?:and|&)\s", text))
    text = re.sub(r"\s+([*∗†‡§]+)(?=,|$)", r"\1", text)  # (`<u>Li</u>*`: the mark is Li's)
    text = re.sub(r",?\s+(?:and|&)\s+", ", ", text)
    text = re.sub(r",?\s*\bet\s+al\b\.?", ", et al.", text)
    parts = [p.strip().rstrip(".").strip() for p in text.split(",")]
    parts = [p for p in parts if p]
    et_al = bool(parts) and parts[-1] == "et al"
    names = [p for p in parts if p != "et al"]
    if len(names) == 2 and not said_and and len(names[1].split()) == 1 and not any(
            _INITIALS.match(w) for p in names for w in p.split()):
        names = [f"{names[0]}, {names[1]}"]  # `Last, First` of one author (APA, MLA)
    paired: list[str] = []
    i = 0
    while i < len(names):
        here, after = names[i], names[i + 1] if i + 1 < len(names) else ""
        if after and all(_INITIALS.match(w) for w in after.split()) and not any(
                _INITIALS.match(w) for w in here.split()):
            paired.append(f"{here}, {after}")
            i += 2
            continue
        paired.append(bib_name(here))
        i += 1
    if not paired or any(re.search(r"\d", n) or not 1 <= len(n.replace(",", " ").split()) <= 5
                         for n in paired):
        return []
    return paired + (["others"] if et_al else [])


_NAMES_END = re.compile(r"(?<=[a-z])\.\s+(?=\S)")
"""The first full stop after a word (not an initial's, `Zhu, H.`), which ends the names
before the title or the venue: `Bo Li and Ida Moss. In Proceedings of …`, `… Ida Moss.
arXiv 2020.`"""


def citation_authors(citation: str, title: str) -> list[str]:
    """The authors at the head of a formatted citation: what comes before its year in
    parentheses, its quoted title, the title itself or the full stop before its venue.
    A citation with none of these is read whole: forks write the authors alone there
    (`<u>Li Wang</u>*, Bo Xu†`), the venue and year being fields of their own; two
    names at least, so that a sentence ("See the poster PDF.") is no author."""
    text = plain(citation)
    ends = [m.start() for m in (re.search(r"\(\s*\d{4}", text), re.search(r"[\"“]", text),
                                _NAMES_END.search(text)) if m]
    if title and title.casefold() in text.casefold():
        ends.append(text.casefold().index(title.casefold()))
    if not ends:
        names = split_names(text.strip(" .,:;"))
        return names if len(names) >= 2 else []
    if min(ends) == 0:
        return []
    names = split_names(text[:min(ends)].strip(" .,:;"))
    stop = _NAMES_END.search(text)
    if stop is not None and stop.start() == min(ends) and not all(
            name.replace(",", " ").split()[-1][:1].isupper() for name in names
            if name != "others"):
        return []  # (a sentence, "See the poster. Slides too.", is no names)
    return names


def citation_numbers(citation: str) -> dict[str, str]:
    """Volume, number and pages after the venue of a citation: `<i>J</i>. 66(1): 1-9.`"""
    found = re.search(r"</i>\s*[.,]?\s*(\d+)\s*(?:\((\w+)\))?\s*(?:[:,]\s*(?:pp?\.\s*)?"
                      r"(\d+(?:\s*[-–]+\s*\d+)?))?", html.unescape(citation))
    if not found:
        return {}
    values = {"volume": found.group(1), "number": found.group(2) or "",
              "pages": re.sub(r"\s*[-–]+\s*", "--", found.group(3) or "")}
    return {k: v for k, v in values.items() if v}


_MARKED = re.compile(r"<(b|strong|u)>\s*([^<]+?)\s*</\1>|\*\*([^*]+?)\*\*")


def marked_names(citation: str) -> list[str]:
    """The names set in bold or underlined in a citation (`Hu Y and <b>Chen Y</b>`,
    `<u>Zirui Wang</u>*`): the owner marking themselves, as the old page showed it; not
    the venue (`<b>Journal of Finance</b>, 2015`), which reads as no name."""
    found = []
    for match in _MARKED.finditer(citation):
        text = plain(match.group(2) or match.group(3) or "").strip(" *∗†‡§,.")
        if split_names(text) and not re.search(r"\b(?:journal|proceedings|conference|"
                                               r"review|letters|transactions)\b", text, re.I):
            found.append(text)
    return found
