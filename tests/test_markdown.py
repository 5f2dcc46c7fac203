"""Stage 4: Markdown -> HTML with Lanting's plugins (GFM extras, ids, links, code, math,
excerpts)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import Element, parse_html
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it.rules_block import StateBlock

from lanting.markdown.render import render_markdown, resolve_links
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

SOURCE = Path("/site/content/posts/a.md")


def render(text: str, *, link_map: dict[str, str] | None = None, body_line: int = 1,
           rel: str = "posts/a.md", raw_html: bool = True) -> RenderedMarkdown:
    context = RenderContext(path=SOURCE, rel=rel, body_line=body_line, base_path="/")
    rendered = render_markdown(text, context, MarkdownOptions(raw_html=raw_html))
    return resolve_links(rendered, link_map or {}, SOURCE)


def tree(text: str, **kw: object) -> Element:
    return parse_html(render(text, **kw).html)  # type: ignore[arg-type]


# --- GitHub-flavoured extras -----------------------------------------------------------


def test_table() -> None:
    doc = tree("| 框架 | 用途 |\n| --- | --- |\n| vLLM | 推理 |\n")
    table = doc.one("table")
    assert [th.text() for th in table.find_all("th")] == ["框架", "用途"]
    assert [td.text() for td in table.find_all("td")] == ["vLLM", "推理"]


def test_a_deeply_nested_list_keeps_its_deepest_items() -> None:
    """Items nested more than nine deep (a Logseq outline of topology notes, 8–12 tabs)
    were dropped without a word: markdown-it's commonmark preset stops at 20 levels."""
    text = "".join("\t" * i + f"- 第 {i} 层\n" for i in range(14))
    doc = tree(text)
    assert [li.text().split("\n")[0].strip() for li in doc.find_all("li")][-1] == "第 13 层"


def test_strikethrough() -> None:
    doc = tree("~~旧的~~ 新的\n")
    struck = doc.find("s") or doc.find("del")
    assert struck is not None and struck.text() == "旧的"


def test_task_list() -> None:
    doc = tree("- [ ] todo\n- [x] done\n")
    boxes = doc.find_all("input", type="checkbox")
    assert len(boxes) == 2
    assert "checked" not in boxes[0].attrs
    assert "checked" in boxes[1].attrs
    assert all("disabled" in b.attrs for b in boxes)
    assert "[x]" not in doc.text() and "[ ]" not in doc.text()


@pytest.mark.parametrize("text", [
    "> - [x] quoted\n",
    "> - [x]\tquoted, a tab after the mark\n",
    "1. item\n\n   - [X]\n     the mark alone on its line\n",
])
def test_task_items_wherever_markdown_it_finds_them(text: str) -> None:
    # The task-list rule only runs on a text with a task mark: these must still be items
    # (mdit-py-plugins draws a checkbox only for a mark followed by a space).
    doc = tree(text)
    [item] = doc.find_all("li", class_="task-list-item")
    assert "[x]" not in item.text().lower()
    assert len(item.find_all("input", type="checkbox")) == (text.startswith("> - [x] "))


def test_no_task_mark_no_checkbox() -> None:
    assert tree("- [link] not a task\n- [ x] nor this\n").find_all("input") == []


def test_footnotes_link_both_ways() -> None:
    doc = tree("Claim[^1] and another[^two].\n\n[^1]: Note one.\n[^two]: Note two.\n")
    ids = doc.ids()
    paragraph = doc.find("p")
    assert paragraph is not None
    refs = [a for a in paragraph.find_all("a") if a["href"].startswith("#")]
    assert len(refs) == 2
    for ref, note_text in zip(refs, ["Note one.", "Note two."], strict=True):
        target = ref["href"][1:]
        assert target in ids
        note = doc.one(id=target)
        assert note_text in note.text()
        # the back-link returns to the reference (or to an element holding it)
        back = [a for a in note.find_all("a") if a["href"].startswith("#")]
        assert back, f"footnote {target} has no back-link"
        back_target = doc.one(id=back[0]["href"][1:])
        assert back_target is ref or back_target in _ancestors(ref) \
            or ref in list(back_target.iter())


_NOTE_PARTS = ["一段话。", "second *paragraph* with $x^2$.", "- 第一点\n- 第二点",
               "```python\nprint(1)\n```", "$$\nE = mc^2\n$$", "| a | b |\n|---|---|\n| 1 | 2 |",
               "> 引用"]
_BLOCKS = {"p", "div", "ul", "ol", "li", "pre", "table", "blockquote", "figure", "section"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_NOTE_PARTS), min_size=1, max_size=4),
                min_size=1, max_size=3), st.booleans())
