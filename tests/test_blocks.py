"""Authoring blocks (issue 33): tabs, details, `@fig:` references, galleries, image zoom,
related posts and the "this post is N years old" notice, on the parsed pages of
tests/sites/blocks (a Chinese RL notes blog) and on single documents for the errors."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from htmltree import Element, parse_html
from sitebits import read
from test_recorded_dependencies import _incremental_equals_clean, _write

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.markdown.render import render_markdown, resolve_links
from lanting.model.markdown import RenderContext
from lanting.model.pages import Body, Page
from lanting.site.assemble import replace_page
from lanting.site.related import related_posts

SITE = Path(__file__).parent / "sites" / "blocks"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    site = tmp_path_factory.mktemp("blocks") / "site"
    shutil.copytree(SITE, site)
    result = build(site, BuildOptions(output=site / "public", cache=False, jobs=1))
    return site / "public", result


def _post(built: tuple[Path, BuildResult], slug: str) -> Element:
    return read(built[0], f"posts/{slug}/index.html")


def _prose(built: tuple[Path, BuildResult], slug: str) -> Element:
    return _post(built, slug).one(class_="prose")


def _problems(text: str, lang: str = "zh-CN") -> list[str]:
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md", lang=lang))
    return [f"{p.line}: {p.message}" for p in rendered.problems]


def test_the_fixture_builds_without_a_warning(built: tuple[Path, BuildResult]) -> None:
    assert built[1].warnings == ()


def test_tabs_are_radio_buttons_with_labels_and_one_panel_each(
        built: tuple[Path, BuildResult]) -> None:
    tabs = _prose(built, "ppo-three-ways").one(class_="tabs")
    inputs = tabs.find_all("input", class_="tab-input")
    labels = tabs.find_all("label", class_="tab-label")
    panels = [e for e in tabs.elements() if "tab-panel" in e.classes]
    assert [label.text() for label in labels] == ["PyTorch", "JAX", "伪代码"]
    assert {i["type"] for i in inputs} == {"radio"}
    assert len({i["name"] for i in inputs}) == 1, "one radio group per block"
    assert [label["for"] for label in labels] == [i["id"] for i in inputs]
    assert ["checked" in i.attrs for i in inputs] == [True, False, False]
    # Each panel directly follows its label (the CSS shows `:checked + label + panel`).
    order = [e.tag for e in tabs.elements()]
    assert order == ["input", "label", "div"] * 3
    assert "torch.min" in panels[0].text() and "jnp.minimum" in panels[1].text()
    assert len(panels[2].find_all("li")) == 3 and panels[2].find("math") is not None


def test_a_tab_title_is_markdown_with_its_formula_and_code() -> None:
    """`=== "已知 $z^{(i)}$ 时"` (an ML course's EM notes): MkDocs rendered the formula in
    the tab's title, Lanting showed its TeX; a title is Markdown now, as a callout's."""
    text = ('=== "已知 $z^{(i)}$ 时"\n\n    直接取对数似然。\n\n=== "用 `torch.distributions`"\n\n'
            "    调库。\n")
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md", lang="zh-CN"))
    assert rendered.problems == ()
    tabs = parse_html(rendered.html).one(class_="tabs")
    first, second = tabs.find_all("label", class_="tab-label")
    assert first.find("math") is not None and "$" not in first.text()
    assert first.text().startswith("已知") and first.text().endswith("时")
    assert second.one("code").text() == "torch.distributions"
    assert [e.tag for e in tabs.children if isinstance(e, Element)] == ["input", "label",
                                                                         "div"] * 2


def test_details_are_native_and_open_when_asked(built: tuple[Path, BuildResult]) -> None:
    details = _prose(built, "ppo-three-ways").find_all("details", class_="details")
    assert [d.one("summary").text() for d in details] == ["为什么要取最小值？", "附：超参数表"]
    assert ["open" in d.attrs for d in details] == [False, True]
    assert details[0].find("strong").text() == "下界"
    assert details[1].find("table") is not None


def test_figure_references_name_numbered_figures(built: tuple[Path, BuildResult]) -> None:
    prose = _prose(built, "ppo-three-ways")
    figures = {f["id"]: f for f in prose.find_all("figure", class_="figure")}
    assert set(figures) == {"fig:arch", "fig:clip"}
    assert figures["fig:arch"].one("figcaption").text() == "图 1 Actor、Critic 与经验回放的关系"
    # A figure inside a collapsible block is numbered in reading order too.
    assert figures["fig:clip"].one(class_="figure-label").text() == "图 2"
    refs = [(a["href"], a.text()) for a in prose.find_all("a", class_="figref")]
    assert refs == [("#fig:arch", "图 1"), ("#fig:clip", "图 2"), ("#fig:arch", "图 1")]


def test_galleries_put_each_image_in_a_captioned_figure(
        built: tuple[Path, BuildResult]) -> None:
    gallery = _prose(built, "ppo-three-ways").one(class_="gallery")
    items = gallery.find_all("figure", class_="gallery-item")
    assert [i.one("figcaption").text() for i in items] == ["CartPole-v1", "Hopper-v4",
                                                            "Humanoid"]
    for item in items:
        image = item.one("img")
        assert (image["width"], image["height"]) == ("320", "240")
        assert image["src"].startswith("/posts/ppo-three-ways/")
        assert (built[0] / image["src"].lstrip("/")).is_file()
    assert gallery.find("p") is None, "no paragraph around the images"


def _scripts(page: Element) -> list[str]:
    return [s["src"].split("?")[0].rsplit("/", 1)[-1] for s in page.find_all("script")
            if s.get("src")]


def test_image_zoom_is_a_deferred_script_only_where_there_are_images(
        built: tuple[Path, BuildResult]) -> None:
    with_images = _post(built, "trip")
    zoom = [s for s in with_images.find_all("script") if "zoom.js" in s.get("src", "")]
    assert len(zoom) == 1 and "defer" in zoom[0].attrs
    assert "zoom.js" not in _scripts(_post(built, "gae"))
    assert (built[0] / "assets" / "zoom.js").is_file()


def _related(built: tuple[Path, BuildResult], slug: str) -> list[str]:
    nav = _post(built, slug).find("nav", class_="related-posts")
    return [] if nav is None else [a["href"] for a in nav.find_all("a")]


def test_related_posts_follow_shared_tags_and_series(built: tuple[Path, BuildResult]) -> None:
    # Two shared tags first, then one; newer before older among equals.
    assert _related(built, "ppo-three-ways") == ["/posts/gae/", "/posts/value-clip/",
                                                 "/posts/dqn-2019/"]
    assert _related(built, "gae")[0] == "/posts/ppo-three-ways/"
    assert _related(built, "zero-1") == ["/posts/zero-2/"]  # same series, no tags
    assert _related(built, "trip") == []  # nothing in common: no section at all
    assert _post(built, "trip").find(class_="related-posts") is None


def test_outdated_notice_carries_the_date_and_is_shown_by_the_reader(
        built: tuple[Path, BuildResult]) -> None:
    old = _post(built, "dqn-2019").one("p", class_="outdated-notice")
    assert "hidden" in old.attrs and old.text() == ""
    assert (old["data-since"], old["data-after-days"]) == ("2019-03-08", "365")
    assert old["data-years"] == "本文最后更新于 {n} 年前，其中的信息可能已经过时。"
    updated = _post(built, "zero-1").one("p", class_="outdated-notice")
    assert updated["data-since"] == "2025-07-01", "the last update counts, not the date"
    assert "outdated.js" in _scripts(_post(built, "dqn-2019"))


def test_no_notice_and_no_related_posts_when_turned_off(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    toml = site / "lanting.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        "related_posts = 3", "related_posts = 0").replace(
        "outdated_after_days = 365", "outdated_after_days = 0"), encoding="utf-8")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, cache=False, jobs=1))
    page = read(out, "posts/dqn-2019/index.html")
    assert page.find(class_="outdated-notice") is None
    assert page.find(class_="related-posts") is None
    assert "outdated.js" not in _scripts(page)


def test_a_negative_setting_is_an_error(tmp_path: Path) -> None:
    from lanting.errors import LantingError
    site = tmp_path / "site"
    _write(site / "lanting.toml", 'title = "T"\n[blog]\nrelated_posts = -1\n')
    with pytest.raises(LantingError, match="related_posts"):
        build(site, BuildOptions(output=tmp_path / "out", cache=False))


def test_related_lists_of_other_posts_follow_a_retagged_post(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    _incremental_equals_clean(site, tmp_path)
    trip = site / "content/posts/trip/index.md"
    _write(trip, trip.read_text(encoding="utf-8").replace("tags: [旅行]",
                                                          "tags: [旅行, 强化学习, PPO]"))
    _incremental_equals_clean(site, tmp_path)
    assert read(site / "public", "posts/gae/index.html").one(
        class_="related-posts").find("a", href="/posts/trip/") is not None


def test_related_lists_are_kept_in_the_build_cache_while_what_they_read_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build chooses related posts again only when a post's title, summary, tags,
    categories, series or date changed (half a second at 4,000 posts); the lists it
    keeps are the ones a clean build chooses."""
    import lanting.site.related as related

    chosen: list[int] = []
    real = related.related_posts

    def counted(posts: tuple[Page, ...], count: int) -> dict[str, tuple[Page, ...]]:
        chosen.append(len(posts))
        return real(posts, count)

    monkeypatch.setattr(related, "related_posts", counted)
    site = tmp_path / "site"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns(".lanting"))  # a cold cache
    options = BuildOptions(output=site / "public")
    build(site, options)
    assert len(chosen) == 1
    gae = site / "content/posts/gae.md"
    _write(gae, gae.read_text(encoding="utf-8") + "\nOne more paragraph.\n")
    build(site, options)
    assert len(chosen) == 1, "a text edit chose the related posts again"
    trip = site / "content/posts/trip/index.md"
    _write(trip, trip.read_text(encoding="utf-8").replace("tags: [旅行]",
                                                          "tags: [旅行, 强化学习, PPO]"))
    _incremental_equals_clean(site, tmp_path)
    assert len(chosen) >= 2


