"""The docsify importer: the fixture site under tests/fixtures/import/docsify/ (a `docs/`
folder with index.html, _sidebar.md, _navbar.md, _coverpage.md, shaped like the
Datawhale tutorials), read from its built pages; small sites written inline for what it
does not show; docsify's routes, lists and body syntax on their own."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from importbits import NOW, page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.docsify_bodies import options, tabs, tips
from lanting.importer.docsify_config import read_settings
from lanting.importer.docsify_sidebar import list_entries, route_files, split_route
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf

FIXTURE = Path(__file__).parent / "fixtures" / "import" / "docsify"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    dest = tmp_path_factory.mktemp("docsify") / "site"
    imported = import_site(FIXTURE, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def _ctx(text: str = "") -> Context:
    return Context(Report(Path("/src"), "docsify"), Path("/src/x.md"), text)


# --- the fixture site --------------------------------------------------------------------


def test_a_docs_folder_with_a_docsify_index_html_is_a_docsify_site(tmp_path: Path) -> None:
    assert detect(FIXTURE) == "docsify"
    assert detect(FIXTURE / "docs") == "docsify"
    # (docsify only in a comment: not a docsify site)
    write_files(tmp_path, {"docs/index.html": "<!-- <script>window.$docsify = {}</script> "
                                              "-->\n<p>hi</p>\n"})
    with pytest.raises(Exception, match="docsify"):
        detect(tmp_path)


def test_index_html_becomes_lanting_toml(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"]) == ("梯度下降笔记", "zh-CN")
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/example/gd-notes"}]
    # _navbar.md: a line with a list under it is a drop-down of the list's links
    assert config["menu"] == [
        {"name": "首页", "url": "/"},
        {"name": "章节", "children": [{"name": "梯度下降", "url": "/gd/"},
                                      {"name": "动量", "url": "/chapter2/"}]},
        {"name": "GitHub", "url": "https://github.com/example/gd-notes"}]


def test_the_home_page_has_the_cover_the_readme_and_the_sidebar(
        site: tuple[Imported, Path]) -> None:
    _imported, out = site
    home = page(out, "/")
    text = home.text()
    assert text.index("从最速下降到 Adam") < text.index("欢迎") < text.index("目录")
    assert "f5f7fa" not in text  # (the cover's background colour)
    # (a cover's `#link` scrolled to the home page's heading below it)
    assert "/#欢迎" in [unquote(a["href"]) for a in home.find_all("a")]
    assert any(i.get("src") == "/_media/logo.png" for i in home.find_all("img"))
    main = home.one("main")
    contents = next(u for u in main.find_all("ul") if "基础" in u.text())  # (目录's)
    links = [a["href"] for a in contents.find_all("a")]
    assert links == ["/gd/", "/exercises/", "/chapter2/", "https://example.org/refs"]
    assert [b.text() for b in contents.find_all("strong")] == ["基础", "进阶"]
    assert "已删除的一章" not in contents.text()  # (its file is gone: reported)
    assert "callout-tip" in " ".join(c for e in home.find_all("div") for c in e.classes)


def test_pages_follow_the_sidebar_with_previous_and_next_links(
        site: tuple[Imported, Path]) -> None:
    _imported, out = site
    gd = page(out, "/gd/")
    assert gd.one("h1").text() == "梯度下降"  # ({docsify-ignore} taken out)
    nexts = [a["href"] for a in gd.find_all("a") if a.text() == "第一章 习题"]
    assert nexts == ["/exercises/"]
    middle = page(out, "/exercises/").text()
    assert "上一页" in middle and "下一页" in middle and "第二章 动量方法" in middle
    assert "下一页" not in page(out, "/chapter2/").text()


def test_docsify_body_syntax_is_converted(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    gd = page(out, "/gd/")
    assert gd.find("div", class_="callout-warning") is not None
    assert len(gd.find_all("math")) >= 3
    image = gd.one("img")
    assert (image["src"], image["width"], image["height"]) == (
        "/chapter2/img/loss.png", "320", "200")
    hrefs = [unquote(a["href"]) for a in gd.find_all("a")]
    assert "/exercises/" in hrefs and "/chapter2/#_21-nesterov-加速" in hrefs
    assert "第三章" in gd.text() and not any("chapter3" in h for h in hrefs)
    assert [e.text() for e in gd.find_all(class_="tab-label")] == ["PyTorch", "JAX"]
    code = " ".join(e.text() for e in gd.find_all("pre"))
    assert "loss.backward()" in code  # (the embedded code file)
    assert "本笔记的代码都在" in gd.text()  # (the embedded Markdown file)


def test_headings_have_docsify_ids_and_dead_fragments_are_text(
        site: tuple[Imported, Path]) -> None:
    imported, out = site
    momentum = page(out, "/chapter2/")
    assert "_21-nesterov-加速" in momentum.ids()  # (`?id=` links name docsify's ids)
    hrefs = [unquote(a["href"]) for a in momentum.find_all("a")]
    assert "#_21-nesterov-加速" in hrefs and "#no-such-heading" not in hrefs
    assert "失效的链接" in momentum.text()
    assert "docs/chapter2/README.md:11: warning: link `#no-such-heading`" in \
        report_of(imported)


def test_files_and_pages_out_of_the_sidebar(site: tuple[Imported, Path]) -> None:
    imported, out = site
    assert (out / "_media" / "slides.pdf").is_file()  # (a link with ':ignore')
    assert "草稿" in page(out, "/scratch/").text()
    written = set(imported.files) | set(imported.copies)
    assert not any("_sidebar" in p or "_navbar" in p or "common.md" in p for p in written)


def test_the_report_names_what_was_not_converted(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    report = report_of(imported)
    assert "docs/_sidebar.md:9: warning: sidebar link `chapter9/gone`" in report
    assert "docs/chapter2/README.md:9: warning: embed of `https://example.org/demo`" in report
    assert report.count("hash routes") == 1
    assert "ffffff" not in report  # (a link in a comment was never shown)
    assert "docs/scratch.md: notice: not in the sidebar" in report


# --- small sites -------------------------------------------------------------------------


KATEX = '<script src="//cdn.jsdelivr.net/npm/docsify-katex@latest/dist/docsify-katex.js">'


def _docsify(tmp_path: Path, config: str, files: dict[str, str | bytes],
             scripts: str = "") -> Imported:
    write_files(tmp_path / "src", {
        "index.html": f"<script>window.$docsify = {{{config}}}</script>\n"
                      '<script src="//cdn.jsdelivr.net/npm/docsify/lib/docsify.min.js">'
                      f"</script>\n{scripts}", **files})
    return import_site(tmp_path / "src", tmp_path / "out", None, False, NOW)


def test_history_mode_paths_are_kept(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "name: 'N', routerMode: 'history', loadSidebar: true", {
        "README.md": "# Home\n", "_sidebar.md": "- [Intro](guide/intro)\n",
        "guide/intro.md": "# Intro\n\nText.\n", "guide/README.md": "# Guide\n"})
    build(imported.dest, BuildOptions())
    out = imported.dest / "public"
    assert "/intro/" in (out / "guide" / "intro" / "index.html").read_text(encoding="utf-8")
    assert (out / "guide" / "index.html").is_file()
    assert "hash routes" not in report_of(imported)


def test_relative_path_links_resolve_from_the_page(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "relativePath: true", {
        "README.md": "# Home\n", "a/one.md": "# One\n\n[two](two)\n",
        "a/two.md": "# Two\n"})
    assert "[two](two.md)" in imported.files["content/pages/one.md"]


def test_a_link_to_no_page_keeps_its_text(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "", {
        "README.md": "# Home\n", "guide.md": "# Guide\n\nSee [the list](awesome?id=x).\n"})
    assert "See the list." in str(imported.files["content/pages/guide.md"])
    assert "guide.md:3: warning: link `awesome?id=x` leads to no page" in \
        report_of(imported)


def test_two_files_of_one_name_get_their_folders(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "loadSidebar: true", {
        "README.md": "# Home\n", "_sidebar.md": "- [A](a/notes)\n- [B](b/notes)\n",
        "a/notes.md": "# A\n", "b/notes.md": "# B\n"})
    assert {"content/pages/a-notes.md", "content/pages/b-notes.md"} <= set(imported.files)


# --- the parts on their own ----------------------------------------------------------------


def test_settings_are_read_without_comments(tmp_path: Path) -> None:
    write_files(tmp_path, {"index.html": """<script>
  window.$docsify = {
    name: 'Notes', // the title
    // loadNavbar: true,
    loadSidebar: 'toc',
    coverpage: true,
    subMaxLevel: 3,
    themeable: { readyTransition: true },
    markdown: myRenderer,
    alias: {'/.*/_sidebar.md': '/_sidebar.md'},
  }
