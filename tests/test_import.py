"""`lanting import`: the fixture sites under tests/fixtures/import/ (each shaped like a real
Jekyll, al-folio, Hugo, Hugo Blox, Hexo, Quarto, MkDocs, Jupyter Book, Docusaurus,
VitePress, VuePress or Quartz site) import, then build with no error, no template syntax
left in any page's text, every image present, drafts and unpublished posts not published, and
every old post URL answering — all checked on the parsed output."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shutil
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from htmltree import Element, parse_html
from sitebits import png, read, write_files

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import UsageError
from lanting.importer import KINDS, Imported, detect, import_site
from lanting.importer.common import Options

FIXTURES = Path(__file__).parent / "fixtures" / "import"
NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
"""A fixed "now": posts dated in the future or expired stay so."""


@dataclass(frozen=True)
class Case:
    kind: str
    old_urls: tuple[str, ...]
    """Old URLs of published posts and pages (as a browser sends them)."""
    drafts: tuple[str, ...]
    """Slugs of posts the old site did not publish."""
    images: dict[str, int]
    """New page URL -> how many images (at least) it shows."""
    allowed_warnings: tuple[str, ...] = ()
    """Build warnings the fixture is expected to give (a part of the message)."""
    unlisted: dict[str, str] | None = None
    """Old URL -> source file of each post the old site built but listed nowhere
    (`hidden: true`)."""
    listings: dict[str, str] | None = None
    """Old URL of a tag, category or archive page -> the new page answering it."""


CASES = {
    "jekyll": Case(
        "jekyll",
        ("/rl/2023/09/12/ppo-clip-objective.html",
         "/rl/notes/2023/10/03/gae-and-td-lambda.html", "/notes/gae/",
         "/ml%20systems/2024/02/29/nccl-ring-allreduce.html",
         "/ml systems/2024/02/29/nccl-ring-allreduce.html",
         "/2024/05/20/zero3.html", "/systems/cuda/2024/06/02/CUDA-Graphs-in-PyTorch.html",
         "/about/"),
        ("flash-attention-io", "vllm-paged-attention"),
        {"/posts/ppo-clip-objective/": 1, "/posts/gae-and-td-lambda/": 2,
         "/posts/nccl-ring-allreduce/": 1, "/posts/zero3/": 1}),
    "al-folio": Case(
        "al-folio",
        ("/blog/2024/grpo-without-critic/", "/blog/2024/kl-estimators/",
         "/blog/2024/rollout-throughput/", "/blog/2024/rl-debug-checklist/",
         "/blog/2024/zhihu-crosspost/", "/blog/2023/advantage-notebook/"),
        ("dapo-reading", "entropy-collapse"),
        {"/blog/2024/grpo-without-critic/": 1, "/": 1},
        ("Mermaid diagrams shown as their code",),
        {"/blog/2024/rl-debug-checklist/": "_posts/2024-09-05-rl-debug-checklist.md"},
        # jekyll-archives-v2 as al-folio configures it: /blog/:year/, /blog/:type/:name/.
        {"/blog/2024/": "/archive/", "/blog/2023/": "/archive/",
         "/blog/tag/rl/": "/tags/rl/", "/blog/tag/grpo/": "/tags/grpo/",
         "/blog/category/notes/": "/categories/notes/"}),
    "academicpages": Case(
        "al-folio",
        ("/posts/2012/08/blog-post-1/", "/posts/2013/08/blog-post-2/",
         "/posts/2014/08/blog-post-3/", "/talks/2012-03-01-talk-1",
         "/talks/2014-02-01-talk-2", "/cv/"),
        (),
        {},
        # the pages of `_publications/` answer at the entries' pages
        listings={"/publication/2009-10-01-paper-title-number-1/":
                  "/publications/okafor2009lease/",
                  "/publication/2010-10-01-paper-title-number-2/":
                  "/publications/2010-10-01-paper-title-number-2/",
                  "/publication/2015-workshop/": "/publications/2015-workshop/"}),
    "hugo": Case(
        "hugo",
        ("/posts/2024/01/ring-allreduce/",
         "/posts/2024/02/megatron-%E5%BC%A0%E9%87%8F%E5%B9%B6%E8%A1%8C%E5%88%97%E5%88%87"
         "%E5%88%86%E4%B8%8E%E8%A1%8C%E5%88%87%E5%88%86/",
         "/posts/2024/02/megatron-张量并行列切分与行切分/", "/tp/", "/2024/02/tensor-parallel/",
         "/posts/2024/03/pipeline-bubbles/", "/notes/nccl-debug/"),
        ("sequence-parallel", "gpu-rental-prices", "moe-routing"),
        {"/posts/2024/01/ring-allreduce/": 1, "/posts/2024/02/tensor-parallel/": 1,
         "/posts/2024/03/pipeline-bubbles/": 1}),
    "hugo-blox": Case(
        "hugo-blox",
        ("/post/grpo-from-scratch/", "/post/vllm-sleep-mode/", "/post/vllm-weight-sync/",
         "/post/kl-penalty/",
         "/talk/grpo-%E8%AE%AD%E7%BB%83%E4%B8%BA%E4%BB%80%E4%B9%88%E4%BC%9A%E5%B4%A9"
         "acl-2025-%E5%8F%A3%E5%A4%B4%E6%8A%A5%E5%91%8A/",
         "/publication/grpo-stability/", "/publication/rollout-scheduling/",
         "/publication/kv-offload/", "/uploads/resume.pdf"),
        ("reading-list-2024",),
        {"/post/grpo-from-scratch/": 1, "/post/vllm-sleep-mode/": 1, "/": 1}),
    "hugo-multilingual": Case(
        "hugo",
        # Both languages, as Hugo published them: Chinese at the root, English under /en/.
        ("/posts/2024/01/ring-allreduce/", "/posts/2024/03/zero-bubble/",
         "/posts/2024/05/kv-cache/",
         "/posts/2024/06/%E8%AE%AD%E7%BB%83%E6%98%BE%E5%AD%98%E6%80%8E%E4%B9%88%E4%BC%B0%E7%AE%97/",
         "/about/", "/en/posts/2024/01/ring-allreduce/",
         "/en/posts/2024/03/zero-bubble-pipeline/", "/en/posts/zero-bubble/",
         "/en/posts/2024/06/estimating-training-memory/", "/en/posts/2024/08/flash-decoding/",
         "/flash-decoding/", "/en/about/"),
        ("speculative-decoding",),
        {"/posts/2024/01/ring-allreduce/": 1, "/en/posts/2024/01/ring-allreduce/": 1},
        listings={"/archives/": "/archive/", "/en/archives/": "/en/archive/"}),
    "hexo": Case(
        "hexo",
        ("/posts/5f3a9c1e.html", "/posts/9b21e07d.html", "/posts/c4e8a210.html", "/nccl-env/",
         "/about/"),
        ("读论文-dapo", "flashattention-手推"),
        {"/posts/ppo-算法详解/": 1, "/posts/gae-广义优势估计/": 1,
         "/posts/verl-源码阅读-01-整体架构/": 2},
        unlisted={"/nccl-env/": "source/_posts/NCCL-环境变量速查.md"},
        # `category_dir: categories` with `category_map` (技术: tech, …), nested
        # categories (a page per level), `archive_dir: archives` by year and by month.
        listings={"/archives/": "/archive/", "/archives/2023/": "/archive/",
                  "/archives/2023/09/": "/archive/", "/archives/2024/02/": "/archive/",
                  "/categories/tech/": "/categories/",
                  "/categories/tech/rl/": "/categories/强化学习/",
                  "/categories/tech/deep-learning/": "/categories/深度学习/",
                  "/categories/tech/source-code/": "/categories/框架源码/",
                  "/categories/notes/": "/categories/笔记/",
                  "/tags/%E5%BC%BA%E5%8C%96%E5%AD%A6%E4%B9%A0/": "/tags/强化学习/",
                  "/tags/verl/": "/tags/verl/"}),
    "quarto": Case(
        "quarto",
        # Quarto's URLs: a post folder's `index.html` (with or without the name), a
        # page's `.html`.
        ("/posts/ppo-clip/", "/posts/ppo-clip/index.html", "/posts/gae-notes/",
         "/posts/notebook-post/", "/posts/rollout-sketch/index.html", "/about.html"),
        ("draft-idea",),
        # the freeze's figure, the figure div's image, the notebook's image
        {"/posts/ppo-clip/": 1, "/posts/gae-notes/": 1, "/posts/notebook-post/": 1},
        ("is a cell Quarto runs",)),
    "mkdocs": Case(
        "mkdocs",
        # the blog plugin's `{date}/{slug}` under `blog/` (the slug from the title, Chinese
        # kept by `pymdownx.slugs`; `slug:` when given), a page's folder URL
        ("/blog/2024/01/31/ppo-%E7%9A%84-clip-%E7%9B%AE%E6%A0%87/",
         "/blog/2024/01/31/ppo-的-clip-目标/", "/blog/2024/02/29/nccl-ring/",
         "/notes/attention/"),
        ("还没写完的想法",),
        {"/posts/ppo-的-clip-目标/": 1, "/attention/": 1},
        # the blog plugin's category and archive pages
        listings={"/blog/category/%E5%88%86%E5%B8%83%E5%BC%8F/": "/categories/分布式/",
                  "/blog/category/强化学习/": "/categories/强化学习/",
                  "/blog/archive/2024/": "/archive/"}),
    "vitepress": Case(
        "vitepress",
        # `cleanUrls`: `/guide/install` and its file `/guide/install.html`; a folder's
        # `index.md` at the folder
        ("/posts/ring-allreduce.html", "/posts/data-parallel", "/guide/install",
         "/guide/install.html", "/about.html", "/guide/", "/posts/pipeline-bubble.html"),
        ("moe-draft",),
        {"/posts/ring-allreduce/": 1, "/": 1}),
    "vuepress": Case(
        "vuepress",
        # hope's `.html` URLs, a `README.md` at its folder, a front-matter `permalink`
        ("/pages/ppo-clip/", "/posts/rl/ppo.html", "/posts/rl/gae.html", "/guide/",
         "/posts/rl/grpo.html"),
        (),
        {"/posts/ppo/": 1, "/posts/grpo/": 1}),
    "quartz": Case(
        "quartz",
        # a note's path with spaces as `-` (`.html`, as hosts answer it), a folder, an alias
        ("/ML-笔记/注意力机制.html", "/ML-%E7%AC%94%E8%AE%B0/Transformer-%E7%AC%94%E8%AE%B0.html",
         "/系统/NCCL-调优.html", "/ML-笔记/", "/系统/", "/attention.html"),
        (),  # (drafts are not imported at all: Quartz published nothing of them)
        {"/posts/注意力机制/": 1, "/posts/梯度累积/": 1}),
}


@dataclass(frozen=True)
class Built:
    imported: Imported
    result: BuildResult
    out: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Any:
    cache: dict[str, Built] = {}

    def get(kind: str) -> Built:
        if kind not in cache:
            dest = tmp_path_factory.mktemp(kind) / "site"
            imported = import_site(FIXTURES / kind, dest, None, False, NOW)
            result = build(dest, BuildOptions())
            cache[kind] = Built(imported, result, dest / "public")
        return cache[kind]

    return get


# --- reading the output ------------------------------------------------------------------


def pages(out: Path) -> dict[str, Element]:
    """Every HTML page by its URL (redirect pages and the 404 page left out)."""
    found = {}
    for path in sorted(out.rglob("*.html")):
        doc = parse_html(path.read_text(encoding="utf-8"))
        if any(m.get("http-equiv") == "refresh" for m in doc.find_all("meta")):
            continue
        rel = path.relative_to(out).as_posix()
        found["/" + rel.removesuffix("index.html")] = doc
    return found


SKIP_TEXT = frozenset({"pre", "code", "script", "style", "template", "math", "svg"})
TEMPLATE = re.compile(r"\{\{|\{%|%\}|\{:|\{\{<|>\}\}")


def prose(element: Element) -> str:
    """The text a reader sees outside code, scripts and math."""
    parts = []
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.tag not in SKIP_TEXT and "katex" not in " ".join(child.classes):
            parts.append(prose(child))
    return " ".join(parts)


def answer(out: Path, url: str) -> Path:
    """The output file answering `url`, following a redirect page to its target."""
    url = url.split("#", 1)[0]
    path = out / unquote(url).lstrip("/")
    if url.endswith("/") or path.is_dir():
        path = path / "index.html"
    assert path.is_file(), f"{url} answers nothing"
    doc = parse_html(path.read_text(encoding="utf-8"))
    refresh = [m for m in doc.find_all("meta") if m.get("http-equiv") == "refresh"]
    if refresh:
        target = refresh[0]["content"].split("url=", 1)[1]
        if target.startswith(("http://", "https://")):
            return path
        return answer(out, urljoin(url, target))
    return path


def image_sources(doc: Element) -> list[str]:
    found = []
    for element in doc.iter():
        if element.tag == "img" and element.get("src"):
            found.append(element["src"])
        for attr in ("srcset",):
            for part in (element.get(attr) or "").split(","):
                if part.strip():
                    found.append(part.split()[0])
    return found


# --- the checks ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(CASES))
def test_import_then_build_has_no_problem(kind: str, built: Any) -> None:
    case, done = CASES[kind], built(kind)
    unexpected = [str(w) for w in done.result.warnings
                  if not any(a in str(w) for a in case.allowed_warnings)]
    assert unexpected == []
    assert done.imported.report.counts["posts"] >= 3


@pytest.mark.parametrize("kind", sorted(CASES))
def test_no_template_syntax_left_in_any_page(kind: str, built: Any) -> None:
    left = {}
    for url, doc in pages(built(kind).out).items():
        body = doc.find("main") or doc
        found = TEMPLATE.findall(prose(body))
        if found:
            left[url] = found
    assert left == {}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_image_is_present(kind: str, built: Any) -> None:
    case, done = CASES[kind], built(kind)
    shown = pages(done.out)
    for url, doc in shown.items():
        for src in image_sources(doc):
            if src.startswith(("http://", "https://", "data:")):
                continue
            target = unquote(urljoin(url, src).split("#")[0].split("?")[0])
            assert (done.out / target.lstrip("/")).is_file(), f"{url}: image {src} missing"
    for url, count in case.images.items():
        main = shown[url].find("main") or shown[url]
        assert len([e for e in main.iter() if e.tag == "img"]) >= count, url


@pytest.mark.parametrize("kind", sorted(CASES))
def test_unpublished_posts_stay_unpublished(kind: str, built: Any) -> None:
    case, done = CASES[kind], built(kind)
    posts = done.imported.dest / "content" / "posts"
    shown = pages(done.out)
    for slug in case.drafts:
        [source] = [p for p in posts.rglob("*.md")  # `x.en.md`: a translation
                    if slug in (p.stem, p.stem.rsplit(".", 1)[0], p.parent.name)]
        head = source.read_text(encoding="utf-8").split("\n---\n", 1)[0]
        assert re.search(r"^draft: true$", head, re.MULTILINE)
        title = re.search(r"^title: (.*)$", head, re.MULTILINE)
        assert title is not None
        name = title.group(1).strip('"')
        assert [u for u, doc in shown.items() if name in doc.text()] == []
        assert not any(p.is_dir() for p in done.out.rglob(slug))


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_old_url_answers(kind: str, built: Any) -> None:
    case, done = CASES[kind], built(kind)
    for url in case.old_urls:
        answer(done.out, url)


UNLISTED = sorted(k for k, case in CASES.items() if case.unlisted)
LISTINGS = sorted(k for k, case in CASES.items() if case.listings)


@pytest.mark.parametrize("kind", LISTINGS)
def test_old_listing_pages_answer(kind: str, built: Any) -> None:
    """The old tag, category and archive pages redirect to Lanting's (`[redirects]`),
    which no sitemap lists."""
    case, done = CASES[kind], built(kind)
    sitemap = [unquote(urlsplit(loc.text or "").path) for loc in ET.parse(
        done.out / "sitemap.xml").getroot().iter(
            "{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    for old, new in (case.listings or {}).items():
        page = answer(done.out, old)
        assert "/" + page.relative_to(done.out).as_posix() == new + "index.html", old
        if unquote(old) != new:
            assert unquote(old) not in sitemap
        year = next((part for part in old.split("/") if re.fullmatch(r"\d{4}", part)), "")
        if new == "/archive/" and year:  # at the year's heading
            redirect = parse_html((done.out / old.lstrip("/") / "index.html").read_text(
                encoding="utf-8"))
            [refresh] = [m["content"] for m in redirect.find_all("meta")
                         if m.get("http-equiv") == "refresh"]
            assert refresh == f"0; url=/archive/#archive-{year}"
            doc = parse_html(page.read_text(encoding="utf-8"))
            assert doc.find(id=f"archive-{year}") is not None


@pytest.mark.parametrize("kind", UNLISTED)
def test_hidden_posts_answer_but_are_listed_nowhere(kind: str, built: Any) -> None:
    """`hidden: true` (built, not listed) becomes `unlisted: true`: the old URL answers
    the post, marked noindex, and no listing, feed, sitemap or search index shows it."""
    case, done = CASES[kind], built(kind)
    report = done.imported.report.format(done.imported.dest, False)
    for old, source in (case.unlisted or {}).items():
        assert re.search(rf"{re.escape(source)}:\d+: notice: `hidden: true`: imported as "
                         r"`unlisted: true`", report)
        path = answer(done.out, old)
        doc = parse_html(path.read_text(encoding="utf-8"))
        assert [m["content"] for m in doc.find_all("meta") if m.get("name") == "robots"] \
            == ["noindex"]
        url = "/" + path.parent.relative_to(done.out).as_posix() + "/"
        rel = url.lstrip("/")
        for listing in ("", "blog/", "archive/", "tags/", "categories/"):
            listed = parse_html((done.out / listing / "index.html").read_text(
                encoding="utf-8"))
            assert url not in {a.get("href") for a in listed.find_all("a")}, listing
        for term in (*(done.out / "tags").glob("*/index.html"),
                     *(done.out / "categories").glob("*/index.html")):
            doc = parse_html(term.read_text(encoding="utf-8"))
            assert url not in {a.get("href") for a in doc.find_all("a")}, term
        feed = [unquote(urlsplit(link.get("href") or "").path) for link in ET.parse(
            done.out / "atom.xml").getroot().iter("{http://www.w3.org/2005/Atom}link")]
        assert url not in feed and len(feed) > 3
        sitemap = [unquote(urlsplit(loc.text or "").path) for loc in ET.parse(
            done.out / "sitemap.xml").getroot().iter(
                "{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
        assert url not in sitemap and old not in sitemap and len(sitemap) > 3
        searchable = {row[0] for docs in (done.out / "search-index").glob("*/docs.json")
                      for row in json.loads(docs.read_text(encoding="utf-8"))["docs"]}
        assert rel not in searchable and len(searchable) > 3


@pytest.mark.parametrize(("kind", "url", "href", "text"), [
    ("hexo", "/posts/nccl-环境变量速查/",
     "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html",
     "NCCL Environment Variables (2.19) - NVIDIA Docs"),
    ("jekyll", "/posts/nccl-ring-allreduce/", "https://github.com/baidu-research/baidu-allreduce",
     "Ring AllReduce (Baidu, 2017)"),
])
def test_escaped_parentheses_stay_parentheses(kind: str, url: str, href: str, text: str,
                                              built: Any) -> None:
    """`\\(…\\)` in a link title was a pair of escaped parentheses to the old renderer; to
    Lanting it would be a formula (the words in italic math, the parentheses gone)."""
    doc = pages(built(kind).out)[url]
    link = next(a for a in doc.find_all("a") if a.get("href") == href)
    assert link.text() == text and link.find("math") is None


def test_a_kramdown_table_opening_with_a_separator_is_a_table(built: Any) -> None:
    """kramdown ignores a separator line before a table's first row; GFM showed it as a
    stray `| --- | --- |` paragraph above the table."""
    doc = pages(built("jekyll").out)["/posts/nccl-ring-allreduce/"]
    table = doc.one("div", class_="prose").find_all("table")[-1]
    assert [th.text() for th in table.find_all("th")] == ["拓扑", "带宽"]
    assert len(table.find_all("tr")) == 3
    assert "---" not in doc.one("div", class_="prose").text()


@pytest.mark.parametrize(("kind", "url", "target"), [
    ("hexo", "/posts/ppo-算法详解/", "/posts/nccl-环境变量速查/"),
    ("jekyll", "/posts/nccl-ring-allreduce/", "/posts/zero3/"),  # jekyll-relative-links
])
def test_a_link_to_a_sibling_post_file_follows_it_into_a_bundle(
        kind: str, url: str, target: str, built: Any) -> None:
    """`[速查表](NCCL-环境变量速查.md)` in a post that becomes a bundle (`…/index.md`): the
    link was left relative to the old folder, a broken link in the new site."""
    doc = pages(built(kind).out)[url]
    assert target in [unquote(a.get("href") or "") for a in doc.find_all("a")]


def test_a_code_block_inside_a_raw_block_keeps_its_template_syntax(built: Any) -> None:
    doc = pages(built("jekyll").out)["/posts/nccl-ring-allreduce/"]
    yaml = next(p for p in doc.find_all("pre") if "NCCL_IB_HCA" in p.raw_text())
    assert 'value: "{{ .Values.nccl.hca }}"' in yaml.raw_text()
    assert "`" not in yaml.raw_text()

def test_a_quarto_post_shows_its_frozen_outputs_and_citations(built: Any) -> None:
    """A post Quarto executed is read from its freeze: the figure its cell drew (from
    `_freeze/…/figure-html/`, labelled `#fig-clip` for `@fig-clip`), not the cell
    alone; `[@key]` cites the project's `references.bib` or the post's own `.bib`."""
    done = built("quarto")
    shown = pages(done.out)
    ppo = shown["/posts/ppo-clip/"]
    figure = ppo.find(id="fig-clip")
    assert figure is not None and figure.find("img") is not None
    assert "#fig-clip" in {a.get("href") for a in ppo.find_all("a")}
    assert ppo.find(id="ref-schulman2017ppo") is not None
    gae = shown["/posts/gae-notes/"]
    assert gae.find(id="ref-schulman2016gae") is not None
    assert [label.text() for label in gae.find_all("label")] == ["NumPy", "Formula"]
    assert (done.out / "posts" / "gae-notes" / "gae-derivation.pdf").is_file()
    assert (done.out / "posts" / "notebook-post" / "images" / "loss.png").is_file()
    config = tomllib.loads((done.imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "https://gradient-notes.example.org/"
    assert config["profile"] == {"name": "Mira Okafor", "photo": "/profile.png",
                                 "email": "mira@example.org"}
    # (`Elsewhere`'s `menu:`: a drop-down; the navbar's `Posts`, to the listing page
    # `index.qmd`, names the blog)
    assert config["menu"] == [
        {"name": "Posts", "url": "/blog/"}, {"name": "About", "url": "/about/"},
        {"name": "Elsewhere", "children": [{"name": "Lab page",
                                            "url": "https://lab.example.org"}]}]
    report = done.imported.report.format(done.imported.dest, False)
    assert re.search(r"posts/rollout-sketch/index\.qmd:\d+: warning: 1 code cell\(s\) with "
                     r"no frozen results", report)
    assert re.search(r"posts/gae-notes/index\.qmd:\d+: warning: `::: \{\.column-margin\}`",
                     report)


def test_detection_names_each_kind() -> None:
    assert {name: detect(FIXTURES / name) for name in CASES} == {
        name: case.kind for name, case in CASES.items()}


def test_an_alfolio_homepage_without_a_blog_is_imported(tmp_path: Path) -> None:
    """Many academic homepages delete `_posts/`: the site was refused as "not a site
    Lanting can import" although `_bibliography/` and `_pages/` were there."""
    source = tmp_path / "old"
    shutil.copytree(FIXTURES / "al-folio", source)
    for folder in ("_posts", "_drafts"):
        shutil.rmtree(source / folder)
    assert detect(source) == "al-folio"
    # (news and projects link to posts that are gone now: such a link becomes its text
    # and a comment, not a broken link)
    imported = import_site(source, tmp_path / "new", None, False, Options(now=NOW.now))
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert (result.output / "publications" / "index.html").is_file()

