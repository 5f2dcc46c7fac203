"""Sites on the themes Chinese ML and systems bloggers use most (Hexo Fluid and Butterfly,
Hugo Stack and LoveIt/FixIt, Jekyll Chirpy), shaped like real ones and written here:
what their posts wrote must reach the page, not stay raw or go missing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def imported_site(tmp_path: Path, kind: str, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    if kind == "hexo":
        write_files(source, {"package.json": '{"dependencies": {"hexo": "^7"}}'})
    return import_site(source, tmp_path / "new", kind, False, NOW)


def written(imported: Imported, rel: str) -> str:
    return (imported.dest / rel).read_text(encoding="utf-8")


def test_chirpy_downloads_of_any_kind_are_copied(tmp_path: Path) -> None:
    """A Chirpy post linking its own files (`/assets/posts/7/style.csl`, a `.7z`, a
    `.tcl` script): only files of a few known kinds were copied, the links were broken
    and the build failed."""
    imported = imported_site(tmp_path, "jekyll", {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: Notes\nlang: zh-CN\n",
        "assets/posts/7/style.csl": "<style/>\n",
        "assets/posts/7/tools.7z": b"7z\xbc\xaf",
        "assets/posts/7/color.tcl": "set x 1\n",
        "assets/js/theme.js": "var x;\n",
        "_posts/2024-05-01-zotero.md": "---\ntitle: 引用格式\ndate: 2024-05-01 10:00:00 +0800"
        "\n---\n\n下载 [样式](/assets/posts/7/style.csl)、[工具](/assets/posts/7/tools.7z)"
        " 与 [脚本](/assets/posts/7/color.tcl)。\n"})
    for rel in ("style.csl", "tools.7z", "color.tcl"):
        assert (imported.dest / "static/assets/posts/7" / rel).is_file()
    assert not (imported.dest / "static/assets/js/theme.js").exists()  # (theme files stay out)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "assets/posts/7/tools.7z").read_bytes() == b"7z\xbc\xaf"


FLUID_POST = """---
title: 梯度下降笔记
date: 2023-04-02 10:00:00
index_img: /img/cover.png
banner_img: /img/banner.png
math: true
categories: [优化]
---

{% fold info @推导过程 %}
由 $\\nabla f(x)$ 得到更新规则。
{% endfold %}

{% gi 2 1-1 %}
  ![损失曲线](/img/loss.png)
  ![学习率](/img/lr.png)
{% endgi %}

{% checkbox 已复现 checked:true %}
"""

BUTTERFLY_POST = """---
title: 训练日志
date: 2023-05-06 10:00:00
cover: /img/cover.png
---

{% hideToggle 查看配置,bg,color %}
batch size 为 256。
{% endhideToggle %}

{% gallery %}
![一](/img/loss.png)
![二](/img/lr.png)
{% endgallery %}

{% timeline 项目进展,blue %}
<!-- timeline 2023-03 -->
搭好训练框架。
<!-- endtimeline -->
<!-- timeline 2023-05 -->
完成 **消融实验**。
<!-- endtimeline -->
{% endtimeline %}
"""


def test_hexo_fluid_and_butterfly_tag_plugins(tmp_path: Path) -> None:
    """A Fluid post's `index_img` cover was dropped, its fold's summary read
    `info @推导过程`, its `{% gi %}` group images left between comments and its Fluid
    checkbox shown unticked with `checked:true` as text; a Butterfly `{% gallery %}` was
    left between comments, a `{% timeline %}` lost the name of each entry (its dates) and
    a `{% hideToggle %}` summary showed its colours (`查看配置,bg,color`)."""
    files: dict[str, str | bytes] = {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: fluid\n",
        "source/_posts/fluid.md": FLUID_POST, "source/_posts/butterfly.md": BUTTERFLY_POST}
    for name in ("cover", "banner", "loss", "lr"):
        files[f"source/img/{name}.png"] = png(80, 40)
    imported = imported_site(tmp_path, "hexo", files)
    assert [w.message for w in imported.report.warnings] == []
    [fluid_md] = (imported.dest / "content/posts").glob("fluid*")
    assert "cover: /img/cover.png" in (fluid_md if fluid_md.is_file()
                                       else fluid_md / "index.md").read_text(encoding="utf-8")
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output

    def prose(url: str) -> str:
        doc = parse_html((out / url.strip("/") / "index.html").read_text(encoding="utf-8"))
        return doc.one("div", class_="prose").text()

    fluid = parse_html((out / "posts/fluid/index.html").read_text(encoding="utf-8"))
    body = fluid.one("div", class_="prose")
    assert body.one("summary").text() == "推导过程"
    assert [i.get("alt") for i in body.find_all("img")] == ["损失曲线", "学习率"]
    assert "☑ 已复现" in body.text() and "checked:" not in body.text()
    assert fluid.find_all("meta", property="og:image")
    butterfly = parse_html((out / "posts/butterfly/index.html").read_text(encoding="utf-8"))
    body = butterfly.one("div", class_="prose")
    assert body.one("summary").text() == "查看配置"
    assert [i.get("alt") for i in body.find_all("img")] == ["一", "二"]
    assert [b.text() for b in body.find_all("strong")] == [
        "项目进展", "2023-03", "2023-05", "消融实验"]
    assert "import: unconverted" not in prose("/posts/butterfly/")


LOVEIT_POST = """---
title: 推理优化
date: 2023-01-02T10:00:00+08:00
featuredImage: /images/cover.png
math:
  enable: true
