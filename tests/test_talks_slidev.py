"""Talks written for Slidev: a deck's `slides.md` copied into content/talks/ builds as
Slidev showed it (its layouts, speaker notes, click steps shown at once), and what only
Slidev's Vue could show is a warning at its line.

The golden site `tests/sites/slidev` holds a deck laid out as Slidev's starter and real
conference decks are: a headmatter of deck settings, slides opening with front matter of
their own, `::right::` slots, `<v-clicks>`, notes as each slide's last comment, a part in
another file (`src: ./pages/results.md`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.content.slidev import is_slidev_deck
from lanting.errors import LantingError
from lanting.model.content import Kind, Source

SITE = Path(__file__).parent / "sites" / "slidev"
DECK = (SITE / "content/talks/pp-bubbles/index.md").read_text(encoding="utf-8")
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"></svg>'


def _line(text: str, needle: str) -> int:
    return text.split("\n").index(next(x for x in text.split("\n") if needle in x)) + 1


def columns_text(box: Element) -> list[str]:
    """Each column's text, formulas left out."""
    return [" ".join(" ".join(t.text() for tag in ("th", "td", "p") for t in c.find_all(tag)
                              if t.find("math") is None).split())
            for c in box.find_all(class_="slide-column")]


def _deck(site: Path, slug: str) -> list[Element]:
    """The slides of the deck of talk `slug` built into `site`/public."""
    page = parse_html((site / f"public/talks/{slug}/slides/index.html").read_bytes())
    return page.find_all("section", class_="slide-frame")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    """(the output folder, the build's result) of the golden site."""
    out = tmp_path_factory.mktemp("slidev") / "public"
    return out.parent, build(SITE, BuildOptions(output=out, cache=False, jobs=1))


def test_a_slidev_deck_builds_with_a_warning_for_what_only_vue_shows(
        built: tuple[Path, BuildResult]) -> None:
    """Before, the deck's settings stopped the build (`theme`, `layout`: unknown keys);
    without them its slides' front matter showed as text, its notes vanished (HTML
    comments) and its components rendered as nothing."""
    _, result = built
    assert sorted((w.line, w.message) for w in result.warnings) == [
        (_line(DECK, "<carbon-logo-github />"),
         "Slidev's icon `<carbon-logo-github>` is not shown"),
        (_line(DECK, "<style>"), "a slide's `<style>` is not applied"),
        (_line(DECK, "<mdi-arrow-right />"), "Slidev's icon `<mdi-arrow-right>` is not shown"),
        (_line(DECK, "{{ $slidev"),
         "Vue's `{{ $slidev.nav.currentPage }}` is not evaluated: left out"),
    ]


def test_slides_follow_slidevs_separators_and_hidden_slides_stay_out(
        built: tuple[Path, BuildResult]) -> None:
    site, _ = built
    frames = _deck(site, "pp-bubbles")
    titles = [f.find_all("h1")[0].text() for f in frames]
    assert titles == ["流水线并行里的气泡", "气泡有多大", "1F1B 调度", "交错调度", "Zero Bubble",
                      "实测", "小结", "对比", "谢谢"]  # (`hide: true` left out "备用页")
    text = " ".join(f.text() for f in frames)
    for leftover in ("layout:", "transition:", "::right::", "::left::", "v-click", "{{",
                     "```yaml", "magic-move", "[click]"):
        assert leftover not in text


def test_layouts_place_columns_backgrounds_and_centred_slides(
        built: tuple[Path, BuildResult]) -> None:
    site, _ = built
    boxes = [f.one(class_="slide") for f in _deck(site, "pp-bubbles")]
    assert boxes[0]["class"].split() == ["slide", "slide-first", "slidev", "slidev-cover",
                                         "slide-lead", "text-center"]
    assert boxes[0].one(class_="slide-bg").one("img")["src"] == "/images/cover.svg"
    assert "slide-lead" not in boxes[1]["class"]
    columns = boxes[2].find_all(class_="slide-column")
    assert [c.one("h1").text() for c in columns] == ["1F1B 调度", "显存"]
    assert columns[1].one("div", class_="mt-4").get("v-click") is None
    assert "slide-split-right" in boxes[3]["class"]
    assert boxes[3].one(class_="slide-bg-right").one("img")["src"] == "/images/schedule.svg"
    assert boxes[3].find("style") is None
    assert "slide-lead" in boxes[4]["class"]
    header = boxes[7].one("h1")  # two-cols-header: the header spans both columns
    assert header.parent is boxes[7]
    assert [c.find("table") is not None for c in boxes[7].find_all(class_="slide-column")] \
        == [True, False]
    assert columns_text(boxes[7]) == ["调度 气泡 GPipe", "第 页：结论见论文，零气泡。"]
    assert boxes[7].one("span", class_="text-teal-500").get("v-click") is None
    assert "slidev-end" in boxes[8]["class"]
    # pages/results.md: its own front matter, its image from `image`, its HTML grid
    assert "slide-split-left" in boxes[5]["class"]
    assert boxes[5].one(class_="slide-bg-left").one(class_="marp-bg-contain") is not None
    assert [d.text() for d in boxes[6].one(class_="grid-cols-2").find_all("li")] == [
        "气泡来自填充与排空", "交错调度与零气泡各有代价"]
    assert boxes[8].one("a")["href"] == "https://twitter.com/i/status/1390115482657726468"