</script>
<!-- <script src="//cdn.jsdelivr.net/npm/docsify-mathjax"></script> -->
<script src="//cdn.jsdelivr.net/npm/docsify-katex@latest/dist/docsify-katex.js"></script>
"""})
    settings = read_settings(tmp_path)
    assert (settings.name, settings.sidebar, settings.navbar, settings.coverpage) == (
        "Notes", "toc.md", "", "_coverpage.md")
    assert settings.alias == {"/.*/_sidebar.md": "/_sidebar.md"}
    # (an object or a number is a value; a variable is code, named in a notice)
    assert settings.plugins == {"katex"} and settings.code_values == ["markdown"]


def test_routes_name_files(tmp_path: Path) -> None:
    assert split_route("#/guide/intro?id=setup") == ("/guide/intro", "setup")
    assert split_route("#setup") == ("", "setup")
    assert split_route("a/b.md#x") == ("a/b.md", "x")
    root = tmp_path
    assert route_files(root, "guide/", None)[0] == root / "guide" / "README.md"
    assert route_files(root, "/guide/intro", None)[0] == root / "guide" / "intro.md"
    assert route_files(root, "two", root / "a")[0] == root / "a" / "two.md"


def test_list_entries_keep_depth_and_sections() -> None:
    entries = list_entries("<!-- x -->\n* Part\n  * [One](one.md \"t\")\n    - [Two](two)\n"
                           "  * [Not written yet]\n")
    assert [(e.title, e.link, e.depth) for e in entries] == [
        ("Part", "", 0), ("One", "one.md", 1), ("Two", "two", 2),
        ("Not written yet", "", 1)]


def test_tips_tabs_and_options() -> None:
    shelf = Shelf()
    assert tips("?> a tip\nmore\n\nnext", shelf, _ctx()) .startswith(
        "\n\n> [!TIP]\n> a tip\n> more")
    made = tabs("<!-- tabs:start -->\n<!-- tab:One -->\nx\n<!-- tab:Two -->\ny\n"
                "<!-- tabs:end -->", _ctx())
    assert "::: tabs\n@tab One\n\nx\n\n@tab Two\n\ny" in made
    assert options("![a](x.png ':size=50')", _ctx()) == '![a](x.png){ width="50" }'
    assert options("[a](x ':ignore Title')", _ctx()) == '[a](x "Title")'
    assert options("[a](x ':disabled')", _ctx()) == "a"
    assert options('[a](x "plain title")', _ctx()) == '[a](x "plain title")'


def test_a_name_of_only_an_image_gives_the_page_title(tmp_path: Path) -> None:
    write_files(tmp_path / "src", {
        "index.html": "<title>Optim Notes</title>\n<script>window.$docsify = "
                      "{name: '<img src=\\'logo.png\\'>', homepage: 'intro.md'}</script>\n",
        "guide.md": "# Guide\n"})
    imported = import_site(tmp_path / "src", tmp_path / "out", None, False, NOW)
    config = tomllib.loads(str(imported.files["lanting.toml"]))
    assert config["title"] == "Optim Notes"
    assert "no home page `intro.md`" in report_of(imported)


def test_an_embedded_code_file_takes_the_language_it_is_given(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "", {
        "README.md": "# Home\n", "guide.md": "# Guide\n\n"
        "[](snippets/Field.cs ':include :type=code csharp')\n\n"
        "[](snippets/reduce.cpp ':include :type=code :fragment=sum')\n",
        "snippets/Field.cs": "var x = 1;\n",
        "snippets/reduce.cpp": "int a;\n/// [sum]\nint s = 0;\n/// [sum]\nint b;\n"})
    body = str(imported.files["content/pages/guide.md"])
    assert "```csharp\nvar x = 1;\n```" in body
    assert "```cpp\nint s = 0;\n```" in body and "int a;" not in body


def test_an_embed_in_a_code_block_is_an_example(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "", {
        "README.md": "# Home\n", "part.md": "Inlined words.\n",
        "guide.md": "# Guide\n\n```markdown\n[part](part.md ':include')\n```\n\n"
                    "[part](part.md ':include')\n"})
    body = str(imported.files["content/pages/guide.md"])
    assert "```markdown\n[part](part.md ':include')\n```" in body
    assert body.count("Inlined words.") == 1


def test_an_embed_of_the_repositorys_own_readme_by_url_is_inlined(tmp_path: Path) -> None:
    write_files(tmp_path / "repo", {
        "README.md": "# Pumpkin notes\n\nThe whole book's introduction.\n",
        "docs/index.html": "<script>window.$docsify = {name: 'P'}</script>\n",
        "docs/README.md": "[x](https://raw.githubusercontent.com/someone/notes/refs/heads/"
                          "master/README.md ':include')\n"})
    imported = import_site(tmp_path / "repo", tmp_path / "out", None, False, NOW)
    assert "The whole book's introduction." in str(imported.files["content/_index.md"])
    assert "embed of" not in report_of(imported)


def test_a_homepage_named_with_an_underscore_is_the_home_page(tmp_path: Path) -> None:
    imported = _docsify(tmp_path, "name: 'N', homepage: '_index.md'", {
        "_index.md": "# Welcome\n\nThe home page's words.\n"})
    assert "The home page's words." in str(imported.files["content/_index.md"])


def test_a_quoted_formula_on_unmarked_lines_stays_in_the_quote(tmp_path: Path) -> None:
    """`> $$` with the formula's lines and its closing `$$` unmarked (a solutions
    manual's quoted definitions: marked read them as lazy lines of the quote): they are
    quoted, so the formula renders in the quote and the next ones stay in step."""
    imported = _docsify(tmp_path, "name: 'N'", {"README.md": (
        "# Home\n\n> 感知机的定义：\n> $$\nf(x)=\\text{sign}(w \\cdot x + b)\n$$\n"
        "> 其中$w$是权值。\n\n- 显示：\n$$\n% 一个注释\ny = 2\n$$\n\n"
        "**解答：**  \n第一步\n")}, KATEX)
    body = str(imported.files["content/_index.md"])
    assert "> $$\n> f(x)=\\text{sign}(w \\cdot x + b)\n> $$\n> 其中" in body
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    home = page(imported.dest / "public", "/")
    quote = home.one("blockquote")
    assert quote.one("div", class_="math-display").find("math") is not None
    assert "$" not in home.one("main").text()
    # (two spaces ending a line were a line break: tidying stripped them)
    assert "**解答：**\\\n第一步" in body
    assert any(p.find("br") is not None and "第一步" in p.text()
               for p in home.find_all("p"))


def test_a_site_that_loaded_mermaid_draws_its_diagrams(tmp_path: Path) -> None:
    """docsify-mermaid drew the ```` ```mermaid ```` blocks (a Datawhale NLP course's
    model diagrams); the new site showed their code, with a warning on every page."""
    write_files(tmp_path / "src", {
        "index.html": "<script>window.$docsify = {name: 'N'}</script>\n"
                      '<script src="//cdn.jsdelivr.net/npm/mermaid/dist/mermaid.min.js">'
                      '</script>\n<script src="//unpkg.com/docsify-mermaid@2/dist/'
                      'docsify-mermaid.js"></script>\n',
        "README.md": "# Home\n\n```mermaid\ngraph LR\n  A --> B\n```\n"})
    imported = import_site(tmp_path / "src", tmp_path / "out", None, False, NOW)
    config = tomllib.loads(str(imported.files["lanting.toml"]))
    assert config["markdown"]["mermaid"].startswith("https://")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert page(imported.dest / "public", "/").find("pre", class_="mermaid") is not None


def test_an_image_above_the_site_folder_is_found_at_its_root(tmp_path: Path) -> None:
    """`../figs/a.png` on a page of `docs/` (and `<img src="../figs/b.png">`), with the
    images in `docs/figs/` (a Datawhale RL library's docs): a browser drops the `..`
    that climb above a site's root, so `docsify serve docs` showed them (and the site's
    own hook rewrote `../figs` for GitHub Pages); the build failed on each."""
    write_files(tmp_path / "repo", {
        "docs/index.html": "<script>window.$docsify = {name: 'N'}</script>\n",
        "docs/README.md": "# Home\n\n![mdp](../figs/a.png)\n\n"
                          '<div align=center><img width="300" src="../figs/b.png"/></div>\n',
        "docs/figs/a.png": png(8, 8), "docs/figs/b.png": png(8, 8)})
    imported = import_site(tmp_path / "repo", tmp_path / "out", None, False, NOW)
    assert "not found" not in report_of(imported)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    sources = [i.get("src") for i in page(imported.dest / "public", "/").find_all("img")]
    assert sources == ["/figs/a.png", "/figs/b.png"]


def test_sub_folder_sidebars_an_alias_sends_to_the_root_one_are_not_read(
        tmp_path: Path) -> None:
    """`alias: {'/.*/SUMMARY.md': '/SUMMARY.md'}` with a GitBook book's own SUMMARY.md in
    each folder (an AI course's translated books): docsify showed the root's sidebar on
    every page, but the import read the books' too, and warned of 239 links "to no
    Markdown file" (written from their folder, resolved from the root, and named as the
    root sidebar's lines)."""
    imported = _docsify(tmp_path, "loadSidebar: 'SUMMARY.md', alias: {'/.*/SUMMARY.md': "
                        "'/SUMMARY.md'}", {
                            "README.md": "# Home\n",
                            "SUMMARY.md": "+ [书](docs/da/README.md)\n"
                                          "    + [一](docs/da/001.md)\n",
                            "docs/da/SUMMARY.md": "+ [书](README.md)\n+ [一](001.md)\n",
                            "docs/da/README.md": "# 书\n", "docs/da/001.md": "# 一\n"})
    report = report_of(imported)
    assert "leads to no Markdown file" not in report
    assert "1 sidebar(s) of sub-folders never shown" in report


def test_a_dead_link_of_a_sub_folder_sidebar_is_named_at_its_line(tmp_path: Path) -> None:
    """A sub-folder's sidebar's dead link was reported as a line of the root's sidebar
    (the line number of the other file): the report sent the reader to the wrong file."""
    imported = _docsify(tmp_path, "loadSidebar: true", {
        "README.md": "# Home\n", "_sidebar.md": "- [Guide](guide/)\n",
        "guide/README.md": "# Guide\n",
        "guide/_sidebar.md": "- [Guide](guide/)\n- [Gone](guide/gone.md)\n"})
    report = report_of(imported)
    assert "guide/_sidebar.md:2: warning: sidebar link `guide/gone.md`" in report


def test_note_links_lead_to_pages_or_stay_text(tmp_path: Path) -> None:
    """`- [[meta_prompts]]` in a docsify page (notes kept in Obsidian): docsify showed it
    as written; Lanting read a link to `meta_prompts.md`, which the import had renamed,
    and the build failed. One naming a page leads to it; any other stays text."""
    imported = _docsify(tmp_path, "name: 'N'", {
        "README.md": "# Home\n",
        "pe/thoughts.md": "# Thoughts\n\n- [[meta_prompts]]\n- [[gone note]]\n\n"
                          "$A[[1]]$ stays math.\n",
        "pe/meta_prompts.md": "# Meta prompts\n"}, KATEX)
    body = str(imported.files["content/pages/thoughts.md"])
    assert "\\[\\[gone note\\]\\]" in body and "$A[[1]]$" in body
    assert "`[[gone note]]` names no page" in report_of(imported)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    links = [a["href"] for a in page(imported.dest / "public", "/thoughts/").find_all("a")]
    assert "/meta-prompts/" in links


def test_the_footer_file_is_the_footers_line(tmp_path: Path) -> None:
    """`loadFooter: true` (@alertbox/docsify-footer) showed `_footer.md` under every page
    (a credits line with links, `&copy;`): it was left out as a file of docsify's own.
    It is the footer's line, as text."""
    imported = _docsify(tmp_path, "loadFooter: true", {
        "README.md": "# Home\n",
        "_footer.md": ("Maintained by [Robin](https://example.org/), &copy;2017 - 2025. "
                       "Powered by **docsify**.\n")})
    config = tomllib.loads(str(imported.files["lanting.toml"]))
    assert config["copyright"] == "Maintained by Robin, ©2017 - 2025. Powered by docsify."
    assert "_footer.md: notice" not in report_of(imported)


def test_links_by_reference_lead_to_the_new_pages(tmp_path: Path) -> None:
    """`[梯度]` with `[梯度]: gd/sgd.md` under the text (marked reads links by
    reference, and docsify routed them): the definition kept the old path, a broken
    link of the build. Its URL is the page's; one naming no page is its text."""
    imported = _docsify(tmp_path, "name: 'N'", {
        "README.md": "# 首页\n\n先读[梯度]，再读[旧章][old]。\n\n[梯度]: gd/sgd.md\n"
                     "[old]: gone.md\n",
        "gd/sgd.md": "# 随机梯度下降\n\n步长。\n"})
    assert [w.message for w in imported.report.warnings if "hash routes" not in
            w.message] == ["link `gone.md` leads to no page or file of the site: its "
                           "text kept, without the link"]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings if "hash routes" not in str(w)] == []
    main = page(imported.dest / "public", "/").one("main")
    assert [a.attrs["href"] for a in main.find_all("a")] == ["/sgd/"]
    assert "再读旧章。" in main.text()


def test_dollars_without_a_math_plugin_are_text(tmp_path: Path) -> None:
    """A site loading no math plugin showed `$` as written: MongoDB's `{$sum: "$likes"}`
    in a table, a price; Lanting read them as formulas, and the build failed on each
    row. They are escaped, with a notice; code keeps its own."""
    imported = _docsify(tmp_path, "name: 'N'", {"README.md": (
        "# 聚合\n\n| 表达式 | 实例 |\n| --- | --- |\n"
        "| $sum | db.c.aggregate([{$group : {_id : \"$by_user\", n : {$sum : 1}}}]) |\n\n"
        "价格 $5 到 $10。\n\n`{$gt: 20}`\n")})
    assert "no math plugin loaded" in report_of(imported)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    text = page(imported.dest / "public", "/").one("main").text()
    assert '{$group : {_id : "$by_user"' in text and "价格 $5 到 $10。" in text
    assert "{$gt: 20}" in text


def test_settings_in_a_script_of_the_sites_own_are_read(tmp_path: Path) -> None:
    """`window.$docsify = {…}` written in `js/config.js`, which `index.html` loads (a
    notes site's): not read, so docsify's defaults were taken, with a warning, and its
    `homepage: "_home.md"` was no page (a name starting with `_`). A script from another
    host, or outside the site, is not read."""
    write_files(tmp_path, {
        "index.html": (
            "<!DOCTYPE html><html><head><title>x</title></head><body><div id=\"app\"></div>"
            "\n<script src=\"//cdn.jsdelivr.net/npm/docsify@4/lib/docsify.min.js\"></script>"
            "\n<script src=\"js/config.js?v=2\"></script>\n<script src=\"../out.js\"></script>"
            "\n</body></html>\n"),
        "js/config.js": ("window.$docsify = {\n  name: '算法笔记',\n  loadSidebar: true,\n"
                         "  homepage: '_home.md',\n};\n"),
        "../out.js": "window.$docsify = { name: '别处' };\n",
        "_home.md": "# 算法笔记\n\n首页。\n",
        "_sidebar.md": "- [排序](sort.md)\n",
        "sort.md": "# 排序\n\n快排。\n",
    })
    settings = read_settings(tmp_path)
    assert settings.found and settings.name == "算法笔记"
    assert (settings.homepage, settings.sidebar) == ("_home.md", "_sidebar.md")
    dest = tmp_path.parent / "new"
    report = report_of(import_site(tmp_path, dest, None, False, NOW))
    assert "no `window.$docsify" not in report
    build(dest, BuildOptions())
    assert "首页。" in page(dest / "public", "/").one("main").text()


