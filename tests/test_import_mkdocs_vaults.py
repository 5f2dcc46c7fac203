"""MkDocs course notes, Obsidian vaults published with MkDocs and notes sites with a blog:
cases that real sites showed the importer got wrong (each with a site of our own, shaped
like theirs)."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _page(dest: Path, name: str) -> str:
    return (dest / "public" / name / "index.html").read_text(encoding="utf-8")


def test_a_link_to_a_file_whose_name_has_spaces(tmp_path: Path) -> None:
    """`[论文](../static/Traced%20ICSE%2024.pdf)` names a file of the docs folder with
    spaces in its name; the import wrote its new path with the spaces bare, which is no
    link in Markdown: the page showed the brackets and the build warned."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/tools/reading.md": ("# 读论文\n\n- 例子见[这篇论文](../static/Traced%20ICSE%2024.pdf)"
                                  "。\n"),
        "docs/static/Traced ICSE 24.pdf": "%PDF-1.4\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    [link] = [a for a in parse_html(_page(done.dest, "reading")).find("article").find_all("a")
              if a.text() == "这篇论文"]
    assert link.attrs["href"] == "/static/Traced%20ICSE%2024.pdf"
    assert (done.dest / "public" / "static" / "Traced ICSE 24.pdf").is_file()


def test_a_file_named_alone_is_found_by_its_name_in_a_vault(tmp_path: Path) -> None:
    """An Obsidian vault published with roamlinks writes `![vim](vim.png)` and
    `[定时任务](crontab.md)` for files kept in other folders: Obsidian, and the plugin,
    found the one file of that name. The import reported each missing and the build
    failed. A name no file has is still a warning; without a wiki-link plugin a bare
    name is looked for beside the page only, as MkDocs did."""
    files: dict[str, str | bytes] = {
        "docs/index.md": "# Vault\n",
        "docs/Linux/vim/vim 笔记.md": ("# vim\n\n![vim 常用操作](vim.png)\n\n"
                                      "见[定时任务](crontab.md)与![](gone.png)。\n"),
        "docs/Linux/vim/assets/vim.png": png(8, 8),
        "docs/Linux/Others/crontab.md": "# crontab\n\n每分钟执行一次。\n",
    }
    vault, plain = tmp_path / "vault", tmp_path / "plain"
    write_files(vault, {"mkdocs.yml": "site_name: Vault\nplugins:\n  - search\n"
                                      "  - roamlinks\n", **files})
    write_files(plain, {"mkdocs.yml": "site_name: Notes\n", **files})
    done = import_site(vault, tmp_path / "vault-new")
    assert [(w.path, w.line, w.message) for w in done.report.warnings] == [
        ("docs/Linux/vim/vim 笔记.md", 5, "image `gone.png` not found: left as written")]
    (done.dest / "content" / "pages" / "vim-笔记.md").write_text(
        (done.dest / "content" / "pages" / "vim-笔记.md").read_text(encoding="utf-8")
        .replace("![](gone.png)", ""), encoding="utf-8")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "vim-笔记")).find("article")
    [img] = article.find_all("img")
    assert img.attrs["src"].endswith("vim.png")
    assert [a.attrs["href"] for a in article.find_all("a") if a.text() == "定时任务"] == [
        "/crontab/"]
    done = import_site(plain, tmp_path / "plain-new")
    assert [w.message.split(" ")[1] for w in done.report.warnings] == [
        "`vim.png`", "`crontab.md`", "`gone.png`"]


