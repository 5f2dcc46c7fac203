"""Faults real Chinese FixIt and LoveIt blogs of systems notes exposed, in small sites
written here."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from sitebits import png
from test_import_hugo_sites import built_cleanly, imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions

FIXIT = 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "FixIt"\n'
PICTURE = "data:image/png;base64," + "iVBORw0KGgo" * 40  # (longer than a file name may be)


def test_an_inline_data_picture_is_kept_as_written(tmp_path: Path) -> None:
    """FixIt's `image` shortcode with a `data:` URL (a picture pasted into the post) was
    looked up as a file beside the page: the whole picture as a file name, too long for
    the file system, stopped the import with an error."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/hello.md": (
            "---\ntitle: 你好\ndate: 2024-05-01\n---\n\n头像：\n\n"
            f'{{{{< image src="{PICTURE}" caption="截图" >}}}}\n')})
    [image] = prose(out, "posts/hello/index.html").find_all("img")
    assert image.get("src") == PICTURE


def test_a_link_to_a_page_by_its_file_from_content_leads_to_the_page(
        tmp_path: Path) -> None:
    """`[…](/posts/rust/pin.md)` and FixIt's `link "/posts/rust/pin.md" "…"` name a page
    by its file from `content/` (the theme's link hook found it with `GetPage`): they
    were kept as written, and the build refused them as broken links."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/rust/pin.md": (
            "---\ntitle: Pin 与 Unpin\ndate: 2024-03-01\n---\n\n## 自引用结构\n\n正文。\n"),
        "content/posts/trpl.md": (
            "---\ntitle: Rust 程序设计语言\ndate: 2024-03-02\n---\n\n"
            "延伸阅读：[Pin](/posts/rust/pin.md)，"
            '{{< link "/posts/rust/pin.md#自引用结构" "自引用" >}}。\n')})
    links = prose(out, "posts/trpl/index.html").find_all("a")
    assert [unquote(a.get("href") or "") for a in links] == [
        "/posts/pin/", "/posts/pin/#自引用结构"]


def test_a_goat_diagram_is_its_ascii_art(tmp_path: Path) -> None:
    """Hugo draws a ```goat fence (GoAT: ASCII art) as an SVG diagram; the import kept
    `goat` as the fence's language, which Lanting did not know: a build warning a
    diagram. The art is plain text now, shown as written."""
    art = "+-----+     +------+\n| CPU | --> | 内存 |\n+-----+     +------+"
    imported = imported_site(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/arch.md": (
            f"---\ntitle: 体系结构\ndate: 2024-04-01\n---\n\n```goat\n{art}\n```\n")})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    [code] = prose(result.output, "posts/arch/index.html").find_all("pre")
    assert code.raw_text().strip() == art


def test_a_link_pasted_as_a_destination_leads_to_its_target(tmp_path: Path) -> None:
    """`[Qwen API]([https://a…](https://b…))`: a link copied as Markdown into a link's
    parentheses was one relative URL that led nowhere (the build refused it); the pasted
    link's own target is the link's."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/api.md": (
            "---\ntitle: 接口\ndate: 2024-06-01\n---\n\n更多功能见 [Qwen API]"
            "([https://help.example.com/model](https://console.example.com/?tab=doc#/doc)).\n")})
    [link] = prose(out, "posts/api/index.html").find_all("a")
    assert link.get("href") == "https://console.example.com/?tab=doc#/doc"


def test_a_style_inside_a_line_keeps_the_line_whole(tmp_path: Path) -> None:
    """FixIt's `style "css" "strong"` inside a sentence of a list item was made a block
    of its own: the sentence, and the item, were cut in three paragraphs. Its text stays
    in the line now, in the element it named (the CSS dropped, with a warning)."""
    imported = imported_site(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/mutex.md": (
            "---\ntitle: 互斥锁\ndate: 2024-07-01\n---\n\n"
            '- 只有 {{< style "background-color:green" "strong" >}}持有者{{< /style >}}'
            " 才能解锁。\n- 第二项。\n")})
    assert [w.message for w in imported.report.warnings] == [
        "the style `background-color:green` dropped, the text kept"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    items = prose(out, "posts/mutex/index.html").find_all("li")
    assert [li.text() for li in items] == ["只有 持有者 才能解锁。", "第二项。"]
    assert items[0].one("strong").text() == "持有者"


def test_doit_s_series_weight_orders_the_series(tmp_path: Path) -> None:
    """DoIt orders a series' parts by `series_weight`: it was left out (with a notice),
    and the parts were numbered by their `weight`, which orders the section's list,
    not the series."""
    part = ("---\ntitle: {title}\ndate: 2024-08-0{day}\nseries: [Transformer 系列]\n"
            "series_weight: {order}\nweight: {weight}\n---\n\n正文。\n")
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "DoIt"\n',
        "content/posts/attention.md": part.format(title="注意力", day=1, order=2,
                                                  weight=1),
        "content/posts/embedding.md": part.format(title="词嵌入", day=2, order=1,
                                                  weight=2)})
    assert not any("series_weight" in e.message for e in imported.report.entries)
    orders = {name: (imported.dest / "content/posts" / f"{name}.md").read_text(
        encoding="utf-8").split("series_order: ")[1].split("\n")[0]
        for name in ("attention", "embedding")}
    assert orders == {"attention": "2", "embedding": "1"}


