"""Template syntax of other generators, or TeX not read as a formula, left in a page is a
warning at its line."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext


def warnings(text: str) -> list[tuple[int | None, str]]:
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md", body_line=5))
    assert all(p.severity == "warning" for p in rendered.problems)
    return [(p.line, p.message.split(": ", 1)[1]) for p in rendered.problems]


@pytest.mark.parametrize("syntax", [
    "{{ site.baseurl }}", "{% post_url 2024-01-01-x %}", "{: .note}",
    "{{< youtube abc >}}", "{{% callout note %}}", "{{ '/a.png' | relative_url }}"])
def test_each_kind_is_found(syntax: str) -> None:
    escaped = syntax.replace("{{<", "\\{{<")  # a known shortcode would run, not stay
    assert warnings(f"Text\nmore {escaped} text.\n") == [(6, f"`{syntax}`")]


def test_a_tag_missing_its_closing_percent_is_found() -> None:
    """`{%note danger}` (a Hexo post's typo for `{% note danger %}`): no importer read
    it as a tag, and the page showed it with no warning. Prose braces are no tag."""
    assert warnings("{%note danger}\n- 第一点\n\n见 {% endnote }。\n") == [
        (5, "`{%note danger}`"), (8, "`{% endnote }`")]
    assert warnings("比例 {50%} 与 {%} 和 {% 50 } 不是标签。\n") == []


def test_a_reference_to_an_attribute_list_only_where_kramdown_reads_one() -> None:
    """`{:toc}` on its own line and `**x**{:note}` right after a span are kramdown's;
    `**string 格式 {:format}**` (a Python format string in a course note, on a
    VitePress site) is words in prose, and was warned of."""
    assert warnings("* TOC\n{:toc}\n\n**x**{:note}\n\n* **string 格式 {:format}**\n") == [
        (6, "`{:toc}`"), (8, "`{:note}`")]


@pytest.mark.parametrize("syntax", ["{::comment}", "{: width=\"300\"}", "{:.no_toc}",
                                    "{:target=\"_blank\"}", "{: #intro}"])
def test_each_kramdown_attribute_list_is_found(syntax: str) -> None:
    assert warnings(f"Text {syntax} text.\n") == [(5, f"`{syntax}`")]


def test_format_strings_in_prose_are_not_template_syntax() -> None:
    """Rust's `{:?}` and `{:#?}`, Python's `{:.2f}` and `{:x}` written in prose (a real
    notes site on Rust) were "template syntax left in the page"."""
    assert warnings("用 {:?} 或 {:#?} 打印，{:.2f} 保留两位，{:x} 是十六进制，"
                    "{:>8} 右对齐。\n") == []


def test_a_set_of_sets_in_prose_is_not_template_syntax() -> None:
    """Notes on graphs write a graph's edges as sets of sets in prose, `E = {{1,2},{3,4}}`;
    they were "template syntax left in the page", which no `{{ … }}` of a template
    writes (its braces are inside). A template's output beside them is still found."""
    assert warnings("图 G 的边 E = {{1,2},{3,4}}，多重图 E = {{A,B},{A,B},{B,C}}。\n\n"
                    "站点 {{ site.title }}\n") == [(7, "`{{ site.title }}`")]


def test_sets_of_sets_in_prose_are_not_template_syntax() -> None:
    """A set-theory note (Hugo, on ZFC's axioms) writes `{{a,b},{c,d}}` in prose, sets
    of sets, and was warned of "template syntax left in the page"; template syntax
    holds no braces of its own."""
    assert warnings("举例：{a,b},{c,d} -> {{a,b},{c,d}}，而 {{a},{a,b}} 是有序对。\n") == []
    assert warnings("仍是模板：{{ page.title }}。\n") == [(5, "`{{ page.title }}`")]


def test_template_syntax_whose_brace_is_escaped_is_meant() -> None:
    """`\\{\\{ msg }}` or `&#123;&#123; msg }}` (a VuePress page's `::: v-pre`, imported):
    the writer escaped the braces to show them, no template left over. The same text
    unescaped beside it is still found."""
    assert warnings("插值 \\{\\{ msg }} 与 \\{{ two }} 与 &#123;&#123; ent }}。\n\n"
                    "仍是模板 {{ msg }}\n") == [(7, "`{{ msg }}`")]


def test_code_math_comments_and_pre_are_left_alone() -> None:
    assert warnings("`{{ x }}` and $\\{{a}\\}$\n\n```\n{% raw %}\n```\n\n    {{ y }}\n\n"
                    "<!-- {{ z }} -->\n\n<div><pre>{{ p }}</pre><code>{% t %}</code></div>\n"
                    ) == []


def test_raw_html_and_links_are_looked_at() -> None:
    found = warnings('![a]({{ site.baseurl }}/a.png)\n\n<img src="{{ x }}">\n\n'
                     "<div>\n{% include figure.liquid %}\n</div>\n")
    assert found == [(5, "`{{ site.baseurl }}`"), (7, "`{{ x }}`"),
                     (10, "`{% include figure.liquid %}`")]


def test_lanting_check_reports_them_with_file_and_line(
        make_site: Callable[..., Path], run_cli: Callable[..., tuple[int, str, str]]) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                                            "Hello {{ page.title }}\n"})
    code, out, err = run_cli("check", site)
    assert code == 0
    assert "content/posts/a.md:6: warning: template syntax left in the page: " \
           "`{{ page.title }}`" in err
    assert "1 warning" in out


