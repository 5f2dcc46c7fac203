"""The MkDocs importer: the fixture site under tests/fixtures/import/mkdocs/ (Material's
blog plugin, snippets, tabs, attribute lists), read from its built pages; tiny sites written
inline for what it does not show; the URL and date rules on their own."""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from htmltree import parse_html
from importbits import page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.common import Options
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_anchors import toc_ids, toc_keeps_case
from lanting.importer.mkdocs_bodies import first_heading
from lanting.importer.mkdocs_settings import babel_date, blog_settings, blog_slugify
from lanting.importer.mkdocs_snippets import _snippet_parts
from lanting.importer.mkdocs_tabs import content_tabs
from lanting.importer.report import Report

FIXTURE = Path(__file__).parent / "fixtures" / "import" / "mkdocs"
NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    dest = tmp_path_factory.mktemp("mkdocs") / "site"
    imported = import_site(FIXTURE, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


# --- the fixture site --------------------------------------------------------------------


def test_a_folder_with_mkdocs_yml_is_an_mkdocs_site() -> None:
    assert detect(FIXTURE) == "mkdocs"


def test_mkdocs_yml_becomes_lanting_toml(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["language"], config["base_url"]) == (
        "梯度笔记", "林晓", "zh-CN", "https://notes.example.org/")
    assert config["description"] == "强化学习与分布式训练的 学习笔记"
    # nav: the blog's index is Lanting's blog list, a section its first page, a link kept
    assert [m["url"] for m in config["menu"]] == ["/blog/", "/attention/", "/about/",
                                                  "https://lab.example.org"]
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/example"}]
    assert config["markdown"]["mermaid"].startswith("https://")


def test_posts_keep_dates_categories_and_authors(site: tuple[Imported, Path]) -> None:
    imported, out = site
    posts = imported.dest / "content" / "posts"
    ppo = (posts / "ppo-的-clip-目标" / "index.md").read_text(encoding="utf-8")
    assert "\ndate: 2024-01-31\nupdated: 2024-02-03\n" in ppo
    assert "categories: [强化学习]" in ppo and "tags: [PPO, RL]" in ppo
    # the `# heading` is the title, not a second heading in the text
    assert "title: PPO 的 Clip 目标" in ppo and "\n# PPO" not in ppo
    nccl = (posts / "nccl-ring.md").read_text(encoding="utf-8")
    assert "author: 林晓, 陈一" in nccl  # a guest author: names from .authors.yml
    shown = page(out, "/posts/nccl-ring/")
    assert shown.find("article") is not None
    link = next(a for a in shown.find_all("a") if a.text() == "PPO 那篇")
    assert unquote(link["href"]).endswith("/posts/ppo-的-clip-目标/")


def test_old_post_urls_redirect_to_the_new_ones(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    for old, new in (("blog/2024/01/31/ppo-的-clip-目标", "/posts/ppo-的-clip-目标/"),
                     ("blog/2024/02/29/nccl-ring", "/posts/nccl-ring/"),
                     ("notes/attention", "/attention/")):
        stub = parse_html((out / old / "index.html").read_text(encoding="utf-8"))
        refresh = next(m for m in stub.find_all("meta") if m.get("http-equiv") == "refresh")
        assert unquote(refresh["content"]).endswith(new)


def test_drafts_are_not_published(site: tuple[Imported, Path]) -> None:
    imported, out = site
    draft = (imported.dest / "content" / "posts" / "还没写完的想法.md").read_text(
        encoding="utf-8")
    assert "draft: true" in draft
    assert not (out / "posts" / "还没写完的想法").exists()


def test_a_page_shows_tabs_snippets_figures_and_keys(site: tuple[Imported, Path]) -> None:
    _imported, out = site
    doc = page(out, "/attention/")
    assert [label.text() for label in doc.find_all("label")] == ["PyTorch", "JAX"]
    assert "torch.softmax" in doc.find("pre").text()
    text = doc.find("article").text()
    assert "NCCL_DEBUG=INFO" in text and "不在片段里" not in text  # the section only
    figure = doc.find("figure")
    assert figure is not None and figure.find("figcaption").text().endswith("多头注意力的形状")
    assert [k.text() for k in doc.find("article").find_all("kbd")] == ["Ctrl", "C"]
    assert "支持 ✓ 的算子，不支持 ✗ 的算子" in text
    assert ":octicons" not in text and "*[MHA]" not in text and "{ width" not in text
    # a snippet not found showed nothing on the old site: nor here (a comment keeps it)
    assert "8<" not in text
    link = next(a for a in doc.find_all("a") if a.text() == "PPO 笔记")
    assert unquote(link["href"]).endswith("/posts/ppo-的-clip-目标/#目标函数")


def test_heading_ids_mkdocs_made_keep_answering(site: tuple[Imported, Path]) -> None:
    """Python-Markdown's default ids drop Chinese: `## 推导` was `#_1`, which a link of
    another page names; the `# heading` (now the title) had `{ #attention-top }`."""
    _imported, out = site
    doc = page(out, "/attention/")
    anchor = doc.find(id="_1")
    heading = next((e for e in doc.find_all("h2") if e.text().strip() == "推导"), None)
    assert anchor is not None and heading is not None
    in_order = doc.find("article").find_all()
    assert in_order[in_order.index(anchor) + 1] is heading  # right before it
    assert doc.find(id="attention-top") is not None
    nccl = page(out, "/posts/nccl-ring/")
    link = next(a for a in nccl.find_all("a") if a.text() == "注意力的推导")
    assert link["href"].endswith("/attention/#_1")


def test_a_post_keeps_its_callout_code_options_and_related_links(
        site: tuple[Imported, Path]) -> None:
    _imported, out = site
    doc = page(out, "/posts/ppo-的-clip-目标/")
    callout = doc.find("div", class_="callout-note")
    assert callout is not None and callout.find("p", class_="callout-title").text() == "直觉"
    code = doc.find("div", class_="code-block")
    assert "numbered" in code.classes and code.find("div", class_="code-title").text() == \
        "ppo.py"
    assert doc.find("article").find("img")["src"].endswith("/clip.png")
    gae = page(out, "/posts/广义优势估计-gae/")
    article = gae.find("article")
    assert [(e.tag, e.text()) for e in article.find_all()
            if e.tag in ("mark", "ins", "sup", "sub")] == [
        ("mark", "偏差与方差"), ("ins", "它是 TD(λ) 的优势版本"), ("sup", "GAE"),
        ("sub", "φ")]
    related = {a.text(): a["href"] for a in gae.find_all("a")}
    assert related["缩放点积注意力"].endswith("/attention/")
    assert related["原论文"] == "https://arxiv.org/abs/1506.02438"


def test_the_report_names_what_was_not_converted(site: tuple[Imported, Path]) -> None:
    imported, _out = site
    report = report_of(imported)
    assert re.search(r"docs/notes/attention\.md:27: warning: snippet `snippets/missing\.md` "
                     r"not found", report)
    assert re.search(r"docs/notes/attention\.md:35: warning: 1 abbreviation", report)
    assert "image size" not in report  # (`{ width="300" }` is kept: Lanting reads it)
    assert re.search(r"docs/about\.md:\d+: warning: 1 icon shortcode", report)
    assert "docs/snippets/env.md: notice: a snippet other pages inline" in report
    assert "docs/blog/index.md: notice: the blog's index page: left out" in report
    # the theme's files stay behind; the docs folder's own files keep their paths
    assert (imported.dest / "static" / "assets" / "images" / "clip.png").is_file()
    assert not (imported.dest / "static" / "javascripts").exists()


# --- tiny sites ---------------------------------------------------------------------------


def test_blog_dir_dot_and_file_urls(tmp_path: Path) -> None:
    """`blog_dir: .` puts posts at the root (`/2024/05/x/`), `use_directory_urls: false`
    gives `.html` URLs; an image written for the page's URL (`../../assets/x.png` from
    `posts/2024/x.md`, resolved by the browser from `/2024/05/x.html`) is found."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": """\
            site_name: Notes
            use_directory_urls: false
            theme: {name: material, language: en}
            plugins:
              - blog:
                  blog_dir: .
                  post_url_date_format: yyyy/MM
            """,
        "docs/index.md": "# Home\n\nRecent notes.\n",
        "docs/guide/setup.md": "# Setup\n\nSee [the post](../posts/2024/rollout.md).\n",
        "docs/posts/2024/rollout.md": """\
            ---
            date: 2024-05-06
            ---

            # Rollout Workers

            ![chart](../../assets/chart.png)
            """,
    })
    (source / "docs" / "assets").mkdir(parents=True)
    (source / "docs" / "assets" / "chart.png").write_bytes(png(20, 20))
    done = import_site(source, tmp_path / "new", options=NOW)
    # (with `blog_dir: .` the blog's index is the site's root: the home page)
    home = (done.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "Recent notes." in home
    post = (done.dest / "content" / "posts" / "rollout-workers" / "index.md").read_text(
        encoding="utf-8")
    assert 'aliases: ["/2024/05/rollout-workers.html"]' in post
    assert "![chart](chart.png)" in post
    setup = (done.dest / "content" / "pages" / "setup.md").read_text(encoding="utf-8")
    assert 'aliases: ["/guide/setup.html"]' in setup
    assert "(../posts/rollout-workers/index.md)" in setup
    assert done.report.warnings == []


def test_plugins_that_changed_pages_are_warnings(tmp_path: Path) -> None:
    """Plugins and hooks that changed pages (a hook replacing `{{ BEGIN_TOC }}` in a
    real notes site) are warnings: what they did is lost. Hooks were a notice."""
    source = tmp_path / "src"
    write_files(source, {"mkdocs.yml": "site_name: N\nplugins:\n  - search\n  - macros\n"
                                       "  - glightbox\n  - mkdocs-jupyter:\n"
                                       "      execute: false\n  - blogging:\n"
                                       "      dirs: [blog]\n  - statistics\n"
                                       "hooks:\n  - hooks/toc.py\n",
                         "docs/index.md": "# N\n"})
    done = import_site(source, tmp_path / "new")
    # (a notes site with mkdocs-statistics-plugin: its `{{ pages }}` showed as written,
    # unexplained; mkdocs-blogging-plugin's posts are posts: test_import_mkdocs_vaults.py)
    assert [(w.line, w.message.split(":")[0]) for w in done.report.warnings] == [
        (None, "plugin `macros`"), (None, "plugin `statistics`"),
        (11, "1 hook(s) (`hooks/toc.py`)")]
    assert "left out: `glightbox`" in report_of(done)


def test_extension_syntax_stays_as_written_without_its_extension(tmp_path: Path) -> None:
    """`++ctrl++` and `{++x++}` are keys and an insertion only with pymdownx.keys and
    pymdownx.critic; without them the old page showed them as written."""
    source = tmp_path / "src"
    write_files(source, {"mkdocs.yml": "site_name: N\n",
                         "docs/a.md": "# A\n\nPress ++ctrl+c++ to {++copy++}.\n\n"
                                      "!!! note\n\n    On a GPU.\n\n"
                                      "    *[GPU]: Graphics Processing Unit\n"})
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "pages" / "a.md").read_text(encoding="utf-8")
    assert "Press ++ctrl+c++ to {++copy++}." in text
    # (an abbreviation inside an admonition is one too)
    assert "*[GPU]" not in text and [w.line for w in done.report.warnings] == [9]


def test_pages_mkdocs_did_not_publish_are_left_out(tmp_path: Path) -> None:
    """`exclude_docs` and `draft_docs` (gitignore patterns), `templates/`, a README.md
    beside an index.md: MkDocs built none of them (two home pages failed the build)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": """\
            site_name: N
            exclude_docs: |
              drafts/
              *.tmp.md
              !keep.tmp.md
            draft_docs: |
              /notes/wip.md
            """,
        "docs/index.md": "# Home\n",
        "docs/README.md": "# Repo readme\n",
        "docs/drafts/idea.md": "# Idea\n",
        "docs/notes/scratch.tmp.md": "# Scratch\n",
        "docs/notes/keep.tmp.md": "# Keep\n",
        "docs/notes/wip.md": "# WIP\n",
        "docs/notes/done.md": "# Done\n",
        "docs/templates/page.md": "# Template\n",
    })
    done = import_site(source, tmp_path / "new")
    pages = sorted(p.name for p in (done.dest / "content" / "pages").iterdir())
    assert pages == ["done.md", "keep-tmp.md"]
    assert (done.dest / "content" / "_index.md").read_text(encoding="utf-8").startswith(
        "---\ntitle: Home\n")
    assert len([e for e in done.report.entries if e.message.endswith(": left out")]) == 5


def test_links_written_for_the_page_url(tmp_path: Path) -> None:
    """MkDocs rewrote links to files (`../python.md`); others the browser resolved from
    the page's URL, one folder deeper than its file with `use_directory_urls`: `../` in
    `time-series/tasks.md` (at `/time-series/tasks/`) is `/time-series/`, its index; the
    old heading id such a link names keeps answering."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: N\n",
        "docs/index.md": "# Home\n",
        "docs/time-series/index.md": "# Time series\n\n## The problem\n",
        "docs/time-series/tasks.md": (
            "# Tasks\n\nSee [the intro](../#the-problem) and "
            "[tips](../../engineering/python/#deps), [again](../engineering/python.md).\n"),
        # (`toc.slugify` made `#deps` of it, which the link names)
        "docs/engineering/python.md": "# Python\n\n## Deps（依赖）\n",
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "pages" / "tasks.md").read_text(encoding="utf-8")
    assert "[the intro](time-series.md#the-problem)" in text
    assert "[tips](python.md#deps), [again](python.md)" in text
    assert done.report.warnings == []
    assert list(build(done.dest, BuildOptions()).warnings) == []


def test_a_link_outside_the_docs_folder_keeps_its_text(tmp_path: Path) -> None:
    """MkDocs never published `src/x.cpp` (outside `docs/`): the link was broken there,
    and would fail Lanting's build; its text stays, with a warning."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/algo/divide.md": "# Divide\n\n[full code](../../src/divide.cpp) here.\n",
        "src/divide.cpp": "int main() {}\n",
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "pages" / "divide.md").read_text(encoding="utf-8")
    assert "full code here." in text and "divide.cpp" not in text
    assert [w.line for w in done.report.warnings] == [3]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_the_text_of_a_blog_index_is_not_dropped_silently(tmp_path: Path) -> None:
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: N\nplugins: [blog]\n",
        "docs/blog/index.md": "# Blog Board\n\nNotes on RL systems.\n\n- Reading notes\n",
    })
    done = import_site(source, tmp_path / "new")
    [warning] = done.report.warnings
    assert (warning.path, "3 line(s) of text" in warning.message) == ("docs/blog/index.md",
                                                                     True)


def test_pages_lanting_makes_itself_are_renamed_or_left_out(tmp_path: Path) -> None:
    """The tags plugin's `tags_file` is Lanting's /tags/; a page named `archive` would
    take Lanting's /archive/."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: N\nplugins:\n  - tags:\n      tags_file: tags.md\n",
        "docs/tags.md": "# Tags\n",
        "docs/archive.md": "# Old things\n",
    })
    done = import_site(source, tmp_path / "new")
    pages = sorted(p.name for p in (done.dest / "content" / "pages").iterdir())
    assert pages == ["archive-page.md"]
    assert list(build(done.dest, BuildOptions()).warnings) == []


