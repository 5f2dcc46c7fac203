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
from htmltree import parse_html

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


def test_static_well_known_is_published_and_follows_edits(
        make_site: MakeSite, post: Post, build_site: Build) -> None:
    """`static/.well-known/security.txt` (RFC 8615; a Mastodon or Keybase proof too) is
    published, as Hugo publishes it: a hidden folder was never published, and a site
    moved from Hugo lost it. Only that folder, only in `static/`; an edit to it is seen by
    the next build (the check that the output is up to date skipped hidden folders)."""
    site = make_site({"content/posts/a.md": post("A", "2026-01-02"),
                      "static/.well-known/security.txt": "Contact: mailto:a@example.org\n",
                      "static/.secret.txt": "no\n", "static/x/.well-known/y.txt": "no\n",
                      "content/posts/.well-known/z.txt": "no\n"})
    build_site(site)
    published = {p.relative_to(site / "public").as_posix()
                 for p in (site / "public").rglob("*") if p.is_file()}
    assert ".well-known/security.txt" in published
    assert not {".secret.txt", "x/.well-known/y.txt"} & published
    assert not any(p.endswith("z.txt") for p in published)
    proof = site / "static/.well-known/security.txt"
    proof.write_text("Contact: mailto:b@example.org\n")
    _later(proof)
    build_site(site)
    assert "b@example.org" in (site / "public/.well-known/security.txt").read_text()
    proof.unlink()
    build_site(site)
    assert not (site / "public/.well-known/security.txt").exists()


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


# --- "internal error" without file:line, and inputs that made no sense ------------------------


def _errors(site: Path) -> list[tuple[str, int | None, str]]:
    with pytest.raises(LantingError) as caught:
        build(site, BuildOptions())
    return [(p.path.name if p.path else "", p.line, p.message) for p in caught.value.problems]


def test_news_item_without_date_or_as_a_string_is_an_error_at_its_line(
        make_site: MakeSite) -> None:
    site = make_site({"content/_index.md": "---\ntitle: Home\nnews:\n  - text: no date\n"
                                           "  - date: yesterday\n    text: bad\n"
                                           "  - just a string\n---\nHi.\n"})
    found = _errors(site)
    assert sorted((line, message.split(":")[0]) for _f, line, message in found) == [
        (4, "news.0"), (5, "news.1.date"), (7, "news.2")]


@pytest.mark.parametrize("text,key,line", [
    ('[blog]\nchars_per_minute = 0\n', "blog.chars_per_minute", 3),
    ('[blog]\nrecent_posts = -1\n', "blog.recent_posts", 3),
    ('[feed]\nlimit = 0\n', "feed.limit", 3),
    ('base_url = "//evil.com/"\n', "base_url", 2),
    ('[strings.en]\nread_mroe = "More"\n', "strings.en.read_mroe", 3),
    ('[markdown.math_macros]\n"bad name" = "x"\n', "markdown.math_macros.bad name", 3),
    ('[markdown.math_macros]\nQ = "\\\\frac{"\n', "markdown.math_macros.Q", 3),
])
def test_config_values_that_make_no_sense_are_errors_at_their_line(
        text: str, key: str, line: int, make_site: MakeSite) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n' + text})
    [(name, found_line, message)] = _errors(site)
    assert (name, found_line) == ("lanting.toml", line) and message.startswith(key + ":")


def test_bom_in_lanting_toml_is_read(make_site: MakeSite, build_site: Build) -> None:
    site = make_site({"lanting.toml": b'\xef\xbb\xbftitle = "T"\n[search]\nenabled = false\n'})
    build_site(site)


