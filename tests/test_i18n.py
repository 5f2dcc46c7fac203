"""Interface strings: the gettext catalogs under theme/locales/, their plural forms, the
choice of a catalog for a language tag, and a site's `[strings.<lang>]` overrides."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from lanting.config import i18n
from lanting.config.i18n import (
    available_catalogs,
    base_language,
    catalog_name,
    load_catalog,
    placeholders,
    source_texts,
    strings_for,
    translator,
)
from lanting.config.load import load_config
from lanting.errors import LantingError

TEMPLATES = Path(i18n.__file__).resolve().parents[1] / "theme" / "templates"
COUNTS = ("posts_count", "year_count", "parts", "talks_count", "publications_count",
          "n_slides", "reading_time", "search_results")


# --- the catalogs -----------------------------------------------------------------------


def test_the_theme_ships_english_simplified_and_traditional_chinese() -> None:
    assert {"en", "zh", "zh_TW"} <= set(available_catalogs())


@pytest.mark.parametrize("name", available_catalogs())
def test_every_catalog_translates_every_key_with_the_sources_placeholders(name: str) -> None:
    catalog = load_catalog(name)
    source = source_texts()
    assert set(catalog.messages) == set(source), "untranslated or unknown keys"
    for key, forms in catalog.messages.items():
        wanted = set().union(*(placeholders(text) for text in source[key]))
        for form in forms:
            assert placeholders(form) <= wanted, (name, key, form)
        if key in catalog.plural_keys:
            assert len(forms) == catalog.nplurals, (name, key)
        else:
            assert len(forms) == 1, (name, key)


def test_every_count_string_has_plural_forms() -> None:
    for key in COUNTS:
        assert len(source_texts()[key]) == 2, key


def test_every_string_a_theme_template_asks_for_is_in_the_catalogs() -> None:
    asked = {m.group(1) for path in TEMPLATES.glob("*.*")
             for m in re.finditer(r"""\bt\(\s*["']([a-z_]+)["']\s*[,)]""", path.read_text("utf-8"))}
    assert asked, "no t(...) call found: the pattern is out of date"
    assert asked - set(source_texts()) == set()


# --- plurals ----------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "n", "text"), [
    ("posts_count", 0, "0 posts"), ("posts_count", 1, "1 post"), ("posts_count", 2, "2 posts"),
    ("year_count", 1, "1 post"), ("year_count", 21, "21 posts"),
    ("parts", 1, "1 part"), ("parts", 3, "3 parts"),
    ("talks_count", 1, "1 talk"), ("talks_count", 4, "4 talks"),
    ("publications_count", 1, "1 publication"), ("publications_count", 7, "7 publications"),
    ("n_slides", 1, "1 slide"), ("n_slides", 12, "12 slides"),
    ("reading_time", 1, "1 min read"), ("reading_time", 5, "5 min read"),
    ("search_results", 1, "1 result"), ("search_results", 2, "2 results"),
])
def test_english_counts_agree_with_their_number(key: str, n: int, text: str) -> None:
    assert translator("en")(key, n=n) == text


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("zh-CN", "1 篇文章", "2 篇文章"), ("zh-TW", "1 篇文章", "2 篇文章"),
])
def test_chinese_has_one_form(lang: str, one: str, two: str) -> None:
    t = translator(lang)
    assert (t("posts_count", n=1), t("posts_count", n=2)) == (one, two)
    assert load_catalog(catalog_name(lang)).nplurals == 1


def test_a_placeholder_for_a_script_takes_the_general_plural() -> None:
    """`t("search_results", n="{n}")` leaves `{n}` for search.js to fill in."""
    assert translator("en")("search_results", n="{n}") == "{n} results"
    assert translator("en")("posts_count", n=True) == "True posts"  # a bool is no count


def test_other_placeholders_are_filled_in() -> None:
    t = translator("en")
    assert t("series_part", k=2, n=3) == "Series · Part 2 of 3"
    assert t("tagged", name="RL") == "Tagged “RL”"
    assert t("no_such_key") == "no_such_key"


# --- Traditional Chinese ----------------------------------------------------------------


def test_traditional_chinese_uses_taiwan_words() -> None:
    t = translator("zh-TW")
    assert (t("kind_post"), t("link_slides"), t("series"), t("tags"), t("search"),
            t("blog"), t("link_code"), t("link_video"), t("menu")) == (
        "文章", "簡報", "系列", "標籤", "搜尋", "部落格", "程式碼", "影片", "選單")
    assert t("language_name") == "繁體中文"


