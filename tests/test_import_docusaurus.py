"""The Docusaurus importer: the fixture site under tests/fixtures/import/docusaurus/ (a
v3 blog with authors.yml and tags.yml, MDX with tabs and components, docs, a page, an
English translation), read from its built pages; tiny sites written inline for what it
does not show; the settings reader, tabs and code blocks on their own."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import parse_html
from importbits import page, redirect_target, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.common import Options
from lanting.importer.docusaurus_bodies import magic_fence
from lanting.importer.docusaurus_mdx import html_attributes
from lanting.importer.docusaurus_settings import kebab, read_config
from lanting.importer.docusaurus_tabs import convert_tabs
from lanting.importer.js_literals import strip_comments
from lanting.importer.liquid import Context
from lanting.importer.report import Report

FIXTURE = Path(__file__).parent / "fixtures" / "import" / "docusaurus"
NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    dest = tmp_path_factory.mktemp("docusaurus") / "site"
    imported = import_site(FIXTURE, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def imported_tiny(tmp_path: Path, files: dict[str, str | bytes | None]) -> tuple[Imported, Path]:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, files)
    imported = import_site(source, dest, "docusaurus", False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


# --- the fixture site --------------------------------------------------------------------


def test_a_folder_with_a_docusaurus_config_is_a_docusaurus_site() -> None:
    assert detect(FIXTURE) == "docusaurus"


def test_the_config_becomes_lanting_toml(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"], config["base_url"]) == (
        "梯度下降笔记", "zh-CN", "https://lin.example.org/")
    assert config["description"] == "强化学习与分布式训练的读书笔记"
    assert config["languages"] == ["zh-CN", "en"]
    assert config["author"] == "林晓"  # (she wrote 3 of the 4 posts; 陈一 co-wrote one)
    assert config["markdown"]["mermaid"].startswith("https://")
    # the navbar: the blog, a page by its new URL, a link; the docs sidebar has no form
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("博客", "/blog/"), ("关于", "/about/"), ("GitHub", "https://github.com/lin-example")]
    assert config["redirects"]["/blog/tags/reinforcement-learning/"] == "/tags/强化学习/"
    assert config["redirects"]["/blog/archive/"] == "/archive/"
    assert "docusaurus.config.ts: notice: navbar item `笔记` (a `docSidebar`)" in \
        report_of(imported)


def test_posts_keep_dates_tags_authors_and_covers(site: tuple[Imported, Path]) -> None:
    imported, out = site
    ppo = (imported.dest / "content" / "posts" / "ppo-clip" / "index.md").read_text(
        encoding="utf-8")
    assert "\ndate: 2024-01-31\n" in ppo  # from the file's name
    assert "tags: [强化学习, PPO]" in ppo  # `rl` is a key of tags.yml
    assert "summary: 为什么 PPO 要把概率比裁剪到一个区间里。" in ppo
    assert "cover: ppo.png" in ppo and "<!-- more -->" in ppo
    nccl = (imported.dest / "content" / "posts" / "nccl-allreduce" / "index.md").read_text(
        encoding="utf-8")
    assert "author: 林晓, 陈一" in nccl and "author:" not in ppo
    hello = (imported.dest / "content" / "posts" / "hello.md").read_text(encoding="utf-8")
    assert "unlisted: true" in hello and "toc: false" in hello and "author: 访客作者" in hello
    assert "\n:::note\n" in hello  # v2's `:::secondary`
    doc = page(out, "/posts/ppo-clip/")
    assert doc.find("div", class_="callout-tip").find("p", class_="callout-title").text() \
        == "要点"
    assert len(doc.find_all("div", class_="math-display")) == 2  # (```math too)
    block = doc.find("div", class_="code-block")
    assert block.find("div", class_="code-title").text() == "ppo_loss.py"
    lines = block.find_all("span", class_="line")
    assert [i + 1 for i, line in enumerate(lines) if "hl" in line.classes] == [1, 4]
    assert "highlight-next-line" not in block.text()
    links = {a.text(): unquote(a["href"]) for a in doc.find("article").find_all("a")}
    assert links["NCCL 那篇"] == "/posts/nccl-allreduce/"
    assert doc.find(id="与-kl_penalty-的比较") is not None  # (github-slugger's ids)
    assert links["配置文档"] == "/setup/#安装"


def test_a_tags_description_is_its_pages_text(site: tuple[Imported, Path]) -> None:
    """`description:` of a tag in `blog/tags.yml` (Docusaurus 3.4 shows it under the
    tag page's heading) was dropped; it is the tag page's text and summary. A tag of
    `tags.yml` with no description has no text."""
    imported, out = site
    text = (imported.dest / "content" / "tags" / "强化学习.md").read_text(encoding="utf-8")
    assert text == "---\nsummary: 策略梯度、PPO 与其他\n---\n\n策略梯度、PPO 与其他\n"
    assert not (imported.dest / "content" / "tags" / "Systems.md").exists()
    tag = page(out, "/tags/强化学习/")
    assert tag.one("div", class_="term-intro").text().strip() == "策略梯度、PPO 与其他"
    assert tag.one("meta", attrs={"name": "description"})["content"] == "策略梯度、PPO 与其他"


def test_old_urls_keep_answering(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    for old, new in (("blog/2024/01/31/ppo-clip", "/posts/ppo-clip/"),
                     ("blog/nccl-allreduce", "/posts/nccl-allreduce/"),
                     ("blog/2023/12/01/hello", "/posts/hello/"),
                     ("docs/intro", "/intro/"), ("docs/guide/setup", "/setup/"),
                     ("en/blog/2024/01/31/ppo-clip", "/en/posts/ppo-clip/"),
                     ("en/docs/intro", "/en/intro/"),
                     ("blog/tags/reinforcement-learning", "/tags/强化学习/")):
        assert redirect_target(out, old).endswith(new), old


def test_drafts_are_not_published_and_the_translation_is_paired(
        site: tuple[Imported, Path]) -> None:
    imported, out = site
    draft = (imported.dest / "content" / "posts" / "draft-idea.md").read_text(encoding="utf-8")
    assert "draft: true" in draft and not (out / "posts" / "draft-idea").exists()
    english = page(out, "/en/posts/ppo-clip/")
    assert english.find("h1").text() == "The clipped objective of PPO"
    switch = page(out, "/posts/ppo-clip/").find("p", class_="translations")
    assert switch.find("a")["href"] == "/en/posts/ppo-clip/"
    intro = page(out, "/en/intro/")  # a doc's translation (`…-docs/current/`)
    assert intro.find("h1").text() == "Overview of the notes"
    setup = next(a for a in intro.find_all("a") if a.text() == "the setup")
    assert setup["href"] == "/setup/"  # (the doc has no English version)


def test_an_mdx_post_shows_tabs_code_and_the_text_of_its_components(
        site: tuple[Imported, Path]) -> None:
    imported, out = site
    doc = page(out, "/posts/nccl-allreduce/")
    article = doc.find("article")
    assert [label.text() for label in article.find_all("label")] == ["PyTorch", "JAX"]
    codes = [pre.text() for pre in article.find_all("pre")]
    assert any("dist.all_reduce(t" in c for c in codes)  # inside the tab, as code
    assert any("def average(tensor)" in c for c in codes)  # the raw-loader file
    script = next(a for a in article.find_all("a") if a.text() == "allreduce.py")
    assert script["href"] == "/files/blog/2024-03-02-nccl-ring/allreduce.py"
    assert (out / "files" / "blog" / "2024-03-02-nccl-ring" / "allreduce.py").is_file()
    titles = [t.text() for t in article.find_all("div", class_="code-title")]
    assert titles == ["allreduce.py"]
    numbered = [b for b in article.find_all("div", class_="code-block")
                if "NCCL_DEBUG" in b.text()]
    assert numbered and "numbered" in numbered[0].classes
    text = article.text()
    assert "带宽项是 2(N-1)/N 倍的数据量" in text  # <Highlight>'s text kept
    assert "@theme/" not in text and "StarButton" not in text and "{/*" not in text
    box = article.find("div", class_="note-box")  # (`className`, a JSX `style`)
    assert box is not None and box["style"] == "text-align: center"
    assert article.find("img")["src"].endswith("/posts/nccl-allreduce/ring.png")
    back = next(a for a in article.find_all("a") if a.text() == "PPO 的笔记")
    assert back["href"] == "/posts/ppo-clip/"
    docs = next(a for a in article.find_all("a") if a.text() == "笔记总览")
    assert docs["href"] == "/intro/"  # (the old URL written with a `/` at its end)
    # (`<video />` closes itself in JSX only: in HTML it held all that followed)
    assert '<video src="https://media.example.org/ring.mp4" controls></video>' in (
        imported.dest / "content" / "posts" / "nccl-allreduce" / "index.md").read_text(
        encoding="utf-8")


def test_docs_and_pages_are_pages(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    # a generated-index category: a page listing its docs in sidebar order, at its URL
    category = page(out, "/指南/")
    assert "训练环境与常用工具。" in category.find("article").text()
    listed = [(a.text(), unquote(a["href"])) for a in category.find("article").find_all("a")
              if a.text() in ("常用工具", "环境配置")]
    assert listed == [("常用工具", "/tools/"), ("环境配置", "/setup/")]
    assert redirect_target(out, "docs/category/指南").endswith("/指南/")
    guide = next(a for a in page(out, "/intro/").find_all("a") if a.text() == "指南")
    assert unquote(guide["href"]) == "/指南/"  # (a link to the category's old URL)
    setup = page(out, "/setup/")
    callout = setup.find("div", class_="callout-note")
    assert callout.find("p", class_="callout-title").text() == "版本"
    assert setup.find(id="安装") is not None
    assert setup.find("pre", class_="mermaid") is not None  # (theme-mermaid: drawn)
    back = next(a for a in setup.find_all("a") if a.text() == "总览")
    assert back["href"] == "/intro/"
    same = next(a for a in setup.find_all("a") if a.text() == "同一页")
    # (a path from the docs folder, as Docusaurus tried it after the page's own folder)
    assert unquote(same["href"]) == "/setup/#安装"
    assert page(out, "/intro/").find("h1").text() == "笔记总览"
    about = page(out, "/about/")  # (the `# heading` it showed, not the tab's `title`)
    assert about.find("h1").text() == "关于我" and "在读博士生" in about.text()


def test_the_report_names_what_was_not_converted(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    report = report_of(imported)
    mdx = "blog/2024-03-02-nccl-ring/index.mdx"
    assert f"{mdx}:12: warning: MDX import of `StarButton`" in report
    assert f"{mdx}:45: warning: the MDX component `<Highlight>` removed" in report
    assert f"{mdx}:47: warning: not converted, left in a comment: `<StarButton" in report
    assert "src/pages/index.tsx: warning: a React page: not imported" in report
    assert re.search(r"docusaurus\.config\.ts: notice: the docs sidebar .*left out: `sidebars\.ts`",
                     report)
    assert "docs/intro.md:2: notice: front matter only Docusaurus read (its sidebar, SEO, " \
        "layout), left out: `sidebar_position`, `authors`" in report  # (a page has no author)
    assert "docs/guide/_category_.json: notice: the category's page (`/docs/category/指南`)" \
        in report
    assert "i18n/en: notice: the interface's translations (`docusaurus-theme-classic`)" \
        in report
    # the static folder keeps its paths; a post's own image is in its bundle only
    assert (imported.dest / "static" / "img" / "ppo.png").is_file()
    assert not (imported.dest / "static" / "blog").exists()


# --- tiny sites ---------------------------------------------------------------------------


def test_settings_that_are_not_plain_strings_are_named(tmp_path: Path) -> None:
    """`title: siteTitle` or a template string needs JavaScript to read: reported; a
    blog at the root (`routeBasePath: '/'`) keeps its posts' URLs there; without
    remark-math a `$` was a dollar sign."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": """\
            const siteTitle = 'Notes';
            module.exports = {
              title: siteTitle,
              url: `https://${process.env.HOST}`,
              baseUrl: '/notes/',
              presets: [['@docusaurus/preset-classic', {
                docs: false,
                blog: {routeBasePath: '/', path: './posts'},
              }]],
            };
            """,
        "posts/2022-06-01-budget.md": "---\ntitle: Budget\n---\n\nIt cost $5 and $10.\n\n"
                                      "Pandoc writes @fig:loss and [@vaswani2017].\n",
    })
    report = report_of(imported)
    assert "docusaurus.config.js: warning: not read (not a plain string: Lanting does not " \
        "run JavaScript): `title`, `url`" in report
    assert redirect_target(out, "2022/06/01/budget").endswith("/posts/budget/")
    body = page(out, "/posts/budget/").find("article")
    assert "It cost $5 and $10." in body.text() and body.find("math") is None
    assert "Pandoc writes @fig:loss and [@vaswani2017]." in body.text()


