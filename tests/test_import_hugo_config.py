"""Hugo settings real blogs use that move their files or change what the old site was
(`contentDir`, `staticDir`, `ignoreFiles`, a config file in `---` lines, the language a
theme spoke): written here as tiny sites, imported, then built."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

import pytest
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


def test_content_dir_and_static_dirs(tmp_path: Path) -> None:
    """A site keeping its pages in `contentDir: source` and copying `staticDir:
    [source/post, source/static]` (each year's images beside its posts): no site was
    found at all; and the static folders are the ones named, not `static/`."""
    imported = imported_site(tmp_path, {
        "config.yaml": "title: 博客\nlanguageCode: zh-cn\ncontentDir: source\n"
                       "staticDir:\n  - source/post\n  - source/static\n",
        "source/post/2019/1902.md": "---\ntitle: 分布式存储\ndate: 2019-02-01\n---\n\n"
                                    "![架构](1902-01.png)\n",
        "source/post/2019/1902-01.png": PNG,
        "source/about/index.md": "---\ntitle: 关于\n---\n\n我写 C++。\n",
        "source/static/favicon.ico": b"\x00\x00\x01\x00",
        "static/stale.txt": "not published: `staticDir` names other folders\n"})
    assert imported.report.kind == "hugo"
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    [image] = prose(out, "post/1902/index.html").find_all("img")
    assert (out / str(image.get("src")).lstrip("/")).read_bytes() == PNG
    assert "我写 C++。" in prose(out, "about/index.html").text()
    assert (out / "favicon.ico").read_bytes() == b"\x00\x00\x01\x00"
    assert not (out / "stale.txt").exists()
    assert not list(out.rglob("*.md"))  # (the posts' folder is content, not copied raw)


def test_ignore_files_keeps_files_out(tmp_path: Path) -> None:
    """`ignoreFiles: ["README\\.md$"]` kept each year's folder's README out of the old
    site; imported, they became dateless posts fighting over the slug `readme`."""
    imported = imported_site(tmp_path, {
        "hugo.yaml": 'title: S\nlanguageCode: zh-cn\nignoreFiles:\n  - "README\\\\.md$"\n',
        "content/post/2014/README.md": "# 2014\n\n本年目录。\n",
        "content/post/2015/README.md": "# 2015\n\n本年目录。\n",
        "content/post/2015/gc.md": "---\ntitle: 垃圾回收\ndate: 2015-05-05\n---\n\n正文。\n"})
    assert imported.report.warnings == []
    notes = [e for e in imported.report.entries if "ignoreFiles" in e.message]
    assert sorted(e.path for e in notes) == ["content/post/2014/README.md",
                                                 "content/post/2015/README.md"]
    posts = sorted(p.name for p in (imported.dest / "content/posts").iterdir())
    assert posts == ["gc.md"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_the_language_the_theme_spoke_and_the_posts_are_in(tmp_path: Path) -> None:
    """Stack's starter says `languageCode: en-us`; a Chinese blog sets
    `DefaultContentLanguage: zh-cn` (its one language) and leaves that line: the theme
    spoke Chinese, the posts are Chinese, and the new site came out English (its dates,
    words and search). An English blog keeps its code whatever the key."""
    head = ("languageCode: en-us\nDefaultContentLanguage: {key}\n"
            "languages:\n  {key}:\n    languageName: x\n    weight: 1\n")
    chinese = imported_site(tmp_path / "zh", {
        "hugo.yaml": "title: S\n" + head.format(key="zh-cn"),
        "content/post/sa/index.md": "---\ntitle: 后缀数组\ndate: 2024-07-19\n---\n\n"
                                    "后缀数组把一个字符串的所有后缀排好序，倍增法的复杂度是 "
                                    "$O(n \\log n)$。\n"})
    assert settings(chinese)["language"] == "zh-CN"
    assert any("the theme spoke `zh-cn`" in e.message for e in chinese.report.entries)
    out = build(chinese.dest, BuildOptions(output=tmp_path / "zh" / "out")).output
    page = parse_html((out / "post/sa/index.html").read_text(encoding="utf-8"))
    assert page.one("html").get("lang") == "zh-CN"
    english = imported_site(tmp_path / "en", {
        "hugo.yaml": "title: S\n" + head.format(key="fr"),
        "content/post/gc/index.md": "---\ntitle: GC\ndate: 2024-07-19\n---\n\n"
                                    "A short note on garbage collection pauses.\n"})
    assert settings(english)["language"] == "en-US"


def test_a_base_url_without_scheme(tmp_path: Path) -> None:
    """`baseURL: "//owent.net"` (links by the reader's scheme) became `base_url =
    "//owent.net/"`, which the build refused."""
    imported = imported_site(tmp_path, {
        "config.yaml": 'baseURL: "//blog.example.org"\ntitle: S\nlanguageCode: zh-cn\n',
        "content/post/a.md": "---\ntitle: 甲\ndate: 2020-01-01\n---\n\n正文。\n"})
    assert imported.report.warnings == []
    assert settings(imported)["base_url"] == "https://blog.example.org/"
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "https://blog.example.org/post/a/" in (out / "sitemap.xml").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("given", ["tianle.github.io", "blog.example.org:8080/notes"])
def test_a_base_url_that_is_a_bare_domain(tmp_path: Path, given: str) -> None:
    """`baseurl = "tianle.github.io"` (a Wowchemy site on GitHub Pages) was kept as it
    was, and the build refused it: "not an absolute URL"."""
    imported = imported_site(tmp_path, {
        "config.toml": f'baseurl = "{given}"\ntitle = "S"\nlanguageCode = "en"\n',
        "content/post/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\nText.\n"})
    assert settings(imported)["base_url"] == f"https://{given}/"
    assert any("has no scheme" in e.message for e in imported.report.entries)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert f"https://{given}/post/a/" in (out / "sitemap.xml").read_text(encoding="utf-8")


def test_a_static_robots_txt_is_left_to_lanting(tmp_path: Path) -> None:
    """`static/robots.txt` clashed with the robots.txt Lanting makes, and the build
    failed; the other static files are copied."""
    imported = imported_site(tmp_path, {
        "config.yaml": "title: S\nlanguageCode: zh-cn\n",
        "content/post/a.md": "---\ntitle: 甲\ndate: 2020-01-01\n---\n\n正文。\n",
        "static/robots.txt": "User-agent: *\nDisallow:\n",
        "static/logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>\n"})
    assert "static/logo.svg" in imported.copies
    assert "static/robots.txt" not in imported.copies
    assert any(e.message == "left out: Lanting makes its own robots.txt"
               for e in imported.report.entries)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "logo.svg").is_file()
    assert (out / "robots.txt").is_file()


def test_static_well_known_is_copied_and_published(tmp_path: Path) -> None:
    """Hugo published `static/.well-known/` (a Mastodon proof, `security.txt`); the import
    skipped it as hidden. Other hidden files stay behind, as Hugo's build left them."""
    imported = imported_site(tmp_path, {
        "config.yaml": "title: S\nlanguageCode: en\n",
        "content/post/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\nText.\n",
        "static/.well-known/security.txt": "Contact: mailto:a@example.org\n",
        "static/.DS_Store": "x"})
    assert "static/.well-known/security.txt" in imported.copies
    assert "static/.DS_Store" not in imported.copies
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / ".well-known" / "security.txt").is_file()


def test_two_texts_of_one_language_in_a_bundle_are_both_kept(tmp_path: Path) -> None:
    """Stack's starter `page/about/index.md` beside the owner's `index.zh-cn.md`, with
    `defaultContentLanguage: zh-cn`: both are in that language (a file without a
    suffix is in the default one). Paired as translations, they were written to one
    file, and the first was lost without a word in the report."""
    imported = imported_site(tmp_path, {
        "hugo.yaml": "title: S\nlanguageCode: zh-cn\nDefaultContentLanguage: zh-cn\n"
                     "languages:\n  zh-cn:\n    weight: 1\n  en:\n    weight: 2\n",
        "content/page/about/index.md": "---\ntitle: About\n---\nThe starter's text.\n",
        "content/page/about/index.zh-cn.md": "---\ntitle: 关于\n---\n我的介绍。\n",
        "content/post/a.md": "---\ntitle: 甲\ndate: 2020-01-01\n---\n\n正文。\n"})
    pages = {p.name: p.read_text(encoding="utf-8")
             for p in (imported.dest / "content" / "pages").iterdir()}
    assert sorted(pages) == ["about-2.md", "about.md"]
    assert "The starter's text." in pages["about.md"]
    assert "我的介绍。" in pages["about-2.md"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
