"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 12 (formulas in an
HTML block of a markdown-it blog, a `$$` display Pandoc read as an environment, …), in
small sites written here."""

from __future__ import annotations

import re
from pathlib import Path

from sitebits import write_files
from test_import_hexo_sites import NOW, post_text
from test_import_hugo_sites import prose
from test_math_syntax import render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site

MARKDOWN_IT = '{"dependencies": {"hexo": "^7.3.0", "hexo-renderer-markdown-it": "^7.1.1"}}'


def hexo_site(tmp_path: Path, package: str, post: str) -> Imported:
    """A Hexo site of one post, `p.md`, rendered by the renderer `package.json` names."""
    source = tmp_path / "old"
    write_files(source, {"package.json": package,
                         "_config.yml": "title: 笔记\nlanguage: zh-CN\n",
                         "source/_posts/p.md": "---\ntitle: 线性代数\ndate: 2024-03-01\n"
                                               "---\n\n" + post})
    return import_site(source, tmp_path / "new", "hexo", False, NOW)


def built(imported: Imported) -> Path:
    """The imported site built with no warning: its output folder."""
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported.dest / "public"


WORKED = """正文 \\\\(\\bm{v}\\\\) 与 [链接 \\(草稿\\)](https://example.org/a)。

<details>
  <summary>例题</summary>
  <ol>
    <li>
      <span>1.1 A</span>&emsp;The combinations of \\(\\bm{v}=(1,1,0)\\) and \\(\\bm{w}\\)
      fill a plane in \\(\\mathbf{R}^3\\).
    </li>
  </ol>
</details>
"""


def test_parentheses_escaped_in_an_html_block_stay_a_formula(tmp_path: Path) -> None:
    """A linear algebra blog on markdown-it (Icarus, KaTeX's auto-render) wrote its
    worked examples as HTML, `<details>` over a list, their formulas `\\(\\bm{v}\\)`:
    markdown-it reads no Markdown escape in an HTML block, so KaTeX got `\\(…\\)` and
    showed each formula. The import read them as escaped parentheses, as in a paragraph,
    and wrote `(\\bm{v})`: 188 "TeX left in the page" on that blog. In a paragraph they
    are still parentheses."""
    imported = hexo_site(tmp_path, MARKDOWN_IT, WORKED)
    post = post_text(imported, "p")
    assert "[链接 (草稿)]" in post
    assert "\\(\\bm{v}=(1,1,0)\\)" in post
    page = prose(built(imported), "posts/p/index.html")
    assert [m.text() for m in page.find_all("math")] == ["𝒗", "𝒗=(1,1,0)", "𝒘", "𝐑3"]


def test_a_math_space_in_text_units_is_that_space() -> None:
    """A discrete mathematics post indented its second lines of laws with
    `$\\mskip{2.5em} (P\\land Q)\\lor R$`: LaTeX wants `mu` there, but KaTeX only warned
    and MathJax took any unit, so the old page showed the space; math-core refused it
    and the build failed (37 errors on that blog). Now `\\mskip` and `\\mkern` in
    another unit are `\\hskip` and `\\kern` of that length; in `mu` they are as they
    were."""
    rendered = render("$\\mskip{2.5em} P$，$\\mkern 3ex Q$，$\\mskip 18mu R$\n")
    assert rendered.problems == ()
    widths = re.findall(r'<mspace width="([^"]+)"', rendered.html)
    assert widths == ["2.5em", "3ex", "1em"]


PANDOC = '{"dependencies": {"hexo": "^7.0.0", "hexo-renderer-kramed": "^0.1.4", ' \
         '"hexo-renderer-pandoc": "^0.4.0"}}'
GAUSS = """取同心球面为高斯面。
$$
\\begin{gather}
\\phi_e=E\\cdot 4\\pi r^2\\\\
\\therefore E=\\frac{Q}{4\\pi\\varepsilon_0 r^2}

\\end{gather}
$$
由于内部无电荷，$E=0$。

$$
a+b

c+d
$$
"""


def test_pandoc_shows_an_environment_of_a_display_across_blank_lines(
        tmp_path: Path) -> None:
    """A physics and probability blog on hexo-renderer-pandoc wrote displays of a
    `gather` or `aligned` with a blank line inside (`$$`, the environment, `$$`):
    Pandoc reads no `$$` across a blank line, but read the environment itself as a
    display formula, which MathJax showed (the `$$` around it as text). Lanting ended
    the display at the blank line and showed its TeX (20 warnings on that blog); now
    such a display keeps its lines without the blank ones. A display of no environment
    across a blank line was no formula to Pandoc and stays as it was."""
    imported = hexo_site(tmp_path, PANDOC, GAUSS)
    post = post_text(imported, "p")
    assert "r^2}\n\\end{gather}\n$$\n由于" in post
    assert "a+b\n\nc+d" in post
    result = build(imported.dest, BuildOptions())
    page = prose(imported.dest / "public", "posts/p/index.html")
    assert page.find_all("math")[0].attrs.get("display") == "block"
    assert [w.message for w in result.warnings if "TeX left" in w.message] == []


ESCAPED = """\\\\(f^{(4)}(x)=\\sin\\(x+\\frac{4\\pi}{2})\\\\) 与
\\\\(ASL_w=\\sqrt{n}+1\\\\\\) 和
\\\\(\\begin{cases} \\text{&#10112; }y=0 \\\\\\\\ \\text{&#10113; }y=c \\end{cases}\\\\)。
"""


def test_formulas_markdown_it_read_as_text_are_what_katex_got(tmp_path: Path) -> None:
    """A calculus blog on markdown-it (no TeX plugin; KaTeX's auto-render in the page)
    wrote its formulas `\\\\(…\\\\)`, and markdown-it read them as text: `\\(` inside one
    was a parenthesis, `&#10112;` the character ➀, and a closing written `\\\\\\)` (an
    escaped backslash, then an escaped parenthesis) was `\\)`. The import kept `\\(`
    (the build failed: "Unknown command"), `\\&#10112;`, and read `\\\\\\)` as a
    backslash before the closing, the formula's TeX left in the page."""
    imported = hexo_site(tmp_path, MARKDOWN_IT, ESCAPED)
    post = post_text(imported, "p")
    assert "$f^{(4)}(x)=\\sin(x+\\frac{4\\pi}{2})$" in post
    assert "$ASL_w=\\sqrt{n}+1$ 和" in post
    assert "\\text{➀ }y=0" in post
    page = prose(built(imported), "posts/p/index.html")
    assert len(page.find_all("math")) == 3


DEMO = """{{- $prefix := "https://example.org/demo/" -}}
{{- if hugo.IsServer -}}
  {{- $prefix = "http://localhost:3000/" -}}
{{- end -}}
{{- $src := printf "%s%s.html" $prefix (.Get 0) -}}
{{- if hugo.IsProduction -}}
<iframe src="{{ $src }}" height="{{ .Get 1 | default "auto" }}" width="100%"></iframe>
{{- end -}}
"""


def test_a_shortcode_asking_whether_hugo_serves_the_site(tmp_path: Path) -> None:
    """A front-end blog's `html-demo` shortcode framed a demo page from its own address,
    or from `localhost` when `hugo.IsServer` (`hugo server` while writing): Lanting ran
    the site's shortcodes but knew no `hugo.IsServer`, and left each use in a comment
    with a warning, the demo lost. The published site was built, not served:
    `hugo.IsServer` is false, `hugo.IsProduction` true, `hugo.Environment`
    "production"."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.yaml": "title: 前端\nlanguageCode: zh-cn\n",
        "layouts/_shortcodes/html-demo.html": DEMO,
        "content/posts/layer.md": "---\ntitle: 层叠\ndate: 2024-05-01\n---\n\n示例：\n\n"
                                  '{{< html-demo "css-at-layer" "50px" >}}\n'})
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == []
    post = post_text(imported, "layer")
    assert '<iframe src="https://example.org/demo/css-at-layer.html" height="50px"' in post
