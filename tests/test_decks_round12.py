"""Talks and lecture decks, round 12: what real repositories of decks showed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from importbits import NOW
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.build.options import BuildResult
from lanting.content.pandoc_title import block_date
from lanting.importer import import_site


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", files)
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_a_deck_dated_in_german_or_with_a_two_digit_year_keeps_its_date(
        tmp_path: Path) -> None:
    assert str(block_date("23 März 2020")) == "2020-03-23 00:00:00+00:00"
    assert str(block_date("23. März 2020")) == "2020-03-23 00:00:00+00:00"
    assert str(block_date("5 de junio de 2021")) == "2021-06-05 00:00:00+00:00"
    assert block_date("Sommersemester") is None
    head = "---\ntitle: Vortrag\ndate: {}\noutput: ioslides_presentation\n---\n\n"
    new = _imported(tmp_path, {
        "one.Rmd": head.format("23 März 2020") + "## A\n\ntext\n\n## B\n\nmore\n",
        "two.Rmd": head.format("29.09.18") + "## A\n\ntext\n\n## B\n\nmore\n",
    })
    one = (new / "content" / "talks" / "one.md").read_text(encoding="utf-8")
    two = (new / "content" / "talks" / "two.md").read_text(encoding="utf-8")
    assert "\ndate: 2020-03-23\n" in one
    assert "\ndate: 2018-09-29\n" in two


def test_an_empty_marp_deck_builds_with_a_warning(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({
        "content/talks/empty.md": "---\nmarp: true\ntitle: Empty\ndate: 2024-01-01\n---\n",
    })
    result = build_site(site)
    assert [(w.message[:29], w.line) for w in result.warnings] == [
        ("this Marp deck has no slides:", 6)]
    deck = (site / "public" / "talks" / "empty" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 1


def test_a_knitr_child_named_in_other_capitals_than_its_file_is_found(
        tmp_path: Path) -> None:
    """`child='02intro.RMD'` for the file `02intro.Rmd`: knitr found it on the writer's
    computer, which ignores case; the part was copied to `static/` and the build failed
    on "knitr's child document `02intro.RMD` is not there"."""
    new = _imported(tmp_path, {
        "slides/index.Rmd": "---\ntitle: Course\ndate: 2021-01-07\noutput:\n"
                            "  xaringan::moon_reader: default\n---\n\n# Plan\n\n---\n\n"
                            "```{r child = '02intro.RMD'}\n```\n",
        "slides/02intro.Rmd": "# Part one\n\ntext\n",
    })
    bundle = new / "content" / "talks" / "slides"
    assert sorted(p.name for p in bundle.iterdir()) == ["02intro.Rmd", "index.md"]
    assert "child = '02intro.Rmd'" in (bundle / "index.md").read_text(encoding="utf-8")
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []
    deck = (new / "public/talks/slides/slides/index.html").read_text(encoding="utf-8")
    assert "Part one" in deck