def test_an_unknown_source_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("Notes\n", encoding="utf-8")
    with pytest.raises(UsageError, match="not a site Lanting can import: looked for"):
        import_site(tmp_path, tmp_path.parent / "out")
    assert not (tmp_path.parent / "out").exists()


def tree_hash(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        digest.update(path.relative_to(root).as_posix().encode())
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


@pytest.mark.parametrize("kind", sorted(CASES))
def test_dry_run_writes_nothing(kind: str, tmp_path: Path) -> None:
    before = tree_hash(FIXTURES)
    dest = tmp_path / "new"
    imported = import_site(FIXTURES / kind, dest, None, True, NOW)
    assert not dest.exists() and list(tmp_path.iterdir()) == []
    assert tree_hash(FIXTURES) == before
    assert "lanting.toml" in imported.files


def test_source_is_never_touched(tmp_path: Path, built: Any) -> None:
    before = tree_hash(FIXTURES)
    built("jekyll")
    assert tree_hash(FIXTURES) == before


def test_a_dest_inside_the_source_or_not_empty_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="inside the source"):
        import_site(FIXTURES / "jekyll", FIXTURES / "jekyll" / "out")
    (tmp_path / "x").write_text("", encoding="utf-8")
    with pytest.raises(UsageError, match="not empty"):
        import_site(FIXTURES / "jekyll", tmp_path)


def test_cli_prints_the_report_with_file_and_line(run_cli: Any, tmp_path: Path) -> None:
    code, out, _err = run_cli("import", FIXTURES / "jekyll", tmp_path / "new", "--dry-run")
    assert code == 0
    assert "dry run: nothing written" in out
    assert re.search(r"_posts/2023-10-03-gae-and-td-lambda\.md:\d+: warning: kramdown "
                     r"abbreviation", out)
    assert not (tmp_path / "new").exists()


def test_cli_unknown_source_exits_with_usage_error(run_cli: Any, tmp_path: Path) -> None:
    code, _out, err = run_cli("import", tmp_path, tmp_path.parent / "elsewhere")
    assert code != 0
    assert "not a site Lanting can import" in err
    assert "Traceback" not in err


def old_site(root: Path, files: dict[str, str | bytes]) -> Path:
    """A source site written from `{path: text or bytes}` into `root/old`."""
    source = root / "old"
    write_files(source, files)
    return source


ENGLISH_POST = """---
title: Attention? Attention!
date: 2018-06-24
---

Attention has been a fairly popular concept in training neural networks; here is how
the mechanism came about, with the formulas and code that go with it (注意力).

```python
def attention(q, k, v):  # 中文注释
    return softmax(q @ k.T) @ v
```
"""


@pytest.mark.parametrize(("kind", "config", "post", "language"), [
    ("jekyll", "title: Lil'Log\nmarkdown: kramdown\n", "_posts/2018-06-24-attention.md",
     "en"),
    ("jekyll", 'title: Me\nlocale: "en-US"\n', "_posts/2018-06-24-attention.md", "en-US"),
    ("hexo", "title: Blog\n", "source/_posts/attention.md", "en"),
    ("hugo", 'title = "Blog"\n', "content/posts/attention.md", "en"),
])
def test_a_site_that_does_not_say_its_language_is_read_from_its_posts(
        tmp_path: Path, kind: str, config: str, post: str, language: str) -> None:
    """An English blog whose settings name no language was imported as a Chinese site
    (its menu, dates and reading times in Chinese)."""
    source = tmp_path / "old"
    (source / post).parent.mkdir(parents=True)
    (source / ("hugo.toml" if kind == "hugo" else "_config.yml")).write_text(
        config, encoding="utf-8")
    if kind == "hexo":
        (source / "package.json").write_text('{"dependencies": {"hexo": "^7"}}')
    (source / post).write_text(ENGLISH_POST, encoding="utf-8")
    dest = tmp_path / "new"
    import_site(source, dest, kind, False, Options(now=NOW.now))
    written = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert written["language"] == language
    assert written["menu"][0]["name"] == "Blog"

