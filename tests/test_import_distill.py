"""The distill importer (an R Markdown website, `_site.yml` with a `distill::` output) on
shapes of R bloggers' sites: posts in `_posts/<slug>/<slug>.Rmd` with the `.html` knitr
wrote beside them or only in the published folder, a collection listed by `index.Rmd`."""

from __future__ import annotations

import tomllib
from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site

_SITE = {
    "_site.yml": 'name: "field-notes"\ntitle: "Field notes"\ndescription: |\n'
                 "  Notes on priors and shrinkage\nbase_url: https://notes.example.org\n"
                 'output_dir: "docs"\nnavbar:\n  right:\n    - text: "About"\n'
                 "      href: about.html\noutput:\n  distill::distill_article:\n"
                 "    toc: true\ncollections:\n  posts:\n    share: [twitter]\n",
    "index.Rmd": '---\ntitle: "Posts"\nsite: distill::distill_website\nlisting: posts\n'
                 "---\n",
    "about.Rmd": '---\ntitle: "About"\n---\n\nI write about Bayesian models.\n',
    "drafts/hierarchy.md": "# Hierarchical priors\n\nNot rendered: not at the root.\n",
    "_posts/2022-05-01-priors/priors.Rmd": (
        '---\ntitle: "Flat priors"\ndescription: |\n  Why flat is not neutral\n'
        "date: 05-01-2022\npreview: priors_files/figure-html5/density-1.png\noutput:\n"
        "  distill::distill_article:\n    self_contained: false\n"
        "---\n\n```{r setup, include=FALSE}\nknitr::opts_chunk$set(echo = TRUE)\n```\n\n"
        "We draw `r n` values and average them, $\\bar{x}$:\n\n```{r draws}\nn <- 20\n"
        "mean(rnorm(n))\n```\n\nThe mean, `r round(m, 2)`, is near zero.\n\nTheir density:\n\n"
        "```{r density, echo=FALSE}\n"
        "plot(density(rnorm(n)))\n```\n\nThat is all.\n"),
    "_posts/2022-05-01-priors/priors.html": (
        "<!DOCTYPE html><html><head><title>Flat priors</title></head><body>\n"
        '<div class="d-article">\n<p>We draw 20 values and average them, '
        '<span class="math inline">\\(\\bar{x}\\)</span>:</p>\n'
        '<div class="layout-chunk" data-layout="l-body">\n<pre class="r"><code>\n'
        "n &lt;- 20\nmean(rnorm(n))</code></pre>\n<pre><code>\n[1] 0.1234</code></pre>\n"
        "</div>\n<p>The mean, 0.12, is near zero.</p>\n<p>Their density:</p>\n"
        '<div class="layout-chunk" data-layout="l-body">\n'
        '<p><img src="priors_files/figure-html5/density-1.png" width="624" /></p>\n</div>\n'
        "<p>That is all.</p>\n</div>\n"
        "<script>$('.layout-chunk').each(function(i, val) {});</script>\n</body></html>\n"),
    "_posts/2022-06-02-shrinkage/shrinkage.Rmd": (
        '---\ntitle: "Shrinkage"\ndate: 2022-06-02\n---\n\nThe path:\n\n'
        "```{r path, echo=FALSE}\nplot(fit)\n```\n"),
    "docs/posts/2022-06-02-shrinkage/index.html": (
        '<html><body><p>The path:</p>\n<div class="layout-chunk" data-layout="l-body">\n'
        '<div class="figure"><span style="display:block;" id="fig:path"></span>\n'
        '<img src="shrinkage_files/figure-html5/path-1.png" '
        'width="624" />\n<p class="caption">\nThe lasso path [log scale]\n</p>\n</div>\n'
        '<pre class="r-output"><code>lambda = 0.1\n</code></pre>\n<p><img src="data:image/'
        f'png;base64,{"iVBORw0KGgo" * 400}" /></p>\n'
        "</div>\n</body></html>\n"),
    "_posts/2022-06-02-shrinkage/path-sketch.Rmd": "---\ntitle: Sketch\n---\n\nA draft.\n",
    "_posts/2022-08-04-ridge/index.Rmd": '---\ntitle: "Ridge"\ndate: 2022-08-04\n---\n\nL2.\n',
    "_posts/2022-08-04-ridge/figures.Rmd": "---\ntitle: Figures\n---\n\nFor the post.\n",
    "_posts/2022-07-03-pooling/pooling.Rmd": (
        '---\ntitle: "Pooling"\ndate: 2022-07-03\n---\n\n```{r}\n1 + 1\n```\n\n```{r}\n'
        "2 + 2\n```\n"),
    "_posts/2022-07-03-pooling/pooling.html": (
        '<html><body><div class="layout-chunk" data-layout="l-body">\n'
        "<pre><code>## [1] 2</code></pre>\n</div>\n</body></html>\n"),
}


