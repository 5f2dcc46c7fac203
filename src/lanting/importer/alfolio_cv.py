"""al-folio's CV page (`layout: cv`) → `content/cv.yaml`. The page has no text: its
layout showed `assets/json/resume.json` (JSON Resume, which Lanting reads as it is; al-folio
reads it when `jekyll_get_json` fetches it as `resume`), else `_data/cv.yml`, al-folio's
own list of sections (`type: map`, `time_table`, `list`, `nested_list`), written here as
RenderCV sections. The theme's example CV (Albert Einstein's), never edited, is left out."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from lanting.importer.common import read_text
from lanting.importer.inline_html import inline_html_as_markdown
from lanting.importer.report import Report

EXAMPLE_NAME = "Albert Einstein"
"""Whose CV al-folio's example `resume.json` and `cv.yml` are."""
EXAMPLE_NAMES = frozenset({EXAMPLE_NAME, "Your Sidebar Name", "Your Name"})
"""The names of the themes' example CVs (al-folio's; academicpages' `_data/cv.json`)."""
EXAMPLE_EMAIL = "albert@einstein.de"
"""The e-mail of al-folio's example `resume.json`."""


def resume_path(source: Path, config: dict[str, Any]) -> Path | None:
    """The JSON Resume file the CV layout showed: `jekyll_get_json`'s `resume`."""
    for fetched in config.get("jekyll_get_json") or []:
        if isinstance(fetched, dict) and fetched.get("data") == "resume":
            where = str(fetched.get("json") or "")
            path = source / where.lstrip("/")
            return path if "://" not in where and path.is_file() else None
    return None


def _json_name(data: Any) -> str:
    basics = data.get("basics") if isinstance(data, dict) else None
    return str(basics.get("name") or "") if isinstance(basics, dict) else ""


def _example_resume(data: Any) -> bool:
    """A theme's example JSON Resume: by its name, or by the example's e-mail when only
    the name was changed (the rest, Einstein's life, never edited)."""
    basics = data.get("basics") if isinstance(data, dict) else None
    email = str(basics.get("email") or "") if isinstance(basics, dict) else ""
    return _json_name(data) in EXAMPLE_NAMES or email == EXAMPLE_EMAIL


def academicpages_cv(source: Path, report: Report) -> tuple[str | None, bool]:
    """academicpages' `cv-json` page (`{% include cv-template.html %}`) showed
    `_data/cv.json`, a JSON Resume: (cv.yaml's text, True); (None, True) when it is left
    out (the theme's example, noted); (None, False) when there is no such file."""
    path = source / "_data" / "cv.json"
    if not path.is_file():
        return None, False
    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        report.warn(path, error.lineno, f"the CV is not JSON ({error.msg}): left out")
        return None, True
    if _json_name(data) in EXAMPLE_NAMES or not isinstance(data, dict):
        report.note(path, None, "left out: the theme's example CV, never edited")
        return None, True
    return dump_yaml(data), True


def dump_yaml(data: Any) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]  # (order kept)
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _text(value: Any) -> str:
    return " ".join(str(value).split()) if value is not None else ""


def _highlights(items: Any) -> list[str]:
    """A `description` list; an item with `title` and `contents` (a sub-list) is one
    highlight, its contents after a colon."""
    found = []
    for item in items if isinstance(items, list) else [items] if items else []:
        if isinstance(item, dict):
            inner = "; ".join(_text(c) for c in item.get("contents") or [])
            found.append(_text(item.get("title")) + (f": {inner}" if inner else ""))
        else:
            found.append(_text(item))
    return [h for h in found if h]