def test_jekyll_post_names_with_one_digit_months_and_days(tmp_path: Path) -> None:
    """Jekyll reads `2019-9-10-Courses.md` as dated 2019-09-10 with the title `Courses`;
    the post was dated by the file's time instead (it jumped to the top of the blog) and
    its old URL was wrong."""
    source = old_site(tmp_path, {
        "_config.yml": "title: T\nlang: en\n",
        "_posts/2019-9-1-Courses.md": "---\ntitle: Courses\n---\n\nText.\n",
        "_posts/2019-13-40-bad.md": "---\ntitle: Bad\n---\n\nText.\n",
        "_posts/2019-09-02-cover.md": "---\ntitle: Cover\nimage: /assets/gone.png\n---\n\n"
                                      "Text.\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, Options(now=NOW.now))
    post = (imported.dest / "content" / "posts" / "courses.md").read_text(encoding="utf-8")
    assert "date: 2019-09-01\n" in post and '"/2019/09/01/Courses.html"' in post
    assert [e.message for e in imported.report.warnings if e.path.endswith("bad.md")][:2] == [
        "the file name's date 2019-13-40 is no date: the front matter's date is used, if any",
        "no date in the front matter or the file name: the file's modification time is used"]
    # a cover that is not there is reported at its line
    assert [(e.line, e.message) for e in imported.report.warnings
            if e.path.endswith("cover.md")] == [
        (3, "cover image `/assets/gone.png` not found: left out")]

def test_jekyll_now_image_include_keeps_its_description_as_caption(tmp_path: Path) -> None:
    """Jekyll Now's `_includes/image.html` takes `url` and `description`; the caption was
    lost (the include was counted as converted)."""
    source = old_site(tmp_path, {
        "assets/img/arch.png": png(40, 20), "_config.yml": "title: T\nlang: en\n",
        "_posts/2020-01-02-arch.md": "---\ntitle: Arch\n---\n\n{% include image.html "
        'url="/assets/img/arch.png" description="The serving stack" %}\n'})
    imported = import_site(source, tmp_path / "new", "jekyll", False, Options(now=NOW.now))
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    figure = pages(out)["/posts/arch/"].one("figure")
    assert figure.one("figcaption").text().endswith("The serving stack")
    assert figure.one("img")["alt"] == "The serving stack"

def chirpy_site(root: Path) -> Path:
    """A site shaped like a real one on the Chirpy theme (a gem: no _includes of its own)."""
    source = root / "old"
    for folder in ("_posts", "_tabs", "assets/img/p"):
        (source / folder).mkdir(parents=True)
    (source / "_config.yml").write_text("theme: jekyll-theme-chirpy\ntitle: Notes\nlang: en\n"
                                        "timezone: Asia/Shanghai\n", encoding="utf-8")
    (source / "assets/img/p/arch.png").write_bytes(png(400, 200))
    (source / "_posts" / "2024-01-01-math.md").write_text(
        "---\ntitle: Math\ndate: 2024-01-01 10:00:00 +0800\nmath: true\n"
        "media_subpath: /assets/img/p/\n---\n\nInline $x\\_1 + y\\_2$ and $\\alpha$.\n\n"
        "> Keep the batch small.\n{: .prompt-tip }\n\n![The stack](arch.png){: w=\"200\" }\n"
        "_The serving stack_\n", encoding="utf-8")
    (source / "_posts" / "2024-01-02-liquid.md").write_text(
        "---\ntitle: Liquid\ndate: 2024-01-02 10:00:00 +0800\nrender_with_liquid: false\n---"
        "\n\nUse `{% raw %}` like this:\n\n```markdown\n{% raw %}\n{{ user.name }}\n"
        "{% endraw %}\n```\n", encoding="utf-8")
    (source / "_tabs" / "about.md").write_text("---\nicon: fas fa-info-circle\norder: 4\n---"
                                               "\n\nI study systems.\n", encoding="utf-8")
    (source / "assets/js/data").mkdir(parents=True)
    (source / "assets/js/data/mathjax.js").write_text(
        "MathJax = { tex: { inlineMath: [['$','$']], macros: { RR: '{\\\\mathbb R}', "
        "bold: ['{\\\\bf #1}', 1], opt: ['#1_{#2}', 2, 'i'] } } };\n", encoding="utf-8")
    (source / "_posts" / "2024-01-03-macros.md").write_text(
        "---\ntitle: Macros\ndate: 2024-01-03 10:00:00 +0800\n---\n\nLet $x \\in \\RR$.\n",
        encoding="utf-8")
    return source


def test_a_chirpy_site(tmp_path: Path) -> None:
    """Chirpy's MathJax reads `$…$`: every inline formula of a real Chirpy blog came out
    as `\\$…\\$` text; its prompts were plain quotes, its media path and captions lost,
    its About tab dropped, and `render_with_liquid: false` ignored."""
    imported = import_site(chirpy_site(tmp_path), tmp_path / "new", None, False,
                           Options(now=NOW.now))
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    post = pages(out)["/posts/math/"].one("div", class_="prose")
    assert [m.text() for m in post.find_all("math")] == ["x1+y2", "α"]
    assert post.one("div", class_="callout").get("class") == "callout callout-tip"
    figure = post.one("figure")
    assert figure.one("figcaption").text().endswith("The serving stack")
    # `{: w="200" }` (Chirpy's width) was dropped: the image showed at the file's size
    assert (figure.one("img").get("width"), figure.one("img").get("height")) == ("200", "100")
    code = pages(out)["/posts/liquid/"].one("div", class_="prose").one("pre").raw_text()
    assert "{% raw %}\n{{ user.name }}\n{% endraw %}" in code
    assert "I study systems." in pages(out)["/about/"].one("main").text()
    # the site's MathJax macros carried over, with arguments too, and one with a default
    # for its optional first argument as what follows the name in `\newcommand`
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["math_macros"] == {"RR": "{\\mathbb R}", "bold": "{\\bf #1}",
                                                 "opt": "[2][i]{#1_{#2}}"}
    assert not any("`\\opt`" in e.message for e in imported.report.warnings)
    assert pages(out)["/posts/macros/"].one("div", class_="prose").one("math").text() == "x∈ℝ"

def test_minimal_mistakes_figure_and_video_includes(tmp_path: Path) -> None:
    """`image_path` and `id` + `provider` were not read: the figure and the video ended
    in HTML comments, gone from the page."""
    source = old_site(tmp_path, {
        "assets/images/a.png": png(300, 200), "_config.yml": "title: T\nlang: en\n",
        "_posts/2020-01-01-a.md": '---\ntitle: A\n---\n\n{% include figure image_path='
        '"/assets/images/a.png" alt="A" caption="A **figure** caption." %}\n\n{% include '
        'video id="XsxDH4HcOWA" provider="youtube" %}\n\n{% include toc %}\n'})
    imported = import_site(source, tmp_path / "new", "jekyll", False, Options(now=NOW.now))
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    prose = pages(out)["/posts/a/"].one("div", class_="prose")
    assert prose.one("figcaption").text().endswith("A figure caption.")
    assert any("XsxDH4HcOWA" in (a.get("href") or "") for a in prose.find_all("a"))
    assert imported.report.warnings == []  # `{% include toc %}` is a notice: Lanting has one

def test_hugo_site_under_a_path_that_builds_drafts(tmp_path: Path) -> None:
    """`baseURL: …/blog/`: `/blog/img/a.png` is `static/img/a.png` (it was reported missing);
    `buildDrafts: true`: the live site published its drafts (they were left out)."""
    source = old_site(tmp_path, {
        "static/img/a.png": png(200, 100),
        "config.yml": 'baseURL: "https://x.github.io/blog/"\ntitle: HG\nlanguageCode: en\n'
                      "buildDrafts: true\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-01\ndraft: true\n---\n\n"
                              "![a](/blog/img/a.png)\n",
        # (a page too: an undated one, outside the posts, was left out still)
        "content/about.md": "---\ntitle: About\ndraft: true\n---\n\nWho I am.\n"})
    imported = import_site(source, tmp_path / "new", "hugo", False, Options(now=NOW.now))
    assert not any("not found" in e.message for e in imported.report.warnings)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert pages(out)["/posts/a/"].one("div", class_="prose").one("img").get("src")
    assert "Who I am." in pages(out)["/about/"].one("div", class_="prose").text()

def test_hugo_front_matter_keys_are_read_in_any_case(tmp_path: Path) -> None:
    """Hugo reads front matter keys in any case: PaperMod's `showToc: false` (its docs
    write `ShowToc`), `Title:`, `Tags:` and `Date:` were not read (the post had no title,
    no tags, a table of contents and a guessed date)."""
    source = old_site(tmp_path, {
        "config.yml": 'baseURL: "https://x.github.io/"\ntitle: HG\nlanguageCode: en\n',
        "content/posts/a.md": "---\nTitle: Attention\nDate: 2024-03-01\nTags: [ml]\n"
                              "showToc: false\ntitle_note: kept\n---\n\nText.\n"})
    imported = import_site(source, tmp_path / "new", "hugo", False, Options(now=NOW.now))
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "title: Attention" in text and "date: 2024-03-01" in text
    assert "tags: [ml]" in text and "toc: false" in text


def test_a_hugo_site_of_undated_documents_imports_pages(tmp_path: Path) -> None:
    """hugo-book's and Docsy's `docs/` pages have no dates: each became a post dated by
    its file's time, with a "no date" warning each. They are pages, at their old URLs."""
    source = old_site(tmp_path, {
        "config.toml": 'baseURL = "https://x.github.io/"\ntitle = "Notes"\n'
                       'languageCode = "zh-cn"\n',
        "content/docs/ml/attention.md": "---\ntitle: 注意力\nweight: 1\n---\n\n正文。\n",
        "content/docs/ml/_index.md": "---\ntitle: 机器学习\n---\n\n目录。\n",
        "content/docs/systems.md": "---\ntitle: 系统\n---\n\n正文。\n"})
    imported = import_site(source, tmp_path / "new", "hugo", False, Options(now=NOW.now))
    assert not any("no date" in w.message for w in imported.report.warnings)
    assert not (imported.dest / "content/posts").exists() or not any(
        (imported.dest / "content/posts").iterdir())
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert answer(out, "/docs/ml/attention/").is_file()
    assert answer(out, "/docs/systems/").is_file()


def test_hexo_default_permalinks_keep_chinese_title_urls(tmp_path: Path) -> None:
    """With Hexo's default `:year/:month/:day/:title/`, `:title` is the path under
    `_posts/` with its case and Chinese kept; both the encoded and raw forms answer."""
    dest = tmp_path / "site"
    import_site(FIXTURES / "hexo", dest, "hexo", False,
                Options(now=NOW.now, permalink=":year/:month/:day/:title/"))
    build(dest, BuildOptions())
    out = dest / "public"
    for url in ("/2023/06/18/PPO-%E7%AE%97%E6%B3%95%E8%AF%A6%E8%A7%A3/",
                "/2023/06/18/PPO-算法详解/", "/2023/09/02/rl/GAE-广义优势估计/",
                "/2024/02/25/verl-源码阅读-01-整体架构/", "/nccl-env/"):
        assert answer(out, url).parent.name in ("ppo-算法详解", "gae-广义优势估计",
                                                "verl-源码阅读-01-整体架构",
                                                "nccl-环境变量速查")


def test_hexo_front_matter_and_tags(built: Any) -> None:
    posts = built("hexo").imported.dest / "content" / "posts"
    gae = (posts / "gae-广义优势估计" / "index.md").read_text(encoding="utf-8")
    assert "categories: [强化学习]" in gae  # a flat list is one hierarchy: its leaf
    assert "date: 2023-09-02T21:40:33+08:00" in gae  # read in the site's time zone
    assert "\\_" not in gae and "$\\delta_t = r_t" in gae  # marked's escapes undone
    assert 'hl_lines=5 title=gae_loop.py' in gae
    verl = (posts / "verl-源码阅读-01-整体架构" / "index.md").read_text(encoding="utf-8")
    assert "categories: [框架源码, 笔记]" in verl
    assert "[verl 仓库](https://github.com/volcengine/verl)" in verl
    nccl = (posts / "nccl-环境变量速查.md").read_text(encoding="utf-8")
    assert "unlisted: true" in nccl and "看答案[^hide-1]" in nccl
    assert "[PPO 算法详解：从 TRPO 到 Clip](ppo-算法详解/index.md)" in nccl
    assert "> 能用环境变量解决的，就不要改代码。" in nccl  # NexT's {% cq %}


def test_hugo_blox_profile_publications_and_talk(built: Any) -> None:
    done = built("hugo-blox")
    config = (done.imported.dest / "lanting.toml").read_text(encoding="utf-8")
    for line in ('name_en = "Wen Jiang"', 'position = "博士后研究员"',
                 'email = "wen.jiang@example.edu.cn"', 'photo = "/images/avatar.png"',
                 '{ kind = "cv", url = "/uploads/resume.pdf" }'):
        assert line in config
    bib = (done.imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "@inproceedings{jiang2025grpo," in bib and "@article{rollout-scheduling," in bib
    assert "arxiv              = {2503.04567}" in bib
    assert (done.out / "publications" / "jiang2025grpo" / "index.html").is_file()
    talk = parse_html((done.out / "talks" / "acl-2025-oral" / "index.html")
                      .read_text(encoding="utf-8"))
    # its summary was Markdown to Hugo Blox: shown as the text it made, not as written
    assert "在 ACL 2025 主会做的 oral 报告。" in (done.imported.dest / "content" / "talks" /
                                           "acl-2025-oral.md").read_text(encoding="utf-8")
    hrefs = [a.get("href") or "" for a in talk.find_all("a")]
    assert any("jiang2025grpo" in h for h in hrefs)
    post = parse_html((done.out / "post" / "grpo-from-scratch" / "index.html")
                      .read_text(encoding="utf-8"))
    main = post.find("main") or post
    assert "figure-fig-reward" in main.ids()
    assert [m.text() for m in main.find_all("mark")] == ["长度偏置"]
    assert main.find("details") is not None


def test_hugo_blox_a_cite_bib_about_another_paper_gives_way_to_the_front_matter(
        built: Any) -> None:
    """kv-offload's cite.bib is the theme's example, never edited (common on real sites):
    it made a publication "An example conference paper" by the wrong authors, and two
    such folders failed the build with a duplicate key."""
    done = built("hugo-blox")
    bib = (done.imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "example1" not in bib and "An example conference paper" not in bib
    entry = bib[bib.index("@inproceedings{kv-offload,"):].split("\n}\n", 1)[0]
    assert "Offloading the KV Cache to Host Memory for Long-Context Serving" in entry
    assert "Hao Sun" in entry and "Efficient Systems for Foundation Models" in entry
    assert [e.path for e in done.imported.report.warnings
            if "about another paper" in e.message] == [
        "content/publication/kv-offload/cite.bib"]
    assert (done.out / "publications" / "kv-offload" / "index.html").is_file()


def test_hugo_blox_two_folders_with_one_bibtex_key_keep_both(tmp_path: Path) -> None:
    source = tmp_path / "old"
    shutil.copytree(FIXTURES / "hugo-blox", source)
    twin = source / "content" / "publication" / "grpo-stability-v2"
    shutil.copytree(source / "content" / "publication" / "grpo-stability", twin)
    imported = import_site(source, tmp_path / "new", "hugo-blox", False, Options(now=NOW.now))
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    keys = re.findall(r"@inproceedings\{([^,]+),\n  title += \{Why Does", bib)
    assert sorted(keys) in (["grpo-stability", "jiang2025grpo"],
                            ["grpo-stability-v2", "jiang2025grpo"])
    assert sum("jiang2025grpo` is taken" in e.message for e in imported.report.warnings) == 1
    build(imported.dest, BuildOptions(output=tmp_path / "out"))

def test_alfolio_template_files_lanting_makes_itself_are_left_out(built: Any) -> None:
    """A stock al-folio site did not build: its 404 page and robots.txt claimed URLs
    Lanting makes, and a surname twice in coauthors.yml is a YAML error."""
    done = built("al-folio")
    notices = {(e.path, e.message) for e in done.imported.report.entries}
    assert ("_pages/404.md", "left out: Lanting makes its own 404.html") in notices
    assert ("robots.txt", "left out: Lanting makes its own robots.txt") in notices
    coauthors = (done.imported.dest / "content" / "coauthors.yml").read_text(encoding="utf-8")
    assert coauthors.count('"li":') == 1 and "~nali" in coauthors and "~mingli" in coauthors
    assert "{{" not in (done.out / "robots.txt").read_text(encoding="utf-8")

def test_alfolio_citations_of_other_bib_files(built: Any) -> None:
    """jekyll-scholar's `{% cite key --file references_aio %}`: the other .bib files were
    never imported, and each such citation was left in a comment."""
    done = built("al-folio")
    references = (done.imported.dest / "content" / "references.bib").read_text(
        encoding="utf-8")
    assert "@inproceedings{schulman2017ppo," in references
    post = next(doc for url, doc in pages(done.out).items()
                if url.endswith("grpo-without-critic/"))
    assert "ref-schulman2017ppo" in post.ids()
    assert any(a.get("href") == "#ref-schulman2017ppo" for a in post.find_all("a"))

def test_alfolio_projects_become_projects(built: Any) -> None:
    """al-folio's `_projects/` (a default part of the theme) was left out silently."""
    done = built("al-folio")
    project = (done.imported.dest / "content" / "projects" / "grpo-stability.md").read_text(
        encoding="utf-8")
    for line in ("title: GRPO 训练稳定性", "tags: [research]", "weight: 1",
                 "cover: /assets/img/prof_pic.png", 'url: "https://github.com/example/grpo-stability"',
                 '"/projects/1_grpo-stability/"'):
        assert line in project
    listing = pages(done.out)["/projects/"]
    cards = [a.text() for a in listing.one("main").find_all("a") if a.text() in (
        "GRPO 训练稳定性", "弹性 Rollout")]
    assert cards[:2] == ["GRPO 训练稳定性", "弹性 Rollout"]  # by importance
    assert answer(done.out, "/projects/1_grpo-stability/").parent.name == "grpo-stability"
    # (a collection of its own: its documents pages of the site, at their old URLs)
    assert [e.message for e in done.imported.report.entries if e.path == "_books"] == [
        "collection `_books/` (1 documents, published by Jekyll): 1 pages, at their old URLs"]


def test_academicpages_teaching_and_portfolio(tmp_path: Path) -> None:
    source = tmp_path / "old"
    for folder in ("_pages", "_teaching", "_portfolio", "_publications"):
        (source / folder).mkdir(parents=True)
    (source / "_config.yml").write_text(
        'title: Me\nlocale: "en-US"\nmarkdown: kramdown\ncollections:\n  teaching:\n'
        "    output: true\n    permalink: /:collection/:path/\n  portfolio:\n    output: true\n"
        "    permalink: /:collection/:path/\n  publications:\n    output: true\n"
        'author:\n  name: "Ada Lin"\n  avatar: "profile.png"\n  bio: "Systems for ML"\n'
        '  employer: "University 1"\n  email: "ada@example.edu"\n  github: "adalin"\n'
        '  googlescholar: "https://scholar.google.com/citations?user=X"\n', encoding="utf-8")
    (source / "images").mkdir()
    (source / "images" / "profile.png").write_bytes(png(20, 20))
    (source / "_pages" / "about.md").write_text(
        "---\npermalink: /\ntitle: About me\n---\n\nI study systems for ML.\n",
        encoding="utf-8")
    (source / "_pages" / "cv.md").write_text(
        "---\nlayout: archive\ntitle: CV\npermalink: /cv/\n---\n\nEducation\n======\n"
        "* Ph.D. in Computer Science, University 1, 2026 (expected)\n"
        "* B.S. in Mathematics, University 2, 2020\n\nPublications\n======\n"
        "  <ul>{% for post in site.publications reversed %}\n"
        "    {% include archive-single-cv.html %}\n  {% endfor %}</ul>\n",
        encoding="utf-8")
    (source / "_teaching" / "2024-fall-ml-systems.md").write_text(
        '---\ntitle: "ML Systems"\ncollection: teaching\ntype: "Graduate course, TA"\n'
        'permalink: /teaching/2024-fall-ml-systems\nvenue: "University 1, CS"\n'
        'date: 2024-09-01\nlocation: "City, Country"\n---\n\nLabs on NCCL.\n',
        encoding="utf-8")
    (source / "_portfolio" / "portfolio-1.md").write_text(
        '---\ntitle: "KV cache offloading"\nexcerpt: "Serving long contexts<br/><img '
        "src='/images/500x300.png'>\"\ncollection: portfolio\n---\n\nDetails.\n",
        encoding="utf-8")
    (source / "_publications" / "2009-10-01-paper.md").write_text(
        '---\ntitle: "Paper"\ncollection: publications\n---\n\nAbstract.\n',
        encoding="utf-8")
    imported = import_site(source, tmp_path / "new", None, False, Options(now=NOW.now))
    course = (imported.dest / "content" / "teaching" / "2024-fall-ml-systems.md").read_text(
        encoding="utf-8")
    for line in ("title: ML Systems", "role: Graduate course, TA",
                 "summary: University 1, CS, City, Country", "date: 2024-09-01"):
        assert line in course
    project = (imported.dest / "content" / "projects" / "portfolio-1.md").read_text(
        encoding="utf-8")
    assert "summary: Serving long contexts" in project
    assert "title    = {Paper}" in (imported.dest / "content" / "publications.bib").read_text(
        encoding="utf-8")  # (an entry now; the collection was named in a warning)
    profile = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))[
        "profile"]
    assert (profile["email"], profile["affiliation"], profile["photo"]) == (
        "ada@example.edu", "University 1", "/images/profile.png")
    assert [link["url"] for link in profile["links"]] == [
        "https://github.com/adalin", "https://scholar.google.com/citations?user=X"]
    # the rest of _config.yml is settings, not social links (each was a notice)
    assert not any("social link" in e.message for e in imported.report.entries)
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "teaching" / "2024-fall-ml-systems" / "index.html").is_file()
    assert (out / "projects" / "portfolio-1" / "index.html").is_file()
    # academicpages' CV: Markdown around loops over its collections (it was dropped whole)
    cv = pages(out)["/cv/"].one("main").text()
    assert "Ph.D. in Computer Science" in cv and "{%" not in cv

def _entry(doc: Element, title: str) -> Element:
    [found] = [a for a in doc.find_all("article") if "pub" in a.classes
               and title in a.text()]
    return found


def test_academicpages_publications_become_entries(built: Any) -> None:
    """Each `_publications/*.md` is an entry of publications.bib: authors from `citation`
    (or `authors`), venue by `category`, year and month from `date` (or `year`),
    `paperurl` and `slidesurl` buttons, the abstract; a `bibtexurl` file of the site is
    the entry, the front matter filling in. What has no place is in the report."""
    done = built("academicpages")
    doc = pages(done.out)["/publications/"]
    lease = _entry(doc, "Lease-Based Reads in Replicated Logs")
    assert "Mira Okafor" in lease.text() and "Wei Tan" in lease.text()
    assert "Journal of Replicated Systems" in lease.text() and "2009" in lease.text()
    hrefs = {a.text().strip(): a.get("href") or "" for a in lease.find_all("a")}
    assert hrefs["PDF"].endswith("/files/paper1.pdf") and hrefs["Slides"].endswith(
        "/files/slides1.pdf")
    assert (done.out / "files" / "paper1.pdf").is_file()
    assert "bound the clock drift" in lease.text()  # the abstract
    assert "Download paper here" not in lease.text() and "Recommended" not in lease.text()
    assert "@article{okafor2009lease," in lease.text()  # the key of bibtex1.bib
    assert "pages = {3--10}" in lease.text()
    raft = _entry(doc, "Checking Raft Implementations")
    assert "Jonas Berg" in raft.text() and "Lucia Ferrante" in raft.text()
    assert "Proceedings of the Conference on Testing 2" in raft.text()
    links = {a.text().strip(): a.get("href") for a in raft.find_all("a")}
    assert links["Code"] == "https://github.com/mokafor/raft-mbt"
    assert links["arXiv"] == "https://arxiv.org/abs/1001.00001"
    assert "two liveness bugs" in raft.text() and "Abstract" not in raft.text().split(
        "Abstract", 1)[1]  # (the body's heading is not part of it)
    shrink = _entry(doc, "Shrinking Failing Schedules")
    assert "Dana Ruiz" in shrink.text() and "2015" in shrink.text()
    report = done.imported.report.format(done.imported.dest, False)
    for line in ("_publications/2021-poster.md:4: warning: category `posters`",
                 "_publications/2021-poster.md:8: warning: the authors could not be read",
                 "_publications/2015-workshop.md:2: notice: front matter with no place in "
                 "publications.bib, left out: `toappear`",
                 "_publications/2015-workshop.md:9: notice: `bibtexurl` https://dblp.org/"):
        assert line in report
    assert "_publications/` (" not in report  # no longer a collection left out


def test_academicpages_talks_keep_their_venue_date_and_url(built: Any) -> None:
    done = built("academicpages")
    listing = pages(done.out)["/talks/"].one("main").text()
    for text in ("Leases Without Clocks", "University of Elsewhere, Systems Seminar",
                 "Mar 1, 2012", "Lyon, France", "Porto, Portugal"):
        assert text in listing
    talks = done.imported.dest / "content" / "talks"
    tutorial = (talks / "2013-03-01-tutorial-1.md").read_text(encoding="utf-8")
    for line in ("date: 2010-10-05", "event: Conference on Testing 2",
                 'slides_pdf: "/files/slides2.pdf"',
                 'paper: "2010-10-01-paper-title-number-2"'):
        assert line in tutorial
    seminar = (talks / "2012-03-01-talk-1.md").read_text(encoding="utf-8")
    assert "[Talk page](https://seminar.example.org/2012/leases)" in seminar
    # a reveal.js deck in Markdown (`layout: slide`) is the talk's slides
    deck = pages(done.out)["/talks/2014-02-01-talk-2/"].one("main")
    assert [h.text() for h in deck.find_all("h2")][:1] == ["The idea"]
    assert "Mention delta debugging." in deck.text() and "textarea" not in str(deck)
    report = done.imported.report.format(done.imported.dest, False)
    assert "_talks/2014-02-01-talk-2.md:8: warning: date `2014-02-01,03` read as " \
        "2014-02-01" in report


def test_academicpages_listing_pages_give_way_to_lantings(built: Any) -> None:
    """`_pages/publications.md` and `talks.html` (Liquid loops over the collections) are
    left out for Lanting's own pages, which the menu of `_data/navigation.yml` opens."""
    done = built("academicpages")
    assert not (done.imported.dest / "content" / "pages" / "publications.md").exists()
    main = pages(done.out)["/publications/"].one("main").text()
    assert "Google Scholar" not in main and "import:" not in main
    menu = tomllib.loads((done.imported.dest / "lanting.toml").read_text(
        encoding="utf-8"))["menu"]
    assert [(m["name"], m["url"]) for m in menu] == [
        ("Publications", "/publications/"), ("Talks", "/talks/"), ("CV", "/cv/"),
        ("Blog Posts", "/archive/")]
    cv = pages(done.out)["/cv/"].one("main")
    assert "Ph.D in Computer Science" in cv.text()


def test_academicpages_base_path_is_the_site_root(built: Any) -> None:
    """academicpages' `{% include base_path %}` sets `base_path` (site URL and baseurl),
    which its pages write before links: the link is one of the new site."""
    done = built("academicpages")
    cv = pages(done.out)["/cv/"].one("main")
    assert [a.get("href") for a in cv.find_all("a")
            if a.text() == "Download the CV as a PDF"] == ["/files/cv.pdf"]
    assert (done.out / "files" / "cv.pdf").is_file()
    assert "base_path" not in done.imported.report.format(done.imported.dest, False)


def test_two_posts_with_one_old_url_keep_it_for_the_last_written(built: Any) -> None:
    """academicpages' sample posts `2014-08-14-blog-post-3.md` and the future post share
    a `permalink` (Jekyll wrote one over the other): two aliases at one URL stopped the
    build. The one Jekyll wrote last (by date: the future one, `future: true`), which
    the old site showed there, keeps it; the other is reported."""
    done = built("academicpages")
    page = answer(done.out, "/posts/2014/08/blog-post-3/")
    assert page.parent.name == "future-post"
    report = done.imported.report.format(done.imported.dest, False)
    assert "_posts/2014-08-14-blog-post-3.md: warning: old URL `/posts/2014/08/blog-post-3/`" \
        " left out: Jekyll wrote _posts/2199-01-01-future-post.md there" in report


def test_alfolio_bibliography_keeps_its_fields(built: Any) -> None:
    """Lanting reads al-folio's fields as they are; file names become paths of static/,
    a missing file is left out with a warning; co-authors come along."""
    done = built("al-folio")
    bib = (done.imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "abbr" in bib and "bibtex_show" in bib and "award_name" in bib
    assert "{/assets/img/publication_preview/grpo-stab.png}" in bib
    assert "han2021undergrad-supp.pdf" not in bib
    post = next(doc for url, doc in pages(done.out).items() if url.endswith("grpo-without-critic/"))
    formula = post.one("div", class_="math-display")
    assert "numbered" in formula.classes
    assert [a.get("href") for a in post.find_all("a", class_="eqref")] == ["#eq:grpo-adv"]
    assert any("han2021undergrad-supp.pdf is missing" in e.message
               for e in done.imported.report.warnings)
    assert (done.imported.dest / "content" / "coauthors.yml").is_file()
    page = parse_html((done.out / "publications" / "index.html").read_text(encoding="utf-8"))
    assert any((e.get("src") or "").endswith("grpo-stab.png") for e in page.iter()
               if e.tag == "img")


# --- Hugo's multilingual sites ---------------------------------------------------------------


def alternates(doc: Element) -> dict[str, str]:
    """hreflang -> the URL path of each `<link rel="alternate">` of a page."""
    return {link["hreflang"]: unquote(urlsplit(link["href"]).path)
            for link in doc.find_all("link")
            if link.get("rel") == "alternate" and link.get("hreflang")}


TRANSLATED = (("/posts/2024/01/ring-allreduce/", "/en/posts/2024/01/ring-allreduce/"),
              ("/posts/2024/03/zero-bubble/", "/en/posts/2024/03/zero-bubble-pipeline/"),
              ("/posts/2024/06/显存估算/", "/en/posts/2024/06/memory-estimation/"),
              ("/about/", "/en/about/"), ("/", "/en/"))
"""(Chinese, English) versions of one text: a bundle's `index.en.md`, `x.en.md` with its
own slug, a `translationKey` pair with different file names, a page, the home page."""


@pytest.mark.parametrize(("zh", "en"), TRANSLATED)
def test_hugo_translations_link_to_each_other(built: Any, zh: str, en: str) -> None:
    out = built("hugo-multilingual").out
    for url, other, code in ((zh, en, "en"), (en, zh, "zh-CN")):
        doc = parse_html(answer(out, url).read_text(encoding="utf-8"))
        assert alternates(doc)[code] == other, url
        if url not in ("/", "/en/"):
            switch = doc.one("p", class_="translations")
            assert [unquote(a["href"]) for a in switch.find_all("a")] == [other]


def test_hugo_each_language_lists_its_own_posts(built: Any) -> None:
    done = built("hugo-multilingual")
    listed = {}
    for blog in ("/blog/", "/en/blog/"):
        doc = parse_html(answer(done.out, blog).read_text(encoding="utf-8"))
        main = doc.find("main") or doc
        listed[blog] = {unquote(a["href"]) for a in main.find_all("a")
                        if "/posts/" in (a.get("href") or "")}
    assert listed["/blog/"] == {"/posts/2024/01/ring-allreduce/", "/posts/2024/03/zero-bubble/",
                                "/posts/2024/05/kv-cache/", "/posts/2024/06/显存估算/"}
    assert listed["/en/blog/"] == {
        "/en/posts/2024/01/ring-allreduce/", "/en/posts/2024/03/zero-bubble-pipeline/",
        "/en/posts/2024/06/memory-estimation/", "/en/posts/2024/08/flash-decoding/"}
    home = parse_html(answer(done.out, "/en/").read_text(encoding="utf-8"))
    assert "I work on LLM inference systems" in home.text()
    assert [a.text() for a in home.one("nav", class_="site-nav").find_all("a")] == [
        "Posts", "Archive", "About"]
    config = tomllib.loads((done.imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"]) == ("舟行笔记", "zh-CN")
    assert {k: v for k, v in config["languages"]["en"].items() if k != "menu"} == {
        "name": "English", "title": "Zhou Xing's Notes",
        "description": "Notes on LLM inference systems and GPU performance"}


def test_hugo_translations_share_a_file_name(built: Any) -> None:
    posts = built("hugo-multilingual").imported.dest / "content" / "posts"
    names = sorted(p.relative_to(posts).as_posix() for p in posts.rglob("*.md"))
    assert names == ["_index.en.md", "_index.md",  # the blog page's title, each language
                     "flash-decoding.en.md", "kv-cache.md", "ring-allreduce/index.en.md",
                     "ring-allreduce/index.md", "speculative-decoding.en.md",
                     "zero-bubble.en.md", "zero-bubble.md", "显存估算.en.md", "显存估算.md"]
    assert "title: Posts" in (posts / "_index.en.md").read_text(encoding="utf-8")
    assert "title: 文章" in (posts / "_index.md").read_text(encoding="utf-8")
    report = built("hugo-multilingual").imported.report
    assert report.converted["translations paired"] == 4


HUGO_DIRS = {
    "hugo.toml": 'baseURL = "https://notes.example.org/"\ndefaultContentLanguage = "en"\n'
                 "defaultContentLanguageInSubdir = true\ntitle = \"Notes\"\n"
                 "[languages.en]\ncontentDir = \"content/en\"\nweight = 1\n"
                 "languageName = \"English\"\n"
                 "[languages.zh-cn]\ncontentDir = \"content/zh-cn\"\nweight = 2\n"
                 "languageName = \"简体中文\"\ntitle = \"笔记\"\n",
    "content/en/posts/kv/index.md": "---\ntitle: KV cache sizes\ndate: 2024-05-01\n---\n"
                                    "Text.\n\n![cache](cache.png)\n",
    "content/zh-cn/posts/kv/index.md": "---\ntitle: KV cache 有多大\ndate: 2024-05-01\n---\n"
                                       "正文。\n\n![缓存](cache.png)\n",
    "content/zh-cn/posts/only-zh.md": "---\ntitle: 只有中文\ndate: 2024-06-01\n---\n正文。\n",
}


def test_hugo_content_dirs_and_the_default_language_in_a_folder(tmp_path: Path) -> None:
    """`contentDir` per language (the same path pairs the versions) and
    `defaultContentLanguageInSubdir`: the old `/en/…` URLs of the default language and
    `/zh-cn/…` of the other answer."""
    source = tmp_path / "old"
    for rel, text in HUGO_DIRS.items():
        (source / rel).parent.mkdir(parents=True, exist_ok=True)
        (source / rel).write_text(text, encoding="utf-8")
    images = {"en": png(64, 32, "#2b6cb0"), "zh-cn": png(64, 32, "#a3352a")}
    for lang, data in images.items():  # one name, two images: each page shows its own
        (source / f"content/{lang}/posts/kv/cache.png").write_bytes(data)
    dest = tmp_path / "new"
    import_site(source, dest, "hugo", False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = dest / "public"
    for old in ("/en/posts/kv/", "/zh-cn/posts/kv/", "/zh-cn/posts/only-zh/"):
        answer(out, old)
    en = parse_html(answer(out, "/en/posts/kv/").read_text(encoding="utf-8"))
    assert alternates(en)["zh-CN"] == "/zh-cn/posts/kv/"
    assert parse_html(answer(out, "/zh-cn/posts/kv/").read_text(encoding="utf-8")).one(
        "h1").text() == "KV cache 有多大"
    for url, lang in (("/en/posts/kv/", "en"), ("/zh-cn/posts/kv/", "zh-cn")):
        main = parse_html(answer(out, url).read_text(encoding="utf-8")).one("main")
        [src] = [e["src"] for e in main.iter() if e.tag == "img"]
        assert (out / unquote(urljoin(url, src)).lstrip("/")).read_bytes() == images[lang]


def hexo_import(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A small Hexo site (`package.json` naming hexo added) imported into `tmp_path/new`."""
    source = old_site(tmp_path, {"package.json": '{"dependencies": {"hexo": "^7"}}',
                                 **files})
    return import_site(source, tmp_path / "new", "hexo", False, Options(now=NOW.now))


def test_hexo_tag_and_category_are_tags_and_categories(tmp_path: Path) -> None:
    """Hexo reads `tag:` and `category:` as `tags` and `categories`; they were dropped
    with a notice calling them not needed, and `:category` URLs became
    `uncategorized`."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npermalink: :category/:title/\n",
        "source/_posts/proof.md": "---\ntitle: 证明\ndate: 2022-08-28 13:36:22\n"
                                  "tag: 图论\ncategory: 数学\n---\n正文。\n"})
    post = (imported.dest / "content" / "posts" / "proof.md").read_text(encoding="utf-8")
    assert "tags: [图论]" in post and "categories: [数学]" in post
    assert 'aliases: ["/数学/proof/"]' in post
    assert not any("left out" in e.message for e in imported.report.entries)


def test_hexo_post_without_its_abbrlink_gets_no_alias(tmp_path: Path) -> None:
    """hexo-abbrlink computes a missing `abbrlink` at build time from the title and the
    date as the build machine's JavaScript spelled it (its zone's name included): that
    cannot be redone here. The post got a literal `:abbrlink` alias, the same for every
    such post (a collision), instead of a clear warning."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\npermalink: posts/:abbrlink.html\n"
                       "abbrlink:\n  alg: crc32\n  rep: hex\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-12-20 14:48:00\n---\nOne.\n",
        "source/_posts/b.md": "---\ntitle: B\ndate: 2024-12-20 18:00:00\n---\nTwo.\n",
        "source/_posts/c.md": "---\ntitle: C\ndate: 2024-12-21\nabbrlink: 9f3a\n---\n3.\n"})
    posts = imported.dest / "content" / "posts"
    assert "aliases" not in (posts / "a.md").read_text(encoding="utf-8")
    assert "aliases" not in (posts / "b.md").read_text(encoding="utf-8")
    assert 'aliases: ["/posts/9f3a.html"]' in (posts / "c.md").read_text(encoding="utf-8")
    warned = [(e.path, e.message) for e in imported.report.warnings if "abbrlink" in e.message]
    assert [path for path, _ in warned] == ["source/_posts/a.md", "source/_posts/b.md"]
    assert "no `abbrlink`" in warned[0][1] and "no alias" in warned[0][1]


def test_hexo_tabs_without_names_are_numbered(tmp_path: Path) -> None:
    """Butterfly's unnamed or icon-only tabs (`<!-- tab -->`, `<!-- tab @fab fa-x -->`)
    had an empty bold label, `****`: a horizontal rule."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntheme: butterfly\n",
        "source/_posts/t.md": "---\ntitle: Tabs\ndate: 2024-01-01\n---\n"
                              "{% tabs demo %}\n<!-- tab -->\nFirst.\n<!-- endtab -->\n\n"
                              "<!-- tab @fab fa-apple -->\nSecond.\n<!-- endtab -->\n"
                              "<!-- tab Named@fas fa-x -->\nThird.\n<!-- endtab -->\n"
                              "{% endtabs %}\n"})
    post = (imported.dest / "content" / "posts" / "t.md").read_text(encoding="utf-8")
    assert "****" not in post
    assert "**Tab 1**\n\nFirst.\n\n**Tab 2**\n\nSecond.\n\n**Named**\n\nThird." in post


@pytest.mark.parametrize("root", ["/", "/blog/"])
def test_hexo_relative_links_to_old_urls_follow_the_post(tmp_path: Path, root: str) -> None:
    """`[x](./48355.html)` in a post at `/11111.html` meant `/48355.html`, another
    post's old URL: it was left as written, a broken link on the new site. (Under a
    `root`, absolute links with it were not followed either.)"""
    imported = hexo_import(tmp_path, {
        "_config.yml": f"title: T\nlanguage: en\nroot: {root}\npermalink: :abbrlink.html\n",
        "source/_posts/a.md": "---\ntitle: A\nabbrlink: 48355\ndate: 2021-01-01\n---\nA.\n",
        "source/_posts/b.md": "---\ntitle: B\nabbrlink: 11111\ndate: 2021-01-02\n---\n"
                              "See [one](./48355.html), [two](48355.html#x), "
                              f"[three]({root}48355.html) and [none](./404.html).\n"})
    post = (imported.dest / "content" / "posts" / "b.md").read_text(encoding="utf-8")
    assert ("See [one](a.md), [two](a.md#x), [three](a.md) and [none](./404.html)."
            in post)


@pytest.mark.parametrize(("marked", "broken"), [("", True), ("marked:\n  breaks: false\n", False)])
def test_hexo_marked_line_breaks_are_kept(tmp_path: Path, marked: str, broken: bool) -> None:
    """hexo-renderer-marked's `breaks: true` (its default) made each line end in a
    paragraph a `<br>`: a poem stayed a poem. Lanting joined the lines into one."""
    source = old_site(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6"}}',
        "_config.yml": f"title: T\nlanguage: zh-CN\n{marked}",
        "source/_posts/p.md": "---\ntitle: P\ndate: 2021-01-01\n---\n春眠不觉晓\n处处闻啼鸟\n\n"
                              "```\na\nb\n```\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, Options(now=NOW.now))
    post = (imported.dest / "content" / "posts" / "p.md").read_text(encoding="utf-8")
    assert ("春眠不觉晓\\\n处处闻啼鸟\n" if broken else "春眠不觉晓\n处处闻啼鸟\n") in post
    assert "```\na\nb\n```" in post
    assert any("breaks: true" in e.message for e in imported.report.entries) == broken


def test_hexo_code_inside_notes_and_quotes_stays_inside(tmp_path: Path) -> None:
    """A fence (or `{% codeblock %}`) inside `{% note %}`, `{% blockquote %}` or
    `{% cq %}` came back unquoted after its first line: the quote ended there and the
    closing fence opened a code block that swallowed the rest of the post. Indented code
    in a note (NexT renders a note's text as a document of its own) joined its title."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "{% note info %}\n示例：\n```python\nx = 1\n\ny = 2\n```\n"
                              "{% endnote %}\n\n{% blockquote %}\n{% codeblock lang:js %}\n"
                              "a();\nb();\n{% endcodeblock %}\n{% endblockquote %}\n\n"
                              "{% cq %}\n```\nc\nd\n```\n{% endcq %}\n\n"
                              "{% note success %}\n    code 1\n    code 2\n{% endnote %}\n\n"
                              "后面的正文。\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "> [!NOTE]\n> 示例：\n> ```python\n> x = 1\n>\n> y = 2\n> ```\n\n" in post
    assert "\n> ```js\n> a();\n> b();\n> ```\n\n" in post
    assert "\n> ```\n> c\n> d\n> ```\n\n" in post
    assert "> [!TIP]\n> ```\n> code 1\n> code 2\n> ```\n\n后面的正文。\n" in post


def test_hexo_note_in_a_list_item_stays_in_it(tmp_path: Path) -> None:
    """A note indented inside a list item was written at column 0: the list ended
    before it and started again after. A blank line inside a note (`>` alone) got a
    hard break, a visible `\\`."""
    imported = hexo_import(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6"}}',
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "1. 第一步\n   {% note warning %}\n   提示\n\n   ```\n   x\n   ```\n"
                              "   第二段\n   续行\n   {% endnote %}\n2. 第二步\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert ("1. 第一步\n\n   > [!WARNING]\n   > 提示\n   >\n   > ```\n   > x\n   > ```\n"
            "   > 第二段\\\n   > 续行\n\n2. 第二步\n") in post


def test_hexo_labels_of_next_and_butterfly_are_marks(tmp_path: Path) -> None:
    """NexT's `{% label primary@主要 %}` became `primary@主要`, and Butterfly's reading
    (`text colour`) cut the last word of a label of several words."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "文字 {% label primary@主要 %} 和 {% label info@两个 词语 的标签 %}、"
                              "{% label 蝴蝶 标签 red %}、{% label 三 个 词 %} 结束。\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert ("文字 <mark>主要</mark> 和 <mark>两个 词语 的标签</mark>、<mark>蝴蝶 标签</mark>、"
            "<mark>三 个 词</mark> 结束。") in post


def test_hexo_next_note_title_is_a_folded_callout(tmp_path: Path) -> None:
    """NexT 8 shows the words after a note's classes as the summary of a folded note:
    they were dropped. Butterfly's colour, icon and style words are no title."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "{% note info no-icon 点击查看证明 %}\n证明内容。\n{% endnote %}\n\n"
                              "{% note blue 'fas fa-bullhorn' simple %}\n蝴蝶。\n{% endnote %}\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "> [!NOTE]- 点击查看证明\n> 证明内容。\n\n> [!NOTE]\n> 蝴蝶。\n" in post


def test_hexo_img_and_asset_img_read_classes_title_and_alt(tmp_path: Path) -> None:
    """`{% img left /x.png '"标题" "替代"' %}` took the class `left` for the image and
    the source for its caption; `asset_img` kept the quotes in its caption."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/images/x.png": png(4, 3), "source/_posts/a/pic.png": png(4, 3),
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-05\n---\n"
                              "{% img left /images/x.png '\"标题\" \"替代\"' %}\n\n"
                              "{% img /images/x.png 40 30 只有标题 %}\n\n"
                              "{% asset_img pic.png '\"标题文字\" \"替代文字\"' %}\n\n"
                              "{% asset_img pic.png %}\n"})
    post = (imported.dest / "content" / "posts" / "a" / "index.md").read_text(encoding="utf-8")
    assert ('![替代](x.png "标题")\n\n![只有标题](x.png "只有标题"){width="40" height="30"}'
            '\n\n![替代文字](pic.png "标题文字")\n\n![](pic.png)\n') in post
    lost = [e.message for e in imported.report.warnings]
    assert any("the class `left` dropped" in m for m in lost)
    assert not any("size" in m for m in lost)  # (kept: Lanting reads an image's size)


