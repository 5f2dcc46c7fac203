"""The VitePress and VuePress importer on what VuePress 1 notes sites of ML engineers
hold: parts of a page commented out (a tip around a formula, a component), and the
components of the site's own `.vuepress/components/` (a comment widget under every
page)."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from importbits import page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

CONFIG = """\
    module.exports = {
      title: '机器学习之路',
      markdown: {
        extendMarkdown: md => { md.use(require('markdown-it-katex')) }
      },
    }
    """

GAN = """\
# GAN

判别器的输出是 $D(x)$。

<!-- ::: tip 目标
$$
G^* = \\arg \\min_{G} \\max_{D} V(G,D)
$$
::: -->

## 训练判别器

判别器的结构如下。

<!-- <Figure src='/img/d.png'/>  -->

可以看到，判别器的输入是图片。
"""


def test_what_a_comment_holds_stays_in_it(tmp_path: Path) -> None:
    """A tip and a component commented out showed nothing: they stay in their comment
    as written. Unwrapping the tip took the comment's `-->` with its `:::` line, and the
    comment then hid the section after it, heading and all; a component "left in a
    comment" inside one closed it early, showing its ` -->`."""
    source = tmp_path / "old"
    write_files(source, {"docs/.vuepress/config.js": CONFIG,
                         "docs/README.md": "# 首页\n\n笔记。\n",
                         "docs/ml/gan.md": GAN})
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert ": warning:" not in report_of(done)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/gan/").one("main")
    assert [h.text() for h in body.find_all("h2")] == ["训练判别器"]
    text = body.text()
    assert "判别器的结构如下。" in text and "可以看到，判别器的输入是图片。" in text
    assert "-->" not in text and "G^*" not in text
    assert len(body.find_all("math")) == 1


LIVERE = """\
<template>
<div id="lv-container" data-id="city" data-uid="UID"></div>
</template>

<script>
export default {
  mounted () {
    const j = document.createElement('script')
    j.src = 'https://cdn-city.livere.com/js/embed.dist.js'
    document.body.appendChild(j)
  }
}
</script>
"""


def test_the_sites_comment_widget_is_left_out_with_one_notice(tmp_path: Path) -> None:
    """`<Livere/>` under every page is the site's comment widget (its file in
    `.vuepress/components/` loads LiveRe): left out, one notice for the site, not a
    warning on each page; a page of a heading over it is an outline to fill, not a
    listing. Another component of the site's own is still a warning."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.js": CONFIG,
        "docs/.vuepress/components/Livere.vue": LIVERE,
        "docs/.vuepress/components/Dice.vue": "<template><canvas id='d'></canvas></template>\n",
        "docs/README.md": "# 首页\n\n笔记。\n",
        "docs/ml/ppo.md": "# PPO\n\n裁剪比率 $r_t$。\n\n<Livere/>\n",
        "docs/ml/dqn.md": "# DQN\n\n经验回放。\n\n<Dice/>\n\n<Livere></Livere>\n",
        "docs/ml/sac.md": "# SAC\n\n<Livere/>\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line for line in report.splitlines() if "Livere" in line] == [
        "docs/.vuepress/config.js: notice: `<Livere/>`, the old site's comment widget "
        "(LiveRe), left out of 3 pages: Lanting shows comments under posts once "
        "`[comments]` is set in lanting.toml (giscus, Waline, Twikoo or Artalk)"]
    assert [line for line in report.splitlines() if ": warning:" in line] == [
        "docs/ml/dqn.md:5: warning: not converted, left in a comment: `<Dice/>` (a Vue "
        "component of the old site: Lanting runs none; write what it showed in Markdown)"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/dqn/").one("main")
    assert body.text().strip().endswith("经验回放。")
    assert page(dest / "public", "/sac/").one("h1").text() == "SAC"


FIGURE = """\
<template>
  <figure align='center'>
    <img :src="imagesrc" :width="width" alt=""/>
    <figcaption><i><small>{{ caption }}</small></i></figcaption>
  </figure>
</template>
<script>
export default {
  props: ['src', 'caption', 'width'],
  computed: {
    imagesrc () {
      return this.src
    }
  }
}
</script>
"""
FRAME = """\
<template>
    <iframe :src="src" :height="height" width="100%" frameborder="no"></iframe>
