"""The notes importer: a plain folder of Markdown notes with no generator. Two fixtures,
shaped as such folders are on GitHub: `notes/`, an Obsidian vault (`.obsidian/` with a
templates folder, wiki links, embeds, a callout, a folder's `README.md`), and
`notes-typora/`, a repository of course notes written in Typora (one folder a chapter,
its `README.md` the chapter, `README.assets/` images with spaces in their names,
`typora-*` front matter, `[TOC]`)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import Element
from importbits import NOW, imported_site, messages, page, report_of
from sitebits import png, write_files

from lanting.errors import UsageError
from lanting.importer import Imported, detect, import_site

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "notes")


@pytest.fixture(scope="module")
def logseq(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "notes-logseq")


@pytest.fixture(scope="module")
def dendron(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "notes-dendron")


@pytest.fixture(scope="module")
def typora(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "notes-typora")


def _href(doc: Element, text: str) -> str:
    return unquote(next(a for a in doc.find_all("a") if a.text() == text)["href"])


def _config(imported: Imported) -> dict[str, object]:
    return tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["notes", "notes-typora"])
def test_a_folder_of_notes_with_no_generator_is_detected_and_said_so(
        name: str, vault: tuple[Imported, Path], typora: tuple[Imported, Path]) -> None:
    assert detect(FIXTURES / name) == "notes"
    imported = vault[0] if name == "notes" else typora[0]
    assert any("read as a folder of notes" in m and "--from KIND" in m
               for m in messages(imported, "."))


def test_the_top_readme_is_the_home_page_and_names_the_site(
        vault: tuple[Imported, Path], typora: tuple[Imported, Path]) -> None:
    for (imported, out), title in ((vault, "机器学习笔记"), (typora, "统计学习方法笔记")):
        assert _config(imported)["title"] == title
        home = page(out, "/")
        assert title in home.find("h1").text() or title in home.find("title").text()
    assert "按主题分文件夹" in page(vault[1], "/").text()
    assert "每章一个文件夹" in page(typora[1], "/").text()


def test_a_folders_readme_is_its_page_and_links_to_it_find_it(
        typora: tuple[Imported, Path]) -> None:
    imported, out = typora
    content = imported.dest / "content" / "pages"
    assert sorted(p.name for p in content.iterdir()) == ["ch01.md", "ch02.md", "补充.md"]
    home = page(out, "/")
    assert _href(home, "第一章") == "/ch01/"
    assert _href(home, "第二章") == "/ch02/"
    ch01 = page(out, "/ch01/")
    # `../CH02/README.md#算法`: the chapter's page, at the heading
    assert _href(ch01, "感知机的算法") == "/ch02/#算法"
    assert _href(ch01, "目录") == "/"


def test_a_note_is_titled_by_its_first_heading_shown_once(
        typora: tuple[Imported, Path]) -> None:
    imported, out = typora
    ch01 = (imported.dest / "content" / "pages" / "ch01.md").read_text(encoding="utf-8")
    assert "title: CH01 统计学习概论" in ch01
    assert "\n# CH01" not in ch01
    article = page(out, "/ch01/").find("article")
    assert [h.text() for h in article.find_all("h1")] == ["CH01 统计学习概论"]


def test_typora_front_matter_and_toc_and_spaced_image_paths(
        typora: tuple[Imported, Path]) -> None:
    imported, out = typora
    # where Typora put pasted images: the paths are in the text, nothing is lost
    assert messages(imported, "CH01/README.md") == []
    article = page(out, "/ch01/").find("article")
    assert "[TOC]" not in article.text()
    [img] = [i for i in article.find_all("img") if i.get("alt") == "损失 曲线"]
    assert (out / unquote(img["src"]).lstrip("/")).is_file()


def test_line_ends_follow_the_app_the_notes_were_written_in(
        vault: tuple[Imported, Path], typora: tuple[Imported, Path]) -> None:
    """Obsidian shows a line end as a line break (`strictLineBreaks` off, its default);
    Typora and GitHub show Markdown's soft break."""
    markdown = _config(vault[0])["markdown"]
    assert isinstance(markdown, dict) and markdown["breaks"] is True
    assert "breaks" not in dict(_config(typora[0]).get("markdown") or {})
    obsidian = page(vault[1], "/梯度下降/").find("article")
    assert any(p.find("br") is not None and "学习率太小" in p.text()
               for p in obsidian.find_all("p"))
    ch02 = page(typora[1], "/ch02/").find("article")
    [para] = [p for p in ch02.find_all("p") if "这两行" in p.text()]
    assert para.find("br") is None


