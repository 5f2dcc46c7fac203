"""Jekyll blogs on the themes technical bloggers use most (minimal-mistakes, Chirpy,
Hydejack, TeXt), shaped like real ones (a sweep of public blogs) and written here:
what their theme's idioms say must reach the new site."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site
from sitebits import png
from test_import_jekyll_themes import built_page

MINIMAL_MISTAKES = 'remote_theme: "mmistakes/minimal-mistakes"\ntitle: Notes\nlocale: en-US\n'


def test_minimal_mistakes_captured_notice_is_a_callout(tmp_path: Path) -> None:
    """minimal-mistakes' documented way to put several paragraphs in a notice: capture
    them (the variable named with hyphens, `notice-2`), then `<div class="notice--info">{{
    notice-2 | markdownify }}</div>`. The capture tags and the value were left in
    comments, the text shown bare after them; the notice is a callout now."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": MINIMAL_MISTAKES,
        "_posts/2024-03-02-rate-limits.md": "---\ntitle: Rate limits\n---\n\nIntro.\n\n"
        "{% capture notice-2 %}\n**Heads up**\n\nThe quota resets *hourly*.\n\n"
        "- one\n- two\n{% endcapture %}\n\n"
        "<div class=\"notice--warning\">{{ notice-2 | markdownify }}</div>\n\n"
        "{% capture plain_note %}\nA second one, on its own lines.\n{% endcapture %}\n"
        "<div class=\"notice\">\n  {{ plain_note | markdownify }}\n</div>\n\nAfter.\n"})
    assert [w.message for w in imported.report.warnings] == []
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert "> [!WARNING]\n> **Heads up**\n>\n> The quota resets *hourly*." in text
    assert "> [!NOTE]\n> A second one, on its own lines." in text
    assert "capture" not in text and "markdownify" not in text
    page = parse_html(built_page(tmp_path, imported, "/posts/rate-limits/"))
    assert "{{" not in page.text() and "{%" not in page.text()


def test_reference_links_to_missing_files_keep_their_text(tmp_path: Path) -> None:
    """A Hydejack notice page cites its licences by reference links, `[MIT]: licenses/
    MIT.md`, files the site does not hold. The report said each link's text was kept
    without the link, but the definition stayed and every `[MIT]` failed the build (19
    errors for one page). The definition goes, and its uses are their text."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-hydejack\ntitle: Notes\n",
        "NOTICE.md": "---\ntitle: Notice\n---\n\nThe code is under [MIT], the docs under "
        "[the licence][CC] and [CC][]; see also [Other][].\n\n"
        "[MIT]: licenses/MIT.md\n[cc]: licenses/CC.md \"Creative Commons\"\n"
        "[Other]: https://example.org/other\n"})
    assert sum("licenses/" in w.message for w in imported.report.warnings) == 2
    page = parse_html(built_page(tmp_path, imported, "/notice/"))
    text = page.text()
    assert "The code is under MIT, the docs under the licence and CC; see also Other." \
        in " ".join(text.split())
    hrefs = [a.get("href") for a in page.find_all("a")]
    assert "https://example.org/other" in hrefs
    assert not any("licenses" in (h or "") for h in hrefs)


def test_links_to_markdown_files_from_the_root_and_to_pages_left_out(tmp_path: Path) -> None:
    """jekyll-relative-links reads `[x](/about.md)` from the site's root, as it reads
    `[x](about.md)` beside the page: a Hydejack home page linked its menu's pages so, and
    each link stayed `/about.md`, broken. A link to a page left out of the import (a
    listing its layout filled, `projects.md`) leads where links to its URL do: a list of
    posts to Lanting's, another's text is kept without the link."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-hydejack\ntitle: Notes\n",
        "about.md": "---\ntitle: About\npermalink: /me/\n---\n\n## Who\n\n"
        "Who I am, at some length.\n",
        "posts.md": "---\nlayout: blog\ntitle: Blog\n---\n",
        "projects.md": "---\nlayout: projects\ntitle: Projects\n---\n",
        "notes/index.md": "---\ntitle: Notes\n---\n\nSee [me](/about.md#who), [the blog]"
        "(/posts.md), [my projects][projects] and [again](../projects.md).\n\n"
        "[projects]: /projects.md\n"})
    page = parse_html(built_page(tmp_path, imported, "/notes/"))
    hrefs = [a.get("href") for a in page.find_all("a")]
    assert "/me/#who" in hrefs and "/blog/" in hrefs
    assert not any(".md" in (h or "") for h in hrefs)
    assert "my projects and again." in " ".join(page.text().split())