def test_traditional_chinese_has_no_simplified_only_characters() -> None:
    """Characters that exist only in Simplified Chinese (their Traditional forms differ)."""
    simplified = set("这论报页图标签归档载录构义简体视频项评论单设复关闭较发")
    for key, (text, *_) in load_catalog("zh_TW").messages.items():
        assert not set(text) & simplified, (key, text)


# --- Japanese and Korean ----------------------------------------------------------------


def test_japanese_and_korean_sites_get_their_own_words() -> None:
    """An imported Japanese or Korean blog is `ja` or `ko`: its menus, counts and dates in
    that language, not in English."""
    ja, ko = translator("ja"), translator("ko-KR")
    assert (ja("blog"), ja("tags"), ja("posts_count", n=3), ja("language_name")) == (
        "ブログ", "タグ", "3 件の記事", "日本語")
    assert (ko("blog"), ko("tags"), ko("posts_count", n=3), ko("language_name")) == (
        "블로그", "태그", "글 3개", "한국어")
    import datetime as dt
    assert i18n.format_date(dt.date(2026, 3, 14), "ja") == "2026年3月14日"
    assert i18n.format_date(dt.date(2026, 3, 14), "ko") == "2026년 3월 14일"
    assert i18n.format_dates(dt.date(2026, 6, 3), dt.date(2026, 6, 5), "ko") \
        == "2026년 6월 3–5일"
    assert i18n.format_dates(dt.date(2026, 6, 30), dt.date(2026, 7, 2), "ja") \
        == "2026年6月30日–7月2日"


def test_korean_strings_are_hangul_not_kana() -> None:
    for key, (text, *_) in load_catalog("ko").messages.items():
        assert not re.search("[\u3040-\u30ff]", text), (key, text)


@pytest.mark.parametrize(("tag", "name"), [
    ("zh-TW", "zh_TW"), ("ZH-tw", "zh_TW"), ("zh-Hant", "zh_TW"), ("zh-HK", "zh_TW"),
    ("zh-Hant-TW", "zh_TW"), ("zh-CN", "zh"), ("zh", "zh"), ("zh-Hans", "zh"), ("zh-SG", "zh"),
    ("ja", "ja"), ("ja-JP", "ja"), ("ko", "ko"), ("ko-KR", "ko"),
    ("en", "en"), ("en-GB", "en"), ("fr", "en"), ("xx-YY", "en"),
])
def test_a_language_tag_finds_its_catalog(tag: str, name: str) -> None:
    assert catalog_name(tag) == name


def test_dates_follow_the_language() -> None:
    import datetime as dt
    day = dt.date(2026, 3, 14)
    assert i18n.format_date(day, "zh-TW") == "2026年3月14日"
    assert i18n.format_date(day, "en") == "Mar 14, 2026"
    assert base_language("zh-TW") == "zh" and base_language("de") == "en"


# --- a site's overrides -----------------------------------------------------------------


def test_overrides_replace_a_string_and_a_plural() -> None:
    overrides = {"en": {"blog": "Notes",
                        "posts_count": {"one": "{n} note", "other": "{n} notes"}}}
    t = translator("en-GB", overrides)
    assert (t("blog"), t("posts_count", n=1), t("posts_count", n=4)) == (
        "Notes", "1 note", "4 notes")
    assert strings_for("en", overrides)["blog"] == "Notes"


def test_a_languages_own_overrides_win_over_its_base_languages() -> None:
    overrides = {"zh": {"blog": "文章"}, "zh-TW": {"blog": "網誌"}}
    assert translator("zh-TW", overrides)("blog") == "網誌"
    assert translator("zh-CN", overrides)("blog") == "文章"


def test_a_plain_override_of_a_count_string_is_used_for_every_count() -> None:
    t = translator("zh-CN", {"zh-CN": {"posts_count": "共 {n} 篇"}})
    assert (t("posts_count", n=1), t("posts_count", n=9)) == ("共 1 篇", "共 9 篇")


def site_with(tmp_path: Path, strings: str) -> Path:
    (tmp_path / "lanting.toml").write_text('title = "T"\nlanguage = "en"\n\n' + strings,
                                           encoding="utf-8")
    return tmp_path


def test_a_valid_plural_override_loads(tmp_path: Path) -> None:
    config = load_config(site_with(tmp_path, '[strings.en]\nposts_count = { one = "{n} note", '
                                             'other = "{n} notes" }\n'))
    assert config.strings["en"]["posts_count"] == {"one": "{n} note", "other": "{n} notes"}


