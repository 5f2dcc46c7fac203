"""Sphinx's own directives in MyST (`markdown/myst_sphinx.py`): shown as Sphinx's HTML
builder shows them, on single documents."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.markdown.myst_sphinx import only_holds
from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext


def _render(text: str, lang: str = "en") -> tuple[Element, list[str]]:
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md", lang=lang))
    return parse_html(rendered.html), [f"{p.line}: {p.message}" for p in rendered.problems]


@pytest.mark.parametrize(("text", "lang", "shown"), [
    ("~~~{versionadded} 1.2 The ``fast`` mode.\n~~~\n", "en",
     "Added in version 1.2: The fast mode."),
    ("```{versionchanged} 2.0\nThe default is *on*.\n```\n", "en",
     "Changed in version 2.0: The default is on."),
    ("```{deprecated} 3.1\n```\n", "en", "Deprecated since version 3.1."),
    ("```{versionremoved} 4.0 Gone.\n```\n", "en", "Removed in version 4.0: Gone."),
    ("```{versionadded} 1.2 快速模式。\n```\n", "zh-CN", "在 1.2 版本加入：快速模式。"),
])
def test_version_changes(text: str, lang: str, shown: str) -> None:
    html, problems = _render(text, lang)
    block = html.one("div", "version-change")
    assert " ".join(block.text().split()) == shown and problems == []
    assert block.one("span", "versionmodified").text().startswith(shown.split(":")[0][:4])


def test_a_version_change_without_its_version_is_a_warning() -> None:
    _html, problems = _render("Text.\n\n```{versionadded}\n```\n")
    assert problems == ["3: `{versionadded}` needs the version it names"]


@pytest.mark.parametrize(("expression", "holds"), [
    ("html", True), ("latex", False), ("format_html", True), ("builder_html", True),
    ("not latex", True), ("html and not latex", True), ("latex or epub", False),
    ("(latex or html) and not text", True), ("not (html or latex)", False),
    ("latex and html or html", True),
])
def test_only_expressions(expression: str, holds: bool) -> None:
    assert only_holds(expression) is holds


@pytest.mark.parametrize("expression", ["", "html and", "(html", "html latex", "or html"])
def test_malformed_only_expressions(expression: str) -> None:
    with pytest.raises(ValueError):
        only_holds(expression)


def test_only_shows_what_an_html_build_shows() -> None:
    html, problems = _render("```{only} html\nOn the web.\n```\n\n```{only} latex\n"
                             "On paper.\n```\n\n```{only} html and\nBroken.\n```\n")
    assert [p.text() for p in html.find_all("p")] == ["On the web.", "Broken."]
    assert problems == ["9: `{only} html and` is no expression Sphinx reads (at `end`): "
                        "its content is shown"]


def test_centered_hlist_and_what_html_never_shows() -> None:
    html, problems = _render("```{centered} The *end*\n```\n\n```{hlist}\n:columns: 3\n\n"
                             "- a\n- b\n- c\n```\n\n```{tabularcolumns} |l|r|\n```\n\n"
                             "```{sectionauthor} A. Person <a@example.org>\n```\n")
    assert problems == []
    centered = html.one("p", "centered")
    assert centered.text() == "The end" and centered.one("em").text() == "end"
    hlist = html.one("div", "hlist")
    assert hlist["style"] == "--hlist-columns: 3"
    assert [li.text() for li in hlist.find_all("li")] == ["a", "b", "c"]
    assert "l|r" not in html.text() and "Person" not in html.text()


def test_seealso_takes_its_argument_as_text() -> None:
    html, _problems = _render("```{seealso} The *other* page.\n```\n")
    callout = html.one("div", "callout-note")
    assert callout.one("p", "callout-title").text() == "See also"
    assert [p.text() for p in callout.find_all("p")][1:] == ["The other page."]


def test_an_unknown_directive_keeps_its_argument() -> None:
    html, problems = _render("```{frobnicate} Some words\nBody.\n```\n")
    assert [p.text() for p in html.find_all("p")] == ["Some words", "Body."]
    assert problems[0].startswith("1: unknown MyST directive `{frobnicate}`")


def test_object_descriptions() -> None:
    html, problems = _render(
        "```{function} spam(eggs, ham=None)\n:async:\n\nSpam the *eggs*.\n```\n\n"
        "````{class} Egg(size)\n:module: kitchen\n\nAn egg.\n\n```{attribute} size\n"
        ":type: int\n:value: 3\n```\n````\n\n```{decorator} cached\n```\n\n"
        "```{c:function} int add(int a, int b)\n```\n\n```{py:module} kitchen.tools\n```\n\n"
        "See {ref}`spam` and {ref}`kitchen.Egg`.\n")
    assert problems == []
    signatures = [dt.text() for dt in html.find_all("dt", "api-signature")]
    assert signatures == ["async spam(eggs, ham=None)", "class Egg(size)", "size: int = 3",
                          "@cached", "int add(int a, int b)"]
    assert [dl["class"] for dl in html.find_all("dl")] == [
        "api py function", "api py class", "api py attribute", "api py decorator",
        "api c function"]
    assert html.find_all("dl")[0].one("dd").one("em").text() == "eggs"
    # (each name an anchor, the module's `module-` too, as Sphinx's ids)
    ids = [span["id"] for span in html.find_all("span") if span.get("id")]
    assert ids == ["spam", "kitchen.Egg", "size", "cached", "add", "module-kitchen.tools"]
    assert [(a.text(), a["href"]) for a in html.find_all("a")] == [
        ("spam", "#spam"), ("Egg", "#kitchen.Egg")]


def test_todo_is_a_callout() -> None:
    html, problems = _render("```{todo} Write **more**.\n```\n", lang="zh-CN")
    callout = html.one("div", "callout-note")
    assert [p.text() for p in callout.find_all("p")] == ["待办", "Write more."]
    assert problems == []


def test_sphinx_tabs() -> None:
    # (sphinx-tabs' directives were unknown, a warning each, their titles lost)
    html, problems = _render("````{tabs}\n```{tab} Apples\nGreen.\n```\n```{group-tab} Linux\n"
                             "Use apt.\n```\n```{code-tab} cpp\nint main() {}\n```\n"
                             "```{code-tab} py Script\nprint(1)\n```\n````\n")
    assert problems == []
    assert [label.text() for label in html.find_all("label", "tab-label")] == [
        "Apples", "Linux", "C++", "Script"]
    assert [c["class"] for c in html.find_all("code")] == ["language-cpp", "language-py"]


def test_api_roles_link_to_the_pages_own_descriptions() -> None:
    html, problems = _render(
        "````{class} Egg(size)\n:module: kitchen\n\n```{method} crack()\nCrack.\n```\n````\n\n"
        "```{function} spam(eggs)\n```\n\nCall {py:func}`spam`, {class}`kitchen.Egg`, "
        "{meth}`~kitchen.Egg.crack` and {func}`numpy.sum`.\n")
    assert problems == []
    paragraph = html.find_all("p")[-1]
    assert [(a.text(), a["href"]) for a in paragraph.find_all("a")] == [
        ("spam()", "#spam"), ("kitchen.Egg", "#kitchen.Egg"), ("crack()", "#crack")]
    # (an object the page does not describe stays code, as before)
    assert [c.text() for c in paragraph.find_all("code")][-1] == "numpy.sum()"


def test_api_roles_to_modules_searched_names_and_unlinked_ones() -> None:
    """`{mod}`kitchen`` was code with no link to the page's `{py:module} kitchen`;
    `{func}`!spam`` (written not to link) linked; `{func}`.spam`` showed its dot."""
    html, problems = _render(
        "```{py:module} kitchen\n```\n\n```{function} spam(eggs)\n```\n\n"
        "See {mod}`kitchen`, {func}`!spam` and {func}`.spam`.\n")
    assert problems == []
    paragraph = html.find_all("p")[-1]
    assert [(c.text(), c.parent.get("href") if c.parent is not None and c.parent.tag == "a"
             else None) for c in paragraph.find_all("code")] == [
        ("kitchen", "#module-kitchen"), ("spam()", None), ("spam()", "#spam")]
