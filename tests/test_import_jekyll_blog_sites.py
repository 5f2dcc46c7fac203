"""Faults real Jekyll blogs exposed (Chinese and English blogs of the popular themes:
posts named by numbers under `permalink: pretty`, mind maps, galleries fed by data
files), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported


def built(tmp_path: Path, imported: Imported) -> Path:
    return build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)


def test_numbered_posts_under_pretty_without_categories(tmp_path: Path) -> None:
    """A Chinese diary blog names its posts by the day's number (`2024-10-02-1.md`,
    `2024-10-12-1.md`) under `permalink: pretty`, no post in a category: Jekyll gave
    them /2024/10/02/1/ and /2024/10/12/1/. The import put them under /posts/:slug/,
    the second as `1-2` with a warning, each old URL an alias."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 日记\nlang: zh-CN\npermalink: pretty\n",
        "_posts/2024-10-02-1.md": "---\ntitle: 十月二日\n---\n\n晴。[后来](/2024/10/12/1/)\n",
        "_posts/2024-10-12-1.md": "---\ntitle: 十月十二日\n---\n\n"
                                  "雨。[前文]({% post_url 2024-10-02-1 %})\n"})
    assert not imported.report.warnings
    out = built(tmp_path, imported)
    first = parse_html((out / "2024/10/02/1/index.html").read_text(encoding="utf-8"))
    assert first.one("main").find("a", href="/2024/10/12/1/") is not None
    second = parse_html((out / "2024/10/12/1/index.html").read_text(encoding="utf-8"))
    assert second.one("main").find("a", href="/2024/10/02/1/") is not None


def test_categories_keep_the_default_pattern(tmp_path: Path) -> None:
    """A post in a category had `/<category>/…` in its URL, which Lanting's pattern
    cannot give: the posts stay under /posts/ with their old URLs as aliases."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\npermalink: pretty\n",
        "_posts/2024-10-02-a.md": "---\ntitle: A\ncategories: [ml]\n---\n\nText.\n",
        "_posts/2024-10-12-b.md": "---\ntitle: B\n---\n\nText.\n"})
    page = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert 'aliases: ["/ml/2024/10/02/a/"]' in page
    assert "permalinks" not in (imported.dest / "lanting.toml").read_text(encoding="utf-8")


def test_a_markmap_div_is_a_markmap_block(tmp_path: Path) -> None:
    """A study blog turns `markmap: true` on in a post's front matter and writes its mind
    maps as `<div class="markmap">` over a Markdown outline (one in markmap's
    `<script type="text/template">`): in the HTML block its headings and lists were
    shown as written, with a build warning each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2024-01-02-plan.md": (
            "---\ntitle: Plan\nmarkmap: true\n---\n\nThe plan.\n\n"
            "<div class=\"markmap\">\n# Study\n## Algebra\n- groups\n- **rings**\n</div>\n\n"
            "And in a template:\n\n<div class=\"markmap wide\">\n"
            "  <script type=\"text/template\">\n  # Sport\n  - swim\n  </script>\n</div>\n\n"
            "The end.\n")})
    text = (imported.dest / "content/posts/plan.md").read_text(encoding="utf-8")
    assert "```markmap\n# Study\n## Algebra\n- groups\n- **rings**\n```" in text
    assert "```markmap\n# Sport\n- swim\n```" in text
    assert "<div" not in text
    out = built(tmp_path, imported)
    page = parse_html((out / "posts/plan/index.html").read_text(encoding="utf-8"))
    main = page.one("main")
    assert "Study" not in [e.text() for e in main.find_all("h1")]
    assert any("# Study" in e.text() for e in main.find_all("pre"))
    assert "The end." in main.text()


