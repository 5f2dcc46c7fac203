"""Faults real Chinese Hugo blogs exposed (LoveIt, FixIt, DoIt and their forks: links to
the pages of terms, ECharts charts, FixIt's timelines), in small sites written here."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urljoin

from htmltree import parse_html
from sitebits import png
from test_import_hugo_sites import built_cleanly, imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions


def test_links_to_the_pages_of_terms_lead_to_lanting_s(tmp_path: Path) -> None:
    """A link to a tag whose folder held the term's `_index.md` (`/tags/hexo/`) was taken
    for a section's list and lost its link, with a warning; a `ref` to a series' page
    (`ref "/series/夕拾花/"`), which Hugo made without a folder, was left in a comment."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "博客"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n'
                     '[taxonomies]\ntag = "tags"\ncategory = "categories"\n'
                     'series = "series"\n',
        "content/tags/hexo/_index.md": "---\ntitle: Hexo\n---\n\n旧博客的文章。\n",
        "content/posts/hexo-theme.md": (
            "---\ntitle: 主题美化\ndate: 2021-03-01\ntags: [Hexo, C++]\n"
            "series: [夕拾花]\n---\n\n之前的修改见 [hexo 标签](/tags/hexo/)，"
            "代码见 [C++](/tags/c++/#top)。\n"),
        "content/posts/annual.md": (
            "---\ntitle: 年终总结\ndate: 2022-12-31\n---\n\n"
            '这一年写了[一个系列]({{< ref "/series/夕拾花/" >}})。\n')})
    [hexo, cpp] = prose(out, "posts/hexo-theme/index.html").find_all("a")
    assert (hexo.get("href"), cpp.get("href")) == ("/tags/hexo/", "/tags/cpp/#top")
    [series] = prose(out, "posts/annual/index.html").find_all("a")
    assert unquote(series.get("href") or "") == "/series/夕拾花/"
    assert (out / "tags/hexo/index.html").is_file()


def test_an_echarts_chart_is_its_option_as_code(tmp_path: Path) -> None:
    """LoveIt's and FixIt's `{{< echarts >}}` holds the chart's option as JSON, YAML or
    TOML, which the theme's script drew: it was left between two comments, and the
    option showed as a paragraph of braces. It is a code block of that data now, with a
    warning (Lanting draws no chart)."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-CN"\ntheme = "LoveIt"\n',
        "content/posts/charts.md": (
            "---\ntitle: 图表\ndate: 2024-03-17\n---\n\n"
            '{{< echarts >}}\n{\n  "title": {"text": "周访问量"},\n'
            '  "series": [{"type": "line", "data": [120, 132]}]\n}\n{{< /echarts >}}\n\n'
            "再画一张：\n\n"
            '{{< echarts "100%" "20rem" >}}\ntitle:\n  text: 饼图\nseries:\n'
            "  - type: pie\n{{< /echarts >}}\n")})
    assert [e.message.split(":")[0] for e in imported.report.warnings] == [
        "an ECharts chart shown as its option code"] * 2
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/charts/index.html").read_text(encoding="utf-8"))
    codes = [c.text() for c in page.one("div", class_="prose").find_all("pre")]
    assert [c.get("class") for c in page.one("div", class_="prose").find_all("code")] == [
        "language-json", "language-yaml"]
    assert '"text": "周访问量"' in codes[0] and "text: 饼图" in codes[1]
    assert "echarts" not in page.one("div", class_="prose").text()


def test_fixit_s_timeline_fence_is_a_list_of_its_events(tmp_path: Path) -> None:
    """FixIt draws a ```` ```timeline ```` fence of `events` as a timeline: kept as code,
    the page showed its YAML, and the build warned of an unknown language. Its events
    are a list now, in the order drawn (`reverse=true`: the last first), each its time
    over its text; a fence shown as an example, inside a longer one, stays code."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n',
        "content/about/index.md": (
            "---\ntitle: 关于\n---\n\n## 建站历程\n\n"
            '```timeline {reverse=true, animation=true, height="280px"}\nevents:\n'
            "  - timestamp: 2019-06-01 20:01:01\n    content: 用 Hexo 搭起博客。<br>记录题解。\n"
            "  - timestamp: 2021-09-08\n    content: 迁到 Hugo，换 **FixIt** 主题。\n"
            "    type: success\n"
            "  - timestamp: 2022-01-01\n    content: 停更了很久……\n    hideTimestamp: true\n"
            "```\n"
            "之后再说。\n\n"
            '```timeline\n{"events": [{"timestamp": "2024-07-11", "content": "立项"}]}\n```\n\n'
            "写法：\n\n````markdown\n```timeline\nevents:\n  - timestamp: 2024-07-11\n"
            "    content: 示例\n```\n````\n")})
    page = prose(out, "about/index.html")
    [drawn, json_one] = page.find_all("ul")
    assert [" ".join(li.text().split()) for li in drawn.find_all("li")] == [
        "停更了很久……", "2021-09-08 迁到 Hugo，换 FixIt 主题。",
        "2019-06-01 20:01:01 用 Hexo 搭起博客。记录题解。"]
    assert [b.text() for b in drawn.find_all("li")[1].find_all("strong")] == [
        "2021-09-08", "FixIt"]
    assert " ".join(json_one.text().split()) == "2024-07-11 立项"
    assert "之后再说。" in [p.text().strip() for p in page.find_all("p")]  # (no lazy line)
    assert "之后再说" not in drawn.text()
    [example] = page.find_all("pre")
    assert "timestamp: 2024-07-11" in example.text()


