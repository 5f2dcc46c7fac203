"""What SiYuan, Logseq, HackMD, Zhihu and nbconvert leave in exported Markdown
(`markdown/exports.py`): printed as text, most of it without a word (a new user's sweep)."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=4, base_path="/")


def render(text: str) -> RenderedMarkdown:
    return render_markdown(text, CONTEXT, MarkdownOptions())


def test_siyuan_attribute_lines_are_neither_shown_nor_reported() -> None:
    rendered = render('# 标题\n{: id="20240101080000-a1b2c3d" updated="20240101080500"}\n\n'
                      '正文 $x$。\n{: id="20240101080001-e4f5g6h"}\n\n'
                      '| a | b |\n| - | - |\n| 1 | 2 |\n{: id="20240101080002-i7j8k9l"}\n')
    page = parse_html(rendered.html)
    assert "{:" not in page.text() and "2024" not in page.text()
    assert [cell.text() for cell in page.find_all("td")] == ["1", "2"]
    assert rendered.problems == ()


def test_a_block_reference_without_text_is_reported_at_its_line() -> None:
    rendered = render("- 第一块\n\t- 见 ((0a1b2c3d-0000-4000-8000-00000000abcd))\n\n"
                      "又见 ((20240101080001-e4f5g6h))。\n")
    assert [(p.line, p.severity) for p in rendered.problems] == [(5, "warning"),
                                                                 (7, "warning")]
    assert "block reference" in rendered.problems[0].message


def test_a_block_reference_with_its_text_is_not_reported() -> None:
    rendered = render('见 ((20240101080001-e4f5g6h "上文"))。\n')
    assert rendered.problems == () and parse_html(rendered.html).text().strip() == "见 上文。"


def test_a_logseq_cloze_is_its_text() -> None:
    """`{{cloze 答案}}`, a flash card's blank (a German ML graph had ten): printed as
    written and reported as a template left in the page; Logseq shows its text."""
    result = render("- 梯度 {{cloze 指向 **上升** 最快}} 的方向\n")
    assert result.problems == ()
    item = parse_html(result.html).one("li")
    assert item.text() == "梯度 指向 上升 最快 的方向"
    assert item.one("strong").text() == "上升"


def test_logseq_properties_leave_the_text_around_them() -> None:
    rendered = render("- 一个想法\n  collapsed:: true\n  Second line\n")
    assert parse_html(rendered.html).find("li").text().split() == ["一个想法", "Second", "line"]


def test_a_zhihu_formula_image_is_a_formula_and_its_alt_text_no_leftover() -> None:
    rendered = render('设 <img src="https://www.zhihu.com/equation?tex=%5Calpha+%3E+0" '
                      'alt="\\alpha &gt; 0" eeimg="1"> 。\n')
    page = parse_html(rendered.html)
    assert page.find("img") is None and page.find("math") is not None
    assert rendered.problems == ()
    assert "math" in rendered.features


def test_block_references_in_code_are_shown_as_written() -> None:
    rendered = render('写作 `((20240101080001-e4f5g6h "上文"))` 或 '
                      '`((0a1b2c3d-0000-4000-8000-00000000abcd))`。\n')
    codes = [code.text() for code in parse_html(rendered.html).find_all("code")]
    assert codes == ['((20240101080001-e4f5g6h "上文"))',
                     "((0a1b2c3d-0000-4000-8000-00000000abcd))"]
    assert rendered.problems == ()


def test_quarto_cell_divs_are_no_warning() -> None:
    rendered = render(':::: {.cell execution_count="1"}\n```python\nprint(1)\n```\n\n'
                      "::: {.cell-output .cell-output-stdout}\n    1\n:::\n::::\n")
    page = parse_html(rendered.html)
    assert [d.attrs["class"] for d in page.find_all("div") if "cell" in d.attrs.get(
        "class", "")] == ["cell", "cell-output cell-output-stdout"]
    assert rendered.problems == ()


def test_a_fence_that_closes_no_block_is_reported_at_its_line() -> None:
    """Pandoc nests divs with fences of the same length; Lanting's blocks need a longer
    fence outside, so the last `:::` was printed without a word."""
    rendered = render("::: {.columns}\n::: {.column}\n左\n:::\n:::\n")
    assert [(p.line, p.severity) for p in rendered.problems] == [(8, "warning")]
    assert "`:::` closes no block" in rendered.problems[0].message


def test_a_hackmd_tags_line_is_reported_with_the_tags_to_write() -> None:
    rendered = render("正文。\n\n###### tags: `扩散模型` `读书会`\n")
    [problem] = rendered.problems
    assert problem.line == 6 and problem.severity == "warning"
    assert problem.hint is not None and "`tags: [扩散模型, 读书会]`" in problem.hint


def test_a_word_and_two_colons_alone_is_kept() -> None:
    rendered = render("用法如下\nUsage::\n\n    run it\n")
    assert "Usage::" in parse_html(rendered.html).text()


def test_an_item_whose_text_was_all_left_out_shows_no_empty_bullet() -> None:
    rendered = render("- 想法\n- collapsed:: true\n- {{query (todo now)}}\n-\n- 结论\n\n"
                      "- id:: 0a1b2c3d-0000-4000-8000-00000000abcd\n")
    items = [li.text().strip() for li in parse_html(rendered.html).find_all("li")]
    assert items == ["想法", "", "结论"]  # (`-` written empty stays)
    assert len(parse_html(rendered.html).find_all("ul")) == 1


def test_a_zhihu_display_formula_is_a_display() -> None:
    """Zhihu marks a display formula by ending its TeX with `\\\\`: alone in its paragraph
    (or an `<img eeimg>` on its own line, which was left an image of Zhihu's with a "TeX
    left" warning) it was drawn at the size of the text."""
    text = ("前文 ![[公式]](https://www.zhihu.com/equation?tex=x%5E2) 后文。\n\n"
            "![[公式]](https://www.zhihu.com/equation?tex=E%3Dmc%5E2%5C%5C)\n\n"
            '<img src="https://www.zhihu.com/equation?tex=%5Csum_i+x_i%5C%5C" '
            'alt="\\sum_i x_i\\\\" eeimg="1">\n')
    rendered = render(text)
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert [m.get("display") for m in doc.find_all("math")] == [None, "block", "block"]
    assert doc.find("img") is None