def _related_urls(related: dict[str, tuple[Page, ...]]) -> dict[str, list[str]]:
    return {url: [p.url for p in pages] for url, pages in related.items()}


def test_a_live_edit_of_the_text_keeps_every_related_list(
        built: tuple[Path, BuildResult]) -> None:
    # `lanting serve` swaps an edited page into the model; choosing related posts again
    # for every post of a big blog on each save would hold the browser up.
    site = built[1].site
    assert site is not None
    gae = next(p for p in site.posts if p.url == "/posts/gae/")
    edited = replace(gae, body=Body.of("<p>new text</p>"), reading_minutes=9)
    after = replace_page(site, gae, edited)
    assert _related_urls(after.related) == _related_urls(site.related)
    assert after.related["/posts/ppo-three-ways/"][0] is edited, "the new page is listed"
    assert all(p is not gae for pages in after.related.values() for p in pages)


def test_a_live_edit_of_the_title_chooses_related_posts_again(
        built: tuple[Path, BuildResult]) -> None:
    site = built[1].site
    assert site is not None
    trip = next(p for p in site.posts if p.url == "/posts/trip/")
    retitled = replace(trip, title="PPO GAE value clip 价值裁剪 优势估计")
    after = replace_page(site, trip, retitled)
    posts = tuple(retitled if p is trip else p for p in site.posts)
    assert _related_urls(after.related) == _related_urls(
        related_posts(posts, site.config.blog.related_posts))
    assert _related_urls(after.related)["/posts/trip/"] == ["/posts/gae/",
                                                            "/posts/value-clip/"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Text.\n\n@tab Lost\n", "3: `@tab` outside a `::: tabs` block"),
    ("::: tabs\nNo title.\n:::\n", "1: `::: tabs` has no `@tab` title"),
    ("::: tabs\nBefore.\n@tab A\nA.\n:::\n", "1: `::: tabs` has content before its first"),
    ("See @fig:none.\n", "1: `@fig:none` refers to no labelled figure"),
    ("See [-@fig:none].\n", "1: `@fig:none` refers to no labelled figure"),
    ('![a](a.png "A"){#fig:x}\n\n![b](b.png "B"){#fig:x}\n',
     "3: figure label `{#fig:x}` is used twice"),
    ("::: gallery\n![a](a.png)\nand some words\n:::\n", "2: a `::: gallery` holds only images"),
])
def test_mistakes_are_reported_at_their_line(text: str, expected: str) -> None:
    problems = _problems(text)
    assert any(p.startswith(expected) for p in problems), problems