def test_a_fence_line_closing_a_comment_opens_no_code(tmp_path: Path) -> None:
    """A home page commented out a file tree, `<!-- ~~~` … `~~~ -->`: the comment ends on
    the line holding `-->` (for kramdown and CommonMark alike), but the import read
    `~~~ -->` as a fence left open to the end, and took the links after it for code: a
    reference link to another page was never mapped and failed the build."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-hydejack\ntitle: Notes\n",
        "_posts/2021-05-04-tree.md": "---\ntitle: Tree\n---\n\nSee [the other post].\n\n"
        "<!-- ~~~\n├── docs\n└── notes\n~~~  -->\n\n"
        "<!--\n```sh\nmake {{ site.x }}\n```\n-->\n\n"
        "[the other post]: 2021-05-05-other.md\n",
        "_posts/2021-05-05-other.md": "---\ntitle: Other\n---\n\nText.\n"})
    page = parse_html(built_page(tmp_path, imported, "/posts/tree/"))
    hrefs = [a.get("href") for a in page.find_all("a")]
    assert "/posts/other/" in hrefs
    (post,) = [p for p in (imported.dest / "content/posts").rglob("*.md") if "tree" in p.name]
    assert "make {{ site.x }}" in post.read_text(encoding="utf-8")  # (its own code: kept)


def test_links_to_the_old_feed_lead_to_the_new_one(tmp_path: Path) -> None:
    """Posts end by asking readers to subscribe to `/feed.xml`, jekyll-feed's feed (or
    the path `feed: path:` gives it): the new site has its feed at /atom.xml, and each
    link was broken (83 build errors on one blog)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-text-theme\ntitle: Notes\nplugins: [jekyll-feed]\n",
        "_posts/2021-11-27-slow-logs.md": "---\ntitle: Slow logs\n---\n\nSubscribe to "
        "[the feed](/feed.xml) or [its copy]({{ '/feed.xml' | relative_url }}).\n"})
    assert [w.message for w in imported.report.warnings] == []
    built_page(tmp_path, imported, "/posts/slow-logs/")  # (a broken link fails it)
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    assert post.read_text(encoding="utf-8").count("](/atom.xml)") == 2

    other = jekyll_site(tmp_path / "other", {
        "_config.yml": "title: Notes\nfeed:\n  path: blog/atom-feed.xml\n",
        "_posts/2021-11-28-more.md": "---\ntitle: More\n---\n\n[Feed](/blog/atom-feed.xml)\n"})
    page = parse_html(built_page(tmp_path / "other", other, "/posts/more/"))
    assert "/atom.xml" in [a.get("href") for a in page.find_all("a")]


