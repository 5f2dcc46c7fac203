"""The VitePress and VuePress importer: the fixture sites under tests/fixtures/import/
vitepress/ (VitePress's default theme, `docs/` as the source, `cleanUrls`) and vuepress/
(vuepress-theme-hope's blog, `src/` as the source), read from their built pages; tiny
sites written inline for VuePress 1 (reco) and what the fixtures do not show."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import Element
from importbits import imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.common import Options
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf
from lanting.importer.vuepress_blocks import containers
from lanting.importer.vuepress_code import code_imports
from lanting.importer.vuepress_config import read_config

FIXTURES = Path(__file__).parent / "fixtures" / "import"
NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


@pytest.fixture(scope="module")
def vite(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "vitepress")


@pytest.fixture(scope="module")
def hope(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "vuepress")


def config_of(imported: Imported) -> dict[str, object]:
    return tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))


def labels(doc: Element) -> list[str]:
    return [label.text() for label in doc.find_all("label")]


# --- VitePress -----------------------------------------------------------------------------


def test_kinds_are_detected_by_their_config_folders() -> None:
    assert detect(FIXTURES / "vitepress") == "vitepress"  # docs/.vitepress/config.mts
    assert detect(FIXTURES / "vuepress") == "vuepress"  # src/.vuepress/config.ts


def test_vitepress_config_literals_become_lanting_toml(vite: tuple[Imported, Path]) -> None:
    imported, _out = vite
    config = config_of(imported)
    assert (config["title"], config["language"], config["description"]) == (
        "梯度下降笔记", "zh-CN", "分布式训练与强化学习的笔记")
    assert config["links"] == [{"name": "GitHub",
                                "url": "https://github.com/example/grad-notes"}]
    # a page, a post (→ the blog); the drop-down `更多` is one, of the entries the new
    # site has a page for
    assert config["menu"] == [{"name": "指南", "url": "/guide/"},
                              {"name": "文章", "url": "/blog/"},
                              {"name": "更多", "children": [{"name": "关于",
                                                             "url": "/about/"}]}]
    assert "base_url" not in config  # no host was written: only the `base`
    report = report_of(imported)
    assert "`base: /grad-notes/`: the site was published under /grad-notes/" in report
    assert "left out: `lastUpdated`, `markdown`, `head`" in report


def test_the_hero_is_the_home_pages_text(vite: tuple[Imported, Path]) -> None:
    _imported, out = vite
    doc = page(out, "/")
    text = doc.text()
    assert "从单卡到千卡" in text
    # (the hero's name is the page's title, shown once; its text the heading under it)
    assert doc.one("h1").text() == "梯度下降笔记" and text.count("梯度下降笔记 训练") == 0
    assert "训练大模型的一点经验" in [h.text() for h in doc.find_all("h2")]
    links = {a.text(): a["href"] for a in doc.find_all("a")}
    assert links["开始阅读"].endswith("/guide/")
    assert unquote(links["Ring AllReduce"]).endswith("/posts/ring-allreduce/")
    assert "NCCL、数据并行与流水线并行" in text


def test_a_dated_post_in_posts_keeps_its_front_matter(vite: tuple[Imported, Path]) -> None:
    imported, out = vite
    post = (imported.dest / "content" / "posts" / "ring-allreduce" / "index.md").read_text(
        encoding="utf-8")
    assert "\ndate: 2024-03-02\n" in post and "tags: [NCCL, 分布式]" in post
    assert "categories: [系统]" in post and "summary: 为什么" in post
    assert "params:\n  sticky: true" in post
    doc = page(out, "/posts/ring-allreduce/")
    article = doc.find("article")
    assert article.find("math") is not None
    assert [s.text().strip() for s in article.find_all("span", class_="hl")] == [
        "return 2 * (n - 1) / n * k"]
    callout = article.find("div", class_="callout-caution")
    assert callout.find("p", class_="callout-title").text() == "注意"
    assert article.find("img")["src"].endswith("ring.png")  # from public/img/
    links = {a.text(): unquote(a["href"]) for a in article.find_all("a")}
    assert links["安装"].endswith("/install/") and links["数据并行"].endswith(
        "/posts/data-parallel/")
    # heading ids as VitePress made them: `#_1-准备-linux` written for the old site
    assert links["准备环境"].endswith("/guide/#_1-准备-linux")
    guide = page(out, "/guide/")
    assert guide.find(id="_1-准备-linux").tag == "h2"
    # `<!--@include: ../parts/env.md#driver-->`: the region, not the rest; one shown in
    # a code block stays as written
    text = guide.find("article").text()
    assert "驱动版本不低于 535。" in text and "不在片段里" not in text
    assert "<!--@include: ./parts/x.md-->" in guide.find("pre").text()
    assert config_of(imported)["markdown"] == {"heading_ids": "vitepress"}


def test_old_vitepress_urls_answer(vite: tuple[Imported, Path]) -> None:
    _imported, out = vite
    assert redirect_target(out, "/posts/ring-allreduce.html").endswith(
        "/posts/ring-allreduce/")
    # cleanUrls: `/guide/install` was the address, `/guide/install.html` its file
    assert redirect_target(out, "/guide/install.html").endswith("/install/")
    assert redirect_target(out, "/guide/install/").endswith("/install/")
    assert (out / "img" / "logo.png").is_file()  # public/ at the root, as before


def test_a_page_shows_code_groups_imports_and_badges(vite: tuple[Imported, Path]) -> None:
    imported, out = vite
    doc = page(out, "/install/")
    article = doc.find("article")
    assert labels(article) == ["pip", "conda"]
    blocks = [pre.text() for pre in article.find_all("pre")]
    assert any("print(torch.__version__)" in b and "#region" not in b for b in blocks)
    region = [b for b in blocks if "get_device_name" in b and "__version__" not in b]
    assert region  # `<<< …#devices`: that region alone
    assert [m.text() for m in article.find_all("mark")] == ["2.1+", "2.0+"]
    # the badge's text is no part of the heading's id, as on the old site
    assert article.find(id="torch-compile").tag == "h2"
    # Shiki's notations: a highlighted line, a diff mark removed
    checked = next(pre for pre in article.find_all("pre") if "is_available" in pre.text())
    assert [s.text() for s in checked.find_all("span", class_="hl")] == [
        "print(torch.cuda.is_available())"]
    assert "[!code" not in checked.text()
    assert doc.find(id="custom-id") is not None
    assert article.find("details").find("summary").text() == "为什么要用 conda？"
    assert "CustomChart" not in article.text()
    links = {a.text(): a["href"] for a in article.find_all("a") if a.get("href")}
    assert links["指南"].endswith("/guide/") and links["首页"].endswith("/")
    assert re.search(r"docs/guide/install\.md:46: warning: not converted, left in a "
                     r"comment: `<CustomChart", report_of(imported))


def test_vue_values_scripts_emoji_and_alignment(vite: tuple[Imported, Path]) -> None:
    imported, out = vite
    about = page(out, "/about/").find("article")
    assert "我在做分布式训练。关于我" in about.text() and "ref(0)" not in about.text()
    post = page(out, "/posts/data-parallel/").find("article")
    assert "🚀" in post.text() and "居中的一句话" in post.text() and ":::" not in post.text()
    # a dead link of the old site: its text, no link (Lanting's build stops at one)
    assert "以及已删除的旧文和网盘" in post.text()  # (a link that was relative by mistake too)
    assert "已删除的旧文" not in [a.text() for a in post.find_all("a")]
    report = report_of(imported)
    assert re.search(r"docs/posts/data-parallel\.md:\d+: warning: link `/posts/removed\.md`: "
                     "no page of the site there", report)
    assert "docs/about.md:9: warning: a Vue `<script>` block left out" in report
    assert "docs/posts/data-parallel.md:9: notice: `::: center` unwrapped" in report


# --- vuepress-theme-hope ----------------------------------------------------------------------


def test_hope_config_and_theme_literals(hope: tuple[Imported, Path]) -> None:
    imported, _out = hope
    config = config_of(imported)
    assert (config["title"], config["author"], config["language"], config["base_url"]) == (
        "小周的强化学习博客", "周行", "zh-CN", "https://rl.example.cn/")
    assert config["links"] == [
        {"name": "GitHub", "url": "https://github.com/example"},
        {"name": "知乎", "url": "https://www.zhihu.com/people/example"}]
    assert config["menu"] == [{"name": "指南", "url": "/guide/"},
                              {"name": "文章", "url": "/blog/"}]
    assert "also read for literal settings: src/.vuepress/theme.ts" in report_of(imported)


def test_hope_blog_listing_pages_answer(hope: tuple[Imported, Path]) -> None:
    """The pages hope's blog made with no file: a tag's, a category's, the timeline."""
    imported, out = hope
    redirects = config_of(imported)["redirects"]
    assert isinstance(redirects, dict)
    assert redirects["/tag/PPO/"] == "/tags/ppo/"
    assert redirects["/category/强化学习/"] == "/categories/强化学习/"
    assert redirects["/timeline/"] == "/archive/" and redirects["/article/"] == "/blog/"
    assert redirect_target(out, "/tag/RLHF/").endswith("/tags/rlhf/")