def test_a_docs_site_at_the_root(tmp_path: Path) -> None:
    """Docs at `/` (`routeBasePath: '/'`), `slug: /` the home page; number prefixes
    are not in URLs; `id` names a doc; v2's `:::note Title`; an image by
    `require('@site/static/…')` and a link by `@site/static/…`."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": """\
            module.exports = {
              title: 'Lab Handbook',
              url: 'https://lab.example.org',
              baseUrl: '/handbook/',
              trailingSlash: false,
              presets: [['classic', {
                blog: false,
                docs: {routeBasePath: '/', remarkPlugins: [require('remark-math')]},
              }]],
            };
            """,
        "docs/index.md": "---\nslug: /\ntitle: Welcome\n---\n\n"
                         "Read [setup](02-env/01-install.md).\n",
        "docs/02-env/01-install.md": """\
            ---
            id: gpu-install
            ---

            # Installing drivers

            :::warning Careful

            Reboot after it, $x^2$ and $\\blue{y}$.

            :::

            <img src={require('@site/static/img/gpu.png').default} alt="GPU" />

            [The slides](@site/static/files/talk.pdf)
            """,
        "docs/2021-11-notes.md": "# November\n\nA date is no number prefix.\n",
        "docs/02-env/_category_.yml": "label: Environment\nposition: 2\n",
        "docs/02-env/up.md": "---\nslug: ../elsewhere\n---\n\n# Up\n\nBack to [the notes]"
                             "(/2021-11-notes).\n",
        "docs/02-env/3 - 2d-conv.md": "# Conv\n\nA digit may start the name.\n",
        "static/img/gpu.png": png(20, 10),
        "static/files/talk.pdf": "%PDF-1.4\n",
    })
    assert (imported.dest / "content" / "_index.md").is_file()
    assert redirect_target(out, "env/gpu-install").endswith("/gpu-install/")
    assert page(out, "/2021-11-notes/").find("h1").text() == "November"  # (its old URL)
    up = page(out, "/elsewhere/")  # (`slug: ../elsewhere` from env/: /elsewhere)
    assert next(a for a in up.find_all("a") if a.text() == "the notes")["href"] == \
        "/handbook/2021-11-notes/"
    assert "elsewhere" not in report_of(imported)
    assert "docs/02-env/_category_.yml: notice: a sidebar category (its label and " \
        "position): left out" in report_of(imported)  # (no generated-index: no page)
    assert redirect_target(out, "env/2d-conv").endswith("/2d-conv/")
    stub = parse_html((out / "env" / "gpu-install.html").read_text(encoding="utf-8"))
    assert stub.find("link", rel="canonical")["href"].endswith("/gpu-install/")
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "https://lab.example.org/handbook/"
    doc = page(out, "/gpu-install/")
    assert doc.find("div", class_="callout-warning").find(
        "p", class_="callout-title").text() == "Careful"
    assert doc.find("math") is not None
    assert "\\textcolor{blue}{y}" in (imported.dest / "content" / "pages" /
                                       "gpu-install.md").read_text(encoding="utf-8")
    assert doc.find("article").find("img")["src"] == "/handbook/img/gpu.png"
    slides = next(a for a in doc.find_all("a") if a.text() == "The slides")
    assert slides["href"] == "/handbook/files/talk.pdf"
    home = parse_html((out / "index.html").read_text(encoding="utf-8"))
    assert next(a for a in home.find_all("a") if a.text() == "setup")["href"] == \
        "/handbook/gpu-install/"


def test_v2_tabs_comments_and_unknown_imports(tmp_path: Path) -> None:
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example'," \
                                " baseUrl: '/'};\n",
        "blog/2021-03-04-opt.mdx": """\
            ---
            title: Optimizers
            ---

            import Tabs from '@theme/Tabs';
            import TabItem from '@theme/TabItem';
            import Chart from '../src/components/Chart';

            Intro{' '}
            for {"<T>"} types.

            {/* a note to myself */}

            <Admonition type="info" title={'Heads up'}>Mind the step size.</Admonition>

            ```title="notes.txt"
            lr 1e-3
            ```

            <img src={chartUrl} alt="chart" />

            See [the first post](/blog/2021-01-01-first/index.md) and [the demo](/demo),
            or <Link to="/blog/2021/01/01/first">the same post</Link>.

            <Tabs defaultValue="sgd" values={[
              {label: 'SGD', value: 'sgd'},
              {label: 'Adam', value: 'adam'},
            ]}>
            <TabItem value="sgd">

            Plain steps.

            </TabItem>
            <TabItem value="adam">

            <Tabs>
            <TabItem value="v1" label="Adam">Moments.</TabItem>
            <TabItem value="v2" label="AdamW">Decoupled decay.</TabItem>
            </Tabs>

            </TabItem>
            </Tabs>

            ```js
            // highlight-start
            const lr = 1e-3;
            const beta = 0.9;
            // highlight-end
            step();
            ```
            """,
        "blog/2021-01-01-first/index.md": "---\ntitle: First\n---\n\nHello.\n",
        "versioned_docs/version-1.0/intro.md": "# Old intro\n",
        "blog/rl/2020-05-06-gae.md": "---\ntitle: GAE\n---\n\n# GAE in one page\n\nText.\n",
        "static/robots.txt": "User-agent: *\n",
    })
    text = (imported.dest / "content" / "posts" / "opt.md").read_text(encoding="utf-8")
    assert ":::: tabs\n@tab SGD" in text and "::: tabs\n@tab Adam" in text
    assert "<!-- a note to myself -->" in text
    assert "Intro\nfor &lt;T&gt; types." in text  # (`{' '}` a space, `{"<T>"}` text)
    assert '```text title=notes.txt' in text  # (Lanting reads the first word as language)
    report = report_of(imported)
    assert "blog/2021-03-04-opt.mdx:7: warning: MDX import of `Chart` from " \
        "`../src/components/Chart` removed" in report
    assert "blog/2021-03-04-opt.mdx:20: warning: JSX attribute `src={chartUrl}` dropped" \
        in report
    assert "blog/2021-03-04-opt.mdx:22: warning: link `/demo` leads to no imported page" \
        in report  # (its text kept: a broken link would fail the build)
    assert "static/robots.txt: notice: a file Lanting makes itself" in report
    assert "versioned_docs: warning: versioned docs (version-1.0): not imported" in report
    article = page(out, "/posts/opt/").find("article")
    first = next(a for a in article.find_all("a") if a.text() == "the first post")
    assert first["href"] == "/posts/first/"  # (a file path from the site's folder)
    assert redirect_target(out, "blog/2021/01/01/first").endswith("/posts/first/")
    # (the date, then the folders before it; a post's `# heading` left its text)
    assert redirect_target(out, "blog/2020/05/06/rl/gae").endswith("/posts/gae/")
    gae = page(out, "/posts/gae/").find("article")
    assert [h.text() for h in gae.find_all("h1")] == ["GAE"]
    same = next(a for a in article.find_all("a") if a.text() == "the same post")
    assert same["href"] == "/posts/first/"  # (`<Link to>`, @docusaurus/Link's)
    assert "and the demo," in article.text() and all(a.text() != "the demo"
                                                    for a in article.find_all("a"))
    assert [label.text() for label in article.find_all("label")] == [
        "SGD", "Adam", "Adam", "AdamW"]
    callout = article.find("div", class_="callout-note")  # (`info`: a note's colour)
    assert callout.find("p", class_="callout-title").text() == "Heads up"
    assert article.find("div", class_="code-title").text() == "notes.txt"
    code = next(p for p in article.find_all("pre") if "const lr" in p.text())
    lines = code.find_all("span", class_="line")
    assert [line.text() for line in lines if "hl" in line.classes] == [
        "const lr = 1e-3;", "const beta = 0.9;"]


# --- the parts on their own ---------------------------------------------------------------


def test_only_plain_strings_are_read_from_the_config(tmp_path: Path) -> None:
    (tmp_path / "docusaurus.config.ts").write_text("""\
        // title: 'Commented out'
        const config = {
          title: 'Lin\\'s "notes"', /* url: 'https://wrong.example' */
          url: 'https://right.example', // a comment after it
          i18n: {defaultLocale: 'zh-Hans', locales: ['zh-Hans', 'en']},
          themeConfig: {navbar: {title: 'Navbar title', items: [{to: 'docs/a', label: 'A'}]}},
        };
        """, encoding="utf-8")
    config = read_config(tmp_path, Report(tmp_path, "docusaurus"))
    assert (config.title, config.url, config.default_locale, config.locales) == (
        "Lin's \"notes\"", "https://right.example", "zh-Hans", ["zh-Hans", "en"])
    assert config.navbar == [{"name": "A", "url": "docs/a"}]
    assert strip_comments("a: 'https://x' // c") == "a: 'https://x' "


def test_tag_pages_are_named_as_lodash_kebab_case_names_them() -> None:
    assert [kebab(t) for t in ("Machine Learning", "PyTorch", "v2", "强化学习")] == [
        "machine-learning", "py-torch", "v-2", "强化学习"]


def test_magic_comments_and_line_numbers() -> None:
    ctx = Context(Report(Path("."), "docusaurus"), Path("x.md"), "")
    out = magic_fence('py title="a.py" {1} showLineNumbers=7',
                      "a = 1\n# highlight-next-line\nb = 2\nc = 3", "", ctx)
    assert out.split("\n")[0] == '```py title=a.py hl_lines="1 2" linenos=true start=7'
    assert "highlight" not in out
    assert magic_fence("python {2}", "x\ny", "", ctx) == "```python {2}\nx\ny\n```"


def test_tabs_in_code_blocks_stay_as_written() -> None:
    ctx = Context(Report(Path("."), "docusaurus"), Path("x.md"), "")
    text = "```jsx\n<Tabs>\n<TabItem value=\"a\">A</TabItem>\n</Tabs>\n```\n"
    assert convert_tabs(text, ctx) == text
    indented = "<Tabs>\n  <TabItem value=\"a\" label=\"One\">\n\n    Four spaces in.\n\n" \
               "  </TabItem>\n</Tabs>\n"
    assert re.search(r"@tab One\nFour spaces in\.\n:::", convert_tabs(indented, ctx))


def test_a_plain_img_is_a_markdown_image_outside_raw_html() -> None:
    """Lanting places Markdown images under the site's path (and makes them WebP); inside
    raw HTML (`<div>` on the line above) Markdown is not read, so the `<img>` stays."""
    ctx = Context(Report(Path("."), "docusaurus"), Path("x.md"), "")
    text = ('<img src="/a.png" alt="A" />\n\n<div align="center">\n<img src="/b.png" />\n'
            '</div>\n\nSee <img src="/c.png"/> here.\n')
    assert html_attributes(text, ctx) == (
        '![A](/a.png)\n\n<div align="center">\n<img src="/b.png" />\n</div>\n\n'
        'See ![](/c.png) here.\n')


def test_a_doc_card_list_is_the_list_of_its_folders_docs(tmp_path: Path) -> None:
    """`<DocCardList />` in a folder's index doc (the cards of its category) was left in a
    comment with a warning, the page showing nothing: it is a list of links to the
    folder's docs and sub-folders, in sidebar order, with their descriptions."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/patterns/index.md": "# 设计模式\n\n总览。\n\n"
                                  "import DocCardList from '@theme/DocCardList';\n\n"
                                  "<DocCardList />\n",
        "docs/patterns/singleton.md": "---\nsidebar_position: 2\n---\n# 单例\n\nText.\n",
        "docs/patterns/adapter.md": "---\nsidebar_position: 1\ndescription: 接口转换\n---\n"
                                    "# 适配器\n\nText.\n",
        "docs/patterns/draft.md": "---\ndraft: true\n---\n# 草稿\n\nText.\n",
        "docs/patterns/structural/index.md": "# 结构型\n\nText.\n",
        "docs/patterns/structural/_category_.json": '{"position": 3}\n',
    })
    report = report_of(imported)
    assert "has no Lanting form" not in report and "0 not converted" in report
    links = page(out, "/patterns/").one("div", class_="prose").find_all("a")
    assert [(a.text(), a["href"]) for a in links] == [
        ("适配器", "/adapter/"), ("单例", "/singleton/"), ("结构型", "/structural/")]
    assert "接口转换" in page(out, "/patterns/").one("div", class_="prose").text()


