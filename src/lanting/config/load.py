"""Stage 1 — read `lanting.toml` into one typed, validated tree.

Every problem in the file is collected and reported as `lanting.toml:LINE` before the
build stops.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from pygments.styles import get_all_styles

from lanting.config.locate import line_of, toml_key_lines
from lanting.config.schema import SchemaProblem, build
from lanting.errors import LantingError, did_you_mean
from lanting.model.config import GISCUS_MAPPINGS, LINK_KINDS, Config
from lanting.model.problem import Problem

CONFIG_NAME = "lanting.toml"


_LANGUAGE_TAG = re.compile(r"[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*")


def _validate(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    if not config.title.strip():
        problems.append(SchemaProblem(("title",), "the site needs a non-empty title"))
    if not _LANGUAGE_TAG.fullmatch(config.language):
        problems.append(
            SchemaProblem(("language",), f"`{config.language}` is not a language tag",
                          "use a BCP 47 tag such as zh-CN or en")
        )
    if not (config.base_url.startswith("/") or re.match(r"^https?://", config.base_url)):
        problems.append(
            SchemaProblem(("base_url",), f"`{config.base_url}` is not an absolute URL",
                          "write it as https://example.org/ or as a path like /blog/")
        )
    if re.search(r"[?#]", config.base_url):
        problems.append(
            SchemaProblem(("base_url",), f"`{config.base_url}` has a query or fragment",
                          "base_url is where the site lives: scheme, host and path only")
        )
    styles = set(get_all_styles())
    for key in ("code_light_style", "code_dark_style"):
        value = getattr(config.markdown, key)
        if value not in styles:
            problems.append(SchemaProblem(("markdown", key), f"unknown Pygments style `{value}`",
                                          did_you_mean(value, styles)))
    for i, level in enumerate(config.markdown.toc_levels):
        if not 1 <= level <= 6:
            problems.append(SchemaProblem(("markdown", "toc_levels", str(i)),
                                          "heading levels run from 1 to 6"))
    problems += _validate_academic(config)
    problems += _validate_languages(config)
    problems += _validate_reader(config)
    return problems


def _validate_reader(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    comments = config.comments
    if comments is not None:
        if comments.mapping not in GISCUS_MAPPINGS:
            problems.append(SchemaProblem(("comments", "mapping"),
                                          f"unknown giscus mapping `{comments.mapping}`",
                                          did_you_mean(comments.mapping, GISCUS_MAPPINGS)
                                          or f"one of {', '.join(GISCUS_MAPPINGS)}"))
        if comments.input_position not in ("bottom", "top"):
            problems.append(SchemaProblem(("comments", "input_position"),
                                          "expected `bottom` or `top`"))
        if comments.mapping == "specific" and not comments.term:
            problems.append(SchemaProblem(("comments", "term"),
                                          "mapping `specific` needs a `term`"))
    if config.analytics is not None and not config.analytics.snippet.strip():
        problems.append(SchemaProblem(("analytics", "snippet"), "the snippet is empty",
                                      "paste your provider's <script> tag, or remove "
                                      "[analytics]"))
    return problems


def _validate_academic(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    group_by = config.publications.group_by
    if group_by not in ("year", "type"):
        problems.append(SchemaProblem(("publications", "group_by"),
                                      f"expected `year` or `type`, got `{group_by}`",
                                      did_you_mean(group_by, ("year", "type"))))
    for i, item in enumerate(config.profile.links):
        if item.kind not in LINK_KINDS:
            problems.append(SchemaProblem(("profile", "links", str(i), "kind"),
                                          f"unknown link kind `{item.kind}`",
                                          did_you_mean(item.kind, LINK_KINDS)
                                          or f"one of {', '.join(LINK_KINDS)}"))
    return problems


def _validate_languages(config: Config) -> list[SchemaProblem]:
    codes = list(config.languages)
    problems: list[SchemaProblem] = []
    seen: set[str] = set()
    for i, code in enumerate(codes):
        path = ("languages", code) if isinstance(config.languages, dict) else ("languages", str(i))
        if not _LANGUAGE_TAG.fullmatch(code):
            problems.append(SchemaProblem(path, f"`{code}` is not a language tag",
                                          "use a BCP 47 tag such as zh-CN or en"))
        elif code.lower() in seen:
            problems.append(SchemaProblem(path, f"`{code}` is listed twice"))
        seen.add(code.lower())
    return problems


def load_config(site: Path, overrides: dict[str, Any] | None = None) -> Config:
    """Read and validate `SITE/lanting.toml`; raise LantingError listing every problem."""
    path = site / CONFIG_NAME
    if not path.is_file():
        raise LantingError.at(
            f"no {CONFIG_NAME} in {site}", path,
            hint="run `lanting new DIR` to start a site, or pass the site folder",
        )
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        line, column = (int(match.group(1)), int(match.group(2))) if match else (None, None)
        raise LantingError.at(f"invalid TOML: {message}", path, line, column) from None
    problems: list[SchemaProblem] = []
    config = build(Config, data, (), problems)
    if config is not None:
        if overrides:
            config = replace(config, **overrides)
        problems += _validate(config)
    if problems or config is None:
        lines = toml_key_lines(text)
        raise LantingError(
            [
                Problem(f"{'.'.join(p.path)}: {p.message}", path, line_of(lines, p.path),
                        hint=p.hint)
                for p in problems
            ]
        )
    return config
