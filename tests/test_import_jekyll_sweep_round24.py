"""Faults real Jekyll blogs exposed in the twenty-fourth sweep (Chinese blogs on
Octopress and on Jekyll-Bootstrap, the two oldest ways to start a Jekyll blog), in small
sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site, page, report_of
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions

_OCTOPRESS_CONFIG = ("url: http://ada.github.io\ntitle: 笔记\nlang: zh-CN\nsource: source\n"
                     "destination: public\nplugins: plugins\ncode_dir: downloads/code\n"
                     "permalink: /blog/:year/:month/:day/:title/\nmarkdown: kramdown\n")

_OCTOPRESS_POST = """---
layout: post
title: "队列与消费者"
date: 2015-04-20 10:00:00 +0800
comments: true
categories: [Python]
---

生产者的代码：

``` python emit.py
import pika
print("sent")
```

消费者（带链接）：

``` python recv.py https://github.com/ada/mq/blob/main/recv.py 源码
print("received")
```

{% codeblock lang:sh 启动服务 %}
rabbitmq-server -detached
{% endcodeblock %}

{% include_code 完整的例子 lang:python mq/worker.py %}

{% img center /images/mq/flow.png 400 300 '消息流' '生产者与消费者' %}

{% blockquote Martin Fowler, Patterns of Enterprise Application Architecture %}
A message queue decouples the sender from the receiver.
{% endblockquote %}

{% pullquote %}
队列的好处在于 {" 削峰填谷 "}，而不只是解耦。
{% endpullquote %}

{% video /videos/demo.mp4 640 320 /images/mq/flow.png %}

{% jsfiddle ccWP7 %}
"""


def test_octopress_tags_and_titled_fences_are_lanting_markdown(tmp_path: Path) -> None:
    """Octopress 2 is Jekyll with plugins of its own, and its posts use them: a Chinese
    blog on it (yidao620c's, 55 posts) titles its fences (```` ``` java
    LoginServlet.java ````), others write `{% codeblock %}`, `{% img %}`,
    `{% blockquote %}`, `{% pullquote %}`, `{% include_code %}`, `{% video %}`. Every
    tag was left in a comment with a warning (the code, images and quotes gone from the
    page), and each fence's title was dropped without a word. They are Lanting's code
    blocks with titles (a fence's URL a link under it), images with their size, quotes
    with their source, the pullquote's text once, the included file's code, the video
    and a link to the fiddle."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _OCTOPRESS_CONFIG,
        "Rakefile": "task :generate do\nend\n",
        "plugins/backtick_code_block.rb": "module BacktickCodeBlock\nend\n",
        "source/_posts/2015-04-20-mq.markdown": _OCTOPRESS_POST,
        "source/downloads/code/mq/worker.py": "def work():\n    return 42\n",
        "source/images/mq/flow.png": png(8, 6),
        "source/videos/demo.mp4": b"\x00\x00\x00\x18ftypmp42",
    })
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    body = page(imported.dest / "public", "/blog/2015/04/20/mq/").find(
        attrs={"data-search-body": True})
    assert body is not None
    text = body.text()
    assert "{%" not in text and "{\"" not in text
    written = (imported.dest / "content/posts/mq/index.md").read_text(encoding="utf-8")
    assert "import: unconverted" not in written
    titles = [t.text() for t in body.find_all("div", class_="code-title")]
    codes = [" ".join(c.text().split()) for c in body.find_all("pre")]
    assert titles == ["emit.py", "recv.py", "启动服务", "完整的例子"]
    assert 'import pika print("sent")' in codes and "rabbitmq-server -detached" in codes
    assert "def work(): return 42" in codes, codes
    assert [a["href"] for a in body.find_all("a") if a.text() == "源码"] == [
        "https://github.com/ada/mq/blob/main/recv.py"]
    image = next(i for i in body.find_all("img") if i.get("alt") == "生产者与消费者")
    assert image.get("width") == "400" and image["src"].endswith("flow.png")
    quote = body.find("blockquote")
    assert quote is not None and "decouples the sender" in quote.text()
    assert " ".join(quote.text().split()).endswith(
        "— Martin Fowler, Patterns of Enterprise Application Architecture")
    assert "队列的好处在于 削峰填谷，而不只是解耦。" in " ".join(text.split())
    video = body.find("video")
    assert video is not None and video["src"].endswith("demo.mp4")
    assert [a["href"] for a in body.find_all("a") if "JSFiddle" in a.text()] == [
        "https://jsfiddle.net/ccWP7/"]


