"""Faults real Hugo sites of other themes exposed (Hextra, hugo-book, Blowfish, Congo,
Hermit, MemE, …: a sweep of math notes, knowledge bases and systems blogs), in small
sites written here."""

from __future__ import annotations

import tomllib
from pathlib import Path

from htmltree import Element, parse_html
from sitebits import png
from test_import_hugo_sites import built_cleanly, imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer.go_parse import parse
from lanting.importer.go_templates import Call, run
from lanting.importer.hugo_own_shortcodes import written


def test_details_keep_their_title_and_whether_they_were_open(tmp_path: Path) -> None:
    """Hextra's `details title="…" closed="true"` showed "…" as its summary (the title
    was read from `summary` or the first word only), and every Hextra block was folded,
    where Hextra shows it open unless `closed`; hugo-book's `details "Proof" open`
    was folded too."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: 量子笔记\nlanguageCode: zh-cn\nmodule:\n  imports:\n"
                     "    - path: github.com/imfing/hextra\n",
        "content/docs/qubits.md": (
            "---\ntitle: 量子比特\nweight: 2\n---\n\n"
            '{{% details title="简短回答" closed="true" %}}\n'
            "量子比特是 $\\alpha|0\\rangle + \\beta|1\\rangle$。\n{{% /details %}}\n\n"
            '{{< details title="详细回答" >}}\n测量使它坍缩。\n{{< /details >}}\n\n'
            '{{< details "证明" open >}}\n由幺正性可得。\n{{< /details >}}\n\n'
            '{{< details summary="Hugo 自带的" >}}\n默认折叠。\n{{< /details >}}\n')})
    found = [(d.one("summary").text().strip(), "open" in d.attrs)
             for d in prose(out, "qubits/index.html").find_all("details")]
    assert found == [("简短回答", False), ("详细回答", True), ("证明", True),
                     ("Hugo 自带的", True)]


def test_details_of_other_themes_are_folded_unless_open(tmp_path: Path) -> None:
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\ntheme = "hugo-book"\n',
        "content/posts/proof.md": (
            "---\ntitle: A proof\ndate: 2024-05-01\n---\n\n"
            '{{< details title="Lemma" open=true >}}\nShown.\n{{< /details >}}\n\n'
            '{{< details "Proof" >}}\nFolded.\n{{< /details >}}\n')})
    found = [(d.one("summary").text().strip(), "open" in d.attrs)
             for d in prose(out, "posts/proof/index.html").find_all("details")]
    assert found == [("Lemma", True), ("Proof", False)]


LABEL = """<!-- A numbered label: \\{\\{< label name="Theorem" >\\}\\} -> Theorem 1. -->
{{- if not (.Page.Scratch.Get "n") }}
  {{- .Page.Scratch.Set "n" 1 -}}
{{- end -}}
<b>{{- .Get "name" }} {{ with .Get "section" -}}{{- . -}}.{{- end -}}
{{- .Page.Scratch.Get "n" }}</b>{{- with .Get "comment" }} ({{- . -}}){{- end -}}.
{{- .Page.Scratch.Add "n" 1 -}}
"""

THEOREM = """{{- $title := .Get "title" | default "定理" -}}
<div class="theorem">
  <div class="theorem-title">{{ $title }}</div>
  <div class="theorem-body">
    {{- .Inner | markdownify -}}
  </div>
