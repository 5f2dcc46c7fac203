"""Hugo sites of the shapes real Chinese technical blogs have (uglyURLs book sections,
the hugo-video module, Even's and dead-simple's own shortcodes), written here: what
their pages wrote must reach the new site's pages, and the site must build."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import unquote

from htmltree import Element, parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def imported_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    return import_site(source, tmp_path / "new", "hugo", False, NOW)


def built_cleanly(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    """The site imported with no warning in the report, then built: its output folder."""
    imported = imported_site(tmp_path, files)
    assert imported.report.warnings == []
    return build(imported.dest, BuildOptions(output=tmp_path / "out")).output


def prose(out: Path, rel: str) -> Element:
    return parse_html((out / rel).read_text(encoding="utf-8")).one("div", class_="prose")


def test_ugly_urls_links_without_html_lead_to_the_next_chapter(tmp_path: Path) -> None:
    """With `uglyURLs` a book's chapters were `/books/calc/ch2.html`, and each linked the
    next as `./ch2`, which GitHub Pages answered with `ch2.html`: the links were not
    found among the old URLs and broke the build."""
    chapter = "---\ntitle: 第{n}章\ndate: 2025-09-0{n}\n---\n\n下一章：[第{m}章](./ch{m})。\n"
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\nuglyURLs: true\n",
        "content/books/calc/ch1/index.md": chapter.format(n=1, m=2),
        "content/books/calc/ch2.md": chapter.format(n=2, m=3),
        "content/books/calc/ch3.md": "---\ntitle: 第3章\ndate: 2025-09-03\n---\n\n完。\n"})
    for rel, target in (("ch1", "/books/ch2/"), ("ch2", "/books/ch3/")):
        [link] = prose(out, f"books/{rel}/index.html").find_all("a")
        assert link.get("href") == target



def test_zzo_archive_section_is_lanting_s_archive(tmp_path: Path) -> None:
    """zzo's archive is a dated `content/archive/_index.md` of `type: "archive"` with no
    page under it: it became a post whose alias `/archive/` clashed with Lanting's
    archive page, and the build failed."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "zzo"\n',
        "content/archive/_index.md": '---\ntitle: "归档"\ndate: 2019-10-19T11:44:14+09:00\n'
                                     'type: "archive"\n---\n\n归档页。\n',
        "content/posts/gauss.md": "---\ntitle: 高斯消元\ndate: 2018-06-23\n---\n\n消元。\n"})
    assert [e.message for e in imported.report.entries] == [
        "left out: a page Lanting makes itself (layout `archives`)"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    archive = parse_html((out / "archive/index.html").read_text(encoding="utf-8"))
    assert "高斯消元" in archive.one("main").text()
    assert not (out / "posts/archive").exists()


def test_hugo_video_module_names_the_bundle_file_without_its_extension(tmp_path: Path) -> None:
    """The hugo-video module's `{{% video src="demo" %}}` played the bundle's `demo.mp4`
    (or `.webm`, `.ogg`): the link made of it led to `demo`, a file that was never
    there, and broke the build; the video was left behind."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = ["even", "hugo-video"]\n',
        "content/post/tabs/index.md": "---\ntitle: 关标签页\ndate: 2022-05-01\n---\n\n"
                                      '效果如下：\n\n{{% video src="close" width="240px" %}}\n',
        "content/post/tabs/close.webm": b"\x1aE\xdf\xa3webm",
        "content/post/tabs/close.mp4": b"\x00\x00\x00\x18ftypmp42"})
    [link] = prose(out, "post/tabs/index.html").find_all("a")
    assert link.get("href") == "/post/tabs/close.mp4"
    assert (out / "post/tabs/close.mp4").read_bytes().endswith(b"ftypmp42")


def test_a_pdf_shown_in_an_iframe_moves_with_its_page(tmp_path: Path) -> None:
    """A FixIt post showing its bundle's slides in `<iframe src="files/deck.pdf">`: the
    PDF was left behind (only Markdown links and `<a>`, `<img>`, `<video>` carried their
    files), and the build failed on the missing file."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n',
        "content/posts/_web/render/index.md":
            "---\ntitle: 浏览器渲染\ndate: 2023-02-05\n---\n\n讲稿：\n\n"
            '<iframe src="files/deck.pdf" width="100%" height="550"></iframe>\n\n'
            '<embed src="files/flow.pdf" type="application/pdf">\n',
        "content/posts/_web/render/files/deck.pdf": b"%PDF-1.4 deck\n",
        "content/posts/_web/render/files/flow.pdf": b"%PDF-1.4 flow\n"})
    page = prose(out, "posts/render/index.html")
    assert page.one("iframe").get("src") == "/posts/render/files/deck.pdf"
    assert (out / "posts/render/files/deck.pdf").read_bytes() == b"%PDF-1.4 deck\n"
    assert (out / "posts/render/files/flow.pdf").read_bytes() == b"%PDF-1.4 flow\n"


