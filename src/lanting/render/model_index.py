"""Whether a file's record of reads (`render.recording`) still holds in the next build's
site model: each page's whole digest and each value read, worked out once per model, and
records validated against it (`ModelIndex.digest`), or found unchanged from what changed
since the previous model's answers (`ModelIndex.unchanged`)."""

from __future__ import annotations

import dataclasses
import hashlib
import operator
import pickle
from collections.abc import Callable, Iterable
from typing import Any

from lanting.model.output import ALL_PAGES, Answers, CallKey, Reads
from lanting.model.pages import Page, Term
from lanting.model.site import Site
from lanting.render.recording import SITE_CALLS, identity


class _Hashing:
    """A file for the pickler that writes into a hash."""

    __slots__ = ("write",)

    def __init__(self, write: Callable[[bytes], None]) -> None:
        self.write = write


def _digest(value: Any) -> str:
    """A digest of `identity`'s output (strings, numbers, None, tuples), the same in
    every process. Pickled, which is three times quicker than `repr`, without the memo:
    with it the bytes would depend on which equal strings happen to be one object."""
    if type(value) is str:  # most values read: no pickler needed (pickles start b"\x80")
        return hashlib.blake2b(b"s" + value.encode(), digest_size=16).hexdigest()
    hashed = hashlib.blake2b(digest_size=16)
    pickler = pickle.Pickler(_Hashing(hashed.update), protocol=5)
    pickler.fast = True
    pickler.dump(value)
    return hashed.hexdigest()


def _combined(parts: list[str]) -> str:
    """One digest of digests (and plain strings)."""
    return hashlib.blake2b("\x00".join(parts).encode(), digest_size=16).hexdigest()


_MISSING = object()
_PAGE_FIELDS = tuple(f.name for f in dataclasses.fields(Page))
_PAGE_VALUES = operator.attrgetter(*_PAGE_FIELDS)
"""Every field of a page, in order, in one call."""


