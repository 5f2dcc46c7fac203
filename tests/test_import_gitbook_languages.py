"""A GitBook in several languages: the fixture under tests/fixtures/import/gitbook-langs/
(`LANGS.md` listing an English book with its own `book.json`, a Chinese one that takes
the root's, and a folder holding no book), read as one Lanting site in two languages."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from importbits import FIXTURES, NOW, imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.gitbook_settings import BookLanguage, book_languages, language_code

FIXTURE = FIXTURES / "gitbook-langs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "gitbook-langs")


def test_langs_md_listing_books_is_a_gitbook() -> None:
    assert detect(FIXTURE) == "gitbook"
    assert book_languages(FIXTURE) == [BookLanguage("English", "en", 3),
                                       BookLanguage("中文", "zh", 4),
                                       BookLanguage("日本語", "ja", 5)]


def test_the_first_book_is_the_default_language_the_others_languages(
        site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"]) == ("Notes on Parallel Training", "en")
    assert config["languages"] == {
        "en": {"name": "English"},
        "zh": {"name": "中文", "title": "并行训练笔记", "description": "从数据并行到流水线并行"}}
    assert "LANGS.md:5: warning: `ja` holds no book" in report_of(imported)


def test_each_language_has_its_home_and_chapters_paired_as_translations(
        site: tuple[Imported, Path]) -> None:
    _imported, out = site
    assert page(out, "/").one("h1").text() == "Notes on Parallel Training"
    zh_home = page(out, "/zh/")
    assert zh_home.one("h1").text() == "并行训练笔记"
    contents = [a.get("href") for a in zh_home.one("main").find_all("a")]
    assert "/zh/ring/" in contents and "/zh/basics/" in contents
    ring = page(out, "/zh/ring/")
    alternates = {link.get("hreflang"): link.get("href") for link in ring.find_all("link")
                  if link.get("rel") == "alternate" and link.get("hreflang")}
    assert alternates == {"en": "/ring/", "zh": "/zh/ring/", "x-default": "/ring/"}


def test_chapters_keep_their_math_images_and_links_in_their_language(
        site: tuple[Imported, Path]) -> None:
    _imported, out = site
    article = page(out, "/zh/ring/").one("article")
    # (the Chinese book has no book.json: the root's katex plugin holds for it)
    assert len(article.find_all("math")) == 2 and "$$" not in article.text()
    links = [unquote(str(a.get("href"))) for a in article.find_all("a")]
    assert "/zh/" in links and "#通信量" in links
    assert [img.get("src") for img in article.find_all("img")] == ["/en/images/ring.png"]
    assert (out / "en/images/ring.png").is_file()
    english = page(out, "/ring/").one("article")
    assert "/" in [a.get("href") for a in english.find_all("a")]


def test_old_urls_of_every_language_keep_answering(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    assert redirect_target(out, "/en/") == "/"
    assert redirect_target(out, "/en/intro.html") == "/"
    assert redirect_target(out, "/en/basics/ring.html") == "/ring/"
    assert redirect_target(out, "/zh/basics/ring.html") == "/zh/ring/"
    # (`basics/README.md` was `/zh/basics/`: the page's URL still)
    basics = page(out, "/zh/basics/")
    assert basics.one("h1").text() == "基础"
    # (`{{ book.language }}`: the id of the language's book)
    assert "/zh/book_zh.pdf" in [a.get("href") for a in basics.one("article").find_all("a")]


def test_langs_md_may_link_its_folders_from_the_root(tmp_path: Path) -> None:
    """`* [English](/en/)`: the folder from the book's root, as GitBook read it (the
    languages were not found, and the import wrote an empty site)."""
    write_files(tmp_path, {"LANGS.md": "# Languages\n\nWelcome.\n\n* [English](/en/)\n"
                                       "* [中文](./zh)\n* [Elsewhere](https://x.org/fr/)\n"})
    assert book_languages(tmp_path) == [BookLanguage("English", "en", 5),
                                        BookLanguage("中文", "zh", 6)]


def test_a_books_language_is_its_folder_when_that_is_a_tag(tmp_path: Path) -> None:
    (tmp_path / "SUMMARY.md").write_text("* [简介](README.md)\n", encoding="utf-8")
    assert language_code("zh-tw", "", tmp_path / "SUMMARY.md") == "zh-tw"
    assert language_code("chinese", "zh-hans", tmp_path / "SUMMARY.md") == "zh-CN"
    assert language_code("chinese", "", tmp_path / "SUMMARY.md") == "zh-CN"


def test_a_shared_book_json_names_no_books_language(tmp_path: Path) -> None:
    """The root's `book.json` says `"language": "en"` but the first book listed is the
    Chinese one (`zh-hans/`): each book's language is its folder's, so the English book
    under `/en/` no longer claims the home page the Chinese one has (the build failed:
    `/` claimed by two sources). A second book in one language is left out; when the
    first listed holds no book, the next is the default language."""
    write_files(tmp_path / "src", {
        "book.json": '{"title": "SoCube manual", "language": "en"}',
        "LANGS.md": "* [Русский](ru)\n* [中文简体](zh-hans)\n* [English](en)\n"
                    "* [English too](en-x/)\n",
        "zh-hans/SUMMARY.md": "* [简介](README.md)\n", "zh-hans/README.md": "# 简介\n\n中文。\n",
        "en/SUMMARY.md": "* [Intro](README.md)\n", "en/README.md": "# Intro\n\nEnglish.\n",
        "en-x/SUMMARY.md": "* [Intro](README.md)\n", "en-x/README.md": "# Intro\n"})
    imported = import_site(tmp_path / "src", tmp_path / "new", None, False, NOW)
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text(encoding="utf-8"))
    assert config["language"] == "zh-CN" and set(config["languages"]) == {"zh-CN", "en"}
    assert "LANGS.md:4: warning: `en-x`: a second book in `en`" in report_of(imported)
    # (the first listed holds no book: the next is the default language)
    assert "LANGS.md:1: warning: `ru` holds no book" in report_of(imported)
    assert not build(tmp_path / "new", BuildOptions()).warnings
    assert "中文" in page(tmp_path / "new/public", "/").one("main").text()
    assert "English" in page(tmp_path / "new/public", "/en/").one("main").text()