</template>
<script>
export default { props: ['src', 'height'] }
</script>
"""


def test_the_sites_image_and_page_components_are_an_image_and_a_link(
        tmp_path: Path) -> None:
    """`<Cimg src caption width/>`, whose template shows the image of its `src` (through
    a computed property) over the caption, is that figure at that width; `<Jiframe
    src/>`, an `<iframe>` of its `src`, a link to the page it showed. One whose template
    has text of its own (a credit line) is no plain image: a warning, as before."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.js": CONFIG,
        "docs/.vuepress/components/Cimg.vue": FIGURE,
        "docs/.vuepress/components/Jiframe.vue": FRAME,
        "docs/.vuepress/components/Credit.vue": ("<template><p>图片来源：<img :src=\"src\"/>"
                                                 "</p></template>\n"),
        "docs/.vuepress/public/img/d.png": png(40, 20),
        "docs/README.md": "# 首页\n\n笔记。\n",
        "docs/ml/gan.md": """\
            # GAN

            <Cimg src='/img/d.png' width='50%' caption='判别器的结构'/>

            速查表：

            <Jiframe src="https://example.org/latexsheet.pdf" height="1300" />

            <Credit src="/img/d.png"/>
            """,
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    warnings = [line for line in report.splitlines() if ": warning:" in line]
    assert len(warnings) == 1 and "left in a comment: `<Credit src=" in warnings[0]
    assert "the site's image and page components as images and links ×2" in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/gan/").one("main")
    figure = body.one("figure")
    assert "判别器的结构" in figure.one("figcaption").text()
    assert "50%" in figure.one("img")["style"]
    link = body.find_all("a", href="https://example.org/latexsheet.pdf")
    assert [a.text() for a in link] == ["https://example.org/latexsheet.pdf"]


THEMED = """\
<script setup lang="ts">
import { computed } from 'vue'
import { useData } from 'vitepress'
const props = defineProps<{ src: string; dark?: string; alt?: string }>()
const { isDark } = useData()
const shownSrc = computed(() => (isDark.value && props.dark ? props.dark : props.src))
</script>

<template>
  <figure class="figure">
    <img :src="shownSrc" :alt="alt" />
    <figcaption v-if="alt">{{ alt }}</figcaption>
  </figure>
</template>
"""


