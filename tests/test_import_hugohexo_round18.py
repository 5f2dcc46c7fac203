"""Faults real Hugo and Hexo blogs exposed in round 18, in small sites written here: a
collection of competition write-ups on hugo-theme-relearn (a section named in capitals,
its `children` lists), a PaperMod blog's page linking the feed as `../index.xml`, a
matery blog (a post's script kept in the theme, the friends page), a repository of a
Hexo blog's `_posts/` alone (notes written in Obsidian)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from sitebits import write_files
from test_import_hugo_sites import NOW, prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site


def imported(tmp_path: Path, files: dict[str, str | bytes], kind: str = "hugo") -> Imported:
    write_files(tmp_path / "old", files)
    return import_site(tmp_path / "old", tmp_path / "new", kind, False, NOW)


def built(tmp_path: Path, site: Imported) -> Path:
    result = build(site.dest, BuildOptions(output=tmp_path / "out"))
    assert [p.message for p in result.warnings] == []
    return result.output


RELEARN = {
    "config.toml": 'title = "比赛经验"\nlanguageCode = "zh-cn"\n'
                   'theme = "hugo-theme-relearn"\n',
    "content/_index.md": '---\narchetype: "home"\ntitle: "比赛经验"\n---\n\n'
                         '{{% children sort="weight" %}}\n\n更多见各章。\n',
    "content/CV/_index.md": '---\narchetype: "chapter"\ntitle: "计算机视觉"\nweight: 1\n'
                            'menuTitle: "CV"\n---\n\n{{% children sort="weight" depth="2" %}}\n',
    "content/CV/seg/_index.md": '---\ntitle: "分割"\nweight: 3\n---\n\n两篇。\n',
    "content/CV/seg/unet.md": '---\ntitle: "U-Net"\ndate: 2025-02-17\n---\n\n编码器。\n',
    "content/CV/draft.md": '---\ntitle: "未完"\ndate: 2025-02-16\nhidden: true\n---\n\n草稿。\n',
    "content/CV/OCR.md": '---\ntitle: "OCR"\ndate: 2025-02-19\nweight: 2\n---\n\n'
                         '- [表格识别方案](https://example.org/table)\n',
    "content/CV/检测.md": '---\ntitle: "目标检测"\ndate: 2025-02-18\nweight: 1\n---\n\n'
                          '- [小目标检测](https://example.org/small)\n',
    "content/NLP/_index.md": '---\narchetype: "chapter"\ntitle: "自然语言处理"\n'
                             'weight: 2\n---\n\n- [文本分类](https://example.org/cls)\n',
}


def test_a_section_named_in_capitals_keeps_hugo_s_lowercase_urls(tmp_path: Path) -> None:
    """Hugo lowercases the paths of pages (`content/CV/OCR.md` at `/cv/ocr/`); the
    import wrote the permalink `/CV/:slug/` and the old URL `/cv/ocr/` as an alias, and
    each of a site's 21 pages was a build warning, "URLs differing only in case", with
    one file replacing the other on macOS and Windows."""
    site = imported(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "PaperMod"\n',
        "content/CV/OCR.md": '---\ntitle: "OCR"\ndate: 2025-02-19\n---\n\n'
                             '- [表格识别方案](https://example.org/table)\n',
        "content/CV/Detection.md": '---\ntitle: "目标检测"\ndate: 2025-02-18\n---\n\n'
                                   '见 [OCR](/cv/ocr/)。\n'})
    out = built(tmp_path, site)
    [link] = prose(out, "cv/ocr/index.html").find_all("a")
    assert link["href"] == "https://example.org/table"
    assert prose(out, "cv/detection/index.html").one("a")["href"] == "/cv/ocr/"
    assert not (out / "CV").exists()


def test_a_page_linking_the_feed_by_a_relative_path_links_lanting_s(tmp_path: Path) -> None:
    """A PaperMod blog's page at `/rss/` told readers to subscribe at
    `[…](../index.xml)`, Hugo's feed of the site; the link was taken for one that led
    nowhere and dropped with a warning (only `/index.xml` and `index.xml` beside the
    home page were known as the feed)."""
    site = imported(tmp_path, {
        "hugo.yaml": "title: 长夏\nlanguageCode: zh-cn\ntheme: PaperMod\n",
        "content/rss.md": "---\ntitle: RSS订阅\n---\n\n订阅全站：[index.xml](../index.xml)"
                          "。\n",
        "content/posts/hello.md": "---\ntitle: 你好\ndate: 2023-01-02\n---\n\n正文。\n"})
    assert [e.message for e in site.report.warnings] == []
    out = built(tmp_path, site)
    links = prose(out, "rss/index.html").find_all("a")
    assert [a["href"] for a in links] == ["/atom.xml"]
    assert (out / "atom.xml").is_file()


MATERY = {
    "package.json": '{"dependencies": {"hexo": "^5.0.0", "hexo-renderer-marked": "^2.0.0"}}',
    "_config.yml": "title: 博客\nlanguage: zh-CN\ntheme: hexo-theme-matery\n",
    "source/_posts/clock.md": "---\ntitle: 时钟\ndate: 2018-10-12 00:03:35\n---\n\n"
                              '<link rel="stylesheet" href="/css/clock.css"/>\n'
                              '<script src="/js/clock.js"></script>\n'
                              '<div id="clock"></div>\n\n用 JavaScript 画的时钟。\n',
    "themes/hexo-theme-matery/source/css/clock.css": "#clock { width: 10em; }\n",
    "themes/hexo-theme-matery/source/js/clock.js": "document.title = 'clock';\n",
    "themes/hexo-theme-matery/source/css/matery.css": "body { margin: 0; }\n",
}


def test_a_post_s_script_and_style_kept_in_the_theme_s_source_move_with_it(
        tmp_path: Path) -> None:
    """A matery blog's post loads a clock's script and style it keeps in the theme's
    `source/` (`themes/hexo-theme-matery/source/js/date.js`), which Hexo published at
    the root, `/js/date.js`: they were left behind, and the build failed at both."""
    site = imported(tmp_path, MATERY, "hexo")
    assert [e.message for e in site.report.warnings] == []
    out = built(tmp_path, site)
    assert (out / "js/clock.js").read_text(encoding="utf-8") == "document.title = 'clock';\n"
    assert (out / "css/clock.css").is_file()
    assert not (out / "css/matery.css").exists()  # (the theme's own, which no post links)


def test_matery_s_friends_page_lists_its_json_file_s_friends(tmp_path: Path) -> None:
    """matery's friends page is front matter alone (`type: "friends"`), the theme
    drawing its cards from `source/_data/friends.json`: the page was left out with a
    warning that the import does not read the file, and the friends were lost."""
    site = imported(tmp_path, {
        **MATERY,
        "source/friends/index.md": '---\ntitle: friends\ndate: 2019-03-13 15:50:38\n'
                                   'type: "friends"\nlayout: "friends"\n---\n',
        "source/_data/friends.json": '[\n  {\n    "name": "光年",\n    "url": '
                                     '"https://friend.example.org/",\n    "title": "折跃",\n'
                                     '    "introduction": "写编译器的朋友"\n  },\n  {\n'
                                     '    "name": "Semon",\n    "url": "http://semon.example.org/",'
                                     '\n    "title": "折跃"\n  }\n]\n'}, "hexo")
    assert [e.message for e in site.report.warnings] == []
    out = built(tmp_path, site)
    friends = prose(out, "friends/index.html")
    assert [(a.text(), a["href"]) for a in friends.find_all("a")] == [
        ("光年", "https://friend.example.org/"), ("Semon", "http://semon.example.org/")]
    assert "写编译器的朋友" in friends.find_all("li")[0].text()
    assert "折跃" not in friends.text()  # (the button's word, not a description)


def test_relearn_s_children_lists_a_chapter_s_pages(tmp_path: Path) -> None:
    """A relearn site of competition write-ups: each chapter's `_index.md` holds only
    `{{% children sort="weight" %}}`, the home page the same over its tables. The
    theme's template could not be run, so each was left in a comment with a warning
    and the chapters were empty pages; the dated pages (the archetype dates each)
    were a blog's posts, though relearn has no blog. The pages are the book's pages now,
    at their old URLs, and each `children` the list of the pages under its page, in
    their weights' order."""
    site = imported(tmp_path, RELEARN)
    assert [e.message for e in site.report.warnings] == []
    out = built(tmp_path, site)
    chapter = prose(out, "cv/index.html")
    assert [(a.text(), unquote(a["href"])) for a in chapter.find_all("a")] == [
        ("目标检测", "/检测/"), ("OCR", "/ocr/"), ("分割", "/seg/"), ("U-Net", "/unet/")]
    assert chapter.find_all("ul")[1].one("a").text() == "U-Net"  # (depth 2: nested)
    assert (out / "cv/ocr/index.html").is_file()  # (the old URL answers)
    home = parse_html((out / "index.html").read_text(encoding="utf-8"))
    assert [a.text() for a in home.one("main").find_all("a")][:2] == ["计算机视觉", "自然语言处理"]
    assert "<!--" not in (site.dest / "content/_index.md").read_text(encoding="utf-8")
    assert not (site.dest / "content/posts").exists()  # (no blog: relearn has none)
    # (the menu is the theme's sidebar, its chapters by their `menuTitle`, not "Blog")
    menu = tomllib.loads((site.dest / "lanting.toml").read_text(encoding="utf-8"))["menu"]
    assert [(e["name"], e["url"]) for e in menu] == [("CV", "/cv/"), ("自然语言处理", "/nlp/")]


