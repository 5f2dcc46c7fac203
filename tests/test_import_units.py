"""The importer's pieces one by one: dates, names, categories, URLs of old sites, body
conversions, BibTeX, front matter written back."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanting.importer import academicpages as AP
from lanting.importer import academicpages_citations as APC
from lanting.importer import academicpages_talks as APT
from lanting.importer import body as B
from lanting.importer import kramdown as K
from lanting.importer.bibtex import dump, parse
from lanting.importer.body_links import map_urls
from lanting.importer.body_math import (
    shelve_environments,
    text_underscores,
    unescape_marked_math,
)
from lanting.importer.body_parentheses import escaped_parentheses
from lanting.importer.common import prose_raw
from lanting.importer.hexo_front import hierarchies
from lanting.importer.hugo_urls import hugo_path
from lanting.importer.hugoblox_home import education_line
from lanting.importer.hugoblox_links import PageLink, publication_field
from lanting.importer.hugoblox_publications import same_title
from lanting.importer.item import Item
from lanting.importer.jekyll_math import dollar_inline_math
from lanting.importer.linebreaks import hard_breaks
from lanting.importer.liquid import Context, blocks
from lanting.importer.listings import Redirects, jekyll_slugify, term_urls
from lanting.importer.percent_lines import shown_percent_lines
from lanting.importer.report import Report
from lanting.importer.serialize import dump_front_matter, dump_toml
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language
from lanting.importer.text import (
    load_mapping,
    names,
    parse_when,
    raw_value,
    split_front_matter,
    zone,
)
from lanting.model.names import hexo_slugize

SHANGHAI = zone("Asia/Shanghai")


@pytest.mark.parametrize(("written", "expected"), [
    ("2023-09-12 21:05:00 +0800", "2023-09-12T21:05:00+08:00"),
    ("2024-02-10 21:30:00+0800", "2024-02-10T21:30:00+08:00"),
    ("2024-03-01T00:30:00Z", "2024-03-01T00:30:00Z"),
    ("2023-06-18 22:14:05", "2023-06-18T22:14:05+08:00"),  # in the site's zone
    ("2024-01-05", "2024-01-05"),
    # Hexo's `new Date` took slashes: they were read as no date (the file's mtime)
    ("2024/01/05 10:00:00", "2024-01-05T10:00:00+08:00"), ("2024/1/5", "2024-01-05"),
    ("2024/01/05 10:00 +0900", "2024-01-05T10:00:00+09:00"),
    # a second (or minute) of one digit, typed by hand (a 2016 Hexo post): `new Date`
    # took it; it was read as no date
    ("2016-11-05 11:54:5", "2016-11-05T11:54:05+08:00"),
    ("2016-11-05 9:5", "2016-11-05T09:05:00+08:00"),
])
def test_dates_keep_the_offset_they_were_written_with(written: str, expected: str) -> None:
    when = parse_when(None, written, SHANGHAI)
    assert when is not None and when.text() == expected


def test_a_date_of_old_urls_is_the_day_in_the_sites_zone() -> None:
    when = parse_when(None, "2024-03-01 00:30:00 +0800", SHANGHAI)
    assert when is not None
    assert when.in_zone(dt.UTC).date() == dt.date(2024, 2, 29)


def test_raw_value_reads_the_offset_yaml_would_lose() -> None:
    head = "title: x\ndate: 2023-09-12 21:05:00 +0800 # comment\n"
    assert raw_value(head, "date") == "2023-09-12 21:05:00 +0800"


def test_tags_in_every_shape() -> None:
    assert names("ppo rl value", split_spaces=True) == ["ppo", "rl", "value"]
    assert names("ML Systems") == ["ML Systems"]
    assert names(["a", ["b", "c"]]) == ["a", "b", "c"]
    assert names(None) == []


def test_hexo_categories_are_hierarchies_and_their_leaves_are_kept() -> None:
    assert hierarchies("技术") == [["技术"]]
    assert hierarchies(["技术", "强化学习"]) == [["技术", "强化学习"]]  # one hierarchy
    assert hierarchies([["技术", "框架源码"], ["笔记"]]) == [["技术", "框架源码"], ["笔记"]]
    assert hierarchies([["技术", "深度学习"], "笔记"]) == [["技术", "深度学习"], ["笔记"]]


def test_hugo_paths_as_hugo_sanitizes_them() -> None:
    assert hugo_path("Megatron 张量并行：列切分与行切分") == "megatron-张量并行列切分与行切分"
    assert hugo_path("Pipeline-Bubbles") == "pipeline-bubbles"
    assert hugo_path("Pipeline-Bubbles", lower=False) == "Pipeline-Bubbles"
    # (a dash between spaces is one `-`: a talk's title, "MSPTDfast - An …", was linked
    # at /talk/msptdfast-an-…/, and its redirect was made at `msptdfast---an-…`)
    assert hugo_path("Fast - An Efficient: Beat ") == "fast-an-efficient-beat"
    assert hugo_path("  Fast -- Slow - ") == "fast--slow-"
    assert hugo_path("A : B") == "a-b"


def test_split_front_matter_of_each_format() -> None:
    assert split_front_matter("---\na: 1\n---\nbody\n")[:3] == ("yaml", "a: 1", "body\n")
    assert split_front_matter("+++\na = 1\n+++\nbody")[:3] == ("toml", "a = 1", "body")
    assert split_front_matter("---\na: 1\n...\nbody\n")[:3] == ("yaml", "a: 1", "body\n")
    fmt, head, text, _line = split_front_matter('{"a": 1}\nbody')
    assert (fmt, head, text) == ("json", '{"a": 1}', "body")
    assert split_front_matter("no front matter")[0] == ""


def test_front_matter_written_back_reads_as_yaml() -> None:
    from ruamel.yaml import YAML

    front = {"title": "GAE：广义优势估计", "tags": ["a: b", "true"], "draft": True,
             "summary": "x #y", "params": {"hidden": True}, "empty": []}
    text = dump_front_matter(front)
    data = YAML(typ="safe", pure=True).load(text.strip("-\n"))
    assert data == {"title": "GAE：广义优势估计", "tags": ["a: b", "true"], "draft": True,
                    "summary": "x #y", "params": {"hidden": True}}


@settings(max_examples=300, deadline=None)
def _between_fences(text: str) -> str:
    """The YAML of a `---` … `---` block (not `strip("-")`, which ate a value's `-`)."""
    assert text.startswith("---\n") and text.endswith("\n---\n")
    return text[4:-4]


@pytest.mark.parametrize("text", ["1_000", "0o7", "0-", "1-"])
def test_texts_yaml_would_read_as_numbers_are_quoted(text: str) -> None:
    """ruamel reads `1_000` and `0o7` written plain as integers (a tag `1_000` came back
    as `1000`); `0-` stays text."""
    from ruamel.yaml import YAML

    written = dump_front_matter({"tags": [text], "slug": text})
    assert YAML(typ="safe", pure=True).load(_between_fences(written)) == {
        "tags": [text], "slug": text}


# (its nested lists of text are slow to draw: on a loaded 2-core machine Hypothesis'
# health check failed the test on generation time alone, which says nothing of the code)
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(
    st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True),
    st.one_of(st.text(max_size=20), st.lists(st.text(max_size=12), max_size=5),
              st.booleans(), st.integers()),
    max_size=5))
def test_any_front_matter_written_back_reads_the_same(front: dict[str, Any]) -> None:
    """A tag `C++,` (Jekyll split `tags: \\[C, C++, inline]` at spaces) was written
    unquoted into `[…]`, where a comma ends an item: the new site's front matter was not
    YAML, and `a, b` would have become two tags. (So were a text ending in a line break
    and one whose lines a literal block changes, and the characters YAML refuses.)"""
    from ruamel.yaml import YAML

    text = dump_front_matter(front)
    data = YAML(typ="safe", pure=True).load(_between_fences(text)) or {}
    kept = {k: v for k, v in front.items() if v not in (None, [], {}, "")}
    assert data == kept


