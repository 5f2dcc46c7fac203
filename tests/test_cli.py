"""The command line: exit codes, one-line errors, and what `new` and `build` write."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting import __version__

Run = Callable[..., tuple[int, str, str]]
Snapshot = Callable[[Path], dict[str, bytes]]
ATOM = "{http://www.w3.org/2005/Atom}"
ERROR_LINE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+)(:\d+)?: error: .+$")


def test_version(run_cli: Run) -> None:
    code, out, _err = run_cli("--version")
    assert code == 0
    assert out.strip() == f"lanting {__version__}"


def test_python_dash_m_version() -> None:
    result = subprocess.run([sys.executable, "-m", "lanting", "--version"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0
    assert result.stdout.strip() == f"lanting {__version__}"


def test_no_command_is_a_usage_error(run_cli: Run) -> None:
    code, _out, err = run_cli()
    assert code == 2
    assert "usage" in err.lower()


def test_build_of_a_missing_folder_is_a_usage_error(run_cli: Run, tmp_path: Path) -> None:
    code, _out, err = run_cli("build", tmp_path / "nope")
    assert code == 2
    assert "nope" in err


# --- new, then build -------------------------------------------------------------------


def test_new_then_build(run_cli: Run, tmp_path: Path) -> None:
    site = tmp_path / "mysite"
    code, out, err = run_cli("new", site)
    assert (code, err) == (0, "")
    assert str(site) in out
    assert (site / "lanting.toml").is_file()

    code, out, err = run_cli("build", site)
    assert code == 0, err
    assert "built" in out
    public = site / "public"
    for rel in ["index.html", "blog/index.html", "posts/hello/index.html",
                "posts/second-post/index.html", "about/index.html", "tags/index.html",
                "archive/index.html", "404.html", "atom.xml", "sitemap.xml", "robots.txt",
                ".lanting-output"]:
        assert (public / rel).is_file(), rel
    hello = parse_html((public / "posts/hello/index.html").read_bytes())
    assert hello.one("h1").text() == "你好，Lanting"
    assert "/posts/second-post/" in [a["href"] for a in hello.find_all("a", href=True)]
    blog = parse_html((public / "blog/index.html").read_bytes())
    assert len(blog.find_all("article")) == 2


def test_a_build_with_nothing_to_do_shows_the_warnings_again(run_cli: Run,
                                                              tmp_path: Path) -> None:
    """A second `lanting build` printed only "nothing changed": the warnings of the
    site, which still hold, were hidden (a new user's sweep)."""
    site = tmp_path / "mysite"
    run_cli("new", site)
    (site / "content/posts/w.md").write_text(
        "---\ntitle: W\ndate: 2024-01-01\n---\n\nbad \\frac{a}{b} here.\n", encoding="utf-8")
    code, first_out, first_err = run_cli("build", site)
    assert code == 0 and "1 warning" in first_out and "`\\frac`" in first_err
    code, out, err = run_cli("build", site)
    assert code == 0 and "is up to date" in out and out.rstrip().endswith(", 1 warning")
    assert err == first_err


def test_the_starter_site_builds_when_no_post_has_a_tag(run_cli: Run, tmp_path: Path) -> None:
    """Its menu links /tags/: the list of tags is there (empty) until a post has one."""
    site = tmp_path / "mysite"
    run_cli("new", site)
    for post in (site / "content/posts").glob("*.md"):
        text = post.read_text(encoding="utf-8")
        post.write_text("\n".join(line for line in text.split("\n")
                                   if not line.startswith("tags:")), encoding="utf-8")
    code, out, err = run_cli("build", site)
    assert code == 0, err
    tags = parse_html((site / "public/tags/index.html").read_bytes())
    assert tags.one("h1").text() and tags.find(class_="empty") is not None
    assert (site / "public/categories/index.html").is_file()


def test_new_refuses_a_non_empty_folder(run_cli: Run, tmp_path: Path) -> None:
    target = tmp_path / "busy"
    target.mkdir()
    (target / "notes.txt").write_text("mine\n")
    code, out, err = run_cli("new", target)
    assert code == 2
    assert "not empty" in err
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt"]
    assert (target / "notes.txt").read_text() == "mine\n"


def test_new_into_an_empty_folder(run_cli: Run, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    code, _out, _err = run_cli("new", tmp_path / "empty")
    assert code == 0
    assert (tmp_path / "empty/lanting.toml").is_file()


# --- failing builds: one line per error, previous output untouched ---------------------


@pytest.fixture
def good_site(make_site: Callable[..., Path], post: Callable[..., str], run_cli: Run,
              monkeypatch: pytest.MonkeyPatch) -> Path:
    """A site built once; the working directory is the site folder."""
    site = make_site({
        "lanting.toml": 'title = "T"\nbase_url = "https://ann.example.org/"\n',
        "content/posts/a.md": post("A", "2026-01-01", body="Alpha.\n"),
        "content/posts/draft.md": post("Draft", "2026-01-02", draft=True),
    })
    monkeypatch.chdir(site)
    code, _out, err = run_cli("build", ".")
    assert code == 0, err
    return site


BROKEN = {
    "malformed-front-matter": ("content/posts/bad.md", "---\ntitle: [A\ndate: 2026-01-02\n---\n",
                               "content/posts/bad.md", 2),  # where the `[` is left open
    "unclosed-front-matter": ("content/posts/bad.md", "---\ntitle: A\n\nBody\n",
                              "content/posts/bad.md", 1),
    "bad-toml-key": ("lanting.toml", 'title = "T"\n\nauthr = "x"\n', "lanting.toml", 3),
    "bad-toml-syntax": ("lanting.toml", 'title = "T"\nauthor = \n', "lanting.toml", 2),
    "invalid-date-quoted": ("content/posts/bad.md",
                            '---\ntitle: A\ndate: "2026-13-45"\n---\n',
                            "content/posts/bad.md", 3),
    "invalid-date-toml": ("content/posts/bad.md",
                          '+++\ntitle = "A"\ndate = "2026-13-45"\n+++\n',
                          "content/posts/bad.md", 3),
}

@pytest.mark.parametrize(
    ("rel", "text", "where", "line"),
    [
        *[pytest.param(*case, id=name) for name, case in BROKEN.items()],
        pytest.param("content/posts/bad.md", "---\ntitle: A\ndate: 2026-13-45\n---\n",
                     "content/posts/bad.md", 3, id="invalid-date"),
    ],
)
def test_site_error_is_one_line_and_keeps_the_old_output(
    good_site: Path, run_cli: Run, snapshot: Snapshot,
    temp_leftovers: Callable[[Path], list[str]], rel: str, text: str, where: str, line: int,
) -> None:
    before = snapshot(good_site / "public")
    (good_site / rel).write_text(text, encoding="utf-8")
    code, out, err = run_cli("build", ".")
    assert code == 1
    lines = err.splitlines()
    assert len(lines) == 2, err
    match = ERROR_LINE.match(lines[0])
    assert match, lines[0]
    assert Path(match["path"]) == Path(where)
    assert int(match["line"]) == line
    assert lines[1] == "build failed: 1 error"
    assert "built" not in out
    assert snapshot(good_site / "public") == before
    assert temp_leftovers(good_site) == []


def test_several_errors_are_all_printed(good_site: Path, run_cli: Run) -> None:
    (good_site / "content/posts/x.md").write_text("---\ntitle: X\n---\n")
    (good_site / "content/posts/y.md").write_text(
        "---\ntitle: Y\ndate: 2026-01-01\ntgas: []\n---\n")
    code, _out, err = run_cli("build", ".")
    assert code == 1
    lines = err.splitlines()
    assert lines[-1] == "build failed: 2 errors"
    assert [ERROR_LINE.match(line)["path"] for line in lines[:-1]] == [  # type: ignore[index]
        "content/posts/x.md", "content/posts/y.md"]


def test_refused_output_folder_exits_1(good_site: Path, run_cli: Run, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "keep.txt").write_text("keep\n")
    code, _out, err = run_cli("build", ".", "-o", mine)
    assert code == 1
    assert "refusing" in err
    assert (mine / "keep.txt").read_text() == "keep\n"


# --- options ---------------------------------------------------------------------------


def test_drafts_only_with_the_flag(good_site: Path, run_cli: Run) -> None:
    assert not (good_site / "public/posts/draft").exists()
    code, _out, err = run_cli("build", ".", "--drafts")
    assert code == 0, err
    assert (good_site / "public/posts/draft/index.html").is_file()
    code, _out, _err = run_cli("build", ".")
    assert code == 0
    assert not (good_site / "public/posts/draft").exists()


def test_output_option(good_site: Path, run_cli: Run, tmp_path: Path) -> None:
    code, _out, err = run_cli("build", ".", "-o", tmp_path / "elsewhere")
    assert code == 0, err
    assert (tmp_path / "elsewhere/posts/a/index.html").is_file()


def atom_links(path: Path) -> list[str]:
    feed = ET.parse(path).getroot()
    return [link.get("href", "") for entry in feed.iter(f"{ATOM}entry")
            for link in entry.iter(f"{ATOM}link")]


def test_base_url_option_changes_feed_urls(good_site: Path, run_cli: Run) -> None:
    assert atom_links(good_site / "public/atom.xml") == ["https://ann.example.org/posts/a/"]
    code, _out, err = run_cli("build", ".", "--base-url", "https://other.example/sub/")
    assert code == 0, err
    assert atom_links(good_site / "public/atom.xml") == ["https://other.example/sub/posts/a/"]
    blog = parse_html((good_site / "public/blog/index.html").read_bytes())
    assert [a["href"] for a in blog.one("article").find_all("a")][0] == "/sub/posts/a/"


UNKNOWN_LANGUAGE = "Intro.\n\n```klingon\nqapla'\n```\n"


def test_warnings_are_printed_with_their_line(good_site: Path, run_cli: Run,
                                              post: Callable[..., str]) -> None:
    (good_site / "content/posts/l.md").write_text(post("L", "2026-01-03", body=UNKNOWN_LANGUAGE))
    code, out, err = run_cli("build", ".")
    assert code == 0
    assert re.search(r"^content/posts/l\.md:7: warning: .*klingon", err, re.M), err
    assert "1 warning" in out


def test_broken_link_is_an_error_with_line_and_column(good_site: Path, run_cli: Run,
                                                      post: Callable[..., str]) -> None:
    (good_site / "content/posts/l.md").write_text(
        post("L", "2026-01-03", body="Intro.\n\nSee [x](gone.md).\n"))
    code, _out, err = run_cli("build", ".")
    assert code == 1
    assert re.search(r"^content/posts/l\.md:7:9: error: .*gone\.md", err, re.M), err


def test_strict_turns_warnings_into_errors(good_site: Path, run_cli: Run, snapshot: Snapshot,
                                           post: Callable[..., str]) -> None:
    before = snapshot(good_site / "public")
    (good_site / "content/posts/l.md").write_text(post("L", "2026-01-03", body=UNKNOWN_LANGUAGE))
    code, _out, err = run_cli("build", ".", "--strict")
    assert code == 1
    assert re.search(r"^content/posts/l\.md:7: error: .*klingon", err, re.M), err
    assert snapshot(good_site / "public") == before


def test_site_with_math_builds_with_warnings_as_errors(
    make_site: Callable[..., Path], post: Callable[..., str]
) -> None:
    site = make_site({"content/posts/m.md": post("M", "2026-01-02", body="$E = mc^2$\n")})
    result = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-m", "lanting", "build", str(site)],
        capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr


def test_template_error_names_the_site_template(good_site: Path, run_cli: Run,
                                                snapshot: Snapshot) -> None:
    before = snapshot(good_site / "public")
    (good_site / "templates").mkdir()
    (good_site / "templates/post.html").write_text("line one\n{{ page.title | no_filter }}\n")
    code, _out, err = run_cli("build", ".")
    assert code == 1
    first, last = err.splitlines()
    assert first.startswith("templates/post.html:2: error: ")
    assert last == "build failed: 1 error"
    assert snapshot(good_site / "public") == before


def test_python_error_in_a_site_template_is_a_site_error(good_site: Path, run_cli: Run) -> None:
    (good_site / "templates").mkdir()
    (good_site / "templates/post.html").write_text("line one\n{{ page.date.strftime(3) }}\n")
    code, _out, err = run_cli("build", ".")
    assert code == 1
    first = err.splitlines()[0]
    assert first.startswith("templates/post.html:2: error: "), err


HEAVY = ("lanting.build.pipeline", "jinja2", "markdown_it", "pygments", "minify_html")
IMPORTED_AFTER_A_BUILD = """
import sys
from lanting.cli import main
code = main(sys.argv[1:])
print(code, *(name for name in {heavy!r} if name in sys.modules))
"""


def _build_in_a_new_process(*args: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", IMPORTED_AFTER_A_BUILD.format(heavy=HEAVY), "build", *args],
        capture_output=True, text=True, timeout=120, check=True)
    return result.stdout.splitlines()[-1].split()


def test_a_build_with_nothing_changed_never_imports_the_pipeline(good_site: Path,
                                                                tmp_path: Path) -> None:
    out = str(tmp_path / "out")
    assert _build_in_a_new_process(str(good_site), "-o", out) == ["0", *HEAVY]
    # Nothing changed: the up-to-date check answers with light imports only.
    assert _build_in_a_new_process(str(good_site), "-o", out) == ["0"]
    (good_site / "content" / "posts" / "a.md").write_text(
        (good_site / "content" / "posts" / "a.md").read_text(encoding="utf-8") + "\nMore.\n",
        encoding="utf-8")
    assert _build_in_a_new_process(str(good_site), "-o", out) == ["0", *HEAVY]


# --- issue 34: -j is capped ----------------------------------------------------------------


def test_jobs_beyond_twice_the_cpus_are_capped_with_a_note(
    good_site: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lanting import cli
    from lanting.build.options import BuildOptions, cpus

    asked: list[BuildOptions] = []
    real_build = cli.build

    def recording_build(site: Path, options: BuildOptions, *rest: object) -> object:
        asked.append(options)
        return real_build(site, options, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "build", recording_build)
    code, _out, err = run_cli("build", good_site, "-j", "200")
    assert code == 0, err
    assert asked[0].jobs == 2 * cpus()
    assert f"note: -j 200 lowered to {2 * cpus()}" in err
    code, _out, err = run_cli("build", good_site, "-j", str(2 * cpus()), "-o",
                              good_site / "out2")
    assert code == 0, err
    assert asked[1].jobs == 2 * cpus()
    assert "note" not in err
    code, _out, err = run_cli("build", good_site, "-j", "-3")
    assert code == 2
    assert "-3" in err

