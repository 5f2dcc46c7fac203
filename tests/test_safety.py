"""Nothing escapes: link schemes, raw HTML, math, templates, feeds, paths and symlinks."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.markdown.render import render_markdown
from lanting.markdown.urls import is_safe_url, url_scheme
from lanting.model.markdown import MarkdownOptions, RenderContext, confined
from lanting.model.output import OutputFile
from lanting.output.staging import refuse_unsafe
from lanting.output.write import write_site

MakeSite = Callable[..., Path]
Post = Callable[..., str]
Build = Callable[..., BuildResult]
CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md")

UNSAFE = [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "javascript :x",
    "java\tscript:alert(1)", "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)",
    "jav&#x61;script:alert(1)", "javascript&colon;alert(1)", "&#0000106avascript:alert(1)",
    "java&#x09;script:alert(1)", "java&NewLine;script:alert(1)", "%6Aavascript:alert(1)",
    "vbscript:msgbox(1)", "VBSCRIPT:x", "file:///etc/passwd", "data:text/html,<script>x</script>",
    "data:image/svg+xml;base64,PHN2Zz4=", "DATA:text/html;base64,PHNjcmlwdD4=",
    "\u200bjavascript:alert(1)", "java\u00adscript:alert(1)",
]
SAFE = ["https://example.org/x", "mailto:a@b.org", "/posts/a/", "other.md", "#part",
        "data:image/png;base64,iVBORw0KGgo=", "tel:+861234", "javascript-notes.md"]


def _visible_hrefs(fragment: str) -> list[str]:
    """Every href/src a browser would see, entities decoded, whitespace dropped."""
    values = re.findall(r'\s(?:href|src)="([^"]*)"', fragment)
    return [re.sub(r"[\x00-\x20]", "", html.unescape(v)).lower() for v in values]


@pytest.mark.parametrize("url", UNSAFE)
def test_unsafe_schemes_are_recognised(url: str) -> None:
    assert not is_safe_url(url)


@pytest.mark.parametrize("url", SAFE)
def test_safe_urls_pass(url: str) -> None:
    assert is_safe_url(url)


def test_scheme_reading() -> None:
    assert url_scheme("HTTPS://x") == "https"
    assert url_scheme("posts/a.md") is None
    assert url_scheme("&amp;#106;avascript:x") == "javascript"  # two layers of entities


@pytest.mark.parametrize("url", UNSAFE)
@pytest.mark.parametrize("form", ["[a]({})", "![a]({})", "[a][r]\n\n[r]: {}", "<{}>",
                                  "[a](<{}>)"])
def test_unsafe_links_never_reach_the_page(url: str, form: str) -> None:
    if form.startswith("<") and (" " in url or "\t" in url or "<" in url):
        pytest.skip("not an autolink at all")
    rendered = render_markdown(form.format(url), CONTEXT).html
    for value in _visible_hrefs(rendered):
        scheme = url_scheme(value) or ""
        assert scheme not in ("javascript", "vbscript", "file"), rendered
        assert scheme != "data" or value.startswith("data:image/png"), rendered


def test_raw_html_can_be_turned_off() -> None:
    text = ('<script>alert(1)</script>\n\n'
            'x <a href="javascript:x">y</a> <img src=x onerror=alert(1)>\n')
    on = render_markdown(text, CONTEXT, MarkdownOptions(raw_html=True)).html
    off = render_markdown(text, CONTEXT, MarkdownOptions(raw_html=False)).html
    assert "<script>" in on  # the writer is trusted by default
    assert "<script" not in off and "<a href" not in off and "<img" not in off
    assert "&lt;script&gt;" in off


def without_json_ld(page: str) -> str:
    """The page without its JSON-LD blocks: text in them is JSON, with `</` escaped so it
    cannot end the script (tests/test_sharing.py checks those)."""
    return re.sub(r'<script type="?application/ld\+json"?>.*?</script>', "", page, flags=re.S)


def test_raw_html_off_in_the_site_config(make_site: MakeSite, post: Post,
                                         build_site: Build) -> None:
    site = make_site({
        # Unminified, for plain string checks (minified output is the same document:
        # tests/browser/test_reader_features.py).
        "lanting.toml": 'title = "T"\n[markdown]\nraw_html = false\n[build]\nminify = false\n',
        "content/posts/a.md": post("A", body="<script>alert(1)</script>\n"),
    })
    build_site(site)
    page = without_json_ld((site / "public/posts/a/index.html").read_text())
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page


@pytest.mark.parametrize("latex", [
    r"\href{javascript:alert(1)}{x}", r"\url{javascript:alert(1)}",
    r"\href{data:text/html,<script>alert(1)</script>}{x}", r"\includegraphics{/etc/passwd}",
])
def test_math_cannot_make_unsafe_links(latex: str) -> None:
    result = render_markdown(f"${latex}$\n", CONTEXT)
    # The formula is refused and shown as its (escaped) source: no attribute carries it.
    assert not re.search(r"<[^>]*\s(href|src|style|id|data-[\w-]*)\s*=", result.html)
    assert 'class="math-error"' in result.html
    assert result.problems and result.problems[0].severity == "error"


@pytest.mark.parametrize("latex", [r"\htmlData{foo=bar}{x}", r"\htmlId{x}{y}",
                                   r"\htmlClass{x}{y}", r"\htmlStyle{color:red}{y}"])
def test_math_html_commands_keep_their_content_not_their_attribute(latex: str) -> None:
    result = render_markdown(f"${latex}$\n", CONTEXT)
    assert not re.search(r"<[^>]*\s(href|src|style|id|class|data-[\w-]*)\s*=",
                         result.html.replace('<span class="math-inline">', ""))
    assert "<mi>" + latex[-2] + "</mi>" in result.html and not result.problems


def test_math_links_with_safe_urls_are_links() -> None:
    result = render_markdown(r"$\href{https://katex.org/}{KaTeX} \url{https://x.org/a}$" "\n",
                             CONTEXT)
    assert '<a href="https://katex.org/">KaTeX</a>' in result.html
    assert '<a href="https://x.org/a">https://x.org/a</a>' in result.html


@pytest.mark.parametrize("latex", [r"\text{<script>alert(1)</script>}", r"\mathrm{</math><b>}",
                                   "a < b > c", r"\operatorname{<img src=x>}"])
def test_math_text_is_escaped(latex: str) -> None:
    result = render_markdown(f"$${latex}$$\n", CONTEXT)
    assert "<script" not in result.html and "<img" not in result.html and "<b>" not in result.html


# --- templates and feeds --------------------------------------------------------------------

NASTY = 'A & B <script>alert("x")</script> ]]> \ufffe end'
"""(Control characters are refused where they are written: test_hardening.)"""


def test_front_matter_and_config_are_escaped_everywhere(make_site: MakeSite,
                                                        build_site: Build) -> None:
    site = make_site({
        "lanting.toml": ('title = "Site <b>bold</b> & ]]>"\nauthor = "<i>me</i>"\n'
                         'description = "d \\ufffe <x>"\nbase_url = "https://x.org/"\n'
                         '[build]\nminify = false\n'),
        "content/posts/a.md": ("---\ntitle: " + json.dumps(NASTY) + "\n"
                               "date: 2026-01-02\ntags: ['<t>&', ']]>']\n"
                               "categories: ['<c>']\nseries: '<s>'\n"
                               "summary: '<em>sum</em> &amp;'\n---\nBody.\n"),
    })
    out = site / "public"
    build_site(site, out)
    for page in out.rglob("*.html"):
        text = without_json_ld(page.read_text())
        assert "<script>alert" not in text, page
        assert "<b>bold</b>" not in text and "<i>me</i>" not in text and "<t>" not in text
        assert "<em>sum</em>" not in text and "<c>" not in text and "<s>" not in text
    for name in ("atom.xml", "sitemap.xml"):
        ET.parse(out / name)  # a strict XML parser: raises on any stray `&`, `<` or control char
    feed = ET.parse(out / "atom.xml").getroot()
    ns = "{http://www.w3.org/2005/Atom}"
    titles = [t.text for t in feed.iter(f"{ns}title")]
    assert titles[0] == "Site <b>bold</b> & ]]>"
    assert titles[1] == 'A & B <script>alert("x")</script> ]]>  end'  # U+FFFE dropped
    assert {c.get("term") for c in feed.iter(f"{ns}category")} == {"<t>&", "]]>"}


def test_site_template_symlink_leading_out_is_not_used(
    make_site: MakeSite, post: Post, build_site: Build, tmp_path: Path,
) -> None:
    outside = tmp_path / "evil.html"
    outside.write_text("EVIL {{ page.title }}")
    site = make_site({"content/posts/a.md": post("A")})
    (site / "templates").mkdir()
    (site / "templates/post.html").symlink_to(outside)
    result = build_site(site)
    assert "EVIL" not in (site / "public/posts/a/index.html").read_text()
    assert any("symlink leads outside" in w.message for w in result.warnings)


# --- paths -----------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["../x", "..", ".", "%2e%2e", "%2e%2e%2fx", "/etc/x", "..\\x",
                                  "a/b", "~root", "x\x00y", "C:\\x", "a b", ""])
def test_traversal_slugs_are_errors(make_site: MakeSite, post: Post, build_site: Build,
                                    slug: str) -> None:
    site = make_site({"content/posts/a.md": post("A") .replace(
        "---\nBody", f"slug: {slug!r}\n---\nBody".replace("'", '"') if "\\" not in slug
        else f"slug: '{slug}'\n---\nBody")})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert "slug" in str(info.value)
    assert not (site / "public").exists()


@pytest.mark.parametrize("rel", ["../x", "a/../../x", "/etc/passwd", "..\\x", "~/x", "a/../.."])
def test_writer_refuses_paths_leaving_the_output(tmp_path: Path, rel: str) -> None:
    with pytest.raises(LantingError):
        refuse_unsafe(rel)
    # Also a file given as unchanged (no data): a swap would link it from the old output.
    (tmp_path / "site").mkdir()
    with pytest.raises(LantingError):
        write_site(tmp_path / "out", tmp_path / "site", [OutputFile(rel, None, "f")], [])
    assert not (tmp_path / "out").exists()


def test_confined_paths(tmp_path: Path) -> None:
    (tmp_path / "site/snippets").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("s")
    (tmp_path / "site/snippets/link.txt").symlink_to(tmp_path / "secret.txt")
    site = tmp_path / "site"
    assert confined(site, "snippets/x.py") == (site / "snippets/x.py").resolve()
    for bad in ["../secret.txt", "/etc/passwd", "snippets/../../secret.txt", "snippets\\..\\x",
                "C:/x", "~/x", "snippets/link.txt", "a\x00b", ""]:
        assert confined(site, bad) is None, bad


def test_include_through_a_symlink_leading_out_is_refused(
    make_site: MakeSite, post: Post, build_site: Build, tmp_path: Path,
) -> None:
    (tmp_path / "secret.py").write_text("TOP_SECRET = 1\n")
    site = make_site({"content/posts/a.md": post("A", body='{{< code file="snips/s.py" >}}\n')})
    (site / "snips").mkdir()
    (site / "snips/s.py").symlink_to(tmp_path / "secret.py")
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert "cannot include" in str(info.value)


def test_symlinked_folder_leading_out_is_not_followed(
    make_site: MakeSite, post: Post, build_site: Build, tmp_path: Path,
) -> None:
    secret = tmp_path / "private"
    secret.mkdir()
    (secret / "diary.md").write_text(post("Diary"))
    (secret / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    site = make_site({"content/posts/a.md": post("A"), "static/x.txt": "x"})
    (site / "content/posts/private").symlink_to(secret, target_is_directory=True)
    (site / "static/private").symlink_to(secret, target_is_directory=True)
    result = build_site(site)
    names = {p.name for p in (site / "public").rglob("*")}
    assert "diary" not in names and "photo.png" not in names
    assert len([w for w in result.warnings if "symlink" in w.message]) == 2


def test_symlink_loop_inside_the_site_is_walked_once(
    make_site: MakeSite, post: Post, build_site: Build,
) -> None:
    site = make_site({"content/posts/a.md": post("A")})
    (site / "content/posts/loop").symlink_to(site / "content/posts", target_is_directory=True)
    result = build_site(site)
    assert [w.message for w in result.warnings] == [
        "symlink leads to a folder already walked (a loop); not followed"]


# --- URLs from config, front matter and BibTeX (issue 34, High) --------------------------

INPUT_UNSAFE = ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<script>x</script>",
                "vbscript:msgbox(1)", "java\tscript:alert(1)", "&#106;avascript:alert(1)"]
"""What reached pages as live `href`/`src` from the site's input before the fix."""