def test_side_notes_hold_no_blocks(notes: list[list[str]], in_heading: bool) -> None:
    """Whatever a footnote holds, its side note is text-level HTML (a block would break
    the paragraph open), the note stays whole in the list, and a note whose side note is
    not all of it stays listed on wide screens too."""
    refs = "".join(f"[^{i + 1}]" for i in range(len(notes)))
    text = (f"## 标题{refs}\n\n" if in_heading else "") + f"正文{refs}。\n\n" + "\n\n".join(
        f"[^{i + 1}]: " + "\n\n    ".join(p.replace("\n", "\n    ") for p in parts)
        for i, parts in enumerate(notes)) + "\n"
    doc = tree(text)
    sidenotes = doc.find_all("span", class_="sidenote")
    # (a note's second reference, `[1:1]`, takes none: one side note per note)
    assert len(sidenotes) == (0 if in_heading else len(notes))
    for note in sidenotes:
        assert not [e.tag for e in note.iter() if e.tag in _BLOCKS]
    for i, parts in enumerate(notes):
        item = doc.one(id=f"fn{i + 1}")
        simple = all(p in _NOTE_PARTS[:2] for p in parts)
        assert ("footnote-full" in item.classes) == (in_heading or not simple)
        assert bool(item.find("pre")) == any("```" in p for p in parts)


def _ancestors(element: Element) -> list[Element]:
    found = []
    while element.parent is not None:
        element = element.parent
        found.append(element)
    return found


# --- heading ids -----------------------------------------------------------------------


def test_chinese_heading_keeps_its_characters_in_the_id() -> None:
    result = render("## 为什么需要多卡？\n")
    assert parse_html(result.html).one("h2")["id"] == "为什么需要多卡"
    [heading] = result.headings
    assert (heading.level, heading.id) == (2, "为什么需要多卡")
    assert heading.text == "为什么需要多卡？"


def test_mixed_heading_id() -> None:
    assert tree("## Column/Row Parallel 切分\n").one("h2")["id"] == "columnrow-parallel-切分"


def test_duplicate_heading_ids_get_a_number() -> None:
    result = render("## Intro\n\n## Intro\n\n### Intro\n")
    doc = parse_html(result.html)
    assert [e["id"] for e in doc.iter() if e.tag in ("h2", "h3")] == ["intro", "intro-1", "intro-2"]
    assert [h.id for h in result.headings] == ["intro", "intro-1", "intro-2"]
    assert [h.level for h in result.headings] == [2, 2, 3]


def test_heading_with_inline_code_and_emphasis() -> None:
    result = render("## The `fit()` *loop*\n")
    assert result.headings[0].id == "the-fit-loop"
    assert result.headings[0].text == "The fit() loop"


# --- links -----------------------------------------------------------------------------


def test_links_to_sources_are_rewritten_to_urls() -> None:
    link_map = {"posts/other.md": "/posts/other/", "pages/about.md": "/about/",
                "posts/img/fig.png": "/posts/img/fig.png"}
    doc = tree("[a](other.md) [b](other.md#part-2) [c](../pages/about.md) "
               "[d](https://example.org/x.md) [e](#top) ![f](img/fig.png)\n",
               link_map=link_map)
    hrefs = [a["href"] for a in doc.find_all("a")]
    assert hrefs == ["/posts/other/", "/posts/other/#part-2", "/about/",
                     "https://example.org/x.md", "#top"]
    assert doc.one("img")["src"] == "/posts/img/fig.png"


def test_placeholder_text_outside_a_link_attribute_is_left_alone() -> None:
    # Only the href/src that the links plugin wrote are placeholders; the same characters in
    # raw HTML of another attribute stay as written.
    doc = tree('<span title="lanting-link:0">x</span> [a](other.md)\n',
               link_map={"posts/other.md": "/posts/other/"})
    assert doc.one("span")["title"] == "lanting-link:0"
    assert doc.one("a")["href"] == "/posts/other/"


def test_links_are_recorded_with_line_and_column() -> None:
    # Broken links are reported by the check stage (test_check.py); rendering records them.
    result = render("Intro.\n\nSee [gone](missing.md).\n", body_line=5)
    assert result.problems == ()
    assert [(lk.url, lk.line, lk.column) for lk in result.links] == [("missing.md", 7, 12)]


def test_known_links_raise_no_warning() -> None:
    result = render("[a](other.md) [b](https://x.org/y.md)\n",
                    link_map={"posts/other.md": "/posts/other/"})
    assert result.problems == ()


def test_unknown_link_on_the_second_line_of_a_paragraph() -> None:
    result = render("First line\nsecond line [gone](missing.md)\n", body_line=6)
    [link] = result.links
    assert (link.line, link.column) == (7, 20)


# --- code ------------------------------------------------------------------------------


def test_fenced_code_is_escaped_and_keeps_its_language() -> None:
    code = "if a < b and c > d:\n    print('<script>&')\n"
    result = render(f"```python\n{code}```\n")
    assert "<script>" not in result.html
    doc = parse_html(result.html)
    pre = doc.one("pre")
    marked = [e for e in [pre, *pre.iter()] if "language-python" in e.classes]
    assert marked, result.html
    assert pre.raw_text().rstrip("\n").endswith("print('<script>&')")
    assert "if a < b and c > d:" in pre.raw_text()