def test_obsidian_links_embeds_callouts_and_math(vault: tuple[Imported, Path]) -> None:
    imported, out = vault
    home = page(out, "/")
    assert _href(home, "优化专题") == "/优化/"  # `[[优化/README|…]]`: the folder's page
    note = page(out, "/梯度下降/")
    assert _href(note, "牛顿法 > 二阶近似").endswith("/牛顿法/#二阶近似")  # (as Obsidian shows it)
    article = note.find("article")
    assert article.find("math") is not None and "\\theta" not in article.text()
    [img] = [i for i in article.find_all("img") if "loss" in i["src"]]
    assert (out / unquote(img["src"]).lstrip("/")).is_file()
    [tip] = [e for e in article.iter() if "callout-tip" in (e.get("class") or "")]
    assert "学习率" in tip.text() and "warmup" in tip.text()


def test_a_folder_lists_its_notes_and_dated_notes_are_posts(
        vault: tuple[Imported, Path]) -> None:
    imported, out = vault
    assert (imported.dest / "content" / "posts" / "牛顿法.md").is_file()
    folder = page(out, "/优化/")
    assert "一阶和二阶" in folder.find("article").text()
    assert _href(folder, "梯度下降") == "/梯度下降/"
    assert _href(folder, "牛顿法").endswith("/牛顿法/")


def test_the_vaults_templates_are_left_out_and_no_old_urls_are_made(
        vault: tuple[Imported, Path]) -> None:
    imported, out = vault
    assert any("templates folder" in m for m in messages(imported, "模板/日记模板.md"))
    for html in out.rglob("*.html"):
        assert "{{title}}" not in html.read_text(encoding="utf-8")
    # (nothing was published: no redirects from URLs no one ever had)
    assert "redirects" not in _config(imported)
    assert "templates folder" in report_of(imported)


def test_a_folder_with_no_markdown_is_still_refused(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {"notes.txt": "plain text\n"})
    with pytest.raises(UsageError, match=r"looked for .*notes \(an Obsidian vault"):
        import_site(tmp_path / "old", tmp_path / "new")


def test_an_empty_obsidian_vault_is_notes(tmp_path: Path) -> None:
    (tmp_path / "vault" / ".obsidian").mkdir(parents=True)
    assert detect(tmp_path / "vault") == "notes"


def test_the_repositorys_own_files_are_no_notes(vault: tuple[Imported, Path]) -> None:
    """`AGENTS.md` (instructions for AI coding assistants, as vaults edited with them now
    keep at their root) is no note; nor is `LICENSE.md`."""
    imported, out = vault
    assert any("not a note" in m for m in messages(imported, "AGENTS.md"))
    assert not (out / "agents").exists()
    assert not any(p.stem.lower() == "agents" for p in (imported.dest / "content").rglob("*"))


def test_a_vaults_aliases_and_dataview_are_told_as_a_vault_has_them(
        vault: tuple[Imported, Path]) -> None:
    """Aliases are names to link by in a vault, not old URLs to redirect; a Dataview
    query was never shown by anything but Obsidian."""
    imported, out = vault
    assert not (out / "GD").exists()
    assert "aliases" not in report_of(imported)
    [dataview] = [m for m in messages(imported, "优化/梯度下降.md") if "Dataview" in m]
    assert "Quartz" not in dataview and "runs in Obsidian only" in dataview


def test_a_first_heading_is_a_title_only_where_the_app_took_it_for_one(
        vault: tuple[Imported, Path], typora: tuple[Imported, Path]) -> None:
    """Of several `#` headings the first is a section (a link names it), not the title;
    in a vault, Obsidian titles a note by its file's name, and its heading stays."""
    imported, out = typora
    extra = (imported.dest / "content" / "pages" / "补充.md").read_text(encoding="utf-8")
    assert "title: 补充" in extra and "# 大样本与小样本" in extra and "# 残差" in extra
    assert _href(page(out, "/ch01/"), "补充") == "/补充/#大样本与小样本"
    momentum = page(vault[1], "/动量/")
    assert momentum.find("h1").text() == "动量"
    assert [h.text() for h in momentum.find("article").find_all("h1")][-1] == \
        "Momentum 方法"


