"""Faults real Jekyll blogs exposed in the seventeenth sweep (English and Chinese blogs
of ML and systems engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions


def test_a_doubled_pipe_before_a_filter_is_one(tmp_path: Path) -> None:
    """A Chinese blog of segmentation papers writes a figure `![x]({{ "/x.png" ||
    prepend: site.imgrepo }})`: Jekyll's Liquid, failing its strict parser, reads it
    with its lax one, which skips the empty filter, and the figure showed. The import
    left it in a comment with a warning, the figure lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\nurl: \"https://ann.github.io\"\n"
                       "imgrepo: \"https://ann.github.io/static/img\"\n",
        "static/img/aspp.png": png(8, 8),
        "_posts/2019-03-16-deeplab.md": "---\ntitle: DeepLab\n---\n\n"
                                        "![ASPP]({{ \"/aspp.png\" || prepend: site.imgrepo }})\n"})
    assert not imported.report.warnings, imported.report.entries
    post = (imported.dest / "content/posts/deeplab/index.md").read_text(encoding="utf-8")
    assert "{{" not in post and "aspp.png" in post, post
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_url_inside_an_iframes_srcdoc_is_left_alone(tmp_path: Path) -> None:
    """A data-science blog's post shows a folium map: a whole page in `<iframe
    srcdoc="…">`, escaped, over many lines. Its `&lt;script src=&quot;https://…&quot;`
    was read as a URL written without quotes: the import warned of a link leading
    nowhere and rewrote the map's page."""
    srcdoc = ('<div><iframe srcdoc="&lt;!DOCTYPE html&gt;\n&lt;head&gt;\n'
              '    &lt;script src=&quot;https://cdn.example.org/leaflet.js&quot;&gt;'
              '&lt;/script&gt;\n&lt;/head&gt;\n&lt;/html&gt;" style="border:none" '
              'allowfullscreen></iframe></div>\n')
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Data\nlang: en\n",
        "_posts/2024-04-03-maps.md": "---\ntitle: Maps\n---\n\nA map:\n\n" + srcdoc})
    assert not imported.report.warnings, imported.report.entries
    post = (imported.dest / "content/posts/maps.md").read_text(encoding="utf-8")
    assert srcdoc in post, post
