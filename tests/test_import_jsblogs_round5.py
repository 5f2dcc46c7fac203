"""JavaScript-built blogs, round 5: small sites written inline, each shaped as a real
Eleventy, Astro or Next.js blog was (no copied text), for what the importers missed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from importbits import NOW, page
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site
from lanting.importer.astro_front import code_dates
from lanting.markdown.math_formula import to_mathml

PNG = png(4, 3)


def test_a_date_key_the_code_sorts_by_is_the_date() -> None:
    code = ("posts.toSorted((a, b) => new Date(b.frontmatter.createdDate).getTime() - "
            "new Date(a.frontmatter.createdDate).getTime())\n"
            ".sort((a, b) => new Date(b.data.author_date) - new Date(a?.data?.when))\n"
            "new Date(post.data.pubDate); new Date(p.frontmatter.updatedDate)")
    assert code_dates(code) == ("createdDate", "author_date", "when")


def test_astro_markdown_pages_dated_by_a_key_of_their_own_are_posts(tmp_path: Path) -> None:
    """`src/pages/posts/*.md` with `createdDate:`, which the posts' list sorted by and
    showed: they were read as seven undated pages."""
    source = tmp_path / "old"
    write_files(source, {
        "astro.config.mjs": "export default {};\n",
        "src/pages/posts/index.astro":
            '---\nconst all = Object.values(import.meta.glob("./*.md", { eager: true }));\n'
            "---\n{all.toSorted((a, b) => new Date(b.frontmatter.createdDate).getTime()"
            " - new Date(a.frontmatter.createdDate).getTime()).map((p) => p.url)}\n",
        "src/pages/posts/first.md": "---\ntitle: First\ncreatedDate: 2025-02-07T19:52:25+09:00\n"
                                    "updatedDate: 2025-05-02T04:19:48+09:00\n---\n\nHello.\n",
        "src/pages/about.md": "---\ntitle: About\n---\n\nMe.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = imported.dest / "content" / "posts" / "first.md"
    text = post.read_text(encoding="utf-8")
    assert "date: 2025-02-07T19:52:25+09:00" in text
    assert "updated: 2025-05-02T04:19:48+09:00" in text
    assert (imported.dest / "content" / "pages" / "about.md").is_file()


def test_an_eleventy_collection_sorted_by_its_own_date_key(tmp_path: Path) -> None:
    """A collection sorted by `new Date(b.data.author_date)`, each post dated there and
    not by `date`: they were pages, undated; the key was named as data left out."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js":
            "module.exports = (c) => {\n"
            '  c.addCollection("writing", (api) => api.getFilteredByGlob('
            '"web/pages/writing/*.md")\n'
            "    .sort((a, b) => new Date(b.data.author_date) - new Date(a.data.author_date)));\n"
            '  return { dir: { input: "web/pages" } };\n};\n',
        "web/pages/writing/arrays.md": "---\ntitle: Arrays\nauthor_date: November 15, 2021\n"
                                       "---\n\nText.\n",
        "web/pages/about.md": "---\ntitle: About\n---\n\nMe.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = imported.dest / "content" / "posts" / "arrays.md"
    assert "date: 2021-11-15" in post.read_text(encoding="utf-8")
    assert "author_date" not in imported.report.format(imported.dest, False)