# --- units ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("title", "unicode", "slug"), [
    ("Hello, World!", True, "hello-world"),
    ("PPO 的 Clip 目标", True, "ppo-的-clip-目标"),
    ("Two  spaces <em>tag</em>", True, "two--spaces-tag"),
    ("PPO 的 Clip 目标", False, "ppo-clip"),
    ("Café  au lait", False, "cafe-au-lait"),
])
def test_post_slugs_as_the_blog_plugin_makes_them(title: str, unicode: bool,
                                                  slug: str) -> None:
    """`pymdownx.slugs.slugify(case="lower")` (the plugin's default: Chinese kept, each
    space a `-`) and Python-Markdown's `toc.slugify` (ASCII only, spaces collapsed)."""
    assert blog_slugify(title, "-", unicode) == slug


def test_url_dates_follow_the_babel_pattern() -> None:
    assert babel_date("yyyy/MM/dd", 2024, 2, 9) == "2024/02/09"
    assert babel_date("yyyy/M", 2024, 2, 9) == "2024/2"
    assert babel_date("yyyy", 2024, 2, 9) == "2024"


def test_blog_settings_read_the_slugify_function_from_the_text() -> None:
    raw = ("plugins:\n  - blog:\n      blog_dir: notes\n      post_slugify: "
           "!!python/name:markdown.extensions.toc.slugify\n")
    config = {"plugins": [{"blog": {"blog_dir": "notes", "post_slugify": ""}}]}
    settings = blog_settings(config, raw)
    assert settings is not None and not settings.slug_unicode
    assert settings.categories_unicode  # (the default)
    assert settings.posts_folder() == "notes/posts"
    assert blog_settings({"plugins": ["search"]}, "") is None
    default = blog_settings({"plugins": ["material/blog"]}, "")
    assert default is not None and default.slug_unicode