def _entries(kind: str, contents: Any) -> list[Any]:
    """One al-folio section's contents as RenderCV entries."""
    made: list[Any] = []
    year = ""  # a time_table's `- year: 2023` alone: the year of the entry after it
    for item in contents if isinstance(contents, list) else []:
        if kind == "time_table" and isinstance(item, dict) and set(item) == {"year"}:
            year = _text(item["year"])
            continue
        if kind == "time_table" and isinstance(item, dict):
            item, year = {**item, "year": item.get("year") or year}, ""
        if kind == "map" and isinstance(item, dict):
            made.append({"label": _text(item.get("name")), "details": _text(item.get("value"))})
        elif kind == "time_table" and isinstance(item, dict) and item.get("items"):
            made += [{"name": _text(x), "date": _text(item.get("year"))}
                     for x in item["items"]]
        elif kind == "time_table" and isinstance(item, dict):
            entry = {"name": _text(item.get("title")), "date": _text(item.get("year")),
                     "location": _text(item.get("institution")),
                     "highlights": _highlights(item.get("description"))}
            made.append({k: v for k, v in entry.items() if v})
        elif kind == "nested_list" and isinstance(item, dict):
            made.append({"label": _text(item.get("title")),
                         "details": ", ".join(_text(x) for x in item.get("items") or [])})
        elif isinstance(item, dict):  # a `list` item written `Hobbies: chess, go`
            made += [{"label": _text(k), "details": _text(v)} for k, v in item.items()]
        else:
            made.append({"bullet": _text(item)})
    return made


def rendercv(sections: list[Any], name: str) -> dict[str, Any]:
    """al-folio's `cv.yml` as RenderCV's `cv:`; the name from its `Full Name` line."""
    out: dict[str, Any] = {}
    for section in sections:
        if not isinstance(section, dict) or not section.get("title"):
            continue
        entries = _entries(str(section.get("type") or "list"), section.get("contents"))
        if section.get("type") == "map":
            full = next((e["details"] for e in entries if e["label"].lower() in (
                "full name", "name", "姓名")), "")
            name = full or name
            entries = [e for e in entries if e["details"] != full]
        if entries:
            out[_text(section["title"])] = entries
    return {"cv": {"name": name, "sections": out}}


def _rendercv_data(path: Path) -> dict[str, Any] | None:
    """`_data/cv.yml` in RenderCV's own schema (a `cv:` with its `sections:`), which
    al-folio shows since its CV layout read both formats; None for its older list of
    sections, or no such file."""
    try:
        data = YAML(typ="safe", pure=True).load(read_text(path)) if path.is_file() else None
    except YAMLError:
        return None
    return data if isinstance(data, dict) and isinstance(data.get("cv"), dict) else None


_HEADER = ("name", "headline", "label", "location", "email", "phone", "website", "photo",
           "social_networks", "sections")
"""RenderCV's keys of `cv:` (Lanting's reader refuses others)."""


def _inline_markdown(value: Any) -> Any:
    """A value of al-folio's `cv.yml` (its layout printed the HTML in it, `<a
    href="…">`, as it is; Lanting's CV escapes HTML) with its inline HTML as Markdown,
    in lists too."""
    if isinstance(value, str):
        return inline_html_as_markdown(value) if "<" in value else value
    if isinstance(value, list):
        return [_inline_markdown(v) for v in value]
    return value


def _rendercv_entry(entry: Any) -> Any:
    """An entry of al-folio's `cv.yml` in RenderCV's names. al-folio's layout read JSON
    Resume's names there too: an education's `studyType` is `degree`; an award's or a
    certificate's `title` (`awarder`, `issuer`) and a reference's `reference` an entry
    of a `name`, the awarder leading its summary; a language's `language` and `fluency`,
    a skill's `name`, `level` and `keywords`, a `label` and its `details`. Its `icon`
    (a picture beside the entry) is left out."""
    if not isinstance(entry, dict):
        return _inline_markdown(entry)
    entry = {("degree" if k == "studyType" else k): _inline_markdown(v)
             for k, v in entry.items() if k != "icon"}
    if "language" in entry or "keywords" in entry or "level" in entry:
        words = entry.get("keywords")
        details = [str(x) for x in (entry.get("fluency"), entry.get("level"),
                                    ", ".join(map(str, words)) if isinstance(words, list)
                                    else words, entry.get("summary")) if x]
        return {"label": entry.get("language") or entry.get("name") or "",
                "details": "; ".join(details)}
    if "authors" in entry or not ({"title", "name"} & entry.keys()):
        return entry
    made = {("name" if k == "title" else k): v for k, v in entry.items()
            if k not in ("awarder", "issuer", "reference")}
    summary = ". ".join(str(x).strip() for x in (entry.get("awarder"), entry.get("issuer"),
                                                 entry.get("summary"), entry.get("reference"))
                        if x and str(x).strip())
    if summary:
        made["summary"] = summary
    return made