def test_the_table_of_contents_plugins_block_is_left_out(
        vault: tuple[Imported, Path]) -> None:
    """` ```toc ` (the Automatic Table of Contents plugin: Obsidian showed the note's
    contents there) was an empty code block with an "unknown code language" warning
    (82 in an English vault of ML notes): the theme shows the contents."""
    imported, out = vault
    article = page(out, "/动量/").find("article")
    assert article.find("pre") is None and "style: number" not in article.text()
    assert any("```toc" in k for k in imported.report.converted)


def test_a_heading_link_matches_the_headings_words_whatever_its_spaces(
        vault: tuple[Imported, Path]) -> None:
    """`[[牛顿法#收敛 convergence]]` naming `## 收敛  convergence` (two spaces):
    Obsidian found it; the link leads to the heading's id."""
    _imported, out = vault
    href = _href(page(out, "/梯度下降/"), "收敛更快")
    fragment = href.split("#", 1)[1]
    newton = page(out, href.split("#", 1)[0])
    assert any(h.get("id") == fragment and "convergence" in h.text()
               for h in newton.find_all("h2"))


def test_a_video_or_sound_embed_is_a_player(vault: tuple[Imported, Path]) -> None:
    """`![[录音 1.webm]]` (what Obsidian's recorder saves): a player, as Obsidian and
    Quartz showed it, not a link to download."""
    _imported, out = vault
    [player] = page(out, "/梯度下降/").find("article").find_all("video")
    assert "controls" in player.attrs
    assert (out / unquote(player["src"]).lstrip("/")).is_file()


def test_an_image_at_a_path_of_the_writers_computer_is_found_in_the_notes(
        typora: tuple[Imported, Path]) -> None:
    """Typora, not set to copy images beside the note, writes where the image was on the
    writer's disk (`/Users/me/…/CH02/pic/perceptron.png`, `C:\\Users\\…`): the file is in
    the repository, found by the end of its path."""
    _imported, out = typora
    article = page(out, "/ch02/").find("article")
    images = {i.get("alt"): i["src"] for i in article.find_all("img")}
    assert {"感知机", "超平面"} <= set(images)
    for src in images.values():
        assert not src.startswith(("/Users", "C:"))
        assert (out / unquote(src).lstrip("/")).is_file()


def test_a_path_from_typoras_root_url_is_found(typora: tuple[Imported, Path]) -> None:
    """`typora-root-url: ./` in a chapter: Typora read `/pic/perceptron.png` from the
    chapter's folder, not the repository's."""
    imported, out = typora
    assert messages(imported, "CH02/README.md") == []
    [img] = [i for i in page(out, "/ch02/").find("article").find_all("img")
             if i.get("alt") == "权重"]
    assert (out / unquote(img["src"]).lstrip("/")).is_file()


def test_an_excalidraw_drawing_is_its_exported_image_or_a_warning(
        vault: tuple[Imported, Path]) -> None:
    """A drawing of Obsidian's Excalidraw plugin (`excalidraw-plugin:` in its front
    matter) was a page of "Switch to EXCALIDRAW VIEW" and compressed JSON, and an
    embed of it an image of that page. An embed shows the SVG the plugin's auto-export
    wrote beside it; a drawing without one is left out, its embed its alt text, with a
    warning saying how to export it."""
    imported, out = vault
    assert not any("EXCALIDRAW" in p.read_text(encoding="utf-8")
                   for p in (imported.dest / "content").rglob("*.md"))
    article = page(out, "/梯度下降/").find("article")
    [drawn] = [i for i in article.find_all("img") if i["src"].endswith(".svg")]
    assert (out / unquote(drawn["src"]).lstrip("/")).is_file()
    assert "草图" in article.text()
    assert not any("草图" in (i.get("alt") or "") for i in article.find_all("img"))
    [warning] = [m for m in messages(imported, "优化/梯度下降.md") if "草图" in m]
    assert "auto-export" in warning
    assert any("auto-export" in m for m in messages(imported, "Excalidraw/草图.md"))