def test_a_toc_block_written_as_a_markdown_list(tmp_path: Path) -> None:
    """A fork of the toc plugin reads a Markdown list of links between `{{ begin_toc }}`
    and `{{ end_toc }}`, its pages indented with tabs; the import read it as the hook's
    YAML, which it is not, and left the block as written: the build warned of the
    markers on each of 16 index pages. The list stays, without the markers."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: CTF\nplugins:\n  - search\n  - toc\n",
        "docs/index.md": "# CTF\n",
        "docs/web/index.md": ("# Web\n\n{{ begin_toc }}\n\n- [web]\n\t- [SQL 注入](sqli.md)\n"
                              "\t- [文件上传](upload.md)\n\n{{ end_toc }}\n"),
        "docs/web/sqli.md": "# SQL 注入\n",
        "docs/web/upload.md": "# 文件上传\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    # (its lists are carried over: the plugin is not named among those left out)
    assert not [e for e in done.report.entries if "left out" in e.message
                and "`toc`" in e.message]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "web")).find("article")
    assert "_toc" not in article.text() and "{{" not in article.text()
    [outer] = [ul for ul in article.find_all("ul") if "[web]" in ul.text()]
    assert [a.attrs["href"] for a in outer.find_all("a")] == ["/sqli/", "/upload/"]


def test_a_link_to_a_heading_by_its_text(tmp_path: Path) -> None:
    """Notes written in Obsidian link to a heading of another page by its text,
    `[流水线](pipeline.md#Linear%20and%20nonlinear%20pipeline)`, `[题解](misc.md#Moejail)`;
    no id MkDocs made matched (the browser showed the page's top) and Lanting failed the
    build on each. Such a fragment is the id of the heading it names; an id MkDocs made
    (`#_1`) stays, and one naming no heading is left for the build to report."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/arch/pipeline.md": "# 流水线\n\n## Linear and nonlinear pipeline\n\n正文。\n",
        "docs/ctf/misc.md": "# MISC\n\n## Moejail\n\n沙箱逃逸。\n\n## 附录 {#appendix}\n",
        "docs/arch/hazard.md": (
            "# 冒险\n\n见 [流水线](pipeline.md#Linear%20and%20nonlinear%20pipeline)、"
            "[题解](../ctf/misc.md#Moejail)、[附录](../ctf/misc.md#appendix)与"
            "[首节](pipeline.md#_1)。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    links = {a.text(): a.attrs["href"] for a in
             parse_html(_page(done.dest, "hazard")).find("article").find_all("a")}
    assert links == {"流水线": "/pipeline/#linear-and-nonlinear-pipeline",
                     "题解": "/misc/#moejail", "附录": "/misc/#appendix",
                     "首节": "/pipeline/#_1"}


def test_markdown_right_after_an_html_blocks_closing_tag(tmp_path: Path) -> None:
    """`</div>` with `## Icons` on the next line: Python-Markdown ends the HTML block at
    its closing tag and reads the heading; CommonMark's block runs on to a blank line,
    and the heading showed as its `##` text (with a build warning)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - md_in_html\n",
        "docs/index.md": "# Notes\n",
        "docs/begin.md": ("# 入门\n\n<div class=\"grid cards\" markdown>\n\n- **卡片** 内容\n\n"
                          "</div>\n## 图标与表情\n正文。\n\n<div align=\"center\">\n图\n</div>\n"
                          "<p>段落</p>\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "begin")).find("article")
    assert [h.text() for h in article.find_all("h2")] == ["图标与表情"]
    assert "##" not in article.text()


def test_obsidian_admonition_fences_on_a_site_with_obsidian_support(tmp_path: Path) -> None:
    """```` ```ad-note ```` with `title:` and `collapse:` lines (the Obsidian Admonition
    plugin's), which the site's obsidian-support plugin made admonitions of: they were
    code blocks of an unknown language `ad-note`. They are admonitions; one shown inside
    another code block stays as written, and so does every one on a site without the
    plugin."""
    page = ("# 物理\n\n```ad-note\ntitle: 受力分析 $F=ma$\ncollapse: open\n\n先画受力图。\n\n"
            "```python\nprint(1)\n```\n```\n\n````markdown\n```ad-tip\n示例\n```\n````\n")
    with_plugin, without = tmp_path / "with", tmp_path / "without"
    write_files(with_plugin, {"mkdocs.yml": ("site_name: N\nplugins:\n  - search\n"
                                             "  - obsidian-support\nmarkdown_extensions:\n"
                                             "  - pymdownx.arithmatex\n"),
                              "docs/index.md": "# N\n", "docs/physics.md": page})
    write_files(without, {"mkdocs.yml": "site_name: N\n", "docs/index.md": "# N\n",
                          "docs/physics.md": page.replace("```python\nprint(1)\n```\n", "")})
    done = import_site(with_plugin, tmp_path / "with-new")
    assert done.report.warnings == []
    assert "obsidian-support" not in "".join(e.message for e in done.report.entries
                                             if "left out" in e.message)
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "physics")).find("article")
    [callout] = article.find_all(class_="callout")
    assert "受力分析" in callout.text() and callout.find("math") is not None
    assert "先画受力图。" in callout.text() and "print(1)" in callout.find("pre").text()
    assert any("```ad-tip" in pre.text() for pre in article.find_all("pre"))
    done = import_site(without, tmp_path / "without-new")
    build(done.dest, BuildOptions())
    article = parse_html(_page(done.dest, "physics")).find("article")
    assert article.find(class_="callout") is None


