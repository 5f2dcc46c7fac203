"""Hexo posts shaped like those of real systems blogs a sweep imported (own minimal
text, modelled on their layout): asset images and template syntax in code."""

from __future__ import annotations

from pathlib import Path

from sitebits import png
from test_import_hexo_sites import hexo_site, post_text


def test_an_asset_img_is_not_reported_missing(tmp_path: Path) -> None:
    """`{% asset_img a.png %}` with the picture in the post's asset folder: it became a
    figure, and then its placeholder was taken for a relative image naming no file, a
    warning "image `` not found" on every asset image of the blog."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/skip.md": "---\ntitle: 跳表\ndate: 2019-02-26\n---\n"
                                 "示意：\n\n{% asset_img a.png %}\n",
        "source/_posts/skip/a.png": png(8, 8)})
    assert [w.message for w in imported.report.warnings] == []
    assert "![](a.png)" in post_text(imported, "skip")