def test_a_removed_components_prose_attributes_are_kept(tmp_path: Path) -> None:
    """`<Quiz question="…">answer</Quiz>` (a site's own component) lost its question when
    its tags were removed, the warning saying only "its text kept": an attribute that is
    prose is a paragraph before the text; a colour or a path is not."""
    source = tmp_path / "src"
    write_files(source, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/testing.md": "# 测试\n\n<Quiz question=\"为什么要先写测试？\" id=\"q1\">\n\n"
                           "因为说明书会变。\n\n</Quiz>\n\n<Card title='Why tests matter' "
                           "icon=\"/img/a.svg\">\nText.\n</Card>\n\nA <Highlight "
                           "color=\"#25c2a0\">green word</Highlight>.\n",
    })
    imported = import_site(source, tmp_path / "out", "docusaurus", False, NOW)
    written = (tmp_path / "out/content/pages/testing.md").read_text(encoding="utf-8")
    assert "为什么要先写测试？\n\n因为说明书会变。" in written
    assert "Why tests matter\n\nText." in written
    assert "#25c2a0" not in written and "/img/a.svg" not in written and "q1" not in written
    assert "A green word." in written
    report = report_of(imported)
    assert "`<Quiz>` removed, its text and `question` kept" in report
    assert "`<Highlight>` removed, its text kept" in report


