"""Cases real folders of study notes (Typora, Obsidian, VS Code; no site generator)
showed when imported as a Quartz garden: each a small vault written inline."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

from importbits import NOW, page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = 'const config = { configuration: { pageTitle: "笔记", locale: "zh-CN" } }\n'


def _import(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Path, str]:
    write_files(tmp_path / "old", {"quartz.config.ts": CONFIG, "content/index.md": "首页\n",
                                   **files})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new", report_of(imported)


def test_typoras_assets_folder_is_found_beside_a_note_in_a_folder_with_an_ampersand(
        tmp_path: Path) -> None:
    # (Typora's `<note>.assets/` beside a note in `07-RNN & LSTM/`: the folder's `&` and
    # space, which Quartz's paths spell `-and-` and `-`, lost every image of its notes)
    new, report = _import(tmp_path, {
        "content/07-RNN & LSTM/循环网络.md":
            "展开后的结构：\n\n![unrolled](循环网络.assets/unrolled.png)\n\n"
            '<img src="循环网络.assets/gate.png" alt="gate" style="zoom:50%;" />\n',
        "content/07-RNN & LSTM/循环网络.assets/unrolled.png": png(8, 8),
        "content/07-RNN & LSTM/循环网络.assets/gate.png": png(8, 8)})
    assert "not found" not in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    images = page(result.output, "/循环网络/").one("div", class_="prose").find_all("img")
    assert len(images) == 2
    for image in images:
        assert (result.output / unquote(image["src"]).lstrip("/")).is_file()


def test_typoras_image_paths_with_spaces_are_images(tmp_path: Path) -> None:
    # (a pasted macOS screenshot: Typora writes its path as it is, spaces and all, and
    # shows it; Markdown reads `![…](a b.png)` as text)
    new, report = _import(tmp_path, {
        "content/GDA.md": "二维的例子：\n\n![Screenshot 2025-02-09]"
                          "(GDA.assets/Screenshot 2025-02-09 at 18.41.59.png)\n\n"
                          "而 ![missing](GDA.assets/no such file.png) 不在。\n",
        "content/GDA.assets/Screenshot 2025-02-09 at 18.41.59.png": png(8, 8)})
    assert "image paths with spaces (Typora's) in angle brackets ×1" in report
    result = build(new, BuildOptions())
    body = page(result.output, "/gda/").one("div", class_="prose")
    (image,) = body.find_all("img")
    assert image["alt"] == "Screenshot 2025-02-09"
    assert (result.output / unquote(image["src"]).lstrip("/")).is_file()
    # (a file the vault does not hold stays as written, and the build says so)
    assert "![missing](GDA.assets/no such file.png)" in body.text()
    assert ["an image shown as text" in str(w) for w in result.warnings] == [True]


def test_a_display_with_blank_lines_under_a_line_of_text_is_one_formula(
        tmp_path: Path) -> None:
    # (Obsidian and Quartz read a `$$` block to its closing `$$`; opened right under a
    # line of text, Lanting's Markdown ended it at the blank line and showed the TeX)
    new, report = _import(tmp_path, {
        "content/控制/离散化.md": "则运动方程可以写为：\n$$\n\\begin{aligned}\n"
                                "z_{k+1} &= z_k + f(z_k, u_k)\\,dt \\\\\n\n"
                                "&= \\bar{A} z_k + \\bar{B} u_k\n\\end{aligned}\n$$\n"
                                "其中 $dt$ 为步长。\n"})
    assert "`$$` displays with blank lines in them (one formula) ×1" in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(result.output, "/离散化/").one("div", class_="prose")
    assert len(body.find_all("div", class_="math-display")) == 1
    assert "\\" not in body.text() and "$" not in body.text()


def test_a_markdown_image_whose_alt_text_is_in_brackets_is_no_embed(tmp_path: Path) -> None:
    # (a formula pasted from Zhihu, `![[公式]](https://www.zhihu.com/equation?tex=…)`, was
    # taken for an embed of a note `公式`: left out, its URL shown as text)
    new, report = _import(tmp_path, {
        "content/GNN/GraphSAGE.md":
            "层数 ![[公式]](https://www.zhihu.com/equation?tex=K%3D2) ，见 "
            "[[原文]](https://example.org/sage)。\n"})
    assert "embeds nothing" not in report and "not written" not in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(result.output, "/graphsage/").one("div", class_="prose")
    assert len(body.find_all("math")) == 1 and "zhihu" not in body.text()
    assert [a["href"] for a in body.find_all("a")] == ["https://example.org/sage"]


def test_a_quoted_formula_whose_lines_have_no_quote_marks_stays_in_the_quote(
        tmp_path: Path) -> None:
    # (`> $$`, the formula's lines and its closing `$$` without `>`, as a Typora note on
    # interior-point methods quoted its results: the formula left the quote and its
    # closing `$$` opened one running on to the next, every formula after out of step)
    new, report = _import(tmp_path, {
        "content/内点法.md": "除以 $t$ 可得：\n\n> $$\n\\nabla f(x^*) + \\frac{A^T \\nu}{t} = 0"
                           " \\tag{3}\n$$\n\n定义 $\\lambda^* = -1/(t f_i)$，则\n\n"
                           "$$\nL(x, \\lambda) = f_0(x) + \\sum_i \\lambda_i f_i(x)\n$$\n"})
    assert "formulas' lines in a quote marked as quoted ×2" in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(result.output, "/内点法/").one("div", class_="prose")
    quote = body.one("blockquote")
    assert len(quote.find_all("div", class_="math-display")) == 1
    assert len(body.find_all("div", class_="math-display")) == 2
    assert "\\" not in body.text() and "$" not in body.text()


def _notebook() -> str:
    cells = [{"cell_type": "markdown", "metadata": {},
              "source": ["# 逻辑斯谛回归\n", "\n", "损失 $L(w) = -\\sum_i y_i \\log p_i$。"]},
             {"cell_type": "code", "execution_count": 1, "metadata": {},
              "source": ["print(1 + 1)"],
              "outputs": [{"output_type": "stream", "name": "stdout", "text": ["2\n"]}]}]
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells})


def test_a_notebook_beside_the_notes_is_a_notebook_page(tmp_path: Path) -> None:
    # (统计学习方法 notes keep each chapter's code in `notebook/CH06.ipynb`, which Quartz
    # served as a file to download: Lanting shows notebooks, so it is a page too)
    new, report = _import(tmp_path, {
        "content/CH06/README.md": "代码见 [notebook](../notebook/CH06.ipynb)。\n",
        "content/notebook/CH06.ipynb": _notebook()})
    assert "notebooks beside the notes as notebook pages (the file kept) ×1" in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    readme = page(result.output, "/readme/").one("div", class_="prose")
    href = unquote(readme.one("a")["href"])
    nb = page(result.output, href)
    assert nb.one("h1").text() == "逻辑斯谛回归"
    assert len(nb.find_all("math")) == 1 and "2" in nb.one("div", class_="prose").text()
    assert (result.output / "notebook" / "CH06.ipynb").is_file()  # (its old URL)
    listing = page(result.output, "/notebook/").one("div", class_="prose")
    assert [unquote(a["href"]) for a in listing.find_all("a")] == [href]


def test_a_note_beside_its_folder_of_the_same_name_is_the_folders_page(
        tmp_path: Path) -> None:
    # (`svm.md` beside `svm/` — GitBook's chapter and its sections, the Folder Notes
    # plugin's note outside its folder: two pages, `/svm/` and `/svm-2/`, with warnings)
    new, report = _import(tmp_path, {
        "content/svm.md": "支持向量机的基本型。\n",
        "content/svm/smo.md": "SMO 算法。\n",
        "content/svm/solve.md": "对偶问题的求解。\n"})
    assert "is taken" not in report and "left out" not in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(result.output, "/svm/").one("div", class_="prose")
    assert body.one("p").text() == "支持向量机的基本型。"
    assert [a["href"] for a in body.find_all("a")] == ["/smo/", "/solve/"]
    assert not (result.output / "svm-2").exists()


def test_a_site_named_without_its_scheme_is_a_web_link(tmp_path: Path) -> None:
    """`[Python 文档](docs.python.org)` in a vault: a path beside the note, which led
    nowhere in Obsidian and failed the build. It leads to the site, with a notice, as
    the Hugo and Jekyll imports read such a link; a note of that name stays a note."""
    write_files(tmp_path / "vault", {
        ".obsidian/app.json": "{}\n",
        "问题.md": "# 问题\n\n查[Python 文档](docs.python.org)的用法，见[笔记](notes.io)。\n",
        "notes.io": "a file of that name\n",
    })
    imported = import_site(tmp_path / "vault", tmp_path / "new")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "`docs.python.org`, a site named without `https://`" in report_of(imported)
    hrefs = [a.attrs["href"] for a in page(imported.dest / "public", "/问题/").one(
        "main").find_all("a")]
    assert hrefs[0] == "https://docs.python.org" and hrefs[1] != "https://notes.io"


def test_a_link_to_a_block_the_note_does_not_have_leads_to_its_top(tmp_path: Path) -> None:
    """`[[数组#^ab12cd]]` where the note ends a paragraph in `所示：^ab12cd` (no space
    before it, which Obsidian needs to read a block id: there it is text, and the link
    found no block): the link named an id no element has, and failed the build. It
    leads to the note's top, with a warning; a link to a block id of the note stays."""
    write_files(tmp_path / "vault", {
        ".obsidian/app.json": "{}\n",
        "数组.md": "# 数组\n\n复制后的结果：^ab12cd\n\n拷贝数组。 ^copy-1\n",
        "源码.md": "# 源码\n\n见 [[数组#^ab12cd]] 与 [[数组#^copy-1]]，及 [[#^gone]]。\n",
    })
    imported = import_site(tmp_path / "vault", tmp_path / "new")
    assert [w.message for w in imported.report.warnings] == [
        "no block `^ab12cd` in `数组` (Obsidian's block id stands after a space): the link "
        "leads to the page's top",
        "no block `^gone` in `源码` (Obsidian's block id stands after a space): the link "
        "leads to the page's top"]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    hrefs = [unquote(a.attrs["href"]) for a in page(imported.dest / "public", "/源码/").one(
        "main").find_all("a")]
    assert [h.rpartition("/")[2] for h in hrefs] == ["", "#^copy-1"]