def test_post_dates_as_a_mapping_and_categories_in_urls(tmp_path: Path) -> None:
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": """\
            site_name: N
            plugins:
              - blog:
                  post_url_format: "{categories}/{slug}"
                  post_url_max_categories: 2
            """,
        "docs/blog/posts/a.md": """\
            ---
            date:
              created: 2023-12-30T08:00:00+08:00
              updated: 2024-01-02
              reviewed: 2024-01-03
            categories: [Deep Learning, 注意力, Third]
            ---

            # Attention Sinks
            """,
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "posts" / "attention-sinks.md").read_text(encoding="utf-8")
    assert "date: 2023-12-30T08:00:00+08:00\nupdated: 2024-01-02\n" in text
    assert 'aliases: ["/blog/deep-learning/注意力/attention-sinks/"]' in text
    assert "`date.reviewed`" in report_of(done)


def test_a_missing_date_is_a_warning_at_its_file(tmp_path: Path) -> None:
    source = tmp_path / "src"
    write_files(source, {"mkdocs.yml": "site_name: N\nplugins: [blog]\n",
                         "docs/blog/posts/x.md": "# X\n\nText.\n"})
    done = import_site(source, tmp_path / "new")
    assert [w.path for w in done.report.warnings] == ["docs/blog/posts/x.md"]
    assert "no date Lanting can read" in done.report.warnings[0].message


def test_snippet_names() -> None:
    assert _snippet_parts("a.md") == ("a.md", None, "")
    assert _snippet_parts("a.py:3:9") == ("a.py", (3, 9), "")
    assert _snippet_parts("a.py:3") == ("a.py", (3, 10**9), "")
    assert _snippet_parts("a.py::9") == ("a.py", (1, 9), "")
    assert _snippet_parts("a.md:intro") == ("a.md", None, "intro")


def test_snippets_auto_appended_nested_and_escaped(tmp_path: Path) -> None:
    """`auto_append` files end every page (one of abbreviations only is left out, with
    one notice); a snippet may include another, by its path from `base_path`; `;--8<--`
    is the line as written; a missing section, like a missing file, showed nothing."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": """            site_name: N
            markdown_extensions:
              - pymdownx.snippets:
                  base_path: [includes]
                  auto_append: [footer.md, abbr.md]
            """,
        "includes/footer.md": "Licensed CC BY 4.0.\n",
        "includes/abbr.md": "*[GPU]: Graphics Processing Unit\n",
        "includes/outer.md": "Outer.\n--8<-- \"inner.md\"\n",
        "includes/inner.md": "Inner.\n",
        "docs/index.md": "# Home\n",
        "docs/page.md": """\
            # Page

            --8<-- "outer.md"

            ;--8<-- "inner.md"

            --8<-- "outer.md:nothing"
            """,
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "pages" / "page.md").read_text(encoding="utf-8")
    body = text.split("---\n", 2)[2]
    assert re.findall(r"^(?!<!--)\S.*$", body, re.MULTILINE) == [
        "Outer.", "Inner.", '--8<-- "inner.md"', "Licensed CC BY 4.0."]
    assert [w.line for w in done.report.warnings] == [7]
    assert "auto_append `abbr.md`: abbreviations only" in report_of(done)
    home = (done.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "Licensed CC BY 4.0." in home


def test_content_tabs_nest_and_skip_code(tmp_path: Path) -> None:
    ctx = Context(Report(tmp_path, "mkdocs"), tmp_path / "x.md", "")
    text = ('=== "A"\n\n    === "A1"\n\n        one\n\n    === "A2"\n\n        two\n\n'
            '=== "B"\n\n    b\n\n```md\n=== "C"\n    not a tab\n```\n')
    out = content_tabs(text, ctx)
    assert out.count(":::: tabs") == 1 and out.count("::: tabs") == 2
    assert '=== "C"' in out and "@tab C" not in out
    assert out.index(":::: tabs") < out.index("::: tabs")
    assert [line for line in out.split("\n") if line.startswith("@tab")] == [
        "@tab A", "@tab A1", "@tab A2", "@tab B"]


def test_heading_ids_as_python_markdowns_toc_makes_them() -> None:
    text = ("# 标题\n\n## Results\n\n```md\n## not a heading\n```\n\n## 推导 { #deriv }\n\n"
            "## Results\n\n## **实验** `x`\n")
    assert [a for _, a in toc_ids(text, False)] == ["_1", "results", "deriv", "results_1",
                                                      "x"]
    assert [a for _, a in toc_ids(text, True)] == ["标题", "results", "deriv", "results_1",
                                                     "实验-x"]


def test_first_heading_is_the_title() -> None:
    assert first_heading("\n# Title { #top }\n\nText.\n") == ("Title", "\n\nText.\n")
    assert first_heading("Intro.\n\n# Later\n") is None
    assert first_heading("# :material-rocket: **PPO** 与 [GAE](gae.md) `clip`\n") == (
        "PPO 与 GAE clip", "")


def test_an_image_keeps_its_attribute_list(site: tuple[Imported, Path]) -> None:
    """`![多头注意力](heads.png){ width="300" }` lost its size ("left out: Lanting sizes
    images itself"); Lanting reads attr_list now, so the importer keeps it."""
    _imported, out = site
    img = page(out, "/attention/").one("img", alt="多头注意力")
    assert (img["width"], img["height"]) == ("300", "300")


@pytest.mark.parametrize(("raw", "keeps"), [
    ("  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n"
     "        kwds: {}\n", True),
    ("  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n"
     "        kwds:\n          case: lower\n", False),
    ("  - toc:\n      slugify: !!python/name:pymdownx.slugs.uslugify\n", False),
    ("  - toc:\n      slugify: !!python/name:pymdownx.slugs.uslugify_cased\n", True),
    ("  - toc:\n      permalink: true\n", False),
])
def test_a_slugify_that_keeps_the_headings_case(raw: str, keeps: bool) -> None:
    """`pymdownx.slugs.slugify` applied with no `case` keeps it (its default is `none`):
    a site's links to `#RaoBlackwell-theorem` failed the build, as the ids were taken to
    be lower case."""
    assert toc_keeps_case(raw) is keeps
    text = "## Rao–Blackwell theorem\n\n## 中文 Title\n"
    assert [a for _, a in toc_ids(text, True, keeps)] == (
        ["RaoBlackwell-theorem", "中文-Title"] if keeps
        else ["raoblackwell-theorem", "中文-title"])


def test_a_name_several_folders_have_takes_its_folders(tmp_path: Path) -> None:
    """A notes site names the chapters of every course `chap1.md`, `chap2.md`, …: the
    second course's pages were `chap1-2` and so on, with a warning each (151 on a real
    site). A name several files share is `<folder>-<name>`; links and old URLs follow."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: N\n",
        "docs/index.md": "# Home\n\n[力学](Mechanics/chap1.md), [算法](Algorithm/chap1.md)\n",
        "docs/Mechanics/chap1.md": "# 第一章\n\nText.\n",
        "docs/Mechanics/index.md": "# 力学\n",
        "docs/Algorithm/chap1.md": "# Chapter one\n\nText.\n",
        "docs/Algorithm/README.md": "# 算法\n",
        "docs/Algorithm/unique.md": "# Unique\n",
    })
    done = import_site(source, tmp_path / "new")
    pages = sorted(p.name for p in (done.dest / "content/pages").iterdir())
    assert pages == ["algorithm-chap1.md", "algorithm.md", "mechanics-chap1.md",
                     "mechanics.md", "unique.md"]
    assert not [w for w in done.report.warnings if "is taken by" in w.message]
    home = (done.dest / "content/_index.md").read_text(encoding="utf-8")
    assert "(pages/mechanics-chap1.md)" in home and "(pages/algorithm-chap1.md)" in home
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    assert (tmp_path / "out/mechanics-chap1/index.html").is_file()


def test_paths_with_spaces_are_links_as_python_markdown_read_them(tmp_path: Path) -> None:
    """Python-Markdown reads a link's path up to its `)` or title, spaces and all:
    Typora's `note name.assets/image.png` showed on the MkDocs site. CommonMark ends the
    path at the space; the importer puts it in angle brackets, so the image is copied and
    the link leads to its page. One whose file is missing is reported at its line."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Kiui\nmarkdown_extensions:\n  - pymdownx.arithmatex\n",
        "docs/index.md": "# Home\n",
        "docs/readings/nerf notes.md": (
            "# NeRF notes\n\n"
            "![image-20210401](nerf notes.assets/image-20210401.png)\n\n"
            "See [the survey](3d reconstruction.md \"older notes\") and $\\bigl[a\\bigr](b c)$.\n\n"
            "![gone](nerf notes.assets/image-20210402.png)\n"),
        "docs/readings/3d reconstruction.md": "# 3D reconstruction\n",
        "docs/readings/nerf notes.assets/image-20210401.png": png(4, 3),
    })
    done = import_site(source, tmp_path / "new")
    assert [(w.line, w.message) for w in done.report.warnings] == [
        (7, "image `nerf notes.assets/image-20210402.png` not found: left as written")]
    text = (done.dest / "content" / "pages" / "nerf-notes.md").read_text(encoding="utf-8")
    assert "$\\bigl[a\\bigr](b c)$" in text
    text = text.replace("![gone](<nerf notes.assets/image-20210402.png>)\n", "")
    (done.dest / "content" / "pages" / "nerf-notes.md").write_text(text, encoding="utf-8")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html((done.dest / "public" / "nerf-notes" / "index.html").read_text(
        encoding="utf-8"))
    article = root.find("article") or root
    srcs = [img.get("src") for img in article.find_all("img")]
    assert len(srcs) == 1 and srcs[0].endswith("image-20210401.png")
    links = {a.text(): a.get("href") for a in article.find_all("a")}
    assert links["the survey"] == "/3d-reconstruction/"


