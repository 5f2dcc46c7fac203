"""A figure's caption that begins with its own label (`**Figure 1.** The loss curve.`):
Lanting numbers the figure itself, so the import drops the label, with a notice."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW, jekyll_site, report_of
from sitebits import png, write_files
from test_import_hexo_sites import hexo_site, post_text
from test_import_hugo_sites import imported_site

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.figure_labels import other_label, own_label


def test_the_labels_captions_begin_with_are_told_from_sentences() -> None:
    """Set off by emphasis or a stop, in English or Chinese, a label is dropped (one
    opening a bold title, the bold kept for the title); a sentence about the figure, or
    the label alone, keeps its words."""
    for caption, rest in (("**Figure 1.** The loss curve.", "The loss curve."),
                          ("Figure 1: The loss", "The loss"), ("Fig. 2. Loss", "Loss"),
                          ("*Fig 3:* Loss", "Loss"), ("**Figure 4** Loss", "Loss"),
                          ("Figure 2.1 — Loss", "Loss"), ("图 1：损失曲线", "损失曲线"),
                          ("图1. 损失", "损失"), ("圖 2。損失", "損失"),
                          ("**Figure 5: Defects.** Top: cracks.", "**Defects.** Top: cracks.")):
        assert own_label(caption)[0] == rest, caption
    for kept in ("Figure 1 shows the loss.", "Figure 1.5 shows it", "Figure 1.",
                 "**Figure 1:**", "Figures 1: x", "The loss"):
        assert own_label(kept) == (kept, ""), kept
    for caption, label in (("Table 3: Results", "Table 3:"), ("**表 2：** 结果", "**表 2：**"),
                           ("Table 3 lists the runs", ""), ("Figure 1: Loss", "")):
        assert other_label(caption) == label, caption


def test_a_jekyll_figure_include_s_own_label_is_dropped(tmp_path: Path) -> None:
    """minimal-mistakes' `{% include figure … caption="**Figure 1.** …" %}` showed
    "Figure 1 Figure 1. The loss curve." under Lanting's numbered figure. The caption is
    the rest now, the label dropped with a notice at its line; a caption that is a
    sentence about the figure stays as written."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "assets/loss.png": png(8, 8),
        "_posts/2024-03-01-loss.md":
            "---\ntitle: Loss\n---\n\nText.\n\n"
            '{% include figure image_path="/assets/loss.png" alt="loss" '
            'caption="**Figure 1.** The loss curve." %}\n\n'
            '{% include figure image_path="/assets/loss.png" caption="Figure 2 shows '
            'the gap." %}\n\n'
            "{% figure caption:\"图 3：学习率。\" %}\n![lr](/assets/loss.png)\n"
            "{% endfigure %}\n"})
    text = (imported.dest / "content/posts/loss/index.md").read_text(encoding="utf-8")
    assert '"The loss curve.")' in text and "Figure 1" not in text
    assert '"Figure 2 shows the gap.")' in text
    assert '"学习率。")' in text and "图 3" not in text
    report = report_of(imported)
    assert "_posts/2024-03-01-loss.md:7: notice: the caption's own label `Figure 1.` " \
        "dropped" in report
    assert "own label `图 3：`" in report
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    doc = parse_html((out / "posts/loss/index.html").read_text(encoding="utf-8"))
    captions = [" ".join(c.text().split()) for c in doc.find_all("figcaption")]
    assert captions[0].count("Figure 1") == 1 and captions[0].endswith("The loss curve.")


