"""The tiny DOM used by the page tests."""

from __future__ import annotations

from htmltree import parse_html


def test_tree_search_and_text() -> None:
    doc = parse_html(
        '<main id="m"><h1>博客</h1><p class="count big">21 篇文章</p><br>'
        '<article class="post-entry"><a href="/posts/a/">A &amp; B</a>'
        '<time datetime="2026-01-02">1月2日</time><img src="x.png"><p class="summary">'
        "  one\n  two </p></article></main>")
    main = doc.one("main")
    assert main["id"] == "m"
    assert main.one("h1").text() == "博客"
    assert main.one(class_="count").text() == "21 篇文章"
    article = main.one("article", class_="post-entry")
    assert article.one("a", href="/posts/a/").text() == "A & B"
    assert article.one("time")["datetime"] == "2026-01-02"
    assert article.one(class_="summary").text() == "one two"
    assert article.one("img").children == []
    assert main.find("nav") is None
    assert main.ids() == set()


def test_void_and_stray_end_tags_keep_the_tree_shape() -> None:
    doc = parse_html("<div><input type=checkbox checked><span>x</span></p></div><p>after</p>")
    div = doc.one("div")
    assert [e.tag for e in div.elements()] == ["input", "span"]
    assert "checked" in div.one("input").attrs
    assert doc.one("p").parent is doc
