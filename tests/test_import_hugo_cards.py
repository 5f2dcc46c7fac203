"""Hextra's and Hugo Blox's cards, Hugo Blox's embeds and notebooks, and links to the
lists of sections the new site makes no page for, in small sites written here (modelled
on a Hugo Blox homepage begun from the current starter, whose posts and course use
them)."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hugo_sites import built_cleanly, imported_site, prose
from test_import_hugoblox import blox, built


def links_of(out: Path, rel: str) -> list[tuple[str, str]]:
    return [(a.text(), a["href"]) for a in prose(out, rel).find_all("a")]


def test_hextra_cards_are_a_list_of_links(tmp_path: Path) -> None:
    """Hextra's `cards` of `card link=… title=… subtitle=…` were left in comments with a
    warning each: a docs site's home lost every link to its chapters."""
    page = "---\ntitle: {t}\n---\n\n{t} 的正文。\n"
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "hextra"\n',
        "content/docs/_index.md": "---\ntitle: 文档\n---\n\n"
                                  "{{< cards >}}\n"
                                  '  {{< card link="attention" title="注意力" '
                                  'subtitle="从点积开始" icon="academic-cap" >}}\n'
                                  '  {{< card link="/docs/kv-cache/" title="KV 缓存" >}}\n'
                                  '  {{< card title="即将推出" >}}\n'
                                  "{{< /cards >}}\n",
        "content/docs/attention.md": page.format(t="注意力"),
        "content/docs/kv-cache.md": page.format(t="KV 缓存")})
    assert links_of(out, "docs/index.html") == [("注意力", "/attention/"),
                                                 ("KV 缓存", "/kv-cache/")]
    items = [li.text() for li in prose(out, "docs/index.html").find_all("li")]
    assert items == ["注意力 — 从点积开始", "KV 缓存", "即将推出"]


def test_hugo_blox_embeds_and_notebooks_are_links(tmp_path: Path) -> None:
    """Hugo Blox's `embed` (a GitHub repository, a Hugging Face model or data set, any
    page with a description) and `notebook` were left in comments: the post lost them."""
    imported = blox(tmp_path, {
        "content/blog/tools/index.md":
            "---\ntitle: Tools\ndate: 2025-03-01\n---\n\n"
            '{{< embed platform="github" resource="octo/tiny-llm" type="repo" >}}\n\n'
            '{{< embed platform="huggingface" resource="octo/tiny-7b" type="model" >}}\n\n'
            '{{< embed platform="huggingface" resource="octo/qa" type="dataset" >}}\n\n'
            '{{< embed url="https://example.org/guide" title="A guide" '
            'description="Read first" >}}\n\n'
            '{{< notebook\n    src="walkthrough.ipynb"\n    title="Walkthrough"\n'
            "    line_numbers=true\n>}}\n",
        "content/blog/tools/walkthrough.ipynb": '{"cells": [], "metadata": {}, '
                                                '"nbformat": 4, "nbformat_minor": 5}\n'})
    assert [e.message for e in imported.report.warnings] == []
    out = built(imported, tmp_path)
    links = links_of(out, "blog/tools/index.html")
    assert links[:4] == [
        ("octo/tiny-llm", "https://github.com/octo/tiny-llm"),
        ("octo/tiny-7b", "https://huggingface.co/octo/tiny-7b"),
        ("octo/qa", "https://huggingface.co/datasets/octo/qa"),
        ("A guide", "https://example.org/guide")]
    text, href = links[4]
    assert text == "📓 Walkthrough" and (out / href.lstrip("/")).is_file()


