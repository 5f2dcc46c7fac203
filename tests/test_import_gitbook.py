"""The GitBook importer: the fixture book under tests/fixtures/import/gitbook/ (GitBook 3:
book.json with `root: ./docs`, the katex and hints plugins, `variables`; a summary of
parts, a chapter with spaces in its name, a draft), read from its built pages; a book
synced with GitBook's hosted service written inline; GitBook's blocks on their own."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from importbits import FIXTURES, NOW, imported_site, page, redirect_target, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.gitbook_bodies import (
    blocks,
    code_labels,
    includes,
    math_blocks,
    raw_blocks,
    variables,
)
from lanting.importer.gitbook_settings import book_js
from lanting.importer.liquid import Context
from lanting.importer.mdbook_bodies import inline_displays
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf

FIXTURE = FIXTURES / "gitbook"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "gitbook")


def _ctx(text: str = "") -> Context:
    return Context(Report(Path("/src"), "gitbook"), Path("/src/x.md"), text)


# --- the fixture book (GitBook 3) ------------------------------------------------------


def test_book_json_or_a_summary_beside_a_readme_is_a_gitbook(tmp_path: Path) -> None:
    assert detect(FIXTURE) == "gitbook"
    write_files(tmp_path / "plain", {"README.md": "# 笔记\n",
                                     "SUMMARY.md": "* [笔记](README.md)\n* [一](one.md)\n",
                                     "one.md": "# 一\n"})
    assert detect(tmp_path / "plain") == "gitbook"
    # (a SUMMARY.md that lists no files is no book: a folder of notes)
    write_files(tmp_path / "notes", {"README.md": "# x\n", "SUMMARY.md": "Just words.\n"})
    assert detect(tmp_path / "notes") == "notes"


def test_book_json_becomes_lanting_toml(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"], config["author"]) == (
        "强化学习读书笔记", "zh-CN", "Chen Yu")
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/example/rl-notes"}]
    assert config["markdown"]["heading_ids"] == "github"


def test_the_readme_is_the_home_page_with_the_contents(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    home = page(out, "/")
    main = home.one("main")
    assert "第二版的读书笔记" in main.text()  # (`{{ book.edition }}` printed)
    assert main.find_all("math")  # (`$$\pi(a|s)$$` in a sentence: inline)
    assert any("KaTeX" in q.text() for q in main.find_all("div") + main.find_all("aside"))
    links = [unquote(a["href"]) for a in main.find_all("a")]
    assert {"/chapter1/", "/epsilon-greedy/", "/mdp/"} <= set(links)
    strong = [s.text() for s in main.find_all("strong")]
    assert "第一部分：表格方法" in strong and "第二部分：近似方法" in strong
    items = [" ".join(li.text().split()) for li in main.find_all("li")]
    assert "策略梯度（待写）" in items  # (a draft: words)
    assert not any(i[0].isdigit() for i in items)  # (GitBook numbered no chapters)


def test_chapters_keep_formulas_includes_and_hints(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    chapter = page(out, "/chapter1/").one("article")
    text = chapter.text()
    assert "$$" not in text and "{%" not in text
    assert "$1" in text and "$10" in text  # (a `$` alone stayed a dollar sign)
    assert len(chapter.find_all("math")) >= 4  # (the include's two formulas too)
    assert "记号" in text
    greedy = page(out, "/epsilon-greedy/").one("article")
    assert "{{ book.edition }}" in greedy.text()  # (a raw block: as written)
    assert any("bandit" in i.get("src", "") for i in greedy.find_all("img"))
    hrefs = [unquote(a["href"]) for a in greedy.find_all("a")]
    assert "/mdp/#贝尔曼方程" in hrefs
    mdp = page(out, "/mdp/").one("article")
    assert "贝尔曼方程" in [h.get("id") for h in mdp.find_all("h2")]


def test_old_urls_keep_answering(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    assert redirect_target(out, "/chapter2/mdp.html").endswith("/mdp/")
    assert redirect_target(out, "/chapter1/epsilon greedy.html").endswith("/epsilon-greedy/")


def test_the_report_names_the_plugins(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    report = report_of(imported)
    assert "plugin `splitter`" in report and "sharing" not in report  # (`-sharing`: off)


# --- a book of GitBook's hosted service --------------------------------------------------


def test_a_book_of_the_hosted_service(tmp_path: Path) -> None:
    """`.gitbook.yaml` naming `docs/`; hints, tabs, `{% code %}`, embeds with and without a
    caption, a file, a content-ref, a `<figure>` from `.gitbook/assets/`, reusable content
    in `.gitbook/includes/`, a `description:` front matter, a group without a page."""
    write_files(tmp_path / "src", {
        ".gitbook.yaml": "root: ./docs/\n\nstructure:\n  readme: intro.md\n"
                         "  summary: SUMMARY.md\n",
        "docs/SUMMARY.md": "# Table of contents\n\n* [Intro](intro.md)\n\n## Guides\n\n"
                           "* Setup\n  * [Install](guides/install.md)\n",
        "docs/intro.md": "---\ndescription: 分布式训练速查\n---\n\n# Intro\n\n"
                         "{% content-ref url=\"guides/install.md\" %}\n"
                         "[install.md](guides/install.md)\n{% endcontent-ref %}\n",
        "docs/guides/install.md": (
            "---\ndescription: 安装与环境\n---\n\n# Install\n\n"
            "{% hint style=\"warning\" %}\n需要 CUDA 12，显存 $$\\ge 24$$ GB。\n{% endhint %}\n\n"
            "{% tabs %}\n{% tab title=\"pip\" %}\n```bash\npip install torch\n```\n"
            "{% endtab %}\n\n{% tab title=\"conda\" %}\n用 conda 安装。\n{% endtab %}\n"
            "{% endtabs %}\n\n{% code title=\"train.py\" lineNumbers=\"true\" %}\n"
            "```python\nimport torch\n```\n{% endcode %}\n\n"
            "{% embed url=\"https://www.youtube.com/watch?v=abc123\" %}\n\n"
            "{% embed url=\"https://arxiv.org/abs/1706.03762\" %}\nAttention 论文\n"
            "{% endembed %}\n\n{% file src=\"../.gitbook/assets/slides.pdf\" %}\n"
            "讲义\n{% endfile %}\n\n<figure><img src=\"../.gitbook/assets/gpu (1).png\" "
            "alt=\"\"><figcaption><p>GPU</p></figcaption></figure>\n\n"
            "{% include \"../.gitbook/includes/footer.md\" %}\n"),
        "docs/.gitbook/includes/footer.md": "---\ntitle: footer\n---\n\n有问题请提 issue。\n",
        "docs/.gitbook/assets/slides.pdf": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
        "docs/.gitbook/assets/gpu (1).png": png(40, 30),
    })
    assert detect(tmp_path / "src") == "gitbook"
    imported = import_site(tmp_path / "src", tmp_path / "new", None, False, NOW)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new" / "public"
    install = page(out, "/install/")
    article = install.one("article")
    text = article.text()
    assert "{%" not in text and "CUDA 12" in text and article.find_all("math")
    assert "pip install torch" in text and "用 conda 安装" in text
    assert "train.py" in text
    hrefs = [unquote(a.get("href", "")) for a in article.find_all("a")]
    assert "https://www.youtube.com/watch?v=abc123" in hrefs
    assert "https://arxiv.org/abs/1706.03762" in hrefs
    assert any(h.endswith("slides.pdf") for h in hrefs)
    assert any("gpu" in i.get("src", "") for i in article.find_all("img"))
    assert "有问题请提 issue" in text and "title: footer" not in text
    assert '"安装与环境"' in (tmp_path / "new/content/pages/install.md").read_text(
        encoding="utf-8") or "安装与环境" in (tmp_path / "new/content/pages/install.md"
                                          ).read_text(encoding="utf-8")
    home = page(out, "/")
    assert "/install/" in [unquote(a["href"]) for a in home.find_all("a")]
    assert "Setup" in home.text()  # (the group's name above its page)
    assert not (out / "guides").exists()  # (its old addresses were GitBook's)
    assert "hosted service" in report_of(imported)


# --- GitBook's blocks ----------------------------------------------------------------------


def test_inline_double_dollars_are_inline_formulas() -> None:
    text, count = inline_displays("a $$x$$ b\n$$y$$\n- $$z$$\n> $$w$$\n$$\nv\n$$")
    assert (text, count) == ("a $x$ b\n$$y$$\n- $$z$$\n> $$w$$\n$$\nv\n$$", 1)


def test_variables_includes_and_raw(tmp_path: Path) -> None:
    ctx = _ctx()
    assert variables("{{ book.a.b }} {{ book.c }} {{ page.title }} {{ vue }}",
                     {"a": {"b": 1}}, ctx) == "1 {{ book.c }} {{ page.title }} &#123;{ vue }}"
    assert report_of_ctx(ctx).count("left as written") == 2
    assert variables("$$e^{{x}}$$ and $a_{{i}}$ but {{ x }}", {}, ctx) == \
        "$$e^{{x}}$$ and $a_{{i}}$ but &#123;{ x }}"
    write_files(tmp_path, {"a/b.md": "B {% include './c.md' %}", "a/c.md": "C\n",
                           "a/d.md": "D {% include '/a/c.md' %}"})
    assert includes('x {% include "a/b.md" %} y', tmp_path, _ctx()) == "x B C y"
    # (`/x.md`: from the book's root, wherever the page is)
    assert includes('{% include "/a/d.md" %}', tmp_path / "a", _ctx(), tmp_path) == "D C"
    # (a page's own `{% set %}`, printed below it)
    ctx = _ctx()
    assert variables("{% set icon = '(!)' %}\nRun it {{ icon }}\n", {}, ctx) == \
        "Run it (!)\n"
    shelf = Shelf()
    kept = raw_blocks("{% raw %}{{ x }} `{{ y }}`{% endraw %}", shelf)
    assert shelf.restore(kept) == "&#123;{ x }} `{{ y }}`"


def test_code_labels_title_their_fences() -> None:
    ctx = _ctx()
    text = ("{% filename %}blog/views.py{% endfilename %}\n```python\nx = 1\n```\n\n"
            "{% filename %}command-line{% endfilename %}\n```\n$ ls\n```\n")
    assert code_labels(text, ctx) == ('```python title="blog/views.py"\nx = 1\n```\n\n'
                                      '```text title="command-line"\n$ ls\n```\n')
    # (a translation's code indented, not fenced)
    indented = ("{% filename %}command-line{% endfilename %}\n\n    (venv) $ django-admin"
                " startproject mysite .\n    \n        nested\n\nDone.\n")
    assert code_labels(indented, ctx) == (
        '```text title="command-line"\n(venv) $ django-admin startproject mysite .\n\n'
        '    nested\n```\n\nDone.\n')
    # (in a quote: its marks on every line of the code)
    quoted = ("> Install it: {% filename %}command-line{% endfilename %}\n> \n>     $ sudo apt"
              " install x\n>     \n> \n> Then:\n")
    assert code_labels(quoted, ctx) == ('> Install it:\n> ```text title="command-line"\n> $ sudo'
                                        ' apt install x\n> ```\n>     \n> \n> Then:\n')


def test_math_blocks_are_formulas() -> None:
    ctx = _ctx()
    text = "When {% math %}a \\ne 0{% endmath %}, then\n\n{% math %}\nx = {-b \\over 2a}\n" \
           "{% endmath %}\n"
    assert math_blocks(text, ctx) == ("When $$a \\ne 0$$, then\n\n\n\n$$\nx = {-b \\over 2a}\n"
                                      "$$\n\n\n")


def test_unknown_and_unclosed_blocks_keep_their_text() -> None:
    ctx = _ctx()
    text = blocks("{% stepper %}\n{% step %}\n一\n{% endstep %}\n{% endstepper %}\n"
                  "{% swagger method=\"get\" %}\nGET /x\n{% endswagger %}\n{% endhint %}\n",
                  Shelf(), ctx)
    assert "一" in text and "GET /x" in text and "{%" not in text
    report = report_of_ctx(ctx)
    assert "swagger" in report and "opens or closes no block" in report
    # (a plugin's block named in capitals, `Ai2Method`, was left as written)
    ctx = _ctx()
    text = blocks('{% Ai2Method %}{"name": "Average"}{% endAi2Method %}\n', Shelf(), ctx)
    assert "{%" not in text and '"Average"' in text
    assert "`{% Ai2Method %}`: a GitBook block Lanting does not know" in report_of_ctx(ctx)


def report_of_ctx(ctx: Context) -> str:
    return ctx.report.format(Path("/src"), False)


def test_bold_with_a_space_inside_its_stars_is_bold_in_a_gitbook_3_book(
        tmp_path: Path) -> None:
    """`**Th1: **函数…` (a book of ML notes' theorems): GitBook 3 read Markdown with kramed,
    which made it bold; CommonMark shows the two stars. Not in code."""
    write_files(tmp_path / "src", {
        "book.json": '{"title": "ML"}', "README.md": "# ML\n",
        "SUMMARY.md": "* [ML](README.md)\n* [定理](th.md)\n",
        "th.md": "# 定理\n\n**Th1: **函数连续。\n\n```text\n**a **b\n```\n"})
    import_site(tmp_path / "src", tmp_path / "new", None, False, NOW)
    text = (tmp_path / "new/content/pages/th.md").read_text(encoding="utf-8")
    assert "**Th1:** 函数连续" in text and "**a **b" in text


def test_a_hosted_book_is_titled_by_its_introduction(tmp_path: Path) -> None:
    """`.gitbook.yaml` names no title, and the hosted service's summary starts with
    `# Table of contents`, which named the site: the introduction's heading is the
    book's title."""
    write_files(tmp_path / "src", {
        ".gitbook.yaml": "root: ./docs/\n",
        "docs/SUMMARY.md": "# Table of contents\n\n* [简介](README.md)\n* [一](one.md)\n",
        "docs/README.md": "# 训练速查\n\n手册。\n", "docs/one.md": "# 一\n"})
    imported = import_site(tmp_path / "src", tmp_path / "new", None, True, NOW)
    config = tomllib.loads(imported.files["lanting.toml"])
    assert config["title"] == "训练速查"


def test_template_syntax_in_code_is_code(tmp_path: Path) -> None:
    """A Django tutorial's templates in its code blocks: GitBook 3 wrapped code in
    `{% raw %}` before its own templates ran, so `{% url 'x' %}`, `{% block %}` and
    `{{ book.x }}` there were shown as written (they were left out or unwrapped, with
    a warning each). A `{% code %}` block still titles the fence it holds. An example's
    `{{ name }}` in prose (GitBook printed nothing) is words, not syntax left behind."""
    write_files(tmp_path / "src", {
        "book.json": '{"title": "Blog", "variables": {"x": "X"}}', "README.md": "# Blog\n",
        "SUMMARY.md": "* [Blog](README.md)\n* [Forms](forms.md)\n",
        "forms.md": "# Forms\n\nWrite `{% csrf_token %}` in {{ book.x }}'s form:\n\n"
                    "```django\n{% extends 'base.html' %}\n{% block content %}\n"
                    "<a href=\"{% url 'detail' pk=post.pk %}\">{{ book.x }}</a>\n"
                    "{% endblock %}\n```\n\n"
                    "{% code title=\"views.py\" %}\n```python\ndef view(): ...\n```\n"
                    "{% endcode %}\n\nAngular prints `name` where Hello {{ name }} is.\n"})
    imported = import_site(tmp_path / "src", tmp_path / "new", None, False, NOW)
    assert [str(w) for w in build(tmp_path / "new", BuildOptions()).warnings] == []
    shown = page(tmp_path / "new/public", "/forms/").one("article").text()
    assert "Hello {{ name }} is" in shown
    text = (tmp_path / "new/content/pages/forms.md").read_text(encoding="utf-8")
    assert "Write `{% csrf_token %}` in X's form" in text
    assert "{% extends 'base.html' %}\n{% block content %}\n<a href=\"{% url 'detail' " \
        "pk=post.pk %}\">{{ book.x }}</a>\n{% endblock %}" in text
    assert '```python title="views.py"\ndef view(): ...' in text
    assert imported.report.warnings == []


def test_kramed_paragraphs_and_headings_in_a_gitbook_3_book(
        tmp_path: Path) -> None:
    """`<br/>` alone on a line over `##### Check the VM` (a getting-started kit spacing
    its sections): kramed read a paragraph and a heading, CommonMark an HTML block that
    showed the heading's hashes as written (60 build warnings on one book)."""
    write_files(tmp_path / "src", {
        "book.json": '{"title": "Kit"}', "README.md": "# Kit\n",
        "SUMMARY.md": "* [Kit](README.md)\n* [VM](vm.md)\n",
        "vm.md": "# VM\n\nNeeds bandwidth.\n\n<br/>\n##### Check the VM\n- Load it\n\n"
                 "####示例程序\n\n```sh\n#!/bin/sh\n```\n"})
    import_site(tmp_path / "src", tmp_path / "new", None, False, NOW)
    assert not build(tmp_path / "new", BuildOptions()).warnings
    article = page(tmp_path / "new/public", "/vm/").one("article")
    assert [h.text() for h in article.find_all("h5")] == ["Check the VM"]
    # (kramed needed no space after a heading's marks; a shell script's `#!` is code)
    assert [h.text() for h in article.find_all("h4")] == ["示例程序"]
    assert "#!/bin/sh" in article.one("pre").text()


def test_the_glossary_is_a_page_outside_the_reading_order(
        site: tuple[Imported, Path]) -> None:
    """GitBook 3 published `GLOSSARY.md` at `GLOSSARY.html`, outside the summary: it was
    left out as a file the summary does not list."""
    _imported, out = site
    glossary = page(out, "/glossary/")
    assert glossary.one("h1").text() == "术语表"
    article = glossary.one("article")
    assert [h.text() for h in article.find_all("h2")] == ["回报", "策略"]
    assert len(article.find_all("math")) == 2
    assert redirect_target(out, "/GLOSSARY.html") == "/glossary/"
    # (no chapter leads to it as the next one, nor it to another)
    assert "/glossary/" not in [a.get("href") for a in page(out, "/mdp/").find_all("a")]
    assert "上一页" not in article.text() and "下一页" not in article.text()


def test_book_js_is_read_as_book_json_is(tmp_path: Path) -> None:
    """GitBook 3 read `book.js` (`module.exports = {…}`, commented) in place of
    `book.json`: its title and its math plugin were not read, so every formula's `$$`
    was escaped as a dollar sign."""
    write_files(tmp_path / "src", {
        "book.js": "// settings in JavaScript, for the comments\nmodule.exports = {\n"
                   "    title: '工作笔记',\n    \"language\": \"zh-hans\",\n"
                   "    \"plugins\": [\n        \"-sharing\", // no sharing\n"
                   "        \"katex\",\n    ],\n    pluginsConfig: {url: 'https://x.org/a'},\n}\n",
        "README.md": "# 笔记\n", "SUMMARY.md": "* [笔记](README.md)\n* [损失](loss.md)\n",
        "loss.md": "# 损失\n\n交叉熵 $$H(p, q)$$ 最小。\n"})
    assert detect(tmp_path / "src") == "gitbook"
    imported = import_site(tmp_path / "src", tmp_path / "new", None, False, NOW)
    config = tomllib.loads(imported.files["lanting.toml"])
    assert (config["title"], config["language"]) == ("工作笔记", "zh-CN")
    assert "$H(p, q)$" in (tmp_path / "new/content/pages/loss.md").read_text(encoding="utf-8")
    assert book_js("module.exports = {title: 'x'") == ({}, "the exported object is not closed")


def test_where_the_book_was_published_is_the_base_url(tmp_path: Path) -> None:
    """The sitemap plugin's `hostname`, else GitHub Pages' `CNAME` file."""
    write_files(tmp_path / "src", {
        "book.json": '{"plugins": ["sitemap"], "pluginsConfig": {"sitemap": '
                     '{"hostname": "https://notes.example.org"}}}',
        "README.md": "# N\n", "SUMMARY.md": "* [N](README.md)\n", "CNAME": "other.org\n"})
    imported = import_site(tmp_path / "src", tmp_path / "new", None, True, NOW)
    assert tomllib.loads(imported.files["lanting.toml"])["base_url"] == \
        "https://notes.example.org/"
    write_files(tmp_path / "src", {"book.json": "{}"})
    imported = import_site(tmp_path / "src", tmp_path / "new", None, True, NOW)
    assert tomllib.loads(imported.files["lanting.toml"])["base_url"] == "https://other.org/"
