"""Cases real Quartz gardens showed, each a small garden written inline: a vault opened
at the repository's root, a folder named as one of Lanting's pages."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from importbits import NOW, messages, page
from sitebits import meta, png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = 'const config = { configuration: { pageTitle: "花园", locale: "zh-CN" } }\n'


def _import(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", {"quartz.config.ts": CONFIG, "content/index.md": "首页\n",
                                   **files})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_a_top_folder_named_as_a_lanting_page_leaves_that_url_to_it(tmp_path: Path) -> None:
    # (`/Blog/` and Lanting's /blog/ are one folder on macOS and Windows)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/Blog/setup.md": "---\ntags: [setup]\n---\n\n装机的笔记。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    page_text = (tmp_path / "new" / "content" / "pages" / "blog-page.md"
                 ).read_text(encoding="utf-8")
    assert "/Blog/" not in page_text.split("---")[1]
    assert any("Lanting's own /blog/" in m for m in messages(imported, "content/Blog"))
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_the_tags_folder_holds_the_tag_pages_texts(tmp_path: Path) -> None:
    """Quartz shows `content/tags/<tag>.md` above the tag's list (`tags/ml/rl.md` for
    `ml/rl`): it is the text of Lanting's tag page, not a note nor a folder of notes."""
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/装机.md": "---\ntags: [setup, ml/rl]\ndate: 2024-01-02\n---\n\n笔记。\n",
        "content/tags/setup.md": "---\ntitle: 装机\ndescription: 从零开始。\n---\n\n"
                                 "见 [[装机]]。\n",
        "content/tags/ml/rl.md": "强化学习的笔记。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert not (tmp_path / "new/content/pages/tags-page.md").exists()
    assert [m for m in messages(imported, "content/tags") if "folder" in m] == []
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    setup = page(result.output, "/tags/setup/")
    assert (setup.one("h1").text(), meta(setup, "description")) == ("装机", ["从零开始。"])
    intro = setup.one("div", class_="term-intro")
    assert unquote(intro.one("a")["href"]) == "/posts/装机/"
    rl = page(result.output, "/tags/mlrl/")
    assert rl.one("div", class_="term-intro").text().strip() == "强化学习的笔记。"
    assert [a.text() for a in rl.find_all("a") if "装机" in a.text()] == ["装机"]


def test_a_path_from_the_vaults_root_finds_the_file(tmp_path: Path) -> None:
    # (the repository opened as the vault: Obsidian writes `content/Attachments/…`)
    new = _import(tmp_path, {
        "content/Omics/测序.md": "读长分布：\n\n![](content/Attachments/slide%201.png)\n\n"
                               "见 [原图](content/Attachments/slide%201.png)。\n",
        "content/Attachments/slide 1.png": png(8, 8)})
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(result.output, "/测序/").one("div", class_="prose")
    assert body.one("img")["src"].endswith(".png")
    link = next(a for a in body.find_all("a") if a.text() == "原图")
    assert link["href"] == body.one("img")["src"]


def test_a_note_whose_name_has_a_comma_is_linked(tmp_path: Path) -> None:
    # (a paper's title as a note's name; `[[1, 2]]` in prose stays as written)
    new = _import(tmp_path, {
        "content/Robustness.md": "- [[Fooling the eye, with small changes]]\n"
                                 "- $A$ 的下标 [[1, 2]] 不是链接\n",
        "content/Fooling the eye, with small changes.md": "对抗样本。\n"})
    text = (new / "content" / "pages" / "robustness.md").read_text(encoding="utf-8")
    assert "[Fooling the eye, with small changes](fooling-the-eye-with-small-changes.md)" \
        in text
    assert "[[1, 2]]" in text


def test_a_hub_note_named_as_its_folder_behind_an_emoji_is_the_folder_page(
        tmp_path: Path) -> None:
    # (`Statistics/📈 Statistics.md`: a page and the folder's, one URL apart in case)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "见 [[📈 Statistics]]。\n",
        "content/Statistics/📈 Statistics.md": "统计学概览。\n",
        "content/Statistics/Sampling/MCMC.md": "马尔可夫链蒙特卡洛。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (tmp_path / "new" / "content" / "pages").iterdir())
    assert pages == ["mcmc.md", "sampling.md", "statistics.md"]
    hub = (tmp_path / "new" / "content" / "pages" / "statistics.md").read_text(
        encoding="utf-8")
    assert "统计学概览。" in hub and "- [Sampling](sampling.md)" in hub
    assert not [e for e in imported.report.entries if e.severity == "warning"]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert page(result.output, "/Statistics/").one("h1").text() == "📈 Statistics"