_TOML_PLACES = {
    # where: (lanting.toml text with {url}, the line of the URL)
    "profile.photo": ('title = "T"\n[profile]\nphoto = {url}\n', 3),
    "profile.links": ('title = "T"\n[profile]\n[[profile.links]]\nkind = "github"\n'
                      'url = {url}\n', 5),
    "languages.en.profile.photo": ('title = "T"\nlanguages = {{ en = {{ profile = {{ '
                                   'photo = {url} }} }} }}\n', 2),
    "links": ('title = "T"\n\n[[links]]\nname = "Me"\nurl = {url}\n', 5),
    "menu": ('title = "T"\nmenu = [\n  {{ name = "Blog", url = {url} }},\n]\n', 3),
    "sharing.image": ('title = "T"\n[sharing]\nimage = {url}\n', 3),
    "markdown.mermaid": ('title = "T"\n[markdown]\nmermaid = {url}\n', 3),
}


def _toml_string(url: str) -> str:
    return json.dumps(url)  # a JSON string is a TOML basic string for these values


@pytest.mark.parametrize("url", INPUT_UNSAFE)
@pytest.mark.parametrize("place", sorted(_TOML_PLACES))
def test_unsafe_url_in_config_is_an_error_at_its_line(
        place: str, url: str, make_site: MakeSite, build_site: Build) -> None:
    text, line = _TOML_PLACES[place]
    site = make_site({"lanting.toml": text.format(url=_toml_string(url)),
                      "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-02\n---\nx\n"})
    with pytest.raises(LantingError) as caught:
        build_site(site)
    [problem] = caught.value.problems
    assert problem.path == site / "lanting.toml" and problem.line == line, problem
    assert "is not allowed in a page" in problem.message and problem.hint
    assert not (site / "public").exists()  # nothing written


