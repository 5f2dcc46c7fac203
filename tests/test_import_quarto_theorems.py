"""Quarto's theorems, proofs and their references (`::: {#thm-x}`, `@thm-x`), and Pandoc's
grid tables in `.qmd` files, imported and built."""

from __future__ import annotations

import json
from pathlib import Path

from htmltree import Element, parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site

POST = """\
    ---
    title: "Taxes and welfare"
    date: 2024-05-02
    ---

    We show @thm-envelope, using [@lem-convex] and Definition -@def-surplus.

    ::: {#def-surplus}
    ## Surplus
    The surplus is $S(p) = \\int_p^\\infty D(q)\\,dq$.
    :::

    ::: {#lem-convex name="Convexity"}
    $S$ is convex when $D$ falls.
    :::

    ::: {#thm-envelope}

    ## Envelope theorem

    The derivative of $V(\\theta)$ is $\\partial f / \\partial \\theta$.

    ::: {.callout-note}
    A note inside.
    :::

    :::

    ::: {.proof}
    By @lem-convex and the chain rule.
    :::

    ::: {#thm-second}
    Each tax has a cost.
    :::

    ::: {#exr-tax}
    Compute $S$ for $D(q) = 1/q^2$.
    :::

    ::: {.remark}
    ## Caveat
    Only for smooth $f$.
    :::
    """