def test_hexo_nunjucks_comments_are_left_out(tmp_path: Path) -> None:
    """`{# … #}` is a Nunjucks comment, which Hexo removed: it was left visible."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-05\n---\n"
                              "正文{# 作者的注释 #}继续。\n\n{#\n多行\n#}\n\n"
                              "```jinja\n{# kept #}\n```\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "正文继续。\n\n```jinja\n{# kept #}\n```\n" in post
    notes = [(e.line, e.message) for e in imported.report.entries if "Nunjucks" in e.message]
    assert notes == [(5, "Nunjucks comment `{# 作者的注释 #}` left out (the old page did not "
                         "show it)"), (7, "Nunjucks comment `{# 多行 #}` left out (the old "
                                          "page did not show it)")]


@pytest.mark.parametrize("enabled", [True, False])
def test_hexo_next_button_and_mermaid(tmp_path: Path, enabled: bool) -> None:
    """NexT's `{% button %}` (only Butterfly's `btn` was known) and `{% mermaid graph TD
    %}` were left in comments. A theme that drew diagrams gets `[markdown] mermaid`."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "_config.next.yml": f"mermaid:\n  enable: {str(enabled).lower()}\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "{% btn https://a.example, 甲 %}\n\n"
                              "{% button https://b.example, 乙, fa fa-x %}\n\n"
                              "{% button https://c.example/, , fa fa-x, , 丙 %}\n\n"
                              "{% mermaid graph TD %}\nA --> B\n{% endmermaid %}\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert ("[甲](https://a.example)\n\n[乙](https://b.example)\n\n[丙](https://c.example/)\n\n"
            "```mermaid\ngraph TD\nA --> B\n```\n") in post
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert ("mermaid" in config["markdown"]) == enabled
    noted = any("Mermaid" in e.message for e in imported.report.entries)
    assert noted != enabled
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    html = answer(out, "/posts/a/").read_text(encoding="utf-8")
    assert ('<pre class="mermaid">' in html) == enabled


