"""Faults real Jekyll blogs exposed in the eighteenth sweep (English and Chinese blogs
of ML and systems engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import jekyll_site

from lanting.build import build
from lanting.build.options import BuildOptions


def test_a_link_to_a_page_of_one_categorys_posts_leads_to_its_new_page(
        tmp_path: Path) -> None:
    """An ML blog on the Cayman theme keeps a page per topic, `machine-learning.md`, whose
    only text is `{% for post in site.categories.machine-learning %}`, and its home page
    links each. The pages are left out (Lanting lists a category's posts itself), but the
    links lost their targets, a warning each; they lead to Lanting's page of the category
    now. A topic no post has (Jekyll's loop showed its `{% else %}`) keeps its text."""
    loop = ("<ul>\n  {{% for post in site.categories.{0} %}}\n    <li><a href=\"{{{{ "
            "post.url | relative_url }}}}\">{{{{ post.title }}}}</a></li>\n  {{% else %}}\n"
            "    <li>No posts found in this category.</li>\n  {{% endfor %}}\n</ul>\n")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nbaseurl: /notes\n",
        "index.md": "---\nlayout: default\ntitle: Topics\n---\n\n<ul>\n"
                    "  <li><a href=\"{{ '/machine-learning/' | relative_url }}\">ML</a></li>\n"
                    "  <li><a href=\"{{ '/llm/' | relative_url }}\">LLMs</a></li>\n</ul>\n\n"
                    "See [the tags](/notes/tagged/).\n",
        "machine-learning.md": "---\nlayout: default\ntitle: ML\npermalink: "
                               "/machine-learning/\n---\n\n# ML\n\n"
                               + loop.format("machine-learning"),
        "llm.md": "---\nlayout: default\ntitle: LLMs\npermalink: /llm/\n---\n\n"
                  + loop.format("llm"),
        "tagged.md": "---\ntitle: Tagged\npermalink: /tagged/\n---\n\n"
                     "{% for post in site.tags[\"deep learning\"] %}{{ post.title }}"
                     "{% endfor %}\n",
        "_posts/2025-10-24-cnn.md": "---\ntitle: CNN\ncategories: [machine-learning]\n"
                                    "tags: [deep learning]\n---\n\nText.\n"})
    home = (imported.dest / "content/_index.md").read_text(encoding="utf-8")
    assert 'href="/categories/machine-learning/"' in home, home
    assert "(/tags/deep-learning/)" in home, home
    assert "<a>LLMs</a>" in home, home
    warned = [w.message for w in imported.report.warnings]
    assert len(warned) == 1 and "/llm/" in warned[0], warned
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_kramdowns_bold_beside_punctuation_is_bold(tmp_path: Path) -> None:
    """kramdown pairs `**` in order, one opening unless a space follows it and closing
    unless one is before it: `dataset**:**` was bold on a Medium-exported post, and
    CommonMark showed its stars. Stars kramdown paired with nothing (`## ** Overview**`,
    `2 ** bits`, an opening pair the paragraph never closed) it showed as written: they
    are escaped, and the build no longer warns of them. A table's cells, headings and
    list items pair alone; a bold running over a line break stays bold."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2023-07-15-nlp.md":
            "---\ntitle: NLP\n---\n\n"
            "The dataset**:** [IMDB](https://example.org/imdb) reviews.\n\n"
            "## ** Overview**\n\n"
            "p = prime * 2 ** bits, and `x ** y` in code.\n\n"
            "**a) Tokenization:  \n**Tokenization splits text into  **_n-grams_**, "
            "or tokens.\n\n"
            "* more **feasible\n* next item **bold** here\n\n"
            "| **15** | sum is **11.0 |\n| **16** | **yes** |\n\n"
            "<div>\nraw 2 ** 3 and x**:**\n</div>\n\n"
            "**Bold over\ntwo lines** and $$a**b$$ math.\n\n"
            "> **A quote's bold\n> over two lines** too.\n"})
    post = (imported.dest / "content/posts/nlp.md").read_text(encoding="utf-8")
    assert "dataset<strong>:</strong> [IMDB]" in post, post
    assert "## \\*\\* Overview\\*\\*" in post, post
    assert "2 \\*\\* bits, and `x ** y`" in post, post
    assert "**a) Tokenization:\\\n\\*\\*Tokenization splits text into  \\*\\*_n-grams_**" \
        in post, post
    assert "more \\*\\*feasible\n* next item **bold** here" in post, post
    assert "| **15** | sum is \\*\\*11.0 |\n| **16** | **yes** |" in post, post
    assert "raw 2 ** 3 and x**:**" in post, post
    assert "**Bold over\ntwo lines**" in post and "a**b" in post, post
    assert "> **A quote's bold\n> over two lines** too." in post, post
    site = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not [w for w in site.warnings if "no bold" in w.message], site.warnings


def test_a_bracket_left_by_a_javascript_escape_is_no_delimiter(tmp_path: Path) -> None:
    """A Jekyll Now blog's MathJax setup lists `["\\[","\\]"]` among its display
    delimiters: JavaScript drops the needless backslash, and MathJax got `[` and `]`,
    which matched no link (kramdown had made `[post](…)` a link, its brackets gone). The
    import read them as delimiters: every link became `\\(post\\)(…)` as text, and a
    formula's brackets were rewritten."""
    setup = ('<script type="text/x-mathjax-config">\nMathJax.Hub.Config({ tex2jax: {\n'
             '  inlineMath: [ [\'$\',\'$\'], ["\\\\(","\\\\)"] ],\n'
             '  displayMath: [ [\'$$\',\'$$\'], ["\\[","\\]"], ["\\\\[","\\\\]"] ]\n'
             '} });\n</script>\n')
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Seems Reasonable\nlang: en\n",
        "_includes/mathjax.html": setup,
        "_posts/2019-03-22-pg.md": "---\ntitle: PG\n---\n\n"
                                   "As in the previous [post](https://example.org/vr/), "
                                   "$$\\theta_{n+1} = \\nabla_\\theta[(T - Q)^2]$$ holds.\n"})
    assert not imported.report.warnings, imported.report.entries
    post = (imported.dest / "content/posts/pg.md").read_text(encoding="utf-8")
    assert "[post](https://example.org/vr/)" in post, post
    assert "\\nabla_\\theta[(T - Q)^2]" in post, post


def test_a_pipe_in_a_code_span_of_a_table_stays_in_its_cell(tmp_path: Path) -> None:
    """kramdown's tables read a row's code spans before its `|`s: `` `|z|` `` in a cell
    of an ML blog's table of questions was one cell's code. GFM's tables cut it there,
    the row one cell longer and its bold broken (the build warned of its stars)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2025-10-02-sigmoid.md":
            "---\ntitle: Sigmoid\n---\n\n| # | Question | Answer |\n|---|---|---|\n"
            "| **3** | **Why does it vanish when `|z|` is large?** | It saturates. |\n"})
    post = (imported.dest / "content/posts/sigmoid.md").read_text(encoding="utf-8")
    assert "`\\|z\\|`" in post, post
    out = tmp_path / "out"
    site = build(imported.dest, BuildOptions(output=out))
    assert not [w for w in site.warnings if "no bold" in w.message], site.warnings
    page = (out / "posts/sigmoid/index.html").read_text(encoding="utf-8")
    assert "<code>|z|</code> is large?</strong></td>" in page, page
