"""Faults real Jekyll sites exposed in the fifteenth sweep (course sites on just-the-docs
and just-the-class, Chinese and English blogs), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions

_COURSE = ("title: Intro to Programming\nlang: en\nbaseurl: '/spring'\n"
           "url: 'https://course.example.org'\nremote_theme: just-the-docs/just-the-docs\n"
           "permalink: pretty\n")


def test_just_the_docs_home_layout_is_a_page_of_its_own(tmp_path: Path) -> None:
    """just-the-docs' `home` layout is a plain page's, and a course site gives it to
    every page (`success.md`, `ref/keys.md`): the import took each for the home page's
    text, kept the last one read as the home and dropped the others."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE,
        "index.md": "---\nlayout: home\ntitle: Home\n---\n\nWelcome to the course.\n",
        "success.md": "---\nlayout: home\ntitle: Succeed\nnav_order: 5\n---\n\n"
                      "# How to succeed\n\nPlan a weekly routine.\n",
        "ref/keys.md": "---\nlayout: home\ntitle: Keys\nparent: References\n---\n\n"
                       "# Keyboard symbols\n\nThe tilde is `~`.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "Welcome to the course." in home and "weekly routine" not in home, home
    pages = imported.dest / "content/pages"
    assert "weekly routine" in (pages / "success.md").read_text(encoding="utf-8")
    assert "The tilde" in (pages / "keys.md").read_text(encoding="utf-8")


def test_a_minima_home_layout_elsewhere_still_lists_the_posts(tmp_path: Path) -> None:
    """The theme's own `home.html` looping over the posts: a page of `layout: home` is
    the list of posts, its text the home page's, as before."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_layouts/home.html": "---\nlayout: default\n---\n{{ content }}\n"
                              "{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
        "blog.md": "---\nlayout: home\ntitle: Blog\n---\n\nShort notes on compilers.\n",
        "_posts/2021-02-03-parsing.md": "---\ntitle: Parsing\n---\n\nTokens.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "Short notes on compilers." in home, home
    assert not (imported.dest / "content/pages/blog.md").exists()


def test_a_link_through_the_baseurl_leads_to_the_page(tmp_path: Path) -> None:
    """`[keys]({{ site.baseurl }}/ref/keys/)` on a site under `baseurl: /spring`: the
    page's old URL is `/spring/ref/keys/`, the link lost `/spring` with its Liquid and
    was kept as `/ref/keys/`, which the build failed on (pages and posts alike)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE,
        "ref/keys.md": "---\ntitle: Keys\n---\n\n## Other symbols\n\nThe tilde.\n",
        "_posts/2022-04-05-week-one.md": "---\ntitle: Week one\n---\n\nLoops.\n",
        "faq.md": "---\ntitle: FAQ\n---\n\n"
                  "See [the tilde]({{ site.url }}{{ site.baseurl }}/ref/keys#other-symbols) "
                  "and [week one]({{ site.baseurl }}/2022/04/05/week-one/).\n"})
    faq = (imported.dest / "content/pages/faq.md").read_text(encoding="utf-8")
    assert "(keys.md#other-symbols)" in faq and "(../posts/week-one.md)" in faq, faq
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "/spring/keys/#other-symbols" in (out / "faq/index.html").read_text(
        encoding="utf-8")


_CLASS = _COURSE + ("collections:\n  modules:\n  announcements:\n"
                    "defaults:\n  - scope:\n      path: ''\n      type: modules\n"
                    "    values:\n      layout: module\n")
_MODULE_LAYOUT = ('<h3 class="fs-4" id="{{ page.title | slugify }}">{{ page.title }}</h3>\n'
                  '<div class="module">\n<h3>{{ page.topic }}</h3>\n  {{ content }}\n</div>\n')


