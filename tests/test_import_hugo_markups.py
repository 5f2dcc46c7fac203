"""Hugo pages in Org, AsciiDoc, reStructuredText and Pandoc's Markdown (Hugo renders
them with go-org, Asciidoctor, rst2html and Pandoc), converted with Pandoc; without a
Pandoc, each is left out with a warning (they were dropped without a word)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote

import pytest
from sitebits import png
from test_import_hugo_sites import built_cleanly, imported_site, prose
from test_import_hugoblox_home import notices

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import markups
from lanting.importer.markups import org_front_matter

# (the test extras install Pandoc; in CI a missing one fails these tests, not skips them)
pytestmark = pytest.mark.skipif(markups.pandoc_path() is None and os.environ.get("CI") != "true",
                                reason="no Pandoc: install the `org` extra (pypandoc-binary)")

# A Chinese Emacs user's post as Hugo reads it: keywords as front matter, an Org
# timestamp as the date, `# more` as the summary's end, a heading with tags and a
# CUSTOM_ID, an equation environment, a captioned image from static/, a source block
# whose results Emacs exports only on request, a link to another Org post.
_ORG_POST = """#+TITLE: 分布式训练里的通信
#+DATE: <2022-02-03 Thu 10:41>
#+tags[]: 分布式, MLSys
#+categories[]: 笔记
#+DRAFT: false
#+OPTIONS: toc:nil

AllReduce 的通信量是 $2(N-1)/N \\cdot M$，见[[file:ring.org][上一篇]]。

# more

* Ring AllReduce :ml:
:PROPERTIES:
:CUSTOM_ID: ring
:END:
\\begin{equation}
T = 2(N-1)\\left(\\alpha + \\frac{M}{N\\beta}\\right)
\\end{equation}

#+caption: 环形拓扑
[[file:/images/ring.png]]

#+begin_src python :results output
print(sum([1, 2]))
#+end_src

#+RESULTS:
: 3

| 算法 | 通信量 |
|------+--------|
| Ring | $2M$   |
"""

_PNG = png(4, 3)


def _site() -> dict[str, str | bytes]:
    return {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/allreduce.org": _ORG_POST,
        "content/posts/ring.org": "#+title: 环\n#+date: 2022-01-05\n\n环形拓扑。\n",
        "content/posts/bundle/index.org": "#+title: 打包\n#+date: <2022-03-01 Tue>\n\n"
                                          "[[file:fig.png]]\n",
        "content/posts/bundle/fig.png": _PNG,
        "content/posts/sphinx-notes.rst": "---\ntitle: reST 笔记\ndate: 2022-04-01\n---\n\n"
                                          "Section\n=======\n\n*强调* 和 ``code``。\n\n"
                                          ".. math::\n\n   e^{i\\pi} + 1 = 0\n",
        "content/posts/asciidoc.adoc": "---\ntitle: AsciiDoc\ndate: 2022-05-01\n---\n\n"
                                       "== 小节\n\n一段 *粗体* 文字。\n",
        "static/images/ring.png": _PNG,
    }


def test_org_keywords_are_front_matter_as_hugo_reads_them() -> None:
    """Hugo's reading of an Org file's keywords: lower-case keys, `[]` a list of words,
    an Org timestamp's day as the date, `t` a true draft; a block's keywords
    (`#+caption`) and the export's (`#+OPTIONS`) are none."""
    assert org_front_matter(_ORG_POST) == {
        "title": "分布式训练里的通信", "date": "2022-02-03", "tags": ["分布式", "MLSys"],
        "categories": ["笔记"], "draft": False}
    assert org_front_matter("#+title: a\n#+draft: t\n#+author: A\n#+author: B\n"
                            "#+filetags: :ml:rl:\n") == {
        "title": "a", "draft": True, "author": ["A", "B"], "tags": ["ml", "rl"]}


