"""Old URLs of Hexo posts under `permalink: :category/:title/`, shaped like those of a
real Chinese blog on Matery's setup (hexo-permalink-pinyin) a sweep imported (own
minimal text): the aliases must be the URLs Hexo wrote, or the old links break."""

from __future__ import annotations

from pathlib import Path

from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer.hexo_pinyin import pinyin_permalink

CONFIG = "title: T\nlanguage: zh-CN\npermalink: :category/:title/\n"
PINYIN = "permalink_pinyin:\n  enable: true\n  separator: '-'\n"
PACKAGE = ('{"dependencies": {"hexo": "^5", "hexo-renderer-marked": "^4", '
           '"hexo-permalink-pinyin": "^1.1.0"}}')


def posts() -> dict[str, str | bytes]:
    return {
        "source/_posts/EVA观后感：成功.md": "---\ntitle: EVA 观后感\ndate: 2022-03-01\n"
                                        "categories: 随笔\n---\n正文。\n",
        "source/_posts/132-Palindrome-Partitioning-II.md":
            "---\ntitle: 132 Palindrome\ndate: 2022-03-02\ncategories:\n"
            "  - Machine Learning\n---\n见 [观后感](/sui-bi/eva-guan-hou-gan-cheng-gong/)。\n"}


def test_hexo_permalink_pinyin_old_urls(tmp_path: Path) -> None:
    """hexo-permalink-pinyin rewrote every post's URL in lower-case Latin letters
    (`/sui-bi/eva-guan-hou-gan-cheng-gong/`): the import gave the posts their Chinese
    URLs as aliases, which no old link or search engine knew, and a link written with
    the pinyin URL stayed a broken link."""
    imported = hexo_site(tmp_path, {"_config.yml": CONFIG + PINYIN, **posts(),
                                    "package.json": PACKAGE})
    eva = post_text(imported, "eva观后感成功")
    assert 'aliases: ["/sui-bi/eva-guan-hou-gan-cheng-gong/"]' in eva
    other = post_text(imported, "132-palindrome-partitioning-ii")
    assert 'aliases: ["/machine-learning/132-palindrome-partitioning-ii/"]' in other
    assert "见 [观后感](eva观后感成功.md)。" in other
    # (the settings without the plugin installed rewrote nothing)
    uninstalled = hexo_site(tmp_path / "off", {"_config.yml": CONFIG + PINYIN, **posts()})
    assert 'aliases: ["/随笔/EVA观后感：成功/"]' in post_text(uninstalled, "eva观后感成功")


def test_hexo_category_in_permalink_keeps_its_case(tmp_path: Path) -> None:
    """Hexo's `:category` is the category's name slugized with its case kept
    (`Machine-Learning/`, `filename_case: 1` lowers it): the alias was
    `/machine-learning/…`, a URL the old site never had (GitHub Pages tells case)."""
    imported = hexo_site(tmp_path, {"_config.yml": CONFIG, **posts()})
    other = post_text(imported, "132-palindrome-partitioning-ii")
    assert 'aliases: ["/Machine-Learning/132-Palindrome-Partitioning-II/"]' in other
    lowered = hexo_site(tmp_path / "lower", {"_config.yml": CONFIG + "filename_case: 1\n",
                                             **posts()})
    assert 'aliases: ["/machine-learning/132-Palindrome-Partitioning-II/"]' in post_text(
        lowered, "132-palindrome-partitioning-ii")


def test_pinyin_permalink_follows_the_plugins_rules() -> None:
    """Each Chinese character a word in the plugin's one reading (`长` is `chang` in
    `成长` too, where pypinyin reads `zhang`), `/` and `.` kept, other signs one
    separator, none at a part's ends; `lowercase: false`, another separator and
    `exclude` honoured."""
    on = {"enable": True}
    assert pinyin_permalink("2022/03/01/你好，世界/", on) == "2022/03/01/ni-hao-shi-jie/"
    assert pinyin_permalink("笔记/a.b c.html", on) == "bi-ji/a.b-c.html"
    assert pinyin_permalink("Café绿茶/", on) == "cafe-lu-cha/"
    assert pinyin_permalink("成长了/", on) == "cheng-chang-liao/"  # (one reading each)
    assert pinyin_permalink("笔记/", {**on, "lowercase": False}) == "Bi-Ji/"
    assert pinyin_permalink("笔记 x/", {**on, "separator": "_"}) == "bi_ji_x/"
    assert pinyin_permalink("keep/笔记/", {**on, "exclude": "^keep/"}) == "keep/笔记/"


def test_category_map_names_are_slugized_as_hexo_did(tmp_path: Path) -> None:
    """`category_map: {机器学习: Machine Learning}`: Hexo slugized the mapped name
    (`Machine-Learning/`) in posts' URLs and the category's page; the import wrote it
    as it was, with its space, and neither old URL was kept."""
    imported = hexo_site(tmp_path, {
        "_config.yml": CONFIG + "category_map:\n  机器学习: Machine Learning\n",
        "source/_posts/gd.md": "---\ntitle: 梯度下降\ndate: 2022-03-02\n"
                               "categories: 机器学习\n---\n正文。\n"})
    assert 'aliases: ["/Machine-Learning/gd/"]' in post_text(imported, "gd")
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert '"/categories/Machine-Learning/"' in config


def test_a_link_to_a_category_page_whose_url_changes_case(tmp_path: Path) -> None:
    """Hexo kept a category's case in its page's URL (`/categories/Hexo/`); Lanting's
    is `/categories/hexo/`, and no redirect keeps the old one (a disk that ignores case
    holds one file for both). A post's link to the old page was left as written, and
    the build failed on it ("no category `Hexo`")."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\nroot: /blog/\n",
        "source/_posts/setup.md": "---\ntitle: 建站\ndate: 2024-05-01\ncategories:\n"
                                  "  - Hexo\ntags: [Node]\n---\n"
                                  "见 [同类文章](/blog/categories/Hexo/) 与 "
                                  "[标签](/tags/Node/)。\n"})
    post = post_text(imported, "setup")
    assert "[同类文章](/categories/hexo/)" in post
    assert "[标签](/tags/node/)" in post
    build(imported.dest, BuildOptions())  # (it raised on the link)