---

行内 {{< raw >}}\\(\\mathbf{x}_i\\){{< /raw >}} 公式。

{{< style "text-align:right;" >}}
右对齐的 **一段**。
{{< /style >}}

{{< image src="/images/arch.png" caption="服务架构" >}}

![显存占用](/images/mem.png)

{{< music netease song 1868553 >}}

{{< music url="/music/wave.mp3" name="Wavelength" artist="Ann" >}}

{{< person url="https://example.org/" name="张三" text="合作者" >}}
"""


def test_hugo_loveit_fixit_site(tmp_path: Path) -> None:
    """LoveIt's, FixIt's and DoIt's `about/index.md` (a bundle at the top of `content/`)
    became a post; the `assets/images/` their `image` shortcode, Markdown images and
    `featuredImage` read (through `resources.Get`) were "not found", in comments or
    missing; `raw` (TeX for the browser), `style`, `music` and `person` were left in
    comments, their text gone from the page."""
    imported = imported_site(tmp_path, "hugo", {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "S"\nlanguageCode = "zh-cn"\n'
                     'theme = "FixIt"\n',
        "assets/images/cover.png": png(80, 40), "assets/images/arch.png": png(80, 40),
        "assets/images/mem.png": png(80, 40), "assets/music/wave.mp3": b"ID3",
        "content/about/index.md": "---\ntitle: 关于\ndate: 2022-01-01T10:00:00+08:00\n---\n\n"
                                  "我做系统。\n",
        "content/posts/infer/index.md": LOVEIT_POST,
        "content/posts/other.md": "---\ntitle: 另一篇\ndate: 2023-02-01\n---\n\n"
                                  "![显存占用](/images/mem.png)\n"})
    assert [w.message for w in imported.report.warnings] == []
    assert "the text kept, its alignment left out" in [
        e.message for e in imported.report.entries]
    assert (imported.dest / "content/pages/about.md").is_file()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    about = parse_html((out / "about/index.html").read_text(encoding="utf-8"))
    assert "我做系统。" in about.one("main").text()
    assert not (out / "p/about").exists()
    doc = parse_html((out / "posts/infer/index.html").read_text(encoding="utf-8"))
    body = doc.one("div", class_="prose")
    assert [m.text() for m in body.find_all("math")] == ["𝐱i"]
    assert "右对齐的 一段。" in body.text()
    assert body.one("figcaption").text().endswith("服务架构")
    assert [i.get("alt") for i in body.find_all("img")] == ["服务架构", "显存占用"]
    links = {a.text(): a.get("href") for a in body.find_all("a")}
    assert links["张三"] == "https://example.org/"
    assert links["♪ https://music.163.com/#/song?id=1868553"].endswith("song?id=1868553")
    assert doc.find_all("meta", property="og:image")
    assert (out / "images/mem.png").is_file()  # (used by two posts: at its old URL)
    assert links["♪ Wavelength – Ann"] == "/music/wave.mp3"
    assert (out / "music/wave.mp3").read_bytes() == b"ID3"


STACK_POST = """---
title: 分布式训练笔记
slug: ddp-notes
date: 2024-03-01T09:00:00+08:00
image: cover.png
math: true
categories: [系统]
---

