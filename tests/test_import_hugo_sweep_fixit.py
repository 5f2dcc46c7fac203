"""Faults real Chinese FixIt and LoveIt blogs of systems notes exposed, in small sites
written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import built_cleanly, prose

FIXIT = 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n'
PICTURE = "data:image/png;base64," + "iVBORw0KGgo" * 40  # (longer than a file name may be)


def test_an_inline_data_picture_is_kept_as_written(tmp_path: Path) -> None:
    """FixIt's `image` shortcode with a `data:` URL (a picture pasted into the post) was
    looked up as a file beside the page: the whole picture as a file name, too long for
    the file system, stopped the import with an error."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/hello.md": (
            "---\ntitle: 你好\ndate: 2024-05-01\n---\n\n头像：\n\n"
            f'{{{{< image src="{PICTURE}" caption="截图" >}}}}\n')})
    [image] = prose(out, "posts/hello/index.html").find_all("img")
    assert image.get("src") == PICTURE