def _ipynb(*cells: tuple[str, str]) -> str:
    import json
    return json.dumps({"nbformat": 4, "nbformat_minor": 5,
                       "metadata": {"language_info": {"name": "python"}},
                       "cells": [{"cell_type": kind, "metadata": {}, "source": source,
                                  **({"outputs": [], "execution_count": None}
                                     if kind == "code" else {})}
                                 for kind, source in cells]})


def test_mkdocs_jupyter_notebooks_are_notebook_pages(tmp_path: Path) -> None:
    """mkdocs-jupyter made pages of `.ipynb` files and of `.py` scripts read by jupytext
    (percent format, `# %%`; light format, blocks between blank lines): they were
    copied as files and every link to them failed the build. Each is a notebook page
    at its old URL, titled by its first `# heading`, its links and code kept."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: TS\nnav:\n  - Home: index.md\n"
                       "  - Trees: notebooks/tree_basics.ipynb\nplugins:\n"
                       "  - mkdocs-jupyter:\n      include: ['*.py', '*.ipynb']\n"
                       "      ignore: ['notebooks/.ipynb_checkpoints/*']\n"),
        "docs/index.md": "# Home\n\nSee [the RNN notebook](../notebooks/rnn/) first.\n",
        "docs/trees/tree.basics.md": (
            "# Tree basics\n\nCode: [notebook](../../notebooks/tree_basics).\n"),
        "docs/notebooks/tree_basics.ipynb": _ipynb(
            ("markdown", "# Trees in Code\n\nRead [the basics](../trees/tree.basics.md)."),
            ("code", "import numpy as np\nx = np.arange(3)")),
        "docs/notebooks/rnn.py": (
            "# ---\n# jupyter:\n#   kernelspec:\n#     display_name: dl\n"
            "#     language: python\n#     name: dl\n# ---\n\n"
            "# %% [markdown]\n# # An RNN\n#\n# The state is $h_t = \\tanh(W h_{t-1})$.\n\n"
            "# %%\n# %matplotlib inline\nimport torch\n\n\n"
            "# %%\ndef step(h):\n\n    return torch.tanh(h)\n"),
        "docs/notebooks/pendulum.py": (
            "# # A pendulum\n#\n# Its angle decays.\n\n"
            "import math\n\n\ndef angle(t):\n\n    return math.exp(-t)\n\n"
            "# ## Data\n\nangles = [angle(t) for t in range(3)]\n"),
        "docs/notebooks/.ipynb_checkpoints/rnn-checkpoint.ipynb": _ipynb(("code", "1")),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    pages = done.dest / "content" / "pages"
    # (`tree.basics.md` and `tree_basics.ipynb` make one slug: their folders part them)
    assert sorted(p.name for p in pages.glob("*.ipynb")) == [
        "notebooks-tree-basics.ipynb", "pendulum.ipynb", "rnn.ipynb"]
    assert (pages / "trees-tree-basics.md").is_file()
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    public = done.dest / "public"

    def article(url: str) -> Any:
        root = parse_html((public / url / "index.html").read_text(encoding="utf-8"))
        return root.find("article") or root

    rnn = article("rnn")
    assert rnn.one("h1").text() == "An RNN"
    assert rnn.find_all("math")
    code = " ".join(pre.text() for pre in rnn.find_all("pre"))
    assert "%matplotlib inline" in code and "def step(h):" in code
    assert "return torch.tanh(h)" in code
    pendulum = article("pendulum")
    assert pendulum.one("h1").text() == "A pendulum"
    assert [h.text() for h in pendulum.find_all("h2")] == ["Data"]
    code = [pre.text() for pre in pendulum.find_all("pre")]
    assert any("def angle(t):" in c and "return math.exp(-t)" in c for c in code)
    links = {a.text(): a.get("href") for a in article("trees-tree-basics").find_all("a")}
    assert links["notebook"] == "/notebooks-tree-basics/"
    links = {a.text(): a.get("href") for a in article("notebooks-tree-basics").find_all("a")}
    assert links["the basics"] == "/trees-tree-basics/"
    home = {a.text(): a.get("href") for a in article("").find_all("a")}
    assert home["the RNN notebook"] == "/rnn/"
    assert (public / "notebooks" / "rnn" / "index.html").is_file()  # (its old URL)
    assert not (public / "rnn-checkpoint").exists()
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert {"name": "Trees", "url": "/notebooks-tree-basics/"} in config["menu"]


def test_a_menu_entry_follows_a_page_that_keeps_its_old_case(tmp_path: Path) -> None:
    """`docs/ICS/index.md` answered at `/ICS/`; the new page keeps that case (an alias
    differing only in case would be its own folder on macOS). The menu was made before,
    with `/ics/`, and the build failed: "menu.1.url: `/ics/` is not a page"."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nnav:\n  - Home: index.md\n  - System:\n"
                       "    - ICS/index.md\n    - Bits: ICS/ICS-1.md\n"),
        "docs/index.md": "# Notes\n",
        "docs/ICS/index.md": "# 计算机系统概论\n",
        "docs/ICS/ICS-1.md": "# Bits\n",
    })
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    # (the section is a drop-down: the URL its entry follows is one of its list's)
    assert {"name": "System", "children": [{"name": "计算机系统概论", "url": "/ICS/"},
                                           {"name": "Bits", "url": "/ics-1/"}]} \
        in config["menu"]
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert (done.dest / "public" / "ICS" / "index.html").is_file()