def test_text_theme_article_lists_are_listings(tmp_path: Path) -> None:
    """TeXt lists articles with `{% include article-list.html articles=site.series %}`,
    as other themes loop with `{% for %}`: a page holding only that (a page of series,
    of categories) was kept with the include in a comment, and at /series/ or
    /categories/ it took the URL of Lanting's own list and failed the build. It is a
    listing page now, left out; a page with text of its own keeps its text."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-text-theme\ntitle: Notes\n",
        "en/series.md": "---\nlayout: page\ntitle: Series\n---\n\n<div class=\"layout--"
        "articles\">\n  <section>\n    {%- include article-list.html\n        articles="
        "site.series\n        type='grid'\n    -%}\n  </section>\n</div>\n",
        "en/about.md": "---\nlayout: page\ntitle: About\n---\n\nI write about search "
        "engines and distributed systems, mostly in Java, and sometimes about tools.\n\n"
        "{%- include article-list.html articles=site.posts type='brief' -%}\n",
        "_posts/2021-01-02-shards.md": "---\ntitle: Shards\n---\n\n[Series](/en/series/)\n"})
    assert not any("article-list" in w.message for w in imported.report.warnings)
    pages = {p.name: p.read_text(encoding="utf-8")
             for p in (imported.dest / "content/pages").rglob("*.md")}
    assert "series.md" not in pages
    assert "distributed systems" in pages["about.md"] and "article-list" not in pages[
        "about.md"]
    built_page(tmp_path, imported, "/posts/shards/")  # (a clash or broken link fails it)


def test_a_tag_page_with_text_is_the_tag_pages_text(tmp_path: Path) -> None:
    """A blog described some of its tags, each in a page of the theme's `layout: tag`
    (`tags/akka.md`, at /tags/akka/): imported as a page with /tags/akka/ as an alias,
    it clashed with Lanting's tag page there (22 build errors). Its text is that tag
    page's own text now (`content/tags/<tag>.md`); one with no text is left out."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\npermalink: /en/:title/\n",
        "tags/akka.md": "---\nlayout: tag\ntitle: Akka\ntag: akka\n---\n\nA toolkit for "
        "concurrent, message-driven applications on the JVM.\n",
        "tags/grpc.md": "---\nlayout: tag\ntitle: gRPC\ntag: grpc\n---\n",
        "_layouts/tag.html": "---\nlayout: page\n---\n{{ site.data.variables.x }}"
        "{{ site.data.authors.me.name }}{{ content }}\n",
        "_data/variables.yml": "x: 1\n", "_data/authors.yml": "me:\n  name: Ann\n",
        "topics/java.md": "---\nlayout: tag\ntitle: Java\ntag: java\npermalink: "
        "/categories/java/\n---\n\nPosts on the language and its libraries.\n",
        "_posts/2020-06-20-actors.md": "---\ntitle: Actors\ntags: [akka, grpc]\n"
        "categories: [java]\n---\n\nSee [Akka](/tags/akka/).\n"})
    tags = imported.dest / "content/tags/akka.md"
    assert "message-driven applications" in tags.read_text(encoding="utf-8")
    assert "Posts on the language" in (imported.dest / "content/categories/java.md"
                                       ).read_text(encoding="utf-8")
    assert not (imported.dest / "content/pages").exists() or not list(
        (imported.dest / "content/pages").rglob("*.md"))
    page = parse_html(built_page(tmp_path, imported, "/tags/akka/"))
    assert "message-driven applications" in page.text()
    # (one with no text is Lanting's tag page: a notice, not a warning to copy it)
    assert not any("grpc" in w.path for w in imported.report.warnings)


def test_a_heading_with_a_formula_keeps_the_old_sites_id(tmp_path: Path) -> None:
    """kramdown's GFM input (Chirpy's) made a heading's id from its text as written, a
    formula's TeX too: `### II. 重根 $\\lambda = -\\cfrac{a}{2}$` was
    `#ii-重根-lambda---cfraca2`, and a post linked it so. Lanting's `github` ids made it
    of the formula's reading (`λ`), and the build failed on the link (and links from
    elsewhere to the old anchor broke). In the `github` style the TeX is read now."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: 笔记\nlang: zh-CN\n",
        "_posts/2024-05-01-ode.md": "---\ntitle: 二阶方程\nmath: true\n---\n\n"
        "另一种[形式](#ii-重根-lambda---cfraca2)。\n\n"
        "### II. 重根 $\\lambda = -\\cfrac{a}{2}$\n\n正文。\n"})
    page = parse_html(built_page(tmp_path, imported, "/posts/ode/"))
    assert page.find(id="ii-重根-lambda---cfraca2") is not None


def test_a_tag_index_in_html_with_trimmed_loops_is_a_listing(tmp_path: Path) -> None:
    """beautiful-jekyll's `tags.html` lists the tags with Liquid's whitespace-trimming
    loops, `{%- for tag in tags_list -%}`: read for `{% for` alone, it was no listing,
    and every such site was told to copy its text into a Markdown page by hand."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nremote_theme: daattali/beautiful-jekyll\n",
        "tags.html": "---\nlayout: page\ntitle: 'Tag Index'\n---\n\n"
        "{%- capture site_tags -%}\n  {%- for tag in site.tags -%}{{- tag | first -}},"
        "{%- endfor -%}\n{%- endcapture -%}\n{%- assign tags_list = site_tags | split:',' "
        "-%}\n\n<div id=\"full-tags-list\">\n{%- for tag in tags_list -%}\n  <h2 id=\"{{- "
        "tag -}}\">{{- tag -}}</h2>\n  {%- for post in site.tags[tag] -%}\n    <a href=\""
        "{{ post.url }}\">{{ post.title }}</a>\n  {%- endfor -%}\n{%- endfor -%}\n</div>\n",
        "_posts/2024-02-01-hello.md": "---\ntitle: Hello\ntags: [intro]\n---\n\nHi.\n"})
    assert not any("tags.html" in w.message for w in imported.report.warnings)
    assert any(e.path == "tags.html" and "listing" in e.message
               for e in imported.report.entries)