def test_notes_are_each_slides_last_comment_without_click_markers(
        built: tuple[Path, BuildResult]) -> None:
    site, _ = built
    notes = {f["id"]: f.one("aside", class_="slide-notes").text()
             for f in _deck(site, "pp-bubbles") if f.find("aside", class_="slide-notes")}
    assert notes == {"1": "先自我介绍，再说今天的三部分。", "2": "先说记号。再说比例：m 越大越好。",
                     "4": "这里停一下，问大家有没有问题。", "6": "数据来自论文表 3。"}
    article = parse_html((site / "public/talks/pp-bubbles/index.html").read_bytes())
    assert [s.one(class_="talk-notes").find_all("p")[-1].text()
            for s in article.find_all("li", class_="talk-slide")
            if s.find(class_="talk-notes")] == list(notes.values())


def test_code_steps_math_steps_and_magic_move(built: tuple[Path, BuildResult]) -> None:
    """`{2,3|5}{lines:true,startLine:10}` is the first step's lines, numbered from 10;
    `$$ {1|2|all}` is a formula; a magic-move block is its last step's code."""
    site, _ = built
    boxes = [f.one(class_="slide") for f in _deck(site, "pp-bubbles")]
    lines = boxes[2].find_all("span", class_="line")
    assert [line.one(class_="ln")["data-ln"] for line in lines] == ["10", "11", "12", "13",
                                                                     "14"]
    assert ["hl" in line["class"] for line in lines] == [False, True, True, False, False]
    assert boxes[1].one(class_="math-display").find("math") is not None
    code = boxes[4].one("code").text()
    assert "backward_b" in code and "loss.backward()" not in code
    assert boxes[2].one("figure", class_="video-youtube") is not None


def _source(tmp_path: Path) -> Source:
    path = tmp_path / "content/talks/t.md"
    return Source(path, PurePosixPath("talks/t.md"), Kind.TALK, "")


@pytest.mark.parametrize(("data", "body", "expected"), [
    ({"title": "T", "drawings": {"persist": False}}, "# A\n", True),
    ({"title": "T", "layout": "cover"}, "# A\n", True),
    ({"title": "T"}, "# A\n\n---\nlayout: center\nclass: text-center\n---\n\n# B\n", True),
    ({"title": "T"}, "# A\n\n---\n\n```yaml\n---\nlayout: center\n---\n```\n", False),
    ({"title": "T"}, "## A\n---\n## B\nNote:\n讲稿\n---\n## C\n", False),
    ({"title": "T", "layout": "talk"}, "## A\n", False),
    ({"title": "T", "theme": "gaia", "paginate": True}, "## A\n", False),
    ({"title": "T", "marp": True, "background": "x.png"}, "## A\n", False),
])
def test_which_talks_are_slidev_decks(data: dict[str, object], body: str, expected: bool,
                                      tmp_path: Path) -> None:
    """A setting only Slidev has, a layout of Slidev's, or a slide opening with
    Slidev's front matter; a Lanting talk (`---` right above a heading), a page moved
    from Jekyll (`layout: talk`) and a Marp deck are not."""
    assert is_slidev_deck(_source(tmp_path), dict(data), body) is expected


def test_a_lanting_talk_with_dashes_right_above_headings_is_unchanged(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/t.md": "---\ntitle: T\ndate: 2026-01-01\n---\n"
                                            "## A\n---\n## B\nNote:\n讲稿\n"})
    build_site(site)
    frames = _deck(site, "t")
    assert [f.one("h2").text() for f in frames] == ["A", "B"]
    assert frames[1].one("aside", class_="slide-notes").text() == "讲稿"


HEAD = "---\ntitle: T\ndate: 2026-01-01\ndrawings:\n  persist: false\n---\n"


def test_an_unclosed_slide_front_matter_is_an_error_at_its_line(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/t.md": HEAD + "# A\n\n---\nlayout: center\n\n# B\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.line, problem.message) == (
        9, "a slide's front matter is not closed: no line `---` after it")


