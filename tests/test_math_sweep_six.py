"""Faults a sixth formula sweep of math-heavy blogs (kramdown sites on MathJax 2,
algorithm2e pseudocode with its own keywords, Astro sites with Typst posts) found:
small sites and pages written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import NOW, jekyll_site
from sitebits import write_files
from test_import_hexo_sites import hexo_site
from test_math_syntax import render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

OWN_KEYWORDS = r"""\begin{algorithm}[H]
\SetKwFor{Sweep}{sweep over}{do}{end sweep}
\SetKwIF{Wenn}{SonstWenn}{Sonst}{wenn}{dann}{sonst wenn}{sonst}{ende}
\SetKwBlock{Setup}{setup}{ready}
\SetKwRepeat{Loop}{loop}{until}
\KwIn{grid $h$}
\Setup{
  $r \gets 0$\;
}
\Sweep{$j = 1, \dots, n$}{
  \eWenn{$e_j > h$}{ refine\; }{ keep\; }
  \uWenn{$j = n$}{ halt\; }
  \lSweep{$k$}{ mark $k$\; }
}
\Loop{$r > 2$}{ $r \gets r + 1$\; }
\caption{Refinement}
\end{algorithm}
"""


def test_algorithm2e_blocks_an_algorithm_defines_are_drawn() -> None:
    """`\\SetKwFor`, `\\SetKwIF`, `\\SetKwBlock`, `\\SetKwRepeat` (a post's own loop, or
    algorithm2e's keywords in the post's language): each was an unknown command, shown
    as written with its braces, and every block using it too. They are blocks drawn as
    algorithm2e draws its own `\\For` and `\\If`, in their `u`, `l` and `e` forms."""
    rendered = render(OWN_KEYWORDS)
    assert rendered.problems == ()
    figure = parse_html(rendered.html).one("figure", class_="algorithm")
    lines = [" ".join(item.text().split()) for item in figure.find_all("li")]
    depths = [int((item.get("style") or "")[-1]) for item in figure.find_all("li")]
    assert lines == ["Input: grid h", "setup", "r←0", "ready", "sweep over j=1,…,n do",
                     "wenn ej>h dann", "refine", "sonst", "keep", "ende",
                     "wenn j=n dann", "halt", "sweep over k do mark k", "end sweep",
                     "loop", "r←r+1", "until r>2"]
    assert depths == [0, 0, 1, 0, 0, 1, 2, 1, 2, 1, 1, 2, 1, 0, 0, 1, 0]


def test_a_tag_in_an_inline_formula_is_its_number_after_it() -> None:
    """`$a = b \\tag{1}$`: MathJax 2 draws an inline formula's tag at its right;
    math-core refused it, and the build failed on a formula the site showed. The tag
    is set after the formula (its `$…$` as math, `\\tag*` without parentheses)."""
    rendered = render("由 $p(x) = \\int q \\tag{2.1}$ 与 $c \\tag*{$\\dagger$}$ 得证\n")
    assert rendered.problems == ()
    maths = parse_html(rendered.html).find_all("math")
    assert maths[0].text().endswith("(2.1)") and maths[1].text().endswith("†")


def test_a_kramdown_inline_display_with_a_tag_builds(tmp_path: Path) -> None:
    """kramdown's `$$…$$` inside a paragraph is inline math; with a `\\tag` in it (as a
    MathJax 2 site numbers an equation it wrote in its sentence) the build failed."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nmarkdown: kramdown\n",
        "_posts/2024-05-01-ode.md": "---\ntitle: ODE\n---\n\n"
                                    "The flow solves $$\\dot x = f(x) \\tag{3}$$ for all t.\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "posts" / "ode" / "index.html").read_text(encoding="utf-8")
    prose = parse_html(html).one("div", class_="prose")
    assert prose.one("math").text().endswith("(3)") and "for all t" in prose.text()


def test_an_astro_sites_typst_entries_are_named(tmp_path: Path) -> None:
    """An Astro site with astro-typst keeps entries as `.typ` files beside its Markdown;
    they were left out without a word. Each is a warning naming its file (`_`-files,
    the entries' shared Typst, are no entries)."""
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "import { typst } from 'astro-typst';\n"
                            "export default defineConfig({ integrations: [typst()] })\n",
        "src/content/config.ts": "const notes = defineCollection({ type: 'content' });\n"
                                 "export const collections = { notes };\n",
        "src/content/notes/bayes.md": "---\ntitle: 贝叶斯\ndate: 2024-03-01\n---\n\n"
                                      "$p(a|b) \\propto p(b|a) p(a)$\n",
        "src/content/notes/kalman/gain.typ": "#metadata((title: \"增益\"))<frontmatter>\n\n"
                                             "$ K = P H^T S^(-1) $\n",
        "src/content/notes/_shared.typ": "#let note(body) = body\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    typst = [e for e in imported.report.warnings if "Typst" in e.message]
    assert [e.path for e in typst] == ["src/content/notes/kalman/gain.typ"]


