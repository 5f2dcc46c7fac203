"""`[markdown] heading_ids`: Lanting's ids, or GitHub's (kramdown GFM, Hugo) for links
written for an old site."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.markdown.anchors import github_slug
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext


def ids(text: str, style: str) -> list[str]:
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"), "posts/a.md"),
                               MarkdownOptions(heading_ids=style))
    return [h.id for h in rendered.headings]


@pytest.mark.parametrize(("heading", "lanting", "github"), [
    ("a_b -- c", "a-b-c", "a_b----c"),
    ("为什么需要多卡？", "为什么需要多卡", "为什么需要多卡"),
    ("Ring AllReduce 与数据并行", "ring-allreduce-与数据并行", "ring-allreduce-与数据并行"),
    ("C++ & CUDA", "c-cuda", "c--cuda"),
    ("`nccl_debug` 变量", "nccl-debug-变量", "nccl_debug-变量"),
    ("1F1B 调度", "1f1b-调度", "1f1b-调度"),
    ("???", "section", "section"),
])
def test_both_styles(heading: str, lanting: str, github: str) -> None:
    assert ids(f"## {heading}\n", "lanting") == [lanting]
    assert ids(f"## {heading}\n", "github") == [github]


@pytest.mark.parametrize(("heading", "vitepress"), [
    ("1. 安装", "_1-安装"),
    ("安装（Linux）", "安装-linux"),
    ("为什么，怎么办", "为什么-怎么办"),
    ("Ring AllReduce 与数据并行", "ring-allreduce-与数据并行"),
    ("C++ & CUDA", "c-cuda"),
    ("a_b -- c", "a-b-c"),
    ("Déjà vu", "deja-vu"),
])
def test_vitepress_ids(heading: str, vitepress: str) -> None:
    """As @mdit-vue/shared's `slugify` (VitePress, VuePress 2) makes them: NFKD turns
    full-width punctuation into ASCII, which is a `-`; a leading digit gets `_`."""
    assert ids(f"## {heading}\n", "vitepress") == [vitepress]


@pytest.mark.parametrize(("heading", "docsify"), [
    ("1.1 梯度下降", "_11-梯度下降"),
    ("安装（Linux）", "安装（linux）"),
    ("附录：变量", "附录：变量"),
    ("C++ & CUDA", "c-amp-cuda"),
    ("What's new", "what39s-new"),
    ("`a<b` **or** \"c\"", "altb-or-quotcquot"),
    ("a_b -- c", "a_b-c"),
    ("What is it?", "what-is-it"),
])
def test_docsify_ids(heading: str, docsify: str) -> None:
    """As docsify's `slugify` makes them (what `?id=` links name): ASCII and general
    punctuation dropped, full-width kept, spaces one `-`, a leading digit gets `_`; of
    the HTML marked made of the heading, so `&` was `&amp;` (`c-amp-cuda`)."""
    assert ids(f"## {heading}\n", "docsify") == [docsify]


@pytest.mark.parametrize(("heading", "pandoc"), [
    ("A.1", "a.1"),
    ("3.2 Attention 机制", "attention-机制"),
    ("1 Introduction", "introduction"),
    ("v1.2 notes", "v1.2-notes"),
    ("附录：my_var?", "附录my_var"),
    ("Dogs?--in *my* house?", "dogs--in-my-house"),
    ("123", "section"),
])
def test_pandoc_ids(heading: str, pandoc: str) -> None:
    """As Pandoc's `auto_identifiers` make them (Quarto, R Markdown, hexo-renderer-pandoc):
    `.` and `_` kept, the words joined by `-`, all before the first letter dropped (the
    manual's own example among them)."""
    assert ids(f"## {heading}\n", "pandoc") == [pandoc]


@pytest.mark.parametrize(("heading", "uslug"), [
    ("（推荐）Xorg 启动", "推荐xorg-启动"),
    ("1.9 msg和srv介绍", "19-msg和srv介绍"),
    ("定理4（策略更新）", "定理4策略更新"),
    ("为什么、怎么办", "为什么-怎么办"),
    ("a_b -- c~d", "a_b-c~d"),
    ("C++ & CUDA", "c-cuda"),
    ("Ｆｕｌｌ ｗｉｄｔｈ", "full-width"),
])
def test_uslug_ids(heading: str, uslug: str) -> None:
    """As uslug makes them (markdown-it-toc-and-anchor's, which Hexo's markdown-it-plus
    and multi-markdown-it renderers turn on): NFKC, then letters, digits, `-_~` kept,
    `、` a space, runs of spaces and `-` one `-`, lower case."""
    assert ids(f"## {heading}\n", "uslug") == [uslug]


def test_uslug_ids_number_a_repeat_from_two() -> None:
    """markdown-it-toc-and-anchor named a heading's second use `例一-2` (its counter
    starts at 1 for the first), which links name; Lanting's `例一-1` left them dead."""
    assert ids("## 例一\n\n## 例一\n\n## 例一\n", "uslug") == ["例一", "例一-2", "例一-3"]
    assert ids("## 例一\n\n## 例一\n", "github") == ["例一", "例一-1"]


def test_a_formula_in_a_heading_is_its_tex_in_other_generators_ids() -> None:
    """GitHub, kramdown's GFM input, Pandoc made a heading's id of a formula's TeX as
    written (links to it were written so); Lanting's own ids read it (`λ`)."""
    heading = "## II. 重根 $\\lambda = -\\cfrac{a}{2}$\n"
    assert ids(heading, "github") == ["ii-重根-lambda---cfraca2"]
    assert ids(heading, "pandoc") == ["ii.-重根-lambda--cfraca2"]
    assert ids(heading, "lanting") != ids(heading, "github")
    assert "λ" in ids(heading, "lanting")[0]


def test_github_ids_are_unique_as_github_makes_them() -> None:
    assert ids("## A\n\n## A\n\n## A\n", "github") == ["a", "a-1", "a-2"]
    assert github_slug("Déjà vu") == "déjà-vu"


def test_the_setting_reaches_the_pages(make_site: Callable[..., Path],
                                       build_site: Callable[..., BuildResult]) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\n[search]\nenabled = false\n'
                        '[markdown]\nheading_ids = "github"\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n## a_b -- c\n\n"
                              "[x](#a_b----c)\n"})
    build_site(site)
    assert 'id="a_b----c"' in (site / "public/posts/a/index.html").read_text()