def test_an_untitled_labelled_image_is_a_figure_captioned_by_its_alt_text() -> None:
    html = render_markdown("![Loss curve](loss.png){#fig:loss}\n\nSee @fig:loss.\n",
                           RenderContext(Path("p.md"), "p.md", lang="en")).html
    assert '<figure class="figure" id="fig:loss">' in html
    assert "Figure 1</span> Loss curve</figcaption>" in html
    assert '<a class="figref" href="#fig:loss">Figure 1</a>' in html


def test_bracketed_figure_references_are_pandocs() -> None:
    """Pandoc's `[-@fig-x]` is the number alone (a book writes `Figure [-@fig-x]`, as
    bookdown's `Figure \\@ref(fig:x)` showed "Figure 1.2") and `[@fig-x]` a reference:
    both showed their brackets and minus around it, "Figure [-Figure 1]". Words before
    it in the brackets, `[see @fig-x]`, are Pandoc's too: the brackets not shown."""
    html = render_markdown("![Loss curve](loss.png){#fig-loss}\n\nSee Figure [-@fig-loss], "
                           "or [@fig-loss]; [see @fig-loss] loses its brackets.\n",
                           RenderContext(Path("p.md"), "p.md", lang="en")).html
    link = '<a class="figref" href="#fig-loss">'
    assert (f"See Figure {link}1</a>, or {link}Figure 1</a>; see {link}Figure 1</a> "
            "loses") in html