def test_liquid_in_a_liquid_comment_stays_in_the_comment(tmp_path: Path) -> None:
    """An old Chirpy's page explains `site.tags` in a `{% comment %}` that names `{{
    site.tags }}`: the value was left in an HTML comment of its own inside the comment's,
    which ended the outer one, and the rest of the note showed on the page."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\n{% comment %}\n  Print {{ site.tags }}"
                                  " to look at it.\n{% endcomment %}\nThe text.\n"})
    assert not imported.report.warnings
    out = built(tmp_path, imported)
    page = parse_html((out / "posts/a/index.html").read_text(encoding="utf-8"))
    text = page.one("main").text()
    assert "The text." in text and "look at it" not in text


def test_a_tags_tab_explained_in_a_comment_is_a_listing(tmp_path: Path) -> None:
    """An old Chirpy's `tabs/tags.md` (a loop over `site.tags` in a `<div>`, under a
    `{% comment %}` of a few lines explaining it) counted the comment as its own text:
    it was kept as a page at /tags/, where Lanting makes its list of tags, and the
    build failed."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\ndefaults:\n  - scope:\n      path: tabs\n"
                       "    values:\n      layout: page\n",
        "tabs/tags.md": "---\ntitle: Tags\n---\n\n{% comment %}\n  `site.tags` maps each tag "
                        "to the list of its posts; printing it once in a page shows how "
                        "the loop below reads it, tag by tag.\n"
                        "{% endcomment %}\n<div id=\"tags\">\n{% for t in site.tags %}\n"
                        "  <a href=\"/tags/{{ t[0] }}/\">{{ t[0] }}</a>\n{% endfor %}\n</div>\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\ntags: [x]\n---\n\nText.\n"})
    assert not (imported.dest / "content/pages/tags.md").exists()
    assert not imported.report.warnings
    built(tmp_path, imported)


def test_a_web_address_with_a_full_width_colon(tmp_path: Path) -> None:
    """A Chinese translation of lecture notes writes some figures and references as
    `https：//…`, the colon a Chinese input method's: the links were dropped as leading
    nowhere, and the images left as written failed the build as missing files."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2024-01-02-trees.md": "---\ntitle: 决策树\n---\n\n"
                                      "![树](https：//img.example.org/notes/tree.png)\n\n"
                                      "参见[讲义](http：//example.org/boost.pdf)。\n"})
    assert not imported.report.warnings
    text = (imported.dest / "content/posts/trees.md").read_text(encoding="utf-8")
    assert "](https://img.example.org/notes/tree.png)" in text
    assert "[讲义](http://example.org/boost.pdf)" in text
    built(tmp_path, imported)


def test_an_about_page_of_markdown_includes(tmp_path: Path) -> None:
    """Hux blog forks keep the about page's text in `_includes/about/zh.md` and `en.md`,
    each captured in `about.html` and shown through `markdownify` in its language's
    `<div>`: the includes were left in comments, and the about page was empty."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 小站\nlang: zh-CN\n",
        "_includes/about/zh.md": "你好，我写**编译器**。\n\n- 喜欢跑步\n",
        "_includes/about/en.md": "Hello, I write *compilers*.\n",
        "about.html": "---\nlayout: page\ntitle: 关于\nmultilingual: true\n---\n\n"
                      "<div class=\"zh post-container\">\n"
                      "    {% capture about_zh %}{% include about/zh.md %}{% endcapture %}\n"
                      "    {{ about_zh | markdownify }}\n</div>\n\n"
                      "<div class=\"en post-container\">\n"
                      "    {% capture about_en %}{% include about/en.md %}{% endcapture %}\n"
                      "    {{ about_en | markdownify }}\n</div>\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\n正文。\n"})
    assert not imported.report.warnings
    out = built(tmp_path, imported)
    page = parse_html((out / "about/index.html").read_text(encoding="utf-8"))
    main = page.one("main")
    assert [e.text() for e in main.find_all("strong")] == ["编译器"]
    assert [e.text() for e in main.find_all("em")] == ["compilers"]
    assert "喜欢跑步" in [e.text() for e in main.find_all("li")]