def test_an_old_notebook_beside_the_notes_is_a_page_too(tmp_path: Path) -> None:
    """A notebook Jupyter saved before 2015 keeps its cells in `worksheets`
    (nbformat 3), which the build reads: the import left it out as a notebook without
    cells."""
    old = json.dumps({"metadata": {}, "nbformat": 3, "nbformat_minor": 0, "worksheets": [
        {"cells": [{"cell_type": "heading", "level": 1, "metadata": {},
                    "source": ["Old sizes"]},
                   {"cell_type": "markdown", "metadata": {}, "source": ["Kept text."]}]}]})
    new, report = _import(tmp_path, {"content/decks/sizes.ipynb": old})
    assert "without cells" not in report
    assert "notebooks beside the notes as notebook pages (the file kept) ×1" in report
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def _slide(kind: str, cell_type: str, source: str) -> dict[str, object]:
    cell: dict[str, object] = {"cell_type": cell_type, "source": source,
                               "metadata": {"slideshow": {"slide_type": kind}}}
    if cell_type == "code":
        cell |= {"outputs": [], "execution_count": None}
    return cell


def test_a_notebook_made_into_slides_is_a_talk(tmp_path: Path) -> None:
    """A lecture's notebook made into slides by RISE or `nbconvert --to slides` (each
    cell's `slideshow.slide_type`) was a notebook page, its notes among its cells. It
    is a talk: a slide at each `slide` cell, `notes` cells the speaker notes, `skip`
    cells left out; dated by its name."""
    deck = json.dumps({"metadata": {"kernelspec": {"language": "python", "name": "py"}},
                       "nbformat": 4, "nbformat_minor": 5, "cells": [
        _slide("slide", "markdown", "# Sorting, slowly"),
        _slide("notes", "markdown", "Ask who sorted cards today."),
        _slide("fragment", "markdown", "Two ideas."),
        _slide("slide", "code", "sorted([3, 1, 2])"),
        _slide("skip", "code", "import this_is_setup"),
        _slide("subslide", "markdown", "## Cost\n\n$O(n^2)$")]})
    new, report = _import(tmp_path, {"content/lectures/2024-03-05-sorting.ipynb": deck})
    assert "notebooks made into slides (RISE, nbconvert) as talks ×1" in report
    talk = (new / "content" / "talks" / "2024-03-05-sorting.md").read_text(
        encoding="utf-8")
    assert "date: 2024-03-05\n" in talk and "this_is_setup" not in talk
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck_page = page(result.output, "/talks/2024-03-05-sorting/slides/")
    frames = deck_page.find_all("section", class_="slide-frame")
    assert len(frames) == 3
    assert frames[0].one("aside", class_="slide-notes").text().strip() == (
        "Ask who sorted cards today.")
    assert "Two ideas." in frames[0].one(class_="slide").text()
    assert frames[2].find("math") is not None


