"""The embeds of HackMD, Logseq and SiYuan on a line of their own (`markdown/embeds.py`):
printed as text with a warning about Liquid, or without a word."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=4, base_path="/")


def render(text: str) -> RenderedMarkdown:
    return render_markdown(text, CONTEXT, MarkdownOptions())


def test_hackmd_embeds_lanting_cannot_show_are_a_link_and_a_warning() -> None:
    rendered = render("幻灯片：\n\n{%slideshare someone/some-talk %}\n\n"
                      "{%vimeo 76979871 %}\n")
    links = [a.attrs["href"] for a in parse_html(rendered.html).find_all("a")]
    assert links == ["https://www.slideshare.net/someone/some-talk",
                     "https://vimeo.com/76979871"]
    assert [(p.line, p.severity) for p in rendered.problems] == [(6, "warning"),
                                                                 (8, "warning")]
    assert "{%slideshare someone/some-talk %}" in rendered.problems[0].message


def test_logseq_macros_are_reported_at_their_lines() -> None:
    rendered = render("- 笔记\n\t- {{embed [[实验记录]]}}\n"
                      "\t- {{embed ((0a1b2c3d-0000-4000-8000-00000000abcd))}}\n"
                      "\t- {{query (todo now)}}\n\t- {{renderer :tocgen}}\n"
                      "\t- {{tweet https://twitter.com/someone/status/1}}\n")
    assert [p.line for p in rendered.problems] == [5, 6, 7, 9]
    assert all(p.severity == "warning" for p in rendered.problems)
    page = parse_html(rendered.html)
    assert "{{" not in page.text()
    assert [link.target for link in rendered.links] == ["posts/实验记录.md", None]
    assert [a.attrs["href"] for a in page.find_all("a")][1:] == [
        "https://twitter.com/someone/status/1"]


def test_a_macro_inside_a_code_block_is_code() -> None:
    rendered = render("```\n{{embed [[x]]}}\n{%youtube dQw4w9WgXcQ %}\n```\n")
    assert rendered.problems == ()
    assert "{{embed [[x]]}}" in parse_html(rendered.html).find("code").text()
