"""AnZhiYu's pages drawn from `source/_data/`, shaped like those of a real AnZhiYu blog
a sweep imported (own minimal text): a page's file holds front matter alone (`type:
equipment`), and the theme drew it from a data file. They were left out as pages
"Lanting makes itself", and their text was gone with a notice."""

from __future__ import annotations

from pathlib import Path

from test_import_hexo_sites import hexo_site

from lanting.build import build
from lanting.build.options import BuildOptions


def page(title: str, kind: str) -> str:
    return f"---\ntitle: {title}\ndate: 2023-05-09 13:53:28\ntype: \"{kind}\"\n---\n"


EQUIPMENT = """- class_name: 好物
  description: 常用的设备
  tip: 写代码和跑实验用的东西
  top_background: https://img.example.org/bg.webp
  good_things:
    - title: 生产力
      description: 每天都在用
      equipment_list:
        - name: 工作站
          specification: 2 × 4090 / 128G
          description: 训练小模型。
          image: https://img.example.org/ws.png
          link: https://example.org/ws
        - name: 机械键盘
          specification: 茶轴
          description: 手感好。
          image: https://img.example.org/kb.png
          link: /2023/05/01/keyboard/
"""

ESSAY = """- title: 即刻短文
  subTitle: 日常的碎碎念。
  tips: 随时随地分享
  limit: 2
  essay_list:
    - content: 终于把分布式训练跑通了
      date: 2024/9/28
      link: https://example.org/ddp
    - content: 显存又不够了
      date: 2024-09-07
      image:
        - https://img.example.org/oom.png
      address: 北京
    - content: 这一条页面上不显示
      date: 2024/9/1
"""

ALBUM = """- class_name: 风景
  path_name: /scenery
  type: 2
  description: 路上拍的照片
  cover: https://img.example.org/cover.png
  album_list:
    - date: 2022/10/26 01:00:00
      content: 湖边
      from: 朋友
      image:
        - https://img.example.org/lake.png
- class_name: 没有页面的相册
  path_name: /nowhere
  description: 它的页面不在站点里
"""


def test_anzhiyu_data_pages_are_written_out(tmp_path: Path) -> None:
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: anzhiyu\n",
        "source/_posts/keyboard.md": "---\ntitle: 键盘\ndate: 2023-05-01\n---\n正文。\n",
        "source/equipment/index.md": page("我的装备", "equipment"),
        "source/essay/index.md": page("即刻", "essay"),
        "source/album/index.md": page("相册集", "album"),
        "source/scenery/index.md": page("风景", "album_detail"),
        "source/music/index.md": page("音乐馆", "music"),
        # (a type in curly quotes matched no layout: the theme drew an empty page)
        "source/tags/index.md": page("标签", "“tags”"),
        "source/bangumis/index.md": page("追番", "bangumis"),
        "source/_data/bangumis.yml": "- title: 番\n",
        "source/_data/equipment.yml": EQUIPMENT,
        "source/_data/essay.yml": ESSAY,
        "source/_data/album.yml": ALBUM})
    pages = imported.dest / "content" / "pages"
    gear = (pages / "equipment.md").read_text(encoding="utf-8")
    assert "## 生产力\n\n每天都在用" in gear
    assert "- **[工作站](https://example.org/ws)** 2 × 4090 / 128G：训练小模型。" in gear
    assert "![工作站](https://img.example.org/ws.png)" in gear
    assert "[机械键盘](../posts/keyboard.md)" in gear  # (a link to a post follows it)
    essay = (pages / "essay.md").read_text(encoding="utf-8")
    assert "- **2024/9/28** 终于把分布式训练跑通了 [链接](https://example.org/ddp)" in essay
    assert "- **2024-09-07** 显存又不够了（北京）\n\n  ![](https://img.example.org/oom.png)" \
        in essay
    assert "页面上不显示" not in essay  # (past the theme's `limit`)
    albums = (pages / "album.md").read_text(encoding="utf-8")
    assert "## [风景](scenery.md)" in albums and "## 没有页面的相册\n" in albums
    scenery = (pages / "scenery.md").read_text(encoding="utf-8")
    assert "路上拍的照片" in scenery and "- **2022/10/26 01:00:00** 湖边（朋友）" in scenery
    assert not (pages / "music.md").exists()
    warned = sorted(str(w) for w in imported.report.warnings)
    assert len(warned) == 2 and "`_data/bangumis`" in warned[0] and "music player" in warned[1]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = (imported.dest / "public" / "equipment" / "index.html").read_text(encoding="utf-8")
    assert "训练小模型" in html and 'href="/posts/keyboard/"' in html


def test_butterfly_shuoshuo_page_lists_its_short_posts(tmp_path: Path) -> None:
    """Butterfly's `type: shuoshuo` page drew `_data/shuoshuo.yml`'s short posts, newest
    first; it was left out as a page Lanting makes, with a notice."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/shuoshuo/index.md": page("说说", "shuoshuo"),
        "source/_data/shuoshuo.yml": "- date: 2025-6-4 18:00:00\n  content: 网站上线\n"
                                     "  tags:\n    - 随记\n"
                                     "- date: 2025-10-1 09:00:00\n  content: 换了主题\n"})
    text = (imported.dest / "content" / "pages" / "shuoshuo.md").read_text(encoding="utf-8")
    assert text.index("换了主题") < text.index("网站上线")
    assert "- **2025-06-04 18:00** 网站上线 #随记" in text
    assert imported.report.warnings == []
