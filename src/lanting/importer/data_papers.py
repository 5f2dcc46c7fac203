"""A JavaScript-built homepage's publications kept as data: a JSON or YAML list of papers
(`src/data/publications.json` that a Gatsby or Astro page maps over, Eleventy's
`_data/publications.yaml` that a Nunjucks loop shows), each with a `title` and its
`authors` (a list, of names or of `{name}`, or one string). They become the entries of
`content/publications.bib`, which Lanting lists at /publications/, as the old page did:

- `journal` (an article), `venue`, `conference`, `booktitle` (a paper of proceedings),
  `publisher`, `publication` the venue; `year`, or the year of `date` (`published`,
  `publicationDate`); authors in APA's one string (`Ureta, J., & Ong, E.`) each
  "Last, F.";
- `url`/`link`, `doi`, `arxiv`, `pdf`, `code` (`github`, `repo`), `slides`, `video`,
  `website` (`project`) the links Lanting shows as buttons; `abstract` (`summary`,
  `description`); `citekey` (`key`, `id`) the key; `selected` (`featured`) selected;
- other addresses are links after the venue; any other key is left out, named in a
  notice. A list whose items are not papers (no title, no authors) is not read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lanting.content.coauthors import name_key
from lanting.importer.bibtex import BibEntry, dump
from lanting.importer.common import read_text
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import load_list, load_mapping, split_front_matter

NAMES = ("publications", "papers", "pubs", "publication")
_SUFFIXES = (".json", ".yaml", ".yml")
_VENUES = ("journal", "venue", "conference", "booktitle", "publication", "publisher")
_FIELDS = {"url": "url", "link": "url", "href": "url", "doi": "doi", "arxiv": "arxiv",
           "pdf": "pdf", "code": "code", "github": "code", "repo": "code",
           "slides": "slides", "video": "video", "website": "website", "project": "website",
           "page": "website",
           "abstract": "abstract", "summary": "abstract", "description": "abstract"}
_READ = frozenset({"title", "authors", "author", "year", "date", "publicationDate",
                   "published", "citekey", "key", "id",
                   "selected", "featured", "type", *_VENUES})
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_AWARD = re.compile(r"\((oral|spotlight|highlight|best [^()]*)\)", re.IGNORECASE)
"""A distinction written after the venue, `CVPR 2024 (Oral)`."""


def papers_file(folders: Iterable[Path]) -> Path | None:
    """The first `publications.json` (`.yaml`, `.yml`; `papers`, `pubs`) of the folders."""
    return data_file(folders, NAMES)


def data_file(folders: Iterable[Path], names: Iterable[str]) -> Path | None:
    """The first file of the folders named one of `names` with a JSON or YAML suffix."""
    for folder in folders:
        for name in names:
            for suffix in _SUFFIXES:
                if (folder / (name + suffix)).is_file():
                    return folder / (name + suffix)
    return None


def data_list(path: Path, keys: tuple[str, ...]) -> list[Any]:
    """The list a JSON or YAML data file holds: the file itself, or the one list of an
    object (`{ "publications": [ … ] }`, under one of `keys`)."""
    text = read_text(path)
    if path.suffix == ".json":
        try:
            data: Any = json.loads(text)
        except ValueError:
            return []
    else:
        data = load_list(text) or load_mapping("yaml", text)[0]
    if isinstance(data, dict):
        lists = [v for k, v in data.items() if isinstance(v, list)
                 and (k in keys or len(data) == 1)]
        data = lists[0] if lists else []
    return data if isinstance(data, list) else []


_INITIALS = re.compile(r"^(?:[A-Z][a-z]?\.[ -]?)+$")
"""A part of an APA list that is a name's initials (`C. I.`), after its surname."""


def _names(value: Any) -> list[str]:
    if isinstance(value, str):
        # (`**Jinyu Xiang<sup>*</sup>**`: the owner in bold, a co-first mark Lanting reads)
        value = re.sub(r"<sup>\s*([*†#]+)\s*</sup>", r"\1", value).replace("**", "")
        value = re.sub(r"<[^>]+>", "", value)
        parts = [n.strip() for n in re.split(r",|\band\b|;|&", value) if n.strip()]
        names: list[str] = []
        for part in parts:  # (APA's `Ureta, J., Brito, C. I., & Ong, E.`: "Last, F.")
            if names and _INITIALS.match(part) and "," not in names[-1]:
                names[-1] += ", " + part
            else:
                names.append(part)
        return names
    if isinstance(value, list):  # (`- name: <strong>Ada Ode</strong>`: the owner, bold)
        return [re.sub(r"<[^>]+>", "", str(a.get("name", "")) if isinstance(a, dict)
                       else str(a)).strip() for a in value if a]
    return []