def test_fixit_collections_are_series(tmp_path: Path) -> None:
    """FixIt's `collections:` (its series, a taxonomy of the site) was dropped without a
    word, and a link to the collection's page (`/collections/web-components/`) broke
    the build."""
    post = ("---\ntitle: {title}\ndate: 2025-08-0{n}\ncollections:\n  - Web Components\n"
            "---\n\n{text}\n")
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n'
                     '[taxonomies]\ncategory = "categories"\ntag = "tags"\n'
                     'collection = "collections"\n',
        "content/posts/wc-1/index.md": post.format(
            title="开篇", n=1, text="更多见[本系列](/collections/web-components/)。"),
        "content/posts/wc-2.md": post.format(title="影子树", n=2, text="正文。")})
    assert imported.report.warnings == []
    assert "series: Web Components" in (imported.dest / "content/posts/wc-2.md").read_text(
        encoding="utf-8")
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    [link] = prose(out, "posts/wc-1/index.html").find_all("a")
    assert link.get("href") == "/series/web-components/"
    series = parse_html((out / "series/web-components/index.html").read_text(encoding="utf-8"))
    titles = [a.text() for a in series.one("main").find_all("a", href="/posts/wc-2/")]
    assert "影子树" in titles


def test_bilibili_by_its_old_numeric_id_is_a_link(tmp_path: Path) -> None:
    """Stack's, Even's and LoveIt's `bilibili` took the old numeric id (`av498363026`,
    `47027633 2`, `av=47027633`), as their example posts show: it became Lanting's
    video, which takes BV ids only, and failed the build (or, named, was left in a
    comment)."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "hugo-theme-stack"\n',
        "content/post/demo/index.md": "---\ntitle: 示例\ndate: 2024-01-01\n---\n\n"
                                      "{{< bilibili av498363026 >}}\n\n"
                                      "{{< bilibili 47027633 2 >}}\n\n"
                                      "{{< bilibili av=47027633 p=3 >}}\n\n"
                                      "{{< bilibili BV1GJ411x7h7 >}}\n"})
    page = prose(out, "post/demo/index.html")
    assert [a.get("href") for a in page.find_all("a") if "video-load" not in a.classes] == [
        "https://www.bilibili.com/video/av498363026/",
        "https://www.bilibili.com/video/av47027633/?p=2",
        "https://www.bilibili.com/video/av47027633/?p=3"]
    assert page.one("figure", class_="video-bilibili")


def test_even_aligned_text_and_netease_song(tmp_path: Path) -> None:
    """Even's `center` (also `left`, `right`) around a caption, and its `music "id"` (a
    NetEase song): the caption was left between comments with a warning, the song was
    "music of `3950552` has no link to it"."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "even"\n',
        "content/post/mcp.md": "---\ntitle: 协议\ndate: 2025-10-01\n---\n\n"
                               "{{% center %}}（图：协议的作用）{{% /center %}}\n\n"
                               '{{% music "3950552" %}}\n\n{{% music id="28196554" %}}\n'})
    page = prose(out, "post/mcp/index.html")
    assert page.find_all("p")[0].text() == "（图：协议的作用）"
    assert [a.get("href") for a in page.find_all("a")] == [
        "https://music.163.com/#/song?id=3950552", "https://music.163.com/#/song?id=28196554"]


CODE_POST = """---
title: 词云
date: 2023-01-01
---

改模板：
{{<code html>}}
<div id="cloud"></div>
{{- range $key, $value := .Data.Terms.Alphabetical }}
    {{ $.Scratch.Add "tags" (slice (dict .Name .Count)) }}
{{- end }}
{{</code>}}

{{< codes java python >}}
  {{< code >}}

  ```java
  System.out.println("hi");
  ```

  {{< /code >}}

  {{< code >}}

  ```python
  print("hi")
  ```

  {{< /code >}}
{{< /codes >}}
"""


