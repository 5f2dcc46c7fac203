"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 14 (HTML files of
`content/` that Hugo copied as they were, …), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import imported_site
from test_import_hugoblox_home import notices

from lanting.build import build
from lanting.build.options import BuildOptions

_DEMO = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>演示</title>"
         "<script src=\"plot.js\"></script></head>\n<body><div id=\"plot\"></div>"
         "{{ not a shortcode }}</body></html>\n")


def test_html_without_front_matter_is_copied_as_it_was(tmp_path: Path) -> None:
    """Hugo copies an HTML file of `content/` that has no front matter (its first
    character a tag) to its output unchanged, a static file (hugo PR 7034): a blog's
    exported notebooks and demos beside its posts. They were imported as pages, their
    whole documents read as Markdown (a real site: 2,319 build errors). They are
    copied to `static/` at their paths; an HTML file with front matter stays a page."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/gd.md": "---\ntitle: 梯度下降\ndate: 2024-03-01\n---\n\n"
                               "见[演示](/demos/gd/index.html)与[图](/posts/plot.htm)。\n",
        "content/demos/gd/index.html": _DEMO,
        "content/demos/gd/plot.js": "draw();\n",
        "content/posts/plot.htm": "\n  <div>图</div>\n",
        "content/posts/rl.html": "---\ntitle: 强化学习\ndate: 2024-03-02\n---\n\n"
                                 "<p>回报。</p>\n",
    })
    assert imported.report.warnings == []
    new = tmp_path / "new"
    assert (new / "static/demos/gd/index.html").read_text(encoding="utf-8") == _DEMO
    assert (new / "static/demos/gd/plot.js").is_file()  # (the script it names)
    assert (new / "static/posts/plot.htm").is_file()
    assert sorted(p.name for p in (new / "content/posts").iterdir()) == ["gd.md", "rl.md"]
    assert not (new / "content/demos").exists()
    said = [(p, m) for p, _l, m in notices(imported) if "without front matter" in m]
    assert len(said) == 1, said
    result = build(new, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    assert (result.output / "demos/gd/index.html").read_text(encoding="utf-8") == _DEMO


_INCLUDE = ('{{ $file := .Get 0 }}\n'
            '{{- $text := readFile (path.Join (path.Dir .Page.File.Path) $file) -}}\n'
            '{{ .Page.RenderString $text }}\n')


def test_an_include_of_includes_is_run_to_the_bottom(tmp_path: Path) -> None:
    """A course's notes show their chapters' Markdown through the site's own `include`
    (`readFile` beside the page, then `.Page.RenderString`), and a chapter includes its
    sections the same way: Hugo rendered the shortcodes of the text it read too. The
    inner ones were left in comments, one warning each; they are run as Hugo ran
    them (a file including itself stops, with a warning)."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "课程"\nlanguageCode = "zh-cn"\n',
        "layouts/shortcodes/include.html": _INCLUDE,
        "content/posts/ml/index.md": "---\ntitle: 机器学习\ndate: 2024-03-01\n---\n\n"
                                     '{{< include "ch1.md" >}}\n',
        "content/posts/ml/ch1.md": "## 第一章 回归\n\n损失 $L(w)$。\n\n"
                                   '{{< include "sec/ch1-1.md" >}}\n',
        "content/posts/ml/sec/ch1-1.md": "### 最小二乘\n\n闭式解 $w = (X^TX)^{-1}X^Ty$。\n",
        "content/posts/loop/index.md": "---\ntitle: 循环\ndate: 2024-03-02\n---\n\n"
                                       '{{< include "self.md" >}}\n',
        "content/posts/loop/self.md": '自己。\n\n{{< include "self.md" >}}\n',
    })
    warnings = [e.format() for e in imported.report.warnings]
    assert len(warnings) == 1 and "self.md" in warnings[0], warnings
    text = (tmp_path / "new/content/posts/ml.md").read_text(encoding="utf-8")
    assert "## 第一章 回归" in text and "### 最小二乘" in text, text
    assert "{{<" not in text and "<!--" not in text, text
    out = build(tmp_path / "new", BuildOptions(output=tmp_path / "out")).output
    page = (out / "posts/ml/index.html").read_text(encoding="utf-8")
    assert "最小二乘" in page and page.count("math-inline") >= 2