def test_qq_music_players_are_links_to_their_pages(tmp_path: Path) -> None:
    """An APlayer of QQ Music (`server="tencent"`: FixIt's and LoveIt's `music`, a
    fork's `meting`) was left in a comment with a warning ("no link to it"), where a
    NetEase one became a link: its id names its page on y.qq.com just as well."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n',
        "content/projects/font/index.md": (
            "---\ntitle: 字体\ndate: 2022-03-01\n---\n\n试听：\n\n"
            '{{< music server="tencent" type="playlist" id="8305844774" >}}\n\n'
            "{{< music tencent song 002Zkt5S2z8JZx >}}\n\n"
            '{{< meting server="tencent" type="album" id="001ZaCQY2OxVMg" >}}\n')})
    links = [a.get("href") for a in prose(out, "projects/font/index.html").find_all("a")]
    assert links == ["https://y.qq.com/n/ryqq/playlist/8305844774",
                     "https://y.qq.com/n/ryqq/songDetail/002Zkt5S2z8JZx",
                     "https://y.qq.com/n/ryqq/albumDetail/001ZaCQY2OxVMg"]


def test_a_term_s_text_beside_a_stray_page_is_still_the_term_s(tmp_path: Path) -> None:
    """A series' `_index.md` beside another file of its folder (`series/x/notes.md`, the
    owner's draft of the introduction) was taken for a section's text: a page with the
    alias `/series/x/`, which Lanting's page of the series answers, and the build
    failed. It is the series page's text, as beside no other file."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "stack"\n'
                       '[taxonomies]\ntag = "tags"\nseries = "series"\n',
        "content/series/心智入门/_index.md": "---\ntitle: 心智入门\n---\n\n关于这个系列的介绍。\n",
        "content/series/心智入门/notes.md": "写介绍之前的草稿。\n",
        "content/post/bias/index.md": "---\ntitle: 偏见\ndate: 2025-08-03\n"
                                      "series: [心智入门]\n---\n\n正文。\n"})
    series = (out / "series/心智入门/index.html").read_text(encoding="utf-8")
    assert "关于这个系列的介绍" in series and "偏见" in series
    assert not (out / "pages").exists()


