"""The Astro and Next.js importer: two fixture sites under tests/fixtures/import/ — a
Fuwari-like Astro blog (`src/content/posts/`, `src/config.ts`, remark-math, admonitions,
GitHub cards) and a tailwind-nextjs-starter-blog-like one (`data/blog/*.mdx`,
`data/siteMetadata.js`, MDX components) — read from their built pages; tiny sites
written inline and the pure functions for what they do not show."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from importbits import NOW, imported_site, page, redirect_target, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.astro_bodies import directives, embeds, image_tags
from lanting.importer.astro_front import js_date
from lanting.importer.astro_paths import entry_id, old_path
from lanting.importer.astro_settings import Collection, collections
from lanting.importer.docusaurus_mdx import markdown_in_jsx
from lanting.importer.liquid import Context
from lanting.importer.report import Report

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def fuwari(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "astro-fuwari")


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "nextjs-starter")


# --- detection ---------------------------------------------------------------------------


def test_astro_and_nextjs_blogs_are_detected_not_read_as_notes() -> None:
    assert detect(FIXTURES / "astro-fuwari") == "astro"
    assert detect(FIXTURES / "nextjs-starter") == "nextjs"


def test_an_astro_config_without_content_collections_is_no_astro_blog(tmp_path: Path) -> None:
    write_files(tmp_path, {"astro.config.mjs": "export default {}\n",
                           "notes/a.md": "# A\n"})
    assert detect(tmp_path) == "notes"


# --- the Fuwari-like site ----------------------------------------------------------------


def test_fuwari_settings_become_lanting_toml(fuwari: tuple[Imported, Path]) -> None:
    imported, _out = fuwari
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["language"], config["base_url"]) == (
        "温故的训练日志", "温故", "zh-CN", "https://wen.example.org/")
    assert config["description"] == "大模型训练与优化的笔记"
    # (the theme's placeholder, `https://twitter.com`, is no account of hers)
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/wengu-example"}]
    assert config["profile"] == {"photo": "/images/avatar.png"}  # (from `src/assets/`)
    # the navbar: the presets by the site's words, a link as it is
    assert [(m["name"], m["url"]) for m in config["menu"]] == [
        ("归档", "/archive/"), ("关于", "/about/"), ("代码", "https://github.com/wengu-example")]


def test_pages_written_in_astro_are_reported(fuwari: tuple[Imported, Path]) -> None:
    report = report_of(fuwari[0])
    assert "src/pages/reading-list.astro: warning: a page written in Astro: not " \
           "imported" in report
    # (the theme's list, and the page showing `spec/about.md`, are not)
    assert "archive.astro" not in report and "about.astro" not in report


def test_fuwari_front_matter_is_mapped(fuwari: tuple[Imported, Path]) -> None:
    imported, _out = fuwari
    text = (imported.dest / "content" / "posts" / "梯度裁剪" / "index.md").read_text(
        encoding="utf-8")
    for line in ("date: 2024-03-09", "updated: 2024-04-01", "tags: [优化, 训练稳定性]",
                 "categories: [深度学习]", "cover: cover.png"):
        assert line in text
    draft = (imported.dest / "content" / "posts" / "draft.md").read_text(encoding="utf-8")
    assert "draft: true" in draft
    adam = (imported.dest / "content" / "posts" / "adam-bias.md").read_text(encoding="utf-8")
    assert "lang: en" in adam


def test_fuwari_bodies_render_math_admonitions_and_cards(fuwari: tuple[Imported, Path]) -> None:
    _imported, out = fuwari
    post = page(out, "/posts/梯度裁剪/")
    kinds = [c for e in post.find_all(class_="callout") for c in e.classes]
    assert "callout-tip" in kinds and "callout-note" in kinds
    text = post.text()
    assert "$$" not in text and ":::" not in text and "::github" not in text
    assert ":spoiler" not in text and "其实阈值没那么重要" in text
    links = [a.get("href") for a in post.find_all("a")]
    assert "https://github.com/wengu-example/clip-demo" in links
    assert len(post.find_all("math")) >= 3  # (in the text, a display, the tip)


def test_fuwari_links_and_about_page_keep_working(fuwari: tuple[Imported, Path]) -> None:
    imported, out = fuwari
    post = page(out, "/posts/梯度裁剪/")
    assert "/posts/adam-bias/" in [a.get("href") for a in post.find_all("a")]
    about = page(out, "/about/")
    assert "踩过的坑" in about.text()
    adam = page(out, "/posts/adam-bias/")
    assert "/posts/梯度裁剪/" in [unquote(a.get("href") or "") for a in adam.find_all("a")]
    assert "collection `spec`" in report_of(imported)


# --- the Next.js starter-like site -------------------------------------------------------


def test_site_metadata_becomes_lanting_toml(starter: tuple[Imported, Path]) -> None:
    imported, _out = starter
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["language"]) == (
        "Attention Notes", "Mira Okafor", "en-US")
    # (the starter's placeholders, `https://facebook.com`, are left out)
    assert [link["url"] for link in config["links"]] == [
        "https://github.com/mira-example", "https://x.com/mira_example",
        "mailto:mira@attn-notes.example.com"]
    assert [m["url"] for m in config["menu"]] == ["/blog/", "/tags/", "/about/"]
    # the default author's card (the starter's placeholder e-mail left out)
    assert config["profile"] == {"photo": "/static/images/mira.png", "name": "Mira Okafor",
                                 "position": "Research engineer",
                                 "affiliation": "Example Lab"}


def test_old_blog_urls_redirect(starter: tuple[Imported, Path]) -> None:
    imported, out = starter
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    # (`app/tags/[tag]/`: a tag's page at github-slugger's slug, `_` kept)
    assert config["redirects"] == {"/tags/kv_cache/": "/tags/kv-cache/"}
    assert redirect_target(out, "/blog/scaled-dot-product/") == "/posts/scaled-dot-product/"
    assert redirect_target(out, "/blog/guides/multi-query/") == "/posts/multi-query/"


def test_mdx_components_are_converted_or_reported(starter: tuple[Imported, Path]) -> None:
    imported, out = starter
    post = page(out, "/posts/scaled-dot-product/")
    images = post.find_all("img")
    assert len(images) >= 2  # `<Image>` and the Markdown image inside the `<div>`s
    text = post.text()
    assert "<TOCInline" not in text and "![heads again]" not in text
    assert "import QuizCard" not in text and "{/*" not in text
    report = report_of(imported)
    assert "data/blog/scaled-dot-product.mdx:31: warning: not converted, left in a " \
           "comment: `<QuizCard" in report
    assert "data/blog/scaled-dot-product.mdx:11: warning: MDX import of `QuizCard`" in report
    # (the site's components are Astro's or React's: the report does not say "React")
    assert "runs none of the old site's components" in report and "React comp" not in report
    assert "/posts/multi-query/" in [a.get("href") for a in post.find_all("a")]


def test_a_posts_bibliography_is_copied_and_its_citations_read(
        starter: tuple[Imported, Path]) -> None:
    imported, out = starter
    folder = imported.dest / "content" / "posts" / "multi-query"
    assert (folder / "references.bib").is_file()
    text = (folder / "index.md").read_text(encoding="utf-8")
    assert "bibliography: references.bib" in text
    # (co-written: the authors by their cards' names; the site's author alone is none)
    assert "author: Mira Okafor, Lena Park" in text
    assert "author:" not in (imported.dest / "content" / "posts" / "scaled-dot-product"
                             / "index.md").read_text(encoding="utf-8")
    post = page(out, "/posts/multi-query/")
    assert "[@shazeer2019]" not in post.text() and "[^ref]" not in post.text()
    assert "Shazeer" in post.text()


def test_the_default_author_is_the_about_page(starter: tuple[Imported, Path]) -> None:
    _imported, out = starter
    assert "write down what I understood" in page(out, "/about/").text()


# --- tiny sites --------------------------------------------------------------------------


def test_astropaper_folders_come_first_in_urls_and_js_dates_are_read(
        tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.ts": 'export default defineConfig({ site: "https://k.example/" })\n',
        "src/config.ts": 'export const SITE = {\n  website: "https://k.example/",\n'
                         '  author: "K",\n  title: "札记",\n  lang: "zh-CN",\n} as const;\n',
        "src/content.config.ts": 'export const BLOG_PATH = "src/data/blog";\n'
                                 'const blog = defineCollection({\n  loader: glob({ pattern: '
                                 '"**/[^_]*.md", base: `./${BLOG_PATH}` }),\n});\n'
                                 'export const collections = { blog };\n',
        "src/pages/posts/[...slug]/index.astro": "---\nconst posts = await getCollection("
                                                 '"blog");\nparams: { slug: getPath(post.id, '
                                                 "post.filePath, false) }\n---\n",
        "src/data/blog/tech/2026-01-19.md": "---\ntitle: 读论文\npubDatetime: 11 Oct 2023\n"
                                            "slug: reading-papers\ndescription: x\n---\n\n"
                                            "正文。\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    assert imported.report.kind == "astro"
    text = (dest / "content" / "posts" / "reading-papers.md").read_text(encoding="utf-8")
    assert "date: 2023-10-11" in text
    assert '"/posts/tech/reading-papers/"' in text
    assert ": warning:" not in report_of(imported)
    build(dest, BuildOptions())


def test_astrowind_permalinks_and_settings_are_read(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.ts": "export default defineConfig({ site: SITE.site })\n",
        "src/config.yaml": "site:\n  name: Wind\n  site: 'https://w.example'\n"
                           "metadata:\n  title:\n    default: 风之笔记\n"
                           "i18n:\n  language: zh-CN\napps:\n  blog:\n    post:\n"
                           "      permalink: '/%year%/%category%/%slug%'\n",
        "src/content/config.ts": "const postCollection = defineCollection({\n  loader: glob("
                                 "{ pattern: ['*.md', '*.mdx'], base: 'src/data/post' }),\n"
                                 "});\nexport const collections = { post: postCollection };\n",
        "src/pages/[...blog]/index.astro": "---\n---\n",
        "src/data/post/Lora Tricks.md": "---\ntitle: LoRA\npublishDate: 2024-06-01T00:00:00Z"
                                        "\ncategory: Fine Tuning\n---\n\n正文。\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"], config["base_url"]) == (
        "风之笔记", "zh-CN", "https://w.example/")
    text = (dest / "content" / "posts" / "lora-tricks.md").read_text(encoding="utf-8")
    assert '"/2024/fine-tuning/lora-tricks/"' in text
    assert "collection `post`" not in report_of(imported)


def test_astro_embed_youtube_is_a_video_and_a_tweet_a_link(tmp_path: Path) -> None:
    ctx = Context(Report(tmp_path, "astro"), tmp_path / "a.mdx", "")
    text = embeds('<YouTube id="https://youtu.be/abcdefghijk" />\n\n'
                  '<Tweet id="https://x.com/a/status/1" />\n', ctx)
    assert '{{< video youtube="abcdefghijk" >}}' in text
    assert "[https://x.com/a/status/1](https://x.com/a/status/1)" in text
    assert len(ctx.report.warnings) == 1


def test_links_in_html_comments_are_left_alone(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/consts.ts": "export const SITE_TITLE = 'Notes';\n",
        "src/content/blog/a.md": "---\ntitle: A\npubDate: 2024-01-02\n---\n\nText.\n\n"
                                 "<!-- old intro\n![gone](public/gone.png)\n-->\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    assert ": warning:" not in report_of(imported)
    text = (dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "![gone](public/gone.png)" in text


def test_paths_written_with_the_base_are_the_sites_own(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": 'export default defineConfig({\n  site: "https://g.example/",\n'
                            '  base: "/ml-blog",\n});\n',
        "src/consts.ts": "export const SITE_TITLE = 'ML';\n",
        "src/pages/blog/[...slug].astro": "---\nawait getCollection('blog')\n---\n",
        "src/content/blog/diffusion.md": "---\ntitle: Diffusion\npubDate: 2024-01-02\n"
                                         "heroImage: /ml-blog/diffusion/hero.png\n---\n\n"
                                         "![unet](/ml-blog/diffusion/unet.png)\n\n"
                                         "See [the other post](/ml-blog/blog/other/).\n",
        "src/content/blog/other.md": "---\ntitle: Other\npubDate: 2024-01-03\n---\n\nx\n",
        "public/diffusion/hero.png": png(8, 8),
        "public/diffusion/unet.png": png(8, 8),
    })
    imported = import_site(source, dest, None, False, NOW)
    assert ": warning:" not in report_of(imported)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["base_url"] == "https://g.example/ml-blog/"
    text = (dest / "content" / "posts" / "diffusion" / "index.md").read_text(encoding="utf-8")
    assert "cover: hero.png" in text and "![unet](unet.png)" in text
    assert "[the other post](../other.md)" in text
    build(dest, BuildOptions())


def test_a_content_folder_the_config_does_not_declare_is_a_collection(
        tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/config.ts": 'export const siteConfig = {\n  title: "逆向笔记",\n};\n',
        "src/content/config.ts": "const postsCollection = defineCollection({});\n"
                                 "export const collections = {\n  posts: postsCollection,\n};\n",
        "src/content/posts/a.md": "---\ntitle: A\npublished: 2024-01-02\n---\n\n正文。\n",
        "src/content/spec/about.md": "# About\n\n普通大学生。\n",
        "src/pages/posts/[...slug].astro": "---\n---\n",
        "src/pages/about.astro": "---\nconst aboutPost = await getEntry('spec', 'about')\n---\n",
        "src/pages/tools/index.astro": "---\nawait getCollection('tools')\n---\n",
        "src/content/tools/x.md": "---\ntitle: X\n---\n\nA tool.\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    assert (dest / "content" / "pages" / "about.md").is_file()
    # (neither `about.astro`, which showed `spec/about.md`, nor the tools' list is lost)
    assert ": warning:" not in report_of(imported)


def test_wrappers_around_markdown_are_unwrapped_without_a_warning(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/consts.ts": "export const SITE_TITLE = 'Notes';\n",
        "src/content/docs/setup.mdx": "---\ntitle: Setup\n---\n\n"
                                      "import { Steps } from '@astrojs/starlight/components';\n\n"
                                      "<Steps>\n\n1. Install.\n2. Train.\n\n</Steps>\n\n"
                                      "<Fragment slot='desc'>\nA slot.\n</Fragment>\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    assert ": warning:" not in report_of(imported)
    text = (dest / "content" / "pages" / "setup.md").read_text(encoding="utf-8")
    assert "1. Install." in text and "A slot." in text and "<Steps" not in text


def test_astropaper_4s_post_slug_is_the_old_url(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.ts": "export default defineConfig({})\n",
        "src/config.ts": 'export const SITE = {\n  title: "Paper",\n};\n',
        "src/content/config.ts": "const blog = defineCollection({ type: 'content' });\n"
                                 "export const collections = { blog };\n",
        "src/pages/posts/[slug]/index.astro": "---\nawait getCollection('blog')\n---\n",
        "src/content/blog/first.md": "---\ntitle: First\npubDatetime: 2023-02-01T04:00:00Z\n"
                                    "postSlug: my-first-post\ndescription: x\n---\n\nHi.\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    assert ": notice: front matter" not in report_of(imported)
    text = (dest / "content" / "posts" / "my-first-post.md").read_text(encoding="utf-8")
    assert "aliases" not in text  # (`/posts/my-first-post/` in both sites)


def test_a_collections_resources_folder_is_read(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/consts.ts": "export const SITE_TITLE = 'Notes';\n",
        "src/content/blog/resources/reading.md": "---\ntitle: Reading\npubDate: 2024-01-02"
                                                 "\n---\n\n![v](/vendor/v.png)\n",
        "public/vendor/v.png": png(8, 8),
    })
    imported = import_site(source, dest, None, False, NOW)
    assert ": warning:" not in report_of(imported)
    assert (dest / "content" / "posts" / "reading" / "index.md").is_file()


def test_without_remark_math_dollars_stay_dollars(tmp_path: Path) -> None:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/content/blog/price.md": "---\ntitle: Price\npubDate: 2024-01-02\n---\n\n"
                                     "It cost $5 and then $6.\n",
    })
    import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "posts" / "price.md").read_text(encoding="utf-8")
    assert "\\$5 and then \\$6" in text


@pytest.mark.parametrize("where", ["module", "config"])
def test_the_math_plugins_macros_become_lanting_macros(tmp_path: Path, where: str) -> None:
    """An ML blog on Astro passes rehype-mathjax `macros: mathJaxMacros`, an object of
    its own `src/mathjax.macros.ts` (MathJax's `name: ["…", 1]` form): none were read,
    and every formula using one (`\\E`, `\\inner{x}{y}`) failed the build. Written in
    the settings, a rehype-katex `macros: {…}` is read as well."""
    source, dest = tmp_path / "src", tmp_path / "out"
    macros = ('{\n  E: ["\\\\mathbb{E}"],\n  // the inner product\n'
              '  inner: ["\\\\langle #1, #2 \\\\rangle", 2],\n}')
    config = ('import rehypeMathjax from "rehype-mathjax/chtml";\n'
              'import remarkMath from "remark-math";\n'
              + ('import { mathJaxMacros } from "./src/mathjax.macros";\n' if where == "module"
                 else f"const mathJaxMacros = {macros};\n")
              + "export default defineConfig({\n  markdown: {\n    remarkPlugins: [remarkMath],"
              "\n    rehypePlugins: [[rehypeMathjax, { tex: { macros: mathJaxMacros } }]],"
              "\n  },\n});\n")
    write_files(source, {
        "astro.config.mjs": config,
        "src/mathjax.macros.ts": f"export const mathJaxMacros = {macros};\n",
        "src/consts.ts": "export const SITE_TITLE = 'Notes';\n",
        "src/content/blog/kl.md": "---\ntitle: KL\npubDate: 2024-01-02\n---\n\n"
                                  "$\\E_q[x] = \\inner{a}{b}$\n",
    })
    imported = import_site(source, dest, None, False, NOW)
    config = tomllib.loads((dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["markdown"]["math_macros"] == {
        "E": "\\mathbb{E}", "inner": "\\langle #1, #2 \\rangle"}
    assert ": warning:" not in report_of(imported)
    build(dest, BuildOptions())  # (errors raise)


def test_the_sites_own_image_components_are_images(tmp_path: Path) -> None:
    """An ML blog on Astro draws every figure with a component of its own, `<BlogImage
    imagePath='/img/kl/a.png' altText='…' />`, whose template is an `<img src={imagePath}
    alt={altText}>` with the text as its `<figcaption>`: each use was left in a comment
    under a warning, 101 figures gone. Its file says which property is which: a use is
    a figure, its import goes without a warning; a component showing more stays reported."""
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "export default defineConfig({})\n",
        "src/consts.ts": "export const SITE_TITLE = 'Notes';\n",
        "src/components/BlogImage.astro": (
            "---\ninterface Props { imagePath: string; altText?: string }\n"
            "const { imagePath, altText = '' } = Astro.props;\n---\n\n<figure>\n"
            "  <img\n    src={imagePath}\n    alt={altText}\n    class='mx-auto'\n  />\n"
            "  {altText && <figcaption><b>Fig.</b> {altText}</figcaption>}\n</figure>\n"),
        "src/components/Plot.tsx": ("export default function Plot({ file }) {\n"
                                    "  return <img src={file} className='plot' />;\n}\n"),
        "src/components/Note.astro": "<aside class='note'><slot /></aside>\n",
        "public/img/kl/two.png": png(40, 20),
        "src/content/blog/kl.mdx": (
            "---\ntitle: KL\npubDate: 2024-01-02\n---\n\n"
            'import BlogImage from "@/components/BlogImage.astro";\n'
            "import Plot from '../../components/Plot';\n"
            'import Note from "@/components/Note.astro";\n\nTwo Gaussians:\n\n'
            "<BlogImage\n  imagePath='/img/kl/two.png'\n  altText='Two [wide] Gaussians.'\n"
            "  fullWidth\n/>\n\n<Plot file=\"/img/kl/two.png\" />\n\n"
            "<Note>\nA note.\n</Note>\n"),
    })
    imported = import_site(source, dest, None, False, NOW)
    text = (dest / "content" / "posts" / "kl" / "index.md").read_text(encoding="utf-8")
    assert "![Two \\[wide\\] Gaussians.](two.png \"Two [wide] Gaussians.\")" in text
    assert "![](two.png)" in text
    report = report_of(imported)
    warnings = [line for line in report.splitlines() if ": warning:" in line]
    assert not [w for w in warnings if "BlogImage" in w or "Plot" in w]
    assert "<Note>" in report  # (no image component: reported, its text kept)
    assert "MDX imports of Astro's, its integrations' and the site's own components " \
        "removed (`BlogImage`, `Plot`)" in report
    out = build(dest, BuildOptions()).output
    figure = page(out, "/posts/kl/").one("figure")
    assert "Two [wide] Gaussians." in figure.text()


# --- the pure functions ------------------------------------------------------------------


def test_entry_ids_are_astros() -> None:
    assert entry_id("My Post/index.md", None) == "my-post"
    assert entry_id("2024/Hello World.mdx", None) == "2024/hello-world"
    assert entry_id("x.md", "/custom/") == "custom"


def test_old_paths_follow_the_route() -> None:
    folder = Path("/x")
    assert old_path(Collection("posts", folder, "/posts"), "guide/index.md", None) == \
        "/posts/guide/"
    assert old_path(Collection("blog", folder, "/posts", "folders"), "tech/_old/a.md",
                    "b") == "/posts/tech/b/"
    assert old_path(Collection("blog", folder, "/blog", "path"), "nested/My-Post.mdx",
                    None) == "/blog/nested/My-Post/"
    assert old_path(Collection("spec", folder, None), "about.md", None) is None


def test_js_dates() -> None:
    assert js_date("11 Oct 2023") == "2023-10-11"
    assert js_date("6 December 2024") == "2024-12-06"
    assert js_date("Oct 11, 2023") == "2023-10-11"
    assert js_date("2023-10-11") is None and js_date(3) is None


def test_markdown_inside_jsx_blocks_becomes_paragraphs() -> None:
    text, count = markdown_in_jsx('<div className="a">\n  ![x](x.png)\n</div>\n')
    assert count == 1
    assert text == '<div className="a">\n\n![x](x.png)\n\n</div>\n'
    assert markdown_in_jsx("a\nb\n") == ("a\nb\n", 0)


def test_a_sentence_wrapped_inside_a_jsx_block_stays_one_paragraph() -> None:
    text, count = markdown_in_jsx("<div>\n  Photo by [Ana\n  Lima](https://x.example)\n"
                                  "</div>\n")
    assert count == 1
    assert text == "<div>\n\nPhoto by [Ana\nLima](https://x.example)\n\n</div>\n"


def test_an_html_image_with_a_width_stays_html(tmp_path: Path) -> None:
    ctx = Context(Report(tmp_path, "nextjs"), tmp_path / "a.mdx", "")
    sized = '<img className="inline" src="/static/images/a.png" width="300" />'
    assert image_tags(sized, {}, ctx) == sized
    assert image_tags('<img src="/a.png" alt="A" />', {}, ctx) == "![A](/a.png)"


def test_github_cards_of_a_user_are_links(tmp_path: Path) -> None:
    ctx = Context(Report(tmp_path, "astro"), tmp_path / "a.md", "")
    assert directives('::github{user="octo-example"}\n', ctx) == \
        "[octo-example](https://github.com/octo-example)\n"


def test_collections_of_a_content_config(tmp_path: Path) -> None:
    write_files(tmp_path, {
        "src/content.config.ts": "const post = defineCollection({ loader: glob({ base: "
                                 '"./content/posts", pattern: "**/*.{md,mdx}" }) });\n'
                                 "const links = defineCollection({ loader: file("
                                 '"src/links.json") });\n'
                                 "export const collections = { post, links };\n",
        "content/posts/a.md": "---\ntitle: A\n---\n",
        "src/pages/posts/[...slug].astro": "---\n---\n",
    })
    found = collections(tmp_path, Report(tmp_path, "astro"))
    assert found == [Collection("post", tmp_path / "content" / "posts", "/posts")]


def test_the_tutorial_blogs_markdown_pages_are_posts_at_their_old_urls(
        tmp_path: Path) -> None:
    # Astro's own tutorial writes its posts as Markdown pages, no collection:
    # `src/pages/posts/post-1.md` with a layout and a `pubDate`, listed by `blog.astro`.
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {
        "astro.config.mjs": "import { defineConfig } from 'astro/config';\n"
                            "import remarkMath from 'remark-math';\n"
                            "export default defineConfig({ markdown: { remarkPlugins: "
                            "[remarkMath] } });\n",
        "package.json": '{"dependencies": {"astro": "^5.0.0"}}\n',
        "src/pages/blog.astro": "---\nconst posts = Object.values(import.meta.glob("
                                "'./posts/*.md', { eager: true }));\n---\n<ul></ul>\n",
        "src/pages/posts/first-steps.md": "---\nlayout: ../../layouts/PostLayout.astro\n"
                                          "title: 'First steps'\npubDate: 2025-03-04\n"
                                          "description: 'Why I write'\nauthor: 'R. Li'\n"
                                          "tags: [\"learning\"]\n---\n\nSee $x^2$.\n",
        "src/pages/now.md": "---\nlayout: ../layouts/Base.astro\ntitle: Now\n---\n\nToday.\n",
    })
    assert detect(source) == "astro"
    imported = import_site(source, dest, None, False, NOW)
    post = (dest / "content" / "posts" / "first-steps.md").read_text(encoding="utf-8")
    assert "date: 2025-03-04" in post and "tags: [learning]" in post
    assert (dest / "content" / "pages" / "now.md").is_file()
    assert "no content collection" not in report_of(imported)
    build(dest, BuildOptions())
    html = page(dest / "public", "/posts/first-steps/")
    assert html.find("math") is not None


def test_a_date_key_of_the_schemas_own_makes_posts(tmp_path: Path) -> None:
    """`createdDate: z.date()` in the collection's schema: the entries were pages (their
    date key none Lanting knew), "front matter Lanting has no place for" each."""
    source = tmp_path / "old"
    write_files(source, {
        "astro.config.mjs": "export default {}\n",
        "src/content.config.ts": "const posts = defineCollection({\n  loader: glob({ pattern: "
                                 "'**/*.md', base: './src/data/posts' }),\n  schema: z.object("
                                 "{\n    title: z.string(),\n    createdDate: z.date(),\n"
                                 "    lastEdited: z.coerce.date().optional(),\n  }),\n});\n"
                                 "export const collections = { posts };\n",
        "src/data/posts/mcmc.md": "---\ntitle: MCMC\ncreatedDate: 2024-12-07\n---\n\nChains.\n",
        "src/data/posts/gibbs.md": "---\ntitle: Gibbs\ncreatedDate: 2025-01-03\n---\n\nSweeps.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.counts["posts"] == 2
    text = (imported.dest / "content" / "posts" / "mcmc.md").read_text(encoding="utf-8")
    assert "date: 2024-12-07" in text and "createdDate" not in report_of(imported)


def test_a_collection_of_publications_is_the_publications(tmp_path: Path) -> None:
    """`src/content/publications/*.md`, each a paper (`authors`, `venue`, `year`, `url`;
    its text the abstract), which the home page listed: imported as pages at new URLs,
    "front matter Lanting has no place for" each. They are `content/publications.bib`."""
    source = tmp_path / "old"
    paper = ('---\ntitle: "{}"\nauthors: "Ana Berg<sup>*</sup>, **Wen Shu<sup>*</sup>**, Li '
             'Wei"\nvenue: "{}"\nyear: {}\nurl: "https://papers.example.org/{}"\norder: {}\n'
             "---\n\n{}\n")
    write_files(source, {
        "astro.config.mjs": "export default {}\n",
        "src/content/config.ts": "const publications = defineCollection({ type: 'content' });\n"
                                 "export const collections = { publications };\n",
        "src/content/publications/flow.md": paper.format(
            "Searching workflows", "ICLR 2025", 2025, "flow", 2, "A search over code."),
        "src/content/publications/prompts.md": paper.format(
            "Prompt optimization", "EMNLP 2025", 2025, "prompts", 1, "Prompts, improved.")})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert bib.index("Prompt optimization") < bib.index("Searching workflows")  # (`order`)
    assert "= {Ana Berg* and Wen Shu* and Li Wei}" in bib
    assert "abstract  = {A search over code.}" in bib
    assert not (imported.dest / "content" / "pages").exists()


def test_a_collection_of_projects_is_the_projects(tmp_path: Path) -> None:
    """`src/content/projects/*.md` (`technologies`, `codeUrl`, `docsUrl`, `videoUrl`),
    which `projects.astro` showed as cards, were dated posts of the blog, their links a
    notice each: they are projects of Lanting's /projects/."""
    source = tmp_path / "old"
    write_files(source, {
        "astro.config.mjs": "export default {}\n",
        "src/content/config.ts": "const projects = defineCollection({ type: 'content' });\n"
                                 "export const collections = { projects };\n",
        "src/content/projects/lattice.md": '---\ntitle: "晶格光电导"\ndate: "2026-04-17"\n'
                                           'technologies: ["Python", "NumPy"]\ncodeUrl: '
                                           '"https://git.example.org/lattice"\ndocsUrl: '
                                           '"https://papers.example.org/l"\n---\n\n数值模拟。\n'})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert imported.report.counts["projects"] == 1 and imported.report.counts["posts"] == 0
    text = (imported.dest / "content" / "projects" / "lattice.md").read_text(encoding="utf-8")
    assert "tags: [Python, NumPy]" in text and "name: Docs" in text and "数值模拟。" in text
    assert "`codeUrl`" not in report_of(imported)
    build(tmp_path / "new", BuildOptions())
    assert "晶格光电导" in page(tmp_path / "new" / "public", "/projects/").text()