def test_a_themes_code_shortcode_is_a_code_block(tmp_path: Path) -> None:
    """A PaperMod fork's `{{<code html>}}` … `{{</code>}}` holding a Go template: left in
    comments with the template between them as text, whose `$key, $value` read as a
    formula failed the build; zzo's `codes` tabs of `code` fences were comments too."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "PaperMod"\n',
        "content/post/cloud.md": CODE_POST})
    page = prose(out, "post/cloud/index.html")
    blocks = page.find_all("pre")
    assert "{{- range $key, $value := .Data.Terms.Alphabetical }}" in blocks[0].text()
    assert page.find_all("math") == []
    assert [b.text().strip() for b in blocks[1:]] == ['System.out.println("hi");',
                                                      'print("hi")']
    assert [t.text() for t in page.find_all("label", class_="tab-label")] == ["java", "python"]


MATH_DEMO = """---
title: Math Typesetting
date: 2019-03-08
math: true
---

{{< math.inline >}}
{{ if or .Page.Params.math .Site.Params.math }}
<link rel="stylesheet" href="https://cdn.example.org/katex.min.css">
<script defer src="https://cdn.example.org/katex.min.js"></script>
{{ end }}
{{</ math.inline >}}

Inline math: $\\varphi = \\dfrac{1+\\sqrt5}{2}$

{{< css.inline >}}
<style>
.canon { width: 100%; }
</style>
{{< /css.inline >}}
"""


def test_hugo_inline_shortcodes_are_not_left_on_the_page(tmp_path: Path) -> None:
    """The demo posts Stack sites keep (`math-typesetting`) load KaTeX in an inline
    shortcode, `{{< math.inline >}}`, a Go template: left between comments, its
    `{{ if … }}` was text on the page (a warning) and its `<script>` loaded KaTeX from a
    CDN; `css.inline`'s style stayed too."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\ntheme = "hugo-theme-stack"\n',
        "content/post/math-typesetting/index.md": MATH_DEMO})
    assert [(w.line, w.message) for w in imported.report.warnings] == [
        (16, "`css.inline` is a Go template of the page, which Lanting does not run: "
             "left out")]
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    html = (result.output / "post/math-typesetting/index.html").read_text(encoding="utf-8")
    assert "cdn.example.org" not in html and ".canon" not in html
    assert len(prose(result.output, "post/math-typesetting/index.html").find_all("math")) == 1


def test_hugo_simple_embeds_of_the_demo_posts_are_links(tmp_path: Path) -> None:
    """Hugo's `twitter_simple` and `vimeo_simple`, in the `rich-content` demo post Stack
    sites keep, were left in comments."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\ntheme = "hugo-theme-stack"\n',
        "content/post/rich-content/index.md":
            "---\ntitle: Rich Content\ndate: 2019-03-10\n---\n\n"
            '{{< twitter_simple user="someone" id="1085870671291310081" >}}\n\n'
            "{{< vimeo_simple 48912912 >}}\n"})
    page = prose(out, "post/rich-content/index.html")
    assert [a.get("href") for a in page.find_all("a")] == [
        "https://x.com/someone/status/1085870671291310081", "https://vimeo.com/48912912"]


def test_sulv_papermod_link_and_github_cards(tmp_path: Path) -> None:
    """sulv's PaperMod fork, which many Chinese blogs use, writes `link "text" "url"`
    (LoveIt writes the URL first): the text became the link's target, a broken link
    failing the build; its `github title="owner/repo"` card was left in a comment."""
    out = built_cleanly(tmp_path, {
        "config.yml": "title: S\nlanguageCode: zh-cn\ntheme: PaperMod\n",
        "content/post/tech/shortcodes.md":
            "---\ntitle: 短代码\ndate: 2022-05-01\n---\n\n"
            '参考了 {{< link "某博主" "https://example.org/hugo" >}} 的写法。\n\n'
            '{{< github title="someone/some-tool" >}}\n'})
    page = prose(out, "post/shortcodes/index.html")
    assert {a.text(): a.get("href") for a in page.find_all("a")} == {
        "某博主": "https://example.org/hugo", "someone/some-tool":
            "https://github.com/someone/some-tool"}


def test_a_bundle_file_named_by_its_old_url_moves_with_the_page(tmp_path: Path) -> None:
    """A FixIt post showing its bundle's `1.pdf` by the URL Hugo published it at
    (`<iframe src="/posts/next-pdf/1.pdf">`), and another post linking it so: the file
    was left behind, and the build failed on it."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n'
                     '[permalinks]\nposts = "posts/:slugorcontentbasename"\n',
        "content/posts/_memo/next-pdf/index.md":
            "---\ntitle: 插入 PDF\ndate: 2019-01-01\n---\n\n"
            '<iframe src="/posts/next-pdf/1.pdf" style="width: 100%;"></iframe>\n',
        "content/posts/_memo/next-pdf/1.pdf": b"%PDF-1.4 one\n",
        "content/posts/_memo/other.md": "---\ntitle: 另一篇\ndate: 2019-01-02\n---\n\n"
                                        "见[那份 PDF](/posts/next-pdf/1.pdf)。\n"})
    assert prose(out, "posts/next-pdf/index.html").one("iframe").get("src") == \
        "/posts/next-pdf/1.pdf"
    assert prose(out, "posts/other/index.html").one("a").get("href") == "/posts/next-pdf/1.pdf"
    assert (out / "posts/next-pdf/1.pdf").read_bytes() == b"%PDF-1.4 one\n"


