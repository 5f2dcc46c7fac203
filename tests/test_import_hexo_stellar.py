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