@pytest.mark.parametrize(("text", "found"), [
    ("A dollar that no other closes: $\\langle x, y \\rangle here.\n", "`\\langle`"),
    ("No dollars at all: \\frac{a}{b}.\n", "`\\frac`"),
    ("\\begin{aligned} a &= b \\end{aligned} in a sentence.\n", "`\\begin{aligned}`"),
    # glued to the text after it (a letter after `}` hid it)
    ("正文\\begin{equation}x=1\\end{equation}紧贴。\n", "`\\begin{equation}`"),
])
def test_tex_not_read_as_a_formula_is_found(text: str, found: str) -> None:
    """A formula shipped as raw TeX was silent."""
    assert warnings(text) == [(5, found)]


@pytest.mark.parametrize(("text", "formula"), [
    ("<div class=\"note\">Attention: $\\mathrm{softmax}(QK^T)$</div>\n", "softmax(QKT)"),
    # Notion's `<aside>` callouts
    ("<aside>💡 复杂度 $O(N^2)$，价格 $5 and $10。\n</aside>\n", "O(N2)"),
])
def test_a_formula_in_raw_html_is_rendered_not_reported(text: str, formula: str) -> None:
    """Raw HTML's `$…$` was shown as TeX with a warning; MathJax, which the writer's old
    site ran, typeset it: so does Lanting now (`html_math.py`)."""
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md", body_line=5))
    assert rendered.problems == ()
    assert rendered.html.count("<math>") == 1
    assert formula in re.sub(r"<[^>]+>", "", rendered.html)


def test_tex_in_formulas_code_and_paths_is_left_alone() -> None:
    assert warnings("<div>Prices: $5 and $10, US$ 3, $ x $.</div>\n\n") == []
    assert warnings("$\\frac{a}{b}$ and $$\\sum_i x_i$$ and `\\alpha` and\n\n"
                    "```\n\\frac{1}{2}\n```\n\nC:\\Users\\tools\\index.txt, \\d+ "
                    "and \\in, \\to, \\text in prose.\n") == []


def _star_lines(text: str) -> list[int | None]:
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md", body_line=5))
    return [p.line for p in rendered.problems if "`**`" in p.message]


@pytest.mark.parametrize(("text", "lines"), [
    ("Intro\n\n**bold **text here\n", [7]),  # a space just inside the closing `**`
    ("one\ntwo ** three\n", [6]),
    ("**注意：**这是加粗。**“引号”**后文。\n", []),  # bold beside Chinese: no stars left
    ("stars written \\*\\* on purpose, `a**b` in code, $a**b$ in math\n", []),
    ("```\nx ** y\n```\n", []),
    # Python's `**kwargs` written as text in a note on PyTorch: the stars are meant
    ("会调用 forward_call(*input, **kwargs) 再调用 forward。\n", []),
    ("- [Accepting *args and **kwargs](https://example.org/f)\n", []),
    ("**note that **more, f(**kwargs)\n", [5]),
    # a derivation's notes marked `(*)` and `(**)` after its steps: the stars are meant
    ("(*) 由 Bayes 公式。\n\n(**) $C(x_t)$ 不含 $x_{t-1}$。\n\n见上【**】。\n", []),
    ("(**) a mark, but **here** and ** there\n", [5]),
])
def test_stars_that_make_no_bold_text_are_found(text: str, lines: list[int]) -> None:
    assert _star_lines(text) == lines