def test_front_matter_fences_ending_in_spaces_are_read(tmp_path: Path) -> None:
    """A Stack post whose every line ends in two spaces, its fences too (`---  `): Hugo
    read the front matter; the import took it for text (a post titled `index`, dated by
    the file's time, its front matter on the page with `\\` breaks)."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\ntheme = "hugo-theme-stack"\n',
        "content/post/renew/index.md": "---  \ntitle: \"Daily Renewal\"  \n"
                                       "slug: daily-renewal  \ndate: 2025-09-11  \n---  \n\n"
                                       "Renew yourself each day.  \nAgain.\n"})
    doc = parse_html((out / "post/daily-renewal/index.html").read_text(encoding="utf-8"))
    assert doc.one("h1").text() == "Daily Renewal"
    assert doc.one("time").get("datetime", "").startswith("2025-09-11")
    assert "title:" not in doc.one("div", class_="prose").text()


FOLD_POST = """---
title: 树链剖分
date: 2019-03-01
---

结论如下。

{{% fold "结论的证明" %}}
设 $x_i$ 为第 $i$ 个点。
{{% /fold %}}

{{< fold 参考代码 >}}
```cpp
int main() { return 0; }
```
{{< /fold >}}

{{< mathjax >}}
$$\\phi\\Big(\\mathbb{E}(X|\\mathcal{G})\\Big)$$
{{< /mathjax >}}

{{< expand "展开看" >}}
#### 细节

更多。
{{< /expand >}}
"""


def test_fold_is_a_collapsible_block_and_mathjax_a_wrapper(tmp_path: Path) -> None:
    """`fold "Proof"` (a `<details>` of the site's or theme's, hiding many math and OI
    blogs' proofs and code) and zzo's `expand "title"` were left in comments with a
    warning; a `mathjax` wrapper around a formula too."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "even"\n',
        "content/post/hld.md": FOLD_POST})
    page = prose(out, "post/hld/index.html")
    folds = page.find_all("details")
    assert [d.one("summary").text() for d in folds] == ["结论的证明", "参考代码", "展开看"]
    assert len(folds[0].find_all("math")) == 2 and folds[1].one("pre")
    assert len(page.find_all("math")) == 3