@pytest.mark.parametrize(("strings", "line", "message", "hint"), [
    ('[strings.en]\nblgo = "x"\n', 5, "strings.en.blgo: unknown interface string `blgo`",
     "blog"),
    ('[strings.en]\nposts_count = "{count} posts"\n', 5,
     "strings.en.posts_count: unknown placeholder `{count}`", "{n}"),
    ('[strings.en]\ntagged = "Tagged {name"\n', 5, "strings.en.tagged: bad placeholder",
     "{name}"),
    ('[strings.en]\n\nposts_count = { one = "{n} note" }\n', 6,
     "strings.en.posts_count: a plural table needs `other`", "one, other"),
    ('[strings.en]\nposts_count = { few = "{n}", other = "{n} notes" }\n', 5,
     "strings.en.posts_count.few: `few` is not a plural category of `en`", "one, other"),
    ('[strings.en]\nblog = { one = "a", other = "b" }\n', 5,
     "strings.en.blog: `blog` has no plural forms", "one string"),
    ('[strings.en.posts_count]\none = "{n} note"\nother = "{n} notes {x}"\n', 6,
     "strings.en.posts_count.other: unknown placeholder `{x}`", "{n}"),
    ('[strings."en_US"]\nblog = "x"\n', 4, "strings.en_US: `en_US` is not a language tag",
     "zh-TW"),
])
def test_bad_overrides_are_reported_at_their_line(tmp_path: Path, strings: str, line: int,
                                                  message: str, hint: str) -> None:
    with pytest.raises(LantingError) as info:
        load_config(site_with(tmp_path, strings))
    (problem,) = info.value.problems
    assert problem.line == line
    assert problem.message.startswith(message)
    assert hint in (problem.hint or "")


# --- a broken catalog -------------------------------------------------------------------


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty locales folder in place of the theme's (caches emptied around the test)."""
    caches = (available_catalogs, load_catalog, catalog_name, source_texts)
    for cache in caches:
        cache.cache_clear()
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    yield tmp_path
    monkeypatch.undo()
    for cache in caches:
        cache.cache_clear()


def test_a_broken_catalog_is_an_error_naming_its_line(locales: Path) -> None:
    folder = locales / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "lanting.po").write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
                                       'msgctxt "blog"\nmsgid "Blog"\nmsgstr "Blog"\n'
                                       'msgstr_typo "x"\n', encoding="utf-8")
    with pytest.raises(LantingError) as info:
        load_catalog("de")
    (problem,) = info.value.problems
    assert problem.path == folder / "lanting.po"
    assert problem.line == 8


def test_a_new_catalog_is_found_and_used(locales: Path) -> None:
    """What a translator does: a folder with a .po file is a language the site can use."""
    for name, text in (("en", "Blog"), ("de", "Blog auf Deutsch")):
        folder = locales / name / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "lanting.po").write_text(
            f'msgid ""\nmsgstr ""\n"Language: {name}\\n"\n'
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            f'msgctxt "blog"\nmsgid "Blog"\nmsgstr "{text}"\n\n'
            'msgctxt "posts_count"\nmsgid "{n} post"\nmsgid_plural "{n} posts"\n'
            f'msgstr[0] "{{n}} {"Beitrag" if name == "de" else "post"}"\n'
            f'msgstr[1] "{{n}} {"Beiträge" if name == "de" else "posts"}"\n',
            encoding="utf-8")
    assert available_catalogs() == ("de", "en")
    t = translator("de-AT")
    assert (t("blog"), t("posts_count", n=1), t("posts_count", n=2)) == (
        "Blog auf Deutsch", "1 Beitrag", "2 Beiträge")


# --- labels the Markdown stage writes ---------------------------------------------------


@pytest.mark.parametrize(("lang", "label"), [
    ("zh-CN", "图 1"), ("zh", "图 1"), ("zh-TW", "圖 1"), ("zh-Hant-HK", "圖 1"),
    ("zh-hk", "圖 1"), ("en", "Figure 1"),
])
def test_figure_labels_follow_the_script(lang: str, label: str) -> None:
    from htmltree import parse_html

    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import RenderContext

    context = RenderContext(Path("post.md"), "posts/post.md", lang=lang)
    html = render_markdown('![A plot](https://example.org/p.png "The plot")\n', context).html
    assert parse_html(html).one(class_="figure-label").text() == label
