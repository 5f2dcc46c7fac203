"""Zensical's `zensical.toml` (the successor of Material for MkDocs) read as the
`mkdocs.yml` it replaces: its `[project]` table holds MkDocs' settings under their own
names, only its Markdown extensions are tables (`[project.markdown_extensions.pymdownx.
arithmatex]`) where `mkdocs.yml` lists them."""

from __future__ import annotations

from typing import Any

from lanting.importer.text import load_mapping

CONFIG = "zensical.toml"

_NAMESPACES = frozenset({"pymdownx", "markdown", "material", "zensical"})
"""Packages whose extensions TOML's dotted keys nest one level deeper
(`pymdownx.arithmatex` is the table `arithmatex` in the table `pymdownx`)."""


def _extensions(tables: dict[str, Any]) -> list[Any]:
    """`{"admonition": {}, "pymdownx": {"arithmatex": {"generic": True}}}` as MkDocs'
    list: `["admonition", {"pymdownx.arithmatex": {"generic": True}}]`."""
    listed: list[Any] = []
    for name, options in tables.items():
        if name in _NAMESPACES and isinstance(options, dict) and options and all(
                isinstance(v, dict) for v in options.values()):
            listed += _extensions({f"{name}.{k}": v for k, v in options.items()})
        else:
            listed.append({name: options} if isinstance(options, dict) and options else name)
    return listed


def zensical_config(raw: str) -> tuple[dict[str, Any], str | None]:
    """`zensical.toml`'s settings as `mkdocs.yml`'s mapping, and what was wrong."""
    data, error = load_mapping("toml", raw)
    project = data.get("project")
    config = dict(project) if isinstance(project, dict) else {}
    extensions = config.get("markdown_extensions")
    if isinstance(extensions, dict):
        config["markdown_extensions"] = _extensions(extensions)
    return config, error
