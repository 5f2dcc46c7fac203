"""A homepage theme's publications kept as data: minimal-light's `_data/publications.yml`,
whose `main:` list (`title`, `authors` with the owner in `<strong>`, `conference`,
`conference_short`, `pdf`, `code`, `page`, `image`, `notes`, any other link) its
`_includes/publications.md` loop showed on the home page. They become the entries of
`content/publications.bib`: Lanting lists them at /publications/ and its home page
shows the selected ones (all of them, as the old home page did). A lab site's list of
papers (by year: `- year: 2025` / `items:`, each with `authors`, `venue` and `links:`
of a `label` and a `url`), which its own page showed, is read too, none selected; so is
the list a lab-website template's citation script wrote, `_data/citations.yaml` (`id:
doi:…`, `authors` a list, `publisher`, `date`, `link`, `buttons`, `group: featured`
selected)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from lanting.content.bibliography import PREPRINT_DOI, PREPRINT_SERVER
from lanting.importer.bibtex import ET_AL, BibEntry
from lanting.importer.common import read_text
from lanting.importer.site import slug_of
from lanting.importer.text import load_list, load_mapping

DATA_FILES = ("_data/publications.yml", "_data/publist.yml", "_data/citations.yaml",
              "_data/citations.yml")
"""minimal-light's and a lab site's file, then the lab-website templates' (`publist`, an
older one's; `citations`, the one its `_cite/` script writes)."""
CITED = ("_data/citations.yaml", "_data/citations.yml")
"""The list the lab-website template's citation script wrote (from ORCID, a paper may
come without its authors, or with nothing but its id)."""
_FIELDS = {"conference_short": "abbr", "pdf": "pdf", "code": "code", "page": "website",
           "project": "website", "image": "preview", "video": "video", "slides": "slides",
           "arxiv": "arxiv", "doi": "doi", "bibtex": "bibtex"}
"""minimal-light's keys → the field of the same meaning Lanting shows as a button."""
_LABELS = {"paper": "pdf", "pdf": "pdf", "website": "page", "project_page": "page",
           "homepage": "page", "github": "code", "repository": "code", "source": "code"}
"""A `links:` label → the key of the same meaning above (`Paper` → `pdf`)."""
_CITE_KEYS = ("id", "publisher", "date", "type", "tags", "buttons", "repo", "group",
              "plugin", "file", "orcid", "remove")
"""Keys of the citation script's entries read above, or its own bookkeeping."""
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_ADDRESS = re.compile(r"[a-z][\w+.-]*:|/|#")
"""A link that is an address of its own (`https:`, `mailto:`, `/papers/`, `#top`)."""
_PROCEEDINGS = re.compile(r"\b(?:proc\.|proceedings|conference|symposium|workshop|"
                          r"meeting|congress)\b")
"""A venue of a conference's proceedings (the citation script's `publisher`)."""
_VENUE_FIELD = {"article": "journal", "inproceedings": "booktitle", "book": "publisher"}
_AUTHORS_SEP = re.compile(r",|\band\b|(?<!\S)&(?:amp;)?(?!\S)")
"""What parts the names of a list of authors written as text (`A, B, and C`; APA's
`A, B, & C`)."""
_STRONG = re.compile(r"<(?:strong|b)>(.*?)</(?:strong|b)>|\*\*(.*?)\*\*", re.I)


def data_file(source: Path) -> str | None:
    """The site's data file of papers, if any (`_data/publications.yml`)."""
    return next((name for name in DATA_FILES if (source / name).is_file()), None)


def lists_data(text: str, name: str) -> bool:
    """Whether a page's `text` lists the papers of the data file `name`: the newer lab
    template's `{% include list.html data="citations" %}`, an older one's loop over the
    file, `{% for publi in site.data.publist %}` (the page was the list of them)."""
    stem = Path(name).stem
    return bool(re.search(r"\bdata\s*=\s*[\"']citations[\"']", text) or stem and re.search(
        r"\{%-?\s*for\s+\w+\s+in\s+site\.data\." + re.escape(stem) + r"\b", text))


