"""Quarto homepages' faults found on real sites (round 17): a listing's contents
named from its own folder with a leading slash."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files

from lanting.importer import import_site


def test_listing_contents_with_a_leading_slash_are_the_listing_s(tmp_path: Path) -> None:
    """`publications/publications.qmd` listed `/2024/glucose_2024.qmd`: Quarto reads a
    leading slash from the listing's folder (its globs' root), so the list showed
    `publications/2024/glucose_2024.qmd`. Lanting read it from the project's root,
    found nothing there, and the papers were pages nothing listed. They are the
    listing's documents, posts, now."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "publications/publications.qmd": "---\ntitle: Publications\nlisting:\n  contents:\n"
                                         "   - /2024/glucose_2024.qmd\n"
                                         "   - /2023/sleep_2023.qmd\n  sort: false\n---\n",
        "publications/2024/glucose_2024.qmd": "---\ntitle: A glucose model\n"
                                              "date: 2024/08/22\n---\n\nWe model glucose.\n",
        "publications/2023/sleep_2023.qmd": "---\ntitle: Sleep and diet\ndate: 2023-05-01\n"
                                            "---\n\nWe study sleep.\n"})
    imported = import_site(source, tmp_path / "new")
    assert imported.report.counts["posts"] == 2
    assert not (imported.dest / "content" / "pages").exists() or not any(
        (imported.dest / "content" / "pages").iterdir())


def test_a_listing_inside_a_text_of_its_own_keeps_the_text(tmp_path: Path) -> None:
    """A lab's page of one resource, an overview and a list of features, ended with
    a listing of the lab's papers in that category. Every listing page but the first
    (the blog page's text) was left out, with a notice only, its text with it. A
    listing page with text of its own, paragraphs or list items, is kept; one of
    headings, raw HTML and the listing's div alone is left out, as before (and so is
    one line pointing to a fuller list)."""
    source = tmp_path / "old"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts.qmd": "---\ntitle: News\nlisting:\n  contents: posts\n---\n\nOur news.\n",
        "posts/one/index.qmd": "---\ntitle: One\ndate: 2024-01-02\n---\n\nHello.\n",
        "tools/r4ds.qmd": "---\ntitle: R for Data Science\nlisting:\n  id: pubs\n"
                          "  contents:\n    - \"../posts/*/index.qmd\"\n  include:\n"
                          "    categories: r4ds\n---\n\n## Overview\n\nA free book on "
                          "data science with R, from importing and tidying data to "
                          "models.\n\n## Key features\n\n- **Tidyverse**: modern R "
                          "with one grammar of data\n- **Exercises**: at the end of "
                          "each chapter, with answers online\n\n:::{#pubs}\n:::\n",
        "tools/banner.qmd": "---\ntitle: Pharmacology\nlisting:\n  id: pubs\n  contents:\n"
                            "    - \"../posts/*/index.qmd\"\n---\n\n```{=html}\n<iframe "
                            "src=\"b.html\"></iframe>\n```\n\n## Papers\n\n:::{#pubs}\n:::\n"})
    imported = import_site(source, tmp_path / "new")
    texts = [p.read_text("utf-8") for p in (imported.dest / "content").rglob("*.md")]
    assert any("A free book on data science with R," in t for t in texts)
    assert not any("b.html" in t for t in texts)
