"""Faults real Jekyll machine-learning blogs exposed (a sweep of hux-blog forks and
English research blogs with KaTeX or MathJax includes), in small sites written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from importbits import jekyll_site, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def built_page(tmp_path: Path, imported: Imported, url: str) -> str:
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output  # (errors raise)
    return (out / url.strip("/") / "index.html").read_text(encoding="utf-8")


def test_files_of_posts_folder_without_a_date_are_no_posts(tmp_path: Path) -> None:
    """A hux-blog fork keeps the scripts that drew a post's figures in
    `_posts/python_scripts/<topic>/README.md`. Jekyll skips a file of `_posts/` whose
    name has no date; the import made posts of them, dated by the files' times, three
    `readme` slugs and an old URL claimed twice."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2025-09-01-kkt.md": "---\ntitle: KKT 条件\n---\n\n正文。\n",
        "_posts/python_scripts/kkt/README.md": "# 脚本说明\n\n画图用的脚本。\n",
        "_posts/python_scripts/kkt/plot.py": "print(1)\n",
        "_posts/python_scripts/penalty/README.md": "# 脚本说明\n\n另一组脚本。\n",
        "_posts/notes.md": "---\ntitle: 没有日期的笔记\n---\n\n草稿。\n"})
    posts = sorted(p.name for p in (imported.dest / "content/posts").iterdir())
    assert posts == ["kkt.md"]
    entries = sorted((e.severity, e.path) for e in imported.report.entries
                     if "starts with a date" in e.message)
    assert entries == [("notice", "_posts/python_scripts/kkt/README.md"),
                       ("notice", "_posts/python_scripts/penalty/README.md"),
                       ("warning", "_posts/notes.md")]
    assert not any("modification time" in e.message for e in imported.report.entries)
    built_page(tmp_path, imported, "/posts/kkt/")


def test_the_sites_own_math_and_player_includes(tmp_path: Path) -> None:
    """An English ML blog opens each math post with `{% include katex.html %}` (its
    file loads MathJax) and embeds talks with `{% include youtubePlayer.html id="…" %}`
    (an `<iframe>` of `youtube.com/embed/{{ include.id }}`): both were left in comments,
    a warning each, and the video was gone. An include showing text stays reported."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/katex.html": "<!-- math -->\n<script type=\"text/javascript\" "
                                "src=\"https://cdn.example.org/MathJax.js\"></script>\n",
        "_includes/youtubePlayer.html": "<iframe width=\"560\" height=\"315\" src=\"https://"
                                        "www.youtube.com/embed/{{ include.id }}\" "
                                        "allowfullscreen></iframe>",
        "_includes/bili.html": "<iframe src=\"//player.bilibili.com/player.html?aid=1&bvid="
                               "{{ include.bvid }}&page=1\"></iframe>\n",
        "_includes/signup.html": "<p>Subscribe to the newsletter</p>\n",
        "_posts/2023-06-15-intervals.md":
            "---\ntitle: Intervals\n---\n{% include katex.html %}\n\n"
            "The variance $$\\sigma^2$$ of the mean.\n\n"
            "{% include youtubePlayer.html id=\"AbCdEfGhIj0\" %}\n\n"
            "{% include bili.html bvid=\"BV1GJ411x7h7\" %}\n\n"
            "{% include youtubePlayer.html id=page.video %}\n\n"
            "{% include signup.html %}\n"})
    post = (imported.dest / "content/posts/intervals.md").read_text(encoding="utf-8")
    assert "katex.html" not in post
    assert '{{< video youtube="AbCdEfGhIj0" >}}' in post
    assert '{{< video bilibili="BV1GJ411x7h7" >}}' in post
    left = sorted(w.message.split("`")[1] for w in imported.report.warnings)
    assert left == ["{% include signup.html %}", "{% include youtubePlayer.html id=page.video %}"]
    assert any("`katex.html` removed" in n.message for n in imported.report.entries)
    html = parse_html(built_page(tmp_path, imported, "/posts/intervals/"))
    assert html.find("math") is not None
    links = [a.get("href") or "" for a in html.find_all("a")]
    assert any("youtube.com/watch?v=AbCdEfGhIj0" in h for h in links)
    assert any("bilibili.com/video/BV1GJ411x7h7" in h for h in links)


def test_links_to_headings_the_old_page_did_not_have(tmp_path: Path) -> None:
    """A table of contents an editor's extension wrote (`#q--k--v-and-attention`, each
    comma a `-`) and a link to a heading since renamed (`#梯度流动特性`) found no heading
    on the old page either; Lanting's build stopped at each. The first goes to the
    heading it spells, with a notice; the second keeps its text, with a warning. Links
    that find their heading, a setext one or the second of a name, stay as written."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: zh-CN\n",
        "_posts/2024-02-03-vit.md":
            "---\ntitle: ViT\n---\n\n- [Q, K, V](#q--k--v-and-attention)\n"
            "- [梯度](#梯度流动特性)\n- [背景](#background)\n- [设置](#设置-1)\n"
            "- [注](#fn:1)\n\n"
            "Background\n----------\n\n正文[^1]。\n\n## Q, K, V and attention.\n\n文字。\n\n"
            "## 梯度流动的特性分析\n\n文字。\n\n## 设置\n\n一。\n\n## 设置\n\n二。\n\n"
            "[^1]: 脚注。\n"})
    post = (imported.dest / "content/posts/vit.md").read_text(encoding="utf-8")
    assert "[Q, K, V](#q-k-v-and-attention)" in post
    assert "- 梯度\n" in post and "#梯度流动特性" not in post
    assert "[背景](#background)" in post and "[设置](#设置-1)" in post
    assert "[注](#fn1)" in post  # (kramdown's footnote id, `#fn:1`, as Lanting's)
    entries = [(e.severity, e.line, e.message.split(":")[0]) for e in imported.report.entries
               if "#" in e.message]
    assert entries == [
        ("notice", 5, "the link `#q--k--v-and-attention` named no heading on the old page "
                      "either"),
        ("warning", 6, "link `#梯度流动特性`")]
    html = parse_html(built_page(tmp_path, imported, "/posts/vit/"))
    hrefs = [a.get("href") for a in html.find_all("a")]
    assert "#q-k-v-and-attention" in hrefs and "#background" in hrefs