def test_double_dollars_that_open_no_formula_are_found() -> None:
    """`$$P(X = x_i) = p_i, \\quad i = 1,...,n` with no closing `$$` (a decision-tree
    note's entropy): the dollars and the formula were shown as text without a word. A
    closed formula, escaped dollars and code are fine."""
    found = warnings("设概率分布为，\n\n$$P(X = x_i) = p_i, \\quad i = 1,...,n\n\n"
                     "则熵为 $$H(X) = -\\sum_i p_i \\log p_i$$，\n\n"
                     "写作 \\$\\$ 或 `$$`，\n\n$$\nx = 1\n")
    assert found == [(7, "it opens no formula"), (13, "it opens no formula")]

@pytest.mark.parametrize(("row", "warned"), [
    ("| 绝对值 | $|x|$ | 第三列 |", True),  # the row splits inside the formula
    ("| 范数 | $\\|x\\|$ | c |", True),  # GFM reads `\|` as `|`: a norm turns into |x|
    ("| $a$ | $b$ | `$|$` |", False),  # between formulas, or in code: a cell border
    ("| $\\vert x \\vert$ | $\\Vert x \\Vert$ | c |", False),
    # `\\|`: the table takes one backslash, the formula gets `\|`, a norm, as meant
    ("| 正则 | $\\lambda(\\\\|U\\\\|_F^2)$ | c |", False),
    # prices, which the `$` rule reads as no formula: the `|` between them is a border
    ("| GPT | $/1M tokens (input) | $ 2.50 |", False),
    ("| o1 | $ 15.00 | $ 60.00 |", False),
    ("| o3-mini     |       $  1.10       |       $  4.40        |", False),
])
def test_a_pipe_inside_a_formula_in_a_table_is_found(row: str, warned: bool) -> None:
    text = f"| a | b | c |\n|---|---|---|\n{row}\n"
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md", body_line=5))
    assert [p.line for p in rendered.problems if "table cell" in p.message] == (
        [7] if warned else [])


def test_mkdocs_tabs_are_tabs() -> None:
    """`=== "PyTorch"` with an indented body (MkDocs Material) was shown as text, the body
    as an indented code block (later a warning); it is a tab of Lanting's tabs now."""
    from htmltree import parse_html

    text = ('Intro.\n\n=== "PyTorch"\n\n    ```python\n    import torch\n    ```\n\n'
            '=== "JAX"\n\n    x\n')
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md", body_line=5))
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert [label.text() for label in doc.find_all("label")] == ["PyTorch", "JAX"]
    panels = doc.find_all("div", class_="tab-panel")
    assert panels[0].one("code").text() == "import torch" and panels[1].text().strip() == "x"
    assert "===" not in doc.text()


def test_a_comment_never_closed_is_a_warning_at_its_line() -> None:
    """`<!--` without `-->` hid the rest of the post and the page's footer and scripts."""
    def lines(text: str) -> list[int | None]:
        rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                       "posts/a.md", body_line=5))
        return [p.line for p in rendered.problems if "never closed" in p.message]

    assert lines("Text\n\n<!--\nhidden\n\nmore\n") == [7]
    assert lines("Text <!-- x --> ok\n\n<!-- a\nb -->\n\n```\n<!--\n```\n") == []


def test_what_a_comment_never_closed_hides_is_not_named() -> None:
    """Notes put away in `<!--` never closed, `## 草稿` and `$$$1$$` among them: the
    comment was named, and so was the Markdown and the formula it hid ("Markdown inside
    HTML shown as written", "Unexpected `$`"), which no reader sees."""
    rendered = render_markdown("Text.\n\n<!--\n## 草稿\n\n    $$$1$$ `$1`\n",
                               RenderContext(Path("/s/content/posts/a.md"), "posts/a.md",
                                             body_line=5))
    assert [p.message[:40] for p in rendered.problems] == [
        "an HTML comment is opened here and never"]


def test_components_of_vue_and_mdx_are_found() -> None:
    """`<Badge text="v2" />` (VitePress) or `<Tabs>` (Docusaurus' MDX) showed nothing, or
    only their text, without a word. Plain HTML, even in capitals, is no component."""
    found = warnings('新特性 <Badge type="tip" text="v2" /> 已发布。\n\n<Tabs>\n\n'
                     "text\n\n</Tabs>\n\n<DIV>old HTML</DIV> and <span>x</span>\n")
    assert found == [(5, "`<Badge>`"), (7, "`<Tabs>`")]


def test_a_generic_type_in_prose_is_named_so() -> None:
    """`// Set<Integer>: …` (code pasted without a fence, in a real Hexo blog of 1,000
    posts) was "a component of another tool", whose hint spoke of Vue and MDX."""
    rendered = render_markdown("// Set<Integer>: a = 1\n\nuse `List<String>` here\n",
                               RenderContext(Path("/s/content/posts/a.md"), "posts/a.md",
                                             body_line=5))
    (problem,) = rendered.problems
    assert problem.message == "`Set<Integer>` in the text: the browser hides `<Integer>`"
    assert problem.hint is not None and "put it in `code`" in problem.hint


