"""A front matter `summary` is Markdown, as Hugo's is: lists show its formulas as MathML,
its emphasis, code and links (a link to a post's file goes to the post's URL); meta
descriptions and feeds get its text with formulas readable. What a list cannot show in
a paragraph (a list, HTML) is a warning at the summary's line, never raw markup
silently shipped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sitebits import meta, read

from lanting.errors import LantingError
from lanting.markdown.render import render_summary
from lanting.model.markdown import RenderContext

RICH = r"用 $\pi_\theta$ 和 **PPO** 训练，见 [论文](https://arxiv.org/abs/1707.06347) 与 `vllm`"


def _site(make_site: Callable[..., Path], summary: str, **extra: str) -> Path:
    return make_site({
        "content/_index.md": "---\ntitle: Me\n---\nHi.\n",
        "content/posts/a.md": f"---\ntitle: A\ndate: 2026-01-02\nsummary: '{summary}'\n---\n"
                              "正文第一段。\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-01\n---\n第二篇。\n",
        **extra,
    })


def _summary(out: Path, page: str = "blog/index.html", post: str = "/posts/a/") -> Any:
    doc = read(out, page)
    entry = next(a for a in doc.find_all("article")
                 if any(x.get("href") == post for x in a.find_all("a")))
    return entry.one("p", class_="summary")


def test_lists_show_the_summary_rendered(make_site: Callable[..., Path],
                                         build_site: Callable[..., Any]) -> None:
    site = _site(make_site, RICH)
    result = build_site(site, site / "public")
    assert result.warnings == ()
    for page in ("blog/index.html", "index.html"):
        summary = _summary(site / "public", page)
        assert summary.one("math").text() == "πθ"
        assert summary.one("strong").text() == "PPO"
        assert summary.one("code").text() == "vllm"
        assert summary.one("a")["href"] == "https://arxiv.org/abs/1707.06347"
        assert "$" not in summary.text() and "**" not in summary.text()


def test_descriptions_and_feeds_get_its_text(make_site: Callable[..., Path],
                                             build_site: Callable[..., Any]) -> None:
    site = _site(make_site, RICH)
    build_site(site, site / "public")
    expected = "用 π_θ 和 PPO 训练，见 论文 与 vllm"
    assert meta(read(site / "public", "posts/a/index.html"), "description") == [expected]
    feed = (site / "public" / "atom.xml").read_text(encoding="utf-8")
    assert f"<summary>{expected}</summary>" in feed


def test_a_link_to_a_post_file_goes_to_its_url(make_site: Callable[..., Path],
                                               build_site: Callable[..., Any]) -> None:
    site = _site(make_site, "续 [上一篇](b.md)")
    build_site(site, site / "public")
    assert _summary(site / "public").one("a")["href"] == "/posts/b/"


def test_a_broken_link_in_it_is_an_error_at_its_line(
        make_site: Callable[..., Path], build_site: Callable[..., Any]) -> None:
    site = _site(make_site, "见 [旧文](gone.md)")
    with pytest.raises(LantingError) as info:
        build_site(site, site / "public")
    [problem] = [p for p in info.value.problems if "gone.md" in p.message]
    assert problem.path == site / "content/posts/a.md" and problem.line == 4


def test_bad_latex_in_it_is_an_error_at_its_line(
        make_site: Callable[..., Path], build_site: Callable[..., Any]) -> None:
    site = _site(make_site, r"损失 $\frac{1}{$ 很大")
    with pytest.raises(LantingError) as info:
        build_site(site, site / "public")
    [problem] = info.value.problems
    assert problem.path == site / "content/posts/a.md" and problem.line == 4
    assert problem.message.startswith("math:")


def test_a_summary_with_a_list_is_text_with_a_warning() -> None:
    result = render_summary("- 第一\n- 第二\n", RenderContext(Path("a.md"), "a.md", body_line=4))
    assert result.html == "第一 第二" and result.excerpt == "第一 第二"
    [problem] = result.problems
    assert (problem.line, problem.severity) == (4, "warning")
    assert "one paragraph" in (problem.hint or "")


@pytest.mark.parametrize(("text", "warned"), [
    ("<b>粗</b> 与细", True),
    ("换行<br>之后", True),
    ("`<b>` 是加粗标签", False),  # in code: meant as text
    ("Java 的 Set<Integer>", False),  # not HTML: shown as meant
])
def test_html_in_it_is_shown_as_text_with_a_warning(text: str, warned: bool) -> None:
    result = render_summary(text, RenderContext(Path("a.md"), "a.md", body_line=3))
    assert "<b>" not in result.html and "<br>" not in result.html
    assert [p.line for p in result.problems] == ([3] if warned else [])


def test_paragraphs_join_into_one() -> None:
    result = render_summary("一段 *斜*。\n\n二段。", RenderContext(Path("a.md"), "a.md"))
    assert result.html == "一段 <em>斜</em>。 二段。" and result.problems == ()


def test_a_talks_summary_is_rendered_too(make_site: Callable[..., Path],
                                         build_site: Callable[..., Any]) -> None:
    site = make_site({"content/talks/t.md": "---\ntitle: T\ndate: 2026-01-01\n"
                      "summary: 在 [ACL](https://aclweb.org/) 讲 **$O(n)$** 注意力\n"
                      "---\n## 第一页\n"})
    build_site(site, site / "public")
    for page in ("talks/index.html", "talks/t/index.html"):
        summary = read(site / "public", page).one("p", class_="summary")
        assert summary.one("a")["href"] == "https://aclweb.org/"
        assert summary.one("strong").one("math").text() == "O(n)"
    assert meta(read(site / "public", "talks/t/index.html"), "description") == [
        "在 ACL 讲 O(n) 注意力"]


def test_a_citation_in_it_is_cited_in_place(make_site: Callable[..., Path],
                                            build_site: Callable[..., Any]) -> None:
    """`复现 DDPM [@ho2020]` in a summary brought the post's reference list along: the
    summary was "more than a paragraph", a warning, and the citation was dropped."""
    site = _site(make_site, "复现 DDPM [@ho2020] 的去噪过程", **{
        "content/references.bib": "@article{ho2020, title={Denoising Diffusion}, "
                                  "author={Ho, Jonathan}, year={2020}, journal={NeurIPS}, "
                                  "url={https://arxiv.org/abs/2006.11239}}\n"})
    result = build_site(site, site / "public")
    assert result.warnings == ()
    cited = _summary(site / "public").one("a", class_="cite-link")
    assert (cited["href"], cited.text()) == ("https://arxiv.org/abs/2006.11239", "Ho，2020")