SPACESHIP_SITE: dict[str, str | bytes] = {
    "Gemfile": "source \"https://rubygems.org\"\ngem \"jekyll-theme-yat\"\n"
               "group :jekyll_plugins do\n  gem \"jekyll-spaceship\"\nend\n",
    "_posts/2025-07-06-lm.md":
        "---\ntitle: 语言模型\n---\n\n注意力 $\\mathrm{softmax}(QK^\\top/\\sqrt{d})V$ 的开销 "
        "是 $O(n^2)$。:rocket:\n\n```mermaid\ngraph LR\n  A --> B\n```\n",
    "search.md": "---\nlayout: framework\ntitle: 搜索\n---\n## 找点什么\n\n"
                 "<input id=\"q\">\n<script>\nvar box = document.getElementById('q');\n"
                 "// a long script of the theme's search, none of it text to keep\n</script>\n",
}


def test_jekyll_spaceship_math_mermaid_and_a_search_page(tmp_path: Path) -> None:
    """A YAT blog with jekyll-spaceship (in the Gemfile's plugins): its MathJax
    processor read `$…$` as math on every page, but each `$` was escaped as a dollar
    sign (48 warnings of TeX left in the pages); its ```mermaid blocks, which it drew,
    were shown as code; `:rocket:` (its emoji processor) stayed text. The theme's
    `search.md` became a page at /search/, Lanting's search page's URL: the build
    stopped."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 清尘\nlang: zh-CN\nmarkdown: kramdown\n", **SPACESHIP_SITE})
    post = (imported.dest / "content/posts/lm.md").read_text(encoding="utf-8")
    assert "$\\mathrm{softmax}(QK^\\top/\\sqrt{d})V$" in post and "🚀" in post
    assert 'mermaid = "' in (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert not (imported.dest / "content/pages/search.md").exists()
    assert [(n.severity, n.message) for n in imported.report.entries
            if n.path == "search.md"] == [
        ("notice", "left out: Lanting makes its own search page, /search/")]
    html = parse_html(built_page(tmp_path, imported, "/posts/lm/"))
    assert len(html.find_all("math")) == 2


def test_jekyll_spaceship_without_dollar_math(tmp_path: Path) -> None:
    """A site whose jekyll-spaceship setup lists only `\\(…\\)` as inline math, or runs
    no MathJax processor, kept `$` a dollar sign."""
    for setup in ("  mathjax-processor:\n    config:\n      tex:\n        inlineMath:\n"
                  "          - ['\\(', '\\)']\n",
                  "  processors:\n    - table-processor\n"):
        imported = import_site(write_site(tmp_path / str(len(setup)), {
            "_config.yml": "title: T\nlang: zh-CN\nplugins:\n  - jekyll-spaceship\n"
                           "jekyll-spaceship:\n" + setup,
            "_posts/2025-01-01-p.md": "---\ntitle: P\n---\n\n花了 $5 和 $6。\n"}),
            tmp_path / str(len(setup)) / "new", "jekyll", False, NOW)
        post = (imported.dest / "content/posts/p.md").read_text(encoding="utf-8")
        assert "花了 \\$5 和 \\$6。" in post


def write_site(folder: Path, files: dict[str, str | bytes]) -> Path:
    write_files(folder / "old", files)
    return folder / "old"


def test_brackets_escaped_inside_escaped_delimiters(tmp_path: Path) -> None:
    """An English notes blog writes math as `\\\\( … \\\\)` and escapes the brackets
    inside, `\\[u u^T\\]`, so kramdown would not read a link: MathJax got `[u u^T]`.
    The import undid `\\_` and `\\\\` there but kept `\\[`, TeX's start of display math,
    and the build stopped ("Unknown command")."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nmarkdown: kramdown\n",
        "_posts/2024-02-18-dgp.md":
            "---\ntitle: DGP\n---\n\nThe moment \\\\( \\mathbb{E}_{q}\\[u u^T\\] \\\\) and "
            "the commutator \\\\( \\[A, B\\] = AB - BA \\\\), "
            "row \\\\( a \\\\\\\\[2pt] b \\\\).\n"})
    post = (imported.dest / "content/posts/dgp.md").read_text(encoding="utf-8")
    assert "$\\mathbb{E}_{q}[u u^T]$" in post and "$[A, B] = AB - BA$" in post
    html = parse_html(built_page(tmp_path, imported, "/posts/dgp/"))
    # The row's break, `\\[2pt]`, breaks the line: a formula each side of a <br>, as
    # KaTeX showed it (`tests/test_math_sweep_round16.py`).
    maths = html.find_all("math")
    assert len(maths) == 4 and [m.text().strip() for m in maths[2:]] == ["a", "b"]


