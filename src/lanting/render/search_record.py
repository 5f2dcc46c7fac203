"""What one rendered page gives the search index: its text, its facts and its terms.

Made right after the page is rendered, in the worker that rendered it, so that reading
the text of a thousand pages runs in parallel and a page that is not rendered again is
not read again either (stage 11 patches the previous index instead).

A page opts in with `data-search-body` on the element holding its own content; inside,
`data-search-meta` carries its facts as JSON (title, date, kind, …, see `_search.html`)
and `data-search-ignore` marks what is not its text. The theme's own repeating parts
(`THEME_EXCLUDES`) and the site's `[search] exclude` selectors are left out too.

Terms are what both this module and the reader's script (`search-index.js`) cut text
into, by the same rules, so a query finds every page that contains it:
- the text is NFKC-normalised and lower-cased;
- a run of letters or digits of other scripts is one term (`pipeline`, `h100`, `π`), and
  a camel-case word also gives its parts (`FlashAttention`: `flash`, `attention`);
- a run of Chinese, Japanese or Korean characters gives every pair of neighbours
  (`显存占用`: `显存`, `存占`, `占用`) and its last character alone (`用`): any two or
  more characters of it are found as the pairs they contain, one character as the start
  of a pair or a lone last character.
Each term falls into one of `BUCKETS` buckets by a hash of its first character (CJK) or
first two (other scripts), so that a prefix (`pipel`) names the bucket of every term it
can complete.
"""

from __future__ import annotations

import html as html_lib
import json
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from operator import add

from selectolax.lexbor import LexborHTMLParser

from lanting.markdown.mathtext import mathml_text
from lanting.model.output import SearchRecord

BODY = "data-search-body"
META = "data-search-meta"
IGNORE = "data-search-ignore"

THEME_EXCLUDES = (
    ".toc", ".series-box", ".post-nav", ".sidenote", ".footnote-backref", ".copy-button",
    ".post-meta", ".translations", ".eyebrow", ".post-title", ".tag-list",
)
"""Parts of the theme's pages that repeat other text (the title and tags, which the
index has from the page's facts; the TOC repeats the headings, side notes repeat the
footnotes, the series box and post navigation list other posts) or read badly as text
(dates, reading time, the section name above a title)."""

_ALWAYS_OUT = f"[{IGNORE}], [{META}], script, style, template, noscript, .katex-html"
"""(`.katex-html`: the hidden half of a formula KaTeX rendered before it reached the page,
style.css; its MathML half is read as Lanting's formulas are)"""

BUCKETS = 256
"""Buckets of terms; an index file holds a contiguous range of them."""

TITLE_WEIGHT = 5
TAG_WEIGHT = 3
"""A term in the title counts as this many in the text (in a tag, `TAG_WEIGHT`)."""

_CJK = ("\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
        "\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f")
_HUMP = re.compile(r"[a-z][A-Z]")
"""A lower-case letter followed by a capital: the word around it is camel-case."""
_WORD_REST = re.compile(r"[^\W_]*")
_CAMEL_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")

_BLOCK = re.compile(
    r"<(?:/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|fieldset|"
    r"figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|"
    r"table|tbody|td|tfoot|th|thead|tr|ul)\b)[^>]*>")
_MATH = re.compile(r"<math\b.*?</math>", re.S)
_TAG = re.compile(r"<[^>]*>")
_SPACES = re.compile(r"[^\S\n]+")
_LINES = re.compile(r" \n\s*|\n\s+")
"""A line break with spaces around it (a bare one is not matched: replacing the many
bare line breaks by themselves was most of this pattern's work)."""
_BEFORE_PUNCTUATION = re.compile(
    r" (?:(?=[，。、；：！？）」』】])|(?<=[，。、；：！？（「『【] ))")
"""The space a formula's text leaves next to the Chinese punctuation around it (written
to start with the space, so that only spaces are tried)."""


def normalize(text: str) -> str:
    """The form both the index and a query are cut into terms from."""
    return nfkc(text).lower()


_WIDE_PUNCTUATION = (("\uff0c", ","), ("\uff1a", ":"), ("\uff1b", ";"), ("\uff08", "("),
                     ("\uff09", ")"), ("\uff01", "!"), ("\uff1f", "?"))