def test_a_logseq_graph_is_notes_without_its_apps_folder(
        logseq: tuple[Imported, Path]) -> None:
    """`logseq/` (its settings and a `bak/` copy of every page edited twice: slug clashes
    and stale pages) is the app's, as `.obsidian/` is; `:hidden` folders are left out."""
    imported, _out = logseq
    assert detect(FIXTURES / "notes-logseq") == "notes"
    written = [p.relative_to(imported.dest / "content").as_posix()
               for p in (imported.dest / "content").rglob("*.md")]
    assert not any("备份" in p or "desktop" in p.lower() or "秘密" in p for p in written)
    assert not messages(imported, "logseq/bak/pages/强化学习/"
                                  "2024-05-01T10_00_00.000Z.Desktop.md")
    assert any("`:hidden`" in m for m in messages(imported, "private-notes/秘密.md"))


def test_logseq_pages_journals_and_properties(logseq: tuple[Imported, Path]) -> None:
    imported, out = logseq
    content = imported.dest / "content"
    grpo = (content / "pages" / "强化学习-grpo.md").read_text(encoding="utf-8")
    assert "title: 强化学习/GRPO" in grpo  # `强化学习___GRPO.md`: a namespace's page
    rl = (content / "pages" / "强化学习.md").read_text(encoding="utf-8")
    assert "tags: [RL, 大模型]" in rl and "tags::" not in rl  # page properties
    journal = (content / "posts" / "2024-05-01.md").read_text(encoding="utf-8")
    assert "title: 2024年05月01日" in journal and "date: 2024-05-01" in journal
    assert not (content / "posts" / "2024-05-02.md").exists()  # nothing written that day
    assert any("empty journal" in m for m in messages(imported, "journals/2024_05_02.md"))
    post = page(out, "/posts/2024-05-01/")
    assert _href(post, "强化学习/GRPO").endswith("/强化学习-grpo/")
    # Logseq's folders, in the menu, as Logseq names them
    menu = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))["menu"]
    assert {"全部页面", "日志"} <= {m["name"] for m in menu}


def test_a_logseq_reference_to_a_deleted_block_is_warned_of_at_import(
        tmp_path: Path) -> None:
    """`((uuid))` whose block is no more was kept as written and counted as converted:
    the import said nothing, only each build did. Now the import warns at its line."""
    kept = "6512a0c1-1111-4abc-9def-0123456789ab"
    gone = "6512a0c1-2222-4abc-9def-0123456789ab"
    write_files(tmp_path / "graph", {
        "logseq/config.edn": "{:meta/version 1}\n",
        "pages/A.md": f"- first block\n  id:: {kept}\n- see (({kept}))\n- gone (({gone}))\n",
    })
    imported = import_site(tmp_path / "graph", tmp_path / "site")
    assert [(e.line, e.message) for e in imported.report.entries if e.path == "pages/A.md"] \
        == [(4, f"`(({gone}))` names no block of the graph (deleted since?): kept as "
             "written; copy the block's text in, or link to its note as `[[…]]`")]
    written = (imported.dest / "content" / "pages" / "a.md").read_text(encoding="utf-8")
    assert f"[first block](a.md#^{kept})" in written and f"(({gone}))" in written


def test_logseq_embeds_clozes_tasks_and_image_sizes(logseq: tuple[Imported, Path]) -> None:
    """`{{embed [[强化学习/GRPO]]}}` shows that page's text, as Logseq did; a flash
    card's `{{cloze …}}` its text; `TODO` a task; `{:height 200}` the image's size."""
    _imported, out = logseq
    article = page(out, "/强化学习/").find("article")
    text = article.text()
    assert "组内相对奖励" in text and "id::" not in text
    assert all(li.text().strip() or li.find("img") is not None  # (no empty bullet)
               for li in article.find_all("li"))
    assert "{{" not in text and "优势函数 衡量" in text
    assert any(i.get("type") == "checkbox" for i in article.find_all("input"))
    [img] = article.find_all("img")
    assert (out / unquote(img["src"]).lstrip("/")).is_file()
    assert "{:" not in text