def test_a_shortcode_reading_its_file_from_assets_names_it_from_the_root(
        tmp_path: Path) -> None:
    """A site's own `video_local` took its file with `resources.Get` (from `assets/`,
    published at the same path from the site's root); read as a video, its
    `src="media/x.mp4"` named a file beside the page, and the build failed."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\n',
        "layouts/shortcodes/video_local.html": (
            '{{- $clip := resources.Get (.Get "src") -}}\n'
            '<video controls src="{{ $clip.RelPermalink }}"></video>\n'),
        "layouts/shortcodes/video.html": '<video controls src="{{ .Get "src" }}"></video>\n',
        "assets/media/sea.mp4": b"\x00\x00\x00\x18ftypmp42",
        "content/page/sea/index.md": "---\ntitle: 海\n---\n\n"
                                     '{{< video_local src="media/sea.mp4" >}}\n'})
    page = prose(out, "sea/index.html")
    assert page.one("video").get("src") == "/media/sea.mp4"
    assert (out / "media/sea.mp4").is_file()


def test_a_video_s_poster_from_assets_is_published(tmp_path: Path) -> None:
    """`<video src="/media/x.mp4" poster="/img/x.png">`, both files in `assets/` (Hugo
    published what its pipes read there): the video was copied, its poster was not
    (only the first address of a tag was read), and the image shown before the video
    plays was missing from the new site, without a word."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\n',
        "assets/media/sea.mp4": b"\x00\x00\x00\x18ftypmp42",
        "assets/img/sea.png": png(8, 6),
        "content/post/sea.md": (
            "---\ntitle: 海\ndate: 2024-06-01\n---\n\n"
            '<video controls src="/media/sea.mp4" poster="/img/sea.png"></video>\n')})
    video = prose(out, "post/sea/index.html").one("video")
    shown = [urljoin("/post/sea/", video.get(k) or "") for k in ("src", "poster")]
    assert [(out / url.lstrip("/")).read_bytes()[-4:] for url in shown] == [
        b"mp42", png(8, 6)[-4:]]


def test_loveit_s_extended_markdown_is_what_the_page_showed(tmp_path: Path) -> None:
    """LoveIt, FixIt and DoIt rewrite a page's HTML: `[汉字]^(hàn zì)` is ruby, `[1]/[3]`
    a fraction, `:(fa-brands fa-github):` an icon, `{?X}` the escape that keeps one of
    them as written. Each showed as the text written; a formula and a reference link
    are not theirs to rewrite."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n',
        "content/posts/syntax.md": (
            "---\ntitle: 写法\ndate: 2023-05-01\nmath: true\n---\n\n"
            "注音：[饕餮]^(tāo tiè)，占比 [1]/[3]，原样：[甲]{?^}(乙)。\n\n"
            "- :(fa-brands fa-github): 关注：[示例](https://example.org)\n"
            "- [下载 :(fa-solid fa-download):](https://example.org/a.zip)\n\n"
            "区间 $[0,1]^(n)$ 与 [TCP]/[IP] 协议。\n\n"
            "[TCP]: https://example.org/tcp\n[IP]: https://example.org/ip\n")})
    page = prose(out, "posts/syntax/index.html")
    ruby = page.one("ruby")
    assert (ruby.text(), ruby.one("rt").text()) == ("饕餮tāo tiè", "tāo tiè")
    assert (page.one("sup").text(), page.one("sub").text()) == ("1", "3")
    text = page.text()
    assert "[甲]^(乙)" in text and ":(" not in text and "{?" not in text
    assert [" ".join(li.text().split()) for li in page.find_all("li")] == [
        "关注：示例", "下载"]
    assert [a.text() for a in page.find_all("a")][-2:] == ["TCP", "IP"]
    assert len(page.find_all("math")) == 1


def test_loveit_s_style_naming_its_element_or_only_aligning(tmp_path: Path) -> None:
    """`style "text-align: center;" div` (LoveIt's second word names the element it
    wraps) was reported as the style `text-align: center; div`, with a warning; a style
    that only aligns its text is a notice, as Even's `center` is, and another style
    names its CSS alone."""
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "LoveIt"\n',
        "content/posts/show.md": (
            "---\ntitle: 展示\ndate: 2022-02-02\n---\n\n"
            '{{< style "text-align: center;" div >}}\n手机上的样子\n{{< /style >}}\n\n'
            '{{< style "color: #00b1ff;" p >}}\n蓝色的字\n{{< /style >}}\n')})
    assert [(e.severity, e.message) for e in imported.report.entries] == [
        ("notice", "the text kept, its alignment left out"),
        ("warning", "the style `color: #00b1ff;` dropped, the text kept")]
    text = (imported.dest / "content/posts/show.md").read_text(encoding="utf-8")
    assert "手机上的样子" in text and "蓝色的字" in text


def test_doit_s_fa_icon_is_left_out(tmp_path: Path) -> None:
    """DoIt's `{{< fa-icon solid pen >}}` draws a Font Awesome icon (in a table of the
    admonitions' kinds, beside their names): it was left in a comment with a warning at
    each use; Lanting has no icon font, and the words beside it say what it showed."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "DoIt"\n',
        "content/posts/kinds/index.md": (
            "---\ntitle: 提示的种类\ndate: 2025-01-02\n---\n\n"
            "| 种类 | 图标 | 名称 |\n| :-: | :-: | :-: |\n"
            "| note | {{< fa-icon solid pen >}} | 注意 |\n"
            "| tip | {{< fa-icon solid lightbulb >}} | 技巧 |\n")})
    rows = [[" ".join(c.text().split()) for c in tr.find_all("td")]
            for tr in prose(out, "posts/kinds/index.html").find_all("tr")[1:]]
    assert rows == [["note", "", "注意"], ["tip", "", "技巧"]]