@pytest.mark.parametrize(("lang", "code", "highlighted"), [
    ("yml", "key: [1, 2]  # note", True), ("YAML", "key: 1", True),
    ("jsonc", '{"a": [1, 2]}', True), ("patch", "- old\n+ new", True),
    ("log", "INFO step=1 loss=0.5", False), ("plaintext", "key: 1", False),
    ("csv", "a,b\n1,2", False),
    # highlight.js's and Prism's names (a real Hexo blog's `assembly` was a warning)
    ("assembly", "mov eax, 1", True), ("armasm", "add r0, r1, r2", True),
    ("mlir", "%0 = add i32 %a, %b", True), ("dotenv", "KEY=value", True),
    ("tsv", "a\tb", False), ("sqlite", "SELECT name FROM users;", True),
    # Hugo's own (a Hugo Blox site's posts on its templates were a dozen warnings)
    ("go-html-template", "<p>{{ .Title }}</p>", True),
    ("go-text-template", "{{ range .Pages }}{{ end }}", True),
    ("markmap", "# Plan\n## Read\n- papers", True),
    # Shiki's (Quartz's) Visual Basic: a Quartz garden's Excel macros were warnings
    ("vba", "Sub Hello()\n    MsgBox \"hi\"\nEnd Sub", True),
    ("vb", "Dim n As Integer", True),
    # highlight.js's VBScript (a Volantis blog's Windows scripts were warnings)
    ("vbs", "Set shell = CreateObject(\"WScript.Shell\")", True),
    # Typora's XML with a DTD (a plume site's Java notes: each Maven pom a warning)
    ("xml-dtd", "<dependency>\n  <groupId>org.example</groupId>\n</dependency>", True),
    # pseudocode: no language to highlight (a Quartz garden's algorithms were warnings)
    ("pseudocode", "for each track t:\n    predict(t)", False),
    ("pseudo", "repeat until converged", False),
    # Obsidian's Dataview queries (the import says what to do with them): DQL is plain,
    # DataviewJS is JavaScript
    ("dataview", "TABLE file.mtime FROM \"笔记\"", False),
    ("dataviewjs", "dv.list(dv.pages().file.name)", True),
    # Prism's (a Docusaurus wiki's notes were warnings): HTML as `markup`; ignore files
    ("markup", "<div class=\"a\">x</div>", True), ("gitignore", "node_modules/\n*.log", False),
    # Prism's base of the C family (a 2015 Shower deck's code: 4 warnings)
    ("clike", "int main(void) { return 0; }", True),
    # Vim script by GitHub's names (a systems engineer's MkDocs notes: 18 warnings)
    ("viml", "set number\nnnoremap <leader>w :w<CR>", True),
    ("vimscript", "let g:mapleader = ','", True),
    # WPF's XAML (a NexT blog's notes on WPF layout: 27 warnings)
    ("xaml", "<Grid>\n    <Button Content=\"确定\" Grid.Row=\"1\"/>\n</Grid>", True),
    # Shiki's names (Expressive Code, an Astro theme's demo post: 2 warnings)
    ("ps", "Get-ChildItem -Path C:\\", True), ("ansi", "\x1b[31mred\x1b[0m", False),
    # Typst by its file extension (an MkDocs blog's post on writing tools: 1 warning)
    ("typ", "#set page(width: 10cm)\n= Title\n$ a^2 + b^2 $", True),
    # "no highlighting" as highlight.js and Rouge read it (a Jekyll ML blog's ```code)
    ("code", "step 1: load the checkpoint", False), ("none", "x = 1", False),
    ("nohighlight", "x = 1", False), ("no-highlight", "x = 1", False),
    # Jinja by its package's name (a Hexo blog's Flask notes: 9 warnings)
    ("jinja2", "{% for user in users %}{{ user.name }}{% endfor %}", True),
    # Handlebars by its file extension (a Jekyll front-end blog's templates: 3 warnings)
    ("hbs", "<ul>{{#each items}}<li>{{name}}</li>{{/each}}</ul>", True),
    # MDX as Markdown (a Docusaurus blog's page on writing pages: 1 warning)
    ("mdx", "# Hello\n\n<Highlight color=\"#25c2a0\">**bold**</Highlight>", True),
    # a Compose file by its tool's name, and Obsidian's Tasks query (a Logseq graph's and
    # an Obsidian vault's notes: 1 and 2 warnings)
    ("docker-compose", "services:\n  web:\n    image: nginx", True),
    ("tasks", "not done\ndue before tomorrow", False),
])
def test_common_fence_names_pygments_lacks(lang: str, code: str, highlighted: bool) -> None:
    """` ```yml ` (Pygments says `yaml`) was "unknown code language" and unhighlighted."""
    result = render(f"```{lang}\n{code}\n```\n")
    assert result.problems == ()
    spans = parse_html(result.html).one("pre").find_all("span")
    assert any(s.get("class") not in ("line", None) for s in spans) is highlighted


