"""Jupyter notebooks (content/notebook.py): odd JSON is an error with cell and line, never a
traceback; nbformat stays quiet; SVG and HTML outputs cannot run script; attachments."""

from __future__ import annotations

import json
import logging
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any

import html5lib
import pytest

from lanting.build.options import BuildResult
from lanting.content.frontmatter import parse
from lanting.errors import LantingError
from lanting.model.content import Kind, Source

MakeSite = Callable[..., Path]
Build = Callable[..., BuildResult]
Run = Callable[..., tuple[int, str, str]]

NB = Path("/site/content/posts/nb.ipynb")
FRONT = {"cell_type": "raw", "metadata": {}, "source": "---\ntitle: N\ndate: 2026-01-02\n---"}
PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJ"
       "RU5ErkJggg==")
EVIL_SVG = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="120" height="60" onload="alert('svg-onload')">
 <script>alert('svg-script')</script>
 <style>*{stroke-linecap: butt}</style>
 <style>@import url(https://evil.example/x.css);</style>
 <a xlink:href="javascript:alert('svg-link')"><text x="1" y="10">click</text></a>
 <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(4)</script></body>
 </foreignObject>
 <set attributeName="onmouseover" to="alert(5)"/>
 <animate attributeName="href" values="javascript:alert(6)"/>
 <rect width="10" height="10" fill="url(#g)" style="fill:url(javascript:alert(7))"/>
 <image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
 <path d="M0 0L1 1" clip-path="url(#c)" onclick="alert(8)"/>
 <html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(9)</html:script>
</svg>"""
EVIL_HTML = ('<div onclick="alert(10)"><script>alert(11)</script>'
             '<a href="javascript:alert(12)">x</a><img src=x onerror="alert(13)"></div>')


def notebook(*cells: dict[str, Any], **top: Any) -> str:
    """Pretty-printed nbformat 4 JSON, as Jupyter writes it (one cell starts per line)."""
    data = {"cells": [FRONT, *cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 4}
    data.update(top)
    return json.dumps(data, indent=1)


def code(*outputs: Any, source: str = "plot()") -> dict[str, Any]:
    return {"cell_type": "code", "metadata": {}, "source": source, "execution_count": 1,
            "outputs": list(outputs)}


def display(**data: Any) -> dict[str, Any]:
    return {"output_type": "display_data", "metadata": {}, "data": data}


def parse_notebook(text: str, raw_html: bool = True):  # type: ignore[no-untyped-def]
    return parse(Source(NB, PurePosixPath("posts/nb.ipynb"), Kind.POST, text), raw_html)


def cell_starts(text: str) -> list[int]:
    """The line on which each cell of `notebook(…)` starts."""
    return [i + 1 for i, line in enumerate(text.split("\n")) if re.match(r"  [^\s}\]]", line)]


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


# --- JSON that is not a notebook: an error with file, cell and line ---------------------


ODD_CELL = {"cell_type": "code", "metadata": {}, "source": "x", "outputs": 5}
NOT_NOTEBOOKS = [
    ("json-list", "[1, 2, 3]", "the file holds a list, not a notebook object", None),
    ("json-string", '"cells"', "the file holds text, not a notebook object", None),
    ("json-null", "null", "the file holds `null`", None),
    ("object-without-cells", '{"metadata": {}, "nbformat": 4, "nbformat_minor": 4}',
     "a JSON object without `cells`", None),
    ("object-without-anything", '{"a": 1}', "a JSON object without `cells` or `nbformat`",
     None),
    ("nbformat-3-without-worksheets", '{"metadata": {}, "nbformat": 3, "nbformat_minor": 0}',
     "an nbformat 3 notebook without a list of `worksheets`", None),
    ("nbformat-3-broken", '{"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": [5]}]}',
     "an nbformat 3 notebook that could not be converted to nbformat 4", None),
    ("nbformat-5", '{"cells": [], "metadata": {}, "nbformat": 5, "nbformat_minor": 0}',
     "nbformat 5 is not supported", None),
    ("nbformat-text", '{"cells": [], "metadata": {}, "nbformat": "4"}',
     "`nbformat` must be a version number", None),
    ("kernelspec-text", notebook(metadata={"kernelspec": "python3"}),
     "`metadata.kernelspec` must be an object", None),
    ("kernelspec-language-number", notebook(metadata={"kernelspec": {"language": 3}}),
     "`metadata.kernelspec.language` must be a language name", None),
    ("metadata-list", notebook(metadata=[]), "`metadata` must be a JSON object", None),
    ("lanting-metadata-list", notebook(metadata={"lanting": ["title"]}),
     "`metadata.lanting` must be an object of front-matter keys", None),
    ("lanting-metadata-too-deep", notebook(metadata={"lanting": {"title": "T", "params": {
        "a": json.loads("[" * 100 + "]" * 100)}}}),
     "`metadata.lanting` nests more than 20 levels deep", None),
    ("cells-not-a-list", '{"cells": {}, "metadata": {}, "nbformat": 4, "nbformat_minor": 4}',
     "`cells` must be a list of cells, not an object", None),
    ("cell-not-an-object", notebook(5), "cell 2 is the number `5`, not a cell object", 2),
    ("source-number", notebook({"cell_type": "markdown", "metadata": {}, "source": 7}),
     "cell 2: `source` must be text or a list of lines", 2),
    ("traceback-text", notebook(code({"output_type": "error", "ename": "E", "evalue": "v",
                                      "traceback": "boom"})),
     "cell 2, output 1: `traceback` must be a list of lines, not text", 2),
    ("traceback-numbers", notebook(code({"output_type": "error", "traceback": ["a", 1]})),
     "cell 2, output 1: `traceback` must be a list of lines, not a list holding the number", 2),
    ("outputs-not-a-list", notebook(ODD_CELL), "cell 2: `outputs` must be a list", 2),
    ("output-text", notebook(code("hello")), "cell 2, output 1 is text, not an output", 2),
    ("output-data-list", notebook(code({"output_type": "display_data", "data": [1]})),
     "cell 2, output 1: `data` must be an object of MIME types, not a list", 2),
    ("output-stream-number", notebook(code({"output_type": "stream", "text": 5})),
     "cell 2, output 1: `text` must be text or a list of lines", 2),
    ("output-png-not-base64", notebook(code(display(**{"image/png": "!!not base64"}))),
     "cell 2, output 1: `image/png` is not valid base64", 2),
    ("attachments-list", notebook({"cell_type": "markdown", "metadata": {}, "source": "x",
                                   "attachments": []}),
     "cell 2: `attachments` must be an object of named images", 2),
]


@pytest.mark.parametrize(("text", "message", "cell"),
                         [case[1:] for case in NOT_NOTEBOOKS],
                         ids=[case[0] for case in NOT_NOTEBOOKS])
def test_json_that_is_not_a_notebook_is_an_error_not_an_internal_error(
        text: str, message: str, cell: int | None) -> None:
    with pytest.raises(LantingError) as info:
        parse_notebook(text)
    [problem] = info.value.problems
    assert problem.path == NB and problem.severity == "error"
    assert message in problem.message and problem.hint
    if cell is not None:  # the line of that cell's `{` in the file
        assert problem.line == cell_starts(text)[cell - 1]
    else:
        assert problem.line is not None


def test_invalid_json_is_an_error_at_its_line_and_column() -> None:
    with pytest.raises(LantingError) as info:
        parse_notebook('{\n "cells": [\n  {"cell_type": }\n ]\n}')
    [problem] = info.value.problems
    assert (problem.line, problem.column) == (3, 17)
    assert problem.message.startswith("not a readable Jupyter notebook: invalid JSON")


def test_json_nested_too_deep_is_an_error_not_a_recursion_error() -> None:
    with pytest.raises(LantingError, match="nests too deep"):
        parse_notebook("[" * 100_000 + "]" * 100_000)


def test_lone_surrogate_escape_becomes_a_replacement_character() -> None:
    doc = parse_notebook(notebook({"cell_type": "markdown", "metadata": {},
                                   "source": "a \\ud800 b \\ud83d\\ude00"}).replace(
        "\\\\u", "\\u"))
    assert doc.body == "a \ufffd b \U0001f600\n"


def test_old_nbformat_3_notebook_is_still_converted() -> None:
    text = json.dumps({"metadata": {}, "nbformat": 3, "nbformat_minor": 0, "worksheets": [
        {"cells": [{"cell_type": "raw", "source": "---\ntitle: Old\ndate: 2020-01-02\n---",
                    "metadata": {}},
                   {"cell_type": "heading", "level": 2, "source": "Part", "metadata": {}},
                   {"cell_type": "code", "input": "1+1", "language": "python",
                    "metadata": {}, "outputs": [{"output_type": "pyout", "text": "2",
                                                 "metadata": {}, "prompt_number": 1}]}]}]})
    doc = parse_notebook(text)
    assert doc.meta.title == "Old"
    assert "## Part" in doc.body and "1+1" in doc.body and "```output\n2\n```" in doc.body


def test_an_nbformat_3_notebook_of_lines_is_converted() -> None:
    """Jupyter wrote an nbformat 3 notebook's sources and outputs as lists of lines,
    which nbformat joins as it reads one: converted without, a lecture's notebook
    failed ("'list' object has no attribute 'splitlines'")."""
    text = json.dumps({"metadata": {"celltoolbar": "Slideshow"}, "nbformat": 3,
                       "nbformat_minor": 0, "worksheets": [{"cells": [
        {"cell_type": "raw", "metadata": {},
         "source": ["---\n", "title: Lines\n", "date: 2014-05-06\n", "---"]},
        {"cell_type": "heading", "level": 1, "metadata": {}, "source": ["Sizes"]},
        {"cell_type": "markdown", "metadata": {}, "source": ["one\n", "two"]},
        {"cell_type": "code", "input": ["x = 3\n", "x * 2"], "language": "python",
         "metadata": {}, "prompt_number": 1, "collapsed": False,
         "outputs": [{"output_type": "pyout", "metadata": {}, "prompt_number": 1,
                      "text": ["6"]}]}]}]})
    doc = parse_notebook(text)
    assert doc.meta.title == "Lines"
    assert "# Sizes" in doc.body and "one\ntwo" in doc.body
    assert "x = 3\nx * 2" in doc.body and "```output\n6\n```" in doc.body


# --- nbformat's warnings: turned into problems or dropped, never printed raw ------------


def test_nbformat_warnings_are_not_printed_raw(
        make_site: MakeSite, run_cli: Run, caplog: pytest.LogCaptureFixture,
        recwarn: pytest.WarningsRecorder) -> None:
    no_ids = json.dumps({"cells": [{**FRONT, "id": "a"},
                                   {"cell_type": "markdown", "metadata": {}, "source": "x"},
                                   {"cell_type": "markdown", "metadata": {}, "source": "y",
                                    "id": "a"}],
                         "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    old = json.dumps({"metadata": {}, "nbformat": 3, "worksheets": [{"cells": [
        {"cell_type": "raw", "source": "---\ntitle: O\ndate: 2020-01-02\n---"}]}]})
    site = make_site({"content/posts/ids.ipynb": no_ids, "content/posts/old.ipynb": old})
    caplog.set_level(logging.DEBUG)
    code, _out, err = run_cli("build", site)
    assert code == 0, err
    assert err == ""  # run_cli captures stderr: warnings.warn and logging's last resort
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [w for w in recwarn if "nbformat" in str(w.filename)]


def test_unknown_cell_and_output_types_are_warnings_with_cell_and_line() -> None:
    text = notebook({"cell_type": "weird", "metadata": {}, "source": "x"},
                    code({"output_type": "mystery"}))
    doc = parse_notebook(text)
    first, second = doc.warnings
    assert first.severity == second.severity == "warning"
    assert first.message == "cell 2 has the unknown type `weird` and is left out"
    assert second.message.startswith("cell 3, output 1 has the unknown type `mystery`")
    assert (first.line, second.line) == tuple(cell_starts(text)[1:3])


def test_notebook_warnings_reach_the_build(make_site: MakeSite, build_site: Build) -> None:
    site = make_site({"content/posts/nb.ipynb": notebook(
        {"cell_type": "weird", "metadata": {}, "source": "x"})})
    result = build_site(site)
    assert [(w.path, w.message) for w in result.warnings] == [
        (site / "content/posts/nb.ipynb", "cell 2 has the unknown type `weird` and is left out")]


# --- SVG and HTML outputs never run script ----------------------------------------------


def _scripting(element: Any) -> list[str]:
    """Every way an html5lib element tree could run script."""
    found = []
    for node in element.iter():
        tag = node.tag.rpartition("}")[2] if isinstance(node.tag, str) else ""
        if tag in ("script", "foreignObject", "iframe", "object", "embed"):
            found.append(f"<{tag}>")
        for name, value in node.attrib.items():
            local = name.rpartition("}")[2].lower()
            if local.startswith("on"):
                found.append(f"{local}=")
            if "javascript:" in value.lower().replace(" ", ""):
                found.append(f"{local}={value}")
    return found


@pytest.mark.parametrize("raw_html", [False, True])
def test_svg_output_with_script_is_published_inert(
        make_site: MakeSite, build_site: Build, raw_html: bool) -> None:
    site = make_site({
        "lanting.toml": f'title = "T"\n[search]\nenabled = false\n[markdown]\n'
                        f'raw_html = {str(raw_html).lower()}\n',
        "content/posts/nb.ipynb": notebook(code(display(**{
            "image/svg+xml": EVIL_SVG.splitlines(True), "text/plain": "<Figure>"}))),
    })
    out = build_site(site).output
    page = html5lib.parse((out / "posts/nb/index.html").read_bytes(), namespaceHTMLElements=False)
    article = page.find(".//article")
    assert article is not None and _scripting(article) == []
    [img] = article.findall(".//img")
    assert img.get("src") == "/posts/nb/out-1-1.svg"
    svg_text = (out / "posts/nb/out-1-1.svg").read_text()
    svg = ET.fromstring(svg_text)
    assert _scripting(svg) == [] and "alert" not in svg_text and "evil" not in svg_text
    assert svg.get("width") == "120"  # the drawing itself is kept
    assert svg.find("{http://www.w3.org/2000/svg}rect").get("fill") == "url(#g)"  # type: ignore[union-attr]
    assert svg.find(".//{http://www.w3.org/2000/svg}text").text == "click"  # type: ignore[union-attr]


def test_html_output_is_escaped_when_raw_html_is_false(
        make_site: MakeSite, build_site: Build) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\n[search]\nenabled = false\n[markdown]\nraw_html = false\n',
        "content/posts/nb.ipynb": notebook(code(
            display(**{"text/html": EVIL_HTML}),
            display(**{"text/html": "<table><tr><td>1</td></tr></table>",
                       "text/plain": "   a\n0  1"}))),
    })
    out = build_site(site).output
    page = html5lib.parse((out / "posts/nb/index.html").read_bytes(), namespaceHTMLElements=False)
    article = page.find(".//article")
    assert article is not None and _scripting(article) == []
    assert article.findall(".//table") == []
    blocks = ["".join(code.itertext()) for code in article.findall(".//code")]
    assert EVIL_HTML in blocks  # shown as the text it is
    assert "   a\n0  1" in blocks  # the plain-text alternative of an HTML table


def test_html_output_stays_html_when_raw_html_is_true() -> None:
    doc = parse_notebook(notebook(code(display(**{"text/html": "<table></table>",
                                                  "text/plain": "t"}))), raw_html=True)
    assert '<div class="nb-output nb-html">\n<table></table>' in doc.body


CHART = ('<div id="vis"></div>\n<script type="text/javascript">\n  var spec = {"a": 1};\n\n'
         '  var price = "$5 and $x^2$";\n  embed("#vis", spec);\n</script>\n'
         "<pre>line one\n\nline three</pre>")


def test_an_html_output_with_blank_lines_stays_one_html_block(
        make_site: MakeSite, build_site: Build) -> None:
    """An Altair chart's output (a `<script>` with a blank line, then a `$`): what came
    after the blank line was read as Markdown, a formula of 440,000 characters that
    failed the build (a real Quarto blog's notebook post)."""
    site = make_site({"content/posts/nb.ipynb": notebook(code(
        display(**{"text/html": CHART, "text/plain": "chart"})))})
    result = build_site(site)
    assert result.warnings == ()
    page = html5lib.parse((result.output / "posts/nb/index.html").read_bytes(),
                          namespaceHTMLElements=False)
    script = next(s for s in page.iter("script") if "embed" in (s.text or ""))
    assert '"$5 and $x^2$"' in (script.text or "") and page.find(".//math") is None
    pre = next(p for p in page.iter("pre") if "line one" in "".join(p.itertext()))
    assert "".join(pre.itertext()).replace("\u200b", "") == "line one\n\nline three"


def test_unreadable_svg_output_is_a_warning_with_cell_and_line() -> None:
    text = notebook(code(display(**{"image/svg+xml": "<svg"})))
    doc = parse_notebook(text)
    [warning] = doc.warnings
    assert warning.message.startswith("cell 2, output 1: the SVG image cannot be read")
    assert warning.line == line_of(text, '"cell_type": "code"') - 1


# --- attachments -------------------------------------------------------------------------


def test_attachment_images_in_markdown_cells_are_published_beside_the_page(
        make_site: MakeSite, build_site: Build) -> None:
    cell = {"cell_type": "markdown", "metadata": {},
            "source": ["Look:\n", "![a plot](attachment:my%20plot.png)\n",
                       "![d][ref]\n\n[ref]: attachment:diagram.svg"],
            "attachments": {"my plot.png": {"image/png": PNG},
                            "diagram.svg": {"image/svg+xml": EVIL_SVG}}}
    site = make_site({"content/posts/nb.ipynb": notebook(cell)})
    result = build_site(site)
    assert result.warnings == ()
    out = result.output
    page = html5lib.parse((out / "posts/nb/index.html").read_bytes(), namespaceHTMLElements=False)
    images = page.findall(".//article//img")
    assert [(i.get("src"), i.get("alt")) for i in images] == [
        ("/posts/nb/att-1-1.png", "a plot"), ("/posts/nb/att-1-2.svg", "d")]
    assert (out / "posts/nb/att-1-1.png").read_bytes().startswith(b"\x89PNG")
    assert "alert" not in (out / "posts/nb/att-1-2.svg").read_text()


def test_unknown_attachment_is_a_warning_with_cell_and_line() -> None:
    cell = {"cell_type": "markdown", "metadata": {},
            "source": ["# Title\n", "\n", "![x](attachment:gone.png)"],
            "attachments": {"other.png": {"image/png": PNG},
                            "notes.txt": {"text/plain": "not an image"}}}
    text = notebook(cell)
    doc = parse_notebook(text)
    first, second = doc.warnings
    assert first.message.startswith("cell 2, attachment `notes.txt` is no image")
    assert second.message.startswith(
        "cell 2, line 3: `attachment:gone.png` names no attachment of this cell")
    assert second.hint and first.line == second.line == cell_starts(text)[1]


def test_attachment_in_raw_html_is_a_warning_with_cell_and_line() -> None:
    cell = {"cell_type": "markdown", "metadata": {},
            "source": ["Look:\n", '<img src="attachment:a.png">'],
            "attachments": {"a.png": {"image/png": PNG}}}
    text = notebook(cell)
    [warning] = parse_notebook(text).warnings
    assert warning.message.startswith("cell 2, line 2: `attachment:a.png` in HTML")
    assert warning.hint and "![" in warning.hint and warning.line == cell_starts(text)[1]


@pytest.mark.parametrize(("source", "language"), [
    ("%%bash\nnvidia-smi --query-gpu=name", "bash"),
    ("%%writefile train.py\nimport torch", "python"),
    ("%%writefile config.yaml\nlr: 0.1", "yaml"),
    ("%%script zsh\necho hi", "bash"),
    ("%%html\n<b>x</b>", "html"),
    ("%%time\nx = f()", "python"),
    ("x = 1  # %%bash in a comment", "python"),
])
def test_a_cell_magic_names_its_cells_language(source: str, language: str) -> None:
    """A `%%bash` cell was highlighted as Python (a new user's sweep)."""
    document = parse_notebook(notebook(code(source=source)))
    assert f"```{language}\n{source}\n```" in document.body


def test_a_cell_whose_code_was_cleared_still_shows_its_outputs() -> None:
    """Jupyter shows the outputs of a cell whose code is empty; Lanting left the whole
    cell out, so a Quarto notebook's `echo: false` cell (its code hidden, its plot shown)
    lost the plot on import. An empty cell without outputs is still nothing."""
    doc = parse_notebook(notebook(
        code(display(**{"image/png": PNG}), {"output_type": "stream", "name": "stdout",
                                              "text": "r = 0.93\n"}, source=""),
        code(source="  \n")))
    assert "```python" not in doc.body
    assert "![output](" in doc.body and "r = 0.93" in doc.body
    assert doc.body.count("```") == 2


def stream(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def test_quarto_and_nbdev_cell_options_are_read_not_shown() -> None:
    """`#| echo: false`, `#| filename:`, `#| code-fold:` (Quarto) and `#| hide` (nbdev) at
    a code cell's top were shown as its code, and did nothing."""
    doc = parse_notebook(notebook(
        code(stream("shown output\n"), source="#| echo: false\nprint('hidden code')\n"),
        code(source="#| filename: train.py\n#| code-fold: true\nx = 1\n"),
        code(stream("nope\n"), source="#| include: false\nimport secret\n"),
        code(stream("no output\n"), source="#| output: false\ny = 2\n"),
        code(source="#| hide\nz = 3\n"),
        code(source="#| export\ndef f(): pass\n"),
        code(source="#| code-fold: show\n#| code-summary: 看代码\nw = 4\n"),
    ))
    body = doc.body
    assert "#|" not in body and "hidden code" not in body and "secret" not in body
    assert "shown output" in body and "no output" not in body and "z = 3" not in body
    assert '::: details Code\n```python title="train.py"\nx = 1\n```\n:::' in body
    assert "y = 2" in body and "def f(): pass" in body
    assert "::: details 看代码 {open}\n" in body


def test_the_kernel_s_reported_language_names_the_code_s() -> None:
    """SageMath's kernel names its language `sagemath` (`kernelspec`) and reports
    Python (`language_info`), which nbconvert and MyST-NB highlight it as: every code
    block was "unknown code language `sagemath`", a build warning each."""
    metadata = {"kernelspec": {"name": "sagemath", "language": "sagemath"},
                "language_info": {"name": "python", "pygments_lexer": "ipython3"}}
    document = parse_notebook(notebook(code(source="G = graphs.PetersenGraph()"),
                                       metadata=metadata))
    assert "```python\nG = graphs.PetersenGraph()\n```" in document.body
    only_kernel = {"kernelspec": {"name": "ir", "language": "R"}}
    document = parse_notebook(notebook(code(source="x <- 1"), metadata=only_kernel))
    assert "```R\nx <- 1\n```" in document.body

