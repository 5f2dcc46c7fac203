"""Stage 3: front matter (YAML 1.2 or TOML) -> validated FrontMatter, errors with the line
inside the Markdown file."""

from __future__ import annotations

import datetime as dt
from pathlib import Path, PurePosixPath

import pytest

from lanting.content.frontmatter import parse
from lanting.errors import LantingError
from lanting.model.content import Document, Kind, Source
from lanting.model.problem import Problem

SITE = Path("/site")


def source(text: str, rel: str = "posts/p.md") -> Source:
    kind = (Kind.HOME if rel == "_index.md" else Kind.POST if rel.startswith("posts/")
            else Kind.TALK if rel.startswith("talks/") else Kind.PAGE)
    return Source(SITE / "content" / rel, PurePosixPath(rel), kind, text)


def ok(text: str, rel: str = "posts/p.md") -> Document:
    return parse(source(text, rel))


def errors(text: str, rel: str = "posts/p.md") -> list[Problem]:
    with pytest.raises(LantingError) as info:
        parse(source(text, rel))
    return info.value.problems


def one_error(text: str, rel: str = "posts/p.md") -> Problem:
    found = errors(text, rel)
    assert len(found) == 1, [p.format() for p in found]
    return found[0]


# --- YAML ------------------------------------------------------------------------------


def test_yaml_front_matter() -> None:
    doc = ok("---\ntitle: 你好\ndate: 2026-01-02\ntags: [a, b]\nsummary: S\n---\nBody\n")
    assert doc.meta.title == "你好"
    assert doc.meta.date == dt.datetime(2026, 1, 2, tzinfo=dt.UTC)
    assert doc.meta.tags == ("a", "b")
    assert doc.meta.summary == "S"
    assert doc.body == "Body\n"
    assert doc.body_line == 7
    assert doc.key_lines["title"] == 2 and doc.key_lines["tags"] == 4


def test_yaml_front_matter_may_end_with_dots() -> None:
    """Pandoc closes a header with `...` (YAML's end of a document) as well as `---`:
    a talk's header so closed was its first slide's text, and the talk had no date."""
    doc = ok("---\ntitle: Bouncing\ndate: 2019-10-15\n...\n\nOutline\n-------\n")
    assert doc.meta.title == "Bouncing" and doc.body_line == 5
    assert doc.body == "\nOutline\n-------\n"
    assert ok("---\ntitle: T\ndate: 2019-10-15\nsummary: |\n  ...\n---\nBody\n").meta.summary \
        == "..."


def test_yaml_datetime_keeps_its_offset() -> None:
    doc = ok("---\ntitle: A\ndate: 2026-01-02T10:00:00+08:00\n---\n")
    assert doc.meta.date == dt.datetime(2026, 1, 2, 2, 0, tzinfo=dt.UTC)
    assert doc.meta.date is not None and doc.meta.date.utcoffset() == dt.timedelta(hours=8)