def test_toml_written_back_reads_as_toml() -> None:
    import tomllib

    config = {"title": 'A "quoted" title', "menu": [{"name": "Blog", "url": "/blog/"}],
              "profile": {"name": "程澈", "links": [{"kind": "github", "url": "https://x"}]}}
    assert tomllib.loads(dump_toml(config)) == config


# --- bodies ---------------------------------------------------------------------------


def test_kramdown_math_inline_display_and_dollars() -> None:
    shelf = Shelf()
    text = "cost $3 and $$x^2$$ inline\n\n$$\ny = 1\n$$\n"
    out, inline, dollars = K.kramdown_math(text, shelf)
    out = shelf.restore(out)
    assert out == "cost \\$3 and $x^2$ inline\n\n$$\ny = 1\n$$\n"
    assert (inline, dollars) == (1, 1)


def test_titles_name_one_paper_whatever_their_braces_and_case() -> None:
    assert same_title("{FlashAttention}: Fast and Memory-Efficient Exact Attention with {IO}"
                      "-Awareness", "FlashAttention: fast and memory-efficient exact attention")
    assert not same_title("An example conference paper",
                          "Offloading the KV Cache to Host Memory for Long-Context Serving")

@pytest.mark.parametrize(("language", "expected"), [
    ("zh-CN", "- **ZeRO-1**：切分优化器状态\n"),
    ("en", "- **ZeRO-1**: shards the optimizer states\n"),
])
def test_definition_lists_take_the_sites_colon(language: str, expected: str) -> None:
    text = "ZeRO-1\n: " + expected.split("**", 2)[2].lstrip("：: ")
    assert K.definition_lists(text, language) == (expected, 1)

def test_the_language_of_posts_is_guessed_from_their_prose() -> None:
    chinese = "我们在 8 卡 A100 上用 FSDP 训练 Llama-3-8B，显存占用下降了一半。\n"
    code = "```python\nfor step in range(1000):\n    loss = model(batch).loss\n```\n"
    english = "We train Llama-3-8B with FSDP on 8 A100s (显存 is memory) and halve it.\n"
    assert guess_language([chinese + code * 20]) == "zh-CN"  # code is not prose
    assert guess_language([english, english + code]) == "en"
    assert guess_language([]) == "en"
    # (kanji with kana is Japanese, not Chinese; Hangul is Korean)
    assert guess_language(["ニューラルネットワークの覚え書き。勾配降下法について。"]) == "ja"
    assert guess_language(["신경망 학습 노트: 경사 하강법에 대하여."]) == "ko"
    assert guess_language(["「カワイイ」在中文网络里也常见，但这篇讲的是梯度下降。"]) == "zh-CN"

@pytest.mark.parametrize("text", [
    "$$\n\\begin{equation}\\label{eq:a}\na=b\n\\end{equation}\n$$\n\nSee \\eqref{eq:a}.\n",
    "1. In a list:\n\n   \\begin{equation}\n   x=y\n   \\end{equation}\n\n   still the item.\n",
    "* 用\\begin{equation} \\end{equation} - 它会自己标上序号\n",
    "\\begin{align*}\n\\text{cost $x$} &= 1 \\\\\n\\end{align*}\n",
])
def test_bare_environments_are_kept_as_written(text: str) -> None:
    """Lanting reads bare environments, `\\label` and `\\eqref` as MathJax did; rewriting
    them into `$$` blocks broke one inside `$$` (a build error), one in a list item (the
    list ended) and a mention in a sentence (an empty formula)."""
    shelf = Shelf()
    shelved = shelve_environments(text, shelf)
    out, _, _ = K.kramdown_math(shelved, shelf)
    assert shelf.restore(out) == text

@pytest.mark.parametrize(("text", "expected"), [
    # a separator before the first row is ignored by kramdown
    ("| --- | --- |\n| | Model |\n| --- | --- |\n| **Key** | RNN |\n",
     "| | Model |\n| --- | --- |\n| **Key** | RNN |\n"),
    # no separator: no header (GFM needs one: an empty one, which Lanting does not show)
    ("Rows:\n\n| a | b |\n| c | d | e |\n\nafter",
     "Rows:\n\n| | | |\n|---|---|---|\n| a | b |\n| c | d | e |\n\nafter"),
    # separators between parts of the body, and before a footer
    ("| h | k |\n|---|---|\n| a | b |\n|---|---|\n| c | d |\n|===|===|\n| s | t |\n",
     "| h | k |\n|---|---|\n| a | b |\n| c | d |\n| s | t |\n"),
    ("| h | k |\n|:--|--:|\n| a \\| b | c |\n", "| h | k |\n|:--|--:|\n| a \\| b | c |\n"),
])
def test_kramdown_tables_become_gfm_tables(text: str, expected: str) -> None:
    assert K.kramdown_tables(text)[0] == expected

@pytest.mark.parametrize(("text", "expected"), [
    ('<div markdown="1">\n**bold inside div**\n</div>\n',
     "<div>\n\n**bold inside div**\n\n</div>\n"),
    # indented content would be a code block after the blank line
    ('<div class="note" markdown=\'1\'>\n    *a*\n    - b\n</div>',
     '<div class="note">\n\n*a*\n- b\n\n</div>'),
    # the matching closing tag, not the first one; Markdown again after the inner one,
    # as kramdown reads it
    ('<div markdown="block">\n<div>x</div>\n**b**\n</div>\nafter',
     "<div>\n\n<div>x</div>\n\n**b**\n\n</div>\nafter"),
    ('<details markdown="1">\n<summary>S</summary>\n- a\n</details>',
     "<details>\n\n<summary>S</summary>\n\n- a\n\n</details>"),
    ('<span markdown="span">**s**</span>', "<span>**s**</span>"),
])
def test_markdown_inside_html_elements(text: str, expected: str) -> None:
    """kramdown's `markdown="1"`: CommonMark reads Markdown inside an HTML block only
    after a blank line (it showed `**bold inside div**` with its asterisks)."""
    assert K.markdown_in_html(text) == (expected, 1)

@pytest.mark.parametrize(("raw", "expected"), [
    # prose: only the template syntax becomes code (the whole paragraph was one code span)
    ("\nLiquid {{ not_rendered }} here, `{{ kept }}` and {% tag %}.\n",
     "\nLiquid `{{ not_rendered }}` here, `{{ kept }}` and `{% tag %}`.\n"),
    # a fenced block inside the raw block is code already: as it is
    ("\n```yaml\nvalue: \"{{ .Values.hca }}\"\n```\n",
     "\n```yaml\nvalue: \"{{ .Values.hca }}\"\n```\n"),
])
def test_raw_content_in_prose_shows_template_syntax_as_code(raw: str, expected: str) -> None:
    shelf = Shelf()
    assert prose_raw(shelf, "a " + shelf.put(raw, "R") + " b") == f"a {expected} b"

def test_a_markdown_summary_as_the_text_hugo_showed() -> None:
    assert B.plain_inline("Visit the [ITIV Lab](https://x.org \"t\") **now**, `code`,\n"
                          " *it*; 2*3*4 = 24 ![a figure](a.png)") == (
        "Visit the ITIV Lab now, code, it; 2*3*4 = 24 a figure")

def test_a_link_to_an_unconverted_url_keeps_its_text() -> None:
    text = "See [the post](<!-- import: unconverted {% post_url gone %} -->).\n"
    assert B.tidy(text) == "See the post<!-- import: unconverted {% post_url gone %} -->.\n"

@pytest.mark.parametrize(("text", "kind"), [
    ("> Tip text.\n{: .prompt-tip }\n", "TIP"),  # Chirpy
    ("A notice here\nsecond line.\n{: .notice--warning}\n", "WARNING"),  # minimal-mistakes
    ("Plain.\n{: .notice}\n", "NOTE"),
    ("> q\n{: .block-danger }\n", "CAUTION"),  # al-folio
])
def test_themes_callout_classes(text: str, kind: str) -> None:
    out, _ = K.kramdown_blocks(text, lambda construct, message: None)
    assert out.strip().startswith(f"> [!{kind}]\n> ")


def test_a_notice_div_with_markdown_inside_is_a_callout() -> None:
    assert K.markdown_in_html('<div class="notice--warning" markdown="1">\n**Careful**\n'
                              "</div>\nafter")[0] == "\n\n> [!WARNING]\n> **Careful**\n\n\nafter"


