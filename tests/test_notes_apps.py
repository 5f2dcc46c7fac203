"""What Typora, Obsidian and Notion users write (`markdown/notes_apps.py`): each was shown
as written, and Obsidian's private comments were published (a new user's sweep)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import parse_html

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=4, base_path="/")


def render(text: str, heading_ids: str = "lanting") -> RenderedMarkdown:
    return render_markdown(text, CONTEXT, MarkdownOptions(heading_ids=heading_ids))


@pytest.mark.parametrize("text", ["这是==重点==。", "==**粗体**高亮==", "a ==b== c"])
def test_double_equals_marks_text_in_chinese_too(text: str) -> None:
    rendered = render(text + "\n")
    marks = parse_html(rendered.html).find_all("mark")
    assert len(marks) == 1 and "=" not in parse_html(rendered.html).text()


@pytest.mark.parametrize("text", ["a == b", "x==y", "`a==b==c`", "=== x ==="])
def test_equals_signs_that_mark_nothing_stay(text: str) -> None:
    rendered = render(text + "\n")
    assert parse_html(rendered.html).find("mark") is None


@pytest.mark.parametrize("marker", ["[TOC]", "[toc]", "[[_TOC_]]", "[[TOC]]",
                                    "@[TOC](文章目录)", "@[toc](这里写目录标题)"])
def test_a_toc_marker_is_left_out(marker: str) -> None:
    rendered = render(f"{marker}\n\n## One\n\nText.\n")
    assert "TOC" not in rendered.html.upper().replace('ID="ONE"', "")
    assert rendered.problems == ()
    assert [h.id for h in rendered.headings] == ["one"]


def test_wiki_links_and_embedded_images_link_beside_the_page() -> None:
    rendered = render("见 [[other-note]]、[[My Note#Section 2|那一节]] 与 [[#本页标题]]。\n\n"
                      "![[diagram.png]] ![[figs/loss curve.png|300]]\n")
    assert rendered.problems == ()
    links = [(link.url, link.target, link.image) for link in rendered.links]
    assert links == [("other-note.md", "posts/other-note.md", False),
                     ("My%20Note.md#section-2", "posts/My Note.md", False),
                     ("#%E6%9C%AC%E9%A1%B5%E6%A0%87%E9%A2%98", None, False),  # as `(#…)`
                     ("diagram.png", "posts/diagram.png", True),
                     ("figs/loss%20curve.png", "posts/figs/loss curve.png", True)]
    doc = parse_html(rendered.html)
    texts = [a.text() for a in doc.find_all("a")]
    assert texts == ["other-note", "那一节", "本页标题"]
    assert doc.find_all("a")[2]["href"] == "#%E6%9C%AC%E9%A1%B5%E6%A0%87%E9%A2%98"
    images = doc.find_all("img")
    assert [(i["alt"], i.get("width")) for i in images] == [("diagram", None),
                                                           ("loss curve", "300")]


def test_a_wiki_links_escaped_pipe_parts_name_and_text() -> None:
    """`[[Note\\|Shown]]`, the pipe escaped as a table needs it (Obsidian's Digital
    Garden writes every aliased link so): the link led to `Note\\.md`, and a garden
    of 380 notes failed its build with 1,774 broken links."""
    rendered = render("参考 [[180°法则\\|法则]] 与 [[My Note#Part 2\\|那一节]]、"
                      "![[loss.png\\|300]]。\n")
    assert rendered.problems == ()
    assert [(link.url, link.image) for link in rendered.links] == [
        ("180%C2%B0%E6%B3%95%E5%88%99.md", False), ("My%20Note.md#part-2", False),
        ("loss.png", True)]
    assert [a.text() for a in parse_html(rendered.html).find_all("a")] == ["法则", "那一节"]


def test_a_heading_of_a_wiki_link_takes_the_sites_id_style() -> None:
    rendered = render("[[Note#My_Var Name]]\n", heading_ids="github")
    assert rendered.links[0].url == "Note.md#my_var-name"


@pytest.mark.parametrize("text", ["[[1, 2], [3, 4]]", "[[1,2]]", "[[a, b]]"])
def test_nested_lists_in_prose_are_no_wiki_links(text: str) -> None:
    rendered = render(text + "\n")
    assert rendered.links == () and parse_html(rendered.html).find("a") is None


@pytest.mark.parametrize("text", ["| [[:alpha:]] | 任何字母 |", "用 [[:digit:]] 匹配数字",
                                  "[[.hyphen.]] 与 [[=e=]]"])
def test_posix_character_classes_are_no_wiki_links(text: str) -> None:
    """`[[:alpha:]]` (a post on regular expressions listed eight in a table) was a link
    to `:alpha:.md`, and the build failed on it; the text is shown as written."""
    rendered = render(text + "\n")
    assert rendered.links == () and parse_html(rendered.html).find("a") is None
    assert "[[" in parse_html(rendered.html).text()


@pytest.mark.parametrize("text", ['输入：board = [["X"]]', '[["a"]]', "[['x']]",
                                  'grid = [["1","0"],["0","1"]]'])
def test_lists_of_quoted_strings_are_no_wiki_links(text: str) -> None:
    # (a LeetCode example in prose; Obsidian's note names can hold no `"`, and one in
    # quotes is a string)
    rendered = render(text + "\n")
    assert rendered.links == () and parse_html(rendered.html).find("a") is None
    assert "[[" in parse_html(rendered.html).text()


def test_a_note_named_with_a_colon_inside_is_still_a_link() -> None:
    assert [link.url for link in render("[[Ch 1: Intro]]\n").links] == ["Ch%201%3A%20Intro.md"]


def test_an_embedded_note_is_a_link_and_a_warning_at_its_line() -> None:
    rendered = render("Text.\n\n![[other-note]]\n")
    [problem] = rendered.problems
    assert (problem.line, problem.severity) == (6, "warning")
    assert "embeds a note" in problem.message
    assert [link.url for link in rendered.links] == ["other-note.md"]


def test_obsidian_comments_are_left_out() -> None:
    rendered = render("正文 %%私人备注：不要发布%% 继续。\n\n%%\n整段私人笔记\n\n多行\n%%\n\n"
                      "结束，`%%time` 与 %%timeit 无闭合。\n")
    text = parse_html(rendered.html).text()
    assert "私人" not in text and "多行" not in text
    assert "正文 继续。" in text
    assert "%%time" in text and "%%timeit 无闭合" in text
    assert rendered.excerpt == "正文 继续。"


def test_a_percent_sign_list_item_does_not_hide_the_page_after_it() -> None:
    """`- %% 百分号标记` (a list of Python's format marks) opened a comment block that ran
    past its list item to a `# %%` cell mark in a code block far below: the headings
    between were gone, and the table of contents' links to them failed the build. A
    comment block ends with the block it is in."""
    rendered = render("- %d 整数\n- %% 百分号标记\n\n## 随机数\n\n用 randint。\n\n"
                      "```python\n# %%\nprint(1)\n```\n")
    page = parse_html(rendered.html)
    assert [h.text() for h in page.find_all("h2")] == ["随机数"]
    assert "%% 百分号标记" in page.find("ul").text()
    # (nor does an unclosed one at the top: a code block's `# %%` closes nothing)
    rendered = render("%% 百分号标记\n\n## 随机数\n\n```python\n# %%\nprint(1)\n```\n")
    assert [h.text() for h in parse_html(rendered.html).find_all("h2")] == ["随机数"]


def test_an_image_whose_alt_text_has_brackets_is_no_embedded_note() -> None:
    """`![[公式]](…)`: how Zhihu's exporters write every formula (CommonMark's image)."""
    rendered = render("见 ![[示意图]](fig.png) 与 [[草稿]](draft.md)。\n")
    assert rendered.problems == ()
    assert [(link.url, link.image) for link in rendered.links] == [("fig.png", True),
                                                                   ("draft.md", False)]
    assert parse_html(rendered.html).find("img").attrs["alt"] == "[示意图]"


def test_typora_subscripts_and_superscripts() -> None:
    page = parse_html(render("水是 H~2~O，内存 2^10^ 字节，log~2~n。\n").html)
    assert [(e.tag, e.text()) for e in page.find_all("sub") + page.find_all("sup")] == [
        ("sub", "2"), ("sub", "2"), ("sup", "10")]
    assert "~" not in page.text() and "^" not in page.text()


@pytest.mark.parametrize("text", ["3~5天，6~8天", "约 3~5 天", "~~删去~~", "x^2 + y^2",
                                  "~/a 与 ~/b", "`H~2~O`", "$x^2^$"])
def test_tildes_and_carets_that_are_no_sub_or_sup(text: str) -> None:
    page = parse_html(render(text + "\n").html)
    assert page.find("sub") is None and page.find("sup") is None


def test_a_logseq_tag_of_several_words_is_text_not_a_link() -> None:
    """`#[[扩散 模型]]` was a link to `扩散 模型.md`, a broken link that failed the build."""
    rendered = render("标签 #[[扩散 模型]] 与 #ml，见 [[笔记]]。\n")
    assert [link.url for link in rendered.links] == ["%E7%AC%94%E8%AE%B0.md"]
    assert "#扩散 模型 与 #ml" in parse_html(rendered.html).text()


def test_obsidian_block_ids_and_links_to_them() -> None:
    """`… ^para1` ending a paragraph is Obsidian's block id, which `[[#^para1]]` links to:
    the marker was shown as text and the link failed the build ("no anchor #para1")."""
    result = render("定理成立。 ^para1\n\n- 列表项 ^item-2\n\n"
                    "见 [[#^para1]] 与 [[#^item-2|列表]]。\n\nx ^ y and `a ^b` stay.\n")
    doc = parse_html(result.html)
    assert doc.one("p", id="^para1").text() == "定理成立。"
    assert doc.one("li").text() == "列表项"
    assert doc.find(id="^item-2") is not None
    assert [a["href"] for a in doc.find_all("a")] == ["#%5Epara1", "#%5Eitem-2"]
    assert "x ^ y and" in doc.text() and result.problems == ()


def test_a_block_id_on_the_paragraphs_last_line_of_its_own() -> None:
    """`>^arclength` closing a quote (or a callout's list) on a line of its own, as
    Obsidian wrote it: Quartz gave the paragraph the id; Lanting showed `^arclength` and
    the links to it failed the build ("no anchor")."""
    result = render("> 弧长参数化\n>^arclength\n\n> [!info] 理念\n> - 其一\n> - 其二\n>^idea\n")
    doc = parse_html(result.html)
    assert doc.one("p", id="^arclength").text().strip() == "弧长参数化"
    assert doc.find(id="^idea") is not None and "^" not in doc.text()


VAULT = {
    "content/posts/x/index.md": "---\ntitle: X\ndate: 2026-01-01\nsummary: After [[z]].\n"
                                "---\nSee [[ring-attention]], [[about#Contact|me]], [[z]] and "
                                "![[diagram.png]].\n",
    "content/posts/ring-attention/index.md": "---\ntitle: Ring\ndate: 2026-01-02\n---\nRing.\n",
    "content/posts/z.md": "---\ntitle: Z\ndate: 2026-01-03\n---\nZ.\n",
    "content/pages/About.md": "---\ntitle: About\n---\n## Contact\n\nMail.\n",
}


def test_wiki_links_find_notes_and_attachments_by_name(make_site, build_site) -> None:
    """Obsidian finds `[[Note]]` and `![[figure.png]]` anywhere in the vault, names in
    any case; Lanting looked only beside the page, so a post in its bundle folder linking
    another post, a page, or an image kept in `attachments/` failed the build ("broken
    link")."""
    from sitebits import png, read

    site = make_site({**VAULT, "content/attachments/diagram.png": png(40, 20)})
    page = read(build_site(site).output, "posts/x/index.html").one("main")
    hrefs = [a["href"] for a in page.find_all("a") if a.get("href", "").startswith("/")]
    assert hrefs[:3] == ["/posts/ring-attention/", "/about/#contact", "/posts/z/"]
    assert [i["src"] for i in page.find_all("img")] == ["/attachments/diagram.png"]
    listed = read(site / "public", "blog/index.html").one("main")  # (the summary's link)
    assert "/posts/z/" in [a["href"] for a in listed.find_all("a")]


def test_a_name_two_files_have_is_a_broken_link_at_its_line(make_site) -> None:
    from lanting.build import BuildOptions, build
    from lanting.errors import LantingError

    site = make_site({
        "content/posts/x/index.md": "---\ntitle: X\ndate: 2026-01-01\n---\nText.\n\n[[notes]]\n",
        "content/posts/a/notes.md": "---\ntitle: A\ndate: 2026-01-02\n---\nA.\n",
        "content/posts/b/notes.md": "---\ntitle: B\ndate: 2026-01-03\n---\nB.\n",
    })
    with pytest.raises(LantingError) as raised:
        build(site, BuildOptions(output=site / "public"))
    [problem] = [p for p in raised.value.problems if "notes.md" in p.message]
    assert (problem.path.name, problem.line) == ("index.md", 7)


def test_typora_links_to_headings_by_their_text() -> None:
    """Typora follows `[text](#2. Logistic Regression)` to the heading of that text,
    spaces and all, and notes link their sections so (a table of contents, "见第 2 节"):
    CommonMark takes no space in a destination, so a deep-learning course's notes
    (MathsCode/DeepLearning) showed a dozen such links as their brackets."""
    result = render("## 目录\n\n- [准备](#一、 准备工作)\n- [向量化](#3. 多样本 向量化(forward "
                    "propagation))\n- [二分类](# 1. Binary Classification) 与 [S](#Softmax)\n"
                    "\n### 1. Binary Classification\n\n## 一、 准备工作\n\n"
                    "### 3. 多样本 向量化(forward propagation)\n\n## Softmax\n")
    doc = parse_html(result.html)
    ids = [h["id"] for h in doc.find_all(id=True)][1:]
    hrefs = [unquote(a["href"]) for a in doc.find_all("a")]
    assert hrefs == ["#" + ids[1], "#" + ids[2], "#" + ids[0], "#" + ids[3]]
    assert [a.text() for a in doc.find_all("a")] == ["准备", "向量化", "二分类", "S"]
    assert "](" not in doc.text() and result.problems == ()


def test_a_spaced_fragment_naming_no_heading_is_left_to_the_check() -> None:
    """A link to no heading is a link all the same, recorded at its line and column for
    the check stage's "no anchor"; CommonMark's own forms are untouched: a title after
    the destination, a path with a space (`/my uri`, text)."""
    result = render("# T\n\n见 [别处](#not a heading)，[t](#t \"title\") 与 [p](/my uri)。\n")
    doc = parse_html(result.html)
    assert [(a["href"], a.get("title")) for a in doc.find_all("a")] == [
        ("#not%20a%20heading", None), ("#t", "title")]
    assert "[p](/my uri)" in doc.text()
    assert (result.links[0].line, result.links[0].column) == (6, 8)


def test_a_markdown_link_to_a_bare_name_finds_the_file_as_obsidian_does(
        make_site, build_site) -> None:
    """Obsidian writes Markdown links with the shortest path that finds the file, its
    name alone when that is unique in the vault (`![](attn.drawio.svg)` for
    `notes/images/attn.drawio.svg`): a real vault of LLM notes (msests/LLMStudy) failed
    the build with seven "missing image" errors. A name found beside the page, a path
    with a folder, and a name two files share keep Lanting's own rules."""
    from sitebits import png, read

    from lanting.build import BuildOptions, build
    from lanting.errors import LantingError

    files = {
        "content/posts/kv.md": "---\ntitle: KV\ndate: 2026-01-01\n---\n"
                               "![缓存](kv-cache.png)\n\n见 [RoPE 笔记](rope.md)。\n",
        "content/posts/notes/images/kv-cache.png": png(30, 10),
        "content/posts/rope/index.md": "---\ntitle: RoPE\ndate: 2026-01-02\n---\nRoPE.\n",
    }
    page = read(build_site(make_site(files)).output, "posts/kv/index.html").one("main")
    assert [i["src"] for i in page.find_all("img")] == ["/posts/notes/images/kv-cache.png"]
    assert "/posts/rope/" in [a["href"] for a in page.find_all("a")]

    broken = make_site({**files, "content/posts/kv.md": "---\ntitle: KV\ndate: 2026-01-01"
                        "\n---\n![缓存](figs/kv-cache.png)\n"}, name="broken")
    with pytest.raises(LantingError) as raised:
        build(broken, BuildOptions(output=broken / "public"))
    [problem] = raised.value.problems
    assert (problem.path.name, problem.line) == ("kv.md", 5)


def test_a_raw_image_from_the_root_written_with_backslashes(make_site, build_site) -> None:
    """Typora on Windows writes `<img src="\\Images\\x.png" style="zoom:33%">`, which
    browsers read as `/Images/x.png`: a real course's notes (MathsCode/DeepLearning) with
    the images in `static/Images/` failed the build ("no file at
    /posts/notes/\\Images\\x.png"). Now it is a root-relative URL, base path and all,
    checked like one."""
    from sitebits import png, read

    from lanting.build import BuildOptions, build
    from lanting.errors import LantingError

    post = ('---\ntitle: 笔记\ndate: 2026-01-01\n---\n梯度：\n\n'
            '<img src="\\Images\\grad-1.png" alt="grad" style="zoom:33%;" />\n')
    files = {"lanting.toml": 'title = "T"\nbase_url = "https://x.org/dl/"\n',
             "content/posts/notes.md": post, "static/Images/grad-1.png": png(20, 10)}
    page = read(build_site(make_site(files)).output, "posts/notes/index.html").one("main")
    assert page.one("img")["src"] == "/dl/Images/grad-1.png"

    missing = make_site({**files, "static/Images/grad-1.png": None}, name="missing")
    with pytest.raises(LantingError) as raised:
        build(missing, BuildOptions(output=missing / "public"))
    [problem] = raised.value.problems
    assert (problem.path.name, problem.line) == ("notes.md", 7)
    assert "static/Images/grad-1.png" in problem.message


def test_a_missing_image_names_the_file_of_its_name_elsewhere(make_site) -> None:
    """Typora pastes a note's images into `<note>.assets/`; renaming the note (here
    `注意力.md` to `attention/index.md`) leaves its links pointing at the old folder: a
    real CUDA course's notes failed with 21 "missing image" errors whose hint said to put
    the image beside the page, which it was, under the folder's new name."""
    from sitebits import png

    from lanting.build import BuildOptions, build
    from lanting.errors import LantingError

    site = make_site({
        "content/posts/attention/index.md": "---\ntitle: A\ndate: 2026-01-01\n---\n"
        "![](注意力.assets/image-2022.png)\n\n<img src=\"注意力.assets/image-2022.png\" "
        "style=\"zoom:50%\">\n",
        "content/posts/attention/attention.assets/image-2022.png": png(20, 10),
    })
    with pytest.raises(LantingError) as raised:
        build(site, BuildOptions(output=site / "public"))
    hints = [p.hint for p in raised.value.problems]
    assert len(hints) == 2 and all(
        "content/posts/attention/attention.assets/image-2022.png" in (h or "")
        and "`attention.assets/image-2022.png`" in (h or "") for h in hints)


def test_an_image_on_the_writers_own_disk_is_named(make_site) -> None:
    """Typora pastes an image as its path on the writer's disk unless told to copy it
    (`C:\\Users\\…\\typora-user-images\\image-….png`): Lanting published such images,
    broken in every reader's browser, without a word (the `C:` read as a URL scheme)."""
    from lanting.build import BuildOptions, build
    from lanting.errors import LantingError

    site = make_site({"content/posts/p.md": (
        "---\ntitle: P\ndate: 2026-01-01\ntypora-copy-images-to: ./assets\n---\n"
        "![图](C:\\Users\\me\\AppData\\Roaming\\Typora\\typora-user-images\\image-1.png)\n\n"
        '<img src="D:/notes/assets/image-2.png" style="zoom:50%;" />\n\n'
        "![图](file:///D:/notes/image-3.png)\n\n"
        "![图](/home/yuri/notes/Apollo指南.assets/image-4.png)\n")})
    with pytest.raises(LantingError) as raised:
        build(site, BuildOptions(output=site / "public"))
    found = sorted((p.line, p.severity, p.message) for p in raised.value.problems)
    assert [(line, severity) for line, severity, _ in found] == [
        (4, "warning"), (6, "error"), (8, "error"), (10, "warning"), (12, "error")]
    assert "typora-copy-images-to" in found[0][2]
    assert "image-1.png` is a file on the writer's own disk" in found[1][2]
    assert "`D:/notes/assets/image-2.png` is a file" in found[2][2]
    assert "own disk" in found[3][2]
    assert "`/home/yuri/notes/Apollo指南.assets/image-4.png`: a file on the writer's own" \
        in found[4][2]


def test_wiki_links_by_name_build_incrementally_as_cleanly(make_site, tmp_path) -> None:
    """Adding the note a wiki link names (nothing beside the page changes) is seen."""
    from lanting.build import BuildOptions, build
    from lanting.errors import LantingError

    site = make_site({"content/posts/x/index.md": "---\ntitle: X\ndate: 2026-01-01\n---\n"
                                                  "[[z]]\n",
                      "content/posts/z/index.md": "---\ntitle: Z\ndate: 2026-01-03\n---\nZ.\n"})
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    (site / "content/posts/z/index.md").unlink()
    with pytest.raises(LantingError):
        build(site, BuildOptions(output=out, jobs=1))
    (site / "content/pages").mkdir()
    (site / "content/pages/z.md").write_text("---\ntitle: Zed\n---\nNow a page.\n")
    build(site, BuildOptions(output=out, jobs=1))
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, jobs=1, cache=False))
    assert (out / "posts/x/index.html").read_bytes() == (clean / "posts/x/index.html").read_bytes()
    assert b'href="/z/"' in (out / "posts/x/index.html").read_bytes()
