"""Faults real Jekyll blogs exposed in the twenty-first sweep (English and Chinese blogs
of ML and systems engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site, report_of
from sitebits import png


def test_a_figure_include_in_a_list_item_or_a_quote_stays_in_it(tmp_path: Path) -> None:
    """minimal-mistakes' `{% include figure … %}` alone on a line of a numbered item
    (indented as its text), of a bullet item and of a block quote: the figure was
    written at column 0, which ended the list (the next item began a new one, numbered
    from 1) and the quote. It is written inside its container now, a label making it a
    figure there (its caption shown), the list and the quote going on after it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "assets/images/loss.png": png(8, 8),
        "assets/images/arch.png": png(8, 8),
        "_posts/2024-01-02-steps.md":
            "---\ntitle: Steps\n---\n\n1. Train the model.\n\n"
            '   {% include figure image_path="/assets/images/loss.png" alt="loss" '
            'caption="The loss curve." %}\n\n'
            "2. Evaluate it.\n"
            '   {% include figure image_path="/assets/images/arch.png" alt="arch" '
            'caption="The architecture." %}\n'
            "   Then more text.\n3. Done.\n\n"
            "> A quote.\n>\n"
            '> {% include figure image_path="/assets/images/arch.png" caption="Quoted." %}\n'
            ">\n> More quote.\n\n"
            '- {% include figure.html image="/assets/images/loss.png" caption="Loss." %}\n'
            "- next\n"})
    post = (imported.dest / "content/posts/steps/index.md").read_text(encoding="utf-8")
    assert "1. Train the model.\n\n" \
        '   ![loss](loss.png "The loss curve."){#fig-loss}\n\n2. Evaluate it.\n\n' \
        '   ![arch](arch.png "The architecture."){#fig-arch}\n\n   Then more text.\n' \
        "3. Done.\n" in post, post
    assert '> A quote.\n>\n> ![Quoted.](arch.png "Quoted."){#fig-arch-' in post, post
    assert '}\n>\n> More quote.\n' in post, post
    assert '- ![Loss.](loss.png "Loss."){#fig-loss-' in post, post
    assert "}\n\n- next" in post, post
    assert not imported.report.warnings, report_of(imported)