def test_posts_of_mkdocs_blogging_plugin(tmp_path: Path) -> None:
    """mkdocs-blogging-plugin lists the pages of its `dirs` (and its categories') as
    posts, dated by `time` under `meta_time_format` (else by their first commit); the
    import made pages of them and left `{{ blog_content }}` as written. They are posts
    at their old URLs (`exclude_from_blog: true` a page), the list's placeholder is left
    out with a notice, and a post without a date is a warning saying where it came from."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: 笔记\nplugins:\n  - search\n  - blogging:\n"
                       "      dirs:\n        - blog\n      meta_time_format: '%Y-%m-%d %H:%M'\n"
                       "      categories:\n        - name: review\n          dirs:\n"
                       "            - review\n"),
        "docs/index.md": "# 笔记\n\n[最新文章](blog/index.md)\n",
        "docs/blog/index.md": "# 博客\n\n{{ blog_content }}\n",
        "docs/review/index.md": "# 回顾\n\n每年一篇。\n\n{{ blog_content review }}\n",
        "docs/blog/cuda-graph.md": ("---\ntitle: CUDA Graph 初探\ntime: 2023-4-13 00:48\n"
                                    "tags: [cuda]\n---\n\n减少启动开销 $O(1)$。\n"),
        "docs/blog/about.md": "---\nexclude_from_blog: true\n---\n\n# 关于\n\n本站。\n",
        "docs/review/2023.md": "# 年终回顾\n\n回顾。\n",
        "docs/notes/rl.md": "# 强化学习\n\n见[初探](../blog/cuda-graph.md)。\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.counts["posts"] == 2
    assert [(w.path, w.message.split(" (")[0]) for w in done.report.warnings] == [
        ("docs/review/2023.md", "no date Lanting can read")]
    assert "first commit" in done.report.warnings[0].message
    assert [e.path for e in done.report.entries if "blog's index" in e.message] == [
        "docs/blog/index.md"]
    assert [e.path for e in done.report.entries if "{{ blog_content }}" in e.message] == [
        "docs/review/index.md"]
    posts = sorted(p.name for p in (done.dest / "content" / "posts").iterdir())
    assert posts == ["2023.md", "cuda-graph.md"]
    post = (done.dest / "content" / "posts" / "cuda-graph.md").read_text(encoding="utf-8")
    assert "date: 2023-04-13" in post and '"/blog/cuda-graph/"' in post
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    listing = parse_html(_page(done.dest, "blog"))
    assert "CUDA Graph 初探" in listing.text()
    home = parse_html((done.dest / "public" / "index.html").read_text(encoding="utf-8"))
    assert [a.attrs["href"] for a in home.find_all("a") if a.text() == "最新文章"] == [
        "/blog/"]
    review = parse_html(_page(done.dest, "review")).find("article")
    assert "blog_content" not in review.text() and "每年一篇。" in review.text()
    assert (done.dest / "public" / "about" / "index.html").is_file()


def test_the_changelog_plugins_years_are_lists(tmp_path: Path) -> None:
    """The changelog plugin put a year's entries of `docs/changelog.yml` where a page
    wrote `{{ 2024 }}`; the import left the placeholder, shown as written (with a build
    warning). It is that year's list, its links leading to the pages, one written with
    the site's path (`/notes/ctf/` on a site at `…/notes/`) too."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: N\nsite_url: https://ctf-notes.github.io/notes/\nplugins:\n"
                       "  - search\n  - changelog\n"),
        "docs/index.md": "# N\n",
        "docs/ctf/index.md": "# CTF\n",
        "docs/changelog.md": "---\nchangelog: true\n---\n\n# 更新记录\n\n## 2024\n\n{{ 2024 }}\n",
        "docs/changelog.yml": ("- \"2024\":\n    - \"10-09\":\n        - newpage:\n"
                               "            text: CTF\n            href: /notes/ctf/\n"
                               "        - function: 加入评论区\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    assert not [e for e in done.report.entries if "plugins with no Lanting counterpart"
                in e.message and "`changelog`" in e.message]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "changelog")).find("article")
    assert "{{" not in article.text()
    assert [li.text().strip() for li in article.find_all("li")][1:] == [
        "新页面：CTF", "功能：加入评论区"]
    assert [a.attrs["href"] for a in article.find_all("a") if a.text() == "CTF"] == [
        "/notes/ctf/"]
    page = (done.dest / "content" / "pages" / "changelog.md").read_text(encoding="utf-8")
    assert "[CTF](ctf.md)" in page  # (the page's file, found through the site's path)