</div>
"""


def test_the_site_s_own_shortcodes_run_as_hugo_ran_them(tmp_path: Path) -> None:
    """A notes site's own `layouts/shortcodes/` (an `anchor` that references link to,
    a numbered `theorem-label` counted in `.Page.Scratch`, a `theorem` box) were left
    in comments with a warning each (47 + 65 on a site of math notes), the labels'
    words lost and every `[[1]](#cite:1)` a link to no anchor."""
    out = built_cleanly(tmp_path, {
        "config.toml": "baseURL = 'https://example.org/'\ntitle = 'ノート'\n"
                       "languageCode = 'ja-jp'\ntheme = 'hugo-book'\n",
        "layouts/shortcodes/anchor.html": '<a id="{{ .Get 0 }}"></a>\n',
        "layouts/shortcodes/theorem-label.html": LABEL,
        "layouts/shortcodes/theorem.html": THEOREM,
        "content/docs/exp.md": (
            "---\ntitle: 指数関数\nweight: 2\n---\n\n"
            '{{< theorem-label name="Definition" >}} 関数 $f$ を定める．\n\n'
            '{{< theorem-label name="Theorem" comment="変数変換" >}} '
            "次が成り立つ [[1]](#cite:1)．\n\n"
            '{{< theorem title="Gauss の積分" >}}\n'
            "- 積分は\n- $$\\int e^{-x^2}dx=\\sqrt{\\pi}$$\n"
            "{{< /theorem >}}\n\n"
            "## 参考文献\n\n"
            '{{< anchor "cite:1" >}}[1] 杉浦光夫, 解析入門 I.\n')})
    page = prose(out, "exp/index.html")
    assert [b.text() for b in page.find_all("b")] == ["Definition 1", "Theorem 2"]
    assert "Theorem 2 (変数変換)." in " ".join(page.text().split())
    assert page.one("a", id="cite:1") is not None
    box = page.one("div", class_="theorem")
    assert box.one("div", class_="theorem-title").text() == "Gauss の積分"
    assert len(box.one("div", class_="theorem-body").find_all("li")) == 2
    assert box.find_all("math")  # (the formula rendered)


def test_a_template_doing_more_stays_in_a_comment_saying_why(tmp_path: Path) -> None:
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "layouts/shortcodes/people.html": "<ul>{{ range .Params }}<li>{{ partial "
                                          '"person.html" . }}</li>{{ end }}</ul>\n',
        "layouts/shortcodes/aside.html": '<div class="box">{{ .Inner | markdownify }}'
                                         "{{ .Site.Params.series }}</div>\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                              '{{< people "Ada" "Alan" >}}\n\n'
                              "{{< aside >}}\nKept text.\n{{< /aside >}}\n"})
    warnings = sorted(w.message for w in imported.report.warnings)
    assert len(warnings) == 2
    assert "`.Site.Params.series`" in warnings[0] and "`partial`" in warnings[1]
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "{{< aside >}} -->\nKept text.\n<!--" in text  # (its text stays in the page)


def test_a_site_s_own_template_wins_over_the_theme_s_shortcode_of_its_name(
        tmp_path: Path) -> None:
    """Hugo runs the site's `layouts/shortcodes/github.html` rather than a theme's
    `github`: its link in a sentence was taken for a theme's card. Where the site's
    template cannot be run (`box` reading `.Site.Params`), the theme's reading is used,
    with a notice. Hugo's own `figure`, restyled by the site, keeps Lanting's reading."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "layouts/shortcodes/github.html": '<a class="gh" href="https://github.com/'
                                          '{{ .Get 0 }}">{{ .Get 0 }}</a>\n',
        "layouts/shortcodes/box.html": '<div class="box">{{ .Inner | markdownify }}'
                                       "{{ .Site.Params.series }}</div>\n",
        "layouts/shortcodes/figure.html": '<figure class="mine"><img src="{{ .Get "src" }}">'
                                          "</figure>\n",
        "static/a.png": png(40, 20),
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                              'My work {{< github "example-org/tracer" >}} is here.\n\n'
                              "{{< box info >}}\nKept text.\n{{< /box >}}\n\n"
                              '{{< figure src="/a.png" caption="A caption" >}}\n'})
    assert imported.report.warnings == []
    notes = [e.message for e in imported.report.entries if "template was not run" in e.message]
    assert len(notes) == 1 and "`box`" in notes[0]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/a/index.html")
    assert page.one("a", class_="gh")["href"] == "https://github.com/example-org/tracer"
    assert "Kept text." in page.one("div", class_="callout").text()
    assert page.one("figure").one("figcaption").text().endswith("A caption")


