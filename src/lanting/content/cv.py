"""Read `content/cv.yaml`: RenderCV's schema (a top-level `cv:` with `sections:`) or JSON
Resume's (a top-level `basics:`), told apart by those keys, into a `Cv`.

On a site with several languages the CV is translated like a post: `cv.en.yaml` beside
`cv.yaml` is the whole CV in English, for the English pages. A language without a file of
its own shows `cv.yaml`, with its headings, dates and "present" in that language.

Texts are Markdown, rendered inline (RenderCV writes `**bold**` and links in them). A
key or an entry of no known kind is an error at its line of the file, with what to
write instead; nothing is dropped silently. RenderCV's `design`, `locale` and settings
are for its PDF and are left to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.config.languages import Language, filename_language, site_languages
from lanting.content.cv_schemas import read_jsonresume, read_rendercv
from lanting.content.cv_values import CvReader
from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.content import Source
from lanting.model.cv import Cv
from lanting.model.problem import Problem


def parse_cv(source: Source | None, lang: str, base_path: str = "/",
             link_map: Mapping[str, str] | None = None) -> Cv | None:
    """The CV of `content/cv.yaml`, or None without one; LantingError on mistakes. Its
    links from the site's root (`/posts/x/`) get `base_path`, and those to files of
    `content/` (`posts/x.md`) their URLs from `link_map`, as a post's do."""
    if source is None:
        return None
    text = source.text or ""
    try:
        data = YAML(typ="rt").load(text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise LantingError.at(f"cv.yaml is not valid YAML: {getattr(error, 'problem', error)}",
                              source.path, mark.line + 1 if mark else 1) from None
    reader = CvReader(source, lang, base_path, link_map)
    if isinstance(data, dict) and "cv" in data:
        cv = read_rendercv(reader, data)
    elif isinstance(data, dict) and "basics" in data:
        cv = read_jsonresume(reader, data)
    else:
        raise LantingError.at(
            "cv.yaml is neither RenderCV's schema (`cv:` with `sections:`) nor JSON "
            "Resume's (`basics:`, `work:`, `education:` …)", source.path, 1,
            hint="start the file with `cv:` and `name:` (see the CV section of Lanting's docs)")
    if not cv.name:
        reader.fail(1, "the CV has no name", "write `name:` under `cv:` (or `basics:`)")
    if any(p.severity == "error" for p in reader.problems):
        raise LantingError(reader.problems)
    return replace(cv, path=Path(source.path), warnings=tuple(reader.problems))


def _own_files(translations: tuple[Source, ...], languages: tuple[Language, ...],
               problems: list[Problem]) -> dict[str, Source]:
    """Language code -> its `cv.<code>.yaml`; a file naming no other site language is a
    problem."""
    codes = ", ".join(lang.code for lang in languages)
    own: dict[str, Source] = {}
    for source in translations:
        name = source.rel.name
        _, language = filename_language(source.rel, languages)
        written = name.removeprefix("cv.").removesuffix(".yaml")
        if language is None:
            problems.append(Problem(
                f"`{name}` names the language `{written}`, which is not one of the site's "
                f"languages ({codes})", source.path, 1,
                hint="add it to `languages` in lanting.toml, or rename the file"))
        elif language.is_default:
            problems.append(Problem(
                f"`{name}` is in the site's default language, whose CV is `cv.yaml`",
                source.path, 1, hint="rename it to cv.yaml"))
        elif language.code in own:
            problems.append(Problem(
                f"two CVs in `{language.code}`: `{own[language.code].rel.name}` and `{name}`",
                source.path, 1, hint="keep one of them"))
        else:
            own[language.code] = source
    return own


def _file_problems(source: Source | None, translations: tuple[Source, ...],
                   config: Config) -> tuple[dict[str, Source], list[Problem]]:
    """Each language's own CV file, and what is wrong with the files themselves."""
    problems: list[Problem] = []
    own = _own_files(translations, site_languages(config), problems)
    if source is None and translations:
        problems.append(Problem(
            f"`{translations[0].rel.name}` translates a CV, but there is no `cv.yaml`",
            translations[0].path, 1,
            hint="the default language's CV is content/cv.yaml; add it (or rename this "
                 "file to cv.yaml)"))
    return own, problems


def check_cv_files(source: Source | None, translations: tuple[Source, ...],
                   config: Config) -> None:
    """LantingError when a CV file names no language of the site (or translates no
    `cv.yaml`): asked before anything else, as it says why other files clash too."""
    _own, problems = _file_problems(source, translations, config)
    if problems:
        raise LantingError(problems)


def parse_cvs(source: Source | None, translations: tuple[Source, ...],
              config: Config, link_maps: Mapping[str, Mapping[str, str]] | None = None
              ) -> dict[str, Cv]:
    """The CV of each site language (code -> Cv), the default language's first: its own
    `cv.<code>.yaml`, else `cv.yaml` read in that language, its links to files of
    `content/` from the language's link map (`link_maps`, by code; "" the default).
    Empty without `cv.yaml`; LantingError listing every mistake of every file."""
    languages = site_languages(config)
    own, problems = _file_problems(source, translations, config)
    cvs: dict[str, Cv] = {}
    for language in languages if source is not None else ():
        try:
            maps = link_maps or {}
            cv = parse_cv(own.get(language.code, source), language.code, config.base_path,
                          maps.get(language.code, maps.get("")))
        except LantingError as error:
            problems += [p for p in error.problems if p not in problems]  # once per file
            continue
        if cv is not None:
            cvs[language.code] = cv
    if problems:
        raise LantingError(problems)
    return cvs
