"""The Jinja2 environment: site `templates/` over the theme, file by file, autoescape on."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    TemplateNotFound,
    select_autoescape,
)
from markupsafe import Markup

from lanting.config.i18n import format_date, format_dates
from lanting.model.markdown import Heading
from lanting.render.icons import link_icon
from lanting.render.recording import RecordingEnvironment

THEME_DIR = Path(__file__).parents[1] / "theme"
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


def toc_entries(headings: Sequence[Heading], levels: Sequence[int]
                ) -> list[tuple[Heading, int]]:
    """The headings a post's table of contents lists, each with the level it is shown
    at: those of `levels` (`[markdown] toc_levels`), moved up to start at the top level
    the post's text uses, so that a post written with `#` sections lists them (and the
    `##` under them), shown as the first level."""
    if not headings or not levels:
        return []
    shift = max(0, min(levels) - min(h.level for h in headings))
    wanted = {level - shift for level in levels}
    return [(h, h.level + shift) for h in headings if h.level in wanted]


def humandate(value: dt.date | None, lang: str, end: dt.date | None = None) -> str:
    """`value` as a reader writes it; with `end` (an event's last day), the days."""
    if not value:
        return ""
    return format_dates(value, end, lang) if end else format_date(value, lang)


_ENVIRONMENTS: dict[tuple[Path, str], Environment] = {}


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


def create_environment(site: Path, bytecode: BytecodeCache | None = None) -> Environment:
    # Site templates that are symlinks leading out of the site are not read.
    loaders = [ConfinedLoader(site / "templates", site), FileSystemLoader(str(THEME_TEMPLATES))]
    env = RecordingEnvironment(  # what each page reads of the site is recorded
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
                       humandate=humandate, toc_entries=toc_entries)
    env.globals["link_icon"] = link_icon
    # `tojson` writes Chinese as it is, not as \u escapes (six bytes a character), in the
    # search settings every page carries. <, >, & and ' are still escaped (Jinja's
    # htmlsafe dumps): safe in attributes and scripts.
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
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
    """A hash of every template the site can use (theme + overrides): part of cache keys.
    Each file counts by its path in its folder, not its name alone: the same file moved
    into or out of a subfolder starts or stops overriding a theme template."""
    digest = hashlib.sha256()
    for root, folder in (("theme", THEME_TEMPLATES), ("site", site / "templates")):
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    data = path.read_bytes()
                    digest.update(f"{root}\0{path.relative_to(folder).as_posix()}\0"
                                  f"{len(data)}\0".encode() + data)
    return digest.hexdigest()[:16]


class ConfinedLoader(FileSystemLoader):
    """The site's `templates/`: a template that is a symlink leading out of the site is
    treated as missing, so the theme's template of that name is used instead."""

    def __init__(self, folder: Path, site: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder
        self.site = site

    def get_source(self, environment: Environment, template: str):  # type: ignore[no-untyped-def]
        try:
            path = (self.folder / template).resolve()
        except (OSError, RuntimeError):
            raise TemplateNotFound(template) from None
        if not path.is_relative_to(self.site.resolve()):
            raise TemplateNotFound(template)
        return super().get_source(environment, template)