def data_publications(source: Path) -> tuple[list[BibEntry], set[str], bool]:
    """The entries of the site's `_data/publications.yml` (its `main:` list, or a list
    of its own) or `_data/publist.yml`, the author names written in bold (the owner, as
    they marked themselves), and whether the old home page showed them all (`main:`).
    ([], set(), False) when the file is not a list of papers."""
    name = data_file(source)
    if name is None:
        return [], set(), False
    path = source / name
    data, _error = load_mapping("yaml", read_text(path))
    papers = data.get("main") if data else _grouped(load_list(read_text(path)))
    on_home = bool(data)  # (minimal-light's `main:`; a lab's list had its own page)
    if name in CITED and isinstance(papers, list):  # (the script's own list: a paper it
        # found no title for is skipped, `untitled` counts them; one without authors kept)
        papers = [p for p in papers if isinstance(p, dict) and p.get("title")]
    if not isinstance(papers, list) or not papers or not all(
            isinstance(p, dict) and p.get("title") and (p.get("authors") or name in CITED)
            for p in papers):
        return [], set(), False
    entries: list[BibEntry] = []
    bold: set[str] = set()
    keys: set[str] = set()
    kinds = link_types(source)
    for paper in papers:
        entry = _entry(paper, keys, bold, kinds, name in CITED)
        if entry.value("preview"):
            entry.set("preview", _image_path(source, entry.value("preview")))
        if on_home:
            entry.set("selected", "true")
        keys.add(entry.key)
        entries.append(entry)
    return entries, bold, on_home


def link_types(source: Path) -> dict[str, dict[str, Any]]:
    """The lab-website template's `_data/types.yaml`: each type of link (`github`,
    `email`) with its `text` and its `link` pattern (`https://github.com/$VALUE`)."""
    types = next((p for p in (source / "_data" / "types.yaml", source / "_data" / "types.yml")
                  if p.is_file()), None)
    found = load_mapping("yaml", read_text(types))[0] if types is not None else {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, dict)}


def typed_link(link: str, kind: dict[str, Any]) -> str:
    """A button's `link` put into its type's pattern when it is no address of its own:
    `type: github` / `link: lab/repo` is `https://github.com/lab/repo` (the template's
    buttons and its papers' `buttons:` alike)."""
    pattern = str(kind.get("link") or "")
    if link and "$VALUE" in pattern and not _ADDRESS.match(link):
        return pattern.replace("$VALUE", link)
    return link


def untitled(source: Path) -> int:
    """How many papers of the citation script's list have no title (left out)."""
    name = data_file(source)
    papers = load_list(read_text(source / name)) if name in CITED else []
    return sum(isinstance(p, dict) and not p.get("title") for p in papers)


def _grouped(papers: list[Any]) -> list[Any]:
    """A lab site's list of years, each with its papers (`- year: 2025` / `items:`), as
    one list of papers, each given its group's year; a plain list as it is."""
    if not papers or not all(isinstance(g, dict) and isinstance(
            g.get("items", g.get("papers", g.get("publications"))), list) for g in papers):
        return papers
    flat = []
    for group in papers:
        for paper in group.get("items", group.get("papers", group.get("publications"))):
            if isinstance(paper, dict) and group.get("year") and not paper.get("year"):
                paper = {**paper, "year": group["year"]}
            flat.append(paper)
    return flat


def _image_path(source: Path, name: str) -> str:
    """A paper's image as a path of the site: a bare file name (the lab-website
    template's `image: sc.jpg`, which its loop put under `/images/pubpic/`) is the file
    there, else the one file of that name the site holds; else as written (a missing
    file: the build names it)."""
    if name.startswith(("http://", "https://")) or (source / name.lstrip("/")).is_file():
        return name if name.startswith(("/", "http")) else "/" + name
    if "/" not in name and (source / "images" / "pubpic" / name).is_file():
        return f"/images/pubpic/{name}"  # (a picture of the same name elsewhere too)
    found = [p for p in source.rglob(Path(name).name) if p.is_file()
             and not p.relative_to(source).parts[0].startswith(("_", "."))]
    return "/" + found[0].relative_to(source).as_posix() if len(found) == 1 else name


