"""Faults real Jekyll blogs exposed (a sweep of public minimal-mistakes and minima
sites), in small sites written here."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions


def test_a_site_url_without_its_scheme(tmp_path: Path) -> None:
    """A minima blog's `url: ann.github.io` (no `https://`), which Jekyll printed as it
    was: the new `base_url` was `ann.github.io/`, and the build stopped ("not an
    absolute URL")."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nurl: ann.github.io\nbaseurl: /blog\n",
        "_posts/2021-01-02-hello.md": "---\ntitle: Hello\n---\n\nHi.\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'base_url = "https://ann.github.io/blog/"' in config
    assert [(n.severity, n.line, "no scheme" in n.message) for n in imported.report.entries
            if n.path == "_config.yml"] == [("notice", 3, True)]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    assert "https://ann.github.io/blog/posts/hello/" in (
        out / "posts/hello/index.html").read_text(encoding="utf-8")


def test_a_url_naming_no_host_is_left_out(tmp_path: Path) -> None:
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nurl: my blog\n",
        "_posts/2021-01-02-hello.md": "---\ntitle: Hello\n---\n\nHi.\n"})
    assert "base_url" not in (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert any("`url: my blog` is no web address" in w.message
               for w in imported.report.warnings)


def test_a_draft_of_a_posts_name_and_the_themes_empty_listing_pages(tmp_path: Path) -> None:
    """A minimal-mistakes blog with the draft of a post still in `_drafts/` under the
    post's name: the draft, read first, took the slug and the published post became
    `x-2` (its URL changed); an undated draft, dated by its file as Jekyll did, was a
    warning. The theme's `category-archive.md` (no text, `permalink: /categories/`) was
    a warning that its text "is not kept"."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\ninclude: [_pages]\n",
        "_drafts/raft_notes.md": "---\ntitle: Raft 笔记（草稿）\n---\n\n未完成。\n",
        "_posts/2019-03-04-raft_notes.md": "---\ntitle: Raft 笔记\n---\n\n选主与日志复制。\n",
        "_pages/category-archive.md": "---\ntitle: 分类\nlayout: categories\n"
        "permalink: /categories/\nauthor_profile: true\n---\n"})
    post = (imported.dest / "content/posts/raft-notes.md").read_text(encoding="utf-8")
    draft = (imported.dest / "content/posts/raft-notes-2.md").read_text(encoding="utf-8")
    assert "选主与日志复制" in post and "未完成" in draft and "draft: true" in draft
    warnings = [(w.path, w.message) for w in imported.report.warnings]
    assert len(warnings) == 1 and warnings[0][0] == "_drafts/raft_notes.md"
    notes = {n.path: n.message for n in imported.report.entries
             if n.severity == "notice"}
    assert "dated by the file's modification time" in notes["_drafts/raft_notes.md"]
    assert "Lanting makes /categories/ itself" in notes["_pages/category-archive.md"]


def test_a_hydejack_site_of_pages_in_folders(tmp_path: Path) -> None:
    """A hydejack homepage (its pages in `contents/<name>/index.md`): a folder named
    `resources` (skipped as Hugo's generated one, at any depth) was left out, unreported;
    `[Papers]: Papers.md` reference definitions (jekyll-relative-links) were not mapped, a
    broken link each; links to the theme's list pages, which the import leaves out, were
    broken links too: a list of posts leads to Lanting's blog, another keeps its text."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Lab\nlang: en\nurl: https://lab.example.org\n",
        "_posts/2024-01-02-agents.md": "---\ntitle: Agents\n---\n\nNotes.\n",
        "index.md": "---\nlayout: welcome\n---\n\nSee the [blog](/contents/blogs/), the "
        "[projects](/contents/projects/) and the [resources](/contents/resources/).\n",
        "contents/blogs/index.md": "---\nlayout: blog\ntitle: Blog\n"
        "permalink: /contents/blogs/\n---\n",
        "contents/projects/index.md": "---\nlayout: projects\ntitle: Projects\n"
        "permalink: /contents/projects/\n---\n",
        "contents/resources/index.md": "---\nlayout: page\ntitle: Resources\n"
        "permalink: /contents/resources/\n---\n\nLists of **[Papers]** and **[Models]**.\n\n"
        "[Papers]: Papers.md\n[Models]: <Models.md>\n",
        "contents/resources/Papers.md": "---\ntitle: Papers\n---\n\nA list of papers.\n",
        "contents/resources/Models.md": "---\ntitle: Models\n---\n\nA list of models.\n",
        "resources/_gen/x.json": "{}\n"})
    pages = sorted(p.name for p in (imported.dest / "content/pages").iterdir())
    assert pages == ["models.md", "papers.md", "resources.md"]
    warnings = [(w.path, w.line, w.message) for w in imported.report.warnings]
    assert [(path, line) for path, line, _message in warnings] == [("index.md", 5)] * 2
    assert "it leads to /blog/" in warnings[0][2] and "text kept" in warnings[1][2]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    home = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="/blog/"' in home and 'href="/resources/"' in home
    resources = (out / "resources/index.html").read_text(encoding="utf-8")
    assert 'href="/papers/"' in resources and 'href="/models/"' in resources


