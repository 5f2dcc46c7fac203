"""Talks: splitting a body into slides and notes, columns, and the lines of messages."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.site.talk_slides import segments, split_slides


def test_slides_are_split_on_lines_of_three_dashes_with_their_lines() -> None:
    body = "\n## One\ntext\n---\n## Two\n\n---\n\n## Three\n"
    slides = split_slides(body, body_line=5)
    assert [s.text for s in slides] == ["## One\ntext", "## Two", "## Three"]
    assert [s.line for s in slides] == [6, 9, 13]


@pytest.mark.parametrize("marker", ["Note:", "Notes:", "note:", "???"])
def test_notes_follow_a_marker_line(marker: str) -> None:
    [slide] = split_slides(f"## A\npoint\n{marker}\nSay this.\nAnd this.\n", body_line=1)
    assert slide.text == "## A\npoint"
    assert slide.notes == "Say this.\nAnd this."
    assert slide.notes_line == 4


def test_notes_may_start_on_the_marker_line() -> None:
    [slide] = split_slides("## A\nNote: Say this.\n", body_line=10)
    assert (slide.notes, slide.notes_line) == ("Say this.", 11)


def test_dashes_and_markers_inside_code_fences_do_not_split() -> None:
    body = "## Code\n```yaml\n---\nNote: x\n```\n~~~\n---\n~~~\n---\n## Next\n"
    slides = split_slides(body)
    assert len(slides) == 2
    assert "Note: x" in slides[0].text and slides[0].notes == ""


def test_dashes_in_a_comment_or_a_formula_do_not_split() -> None:
    """A slide commented out (`<!-- --- … -->`) split the talk inside the comment: the
    rest of the page sat in an open comment, which the minifier then dropped; a `---`
    row of a `$$` array split the formula across two slides."""
    body = ("## One\nNotes:\nOne.\n\n<!--\n---\n## Old slide\n-->\n\n---\n\n## Two\n"
            "$$\n\\begin{array}{c}\na \\\\\n---\nb\n\\end{array}\n$$\n---\n## Three\n")
    slides = split_slides(body)
    assert [s.text.split("\n")[0] for s in slides] == ["## One", "## Two", "## Three"]
    assert "<!--\n---\n## Old slide\n-->" in slides[0].notes
    assert "---\nb" in slides[1].text


def test_two_dashes_between_blank_lines_start_a_slide_as_in_reveal_js() -> None:
    """reveal.js's vertical slides (`--`) merged two slides into one with a `<p>--</p>`
    between them, and after `Note:` the next slide went into the notes."""
    body = ("## One\n\nNote: say it\n\n--\n\n## One, below\n\n--\n\n## Two\n"
            "Title\n--\n\ntext\n\n--\n```\n\n--\n\n```\n")
    slides = split_slides(body, body_line=3)
    assert [s.text.split("\n")[0] for s in slides] == ["## One", "## One, below", "## Two"]
    assert [s.line for s in slides] == [3, 9, 13]
    assert slides[0].notes == "say it"
    # a setext underline, and `--` with text right under it, and one in a fence: no break
    assert slides[2].text == "## Two\nTitle\n--\n\ntext\n\n--\n```\n\n--\n\n```"


def test_four_dashes_between_blank_lines_start_a_slide_as_in_reveal_md() -> None:
    """reveal-md's vertical separator is `----` (a course's decks in reveal.js set it
    too): each was a rule inside one long slide, its agenda under its title slide."""
    body = "## Title\n\n----\n\n### Agenda\n\nNote: slow\n\n----\n\n## Next\nText\n----\n"
    slides = split_slides(body, body_line=5)
    assert [s.text.split("\n")[0] for s in slides] == ["## Title", "### Agenda", "## Next"]
    assert [s.line for s in slides] == [5, 9, 15]
    assert slides[1].notes == "slow"
    assert slides[2].text == "## Next\nText\n----"  # (right under text: an underline)


def test_empty_slides_are_dropped() -> None:
    assert [s.text for s in split_slides("---\n## A\n---\n---\n## B\n---\n")] == ["## A", "## B"]
    assert split_slides("\n\n") == []


def test_two_columns() -> None:
    parts = segments("## T\n::: columns\nleft\n+++\nright\n:::\nafter", line=20)
    assert parts == [("md", [("## T", 20)]),
                     ("columns", [("left", 22), ("right", 24)]),
                     ("md", [("after", 26)])]


TALK = """---
title: 报告
date: 2026-04-02
event: ACL 2026
---

# 标题页

Note:
Hello.

---

::: columns
左边
+++
右边 $x^2$
:::