def test_docs_of_one_name_take_their_folders(tmp_path: Path) -> None:
    """Two courses' `glossary.md` were `glossary` and `glossary-2`, with a warning: a
    name several docs have is `<folder>-<name>`, as the MkDocs and VuePress imports do;
    old URLs and links follow."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/intro.md": "# Intro\n\n[Scrum](scrum/glossary.md), [测试](testing/glossary.md)\n",
        "docs/scrum/glossary.md": "# Scrum 术语\n\nSprint.\n",
        "docs/testing/glossary.md": "# 测试术语\n\nOracle.\n",
        "docs/testing/unique.md": "# Unique\n\nText.\n",
    })
    pages = sorted(p.name for p in (imported.dest / "content/pages").iterdir())
    assert pages == ["intro.md", "scrum-glossary.md", "testing-glossary.md", "unique.md"]
    assert "is taken by" not in report_of(imported)
    links = [a["href"] for a in page(out, "/intro/").one("div", class_="prose").find_all("a")]
    assert links == ["/scrum-glossary/", "/testing-glossary/"]
    assert redirect_target(out, "/docs/scrum/glossary/") == "/scrum-glossary/"


def test_settings_in_modules_the_config_imports_are_read(tmp_path: Path) -> None:
    """The config of a notes site imports its presets (`import presets from
    "./config/presets"`), where remark-math is on and the blog's `routeBasePath` is
    set: `$…$` was a formula there, not dollar signs to escape."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.ts": """\
            import presets from "./config/presets";
            const config = { title: "技術筆記", url: "https://n.example", baseUrl: "/",
                             presets };
            export default config;
            """,
        "config/presets.ts": """\
            import remarkMath from "remark-math";
            const presets = [["classic", {
              docs: { remarkPlugins: [remarkMath] },
              blog: { routeBasePath: "articles", remarkPlugins: [remarkMath] },
            }]];
            export default presets;
            """,
        "docs/attention.md": "# 注意力\n\n分數是 $QK^T/\\sqrt{d}$。\n",
        "blog/2024-05-01-kv.md": "---\ntitle: KV\n---\n快取 $O(n)$。\n",
    })
    assert page(out, "/attention/").one("div", class_="prose").find_all("math")
    assert "no remark-math" not in report_of(imported)
    assert redirect_target(out, "/articles/2024/05/01/kv/").endswith("/kv/")