"""Full-width punctuation that NFKC makes ASCII (`，` is `,`): nearly every line of
Chinese text has some, so nearly every line would be normalised in full for them."""


def nfkc(text: str) -> str:
    """`unicodedata.normalize("NFKC", text)`, computed only where it changes something.
    Normalising costs as much as all the rest of cutting a page into terms, yet in
    Chinese text it mostly turns full-width commas and colons into ASCII ones. Why the
    result is the same: a character replaced by its own compatibility decomposition
    (one ASCII character here) leaves the string's NFKC as it was, and a line break
    neither combines nor reorders with anything, so lines normalise apart."""
    for wide, narrow in _WIDE_PUNCTUATION:
        if wide in text:
            text = text.replace(wide, narrow)
    if unicodedata.is_normalized("NFKC", text):
        return text
    is_normalized, normalize_ = unicodedata.is_normalized, unicodedata.normalize
    return "\n".join([line if is_normalized("NFKC", line) else normalize_("NFKC", line)
                      for line in text.split("\n")])


_WORDS = re.compile(f"[^\\W_{_CJK}]+")
_CJK_RUNS = re.compile(f"[{_CJK}]+")
_CJK_SPACED_RUNS = re.compile(f"[{_CJK}](?:[^\\S\n]*[{_CJK}])*")
"""A run of CJK characters, with the spaces between two of them on one line (`[那篇](x.md)
的`, a line break of the source): a reader does not see a word break there, and the
script's check of a result ignores them too, so the pairs run across them."""


def _terms(text: str) -> tuple[Counter[str], Counter[str]]:
    """The words and the CJK terms of `text`, counted (apart: their buckets are chosen
    by different keys). This runs over every page of a site: each kind of term is found
    by one regular expression over the whole text, and the pairs of a run are made by
    `map` rather than a loop in Python."""
    normal_case = nfkc(text)
    normal = normal_case.lower()
    words = Counter(_WORDS.findall(normal))
    for found in camel_case_words(normal_case):
        words.update(part.lower() for part in _CAMEL_PART.findall(found))
    runs = [run if run.isalnum() else _SPACES.sub("", run)
            for run in _CJK_SPACED_RUNS.findall(normal)]
    pairs: list[str] = []
    for run in runs:
        pairs += map(add, run, run[1:])
    cjk = Counter(pairs)
    cjk.update(run[-1] for run in runs)
    return words, cjk


def camel_case_words(text: str) -> list[str]:
    """Each word (a run of letters and digits, CJK included: `str.isalnum`) of `text` that
    has a lower-case letter followed by a capital, in order. Found from its humps rather
    than by one regular expression over every word: most words have none."""
    found: list[str] = []
    end = 0
    for hump in _HUMP.finditer(text):
        at = hump.start()
        if at < end:
            continue  # a second hump of the word just found
        start = at
        while start and text[start - 1].isalnum():
            start -= 1
        match = _WORD_REST.match(text, at)
        end = match.end() if match else at
        found.append(text[start:end])
    return found


def terms(text: str) -> Counter[str]:
    """The terms of `text` and how often each occurs."""
    words, cjk = _terms(text)
    words.update(cjk)
    return words


def is_cjk(term: str) -> bool:
    # (Not a pattern of its own: every pattern with the CJK class is slow to compile.)
    return _CJK_RUNS.match(term) is not None


def bucket_key(term: str) -> str:
    """The part of a term its bucket is chosen by."""
    return term[:1] if is_cjk(term) else term[:2]