def test_a_comment_thread_under_an_if_is_removed(tmp_path: Path) -> None:
    """The Hux blog's about page draws a Disqus thread under `{% if site.disqus_username
    %}`: its tags and the script's values were left in comments one by one (seven
    warnings), and the script stayed on the page."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\ndisqus_username: me\n",
        "about.md": "---\ntitle: About\n---\n\nAbout me.\n\n{% if site.disqus_username %}\n"
                    "<div id=\"disqus_thread\"></div>\n<script>\n"
                    "  var disqus_shortname = \"{{ site.disqus_username }}\";\n"
                    "  var disqus_url = \"{{ site.url }}{{ page.url }}\";\n</script>\n"
                    "{% endif %}\n\n{% if page.show_more %}\nMore about me.\n{% endif %}\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nText.\n"})
    page = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "disqus" not in page and "About me." in page
    assert [w.message for w in imported.report.warnings if "disqus" in w.message] == []
    assert "More about me." in page  # (another `{% if %}` is not touched)


def test_a_short_youtube_link_without_its_scheme(tmp_path: Path) -> None:
    """A front-end blog links a talk as `[the talk](youtu.be/<id>?t=1h14m)`: read as a
    path beside the post, it was dropped as leading nowhere, where `youtube.com/…` is
    the site it names."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nSee [the talk](youtu.be/abcDEF12345"
                                  "?t=1h14m48s).\n"})
    assert not imported.report.warnings
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "[the talk](https://youtu.be/abcDEF12345?t=1h14m48s)" in text