def test_a_cover_named_by_its_file_in_the_layouts_folder(tmp_path: Path) -> None:
    """A theme of the Jekyll Now family shows `image: motoko.jpg` from the folder its
    layout names, `{{ site.github.url }}/assets/img/{{ page.image }}`: every cover was
    "not found: left out", a warning each."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_layouts/post.html": "{% if page.image %}<img src=\"{{ site.github.url }}/assets/"
                              "img/{{ page.image }}\">{% endif %}\n{{ content }}\n",
        "assets/img/motoko.jpg": png(4, 4),
        "_posts/2018-04-29-dl.md": "---\ntitle: 深度学习\nimage: motoko.jpg\n---\n\n线性代数。\n",
        "_posts/2018-04-30-gone.md": "---\ntitle: 缺图\nimage: gone.jpg\n---\n\n文字。\n"})
    post = (imported.dest / "content/posts/dl/index.md").read_text(encoding="utf-8")
    assert "cover: motoko.jpg" in post
    assert (imported.dest / "content/posts/dl/motoko.jpg").is_file()
    assert [w.message for w in imported.report.warnings] == [
        "cover image `gone.jpg` not found: left out"]
    built_page(tmp_path, imported, "/posts/dl/")


NEXT_MATHJAX = """{% if site.mathjax.enable %}
<script type="text/x-mathjax-config">
  MathJax.Hub.Config({
    tex2jax: { inlineMath: [ ['$','$'], ["\\\\(","\\\\)"] ], processEscapes: true },
    TeX: { Macros: { RR: '\\\\mathbb{R}', tr: ['^\\\\mathsf{T}'], bs: ['\\\\boldsymbol'] } }
  });
</script>
{% endif %}
"""


def test_a_next_blogs_mathjax_2_macros_and_definitions(tmp_path: Path) -> None:
    """A NexT (jekyll) blog of ML notes: its MathJax 2 setup names its macros under
    `TeX: {Macros: …}`, which was not read (`\\RR`, 150 unknown commands); a post opens
    with its own `\\newcommand`s in one `$…$` over several lines, which tex2jax read as
    one formula and the import escaped as dollar signs; and an eqn picture's `delim $$`
    in an HTML comment paired with the next formula's `$$`, the text between them taken
    for math."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\nmarkdown: kramdown\nmathjax:\n  enable: true\n",
        "_includes/_third-party/mathjax.html": NEXT_MATHJAX,
        "_posts/2016-11-14-fm.md":
            "---\ntitle: FM\n---\n\n$\\newcommand{\\v}{\\mathbf{v}}\n"
            "\\newcommand{\\x}{\\mathbf{x}}$\n\n<!--\n.EQ\ndelim $$\n.EN\n-->\n\n"
            "辅助向量 $\\v_i \\in \\RR^k$ 与输入 $\\bs{x}$：\n\n"
            "$$\n\\hat{y} = \\v_i^\\tr \\v_j\n$$\n\n"
            "其中 $k$ 为超参数。\n"})
    post = (imported.dest / "content/posts/fm.md").read_text(encoding="utf-8")
    assert "$\\newcommand{\\v}{\\mathbf{v}}\n\\newcommand{\\x}{\\mathbf{x}}$" in post
    assert "delim $$" in post and "\\$" not in post
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'RR = "\\\\mathbb{R}"' in config and 'bs = "\\\\boldsymbol"' in config
    html = parse_html(built_page(tmp_path, imported, "/posts/fm/"))
    assert len(html.find_all("math")) == 5


