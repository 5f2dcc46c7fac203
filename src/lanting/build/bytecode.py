"""Compiled Jinja templates kept between builds: the theme's in the user's cache folder,
a site's own in its `.lanting/`."""

from __future__ import annotations

import os
from pathlib import Path

from jinja2 import BytecodeCache, Environment, FileSystemBytecodeCache
from jinja2.bccache import Bucket
from platformdirs import user_cache_dir

from lanting.fs import keep_newest
from lanting.render.templates import THEME_TEMPLATES

BYTECODE_PREFIX = "templates-"
"""Compiled templates go to `<cache>/templates-<engine>/`, one folder per version of
Lanting (`bytecode_cache`)."""


def bytecode_cache(cache_dir: Path, engine: str) -> BytecodeCache | None:
    """Compiled templates kept between builds (compiling the theme costs a one-post
    rebuild of a big site a good part of its time, and a cold build much CPU).
    The theme's go to the user's cache folder (`shared_cache_dir`), where every site and
    every build finds them, as Python finds Lanting's own compiled modules; a site's own
    templates go to its cache folder. Jinja recompiles a template whose source changed;
    each folder is per version of Lanting (`engine`) because Jinja does not key its cache
    by the environment's options, which Lanting's code sets. None if neither folder can
    be made."""
    name = f"{BYTECODE_PREFIX}{engine[:16]}"
    theme = _bytecode_folder(shared_cache_dir(), name, KEPT_THEME_VERSIONS)
    site = _bytecode_folder(cache_dir, name, 1)
    if theme is None and site is None:
        return None
    return _ThemeOrSiteBytecode(theme, site)


KEPT_THEME_VERSIONS = 4
"""Folders of compiled theme templates kept in the user's cache: one per version of
Lanting, which several environments of one user may hold at once."""


def shared_cache_dir() -> Path:
    """The user's cache folder for Lanting (`~/.cache/lanting` on Linux, honouring
    `XDG_CACHE_HOME`); it holds nothing of any site, only what Lanting's own files give."""
    return Path(user_cache_dir("lanting", appauthor=False))


def _bytecode_folder(parent: Path, name: str, kept: int) -> FileSystemBytecodeCache | None:
    """`parent/name` made and marked as just used, and all but the `kept` most recently
    used `templates-*` folders beside it deleted."""
    folder = parent / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        keep_newest(parent, f"{BYTECODE_PREFIX}*", kept, folder)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder))


class _ThemeOrSiteBytecode(BytecodeCache):
    """Jinja's bytecode cache over two folders: a template of the theme in one, any other
    (the site's own) in the other. Either may be missing (not writable): its templates
    are then compiled in every build."""

    def __init__(self, theme: BytecodeCache | None, site: BytecodeCache | None) -> None:
        self._theme, self._site = theme, site
        self._by_key: dict[str, BytecodeCache | None] = {}

    def get_bucket(self, environment: Environment, name: str, filename: str | None,
                   source: str) -> Bucket:
        theme = filename is not None and Path(filename).parent == THEME_TEMPLATES
        self._by_key[self.get_cache_key(name, filename)] = self._theme if theme else self._site
        return super().get_bucket(environment, name, filename, source)

    # A folder of compiled templates can vanish under a build: another version of
    # Lanting building at the same time keeps only the newest ones (`keep_newest`), and
    # a user may clear the cache. Not found, or not written, a template is compiled.

    def load_bytecode(self, bucket: Bucket) -> None:
        if (cache := self._by_key.get(bucket.key)) is not None:
            try:
                cache.load_bytecode(bucket)
            except OSError:
                bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        if (cache := self._by_key.get(bucket.key)) is not None:
            try:
                cache.dump_bytecode(bucket)
            except OSError:
                pass