def test_notice_callouts_and_friendlink_cards(tmp_path: Path) -> None:
    """The hugo-notice module's (and zzo's) `notice info` … `/notice` and a PaperMod
    site's `friendlink name=… url=… slogan=…` cards were left in comments."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: S\nlanguageCode: zh-cn\ntheme: PaperMod\n",
        "content/posts/hugo.md": "---\ntitle: 搭建\ndate: 2025-04-20\n---\n\n"
                                 "{{< notice info >}}\n先建好目录。\n{{< /notice >}}\n\n"
                                 "{{< notice warning >}}\n别删主题。\n{{< /notice >}}\n",
        "content/links.md": "---\ntitle: 友链\n---\n\n"
                            '{{< friendlink name="某人的博客" url="https://example.org/" '
                            'logo="https://example.org/a.png" slogan="写点代码" >}}\n'})
    page = prose(out, "posts/hugo/index.html")
    callouts = page.find_all("div", class_="callout")
    assert [c.text().split()[-1] for c in callouts] == ["先建好目录。", "别删主题。"]
    assert [c.classes for c in callouts] == [["callout", "callout-note"],
                                             ["callout", "callout-warning"]]
    links = parse_html((out / "links/index.html").read_text(encoding="utf-8"))
    [item] = links.one("main").find_all("li")
    assert item.text() == "某人的博客 — 写点代码"


def test_fixit_components_repository_cards_caniuse_and_version(tmp_path: Path) -> None:
    """FixIt's components (`gh-repo-card-container` of `gh-repo-card repo=…`, `caniuse
    "feature"`) and LoveIt's and FixIt's `version 0.2.12 changed` badge were left in
    comments."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n',
        "content/posts/css.md": "---\ntitle: CSS 层\ndate: 2024-01-01\n---\n\n"
                                "{{< gh-repo-card-container >}}\n"
                                '{{< gh-repo-card repo="someone/tool" >}}\n'
                                "{{< /gh-repo-card-container >}}\n\n"
                                '{{< caniuse "css-at-layer" >}}\n\n'
                                "用法 {{< version 0.2.12 changed >}}\n"})
    page = prose(out, "posts/css/index.html")
    assert [a.get("href") for a in page.find_all("a")] == [
        "https://github.com/someone/tool", "https://caniuse.com/css-at-layer"]
    assert page.one("mark").text() == "v0.2.12 更改"


def test_images_relative_to_the_old_page_url(tmp_path: Path) -> None:
    """Even's posts as single files (`content/post/yuzu.md`, at `/post/yuzu/`) showing
    `../img/a.png`: the file `content/post/img/a.png`, which Hugo published at
    `/post/img/a.png`. From the page's file the path led to `content/img/`, nothing
    was found, and the build failed on the missing image."""
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "even"\n',
        "content/post/yuzu.md": "---\ntitle: 模拟器\ndate: 2021-07-01\n---\n\n"
                                "![截图](../img/shot.png)\n",
        "content/post/img/shot.png": png})
    [image] = prose(out, "post/yuzu/index.html").find_all("img")
    assert (out / str(image.get("src")).lstrip("/")).read_bytes() == png


def test_an_image_of_a_section_folder_shown_by_several_posts(tmp_path: Path) -> None:
    """A blog's sign-off QR code, `content/img/qrcode.jpg` (Hugo published it at
    `/img/qrcode.jpg`), ending several posts: it was copied into no bundle (it is no
    one post's) and into no `static/` (it was not in the old one), and every post
    showing it failed the build."""
    jpg = b"\xff\xd8\xff\xe0" + b"\x00" * 16
    post = "---\ntitle: {t}\ndate: 2024-0{n}-01\n---\n\n正文。\n\n![公众号](/img/qrcode.jpg)\n"
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "even"\n',
        "content/post/a.md": post.format(t="甲", n=1),
        "content/post/b.md": post.format(t="乙", n=2),
        "content/img/qrcode.jpg": jpg})
    for rel in ("post/a/index.html", "post/b/index.html"):
        [image] = prose(out, rel).find_all("img")
        assert (out / str(image.get("src")).lstrip("/")).read_bytes() == jpg


def test_html_entities_in_math_are_the_characters_the_browser_saw(tmp_path: Path) -> None:
    """`Y_{&lt;t}` in a formula (written so that Markdown would not read `<t` as a tag):
    the browser decoded the entity before KaTeX read the page, and the formula showed
    `<`; Lanting's math reads the source, and the build failed on `&`."""
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: S\nlanguageCode: zh-cn\nmarkup:\n  goldmark:\n    extensions:\n"
                     "      passthrough:\n        enable: true\n        delimiters:\n"
                     "          inline: [['$', '$']]\n          block: [['$$', '$$']]\n",
        "content/post/seq/index.md": "---\ntitle: 解码器\ndate: 2026-01-01\n---\n\n"
                                     "$$\nH = \\operatorname{Emb}(Y_{&lt;t})\n$$\n\n"
                                     "当 $i &gt; 0$ 时成立。\n"})
    page = prose(out, "post/seq/index.html")
    operators = [mo.text() for mo in page.find_all("mo")]
    assert "<" in operators and ">" in operators
    assert "&" not in page.text()


def test_a_ref_to_a_heading_of_the_same_page(tmp_path: Path) -> None:
    """`[下文]({{< relref "#使用Pygments进行高亮" >}})`, Hugo's link to a heading of the page
    itself, named by its text: taken for a page named "", left in a comment, and the
    link's text lost its target."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\n',
        "content/post/hl.md": "---\ntitle: 语法高亮\ndate: 2018-01-20\n---\n\n"
                              '方法见[下文]({{< relref "#使用Pygments进行高亮" >}})。\n\n'
                              "## 使用Pygments进行高亮\n\n正文。\n"})
    page = prose(out, "post/hl/index.html")
    [link] = [a for a in page.find_all("a") if a.text() == "下文"]
    heading = page.one("h2")
    assert unquote(str(link.get("href"))) == "#" + str(heading.get("id"))


def test_a_link_to_a_heading_of_the_page_by_its_text(tmp_path: Path) -> None:
    """`[接口](#CMake接口)` and Typora's `[连接](#VsCode%20/%20Cursor%20连接)` name a
    heading of the page by its text; the heading's id is `cmake接口` (Hugo's and
    Lanting's alike), and the build failed on the missing anchor."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\n',
        "content/post/build/index.md": "---\ntitle: 构建\ndate: 2025-01-01\n---\n\n"
                                       "先看[接口](#CMake接口)，再看[连接](#VsCode%20/%20Cursor%20连接)"
                                       "和[脚注](#fn)。\n\n## CMake接口\n\n正文。\n\n"
                                       "## VsCode / Cursor 连接\n\n正文。\n\n"
                                       '<a id="fn"></a>注。\n'})
    page = prose(out, "post/build/index.html")
    ids = [str(h.get("id")) for h in page.find_all("h2")]
    links = {a.text(): unquote(str(a.get("href"))) for a in page.find_all("a")
             if a.text() in ("接口", "连接", "脚注")}
    assert links == {"接口": "#" + ids[0], "连接": "#" + ids[1], "脚注": "#fn"}