def test_yaml_date_with_time_and_no_offset_is_utc() -> None:
    doc = ok("---\ntitle: A\ndate: 2026-01-02 10:30\n---\n")
    assert doc.meta.date == dt.datetime(2026, 1, 2, 10, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize("word", ["no", "yes", "off", "on", "y", "n", "NO"])
def test_yaml_1_2_keeps_norway_words_as_strings(word: str) -> None:
    doc = ok(f"---\ntitle: {word}\ndate: 2026-01-02\n---\n")
    assert doc.meta.title == word


def test_yaml_yes_is_not_a_boolean() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\ndraft: yes\n---\n")
    assert problem.line == 4
    assert "draft" in problem.message


def test_yaml_duplicate_key_is_rejected_with_its_line() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\ntitle: B\n---\nBody\n")
    assert problem.line == 4
    assert "duplicate" in problem.message
    assert problem.format().startswith(f"{SITE}/content/posts/p.md:4: error: ")


def test_yaml_duplicate_key_in_a_nested_mapping() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\nparams:\n  x: 1\n  x: 2\n---\n")
    assert problem.line == 6
    assert "duplicate" in problem.message


def test_yaml_syntax_error_has_a_line() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\ntags: [a, b\n---\nBody\n")
    assert problem.line is not None and 4 <= problem.line <= 5
    assert "YAML" in problem.message


def test_yaml_that_is_not_a_mapping() -> None:
    problem = one_error("---\n- a\n- b\n---\n", "pages/x.md")
    assert problem.line == 2
    assert "mapping" in problem.message


def test_a_single_tag_may_be_written_as_a_string() -> None:
    assert ok("---\ntitle: A\ndate: 2026-01-02\ntags: 随笔\n---\n").meta.tags == ("随笔",)


@pytest.mark.parametrize("written", ["ml, 笔记", "ml，笔记", "ml,笔记,"])
def test_names_in_one_string_split_at_commas(written: str) -> None:
    """HackMD writes `tags: ml, 笔记`: it was one tag, `ml, 笔记`."""
    doc = ok(f"---\ntitle: A\ndate: 2026-01-02\ntags: {written}\ncategories: 读书, 生成\n---\n")
    assert doc.meta.tags == ("ml", "笔记")
    assert doc.meta.categories == ("读书", "生成")


def test_a_listed_name_keeps_its_comma() -> None:
    doc = ok('---\ntitle: A\ndate: 2026-01-02\ntags: ["Tom, Dick", x]\n---\n')
    assert doc.meta.tags == ("Tom, Dick", "x")


def test_tags_are_trimmed_and_empty_ones_dropped() -> None:
    doc = ok('---\ntitle: A\ndate: 2026-01-02\ntags: [" a ", "", "b"]\n---\n')
    assert doc.meta.tags == ("a", "b")


# --- TOML ------------------------------------------------------------------------------


def test_toml_front_matter() -> None:
    doc = ok('+++\ntitle = "A"\ndate = 2026-01-02\ntags = ["x"]\nseries_order = 2\n+++\nBody\n')
    assert doc.meta.title == "A"
    assert doc.meta.date == dt.datetime(2026, 1, 2, tzinfo=dt.UTC)
    assert doc.meta.tags == ("x",)
    assert doc.meta.series_order == 2
    assert doc.body == "Body\n"
    assert doc.body_line == 7
    assert doc.key_lines["series_order"] == 5


def test_toml_offset_datetime() -> None:
    doc = ok('+++\ntitle = "A"\ndate = 2026-01-02T10:00:00+08:00\n+++\n')
    assert doc.meta.date == dt.datetime(2026, 1, 2, 2, 0, tzinfo=dt.UTC)


def test_toml_duplicate_key_is_rejected_with_its_line() -> None:
    problem = one_error('+++\ntitle = "A"\ntitle = "B"\ndate = 2026-01-02\n+++\n')
    assert problem.line == 3
    assert "TOML" in problem.message


def test_toml_error_on_the_last_front_matter_line_has_that_line() -> None:
    problem = one_error('+++\ntitle = "A"\ndate = 2026-01-02\ntitle = "B"\n+++\n')
    assert problem.line == 4


def test_toml_unknown_key_has_line_and_hint() -> None:
    problem = one_error('+++\ntitle = "A"\ndate = 2026-01-02\ntgas = ["a"]\n+++\n')
    assert problem.line == 4
    assert problem.hint is not None and "`tags`" in problem.hint


# --- dates -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '---\ntitle: A\ndate: "2026-13-45"\n---\n',
        "---\ntitle: A\ndate: next tuesday\n---\n",
        '+++\ntitle = "A"\ndate = "2026-13-45"\n+++\n',
        "+++\ntitle = 'A'\ndate = 2026-13-45\n+++\n",
    ],
    ids=["yaml-quoted", "yaml-words", "toml-string", "toml-bare"],
)
def test_invalid_date_is_reported_on_its_line(text: str) -> None:
    problem = one_error(text)
    assert problem.line == 3
    assert problem.path == SITE / "content/posts/p.md"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("---\ntitle: A\ndate: 2026-13-45\n---\nBody\n", 3),
        ("---\ntitle: A\ndate: 2026-01-02\nupdated: 2026-02-30\n---\nBody\n", 4),
    ],
    ids=["date", "updated"],
)
def test_invalid_unquoted_yaml_date_is_reported_on_its_line(text: str, line: int) -> None:
    problem = one_error(text)
    assert problem.line == line
    assert problem.path == SITE / "content/posts/p.md"


# --- structure and required keys -------------------------------------------------------


@pytest.mark.parametrize("fence", ["---", "+++"])
def test_unclosed_front_matter(fence: str) -> None:
    key = "title: A" if fence == "---" else 'title = "A"'
    problem = one_error(f"{fence}\n{key}\n\nBody text\n")
    assert problem.line == 1
    assert "not closed" in problem.message
    assert problem.hint is not None and fence in problem.hint


def test_post_needs_title_and_date_both_reported() -> None:
    found = errors("---\nsummary: S\n---\nBody\n")
    text = " ".join(p.message for p in found)
    assert len(found) == 2
    assert "`title`" in text and "`date`" in text


def test_post_needs_a_title() -> None:
    problem = one_error("---\ndate: 2026-01-02\n---\n")
    assert "title" in problem.message


def test_post_with_blank_title_points_at_the_title_line() -> None:
    problem = one_error('---\ndate: 2026-01-02\ntitle: "  "\n---\n')
    assert problem.line == 3


