"""The Jinja2 environment: site `templates/` over the theme, file by file, autoescape on."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
import re
from pathlib import Path
from typing import Any

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    select_autoescape,
)
from jinja2.bccache import Bucket
from markupsafe import Markup
from platformdirs import user_cache_dir

from lanting.cachedir import keep_newest
from lanting.i18n import format_date
from lanting.safety import ConfinedLoader

THEME_DIR = Path(__file__).parent / "theme"
THEME_TEMPLATES = THEME_DIR / "templates"
THEME_STATIC = THEME_DIR / "static"

# Characters XML 1.0 forbids; titles and bodies may contain them (pasted text, binary junk).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xmltext(value: Any) -> str | Markup:
    """Drop characters XML cannot carry; escaping is left to autoescape."""
    if value is None:
        return ""
    text = str(value)
    cleaned = _XML_INVALID.sub("", text)
    return cleaned


def isodate(value: dt.date | None) -> str:
    return value.strftime("%Y-%m-%d") if value else ""


def rfc3339(value: dt.datetime | None) -> str:
    if value is None:
        return ""
    return value.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def monthday(value: dt.date | None, lang: str) -> str:
    if value is None:
        return ""
    return f"{value.month}月{value.day}日" if lang.startswith("zh") else value.strftime("%b %d")


def humandate(value: dt.date | None, lang: str) -> str:
    return format_date(value, lang) if value else ""


_ENVIRONMENTS: dict[tuple[Path, str], Environment] = {}
BYTECODE_PREFIX = "templates-"
"""Compiled templates go to `<cache>/templates-<engine>/`, one folder per version of
Lanting (`bytecode_cache`)."""


def environment_for(site: Path, fingerprint: str,
                    bytecode: BytecodeCache | None = None) -> Environment:
    """The environment of `site`, kept between builds of one process (`lanting serve`)
    while its templates (`template_fingerprint`) stay the same: compiling them again on
    every rebuild would cost more than rendering the pages that changed."""
    key = (site.resolve(), fingerprint)
    if key not in _ENVIRONMENTS:
        _ENVIRONMENTS.clear()
        _ENVIRONMENTS[key] = create_environment(site, bytecode)
    return _ENVIRONMENTS[key]


def bytecode_cache(cache_dir: Path, engine: str) -> BytecodeCache | None:
    """Compiled templates kept between builds (compiling the theme costs a one-post
    rebuild of a big site about a tenth of its time, a cold build about 0.4 s of CPU).
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

    def load_bytecode(self, bucket: Bucket) -> None:
        if (cache := self._by_key.get(bucket.key)) is not None:
            cache.load_bytecode(bucket)

    def dump_bytecode(self, bucket: Bucket) -> None:
        if (cache := self._by_key.get(bucket.key)) is not None:
            cache.dump_bytecode(bucket)


def create_environment(site: Path, bytecode: BytecodeCache | None = None) -> Environment:
    # Site templates that are symlinks leading out of the site are not read (safety.py).
    loaders = [ConfinedLoader(site / "templates", site), FileSystemLoader(str(THEME_TEMPLATES))]
    env = Environment(
        loader=ChoiceLoader(loaders),
        autoescape=select_autoescape(["html", "xml"], default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # An edited template gives a new fingerprint and so a new environment
        # (`environment_for`): checking every template's mtime on each page is not needed.
        auto_reload=False,
        bytecode_cache=bytecode,
    )
    env.filters.update(xmltext=xmltext, isodate=isodate, rfc3339=rfc3339, monthday=monthday,
                       humandate=humandate)
    return env


def compile_templates(env: Environment) -> None:
    """Compile every template the environment can load (a template with an error is left
    for rendering to report, with its file and line)."""
    for name in env.list_templates(extensions=("html", "xml", "txt")):
        try:
            env.get_template(name)
        except Exception:  # noqa: BLE001 — reported when a page renders with it
            continue


def template_fingerprint(site: Path) -> str:
    """A hash of every template the site can use (theme + overrides): part of cache keys."""
    digest = hashlib.sha256()
    for folder in (THEME_TEMPLATES, site / "templates"):
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


_READING_TIME = ("reading_minutes", "post_meta(")
"""What a template writes to show a page's reading time (`_macros.post_meta` shows it)."""


@functools.lru_cache(maxsize=8)
def listings_show_reading_time(site: Path, fingerprint: str) -> bool:
    """True if a template other than the post's own may show a page's reading time (the
    theme's listings do not: editing a post's length then renders no listing again). A
    site's own templates are read to know; `fingerprint` identifies their content."""
    for folder in (THEME_TEMPLATES, site / "templates"):
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            if path.is_file() and path.name not in ("post.html", "_macros.html"):
                text = path.read_text(encoding="utf-8", errors="replace")
                if any(marker in text for marker in _READING_TIME):
                    return True
    return False