@pytest.mark.parametrize(("lang", "code"), [
    ("CMakelists.txt", "cmake_minimum_required(VERSION 3.10)\nadd_executable(demo main.cpp)"),
    ("package.XML", "<package format=\"2\"><name>demo</name></package>"),
    ("src/main.rs", "fn main() { println!(\"hi\"); }"),
])
def test_a_fence_labelled_with_a_file_name_is_that_files_language(lang: str,
                                                                   code: str) -> None:
    """` ```CMakelists.txt ` (a robotics vault's notes label a fence with the file it
    shows, in any case) was an "unknown code language", unhighlighted: 16 warnings on
    one vault. The file's name says its language, as Pygments' patterns read it."""
    result = render(f"```{lang}\n{code}\n```\n")
    assert result.problems == ()
    spans = parse_html(result.html).one("pre").find_all("span")
    assert any(s.get("class") not in ("line", None) for s in spans)


def test_expressive_codes_start_line_number_is_read() -> None:
    """```` ```js showLineNumbers startLineNumber=5 ```` (Expressive Code's, on Astro
    blogs) numbered its lines from 1."""
    result = render("```js showLineNumbers startLineNumber=5\nlet a = 1;\n```\n")
    assert result.problems == ()
    assert 'data-ln="5"' in result.html


def test_a_fence_info_string_has_its_entities_and_escapes_read() -> None:
    """CommonMark reads entity references and backslash escapes in an info string:
    ```` ```plain&#x20;text ```` (notes exported from Feishu) is `plain text`, plain code,
    not the unknown language `plain&#x20;text` with a warning."""
    result = render("```plain&#x20;text\nls -l\n```\n\n```py&#116;hon\nx = 1\n```\n")
    assert result.problems == ()
    plain, python = parse_html(result.html).find_all("code")
    assert plain.get("class") == "language-plain" and python.get("class") == "language-python"


def test_a_mermaid_block_without_the_script_says_how_to_draw_it() -> None:
    """```` ```mermaid ```` on a site without `[markdown] mermaid` was an "unknown code
    language" whose hint named Pygments languages; it says how to get the diagram now."""
    result = render("文字\n\n```mermaid\ngraph TD; A-->B;\n```\n", body_line=5)
    (problem,) = result.problems
    assert problem.severity == "warning" and problem.line == 5 + 2
    assert "Mermaid diagram" in problem.message and "[markdown]" in (problem.hint or "")
    assert parse_html(result.html).one("pre").text() == "graph TD; A-->B;"


def test_mermaid_blocks_are_one_warning_a_page() -> None:
    """A page of twenty diagrams (a theme's demo) gave twenty warnings with one fix; one
    now, at the first. Another unknown language is still told at each block."""
    text = "```mermaid\na-->b\n```\n\n```foo\nx\n```\n\n```mermaid\nc-->d\n```\n"
    lines = [(p.line, p.message.split(" ")[0]) for p in render(text).problems]
    assert lines == [(1, "Mermaid"), (5, "unknown")]


def test_a_table_whose_header_cells_are_all_empty_has_no_header_row() -> None:
    """GFM needs a header row: a table without one is written with an empty one, which
    would show as a thin empty row (a header with one named cell stays)."""
    doc = tree("| | |\n|---|---|\n| a | b |\n\n| x | |\n|---|---|\n| c | d |\n")
    first, second = doc.find_all("table")
    assert first.find("thead") is None and len(first.find_all("tr")) == 1
    assert [th.text() for th in second.find_all("th")] == ["x", ""]

def test_inline_code_is_escaped() -> None:
    doc = tree("Use `<div>` here.\n")
    assert doc.one("code").text() == "<div>"


# --- math and dollars ------------------------------------------------------------------


def test_inline_math_is_not_markdown() -> None:
    result = render("Inline $x_1 * y_2$ here.\n")
    assert "<em>" not in result.html
    doc = parse_html(result.html)
    # either passed through for a client-side renderer, or converted at build time
    assert "$x_1 * y_2$" in doc.text() or doc.find("math") is not None, result.html


def test_display_math_is_not_markdown() -> None:
    result = render("$$\n\\sum_i x_i * y_i < 1\n$$\n")
    assert "<em>" not in result.html and "<p>" not in result.html
    doc = parse_html(result.html)
    assert "x_i * y_i" in doc.text() or doc.find("math") is not None, result.html


@pytest.mark.parametrize("text", ["$5 and $10", "价格从 $5 涨到 $10", "costs $5, not $10."])
def test_money_stays_plain_text(text: str) -> None:
    result = render(text + "\n")
    doc = parse_html(result.html)
    assert doc.find("math") is None
    assert not any("math" in e.classes for e in doc.iter())
    assert doc.one("p").text() == text
    assert result.problems == ()