def test_an_escaped_angle_bracket_is_text_not_a_component(tmp_path: Path) -> None:
    """MDX reads `\\<T>` as the text `<T>` (TypeScript notes: `Partial\\<T>`): no
    component to report and leave in a comment. Nor is `<V*{out} …` one (no JSX
    attribute starts with `*`): it was read up to the next `>`, lines later."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/utility-types.md": "# Utility Types\n\n### Partial\\<T>\n\n"
                                 "**Record\\<K, T>** 把鍵映射到值。\n\n"
                                 "（當 V*{in}<V*{out} 時成立）\n波形：\n\n![](/img/w.png)\n\n"
                                 "> 注意散熱。\n",
        "static/img/w.png": png(8, 8),
    })
    prose = page(out, "/utility-types/").one("div", class_="prose")
    assert "Partial<T>" in prose.text() and "Record<K, T>" in prose.text()
    assert "V*{in}<V*{out} 時成立" in prose.text() and prose.find("img") is not None
    assert "注意散熱" in prose.one("blockquote").text()
    assert "MDX component" not in report_of(imported)


def test_tabs_inside_an_admonition_keep_their_code_indented(tmp_path: Path) -> None:
    """`:::tip` around `<Tabs>` (notes comparing two module systems): the tabs' own
    `:::` closed the tip, and a stray `:::` was left; and the code in a tab lost its
    indentation with the `<TabItem>`'s, though its fence sat at the margin."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/modules.mdx": """\
            # 模組

            :::tip
            兩種載入方式。

            <Tabs>
              <TabItem value="esm" label="ES Modules" default>

            ```js
            async function load() {
              const data = await read('a.txt');
            }
            ```
              </TabItem>
              <TabItem value="cjs" label="CommonJS">

            同步載入。
              </TabItem>
            </Tabs>
            :::

            之後的段落。
            """,
    })
    prose = page(out, "/modules/").one("div", class_="prose")
    tip = prose.find("div", class_="callout")
    assert tip is not None and "兩種載入方式" in tip.text()
    assert [label.text() for label in tip.find_all("label")] == ["ES Modules", "CommonJS"]
    written = (imported.dest / "content/pages/modules.md").read_text(encoding="utf-8")
    assert "load() {\n  const data = await read('a.txt');\n}" in written
    assert ":::" not in prose.text() and "之後的段落" not in tip.text()


def test_an_inline_table_of_contents_is_lantings(tmp_path: Path) -> None:
    """`<TOCInline toc={toc} />` (Docusaurus's own component) was left in a comment with
    a warning: it is `[[toc]]`, the table of contents Lanting shows for the page."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/features.mdx": "# 功能\n\nimport TOCInline from '@theme/TOCInline';\n\n"
                             "<TOCInline toc={toc} />\n\n## 數學\n\n文字。\n\n## 圖表\n\n文字。\n",
    })
    written = (imported.dest / "content/pages/features.md").read_text(encoding="utf-8")
    assert "[[toc]]" in written and "TOCInline" not in written
    assert "TOCInline" not in " ".join(str(w) for w in imported.report.warnings)
    assert "[[toc]]" not in page(out, "/features/").one("div", class_="prose").text()