def test_logseq_block_references_lead_to_their_blocks(
        logseq: tuple[Imported, Path]) -> None:
    """`((uuid))` names the block whose `id::` it is: a link to that block, showing its
    text (a heading's, a PDF area highlight's image); `{{embed ((uuid))}}` shows the
    block and its children. Each was `((…))` as written, with a warning."""
    imported, out = logseq
    journal = page(out, "/posts/2024-05-01/").find("article")
    text = journal.text()
    assert "((" not in text and "{{" not in text
    # (only `[旧笔记](((…ff)))`, whose block is no more: its text, with a warning)
    assert [m for m in messages(imported, "journals/2024_05_01.md") if "block" in m] == [
        "`[旧笔记](((6650a1b2-0000-4000-8000-0000000000ff)))` names no block of the graph "
        "(deleted since?): its text kept without the link"]
    assert "另见旧笔记" in text
    grpo = page(out, "/强化学习-grpo/")
    ids = grpo.ids()
    link = next(a for a in journal.find_all("a") if "组内相对奖励" in a.text())
    path, _, fragment = unquote(link["href"]).partition("#")
    assert path.endswith("/强化学习-grpo/") and fragment in ids
    assert "组内相对奖励" in next(e for e in grpo.iter() if e.get("id") == fragment).text()
    heading = _href(journal, "组内归一化")  # (a heading: its own id)
    assert heading.partition("#")[2] in {h.get("id") for h in grpo.find_all("h2")}
    assert "沿用 PPO 的" in text and "裁剪目标" in text  # (the embedded block, its child)
    area = next(a for a in journal.find_all("a") if a.find("img") is not None
                and "hls" in unquote(a["href"]))
    img = area.find("img")
    assert img is not None and (out / unquote(img["src"]).lstrip("/")).is_file()
    pdf = page(out, unquote(area["href"]).partition("#")[0]).find("article")
    assert "[:span]" not in pdf.text() and pdf.find("img") is not None
    assert unquote(area["href"]).partition("#")[2] in pdf.ids()
    # (an area highlight whose image the graph lacks: its page number, a warning at it)
    assert "p. 5" in pdf.text()
    [lacking] = [e for e in imported.report.entries
                 if e.path == "pages/hls__GRPO论文_1715000000000_0.md"]
    assert lacking.severity == "warning" and lacking.line == 19
    assert "id::" not in (imported.dest / "content" / "pages" / "强化学习-grpo.md"
                          ).read_text(encoding="utf-8")
    # `[shown](((uuid)))`: the writer's text, a link to the block
    assert _href(journal, "这条推导").partition("#")[2] == fragment
    # (`- id:: …`, a block of its id alone: a link to its page)
    assert _href(journal, "附录").endswith("/强化学习-grpo/")


def test_a_logseq_display_with_a_blank_line_is_one_formula(
        logseq: tuple[Imported, Path]) -> None:
    """A block's `$$` display with a blank line in it (Logseq read it to its closing
    `$$`) ended at the blank line: its `$$` and TeX shown as text."""
    _imported, out = logseq
    article = page(out, "/强化学习-grpo/").find("article")
    assert "$$" not in article.text() and "\\beta" not in article.text()
    # (a bare `\begin{aligned}` in a block: Logseq showed it as a formula)
    assert "\\begin" not in article.text() and "\\bar" not in article.text()
    assert "\\dots" not in article.text()  # (`- \begin{aligned}`: a block that is one)


def test_a_logseq_block_written_without_its_bullet_has_one(
        logseq: tuple[Imported, Path]) -> None:
    """`# 组内优势` at the top, its children `\t- …` under it (Logseq reads a page's
    first block so): the children's tab made the rest of the page a code block."""
    _imported, out = logseq
    article = page(out, "/组内优势/").find("article")
    assert article.find("pre") is None
    assert {"同一问题采样多个回答", "回答之间比较奖励"} <= {
        li.text().strip() for li in article.find_all("li")}
    # (`<h2>入门</h2>` over `[[强化学习/GRPO]]` in a block: Logseq read the lines apart;
    # Markdown's HTML block showed the link as written)
    assert "[[" not in article.text() and _href(article, "强化学习/GRPO").endswith(
        "/强化学习-grpo/")
    assert article.find("h1") is not None or article.find("h2") is not None  # `# 由来`
    # (the block's heading the page's title, `# 采样` in `采样.md`: its children stay)
    sampling = page(out, "/采样/").find("article")
    assert sampling.find("pre") is None and "太低则回答雷同" in sampling.text()


