"""Jekyll sites on Chirpy, NexT, TeXt and minimal-mistakes, shaped like real ones (a
sweep of public blogs) and written here: what their setup says about images and math
must reach the new site."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from htmltree import parse_html
from importbits import jekyll_site
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
CHIRPY = "theme: jekyll-theme-chirpy\ntitle: 笔记\nlang: zh-CN\n"


def built_page(tmp_path: Path, imported: Imported, url: str) -> str:
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))  # (errors raise)
    return (result.output / url.strip("/") / "index.html").read_text(encoding="utf-8")


def test_chirpy_images_on_its_cdn(tmp_path: Path) -> None:
    """Chirpy's `cdn:` is the host of the posts' images (often a repository of their
    own); the paths, `media_subpath` joined, were "not found in the source site", left
    relative, and the build failed on every one. An image the site does hold stays its
    own; so does a cover's."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY + "cdn: https://cdn.example.net/gh/ann/blog-images@main\n",
        "assets/img/local.png": png(20, 10),
        "_posts/2024-05-29-green-function.md": "---\ntitle: 格林函数\ndate: 2024-05-29\n"
        "media_subpath: /img/in-post/green/\nimage:\n  path: cover.png\nmath: true\n---\n\n"
        "![极点](poles.png){: width=\"500\"}\n\n![示意](/img/sketch.png)\n\n"
        "![本地](/assets/img/local.png)\n"})
    assert [w.message for w in imported.report.warnings] == []
    page = parse_html(built_page(tmp_path, imported, "/posts/green-function/"))
    sources = [img.get("src") for img in page.find_all("img")]
    assert "https://cdn.example.net/gh/ann/blog-images@main/img/in-post/green/poles.png" \
        in sources
    assert "https://cdn.example.net/gh/ann/blog-images@main/img/sketch.png" in sources
    assert not any("cdn.example.net" in (s or "") and "local" in (s or "") for s in sources)
    assert any((s or "").endswith("local.png") for s in sources)
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert 'cover: "https://cdn.example.net/gh/ann/blog-images@main/img/in-post/green/' \
        'cover.png"' in text


def test_chirpy_mathjax_macros_with_quoted_names(tmp_path: Path) -> None:
    """Chirpy's `assets/js/data/mathjax.js` writes its macros with quoted names
    (`'RR': '\\\\mathbb{R}'`); only bare names were read, so each `\\RR` was "Unknown
    command" (a real blog: 119 formulas)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "assets/js/data/mathjax.js": "---\nlayout: compress\n---\n\nMathJax = {\n  tex: {\n"
        "    macros: {\n        'RR': '\\\\mathbb{R}',\n        \"e\": '\\\\mathrm{e}',\n"
        "        'half': ['\\\\frac{#1}{2}', 1],\n      },\n  },\n};\n",
        "_posts/2024-04-01-manifold.md": "---\ntitle: 流形\ndate: 2024-04-01\nmath: true\n"
        "---\n\n设 $f: \\RR^n \\to \\RR$，$\\e^{x}$。\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "RR" in config and "mathbb" in config
    assert "half" in config and not imported.report.warnings
    page = parse_html(built_page(tmp_path, imported, "/posts/manifold/"))
    assert "ℝ" in page.text() and "\\RR" not in page.text()


def test_a_box_whose_title_line_is_html_keeps_its_markdown(tmp_path: Path) -> None:
    """A Chirpy customisation (copied from blog to blog): `<div class="box-tip"
    markdown="1">`, its first line `<div class="title"> 定理 </div>`, Markdown right
    under it. kramdown reads Markdown again after the title's closing tag; CommonMark
    went on with the HTML block, so the list and the formulas showed as written."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "_posts/2024-04-02-cyclic.md": "---\ntitle: 循环群\ndate: 2024-04-02\nmath: true\n"
        "---\n\n<div class=\"box-tip\" markdown=\"1\">\n<div class=\"title\"> 定理 </div>\n"
        "设 $G$ 是循环群。\n1. 子群是 **循环群**。\n2. 若 $|G| = n < \\infty$，则成立。\n"
        "</div>\n\n正文。\n"})
    page = parse_html(built_page(tmp_path, imported, "/posts/cyclic/"))
    box = page.one("div", class_="box-tip")
    assert box.one("div", class_="title").text().strip() == "定理"
    assert len(box.one("ol").find_all("li")) == 2 and box.one("strong").text() == "循环群"
    assert len(box.find_all("math")) == 2 and "$" not in box.text()