def test_an_unclosed_display_formula_puts_no_later_one_out_of_step(tmp_path: Path) -> None:
    """With pymdownx.caret (or tilde), formulas are put aside before `x^2^` is read. A
    `$$` left unclosed by its writer took every later `$$` out of step, so a display's
    `F[f](\\lambda-a)` was read as a link, "dead", and dropped: `$$…=Ff$$`."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: PDE\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n"
                       "      generic: true\n  - pymdownx.caret\n"),
        "docs/index.md": "# PDE\n",
        "docs/fourier.md": ("# Fourier\n\n$$F[a f_1]=a F[f_1$ 写错了\n\n平移：\n\n"
                            "$$F[e^{iax}f(x)]=F[f](\\lambda-a)$$\n\n2^10^ 次。\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert "lambda" not in report_of(done)
    text = (done.dest / "content" / "pages" / "fourier.md").read_text(encoding="utf-8")
    assert "$$F[e^{iax}f(x)]=F[f](\\lambda-a)$$" in text and "2<sup>10</sup>" in text


def test_nav_sections_are_drop_downs(tmp_path: Path) -> None:
    """Material shows a top-level `nav` section as a tab over its pages: here a drop-down
    of them. A section of one page is that page; a section inside a section, its first
    page (noted: a drop-down has one level); a page the site lacks is left out."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nnav:\n  - Home: index.md\n  - 强化学习:\n"
                       "    - rl/index.md\n    - 策略梯度: rl/pg.md\n"
                       "    - 进阶:\n      - rl/ppo.md\n      - rl/grpo.md\n"
                       "    - 没有的页: rl/missing.md\n"
                       "    - Spinning Up: https://spinningup.example.org/\n"
                       "  - 工具:\n    - tools/nccl.md\n"),
        "docs/index.md": "# Notes\n",
        "docs/rl/index.md": "# 强化学习笔记\n",
        "docs/rl/pg.md": "# Policy Gradient\n",
        "docs/rl/ppo.md": "# PPO\n",
        "docs/rl/grpo.md": "# GRPO\n",
        "docs/tools/nccl.md": "# NCCL 调试\n",
    })
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["menu"] == [
        {"name": "强化学习", "children": [
            {"name": "强化学习笔记", "url": "/rl/"}, {"name": "策略梯度", "url": "/pg/"},
            {"name": "进阶", "url": "/ppo/"},
            {"name": "Spinning Up", "url": "https://spinningup.example.org/"}]},
        {"name": "工具", "url": "/nccl/"}]
    report = report_of(done)
    assert "nav section `进阶` inside a section" in report
    assert "nav entry `没有的页` left out: `rl/missing.md` is not in" in report
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    nav = page(done.dest / "public", "/pg/").find("details")
    assert nav.find("summary").text() == "强化学习"
    assert [a.text() for a in nav.find_all("a")] == ["强化学习笔记", "策略梯度", "进阶",
                                                     "Spinning Up"]