def test_a_sites_gallery_include_of_a_data_file(tmp_path: Path) -> None:
    """A travel blog's `{% include gallery.html %}` loops over `_data/gallery.csv`,
    drawing each row's picture with its caption (another, `trips.html`, over a YAML list
    of pictures under `/assets/img/`): the includes were left in comments with a warning,
    and the photos were lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Trips\nlang: en\n",
        "_data/gallery.csv": "image,caption\n/photos/lake.png,Morning on the lake\n"
                             "/photos/hill.png,Up the hill\n",
        "_data/trips.yml": "- file: sea.png\n  name: By the sea\n",
        "_includes/gallery.html": "<div class=\"gallery\">\n{% for photo in site.data.gallery %}"
                                  "\n  <figure>\n    <img src=\"{{ photo.image | relative_url }}\""
                                  " alt=\"{{ photo.caption }}\">\n    <figcaption>"
                                  "{{ photo.caption }}</figcaption>\n  </figure>\n{% endfor %}\n"
                                  "</div>\n",
        "_includes/trips.html": "{% for t in site.data.trips %}<img src=\"{{ site.baseurl }}"
                                "/assets/img/{{ t.file }}\" alt=\"{{ t.name }}\">{% endfor %}\n",
        "photos/lake.png": png(8, 8), "photos/hill.png": png(8, 8),
        "assets/img/sea.png": png(8, 8),
        "photos.md": "---\ntitle: Photos\n---\n\nWhere I went.\n\n{% include gallery.html %}\n"
                     "\n{% include trips.html %}\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nText.\n"})
    assert not imported.report.warnings
    page = (imported.dest / "content/pages/photos.md").read_text(encoding="utf-8")
    assert '![Morning on the lake](/photos/lake.png "Morning on the lake")' in page
    assert "![By the sea](/assets/img/sea.png)" in page
    out = built(tmp_path, imported)
    html = parse_html((out / "photos/index.html").read_text(encoding="utf-8"))
    assert len(html.one("main").find_all("img")) == 3


def test_include_cached_is_an_include(tmp_path: Path) -> None:
    """A designer's blog ends each of hundreds of posts with `{% include_cached
    boilerplate/tools.md %}` (jekyll-include-cache, as minimal-mistakes loads it) and
    embeds videos so: each was left in a comment, with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Sketches\nlang: en\nplugins: [jekyll-include-cache]\n",
        "_includes/boilerplate/tools.md": "#### Tools used\n\n- A stylus\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nA face.\n\n"
                                  "{% include_cached boilerplate/tools.md %}\n\n"
                                  "{% include_cached video id=\"abcDEF12345\" "
                                  "provider=\"youtube\" %}\n"})
    assert not imported.report.warnings
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "#### Tools used\n\n- A stylus" in text
    assert '{{< video youtube="abcDEF12345" >}}' in text


def test_jekyll_figure_blocks(tmp_path: Path) -> None:
    """A designer's blog (jekyll-figure in its plugins) writes its screenshots as `{%
    figure caption:"…" %}![…](…){% endfigure %}`, over a thousand of them: the tags were
    left in comments with a warning each, the captions lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Sketches\nlang: en\nplugins: [jekyll-figure]\n",
        "assets/images/bricks.png": png(8, 8),
        "assets/images/a.png": png(8, 8), "assets/images/b.png": png(8, 8),
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nBricks.\n\n"
                                  "{% figure caption:\"Bricks in a [stretcher bond]"
                                  "(https://example.org/bond).\" %}\n"
                                  "![Screenshot of bricks](/assets/images/bricks.png)\n"
                                  "{% endfigure %}\n\n"
                                  "{% figure caption:\"Before and after\" class:\"gallery-2\" %}"
                                  "\n![Before](/assets/images/a.png)\n"
                                  "![After](/assets/images/b.png)\n{% endfigure %}\n"})
    assert not imported.report.warnings
    out = built(tmp_path, imported)
    page = parse_html((out / "posts/a/index.html").read_text(encoding="utf-8"))
    main = page.one("main")
    caption = main.one("figcaption")
    assert "stretcher bond" in caption.text() and caption.find("a") is not None
    assert len(main.find_all("img")) == 3
    assert any(e.text() == "Before and after" for e in main.find_all("em"))


def test_the_hux_blogs_header_and_language_menu(tmp_path: Path) -> None:
    """The Hux blog's about page opens with `{% include multilingual-sel.html %}` (a menu
    between its Chinese and English texts) and its PWA's `offline.html` holds only `{%
    include intro-header.html type="page" %}` and its script: each include was left in a
    comment with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "_includes/multilingual-sel.html": "<select class=\"sel-lang\"><option value=\"0\">"
                                           "中文</option></select>\n",
        "_includes/intro-header.html": "<header class=\"intro-header\">{{ page.title }}"
                                       "</header>\n",
        "about.md": "---\ntitle: 关于\nmultilingual: true\n---\n\n"
                    "{% include multilingual-sel.html %}\n\n你好。\n",
        "offline.html": "---\nlayout: default\ntitle: Offline\npermalink: /offline.html\n---\n"
                        "\n{% include intro-header.html type=\"page\" %}\n\n<script>\n"
                        "  document.body.classList.add('page-fullscreen');\n</script>\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\n正文。\n"})
    assert not imported.report.warnings
    # (the theme's header alone: the offline page, left out; `jekyll_offline`)
    assert not (imported.dest / "content/pages/offline.md").exists()
    about = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "你好。" in about and "multilingual-sel" not in about


def test_a_youtube_tag(tmp_path: Path) -> None:
    """`{% youtube <id> %}` (jekyll-youtube, or a blog's own `_plugins/` tag of the name)
    was left in a comment with a warning, the video lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2024-01-02-a.md": "---\ntitle: A\n---\n\nWatch:\n\n{% youtube abcDEF12345 %}\n"})
    assert not imported.report.warnings
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert '{{< video youtube="abcDEF12345" >}}' in text


def test_a_source_folder_a_build_step_makes(tmp_path: Path) -> None:
    """A designer's blog sets `source: .tmp/src`: its build copies `src/` there before
    Jekyll runs. The folder is not in the repository, so the site was read from the
    root: its includes not found (hundreds of warnings), `src` a category of every post."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Sketches\nlang: en\nsource: .tmp/src\n"
                       "permalink: /:categories/:title/\n",
        "src/_includes/boilerplate/tools.md": "#### Tools used\n\n- A stylus\n",
        "src/_posts/faces/2024-01-02-a.md": "---\ntitle: A\n---\n\nA face.\n\n"
                                            "{% include boilerplate/tools.md %}\n"})
    assert not imported.report.warnings
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "- A stylus" in text and "categories" not in text


def test_youtube_playlists_and_ids_with_a_query_are_videos(tmp_path: Path) -> None:
    """A site's own `youtube.html` plays a video in a playlist (`?list={{ include.list
    }}`), another plays a whole one (`embed/videoseries?list={{ include.id }}`); Chirpy's
    `embed/youtube.html` is given `id='videoseries?list=…'`, and ids are pasted with the
    share box's query (`id="…?start=205&end=250"`). The list was dropped (one video
    left), and the others were left in comments, with warnings."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Talks\nlang: en\n",
        "_includes/youtube.html": (
            '<div class="video">\n  <iframe src="https://www.youtube.com/embed/{{ include.id }}'
            '{% if include.list %}?list={{ include.list }}{% endif %}" allowfullscreen>'
            "</iframe>\n</div>\n"),
        "_includes/series.html": (
            '<iframe src="https://www.youtube-nocookie.com/embed/videoseries?list='
            '{{ include.id }}"></iframe>\n'),
        "_posts/2024-02-01-lectures.md": (
            "---\ntitle: Lectures\n---\n\nThe first lecture, in its course:\n\n"
            '{% include youtube.html id="aB3dE5gH7jK" list="PLq1W2e3R4t5Y6u7" %}\n\n'
            "The whole course:\n\n{% include series.html id=\"PLq1W2e3R4t5Y6u7\" %}\n\n"
            "{% include embed/youtube.html id='videoseries?list=PLq1W2e3R4t5Y6u7' %}\n\n"
            "From the demo on:\n\n"
            '{% include youtube.html id="zY9xW8vU7tS?start=205&end=250" %}\n'),
    })
    assert imported.report.warnings == []
    body = (imported.dest / "content/posts/lectures.md").read_text(encoding="utf-8")
    assert '{{< video youtube="aB3dE5gH7jK" list="PLq1W2e3R4t5Y6u7" >}}' in body
    assert body.count('{{< video list="PLq1W2e3R4t5Y6u7" >}}') == 2
    assert '{{< video youtube="zY9xW8vU7tS" start=205 >}}' in body
    doc = parse_html((built(tmp_path, imported) / "posts/lectures/index.html").read_text(
        encoding="utf-8"))
    embeds = [a["data-embed"] for a in doc.find_all("a", class_="video-load")]
    assert embeds[0].endswith("/embed/aB3dE5gH7jK?autoplay=1&list=PLq1W2e3R4t5Y6u7")
    assert embeds[1].endswith("/embed/videoseries?autoplay=1&list=PLq1W2e3R4t5Y6u7")
    assert len(embeds) == 4


def test_a_link_to_a_file_kept_among_the_posts_led_nowhere(tmp_path: Path) -> None:
    """A Japanese blog keeps a post's patches and a CAD library beside the posts in
    `_posts/` (`[パッチ](fix.patch)`). Jekyll publishes nothing of `_posts/` but the
    posts (jekyll-postfiles copies only a post folder's files): the links led nowhere.
    The import kept them, as if the files were the site's, and the build failed on
    each; they keep their text, with a warning, as other dead links do."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 覚書\nlang: ja\npermalink: /:title/\n",
        "_posts/fix.patch": "--- a/x\n+++ b/x\n",
        "_posts/parts.lbr": "<eagle/>\n",
        "_posts/2017-05-25-Touch.md": (
            "---\ntitle: タッチパネル\n---\n\n- [パッチ](fix.patch)\n"
            "- [部品ライブラリ](parts.lbr)\n"),
    })
    warnings = [w.message for w in imported.report.warnings]
    assert len(warnings) == 2 and all("a file of `_posts/` that Jekyll did not publish"
                                      in w for w in warnings)
    body = (imported.dest / "content/posts/touch.md").read_text(encoding="utf-8")
    assert "- パッチ\n- 部品ライブラリ\n" in body
    built(tmp_path, imported)  # (a broken link would raise)


def test_a_cover_written_up_from_the_post_is_the_site_s_picture(tmp_path: Path) -> None:
    """H2O's posts name their cover `cover: '../assets/img/face.jpg'`, which the theme
    printed as it is into the home page's cards, where the browser read it from the
    root (/assets/img/face.jpg). The import looked for it above the site, found
    nothing and left the cover out, with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 前端笔记\nlang: zh-CN\nbaseurl: '/'\n",
        "assets/img/face.jpg": png(80, 40),
        "_posts/2018-02-10-promise.md": (
            "---\nlayout: post\ntitle: Promise 小结\ncover: '../assets/img/face.jpg'\n"
            "tags: web\n---\n\n正文。\n"),
    })
    assert imported.report.warnings == []
    [post] = (imported.dest / "content/posts").glob("promise*")
    body = (post / "index.md" if post.is_dir() else post).read_text(encoding="utf-8")
    assert "\ncover: " in body and "face.jpg" in body
    built(tmp_path, imported)


def test_a_home_page_of_paged_posts_leaves_its_page_links_too(tmp_path: Path) -> None:
    """A Chinese theme's `index.html` lists `paginator.posts`, then links the pages of
    the list (`{% if paginator.next_page %}<a href="{{ paginator.next_page_path }}">`,
    `{{ paginator.page }} / {{ paginator.total_pages }}`). The loop went, as Lanting
    makes the list; the page links stayed, their Liquid counted as the page's own text:
    the home page was those links in comments, and the build failed on their `href`."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 简单\nlang: zh-CN\npaginate: 5\n",
        "index.html": (
            "---\nlayout: default\ntitle: 首页\n---\n\n"
            "{% for post in paginator.posts %}\n<div class=\"item\">\n"
            "  <h2><a href=\"{{ post.url | relative_url }}\">{{ post.title }}</a></h2>\n"
            "</div>\n{% endfor %}\n\n<div class=\"pagination\">\n  <div class=\"prev\">\n"
            "  {% if paginator.previous_page %}\n"
            "    <a href=\"{{ paginator.previous_page_path | relative_url }}\">"
            "{{ site.data.settings.prev_page }}</a>\n  {% endif %}\n  </div>\n"
            "  <div class=\"tips\">{{ paginator.page }} / {{ paginator.total_pages }}</div>\n"
            "  <div class=\"next\">\n  {% if paginator.next_page %}\n"
            "    <a href=\"{{ paginator.next_page_path | relative_url }}\">"
            "{{ site.data.settings.next_page }}</a>\n  {% endif %}\n  </div>\n</div>\n"),
        "_posts/2020-03-14-hello.md": "---\ntitle: 你好\n---\n\n第一篇。\n",
    })
    assert imported.report.warnings == []
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "paginator" not in home and "pagination" not in home
    built(tmp_path, imported)


def test_jekyll_avatar_tags_are_the_users_pictures(tmp_path: Path) -> None:
    """jekyll-avatar (on GitHub Pages' list of plugins) draws a GitHub user's picture:
    `{% avatar octo %}`, `{% avatar user=octo size=64 %}`, and in a link to the
    profile, as a blog's page of friends writes it. Each was left in a comment, with a
    warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 友链\nlang: zh-CN\nplugins: [jekyll-avatar]\n",
        "_posts/2020-03-14-friends.md": (
            "---\ntitle: 朋友们\n---\n\n{% avatar octo %}\n\n"
            "[{% avatar user=cat-9 size=64 %}](https://github.com/cat-9) 一位朋友。\n"),
    })
    assert imported.report.warnings == []
    doc = parse_html((built(tmp_path, imported) / "posts/friends/index.html").read_text(
        encoding="utf-8"))
    images = {img["alt"]: img for img in doc.one("article").find_all("img")}
    assert images["octo"]["src"] == "https://avatars.githubusercontent.com/octo?v=3&s=40"
    assert (images["cat-9"]["width"], images["cat-9"]["height"]) == ("64", "64")
    assert doc.one("a", href="https://github.com/cat-9").one("img")["alt"] == "cat-9"


def test_a_home_page_of_the_site_s_own_post_list_includes_is_lanting_s(
        tmp_path: Path) -> None:
    """A minima-based blog's `index.html` is `{% if site.show_excerpts %}{% include
    home.html %}{% else %}{% include archive.html %}{% endif %}`, and its `archive.html`
    page `{% include archive.html %}`: includes of its own looping over the posts. The
    home page's text was those tags in comments, and the archive's was reported lost;
    both are lists, which Lanting makes."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/home.html": ("{%- assign posts = paginator.posts | default: site.posts -%}\n"
                                "{% for post in posts %}<article>{{ post.excerpt }}</article>"
                                "{% endfor %}\n"),
        "_includes/archive.html": ("<h2>{{ include.title }}</h2>\n<ul>{% for post in "
                                   "site.posts %}<li>{{ post.title }}</li>{% endfor %}</ul>\n"),
        "_includes/note.html": "<aside>{{ include.text }}</aside>\n",
        "index.html": ("---\nlayout: default\ntitle: Home\n---\n\n"
                       "{% if site.show_excerpts %}\n  {% include home.html %}\n{% else %}\n"
                       '  {% include archive.html title="Posts" %}\n{% endif %}\n'),
        "archive.html": "---\ntitle: Archive\nlayout: default\n---\n\n{% include archive.html %}\n",
        "_posts/2021-05-01-first.md": "---\ntitle: First\n---\n\nHello.\n",
    })
    assert imported.report.warnings == []
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "{%" not in home and "include" not in home
    assert not (imported.dest / "content/pages/archive.md").exists()
    built(tmp_path, imported)


def test_a_date_past_its_month_s_end_runs_into_the_next_month(tmp_path: Path) -> None:
    """A post dated `2023-02-29 13:00:00 +0900` (no such day), another named
    `2021-04-31-x.md`: Ruby's `Time.parse`, and so Jekyll, ran the days over into the
    next month (1 March, 1 May), which the post's URL shows. The import took them for
    no dates and dated the posts by their files' times, with warnings."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 信号\nlang: zh-CN\npermalink: /:year/:month/:day/:title/\n",
        "_posts/2023-02-29-dft.md": (
            "---\ntitle: 离散傅里叶变换\ndate: 2023-02-29 13:00:00 +0900\n---\n\n正文。\n"),
        "_posts/2021-04-31-notes.md": "---\ntitle: 笔记\n---\n\n正文。\n",
    })
    assert imported.report.warnings == []
    dft = (imported.dest / "content/posts/dft.md").read_text(encoding="utf-8")
    notes = (imported.dest / "content/posts/notes.md").read_text(encoding="utf-8")
    assert "\ndate: 2023-03-01T13:00:00+09:00\n" in dft
    assert "\ndate: 2021-05-01\n" in notes
    out = built(tmp_path, imported)
    assert (out / "2023/03/01/dft/index.html").is_file()


def test_what_exclude_names_is_neither_post_nor_page(tmp_path: Path) -> None:
    """A blog made from a theme's repository keeps the theme's `docs/` (its own demo
    posts in `docs/_posts/`) and a `test/` site, and `_config.yml` excludes both
    (`exclude: [/docs, /test, README-*.md]`): Jekyll read none of them. The import
    made posts and pages of them all, one taking the slug `about-2`."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": ("title: 语音笔记\nlang: zh-CN\nexclude:\n  - README-*.md\n"
                        "  - /docs\n  - /test\n"),
        "about.md": "---\ntitle: 关于\n---\n\n我的介绍。\n",
        "README-zh.md": "---\ntitle: 主题说明\n---\n\n说明。\n",
        "docs/_posts/2017-05-05-chart.md": "---\ntitle: Chart demo\n---\n\nDemo.\n",
        "docs/index.md": "---\ntitle: Theme docs\n---\n\nDocs.\n",
        "test/about.md": "---\ntitle: Test about\n---\n\nTest.\n",
        "_posts/2021-03-01-ctc.md": "---\ntitle: CTC 损失\n---\n\n正文。\n",
    })
    assert imported.report.warnings == []
    content = imported.dest / "content"
    assert sorted(p.relative_to(content).as_posix() for p in content.rglob("*.md")) == [
        "pages/about.md", "posts/ctc.md"]


def test_a_post_named_with_a_two_digit_year_is_dated_by_it(tmp_path: Path) -> None:
    """An ML blog names its posts `20-10-31-scrum.md`: Jekyll takes `\\d{2,4}` for the
    year, and Ruby's `Time.parse` makes 20 the year 2020 (69 and over: 19xx). The
    import dated 55 such posts by their files' times, with a warning each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": ("title: Notes\nlang: en\n"
                        "permalink: /:categories/:year/:month/:day/:title/\n"),
        "ml/_posts/20-10-31-scrum.md": "---\ntitle: Scrum\n---\n\nSprints.\n",
        "ml/_posts/99-01-02-old.md": "---\ntitle: Old\n---\n\nLong ago.\n",
    })
    assert imported.report.warnings == []
    scrum = (imported.dest / "content/posts/scrum.md").read_text(encoding="utf-8")
    old = (imported.dest / "content/posts/old.md").read_text(encoding="utf-8")
    assert "\ndate: 2020-10-31\n" in scrum and "/ml/2020/10/31/scrum/" in scrum
    assert "\ndate: 1999-01-02\n" in old
