"""MkDocs sites as real blogs and course notes write them: cases that real sites showed
the importer got wrong (each with a site of our own, shaped like theirs)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site


def _page(dest: Path, name: str) -> str:
    return (dest / "public" / name / "index.html").read_text(encoding="utf-8")


def test_an_image_path_through_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    """`./../pics/../../pics/a.png` from `docs/contest/physics/soap.md` names
    `docs/pics/a.png` as MkDocs read it (by the path's text); the file system finds no
    `docs/contest/pics/` to step out of, and the image was reported missing."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/contest/physics/soap.md": ("# 肥皂膜\n\n![film](./../pics/../../pics/film.png)"
                                         "{width=300}\n"),
    })
    (source / "docs" / "pics").mkdir()
    (source / "docs" / "pics" / "film.png").write_bytes(png(8, 8))
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    [img] = parse_html(_page(done.dest, "soap")).find_all("img")
    assert img.attrs["src"].endswith("film.png")


def test_vuepress_containers_on_an_mkdocs_page(tmp_path: Path) -> None:
    """LeetCode notes copied from a VuePress site keep hope's `::: code-tabs` with `@tab`
    lines and a `::: tip`; MkDocs showed the lines as text, and Lanting's build failed on
    each `@tab` outside a `::: tabs` block. They are the tabs and the callout they were
    written as; `:::` in a fence stays."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - pymdownx.superfences\n",
        "docs/index.md": "# Notes\n",
        "docs/leetcode/hash.md": (
            "# 哈希\n\n## 两数之和\n\n::: code-tabs\n@tab cpp\n```cpp\nint f();\n```\n\n"
            "@tab python\n```python\ndef f(): ...\n```\n:::\n\n::: tip 提示\n先查表再插入。\n"
            ":::\n\n```markdown\n::: warning\nkept as code\n:::\n```\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    [notice] = [e for e in done.report.entries if ":::" in e.message]
    assert (notice.path, notice.line) == ("docs/leetcode/hash.md", 5)
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "hash"))
    assert "@tab" not in root.text()
    assert [label.text() for label in root.find_all("label")] == ["cpp", "python"]
    assert "先查表再插入。" in root.find(class_="callout").text()
    assert any("::: warning" in pre.text() for pre in root.find_all("pre"))


def test_bold_with_a_space_inside_its_stars(tmp_path: Path) -> None:
    """Python-Markdown made bold of `**1. **` and `` `key`** 的用法** `` (notes exported
    from Yuque write them so), and `**(n+1)m/**2`, which CommonMark cannot close (a `/`
    inside, a digit outside); it showed their stars as written. Code stays as it is."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/java/map.md": (
            "# Map\n\n### **1. **`int hash`\n\n+ `>>`** 的用法**：右移\n"
            "+ 预约时 **\"先办卡\" **再挂号\n\n| 列 | 说明 |\n|---|---|\n"
            "| `NULL`** 处理** | 复杂 |\n\n化简后为 **(n+1)m/**2；\n\n"
            "In code: `a **b **c`\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "map"))
    bold = [b.text() for b in root.find("article").find_all("strong")]
    assert bold == ["1.", "的用法", "\"先办卡\"", "处理", "(n+1)m/"]
    assert any(c.text() == "a **b **c" for c in root.find_all("code"))


def test_dollars_on_a_site_without_math_are_dollar_signs(tmp_path: Path) -> None:
    """A knowledge base with no math extension showed `$…$` as written (label colours
    of exported JSON, prices); Lanting read formulas of them and failed the build. With
    arithmatex the same line is math, as it was."""
    page = ("# 导出\n\n标签 {\"color\":\"$label-back-color:2-0\"},{\"color\":\"$label:3-0\"}"
            " 价格 $5 到 $10。<span title=\"$x$\">悬停</span>\n\n```bash\necho $HOME\n```\n\n"
            "<script>\n$(\"#menu\").hide();\n</script>\n")
    plain, with_math = tmp_path / "plain", tmp_path / "math"
    write_files(plain, {"mkdocs.yml": "site_name: Garden\n", "docs/index.md": "# G\n",
                        "docs/yuque/export.md": page})
    write_files(with_math, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n"
                      "      generic: true\n",
        "docs/index.md": "# N\n", "docs/calc.md": "# 微积分\n\n导数 $f'(x)$ 与 $x^2$。\n"})
    done = import_site(plain, tmp_path / "plain-new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "export"))
    assert root.find("math") is None
    text = root.find("article").text()
    assert "$label-back-color:2-0" in text and "$5 到 $10" in text
    assert [s.attrs["title"] for s in root.find("article").find_all("span")
            if "title" in s.attrs] == ["$x$"]
    assert "echo $HOME" in root.find("pre").text()
    page_text = (done.dest / "content" / "pages" / "export.md").read_text(encoding="utf-8")
    assert "\n$(\"#menu\").hide();" in page_text  # (a script's `$` is jQuery's)
    done = import_site(with_math, tmp_path / "math-new")
    build(done.dest, BuildOptions())
    assert len(parse_html(_page(done.dest, "calc")).find_all("math")) == 2


def test_obsidian_image_embeds_are_images_copied_with_the_page(tmp_path: Path) -> None:
    """Notes from an Obsidian vault keep `![[assets/Pasted image 1.png]]`; Lanting read
    the embed from the page's new folder, where the image never went, and failed the
    build. An embed of a file that is not there stays as written."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Dev\n",
        "docs/index.md": "# Dev\n",
        "docs/backend/swagger.md": ("# Swagger\n\n打开接口文档\n![[assets/Pasted image 1.png]]\n\n"
                                    "![[assets/plot.png|240]]\n\n`![[in code.png]]`\n"),
        "docs/backend/assets/Pasted image 1.png": png(6, 4),
        "docs/backend/assets/plot.png": png(6, 4),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "swagger"))
    images = root.find("article").find_all("img")
    assert [img.attrs["src"].rsplit("/", 1)[-1] for img in images] == [
        "Pasted%20image%201.png", "plot.png"]
    assert images[1].attrs.get("width") == "240"
    assert root.find("code").text() == "![[in code.png]]"


def test_headings_as_python_markdown_read_them(tmp_path: Path) -> None:
    """`#安装` (no space) and `####### **2) Gradients**` (seven marks: level 6) were
    headings on the MkDocs site, which a table of contents linked to; CommonMark made
    paragraphs of them and the links failed the build. A `#` line in code stays."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: RL\n",
        "docs/index.md": "# RL\n",
        "docs/week5.md": (
            "# Week 5\n\n- [安装](#安装)\n- [Gradients](#2-gradients)\n\n#安装\n\n"
            "pip install gym\n\n###### **Iteration 1**\n\n####### **2) Gradients**\n\n"
            "gradient step\n\n```python\n#comment stays\n```\n\n<style>\n"
            "#subscribe:disabled {\n  opacity: 0.6;\n}\n</style>\n\n<!--\n#draft\n-->\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "week5"))
    article = root.find("article")
    headings = [h.text().strip() for h in article.iter()
                if getattr(h, "tag", "") in ("h1", "h2", "h3", "h4", "h5", "h6")]
    assert headings[-3:] == ["安装", "Iteration 1", "2) Gradients"]
    assert "#comment stays" in article.find("pre").text()
    page = (done.dest / "content" / "pages" / "week5.md").read_text(encoding="utf-8")
    assert "#subscribe:disabled {" in page and "\n#draft\n" in page


def test_a_second_blog_plugin_has_posts_too(tmp_path: Path) -> None:
    """Material's blog plugin listed twice, the second with `blog_dir: essays`: the
    essays were imported as pages, at their file's URL, and the links to their old
    post URLs (`/essays/2026/on-rivers/`) failed the build."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Wanr\nplugins:\n  - blog:\n      post_url_format: "
                       "\"{date}/{file}\"\n      post_url_date_format: yyyy\n"
                       "  - blog:\n      blog_dir: essays\n      post_url_format: "
                       "\"{date}/{file}\"\n      post_url_date_format: yyyy\n"),
        "docs/index.md": "# Wanr\n",
        "docs/blog/index.md": "# Blog\n",
        "docs/blog/posts/docker.md": ("---\ndate: 2025-03-01\n---\n\n# Docker 安装\n\n"
                                      "另见[随笔](/essays/2026/on-rivers/)。\n"),
        "docs/essays/index.md": "# Essays\n",
        "docs/essays/posts/2026/on-rivers.md": ("---\ndate: 2026-05-02\ncategories:\n"
                                                "  - 思考\n---\n\n# 论河流\n\n水流向东。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.counts["posts"] == 2
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    essay = (done.dest / "content" / "posts").glob("*.md")
    text = "\n".join(p.read_text(encoding="utf-8") for p in essay)
    assert "/essays/2026/on-rivers/" in text and "/blog/2025/docker/" in text
    assert (done.dest / "public" / "essays" / "2026" / "on-rivers" / "index.html").is_file()


def test_links_to_footnotes_by_python_markdowns_ids(tmp_path: Path) -> None:
    """`[跳到注一](#fn:guan)` named Python-Markdown's id of a footnote (`fn:` and its
    label); Lanting numbers them by first reference (`fn1`), and the build failed on the
    missing anchor."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - footnotes\n",
        "docs/index.md": "# Notes\n",
        "docs/poem.md": ("# 关雎\n\n关关[^guan]雎鸠[^2]。\n\n[跳到注二](#fn:2) "
                         "[跳到注一](#fn:guan)\n\n```markdown\n[x](#fn:9)\n```\n\n"
                         "[^2]: 一种水鸟。\n[^guan]: 象声词。\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "poem"))
    links = {a.text(): a.attrs["href"] for a in root.find("article").find_all("a")}
    assert (links["跳到注一"], links["跳到注二"]) == ("#fn1", "#fn2")
    assert "(#fn:9)" in root.find("pre").text()


def test_a_figures_id_keeps_answering(tmp_path: Path) -> None:
    """`<figure markdown id="fig-arch">`, named by the text's `[Figure 1](#fig-arch)`:
    the figure became Lanting's and lost its id, and the build failed on each link."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Systems\nplugins:\n  - blog\nmarkdown_extensions:\n"
                       "  - md_in_html\n"),
        "docs/index.md": "# Systems\n",
        "docs/blog/posts/p2p.md": (
            "---\ndate: 2026-06-17\n---\n\n# P2P reads\n\nThe pipeline ([Figure 1]"
            "(#fig-arch)) reads drives in parallel.\n\n<figure markdown id=\"fig-arch\">\n"
            "![The cold-read pipeline](arch.png)\n<figcaption>Figure 1: the pipeline."
            "</figcaption>\n</figure>\n"),
        "docs/blog/posts/arch.png": png(8, 6),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "posts/p2p-reads"))
    anchor = root.find("a", attrs={"id": "fig-arch"})
    assert anchor is not None
    assert root.find("figure") is not None


def test_double_equals_without_pymdownx_mark_stay_as_written(tmp_path: Path) -> None:
    """Two version pins on a line, `dm-tree==0.1.6 … **dm-tree==0.1.7**`, were text on
    an MkDocs site without pymdownx.mark; Lanting marked the text between them and broke
    the bold. With the extension, `==marked==` is marked, as it was."""
    line = "把 dm-tree==0.1.6 调整为 **dm-tree==0.1.7**！\n\n`a==b==c` in code.\n"
    plain, marked = tmp_path / "plain", tmp_path / "marked"
    write_files(plain, {"mkdocs.yml": "site_name: G\n", "docs/index.md": "# G\n",
                        "docs/pins.md": "# Pins\n\n" + line})
    write_files(marked, {"mkdocs.yml": "site_name: M\nmarkdown_extensions:\n"
                                       "  - pymdownx.mark\n",
                         "docs/index.md": "# M\n", "docs/hi.md": "# Hi\n\n==重点==。\n"})
    done = import_site(plain, tmp_path / "plain-new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "pins")).find("article")
    assert article.find("mark") is None
    assert [b.text() for b in article.find_all("strong")] == ["dm-tree==0.1.7"]
    assert "dm-tree==0.1.6" in article.text() and article.find("code").text() == "a==b==c"
    done = import_site(marked, tmp_path / "marked-new")
    build(done.dest, BuildOptions())
    assert parse_html(_page(done.dest, "hi")).find("article").find("mark").text() == "重点"


def test_a_target_attribute_after_a_link_over_lines_is_removed(tmp_path: Path) -> None:
    """A poster grid: each figure a link opening in a new tab, `[<figure …>…</figure>](
    big.jpg){:target="_blank"}`, its text over several lines; the attribute list was
    left in the text (`{:target="_blank"}` after every poster)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: RL\nmarkdown_extensions:\n  - attr_list\n  - md_in_html\n",
        "docs/index.md": "# RL\n",
        "docs/posters.md": (
            "# Posters\n\n-   [<figure markdown=\"span\">\n        ![Poster](small.png)\n"
            "        <figcaption>Offline RL</figcaption>\n    </figure>](big.png)"
            "{:target=\"_blank\"}\n\nAlso [the list](index.md)"
            "{ target=\"_blank\" rel=noopener }.\n"),
        "docs/small.png": png(4, 4),
        "docs/big.png": png(8, 8),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "pages" / "posters.md").read_text(encoding="utf-8")
    assert "target" not in text


def test_a_link_to_a_heading_with_a_formula_finds_it(tmp_path: Path) -> None:
    """`toc` made `### Aitken's $\\Delta^2$ Method` `#aitkens-delta2-method` from the
    formula's TeX, and a later chapter linked there; Lanting's id reads the formula as
    shown (`δ2`), and the importer, comparing TeX with TeX, thought them one and put no
    anchor: the build failed on the link. A heading whose ids agree gets none."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n"
                       "      generic: true\n"),
        "docs/index.md": "# Notes\n",
        "docs/na/chap2.md": ("# 第二章\n\n### Steffensen $\\Delta^2$ acceleration\n\n"
                             "收敛更快。\n\n### Order $p$\n\n略。\n"),
        "docs/na/chap9.md": ("# 第九章\n\n幂法可用 [加速](../chap2/#steffensen-delta2-"
                             "acceleration) 与 [阶](../chap2/#order-p)。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "chap2"))
    anchor = root.find(id="steffensen-delta2-acceleration")
    assert anchor is not None and anchor.tag == "a"
    assert [e.tag for e in root.find_all(id="order-p")] == ["h3"]
    links = parse_html(_page(done.dest, "chap9")).find("article").find_all("a")
    assert [a["href"].split("#")[1] for a in links] == ["steffensen-delta2-acceleration",
                                                        "order-p"]


def test_wiki_links_a_plugin_read_lead_to_the_pages_they_named(tmp_path: Path) -> None:
    """Notes of an Obsidian vault on MkDocs with `bi_directional_links`: `[[bash Cheat
    Sheet]]` named the one file of that name anywhere in the docs folder; Lanting read it
    as `bash%20Cheat%20Sheet.md` beside the page and the build failed on each. They lead
    to the new pages (a heading to its id); `![[fig.png]]` from another folder is the
    image; a name no file has keeps its text, with a warning; code and a nested list in
    prose stay. An attachment the repository lacks (`![[lost.png]]`) is a warning at its
    line (the build then reports the missing image)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nplugins:\n  - search\n  - bi_directional_links\n",
        "docs/index.md": "# Notes\n",
        "docs/Tools/Cheat Sheet/Cheat Sheet.md": (
            "# 速查\n\n- [[bash Cheat Sheet]]\n- [[Numerics#Newton step|牛顿步]]\n"
            "- [[missing note]]\n\n| 工具 | 页 |\n|---|---|\n"
            "| shell | [[bash Cheat Sheet\\|bash]] |\n\n矩阵 [[1, 2], [3, 4]] 照写。\n\n"
            "![[fig.png|300]]\n\n"
            "```bash\n[[ -r ~/.bashrc ]] && echo ok\n```\n"),
        "docs/Tools/Cheat Sheet/tools/bash Cheat Sheet.md": "# bash\n\n常用命令。\n",
        "docs/Math/Numerics.md": "# 数值\n\n## Newton step\n\n迭代。\n",
        "lost/docs/index.md": "# Notes\n\n![[lost.png]]\n",
        "lost/mkdocs.yml": "site_name: Lost\nplugins:\n  - roamlinks\n",
    })
    (source / "docs" / "Math" / "assets").mkdir()
    (source / "docs" / "Math" / "assets" / "fig.png").write_bytes(png(8, 8))
    lost = import_site(source / "lost", tmp_path / "lost")
    assert [(w.line, w.message.split("`")[1]) for w in lost.report.warnings] == [
        (3, "![[lost.png]]")]
    done = import_site(source, tmp_path / "new")
    assert [(w.line, w.message.split("`")[1]) for w in done.report.warnings] == [
        (5, "[[missing note]]")]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "cheat-sheet")).find("article")
    links = {a.text(): a["href"] for a in article.find_all("a") if a.get("href")}
    assert links["bash Cheat Sheet"].endswith("/bash-cheat-sheet/")
    assert links["bash"] == links["bash Cheat Sheet"]
    assert links["牛顿步"].endswith("/numerics/#newton-step")
    assert "missing note" in article.text() and "[[missing note]]" not in article.text()
    assert "[[1, 2], [3, 4]]" in article.text()
    assert "[[ -r ~/.bashrc ]]" in article.find("pre").text()
    [img] = article.find_all("img")
    assert img["src"].endswith("fig.png") and img["width"] == "300"