def test_an_icon_left_out_takes_its_space_with_it(tmp_path: Path) -> None:
    """`- **:material-language-javascript: JavaScript 项目**`: the icon left out left
    `** JavaScript 项目**`, a space inside the stars, which is no bold text (its stars
    showed, with a build warning)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: N\n",
        "docs/index.md": "# N\n",
        "docs/projects.md": ("# 项目\n\n- **:material-language-javascript: JavaScript 项目**：\n"
                             "- 文中 :fontawesome-brands-github: 图标\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "projects")).find("article")
    assert [b.text() for b in article.find_all("strong")] == ["JavaScript 项目"]
    assert "文中 图标" in article.text()


def test_a_link_to_the_tags_page_leads_to_lantings(tmp_path: Path) -> None:
    """The tags plugin's index page is left out (Lanting makes /tags/); links to it,
    `[标签](tags.md)` or the browser's `/notes/tags/` on a site at `…/notes/`, were left
    as written and failed the build."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: N\nsite_url: https://ctf-notes.github.io/notes/\n"
                       "plugins:\n  - search\n  - tags\n"),
        "docs/index.md": ("---\ntags: [ctf]\n---\n\n# N\n\n"
                          "见[标签](tags.md)与[全部标签](/notes/tags/)。\n"),
        "docs/tags.md": "# 标签\n\n<!-- material/tags -->\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    home = parse_html((done.dest / "public" / "index.html").read_text(encoding="utf-8"))
    assert [a.attrs["href"] for a in home.find(class_="prose").find_all("a")
            if "标签" in a.text()] == ["/notes/tags/", "/notes/tags/"]


def test_the_changelog_plugins_file_is_where_its_option_says(tmp_path: Path) -> None:
    """`changelog: {file: changelog.yml}`: the plugin read the file beside `mkdocs.yml`
    (its path is from there; `docs/changelog.yml` only by default). The import looked in
    the docs folder alone, so `{{ 2026 }}` stayed as written, with a build warning."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: N\nplugins:\n  - search\n  - changelog:\n"
                       "      file: changelog.yml\n"),
        "docs/index.md": "# N\n",
        "docs/site/changelog.md": "---\nchangelog: true\n---\n\n# 更新记录\n\n{{ 2026 }}\n",
        "changelog.yml": ("- \"2026\":\n  - \"2026-02-12\":\n"
                          "    - \"function\": 加入页脚\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "changelog")).find("article")
    assert "{{" not in article.text()
    assert [li.text().strip() for li in article.find_all("li")][1:] == ["功能：加入页脚"]


def test_pages_of_a_folder_named_with_a_hash_keep_their_old_urls(tmp_path: Path) -> None:
    """MkDocs wrote `docs/C#/委托.md` to `/C%23/委托/`. The old URL was read as `/C#/委托/`,
    whose `#` begins a fragment: both pages were at `/C`, and the second lost its old
    URL with a warning. The file's `#` is escaped in the old URL now."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/C#/委托.md": "# 委托\n\n方法的引用。\n",
        "docs/C#/泛型.md": "# 泛型\n\n类型参数。\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    build(done.dest, BuildOptions())
    stub = (done.dest / "public" / "C#" / "泛型" / "index.html").read_text(encoding="utf-8")
    assert "url=/%E6%B3%9B%E5%9E%8B/" in stub or "url=/泛型/" in stub


def test_an_embed_names_an_image_kept_in_another_folder(tmp_path: Path) -> None:
    """A note written in Obsidian embeds `![[fig-2.png]]`, kept in a folder named after
    the note; MkDocs had no plugin for embeds. The embed was left as written, Lanting
    read it as an image beside the page, where there is none, and the build failed. The
    one file of that name in the docs folder is the image now; an embed of no file is
    shown as written, as MkDocs showed it, with a warning."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nplugins:\n  - search\n  - callouts\n",
        "docs/index.md": "# Notes\n",
        "docs/os/reading.md": "# 读书\n\n进程的状态：\n\n![[fig-2.png]]\n\n![[gone.png]]\n",
        "docs/os/reading/fig-2.png": png(8, 6),
    })
    done = import_site(source, tmp_path / "new")
    assert [e.message for e in done.report.warnings] == [
        "`![[gone.png]]` embeds no file of the docs folder (Obsidian keeps attachments the "
        "repository may not have): shown as written, as MkDocs showed it"]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    article = parse_html(_page(done.dest, "reading")).find("article")
    assert [img.attrs["src"].rsplit("/", 1)[-1] for img in article.find_all("img")] == [
        "fig-2.png"]
    assert "![[gone.png]]" in article.text()