def test_a_themed_image_component_is_its_light_image(tmp_path: Path) -> None:
    """A VitePress theme's `<ThemedImage src dark alt/>` (a course's diagrams, drawn for
    the light and the dark theme): its `<img>` shows a computed choice between the two
    props, its caption is shown `v-if="alt"`. Both kept it from being read as an image:
    each use was a comment, with a warning. It is the figure of the light image."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: '课程', lang: 'zh-CN' }\n",
        "docs/.vitepress/theme/ThemedImage.vue": THEMED,
        "docs/public/img/flow.png": png(40, 20),
        "docs/public/img/flow-dark.png": png(40, 20),
        "docs/index.md": "# 课程\n",
        "docs/net.md": ("# 网络\n\n示意图如下：\n"
                        "<ThemedImage src=\"/img/flow.png\" dark=\"/img/flow-dark.png\" "
                        "alt=\"数据流\" />\n\n正文。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert ": warning:" not in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/net/").one("main")
    assert [img.get("src") for img in body.find_all("img")] == ["/img/flow.png"]
    assert body.one("figcaption").text().endswith("数据流")


def test_a_fragment_with_spaces_is_repaired_or_its_text_kept(tmp_path: Path) -> None:
    """`[x](#结合 Animate.css 使用)`, written as Typora links a heading, was no link to
    markdown-it (a space in its destination). Naming a heading of the page, it goes
    there; naming none (the heading is on another page), its text stays without the
    link, with a warning, as for any dead `#link` — Lanting's Markdown, which reads
    such links, failed the build on it."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "docs/index.md": "# 笔记\n\n首页。\n",
        "docs/vue/animate.md": """\
            # Animate

            - [安装](#安装 与 使用)
            - [结合](#结合 Animate.css 使用)
            - [官网](#安装与使用 "npm")
            - [过渡](#结合 `vue3 transition` 使用)

            ## 安装与使用

            npm i animate.css
            """,
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line for line in report.splitlines() if ": warning:" in line] == [
        "docs/vue/animate.md:4: warning: link `#结合 Animate.css 使用`: no heading or "
        "anchor of the page has that id (a dead link of the old site): its text kept, "
        "without the link",
        "docs/vue/animate.md:6: warning: link `#结合 `vue3 transition` 使用`: no heading "
        "or anchor of the page has that id (a dead link of the old site): its text kept, "
        "without the link"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/animate/").one("main")
    links = [unquote(a["href"]) for a in body.one("ul").find_all("a")]
    assert links == ["#安装与使用", "#安装与使用"]
    assert "结合" in body.one("ul").text()


def test_a_container_line_ending_in_two_spaces_opens_its_block(tmp_path: Path) -> None:
    """`::: tip␣␣` (two spaces after it, as an editor left them): its line end is no
    line break of a paragraph. Written as one (`::: tip\\`), the tip was text on the
    page, `:::` and all; a line before a closing `:::` likewise."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.js": CONFIG,
        "docs/README.md": "# 首页\n\n笔记。\n",
        "docs/k8s/dns.md": ("# k8s 小技巧\n\n::: tip  \n可以用 dig 查看 dns 解析  \n"
                            "再用 curl 试试  \n:::  \n\n完。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert ": warning:" not in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/dns/").one("main")
    assert ":::" not in body.text()
    callout = body.one("div", class_="callout")
    assert "可以用 dig 查看 dns 解析" in callout.text()
    assert len(callout.find_all("br")) == 1


def test_vuepress_2_code_groups_are_tabs(tmp_path: Path) -> None:
    """VuePress 2's default theme's (and reco's) `:::: code-group` of `::: code-group-item
    python3` containers (`go:active`, the tab shown first): tabs named so. Each was a
    container Lanting lacks, unwrapped with a warning, the group shown as two blocks of
    code one under the other. VitePress's `::: code-group` of titled fences stays."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.ts": "export default { title: '博客', lang: 'zh-CN' }\n",
        "docs/README.md": "# 首页\n\n笔记。\n",
        "docs/algo/add.md": """\
            # 不用加号的加法

            :::: code-group
            ::: code-group-item python3
            ```python
            a, b = 1, 2
            ```
            :::
            ::: code-group-item go:active
            ```go
            func add(a int, b int) int { return a + b }
            ```
            :::
            ::::

            ::: code-group
            ```sh [npm]
            npm i
            ```
            :::
            """,
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert ": warning:" not in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/add/").one("main")
    assert ":::" not in body.text() and "@tab" not in body.text()
    labels = [b.text().strip() for b in body.find_all("label", class_="tab-label")]
    assert labels == ["python3", "go", "npm"]


def test_double_brackets_were_text_to_markdown_it(tmp_path: Path) -> None:
    """VitePress's markdown-it reads no `[[Note]]` links: `<code>[[unsequenced]]</code>`
    (a C23 attribute, in a C tutorial) was text, and Lanting's Markdown, which reads
    them, failed the build on each as a link to no page. Inside HTML code it stays code;
    in prose one naming a page of the site leads to it, another is its text, with a
    warning (as the Hugo, Hexo and docsify imports do)."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: 'C 教程', lang: 'zh-CN' }\n",
        "docs/index.md": "# C 教程\n\n首页。\n",
        "docs/c/attrs.md": ("# 属性\n\n- <code>[[unsequenced]]</code> 与 <code>[[reproducible]]"
                            "</code>（C23）。\n\n见 [[inline]] 与 [[nodiscard]]。\n"),
        "docs/c/inline.md": "# inline\n\n内联。\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line for line in report.splitlines() if ": warning:" in line] == [
        "docs/c/attrs.md:5: warning: `[[nodiscard]]` names no page of the site (the old "
        "page showed it as written): kept as text"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/attrs/").one("main")
    assert [c.text() for c in body.find_all("code")] == ["[[unsequenced]]", "[[reproducible]]"]
    assert [a["href"] for a in body.find_all("a")] == ["/inline/"]
    assert "[[nodiscard]]" in body.text()


def test_a_pair_of_tags_is_one_warning(tmp_path: Path) -> None:
    """`<Exercise id="10101">` … `</Exercise>` (a C tutorial's 118 exercises): the text
    between is kept, and the component named once, at its opening tag; the closing
    tag, in a comment too, made a second warning of each."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: 'C 教程', lang: 'zh-CN' }\n",
        "docs/index.md": "# C 教程\n\n首页。\n",
        "docs/c/ex.md": ('# 练习\n\n<Exercise id="10101" :d="4">\n\n写一个 hello world。\n\n'
                         '</Exercise>\n'),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line for line in report.splitlines() if ": warning:" in line] == [
        "docs/c/ex.md:3: warning: not converted, left in a comment: `<Exercise "
        "id=\"10101\" :d=\"4\">` (a Vue component of the old site: Lanting runs none; "
        "write what it showed in Markdown)"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "写一个 hello world。" in page(dest / "public", "/ex/").one("main").text()


def test_the_themes_copyright_is_the_footers_line(tmp_path: Path) -> None:
    """VitePress's `themeConfig.footer.copyright` (HTML), under every page, was left out
    and the footer read Lanting's `© year author`; it is the footer's line, as text."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": """\
            export default {
              title: '408', lang: 'zh-CN',
              themeConfig: {
                footer: {
                  message: 'MIT',
                  copyright: 'Copyright &copy; 2024 <a href="https://example.org">Bogo</a>',
                },
              },
            }
            """,
        "docs/index.md": "# 408\n\n首页。\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["copyright"] == "Copyright © 2024 Bogo"


def test_an_image_in_a_hidden_assets_folder_is_published(tmp_path: Path) -> None:
    """`![](.assets/cpu.png)` (Typora's image folder, hidden): Vite bundled it, but the
    import linked `/notes/.assets/cpu.png`, a folder a build never publishes, and the
    build failed with a missing image."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default {\n  title: '笔记',\n}\n",
        "docs/index.md": "# 首页\n",
        "docs/notes/docker-cpu.md": "# Docker 的 CPU\n\n![使用率](.assets/cpu.png)\n",
        "docs/notes/.assets/cpu.png": png(40, 20),
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    img = page(dest / "public", "/docker-cpu/").one("main").one("img")
    assert ".assets" not in img["src"]
    assert (dest / "public" / unquote(img["src"]).lstrip("/")).is_file()
    assert not any(".assets" in p.parts for p in (dest / "static").rglob("*"))


def test_a_link_to_a_note_with_a_space_in_its_name_leads_to_it(tmp_path: Path) -> None:
    """`[winget 源](./winget 源.md)`, as Typora writes and follows it: text to
    markdown-it and Lanting, with a build warning; the note is there, so a link was
    meant. A path naming no file stays as written."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default {\n  title: '笔记',\n}\n",
        "docs/index.md": "# 首页\n",
        "docs/tools/powershell.md": "# PowerShell\n\n另见 [winget 源](./winget 源.md)，"
                                    "[没有](./no such.md)。\n",
        "docs/tools/winget 源.md": "# winget 国内源\n\n换源。\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    build(dest, BuildOptions())
    body = page(dest / "public", "/powershell/").one("main")
    link = next(a for a in body.find_all("a") if a.text() == "winget 源")
    assert unquote(link["href"]).rstrip("/").endswith("winget-源")
    assert "[没有](./no such.md)" in body.text()


def test_a_vitepress_folder_with_readme_and_index(tmp_path: Path) -> None:
    """`guide/index.md` beside `guide/README.md` (the README kept for GitHub's folder
    view): VitePress serves the index at `/guide/` and the README at
    `/guide/README.html`, a page of its own. The README took the folder's name, the
    index was `guide-2` with two warnings, and the old URL `/guide/` led to the README
    while links to it led to the index. The index is the folder's page; the README is
    `guide-readme`, at its old URL too."""
    source = tmp_path / "notes"
    write_files(source, {
        ".vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "index.md": "# 笔记\n\n见 [指南](/guide/) 与 [说明](./guide/README.md)。\n",
        "guide/index.md": "# 指南\n\n入门。\n",
        "guide/README.md": "# 关于本目录\n\n给 GitHub 看的说明。\n",
        "guide/start.md": "# 开始\n\n[上一级](./) [说明](README)\n",
    })
    dest = tmp_path / "new"
    imported = import_site(source, dest, None, False, NOW)
    assert imported.report.warnings == []
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    public = dest / "public"
    assert "入门" in (public / "guide" / "index.html").read_text(encoding="utf-8")
    readme = (public / "guide-readme" / "index.html").read_text(encoding="utf-8")
    assert "给 GitHub 看的说明" in readme
    assert "/guide-readme/" in (public / "guide" / "README.html").read_text(
        encoding="utf-8")
    links = [a.attrs["href"] for a in parse_html((public / "start" / "index.html")
                                                 .read_text(encoding="utf-8"))
             .one("main").find_all("a")]
    assert [h for h in links if "guide" in h] == ["/guide/", "/guide-readme/"]


def test_groups_of_a_drop_down_and_hope_prefixes_make_its_entries(tmp_path: Path) -> None:
    """VitePress's drop-down of groups (`{ text: '指南', items: [{ text: '模型', items:
    [...] }] }`, each group shown under its title, if it has one) and hope's `prefix`
    (`prefix: '/notes/'` over `link: 'vue/'`, nested too): the groups were read as entries with no
    link and the drop-down was left out ("none of its entries leads to a page"); a
    prefixed link named no page. A group's entries are the drop-down's (a menu has one
    level), each link from its prefixes."""
    vitepress = tmp_path / "vp"
    write_files(vitepress, {
        ".vitepress/config.mts": (
            "export default { title: '笔记', lang: 'zh-CN', themeConfig: { nav: [\n"
            "  { text: '指南', items: [\n"
            "    { text: '概览', items: [{ text: '入门', link: '/intro' }] },\n"
            "    { text: '模型', items: [{ text: 'Transformer', link: '/models/transformer' },\n"
            "                            { text: 'CNN', link: '/models/cnn' }] },\n"
            "    { items: [{ text: '深搜', link: '/algo/dfs' }] },\n"
            "  ] },\n] } }\n"),
        "index.md": "# 笔记\n",
        "intro.md": "# 入门\n",
        "models/transformer.md": "# Transformer\n",
        "models/cnn.md": "# CNN\n",
        "algo/dfs.md": "# 深搜\n",
    })
    import_site(vitepress, tmp_path / "vp-new", None, False, NOW)
    menu = tomllib.loads((tmp_path / "vp-new" / "lanting.toml").read_text(
        encoding="utf-8"))["menu"]
    assert [(m["name"], [(c["name"], c["url"]) for c in m["children"]]) for m in menu] == [
        ("指南", [("入门", "/intro/"), ("Transformer", "/transformer/"), ("CNN", "/cnn/"),
                  ("深搜", "/dfs/")])]
    hope = tmp_path / "hope"
    write_files(hope, {
        "src/.vuepress/config.ts": ("import theme from './theme.js'\n"
                                    "export default defineUserConfig({ title: '笔记', "
                                    "lang: 'zh-CN', theme })\n"),
        "src/.vuepress/theme.ts": ("import navbar from './navbar.js'\n"
                                   "export default hopeTheme({\n  navbar,\n})\n"),
        "src/.vuepress/navbar.ts": (
            "export default navbar([\n  '/',\n  { text: '笔记', prefix: '/notes/', children: [\n"
            "    { text: 'Vue', link: 'vue/' },\n"
            "    { text: '后端', prefix: 'server/', children: [\n"
            "      { text: 'Go', link: 'go' }, 'rust', { text: 'Java', link: '/java/' }] },\n"
            "  ] },\n])\n"),
        "src/README.md": "---\nhome: true\n---\n",
        "src/notes/vue/README.md": "# Vue 笔记\n\n组件。\n",
        "src/notes/server/go.md": "# Go\n",
        "src/notes/server/rust.md": "# Rust\n",
        "src/java/README.md": "# Java\n\n类。\n",
    })
    import_site(hope, tmp_path / "hope-new", None, False, NOW)
    menu = tomllib.loads((tmp_path / "hope-new" / "lanting.toml").read_text(
        encoding="utf-8"))["menu"]
    assert [(m["name"], [(c["name"], c["url"]) for c in m["children"]]) for m in menu] == [
        ("笔记", [("Vue", "/vue/"), ("Go", "/go/"), ("Rust", "/rust/"),
                  ("Java", "/java/")])]


def test_links_by_reference_lead_to_the_new_pages(tmp_path: Path) -> None:
    """`[许可]` with `[许可]: /about/license.md` under the text (markdown-it reads
    links by reference, and VuePress rewrote their `.md`): the definition kept the old
    path and each such link failed the build. Its URL is the page's; one naming no page
    (a dead link of the old site) is its text, with a warning."""
    source = tmp_path / "notes"
    write_files(source, {
        ".vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "index.md": "# 笔记\n",
        "about/license.md": "# 版权\n\n署名。\n",
        "os/intro.md": ("# 操作系统\n\n使用前请读[许可]，另见[旧笔记][old]。\n\n"
                        "[许可]: /about/license.md\n[old]: ./gone.md\n"),
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert [(w.path, w.message) for w in imported.report.warnings] == [
        ("os/intro.md", "link `./gone.md`: no page of the site there (a dead link of the "
         "old site): its text kept, without the link")]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = page(tmp_path / "new" / "public", "/intro/").one("main")
    assert [a.attrs["href"] for a in main.find_all("a")] == ["/license/"]
    assert "另见旧笔记。" in main.text()


def test_a_drop_downs_entries_to_posts_lead_to_the_posts(tmp_path: Path) -> None:
    """hope's notes site whose blog makes every dated note a post, its drop-down
    listing some of them (`{ text: '复习', children: ['/posts/os.md', …] }`): each
    entry was sent to the blog, and the drop-down shrank to one entry. A drop-down's
    entry leads to its post; a top entry naming a post still leads to the blog."""
    source = tmp_path / "notes"
    write_files(source, {
        "src/.vuepress/config.ts": ("import theme from './theme.js'\n"
                                    "export default defineUserConfig({ title: '笔记', "
                                    "lang: 'zh-CN', theme })\n"),
        "src/.vuepress/theme.ts": ("import navbar from './navbar.js'\n"
                                   "export default hopeTheme({\n  navbar,\n})\n"),
        "src/.vuepress/navbar.ts": (
            "export default navbar([\n  { text: '文章', link: '/posts/os.md' },\n"
            "  { text: '复习', children: ['/posts/os.md', '/posts/net.md'] },\n])\n"),
        "src/README.md": "---\nhome: true\n---\n",
        "src/posts/os.md": "---\ndate: 2024-03-01\n---\n\n# 操作系统\n\n进程。\n",
        "src/posts/net.md": "---\ndate: 2024-03-02\n---\n\n# 计算机网络\n\nTCP。\n",
    })
    import_site(source, tmp_path / "new", None, False, NOW)
    menu = tomllib.loads((tmp_path / "new" / "lanting.toml").read_text(
        encoding="utf-8"))["menu"]
    assert menu == [{"name": "文章", "url": "/blog/"},
                    {"name": "复习", "children": [
                        {"name": "操作系统", "url": "/posts/os/"},
                        {"name": "计算机网络", "url": "/posts/net/"}]}]


def test_a_sites_own_container_of_one_image_is_a_figure(tmp_path: Path) -> None:
    """`::: img 训练损失曲线` over one image (a reco blog's `img` type of
    vuepress-plugin-container, which showed its words as the image's caption): it was
    unwrapped with a warning and the caption lost. It is a figure, the words its
    caption; a container of more than one image is unwrapped as before."""
    source = tmp_path / "blog"
    write_files(source, {
        "docs/.vuepress/config.js": "module.exports = { title: '笔记', theme: 'reco' }\n",
        "docs/README.md": "# 笔记\n",
        "docs/notes/loss.md": ("# 训练\n\n正文。\n\n::: img 第三轮的训练损失曲线\n"
                                  "![image](./image/a.png)\n:::\n\n::: cap 两张\n"
                                  "![](./image/a.png)\n![](./image/a.png)\n:::\n"),
    })
    (source / "docs" / "notes" / "image").mkdir()
    (source / "docs" / "notes" / "image" / "a.png").write_bytes(png(8, 8))
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert [w.message for w in imported.report.warnings] == [
        "`::: cap 两张` has no Lanting form: unwrapped, its content shown as written, its "
        "title in bold above it"]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = page(tmp_path / "new" / "public", "/loss/").one("main")
    [figure] = main.find_all("figure")
    assert figure.one("figcaption").text().endswith("第三轮的训练损失曲线")
    assert figure.one("img").attrs["alt"] == "第三轮的训练损失曲线"


def test_an_unread_containers_title_stays_above_its_content(tmp_path: Path) -> None:
    """`::: demo 梯度裁剪的例子` (a container type the site defined, or a plugin's Lanting
    does not read): unwrapped, with a warning, its title was lost, though the old site
    showed it over the block (vuepress-plugin-container's default). It stays, in bold."""
    source = tmp_path / "notes"
    write_files(source, {
        ".vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "index.md": "# 笔记\n",
        "clip.md": ("# 裁剪\n\n::: demo 梯度裁剪的例子\n范数超过阈值时缩放。\n:::\n\n"
                    "::: demo\n无题。\n:::\n"),
    })
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert [w.message for w in imported.report.warnings] == [
        "`::: demo 梯度裁剪的例子` has no Lanting form: unwrapped, its content shown as "
        "written, its title in bold above it",
        "`::: demo` has no Lanting form: unwrapped, its content shown as written"]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    paragraphs = [p.text() for p in page(tmp_path / "new" / "public", "/clip/").one(
        "main").find_all("p")]
    assert paragraphs[-3:] == ["梯度裁剪的例子", "范数超过阈值时缩放。", "无题。"]


def test_vue_interpolations_are_their_values(tmp_path: Path) -> None:
    """Vue compiled each page, so `{{ 3 * 4 }}` in a note showed `12`, `{{ $page.title }}`
    the title; both were left as written, without a word. What the import cannot tell
    stays, with a warning; `::: v-pre`, a `<div v-pre>`, a `<span v-pre>` and code, which
    Vue did not read, keep theirs (a site without math: its `$` escaped first), and, meant
    to be shown so, are no template left over to the build."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.js": "module.exports = { title: '算法笔记' }\n",
        "docs/README.md": "# 算法笔记\n",
        "docs/sort/quick.md": (
            "# 快速排序\n\n本页《{{ $page.title }}》共 {{ 3 * 4 }} 题，"
            "{{ '平均' + '情况' }}。\n\n状态：{{ theme }}\n\n::: v-pre\n模板 {{ msg }}\n"
            ":::\n\n<div v-pre>\n\n{{ item }}\n\n</div>\n\n`{{ code }}`\n\n"
            "<p v-pre>段落 {{ para }}</p>\n\n行内 <span v-pre>{{{ span }}}</span>\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line for line in report.splitlines() if ": warning:" in line] == [
        "docs/sort/quick.md:5: warning: a Vue expression, `{{ theme }}`: Lanting runs no "
        "templates, so it shows as written (write what it showed)"]
    result = build(dest, BuildOptions())
    # (what stays as written is the build's warning too; nothing converted is, nor what
    # `v-pre` showed as written on purpose)
    assert [w.message for w in result.warnings] == [
        "template syntax left in the page: `{{ theme }}`"]
    text = page(dest / "public", "/quick/").one("main").text()
    assert "本页《快速排序》共 12 题，平均情况。" in text
    for kept in ("{{ theme }}", "{{ msg }}", "{{ item }}", "{{ code }}", "段落 {{ para }}",
                 "行内 {{{ span }}}"):
        assert kept in text


def test_the_math_plugins_macros_are_lantings(tmp_path: Path) -> None:
    """VitePress's `markdown: {math: {tex: {macros: …}}}` (a physics notes site's `\\ket`,
    `\\arccot`, `\\dv` with an optional first argument): not read, so every formula using
    one failed the build. They are `[markdown] math_macros` now."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": (
            "import { defineConfig } from 'vitepress'\n"
            "export default defineConfig({\n  title: '物理笔记',\n  lang: 'zh-CN',\n"
            "  markdown: {\n    math: {\n      tex: {\n        macros: {\n"
            "          ket: ['{\\\\left| #1 \\\\right\\\\rangle}', 1],\n"
            "          arccot: '{\\\\operatorname{arccot}}',\n"
            "          dv: ['{\\\\frac{\\\\mathrm{d}^{#1} {#2}}"
            "{\\\\mathrm{d} {#3}^{#1}}}', 3, ''],\n"
            "        }\n      }\n    }\n  }\n})\n"),
        "docs/index.md": "# 物理笔记\n",
        "docs/qm.md": "# 量子\n\n态 $\\ket{\\psi}$，角 $\\arccot x$，导数 $\\dv{f}{x}$。\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "MathJax macros ([markdown] math_macros) ×3" in report
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert sorted(config["markdown"]["math_macros"]) == ["arccot", "dv", "ket"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert page(dest / "public", "/qm/").one("main").find_all("math")


def test_the_not_found_page_is_lantings(tmp_path: Path) -> None:
    """VitePress shows `404.md` when no page is found; made a page, its old URL
    `/404.html` was an alias on Lanting's own 404 page, and the build failed. It is left
    out, with a notice."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "docs/index.md": "# 笔记\n",
        "docs/404.md": "---\nlayout: page\n---\n\n# 页面未找到\n\n[回首页](/)\n",
        "docs/notes/404.md": "# 状态码 404\n\n找不到资源。\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "docs/404.md: notice: left out: the old site's not-found page (Lanting makes " \
        "its own 404 page)" in report
    build(dest, BuildOptions())
    assert "页面未找到" not in (dest / "public" / "404.html").read_text(encoding="utf-8")
    assert "找不到资源" in page(dest / "public", "/状态码-404/").one("main").text()


def test_an_include_inside_a_code_block_is_the_files_code(tmp_path: Path) -> None:
    """VuePress 2's include plugin (hope's) reads the page's source before its fences: a
    notes site's ```ts block holding `<!-- @include: @src/code/sort.ts -->` alone on a
    line showed that file's code (`{1-2}` its first lines). The import left the comment
    in the code block, shown as written. One naming no file of the site stays."""
    source = tmp_path / "old"
    write_files(source, {
        "src/.vuepress/config.ts": (
            "import { defineUserConfig } from 'vuepress'\n"
            "import { hopeTheme } from 'vuepress-theme-hope'\n"
            "export default defineUserConfig({ lang: 'zh-CN', title: '设计模式',\n"
            "  theme: hopeTheme({ plugins: { mdEnhance: { include: true } } }) })\n"),
        "src/README.md": "# 设计模式\n",
        "src/code/sort.ts": "export function sort(a: number[]) {\n  return a.sort()\n}\n",
        "src/strategy.md": (
            "# 策略\n\n```ts\n// 运行示例\n<!-- @include: @src/code/sort.ts -->\n```\n\n"
            "```ts\n  <!-- @include: ./code/sort.ts{1-2} -->\n```\n\n"
            "```md\n<!-- @include: ./parts/intro.md -->\n```\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "files included in code blocks (inlined) ×2" in report
    written = (dest / "content" / "pages" / "strategy.md").read_text(encoding="utf-8")
    assert "```ts\n// 运行示例\nexport function sort(a: number[]) {\n  return a.sort()\n}\n```" \
        in written
    assert "```ts\n  export function sort(a: number[]) {\n    return a.sort()\n```" in written
    build(dest, BuildOptions())
    blocks = [pre.text() for pre in page(dest / "public", "/strategy/").find_all("pre")]
    assert "return a.sort()" in blocks[0] and "@include" not in blocks[0] + blocks[1]
    assert "<!-- @include: ./parts/intro.md -->" in blocks[2]


def test_the_sites_own_details_containers_are_details(tmp_path: Path) -> None:
    """vuepress-plugin-container's own types, `type: "details-open"` drawn by its `before`
    as `<details open="open"><summary>${info}</summary>` (a reading-notes site's 139
    examples): unwrapped with a warning each, their title in bold. They are Lanting's
    `::: details`, open as they were; another own type (a plain box) is unwrapped still."""
    source = tmp_path / "old"
    write_files(source, {
        "docs/.vuepress/config.js": (
            "module.exports = {\n  title: '读书笔记',\n  plugins: [\n"
            "    ['vuepress-plugin-container', {\n      type: 'details-open',\n"
            "      before: (info) =>\n"
            "        `<details open=\"open\" class=\"custom-block details\"><summary>${info}"
            "</summary>\\n`,\n      after: () => '</details>\\n',\n    }],\n"
            "    ['vuepress-plugin-container', {\n      type: 'fold',\n"
            "      before: (info) => `<details class=\"custom-block\"><summary>${info}"
            "</summary>`,\n      after: '</details>',\n    }],\n"
            "    ['vuepress-plugin-container', {\n      type: 'normal',\n"
            "      before: (info) => `<div class=\"custom-block normal\"><p>${info}</p>`,\n"
            "      after: '</div>',\n    }],\n  ],\n}\n"),
        "docs/README.md": "# 读书笔记\n",
        "docs/pyramid.md": (
            "# 金字塔原理\n\n::: details-open 🌰 例子：\n先说结论。\n:::\n\n"
            "::: fold 展开\n细节。\n:::\n\n::: normal 小结\n归纳。\n:::\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line.split(": warning: ")[1] for line in report.splitlines()
            if ": warning:" in line] == [
        "`::: normal 小结` has no Lanting form: unwrapped, its content shown as written, "
        "its title in bold above it"]
    build(dest, BuildOptions())
    body = page(dest / "public", "/pyramid/").one("main")
    details = body.find_all("details")
    assert [(d.one("summary").text(), "open" in d.attrs) for d in details] == [
        ("🌰 例子：", True), ("展开", False)]
    assert "先说结论。" in details[0].text()


def test_a_title_from_a_file_name_holds_no_control_character(tmp_path: Path) -> None:
    """An empty note whose file name kept a backspace from a paste, `Dart\\b语言.md`: its
    title, made of the name, held the invisible character, and the build failed ("control
    character U+0008"). The title leaves it out."""
    source = tmp_path / "old"
    write_files(source, {"docs/.vuepress/config.js": "module.exports = { title: '笔记' }\n",
                         "docs/README.md": "# 笔记\n", "docs/flutter/Dart\b语言.md": ""})
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    build(dest, BuildOptions())
    [written] = (dest / "content" / "pages").glob("dart*.md")
    assert "title: Dart语言\n" in written.read_text(encoding="utf-8")