def test_a_link_whose_text_is_in_brackets_and_a_list_of_languages(tmp_path: Path) -> None:
    """A hydejack blog's references, `[[Paper]](https://…)`, a link whose text is in
    brackets to kramdown (and to Lanting): its first bracket was escaped as that of a
    `[[wikilink]]`, and the page showed the Markdown as written. Its `lang: ko-KR, en-US`
    (printed as it was by Jekyll) became `language = "ko-KR, en-US"`, which stopped the
    build; its `posts.md` (`layout: list`, the theme's strings only) was a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: EEG notes\nlang: ko-KR, en-US\n",
        "_includes/strings.html": "{{ site.data.strings.posts }}\n",
        "_layouts/list.html": "{% include strings.html %}\n",
        "_data/strings.yml": "posts: Posts\n",
        "posts.md": "---\nlayout: list\ntitle: Posts\n---\n",
        "_posts/2022-01-02-simclr.md": "---\ntitle: SimCLR\n---\n\n대조 학습 [[Paper]]("
        "https://arxiv.org/abs/2002.05709) and [[notes]] as written.\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'language = "ko-KR"' in config
    assert [w.message for w in imported.report.warnings] == []
    assert any(n.path == "posts.md" and "no text of its own" in n.message
               for n in imported.report.entries)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    html = (out / "posts/simclr/index.html").read_text(encoding="utf-8")
    assert '<a href="https://arxiv.org/abs/2002.05709">[Paper]</a>' in html
    assert "[[notes]] as written" in html


CHIRPY = "theme: jekyll-theme-chirpy\ntitle: Notes\nlang: en\n"


def test_statements_captured_for_a_theorem_include(tmp_path: Path) -> None:
    """A Chirpy math blog captures each statement, `{% capture thm %}…{% endcapture %}`,
    and shows it with `{% include thms/theorem.html title="…" content=thm %}` (one
    variable captured again for the next box). The capture was removed (its text
    with it) and the include left in a comment: the definitions, theorems and proofs
    were gone. `$f'\\'\\to\\*$`, kramdown's escapes in a formula, reached the build as
    `\\'`, an error."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "_includes/thms/theorem.html": "<div class=\"thm\">{{ include.content | "
        "markdownify }}</div>\n",
        "_includes/note.html": "<aside>{{ include.body | markdownify }}</aside>\n",
        "_posts/2025-03-01-flows.md": "---\ntitle: Flows\nmath: true\n---\n\n"
        "{% capture stmt %}\nA flow $f$ is **maximal** iff no augmenting path exists.\n"
        "{% endcapture %}\n"
        "{% include thms/theorem.html title=\"max-flow min-cut\" content=stmt %}\n\n"
        "{% capture stmt %}\nAugment along $f'\\'\\to\\*$ until none is left.\n"
        "{% endcapture %}\n{% include thms/proof.html content=stmt %}\n\n"
        "{% capture aside %}\nA side remark.\n{% endcapture %}\n"
        "{% include note.html body=aside %}\n\n"
        "{% capture unused %}\nnever shown\n{% endcapture %}\n\nEnd.\n"})
    warnings = sorted((w.line, w.message) for w in imported.report.warnings)
    assert [line for line, _message in warnings] == [19, 21]
    assert "`note.html` showed the text captured before it" in warnings[0][1]
    assert "{% capture unused %}" in warnings[1][1]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    html = (out / "posts/flows/index.html").read_text(encoding="utf-8")
    assert "Theorem 1 (max-flow min-cut)" in html and "<strong>maximal</strong>" in html
    assert "augmenting path" in html and "A side remark." in html
    assert "never shown" not in html and "{%" not in html
    assert html.count("<math") == 2 and "until none is left" in html