@pytest.mark.parametrize(("setup", "dollars"), [
    ("MathJax = { tex: { inlineMath: [['$', '$'], ['\\\\(', '\\\\)']] } };", True),
    ("renderMathInElement(document.body, {delimiters: [{left: '$$', right: '$$', "
     "display: true}, {left: '$', right: '$', display: false}]});", True),
    ("MathJax.Hub.Config({ tex2jax: { inlineMath: [['\\\\(', '\\\\)']] } });", False),
    # a comment before the first pair (an econometrics blog's `mathjax-config.js`): its
    # `$` were read as dollar signs and 800 inline formulas were left as TeX
    ("window.MathJax = { tex: { inlineMath: [   // start/end delimiter pairs\n"
     "      ['$', '$'], ['\\\\(', '\\\\)'] ] } };", True),
    ("MathJax = { tex: { inlineMath: [ // no dollars\n ['\\\\(', '\\\\)'] ] } };", False),
    # `$` after another pair (MathJax 3's documentation's order): a blog of math notes
    # had its 648 dollar signs escaped, every formula shown as TeX
    ("MathJax = { tex: { inlineMath: [['\\\\(', '\\\\)'], ['$', '$']] } };", True),
    ("MathJax = { tex: { inlineMath: [[\"\\\\[\", \"\\\\]\"],\n ['$', '$']] } };", True),
])
def test_a_sites_own_math_setup_says_whether_dollars_are_math(
        tmp_path: Path, setup: str, dollars: bool) -> None:
    (tmp_path / "_includes").mkdir()
    (tmp_path / "_includes" / "mathjax.html").write_text(f"<script>{setup}</script>",
                                                         encoding="utf-8")
    assert dollar_inline_math(tmp_path, {}) is dollars


def test_kramdown_dollar_math_kept_with_its_escapes_undone() -> None:
    shelf = Shelf()
    out, _, escaped = K.kramdown_math("Inline $x\\_1 + y\\*$ costs \\$5.\n", shelf, True)
    assert shelf.restore(out) == "Inline $x_1 + y*$ costs \\$5.\n" and escaped == 0

def test_a_fence_with_options_but_no_language_is_text() -> None:
    """Hexo's `{% codeblock Array.map %}` has a title and no language: `title=Array.map`
    was taken for the language (an "unknown code language" and no title)."""
    assert fence("", "a.map(f)", {"title": "Array.map"}) == \
        "```text title=Array.map\na.map(f)\n```"
    assert fence("", "x") == "```\nx\n```"

@pytest.mark.parametrize(("text", "inline"), [
    # `$$` on lines of their own under a line of text, in a blockquote: display math (the
    # blockquote's `>` went into an inline formula)
    ("> text:\n> $$\n> \\begin{align}a&=b\\end{align}\n> $$\n> more\n", 0),
    ("Text:\n$$\nx = 1\n$$\nafter\n", 0),
    ("cost $$x$$ here\n", 1), ("Text $$\nx\n$$ more\n", 1),
])
def test_kramdown_dollars_on_lines_of_their_own_are_display(text: str, inline: int) -> None:
    shelf = Shelf()
    out, found, _ = K.kramdown_math(text, shelf)
    assert found == inline
    assert (shelf.restore(out) == text) is (inline == 0)

def test_kramdown_escaped_display_dollars_start_inline_math() -> None:
    shelf = Shelf()
    out, inline, _ = K.kramdown_math("\\$$ \\{a\\} + b $$ starts it.\n\n1. \\$$ x_1 = 0 $$\n",
                                     shelf)
    assert shelf.restore(out) == "$\\{a\\} + b$ starts it.\n\n1. $x_1 = 0$\n" and inline == 2

def test_kramdown_display_math_after_a_line_of_spaces_stays_display() -> None:
    """A blank line holding spaces ends a paragraph too (it made the `$$` block inline,
    which then swallowed the heading after it)."""
    shelf = Shelf()
    text = "Para\n   \n$$\nM = 1\n$$\n \t\n## Next\n\n- item\n  \n  $$\n  x\n  $$\n"
    out, inline, _ = K.kramdown_math(text, shelf)
    assert shelf.restore(out) == text and inline == 0


@pytest.mark.parametrize(("text", "expected", "count"), [
    ("[i3 \\(简体中文\\) - ArchWiki](https://x.org/a)",
     "[i3 (简体中文) - ArchWiki](https://x.org/a)", 2),
    ("Text with \\(parens\\) and 10\\.13.", "Text with (parens) and 10\\.13.", 2),
    # an escaped backslash before a parenthesis is not an escaped parenthesis
    ("a \\\\(x\\\\) b", "a \\\\(x\\\\) b", 0),
    ("a \\\\\\(x\\) b", "a \\\\(x) b", 2),
    # alone in its paragraph a `\(` is an escape to Lanting too: left as written
    ("only \\( here\n\nand \\) there", "only \\( here\n\nand \\) there", 0),
    ("one\n  \n\\(a\\)", "one\n  \n(a)", 2),
])
def test_escaped_parentheses_become_plain_ones(text: str, expected: str, count: int) -> None:
    """kramdown and Hexo's renderers read `\\(` as a Markdown escape; Lanting reads a pair
    as a formula (`\\(简体中文\\)` became italic math without its parentheses)."""
    assert escaped_parentheses(text) == (expected, count)

def test_marked_escapes_are_undone_inside_math_only() -> None:
    text = "a\\_b $r\\_t$ and $$x \\\\\\\\ y$$"
    out, count = unescape_marked_math(text)
    assert out == "a\\_b $r_t$ and $$x \\\\ y$$"
    assert count == 2


def test_marked_escaped_row_break_at_a_line_end_stays_a_row_break() -> None:
    """`\\\\` ending a line in `$$` became `\\` and a line end, which Lanting's math
    rejects (`\\⏎`): it is a row break, as the author wrote it."""
    text = "$$\nx_t=v_0 t\n\\\\\ny_t = h \\\\\nz \\\\\\\\\n$$"
    out, _count = unescape_marked_math(text)
    assert out == "$$\nx_t=v_0 t\n\\\\\ny_t = h \\\\\nz \\\\\n$$"


def test_kramdown_attribute_lists_and_toc() -> None:
    warned: list[str] = []
    text = "* TOC\n{:toc}\n\n> Be careful.\n{: .block-warning}\n\n![x](a.png){: width=\"4\"}\n"
    out, count = K.kramdown_blocks(text, lambda construct, message: warned.append(message))
    assert "TOC" not in out and "{:toc}" not in out and "{: .block" not in out
    # An image's attribute list stays: Lanting reads its size (markdown/attributes.py).
    assert '![x](a.png){: width="4"}' in out
    assert "> [!WARNING]\n> Be careful." in out
    assert count >= 3 and warned == []


def test_goldmark_heading_ids_become_anchors() -> None:
    out, count = B.goldmark_attributes("## Title {#old-id .cls}\n\ntext\n{.table}\n")
    assert B.tidy(out) == '<a id="old-id"></a>\n## Title\n\ntext\n'
    assert count == 2


def test_html_anchors_get_ids() -> None:
    assert B.html_anchors('<a name="gae"></a> and <a name="x"/>') == \
        ('<a id="gae"></a> and <a id="x"></a>', 2)


def test_fences_are_longer_than_the_backticks_inside() -> None:
    assert fence("md", "```py\nx\n```", {"title": "a b.md"}) == \
        '````md title="a b.md"\n```py\nx\n```\n````'


def test_code_is_put_aside_while_the_prose_is_converted() -> None:
    shelf = Shelf()
    text = "a `{{ x }}` b\n\n```\n{% raw %}\n```\n"
    kept = protect_code(text, shelf)
    assert "{{" not in kept and "{%" not in kept
    assert shelf.restore(kept) == text