def test_a_placeholder_tag_in_prose_is_found() -> None:
    """`apiVersion <string>` and `git checkout <branch>` (a Kubernetes and a Git post of
    a Hugo blog) lost the word in angle brackets: an HTML tag no element is named by,
    which the browser hides, without a word. Known elements (HTML's, obsolete ones,
    SVG's, MathML's) and custom elements (with a hyphen) are no placeholder."""
    found = warnings("- apiVersion <string> 版本\n- 切到 git checkout <branch>\n\n"
                     "List<int> 和 <T>\n\n<center>居中</center> <font>f</font> <br> "
                     "<meting-js></meting-js> <mi>x</mi> <b>粗</b> <span class=x>y</span>\n")
    assert found == [(5, "no element is named so, and the browser hides `<string>`"),
                     (6, "no element is named so, and the browser hides `<branch>`"),
                     (8, "no element is named so, and the browser hides `<int>`")]
    rendered = render_markdown("用 <branch> 切换\n", RenderContext(Path("a.md"), "a.md"))
    (problem,) = rendered.problems
    assert problem.message.startswith("`<branch>` in the text")
    assert problem.hint is not None and "`\\<branch>`" in problem.hint


def test_mdx_import_and_export_lines_are_found() -> None:
    """An MDX post (Docusaurus) starts with `import Tabs from '@theme/Tabs';`: it was a
    paragraph of text, silently. Python's `from x import y` in prose is no such line."""
    found = warnings("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';"
                     "\n\nText: from torch import nn, and import numpy.\n\n"
                     "export const meta = {};\n")
    assert found == [(5, "`import Tabs from '@theme/Tabs';`"),
                     (6, "`import TabItem from '@theme/TabItem';`"),
                     (10, "`export const meta = {};`")]


def test_an_image_whose_path_has_a_space_is_found() -> None:
    """`![a](image 1.png)` (as Notion and Typora name files) is text in CommonMark: it was
    shown as written without a word. Encoded or bracketed paths, and titles, are fine."""
    assert warnings("Intro.\n\n![a](image 1.png)\n") == [(7, "`![a](image 1.png)`")]
    assert warnings('![a](image%201.png) ![b](<c d.png>) ![e](f.png "a title")\n') == []


def test_a_link_to_a_file_whose_path_has_a_space_is_found() -> None:
    """`[笔记](../Basic Concepts-NLP/注意力.md)` (an Obsidian vault's) is text in
    CommonMark, shown as written without a word; a title, an encoded or bracketed path,
    and prose in brackets and parentheses are not such links."""
    assert warnings("见 [笔记](../Basic Concepts-NLP/注意力.md)。\n\n"
                    "[损失](../Basic Concepts/交叉熵(语言模型).md)\n") == [
        (5, "`[笔记](../Basic Concepts-NLP/注意力.md)`"),
        (7, "`[损失](../Basic Concepts/交叉熵(语言模型).md)`")]
    assert warnings('[a](a%20b.md) [b](<c d.md>) [e](f.md "a title") [注](见下文 说明)\n') == []


def test_a_link_to_a_web_address_with_a_space_is_found() -> None:
    """A Zhihu article pasted into notes keeps its keyword links, `[container cloud](
    https://www.zhihu.com/search?q=container cloud&…)`: text in CommonMark, shown with
    its address and no word of it."""
    assert warnings("用 [container cloud](https://www.zhihu.com/search?q=container cloud"
                    "&search_source=Entity) 隔离。\n") == [
        (5, "`[container cloud](https://www.zhihu.com/search?q=container c`")]
    assert warnings('[a](https://x.org/a%20b) [b](<https://x.org/c d>) '
                    '[c](https://x.org/ "a title") [注](见 https://x.org 一文)\n') == []



def test_a_web_address_of_a_file_with_a_space_is_one_warning() -> None:
    """`[PRML](http://x.org/books/Bishop - PRML 2006.pdf)` (a notes folder's reading
    list): warned about twice, once as a path (whose hint asks for `../a b/note.md`) and
    once as the web address it is."""
    rendered = render_markdown("[PRML](http://x.org/books/Bishop - PRML 2006.pdf)\n",
                               RenderContext(Path("/s/content/posts/a.md"), "posts/a.md",
                                             body_line=5))
    (problem,) = rendered.problems
    assert problem.hint is not None and problem.hint.startswith("an address with a space")