def test_docsify_loaded_as_its_package_alone_is_docsify(tmp_path: Path) -> None:
    """`<script src="//cdn.jsdelivr.net/npm/docsify@4">` (docsify's quick start: the CDN
    serves the package's main file) with the settings in a script of the site's own: the
    site was taken for a plain folder of notes, its sidebar, tabs and `?id=` links lost
    (762 build errors on a notes site). A `?id=` naming no heading of the page it leads
    to went to that page's top in docsify; it failed the build ("no anchor")."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/index.html": (
            "<!DOCTYPE html><html><head><title>x</title></head><body><div id=\"app\"></div>"
            "\n<script src=\"public/js/main.js\"></script>"
            "\n<script src=\"https://cdn.jsdelivr.net/npm/docsify@4\"></script>"
            "\n<script src=\"https://cdn.jsdelivr.net/npm/docsify-copy-code@2\"></script>"
            "\n</body></html>\n"),
        "docs/public/js/main.js": ("window.$docsify = {\n  name: 'CSS 手册',\n"
                                   "  loadSidebar: true,\n};\n"),
        "docs/README.md": ("# CSS 手册\n\n见[长度](css/length.md?id=length)与"
                           "[整数](css/numeric?id=整数)。\n"),
        "docs/_sidebar.md": "- [长度](css/length.md)\n- [数值](css/numeric.md)\n",
        "docs/css/length.md": "# 长度值与单位\n\n?> _TODO_\n",
        "docs/css/numeric.md": "# 数值\n\n## 整数\n\n没有小数部分。\n",
    })
    assert detect(source) == "docsify"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[长度](pages/length.md)" in home and "[整数](pages/numeric.md#整数)" in home
    [warning] = [e.message for e in imported.report.warnings if "length" in e.message]
    assert "no heading or anchor `#length` on that page" in warning
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_headings_own_id_is_its_id(tmp_path: Path) -> None:
    """`## MD001 :id=md001` (docsify's own id of a heading, a lint rules page): shown
    as written, with an id of its text, and every link to `#md001`, from the page and
    from others, failed the build. It is `{#md001}`; a fence keeps its lines."""
    source = tmp_path / "rules"
    write_files(source, {
        "index.html": ("<script>window.$docsify = { loadSidebar: true }</script>\n"
                       "<script src=\"//cdn.jsdelivr.net/npm/docsify@4\"></script>\n"),
        "README.md": "# 规则\n\n见 [MD001](lint.md?id=md001)。\n",
        "_sidebar.md": "- [规则](lint.md)\n",
        "lint.md": ("# MarkdownLint\n\n## MD001 :id=md001\n\n标题逐级。见 [下一条](#md002)。\n\n"
                    "## MD002 :id=md002\n\n```md\n## kept :id=x\n```\n"),
    })
    dest = tmp_path / "new"
    imported = import_site(source, dest, None, False, NOW)
    assert imported.report.warnings == [] or all(
        "hash routes" in e.message for e in imported.report.warnings)
    text = (dest / "content" / "pages" / "lint.md").read_text(encoding="utf-8")
    assert "## MD001 {#md001}" in text and "## kept :id=x" in text
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    doc = page(dest / "public", "/lint/").one("main")
    assert [h.get("id") for h in doc.find_all("h2")][:2] == ["md001", "md002"]


def test_sidebars_named_without_an_underscore_are_no_pages(tmp_path: Path) -> None:
    """`loadSidebar: 'sidebar.md'`, `loadNavbar: 'navbar.md'`: docsify loads the
    `sidebar.md` of each page's folder as its sidebar. Named without `_`, each one (24
    on a notes site) was imported as a page of links besides."""
    source = tmp_path / "notes"
    write_files(source, {
        "index.html": ("<script>window.$docsify = { loadSidebar: 'sidebar.md',\n"
                       "  loadNavbar: 'navbar.md' }</script>\n"
                       "<script src=\"//cdn.jsdelivr.net/npm/docsify@4\"></script>\n"),
        "README.md": "# 笔记\n",
        "sidebar.md": "- [Git](git/)\n",
        "navbar.md": "- [首页](/)\n",
        "git/README.md": "# Git\n\n分支。\n",
        "git/sidebar.md": "- [Git](git/)\n",
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (imported.dest / "content" / "pages").iterdir())
    assert pages == ["git.md"]


def test_a_sidebar_link_to_a_heading_is_no_pages_title(tmp_path: Path) -> None:
    """The sidebar lists a rules page by its rules, `[MD001](/lint/#md001)`, and the page
    opens with a breadcrumb line above its `# MarkdownLint`: the page was titled
    `MD001`, the first rule. A link naming a heading gives no title; the `# ` heading
    under the breadcrumb does."""
    source = tmp_path / "rules"
    write_files(source, {
        "index.html": ("<script>window.$docsify = { loadSidebar: true }</script>\n"
                       "<script src=\"//cdn.jsdelivr.net/npm/docsify@4\"></script>\n"),
        "README.md": "# 笔记\n",
        "_sidebar.md": "- [MD001](/lint/?id=md001)\n- [MD002](/lint/?id=md002)\n",
        "lint/README.md": ("[首页](/) / [规则](/lint/)\n\n# MarkdownLint\n\n"
                           "```sh\n# run it\n```\n\n## MD001\n\n逐级。\n\n## MD002\n\n首行。\n"),
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "pages" / "lint.md").read_text(encoding="utf-8")
    assert text.startswith('---\ntitle: MarkdownLint\n')


def test_sidebar_entries_naming_a_pages_headings_lead_to_them(tmp_path: Path) -> None:
    """A page's sections listed under it in the sidebar, `[快速 开始](guide/setup?id=快速-开始)`,
    scrolled docsify to that heading: in the contents list on the home page each leads
    to its heading's id now (it led to the page's top), `notes-1` to the second `Notes`;
    one naming no heading there goes to the page's top, with a warning at its line."""
    imported = _docsify(tmp_path, "name: 'Wiki', loadSidebar: true", {
        "README.md": "# Wiki\n\nWelcome.\n",
        "_sidebar.md": "- [Setup](guide/setup.md)\n"
                       "  - [快速 开始](guide/setup?id=快速-开始)\n"
                       "  - [The API](guide/setup.md?id=The-API-v2)\n"
                       "  - [Notes again](#/guide/setup?id=notes-1)\n"
                       "  - [Gone](guide/setup?id=renamed)\n",
        "guide/setup.md": "# Setup\n\n## 快速 开始\n\nGo.\n\n## The API (v2)\n\nCall.\n\n"
                          "## Notes\n\nOne.\n\n### Notes\n\nTwo.\n",
    })
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line
                and "hash routes" not in line]
    assert warnings == ["_sidebar.md:5: warning: link `guide/setup?id=renamed`: no heading "
                        "or anchor `#renamed` on that page (a dead link of the old site): it "
                        "goes to the page's top"]
    build(imported.dest, BuildOptions())
    home = page(imported.dest / "public", "/").one("main")
    hrefs = [unquote(li.find_all("a")[0]["href"]) for li in home.find_all("li")]
    assert hrefs == ["/setup/", "/setup/#快速-开始", "/setup/#the-api-v2", "/setup/#notes-1",
                     "/setup/"]