def test_dollars_in_code_stay_code() -> None:
    doc = tree("Run `echo $HOME $PATH`.\n")
    assert doc.one("code").text() == "echo $HOME $PATH"


# --- excerpts --------------------------------------------------------------------------


def test_excerpt_is_text_before_the_more_marker() -> None:
    result = render("First *para*.\n\nSecond.\n\n<!-- more -->\n\nThird.\n")
    assert result.excerpt == "First para. Second."
    assert "more" not in result.html
    assert "Third." in result.html


def test_punctuation_glued_to_inline_code_stays_in_excerpt_and_headings() -> None:
    result = render("## 用 `fit()`，再看 $x$。\n\n先读 `ray_trainer.py`，再读 `core_algos.py`。\n")
    assert result.excerpt == "先读 ray_trainer.py，再读 core_algos.py。"
    [heading] = result.headings
    assert heading.text.startswith("用 fit()，再看")
    assert "<code>fit()</code>，" in heading.html


def test_excerpt_defaults_to_the_first_paragraph() -> None:
    result = render("## Heading\n\nFirst [para](https://x.org).\n\nSecond.\n")
    assert result.excerpt == "First para."


def test_more_marker_works_without_raw_html() -> None:
    result = render("Before.\n\n<!-- more -->\n\nAfter.\n", raw_html=False)
    assert result.excerpt == "Before."
    assert "more" not in result.html


def test_raw_html_can_be_turned_off() -> None:
    assert "<b>" in render("<b>x</b>\n").html
    assert "<b>" not in render("<b>x</b>\n", raw_html=False).html


def test_plain_text_for_reading_time() -> None:
    result = render("# 标题\n\n正文 **加粗** and `code`.\n")
    assert result.cjk_chars == 6  # 标题 正文 加粗
    assert result.words == 2  # and, code


def test_headings_do_not_take_the_ids_of_the_theme() -> None:
    """`## TOC title` would give the page two `toc-title` elements (the table of
    contents' heading has it); each fixed id of the templates is kept for them."""
    import re

    from lanting.markdown.anchors import THEME_IDS

    templates = Path(__file__).parents[1] / "src/lanting/theme/templates"
    fixed = {m for path in templates.glob("*.html")
             for m in re.findall(r'\bid="([a-z][a-z-]*)"', path.read_text(encoding="utf-8"))}
    assert fixed <= set(THEME_IDS)
    doc = tree("## TOC title\n\n## Main\n\n## Main\n")
    assert [h["id"] for h in doc.find_all("h2")] == ["toc-title-1", "main-1", "main-2"]


@pytest.mark.parametrize(("fence", "lang", "title", "first_number"), [
    ("{.python filename=\"train.py\"}", "python", "train.py", None),  # Quarto, Pandoc class
    ("python title=\"x.py\" linenums=\"3\"", "python", "x.py", "3"),  # MkDocs
    ("{.python .numberLines startFrom=\"5\"}", "python", None, "5"),  # Pandoc
    ("python {hl_lines=\"2\" title=\"a.py\"}", "python", "a.py", None),  # Lanting's own
    ("python{2}:line-numbers=7 [train.py]", "python", "train.py", "7"),  # VitePress
    ("python {1,2} title=\"a.py\" showLineNumbers", "python", "a.py", "1"),  # Docusaurus
])
def test_code_fences_of_pandoc_quarto_and_mkdocs(fence: str, lang: str, title: str | None,
                                                 first_number: str | None) -> None:
    """These lost their language (no highlighting) and their file name, silently."""
    rendered = render(f"```{fence}\nimport torch\nx = 1\n```\n")
    doc = parse_html(rendered.html)
    assert doc.one("code")["class"] == f"language-{lang}"
    shown = doc.find("div", class_="code-title")
    assert (shown.text() if shown else None) == title
    number = doc.find("span", class_="ln")
    assert (number["data-ln"] if number else None) == first_number
    assert rendered.problems == ()


@pytest.mark.parametrize("fence", ["python{2,4-5}", "python {2,4-5}",
                                   "python {hl_lines=\"2 4-5\"}",
                                   "python {linenos=false,hl_lines=[2,\"4-5\"]}",
                                   "python {hl_lines=[2, 4, 5], linenostart=1}"])
def test_highlighted_lines_of_vitepress_and_docusaurus(fence: str) -> None:
    """VitePress's `python{2,4-5}` was an unknown language `python{2,4-5`; Docusaurus's
    `python {2,4-5}` lost its lines; so did Hugo's options separated by commas, with
    their lines as a list (a deck copied by hand from a Hugo site), without a word."""
    rendered = render(f"```{fence}\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n```\n")
    lines = parse_html(rendered.html).find_all("span", class_="line")
    assert ["hl" in line.classes for line in lines] == [False, True, False, True, True]
    assert rendered.problems == ()


