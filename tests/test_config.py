"""Stage 1: `lanting.toml` -> Config, every problem reported as `lanting.toml:LINE`."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitebits import DROP_DOWN_MENU

from lanting.config.load import load_config
from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.problem import Problem


def site_with(tmp_path: Path, text: str) -> Path:
    (tmp_path / "lanting.toml").write_text(text, encoding="utf-8")
    return tmp_path


def problems(site: Path) -> list[Problem]:
    with pytest.raises(LantingError) as info:
        load_config(site)
    return info.value.problems


def messages(site: Path) -> list[str]:
    return [p.format(site) for p in problems(site)]


# --- valid files ------------------------------------------------------------------------


def test_minimal_config_gets_defaults(tmp_path: Path) -> None:
    config = load_config(site_with(tmp_path, 'title = "T"\n'))
    assert config.title == "T"
    assert config.language == "zh-CN"
    assert config.base_url == "/"
    assert config.base_path == "/"
    assert config.menu == ()
    assert config.markdown.toc_levels == (2, 3)
    assert config.blog.recent_posts == 5
    assert config.feed.limit == 20


def test_full_config_is_typed(tmp_path: Path) -> None:
    site = site_with(tmp_path, """\
title = "林知远"
author = "A"
language = "en"
base_url = "https://example.org/blog/"

[[menu]]
name = "博客"
url = "/blog/"

[[menu]]
name = "关于"
url = "/about/"

[[links]]
name = "GitHub"
url = "https://github.com/x"

[markdown]
toc_levels = [2, 3, 4]

[blog]
recent_posts = 3

[feed]
limit = 5
full_content = false

[strings.en]
blog = "Writing"