def test_a_ref_to_the_main_section_list_leads_to_the_blog(tmp_path: Path) -> None:
    """`{{< ref "/posts/_index.md" >}}` was the list of the posts in Hugo; no page of
    the site is that file, so the shortcode was left in a comment, with a warning."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/posts/_index.md": "---\ntitle: Posts\n---\n",
        "content/posts/one.md": "---\ntitle: One\ndate: 2024-01-02\n---\nHello.\n",
        "content/about.md": "---\ntitle: About\n---\n"
                            'All [my posts]({{< ref "/posts/_index.md" >}}).\n',
    })
    assert prose(out, "about/index.html").one("a")["href"] == "/blog/"


def test_a_blogdown_formula_with_character_references_converts(tmp_path: Path) -> None:
    """A blogdown post (pandoc's HTML, `index.html`) writes `r>0` in a formula as
    `r&gt;0`: the importer tried the TeX as written, and warned that it did not
    convert."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/post/bcd/index.html": "---\ntitle: BCD\ndate: 2016-11-17\n---\n"
            '<p>Since <span class="math inline">\\(r^{k}&gt;0\\)</span>, done.</p>\n',
    })
    formula = prose(out, "post/bcd/index.html").one("math")
    assert [mo.text() for mo in formula.find_all("mo")] == [">"]