def test_a_single_tag_key_is_the_tag(tmp_path: Path) -> None:
    """A theme's `tag: 技术分享` (one string, its schema's own key): "front matter
    Lanting has no place for", the post untagged."""
    source = tmp_path / "old"
    write_files(source, {
        "astro.config.mjs": "export default {}\n",
        "src/content/posts/talk.md": "---\ntitle: 讲座\ndate: 2025-10-29\ntag: 技术分享\n---\n\n"
                                     "讲座内容。\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "talk.md").read_text(encoding="utf-8")
    assert "tags: [技术分享]" in text and "`tag`" not in report_of(imported)


_VELITE = {
    "next.config.ts": "export default {};\n",
    "package.json": '{ "dependencies": { "next": "15.0.0", "velite": "0.2.0" } }\n',
    "velite.config.ts": 'import { defineConfig, defineCollection, s } from "velite";\n'
                        'const posts = defineCollection({\n  name: "Post",\n'
                        '  pattern: "blog/**/*.mdx",\n  schema: s.object({ slug: s.path() '
                        '}),\n});\nexport default defineConfig({\n  root: "content",\n'
                        "  collections: { posts },\n});\n",
    "config/site.ts": 'export const siteConfig = {\n  name: "Field notes",\n'
                      '  url: "https://notes.example.org",\n  author: "A. Writer",\n'
                      '  links: { github: "https://github.com/a-writer" },\n};\n',
    "src/app/blog/[...slug]/page.tsx": "export default function Page() { return null; }\n",
    "content/blog/README.md": "How to write a post.\n"}
"""A Next.js blog whose Markdown Velite reads, shaped as the shadcn-style starters."""


def test_a_blog_velite_reads_is_a_nextjs_blog(tmp_path: Path) -> None:
    """`velite.config.ts` (`root: "content"`, `pattern: "blog/**/*.mdx"`) beside
    `next.config.ts`, the `siteConfig` in `config/site.ts`: it was read as a folder of
    notes. Its posts keep their `/blog/x/` URLs; the README beside them is no post."""
    source = tmp_path / "old"
    write_files(source, {**_VELITE, "content/blog/bayes.mdx": "---\ntitle: Bayes\n"
                         "date: 2025-01-02\n---\n\nThe rule.\n"})
    assert detect(source) == "nextjs"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "Field notes" and config["author"] == "A. Writer"
    assert config["base_url"] == "https://notes.example.org/"
    post = (imported.dest / "content" / "posts" / "bayes.md").read_text(encoding="utf-8")
    assert '"/blog/bayes/"' in post
    assert not (imported.dest / "content" / "posts" / "readme.md").exists()


def test_formulas_of_react_katex_and_the_sites_wrappers(tmp_path: Path) -> None:
    """react-katex's `<InlineMath math="…" />` and the site's own components that only
    hand their child to it (`<TexBlock>{"…"}</TexBlock>`): Lanting ran none, so the TeX
    was left as a JavaScript string, or in a comment."""
    source = tmp_path / "old"
    write_files(source, {
        **_VELITE,
        "src/components/math.tsx": 'import { BlockMath, InlineMath } from "react-katex";\n'
                                   "export function Tex({ children }: { children: string }) "
                                   "{\n  return <InlineMath math={children} />;\n}\n"
                                   "export function TexBlock({ children }: Props) {\n"
                                   "  return <BlockMath math={children} />;\n}\n",
        "content/blog/bayes.mdx": "---\ntitle: Bayes\ndate: 2025-01-02\n---\n\n"
                                  'The rule:\n<TexBlock>{"P(A|B) = \\\\frac{P(B|A)P(A)}'
                                  '{P(B)}"}</TexBlock>\n\nwhere <Tex>{"P(A)"}</Tex> is the '
                                  'prior and <InlineMath math="P(B)" /> the evidence.\n'})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = (imported.dest / "content" / "posts" / "bayes.md").read_text(encoding="utf-8")
    assert "$$\nP(A|B) = \\frac{P(B|A)P(A)}{P(B)}\n$$" in post
    assert "where $P(A)$ is the prior and $P(B)$ the evidence." in post
