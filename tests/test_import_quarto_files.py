"""The Quarto importer and the files a project's documents name from its root
(`/images/x.png`), and old URLs Lanting cannot answer at: shapes a real ML blog had."""

from __future__ import annotations

import json
from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _notebook(front: str, markdown: str) -> str:
    return json.dumps({"cells": [
        {"cell_type": "raw", "metadata": {}, "source": front},
        {"cell_type": "markdown", "metadata": {}, "source": markdown}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_images_named_from_the_project_root_are_copied(tmp_path: Path) -> None:
    """`/images/gat/heads.png` is a path from the project's root to Quarto: a page's, a
    post's and a notebook post's (raw `<img>` or Markdown) were left as written and not
    copied, and the build failed on every one (93 on a real blog)."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "images/gat/heads.png": png(40, 30),
        "images/book/cover.png": png(30, 40),
        "images/gat/layer.png": png(50, 30),
        "images/book/back.png": png(30, 50),
        "book.qmd": "---\ntitle: Book\n---\n\n"
                    '<center><img src="/images/book/cover.png" width="200"></center>\n',
        "posts/attention/index.qmd": "---\ntitle: Attention\ndate: 2024-02-01\n---\n\n"
                                     "![Heads](/images/gat/heads.png)\n",
        "posts/gat.ipynb": _notebook(
            "---\ntitle: GAT\ndate: 2024-02-02\n---",
            '<center><img src="/images/gat/layer.png"></center>\n\n'
            "![Back](/images/book/back.png)\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    for page in ("book/index.html", "posts/attention/index.html", "posts/gat/index.html"):
        html = parse_html((result.output / page).read_text(encoding="utf-8"))
        images = html.one("div", class_="prose").find_all("img")
        assert images, page
        for image in images:
            assert (result.output / image["src"].lstrip("/")).is_file(), (page, image["src"])


def test_an_old_url_no_redirect_page_can_answer_is_reported(tmp_path: Path) -> None:
    """A notebook post's alias `old-name.ipynb` (the blog's former notebook URL) became
    an alias Lanting's build rejects ("end it with `/` or `.html`"): the whole build
    failed. It is left out with a warning naming it; the others are kept."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/decoding.ipynb": _notebook(
            "---\ntitle: Decoding\ndate: 2023-06-07\naliases:\n  - /decoding/\n"
            "  - 2022-06-07-decoding.ipynb\n---", "Greedy search.\n"),
    })
    done = import_site(source, tmp_path / "new")
    [warning] = done.report.warnings
    assert "`/posts/2022-06-07-decoding.ipynb` left out" in warning.message
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    assert (result.output / "decoding/index.html").is_file()