def test_post_needs_a_date() -> None:
    problem = one_error("---\ntitle: A\n---\n")
    assert "date" in problem.message
    assert problem.hint is not None


def test_pages_and_home_need_neither_title_nor_date() -> None:
    assert ok("Just text.\n", "pages/about.md").meta.title == ""
    assert ok("---\n---\nHi\n", "_index.md").body == "Hi\n"


def test_file_without_front_matter_is_all_body() -> None:
    doc = ok("# Hello\n\ntext\n", "pages/x.md")
    assert doc.body == "# Hello\n\ntext\n"
    assert doc.body_line == 1


def test_unknown_key_with_hint_and_line() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\ntgas: [a]\n---\n")
    assert problem.line == 4
    assert "tgas" in problem.message
    assert problem.hint is not None and "did you mean `tags`" in problem.hint


def test_wrong_type_in_front_matter() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\nseries_order: first\n---\n")
    assert problem.line == 4
    assert "series_order" in problem.message


@pytest.mark.parametrize("slug", ["../x", "a/b", "..", "/abs", ".hidden", "a b", ""])
def test_invalid_slug(slug: str) -> None:
    problem = one_error(f'---\ntitle: A\ndate: 2026-01-02\nslug: "{slug}"\n---\n')
    assert problem.line == 4
    assert "slug" in problem.message


@pytest.mark.parametrize("slug", ["__lanting", "__lanting_x", "__LANTING"])
def test_slug_under_the_live_reload_prefix_is_a_front_matter_error(slug: str) -> None:
    """`lanting serve` answers /__lanting/ itself: such a page would be unreachable."""
    problem = one_error(f'---\ntitle: A\nslug: "{slug}"\n---\n', rel="pages/p.md")
    assert problem.line == 3
    assert "reserved" in problem.message and "__lanting" in problem.message


@pytest.mark.parametrize("slug", ["ppo-intro", "v1.2", "分布式训练", "a_b"])
def test_valid_slug(slug: str) -> None:
    assert ok(f'---\ntitle: A\ndate: 2026-01-02\nslug: "{slug}"\n---\n').meta.slug == slug


def test_every_problem_of_a_file_is_reported_together() -> None:
    found = errors('---\ntitle: A\ndate: "2026-99-01"\ntgas: [a]\nslug: "../x"\n---\n')
    assert sorted(p.line for p in found) == [3, 4, 5]


# --- keys of other generators ----------------------------------------------------------


@pytest.mark.parametrize(("key", "value", "says"), [
    ("published", "false", "`published: false` is `draft: true`"),
    ("description", "x", "`summary`"),
    ("excerpt", "x", "`summary`"),
    ("lastmod", "2026-01-03", "`updated`"),
    ("image", "/a.png", "`cover`"),
    ("category", "x", "`categories`"),
    ("redirect_from", "[/old/]", "`aliases`"),
    ("hidden", "true", "`draft: true`"),
    ("abbrlink", "5f3a9c1e", "[permalinks]"),
    ("date-modified", "2026-01-03", "`updated`"),  # Quarto's
    ("number-sections", "true", "`number_sections: true`"),  # Quarto's
])
def test_a_key_of_another_generator_names_the_lanting_equivalent(key: str, value: str,
                                                                  says: str) -> None:
    problem = one_error(f"---\ntitle: A\ndate: 2026-01-02\n{key}: {value}\n---\n")
    assert problem.line == 4 and problem.severity == "error"
    assert f"unknown key `{key}`" in problem.message
    assert problem.hint is not None and says in problem.hint
    assert "did you mean" not in problem.hint


@pytest.mark.parametrize("key", ["layout", "comments", "mathjax", "katex", "toc_number",
                                 "format", "execute", "jupyter",
                                 "robots", "breaks", "GA", "disqus", "slideOptions",
                                 # Typora's, in every note it pasted an image into (an
                                 # error, "unknown key", failed such a note's build)
                                 "typora-copy-images-to", "typora-root-url"])
def test_a_harmless_key_of_another_generator_is_a_warning(key: str) -> None:
    doc = ok(f"---\ntitle: A\ndate: 2026-01-02\n{key}: true\ntags: [a]\n---\nBody\n")
    assert doc.meta.tags == ("a",)
    [warning] = doc.warnings
    assert warning.severity == "warning" and warning.line == 4
    assert f"`{key}` is not a Lanting key" in warning.message
    assert warning.hint is not None and "ignored" in warning.hint


def test_a_misspelt_marp_directive_in_a_marp_deck_is_named() -> None:
    """`pagiinate: false` in a Marp talk: the hint named only `params:`; Marp's own
    directives are what such a key most likely meant."""
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\nmarp: true\npagiinate: false\n"
                        "---\n# One\n", "talks/t/index.md")
    assert problem.line == 5
    assert problem.hint is not None and "did you mean `paginate`" in problem.hint


