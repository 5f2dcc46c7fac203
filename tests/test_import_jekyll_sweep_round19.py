"""Faults real Jekyll blogs exposed in the nineteenth sweep (English and Chinese blogs
of ML and systems engineers), and the leftovers of earlier sweeps, in small sites
written here."""

from __future__ import annotations

import re
import time
from pathlib import Path

from importbits import NOW, jekyll_site, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer import kramdown as K
from lanting.importer.detect import detect


def test_a_jekyll_site_kept_in_docs_is_imported_from_there(tmp_path: Path) -> None:
    """A project's repository keeps its code and README at the root and its blog in
    `docs/`, the folder GitHub Pages publishes: the root was read as a folder of notes,
    `docs/_posts/2024-03-01-gradients.md` a note without its date. The site in `docs/`
    is read as Jekyll's now, with or without `--from jekyll`."""
    source = tmp_path / "repo"
    write_files(source, {
        "README.md": "# autodiff\n\nA small library. See the [blog](https://ann.github.io/"
                     "autodiff/).\n",
        "src/autodiff/core.py": "x = 1\n",
        "docs/_config.yml": "title: autodiff notes\nbaseurl: /autodiff\nlang: en\n",
        "docs/Gemfile": "source 'https://rubygems.org'\ngem 'github-pages'\n",
        "docs/_posts/2024-03-01-gradients.md": "---\ntitle: Gradients\n---\n\nText.\n",
        "docs/about.md": "---\ntitle: About\npermalink: /about/\n---\n\nAbout.\n"})
    assert detect(source) == "jekyll"
    for kind, dest in ((None, "detected"), ("jekyll", "named")):
        imported = import_site(source, tmp_path / dest, kind, False, NOW)
        post = imported.dest / "content/posts/gradients.md"
        assert post.is_file(), sorted(imported.files)
        assert "date: 2024-03-01" in post.read_text(encoding="utf-8")
        assert not any("README" in name or "core.py" in name for name in imported.files)
    # (GitHub Pages' theme alone over Markdown in docs/ stays a folder of notes, as at
    # the root)
    write_files(tmp_path / "notes", {"README.md": "# x\n", "docs/_config.yml":
                                     "theme: jekyll-theme-cayman\n", "docs/a.md": "# A\n"})
    assert detect(tmp_path / "notes") == "notes"