def test_code_styler_options_of_obsidian_notes() -> None:
    """Obsidian's Code Styler writes a fence's options `key:value`, `java hl:2,4-5
    title:Main.java ln:3`, and a block of no language as ```` ``` hl:2 ````: the options
    were words Lanting did not read, and `hl:2` was an unknown language, warned of."""
    rendered = render("```java hl:2 title:Main.java ln:3\na;\nb;\n```\n\n"
                      "``` hl:1\nlog line\n```\n")
    doc = parse_html(rendered.html)
    first, second = doc.find_all("code")
    assert first["class"] == "language-java"
    assert doc.one("div", class_="code-title").text() == "Main.java"
    assert doc.find("span", class_="ln")["data-ln"] == "3"
    assert ["hl" in line.classes for line in doc.find_all("span", class_="line")] == [
        False, True, True]
    assert "language-hl" not in str(second.attrs.get("class", ""))
    assert rendered.problems == ()


def test_a_quarto_cell_is_shown_as_code_with_a_warning() -> None:
    rendered = render("Intro.\n\n```{python}\nimport torch\n```\n", body_line=4)
    assert parse_html(rendered.html).one("code")["class"] == "language-python"
    [problem] = rendered.problems
    assert problem.severity == "warning" and problem.line == 6 and "Quarto runs" in \
        problem.message


def test_a_block_shortcode_on_the_line_after_text_ends_the_paragraph() -> None:
    """`> text` then `> {{< video … >}}` put the video's <figure> inside the <p> (the
    browser then closed the paragraph early); an inline one (`cite`) stays in it."""
    video = '{{< video youtube="dQw4w9WgXcQ" >}}'
    doc = tree(f"> In a quote:\n> {video}\n\nText\n{video}\n\nA line\n{{{{< cite x >}}}}\n")
    for figure in doc.find_all("figure"):
        assert figure.parent is not None and figure.parent.tag != "p"
    assert len(doc.find_all("figure")) == 2
    last = doc.find_all("p")[-1]
    assert last.find("span", class_="cite-missing") is not None


def test_emoji_shortcodes_can_be_turned_off() -> None:
    """`[markdown] emoji = false` keeps `:rocket:` as written (it is on by default: the
    shortcodes were printed as text, where GitHub, jemoji and HackMD show emoji)."""
    context = RenderContext(path=SOURCE, rel="posts/a.md")
    on = render_markdown("上线 :rocket:\n", context, MarkdownOptions())
    off = render_markdown("上线 :rocket:\n", context, MarkdownOptions(emoji=False))
    assert parse_html(on.html).text().strip() == "上线 🚀"
    assert parse_html(off.html).text().strip() == "上线 :rocket:"


def test_a_definition_list_is_one() -> None:
    """`Term` then `: definition` (Pandoc, kramdown, MkDocs) was a paragraph with a colon."""
    doc = tree("张量并行\n: 按列切分权重。\n")
    assert doc.one("dt").text() == "张量并行" and doc.one("dd").text() == "按列切分权重。"


def test_a_div_no_block_reads_is_a_div_and_a_warning_at_its_line() -> None:
    """`::: {.aside}` (Pandoc) and `:::sidebar` printed their `:::` lines around the
    content without a word; Quarto's columns are laid out without one."""
    result = render("文字\n\n::: {.aside}\n旁注\n:::\n\n:::: {.columns}\n::: {.column}\n左\n"
                    ":::\n::::\n", body_line=3)
    doc = parse_html(result.html)
    assert ":::" not in doc.text()
    assert doc.one("div", class_="aside").text().strip() == "旁注"
    (problem,) = result.problems
    assert problem.severity == "warning" and problem.line == 3 + 2
    assert "{.aside}" in problem.message


def test_a_div_of_key_values_is_a_div_with_its_style() -> None:
    """Pandoc's attributes need not start with a class: a lecture deck's `::: {style=
    "font-size: 80%"}` was shown as text, `:::` lines and all, and a column's own
    `style` was dropped. The div keeps its style (no warning: it has a look of its own);
    a quoted `#f00` or `.8em` is no id or class."""
    result = render('::: {style="font-size: 80%; color: #f00"}\nsmall *text*\n:::\n\n'
                    ':::: {.columns}\n::: {.column width="40%" style="padding: .5em"}\nleft\n'
                    ":::\n::::\n")
    doc = parse_html(result.html)
    assert ":::" not in doc.text() and result.problems == ()
    small = doc.one("div", style="font-size: 80%; color: #f00")
    assert small.one("em").text() == "text" and "id" not in small.attrs
    column = doc.one("div", class_="column")
    assert column["style"] == "flex-basis:40%;padding: .5em"