def test_hexo_codeblock_link_is_kept_after_the_code(tmp_path: Path) -> None:
    """`{% codeblock 文件名 lang:python https://… 链接 %}`: Hexo's caption is the title
    and a link; the URL and its text went into the title."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "{% codeblock 文件名 lang:python https://e.example/x 源码 链接 %}\n"
                              "x = 1\n{% endcodeblock %}\n\n"
                              "{% codeblock https://e.example/y %}\ny\n{% endcodeblock %}\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert ("```python title=文件名\nx = 1\n```\n\n[源码 链接](https://e.example/x)\n\n"
            "```\ny\n```\n\n[link](https://e.example/y)\n") in post


def test_hexo_butterfly_submenus_are_drop_downs(tmp_path: Path) -> None:
    """A Butterfly submenu (`Life || icon: {About: /about/ …}`) was dropped with a notice
    quoting the mapping as its URL, then flattened into the menu; it is a drop-down of
    the entries whose pages the new site has."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntheme: butterfly\n",
        "_config.butterfly.yml": "menu:\n  Home: / || fas fa-home\n  Life || icon-tea:\n"
                                 "    Friends: /link/ || icon-a\n    About me: /about/ || icon-b\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2021-01-01\n---\nx\n",
        "source/about/index.md": "---\ntitle: About\n---\nMe.\n"})
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["menu"] == [{"name": "Blog", "url": "/blog/"},
                              {"name": "Life", "children": [{"name": "About me",
                                                             "url": "/about/"}]}]
    notes = [e.message for e in imported.report.entries if "menu" in e.message]
    assert notes == ["menu entry `Friends` (/link/) left out: the new site has no page there"]


def test_hexo_butterfly_inline_tags_keep_their_text(tmp_path: Path) -> None:
    """Butterfly's tag-plugins-plus inline tags ended in HTML comments: their text was
    gone from the page."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntheme: butterfly\n",
        "source/_posts/t.md": "---\ntitle: T\ndate: 2021-01-01\n---\n"
                              "An {% u underlined %} word, {% del struck out %}, "
                              "{% kbd Ctrl + C %}, {% span red small, coloured %}, "
                              "{% psw secret %} and {% emp dots %}.\n\n"
                              "{% p center logo large, A centred line %}\n\n"
                              "{% checkbox green checked, done %}\n{% checkbox todo %}\n"
                              "{% radio checked, picked %}\n"})
    post = (imported.dest / "content" / "posts" / "t.md").read_text(encoding="utf-8")
    assert ("An <u>underlined</u> word, ~~struck out~~, <kbd>Ctrl + C</kbd>, coloured, "
            "secret and dots.") in post
    assert "\n\nA centred line\n\n" in post
    assert "☑ done" in post and "☐ todo" in post and "◉ picked" in post
    assert "import: unconverted" not in post
    lost = [e.message for e in imported.report.warnings]
    assert any("`red small`" in m for m in lost) and any("psw" in m for m in lost)


# --- Hugo sites as real themes write them ---------------------------------------------------


def hugo_import(tmp_path: Path, files: dict[str, str | bytes],
                kind: str = "hugo") -> Imported:
    """A Hugo site written from `files`, imported (not built)."""
    return import_site(old_site(tmp_path, files), tmp_path / "new", kind, False, NOW)


def written(imported: Imported, rel: str) -> str:
    return (imported.dest / rel).read_text(encoding="utf-8")


def test_hugo_config_keys_are_read_whatever_their_case(tmp_path: Path) -> None:
    """Hugo's configuration keys are case-insensitive; `baseurl`, `Title`,
    `DefaultContentLanguage` and `[Permalinks]` were not read."""
    imported = hugo_import(tmp_path, {
        "config.toml": 'baseurl = "https://blog.example.com/"\nDefaultContentLanguage = "en"\n'
                       'Title = "My Blog"\n[Permalinks]\n  posts = "/:year/:filename/"\n',
        "content/posts/My_Post.md": "---\ntitle: P\ndate: 2023-03-04\n---\n\nText.\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert (config["title"], config["language"]) == ("My Blog", "en")
    assert config["base_url"] == "https://blog.example.com/"
    assert '"/2023/my_post/"' in written(imported, "content/posts/my-post.md")


ESCAPED_MATH = ("Inline \\\\(E = mc^2\\\\) and $x\\_{i} + y\\_1$.\n\n"
                "\\\\[ \\int_0^1 f\\,dx \\\\]\n\n"
                "$$\n\\begin{aligned}\na &= b \\\\\\\\\nc &= d\n\\end{aligned}\n$$\n\n"
                "A pair \\(of words\\) in parentheses.\n")
PASSTHROUGH = ("[markup.goldmark.extensions.passthrough]\nenable = true\n"
               "[markup.goldmark.extensions.passthrough.delimiters]\n"
               "block = [['\\[', '\\]'], ['$$', '$$']]\ninline = [['\\(', '\\)'], ['$', '$']]\n")


@pytest.mark.parametrize("passthrough", [False, True])
def test_hugo_math_with_markdown_escapes(tmp_path: Path, passthrough: bool) -> None:
    """Without Goldmark's passthrough (LoveIt, DoIt and FixIt tell their users to write
    `\\\\(`, `\\_`, `\\\\\\\\`), Markdown escapes were read before MathJax saw the math:
    they were left in, and `\\\\(x\\\\)` stayed raw text. With passthrough, math is TeX,
    but a `\\\\(x\\\\)` is still math (Goldmark made it `\\(x\\)` for MathJax): it
    was kept as written, and Lanting showed it as text."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "M"\nlanguageCode = "en"\n' + (PASSTHROUGH if passthrough else ""),
        "content/posts/m.md": "---\ntitle: M\ndate: 2023-01-02\n---\n\n" + ESCAPED_MATH})
    body = written(imported, "content/posts/m.md").split("---\n", 2)[2]
    if passthrough:
        assert body.strip() == ESCAPED_MATH.strip().replace(
            "\\\\(E = mc^2\\\\)", "$E = mc^2$").replace(
            "\\\\[ \\int_0^1 f\\,dx \\\\]", "$$ \\int_0^1 f\\,dx $$")
        return
    assert body.strip() == (
        "Inline $E = mc^2$ and $x_{i} + y_1$.\n\n$$ \\int_0^1 f\\,dx $$\n\n"
        "$$\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$\n\n"
        "A pair (of words) in parentheses.")


def test_hugo_links_to_pages_by_their_files(tmp_path: Path) -> None:
    """An Obsidian vault published with Hugo links pages by their files
    (`[x](../Blogs/Agent%20手册.md#Deep%20Agents)`), which the site's link hook
    resolved with `GetPage` (whatever the case of the path). The links were left as
    written, to files the import had moved and renamed: 130 broken links on a real
    site. Now each leads to the page, a heading named by its text to its id; a link to
    a note that was never published keeps its text, with a warning."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "O"\nlanguageCode = "zh-cn"\n',
        "content/weekly/Week8.md": (
            "---\ntitle: Week 8\ndate: 2024-03-01\n---\n\n"
            "- [规划](../Blogs/Agent%E5%AD%A6%E4%B9%A0%E6%89%8B%E5%86%8C.md#Deep%20Agents)\n"
            "- [循环](../blogs/Game%20Loop.md#Game%20Loop)\n"
            "- [锚点](../Blogs/Game%20Loop.md#fixed-step)\n"
            "- [改名了](../Blogs/Game%20Loop.md#Old%20Heading)\n"
            "- [未发布](../Answers/ADK%E6%98%AF%E4%BB%80%E4%B9%88.md)\n"),
        "content/blogs/Agent学习手册.md": "---\ntitle: Agent 学习手册\ndate: 2024-02-01\n"
                                        "---\n\n## Deep Agents\n\n文字。\n",
        "content/blogs/Game Loop.md": "---\ntitle: Game Loop\ndate: 2024-02-02\n---\n\n"
                                     "## Game Loop\n\n循环。\n\n"
                                     "## 固定步长 {#fixed-step}\n\n步长。\n"})
    week = written(imported, "content/posts/week8.md")
    assert "[规划](agent学习手册.md#deep-agents)" in week
    assert "[循环](game-loop.md#game-loop)" in week
    assert "[锚点](game-loop.md#fixed-step)" in week
    assert "[改名了](game-loop.md)" in week
    assert "- 未发布\n" in week
    warnings = [e.message for e in imported.report.entries if e.severity == "warning"]
    assert any("ADK是什么.md" in w and "not in the site" in w for w in warnings)
    assert any("Old Heading" in w for w in warnings)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    page = parse_html((tmp_path / "out/blogs/week8/index.html").read_bytes())
    hrefs = [a.get("href") for a in page.one("main").iter() if a.tag == "a"]
    assert hrefs[:4] == ["/blogs/agent%E5%AD%A6%E4%B9%A0%E6%89%8B%E5%86%8C/#deep-agents",
                         "/blogs/game-loop/#game-loop", "/blogs/game-loop/#fixed-step",
                         "/blogs/game-loop/"]


@pytest.mark.parametrize("key", ["unlisted: true", "hidden: true", "build:\n  list: never"])
def test_hugo_unlisted_posts_stay_unlisted(tmp_path: Path, key: str) -> None:
    """Hugo's `build: {list: never}` and the `hidden`/`unlisted` themes read (Relearn's
    menu, a site's own lists) keep a post out of the lists; they were left out as "not
    needed", and the post was listed everywhere."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "U"\nlanguageCode = "en"\n',
        "content/posts/quiet.md": f"---\ntitle: Quiet\ndate: 2024-01-02\n{key}\n---\n\nQ.\n",
        "content/posts/loud.md": "---\ntitle: Loud\ndate: 2024-01-03\n---\n\nL.\n"})
    assert "unlisted: true" in written(imported, "content/posts/quiet.md")
    assert not any("left out" in e.message for e in imported.report.entries)
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    blog = parse_html((tmp_path / "out/blog/index.html").read_bytes()).one("main").text()
    assert "Loud" in blog and "Quiet" not in blog
    assert (tmp_path / "out/posts/quiet/index.html").is_file()


def test_hugo_a_slug_two_sections_share_is_the_main_sections(tmp_path: Path) -> None:
    """A real Hugo Blox site filed one project under `frontend/` and `major_project/` (its
    main section): the first read, `frontend/`'s, took the slug, so `/major_project/
    cap-stone/`, the other's old URL, led to the wrong page and its own was given up."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "P"\nlanguageCode = "en"\nmainSections = ["major_project"]\n'
                     "[permalinks]\nmajor_project = '/major_project/:slug/'\n",
        "content/frontend/cap-stone/index.md": "---\ntitle: Front\ndate: 2024-01-02\n---\nF.\n",
        "content/major_project/cap-stone/index.md": "---\ntitle: Main\ndate: 2024-01-03\n"
                                                    "---\nM.\n"})
    assert not any("left out" in e.message for e in imported.report.entries)
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    doc = parse_html(answer(out, "/major_project/cap-stone/").read_bytes())
    assert doc.one("h1").text() == "Main"


THEME_SHORTCODES = """Inline {{< katex >}}a\\_b \\\\ c{{< /katex >}} time.

