"""reveal-hugo decks in a Hugo site (`outputs: ["Reveal"]`, a section's `_index.md`
with its images beside it, as a speaker's homepage keeps a deck per talk): they became
posts, their slides one long text, each `{{% note %}}` and `{{< slide >}}` left in a
comment with a warning, and a post's link to a slide (`#/3`) broke the build."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import redirect_target
from sitebits import png
from test_import_hugo_sites import imported_site

from lanting.build import build
from lanting.build.options import BuildOptions

DECK = """---
title: "Operating etcd"
description: "A workshop on running etcd for a cluster."
tags: ["etcd"]
date: '2024-08-05T00:45:00Z'
outputs: ["Reveal"]
reveal_hugo:
  theme: white
  templates:
    accent:
      class: "accent"
      background: "#c2185b"
---

{{< slide background-image="cover.png" >}}

### etcd workshop

{{% note %}}
Ask who has run etcd before.
{{% /note %}}

---

{{< slide template="accent" >}}

## Members

{{% fragment %}}Add one member at a time.{{% /fragment %}}

{{< frag c="Then check the quorum." >}}

---

{{% section %}}

## Backups

```bash
etcdctl snapshot save backup.db
```

---

## Restore

{{% note %}}Restore on every member.{{% /note %}}

{{% /section %}}
"""


def test_a_reveal_hugo_deck_is_a_talk(tmp_path: Path) -> None:
    imported = imported_site(tmp_path, {
        "hugo.yaml": 'title: Notes\nlanguageCode: en\ntheme: ["PaperMod", '
                     '"github.com/joshed-io/reveal-hugo"]\n',
        "content/slides/etcd-workshop/_index.md": DECK,
        "content/slides/etcd-workshop/cover.png": png(40, 20),
        "content/posts/etcd-notes.md": "---\ntitle: Notes\ndate: 2024-08-06\n---\n\n"
                                       "The [backup slide](/slides/etcd-workshop/#/2).\n"})
    assert [e.message for e in imported.report.warnings] == []
    talk = imported.dest / "content/talks/etcd-workshop.md"
    text = talk.read_text(encoding="utf-8")
    assert "{{" not in text and "summary: A workshop on running etcd" in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    deck = parse_html((out / "talks/etcd-workshop/slides/index.html").read_bytes())
    frames = deck.find_all("section", class_="slide-frame")
    boxes = [f.one(class_="slide") for f in frames]
    assert len(frames) == 4
    assert boxes[0].one("h3").text() == "etcd workshop"
    assert boxes[0].one(class_="slide-bg").one("img")["src"].endswith("cover.png")
    assert frames[0].one("aside", class_="slide-notes").text() == (
        "Ask who has run etcd before.")
    # the template's background; the fragments' text shown at once
    assert boxes[1]["style"] == "background:#c2185b;color:#f8fafc"
    assert "Add one member at a time." in boxes[1].text()
    assert "Then check the quorum." in boxes[1].text()
    assert frames[3].one("aside", class_="slide-notes").text() == "Restore on every member."
    assert frames[2].find("aside", class_="slide-notes") is None
    post = parse_html((out / "posts/etcd-notes/index.html").read_bytes())
    # (`#/2`: the first slide of the section's stack, reveal.js's third across)
    assert post.one("div", class_="prose").one("a")["href"] == (
        "/talks/etcd-workshop/slides/#3")
    names = [s["id"] for s in frames[3].find_all("span", class_="slide-name")]
    assert names[0] == "/2/1"


def test_the_home_deck_and_a_section_deck_take_their_pages(tmp_path: Path) -> None:
    """reveal-hugo's own layout: the site's presentation is `content/_index.md` with the
    pages of `content/home/` after it by `weight`, and a section's `_index.md` deck
    goes on with the section's pages. The home deck became the home page's text (its
    notes left in a comment) and each part a page of its own."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "Talks"\nlanguageCode = "en"\ntheme = "reveal-hugo"\n',
        "content/_index.md": '+++\ntitle = "Sparse attention"\ndate = 2025-05-01\n'
                             'outputs = ["Reveal"]\n+++\n\n# Sparse attention\n\n'
                             "{{% note %}}Thank the hosts.{{% /note %}}\n",
        "content/home/results.md": "+++\nweight = 20\n+++\n\n## Results\n",
        "content/home/method.md": "+++\nweight = 10\n+++\n\n## Method\n\n---\n\n## Kernel\n",
        "content/seminar/_index.md": '+++\ntitle = "Group seminar"\ndate = 2025-06-01\n'
                                     'outputs = ["Reveal"]\n+++\n\n# Seminar\n',
        "content/seminar/part.md": "+++\ntitle = \"Part\"\n+++\n\n## Questions\n"})
    assert [e.message for e in imported.report.warnings] == []
    # (`home/`'s undated pages are the deck's slides, not pages "imported as pages")
    assert not [e for e in imported.report.entries if "has a date" in e.message]
    talks = sorted(p.name for p in (imported.dest / "content/talks").iterdir())
    assert talks == ["seminar.md", "sparse-attention.md"]
    assert not (imported.dest / "content/pages").exists()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    deck = parse_html((out / "talks/sparse-attention/slides/index.html").read_bytes())
    frames = deck.find_all("section", class_="slide-frame")
    heads = [(f.find("h1") or f.one("h2")).text() for f in frames]
    assert heads == ["Sparse attention", "Method", "Kernel", "Results"]
    assert frames[0].one("aside", class_="slide-notes").text() == "Thank the hosts."
    seminar = parse_html((out / "talks/seminar/slides/index.html").read_bytes())
    assert len(seminar.find_all("section", class_="slide-frame")) == 2


def test_a_section_decks_page_that_is_a_deck_too_is_one_of_its_slides(
        tmp_path: Path) -> None:
    """Each page of a speaker's section deck repeats `outputs = ["Reveal"]` (reveal-hugo
    also shows it alone): every page became a talk of its own (twelve talks for one, each
    "a deck without a date"), and the section's deck kept only its first slide."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "Decks"\nlanguageCode = "en"\ntheme = "reveal-hugo"\n',
        "content/ops/_index.md": '+++\ntitle = "Ops basics"\ndate = 2025-03-01\n'
                                 'outputs = ["Reveal"]\n+++\n\n# Ops basics\n',
        "content/ops/2_flow.md": '+++\noutputs = ["Reveal"]\nweight = 20\n+++\n\n## Flow\n',
        "content/ops/1_who.md": '+++\noutputs = ["Reveal"]\nweight = 10\n+++\n\n## Who\n'})
    assert [e.message for e in imported.report.warnings] == []
    assert sorted(p.name for p in (imported.dest / "content/talks").iterdir()) == [
        "ops.md"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    deck = parse_html((out / "talks/ops/slides/index.html").read_bytes())
    frames = deck.find_all("section", class_="slide-frame")
    assert [(f.find("h1") or f.one("h2")).text() for f in frames] == [
        "Ops basics", "Who", "Flow"]
    # (the page alone, as reveal-hugo also showed it: its old URL leads to the deck)
    assert redirect_target(out, "/ops/2_flow/") == "/talks/ops/slides/"
    assert redirect_target(out, "/ops/") == "/talks/ops/slides/"
