"""The mdBook importer: the fixture book under tests/fixtures/import/mdbook/ (book.toml,
src/SUMMARY.md with a prefix chapter, parts, a draft and a suffix chapter, chapters
using `{{#include}}`, MathJax's escaped delimiters, hidden code lines and
mdbook-admonish), read from its built pages; the summary, includes, code blocks and
math on their own."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from importbits import FIXTURES, imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.importer import Imported, detect, import_site
from lanting.importer.liquid import Context
from lanting.importer.mdbook_bodies import (
    _chosen_lines,
    admonish_fences,
    book_math,
    code_blocks,
    expand_directives,
)
from lanting.importer.mdbook_settings import BookSettings, read_book_settings
from lanting.importer.mdbook_summary import read_summary
from lanting.importer.report import Report
from lanting.markdown.anchors import mdbook_slug

FIXTURE = FIXTURES / "mdbook"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "mdbook")


def _ctx(text: str = "") -> Context:
    return Context(Report(Path("/src"), "mdbook"), Path("/src/x.md"), text)


# --- the fixture book ----------------------------------------------------------------------


def test_a_book_toml_beside_its_summary_is_an_mdbook_book(tmp_path: Path) -> None:
    assert detect(FIXTURE) == "mdbook"
    # (a Rust crate's Cargo-like book.toml of another tool, no summary: not a book)
    write_files(tmp_path, {"book.toml": "[book]\ntitle = 'x'\n", "notes/a.md": "# A\n"})
    assert detect(tmp_path) != "mdbook"


def test_book_toml_becomes_lanting_toml(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"], config["author"]) == (
        "分布式训练笔记", "zh-CN", "Lin Wei")
    assert config["description"] == "从数据并行到张量并行的读书笔记"
    assert config["links"] == [{"name": "GitHub",
                                "url": "https://github.com/example/dist-train-notes"}]
    assert config["markdown"]["heading_ids"] == "mdbook"


def test_the_home_page_is_the_first_chapter_with_the_summary(
        site: tuple[Imported, Path]) -> None:
    _imported, out = site
    home = page(out, "/")
    text = home.text()
    assert "Megatron-LM" in text and text.index("Megatron-LM") < text.index("目录")
    main = home.one("main")
    items = [" ".join(li.text().split()) for li in main.find_all("li")]
    items = items[next(i for i, t in enumerate(items) if t.startswith("1. ")):]
    # numbered through the parts, as mdBook's sidebar numbered them; a draft is words
    assert items[0].startswith("1. 数据并行") and items[1].startswith("1.1. 梯度同步")
    assert any(i.startswith("2. 流水线并行") for i in items)
    assert any(i.startswith("3. 张量并行") for i in items)
    assert any(i.startswith("3.1. 通信量估算") for i in items)
    links = [unquote(a["href"]) for a in main.find_all("a")]
    assert {"/data-parallel/", "/allreduce/", "/advanced/", "/comm-cost/", "/refs/"} <= \
        set(links)
    assert not any("流水线" in a.text() for a in main.find_all("a"))
    strong = [s.text() for s in main.find_all("strong")]
    assert "基础" in strong and "进阶" in strong  # (the parts' titles)


def test_chapters_keep_their_formulas_code_and_callouts(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    chapter = page(out, "/data-parallel/")
    assert chapter.one("h1").text() == "数据并行"
    article = chapter.one("article")
    text = article.text()
    assert "\\(" not in text and "\\[" not in text and "{{#" not in text.replace(
        "{{#include file.rs}}", "")
    assert len(article.find_all("math")) >= 4
    assert "$2" in text and "$16" in text  # (dollar signs stayed dollar signs)
    code = "\n".join(pre.text() for pre in article.find_all("pre"))
    assert "init_process_group" in code and "cleanup" not in code  # (the anchor's lines)
    assert "ANCHOR" not in code and "import os" not in code and "fn main" not in code
    assert 'rank = int(os.environ["RANK"])' in code and "let world = 8;" in code
    callout = next(e for e in article.find_all("div") if "注意显存" in e.text())
    assert callout.find_all("math")
    assert "{{#include file.rs}}" in [c.text() for c in article.find_all("code")]
    assert any(img.get("src", "").startswith("/images/ring") or "ring" in
               img.get("src", "") for img in article.find_all("img"))


def test_the_books_mathjax_macros_are_defined(site: tuple[Imported, Path]) -> None:
    imported, out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["math_macros"] == {
        "RR": "\\mathbb{R}", "norm": "\\left\\lVert #1 \\right\\rVert"}
    article = page(out, "/advanced/").one("article")
    assert len(article.find_all("math")) == 3 and "\\RR" not in article.text()


def test_mdbook_katex_macros_file(tmp_path: Path) -> None:
    macros = "\\grad:{\\nabla}\n\\R:{\\mathbb{R}^{#1 \\times #2}}\n\n% not one\n"
    for n, table in enumerate((
            "[preprocessor.katex]\nmacros = 'tex/macros.txt'\n",
            "[preprocessor.katex]\ncommand = 'mdbook-katex --macros=tex/macros.txt'\n")):
        write_files(tmp_path / "book", {
            "book.toml": "[book]\ntitle = 'Notes'\n" + table, "tex/macros.txt": macros,
            "src/SUMMARY.md": "[Intro](README.md)\n",
            "src/README.md": "# Intro\n\n$\\grad f \\in \\R{n}{p}$\n"})
        imported = import_site(tmp_path / "book", tmp_path / f"site{n}")
        config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
        assert config["markdown"]["math_macros"] == {
            "grad": "{\\nabla}", "R": "{\\mathbb{R}^{#1 \\times #2}}"}
    write_files(tmp_path / "book",
                {"book.toml": "[book]\n[preprocessor.katex]\nmacros = 'gone.txt'\n"})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    assert any("gone.txt" in w.message for w in imported.report.warnings)


def test_links_between_chapters_and_their_headings(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    chapter = page(out, "/data-parallel/")
    hrefs = [unquote(a["href"]) for a in chapter.one("article").find_all("a")]
    assert "/allreduce/#环形-allreduce" in hrefs
    ids = [h.get("id") for h in page(out, "/allreduce/").find_all("h2")]
    assert "环形-allreduce" in ids  # (mdBook's id: the link written for it still leads there)
    assert "/data-parallel/" in [unquote(a["href"]) for a in
                                 page(out, "/allreduce/").one("article").find_all("a")]
    advanced = page(out, "/advanced/")
    assert "/comm-cost/" in [unquote(a["href"]) for a in advanced.find_all("a")]
    # reading order: each chapter links to the previous and next
    assert "下一页" in chapter.text() and "/allreduce/" in hrefs
    assert "上一页" in chapter.text() and "/" in hrefs  # (the first chapter: the home page)


def test_dead_heading_links_go_to_the_top_of_their_page(
        site: tuple[Imported, Path]) -> None:
    imported, out = site
    refs = page(out, "/refs/").one("article")
    hrefs = [unquote(a["href"]) for a in refs.find_all("a")]
    assert "#top" in hrefs  # (to the title, which left the text: the page's top)
    assert "/allreduce/" in hrefs  # (`#ring-allreduce` named no heading there)
    assert "#ring-allreduce" in report_of(imported)


def test_old_urls_and_redirects_keep_answering(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    assert redirect_target(out, "/basics/data-parallel.html").endswith("/data-parallel/")
    assert redirect_target(out, "/advanced/comm cost.html").endswith("/comm-cost/")
    assert redirect_target(out, "/old/ring.html").endswith("/allreduce/")


def test_the_report_names_what_was_left_out(site: tuple[Imported, Path]) -> None:
    imported, out = site
    report = report_of(imported)
    assert "SUMMARY.md does not list" in report and "unused.md" in report
    assert "mdbook-toc" in report and "own theme" in report
    assert not (out / "unused").exists()


# --- the summary ---------------------------------------------------------------------------


def test_the_summary_numbers_chapters_through_parts() -> None:
    summary = read_summary("# Summary\n\n[Intro](intro.md)\n\n- [A](a.md)\n  - [B](b.md)\n"
                           "    - [C](<c d.md>)\n\n# Part 2\n\n* [D](d%20e.md)\n- [Draft]()\n"
                           "\n---\n\n[Thanks](thanks.md)\n<!-- - [Hidden](h.md) -->\n")
    assert summary.title == "Summary"
    shown = [(c.title, c.link, c.number, c.depth, c.part) for c in summary.chapters]
    assert shown == [("Intro", "intro.md", "", 0, False), ("A", "a.md", "1.", 0, False),
                     ("B", "b.md", "1.1.", 1, False), ("C", "c d.md", "1.1.1.", 2, False),
                     ("Part 2", "", "", 0, True), ("D", "d e.md", "2.", 0, False),
                     ("Draft", "", "3.", 0, False), ("Thanks", "thanks.md", "", 0, False)]
    assert summary.problems == ()
    # (a numbered list, as a translated GitBook's summary wrote it)
    numbered = read_summary("* [Intro](README.md)\n1. [A](a.md)\n1. [B](b.md)\n"
                            "   2) [C](c.md)\n")
    assert [(c.link, c.number, c.depth) for c in numbered.chapters] == [
        ("README.md", "1.", 0), ("a.md", "2.", 0), ("b.md", "3.", 0), ("c.md", "3.1.", 1)]
    assert numbered.problems == ()
    unspaced = read_summary("#Contents\n\n* [A](a.md)\n\n##内容\n\n* [B](b.md)\n")
    assert unspaced.title == "Contents" and unspaced.problems == ()
    assert [(c.title, c.part) for c in unspaced.chapters] == [
        ("A", False), ("内容", True), ("B", False)]


def test_a_summary_line_that_is_no_chapter_is_reported() -> None:
    # (an item that is no link names a group, GitBook's, whose chapters are under it)
    summary = read_summary("- [A](a.md)\n- Overview\n  - [B](b.md)\nsome prose\n")
    assert [(c.title, c.link, c.depth) for c in summary.chapters] == [
        ("A", "a.md", 0), ("Overview", "", 0), ("B", "b.md", 1)]
    assert [line for line, _ in summary.problems] == [4]


# --- includes, code, admonitions, math -----------------------------------------------------


def test_include_ranges_and_anchors() -> None:
    lines = ["a", "// ANCHOR: x", "b", "// ANCHOR: y", "c", "// ANCHOR_END: y", "d",
             "// ANCHOR_END: x", "e"]
    assert _chosen_lines(lines, "") == lines
    assert _chosen_lines(lines, "3") == ["b"]
    assert _chosen_lines(lines, "3:5") == ["b", "// ANCHOR: y", "c"]
    assert _chosen_lines(lines, ":2") == ["a", "// ANCHOR: x"]
    assert _chosen_lines(lines, "8:") == ["// ANCHOR_END: x", "e"]
    assert _chosen_lines(lines, "x") == ["b", "c", "d"]
    assert _chosen_lines(lines, "y") == ["c"]
    assert _chosen_lines(lines, "z") is None


def test_includes_nest_from_the_included_files_folder(tmp_path: Path) -> None:
    write_files(tmp_path, {"src/a.md": "before {{#include parts/b.md}} after",
                           "src/parts/b.md": "B and {{ #include c.md }}\n",
                           "src/parts/c.md": "C\n", "src/x.rs": "fn main() {}\n"})
    ctx = _ctx()
    text = expand_directives("{{#include a.md}}\n{{#playground x.rs editable}}\n"
                             "{{#include gone.md}}", tmp_path / "src", tmp_path, ctx)
    assert text.startswith("before B and C after\n```rust\nfn main() {}\n```")
    assert "gone.md" not in text
    assert "not found" in ctx.report.format(tmp_path, False)


def test_hidden_code_lines_are_left_out() -> None:
    handler = code_blocks({"rust": "#", "python": "~"})
    assert handler("rust,no_run", "# use std::io;\n#[derive(Debug)]\nlet x = 1;\n"
                   "## not hidden\n#\n", "") == \
        "```rust\n#[derive(Debug)]\nlet x = 1;\n# not hidden\n```"
    assert handler("python", "~import os\nx = 1\n~~y = 2", "") == \
        "```python\nx = 1\n~y = 2\n```"
    assert handler("console hidelines=!", "!secret\n$ ls", "") == "```console\n$ ls\n```"


def test_admonish_fences_become_admonitions() -> None:
    text = admonish_fences('```admonish tip title="Why"\nUse $x$.\n```\n\n~~~admonish\n'
                           'Plain.\n~~~\n\n````md\n```admonish note\nexample\n```\n````\n',
                           _ctx())
    assert text.startswith('!!! tip "Why"\n\n    Use $x$.\n')
    assert "!!! note\n\n    Plain." in text
    assert "````md\n```admonish note\nexample\n```\n````" in text  # (an example: kept)


def test_math_as_each_setting_drew_it() -> None:
    source = "\\\\(a\\_1\\\\) costs $5 and $$x\\_2$$ and $y$"
    mathjax = BookSettings(Path("book.toml"), math="mathjax")
    assert book_math(source, mathjax, _ctx(source)) == \
        "$a_1$ costs \\$5 and $$x_2$$ and \\$y\\$"
    inline = BookSettings(Path("book.toml"), math="mathjax", dollar_inline=True)
    assert book_math("$a\\_1$ costs", inline, _ctx()) == "$a_1$ costs"
    katex = BookSettings(Path("book.toml"), math="dollars")
    assert book_math("$a_1$ and \\$5", katex, _ctx()) == "$a_1$ and \\$5"
    plain = BookSettings(Path("book.toml"))
    assert book_math("$a_1$", plain, _ctx("$a_1$")) == "\\$a_1\\$"


def test_settings_read_the_math_and_hidden_lines(tmp_path: Path) -> None:
    write_files(tmp_path, {
        "book.toml": "[book]\nsrc = 'book'\n[preprocessor.katex]\nafter = ['links']\n",
        "theme/head.hbs": "<script>MathJax = {tex: {inlineMath: [['$', '$']]}}</script>"})
    settings = read_book_settings(tmp_path)
    assert (settings.src, settings.math) == ("book", "dollars")
    write_files(tmp_path, {"book.toml": "[output.html]\nmathjax-support = true\n"
                                        "[output.html.code.hidelines]\npython = '~'\n"})
    settings = read_book_settings(tmp_path)
    assert (settings.math, settings.dollar_inline) == ("mathjax", True)
    assert settings.hidden_lines == {"rust": "#", "python": "~"}


def test_where_the_book_was_published_is_the_base_url(tmp_path: Path) -> None:
    for html, base in (("site-url = '/notes/'", "/notes/"),
                       ("site-url = '/notes/'\ncname = 'ml.example.org'",
                        "https://ml.example.org/notes/"),
                       ("cname = 'ml.example.org'", "https://ml.example.org/"),
                       ("site-url = 'https://x.github.io/notes'", "https://x.github.io/notes/"),
                       ("", "")):
        write_files(tmp_path, {"book.toml": f"[book]\n[output.html]\n{html}\n"})
        assert read_book_settings(tmp_path).site_url == base
    write_files(tmp_path / "book", {
        "src/SUMMARY.md": "[Intro](README.md)\n", "src/README.md": "# I\n",
        "book.toml": "[book]\n[output.html]\nsite-url = '/notes/'\n"})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "/notes/"


def test_mdbook_heading_ids() -> None:
    assert mdbook_slug("1.1 梯度下降") == "11-梯度下降"
    assert mdbook_slug("Q&A: `dist.init`") == "qa-distinit"
    assert mdbook_slug("Σ Sum") == "Σ-sum"


def test_indented_code_is_code(tmp_path: Path) -> None:
    """An Angular tutorial's `index.html` indented as code: its `<script src="…">` is
    no link of the book's to check (each was a warning, its text unlinked), its `$` and
    `{{ }}` no math, no syntax."""
    page_text = ("# Start\n\nAdd to the head:\n\n    <script src=\"node_modules/rx/Rx.js\">"
                 "</script>\n    <p>{{ name }} costs $5 and $6</p>\n\nDone.\n")
    write_files(tmp_path / "book", {
        "book.toml": "[book]\ntitle = 'Ng'\n[preprocessor.katex]\n",
        "src/SUMMARY.md": "[Intro](README.md)\n- [Start](start.md)\n",
        "src/README.md": "# Intro\n", "src/start.md": page_text})
    imported = import_site(tmp_path / "book", tmp_path / "site")
    assert imported.report.warnings == []
    text = (tmp_path / "site/content/pages/start.md").read_text(encoding="utf-8")
    assert '    <script src="node_modules/rx/Rx.js"></script>\n' \
        "    <p>{{ name }} costs $5 and $6</p>" in text