def test_mknotebooks_notebooks_are_notebook_pages(tmp_path: Path) -> None:
    """mknotebooks, the other notebook plugin, made a page of each `.ipynb` of the docs
    folder: they were copied as files, and the nav's and pages' links to them failed
    the build. Each is a notebook page at its old URL, titled by its first heading."""
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# 梯度下降\n\n步长 $\\eta$。"},
             {"cell_type": "code", "metadata": {}, "execution_count": 1,
              "source": "eta = 0.1", "outputs": []}]
    notebook = json.dumps({"nbformat": 4, "nbformat_minor": 5, "cells": cells,
                           "metadata": {"language_info": {"name": "python"}}})
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nnav:\n  - Home: index.md\n"
                       "  - GD: optim/gd.ipynb\nplugins:\n  - mknotebooks\n"),
        "docs/index.md": "# Notes\n\n先读 [梯度下降](optim/gd.ipynb)。\n",
        "docs/optim/gd.ipynb": notebook,
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    assert (done.dest / "content" / "pages" / "gd.ipynb").is_file()
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html(_page(done.dest, "gd"))
    assert root.one("h1").text() == "梯度下降" and root.find("math") is not None
    home = parse_html((done.dest / "public" / "index.html").read_text(encoding="utf-8"))
    link = next(a for a in home.find_all("a") if a.text() == "梯度下降")
    assert link["href"] == "/gd/"
    assert (done.dest / "public" / "optim" / "gd" / "index.html").is_file()  # (old URL)


