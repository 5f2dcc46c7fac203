"""Faults real Hugo blogs exposed (a sweep of Beautiful Hugo, PaperMod and Hugo Blox
sites of engineers and researchers), in small sites written here."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from sitebits import png
from test_import_hugo_config import imported_site
from test_import_hugo_sites import built_cleanly, prose
from test_import_hugoblox_home import blox, config_of, notices

from lanting.build import build
from lanting.build.options import BuildOptions

LEETCODE_POST = """---
title: 130. 被围绕的区域
date: '2021-09-06'
tags: ['leetcode', 'rust']
---

> 输入：board = [["X"]]
>
> 输出：[["X"]]

网格 grid = [["1","0"],["0","1"]] 里找岛屿。
"""


def test_a_dated_about_page_of_a_pages_section_is_a_page_in_the_menu(
        tmp_path: Path) -> None:
    """Beautiful Hugo's sites keep `content/pages/about.md` (dated, as `hugo new` wrote
    it) and a menu entry `url = "pages/about"`: the page became a post of a category
    `pages`, and the menu lost its About entry (a menu leads to pages)."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'baseURL = "https://example.org/"\ntitle = "袁的博客"\n'
                       'theme = "beautifulhugo"\n'
                       '[[menu.main]]\nname = "Blog"\nurl = ""\nweight = 1\n'
                       '[[menu.main]]\nname = "About"\nurl = "pages/about"\nweight = 3\n',
        "content/pages/about.md": "---\ntitle: 关于我\ndate: 2023-11-08T12:08:23-05:00\n"
                                  "draft: false\n---\n\n全栈工程师。\n",
        "content/posts/2023-11-09/hello.md": "---\ntitle: 你好\ndate: 2023-11-09\n---\n\n"
                                             "正文。\n"})
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text(encoding="utf-8"))
    assert {"name": "About", "url": "/about/"} in config["menu"]
    assert prose(out, "about/index.html").text().strip() == "全栈工程师。"
    assert not (tmp_path / "new/content/posts/about.md").exists()
    assert (out / "pages/about/index.html").exists()  # (the old URL answers)


def test_lists_of_quoted_strings_in_prose_are_no_wiki_links(tmp_path: Path) -> None:
    """LeetCode's examples, `board = [["X"]]`, were taken for Obsidian's `[[Note]]`
    (a warning each: "names no page of the site"), and Lanting's Markdown read them as
    links to a note `"X"`: a note's name holds no `"`."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "题解"\nlanguageCode = "zh-cn"\n',
        "content/posts/leetcode_0130.md": LEETCODE_POST})
    page = prose(out, "posts/leetcode-0130/index.html")
    assert page.find_all("a") == []
    assert '[["X"]]' in page.text() and '[["1","0"],["0","1"]]' in page.text()


def test_a_menu_entry_to_a_post_is_kept(tmp_path: Path) -> None:
    """A menu led to one post (a reading list): the entry was left out, with a notice
    that "the new site has no page there", as only pages were looked for."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n'
                     '[[menu.main]]\nname = "Reading"\nurl = "/posts/reading/"\n',
        "content/posts/reading.md": "---\ntitle: Reading list\ndate: 2024-01-01\n---\n\n"
                                    "Books.\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2024-01-02\n---\n\nB.\n"})
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text(encoding="utf-8"))
    assert config["menu"] == [{"name": "Reading", "url": "/posts/reading/"}]
    menu = parse_html((out / "index.html").read_text(encoding="utf-8")).one(
        "nav", class_="site-nav")
    assert [a["href"] for a in menu.find_all("a")] == ["/posts/reading/"]


EXPERIENCE_WIDGET = """---
widget: experience
headless: true
weight: 30
title: 教育
date_format: Jan 2006
experience:
  - title: 硕士
    company: 某大学
    date_start: '2021-09-01'
    date_end: '2024-06-30'
    description: |2-
        * 编译器
        * 并行计算
---
"""


