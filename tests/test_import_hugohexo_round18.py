"""Faults real Hugo and Hexo blogs exposed in round 18, in small sites written here: a
collection of competition write-ups on hugo-theme-relearn (a section named in capitals,
its `children` lists), a PaperMod blog's page linking the feed as `../index.xml`."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files
from test_import_hugo_sites import NOW, prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site


def imported(tmp_path: Path, files: dict[str, str | bytes], kind: str = "hugo") -> Imported:
    write_files(tmp_path / "old", files)
    return import_site(tmp_path / "old", tmp_path / "new", kind, False, NOW)


def built(tmp_path: Path, site: Imported) -> Path:
    result = build(site.dest, BuildOptions(output=tmp_path / "out"))
    assert [p.message for p in result.warnings] == []
    return result.output


RELEARN = {
    "config.toml": 'title = "比赛经验"\nlanguageCode = "zh-cn"\n'
                   'theme = "hugo-theme-relearn"\n',
    "content/_index.md": '---\narchetype: "home"\ntitle: "比赛经验"\n---\n\n'
                         '{{% children sort="weight" %}}\n\n更多见各章。\n',
    "content/CV/_index.md": '---\narchetype: "chapter"\ntitle: "计算机视觉"\nweight: 1\n'
                            '---\n\n{{% children sort="weight" %}}\n',
    "content/CV/OCR.md": '---\ntitle: "OCR"\ndate: 2025-02-19\nweight: 2\n---\n\n'
                         '- [表格识别方案](https://example.org/table)\n',
    "content/CV/检测.md": '---\ntitle: "目标检测"\ndate: 2025-02-18\nweight: 1\n---\n\n'
                          '- [小目标检测](https://example.org/small)\n',
    "content/NLP/_index.md": '---\narchetype: "chapter"\ntitle: "自然语言处理"\n'
                             'weight: 2\n---\n\n- [文本分类](https://example.org/cls)\n',
}


def test_a_section_named_in_capitals_keeps_hugo_s_lowercase_urls(tmp_path: Path) -> None:
    """Hugo lowercases the paths of pages (`content/CV/OCR.md` at `/cv/ocr/`); the
    import wrote the permalink `/CV/:slug/` and the old URL `/cv/ocr/` as an alias, and
    each of a relearn site's 21 pages was a build warning, "URLs differing only in
    case", with one file replacing the other on macOS and Windows."""
    site = imported(tmp_path, RELEARN)
    out = built(tmp_path, site)
    [link] = prose(out, "cv/ocr/index.html").find_all("a")
    assert link["href"] == "https://example.org/table"
    assert not (out / "CV").exists()
