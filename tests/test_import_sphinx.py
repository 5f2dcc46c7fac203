"""The Sphinx importer: a fixture shaped as a Python project's documentation made by
`sphinx-quickstart` (`docs/conf.py`, `docs/index.rst` with captioned toctrees, a
nested toctree with `:glob:`, reStructuredText and MyST pages, quickstart's "Indices and
tables"), imported and built, read from the built pages."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from htmltree import Element
from importbits import FIXTURES, NOW, imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.sphinx import jupyter_book_config, sphinx_folder


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "sphinx-docs")


def prose(out: Path, url: str) -> Element:
    return page(out, url).one("div", "prose")


def test_a_sphinx_project_is_detected_in_its_docs_folder(tmp_path: Path) -> None:
    source = FIXTURES / "sphinx-docs"
    assert detect(source) == "sphinx" and sphinx_folder(source) == source / "docs"
    # (a conf.py without its root document is no Sphinx project)
    write_files(tmp_path, {"conf.py": "project = 'x'\n", "notes.md": "# Notes\n"})
    assert sphinx_folder(tmp_path) is None


def test_conf_py_becomes_lanting_toml(docs: tuple[Imported, Path]) -> None:
    imported, _out = docs
    config = tomllib.loads((imported.dest / "lanting.toml").read_text("utf-8"))
    assert (config["title"], config["author"], config["language"], config["base_url"]) == (
        "gradlab", "Lin Yuan", "zh-CN", "https://gradlab.example.org/")
    assert [m["name"] for m in config["menu"]] == ["目录", "入门", "参考"]
    # (Sphinx's `copyright` names the author, whom Lanting's footer names after it)
    assert config["copyright"] == "© 2024 Lin Yuan"
    # (the project's code in conf.py, `sys.path.insert(…)`, is never run)
    assert jupyter_book_config({"project": "p", "html_title": "P docs",
                                "extensions": ["myst_parser", "sphinx_design"]}) == {
        "title": "P docs", "execute": {"execute_notebooks": "off"},
        "sphinx": {"extra_extensions": ["sphinx_design"]}}


def test_the_toctrees_are_the_reading_order(docs: tuple[Imported, Path]) -> None:
    _imported, out = docs
    home = prose(out, "/")
    assert "gradlab 是一组用于教学的优化器。" in home.text()
    # (the first of the root's two top sections titles it, as Sphinx took it)
    assert page(out, "/").one("h1").text().strip() == "gradlab 文档"
    assert [s.text() for s in home.find_all("strong")] == ["入门", "参考"]
    assert [(a.text(), a["href"]) for a in home.find_all("a")] == [
        ("简介", "/intro/"), ("指南", "/guide/"), ("安装", "/install/"), ("用法", "/usage/"),
        ("Changelog", "/changes/"), ("GitHub", "https://github.com/example/gradlab")]
    # (the quickstart's "Indices and tables" is left out; the toctrees are the list)
    assert "Indices and tables" not in home.text() and "genindex" not in home.text()
    last = prose(out, "/install/").find_all("p")[-1]
    assert [a.text() for a in last.find_all("a")] == ["指南", "用法"]


def test_pages_keep_their_old_urls(docs: tuple[Imported, Path]) -> None:
    _imported, out = docs
    for old, new in (("intro.html", "/intro/"), ("guide/usage.html", "/usage/"),
                     ("changes.html", "/changes/")):
        assert redirect_target(out, "/" + old) == new
    # (`guide/index.html` is the new page's own file: /guide/ serves it)
    assert page(out, "/guide/index.html").one("h1").text().strip() == "指南"


def test_references_formulas_and_figures(docs: tuple[Imported, Path]) -> None:
    _imported, out = docs
    intro = prose(out, "/intro/")
    hrefs = {a["href"] for a in intro.find_all("a")}
    # (`:ref:` to another page's target, `:doc:`, `:eq:` to the labelled formula)
    assert {"/usage/", "/install/"} <= hrefs
    assert intro.find(class_="callout-note") is not None
    assert len(intro.find_all("math")) >= 2
    install = prose(out, "/install/")
    assert ("简介", "/intro/") in [(a.text(), a["href"]) for a in install.find_all("a")]
    usage = prose(out, "/usage/")
    assert usage.find("figure") is not None and usage.find("figcaption") is not None
    assert usage.find("code", class_="language-python") is not None
    assert any(a["href"].startswith("#fig-loss") for a in usage.find_all("a"))


def test_the_report(docs: tuple[Imported, Path]) -> None:
    imported, _out = docs
    report = report_of(imported)
    assert "docs/index.rst:27: notice: Sphinx's \"Indices and tables\"" in report
    assert "warning" not in report.split("\n", 1)[1].rsplit("\n", 1)[0]


def test_a_toctree_entry_outside_the_source_folder_is_left_out(tmp_path: Path) -> None:
    # (Sphinx reads documents of its source folder only: `../README` is none of them)
    write_files(tmp_path / "old", {
        "README.md": "# Project\n", "docs/conf.py": "project = 'p'\n",
        "docs/index.rst": "Docs\n====\n\n.. toctree::\n\n   ../README\n   intro\n",
        "docs/intro.rst": "Intro\n=====\n\nText.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert "toctree names `../README`, outside the source folder" in report_of(imported)
    assert (tmp_path / "new/content/pages/intro.md").is_file()


def test_sphinx_directives_show_as_its_html_builder_shows_them(
        docs: tuple[Imported, Path]) -> None:
    _imported, out = docs
    changes = prose(out, "/changes/")
    # (`versionadded` with a literal in its text: a backtick fence could not hold it, and
    # the directive's text ran into the rest of the page)
    added = changes.one("div", "versionadded")
    assert added.text().strip() == "在 0.3 版本加入：The adam optimizer."
    assert added.one("code").text() == "adam"
    # (`seealso`'s argument is its text, roles and all; `:ref:` to a toctree's `:name:`
    # reads as its caption and leads where the toctree stood)
    see_also = changes.one("div", "callout-note")
    assert [(a.text(), a["href"]) for a in see_also.find_all("a")] == [
        ("简介", "/intro/"), ("参考", "/#reference-toc")]
    assert page(out, "/").find(id="reference-toc") is not None
    # (`only`: what an HTML build shows, nothing of the rest)
    assert "网页版说明。" in changes.text() and "Printed manuals" not in changes.text()


def test_what_sphinx_reads_besides_the_text(docs: tuple[Imported, Path]) -> None:
    imported, out = docs
    # (`html_favicon` at `assets/favicon.svg`, the URL of Lanting's own favicon: moved to
    # the root, where the setting names it (the build failed on a missing file))
    config = tomllib.loads((imported.dest / "lanting.toml").read_text("utf-8"))
    assert config["theme"]["favicon"] == "/favicon.svg"
    assert (out / "favicon.svg").read_text("utf-8").startswith("<svg")
    # (`.. meta::`'s description is the page's summary)
    front = (imported.dest / "content/pages/intro.md").read_text("utf-8").split("---")[1]
    assert "summary: 梯度下降的一步， 和学习率。" in front
    # (`.. rst-class::` classes the next block, which no Lanting page styles: no warning)
    assert "rst-class" not in report_of(imported)
    # (`../figures/loss.*`: the format an HTML page shows, of the PNG and the PDF)
    figure = prose(out, "/usage/").one("figure")
    assert figure.one("img")["src"].endswith("loss.png")


def test_api_descriptions_and_design_tabs(docs: tuple[Imported, Path]) -> None:
    _imported, out = docs
    usage = prose(out, "/usage/")
    # (`.. class::` is Python's class in Sphinx; its method nested; the info fields
    # grouped and labelled in the site's language, as Sphinx's HTML shows them)
    assert [dt.text() for dt in usage.find_all("dt", "api-signature")] == [
        "class gradlab.SGD(lr=0.01)", "step(grads)"]
    method = usage.find_all("dl", "api")[1]
    assert [s.text() for s in method.find_all("strong")] == [
        "参数:", "grads", "返回:", "返回类型:"]
    assert "(list[float]) – 各参数的梯度" in method.text()
    # (sphinx-design's tabs, their bodies reStructuredText: written as Markdown)
    assert [t.text() for t in usage.find_all("label", "tab-label")] == ["pip", "源码"]
    assert ("安装", "/install/") in [(a.text(), a["href"]) for a in usage.find_all("a")]


def test_a_numbered_toctree_numbers_its_documents(tmp_path: Path) -> None:
    # (`:numbered:`: each document of the toctree's subtree a chapter, 1, 2, 2.1 …, its
    # sections under it, as Sphinx numbered them; another toctree starts afresh)
    write_files(tmp_path / "old", {
        "conf.py": "project = 'p'\n",
        "index.rst": "Book\n====\n\n.. toctree::\n   :numbered:\n\n   intro\n   part/index\n\n"
                     ".. toctree::\n\n   appendix\n",
        "intro.rst": "Intro\n=====\n\nOne\n---\n\nTwo\n---\n",
        "part/index.rst": "Part\n====\n\n.. toctree::\n\n   a\n",
        "part/a.rst": "A\n=\n\nSection\n-------\n",
        "appendix.rst": "Appendix\n========\n\nMore\n----\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    out = tmp_path / "new" / "public"
    build(imported.dest, BuildOptions(output=out, cache=False, jobs=1))
    titles = {url: page(out, url).one("h1").text().strip()
              for url in ("/intro/", "/part/", "/a/", "/appendix/")}
    assert titles == {"/intro/": "1 Intro", "/part/": "2 Part", "/a/": "2.1 A",
                      "/appendix/": "Appendix"}
    assert [h.text() for h in prose(out, "/intro/").find_all("h2")] == ["1.1 One", "1.2 Two"]
    assert [h.text() for h in prose(out, "/a/").find_all("h2")] == ["2.1.1 Section"]
    # (the home page's list of the book shows the numbers, as Sphinx's toctree did)
    assert [a.text() for a in prose(out, "/").find_all("a")][:3] == [
        "1 Intro", "2 Part", "2.1 A"]


def test_sphinxs_own_substitutions(tmp_path: Path) -> None:
    # (`|release|`, `|version|` from conf.py's literals; `|today|` the day of the import,
    # as Sphinx's is the day of its build; each was an undefined substitution)
    write_files(tmp_path / "old", {
        "conf.py": "project = 'p'\nrelease = '2.4.1'\nlanguage = 'zh_CN'\n",
        "index.rst": "Docs\n====\n\n版本 |version| （|release|），更新于 |today|。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content/_index.md").read_text("utf-8")
    assert "版本 2.4 （2.4.1），更新于 2026年1月1日。" in text
    assert "Undefined substitution" not in report_of(imported)


TODOS = {
    "index.rst": "Title\n=====\n\n.. toctree::\n\n   guide\n   api\n\nText.\n\n"
                 ".. todo:: Write the intro.\n\n   More about it.\n\n.. todolist::\n",
    "guide.md": "# Guide\n\n```{todo}\nFinish this.\n```\n\nBody.\n",
    "api.rst": "接口\n====\n\n.. function:: run(steps)\n\n   运行训练。\n\n"
               "   :param steps: 步数\n"}


@pytest.mark.parametrize("include", [None, False, True])
def test_todos_are_shown_as_the_project_shows_them(tmp_path: Path,
                                                   include: bool | None) -> None:
    """sphinx.ext.todo shows `.. todo::` only with `todo_include_todos = True` (off by
    default): a draft's reminders became callouts on every page, and `{todolist}` an
    unknown directive at build. They are left out, with a notice at their lines, unless
    the project shows them; the list is left out either way."""
    conf = "project = 'p'\nextensions = ['sphinx.ext.todo', 'myst_parser']\n"
    if include is not None:
        conf += f"todo_include_todos = {include}\n"
    write_files(tmp_path / "old", {"conf.py": conf, **TODOS})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (imported.dest / "content/_index.md").read_text("utf-8")
    guide = (imported.dest / "content/pages/guide.md").read_text("utf-8")
    assert ("Write the intro." in home, "Finish this." in guide) == (bool(include),) * 2
    assert "todolist" not in home and "Text." in home and "Body." in guide
    report = report_of(imported)
    if include:
        assert "index.rst:15: warning: `{todolist}` (the list of the project's todos) left " \
               "out: Lanting makes no such list" in report
        assert "note(s) left out" not in report
    else:
        assert "index.rst:11: notice: 1 `{todo}` note(s) left out" in report
        assert "guide.md:3: notice: 1 `{todo}` note(s) left out" in report
    out = tmp_path / "new" / "public"
    result = build(imported.dest, BuildOptions(output=out, cache=False, jobs=1))
    assert [str(w) for w in result.warnings] == []
    assert bool(prose(out, "/").find_all("div", class_="callout")) == bool(include)


def test_a_book_naming_no_language_is_guessed_once(tmp_path: Path) -> None:
    """Each `.rst` page said "no `language`" again (once a page: a notice per page of a
    big project), each guessed from the pages read so far; said once now, and a page's
    labels ("参数") are in its own language."""
    write_files(tmp_path / "old", {"conf.py": "project = 'p'\n", **TODOS})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert report_of(imported).count("no `language`") == 1
    assert "参数" in (imported.dest / "content/pages/api.md").read_text("utf-8")


def test_api_references_link_to_objects_of_other_pages(tmp_path: Path) -> None:
    """`:func:`train`` on the guide, naming the `.. py:function:: train` the API page
    describes: Sphinx linked it across the project; the import showed it as code, no
    link (Lanting links a role to its own page's objects only). It links there now, by
    its full name or its last part (`~mypkg.train`, `Trainer.fit`); a role naming an
    object of its own page is left to Lanting, one naming nothing stays code."""
    write_files(tmp_path / "old", {
        "conf.py": "project = 'p'\nlanguage = 'en'\n",
        "index.rst": "Docs\n====\n\n.. toctree::\n\n   api\n   guide\n",
        "api.rst": "API\n===\n\n.. py:module:: mypkg\n\n"
                   ".. py:function:: train(model, steps=10)\n\n   Train it.\n\n"
                   ".. py:class:: Trainer(config)\n   :module: mypkg.core\n\n"
                   "   .. py:method:: fit(data)\n\n      Fit it.\n\n"
                   "See :class:`Trainer`.\n",
        "guide.rst": "Guide\n=====\n\nCall :py:func:`train` or :func:`~mypkg.train`, then "
                     ":meth:`Trainer.fit`, :class:`mypkg.core.Trainer` and "
                     ":func:`Run <train>` of :mod:`mypkg`. Not :func:`!train`, nor "
                     ":func:`numpy.mean`.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    out = tmp_path / "new" / "public"
    result = build(imported.dest, BuildOptions(output=out, cache=False, jobs=1))
    assert [str(w) for w in result.warnings] == []
    first = prose(out, "/guide/").find("p")
    assert first is not None
    shown = [(c.text(), c.parent.get("href") if c.parent is not None and c.parent.tag == "a"
              else None) for c in first.find_all("code")]
    assert shown == [("train()", "/api/#train"), ("train()", "/api/#train"),
                     ("Trainer.fit()", "/api/#fit"),
                     ("mypkg.core.Trainer", "/api/#mypkg.core.Trainer"),
                     ("Run", "/api/#train"), ("mypkg", "/api/#module-mypkg"),
                     ("train()", None), ("numpy.mean()", None)]
    assert "API references to objects of other pages ×6" in report_of(imported)
    # (the API page's own reference is Lanting's: a link on the page)
    [own] = [a for a in prose(out, "/api/").find_all("a") if a.text() == "Trainer"]
    assert own["href"] == "#mypkg.core.Trainer"


def test_a_label_holding_spaces_is_a_reference_target(tmp_path: Path) -> None:
    """Sphinx allows a label with spaces (`.. _external link:`, `:ref:`external link``,
    lower case or not). The import wrote no target for it and left each reference as
    its text, with a warning ("no label"): they lead to the section now."""
    write_files(tmp_path / "old", {
        "conf.py": "project = 'p'\nlanguage = 'en'\n",
        "index.rst": "Docs\n====\n\n.. toctree::\n\n   guide\n\n"
                     ".. _External Link:\n\nWeb\n---\n\nText.\n",
        "guide.rst": "Guide\n=====\n\nSee :ref:`external link` and "
                     ":ref:`the web <External Link>`.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert imported.report.warnings == []
    out = tmp_path / "new" / "public"
    result = build(imported.dest, BuildOptions(output=out, cache=False, jobs=1))
    assert [str(w) for w in result.warnings] == []
    links = [(a.text(), a["href"]) for a in prose(out, "/guide/").find_all("a")
             if "#" in a["href"]]
    assert links == [("Web", "/#external-link"), ("the web", "/#external-link")]
    assert "external-link" in prose(out, "/").ids()