def test_backticks_in_a_link_destination_are_no_code_span() -> None:
    """Obsidian links a heading by its words, code and all, `[x](Redis.md#3.2%20`sync`)`:
    markdown-it reads one link; put aside as a code span, its destination was never
    followed (the build failed on the note's file name). The text's own spans, and the
    link's code label, are still put aside."""
    shelf = Shelf()
    text = ("用 [`sync`](Redis%20同步.md#3.2%20`repl%20yes`) 与 `x`，"
            "\n`[a](b` 不是链接。\n")
    kept = protect_code(text, shelf)
    assert "(Redis%20同步.md#3.2%20`repl%20yes`)" in kept
    assert shelf.items["C"] == ["`sync`", "`x`", "`[a](b`"]
    assert shelf.restore(kept) == text


FENCES_IN_LISTS = """- Interleaved

  - ```c
    int a = 1;
    ```

1. ```python
   print(1)
   ```
10. - ```
      x
      ```

Done `y`.
"""


def test_a_fence_opened_on_a_list_item_line_is_code() -> None:
    """`- ```c` was not seen as a fence: its indented closing fence was taken for an
    opener and the text after it swallowed as code."""
    shelf = Shelf()
    kept = protect_code(FENCES_IN_LISTS, shelf)
    assert kept.split("\n")[2] == "  - \ue000C0\ue001"
    assert shelf.items["C"][:3] == ["```c\n    int a = 1;\n    ```",
                                    "```python\n   print(1)\n   ```",
                                    "```\n      x\n      ```"]
    assert "Done \ue000C3\ue001." in kept and shelf.restore(kept) == FENCES_IN_LISTS
    # a handler gets the code without the item's indentation, and the indentation
    rewritten = protect_code("* ```c\n  int a;\n  ```\nafter\n", Shelf(),
                               lambda info, code, indent: f"{indent}[{info}|{code}]")
    assert rewritten.startswith("* \ue000C0\ue001\nafter")


def test_a_fence_in_a_list_item_ends_with_the_item() -> None:
    """Unclosed inside its item, a fence ends where the item does (CommonMark): the
    text after the list stays prose."""
    shelf = Shelf()
    kept = protect_code("- ```\n  code\n\nText after.\n", shelf)
    assert kept.endswith("\n\nText after.\n")
    assert shelf.items["C"] == ["```\n  code"]


def test_an_unclosed_fence_on_its_own_line_in_a_list_item_ends_with_the_item() -> None:
    """`7. 配置：` over `   ```JavaScript` never closed, then `8. …` (a Chinese vault of
    web notes): Markdown ended the code with the item; the import took the rest of the
    page for code, and its links and images went unconverted (two build errors)."""
    shelf = Shelf()
    kept = protect_code("7. 配置：\n\n   ```js\n    a = 1\n\n8. 见 [[Webpack]]\n\n"
                        "9. 运行：\n\n   ```\n   npm run build\n   ```\n", shelf)
    assert "\n\n8. 见 [[Webpack]]\n" in kept  # (not code up to item 9's closing fence)
    assert shelf.items["C"][1] == "```\n   npm run build\n   ```"


NESTED_EXAMPLE = """```markmap
- Features
  -
    ```js
    console.log('hello');
    ```
  - Math
```

## After
"""


def test_a_fence_indented_four_columns_deeper_does_not_close_a_fence() -> None:
    """Hugo Blox's sample post shows a fenced example inside a fence, its fences indented
    four spaces: the inner closing fence closed the outer one, and the real one opened a
    block that swallowed the rest of the post. A closing fence is indented at most three
    columns more than its container (CommonMark), in a list item too."""
    shelf = Shelf()
    kept = protect_code(NESTED_EXAMPLE, shelf)
    assert kept == "\ue000C0\ue001\n\n## After\n"
    assert shelf.items["C"] == [NESTED_EXAMPLE.split("\n\n")[0]]
    in_item = "- item\n\n    ```py\n    x\n        ```\n    ```\nafter\n"
    shelf = Shelf()
    assert protect_code(in_item, shelf).endswith("\ue000C0\ue001\nafter\n")
    assert shelf.items["C"] == ["```py\n    x\n        ```\n    ```"]


def test_an_unknown_construct_is_kept_in_a_comment_and_reported(tmp_path: Path) -> None:
    report = Report(tmp_path, "jekyll")
    original = "line one\n{% youtube abc %}\n"
    ctx = Context(report, tmp_path / "_posts" / "x.md", original)
    kept = ctx.leave("{% youtube abc %}")
    assert kept == "<!-- import: unconverted {% youtube abc %} -->"
    [entry] = report.warnings
    assert (entry.path, entry.line) == ("_posts/x.md", 2)


def test_a_construct_written_several_times_is_reported_at_each_place(tmp_path: Path) -> None:
    """Every `{% cq %}` of a post was reported at the line of the first one."""
    report = Report(tmp_path, "hexo")
    original = "a\n{% cq %}\nx\n{% endcq %}\nb\n{% cq %}\ny\n{% endcq %}\n"
    ctx = Context(report, tmp_path / "_posts" / "x.md", original)
    ctx.leave("{% cq %}")
    ctx.leave("{% cq %}")
    assert [e.line for e in report.warnings] == [2, 6]

# --- BibTeX -------------------------------------------------------------------------------


def test_bibtex_strings_are_expanded_and_ampersands_kept() -> None:
    text = ('@string{acl = "Association for Computational Linguistics"}\n'
            "@book{k, title = {A & B}, publisher = acl, year = 2020}\n")
    [entry], strings = parse(text)
    assert strings == {"acl": '"Association for Computational Linguistics"'}
    assert entry.value("publisher") == "Association for Computational Linguistics"
    assert "title     = {A & B}," in dump([entry])
    assert entry.line == 2


def test_underscores_in_text_of_math_are_escaped() -> None:
    out, count = text_underscores(r"$\text{sentence_length} + x_i + \text{a\_b} \text{ & }$")
    assert out == r"$\text{sentence\_length} + x_i + \text{a\_b} \text{ \& }$"
    assert count == 2


@pytest.mark.parametrize(("name", "case", "slug"), [
    ("Deep Learning", 0, "Deep-Learning"), ("C++ 入门", 0, "C-入门"),
    ("Café au lait", 1, "cafe-au-lait"), ("强化学习", 0, "强化学习"), ("a_b", 2, "A-B"),
    ("附录：配置", 0, "附录：配置"), ("Why Multi-GPU?", 0, "Why-Multi-GPU")])
def test_hexo_slugize_is_hexos(name: str, case: int, slug: str) -> None:
    assert hexo_slugize(name, case) == slug


def test_term_urls_are_lantings() -> None:
    """Names merged case-insensitively, `C++` kept apart from `C`, as `assemble` does."""
    posts = [Item("post", "a", None, {"tags": ["PPO", "C++"]}),
             Item("post", "b", None, {"tags": ["ppo", "C", "强化学习"]})]
    assert term_urls(posts, "tags") == {"ppo": "/tags/ppo/", "c": "/tags/c/",
                                        "c++": "/tags/cpp/", "强化学习": "/tags/强化学习/"}


def test_listing_redirects_skip_same_and_case_only_paths(tmp_path: Path) -> None:
    report = Report(tmp_path, "hexo")
    site = NewSite(report, tmp_path)
    redirects = Redirects(site, report, "_config.yml")
    redirects.add("/tags/%E5%BC%BA%E5%8C%96/", "/tags/强化/")  # the same URL
    redirects.add("/tags/PPO/", "/tags/ppo/")  # only the case differs
    redirects.add("/tags/PPO/", "/tags/ppo/")  # another post with the tag: noted once
    redirects.add("/archives/2023/09/", "/archive/#archive-2023")
    redirects.add("/archives/2023/09/", "/elsewhere/")  # the first one stays
    redirects.finish("tag and archive pages")
    assert site.config["redirects"] == {"/archives/2023/09/": "/archive/#archive-2023"}
    [entry] = report.entries
    assert entry.severity == "notice" and "`/tags/PPO/` is not redirected" in entry.message


