"""The Quarto, bookdown, distill, Jupyter Book and Sphinx importers and shapes a
thirteenth round of real projects had. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files
from test_import_quarto_files import built_prose

_HEAD = (
    "<script type=\"text/x-mathjax-config\">\nMathJax.Hub.Config({\n  TeX: {\n"
    "    Macros: {\n      bx: \"\\\\boldsymbol{x}\",\n      E: \"\\\\mathbb{E}\"\n"
    "    }\n  }\n});\n</script>\n")


def test_macros_of_an_r_markdown_formats_in_header_file(tmp_path: Path) -> None:
    """A bookdown book's `_output.yml` gives its HTML format `includes: in_header:` a
    file of MathJax setup defining its macros (`\\bx`); the importer read Quarto's
    `include-in-header` only, and each formula using one failed the build. A PDF
    format's preamble is not the HTML pages'."""
    book = tmp_path / "book"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-ols.Rmd"]\n',
        "_output.yml": ("bookdown::gitbook:\n  includes:\n    in_header: assets/head.html\n"
                        "bookdown::pdf_book:\n  includes:\n    in_header: preamble.tex\n"),
        "assets/head.html": _HEAD,
        "preamble.tex": "\\newcommand{\\bx}{\\mathbf{x}}\n\\newcommand{\\Tc}{\\mathcal{T}}\n",
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-ols.Rmd": "# OLS {#ols}\n\nThe mean $\\E[\\bx]$ of the rows.\n"})
    prose = built_prose(book, tmp_path, "01-ols/index.html")
    formula = prose.one("math")
    assert formula.find("mi", mathvariant="double-struck") is not None or "𝔼" in formula.text()
    new = (tmp_path / "new/content/pages/01-ols.md").read_text(encoding="utf-8")
    assert "\\boldsymbol{x}" in new and "\\mathbf{x}" not in new


def test_macros_of_a_distill_sites_in_header_file(tmp_path: Path) -> None:
    """distill's `_site.yml` `output: distill::distill_article: includes:` too."""
    site = tmp_path / "blog"
    write_files(site, {
        "_site.yml": ("name: b\ntitle: B\noutput_dir: docs\noutput:\n"
                      "  distill::distill_article:\n    includes:\n"
                      "      in_header: head.html\n"),
        "head.html": _HEAD,
        "index.Rmd": "---\ntitle: B\nsite: distill::distill_website\nlisting: posts\n---\n",
        "_posts/2024-01-02-mean/mean.Rmd": (
            "---\ntitle: Mean\ndate: 2024-01-02\noutput: distill::distill_article\n---\n\n"
            "The mean $\\E[\\bx]$.\n")})
    prose = built_prose(site, tmp_path, "posts/2024-01-02-mean/index.html")
    assert prose.find("math") is not None