def _plain(value: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", str(value))).split())


def _named_links(links: Any, kinds: dict[str, dict[str, Any]]
                 ) -> list[tuple[str, Any]]:
    """A paper's `links:` list (`- label: Paper` / `url: …`) as keys of the paper:
    each link's label, lower case (`paper`, `code`), its URL the value (a `type`'s
    pattern of `kinds` filled in)."""
    found: list[tuple[str, Any]] = []
    for link in links if isinstance(links, list) else []:
        url = link.get("url") or link.get("link") if isinstance(link, dict) else None
        if not url:
            continue
        if isinstance(url, str) and isinstance(link.get("type"), str):
            url = typed_link(url.strip(), kinds.get(link["type"], {}))
        label = str(link.get("label") or link.get("name") or link.get("title")
                    or link.get("type") or link.get("text") or "link")
        name = label.strip().lower().replace(" ", "_")
        found.append((_LABELS.get(name, name), url))
    return found


def _author(name: Any) -> str:
    """A name as BibTeX writes it: out of its emphasis (`**Ida Moss**`), a Markdown-escaped
    co-first mark (`Ida Moss\\*`, which the citations' list showed as a star) the `*`
    Lanting reads so; the lone backslash had ended the entry's braces."""
    plain = _plain(name)
    bolded = re.fullmatch(r"(\*\*?)([^*].*?)\1", plain)
    return re.sub(r"\\([*+])", r"\1", bolded.group(2) if bolded else plain).strip()


def _kind(venue: str, paper_id: str, cited: bool) -> str:
    """The BibTeX type of a paper: a book for an ISBN, an article for a preprint (the
    venue names a server, or the id is a server's DOI) and, in the citation
    script's list, for any venue not of proceedings (it writes the container's title:
    mostly a journal's); else a conference paper (minimal-light's `conference`). All the
    script's papers had been conference papers."""
    lowered = venue.lower()
    if re.match(r"isbn:", paper_id, re.IGNORECASE):
        return "book"
    if PREPRINT_SERVER.search(lowered) or re.match(r"arxiv:", paper_id, re.IGNORECASE) \
            or PREPRINT_DOI.match(re.sub(r"^doi:", "", paper_id, flags=re.IGNORECASE)):
        return "article"
    return "article" if cited and venue and not _PROCEEDINGS.search(lowered) \
        else "inproceedings"


def _entry(paper: dict[str, Any], keys: set[str], bold: set[str],
           kinds: dict[str, dict[str, Any]], cited: bool = False) -> BibEntry:
    listed = paper.get("authors") or []  # (a list of names: the citation script's)
    authors_text = ", ".join(map(str, listed)) if isinstance(listed, list) else str(listed)
    bold.update(_plain(m.group(1) or m.group(2)) for m in _STRONG.finditer(authors_text))
    authors = [a for a in (_author(n) for n in (
        listed if isinstance(listed, list) else _AUTHORS_SEP.split(authors_text))) if a]
    authors = ["others" if ET_AL.match(a) else a for a in authors]
    given = paper.get("link")
    link: dict[str, Any] = given if isinstance(given, dict) else {"url": given}
    # (the lab-website template's `link: {url, display}`: the venue shown as the link)
    venue = _plain(paper.get("conference") or paper.get("venue") or paper.get("publisher")
                   or link.get("display") or "")
    year = _YEAR.findall(venue + " " + str(paper.get("year") or paper.get("date") or ""))
    kind = _kind(venue, str(paper.get("id") or ""), cited)
    title = _plain(paper["title"])
    first = authors[0].split() if authors else ["paper"]
    stem = slug_of(f"{first[-1]}{year[-1] if year else ''}"
                   f"{(re.findall(r'[A-Za-z]+', title) or ['x'])[0]}").replace("-", "")
    key, suffix = stem, "b"
    while key in keys:  # (one author's two papers of a year on one word: `wang2024b`)
        key, suffix = stem + suffix, chr(ord(suffix) + 1)
    entry = BibEntry(kind, key, {}, 1)
    entry.set("title", title)
    if authors:
        entry.set("author", " and ".join(authors))
    if venue:
        entry.set(_VENUE_FIELD[kind], venue)
    if year:
        entry.set("year", year[-1])
    if isinstance(link.get("url"), str) and link["url"].strip():
        entry.set("url", link["url"].strip())
    if paper.get("highlight") in (1, True, "1", "true") or paper.get("group") == "featured":
        entry.set("selected", "true")  # (its "Highlights" list; the citations' featured)
    found = re.match(r"(doi|arxiv|isbn):(\S+)$", str(paper.get("id") or ""), re.IGNORECASE)
    if found:  # (the citation script's id: the paper's DOI, arXiv number or ISBN)
        entry.set(found.group(1).lower(), found.group(2))
    if isinstance(paper.get("repo"), str) and re.fullmatch(r"[\w.-]+/[\w.-]+", paper["repo"]):
        entry.set("code", "https://github.com/" + paper["repo"])
    if isinstance(paper.get("description"), str) and paper["description"].strip():
        entry.set("abstract", _plain(paper["description"]))
    links = []
    for name, value in [*paper.items(), *_named_links(paper.get("links"), kinds),
                        *_named_links(paper.get("buttons"), kinds)]:
        if name in ("title", "authors", "conference", "venue", "year", "links", "link",
                    "highlight", "description", *_CITE_KEYS) or not value:
            continue
        field = _FIELDS.get(name)
        text = str(value).strip()
        if field is not None:
            entry.set(field, "/" + text.lstrip("./") if text.startswith(("./", "assets/"))
                      else text)
        elif re.match(r"https?://", text):
            links.append(f"[{name.replace('_', ' ').capitalize()}]({text})")
        else:
            links.append(_plain(text))
    if links:
        entry.set("additional_info", ". " + " · ".join(links))
    return entry