def test_a_quote_is_its_whole_block_as_python_markdown_reads_it(tmp_path: Path) -> None:
    """`> $$` with the formula's lines unmarked was one quoted formula on the MkDocs
    site (a block starting with `>` is a quote on every line). CommonMark ended the
    quote at `> $$`: the closing `$$` opened a formula that ran to the next quote's,
    swallowing the text between ("Unexpected $" on a real course-notes site)."""
    algorithm = ("> 3. 如果 $y_i(w \\cdot x_i + b)\\leq 0$, 则\n>\n> $$\n\\begin{align*}\n"
                 "w & \\leftarrow w + \\eta y_i x_i\n\\end{align*}\n$$\n>\n> 4. 转至 2。\n")
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: ML\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n"
                      "      generic: true\n",
        "docs/index.md": "# ML\n",
        "docs/perceptron.md": ("# 感知机\n\n" + algorithm + "\n正例 $x_1=(3,3)^\\top$。\n\n"
                               + algorithm.replace("3. ", "5. ").replace("4. ", "6. ")),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html((done.dest / "public" / "perceptron" / "index.html").read_text(
        encoding="utf-8"))
    quotes = root.find_all("blockquote")
    assert len(quotes) == 2
    for quote in quotes:
        assert len(quote.find_all("math")) == 2  # (the inline one and the display one)
        assert any("转至 2。" in li.text() for li in quote.find_all("li"))
    assert "$$" not in root.text()