def test_a_blogdown_code_block_with_a_blank_line_stays_one_block(tmp_path: Path) -> None:
    """blogdown's `.html` (an `.Rmd` rendered, beside it) writes a chunk as `<pre
    class="r"><code>` on the line after `</ol>`: the blank line in the code ended the
    HTML block, and the rest was Markdown, a comment `## Fit` a heading and `fit$a …
    fit$b` a formula that failed the build."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/post/2020-01-02-fits.Rmd": "---\ntitle: Fits\n---\n```{r}\nx\n```\n",
        "content/post/2020-01-02-fits.html": "---\ntitle: Fits\ndate: 2020-01-02\n---\n"
            '<div id="setup" class="section level2">\n<h2>Setup</h2>\n<ol>\n'
            "<li>Load</li>\n</ol>\n"
            '<pre class="r"><code>fit &lt;- lm(y ~ x)\n\n## Fit\n'
            "c(fit$a, fit$b)</code></pre>\n<p>Done.</p>\n</div>\n",
    })
    page = prose(out, "post/2020-01-02-fits/index.html")
    code = page.one("pre").text()
    assert "## Fit" in code and "c(fit$a, fit$b)" in code
    assert len(page.find_all("h2")) == 1
    assert page.find_all("math") == []


def test_blogdown_scripts_the_repository_lacks_are_left_out(tmp_path: Path) -> None:
    """blogdown's `.html` starts with the scripts and styles of R Markdown's HTML
    dependencies (`/rmarkdown-libs/header-attrs/header-attrs.js`), files it wrote into
    `static/` at each build and the repository did not keep: the build failed on each,
    in nearly every post of a blog. One the site holds stays."""
    head = ('<script src="/rmarkdown-libs/header-attrs/header-attrs.js"></script>\n'
            '<script src="/rmarkdown-libs/kePrint/kePrint.js"></script>\n'
            '<link href="/rmarkdown-libs/bsTable/bootstrapTable.min.css" rel="stylesheet" />'
            '\n\n<p>The mean is a poor summary here.</p>\n')
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/post/2018-10-26-mean.Rmd": "---\ntitle: Mean\n---\nText.\n",
        "content/post/2018-10-26-mean.html": "---\ntitle: Mean\ndate: 2018-10-26\n---\n\n"
            + head,
        "static/rmarkdown-libs/kePrint/kePrint.js": "/* tooltips */\n",
    })
    page = (out / "post/2018-10-26-mean/index.html").read_text(encoding="utf-8")
    assert "header-attrs" not in page and "bootstrapTable" not in page
    assert "/rmarkdown-libs/kePrint/kePrint.js" in page
    assert "The mean is a poor summary here." in page


def test_blogdown_postref_before_a_figure_of_the_bundle(tmp_path: Path) -> None:
    """blogdown 1.0's `.Rmarkdown` renders a chunk's plot as `<img src="{{<
    blogdown/postref >}}index_files/figure-html/x.png">` (the shortcode, which blogdown
    copies into the site, prints the page's URL): it was left in a comment with a
    warning, and the build failed on the image. It is the page's own bundle."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "layouts/shortcodes/blogdown/postref.html":
            '{{ if eq (getenv "BLOGDOWN_POST_RELREF") "" }}{{ .Page.RelPermalink }}'
            "{{ end }}",
        "content/blog/plots/index.Rmarkdown": "---\ntitle: Plots\n---\n",
        "content/blog/plots/index.markdown": "---\ntitle: Plots\ndate: 2021-06-01\n---\n\n"
            '<img src="{{< blogdown/postref >}}index_files/figure-html/cars-1.png" '
            'width="672" />\n\nA scatter of speed and distance.\n',
        "content/blog/plots/index_files/figure-html/cars-1.png": png(4, 3),
    })
    page = prose(out, "blog/plots/index.html")
    assert page.one("img")["src"].endswith("cars-1.png")


def test_double_brackets_in_raw_highlighted_code_stay_as_written(tmp_path: Path) -> None:
    """hugodown writes R's output as highlighted HTML (`<pre class='chroma'>`), so
    `x[[1]]` is `[[<span class='m'>1</span>]]` there: it was taken for a `[[note]]` link
    to no page, escaped with backslashes that the raw HTML showed, one warning each."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "content/post/2021-04-02_rivers/index.md": "---\ntitle: Rivers\ndate: 2021-04-02\n"
            "---\n\n<div class=\"highlight\">\n\n<pre class='chroma'><code class='language-r'>"
            "<span class='k'>lakes</span>[[<span class='m'>3</span>]]\n\n"
            "<span class='k'>ids</span>[[<span class='k'>lake_id</span>]]</code></pre>\n\n"
            "</div>\n",
    })
    code = prose(out, "post/2021-04-02-rivers/index.html").one("pre").text()
    assert "lakes[[3]]" in code and "ids[[lake_id]]" in code and "\\" not in code


def test_a_link_to_a_terms_anchor_on_the_list_of_tags_leads_to_its_page(
        tmp_path: Path) -> None:
    """Tranquilpeak's list of tags puts each tag's posts under an anchor named after it:
    a post's `[more](/tags/#parallel-r-list)` kept its anchor, which Lanting's list of
    tags has not, and the build failed on each."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\ntheme = "hugo-tranquilpeak-theme"\n',
        "content/post/2022-06-03-workers.md": "---\ntitle: Workers\ndate: 2022-06-03\n"
            "tags: [Parallel R]\n---\nSee the [other posts](/tags/#parallel-r-list).\n",
    })
    link = prose(out, "post/2022-06-03-workers/index.html").one("a")
    assert link["href"] == "/tags/parallel-r/"