def test_a_hugo_shortcode_left_in_a_page_is_not_lantings(tmp_path: Path) -> None:
    """Notes moved from a Hugo blog kept `{{< notice info >}}` … `{{< /notice >}}`, which
    MkDocs showed as written; Lanting read it as its own shortcode and the build failed
    ("unknown shortcode"). It is left in a comment, with a warning at its line; the text
    between stays, and one in code is code."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/net/sdn.md": ("# SDN\n\n{{< notice info >}}\n这部分写得简略。\n{{< /notice >}}\n\n"
                            "```go-html-template\n{{< figure src=\"a.png\" >}}\n```\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.line for w in done.report.warnings] == [3, 5]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "sdn")).find("article")
    assert "这部分写得简略。" in article.text() and "notice" not in article.find("p").text()
    assert '{{< figure src="a.png" >}}' in article.find("pre").text()


def test_wiki_links_without_a_plugin_show_as_written(tmp_path: Path) -> None:
    """Without a wiki-link plugin MkDocs showed `[[bash Cheat Sheet]]` as written; Lanting
    read it as a link to `bash Cheat Sheet.md` beside the page, and the build failed.
    It shows as written again."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n"
                       "      generic: true\n"),
        "docs/index.md": "# Notes\n",
        "docs/tools.md": ("# 工具\n\n见 [[bash Cheat Sheet]] 与 [[shell#变量|变量]]。\n\n"
                          "计数 $\\sum_i [[x_i > 0]]$ 个，见 [[Smith 2020]](https://example.org)。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "tools")).find("article")
    assert "见 [[bash Cheat Sheet]] 与 [[shell#变量|变量]]。" in article.text()
    assert article.find("p").find("a") is None
    assert "[[xi>0]]" in article.find("math").text()  # (TeX: an Iverson bracket)
    cited = article.find_all("p")[1].one("a")  # (a link whose text is bracketed)
    assert (cited.text(), cited["href"]) == ("[Smith 2020]", "https://example.org")


def test_a_link_to_no_file_keeps_its_text(tmp_path: Path) -> None:
    """`[ELMo](elmo.md)` to a note not yet written, or `[code](TODO)`: MkDocs warned and
    published a dead link. It keeps its text without the link, with a warning at its
    line, as the other importers keep a dead link of the old site: left as written, it
    failed Lanting's build (9 errors on an ML notes site)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n\n- [BERT](papers/bert.md)\n",
        "docs/papers/bert.md": "# BERT\n\n见 [ELMo](elmo.md#intro) 与 [代码](TODO)。\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.line, w.message) for w in done.report.warnings] == [
        ("docs/papers/bert.md", 3, "link `elmo.md#intro` leads to no page or file of the "
         "docs folder (a dead link of the old site): its text kept, without the link"),
        ("docs/papers/bert.md", 3, "link `TODO` leads to no page or file of the docs "
         "folder (a dead link of the old site): its text kept, without the link")]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = parse_html(_page(done.dest, "bert")).one("main")
    assert "见 ELMo 与 代码。" in body.text()


def test_the_copyright_line_is_the_footers(tmp_path: Path) -> None:
    """`copyright:` (Material shows it, HTML and all, at the foot of every page) was
    left out, and the footer read Lanting's `© year author` instead. It is the
    footer's line, as text: its entities read, its tags (a link) left out, with a
    notice."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\ncopyright: |\n  Copyright &copy; 2023-2025 "
                       "<a href=\"https://example.org\" target=\"_blank\">张三</a>\n"),
        "docs/index.md": "# Notes\n\n笔记。\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    notes = [e.message for e in done.report.entries if "copyright" in e.message]
    assert notes == ["`copyright`: the footer's line, as text (its HTML tags left out)"]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    footer = parse_html((done.dest / "public" / "index.html").read_text(encoding="utf-8"))
    assert "Copyright © 2023-2025 张三" in footer.one("footer").text()