def test_fences_without_octopress_keep_their_words(tmp_path: Path) -> None:
    """Without Octopress's plugin, the words after a fence's language are no title:
    nothing of them is read as one."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Log\nlang: en\n",
        "_posts/2020-01-01-a.md": "---\ntitle: A\n---\n\n``` python emit.py\nx = 1\n```\n"})
    written = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "title=" not in written and "``` python emit.py" in written


def test_rdiscount_reference_definitions_on_a_paragraphs_lines(tmp_path: Path) -> None:
    """An Octopress blog on RDiscount (AlphaWang's, 40 posts) writes each link's
    definition on the line after the sentence using it, `[插件][github]` then
    `[github]: https://…`: RDiscount took definitions from any line, CommonMark and
    kramdown only between blocks, so the definitions showed as text and the links as
    brackets (13 on that blog). They are moved under their paragraph, which stays one
    paragraph, and the links lead where they did; kramdown's sites are left alone."""
    post = ("---\ntitle: Flickr\n---\n\nOctopress 有一个很酷的[插件][github]，像这样：\n"
            "[github]: https://github.com/ada/octopress-flickr\n"
            "照片在[这里][set]。\n[set]: http://ada.example.org/photos/\n\n"
            "Last line.\n")
    imported = jekyll_site(tmp_path / "rd", {
        "_config.yml": "title: Notes\nlang: zh-CN\nmarkdown: rdiscount\n",
        "_posts/2014-09-22-flickr.markdown": post})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    body = page(imported.dest / "public", "/posts/flickr/").find(
        attrs={"data-search-body": True})
    assert body is not None
    assert "]:" not in body.text() and "[" not in body.text()
    links = {a.text(): a["href"] for a in body.find_all("a")}
    assert links["插件"] == "https://github.com/ada/octopress-flickr"
    assert links["这里"] == "http://ada.example.org/photos/"
    first = next(p for p in body.find_all("p") if "插件" in p.text())
    assert "照片在" in first.text()  # (one paragraph, as before)
    kept = jekyll_site(tmp_path / "kd", {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_posts/2014-09-22-flickr.markdown": post})
    written = (kept.dest / "content/posts/flickr.md").read_text(encoding="utf-8")
    assert "像这样：\n[github]: https://github.com/ada/octopress-flickr\n" in written


def test_jekyll_bootstraps_setup_include_prints_nothing(tmp_path: Path) -> None:
    """Every post of a Jekyll-Bootstrap blog (a compiler engineer's Chinese tutorials)
    starts with `{% include JB/setup %}`, which only sets the theme's path variables,
    all of it inside a `{% capture %}` thrown away: it printed nothing, but was left in
    a comment with a warning on each post. It is removed; an include that prints
    something is still reported."""
    setup = ("{% capture jbcache %}\n  <!-- paths -->\n  {% if site.safe %}\n"
             "    {% assign BASE_PATH = site.JB.BASE_PATH %}\n  {% else %}\n"
             "    {% assign BASE_PATH = nil %}\n  {% endif %}\n"
             "  {% capture ASSET_PATH %}{{ BASE_PATH }}/assets/themes/x{% endcapture %}\n"
             "{% endcapture %}{% assign jbcache = nil %}\n")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 编译器\nlang: zh-CN\nJB:\n  BASE_PATH: false\n",
        "_includes/JB/setup": setup,
        "_includes/JB/sharing": "{% if site.safe %}<div class=\"share\">分享</div>{% endif %}\n",
        "_posts/2014-04-23-intro.md": "---\nlayout: post\ntitle: 入门\n---\n"
                                      "{% include JB/setup %}\n\n# 词法分析\n\n正文。\n\n"
                                      "{% include JB/sharing %}\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    warned = [e.message for e in imported.report.entries if e.severity == "warning"]
    assert len(warned) == 1 and "JB/sharing" in warned[0], report_of(imported)
    written = (imported.dest / "content/posts/intro.md").read_text(encoding="utf-8")
    assert "JB/setup" not in written
    body = page(imported.dest / "public", "/posts/intro/").find(
        attrs={"data-search-body": True})
    assert body is not None and "正文。" in body.text()


def test_a_blank_line_of_spaces_over_a_br_line_ends_the_paragraph(tmp_path: Path) -> None:
    """`<br/>` then `**二分搜索算法**` under a line of two spaces (yidao620c's post on
    sorting): kramdown read a paragraph starting with the line break, its bold text
    bold; the line of spaces was not taken for the blank line it is, and the bold was
    shown as written, with a warning of the build. (Bytes: text is dedented, which
    empties the line of spaces.)"""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 算法\nlang: zh-CN\n",
        "_posts/2015-04-18-sort.md": "---\ntitle: 排序\n---\n\n递归的缺点。\n  \n<br/>\n"
                                     "**二分搜索算法**\n\n理论。\n".encode()})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    body = page(imported.dest / "public", "/posts/sort/").find(
        attrs={"data-search-body": True})
    assert body is not None
    assert [s.text() for s in body.find_all("strong")] == ["二分搜索算法"]


def test_an_html_pages_commented_card_and_spaced_script_paths(tmp_path: Path) -> None:
    """A Chinese theme's demo page in HTML (Gaohaoyang's): a card commented out whole,
    `<p>` lines in it, and its scripts written `{{ " /js/a.js " | prepend: site.baseurl
    }}`. The paragraphs were made Markdown paragraphs inside the comment, whose blank
    lines ended the HTML block holding its start (a build warning: a comment never
    closed), and the scripts' addresses were `/ /js/a.js `, which stopped the build.
    The comment stays as written, and the browser's address (it dropped the spaces) is
    the script's."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\nbaseurl: \"\"\n",
        "_posts/2016-01-01-a.md": "---\ntitle: A\n---\n正文。\n",
        "js/wall.js": "console.log(1);\n",
        "page/demo.html": "---\nlayout: demo\ntitle: Demos\npermalink: /demo/\n---\n\n"
                          "<div class=\"grid\">\n    <!-- <div class=\"item\">\n"
                          "        <h3>幽灵按钮</h3>\n        <p>主要技术：CSS3</p>\n"
                          "        <p>很酷的按钮。</p>\n    </div> -->\n</div>\n\n"
                          "<p>更多的例子。</p>\n\n"
                          "<script src=\"{{ \" /js/wall.js \" | prepend: site.baseurl }}\">"
                          "</script>\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    out = imported.dest / "public"
    demo = page(out, "/demo/")
    body = demo.find(attrs={"data-search-body": True})
    assert body is not None
    assert "更多的例子。" in body.text() and "主要技术" not in body.text()
    assert [s["src"] for s in demo.find_all("script") if "wall" in s.get("src", "")] == [
        "/js/wall.js"]


_TOGGLE = """<p>
  <button class="btn btn-info btn-sm" type="button" data-toggle="collapse"
    data-target="#{{ include.target }}" aria-expanded="false"
    aria-controls="{{ include.target }}">
    Toggle Code
  </button>
</p>
"""

_KNITR_POST = """---
layout: post
title: Assumptions of statistics methods
---

## Contents
{:.no_toc}
* Will be replaced with the ToC, excluding the "Contents" header above
{:toc}

## Normality

Shapiro-Wilk test, see section 5.6.
{% include toggle_button.html target="collapseShapiro" %}
<div markdown="1" class="collapse" id="collapseShapiro">

{% highlight r %}
shapiro.test(rexam$exam)
{% endhighlight %}

Since p < 0.05, the distribution is not normal.

</div>

After the test.
"""


def test_knitr_posts_collapse_buttons_and_their_table_of_contents(tmp_path: Path) -> None:
    """A statistics blog on Tale whose posts knitr made from R Markdown (gaopinghuang0's):
    each R block under a button of the site's own include, `{% include toggle_button.html
    target="collapseX" %}` (Bootstrap's collapse), over `<div class="collapse"
    id="collapseX">`; and kramdown's table of contents, a list item of any words over
    `{:toc}` (`* Will be replaced with the ToC`). The button was left in a comment with
    a warning (13 on that blog), the block shown unfolded with nothing to fold it; the
    item's words were shown as a list, under a heading kept out of the contents (a
    warning each). The block is a `<details>` now, the button's words its summary, and
    the marker goes with its heading: Lanting makes the table of contents."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/toggle_button.html": _TOGGLE,
        "_posts/2017-11-01-assumptions.md": _KNITR_POST})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    body = page(imported.dest / "public", "/posts/assumptions/").find(
        attrs={"data-search-body": True})
    assert body is not None
    assert "Will be replaced" not in body.text() and "Contents" not in [
        h.text() for h in body.find_all("h2")]
    folded = body.find("details")
    assert folded is not None and folded.get("open") is None
    summary = folded.find("summary")
    assert summary is not None and summary.text().strip() == "Toggle Code"
    assert "shapiro.test(rexam$exam)" in " ".join(p.text() for p in folded.find_all("pre"))
    assert "not normal" in folded.text() and "After the test." not in folded.text()
    assert "After the test." in body.text()


def test_default_lang_names_the_sites_language(tmp_path: Path) -> None:
    """`default_lang: ru` (a leftover of the last round: a Russian blog's only setting
    of its language) was ignored: the language was guessed from the posts, with a
    notice. It is the site's language now, as `lang` is."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\ndefault_lang: ru\n",
        "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nSome words in English.\n"})
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'language = "ru"' in toml
    assert not [e for e in imported.report.entries if "no `lang`" in e.message]


def test_vendored_front_end_packages_are_no_pages(tmp_path: Path) -> None:
    """`bower_components/<package>/README.md` (a leftover of the last round: front-end
    packages vendored by Bower, as `node_modules/` is by npm) became pages of the new
    site, one for each package's readme. The folder is a tool's, left out as
    `node_modules/` is."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nText.\n",
        "bower_components/jquery/README.md": "# jQuery\n\nThe library.\n",
        "assets/bower_components/mathjax/README.md": "# MathJax\n\nThe library.\n"})
    written = sorted(p.relative_to(imported.dest / "content").as_posix()
                     for p in (imported.dest / "content").rglob("*.md"))
    assert written == ["posts/a.md"], written


def test_a_link_at_the_default_permalinks_url_leads_to_its_post(tmp_path: Path) -> None:
    """A data-science blog on Jekyll-Bootstrap (hongyusu's) links its series' posts as
    Jekyll's default permalink put them, `/blog/2017/02/26/streaming-iii/`, written
    before its `permalink: none` moved every post to `/blog/streaming-iii.html`: dead
    links of the old site, kept as written, and the build stopped at each (14 on that
    blog). A root link naming no page whose date and last part are a post's file name
    leads to that post, with a notice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\npermalink: none\n",
        "blog/_posts/2017-02-26-streaming-iii.md":
            "---\ncategories: [blog]\ntitle: Streaming (III)\n---\n\n## Broadcast\n\nText.\n",
        "blog/_posts/2017-03-12-streaming-iv.md":
            "---\ncategories: [blog]\ntitle: Streaming (IV)\n---\n\n"
            "1. [Streaming (III)](/blog/2017/02/26/streaming-iii/)\n"
            "2. [Its broadcast](/research/2017/02/26/streaming-iii.html#broadcast)\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    out = imported.dest / "public"
    body = page(out, "/posts/streaming-iv/").find(attrs={"data-search-body": True})
    assert body is not None
    links = {a.text(): a["href"] for a in body.find_all("a")}
    assert links["Streaming (III)"] == "/posts/streaming-iii/"
    assert links["Its broadcast"] == "/posts/streaming-iii/#broadcast"
    notes = [e.message for e in imported.report.entries if e.severity == "notice"]
    assert sum("default permalink" in n for n in notes) == 2, report_of(imported)


def test_octopress_pages_of_a_tag_cloud_are_listings(tmp_path: Path) -> None:
    """An Octopress blog's page of its tag cloud, `{% tag_cloud font-size: 90-210% %}`
    (AlphaWang's), or of its categories, `{% category_list %}` (yidao620c's, at
    `/blog/categories/`): the plugin's tag was left in a comment with a warning, the
    page empty. Such a page is a listing, which Lanting makes (its tags' page)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _OCTOPRESS_CONFIG,
        "source/_posts/2015-04-20-a.markdown": "---\ntitle: A\ntags: [Java]\n---\nText.\n",
        "source/tag-cloud/index.markdown":
            "---\nlayout: page\ntitle: \"tag cloud\"\n---\n<ul class=\"tag-cloud\">{% "
            "tag_cloud font-size: 90-210%, limit: 1000, style: para %}</ul>",
        "source/blog/categories/index.html":
            "---\nlayout: tag\ntitle: \"标签云\"\n---\n\n<section>\n  <ul id=\"categories\">"
            "\n    {% category_list %}\n  </ul>\n</section>\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    pages = imported.dest / "content/pages"
    assert not pages.exists() or not list(pages.iterdir())
    listed = [e.path for e in imported.report.entries if "a listing page" in e.message]
    assert len(listed) == 2, report_of(imported)


def test_jekyll_bootstraps_sample_post_is_left_out(tmp_path: Path) -> None:
    """Jekyll-Bootstrap's sample post, `2011-12-29-jekyll-introduction.md` with its
    placeholder `tagline: "Supporting tagline"`, which blogs begun from it kept
    (hongyusu's among its own posts): imported as the owner's post, its theme values
    (`{{ BASE_PATH }}{{ site.categories.api.first.url }}`) left in comments with four
    warnings. It is left out with a notice, as academicpages' example talks are; a
    post of the owner's of that name, its tagline edited, is kept."""
    sample = ("---\nlayout: post\ncategory : lessons\ntagline: \"Supporting tagline\"\n"
              "tags : [intro, beginner, jekyll, tutorial]\n---\n{% include JB/setup %}\n\n"
              "An introduction of the theme's.\n\n[Usage]({{ BASE_PATH }}"
              "{{ site.categories.usage.first.url }})\n")
    imported = jekyll_site(tmp_path / "a", {
        "_config.yml": "title: Blog\nlang: en\n",
        "_includes/JB/setup": "{% capture jbcache %}{% endcapture %}\n",
        "_posts/2011-12-29-jekyll-introduction.md": sample,
        "_posts/2015-05-11-spark.md": "---\ntitle: Spark\n---\nMy own post.\n"})
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    written = sorted(p.name for p in (imported.dest / "content/posts").iterdir())
    assert written == ["spark.md"], written
    assert any("sample post" in e.message for e in imported.report.entries)
    own = jekyll_site(tmp_path / "b", {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2011-12-29-jekyll-introduction.md":
            "---\ntagline: \"What I learnt\"\n---\nMy notes on Jekyll.\n"})
    assert (own.dest / "content/posts/jekyll-introduction.md").is_file()
