"""Tags of Hexo itself and of NexT that real Chinese NexT blogs used, in small sites
written here: each was left in a comment, or its links broken."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions

CONFIG = "title: 笔记\nlanguage: zh-CN\ntheme: next\npermalink: :year/:month/:day/:title/\n"


def test_the_code_tag_is_a_code_block(tmp_path: Path) -> None:
    """Hexo registers its `codeblock` tag under a second name, `code`: a post's
    `{% code lang:c %}…{% endcode %}` was two comments with the code as prose between."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/alloc.md": (
            "---\ntitle: 内存分配\ndate: 2023-06-01\n---\n\n"
            "{% code lang:c malloc.c %}\nvoid *p = malloc(16);\n{% endcode %}\n")})
    assert imported.report.warnings == []
    text = post_text(imported, "alloc")
    assert '```c title=malloc.c\nvoid *p = malloc(16);\n```' in text
    assert "{%" not in text


def test_next_s_nested_tabs_are_flattened_in_order(tmp_path: Path) -> None:
    """NexT's `{% subtabs %}` (and `{% subsubtabs %}`) inside a tab: left in comments,
    and the tab holding them cut at the first inner `<!-- endtab -->`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/build.md": (
            "---\ntitle: 构建\ndate: 2023-06-02\n---\n\n"
            "{% tabs 构建方式 %}\n<!-- tab CMake -->\n用 CMake。\n<!-- endtab -->\n"
            "<!-- tab Bazel -->\n两种规则：\n\n{% subtabs 规则 %}\n"
            "<!-- tab cc_library -->\n库。\n<!-- endtab -->\n"
            "<!-- tab cc_binary -->\n程序。\n<!-- endtab -->\n{% endsubtabs %}\n"
            "<!-- endtab -->\n{% endtabs %}\n")})
    assert imported.report.warnings == []
    text = post_text(imported, "build")
    labels = [line for line in text.splitlines() if line.startswith("**")]
    assert labels == ["**CMake**", "**Bazel**", "**cc_library**", "**cc_binary**"]
    assert text.index("两种规则") < text.index("库。") < text.index("程序。")
    assert "{%" not in text and "<!--" not in text


def test_links_to_tabs_keep_their_targets(tmp_path: Path) -> None:
    """NexT gave a group of tabs an id from its name (`{% tabs Tab one %}`: `#tab-one`)
    and its panes `#tab-one-1`, `#tab-one-2`…: flattened, the tabs lost them, and the
    page's links to them broke the build."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/tabs.md": (
            "---\ntitle: 标签页\ndate: 2023-06-03\n---\n\n"
            "见 [第一组](#tab-one) 的 [第二页](#tab-one-2)。\n\n"
            "{% tabs Tab one %}\n<!-- tab -->\n甲。\n<!-- endtab -->\n"
            "<!-- tab -->\n乙。\n<!-- endtab -->\n{% endtabs %}\n\n"
            "{% tabs 不被链接 %}\n<!-- tab -->\n丙。\n<!-- endtab -->\n{% endtabs %}\n")})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    page = parse_html((result.output / "posts/tabs/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    ids = [a.get("id") for a in page.find_all("a") if a.get("id")]
    assert ids == ["tab-one", "tab-one-1", "tab-one-2"]


def test_the_embed_tags_hexo_once_had_are_a_video_and_links(tmp_path: Path) -> None:
    """`{% youtube %}`, `{% vimeo %}` and `{% gist %}` (built into Hexo up to 4, then
    hexo-tag-embed's) were left in comments: the video was gone from the post."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/talks.md": (
            "---\ntitle: 演讲\ndate: 2023-06-04\n---\n\n"
            "{% youtube Kt7u5kr_P5o %}\n\n{% youtube PLx0sYbCqOb8T playlist %}\n\n"
            "{% vimeo 76979871 %}\n\n{% gist octo/8d3a9f2c %}\n")})
    assert imported.report.warnings == []
    text = post_text(imported, "talks")
    assert '{{< video youtube="Kt7u5kr_P5o" >}}' in text
    assert "(https://www.youtube.com/playlist?list=PLx0sYbCqOb8T)" in text
    assert "(https://vimeo.com/76979871)" in text
    assert "(https://gist.github.com/octo/8d3a9f2c)" in text


def test_a_link_pasted_as_a_destination_leads_to_its_target(tmp_path: Path) -> None:
    """`[维基百科]([https://…](https://…))`, a rendered link copied as Markdown into a
    link: read as one relative URL, the link led nowhere, and the build refused it. It
    leads to the pasted link's own target now."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/rsa.md": (
            "---\ntitle: RSA 原理\ndate: 2023-06-05\n---\n\n"
            "（来自：[维基百科]([https://zh.wikipedia.org/wiki/RSA%E5%8A%A0%E5%AF%86]"
            "(https://zh.wikipedia.org/wiki/RSA加密))）\n")})
    assert "（来自：[维基百科](https://zh.wikipedia.org/wiki/RSA加密)）" in post_text(
        imported, "rsa")
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_tags_showing_a_file_s_code_are_code_blocks(tmp_path: Path) -> None:
    """Hexo's `{% include_code %}` (a file of `source/downloads/code/`) and a theme's
    `{% asset_code name %}` (a file of the post's asset folder, an exercise's
    solution) were left in comments: the code was gone from the page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/downloads/code/heap.c": "// 堆\nint a;\nint b;\nint c;\n",
        "source/_posts/lc709.md": (
            "---\ntitle: 转换成小写字母\ndate: 2023-06-06\n---\n\n思路：按位或 32。\n\n"
            "{% asset_code solution.py %}\n\n"
            "{% include_code 堆的实现 lang:c from:2 to:3 heap.c %}\n"),
        "source/_posts/lc709/solution.py": "def lower(s):\n    return s.lower()\n"})
    assert imported.report.warnings == []
    text = post_text(imported, "lc709")
    assert "```py title=solution.py\ndef lower(s):\n    return s.lower()\n```" in text
    assert '```c title=堆的实现 start=2\nint a;\nint b;\n```' in text


def test_music_players_are_links_to_what_they_played(tmp_path: Path) -> None:
    """hexo-tag-aplayer's `{% meting "id" "netease" "song" %}` and `{% aplayer title
    author url %}` were left in comments: the song was gone from the post."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/music.md": (
            "---\ntitle: 写代码时听的歌\ndate: 2023-06-07\n---\n\n"
            '{% meting "191252" "netease" "song" "autoplay" %}\n\n'
            '{% aplayer "夜曲" "某歌手" "https://cdn.example.com/yequ.mp3" %}\n')})
    assert imported.report.warnings == []
    text = post_text(imported, "music")
    assert "(https://music.163.com/#/song?id=191252)" in text
    assert "[♪ 夜曲 – 某歌手](https://cdn.example.com/yequ.mp3)" in text


def test_a_dplayer_is_the_video(tmp_path: Path) -> None:
    """hexo-tag-dplayer's `{% dplayer "url=…" "pic=…" "loop=yes" … %}`, its options over
    several lines with the writer's `//` notes after them (a robotics blog's demos),
    was left in a comment: the video was gone from the post."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/demo.md": (
            "---\ntitle: 演示\ndate: 2024-03-01\n---\n\n{%\n    dplayer\n"
            '    "url=https://cdn.example.com/dance.mp4"\n    "pic=https://cdn.example.com/d.jpg"\n'
            '    "loop=yes"  //循环播放\n    "theme=#FADFA3"   //主题\n%}\n\n'
            '{% dplayer "theme=#FADFA3" %}\n')})
    assert [w.message.split(":")[0] for w in imported.report.warnings] == [
        "not converted, left in a comment"]
    assert ('<video src="https://cdn.example.com/dance.mp4" '
            'poster="https://cdn.example.com/d.jpg" controls loop></video>'
            in post_text(imported, "demo"))


