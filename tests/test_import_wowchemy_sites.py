"""Faults a researcher's homepage on Wowchemy's v5 modules exposed (its notes exported
from Org mode by ox-hugo, its posts written for Goldmark without `passthrough`), in
small sites written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import prose
from test_import_hugoblox import blox, built

from lanting.build import build
from lanting.build.options import BuildOptions

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


def test_a_commented_out_callout_stays_hidden(tmp_path: Path) -> None:
    """The starter's talk page comments its example callout out line by line,
    `<!-- {{% callout note %}} -->`: the callout was converted across the comments,
    which it split, and the build warned of a comment never closed (everything after
    it hidden). Hugo ran the shortcode inside the comment, which hid it: it stays
    there."""
    talk = ("---\ntitle: A reading club talk\nevent: Reading club\n"
            "date: 2022-09-23T11:00:00+03:00\n---\n\n"
            "<!-- {{% callout note %}} -->\n<!-- Press **Slides** above for the deck. -->\n"
            "<!-- {{% /callout %}} -->\n\nWe read a paper on world models.\n")
    imported = blox(tmp_path, {"content/event/club/index.md": talk})
    talks = imported.dest / "content" / "talks"
    body = next(talks.glob("*.md")).read_text(encoding="utf-8")
    assert "<!-- {{% callout note %}} -->" in body and "[!NOTE]" not in body
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [w.message for w in result.warnings if "comment" in w.message] == []