def test_a_distill_blogs_posts_keep_their_outputs(tmp_path: Path) -> None:
    """A distill blog was "a distill blog: Lanting has no importer for it". Its posts
    are the `.Rmd`s of `_posts/`, each chunk with what knitr put in the `.html` (the
    printed value, the figure), `include=FALSE` chunks left out, knitr's inline values
    filled in (as the page shows them, found by the words around them); a post whose
    `.html` is only in the published folder takes its outputs from there, figures too;
    a document in a folder (a draft) is no page, as R Markdown rendered the root's
    alone, nor one beside a post's article (its `<slug>.Rmd` or `index.Rmd`); a plot
    inlined as a `data:` address is no file (looked for as one, its name too long, it
    failed the import); one whose `.html` has fewer outputs than chunks keeps its code,
    with a warning, rather than outputs under the wrong chunks."""
    source = tmp_path / "blog"
    write_files(source, _SITE)
    (source / "_posts/2022-05-01-priors/priors_files/figure-html5").mkdir(parents=True)
    (source / "_posts/2022-05-01-priors/priors_files/figure-html5/density-1.png"
     ).write_bytes(png(6, 4))
    (source / "docs/posts/2022-06-02-shrinkage/shrinkage_files/figure-html5").mkdir(
        parents=True)
    (source / "docs/posts/2022-06-02-shrinkage/shrinkage_files/figure-html5/path-1.png"
     ).write_bytes(png(5, 4))
    assert detect(source) == "distill"
    done = import_site(source, tmp_path / "new")
    warnings = [(w.path, w.message) for w in done.report.warnings]
    assert warnings == [("_posts/2022-07-03-pooling/pooling.Rmd", "2 code cell(s) with no "
                         "frozen results (no rendered `.html` whose outputs match its "
                         "chunks, one by one): shown as code, without their outputs (Quarto "
                         "ran them; Lanting runs no code)")]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [w for w in result.warnings if "cell Quarto runs" not in w.message] == []
    priors = (done.dest / "content/posts/2022-05-01-priors/index.md").read_text(
        encoding="utf-8")
    assert "\ncover: density-1.png\n" in priors
    assert [n.path for n in done.report.entries if "no `lang`" in n.message] == [
        "_site.yml"]
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "https://notes.example.org/"
    assert [m["url"] for m in config["menu"]] == ["/blog/", "/about/"]
    assert sorted(p.name for p in (done.dest / "content/pages").iterdir()) == ["about.md"]
    posts = sorted(p.parent.name for p in (result.output / "posts").glob("*/index.html"))
    assert posts == ["2022-05-01-priors", "2022-06-02-shrinkage", "2022-07-03-pooling",
                     "2022-08-04-ridge"]
    shrinkage = parse_html((result.output / "posts/2022-06-02-shrinkage/index.html")
                           .read_text(encoding="utf-8")).one("div", class_="prose")
    assert [(img["src"].rsplit("/", 1)[-1][:20], img["alt"]) for img in
            shrinkage.find_all("img")] == [("path-1.png", "The lasso path [log scale]"),
                                           ("png;base64,iVBORw0KG", "")]
    assert "lambda = 0.1" in shrinkage.text()
    page = parse_html((result.output / "posts/2022-05-01-priors/index.html").read_text(
        encoding="utf-8"))
    prose = page.one("div", class_="prose")
    text = prose.text()
    assert "We draw 20 values" in text and "knitr::opts_chunk" not in text
    assert "The mean, 0.12, is near zero." in text
    assert "n <- 20" in text and "[1] 0.1234" in text and "{r" not in text
    assert [img["src"].rsplit("/", 1)[-1] for img in prose.find_all("img")] == [
        "density-1.png"]


def test_links_by_old_url_bold_over_lines_and_a_captions_footnote(tmp_path: Path) -> None:
    """Three shapes of an R blogger's distill posts, each of which failed or broke:
    a link to another post by the page distill published (`../ci-one/index.html`, no
    file of the project) was dropped as broken; bold that Pandoc closed on the next
    line (`**Warning:⏎do not.** Then`) had its closing stars escaped, with a build
    warning; an image whose caption holds a footnote with a link over two lines kept
    its path from the post's folder, and the build failed on it."""
    source = tmp_path / "blog"
    write_files(source, {
        "_site.yml": 'name: "ci"\ntitle: "CI notes"\noutput_dir: "docs"\n'
                     "output:\n  distill::distill_article: default\n",
        "index.Rmd": '---\ntitle: "Posts"\nsite: distill::distill_website\n'
                     "listing: posts\n---\n",
        "_posts/ci-one/ci-one.Rmd": '---\ntitle: "One"\ndate: 2020-01-02\n---\n\nFirst.\n',
        "_posts/ci-two/ci-two.Rmd": (
            '---\ntitle: "Two"\ndate: 2020-02-03\n---\n\n'
            "See the [earlier post](../ci-one/index.html). Keep a copy.^[**Warning:\n"
            "do not reuse keys.** Then go on.]\n\n"
            "![A runner.^[Drawn with [a tool](https://example.org/draw)\n"
            "and edited.]](img/runner.png)\n"),
        "_posts/ci-two/img/runner.png": png(4, 3),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "posts/ci-two/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    links = {a.text(): a.get("href") for a in prose.find_all("a")}
    assert links["earlier post"] == "/posts/ci-one/"
    assert "Warning: do not reuse keys." in [" ".join(s.text().split())
                                             for s in prose.find_all("strong")]
    assert "**" not in prose.text()
    [image] = prose.find_all("img")
    assert (result.output / image["src"].lstrip("/")).is_file()


def test_an_inline_value_over_two_lines_is_the_pages(tmp_path: Path) -> None:
    """knitr's inline code over a line end (`` `r round(m,⏎2)` ``) takes the value the
    post's rendered page shows in its place, as one on a line does; it was code."""
    source = tmp_path / "blog"
    write_files(source, {
        "_site.yml": 'name: "m"\ntitle: "M"\noutput:\n  distill::distill_article: default\n',
        "index.Rmd": '---\ntitle: "Posts"\nsite: distill::distill_website\n'
                     "listing: posts\n---\n",
        "_posts/mean/mean.Rmd": (
            '---\ntitle: "Mean"\ndate: 2021-04-05\n---\n\n```{r, include=FALSE}\n'
            "m <- mean(rnorm(9))\n```\n\nThe sample mean was `r round(m,\n2)` on that day.\n"),
        "_posts/mean/mean.html": (
            "<html><body><p>The sample mean was 0.31 on that day.</p></body></html>\n"),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/mean.md").read_text(encoding="utf-8")
    assert "The sample mean was 0.31 on that day." in text