{{< katex display >}}
f(x) = \\left\\{ x \\right.
{{< /katex >}}

{{< admonition type=warning title="Numerical stability" >}}
Subtract the max:

```python
x = x - x.max()
```
{{< /admonition >}}

{{< hint danger >}}
A hint.
{{< /hint >}}

{{< alert icon="circle-info" >}}
An alert.
{{< /alert >}}

{{< image src="arch.png" caption="Model architecture" >}}

See {{< link "https://example.org/paper" "the paper" >}}.

{{< mermaid >}}
graph TD;
  A-->B;
{{< /mermaid >}}

{{< tabs >}}
{{< tab "PyTorch" >}}
PyTorch text.
{{< /tab >}}
{{< tab "JAX" >}}
JAX text.
{{< /tab >}}
{{< /tabs >}}

{{< bilibili BV1xx411c7mD >}}

{{< youtube id="dQw4w9WgXcQ" title="The talk" >}}

{{< unknown-theme-thing >}}
"""


def test_hugo_theme_shortcodes(tmp_path: Path) -> None:
    """hugo-book's `katex`, LoveIt's `admonition`, `image`, `link`, `mermaid`, tabs,
    `hint`, `alert` and `bilibili` were left in comments ("no Lanting equivalent") and
    their content lost from the page."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\n',
        "content/posts/sc/arch.png": png(64, 32),
        "content/posts/sc/index.md": "---\ntitle: S\ndate: 2023-03-04\n---\n\n"
                                     + THEME_SHORTCODES})
    body = written(imported, "content/posts/sc/index.md")
    for expected in (
            "Inline $a\\_b \\\\ c$ time.",  # the TeX exactly: no Markdown escape was read
            "$$\nf(x) = \\left\\{ x \\right.\n$$",
            "::: warning Numerical stability\n\nSubtract the max:\n\n```python\n",
            "::: caution\n\nA hint.\n\n:::", "::: note\n\nAn alert.\n\n:::",
            '![Model architecture](arch.png "Model architecture")',
            "See [the paper](https://example.org/paper).",
            "```mermaid\ngraph TD;\n  A-->B;\n```",
            "::: tabs\n\n@tab PyTorch\n\nPyTorch text.\n\n@tab JAX\n\nJAX text.\n\n:::",
            '{{< video bilibili="BV1xx411c7mD" >}}',
            '{{< video youtube="dQw4w9WgXcQ" title="The talk" >}}'):  # (was a bare link)
        assert expected in body
    [left] = [w.message for w in imported.report.warnings]
    assert "`unknown-theme-thing` is a shortcode of the theme or site" in left
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings if "mermaid" not in str(w)] == []


def test_hugo_closing_shortcodes_with_a_space_after_the_slash(tmp_path: Path) -> None:
    """`{{< / highlight >}}` closes as `{{< /highlight >}}` does in Hugo; it was not
    matched, and the code became Markdown (`# comment` a heading)."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\n',
        "content/posts/h.md": "---\ntitle: H\ndate: 2023-03-04\n---\n\n"
                              "{{< highlight python >}}\n# not a heading\nx = 1\n"
                              "{{< / highlight >}}\n\n{{< details \"More\" >}}\nHidden.\n"
                              "{{</ details >}}\n"})
    body = written(imported, "content/posts/h.md")
    assert "```python\n# not a heading\nx = 1\n```" in body
    assert "<summary>More</summary>\n\nHidden." in body
    assert imported.report.warnings == []


def old_urls_of(imported: Imported) -> dict[str, list[str]]:
    """New post file -> its `aliases`."""
    found = {}
    for path in sorted((imported.dest / "content" / "posts").rglob("*.md")):
        match = re.search(r"^aliases: (\[.*\])$", path.read_text(encoding="utf-8"), re.M)
        found[path.relative_to(imported.dest / "content").as_posix()] = \
            json.loads(match.group(1)) if match else []
    return found


def test_hugo_old_urls_of_pages_in_nested_folders(tmp_path: Path) -> None:
    """Hugo's URL of a page is its path under `content/` (`:sections` the nested
    sections, folders with an `_index.md`); the folders between were left out."""
    post = "---\ntitle: T\ndate: 2023-03-04\n{}---\n\nText.\n"
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\n[permalinks]\n'
                     'notes = "/n/:sections[1:]/:slug/"\n',
        "content/posts/ml/attention/index.md": post.format(""),
        "content/posts/2023/Year_Note.md": post.format("slug: year-note\n"),
        "content/posts/0100~0199/0167.Two-Sum.md": post.format(""),
        "content/notes/rl/_index.md": "---\ntitle: RL\n---\n",
        "content/notes/rl/ppo.md": post.format("slug: ppo\n")})
    assert old_urls_of(imported) == {
        "posts/0167two-sum.md": ["/posts/0100~0199/0167.two-sum/"],
        "posts/attention.md": ["/posts/ml/attention/"],
        "posts/ppo.md": ["/n/rl/ppo/"],
        "posts/year-note.md": ["/posts/2023/year-note/"]}


def test_hugo_ugly_urls_and_names_hugo_sanitized(tmp_path: Path) -> None:
    """`uglyURLs` (here for one section): pages were `/post/x.html` (the aliases said
    `/post/x/`); a file name with spaces was an alias with the spaces in it; the old URL
    of `custom-email.md` is the new one of `custom -- email.md` (both `custom-email` to
    Lanting; Hugo's `custom--email`: no hyphen for a space beside one of the name's):
    the alias is left out, with a warning, not written twice."""
    post = "---\ntitle: T\ndate: 2023-03-0{}\n---\n\nText.\n"
    imported = hugo_import(tmp_path, {
        "config.toml": 'title = "S"\nlanguageCode = "en"\n[uglyURLs]\npost = true\n',
        "content/post/CMake Notes.md": post.format(1),
        "content/posts/custom -- email.md": post.format(2),
        "content/posts/custom-email.md": post.format(3)})
    assert old_urls_of(imported) == {
        "posts/cmake-notes.md": ["/post/cmake-notes.html"],
        "posts/custom-email.md": ["/posts/custom--email/"],
        "posts/custom-email-2.md": []}
    [warning] = [e for e in imported.report.warnings if "left out" in e.message]
    assert warning.path == "content/posts/custom-email.md"


def test_hugo_ref_finds_a_page_whatever_the_case(tmp_path: Path) -> None:
    """Hugo's `relref` lookup ignores case; a link written `…-Is-Sorted.md` to
    `…-is-sorted.md` was left in a comment."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\n',
        "content/posts/0100~0199/0167.Two-Sum-II-is-sorted.md":
            "---\ntitle: Two Sum\ndate: 2023-01-01\n---\n\nText.\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2023-01-02\n---\n\n[Two]({{< relref "
                              '"/posts/0100~0199/0167.Two-Sum-II-Is-Sorted.md" >}}).\n'})
    assert imported.report.warnings == []
    assert "[Two](" in written(imported, "content/posts/a.md")


def test_hugo_dates_from_lastmod(tmp_path: Path) -> None:
    """A page with only `lastmod` was dated by the file's time (Hugo dates it by
    `lastmod`); a date-only `lastmod` on the day of `date` made `updated` earlier than
    `date` (a build warning)."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\n',
        "content/posts/a.md": '---\ntitle: A\nlastmod: "2023-10-06 18:21:48"\n---\n\nA.\n',
        "content/posts/b.md": "---\ntitle: B\ndate: 2022-01-06T09:16:53+08:00\n"
                              "lastmod: 2022-01-06\n---\n\nB.\n"})
    assert "date: 2023-10-06T18:21:48" in written(imported, "content/posts/a.md")
    assert "updated" not in written(imported, "content/posts/b.md")
    assert not any("date" in w.message for w in imported.report.warnings)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_hugo_menu_of_config_default_with_a_home_entry(tmp_path: Path) -> None:
    """`url = "/"` became `//`; entries left out were reported in `hugo.toml` when the
    menu was `config/_default/menus.toml`."""
    imported = hugo_import(tmp_path, {
        "config/_default/hugo.toml": 'title = "S"\nlanguageCode = "en"\n',
        "config/_default/menus.toml": '[[main]]\nname = "Home"\nurl = "/"\nweight = 1\n'
                                      '[[main]]\nname = "Gone"\nurl = "/gone/"\nweight = 2\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2023-01-02\n---\n\nA.\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["menu"] == [{"name": "Home", "url": "/"}]
    [note] = [e for e in imported.report.entries if "Gone" in e.message]
    assert note.path == "config/_default/menus.toml"


def test_hugo_password_posts_and_stack_pages(tmp_path: Path) -> None:
    """A LoveIt/FixIt `password:` post was published in clear; Stack's
    `page/archives/` and `categories/<term>/` pages became dated posts whose URLs
    collide with the pages Lanting makes."""
    imported = hugo_import(tmp_path, {
        "config.yaml": "title: S\nlanguageCode: en\n",
        "content/post/secret.md": "---\ntitle: S\ndate: 2022-12-18\npassword: x\n---\n\nHid.\n",
        "content/post/hello/index.md": "---\ntitle: Hello\ndate: 2023-09-25\n---\n\nHello.\n",
        "content/page/archives/index.md": "---\ntitle: Archives\nlayout: archives\n---\n",
        "content/categories/jax/index.md": "---\ntitle: JAX\n---\n"})
    posts = sorted(p.name for p in (imported.dest / "content" / "posts").iterdir())
    assert posts == ["hello.md", "secret.md"]
    assert "draft: true" in written(imported, "content/posts/secret.md")
    assert any(w.path == "content/post/secret.md" and "password" in w.message
               for w in imported.report.warnings)
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["redirects"] == {"/page/archives/": "/archive/"}
    notes = {e.path for e in imported.report.entries if e.message.startswith("left out")}
    assert {"content/page/archives/index.md", "content/categories/jax/index.md"} <= notes


def test_hugo_a_dateless_page_of_another_section_is_a_page(tmp_path: Path) -> None:
    """Stack's `content/page/about/index.md` (no date) became a post dated by the file's
    modification time; it is a page, and its old URL `/page/about/` answers."""
    imported = hugo_import(tmp_path, {
        "config.yaml": "title: S\nlanguageCode: en\n",
        "content/post/hello/index.md": "---\ntitle: Hello\ndate: 2023-09-25\n---\n\nHello.\n",
        "content/post/undated.md": "---\ntitle: Undated\n---\n\nStill a post.\n",
        "content/page/about/index.md": "---\ntitle: About\nslug: about\n---\n\nMe.\n"})
    posts = sorted(p.name for p in (imported.dest / "content" / "posts").iterdir())
    assert posts == ["hello.md", "undated.md"]  # the main section's keep being posts
    assert "Me." in written(imported, "content/pages/about.md")
    assert not any("no date" in w.message for w in imported.report.warnings
                   if w.path == "content/page/about/index.md")
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    redirect = parse_html((tmp_path / "out/page/about/index.html").read_bytes())
    assert any("/about/" in (m.get("content") or "") for m in redirect.find_all("meta"))


def test_jekyll_html_files_without_front_matter_are_copied(tmp_path: Path) -> None:
    """Jekyll copies an HTML file without front matter as it is: al-folio's plotly figures
    (shown in iframes), a page of its own with its script and style. They were dropped
    without a word; an HTML page with front matter (the theme renders it) is a page of
    the new site, its HTML kept."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: en\n",
        "_posts/2024-01-01-p.md": "---\ntitle: P\n---\n\n<iframe src=\"/assets/plotly/fig.html\">"
                                  "</iframe>\n",
        "assets/plotly/fig.html": "<html><body>plot</body></html>\n",
        "Game/index.html": "<html><script src=\"sketch.js\"></script></html>\n",
        "Game/sketch.js": "let x = 1;\n", "Game/style.css": "body{}\n",
        "about.html": "---\nlayout: page\ntitle: About\n---\n<p>Me.</p>\n",
        "_includes/head.html": "<meta>\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    static = sorted(p.relative_to(imported.dest / "static").as_posix()
                    for p in (imported.dest / "static").rglob("*") if p.is_file())
    assert static == ["Game/index.html", "Game/sketch.js", "Game/style.css",
                      "assets/plotly/fig.html"]
    about = (imported.dest / "content" / "pages" / "about.md").read_text(encoding="utf-8")
    assert about.endswith("---\n\nMe.\n")


def test_jekyll_a_built_home_page_in_plain_html_is_left_out(tmp_path: Path) -> None:
    """A fork that committed the home page its old build wrote (`index.html` without
    front matter, the theme's whole page) had it copied to static/, where it claimed /
    with Lanting's home page: the build stopped."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: en\n",
        "_pages/about.md": "---\npermalink: /\ntitle: About\n---\n\nHello.\n",
        "_posts/2024-01-01-p.md": "---\ntitle: P\n---\n\nText.\n",
        "index.html": "<!doctype html><html><body><h1>About Me</h1></body></html>\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert "static/index.html" not in imported.files and \
        "static/index.html" not in imported.copies
    assert [w.message[:40] for w in imported.report.warnings if w.path == "index.html"] == [
        "left out: a home page in plain HTML (a p"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_hexo_dates_and_titles_from_new_post_name(tmp_path: Path) -> None:
    """With `new_post_name: :year-:month-:day-:title.md` Hexo dates a post from its file
    name (when the front matter has no date) and its `:title` is the name's title part;
    the posts were dated by their files' modification time, and every old URL was wrong."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\npermalink: :year/:month/:day/:title.html\n"
                       "new_post_name: :year-:month-:day-:title.md\n",
        "source/_posts/2019-09-13-harmonic-series.md": "---\ntitle: Harmonic\n---\n\nSee "
                                                       "[other](/2019/09/28/other.html).\n",
        "source/_posts/2019-09-28-other.md": "---\ntitle: Other\n---\n\nText.\n"})
    post = written(imported, "content/posts/harmonic-series.md")
    assert "date: 2019-09-13" in post and '"/2019/09/13/harmonic-series.html"' in post
    assert "(other.md)" in post  # the old URL in the text is found again
    assert not any("modification time" in w.message for w in imported.report.warnings)


def test_jekyll_title_in_old_urls_is_slugified_as_jekyll_does(tmp_path: Path) -> None:
    """`_posts/2019-08-17-IBM experience.md` was at `/2019-08-17-IBM-experience/` (Jekyll's
    `:title` is its pretty, case-keeping slug); the alias kept the space, and 404'd."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: en\npermalink: /:year-:month-:day-:title/\n",
        "_posts/2019-08-17-IBM experience.md": "---\ntitle: IBM\n---\n\nText.\n",
        "_posts/2019-08-18-a_b (draft).md": "---\ntitle: AB\n---\n\nText.\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    aliases = sorted(line for p in (imported.dest / "content/posts").iterdir()
                     for line in p.read_text(encoding="utf-8").splitlines()
                     if line.startswith("aliases"))
    # (`_` kept: pretty mode; the first post's slug keeps its case, so the new URL is the
    # old one, `/2019-08-17-IBM-experience/`, and it needs no alias)
    assert aliases == ['aliases: ["/2019-08-18-a_b-(draft)/"]']
    ibm = (imported.dest / "content/posts/ibm-experience.md").read_text(encoding="utf-8")
    assert "\nslug: IBM-experience\n" in ibm


def test_alfolio_home_page_in_the_menu_is_the_root(tmp_path: Path) -> None:
    """al-folio's about page (`permalink: /`) with `nav: true` gave a menu entry
    `url = "//"`: a protocol-relative link to nowhere, which no check flagged."""
    source = tmp_path / "old"
    shutil.copytree(FIXTURES / "al-folio", source)
    about = source / "_pages/about.md"
    about.write_text(about.read_text(encoding="utf-8").replace(
        "permalink: /\n", "permalink: /\nnav: true\nnav_order: 1\n", 1), encoding="utf-8")
    imported = import_site(source, tmp_path / "new", None, False, Options(now=NOW.now))
    menu = tomllib.loads(written(imported, "lanting.toml"))["menu"]
    assert "//" not in [entry["url"] for entry in menu] and menu[0]["url"] == "/"


def test_hexo_robots_txt_is_left_to_lanting(tmp_path: Path) -> None:
    """`source/robots.txt` was copied to static/, and the build failed: Lanting makes
    its own robots.txt."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\nText.\n",
        "source/robots.txt": "User-agent: *\n"})
    assert not (imported.dest / "static/robots.txt").exists()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


@pytest.mark.parametrize("url", ["https://example.org/blog", "https://example.org"])
def test_hexo_root_is_in_base_url_not_in_aliases(tmp_path: Path, url: str) -> None:
    """With `root: /blog/` the aliases held the root, which the new site's `base_url`
    holds too: the old URLs answered at `/blog/blog/…`. Aliases, like `[redirects]`, are
    paths from the site's root."""
    imported = hexo_import(tmp_path, {
        "_config.yml": f"title: T\nlanguage: en\nurl: {url}\nroot: /blog/\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\nSee [b](/blog/b/).\n",
        "source/_posts/b.md": "---\ntitle: B\ndate: 2024-01-02\npermalink: b/\n---\n\nB.\n",
        "source/about/index.md": "---\ntitle: About\n---\n\nMe.\n"})
    content = imported.dest / "content"
    assert 'aliases: ["/2024/01/01/a/"]' in (content / "posts/a.md").read_text(encoding="utf-8")
    assert "See [b](b.md)." in (content / "posts/a.md").read_text(encoding="utf-8")
    assert 'aliases: ["/b/"]' in (content / "posts/b.md").read_text(encoding="utf-8")
    assert "/blog" not in (content / "pages/about.md").read_text(encoding="utf-8")
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "https://example.org/blog/"
    assert "/archives/" in config["redirects"]