[params]
anything = [1, "two"]
""")
    config = load_config(site)
    assert [(m.name, m.url) for m in config.menu] == [("博客", "/blog/"), ("关于", "/about/")]
    assert config.links[0].name == "GitHub"
    assert config.markdown.toc_levels == (2, 3, 4)
    assert config.blog.recent_posts == 3
    assert config.feed.limit == 5 and config.feed.full_content is False
    assert config.strings == {"en": {"blog": "Writing"}}
    assert config.params == {"anything": [1, "two"]}
    assert config.base_path == "/blog/"


def test_overrides_replace_file_values(tmp_path: Path) -> None:
    site = site_with(tmp_path, 'title = "T"\nbase_url = "/"\n')
    config = load_config(site, {"base_url": "https://other.example/sub/"})
    assert config.base_url == "https://other.example/sub/"
    assert config.base_path == "/sub/"


# --- unknown keys and wrong types -------------------------------------------------------


def test_unknown_key_names_line_and_suggests_the_right_key(tmp_path: Path) -> None:
    site = site_with(tmp_path, 'title = "T"\n\nauthr = "A"\n')
    [problem] = problems(site)
    text = problem.format(site)
    assert text.startswith("lanting.toml:3: error: ")
    assert "authr" in text
    assert problem.hint is not None and "did you mean `author`" in problem.hint


def test_unknown_key_without_a_close_match_has_no_hint(tmp_path: Path) -> None:
    [problem] = problems(site_with(tmp_path, 'title = "T"\nzzzqqq = 1\n'))
    assert problem.line == 2
    assert problem.hint is None


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        ('title = "T"\nauthor = 3\n', 2, "expected a string"),
        ('title = "T"\n[blog]\nrecent_posts = "five"\n', 3, "expected an integer"),
        ('title = "T"\n[blog]\nrecent_posts = true\n', 3, "expected an integer"),
        ('title = "T"\n[feed]\nfull_content = "yes"\n', 3, "true or false"),
        ('title = "T"\nmenu = "blog"\n', 2, "expected a list"),
        ('title = "T"\nblog = 3\n', 2, "expected a table"),
        ('title = "T"\n[strings.en]\nblog = 3\n', 3, "expected a string"),
    ],
)
def test_wrong_type_is_reported_with_its_line(
    tmp_path: Path, text: str, line: int, expected: str
) -> None:
    [problem] = problems(site_with(tmp_path, text))
    assert problem.line == line
    assert expected in problem.message


def test_bad_toml_syntax_has_line_and_column(tmp_path: Path) -> None:
    site = site_with(tmp_path, 'title = "T"\nauthor = \n')
    [problem] = problems(site)
    assert (problem.line, problem.column) == (2, 10)
    assert problem.format(site).startswith("lanting.toml:2:10: error: invalid TOML")
    assert "(at line" not in problem.message  # the position is in the location, once


def test_unterminated_string_is_a_syntax_error(tmp_path: Path) -> None:
    [problem] = problems(site_with(tmp_path, 'title = "T\nauthor = "A"\n'))
    assert problem.line == 1
    assert "invalid TOML" in problem.message


def test_unknown_key_in_a_nested_table_points_at_its_own_line(tmp_path: Path) -> None:
    site = site_with(tmp_path, 'title = "T"\n\n[blog]\nrecent_posts = 3\n\n[feed]\nlimt = 3\n')
    [problem] = problems(site)
    assert problem.format(site).startswith("lanting.toml:7: error: feed.limt")
    assert problem.hint is not None and "`limit`" in problem.hint


@pytest.mark.parametrize(("text", "hint"), [
    ('title = "T"\n[[menu]]\nname = "a"\nurl = "/a/"\nmath_macros = {}\n',
     "`math_macros` belongs under `[markdown]`"),
    ('title = "T"\n[markdown]\nmath_macros = {}\nauthor = "A"\n',
     "`author` belongs at the top, before the first `[table]`"),
    ('title = "T"\nrecent_posts = 3\n', "`recent_posts` belongs under `[blog]`"),
])
def test_a_key_of_another_table_says_where_it_belongs(tmp_path: Path, text: str,
                                                      hint: str) -> None:
    """A key written after a table's header belongs to that table in TOML: appended at the
    end of the file it was "unknown" with no word of where it goes (a new user's sweep)."""
    [problem] = problems(site_with(tmp_path, text))
    assert "unknown key" in problem.message
    assert problem.hint is not None and problem.hint.startswith(hint), problem.hint


def test_unknown_key_in_an_array_of_tables(tmp_path: Path) -> None:
    site = site_with(tmp_path, """\
title = "T"
[[menu]]
name = "a"
url = "/a/"
[[menu]]
name = "b"
ulr = "/b/"
""")
    found = problems(site)
    unknown = [p for p in found if "ulr" in p.message]
    assert len(unknown) == 1
    assert unknown[0].line == 7
    assert "menu.1.ulr" in unknown[0].message
    assert unknown[0].hint is not None and "`url`" in unknown[0].hint


def test_dotted_key_is_located(tmp_path: Path) -> None:
    [problem] = problems(site_with(tmp_path, 'title = "T"\nblog.recent_post = 3\n'))
    assert problem.line == 2
    assert "blog.recent_post" in problem.message


def test_several_problems_are_reported_at_once(tmp_path: Path) -> None:
    site = site_with(tmp_path, """\
title = "T"
authr = "A"
language = 5
[feed]
limt = 3
[blog]
recent_posts = "x"
""")
    found = messages(site)
    assert len(found) == 4, found
    assert {int(m.split(":")[1]) for m in found} == {2, 3, 5, 7}
    assert all(m.startswith("lanting.toml:") for m in found)


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ('title = "   "\n', "title", 1),
        ('title = "T"\nlanguage = "Chinese Simplified"\n', "language", 2),
        ('title = "T"\nbase_url = "example.org"\n', "base_url", 2),
        ('title = "T"\n[markdown]\ntoc_levels = [2, 9]\n', "markdown.toc_levels", 3),
    ],
)
def test_values_are_validated(tmp_path: Path, text: str, key: str, line: int) -> None:
    [problem] = problems(site_with(tmp_path, text))
    assert problem.message.startswith(key)
    assert problem.line == line


