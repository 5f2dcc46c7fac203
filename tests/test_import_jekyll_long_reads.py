"""Faults a long-read machine-learning blog on Jekyll exposed (kramdown's `$$` math,
MathJax 2, figures written `{{ '/assets/images/x.png' | relative_url }}`, posts linking
each other's sections), in small sites written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
CONFIG = "title: Notes\nlang: en\nmarkdown: kramdown\nmathjax: true\n"


def imported_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, {"_config.yml": CONFIG, **files})
    return import_site(source, tmp_path / "new", "jekyll", False, NOW)


def built_page(tmp_path: Path, imported: Imported, url: str) -> str:
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    return (out / url.strip("/") / "index.html").read_text(encoding="utf-8")


def test_a_stray_dollar_pair_keeps_no_liquid_in_later_figures(tmp_path: Path) -> None:
    """`an action $$a$ picks …` (one `$` short) paired with the next formula's `$$`; the
    figures between, `{{ '/assets/images/q.png' | relative_url }}`, were taken for TeX
    groups of that "formula" (their path has slashes) and kept their Liquid: a warning
    each and no image."""
    imported = imported_site(tmp_path, {
        "assets/images/q.png": png(4, 4),
        "_posts/2020-08-06-search.md": (
            "---\ntitle: Search\n---\n\n"
            "A state $$s_t$$ is a layer. An action $$a$ picks the next one.\n\n"
            "![Q]({{ '/assets/images/q.png' | relative_url }})\n\n"
            "The reward is $$r = \\frac{1}{n}$$.\n")})
    assert not [w for w in imported.report.warnings if "Liquid" in w.message]
    doc = parse_html(built_page(tmp_path, imported, "/posts/search/"))
    article = doc.one("article")
    assert [img["src"] for img in article.find_all("img")] == ["/posts/search/q.png"]
    assert "{{" not in article.text() and len(article.find_all("math")) == 2


def test_a_lone_br_line_starts_a_paragraph_as_in_kramdown(tmp_path: Path) -> None:
    """`<br />` alone on a line, then a figure or a sentence: kramdown read one paragraph;
    CommonMark an HTML block, which showed the Markdown under it as written (the build's
    "Markdown inside HTML" warning)."""
    imported = imported_site(tmp_path, {
        "assets/images/bert.png": png(4, 4),
        "_posts/2019-01-31-lm.md": (
            "---\ntitle: Language models\n---\n\nUpdates.\n\n"
            "<br />\n![Bert]({{ '/assets/images/bert.png' | relative_url }})\n\nText.\n\n"
            "<br />\nThe code is on [GitHub](https://github.com/ann/lm).\n")})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not out.warnings
    page = (out.output / "posts/lm/index.html").read_text(encoding="utf-8")
    article = parse_html(page).one("article")
    assert [img["src"] for img in article.find_all("img")] == ["/posts/lm/bert.png"]
    assert [a["href"] for a in article.find_all("a") if "github" in a.get("href", "")] == [
        "https://github.com/ann/lm"]


def test_a_cover_from_the_folder_an_include_appends_it_to(tmp_path: Path) -> None:
    """The theme's `head.html` made the social card's image with `{% assign rel_path =
    '/assets/images/' | append: page.image %}`: a post's `image: "gan.png"` was "not
    found: left out", a warning each."""
    imported = imported_site(tmp_path, {
        "_includes/head.html": "{% if page.image %}\n  {% assign rel_path = "
                               "'/assets/images/' | append: page.image %}\n"
                               "  <meta name=\"twitter:image\" content=\"{{ rel_path | "
                               "relative_url }}\">\n{% endif %}\n",
        "assets/images/gan.png": png(4, 4),
        "_posts/2017-08-20-gan.md": "---\ntitle: GAN\nimage: \"gan.png\"\n---\n\nText.\n"})
    assert not imported.report.warnings
    post = (imported.dest / "content/posts/gan/index.md").read_text(encoding="utf-8")
    assert "cover: gan.png" in post
    built_page(tmp_path, imported, "/posts/gan/")


