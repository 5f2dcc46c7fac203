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
    script = next(s for s in doc.find_all("script")
                  if s.get("src") == "https://giscus.app/client.js")
    assert script["data-repo"] == "ann/site" and script["data-category-id"] == "DIC_1"
    assert script["data-mapping"] == "pathname" and script["data-lang"] == "zh-CN"
    assert doc.one(class_="comments").find("h2").text() == "评论"
    english = read(out, "posts/b/index.html")
    assert next(s for s in english.find_all("script") if s.get("data-lang"))["data-lang"] == "en"
    assert "giscus" not in (out / "about/index.html").read_text()
    assert "giscus" not in (out / "blog/index.html").read_text()


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
