"""Faults a researcher's homepage on Wowchemy's v5 modules exposed (its notes exported
from Org mode by ox-hugo, its posts written for Goldmark without `passthrough`), in
small sites written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import prose
from test_import_hugoblox import blox, built

WOWCHEMY = """\
title: Ada Moreno
baseurl: https://ada.example.org/
languageCode: en-us
module:
  imports:
    - path: github.com/wowchemy/wowchemy-hugo-themes/modules/wowchemy/v5
"""
NOTE = r"""---
title: Rewards from captions
date: 2023-05-01
---

Given a goal \\(g\\) and an image \\(o\\), the reward is

\begin{align}
R\_{\text{cap}}(o,g) = \frac{e(o) \cdot e(g)}{\\| e(o) \\| \\, \\| e(g) \\|}
\end{align}

over the inputs $\mathbf{X} = \\{x_n\\}_1^N$ and targets $\mathbf{y}\_\*$.
"""


def test_math_written_for_goldmark_without_passthrough(tmp_path: Path) -> None:
    r"""Wowchemy's modules configured no `passthrough` (Hugo had none then): the posts
    wrote math for Goldmark to unescape, ox-hugo's `\\(g\\)`, `\\{x_n\\}`, `\_\*`, and in
    a bare `\begin{align}`, `R\_{…}` and `\\|`. They were taken as TeX: `\\(g\\)` stayed
    raw text, `\\|` was a row break and the build stopped ("may only appear at the top
    level of a table-like environment"). Each is the formula MathJax got."""
    imported = blox(tmp_path, {"config/_default/config.yaml": WOWCHEMY,
                               "content/post/rewards/index.md": NOTE})
    body = (imported.dest / "content" / "posts" / "rewards.md").read_text(encoding="utf-8")
    assert "a goal $g$ and an image $o$" in body
    assert r"R_{\text{cap}}(o,g) = \frac{e(o) \cdot e(g)}{\| e(o) \| \, \| e(g) \|}" in body
    assert r"$\mathbf{X} = \{x_n\}_1^N$" in body and r"$\mathbf{y}_*$" in body
    out = built(imported, tmp_path)
    assert "\\(" not in prose(out, "post/rewards/index.html").text()


def test_a_hugo_blox_site_s_math_is_still_tex(tmp_path: Path) -> None:
    """Hugo Blox's own modules pass math through: its escapes are TeX's, kept."""
    config = WOWCHEMY.replace("wowchemy/wowchemy-hugo-themes/modules/wowchemy/v5",
                              "HugoBlox/hugo-blox-builder/modules/blox-bootstrap/v5")
    post = "---\ntitle: Sets\ndate: 2024-01-01\n---\n\nThe set $\\{x\\}$ and $a \\\\ b$.\n"
    imported = blox(tmp_path, {"config/_default/config.yaml": config,
                               "content/post/sets/index.md": post})
    body = (imported.dest / "content" / "posts" / "sets.md").read_text(encoding="utf-8")
    assert "$\\{x\\}$" in body and "$a \\\\ b$" in body
