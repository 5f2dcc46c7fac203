"""Bilingual sites: the `languages` configuration, each document's language and
translations (stage 3b), and the per-language sections a build writes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.config.languages import (
    filename_language,
    language_config,
    match_language,
    site_languages,
)
from lanting.config.load import load_config
from lanting.errors import LantingError
from lanting.model.config import Config

TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000"
    "001649444154789c635c6caac5c0c0c0c4c0c0c0c0c000000cbb0106e14f5107000000"
    "0049454e44ae426082")
"""A real 1x1 PNG (a bare signature is a damaged image, which the build warns about)."""

MakeSite = Callable[..., Path]
Build = Callable[..., BuildResult]
Post = Callable[..., str]
Bilingual = Callable[..., tuple[Path, BuildResult]]
Built = tuple[Path, BuildResult]

BILINGUAL = """\
title = "林"
base_url = "https://example.org/"
languages = ["zh-CN", "en"]

[search]
enabled = false
"""


def config_of(tmp_path: Path, text: str) -> Config:
    (tmp_path / "lanting.toml").write_text(text, encoding="utf-8")
    return load_config(tmp_path)


# --- configuration -------------------------------------------------------------------------


def test_a_single_language_site_has_one_language_at_the_root(tmp_path: Path) -> None:
    [zh] = site_languages(config_of(tmp_path, 'title = "T"\n'))
    assert (zh.code, zh.prefix, zh.name, zh.is_default) == ("zh-CN", "", "中文", True)


def test_languages_list_puts_the_default_first(tmp_path: Path) -> None:
    config = config_of(tmp_path, 'title = "T"\nlanguages = ["en", "zh-CN"]\n')
    assert [(lang.code, lang.prefix, lang.name) for lang in site_languages(config)] == [
        ("zh-CN", "", "中文"), ("en", "en/", "English")]


def test_the_default_language_may_be_left_out_of_the_list(tmp_path: Path) -> None:
    config = config_of(tmp_path, 'title = "T"\nlanguage = "en"\nlanguages = ["zh-CN"]\n')
    assert [(lang.code, lang.prefix) for lang in site_languages(config)] == [
        ("en", ""), ("zh-CN", "zh-cn/")]


def test_language_tables_set_name_title_and_menu(tmp_path: Path) -> None:
    config = config_of(tmp_path, """\
title = "林知远"
base_url = "https://example.org/blog/"

[languages.en]
name = "EN"
title = "Lin Zhiyuan"
description = "Notes"

[[languages.en.menu]]
name = "Blog"
url = "/blog/"
""")
    zh, en = site_languages(config)
    assert en.name == "EN"
    english = language_config(config, en)
    assert (english.title, english.description, english.language) == ("Lin Zhiyuan", "Notes", "en")
    assert english.base_path == "/blog/en/" and english.origin == "https://example.org"
    assert [m.name for m in english.menu] == ["Blog"]
    assert language_config(config, zh) is config


def test_a_language_can_override_profile_keys(tmp_path: Path) -> None:
    config = config_of(tmp_path, """\
