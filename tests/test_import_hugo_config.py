"""Hugo settings real blogs use that move their files or change what the old site was
(`contentDir`, `staticDir`, `ignoreFiles`, a config file in `---` lines, the language a
theme spoke): written here as tiny sites, imported, then built."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

from htmltree import Element, parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


def imported_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    return import_site(source, tmp_path / "new", None, False, NOW)


def settings(imported: Imported) -> dict[str, object]:
    return tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))


def prose(out: Path, rel: str) -> Element:
    return parse_html((out / rel).read_text(encoding="utf-8")).one("div", class_="prose")


def test_a_config_file_between_document_markers_is_read(tmp_path: Path) -> None:
    """A `config.yaml` opened and closed by `---` lines is one document to Hugo (the
    closing line starts an empty second one); ruamel refused the file, and the site
    lost its title, language and permalinks."""
    imported = imported_site(tmp_path, {
        "config.yaml": "---\ntitle: 工程笔记\nlanguageCode: zh-cn\n"
                       "permalinks:\n  posts: /:year/:slug/\n---\n",
        "content/posts/rpc.md": "---\ntitle: 协程 RPC\ndate: 2021-03-04\n---\n\n正文。\n"})
    assert imported.report.warnings == []
    config = settings(imported)
    assert config["title"] == "工程笔记"
    assert config["language"] == "zh-CN"
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "2021/rpc/index.html").is_file()