def test_a_repository_of_hexo_s_posts_alone_is_read_as_hexo(tmp_path: Path) -> None:
    """A "hexo-source" repository holding only the blog's `_posts/` (notes written in
    Obsidian, in folders by course, with NexT's `{% note %}` and `$$` displays with
    blank lines in them) was read as a folder of notes: each `{% note %}` and `{%
    endnote %}` was left raw in its page, 168 build warnings on a systems student's
    notes. It is read as Hexo's posts now, with Hexo's default settings."""
    files = {
        "course/CS267/roofline.md": "---\ntitle: Roofline 模型\ndate: 2024-10-13 15:51:24\n"
                                    "categories:\n  - CS267\n---\n\n算力与带宽。\n\n"
                                    "<!-- more -->\n\n{% note primary %}\n**算术强度**是"
                                    "每字节的浮点运算数。\n{% endnote %}\n\n$$\n"
                                    "\\begin{align}\nI &= \\frac{W}{Q}\n\n"
                                    "P &= \\min(\\pi, \\beta I)\n\\end{align}\n$$\n",
        "book/mythical.md": "---\ntitle: 人月神话\ndate: 2024-10-06 11:26:01\n---\n\n"
                            "{% note info %}\n没有银弹。\n{% endnote %}\n",
        ".gitignore": ".obsidian/\n"}
    write_files(tmp_path / "old", files)
    assert detect(tmp_path / "old") == "hexo"
    site = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert [e.message for e in site.report.warnings] == []
    out = built(tmp_path, site)
    text = prose(out, "posts/roofline/index.html")
    assert (out / "2024/10/13/course/CS267/roofline/index.html").is_file()  # (Hexo's URL)
    assert "{%" not in text.text()
    assert "算术强度" in text.one("strong").text()
    assert len(text.find_all("math")) == 1  # (one formula, its blank line kept inside)


def test_relearn_s_attachments_and_site_parameters_convert(tmp_path: Path) -> None:
    """relearn's `{{% attachments /%}}` (the files of the page's `att.files/` folder,
    listed as links) and `{{% siteparam "author" %}}` were left in comments with a
    warning each, the attachments left behind."""
    site = imported(tmp_path, {
        "config.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "hugo-theme-relearn"\n'
                       '[params]\nauthor = "李明"\n',
        "content/docs/_index.md": "---\ntitle: 文档\n---\n\n{{% children %}}\n",
        "content/docs/data.md": "---\ntitle: 数据\ndate: 2024-01-01\n---\n\n"
                                '作者：{{% siteparam "author" %}}。\n\n{{% attachments /%}}\n',
        "content/docs/data.files/train.csv": "x,y\n1,2\n",
        "content/docs/data.files/.DS_Store": "",
    })
    assert [e.message for e in site.report.warnings] == []
    out = built(tmp_path, site)
    page = prose(out, "data/index.html")
    assert "作者：李明。" in page.text()
    [link] = page.find_all("a")
    assert link.text() == "train.csv"
    assert (out / link["href"].lstrip("/")).read_text(encoding="utf-8") == "x,y\n1,2\n"