@pytest.mark.parametrize("url", INPUT_UNSAFE)
@pytest.mark.parametrize("key,folder", [("cover", "posts"), ("video", "talks"),
                                        ("slides_pdf", "talks")])
def test_unsafe_url_in_front_matter_is_an_error_at_its_line(
        key: str, folder: str, url: str, make_site: MakeSite, build_site: Build) -> None:
    body = "# Slide\n" if folder == "talks" else "x\n"
    site = make_site({f"content/{folder}/a.md":
                      f"---\ntitle: A\ndate: 2026-01-02\n{key}: {json.dumps(url)}\n---\n{body}"})
    with pytest.raises(LantingError) as caught:
        build_site(site)
    [problem] = caught.value.problems
    assert (problem.path, problem.line) == (site / f"content/{folder}/a.md", 4), problem
    assert key in problem.message and "is not allowed in a page" in problem.message


@pytest.mark.parametrize("url", INPUT_UNSAFE)
@pytest.mark.parametrize("field", ["pdf", "code", "slides", "video", "poster", "url",
                                   "project"])
def test_unsafe_url_in_bibtex_is_an_error_at_its_line(
        field: str, url: str, make_site: MakeSite, build_site: Build) -> None:
    value = url.replace("{", "").replace("}", "")
    bib = f"@inproceedings{{lin2026,\n  title = {{A Paper}},\n  year = {{2026}},\n" \
          f"  {field} = {{{value}}},\n}}\n"
    site = make_site({"content/publications.bib": bib})
    with pytest.raises(LantingError) as caught:
        build_site(site)
    [problem] = caught.value.problems
    assert (problem.path, problem.line) == (site / "content/publications.bib", 4), problem
    assert f"`{field}`" in problem.message and "lin2026" in problem.message