@pytest.mark.parametrize(("package", "config"), [
    ('"hexo-renderer-markdown-it-plus": "^1.0.4"',
     "markdown_it_plus:\n  plugins:\n    - plugin:\n      name: '@neilsustc/markdown-it-katex'"
     "\n      enable: true\n"),
    ('"hexo-renderer-markdown-it": "^6.0.0"',
     "markdown:\n  plugins:\n    - name: '@renbaoshuo/markdown-it-katex'\n"),
    ('"hexo-renderer-markdown-it-plus": "^1.0.4"', ""),
])
def test_a_hexo_markdown_it_katex_display_runs_across_blank_lines(
        tmp_path: Path, package: str, config: str) -> None:
    """markdown-it's KaTeX plugins read a `$$` display to the next line ending `$$`,
    blank lines and all (a decomposition written as three matrices with a blank line
    between them); Lanting ended it at the first blank line, the rest showed as TeX
    and the next display's `$$` paired with the wrong one, failing the build. The
    formulas of such a site are its plugin's, read as it read them."""
    imported = hexo_site(tmp_path, {
        "package.json": '{\n  "dependencies": {\n    "hexo": "^6.0.0",\n    '
                        + package + '\n  }\n}\n',
        "_config.yml": "title: T\nlanguage: zh-CN\n" + config,
        "source/_posts/qr.md": "---\ntitle: QR 分解\ndate: 2023-05-01\n---\n\n"
                               "分解为\n$$\n\tQ=\\left[\\begin{matrix} q_1 & q_2 \\end{matrix}"
                               "\\right],\n\n\tR=\\left[\\begin{matrix} r & s \\\\ 0 & t"
                               "\\end{matrix}\\right]\n$$\n\n其中 $Q^T Q = I$，且\n\n"
                               "$$ A = QR \\tag{1} $$\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((imported.dest / "public" / "posts" / "qr" / "index.html")
                       .read_text(encoding="utf-8")).one("div", class_="prose")
    displays = [d.text() for d in prose.find_all("div", class_="math-display")]
    assert len(displays) == 2 and "R=" in displays[0] and "\\" not in prose.text()


def test_a_star_spaced_from_its_command_is_its_starred_form() -> None:
    """`\\operatorname * {P r}` (TeX as a PDF-to-Markdown tool spaces it, in RL notes
    kept in Obsidian): amsmath, KaTeX and MathJax skip the spaces before the star and
    draw Pr; the build failed ("Could not extract text from the given macro"). A
    command with no starred form keeps its `*` apart, a product."""
    rendered = render("令 $\\operatorname * {P r} _ {\\pi} (s ^ {\\prime} | s)$ 与 "
                      "$\\lambda *W$\n")
    assert rendered.problems == ()
    maths = parse_html(rendered.html).find_all("math")
    assert maths[0].text().startswith("Pr") and "∗" in maths[1].text()


@pytest.mark.parametrize(("tex", "text"), [
    ("\\fdv{S}{q}", "δSδq"), ("\\fdv*{S}{q}", "δS/δq"), ("\\functionalderivative{F}{\\rho}",
                                                         "δFδρ"),
    ("\\ip{\\phi}{\\psi}", "⟨ϕ|ψ⟩"), ("\\innerproduct{a}{b}", "⟨a|b⟩"),
    ("\\op{0}{1}", "|0⟩⟨1|"), ("\\ip{\\psi_n}", "⟨ψn|ψn⟩"),
])
def test_the_physics_packages_functional_derivative_and_products(tex: str, text: str) -> None:
    """The physics package's `\\fdv` (a functional derivative), `\\ip` and `\\op` (its
    short names for the inner and outer products), in notes of quantum and field
    theory: each failed the build as an unknown command."""
    rendered = render(f"有 ${tex}$。\n")
    assert rendered.problems == ()
    assert "".join(parse_html(rendered.html).one("math").text().split()) == text


@pytest.mark.parametrize(("env", "fences"), [
    ("psmallmatrix", "()"), ("bsmallmatrix", "[]"), ("Bsmallmatrix", "{}"),
    ("vsmallmatrix", "||"), ("Vsmallmatrix", "‖‖"),
])
def test_mathtools_fenced_small_matrices(env: str, fences: str) -> None:
    """mathtools' `psmallmatrix` and kin (an inline block matrix in an ML post; MathJax
    loads mathtools by itself): the build failed on an unknown environment. Each is a
    `smallmatrix` in its fences."""
    rendered = render(f"分块为 $\\begin{{{env}}}a & u^\\top \\\\ u & B\\end{{{env}}}$ 时\n")
    assert rendered.problems == ()
    math = parse_html(rendered.html).one("math")
    assert [mo.text() for mo in math.find_all("mo")] == list(fences)
    assert len(math.find_all("mtr")) == 2


SVM_NOTE = """\
# 软间隔

解 $w$ 唯一，但$$b的解可能不唯一。

设解为 $w^*,b^*$，得分离超平面

$$
w^*\\cdot x+b^*=0
$$

以及决策函数
$$
f(x)=\\operatorname{sign}(w^*\\cdot x+b^*)
$$
"""


def test_a_lone_double_dollar_in_a_line_of_text_opens_no_display(tmp_path: Path) -> None:
    """`但$$b的解` (a typo in a VuePress note: markdown-it's TeX plugins open a display
    only at a line's start, and showed this `$$` as written): it was paired with the
    next display's `$$`, the paragraphs between were taken for TeX with their blank
    lines left out, and every later formula was out of step, failing the build. It is
    a `$$` shown as written."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "import { defineConfig } from 'vitepress'\n"
                                      "export default defineConfig({ title: '笔记', lang: "
                                      "'zh-CN', markdown: { math: true } })\n",
        "docs/index.md": "# 笔记\n\n首页。\n",
        "docs/svm.md": SVM_NOTE,
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((dest / "public" / "svm" / "index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert "但$$b" in prose.text() and "\\" not in prose.text()
    assert len(prose.find_all("div", class_="math-display")) == 2
    assert len(prose.find_all("p")) == 3


def test_plain_tex_eqalign_is_aligned_rows() -> None:
    """Plain TeX's `\\eqalign{… \\cr …}` (MathJax reads it; a post on self-attention
    aligned its three projections so): an unknown command that failed the build. Its
    rows are `aligned`'s, `\\cr` or `\\\\` between them."""
    rendered = render("$$\\eqalign{\n  & Q = X W^Q \\cr\n  & K = X W^K \\cr\n"
                      "  & V = X W^V \\cr} $$\n\n$$\\eqalign{a &= b \\\\ c &= d}$$\n")
    assert rendered.problems == ()
    tables = parse_html(rendered.html).find_all("mtable")
    assert [len(table.find_all("mtr")) for table in tables] == [3, 2]
    assert "".join(tables[0].find_all("mtr")[1].text().split()) == "K=XWK"


