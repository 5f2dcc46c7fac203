"""What `quartz.config.ts` of a Quartz v4 site says, read without running it: the title
(`pageTitle`), where it was published (`baseUrl`), its language (`locale`), the notes it
leaves out (`ignorePatterns`, and whether `ExplicitPublish` publishes only the notes that
say `publish: true`), and Quartz's own rules for file paths, URLs and tags (`slug`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.js_literals import JS_STRING, strip_comments

_VALUE = r"""\s*:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$]*`)"""


DEFAULT_IGNORE = ("private", "templates", ".obsidian")
"""Quartz's own `ignorePatterns` (those of its sample configuration)."""


@dataclass(frozen=True, slots=True)
class QuartzConfig:
    file: str = "quartz.config.ts"
    title: str = ""
    base_url: str = ""
    locale: str = ""
    ignore: tuple[str, ...] = DEFAULT_IGNORE
    explicit_publish: bool = False
    """`Plugin.ExplicitPublish()`: only notes with `publish: true` were published."""
    hard_breaks: bool = False
    """`Plugin.HardLineBreaks()`: a line end inside a paragraph was a line break."""
    date_type: str = "created"
    """`defaultDateType`: which date Quartz showed (`created`, `modified`, `published`)."""
    text: str = field(default="", repr=False)

    def line(self, key: str) -> int | None:
        at = self.text.find(key)
        return self.text.count("\n", 0, at) + 1 if at >= 0 else None


def _string(code: str, key: str) -> str:
    found = re.search(r"\b" + key + _VALUE, code)
    return found.group(1)[1:-1] if found else ""


def read_config(source: Path) -> QuartzConfig:
    """The settings of `quartz.config.ts` (`.js`, `.mjs`) that decide what was published
    and where; a setting Quartz computes at build time keeps its default."""
    path = next((source / name for name in ("quartz.config.ts", "quartz.config.js",
                                            "quartz.config.mjs")
                 if (source / name).is_file()), source / "quartz.config.ts")
    text = read_text(path) if path.is_file() else ""
    code = strip_comments(text)
    ignore = DEFAULT_IGNORE
    found = re.search(r"\bignorePatterns\s*:\s*\[(.*?)\]", code, re.DOTALL)
    if found:
        ignore = tuple(s[1:-1] for s in JS_STRING.findall(found.group(1)))
    return QuartzConfig(
        file=path.name, title=_string(code, "pageTitle"), base_url=_string(code, "baseUrl"),
        locale=_string(code, "locale"), ignore=ignore,
        explicit_publish=bool(re.search(r"\bPlugin\.ExplicitPublish\s*\(", code)),
        hard_breaks=bool(re.search(r"\bPlugin\.HardLineBreaks\s*\(", code)),
        date_type=_string(code, "defaultDateType") or "created", text=text)


def ignored(rel: str, patterns: tuple[str, ...]) -> bool:
    """Whether Quartz's globby left the file at `rel` (from `content/`) out: a pattern
    names a file or folder by its path (`private`, `notes/drafts`, `**/*.excalidraw.md`),
    and a folder's files go with it."""
    parts = rel.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    for raw in patterns:
        pattern = raw.strip().strip("/")
        if not pattern:
            continue
        if any(fnmatch(p, pattern) or (pattern.startswith("**/")
                                       and fnmatch(p.rsplit("/", 1)[-1], pattern[3:]))
               for p in prefixes):
            return True
    return False


_EXTENSION = re.compile(r"[A-Za-z0-9]+")
"""What Quartz's `getFileExtension` takes for an extension: letters and digits after the
last dot (`Chap 1. 描述性统计` has none)."""


def has_extension(name: str) -> bool:
    stem, dot, ext = name.rpartition("/")[2].rpartition(".")
    return bool(dot and stem and _EXTENSION.fullmatch(ext))


def slug(rel: str) -> str:
    """Quartz's `slugifyFilePath`: a file's path from `content/` as its URL path, a note
    without `.md`, each space `-`, `&` `-and-`, `%` `-percent`, `?` and `#` dropped
    (`ML 笔记/Attention & Transformer.md` → `ML-笔记/Attention--and--Transformer`)."""
    stem, dot, ext = rel.rpartition(".")
    if not dot or not _EXTENSION.fullmatch(ext):  # (`Chap 1. 概率.md`'s is `.md`, not `. 概率`)
        stem, ext = rel, ""
    if ext.lower() in ("md", "html"):
        ext = ""
    segments = [re.sub(r"\s", "-", s).replace("&", "-and-").replace("%", "-percent")
                .replace("?", "").replace("#", "") for s in stem.split("/")]
    out = "/".join(segments).rstrip("/")
    if out.endswith("_index"):
        out = out[: -len("_index")] + "index"
    return out + ("." + ext if ext else "")


def file_slug(rel: str) -> str:
    """Where Quartz's assets emitter copied a file that is no note: its path slugged, its
    extension kept (`slugifyFilePath(fp, true)` and the extension), so `scripts.html`
    beside a folder `scripts/` stays a file of its own (`slug` takes `.html` off, as
    for a note's URL, and the copy met the folder)."""
    stem, dot, ext = rel.rpartition(".")
    if dot and "/" not in ext and ext.lower() in ("md", "html"):
        return slug(stem) + "." + ext
    return slug(rel)


def note_url(rel: str) -> str:
    """Where Quartz published the note at `rel`: `/x/Note-name.html` (which GitHub
    Pages, Netlify and Cloudflare Pages answer at `/x/Note-name`, the URL its links
    used), a folder's `index.md` at `/x/`."""
    path = slug(rel)
    if path == "index" or path.endswith("/index"):
        return "/" + path[: -len("index")]
    return "/" + path + ".html"


def tag_slug(tag: str) -> str:
    """Quartz's `slugTag`: each `/`-separated part of a tag slugged as a path segment."""
    return "/".join(slug(part.strip() + ".md") for part in tag.split("/"))
