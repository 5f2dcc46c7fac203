"""An Obsidian vault with a canvas, a board of a literature review (JSON Canvas: a
group of cards, a text card, a paper's note, a web page, arrows between them), linked
and embedded from a note. Kept as a file, the link and the embed gave readers its JSON;
it is a page of the notes now."""

from __future__ import annotations

import json
from pathlib import Path

from importbits import NOW, page, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

# (made up, in JSON Canvas's shape as Obsidian saves it)
_CANVAS = {
    "nodes": [
        {"id": "g", "type": "group", "label": "Sequence models", "x": -50, "y": 200,
         "width": 900, "height": 500},
        {"id": "t", "type": "text", "text": "# Why attention\nNo recurrence, $O(1)$ paths.",
         "x": 0, "y": 0, "width": 300, "height": 80},
        {"id": "f", "type": "file", "file": "Papers/Vaswani 2017.md", "subpath": "#Method",
         "x": 0, "y": 300, "width": 400, "height": 300},
        {"id": "l", "type": "link", "url": "https://arxiv.org/abs/1706.03762",
         "x": 450, "y": 300, "width": 300, "height": 200}],
    "edges": [{"id": "e", "fromNode": "t", "toNode": "f", "label": "read"}]}


def test_a_canvas_is_a_page_of_its_cards(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        ".obsidian/app.json": "{}",
        "Review.canvas": json.dumps(_CANVAS),
        "Papers/Vaswani 2017.md": "# Vaswani 2017\n\n## Method\n\nScaled dot products.\n\n"
                                  "## Results\n\nBLEU 28.4.\n",
        "Reading list.md": "See [[Review.canvas|the review board]].\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    assert "embedded a file" not in report_of(imported)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new/public"
    link = next(a for a in page(out, "/reading-list/").find_all("a")
                if a.text() == "the review board")
    assert link["href"] == "/review/"
    board = page(out, "/review/")
    assert board.one("h1").text() == "Review"
    prose = board.one("div", class_="prose")
    # (top to bottom: the text card, then the group, its cards left to right)
    assert [h.text() for h in prose.find_all("h2")] == [
        "Why attention", "Sequence models", "Method"]  # (the last the embedded section's)
    assert prose.find_all("math")
    text = prose.text()
    assert "Scaled dot products." in text and "BLEU" not in text  # (the card's section)
    assert text.index("Scaled dot products.") < text.index("arxiv.org/abs/1706.03762")
    assert prose.find_all("li")[-1].text() == "Why attention → Vaswani 2017 (read)"
    assert "nodes" not in text