def test_a_row_break_ending_the_last_row_makes_no_empty_row() -> None:
    """`a &= b \\\\ c &= d \\\\ \\end{align}` (posts end every row with `\\\\`): KaTeX and
    MathJax end the table there; math-core drew an empty third row, numbered (3), and
    the next equation was (4). Also in `aligned`, `cases` (with a `[2pt]`) and `\\cr`."""
    rendered = render("$$\n\\begin{align}\na &= b \\\\\nc &= d \\\\\n\\end{align}\n$$\n\n"
                      "$$\n\\begin{equation} e = f \\end{equation}\n$$\n\n"
                      "$$\n\\begin{cases} 1 & x > 0 \\\\[2pt] 0 & x \\le 0 \\\\[2pt]"
                      "\\end{cases}\n$$\n\n$$\\begin{aligned} p \\cr q \\cr \\end{aligned}$$\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert [len(table.find_all("mtr")) for table in doc.find_all("mtable")] == [2, 1, 2, 2]
    assert [tag.text() for tag in doc.find_all("mtext")] == ["(1)", "(2)", "(3)"]


def test_a_row_break_ending_a_displays_last_line_makes_no_empty_row() -> None:
    """`$$ a = b \\\\ c = d \\\\ $$` (every line ended with `\\\\`, no environment): the
    display's lines are stacked, and its last `\\\\` drew an empty third line."""
    rendered = render("$$\na = b \\\\\nc = d \\\\\n$$\n")
    assert rendered.problems == ()
    assert len(parse_html(rendered.html).find_all("mtr")) == 2


def test_plain_tex_root_of_is_a_root() -> None:
    """Plain TeX's `\\root 3 \\of {…}` (MathJax reads it; MathType writes roots so, and a
    post on RSA pasted one): both commands were unknown and the build failed. It is the
    root of the next group or token, with its index."""
    rendered = render("故 $m=\\root 3 \\of {c+kN}$，且 $\\root n+1 \\of 2$。\n")
    assert rendered.problems == ()
    roots = parse_html(rendered.html).find_all("mroot")
    assert ["".join(root.text().split()) for root in roots] == ["c+kN3", "2n+1"]