def test_a_quotes_formula_on_lazy_lines(tmp_path: Path) -> None:
    """`> $$` in a quote with the formula and its closing `$$` on unmarked lines, which
    kramdown read as lazy lines of the quote: the closing `$$` opened a formula that ran
    into the next heading ("Invalid parameter number" at `### NNLM`)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2014-06-19-w2v.md":
            "---\ntitle: word2vec\n---\n\n> 语言模型：\n>\n> $$\np(w_t|c_t) = f(w_t, c_t)\n$$\n"
            ">\n> 拟合的函数有很多。\n\n### NNLM\n\n正文。\n"})
    post = (imported.dest / "content/posts/w2v.md").read_text(encoding="utf-8")
    assert "> $$\n> p(w_t|c_t) = f(w_t, c_t)\n> $$\n" in post
    html = parse_html(built_page(tmp_path, imported, "/posts/w2v/"))
    assert html.one("blockquote").find("math") is not None and html.find("h3") is not None


def test_a_scripts_dollars_are_not_escaped(tmp_path: Path) -> None:
    """On a site whose math reads no `$…$`, each `$` of prose is a dollar sign and gets
    escaped; the import escaped jQuery's `$(…)` in a post's `<script>` too (and in a
    `<pre>`), which broke the script. kramdown reads no Markdown inside them."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2024-02-01-shell.md": (
            "---\ntitle: 命令替换\n---\n\n用 $(pwd) 取当前路径，$HOME 是家目录。\n\n"
            "<script>\n$(function () { $('table').addClass('striped'); });\n</script>\n\n"
            "<pre>echo $(date)</pre>\n")})
    post = (imported.dest / "content" / "posts" / "shell.md").read_text(encoding="utf-8")
    assert "用 \\$(pwd) 取当前路径，\\$HOME" in post
    assert "$(function () { $('table').addClass('striped'); });" in post
    assert "<pre>echo $(date)</pre>" in post


def test_kramdown_inline_math_before_a_digit_stays_math(tmp_path: Path) -> None:
    """kramdown's `128$$\\times$$8000` (an image-denoising post's patch counts) became
    `128$\\times$8000`, where a `$` before a digit closes no formula: the TeX showed
    as text, with a warning. Before a digit the formula keeps its `$$`."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2021-11-07-patches.md": "---\ntitle: 切块\n---\n\n"
                                        "切出 128$$\\times$$8000 张小图，"
                                        "大小为 $$ 70 \\times 70 $$。\n"})
    post = (imported.dest / "content" / "posts" / "patches.md").read_text(encoding="utf-8")
    assert "切出 128$$\\times$$8000 张小图，大小为 $70 \\times 70$。" in post
    html = built_page(tmp_path, imported, "/posts/patches/")
    assert html.count("math-inline") == 2 and "\\times" not in html


def test_a_math_setup_commented_out_reads_no_dollars(tmp_path: Path) -> None:
    """A head include kept its old MathJax setup in HTML comments, one per line
    (`<!--      inlineMath: [['$', '$']]-->`); the import read it as the site's, and
    `$5` in prose would be math. Its pages ran MathJax's defaults: `$` is a dollar."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_includes/head.html": "<!--<script>-->\n<!--  MathJax = {tex: {-->\n"
                               "<!--      inlineMath: [['$', '$'], ['\\\\(', '\\\\)']]-->\n"
                               "<!--  }};-->\n<!--</script>-->\n",
        "_posts/2021-12-01-price.md": "---\ntitle: 价格\n---\n\n从 $5 涨到 $10。\n"})
    post = (imported.dest / "content" / "posts" / "price.md").read_text(encoding="utf-8")
    assert "从 \\$5 涨到 \\$10。" in post