def test_pages_in_other_markups_are_imported_and_built(tmp_path: Path) -> None:
    """Every page of the site arrives: the Org posts with their titles, dates, tags
    and summaries, the equation as math, the captioned image, the code without the
    results Emacs did not export, the link to the other Org post; the bundle's
    `index.org` with its image; the reST and AsciiDoc pages with their front matter."""
    imported = imported_site(tmp_path, _site())
    assert imported.report.warnings == []
    posts = tmp_path / "new/content/posts"
    assert sorted(p.name for p in posts.iterdir()) == [
        "allreduce", "asciidoc.md", "bundle", "ring.md", "sphinx-notes.md"]
    text = (posts / "allreduce/index.md").read_text(encoding="utf-8")  # (its image beside)
    assert "title: 分布式训练里的通信" in text and "<!-- more -->" in text
    assert "$2(N-1)/N \\cdot M$，见[上一篇](../ring.md)" in text
    assert ":ml:" not in text and "#+RESULTS" not in text and ": 3" not in text

    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    body = prose(out, "posts/allreduce/index.html")
    # (go-org made a top-level heading an <h2>, under the page's title)
    assert [h.text().strip() for h in body.find_all("h1") + body.find_all("h2")] \
        == ["Ring AllReduce"] and body.find("h2") is not None
    assert len(body.find_all("math")) == 3  # (the inline one, the equation, the table's)
    assert body.find("math", display="block") is not None
    figure = body.one("figure")
    assert figure.one("img").get("src", "").endswith("ring.png")
    assert figure.one("figcaption").text().strip().endswith("环形拓扑")
    assert "print(sum([1, 2]))" in body.one("pre").text()
    assert body.find("a", href="/posts/ring/") is not None
    assert body.one("table").find("math") is not None

    bundle = prose(out, "posts/bundle/index.html")
    assert bundle.one("img").get("src", "").endswith("fig.png")
    notes = prose(out, "posts/sphinx-notes/index.html")
    assert notes.one("em").text() == "强调" and notes.find("math", display="block")
    assert prose(out, "posts/asciidoc/index.html").one("strong").text() == "粗体"


def test_without_pandoc_each_page_is_left_out_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Pandoc: the Markdown posts are imported, each page in another markup is a
    warning at its file saying how to convert it (they were dropped in silence)."""
    monkeypatch.setattr(markups, "pandoc_path", lambda: None)
    markups._converted.cache_clear()
    files = _site()
    files["content/posts/plain.md"] = "---\ntitle: 普通\ndate: 2022-06-01\n---\n\n正文。\n"
    imported = imported_site(tmp_path, files)
    left = sorted((p, line) for p, line, m in notices(imported)
                  if m.startswith("left out: a page in ") and markups.NEEDS_PANDOC in m)
    assert left == [("content/posts/allreduce.org", 1), ("content/posts/asciidoc.adoc", 1),
                    ("content/posts/bundle/index.org", 1), ("content/posts/ring.org", 1),
                    ("content/posts/sphinx-notes.rst", 1)]
    assert sorted(p.name for p in (tmp_path / "new/content/posts").iterdir()) == ["plain.md"]


def test_org_dollar_math_glued_to_chinese_is_math_and_literal_text_is_not() -> None:
    """`$x$` beside CJK text becomes `\\(x\\)` (math wherever it stands in Org); prices,
    verbatim and code spans, source blocks and fixed-width lines keep their dollars."""
    assert markups.dollars_as_parens("见的$x$值，$a+b$。") == "见的\\(x\\)值，\\(a+b\\)。"
    kept = ("价格 $5 和 $6 元。\n=$x$= 与 ~$y$~ 、$$z$$、\\(w\\)\n"
            "#+begin_src sh\necho $HOME$x\n#+end_src\n: $fixed$\n# $comment$\n")
    assert markups.dollars_as_parens(kept) == kept


def test_org_includes_are_read_from_the_page_s_folder(tmp_path: Path) -> None:
    """`#+INCLUDE:` names a file beside the page (go-org read it so): its text is in the
    page; one that is missing is a warning at its line, with Pandoc's words, not a
    silent hole."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/notes/index.org": '#+title: 合集\n#+date: 2022-02-03\n\n前言。\n\n'
                                         '#+INCLUDE: "part.org"\n\n#+INCLUDE: "gone.org"\n',
        "content/posts/notes/part.org": "被包含的 *正文* 段落。\n",
    })
    said = [(p, line, m) for p, line, m in notices(imported) if "gone.org" in m]
    assert said == [("content/posts/notes/index.org", 8,
                     "Pandoc: Could not load include file gone.org")]
    text = (tmp_path / "new/content/posts/notes.md").read_text(encoding="utf-8")
    assert "被包含的 **正文** 段落。" in text