def test_a_chirpy_cover_written_up_from_the_posts_folder(tmp_path: Path) -> None:
    """A Chirpy post's `image: path: ../assets/img/heap.png` (written from `_posts/`):
    Chirpy put `/` before it, and the browser read it from the root; the import looked
    for it outside the site and left the cover out, with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "assets/img/heap.png": png(32, 16),
        "_posts/2024-10-29-heap.md": "---\ntitle: Heap\nimage:\n"
        "  path: ../assets/img/heap.png\n---\n\nA min-heap.\n"})
    assert [w.message for w in imported.report.warnings] == []
    post = (imported.dest / "content/posts/heap/index.md").read_text(encoding="utf-8")
    assert "cover: heap.png" in post
    assert (imported.dest / "content/posts/heap/heap.png").is_file()


def test_hydejacks_featured_categories_are_lanting_s_own(tmp_path: Path) -> None:
    """hydejack's `_featured_categories/` and `_featured_tags/` (a page per category or
    tag, a collection of `_config.yml`) were warned about as collections "Lanting has no
    place for": Lanting makes those pages itself, and says so in a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ncollections:\n  featured_categories:\n"
        "    permalink: /:name/\n    output: true\n  featured_tags:\n"
        "    permalink: /tag-:name/\n    output: true\n",
        "_featured_categories/study.md": "---\nlayout: list\ntitle: Study\nslug: study\n---\n",
        "_featured_tags/eeg.md": "---\nlayout: list\ntitle: EEG\nslug: eeg\n---\n",
        "_posts/2022-01-02-eeg.md": "---\ntitle: EEG\ncategories: [study]\n---\n\nSignals.\n"})
    assert [w.message for w in imported.report.warnings] == []
    notes = {n.path: n.message for n in imported.report.entries if n.severity == "notice"}
    assert "which Lanting makes itself" in notes["_featured_categories"]
    assert "which Lanting makes itself" in notes["_featured_tags"]


def test_liquid_values_of_the_site_settings_are_their_text(tmp_path: Path) -> None:
    """`[Github](https://github.com/{{site.github}})` on an about page (a Chinese LLM
    inference blog's theme): Jekyll printed `_config.yml`'s `github:`; the import left
    each in a comment and the links broke. A string or number the settings give is
    written in; a list, a mapping or an unknown key stays a comment with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 卡比\nlang: zh\ngithub: kabi-dev\nzhihu: 暂定\n"
                       "author:\n  name: Kabi\n  email: kabi@example.org\nyear: 2025\n"
                       "nav: [a, b]\n",
        "about.md": "---\ntitle: 关于\n---\n\n- [Github](https://github.com/{{site.github}})\n"
                    "- [知乎](https://www.zhihu.com/people/{{ site.zhihu }})\n"
                    "- {{ site.author.name }} <{{ site.author.email }}>, {{site.year}}\n"
                    "- {{ site.nav }} {{ site.twitter }}\n",
        "_posts/2021-01-02-hello.md": "---\ntitle: Hello\n---\n\nHi.\n"})
    text = (imported.dest / "content" / "pages" / "about.md").read_text(encoding="utf-8")
    assert "(https://github.com/kabi-dev)" in text
    assert "(https://www.zhihu.com/people/暂定)" in text
    assert "Kabi <kabi@example.org>, 2025" in text
    left = [e.message for e in imported.report.warnings if e.path == "about.md"]
    assert len(left) == 2 and all("Liquid value" in m for m in left)


def test_markdown_right_after_an_html_block_is_markdown(tmp_path: Path) -> None:
    """`</div>` then `## 参考资料` on the next line (a centred figure closing a section of
    a Chinese deep-learning post): kramdown reads Markdown again after the closing tag;
    CommonMark ran the HTML block on to the next blank line, so the heading showed as
    `## 参考资料` and the post's table of contents linked to nothing."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nlang: zh\n",
        "_posts/2021-10-10-init.md": "---\ntitle: 参数初始化\n---\n\n- [参考资料](#参考资料)\n\n"
                                     "正文。\n\n<div align=\"center\">\n<img src=\"a.png\" "
                                     "width=\"60%\">\n</div>\n## 参考资料\n\n- 书。\n\n"
                                     "<p align=\"center\">图 1</p>\n**注意** 初始化。\n",
        "_posts/a.png": png(40, 20)})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/init/index.html").read_text(encoding="utf-8")).one("main")
    assert [h.text() for h in page.find_all("h2")][-1:] == ["参考资料"]
    assert "##" not in page.text() and "**" not in page.text()
    assert any(s.text() == "注意" for s in page.find_all("strong"))