def test_a_page_showing_a_collections_documents_in_their_layout(tmp_path: Path) -> None:
    """just-the-class' calendar is `{% for module in site.modules %}{{ module }}{%
    endfor %}`: each week's document in its layout, under its title and topic. The
    import left the loop out, and the weeks with it (the collection was reported as
    having no place), and the page's `[Week 2](#week-2)` lost its link."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _CLASS,
        "_layouts/module.html": _MODULE_LAYOUT,
        "_modules/week-02.md": "---\ntitle: Week 2\ntopic: Functions\n---\n\n"
                               "Apr 4\n: _Read chapter 2._\n",
        "_modules/week-01.md": "---\ntitle: Week 1\ntopic: Values\n---\n\n"
                               "Mar 28\n: First class.\n",
        "calendar.md": "---\nlayout: page\ntitle: Calendar\n---\n\n"
                       "| Week | Due |\n|---|---|\n| [Week 2](#week-2) | Apr 10 |\n\n"
                       "{% for module in site.modules %}\n{{ module }}\n{% endfor %}\n"})
    calendar = (imported.dest / "content/pages/calendar.md").read_text(encoding="utf-8")
    first, second = calendar.index("### Week 1"), calendar.index("### Week 2")
    assert first < calendar.index("### Values") < second < calendar.index("### Functions")
    assert "First class." in calendar and "_Read chapter 2._" in calendar, calendar
    assert "[Week 2](#week-2)" in calendar and "{%" not in calendar, calendar
    assert not imported.report.warnings, imported.report.entries
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "calendar/index.html").read_text(encoding="utf-8")
    assert 'id="week-2"' in html or "id=week-2" in html, html


def test_the_feed_and_the_latest_of_a_collection_of_announcements(tmp_path: Path) -> None:
    """The feed `{% assign a = site.announcements | reverse %}{% for x in a %}{{ x }}{%
    endfor %}`, newest first, and the home page's `{% if site.announcements %}{{
    site.announcements.last }}{% endif %}`: the latest by date, under its title."""
    layout = '<div class="announcement">\n  <h2>{{ page.title }}</h2>\n  {{ content }}\n</div>\n'
    imported = jekyll_site(tmp_path, {
        "_config.yml": _CLASS,
        "_layouts/announcement.html": layout,
        "_announcements/week-1.md": "---\ntitle: Welcome\ndate: 2022-03-28\nlayout: "
                                    "announcement\n---\n\nRead the syllabus.\n",
        "_announcements/review.md": "---\ntitle: Week 1 review\ndate: 2022-04-01\nlayout: "
                                    "announcement\n---\n\nQuiz on Friday.\n",
        "index.md": "---\nlayout: home\ntitle: Home\n---\n\nThe course.\n\n"
                    "{% if site.announcements %}\n{{ site.announcements.last }}\n{% endif %}\n",
        "news.md": "---\nlayout: page\ntitle: Announcements\n---\n\n"
                   "{% assign announcements = site.announcements | reverse %}\n"
                   "{% for announcement in announcements %}\n{{ announcement }}\n{% endfor %}\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "## Week 1 review\n\nQuiz on Friday." in home and "syllabus" not in home, home
    assert "{%" not in home and "<!--" not in home, home
    news = (imported.dest / "content/pages/news.md").read_text(encoding="utf-8")
    assert news.index("## Week 1 review") < news.index("## Welcome"), news
    assert not imported.report.warnings, imported.report.entries


def test_links_to_the_site_through_its_url_and_baseurl(tmp_path: Path) -> None:
    """`{{ site.url }}/{{ site.baseurl }}/faq` (Jekyll wrote `https://host//spring/faq`,
    which the server read as `/spring/faq`) was left as `//faq`, a link to a host named
    `faq`; `[{{ site.url }}{{ site.baseurl }}]({{ site.url }}{{ site.baseurl }})` became
    `[]()`, a link with neither text nor target."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE,
        "faq.md": "---\ntitle: FAQ\n---\n\n## Late work\n\nAsk first.\n",
        "index.md": "---\nlayout: home\ntitle: Home\n---\n\n"
                    "This site: [{{site.url}}{{ site.baseurl }}]({{site.url}}{{ site.baseurl }}).\n"
                    "See [late work]({{site.url}}/{{site.baseurl}}/faq#late-work).\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "[https://course.example.org/spring](/)" in home, home
    assert "[late work](pages/faq.md#late-work)" in home, home
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_setting_that_is_a_list_of_one_address(tmp_path: Path) -> None:
    """just-the-docs' `aux_links: {Forum: [address]}`: `{{ site.aux_links.Forum }}`
    printed the address (Liquid prints a list's items one after another); the import
    left it in a comment, with a warning for each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE + "aux_links:\n  Forum:\n    - 'https://forum.example.org/c/1'\n",
        "help.md": "---\ntitle: Help\n---\n\nAsk on [the forum]({{site.aux_links.Forum}}).\n"})
    text = (imported.dest / "content/pages/help.md").read_text(encoding="utf-8")
    assert "[the forum](https://forum.example.org/c/1)" in text, text
    assert not imported.report.warnings, imported.report.entries


def test_labels_and_definitions_of_a_week_of_a_course(tmp_path: Path) -> None:
    """A week's days as a definition list, a blank line between a term's definitions
    (kramdown read one term), and labels `**PA01**{: .label}**PA02**{: .label}`: with the
    attribute lists gone the stars ran together, `****`, and showed as written, as did
    `**Holiday**{: .label}Memorial Day`'s; the definitions after the blank line were a
    stray `:` paragraph."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE,
        "week.md": "---\ntitle: Week\n---\n\n"
                   "Apr 4\n: **Holiday (no class)**{: .label .label-red }Memorial Day\n\n"
                   ": _Read chapter 3._\n   : Due: **PA01**{: .label }**PA02**{: .label }\n\n"
                   "Apr 5\n: Class.\n"})
    text = (imported.dest / "content/pages/week.md").read_text(encoding="utf-8")
    assert "- **Apr 4**: **Holiday (no class)** Memorial Day _Read chapter 3._ Due: " \
           "**PA01** **PA02**\n" in text, text
    assert "- **Apr 5**: Class." in text and "\n:" not in text, text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "week/index.html").read_text(encoding="utf-8")
    assert "**" not in html and "<strong>PA02</strong>" in html, html


