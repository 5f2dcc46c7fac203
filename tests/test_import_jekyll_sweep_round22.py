"""Faults real Jekyll blogs exposed in the twenty-second sweep (English and Chinese
blogs of ML and systems engineers), in small sites written here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from importbits import jekyll_site, report_of

from lanting.importer import jekyll_markups, markups

_NEEDS_PANDOC = pytest.mark.skipif(markups.pandoc_path() is None and os.environ.get("CI")
                                   != "true", reason="no Pandoc: install the `org` extra")

# An Emacs user's Org post as jekyll-org reads it: keywords as the front matter, a
# quoted tag of two words, `$…$` glued to Chinese text, a source block, Liquid shown as
# written (no `#+liquid:`).
_ORG_POST = """#+TITLE: 梯度累积
#+LAYOUT: post
#+TAGS: 训练 "mixed precision"
#+CATEGORIES: ml

* 动机
显存不够时，把 $B$ 拆成 $k$ 份，见[[https://example.com][原文]]。

#+BEGIN_SRC python
loss = loss / k  # {{ not liquid }}
#+END_SRC
"""


@_NEEDS_PANDOC
def test_org_and_textile_posts_are_converted(tmp_path: Path) -> None:
    """`_posts/*.org` (jekyll-org) and `_posts/*.textile` were dropped without a word:
    they are posts now, converted with Pandoc, dated by their file names, their Org
    keywords (or YAML front matter) their front matter."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh\nplugins: [jekyll-org]\n",
        "_posts/2020-01-05-grad-accum.org": _ORG_POST,
        "_posts/2020-02-01-yaml.org":
            "---\ntitle: With YAML\ntags: [a]\n---\n* Part\nText with *bold*.\n",
        "_drafts/later.org": "#+TITLE: Later\n\nSoon.\n",
        "_posts/2020-03-01-tx.textile":
            "---\ntitle: Textile\n---\nh2. Heading\n\nSome _emphasis_.\n",
        "_posts/2020-04-01-md.md": "---\ntitle: Markdown\n---\n\nHello.\n"})
    posts = imported.dest / "content/posts"
    assert sorted(p.name for p in posts.iterdir()) == [
        "grad-accum.md", "later.md", "md.md", "tx.md", "yaml.md"], report_of(imported)
    org = (posts / "grad-accum.md").read_text(encoding="utf-8")
    assert "title: 梯度累积\ndate: 2020-01-05\n" in org, org
    assert "tags: [训练, mixed precision]" in org and "categories: [ml]" in org, org
    assert "# 动机" in org and "把 $B$ 拆成 $k$ 份" in org, org
    assert "[原文](https://example.com)" in org, org
    assert "loss = loss / k  # {{ not liquid }}" in org, org
    yaml = (posts / "yaml.md").read_text(encoding="utf-8")
    assert "title: With YAML\ndate: 2020-02-01\ntags: [a]" in yaml and "**bold**" in yaml, yaml
    assert "draft: true" in (posts / "later.md").read_text(encoding="utf-8")
    textile = (posts / "tx.md").read_text(encoding="utf-8")
    assert "date: 2020-03-01" in textile and "## Heading" in textile, textile
    assert "*emphasis*" in textile, textile
    assert not imported.report.warnings, report_of(imported)


