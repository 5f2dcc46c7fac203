"""The VitePress and VuePress importer on what notes sites of ML and systems engineers
write: formulas holding `<EOS>` or `[L](i)` (TeX, not components or links), angle
brackets that are no tags (`<S:Per>`, `<Leader 的 IP>`), `#links` to headings written
by hand, a link to a file outside `public/`, and plume's cards and `::: flex`."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path
from urllib.parse import unquote

from importbits import page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.common import Options
from lanting.importer.vuepress_config import read_config

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

NOTE = """\
# 停止符

## KV Cache 复用

只改输出层的一行 $W[<END>]$，见 [复用](#KV-Cache-复用) 和 [为什么](#为什么？)：

$$
\\hat{g}[<END>] = \\nabla_{W[<END>]} \\mathcal{L}
$$

第 $l$ 层第 $k$ 个样本的激活是 $a^{[l](k)}$，群 $<G,*>$ 可交换。

实体前后插入标记，如<S:Per> 和</S:Per>，命令是 kubeadm join <Leader 的 IP 和端口>。

## 为什么？

下载 [脑图](/mind.xmind){ .vp-button target=_blank }。

<a id="fig-2"></a>如[图 1](#fig:arch-1)和[图 2](#fig-2)所示。
"""


def test_math_and_angle_brackets_of_notes_are_no_components(tmp_path: Path) -> None:
    """With the config's math on, a formula is TeX: `<END>` in it is no component and
    `[l](k)` no link (the old site's TeX plugin read them first); `<S:Per>` and
    `<Leader 的 IP>` are no tags to markdown-it, so the old page showed them as text.
    `#links` to headings written by hand go to them; one naming nothing on the page
    (a label of a book, `#fig:arch-1`) keeps its text, with a warning."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": """\
            import { defineConfig } from 'vitepress'
            export default defineConfig({ title: '笔记', lang: 'zh-CN',
                                          markdown: { math: true } })
            """,
        "docs/index.md": "# 笔记\n\n首页。\n",
        "docs/llm/stop.md": NOTE,
        "docs/llm/mind.xmind": b"PK",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    report = report_of(done)
    warnings = [line for line in report.splitlines() if ": warning:" in line]
    assert warnings == ["docs/llm/stop.md:17: warning: link `/mind.xmind`: no such file in "
                        "`public/` (a dead link of the old site): its text kept, without the "
                        "link; put the file in `static/` and link to it again",
                        "docs/llm/stop.md:19: warning: link `#fig:arch-1`: no heading or "
                        "anchor of the page has that id (a dead link of the old site): its "
                        "text kept, without the link"]
    assert "the link `#KV-Cache-复用` named no heading" in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    doc = page(dest / "public", "/stop/")
    body = doc.one("main")
    assert len(body.find_all("math")) == 6
    assert "<S:Per> 和</S:Per>" in body.text()
    assert "kubeadm join <Leader 的 IP 和端口>" in body.text()
    hrefs = [unquote(a.get("href") or "") for a in body.find_all("a")]
    assert "#kv-cache-复用" in hrefs and "#为什么" in hrefs
    assert "下载 脑图。" in body.text()
    assert "如图 1" in body.text() and "#fig-2" in hrefs and "#fig:arch-1" not in hrefs


def test_plume_cards_and_flex_blocks(tmp_path: Path) -> None:
    """vuepress-theme-plume's `<CardGrid>` of `<LinkCard title href description>` and
    `<ImageCard image title href>` (attributes over several lines, a card's text as its
    content): each card a paragraph with its link (and image); `::: flex center` around
    a table unwrapped, with a notice."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": """\
            import { defineUserConfig } from 'vuepress'
            import { plumeTheme } from 'vuepress-theme-plume'
            export default defineUserConfig({ lang: 'zh-CN', title: '推荐系统笔记',
              theme: plumeTheme({ hostname: 'https://rec.example.org' }) })
            """,
        "docs/.vuepress/public/img/book.png": png(40, 60),
        "docs/README.md": "# 推荐系统笔记\n\n首页。\n",
        "docs/resources.md": """\
            # 资源

            <CardGrid>
            <LinkCard
              title="召回综述"
              icon="simple-icons:github"
              href="https://example.org/recall"
              description="从双塔到图召回">
            </LinkCard>
            <LinkCard title="排序模型" href="https://example.org/rank">精排与重排</LinkCard>
            </CardGrid>

            <CardGrid>
            <ImageCard
              image="/img/book.png"
              title="推荐系统实战"
              href="https://example.org/book"
              author="某作者"
            />
            </CardGrid>

            ::: flex center
            | 数据集 | 规模 |
            | --- | --- |
            | 点击日志 | 1M |
            :::
            """,
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    report = report_of(done)
    assert ": warning:" not in report
    assert "notice: `::: flex` unwrapped" in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/resources/").one("main")
    links = {a.text(): a.get("href") for a in body.find_all("a")}
    assert links["召回综述"] == "https://example.org/recall"
    assert links["排序模型"] == "https://example.org/rank"
    assert links["推荐系统实战"] == "https://example.org/book"
    paragraphs = [p.text() for p in body.find_all("p")]
    assert "召回综述 — 从双塔到图召回" in paragraphs
    assert "排序模型 — 精排与重排" in paragraphs
    assert [img.get("src") for img in body.find_all("img")] == ["/img/book.png"]
    assert [td.text() for td in body.one("table").find_all("td")] == ["点击日志", "1M"]


def test_plume_card_steps_and_file_tree_containers(tmp_path: Path) -> None:
    """plume's `::: card title="…" icon="…"` (a weekly note's boxes): its attributes were
    its title, in bold, with a warning; the title is the `title` now, and the box, like
    `::: steps` (an ordered list numbered as steps) and `::: file-tree` (a nested list
    drawn as folders), is unwrapped with a notice. Another container's attribute title is
    read so too."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": (
            "import { defineUserConfig } from 'vuepress'\n"
            "import { plumeTheme } from 'vuepress-theme-plume'\n"
            "export default defineUserConfig({ lang: 'zh-CN', title: '周记',\n"
            "  theme: plumeTheme({}) })\n"),
        "docs/README.md": "# 周记\n",
        "docs/week.md": (
            "# 第十周\n\n::: card title=\"读论文\" icon=\"fluent-color:book-24\"\n"
            "读完两篇。\n:::\n\n::: steps\n1. 装环境\n2. 跑基线\n:::\n\n"
            "::: file-tree\n- docs\n  - README.md\n:::\n\n"
            "::: demo-box title=\"示例\" height=\"200\"\n内容。\n:::\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line.split(": warning: ")[1] for line in report.splitlines()
            if ": warning:" in line] == [
        '`::: demo-box title="示例" height="200"` has no Lanting form: unwrapped, its '
        "content shown as written, its title in bold above it"]
    assert "notice: `::: card` unwrapped: its content is shown as any other text, its " \
        "title in bold above it" in report
    build(dest, BuildOptions())
    body = page(dest / "public", "/week/").one("main")
    assert [b.text() for b in body.find_all("strong")] == ["读论文", "示例"]
    assert [li.text() for li in body.one("ol").find_all("li")] == ["装环境", "跑基线"]
    assert "icon" not in body.text()


def test_settings_named_from_a_constants_object_are_read(tmp_path: Path) -> None:
    """A notes template's `title: metaData.title`, `metaData` a literal object exported
    by `./config/constants.ts`: its literals are the settings; one the object computes
    (`${site}/x`) stays a computed setting, named in the report."""
    write_files(tmp_path, {
        ".vitepress/config.ts": """\
            import { defineConfig } from 'vitepress'
            import { metaData } from './config/constants'
            export default defineConfig({
              lang: metaData.lang,
              title: metaData.title,
              description: metaData.description,
            })
            """,
        ".vitepress/config/constants.ts": """\
            const site = 'https://notes.example.org'
            export const metaData = {
              lang: 'zh-CN',
              title: '算子笔记',
              description: `${site} 的笔记`,
            }
            """,
    })
    found = read_config(tmp_path / ".vitepress")
    assert (found.values["lang"], found.values["title"]) == ("zh-CN", "算子笔记")
    assert found.computed == ["description"]


def test_images_beside_pages_and_shared_by_posts_are_copied(tmp_path: Path) -> None:
    """An image beside a page (`./img/arch.png`, not in `public/`) and one that two posts
    show were left behind, their pages failing the build: they are copied to their paths
    in `static/` (a post's own image still goes into its bundle)."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default defineConfig({ title: '笔记' })\n",
        "docs/index.md": "# 笔记\n",
        "docs/guide/arch.md": "# 架构\n\n![架构图](./img/arch.png)\n",
        "docs/guide/img/arch.png": png(30, 20),
        "docs/posts/a.md": "---\ndate: 2024-05-01\n---\n# 甲\n\n![共用](./img/shared.png)\n"
                           "\n![自己的](./img/own.png)\n",
        "docs/posts/b.md": "---\ndate: 2024-05-02\n---\n# 乙\n\n![共用](./img/shared.png)\n",
        "docs/posts/img/shared.png": png(20, 20),
        "docs/posts/img/own.png": png(10, 20),
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    for url, count in (("/arch/", 1), ("/posts/a/", 2), ("/posts/b/", 1)):
        images = page(out, url).one("main").find_all("img")
        assert len(images) == count
        for img in images:
            src = unquote(img.get("src") or "")
            where = out / src.lstrip("/") if src.startswith("/") else \
                out / url.strip("/") / src
            assert where.is_file(), (url, src)


def test_a_hostname_written_with_the_base_is_not_doubled(tmp_path: Path) -> None:
    """plume's `hostname: 'https://u.github.io/rec/'` beside `base: '/rec/'`: the site's
    whole address, written so; the base was added again (`…/rec/rec/`), and every link
    of the new site went to a folder that does not exist."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.js": """\
            export default defineUserConfig({ base: '/rec/', title: '推荐',
              theme: plumeTheme({ hostname: 'https://u.github.io/rec/' }) })
            """,
        "docs/README.md": "# 推荐\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "https://u.github.io/rec/"


def test_the_hope_templates_hostname_is_not_the_sites_address(tmp_path: Path) -> None:
    """hope's project template writes `hostname: "https://mister-hope.github.io"` (its
    author's site), and many sites never edit it: it is no `base_url` of theirs (feeds
    and canonical links would point there), left out with a notice."""
    source = tmp_path / "hope"
    write_files(source, {
        "src/.vuepress/config.ts": """\
            import theme from "./theme.js";
            export default defineUserConfig({ base: "/notes/", title: "笔记", theme });
            """,
        "src/.vuepress/theme.ts": """\
            export default hopeTheme({ hostname: "https://mister-hope.github.io",
                                       author: { name: "小林" } });
            """,
        "src/README.md": "# 笔记\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert "base_url" not in config and config["author"] == "小林"
    assert "is the hope template's example" in report_of(done)


def test_teek_config_blog_and_covers(tmp_path: Path) -> None:
    """vitepress-theme-teek (vdoing's successor on VitePress): the file builds the theme's
    config first (`const teekConfig = defineTeekConfig({…})`) and exports the site's,
    which `extends` it; the theme's was taken for the site's (its title lost). Every
    dated page is a post, as on vdoing; Teek's `coverImg` is the cover."""
    source = tmp_path / "teek"
    write_files(source, {
        "docs/.vitepress/config.ts": """\
            import { defineConfig } from "vitepress";
            import { defineTeekConfig } from "vitepress-theme-teek/config";
            const teekConfig = defineTeekConfig({
              author: { name: "栗子", link: "https://example.org" },
              banner: { enabled: false },
            });
            export default defineConfig({
              extends: teekConfig,
              title: "栗子的笔记",
              lang: "zh-CN",
            });
            """,
        "docs/public/covers/cuda.png": png(40, 20),
        "docs/index.md": "---\nlayout: home\n---\n",
        "docs/10.笔记/01.CUDA 入门.md": "---\ntitle: CUDA 入门\ndate: 2025-03-01 10:00:00\n"
                                         "permalink: /note/a1b2c3\ncoverImg: /covers/cuda.png\n"
                                         "categories:\n  - 笔记\n---\n线程块与网格。\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"]) == ("栗子的笔记", "栗子")
    assert "`banner`" not in report_of(done)  # (the theme's keys are not the site's)
    posts = list((dest / "content" / "posts").rglob("*.md"))
    assert len(posts) == 1 and "cover:" in posts[0].read_text(encoding="utf-8")
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_dated_pages_of_a_blog_folder_deeper_down_are_posts(tmp_path: Path) -> None:
    """A site of several sections keeps its blog in `sections/posts/` (each post a folder
    with its note): its dated pages are posts, the menu's link to the folder is the
    blog's; an undated page there, and dated notes elsewhere, stay pages."""
    source = tmp_path / "meta"
    write_files(source, {
        ".vitepress/config.ts": """\
            import { defineConfig } from "vitepress";
            export default defineConfig({
              srcDir: "./docs", title: "知识库", lang: "zh-CN",
              themeConfig: { nav: [{ text: "文章", link: "/sections/posts/" }] },
            });
            """,
        "docs/index.md": "# 知识库\n",
        "docs/sections/posts/grpo-notes/grpo-notes.md":
            "---\ntitle: GRPO 笔记\ndate: 2024-12-30\ntags: [强化学习]\n---\n组内优势。\n",
        "docs/sections/posts/about-posts.md": "---\ntitle: 关于文章\n---\n说明。\n",
        "docs/sections/knowledge/ppo.md": "---\ntitle: PPO\ndate: 2024-11-01\n---\n裁剪。\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    posts = sorted(p.name for p in (dest / "content" / "posts").rglob("*.md"))
    pages = sorted(p.name for p in (dest / "content" / "pages").rglob("*.md"))
    assert posts == ["grpo-notes.md"]
    assert pages == ["about-posts.md", "ppo.md"]
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert {"name": "文章", "url": "/blog/"} in config["menu"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_table_of_contents_made_for_github_finds_its_headings(tmp_path: Path) -> None:
    """Notes with a table of contents an editor made for GitHub (VS Code's Markdown All
    in One): `#考试pat` for `## 考试(PAT)`, `#11-hello-world` for `## 1.1 Hello World`,
    a second `## 用法` as `#用法-1` (as VitePress numbered it too), and the first
    line's link to the page's own `# CH1 入门`, which becomes the title. They were
    taken for dead links and dropped, 366 of them in one site."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.ts": "export default { title: '笔记', lang: 'zh-CN',\n"
                                    "  theme: hopeTheme({ plugins: { mdEnhance: "
                                    "{ katex: true } } }) }\n",
        "docs/README.md": "# 笔记\n",
        "docs/go/ch1.md": """\
            # CH1 入门

            - [CH1 入门](#ch1-入门)
              - [1.1 Hello World](#11-hello-world)
              - [考试(PAT)](#考试pat)
              - [用法](#用法)
              - [用法](#用法-1)
              - [绘制$sin(x)$](#绘制sinx)

            ## 1.1 Hello World

            ## 考试(PAT)

            ### 用法

            一。

            ### 用法

            二。

            ## 绘制$sin(x)$
            """,
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert "no heading or anchor" not in report_of(done)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/ch1/").one("div", class_="prose")
    hrefs = [unquote(a["href"]) for a in prose.find_all("a")]
    assert hrefs == ["#top", "#_1-1-hello-world", "#考试-pat", "#用法", "#用法-1",
                     "#绘制sin-x"]
    ids = [h["id"] for tag in ("h2", "h3") for h in prose.find_all(tag)]
    assert all(h[1:] in ids for h in hrefs[1:])


def test_links_to_headings_of_other_pages_find_them(tmp_path: Path) -> None:
    """`[AT](./端点安全.md#AT)`: VitePress's ids are lower case, so the link named no
    heading there, and Lanting's build failed on it. It goes to the heading it meant
    (`#at`, or `#submission和smtps` for `#submission和SMTPS`); one to the page's first
    heading, its title now, goes to the page; one naming nothing there, to the page,
    with a warning."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.ts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "docs/README.md": "# 笔记\n",
        "docs/sec/端点安全.md": "# 端点安全\n\n## AT\n\n计划任务。\n\n"
                                "## submission和SMTPS\n\n端口。\n",
        "docs/sec/索引.md": "# 索引\n\n[AT](./端点安全.md#AT)、"
                            "[SMTPS](端点安全.md#submission和SMTPS)、"
                            "[总览](./端点安全.md#端点安全)、[旧](./端点安全.md#schtasks)。\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/索引/").one("div", class_="prose")
    hrefs = [unquote(a["href"]) for a in prose.find_all("a")]
    assert hrefs == ["/端点安全/#at", "/端点安全/#submission和smtps", "/端点安全/",
                     "/端点安全/"]
    [warning] = [w for w in done.report.warnings if "#schtasks" in w.message]
    assert warning.line == 3


def test_a_display_formula_with_blank_lines_is_one_formula(tmp_path: Path) -> None:
    """markdown-it-mathjax3 read `$$`, a blank line, the TeX, a blank line, `$$` as one
    formula (a recommender-systems note's rating prediction); Lanting's Markdown ended it
    at the blank line and the build failed on a lone `$$`."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mjs": "import mathjax3 from 'markdown-it-mathjax3'\n"
                                      "export default { title: '推荐', lang: 'zh-CN',\n"
                                      "  markdown: { config: (md) => md.use(mathjax3) } }\n",
        "docs/index.md": "# 推荐\n",
        "docs/cf.md": "# 协同过滤\n\n预测评分：\n$$\n\n\\hat{r}_{ui} = \\frac{\n"
                      "\\sum_{v} s_{uv} r_{vi}\n}{\n\\sum_{v} |s_{uv}|\n}\n\n$$\n"
                      "其中 $s$ 是相似度。\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/cf/").one("div", class_="prose")
    assert [m.attrs.get("display") for m in prose.find_all("math")] == ["block", None]


def test_a_bar_in_a_formula_in_a_table_stays_in_its_cell(tmp_path: Path) -> None:
    """`$\\pi_\\theta(a|s)$` in a table row (notes written in Typora): its `|` ended the
    cell, leaving two halves of TeX and a build warning each; it is `\\vert` now, as
    the Docusaurus import writes it."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: '强化学习', lang: 'zh-CN',\n"
                                      "  markdown: { math: true } }\n",
        "docs/index.md": "# 强化学习\n",
        "docs/pg.md": "# 策略梯度\n\n| 名称 | 公式 |\n| --- | --- |\n"
                      "| 策略 | $\\pi_\\theta(a|s)$ |\n| 对数概率 | $\\log \\pi(a|s)$ |\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    rows = page(dest / "public", "/pg/").one("table").find_all("tr")
    assert [len(r.find_all("td")) for r in rows[1:]] == [2, 2]
    assert all(len(r.find_all("math")) == 1 for r in rows[1:])


def test_a_v_pre_div_around_markdown_is_unwrapped(tmp_path: Path) -> None:
    """`<div v-pre>` … `</div>` around list items about Python's `f"{{x}}"` (a VitePress
    course note): there only to stop Vue's `{{ }}`. markdown-it showed the Markdown in
    that HTML block as written, and Lanting's build warned of Markdown in HTML and of
    template syntax; unwrapped, the items are a list with code again."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mjs": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "docs/index.md": "# 笔记\n",
        "docs/python.md": "# 字符串\n\n* `format()`\n    <div v-pre>\n"
                          "    * 要打出 `{}` 使用 `{{}}`\n    </div>\n"
                          "    * 进制转换\n* f-string\n<div v-pre>\n"
                          "    * `print(f\"{{{70+4}}}\")`: `{74}`\n</div>\n\n"
                          "<div v-pre class=\"x\">kept</div>\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/python/").one("div", class_="prose")
    codes = [c.text() for c in prose.find_all("code")]
    assert codes == ["format()", "{}", "{{}}", 'print(f"{{{70+4}}}")', "{74}"]
    assert [len(ul.find_all("li")) for ul in prose.find_all("ul")][:1] == [5]
    assert prose.one("div", class_="x").text() == "kept"


def test_a_display_line_ending_in_a_backslash_ends_its_formula(tmp_path: Path) -> None:
    """`\\ \\` ending a line of a display (a control space before the line's end, in
    a VuePress 1 RNN note with markdown-it-texmath): the formula was not found to
    end there, so its closing `$$` was paired with the next formula's opening one; the
    prose between was taken for TeX, its blank lines left out (paragraphs run together)
    and its image's path not rewritten, a missing image to the build."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.js": "const texmath = require('markdown-it-texmath')\n"
                                    "module.exports = { title: '序列模型',\n"
                                    "  markdown: { extendMarkdown: md => md.use(texmath) } }\n",
        "docs/README.md": "# 序列模型\n",
        "docs/seq/rnn.md": "# 循环网络\n\n一阶马尔可夫：\n\n$$\np(x) = q(x) \\ \\\n"
                           "\\text{若 } t > 1.\n$$\n\n第一段。\n\n第二段。\n\n"
                           "![结构](./img/rnn.png)\n\n$$\nh_t = f(h_{t-1})\n$$\n",
        "docs/seq/img/rnn.png": png(4, 3),
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/rnn/").one("div", class_="prose")
    assert [p.text() for p in prose.find_all("p")][1:3] == ["第一段。", "第二段。"]
    assert len(prose.find_all("img")) == 1
    assert [m.attrs.get("display") for m in prose.find_all("math")] == ["block", "block"]


def test_an_escaped_angle_bracket_is_text_not_a_component(tmp_path: Path) -> None:
    """`\\<START>` and `\\<END>`, a seq2seq note's tokens escaped so that markdown-it
    shows them as text: taken for Vue components and left in comments, a warning each,
    and the sentence lost its token."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.js": "module.exports = { title: '注意力' }\n",
        "docs/README.md": "# 注意力\n",
        "docs/seq2seq.md": "# 解码\n\n输入 \\<START> 标记，直到生成 \\<END> 标记。\n\n"
                           "<Demo/>\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert report.count("a Vue component of the old site") == 1
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/seq2seq/").one("div", class_="prose")
    assert prose.one("p").text() == "输入 <START> 标记，直到生成 <END> 标记。"


def test_a_navbar_the_themes_file_imports_is_read(tmp_path: Path) -> None:
    """hope's layout: `config.ts` imports `theme.ts`, which imports `navbar.ts` and
    passes it on as `navbar,` (or `navbar: zhNavbar`); `navbar.ts` exports
    `navbar([…])`. The file imported by the theme's file was not read, and a key
    written alone was not seen: the menu was left out with no word of it."""
    write_files(tmp_path, {
        ".vuepress/config.ts": ("import { defineUserConfig } from 'vuepress'\n"
                                "import theme from './theme.js'\n"
                                "export default defineUserConfig({ title: '笔记', theme })\n"),
        ".vuepress/theme.ts": ("import { hopeTheme } from 'vuepress-theme-hope'\n"
                               "import navbar from './navbar.ts'\n"
                               "import { zhSidebar } from './sidebar/index.js'\n"
                               "export default hopeTheme({\n  navbar, // 导航栏\n"
                               "  sidebar: zhSidebar,\n})\n"),
        ".vuepress/navbar.ts": ("import { navbar } from 'vuepress-theme-hope'\n"
                                "export default navbar([\n  { text: '模型', link: '/llm/' },\n"
                                "  { text: '系统', children: [{ text: 'CUDA', link: '/cuda/'"
                                " }] },\n  { text: '关于', link: '/about.html' },\n])\n"),
        ".vuepress/sidebar/index.ts": "export const zhSidebar = { '/': 'structure' }\n",
    })
    found = read_config(tmp_path / ".vuepress")
    assert found.nav == [("模型", "/llm/"), ("系统", ""), ("关于", "/about.html")]
    assert found.computed == []
    write_files(tmp_path, {
        ".vuepress/theme.ts": ("import { hopeTheme } from 'vuepress-theme-hope'\n"
                               "import { zhNavbar } from './navbar/zh.js'\n"
                               "export default hopeTheme({ navbar: zhNavbar })\n"),
        ".vuepress/navbar/zh.ts": ("export const zhNavbar = navbar([\n"
                                   "  { text: '博客', link: '/posts/' },\n])\n"),
    })
    found = read_config(tmp_path / ".vuepress")
    assert found.nav == [("博客", "/posts/")]


def test_a_navbar_key_alone_on_one_line_is_read(tmp_path: Path) -> None:
    """`hopeTheme({ navbar })` on one line, the key just before the closing brace: the
    brace was not looked at, the key not seen, and the menu left out without a word."""
    write_files(tmp_path, {
        ".vuepress/config.ts": ("import theme from './theme.js'\n"
                                "export default defineUserConfig({ title: '笔记', theme })\n"),
        ".vuepress/theme.ts": ("import navbar from './navbar.js'\n"
                               "export default hopeTheme({ navbar })\n"),
        ".vuepress/navbar.ts": ("export default navbar([\n"
                                "  { text: '模型', link: '/llm/' },\n])\n"),
    })
    assert read_config(tmp_path / ".vuepress").nav == [("模型", "/llm/")]


def test_a_navbar_re_exported_by_an_index_file_is_read(tmp_path: Path) -> None:
    """hope's template: the theme imports `{ enNavbar } from "./navbar/index.js"`,
    whose file only re-exports (`export * from "./en.js"`). The re-exported file was
    not read, and the menu was left out with a warning that it was computed."""
    write_files(tmp_path, {
        ".vuepress/config.ts": ("import { defineUserConfig } from 'vuepress'\n"
                                "import theme from './theme.js'\n"
                                "export default defineUserConfig({ title: '笔记', theme })\n"),
        ".vuepress/theme.ts": ("import { hopeTheme } from 'vuepress-theme-hope'\n"
                               "import { enNavbar } from './navbar/index.js'\n"
                               "export default hopeTheme({ locales: {\n"
                               "  '/': { navbar: enNavbar },\n} })\n"),
        ".vuepress/navbar/index.ts": 'export * from "./en.js";\nexport * from "./zh.js";\n',
        ".vuepress/navbar/en.ts": ("export const enNavbar = navbar([\n"
                                   "  { text: '算法', link: '/algo/' },\n])\n"),
        ".vuepress/navbar/zh.ts": ("export const zhNavbar = navbar([\n"
                                   "  { text: '指南', link: '/zh/guide/' },\n])\n"),
    })
    found = read_config(tmp_path / ".vuepress")
    assert found.nav == [("算法", "/algo/")]
    assert found.computed == []


def test_a_navbar_of_page_paths_in_the_root_locale_is_the_menu(tmp_path: Path) -> None:
    """hope's template: `locales: { "/": { navbar: zhNavbar } }` in `theme.ts`, the
    navbar's entries page paths (`"/"`, `"/深度学习/"`, shown by the page's title) and
    objects. The locale's navbar was not read, nor a path alone: the menu held the blog
    only."""
    source = tmp_path / "notes"
    write_files(source, {
        "src/.vuepress/config.ts": ("import { defineUserConfig } from 'vuepress'\n"
                                    "import theme from './theme.js'\n"
                                    "export default defineUserConfig({ title: '笔记', "
                                    "lang: 'zh-CN', theme })\n"),
        "src/.vuepress/theme.ts": ("import { hopeTheme } from 'vuepress-theme-hope'\n"
                                   "import { zhNavbar } from './navbar.js'\n"
                                   "export default hopeTheme({\n  locales: {\n"
                                   "    '/': { navbar: zhNavbar },\n  },\n})\n"),
        "src/.vuepress/navbar.ts": ("export const zhNavbar = navbar([\n  '/',\n"
                                    "  '/深度学习/',\n  { text: '工程', link: '/develop/' },\n"
                                    "])\n"),
        "src/README.md": "# 笔记\n\n首页。\n",
        "src/深度学习/README.md": "# 深度学习\n\n反向传播。\n",
        "src/develop/README.md": "# 工程研发\n\n构建。\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    menu = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))["menu"]
    assert [(m["name"], unquote(m["url"])) for m in menu] == [
        ("深度学习", "/深度学习/"), ("工程", "/develop/")]


def test_files_srcexclude_names_are_no_pages(tmp_path: Path) -> None:
    """`srcExclude: ['**/README.md', 'reference/**']` (an LLM notes site whose root
    README, for GitHub, repeats the notes; a course's reference PDFs' notes): VitePress
    made no page of them, and the import made one of each, the README's `</w>` a build
    warning. A file the globs name is left out, with a notice; `*.md` is the top
    folder's only."""
    source = tmp_path / "notes"
    write_files(source, {
        ".vitepress/config.mts": ("export default { title: 'LLM', lang: 'zh-CN',\n"
                                  "  srcExclude: ['**/README.md', 'reference/**', "
                                  "'draft-*.md'],\n}\n"),
        "index.md": "# LLM\n",
        "README.md": "# LLM 学习\n\n后缀 </w> 标明词尾。\n",
        "nlp/README.md": "# 目录\n",
        "nlp/tokenizer.md": "# 分词器\n\n后缀 `</w>` 标明词尾。\n",
        "reference/rl-book.md": "# 参考\n",
        "draft-moe.md": "# 草稿\n",
        "nlp/draft-bpe.md": "# BPE\n",
    })
    dest = tmp_path / "new"
    imported = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    pages = sorted(p.name for p in (dest / "content" / "pages").iterdir())
    assert pages == ["draft-bpe.md", "tokenizer.md"]
    assert "`srcExclude`: 4 files left out" in report_of(imported)


def test_the_folder_package_json_builds_is_the_site(tmp_path: Path) -> None:
    """Two first-level folders with a `.vitepress/`: `myNotes-backup/` (an old copy)
    and `mynotes/`, which `package.json` builds (`vitepress build mynotes`). The first
    by name was taken for the site: the old copy was imported, twice over."""
    source = tmp_path / "repo"
    write_files(source, {
        "package.json": ('{"scripts": {"docs:dev": "vitepress dev mynotes",\n'
                         '  "docs:build": "vitepress build mynotes"}}\n'),
        "myNotes-backup/.vitepress/config.mjs": "export default { title: '旧笔记' }\n",
        "myNotes-backup/index.md": "# 旧\n",
        "myNotes-backup/ml/old.md": "# 旧的一篇\n",
        "mynotes/.vitepress/config.mjs": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "mynotes/index.md": "# 笔记\n",
        "mynotes/ml/rag.md": "# 检索增强生成\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "笔记"
    assert sorted(p.name for p in (dest / "content" / "pages").iterdir()) == ["rag.md"]


def test_an_image_path_with_a_space_is_the_image(tmp_path: Path) -> None:
    """`![架构](./images/6-1-3-In-Context RALM.png)`, as Typora writes an image whose
    file name has a space (a RAG note): markdown-it showed it as text, as Lanting's
    Markdown would, a build warning. The file is there, so the image was meant: its
    path goes in angle brackets, as the Hugo and Jekyll imports write it."""
    source = tmp_path / "notes"
    write_files(source, {
        ".vitepress/config.mts": "export default { title: 'LLM', lang: 'zh-CN' }\n",
        "index.md": "# LLM\n",
        "llm/rag.md": ("# 检索增强\n\n![架构](./images/6-1-3-In-Context RALM.png)\n\n"
                       "![缺](./images/no such file.png)\n"),
        "llm/images/6-1-3-In-Context RALM.png": png(4, 3),
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [w.message.split(":")[0] for w in result.warnings] == ["an image shown as text"]
    prose = page(dest / "public", "/rag/").one("div", class_="prose")
    assert [unquote(i["src"]).rsplit("/", 1)[-1] for i in prose.find_all("img")] == [
        "6-1-3-In-Context RALM.png"]


def test_plume_reads_formulas_unless_told_not_to(tmp_path: Path) -> None:
    """vuepress-theme-plume turns its KaTeX plugin on by itself (a maths notes site with
    no math option in its config): its `$x^2$` were formulas, and the import, finding no
    math plugin named, escaped all of them as dollar signs. With `math: false` they
    were text."""
    source = tmp_path / "notes"
    page_text = "# 群论\n\n阶为 $p^2$ 的群是交换群：\n\n$$\n|G| = p^2\n$$\n"
    write_files(source, {
        "docs/.vuepress/config.ts": ("import { defineUserConfig } from 'vuepress'\n"
                                     "import { plumeTheme } from 'vuepress-theme-plume'\n"
                                     "export default defineUserConfig({ lang: 'zh-CN', "
                                     "title: '数学', theme: plumeTheme({}) })\n"),
        "docs/README.md": "# 数学\n",
        "docs/notes/algebra/group.md": page_text,
    })
    dest = tmp_path / "new"
    imported = import_site(source, dest, None, False, NOW)
    assert "no math plugin" not in report_of(imported)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/group/").one("div", class_="prose")
    assert [m.attrs.get("display") for m in prose.find_all("math")] == [None, "block"]
    write_files(source, {"docs/.vuepress/config.ts": (
        "import { plumeTheme } from 'vuepress-theme-plume'\n"
        "export default { title: '数学', theme: plumeTheme({ markdown: { math: false } }) }\n")})
    imported = import_site(source, tmp_path / "plain", None, False, NOW)
    assert "no math plugin" in report_of(imported)


def test_a_stray_double_dollar_ending_a_quote_opens_no_formula(tmp_path: Path) -> None:
    """`> $$ ` left alone at the end of a quote (a complex-analysis note), then a
    paragraph and another quoted formula: the stray `$$` was paired with the next
    quote's opening one, the paragraph between taken for TeX, its blank lines left
    out, and every formula after it was out of step (build errors). A display does
    not run out of its quote: the stray `$$` stays text."""
    source = tmp_path / "notes"
    write_files(source, {
        ".vitepress/config.mts": "export default { title: '复变', markdown: { math: true } }\n",
        "index.md": "# 复变\n",
        "cauchy.md": ("# 柯西定理\n\n> 由格林公式\n> $$\n> \\oint_l f dz = 0\n> $$\n>\n> $$ \n\n"
                      "**推论**：\n\n> 积分与路径无关：\n> $$\n> \\int_{l_1} f = \\int_{l_2} f\n"
                      "> $$\n\n结束。\n"),
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [w.message.split(":")[0] for w in result.warnings] == ["`$$` shown as written"]
    prose = page(dest / "public", "/cauchy/").one("div", class_="prose")
    assert [m.attrs.get("display") for m in prose.find_all("math")] == ["block", "block"]
    assert [p.text() for p in prose.find_all("p")][-2:] == ["积分与路径无关：", "结束。"]


def test_plume_image_cards_without_links_in_a_masonry(tmp_path: Path) -> None:
    """plume's `<CardMasonry>` of indented `<ImageCard image description author>` with
    no link (a photo wall on an about page): each was a component left in a comment, a
    warning apiece, and the photos were lost. Each is its image and its words; the
    masonry around them is unwrapped."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": ("import { plumeTheme } from 'vuepress-theme-plume'\n"
                                     "export default { lang: 'zh-CN', title: '笔记', "
                                     "theme: plumeTheme({}) }\n"),
        "docs/.vuepress/public/img/bridge.png": png(40, 30),
        "docs/README.md": "# 笔记\n",
        "docs/about.md": ("# 关于\n\n那段日子：\n\n<CardMasonry>\n    <ImageCard\n"
                          "        image=\"/img/bridge.png\"\n        title=\"\"\n"
                          "        description=\"海湾大桥\"\n        author=\"我\"\n    />\n"
                          "    <ImageCard image=\"https://example.org/b.jpg\" title=\"夜市\" />\n"
                          "</CardMasonry>\n\n完。\n"),
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert done.report.warnings == []
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(dest / "public", "/about/").one("div", class_="prose")
    assert [img.get("src") for img in body.find_all("img")] == [
        "/img/bridge.png", "https://example.org/b.jpg"]
    assert "海湾大桥" in [p.text() for p in body.find_all("p")]
    assert body.find_all("pre") == []


def test_hope_catalog_is_a_list_of_the_folders_pages(tmp_path: Path) -> None:
    """hope's `<Catalog />`, the list of a folder's pages, in the folder's README (a
    notes site's `前端/JavaScript/README.md` under its introduction; `H5/README.md`
    holding it alone): the first was a component left in a comment, a warning, the
    second taken for a theme's listing page and left out, its old URL lost. It is a
    list of links to the folder's pages and to its sub-folders' (their pages under
    them), and a README holding only it is a page."""
    source = tmp_path / "notes"
    write_files(source, {
        "src/.vuepress/config.ts": ("import { hopeTheme } from 'vuepress-theme-hope'\n"
                                    "export default { title: '笔记', lang: 'zh-CN', "
                                    "theme: hopeTheme({}) }\n"),
        "src/README.md": "# 笔记\n",
        "src/js/README.md": "# JavaScript\n\n一门脚本语言。\n\n<Catalog />\n",
        "src/js/closure.md": "# 闭包\n",
        "src/js/async/README.md": "# 异步\n\n事件循环。\n",
        "src/js/async/promise.md": "# Promise\n",
        "src/js/dom/events.md": "# 事件\n",
        "src/h5/README.md": "<Catalog />\n",
        "src/h5/canvas.md": "# Canvas\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert done.report.warnings == []
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(dest / "public", "/js/").one("div", class_="prose")
    assert [a.text() for a in prose.find_all("a")] == ["闭包", "异步", "Promise", "事件"]
    assert len(prose.find_all("ul")) == 3  # (the sub-folders' pages nested)
    h5 = page(dest / "public", "/h5/").one("div", class_="prose")
    assert [a.text() for a in h5.find_all("a")] == ["Canvas"]


def test_a_bare_plantuml_diagram_is_a_plantuml_block(tmp_path: Path) -> None:
    """hope's md-enhance drew `@startuml` … `@enduml` written with no fence: read as
    Markdown, `class Box<T>` was taken for a Vue component (a warning, the text in a
    comment) and its lines ran into one paragraph. One shown in a fence stays there."""
    source = tmp_path / "notes"
    write_files(source, {
        "src/.vuepress/config.ts": "import { defineUserConfig } from 'vuepress'\n"
                                   "export default defineUserConfig({ title: '并发' })\n",
        "src/README.md": "# 并发\n",
        "src/locks.md": "# 锁\n\n线程与变量：\n\n@startuml\nclass Box<T> {\n"
                        "  + get() : T\n}\nThread --> Box\n@enduml\n\n写法：\n\n"
                        "```text\n@startuml\nA -> B\n@enduml\n```\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert "Vue component" not in report
    result = build(dest, BuildOptions())
    assert [w.message for w in result.warnings] == [
        "PlantUML diagrams shown as their code (this page's first)"]
    blocks = page(dest / "public", "/locks/").one("div", class_="prose").find_all("pre")
    assert [b.one("code")["class"] for b in blocks] == ["language-plantuml", "language-text"]
    assert "class Box<T> {" in blocks[0].text()


def test_a_component_is_reported_at_its_own_line(tmp_path: Path) -> None:
    """A component's warning named the line where its text first occurs: `<Item>` in
    prose was placed at `List<Item>` in a code block above it."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.js": "module.exports = { title: '泛型' }\n",
        "docs/README.md": "# 泛型\n",
        "docs/generics.md": "# 泛型\n\n```java\nList<Item> items = new ArrayList<>();\n```\n\n"
                            "集合里放的是 <Item> 对象。\n",
    })
    done = import_site(source, tmp_path / "new", None, False, NOW)
    assert [(w.path, w.line) for w in done.report.warnings
            if "Vue component" in w.message] == [("docs/generics.md", 7)]


def test_html_links_to_headings_are_repaired_too(tmp_path: Path) -> None:
    """A README's centred table of contents in raw HTML, `<a href="#-学习路径">` for `##
    📚 学习路径` (written for GitHub, whose ids drop the emoji): its Markdown twin was
    pointed at the heading, the HTML link was not, and the build failed ("no anchor").
    It is repaired alike; one naming nothing keeps its text without the `href`."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "docs/index.md": "# 笔记\n",
        "docs/guide.md": (
            "# 指南\n\n<p align=\"center\">\n  <a href=\"#-学习路径\">路径</a> •\n"
            "  <a class=\"x\" href='#-快速上手'>上手</a> •\n  <a href=\"#没有这节\">无</a>\n"
            "</p>\n\n## 📚 学习路径\n\n文字。\n\n## ⚡ 快速上手\n\n文字。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert [line.split(": warning: ")[1] for line in report.splitlines()
            if ": warning:" in line] == [
        "link `#没有这节`: no heading or anchor of the page has that id (a dead link of the "
        "old site): its text kept, without the link"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    centred = page(dest / "public", "/guide/").one("p", align="center")
    assert [(a.text(), a.get("href")) for a in centred.find_all("a")] == [
        ("路径", "#📚-学习路径"), ("上手", "#⚡-快速上手"), ("无", None)]


LOADER = """\
import { createContentLoader } from 'vitepress'

export default createContentLoader('notes/*.md', {
  transform(raw) {
    return raw
      .filter(({ url }) => !url.endsWith('/'))
      .map(({ url, frontmatter }) => ({ title: frontmatter.title, url,
                                        date: frontmatter.date }))
      .sort((a, b) => +new Date(b.date) - +new Date(a.date))
  }
})
"""


def test_a_content_loader_listing_is_the_list_of_its_pages(tmp_path: Path) -> None:
    """VitePress's recipe for a folder's index: `<script setup>` imports `data` of a
    `notes.data.ts` exporting `createContentLoader('notes/*.md')`, and a `<div
    v-for="post in posts">` shows each page's `{{ post.title }}`. The script was left
    out and the template shown as written, with warnings; the page's `# Title`, under
    the script, was shown twice. The block is a list of links to those pages, newest
    first as the loader sorted them, and the title is the heading's."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: '笔记', lang: 'zh-CN' }\n",
        "docs/index.md": "# 首页\n",
        "docs/notes/notes.data.ts": LOADER,
        "docs/notes/index.md": (
            "<script setup>\nimport { data as posts } from './notes.data.ts'\n</script>\n\n"
            "# 全部笔记\n\n按时间排列：\n\n<ul class=\"list\">\n"
            "  <li v-for=\"post in posts\" :key=\"post.url\">\n"
            "    <a :href=\"post.url\">{{ post.title }}</a>\n  </li>\n</ul>\n\n完。\n"),
        "docs/notes/svd.md": "---\ntitle: 奇异值分解\ndate: 2024-03-01\n---\n\n正文。\n",
        "docs/notes/pca.md": "---\ntitle: 主成分分析\ndate: 2024-05-01\n---\n\n正文。\n",
        "docs/notes/old.md": "---\ntitle: 草稿\ndate: 2024-06-01\ndraft: true\n---\n\n草稿。\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert ": warning:" not in report
    assert "VitePress's content loader, 2 pages" in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    listing = page(dest / "public", "/notes/")
    assert [h.text() for h in listing.find_all("h1")] == ["全部笔记"]
    main = listing.one("main")
    assert [(a.text(), unquote(a.get("href") or "")) for a in main.one("ul").find_all("a")] \
        == [("主成分分析", "/pca/"), ("奇异值分解", "/svd/")]
    assert "post.title" not in main.text() and "完。" in main.text()


def test_plume_notes_home_sections_and_navbar_file_links(tmp_path: Path) -> None:
    """vuepress-theme-plume: the home page's hero is a section of `config:` (`type:
    hero`), a notes folder's landing page (`pageLayout: home`) a `doc-hero` and
    `features` cards; neither was read (an empty home page; the landing page left out as
    a listing). The navbar names a note's page by its file as VuePress resolves it,
    `/graphics/README.md`, for a file of `notes/repos/graphics/` its `permalink` put at
    `/graphics/`: the menu had no entry. Each is now the page's text, the menu's link."""
    source = tmp_path / "plume"
    write_files(source, {
        "docs/.vuepress/config.ts": (
            "import { defineUserConfig } from 'vuepress'\n"
            "import { plumeTheme } from 'vuepress-theme-plume'\n"
            "export default defineUserConfig({ lang: 'zh-CN', title: '知识库',\n"
            "  theme: plumeTheme({ navbar: [\n"
            "    { text: '备忘', link: '/memo/README.md' },\n"
            "    { text: '笔记', items: [{ text: '图形学', link: '/graphics/README.md' }] },\n"
            "  ] }) })\n"),
        "docs/README.md": (
            "---\npageLayout: home\nconfig:\n  - type: hero\n    hero:\n      name: 知识库\n"
            "      text: 慢慢写\n      actions:\n        - text: 图形学\n"
            "          link: /graphics/\n---\n"),
        "docs/notes/memo/README.md": (
            "---\npageLayout: home\ntitle: 备忘\npermalink: /memo/\nconfig:\n"
            "  - type: doc-hero\n    hero:\n      name: 备忘录\n      tagline: 常用命令\n"
            "  - type: features\n    features:\n      - title: 内网穿透\n"
            "        details: 配置与管理\n        link: /memo/frp/\n---\n"),
        "docs/notes/memo/frp.md": "---\ntitle: 内网穿透\npermalink: /memo/frp/\n---\n\n步骤。\n",
        "docs/notes/repos/graphics/README.md": (
            "---\ntitle: 图形学\npermalink: /graphics/\n---\n\n光栅化与着色。\n"),
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert ": warning:" not in report and "menu entry" not in report
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["menu"] == [
        {"name": "备忘", "url": "/memo/"},
        {"name": "笔记", "children": [{"name": "图形学", "url": "/graphics/"}]}]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    home = page(dest / "public", "/").one("main")
    assert "慢慢写" in home.text()
    assert [a.get("href") for a in home.find_all("a") if a.text() == "图形学"] == [
        "/graphics/"]
    memo = page(dest / "public", "/memo/").one("main")
    assert "常用命令" in memo.text()
    assert [(a.text(), a.get("href")) for a in memo.find_all("a")
            if a.text() == "内网穿透"] == [("内网穿透", "/frp/")]


def test_prices_in_two_cells_are_no_formula(tmp_path: Path) -> None:
    """`| GPT-4 | $0.03 | $0.06 |` (a price table in hope notes with math on): the two
    dollars were read as one formula across the cell border, its `|` made `\\vert`, and
    the row lost a cell, `$0.03 \\vert  $0.06` shown as text. markdown-it's math reads
    no formula whose closing `$` has a space before it."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: 'AI', lang: 'zh-CN',\n"
                                      "  markdown: { math: true } }\n",
        "docs/index.md": "# AI\n",
        "docs/price.md": "# 价格\n\n| 模型 | 输入 | 输出 |\n| --- | --- | --- |\n"
                         "| GPT-4 | $0.03 | $0.06 |\n| 小 | $5|$10 |\n| 策略 | $\\pi(a|s)$ | - |\n",
    })
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    rows = page(dest / "public", "/price/").one("table").find_all("tr")
    assert [[td.text() for td in r.find_all("td")] for r in rows[1:3]] == [
        ["GPT-4", "$0.03", "$0.06"], ["小", "$5", "$10"]]
    assert len(rows[3].find_all("math")) == 1


def test_a_comment_written_as_a_link_definition_is_no_dead_link(tmp_path: Path) -> None:
    """`[//]: (Python)` and `[comment]: (a note)`, Markdown's comment idiom (a link
    definition no link uses, which shows nothing): each was a warning of a dead link
    and left the page. They stay, as hidden as before; a definition a link uses is
    still mapped."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mts": "export default { title: 'Todo', lang: 'zh-CN' }\n",
        "docs/index.md": "# Todo\n",
        "docs/todo.md": ("# 计划\n\n## 语言\n\n[//]: (Go)\n\n[comment]: (先学这个)\n\n"
                         "见[索引][idx]。\n\n[idx]: ./index.md\n"),
    })
    dest = tmp_path / "new"
    imported = import_site(source, dest, None, False, NOW)
    assert imported.report.warnings == []
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = page(dest / "public", "/todo/").one("main")
    assert "Go" not in main.text() and "先学" not in main.text()
    assert [a.text() for a in main.find_all("a") if a.text() == "索引"] == ["索引"]