def test_hexo_heading_ids_are_hexos(tmp_path: Path) -> None:
    """Hexo's heading ids (hexo-util's `slugize`) keep case and Chinese punctuation and
    make `_` a `-`; GitHub's ids did not match them, so the `#links` of the posts broke
    the build (and deep links from elsewhere broke silently)."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "[USB](#使用-USB-网卡)、[附录](#附录：配置)、[API](#Why-Multi-GPU)、"
                              "[snake](#my-var-name)\n\n## 使用 USB 网卡\n\n## 附录：配置\n\n"
                              "## Why Multi-GPU?\n\n## my_var_name\n"})
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["heading_ids"] == "hexo"
    out = tmp_path / "out"
    build(imported.dest, BuildOptions(output=out))
    html = answer(out, "/posts/a/").read_text(encoding="utf-8")
    ids = [e["id"] for e in parse_html(html).iter() if e.tag.startswith("h") and "id" in e.attrs]
    assert ids[-4:] == ["使用-USB-网卡", "附录：配置", "Why-Multi-GPU", "my-var-name"]


def test_hexo_pandoc_renderer_keeps_pandoc_heading_ids(tmp_path: Path) -> None:
    """hexo-renderer-pandoc made pandoc's ids (lower case, a leading number dropped),
    not hexo-util's: its posts' `#elf-格式` links broke under Hexo's style."""
    imported = hexo_import(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-pandoc": "^0.3"}}',
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "见 [ELF](#elf-格式) 与 [链接](#链接)。\n\n## ELF 格式\n\n"
                              "## 2.1 链接\n"})
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["heading_ids"] == "pandoc"
    build(imported.dest, BuildOptions(output=tmp_path / "out"))  # (a broken #link raises)


def test_hexo_links_to_headings_in_another_case_are_repaired(tmp_path: Path) -> None:
    """A table of contents written for GitHub or Typora (`[Introduce](#introduce)`)
    found no heading under Hexo, whose ids keep case (`#Introduce`): Lanting's build
    failed on each. They now go to the heading they name, with a notice."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n"
                              "* [Introduce](#introduce)\n* [Detect](#function-detect_target)\n"
                              "* [Kept](#Kept)\n\n# Introduce\n\n## Function `detect_target`\n\n"
                              "## Kept\n\n```\n# not-a-heading\n```\n"})
    post = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert ("* [Introduce](#Introduce)\n* [Detect](#Function-detect-target)\n"
            "* [Kept](#Kept)\n") in post
    notes = [e.message for e in imported.report.entries
             if "names a heading by its text or in other case" in e.message]
    assert len(notes) == 2 and "goes to its id, `#Introduce`" in notes[0]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_hexo_icarus_thumbnail_is_the_cover(tmp_path: Path) -> None:
    """Icarus' `thumbnail:` is the post's cover image: it was left out as front matter
    Lanting does not need."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntheme: icarus\n",
        "source/images/t.png": png(8, 6),
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\nthumbnail: /images/t.png\n---\n"
                              "\nText.\n"})
    post = (imported.dest / "content" / "posts" / "a" / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^cover: t\.png$", post, re.MULTILINE)
    assert not any("thumbnail" in e.message for e in imported.report.entries)
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_hexo_404_page_is_left_to_lanting(tmp_path: Path) -> None:
    """`source/404.md` was written as a page (the report said it was left out): its
    alias `/404.html` clashed with Lanting's own 404 page and the build failed."""
    imported = hexo_import(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\nText.\n",
        "source/404.md": "---\ntitle: 404 Not Found\n---\n\nNot here.\n",
        "source/gone/index.md": "---\ntitle: Gone\npermalink: /404.html\n---\n\nNo.\n"})
    assert not list((imported.dest / "content" / "pages").glob("*"))
    notes = [(e.path, e.message) for e in imported.report.entries if "left out" in e.message]
    assert sorted(notes) == [("source/404.md", "left out: Lanting makes its own 404.md"),
                     ("source/gone/index.md", "left out: Lanting makes its own 404.html")]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_jekyll_folder_no_collection_names_is_a_notice(tmp_path: Path) -> None:
    """A `_post/` folder (a typo, or notes) that no collection names was never published
    by Jekyll: the warning said Lanting had no place for a collection. (A collection named
    but not published, `output: false`, stays a warning.)"""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: en\ncollections:\n  books:\n    output: false\n",
        "_posts/2020-01-01-a.md": "---\ntitle: A\n---\n\nText.\n",
        "_post/2020-01-02-b.md": "---\ntitle: B\n---\n\nOld.\n",
        "_books/c.md": "---\ntitle: C\n---\n\nBook.\n"})
    report = import_site(source, tmp_path / "new", "jekyll", False, NOW).report
    assert [e.path for e in report.warnings if "left out" in e.message] == ["_books"]
    assert any(e.path == "_post" and "did not publish it" in e.message for e in report.entries)


def test_jekyll_folder_index_pages_and_a_home_page_of_loops(tmp_path: Path) -> None:
    """`about/index.md` became a page called "index" at /index/; a home page (`permalink:
    /`) made of the theme's post loops kept them, with Liquid left inside `href=""`."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: en\n",
        "_posts/2020-01-01-a.md": "---\ntitle: A\n---\n\nText.\n",
        "about/index.md": "---\nlayout: page\n---\n\nAbout me, at some length here.\n",
        "blog.md": "---\nlayout: default\npermalink: /\n---\n\n<div class=\"posts\">\n"
                   "{% for post in site.posts %}\n<a href=\"{{ post.url }}\">{{ post.title }}"
                   "</a>\n{% endfor %}\n</div>\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    assert (imported.dest / "content/pages/about.md").is_file()
    home = imported.dest / "content/_index.md"
    assert not home.exists() or "post.url" not in home.read_text(encoding="utf-8")
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert (tmp_path / "out/about/index.html").is_file()


def test_jekyll_math_in_raw_html_becomes_mathml(tmp_path: Path) -> None:
    """al-folio's distill posts write `\\(…\\)` in `<figcaption>`s, which MathJax rendered;
    the import turned them into plain parentheses around raw TeX ("converted")."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: en\n",
        "_posts/2024-01-01-fig.md": "---\ntitle: Fig\n---\n\nText with escapes \\(not math\\) "
                                    "here.\n\n<figure>\n  <figcaption>\n    Score \\(\\nabla "
                                    "\\log \\rho_t\\) along.\n  </figcaption>\n</figure>\n"})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((tmp_path / "out/posts/fig/index.html").read_bytes())
    caption = page.one("figcaption")
    assert caption.find("math") is not None and "\\nabla" not in caption.text()
    assert "(not math)" in page.one("main").text()
    assert not any("TeX left" in str(w) for w in result.warnings)


ESCAPED_DELIMITERS = ("**折扣回报**（从 \\\\(t\\\\) 起）：\n\n"
                      "\\\\[\nG_t = R_{t+1} + \\gamma R_{t+2} \\\\\\\\\n+ \\cdots\n\\\\]\n\n"
                      "记 \\\\(\\pi\\_\\theta(a \\mid s)\\\\) 为策略，\\\\(\\text{a_b}\\\\) 亦然。"
                      "Text with escapes \\(not math\\) here.\n")


def _escaped_delimiters_checked(out: Path, result: Any, path: str, formulas: int = 4) -> None:
    page = parse_html((out / path).read_bytes())
    main = page.one("main")
    maths = [e for e in main.iter() if e.tag == "math"]
    assert len(maths) == formulas, main.text()
    assert [m.get("display") for m in maths].count("block") == 1
    assert "\\gamma" not in main.text() and "\\pi" not in main.text()
    assert "(not math)" in main.text()
    assert not any("TeX left" in str(w) for w in result.warnings)


def test_jekyll_escaped_math_delimiters(tmp_path: Path) -> None:
    """`\\\\(x\\\\)` and `\\\\[x\\\\]`, how kramdown users (minimal-mistakes and
    many Chinese Jekyll blogs) write math: kramdown reads `\\\\` as a backslash, so
    MathJax got its default delimiters `\\(x\\)`. The import left them as written and
    every formula showed as raw TeX ("TeX left in the page")."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlang: zh-CN\n",
        "_posts/2024-04-11-rl.md": "---\ntitle: RL\n---\n\n" + ESCAPED_DELIMITERS})
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    body = written(imported, "content/posts/rl.md")
    assert "$t$" in body and "$\\pi_\\theta(a \\mid s)$" in body
    assert "\\gamma R_{t+2} \\\\\n" in body  # the row break kramdown needed doubled
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    _escaped_delimiters_checked(tmp_path / "out", result, "posts/rl/index.html")


@pytest.mark.parametrize("marked", [True, False])
def test_hexo_escaped_math_delimiters(tmp_path: Path, marked: bool) -> None:
    """The same in Hexo, with hexo-renderer-marked (which also read escapes inside
    `$…$`) and with another renderer (which did not)."""
    renderer = "hexo-renderer-marked" if marked else "hexo-renderer-markdown-it"
    source = old_site(tmp_path / "src", {
        "package.json": json.dumps({"dependencies": {"hexo": "^7", renderer: "^6"}}),
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/rl.md": "---\ntitle: RL\ndate: 2024-04-11\n---\n\n"
                               + ESCAPED_DELIMITERS + "\nAnd $a\\_1$.\n"})
    imported = import_site(source, tmp_path / "new", "hexo", False, Options(now=NOW.now))
    body = written(imported, "content/posts/rl.md")
    assert "$\\pi_\\theta(a \\mid s)$" in body
    assert ("$a_1$" if marked else "$a\\_1$") in body  # marked read `\\_` in `$…$` too
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    _escaped_delimiters_checked(tmp_path / "out", result, "posts/rl/index.html", 5)


@pytest.mark.parametrize("kind", [None, "jekyll"])
def test_jekyll_notes_site_without_posts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         kind: str | None) -> None:
    """A Jekyll site of notes (a real one: `notes/LLM/x.md` with `date:` and `layout:
    note`, listed by its own Liquid loop, no `_posts/`) was "not a site Lanting can
    import"; with `--from jekyll` the import crashed on a relative SOURCE, then made
    every note a page no list showed, and wrote `tags: \\[C, C++, 编译器]` (an editor's
    escape: Jekyll split the string at spaces) as front matter that was not YAML; a PDF
    linked beside a note (its link text on two lines) was left behind, and so was a
    `.md` without front matter (Jekyll copies it as it is); a link to a missing note and
    one to a heading by its text (`#Paged%20Attention`) failed the build."""
    root = tmp_path / "work"
    write_files(root / "notes-site", {
        "_config.yml": "\ufefftitle: K's notes\nkramdown:\n  input: GFM\n",
        # (built by Jekyll itself: on GitHub Pages, draft.md would be a page)
        "Gemfile": "source 'https://rubygems.org'\ngem 'jekyll', '~> 4.3'\n",
        "_layouts/note.html": "<article>{{ content }}</article>\n",
        "index.md": "---\nlayout: home\n---\n\n{% for p in site.pages %}{{ p.title }}"
                    "{% endfor %}\n",
        "notes/LLM/index.md": "---\nlayout: category\ntitle: LLM\n---\n",
        "notes/LLM/kv-cache.md": "---\ntitle: KV Cache\ndate: 2025-08-20\nlayout: note\n"
                                 "tags: \\[C, C++, 编译器]\n---\n\n显存占用随长度线性增长。\n\n"
                                 "![图](images/kv.png) 见[论文的\n第二行]"
                                 "(./reference/kv%20cache.pdf)，"
                                 "[下文](#Paged%20Attention)，[草稿](./draft.md)，"
                                 "[没写](./missing.md)。\n\n## Paged Attention\n\n分页。\n",
        "notes/LLM/reference/kv cache.pdf": b"%PDF-1.4\n",
        "notes/LLM/draft.md": "没有 front matter 的草稿。\n",
        "notes/LLM/images/kv.png": png(8, 8),
        "notes/placeholder.md": "---\ntitle: 占位\ndate: 2025-09-01\nlayout: note\n---\n",
        "about.md": "---\ntitle: About\nlayout: page\n---\n\nMe.\n"})
    monkeypatch.chdir(root)
    imported = import_site(Path("notes-site"), Path("notes-site-lanting"), kind, False, NOW)
    assert imported.report.kind == "jekyll"
    post = written(imported, "content/posts/kv-cache/index.md")
    assert "tags: [C, C++, 编译器]" in post
    assert "[下文](#paged-attention)" in post and "，没写。" in post
    assert any("missing.md" in e.message and "not in the site" in e.message
               for e in imported.report.entries)
    assert 'aliases: ["/notes/LLM/kv-cache.html"]' in post
    assert (imported.dest / "content/pages/about.md").is_file()
    notes = [e.message for e in imported.report.entries if "placeholder" in str(e.path)]
    assert notes and "no text of its own" in notes[0]
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    blog = parse_html((tmp_path / "out/blog/index.html").read_bytes()).one("main").text()
    assert "KV Cache" in blog
    assert (tmp_path / "out/notes/LLM/kv-cache.html").is_file()  # the old URL answers
    assert (tmp_path / "out/notes/LLM/reference/kv cache.pdf").read_bytes() == b"%PDF-1.4\n"
    assert (tmp_path / "out/notes/LLM/draft.md").is_file()  # Jekyll copied it as it was


def test_hexo_typora_image_paths_with_spaces(tmp_path: Path) -> None:
    """Typora writes `![](29_cs110/branch prediction.png)` and shows it; Markdown reads a
    path with a space as text, so the image was text on the page (a warning). The import
    puts the path of a file that exists in angle brackets."""
    source = old_site(tmp_path / "src", {
        "package.json": '{"dependencies": {"hexo": "^7"}}',
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/29_cs110.md": "---\ntitle: CS110\ndate: 2024-04-11\n---\n\n"
                                     "![](29_cs110/branch prediction.png)\n\n"
                                     "`![](not an image.png)` in code.\n",
        "source/_posts/29_cs110/branch prediction.png": png(8, 8)})
    imported = import_site(source, tmp_path / "new", "hexo", False, Options(now=NOW.now))
    body = written(imported, "content/posts/29-cs110/index.md")
    assert "![](branch%20prediction.png)" in body
    assert "`![](not an image.png)`" in body
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    page = parse_html((tmp_path / "out/posts/29-cs110/index.html").read_bytes())
    assert len([e for e in page.one("main").iter() if e.tag == "img"]) == 1


@pytest.mark.parametrize("kind", ["jekyll", "hugo"])
def test_typora_image_paths_with_spaces_elsewhere(tmp_path: Path, kind: str) -> None:
    """The same in Jekyll and Hugo posts (relative to the post, or from the root)."""
    files: dict[str, str | bytes] = {
        "jekyll": {"_config.yml": "title: T\n",
                   "_posts/2024-04-11-a.md": "---\ntitle: A\n---\n\n![](img/my fig.png)\n\n"
                                             "![](/assets/other fig.png)\n",
                   "_posts/img/my fig.png": png(8, 8), "assets/other fig.png": png(8, 8)},
        "hugo": {"hugo.toml": 'title = "T"\n',
                 "content/posts/a/index.md": "---\ntitle: A\ndate: 2024-04-11\n---\n\n"
                                             "![](my fig.png)\n\n![](/other fig.png)\n",
                 "content/posts/a/my fig.png": png(8, 8), "static/other fig.png": png(8, 8)},
    }[kind]
    imported = import_site(old_site(tmp_path / "src", files), tmp_path / "new", kind, False,
                           NOW)
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    page = parse_html((tmp_path / "out/posts/a/index.html").read_bytes())
    assert len([e for e in page.one("main").iter() if e.tag == "img"]) == 2


def test_hugo_math_named_by_its_engine_and_section_folder_images(tmp_path: Path) -> None:
    """A PaperMod site whose own partial loads KaTeX or MathJax by `math: katex` /
    `math: mathjax`: the import took the engine's name for "off" and escaped every `$`
    (280 formulas shown as TeX); and its `content/images/x.png`, which Hugo published at
    `/images/x.png`, were missing images."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "M"\nlanguageCode = "en"\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2024-01-02\nmath: mathjax\n---\n\n"
                              "Data $\\rightarrow$ behaviour.\n\n![fig](/images/fig.png)\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2024-01-03\nmath: false\n---\n\n"
                              "It costs $5 or $6.\n",
        "content/images/fig.png": png(8, 8)})
    assert "$\\rightarrow$" in written(imported, "content/posts/a/index.md")
    assert "\\$5" in written(imported, "content/posts/b.md")
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    main = parse_html((tmp_path / "out/posts/a/index.html").read_bytes()).one("main")
    assert main.find("math") is not None
    assert [e.get("src") for e in main.iter() if e.tag == "img"] == ["/posts/a/fig.png"]


def test_hexo_repository_of_config_and_source_only(tmp_path: Path) -> None:
    """A real Hexo blog's repository keeps `_config.yml`, the theme's
    `_config.butterfly.yml` and `source/` (no `package.json`): it was taken for a Jekyll
    site with a category `source`, whose `permalink: :title/` became an invalid Lanting
    pattern (the new site did not build). And a post's `<script src="../js/x.js">`,
    relative to its old URL `/:title/`, was left to break."""
    source = old_site(tmp_path / "src", {
        "_config.yml": "title: T\nlanguage: zh-CN\npermalink: :title/\nnew_post_name: :title.md\n",
        "_config.butterfly.yml": "menu:\n  博客: /archives/\n",
        "source/_posts/Time-Calculator.md": "---\ntitle: 计算器\ndate: 2024-04-11\n---\n\n"
                                             '<script src="../js/calc.js"></script>\n'
                                             '<link rel="stylesheet" href="../css/calc.css">\n',
        "source/js/calc.js": "console.log(1);\n",
        "source/css/calc.css": "body{}\n"})
    imported = import_site(source, tmp_path / "new", None, False, Options(now=NOW.now))
    assert imported.report.kind == "hexo"
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not result.warnings
    assert (tmp_path / "out/js/calc.js").is_file() and (tmp_path / "out/css/calc.css").is_file()
    assert answer(tmp_path / "out", "/Time-Calculator/").is_file()