def test_org_heading_links_and_note_blocks(tmp_path: Path) -> None:
    """`[[*方法][…]]`, a link to a heading by its text (Pandoc leaves it unresolved, a
    "spurious link"), leads to the heading; `#+begin_note` is a callout without the
    "Note" title Pandoc gave it (the callout draws its own)."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/method.org": "#+title: 方法论\n#+date: 2022-02-03\n\n* 背景\n"
                                    "见 [[*方法][方法一节]]。\n\n#+begin_note\n注意事项。\n"
                                    "#+end_note\n\n* 方法\n正文。\n",
    })
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    body = prose(out, "posts/method/index.html")
    method = next(h for h in body.find_all("h2") if h.text().strip() == "方法")
    link = next(a for a in body.find_all("a") if a.text() == "方法一节")
    assert unquote(link.get("href", "")) == f"#{method.get('id')}"
    callout = body.one(class_="callout")
    assert "注意事项" in callout.text() and "Note" not in callout.text()


def test_list_pages_in_org(tmp_path: Path) -> None:
    """`content/_index.org` is the home page's text and `posts/_index.org` the blog's,
    as their Markdown namesakes are (they were dropped)."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/_index.org": "#+title: 首页\n\n欢迎来到 /我的/ 笔记。\n",
        "content/posts/_index.org": "#+title: 文章\n\n全部文章。\n",
        "content/posts/a.org": "#+title: 甲\n#+date: 2022-01-01\n\n正文。\n",
    })
    assert imported.report.warnings == []
    home = (tmp_path / "new/content/_index.md").read_text(encoding="utf-8")
    assert "欢迎来到 *我的* 笔记。" in home
    blog = (tmp_path / "new/content/posts/_index.md").read_text(encoding="utf-8")
    assert "全部文章。" in blog


def test_org_links_to_named_figures_and_the_footnote_section(tmp_path: Path) -> None:
    """`[[fig:ring]]`, a link to the figure `#+NAME: fig:ring` names, was a link to
    `fig:ring` (Pandoc read `fig:` as a link's type), dead without a word: it is the
    figure's number now, as Org's export wrote it ("图 1"), and `[[fig:ring][环]]` a
    link to the figure. Org's `* Footnotes` section, whose notes Org's export moved to
    the page's end without a heading, was an empty heading above Lanting's own notes."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "static/images/ring.png": png(8, 8),
        "content/posts/ring.org": "#+title: 环形通信\n#+date: 2022-02-03\n\n"
                                  "#+caption: 环形拓扑\n#+name: fig:ring\n"
                                  "[[file:/images/ring.png]]\n\n"
                                  "见 [[fig:ring]]，或 [[fig:ring][环]][fn:1]。\n\n"
                                  "* Footnotes\n[fn:1] 见论文。\n",
    })
    body = prose(out, "posts/ring/index.html")
    links = {a.text(): a.get("href") for a in body.find_all("a")
             if a.parent is not None and a.parent.tag == "p"}
    assert body.one("figure")["id"] == "fig:ring"
    assert links["图 1"] == links["环"] == "#fig:ring"
    assert [h.text() for h in body.find_all("h2")] == []
    assert "见论文" in body.text()