@pytest.mark.parametrize("where", ["config", "yaml", "toml", "yaml-30000"])
def test_nesting_thousands_deep_is_an_error_not_a_crash(where: str, make_site: MakeSite) -> None:
    """(30,000 levels crashed the process in the YAML reader's C code.)"""
    levels = 30000 if where == "yaml-30000" else 5000
    where = where.removesuffix("-30000")
    deep = "[" * levels + "]" * levels
    files = {"config": {"lanting.toml": f'title = "T"\nx = {deep}\n'},
             "yaml": {"content/posts/a.md": f"---\ntitle: A\ndate: 2026-01-02\nparams: {deep}\n"
                                            "---\nx\n"},
             "toml": {"content/posts/a.md": f'+++\ntitle = "A"\ndate = 2026-01-02\nx = {deep}\n'
                                            "+++\nx\n"}}[where]
    [(_name, line, message)] = _errors(make_site(files))
    assert "nests too deeply" in message and line is not None


@pytest.mark.parametrize("where", ["config", "toml"])
def test_toml_nested_5000_deep_is_an_error_at_the_nesting_line(where: str,
                                                                make_site: MakeSite) -> None:
    """The error said line 1 of lanting.toml (line 2 of TOML front matter), wherever the
    nesting was: it names the line where the value nests too deeply."""
    deep = "[" * 5000 + "]" * 5000
    files = {"config": {"lanting.toml": f'title = "T"\n\n[blog]\nx = 1\n\n[params]\n'
                                        f'deep = {deep}\n'},
             "toml": {"content/posts/a.md": f'+++\ntitle = "A"\ndate = 2026-01-02\n'
                                            f'[params]\nx = 1\ndeep = {deep}\n+++\nx\n'}}[where]
    [(_name, line, message)] = _errors(make_site(files))
    assert "nests too deeply" in message and line == {"config": 7, "toml": 6}[where]


def test_duplicate_equation_labels_are_an_error(make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post(
        "A", "2026-01-02", body="$$x$$ (eq:a)\n\n$$y$$ (eq:a)\n\nSee @eq:a.\n")})
    [(name, line, message)] = _errors(site)
    assert (name, line) == ("a.md", 7) and "(eq:a)" in message


def test_control_characters_from_front_matter_are_errors_at_their_line(
        make_site: MakeSite) -> None:
    """NUL and other C0 characters were copied into pages (and feeds, which XML forbids
    them in); they are invisible, so each is reported where it is written."""
    site = make_site({"content/posts/a.md": '---\ntitle: "A\\0B"\ndate: 2026-01-02\n'
                                            'summary: "x\\x1by"\n---\nBody.\n'})
    found = sorted((line, message) for _name, line, message in _errors(site))
    assert [(line, message.split(":")[0]) for line, message in found] == [
        (2, "title"), (4, "summary")]
    assert "U+0000" in found[0][1]


def test_lang_that_is_no_language_tag_is_an_error_on_a_single_language_site(
        make_site: MakeSite, post: Post) -> None:
    site = make_site({"content/posts/a.md": post("A", "2026-01-02", lang='"><script>')})
    [(name, line, message)] = _errors(site)
    assert (name, line) == ("a.md", 4) and "language tag" in message


def test_code_shortcode_lines_from_zero_is_an_error(make_site: MakeSite, post: Post) -> None:
    site = make_site({"snippets/x.py": "a = 1\nb = 2\n", "content/posts/a.md": post(
        "A", "2026-01-02", body='{{< code file="snippets/x.py" lines="0-3" >}}\n')})
    [(_name, _line, message)] = _errors(site)
    assert "numbered from 1" in message or "not a range" in message


@pytest.mark.parametrize(("lines", "error"), [("2-2", None), ("3-3", "(2 lines)"),
                                             ("1-3", "(2 lines)")])
def test_code_shortcode_counts_the_lines_of_the_file(make_site: MakeSite, post: Post,
                                                     lines: str, error: str | None) -> None:
    """The newline ending the last line starts no third line of an empty-looking row."""
    site = make_site({"snippets/x.py": "a = 1\nb = 2\n", "content/posts/a.md": post(
        "A", "2026-01-02", body=f'{{{{< code file="snippets/x.py" lines="{lines}" >}}}}\n')})
    if error is None:
        build(site, BuildOptions())
        page = parse_html((site / "public/posts/a/index.html").read_bytes())
        assert page.one("pre", class_="highlight").text().strip() == "b = 2"
    else:
        assert [m for _n, _l, m in _errors(site) if error in m]