???
Both columns.
"""


def test_talk_article_and_deck(make_site: Callable[..., Path],
                               build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/demo.md": TALK})
    build_site(site)
    article = parse_html((site / "public/talks/demo/index.html").read_bytes())
    slides = article.find_all("li", class_="talk-slide")
    assert [s["id"] for s in slides] == ["slide-1", "slide-2"]
    assert slides[0].one(class_="talk-notes").text().endswith("Hello.")
    columns = slides[1].find_all(class_="slide-column")
    assert [c.text() for c in columns][0] == "左边"
    assert columns[1].find("math") is not None
    deck = parse_html((site / "public/talks/demo/slides/index.html").read_bytes())
    frames = deck.find_all("section", class_="slide-frame")
    assert [f["id"] for f in frames] == ["1", "2"]
    assert frames[1].one("aside", class_="slide-notes").text() == "Both columns."
    listing = parse_html((site / "public/talks/index.html").read_bytes())
    assert listing.one("article", class_="talk-entry").find("a")["href"] == "/talks/demo/"


def test_talk_with_no_slides_is_an_error_at_the_body(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/empty.md": "---\ntitle: T\ndate: 2026-01-01\n---\n\n\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.message == "talk has no slides"
    assert problem.path is not None and problem.path.name == "empty.md"
    assert problem.line == 5
    assert not (site / "public").exists()


def test_an_error_in_a_slide_names_its_line_in_the_talk_file(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    text = "---\ntitle: T\ndate: 2026-01-01\n---\n## One\n---\n## Two\n\n$x^$\nNote:\n$y^$\n"
    site = make_site({"content/talks/bad.md": text})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert [p.line for p in info.value.problems] == [9, 11]
    assert all(p.message.startswith("math:") for p in info.value.problems)


def test_a_talk_needs_a_title_and_date(make_site: Callable[..., Path],
                                       build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/t.md": "---\nevent: X\n---\n## A\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    messages = [p.message for p in info.value.problems]
    assert "a talk needs a `title`" in messages and "a talk needs a `date`" in messages


MARP = """---
title: Marp
date: 2026-04-02
marp: true
theme: gaia
paginate: true
size: 4:3
footer: ACL 2026
style: |
  section { font-size: 30px; }
---

<!-- _class: lead -->
<!-- _backgroundColor: #123456 -->

# <!-- fit --> 标题

<!-- 先自我介绍 -->

---

<!-- color: navy -->

## 方法

- 要点 `<!-- code -->`

<!--
讲稿第一行
讲稿第二行
-->

---

<!-- backgroundImage: url(/bg.png) -->
<!-- header: **第二部分** -->
## 结果
Note: 结束语
"""


def test_a_marp_deck_reads_comments_as_notes_and_directives(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`marp: true` stopped the build (an unknown key); written as `params`, Marp's
    speaker notes (comments) and settings (directive comments) vanished silently."""
    site = make_site({"content/talks/m.md": MARP})
    result = build_site(site)
    assert sorted((p.line, p.message) for p in result.warnings) == [
        (35, "Marp's `backgroundImage` is not applied")]  # (`style`: the deck's CSS)
    deck = parse_html((site / "public/talks/m/slides/index.html").read_bytes())
    assert ".slide{font-size: 2.344cqw;}" in deck.one("style").text()
    frames = deck.find_all("section", class_="slide-frame")
    boxes = [f.one(class_="slide") for f in frames]
    assert boxes[0]["class"] == "slide slide-first marp-lead"
    assert boxes[0]["style"] == "background:#123456"
    assert boxes[0].one("h1").text() == "标题"
    assert [b.get("style") for b in boxes[1:]] == ["color:navy", "color:navy"]
    assert "marp-lead" not in boxes[1]["class"]
    assert [f.one("aside", class_="slide-notes").text() for f in frames] == [
        "先自我介绍", "讲稿第一行讲稿第二行", "结束语"]  # (Chinese lines join: cjk_breaks)
    assert boxes[1].one("code").text() == "<!-- code -->"
    assert [b.one(class_="slide-footer").text() for b in boxes] == ["ACL 2026"] * 3
    assert boxes[2].one(class_="slide-header").one("strong").text() == "第二部分"
    assert boxes[1].find(class_="slide-header") is None


def test_comments_of_a_talk_that_is_not_marp_are_no_notes(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/t.md": "---\ntitle: T\ndate: 2026-01-01\n---\n"
                                            "## A\n<!-- 草稿 -->\n"})
    build_site(site)
    deck = parse_html((site / "public/talks/t/slides/index.html").read_bytes())
    assert deck.find("aside", class_="slide-notes") is None