def test_a_page_in_its_own_folder_gets_no_alias_of_its_own_url(tmp_path: Path) -> None:
    """`about/index.md` (a NexT site's about page) was published at `/about/index.html`,
    which the new page at `/about/` answers already: the alias made the build warn that
    it is the page's own URL."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "about/index.md": "---\nlayout: page\ntype: about\ntitle: 关于\n---\n\n我写机器学习。\n",
        "_posts/2018-06-01-dssm.md": "---\ntitle: DSSM\n---\n\n见 [关于](/about/)。\n"})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    page = (imported.dest / "content/pages/about.md").read_text(encoding="utf-8")
    assert "aliases" not in page
    assert "我写机器学习" in (result.output / "about/index.html").read_text(encoding="utf-8")


def test_double_braces_in_a_formula_stay_tex(tmp_path: Path) -> None:
    """`\\frac{{p+1}}{2}` in a `$$` formula (a real NexT blog's Cipolla algorithm): taken
    for a Liquid value, it was left in an HTML comment inside the formula, which then
    showed `<!-- import: …` as math. A real Liquid value there still converts."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 博客\nlang: zh-CN\n",
        "_posts/2021-12-08-cipolla.md": "---\ntitle: 二次剩余\nmathjax: true\n---\n\n$$\n"
        "x=(a+i)^{\\frac{{p+1}}{2}}\\\\\ny^{{2}}\n$$\n\n见 {{ site.url }}/about/。\n"})
    assert all("{{" not in w.message for w in imported.report.warnings)
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert "\\frac{{p+1}}{2}" in text and "y^{{2}}" in text and "<!--" not in text
    assert "site.url" not in text
    page = parse_html(built_page(tmp_path, imported, "/posts/cipolla/"))
    (formula,) = page.find_all("math")
    assert "<!--" not in formula.text() and "import" not in formula.text()


def test_chirpy_images_for_light_and_dark_schemes(tmp_path: Path) -> None:
    """Chirpy's `{: .light}` and `{: .dark}` images (a diagram drawn twice, one for each
    colour scheme): Lanting kept the classes, styled nothing, and every diagram showed
    twice. They are `.only-light` and `.only-dark`, which the theme hides in the other
    scheme."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "assets/img/loop.png": png(40, 20), "assets/img/loop-dark.png": png(40, 20, "#222"),
        "_posts/2024-05-27-wick.md": "---\ntitle: Wick 定理\ndate: 2024-05-27\n"
        "media_subpath: /assets/img/\n---\n\n![圈图](loop.png){: .light width=\"300\"}\n"
        "![圈图](loop-dark.png){: .dark width=\"300\"}\n"})
    page = parse_html(built_page(tmp_path, imported, "/posts/wick/"))
    classes = {(img.get("src") or "").rsplit("/", 1)[-1]: img.get("class")
               for img in page.find_all("img")}
    assert classes == {"loop.png": "only-light", "loop-dark.png": "only-dark"}
    css = (tmp_path / "out").rglob("style*.css")
    assert any(".only-dark" in f.read_text(encoding="utf-8") for f in css)


def test_jekyll_multiple_languages_plugin(tmp_path: Path) -> None:
    """A minimal-mistakes site on jekyll-multiple-languages-plugin: `languages: [en, zh]`,
    each language's posts in `_i18n/<lang>/_posts/` under one file name, settings and
    titles given per language, `{% t key %}` in a page. Both versions of a post were
    taken as two posts of one language (`flowsom-2`, its old URL lost, the folders
    `_i18n` and `zh` as categories), titles were `{'zh': '…'}`, and `{% t %}` was left
    in comments."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title:\n  en: Notes\n  zh: 笔记\nlocale:\n  en: en\n  zh: zh\n"
        "languages: [\"en\", \"zh\"]\ninclude: [_pages]\n"
        "plugins:\n  - jekyll-multiple-languages-plugin\n",
        "_i18n/en.yml": "about:\n  contact: Contact me\n",
        "_i18n/zh.yml": "about:\n  contact: 联系我\n",
        "_i18n/en/_posts/2019-08-30-FlowSOM.md": "---\ntitle:\n  en: \"FlowSOM: clustering\"\n"
        "categories: [Clustering]\npermalink: /flowsom/\nmathjax: true\n---\n\n"
        "Self-organising maps, $k$ clusters.\n",
        "_i18n/zh/_posts/2019-08-30-FlowSOM.md": "---\ntitle:\n  zh: \"FlowSOM：聚类\"\n"
        "categories: [Clustering]\npermalink: /flowsom/\nmathjax: true\n---\n\n"
        "自组织映射，$k$ 个簇。\n",
        "_pages/about.md": "---\ntitle:\n  en: About\n  zh: 关于\npermalink: /about/\n---\n\n"
        "<h2>{% t about.contact %}</h2>\n\nHello.\n"})
    assert [w.message for w in imported.report.warnings] == []
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'title = "Notes"' in config and 'languages = ["en", "zh"]' in config
    english = (imported.dest / "content/posts/flowsom.md").read_text(encoding="utf-8")
    chinese = (imported.dest / "content/posts/flowsom.zh.md").read_text(encoding="utf-8")
    assert 'title: "FlowSOM: clustering"' in english and "FlowSOM：聚类" in chinese
    assert "categories: [Clustering]" in english and "categories: [Clustering]" in chinese
    assert "translation_key: flowsom" in chinese
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    out = result.output
    assert "自组织映射" in (out / "zh/posts/flowsom/index.html").read_text(encoding="utf-8")
    assert "/zh/posts/flowsom/" in (out / "zh/flowsom/index.html").read_text(encoding="utf-8")
    assert "/posts/flowsom/" in (out / "flowsom/index.html").read_text(encoding="utf-8")
    about = parse_html((out / "about/index.html").read_text(encoding="utf-8"))
    assert "Contact me" in about.text() and "{%" not in about.text()
    assert about.one("h1").text().strip() == "About"