def test_a_caption_is_markdown_its_formulas_and_links_render() -> None:
    """Quarto's and pandoc's caption is the alt text of a labelled image; a Hugo figure's
    caption (imported as the title) is Markdown too. A formula there was shown as raw
    TeX (`Loss \\mathcal{L}`), a link as `[the paper](…)`, with no warning."""
    context = RenderContext(Path("/s/content/posts/p.md"), "posts/p.md", lang="en")
    rendered = render_markdown(
        "![Loss $\\mathcal{L}$ per step, from [the run](runs.md) *smoothed*](loss.png)"
        "{#fig-loss}\n\n"
        '![Attention](attn.png "Heads of layer 3, after [the paper](https://arxiv.org/abs/'
        '1706.03762), **not** $W_O$")\n\n'
        '- inline ![x](x.png "a *tip*")\n', context)
    page = parse_html(resolve_links(rendered, {"posts/runs.md": "/posts/runs/"},
                                    context.path).html)
    first, second = page.find_all("figure")
    caption = first.one("figcaption")
    assert caption.find("math") is not None and caption.one("em").text() == "smoothed"
    assert caption.one("a")["href"] == "/posts/runs/"
    assert "mathcal" not in caption.text() and "$" not in caption.text()
    caption = second.one("figcaption")
    assert caption.text().startswith("Figure 2 Heads of layer 3, after the paper, not")
    assert caption.one("a")["href"] == "https://arxiv.org/abs/1706.03762"
    assert caption.one("strong").text() == "not" and caption.find("math") is not None
    # (the caption says it under the image: no tooltip repeating it as written)
    assert second.one("img").get("title") is None and second.one("img")["alt"] == "Attention"
    listed = page.one("li").one("img")
    assert listed["title"] == "a *tip*" and page.one("li").find("figcaption") is None
    assert rendered.problems == ()