def test_marp_heading_divider_starts_slides_at_headings() -> None:
    from lanting.site.marp import heading_divider

    body = "# A\ntext\n## B\n### c\n```\n## not\n```\n## D\n"
    levels = heading_divider(body, {"headingDivider": 2})
    assert [s.text.split("\n")[0] for s in split_slides(body, 1, levels)] == [
        "# A", "## B", "## D"]
    assert heading_divider("<!-- headingDivider: [3] -->", {}) == frozenset({3})
    assert heading_divider("```\n<!-- headingDivider: 3 -->\n```\n", {}) == frozenset()
    assert heading_divider("", {"headingDivider": "1"}) == frozenset({1})


def test_marp_outside_a_talk_is_an_error(make_site: Callable[..., Path],
                                         build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/posts/p.md": "---\ntitle: P\ndate: 2026-01-01\n"
                                            "marp: true\n---\nx\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.line, problem.message) == (4, "`marp`: a Marp deck is a talk")


def test_marp_image_keywords_are_read_not_left_in_the_alt_text() -> None:
    from lanting.site.marp_images import take_images

    text = ("## T\n![bg right:40% contain](a.png)\n![bg](b.png \"B\")\n"
            "x ![w:200 h:5em 图表](c.png) `![bg](d.png)`\n![sepia 照片](e.png)")
    images, problems = take_images(text, 10, Path("t.md"))
    assert images.text == ("## T\n\n\nx ![\ue0000\ue001图表](c.png) `![bg](d.png)`\n"
                           "![照片](e.png)")
    assert [(b.markdown, b.line, b.fit) for b in images.backgrounds] == [
        ("![](a.png)", 11, "contain"), ('![](b.png "B")', 12, "cover")]
    assert (images.split, images.split_size, images.sizes) == (
        "right", "40%", ("width:200px;height:5em",))
    assert [(p.line, p.message) for p in problems] == [
        (14, "Marp's image keyword `sepia` is not applied")]


SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"></svg>'


def test_a_marp_background_is_drawn_behind_its_slide(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`![bg right:40%](x.png)` was an inline image with the alt text "bg right:40%"."""
    talk = ("---\ntitle: M\ndate: 2026-01-01\nmarp: true\n---\n## 方法\n\n"
            "![bg right:40%](/chart.svg)\n\n- 要点 ![w:120 图](/chart.svg)\n")
    site = make_site({"content/talks/m.md": talk, "static/chart.svg": SVG})
    result = build_site(site)
    assert not result.warnings
    deck = parse_html((site / "public/talks/m/slides/index.html").read_bytes())
    box = deck.one("section", class_="slide-frame").one(class_="slide")
    assert "slide-split-right" in box["class"].split()
    assert box["style"] == "--bg-split:40%"
    background = box.one(class_="slide-bg-right")
    assert background.one("img")["src"] == "/chart.svg"
    assert background.one("img")["alt"] == ""
    inline = box.one("li").one("img")
    assert (inline["alt"], inline["style"]) == ("图", "width:120px")


@pytest.mark.parametrize(("body", "line"), [
    ("## A\n\n<!-- 讲稿 -->\n\n<!-- _class: lead -->\n", 9),
    ("## A\n\n`![bg](x.png)`\n\n![bg right](/x.svg)\n", 9),
])
def test_a_marp_deck_without_marp_true_is_a_warning(
        body: str, line: int, make_site: Callable[..., Path],
        build_site: Callable[..., BuildResult]) -> None:
    """Without `marp: true`, a Marp deck's notes and settings vanished without a word."""
    site = make_site({"content/talks/m.md": "---\ntitle: M\ndate: 2026-01-01\n---\n" + body,
                      "static/x.svg": SVG})
    [warning] = build_site(site).warnings
    assert warning.message.endswith("but its front matter has no `marp: true`")
    assert warning.line == line


def test_a_header_commented_out_is_no_marp_deck(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck keeping its old header commented out, a line a comment, was taken for a
    Marp deck lacking `marp: true`: `title` and `author` are Marp CLI's metadata too,
    which no deck needs Marp to read."""
    site = make_site({"content/talks/m.md": "---\ntitle: M\ndate: 2026-01-01\n---\n"
                      "<!-- --- -->\n<!-- title: \"Old title\" -->\n"
                      "<!-- author: \"A. Person\" -->\n<!-- --- -->\n\n## A\n\ntext\n"})
    assert not build_site(site).warnings


def test_a_marp_setting_without_marp_true_says_to_add_it(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """The hint was to keep `theme` under `params:`, which led to a deck whose notes and
    settings vanished."""
    site = make_site({"content/talks/m.md": "---\ntitle: M\ndate: 2026-01-01\n"
                                            "theme: gaia\npaginate: true\nmath: true\n---\n## A\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert [(p.line, p.message) for p in info.value.problems] == [
        (4, "theme: unknown key `theme`"), (5, "paginate: unknown key `paginate`")]
    assert all("add `marp: true`" in (p.hint or "") for p in info.value.problems)


def test_a_macro_defined_in_one_slide_holds_in_the_next(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck is one page to MathJax: `\\newcommand{\\E}` in the first slide (a Quarto
    course's `{{< include macro.qmd >}}`) holds for the others. Lanting rendered each
    slide alone: `\\E` was an unknown command in every later slide, 190 build errors."""
    text = ("---\ntitle: T\ndate: 2026-01-01\n---\n## Macros\n\n$$\n\\newcommand{\\E}"
            "{\\mathbb{E}}\n\\DeclareMathOperator*{\\argmax}{argmax}\n$$\n\n---\n\n## Use\n\n"
            "$\\E[X] = \\argmax_x f(x)$\n")
    site = make_site({"content/talks/t.md": text})
    build_site(site)
    deck = parse_html((site / "public/talks/t/slides/index.html").read_bytes())
    math = deck.find_all("section", class_="slide-frame")[1].one("math")
    assert "𝔼" in math.text() and "argmax" in math.text()


def test_a_reference_to_another_slides_equation_says_so(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """It said "`@eq-mep` refers to no numbered equation on this page" (a Quarto course's
    deck), where the talk's page has that equation, on another slide."""
    text = ("---\ntitle: T\ndate: 2026-01-01\n---\n## A\n\n$$ p = q $$ {#eq-mep}\n\n---\n\n"
            "## B\n\nBy @eq-mep.\n")
    site = make_site({"content/talks/t.md": text})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.line, problem.message) == (
        13, "`@eq-mep` refers to no numbered equation on this slide (its equation is on "
            "another slide)")
    assert "number their equations each on its own" in (problem.hint or "")


BIB = "@article{malkin1999,\n  title = {Fast compression of laser beams},\n" \
      "  author = {Malkin, V. M. and Shvets, G.},\n  journal = {PRL},\n  year = {1999}\n}\n"


def test_a_slide_of_references_lists_what_the_talk_cited(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`{{< references >}}` on a talk's last slide (Quarto's `::: {#refs}`, Slidev's
    `[[bibliography]]`) showed nothing: the slide itself cites nothing. It lists what
    the slides before it cited; the article's own list, at its end, keeps the ids."""
    text = ("---\ntitle: T\ndate: 2026-01-01\n---\n## A\n\nAs shown [@malkin1999].\n\n"
            "---\n\n## 参考文献\n\n{{< references >}}\n")
    site = make_site({"content/talks/t.md": text, "content/references.bib": BIB})
    build_site(site)
    deck = parse_html((site / "public/talks/t/slides/index.html").read_bytes())
    last = deck.find_all("section", class_="slide-frame")[1]
    assert [li.text() for li in last.find_all("li")] == [
        "Malkin, V. M. and Shvets, G. (1999). Fast compression of laser beams. PRL."]
    article = parse_html((site / "public/talks/t/index.html").read_bytes())
    assert len(article.find_all("li", id="ref-malkin1999")) == 1


def test_a_marp_decks_html_option_is_accepted(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Many Marp decks write `html: true` in their front matter (no Marp tool reads it
    there); it stopped the build as an unknown key, so a deck did not build as it is."""
    site = make_site({"content/talks/m.md": "---\ntitle: M\ndate: 2026-01-01\nmarp: true\n"
                                            "html: true\n---\n## A\n\n<b>x</b>\n"})
    result = build_site(site)
    assert not result.warnings
    assert "<b>x</b>" in (site / "public/talks/m/slides/index.html").read_text()


def test_a_marp_decks_description_is_its_summary_and_author_accepted(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Marp CLI's metadata, `description` and `author`, stopped a lecturer's five Marp
    decks (unknown keys). In a Marp deck `description` is the talk's summary and
    `author` is accepted (the talk is the site's author's), as in a Slidev deck."""
    site = make_site({"content/talks/m.md": "---\ntitle: M\ndate: 2026-01-01\nmarp: true\n"
                                            "description: Thin-film actuators in brief\n"
                                            "author: A. Speaker\n---\n## A\n"})
    result = build_site(site)
    assert not result.warnings
    listing = (site / "public/talks/index.html").read_text(encoding="utf-8")
    assert "Thin-film actuators in brief" in listing
    outside = make_site({"content/talks/n.md": "---\ntitle: N\ndate: 2026-01-01\n"
                                               "description: x\n---\n## A\n"})
    with pytest.raises(LantingError):
        build_site(outside)


def test_a_talk_without_a_title_is_told_to_keep_its_title_slide(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A Marp deck has its title only in its first slide's `# heading`; the hint said to
    remove that line, as for a note, which would leave the title slide empty."""
    site = make_site({"content/talks/t.md": "---\ndate: 2026-01-01\nmarp: true\n---\n\n"
                                            "# Sparse attention\n\nA. Author\n\n---\n\n## B\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.message == "a talk needs a `title`"
    assert problem.hint is not None and 'title: "Sparse attention"' in problem.hint
    assert "remove" not in problem.hint


REVEAL = """---
title: Gradient flows
date: 2026-05-01
---

<!-- .slide: data-background-color="#0b1320" -->

# Gradient flows

Note: start from the picture

---

## Descent

```python [1-2|3]
x = x0
g = grad(x)
x = x - lr * g
```

```markdown
<!-- .slide: data-background="#fff" -->
```

--

<!-- .slide: data-background-image="flow.svg" data-background-size="contain" -->
<!-- .slide: data-transition="fade" -->

## Flow

--

<!-- .slide: data-background-video="flow.mp4" -->

## End
"""


def test_reveal_slide_attributes_set_the_background(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A reveal.js deck in Markdown sets a slide's background in a comment,
    `<!-- .slide: data-background-color="#0b1320" -->`: it was left out silently, and
    the title slide lost its dark look. A colour (with a text colour that reads on it)
    or an image is the slide's background; a video is a warning; in code it is code."""
    site = make_site({"content/talks/flows/index.md": REVEAL,
                      "content/talks/flows/flow.svg":
                          "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>"})
    result = build_site(site)
    assert [(w.line, w.message) for w in result.warnings] == [
        (35, "reveal.js's `data-background-video` is not shown")]
    page = parse_html((site / "public/talks/flows/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert boxes[0]["style"] == "background:#0b1320;color:#f8fafc"
    assert boxes[1].get("style") is None
    assert '<!-- .slide: data-background="#fff" -->' in boxes[1].find_all("code")[1].text()
    code = boxes[1].find_all("div", class_="code-block")[0]
    assert [li["class"] for li in code.find_all("span", class_="line")] == [
        "line hl", "line hl", "line"]
    background = boxes[2].one(class_="slide-bg").one(class_="slide-bg-image")
    assert "marp-bg-contain" in background["class"]
    assert background.one("img")["src"] == "/talks/flows/flow.svg"
    assert boxes[3].find(class_="slide-bg") is None


def test_a_cell_warning_is_given_once_a_talk(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """An R Markdown deck renamed `.md` has a code chunk on most slides; each was a
    warning of its own, 139 for six decks of one course, which hid the others."""
    chunk = "```{r}\nsummary(fit)\n```\n"
    site = make_site({"content/talks/t.md": "---\ntitle: T\ndate: 2026-01-01\n---\n\n"
                      f"## A\n\n{chunk}\n{chunk}\n---\n\n## B\n\n{chunk}",
                      "content/posts/p.md": "---\ntitle: P\ndate: 2026-01-01\n---\n\n"
                      f"{chunk}\n{chunk}"})
    warnings = [(w.path.name if w.path else "", w.line) for w in build_site(site).warnings]
    assert sorted(warnings) == [("p.md", 6), ("t.md", 8)]


def test_a_block_inside_columns_is_the_columns(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A callout in the left column (`::: note` … `:::`) closed the columns at its `:::`:
    the right column, `+++` and all, was text under them. A block opened inside the
    columns is theirs, however many colons the columns' fences have."""
    text = ("---\ntitle: Cols\ndate: 2026-03-01\n---\n\n# Trade-offs\n\n::: columns\n"
            "Left\n\n::: note\nMind the cost.\n:::\n+++\nRight\n:::\n\n---\n\n"
            "## Again\n\n:::: columns\nOne\n+++\nTwo\n::::\n")
    site = make_site({"content/talks/cols.md": text})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/cols/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    first = frames[0].find_all("div", class_="slide-column")
    assert len(first) == 2 and first[0].one(class_="callout")
    assert first[1].text().strip() == "Right" and "+++" not in frames[0].text()
    assert [c.text().strip() for c in frames[1].find_all("div", class_="slide-column")] == [
        "One", "Two"]