def test_text_theme_alerts_are_callouts(tmp_path: Path) -> None:
    """The TeXt theme's alerts, `{:.info}`, `{:.warning}`, … under a paragraph (a real
    TeXt blog's notes on TVM): the attribute list was removed and the box lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 笔记\nlang: zh-CN\ntext_skin: default\n",
        "_posts/2020-03-01-tvm.md": "---\ntitle: TVM 工作流\n---\n\n"
        "手头没有 VTA 硬件，所以用模拟器 `tsim`。\n{:.info}\n\n"
        "以下细节只适用于 `tsim`。\n{:.warning}\n\n普通段落。\n"})
    page = parse_html(built_page(tmp_path, imported, "/posts/tvm/"))
    boxes = [c for c in page.find_all("div") if "callout" in (c.get("class") or "").split()]
    assert [c.get("class") for c in boxes] == ["callout callout-note", "callout callout-warning"]
    assert "模拟器" in boxes[0].text() and "{:" not in page.text()


def test_chirpy_captions_with_markdown_or_under_a_pair_stay_visible(tmp_path: Path) -> None:
    """Chirpy's caption, an italic line under an image, became the image's title: a
    plain one is a figure's caption still; but one with a formula or a link showed
    `$H$` and `[wiki](…)` as written in the figure caption, and one under a light and a
    dark image went to the last image's title, no figure, so it was only a tooltip."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "assets/img/a.png": png(40, 20), "assets/img/b.png": png(40, 20),
        "assets/img/b-dark.png": png(40, 20, "#222"), "assets/img/c.png": png(40, 20),
        "_posts/2024-04-25-groups.md": "---\ntitle: 群论\ndate: 2024-04-25\n"
        "media_subpath: /assets/img/\nmath: true\n---\n\n"
        "![六边形](a.png){: width=\"300\"}\n_正六边形的对称群。_\n\n"
        "![格](b.png){: .light}\n![格](b-dark.png){: .dark}\n_子群 $H$ 与 $K$ 的格。_\n\n"
        "![图](c.png)\n_引自 [维基](https://example.org/wiki)。_\n"})
    page = parse_html(built_page(tmp_path, imported, "/posts/groups/"))
    (figure,) = page.find_all("figure")
    assert "正六边形的对称群" in figure.one("figcaption").text()
    prose = page.text()
    assert "子群" in prose and "$H$" not in prose and "[维基]" not in prose
    assert any(a.get("href") == "https://example.org/wiki" for a in page.find_all("a"))
    assert all("$" not in (img.get("title") or "") for img in page.find_all("img"))