def test_a_link_to_a_section_list_the_new_site_lacks_keeps_its_text(tmp_path: Path) -> None:
    """A Hugo Blox course's cards lead to `../guide/formatting`, the list of a section
    whose `_index.md` only names it: the new site has no page there, and the link broke
    the build with no word in the report."""
    doc = "---\ntitle: {t}\ndate: 2025-03-01\ntype: docs\n---\n\n{body}\n"
    imported = blox(tmp_path, {
        "content/courses/ml/start.md": doc.format(
            t="Start", body="{{< cards >}}\n"
                            '  {{< card url="../guide/formatting" title="Formatting" >}}\n'
                            '  {{< card url="../guide/formatting/math" title="Math" >}}\n'
                            "{{< /cards >}}"),
        "content/courses/ml/guide/formatting/_index.md": "---\ntitle: Formatting\n---\n",
        "content/courses/ml/guide/formatting/math.md": doc.format(t="Math", body="$x$")})
    warned = [(e.path, e.message.split(",")[0]) for e in imported.report.warnings]
    assert warned == [("content/courses/ml/start.md",
                       "a link to `/courses/ml/guide/formatting/`")]
    out = built(imported, tmp_path)
    assert links_of(out, "courses/start/index.html") == [("Math", "/courses/math/")]
    assert "Formatting" in prose(out, "courses/start/index.html").text()


def test_a_raw_html_link_to_a_missing_list_loses_its_href(tmp_path: Path) -> None:
    """A landing page's card `<a href="/docs/guide/" class="card-link">` led to a list
    the new site has no page for: the report said its text was kept without the link,
    yet the `href` stayed and broke the build."""
    note = "---\ntitle: {t}\ndate: 2024-05-0{d}\n---\n\n{t}。\n"
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "实验室"\nlanguageCode = "zh-cn"\n',
        "content/_index.md": "---\ntitle: 首页\n---\n\n<div class=\"card\">\n"
                             '  <a href="/docs/guide/" class="card-link">指南</a>\n</div>\n',
        "content/docs/guide/_index.md": "---\ntitle: 指南\n---\n",
        "content/docs/guide/setup.md": note.format(t="安装", d=1),
        "content/posts/hello.md": note.format(t="你好", d=2)})
    assert [(e.path, e.message.split(",")[0]) for e in imported.report.warnings] == [
        ("content/_index.md", "a link to `/docs/guide/`")]
    out = built(imported, tmp_path)
    [card] = prose(out, "index.html").find_all("a", class_="card-link")
    assert card.text() == "指南" and card.get("href") is None


BIB = """@book{staples2020clifford,
  author = {Staples, G. Stacey},
  title = {Clifford Algebras and Zeons},
  publisher = {World Scientific},
  year = {2020}
}
@book{serre1977linear,
  author = {Serre, Jean-Pierre},
  title = {Linear Representations of Finite Groups},
  publisher = {Springer},
  year = {1977}
}
"""


def test_hugo_cite_citations_cite_the_post_s_bib_file(tmp_path: Path) -> None:
    """hugo-cite's `{{< cite "a;b" >}}` and `{{< bibliography cited >}}` (a math blog's
    notes, 83 of them) were left in comments: the posts lost every citation and their
    lists of works. The post's `bib.bib`, beside hugo-cite's `bib.json`, is its
    bibliography; the citations are `[@a; @b]`, the list `{{< references >}}`."""
    out = built_cleanly(tmp_path, {
        "config.yml": "title: Notes\nlanguageCode: en\ntheme: [PaperMod, hugo-cite]\n",
        "content/posts/zeon/index.md":
            "---\ntitle: Zeons\ndate: 2024-03-23\n---\n\n"
            'See {{< cite "staples2020clifford" 42 >}} and '
            '{{< cite "staples2020clifford;serre1977linear" >}}.\n\n'
            "## References\n\n{{< bibliography cited >}}\n",
        "content/posts/zeon/bib.bib": BIB,
        "content/posts/zeon/bib.json": "[]\n"})
    page = prose(out, "posts/zeon/index.html")
    assert len(page.find_all(class_="cite")) == 2
    listed = parse_html((out / "posts/zeon/index.html").read_text(encoding="utf-8")).one(
        "section", class_="references")
    assert [li["id"] for li in listed.find_all("li")] == [
        "ref-serre1977linear", "ref-staples2020clifford"]