def test_go_templates_read_conditions_variables_and_functions() -> None:
    nodes = parse('{{ $n := .Get "n" | default "0" }}{{ if eq $n "1" }}one'
                  '{{ else if eq $n "2" }}two{{ else }}{{ printf "%s!" $n | upper }}{{ end }}'
                  '{{ with $.Get 0 }}[{{ . }}]{{ end }}')

    def shown(words: list[str], named: dict[str, str]) -> str:
        return "".join(run(nodes, Call("x", words, named, None)))

    assert shown([], {"n": "1"}) == "one"
    assert shown([], {"n": "2"}) == "two"
    assert shown(["a"], {"n": "many"}) == "MANY![a]"
    assert shown([], {}) == "0!"
    escaped = written(run(nodes, Call("x", ["<b>"], {"n": "1"}, None)), alone=False)
    assert parse_html(f"<p>{escaped}</p>").text() == "one[<b>]"


def test_shortcode_math_in_a_table_cell_keeps_its_bars(tmp_path: Path) -> None:
    """hugo-book's `{{< katex >}}|x|/|y|{{< /katex >}}` in a table cell: Hugo read the
    shortcode before the table, so its `|` split no cell; left as `$|x|/|y|$`, the
    formula was cut at its bars (a build warning). An empty `{{< katex >}}{{< /katex
    >}}`, which showed nothing, became `$$` (a warning: a formula never closed)."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\ntheme = "hugo-book"\n',
        "content/posts/newton.md": (
            "---\ntitle: Newton\ndate: 2024-05-01\n---\n\n"
            "| column | meaning |\n|---|---|\n"
            "| err | relative error {{< katex >}}|x_k-x_{k-1}|/|x_{k-1}|{{< /katex >}} |\n"
            "| k | the step {{< katex >}}k{{< /katex >}} |\n\n"
            "Done.\n{{< katex >}}{{< /katex >}}\n")})
    page = prose(out, "posts/newton/index.html")
    rows = [row.find_all("td") for row in page.find_all("tr")[1:]]
    assert [len(cells) for cells in rows] == [2, 2]
    assert rows[0][1].find_all("math")
    assert "$" not in page.text()


KATEX_PARTIAL = """<script defer src="/katex/contrib/auto-render.min.js"></script>
<script>
  document.addEventListener("DOMContentLoaded", function() {
    renderMathInElement(document.body, {
      delimiters: [{left: '$$', right: '$$', display: true},
                   {left: '$', right: '$', display: false}],
      macros: {
        "\\\\RR": "\\\\mathbb{R}",
        "\\\\cat": "\\\\underline{\\\\mathbf{#1}}",
        "\\\\Hom": "\\\\operatorname{Hom}",
      }
    });
  });
</script>
"""


def test_the_macros_of_the_site_s_own_katex_setup_are_kept(tmp_path: Path) -> None:
    """A math blog's `layouts/partials/head.html` gave KaTeX its macros (`"\\\\RR":
    "\\\\mathbb{R}"`, as KaTeX's auto-render writes them); the import read no macros of
    a Hugo site, and every `\\cat{Set}` failed the build as an unknown command."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "layouts/partials/head.html": KATEX_PARTIAL,
        "content/post/sets.md": "---\ntitle: Sets\ndate: 2024-01-01\n---\n\n"
                                "Let $f: \\RR \\to \\RR$ and $\\Hom(A, B)$ in $\\cat{Set}$.\n"})
    assert imported.report.warnings == []
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["math_macros"]["RR"] == "\\mathbb{R}"
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "post/sets/index.html")
    assert len(page.find_all("math")) == 3
    assert "\\cat" not in page.text()


def test_escaped_formulas_side_by_side_keep_later_formulas_in_step(tmp_path: Path) -> None:
    """`\\\\(a\\\\)\\\\(b\\\\)` (two formulas side by side, in an Org-exported math
    blog without Goldmark's passthrough) became `$a$$b$`, whose `$$` was taken for a
    display formula's: every `$$` after it was out of step, the escapes of the prose
    between formulas were undone instead of the formulas' (`\\\\{` stayed: 9 build
    errors)."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/post/notes.md": (
            "---\ntitle: Notes\ndate: 2024-01-01\n---\n\n"
            "We have \\\\(D\\_{A} = D^{+}\\\\)\\\\(D^{+}: S^{+} \\to S^{-}\\\\) here.\n\n"
            "The moduli space\n\\\\[\\mathscr{M}\\_{SW} = \\\\{\\text{solutions}\\\\}\\\\]\n"
            "and \\\\(\\\\{x\\_1\\\\}\\\\).\n")})
    page = prose(out, "post/notes/index.html")
    assert len(page.find_all("math")) == 4
    assert "\\" not in page.text()


def test_a_first_heading_repeating_the_title_leaves_the_text(tmp_path: Path) -> None:
    """hugo-book's pages begin with their title as a `# heading` (its layout showed no
    title): on Lanting's page, which shows the title, it came twice (65 pages)."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "Notes"\nlanguageCode = "ja"\ntheme = "hugo-book"\n',
        "content/docs/exp.md": "---\ntitle: 指数関数\nweight: 1\n---\n\n# 指数関数\n\n"
                               "## 概要\n\n本文．\n",
        "content/docs/log.md": "---\ntitle: 対数\nweight: 2\n---\n\n# 対数関数の性質\n\n本文．\n"})
    assert [h.text() for h in prose(out, "exp/index.html").find_all("h1")] == []
    assert [h.text() for h in prose(out, "log/index.html").find_all("h1")] == ["対数関数の性質"]