def test_a_link_to_no_heading_of_the_page_keeps_its_text(tmp_path: Path) -> None:
    """`[已经做了这些](#_4)` on a page whose headings all carry ids (`{#before-asking}`),
    a link left from an earlier version of a translated guide, and `[RTFM](#rtfm-stfw)`:
    MkDocs warned of them and published them dead; Lanting's build failed on each. They
    keep their text without the link, with a warning; `#RTFM`, meaning the heading
    `{#rtfm}`, goes there, and links to a footnote, a written anchor, the tab of a
    heading's id and a heading in an admonition stay."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nmarkdown_extensions:\n  - toc:\n"
                       "      permalink: true\n  - attr_list\n  - footnotes\n"
                       "  - admonition\n"),
        "docs/index.md": "# Notes\n",
        "docs/ask.md": ("# 提问\n\n## 在提问之前 {#before-asking}\n\n先搜索[^1]。\n\n"
                        "## 读手册 {#rtfm}\n\n<a id=\"faq\"></a>常见问题。\n\n"
                        "!!! note \"附注\"\n\n    ### 小结\n\n    见上。\n\n"
                        "你 [已经做了这些](#_4)，再去 [RTFM](#rtfm-stfw)，"
                        "或 [STFW](#RTFM)、[之前](#before-asking)、[问答](#faq)、"
                        "[脚注](#fn:1)、[小结](#小结)。\n\n[^1]: 用搜索引擎。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.line, w.message) for w in done.report.warnings] == [
        ("docs/ask.md", 17, "link `#_4`: no heading or anchor of the page has that id "
         "(a dead link of the old site): its text kept, without the link"),
        ("docs/ask.md", 17, "link `#rtfm-stfw`: no heading or anchor of the page has "
         "that id (a dead link of the old site): its text kept, without the link")]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = parse_html(_page(done.dest, "ask")).one("main")
    hrefs = [a.attrs["href"] for a in body.find_all("a") if a.attrs.get("href", "")
             .startswith("#") and "footnote" not in a.attrs.get("class", "")]
    assert [unquote(h) for h in hrefs[-5:]] == ["#rtfm", "#before-asking", "#faq", "#fn1",
                                               "#小结"]
    assert "你 已经做了这些，再去 RTFM，" in body.text()


def test_a_heading_id_written_and_linked_is_one_anchor(tmp_path: Path) -> None:
    """`## 在提问之前 {#before-asking}`, linked from another page: the id MkDocs gave was
    kept twice, by the anchor for linked ids and by the heading's attribute list, and
    the page had two elements with one id."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - attr_list\n",
        "docs/index.md": "# Notes\n\n见 [提问之前](ask.md#before-asking)。\n",
        "docs/ask.md": "# 提问\n\n## 在提问之前 {#before-asking}\n\n先搜索。\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert _page(done.dest, "ask").count('id="before-asking"') == 1