def test_formulas_are_tex_and_escaped_parentheses_text(tmp_path: Path) -> None:
    """With remark-math a formula is TeX before MDX sees it: `$\\Delta i<I_{o}$` holds no
    component `<I_>` (it was commented out, the page's formula broken). remark-math
    reads only `$`: `\\(…\\)` were escaped parentheses, not a formula to Lanting."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "const math = require('remark-math');\n"
                                "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/', presets: [['classic', {docs: "
                                "{remarkPlugins: [math]}}]]};\n",
        "docs/buck.md": "# 降壓\n\n當 $\\frac{1}{2}\\Delta i_L<I_out$ 時為連續模式。\n\n"
                        "線上編輯器 \\(支援即時渲染\\)。\n\n"
                        "| 量 | 式 |\n| --- | --- |\n| 紋波 | $\\lvert \\Delta i \\rvert$ |\n",
    })
    prose = page(out, "/buck/").one("div", class_="prose")
    assert len(prose.find_all("math")) == 2
    assert "(支援即時渲染)" in prose.text()
    report = report_of(imported)
    assert "MDX component" not in report


def test_an_old_url_with_a_dot_in_its_name_keeps_answering(tmp_path: Path) -> None:
    """`docs/Vue.js小技巧.md` was at `/docs/Vue.js小技巧`, written to its folder's
    `index.html`; the URL's `.js小技巧` made it look like a file, and it was left out
    with a warning ("no redirect page can stand there")."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/Vue.js小技巧.md": "# Vue.js 小技巧\n\n見 [另一篇](/docs/Node.js安裝)。\n",
        "docs/Node.js安裝.md": "# Node.js 安裝\n\n文字。\n",
    })
    assert "no redirect page" not in report_of(imported)
    new = redirect_target(out, "/docs/Vue.js小技巧/")
    assert page(out, new).one("h1").text() == "Vue.js 小技巧"
    link = page(out, new).one("div", class_="prose").one("a")
    assert page(out, unquote(link["href"])).one("h1").text() == "Node.js 安裝"