def test_mermaid_switched_on_by_the_theme_is_drawn(tmp_path: Path) -> None:
    """Chirpy draws a post's ```mermaid blocks when its front matter says `mermaid: true`
    (TeXt: `mermaid: true` in `_config.yml`); the new site showed them as code, with a
    warning on each page, until `[markdown] mermaid` was set by hand."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "_posts/2025-02-15-goroutines.md": "---\ntitle: Go 并发\ndate: 2025-02-15\n"
        "mermaid: true\n---\n\n```mermaid\ngraph LR\n  main --> worker\n```\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "mermaid = " in config and "mermaid.esm" in config
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    page = parse_html((result.output / "posts/goroutines/index.html").read_text(
        encoding="utf-8"))
    (diagram,) = [e for e in page.find_all() if "mermaid" in (e.get("class") or "")]
    assert "main --> worker" in diagram.text()


def test_mathjax_macros_with_arguments_and_macros_using_them(tmp_path: Path) -> None:
    """A Chirpy physics blog's macros: `bvec: ["\\\\mathbf{#1}", 1]` and `br:
    "\\\\bvec{r}"`. The macro with an argument was left out, so `\\br`, which uses it,
    did not convert; and as math-core reads all the macros of a check at once, neither
    did `\\ii` or `\\ee`: 41 "Unknown command" errors. A macro with arguments is a
    `[markdown] math_macros` entry like any other (its `#1` kept)."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "assets/js/data/mathjax.js": "MathJax = {\n  tex: {\n    macros: {\n"
        "      bvec: [\"\\\\mathbf{#1}\", 1],\n      br: \"\\\\bvec{r}\",\n"
        "      ii: \"\\\\mathrm{i}\",\n      ee: \"\\\\mathrm{e}\"\n    },\n  }\n};\n",
        "_posts/2023-05-01-bloch.md": "---\ntitle: Bloch 定理\ndate: 2023-05-01\nmath: true\n"
        "---\n\n$\\psi(\\br) = \\ee^{\\ii \\bvec{k}\\cdot\\br} u(\\br)$\n"})
    assert [w.message for w in imported.report.warnings] == []
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "bvec" in config and "#1" in config
    page = parse_html(built_page(tmp_path, imported, "/posts/bloch/"))
    (formula,) = page.find_all("math")
    assert "𝐤" in formula.text() and "𝐫" in formula.text()


def test_a_mathjax_macro_with_a_default_first_argument(tmp_path: Path) -> None:
    """A NexT blog's MathJax 2 setup: `Abs: ['{\\\\left\\\\lvert #2 …}', 2, '']`, whose
    first argument is optional. It was left out with a warning, and the
    23 formulas using it failed the build. It is carried over with its default."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "assets/js/data/mathjax.js": "MathJax.Hub.Config({\n  TeX: {\n    Macros: {\n"
        "      Abs: ['{\\\\left\\\\lvert #2 \\\\right\\\\rvert_{\\\\text{#1}}}', 2, ''],\n"
        "      mat: ['\\\\mathbf{#1}', 1]\n    }\n  }\n});\n",
        "_posts/2023-05-01-norms.md": "---\ntitle: 范数\ndate: 2023-05-01\nmath: true\n"
        "---\n\n$\\Abs{x} \\le \\Abs[F]{\\mat{A}}$\n"})
    assert [w.message for w in imported.report.warnings] == []
    page = parse_html(built_page(tmp_path, imported, "/posts/norms/"))
    (formula,) = page.find_all("math")
    assert [s.text() for s in formula.find_all("msub")] == ["|x|", "|𝐀|F"]


def test_files_in_a_posts_folder_go_with_it(tmp_path: Path) -> None:
    """A post in its own folder under `_posts/` with the files it links (jekyll-postfiles
    publishes them beside the post: a physics blog's `main.f90`, `Makefile`,
    `demo.tar.gz`): the links were broken and the build failed."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY,
        "_posts/2019-07-05-valgrind/2019-07-05-valgrind.md": "---\ntitle: Valgrind 初探\n"
        "date: 2019-07-05\n---\n\n代码见 [`main.f90`](main.f90)，编译用的 [Makefile](Makefile)，"
        "示例在 [这里](data/demo.tar.gz)。\n",
        "_posts/2019-07-05-valgrind/main.f90": "program main\nend program main\n",
        "_posts/2019-07-05-valgrind/Makefile": "all:\n\tgfortran main.f90\n",
        "_posts/2019-07-05-valgrind/data/demo.tar.gz": b"\x1f\x8b\x08\x00",
    })
    assert [w.message for w in imported.report.warnings] == []
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    folder = result.output / "posts/valgrind"
    assert (folder / "main.f90").is_file() and (folder / "Makefile").is_file()
    assert (folder / "data/demo.tar.gz").read_bytes() == b"\x1f\x8b\x08\x00"
    page = parse_html((folder / "index.html").read_text(encoding="utf-8"))
    links = {a.text().strip(): a.get("href") for a in page.one("article").find_all("a")}
    assert links["main.f90"].endswith("main.f90") and links["这里"].endswith("demo.tar.gz")