def test_a_link_to_a_folder_with_no_index_keeps_its_text(tmp_path: Path) -> None:
    """`[编程](/cs/lang/)` to a folder of notes with no `index.md`: MkDocs made no page
    there, so the old link was dead; it was left as written, and failed the build."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n\n更新了 [编程笔记](/cs/lang/) 与 [C](cs/lang/c.md)。\n",
        "docs/cs/lang/c.md": "# C\n\n指针。\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.message) for w in done.report.warnings] == [
        ("docs/index.md", "link `/cs/lang/` leads to no page or file of the docs folder "
         "(a dead link of the old site): its text kept, without the link")]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_bar_in_table_code_stays_in_its_cell(tmp_path: Path) -> None:
    """Python-Markdown reads a table row's code spans before its `|`s: `` `map(|x| x)` ``
    is one cell's code. GFM cut it at each `|`, so the code fell apart and `Vec<u8>` was
    a tag in the text (hidden, with a warning)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/iter.md": "# 迭代器\n\n| 方法 | 例子 |\n| --- | --- |\n"
                        "| `map()` | `let v: Vec<u8> = it.map(|x| x + 1).collect();` |\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    cells = parse_html(_page(done.dest, "iter")).one("table").find_all("td")
    assert [c.text() for c in cells] == [
        "map()", "let v: Vec<u8> = it.map(|x| x + 1).collect();"]