def test_text_theme_archive_links_of_a_tag_lead_to_the_tag_page(tmp_path: Path) -> None:
    """TeXt shows a tag's posts on its archive page, `/archive.html?tag=java` (its
    `paths: archive:` moves it, `/en/archive/`), and posts link a tag so; its feed is at
    `paths: rss:`. Both were broken links of the new site: they lead to Lanting's tag
    page and feed."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\ntext_skin: default\npaths:\n  archive: /en/archive/\n"
        "  rss: /en/feed.xml\n",
        "_posts/2021-03-04-design.md": "---\ntitle: Design\ntags: [system-design, Java]\n"
        "---\n\nMore in [the tag](/en/archive/?tag=system-design), [Java](/en/archive/"
        "?tag=Java) and [the feed](/en/feed.xml).\n"})
    built_page(tmp_path, imported, "/posts/design/")  # (a broken link fails it)
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert "(/tags/system-design/)" in text and "(/tags/java/)" in text
    assert "(/atom.xml)" in text


def test_a_prompt_written_before_its_quote_is_a_callout(tmp_path: Path) -> None:
    """kramdown puts a block's attribute list on its own line before the block as well
    as after it: `{: .prompt-warning }` over a `> …` quote made Chirpy's prompt box. It
    was removed as an unused list and the prompt became a plain quote."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: Notes\n",
        "_posts/2024-05-01-photos.md": "---\ntitle: Photos\n---\n\nIntro.\n\n"
        "{: .prompt-warning }\n> Copy the photos first. Never edit the originals!\n\n"
        "More.\n\n{: .prompt-tip}\n> Second one,\n> on two lines.\n\n"
        "{: .prompt-info }\n\n> A list after a blank line: its own block.\n"})
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert "> [!WARNING]\n> Copy the photos first." in text
    assert "> [!TIP]\n> Second one,\n> on two lines." in text
    assert "> [!NOTE]\n> A list after" not in text  # (kramdown: no block right under it)
    built_page(tmp_path, imported, "/posts/photos/")