def test_an_include_that_defines_macros_is_a_formula_of_the_page(tmp_path: Path) -> None:
    """Physics notes open each page with `{% include latex-commands.html %}`, whose file
    is a `$$` of `\\newcommand`s (one commented out) that MathJax read on the page: it
    was left in a comment, a warning each, and every formula using a macro failed the
    build ("Unknown command"). It is now the page's own formula of definitions, which
    shows nothing; an include showing text beside its formulas stays reported."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_includes/latex-commands.html":
            "$$\n\\newcommand{\\devd}[2]{\\frac{d #1}{d #2}} % derivative\n"
            "\\renewcommand{\\L}{\\mathcal{L}}\n%\\newcommand{\\tr}[1]{\\operatorname{tr} #1}\n"
            "\\DeclareMathOperator{\\card}{card}\n$$\n",
        "_includes/note.html": "<p>Reminder:</p>\n$$\\newcommand{\\x}{y}$$\n",
        "_posts/2022-03-01-mechanics.md":
            "---\ntitle: Mechanics\n---\n{% include latex-commands.html %}\n\n"
            "The action $$\\L = T - V$$ gives $$\\devd{p}{t} = F$$ and "
            "$$\\card A = 3$$.\n\n{% include note.html %}\n"})
    post = (imported.dest / "content/posts/mechanics.md").read_text(encoding="utf-8")
    assert "latex-commands" not in post and "\\newcommand{\\devd}" in post
    left = [w.message.split("`")[1] for w in imported.report.warnings]
    assert left == ["{% include note.html %}"]
    html = parse_html(built_page(tmp_path, imported, "/posts/mechanics/"))
    action, derivative, card = [m for m in html.find_all("math")
                                if "display" not in m.attrs]
    assert action.find_all("mi")[0].text().startswith("ℒ")
    assert derivative.one("mfrac").text().replace(" ", "") == "dpdt"
    assert card.find_all("mi")[0].text() == "card"
    assert "newcommand" not in html.text() and "devd" not in html.text()


def test_an_escaped_environment_starting_a_line_is_display_math(tmp_path: Path) -> None:
    """A statistics blog writes its inequalities as `\\\\begin{equation}` … with
    `\\\\geq` inside (kramdown reads `\\\\` as `\\`, so MathJax got `\\begin{equation}`
    and read it as display math): the import left them, and the built page showed the
    TeX as text with a warning per line. Rows stay rows (`\\\\\\\\`)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nmarkdown: kramdown\n",
        "_posts/2017-02-01-inequalities.md":
            "---\ntitle: Inequalities\n---\n\nIf $$g$$ is convex, then\n"
            "\\\\begin{equation}\n    E[g(X)]\\\\geq g(E(X))\n\\\\end{equation}\n"
            "and\n\n\\\\begin{align*}\n  a &\\\\leq b \\\\\\\\\n  &= c\n\\\\end{align*}\n"})
    post = (imported.dest / "content/posts/inequalities.md").read_text(encoding="utf-8")
    assert "$$\n\\begin{equation}\n    E[g(X)]\\geq g(E(X))\n\\end{equation}\n$$" in post
    html = parse_html(built_page(tmp_path, imported, "/posts/inequalities/"))
    first, second = html.find_all("div", class_="math-display")
    assert first.find_all("mtd")[-1].text() == "(1)" and "≥" in first.text()
    assert len(second.find_all("mtr")) == 2 and "≤" in second.text()