def test_a_section_s_text_links_the_chapters_under_it(tmp_path: Path) -> None:
    """A book's `_index.md` listing its chapters (`[第1章](./chapter_1)`, and one in a
    folder as Hugo lowercased it, `./tcp编程/readme`) under `uglyURLs`: the list was
    `/books/lua.html`, whence the links led out of the section, to nothing; the new
    page's links broke the build (a real site: 174 of them). They lead to the chapters
    their writer meant."""
    chapter = "---\ntitle: 第{n}章\ndate: 2025-03-0{n}\n---\n\n正文。\n"
    out = built_cleanly(tmp_path, {
        "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\nuglyURLs: true\n",
        "content/books/lua/_index.md": (
            "---\ntitle: Lua 教程\n---\n\n目录：\n\n- [第1章](./chapter_1)\n"
            "- [第2章](./chapter_2)\n- [网络](./tcp编程/readme)\n"),
        "content/books/lua/chapter_1.md": chapter.format(n=1),
        "content/books/lua/chapter_2.md": chapter.format(n=2),
        "content/books/lua/TCP编程/readme.md": chapter.format(n=3)})
    pages = sorted(out.glob("**/index.html"))
    book = next(p for p in pages if "目录" in p.read_text(encoding="utf-8")
                and "Lua 教程" in p.read_text(encoding="utf-8"))
    links = [unquote(a.get("href") or "") for a in parse_html(book.read_text(
        encoding="utf-8")).one("div", class_="prose").find_all("a")]
    titles = [parse_html((out / url.strip("/") / "index.html").read_text(
        encoding="utf-8")).one("h1").text().strip() for url in links]
    assert titles == ["第1章", "第2章", "第3章"]