def test_a_details_inside_a_details_and_formulas_in_quotes(tmp_path: Path) -> None:
    """A Hextra knowledge base: a `details` holding another took the inner one's
    opening for its own arguments (its closing left in a comment, a warning), and a
    callout's `> $$` with the formula's lines unmarked (Goldmark read them as lazy
    lines of the quote) left the quote: its closing `$$` ran on (a build error)."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: KB\nlanguageCode: en\nmodule:\n  imports:\n"
                     "    - path: github.com/imfing/hextra\n",
        "content/crypto/rsa.md": (
            "---\ntitle: RSA\nweight: 1\n---\n\n"
            '{{% details title="Order" closed="true" %}}\n\nThe order of $x$.\n\n'
            '{{% details title="Example" closed="true" %}}\n\n$p=3$.\n\n{{% /details %}}\n\n'
            "{{% /details %}}\n\n"
            "> [!note] Congruence\n> $a \\equiv b$ iff:\n>\n> $$\n"
            "\\begin{align*}\na &\\equiv b \\pmod{n}\n\\end{align*}\n$$\n\n"
            "Then $c$.\n\n```mermaid\ngraph LR; A-->B\n```\n")})
    page = prose(out, "rsa/index.html")
    outer = page.find_all("details")[0]
    assert [s.text() for s in outer.find_all("summary")] == ["Order", "Example"]
    assert len(outer.find_all("details")) == 1
    [callout] = [e for e in page.iter() if "callout" in e.classes]
    assert callout.find_all("div", class_="math-display")
    config = tomllib.loads((tmp_path / "new/lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["mermaid"].endswith(".mjs")  # (Hextra drew its diagrams)


DEFINITION = """{{- $kind := "定義" }}
{{- .Page.Scratch.Add "counter" 1 }}
{{- $name := printf "%s%d.%d" $kind .Page.Params.section (.Page.Scratch.Get "counter") }}
{{- $label := .Get "label" }}
{{- if (not $label) }}
    {{- $label = $name }}
{{- end }}
{{- .Page.Scratch.SetInMap "references" $label (slice $name (.Get "title") .Page.Permalink) }}
<div id="{{ $label }}"></div>
<div class="box"
    >
    <div class="title">{{ $name }}{{- if .Get "title" }}: {{ .Get "title" }}{{- end }}</div>
    {{ .Inner }}
</div>
"""


def test_a_numbered_box_reads_the_page_s_params(tmp_path: Path) -> None:
    """A book of manifold optimization numbers its definitions by the chapter's
    `section` (`.Page.Params.section`) and keeps them in `.Page.Scratch.SetInMap`: 120
    boxes stayed in comments ("the site's template was not run")."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "多様体"\nlanguageCode = "ja-jp"\n',
        "layouts/shortcodes/definition.html": DEFINITION,
        "content/04-submanifold.md": (
            "---\ntitle: 部分多様体\nsection: 4\n---\n\n"
            '{{% definition title="部分多様体" label="def.sub" %}}\n'
            "$N \\subset M$ が…\n{{% /definition %}}\n\n"
            "{{% definition %}}\n埋め込み $f$。\n{{% /definition %}}\n")})
    page = prose(out, "04-submanifold/index.html")
    titles = [d.text().strip() for d in page.find_all("div", class_="title")]
    assert titles == ["定義4.1: 部分多様体", "定義4.2"]
    assert page.one("div", id="def.sub") is not None
    assert len(page.find_all("math")) == 2