def _hash_bucket(key: str) -> int:
    """FNV-1a over the code points of a bucket key, then MurmurHash3's finaliser (the
    script computes the same)."""
    h = 0x811C9DC5
    for char in key:
        h = ((h ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & 0xFFFFFFFF
    h ^= h >> 16
    return h % BUCKETS


_KEY_BUCKETS: dict[str, int] = {}


def _bucket_of_key(key: str) -> int:
    found = _KEY_BUCKETS.get(key)
    if found is None:
        found = _KEY_BUCKETS[key] = _hash_bucket(key)
    return found


def bucket(term: str) -> int:
    """The bucket of a term."""
    return _bucket_of_key(bucket_key(term))


def encode_terms(words: dict[str, int], cjk: dict[str, int]) -> tuple[bytes, str]:
    """The terms by bucket: the buckets in order, and a line "term term:3 …" for each,
    its entries sorted, the count written only when it is not 1 (`SearchRecord.buckets`
    and `.terms`). (A page has a thousand terms or more: each entry is written as its
    term is put in its bucket, the bucket of a key looked up inline and hashed only the
    first time it is seen; sorting the written entries rather than the terms spares a
    second pass over every term.)"""
    known = _KEY_BUCKETS
    by_bucket: defaultdict[int, list[str]] = defaultdict(list)
    for terms_, key_length in ((words, 2), (cjk, 1)):
        for term, count in terms_.items():
            key = term[:key_length]
            found = known.get(key)
            if found is None:
                found = known[key] = _hash_bucket(key)
            by_bucket[found].append(term if count == 1 else f"{term}:{count}")
    order = sorted(by_bucket)
    return bytes(order), "\n".join([" ".join(sorted(by_bucket[b])) for b in order])


def page_text(body_html: str) -> str:
    """The text of an HTML fragment: blocks on lines of their own, formulas as text."""
    # Escaped: the tags are stripped after (`a<b` in a formula is not the start of one).
    text = _MATH.sub(lambda m: f" {html_lib.escape(mathml_text(m.group(0)))} ", body_html)
    text = html_lib.unescape(_TAG.sub("", _BLOCK.sub("\n", text)))
    return _BEFORE_PUNCTUATION.sub("", _LINES.sub("\n", _SPACES.sub(" ", text))).strip()


def _facts(raw: str | None) -> dict[str, object]:
    try:
        facts = json.loads(raw or "{}")
    except ValueError:
        return {}
    return facts if isinstance(facts, dict) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


_ROBOTS = re.compile(r"""<meta\s[^>]*\bname=["']?robots\b[^>]*>""", re.I)


def _asks_noindex(head: str) -> bool:
    """The page asks search engines to leave it out (an unlisted post): so does the site's
    own search."""
    return any("noindex" in m.group().lower() for m in _ROBOTS.finditer(head))


def search_record(page_html: str, url: str, exclude: Iterable[str] = ()) -> SearchRecord | None:
    """The record of a rendered page at `url` (relative to the site root), or None when
    the page does not opt in (or is marked `noindex`)."""
    at = page_html.find(BODY)
    if at < 0 or _asks_noindex(page_html[:at]):
        return None
    # Parsed from the tag that opts in: the head and header are a fifth of the parsing.
    body = LexborHTMLParser(page_html[page_html.rfind("<", 0, at):]).css_first(f"[{BODY}]")
    if body is None:
        return None
    meta = body.css_first(f"[{META}]")
    facts = _facts(meta.attributes.get(META) if meta is not None else None)
    for node in body.css(", ".join((_ALWAYS_OUT, *THEME_EXCLUDES, *exclude))):
        node.decompose()
    text = page_text(body.html or "")
    title = _str(facts.get("title"))
    raw_tags = facts.get("tags")
    tags = tuple(t for t in raw_tags if isinstance(t, str)) if isinstance(raw_tags, list) else ()
    length, buckets, terms_ = index_terms(text, title or url, tags)
    return SearchRecord(
        url=url, title=title or url, kind=_str(facts.get("kind")) or "page",
        date=_str(facts.get("date")), lang=_str(facts.get("lang")),
        group=_str(facts.get("group")), tags=tags, text=text, length=length,
        buckets=buckets, terms=terms_)


def index_terms(text: str, title: str, tags: Iterable[str]) -> tuple[int, bytes, str]:
    """A page's length in terms and its terms by bucket (`encode_terms`), the title's and
    tags' terms weighted. (Also how a later build recomputes what an earlier one indexed
    from the text file it wrote, to patch only the term files an edit changes.)"""
    words, cjk = _terms(text)
    length = sum(words.values()) + sum(cjk.values())
    for extra, weight in ((title, TITLE_WEIGHT), *((tag, TAG_WEIGHT) for tag in tags)):
        more_words, more_cjk = _terms(extra)
        for term, n in more_words.items():
            words[term] += n * weight
        for term, n in more_cjk.items():
            cjk[term] += n * weight
    return length, *encode_terms(words, cjk)