{{< quote author="一位工程师" source="调参手记" url="https://example.org/book" >}}
先把通信量算清楚。
{{< /quote >}}

{{< video src="https://example.org/allreduce.mp4" >}}

{{< tencent "x0035abc" >}}
"""


def test_hugo_stack_site(tmp_path: Path) -> None:
    """Hugo Stack: a dated `page/about/` became a post; a page of links
    (`layout: links`, its links in the front matter) was left out, and the menu entry
    to `/page/links/` with it; `quote` lost its text in a comment, `video` and `tencent`
    their addresses."""
    imported = imported_site(tmp_path, "hugo", {
        "config.yaml": "baseurl: https://example.org/\ntitle: 笔记\nlanguageCode: zh-cn\n"
                       "theme: hugo-theme-stack\npermalinks:\n  post: /p/:slug/\n"
                       "  page: /:slug/\nparams:\n  mainSections: [post]\n"
                       "menu:\n  main:\n    - identifier: links\n      name: 友链\n"
                       "      url: /page/links/\n      weight: 5\n",
        "content/post/ddp/index.md": STACK_POST, "content/post/ddp/cover.png": png(80, 40),
        "content/post/other.md": "---\ntitle: 另一篇\ndate: 2024-02-01\n---\n\n正文。\n",
        "content/page/about/index.md": "---\ntitle: 关于\ndate: 2024-01-01\nmenu:\n  main:\n"
                                       "    weight: -90\n---\n\n我做系统。\n",
        "content/page/links/index.md": "---\ntitle: 友链\nlayout: links\nlinks:\n"
                                       "  - title: 某人的博客\n    description: 编译器与系统\n"
                                       "    website: https://example.com/\n"
                                       "    image: logo.png\n---\n"})
    assert [w.message for w in imported.report.warnings] == []
    config = written(imported, "lanting.toml")
    assert 'name = "友链"\nurl = "/links/"' in config
    assert 'name = "关于"\nurl = "/about/"' in config
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert not (out / "p/about").exists()
    about = parse_html((out / "about/index.html").read_text(encoding="utf-8"))
    assert "我做系统。" in about.one("main").text()
    links = parse_html((out / "links/index.html").read_text(encoding="utf-8"))
    [item] = links.one("main").find_all("li")
    assert item.one("a").get("href") == "https://example.com/"
    assert item.text() == "某人的博客 — 编译器与系统"
    post = parse_html((out / "p/ddp-notes/index.html").read_text(encoding="utf-8"))
    body = post.one("div", class_="prose")
    quote = body.one("blockquote")
    assert quote.text().split() == ["先把通信量算清楚。", "—", "一位工程师,", "调参手记"]
    assert quote.one("a").get("href") == "https://example.org/book"
    hrefs = [a.get("href") for a in body.find_all("a")]
    assert "https://example.org/allreduce.mp4" in hrefs
    assert "https://v.qq.com/x/page/x0035abc.html" in hrefs
    assert post.find_all("meta", property="og:image")


CHIRPY_POST = """---
title: 量化推理
date: 2024-06-01 10:00:00 +0800
categories: [推理, 量化]
math: true
---

看视频：

{% include embed/bilibili.html id='BV1GJ411x7h7' %}

{% include embed/youtube.html id='dQw4w9WgXcQ' %}

```python
def quantize(w, bits=8):
    return round(w * 2 ** bits)
```
{: file="quant.py" }

```console
$ make
```
{: .nolineno }
"""


def test_chirpy_embeds_and_code_file_names(tmp_path: Path) -> None:
    """Chirpy's `{% include embed/bilibili.html id='…' %}` (and YouTube's) were left in
    comments, the video gone from the page; `{: file="quant.py" }` under a code block
    was removed with the file's name the theme showed above the code."""
    imported = imported_site(tmp_path, "jekyll", {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: Notes\nlang: zh-CN\n"
                       "timezone: Asia/Shanghai\n",
        "_posts/2024-06-01-quant.md": CHIRPY_POST})
    assert [w.message for w in imported.report.warnings] == []
    text = written(imported, "content/posts/quant.md")
    assert '```python title="quant.py"\n' in text and "```console\n" in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in out.warnings] == []
    doc = parse_html((out.output / "posts/quant/index.html").read_text(encoding="utf-8"))
    body = doc.one("div", class_="prose")
    hrefs = [a.get("href") or "" for a in body.find_all("a")]
    assert any("BV1GJ411x7h7" in h for h in hrefs) and any("dQw4w9WgXcQ" in h for h in hrefs)
    assert "quant.py" in body.text()