def test_an_inline_shortcode_of_plain_markup_is_kept(tmp_path: Path) -> None:
    """Stack's math demo uses `math.inline` twice: to load KaTeX, then around
    `<p>Inline math: \\(…\\)</p>`, which Hugo showed as written; that one was left out
    too, with a warning, and the formula was lost."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\ntheme = "hugo-theme-stack"\n',
        "content/post/math-typesetting/index.md": MATH_DEMO.split("{{< css.inline")[0]
            + "{{< math.inline >}}\n<p>\nGolden: \\(\\varphi = 1.618\\)\n</p>\n"
              "{{</ math.inline >}}\n"})
    page = prose(out, "post/math-typesetting/index.html")
    assert "Golden:" in page.text() and len(page.find_all("math")) == 2


def test_a_terms_index_text_becomes_its_term_pages(tmp_path: Path) -> None:
    """`content/tags/rl/_index.md` and `content/series/推理/_index.md` gave Hugo's term
    pages their titles, descriptions and texts (LoveIt, PaperMod, Stack); they were left
    out. An `authors` term has no page in Lanting: still left out, with its note."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "zh-cn"\n'
                     '[taxonomies]\ntag = "tags"\nseries = "series"\nauthor = "authors"\n',
        "content/posts/one.md": "---\ntitle: One\ndate: 2024-01-02\ntags: [RL]\n"
                                "series: [推理]\nauthors: [wu]\n---\nHello.\n",
        "content/tags/rl/_index.md": "---\ntitle: 强化学习\ndescription: RL 的文章。\n---\n"
                                     "关于策略梯度，$\\nabla J$，见 [One]({{< ref \"one\" >}})。\n",
        "content/series/推理/_index.md": "---\ntitle: 推理优化\n---\n系列导言。\n",
        "content/authors/wu/_index.md": "---\ntitle: Wu\n---\nBio.\n",
    })
    assert imported.report.warnings == []
    assert any("`authors`" in e.message for e in imported.report.entries
               if e.path == "content/authors/wu/_index.md")
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in out.warnings] == []
    tag = parse_html((out.output / "tags/rl/index.html").read_text(encoding="utf-8"))
    assert tag.one("h1").text() == "强化学习"
    intro = tag.one("div", class_="term-intro")
    assert intro.one("math") is not None and intro.one("a")["href"] == "/posts/one/"
    series = parse_html((out.output / "series/推理/index.html").read_text(encoding="utf-8"))
    assert (series.one("h1").text(), series.one("div", class_="series-intro").text().strip()) \
        == ("推理优化", "系列导言。")


def test_a_section_per_series_gives_each_series_its_text(tmp_path: Path) -> None:
    """A Chinese ML blog keeps each series in a folder of its own
    (`content/series/ml_foundation/`, each post saying `series: "ml_foundation"`), its
    `_index.md` naming it ("机器学习基础") and introducing it: that text was a warning,
    not imported, and the series page showed the folder's name alone."""
    post = ("---\ntitle: \"{t}\"\ndate: 2026-0{m}-01\nseries: \"ml_foundation\"\n---\n"
            "正文。\n")
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "AI"\ndefaultContentLanguage = "zh-cn"\n',
        "content/series/ml_foundation/_index.md": (
            "---\ntitle: \"机器学习基础\"\ndescription: \"从线性回归讲起\"\n---\n"
            "十篇文章，公式 $y = wx + b$ 起步。\n"),
        "content/series/_index.md": ("---\ntitle: 系列\n---\n<div class=\"cards\">\n"
                                     "<a href=\"ml_foundation/\">机器学习基础</a>\n</div>\n"),
        "content/series/ml_foundation/001-intro.md": post.format(t="导论", m=1),
        "content/series/ml_foundation/002-linear.md": post.format(t="线性回归", m=2)})
    assert not [w for w in imported.report.warnings if "_index.md" in w.path]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in out.warnings] == []
    page = parse_html((out.output / "series/ml-foundation/index.html").read_text(
        encoding="utf-8"))
    assert page.one("h1").text() == "机器学习基础"
    old = (out.output / "series/ml_foundation/index.html").read_text(encoding="utf-8")
    assert "/series/ml-foundation/" in old  # (the old list page leads to the series)
    intro = page.one("div", class_="series-intro")
    assert intro.one("math") is not None
    card = parse_html((out.output / "series/index.html").read_text(encoding="utf-8")
                      ).one(class_="series-card")
    assert card.one(class_="summary").text() == "从线性回归讲起"
    # the section of every series held the posts: its list's text is the blog page's,
    # its links written from /series/ lead to the series pages
    blog = parse_html((out.output / "blog/index.html").read_text(encoding="utf-8"))
    assert blog.one("div", class_="blog-intro").one("a")["href"] == "/series/ml-foundation/"
