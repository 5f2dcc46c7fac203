"""An Obsidian vault's own settings (`.obsidian/`), and those of the other folders of
notes the notes import reads (a Logseq graph, a Dendron vault, a plain folder): the
site's title, line breaks, the templates folder left out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.logseq import LogseqGraph
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.quartz_settings import DEFAULT_IGNORE, QuartzConfig
from lanting.importer.text import load_mapping, split_front_matter


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_text(path)) if path.is_file() else {}
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def _dicts(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    found = data.get(key)
    return [d for d in found if isinstance(d, dict)] if isinstance(found, list) else []


def on_disk(root: Path, rel: str) -> str:
    """`rel` as the file or folder under `root` is spelt: Obsidian, on a Mac's or
    Windows' disk, found `templates` as the vault's `Templates/` (and a template named
    without `.md`); `rel` as written when none is."""
    at, parts = root, []
    for part in rel.split("/"):
        if (at / part).exists():
            name = part
        else:
            name = next((c.name for c in sorted(at.iterdir()) if c.name.casefold() in (
                part.casefold(), part.casefold() + ".md")), "") if at.is_dir() else ""
            if not name:
                return rel
        parts.append(name)
        at = at / name
    return "/".join(parts)


def read_vault(source: Path, graph: LogseqGraph | None = None,
               notes: Path | None = None) -> QuartzConfig:
    """The vault's settings that decide what is shown and how: the site's title (the top
    note's title or heading, else the folder's name), line breaks, the templates folder.
    (`notes`: where the notes are, when not in `source`: a Dendron vault's folder.)"""
    settings = source / ".obsidian"
    app = _json(settings / "app.json")
    templater = _json(settings / "plugins" / "templater-obsidian" / "data.json")
    zotero = _json(settings / "plugins" / "obsidian-zotero-desktop-connector" / "data.json")
    # (the templates folder, Templater's, and the files Templater's folder templates and
    # Zotero Integration's literature notes are made from, wherever they are)
    templates = [str(_json(settings / "templates.json").get("folder") or ""),
                 str(templater.get("templates_folder") or ""),
                 *(str(t.get("template") or "") for t in _dicts(templater, "folder_templates")),
                 *(str(t.get("templatePath") or "") for t in _dicts(zotero, "exportFormats"))]
    folder = notes or source
    top = next((folder / n for n in ("index.md", "Index.md", "README.md", "readme.md", "root.md")
                if (folder / n).is_file()), None)
    _fmt, head, body, _first = split_front_matter(read_text(top)) if top else ("", "", "", 0)
    titled = load_mapping("yaml", head)[0].get("title") if head else None
    heading = (str(titled), "") if titled else first_heading(body) if top else None
    return QuartzConfig(
        file=".obsidian/app.json" if settings.is_dir() else "logseq/config.edn" if graph
        else "dendron.yml" if notes else "lanting.toml",
        title=heading[0] if heading else source.name,
        ignore=DEFAULT_IGNORE + tuple(on_disk(source, t.strip("/")) for t in templates
                                      if t.strip("/")),
        hard_breaks=settings.is_dir() and app.get("strictLineBreaks") is not True)