def test_a_themes_layout_is_a_warning(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    text = HEAD + ("# A\n\n---\nlayout: neversink-side-title\n---\n\n# B\n\n"
                   "---\nlayout: neversink-side-title\n---\n\n# C\n")
    site = make_site({"content/talks/t.md": text})
    [warning] = build_site(site).warnings
    assert (warning.line, warning.message) == (
        10, "Slidev's layout `neversink-side-title` is a theme's: the slide is shown as a "
            "plain one")
    assert [f.one("h1").text() for f in _deck(site, "t")] == ["A", "B", "C"]


INCLUDED = """---
layout: center
---

# B 引言

<!-- B 的讲稿 -->

---

# C 方法 $x^2$
"""


def test_slides_of_another_file_are_read_where_src_names_them(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck split into files (`src: ./pages/intro.md`, as two of four real decks
    sampled were) lost every included slide."""
    text = HEAD + ("# A\n\n---\nsrc: ./pages/intro.md\nclass: text-center\n---\n\n"
                   "ignored, as Slidev ignores it\n\n---\nsrc: /pages/end.md\n---\n")
    site = make_site({"content/talks/t/index.md": text,
                      "content/talks/t/pages/intro.md": INCLUDED + "\n![图](../figs/a.svg)\n",
                      "content/talks/t/pages/end.md": "# D\n",
                      "content/talks/t/figs/a.svg": SVG})
    result = build_site(site)
    assert not result.warnings  # (the included files are no pages "not published")
    frames = _deck(site, "t")
    assert [f.one("h1").text() for f in frames] == ["A", "B 引言", "C 方法 x2", "D"]
    assert "slide-lead" in frames[1].one(class_="slide")["class"]
    assert frames[1].one("aside", class_="slide-notes").text() == "B 的讲稿"
    assert frames[2].find("math") is not None
    # (a relative path in an included file is from its folder, as in Slidev)
    assert frames[2].one("img")["src"].endswith("/talks/t/figs/a.svg")
    assert "ignored" not in " ".join(f.text() for f in frames)
    assert not (site / "public/talks/t/pages").exists()


def test_a_problem_in_an_included_file_names_that_file_and_line(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    text = HEAD + "# A\n\n---\nsrc: pages/intro.md\n---\n\n---\nsrc: pages/none.md\n---\n"
    site = make_site({"content/talks/t/index.md": text,
                      "content/talks/t/pages/intro.md":
                          INCLUDED.replace("$x^2$", "$x^$") + "\n![图](/none.png)\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    found = sorted((p.path.name if p.path else "", p.line, p.message[:40])
                   for p in info.value.problems)
    assert found == [
        ("index.md", 14, "cannot read the slides of `src: pages/no"),
        ("intro.md", 11, "math: " + found[1][2][6:]),
        ("intro.md", 13, "missing image `/none.png`: no file at th"),
    ]


def test_a_slides_bad_yaml_is_an_error_at_its_line(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/t.md": HEAD + "# A\n\n---\nlayout: [center\n---\n# B\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.message.startswith("invalid YAML in a slide's front matter")
    assert problem.line == 10


def test_the_decks_info_is_the_talks_summary(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    text = ("---\ntitle: T\ndate: 2026-01-01\ninfo: |\n  ## T\n\n  一场关于 *气泡* 的报告。\n"
            "mdc: true\n---\n# A\n")
    site = make_site({"content/talks/t.md": text})
    assert not build_site(site).warnings
    listing = parse_html((site / "public/talks/index.html").read_bytes())
    assert "一场关于 气泡 的报告。" in listing.one("article", class_="talk-entry").text()


def test_backgrounds_colours_and_iframe_layouts(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    text = HEAD + ("# A\n\n---\nbackground: '#1e293b'\n---\n\n# B\n\n"
                   "---\nbackground: url(/x.png)\n---\n\n# C\n\n"
                   "---\nlayout: iframe-right\nurl: https://example.org/demo?a=1&b=2\n---\n\n"
                   "# D\n")
    site = make_site({"content/talks/t.md": text})
    [warning] = build_site(site).warnings
    assert (warning.line, warning.message) == (
        16, "the slide's `background: url(/x.png)` is neither an image nor a colour: ignored")
    boxes = [f.one(class_="slide") for f in _deck(site, "t")]
    assert boxes[1]["style"] == "background:#1e293b"
    assert boxes[2].get("style") is None
    columns = boxes[3].find_all(class_="slide-column")
    assert columns[0].one("h1").text() == "D"
    assert columns[1].one("iframe")["src"] == "https://example.org/demo?a=1&b=2"


def test_an_iframe_layout_that_is_no_web_page_is_an_error(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    text = HEAD + "# A\n\n---\nlayout: iframe\nurl: javascript:alert(1)\n---\n\n# B\n"
    site = make_site({"content/talks/t.md": text})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.line, problem.message) == (
        11, "the layout's page `javascript:alert(1)` is not an http(s) address")


def test_settings_of_the_decks_theme_are_one_warning(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A theme's settings in the headmatter (`glowSeed`) stopped the build: unknown keys.
    Slidev hands them to the theme's layouts; Lanting's deck has a look of its own."""
    text = ("---\ntitle: T\ndate: 2026-01-01\nlayout: center\nglowSeed: 233\nmdc: true\n"
            "---\n# A\n\n---\nglow: top\nglowSeed: 15\n---\n\n# B\n")
    site = make_site({"content/talks/t.md": text})
    [warning] = build_site(site).warnings
    assert (warning.line, warning.message) == (
        5, "settings of the deck's theme or layouts, ignored: `glowSeed`, `glow`")


def test_slidevs_own_timer_and_editor_settings_are_accepted(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Slidev's presenter timer (`duration: 20min`, `timer: countdown`) and its settings
    `codeCopy`, `editor`, `remote` and `monacoTypesIgnorePackages` are the deck's own,
    not a theme's: they were warned about as "settings of the deck's theme"."""
    text = ("---\ntitle: T\ndate: 2026-01-01\nlayout: cover\nduration: 20min\n"
            "timer: countdown\ncodeCopy: false\neditor: false\nremote: false\n"
            "monacoTypesIgnorePackages: []\n---\n# A\n\n---\n\n# B\n")
    site = make_site({"content/talks/t.md": text})
    assert build_site(site).warnings == ()


def test_an_edit_to_an_included_file_rebuilds_the_talk(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """An incremental build equals a clean one: the talk depends on the files it reads."""
    site = make_site({"content/talks/t/index.md": HEAD + "# A\n\n---\nsrc: pages/b.md\n---\n",
                      "content/talks/t/pages/b.md": "# B\n"})
    build_site(site)
    (site / "content/talks/t/pages/b.md").write_text("# B 改过\n", encoding="utf-8")
    build_site(site)
    assert [f.one("h1").text() for f in _deck(site, "t")] == ["A", "B 改过"]


SHAPES = {
    "unclosed styles": lambda n: "<style>a" * n,
    "unclosed expressions": lambda n: "{{ x " * n,
    "tags left open": lambda n: '<div a="' * n,
    "slots and spans": lambda n: "::right::\n[a]{v-click}\n" * n,
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_static_text_grows_linearly(name: str) -> None:
    """A `{{` or `<style>` left unclosed thousands of times took quadratic time."""
    import gc
    import time

    from lanting.site.slidev_vue import Warned, static_text

    def best(text: str) -> float:
        times = []
        for _ in range(3):
            gc.collect()
            started = time.process_time()
            static_text(text, 1, Path("t.md"), Warned(), [])
            times.append(time.process_time() - started)
        return min(times)

    n = 4000
    for _attempt in range(3):
        small, large = best(SHAPES[name](n)), best(SHAPES[name](2 * n))
        if large < 0.02 or large / small < 3.5:
            return
    pytest.fail(f"{name}: {small:.3f}s for n={n}, {large:.3f}s for 2n")


def test_a_bibliography_slide_and_images_bound_to_a_string(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """slidev-theme-scholarly's `[[bibliography]]` was a wiki link to no note, and
    `<img :src="'/figures/a.svg'">` (a binding to a string, a real deck's every figure)
    lost its `src`: an image of nothing, without a word."""
    bib = ("@article{malkin1999,\n  title = {Fast compression},\n  author = {Malkin, V.},\n"
           "  journal = {PRL},\n  year = {1999}\n}\n")
    text = HEAD + ("# A\n\nAs shown [@malkin1999].\n\n<img :src=\"'/images/a.svg'\" alt=\"Gain\" "
                   "class=\"w-full\" />\n\n---\nlayout: references\n---\n\n# 参考文献\n\n"
                   "[[bibliography]]\n")
    site = make_site({"content/talks/t.md": text, "content/references.bib": bib,
                      "static/images/a.svg": SVG})
    build_site(site)
    frames = _deck(site, "t")
    assert frames[0].one("img")["src"] == "/images/a.svg"
    assert [li.text() for li in frames[1].find_all("li")] == [
        "Malkin, V. (1999). Fast compression. PRL."]


def test_a_component_written_in_lower_case_is_a_component(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Slidev's docs write its arrow `<arrow x1="350" … />`: a lower-case name no HTML
    element has was kept as an unknown element (a warning that the browser hides it);
    Vue resolves it as the component `Arrow`, which Lanting's pages do not run."""
    site = make_site({"content/talks/t.md": HEAD + (
        "# A\n\n<arrow v-click x1=\"350\" y1=\"310\" x2=\"195\" y2=\"334\" />\n\n"
        "<span>kept</span>\n")})
    result = build_site(site)
    assert [(w.line, w.message) for w in result.warnings] == [
        (9, "Slidev's component `<arrow>` is not shown (its content is)")]
    slide = _deck(site, "t")[0]
    assert slide.find("arrow") is None and slide.one("span").text() == "kept"
