"""Faults real Jekyll blogs on the themes technical bloggers use exposed (TeXt, forks of
the Hux blog, Beautiful Jekyll, minimal-mistakes), in small sites written here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions


def test_a_warning_points_at_the_tag_not_at_its_example_in_a_raw_block(
        tmp_path: Path) -> None:
    """A post showing a tag inside `{% raw %}` (the example) before writing it for real
    had the real one's warning point at the example's line, the raw block's."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2021-04-02-embeds.md": "---\ntitle: Embeds\n---\n\nThe tag:\n\n```\n"
        "{% raw %}{% include player.html clip='k2' %}{% endraw %}\n```\n\n"
        "What it shows:\n\n{% include player.html clip='k2' %}\n"})
    (warning,) = imported.report.warnings
    assert warning.line == 13 and "player.html" in warning.message


TEXT_NAVIGATION = """header:
  - titles:
      en      : &EN       Reading
      zh-Hans : &ZH_HANS  读书
      zh      : *ZH_HANS
      zh-CN   : *ZH_HANS
    url: /archive.html?tag=%E8%AF%BB%E4%B9%A6
  - titles:
      en      : &EN       Archive
      zh-Hans : &ZH_HANS  归档
      zh-CN   : *ZH_HANS
    url: /archive.html
  - title: About
    url: /about.html
"""


def test_text_themes_data_is_the_themes_and_its_navigation_the_menu(tmp_path: Path) -> None:
    """TeXt keeps its settings and words in `_data/variables.yml` and `locale.yml`, which
    its layouts read: a page of its `articles` layout (a list of posts) was reported as
    showing them, to be copied by hand. Its `_data/navigation.yml` lists the menu under
    `header:`, each name in several languages (`titles:`, an anchor `&EN` defined again in
    each entry): the menu was lost, and the YAML reader's warning about the anchors was
    printed in the middle of the report (an error under pytest's `filterwarnings`)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 书房\nlang: zh-CN\ntext_skin: default\n",
        "_data/navigation.yml": TEXT_NAVIGATION,
        "_data/variables.yml": "default:\n  page:\n    articles:\n      show_cover: true\n",
        "_data/locale.yml": "en: &EN\n  READ_MORE: Read more\nzh-CN:\n  READ_MORE: 阅读更多\n",
        "_layouts/articles.html": "<div>{%- include article-list.html -%}</div>\n",
        "_includes/article-list.html": "{{ site.data.variables.default.page.articles }}"
        "{{ site.data.locale[lang].READ_MORE }}\n",
        "all.md": "---\nlayout: articles\ntitle: 全部文章\n---\n",
        "about.md": "---\nlayout: article\ntitle: 关于\n---\n\n一个读书的人。\n",
        "_posts/2020-03-01-books.md": "---\ntitle: 三月书单\ntags: 读书\n---\n\n读了三本书。\n"})
    assert not imported.report.warnings
    menu = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))["menu"]
    assert [(m["name"], m["url"]) for m in menu] == [
        ("读书", "/tags/读书/"), ("归档", "/archive/"), ("About", "/about/")]


def test_the_themes_header_pictures_are_covers_and_subtitles_summaries(
        tmp_path: Path) -> None:
    """Each theme names a post's picture its own way: the Hux blog's forks `header-img`
    (from the site's root), Beautiful Jekyll `cover-img` (a list of them), minimal-mistakes
    `header: {teaser:}`, TeXt `article_header: {image: {src:}}`; and the first two show a
    `subtitle` under the title and in their lists. All were left out with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "img/post-bg-sea.jpg": png(30, 20),
        "assets/img/river.png": png(30, 20),
        "assets/images/hill-th.png": png(20, 20),
        "assets/images/lake.png": png(30, 20),
        "_posts/2019-05-02-hux.md": "---\nlayout: post\ntitle: 海边\nsubtitle: 一次旅行的记录\n"
        "header-img: img/post-bg-sea.jpg\nheader-mask: 0.3\n---\n\n看海。\n",
        "_posts/2019-06-02-beautiful.md": "---\nlayout: post\ntitle: River\n"
        "subtitle: Notes from a walk\ncover-img: [\"/assets/img/river.png\" : \"The river\"]\n"
        "---\n\nWater.\n",
        "_posts/2019-07-02-mistakes.md": "---\ntitle: Hill\nheader:\n  overlay_color: '#333'\n"
        "  teaser: /assets/images/hill-th.png\n---\n\nGrass.\n",
        "_posts/2019-08-02-text.md": "---\ntitle: Lake\narticle_header:\n  type: cover\n"
        "  image:\n    src: /assets/images/lake.png\n---\n\nStill.\n"})
    fronts = {}
    for post in (imported.dest / "content/posts").rglob("*.md"):
        head = post.read_text(encoding="utf-8").split("---\n")[1]
        fronts[post.parent.name if post.name == "index.md" else post.stem] = head
    assert "cover: post-bg-sea.jpg" in fronts["hux"] and "summary: 一次旅行的记录" in fronts["hux"]
    assert "cover: river.png" in fronts["beautiful"]
    assert "summary: Notes from a walk" in fronts["beautiful"]
    assert "cover: hill-th.png" in fronts["mistakes"] and "cover: lake.png" in fronts["text"]
    left_out = " ".join(e.message for e in imported.report.entries)
    assert "header-img" not in left_out and "subtitle" not in left_out
    assert "`header-mask`" in left_out  # (the theme's own look)