def test_a_link_to_a_heading_in_a_block_quote_finds_it(tmp_path: Path) -> None:
    """`> #### cache_dir`, a heading quoted in a settings page, had the id `cache_dir`
    from MkDocs' toc; a link to `config.md#cache_dir` failed the build, since only
    headings outside quotes kept their old ids."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n\nSee [the cache](config.md#cache_dir).\n",
        "docs/config.md": "# Settings\n\n> #### cache_dir\n>\n> Where files are kept.\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    quote = parse_html(_page(done.dest, "config")).one("blockquote")
    assert quote.one("a")["id"] == "cache_dir" and quote.one("h4").text() == "cache_dir"


def test_a_link_to_a_title_by_its_text_finds_the_page(tmp_path: Path) -> None:
    """`<a href="guide/api/#API reference">` names the page's title by its text: the
    link was repaired to `#api-reference`, an id the title (now the page's title, not a
    heading) no longer had, and the build failed."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": '# Notes\n\n<ul><li><a href="guide/api/#API reference">API</a></li>'
                         "</ul>\n",
        "docs/guide/api.md": "# API reference\n\nThe entry points.\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_link_to_a_chinese_title_by_its_text_finds_the_page(tmp_path: Path) -> None:
    """`read/books/#好书推荐`: toc (no unicode slugs) gave the title `_1`, and the link
    named its text; the title is the page's title now, so the id was nowhere and the
    build failed."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": '# Notes\n\n<p><a href="read/books/#好书推荐">书单</a></p>\n',
        "docs/read/books.md": "# 好书推荐\n\n几本书。\n",
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_link_to_no_heading_of_another_page_goes_to_its_top(tmp_path: Path) -> None:
    """`[梯度](calc.md#梯度下降)` naming a heading the other page no longer has: MkDocs
    only warned of it (its `validation.anchors` is `info`) and the browser showed the
    page's top; Lanting failed the whole build on it. It goes to the page, with a
    warning at its line; links to that page's headings, written anchors, footnotes,
    a block id (Obsidian's `^id`, which Lanting gives its paragraph) and a heading by its
    text stay."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nmarkdown_extensions:\n  - attr_list\n"
                       "  - footnotes\n"),
        "docs/index.md": ("# Notes\n\n见 [梯度](calc.md#梯度下降)、[链式](calc.md#链式法则)、"
                          "[锚](calc.md#eq-1)、[注](calc.md#fn1)、[id](calc.md#jacobian)、\n"
                          "[Obsidian](calc.md#Chain%20Rule) 与 [旧](calc.md#old-name)，"
                          "[块](calc.md#^blk-1)。\n"),
        "docs/calc.md": ("# 微积分\n\n## 链式法则\n\n<a id=\"eq-1\"></a>式一[^1]。\n\n"
                         "## Chain Rule\n\n## 雅可比 {#jacobian}\n\n式二。 ^blk-1\n\n"
                         "[^1]: 注。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.path, w.line, w.message) for w in done.report.warnings] == [
        ("docs/index.md", 3, "link `calc.md#梯度下降`: no heading or anchor `#梯度下降` on "
         "that page (a dead link of the old site, which MkDocs only warned of): it goes "
         "to the page's top"),
        ("docs/index.md", 4, "link `calc.md#old-name`: no heading or anchor `#old-name` "
         "on that page (a dead link of the old site, which MkDocs only warned of): it "
         "goes to the page's top")]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = parse_html((done.dest / "public" / "index.html").read_text(encoding="utf-8"))
    hrefs = [unquote(a.attrs["href"]) for a in body.one("main").find_all("a")]
    assert [h.rpartition("/")[2] for h in hrefs if "calc" in h] == [
        "", "#链式法则", "#eq-1", "#fn1", "#jacobian", "#chain-rule", "", "#^blk-1"]