def test_hope_posts_tabs_permalinks_and_code(hope: tuple[Imported, Path]) -> None:
    imported, out = hope
    post = (imported.dest / "content" / "posts" / "ppo" / "index.md").read_text(
        encoding="utf-8")
    assert "categories: [强化学习]" in post and "tags: [PPO, RLHF]" in post
    assert "sticky: true" in post and "featured: true" in post
    assert redirect_target(out, "/pages/ppo-clip/").endswith("/posts/ppo/")
    doc = page(out, "/posts/ppo/").find("article")
    assert labels(doc) == ["PyTorch", "JAX"]
    assert any("clipped = ratio.clamp" in pre.text() for pre in doc.find_all("pre"))
    callout = doc.find("div", class_="callout-note")  # `:::: info` around `::: normal-demo`
    assert callout.find("p", class_="callout-title").text() == "两层容器"
    assert "<button>点我</button>" in callout.find("pre").text()
    assert re.search(r"src/posts/rl/ppo\.md:\d+: warning: `::: normal-demo 一个演示` has no "
                     "Lanting form", report_of(imported))


def test_hope_code_groups_badges_and_slashed_dates(hope: tuple[Imported, Path]) -> None:
    imported, out = hope
    gae = (imported.dest / "content" / "posts" / "gae.md").read_text(encoding="utf-8")
    assert "\ndate: 2023-08-20\n" in gae and "\n# GAE" not in gae
    assert "[[toc]]" in gae and "<TOC" not in gae  # VuePress's component: Lanting's marker
    assert config_of(imported)["markdown"]["mermaid"].startswith("https://")
    doc = page(out, "/posts/gae/").find("article")
    assert labels(doc) == ["公式", "代码"]
    assert doc.find("mark").text() == "推荐"
    assert redirect_target(out, "/posts/rl/gae.html").endswith("/posts/gae/")
    assert re.search(r"src/posts/rl/gae\.md:\d+: warning: cover image `\./images/missing\.png` "
                     "not found", report_of(imported))
    grpo = (imported.dest / "content" / "posts" / "grpo" / "index.md").read_text(
        encoding="utf-8")
    assert "cover: bg.png" in grpo  # (from .vuepress/public/, into the post's folder)
    assert (imported.dest / "content" / "posts" / "grpo" / "bg.png").is_file()


