"""Files a build produces, before the writer puts them on disk, and all a build knows
just before it writes (`CheckInput`, what the check stage is given)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.model.academic import Bibliography, Talk
from lanting.model.config import Config
from lanting.model.content import Discovery, Document
from lanting.model.markdown import LinkRef, RenderedMarkdown
from lanting.model.problem import Problem
from lanting.model.site import Routes, Site

ALL_PAGES = "*"
"""In `Reads.pages`: every page of the site (the file read a whole collection)."""


CallKey = tuple[str, tuple[Any, ...]]
"""A recorded call: (function, arguments), as `Reads.calls` holds them."""


@dataclass(slots=True)
class Reads:
    """What one output file read of the site model while its templates ran, besides its
    own page (`render.recording` records it, and validates it against the next model)."""

    own: str | None = None
    """URL of the page the file shows, which it depends on whole."""
    names: set[str] = field(default_factory=set)
    """Attributes read on other pages."""
    pages: set[str] = field(default_factory=set)
    """URLs of the other pages read (`ALL_PAGES`: any page)."""
    site: set[str] = field(default_factory=set)
    """Attributes of the site read (its collections: posts, years, tags, …)."""
    calls: set[CallKey] = field(default_factory=set)
    """(function, arguments) of each call recorded, pages and terms as `("page", URL)`
    and `("term", URL)`."""
    opaque: bool = False
    """A call got an argument that no later model can be asked again (not a page, a term
    or a plain value): the file cannot be validated and is always rendered again."""
    answer: str = field(default="", compare=False)
    """What the reads gave in the model the file was made or last kept with (the digest
    `ModelIndex.digest` gives): kept again as it is when none of them changed since."""
    _ordered: Any = field(default=None, compare=False, repr=False)

    def share(self, known: dict[Any, Any]) -> None:
        """Make the strings and calls of this record the same objects as those of the
        other records given the same `known` (equal ones: one object each). Records are
        kept pickled (`build.freshness`), and a pickle writes an object it has written
        once as a reference: half the bytes at 4,000 posts, read back faster."""
        self.names = {known.setdefault(n, n) for n in self.names}
        self.pages = {known.setdefault(p, p) for p in self.pages}
        self.site = {known.setdefault(s, s) for s in self.site}
        self.calls = {known.setdefault(c, c) for c in self.calls}

    def ordered(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...],
                               tuple[CallKey, ...]]:
        """(site, names, pages, calls), each sorted: what a digest goes through, worked
        out once (a record is not changed after its file is made)."""
        if self._ordered is None:
            self._ordered = (tuple(sorted(self.site)), tuple(sorted(self.names)),
                             tuple(sorted(self.pages)),
                             tuple(sorted(self.calls, key=repr)))
        return self._ordered  # type: ignore[no-any-return]

    def touches(self, url: str, changed: Iterable[str]) -> bool:
        """Whether the file read any of the attributes `changed` of the page at `url`:
        its own page (whole), a call given that page, or one of those attributes of it.
        (What calls answer of other pages — URLs, series, term addresses — does not
        change unless a page's address, date, tags or series do; the caller checks.)"""
        if url == self.own or any(("page", url) in args for _, args in self.calls):
            return True
        if url in self.pages or ALL_PAGES in self.pages:
            return any(name in self.names for name in changed)
        return False


@dataclass(frozen=True, slots=True)
class Answers:
    """What one site model answered to the reads of its files, part by part (digests,
    and the calls' answers themselves): the next build's model compares its own answers
    with these to find what changed between the two, and keeps a file none of whose
    reads changed without going through its record (`ModelIndex.unchanged`)."""

    own: dict[str, str]
    """Page URL -> the page's whole digest, for every page of the model."""
    calls: dict[CallKey, Any]
    """Each call the files recorded -> what it answered (`render.recording.identity`:
    pages as their URLs)."""
    site: dict[str, str]
    """Each site attribute the files read -> its digest."""
    order: tuple[str, ...]
    """The pages' URLs in the order a read of every page goes through them."""
    listed: dict[tuple[str, ...], dict[str, str]]
    """For each set of attributes (sorted) a file read of every page: page URL -> the
    digest of those attributes of the page."""


@dataclass(frozen=True, slots=True)
class Readers:
    """Which recorded output files read which page: what an edit of a page touches
    (`Reads.touches`), found without going through every file of a big site (`lanting
    serve`'s quick path asks it before it shows the edited page). Built once per full
    build; a quick update makes a new one with the files it rendered again."""

    whole: dict[str, set[str]]
    """Page URL -> files that depend on it whole (their own page, or a call given it)."""
    named: dict[str, dict[str, frozenset[str]]]
    """Page URL -> file -> the attributes it read of pages (it read that page)."""
    any_page: dict[str, frozenset[str]]
    """File -> the attributes it read of pages, for files that read any page."""
    by_file: dict[str, Reads]
    """File -> its record (what `updated` takes out again)."""

    @classmethod
    def of(cls, files: Iterable[OutputFile]) -> Readers:
        return cls({}, {}, {}, {}).updated(files)

    def updated(self, files: Iterable[OutputFile]) -> Readers:
        """This index with the records of `files` in place of those their paths had
        (this one is left as it was: what it shares with the new one is copied before
        it changes)."""
        whole, named = dict(self.whole), dict(self.named)
        any_page, by_file = dict(self.any_page), dict(self.by_file)
        own_whole: set[str] = set()
        own_named: set[str] = set()

        def whole_of(url: str) -> set[str]:
            if url not in own_whole:
                own_whole.add(url)
                whole[url] = set(whole.get(url, ()))
            return whole[url]

        def named_of(url: str) -> dict[str, frozenset[str]]:
            if url not in own_named:
                own_named.add(url)
                named[url] = dict(named.get(url, {}))
            return named[url]

        for f in files:
            old = by_file.pop(f.path, None)
            if old is not None:
                for url in _whole_urls(old):
                    whole_of(url).discard(f.path)
                for url in old.pages - {ALL_PAGES}:
                    named_of(url).pop(f.path, None)
                any_page.pop(f.path, None)
            reads = f.reads
            if reads is None:
                continue
            by_file[f.path] = reads
            for url in _whole_urls(reads):
                whole_of(url).add(f.path)
            names = frozenset(reads.names)
            for url in reads.pages - {ALL_PAGES}:
                named_of(url)[f.path] = names
            if ALL_PAGES in reads.pages:
                any_page[f.path] = names
        return Readers(whole, named, any_page, by_file)

    def touched(self, url: str, changed: Iterable[str]) -> set[str]:
        """The files whose `Reads.touches(url, changed)`."""
        changed = frozenset(changed)
        found = set(self.whole.get(url, ()))
        for readers in (self.named.get(url, {}), self.any_page):
            found.update(path for path, names in readers.items() if names & changed)
        return found


def _whole_urls(reads: Reads) -> set[str]:
    urls = {arg[1] for _, args in reads.calls for arg in args
            if type(arg) is tuple and len(arg) == 2 and arg[0] == "page"}
    if reads.own is not None:
        urls.add(reads.own)
    return urls


@dataclass(frozen=True, slots=True)
class SearchRecord:
    """What one page gives the search index (`render.search_record`)."""

    url: str
    """Relative to the site root (`posts/x/`)."""
    title: str
    kind: str
    """post, page, talk or publication."""
    date: str
    """ISO date, or empty."""
    lang: str
    group: str
    """The same text in other languages shares it (the x-default URL); or empty."""
    tags: tuple[str, ...]
    text: str
    """The page's own text, one block per line, formulas as text."""
    length: int
    """How many terms the text has."""
    buckets: bytes
    """The buckets it has terms in, in order (one byte each: `BUCKETS` is 256)."""
    terms: str
    """Its terms, bucket by bucket ("term term:3 …"), a line per bucket of `buckets`.
    (Two objects, not a tuple of pairs: a page has some 200 buckets, and a big site's
    pages wait in memory, and cross from the workers, with them.)"""
    text_fingerprint: str = ""
    """Set when the worker that made the page staged its text file already
    (`output.search_files.stage_text`): `text` is then empty."""

    def by_bucket(self) -> Iterator[tuple[int, str]]:
        """(bucket, "term term:3 …") in bucket order."""
        return terms_by_bucket(self.buckets, self.terms)


def terms_by_bucket(buckets: bytes, terms: str) -> Iterator[tuple[int, str]]:
    """(bucket, "term term:3 …") of `SearchRecord.buckets` and `.terms`, in order."""
    return zip(buckets, terms.split("\n") if buckets else (), strict=True)


@dataclass(frozen=True, slots=True)
class Made:
    """What rendering one file gives: its bytes, its fingerprint, what it read and what
    it gives the search index."""

    data: bytes | None
    """None: put in the staging folder by the worker that made it (`materialize`'s
    `stage`, which `lanting build` gives)."""
    fingerprint: str
    reads: Reads | None = None
    search: SearchRecord | None = None


@dataclass(frozen=True, slots=True)
class OutputFile:
    path: str
    """Relative to the output folder, POSIX separators."""
    data: bytes | None
    """None: the page's inputs are those of the previous build; keep that file (unless
    `staged`)."""
    fingerprint: str = ""
    """Digest of everything the file was made from (empty for files not tracked)."""
    make: Callable[[], Made | bytes] | None = field(default=None, compare=False, repr=False)
    """Makes the file, for one still to be rendered (`materialize` runs these, in
    worker processes on a big build)."""
    reads: Reads | None = field(default=None, compare=False, repr=False)
    """What the file read of the site model (for the next build's fingerprint)."""
    search: SearchRecord | None = field(default=None, compare=False, repr=False)
    """What a page rendered by this build gives the search index (None: not rendered
    now, or not searchable)."""
    staged: bool = False
    """Made by this build and in the staging folder already (`output.write.Staging`), so
    `data` is None: its bytes are read back from there, not held in memory."""

    @property
    def pending(self) -> bool:
        return self.data is None and self.make is not None


@dataclass(frozen=True, slots=True)
class SitemapEntry:
    url: str
    lastmod: dt.datetime | None
    alternates: tuple[tuple[str, str], ...] = ()
    """(hreflang, URL) of each language version, `x-default` last; empty if it has none."""


@dataclass(frozen=True, slots=True)
class Copy:
    """A file copied unchanged into the output."""

    source: Path
    path: str


@dataclass(frozen=True, slots=True)
class SearchIndex:
    files: tuple[OutputFile, ...]
    """Under `search-index/`; empty when no page opted in."""
    pages: int
    """How many pages were indexed."""
    warnings: tuple[Problem, ...] = ()


@dataclass(frozen=True, slots=True)
class ThirdPartyHost:
    """A host other than the site's own that its pages make a reader's browser contact
    (`lanting check --region`)."""

    host: str
    pages: int
    """How many output files contact it."""
    first_page: str
    """The first of them (output path), to look at."""
    on_demand: bool
    """Only when the reader asks (comments, videos), never as a page loads."""


@dataclass(frozen=True, slots=True)
class CheckInput:
    """Everything a build knows just before it writes."""

    site_dir: Path
    config: Config
    documents: tuple[Document, ...]
    """The documents of this build."""
    drafts: tuple[Document, ...]
    """Drafts this build leaves out (links to them are broken once published)."""
    rendered: dict[str, RenderedMarkdown]
    routes: Routes
    site: Site
    files: tuple[OutputFile, ...]
    """Every generated output file (pages, feeds, theme assets, notebook images)."""
    copies: tuple[Copy, ...]
    """Static files and content assets copied as they are."""
    discovery: Discovery
    external: bool = False
    """Also ask every http(s) link's server (slow; off by default)."""
    read_previous: Callable[[str], bytes | None] = lambda path: None
    """The previous build's copy of an output file that was not rendered again."""
    talks: tuple[Talk, ...] = ()
    """Talks, whose slides and notes have links too."""
    news: tuple[tuple[Document, tuple[LinkRef, ...]], ...] = ()
    """Each home page with the links of its news items."""
    bibliography: Bibliography | None = None