def test_a_quoted_value_may_hold_braces() -> None:
    """The R Markdown Cookbook gives a div its LaTeX in a quoted value, `data-latex=
    "{0.48\\textwidth}"`, braces and all, as Pandoc allows: the opening was no div's,
    its `:::` lines text, and the closing of the div around it "closed no block"."""
    result = render(':::: {.columns}\n::: {.column data-latex="{0.48\\textwidth}"}\n'
                    "left\n:::\n::::\n")
    doc = parse_html(result.html)
    assert ":::" not in doc.text() and result.problems == ()
    assert doc.one("div", class_="column").text().strip() == "left"


def test_plain_blocks_written_alike_are_one_warning() -> None:
    """A lecture deck's own layout class (`::: {.col-6}` on every slide) gave one warning
    per use, 92 for one series: one per way of writing it, at its first line, saying how
    many more the page has."""
    result = render("::: {.col-6}\n左\n:::\n\n::: {.col-6}\n右\n:::\n\n::: {.aside}\n旁注\n:::"
                    "\n\n::: {.col-6}\n下\n:::\n", body_line=1)
    assert [(p.line, p.message.split("`")[1]) for p in result.problems] == [
        (1, "::: {.col-6}"), (9, "::: {.aside}")]
    assert "nor for the 2 more like it on this page, from line 5" in result.problems[0].message
    assert "more like it" not in result.problems[1].message


@pytest.mark.parametrize("breaks", [False, True])
def test_line_ends_are_breaks_when_the_site_says_so(
        make_site: Callable[..., Path], post: Callable[..., str], breaks: bool) -> None:
    """HackMD's notes (and Hexo's default renderer) break the line at every line end; a
    site of them set nothing that did so, and lines ran together (`[markdown] breaks`)."""
    from lanting.build import build
    from lanting.build.options import BuildOptions

    config = 'title = "T"\n[search]\nenabled = false\n[markdown]\nbreaks = ' + str(breaks).lower()
    site = make_site({"lanting.toml": config + "\n",
                      "content/posts/a.md": post("A", "2026-01-02", body="第一行\n第二行\n")})
    build(site, BuildOptions(output=site / "out"))
    prose = parse_html((site / "out/posts/a/index.html").read_text(encoding="utf-8"))
    assert (prose.one("div", class_="prose").find("br") is not None) is breaks


def test_attributes_written_against_the_language_are_read() -> None:
    """```` ```shell{filename="user-data"} ```` (a Quarto blog's) was the unknown language
    `shell{filename="user-data"`, with a warning; it is `shell` titled `user-data`, as
    with a space between. VitePress's `python{2}` still highlights line 2."""
    result = render('```shell{filename="user-data"}\nls\n```\n\n```python{2}\na = 1\nb = 2\n```\n')
    assert result.problems == ()
    shell, python = parse_html(result.html).find_all(class_="code-block")
    assert shell.one("code")["class"] == "language-shell"
    assert "user-data" in shell.text()
    assert ["hl" in line["class"] for line in python.find_all("span", class_="line")] == [
        False, True]


def test_plantuml_diagrams_are_one_warning_a_page_that_says_what_to_do() -> None:
    """```` ```plantuml ```` (Slidev draws it with a PlantUML server; a real deck had
    six) was an "unknown code language" each, whose hint named Pygments languages."""
    text = "```plantuml\n@startuml\nA -> B\n@enduml\n```\n\n```plantuml\nB -> C\n```\n"
    (problem,) = render(text).problems
    assert problem.message == "PlantUML diagrams shown as their code (this page's first)"
    assert "-tsvg" in (problem.hint or "")


def test_a_wiki_link_in_raw_html_code_is_code() -> None:
    """`<code>[[x]]</code>` (a VuePress page about its own syntax) was a wiki link to no
    note, a build error; it is code, as `` `[[x]]` `` is. Outside the code it links."""
    result = render("写 <code>[[笔记]]</code> 或 <kbd>[[x]]</kbd>，见 [[Other]]。\n")
    page = parse_html(result.html)
    assert page.one("code").text() == "[[笔记]]" and page.one("kbd").text() == "[[x]]"
    assert [a.text() for a in page.find_all("a")] == ["Other"]


def test_lines_marked_added_and_removed_show_as_a_diff() -> None:
    """Expressive Code's `ins={3-4} del={2} mark={1}` (Astro themes' posts) were read as
    nothing: the block showed no mark at all, and no warning said so."""
    doc = tree('```js title="a.js" ins={3-4} del={2} mark={1}\nconst a = 1;\nconst b = 2;\n'
               'const c = 3;\nconst d = 4;\n```\n\n```js ins="let x"\nlet x = 1;\n```\n')
    first, second = doc.find_all("pre")
    assert [line["class"] for line in first.find_all("span", class_="line")] == [
        "line hl", "line del", "line ins", "line ins"]
    assert [line["class"] for line in second.find_all("span", class_="line")] == ["line"]