def test_hope_pages_home_and_listings(hope: tuple[Imported, Path]) -> None:
    imported, out = hope
    guide = page(out, "/guide/").find("article")
    links = {a.text(): unquote(a["href"]) for a in guide.find_all("a")}
    assert links["PPO"].endswith("/posts/ppo/") and links["GAE"].endswith("/posts/gae/")
    # a link to a listing page left out: Lanting's list, or its text alone
    assert links["全部文章"].endswith("/blog/")
    assert "笔记目录" not in links and "笔记目录由主题生成" in guide.text()
    # hope's components that name what they show: a video, a link card
    video = guide.find(class_="video-bilibili")
    assert video is not None and "BV1xx411c7mD" in video.find("a")["href"]
    assert links["示例实验室"] == "https://lab.example.org"
    assert "示例实验室 — 强化学习的研究组" in guide.text()
    home = page(out, "/")
    assert "记录强化学习与对齐的学习过程" in home.text()
    assert any(a["href"] == "https://github.com/example/mini-ppo" for a in home.find_all("a"))
    report = report_of(imported)
    assert "src/posts/README.md: notice: a listing page of the theme (a folder's index with " \
        "no text): left out (Lanting makes its lists itself); its old URL leads to /blog/" \
        in report
    assert redirect_target(out, "/posts/").endswith("/blog/")
    assert not (imported.dest / "content" / "pages" / "posts.md").exists()
    assert re.search(r"src/guide/README\.md:\d+: warning: link `\.\./notes/` to a listing "
                     "page of the theme, left out", report)
    assert "src/notes/README.md: notice: a listing page of the theme (only components" \
        in report
    assert (out / "assets" / "clip.png").is_file()  # .vuepress/public/ at the root


# --- tiny sites ------------------------------------------------------------------------------