def test_a_listing_redirect_clashing_in_case_with_another_page_is_left_out(
        tmp_path: Path) -> None:
    """Tags `C++` (Hexo's `/tags/C/`, Lanting's `/tags/cpp/`) and `CPP` (Hexo's
    `/tags/CPP/`, Lanting's `/tags/cpp-2/`): the redirect at `/tags/CPP/` and the page
    `/tags/cpp/` would be one file on a disk that ignores case (a build warning)."""
    report = Report(tmp_path, "hexo")
    site = NewSite(report, tmp_path)
    redirects = Redirects(site, report, "_config.yml")
    redirects.add("/tags/C/", "/tags/cpp/")
    redirects.add("/tags/CPP/", "/tags/cpp-2/")
    redirects.finish("tag pages")
    assert site.config["redirects"] == {"/tags/C/": "/tags/cpp/"}
    [entry] = report.entries
    assert entry.severity == "notice" and "`/tags/CPP/` is not redirected" in entry.message
    assert "`/tags/cpp/`" in entry.message


@pytest.mark.parametrize("first", ["spaced", "dashed"])
def test_a_listing_redirect_at_another_term_s_page_is_left_out(tmp_path: Path,
                                                                first: str) -> None:
    """Tags `userspace cni` and `userspace-cni`: Hexo gave both the page
    `/tags/userspace-cni/`, which Lanting gives the second (the first is
    `/tags/userspace-cni-2/`). When the first's post came first, the old page was
    redirected away from the page the new site has there: the build refused it."""
    report = Report(tmp_path, "hexo")
    site = NewSite(report, tmp_path)
    redirects = Redirects(site, report, "_config.yml")
    pairs = [("/tags/userspace-cni/", "/tags/userspace-cni-2/"),
             ("/tags/userspace-cni/", "/tags/userspace-cni/")]
    for old, new in pairs if first == "spaced" else pairs[::-1]:
        redirects.add(old, new)
    redirects.finish("tag pages")
    assert "redirects" not in site.config


@pytest.mark.parametrize(("name", "slug"), [
    ("Deep Learning", "deep-learning"), ("C++", "c"), ("强化学习 RL", "强化学习-rl"),
    ("paper-reading", "paper-reading"), ("a.b_c", "a-b-c")])
def test_jekyll_slugify_is_jekylls_default_mode(name: str, slug: str) -> None:
    assert jekyll_slugify(name) == slug


def test_yaml_with_tags_of_other_tools_is_read() -> None:
    """js-yaml's `!!js/regexp` (hexo-html-minifier's settings) made the whole
    `_config.yml` unreadable: title, permalink and language fell back to defaults."""
    text = ("title: Notes\npermalink: :year/:title/\nminify:\n"
            "  ignore: [ !!js/regexp /^\\s*more/]\n  rule: !custom {a: 1}\n"
            "  list: !!js/list [x]\n")
    data, error = load_mapping("yaml", text)
    assert error is None
    assert data["title"] == "Notes" and data["permalink"] == ":year/:title/"
    assert data["minify"] == {"ignore": ["/^\\s*more/"], "rule": {"a": 1}, "list": ["x"]}


def test_yaml_with_a_float_that_does_not_convert_is_read() -> None:
    """`include_characters: ._` (a search plugin's option in an `mkdocs.yml`) matches
    YAML's float pattern, then fails to convert: the whole config was lost (no blog, no
    title). It is the text as written."""
    data, error = load_mapping("yaml", "site_name: Notes\nsearch:\n  chars: ._\n"
                                       "  ratio: 1.5\n  lead: .5\n")
    assert error is None
    assert data == {"site_name": "Notes", "search": {"chars": "._", "ratio": 1.5,
                                                     "lead": 0.5}}


def test_yaml_with_a_tab_after_a_key_is_read() -> None:
    """`layout:<tab>post` (a Hexo post, read by js-yaml): ruamel refused the whole front
    matter ("while scanning for the next token"), and the post lost its title, date
    and tags; so did a tab ending a line (`- SQL<tab>`). A tab inside a value stays."""
    data, error = load_mapping("yaml", "layout:\tpost\ntitle: \t\"A\tB\"\ntags:\n"
                                       "    - 密码学\n    - SQL\t\n")
    assert error is None
    assert data == {"layout": "post", "title": "A\tB", "tags": ["密码学", "SQL"]}
    assert load_mapping("yaml", "a:\tb\nc: [1\n")[1] is not None


def test_yaml_with_a_tab_before_a_comment_is_read() -> None:
    """`link: /notes/<tab># …` (a VuePress home page, read by js-yaml): ruamel refused
    the whole front matter, and the home page lost its hero and features."""
    data, error = load_mapping("yaml", "home: true\nactionLink: /notes/\t # 入口\n"
                                       "tagline: 小记 \t# x\n")
    assert error is None
    assert data == {"home": True, "actionLink": "/notes/", "tagline": "小记"}


def test_yaml_with_a_tab_after_a_list_dash_is_read() -> None:
    """`-<tab>python` among a Hexo post's categories (js-yaml takes the tab for the
    space after `-`): ruamel refused the whole front matter, and the post lost its
    title, date and tags."""
    data, error = load_mapping("yaml", "title: 机器人帮助\ncategories:\n  -\tpython\n"
                                       "  - bot\ntags:\n-\t\tqq\n")
    assert error is None
    assert data == {"title": "机器人帮助", "categories": ["python", "bot"], "tags": ["qq"]}


def test_a_date_past_its_months_end_in_front_matter_is_its_text() -> None:
    """`update: 2022-10-95` (a typo in a Hux blog post's own key): the YAML date could
    not be made, and the whole front matter was lost, the post's title and date with
    it; Jekyll's reader keeps such a value as text."""
    data, error = load_mapping("yaml", "title: 反射\ndate: 2022-10-25\nupdate: 2022-10-95\n")
    assert error is None
    assert data == {"title": "反射", "date": dt.date(2022, 10, 25), "update": "2022-10-95"}

def test_yaml_with_tabs_before_a_comment_is_read() -> None:
    """`layout:     post<tab><tab># 布局` (a Hux blog fork's template, in every post):
    Jekyll's libyaml skips the tabs as spaces, ruamel refused the front matter, and
    the post lost its title, date and tags (one blog: 46 posts). A `#` inside a quoted
    value after a tab stays."""
    data, error = load_mapping("yaml", "layout:     post\t\t\t# 使用的布局\n"
                                       "subtitle:   副标题 \t\t#副标题\n"
                                       "header-img: img/bg.jpg \t# 背景\ntags:\n"
                                       "    - NLP\t# 标签\n")
    assert error is None
    assert data == {"layout": "post", "subtitle": "副标题", "header-img": "img/bg.jpg",
                    "tags": ["NLP"]}


def test_nested_blocks_keep_their_own_arguments(tmp_path: Path) -> None:
    """The arguments of a block ran past its `%}` when another block of its name was
    inside: the outer one's arguments swallowed the inner block's opening."""
    text = ("{% tabs outer,2 %}\nA\n{% tabs inner %}\nB\n{% endtabs %}\nC\n{% endtabs%}\n"
            "After.\n")
    ctx = Context(Report(tmp_path, "hexo"), tmp_path / "x.md", text)
    seen: list[tuple[str, str]] = []

    def one(args: str, inner: str, written: str) -> str:
        seen.append((args, inner.strip()))
        return f"[{args}: {inner.strip()}]"

    assert blocks(text, "tabs", one, ctx, "tabs") == "[outer,2: A\n[inner: B]\nC]\nAfter.\n"
    assert seen == [("inner", "B"), ("outer,2", "A\n[inner: B]\nC")]


BROKEN_LINES = """第一行
第二行

# Heading
text under it

a | b
--|--
1 | 2

- item
  goes on
- next

> quoted
> more

> [!NOTE]
> body

$$
x
y
$$

<div>
x
y
</div>

    indented code
    more

\ue000C0\ue001
after
ends with a break\\
next
"""

def test_line_ends_in_paragraphs_become_hard_breaks() -> None:
    """Under `breaks: true` a line end inside a paragraph was `<br>`; Lanting joins the
    lines. Paragraph text gets a `\\` at the line end; nothing else does."""
    out, count = hard_breaks(BROKEN_LINES)
    assert count == 4
    assert out.startswith("第一行\\\n第二行\n\n# Heading\ntext under it\n\na | b\n--|--\n1 | 2\n")
    assert "- item\\\n  goes on\n- next" in out and "> quoted\\\n> more" in out
    assert "> [!NOTE]\n> body" in out and "$$\nx\ny\n$$" in out
    assert "<div>\nx\ny\n</div>" in out and "    indented code\n    more" in out
    assert "\ue000C0\ue001\nafter\\\nends with a break\\\nnext" in out