def test_pages_a_password_hid_are_drafts(tmp_path: Path) -> None:
    """encryptcontent hid pages behind a password (`password:`, or a `level` of its
    `password_inventory`); the import published them for anyone to read. They are
    drafts, each with a warning at its key; a menu entry to one is left out."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nnav:\n  - index.md\n  - Diary: diary.md\n"
                       "plugins:\n  - encryptcontent:\n      password_inventory:\n"
                       "        secret: '0506'\n"),
        "docs/index.md": "# Notes\n\nSee [my diary](diary.md) and [plans](plans.md).\n",
        # (a link by the page's URL, `/journal/` + `2024-01/`, as the toc hook wrote them)
        "docs/journal.md": "# Journal\n\n- [January](2024-01/)\n",
        "docs/journal/2024-01.md": "---\nlevel: secret\n---\n# January\n\nPrivate.\n",
        "docs/diary.md": "---\nlevel: secret\n---\n# Diary\n\nPrivate.\n",
        "docs/plans.md": "---\ntitle: Plans\npassword: hunter2\n---\n\nPrivate too.\n",
        "docs/open.md": "---\nlevel: public\n---\n# Open\n\nFor all.\n",
    })
    done = import_site(source, tmp_path / "new")
    locked = [(w.path, w.line) for w in done.report.warnings if "password hid" in w.message]
    assert sorted((str(p), line) for p, line in locked) == [
        ("docs/diary.md", 2), ("docs/journal/2024-01.md", 2), ("docs/plans.md", 3)]
    pages = done.dest / "content" / "pages"
    for name in ("diary", "plans"):
        assert "draft: true" in (pages / f"{name}.md").read_text(encoding="utf-8")
    assert "draft" not in (pages / "open.md").read_text(encoding="utf-8")
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    public = done.dest / "public"
    assert not (public / "diary").exists() and not (public / "plans").exists()
    assert (public / "open" / "index.html").is_file()
    assert "Private" not in (public / "index.html").read_text(encoding="utf-8")
    journal = parse_html((public / "journal" / "index.html").read_text(encoding="utf-8"))
    assert "January" in journal.one("main").text()
    assert not [a for a in journal.one("main").find_all("a") if a.text() == "January"]


def test_the_toc_hooks_lists_are_lists_of_links(tmp_path: Path) -> None:
    """Course-notes sites share a `toc.py` hook that made a table of contents of the YAML
    between `{{ BEGIN_TOC }}` and `{{ END_TOC }}`; the markers and the YAML showed as
    written. They are a nested list of links to the pages (`[note]` dropped)."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nhooks:\n  - hooks/toc.py\n",
        "hooks/toc.py": 'MARK = "{{ BEGIN_TOC }}"  # (the hook: replaced it with HTML)\n',
        "docs/index.md": ("# Notes\n\n{{ BEGIN_TOC }}\n- 计算机系统[note]:\n"
                          "    - index: cs/\n    - 数据表示[note]: cs/bits/\n"
                          "    - 🔒汇编: cs/asm\n- 数学:\n    - 线性代数: math/linear-algebra/\n"
                          "{{ END_TOC }}\n"),
        "docs/cs/index.md": "# 计算机系统\n",
        "docs/cs/bits.md": "# 数据表示\n",
        "docs/cs/asm.md": "# 汇编\n",
        "docs/math/linear-algebra.md": "# 线性代数\n",
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "BEGIN_TOC" not in text and "[note]" not in text
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html((done.dest / "public" / "index.html").read_text(encoding="utf-8"))
    links = [(a.text(), a.get("href")) for a in root.one("main").find_all("a")
             if a.get("href", "").endswith("/") and a.text() != "Notes"]
    assert links == [("计算机系统", "/cs/"), ("数据表示", "/bits/"), ("🔒汇编", "/asm/"),
                     ("线性代数", "/linear-algebra/")]
    assert [s.text() for s in root.one("main").find_all("strong")] == ["数学"]