class ModelIndex:
    """A site model, for fingerprints: each page's whole digest and each value read,
    worked out once, and records validated against the model (`digest`), or found
    unchanged from what changed since the `previous` model's answers (`unchanged`)."""

    def __init__(self, site: Site, functions: dict[str, Callable[..., Any]],
                 previous: Answers | None = None) -> None:
        self.site = site
        self.functions = functions
        """The template functions (unrecorded), to call again when validating."""
        self.previous = previous
        """What the model of the build that made the previous files answered."""
        terms = (*site.tags, *site.categories, *site.series)
        everything = (*site.posts, *site.unlisted, *site.pages,
                      *((site.home,) if site.home else ()),
                      *(t.page for t in terms if t.page is not None))  # their own texts
        self.pages: dict[str, Page] = {p.url: p for p in everything}
        self.order = tuple(p.url for p in everything)
        self.terms: dict[str, Term] = {t.url: t for t in terms}
        self._values: dict[tuple[str, str], str] = {}
        self._all: dict[tuple[str, ...], str] = {}
        self._site: dict[str, str] = {}
        self._own: dict[str, str] = {}
        self._calls: dict[CallKey, str] = {}
        self._answers: dict[CallKey, Any] = {}
        self._pages: dict[tuple[str, tuple[str, ...]], str] = {}
        self._terms: dict[int, Any] = {}
        self._listed: dict[tuple[str, ...], dict[str, str]] = {}
        self._changes: _Changes | None = None

    def own(self, page: Page) -> str:
        """A page as its own file sees it: every field (the body by its digest)."""
        known = self._own.get(page.url)
        if known is None:
            # The fields' reprs, sets sorted (a set's order changes from process to
            # process); the body's repr is its digest.
            known = self._own[page.url] = hashlib.blake2b(repr([
                sorted(value) if type(value) is frozenset else value
                for value in _PAGE_VALUES(page)]).encode(), digest_size=16).hexdigest()
        return known

    def value(self, url: str, name: str) -> str:
        """The digest of attribute `name` of the page at `url` ("missing": no such page)."""
        key = (url, name)
        known = self._values.get(key)
        if known is None:
            page = self.pages.get(url)
            if page is None:
                known = "missing"
            elif name in ("html", "body"):
                known = page.body.digest
            else:
                known = _digest(identity(getattr(page, name, None)))
            self._values[key] = known
        return known

    def _page(self, url: str, names: tuple[str, ...]) -> str:
        """The digest of attributes `names` (sorted) of the page at `url`."""
        key = (url, names)
        known = self._pages.get(key)
        if known is None:
            listed = self._listed.get(names)
            known = listed.get(url) if listed is not None else None
            if known is None:
                value = self.value
                known = _combined([url, *(value(url, n) for n in names)])
            self._pages[key] = known
        return known

    def _all_pages(self, names: tuple[str, ...]) -> str:
        """The digest of attributes `names` (sorted) of every page, in order."""
        known = self._all.get(names)
        if known is None:
            if self.previous is not None and names in self.previous.listed:
                # The previous model's digests of the pages that did not change.
                changed = (self._changes or self._compare(self.previous)).pages
                self._listed[names] = {url: known for url, known
                                       in self.previous.listed[names].items()
                                       if url not in changed}
            page = self._page
            known = self._all[names] = _combined([page(url, names) for url in self.order])
        return known

    def _site_value(self, name: str) -> str:
        known = self._site.get(name)
        if known is None:
            known = self._site[name] = _digest(identity(getattr(self.site, name, None)))
        return known

    def _resolve(self, argument: Any) -> Any:
        if type(argument) is tuple and len(argument) == 2:
            if argument[0] == "page":
                return self.pages.get(argument[1], _MISSING)
            if argument[0] == "term":
                return self.terms.get(argument[1], _MISSING)
        if type(argument) is tuple:
            return _MISSING
        return argument

    def _answer(self, name: str, args: tuple[Any, ...]) -> Any:
        """What the call answers in this model, as `identity` gives it ("missing": a
        function or an argument this model does not have)."""
        key = (name, args)
        known = self._answers.get(key, _MISSING)
        if known is _MISSING:
            resolved = [self._resolve(a) for a in args]
            function = getattr(self.site, name) if name in SITE_CALLS \
                else self.functions.get(name)
            if function is None or any(a is _MISSING for a in resolved):
                known = "missing"
            else:
                result = function(*resolved)
                if type(result) is Term:  # a series: asked by each of its posts
                    known = self._terms.get(id(result))
                    if known is None:
                        known = self._terms[id(result)] = identity(result)
                else:
                    known = identity(result)
            self._answers[key] = known
        return known

    def _call(self, name: str, args: tuple[Any, ...]) -> str:
        """The digest of the call and of what it answers."""
        key = (name, args)
        known = self._calls.get(key)
        if known is None:
            known = self._calls[key] = _digest((name, args, self._answer(name, args)))
        return known

    def digest(self, reads: Reads) -> str:
        """What the reads of `reads` give in this model (the own page is not part of it)."""
        site, names, urls, calls = reads.ordered()
        parts = [self._site_value(s) for s in site]
        parts.append("pages")
        if ALL_PAGES in reads.pages:
            parts.append(self._all_pages(names))
        else:
            page = self._page
            parts += [page(url, names) for url in urls]
        parts.append("calls")
        call = self._call
        parts += [call(name, args) for name, args in calls]
        return _combined(parts)

    def unchanged(self, reads: Reads) -> bool:
        """Whether every read of `reads` gives in this model what it gave in the previous
        one, found from what changed between the two (`_Changes`) without going through
        the record: then `reads.answer` is also its digest in this model. False when in
        doubt (no previous answers, a read they do not cover): `digest` decides."""
        previous = self.previous
        if previous is None or not reads.answer:
            return False
        changes = self._changes or self._compare(previous)
        if not (reads.site.isdisjoint(changes.site) and reads.calls.isdisjoint(changes.calls)
                and previous.site.keys() >= reads.site
                and previous.calls.keys() >= reads.calls):
            return False
        if ALL_PAGES in reads.pages:
            return not changes.pages and not changes.order
        return reads.pages.isdisjoint(changes.pages)

    def _compare(self, previous: Answers) -> _Changes:
        """What answers differently in this model than in `previous`. A page whose whole
        digest is the same gives the same value of every attribute; a page in neither
        model is "missing" in both."""
        own = self.own
        pages = {url for url, page in self.pages.items() if own(page) != previous.own.get(url)}
        pages.update(previous.own.keys() - self.pages.keys())
        answer = self._answer
        self._changes = _Changes(
            frozenset(pages),
            frozenset(key for key, known in previous.calls.items() if answer(*key) != known),
            frozenset(name for name, known in previous.site.items()
                      if self._site_value(name) != known),
            self.order != previous.order)
        return self._changes

    def answers(self, records: Iterable[Reads]) -> Answers:
        """What this model answers to `records` (those of its files), for the next build."""
        records = [reads for reads in records if not reads.opaque]
        answer = self._answer
        calls = {key: answer(*key) for key in set().union(*(r.calls for r in records))}
        site = {name: self._site_value(name)
                for name in set().union(*(r.site for r in records))}
        listing = {reads.ordered()[1] for reads in records if ALL_PAGES in reads.pages}
        for names in listing:
            self._all_pages(names)  # each page's digest, the unchanged ones as they were
        pages, own = self._pages, self.own
        return Answers({url: own(p) for url, p in self.pages.items()}, calls, site, self.order,
                       {names: {url: pages[url, names] for url in self.order}
                        for names in listing})


@dataclasses.dataclass(frozen=True, slots=True)
class _Changes:
    """Between the previous model and this one: the URLs of the pages that changed (or
    came, or went), the calls and site attributes that answer differently, and whether
    the pages' order changed."""

    pages: frozenset[str]
    calls: frozenset[CallKey]
    site: frozenset[str]
    order: bool