def test_an_interactive_posts_scripts_are_copied_and_its_image_tags_mapped(
        tmp_path: Path) -> None:
    """An illustrated ML blog loads each interactive post's scripts from the site's `js/`
    (`<script type="text/javascript" src="/js/nn.js">`) and writes some figures as
    `<image src="/images/w2v/a.png "/>` (browsers read `<image>` as `<img>`), or with the
    path broken over two lines (browsers drop a URL's line breaks). Scripts are
    no files an import copies on its own, and the script element was put aside whole
    (kramdown reads no math in it), so its file was never copied and the build failed;
    `<image>`'s picture did not move with the post."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Visual notes\nlang: en\n",
        "_posts/2019-03-27-nets.md": (
            "---\nlayout: post\ntitle: Nets\n---\n\nThe price is $5 and $6.\n\n"
            '<div id="viz"></div>\n\n<script type="text/javascript" src="/js/nn.js">'
            "</script>\n<script>draw($('#viz'));</script>\n\n<div class=\"img-div\">\n"
            '  <image src="/images/w2v/a.png "/>\n</div>\n\n<div>\n  <img src="/images/w2v/'
            '\nb.png" />\n</div>\n'),
        "js/nn.js": "function draw(el) { return el; }\n",
        "js/theme-only.js": "console.log('theme');\n",
        "images/w2v/a.png": png(40, 20),
        "images/w2v/b.png": png(30, 20),
    })
    static = imported.dest / "static"
    assert (static / "js/nn.js").read_text(encoding="utf-8").startswith("function draw")
    assert not (static / "js/theme-only.js").exists()
    body = (imported.dest / "content/posts/nets/index.md").read_text(encoding="utf-8")
    assert "draw($('#viz'));" in body  # (the script's text is as written)
    assert '<image src="a.png"/>' in body
    assert '<img src="b.png" />' in body  # (a path broken over two lines, as browsers read it)
    page = parse_html(built_page(tmp_path, imported, "/posts/nets/"))
    assert [s.get("src") for s in page.find_all("script") if s.get("src", "").startswith(
        "/js/")] == ["/js/nn.js"]


def test_a_bare_environments_markdown_escapes_are_read_as_kramdown_read_them(
        tmp_path: Path) -> None:
    """An ML blog on kramdown writes each derivation as a bare `\\begin{align}` paragraph,
    escaped for Markdown: `\\left\\\\{`, `p(x \\| z)`, `\\mathbb{E}\\_{q}`, rows ended by
    `\\\\\\`, `\\{n \\choose k\\}`. kramdown read the paragraph as text, so MathJax got
    `\\left\\{`, `|`, `_`, `\\\\` and a group; kept as written, the build failed on each.
    Inside `$$` kramdown reads no escapes: that TeX stays as it is."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nmarkdown: kramdown\n",
        "_includes/head.html": (
            '<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.5/MathJax.js'
            '?config=TeX-MML-AM_CHTML"></script>\n'),
        "_posts/2021-05-02-gibbs.md": (
            "---\nlayout: post\ntitle: Tempered posteriors\n---\n\nThe objective,\n\n"
            "\\begin{align} p(\\theta \\| x) &\\propto \\exp\\left\\\\{ -\\omega \\ell(\\theta)"
            " \\right\\\\} \\\\\\ &= \\mathbb{E}\\_{q}\\left\\[ f \\right\\] \\end{align}\n\n"
            "and the evidence ratio\n\n\\begin{equation} \\frac{\\{n \\choose k\\} a}"
            "{\\{n \\choose k\\} b + \\{n \\choose k\\} c} \\end{equation}\n\n$$\n"
            "\\begin{aligned} \\left\\{ x \\right\\} \\| y \\end{aligned}\n$$\n"),
    })
    body = (imported.dest / "content/posts/gibbs.md").read_text(encoding="utf-8")
    assert ("\\begin{align} p(\\theta | x) &\\propto \\exp\\left\\{ -\\omega \\ell(\\theta)"
            " \\right\\} \\\\ &= \\mathbb{E}_{q}\\left[ f \\right] \\end{align}") in body
    assert "\\frac{{n \\choose k} a}{{n \\choose k} b + {n \\choose k} c}" in body
    assert "\\begin{aligned} \\left\\{ x \\right\\} \\| y \\end{aligned}" in body
    page = parse_html(built_page(tmp_path, imported, "/posts/gibbs/"))
    assert len(page.find_all("math")) == 3


def test_a_site_named_without_its_scheme_and_ending_in_a_slash_is_a_site(
        tmp_path: Path) -> None:
    """`<a href="github.com/me/repo/">` and `[part 1](me.github.io/2015/07/12/net/)` (a
    deep-learning blog's links written without `https://`): a path ending in `/` was read
    as a folder of the old site from the page's old URL, `/2017/03/17/github.com/…/`, and
    the build failed on the link; it is the site it names, as one without the slash is."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Trask-like\nlang: en\n",
        "_posts/2015-07-12-net.md": "---\ntitle: Net\n---\n\nHi.\n",
        "_posts/2017-03-17-safe.md": (
            "---\ntitle: Safe\n---\n\nCode at <a href=\"github.com/me/repo/\">the repo</a>, "
            "and see [part 1](me.github.io/2015/07/12/net/).\n"),
    })
    body = (imported.dest / "content/posts/safe.md").read_text(encoding="utf-8")
    assert '<a href="https://github.com/me/repo/">the repo</a>' in body
    assert "[part 1](https://me.github.io/2015/07/12/net/)" in body
    built_page(tmp_path, imported, "/posts/safe/")


def test_a_page_value_taken_from_a_list_of_its_front_matter(tmp_path: Path) -> None:
    """A post on Bayesian statistics lists its sources in `references:` and links them
    as `[{{ page.references[1].title }}]({{page.references[1].url}})`: an item of a list
    was never looked up, so each link was left in a comment and the build failed on a
    broken link. An index past the list's end stays in a comment, as before."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\n",
        "_posts/2024-05-01-mle.md": (
            "---\ntitle: 最大似然估计\nreferences:\n  - title: 讲义一\n    url: https://a.example/1\n"
            "  - title: 讲义二\n    url: https://a.example/2\n---\n\n"
            "见 [{{ page.references[1].title }}]({{page.references[1].url}})。\n\n"
            "又见 {{ page.references[5].url }}。\n")})
    post = (imported.dest / "content/posts/mle.md").read_text(encoding="utf-8")
    assert "见 [讲义二](https://a.example/2)。" in post
    assert "<!-- import: unconverted {{ page.references[5].url }} -->" in post