def test_a_damaged_image_is_a_warning(make_site: MakeSite, post: Post,
                                      build_site: Build) -> None:
    site = make_site({"content/posts/a/index.md": post("A", "2026-01-02",
                                                       body="![x](broken.png)\n"),
                      "content/posts/a/broken.png": b"\x89PNG not really"})
    result = build_site(site)
    assert any("image cannot be read" in w.message and w.path and w.path.name == "broken.png"
               for w in result.warnings)



def test_a_damaged_static_image_is_a_warning(make_site: MakeSite, post: Post,
                                             build_site: Build) -> None:
    """static/ is published as it is; a damaged image there is still named (issue 34)."""
    site = make_site({"content/posts/a.md": post("A", "2026-01-02"),
                      "static/img/logo.png": b"\x89PNG not really",
                      "static/img/fine.svg": b'<svg xmlns="http://www.w3.org/2000/svg" '
                                             b'width="4" height="4"/>'})
    result = build_site(site)
    named = [w.path.name for w in result.warnings
             if "image cannot be read" in w.message and w.path]
    assert named == ["logo.png"]
    assert (result.output / "img/logo.png").read_bytes() == b"\x89PNG not really"

# --- every page type parses as a browser parses it, and shows its <h1> ----------------------

TITLES = ["HTML 解析：<!-- 注释里的 <script> 标签", "</h1></title><h1>x", "]]> & <![CDATA[ -->",
          "a \u2028 b ' \" `"]
PAGE_TYPES = ["404.html", "about/index.html", "archive/index.html", "blog/index.html",
              "categories/index.html", "index.html", "posts/a/index.html",
              "publications/index.html", "publications/lin2026/index.html", "search/index.html",
              "series/index.html", "tags/index.html", "talks/index.html", "talks/t/index.html",
              "talks/t/slides/index.html", "untitled/index.html", "projects/index.html",
              "projects/p/index.html", "people/index.html", "people/q/index.html",
              "teaching/index.html", "teaching/c/index.html", "cv/index.html"]


def _visible(element: object, parents: dict[object, object]) -> bool:
    while element is not None:
        classes = str(element.get("class", "")).split()  # type: ignore[attr-defined]
        if element.get("hidden") is not None or {"visually-hidden", "sr-only"} & set(classes):  # type: ignore[attr-defined]
            return False
        element = parents.get(element)
    return True


