"""What each output file reads of the site model while its templates run, and whether the
same reads give the same answers in the next build's model.

A page is made again exactly when something it read changed — recorded, never listed by
hand (issue 27). While a file renders (`recording`), the environment's `getattr` and
`getitem` note every attribute read on a `Page` other than the file's own page, every
collection read on the `Site`, and the site methods and template functions called with
pages or terms (`model.output.Reads`). The file's own page counts whole. The next build
validates the record in its model (`render.model_index.ModelIndex.digest`): when every
read gives what it gave, the file would render to the same bytes and is kept.

What a record does not cover, the fingerprint covers directly (`render.pages`): the
site-wide inputs (config, templates, theme assets, the academic model), the template,
the path, the language, and the values the renderer passes in (`identity`).
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from jinja2 import Environment

from lanting.model.output import ALL_PAGES, Reads
from lanting.model.pages import Page, Term, YearGroup
from lanting.model.site import Site

SITE_CALLS = frozenset({"series_of", "neighbours_of", "related_of", "project_of",
                        "term_url", "has_term"})
"""Site methods templates call with a page or a name, recorded with their arguments: a
post page depends on its own neighbours and series, not on every post."""

TEMPLATE_CALLS = frozenset({"part_number", "share", "share_image", "blog_posting",
                            "cite_this"})
"""Template functions that read the pages given to them."""

SITE_WIDE = frozenset({"config", "academic"})
"""Site attributes every fingerprint covers already (`PageRenderer.site_digest`)."""

OPAQUE = ("?",)
"""An argument no later model can be asked again: its file is always rendered again."""

_CURRENT: contextvars.ContextVar[Reads | None] = contextvars.ContextVar(
    "lanting_reads", default=None)


def recording(reads: Reads) -> contextvars.Token[Reads | None]:
    """Record what renders from now on into `reads`, until `stop(token)`."""
    return _CURRENT.set(reads)


def stop(token: contextvars.Token[Reads | None]) -> None:
    _CURRENT.reset(token)


@functools.cache
def _fields(cls: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.repr)


def identity(value: Any) -> Any:
    """A value as a fingerprint sees it, the same in every process: pages by URL, terms
    and year groups by what they hold, data classes field by field, sets sorted."""
    kind: Any = type(value)
    if value is None or kind is str or kind is int or kind is bool or kind is float:
        return value
    if kind is Page:
        return ("page", value.url)
    if kind is Term:
        return ("term", value.url, value.name, value.slug, tuple(p.url for p in value.posts),
                value.page.url if value.page is not None else None)
    if kind is YearGroup:
        return ("year", value.year, tuple(p.url for p in value.posts))
    if kind is tuple or kind is list:
        return tuple(identity(v) for v in value)
    if kind is dict:
        return tuple(sorted(((str(k), identity(v)) for k, v in value.items()),
                            key=lambda item: item[0]))
    if kind is set or kind is frozenset:
        return tuple(sorted(repr(identity(v)) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (kind.__qualname__, tuple(identity(getattr(value, name))
                                         for name in _fields(kind)))
    return repr(value)


def _argument(value: Any) -> Any:
    """A call's argument as a record keeps it: a page or a term by its URL; anything else
    that is not a plain value cannot be found again (`Reads.opaque`)."""
    kind = type(value)
    if kind is Page:
        return ("page", value.url)
    if kind is Term:
        return ("term", value.url)
    if value is None or kind is str or kind is int or kind is bool:
        return value
    return OPAQUE


def _recorded(name: str, function: Callable[..., Any], always: bool) -> Callable[..., Any]:
    """`function`, noting its calls in the file's record — those of a site method
    always, those of a template function when given a page or a term."""

    def call(*args: Any, **kwargs: Any) -> Any:
        reads = _CURRENT.get()
        values = (*args, *kwargs.values())
        # A template function given only the file's own page reads nothing the own
        # page's digest does not cover.
        if reads is not None and (always or any(
                type(a) is Term or (type(a) is Page and a.url != reads.own) for a in values)):
            arguments = tuple(_argument(a) for a in args)
            if kwargs:  # by keyword: not called again when validating, so never reused
                arguments += (OPAQUE,)
            reads.calls.add((name, arguments))
            if OPAQUE in arguments:
                reads.opaque = True
        return function(*args, **kwargs)

    return call


def record_calls(functions: dict[str, Any]) -> dict[str, Any]:
    """The template functions, with those that read the pages they are given recorded."""
    return {name: _recorded(name, f, always=False) if name in TEMPLATE_CALLS else f
            for name, f in functions.items()}


class RecordingEnvironment(Environment):
    """Jinja's environment, noting the attributes and items templates read while a file
    renders (`recording`); outside a recording it is Jinja's own."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        # Jinja's own, with the common case (an attribute of anything but a page or the
        # site: nothing to note) first: templates read hundreds of thousands of them.
        try:
            value = getattr(obj, attribute)
        except AttributeError:
            return super().getattr(obj, attribute)
        kind = type(obj)
        if kind is not Page and kind is not Site:
            return value
        reads = _CURRENT.get()
        return value if reads is None else _note(reads, obj, attribute, value)

    def getitem(self, obj: Any, argument: Any) -> Any:
        value = super().getitem(obj, argument)
        reads = _CURRENT.get()
        if reads is None or type(argument) is not str:
            return value
        return _note(reads, obj, argument, value)


def _note(reads: Reads, obj: Any, name: str, value: Any) -> Any:
    kind = type(obj)
    if kind is Page:
        if obj.url != reads.own:
            reads.names.add(name)
            if ALL_PAGES not in reads.pages:
                reads.pages.add(obj.url)
    elif kind is Site and name not in SITE_WIDE:
        if name in SITE_CALLS:
            return _recorded(name, value, always=True)
        reads.site.add(name)
        if name != "home":  # a collection: any page may be read from it
            reads.pages = {ALL_PAGES}
    return value