def test_unsafe_urls_fail_lanting_check_too(make_site: MakeSite, run_cli: Callable[
        ..., tuple[int, str, str]]) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n[profile]\nphoto = "javascript:x"\n'})
    code, _out, err = run_cli("check", site)
    assert code == 1 and "lanting.toml:3" in err and "profile.photo" in err


def test_safe_input_urls_still_reach_the_page(make_site: MakeSite, build_site: Build) -> None:
    """The gate refuses schemes, not URLs: https, mailto, site paths and inline raster
    images pass, and preview cards get absolute URLs for them (never origin + scheme)."""
    site = make_site({
        "lanting.toml": 'title = "T"\nbase_url = "https://example.org/"\n[search]\n'
                        'enabled = false\n[build]\nminify = false\n[profile]\n'
                        'name = "Ann"\nphoto = "data:image/png;base64,iVBORw0KGgo="\n'
                        '[[profile.links]]\nkind = "github"\nurl = "https://github.com/ann"\n'
                        '[sharing]\nimage = "card.png"\n',
        "static/card.png": b"\x89PNG\r\n\x1a\n",
        "content/_index.md": "---\ntitle: Ann\n---\nBio.\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-02\n---\nx\n",
    })
    build_site(site)
    home = (site / "public/index.html").read_text()
    assert 'src="data:image/png;base64,iVBORw0KGgo="' in home
    assert 'href="https://github.com/ann"' in home
    post_page = (site / "public/posts/a/index.html").read_text()
    assert 'content="https://example.org/card.png"' in post_page
    assert "example.orgdata:" not in home and '"image":"data:image/png' in home
