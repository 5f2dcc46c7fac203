"""What sharing sites and readers get from a built page: link previews (OpenGraph,
Twitter cards, JSON-LD), the light/dark toggle's head script, opt-in comments and
analytics."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from htmltree import parse_html
from sitebits import CONFIG, bundle_files, json_ld, meta, read

from lanting.config.load import load_config
from lanting.errors import LantingError
from lanting.render.minify import minify


@pytest.fixture
def bundle_site(make_site, post):
    return make_site(bundle_files(post))


# --- link previews ----------------------------------------------------------------------


def test_every_page_has_open_graph_and_twitter_tags(bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    for path in ("index.html", "blog/index.html", "posts/plain/index.html", "tags/rl/index.html",
                 "archive/index.html", "404.html"):
        doc = read(out, path)
        for name in ("og:title", "og:url", "og:type", "og:site_name",
                     "og:image", "twitter:card", "twitter:title", "twitter:site"):
            assert meta(doc, name), f"{path} has no {name}"
        assert meta(doc, "og:url") == [doc.one("link", rel="canonical")["href"]]
    post = read(out, "posts/figure/index.html")
    assert meta(post, "og:description") == meta(post, "description") == ["A post with a diagram."]
    post = read(out, "posts/plain/index.html")
    assert meta(post, "og:title") == ["Plain"]
    assert meta(post, "og:type") == ["article"]
    assert meta(post, "article:published_time") == ["2026-03-03T00:00:00+00:00"]
    assert meta(post, "twitter:site") == ["@ann"]
    assert meta(read(out, "blog/index.html"), "og:type") == ["website"]


def test_preview_image_is_the_cover_then_the_first_figure_then_the_default(
        bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    image = {path: meta(read(out, path), "og:image") for path in (
        "posts/covered/index.html", "posts/figure/index.html", "posts/plain/index.html")}
    assert image == {
        "posts/covered/index.html": ["https://example.org/posts/covered/cover.png"],
        "posts/figure/index.html": ["https://example.org/posts/figure/diagram.png"],
        "posts/plain/index.html": ["https://example.org/card.png"],
    }
    assert meta(read(out, "posts/plain/index.html"), "twitter:card") == ["summary_large_image"]


def test_preview_images_under_a_base_path_have_it_once(make_site, build_site, post) -> None:
    """On a site served at /proj/ (a GitHub project page) a cover's preview image was
    `https://x.github.io/proj/proj/…` (the cover resolved like a link, then given the
    base path again): every shared link showed no picture. A figure's and the default's
    were right; all three are checked."""
    files = bundle_files(post)
    files["lanting.toml"] = ('title = "Site"\nauthor = "Ann"\nbase_url = '
                             '"https://x.github.io/proj/"\n[sharing]\nimage = "/card.png"\n')
    out = build_site(make_site(files)).output
    image = {path: meta(read(out, path), "og:image") for path in (
        "posts/covered/index.html", "posts/figure/index.html", "posts/plain/index.html")}
    assert image == {
        "posts/covered/index.html": ["https://x.github.io/proj/posts/covered/cover.png"],
        "posts/figure/index.html": ["https://x.github.io/proj/posts/figure/diagram.png"],
        "posts/plain/index.html": ["https://x.github.io/proj/card.png"],
    }
    posting = json_ld(read(out, "posts/covered/index.html"))[0]
    assert posting["image"] == "https://x.github.io/proj/posts/covered/cover.png"


def test_without_any_image_the_card_is_a_summary(make_site, build_site, post) -> None:
    site = make_site({"content/posts/a.md": post("A")})
    doc = read(build_site(site).output, "posts/a/index.html")
    assert meta(doc, "og:image") == []
    assert meta(doc, "twitter:card") == ["summary"]


def test_a_missing_cover_is_an_error_at_its_line(make_site, build_site, post) -> None:
    site = make_site({"content/posts/a.md": post("A", cover="nowhere.png")})
    with pytest.raises(LantingError) as info:
        build_site(site)
    problem = info.value.problems[0]
    assert "cover: `nowhere.png` is not a file of the site" in problem.message
    assert problem.line == 4


def test_json_ld_blog_posting_and_person(bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    [posting] = json_ld(read(out, "posts/figure/index.html"))
    assert posting["@type"] == "BlogPosting"
    assert posting["headline"] == "With a figure"
    assert posting["description"] == "A post with a diagram."
    assert posting["datePublished"].startswith("2026-03-01")
    assert posting["author"] == {"@type": "Person", "name": "Ann", "url": "https://example.org/"}
    assert posting["image"] == "https://example.org/posts/figure/diagram.png"
    assert posting["url"] == "https://example.org/posts/figure/"
    [person] = json_ld(read(out, "index.html"))
    assert person["@type"] == "Person" and person["name"] == "Ann"
    assert json_ld(read(out, "blog/index.html")) == []


def test_json_ld_cannot_be_closed_by_a_title(make_site, build_site, post) -> None:
    site = make_site({"content/posts/a.md": post("</script><script>alert(1)</script>")})
    html = (build_site(site).output / "posts/a/index.html").read_text()
    script = html.split('type=application/ld+json>', 1)[1].split("</script>", 1)[0]
    assert json.loads(script)["headline"] == "</script><script>alert(1)</script>"


# --- light/dark, comments, analytics ----------------------------------------------------


def test_stored_theme_is_applied_before_any_stylesheet(bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    for path in ("index.html", "posts/plain/index.html"):
        head = (out / path).read_text().split("</head>", 1)[0]
        script = head.index('localStorage.getItem("lanting-theme")')
        assert script < head.index("rel=stylesheet"), path
        reader = [s for s in parse_html(head).find_all("script")
                  if (s.get("src") or "").startswith("/assets/reader.js?v=")]
        assert len(reader) == 1 and "defer" in reader[0].attrs, path


def test_comments_and_analytics_are_absent_by_default(bundle_site, build_site) -> None:
    out = build_site(bundle_site).output
    html = (out / "posts/plain/index.html").read_text()
    assert "giscus" not in html
    body = re.sub(r'<script src="?/assets/[^>]*></script>', "", html.split("</head>", 1)[1])
    assert "<script" not in body.replace("application/ld+json", "")  # only the theme's own


def test_giscus_comments_under_posts_when_configured(make_site, build_site, post) -> None:
    site = make_site({
        "lanting.toml": CONFIG + '[comments]\nrepo = "ann/site"\nrepo_id = "R_1"\n'
                                 'category = "Comments"\ncategory_id = "DIC_1"\n',
        "content/posts/a.md": post("A"),
        "content/posts/b.md": post("B", lang="en"),
        "content/pages/about.md": "---\ntitle: About\n---\nMe.\n",
    })
    out = build_site(site).output
    doc = read(out, "posts/a/index.html")
    section = doc.one("section", class_="comments")
    assert section["data-comments"] == "giscus"
    assert section["data-script"] == "https://giscus.app/client.js"
    assert section["data-repo"] == "ann/site" and section["data-category-id"] == "DIC_1"
    assert section["data-mapping"] == "pathname" and section["data-lang"] == "zh-CN"
    assert section.find("h2").text() == "评论"
    assert section.one("button", class_="comments-load").text() == "加载评论"
    # Nothing of giscus is requested with the page: comments.js loads it on demand.
    assert not [e for e in doc.find_all() if "giscus.app" in (e.get("src") or "")]
    assert [s["src"].split("?")[0] for s in doc.find_all("script", src=True)
            if "comments" in s["src"]] == ["/assets/comments.js"]
    english = read(out, "posts/b/index.html")
    assert english.one("section", class_="comments")["data-lang"] == "en"
    assert english.one("noscript").text() == "Comments are provided by giscus and need JavaScript."
    assert "giscus" not in (out / "about/index.html").read_text()
    assert "giscus" not in (out / "blog/index.html").read_text()


@pytest.mark.parametrize(("settings", "expected"), [
    ('provider = "waline"\nserver = "https://waline.example.cn"\n',
     {"data-server": "https://waline.example.cn",
      "data-script": "https://unpkg.com/@waline/client@v3/dist/waline.js",
      "data-stylesheet": "https://unpkg.com/@waline/client@v3/dist/waline.css"}),
    ('provider = "twikoo"\nserver = "blog-1a2b3c"\nregion = "ap-guangzhou"\n'
     'script = "/js/twikoo.all.min.js"\n',
     {"data-server": "blog-1a2b3c", "data-region": "ap-guangzhou",
      "data-script": "/js/twikoo.all.min.js"}),
    ('provider = "twikoo"\nserver = "https://twikoo.example.cn"\n',
     {"data-script": "https://cdn.jsdelivr.net/npm/twikoo/dist/twikoo.min.js"}),
    ('provider = "artalk"\nserver = "https://artalk.example.cn/"\n',
     {"data-server": "https://artalk.example.cn/", "data-site": "Site",
      "data-script": "https://artalk.example.cn/dist/Artalk.js",
      "data-stylesheet": "https://artalk.example.cn/dist/Artalk.css"}),
])
def test_comment_servers_readers_in_china_reach(make_site, build_site, post, settings,
                                                expected) -> None:
    site = make_site({"lanting.toml": CONFIG + "[comments]\n" + settings,
                      "content/posts/a.md": post("A")})
    doc = read(build_site(site).output, "posts/a/index.html")
    section = doc.one("section", class_="comments")
    provider = settings.split('"')[1]
    assert section["data-comments"] == provider and section["data-path"] == "/posts/a/"
    assert {name: section.get(name) for name in expected} == expected
    assert doc.one("noscript").text() == (
        f"评论由 {provider.capitalize()} 提供，需要启用 JavaScript。")
    for element in doc.find_all():  # no request to the provider before the reader asks
        for name in ("src", "href"):
            assert "example.cn" not in (element.get(name) or ""), element.tag


def test_bad_comments_config_is_reported_with_lines(tmp_path: Path) -> None:
    (tmp_path / "lanting.toml").write_text(
        'title = "T"\n[comments]\nrepo = "a/b"\nrepo_id = "R"\ncategory = "C"\n'
        'category_id = "D"\nmapping = "pathnam"\n[analytics]\nsnippet = " "\n')
    with pytest.raises(LantingError) as info:
        load_config(tmp_path)
    found = [(p.line, p.message, p.hint) for p in info.value.problems]
    assert found == [
        (7, "comments.mapping: unknown giscus mapping `pathnam`", "did you mean `pathname`?"),
        (9, "analytics.snippet: the snippet is empty",
         "paste your provider's <script> tag, or remove [analytics]"),
    ]


@pytest.mark.parametrize(("settings", "line", "message", "hint"), [
    ('provider = "walin"\n', 3, "comments.provider: unknown comment system `walin`",
     "did you mean `waline`?"),
    ('provider = "artalk"\n', 2, "comments.server: Artalk needs `server`",
     "the URL of your Artalk server"),
    ('provider = "waline"\nserver = "waline.example.cn"\n', 4,
     "comments.server: `waline.example.cn` is not a URL", "write it with https://"),
    ('provider = "twikoo"\nserver = "env-1"\nscript = "twikoo.js"\n', 5,
     "comments.script: `twikoo.js` is neither an https:// URL nor a path of the site",
     "`/js/client.js` is static/js/client.js"),
    ('provider = "waline"\nserver = "https://w.example.cn"\nrepo = "a/b"\n', 5,
     "comments.repo: `repo` is a giscus setting", 'remove it, or set provider = "giscus"'),
    ('repo = "a/b"\nrepo_id = "R"\ncategory = "C"\n', 2,
     "comments.category_id: giscus needs this value", "copy it from https://giscus.app"),
])
def test_bad_comment_server_settings(tmp_path: Path, settings: str, line: int, message: str,
                                     hint: str) -> None:
    (tmp_path / "lanting.toml").write_text('title = "T"\n[comments]\n' + settings)
    with pytest.raises(LantingError) as info:
        load_config(tmp_path)
    assert [(p.line, p.message, p.hint) for p in info.value.problems] == [(line, message, hint)]


def test_analytics_snippet_ends_every_head(make_site, build_site, post) -> None:
    snippet = '<script defer data-domain="example.org" src="https://plausible.io/js/script.js"></script>'
    site = make_site({
        "lanting.toml": CONFIG + f"[analytics]\nsnippet = '{snippet}'\n",
        "content/posts/a.md": post("A"),
    })
    out = build_site(site).output
    for path in ("posts/a/index.html", "blog/index.html", "404.html"):
        head = (out / path).read_text().split("</head>", 1)[0]
        assert head.endswith(minify(snippet)), path