def test_liquid_filters_in_a_link_print_what_jekyll_printed(tmp_path: Path) -> None:
    """A post links a tag's anchor with `{{ page.tags[0] | replace: ' ', '-' | downcase
    }}` (a string filter over a value of its front matter): the import knew only
    `prepend`, `append` and `relative_url`, and left the Liquid in a comment inside the
    link's address, a broken link showing nothing. The filters run now; a value still
    unknown (a loop's variable) leaves the link its text, the comment after it, outside
    any address, as a Markdown link whose whole address was Liquid already did."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nbaseurl: /blog\n",
        "_posts/2021-05-04-rl.md":
            "---\ntitle: RL\ntags: [Deep Learning, rl]\n---\n\n"
            "See [more]({{ site.baseurl }}/tags/#{{ page.tags[0] | replace: ' ', '-' "
            "| downcase }}) and <a href=\"{{ site.baseurl }}/topics/{{ \"Policy Gradient\" "
            "| slugify }}/\">this</a>.\n\n"
            "{% for tag in page.tags %}\n"
            "<a class=\"tag\" href=\"{{ site.baseurl }}/tags/#{{ tag | replace: ' ', '-' }}\">"
            "{{ tag }}</a>\n"
            "[#{{ tag }}]({{ site.baseurl }}/tags/#{{ tag | url_encode }})\n"
            "{% endfor %}\n"})
    post = (imported.dest / "content/posts/rl.md").read_text(encoding="utf-8")
    assert "[more](/tags/deep-learning/)" in post, post
    assert '<a href="/topics/policy-gradient/">this</a>' in post, post
    assert '<a class="tag"><!-- import: unconverted {{ tag | replace' in post, post
    assert "\n#<!-- import: unconverted {{ tag }} --><!-- import: unconverted {{ tag |" \
        " url_encode }} -->\n" in post, post
    assert not re.search(r"""\]\([^)\n]*<!--|=["'][^"'\n]*<!--""", post), post


def test_a_tag_is_reported_at_its_own_line_not_at_an_example_in_code(
        tmp_path: Path) -> None:
    """A post shows `{% include note.html %}` in a code span and a fence (kept as
    written) before using it: the warning for the one left in a comment named the
    fence's line, the first place the text was found. Code of the original is passed
    over now, as `{% raw %}` blocks were; the warning names the tag's own line."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2022-02-02-notes.md":
            "---\ntitle: Notes\n---\n\nWrite `{% include note.html %}` to show a note:\n\n"
            "```liquid\n{% include note.html %}\n```\n\nLike this: {% include note.html %}\n"})
    lines = [w.line for w in imported.report.warnings if "note.html" in w.message]
    assert lines == [11], report_of(imported)


def test_a_teaser_under_image_is_read_from_the_layouts_folder(tmp_path: Path) -> None:
    """A blog on a forerunner of So Simple writes `image: {teaser: 2023-dups/teaser.png}`
    and its includes show `{{ site.url }}/images/{{ post.image.teaser }}`: the path is
    read from `/images/`, where the picture is, not from the root (every post's cover
    was lost, a warning each). Drafts hidden by their names from Jekyll
    (`_draft_2021-01-04-ols.md` in `_posts/`) are left out with a notice, no warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/post-grid.html": "<a href=\"{{ post.url }}\"><img src=\"{{ site.url }}"
                                    "/images/{{ post.image.teaser }}\" alt=\"\"></a>\n",
        "images/2023-dups/teaser.png": b"\x89PNG\r\n\x1a\n",
        "_posts/2023-10-20-dups.md": "---\ntitle: Dups\nimage:\n  teaser: "
                                     "2023-dups/teaser.png\n---\n\nText.\n",
        "_posts/_draft_2021-01-04-ols.md": "---\ntitle: OLS\n---\n\nDraft.\n"})
    post = (imported.dest / "content/posts/dups/index.md").read_text(encoding="utf-8")
    assert "cover: teaser.png" in post, post
    assert (imported.dest / "content/posts/dups/teaser.png").is_file()
    assert imported.report.warnings == [], report_of(imported)


