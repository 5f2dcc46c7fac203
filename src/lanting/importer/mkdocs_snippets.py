"""pymdownx.snippets in an MkDocs page: `--8<-- "file"` (also `file:3:9`, `file:section`
between `--8<-- [start:section]` and `--8<-- [end:section]` lines) and the block form, the
file's text put in its place, from the extension's `base_path` folders; a missing file or
a URL is a warning at its line. The files pages inline are parts, not pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.body import unconverted
from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_settings import extension
from lanting.importer.report import Report

_SNIPPET = re.compile(r"^([ \t]*)(;?)-{1,}8<-{1,}[ \t]+([\"'])(.+?)\3[ \t]*$", re.MULTILINE)
_SNIPPET_BLOCK = re.compile(r"^([ \t]*)-{1,}8<-{1,}[ \t]*\n(.*?)\n[ \t]*-{1,}8<-{1,}[ \t]*$",
                            re.MULTILINE | re.DOTALL)


class MkDocsSnippets:
    """The snippets side of the MkDocs importer."""

    source: Path
    config: dict[str, Any]
    report: Report

    def snippet_roots(self) -> list[Path]:
        options = extension(self.config, "pymdownx.snippets")
        paths = (options or {}).get("base_path", ["."])
        return [self.source / str(p) for p in (paths if isinstance(paths, list) else [paths])]

    def appended(self) -> str:
        """`auto_append` files, which pymdownx.snippets added to every page: their text
        (a file of abbreviations only is left out, once, with a notice)."""
        options = extension(self.config, "pymdownx.snippets") or {}
        names = options.get("auto_append") or []
        parts = []
        for name in names if isinstance(names, list) else [names]:
            file = next((r / str(name) for r in self.snippet_roots()
                         if (r / str(name)).is_file()), None)
            text = read_text(file).strip() if file is not None else ""
            if file is None:
                self.report.warn("mkdocs.yml", None, f"auto_append snippet `{name}` not "
                                 "found: nothing appended")
            elif all(re.match(r"\*\[[^\]]+\]:", line) for line in text.split("\n")
                     if line.strip()):
                self.report.note("mkdocs.yml", None, f"auto_append `{name}`: abbreviations "
                                 "only, left out (Lanting has no abbreviation tooltips)")
            else:
                parts.append(f"--8<-- \"{name}\"")
        return "\n\n".join(parts)

    def snippet_files(self, texts: list[str]) -> set[Path]:
        """The files the pages inline (they are parts of pages, not pages)."""
        found: set[Path] = set()
        options = extension(self.config, "pymdownx.snippets") or {}
        appended = options.get("auto_append") or []
        names = [str(n) for n in (appended if isinstance(appended, list) else [appended])]
        names += [m.group(4) for t in texts for m in _SNIPPET.finditer(t)]
        names += [n.strip() for t in texts for m in _SNIPPET_BLOCK.finditer(t)
                  for n in m.group(2).split("\n") if n.strip()]
        for name in names:
            file_name = _snippet_parts(name)[0]
            for root in self.snippet_roots():
                if (root / file_name).is_file():
                    found.add((root / file_name).resolve())
        return found

    def snippets(self, text: str, path: Path, ctx: Context, depth: int = 0) -> str:
        """`--8<-- "file"` (also `file:3:9` and `file:section`) and the block form: the
        file's text in its place; `;--8<--` is the line as written."""
        if "8<" not in text:
            return text

        def one(indent: str, name: str, whole: str) -> str:
            found = self.snippet(name, path, ctx, whole, depth)
            if found is None:  # (pymdownx.snippets showed nothing there)
                return indent + unconverted(whole.strip())
            ctx.convert("snippets inlined")
            return "\n".join(indent + line if line else "" for line in found.split("\n"))

        def line(match: re.Match[str]) -> str:
            if match.group(2):
                return match.group().replace(";", "", 1)
            return one(match.group(1), match.group(4), match.group())

        def block(match: re.Match[str]) -> str:
            names = [n.strip() for n in match.group(2).split("\n")
                     if n.strip() and not n.strip().startswith(";")]
            parts = [one(match.group(1), n, n) for n in names]
            return "\n".join(parts)

        text = _SNIPPET_BLOCK.sub(block, text)
        return _SNIPPET.sub(line, text)

    def snippet(self, name: str, path: Path, ctx: Context, whole: str,
                depth: int) -> str | None:
        if re.match(r"^https?://", name):
            ctx.warn(whole, f"snippet `{name}` is a URL: not fetched, left in a comment "
                     "(paste its text in)")
            return None
        file_name, lines, section = _snippet_parts(name)
        file = next((root / file_name for root in self.snippet_roots()
                     if (root / file_name).is_file()), None)
        if file is None or depth > 8:
            ctx.warn(whole, f"snippet `{file_name}` not found (looked in "
                     + ", ".join(f"`{r.relative_to(self.source).as_posix() or '.'}`"
                                 for r in self.snippet_roots())
                     + "): left in a comment (the old site showed nothing there)")
            return None
        text = read_text(file)
        if section:
            found = re.search(rf"^[^\n]*--8<--[ \t]*\[start:{re.escape(section)}\][^\n]*\n"
                              rf"(.*?)^[^\n]*--8<--[ \t]*\[end:{re.escape(section)}\]", text,
                              re.MULTILINE | re.DOTALL)
            if found is None:
                ctx.warn(whole, f"snippet section `{section}` not in `{file_name}`: left "
                         "in a comment (the old site showed nothing there)")
                return None
            text = found.group(1)
        elif lines:
            start, end = lines
            text = "\n".join(text.split("\n")[start - 1:end])
        text = re.sub(r"^.*--8<--[ \t]*\[(?:start|end):[\w-]+\].*\n?", "", text,
                      flags=re.MULTILINE)
        return self.snippets(text.rstrip("\n"), file, ctx, depth + 1)


def _snippet_parts(name: str) -> tuple[str, tuple[int, int] | None, str]:
    """`file.md:3:9` → (file, (3, 9), ""), `file.md:3` and `file.md::9` the lines from 3
    or to 9; `file.md:intro` → (file, None, "intro") (pymdownx's `RE_SNIPPET_FILE`)."""
    found = re.fullmatch(r"(.+?)(?::(\d*))(?::(\d*))?", name)
    if found and (found.group(2) or found.group(3)):
        start = int(found.group(2) or 1)
        end = int(found.group(3)) if found.group(3) else 10**9
        return found.group(1), (start, end), ""
    found = re.fullmatch(r"(.+?):([A-Za-z][-_0-9A-Za-z]*)", name)
    if found and not re.fullmatch(r"[A-Za-z]", found.group(1)):  # (not `C:\x`)
        return found.group(1), None, found.group(2)
    return name, None, ""