def test_admonition_keywords_of_the_site_are_callouts(tmp_path: Path) -> None:
    """`admonitions: {keywords: ['quiz', …], extendDefaults: true}` made `:::quiz` an
    admonition of the site's own (course notes' exercises), a box titled by its kind
    or by the title given; Lanting has no such block, and each was a plain block with a
    build warning. It is a note titled the same."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.ts": """\
            export default {
              title: '笔记',
              presets: [['classic', {
                docs: {routeBasePath: '/',
                       admonitions: {keywords: ['details', 'quote', 'quiz'],
                                     extendDefaults: true}},
                blog: false,
              }]],
            };
            """,
        "docs/testing.md": """\
            # 软件测试

            :::quiz

            测试能证明程序正确吗？

            :::

            ::::quiz[习题 2]

            :::tip
            想想穷举。
            :::

            ::::

            :::quote
            测试只能证明错误存在。
            :::
            """,
    })
    assert "admonitions of the site's own kinds ×2" in report_of(imported)
    body = page(out, "/testing/").one("main")
    titles = [p.text().strip() for p in body.find_all("p", class_="callout-title")]
    assert titles == ["Quiz", "习题 2", "提示", "引用"]


def test_a_link_to_a_heading_another_page_lacks_goes_to_the_page(tmp_path: Path) -> None:
    """`[检索配置](/docs/algolia#github-actions-setup)` to a page with no such heading (its
    `## 创建 Github Actions` renamed, in a bilingual notes site): Docusaurus warned of
    the broken anchor and the browser showed the page's top; Lanting's build failed. The
    link goes to the page, with a warning; `#Create-Github-Actions` goes to the heading
    it meant, and a custom `{#id}` and an HTML anchor stay."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/algolia.md": ("# 搜索\n\n## Create Github Actions\n\n文字。\n\n"
                           "## 配置 {#config}\n\n<a id=\"env\"></a>变量。\n\n"
                           "```md\n## Fake heading\n```\n"),
        "docs/push.md": ("# 推送\n\n见 [设置](/docs/algolia#github-actions-setup)、"
                         "[创建](./algolia.md#Create-Github-Actions)、[配置](algolia#config)、"
                         "[变量](algolia.md#env) 与 [假](algolia.md#fake-heading)。\n"),
    })
    assert [(w.path, w.message) for w in imported.report.warnings] == [
        ("docs/push.md", "link `/docs/algolia#github-actions-setup`: no heading or anchor "
         "`#github-actions-setup` on that page (a dead link of the old site): it goes to "
         "the page's top"),
        ("docs/push.md", "link `algolia.md#fake-heading`: no heading or anchor "
         "`#fake-heading` on that page (a dead link of the old site): it goes to the "
         "page's top")]
    hrefs = [unquote(a["href"]) for a in page(out, "/push/").one("div", class_="prose")
             .find_all("a")]
    assert [h.partition("#")[2] for h in hrefs] == [
        "", "create-github-actions", "config", "env", ""]


