"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 16 (a site whose
content Hugo mounted from another folder, …), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import report_of
from sitebits import png, write_files
from test_import_hexo_sites import PACKAGE, hexo_site, post_text
from test_import_hugo_sites import NOW

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.detect import detect
from lanting.importer.figure_labels import own_label

MOUNTS = """title = "数学笔记"
languageCode = "zh-cn"

[module]
  [[module.mounts]]
    source = "notes"
    target = "content"
  [[module.mounts]]
    source = "files"
    target = "static"
"""


def test_a_hugo_site_mounting_its_content_from_a_folder_is_read_as_hugo(
        tmp_path: Path) -> None:
    """`[[module.mounts]]` with `source = "notes"`, `target = "content"` (a math wiki
    keeping its notes in `notes/`, its files in `files/` mounted at `static`): Hugo read
    its pages there, but the site, with no `content/`, was read as a folder of notes
    (its settings ignored) and its images were not found. It is a Hugo site whose
    content is `notes/` and whose static files are `files/`."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": MOUNTS,
        "notes/_index.md": "---\ntitle: 首页\n---\n\n欢迎。\n",
        "notes/posts/group.md": "---\ntitle: 群论\ndate: 2023-04-01\n---\n\n"
        "设 $G$ 为群。\n\n![图](/img/cayley.svg)\n",
        "files/img/cayley.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    })
    assert detect(source) == "hugo"
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == [], report_of(imported)
    text = (imported.dest / "content/posts/group/index.md").read_text(encoding="utf-8")
    assert "title: 群论" in text and "![图](cayley.svg)" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_mounts_in_the_module_file_of_config_default(tmp_path: Path) -> None:
    """The same mounts in `config/_default/module.toml`, `[[mounts]]`: Hugo merges the
    file as `[module]`; the site is Hugo's, read from the mounted folder."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/hugo.toml": 'title = "笔记"\n',
        "config/_default/module.toml": '[[mounts]]\nsource = "wiki"\ntarget = "content"\n',
        "wiki/posts/a.md": "---\ntitle: 甲\ndate: 2024-01-02\n---\n\n正文。\n",
    })
    assert detect(source) == "hugo"
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert (imported.dest / "content/posts/a.md").is_file()


def test_a_language_s_mount_leaves_the_content_folder_as_it_was(tmp_path: Path) -> None:
    """A mount of one language's pages (`lang = "en"`) is read with the languages: the
    site's content is still `content/`, its pages of every language imported."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": 'title = "笔记"\ndefaultContentLanguage = "zh"\n'
        '[languages.zh]\nweight = 1\n[languages.en]\nweight = 2\n'
        '[[module.mounts]]\nsource = "content/en"\ntarget = "content"\nlang = "en"\n',
        "content/posts/a.md": "---\ntitle: 甲\ndate: 2024-01-02\n---\n\n正文。\n",
        "content/en/posts/b.md": "---\ntitle: B\ndate: 2024-01-02\n---\n\nText.\n",
    })
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert (imported.dest / "content/posts/a.md").is_file()


POST = "---\ntitle: 注意力机制\ndate: 2024-03-01 10:00:00\n---\n\n正文。\n"
HEXO = {"package.json": PACKAGE, "_config.yml": "title: 博客\nlanguage: zh-CN\n"}


def test_a_draft_named_as_a_published_post_keeps_out_of_its_way(tmp_path: Path) -> None:
    """`source/_drafts/attention.md` beside `source/_posts/attention.md`: Hexo published
    the post alone (`render_drafts` off), and `{% post_link attention %}` led to it. The
    draft took `attention-2` with a warning, and the post's link led to the draft. The
    draft is `attention-draft` now, with a notice; the link leads to the post."""
    imported = hexo_site(tmp_path, {
        **HEXO,
        "source/_posts/attention.md": POST,
        "source/_drafts/attention.md": "---\ntitle: 注意力机制（新版）\n---\n\n草稿。\n",
        "source/_posts/intro.md": "---\ntitle: 导言\ndate: 2024-03-02\n---\n\n"
        "见{% post_link attention %}。\n",
    })
    report = report_of(imported)
    assert imported.report.warnings == [], report
    assert "source/_drafts/attention.md: notice: a draft named as " \
        "source/_posts/attention.md, the post Hexo published" in report
    posts = imported.dest / "content/posts"
    assert "draft: true" in (posts / "attention-draft.md").read_text(encoding="utf-8")
    assert "[注意力机制](attention.md)" in post_text(imported, "intro")


def test_a_draft_copying_a_published_post_is_left_out(tmp_path: Path) -> None:
    """A draft whose text is the published post's (a copy left in `_drafts/`) is left
    out, with a notice: a second, unpublished copy of the post is nothing to keep."""
    imported = hexo_site(tmp_path, {
        **HEXO, "source/_posts/attention.md": POST, "source/_drafts/attention.md": POST})
    assert imported.report.warnings == []
    assert "left out: a copy of source/_posts/attention.md" in report_of(imported)
    assert sorted(p.name for p in (imported.dest / "content/posts").iterdir()) == \
        ["attention.md"]


def test_drafts_of_a_site_rendering_them_are_published(tmp_path: Path) -> None:
    """`render_drafts: true`: Hexo published the posts of `_drafts/` at their
    permalinks; they were imported as drafts, and their pages were lost. They are
    published posts now, their old URLs kept."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: 博客\nrender_drafts: true\n",
        "source/_drafts/notes.md": "---\ntitle: 笔记\ndate: 2024-05-06\n---\n\n正文。\n",
    })
    text = post_text(imported, "notes")
    assert "draft" not in text and '"/2024/05/06/notes/"' in text