def test_a_notebook_decks_outputs_title_and_folder_page(tmp_path: Path) -> None:
    """A meetup's RISE decks, one folder each: the plots the import writes of a cell's
    outputs were each an import warning ("not found in the folder of notes"); a deck
    titled by a heading of code (`` # `<docopt>` ``) was untitled (the tag taken for
    HTML), a build error; and the folder's page met the `index.html` the folder kept
    (its deck's render) at one URL, a build error. The folder's own page is kept."""
    png = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9aw"
           "AAAABJRU5ErkJggg==")
    plot = _slide("slide", "code", "plot()")
    plot["outputs"] = [{"output_type": "display_data", "metadata": {},
                        "data": {"image/png": png, "text/plain": "<Figure>"}}]
    deck = json.dumps({"metadata": {"kernelspec": {"language": "python", "name": "py"}},
                       "nbformat": 4, "nbformat_minor": 5, "cells": [
        _slide("slide", "markdown", "# `<docopt>`"), plot]})
    new, report = _import(tmp_path, {"content/2017-06-01-docopt/docopt.ipynb": deck,
                                     "content/2017-06-01-docopt/index.html": "<p>old</p>\n"})
    assert "not found" not in report
    talk = (new / "content" / "talks" / "docopt.md").read_text(encoding="utf-8")
    assert 'title: "<docopt>"\n' in talk
    assert not (new / "content" / "pages" / "2017-06-01-docopt.md").exists()
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
