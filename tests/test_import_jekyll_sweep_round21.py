"""Faults real Jekyll blogs exposed in the twenty-first sweep (English and Chinese blogs
of ML and systems engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site, report_of
from sitebits import png


def test_a_figure_include_in_a_list_item_or_a_quote_stays_in_it(tmp_path: Path) -> None:
    """minimal-mistakes' `{% include figure … %}` alone on a line of a numbered item
    (indented as its text), of a bullet item and of a block quote: the figure was
    written at column 0, which ended the list (the next item began a new one, numbered
    from 1) and the quote. It is written inside its container now, a label making it a
    figure there (its caption shown), the list and the quote going on after it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "assets/images/loss.png": png(8, 8),
        "assets/images/arch.png": png(8, 8),
        "_posts/2024-01-02-steps.md":
            "---\ntitle: Steps\n---\n\n1. Train the model.\n\n"
            '   {% include figure image_path="/assets/images/loss.png" alt="loss" '
            'caption="The loss curve." %}\n\n'
            "2. Evaluate it.\n"
            '   {% include figure image_path="/assets/images/arch.png" alt="arch" '
            'caption="The architecture." %}\n'
            "   Then more text.\n3. Done.\n\n"
            "> A quote.\n>\n"
            '> {% include figure image_path="/assets/images/arch.png" caption="Quoted." %}\n'
            ">\n> More quote.\n\n"
            '- {% include figure.html image="/assets/images/loss.png" caption="Loss." %}\n'
            "- next\n"})
    post = (imported.dest / "content/posts/steps/index.md").read_text(encoding="utf-8")
    assert "1. Train the model.\n\n" \
        '   ![loss](loss.png "The loss curve."){#fig-loss}\n\n2. Evaluate it.\n\n' \
        '   ![arch](arch.png "The architecture."){#fig-arch}\n\n   Then more text.\n' \
        "3. Done.\n" in post, post
    assert '> A quote.\n>\n> ![Quoted.](arch.png "Quoted."){#fig-arch-' in post, post
    assert '}\n>\n> More quote.\n' in post, post
    assert '- ![Loss.](loss.png "Loss."){#fig-loss-' in post, post
    assert "}\n\n- next" in post, post
    assert not imported.report.warnings, report_of(imported)


def test_a_figure_include_in_indented_html_stays_at_column_0(tmp_path: Path) -> None:
    """al-folio's figures inside `<div class="col-sm">`, indented as HTML: no list
    item holds them, and indented after a blank line they were code."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "assets/img/a.png": png(8, 8),
        "_posts/2024-01-02-grid.md":
            "---\ntitle: Grid\n---\n\n<div class=\"row\">\n    <div class=\"col-sm\">\n"
            '        {% include figure.html path="assets/img/a.png" caption="A." %}\n'
            "    </div>\n</div>\n"})
    post = (imported.dest / "content/posts/grid/index.md").read_text(encoding="utf-8")
    assert '\n\n![A.](a.png "A.")\n\n' in post, post