def test_a_docs_folder_a_script_makes_points_to_the_notes_reader(tmp_path: Path) -> None:
    """A Foam workspace's `mkdocs.yml` names `docs/`, which its own script makes from the
    notes beside it: the repository has no `docs/`. The import said "nothing to import"
    and no more; it names the reader that finds the notes now."""
    source = tmp_path / "foam"
    write_files(source, {"mkdocs.yml": "site_name: Notes\ndocs_dir: docs\n",
                         "notes/attention.md": "# Attention\n\nSee [[transformers]].\n",
                         "notes/transformers.md": "# Transformers\n\nText.\n"})
    imported = import_site(source, tmp_path / "new", "mkdocs", True)
    [warning] = [w.message for w in imported.report.warnings]
    assert warning.startswith("no docs folder `docs`: nothing to import")
    assert "`--from notes`" in warning
    as_notes = import_site(source, tmp_path / "notes", "notes", True)
    assert len(as_notes.report.warnings) == 0, report_of(as_notes)
    assert {"content/pages/attention.md", "content/pages/transformers.md"} <= set(as_notes.files)
    empty = tmp_path / "empty"
    write_files(empty, {"mkdocs.yml": "site_name: Notes\n"})
    [bare] = [w.message for w in import_site(empty, tmp_path / "e", "mkdocs", True)
              .report.warnings]
    assert bare == "no docs folder `docs`: nothing to import"