def test_a_figure_include_in_indented_html_stays_at_column_0(tmp_path: Path) -> None:
    """al-folio's figures inside `<div class="col-sm">`, indented as HTML: no list
    item holds them, and indented after a blank line they were code."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "assets/img/a.png": png(8, 8),
        "_posts/2024-01-02-grid.md":
            "---\ntitle: Grid\n---\n\n<div class=\"row\">\n    <div class=\"col-sm\">\n"
            '        {% include figure.html path="assets/img/a.png" caption="A." %}\n'
            "    </div>\n</div>\n"})
    post = (imported.dest / "content/posts/grid/index.md").read_text(encoding="utf-8")
    assert '\n\n![A.](a.png "A.")\n\n' in post, post


_UI_TEXT_POST = (
    "---\ntitle: Attention\n---\n\nText.\n\n"
    '<h3>{{ site.data.ui-text[site.locale].related_label | default: "You May Also Enjoy" }}'
    "</h3>\n\n<p>{{ site.data.ui-text[site.locale].toc_label }}</p>\n")


def test_a_remote_themes_interface_words_missing_print_their_defaults(
        tmp_path: Path) -> None:
    """A minimal-mistakes site on `remote_theme:` without its own `_data/ui-text.yml`:
    GitHub Pages read no theme's `_data/`, so `{{ site.data.ui-text[site.locale].x |
    default: "…" }}` printed the default and a bare one nothing; each was left in a
    comment with a warning. They print so now, and one notice names the missing file."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlocale: en-US\n"
                       "remote_theme: mmistakes/minimal-mistakes@4.24.0\n",
        "_posts/2024-01-02-attention.md": _UI_TEXT_POST,
        "_posts/2024-01-03-more.md": _UI_TEXT_POST.replace("Attention", "More")})
    post = (imported.dest / "content/posts/attention.md").read_text(encoding="utf-8")
    assert "<h3>You May Also Enjoy</h3>" in post and "<p></p>" in post, post
    assert not imported.report.warnings, report_of(imported)
    noted = [n for n in imported.report.entries if "ui-text.yml" in n.message]
    assert len(noted) == 1 and "mmistakes/minimal-mistakes" in noted[0].message, \
        report_of(imported)


def test_a_sites_own_interface_words_are_read_in_its_locale(tmp_path: Path) -> None:
    """The site's own copy of `_data/ui-text.yml`: `[site.locale]` picks its locale's
    words, as Jekyll printed them."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlocale: zh-CN\n"
                       "remote_theme: mmistakes/minimal-mistakes\n",
        "_data/ui-text.yml": 'en-US:\n  toc_label: "On this page"\n'
                             'zh-CN:\n  toc_label: "目录"\n  related_label: "猜您还喜欢"\n',
        "_posts/2024-01-02-attention.md": _UI_TEXT_POST})
    post = (imported.dest / "content/posts/attention.md").read_text(encoding="utf-8")
    assert "<h3>猜您还喜欢</h3>" in post and "<p>目录</p>" in post, post
    assert not imported.report.warnings, report_of(imported)


def test_a_theme_gems_interface_words_stay_unknown(tmp_path: Path) -> None:
    """`theme: minimal-mistakes-jekyll`, a gem: its own data may have been read (its
    jekyll-data), so the words are not known; they stay in a comment, reported."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlocale: en-US\ntheme: minimal-mistakes-jekyll\n",
        "_posts/2024-01-02-attention.md": _UI_TEXT_POST})
    assert len(imported.report.warnings) == 2, report_of(imported)


def test_a_markdown_file_without_front_matter_linked_from_the_root_is_kept(
        tmp_path: Path) -> None:
    """A post links notes kept beside its images, `/images/notes/plan.md`, a Markdown
    file without front matter: Jekyll copied it as it was, and the link led to the
    file (a site built by its own workflow: GitHub Pages' jekyll-optional-front-matter
    made a page of it). It stopped the build as a broken link; the file is kept at its
    path now."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "Gemfile": 'source "https://rubygems.org"\ngem "jekyll", "~> 4.3"\n',
        "images/notes/plan.md": "# Plan\n\nSteps.\n",
        "_posts/2024-01-02-tools.md":
            "---\ntitle: Tools\n---\n\n* [The plan](/images/notes/plan.md)\n"})
    post = (imported.dest / "content/posts/tools.md").read_text(encoding="utf-8")
    assert "[The plan](/images/notes/plan.md)" in post, post
    assert (imported.dest / "static/images/notes/plan.md").is_file(), report_of(imported)
    assert not imported.report.warnings, report_of(imported)


def test_a_link_by_the_file_names_date_leads_to_the_post(tmp_path: Path) -> None:
    """A Hux-blog post links the one before it by the date of its file name,
    `/2023/06/24/Agent-Workflow/`, whose front matter's `date: 2023-06-26` Jekyll
    published it under: the old link led nowhere, and the build stopped at it. It leads
    to the post now, with a notice; a path no post's file names stays as written."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npermalink: pretty\n",
        "_posts/2023-06-24-Agent-Workflow.md":
            "---\ntitle: Workflow\ndate: 2023-06-26\n---\n\nFirst.\n",
        "_posts/2023-07-01-Agent-Workflow2.md":
            "---\ntitle: Workflow 2\n---\n\n[The last one](/2023/06/24/Agent-Workflow/#end)"
            " and [another](/2023/06/25/Agent-Workflow/).\n"})
    post = (imported.dest / "content/posts/agent-workflow2.md").read_text(encoding="utf-8")
    assert "[The last one](agent-workflow.md#end)" in post, post
    assert "[another](/2023/06/25/Agent-Workflow/)" in post, post
    noted = [n for n in imported.report.entries if "file name's date" in n.message]
    assert len(noted) == 1 and noted[0].severity == "notice", report_of(imported)


def test_a_pages_loops_over_data_lists_are_written_out(tmp_path: Path) -> None:
    """An about page (mzlogin's theme, common on Chinese blogs) lists its links and
    skills from `_data/`: `{% for website in site.data.social %}* {{ website.sitename
    }}：[@{{ website.name }}]({{ website.url }}){% endfor %}`, and a loop over each
    category's `keywords` inside one over `site.data.skills`. With little text of its
    own it was left out as a listing page. The loops are written out as Jekyll printed
    them, entry by entry; one holding an `if` stays a loop (left out, as before)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_data/social.yml": "- {sitename: GitHub, name: me, url: 'https://github.com/me'}\n"
                            "- {sitename: 知乎, name: 我, url: 'https://www.zhihu.com/people/me'}\n",
        "_data/skills.yml": "- name: Data Mining\n  keywords: [Feature Engineering, GBDT]\n"
                            "- name: Systems\n  keywords: [C++]\n",
        "pages/about.md":
            "---\ntitle: About\npermalink: /about/\n---\n\n我是我。\n\n## 联系\n\n"
            "{% for website in site.data.social %}\n"
            "* {{ website.sitename }}：[@{{ website.name }}]({{ website.url }})\n"
            "{% endfor %}\n\n## Skills\n\n{% for category in site.data.skills %}\n"
            "### {{ category.name }}\n"
            "{% for keyword in category.keywords %}`{{ keyword }}` {% endfor %}\n"
            "{% endfor %}\n\n{% for w in site.data.social %}{% if w.url %}x{% endif %}"
            "{% endfor %}\n"})
    page = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "* GitHub：[@me](https://github.com/me)\n" in page, page
    assert "* 知乎：[@我](https://www.zhihu.com/people/me)\n" in page, page
    assert "### Data Mining\n`Feature Engineering` `GBDT`\n" in page, page
    assert "### Systems\n`C++`\n" in page, page
    warned = [w.message for w in imported.report.warnings]
    assert len(warned) == 1 and "`{% for %}` listings left out" in warned[0], \
        report_of(imported)


def test_the_offline_page_of_a_fork_without_a_service_worker_is_left_out(
        tmp_path: Path) -> None:
    """A Hux-blog fork that took its `sw.js` out kept `offline.html`, the theme's header
    (`{% if page.header-img %}` choosing its picture) over a script: imported as a
    page, three warnings for its Liquid. It is left out, with a notice; an
    `offline.html` with text of its own stays."""
    offline = ("---\nlayout: default\nheader-img: img/404-bg.jpg\npermalink: /offline.html"
               "\n---\n\n<header class=\"intro-header\" style=\"background-image: url('{{ "
               "site.baseurl }}/{% if page.header-img %}{{ page.header-img }}{% else %}"
               "{{ site.header-img }}{% endif %}')\">\n<h1>Offline</h1>\n<span>{{ "
               "page.description }}</span>\n</header>\n\n<script>\n  document.body."
               "classList.add('page-fullscreen');\n</script>\n")
    imported = jekyll_site(tmp_path / "a", {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "offline.html": offline,
        "_posts/2016-09-01-dns.md": "---\ntitle: DNS\n---\n\n文字。\n"})
    assert not (imported.dest / "content/pages/offline.md").exists()
    assert imported.report.warnings == [], report_of(imported)
    kept = jekyll_site(tmp_path / "b", {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "offline.html": "---\ntitle: 离线\n---\n\n<p>断网时也能读：把文章存下来。</p>\n",
        "_posts/2016-09-01-dns.md": "---\ntitle: DNS\n---\n\n文字。\n"})
    assert (kept.dest / "content/pages/offline.md").is_file(), report_of(kept)


def test_a_link_to_a_folder_under_the_posts_own_url_led_nowhere(tmp_path: Path) -> None:
    """A post at `/2020/02/25/grpc/` (`permalink: pretty`) copies a README's list,
    `[grpc_retry](retry/)`: the browser read `/2020/02/25/grpc/retry/`, where the old
    site had nothing, and the build stopped at the link. Its text is kept without the
    link now, with a warning, as for a file that led nowhere; a folder under the post
    holding its own files (jekyll-postfiles) and a page there stay links."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npermalink: pretty\n",
        "about.md": "---\ntitle: About\npermalink: /about/\n---\n\n[Team](team/)\n",
        "team.md": "---\ntitle: Team\npermalink: /about/team/\n---\n\nUs.\n",
        "_posts/2020-02-25-grpc.md":
            "---\ntitle: gRPC\n---\n\n* [`grpc_retry`](retry/) - retries\n"
            "* [all](../../../../) - home\n"})
    post = (imported.dest / "content/posts/grpc.md").read_text(encoding="utf-8")
    assert "* `grpc_retry` - retries\n" in post, post
    about = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "[Team](team.md)" in about or "[Team](/about/team/)" in about, about
    warned = [w.message for w in imported.report.warnings]
    assert len(warned) == 1 and "`retry/`" in warned[0], report_of(imported)
