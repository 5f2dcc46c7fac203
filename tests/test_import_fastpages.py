"""The Jekyll importer on a fastpages blog: its notebooks (`_notebooks/`), which its
GitHub Action turned into posts, and its Markdown posts' box includes."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _cell(kind: str, source: str, *outputs: dict[str, Any]) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        cell.update(execution_count=1, outputs=list(outputs))
    return cell


def _printed(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def _notebook(*cells: dict[str, Any]) -> str:
    return json.dumps({"cells": list(cells), "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 4})


def test_a_fastpages_blogs_notebooks_are_notebook_posts(tmp_path: Path) -> None:
    """A fastpages blog keeps its posts as notebooks in `_notebooks/`; its Action made
    posts of them. The import left the folder out ("the old site did not publish it
    either"), and the blog lost every notebook post. Each is a notebook post now: its
    front matter from the first cell (`# Title`, `> summary`, `- key: value`), its
    cells as nbdev showed them (`#hide`, `#hide_input`, `#collapse-hide`), its boxes,
    videos and footnotes in Lanting's forms (not inside code), its image copied."""
    source = tmp_path / "blog"
    write_files(source, {
        "_config.yml": "title: Bandit Notes\npermalink: /:title/\ntheme: minima\n",
        "_action_files/fastpages.tpl": "{{ nb }}\n",
        "_notebooks/my_icons/arms.png": png(30, 20),
        "_notebooks/2021-03-04-thompson-sampling.ipynb": _notebook(
            _cell("markdown", '# "Thompson sampling by hand"\n> "Posterior draws pick the '
                  'arm."\n\n- toc: true\n- badges: true\n- categories: [bandits, '
                  'bayes]\n'),
            _cell("code", "#hide\nimport secret_setup\n", _printed("SETUP\n")),
            _cell("markdown", "## Arms\n\n![](my_icons/arms.png)\n\n> Note: Each arm is "
                  "a Beta posterior.\n\n> youtube: https://youtu.be/AbCdEfGhIjK\n\n"
                  "Regret grows slowly{% fn 1 %}.\n\n"
                  "{{ 'Logarithmically, in fact.' | fndetail: 1 }}\n\n"
                  "Write footnotes as `{% fn 1 %}`:\n\n```\n> Note: shown as written\n"
                  "```\n"),
            _cell("code", "#hide_input\nprint(regret)\n", _printed("regret: 12.5\n")),
            _cell("code", "#collapse-hide\ndraws = posterior.sample()\n",
                  _printed("drawn\n")),
        ),
        "_notebooks/README.md": "Notebooks become posts.\n",
        "_posts/2021-01-02-welcome.md": "---\ntitle: Welcome\n---\n\n"
                                        '{% include alert.html text="Drafts ahead." %}\n',
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "Bandit Notes"
    notebook = json.loads((done.dest / "content/posts/thompson-sampling.ipynb")
                          .read_text(encoding="utf-8"))
    front = notebook["cells"][0]["source"]
    assert "title: Thompson sampling by hand" in front and "2021-03-04" in front
    assert "Posterior draws pick the arm." in front and "bandits" in front
    codes = [c["source"] for c in notebook["cells"] if c["cell_type"] == "code"]
    assert codes == ["", "draws = posterior.sample()"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "thompson-sampling/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    text = page.text()
    assert "SETUP" not in text and "regret: 12.5" in text and "#collapse" not in text
    assert page.one("div", class_="callout-note").text().endswith(
        "Each arm is a Beta posterior.")
    assert page.find("img") is not None and "Logarithmically, in fact." in text
    assert "{%" in text and "> Note: shown as written" in text  # (code shows them)
    assert "fndetail" not in text and "youtube:" not in text
    welcome = parse_html((result.output / "welcome/index.html").read_text(encoding="utf-8"))
    assert welcome.one("div", class_="callout-warning").text().endswith("Drafts ahead.")


def test_a_post_fastpages_made_of_a_notebook_is_left_for_the_notebook(
        tmp_path: Path) -> None:
    """A fastpages blog that committed the post its Action made of a notebook too
    (`_posts/2021-05-06-kernels.md`, its front matter naming `nb_path:
    _notebooks/2021-05-06-kernels.ipynb`, its body nbconvert's HTML with a chart's
    script): both were imported, the notebook as `kernels-2`, and the generated
    post's script, read as a formula from `$schema` on, failed the build. The
    notebook is the post; a post naming no notebook of the blog stays."""
    source = tmp_path / "blog"
    write_files(source, {
        "_config.yml": "title: Kernel Notes\n",
        "_action_files/fastpages.tpl": "{{ nb }}\n",
        "_notebooks/2021-05-06-kernels.ipynb": _notebook(
            _cell("markdown", "# Kernels\n> Smooth functions.\n"),
            _cell("code", "k = rbf(1.0)\n", _printed("kernel ready\n"))),
        "_posts/2021-05-06-kernels.md": "---\ntitle: Kernels\nnb_path: "
                                        "_notebooks/2021-05-06-kernels.ipynb\n---\n\n"
                                        '<script>{"$schema": "v4", "x": "$y"}</script>\n',
        "_posts/2021-05-07-gone.md": "---\ntitle: Gone\nnb_path: _notebooks/gone.ipynb\n"
                                     "---\n\nIts notebook was deleted.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    posts = sorted(p.name for p in (done.dest / "content/posts").iterdir())
    assert posts == ["gone.md", "kernels.ipynb"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    assert "kernel ready" in (result.output / "posts/kernels/index.html").read_text(
        encoding="utf-8")
