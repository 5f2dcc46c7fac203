"""`lanting new post|talk|page TITLE`: a new file whose front matter the build accepts,
slugs from the title (pinyin or kept Chinese, per `[new] slug`), series parts, bundles."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from lanting.scaffold.content import make_slug, new_content

Run = Callable[..., tuple[int, str, str]]


def _front(path: Path) -> dict[str, object]:
    """The YAML between the `---` lines (YAML 1.2, as the build reads it)."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    data = YAML(typ="safe").load(text.split("\n---\n", 1)[0][4:])
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("title", "style", "slug"), [
    ("强化学习入门", "pinyin", "qiang-hua-xue-xi-ru-men"),
    ("PPO 详解：从 TRPO 说起", "pinyin", "ppo-xiang-jie-cong-trpo-shuo-qi"),
    ("Café & Crème", "pinyin", "cafe-creme"),
    ("强化学习 入门", "keep", "强化学习-入门"),
    ("Hello, World!", "keep", "hello-world"),
])
def test_slug_from_the_title(title: str, style: str, slug: str) -> None:
    assert make_slug(title, style) == slug


def test_long_titles_give_slugs_cut_at_a_hyphen() -> None:
    slug = make_slug("分布式训练中的张量并行流水线并行与数据并行的比较和实践经验总结", "pinyin")
    assert len(slug) <= 60 and not slug.endswith("-")
    assert slug.startswith("fen-bu-shi-xun-lian")


def test_new_post_is_a_dated_draft_the_build_shows_with_drafts(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({})
    code, out, err = run_cli("new", "post", "强化学习入门", "--site", site)
    assert code == 0, err
    path = site / "content/posts/qiang-hua-xue-xi-ru-men.md"
    assert f"created {path}" in out
    front = _front(path)
    assert front["title"] == "强化学习入门" and front["draft"] is True
    assert isinstance(front["date"], dt.datetime) and front["tags"] == []
    assert run_cli("build", site, "--drafts", "--strict")[0] == 0
    assert (site / "public/posts/qiang-hua-xue-xi-ru-men/index.html").is_file()


def test_new_post_in_a_series_bundle_takes_the_next_part(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/one.md":
                      "---\ntitle: One\ndate: 2026-01-01\nseries: rl\nseries_order: 1\n---\n"})
    code, _out, err = run_cli("new", "post", "PPO 详解", "--series", "rl", "--bundle",
                              "--site", site)
    assert code == 0, err
    path = site / "content/posts/ppo-xiang-jie/index.md"
    front = _front(path)
    assert front["series"] == "rl" and front["series_order"] == 2
    code, _out, err = run_cli("build", site, "--drafts", "--strict")
    assert code == 0, err


def test_keep_style_and_given_slug(make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n[new]\nslug = "keep"\n'
                      '[search]\nenabled = false\n'})
    assert run_cli("new", "page", "关于我", "--site", site)[0] == 0
    assert (site / "content/pages/关于我.md").is_file()
    assert "draft" not in _front(site / "content/pages/关于我.md")
    assert run_cli("new", "talk", "HiChunk at ACL", "--slug", "hichunk", "--site", site)[0] == 0
    talk = site / "content/talks/hichunk.md"
    assert _front(talk)["title"] == "HiChunk at ACL"
    code, _out, err = run_cli("build", site, "--drafts", "--strict")
    assert code == 0, err


def test_titles_that_yaml_would_misread_stay_strings(make_site: Callable[..., Path]) -> None:
    site = make_site({})
    for i, title in enumerate(["no", "2026-01-01", "a: b # c", "'quoted'", "[x]"]):
        path = new_content(site, "page", title, slug=f"p{i}")
        assert _front(path)["title"] == title


@pytest.mark.parametrize(("args", "expected"), [
    (("new", "post"), "give the post's title"),
    (("new", "post", "T", "--slug", "a/b"), "not a valid slug"),
    (("new", "page", "T", "--series", "x"), "for posts"),
    (("new", "mysite", "--bundle"), "only for `lanting new post|talk|page`"),
    (("new", "pots", "Title"), "did you mean `post`"),
])
def test_bad_new_arguments_are_usage_errors(make_site: Callable[..., Path], run_cli: Run,
                                            args: tuple[str, ...], expected: str) -> None:
    site = make_site({})
    code, _out, err = run_cli(*args, "--site", site)
    assert code == 2
    assert expected in err and "Traceback" not in err


def test_existing_post_is_not_replaced(make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/hello.md": "---\ntitle: Mine\ndate: 2026-01-01\n---\n"})
    code, _out, err = run_cli("new", "post", "Hello", "--site", site)
    assert code == 2 and "exists already" in err
    assert "Mine" in (site / "content/posts/hello.md").read_text()


def test_new_content_outside_a_site_says_so(tmp_path: Path, run_cli: Run) -> None:
    code, _out, err = run_cli("new", "post", "T", "--site", tmp_path)
    assert code == 2 and "no lanting.toml" in err


def test_a_site_folder_named_like_a_kind(tmp_path: Path, run_cli: Run,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _out, err = run_cli("new", "./post")
    assert code == 0, err
    assert (tmp_path / "post/lanting.toml").is_file()


def test_bad_slug_setting_is_an_error_at_its_line(make_site: Callable[..., Path],
                                                  run_cli: Run) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n\n[new]\nslug = "pinyn"\n'})
    code, _out, err = run_cli("check", site)
    assert code == 1
    assert "lanting.toml:4: error: new.slug" in err and "pinyin" in err
