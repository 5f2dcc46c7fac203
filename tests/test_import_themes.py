"""Sites on the themes Chinese ML and systems bloggers use most (Hexo Fluid and Butterfly,
Hugo Stack and LoveIt/FixIt, Jekyll Chirpy), shaped like real ones and written here:
what their posts wrote must reach the page, not stay raw or go missing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def imported_site(tmp_path: Path, kind: str, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    if kind == "hexo":
        write_files(source, {"package.json": '{"dependencies": {"hexo": "^7"}}'})
    return import_site(source, tmp_path / "new", kind, False, NOW)


def written(imported: Imported, rel: str) -> str:
    return (imported.dest / rel).read_text(encoding="utf-8")


def test_chirpy_downloads_of_any_kind_are_copied(tmp_path: Path) -> None:
    """A Chirpy post linking its own files (`/assets/posts/7/style.csl`, a `.7z`, a
    `.tcl` script): only files of a few known kinds were copied, the links were broken
    and the build failed."""
    imported = imported_site(tmp_path, "jekyll", {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: Notes\nlang: zh-CN\n",
        "assets/posts/7/style.csl": "<style/>\n",
        "assets/posts/7/tools.7z": b"7z\xbc\xaf",
        "assets/posts/7/color.tcl": "set x 1\n",
        "assets/js/theme.js": "var x;\n",
        "_posts/2024-05-01-zotero.md": "---\ntitle: 引用格式\ndate: 2024-05-01 10:00:00 +0800"
        "\n---\n\n下载 [样式](/assets/posts/7/style.csl)、[工具](/assets/posts/7/tools.7z)"
        " 与 [脚本](/assets/posts/7/color.tcl)。\n"})
    for rel in ("style.csl", "tools.7z", "color.tcl"):
        assert (imported.dest / "static/assets/posts/7" / rel).is_file()
    assert not (imported.dest / "static/assets/js/theme.js").exists()  # (theme files stay out)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "assets/posts/7/tools.7z").read_bytes() == b"7z\xbc\xaf"

