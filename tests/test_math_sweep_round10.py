"""Faults a tenth formula sweep of math-heavy blogs and notes (Jekyll blogs of ML
theory, diffusion and statistics written for MathJax 2) found: small sites and pages
written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site
from test_math_syntax import CONTEXT

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.markdown.math_given_macros import check_macro
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext


def test_a_configured_macro_with_a_size_switch() -> None:
    """`sp = "^{\\small\\prime}"` (a MathJax setup's smaller prime): math-core knows
    `\\small` in text only and Lanting draws it around what math-core makes, so the
    macro given to the converter failed the config check (the import left it out)
    and every `\\sp` failed the build. It is expanded as text, as a page's own is."""
    macros = (("sp", "^{\\small\\prime}"),)
    check_macro("sp", macros[0][1], macros)
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$f\\sp(x)$\n", context, MarkdownOptions())
    assert rendered.problems == ()
    script = parse_html(rendered.html).one("msup")
    assert "font-size" in script.one("mstyle").attrs["style"]
    assert script.one("mo").text() == "′"


MATHJAX2_LAYOUT = """<html><head>
<script type="text/x-mathjax-config">
MathJax.Hub.Config({
  tex2jax: { inlineMath: [ ['$','$'], ["\\\\(","\\\\)"] ] },
  TeX: {
    extensions: ["color.js"],
    Macros: {
      gc: ["{\\\\color{my-green} #1}", 1],
      kc: ["{\\\\color{my-grey} #1}", 1],
      x: ["\\\\mathbf x"]
    }
  }
});
MathJax.Hub.Register.StartupHook("TeX color Ready", function() {
  MathJax.Extension["TeX/color"].colors["my-green"] = '#677d00';
  MathJax.Extension["TeX/color"].colors["my-grey"] = '#999';
});
</script></head><body>{{ content }}</body></html>
"""


def test_colours_a_mathjax2_setup_names_hold_in_its_macros(tmp_path: Path) -> None:
    """A MathJax 2 layout naming its colours in the color extension's startup hook
    (`colors["my-green"] = '#677d00'`) and macros using them (`gc: ["{\\color{my-green}
    #1}", 1]`): each such macro failed the check ("Unknown color"), was left out with a
    warning naming `_includes` (the setup was a layout), and every formula using one
    failed the build. The colours are written as their values in the macros."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\n",
        "_layouts/default.html": MATHJAX2_LAYOUT,
        "_posts/2020-01-31-pca.md": "---\ntitle: PCA\nlayout: default\n---\n\n"
        "Centre \\\\(\\gc{\\x}\\\\) and \\\\(\\kc{n}\\\\).\n"})
    assert [w.message for w in imported.report.warnings] == []
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "#677d00" in config and "my-green" not in config
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "posts/pca/index.html").read_text(encoding="utf-8")
    first, second = parse_html(html).find_all("math")
    assert "677D00" in first.one("mrow").attrs["style"].upper()
    assert "999999" in second.one("mrow").attrs["style"].upper()


def test_a_warning_names_the_file_of_the_setup(tmp_path: Path) -> None:
    """A macro that does not convert is warned of at the file holding the setup."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\n",
        "_layouts/default.html": MATHJAX2_LAYOUT.replace('"{\\\\color{my-grey} #1}"',
                                                         '"\\\\frac{#1"'),
        "_posts/2020-01-31-pca.md": "---\ntitle: PCA\nlayout: default\n---\n\nText.\n"})
    assert [w.path for w in imported.report.warnings] == ["_layouts/default.html"]


def test_a_post_wrapped_in_raw_is_still_kramdown(tmp_path: Path) -> None:
    """A post wrapped whole in `{% raw %}` (for the `{{` of its formulas): raw stops
    Liquid only, and kramdown read the rest. The import kept the block as written: its
    `\\\\(x\\\\)` stayed escaped parentheses, a `$$` display over a blank line showed as
    TeX, and a link to another page's old URL was broken. Its Liquid stays as written."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\n",
        "_layouts/default.html": MATHJAX2_LAYOUT,
        "blog/two.md": "---\ntitle: Two\nlayout: default\ndate: 2020-02-01\n---\n\nTwo.\n",
        "blog/one.md": "---\ntitle: One\nlayout: default\ndate: 2020-01-31\n---\n"
        "<!-- {% raw %} -->\n\nLet \\\\(\\gc{\\x}\\\\) be {{ a }} and see "
        "[two](/blog/two.html).\n\n"
        "$$ a +\n\n b $$\n\n<!-- {% endraw %} -->\n"})
    body = (imported.dest / "content/posts/one.md").read_text(encoding="utf-8")
    assert "{{ a }}" in body and "[two](two.md)" in body
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    doc = parse_html((out / "posts/one/index.html").read_text(encoding="utf-8"))
    inline, display = doc.find_all("math")
    assert display.attrs.get("display") == "block" and "b" in display.text()
    assert "{{ a }}" in doc.one("article").text()


def test_formulas_in_raw_html_using_the_setups_macros_are_no_warning(tmp_path: Path) -> None:
    """`<p>… \\(\\gc{\\x}\\) …</p>` in a site whose MathJax setup defines `\\gc` and
    `\\x`: the import checked the formula without the site's macros and warned, at each,
    that it does not convert, though the build converts it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\n",
        "_layouts/default.html": MATHJAX2_LAYOUT,
        "_posts/2020-01-31-pca.md": "---\ntitle: PCA\nlayout: default\n---\n\n"
        "<p>The mean \\(\\gc{\\x}\\) and \\(\\frac{1}{\\kc{n}}\\).</p>\n"})
    assert [w.message for w in imported.report.warnings] == []


def test_a_limit_operators_script_of_a_command_with_its_argument() -> None:
    """`\\varprojlim_\\mathbf{I} D` (a category theory book's limits over a diagram):
    the script was taken as `\\mathbf` alone, `_{\\mathbf}{I}`, and the formula failed
    the build ("Expected argument"), inline and in a display. MathJax sets `\\mathbf{I}`
    under the limit."""
    for text in ("$\\varprojlim_\\mathbf{I} D$\n", "$$\\varinjlim_\\mathrm{J} D$$\n"):
        rendered = render_markdown(text, CONTEXT, MarkdownOptions())
        assert rendered.problems == ()
        formula = parse_html(rendered.html).one("math")
        assert "𝐈" in formula.text() or "J" in formula.text()