def test_double_brackets_on_a_formula_s_own_line_are_tex(tmp_path: Path) -> None:
    """Idiom brackets on their own line of a display formula (`$$`, `[[\\ g\\ x_1\\ ]]`,
    `$$`) were taken for a `[[note]]` link naming no page: escaped, `\\[\\[`, with a
    warning, and the build failed on TeX's unknown `\\[`."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "hugo-dead-simple"\n',
        "content/posts/applicative.md": (
            "---\ntitle: 应用函子\ndate: 2025-02-01\n---\n\n理解为计算上下文：\n\n"
            "$$\n[[\\ g\\ x_1\\ \\cdots\\ x_n\\ ]]\n$$\n\n其中 $x_i$ 是参数。\n")})
    display, inline = prose(out, "posts/applicative/index.html").find_all("math")
    assert display.get("display") == "block" and "\\" not in display.text()
    assert " ".join(display.text().split()).startswith("[[ g x1")


def test_a_note_link_naming_a_post_s_title_leads_to_it(tmp_path: Path) -> None:
    """Posts written in an Obsidian vault link each other by their notes' names, which
    are their titles (`[[理性看待 Manus]]`), while the site renamed the files for their
    URLs (`rational-manus.md`): the links matched no file and were kept as text, with a
    warning each (23 on one year's summary). One naming the title of one page leads
    to it."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "PaperMod"\n',
        "content/posts/rational-manus.md": "---\ntitle: 理性看待 Manus\ndate: 2025-03-08\n"
                                           "---\n\n正文。\n",
        "content/posts/2025/summary.md": (
            "---\ntitle: 2025 年终总结\ndate: 2025-12-31\n---\n\n这一年写了：\n\n"
            "- [[理性看待 Manus]]\n- [[从没写过的文章]]\n")})
    assert [e.message.split(" names")[0] for e in imported.report.warnings] == [
        "`[[从没写过的文章]]`"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    [link] = prose(out, "posts/summary/index.html").find_all("a")
    assert (link.text(), unquote(link.get("href") or "")) == (
        "理性看待 Manus", "/posts/rational-manus/")


def test_a_site_s_shortcode_naming_the_page_s_file_runs(tmp_path: Path) -> None:
    """A site's own `img solve png` showed `/post_img/{{ $.Page.File.BaseFileName }}/
    solve.png`, the images of each post kept in a folder named after its file: the
    template was not run (`.Page.File` unknown), and each use was left in a comment,
    its image lost."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "even"\n',
        "layouts/shortcodes/img.html": (
            '<img src="/post_img/{{ $.Page.File.BaseFileName }}/{{ .Get 0 }}.{{ .Get 1 }}"'
            ' alt="{{ .Get 0 }}">\n'),
        "static/post_img/CF603E/solve.png": png(6, 6),
        "content/post/CF603E.md": "---\ntitle: 题解\ndate: 2019-03-01\n---\n\n"
                                  "分治的过程：\n\n{{% img solve png %}}\n"})
    [image] = prose(out, "post/cf603e/index.html").find_all("img")
    assert image.get("alt") == "solve"
    assert (out / urljoin("/post/cf603e/", image.get("src") or "").lstrip("/")).is_file()


def test_loveit_s_typeit_of_code_stays_code(tmp_path: Path) -> None:
    """LoveIt's, FixIt's and DoIt's `typeit code=java` types out a piece of code: it
    became prose, each line stripped of its indent and joined into one paragraph."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "zh-cn"\ntheme = "DoIt"\n',
        "content/posts/hello.md": (
            "---\ntitle: 打字机\ndate: 2023-01-01\n---\n\n"
            "{{< typeit code=java >}}\npublic class Main {\n"
            "    public static void main(String[] args) {\n"
            '        System.out.println("你好");\n    }\n}\n{{< /typeit >}}\n')})
    [code] = prose(out, "posts/hello/index.html").find_all("code")
    assert code.get("class") == "language-java"
    assert len(code.find_all("span", class_="line")) == 5  # (one paragraph before)
    assert 'System.out.println("你好");' in code.text()


def test_a_link_written_from_the_site_s_root_without_its_slash(tmp_path: Path) -> None:
    """`[部署 Containerd](kubernetes/containerd/install/)` on the page
    `/kubernetes/containerd/cni/`: from there the browser found nothing, but the writer
    named the page from the site's root. It leads there now, with a notice; the build
    failed on it. A `./` link stays relative to its page."""
    out = built_cleanly(tmp_path, {
        "config.toml": 'baseURL = "/"\ntitle = "S"\nlanguageCode = "zh-CN"\n',
        "content/kubernetes/containerd/install.md": (
            "---\ntitle: 安装 Containerd\ndate: 2021-05-01\n---\n\n安装步骤。\n"),
        "content/kubernetes/containerd/cni.md": (
            "---\ntitle: CNI\ndate: 2021-05-02\n---\n\n在 [部署 Containerd]"
            "(kubernetes/containerd/install/) 中运行了一个容器。\n")})
    [link] = prose(out, "kubernetes/cni/index.html").find_all("a")
    assert link.get("href") == "/kubernetes/install/"