def test_without_pandoc_an_org_post_is_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Pandoc: each Org post is left out with a warning at its file saying how to
    convert it, the Markdown posts imported."""
    monkeypatch.setattr(jekyll_markups, "convert", _no_pandoc)
    jekyll_markups._markup_post.cache_clear()
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2020-01-05-org.org": "#+TITLE: Org\n\nText.\n",
        "_posts/2020-04-01-md.md": "---\ntitle: Markdown\n---\n\nHello.\n"})
    jekyll_markups._markup_post.cache_clear()
    assert [p.name for p in (imported.dest / "content/posts").iterdir()] == ["md.md"]
    assert [(w.line, w.message) for w in imported.report.warnings] == [
        (1, f"left out: a post in Org {markups.NEEDS_PANDOC}")], report_of(imported)


def _no_pandoc(*_args: object) -> markups.Converted:
    raise OSError(markups.NEEDS_PANDOC)


def test_a_blog_keeping_its_pages_in_pages_is_no_alfolio_site(tmp_path: Path) -> None:
    """minimal-mistakes keeps a blog's pages in `_pages/` (under a `baseurl` here): the
    site was named "al-folio" for that folder alone, which lost the menu's Categories
    and Tags. It is a Jekyll site now, its menu's entries leading to the pages Lanting
    makes; an academic homepage (its profile at `permalink: /`, or al-folio's and
    academicpages' folders) stays al-folio."""
    from lanting.importer.detect import detect

    files: dict[str, str | bytes] = {
        "_config.yml": "title: Notes\nlang: en\nbaseurl: /notes\n"
                       "remote_theme: mmistakes/minimal-mistakes\ninclude: [_pages]\n",
        "_data/navigation.yml": "main:\n  - title: Categories\n    url: /categories/\n"
                                "  - title: Tags\n    url: /tags/\n"
                                "  - title: About\n    url: /about/\n",
        "_pages/category-archive.md": "---\ntitle: Categories\nlayout: categories\n"
                                      "permalink: /categories/\n---\n",
        "_pages/tag-archive.md": "---\ntitle: Tags\nlayout: tags\npermalink: /tags/\n---\n",
        "_pages/about.md": "---\ntitle: About\npermalink: /about/\n---\n\nMe.\n",
        "_posts/2024-01-02-x.md": "---\ntitle: X\ncategories: [ml]\ntags: [a]\n---\n\nText.\n"}
    imported = jekyll_site(tmp_path, files)
    source = tmp_path / "old"
    assert detect(source) == "jekyll"
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    for name, url in (("Categories", "/categories/"), ("Tags", "/tags/"), ("About", "/about/")):
        assert f'name = "{name}"\nurl = "{url}"' in toml, toml
    (source / "_pages/about.md").write_text(
        "---\ntitle: About\npermalink: /\n---\n\nMe.\n", encoding="utf-8")
    assert detect(source) == "al-folio"
    (source / "_pages/about.md").unlink()
    (source / "_publications").mkdir()
    assert detect(source) == "al-folio"


def test_a_glossary_lookup_with_where_prints_the_entry_s_field(tmp_path: Path) -> None:
    """A notes site's tooltips, each `{% assign t = site.data.glossary | where: "Term",
    "PERB" %}{{ t[0]["Meaning"] }}` (the name assigned again for every term), were left
    in comments with a warning each. The `where` (a field, or an item of a list it
    holds, equal to a string; `true`), `where_exp` of one equality, `first`, `[0]` and
    `.first` are read now, and the value printed; nothing where no entry matched, as
    Liquid printed nil. A `where` on a variable stays as it was."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_data/glossary.yml": "- Term: PERB\n  Meaning: Public Employment Relations Board\n"
                              "  tags: [labor, board]\n"
                              "- Term: grievance\n  Meaning: A formal complaint\n  active: true\n",
        "_posts/2024-01-02-terms.md":
            "---\ntitle: Terms\n---\n\n"
            '<span class="tip">PERB<span class="tip-text">{% assign t = site.data.glossary | '
            'where: "Term", "PERB" %}{{ t[0]["Meaning"] }}</span></span> heard a '
            '<span class="tip">grievance<span class="tip-text">{% assign t = site.data.'
            'glossary | where: "Term", "grievance" %}{{ t[0]["Meaning"] }}</span></span>.\n\n'
            "{% assign g = site.data.glossary | where_exp: \"item\", \"item.Term == "
            "'grievance'\" | first %}First: {{ g.Meaning }}; "
            '{% assign b = site.data.glossary | where: "tags", "board" %}tag: {{ b.first.Term }}; '
            '{% assign a = site.data.glossary | where: "active", true %}on: {{ a[0].Term }}; '
            '{% assign n = site.data.glossary | where: "Term", "nope" %}'
            "none: [{{ n[0].Meaning }}]\n"})
    post = (imported.dest / "content/posts/terms.md").read_text(encoding="utf-8")
    assert '<span class="tip-text">Public Employment Relations Board</span>' in post, post
    assert '<span class="tip-text">A formal complaint</span>' in post, post
    assert "First: A formal complaint; tag: PERB; on: grievance; none: []" in post, post
    assert "{%" not in post and "{{" not in post, post
    assert not imported.report.warnings, report_of(imported)


_TUFTE_PLUGIN = """module Jekyll
  class Tag%s < Liquid::Tag
  end
end
Liquid::Template.register_tag('%s', Jekyll::Tag%s)
"""


def test_tufte_jekyll_tags_the_site_registers(tmp_path: Path) -> None:
    """Course notes on tufte-jekyll (cs228-notes' copy) write formulas as `{% math
    %}…{% endmath %}` and `{% m %}…{% em %}`, notes in the margin as `{% sidenote id
    'text' %}`, figures as `{% maincolumn 'img' 'caption' %}`: each tag was left in a
    comment with a warning (about 230 on one site) and its formula shown as TeX. With
    the site's `_plugins/` registering them, they are formulas, footnotes and captioned
    images now; a site that registers none keeps its `{% m %}` as before."""
    plugins = {f"_plugins/{name}.rb": _TUFTE_PLUGIN % (name, name, name)
               for name in ("math", "endmath", "m", "em", "sidenote", "marginnote",
                            "maincolumn", "newthought")}
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n", **plugins,
        "assets/img/tree.png": b"\x89PNG\r\n\x1a\n",
        "_posts/2024-01-02-notes.md":
            "---\ntitle: Notes\n---\n\n{% newthought 'In short' %}, the loss "
            "{% m %}L(\\theta){% em %} falls."
            "{% sidenote 1, 'See [the paper](https://e.org).' %}\n\n"
            "{% math %}\n\\nabla L = 0\n{% endmath %}\n\n"
            "{% maincolumn 'assets/img/tree.png' 'A search tree.' %}\n\n"
            "More.{% marginnote 'mn-x' \"A margin note.\" %}\n"})
    post = (imported.dest / "content/posts/notes/index.md").read_text(encoding="utf-8")
    assert "In short, the loss $L(\\theta)$ falls.[^sn-1]" in post, post
    assert "\n\n$$\n\\nabla L = 0\n$$\n\n" in post, post
    assert '![A search tree.](tree.png "A search tree.")' in post, post
    assert "More.[^sn-2]" in post, post
    assert "[^sn-1]: See [the paper](https://e.org).\n\n[^sn-2]: A margin note." in post, post
    assert not imported.report.warnings, report_of(imported)


@pytest.mark.parametrize("baseurl", ["", "/Notes"])
def test_a_link_to_a_folder_leads_to_its_index_page(tmp_path: Path, baseurl: str) -> None:
    """A notes site's home page lists its notes as folders, `[Misc](ml/misc)`, each
    `ml/misc/index.md` a page at /ml/misc/ (the browser went on to the folder's page):
    the link was kept as written, naming no page of the new site, and the build
    stopped at it (34 such links on one site). It leads to that page now."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": f"title: Notes\nlang: en\nbaseurl: '{baseurl}'\n",
        "index.md": "---\nlayout: default\ntitle: Home\n---\n\n"
                    "See [Misc](ml/misc) and [Other](ml/other).\n",
        "ml/misc/index.md": "---\ntitle: Misc\n---\n\nText.\n",
        "ml/other.md": "---\ntitle: Other\n---\n\nText.\n",
        "_posts/2020-01-01-p.md": "---\ntitle: P\n---\n\nA post.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "See [Misc](pages/misc.md) and [Other](pages/other.md)." in home, home
    assert not imported.report.warnings, report_of(imported)


def test_jekyll_picture_tag_is_the_image(tmp_path: Path) -> None:
    """jekyll_picture_tag's `{% picture /assets/x.png --alt Text %}` (inside a link to
    the full image too, `[{% picture … %}](/assets/x.png)`) was a comment with a
    warning: it is the image now, inline as its `<picture>` was, read from the
    `picture: source:` folder; a preset's name before the path is left out."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\npicture:\n  source: assets/img\n",
        "assets/img/a.png": b"\x89PNG\r\n\x1a\n",
        "assets/img/b.png": b"\x89PNG\r\n\x1a\n",
        "_posts/2024-01-02-host.md":
            "---\ntitle: Host\n---\n\n"
            '[{% picture a.png --style="" --alt Miniflux %}](/assets/img/a.png)\n\n'
            "{% picture thumbnail b.png --alt 'Two words' --img class=\"x\" %}\n"})
    post = (imported.dest / "content/posts/host/index.md").read_text(encoding="utf-8")
    assert "[![Miniflux](a.png)](a.png)" in post, post
    assert "![Two words](b.png)" in post, post
    assert not imported.report.warnings, report_of(imported)