@pytest.mark.parametrize(("text", "shown"), [
    ("读了 <<The Great Gatsby>> 和 <<深度学习>>。", "读了 &lt;&lt;The Great Gatsby&gt;&gt; 和 "
     "&lt;&lt;深度学习&gt;&gt;。"),
    ("<<Attention Is *All* You Need>> 一文", "&lt;&lt;Attention Is <em>All</em> You Need"
     "&gt;&gt; 一文"),
    ("shift a<<b>>c", "shift a&lt;&lt;b&gt;&gt;c"),
])
def test_ascii_book_title_marks_are_text(text: str, shown: str) -> None:
    """`<<The Great Gatsby>>` was read as an HTML tag `<The …>` that the browser hides:
    the title vanished, with a warning about a Vue component for the first only."""
    rendered = render_markdown(text + "\n", RenderContext(Path("a.md"), "a.md"))
    assert rendered.html == f"<p>{shown}</p>\n" and rendered.problems == ()


def test_an_autolink_in_book_title_marks_stays_a_link() -> None:
    rendered = render_markdown("见 <<https://x.org/a>>\n", RenderContext(Path("a.md"), "a.md"))
    assert '<a href="https://x.org/a">https://x.org/a</a>' in rendered.html


def test_markdown_under_html_in_its_block_is_found() -> None:
    """`<p align="center"><img …></p>` and, on the next line, `**结论**：…` (an Obsidian
    vault's paper notes, centring each figure): the HTML block runs to the next blank
    line, so the bold text was shown with its stars, without a word. A line of the
    block that starts with a tag, or is in a `<pre>`, is HTML's own."""
    text = ('<p align="center">\n  <img src="fig.png" width="300">\n</p>\n'
            "**消融实验**：移除前馈块后性能提升。\n\n"
            "<div>\n<b>**not markdown**</b>\n</div>\n\n<pre>\n- a listing\n</pre>\n\n"
            "<details>\n<summary>推导</summary>\n- 第一步\n</details>\n")
    assert warnings(text) == [(8, "`**消融实验**：移除前馈块后性能提升。`"), (20, "`- 第一步`")]


def test_template_syntax_inside_raw_html_code_is_code() -> None:
    """`<code>{{major}}</code>` (a Zola page describing an app's placeholders, in raw
    HTML): code the page shows as written, as backticks are; it was a warning."""
    assert warnings("Fragments like <code>My major is {{major}}</code> here.\n") == []
    assert warnings("Left {{ x }} and <kbd>{{ y }}</kbd>.\n") == [(5, "`{{ x }}`")]


def test_a_formula_katex_rendered_before_is_no_tex_left() -> None:
    """A formula pasted as KaTeX rendered it (an illustrated ML blog's sigmoid): its TeX
    is in the MathML's `<annotation>`, which no reader sees, and was reported as TeX
    left in the page."""
    katex = (Path(__file__).parent / "fixtures/katex/prerendered.html").read_text("utf-8")
    assert warnings(katex) == []
    assert warnings(katex.replace('<annotation encoding="application/x-tex">', "<span>")
                    .replace("</annotation>", "</span>")) == [(5, "`\\sigma`")]


def test_tex_in_an_html_attribute_is_a_tooltip_not_tex_left() -> None:
    """An equation editor's image link (`<img src=… title="f = \\sqrt{x}">`, a notebook
    blog's formula as a picture): the title's TeX is a tooltip, not TeX the page failed
    to read, yet it was reported so. Template syntax in an attribute is still found."""
    text = ('A formula:\n<a href="https://eq.example.org/?f"><img src="https://eq.example.org'
            '/f.gif" title="f = {v \\over 2} \\sqrt{x}, $y$" /></a>\n\n'
            '<img src="{{ site.baseurl }}/a.png">\n')
    assert warnings(text) == [(8, "`{{ site.baseurl }}`")]


def test_braces_written_escaped_are_words_whatever_else_the_page_holds() -> None:
    """`&#123;{ book.edition }}` (an import's way to show a GitBook `{% raw %}` block's
    braces) or `\\{\\{ x \\}\\}`: braces the writer escaped to show. They were warned about
    as template syntax only when the page also held a formula's backslash (the page's
    quick test read its source, the full one the text): the same paragraph was judged
    by what else the page held. Written plainly, `{{ real }}` is still found."""
    paragraph = "模板 &#123;{ book.edition }} 与 \\{\\{ x \\}\\} 原样，{{ real }} 不是。\n"
    alone = warnings(paragraph)
    with_tex = warnings("公式 $\\alpha$。\n\n" + paragraph)
    assert [m for _, m in alone] == [m for _, m in with_tex] == ["`{{ real }}`"]