def test_a_menu_entry_to_a_draft_page_is_left_out(tmp_path: Path) -> None:
    """A FixIt site's menu led to its About page, a draft (`draft: true`): Hugo built
    no page there, and the imported site failed to build ("`/about/` is not a page")."""
    imported = imported_site(tmp_path, "hugo", {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "S"\nlanguageCode = "zh-cn"\n'
                     '[[menu.main]]\nname = "关于"\nurl = "/about/"\nweight = 1\n',
        "content/about.md": "---\ntitle: 关于\ndate: 2022-11-25\ndraft: true\n---\n\n草稿。\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2023-01-01\n---\n\n正文。\n"})
    assert [w.message for w in imported.report.warnings] == [
        "menu entry `关于` (/about/) left out: its page is a draft, which the old site did "
        "not publish"]
    assert "/about/" not in written(imported, "lanting.toml")
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_hugo_stack_dollars_without_math_and_links_beside_the_old_url(tmp_path: Path) -> None:
    """A Stack site with `params.article.math: false`: `git stash pop stash@{$n}` and
    `$HOME` were dollar signs on its pages, but read as a formula they failed the build.
    A link written from the old page's URL (`../9-VAE`, a sibling post at
    `/post/9-vae/`) led nowhere. On a page with math, `$d$` in a raw HTML table cell,
    which the theme's KaTeX rendered, was left as TeX."""
    imported = imported_site(tmp_path, "hugo", {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "S"\nlanguageCode = "zh-cn"\n'
                     'theme = "hugo-theme-stack"\n[params.article]\nmath = false\n',
        "content/post/10-DDPM/index.md":
            "---\ntitle: 扩散模型\ndate: 2024-04-02\n---\n\n先读 [VAE](../9-VAE)。"
            "用 `git stash pop stash@{$num}` 恢复，stash@{$num} 会被删除；$HOME 下的配置。\n",
        "content/post/9-VAE/index.md":
            "---\ntitle: 变分自编码器\ndate: 2024-04-01\nmath: true\n---\n\n"
            "证据下界 $\\log p(x) \\ge \\mathcal{L}$。\n\n<table>\n<tr><td>维度 $d$</td>"
            "<td>\\(z_i\\)</td></tr>\n</table>\n"})
    assert [w.message for w in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    ddpm = parse_html((out / "post/10-ddpm/index.html").read_text(encoding="utf-8"))
    body = ddpm.one("div", class_="prose")
    assert body.find_all("math") == []
    assert "stash@{$num} 会被删除；$HOME 下的配置。" in body.text()
    assert body.one("a").get("href") == "/post/9-vae/"
    vae = parse_html((out / "post/9-vae/index.html").read_text(encoding="utf-8"))
    assert len(vae.one("div", class_="prose").find_all("math")) == 3
    cells = vae.one("div", class_="prose").find_all("td")
    assert [c.one("math").text() for c in cells] == ["d", "zi"]


def test_hugo_bundle_files_a_page_links_to(tmp_path: Path) -> None:
    """A bundle's PDF and script (`[讲义](notes.pdf)`, `{{< pdf "notes.pdf" >}}`), which
    Hugo published beside the page, were left behind: the links broke and the build
    failed; the `pdf` shortcode was left in a comment."""
    imported = imported_site(tmp_path, "hugo", {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "S"\nlanguageCode = "zh-cn"\n',
        "content/posts/robot/index.md": "---\ntitle: 机器人学\ndate: 2024-01-01\n---\n\n"
                                        "[讲义](notes.pdf)与[代码](code/ik.py)。\n\n"
                                        '{{< pdf "notes.pdf" >}}\n',
        "content/posts/robot/notes.pdf": b"%PDF-1.4\n",
        "content/posts/robot/code/ik.py": "print(1)\n",
        "content/cv/index.md": "---\ntitle: 简历\n---\n\n[下载](cv.pdf)\n",
        "content/cv/cv.pdf": b"%PDF-1.4 cv\n"})
    assert [w.message for w in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    doc = parse_html((out / "posts/robot/index.html").read_text(encoding="utf-8"))
    hrefs = [a.get("href") or "" for a in doc.one("div", class_="prose").find_all("a")]
    assert hrefs == ["/posts/robot/notes.pdf", "/posts/robot/code/ik.py",
                     "/posts/robot/notes.pdf"]
    assert (out / "posts/robot/notes.pdf").read_bytes() == b"%PDF-1.4\n"
    assert (out / "posts/robot/code/ik.py").is_file()
    cv = parse_html((out / "cv/index.html").read_text(encoding="utf-8"))
    [link] = cv.one("main").find_all("a", href="/cv/cv.pdf")
    assert (out / "cv/cv.pdf").read_bytes() == b"%PDF-1.4 cv\n"


def test_chirpy_defaults_permalink_cover_in_media_path_and_pin(tmp_path: Path) -> None:
    """Chirpy gives its posts `permalink: /posts/:title/` in `_config.yml` `defaults:`,
    which was not read: every post's old URL was taken as `/llm/2024/05/01/x.html` (the
    date style), so the real old URLs led nowhere. Its `image.path`, inside
    `media_subpath`, was "not found" and the cover lost; `pin: true` was dropped."""
    imported = imported_site(tmp_path, "jekyll", {
        "_config.yml": "theme: jekyll-theme-chirpy\ntitle: Notes\nlang: zh-CN\n"
                       "timezone: Asia/Shanghai\ndefaults:\n  - scope:\n      path: ''\n"
                       "      type: posts\n    values:\n      layout: post\n"
                       "      permalink: /posts/:title/\n  - scope:\n      path: _drafts\n"
                       "    values:\n      comments: false\n",
        "assets/img/kv/cover.png": png(80, 40),
        "_posts/2024-05-01-KV-Cache.md": "---\ntitle: KV Cache 详解\ndate: 2024-05-01 10:00:00"
        " +0800\ncategories: [LLM]\npin: true\nmedia_subpath: /assets/img/kv\nimage:\n"
        "  path: cover.png\n  alt: 封面\n  lqip: data:image/webp;base64,UklGR\n---\n\n正文。\n"})
    assert [w.message for w in imported.report.warnings] == []
    text = written(imported, "content/posts/kv-cache/index.md")
    # (the old URL, `/posts/KV-Cache/`, is the new one: only its case differed)
    assert "slug: KV-Cache" in text and "aliases" not in text
    assert "cover: cover.png" in text and "sticky: true" in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert "正文" in (out / "posts/KV-Cache/index.html").read_text(encoding="utf-8")


def test_hexo_butterfly_friend_links_page(tmp_path: Path) -> None:
    """Butterfly's page of friends' blogs (`type: link`, its links in
    `source/_data/link.yml`) was left out as "a page Lanting makes itself", and its menu
    entry with it; Lanting makes no such page."""
    imported = imported_site(tmp_path, "hexo", {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "_config.butterfly.yml": "menu:\n  友链: /link/ || fas fa-link\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n正文。\n",
        "source/link/index.md": "---\ntitle: 友情链接\ndate: 2020-04-01\ntype: link\n---\n",
        "source/_data/link.yml": "- class_name: 朋友们\n  class_desc: 一起写系统的人\n"
                                 "  link_list:\n    - name: 某人的博客\n"
                                 "      link: https://example.com/\n"
                                 "      avatar: https://example.com/a.png\n"
                                 "      descr: 编译器与系统\n"})
    assert 'name = "友链"\nurl = "/link/"' in written(imported, "lanting.toml")
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "link/index.html").read_text(encoding="utf-8")).one("main")
    assert page.one("h2").text().strip().startswith("朋友们")
    [item] = page.find_all("li")
    assert item.text() == "某人的博客 — 编译器与系统"
    assert item.one("a").get("href") == "https://example.com/"