def test_an_empty_link_to_the_page_is_the_anchor_meant(tmp_path: Path) -> None:
    """`<a href="#grasp2vec" />` at a paragraph's start, written for `<a name>`: the
    page's links to `#grasp2vec` were dead links (their text kept, a warning each) and
    the empty links broke the build ("no anchor"). An empty link to an id the page has
    (a heading's) stays as it is."""
    imported = imported_site(tmp_path, {
        "_posts/2019-11-10-ssl.md": (
            "---\ntitle: Self-supervised\n---\n\n"
            "As [Grasp2Vec](#grasp2vec) and [the loss](#triplet-loss) show.\n\n"
            "## Metric learning\n\n"
            "<a href=\"#grasp2vec\" />**Grasp2Vec** learns objects.\n\n"
            "<a href=\"#triplet-loss\"></a>The triplet loss.\n\n"
            "<a href=\"#metric-learning\"></a>See above.\n")})
    assert not imported.report.warnings
    doc = parse_html(built_page(tmp_path, imported, "/posts/ssl/"))
    article = doc.one("article")
    assert {"grasp2vec", "triplet-loss", "metric-learning"} <= article.ids()
    links = [a.get("href") for a in article.find_all("a")]
    assert "#grasp2vec" in links and "#triplet-loss" in links
    assert links.count("#metric-learning") == 1  # (the heading's id: the link kept)


def test_a_post_url_to_a_section_the_other_post_lacks(tmp_path: Path) -> None:
    """`[DQN]({% post_url … %}#dqn)` to a post with no such heading (renamed since): the
    old link led to the post's top, the new one broke the build ("no anchor"). It leads
    to the post, with a warning; one naming a heading by its text goes to the heading."""
    imported = imported_site(tmp_path, {
        "_posts/2018-02-19-rl.md": "---\ntitle: RL\n---\n\n## Deep Q-Network\n\nText.\n",
        "_posts/2018-04-08-pg.md": (
            "---\ntitle: PG\n---\n\n"
            "See [DQN]({{ site.baseurl }}{% post_url 2018-02-19-rl %}#dqn) and "
            "[the network]({% post_url 2018-02-19-rl %}#Deep%20Q-Network).\n")})
    assert [(w.path, w.message.split(":")[0]) for w in imported.report.warnings] == [
        ("_posts/2018-04-08-pg.md", "link `#dqn` to `2018-02-19-rl.md`")]
    article = parse_html(built_page(tmp_path, imported, "/posts/pg/")).one("article")
    links = {a.text(): a["href"] for a in article.find_all("a")}
    assert links["DQN"] == "/posts/rl/"
    assert links["the network"] == "/posts/rl/#deep-q-network"


MATHJAX_DOLLARS = """<script type="text/x-mathjax-config">
  MathJax.Hub.Config({ tex2jax: { inlineMath: [ ["$", "$"], ["\\\\(", "\\\\)"] ] } });
</script>
"""


def test_formulas_kramdown_read_escapes_in_and_a_colon_after_text(tmp_path: Path) -> None:
    """A Chinese ML blog on MathJax 2 with `$` for inline math: kramdown read the escapes
    in `$\\(s,t\\)$` (MathJax got `(s,t)`), which the import kept, an unknown command to
    TeX; and a table of optimizers' `$$g_t\\text{: 梯度}$$` lost `{: 梯度}`, taken for a
    kramdown attribute list (kramdown reads none in its math): `\\text` alone failed the
    build."""
    imported = imported_site(tmp_path, {
        "_includes/mathjax.html": MATHJAX_DOLLARS,
        "_posts/2020-03-02-ctc.md": (
            "---\ntitle: CTC\n---\n\n"
            "$α_{s,t}$ 表示到达坐标为 $\\(s,t\\)$ 的节点的概率。\n\n"
            "| 方法 | 参数 |\n| --- | --- |\n"
            "| SGD | $$g_t\\text{: 梯度} \\\\ \\gamma\\text{: 学习率}$$ |\n")})
    article = parse_html(built_page(tmp_path, imported, "/posts/ctc/")).one("article")
    formulas = [m.text() for m in article.find_all("math")]
    assert "(s,t)" in formulas
    # (the row's break, `\\`, breaks the line: a formula each side of a <br>)
    assert any("梯度" in f for f in formulas) and any("学习率" in f for f in formulas)