def test_a_week_whose_layout_lists_its_days_from_front_matter(tmp_path: Path) -> None:
    """A variant of just-the-class keeps a week's lectures in front matter (`days:`, each
    a `date` and its `events`, label and link to notes) that the module layout loops over
    (`{% for day in page.days %}`): the page showed the week's title alone, its
    lectures and their links lost."""
    layout = ('<div class="module">\n  <h3>{{ page.title }}</h3>\n  {% if page.days %}\n'
              '  <dl>{% for day in page.days %}<dt>{{ day.date }}</dt>\n'
              '  {% for event in day.events %}<dd>{{ event | first | markdownify }} '
              '{{ event | last | markdownify }}</dd>{% endfor %}{% endfor %}</dl>\n'
              '  {% endif %}\n  {{ content }}\n</div>\n')
    imported = jekyll_site(tmp_path, {
        "_config.yml": _CLASS,
        "_layouts/module.html": layout,
        "resources/lec01.pdf": b"%PDF-1.4\n",
        "_modules/week-01.md": "---\ntitle: Week 1 - Loss functions\ndays:\n"
                               "  - date: 2023-4-3\n    events:\n"
                               "      \"**LEC 1**{: .label } [Risk](resources/lec01.pdf)\":\n"
                               "        \"[Reading](https://example.org/ch1)\"\n"
                               "      \"**SURV**{: .label } Welcome survey\":\n---\n",
        "index.md": "---\nlayout: home\ntitle: Home\n---\n\nThe course.\n\n"
                    "{% for module in site.modules %}\n{{ module }}\n{% endfor %}\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "### Week 1 - Loss functions\n\n- 2023-4-3\n  - **LEC 1** [Risk](" in home, home
    assert "[Reading](https://example.org/ch1)\n  - **SURV** Welcome survey" in home, home
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "resources/lec01.pdf").is_file()


def test_a_staffers_photo_beside_their_file_or_named_alone(tmp_path: Path) -> None:
    """just-the-class' staff: `photo: ../assets/staff/avi.jpg`, written from the
    `_staffers/` file, or `photo: ykk.png`, behind the `subpath: /assets/images/` that
    `defaults:` gives the layout; the import looked only in the templates' folders and
    left both photos out, with a warning each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": _COURSE + "collections:\n  staffers:\n",
        "_layouts/staffer.html": '<div class="staffer"><img src="{{ site.baseurl }}'
                                 '{{ page.subpath }}{{ page.photo }}">{{ page.name }}</div>\n',
        "assets/staff/avi.jpg": png(8, 8),
        "assets/images/ykk.png": png(8, 8),
        "_staffers/avi.md": "---\nname: Avi Ng\nrole: Tutor\nphoto: ../assets/staff/avi.jpg\n---\n",
        "_staffers/ykk.md": "---\nname: Ann Kay\nrole: Instructor\nphoto: ykk.png\n---\n",
        "staff.md": "---\ntitle: Staff\n---\n\n{% for staffer in site.staffers %}\n"
                    "{{ staffer }}\n{% endfor %}\n"})
    assert not [e for e in imported.report.warnings if "photo" in e.message], \
        imported.report.entries
    people = imported.dest / "content/people"
    assert "cover: /assets/staff/avi.jpg" in (people / "avi-ng.md").read_text(encoding="utf-8")
    assert "cover: /assets/images/ykk.png" in (people / "ann-kay.md").read_text(encoding="utf-8")


def test_a_link_after_a_site_url_ending_in_a_slash(tmp_path: Path) -> None:
    """`url: https://me.github.io/` and `[part 1]({{site.url}}2019/10/11/part-1/)`:
    Jekyll printed the slash, and the link was the site's own; with `{{site.url}}`
    emptied it was a path beside the post, and the build failed. `{{page.url}}#x`
    (a link to a heading further down) was left in a comment, a warning each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Games\nlang: en\nurl: https://games.example.org/\n"
                       "permalink: /:year/:month/:day/:title/\n",
        "_posts/2019-10-11-part-1.md": "---\ntitle: Part 1\n---\n\nThe board.\n",
        "_posts/2019-12-30-part-2.md": "---\ntitle: Part 2\n---\n\n"
                                       "As in [part 1]({{site.url}}2019/10/11/part-1/), "
                                       "see [below]({{page.url}}#scores).\n\n## Scores\n\nHigh.\n"})
    text = (imported.dest / "content/posts/part-2.md").read_text(encoding="utf-8")
    assert "[part 1](part-1.md)" in text and "[below](#scores)" in text, text
    assert not imported.report.warnings, imported.report.entries
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_markdown_after_an_iframe_whose_tag_runs_over_lines(tmp_path: Path) -> None:
    """An `<iframe` of a chart, an attribute a line, then `</iframe>` and the text on
    the next line: kramdown reads Markdown after the closing tag, CommonMark's HTML block
    ran to the blank line and the text's `**Emma**` showed its stars."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Novels\nlang: en\n",
        "_posts/2019-01-02-sentiment.md": "---\ntitle: Sentiment\n---\n\n"
                                          '<iframe src="/charts/emma.html"\n    width="100%"\n'
                                          '    height="450">\n</iframe>\n'
                                          "Mostly noise, but **Emma** learns the truth.\n"})
    text = (imported.dest / "content/posts/sentiment.md").read_text(encoding="utf-8")
    assert "</iframe>\n\nMostly noise" in text, text


def test_a_post_url_written_without_its_first_slash(tmp_path: Path) -> None:
    """`[last year](2022/11/21/stdexec/)` in a post at /2023/06/24/sea/: read from the
    post's URL it named nothing (the old link led nowhere), and the build failed on it;
    from the site's root it is the old URL of a post, the one meant."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: C++\nlang: en\npermalink: pretty\n",
        "_posts/2022-11-21-stdexec.md": "---\ntitle: Trying stdexec\n---\n\nSenders.\n",
        "_posts/2023-06-24-sea.md": "---\ntitle: By the sea\n---\n\n"
                                    "As [last year](2022/11/21/stdexec/), receivers.\n"})
    text = (imported.dest / "content/posts/sea.md").read_text(encoding="utf-8")
    assert "[last year](stdexec.md)" in text, text
    assert [e for e in imported.report.entries if "led nowhere" in e.message]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_a_link_through_a_page_that_went_on_to_the_address(tmp_path: Path) -> None:
    """`[the manual]({{ site.url_finder }}http://docs.example.org/x)` with `url_finder:
    "/url.html#"`: the old site's `url.html` read its `#` and went on to the address. The
    import wrote `/url.html#http://…`, a link to an anchor no page has: the build failed
    on each (24 on one blog)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nurl_finder: \"/url.html#\"\n",
        "url.html": "<p id=\"goto\">Leaving.</p>\n<script>location.href = "
                    "location.hash.slice(1);</script>\n",
        "_posts/2013-02-03-php.md": "---\ntitle: PHP\n---\n\nSee [the manual]"
                                    "({{ site.url_finder }}http://docs.example.org/x).\n"})
    text = (imported.dest / "content/posts/php.md").read_text(encoding="utf-8")
    assert "[the manual](http://docs.example.org/x)" in text, text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_markdown_after_an_embedded_tweet_and_its_script(tmp_path: Path) -> None:
    """A tweet embedded as Twitter gives it, `<blockquote class="twitter-tweet">…
    </blockquote>` then `<script async src="…/widgets.js"></script>`, then the text on
    the next line: kramdown read each tag as a block and Markdown after them; CommonMark's
    HTML block ran on to the blank line and the text's bold showed its stars."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2018-03-12-finale.md": "---\ntitle: Finale\n---\n\nThe mentions:\n"
            '<blockquote class="twitter-tweet"><p>What a night.</p></blockquote>\n'
            '<script async src="https://platform.example.org/widgets.js"></script>\n'
            "On Tuesday **happy** rose.\n"})
    text = (imported.dest / "content/posts/finale.md").read_text(encoding="utf-8")
    assert "widgets.js\"></script>\n\nOn Tuesday **happy** rose." in text, text


def test_a_heading_under_a_break_after_a_blank_line(tmp_path: Path) -> None:
    """`<br>`, a blank line, `<br>` and `#### Update rules` on the next line (a post
    spacing its sections): the lone tag over the heading was taken for the inside of an
    HTML block because the line above the blank one was a tag, and CommonMark read the
    heading as the block's text."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2015-10-14-sgd.md": "---\ntitle: SGD\n---\n\nThe loss.\n<br>\n\n<br>\n"
                                    "#### Update rules\n\nAveraging.\n"})
    text = (imported.dest / "content/posts/sgd.md").read_text(encoding="utf-8")
    assert "<br>\n\n#### Update rules" in text, text