def test_a_link_to_a_tag_on_the_page_of_all_tags_is_the_tags_page(tmp_path: Path) -> None:
    """Beautiful Jekyll's `tags.html` (and minimal-mistakes' `/tags/`, with slugified
    ids) shows every tag under an anchor, and a series of posts ended with "more under
    [the tag](/tags/#HomeLab)": the page is left out (Lanting makes /tags/), and the build
    failed on the missing anchor. The link leads to the tag's own page now; one to a
    tag no post has is left alone (the build reports it)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Lab notes\nlang: en\n",
        "tags.html": "---\nlayout: page\ntitle: Tags\npermalink: /tags/\n---\n\n"
        "{% for tag in site.tags %}<div id=\"{{ tag[0] }}\"></div>{% endfor %}\n",
        "_posts/2021-02-01-router.md": "---\ntitle: The router\ntags: [HomeLab, Network Gear]\n"
        "---\n\nMore posts under [the tag]({{ site.baseurl }}/tags/#HomeLab), gear under "
        "[this one](/tags#network-gear) and [these](/categories/#Gear).\n",
        "_posts/2021-03-01-switch.md": "---\ntitle: The switch\ntags: [HomeLab]\n---\n\n"
        "Part two.\n"})
    body = (imported.dest / "content/posts/router.md").read_text(encoding="utf-8")
    assert "[the tag](/tags/homelab/)" in body
    assert "[this one](/tags/network-gear/)" in body
    assert "[these](/categories/#Gear)" in body


def test_text_themes_extension_includes_are_players_or_links(tmp_path: Path) -> None:
    """TeXt's `{% include extensions/… %}` players (its gem's includes: the site has no
    copy) were left in comments with a warning each. A YouTube video or a Bilibili `BV`
    id is Lanting's player; TeXt's Bilibili include takes an old `av` number, and the
    others play what Lanting has no player for: links to what they played."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 影音\nlang: zh-CN\nremote_theme: kitian616/jekyll-TeXt-theme\n",
        "_posts/2020-05-01-media.md": "---\ntitle: 影音\n---\n\n"
        "<div>{%- include extensions/youtube.html id='abcdefghi_k' -%}</div>\n\n"
        "{%- include extensions/bilibili.html id='170001' -%}\n\n"
        "{%- include extensions/bilibili.html bv='BV1xx411c7mD' -%}\n\n"
        "{%- include extensions/ted.html id='a_talk_on_rivers' -%}\n\n"
        "{%- include extensions/codepen.html user='someone' hash='xYzAbC' -%}\n"})
    assert not imported.report.warnings
    body = (imported.dest / "content/posts/media.md").read_text(encoding="utf-8")
    assert '{{< video youtube="abcdefghi_k" >}}' in body
    assert "[▶ Bilibili av170001](https://www.bilibili.com/video/av170001)" in body
    assert '{{< video bilibili="BV1xx411c7mD" >}}' in body
    assert "(https://www.ted.com/talks/a_talk_on_rivers)" in body
    assert "[CodePen](https://codepen.io/someone/pen/xYzAbC)" in body