def test_missing_title_is_an_error(tmp_path: Path) -> None:
    [problem] = problems(site_with(tmp_path, 'author = "A"\n'))
    assert "title" in problem.message


def test_missing_config_file_suggests_lanting_new(tmp_path: Path) -> None:
    [problem] = problems(tmp_path)
    assert "lanting.toml" in problem.message
    assert problem.hint is not None and "lanting new" in problem.hint


# --- base_path and origin ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("base_url", "base_path", "origin"),
    [
        ("/", "/", ""),
        ("/blog", "/blog/", ""),
        ("/blog/", "/blog/", ""),
        ("https://example.org", "/", "https://example.org"),
        ("https://example.org/", "/", "https://example.org"),
        ("https://example.org/blog", "/blog/", "https://example.org"),
        ("https://example.org/a/b/", "/a/b/", "https://example.org"),
        ("http://localhost:8000/", "/", "http://localhost:8000"),
    ],
)
def test_base_path_and_origin(base_url: str, base_path: str, origin: str) -> None:
    config = Config(title="T", base_url=base_url)
    assert config.base_path == base_path
    assert config.origin == origin


def test_base_url_with_a_query_is_rejected_or_ignored(tmp_path: Path) -> None:
    site = site_with(tmp_path, 'title = "T"\nbase_url = "https://example.org/blog/?utm=x"\n')
    try:
        config = load_config(site)
    except LantingError:
        return
    assert config.base_path == "/blog/"


def test_a_menu_entry_with_a_drop_down_needs_no_url(tmp_path: Path) -> None:
    """`[[menu.children]]` under an entry is its drop-down list (Hugo's `parent`, VuePress's
    and Docusaurus's navbar `items`): the entry may lead nowhere itself."""
    config = load_config(site_with(tmp_path, 'title = "T"\n' + DROP_DOWN_MENU))
    assert [(m.name, m.url, [(c.name, c.url) for c in m.children]) for m in config.menu] == [
        ("博客", "/blog/", []), ("笔记", "/notes/", [("机器学习", "/ml/"), ("系统", "/systems/")]),
        ("外链", "", [("GitHub", "https://github.com/")])]


def test_a_menu_entry_leading_nowhere_is_an_error_at_its_line(tmp_path: Path) -> None:
    site = site_with(tmp_path, 'title = "T"\n[[menu]]\nname = "a"\nurl = "/a/"\n'
                               '[[menu]]\nname = "b"\n')
    [problem] = problems(site)
    assert problem.line == 5 and "menu entry `b` has no `url`" in problem.message
    assert problem.hint is not None and "[[menu.children]]" in problem.hint


def test_a_drop_down_entry_s_problem_points_at_its_own_line(tmp_path: Path) -> None:
    """`[[menu.children]]` after the second `[[menu]]` is that entry's: its key path is
    `menu.1.children.0`, and a problem in it is at its own line."""
    site = site_with(tmp_path, 'title = "T"\n[[menu]]\nname = "a"\nurl = "/a/"\n'
                               '[[menu]]\nname = "b"\n[[menu.children]]\nname = "c"\n'
                               'ulr = "/c/"\n')
    found = [p for p in problems(site) if "ulr" in p.message]
    assert [(p.line, "menu.1.children.0.ulr" in p.message) for p in found] == [(9, True)]


def test_a_drop_down_inside_a_drop_down_is_an_error_that_says_so(tmp_path: Path) -> None:
    """`[[menu.children.children]]` (a two-level menu, as Hugo's `parent` chains allow):
    the hint said `children` belongs under `[menu]`, where it already was."""
    site = site_with(tmp_path, 'title = "T"\n[[menu]]\nname = "a"\n[[menu.children]]\n'
                               'name = "b"\nurl = "/b/"\n[[menu.children.children]]\n'
                               'name = "c"\nurl = "/c/"\n')
    [problem] = problems(site)
    assert problem.line == 7 and "menu.0.children.0.children" in problem.message
    assert problem.hint is not None and problem.hint.startswith("a drop-down has one level")