def test_jekyll_scholar_citations_without_a_papers_bib(tmp_path: Path) -> None:
    """A Chirpy blog with jekyll-scholar: `{% cite girshick2014rich --file papers_aio %}`
    and `_bibliography/papers_aio.bib`, but no `papers.bib` (no papers of its own): the
    other `.bib` files were read only beside a `papers.bib`, so each citation was "in
    no .bib file of the site" and left in a comment."""
    write_files(tmp_path / "old", {
        "_config.yml": CHIRPY + "plugins:\n  - jekyll-scholar\nscholar:\n"
        "  source: ./_bibliography\n",
        "_bibliography/papers_aio.bib": "Papers, all in one\n\n@article{rcnn2014,\n"
        "  title={Region features for detection},\n  author={Gee, Ross},\n  year={2014}}\n",
        "_posts/2023-04-16-detection.md": "---\ntitle: 目标检测笔记\ndate: 2023-04-16\n---\n\n"
        "R-CNN {% cite rcnn2014 --file papers_aio %} 先提候选框。\n\n"
        "{% bibliography --cited --file papers_aio %}\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)  # (detected)
    assert [w.message for w in imported.report.warnings] == []
    assert (imported.dest / "content/references.bib").is_file()
    page = parse_html(built_page(tmp_path, imported, "/posts/detection/"))
    assert "Region features for detection" in page.text() and "{%" not in page.text()


def test_an_old_url_differing_only_in_case_is_the_new_url(tmp_path: Path) -> None:
    """Chirpy's `/posts/:title/` keeps a file name's capitals (`/posts/Golang-concurrency/`)
    and the new URL was lower case, so the old one became an alias: on macOS or
    Windows, whose file systems ignore case, its redirect page was written over the
    page itself, which then redirected to itself. The post keeps the old URL's case."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": CHIRPY + "defaults:\n  - scope:\n      path: ''\n      type: posts\n"
        "    values:\n      permalink: /posts/:title/\n",
        "_posts/2025-02-15-Golang-concurrency.md": "---\ntitle: Go 并发\ndate: 2025-02-15\n"
        "---\n\n协程与通道。\n"})
    (post,) = (imported.dest / "content/posts").rglob("*.md")
    text = post.read_text(encoding="utf-8")
    assert "slug: Golang-concurrency" in text and "aliases" not in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    folders = [p.name for p in (result.output / "posts").iterdir() if p.is_dir()]
    assert folders == ["Golang-concurrency"]
    assert "协程与通道" in (result.output / "posts/Golang-concurrency/index.html").read_text(
        encoding="utf-8")


def test_minimal_mistakes_feature_rows_are_their_teasers(tmp_path: Path) -> None:
    """minimal-mistakes' splash pages (and the home pages of sites built on it) draw the
    teasers their front matter lists with `{% include feature_row %}` (the list
    `feature_row`, or the one `id="…"` names): an image, a title, a Markdown excerpt and
    a button. They were left in comments, with warnings, the teasers lost."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: 树冰\nlang: zh-CN\nremote_theme: mmistakes/minimal-mistakes\n",
        "assets/images/a.png": png(60, 40), "assets/images/b.png": png(60, 40),
        "start.md": (
            "---\ntitle: 开始\nlayout: splash\npermalink: /start/\n"
            "intro:\n  - excerpt: '一段*介绍*文字。'\n"
            "feature_row:\n  - image_path: assets/images/a.png\n    alt: 甲图\n"
            "    title: 可定制\n    excerpt: 用 **Markdown** 写的说明。\n"
            "    url: /about/\n    btn_label: 了解更多\n"
            "  - image_path: /assets/images/b.png\n    title: 响应式\n"
            "    excerpt: 手机上一列。\n    url: /about/\n---\n\n"
            '{% include feature_row id="intro" type="center" %}\n\n'
            "{% include feature_row %}\n"),
        "about.md": "---\ntitle: 关于\npermalink: /about/\n---\n\n关于我。\n",
    })
    assert imported.report.warnings == []
    body = (imported.dest / "content/pages/start.md").read_text(encoding="utf-8")
    assert "{%" not in body and "一段*介绍*文字。" in body
    doc = parse_html(built_page(tmp_path, imported, "/start/"))
    columns = doc.find_all(class_="column")
    assert len(columns) == 2
    assert [c.one("img")["alt"] for c in columns] == ["甲图", ""]
    assert [c.one("h3").text() for c in columns] == ["可定制", "响应式"]
    assert [a.text() for c in columns for a in c.find_all("a") if a.get("href") == "/about/"
            ] == ["了解更多", "Learn More"]
    assert columns[0].one("strong").text() == "Markdown"