def test_an_eleventy_page_printing_its_own_data(tmp_path: Path) -> None:
    """`# {{ title }}` and `{{ author_date }}` in a post (Liquid ran them first, with the
    page's data): each was a warning and a comment, the heading an empty `#`."""
    source = tmp_path / "old"
    write_files(source, {
        "eleventy.config.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/posts/posts.json": '{"tags": "posts", "hero": {"caption": "A map"}}\n',
        "src/posts/walks.md": "---\ntitle: Random walks\ndate: 2021-11-15\n"
                              "shown: November 15, 2021\nparts: 3\n---\n\n# {{ title }}\n\n"
                              "{{ shown }}, in {{ parts }} parts. {{ hero.caption | safe }}."
                              " {{ missing }}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "walks.md").read_text(encoding="utf-8")
    assert "title: Random walks" in text and "# " not in text.split("---", 2)[2]
    assert "November 15, 2021, in 3 parts. A map." in text
    assert "unconverted {{ missing }}" in text
    report = imported.report.format(imported.dest, False)
    assert report.count("left in a comment") == 1


def test_an_image_a_passthrough_copy_published_elsewhere(tmp_path: Path) -> None:
    """`addPassthroughCopy({ "web/static": "static" })` beside an input folder
    `web/pages`: `/static/img/a.png` was looked for in the input folder, a warning each."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": "export default function (c) {\n"
                        '  c.addPassthroughCopy({ "web/static": "static" });\n'
                        '  return { dir: { input: "web/pages" } };\n}\n',
        "web/static/img/walk/setup.png": PNG,
        "web/pages/posts/walk.md": "---\ntitle: Walk\ndate: 2021-11-15\ntags: posts\n---\n\n"
                                   "![The setup](/static/img/walk/setup.png)\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    assert "not found" not in imported.report.format(imported.dest, False)
    built = build(imported.dest, BuildOptions())
    assert [str(w) for w in built.warnings] == []
    post = page(imported.dest / "public", "/posts/walk/")
    image = post.find("img")
    assert image is not None and (imported.dest / "public" / image.attrs["src"].lstrip("/")
                                  ).is_file()


def test_nunjucks_variables_a_post_sets_and_an_include_shows(tmp_path: Path) -> None:
    """A demo post's `{% set css %}…{% endset %}` captures and `{% set open = 'open' %}`
    handed to `{% include "partials/snippet.njk" %}`: every tag was a warning and a
    comment, and the snippet's code never shown."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" },\n'
                        '  markdownTemplateEngine: "njk" });\n',
        "src/_data/meta.json": '{"site": "Grids"}\n',
        "src/_includes/partials/snippet.njk":
            "{% if cssShown %}\n<details {{ open }}>\n  <summary>CSS for \"{{ demoTitle }}\""
            "</summary>\n\n```css{{ lineMarks }}\n{{- cssShown | safe }}\n```\n</details>\n"
            "{% else %}\nNo CSS.\n{% endif %}\n",
        "src/posts/grids.md":
            "---\ntitle: Grids\ndate: 2023-04-18\ntags: posts\n---\n\n{% set intro %}\n"
            "A *grid*.\n{% endset %}\n{{ intro | safe }}\n\n"
            "{% set open = 'open' %}\n{% set demoTitle = \"Two \" + meta.site %}\n"
            "{% set css %}\n.grid {\n  display: grid;\n}\n{% endset %}\n"
            "{% set cssShown %}\n{{- css -}}\n{% endset %}\n"
            "{% include \"partials/snippet.njk\" %}\n\n{% set lineMarks = '/2' %}\n"
            "{% include \"partials/snippet.njk\" %}\n\n{% set cssShown = false %}\n"
            "{% include \"partials/snippet.njk\" %}\n\n"
            "{% set base = env.URL + \"/img/\" %}\nSee {{ base }}.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "grids.md").read_text(encoding="utf-8")
    body = text.split("---", 2)[2]
    assert "{% set" not in body.replace("unconverted {% set base", "")
    assert "\nA *grid*.\n" in body
    assert body.count('<summary>CSS for "Two Grids"</summary>') == 2
    assert body.count("<details open>") == 2
    assert "```css\n.grid {\n  display: grid;\n}\n" in body
    assert '```css hl_lines=2\n.grid {' in body
    assert "No CSS." in body and "{% if" not in body
    report = imported.report.format(imported.dest, False)
    assert report.count("left in a comment") == 2  # (the base worked out from `env`)


def test_images_the_sites_own_build_tasks_copied(tmp_path: Path) -> None:
    """gulp copied `src/site/_includes/images/` to the output's `/images/`, where the
    posts' `<img src="/images/posts/a/b.jpg">` found them; Eleventy never saw them: each
    image was a warning, each a build error."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src/site" } });\n',
        "gulpfile.js": "gulp.src('src/site/_includes/images/**').pipe(gulp.dest('dist/images'))\n",
        "src/site/_includes/images/posts/grid/columns.png": PNG,
        "src/site/_includes/images/posts/grid/other.png": PNG,
        "src/site/_includes/old/images/posts/grid/other.png": PNG,
        "src/site/posts/grid.md": "---\ntitle: Grid\ndate: 2015-02-07\ntags: posts\n---\n\n"
                                  '<img src="/images/posts/grid/columns.png" alt="Columns">\n\n'
                                  "![Other](/images/posts/grid/other.png)\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    report = imported.report.format(imported.dest, False)
    assert "`/images/posts/grid/columns.png` not found" not in report
    # (two files end with that path: which one the tasks copied is not known)
    assert "`/images/posts/grid/other.png` not found" in report
    text = (imported.dest / "content" / "posts" / "grid" / "index.md").read_text(
        encoding="utf-8")
    assert 'src="columns.png"' in text


def test_a_nextjs_site_of_mdx_pages(tmp_path: Path) -> None:
    """`@next/mdx` with `pageExtensions` naming `mdx`: `src/pages/blog/posts/x.mdx` is
    the route `/blog/posts/x`, `app/notes/y/page.mdx` the route `/notes/y`; the site was
    read as a folder of notes (one page). A post's date is the key the site's loader
    names (`date: metadata.publishedDate`), written with an ordinal; a page showing an
    imported Markdown file (`<Notes />`) shows its text."""
    source = tmp_path / "old"
    write_files(source, {
        "next.config.mjs": "import nextMDX from '@next/mdx'\nconst withMDX = nextMDX({})\n"
                           "export default withMDX({ pageExtensions: ['js', 'md', 'mdx'] })\n",
        "package.json": '{"dependencies": {"next": "15.0.7", "@next/mdx": "^13.5.6"}}\n',
        "src/scripts/loadPosts.js": "posts.push({ title: metadata.title,\n"
                                    "  date : metadata.publishedDate,\n});\n",
        "src/pages/_app.js": "export default function App() {}\n",
        "src/pages/blog/posts/applications.mdx":
            "---\ntitle: \"On applications\"\npublishedDate: \"May 23rd, 2023\"\n---\n\n"
            "import Layout from \"/src/components/mdxLayout.js\";\n\nSome advice.\n",
        "src/app/notes/(courses)/algebra/page.mdx":
            "import Notes from 'notes/algebra.md'\n\n<Notes />\n",
        "notes/algebra.md": "---\ntitle: Algebra\n---\n\n## Groups\n\nA *group* is a set.\n"})
    assert detect(source) == "nextjs"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    post = (posts / "applications.md").read_text(encoding="utf-8")
    assert "date: 2023-05-23" in post and '"/blog/posts/applications/"' in post
    notes = (imported.dest / "content" / "pages" / "algebra.md").read_text(encoding="utf-8")
    assert "## Groups\n\nA *group* is a set." in notes and "<Notes" not in notes
    assert '"/notes/algebra/"' in notes


def test_a_docusaurus_partial_is_its_text(tmp_path: Path) -> None:
    """Docusaurus' partials: `import Setup from './_setup.mdx'` shown by `<Setup />` was
    a warning for the import and another for the use, the text lost."""
    source = tmp_path / "old"
    write_files(source, {
        "docusaurus.config.js": "module.exports = { title: 'Notes', url: 'https://n.example',"
                                " baseUrl: '/', presets: [['classic', {}]] };\n",
        "docs/_setup.mdx": "Install the *solver* first.\n",
        "docs/intro.mdx": "---\ntitle: Intro\n---\n\nimport Setup from './_setup.mdx';\n\n"
                          "<Setup />\n\nThen run it.\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "pages" / "intro.md").read_text(encoding="utf-8")
    assert "Install the *solver* first.\n\nThen run it." in text
    assert ": warning:" not in imported.report.format(imported.dest, False)


@pytest.mark.parametrize("tex", [
    r"c_1 \equiv g^r \pmod p \text{\hspace{0.2in} and \hspace{0.2in}} c_2",
    r"a \text{x\,y\;z\!w} b",
    r"a \text{x \qquad z \kern1em y} b",
])
def test_a_space_written_in_text_is_shown(tex: str) -> None:
    """KaTeX (gatsby-remark-katex, rehype-katex) shows `\\hspace`, `\\,` or `\\qquad` in
    `\\text{…}`; math-core refused them ("not valid in text mode"), failing the build."""
    mathml = to_mathml(tex, False)
    assert "<mtext" in mathml and "mspace" in mathml


def test_an_astro_cover_written_from_the_projects_root(tmp_path: Path) -> None:
    """`ogImage: "public/social-card.png"`, the path the writer's editor found from the
    project's root: a warning (not found) and no cover."""
    source = tmp_path / "old"
    write_files(source, {
        "astro.config.mjs": "export default {};\n",
        "src/content.config.ts": 'const post = defineCollection({ loader: glob({ base: '
                                 '"./src/content/post", pattern: "**/*.{md,mdx}" }) });\n',
        "public/social-card.png": PNG,
        "src/content/post/io.mdx": "---\ntitle: Inputs\npublishDate: 26 August 2024\n"
                                   'ogImage: "public/social-card.png"\n---\n\nText.\n'})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    post = posts / "io.md" if (posts / "io.md").is_file() else posts / "io" / "index.md"
    assert re.search(r"^cover: /?social-card\.png$", post.read_text(encoding="utf-8"), re.M)
    assert "not found" not in imported.report.format(imported.dest, False)


def test_an_mdx_pages_layout_and_styles_are_no_warnings(tmp_path: Path) -> None:
    """`import Layout from …` used only by `export default ({ children }) => <Layout>
    {children}</Layout>` (MDX's layout of the page) and `import './style.css'`: three
    warnings of code Lanting's page template stands for; a data export still warns."""
    source = tmp_path / "old"
    write_files(source, {
        "next.config.mjs": "import nextMDX from '@next/mdx'\nexport default nextMDX({})({})\n",
        "pages/essays/advice.mdx":
            "---\ntitle: Advice\n---\n\nimport Layout from '/src/components/mdxLayout.js';\n"
            "import './style.css'\n\nSome advice.\n\nexport const videos = [1, 2];\n\n"
            "export default ({ children }) => <Layout> {children}</Layout>\n",
        "pages/essays/style.css": "p { color: red; }\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    report = imported.report.format(imported.dest, False)
    assert report.count("essays/advice.mdx") == 2  # (one notice, one warning)
    assert "export const videos" in report and "layout and styles left out" in report
    text = (imported.dest / "content" / "pages" / "advice.md").read_text(encoding="utf-8")
    assert "Some advice." in text and "export" not in text


def test_an_astro_link_in_other_capitals_than_the_id(tmp_path: Path) -> None:
    """`/posts/inputsOutputs/` for the entry `inputsOutputs.mdx`, whose id Astro slugged
    to `inputsoutputs`: the writer's computer found it; the link was dropped, a warning."""
    source = tmp_path / "old"
    write_files(source, {
        "astro.config.mjs": "export default {};\n",
        "src/content.config.ts": 'const post = defineCollection({ loader: glob({ base: '
                                 '"./src/content/post", pattern: "**/*.{md,mdx}" }) });\n',
        "src/pages/posts/[...slug].astro": "---\nconst posts = await getCollection('post');\n"
                                           "---\n",
        "src/content/post/inputsOutputs.mdx": "---\ntitle: Inputs\npublishDate: 2024-08-26\n"
                                              "---\n\nText.\n",
        "src/content/post/classes.md": "---\ntitle: Classes\npublishDate: 2024-09-01\n---\n\n"
                                       "After [inputs](/posts/inputsOutputs/).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "classes.md").read_text(encoding="utf-8")
    assert "[inputs](inputsoutputs.md)" in text
    assert "in other capitals" in imported.report.format(imported.dest, False)
