"""Markdown that drops text, or shows it as written, because what it names is missing is a
warning at its line: extra table cells, footnotes never referenced or never defined, and
reference links to labels no line defines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html as parse

from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext


def rendered(text: str) -> tuple[str, list[tuple[int | None, str]]]:
    result = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"), "posts/a.md",
                                                 body_line=5))
    assert all(p.severity == "warning" for p in result.problems)
    return result.html, [(p.line, p.message) for p in result.problems]


def test_a_row_with_more_cells_than_its_header_names_what_is_lost() -> None:
    html, problems = rendered("| 方法 | 显存 |\n|---|---|\n| ZeRO-3 | 低 | 通信多 |\n"
                              "| DDP | 高 |\n")
    assert problems == [(7, "a table row has 3 cells, its header 2: `通信多` is not shown")]
    assert "通信多" not in parse(html).text()  # (what GFM does: the warning says so)


def test_a_bar_in_a_code_span_ends_the_cell_too() -> None:
    _, problems = rendered("| flag | use |\n|---|---|\n| `a|b` | 或 |\n")
    assert problems == [(7, "a table row has 3 cells, its header 2: `或` is not shown")]


@pytest.mark.parametrize("table", [
    "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n",  # fewer cells: filled with empty ones
    "| a | b |\n|---|---|\n| 1 | 2 | |\n",  # an empty extra cell loses nothing
    "| a | b |\n|---|---|\n| x \\| y | 2 |\n",  # an escaped bar is text
    "a | b\n--|--\n1 | 2\n",  # no outer bars
])
def test_rows_that_lose_nothing_are_not_reported(table: str) -> None:
    assert rendered(table)[1] == []


def test_a_nested_table_is_checked_at_its_own_line() -> None:
    _, problems = rendered("- 列表\n\n  | a | b |\n  |---|---|\n  | 1 | 2 | 3 |\n\n"
                           "> | a |\n> |---|\n> | 1 | 2 |\n")
    assert [line for line, _ in problems] == [9, 13]


def test_a_bar_in_a_formula_is_reported_once_by_its_own_check() -> None:
    _, problems = rendered("| a | b |\n|---|---|\n| $|x|$ | 2 |\n")
    assert len(problems) == 1 and "inside a formula" in problems[0][1]


def test_a_myst_list_table_is_no_gfm_table() -> None:
    text = ("```{list-table}\n:header-rows: 1\n\n* - 名称\n  - 说明\n* - a | b\n  - c\n```\n")
    assert not [m for _, m in rendered(text)[1] if "table row" in m]


def test_a_footnote_never_referenced_is_reported_at_its_definition() -> None:
    html, problems = rendered("正文[^used]。\n\n[^used]: 用到的。\n\n[^lost]: 没人引用的注释。\n")
    assert problems == [(9, "footnote `[^lost]` is never referenced, so its text is not "
                            "shown")]
    assert "没人引用" not in parse(html).text()


def test_a_footnote_reference_without_a_definition_is_reported() -> None:
    html, problems = rendered("第一行\n第二行[^missing]。\n")
    assert problems == [(6, "footnote `[^missing]` is not defined, so it is shown as "
                            "written")]
    assert "[^missing]" in parse(html).text()


def test_a_reference_link_to_an_undefined_label_is_reported() -> None:
    html, problems = rendered("见 [论文][ppo] 和 [博客][]。\n\n[ppo]: https://arxiv.org/abs/1707.06347\n"
                              "\n另见 [综述][survey]。\n")
    assert problems == [
        (5, "link `[博客][]`: no `[博客]: …` line defines its address, so it is shown as "
            "written"),
        (9, "link `[综述][survey]`: no `[survey]: …` line defines its address, so it is "
            "shown as written")]
    links = parse(html).find_all("a")
    assert [a.get("href") for a in links] == ["https://arxiv.org/abs/1707.06347"]


def test_a_footnote_defined_twice_names_both_lines() -> None:
    html, problems = rendered("正文[^1]。\n\n[^1]: 第一版。\n\n[^1]: 第二版。\n")
    assert problems == [(9, "footnote `[^1]` is defined again (first on line 7): the text "
                            "defined last is shown, the other is lost")]
    assert "第一版" not in parse(html).text()


def test_a_link_label_defined_twice_with_another_address() -> None:
    html, problems = rendered("[论文][PPO]\n\n[ppo]: https://a.org\n[PPO]: https://b.org\n"
                              "[ppo]: https://a.org\n")
    assert problems == [(8, "link label `[PPO]` is defined again (first on line 7): links "
                            "use the first address, `https://a.org`, and this one is "
                            "ignored")]  # (the same address again loses nothing)
    assert parse(html).one("a").get("href") == "https://a.org"


def test_a_code_fence_never_closed_says_how_much_became_code() -> None:
    html, problems = rendered("# 标题\n\n```python\nx = 1\n\n## 后面的标题\n\n正文。\n")
    assert problems == [(7, "a code block opened with ``` is never closed: the 5 lines "
                            "after it are shown as code")]
    assert parse(html).find("h2") is None  # (what CommonMark does: the warning says so)
    assert rendered("正文\n\n~~~~\n")[1] == [
        (7, "a code block opened with ~~~~ is never closed: an empty one is shown")]


def test_a_fence_in_a_list_item_ends_with_the_item_unclosed() -> None:
    _, problems = rendered("- 第一项\n\n  ```bash\n  ls\n- 第二项\n")
    assert problems == [(7, "a code block opened with ``` is never closed: the line after "
                            "it is shown as code")]


@pytest.mark.parametrize("text", [
    "```\ncode\n```\n", "````md\n```\ninner\n```\n````\n", "> ```\n> x\n> ```\n",
    "```\ncode\n  ```   \n", "~~~\ncode\n~~~~~\n", "- a\n\n  ```\n  x\n  ```\n",
])
def test_closed_fences_are_not_reported(text: str) -> None:
    assert rendered(text)[1] == []


@pytest.mark.parametrize("text", [
    "A lone [bracket] in prose, [1] a citation number, - [ ] no task.\n",
    "Indexing x[i][j] and a[0][1] in prose.\n",
    "经典的“原罪”[3][14]。也见 [1, 2][5–7]。\n",  # citation numbers
    "Code `[a][b]` and `[^1]`, escaped \\[a][b] and \\[^1].\n",
    "Math $x[^2][a][b]$ is math.\n",
    "```\n[a][b] [^1]\n```\n",
    "Labels match whatever their case: [a][B].\n\n[b]: /x\n",
    "A footnote used twice[^n] and again[^n].\n\n[^n]: 注。\n",
])
def test_what_renders_as_meant_is_not_reported(text: str) -> None:
    assert rendered(text)[1] == []


def test_lanting_check_reports_them_with_file_and_line(
        make_site: Callable[..., Path], run_cli: Callable[..., tuple[int, str, str]]) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                                            "| a | b |\n|---|---|\n| 1 | 2 | 3 |\n\n"
                                            "See [x][nowhere].\n"})
    code, out, err = run_cli("check", site)
    assert code == 0
    assert "content/posts/a.md:8: warning: a table row has 3 cells, its header 2: `3` is " \
           "not shown" in err
    assert "content/posts/a.md:10: warning: link `[x][nowhere]`: no `[nowhere]: …` line " \
           "defines its address" in err
    assert "2 warnings" in out
