"""Citation styles on entries without authors (software, manuals, anonymous works): the
title leads in APA, IEEE-like numeric keeps one comma, GB/T 7714 著者-出版年 writes
"Anon"/"佚名" (as the standard has it), in the list and in the text."""

from __future__ import annotations

import re

import pytest
from citebits import references

from lanting.markdown.citestyles import entry_html, short_authors

BIB = r"""@misc{pytorch, title = {PyTorch Documentation}, year = 2024,
  url = {https://docs.pytorch.org/}}
@inproceedings{anon, title = {Anonymous Paper}, booktitle = {Workshop}, year = 2023}
@book{zhbook, title = {深度学习}, year = 2017, publisher = {人民邮电出版社}}
"""
REFS = references(BIB)


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize(("style", "expected"), [
    ("apa", ["PyTorch Documentation. (2024). https://docs.pytorch.org/",
             "Anonymous Paper. (2023). In Workshop.", "深度学习. (2017). 人民邮电出版社."]),
    ("author-year", ["PyTorch Documentation. (2024). https://docs.pytorch.org/",
                     "Anonymous Paper. (2023). In Workshop.",
                     "深度学习. (2017). 人民邮电出版社."]),
    ("numeric", ["“PyTorch Documentation,” 2024.", "“Anonymous Paper,” in Workshop, 2023.",
                 "深度学习, 人民邮电出版社, 2017."]),
    ("gbt7714-numeric", ["PyTorch Documentation[EB/OL]. 2024. https://docs.pytorch.org/.",
                         "Anonymous Paper[C]//Workshop. 2023.",
                         "深度学习[M]. 人民邮电出版社, 2017."]),
    ("gbt7714-author-year", [
        "Anon, 2024. PyTorch Documentation[EB/OL]. https://docs.pytorch.org/.",
        "Anon, 2023. Anonymous Paper[C]//Workshop.", "佚名, 2017. 深度学习[M]. 人民邮电出版社."]),
])
def test_entries_without_authors(style: str, expected: list[str]) -> None:
    assert [text(entry_html(REFS[key], style)) for key in ("pytorch", "anon", "zhbook")] \
        == expected


def test_in_text_an_entry_without_authors_is_named_by_its_title_or_anon() -> None:
    assert short_authors(REFS["pytorch"], "apa", "en") == "PyTorch Documentation"
    assert short_authors(REFS["pytorch"], "gbt7714-author-year", "zh-CN") == "Anon"
    assert short_authors(REFS["zhbook"], "gbt7714-author-year", "en") == "佚名"


LINKED = references(r"""@misc{local, title = {Slides}, year = 2024, url = {/files/slides.pdf}}
@article{bare, title = {Paper}, journal = {J}, year = 2020, doi = {10.1000/xyz}}
@article{both, title = {Both}, journal = {J}, year = 2021, doi = {https://doi.org/10.1/b},
  url = {https://example.org/both}}
""")


@pytest.mark.parametrize("style", ["apa", "author-year"])
def test_a_url_is_linked_as_it_is_and_only_a_doi_goes_through_doi_org(style: str) -> None:
    """A site-relative `url` (a PDF beside the page, a post's address on a site without
    `base_url`) is not a DOI: it was linked as `https://doi.org//files/slides.pdf`."""
    hrefs = {key: set(re.findall(r'href="([^"]+)"', entry_html(LINKED[key], style)))
             for key in ("local", "bare", "both")}
    assert hrefs == {"local": {"/files/slides.pdf"}, "bare": {"https://doi.org/10.1000/xyz"},
                     "both": {"https://doi.org/10.1/b"}}


PAPERS = references(r"""@inproceedings{ho2020, title = {Denoising Diffusion}, year = 2020,
  author = {Ho, Jonathan and Jain, Ajay and Abbeel, Pieter}, booktitle = {NeurIPS}}
""")


def _cited(text: str, style: str, lang: str = "en") -> tuple[str, list[str]]:
    from dataclasses import replace as change
    from pathlib import Path

    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import MarkdownOptions, RenderContext

    context = change(RenderContext(Path("/s/content/posts/a.md"), "posts/a.md",
                                   lang=lang), references=PAPERS, citation_style=style)
    rendered = render_markdown(text, context, MarkdownOptions(cjk_spacing=False))
    first = rendered.html.split("\n", 1)[0]
    return re.sub(r'<span class="cite-preview".*?</span></span>', "", first), [
        p.message for p in rendered.problems]


@pytest.mark.parametrize(("style", "lang", "expected"), [
    ("author-year", "en", "As Ho et al. (2020) showed, and (2020) too; mail a@ho2020.org."),
    # (full-width brackets carry their own space; an English entry keeps "et al.")
    ("author-year", "zh-CN", "As Ho et al.（2020）showed, and（2020）too; mail a@ho2020.org."),
    ("numeric", "en", "As Ho et al. [1] showed, and [1] too; mail a@ho2020.org."),
])
def test_pandoc_citations_in_the_text_and_without_author(style: str, lang: str,
                                                         expected: str) -> None:
    """`@key` in the running text and `[-@key]` were left as raw text."""
    html, problems = _cited("As @ho2020 showed, and [-@ho2020] too; mail a@ho2020.org.\n",
                            style, lang)
    assert text(html).removeprefix("<p>") == expected and problems == []


def test_a_citation_leaves_no_space_in_the_summary() -> None:
    """The summary leaves citations out; their spaces stayed: "逐步去噪 。"."""
    from dataclasses import replace as change
    from pathlib import Path

    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import MarkdownOptions, RenderContext

    context = change(RenderContext(Path("/s/content/posts/a.md"), "posts/a.md"),
                     references=PAPERS)
    rendered = render_markdown("扩散模型逐步去噪 [@ho2020]。后文 [@ho2020] and more.\n",
                               context, MarkdownOptions(cjk_spacing=False))
    assert rendered.excerpt == "扩散模型逐步去噪。后文 and more."
    # a citation in the running text is part of the sentence, so of the summary too
    rendered = render_markdown("As @ho2020 showed, denoising works.\n",
                               change(context, lang="en"), MarkdownOptions(cjk_spacing=False))
    assert rendered.excerpt == "As Ho et al. (2020) showed, denoising works."


def test_a_title_ending_in_a_question_and_a_venue_ending_in_a_comma() -> None:
    """"Is It Complete?." and al-folio's `journal={Phys. Rev.,}` as "Phys. Rev.,,"."""
    ref = references(r"""@article{a, title={Is It Complete?}, author={Einstein, A.},
      journal={Phys. Rev.,}, volume={47}, number={10}, pages={777--780}, year={1935}}""")["a"]
    assert text(entry_html(ref, "apa")) == \
        "Einstein, A. (1935). Is It Complete? Phys. Rev., 47(10), 777–780."
    assert ",," not in text(entry_html(ref, "gbt7714-numeric"))