def test_a_link_to_a_site_written_without_its_scheme(tmp_path: Path) -> None:
    """`[grpc-go-pool](github.com/processout/grpc-go-pool)` (a Go blog on Hermit, four
    such links): Hugo kept a path beside the page that led nowhere, and the build failed
    on it. As the Hugo Blox import already did for buttons, it leads to the site."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "煎鱼"\nlanguageCode = "zh-hans"\ntheme = "hermit"\n',
        "content/posts/pool.md": "---\ntitle: 连接池\ndate: 2020-01-01\n---\n\n"
                                 "见 [grpc-go-pool](github.com/processout/grpc-go-pool)"
                                 "，[Tobi](Tobisblog.uk)。\n"})
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    links = prose(out, "posts/pool/index.html").find_all("a")
    assert [a.get("href") for a in links] == [
        "https://github.com/processout/grpc-go-pool", "https://Tobisblog.uk"]


def test_dollars_across_table_cells_are_no_formula(tmp_path: Path) -> None:
    """A MemE blog's table of shell expansions, `| ${var} | 与$var相同 |`: Goldmark parts
    a row into cells first, so KaTeX saw no formula there; the import made the border a
    `\\vert` of one formula across both cells (a cell lost), or Lanting warned of a `|`
    in a formula (19 build warnings). Those dollars are shown as dollars; a formula's
    `\\|`, which was no border, stays a formula."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "博客"\nlanguageCode = "zh-CN"\ntheme = "meme"\n',
        "content/posts/shell.md": (
            "---\ntitle: Shell\ndate: 2021-01-01\n---\n\n"
            "| 表达式 | 含义 |\n|---|---|\n| ${var} | 与$var相同 |\n"
            "| $n$ | 范数 $\\|v\\|$ |\n\n"
            "表达式 | 含义\n---|---\n${var-DEFAULT} | 以$DEFAULT作为其值\n")})
    page = prose(out, "posts/shell/index.html")
    first, second = page.find_all("table")

    def cells(row: Element) -> list[str]:  # (Lanting spaces Latin from Chinese)
        return ["".join(c.text().split()) for c in row.find_all("td")]

    assert [cells(r) for r in first.find_all("tr")[1:]] == [
        ["${var}", "与$var相同"], ["n", "范数|v|"]]
    assert first.find_all("tr")[2].find_all("math")
    assert cells(second) == ["${var-DEFAULT}", "以$DEFAULT作为其值"]


def test_escaped_parentheses_inside_an_escaped_formula(tmp_path: Path) -> None:
    """`\\\\(f(P\\_1\\(c\\),\\dots)\\\\)` (a university group's blog without passthrough):
    Goldmark gave MathJax `(c)`; the formula kept `\\(` (6 build errors)."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "AD"\nlanguageCode = "en"\n',
        "content/post/seg.md": "---\ntitle: Seg\ndate: 2024-01-01\n---\n\n"
                               "The \\\\(c\\\\) that maximizes "
                               "\\\\(f(P\\_1\\(c\\),\\dots,P\\_n\\(c\\))\\\\).\n"})
    page = prose(out, "post/seg/index.html")
    assert len(page.find_all("math")) == 2 and "\\" not in page.text()


def test_an_unclosed_list_item_of_raw_html_holds_no_later_formula(tmp_path: Path) -> None:
    """`<ol><li> Node 0 …` with its `<li>`s unclosed (HTML allows it; a student project's
    post), then prose with `\\\\(P\\\\)`: the `<li>` was read on to a `</li>` far below,
    over the prose, whose formulas were kept as raw HTML's, escapes and all (61 import
    warnings, "does not convert")."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "AD"\nlanguageCode = "en"\n',
        "content/post/grid.md": (
            "---\ntitle: Grid\ndate: 2024-01-01\n---\n\n<ol>\n"
            "    <li> Node 0 is the slack bus.\n    <li> Lines and buses.\n</ol>\n\n"
            "Power (\\\\(P\\\\)) and angle \\\\(V_{Ang}\\\\).\n\n"
            "<ul><li>A closed one, \\(x\\).</li></ul>\n")})
    page = prose(out, "post/grid/index.html")
    assert len(page.find_all("math")) == 3 and "\\" not in page.text()


