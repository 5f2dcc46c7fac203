"""The Quarto importer on tiny projects written inline: what the fixture site under
tests/fixtures/import/quarto/ does not show."""

from __future__ import annotations

import tomllib
from pathlib import Path

from sitebits import write_files

from lanting.importer import detect, import_site


def test_a_project_configured_in_quarto_yaml_keeps_its_settings(tmp_path: Path) -> None:
    """Quarto reads `_quarto.yaml` as well as `_quarto.yml`: its title and site URL
    must reach lanting.toml, not only its detection."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yaml": """\
            project:
              type: website
            website:
              title: "Policy Gradients by Hand"
              site-url: https://pg.example.org
            """,
        "posts/first/index.qmd": """\
            ---
            title: "First"
            date: 2024-06-01
            ---

            Hello.
            """,
    })
    assert detect(source) == "quarto"
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["base_url"]) == ("Policy Gradients by Hand",
                                                     "https://pg.example.org/")
    assert done.report.warnings == []