def test_a_quarto_callout_with_an_id_first_is_a_callout_with_that_id() -> None:
    """`::: {#emm-experiments .callout-note}` (Pandoc writes the id first; an R blog's
    notes did): it was a plain block with a warning, and the id of `{.callout-tip
    #x}` was lost, so a link to it was broken."""
    rendered = render("::: {#emm-experiments .callout-note}\n### Use them on experiments\n"
                      "Not on observational data.\n:::\n\n"
                      "::: {.callout-tip #tip-start collapse=\"true\"}\nStart small.\n:::\n\n"
                      "See [the note](#emm-experiments) and [the tip](#tip-start).\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    note, tip = doc.find_all(class_="callout")
    assert (note.tag, note.get("id"), note.get("class")) == (
        "div", "emm-experiments", "callout callout-note")
    assert note.one(class_="callout-title").text() == "Use them on experiments"
    assert (tip.tag, tip.get("id")) == ("details", "tip-start")


def test_a_quarto_callout_of_no_kind_and_the_bare_forms_are_callouts() -> None:
    """`::: {.callout}` (Quarto's plain box, a book's exercises) and the bare forms
    Pandoc reads as one class, `::: callout-tip` and `::: callout`, were plain blocks
    with a warning each. The plain one is a note-coloured box, titled only by a heading
    first, as Quarto showed it."""
    rendered = render("::: {.callout}\n## Exercise: how fast is it?\nTime it.\n:::\n\n"
                      "::: callout-tip\nVectorise.\n:::\n\n::: callout\nNo title.\n:::\n")
    assert rendered.problems == ()
    boxes = parse_html(rendered.html).find_all(class_="callout")
    assert [b.get("class") for b in boxes] == [
        "callout callout-note", "callout callout-tip", "callout callout-note"]
    assert boxes[0].one(class_="callout-title").text() == "Exercise: how fast is it?"
    assert boxes[2].find(class_="callout-title") is None


def test_highlight_js_class_as_a_language_is_plain_text() -> None:
    """```` ``` hljs ```` (highlight.js's class, left as the language when an R blog's
    pages were converted from their HTML; 149 output blocks on one site) was an unknown
    code language each."""
    rendered = render("``` hljs\n## Observations: 17,981\n```\n")
    assert rendered.problems == ()
    assert "Observations: 17,981" in parse_html(rendered.html).one("pre").text()


def test_container_rules_scan_for_code_only_from_a_container_s_opening(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The `:::` rules look for fenced code inside a block so that a `:::` line in it never
    ends the block. They scanned the rest of the document from every line a block could
    start at: a 5 MB post of short paragraphs took minutes. They scan from an opening
    line only, and only up to the line that closes it."""
    from lanting.markdown import containers

    scanned: list[int] = []
    original = containers._code_lines

    def counted(state: StateBlock, begin: int, end: int, marker: str) -> list[int]:
        found = original(state, begin, end, marker)
        scanned.append(begin)
        return found

    monkeypatch.setattr(containers, "_code_lines", counted)
    paragraphs = "这是一段中文 text with *emphasis* and $x^2$.\n\n" * 300
    render(paragraphs)
    assert scanned == []
    result = render(paragraphs + "::: tip\n```markdown\n:::\n```\n:::\n\n" + paragraphs)
    assert len(scanned) == 1
    assert result.html.count('class="callout callout-tip"') == 1 and ":::" in result.html


@pytest.mark.parametrize(("lang", "suggested"), [
    ("pyhton", "python"), ("javscript", "javascript"), ("bsah", "bash"), ("yamll", "yaml"),
    ("cron", None), ("config", None), ("stylus", None),
])
def test_a_misspelt_fence_language_s_hint_names_the_language(lang: str,
                                                             suggested: str | None) -> None:
    """` ```pyhton ` (a real notes site, twice): the hint named python, bash, yaml and cpp
    as examples, not the one meant. A name one slip from another (a letter wrong in a
    longer word, missing, extra, or two swapped) is suggested; `cron` is no `croc`."""
    (problem,) = render(f"```{lang}\nx\n```\n").problems
    assert problem.hint is not None
    assert (f"did you mean `{suggested}`?" in problem.hint) if suggested else \
        "did you mean" not in problem.hint


def test_markdown_in_html_not_in_a_tags_attributes_and_at_its_line() -> None:
    """A notebook widget's `<iframe srcdoc="…">` holds a page of script over lines: a
    line of it (`list.add([{…}]);`, `## …`) was taken for Markdown shown as written. The
    warning for a real one is at its line, after a script above it in the block (the
    script's text, taken out, moved it up)."""
    widget = render('<iframe class="grid" width="100%"\nsrcdoc="&lt;script&gt;\n'
                    'list.add([{&quot;a&quot;: 1}]);\n## not a heading\n">\n</iframe>\n')
    assert widget.problems == ()
    [problem] = render('Intro.\n\n<p align="center"><img src="a.png"\nalt="x"><script>\n'
                       'var a;\nvar b = 1;\n</script></p>\n**bold** after\n').problems
    assert problem.message.endswith("`**bold** after`") and problem.line == 8