def test_a_whole_html_document_in_a_post_gets_no_hard_breaks() -> None:
    """A notebook exported as HTML into a post (`<html>`, `<head>`, `<meta>` lines up
    to the first blank line) is one HTML block to CommonMark: a `\\` on its lines was
    text in the page's HTML, inside its `<style>` too."""
    text = ('<html lang="en">\n<head><meta charset="utf-8"/>\n<title>nb</title>\n'
            '<style type="text/css">\npre { line-height: 125%; }\n</style>\n\n'
            "first line\nsecond line\n")
    out, count = hard_breaks(text)
    assert count == 1 and out.startswith(text.split("\n\n")[0] + "\n\n")
    assert out.endswith("first line\\\nsecond line\n")


def test_a_link_url_may_hold_balanced_parentheses() -> None:
    """`![TD](TD(0).png)` was not matched: the image was not copied, and no warning."""
    seen: list[str] = []

    def resolve(url: str, image: bool) -> None:
        seen.append(url)

    text = map_urls("![TD(0)](TD(0).png) and [x](a_(b)_c \"t\") (see [y](z))", resolve)
    assert seen == ["TD(0).png", "a_(b)_c", "z"]
    assert text.startswith("![TD(0)](TD(0).png)")


def test_a_linked_images_url_is_mapped_too() -> None:
    """`[![arch](dbz-arch.png)](https://debezium.io/…)` (a clickable figure, a badge):
    the link was mapped and the image inside it never was; the image was left behind."""
    seen: list[str] = []

    def resolve(url: str, image: bool) -> str | None:
        seen.append(url)
        return None if url.startswith("http") else "new/" + url

    text = map_urls('[![arch](dbz-arch.png)](https://debezium.io/x "T") [a](b.md)', resolve)
    assert seen == ["dbz-arch.png", "https://debezium.io/x", "b.md"]
    assert text == '[![arch](new/dbz-arch.png)](https://debezium.io/x "T") [a](new/b.md)'


def test_a_raw_html_url_without_quotes_is_mapped() -> None:
    """`<img src=images/a.jpg width=300>` (a course's notebook cell; HTML allows an
    unquoted value): the image was not copied and the build failed on it. Not a JSX
    expression or a template's value."""
    seen: list[tuple[str, bool]] = []

    def resolve(url: str, image: bool) -> str | None:
        seen.append((url, image))
        return "/hw01/" + url

    text = map_urls('<center><img src=images/a.jpg width=300></center> <a href=x.html>x</a>'
                    ' <img src={logo} /> <img src="b.png">', resolve)
    assert seen == [("b.png", True), ("images/a.jpg", True), ("x.html", False)]
    assert text == ('<center><img src="/hw01/images/a.jpg" width=300></center> '
                    '<a href="/hw01/x.html">x</a> <img src={logo} /> <img src="/hw01/b.png">')


def test_a_link_whose_text_holds_double_brackets_is_mapped() -> None:
    """`[Bash [[ ]] 字符串](bash/string_oper.md)` (a note on the shell's test command):
    the link was not seen, so it kept the old file's name and broke the build."""
    text = map_urls("- [Bash [[ ]] 字符串](bash/string_oper.md) 与 [a [b] c](d.md)\n",
                    lambda url, image: "new/" + url)
    assert text == "- [Bash [[ ]] 字符串](new/bash/string_oper.md) 与 [a [b] c](new/d.md)\n"


def test_raw_html_after_rewritten_links_is_mapped() -> None:
    """Formulas were found before the Markdown links were rewritten: a link's shorter
    URL (an importer's placeholder) moved the text after it, and a raw `<img>` below a
    display formula fell in the formula's old place, so it was skipped (a figure of
    physics notes left behind)."""
    seen: list[str] = []

    def resolve(url: str, image: bool) -> str:
        seen.append(url)
        return f"I{len(seen)}"

    text = map_urls("![](../img/light/a.png)\n\n$$\nE = mc^2\n$$\n\n"
                    '<img src="../img/light/d.png" width="60%"/>\n', resolve)
    assert seen == ["../img/light/a.png", "../img/light/d.png"]
    assert text == '![](I1)\n\n$$\nE = mc^2\n$$\n\n<img src="I2" width="60%"/>\n'


def test_code_in_a_block_quote_is_put_aside_and_stays_quoted() -> None:
    """`> ```py` was not seen as a fence: the quote's code went through the prose
    conversions (Liquid, shortcodes, math)."""
    shelf = Shelf()
    text = ("> Quote:\n>\n> ```python\n> a = {{ y }}\n> ```\n>\n"
            "> > ~~~\n> > nested $x$\n> > ~~~\n\nAfter {{ x }}.\n")
    protected = protect_code(text, shelf)
    assert "{{ y }}" not in protected and "$x$" not in protected
    assert "{{ x }}" in protected
    assert shelf.restore(protected) == text


def test_kramdown_blocks_take_no_exponential_time() -> None:
    """The pattern of minimal-mistakes' notices backtracked exponentially over the lines of
    a paragraph: 5 hard-wrapped lines took 11 s, 6 never finished, and every real Jekyll
    site hung the import. In a child process, so that a regression fails, not hangs."""
    import subprocess
    import sys

    code = ("from lanting.importer import kramdown as K\n"
            "text = ('A line of ordinary prose that goes on for a while.\\n' * 40) + '\\nEnd.\\n'\n"
            "text += 'Careful.\\nStill careful.\\n{: .notice--warning}\\n'\n"
            "out, count = K.kramdown_blocks(text, lambda a, b: None)\n"
            "assert count == 1 and out.count('[!WARNING]') == 1, out\n")
    src = Path(__file__).resolve().parents[1] / "src"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=False, env={**os.environ, "PYTHONPATH": str(src)})
    assert result.returncode == 0, result.stderr


def test_indented_code_with_blank_lines_of_spaces_takes_no_exponential_time() -> None:
    """The pattern of an indented code block with a `{: .language-x}` under it read a
    line of four spaces both as code and as a blank line: 20 such lines took a second,
    30 never finished, and a measure-theory blog exported from org-mode (its posts full
    of them) hung the import. In a child process, so that a regression fails, not hangs.
    The code block still gets its language."""
    import subprocess
    import sys

    code = ("from lanting.importer import kramdown as K\n"
            "text = '    x = 1\\n' + '     \\n' * 40 + 'text\\n\\n    y = 2\\n    \\n    z\\n'\n"
            "text += '{: .language-python}\\n'\n"
            "out, count = K.kramdown_blocks(text, lambda a, b: None)\n"
            "assert count == 1 and '```python\\ny = 2\\n\\nz\\n```' in out, out\n")
    src = Path(__file__).resolve().parents[1] / "src"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=30, check=False, env={**os.environ, "PYTHONPATH": str(src)})
    assert result.returncode == 0, result.stderr



def test_a_line_of_backslashes_after_a_dollar_takes_no_exponential_time() -> None:
    """A post printing Python's bytes (`b"$NAV,1,\\xff\\xff…"`, a hundred backslashes
    after one `$`, no closing one) hung the import: the inline formula's pattern read
    each backslash two ways. In a child process, so that a regression fails, not hangs.
    A backslash still takes the character after it: `\\$` closes no formula."""
    import subprocess
    import sys

    code = ("from lanting.importer.body_math import INLINE_MATH\n"
            "from lanting.importer.body_links import map_urls\n"
            "line = 'b\"$NAV,1,' + '\\\\xff' * 120 + '\"\\n\\n[a](b.md)\\n'\n"
            "assert map_urls(line, lambda url, image: 'c.md').endswith('[a](c.md)\\n')\n"
            "assert [m.group(1) for m in INLINE_MATH.finditer('$a\\\\$ b$ and $c$')]"
            " == ['a\\\\$ b', 'c']\n")
    src = Path(__file__).resolve().parents[1] / "src"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=30, check=False, env={**os.environ, "PYTHONPATH": str(src)})
    assert result.returncode == 0, result.stderr



