"""MkDocs sites with mkdocs-static-i18n (course notes in Chinese and English): each
language's pages are that language's in Lanting, paired by their path inside it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _page(dest: Path, name: str) -> str:
    return (dest / "public" / name / "index.html").read_text(encoding="utf-8")


def test_language_folders_are_languages(tmp_path: Path) -> None:
    """`docs_structure: folder` (`docs/en/…`, `docs/zh/…`): the pages were doubled, the
    second of each pair renamed (`notes-a-2`), both in one language, and `nav` (read
    inside the default language's folder) named no page."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Course Notes\nplugins:\n  - search\n  - i18n:\n"
                       "      docs_structure: folder\n      languages:\n"
                       "        - locale: en\n          default: true\n          name: English\n"
                       "        - locale: zh\n          name: 简体中文\n"
                       "nav:\n  - Home: index.md\n  - Lectures:\n      - lec/one.md\n"
                       "      - lec/two.md\n"),
        "docs/en/index.md": "# Course Notes\n\nSee [lecture one](lec/one.md).\n",
        "docs/zh/index.md": "# 课程笔记\n\n见[第一讲](lec/one.md)。\n",
        "docs/en/lec/one.md": "# Lecture one\n\nSets.\n",
        "docs/zh/lec/one.md": "# 第一讲\n\n集合。\n",
        "docs/en/lec/two.md": "# Lecture two\n\nMaps.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["language"] == "en"
    assert config["languages"] == {"zh": {"name": "简体中文"}}
    assert config["menu"][0]["children"] == [{"name": "Lecture one", "url": "/one/"},
                                             {"name": "Lecture two", "url": "/two/"}]
    pages = sorted(p.name for p in (done.dest / "content" / "pages").iterdir())
    assert pages == ["one.md", "one.zh.md", "two.md"]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "集合" in _page(done.dest, "zh/one")
    assert 'href="/zh/one/"' in _page(done.dest, "zh")
    assert "Sets" in _page(done.dest, "one")
    # (the old URLs, `/zh/lec/one/`, still answer)
    assert (done.dest / "public" / "zh" / "lec" / "one" / "index.html").is_file()


def test_language_suffixes_are_languages(tmp_path: Path) -> None:
    """The default structure, `x.md` (or `x.zh.md`, the default language's) beside
    `x.en.md` (0.x's `default_language` and a mapping of languages): the translation was
    a page of its own, `x-en`, and `nav`'s `ml/svm.md` named no page."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nplugins:\n  - i18n:\n      default_language: zh\n"
                       "      languages:\n        zh: 中文\n        en: English\n"
                       "nav:\n  - Home: index.md\n  - SVM: ml/svm.md\n"),
        "docs/index.md": "# 笔记\n",
        "docs/index.en.md": "# Notes\n",
        "docs/ml/svm.zh.md": "# 支持向量机\n\n间隔最大化。\n",
        "docs/ml/svm.en.md": "# Support vector machines\n\nThe widest margin.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["language"] == "zh-CN"
    assert config["languages"] == {"en": {"name": "English"}}
    # (`ml/svm.md` of `nav` is the default language's `ml/svm.zh.md`)
    assert config["menu"] == [{"name": "SVM", "url": "/svm/"}]
    pages = sorted(p.name for p in (done.dest / "content" / "pages").iterdir())
    assert pages == ["svm.en.md", "svm.md"]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "widest margin" in _page(done.dest, "en/svm")
    assert (done.dest / "public" / "en" / "ml" / "svm" / "index.html").is_file()
