"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 11 (a passthrough
naming only `\\(` and `\\[`, a shortcode reading another file, …), in small sites
written here."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import built_cleanly, prose


def test_dollar_math_beside_a_passthrough_of_other_delimiters(tmp_path: Path) -> None:
    """A PaperMod ML blog turned Goldmark's passthrough on for `\\(…\\)` and `\\[…\\]`
    only, its KaTeX auto-render reading `$` in the page: Goldmark read the Markdown
    escapes of `$U = \\\\{u_1\\\\}$` first, as without passthrough, so KaTeX got
    `\\{`. Kept as written, `\\\\{` was a row break then a brace, and the build failed
    ("Found \\\\ …"). A formula the passthrough kept stays as written."""
    out = built_cleanly(tmp_path, {
        "config.yml": "title: 笔记\nlanguageCode: zh-cn\nmarkup:\n  goldmark:\n"
                      "    extensions:\n      passthrough:\n        enable: true\n"
                      "        delimiters:\n          block: [['\\[', '\\]']]\n"
                      "          inline: [['\\(', '\\)']]\n",
        "content/posts/gpt/index.md": (
            "---\ntitle: GPT\ndate: 2025-05-01\nmath: true\n---\n\n"
            "语料 $U = \\\\{u_1, \\cdots, u_n\\\\}$，下标 $x\\_i$。\n\n"
            "$$\nf_i = \\sum_{x} \\mathrm{1}\\\\{\\arg\\max p(x) = i\\\\}\n$$\n\n"
            "保留 \\(a_1 \\{b\\}\\)。\n")})
    page = prose(out, "posts/gpt/index.html")
    formulas = [m.text() for m in page.find_all("math")]
    assert formulas[0] == "U={u1,⋯,un}"
    assert formulas[1] == "xi"
    assert "{" in formulas[2] and "}" in formulas[2]
    assert formulas[3] == "a1{b}"