def test_a_translations_link_to_a_heading_is_checked_in_the_translation(
        tmp_path: Path) -> None:
    """An English translation's `[comments](/docs/comment#swizzling-内部组件)`, the
    Chinese page's heading id kept by the translator: in the `en` locale the link led to
    the English page, which has no such heading. It was checked against the Chinese page
    and kept; Lanting's build failed. It goes to the English page's top, with a warning."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": ("module.exports = {title: 'T', url: 'https://t.example',"
                                 " baseUrl: '/', i18n: {defaultLocale: 'zh-Hans', "
                                 "locales: ['zh-Hans', 'en']}};\n"),
        "docs/comment.md": "# 评论\n\n## Swizzling 内部组件\n\n文字。\n",
        "docs/bot.md": "# 机器人\n\n见 [评论](/docs/comment#swizzling-内部组件)。\n",
        "i18n/en/docusaurus-plugin-content-docs/current/comment.md": (
            "# Comments\n\n## Swizzling internal components\n\nText.\n"),
        "i18n/en/docusaurus-plugin-content-docs/current/bot.md": (
            "# Bot\n\nSee [comments](/docs/comment#swizzling-内部组件) and "
            "[swizzling](/docs/comment#swizzling-internal-components).\n"),
    })
    assert [(w.path, w.message) for w in imported.report.warnings] == [
        ("i18n/en/docusaurus-plugin-content-docs/current/bot.md", "link `/docs/comment"
         "#swizzling-内部组件`: no heading or anchor `#swizzling-内部组件` on that page (a "
         "dead link of the old site): it goes to the page's top")]
    hrefs = [unquote(a["href"]) for a in page(out, "/en/bot/").one("div", class_="prose")
             .find_all("a")]
    assert hrefs == ["/en/comment/", "/en/comment/#swizzling-internal-components"]
    zh = page(out, "/bot/").one("div", class_="prose").one("a")
    assert unquote(zh["href"]) == "/comment/#swizzling-内部组件"


def test_an_import_over_lines_is_named_in_the_report(tmp_path: Path) -> None:
    """`import {⏎  PubSubExample,⏎  ObserverExample⏎} from '…'` (an MDX note's animated
    examples) was reported as the import of `{⏎}`: the report shows a message's first and
    last lines, and the names between were lost."""
    imported, _out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/emitter.mdx": ("# 事件\n\nimport {\n  PubSubExample,\n  ObserverExample\n"
                             "} from '../src/examples/pubSub';\n\n文字。\n"),
    })
    assert [w.message for w in imported.report.warnings] == [
        "MDX import of `{ PubSubExample, ObserverExample }` from `../src/examples/pubSub` "
        "removed: Lanting runs none of the old site's components (React's, Astro's…; "
        "their uses are in the warnings below)"]


def test_an_image_required_beside_the_page_keeps_its_file(tmp_path: Path) -> None:
    """`src={require("./figs/x.png").default}` (webpack bundles the file beside the doc):
    the image is the page's file, not a dropped attribute."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'RL Notes', url: "
                                "'https://rl.example.org', baseUrl: '/'};\n",
        "docs/ch1/intro.md": "# Markov chains\n\nThe loop of agent and world:\n\n"
                             '<img width="300" src={require("./figs/loop.png").default}/>\n',
        "docs/ch1/figs/loop.png": png(30, 20),
    })
    assert "JSX attribute" not in report_of(imported)
    img = page(out, "/intro/").find("article").find("img")
    assert img["width"] == "300"
    assert (out / img["src"].lstrip("/")).is_file()


def test_links_by_reference_lead_to_the_new_pages(tmp_path: Path) -> None:
    """`[术语]` with `[术语]: scrum/glossary.md` under the text (remark reads links by
    reference, and Docusaurus resolved their files): the definition kept the old path,
    a broken link of the build. Its URL is the page's; one naming nothing is its text."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/intro.md": ("# Intro\n\n见[术语]与[旧页][old]。\n\n[术语]: scrum/glossary.md\n"
                          "[old]: ./gone.md\n"),
        "docs/scrum/glossary.md": "# Scrum 术语\n\nSprint.\n",
    })
    assert [w.message for w in imported.report.warnings] == [
        "link `./gone.md` leads to no page or file of the site: the link is dropped, its "
        "text kept"]
    prose = page(out, "/intro/").one("div", class_="prose")
    assert [a["href"] for a in prose.find_all("a")] == ["/glossary/"]
    assert "与旧页。" in prose.text()


def test_the_locales_written_after_the_theme_config_are_read(tmp_path: Path) -> None:
    """`i18n: {defaultLocale: "en", locales: ["en", "zh-cn"]}` written last, after
    `themeConfig` (as a site's config grows): it was not read, the language was guessed
    from the Chinese posts, and `languages = ["zh-CN", "zh-CN"]` failed the build. The
    default locale is the language, the other one a language of its own."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": ("module.exports = {\n  title: 'T', url: 'https://t.example',"
                                 " baseUrl: '/',\n  themeConfig: { navbar: { items: [] } },\n"
                                 "  i18n: { defaultLocale: 'en', locales: ['en', 'zh-cn'] },\n"
                                 "};\n"),
        "docs/intro.md": "# 介绍\n\n这是一篇中文的笔记，写给自己看的。\n",
        "i18n/zh-cn/docusaurus-plugin-content-docs/current/intro.md": "# 介绍\n\n中文。\n",
    })
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["language"], config["languages"]) == ("en", ["en", "zh-CN"])
    assert "no `i18n.defaultLocale`" not in report_of(imported)


def test_an_autolink_ending_in_a_slash_stays_a_link(tmp_path: Path) -> None:
    """`<https://example.org/>` (an autolink whose URL ends with `/`, as Docusaurus's
    own Markdown demo writes one): its `/>` was read as a JSX tag closing itself, and
    `</https>` was written after it, a stray tag of the build."""
    _imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: 'T', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/links.md": "# Links\n\nOr <https://example.org/> and <video src=\"/a.mp4\" />\n",
    })
    prose = page(out, "/links/").one("div", class_="prose")
    assert [a["href"] for a in prose.find_all("a")] == ["https://example.org/"]
    assert "</https>" not in (out / "links" / "index.html").read_text(encoding="utf-8")


def test_a_locale_the_settings_do_not_list_is_left_out(tmp_path: Path) -> None:
    """A site whose config has no `i18n` (English only, to Docusaurus) but keeps an
    `i18n/zh-cn/` folder of translations it never built: its pages were imported as
    versions in `zh-CN`, the language guessed for the Chinese site too, and the build
    failed ("`zh-CN` is listed twice", then clashing old URLs)."""
    imported, out = imported_tiny(tmp_path, {
        "docusaurus.config.js": "module.exports = {title: '笔记', url: 'https://t.example',"
                                " baseUrl: '/'};\n",
        "docs/intro.md": "# 简介\n\n这是一份关于分布式训练的笔记。\n",
        "i18n/zh-cn/docusaurus-plugin-content-docs/current/intro.md": "# 简介\n\n旧的译文。\n",
    })
    assert "locale `zh-cn` is not among the settings' `i18n.locales`" in report_of(imported)
    assert "旧的译文" not in (out / "intro" / "index.html").read_text(encoding="utf-8")
