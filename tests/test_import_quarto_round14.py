"""The Quarto, bookdown, distill, Jupyter Book and Sphinx importers and shapes a
fourteenth round of real projects had. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files

from lanting.importer import import_site


def test_a_compact_numeric_quarto_date(tmp_path: Path) -> None:
    """`date: 20220830` is a number to YAML; Quarto's date parsing (dayjs) reads its
    digits as the year, month and day. The import warned and took the file's time."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/a/index.qmd": "---\ntitle: A\ndate: 20220830\n---\n\nText.\n",
        "posts/b/index.qmd": "---\ntitle: B\ndate: 20221399\n---\n\nText.\n"})
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "date: 2022-08-30\n" in text
    # (no such day: not read, the file's time)
    assert [(w.path, w.line) for w in done.report.warnings] == [
        ("posts/b/index.qmd", 3), ("posts/b/index.qmd", 3)]


def test_a_render_day_date_is_the_day_its_published_page_shows(tmp_path: Path) -> None:
    """`date: today` (or `last-modified`) is the day Quarto rendered the document; a
    fresh clone's file time is the day of the clone, every such post dated alike. The
    page the project published (`output-dir: docs`) shows the day, `dcterms.date`."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n  output-dir: docs\n",
        "posts/a/index.qmd": "---\ntitle: A\ndate: today\n---\n\nText.\n",
        "posts/b.qmd": "---\ntitle: B\ndate: last-modified\n---\n\nText.\n",
        "posts/c.qmd": "---\ntitle: C\ndate: today\n---\n\nText.\n",
        "docs/posts/a/index.html": (
            '<html><head><meta name="dcterms.date" content="2024-12-15">\n</head></html>'),
        "docs/posts/b.html": (
            "<html><head><meta name='dcterms.date' content='2023-01-31'></head></html>")})
    done = import_site(source, tmp_path / "new")
    posts = done.dest / "content/posts"
    assert "date: 2024-12-15\n" in (posts / "a.md").read_text(encoding="utf-8")
    assert "date: 2023-01-31\n" in (posts / "b.md").read_text(encoding="utf-8")
    notes = sorted((n.path, n.message) for n in done.report.entries if "fixed" in n.message)
    assert notes == [
        ("posts/a/index.qmd", "`date: today`: the day its published page shows, fixed"),
        ("posts/b.qmd", "`date: last-modified`: the day its published page shows, fixed"),
        ("posts/c.qmd", "`date: today`: the file's modification time, fixed")]