def imported_and_built(tmp_path: Path, files: dict[str, str]) -> tuple[Imported, Element]:
    write_files(tmp_path / "blog", files)
    done = import_site(tmp_path / "blog", tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = (result.output / "posts/welfare/index.html").read_text(encoding="utf-8")
    return done, parse_html(page).one("div", class_="prose")


def test_theorems_are_numbered_callouts_their_references_links(tmp_path: Path) -> None:
    """Quarto's theorem divs (title from the first heading or `name=`), `.proof` and
    `.remark`, and `@thm-x`, `[@lem-x]`, `-@def-x`: `:::` and `@thm-` were left as
    written (an unknown div, a citation of no key). Each kind is counted on its own, as
    Quarto numbers them."""
    done, prose = imported_and_built(tmp_path, {
        "_quarto.yml": "project:\n  type: website\nlang: en\n",
        "posts/welfare/index.qmd": POST,
    })
    assert done.report.warnings == []
    titles = [p.text() for p in prose.find_all("p", class_="callout-title")]
    assert titles == ["Definition 1 (Surplus)", "Lemma 1 (Convexity)",
                      "Theorem 1 (Envelope theorem)", "Note", "Theorem 2", "Exercise 1",
                      "Remark (Caveat)"]
    first = prose.find_all("p")[0]
    assert [(a["href"], a.text()) for a in first.find_all("a")] == [
        ("#thm-envelope", "Theorem 1"), ("#lem-convex", "Lemma 1"), ("#def-surplus", "1")]
    assert first.text().endswith("and Definition 1.")
    proof = prose.one("div", class_="proof")
    assert proof.one("p", class_="proof-title").text() == "Proof"
    assert proof.one("a")["href"] == "#lem-convex"
    for label in ("def-surplus", "lem-convex", "thm-envelope", "thm-second", "exr-tax"):
        assert prose.find(id=label) is not None
    assert ":::" not in prose.text() and "@" not in prose.text()


def test_chinese_theorems_and_a_reference_to_no_theorem(tmp_path: Path) -> None:
    """A Chinese site's theorem reads 定理 1（…）, as Quarto's `lang: zh` showed it; a
    reference to a label no theorem has (Quarto showed `?@thm-x`) is a warning at its
    line and shown as Quarto showed it, so the build does not stop on it."""
    done, prose = imported_and_built(tmp_path, {
        "_quarto.yml": "project:\n  type: website\nlang: zh\n",
        "posts/welfare/index.qmd": """\
            ---
            title: 福利
            date: 2024-05-02
            ---

            ::: {#thm-envelope}
            ## 包络定理
            导数是 $\\partial f / \\partial \\theta$。
            :::

            由 @thm-envelope 与 @thm-gone 可知。
            """,
    })
    assert prose.one("p", class_="callout-title").text() == "定理 1（包络定理）"
    assert prose.find_all("p")[-1].text() == "由 定理 1 与 ?@thm-gone 可知。"
    [warning] = done.report.warnings
    assert warning.line == 11 and "`@thm-gone` refers to no theorem" in warning.message


GRID_POST = """\
    ---
    title: "Models"
    date: 2024-05-02
    ---

    +--------------+----------------+
    | 模型         | 参数量         |
    +:=============+===============:+
    | Llama 3      | 8              |
    | (base)       |                |
    +--------------+----------------+
    | 通义千问     | $\\|w\\| \\le 14$ |
    +--------------+----------------+

    : Sizes {#tbl-sizes}

    +-------+----------+
    | Step  | Notes    |
    +=======+==========+
    | warm  | - linear |
    |       | - cosine |
    +-------+----------+
    """


def test_grid_tables_become_pipe_tables_or_are_reported(tmp_path: Path) -> None:
    """Pandoc's grid tables (a real Quarto site's `.qmd` posts) showed as their borders
    in text. One of single-paragraph cells is a pipe table (its columns counted by
    display width, Chinese characters two wide; `\\|` in a formula kept a norm); one
    with a list in a cell is kept as written in a code block and reported at its line."""
    write_files(tmp_path / "blog", {
        "_quarto.yml": "project:\n  type: website\nlang: zh\n",
        "posts/welfare/index.qmd": GRID_POST,
    })
    done = import_site(tmp_path / "blog", tmp_path / "new")
    [warning] = done.report.warnings
    assert warning.line == 17 and "grid table" in warning.message
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = (result.output / "posts/welfare/index.html").read_text(encoding="utf-8")
    prose = parse_html(page).one("div", class_="prose")
    table = prose.one("table")
    code = prose.one("pre")
    assert "| warm | - linear |" in code.text()
    lines = [span.children[0] for span in code.find_all("span", class_="line")]
    assert lines[4] == "|       | - cosine |" and len(lines) == 6
    assert [th.text() for th in table.find_all("th")] == ["模型", "参数量"]
    assert [th.get("style") for th in table.find_all("th")] == [
        "text-align:left", "text-align:right"]
    rows = [[td.text() for td in tr.find_all("td")] for tr in table.find_all("tr")[1:]]
    assert rows[0] == ["Llama 3 (base)", "8"]
    assert rows[1][0] == "通义千问" and rows[1][1].startswith("‖w‖≤14")


def test_a_theorem_referred_to_from_another_notebook_cell(tmp_path: Path) -> None:
    """A notebook post's cells are converted one by one: `@thm-x` in a later cell than
    its theorem was "no theorem of this page" and shown as `?@thm-x`."""
    cells = [{"cell_type": "raw", "metadata": {},
              "source": "---\ntitle: Bandits\ndate: 2024-05-02\n---"},
             {"cell_type": "markdown", "metadata": {},
              "source": "::: {#thm-regret}\n## Regret bound\nIt grows as $\\sqrt{T}$.\n:::\n"},
             {"cell_type": "markdown", "metadata": {}, "source": "By @thm-regret, done.\n"}]
    write_files(tmp_path / "blog", {
        "_quarto.yml": "project:\n  type: website\nlang: en\n",
        "posts/bandits/index.ipynb": json.dumps({"cells": cells, "metadata": {},
                                                 "nbformat": 4, "nbformat_minor": 5}),
    })
    done = import_site(tmp_path / "blog", tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/bandits/index.html").read_text(encoding="utf-8"))
    link = page.one("div", class_="prose").one("a", class_="secref")
    assert (link["href"], link.text()) == ("#thm-regret", "Theorem 1")