def test_kramdowns_ids_of_chinese_headings_lead_to_those_headings(tmp_path: Path) -> None:
    """kramdown's own ids keep ASCII letters alone: a heading of Chinese alone was
    `#section`, the next `#section-1` (`## HANA 空间` `#hana`). A post linking another's
    `/articles/spatial/#section-1` (and its own `#section`) named headings Lanting ids
    by their text: the build failed on each as a missing anchor."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\npermalink: /articles/:title/\n",
        "_posts/2024-05-01-spatial.md": (
            "---\ntitle: 空间数据\n---\n\n## 背景\n\n正文。\n\n```sh\n# 注释\n```\n\n"
            "## HANA 空间\n\n正文。\n\n## 百度地图\n\n正文。\n"),
        "_posts/2024-05-02-map.md": (
            "---\ntitle: 地图\n---\n\n## 概述\n\n见 [百度地图][2]，[本页开头](#section)。\n\n"
            "[2]:/articles/spatial/#section-1\n")})
    page = parse_html(built_page(tmp_path, imported, "/articles/map/"))
    links = [unquote(a.get("href") or "") for a in page.one("main").find_all("a")
             if "#" in (a.get("href") or "")]
    assert links[:2] == ["/articles/spatial/#百度地图", "#概述"]


def test_a_posts_own_mathjax_setup_says_what_its_dollars_were(tmp_path: Path) -> None:
    """A post of an ML-fundamentals series loads MathJax itself (a `window.MathJax`
    setup reading `$…$`, then the CDN's script) on a site whose layouts load none: its
    `$…$` were escaped as dollar signs, the formulas shown as TeX, and the scripts kept,
    loading a second renderer from the network. A script shown as code stays."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\n",
        "Gemfile": "gem 'jekyll'\n",
        "_posts/2025-10-19-loss-functions.md":
            "---\ntitle: Loss functions\n---\n\n<script>\nwindow.MathJax = {\n  tex: {\n"
            "    inlineMath: [['$', '$'], ['\\\\(', '\\\\)']],\n  },\n};\n</script>\n"
            '<script async\n  src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/'
            'tex-mml-chtml.js">\n</script>\n<link rel="stylesheet" href="https://cdn.'
            'jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css">\n\n'
            "Cross-entropy $L = -\\sum_i y_i \\log p_i$ costs $5 to compute? No.\n\n"
            '```html\n<script src="https://cdn.jsdelivr.net/npm/mathjax@3"></script>\n```\n',
        "_posts/2025-10-20-prices.md": "---\ntitle: Prices\n---\n\nA GPU hour is $2 and "
                                       "a CPU hour $1.\n",
    })
    html = parse_html(built_page(tmp_path, imported, "/posts/loss-functions/"))
    prose = html.one("div", class_="prose")
    assert len(prose.find_all("math")) == 1
    assert [s.attrs.get("src") for s in prose.find_all("script")] == []
    assert "katex.min.css" not in str(html)
    assert "cdn.jsdelivr.net/npm/mathjax@3" in prose.one("pre").text()
    # (a post without a setup of its own: a `$` is a dollar sign still)
    prices = parse_html(built_page(tmp_path / "b", imported, "/posts/prices/"))
    assert "$2 and a CPU hour $1" in prices.one("div", class_="prose").text()


def test_a_text_accent_kramdown_unescaped_in_a_bare_environment_is_gone(
        tmp_path: Path) -> None:
    """A geometry post ends a bare `\\begin{equation}` with `\\frac{n-2}{2n}\\.` (a full
    stop escaped for Markdown). kramdown read the paragraph as text and gave MathJax a
    plain `.`; kept as written, `\\.` is TeX's dot accent, which math mode refuses, and the
    build failed on it. `\\=` and `` \\` `` are the same; `\\,` is no kramdown escape."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Tilings\nlang: en\nmarkdown: kramdown\n",
        "_posts/2022-04-17-angles.md": (
            "---\nlayout: post\ntitle: Angles\n---\n\nThe interior angle is\n"
            "\\begin{equation}\n\\alpha=\\frac{n-2}{2n}\\.\n\\end{equation}\n"
            "and the turn\n\\begin{equation}\n\\beta\\,\\=\\,1/n\\.\n\\end{equation}\n"),
    })
    body = (imported.dest / "content/posts/angles.md").read_text(encoding="utf-8")
    assert "\\alpha=\\frac{n-2}{2n}.\n" in body and "\\beta\\,=\\,1/n.\n" in body
    page = parse_html(built_page(tmp_path, imported, "/posts/angles/"))
    assert len(page.find_all("math")) == 2


def test_a_site_value_the_settings_lack_prints_nothing_in_a_path(tmp_path: Path) -> None:
    """`![公众号]({{ site.cdn }}/gzh.jpg)` on a site whose `_config.yml` has no `cdn`:
    Jekyll printed nothing, and the image was `/gzh.jpg`. The value stayed in a comment
    inside the path, the image was lost and the build failed. A value with no place in
    a path stays in its comment, with a warning, as before."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\n",
        "Gemfile": "gem 'jekyll'\n",
        "gzh.jpg": png(8, 8),
        "_posts/2024-03-01-hello.md": "---\ntitle: Hello\n---\n\n"
                                      "![公众号]({{ site.cdn }}/gzh.jpg)\n\n"
                                      '<img src="{{ site.cdn }}/gzh.jpg" alt="qr">\n\n'
                                      "Powered by {{ site.engine }}.\n",
    })
    post = (imported.dest / "content/posts/hello/index.md").read_text(encoding="utf-8")
    assert "![公众号](gzh.jpg)" in post and '<img src="gzh.jpg"' in post  # (its bundle's)
    assert "{{ site.engine }}" in post  # (no path: left for the author, in a comment)
    html = parse_html(built_page(tmp_path, imported, "/posts/hello/"))
    sources = {i.attrs["src"] for i in html.one("div", class_="prose").find_all("img")}
    assert len(sources) == 1 and (tmp_path / "out" / sources.pop().lstrip("/")).is_file()