def test_an_empty_bibtex_field_is_left_out() -> None:
    """A Hugo Blox publication's `cite.bib` made by a script left `volume = ,` for a
    paper not yet in an issue: the importer read `,` as the value and wrote `volume =
    ,,`, and the build failed reading the site's bibliography."""
    [entry], _strings = parse("@article{redd21,\n  year = 2021,\n  volume = ,\n"
                              "  pages = {},\n  doi = {10.1/x}\n}\n")
    assert entry.fields == {"year": "2021", "pages": "{}", "doi": "{10.1/x}"}
    assert ",," not in dump([entry])

def test_a_quoted_bibtex_value_ends_at_its_own_quote() -> None:
    """al-folio's sample `title="{{\\"U}ber …}"`: the `"` inside braces ended the value,
    and every field after it was lost (the build then failed on a malformed entry)."""
    [entry], _ = parse('@Article{e, title="{{\\"U}ber einen Gesichtspunkt}",\n'
                       "  author={Albert Einstein}, year={1905}, doi={10.1002/x}}\n")
    assert entry.value("title") == '{{\\"U}ber einen Gesichtspunkt}'
    assert [entry.value(k) for k in ("author", "year", "doi")] == [
        "Albert Einstein", "1905", "10.1002/x"]


@pytest.mark.parametrize(("key", "name", "url", "field"), [
    ("url_pdf", "PDF", "https://x.org/a.pdf", "pdf"),
    ("url_code", "Code", "https://github.com/x", "code"),
    ("url_preprint", "Preprint", "https://arxiv.org/abs/2301.01234", "arxiv"),
    ("url_preprint", "Preprint", "https://hal.science/hal-1", None),
    ("url_dataset", "Dataset", "https://zenodo.org/1", None),
    ("url_source", "Source Document", "https://x.org/src", None),
    ("links", "Supplementary", "https://x.org/supp.pdf", "supp"),
    ("links", "Project page", "https://x.org/", "project"),
    ("links", "Demo", "https://x.org/demo", None),
    ("links", "Data", "https://x.org/data", None),
])
def test_a_hugo_blox_button_maps_to_the_publication_button_of_its_meaning(
        key: str, name: str, url: str, field: str | None) -> None:
    assert publication_field(PageLink(key, name, url)) == field


@pytest.mark.parametrize(("course", "chinese", "line"), [
    ({"course": "PhD in AI", "institution": "Inria", "year": 2022}, False,
     "- PhD in AI, Inria, 2022"),
    ({"course": "博士", "institution": "清华大学", "year": 2022}, True, "- 博士，清华大学，2022"),
    ({"area": "PhD Artificial Intelligence", "institution": "Stanford University",
      "date_start": dt.date(2016, 1, 1), "date_end": "2020-12-31",
      "summary": "Thesis on *LLMs*.\nGPA: 3.8"}, False,
     "- PhD Artificial Intelligence, Stanford University, 2016–2020\n\n"
     "  Thesis on *LLMs*.\n  GPA: 3.8\n"),
    ({"area": "BSc", "institution": "MIT", "date_start": "2021-09-01"}, False,
     "- BSc, MIT, 2021–present"),
])
def test_a_hugo_blox_education_item_reads_in_the_site_language(
        course: dict[str, object], chinese: bool, line: str) -> None:
    assert education_line(course, chinese) == line
@pytest.mark.parametrize(("citation", "title", "authors"), [
    # academicpages' own sample: `Last, First.` of one author
    ('Your Name, You. (2009). &quot;Paper Title Number 1.&quot; <i>Journal 1</i>. 1(1).',
     "Paper Title Number 1", ["Your Name, You"]),
    ("Hu Y and <strong>Chen Y</strong>. (2021). &quot;A model.&quot; <i>J</i>. 44(04).",
     "A model", ["Hu, Y", "Chen, Y"]),
    ("Jin J, Hao C, Chen, Y(2025). &quot;Composite.&quot; <i>Statistical Papers</i>.",
     "Composite", ["Jin, J", "Hao, C", "Chen, Y"]),
    ("Zhu, H., Desai, K., and Wasserman, L. Multidimensional Deconvolution. <i>NeurIPS</i>",
     "Multidimensional Deconvolution", ["Zhu, H", "Desai, K", "Wasserman, L"]),
    ('Veeramani, Satheeshkumar, et al. "Multi-head path planning." IFToMM 2019.',
     "Multi-head path planning", ["Veeramani, Satheeshkumar", "others"]),
    ("Niloy Ganguly, Dren Fazlija, and Wolfgang Nejdl (2023). &quot;A Review&quot;",
     "A Review", ["Niloy Ganguly", "Dren Fazlija", "Wolfgang Nejdl"]),
    ("David Castro-Perez, Nobuko Yoshida (2020). &quot;CAMP&quot;", "CAMP",
     ["David Castro-Perez", "Nobuko Yoshida"]),
    ("See the poster PDF.", "Deterministic Replay", []),
    # the authors alone (the venue and year are fields of their own), marks kept
    ("<u>Li Wang</u>*, Bo Xu*, Michael R. Lyu†", "Caches", ["Li Wang*", "Bo Xu*",
                                                           "Michael R. Lyu†"]),
    ("Under review at <i>TOSEM</i>", "Caches", []),
    ('"A title first." Journal 3 (2020).', "A title first.", []),
])
def test_academicpages_citation_authors(citation: str, title: str,
                                        authors: list[str]) -> None:
    assert APC.citation_authors(citation, title) == authors


def test_academicpages_citation_numbers() -> None:
    assert APC.citation_numbers("&quot;T.&quot; <i>Acta</i>. 44(04): 553-573.") == {
        "volume": "44", "number": "04", "pages": "553--573"}
    assert APC.citation_numbers("&quot;T.&quot; <i>Journal 1</i>. 1(1).") == {
        "volume": "1", "number": "1"}
    assert APC.citation_numbers("<i>NeurIPS</i> ML4PS 150 (2024).") == {}


def test_academicpages_abstract_drops_the_template_lines_and_keeps_buttons() -> None:
    body = ("## Abstract\n\nWe prove **two** things.\n\n"
            "[Download paper here](http://x.github.io/files/p.pdf)\n\n"
            "Recommended citation: A. (2009). \"T.\" <i>J</i>.\n\n"
            "Code: [repo](https://github.com/a/b)\n")
    found = AP.abstract_of("Short.", body)
    assert (found.text, found.left) == ("We prove two things.", "")
    assert found.links == {"pdf": "http://x.github.io/files/p.pdf",
                           "code": "https://github.com/a/b"}
    # the excerpt says more: it is the abstract, the body's own text is reported
    found = AP.abstract_of("A long abstract of the paper, longer than the body.",
                           "***Under review*** at a venue.")
    assert found.text.startswith("A long abstract") and found.left == \
        "Under review at a venue."


def test_academicpages_reveal_markdown_deck() -> None:
    body = ("<style>.c{}</style>\n<section data-markdown>\n    <textarea data-template>\n"
            "    # One\n\n    ---\n    ## Two\n      indented\n    Note:\n    say it\n"
            "    </textarea>\n</section>\n")
    assert APT.reveal_markdown(body) == \
        "# One\n\n---\n## Two\n  indented\nNote:\nsay it\n"
    assert APT.reveal_markdown("Just a description.") is None


