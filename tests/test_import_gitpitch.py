"""GitPitch decks in a repository (`importer/gitpitch.py`): a workshop's folder of decks,
`slides/<name>/PITCHME.md` with its `PITCHME.yaml`, their images and code from the
repository's root. Each was a page showing GitPitch's syntax (`@snap[…]`, `@fa[…]`,
`@color[…](…)`, `+++`, `---?code=…`); each is a talk now."""

from __future__ import annotations

from pathlib import Path

from htmltree import Element, parse_html
from importbits import NOW, messages
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site
from lanting.importer.gitpitch import gitpitch_markdown

_DECK = """---?image=assets/img/band.png&position=bottom&size=100% 30%
@title[Front page]

@snap[north span-100]
<br>
<h2>Mapping rivers with @color[green](open tools)</h2>
@snapend

@snap[south message-box-white]
A. Trainer
@size[30px](Summer School 2019)
@snapend

---
@title[Agenda]

## @fa[tools text-green] Agenda

@ul[](false)
- Get the data |
- Compute the index |
@ulend

The index is $$I = (a - b)/(a + b)$$ per pixel.

$$
I \\in [-1, 1]
$$

+++
<br>
### Hands-on

![flow](assets/img/flow.png)

Note:
Leave ten minutes for this.

---?code=code/rivers.sh&lang=bash&title=The script

@[2-3](Set the region)
@[5](Compute the index)

---?color=#222222

@quote[Rivers remember](A. Poet)
"""

_SCRIPT = """#!/bin/bash
# region
g.region raster=dem
# index
r.mapcalc "i = (a - b) / (a + b)"
# export
r.out.gdal input=i output=i.tif
"""


def _slides(out: Path) -> list[Element]:
    html = parse_html((out / "talks/rivers/slides/index.html").read_bytes())
    return list(html.find_all("section", class_="slide-frame"))


def test_a_gitpitch_deck_is_a_talk(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "README.md": "# Workshop\n\nSlides in `slides/`.\n",
        "slides/rivers/PITCHME.md": _DECK,
        "slides/rivers/PITCHME.yaml": "theme : simple\nmathjax : TeX-AMS_HTML-full\n",
        "assets/img/band.png": png(40, 20), "assets/img/flow.png": png(40, 20),
        "code/rivers.sh": _SCRIPT,
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert not [m for m in messages(imported, "slides/rivers/PITCHME.md")
                if "front matter not read" in m or "not found" in m]
    talk = (tmp_path / "new/content/talks/rivers.md").read_text(encoding="utf-8")
    assert "title: Mapping rivers with open tools" in talk
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    front, agenda, hands_on, code, quote = _slides(tmp_path / "new/public")
    text = " ".join(s.text() for s in (front, agenda, hands_on, code, quote))
    for raw in ("@snap", "@title", "@fa[", "@color", "@size", "@ul", "+++", "@[", "@quote"):
        assert raw not in text
    assert front.one("h2").text() == "Mapping rivers with open tools"
    background = front.one(class_="slide-bg").one(class_="slide-bg-image")
    assert background.one("img")["src"].endswith("/band.png")
    assert [li.text() for li in agenda.find_all("li")] == ["Get the data",
                                                           "Compute the index"]
    assert agenda.one("h2").text() == "Agenda"
    assert len(agenda.find_all("math")) == 2  # (inline, and the display)
    assert hands_on.one("h3").text() == "Hands-on"
    assert hands_on.one("img")["src"].endswith("flow.png")
    assert "Leave ten minutes" in hands_on.one("aside", class_="slide-notes").text()
    assert code.one("h3").text() == "The script"
    lines = code.one("pre").text()
    assert "g.region raster=dem" in lines and "r.out.gdal" not in lines
    assert [li.text() for li in code.find_all("li")] == [
        "Lines 2-3: Set the region", "Lines 5: Compute the index"]
    assert "Rivers remember" in quote.one("blockquote").text()
    assert quote.one(class_="slide")["style"].startswith("background:#222222")


def test_a_deck_without_a_heading_and_its_included_parts() -> None:
    """A first slide of a bold line alone is titled by it; `---?include=` is the file's
    slides (their own GitPitch syntax read too); a code slide of a file not there is a
    warning at its line, and no slide is lost."""
    files = {"part.md": "## Part two\n\n- @color[red](hot) |\n"}
    deck = gitpitch_markdown("**energypy**\n<br>\nlessons learnt\n\n---?include=part.md\n\n"
                             "---?code=gone.py\n\n## After\n", files.get)
    assert deck.title == "energypy"
    assert "## Part two\n\n- hot\n" in deck.body and "@color" not in deck.body
    assert deck.warnings == [(7, "GitPitch's code slide names `gone.py`, which is not "
                                 "there: the slide has no code")]
    assert deck.body.count("\n---\n") == 2 and "## After" in deck.body


def test_styled_code_spans_stay_apart() -> None:
    """`@color[red](`T`)`<`` showed two code spans; without the styling, CommonMark ran
    them into one (`` `T``<` ``)."""
    deck = gitpitch_markdown("## Generics\n\n- @color[#f0f](`Script`)`<`@color[#0f0](`T`)"
                             "`>` and @color[red](**bold**)\n", lambda name: None)
    assert "- `Script` `<` `T` `>` and **bold**\n" in deck.body