def test_a_tex_group_after_a_subscript_is_no_attribute_list(tmp_path: Path) -> None:
    """`$V_{:j}$` and `$S_{:,:j}$` (the first rows and columns of a matrix, a
    FlashAttention paper's notes): `{:j}` looks like a kramdown span IAL, which kramdown
    dropped, and the build failed on `V_ \\in` ("Duplicate subscript"). A group after
    `_` or `^` is TeX, kept as written; an IAL after text is still removed."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nlang: zh\n",
        "_includes/mathjax.html": "<script>MathJax = {tex: {inlineMath: [['$', '$']]}};"
                                  "</script>\n",
        "_posts/2024-10-02-fa.md": "---\ntitle: FlashAttention\n---\n\n"
                                   "令 $V_{:j} \\in \\mathbb{R}^{jB_c\\times d}$ 且 "
                                   "$S_{:,:j} = QK_{:j}^\\top$，*见*{: .note} 上文。\n"})
    post = (imported.dest / "content" / "posts" / "fa.md").read_text(encoding="utf-8")
    assert "$V_{:j} \\in" in post and "$S_{:,:j} = QK_{:j}^\\top$" in post
    assert "{: .note}" not in post
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/fa/index.html").read_text(encoding="utf-8")).one("main")
    assert len(page.find_all("math")) == 2


def test_two_spaces_ending_a_line_stay_a_line_break(tmp_path: Path) -> None:
    """An address and a poem whose lines end in two spaces (kramdown's line break, and
    CommonMark's): the import's tidying stripped the spaces of every importer but two,
    and the lines ran together. Each is a `\\` break; code keeps its spaces' meaning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nlang: zh\n",
        "_posts/2021-01-02-poem.md": "---\ntitle: 诗\n---\n\n床前明月光，  \n疑是地上霜。\n\n"
                                     "```\nkeep  \nas is\n```\n\n## 标题  \n\n正文。\n"})
    post = (imported.dest / "content" / "posts" / "poem.md").read_text(encoding="utf-8")
    assert "床前明月光，\\\n疑是地上霜。\n" in post
    assert "```\nkeep\nas is\n```" in post and "## 标题\n" in post
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/poem/index.html").read_text(encoding="utf-8")).one("main")
    poem = next(p for p in page.find_all("p") if "床前" in p.text())
    assert poem.find("br") is not None


def test_a_tag_left_out_is_reported_at_its_own_line(tmp_path: Path) -> None:
    """A post with several `{% highlight %}` blocks, one opened by a misspelt tag: its
    `{% endhighlight %}`, left in a comment, was reported at the line of the first
    `{% endhighlight %}` of the file (a block converted long before it), and a later
    block's opening at the first one written the same way."""
    post = ("---\ntitle: 笔记\n---\n\n{% highlight css %}\na{}\n{% endhighlight %}\n\n"
            "正文。\n\n{% hilight html %}\n<p>x</p>\n{% endhighlight %}\n\n"
            "{% highlight css %}\nb{}\n{% end highlight %}\n")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_posts/2020-01-02-notes.md": post})
    lines = {w.message.split("`")[1]: w.line for w in imported.report.warnings}
    assert lines == {"{% hilight html %}": 11, "{% endhighlight %}": 13,
                     "{% highlight css %}": 15, "{% end highlight %}": 17}


def test_a_raw_html_image_with_an_apostrophe_in_its_name(tmp_path: Path) -> None:
    """`<img src="../images/pe/Euler's_formula.png">` in a post (a file saved under its
    Wikipedia name): the `'` ended the URL for the importer, which left it as written,
    and the built page's image was broken."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\npermalink: /:year-:month-:day/:title.html\n",
        "images/pe/Euler's_formula.png": png(4, 4),
        "_posts/2024-01-02-pe.md": "---\ntitle: 位置编码\n---\n\n欧拉公式：\n\n"
        "<img src=\"../images/pe/Euler's_formula.png\" width=\"60%\" alt=\"Euler\">\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    page = parse_html((out / "posts/pe/index.html").read_text(encoding="utf-8"))
    (src,) = [unquote(img["src"]) for img in page.find_all("img")]
    assert src.endswith("Euler's_formula.png") and src.startswith("/")
    assert (out / src.lstrip("/")).is_file()


def test_a_reference_definition_without_its_url_stays_text(tmp_path: Path) -> None:
    """A Hux-theme post ending in a list of references, some left empty (`[1]:` alone
    on its line, then `[2]:http://…`): kramdown wants the URL on the definition's line,
    so `[1]:` and `[论文][1]` were text; CommonMark took the next line, `[2]:http://…`,
    for `[1]`'s URL and the build failed on a link to `[2]:`."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_posts/2020-01-02-vae.md": "---\ntitle: 生成模型\n---\n\n见 [论文][1] 与 [原文][2]。\n\n"
        "[1]:\n[2]:https://example.org/blog\n[^n]:\n    一个脚注。\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    page = parse_html((out / "posts/vae/index.html").read_text(encoding="utf-8"))
    assert [a["href"] for a in page.find_all("a") if a.text() == "原文"] == \
        ["https://example.org/blog"]
    assert "[论文][1]" in page.text() and "[1]:" in page.text()


