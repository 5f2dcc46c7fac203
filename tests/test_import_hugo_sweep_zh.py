"""Faults real Chinese Hugo blogs exposed (LoveIt, FixIt, DoIt and their forks: links to
the pages of terms, ECharts charts, FixIt's timelines), in small sites written here."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from test_import_hugo_sites import built_cleanly, prose


def test_links_to_the_pages_of_terms_lead_to_lanting_s(tmp_path: Path) -> None:
    """A link to a tag whose folder held the term's `_index.md` (`/tags/hexo/`) was taken
    for a section's list and lost its link, with a warning; a `ref` to a series' page
    (`ref "/series/夕拾花/"`), which Hugo made without a folder, was left in a comment."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "博客"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n'
                     '[taxonomies]\ntag = "tags"\ncategory = "categories"\n'
                     'series = "series"\n',
        "content/tags/hexo/_index.md": "---\ntitle: Hexo\n---\n\n旧博客的文章。\n",
        "content/posts/hexo-theme.md": (
            "---\ntitle: 主题美化\ndate: 2021-03-01\ntags: [Hexo, C++]\n"
            "series: [夕拾花]\n---\n\n之前的修改见 [hexo 标签](/tags/hexo/)，"
            "代码见 [C++](/tags/c++/#top)。\n"),
        "content/posts/annual.md": (
            "---\ntitle: 年终总结\ndate: 2022-12-31\n---\n\n"
            '这一年写了[一个系列]({{< ref "/series/夕拾花/" >}})。\n')})
    [hexo, cpp] = prose(out, "posts/hexo-theme/index.html").find_all("a")
    assert (hexo.get("href"), cpp.get("href")) == ("/tags/hexo/", "/tags/cpp/#top")
    [series] = prose(out, "posts/annual/index.html").find_all("a")
    assert unquote(series.get("href") or "") == "/series/夕拾花/"
    assert (out / "tags/hexo/index.html").is_file()
