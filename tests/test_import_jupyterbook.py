"""The Jupyter Book importer: the fixture book under tests/fixtures/import/jupyter-book/
(Jupyter Book 1 in the repository's `book/` folder: parts, chapters with sections, a
glob, a url, a notebook chapter, an .rst file, a file in no TOC), imported and built, read
from its pages; tiny books written inline for Jupyter Book 2 (`myst.yml`) and the rest."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from htmltree import Element, parse_html
from importbits import NOW, page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.jupyterbook_refs import targets_of, title_label
from lanting.importer.jupyterbook_toc import book_folder, mystmd_slug

FIXTURE = Path(__file__).parent / "fixtures" / "import" / "jupyter-book"
CODE_CELL = "`{code-cell}` is a cell MyST-NB runs"


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    dest = tmp_path_factory.mktemp("jupyter-book") / "site"
    imported = import_site(FIXTURE, dest)
    result = build(dest, BuildOptions())
    # (the one warning: a MyST notebook's code cell, which Jupyter Book ran, shows no output)
    assert [CODE_CELL in str(w) for w in result.warnings] == [True]
    return imported, dest / "public"


def prose(out: Path, url: str) -> Element:
    return page(out, url).one("div", "prose")


def links(element: Element) -> list[tuple[str, str]]:
    return [(a.text(), a["href"]) for a in element.find_all("a")]


# --- the fixture book ----------------------------------------------------------------------


def test_a_book_folder_with_toc_is_a_jupyter_book(tmp_path: Path) -> None:
    assert detect(FIXTURE) == "jupyter-book"
    # `_config.yml` alone would be Jekyll's: `_toc.yml` beside it makes it a book
    write_files(tmp_path, {"_config.yml": "title: x\n", "_toc.yml": "format: jb-book\n",
                           "_posts/2024-01-01-a.md": "# a\n"})
    assert detect(tmp_path) == "jupyter-book"



def test_a_book_in_a_folder_of_its_own_name_is_a_jupyter_book(tmp_path: Path) -> None:
    """A course's repository keeps its notebooks at the root and the book in `mlbook/`
    (`_toc.yml` and `_config.yml`): it was taken for a folder of notes, the book's
    chapters for notes and its table of contents lost. Two such folders are no one
    book, and one in a generator's site (a Jekyll site's lecture notes) is its part."""
    write_files(tmp_path, {"Readme.md": "# Course\n", "svm.ipynb": "{}",
                           "mlbook/_config.yml": "title: ML\n",
                           "mlbook/_toc.yml": "format: jb-book\nroot: index\n",
                           "mlbook/index.md": "# ML\n"})
    assert detect(tmp_path) == "jupyter-book"
    (tmp_path / "_config.yml").write_text("title: Site\n", encoding="utf-8")
    assert book_folder(tmp_path) is None
    (tmp_path / "_config.yml").unlink()
    write_files(tmp_path, {"old/_config.yml": "title: Old\n", "old/_toc.yml": "root: a\n"})
    assert book_folder(tmp_path) is None

def test_config_becomes_lanting_toml(book: tuple[Imported, Path]) -> None:
    imported, _out = book
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["language"], config["base_url"]) == (
        "深度学习课程笔记", "周沐阳", "zh-CN", "https://zhoumy.github.io/dl-notes/")
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/zhoumy/dl-notes"}]
    assert config["citations"] == {"style": "author-year"}
    # macros with arguments too, and one with an optional first argument (its default)
    assert config["markdown"]["math_macros"] == {
        "E": "\\mathbb{E}", "KL": "\\mathrm{KL}(#1)",
        "loss": "[2][\\theta]{\\mathcal{L}_{#1}(#2)}"}
    assert config["theme"]["favicon"] == "/_static/favicon.png"
    assert config["markdown"]["heading_ids"] == "github"  # (`myst_heading_anchors`)
    # the footer as the book's (Lanting's default year is the newest post's: a book has none)
    assert config["copyright"] == "© 2025 周沐阳"
    # the parts, each leading to its first page
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("目录", "/"), ("基础", "/basics/"), ("强化学习", "/intro/"), ("附录", "/bibliography/")]
    bib = (imported.dest / "content" / "references.bib").read_text(encoding="utf-8")
    assert "@book{goodfellow2016," in bib and "@article{schulman2017," in bib


def test_the_toc_decides_the_pages(book: tuple[Imported, Path]) -> None:
    imported, _out = book
    content = imported.dest / "content"
    assert sorted(p.relative_to(content).as_posix() for p in content.rglob("*.*")) == [
        "_index.md", "pages/a2c.md", "pages/basics.md", "pages/bibliography.md",
        "pages/intro.md", "pages/linear-regression.md", "pages/old-notes.md", "pages/ppo.md",
        "pages/softmax.ipynb", "pages/stray.md", "references.bib"]
    # the first heading is the title, not a second heading in the text
    text = (content / "pages" / "linear-regression.md").read_text(encoding="utf-8")
    assert text.startswith("---\ntitle: 线性回归\n") and "# 线性回归" not in text
    # notebook settings of a MyST notebook are left out
    assert "kernelspec" not in text and "jupytext" not in text


def test_the_home_page_lists_the_book_in_reading_order(book: tuple[Imported, Path]) -> None:
    _imported, out = book
    home = prose(out, "/")
    # the root's `{tableofcontents}` is the list (not a second one after it)
    [listing] = [ul for ul in home.find_all("ul") if ul.find("strong") is not None]
    assert [s.text() for s in listing.find_all("strong")] == ["基础", "强化学习", "附录"]
    # (the part 基础 is `numbered: true`: its chapters listed with their numbers)
    assert links(listing) == [
        ("1 基础知识", "/dl-notes/basics/"), ("1.1 线性回归", "/dl-notes/linear-regression/"),
        ("1.2 Softmax 回归", "/dl-notes/softmax/"), ("2 Old notes", "/dl-notes/old-notes/"),
        ("强化学习", "/dl-notes/intro/"), ("A2C", "/dl-notes/a2c/"), ("PPO", "/dl-notes/ppo/"),
        ("参考文献", "/dl-notes/bibliography/"), ("动手学深度学习", "https://d2l.ai")]
    assert "目录" not in [h.text() for h in home.find_all("h2")]
    # a substitution of `myst_substitutions`, written in
    assert "CS-DL 2025 的课程笔记" in home.text()


def test_tableofcontents_lists_the_sections_pages(book: tuple[Imported, Path]) -> None:
    _imported, out = book
    assert links(prose(out, "/basics/").one("ul")) == [
        ("1.1 线性回归", "/dl-notes/linear-regression/"),
        ("1.2 Softmax 回归", "/dl-notes/softmax/")]
    # a `:::` fence too; the glob's files in the order of their names
    assert links(prose(out, "/intro/").one("ul")) == [
        ("A2C", "/dl-notes/a2c/"), ("PPO", "/dl-notes/ppo/")]


def test_pages_end_with_the_previous_and_next(book: tuple[Imported, Path]) -> None:
    _imported, out = book
    last = prose(out, "/linear-regression/").find_all("p")[-1]
    assert links(last) == [("基础知识", "/dl-notes/basics/"),
                           ("Softmax 回归", "/dl-notes/softmax/")]
    # a notebook's in a cell of its own; the next part's first page follows
    last = prose(out, "/softmax/").find_all("p")[-1]
    assert links(last) == [("线性回归", "/dl-notes/linear-regression/"),
                           ("Old notes", "/dl-notes/old-notes/")]
    last = prose(out, "/old-notes/").find_all("p")[-1]
    assert links(last) == [("Softmax 回归", "/dl-notes/softmax/"),
                           ("强化学习", "/dl-notes/intro/")]


def test_a_notebook_chapter_is_a_notebook_page(book: tuple[Imported, Path]) -> None:
    imported, out = book
    notebook = json.loads((imported.dest / "content" / "pages" / "softmax.ipynb")
                          .read_text(encoding="utf-8"))
    assert notebook["cells"][0]["cell_type"] == "raw"
    assert "title: Softmax 回归" in notebook["cells"][0]["source"]
    shown = prose(out, "/softmax/")
    assert shown.one("div", "output").text() == "p = 0.5"  # its saved output
    assert [h.text() for h in shown.find_all("h1")] == []  # the title is above the text
    assert shown.one("img")["src"] == "/dl-notes/images/loss.png"


def test_references_to_other_pages_become_links(book: tuple[Imported, Path]) -> None:
    _imported, out = book
    text = prose(out, "/linear-regression/")
    shown = dict(links(text))
    # `{ref}`text <label>`` to a notebook's heading, with the text written
    assert shown["softmax 的交叉熵"] == "/dl-notes/softmax/#sec-cross-entropy"
    assert "sec-cross-entropy" in page(out, "/softmax/").ids()
    # a label on the home page's title: the page itself, read as its title
    assert shown["欢迎"] == "/dl-notes/"
    # a Markdown link to a notebook; `{numref}` on its own page stays Lanting's (the
    # chapter's first figure: this page is its section 1.1)
    assert shown["Softmax"] == "/dl-notes/softmax/"
    assert shown["图 1.1"] == "#fig-loss"
    # from a notebook cell: the heading's text
    assert dict(links(prose(out, "/softmax/")))["损失函数"] == \
        "/dl-notes/linear-regression/#sec-loss"
    # a link to a heading of another page, by the id `myst_heading_anchors` gave it
    assert dict(links(prose(out, "/ppo/")))["A2C 的优势函数"] == \
        "/dl-notes/a2c/#advantage-%E5%87%BD%E6%95%B0"
    assert "advantage-函数" in page(out, "/a2c/").ids()
    # `{numref}` to another page's figure: the number Sphinx gave it
    assert dict(links(prose(out, "/ppo/")))["图 1.1"] == \
        "/dl-notes/linear-regression/#fig-loss"
    # a MathJax macro with an argument (`KL: [body, 1]`) is the site's
    assert prose(out, "/ppo/").find_all("math")[-1].text().startswith("KL(")
    # `{ref}`label`` and `{doc}` on the home page
    home = dict(links(prose(out, "/")))
    assert home["Clip 目标"] == "/dl-notes/ppo/#sec-ppo"
    assert home["线性回归"] == "/dl-notes/linear-regression/"


def test_a_label_found_nowhere_is_reported(book: tuple[Imported, Path]) -> None:
    imported, out = book
    assert "book/rl/algorithms/a2c.md:3: warning: `{ref}`未定义的标签 <no-such-label>``: no " \
        "label `no-such-label` in the book: its text is kept, not a link" in report_of(imported)
    text = prose(out, "/a2c/")
    assert "未定义的标签" in text.text() and not links(text.find_all("p")[0])


def test_images_and_citations(book: tuple[Imported, Path]) -> None:
    imported, out = book
    figure = prose(out, "/linear-regression/").one("figure")
    assert figure.one("img")["src"] == "/dl-notes/images/loss.png"
    assert (out / "images" / "loss.png").is_file()
    assert "Goodfellow" in prose(out, "/").one("a", "cite-link").text()
    assert (out / "_static" / "logo.png").is_file()  # copied, and noted


def test_the_reference_page_lists_what_the_book_cites(book: tuple[Imported, Path]) -> None:
    imported, out = book
    # (its `{bibliography}` cites nothing itself: Jupyter Book listed the book's citations)
    items = [li.text() for li in prose(out, "/bibliography/").one("ul").find_all("li")]
    assert items == ["Ian Goodfellow, Yoshua Bengio, Aaron Courville. Deep Learning. 2016.",
                     "John Schulman, Filip Wolski, Prafulla Dhariwal, Alec Radford, Oleg "
                     "Klimov. Proximal Policy Optimization Algorithms. arXiv preprint "
                     "arXiv:1707.06347. 2017."]
    assert "book/appendix/bibliography.md:3: notice: `{bibliography}`: the 2 entries the " \
        "book cites, written out as a list" in report_of(imported)


def test_old_urls_answer(book: tuple[Imported, Path]) -> None:
    _imported, out = book
    for old, new in (("basics/linear-regression.html", "/dl-notes/linear-regression/"),
                     ("basics/softmax.html", "/dl-notes/softmax/"),
                     ("rl/algorithms/ppo.html", "/dl-notes/ppo/"), ("intro.html", "/dl-notes/")):
        redirect = parse_html((out / old).read_text(encoding="utf-8"))
        assert redirect.one("link", rel="canonical")["href"].endswith(new), old


def test_restructuredtext_pages_are_read(book: tuple[Imported, Path]) -> None:
    # (a chapter Sphinx read as reStructuredText: docutils' tree written as MyST)
    _imported, out = book
    text = prose(out, "/old-notes/")
    # (its part is `numbered: true`: chapter 2, as Jupyter Book numbered it)
    assert page(out, "/old-notes/").one("h1").text().strip() == "2 Old notes"
    links = {a.get("href") for a in text.find_all("a")}
    assert {"/dl-notes/linear-regression/#sec-loss", "/dl-notes/linear-regression/"} <= links
    assert len(text.find_all("math")) == 2 and "mean()" in text.one("pre").text()
    assert "kept for their history" in text.one(class_="callout-note").text()


def test_the_report_names_what_was_not_converted(book: tuple[Imported, Path]) -> None:
    imported, out = book
    report = report_of(imported)
    for line in (
        "book/stray.md: notice: in no table of contents: a page of its own",
        # (`sphinx_proof`'s directives Lanting reads)
        "book/_config.yml: warning: Sphinx extensions with no Lanting counterpart: "
        "`sphinx_click` (their",
        "book/_config.yml: notice: `execute_notebooks: force`: Lanting runs no notebook",
        "book/_config.yml: notice: settings only Jupyter Book read, left out: "
        "`launch_buttons`, `latex`, `html.use_repository_button`",
        "book/_toc.yml: notice: chapter and section numbers (`numbered`) are not shown",
        "book/LICENSE.md: notice: the repository's, not a page of the book (no table of "
        "contents names it): left out",
        "book/basics/linear-regression.md:10: notice: front matter Lanting has no place "
        "for, left out: `html_meta`",
        "book/basics/linear-regression.md: warning: 1 `{code-cell}` cell(s) Jupyter Book ran",
        "(`jupytext`, `kernelspec`) of 2 file(s) left out",
        "book/_static: notice: 1 file(s) of the theme's (styles, scripts) left out: "
        "`_static/custom.css`",
    ):
        assert line in report, line
    # a file in no TOC is built at its old URL, listed nowhere
    assert (out / "stray" / "index.html").is_file()
    assert "/dl-notes/stray/" not in (out / "sitemap.xml").read_text(encoding="utf-8")


# --- Jupyter Book 2 (mystmd) ---------------------------------------------------------------


MYST_BOOK = {
    "myst.yml": """\
        version: 1
        project:
          id: 4f6c0d3e-notes
          title: 分布式训练笔记
          authors:
            - name: 林一
          github: lin/dist-notes
          math:
            '\\R': '\\mathbb{R}'
          toc:
            - file: index.md
            - title: 通信
              children:
                - file: comm/01_nccl.md
                - file: comm/allreduce.ipynb
            - file: notes/summary.md
            - url: https://pytorch.org
              title: PyTorch
        site:
          template: book-theme
          options:
            favicon: logo.png
        """,
    "index.md": "# 首页\n\n见 [ring](#ring-allreduce)。\n",
    "comm/01_nccl.md": "---\ntitle: NCCL 入门\nauthors: [林一]\n---\n\n正文 $\\R^n$。\n\n"
                       "```{code-block} python\n{ref}`not-a-ref`\n```\n\n"
                       "See @ring-allreduce, @eq-sum, [the mean](@eq-mean) and "
                       "[gone](@no-label).\n\n(eq-sum)=\n$$\n\\sum_i x_i\n$$\n\n"
                       "(eq-mean)=\n```{math}\n\\bar x\n```\n\n"
                       "::::{grid} 2\n:gutter: 1\n:::{grid-item-card} 卡片\nCard text.\n"
                       ":::\n::::\n\n"
                       ":::{iframe} https://www.youtube.com/embed/abcdefghijk\n"
                       ":width: 100%\n:title: \"NCCL talk\"\n:::\n\n"
                       ":::{table} 带宽\n:label: tab-bw\n\n| a | b |\n| - | - |\n"
                       "| 1 | 2 |\n:::\n",
    "comm/allreduce.ipynb": json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
            {"id": "a", "cell_type": "markdown", "metadata": {},
             "source": "# AllReduce\n\n(ring-allreduce)=\n## Ring\n\n环形。"}]}),
    "notes/summary.md": "# 小结\n\n回到 {doc}`../comm/01_nccl`。\n",
    "drafts/old.md": "# 旧稿\n",
    "logo.png": png(8, 8),
}


def test_a_mystmd_book_with_its_toc(tmp_path: Path) -> None:
    source = tmp_path / "notes"
    write_files(source, MYST_BOOK)
    assert detect(source) == "jupyter-book"
    imported = import_site(source, tmp_path / "site")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    out = tmp_path / "site" / "public"
    config = tomllib.loads((tmp_path / "site" / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"]) == ("分布式训练笔记", "林一")
    assert config["copyright"] == "© 林一"
    assert "1970" not in (out / "index.html").read_text(encoding="utf-8")
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/lin/dist-notes"}]
    assert config["markdown"]["math_macros"] == {"R": "\\mathbb{R}"}
    home = prose(out, "/")
    # mystmd's `[](#label)` to another page's heading, with the heading's text
    assert links(home.find_all("p")[0]) == [("ring", "/allreduce/#ring-allreduce")]
    # mystmd's flat URLs (without a leading enumeration) are the new ones
    assert links(home.find_all("ul")[0]) == [
        ("NCCL 入门", "/nccl/"), ("AllReduce", "/allreduce/"), ("小结", "/summary/"),
        ("PyTorch", "https://pytorch.org")]
    assert [s.text() for s in home.find_all("strong")] == ["通信"]
    assert dict(links(prose(out, "/summary/")))["NCCL 入门"] == "/nccl/"
    # code is not read: the role in it stays code
    assert "{ref}`not-a-ref`" in prose(out, "/nccl/").one("pre").text()
    nccl = prose(out, "/nccl/")
    shown = dict(links(nccl))
    # mystmd's `@label`: to another page, a link; on its page Lanting's own
    assert shown["Ring"] == "/allreduce/#ring-allreduce"
    assert nccl.one("a", "eqref")["href"] == "#eq-sum"
    assert shown["the mean"] == "#eq-mean"  # (`[](@label)`, the `{math}`'s label)
    assert "gone" in nccl.text() and "gone" not in shown
    # a grid's card without its box, a YouTube `{iframe}` as a video, a labelled `{table}`
    assert "卡片" in [b.text() for b in nccl.find_all("strong")]
    assert nccl.find("div", "grid") is None
    video = nccl.one("figure", "video-youtube").one("a")
    assert "abcdefghijk" in video["href"] and video["data-title"] == "NCCL talk"
    assert [b.text() for b in nccl.find_all("strong")] == ["卡片"]  # (not the grid's `2`)
    assert "tab-bw" in nccl.ids() and nccl.one("caption").text() == "带宽"
    report = report_of(imported)
    assert "comm/01_nccl.md:12: warning: `[gone](@no-label)`: no label `no-label` in the " \
        "book: its text is kept, not a link" in report
    assert "comm/01_nccl.md:24: warning: 2 grid, card or panel box(es) of sphinx-design" in report
    assert "drafts/old.md: notice: in no table of contents, so not built: left out" in report
    assert "myst.yml: notice: settings only Jupyter Book read, left out: `project.id`, " \
        "`site.template`" in report
    assert "comm/01_nccl.md:3: notice: front matter Lanting has no place for, left out: " \
        "`authors`" in report


def test_a_jb_article_and_only_toc_files(tmp_path: Path) -> None:
    write_files(tmp_path / "notes", {
        "_config.yml": "title: 读书笔记\nauthor: 王五\nonly_build_toc_files: true\n",
        "_toc.yml": "format: jb-article\nroot: index\nsections:\n  - file: a\n"
                    "  - file: missing\n  - file: 2.notes\n",
        "2.notes.md": "# 笔记\n",
        "index.md": "# 首页\n\n正文。\n",
        "a.md": "# 第一篇\n\n[回到首页](index.md)，[旧链接](index.html)，{doc}`missing`。\n",
        "b.md": "# 草稿\n"})
    imported = import_site(tmp_path / "notes", tmp_path / "site")
    build(tmp_path / "site", BuildOptions())
    out = tmp_path / "site" / "public"
    assert links(prose(out, "/a/").find_all("p")[0]) == [("回到首页", "/"), ("旧链接", "/")]
    assert not (out / "b").exists()
    # (no parts: the chapters are the menu after the contents)
    config = tomllib.loads((tmp_path / "site" / "lanting.toml").read_text(encoding="utf-8"))
    assert [m["url"] for m in config["menu"]] == ["/", "/a/", "/2-notes/"]
    assert (out / "2.notes.html").is_file()  # (`2.notes` is `2-notes`: slugs drop dots)
    report = report_of(imported)
    assert "_toc.yml: warning: `missing` in the table of contents is no file of the book: " \
        "left out" in report
    assert "a.md:3: warning: `{doc}`missing``: no page `missing` in the book: its text is " \
        "kept, not a link" in report
    assert "b.md: notice: in no table of contents, so not built: left out" in report


def test_a_table_of_contents_before_0_11(tmp_path: Path) -> None:
    # (Jupyter Book 0.10's `_toc.yml` was a list: the first file the root, `- part:`)
    write_files(tmp_path / "notes", {
        "_config.yml": "title: 旧书\n",
        "_toc.yml": "# toc\n- file: intro\n- file: setup\n- part: 基础\n  chapters:\n"
                    "  - file: ch1\n    sections:\n    - file: ch1-1\n\n"
                    "- header: 附录\n- file: notes\n  sections:\n    - file: more\n",
        "intro.md": "# 前言\n", "setup.md": "# 安装\n", "ch1.md": "# 第一章\n",
        "ch1-1.md": "# 第一节\n", "notes.md": "# 笔记\n", "more.md": "# 补充\n"})
    imported = import_site(tmp_path / "notes", tmp_path / "site")
    build(tmp_path / "site", BuildOptions())
    home = prose(tmp_path / "site" / "public", "/")
    assert links(home.find_all("ul")[0]) == [("安装", "/setup/"), ("第一章", "/ch1/"),
                                            ("第一节", "/ch1-1/"), ("笔记", "/notes/"),
                                            ("补充", "/more/")]
    # (`- header:` of Jupyter Book before 0.10 is a part over the entries after it)
    assert [s.text() for s in home.find_all("strong")] == ["基础", "附录"]
    assert "_toc.yml: notice: a table of contents of Jupyter Book before 0.11 (a list): " \
        "read as `jb-book`" in report_of(imported)


def test_mystmd_folders_urls_answer(tmp_path: Path) -> None:
    source = tmp_path / "notes"
    write_files(source, {**MYST_BOOK, "myst.yml": MYST_BOOK["myst.yml"].replace(
        "favicon: logo.png", "favicon: logo.png\n            folders: true")})
    import_site(source, tmp_path / "site")
    build(tmp_path / "site", BuildOptions())
    out = tmp_path / "site" / "public"
    # (`site.options.folders`: mystmd's URLs kept the folders)
    redirect = parse_html((out / "comm" / "nccl" / "index.html").read_text(encoding="utf-8"))
    assert redirect.one("link", rel="canonical")["href"].endswith("/nccl/")


# --- units ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("stem", "slug"), [
    ("01_intro", "intro"), ("Linear_Regression", "linear-regression"),
    ("2024-review", "2024-review"), ("12345-x", "12345-x"), ("007", "007"), ("a&b", "a-and-b")])
def test_mystmd_slug(stem: str, slug: str) -> None:
    assert mystmd_slug(stem) == slug


def test_targets_and_title_labels() -> None:
    text = ("(intro)=\n# Intro\n\n(sec-a)=\n## Part *A*\n\n```{figure} x.png\n:name: fig-x\n"
            ":width: 50%\n\nA caption\n```\n\n```python\n(not-a-label)=\n```\n\n"
            ":::{figure-md} fig-md\n:class: wide\n![](y.png)\n\nIts *caption*\n:::\n")
    assert [(label, words) for label, words, _line in targets_of(text)] == [
        ("intro", "Intro"), ("sec-a", "Part A"), ("fig-x", "A caption"),
        ("fig-md", "Its caption")]
    assert title_label(text) == "intro"
    assert title_label("Some text\n\n(x)=\n# X\n") is None


def test_links_naming_labels_and_links_inside_short_notes(tmp_path: Path) -> None:
    # (MyST-Parser under Sphinx read `[text](label)` as the `any` role: a document
    # first, then a label; a note whose fences hold no blank line is no code span)
    write_files(tmp_path / "course", {
        "_config.yml": "title: 公平性讲义\nauthor: 陈二\n",
        "_toc.yml": "format: jb-book\nroot: index\nchapters:\n  - file: metrics\n"
                    "  - file: ethics\n",
        "index.md": "# 讲义\n\n先读 [指标](parity_metric)。\n\n"
                    "```{button-ref} parity_metric\n:color: primary\n:outline:\n\n继续阅读\n"
                    "```\n\n```{button-link} https://fairlearn.org\n:expand:\nFairlearn\n```\n",
        "metrics.md": "(metrics_page)=\n# 指标\n\n(parity_metric)=\n## 人口均等\n\n"
                      "回到 [本节](parity_metric)。\n\n```{figure} split.png\n"
                      ":name: \"fig-split\"\n\n三折划分。\n```\n",
        "ethics.md": "# 伦理\n\n```{note}\n与 [均等指标](parity_metric) 和 [指标一章]"
                     "(metrics_page) 相关，见 `code`。\n```\n\n见 {numref}`fig-split`。\n",
        "split.png": png(4, 4)})
    imported = import_site(tmp_path / "course", tmp_path / "site")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    out = tmp_path / "site" / "public"
    assert links(prose(out, "/").find_all("p")[0]) == [("指标", "/metrics/#parity_metric")]
    # (sphinx-design's buttons: links reading their text)
    assert links(prose(out, "/").find_all("p")[1]) == [("继续阅读", "/metrics/#parity_metric")]
    assert links(prose(out, "/").find_all("p")[2]) == [("Fairlearn", "https://fairlearn.org")]
    assert links(prose(out, "/metrics/").find_all("p")[0]) == [("本节", "#parity_metric")]
    ethics = prose(out, "/ethics/")
    assert links(ethics.one("div", "callout-note")) == [
        ("均等指标", "/metrics/#parity_metric"), ("指标一章", "/metrics/")]
    assert ethics.one("div", "callout-note").one("code").text() == "code"
    # (a quoted `:name:` is the figure's label: a link there reads its caption)
    assert ("三折划分。", "/metrics/#fig-split") in links(ethics)
    assert ": warning:" not in report_of(imported)


def test_figure_md_labels_are_targets_across_the_book(tmp_path: Path) -> None:
    # (myst-parser's `{figure-md} label`, a course book's `<img>` figure and a link to its
    # label: the label is the argument, so no `:name:` line found it, and the link was
    # left as written, broken)
    write_files(tmp_path / "notes", {
        "_config.yml": "title: 优化笔记\n",
        "_toc.yml": "format: jb-book\nroot: index\nchapters:\n  - file: sgd\n",
        "index.md": "# 笔记\n\n见 [学习率曲线](fig-lr) 与 {numref}`fig-lr`。\n",
        "sgd.md": "# 随机梯度下降\n\n:::{figure-md} fig-lr\n:align: center\n\n"
                  "<img src=\"lr.png\" alt=\"学习率\" width=\"120px\">\n\n"
                  "余弦退火下的*学习率*。\n:::\n\n回看 [上图](fig-lr)。\n",
        "lr.png": png(4, 4)})
    imported = import_site(tmp_path / "notes", tmp_path / "site")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    out = tmp_path / "site" / "public"
    figure = prose(out, "/sgd/").one("figure")
    assert figure["id"] == "fig-lr" and figure.one("img")["width"] == "120"
    assert figure.one("figcaption").text() == "图 1 余弦退火下的学习率。"
    back = next(p for p in prose(out, "/sgd/").find_all("p") if "回看" in p.text())
    assert links(back) == [("上图", "#fig-lr")]
    assert links(prose(out, "/").find_all("p")[0]) == [
        ("学习率曲线", "/sgd/#fig-lr"), ("余弦退火下的学习率。", "/sgd/#fig-lr")]
    assert ": warning:" not in report_of(imported)


def test_equations_and_definitions_of_other_pages(tmp_path: Path) -> None:
    # (an ML course book: `{eq}` to another chapter's `{math}` (Sphinx's equations are
    # the book's), failing the build as "no numbered equation on this page"; a
    # `{prf:definition}`'s `:label:`, which the import writes `:name:`, ignored by
    # Lanting, so every `{prf:ref}` to it failed; a link to it read its whole first
    # sentence)
    write_files(tmp_path / "course", {
        "_config.yml": "title: ML course\n",
        "_toc.yml": "format: jb-book\nroot: index\nchapters:\n  - file: cost\n"
                    "  - file: descent\n",
        "index.md": "# Course\n\nStart.\n",
        "cost.md": "# Cost functions\n\n````{prf:definition} Decision boundary\n"
                   ":label: defBound\nA threshold between classes.\n````\n\n"
                   "```{prf:definition}\n:label: defLoss\nThe loss of one sample.\n```\n\n"
                   "```{math}\n:label: costLog\n\\begin{align*}\nJ &= -y \\log p\n"
                   "\\end{align*}\n```\n\nSee {prf:ref}`defBound` and {eq}`costLog`.\n",
        "descent.md": "# Gradient descent\n\nMinimise {eq}`costLog` (see "
                      "{prf:ref}`defBound`, {prf:ref}`defLoss`).\n\n```{math}\n:label: step\n"
                      "\\theta' = \\theta - \\alpha g\n```\n\nBy {eq}`step`.\n"})
    imported = import_site(tmp_path / "course", tmp_path / "site")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    out = tmp_path / "site" / "public"
    see = next(p for p in prose(out, "/cost/").find_all("p") if "See" in p.text())
    assert links(see) == [("Definition 1", "#defBound"), ("(1)", "#costLog")]
    first, by_step = [p for p in prose(out, "/descent/").find_all("p")
                      if p.text().startswith(("Minimise", "By"))]
    assert links(first) == [("(Cost functions)", "/cost/#costLog"),
                            ("Decision boundary", "/cost/#defBound"),
                            ("Cost functions", "/cost/#defLoss")]
    assert links(by_step) == [("(1)", "#step")]
    assert ": warning:" not in report_of(imported)


def test_mermaid_blocks_of_sphinxcontrib_mermaid_are_drawn(tmp_path: Path) -> None:
    # (an optimisation course template's flowcharts: ```{mermaid} was built as "a cell
    # Quarto runs", its code shown, and Lanting was never told to draw diagrams)
    write_files(tmp_path / "book", {
        "_config.yml": "title: Notes\nsphinx:\n  extra_extensions:\n"
                       "    - sphinxcontrib.mermaid\n",
        "_toc.yml": "format: jb-book\nroot: intro\n",
        "intro.md": "# Notes\n\n```{mermaid}\nflowchart LR\n  A --> B\n```\n"})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["mermaid"].startswith("https://")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    diagram = prose(tmp_path / "site" / "public", "/").one("pre", class_="mermaid")
    assert "A --> B" in diagram.text()
    assert ": warning:" not in report_of(imported)


def test_index_entries_are_left_out_with_a_notice(tmp_path: Path) -> None:
    # (an optimisation book's `{index} single: solver; HiGHS` above its sections: 272
    # build warnings of an unknown directive, the entries shown as text)
    write_files(tmp_path / "book", {
        "_config.yml": "title: Optimisation\n", "_toc.yml": "format: jb-book\nroot: intro\n",
        "intro.md": "# Optimisation\n\n```{index} single: solver; HiGHS\n```\n\n"
                    "Solve it.\n\n```{index} Gantt charts\n```\n"})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    assert "HiGHS" not in prose(tmp_path / "site" / "public", "/").text()
    assert "2 `{index}` entries left out" in report_of(imported)


def test_yaml_named_figures_once_a_page_displays_and_comments(tmp_path: Path) -> None:
    # (an example's `name:` copied under every figure; a `$$` display with blank lines
    # in it, which MyST reads whole; a fence inside an HTML comment)
    figure = "```{{figure}} {0}\n---\nheight: 90px\nname: demo-fig\n---\n{1}\n```\n\n"
    write_files(tmp_path / "notes", {
        "_config.yml": "title: 博士笔记\nauthor: 刘三\n",
        "_toc.yml": "format: jb-book\nroot: index\nchapters:\n  - file: prob\n",
        "index.md": "# 笔记\n\n见 {numref}`demo-fig`。\n",
        "prob.md": "# 概率\n\n<!-- ```{note} 草稿\n旧文。\n``` -->\n正文。\n\n"
                   + figure.format("a.png", "第一张图") + figure.format("b.png", "第二张图")
                   + "$$\n\\begin{align}\n\na &= b \\\\\n\nc &= d\n\n\\end{align}\n$$\n\n"
                   # (Sphinx put a display with `\\` in `split`: its `&` aligned)
                   "$$\n  L &= \\|y - Xw\\|^2 \\\\\n  &= r^T r\n$$\n",
        "a.png": png(4, 4), "b.png": png(4, 4)})
    imported = import_site(tmp_path / "notes", tmp_path / "site")
    assert build(tmp_path / "site", BuildOptions()).warnings == ()
    out = tmp_path / "site" / "public"
    assert links(prose(out, "/").find_all("p")[0]) == [("第一张图", "/prob/#demo-fig")]
    prob = prose(out, "/prob/")
    assert [f.get("id") for f in prob.find_all("figure")] == ["demo-fig", "figure-2"]
    assert len(prob.find_all("math")) == 2 and "begin{" not in prob.text()
    assert "旧文" not in prob.text()
    report = report_of(imported)
    assert "prob.md:11: warning: label `demo-fig` names 2 blocks of this page (Sphinx " \
        "warned of it): the first, here, keeps it, the later ones lose it" in report
    assert report.count(": warning:") == 1


def test_cite_keys_in_any_case_and_references_to_glued_figures(tmp_path: Path) -> None:
    # (pybtex found BibTeX keys in any case; a `{glue:figure}` is a run's output)
    write_files(tmp_path / "book", {
        "_config.yml": "title: 负责任的机器学习\nbibtex_bibfiles:\n  - refs.bib\n",
        "_toc.yml": "format: jb-book\nroot: index\nchapters:\n  - file: folds\n",
        "refs.bib": "@article{Hardt2016,\n  title = {Equality},\n  author = {Hardt, M},\n"
                    "  year = {2016}\n}\n",
        "index.md": "# 前言\n\n见 {numref}`fig-folds`。\n",
        "folds.md": "# 交叉验证\n\n如 {footcite:t}`hardt2016` 与 {cite:p}`HARDT2016`，"
                 "见 {numref}`Figure %s <fig-folds>`。\n\n```{glue:figure} folds\n"
                 ":name: fig-folds\n\n三折交叉验证\n```\n"})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    build(tmp_path / "site", BuildOptions())
    out = tmp_path / "site" / "public"
    cv = prose(out, "/folds/")
    assert [a["href"] for a in cv.find_all("a", class_="cite-link")] == [
        "#ref-Hardt2016", "#ref-Hardt2016"]
    assert "Figure 三折交叉验证" in cv.text() and cv.find("a", href="#fig-folds") is None
    assert "见 三折交叉验证。" in prose(out, "/").text()
    report = report_of(imported)
    assert "folds.md:3: warning: `{numref}`Figure %s <fig-folds>`` names a `{glue:figure}`, " \
        "a notebook run's output, which is left out: its text is kept, not a link" in report
    assert "index.md:3: warning: `{numref}`fig-folds`` names a `{glue:figure}`" in report


@pytest.mark.parametrize(("toc", "numbers"), [
    # (a part `numbered: true`: its chapters 1, 2, their sections 1.1 …; the other
    # part unnumbered; each numbered part afresh, as Sphinx numbers its toctrees; a
    # chapter's sub-file after its own section "One", 1.1: Jupyter Book puts the
    # chapter's toctree at its end, so Sphinx numbered the sub-file 1.2)
    ("parts:\n  - caption: Basics\n    numbered: true\n    chapters:\n      - file: a\n"
     "        sections:\n          - file: a1\n      - file: b\n"
     "  - caption: Extra\n    chapters:\n      - file: c\n",
     {"/a/": "1 A", "/a1/": "1.2 A1", "/b/": "2 B", "/c/": "C"}),
    # (`defaults: numbered`, a book without parts)
    ("defaults:\n  numbered: true\nchapters:\n  - file: a\n    sections:\n"
     "      - file: a1\n  - file: b\n  - file: c\n",
     {"/a/": "1 A", "/a1/": "1.2 A1", "/b/": "2 B", "/c/": "3 C"}),
])
def test_numbered_books(tmp_path: Path, toc: str, numbers: dict[str, str]) -> None:
    write_files(tmp_path / "book", {
        "_config.yml": "title: Book\n", "_toc.yml": "format: jb-book\nroot: intro\n" + toc,
        "intro.md": "# Intro\n\nHello.\n", "a.md": "# A\n\n## One\n\nText.\n",
        "a1.md": "# A1\n\nText.\n", "b.md": "# B\n\nText.\n", "c.md": "# C\n\nText.\n"})
    imported = import_site(tmp_path / "book", tmp_path / "new", None, False, NOW)
    build(imported.dest, BuildOptions(output=tmp_path / "out", cache=False, jobs=1))
    assert {url: page(tmp_path / "out", url).one("h1").text().strip()
            for url in numbers} == numbers
    assert page(tmp_path / "out", "/a/").one("div", "prose").one("h2").text() == "1.1 One"


def test_numref_to_a_numbered_section_of_another_page(tmp_path: Path) -> None:
    """`{numref}` naming a section of another page of a numbered book read the heading's
    title with a notice ("its number is that page's"); Sphinx read "Section 2.1". It
    reads the number that page shows (`%s` filled in), the page's title label its
    chapter's number; a code block's `#` line and a labelled heading's target count
    as Lanting counts them."""
    write_files(tmp_path / "book", {
        "_config.yml": "title: Book\n",
        "_toc.yml": "format: jb-book\nroot: intro\ndefaults:\n  numbered: true\n"
                    "chapters:\n  - file: a\n  - file: b\n",
        "intro.md": "# Intro\n\nHello.\n",
        "a.md": "(ch-a)=\n# A\n\n## First\n\n```python\n# no heading\n```\n\n"
                "(sec-loss)=\n## Loss\n\n### Detail\n",
        "b.md": "# B\n\nSee {numref}`sec-loss`, {numref}`Sec. %s <sec-loss>`, "
                "{numref}`ch-a` and {ref}`sec-loss`.\n"})
    imported = import_site(tmp_path / "book", tmp_path / "new", None, False, NOW)
    out = tmp_path / "out"
    result = build(imported.dest, BuildOptions(output=out, cache=False, jobs=1))
    assert [str(w) for w in result.warnings] == []
    shown = [(a.text(), a["href"]) for a in prose(out, "/b/").find("p").find_all("a")]
    assert shown == [("Section 1.2", "/a/#sec-loss"), ("Sec. 1.2", "/a/#sec-loss"),
                     ("Section 1", "/a/"), ("Loss", "/a/#sec-loss")]
    assert "its number is that page's" not in report_of(imported)
    headings = [h.text() for h in prose(out, "/a/").find_all("h2")]
    assert headings == ["1.1 First", "1.2 Loss"]
