"""The Quartz importer: the fixture garden under tests/fixtures/import/quartz/ (an
Obsidian vault with folders, folder notes, wiki links, embeds, drafts), imported and
built, read from its built pages."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import Element
from importbits import NOW, messages, page, redirect_target, report_of

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site

FIXTURE = Path(__file__).parent / "fixtures" / "import" / "quartz"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    dest = tmp_path_factory.mktemp("quartz") / "site"
    imported = import_site(FIXTURE, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def _href(doc: Element, text: str) -> str:
    link = next(a for a in doc.find_all("a") if a.text() == text)
    return unquote(link["href"])


def test_quartz_config_and_content_make_a_quartz_site() -> None:
    assert detect(FIXTURE) == "quartz"


def test_quartz_config_becomes_lanting_toml(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"], config["base_url"]) == (
        "梯度花园", "zh-CN", "https://garden.example.org/")
    assert config["markdown"]["heading_ids"] == "github"
    assert config["markdown"]["mermaid"].startswith("https://")
    # the blog (some notes are dated), the top folders as Quartz's explorer had them, tags
    assert [m["url"] for m in config["menu"]] == ["/blog/", "/ML-笔记/", "/系统/", "/tags/"]


def test_dated_notes_are_posts_and_the_others_pages(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    content = imported.dest / "content"
    # (a flat file: its image is another post's too, so it stays in `static/`)
    attention = (content / "posts" / "注意力机制.md").read_text(encoding="utf-8")
    assert "date: 2024-03-01" in attention and "summary: 缩放点积注意力的推导。" in attention
    # the front matter's tags, then the inline `#tags` of the text
    assert "tags: [深度学习, NLP]" in attention
    nccl = (content / "posts" / "nccl-调优.md").read_text(encoding="utf-8")
    assert "date: 2024-04-02" in nccl and "tags: [分布式]" in nccl  # `created:`
    assert "\n# NCCL 调优" not in nccl  # its heading was the title: not shown twice
    assert "标签" not in nccl.split("tags:")[1].split("\n")[0]  # not a `#` in code
    assert (content / "pages" / "transformer-笔记.md").is_file()  # undated: a page


def test_old_urls_and_aliases_keep_answering(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    assert redirect_target(out, "/ML-笔记/注意力机制.html").endswith("/posts/注意力机制/")
    assert redirect_target(out, "/attention.html").endswith("/posts/注意力机制/")
    assert redirect_target(out, "/系统/NCCL-调优.html").endswith("/posts/nccl-调优/")
    assert redirect_target(out, "/ML-笔记/Transformer-笔记.html").endswith(
        "/transformer-笔记/")


def test_a_folder_is_a_page_listing_its_notes(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    folder = page(out, "/ML-笔记/")  # the folder note's text, then the list
    text = folder.find("article").text()
    assert "按主题放在这个文件夹里" in text
    assert _href(folder, "注意力机制").endswith("/posts/注意力机制/")
    assert _href(folder, "Transformer 笔记").endswith("/transformer-笔记/")
    systems = page(out, "/系统/")  # no `index.md`: the list alone
    assert _href(systems, "NCCL 调优").endswith("/posts/nccl-调优/")


def test_wiki_links_lead_to_notes_and_their_headings(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    home = page(out, "/")
    assert _href(home, "注意力机制").endswith("/posts/注意力机制/")
    href = _href(home, "多头注意力")
    path, _, fragment = href.partition("#")
    assert path.endswith("/transformer-笔记/")
    assert fragment in page(out, "/transformer-笔记/").ids()
    nccl = page(out, "/posts/nccl-调优/")
    block = _href(nccl, "注意力机制 > ^def1")
    assert block.endswith("/posts/注意力机制/#^def1")
    assert "^def1" in page(out, "/posts/注意力机制/").ids()
    assert _href(nccl, "注意力").endswith("/posts/注意力机制/")  # a Markdown link
    assert _href(nccl, "算法").endswith("/posts/注意力机制/")  # `[[x\|y]]` in a table
    assert _href(nccl, "论文.pdf") == "/attachments/论文.pdf"
    assert (out / "attachments" / "论文.pdf").is_file()


def test_obsidian_syntax_is_shown_as_quartz_showed_it(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    doc = page(out, "/posts/注意力机制/")
    article = doc.find("article")
    text = article.text()
    assert "以后补上推导" not in text  # a %%comment%%
    assert article.find("mark").text() == "记住分母"
    assert article.find("details") is not None  # the folded callout
    assert article.find("code", class_="math-error") is None
    assert article.find("math") is not None
    image = article.find("img")
    assert image is not None and image.get("width") == "300"
    # `![[Transformer 笔记#多头注意力]]`: the section, inlined
    assert "各自计算注意力后拼接" in text and "正弦位置编码" not in text
    # a link to a draft: its text, without a link to a page that is not published
    assert "草稿在 草稿" in " ".join(text.split())


def test_unpublished_notes_are_left_out_and_reported(site: tuple[Imported, Path]) -> None:
    imported, out = site
    written = [str(p) for p in (imported.dest / "content").rglob("*.md")]
    assert not any(name in p for p in written for name in ("草稿", "私密", "secret"))
    assert any("`draft: true`" in m for m in messages(imported, "content/草稿.md"))
    assert any("`publish: false`" in m for m in messages(imported, "content/私密.md"))
    assert any("ignorePatterns" in m for m in messages(imported, "content/private/secret.md"))
    report = report_of(imported)
    assert "注意力机制.md:31: warning: `[[草稿]]` leads nowhere" in report
    assert "NCCL 调优.md:16: warning: `![[论文.pdf]]`" in report
    assert not (out / "草稿").exists()


def test_a_tag_text_is_the_tag_pages(site: tuple[Imported, Path]) -> None:
    """`content/tags/分布式.md`: the title, description and text Quartz showed above the
    tag's list, with its wiki link and formula."""
    imported, out = site
    assert (imported.dest / "content/tags/分布式.md").is_file()
    tag = page(out, "/tags/分布式/")
    assert tag.one("h1").text() == "分布式训练"
    intro = tag.one("div", class_="term-intro")
    assert _href(intro, "梯度累积") == "/posts/梯度累积/" and intro.one("math") is not None