def bold_names(value: Any) -> list[str]:
    """The names of a list of authors written in bold (`<strong>Ada Ode</strong>`,
    `**Ada Ode**`): the owner's."""
    items = value if isinstance(value, list) else []
    texts = [str(a.get("name", "")) if isinstance(a, dict) else str(a) for a in items]
    return [_names(text)[0] for text in texts
            if re.search(r"<(?:strong|b)>|\*\*", text) and _names(text)]


def data_papers(path: Path) -> tuple[list[BibEntry], list[str]]:
    """The entries of a data file of papers, and the keys left out ([] when it is not a
    list of papers: every item needs a title and authors)."""
    papers = data_list(path, NAMES)
    if not papers or not all(isinstance(p, dict) and p.get("title") and
                             _names(p.get("authors", p.get("author"))) for p in papers):
        return [], []
    entries: list[BibEntry] = []
    keys: set[str] = set()
    dropped: set[str] = set()
    for paper in papers:
        entry = _entry(paper, keys, dropped)
        keys.add(entry.key)
        entries.append(entry)
    return entries, sorted(dropped)


def _entry(paper: dict[str, Any], keys: set[str], dropped: set[str]) -> BibEntry:
    authors = _names(paper.get("authors", paper.get("author")))
    venue_key = next((k for k in _VENUES if isinstance(paper.get(k), str) and paper[k]), "")
    venue = str(paper.get(venue_key, "")).strip()
    # (`BMVC 2022 <b style="color:blueviolet">(spotlight)</b>`: the paper's distinction)
    award = _AWARD.search(re.sub(r"<[^>]+>", "", venue))
    venue = " ".join(re.sub(r"<[^>]+>", "", _AWARD.sub("", re.sub(
        r"<(b|strong|span|em|i)\b[^>]*>\s*\((?:[^()<]*)\)\s*</\1>", lambda m: m.group()
        if _AWARD.search(m.group()) else "", venue))).split())
    # (`venue: CVPR 2024` over a `date` of the preprint's, in November 2023)
    years = _YEAR.findall(str(paper.get("year") or "")) or _YEAR.findall(venue) \
        or _YEAR.findall(str(paper.get("date") or paper.get("publicationDate")
                             or paper.get("published") or ""))
    if years and re.fullmatch(r"[A-Za-z-]+['’]?\s*(?:19|20)\d\d", venue) \
            and venue.endswith(years[-1]):
        venue = venue[:-4].strip(" '’")  # (an acronym and its year: the year is the year's)
    title = " ".join(str(paper["title"]).split())
    written = str(paper.get("citekey") or paper.get("key") or paper.get("id") or "")
    if re.fullmatch(r"[\w:.+-]+", written) and written not in keys:
        key = written
    else:  # (as a reference manager names it: `leong2020deepbedmap`)
        first = authors[0].split(",")[0] if "," in authors[0] else authors[0]
        stem = slug_of(f"{first.split()[-1]}{years[-1] if years else ''}"
                       f"{(re.findall(r'[A-Za-z]+', title) or ['x'])[0]}").replace("-", "")
        key, suffix = stem, "b"
        while key in keys:
            key, suffix = stem + suffix, chr(ord(suffix) + 1)
    kind = "article" if venue_key == "journal" else "inproceedings" \
        if venue_key in ("venue", "conference", "booktitle") else "misc"
    entry = BibEntry(kind, key, {}, 1)
    entry.set("title", title)
    entry.set("author", " and ".join(authors))
    if venue:
        entry.set("journal" if kind == "article" else "booktitle" if
                  kind == "inproceedings" else "howpublished", venue)
    if years:
        entry.set("year", years[-1])
    if award:
        entry.set("award", award.group(1).strip().capitalize())
    if paper.get("selected") is True or paper.get("featured") is True:
        entry.set("selected", "true")
    links: list[str] = []
    for name, value in paper.items():
        if name in _READ or value in (None, "", [], {}):
            continue
        field = _FIELDS.get(name)
        text = " ".join(str(value).split())
        if name == "paper" and isinstance(value, str):  # (PaperMod-Academics' link to it)
            field = "pdf" if text.lower().endswith(".pdf") else "url"
        if name == "cover" and isinstance(value, dict) and isinstance(value.get("image"), str):
            entry.set("preview", value["image"])  # (PaperMod's `cover: {image: imgs/x.jpg}`)
            continue
        if field is not None and isinstance(value, str):
            entry.set(field, text)
        elif isinstance(value, str) and re.match(r"https?://", text):
            links.append(f"[{name.replace('_', ' ').capitalize()}]({text})")
        else:
            dropped.add(name)
    if links:
        entry.set("additional_info", ". " + " · ".join(links))
    return entry