def test_a_hugo_figure_s_own_label_is_dropped(tmp_path: Path) -> None:
    """Hugo's `{{< figure caption="Fig. 1: …" >}}` and a `title` that is the label
    alone (`title="Figure 2"`, shown as a heading over the caption) lose the label."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "static/img/heads.png": png(8, 8),
        "content/posts/heads.md": "---\ntitle: Heads\ndate: 2024-05-02\n---\n\n"
        '{{< figure src="/img/heads.png" caption="Fig. 1: Heads of layer 3." >}}\n\n'
        '{{< figure src="/img/heads.png" title="Figure 2" caption="Averaged." >}}\n'})
    text = (imported.dest / "content/posts/heads/index.md").read_text(encoding="utf-8")
    assert '"Heads of layer 3.")' in text and '"Averaged.")' in text
    assert "Fig. 1" not in text and "Figure 2" not in text
    assert report_of(imported).count("dropped: Lanting numbers the figure itself") == 2


def _captions(out: Path, page_path: str) -> list[str]:
    doc = parse_html((out / page_path).read_text(encoding="utf-8"))
    return [" ".join(c.text().split()) for c in doc.find_all("figcaption")]


def test_an_mkdocs_figure_s_own_label_is_dropped(tmp_path: Path) -> None:
    """Material's `<figure markdown>` captioned `Figure 1: …`, and an image alone with a
    title `Fig. 2. …` (a tooltip to MkDocs, a caption to Lanting), lose their labels; an
    image in a list, which Lanting numbers not, keeps its title."""
    write_files(tmp_path / "old", {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - md_in_html\n",
        "docs/loss.png": png(8, 8),
        "docs/index.md": "# Loss\n\nText.\n\n<figure markdown>\n  ![loss](loss.png)\n"
        "  <figcaption>Figure 1: The loss curve.</figcaption>\n</figure>\n\n"
        '![grad](loss.png "Fig. 2. The gradient.")\n\n'
        '- ![item](loss.png "Figure 3: in a list")\n'})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    text = (tmp_path / "new/content/_index.md").read_text(encoding="utf-8")
    assert '"The loss curve.")' in text and '"The gradient.")' in text
    assert '"Figure 3: in a list")' in text
    report = report_of(imported)
    assert "docs/index.md:7: notice: the caption's own label `Figure 1:` dropped" in report
    assert "docs/index.md:10: notice: the caption's own label `Fig. 2.` dropped" in report
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert _captions(out, "index.html") == ["Figure 1 The loss curve.",
                                             "Figure 2 The gradient."]


def test_a_vuepress_figure_s_own_label_is_dropped(tmp_path: Path) -> None:
    """A container of one image titled `图 1：…` (a site's `img` container) and an image
    alone titled `图 2. …` (hope's figures) lose their labels."""
    write_files(tmp_path / "old", {
        "docs/.vuepress/config.js": "module.exports = { title: '札记', lang: 'zh-CN' }\n",
        "docs/README.md": "# 札记\n\n正文。\n\n::: img 图 1：损失曲线\n![](./loss.png)\n:::\n\n"
        '![梯度](./loss.png "图 2. 梯度")\n', "docs/loss.png": png(8, 8)})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    text = (tmp_path / "new/content/_index.md").read_text(encoding="utf-8")
    assert '"损失曲线")' in text and '"梯度")' in text and "图 1" not in text
    assert report_of(imported).count("dropped: Lanting numbers the figure itself") == 2


def test_a_docusaurus_image_title_s_own_label_is_dropped(tmp_path: Path) -> None:
    """An image alone titled `Figure 1. …` (a tooltip to Docusaurus) loses its label."""
    write_files(tmp_path / "old", {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
        " baseUrl: '/', presets: [['classic', {docs: {routeBasePath: 'docs'}}]]};\n",
        "docs/intro.md": "# Intro\n\nText.\n\n"
        '![loss](./loss.png "**Figure 1.** The loss curve.")\n',
        "docs/loss.png": png(8, 8)})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    text = next((tmp_path / "new/content").rglob("intro.md")).read_text(encoding="utf-8")
    assert '"The loss curve.")' in text and "Figure 1" not in text
    assert "own label `**Figure 1.**` dropped" in report_of(imported)


def test_a_hexo_figure_s_own_label_is_dropped_and_another_kind_s_told(tmp_path: Path) -> None:
    """Hexo's `{% asset_img %}` and `{% img %}` titles and Butterfly's `{% image …,
    alt=… %}` are the captions of Lanting's numbered figures: one that began with its
    own label (`Figure 1:`, `图 2：`, `Fig. 3.`) showed "Figure 1 Figure 1: …", as the
    Jekyll and Hugo ones did. The label is dropped, with a notice; a caption naming
    another kind (`Table 4:` on an image) is kept, with a notice that the image is
    numbered as a figure; a sentence (`Table 5 lists…`) is no label."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: 笔记\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/images/curve.png": png(8, 8),
        "source/_posts/loss/loss.png": png(8, 8),
        "source/_posts/loss.md": "---\ntitle: 损失\ndate: 2024-03-01\n---\n\n"
        '{% asset_img loss.png "Figure 1: The loss curve." %}\n\n'
        '{% img /images/curve.png "图 2：学习率曲线" %}\n\n'
        "{% image /images/curve.png, alt=Fig. 3. Heads %}\n\n"
        '{% asset_img loss.png "Table 4: Results of the runs." %}\n\n'
        '{% asset_img loss.png "Table 5 lists the runs." %}\n'})
    text = post_text(imported, "loss")
    assert '"The loss curve.")' in text and '"学习率曲线")' in text and '"Heads")' in text
    # (the alt text, where the tag gave none, is the title as Hexo wrote it)
    assert '"Figure 1' not in text and '"图 2' not in text and "![Figure 1: The loss" in text
    assert '"Table 4: Results of the runs.")' in text and '"Table 5 lists the runs.")' in text
    report = report_of(imported)
    assert "source/_posts/loss.md:6: notice: the caption's own label `Figure 1:` " \
        "dropped" in report
    assert report.count("dropped: Lanting numbers the figure itself") == 3
    assert "source/_posts/loss.md:12: notice: the caption begins with `Table 4:`, the " \
        "label of another kind than a figure: kept" in report
    assert report.count("another kind") == 1