def test_a_labelled_image_in_a_list_item_is_a_figure_others_stay_inline() -> None:
    """A real Quarto post shows a linkage under a list item (`  ![…](x.gif){#fig-link}`)
    and refers to it: "`@fig-link` refers to no labelled figure" failed its build, as
    figures were made only outside lists. Quarto numbers it; a titled image in a list
    (no label asked for a figure) stays an inline image."""
    html = parse_html(render_markdown(
        "See @fig-link.\n\n- **Input**: the arm.\n\n  ![Crank and rocker](link.gif)"
        "{#fig-link}\n\n- two ![x](x.png \"tip\")\n\n> ![Quoted](q.png){#fig-q}\n",
        RenderContext(Path("p.md"), "p.md", lang="en")).html)
    figures = html.find_all("figure")
    assert [(f["id"], f.one("figcaption").text()) for f in figures] == [
        ("fig-link", "Figure 1 Crank and rocker"), ("fig-q", "Figure 2 Quoted")]
    assert html.one("a", class_="figref")["href"] == "#fig-link"
    assert html.find_all("li")[1].find("figure") is None



def test_a_figure_div_of_code_or_a_diagram_is_a_numbered_figure() -> None:
    """Quarto's figure div around what is no image (`::: {#fig-rule}` holding a code
    listing, one holding a diagram) is a numbered figure, counted with the image figures
    in the page's order; its last paragraph is the caption, and without one the caption
    is its number alone. `@fig-rule` read as the caption's words (an unnumbered anchor)."""
    rendered = render_markdown(
        "By @fig-rule and @fig-flow, not @fig-photo.\n\n"
        "![A photo](p.png){#fig-photo}\n\n"
        "::: {#fig-rule}\n```text\nstop when k > 3\n```\n\nThe *stopping* rule.\n:::\n\n"
        "::: {#fig-flow}\n```mermaid\nflowchart LR\n  A --> B\n```\n:::\n",
        RenderContext(Path("p.md"), "p.md", lang="en"))
    html = parse_html(rendered.html)
    figures = html.find_all("figure")
    assert [(f["id"], f.one("figcaption").text()) for f in figures] == [
        ("fig-photo", "Figure 1 A photo"), ("fig-rule", "Figure 2 The stopping rule."),
        ("fig-flow", "Figure 3")]
    assert "stop when k" in figures[1].one("pre").text()
    assert figures[1].one("figcaption").one("em").text() == "stopping"
    refs = [(a["href"], a.text()) for a in html.find_all("a", class_="figref")]
    assert refs == [("#fig-rule", "Figure 2"), ("#fig-flow", "Figure 3"),
                    ("#fig-photo", "Figure 1")]
    # (no "plain block" warning for the divs: the mermaid one's is about its drawing)
    assert [p.message for p in rendered.problems if "Mermaid" not in p.message] == []



def test_a_figure_divs_caption_goes_on_top_when_asked() -> None:
    """`fig-cap-location="top"` on a figure div (Quarto's) puts the caption above what
    it holds; without it, below."""
    html = parse_html(render_markdown(
        '::: {#fig-a fig-cap-location="top"}\n```text\na\n```\n\nAbove.\n:::\n\n'
        "::: {#fig-b}\n```text\nb\n```\n\nBelow.\n:::\n",
        RenderContext(Path("p.md"), "p.md", lang="en")).html)
    top, bottom = html.find_all("figure")
    assert [c.tag for c in top.children if not isinstance(c, str)][0] == "figcaption"
    assert [c.tag for c in bottom.children if not isinstance(c, str)][-1] == "figcaption"
    assert top.one("figcaption").text() == "Figure 1 Above."