def test_a_page_saying_mathjax_false_shows_its_delimiters_as_text(tmp_path: Path) -> None:
    """A PaperMod blog's own `extend_head.html` loaded MathJax on `mathjax: true`; its
    notes on regular expressions say `mathjax = false` and write `'\\\\('` and
    `'\\\\)'` (Goldmark's `\\(` and `\\)`, text) and `$0…$9`. The import read the
    page's math as on, and the text between the escapes as a formula, which failed
    the build ("Unknown command"). `mathjax: false` (and `katex: false`) turns the
    page's math off, as `math: false` does, and on such a page the escaped
    delimiters stay text."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/re.md": '+++\ntitle = "正则"\ndate = 2018-09-27\nmathjax = false\n+++'
                               "\n\n| 字符 | 说明 |\n| --- | --- |\n"
                               "| (p) | 匹配圆括号请用 '\\\\(' 或 '\\\\)'，结果在 $0…$9。 |\n",
    })
    assert imported.report.warnings == []
    result = build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    page = (result.output / "posts/re/index.html").read_text(encoding="utf-8")
    assert "'\\(' 或 '\\)'" in page and "$0…$9" in page and "math-inline" not in page


def test_a_fence_named_by_a_file_extension_is_highlighted(tmp_path: Path) -> None:
    """An Emacs blog's fences say ```el (and ```h): Hugo's Chroma finds a language by
    its name, its alias, then as a file extension (`*.el`, Emacs Lisp), and
    highlighted them; Pygments knows names alone, and the build warned 44 times of an
    unknown language. Such a fence is written with the name Pygments knows."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Emacs"\nlanguageCode = "zh-cn"\n',
        "content/posts/init.md": "---\ntitle: 配置\ndate: 2020-01-02\n---\n\n"
                                 "```el\n(setq inhibit-startup-screen t)\n```\n\n"
                                 "```h {linenos=true}\nint f(void);\n```\n\n"
                                 "```python\nprint(1)\n```\n",
    })
    assert imported.report.warnings == []
    text = (tmp_path / "new/content/posts/init.md").read_text(encoding="utf-8")
    assert "```emacs-lisp\n" in text and "```c " in text and "```python\n" in text, text
    result = build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_hextra_s_home_page_hero_and_feature_grid(tmp_path: Path) -> None:
    """A Hextra blog's home page (`layout: hextra-home`) is a hero (a badge linking
    the about page, a headline, a subtitle, a button) over a `feature-grid` of
    `feature-card`s: each left in a comment with a warning, the home page's text lost.
    They are a link, a line in bold, a line, a link and a list of links (a card
    linking Hugo's feed, `index.xml`, to Lanting's)."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "云与智能"\nlanguageCode = "zh-cn"\ntheme = "hextra"\n',
        "content/_index.md": "---\ntitle: 云与智能\nlayout: hextra-home\n---\n\n"
        '<div class="hero">\n{{< hextra/hero-badge link="/about" >}}\n'
        "  <span>欢迎</span>\n  {{< icon name=\"arrow-circle-right\" >}}\n"
        "{{< /hextra/hero-badge >}}\n</div>\n\n"
        "{{< hextra/hero-headline >}}\n  云与智能\n{{< /hextra/hero-headline >}}\n\n"
        "{{< hextra/hero-subtitle >}}\n  分布式存储与大模型\n{{< /hextra/hero-subtitle >}}\n\n"
        '{{< hextra/hero-button text="读文章" link="/posts/" >}}\n\n'
        "{{< hextra/feature-grid >}}\n"
        '  {{< hextra/feature-card\n    title="AI 洞察"\n    subtitle="大模型与智能体"\n'
        '    icon="sparkles"\n    link="/posts/"\n  >}}\n'
        '  {{< hextra/feature-card title="存储" subtitle="Ceph 实践" link="about" >}}\n'
        '  {{< hextra/feature-card title="订阅" subtitle="RSS" link="index.xml" >}}\n'
        "{{< /hextra/feature-grid >}}\n",
        "content/about.md": "---\ntitle: 关于\n---\n\n你好。\n",
        "content/posts/a.md": "---\ntitle: 文章\ndate: 2024-01-02\n---\n\n正文。\n",
    })
    assert imported.report.warnings == []
    home = (tmp_path / "new/content/_index.md").read_text(encoding="utf-8")
    assert "{{<" not in home and "<!--" not in home, home
    assert "**云与智能**" in home and "分布式存储与大模型" in home, home
    assert "- [AI 洞察](" in home and "— 大模型与智能体" in home, home
    assert "- [订阅](/atom.xml) — RSS" in home, home
    result = build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_hugo_books_dated_documents_are_pages_and_its_posts_the_blog(
        tmp_path: Path) -> None:
    """hugo-book shows its `docs/` section (its `BookSection`) as the book, in its menu,
    and `posts/` as a blog. A course's book, most of whose chapters carry the `date`
    they were written, had those chapters imported as posts of a blog of `docs/` (the
    section of the most pages) and the undated ones dated by their files' times, a
    warning each. The chapters are pages, dated or not; `posts/` is the blog."""
    chapter = "---\ntitle: {t}\n{d}weight: {w}\n---\n\n{t}的内容。\n"
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "课程笔记"\ntheme = "hugo-book"\nlanguageCode = "zh-cn"\n',
        "content/docs/_index.md": "---\ntitle: 课程\n---\n",
        "content/docs/ch1.md": chapter.format(t="线性回归", d="date: 2023-09-01\n", w=1),
        "content/docs/ch2.md": chapter.format(t="逻辑回归", d="date: 2023-09-08\n", w=2),
        "content/docs/ch3.md": chapter.format(t="支持向量机", d="", w=3),
        "content/posts/hello.md": "---\ntitle: 开篇\ndate: 2023-08-30\n---\n\n你好。\n",
    })
    assert imported.report.warnings == []
    new = tmp_path / "new"
    assert sorted(p.name for p in (new / "content/posts").iterdir()) == ["hello.md"]
    assert sorted(p.name for p in (new / "content/pages").iterdir()) == [
        "ch1.md", "ch2.md", "ch3.md"]
    result = build(new, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    for name in ("ch1", "ch2", "ch3"):  # (their old URLs kept)
        assert (result.output / "docs" / name / "index.html").is_file()
    assert (result.output / "posts/hello/index.html").is_file()