def test_an_images_class_written_as_a_pair_is_its_class(tmp_path: Path) -> None:
    """kramdown reads `{:class="img-responsive"}` after an image as its class; Lanting
    reads a class written `.name` and warned, at the build, that it used no `class=`
    (three screenshots of a paper-writing post, in a table's cells). It is `.name`."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "images/render.png": png(8, 8),
        "_posts/2021-08-09-latex.md":
            "---\ntitle: LaTeX\n---\n\n| ![render](/images/render.png){:class=\"img-responsive "
            "wide\"} |\n|:--:|\n| *Rendered.* |\n"})
    post = (imported.dest / "content/posts/latex/index.md").read_text(encoding="utf-8")
    assert "![render](render.png){: .img-responsive .wide }" in post, post
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_a_sites_include_printing_one_link_is_that_link(tmp_path: Path) -> None:
    """docsy-jekyll's `{% include doc.html name="Getting Started" path="getting-started"
    %}` prints `<a href="{{ site.baseurl }}/docs/{{ include.path }}">` around the name
    (or the path, without one): it was left in a comment, a warning each, the sentence
    missing its link. It is the Markdown link it printed, led to the page's new place;
    an include printing more than a link stays in its comment."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Docs\nlang: en\nbaseurl: /docsite\ncollections:\n"
                       "  docs:\n    output: true\n    permalink: /:collection/:path\n",
        "_includes/doc.html": "{% comment %}A link to a doc page.{% endcomment %}\n"
                              "<a href=\"{{ site.baseurl }}/docs/{{ include.path }}\">{% if "
                              "include.name %}{{ include.name }}{% else %}{{ include.path }}"
                              "{% endif %}</a>\n",
        "_includes/quiz.html": "{% for q in site.data.quiz %}<p>{{ q }}</p>{% endfor %}\n",
        "_docs/getting-started.md": "---\ntitle: Getting started\n---\n\nStart here.\n",
        "index.md": "---\ntitle: Home\n---\n\nSee the {% include doc.html name=\"Getting "
                    "Started\" path=\"getting-started\" %} page, or "
                    "{% include doc.html path=\"getting-started\" %}.\n\n"
                    "{% include quiz.html %}\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "See the [Getting Started](pages/getting-started.md) page, or " \
        "[getting-started](pages/getting-started.md)." in home, home
    assert [w.message.split(":")[0] for w in imported.report.warnings] == [
        "not converted, left in a comment"], report_of(imported)


def test_a_video_element_then_markdown_is_one_paragraph(tmp_path: Path) -> None:
    """A Chinese systems blog ends posts with `<video src=… controls>`, its fallback
    text and `</video>` on lines of their own, then a licence line with a link, with no
    blank line between: kramdown reads `<video>` as span HTML, one paragraph with the
    link; CommonMark an HTML block, the link shown as written (a build warning each).
    The element and the Markdown under it are one line, read as kramdown read them."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_posts/2016-09-01-dns.md":
            "---\ntitle: DNS\n---\n\n## 视频\n\n<video src=\"https://example.org/a.mkv\" "
            "width=\"320\" controls=\"controls\">\nYour browser does not support it.\n"
            "</video>\n转载请注明出处，本文采用 [CC4.0](https://example.org/cc/) 协议授权\n"})
    post = (imported.dest / "content/posts/dns.md").read_text(encoding="utf-8")
    assert '<video src="https://example.org/a.mkv" width="320" controls="controls"> Your ' \
        "browser does not support it. </video> 转载请注明出处" in post, post
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    page = (tmp_path / "out/posts/dns/index.html").read_text(encoding="utf-8")
    assert '<a href="https://example.org/cc/">CC4.0</a>' in page


def test_the_service_workers_offline_page_is_left_out(tmp_path: Path) -> None:
    """The Hux blog's forks keep `offline.html`, the page their `sw.js` caches and shows
    when the network fails: the theme's page header (its background image chosen by
    `{% if page.header-img %}`) and a script. It was imported as a page, three
    warnings for the Liquid of its header; it is left out, with a notice. A page the
    service worker does not name stays."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "sw.js": "const PRECACHE_LIST = [\n  \"./\",\n  \"./offline.html\",\n];\n",
        "offline.html": "---\nlayout: default\nheader-img: img/404-bg.jpg\npermalink: "
                        "/offline.html\n---\n\n<header class=\"intro-header\" style=\""
                        "background-image: url('{{ site.baseurl }}/{% if page.header-img %}"
                        "{{ page.header-img }}{% else %}{{ site.header-img }}{% endif %}')\">"
                        "\n<h1>Offline</h1>\n</header>\n",
        "about.html": "---\nlayout: page\ntitle: 关于\n---\n\n<p>我写 Kubernetes 笔记。</p>\n",
        "_posts/2016-09-01-dns.md": "---\ntitle: DNS\n---\n\n文字。\n"})
    assert not (imported.dest / "content/pages/offline.md").exists()
    assert (imported.dest / "content/pages/about.md").is_file()
    assert imported.report.warnings == [], report_of(imported)


def test_a_long_paragraph_is_read_once_for_notices() -> None:
    """minimal-mistakes' notices, a paragraph with `{: .notice--info}` under it, were
    found by a pattern tried from each line down to a class: a notebook's post of 3 MB,
    its outputs long paragraphs of lines, took minutes to import. The class is found
    first and its paragraph read up from it: the same callouts, in time linear in the
    text."""
    lines = "".join(f"[{i:05d}] loss=0.{i % 97:02d}\n" for i in range(40_000))
    text = lines + "\nCheck the seed\nbefore a run.\n{: .notice--warning}\n\nEnd.\n"
    started = time.perf_counter()
    out, _count = K.kramdown_blocks(text, lambda construct, message: None)
    assert time.perf_counter() - started < 5
    assert out.startswith(lines)
    assert "> [!WARNING]\n> Check the seed\n> before a run." in out, out[-200:]