def test_minimal_mistakes_gallery_is_a_gallery(tmp_path: Path) -> None:
    """minimal-mistakes' `{% include gallery caption="…" %}` shows the images listed in
    the page's front matter (`gallery:`, or the list `id="…"` names), each thumbnail
    (`image_path`) linking the full image (`url`). It was left in a comment, the images
    lost: it is Lanting's gallery of the full images now, the caption under it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": MINIMAL_MISTAKES,
        "assets/images/run-1.png": png(8, 6), "assets/images/run-1-th.png": png(4, 3),
        "assets/images/run-2.png": png(8, 6), "assets/images/run-2-th.png": png(4, 3),
        "assets/images/setup.png": png(8, 6),
        "_posts/2024-05-01-runs.md": "---\ntitle: Runs\ngallery:\n"
        "  - url: /assets/images/run-1.png\n    image_path: /assets/images/run-1-th.png\n"
        "    alt: \"first run\"\n    title: \"First\"\n"
        "  - url: /assets/images/run-2.png\n    image_path: assets/images/run-2-th.png\n"
        "    alt: \"second run\"\nsetup_gallery:\n  - image_path: /assets/images/setup.png\n"
        "    alt: \"the setup\"\n---\n\nText.\n\n"
        "{% include gallery caption=\"Two runs of the *model*.\" %}\n\n"
        "{% include gallery id=\"setup_gallery\" %}\n"})
    assert [w.message for w in imported.report.warnings] == []
    page = parse_html(built_page(tmp_path, imported, "/posts/runs/"))
    alts = [img.get("alt") for img in page.find_all("img")]
    assert alts[:3] == ["first run", "second run", "the setup"]
    assert "Two runs of the" in page.text()


def test_minimal_mistakes_captured_figure_is_a_figure(tmp_path: Path) -> None:
    """minimal-mistakes' documented figure: the image captured (`{% capture fig_img %}
    ![Foo]({{ "/assets/images/x.png" | relative_url }}){% endcapture %}`), shown in a
    `<figure>` by `{{ fig_img | markdownify | remove: "<p>" | remove: "</p>" }}` over a
    `<figcaption>` (written, or captured too). Real posts copy it for every image; the
    capture was removed and the value left in a comment: the image was lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": MINIMAL_MISTAKES,
        "assets/images/demand.png": png(8, 6), "assets/images/heron.png": png(8, 6),
        "_posts/2024-05-01-demand.md": "---\ntitle: Demand\n---\n\n"
        "{% capture fig_img %}\n![Foo]({{ \"/assets/images/demand.png\" | relative_url }})"
        "\n{% endcapture %}\n\n<figure>\n  {{ fig_img | markdownify | remove: \"<p>\" | "
        "remove: \"</p>\" }}\n  <figcaption>Demand error map</figcaption>\n</figure>\n\n"
        "{% capture fig_img %}\n![A heron]({{ '/assets/images/heron.png' | relative_url }})"
        "\n{% endcapture %}\n\n{% capture fig_caption %}\nThe *Heron* on the lake.\n"
        "{% endcapture %}\n\n<figure>\n  {{ fig_img | markdownify | remove: \"<p>\" | "
        "remove: \"</p>\" }}\n  <figcaption>{{ fig_caption | markdownify | remove: \"<p>\" "
        "| remove: \"</p>\" }}</figcaption>\n</figure>\n\nAfter.\n"})
    assert [w.message for w in imported.report.warnings] == []
    page = parse_html(built_page(tmp_path, imported, "/posts/demand/"))
    figures = page.find_all("figure")
    assert len(figures) == 2
    assert "Demand error map" in figures[0].text()
    assert "Heron" in figures[1].text() and figures[1].find("img") is not None


def test_a_hux_about_page_s_own_language_menu_goes_both_texts_stay(tmp_path: Path) -> None:
    """Forks of the Hux blog written before its `multilingual-sel.html` include carry
    the language menu in `about.html` itself: a `<select onchange="onLanChange(…)">`
    over `<div class="zh">` and `<div class="en">`, and a script hiding one of them.
    Kept, the script hid the English text behind a menu Lanting does not style (and
    took the page's first `<select>` for its own); as with the include, both texts
    stay, one after the other, and the menu and script go, with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "about.html": (
            "---\nlayout: page\ntitle: 关于\nmultilingual: true\n---\n\n"
            "<!-- Language Selector -->\n"
            "<select onchange= \"onLanChange(this.options[this.options.selectedIndex]"
            ".value)\">\n    <option value=\"0\" selected> 中文 Chinese </option>\n"
            "    <option value=\"1\"> 英文 English </option>\n</select>\n\n"
            "<div class=\"zh post-container\">\n    <p>你好，我写编译器。</p>\n</div>\n\n"
            "<div class=\"en post-container\">\n    <p>Hi, I write compilers.</p>\n</div>\n\n"
            "<script type=\"text/javascript\">\n"
            "    var $zh = document.querySelector(\".zh\");\n"
            "    var $en = document.querySelector(\".en\");\n"
            "    function onLanChange(index){\n        if(index == 0){\n"
            "            $zh.style.display = \"block\";\n"
            "            $en.style.display = \"none\";\n"
            "        }else{\n            $en.style.display = \"block\";\n"
            "            $zh.style.display = \"none\";\n        }\n    }\n"
            "    onLanChange(0);\n</script>\n"),
    })
    assert imported.report.warnings == []
    assert any("language menu" in e.message for e in imported.report.entries)
    html = built_page(tmp_path, imported, "/about/")
    assert "onLanChange" not in html and "<select" not in html
    article = parse_html(html).one("article").text()
    assert "你好，我写编译器。" in article and "Hi, I write compilers." in article
