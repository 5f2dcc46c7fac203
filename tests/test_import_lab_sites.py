"""Faults real lab and group sites exposed (a lab-website template on Jekyll with
`_config.yaml` and a `_members/` collection; an al-folio lab with a `_people/`
collection), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages
from sitebits import write_files

from lanting.importer import import_site

LAB_CONFIG = """\
title: Tide Pool Lab
description: We study small things in shallow water.
collections:
  members:
    output: true
defaults:
  - scope: {type: members}
    values: {layout: member}
"""
POST = "---\ntitle: A field day\n---\n\nWe counted snails at low tide.\n"


def lab_site(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    source = tmp_path / "old"
    write_files(source, {"_config.yaml": LAB_CONFIG, "Gemfile": 'gem "jekyll"\n',
                         "_layouts/default.html": "{{ content }}\n",
                         "_posts/2024-05-01-field-day.md": POST, **files})
    return source


def test_a_site_of_config_yaml_is_a_jekyll_site(tmp_path: Path) -> None:
    """Jekyll reads `_config.yaml` when there is no `_config.yml`, and the lab-website
    template ships it so: the site was no site Lanting could import ("looked for
    …"). It is read, its title carried over, the report naming the file."""
    source = lab_site(tmp_path, {})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.kind == "jekyll"
    config = (tmp_path / "new" / "lanting.toml").read_text(encoding="utf-8")
    assert 'title = "Tide Pool Lab"' in config
    assert any("no `lang`" in m for m in messages(imported, "_config.yaml"))