def test_a_heading_embed_finds_its_heading_as_quartz_did_by_slug(tmp_path: Path) -> None:
    # (Obsidian drops the `:` of `### 柱坐标转直角坐标:` from the link; Quartz matched slugs)
    new = _import(tmp_path, {
        "content/Spherical.md": "![[Cylindrical#柱坐标转直角坐标|转换]]\n",
        "content/Cylindrical.md": "### 柱坐标转直角坐标:\n\n$x = r\\cos\\theta$\n\n"
                                  "## 别的\n\n无关。\n"})
    text = (new / "content" / "pages" / "spherical.md").read_text(encoding="utf-8")
    assert "$x = r\\cos\\theta$" in text and "无关" not in text


def test_empty_double_brackets_are_r_code_not_a_link(tmp_path: Path) -> None:
    # (R's `list[[]]` in prose and headings: no link to this page's top, no text lost)
    new = _import(tmp_path, {
        "content/R 索引.md": "### []和[[]]的区别\n\n取向量要用 $ 或 list[[]]。\n"})
    text = (new / "content" / "pages" / "r-索引.md").read_text(encoding="utf-8")
    assert "### []和[[]]的区别" in text and "list[[]]。" in text


def test_an_embed_written_as_a_markdown_image_of_a_note_is_inlined(tmp_path: Path) -> None:
    # (Obsidian's "Markdown links" setting writes `![[Note#^id]]` as `![Note](Note.md#^id)`)
    new = _import(tmp_path, {
        "content/Nietzsche.md": "回顾：\n\n![柏拉图的理念](Plato%20Forms.md#^forms)\n",
        "content/Plato Forms.md": "## 理念世界\n\n完美的三角形只在理念中。\n^forms\n\n别的。\n"})
    text = (new / "content" / "pages" / "nietzsche.md").read_text(encoding="utf-8")
    assert "完美的三角形只在理念中。" in text and "别的" not in text and "![" not in text


def test_a_note_named_as_another_folder_leaves_that_name_to_the_folder(
        tmp_path: Path) -> None:
    # (`MySQL/进阶/MySQL.md` and the folder `MySQL/`: /mysql/ and /MySQL/, one on macOS)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/MySQL/索引.md": "B+ 树。\n",
        "content/MySQL/进阶/MySQL.md": "MySQL 的进阶内容。\n"})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (tmp_path / "new" / "content" / "pages").iterdir())
    assert pages == ["mysql.md", "索引.md", "进阶-mysql.md", "进阶.md"]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert page(result.output, "/MySQL/").one("h1").text() == "MySQL"


def test_quartzs_own_locale_left_on_chinese_notes_gives_way_to_them(tmp_path: Path) -> None:
    # (the sample config's `locale: "en-US"`, never edited, over a garden written in Chinese)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG.replace("zh-CN", "en-US"),
        "content/index.md": "这里是我的数字花园，记录读书与编程的笔记。\n",
        "content/笔记/宏.md": "在表格中批量处理数据的宏，以及一些使用心得。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    config = (tmp_path / "new" / "lanting.toml").read_text(encoding="utf-8")
    assert 'language = "zh-CN"' in config
    assert any("en-US" in m and "zh-CN" in m for m in messages(imported, "quartz.config.ts"))


def test_an_embedded_block_closing_a_callout_is_the_callout(tmp_path: Path) -> None:
    # (`>^forms` on the callout's last line: Obsidian embeds the callout)
    new = _import(tmp_path, {
        "content/Nietzsche.md": "回顾：\n\n![[Plato Forms#^forms]]\n",
        "content/Plato Forms.md": "## 理念世界\n\n> [!info] 基本想法\n> - 完美的三角形\n"
                                  "> - 树之为树\n>^forms\n\n别的。\n"})
    text = (new / "content" / "pages" / "nietzsche.md").read_text(encoding="utf-8")
    assert "> [!info] 基本想法\n> - 完美的三角形\n> - 树之为树" in text
    assert "^forms" not in text and "别的" not in text
