"""Faults real Jekyll sites exposed in the sixteenth sweep (course sites on
just-the-class, blogs), and notebooks' links to their headings in notes and books, in
small sites written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from importbits import NOW, jekyll_site
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

_NOTEBOOK = json.dumps({
    "cells": [{"cell_type": "markdown", "metadata": {}, "source": [
                   "# Pattern notes\n", "\n", "1. [Plan](#Plan)\n",
                   "2. [Syntax](#More-pattern-syntax)"]},
              {"cell_type": "markdown", "metadata": {}, "source": ["## Plan\n", "\n", "Match."]},
              {"cell_type": "markdown", "metadata": {},
               "source": ["## More pattern syntax\n", "\n", "Stars."]}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5})
"""A notebook whose links to its headings are Jupyter's ids, in the headings' case."""

_COURSE = ("title: Intro to Programming\nlang: en\nbaseurl: '/spring'\n"
           "url: 'https://course.example.org'\nremote_theme: just-the-docs/just-the-docs\n"
           "permalink: pretty\n")


def test_a_person_in_two_staff_collections_is_one_page(tmp_path: Path) -> None:
    """just-the-class keeps its staff twice, `_staffers/` with bios and
    `_staffersnobio/` without, the same `name` in each: the import made a page of each,
    the second `ann-kay-2`, with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE + "collections:\n  staffersnobio:\n  staffers:\n"
                                 "    output: true\n",
        "_staffersnobio/kay.md": "---\nname: Ann Kay\nrole: Instructor\n"
                                 "email: kay@example.org\n---\n",
        "_staffersnobio/ng.md": "---\nname: Avi Ng\nrole: Tutor\n---\n",
        "_staffers/kay.md": "---\nname: Ann  Kay\nrole: Instructor\n"
                            "website: https://kay.example.org\n---\n\nAnn studies parsers.\n",
        "staff.md": "---\ntitle: Staff\n---\n\n{% for s in site.staffersnobio %}\n"
                    "{{ s }}\n{% endfor %}\n"})
    people = sorted(p.name for p in (imported.dest / "content/people").iterdir())
    assert people == ["ann-kay.md", "avi-ng.md"], people
    assert not imported.report.warnings, imported.report.entries
    kay = (imported.dest / "content/people/ann-kay.md").read_text(encoding="utf-8")
    assert "Ann studies parsers." in kay and "mailto:kay@example.org" in kay, kay
    assert "https://kay.example.org" in kay and "weight: 1" in kay, kay
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_page_printing_a_whole_collection_shows_its_documents(tmp_path: Path) -> None:
    """`{{ site.staff }}` prints the collection's documents, each in its layout, one
    after another; the import left it in a comment with a warning. just-the-class'
    staffer layout links the name in its heading (`<a href="{{ page.website }}">`
    inside an `{% if %}`), which the import did not read as the heading."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE + "collections:\n  staff:\n    output: false\n"
                                 "defaults:\n  - scope:\n      path: ''\n      type: staff\n"
                                 "    values:\n      layout: staffer\n",
        "_layouts/staffer.html": '<div class="role">\n  <h3 class="staffer-name">\n'
                                 "    {%- if page.website -%}\n"
                                 '    <a href="{{ page.website }}">{{ page.name }}</a>\n'
                                 "    {%- else -%}\n    {{ page.name }}\n"
                                 "    {%- endif -%}\n  </h3>\n  {{ content }}\n</div>\n",
        "_staff/kay.md": "---\nname: Ann Kay\nrole: Instructor\n"
                         "website: https://kay.example.org\n---\n\nAnn studies parsers.\n",
        "_staff/ng.md": "---\nname: Avi Ng\nrole: Tutor\n---\n\nAvi runs the labs.\n",
        "staff.md": "---\ntitle: Staff\n---\n\nCome to office hours with questions about "
                    "the homework, the exams, the projects or anything else at all.\n\n"
                    "{{ site.staff }}\n"})
    text = (imported.dest / "content/pages/staff.md").read_text(encoding="utf-8")
    assert "### [Ann Kay](https://kay.example.org)\n\nAnn studies parsers.\n\n" \
           "### Avi Ng\n\nAvi runs the labs." in text, text
    assert not imported.report.warnings, imported.report.entries
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_link_in_doubled_parentheses_is_its_text(tmp_path: Path) -> None:
    """`[the first](({% post_url … %}))`: the browser got the address with the inner
    parentheses, a path that led nowhere; the import wrote `((first.md))`, and the build
    failed on it. A formula's `[0,1]((x))` is left alone."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2020-01-02-first.md": "---\ntitle: First\n---\n\nHello.\n",
        "_posts/2020-02-03-second.md": "---\ntitle: Second\n---\n\nAs said\n"
                                       "in [the first](({% post_url 2020-01-02-first %})) "
                                       "post, and [here]({% post_url 2020-01-02-first %}).\n\n"
                                       "$$f([0,1]((x))) = 1$$\n"})
    text = (imported.dest / "content/posts/second.md").read_text(encoding="utf-8")
    assert "in the first post, and [here](first.md)." in text, text
    assert "[0,1]((x))" in text, text
    warned = [(w.line, w.message) for w in imported.report.warnings]
    assert len(warned) == 1 and warned[0][0] == 6 and "doubled" in warned[0][1], warned
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


