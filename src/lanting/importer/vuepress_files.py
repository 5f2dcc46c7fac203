"""Where a VitePress or VuePress site's files are: the `.vitepress`/`.vuepress` folder
(in the folder `package.json` builds), every file of its source folder, and the files a
link may name."""

from __future__ import annotations

import os
import re
from pathlib import Path

from lanting.importer.common import read_text

_BUILD_SCRIPT = re.compile(r"""\b(?:vitepress|vuepress(?:-vite|-webpack)?)\s+build\s+"""
                           r"""(?:--?[\w-]+(?:[ =][^\s"'-][^\s"']*)?\s+)*"""
                           r"""([^\s"'&|;-][^\s"'&|;]*)""")
"""The folder `package.json`'s build script names (`vitepress build mynotes`)."""


def _built_folder(source: Path) -> Path | None:
    """The folder the site's `package.json` builds, when it says: of several folders
    with a config (an old copy beside the site), the one the site was made from."""
    package = source / "package.json"
    found = _BUILD_SCRIPT.search(read_text(package)) if package.is_file() else None
    return (source / found.group(1)) if found else None


def locate(source: Path, tool: str) -> Path | None:
    """The `.vitepress`/`.vuepress` folder of a site: in the folder `package.json`'s
    build script names, else at its root, in `docs/`, `src/` or another first-level
    folder."""
    built = _built_folder(source)
    for folder in ([built] if built else []) + [source, source / "docs", source / "src",
                   *sorted(p for p in source.iterdir() if p.is_dir()
                           and not p.name.startswith((".", "node_modules")))]:
        if (folder / tool).is_dir():
            return folder / tool
    return None


def candidates(file: Path) -> list[Path]:
    """The files a link may name (resolved): `x.md`; `x.md` for `x.html`; `x.md`,
    `x/index.md`, `x/README.md` for `x` (VitePress's links, a folder)."""
    name = file.name
    if name.endswith(".html"):
        found = [file.with_suffix(".md")]
    elif name.endswith(".md"):
        found = [file]
    else:
        found = [file.with_name(name + ".md"), file / "index.md", file / "README.md"]
    try:
        return [f.resolve() for f in found]
    except OSError:
        return []


def files_under(root: Path, skip: Path | None) -> list[Path]:
    """Every file under `root`, sorted, but hidden ones and those of hidden folders,
    `node_modules/` and `skip` (common's `walk` also skips `resources/`, `themes/` and
    the like, which are Hugo's: here they are folders of pages)."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules"
                         and (here / d) != skip)
        # (not a link to nowhere: VitePress's own docs link public/ files to ../art/)
        found += [here / f for f in sorted(files) if not f.startswith(".")
                  and (here / f).is_file()]
    return found