def test_a_figure_divs_labelled_images_are_its_subfigures() -> None:
    """Quarto's subfigures, labelled images in a figure div: `@fig-acc` reads
    "Figure 2(b)" and each image is captioned "(a) Loss" by its alt text, as Quarto
    showed them (a reference read the alt text alone)."""
    rendered = render_markdown(
        "![Setup](s.png){#fig-setup}\n\n"
        "::: {#fig-runs layout-ncol=2}\n![Loss](loss.png){#fig-loss}\n\n"
        "![Accuracy](acc.png){#fig-acc}\n\nTwo views of one run.\n:::\n\n"
        "@fig-acc rises; @fig-runs has both.\n",
        RenderContext(Path("p.md"), "p.md", lang="en"))
    html = parse_html(rendered.html)
    runs = html.one("figure", id="fig-runs")
    subs = runs.find_all("figure", class_="subfigure")
    assert [(f["id"], f.one("figcaption").text()) for f in subs] == [
        ("fig-loss", "(a) Loss"), ("fig-acc", "(b) Accuracy")]
    assert runs.find_all("figcaption")[-1].text() == "Figure 2 Two views of one run."
    refs = [(a["href"], a.text()) for a in html.find_all("a", class_="figref")]
    assert refs == [("#fig-acc", "Figure 2(b)"), ("#fig-runs", "Figure 2")]
    assert rendered.problems == ()



def test_a_figure_div_holding_tabs_closes_after_them() -> None:
    """A figure div around a tab set of plots (one tab a plot, as a report's freeze
    writes them): the first tab's panel ended the figure and its caption went there."""
    html = parse_html(render_markdown(
        ":::: {#fig-pair}\n::: tabs\n@tab a\n![](a.png)\n\n@tab b\n![](b.png)\n:::\n\n"
        "Both runs.\n::::\n",
        RenderContext(Path("p.md"), "p.md", lang="en")).html)
    figure = html.one("figure", id="fig-pair")
    assert len(figure.find_all("img")) == 2
    assert figure.one("figcaption").text() == "Figure 1 Both runs."
    assert [c.tag for c in figure.children if not isinstance(c, str)] == ["div", "figcaption"]


def test_details_without_a_title_get_a_localised_one() -> None:
    for lang, title in (("zh-CN", "详情"), ("en", "Details")):
        html = render_markdown("::: details\nHidden.\n:::\n",
                               RenderContext(Path("p.md"), "p.md", lang=lang)).html
        assert f"<summary>{title}</summary>" in html


def test_nested_blocks_use_a_longer_outer_fence() -> None:
    text = (":::: tabs\n@tab One\n::: details Inner\nDeep.\n:::\n@tab Two\nTwo.\n::::\n")
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md"))
    assert not rendered.problems
    assert rendered.html.count('class="tab-panel"') == 2
    assert "<summary>Inner</summary>" in rendered.html


def test_a_details_title_is_markdown() -> None:
    """`::: details 推导 $x^2$` showed the dollars; the title renders as the text does."""
    rendered = render_markdown("::: details 推导 $x^2$ 与 `eps` {open}\nHidden.\n:::\n",
                               RenderContext(Path("p.md"), "p.md"))
    summary = parse_html(rendered.html).one("summary")
    assert summary.find("math") is not None and summary.find("code") is not None
    assert "$" not in summary.text() and "{open}" not in summary.text()
    assert '<details class="details" open>' in rendered.html and not rendered.problems


def test_a_vitepress_code_group_is_tabs_of_its_code_blocks() -> None:
    """`::: code-group` (VitePress) printed `::: code-group` and `:::` as text around the
    code blocks, silently; each fence is a tab named by its `[title]` (or language)."""
    text = ("::: code-group\n\n```sh [npm]\nnpm install\n```\n\n```sh [pnpm]\npnpm i\n```\n\n"
            "```python\nprint(1)\n```\n\n:::\n")
    rendered = render_markdown(text, RenderContext(Path("p.md"), "p.md"))
    assert rendered.problems == ()
    tabs = parse_html(rendered.html).one(class_="tabs")
    assert [label.text() for label in tabs.find_all("label", class_="tab-label")] == [
        "npm", "pnpm", "python"]
    panels = [e for e in tabs.elements() if "tab-panel" in e.classes]
    assert [p.one("code").text() for p in panels] == ["npm install", "pnpm i", "print(1)"]
    assert tabs.find(class_="code-title") is None  # the tab shows the title
    assert ":::" not in parse_html(rendered.html).text()