def test_a_cover_naming_a_missing_file_gives_way_to_the_next_picture(tmp_path: Path) -> None:
    """TeXt posts name a list picture (`cover:`) and a header picture (`article_header`);
    when the first names a file renamed since, the second, which the site has, is the
    cover (no warning: the post keeps a picture)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Books\nlang: en\ntext_skin: default\n",
        "assets/images/shelf/cover.jpg": png(30, 20),
        "_posts/2019-05-18-shelf.md": "---\ntitle: Shelf\ncover: /assets/images/shelf/cvr.jpg\n"
        "article_header:\n  type: overlay\n  background_image:\n    src: "
        "/assets/images/shelf/cover.jpg\n---\n\nBooks.\n"})
    assert not imported.report.warnings
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    assert "cover: cover.jpg" in post.read_text(encoding="utf-8")


def test_a_comments_include_in_a_page_is_removed_with_a_notice(tmp_path: Path) -> None:
    """Themes of Chinese bloggers (leopardpan's and its forks) end the about page with
    `{% include comments.html %}`, the site's include of its comment service (Disqus,
    Gitalk, LiveRe): it was left in a comment with a warning to look at by hand."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "_includes/comments.html": "<section>{% if site.comment.gitalk %}<div id=\"gitalk\">"
        "</div><script src=\"https://unpkg.com/gitalk/dist/gitalk.min.js\"></script>"
        "{% endif %}</section>\n",
        "about.md": "---\nlayout: page\ntitle: 关于\n---\n\n写代码的人。\n\n"
        "{% include comments.html %}\n",
        "_posts/2020-01-01-hello.md": "---\ntitle: 你好\n---\n\n第一篇。\n\n"
        "{% include disqus_comments.html %}\n"})
    assert not imported.report.warnings
    notes = [e for e in imported.report.entries if "comments" in e.message]
    assert [(e.path, e.line) for e in notes] == [("_posts/2020-01-01-hello.md", 7),
                                                 ("about.md", 8)]
    page = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "写代码的人" in page and "include" not in page


def test_an_old_url_in_another_case_keeps_it_with_a_date_before_the_title(
        tmp_path: Path) -> None:
    """A permalink of the date and the title in one part (`/:year-:month-:day-:title/`,
    kept by the new site) keeps a file name's capitals (`/2017-12-02-Akka-Notes/`), the
    new URL was lower case and the old one an alias differing only in case: on macOS or
    Windows one file replaces the other (a warning for each post of the build). The
    post keeps the old URL's case, as it did with the title alone in the last part."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npermalink: /:year-:month-:day-:title/\n",
        "_posts/2017-12-02-Actor-Notes.md": "---\ntitle: Actor notes\n---\n\nMailboxes.\n"})
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert "slug: Actor-Notes" in text and "aliases" not in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    assert (result.output / "2017-12-02-Actor-Notes/index.html").is_file()


def test_a_posts_own_excerpt_separator_ends_its_summary(tmp_path: Path) -> None:
    """Jekyll takes a post's own `excerpt_separator` over `_config.yml`'s (Hydejack's
    posts set one each): it was left out with a notice, and the summary ran on."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Dev notes\nlang: en\n",
        "_posts/2016-11-13-docker.md": "---\ntitle: Docker\nexcerpt_separator: <!--cut-->\n"
        "---\n\nContainers in a paragraph.\n\n<!--cut-->\n\nThe commands.\n"})
    body = (imported.dest / "content/posts/docker.md").read_text(encoding="utf-8")
    assert "<!-- more -->" in body and "cut" not in body
    assert not any("excerpt_separator" in e.message for e in imported.report.entries)