FIGURES = ('![](a.png "图1: 结构")\n\n![残差](b.png "Figure 2: residual block")\n\n'
           '![](c.png "图 3 训练曲线")\n\n![](d.png "图4显示了损失")\n')


def test_a_hexo_image_title_s_own_label_is_not_shown_twice(tmp_path: Path) -> None:
    """`![](a.png "图1: 结构")`, a Markdown image whose title (its caption in Lanting,
    which numbers it) began with its own label: the page showed "图 1 图 1: 结构", as
    `asset_img`'s did before. The label is dropped, with a notice, in Hexo's posts and
    Hugo's; `图 3 训练曲线` (a space after a Chinese label) too; a sentence is kept."""
    images = {f"source/_posts/net/{n}.png": png(8, 8) for n in "abcd"}
    imported = hexo_site(tmp_path, {
        **HEXO, "_config.yml": "title: 博客\npost_asset_folder: true\n", **images,
        "source/_posts/net.md": "---\ntitle: 网络\ndate: 2024-03-01\n---\n\n" + FIGURES})
    text = post_text(imported, "net")
    assert '![](a.png "结构")' in text and '![残差](b.png "residual block")' in text
    assert '![](c.png "训练曲线")' in text and '"图4显示了损失"' in text
    assert report_of(imported).count("dropped: Lanting numbers the figure itself") == 3
    hugo = tmp_path / "hugo"
    hugo.mkdir()
    write_files(hugo / "old", {"hugo.toml": 'title = "博客"\n', **{
        f"content/posts/net/{n}.png": png(8, 8) for n in "abcd"},
        "content/posts/net/index.md": "---\ntitle: 网络\ndate: 2024-03-01\n---\n\n"
        + FIGURES})
    imported = import_site(hugo / "old", hugo / "new", "hugo", False, NOW)
    text = (imported.dest / "content/posts/net/index.md").read_text(encoding="utf-8")
    assert '![](a.png "结构")' in text and '![](c.png "训练曲线")' in text


def test_a_space_sets_a_chinese_figure_label_off() -> None:
    """`图 3 训练曲线`, `圖2 損失`: the label of a caption; `图3显示…`, `Figure 1 shows`
    (an English label set off by a space alone begins a sentence) are kept whole."""
    assert own_label("图 3 训练曲线") == ("训练曲线", "图 3")
    assert own_label("圖2 損失") == ("損失", "圖2")
    for kept in ("图3显示了损失", "Figure 1 shows the loss", "图 3"):
        assert own_label(kept) == (kept, ""), kept