def test_an_academic_widget_page_is_a_page_of_its_widgets(tmp_path: Path) -> None:
    """Academic's `content/about/index.md` says `type: widget_page`: its widgets are the
    other files of its folder. The page was left out as "a page with no text", and the
    menu's entry to `/about/` with it; an `experience` item's indented `|2-` list came
    out as one item holding the others as a list."""
    imported = blox(tmp_path, {
        "config/_default/menus.yaml": "main:\n  - name: 简介\n    url: about/\n"
                                      "    weight: 20\n",
        "content/about/index.md": "---\ntype: widget_page\n---\n",
        "content/about/bio.md": "---\nwidget: about\nheadless: true\nweight: 10\n"
                                "author: admin\n---\n",
        "content/about/education.md": EXPERIENCE_WIDGET,
        "content/about/note.md": "---\nwidget: blank\nheadless: true\nweight: 40\n"
                                 "title: 备注\n---\n网站还在建设中。\n",
        "content/post/a/index.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\nA.\n"})
    assert imported.report.warnings == []
    assert ("content/about/bio.md", 2, "block `about` left out: the profile and the home "
            "page's text show the biography") in notices(imported)
    assert {"name": "简介", "url": "/about/"} in config_of(imported)["menu"]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    page = prose(out, "about/index.html")
    assert [h.text().strip() for h in page.find_all("h2")] == ["教育", "备注"]
    assert {"education", "note"} <= {a.get("id") for a in page.find_all("a")}
    outer, inner = page.find_all("ul")  # (the degree, and its two items in it)
    assert [li.text().strip() for li in inner.find_all("li")] == ["编译器", "并行计算"]
    assert outer.find("li").text().strip().startswith("硕士")
    assert "网站还在建设中。" in page.text()


def test_an_audio_players_file_from_the_media_library(tmp_path: Path) -> None:
    """Wowchemy 5's `audio` looked for `src` in the page's folder, then in the media
    library, `assets/media/`: the player kept the bare name, which led nowhere beside
    the new page, and the build failed."""
    imported = blox(tmp_path, {
        "assets/media/国际歌.mp3": b"ID3\x03\x00",
        "content/post/yebaihehua/index.md": "---\ntitle: 野百合花\ndate: 2023-07-02\n---\n"
                                            '{{< audio src="国际歌.mp3" >}}\n\n正文。\n'})
    assert imported.report.warnings == []
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    player = prose(out, "post/yebaihehua/index.html").one("audio")
    src = unquote(player["src"])  # (the file moves with the one page playing it)
    assert src.endswith("/国际歌.mp3") and (out / src.lstrip("/")).is_file()


def test_a_link_to_a_folder_leads_to_its_readme(tmp_path: Path) -> None:
    """`[复现代码](DINO/repro/)` beside `DINO/repro/README.md`, as GitHub shows a folder:
    Hugo's link led nowhere (the page was `…/repro/readme/`), and the build failed."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: 意志\nlanguageCode: zh-cn\n",
        "content/posts/vla/guide.md": "---\ntitle: 路线\ndate: 2025-01-02\n---\n\n"
                                      "复现：[代码](DINO/repro/)，[另一份](CLIP/repro)。\n",
        "content/posts/vla/DINO/repro/README.md": "---\ntitle: DINO 复现\n"
                                                  "date: 2025-01-01\n---\n\n步骤。\n",
        "content/posts/vla/CLIP/repro/index.md": "---\ntitle: CLIP 复现\n"
                                                 "date: 2025-01-01\n---\n\n步骤。\n"})
    links = [a["href"] for a in prose(out, "posts/guide/index.html").find_all("a")]
    assert links == ["/posts/readme/", "/posts/repro/"]
    assert all((out / link.strip("/") / "index.html").is_file() for link in links)


LANDING = """---
title: ''
type: landing
sections:
  - block: resume-biography-3
    content:
      username: admin
  - block: collection
    id: news
    content:
      title: Recent News
      page_type: post
      count: 5
  - block: contact
    id: contact
    content:
      title: Contact
