"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 13 (a repository
committing its published HTML, …), in small sites written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitebits import write_files
from test_import_hexo_sites import NOW
from test_import_hugo_sites import imported_site

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import UsageError
from lanting.importer import Imported, import_site
from lanting.importer.go_functions import FUNCTIONS
from lanting.importer.hexo_math import math_opt_in


def built(imported: Imported) -> Path:
    """The imported site built with no warning: its output folder."""
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported.dest / "public"


def page(title: str, generator: str = "Hexo 6.3.0") -> str:
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title>'
            f'<meta name="generator" content="{generator}"></head>'
            f"<body><article>{title}</article></body></html>")


def test_a_repository_of_published_html_copies_none_of_it(tmp_path: Path) -> None:
    """A `*.github.io` repository that `hexo deploy` pushed to holds the pages Hexo
    published and a README, not the posts' sources. Read as a folder of notes, its
    `index.html`, `sitemap.xml` and `atom.xml` were copied as files and claimed the URLs
    of Lanting's home page, sitemap and feed: the build failed with "URL / is claimed
    by 2 sources". They are left out, with a warning saying where the sources are."""
    source = tmp_path / "old"
    write_files(source, {
        "README.md": "# 我的博客\n\n用 Hexo 写的。\n",
        "index.html": page("首页"),
        "2023/01/02/hello/index.html": page("你好"),
        "tags/ml/index.html": page("ml"),
        "css/main.css": "body{}\n",
        "sitemap.xml": "<urlset/>\n",
        "atom.xml": "<feed/>\n",
        "search.xml": "<search/>\n",
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.kind == "notes"
    out = built(imported)
    assert "用 Hexo 写的" in (out / "index.html").read_text(encoding="utf-8")
    assert not (out / "2023").exists() and not (out / "css").exists()
    assert not (out / "search.xml").exists()
    warnings = [e.format() for e in imported.report.warnings]
    assert any("index.html" in w and "Hexo 6.3.0 site published (7 files)" in w
               for w in warnings), warnings


def test_a_hugo_build_beside_the_notes_is_left_out(tmp_path: Path) -> None:
    """Notes with the pages a Hugo site published committed beside them (`docs/`), and
    a site whose `publishDir` was the repository's top, its sources in a folder of
    their own: the built pages are left out, with a notice; the notes, and the files
    of a folder holding notes, are kept."""
    source = tmp_path / "old"
    write_files(source, {
        "README.md": "# 笔记\n\n见 [注意力](notes/attention.md)。\n",
        "notes/attention.md": "# 注意力\n\n$a^2$\n",
        "notes/img/qk.png": "not really a picture\n",
        "docs/index.html": page("docs", "Hugo 0.120.4"),
        "docs/index.xml": "<rss/>\n",
        "docs/notes/attention/index.html": page("注意力", "Hugo 0.120.4"),
        "docs/css/x.css": "a{}\n",
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    static = {p.relative_to(imported.dest / "static").as_posix()
              for p in (imported.dest / "static").rglob("*") if p.is_file()}
    assert not any(p.startswith("docs/") for p in static), static
    assert "notes/img/qk.png" in static
    notices = [e.format() for e in imported.report.entries if e.severity == "notice"]
    assert any("docs/ holds the pages a Hugo 0.120.4 site published (4 files)" in n
               for n in notices), notices
    assert not imported.report.warnings


def test_published_html_alone_is_refused_naming_its_generator(tmp_path: Path) -> None:
    """A repository holding only the pages Hugo published (no Markdown at all) was
    refused with the whole list of what was looked for, saying nothing of what it was;
    the refusal now names the generator and where the sources are."""
    source = tmp_path / "old"
    write_files(source, {"index.html": page("首页", "Hugo 0.125.6"),
                         "posts/a/index.html": page("a", "Hugo 0.125.6")})
    with pytest.raises(UsageError, match="pages a Hugo 0.125.6 site published, not its "
                       "sources"):
        import_site(source, tmp_path / "new", None, False, NOW)


def test_a_hexo_link_to_a_post_file_in_other_capitals_or_none(tmp_path: Path) -> None:
    """A series of posts linking each other by their files (`./TcpServer_1.md`, as the
    writer's editor followed them): one written in other capitals than its file
    (`TCPServer_1.md`; the writer's computer ignores case) was left as written, and one
    naming no file at all (a series' list copied from another folder) too, with no
    word: both failed the build as broken links. The first leads to the post, with a
    notice; the second keeps its text, with a warning at its line."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: 笔记\nlanguage: zh-CN\n",
        "source/_posts/workflow/TCPServer_1.md": "---\ntitle: 上\ndate: 2024-01-01\n---\n\n"
                                                "## poller\n\n正文\n",
        "source/_posts/workflow/TCPServer_2.md": "---\ntitle: 下\ndate: 2024-01-02\n---\n\n"
                                                "回顾[上篇](./TcpServer_1.md#poller)，"
                                                "见[日志](./SynLogging.md)。\n",
    })
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    text = (imported.dest / "content/posts/tcpserver-2.md").read_text(encoding="utf-8")
    assert "[上篇](tcpserver-1.md#poller)" in text
    assert "见日志。" in text
    entries = [e.format() for e in imported.report.entries]
    assert any("TCPServer_2.md:6: warning: a link to `./SynLogging.md`, which is no file"
               in e for e in entries), entries
    assert any("the post's file is `TCPServer_1.md`, in other capitals" in e
               for e in entries), entries
    built(imported)


NEXT_ON_DEMAND = "math:\n  every_page: false\n  mathjax:\n    enable: true\n"


def test_dollars_of_a_post_next_loaded_no_math_on(tmp_path: Path) -> None:
    """NexT loads MathJax only on the posts saying `mathjax: true` (`math: {every_page:
    false}`, its default): on a shell notes blog, the other posts' `$((16#5f))` and
    `${var:pos:len}` were dollar signs, and `\\\\(` was `\\(` as text. The import read
    them as formulas, which failed the build (2 errors: "Not valid in math mode"); now
    they are escaped there, and a post asking for math keeps its formulas."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: 笔记\nlanguage: zh-CN\ntheme: next\n",
        "_config.next.yml": NEXT_ON_DEMAND,
        "source/_posts/shell.md": "---\ntitle: Shell\ndate: 2016-01-17\n---\n\n"
                                  "如 echo $((16#5f)) 结果为95，${a} 与 $b 的值，"
                                  "分组 \\\\( \\\\) 。\n",
        "source/_posts/latex.md": "---\ntitle: LaTeX\ndate: 2016-04-04\nmathjax: true\n"
                                  "---\n\n乘法 $\\times$ 与 $a^2$。\n",
    })
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    shell = (imported.dest / "content/posts/shell.md").read_text(encoding="utf-8")
    assert "echo \\$((16#5f))" in shell and "\\${a} 与 \\$b" in shell
    assert "\\\\( \\\\)" in shell
    latex = (imported.dest / "content/posts/latex.md").read_text(encoding="utf-8")
    assert "$\\times$ 与 $a^2$" in latex
    out = built(imported)
    page = (out / "posts/shell/index.html").read_text(encoding="utf-8")
    assert "echo $((16#5f))" in page and "<math" not in page
    assert "<math" in (out / "posts/latex/index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("theme", "settings", "keys"), [
    ("next", {"math": {"every_page": False, "mathjax": {"enable": True}}}, ("mathjax",)),
    ("next", {"math": {"every_page": True, "mathjax": {"enable": True}}}, ()),
    ("next", {"math": {"every_page": False, "mathjax": {"enable": False}}}, ()),
    ("hexo-theme-next", {"math": {"enable": True, "per_page": True}}, ("mathjax",)),
    ("next", {"mathjax": {"enable": True, "per_page": True}}, ("mathjax",)),
    ("next", {"mathjax": {"enable": True, "per_page": False}}, ()),
    ("butterfly", {"mathjax": {"enable": True, "per_page": False}}, ("mathjax",)),
    ("butterfly", {"katex": {"enable": True, "per_page": False}}, ("katex",)),
    ("butterfly", {"mathjax": {"enable": True, "per_page": True}}, ()),
    ("fluid", {"post": {"math": {"enable": True, "specific": True}}}, ("math",)),
    ("fluid", {"post": {"math": {"enable": True, "specific": False}}}, ()),
    ("icarus", {"plugins": {"mathjax": True}}, ()),
    ("nextdoor", {"math": {"every_page": False, "mathjax": {"enable": True}}}, ()),
])
def test_the_keys_a_theme_loads_math_on_alone(theme: str, settings: dict[str, object],
                                              keys: tuple[str, ...]) -> None:
    """NexT's `every_page: false` (7's `per_page: true`, 5's `mathjax.per_page`) loads
    math on posts saying `mathjax: true` alone; Butterfly's `per_page: false` on those
    saying `mathjax: true` or `katex: true`; Fluid's `specific: true` on `math: true`."""
    assert math_opt_in(theme, settings) == keys


def test_a_renderer_making_the_formulas_keeps_them_everywhere(tmp_path: Path) -> None:
    """On markdown-it with its KaTeX plugin, the renderer made the formulas, whatever
    the theme loaded: a post without `mathjax: true` keeps its `$a^2$`."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": '{"dependencies": {"hexo": "^7.0.0", '
                        '"hexo-renderer-markdown-it": "^7.1.1"}}',
        "_config.yml": "title: 笔记\ntheme: next\nmarkdown:\n  plugins:\n"
                       "    - markdown-it-katex\n",
        "_config.next.yml": NEXT_ON_DEMAND,
        "source/_posts/p.md": "---\ntitle: P\ndate: 2020-01-01\n---\n\n公式 $a^2$。\n",
    })
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    text = (imported.dest / "content/posts/p.md").read_text(encoding="utf-8")
    assert "公式 $a^2$" in text


MD_INCLUDE = """{{ $file := .Get 0 }}
{{ $target := path.Join (path.Dir .Page.File.Path) $file }}
{{ $content := readFile $target | replaceRE "^---[\\\\s\\\\S]+?---" "" | safeHTML }}
{{ $content | $.Page.RenderString }}
"""

LINK_CARD = """{{ $image := .Get 2 }}
<div class="card"><a href="{{ .Get 0 }}"><h3>{{ .Get 1 }}</h3></a>
{{ if eq (path.Ext $image) ".svg" }}<span>svg</span>{{ else }}<img src="{{ $image }}">{{ end }}
</div>
"""


def test_a_theme_shortcode_rendering_a_markdown_file_beside_the_page(
        tmp_path: Path) -> None:
    """A Stack fork's review notes are one page showing its chapters' files through the
    theme's own `include` (`readFile` of a path from `.Page.File.Path`, its front
    matter cut by `replaceRE`, then `.Page.RenderString`), and its `linkpage` cards
    ask `path.Ext` of their picture: `readFile` of a path from the content folder,
    `replaceRE` and `path.Ext` were not run, 106 warnings. Now a chapter is its
    Markdown, formulas and all, and so is one whose text holds shortcodes of its
    own, which Hugo rendered too."""
    imported = imported_site(tmp_path, {
        "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\ntheme: stack\n",
        "themes/stack/layouts/shortcodes/include.html": MD_INCLUDE,
        "themes/stack/layouts/shortcodes/linkpage.html": LINK_CARD,
        "content/post/physics/index.md": "---\ntitle: 大学物理\ndate: 2024-12-16\n---\n\n"
                                         '{{< include "em/index_.md" >}}\n\n'
                                         '{{< include "em/all_.md" >}}\n\n'
                                         '{{< linkpage "https://example.org" "例子" "a.png" >}}\n',
        "content/post/physics/em/index_.md": "---\ntitle: 电磁学\nhidden: true\n---\n"
                                             "## 库仑定律\n\n$$F = k\\frac{q_1 q_2}{r^2}$$\n",
        "content/post/physics/em/all_.md": "---\ntitle: 全部\n---\n"
                                           '{{< include "em/index_.md" >}}\n'})
    text = (imported.dest / "content/posts/physics.md").read_text(encoding="utf-8")
    assert "## 库仑定律\n\n$$F = k\\frac{q_1 q_2}{r^2}$$" in text
    assert '<h3>例子</h3></a>\n<img src="a.png">' in text
    # (round 14: the chapter `all_.md` includes is run too, as Hugo rendered it)
    assert text.count("## 库仑定律") == 2 and "{{<" not in text, text


def test_go_regular_expressions_in_hugo_functions() -> None:
    """`replaceRE` with Go's `$1` groups and `\\Q…\\E` quoting, `findRE`,
    `findRESubmatch` and `path.Ext`, as Hugo's templates call them."""
    assert FUNCTIONS["replaceRE"]("^(a+)-", "$1.", "aa-b") == "aa.b"
    assert FUNCTIONS["replaceRE"](r"\Q1+1\E", "two", "1+1=2") == "two=2"
    assert FUNCTIONS["findRE"]("[0-9]+", "a1b22", 1) == ["1"]
    assert FUNCTIONS["findRESubmatch"](r"(?s)#\s*(\w+)", "# intro\n") == [["# intro", "intro"]]
    assert FUNCTIONS["path.Ext"]("img/a.svg") == ".svg"
