"""A cache entry's bytes (`cache.py` keeps them in SQLite): a parsed and rendered source
pickled without its text and HTML, and made again without dataclasses' slow generic
unpickling (a one-post rebuild of a big site thaws every other post)."""

from __future__ import annotations

import copyreg
import dataclasses
import io
import pickle
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from lanting.model.content import Document, FrontMatter, Loaded, Source
from lanting.model.markdown import Heading, LinkRef, RenderedMarkdown
from lanting.model.problem import Problem


def freeze(loaded: Loaded) -> bytes:
    # The source (with its text) is known when looking up; storing it again is waste.
    # The HTML goes to its own column: most builds never need the HTML of unchanged pages.
    document = replace(loaded.document, source=None, body="")  # type: ignore[arg-type]
    rendered = replace(loaded.rendered, html="") if loaded.rendered else None
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump((document, rendered))
    return out.getvalue()


def thaw(key: str, value: bytes, source: Source) -> Loaded | None:
    try:
        document, rendered = pickle.loads(value)
    except Exception:  # an entry from an incompatible version: treat as a miss
        return None
    # The document was made just now and is this function's alone: its source is set in
    # place rather than by a copy (a one-post rebuild thaws every other post).
    object.__setattr__(document, "source", source)
    if rendered is not None and rendered.problems:
        rendered = replace(rendered, problems=_moved(rendered.problems, source))
    return Loaded(document, rendered, key, html_in_cache=rendered is not None)


def _moved(problems: tuple[Problem, ...], source: Source) -> tuple[Problem, ...]:
    """The problems of a page rendered when the site was in another folder (copied or
    moved with its `.lanting/`), their paths in this folder: the messages named the old
    one. A problem of the page itself tells where the site was."""
    old = next((p.path for p in problems if p.path is not None
                and p.path.parts[-len(source.rel.parts):] == source.rel.parts), None)
    if old is None or old == source.path:
        return problems
    depth = len(source.rel.parts)  # (`content/` and the page's own folders)
    if len(old.parts) <= depth + 1 or len(source.path.parts) <= depth + 1:
        return problems
    old_root, new_root = old.parents[depth], source.path.parents[depth]
    return tuple(replace(p, path=new_root / p.path.relative_to(old_root))
                 if p.path is not None and p.path.is_relative_to(old_root) else p
                 for p in problems)


def _restore(cls: type, values: tuple[object, ...]) -> object:
    """An instance of the frozen dataclass `cls` with these field values, made without
    its `__init__` (as pickle does) but also without dataclasses' generic `__setstate__`,
    which looks up the fields again for every object (a one-post rebuild of a 4,000-post
    site thaws some 36,000 of them): each field is set through its slot directly."""
    instance: object = _new(cls)
    for set_field, value in zip(_SETTERS[cls], values, strict=True):
        set_field(instance, value)
    return instance


def _reduce(instance: Any) -> tuple[Callable[..., object], tuple[object, ...]]:
    cls = type(instance)
    return _restore, (cls, tuple(getattr(instance, name) for name in _FIELDS[cls]))


_new = object.__new__
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in dataclasses.fields(cls))
    for cls in (Document, FrontMatter, RenderedMarkdown, Heading, LinkRef)}
"""The dataclasses a cache entry holds, and their fields in order."""
_SETTERS: dict[type, tuple[Callable[[object, object], None], ...]] = {
    cls: tuple(vars(cls)[name].__set__ for name in names) for cls, names in _FIELDS.items()}
"""Each field's slot setter (the classes have `slots=True`: a field is a member
descriptor, which a frozen class's `__setattr__` does not guard)."""
_DISPATCH = copyreg.dispatch_table.copy()
_DISPATCH.update(dict.fromkeys(_FIELDS, _reduce))