def test_an_audio_tag_is_the_audio(tmp_path: Path) -> None:
    """Butterfly's and AnZhiYu's `{% audio url %}` (a player of the file) was left in a
    comment: the recording was gone from the post."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: anzhiyu\n",
        "source/_posts/talk.md": "---\ntitle: 讲座\ndate: 2024-03-02\n---\n\n"
                                 "{% audio https://cdn.example.com/%E8%AE%B2%E5%BA%A7.mp3 %}\n"})
    assert imported.report.warnings == []
    assert ('<audio src="https://cdn.example.com/%E8%AE%B2%E5%BA%A7.mp3" controls></audio>'
            in post_text(imported, "talk"))
    build(imported.dest, BuildOptions())


def test_flowchart_fences_are_plain_text_a_lost_diagram_said(tmp_path: Path) -> None:
    """A ```` ```flow ```` fence (flowchart.js, drawn by hexo-filter-flowchart) was kept
    as a language Lanting does not know: an "unknown code language" build warning that
    did not say a diagram was lost. It is plain text now; with the filter installed, the
    import warns that the diagram shows as its code; without, the old page showed the
    code too."""
    post = ("---\ntitle: 流程\ndate: 2023-06-08\n---\n\n```flow\nst=>start: 开始\n"
            "e=>end: 结束\nst->e\n```\n")
    drawn = hexo_site(tmp_path / "a", {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6",'
                        ' "hexo-filter-flowchart": "^1"}}',
        "_config.yml": CONFIG, "source/_posts/flow.md": post})
    assert [w.message for w in drawn.report.warnings] == [
        "a flowchart.js diagram (hexo-filter-flowchart) shown as its code: Lanting draws "
        "none (a Mermaid diagram of it would be drawn)"]
    plain = hexo_site(tmp_path / "b", {"_config.yml": CONFIG, "source/_posts/flow.md": post})
    assert plain.report.warnings == []
    assert "```text\nst=>start: 开始" in post_text(plain, "flow")
    result = build(plain.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_a_relative_image_not_in_the_source_is_reported(tmp_path: Path) -> None:
    """A post's `![](靶场/6.jpg)` or `<img src="靶场/1.jpg">` naming no file of the
    source (the writer's asset folder left out of the repository) was kept without a
    word: the report said nothing was lost, and only the build failed on it."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG + "post_asset_folder: true\n",
        "source/_posts/range.md": (
            "---\ntitle: 靶场记录\ndate: 2023-06-09\n---\n\n![](靶场/6.jpg)\n\n"
            '<img src="靶场/1.jpg" style="zoom:80%;" />\n')})
    assert [w.message for w in imported.report.warnings] == [
        "image `靶场/6.jpg` not found in the source site: left as written",
        "image `靶场/1.jpg` not found in the source site: left as written"]


def test_a_site_named_without_its_scheme_is_linked(tmp_path: Path) -> None:
    """`[m.daocloud.io](m.daocloud.io)` was a path beside the post, which led nowhere
    and broke the build; as in the Hugo import, it leads to the site, with a notice."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG,
        "source/_posts/n8n.md": (
            "---\ntitle: 部署 n8n\ndate: 2023-06-10\n---\n\n"
            "镜像走了 [m.daocloud.io](m.daocloud.io) 这个镜像站。在[rsa.ie](rsa.ie)报名，"
            "见 [blog.x.top](blog.x.top/a)。\n")})
    assert imported.report.warnings == []
    text = post_text(imported, "n8n")
    assert "[m.daocloud.io](https://m.daocloud.io)" in text
    assert "[rsa.ie](https://rsa.ie)" in text and "(https://blog.x.top/a)" in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