def test_hugo_fixit_friends_page_and_centred_quote(tmp_path: Path) -> None:
    """FixIt's page of friends is a run of `{{< friend … >}}` cards: each was left in a
    comment, the page empty; or a `type: friends` page drawn from `data/friends.yml`,
    which kept only its own text. `{{< center-quote >}}` kept its text between
    comments."""
    imported = imported_site(tmp_path, "hugo", {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "S"\nlanguageCode = "zh-cn"\n'
                     'theme = "FixIt"\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                              "{{< center-quote >}}\n**少即是多**。\n{{< /center-quote >}}\n",
        "content/friends/index.md":
            '---\ntitle: 友链\n---\n\n{{< friend name="甲" url="https://a.example/" '
            'logo="https://a.example/a.png" word="写编译器" >}}\n'
            '{{< friend "乙" "https://b.example/" "https://b.example/b.png" >}}\n',
        "content/links.md": "---\ntitle: 朋友们\ntype: friends\n---\n\n欢迎交换链接。\n",
        "data/friends.yml": "- nickname: 丙\n  avatar: https://c.example/c.png\n"
                            "  url: https://c.example/\n  description: 分布式系统\n"})
    assert [w.message for w in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    friends = parse_html((out / "friends/index.html").read_text(encoding="utf-8"))
    items = friends.one("main").find_all("li")
    assert [li.text() for li in items] == ["甲 — 写编译器", "乙"]
    assert [li.one("a").get("href") for li in items] == ["https://a.example/",
                                                         "https://b.example/"]
    post = parse_html((out / "posts/a/index.html").read_text(encoding="utf-8"))
    assert post.one("div", class_="prose").one("blockquote").text().strip() == "少即是多。"
    links = parse_html((out / "links/index.html").read_text(encoding="utf-8")).one("main")
    assert "欢迎交换链接。" in links.text()
    assert [li.text() for li in links.find_all("li")] == ["丙 — 分布式系统"]


def test_typora_images_at_a_path_of_the_writers_computer(tmp_path: Path) -> None:
    """Typora, not set to copy images beside the post, writes where the image was on the
    writer's computer (`/Users/me/…/_posts/os/img/a.png`, `C:\\Users\\…`): no reader had
    the file and the build failed on each. The file is in the site (its folder since
    moved): the longest end of the path that names a file, else the one file so named."""
    imported = imported_site(tmp_path, "jekyll", {
        "_config.yml": "title: Hux\nlang: zh-CN\n",
        "_posts/CS基础/os/img/Screen Shot 1.png": png(40, 30),
        "images/arch.png": png(40, 30),
        "_posts/CS基础/os/2019-06-24-lab.md":
            "---\ntitle: 实验\ndate: 2019-06-24\n---\n\n"
            "![](/Users/me/Documents/GitHub/blog/_posts/os/img/Screen%20Shot%201.png)\n\n"
            "![架构](C:\\Users\\me\\blog\\images\\arch.png)\n"})
    assert [w.message for w in imported.report.warnings] == []
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((result.output / "posts/lab/index.html").read_text(encoding="utf-8"))
    sources = [img["src"] for img in page.one("div", class_="prose").find_all("img")]
    assert sources == ["/posts/lab/Screen%20Shot%201.png", "/posts/lab/arch.png"]
    assert all((result.output / unquote(s).lstrip("/")).is_file() for s in sources)


def test_a_folder_named_like_a_script_and_paths_from_the_old_url(tmp_path: Path) -> None:
    """A TeXt-theme blog with a folder `assets/js/Chart.js/` (an npm package's) stopped
    the import: "Is a directory" (the MathJax setup is looked for in `.js` files). Its
    SiYuan export wrote `../../../assets/x.png` from the post's URL
    `/2025/06/06/notes.html`, not from its file: the image was missing."""
    imported = imported_site(tmp_path, "jekyll", {
        "_config.yml": "title: T\nlang: zh-CN\n",
        "assets/js/Chart.js/package.json": "{}\n",
        "assets/shot.png": png(40, 30),
        "_posts/2025-06-06-notes.md": "---\ntitle: 笔记\ndate: 2025-06-06\n---\n\n"
                                      "![图](../../../assets/shot.png)\n"})
    assert [w.message for w in imported.report.warnings] == []
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((result.output / "posts/notes/index.html").read_text(encoding="utf-8"))
    [src] = [img["src"] for img in page.one("div", class_="prose").find_all("img")]
    assert (result.output / unquote(src).lstrip("/")).is_file()