def test_an_image_in_center_tags_is_an_image(tmp_path: Path) -> None:
    """`<center>![架构](img/arch.png){width="500"}</center>`: Python-Markdown, for which
    `center` starts no HTML block, showed the image; CommonMark starts one there, and
    the line showed as written, `![架构](…)` in the text. The image is kept alone in its
    paragraph, which Lanting centres."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - attr_list\n",
        "docs/index.md": "# Notes\n",
        "docs/rpc.md": ("# RPC\n\n框架如下。\n\n<center>![架构](img/arch.png){width=\"500\"}"
                        "</center>\n\n<center>居中的字</center>\n"),
    })
    (source / "docs" / "img").mkdir()
    (source / "docs" / "img" / "arch.png").write_bytes(png(8, 8))
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html(_page(done.dest, "rpc")).one("main")
    [img] = main.find_all("img")
    assert img.attrs["src"].endswith("arch.png") and img.attrs.get("width") == "500"
    assert "![" not in main.text() and "居中的字" in main.text()


def test_a_zensical_site_is_an_mkdocs_site(tmp_path: Path) -> None:
    """Zensical (Material for MkDocs' successor) keeps MkDocs' settings in
    `zensical.toml`'s `[project]` table, its Markdown extensions as nested tables. Such
    a site was read as a folder of notes: its `nav` and old URLs lost, its arithmatex
    formulas read as a folder of notes reads them. It is read as MkDocs."""
    source = tmp_path / "src"
    write_files(source, {
        "zensical.toml": (
            '[project]\nsite_name = "信号笔记"\ndocs_dir = "docs"\n'
            'nav = [\n  { "首页" = "index.md" },\n  { "课程" = [\n'
            '    { "采样定理" = "course/sampling.md" },\n  ] },\n]\n\n'
            "[project.theme]\nlanguage = \"zh\"\n\n"
            "[project.markdown_extensions.admonition]\n"
            "[project.markdown_extensions.pymdownx.arithmatex]\ngeneric = true\n"
            "[project.markdown_extensions.toc]\npermalink = true\n"),
        "docs/index.md": "# 信号笔记\n",
        "docs/course/sampling.md": ("# 采样定理\n\n!!! note \"结论\"\n    $f_s > 2 f_{\\max}$ 时"
                                    "可以无失真恢复。\n\n$$\nx(t) = \\sum_n x[n]\\,"
                                    "\\mathrm{sinc}(f_s t - n)\n$$\n"),
    })
    assert detect(source) == "mkdocs"
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    toml = (done.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'title = "信号笔记"' in toml and 'language = "zh-CN"' in toml
    assert 'name = "课程"\nurl = "/sampling/"' in toml  # (a section of one page: that page)
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    doc = parse_html(_page(done.dest, "sampling"))
    assert len(doc.find_all("math")) == 2
    assert "!!!" not in doc.text()
    assert (done.dest / "public" / "course" / "sampling" / "index.html").is_file()


def test_an_emoji_in_a_grid_card_loses_its_attribute_list(tmp_path: Path) -> None:
    """Material's grid cards start each item with an icon and its classes, `:fire:{ .lg
    .middle }`: an icon went with its list, but an emoji became 🔥 and its `{ .lg
    .middle }` stayed on the page as written."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nmarkdown_extensions:\n  - attr_list\n"
                       "  - md_in_html\n  - pymdownx.emoji\n"),
        "docs/index.md": "# Notes\n",
        "docs/sites.md": ('# 网站\n\n<div class="grid cards" markdown>\n\n'
                          "-   :fire:{ .lg .middle } __[课程](https://example.org/)__ | 资源\n"
                          "-   :material-school:{ .lg .middle } __公开课__\n\n</div>\n"),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/pages/sites.md").read_text(encoding="utf-8")
    assert "🔥 __[课程]" in text and "{ .lg" not in text


def test_markdown_among_html_tags_in_an_admonition_is_read(tmp_path: Path) -> None:
    """A friends page's cards in an admonition, `<div class="card">` over
    `![logo](images/a.png)` and `[名字](https://…)`: Python-Markdown opens no HTML block
    in an admonition's indented body, so it read that Markdown, and the page showed the
    logos. CommonMark opens one there, which showed them as written (two build
    warnings); they are written as HTML now, in nested admonitions too. An HTML block at
    the page's top level, which Python-Markdown kept as written, is left so."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - admonition\n",
        "docs/index.md": "# Notes\n",
        "docs/friends.md": ("# 友链\n\n!!! note \"朋友们\"\n"
                            "    <div class=\"card\">\n"
                            "        <div class=\"icon\">\n"
                            "            ![logo](images/a.png)\n"
                            "        </div>\n"
                            "        <a href=\"https://a.example/\">A 的博客</a>\n"
                            "    </div>\n\n"
                            "    ??? tip \"更多\"\n"
                            "        <div class=\"card\">\n"
                            "        **B** 的 [主页](https://b.example/)\n"
                            "        </div>\n\n"
                            "<div class=\"top\">\n**kept**\n</div>\n"),
    })
    (source / "docs" / "images").mkdir()
    (source / "docs" / "images" / "a.png").write_bytes(png(8, 8))
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    text = (done.dest / "content/pages/friends.md").read_text(encoding="utf-8")
    assert "<strong>B</strong> 的 <a href=\"https://b.example/\">主页</a>" in text
    assert "\n**kept**\n" in text
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings if "**kept**" not in str(w)] == []
    doc = parse_html(_page(done.dest, "friends"))
    [img] = doc.find_all("img")
    assert img.attrs["src"].endswith("a.png") and img.attrs.get("alt") == "logo"