def test_a_display_formula_with_a_blank_line_in_it_stays_one(tmp_path: Path) -> None:
    """`$$ s.t. … \\\\` then a blank line then `\\qquad g_k(X)\\leq 0$$` (a Lagrange
    multiplier post): kramdown read one display formula across the blank line; Lanting's
    Markdown ended a paragraph there, and the two halves showed as TeX."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_posts/2020-01-02-kkt.md": "---\ntitle: 拉格朗日乘子\n---\n\n约束：\n\n"
        "$$ s.t.\\quad h(x) = 0 \\\\\n\n  \n\n\\qquad g(x)\\leq 0$$\n\n完。\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    page = parse_html((out / "posts/kkt/index.html").read_text(encoding="utf-8"))
    assert len(page.find_all("math")) == 1
    assert "\\leq" not in page.text() and "$$" not in page.text()


def test_jekyll_katex_tags_are_formulas(tmp_path: Path) -> None:
    """jekyll-katex's `{% katexmm %}` block (its `$…$` inline math, `$$…$$` display,
    though the site's kramdown reads a lone `$` as a dollar) and `{% katex %}` tags (an
    al-folio fork's lottery-ticket post) were comments, the TeX left in the page."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2019-08-20-lth.md": (
            "---\ntitle: Tickets\n---\n\nIt costs $5 and $10.\n\n{% katexmm %}\n\n"
            "The sum $y = x_0 + x_1$ of two inputs,\n\n"
            "$$f(x) = \\sum_i w_i x_i$$\n\nwith weights $\\theta_0$.\n\n{% endkatexmm %}\n\n"
            "Inline {% katex %}\\alpha{% endkatex %} and\n"
            "{% katex display %}\\beta^2{% endkatex %}\n")})
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in out.warnings] == []
    page = parse_html((out.output / "posts/lth/index.html").read_text(encoding="utf-8"))
    prose = page.one("div", class_="prose")
    assert "$5 and $10" in prose.text()  # outside the block: dollars
    inline = [m for m in prose.find_all("math") if m.get("display") != "block"]
    display = [m for m in prose.find_all("math") if m.get("display") == "block"]
    assert (len(inline), len(display)) == (3, 2)
    assert "katex" not in (out.output / "posts/lth/index.html").read_text(encoding="utf-8")


def test_a_link_to_a_heading_renamed_since_keeps_its_text(tmp_path: Path) -> None:
    """`[above](#a-toy-example)` after the heading became `thought experiment`: the old
    page's link went nowhere, and the new site's build failed on it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2019-08-20-lth.md": (
            "---\ntitle: Tickets\n---\n\n## Thought experiment\n\nText.\n\n## Results\n\n"
            "As [above](#a-toy-example), and [the results](#results).\n")})
    [warning] = imported.report.warnings
    assert (warning.line, "`#a-toy-example`" in warning.message) == (11, True)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    prose = parse_html((out / "posts/lth/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert [a["href"] for a in prose.find_all("a")] == ["#results"]
    assert "As above, and the results." in prose.text()


def test_a_relative_link_to_a_folder_is_read_from_the_old_url(tmp_path: Path) -> None:
    """`[home](../../../../)` in a post at `/2020/01/02/a.html` led to the home page, as
    the browser read it from the post's URL; from the post's new file it named a folder
    outside `content/`, and the build stopped. A folder that is a page of the site leads
    to that page."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npermalink: /:year/:month/:day/:title.html\n",
        "about.md": "---\ntitle: About\npermalink: /about/\n---\n\nMe.\n\n## CV\n\nA list.\n",
        "_posts/2020-01-02-a.md": "---\ntitle: A\n---\n\n"
        "Back [home](../../../../) or [about me](../../../../about/#cv).\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    links = {a.text(): a["href"] for a in parse_html(
        (out / "posts/a/index.html").read_text(encoding="utf-8")).find_all("a")}
    assert links["home"] == "/" and links["about me"] == "/about/#cv"
