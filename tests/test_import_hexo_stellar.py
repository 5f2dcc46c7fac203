"""Hexo posts on the Stellar theme, shaped like those of a real Stellar blog a sweep
imported (own minimal text): Stellar's tags take `key:value` options among their words."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions

POST = """---
title: 调试笔记
date: 2024-08-16
---
{% box 注意 color:yellow %}
驱动升级后要**重启**。
{% endbox %}

{% box color:blue %}
没有标题的提示。
{% endbox %}

{% folding open:true 完整配置 %}
配置在这里。
{% endfolding %}

{% swiper width:max effect:cards %}

![](https://img.example.org/a.png)

![](https://img.example.org/b.png)

{% endswiper %}

{% frame iphone11 img:https://img.example.org/phone.png focus:top %}

{% link https://www.example.org/problem/1 desc:true %}

{% link https://www.example.org/repo 仓库 icon:https://www.example.org/i.png %}
"""


def test_stellar_tags_with_options_convert(tmp_path: Path) -> None:
    """`{% box %}` and `{% swiper %}` were left in comments (their text gone from the
    page), `{% frame %}` too; `{% link url desc:true %}` was a link reading `desc:true`
    and Stellar's `folding` summary read `open:true 完整配置`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/debug.md": POST})
    post = post_text(imported, "debug")
    assert "{%" not in post and "desc:true" not in post and "icon:" not in post
    assert imported.report.warnings == []
    assert "> [!WARNING] 注意" in post and "> [!NOTE]\n> 没有标题的提示。" in post
    assert "<summary>完整配置</summary>" in post
    assert "[https://www.example.org/problem/1](https://www.example.org/problem/1)" in post
    assert "[仓库](https://www.example.org/repo)" in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "debug" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    images = [e["src"] for e in main.iter() if e.tag == "img"]
    assert images == ["https://img.example.org/a.png", "https://img.example.org/b.png",
                      "https://img.example.org/phone.png"]
    assert "重启" in main.text() and "配置在这里" in main.text()


INLINE = """---
title: 换源记录
date: 2024-09-02
---
升级前一定要{% mark 备份配置 color:red %}，{%mark color:green 切勿跳过 %}。

据说快了一成{% sup 未验证 %}，仅在 x86 上{% sub 其他平台未测 %}。

{% note color:red 重要 先换源再升级。 %}

{% note 没有标题的一行提示。 %}

编译通过了{% emoji blobcat ablobcatheart %}，又失败了{% emoji 滑稽 height:2em %}。

这是 {% icon /static/files.svg %} 文件管理器，{% icon solar:folder %}旁边的图标。
"""


def test_stellar_inline_tags_convert(tmp_path: Path) -> None:
    """Stellar's `{% mark %}`, `{% sup %}`, `{% sub %}`, one-line `{% note %}`,
    `{% emoji %}` and `{% icon %}` were left in comments: the marked words and the
    notes' text gone from the page, and the emoji and icon pictures with them."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "_config.stellar.yml": "tag_plugins:\n  emoji:\n"
                               "    tieba: https://emoji.example.org/tieba/{name}.png\n"
                               "    blobcat: https://emoji.example.org/blob/{name}.gif\n",
        "source/static/files.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
        "source/_posts/mirror.md": INLINE})
    post = post_text(imported, "mirror")
    assert "{%" not in post
    assert "<mark>备份配置</mark>，<mark>切勿跳过</mark>" in post
    assert "<sup>未验证</sup>" in post and "<sub>其他平台未测</sub>" in post
    assert "> [!CAUTION] 重要\n> 先换源再升级。" in post
    assert "> [!NOTE]\n> 没有标题的一行提示。" in post
    assert 'src="https://emoji.example.org/blob/ablobcatheart.gif" alt="ablobcatheart"' in post
    assert 'src="https://emoji.example.org/tieba/滑稽.png" alt="滑稽"' in post
    assert "height:2em" in post
    # a path or address is the icon's picture; a theme's named icon (not in the
    # site's `_data/icons.yml`) has none here: left out, with a warning
    assert [w.message for w in imported.report.warnings] == [
        "`{% icon solar:folder %}`: the theme's icon `solar:folder` left out (Lanting "
        "has no such icon)"]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "mirror" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    images = [e["src"] for e in main.iter() if e.tag == "img"]
    assert images[0] == "https://emoji.example.org/blob/ablobcatheart.gif"
    assert images[2].endswith("files.svg")
    assert "备份配置" in main.text() and "先换源再升级" in main.text()


def test_emoji_tag_without_a_source_is_the_character(tmp_path: Path) -> None:
    """hexo-tag-emojis' `{% emoji smile %}` (GitHub's names) on a theme with no emoji
    sources is that emoji; a name no source or emoji has stays in a comment."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "好耶{% emoji smile %}，{% emoji 滑稽 %}\n"})
    post = post_text(imported, "a")
    assert "好耶😄，" in post and "<!-- import: unconverted {% emoji 滑稽 %} -->" in post


def test_butterfly_icon_font_icon_is_left_out(tmp_path: Path) -> None:
    """Butterfly's `{% icon icon-ox,2 %}` draws a symbol of the site's own icon font (its
    script): no picture and no text Lanting can show, so it is left out with a warning
    rather than Stellar's `icon-ox,2` read as a name."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "丑牛{% icon icon-ox,2 %}。\n"})
    assert "丑牛。" in post_text(imported, "a")
    assert [w.message for w in imported.report.warnings] == [
        "`{% icon icon-ox,2 %}`: an icon of the site's icon font, left out (Lanting has "
        "no such icon)"]


def test_stellar_poetry_quot_and_hashtag_convert(tmp_path: Path) -> None:
    """Stellar's `{% poetry %}` block, `{% quot %}` and `{% hashtag %}` were left in
    comments: the poem, the quoted line and the tag's word gone from the page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/p.md": "---\ntitle: P\ndate: 2024-03-01\n---\n"
                              "{% quot el:h2 写在前面 %}\n\n{% quot 慢慢来，比较快。 %}\n\n"
                              "{% poetry 小诗 author:某人 date:2020 footer:节选 %}\n"
                              "第一行\n第二行\n{% endpoetry %}\n\n"
                              "见 {% hashtag 编译 /tags/compile/ %} 与 {% hashtag 随笔 %}。\n"})
    post = post_text(imported, "p")
    assert "{%" not in post and imported.report.warnings == []
    assert "## 写在前面" in post and "\n慢慢来，比较快。\n" in post
    assert all(line in post for line in ("> **小诗**", "> 某人 · 2020", "> 第一行",
                                         "> 节选"))
    assert "见 [#编译](/tags/compile/) 与 #随笔。" in post


def test_older_stellar_blocks_convert(tmp_path: Path) -> None:
    """Before Stellar 1.18 `box` was `ablock` (and `border` before that) and `grid` was
    `split`: a blog written then (and a fork keeping the names) had each left in two
    comments, the box's title gone and the cells one under the other."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/old.md": "---\ntitle: 旧版\ndate: 2022-10-01\n---\n"
                                "{% ablock 免责声明 color:orange %}\n仅供学习。\n"
                                "{% endablock %}\n\n"
                                "{%border 提示 %}\n旧名字。\n{%endborder%}\n\n"
                                "{%split style:block%}\n\n<!-- cell left -->\n\n左边的图。\n\n"
                                "<!-- cell right -->\n\n右边的图。\n\n{%endsplit%}\n"})
    post = post_text(imported, "old")
    assert "{%" not in post and "cell" not in post and imported.report.warnings == []
    assert "> [!WARNING] 免责声明\n> 仅供学习。" in post
    assert "> [!NOTE] 提示\n> 旧名字。" in post
    assert (":::: {.columns}\n\n::: {.column}\n左边的图。\n:::\n\n::: {.column}\n"
            "右边的图。\n:::\n\n::::") in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "old" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    columns = main.one("div", class_="columns")
    assert len(columns.find_all("div", class_="column")) == 2


def test_a_post_asking_for_mermaid_gets_its_diagrams_drawn(tmp_path: Path) -> None:
    """Stellar (and Fluid with `specific: true`) loads Mermaid on a page whose front
    matter says `mermaid: true`: its ```` ```mermaid ```` fences were drawn, and showed
    as code with a build warning after the import."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/uml.md": "---\ntitle: 类图\ndate: 2024-05-01\nmermaid: true\n---\n"
                                "```mermaid\nclassDiagram\n  甲 <|-- 乙\n```\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = (imported.dest / "public" / "posts" / "uml" / "index.html").read_text(
        encoding="utf-8")
    assert '<pre class="mermaid">' in html


def test_stellar_copy_is_a_code_block_of_its_line(tmp_path: Path) -> None:
    """Stellar's `{% copy %}` (a line with a copy button: an install command, a
    repository to clone) was left in a comment with a warning, and the command was
    gone from the page. `git:` spells a GitHub repository's address as Stellar did."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/setup.md": (
            "---\ntitle: 安装\ndate: 2024-05-02\n---\n安装脚本：\n\n"
            "{% copy curl -fsSL https://get.example.org | sh %}\n\n"
            "{% copy prefix:$ pip install `tool` %}\n\n"
            "- 克隆：\n\n  {% copy git:ssh example-org/trainer %}\n\n"
            "{% copy git:https /example-org/trainer %}\n")})
    assert imported.report.warnings == []
    post = post_text(imported, "setup")
    assert "{%" not in post
    assert "```\ncurl -fsSL https://get.example.org | sh\n```" in post
    assert "  ```\n  git@github.com:example-org/trainer.git\n  ```" in post  # (in the item)
    assert "https://github.com/example-org/trainer.git" in post
    build(imported.dest, BuildOptions())
    main = parse_html((imported.dest / "public" / "posts" / "setup" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    codes = [e.text().strip() for e in main.iter() if e.tag == "pre"]
    assert codes[:4] == ["curl -fsSL https://get.example.org | sh", "pip install `tool`",
                     "git@github.com:example-org/trainer.git",
                     "https://github.com/example-org/trainer.git"]
    assert main.one("li").find_all("pre")


def test_stellar_ghcard_options_are_no_part_of_the_repository(tmp_path: Path) -> None:
    """Stellar's `{% ghcard owner/repo theme:dark %}` (its options after a space, where
    Volantis' come after a comma) made a link to `…/repo theme:dark`, which Markdown
    shows as text, with a warning at the build."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/repo.md": "---\ntitle: 仓库\ndate: 2024-05-03\n---\n"
                                 "{% ghcard example-org/trainer theme:dark %}\n"})
    post = post_text(imported, "repo")
    assert "[example-org/trainer](https://github.com/example-org/trainer)" in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
