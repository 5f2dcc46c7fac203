"""Faults a fourteenth formula sweep of math-heavy blogs and notes found: small pages
and sites written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import NOW, jekyll_site
from sitebits import write_files
from test_math_syntax import CONTEXT

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.body_displays import glued_displays
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions


def _notes(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Path, str]:
    """A folder of Obsidian notes imported and built: (the output, the report)."""
    write_files(tmp_path / "old", {".obsidian/app.json": "{}", **files})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    return result.output, imported.report.format(imported.dest, False)


def test_an_obsidian_display_opened_at_the_end_of_a_line(tmp_path: Path) -> None:
    """`逆矩阵为:$$`, blank lines, the rows, `\\end{bmatrix}$$` (a vault of statistics
    notes): Obsidian shows a display there; Lanting's Markdown showed the dollars and
    the TeX, with a warning for each `$$`. The `$$` goes on a line of its own (the
    closing `\\end{bmatrix}$$` of the display before it opens none)."""
    out, report = _notes(tmp_path, {"inverse.md": (
        "# Inverse\n\n$$  \nD = \\begin{bmatrix}\n\n1 & 0 \\\\\n\n0 & 1\n\n\\end{bmatrix}$$\n\n"
        "Its inverse is:$$  \n\nD^{-1} = \\begin{bmatrix}\n\n"
        "1 & 0 \\\\\n\n0 & 2\n\n\\end{bmatrix}$$\nwhich is diagonal.\n\n"
        "- and in a list:$$\n  \\sum_i x_i\n  $$\n")})
    body = parse_html((out / "inverse/index.html").read_text(encoding="utf-8")).one(
        "div", class_="prose")
    assert len(body.find_all("math")) == 3
    assert len(body.find_all("div", class_="math-display")) == 3
    assert "Its inverse is:" in body.text() and "\\begin" not in body.text()
    assert "displays opened at the end of a line of text (`text:$$`) ×2" in report


@pytest.mark.parametrize("text", [
    "Costs 5$$\n\nand more.\n", "Text:$$\n$$\n", "# Heading:$$\nx\n$$\n",
    "> quoted:$$\n> x\n> $$\n", "Two $$a$$ and:$$\nx\n$$\n", "Text:$$\nx $$ y\n",
    "\t- $$\n\t  x\n\t  $$\n"])
def test_a_dollar_pair_ending_a_line_opens_no_display_unless_closed(text: str) -> None:
    """No display without a line closing it, nor one empty, in a heading or quote,
    after another `$$` on its line, or opened by a list item's marker alone (a `$$` at
    a line's start, which `joined_displays` reads)."""
    assert glued_displays(text) == (text, 0)


def test_obsidian_links_to_headings_with_characters_links_leave_out(tmp_path: Path) -> None:
    """`[[Matrix#Tri- Pentadiagonal]]` for `#### Tri-/Pentadiagonal`, and a heading of
    wiki links, `## [[Continuity (topology)|Continuity]] and …`, linked as Obsidian
    writes it (a vault of linear algebra notes): the link was taken for one to a
    heading renamed since, and led to the page's top, with a warning."""
    out, report = _notes(tmp_path, {
        "Matrix.md": "# Matrix\n\n#### Tri-/Pentadiagonal\n\nBands.\n\n"
                     "## [[Continuity|Continuity]] and [[Limits]]\n\nText.\n",
        "Continuity.md": "Text.\n", "Limits.md": "Text.\n",
        "Glossary.md": "See [[Matrix#Tri- Pentadiagonal|bands]] and "
                       "[[Matrix#Continuity Continuity and Limits]].\n"})
    assert "no heading" not in report
    links = [a["href"] for a in parse_html(
        (out / "glossary/index.html").read_text(encoding="utf-8")).one(
        "div", class_="prose").find_all("a")]
    assert links == ["/matrix/#tri-pentadiagonal", "/matrix/#continuity-and-limits"]
    page = parse_html((out / "matrix/index.html").read_text(encoding="utf-8"))
    ids = [h.get("id") for h in page.find_all("h2") + page.find_all("h4")]
    assert "tri-pentadiagonal" in ids and "continuity-and-limits" in ids


def test_a_double_quoted_titles_commands_read_as_yaml_escapes(tmp_path: Path) -> None:
    """`title: "A proof of the $\\ell^1$–$\\ell^2$ inequality"` (a Jekyll site of
    notes): YAML reads `\\e` as ESC (`\\theta` as a tab, `\\frac` as a form feed), the
    title held a control character and the build failed. Inside a formula they are
    the commands written; elsewhere YAML's escapes stand."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\n",
        "_posts/2024-10-20-l1.md": '---\ntitle: "A proof of $\\ell^1$, $\\theta$ and '
                                   '$\\frac{1}{2}$\\tdone"\n---\nText.\n'})
    text = (imported.dest / "content/posts/l1.md").read_text(encoding="utf-8")
    assert 'title: "A proof of $\\\\ell^1$, $\\\\theta$ and $\\\\frac{1}{2}$\\tdone"' in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(p) for p in result.warnings] == []
    title = parse_html((result.output / "posts/l1/index.html").read_text(
        encoding="utf-8")).one("h1")
    assert len(title.find_all("math")) == 3 and "heta" not in title.text()


@pytest.mark.parametrize(("written", "tag", "reference"), [
    ("$$\nx = 1 \\tag{$\\star$}\\label{s}\n$$", "(⋆)", "(⋆)"),
    ("$$\nx = 1 \\tag*{(A.1)}\\label{s}\n$$", "(A.1)", "((A.1))"),
    ("$$\n\\begin{align}\nx &= 1 \\tag{$\\dagger\\dagger$}\\label{s} \\\\\ny &= 2\n"
     "\\end{align}\n$$", "(††)", "(††)"),
    ("\\[ x = 1 \\tag{$\\alpha_1$}\\label{s} \\]", "(α₁)", "(α₁)")])
def test_a_tag_of_math_is_drawn_and_referred_to(written: str, tag: str,
                                                reference: str) -> None:
    """A tag that is itself a formula, or a starred tag of its own parentheses (a
    leftover of the last sweep, reproduced here: drawn as its characters, as MathJax
    draws it; `\\eqref` of a `\\tag*` adds parentheses, as amsmath's does)."""
    rendered = render_markdown(f"{written}\n\nSee \\eqref{{s}}.\n", CONTEXT, MarkdownOptions())
    assert [p.message for p in rendered.problems] == []
    tree = parse_html(rendered.html)
    assert tag in [t.text() for t in tree.find_all("mtext")]
    assert tree.one("a", class_="eqref").text() == reference
