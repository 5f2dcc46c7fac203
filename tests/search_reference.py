"""A reader of a built search index in Python: what `search-index.js` and `search.js` do,
written again from their rules, so that tests can ask hundreds of queries quickly (the
browser tests check that the script answers the same)."""

from __future__ import annotations

import json
import random
import re
import unicodedata
from functools import cache
from pathlib import Path

from htmltree import Element, parse_html

from lanting.output.search_files import INDEX_DIR
from lanting.render.search_record import BUCKETS, THEME_EXCLUDES, bucket, is_cjk

_CJK_CLASS = ("\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
              "\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f")
_TERMS = re.compile(f"([{_CJK_CLASS}]+)|([^\\W_{_CJK_CLASS}]+)")
_NEAR_CJK = re.compile(r" (?=[\u3000-\u9fff\uff00-\uffef])|(?<=[\u3000-\u9fff\uff00-\uffef]) ")


def query_terms(text: str, prefix: bool = True) -> list[tuple[str, bool]]:
    """As `queryTerms` in search-index.js."""
    out: list[tuple[str, bool]] = []
    for cjk, word in _TERMS.findall(unicodedata.normalize("NFKC", text).lower()):
        if cjk:
            if len(cjk) == 1:
                out.append((cjk, True))
            out += [(cjk[i : i + 2], False) for i in range(len(cjk) - 1)]
        else:
            out.append((word, prefix and len(word) >= 2))
    return out


def parse_query(query: str) -> tuple[list[str], list[str]]:
    """Phrases in quotes and the words outside them, as `parseQuery`."""
    phrases: list[str] = []

    def keep(match: re.Match[str]) -> str:
        if match.group(1).strip():
            phrases.append(match.group(1).strip())
        return " "

    rest = re.sub(r"[\"“”]([^\"“”]+)[\"“”]?", keep, query)
    return phrases, rest.split()


def normal(text: str) -> str:
    """As `normal` in search.js."""
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text).lower())
    return _NEAR_CJK.sub("", text)


def contains(text: str, term: str) -> bool:
    """As `contains` in search.js: as written, or a word by a long prefix."""
    if term in text:
        return True
    if any(is_cjk(c) for c in term):
        return False
    shortest = max(3, -(-len(term) * 3 // 4))
    return any(term[:end] in text for end in range(len(term) - 1, shortest - 1, -1))


class ReferenceIndex:
    def __init__(self, out: Path) -> None:
        self.folder = out / INDEX_DIR
        self.meta = json.loads((self.folder / "meta.json").read_text())
        self.rows = [json.loads((self.folder / f"{s}/docs.json").read_text())["docs"]
                     for s in range(len(self.meta["shards"]))]

    @cache  # noqa: B019 - one index per test
    def term_file(self, shard: int, file: int) -> dict[str, dict[int, int]]:
        data = json.loads((self.folder / f"{shard}/{file}.json").read_text())
        terms: dict[str, dict[int, int]] = {}
        for page, strings in zip(data["d"], data["t"], strict=True):
            for entry in strings.split(" "):
                term, _, count = entry.partition(":")
                terms.setdefault(term, {})[page] = int(count or 1)
        return terms

    def pages(self, shard: int, term: str, prefix: bool) -> set[int]:
        files = self.meta["shards"][shard][1]
        terms = self.term_file(shard, bucket(term) * files // BUCKETS)
        found = set(terms.get(term, {}))
        if prefix:
            for other, postings in terms.items():
                if other.startswith(term):
                    found |= set(postings)
        return found

    def candidates(self, query: str) -> set[str]:
        """URLs of the pages the index gives for `query` (before the text is checked)."""
        phrases, words = parse_query(query)
        wanted = [t for w in words for t in query_terms(w)]
        wanted += [t for p in phrases for t in query_terms(p, prefix=False)]
        found = set()
        for shard, rows in enumerate(self.rows):
            pages = set(range(len(rows)))
            for term, prefix in wanted:
                pages &= self.pages(shard, term, prefix)
            found |= {rows[p][0] for p in pages}
        return found

    @cache  # noqa: B019
    def text(self, url: str) -> str:
        row = next(r for rows in self.rows for r in rows if r[0] == url)
        content = json.loads((self.folder / f"text/{row[8]}.json").read_text())["text"]
        return "\n".join([normal(row[1]), *map(normal, row[6]), normal(content)])

    def search(self, query: str) -> set[str]:
        """URLs of the pages shown for `query`: candidates whose text has it."""
        phrases, words = parse_query(query)
        return {url for url in self.candidates(query)
                if all(normal(p) in self.text(url) for p in phrases)
                and all(contains(self.text(url), normal(w)) for w in words)}


# --- queries drawn from the pages, and the pages that contain them ----------------------

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_CJK_RUN = re.compile(f"[{_CJK}]{{2,}}")
_WORD = re.compile(f"[^\\W_{_CJK}]+")
_LEFT_OUT = {c.lstrip(".") for c in THEME_EXCLUDES if c.startswith(".")}
_BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "dt", "dd",
           "figcaption", "pre", "summary", "caption"}


def _text(element: Element) -> str:
    """The text of an element without formulas, scripts and what the theme leaves out."""
    parts = []
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.tag in ("math", "script", "style", "button") or _LEFT_OUT & set(
                child.classes) or "data-search-ignore" in child.attrs:
            parts.append(" ")
        else:
            parts.append(_text(child))
    return "".join(parts)


def page_blocks(html: bytes) -> list[str]:
    """The title and every block of text of a searchable page's body."""
    page = parse_html(html)
    body = page.find(attrs={"data-search-body": True})
    if body is None:
        return []
    title = page.find("h1")
    blocks = [title.text()] if title is not None else []
    for prose in body.find_all(class_="prose"):
        blocks += [_text(e) for e in prose.iter() if e.tag in _BLOCKS
                   and not any(a.tag in _BLOCKS for a in _ancestors(e, prose))]
    return [b for b in blocks if b.strip()]


def _ancestors(element: Element, stop: Element) -> list[Element]:
    found = []
    node = element.parent
    while node is not None and node is not stop:
        found.append(node)
        node = node.parent
    return found


def _words(text: str) -> set[str]:
    return set(_WORD.findall(unicodedata.normalize("NFKC", text).lower()))


def draw_queries(pages: dict[str, list[str]], rng: random.Random,
                 count: int) -> list[str]:
    """`count` queries: CJK substrings of 2–6 characters and words, drawn from the text."""
    cjk = [run for blocks in pages.values() for b in blocks for run in _CJK_RUN.findall(b)]
    words = sorted({w for blocks in pages.values() for b in blocks for w in _words(b)})
    queries = []
    for _ in range(count):
        if cjk and (not words or rng.random() < 0.6):
            run = rng.choice(cjk)
            size = rng.randint(2, min(6, len(run)))
            start = rng.randint(0, len(run) - size)
            queries.append(run[start : start + size])
        else:
            queries.append(rng.choice(words))
    return queries


def containing(pages: dict[str, list[str]], query: str) -> set[str]:
    if _CJK_RUN.fullmatch(query):
        return {url for url, blocks in pages.items()
                if any(query in normal(b) for b in blocks)}
    return {url for url, blocks in pages.items() if any(query in _words(b) for b in blocks)}