def test_headings_with_ampersands_and_quotes_keep_docsifys_ids(tmp_path: Path) -> None:
    """docsify 4 made a heading's id from the HTML marked rendered it to, `&` already
    `&amp;` and `'` `&#39;`: `## Q & A` was `#q-amp-a`, `## What's new` `#what39s-new`,
    the ids the sidebar's and the pages' `?id=` links name. Lanting dropped the `&`
    (`q-a`): each such link was a dead link of the old site, its text kept without it,
    and the new headings had other ids than the old ones."""
    imported = _docsify(tmp_path, "name: 'Wiki', loadSidebar: true", {
        "README.md": "# Wiki\n\nSee [the Q&A](guide/faq?id=q-amp-a).\n",
        "_sidebar.md": "- [FAQ](guide/faq.md)\n  - [What's new](guide/faq?id=what39s-new)\n",
        "guide/faq.md": ("# FAQ\n\n## Q & A\n\nAsk. Then read [what is new](#what39s-new).\n\n"
                         "## What's new\n\nNews about `a<b` and \"quotes\".\n\n"
                         "## Tools &amp; <em>tips</em>\n\nUse them.\n"),
    })
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line
                and "hash routes" not in line]
    assert warnings == []
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[the Q&A](pages/faq.md#q-amp-a)" in home
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    doc = page(imported.dest / "public", "/faq/").one("main")
    assert [h.get("id") for h in doc.find_all("h2")] == ["q-amp-a", "what39s-new",
                                                        "tools-amp-tips"]


def test_a_comment_never_closed_hides_no_reading_order(tmp_path: Path) -> None:
    """A page ending in notes put away in `<!--` never closed (docsify hid them, and
    showed its pagination outside the page): the previous and next links written after
    the text were hidden with them, and the build warned of the open comment. The
    comment is closed at the page's end now; a `<!--` in code opens nothing."""
    imported = _docsify(tmp_path, "name: 'Notes', loadSidebar: true", {
        "README.md": "# Notes\n",
        "_sidebar.md": "- [One](one.md)\n- [Two](two.md)\n- [Three](three.md)\n",
        "one.md": "# One\n\n```html\n<!-- a comment\n```\n\nText.\n",
        "two.md": "# Two\n\nShown.\n\n<!--\n## Drafts\n\n    $$$1$$\n",
        "three.md": "# Three\n\nEnd.\n",
    })
    two = (imported.dest / "content" / "pages" / "two.md").read_text(encoding="utf-8")
    assert two.endswith("\n-->\n\n---\n\nPrevious: [One](one.md) · "
                        "Next: [Three](three.md)\n")
    one = (imported.dest / "content" / "pages" / "one.md").read_text(encoding="utf-8")
    assert "-->" not in one
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = page(imported.dest / "public", "/two/").one("main")
    assert "Drafts" not in main.text() and "Three" in [a.text() for a in main.find_all("a")]