def test_a_post_that_only_lists_the_posts_is_left_out(tmp_path: Path) -> None:
    """`_posts/2020-03-24-tips.html`, a post of only `{% for post in site.posts %}` links:
    its loop stayed in comments, an `href` held one, and the build failed. It is the
    list of posts, which Lanting makes: left out, its old URL and links lead to /blog/."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\n",
        "Gemfile": "gem 'jekyll'\n",
        "_posts/2020-03-24-tips.html": "---\ntitle: All tips\n---\n<ul>\n"
                                       "{% for post in site.posts %}\n"
                                       '  <li><a href="{{ post.url }}">{{ post.title }}</a>'
                                       "</li>\n{% endfor %}\n</ul>\n",
        "_posts/2020-03-25-first.md": "---\ntitle: First\n---\n\nSee [all](/2020/03/24/"
                                      "tips.html).\n",
    })
    assert "left out: a list of the site's posts" in report_of(imported)
    assert not (imported.dest / "content/posts/tips.md").exists()
    first = (imported.dest / "content/posts/first.md").read_text(encoding="utf-8")
    assert "[all](/blog/)" in first
    built_page(tmp_path, imported, "/posts/first/")  # (the build fails on no link)


def test_a_variable_the_post_never_set_prints_nothing_in_a_path(tmp_path: Path) -> None:
    """Jekyll Bootstrap's `<img src="{{ BASE_PATH }}/photo/a.png">` in a post that never
    set `BASE_PATH` (only its layout's include did, after the post was rendered): Jekyll
    printed nothing, the image was `/photo/a.png`. The path held a comment and the build
    failed. A variable the post assigns is printed as the post set it."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\n",
        "Gemfile": "gem 'jekyll'\n",
        "photo/a.png": png(8, 8),
        "_posts/2017-08-05-clusters.md": "---\ntitle: Clusters\n---\n\n"
                                         '<img src="{{ BASE_PATH }}/photo/a.png"/>\n\n'
                                         "{% assign cdn = 'https://cdn.example.org' %}\n"
                                         "![b]({{ cdn }}/b.png)\n",
    })
    post = (imported.dest / "content/posts/clusters/index.md").read_text(encoding="utf-8")
    assert "BASE_PATH" not in post and '<img src="a.png"/>' in post  # (its bundle's)
    # (set by the post: not emptied, its value printed, as Jekyll did: round 21)
    assert "![b](https://cdn.example.org/b.png)" in post


def test_series_pages_linked_without_html_and_dated_day_first(tmp_path: Path) -> None:
    """A blog's series kept as pages (`blog/pca-2.md`, old URL `/blog/pca-2.html`),
    dated `31-01-2020` and linking each other as `/blog/pca-2`: GitHub Pages answered
    the link without `.html`, and Ruby's `Time.parse` read the day first. The links were
    kept and the build failed on each; the pages took the files' times, with a warning."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\n",
        "blog/pca.md": "---\ntitle: PCA, part one\ndate: 31-01-2020\n---\n\n"
        "## Intro\n\nNext: [part two](/blog/pca-2).\n",
        "blog/pca-2.md": "---\ntitle: PCA, part two\ndate: 01-02-2020\n---\n\n"
        "Back to [part one](/blog/pca#intro).\n"})
    assert "modification time" not in report_of(imported)
    posts = imported.dest / "content" / "posts"
    first = (posts / "pca.md").read_text(encoding="utf-8")
    second = (posts / "pca-2.md").read_text(encoding="utf-8")
    assert "date: 2020-01-31" in first and "date: 2020-02-01" in second
    assert "[part two](pca-2.md)" in first and "[part one](pca.md#intro)" in second