def test_an_unknown_style_is_a_config_error(make_site: Callable[..., Path],
                                            build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n[markdown]\nheading_ids = "gfm"\n'})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert info.value.problems[0].line == 3
    assert "unknown heading id style `gfm`" in info.value.problems[0].message
    assert "`pandoc`" in str(info.value.problems[0].hint)


@pytest.mark.parametrize("style", ["lanting", "github"])
def test_an_id_written_after_a_heading_is_its_id(style: str) -> None:
    """Pandoc, Quarto, Hugo and kramdown read `{#id}` after a heading; it was part of the
    heading's text and id (`introduction-sec-intro`), and `#sec-intro` links broke."""
    text = ("## Introduction {#sec-intro}\n\n## 方法 {#sec-method .unnumbered}\n\n"
            "## Plain {-}\n\n## Kram {: #k}\n\nSetext {#setext}\n---\n\n## Sets {a, b}\n")
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md"),
                               MarkdownOptions(heading_ids=style))
    assert [(h.id, h.text) for h in rendered.headings] == [
        ("sec-intro", "Introduction"), ("sec-method", "方法"), ("plain", "Plain"),
        ("k", "Kram"), ("setext", "Setext"),
        ("sets-a-b", "Sets {a, b}"), ]
    assert rendered.problems == ()



def test_a_heading_of_attributes_alone_is_empty() -> None:
    """Pandoc's empty heading, `# {.plain}` or `{}` over `===` (a deck's untitled slide),
    showed its braces as the title; a heading's `{…}` after text that reads as no
    attributes stays its text."""
    text = "# {.plain}\n\nOne.\n\n{}\n===\n\nTwo.\n\n## Sets {1, 2}\n"
    rendered = render_markdown(text, RenderContext(Path("/s/content/talks/a.md"),
                                                   "talks/a.md"))
    assert [h.text for h in rendered.headings] == ["", "", "Sets {1, 2}"]
    assert "{" not in rendered.html.split("<h2")[0]

QUARTO_SECTIONS = """Read @sec-method first; [@sec-method] and [-@sec:results] too.

## 方法 $\\alpha$ {#sec-method}

## Results {#sec:results .unnumbered}
"""


def test_quarto_section_references_link_to_their_heading() -> None:
    """Quarto's `@sec-x` (and pandoc-crossref's `@sec:x`) were printed as written, with no
    warning. Each links to its heading, the heading's title as its text (a reference may
    come before the heading), and the summary reads the title too."""
    from citebits import references
    from htmltree import parse_html

    bib = references("@article{vaswani2017, title={Attention}, author={Vaswani, A.}, "
                     "year={2017}}")
    context = RenderContext(Path("/s/content/posts/a.md"), "posts/a.md", body_line=4,
                            references=bib)
    rendered = render_markdown(QUARTO_SECTIONS, context, MarkdownOptions())
    assert rendered.problems == ()
    refs = [(a["href"], a.text()) for a in parse_html(rendered.html).find_all("a", class_="secref")]
    assert refs == [("#sec-method", "方法 α"), ("#sec-method", "方法 α"),
                    ("#sec:results", "Results")]
    assert rendered.excerpt == "Read 方法 α first; 方法 α and Results too."
    assert "@" not in parse_html(rendered.html).text()