def test_a_404_page_in_markdown_is_reported_once(tmp_path: Path) -> None:
    """Hydejack's `404.md` (`permalink: 404.html`) was reported twice as left out, once
    as a file Lanting makes (`404.md`) and once as the page."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Dev\nlang: en\n",
        "404.md": "---\nlayout: not-found\npermalink: 404.html\n---\n\nNot here.\n"})
    assert [e.message for e in imported.report.entries if e.path == "404.md"] == [
        "left out: Lanting makes its own 404.html"]


def test_a_post_that_was_a_redirect_is_its_old_urls_redirect(tmp_path: Path) -> None:
    """A post rewritten as another keeps its file with jekyll-redirect-from's
    `redirect_to:` (to the new post's full address, or to another site): Jekyll wrote a
    redirect page there, not the post. It was imported as a post, `redirect_to` left out
    with a notice, and the old text showed where the redirect had been."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Energy\nlang: en\nurl: https://grid.example.org\n"
        "permalink: /:title/\n",
        "_posts/2017-04-30-storage-part-one.md": "---\ntitle: Storage, part one\n"
        "redirect_to:\n  - https://grid.example.org/storage/\n---\n\nRewritten since.\n",
        "_posts/2017-05-14-markets.md": "---\ntitle: Markets\nredirect_to: "
        "https://elsewhere.example.com/markets/\n---\n\nMoved.\n",
        "_posts/2019-04-25-storage.md": "---\ntitle: Storage\n---\n\nBatteries, and see "
        "[part one](/storage-part-one/).\n"})
    posts = sorted(p.stem for p in (imported.dest / "content/posts").rglob("*.md"))
    assert posts == ["storage"]
    text = (imported.dest / "content/posts/storage.md").read_text(encoding="utf-8")
    assert '"/storage-part-one/"' in text and "[part one](storage.md)" in text
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["redirects"] == {"/markets/": "https://elsewhere.example.com/markets/"}
    assert not imported.report.warnings
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_text_themes_chart_fences_are_their_json(tmp_path: Path) -> None:
    """TeXt draws a ```chart fence's JSON with Chart.js (`chart: true`): Lanting draws
    none, and the build warned of an unknown code language at each. Each is its JSON,
    highlighted, with a warning at its line, as al-folio's `chartjs` fences are."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Charts\nlang: en\ntext_skin: default\n",
        "_posts/2020-02-02-sales.md": "---\ntitle: Sales\nchart: true\n---\n\nBy month:\n\n"
        "```chart\n{\n  \"type\": \"line\",\n  \"data\": {\"labels\": [\"Jan\", \"Feb\"]}\n}\n"
        "```\n\nAnd as code:\n\n````markdown\n```chart\n{}\n```\n````\n\n"
        "Or indented, after a paragraph:\n\n    ```chart\n    {}\n    ```\n\n"
        "By year:\n\n```chart\n{}\n```\n"})
    assert [(w.line, "Chart.js" in w.message) for w in imported.report.warnings] == [
        (8, True), (31, True)]
    body = (imported.dest / "content/posts/sales.md").read_text(encoding="utf-8")
    assert "```json\n{" in body and "```chart\n{}" in body and "    ```chart" in body
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings


def test_dollars_across_a_table_cell_border_are_no_formula(tmp_path: Path) -> None:
    """On a site whose MathJax reads `$…$` (Chirpy), a table of columns named with a
    dollar sign (`| savings_$ | total_$ |`) was read as one formula across the cells,
    its `|` made `\\vert`, and the build failed on it. kramdown parts the row into cells
    first and MathJax reads each alone: the dollars were dollars; a formula inside one
    cell stays one."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Money\nlang: en\ntheme: jekyll-theme-chirpy\n",
        "_posts/2022-11-19-savings.md": "---\ntitle: Savings\n---\n\n"
        "| year | savings_$ | total_$ | rate |\n|---|---|---|---|\n"
        "| 2021 | 10 | 10 | $r_1 = \\frac{1}{2}$ |\n"})
    body = (imported.dest / "content/posts/savings.md").read_text(encoding="utf-8")
    assert "savings_\\$ | total_\\$" in body and "$r_1 = \\frac{1}{2}$" in body
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_page_in_html_its_layout_filled_is_left_out_with_a_notice(tmp_path: Path) -> None:
    """TeXt's `archive.html` is front matter alone (`layout: archive`): the import warned
    to copy its text into a Markdown page by hand, though it has none (one in Markdown
    was left out with a notice already)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\ntext_skin: default\n",
        "_layouts/archive.html": "<ul>{% for post in site.posts %}<li>{{ post.title }}</li>"
        "{% endfor %}</ul>\n",
        "archive.html": "---\nlayout: archive\ntitle: 归档\n---\n",
        "_posts/2020-01-01-a.md": "---\ntitle: 甲\n---\n\n正文。\n"})
    assert not imported.report.warnings
    # (an HTML page under front matter is read as a Markdown page is: this one, of no
    # text, is the list Lanting makes)
    assert any(e.path == "archive.html" and "left out" in e.message
               for e in imported.report.entries)
    assert not (imported.dest / "content" / "pages" / "archive.md").exists()