def test_hugo_book_columns_are_columns(tmp_path: Path) -> None:
    """hugo-book's `{{< columns >}}`, its parts split by `<--->` lines (`ratio="1:2"`,
    their widths): it was left in a comment with a warning, the text beside it as one
    column. It is Lanting's `:::: {.columns}`, a `::: {.column}` for each part; a page
    with no title but its first `# heading` (which hugo-book showed) takes that as its
    title, not its file's name, and the heading is not shown twice."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": 'title = "机器学习笔记"\ntheme = "hugo-book"\n',
        "content/docs/notes/BackPropagation.md": "# BackPropagation\n\n"
        '{{<columns ratio="1:2">}}\n\n网络结构\n\n<--->\n\n| 层 | 输入 |\n|---|---|\n'
        "| 隐层 | $\\alpha_h$ |\n\n{{</columns>}}\n\n## 损失函数\n\n正文。\n",
    })
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == [], report_of(imported)
    text = next((imported.dest / "content").rglob("backpropagation.md")).read_text(
        encoding="utf-8")
    assert "title: BackPropagation" in text and "# BackPropagation" not in text
    assert ':::: {.columns}\n\n::: {.column width="33%"}\n\n网络结构\n\n:::\n\n' \
        '::: {.column width="67%"}\n\n| 层 | 输入 |' in text
    assert "<--->" not in text and text.count("::::") == 2
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = next(out.rglob("backpropagation/index.html")).read_text(encoding="utf-8")
    assert page.count('class="column"') == 2


def test_a_blowfish_article_card_is_a_link_to_the_page(tmp_path: Path) -> None:
    """Blowfish's `{{< article link="/articles/%E5%90%88%E9%9B%86/" >}}`, the card of
    the page at that old URL (percent-encoded, as the theme's users copy it from the
    address bar): its template was run and failed (`.Site.RegularPages`), left in a
    comment with a warning. It is a link to the page, its title the text; a URL of no
    page is the warning it was."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/hugo.toml": 'title = "博客"\ntheme = "blowfish"\n'
        'languageCode = "zh-cn"\n'
        "[permalinks]\nposts = '/articles/:slug/'\n",
        "content/posts/collection/index.md": "---\ntitle: 技术合集\nslug: 合集\n"
        "date: 2024-11-23\n---\n\n正文。\n",
        "content/guide/index.md": "---\ntitle: Guide\n---\n\n## 技术\n\n"
        '{{< article link="/articles/%E5%90%88%E9%9B%86/" >}}\n\n'
        '{{< article link="/articles/gone/" >}}\n',
    })
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    report = report_of(imported)
    assert "content/guide/index.md:9: warning: not converted, left in a comment: " \
        '`{{< article link="/articles/gone/" >}}` (no page at `/articles/gone/`' in report
    assert len(imported.report.warnings) == 1, report
    text = next((imported.dest / "content").rglob("guide*.md")).read_text(encoding="utf-8")
    assert "## 技术\n\n[技术合集](../posts/合集.md)\n" in text


def test_an_address_as_a_raw_link_s_target_is_mailed(tmp_path: Path) -> None:
    """`<a href="me@example.org">gmail</a>` in a page's raw HTML, the `mailto:` left out:
    the old page linked a file of that name beside it, and the import kept the link's
    text alone, with a warning. The writer meant to be mailed, as with a Markdown
    link `[x](me@example.org)`: it is `mailto:me@example.org`."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": 'title = "博客"\nlanguageCode = "zh-cn"\n',
        "content/about/index.md": "---\ntitle: 关于\n---\n\n<p>发邮件：<b><a "
        'href="me@example.org">gmail</a></b> 或 <a href="x@qq.com">qq</a>。</p>\n',
    })
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == [], report_of(imported)
    text = next((imported.dest / "content").rglob("about*.md")).read_text(encoding="utf-8")
    assert '<a href="mailto:me@example.org">gmail</a>' in text
    assert '<a href="mailto:x@qq.com">qq</a>' in text