def test_what_looks_like_a_link_inside_a_formula_is_no_link() -> None:
    """A real Jupyter Book's `E\\bigg[\\dfrac{Y}{1-P(x)}\\bigg](1-P(x))` in `$$…$$` was read
    as a link to `1-P(x)` (a warning, "leads to no file"); links around formulas, and
    after a `$5` of prose, are still links."""
    from lanting.importer.body_links import map_urls

    seen: list[str] = []

    def resolve(url: str, image: bool) -> str:
        seen.append(url)
        return "NEW"

    text = ("See [a](a.md) and $f = \\big[x\\big](y)$.\n\n$$\nE\\bigg[\\dfrac{Y}{P(x)}\\bigg]"
            "(1-P(x))\n$$\n\n\\[ \\left[u\\right](v) \\]\n\nIt costs $5 [b](b.md) or $6.\n"
            # (no TeX command: an operator applied, in a Dendron vault of ODE notes)
            "\nwhere $L[y](t) = g(t)$ holds, and $L[y](t)$ too.\n")
    mapped = map_urls(text, resolve)
    assert seen == ["a.md", "b.md"]
    assert "$L[y](t) = g(t)$" in mapped and "$L[y](t)$ too" in mapped
    assert "[a](NEW)" in mapped and "[b](NEW)" in mapped and "\\bigg](1-P(x))" in mapped


def test_a_url_written_with_backslashes_is_resolved_as_browsers_read_it() -> None:
    """A real MkDocs notes site's `![](chapter3_2\\page-0010.jpg)` (the browser read `\\`
    as `/`) was "not found: left as written", failing the build; Markdown's escapes
    (`\\_`) stay escapes."""
    from lanting.importer.body_links import map_urls

    seen: list[str] = []

    def resolve(url: str, image: bool) -> str:
        seen.append(url)
        return "NEW"

    map_urls('![a](chapter3_2\\page-0010.jpg) [b](x\\_y.md) <img src="img\\c.png">', resolve)
    assert seen == ["chapter3_2/page-0010.jpg", "x\\_y.md", "img/c.png"]


def test_a_line_end_inside_a_link_gets_no_hard_break() -> None:
    """`[教程](` ending a line, its URL on the next: the renderer read that line end as
    the space a link allows there. A `\\` there made the URL start with `\\`, a broken
    link; a line end in a link's text was a `<br>` and stays one."""
    text = ("看这篇[笔记](\nhttps://example.org/a). 然后\n再看[另一篇](https://example.org/b\n"
            "\"标题\"), 以及[第三\n篇](c.md)\n不是链接](x\n下一行")
    out, count = hard_breaks(text)
    assert "[笔记](\nhttps://example.org/a). 然后\\\n" in out
    assert "(https://example.org/b\n\"标题\")" in out
    assert "[第三\\\n篇](c.md)\\\n" in out and "不是链接](x\\\n下一行" in out
    assert count == 4


def test_a_percent_starting_a_line_of_prose_is_shown() -> None:
    """`运行`, then `% hadoop URLCat …` (a shell prompt in a Hadoop post): text to the old
    renderer, a hidden MyST comment to Lanting. The `%` is escaped in prose and quotes;
    not in code, math, environments or HTML blocks, where it means what it meant."""
    text = ("运行\n% hadoop URLCat hdfs://x\n\n> % in a quote\n\n```sh\n% ls\n```\n\n"
            "$$\nx % a TeX comment line follows\n% note\n$$\n\n\\begin{aligned}\n"
            "% comment\na &= b\n\\end{aligned}\n\n<div>\n% raw\n</div>\n\n%%obsidian%%\n"
            "50% off\n%\n")
    out, count = shown_percent_lines(text)
    assert count == 3
    assert out.startswith("运行\n\\% hadoop URLCat hdfs://x\n\n> \\% in a quote\n")
    assert "```sh\n% ls\n```" in out and "\n% note\n$$" in out and "\n% comment\n" in out
    assert "<div>\n% raw\n</div>" in out and "\n%%obsidian%%\n50% off\n\\%\n" in out


def test_a_table_row_starting_with_a_percent_is_shown() -> None:
    """A table of shell operators without outer pipes (a MemE blog's Linux notes): its
    row `% | 取模` was a MyST comment to Lanting, which ended the table there (that row
    and the next lost, a build warning). The row's `%` is escaped; the table is not
    otherwise touched."""
    text = "运算 | 含义\n---|---\n/ | 除\n% | 取模\n\\*\\* | 幂\n"
    out, count = shown_percent_lines(text)
    assert count == 1 and out == text.replace("\n% |", "\n\\% |")


def test_a_code_span_alone_on_its_line_keeps_its_breaks() -> None:
    """`a␣␣⏎`cmd`␣␣⏎b`: the code span is put aside behind a marker like a fenced block,
    and a line holding only a marker was taken for a block, so both breaks were lost and
    the command ran into the lines around it. A fenced block alone stays a block."""
    shelf = Shelf()
    text = protect_code("先运行  \n`make all`  \n再看输出\n\n```sh\nls\n```\n下一段\n", shelf)
    out, count = hard_breaks(text, spaces_only=True, shelf=shelf)
    assert shelf.restore(out).startswith("先运行\\\n`make all`\\\n再看输出\n\n```sh\nls\n```\n")
    assert count == 2
    breaks, _ = hard_breaks(protect_code("第一行\n`cmd`\n第三行\n", shelf := Shelf()),
                            shelf=shelf)
    assert shelf.restore(breaks) == "第一行\\\n`cmd`\\\n第三行\n"


def test_a_code_span_ends_with_its_list_item() -> None:
    """`- ulimit -c 0 : 不产生` with its backtick never closed (an Obsidian outline): the
    next item's backtick closed it, so the items between were code, and their `[[kernel
    panic]]` stayed as written. A span over two lines of one paragraph stays one."""
    shelf = Shelf()
    text = "- `ulimit -c 0 : 不产生\n- 内核态 --> [[kernel panic]]\n- `/proc/core`\n"
    assert protect_code(text, shelf).startswith(
        "- `ulimit -c 0 : 不产生\n- 内核态 --> [[kernel panic]]\n- ")
    assert "`/proc/core`" not in protect_code(text, Shelf())
    assert protect_code("见 `a\nb` 与\n## 标题 `x\n", Shelf()).count("`") == 1
    assert "`a\nb`" not in protect_code("见 `a\nb` 的值\n", Shelf())


def test_links_in_an_html_comment_are_not_followed() -> None:
    """`<!-- ![](img/ucb1.png) -->`, an image taken out of a post, was looked for: "image
    not found" warnings for what the page never showed."""
    seen: list[str] = []

    def resolve(url: str, image: bool) -> str:
        seen.append(url)
        return "/new/" + url

    text = ("<!-- ![](img/ucb1.png) -->\n![shown](a.png)\n<!--\n<img src=\"b.png\">\n"
            "[old](c.md)\n-->\n<img src=\"d.png\">\n")
    out = map_urls(text, resolve)
    assert seen == ["a.png", "d.png"]
    assert "<!-- ![](img/ucb1.png) -->" in out and "![shown](/new/a.png)" in out


def test_an_html_block_opened_by_a_lone_tag_gets_no_hard_break() -> None:
    """`<a href=… onClick=…>` alone on its line after a blank line (an AnZhiYu page's
    cards of categories, in the theme's `<card>` elements) opens an HTML block, which
    marked showed as written: a `\\` ending each of its lines was shown on the page. A
    tag inside a paragraph's line is no such block."""
    text = ("看看这些：\n\n<a href='javascript:void(0);' onClick='go(\"/x/\")' >\n"
            "  <card data-image=\"/a.webp\">\n    <h1 slot=\"header\">分享</h1>\n"
            "  </card>\n</a>\n\n第一行\n<b>第二行</b>\n第三行")
    out, count = hard_breaks(text)
    assert "<a href='javascript:void(0);' onClick='go(\"/x/\")' >\n  <card" in out
    assert "</card>\n</a>" in out
    assert "第一行\\\n<b>第二行</b>\\\n第三行" in out and count == 2


def test_kramdown_dollar_math_with_an_escaped_dollar_inside() -> None:
    """`$\\\\$1$` (kramdown made it `$\\$1$`, a formula of a dollar sign to tex2jax) is
    one formula: its `\\\\$` closed it, and the `$` after it paired with the wrong ones."""
    shelf = Shelf()
    out, _, escaped = K.kramdown_math(
        "With $\\\\$0$, we get $\\\\$1$ and lose $\\\\$1$. Here $X_n$ is ours.\n", shelf, True)
    assert shelf.restore(out) == \
        "With $\\$0$, we get $\\$1$ and lose $\\$1$. Here $X_n$ is ours.\n"
    assert escaped == 0
