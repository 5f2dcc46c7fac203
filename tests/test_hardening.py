"""Regression tests for the defects an adversarial run found (issue 34), each named after
its defect: hostile text in titles, YAML alias bombs, symlinks that would publish `.git`,
a symlinked output folder, an output folder edited behind Lanting's back."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import html5lib
import pytest

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError

MakeSite = Callable[..., Path]
Post = Callable[..., str]
Build = Callable[..., BuildResult]
NS = {"h": "http://www.w3.org/1999/xhtml"}


def parse(path: Path) -> object:
    """A built page as a browser's parser (WHATWG) reads it."""
    return html5lib.parse(path.read_bytes(), namespaceHTMLElements=True)


def h1_text(path: Path) -> str:
    heading = parse(path).find(".//h:h1", NS)  # type: ignore[attr-defined]
    assert heading is not None, f"{path}: no <h1> in the parsed page"
    return "".join(heading.itertext()).strip()


def _later(path: Path) -> None:
    stamp = time.time() + 5
    os.utime(path, (stamp, stamp))


# --- JSON-LD breakout ---------------------------------------------------------------------

HOSTILE_TITLES = [
    "HTML 解析：<!-- 注释里的 <script> 标签",
    "</script><script>alert(1)</script>",
    "a <!-- b --> c ]]> d & e \u2028 f",
    "<script><!--",
]


@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_json_ld_breakout_title_keeps_the_page_whole(
        title: str, make_site: MakeSite, post: Post, build_site: Build) -> None:
    """A title with `<!--` and `<script>` used to put the HTML tokenizer into its
    "script data double escaped" state inside the JSON-LD: the whole page rendered blank."""
    site = make_site({
        "lanting.toml": 'title = "T"\nbase_url = "https://x.org/"\n[search]\nenabled = false\n',
        "content/posts/a.md": post(title, "2026-01-02", summary=title)})
    build_site(site)
    page = site / "public/posts/a/index.html"
    # (split: YAML folds the spaces around a U+2028 line separator)
    assert h1_text(page).split() == title.split()
    scripts = [s for s in parse(page).iter("{http://www.w3.org/1999/xhtml}script")  # type: ignore[attr-defined]
               if s.get("type") == "application/ld+json"]
    assert [json.loads(s.text)["headline"].split() for s in scripts] == [title.split()]


# --- YAML alias bombs -----------------------------------------------------------------------


def test_yaml_alias_bomb_is_refused_at_its_line(make_site: MakeSite,
                                                 build_site: Build) -> None:
    lines = ["a0: &a0 [lol,lol,lol,lol,lol,lol,lol,lol,lol]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2026-01-02\n"
                      + "\n".join(lines) + "\n---\nBody.\n"})
    started = time.monotonic()
    with pytest.raises(LantingError) as caught:
        build_site(site)
    assert time.monotonic() - started < 10
    [problem] = caught.value.problems
    assert problem.line == 5 and "aliases" in problem.message


# --- symlinks that would publish what a site must never publish ------------------------------


@pytest.mark.parametrize("target", [".git", ".lanting", ".git/config", "public"])
def test_symlink_to_git_or_cache_is_never_published(
        target: str, make_site: MakeSite, post: Post, build_site: Build) -> None:
    site = make_site({"content/posts/a.md": post("A", "2026-01-02"),
                      "static/ok.txt": "fine\n",
                      ".git/config": "[remote]\n  url = https://user:token@example.org/r\n",
                      ".lanting/drafts.txt": "a draft's text\n"})
    build_site(site)  # public/ exists now (the fourth case links into it)
    (site / "static/leak").symlink_to(site / target)
    result = build_site(site)
    published = {p.relative_to(site / "public").as_posix()
                 for p in (site / "public").rglob("*") if p.is_file()}
    assert "ok.txt" in published
    assert not any(p.startswith("leak") for p in published), published
    assert any("symlink not followed" in w.message for w in result.warnings)


def test_static_folder_linked_to_the_site_root_publishes_nothing_hidden(
        make_site: MakeSite, post: Post, build_site: Build, tmp_path: Path) -> None:
    site = make_site({"content/posts/a.md": post("A", "2026-01-02"),
                      ".git/config": "secret\n"})
    (site / "static").symlink_to(site)
    result = build_site(site)
    assert not (site / "public/.git").exists() and not (site / "public/public").exists()
    assert not any((site / "public").rglob("config"))
    assert result.warnings  # what was left out is said


# --- a symlinked output folder ----------------------------------------------------------------


def test_output_folder_symlink_is_written_through(
        make_site: MakeSite, post: Post, tmp_path: Path) -> None:
    site = make_site({"content/posts/a.md": post("A", "2026-01-02")})
    target = tmp_path / "www"
    link = tmp_path / "public-link"
    link.symlink_to(target, target_is_directory=True)
    build(site, BuildOptions(output=link))
    (site / "content/posts/a.md").write_text(post("A", "2026-01-02", body="Second.\n"))
    _later(site / "content/posts/a.md")
    build(site, BuildOptions(output=link))
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert b"Second." in (target / "posts/a/index.html").read_bytes()
    assert not [p for p in tmp_path.iterdir() if ".lanting-old-" in p.name
                or ".lanting-tmp-" in p.name]


# --- the output folder is not trusted blindly -------------------------------------------------


@pytest.mark.parametrize("change", ["delete", "edit", "add"])
def test_output_edited_behind_lantings_back_is_repaired(
        change: str, make_site: MakeSite, post: Post, build_site: Build,
        snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    site = make_site({
        "lanting.toml": 'title = "T"\n',  # search on: an old page must not be re-indexed
        "content/posts/a.md": post("A", "2026-01-02", body="Alpha text.\n"),
        "content/posts/b.md": post("B", "2026-01-03", body="Beta text.\n")})
    build_site(site)
    clean = snapshot(site / "public")
    page = site / "public/posts/a/index.html"
    if change == "delete":
        page.unlink()
    elif change == "edit":
        page.write_bytes(page.read_bytes().replace(b"Alpha text.", b"TAMPERED"))
    else:
        (site / "public/extra.html").write_text("not ours")
    result = build_site(site)
    assert result.site is not None, "the build said up to date"
    assert snapshot(site / "public") == clean
