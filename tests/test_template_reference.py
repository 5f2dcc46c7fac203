"""docs/content/pages/templates.md is generated from the code
(`lanting.render.template_reference`):
it is up to date, describes every variable, and names every template of the theme."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.render.overrides import theme_templates
from lanting.render.template_reference import (
    VARIABLES,
    reference,
    render_calls,
    variable_names,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "content" / "pages" / "templates.md"


def test_the_reference_in_docs_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == reference(), (
        f"{DOC} is out of date: run `PYTHONPATH=src python -m "
        "lanting.render.template_reference > docs/content/pages/templates.md`")


def test_every_variable_is_described_and_every_description_used() -> None:
    names = variable_names()
    assert names - set(VARIABLES) == set()
    assert set(VARIABLES) - names == set()


def test_every_template_has_a_section() -> None:
    text = reference()
    headings = re.findall(r"^### `([^`]+)`$", text, re.M)
    assert sorted(headings) == theme_templates()
    assert "**not described**" not in text


def test_render_calls_are_read_from_the_code() -> None:
    calls = {(c.template, c.path) for c in render_calls()}
    assert ("post.html", "page.output") in calls and ("page.html", "page.output") in calls
    assert ("term.html", "f'{taxonomy}/{term.slug}/index.html'") in calls
    passed = {c.template: c.passed for c in render_calls()}
    assert passed["publication.html"] == ("page", "pub", "json_ld")