def test_an_empty_logseq_bullet_makes_no_heading(logseq: tuple[Imported, Path]) -> None:
    """`- 优势归一化的好处` over an empty child bullet, `\t-`: Markdown read the `-` as a
    setext heading's underline, and the block's text became a heading."""
    _imported, out = logseq
    article = page(out, "/强化学习-grpo/").find("article")
    assert [h.text() for h in article.find_all("h2")] == ["组内归一化"]
    assert any("优势归一化的好处" in li.text() for li in article.find_all("li"))


def test_logseq_admonitions_are_callouts(logseq: tuple[Imported, Path]) -> None:
    """`#+BEGIN_TIP` … `#+END_TIP` in a bullet (Logseq's admonition, org-mode's
    block) was its markers as text."""
    _imported, out = logseq
    article = page(out, "/强化学习/").find("article")
    assert "#+" not in article.text()
    [callout] = [e for e in article.iter() if "callout" in e.classes]
    assert "callout-tip" in callout.classes and "先读 PPO" in callout.text()


def test_a_dendron_vaults_hierarchy_is_its_folders(
        dendron: tuple[Imported, Path]) -> None:
    """`linalg.eigen.svd.md` is under `linalg.eigen.md` under `linalg.md`, as Dendron's
    tree showed them: each note with children lists them, a level no note was written
    for (`groups`) is a folder page, `root.md` is the home page. The notes were one
    flat list, every one a post of the day its `created` says."""
    imported, out = dendron
    assert detect(FIXTURES / "notes-dendron") == "notes"
    content = imported.dest / "content"
    assert not (content / "posts").exists()  # (`created`: Dendron's bookkeeping)
    home = page(out, "/")
    assert "本科数学课的笔记" in home.text()
    assert _href(home, "linalg").endswith("/linalg/")  # (the note `linalg`: 线性代数)
    linalg = page(out, "/linalg/")
    assert linalg.find("h1").text() == "线性代数"
    assert _href(linalg, "特征值").endswith("/eigen/")
    links = [a.text() for a in linalg.find("article").find_all("a")]
    assert links.count("特征值") == 1
    # (in their `nav_order`, as Dendron's tree listed them: a folder was listed first)
    assert links.index("向量空间") < links.index("特征值")
    assert _href(page(out, "/eigen/"), "奇异值分解").endswith("/svd/")
    assert _href(page(out, "/groups/"), "陪集").endswith("/cosets/")
    eigen = (content / "pages" / "eigen.md").read_text(encoding="utf-8")
    assert "id:" not in eigen and "created" not in eigen
    assert "summary: 矩阵、特征值与分解" in (content / "pages" / "linalg.md"
                                                ).read_text(encoding="utf-8")
    # (Dendron reads no notes in the vault's folders: `assets/images/readme.md`)
    assert not (content / "pages" / "images.md").exists()
    assert messages(imported, "notes/assets/images/readme.md")


def test_dendron_links_name_the_shown_text_first(dendron: tuple[Imported, Path]) -> None:
    """`[[特征值|linalg.eigen]]`: Dendron's text shown, then the note (the other way
    round from Obsidian's); `![[linalg.eigen#特征多项式,1:#*]]` embeds that section."""
    imported, out = dendron
    svd = page(out, "/svd/").find("article")
    assert _href(svd, "特征值").endswith("/eigen/")
    assert _href(svd, "对角化").endswith("/eigen/#对角化")
    assert "的根就是" in svd.text() and "线性无关" not in svd.text()
    [img] = svd.find_all("img")
    assert (out / unquote(img["src"]).lstrip("/")).is_file()
    assert not [e for e in imported.report.entries if e.severity == "warning"]


def test_a_lanting_site_is_not_imported_as_notes(tmp_path: Path) -> None:
    """A Lanting site (its `content/` is Markdown, and no generator's settings are
    there) was read as a folder of notes."""
    write_files(tmp_path / "site", {"lanting.toml": 'title = "T"\n',
                                    "content/posts/a.md": "---\ntitle: A\n---\n\ntext\n"})
    with pytest.raises(UsageError, match="a Lanting site already"):
        import_site(tmp_path / "site", tmp_path / "new")