def test_a_part_behind_fixit_s_encryptor_makes_the_post_a_draft(tmp_path: Path) -> None:
    """FixIt's `{{< fixit-encryptor "password" >}}…{{< /fixit-encryptor >}}` showed that
    part only to who typed the password; the import published it for everyone (and the
    password in a comment). The post is a draft, with a warning at the shortcode; one
    shown in a code block, as the theme's own docs do, changes nothing."""
    imported = imported_site(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/diary.md": "---\ntitle: 日记\ndate: 2024-05-01\n---\n\n公开。\n\n"
                                  '{{< fixit-encryptor "abc" >}}\n私事。\n'
                                  "{{< /fixit-encryptor >}}\n",
        "content/posts/howto.md": "---\ntitle: 用法\ndate: 2024-05-02\n---\n\n"
                                  "```go-html-template\n"
                                  '{{< fixit-encryptor "demo" >}}\n```\n'})
    warned = [(w.path, w.line) for w in imported.report.warnings
              if "behind a password" in w.message]
    assert warned == [("content/posts/diary.md", 8)]
    result = build(imported.dest, BuildOptions())
    public = "".join(p.read_text(encoding="utf-8")
                     for p in (imported.dest / "public").rglob("*.html"))
    assert "私事" not in public and "abc" not in public
    assert result.pages and (imported.dest / "public" / "posts" / "howto").is_dir()


def test_an_admonition_in_a_list_item_stays_in_the_item(tmp_path: Path) -> None:
    """FixIt's `admonition` indented under a numbered step (a server-setup post's tip
    after the step's code): the callout was written at column 0, which ended the list;
    its text, still indented, and the next step fell outside. It stays in the item, as
    Hexo's notes in list items already did."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": FIXIT,
        "content/posts/setup.md": (
            "---\ntitle: 配置\ndate: 2024-05-03\n---\n\n1. 新建用户：\n\n"
            "   ```bash\n   sudo useradd -m alice\n   ```\n\n"
            '   {{< admonition type=tip title="如有必要" open=true >}}\n'
            "   更改权限：`chown -R alice /home/alice`\n   {{< /admonition >}}\n\n"
            "2. 第二步。\n")})
    [ol] = prose(out, "posts/setup/index.html").find_all("ol")
    items = ol.find_all("li")
    assert len(items) == 2 and items[0].one(class_="callout-tip") is not None
    assert "更改权限" in items[0].text() and "第二步" in items[1].text()


def test_figures_named_by_encoded_names_or_by_their_old_urls(tmp_path: Path) -> None:
    """An Obsidian-written LoveIt post's `{{< figure src="Pasted%20image%20….png" >}}`
    (the browser asked for `Pasted image ….png`, beside it in the bundle) and
    `{{< image src="/blog/moe/chart.png" >}}` (the file of its bundle by the URL Hugo
    published it at, under `permalinks: posts = "blog/:filename"`) were left in comments,
    "image not found", and their pictures were gone from the page."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\ntheme = "LoveIt"\n[permalinks]\n'
                     '  posts = "blog/:filename"\n',
        "content/posts/moe/index.md": (
            "---\ntitle: MoE 笔记\ndate: 2024-06-24\n---\n\n路由：\n\n"
            '{{< figure src="Pasted%20image%2020240624022622.png" caption="门控" >}}\n\n'
            '{{< image src="/blog/moe/chart.png" caption="负载" >}}\n'),
        "content/posts/moe/Pasted image 20240624022622.png": png(4, 4),
        "content/posts/moe/chart.png": png(4, 4)})
    images = [unquote(i.get("src") or "") for i in prose(out, "posts/moe/index.html")
              .find_all("img")]
    assert images == ["/posts/moe/Pasted image 20240624022622.png", "/posts/moe/chart.png"]