def test_an_unknown_key_says_how_to_keep_it() -> None:
    problem = one_error("---\ntitle: A\ndate: 2026-01-02\nmood: calm\n---\n")
    assert problem.hint is not None and "params: {mood: …}" in problem.hint
    assert "did you mean" not in problem.hint


@pytest.mark.parametrize(("key", "meant"), [
    ("tgas", "tags"), ("titel", "title"), ("Tags", "tags"), ("catgories", "categories"),
    ("sumary", "summary"), ("seris", "series"), ("dates", "date")])
def test_did_you_mean_for_a_likely_typo(key: str, meant: str) -> None:
    problem = one_error(f"---\ntitle: A\ndate: 2026-01-02\n{key}: x\n---\n")
    assert problem.hint is not None and f"did you mean `{meant}`?" in problem.hint


@pytest.mark.parametrize("key", ["tabs", "toggle", "slugs_old", "lang_code", "type", "mood"])
def test_no_did_you_mean_for_a_word_that_only_looks_alike(key: str) -> None:
    doc_or_problems: Document | list[Problem]
    try:
        doc_or_problems = ok(f"---\ntitle: A\ndate: 2026-01-02\n{key}: x\n---\n")
    except LantingError as error:
        doc_or_problems = error.problems
    problems = (doc_or_problems.warnings if isinstance(doc_or_problems, Document)
                else doc_or_problems)
    assert problems
    assert all("did you mean" not in (p.hint or "") for p in problems)


@pytest.mark.parametrize(("written", "read"), [
    ("2023/07/05", "2023-07-05T00:00:00+00:00"), ("2023/7/5", "2023-07-05T00:00:00+00:00"),
    ("2023/7/5 9:30", "2023-07-05T09:30:00+00:00"),
    ("2023-7-5 09:30:15", "2023-07-05T09:30:15+00:00"),
])
def test_a_date_with_slashes_or_one_digit_parts_is_read(written: str, read: str) -> None:
    """`date: 2023/7/5 9:30` (what Hexo writes, and MyST pages) was "not a date"."""
    from lanting.content.frontmatter_syntax import parse_date

    assert parse_date(written).isoformat() == read
    with pytest.raises(ValueError):
        parse_date("05/07/2023")  # day or month first: ambiguous, still an error


@pytest.mark.parametrize(("written", "read"), [
    ("June 12, 2017", "2017-06-12"), ("Jun 12 2017", "2017-06-12"),
    ("12 June 2017", "2017-06-12"), ("Sept. 3, 2020", "2020-09-03"),
    ("March 1st, 2021", "2021-03-01"), ("2017年6月12日", "2017-06-12"),
])
def test_a_date_with_its_month_named_is_read(written: str, read: str) -> None:
    """`date: June 12, 2017` (a Pandoc deck's YAML header; the `%` block read it) was "not
    a date", an error. A month's name, or a Chinese date, leaves no doubt."""
    doc = ok(f"---\ntitle: A\ndate: {written}\n---\n")
    assert doc.meta.date is not None and doc.meta.date.date().isoformat() == read
    from lanting.content.frontmatter_syntax import parse_date

    for wrong in ("February 30, 2020", "Smarch 3, 2020"):
        with pytest.raises(ValueError):
            parse_date(wrong)


def test_a_missing_title_written_as_a_first_heading_says_what_to_write() -> None:
    """An Obsidian or Typora note keeps its title as a first `# heading`: "a post needs a
    `title`" said nothing of it."""
    source = Source(Path("/s/content/posts/a.md"), PurePosixPath("posts/a.md"), Kind.POST,
                    "---\ndate: 2026-01-02\n---\n\n# 显存优化笔记\n\n正文。\n")
    with pytest.raises(LantingError) as info:
        parse(source)
    (problem,) = [p for p in info.value.problems if "title" in p.message]
    assert problem.hint is not None and 'title: "显存优化笔记"' in problem.hint


def test_numbered_sections_and_chapters() -> None:
    doc = ok("---\ntitle: T\nnumber_sections: true\nchapter: 3\n---\nBody\n", "notes/p.md")
    assert (doc.meta.number_sections, doc.meta.chapter) == (True, "3")
    assert ok("---\ntitle: T\nchapter: \"2.10\"\n---\n", "notes/p.md").meta.chapter == "2.10"
    for bad in ("-1", "true", "two", "[1]"):
        problem = one_error(f"---\ntitle: T\nchapter: {bad}\n---\nBody\n", "notes/p.md")
        assert problem.message.startswith("chapter: `chapter: ") and problem.line == 3