def test_a_link_to_nothing_is_no_file_to_copy(tmp_path: Path) -> None:
    """A course's figures linked (symbolic links) from a book's folder the repository did
    not hold: the import stopped at the first copy with a bare `No such file or
    directory`. Such a link is no file: the note is imported, its image a warning."""
    write_files(tmp_path / "old", {
        "graphs/notes.md": "# Graphs\n\n![A tree](figs/tree.png)\n\nA tree has no cycle.\n",
        "graphs/figs/path.png": png(4, 3),
    })
    (tmp_path / "old" / "graphs" / "figs" / "tree.png").symlink_to("../../book/tree.png")
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert (tmp_path / "new" / "static" / "graphs" / "figs" / "path.png").is_file()
    assert not (tmp_path / "new" / "static" / "graphs" / "figs" / "tree.png").exists()
    assert any("tree.png" in m for m in messages(imported, "graphs/notes.md"))


def test_a_link_to_a_heading_with_code_is_followed(tmp_path: Path) -> None:
    """Obsidian links a heading of another note by its words, code and all:
    `[x](Redis%20同步.md#3.2%20`repl-timeout%2060`)`. The import took the backticks for
    a code span and never followed the link, and the build failed on the note's file
    name. It leads to the note's page and to the heading there."""
    from lanting.build import build
    from lanting.build.options import BuildOptions
    write_files(tmp_path / "vault", {
        ".obsidian/app.json": "{}\n",
        "redis/Redis 同步.md": ("# 同步\n\n## 3.2 `repl-timeout 60`\n\n超时。\n\n"
                               "## 3.5 积压\n\n缓冲区。\n"),
        "redis/策略.md": ("# 策略\n\n配置 [`repl-timeout 60`](Redis%20同步.md#3.2%20"
                         "`repl-timeout%2060`) 与 [积压](Redis%20同步.md#3.5%20积压)。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(tmp_path / "vault", dest, None, False, NOW))
    assert ": warning:" not in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    links = page(dest / "public", "/策略/").one("div", class_="prose").find_all("a")
    assert [(a.text(), unquote(a.get("href") or "")) for a in links] == [
        ("repl-timeout 60", "/redis-同步/#32-repl-timeout-60"),
        ("积压", "/redis-同步/#35-积压")]


def test_restructuredtext_files_in_a_folder_of_notes_are_named(tmp_path: Path) -> None:
    # (copied as any file is, as Quartz copies them: now with a notice, not unsaid)
    write_files(tmp_path / "old", {"a.md": "# A\n\nText.\n",
                                   "notes/b.rst": "B\n=\n\nText.\n",
                                   "notes/c.rst": "C\n=\n\nText.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    assert "notes/b.rst: notice: 2 reStructuredText file(s) copied as they are" in \
        report_of(imported)


def test_asciidoc_files_in_a_folder_of_notes_are_named(tmp_path: Path) -> None:
    """`.adoc` notes were copied to `static/` without a word (`.org` ones are read:
    `test_import_notes_org.py`)."""
    write_files(tmp_path / "old", {"a.md": "# A\n\nText.\n",
                                   "docs/b.adoc": "= B\n\nText.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    assert "docs/b.adoc: notice: 1 AsciiDoc file(s) copied as they are, not read as " \
        "notes (`pandoc -f asciidoc -t markdown` converts one)" in report_of(imported)


def test_a_link_to_the_title_heading_beside_a_heading_of_the_same_letters(
        tmp_path: Path) -> None:
    """`# pdf简介` atop `pdf简介/README.md` (the title, its folder's name) that has `# PDF
    简介` too (the same but for case and a space), its table of contents linking both:
    `#pdf简介`, the title's own id, goes to the page's top; `#pdf-简介` to the heading
    left in the text."""
    from lanting.build import build
    from lanting.build.options import BuildOptions
    write_files(tmp_path / "old", {
        "index.md": "# Notes\n\n[PDF](misc/pdf简介/README.md)\n",
        "misc/pdf简介/README.md": "# pdf简介\n\nA preface.\n\n# PDF 简介\n\n"
                       "- [pdf简介](#pdf简介)\n- [PDF 简介](#pdf-简介)\n\n## 一个例子\n\nText.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert ": warning:" not in report_of(imported)
    build(tmp_path / "new", BuildOptions())  # (no anchor left dangling: it builds)
    doc = page(tmp_path / "new/public", "/pdf简介/")
    listed = [unquote(a["href"]) for li in doc.one("main").find_all("li")
              for a in li.find_all("a")]
    assert listed == ["#top", "#pdf-简介"]