def import_papers(site: NewSite, report: Report, folders: Iterable[Path]) -> str:
    """The first data file of papers in `folders` as `content/publications.bib` (unless
    another reader wrote one); its name ("" when none was read)."""
    path = papers_file(folders)
    if path is None or "content/publications.bib" in site.extra:
        return ""
    entries, dropped = data_papers(path)
    if not entries:
        return ""
    site.extra["content/publications.bib"] = dump(entries)
    report.counts["publications"] += len(entries)
    report.convert(f"publications of {path.name} (content/publications.bib)", len(entries))
    if dropped:
        report.note(path, None, "keys Lanting has no place for, left out: "
                    + ", ".join(f"`{k}`" for k in dropped))
    return report.rel(path)


COLLECTIONS = frozenset({"publications", "papers", "publication", "pubs"})
"""Names of an Astro or Gatsby collection (or a Hugo section) whose entries may be
papers."""


def import_entry_papers(site: NewSite, report: Report, folder: Path,
                        files: list[Path]) -> bool:
    """A collection of papers (`src/content/publications/*.md`, Hugo PaperMod-Academics'
    `content/pubs/`, each entry's front matter a paper — `title`, `authors`, `venue`,
    `year`, `url` —, its text the abstract, in its `order`) as
    `content/publications.bib`, the names in bold highlighted: whether it was one."""
    if folder.name.lower() not in COLLECTIONS or not files or \
            "content/publications.bib" in site.extra:
        return False
    papers: list[dict[str, Any]] = []
    for file in files:
        fmt, head, body, _first = split_front_matter(read_text(file))
        data = dict(load_mapping(fmt, head)[0]) if fmt else {}
        if not data.get("title") or not _names(data.get("authors", data.get("author"))):
            return False
        if body.strip() and not data.get("abstract"):
            data["abstract"] = " ".join(body.split())
        papers.append(data)
    if all(isinstance(p.get("order"), int) for p in papers):
        papers.sort(key=lambda p: int(p["order"]))
    keys: set[str] = set()
    dropped: set[str] = {"order"}
    entries = []
    bold: list[str] = []
    for paper in papers:
        entries.append(_entry(paper, keys, dropped))
        keys.add(entries[-1].key)
        bold += [n for n in bold_names(paper.get("authors")) if n not in bold]
    site.extra["content/publications.bib"] = dump(entries)
    if bold:
        site.config.setdefault("publications", {})["highlight_names"] = bold
    links = coauthor_links(papers)
    if links and "content/coauthors.yml" not in site.extra:
        site.extra["content/coauthors.yml"] = links
        report.convert("co-authors' pages (`home`) as content/coauthors.yml")
    report.counts["publications"] += len(entries)
    report.convert(f"papers of the collection `{folder.name}` (content/publications.bib)",
                   len(entries))
    dropped.discard("order")
    if dropped:
        report.note(folder, None, "keys Lanting has no place for, left out: "
                    + ", ".join(f"`{k}`" for k in sorted(dropped)))
    return True


def coauthor_links(papers: list[dict[str, Any]]) -> str:
    """content/coauthors.yml of the co-authors' own pages, which PaperMod-Academics
    linked their names to (`authors: [{name: Bo Xu, home: https://…}]`; the owner's,
    in bold, `home: "#"`, left out): "" when none has one."""
    people: dict[str, dict[str, str]] = {}
    for paper in papers:
        authors = paper.get("authors")
        for author in authors if isinstance(authors, list) else []:
            written = str(author.get("name", "")) if isinstance(author, dict) else ""
            url = str(author.get("home") or author.get("url") or "").strip() \
                if isinstance(author, dict) else ""
            name = re.sub(r"<[^>]+>", "", written).split()
            if not name or not re.match(r"https?://", url) or bold_names([written]):
                continue
            people.setdefault(name_key(name[-1]), {}).setdefault(" ".join(name[:-1]), url)
    lines: list[str] = []
    for family, known in sorted(people.items()):
        lines.append(f"{json.dumps(family, ensure_ascii=False)}:")
        for first, url in known.items():  # (a name of one word, a Chinese one: no first)
            lines += [f"  - firstname: [{json.dumps(first, ensure_ascii=False)}]",
                      f"    url: {json.dumps(url)}"] if first else [f"  - url: {json.dumps(url)}"]
    return "\n".join(lines) + "\n" if lines else ""
