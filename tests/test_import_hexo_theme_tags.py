"""Hexo posts on the Volantis theme and on Redefine (which took Volantis' tag syntax),
and link cards of Butterfly and AnZhiYu, shaped like those of real blogs a sweep imported
(own minimal text): Volantis' tags part arguments at `::` when there is one, else at
commas, and its `note` is one line with no `{% endnote %}`."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions

VOLANTIS = """---
title: 服务器笔记
date: 2021-10-05
---
{% note info::这是一篇示例文章。 %}

{% note bug red, 本文分为**两部分**。 %}

{% noteblock warning, 注意 %}
升级前先备份 $x_1$。
{% endnoteblock %}

{% folding::进一步解释 %}
解释在这里。
{% endfolding %}

{% folding cyan::查看代码 %}
```cpp
int main() {}
```
{% endfolding %}

{% checkbox checked::已安装驱动 %}

{% checkbox::可选的插件 %}

按钮：{% btn 深色模式::::fas fa-moon %}，{% btn 主页, https://www.example.org/ %}，
{% btn regular::文档::https://docs.example.org/::fas fa-book %}。

{% link 订阅::/atom.xml %}

{% image 'https://img.example.org/groups.png', bg=#101010, alt='自定义分组' %}

{% btns rounded grid5 %}
{% cell 下载, https://dl.example.org/, fas fa-download %}
{% cell 文档::https://docs.example.org/::fas fa-book %}
{% endbtns %}

{% blocknote done %}
完成。
{% endblocknote %}

{% timeline 版本记录 %}
{% timenode 2020-01-05 %}
第一版，支持 $O(n)$ 查询。
{% endtimenode %}
{% timenode 2021-03-01::大版本 %}
第二版。
{% endtimenode %}
{% endtimeline %}
"""

REDEFINE = """---
title: 欧几里得算法
date: 2024-09-24
---
{% notel blue fa-book 历史资料 %}
辗转相除法最早见于《几何原本》。
{% endnotel %}

{% notel yellow %}
没有标题。
{% endnotel %}

{% note warning %}
Redefine 的简单提示。
{% endnote %}

{% callout type="danger" title="小心" %}
会溢出。
{% endcallout %}

{% folding green::证明 %}
由 $\\gcd(a,b)=\\gcd(b,a \\bmod b)$ 可得。
{% endfolding %}
"""


def test_volantis_tags_split_at_double_colons(tmp_path: Path) -> None:
    """Volantis' one-line `{% note style, text %}` and `{% noteblock %}` were left in
    comments (their text gone from the page); `{% folding::标题 %}` had the summary
    `::进一步解释`, `{% checkbox checked::文字 %}` read `☐ checked::文字`, a button's
    text was taken for its URL, and a timeline's `{% timenode %}` entries were lost
    with no word."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: volantis\n",
        "source/_posts/server.md": VOLANTIS})
    post = post_text(imported, "server")
    assert "{%" not in post and "::" not in post
    assert "> [!NOTE]\n> 这是一篇示例文章。" in post
    assert "> [!CAUTION]\n> 本文分为**两部分**。" in post
    assert "> [!WARNING] 注意\n> 升级前先备份 $x_1$。" in post
    assert "<summary>进一步解释</summary>" in post and "<summary>查看代码</summary>" in post
    assert "☑ 已安装驱动" in post and "☐ 可选的插件" in post
    assert "按钮：深色模式，[主页](https://www.example.org/)" in post
    assert "[文档](https://docs.example.org/)" in post
    assert "[订阅](/atom.xml)" in post and "> [!TIP]\n> 完成。" in post
    assert "- [下载](https://dl.example.org/)\n- [文档](https://docs.example.org/)" in post
    assert '![自定义分组](https://img.example.org/groups.png "自定义分组")' in post
    assert ("**版本记录**\n\n**2020-01-05**\n\n第一版，支持 $O(n)$ 查询。\n\n"
            "**2021-03-01**\n\n第二版。") in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((imported.dest / "public" / "posts" / "server" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    assert [e.text().strip() for e in prose.find_all("summary")] == ["进一步解释", "查看代码"]
    assert prose.find_all("math")


def test_redefine_titled_notes_and_callouts_convert(tmp_path: Path) -> None:
    """Redefine's `{% notel colour [icon] title %}` and `{% callout type=… title=… %}`
    were left in comments, `{% note warning %}` kept, and `{% folding green::证明 %}`
    had the summary `green::证明`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: redefine\n",
        "source/_posts/gcd.md": REDEFINE})
    post = post_text(imported, "gcd")
    assert "{%" not in post and "::" not in post and "fa-book" not in post
    assert "> [!NOTE] 历史资料\n> 辗转相除法最早见于《几何原本》。" in post
    assert "> [!WARNING] Warning\n> 没有标题。" in post
    assert "> [!WARNING]\n> Redefine 的简单提示。" in post
    assert "> [!CAUTION] 小心\n> 会溢出。" in post
    assert "<summary>证明</summary>" in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_note_without_its_end_is_left_with_a_warning(tmp_path: Path) -> None:
    """A NexT `{% note %}` whose `{% endnote %}` is missing is no Volantis one-line note
    (it has no `,`): it stays in a comment, with a warning naming its line."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "正文。\n\n{% note info %}\n提示。\n"})
    post = post_text(imported, "a")
    assert "<!-- import: unconverted {% note info %} -->" in post
    assert any(w.path.endswith("_posts/a.md") and w.line == 7 and "endnote" in w.message
               for w in imported.report.warnings)


def test_butterfly_and_anzhiyu_link_cards_are_links(tmp_path: Path) -> None:
    """Butterfly's `{% link 标题, url, 图片 %}` and AnZhiYu's `{% link 标题, 站点, url %}`
    part their arguments at commas: read at spaces, the link's URL kept the comma
    (`https://…/,`, a broken link) and its text held the image's address."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/l.md": "---\ntitle: L\ndate: 2024-01-01\n---\n"
                              "{% link 我的博客, https://blog.example.org/, "
                              "https://blog.example.org/logo.png %}\n\n"
                              "{% link 注意力机制, 某站, https://x.example.com/a %}\n\n"
                              "{% link https://hexo.io/ Hexo 官网 %}\n"})
    post = post_text(imported, "l")
    assert "[我的博客](https://blog.example.org/)" in post
    assert "[注意力机制 — 某站](https://x.example.com/a)" in post
    assert "[Hexo 官网](https://hexo.io/)" in post


def test_butterfly_plugin_tips_github_cards_and_sites_convert(tmp_path: Path) -> None:
    """A Butterfly blog with the tag plugins of AnZhiYu and Volantis (a showcase of 8
    posts): `{% tip %}`, `{% ghcard %}`, `{% sitegroup %}` of `{% site %}` and `{% video
    %}` were left in comments, their text, links and videos gone from the page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/t.md": "---\ntitle: T\ndate: 2024-01-01\n---\n"
                              "{% tip warning %}先**备份**再升级。{% endtip %}\n\n"
                              "{% tip cogs %}配置说明{% endtip %}\n\n"
                              "仓库：{% ghcard volantis-x/hexo-theme-volantis, theme=vue %}\n\n"
                              "{% sitegroup %}\n{% site 小站, url=https://a.example.org, "
                              "screenshot=https://a.example.org/s.jpg, description=简约 %}\n"
                              "{% site 另一站, url=https://b.example.org %}\n{% endsitegroup %}\n"
                              "\n{% videos, 2 %}\n{% video https://v.example.org/a.mp4 %}\n"
                              "{% endvideos %}\n"})
    post = post_text(imported, "t")
    assert "{%" not in post and imported.report.warnings == []
    assert "> [!WARNING]\n> 先**备份**再升级。" in post and "> [!NOTE]\n> 配置说明" in post
    assert ("仓库：[volantis-x/hexo-theme-volantis]"
            "(https://github.com/volantis-x/hexo-theme-volantis)") in post
    assert ("- [小站](https://a.example.org): 简约\n- [另一站](https://b.example.org)"
            in post)
    assert '<video src="https://v.example.org/a.mp4" controls></video>' in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((result.output / "posts" / "t" / "index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert prose.one("video")["src"] == "https://v.example.org/a.mp4"


def test_hexo_img_with_a_comma_in_its_title_keeps_its_reading(tmp_path: Path) -> None:
    """Hexo's own `{% img %}` parts its arguments at spaces; a comma in its quoted title
    is the title's (only Volantis' and Butterfly's `{% image %}` part at commas)."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/i.md": "---\ntitle: I\ndate: 2024-01-01\n---\n"
                              "{% img https://img.example.org/a.png '\"Loss, train\"' %}\n"})
    assert '![Loss, train](https://img.example.org/a.png "Loss, train")' in post_text(
        imported, "i")


PLUS = """---
title: 神经网络入门
date: 2023-05-02
---
输入数据先进入{% bubble 输入层,"接收原始特征的一层","#ec5830" %}，
再到{% nota 隐藏层,在输入与输出之间 %}。

反向传播最早由三位作者推广{% referto '[1]','反向传播的论文' %}，
训练技巧见讲义{% referto '[2]','课程讲义' %}。

{% progress 60 green 本系列完成度 %}

{% bdage Theme,Butterfly,hexo||blue,https://example.org/theme,所用主题 %}

{% poem 静夜,某人 %}
月光照在窗前，
我想起了家乡。
{% endpoem %}

{% wow animate__zoomIn,2s %}
**会动的段落。**
{% endwow %}

## 参考资料

{% referfrom '[1]','一篇关于反向传播的论文','https://example.org/bp' %}
"""


def test_tag_plugins_plus_text_tags_keep_their_text(tmp_path: Path) -> None:
    """hexo-butterfly-tag-plugins-plus's `bubble`, `nota`, `referto`/`referfrom`,
    `progress`, `bdage`, `poem` and `wow` were left in comments: the words they wrap
    were gone from their sentences, and the poems and sources from the page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/nn.md": PLUS})
    post = post_text(imported, "nn")
    assert "{%" not in post and imported.report.warnings == []
    assert "再到隐藏层[^note-2]" in post and "[^note-2]: 在输入与输出之间" in post
    assert "进入输入层[^note-1]" in post and "[^note-1]: 接收原始特征的一层" in post
    assert "推广[^ref-1]" in post and "讲义[^ref-2]" in post
    assert "[^ref-1]: [一篇关于反向传播的论文](https://example.org/bp)" in post
    assert "[^ref-2]: 课程讲义" in post  # (no source in the post: its hover's text)
    assert '<progress value="60" max="100">60%</progress> 本系列完成度' in post
    assert ("[![所用主题](https://img.shields.io/badge/Butterfly-Theme-orange?logo=hexo"
            "&color=blue)](https://example.org/theme)") in post
    assert all(line in post for line in ("> **静夜**", "> 某人", ">\n> 月光照在窗前，"))
    assert "**会动的段落。**" in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "nn" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    assert "月光照在窗前" in main.text() and "一篇关于反向传播的论文" in main.text()


def test_fluid_mermaid_fences_and_echarts(tmp_path: Path) -> None:
    """Fluid turns Mermaid on under `post:` (`post: {mermaid: {enable: true}}`), and its
    posts write ```` ```mermaid ```` fences: the setting was not read, and the diagrams
    showed as code with a build warning. hexo-tag-echarts' `{% echarts %}` was left in
    two comments, the chart's option object between them shown as prose."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: fluid\n",
        "_config.fluid.yml": "post:\n  math:\n    enable: true\n"
                             "  mermaid:\n    enable: true\n    specific: true\n",
        "source/_posts/chart.md": "---\ntitle: 图\ndate: 2023-01-02\nmermaid: true\n---\n"
                                  "流程：\n\n```mermaid\ngraph LR\n  甲 --> 乙\n```\n\n"
                                  "{% echarts 400 '100%' %}\noption = {\n"
                                  "  series: [{ type: 'line', data: [1, 2] }]\n};\n"
                                  "{% endecharts %}\n"})
    post = post_text(imported, "chart")
    assert "```js\noption = {\n  series: [{ type: 'line', data: [1, 2] }]\n};\n```" in post
    assert [w.message for w in imported.report.warnings] == [
        "an ECharts chart (hexo-tag-echarts) shown as its option code: Lanting draws none "
        "(save the chart as an image to show it)"]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = (imported.dest / "public" / "posts" / "chart" / "index.html").read_text(
        encoding="utf-8")
    assert '<pre class="mermaid">' in html


def test_butterfly_chartjs_is_its_data_and_description(tmp_path: Path) -> None:
    """Butterfly's `{% chartjs %}` (a Chart.js chart of the JSON between `<!-- chart -->`
    and `<!-- endchart -->`, its `<!-- desc -->` text beside it) was left in comments,
    the JSON shown as prose."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/loss.md": "---\ntitle: 损失曲线\ndate: 2024-02-01\n---\n"
                                 "{% chartjs 70, abreast %}\n<!-- chart -->\n"
                                 '{"type": "line", "data": {"labels": [1, 2]}}\n'
                                 "<!-- endchart -->\n<!-- desc -->\n训练 **损失** 逐步下降。\n"
                                 "<!-- enddesc -->\n{% endchartjs %}\n"})
    post = post_text(imported, "loss")
    assert '```json\n{"type": "line", "data": {"labels": [1, 2]}}\n```' in post
    assert "\n训练 **损失** 逐步下降。\n" in post and "{%" not in post
    assert [w.message for w in imported.report.warnings] == [
        "a Chart.js chart (Butterfly's `chartjs`) shown as its data: Lanting draws none "
        "(save the chart as an image to show it)"]
    build(imported.dest, BuildOptions())


def test_a_mermaid_tag_inside_a_fence_is_code(tmp_path: Path) -> None:
    """A post quoting its theme's settings in a ```` ```yaml ```` fence, their comments
    showing `# {% mermaid %}` … `# {% endmermaid %}`: Hexo renders no tag inside code,
    but the import made a Mermaid diagram of those lines and broke the fence."""
    settings = ("```yaml\nmermaid:\n  enable: false\n  # 用法\n  # {% mermaid %}\n"
                "  # 内容\n  # {% endmermaid %}\n```\n")
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/cfg.md": "---\ntitle: 配置\ndate: 2024-02-02\n---\n" + settings})
    assert settings in post_text(imported, "cfg")
    assert all("Mermaid" not in e.message for e in imported.report.entries)


def test_fluid_short_checkbox(tmp_path: Path) -> None:
    """Fluid's short checkbox, `{% cb 文字, checked?, inline? %}`, was left in a comment
    and its text gone from the page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: fluid\n",
        "source/_posts/todo.md": "---\ntitle: 待办\ndate: 2024-02-02\n---\n"
                                 "{% cb 读完论文, true, true %}\n\n{% cb 复现实验, false %}\n"})
    post = post_text(imported, "todo")
    assert "☑ 读完论文\n\n☐ 复现实验" in post and imported.report.warnings == []


def test_an_image_tag_keeps_its_size(tmp_path: Path) -> None:
    """`{% image url, alt=说明, width=400px %}` (Volantis', Butterfly's) and `{% img src
    300 %}` lost their size, with a warning that a Markdown image has none; Lanting
    reads an attribute block after the image."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/pic.md": "---\ntitle: 图\ndate: 2024-02-02\n---\n"
                                "{% image https://img.example.org/a.png, alt=示意图, "
                                "width=400px %}\n\n"
                                "{% img https://img.example.org/b.png 300 流程 %}\n"})
    post = post_text(imported, "pic")
    assert imported.report.warnings == []
    assert '![示意图](https://img.example.org/a.png "示意图"){width="400px"}' in post
    assert '![流程](https://img.example.org/b.png "流程"){width="300"}' in post
    build(imported.dest, BuildOptions())
    main = parse_html((imported.dest / "public" / "posts" / "pic" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    assert [e.get("width") for e in main.iter() if e.tag == "img"] == ["400", "300"]


def test_bilibili_video_tags_are_videos(tmp_path: Path) -> None:
    """hexo-bilibili-card's `{% bilicard BV… %}`, a Stellar fork's `{% bvideo BV… %}` and
    hexo-tag-bilibili's `{% bilibili 170001 %}` were left in comments, the videos gone.
    A BV id is Lanting's player; an `av` number (which the player does not take) a link."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: stellar\n",
        "source/_posts/v.md": "---\ntitle: 视频\ndate: 2024-03-03\n---\n"
                              "{% bilicard BV1GJ411x7h7 %}\n\n{%bvideo BV1xx411c7mD%}\n\n"
                              "{% bilicard av170001 %}\n"})
    post = post_text(imported, "v")
    assert imported.report.warnings == []
    assert ('{{< video bilibili="BV1GJ411x7h7" >}}\n\n{{< video bilibili="BV1xx411c7mD" >}}'
            "\n\n[▶ Bilibili av170001](https://www.bilibili.com/video/av170001)") in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_codeblock_tag_inside_a_fence_is_code(tmp_path: Path) -> None:
    """A post showing Hexo's `{% codeblock %}` in a ```` ```md ```` fence had it made a
    fence inside the fence, which ended the outer one early; a `{% codeblock %}` holding
    a fence keeps it whole, in longer backticks."""
    shown = "```md\n{% codeblock lang:js %}\nx = 1\n{% endcodeblock %}\n```\n"
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/usage.md": "---\ntitle: 用法\ndate: 2024-02-02\n---\n" + shown
                                  + "\n{% codeblock lang:md %}\n```js\ny = 2\n```\n"
                                    "{% endcodeblock %}\n"})
    post = post_text(imported, "usage")
    assert shown in post
    assert "````md\n```js\ny = 2\n```\n````" in post


def test_a_flink_block_is_its_groups_of_links(tmp_path: Path) -> None:
    """Butterfly's and AnZhiYu's `{% flink %}` (the groups of `_data/link.yml` written
    in a post) was left in a comment with a warning, its `{% endflink %}` too: the
    links were gone from the page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: anzhiyu\n",
        "source/_posts/friends.md": (
            "---\ntitle: 友链\ndate: 2023-06-01\n---\n{% flink %}\n"
            "- class_name: 推荐\n  flink_style: flexcard\n  link_list:\n"
            "    - name: 示例博客\n      link: https://blog.example.org/\n"
            "      avatar: https://blog.example.org/a.png\n      descr: 写编译器\n\n"
            "- class_name: 工具\n  class_desc: 常用的网站\n  link_list:\n"
            "    - name: Docs\n      link: https://docs.example.org/\n"
            "{% endflink %}\n")})
    assert imported.report.warnings == []
    post = post_text(imported, "friends")
    assert "{%" not in post
    assert "## 推荐" in post and "- [示例博客](https://blog.example.org/) — 写编译器" in post
    assert "常用的网站" in post and "- [Docs](https://docs.example.org/)" in post


def test_volantis_pin_keeps_the_post_pinned(tmp_path: Path) -> None:
    """Volantis pins a post by `pin: true` (its scaffold's `# 是否首页置顶`), where
    Butterfly says `sticky` and Matery `top`: the key was left out with a notice, and
    the post lost what a template of one's own could show."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: volantis\n",
        "source/_posts/guide.md": "---\ntitle: 导读\ndate: 2022-01-01\npin: true\n---\n正文。\n",
        "source/_posts/plain.md": "---\ntitle: 普通\ndate: 2022-01-02\npin: false\n---\n正文。\n"})
    assert "params:\n  sticky: true" in post_text(imported, "guide")
    assert "sticky" not in post_text(imported, "plain")
    assert not [e for e in imported.report.entries if "`pin`" in e.message]
