"""Marp decks in a plain folder of notes (`notes_talks.py`): their front matter as Marp
reads it, and their `<style>` blocks, which are no prose."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site


def _import(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Path, list[str]]:
    write_files(tmp_path / "old", files)
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new", [m for path in files for m in messages(imported, path)]


def test_keys_marp_does_not_read_are_left_out_of_a_marp_deck(tmp_path: Path) -> None:
    """Marp reads its directives in a deck's front matter and passes over any other key
    (a VS Code setting written there, `markdown.marp.enableHtml`, or `extra`); the talk
    kept them, and the build refused each as an unknown key. They are left out with a
    notice; Marp's directives and Lanting's keys stay."""
    new, said = _import(tmp_path, {
        "unix/shell.md": "---\nmarp: true\ntheme: default\nmarkdown.marp.enableHtml: true\n"
                         "paginate: true\nextra: true\nfooter: \"Course, 2023\"\n"
                         "html: true\ntags: [unix]\ndate: 2023-03-21\n---\n\n"
                         "# The shell\n\n---\n\n## Pipes\n",
    })
    talk = (new / "content" / "talks" / "shell.md").read_text(encoding="utf-8")
    assert "enableHtml" not in talk and "extra" not in talk
    for kept in ("marp: true", "paginate: true", "footer: Course, 2023", "html: true",
                 "tags: [unix]", "theme: default"):
        assert kept in talk
    assert any("`markdown.marp.enableHtml`, `extra`" in m and "Marp" in m for m in said)
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_colours_of_a_style_block_are_no_tags(tmp_path: Path) -> None:
    """A Marp deck's `<style>` block (a blank line inside it, which does not end it) set
    `color: #ffedcc`: each colour was an inline tag of the talk. A `<style>` or
    `<script>` block is raw text to its closing tag, no Markdown: its `#` are no tags;
    a tag in the text after it still is."""
    new, _ = _import(tmp_path, {
        "git/git.md": "---\nmarp: true\ndate: 2023-03-21\n---\n\n<style>\nsection {\n"
                      "  color: black;\n}\n\nblockquote {\n  background: #ffedcc;\n"
                      "  border-left: 10px solid #d1bf9d;\n}\n</style>\n\n# Git\n\n"
                      "Branches #versioning\n",
        "notes.md": "# Notes\n\n<script>\nlet x = '#abc';\n\nx = '#def';\n</script>\n\n"
                    "A #real tag.\n",
    })
    talk = (new / "content" / "talks" / "git.md").read_text(encoding="utf-8")
    assert "ffedcc" not in talk.split("\n---\n")[0] and "tags: [versioning]" in talk
    page = (new / "content" / "pages" / "notes.md").read_text(encoding="utf-8")
    assert "tags: [real]" in page
