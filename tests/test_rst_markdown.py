"""reStructuredText written as Lanting's Markdown (`importer/rst_markdown.py`): each
construct docutils reads, then the Markdown rendered by Lanting, so that what a Pelican
or Sphinx author wrote shows as they saw it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.importer.rst_markdown import read_rst
from lanting.importer.rst_writer import escape
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext

SOURCE = Path("/site/content/a.rst")


def markdown(text: str) -> str:
    return read_rst(text, SOURCE).body


def html(text: str) -> Element:
    context = RenderContext(path=SOURCE, rel="posts/a.md", body_line=1, base_path="/")
    return parse_html(render_markdown(markdown(text), context,
                                      MarkdownOptions(raw_html=True)).html)


def test_title_and_fields_are_the_front_matter() -> None:
    document = read_rst("Deep learning 笔记\n################\n\n:date: 2020-01-02 10:00\n"
                        ":tags: ml, 数学\n:slug: dl-notes\n:status: draft\n\nText.\n", SOURCE)
    assert document.title == "Deep learning 笔记"
    assert document.fields == {"date": "2020-01-02 10:00", "tags": "ml, 数学",
                               "slug": "dl-notes", "status": "draft"}
    assert document.body == "Text.\n"


@pytest.mark.parametrize(("text", "shown"), [
    ("a *b* with_under and [x] and <tag> and $5 | c", "a *b* with_under and [x] and <tag> "
     "and $5 | c"),
    ("1. not a list", "1. not a list"), ("# not a heading", "# not a heading"),
    ("- not an item", "- not an item"), ("&copy; stays", "&copy; stays"),
])
def test_text_shows_as_written(text: str, shown: str) -> None:
    # (rST's escapes first: `\\*` is a star in rST too)
    source = text.replace("*", "\\*").replace("1.", "1\\.").replace("- ", "\\- ")
    assert html(source).text().strip() == shown


def test_lines_join_without_a_space_between_chinese() -> None:
    assert escape("第一行\n第二行 and\nmore") == "第一行第二行 and more"


def test_sections_keep_their_ids_and_targets_are_anchors() -> None:
    text = ("Title\n=====\n\n.. _intro-label:\n\nIntro\n-----\n\nSee `Intro`_ and "
            "`intro-label`_.\n\n.. _para:\n\nA paragraph, `para`_.\n\n.. _box:\n\n"
            ".. note:: In a box.\n")
    body = markdown(text)
    # (the lone section, docutils' subtitle, named by its target as Sphinx's `:ref:`
    # names it; a link to its title leads there too)
    assert "(intro-label)=\n## Intro" in body and "[Intro](#intro-label)" in body
    doc = html(text)
    assert {"intro-label", "para", "box"} <= doc.ids()
    assert {"#intro-label", "#para"} <= {a.get("href") for a in doc.find_all("a")}
    # (a section of no target keeps docutils' id: `Other`_ leads there)
    assert "## Other {#other}" in markdown("T\n=\n\nA\n-\n\nx\n\nOther\n-----\n\n"
                                           "See `Other`_.\n")


def test_code_math_lists_and_callouts() -> None:
    text = (".. code-block:: python\n\n   x = 1\n\nA literal::\n\n   raw < text\n\n"
            ":math:`\\alpha_1` and\n\n.. math::\n\n   E = mc^2\n\n"
            "- one\n- two\n\n  still two\n\n3. three\n4. four\n\n"
            "term\n   its definition\n\n.. warning:: Careful.\n\n"
            ".. admonition:: Own title\n\n   Body.\n")
    body = markdown(text)
    # (Sphinx's `code-block` and `math` are MyST's, which read their options)
    assert "```{code-block} python\nx = 1\n```" in body and "```\nraw < text\n```" in body
    assert "$\\alpha_1$" in body and "```{math}\nE = mc^2\n```" in body
    assert "- two\n\n  still two" in body and "3. three\n4. four" in body
    assert "term\n:   its definition" in body
    assert "> [!WARNING]\n> Careful." in body and "> [!NOTE] Own title\n> Body." in body
    doc = html(text)
    assert len(doc.find_all("math")) == 2 and doc.find("ol", start="3") is not None
    assert doc.find("code", class_="language-python") is not None
    assert doc.find("dt").text() == "term"


def test_links_images_figures_and_footnotes() -> None:
    text = ("See `the site <https://example.org/a b>`_, https://example.org and a "
            "note [#n]_.\n\n.. image:: /images/a.png\n   :alt: An image\n   :target: "
            "https://example.org/big\n\n.. figure:: b.png\n   :alt: B\n\n   The "
            "\"caption\" of *b*.\n\n.. [#n] The note.\n")
    body = markdown(text)
    assert "[the site](https://example.org/ab)" in body  # (docutils drops its spaces)
    assert "<https://example.org>" in body
    assert "[![An image](/images/a.png)](https://example.org/big)" in body
    assert '![B](b.png "The &quot;caption&quot; of *b*.")' in body
    assert body.rstrip().endswith("The note.")
    doc = html(text)
    assert doc.find("figcaption") is not None and "caption" in doc.find("figcaption").text()
    assert "The note." in doc.find(class_="footnotes").text()


def test_tables_simple_as_pipes_spanning_as_html() -> None:
    simple = "=====  =====\nA      B\n=====  =====\n1      x|y\n=====  =====\n"
    assert markdown(simple).startswith("| A | B |\n| --- | --- |\n| 1 | x\\|y |")
    spanning = ("+---+---+\n| A | B |\n+===+===+\n| both  |\n+---+---+\n")
    doc = html(spanning)
    assert doc.find("td", colspan="2").text().strip() == "both"


def test_other_directives_are_myst_and_other_roles_named() -> None:
    text = (".. toctree::\n   :maxdepth: 2\n\n   intro\n\n.. ditaa::\n\n   +--+\n\n"
            ".. mermaid::\n\n   graph LR; a-->b\n\n"
            "Press :kbd:`Ctrl+C`, read :file:`/etc/hosts`, :ruby:`漢字|kanji` and "
            ":ruby:`again`.\n")
    document = read_rst(text, SOURCE)
    assert "```{toctree}\n:maxdepth: 2\n\nintro\n```" in document.body
    assert "```text\n+--+\n```" in document.body
    assert "```mermaid\ngraph LR; a-->b\n```" in document.body
    assert "{kbd}`Ctrl+C`" in document.body and "{file}`/etc/hosts`" in document.body
    assert "漢字\\|kanji" in document.body
    # (one warning a role, at the line of its first use; one for the diagram)
    assert [(line, message.split(":")[0]) for line, message in document.problems] == [
        (6, "a `ditaa` diagram"), (14, "role `")]


def test_text_arguments_are_read_as_inline_markup() -> None:
    # (an argument with a literal takes a tilde fence: a backtick fence's info string
    # holds no backtick, and the directive's text ran into the page after it)
    text = (".. versionadded:: 1.2\n   The ``fast`` mode.\n\n"
            ".. seealso:: :doc:`usage` and `Sphinx <https://www.sphinx-doc.org>`_\n\n"
            ".. centered:: **Fin**\n\nAfter.\n")
    body = markdown(text)
    assert "~~~{versionadded} 1.2 The `fast` mode.\n~~~" in body
    assert "~~~{seealso} {doc}`usage` and [Sphinx](https://www.sphinx-doc.org)\n~~~" in body
    assert "```{centered} **Fin**\n```" in body
    page = html(text)
    assert page.one("div", "versionadded").one("code").text() == "fast"
    assert page.one("p", "centered").one("strong").text() == "Fin"
    assert page.find_all("p")[-1].text() == "After."


def test_sphinx_directives_bodies_are_read_as_rst() -> None:
    # (their bodies were written as they stood, reStructuredText, which Markdown showed
    # raw: sphinx-design's nested `.. tab-item::` as text, ``code`` and roles as written)
    text = (".. tab-set::\n\n   .. tab-item:: pip\n\n      Run ``pip``:\n\n"
            "      .. code-block:: bash\n\n         pip install x\n\n"
            "   .. tab-item:: conda\n\n      See :doc:`conda`.\n\n"
            ".. only:: html\n\n   *Web* only.\n")
    body = read_rst(text, SOURCE, sphinx=True).body
    assert body.startswith("`````{tab-set}\n````{tab-item} pip\nRun `pip`:\n\n"
                           "```{code-block} bash\npip install x\n```\n````")
    assert "```{tab-item} conda\nSee {doc}`conda`.\n```" in body
    assert "```{only} html\n*Web* only.\n```" in body
    page = html(text)
    assert [label.text() for label in page.find_all("label", "tab-label")] == ["pip", "conda"]
    assert page.one("pre").text() == "pip install x"
    # (sphinx-tabs': a `code-tab`'s body is code, written as it stands)
    tabs = (".. tabs::\n\n   .. code-tab:: python\n\n      x = *y\n\n"
            "   .. tab:: Notes\n\n      *Emphasis*.\n")
    assert read_rst(tabs, SOURCE, sphinx=True).body == (
        "````{tabs}\n```{code-tab} python\nx = *y\n```\n\n```{tab} Notes\n*Emphasis*.\n"
        "```\n````\n")


@pytest.mark.parametrize(("lang", "labels"), [
    ("en", ["Parameters:", "Raises:", "Returns:", "Return type:", "Note:"]),
    ("zh-CN", ["参数:", "抛出:", "返回:", "返回类型:", "Note:"])])
def test_object_descriptions_group_their_info_fields(lang: str, labels: list[str]) -> None:
    text = (".. function:: spam(eggs, ham=None)\n\n   Spam the eggs.\n\n"
            "   :param eggs: the eggs, ``fried``\n   :type eggs: list[int]\n"
            "   :param str ham: the ham\n   :raises ValueError: when empty\n"
            "   :returns: nothing\n   :rtype: None\n   :meta private:\n"
            "   :note: a field of its own\n")
    body = read_rst(text, SOURCE, sphinx=True, lang=lang).body
    assert "- **eggs** (*list\\[int\\]*) – the eggs, `fried`\n- **ham** (*str*) – the ham" \
        in body
    assert "- **ValueError** – when empty" in body and "private" not in body
    assert [s for s in re.findall(r"\*\*([^*]+:)\*\*", body)] == labels


def test_class_is_pythons_in_sphinx_and_docutils_elsewhere() -> None:
    text = ".. class:: Egg(size)\n\n   An egg.\n"
    assert read_rst(text, SOURCE, sphinx=True).body == "```{class} Egg(size)\nAn egg.\n```\n"
    # (Pelican's docutils: the class of the next block, which no Lanting page styles)
    assert read_rst(text, SOURCE).body == "An egg.\n"


def test_docutils_problems_are_reported_at_their_line() -> None:
    document = read_rst("Para.\n\n.. image::\n\nAfter.\n", SOURCE)
    assert document.problems and document.problems[0][0] == 3
    assert "After." in document.body


def test_highlight_and_literalinclude(tmp_path: Path) -> None:
    # (Sphinx's `.. highlight::` sets the `::` blocks' language; `literalinclude` of a
    # file of the project is its code, `:lines:` of it; of none, a comment and warning)
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "hello.c").write_text("// one\nint main() {\n  return 0;\n}\n")
    page = tmp_path / "docs" / "a.rst"
    page.parent.mkdir()
    text = (".. highlight:: c\n\nA block::\n\n   int x;\n\n"
            ".. literalinclude:: ../code/hello.c\n   :lines: 2-4\n   :emphasize-lines: 2\n\n"
            ".. literalinclude:: ../code/missing.c\n")
    document = read_rst(text, page, tmp_path)
    assert "```c\nint x;\n```" in document.body
    assert "```{code-block} c\n:emphasize-lines: 2\n\nint main() {\n  return 0;\n}\n```" \
        in document.body
    assert "<!--\n.. literalinclude:: ../code/missing.c\n-->" in document.body
    assert [line for line, _ in document.problems] == [11]
    # (outside the site's root, never read)
    outside = read_rst(".. literalinclude:: ../code/hello.c\n", page, tmp_path / "docs")
    assert "int main" not in outside.body


def test_the_first_of_several_top_sections_titles_the_page() -> None:
    # (docutils promotes a lone top section to the title; of several, Sphinx takes the
    # first's title for the page's: its heading leaves the text, the others stay)
    document = read_rst(".. a comment\n\n.. _home:\n\nDocs\n====\n\nIntro.\n\nPart\n----\n\n"
                        "Text.\n\nMore\n====\n\nEnd.\n", SOURCE)
    assert document.title == "Docs" and document.title_labels == ["home"]
    assert document.body.startswith("Intro.\n\n## Part")
    assert "## More" in document.body and "# Docs" not in document.body
    # (with a `:title:` field, the first section stays a heading)
    titled = read_rst(":title: Mine\n\nDocs\n====\n\nIntro.\n\nMore\n====\n\nEnd.\n", SOURCE)
    assert titled.title == "" and titled.fields["title"] == "Mine"
    assert titled.body.startswith("## Docs")


def test_includes_read_only_the_sites_own_files(tmp_path: Path) -> None:
    # (docutils inserts `.. include::` files, and a `raw` directive's `:file:` or
    # `:url:`: only when every file is the site's, and never with `:file:`/`:url:`)
    (tmp_path / "part.rst").write_text("Included *text*.\n")
    (tmp_path.parent / "secret.txt").write_text("SECRET\n")
    page = tmp_path / "a.rst"
    inside = read_rst(".. include:: part.rst\n", page, tmp_path)
    assert "Included *text*." in inside.body
    outside = read_rst(".. include:: ../secret.txt\n", page, tmp_path)
    assert "SECRET" not in outside.body and outside.problems
    raw = read_rst(".. include:: part.rst\n\n.. raw:: html\n   :file: ../secret.txt\n",
                   page, tmp_path)
    assert "SECRET" not in raw.body and "Included" not in raw.body
