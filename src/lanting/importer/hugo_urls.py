"""The URLs a Hugo site gave its pages, for the aliases that keep them answering:
`[permalinks]` patterns and their tokens (`:sections[1:]`, `:slugorfilename`, …), Hugo's
default (the path under `content/`, nested sections included), `url`, `aliases`,
`uglyURLs`, and Hugo's URL sanitizer (`hugo_path`); and the Lanting pattern that gives the
same URLs where one can."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import Options, bool_of
from lanting.importer.hugo_settings import HugoLanguage
from lanting.importer.text import When
from lanting.model.config import DEFAULT_POST_PERMALINK

TERM_FOLDERS = {"tags": "tags", "categories": "categories", "series": "series",
                "collections": "series"}
"""Hugo taxonomies whose term pages Lanting makes (FixIt's `collections` are its series)."""


def hugo_path(text: str, lower: bool = True) -> str:
    """Hugo's URL sanitizer (`paths.Sanitize`): letters, digits, marks and
    `._~#+-/\\%@` kept, anything else dropped; a run of spaces (and what is dropped
    among them) one `-`, but none beside a `-` of the text ("MSPTDfast - An" is
    `msptdfast-an`: a talk's title with a dash, linked so, was `msptdfast---an`);
    lowercased unless `disablePathToLower`."""
    out: list[str] = []
    pending = hyphen = False  # (a space since the last kept character; was it `-`)
    for char in text:
        if char.isalnum() or unicodedata.category(char)[0] == "M" or char in "._~#+-/\\%@":
            hyphen = char == "-"
            if pending and not hyphen:
                out.append("-")
            pending = False
            out.append(char)
        elif out and not hyphen and char.isspace():
            pending = True
    path = "".join(out)
    return path.lower() if lower else path


class HugoUrls:
    """The old-URL side of the Hugo importers."""

    options: Options
    config: dict[str, Any]
    lower: bool
    root_of: Callable[[Path], Path]
    in_folder: Callable[[str, HugoLanguage, dict[str, Any]], str]

    def permalink_of(self, section: str) -> str:
        return self.configured_permalink(section) or f"/{section}/:slugorfilename/"

    def configured_permalink(self, section: str) -> str | None:
        if self.options.permalink:
            return self.options.permalink
        permalinks = self.config.get("permalinks") or {}
        if isinstance(permalinks, dict):
            key = section.lower()  # (the configuration's keys are lowercased)
            page = permalinks.get("page")
            if isinstance(page, dict) and isinstance(page.get(key), str):
                return str(page[key])
            if isinstance(permalinks.get(key), str):
                return str(permalinks[key])
        return None

    def lanting_pattern(self, pattern: str, section: str) -> str:
        translated = pattern.replace(":section", section)
        for old in (":slugorfilename", ":slugorcontentbasename", ":filename",
                    ":contentbasename"):
            translated = translated.replace(old, ":slug")
        if not translated.startswith("/"):
            translated = "/" + translated
        if self.lower:  # (Hugo lowercased the path, `content/CV/OCR.md` at `/cv/ocr/`,
            translated = translated.lower()  # as `fill` does the old URLs)
        if re.search(r":(?!year\b|month\b|day\b|slug\b|title\b)\w+", translated) \
                or not translated.endswith("/") \
                or not re.search(r":(slug|title)\b", translated):
            return DEFAULT_POST_PERMALINK
        return translated

    def old_urls(self, path: Path, bundle: Path | None, section: str, data: dict[str, Any],
                 date: When, stem: str, language: HugoLanguage | None = None) -> list[str]:
        """The page's URL (in its language's folder) and its `aliases` (as written: Hugo
        puts an absolute alias at that path whatever the language)."""
        if data.get("url"):
            main = "/" + str(data["url"]).strip("/") + "/"
        else:
            folders = (bundle or path).parent.relative_to(self.root_of(path)).parts
            pattern = self.configured_permalink(section)
            if pattern is None:  # Hugo's default: the path under content/
                # (a `slug: /e84c3531` written with a slash: Hugo joins the parts with
                # Go's `path.Join`, which leaves no `//`)
                main = self.ugly(re.sub(r"/{2,}", "/", "/" + "/".join([*folders, hugo_path(
                    str(data.get("slug") or ""), False) or stem]) + "/"), section)
                main = hugo_path(main, self.lower)
            else:
                main = self.fill(pattern, self.nested_sections(path, folders), data, date,
                                 stem)
            if language is not None:
                main = self.in_folder(main, language, data)
        urls = [main]
        for alias in data.get("aliases") or []:
            alias = str(alias)
            urls.append(alias if alias.startswith("/") else
                        main.rstrip("/").rsplit("/", 1)[0] + "/" + alias)
        return urls

    def nested_sections(self, path: Path, folders: tuple[str, ...]) -> list[str]:
        """The sections a page is in: the first folder, and each folder below it that
        has an `_index` file (a folder without one is no section to Hugo)."""
        root = self.root_of(path)
        found = list(folders[:1])
        for n in range(2, len(folders) + 1):
            if any((root.joinpath(*folders[:n])).glob("_index.*")):
                found.append(folders[n - 1])
            else:
                break
        return found

    def ugly(self, url: str, section: str) -> str:
        """`/x/` as `/x.html` where `uglyURLs` is on (for the site, or the section)."""
        ugly = self.config.get("uglyurls")
        if isinstance(ugly, dict):
            ugly = ugly.get(section.lower())
        if bool_of(ugly) and url.endswith("/") and url != "/":
            return url.rstrip("/") + ".html"
        return url

    def fill(self, pattern: str, sections: list[str], data: dict[str, Any], date: When,
             stem: str) -> str:
        section = sections[0] if sections else ""
        moment = date.moment
        title = str(data.get("title") or "")
        slug = str(data.get("slug") or "")
        values = {
            "year": f"{moment.year:04d}", "month": f"{moment.month:02d}",
            "monthname": moment.strftime("%B"), "day": f"{moment.day:02d}",
            "weekday": str(moment.isoweekday() % 7), "weekdayname": moment.strftime("%A"),
            "yearday": str(moment.timetuple().tm_yday), "section": section,
            "title": hugo_path(title, False),
            "slug": hugo_path(slug or title, False), "filename": stem,
            "contentbasename": stem, "slugorfilename": hugo_path(slug, False) or stem,
            "slugorcontentbasename": hugo_path(slug, False) or stem,
        }

        def sections_of(match: re.Match[str]) -> str:
            # `:sections`, `:sections[1:]`, `:sections[last]`, `:sections[0]`
            index = (match.group(1) or "").replace("last", "-1")
            try:
                if ":" in index:
                    start, _colon, end = index.partition(":")
                    chosen = sections[int(start or 0):int(end) if end else None]
                else:
                    chosen = [sections[int(index)]] if index else sections
            except (ValueError, IndexError):
                chosen = sections
            return "/".join(chosen)

        url = re.sub(r":sections(?:\[([^\]]*)\])?", sections_of, pattern)
        url = re.sub(r":([a-z]+)", lambda m: values.get(m.group(1), m.group()), url)
        url = re.sub(r"/{2,}", "/", "/" + url.strip("/") + ("/" if not url.endswith(".html")
                                                             else ""))
        return hugo_path(self.ugly(url, section), self.lower)