def test_hugo_blowfish_front_matter_and_bundle_cover(tmp_path: Path) -> None:
    """Blowfish's `series_order` and `showTableOfContents: false` were left out as "not
    needed", and its bundle's `cover.png` or `feature*` image, which it shows with no
    front matter naming it, was not copied at all."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "B"\nlanguageCode = "en"\ntheme = "blowfish"\n',
        "content/posts/a/index.md": "---\ntitle: A\ndate: 2023-03-04\nseries: [LA]\n"
                                    "series_order: 3\nshowTableOfContents: false\n---\n\nA.\n",
        "content/posts/a/cover.png": png(8, 8),
        "content/posts/a/featured-wide.png": png(8, 8),
        "content/posts/b/index.md": "---\ntitle: B\ndate: 2023-03-05\n"
                                    "featureimage: https://example.org/b.png\n---\n\nB.\n"})
    a = written(imported, "content/posts/a/index.md")
    assert "series_order: 3" in a and "toc: false" in a
    assert "cover: featured-wide.png" in a
    assert 'cover: "https://example.org/b.png"' in written(imported, "content/posts/b.md")
    assert not any("series_order" in n.message or "showTableOfContents" in n.message
                   for n in imported.report.entries)


def test_hugo_papermod_and_blowfish_shortcodes(tmp_path: Path) -> None:
    """PaperMod's `rawhtml`, `collapse` and `inTextImg`, and Blowfish's bare `katex`
    (which loads KaTeX on the page), were left in comments: the HTML, the folded text
    and the image were lost from the page, and the math post warned at its top."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "P"\nlanguageCode = "en"\n',
        "content/posts/p/icon.png": png(8, 8),
        "content/posts/p/index.md": (
            "---\ntitle: P\ndate: 2023-03-04\n---\n\n{{< katex >}}\n\nMath \\(x^2\\).\n\n"
            '{{< rawhtml >}}<div style="padding: 15px;">\n    A box.\n\n  </div>\n'
            "<br>{{< /rawhtml >}}\n\n"
            '{{< collapse summary="Details" >}}\n\nHidden **text**.\n\n{{< /collapse >}}\n\n'
            'An {{< inTextImg url="icon.png" height="16" >}} icon.\n')})
    body = written(imported, "content/posts/p/index.md").split("---\n", 2)[2]
    assert "katex" not in body
    assert '<div style="padding: 15px;">\nA box.\n</div>\n<br>' in body
    assert "<summary>Details</summary>\n\nHidden **text**." in body
    assert "An ![](icon.png) icon." in body
    assert imported.report.warnings == []


def test_hugo_front_matter_with_tabs_at_line_ends(tmp_path: Path) -> None:
    """A tab ending a YAML line (`parent: menu-mind<TAB>`) is white space to Hugo; the
    whole front matter was "not read", and the dated post became an undated page."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "T"\nlanguageCode = "en"\n',
        "content/posts/t.md": "---\ntitle: Tabbed\ndate: 2023-03-04\ntags:\t\t\n"
                              "  - a\t \nsummary: S\t\n---\n\nText.\n"})
    post = written(imported, "content/posts/t.md")
    assert "title: Tabbed" in post and "date: 2023-03-04" in post and "tags: [a]" in post
    assert imported.report.warnings == []


def test_hugo_list_pages_text(tmp_path: Path) -> None:
    """`_index.md` files were all left out without a word: the home page's text,
    Blowfish's `about/_index.md` (a section with no page, shown as a page, which the menu
    named), and the text above a section's list."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "L"\nlanguageCode = "en"\ntheme = "blowfish"\n'
                     '[[menus.main]]\nname = "About"\nurl = "/about/"\n',
        "content/_index.md": "---\ntitle: Home\n---\n\nWelcome to **my** blog.\n",
        "content/about/_index.md": "---\ntitle: About me\n---\n\nI write {{< katex >}}"
                                   "about $x$.\n",
        "content/about/me.png": png(8, 8),
        "content/posts/_index.md": "---\ntitle: Posts\n---\n\nWhat I think.\n",
        "content/posts/p.md": "---\ntitle: P\ndate: 2023-03-04\n---\n\nSee [me](/about/).\n"})
    assert "Welcome to **my** blog." in written(imported, "content/_index.md")
    about = written(imported, "content/pages/about.md")
    assert "title: About me" in about and "I write about $x$." in about
    assert "](../pages/about.md)" in written(imported, "content/posts/p.md")
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert {"name": "About", "url": "/about/"} in config["menu"]
    assert imported.report.warnings == []
    blog = written(imported, "content/posts/_index.md")
    assert "title: Posts" in blog and "What I think." in blog


def test_hugo_posts_section_text_is_the_blog_pages(tmp_path: Path) -> None:
    """The posts section's `_index.md` (its title the list's heading, `description`, the
    text above the list) was a warning, "not imported": it is the blog page's text,
    in each language; another section's text is still a warning at its line."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "L"\ndefaultContentLanguage = "zh"\n'
                     '[languages.zh]\nweight = 1\n[languages.en]\nweight = 2\n',
        "content/post/_index.md": "---\ntitle: 文章\ndescription: 关于 $\\pi$ 的笔记\n---\n\n"
                                  "长文，见 [P](/post/p/)。\n",
        "content/post/_index.en.md": "---\ntitle: Articles\n---\n",
        "content/post/p.md": "---\ntitle: P\ndate: 2023-03-04\n---\n\n正文。\n",
        "content/post/p.en.md": "---\ntitle: P\ndate: 2023-03-04\n---\n\nText.\n",
        "content/notes/_index.md": "---\ntitle: Notes\n---\n\nShort ones.\n",
        "content/notes/n.md": "---\ntitle: N\ndate: 2023-03-05\n---\n\nN.\n"})
    zh = written(imported, "content/posts/_index.md")
    assert "title: 文章" in zh and 'summary: "关于 $\\\\pi$ 的笔记"' in zh
    assert "长文，见 [P](p.md)。" in zh
    assert "title: Articles" in written(imported, "content/posts/_index.en.md")
    [warning] = imported.report.warnings
    assert (warning.path, warning.line) == ("content/notes/_index.md", 5)
    assert "the text of the list page of `notes/` is not imported" in warning.message
    built = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not built.warnings
    page = read(tmp_path / "out", "blog/index.html")
    assert page.one("h1").text() == "文章"
    assert page.one(class_="blog-intro").one("a")["href"] == "/post/p/"  # (its old URL kept)
    assert read(tmp_path / "out", "en/blog/index.html").one("h1").text() == "Articles"


def test_hugo_language_files_of_the_config_folder(tmp_path: Path) -> None:
    """Blowfish's `config/_default/languages.en.toml` (Hugo reads it as
    `[languages.en]`) was not read: a site in two languages was imported in one, its
    translations colliding (`about-2`), and the default language's `title` and
    `[params.author]` were lost ("My site")."""
    imported = hugo_import(tmp_path, {
        "config/_default/hugo.toml": 'defaultContentLanguage = "zh-cn"\n',
        "config/_default/languages.zh-cn.toml": 'languageCode = "zh-cn"\nweight = 1\n'
                                                'title = "树懒"\n[params.author]\nname = "云"\n',
        "config/_default/languages.en.toml": 'languageCode = "en"\nweight = 2\n'
                                             'title = "Sloth"\n',
        "config/_default/params.en.toml": 'description = "My blog"\n',
        "content/posts/p.md": "---\ntitle: 文\ndate: 2023-03-04\n---\n\n文字。\n",
        "content/posts/p.en.md": "---\ntitle: Text\ndate: 2023-03-04\n---\n\nText.\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert (config["title"], config["author"], config["language"]) == ("树懒", "云", "zh-CN")
    assert config["languages"]["en"]["title"] == "Sloth"
    assert config["languages"]["en"]["description"] == "My blog"
    assert "title: Text" in written(imported, "content/posts/p.en.md")
    assert imported.report.warnings == []


BLOWFISH_SHORTCODES = """{{< lead >}}
A lead paragraph.
{{< /lead >}}

New {{< badge >}}v2{{< /badge >}} and {{< keyword >}}fast{{< /keyword >}}.

{{< typeit speed=70 >}}
Java · systems
{{< /typeit >}}

{{< timeline >}}
{{% timelineItem icon="code" header="Engineer" badge="2020 - now" %}}
Backend **work**.
{{% /timelineItem %}}
{{< /timeline >}}

{{< button href="https://github.com/me" target="_blank" >}}
{{< icon "github" >}} GitHub
{{< /button >}}

{{< button href="me@example.org" >}}Email{{< /button >}}

{{< github repo="me/tool" >}}

{{< huggingface dataset="me/data" >}}

{{< chart >}}
type: 'bar',
{{< /chart >}}
"""


def test_hugo_blowfish_shortcodes(tmp_path: Path) -> None:
    """Blowfish's and Congo's `lead`, `badge`, `keyword`, `typeit`, `timeline`,
    `button`, `icon`, `github`, `huggingface` and `chart` were left in comments, each
    with a warning (and one more for its closing tag): an about page of a Blowfish
    site was mostly comments, its chart's configuration shown as text."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "B"\nlanguageCode = "en"\ntheme = "blowfish"\n',
        "content/posts/b.md": "---\ntitle: B\ndate: 2023-03-04\n---\n\n"
                              + BLOWFISH_SHORTCODES})
    body = written(imported, "content/posts/b.md").split("---\n", 2)[2].lstrip()
    assert body == (
        "A lead paragraph.\n\nNew <mark>v2</mark> and **fast**.\n\nJava · systems\n\n"
        "**Engineer** · 2020 - now\n\nBackend **work**.\n\n"
        "[GitHub](https://github.com/me)\n\n[Email](mailto:me@example.org)\n\n"
        "[me/tool](https://github.com/me/tool)\n\n"
        "[me/data](https://huggingface.co/datasets/me/data)\n\n```js\ntype: 'bar',\n```\n")
    [warning] = imported.report.warnings
    assert "a Chart.js chart has no Lanting form" in warning.message
    assert warning.line == 32


def test_hugo_links_to_section_lists(tmp_path: Path) -> None:
    """A link to a section's list (`/posts/`, PaperMod's `/mind/` series) led nowhere:
    the blog for the main section, the section's category for another, as the menu."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "S"\nlanguageCode = "en"\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2023-03-04\n---\n\nAll [posts](/posts/), "
                              'the [mind series](/mind/#top) and <a href="/posts/">these</a>.\n',
        "content/posts/b.md": "---\ntitle: B\ndate: 2023-03-05\n---\n\nB.\n",
        "content/mind/c.md": "---\ntitle: C\ndate: 2023-03-06\n---\n\nC.\n"})
    body = written(imported, "content/posts/a.md")
    assert ("All [posts](/blog/), the [mind series](/categories/mind/#top) and "
            '<a href="/blog/">these</a>.') in body
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_hugo_unknown_paired_shortcode_is_one_warning(tmp_path: Path) -> None:
    """An unknown shortcode with content warned twice, its closing tag as "a closing
    shortcode without its opening" though the opening was just above it."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "U"\nlanguageCode = "en"\n',
        "content/posts/u.md": "---\ntitle: U\ndate: 2023-03-04\n---\n\n"
                              "{{< carousel-x >}}\nInside.\n{{< /carousel-x >}}\n\n"
                              "{{< /stray >}}\n"})
    body = written(imported, "content/posts/u.md")
    assert "<!-- import: unconverted {{< /carousel-x >}} -->" in body and "Inside." in body
    messages = [(w.line, w.message) for w in imported.report.warnings]
    assert len(messages) == 2
    assert messages[0][0] == 6 and "its closing tag is left too" in messages[0][1]
    assert messages[1][0] == 10 and "without its opening" in messages[1][1]


def test_hugo_nanogallery_galleries(tmp_path: Path) -> None:
    """The `galleries`/`gallery src=… title=…` pair many Chinese Hugo blogs copy (a
    nanogallery2 recipe) was left in comments, a warning per image: the photos were
    gone from the post and not even copied."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "G"\nlanguageCode = "zh-cn"\n',
        "static/images/ride/a.jpg": png(8, 8),
        "static/images/ride/b.jpg": png(8, 8),
        "content/posts/ride.md": "---\ntitle: 骑行\ndate: 2023-08-10\n---\n\n{{< galleries >}}\n"
                                 '{{< gallery src="/images/ride/a.jpg" title="青海湖">}}\n'
                                 '{{< gallery src="/images/ride/b.jpg" title="三环">}}\n'
                                 "{{< /galleries >}}\n"})
    body = written(imported, "content/posts/ride/index.md")
    assert '![青海湖](a.jpg "青海湖")\n\n![三环](b.jpg "三环")' in body
    assert imported.report.warnings == []


def test_hugo_one_language_in_a_subfolder(tmp_path: Path) -> None:
    """A `languages:` table of one language was ignored (only two or more were read):
    its menu was lost (a lone "Blog" entry), and with `defaultContentLanguageInSubdir`
    every old URL (`/zh/posts/x/`) was missed. The old home and archive answer too."""
    imported = hugo_import(tmp_path, {
        "hugo.yaml": "title: Z\nlanguageCode: zh-cn\ndefaultContentLanguage: zh\n"
                     "defaultContentLanguageInSubdir: true\nlanguages:\n  zh:\n"
                     "    weight: 1\n    menu:\n      main:\n"
                     "        - {name: 文章, url: posts, weight: 1}\n"
                     "        - {name: 时间轴, url: archives, weight: 2}\n",
        "content/archives.md": "---\ntitle: 时间轴\nlayout: archives\n---\n",
        "content/posts/x.md": "---\ntitle: X\ndate: 2023-08-10\n---\n\n文字。\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["menu"] == [{"name": "文章", "url": "/blog/"},
                              {"name": "时间轴", "url": "/archive/"}]
    assert config["redirects"] == {"/zh/": "/", "/zh/archives/": "/archive/"}
    assert '"/zh/posts/x/"' in written(imported, "content/posts/x.md")


def test_hugo_menu_entries_in_front_matter(tmp_path: Path) -> None:
    """Entries of the main menu given in pages' front matter (`menu: main`, Hugo's
    other way) were lost: a PaperMod blog whose sections named themselves in the menu
    was imported with its search entry alone. A sub-entry (`parent`) is left out."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "M"\nlanguageCode = "zh-cn"\nmainSections = ["evolution"]\n'
                     '[[menus.main]]\nname = "搜索"\nurl = "/search/"\nweight = 80\n',
        "content/about.md": "---\ntitle: 关于\nmenu: main\n---\n\n我。\n",
        "content/evolution/_index.md": "---\ntitle: 演化\nmenu:\n  main:\n    weight: 20\n---\n",
        "content/evolution/a.md": "---\ntitle: A\ndate: 2024-01-01\nmenu:\n  main:\n"
                                  "    parent: menu-evolution\n---\n\nA.\n",
        "content/mind/_index.md": "---\ntitle: 心智\nmenu:\n  main:\n    name: 心智模型\n"
                                  "    weight: 30\n---\n",
        "content/mind/b.md": "---\ntitle: B\ndate: 2024-01-02\n---\n\nB.\n",
        "content/search.md": "---\ntitle: 搜索\nlayout: search\n---\n"})
    config = tomllib.loads(written(imported, "lanting.toml"))
    assert config["menu"] == [{"name": "关于", "url": "/about/"},
                              {"name": "演化", "url": "/blog/"},
                              {"name": "心智模型", "url": "/categories/mind/"},
                              {"name": "搜索", "url": "/search/"}]


def test_hugo_two_space_line_breaks_are_kept(tmp_path: Path) -> None:
    """A line ending in two spaces (a `<br>`, as Typora writes a line break) lost them
    to the import's tidying: the lines ran together. They end with `\\` now, in
    paragraphs only (not in code, math, tables or HTML)."""
    text = ("毕业于网络工程专业。  \n在校期间接触过网络。\n\n```text\ncode  \nmore\n```\n\n"
            "$$\na  \nb\n$$\n\n| a |  \n|---|\n| 1 |\n\n<div>  \nx\n</div>\n")
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "B"\nlanguageCode = "zh-cn"\n',
        "content/posts/b.md": "---\ntitle: B\ndate: 2023-03-04\n---\n\n" + text})
    body = written(imported, "content/posts/b.md").split("---\n", 2)[2].lstrip()
    assert body == ("毕业于网络工程专业。\\\n在校期间接触过网络。\n\n```text\ncode\nmore\n```\n\n"
                    "$$\na\nb\n$$\n\n| a |\n|---|\n| 1 |\n\n<div>\nx\n</div>\n")


def test_hugo_relative_images_with_encoded_names(tmp_path: Path) -> None:
    """A Notion export's `![](Page%20Name/image%201.png)` names `Page Name/image 1.png`:
    it was not found (the name was not decoded), not copied, and not reported; an image
    missing from the source is a warning now, as one named from the root was."""
    imported = hugo_import(tmp_path, {
        "hugo.toml": 'title = "N"\nlanguageCode = "en"\n',
        "content/posts/Page Name/image 1.png": png(8, 8),
        "content/posts/n.md": "---\ntitle: N\ndate: 2023-03-04\n---\n\n"
                              "![a](Page%20Name/image%201.png)\n\n![b](Gone/x.png)\n"})
    body = written(imported, "content/posts/n/index.md")
    assert "![a](image%201.png)" in body
    [warning] = imported.report.warnings
    assert warning.line == 8 and "image `Gone/x.png` not found" in warning.message


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_named_on_a_folder_without_its_files_imports_or_says_why(
        tmp_path: Path, kind: str) -> None:
    """`--from jupyter-book` and `--from docsify` on a folder without `_toc.yml` or
    `index.html` failed with a bare "[Errno 2] No such file or directory". Every kind
    reads such a folder with its defaults, a warning naming what was missing."""
    source = tmp_path / "old"
    write_files(source, {"_posts/a.md": "---\ntitle: A\n---\n\ntext\n", "notes.md": "# N\n"})
    imported = import_site(source, tmp_path / "new", kind, True, NOW)
    assert imported.report.kind == kind