@pytest.mark.parametrize("kind, files", [
    ("notes", {"README.md": "# Notes\n\nSee [the syntax](patterns.ipynb#More-pattern-syntax) "
                            "and [the plan](./patterns.ipynb#Plan).\n"}),
    ("jupyter-book", {"_config.yml": "title: Book\nauthor: Me\nlanguage: en\n"
                                    "execute:\n  execute_notebooks: 'off'\n",
                     "_toc.yml": "format: jb-book\nroot: intro\nchapters:\n"
                                 "- file: patterns\n",
                     "intro.md": "# Intro\n\nSee [the syntax](patterns.ipynb#More-pattern-syntax) "
                                 "and [the plan](./patterns.ipynb#Plan).\n"}),
])
def test_a_link_to_a_notebooks_heading_by_jupyters_id(
        tmp_path: Path, kind: str, files: dict[str, str]) -> None:
    """`[x](patterns.ipynb#More-pattern-syntax)`: Jupyter's id of a heading keeps its
    case, Lanting's is `more-pattern-syntax`. The notes import looked for the heading in
    the notebook's JSON, found none and led the link to the page's top, with a warning;
    Jupyter Book's kept the fragment and the build failed on it."""
    write_files(tmp_path / "old", {**files, "patterns.ipynb": _NOTEBOOK})
    imported = import_site(tmp_path / "old", tmp_path / "new", kind, False, NOW)
    text = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "patterns.ipynb#more-pattern-syntax)" in text and "patterns.ipynb#plan)" in text, \
        text
    assert not imported.report.warnings, imported.report.entries
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_collection_printed_whole_in_a_layout_of_front_matter(tmp_path: Path) -> None:
    """`{{ site.staffersnobio }}` on the home page, its layout the staffer's name, email
    and lecture times without a bio (no `{{ content }}`): kept in a comment, as before,
    with a warning that names the collection, not "a Liquid value of the old theme"."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE + "collections:\n  staffersnobio:\n"
                                 "defaults:\n  - scope:\n      path: ''\n"
                                 "      type: staffersnobio\n    values:\n"
                                 "      layout: staffer_no_bio\n",
        "_layouts/staffer_no_bio.html": '<h3>{{ page.name }}</h3>\n<p>{{ page.email }}</p>\n',
        "_staffersnobio/kay.md": "---\nname: Ann Kay\nrole: Instructor\n"
                                 "email: kay@example.org\n---\n",
        "index.md": "---\nlayout: home\ntitle: Home\n---\n\nThe course.\n\n"
                    "{{ site.staffersnobio }}\n"})
    warned = [(w.line, w.message) for w in imported.report.warnings]
    assert len(warned) == 1 and warned[0][0] == 8, warned
    assert "collection `staffersnobio`" in warned[0][1] and "/people/" in warned[0][1], warned