def test_math_in_text_inside_an_escaped_formula_stays_math(tmp_path: Path) -> None:
    """`\\\\{\\text{number of primes \\\\(\\leq n\\\\)}\\\\}` (the algebraic geometry
    blog): Goldmark gave MathJax `\\(\\leq n\\)`, math inside the text; the escaped
    parentheses of `f(P\\_1\\(c\\))` are plain ones, but these stayed math."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/post/primes.md": "---\ntitle: Primes\ndate: 2024-01-01\n---\n\n"
                                  "\\\\[\\pi(x) = \\\\{\\text{number of primes \\\\(\\leq n\\\\)}"
                                  "\\\\} \\sim x / \\ln x\\\\]\n"})
    [formula] = prose(out, "post/primes/index.html").find_all("math")
    assert "≤" in formula.text()


def test_an_escaped_formula_over_two_lines_has_its_escapes_undone(tmp_path: Path) -> None:
    """`\\\\(\\textrm{dev}(p\\_i\\(c\\)) -⏎\\textrm{avg}(p\\_i\\(c\\))\\\\)`, a formula
    over two lines: its escapes were looked for in a `$…$` on one line, and stayed."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "AD"\nlanguageCode = "en"\n',
        "content/post/seg.md": "---\ntitle: Seg\ndate: 2024-01-01\n---\n\n"
                               "We define \\\\(\\textrm{dev}(p\\_i\\(c\\)) = "
                               "\\textrm{max}(p\\_i\\(c\\)) -\n"
                               "\\textrm{avg}(p\\_i\\(c\\))\\\\) as the deviation.\n"})
    [formula] = prose(out, "post/seg/index.html").find_all("math")
    assert "\\" not in formula.text() and "avg" in formula.text()


def test_hextra_callouts_are_callouts(tmp_path: Path) -> None:
    """Hextra's `callout type="info"` (and `emoji=` alone, its default) was left in a
    comment with a warning, its closing tag too: the box of an AI notes blog lost its
    frame and its kind."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\nmodule:\n  imports:\n"
                     "    - path: github.com/imfing/hextra\n",
        "content/blog/agent.md": (
            "---\ntitle: 智能体\ndate: 2025-03-01\n---\n\n"
            '{{< callout type="info" >}}\n本文先讲**记忆**。\n{{< /callout >}}\n\n'
            '{{< callout type="warning" emoji="⚠️" >}}\n接口可能会变。\n{{< /callout >}}\n\n'
            '{{< callout emoji="💡" >}}\n先读上一篇。\n{{< /callout >}}\n')})
    page = prose(out, "blog/agent/index.html")
    boxes = [e for e in page.iter() if "callout" in e.classes]
    assert [b.text().split()[-1] for b in boxes] == ["本文先讲记忆。", "接口可能会变。",
                                                     "先读上一篇。"]
    assert "callout-warning" in boxes[1].classes
    assert "{{" not in page.text()


def test_docsy_pageinfo_is_a_callout(tmp_path: Path) -> None:
    """Docsy's `{{% pageinfo %}}` (a box heading a page, `primary` unless its `color`
    says otherwise) was left in comments with a warning, its text loose on the page."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "ML 平台"\nlanguageCode = "zh-cn"\ntheme = ["docsy"]\n',
        "content/docs/serving.md": (
            "---\ntitle: 模型服务\nweight: 1\n---\n\n"
            "{{% pageinfo %}}\n本页介绍 **在线推理**。\n{{% /pageinfo %}}\n\n"
            '{{% pageinfo color="warning" %}}\n接口仍在变动。\n{{% /pageinfo %}}\n')})
    page = prose(out, "serving/index.html")
    kinds = [c.attrs.get("class", "") for c in page.find_all("div")
             if "callout" in c.attrs.get("class", "")]
    assert len(kinds) == 2 and "note" in kinds[0] and "warning" in kinds[1]
    assert "<!--" not in page.text() and "在线推理" in page.text()