---
"""


def test_a_menu_entry_to_a_list_block_named_by_its_id_leads_to_its_list(
        tmp_path: Path) -> None:
    """The menu's `News` led to `/#news`, a `collection` block of posts (`page_type:
    post`) whose id says nothing of them: it became `/`, where `Bio` already led, and
    was dropped without a word. It leads to the blog; an entry dropped as leading where
    another does is noted."""
    imported = blox(tmp_path, {
        "config/_default/menus.yaml": "main:\n  - name: Bio\n    url: /\n    weight: 10\n"
                                      "  - name: News\n    url: /#news\n    weight: 13\n"
                                      "  - name: Contact\n    url: /#contact\n"
                                      "    weight: 20\n",
        "content/_index.md": LANDING,
        "content/post/2024-biocas/index.md": "---\ntitle: 论文被 BioCAS 接收\n"
                                             "date: 2024-07-01\n---\n\n好消息。\n"})
    assert config_of(imported)["menu"] == [{"name": "Bio", "url": "/"},
                                           {"name": "News", "url": "/blog/"}]
    assert ("config/_default/menus.yaml", None, "menu entry `Contact` (/) left out: the "
            "menu's `Bio` leads there too") in notices(imported)


def test_notes_images_from_the_media_library_and_empty_book_pages(tmp_path: Path) -> None:
    """A Wowchemy notes site written in Obsidian pastes images into `assets/media/` and
    names them bare (`![](硬盘扩容-1669900684983.jpeg)`, `%20` for a space): Wowchemy's
    Markdown image hook looked there after the page's folder, but the import warned
    "not found" for each (196 on the site), and the build failed. An empty page of the
    notes (`type: book`) was "drawn by the layout `book`", with a warning; it is an
    empty page, left out with a notice."""
    imported = blox(tmp_path, {
        "assets/media/硬盘扩容-1669900684983.jpeg": png(4, 3),
        "assets/media/ubuntu 18 安装-1666696700049.jpeg": png(4, 3),
        "content/VMWare/_index.md": "---\ntitle: VMWare\ntype: book\n---\n",
        "content/VMWare/硬盘扩容.md": "---\ntitle: 硬盘扩容\ntype: book\n---\n\n"
                                      "![](硬盘扩容-1669900684983.jpeg)\n\n"
                                      "![](ubuntu%2018%20安装-1666696700049.jpeg)\n",
        "content/VMWare/随机数.md": "---\nlinktitle: 随机数\ntype: book\n---\n"})
    assert imported.report.warnings == []
    assert ("content/VMWare/随机数.md", None, "left out: no text") in notices(imported)
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    images = [unquote(i["src"]) for i in prose(out, "硬盘扩容/index.html").find_all("img")]
    assert len(images) == 2 and all((out / i.lstrip("/")).is_file() for i in images)


def test_a_plotly_chart_is_its_data_as_code_with_a_warning(tmp_path: Path) -> None:
    """Hugo Blox's `{{< chart data="acc" >}}` drew the page's `acc.json` with Plotly:
    it was left in a comment, and the data file left behind."""
    imported = blox(tmp_path, {
        "content/post/bench/index.md": "---\ntitle: 基准\ndate: 2024-01-01\n---\n\n"
                                       '结果：\n\n{{< chart data="acc" >}}\n',
        "content/post/bench/acc.json": '{"data": [{"x": [1, 2], "y": [0.5, 0.8]}]}\n'})
    assert [(e.path, e.line) for e in imported.report.warnings] == [
        ("content/post/bench/index.md", 8)]
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    code = prose(out, "post/bench/index.html").one("pre").text()
    assert '"y": [0.5, 0.8]' in code.replace("\n", "")


CSL = """[
  {"id": "dEMqP61a", "type": "article", "title": "Graph-less Neural Networks",
   "author": [{"family": "Zhang", "given": "Shichang"}, {"family": "Shah", "given": "Neil"}],
   "issued": {"date-parts": [[2022, 3, 1]]}, "URL": "http://arxiv.org/abs/2110.08727"},
  {"id": "ByADi6ga", "type": "paper-conference", "title": "Inherently Good Generalizers",
   "container-title": "ICLR", "author": [{"literal": "GNN Lab"}],
   "issued": {"date-parts": [[2023]]}},
  {"id": "Unused01", "type": "webpage", "title": "Not cited",
   "abstract": "on ogbn\\\\products"}
]
"""


def test_hugo_cite_s_csl_json_from_the_site_s_root_is_the_post_s_bibliography(
        tmp_path: Path) -> None:
    """A GNN researcher's PaperMod blog cites with hugo-cite from `bibFile: bib/bib.json`
    (CSL-JSON, which hugo-cite reads; it reads no BibTeX): every citation stayed in a
    comment, with a warning (100 on the site), "export `bib.bib`". The CSL-JSON is
    written as the post's `bib.bib` (the works it cites). And `$\\pmb{h}_{\\<CLS\\>}$`
    reached MathJax as `<CLS>` (Goldmark read the escapes): `\\<` is no TeX, and failed
    the build."""
    out = built_cleanly(tmp_path, {
        "config.yml": "title: Blogs\nlanguageCode: zh-cn\ntheme: [PaperMod, hugo-cite]\n",
        "bib/bib.json": CSL,
        "content/posts/2023.06/gnn2mlp.md":
            "---\ntitle: Gnn2mlp\nbibFile: bib/bib.json\ndate: 2023-06-08\n---\n\n"
            '作者 {{< cite "dEMqP61a" >}} 提出蒸馏；另见 GNN Lab '
            '{{< cite "-ByADi6ga" "3-5" >}}。\n\n'
            "可学习的 $\\pmb{h}_{\\<CLS\\>}$。\n\n## References\n\n"
            "{{< bibliography cited >}}\n"})
    page = prose(out, "posts/gnn2mlp/index.html")
    assert len(page.find_all(class_="cite")) == 2 and len(page.find_all("math")) == 1
    listed = parse_html((out / "posts/gnn2mlp/index.html").read_text(
        encoding="utf-8")).one("section", class_="references")
    assert [li["id"] for li in listed.find_all("li")] == ["ref-ByADi6ga", "ref-dEMqP61a"]
    assert "Zhang" in listed.text() and "GNN Lab" in listed.text()
    written = (tmp_path / "new/content/posts/gnn2mlp/index.md").read_text(encoding="utf-8")
    assert "[-@ByADi6ga, pp. 3-5]" in written  # (hugo-cite's `-key`: the year alone)
    bib = (tmp_path / "new/content/posts/gnn2mlp/bib.bib").read_text(encoding="utf-8")
    assert "Unused01" not in bib  # (the works the post cites, of the site's one file)


def test_an_html_rendering_beside_its_markdown_is_not_a_second_post(tmp_path: Path) -> None:
    """A math blog's bundle held `index.md` and the `index.html` rendered from it (one
    page, one path of the old site): each became a post, the second `dl-2`, with the
    old URL given to the HTML copy. The Markdown is the page; the HTML is named in a
    notice."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/dl/index.md": "---\ntitle: 深度学习\ndate: 2024-03-01\n---\n\n"
                                     "损失为 $L(\\theta)$。\n",
        "content/posts/dl/index.html": "---\ntitle: 深度学习\ndate: 2024-03-01\n---\n\n"
                                       "<p>损失为 L(θ)。</p>\n",
        "content/posts/rl.md": "---\ntitle: 强化学习\ndate: 2024-03-02\n---\n\n回报。\n",
        "content/posts/rl.html": "---\ntitle: 强化学习\ndate: 2024-03-02\n---\n\n"
                                 "<p>回报。</p>\n"})
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    posts = sorted(p.name for p in (tmp_path / "new/content/posts").iterdir())
    assert posts == ["dl.md", "rl.md"]
    assert "L(" in prose(out, "posts/dl/index.html").one("span", class_="math-inline").text()
    left_out = sorted(p for p, _l, m in notices(imported) if "beside it" in m)
    assert left_out == ["content/posts/dl/index.html", "content/posts/rl.html"]


def test_a_heading_link_in_blackfriday_s_style_finds_its_heading(tmp_path: Path) -> None:
    """`[best cut](#2-2-choosing-a-best-cut)` for `### 2.2. Choosing a "best cut"`: the
    id Hugo made before Goldmark (Blackfriday's), written in a post's table of contents;
    Goldmark's is `#22-choosing-a-best-cut`, and the build failed on the old one. A
    fragment whose letters and digits name one heading alone goes to it."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'baseURL = "/"\ntitle = "Lab blog"\n',
        "content/post/segmentation/index.md": (
            "---\ntitle: Segmentation\ndate: 2019-03-01\n---\n\n- [Choosing a \"best "
            "cut\"](#2-2-choosing-a-best-cut)\n\n### 2.1. Computing cuts\n\nText.\n\n"
            "### 2.2. Choosing a \"best cut\"\n\nMore text.\n")})
    [link] = prose(out, "post/segmentation/index.html").find_all("a")
    assert link.get("href") == "#22-choosing-a-best-cut"