def _rendercv_proper(data: dict[str, Any], path: Path, report: Report) -> dict[str, Any]:
    """al-folio's `cv.yml` in RenderCV's schema as RenderCV writes it: al-folio's layout
    also read JSON Resume's names in it, `summary` under `cv:` (a first section here) and
    an education's `studyType` (RenderCV's `degree`), an award's `title`; its `image`
    and `address`, which RenderCV has not, are left out with a notice. (Kept as they
    were, the build stopped on `cv.summary` and on each award.)"""
    cv = dict(data["cv"])
    given = cv.get("sections")
    sections: dict[str, Any] = given if isinstance(given, dict) else {}
    summary = str(cv.pop("summary", "") or "").strip()
    if summary:
        sections = {"Summary": [" ".join(summary.split())], **sections}
    cv["sections"] = {title: [_rendercv_entry(e) for e in entries]
                      if isinstance(entries, list) else entries
                      for title, entries in sections.items()}
    left = [k for k in cv if k not in _HEADER]
    if [k for k in left if cv[k]]:
        report.note(path, None, "left out of content/cv.yaml (RenderCV has no place for "
                    "them): " + ", ".join(f"`cv.{k}`" for k in left if cv[k]))
    return {**data, "cv": {k: v for k, v in cv.items() if k not in left}}


def cv_yaml(source: Path, config: dict[str, Any], page: Path, name: str,
            report: Report, cv_format: str = "") -> str | None:
    """`content/cv.yaml` from the files the CV page showed, or None (with a notice). The
    page's `cv_format` (`rendercv`, `jsonresume`) chose one; without it, RenderCV's
    `cv.yml` came before the JSON Resume."""
    path = source / "_data" / "cv.yml"
    given = _rendercv_data(path)
    if given is not None and cv_format != "jsonresume":
        if str(given["cv"].get("name") or "") in EXAMPLE_NAMES:
            report.note(path, None, "left out: the theme's example CV, never edited")
            return None
        report.note(page, None, "the CV of _data/cv.yml (RenderCV's schema, as Lanting "
                    "reads it) is content/cv.yaml")
        return dump_yaml(_rendercv_proper(given, path, report))
    resume = resume_path(source, config) if cv_format != "rendercv" else None
    if resume is not None:
        try:
            data = json.loads(read_text(resume))
        except json.JSONDecodeError as error:
            report.warn(resume, error.lineno, f"the CV is not JSON ({error.msg}): left out")
            return None
        if _example_resume(data):
            report.note(resume, None, "left out: the theme's example CV, never edited (but "
                        "for its name, perhaps)")
            return None
        report.note(page, None, f"the CV of {resume.relative_to(source).as_posix()} "
                    "(JSON Resume) is content/cv.yaml")
        return dump_yaml(data)
    if not path.is_file() or cv_format == "jsonresume":
        return None
    try:
        sections = YAML(typ="safe", pure=True).load(read_text(path))
    except YAMLError:
        sections = None
    if not isinstance(sections, list):
        report.warn(path, None, "the CV is not a YAML list of sections: left out")
        return None
    made = rendercv(sections, name)
    if made["cv"]["name"] == EXAMPLE_NAME:
        report.note(path, None, "left out: the theme's example CV, never edited")
        return None
    report.note(page, None, "the CV of _data/cv.yml is content/cv.yaml (RenderCV's "
                "sections: its `map` lines as labels, `time_table` entries with dates)")
    return dump_yaml(made)