@pytest.mark.parametrize("title", TITLES)
def test_every_page_type_parses_without_errors_and_shows_its_h1(
        title: str, make_site: MakeSite, post: Post, build_site: Build) -> None:
    """Every page type, built with a hostile title wherever a title goes, is parsed by
    html5lib (WHATWG) without a parse error and has a visible, non-empty <h1>. A page
    without a `title` had an empty <h1> (and `<title> · Site`)."""
    quoted = json.dumps(title)
    site = make_site({
        "lanting.toml": f"title = {quoted}\nbase_url = \"https://x.org/\"\n",
        "content/_index.md": f"---\ntitle: {quoted}\n---\nBio.\n",
        "content/posts/a.md": post(title, "2026-01-02", tags=[title], categories=[title],
                                   series=title, paper="lin2026", summary=title),
        "content/pages/about.md": f"---\ntitle: {quoted}\n---\nAbout.\n",
        "content/pages/untitled.md": "No front matter, no title.\n",
        "content/projects/p.md": f"---\ntitle: {quoted}\nsummary: {quoted}\n---\nP.\n",
        "content/people/q.md": f"---\ntitle: {quoted}\nrole: {quoted}\n---\nQ.\n",
        "content/teaching/c.md": f"---\ntitle: {quoted}\nterm: {quoted}\n---\nC.\n",
        "content/cv.yaml": f"cv:\n  name: {quoted}\n  headline: {quoted}\n  sections:\n"
                           f"    education:\n      - institution: {quoted}\n"
                           f"        area: {quoted}\n        degree: PhD\n"
                           "        start_date: 2022-09\n        end_date: present\n",
        "content/talks/t.md": f"---\ntitle: {quoted}\ndate: 2026-01-04\n---\n# One\n\nNote: hi\n",
        "content/publications.bib": "@inproceedings{lin2026,\n  title = {"
                                    + title.replace("\\", "/") + "},\n  author = {Lin, A},\n"
                                    "  booktitle = {Conf},\n  year = {2026},\n}\n"})
    build_site(site)
    public = site / "public"
    pages = {p.relative_to(public).as_posix() for p in public.rglob("*.html")}
    assert set(PAGE_TYPES) <= pages, set(PAGE_TYPES) - pages
    assert len(pages) >= len(PAGE_TYPES) + 3  # a tag's, a category's and a series' page
    for rel in sorted(pages):
        parser = html5lib.HTMLParser(namespaceHTMLElements=True)
        document = parser.parse((public / rel).read_bytes())
        assert parser.errors == [], (rel, parser.errors[:5])
        parents = {child: element for element in document.iter() for child in element}
        headings = [h for h in document.iter("{http://www.w3.org/1999/xhtml}h1")
                    if "".join(h.itertext()).strip() and _visible(h, parents)]
        assert headings, f"{rel}: no visible <h1> with text"
    assert h1_text(public / "untitled/index.html") == "Untitled"


# --- found by fuzzing lanting.toml ------------------------------------------------------------


def test_control_character_in_a_math_macro_is_an_error_not_a_crash(make_site: MakeSite) -> None:
    """`R = "\\bb{R}"` is a backspace in TOML: the failed value stayed in the table as None
    and the macro check crashed on it ("internal error")."""
    site = make_site({"lanting.toml": 'title = "T"\n[markdown.math_macros]\nR = "\\bb{R}"\n'})
    [(name, line, message)] = _errors(site)
    assert (name, line) == ("lanting.toml", 3) and "U+0008" in message


@pytest.mark.parametrize("text,line", [
    ('title = "T"\n[blog]\nrecent_posts = 5\nx = "\\\n', 4),
    ('title = "T"\n\n[markdown.math_macros]\nR = ', 4),
])
def test_toml_error_at_the_end_of_lanting_toml_names_the_last_line(
        text: str, line: int, make_site: MakeSite) -> None:
    """tomllib says "(at end of document)" without a line; the error had no line."""
    [(name, found, message)] = _errors(make_site({"lanting.toml": text}))
    assert (name, found) == ("lanting.toml", line) and "invalid TOML" in message


def test_unknown_table_of_an_array_of_tables_is_reported_at_its_line(
        make_site: MakeSite) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n\n[[-profile.links]]\nkind = "cv"\n'})
    [(name, line, message)] = _errors(site)
    assert (name, line) == ("lanting.toml", 3) and "unknown key `-profile`" in message


def test_cv_field_with_script_is_text_not_markup(make_site: MakeSite, build_site: Build) -> None:
    """cv.yaml values were Markdown with raw HTML always on: `<script>` in a field reached
    the page, and unclosed it hid the rest of it. They are Markdown without raw HTML."""
    site = make_site({"content/cv.yaml": 'cv:\n  name: Ann\n  headline: "x <script>alert(1)'
                                         '</script> <b onmouseover=y>b</b> *em*"\n'})
    build_site(site)
    page = parse(site / "public/cv/index.html")
    headline = page.find(".//h:p[@class='cv-headline']", NS)  # type: ignore[attr-defined]
    assert headline is not None and [e.tag.split("}")[1] for e in headline] == ["em"]
    assert "<script>alert(1)</script>" in "".join(headline.itertext())