def test_vuepress_one_with_reco_blog(tmp_path: Path) -> None:
    """VuePress 1 and vuepress-theme-reco: `module.exports`, `type: 'blog'` (every dated
    page a post), `publish: false`, `<code-group>`/`<code-block>`, `.html` URLs."""
    source = tmp_path / "blog"
    write_files(source, {
        "docs/.vuepress/config.js": """\
            module.exports = {
              title: "Notes on RL",
              description: 'Small notes',
              theme: 'reco',
              themeConfig: {
                type: 'blog',
                author: 'Ann',
                nav: [{ text: 'Home', link: '/', icon: 'reco-home' }],
              },
            }
            """,
        "docs/README.md": "---\nhome: true\nheroText: Notes\n---\n",
        "docs/views/rl/td.md": """\
            ---
            title: TD learning
            date: 2020-05-01 10:00
            categories: [RL]
            tags: [TD]
            ---

            <code-group>
            <code-block title="YARN" active>

            ```sh
            yarn add x
            ```

            </code-block>
            <code-block title="NPM">

            ```sh
            npm i x
            ```

            </code-block>
            </code-group>
            """,
        "docs/views/rl/wip.md": "---\ntitle: WIP\ndate: 2020-06-01\npublish: false\n---\n"
                                "Soon.\n",
        "docs/views/about.md": "# About\n\nAn undated page. It costs $x$ a month.\n",
        "docs/views/rl/locked.md": "---\ntitle: Locked\ndate: 2020-06-02\nkeys:\n"
                                   "  - 32-char-md5\n---\nSecret.\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert done.report.kind == "vuepress"
    config = config_of(done)
    assert (config["title"], config["author"], config["language"]) == (
        "Notes on RL", "Ann", "en")
    assert (dest / "content" / "posts" / "td.md").is_file()
    assert "draft: true" in (dest / "content" / "posts" / "wip.md").read_text(
        encoding="utf-8")
    assert (dest / "content" / "pages" / "about.md").is_file()
    assert "draft: true" in (dest / "content" / "posts" / "locked.md").read_text(
        encoding="utf-8")
    assert "docs/views/rl/locked.md:4: warning: `keys`: a page behind a password" in \
        report_of(done)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    assert labels(page(out, "/posts/td/").find("article")) == ["YARN", "NPM"]
    assert redirect_target(out, "/views/rl/td.html").endswith("/posts/td/")
    assert redirect_target(out, "/views/about.html").endswith("/about/")
    # no math plugin in the config: `$x$` was text, and stays so
    about = page(out, "/about/").find("article")
    assert "It costs $x$ a month." in about.text() and about.find("math") is None
    assert "no math plugin in the configuration" in report_of(done)
    # reco's own tag and timeline pages, which had no file (its `/categories/RL/` is
    # Lanting's `/categories/rl/` but for case: left alone, a notice says so)
    assert redirect_target(out, "/tag/TD/").endswith("/tags/td/")
    assert redirect_target(out, "/timeline/").endswith("/archive/")
    assert "`/categories/RL/` is not redirected" in report_of(done)


def test_config_reading_skips_comments_and_names_computed_values(tmp_path: Path) -> None:
    write_files(tmp_path, {".vitepress/config.ts": """\
        import { defineConfig } from 'vitepress'
        // title: 'a comment'
        export default defineConfig({
          /* lang: 'fr' */
          description: "分布式 训练: 笔记, title: 不是标题",
          title: "Notes", // https://example.org
          base: process.env.BASE ?? '/',
          locales: { root: { lang: 'zh-CN' }, en: { lang: 'en-US', link: '/en/' } },
          themeConfig: { nav: [{ text: "A", link: "/a" }, { text: "B", items: [] }],
                         socialLinks: links() },
        })
        """})
    found = read_config(tmp_path / ".vitepress")
    assert found.computed == ["base", "socialLinks"]
    # (`训练:` and `title:` inside the description's string are no keys)
    assert found.values == {"description": "分布式 训练: 笔记, title: 不是标题",
                            "title": "Notes"}
    assert found.locales == {"/": {"lang": "zh-CN"}, "en": {"lang": "en-US", "link": "/en/"}}
    assert found.nav == [("A", "/a"), ("B", "")]
    assert not found.blog and not found.math


def test_a_theme_written_in_the_config_is_read(tmp_path: Path) -> None:
    """VuePress 2 with reco 2: `theme: recoTheme({author, navbar})` inside the config."""
    write_files(tmp_path, {".vuepress/config.ts": """\
        import recoTheme from 'vuepress-theme-reco'
        export default defineUserConfig({
          title: 'Memory',
          theme: recoTheme({
            author: "Ann",
            navbar: [{ text: "首页", link: "/" }, { text: "时间线", link: "/timeline.html" }],
          }),
        })
        """})
    found = read_config(tmp_path / ".vuepress")
    assert (found.values["author"], found.theme) == ("Ann", "reco")
    assert found.nav == [("首页", "/"), ("时间线", "/timeline.html")]
    assert "theme" not in found.other_keys


def test_a_blog_and_math_turned_on_in_nested_plugins(tmp_path: Path) -> None:
    """hope turns its blog and math on inside `plugins: {…}`, whose keys are not read."""
    write_files(tmp_path, {".vuepress/config.ts": """\
        export default defineUserConfig({
          theme: hopeTheme({ plugins: { blog: true, markdownMath: { type: "katex" } } }),
        })
        """})
    found = read_config(tmp_path / ".vuepress")
    assert found.blog and found.math


def test_vuepress_one_imports_code_from_the_project_root(tmp_path: Path) -> None:
    """VuePress 1's `@` is `process.cwd()`, the project's root: `<<< @/docs/code/x.py`
    from a source folder `docs/`."""
    write_files(tmp_path, {"docs/code/x.py": "print(1)\n", "docs/a.md": ""})
    text = "<<< @/docs/code/x.py\n"
    ctx = Context(Report(tmp_path, "vuepress"), tmp_path / "docs" / "a.md", text)
    shelf = Shelf()
    out = shelf.restore(code_imports(text, tmp_path / "docs" / "a.md", tmp_path / "docs",
                                     ctx, shelf))
    assert out == "```python\nprint(1)\n```\n"


def test_a_missing_code_import_is_kept_in_a_comment(tmp_path: Path) -> None:
    page_file = tmp_path / "x.md"
    text = "Intro\n\n<<< @/snippets/gone.py\n"
    ctx = Context(Report(tmp_path, "vitepress"), page_file, text)
    out = code_imports(text, page_file, tmp_path, ctx, Shelf())
    assert "<!-- import: unconverted <<< @/snippets/gone.py" in out
    assert ctx.report.warnings[0].line == 3


def test_containers_close_at_the_right_level(tmp_path: Path) -> None:
    """A `:::` closes the innermost container; an unknown one is unwrapped, a known one
    (and its closing line) kept; `@tab:active` inside hope's tabs is a plain `@tab`."""
    text = ("::::: tabs#fw\n@tab:active A\n:::: tip T\n::: chart\nx\n:::\ny\n::::\n"
            ":::::\n")
    ctx = Context(Report(tmp_path, "vuepress"), tmp_path / "x.md", text)
    assert containers(text, ctx) == ("::::: tabs\n@tab A\n:::: tip T\nx\ny\n::::\n"
                                     ":::::\n")


def test_a_style_block_on_one_line_is_left_out(tmp_path: Path) -> None:
    """`<style src="/.vitepress/theme/nav.scss"></style>` (a page's styles, on one line)
    stayed in the page, its `src` taken for a missing image by the build."""
    from lanting.importer.vuepress_blocks import sfc_blocks
    text = '# 导航\n\n<style src="/.vitepress/theme/nav.scss"></style>\n\n正文。\n'
    ctx = Context(Report(tmp_path, "vitepress"), tmp_path / "nav.md", text)
    assert sfc_blocks(text, ctx) == "# 导航\n\n\n正文。\n"
    assert ctx.report.warnings[0].line == 3


def test_tabs_without_a_tab_line_are_unwrapped(tmp_path: Path) -> None:
    """`::: tabs` whose tabs are written `@tag` (mistyped) showed no tab and failed
    Lanting's build ("no `@tab` title"): unwrapped, with a warning at its line; tabs
    with `@tab` lines around it are kept."""
    text = ("::: tabs\n@tab A\n\nx\n:::\n\n::: tabs\n\n@tag 组合式\n\n```ts\nf()\n```\n"
            ":::\n")
    ctx = Context(Report(tmp_path, "vuepress"), tmp_path / "x.md", text)
    assert containers(text, ctx) == ("::: tabs\n@tab A\n\nx\n:::\n\n\n@tag 组合式\n\n"
                                     "```ts\nf()\n```\n")
    [warning] = ctx.report.warnings  # (at its own line, not the first `::: tabs`'s)
    assert warning.line == 7 and "no `@tab` line" in warning.message


def test_tab_lines_as_hope_reads_them(tmp_path: Path) -> None:
    """@mdit/plugin-tab takes any line starting `@tab` for a tab: `@tab:ative Windows`
    (mistyped) was a tab titled `:ative Windows`, not text before the first tab, which
    failed Lanting's build; `@tab#npm` a tab with an id and no title."""
    text = "::: tabs\n@tab:ative Windows\n\nexe\n\n@tab Linux#linux\n\napt\n\n@tab#npm\nnpm\n:::\n"
    ctx = Context(Report(tmp_path, "vuepress"), tmp_path / "x.md", text)
    assert containers(text, ctx) == ("::: tabs\n@tab :ative Windows\n\nexe\n\n"
                                     "@tab Linux\n\napt\n\n@tab Tab\nnpm\n:::\n")


def test_a_tab_line_after_its_tabs_closed_is_text(tmp_path: Path) -> None:
    """`:::` closing the tabs before the last `@tab windows` (hope showed the line as
    text; Lanting's build failed: "`@tab` outside a `::: tabs` block"): escaped, with a
    warning at its line."""
    text = "::: tabs\n@tab:active Ubuntu\n\napt\n:::\n\n@tab windows\n\nmsi\n"
    ctx = Context(Report(tmp_path, "vuepress"), tmp_path / "x.md", text)
    assert containers(text, ctx) == ("::: tabs\n@tab Ubuntu\n\napt\n:::\n\n"
                                     "\\@tab windows\n\nmsi\n")
    [warning] = ctx.report.warnings
    assert warning.line == 7 and "`@tab` outside tabs" in warning.message


def test_vdoing_numbered_folders_permalinks_and_catalogues(tmp_path: Path) -> None:
    """vuepress-theme-vdoing: `defineConfig4CustomTheme<T>({…})`, the theme's options in
    `./config/themeConfig` (`export default <T>{…}`), numbered folders and files, a
    `permalink` in every file (the only URL the old site had), `@pages/` listings."""
    source = tmp_path / "kb"
    write_files(source, {
        "docs/.vuepress/config.ts": """\
            import { defineConfig4CustomTheme } from 'vuepress/config'
            import { VdoingThemeConfig } from 'vuepress-theme-vdoing/types'
            import themeConfig from './config/themeConfig'

            export default defineConfig4CustomTheme<VdoingThemeConfig>({
              theme: 'vdoing',
              locales: { '/': { lang: 'zh-CN', title: "知识库", description: '笔记' } },
              themeConfig,
            })
            """,
        "docs/.vuepress/config/themeConfig.ts": """\
            import { VdoingThemeConfig } from 'vuepress-theme-vdoing/types'
            export default <VdoingThemeConfig>{
              nav: [{ text: '强化学习', link: '/rl/' }],
              author: { name: '王某', link: 'https://example.org' },
            }
            """,
        "docs/index.md": "---\nhome: true\n---\n\n[强化学习](/rl/)的笔记。\n",
        "docs/01.强化学习/01.PPO 笔记.md": """\
            ---
            title: PPO 笔记
            date: 2021-03-04 10:20:30
            permalink: /pages/a1b2c3/
            categories:
              - 强化学习
            ---
            正文。
            """,
        "docs/01.强化学习/00.目录.md": """\
            ---
            title: 强化学习
            permalink: /rl
            pageComponent:
              name: Catalogue
              data:
                path: 01.强化学习
            ---
            """,
        "docs/@pages/archivesPage.md": "---\narchivesPage: true\ntitle: 归档\n"
                                       "permalink: /archives/\n---\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    config = config_of(done)
    assert (config["title"], config["author"]) == ("知识库", "王某")
    post = (dest / "content" / "posts" / "ppo-笔记.md").read_text(encoding="utf-8")
    assert "categories: [强化学习]" in post and "/pages/a1b2c3/" in post
    report = report_of(done)
    assert "(`pageComponent`): left out" in report and "(`archivesPage`): left out" in report
    # a link to the catalogue (`permalink: /rl`, linked as `/rl/`): its text alone
    assert "docs/index.md:5: warning: link `/rl/` to a listing page of the theme" in report
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert unquote(redirect_target(dest / "public", "/pages/a1b2c3/")).endswith(
        "/posts/ppo-笔记/")


def test_sugarat_blog_theme_hidden_posts_and_home(tmp_path: Path) -> None:
    """`@sugarat/theme` on VitePress: the theme's options in `./blog-theme`
    (`getThemeConfig({author})`), every dated page a post wherever it is, `hidden: true`
    (built, listed nowhere), the home page's `blog: {name, motto}`."""
    source = tmp_path / "sugar"
    write_files(source, {
        "docs/.vitepress/config.mts": """\
            import { defineConfig } from 'vitepress'
            import { blogTheme } from './blog-theme'
            export default defineConfig({
              extends: blogTheme,
              lang: 'zh-Hans',
              title: '糖的博客',
            })
            """,
        "docs/.vitepress/blog-theme.ts": """\
            import { getThemeConfig } from '@sugarat/theme/node'
            const blogTheme = getThemeConfig({ author: '小糖' })
            export { blogTheme }
            """,
        "docs/index.md": "---\nlayout: home\nblog:\n  name: 糖的博客\n  motto: 慢慢写\n---\n",
        "docs/notes/kv-cache.md": "---\ntitle: KV Cache\ndate: 2024-07-01\ntop: 1\n---\n"
                                  "缓存键和值。\n",
        "docs/notes/secret.md": "---\ntitle: 草稿箱\ndate: 2024-07-02\nhidden: true\n---\n"
                                "不在列表里。\n",
        "docs/about.md": "# 关于\n\n没有日期的页面。\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert done.report.kind == "vitepress"
    assert (config_of(done)["author"], config_of(done)["language"]) == ("小糖", "zh-CN")
    posts = dest / "content" / "posts"
    assert "sticky: true" in (posts / "kv-cache.md").read_text(encoding="utf-8")
    assert "unlisted: true" in (posts / "secret.md").read_text(encoding="utf-8")
    assert (dest / "content" / "pages" / "about.md").is_file()
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    home = page(out, "/")
    assert "慢慢写" in home.text()
    assert (out / "posts" / "secret" / "index.html").is_file()
    assert "草稿箱" not in page(out, "/blog/").text()


def test_a_notes_site_of_numbered_files_gets_names_apart(tmp_path: Path) -> None:
    """Notes sites name their files `1.md`, `2.md` in each topic's folder, or give two
    folders a `config.md` each: the new names come from the title, else the folder,
    not `1-2`, `1-3`. A `base` without slashes is still the site's folder; a folder named
    `resources/` holds pages and files as any other."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.ts": "export default defineUserConfig({ lang: 'zh-CN', "
                                    "title: '笔记', base: 'notes' })\n",
        "docs/README.md": "# 首页\n",
        "docs/mysql/1.md": "# 1. MySQL 基础\n\n正文。\n",
        "docs/redis/1.md": "没有标题。\n",
        "docs/mysql/config.md": "# 配置\n",
        "docs/resources/tools.md": "# 工具\n\n一个名为 resources 的文件夹。\n",
        "docs/.vuepress/public/resources/slides.pdf": b"%PDF-1.4\n",
        "docs/redis/config.md": "# 配置\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert sorted(p.name for p in (dest / "content" / "pages").iterdir()) == [
        "1-mysql-基础.md", "mysql-config.md", "redis-1.md", "redis-config.md", "tools.md"]
    assert "slug `" not in report_of(done)
    # (`resources/` is no Hugo folder here: its pages and files are the site's)
    assert (dest / "static" / "resources" / "slides.pdf").is_file()
    assert "`base: /notes/`" in report_of(done)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert redirect_target(dest / "public", "/redis/1.html").endswith("/redis-1/")


def test_listing_pages_are_found_by_their_lack_of_text() -> None:
    from lanting.importer.vuepress_listings import listing_reason, listing_target
    assert listing_reason("pages/archives.md", {}, "<br/>\n\n# 所有文章\n\n<Archives/>\n") \
        == "only components, no text"
    assert listing_reason("pages/tags.md", {"layout": "weiz-tag"}, "") == \
        "`layout: weiz-tag`, no text"
    # a heading and text: a page, however long
    assert listing_reason("notes/x.md", {}, "# 标题\n\n## 小节\n\n正文。\n<Badge/>\n") == ""
    # headings alone, no component: an outline yet to be filled, a page
    assert listing_reason("coding/git.md", {}, "## 教程\n\n### 分支\n") == ""
    assert listing_reason("notes/more.md", {}, "<!-- more -->\n") == \
        "only components, no text"
    assert listing_target("pages/tags.md") == "/tags/"
    assert listing_target("posts/README.md") == "/blog/"


@pytest.mark.parametrize(("rel", "rewrites", "moved"), [
    ("post/git/use-log.md", {"post/(.*)": "(.*)"}, "git/use-log.md"),
    ("en/posts/x.md", {":lang/posts/:slug.md": ":lang/:slug.md"}, "en/x.md"),
    ("packages/a/src/index.md", {"packages/:pkg/src/(.*)": ":pkg/(.*)"}, "a/index.md"),
    ("getting-started.md", {"getting-started.md": "guide/start.md"}, "guide/start.md"),
    ("notes/x.md", {"post/(.*)": "(.*)"}, "notes/x.md"),
    ("en/guide/x.md", {"en/:rest*": ":rest*"}, "guide/x.md"),  # (VitePress's own docs)
])
def test_rewrites_move_pages_as_vitepress_moved_them(rel: str, rewrites: dict[str, str],
                                                     moved: str) -> None:
    from lanting.importer.vuepress_urls import rewritten
    assert rewritten(rel, rewrites) == moved


def test_rewrites_a_computed_src_dir_and_commit_dates(tmp_path: Path) -> None:
    """A VitePress site whose `srcDir` is computed (`./${dir}`): the one folder with an
    `index.md` holds the pages; `rewrites` took `post/` out of the URLs; a theme's hook
    wrote `firstCommit: … +8:00` for the date."""
    source = tmp_path / "site"
    write_files(source, {
        ".vitepress/config.mts": """\
            import { defineConfig } from 'vitepress'
            const dir = 'content'
            export default defineConfig({
              title: 'Notes',
              srcDir: `./${dir}`,
              rewrites: { 'post/(.*)': '(.*)' },
              cleanUrls: true,
            })
            """,
        "content/index.md": "# Home\n",
        "content/post/git/log.md": "---\ntitle: Git log\nfirstCommit: 2022-11-25 11:25:44+8:00"
                                   "\ncategory: tools\n---\nSee [tags](/git/tips).\n",
        "content/post/git/tips.md": "---\ntitle: Tips\ndate: 2022-12-01\n---\nText.\n",
        "content/post/git/more.md": "---\ntitle: More\ndate: 2022-12-02\n---\nText.\n",
        "README.md": "The repository's readme.\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert "`srcDir` is computed: the pages are read from `content/`" in report_of(done)
    log = (dest / "content" / "posts" / "log.md").read_text(encoding="utf-8")
    assert "date: 2022-11-25T11:25:44+08:00" in log
    assert '"/git/log/"' in log and '"/git/log.html"' in log
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    assert redirect_target(out, "/git/log/").endswith("/posts/log/")
    link = next(a for a in page(out, "/posts/log/").find("article").find_all("a")
                if a.text() == "tags")
    assert link["href"].endswith("/posts/tips/")


def test_includes_take_lines_nest_and_report_missing_files(tmp_path: Path) -> None:
    """hope's `<!-- @include: ./a.md{2-3} -->` (lines), an include inside the included
    file, and one of a file that is not there (a warning; the line kept in a comment)."""
    from lanting.importer.vuepress_code import includes
    write_files(tmp_path, {"a.md": "one\ntwo\nthree <!-- @include: ./b.md -->\nfour\n",
                           "b.md": "---\nx: 1\n---\nB\n",
                           "c.md": "<!-- @include: ./a.md{2-3} -->\n"})
    text = "<!-- @include: ./a.md{2-3} -->\n\n<!--@include: ./c.md-->\n\n" \
           "<!-- @include: ./gone.md -->\n"
    ctx = Context(Report(tmp_path, "vuepress"), tmp_path / "p.md", text)
    out = includes(text, tmp_path / "p.md", tmp_path, ctx, lambda t: t)
    assert out.startswith("two\nthree <!-- @include: ./b.md -->\n\ntwo\n")  # not alone
    assert "<!-- import: unconverted <!- - @include: ./gone.md - -> -->" in out
    assert ctx.report.warnings[0].line == 5


def test_a_root_choosing_a_locale_is_in_its_own_language(tmp_path: Path) -> None:
    """A VuePress site whose locales are all folders (`/zh-cn/`, `/en-gb/`), its root
    page an English choice of them: the pages were read mostly Chinese, so the site's
    language was `zh-CN` beside the locale `zh-cn`, and the build stopped (`zh-cn`
    listed twice). The default language is the root pages'."""
    source = tmp_path / "choice"
    write_files(source, {
        ".vuepress/config.js": """\
            module.exports = {
              title: 'Mirror docs',
              locales: {
                '/en-gb/': { lang: 'en-GB' },
                '/zh-cn/': { lang: 'zh-CN' },
              },
            }
            """,
        "README.md": "---\nhome: true\n---\n\nThe mirror's address has moved: read the "
                     "guide in your language for the new one.\n\n# Choose a language\n\n"
                     "- [English](/en-gb/)\n- [简体中文](/zh-cn/)\n",
        "en-gb/README.md": "# Mirror\n\nHow to use the mirror.\n",
        "zh-cn/README.md": "# 镜像\n\n如何使用镜像。镜像站的说明文档，包括使用方法和注意事项。\n",
        "zh-cn/guide.md": "# 指南\n\n把仓库地址换成镜像的地址，就可以更快地克隆仓库。\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert config_of(done)["language"] == "en"
    assert [str(w) for w in build(dest, BuildOptions()).warnings] == []


def test_locales_are_languages_paired_by_file_name(tmp_path: Path) -> None:
    """VitePress's `locales` (root Chinese, `en` under `/en/`): the English pages are the
    `en` versions of the Chinese ones of the same path (`install.en.md`), or pages of
    their own; their old `/en/…` URLs answer; `[languages.en]` has the locale's label,
    title and description."""
    source = tmp_path / "bilingual"
    write_files(source, {
        "docs/.vitepress/config.mts": """\
            import { defineConfig } from 'vitepress'
            export default defineConfig({
              title: '双语笔记',
              locales: {
                root: { label: '简体中文', lang: 'zh-CN' },
                en: { label: 'English', lang: 'en-US', link: '/en/', title: 'Notes',
                      description: 'Two languages' },
              },
            })
            """,
        "docs/index.md": "---\nlayout: home\nhero:\n  name: 双语笔记\n---\n",
        "docs/en/index.md": "---\nlayout: home\nhero:\n  name: Bilingual notes\n---\n",
        "docs/guide/install.md": "# 安装\n\n中文。见[英文版](/en/guide/install)。\n",
        "docs/en/guide/install.md": "# Install\n\nEnglish. See [setup](./setup.md).\n",
        "docs/en/guide/setup.md": "# Setup\n\nOnly in English.\n",
        "docs/posts/first.md": "---\ntitle: 第一篇\ndate: 2024-01-01\n---\n正文。\n",
        "docs/en/posts/first.md": "---\ntitle: First\ndate: 2024-01-01\n---\nText.\n",
        "docs/posts/second.md": "---\ntitle: 第二篇\ndate: 2024-01-02\n---\n正文。\n",
        "docs/posts/third.md": "---\ntitle: 第三篇\ndate: 2024-01-03\n---\n正文。\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    config = config_of(done)
    assert config["languages"] == {"en": {"name": "English", "title": "Notes",
                                          "description": "Two languages"}}
    content = dest / "content"
    assert sorted(p.name for p in (content / "pages").iterdir()) == [
        "install.en.md", "install.md", "setup.en.md"]
    assert (content / "posts" / "first.en.md").is_file()
    assert (content / "_index.en.md").is_file()
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    assert redirect_target(out, "/en/guide/install.html").endswith("/en/install/")
    zh = page(out, "/install/").find("article")
    link = next(a for a in zh.find_all("a") if a.text() == "英文版")
    assert link["href"].endswith("/en/install/")
    en = page(out, "/en/install/").find("article")
    assert next(a for a in en.find_all("a") if a.text() == "setup")["href"].endswith(
        "/en/setup/")


def test_rewrites_decide_the_home_page_and_the_language(tmp_path: Path) -> None:
    """VitePress's own docs: English in `en/`, moved to the root by `'en/:rest*':
    ':rest*'`, Chinese in the `zh` locale. `en/index.md` is the home page, `en/` no
    language folder; `zh/` is one."""
    source = tmp_path / "docs-site"
    write_files(source, {
        "docs/.vitepress/config.ts": """\
            export default defineConfig({
              title: 'Tool',
              rewrites: { 'en/:rest*': ':rest*' },
              locales: { root: { label: 'English', lang: 'en-US' },
                         zh: { label: '简体中文', lang: 'zh-Hans' } },
            })
            """,
        "docs/en/index.md": "---\nlayout: home\nhero:\n  name: Tool\n---\n",
        "docs/en/guide/start.md": "# Start\n\nRead [more](./more.md).\n",
        "docs/en/guide/more.md": "# More\n\nText.\n",
        "docs/zh/index.md": "---\nlayout: home\nhero:\n  name: 工具\n---\n",
        "docs/zh/guide/start.md": "# 开始\n\n正文。\n",
    })
    dest = tmp_path / "new"
    done = import_site(source, dest, None, False, NOW)
    assert (config_of(done)["language"], list(config_of(done)["languages"])) == (
        "en-US", ["zh"])
    content = dest / "content"
    assert "Tool" in (content / "_index.md").read_text(encoding="utf-8")
    assert (content / "_index.zh.md").is_file() and (content / "pages" / "start.zh.md").is_file()
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert redirect_target(dest / "public", "/guide/start.html").endswith("/start/")


def test_a_dangling_symlink_in_public_is_left_behind(tmp_path: Path) -> None:
    """VitePress's own `public/vitepress-logo-large.svg` links to `../../art/`: in a
    copy without that folder, the link leads nowhere (the import stopped at it)."""
    source = tmp_path / "site"
    write_files(source, {".vitepress/config.mts": "export default defineConfig({})\n",
                         "index.md": "# Home\n", "public/ok.txt": "ok\n"})
    (source / "public" / "logo.svg").symlink_to(tmp_path / "missing.svg")
    dest = tmp_path / "new"
    import_site(source, dest, None, False, NOW)
    assert (dest / "static" / "ok.txt").is_file()
    assert not (dest / "static" / "logo.svg").exists()