def test_a_section_reference_to_no_heading_is_reported_at_its_line() -> None:
    rendered = render_markdown("# T\n\nSee\n@sec-missing.\n",
                               RenderContext(Path("/s/content/posts/a.md"), "posts/a.md",
                                             body_line=5), MarkdownOptions())
    [problem] = rendered.problems
    assert (problem.line, problem.message) == (7, "`@sec-missing` refers to no heading on "
                                                  "this page")
    assert problem.hint == "give the heading that id: `## Title {#sec-missing}`"
    assert "@sec-missing" in rendered.html
    # an e-mail address is no reference
    plain = render_markdown("Write to team@sec-ops.example.org.\n",
                            RenderContext(Path("/s/content/posts/a.md"), "posts/a.md"),
                            MarkdownOptions())
    assert plain.problems == () and "secref" not in plain.html


def test_an_id_glued_to_the_heading_is_its_id() -> None:
    """VuePress and VitePress (markdown-it-attrs) and Docusaurus read `## 标题{#id}` with no
    space before the braces; links to `#id` broke when it stayed in the text. A `{#1}`
    (a TeX argument) or an escaped brace stays text."""
    text = "### 3 并发模型{#concurrency}\n\n## Args {#1}x{#1}\n\n## Kept \\{#kept}\n"
    rendered = render_markdown(text, RenderContext(Path("/s/content/posts/a.md"),
                                                   "posts/a.md"), MarkdownOptions())
    assert [(h.id, h.text) for h in rendered.headings] == [
        ("concurrency", "3 并发模型"), ("args-1x1", "Args {#1}x{#1}"),
        ("kept-kept", "Kept {#kept}")]


@pytest.mark.parametrize(("heading", "anchor", "eleventy"), [
    ("Why, really?", "why,-really?", "why-really"),
    ("PyTorch & Déjà vu", "pytorch-&-déjà-vu", "pytorch-and-deja-vu"),
    ("Step 1:   Setup", "step-1:-setup", "step-1-setup"),
    ("APIs of `gradNorm`", "apis-of-gradnorm", "apis-of-gradnorm"),
    ("Über Straße", "über-straße", "ueber-strasse"),
    ("梯度 Descent", "梯度-descent", "descent"),
])
def test_markdown_it_anchor_and_eleventy_ids(heading: str, anchor: str, eleventy: str) -> None:
    """markdown-it-anchor's own ids (lower case, spaces `-`, the rest kept: it wrote them
    percent-encoded, which a browser decodes to find), and those of Eleventy's `slugify`
    filter, which Eleventy sites give it (@sindresorhus/slugify without `decamelize`:
    `&` as `and`, accents dropped, only ASCII letters and digits kept)."""
    assert ids(f"## {heading}\n", "markdown-it-anchor") == [anchor]
    assert ids(f"## {heading}\n", "eleventy") == [eleventy]


@pytest.mark.parametrize(("heading", "npm", "strict", "sindresorhus"), [
    ("C++ & CUDA: a tour", "c++-and-cuda:-a-tour", "c-and-cuda-a-tour", "c-and-cuda-a-tour"),
    ("PyTorch’s Déjà vu", "pytorch's-deja-vu", "pytorchs-deja-vu", "py-torch-s-deja-vu"),
    ("GPUs, 显存 and λ", "gpus-and-l", "gpus-and-l", "gpus-and"),
    ("Over   50% off", "over-50percent-off", "over-50percent-off", "over-50-off"),
])
def test_the_javascript_slug_packages_ids(heading: str, npm: str, strict: str,
                                          sindresorhus: str) -> None:
    """The npm `slugify` package's ids, as Eleventy sites call it (`lower: true`, with
    `strict: true` or not: symbols read as words, ASCII punctuation kept unless strict,
    other scripts dropped), and @sindresorhus/slugify's by default (camel case split)."""
    assert ids(f"## {heading}\n", "slugify") == [npm]
    assert ids(f"## {heading}\n", "slugify-strict") == [strict]
    assert ids(f"## {heading}\n", "sindresorhus") == [sindresorhus]