title = "T"
[profile]
name = "林知远"
position = "博士研究生"
photo = "/me.jpg"
[languages.en.profile]
position = "PhD student"
interests = ["RAG"]
""")
    zh, en = site_languages(config)
    profile = language_config(config, en).profile
    assert (profile.name, profile.position, profile.photo, profile.interests) == (
        "林知远", "PhD student", "/me.jpg", ("RAG",))
    assert language_config(config, zh).profile.position == "博士研究生"


@pytest.mark.parametrize(("text", "line", "needle"), [
    ('title = "T"\nlanguages = ["zh-CN", "English"]\n', 2, "`English` is not a language tag"),
    ('title = "T"\nlanguages = ["en", "EN"]\n', 2, "`EN` is listed twice"),
    ('title = "T"\n\n[languages.en]\ntitel = "x"\n', 4, "languages.en.titel: unknown key"),
    ('title = "T"\nlanguages = 3\n', 2, "expected a list or a table"),
])
def test_bad_languages_are_reported_with_their_line(tmp_path: Path, text: str, line: int,
                                                     needle: str) -> None:
    (tmp_path / "lanting.toml").write_text(text, encoding="utf-8")
    with pytest.raises(LantingError) as info:
        load_config(tmp_path)
    [problem] = info.value.problems
    assert needle in problem.message and problem.line == line


def test_an_unknown_key_in_a_language_table_gets_a_hint(tmp_path: Path) -> None:
    (tmp_path / "lanting.toml").write_text('title = "T"\n[languages.en]\ntitel = "x"\n')
    with pytest.raises(LantingError) as info:
        load_config(tmp_path)
    assert info.value.problems[0].hint == "did you mean `title`?"


def test_language_matching_and_file_name_suffixes(tmp_path: Path) -> None:
    languages = site_languages(config_of(tmp_path, 'title = "T"\nlanguages = ["zh-CN", "en"]\n'))
    assert match_language("zh", languages).code == "zh-CN"  # type: ignore[union-attr]
    assert match_language("EN-us", languages).code == "en"  # type: ignore[union-attr]
    assert match_language("fr", languages) is None
    from pathlib import PurePosixPath as P
    assert filename_language(P("posts/ppo.en.md"), languages) == ("ppo", languages[1])
    assert filename_language(P("posts/ppo.EN.md"), languages) == ("ppo", languages[1])
    assert filename_language(P("posts/v1.2.md"), languages) == ("v1.2", None)
    assert filename_language(P("posts/ppo.fr.md"), languages) == ("ppo.fr", None)


# --- translations -------------------------------------------------------------------------


@pytest.fixture
def bilingual(make_site: MakeSite, build_site: Build) -> Bilingual:
    """Build an inline bilingual site; returns (site folder, result)."""

    def run(files: dict[str, str], config: str = BILINGUAL) -> tuple[Path, BuildResult]:
        site = make_site({"lanting.toml": config, **files})
        return site, build_site(site, site / "public")

    return run


def failure(make_site: MakeSite, build_site: Build, files: dict[str, str]) -> LantingError:
    site = make_site({"lanting.toml": BILINGUAL, **files})
    with pytest.raises(LantingError) as info:
        build_site(site, site / "public")
    return info.value


def test_side_by_side_files_are_translations(bilingual: Bilingual, post: Post) -> None:
    site, result = bilingual({
        "content/posts/ppo.md": post("策略梯度", "2026-01-02"),
        "content/posts/ppo.en.md": post("Policy gradients", "2026-01-02"),
    })
    out = site / "public"
    assert (out / "posts/ppo/index.html").is_file()
    assert (out / "en/posts/ppo/index.html").is_file()
    zh = parse_html((out / "posts/ppo/index.html").read_bytes())
    assert zh.one("html")["lang"] == "zh-CN"
    en = parse_html((out / "en/posts/ppo/index.html").read_bytes())
    assert en.one("html")["lang"] == "en"
    note = en.one("p", class_="translations")
    assert note.text() == "Also available in: 中文"
    assert note.one("a")["href"] == "/posts/ppo/" and note.one("a")["hreflang"] == "zh-CN"
    switch = en.one("nav", class_="lang-switch").one("a")
    assert (switch["href"], switch.text()) == ("/posts/ppo/", "中文")


def test_translation_key_links_files_with_different_names(bilingual: Bilingual, post: Post) -> None:
    site, _ = bilingual({
        "content/posts/ce-lue.md": post("策略", "2026-01-02", translation_key="pg"),
        "content/posts/policy.md": post("Policy", "2026-01-02", lang="en", translation_key="pg"),
    })
    page = parse_html((site / "public/en/posts/policy/index.html").read_bytes())
    hreflangs = {link["hreflang"]: link["href"] for link in page.find_all("link", rel="alternate")
                 if link.get("hreflang")}
    assert hreflangs == {"zh-CN": "https://example.org/posts/ce-lue/",
                         "en": "https://example.org/en/posts/policy/",
                         "x-default": "https://example.org/posts/ce-lue/"}


def test_a_side_by_side_file_joins_its_siblings_key(bilingual: Bilingual, post: Post) -> None:
    _, result = bilingual({
        "content/posts/a.md": post("甲", "2026-01-02", translation_key="k"),
        "content/posts/a.en.md": post("A", "2026-01-02"),
    })
    [zh] = result.site.posts
    assert zh.url == "/posts/a/"


def test_translated_bundles_home_and_pages(bilingual: Bilingual, post: Post) -> None:
    site, _ = bilingual({
        "content/_index.md": "---\ntitle: 林\n---\n中文简介\n",
        "content/_index.en.md": "---\ntitle: Lin\n---\nEnglish bio\n",
        "content/pages/about.md": "---\ntitle: 关于\n---\n关于我\n",
        "content/pages/about.en.md": "---\ntitle: About\n---\nAbout me\n",
        "content/posts/b/index.md": post("乙", "2026-01-02", body="![图](fig.png)\n"),
        "content/posts/b/index.en.md": post("B", "2026-01-02", body="![fig](fig.png)\n"),
        "content/posts/b/fig.png": TINY_PNG,
    })
    out = site / "public"
    assert "English bio" in (out / "en/index.html").read_text()
    assert "中文简介" in (out / "index.html").read_text()
    assert "About me" in (out / "en/about/index.html").read_text()
    assert (out / "en/posts/b/index.html").is_file()
    assert re.search(r'src="?/posts/b/fig\.png[" >]', (out / "en/posts/b/index.html").read_text())


def test_a_translation_of_a_draft_bundle_keeps_the_bundle_s_images(bilingual: Bilingual,
        post: Post) -> None:
    """A Hugo Stack demo post: `index.md` a draft, `index.ar.md` published, both with
    the bundle's cover. The bundle's files went with the draft's page, left out of the
    build, and the translation failed: "cover: … is not a file of the site"."""
    site, _ = bilingual({
        "content/posts/b/index.md": "---\ntitle: 乙\ndate: 2026-01-02\ndraft: true\n"
                                    "cover: fig.png\n---\n草稿\n",
        "content/posts/b/index.en.md": "---\ntitle: B\ndate: 2026-01-02\ncover: fig.png\n"
                                       "---\n![fig](fig.png)\n",
        "content/posts/b/fig.png": TINY_PNG,
    })
    out = site / "public"
    assert not (out / "posts/b/index.html").exists()
    page = (out / "en/posts/b/index.html").read_text()
    src = re.search(r'<img[^>]*src="?(/[^" >]*fig\.png)', page)
    assert src is not None and (out / src.group(1).lstrip("/")).is_file()


def test_a_translation_without_its_original_names_the_files(make_site: MakeSite, build_site: Build,
        post: Post) -> None:
    error = failure(make_site, build_site, {
        "content/posts/orphan.md": post("Orphan", "2026-01-02", lang="en", translation_key="gone"),
    })
    [problem] = error.problems
    assert ("translation_key `gone` has no original in the default language `zh-CN`"
            in problem.message)
    assert "posts/orphan.md" in problem.message
    assert problem.path is not None and problem.path.name == "orphan.md"
    assert problem.line == 5  # the `translation_key` line


def test_two_versions_in_one_language_name_both_files(make_site: MakeSite, build_site: Build,
        post: Post) -> None:
    error = failure(make_site, build_site, {
        "content/posts/a.md": post("甲", "2026-01-02", translation_key="k"),
        "content/posts/b.md": post("乙", "2026-01-02", translation_key="k"),
    })
    [problem] = error.problems
    assert problem.message == ("translation `k` has two versions in `zh-CN`: "
                               "posts/a.md and posts/b.md")
    assert problem.line == 4


def test_lang_must_be_a_site_language_and_agree_with_the_file_name(
        make_site: MakeSite, build_site: Build, post: Post) -> None:
    error = failure(make_site, build_site, {
        "content/posts/a.md": post("A", "2026-01-02", lang="fr"),
        "content/posts/b.en.md": post("B", "2026-01-02", lang="zh-CN"),
        "content/posts/c/index.md": post("C", "2026-01-02"),
        "content/posts/c/index.de.md": post("C", "2026-01-02"),
    })
    messages = sorted(p.format() for p in error.problems)
    assert len(messages) == 3, messages
    assert "a.md:4: error: lang: `fr` is not one of the site's languages (zh-CN, en)" in messages[0]
    assert ("b.en.md:4: error: lang: `zh-CN` contradicts the file name, which says `en`"
            in messages[1])
    assert "index.de.md:1: error: `index.de.md` names the language `de`" in messages[2]


def test_a_single_language_site_keeps_dotted_names(make_site: MakeSite, build_site: Build,
        post: Post) -> None:
    site = make_site({"content/posts/notes.en.md": post("N", "2026-01-02")})
    result = build_site(site, site / "public")
    assert [p.url for p in result.site.posts] == ["/posts/notesen/"]  # as before languages
    assert not (site / "public/en").exists()


def test_links_in_a_translation_lead_to_translations(bilingual: Bilingual, post: Post) -> None:
    site, _ = bilingual({
        "content/posts/a.md": post("甲", "2026-01-02", body="[乙](b.md) [丙](c.md)\n"),
        "content/posts/a.en.md": post("A", "2026-01-02", body="[B](b.md) [C](c.md)\n"),
        "content/posts/b.md": post("乙", "2026-01-03"),
        "content/posts/b.en.md": post("B", "2026-01-03"),
        "content/posts/c.md": post("丙", "2026-01-04"),
    })
    en = parse_html((site / "public/en/posts/a/index.html").read_bytes())
    assert [a["href"] for a in en.one("div", class_="prose").find_all("a")] == [
        "/en/posts/b/", "/posts/c/"]
    zh = parse_html((site / "public/posts/a/index.html").read_bytes())
    assert [a["href"] for a in zh.one("div", class_="prose").find_all("a")] == [
        "/posts/b/", "/posts/c/"]


def test_a_heading_linked_in_a_translation_is_the_translations(bilingual: Bilingual,
                                                                post: Post) -> None:
    """`[B](b.md#setup)` in an English translation leads to `/en/posts/b/#setup`, and
    the check looked for `#setup` in the Chinese `b.md` (headed `## 安装`), failing the
    build on a link that works; and passed `#安装`, which the English page has not."""
    site, _ = bilingual({
        "content/posts/a.md": post("甲", "2026-01-02", body="[乙](b.md#安装)\n"),
        "content/posts/a.en.md": post("A", "2026-01-02", body="[B](b.md#setup)\n"),
        "content/posts/b.md": post("乙", "2026-01-03", body="## 安装\n\n装。\n"),
        "content/posts/b.en.md": post("B", "2026-01-03", body="## Setup\n\nSet up.\n"),
    })
    en = parse_html((site / "public/en/posts/a/index.html").read_bytes())
    assert [a["href"] for a in en.one("div", class_="prose").find_all("a")] == [
        "/en/posts/b/#setup"]
    with pytest.raises(LantingError, match="no anchor `#安装` in /en/posts/b/"):
        bilingual({
            "content/posts/a.en.md": post("A", "2026-01-02", body="[B](b.md#安装)\n"),
            "content/posts/b.md": post("乙", "2026-01-03", body="## 安装\n\n装。\n"),
            "content/posts/b.en.md": post("B", "2026-01-03", body="## Setup\n"),
        })


# --- per-language listings -----------------------------------------------------------------


@pytest.fixture
def two_languages(bilingual: Bilingual, post: Post) -> Built:
    site, result = bilingual({
        "content/posts/zh-only.md": post("只有中文", "2026-01-01", tags=["强化学习"]),
        "content/posts/both.md": post("两种语言", "2026-03-14", tags=["PPO"]),
        "content/posts/both.en.md": post("Both languages", "2026-03-14", tags=["PPO"]),
        "content/posts/en-only.en.md": post("English only", "2026-02-01", tags=["notes"]),
    })
    return site / "public", result


def titles(html: bytes) -> list[str]:
    return [e.text() for e in parse_html(html).find_all(class_="post-entry-title")]


def test_each_language_has_its_own_blog_index(two_languages: Built) -> None:
    out, result = two_languages
    assert titles((out / "blog/index.html").read_bytes()) == ["两种语言", "只有中文"]
    assert titles((out / "en/blog/index.html").read_bytes()) == ["Both languages", "English only"]
    assert [p.title for p in result.site.posts] == ["两种语言", "只有中文"]


def test_each_language_has_its_own_tags_and_feed(two_languages: Built) -> None:
    out, _ = two_languages
    assert (out / "tags/强化学习/index.html").is_file()
    assert not (out / "en/tags/强化学习").exists()
    assert titles((out / "en/tags/ppo/index.html").read_bytes()) == ["Both languages"]
    feed = (out / "en/atom.xml").read_text()
    assert 'xml:lang="en"' in feed and "<title>Both languages</title>" in feed
    assert "两种语言" not in feed
    assert "https://example.org/en/atom.xml" in feed
    assert "Both languages" not in (out / "atom.xml").read_text()


def test_counts_of_one_are_singular_in_english(two_languages: Built) -> None:
    out, _ = two_languages
    def count(path: str) -> str:
        return parse_html((out / path).read_bytes()).one("p", class_="page-count").text()
    assert count("en/tags/ppo/index.html") == "1 post"
    assert count("en/blog/index.html") == "2 posts"
    year = parse_html((out / "en/blog/index.html").read_bytes()).one("span", class_="count")
    assert year.text() == "2 posts"
    assert count("tags/ppo/index.html") == "1 篇文章"


def test_dates_and_ui_strings_follow_the_page_language(two_languages: Built) -> None:
    out, _ = two_languages
    en = parse_html((out / "en/posts/both/index.html").read_bytes())
    assert en.one("p", class_="post-meta").one("time").text() == "Mar 14, 2026"
    assert en.one("a", class_="skip-link").text() == "Skip to content"
    zh = parse_html((out / "posts/both/index.html").read_bytes())
    assert zh.one("p", class_="post-meta").one("time").text() == "2026年3月14日"


def test_site_wide_files_are_written_once(two_languages: Built) -> None:
    """The sitemap and robots.txt once; the 404 page once per language (hosts such as
    Netlify and Cloudflare Pages serve a folder's own 404.html)."""
    out, _ = two_languages
    assert (out / "404.html").is_file() and (out / "robots.txt").is_file()
    assert not (out / "en/sitemap.xml").exists() and not (out / "en/robots.txt").exists()
    assert (out / "en/404.html").is_file()


def alternates(html: bytes) -> dict[str, str]:
    return {link["hreflang"]: link["href"] for link in parse_html(html).find_all("link")
            if link.get("rel") == "alternate" and link.get("hreflang")}


def test_hreflang_links_are_reciprocal_and_every_alternate_exists(
        two_languages: Built) -> None:
    out, _ = two_languages
    pages = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.html")}
    checked = 0
    for path, html in pages.items():
        links = alternates(html)
        if not links:
            continue
        checked += 1
        url = "https://example.org/" + path.removesuffix("index.html")
        assert url in links.values(), f"{path} does not list itself"
        assert links["x-default"] == links["zh-CN"]
        for href in links.values():
            target = href.removeprefix("https://example.org/") + "index.html"
            assert target in pages, f"{path}: alternate {href} does not exist"
            assert alternates(pages[target]) == links, f"{path} and {target} disagree"
    # both posts, home, blog, archive, search-less listings, the PPO tag and the tags index
    assert checked >= 10
    assert "en/posts/en-only/index.html" in pages
    assert alternates(pages["en/posts/en-only/index.html"]) == {}


def test_sitemap_lists_alternates(two_languages: Built) -> None:
    sitemap = (two_languages[0] / "sitemap.xml").read_text()
    assert 'xmlns:xhtml="http://www.w3.org/1999/xhtml"' in sitemap
    entry = sitemap.split("<loc>https://example.org/en/posts/both/</loc>")[1].split("</url>")[0]
    for hreflang in ("zh-CN", "x-default"):
        assert (f'<xhtml:link rel="alternate" hreflang="{hreflang}" '
                'href="https://example.org/posts/both/"/>') in entry
    assert "<loc>https://example.org/en/posts/en-only/</loc>" in sitemap
    assert "search/" not in sitemap


# --- incremental builds -------------------------------------------------------------------


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _later(path: Path) -> None:
    import os
    import time
    stamp = time.time() + 5
    os.utime(path, (stamp, stamp))


def _write(site: Path, rel: str, text: str) -> None:
    (site / rel).write_text(text, encoding="utf-8")
    _later(site / rel)


def _bilingual_site(site: Path, post: Post) -> Path:
    """Two posts in Chinese, one of them translated into English."""
    files = {
        "lanting.toml": 'title = "T"\nbase_url = "https://x.org/"\nlanguages = ["zh-CN", "en"]\n',
        "content/posts/a.md": post("甲", "2026-01-01", body="甲 [乙](b.md)\n"),
        "content/posts/a.en.md": post("A", "2026-01-01", body="A [B](b.md)\n"),
        "content/posts/b.md": post("乙", "2026-01-02", body="乙\n"),
    }
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    return site


BILINGUAL_CHANGES: dict[str, Callable[[Path], None]] = {
    "translation-added": lambda site: _write(
        site, "content/posts/b.en.md", "---\ntitle: B\ndate: 2026-01-02\n---\nBeta in English\n"),
    "translation-edited": lambda site: _write(
        site, "content/posts/a.en.md", "---\ntitle: A, edited\ndate: 2026-01-01\n---\nNew\n"),
    "translation-deleted": lambda site: (site / "content/posts/a.en.md").unlink(),
    "original-edited": lambda site: _write(
        site, "content/posts/b.md", "---\ntitle: 乙\ndate: 2026-01-02\n---\n乙，改过\n"),
}


@pytest.mark.parametrize("change", list(BILINGUAL_CHANGES))
def test_incremental_bilingual_build_equals_clean_build(tmp_path: Path, post: Post,
                                                        change: str) -> None:
    import shutil

    from lanting.build import build
    from lanting.build.options import BuildOptions
    site = _bilingual_site(tmp_path / "site", post)
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    BILINGUAL_CHANGES[change](site)
    build(site, BuildOptions(output=out, jobs=1))
    clean = tmp_path / "clean"
    shutil.copytree(site, clean, ignore=shutil.ignore_patterns(".lanting"))
    build(clean, BuildOptions(output=tmp_path / "clean-out", jobs=1, cache=False))
    assert _tree(out) == _tree(tmp_path / "clean-out")


def test_successive_bilingual_edits_each_equal_a_clean_build(tmp_path: Path, post: Post) -> None:
    """Each build after the first starts from what the previous incremental build kept
    of each language's model (its answers, `render.recording`), not from a clean one."""
    import shutil

    from lanting.build import build
    from lanting.build.options import BuildOptions
    site = _bilingual_site(tmp_path / "site", post)
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    for step, change in enumerate(("original-edited", "translation-added",
                                   "translation-edited", "translation-deleted")):
        BILINGUAL_CHANGES[change](site)
        build(site, BuildOptions(output=out, jobs=1))
        clean = tmp_path / f"clean-{step}"
        shutil.copytree(site, clean, ignore=shutil.ignore_patterns(".lanting"))
        build(clean, BuildOptions(output=tmp_path / f"clean-out-{step}", jobs=1, cache=False))
        assert _tree(out) == _tree(tmp_path / f"clean-out-{step}"), change
