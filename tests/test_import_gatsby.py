"""The Gatsby importer (the Astro reader, with Gatsby's settings): a fixture shaped as
gatsby-starter-blog makes a site (`content/blog/<slug>/index.md`, `gatsby-config.js`,
`gatsby-node.js` with `createFilePath`, `static/`), read from its built pages; tiny
sites written inline for the other ways a site sets its posts' URLs."""

from __future__ import annotations

import tomllib
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from importbits import NOW, imported_site, page, redirect_target, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.gatsby_pages import react_page
from lanting.importer.js_literals import key_string

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "gatsby-starter")


def test_a_gatsby_blog_is_detected_not_read_as_notes() -> None:
    assert detect(FIXTURES / "gatsby-starter") == "gatsby"


def test_site_metadata_becomes_lanting_toml(starter: tuple[Imported, Path]) -> None:
    imported, _out = starter
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["base_url"], config["language"]) == (
        "梯度下降手记", "Lin Qiao", "https://qiao.example.org/", "zh-CN")
    assert config["description"] == "Notes on reinforcement learning and inference systems."
    # (the starter's own `kylemathews` is no account of hers)
    assert config["links"] == [{"name": "GitHub", "url": "https://github.com/lin-qiao-example"}]


def test_posts_keep_the_urls_create_file_path_gave_them(
        starter: tuple[Imported, Path]) -> None:
    imported, out = starter
    assert imported.report.counts["posts"] == 2
    for slug in ("ppo-clipping", "kv-cache"):
        assert redirect_target(out, f"/{slug}/") == f"/posts/{slug}/"
    post = page(out, "/posts/ppo-clipping/")
    assert post.find("h1").text().strip() == "PPO 的裁剪到底裁了什么"
    assert len(post.find_all("math")) == 4  # (gatsby-remark-katex: the formulas render)
    image = post.find("img")  # (beside the post, in its `images/` folder: in its bundle)
    assert image is not None and image.attrs["src"] == "/posts/ppo-clipping/clip.png"
    assert (out / "posts" / "ppo-clipping" / "clip.png").is_file()
    links = {a.attrs.get("href") for a in page(out, "/posts/kv-cache/").find_all("a")}
    assert "/files/kv-cache.pdf" in links and "/posts/ppo-clipping/" in links


def test_what_the_old_site_did_not_publish_is_reported(starter: tuple[Imported, Path]) -> None:
    imported, out = starter
    report = report_of(imported)
    # (no gatsby-plugin-mdx: Gatsby made no page of an `.mdx` file)
    assert "content/blog/draft-ideas.mdx: notice: no page of the old site" in report
    # (a page of data from a query: not read)
    assert "src/pages/uses.js: warning: a page written in React: not imported" in report
    assert "src/pages/index.js" not in report and "404.js" not in report
    assert (out / "files" / "kv-cache.pdf").is_file()  # (`static/` is published as it is)


def test_a_react_page_of_static_jsx_is_a_page(starter: tuple[Imported, Path]) -> None:
    """`src/pages/about.js`, JSX of tags and text only: an HTML page at its old URL,
    its title its `<h1>`, its `<Link>` a link to the post's new page, its
    `<StaticImage>` an image beside it; `<Bio />` (the site's component) is named in a
    warning. It was a warning alone: "a page written in React: not imported"."""
    imported, out = starter
    about = page(out, "/about/")
    assert about.find("h1").text().strip() == "关于我"
    lead = next(p for p in about.find_all("p") if p.attrs.get("class") == "lead")
    assert " ".join(lead.text().split()) == \
        "我研究强化学习中的 策略优化，也做大模型推理服务：代码见 GitHub。"
    assert {a.attrs.get("href") for a in lead.find_all("a")} == {
        "/posts/ppo-clipping/", "https://github.com/lin-qiao-example"}
    image = next(i for i in about.find_all("img") if i.attrs.get("alt") ==
                 "Portrait of Lin Qiao")
    assert (out / "about" / image.attrs["src"]).is_file() or \
        (out / image.attrs["src"].lstrip("/")).is_file()
    assert [li.text() for li in about.find_all("li") if "博士" in li.text() or
            "读书会" in li.text()] == ["博士生，2021 年至今", "组织 RL 读书会"]
    report = report_of(imported)
    assert "src/pages/about.js: warning: the site's own components left out (what " \
        "they showed is not known): `<Bio />`" in report
    assert "unused" not in about.text()  # (only the page's own component is read)


def test_which_react_pages_are_static() -> None:
    # (Helmet's title; a fragment; a comment; a literal in braces)
    page = react_page('export default function A() { return (<><Helmet><title>Hi'
                      '</title><meta name="x" content="y"/></Helmet>{/* note */}'
                      '<p>{"a < b"} holds</p></>) }')
    assert page is not None and (page.title, page.html) == ("Hi", "<p>a &lt; b holds</p>")
    # (data from a query, a prop, a loop: not static)
    for dynamic in ("const X = ({ data }) => (<p>{data.site.title}</p>)\nexport default X",
                    "const X = () => (<ul>{[1, 2].map(n => <li>{n}</li>)}</ul>)\n"
                    "export default X",
                    'const X = () => (<a href={url}>x</a>)\nexport default X',
                    # (every text a component's: react-intl's messages)
                    'const X = () => (<section><h2><FormattedMessage id="t" /></h2>'
                    '<p><FormattedMessage id="p" /></p></section>)\nexport default X'):
        assert react_page(dynamic) is None


def test_jsx_text_is_spaced_as_react_spaced_it() -> None:
    """JSX drops a line end and its indentation between text and a tag, and joins lines
    of text with one space: `compilers</a>⏎  and` read `compilersand` on the old page,
    where HTML shows a space; `{" "}` writes one. Lines between block tags stay lines."""
    page = react_page('const About = () => (\n  <Layout>\n    <p>\n      I build '
                      '<a href="/c">compilers</a>\n      and <b>type\n        systems'
                      '</b>.{" "}\n      <em>Done</em>\n    </p>\n    <ul>\n      <li>\n'
                      '        One\n      </li>\n    </ul>\n  </Layout>\n)\n'
                      'export default About\n')
    assert page is not None and page.html == (
        '<p>I build <a href="/c">compilers</a>and <b>type systems</b>. <em>Done</em>\n'
        '</p>\n<ul>\n<li>One</li>\n</ul>')


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, {"gatsby-config.js": "module.exports = { siteMetadata: { title: "
                         "`T` }, plugins: [{ resolve: `gatsby-source-filesystem`, options: "
                         "{ path: `${__dirname}/posts`, name: `posts` } }] }\n", **files})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    build(tmp_path / "new", BuildOptions())
    return imported


def _old_urls(imported: Imported, name: str) -> str:
    return (imported.dest / "content" / "posts" / name).read_text(encoding="utf-8")


def test_a_prefix_given_to_the_slug_field_is_kept(tmp_path: Path) -> None:
    imported = _imported(tmp_path, {
        "gatsby-node.js": "const { createFilePath } = require(`gatsby-source-filesystem`)\n"
                          "exports.onCreateNode = ({ node, actions, getNode }) => {\n"
                          "  const value = createFilePath({ node, getNode })\n"
                          "  actions.createNodeField({ name: `slug`, node, value: "
                          "`/posts${value}` })\n}\n"
                          "exports.createPages = async ({ actions }) => {\n"
                          "  actions.createPage({ path: `/tags/${tag}/`, component: t })\n"
                          "  actions.createPage({ path: node.fields.slug, component: p })\n}\n",
        "posts/2021/attention.md": "---\ntitle: Attention\ndate: 2021-03-01\n---\n\nText.\n",
    })
    assert '"/posts/2021/attention/"' in _old_urls(imported, "attention.md")


def test_a_front_matter_path_is_the_old_url(tmp_path: Path) -> None:
    imported = _imported(tmp_path, {
        "gatsby-node.js": "exports.createPages = async ({ actions, graphql }) => {\n"
                          "  result.data.allMarkdownRemark.edges.forEach(({ node }) => {\n"
                          "    actions.createPage({\n      path: `/blog/${node.frontmatter."
                          "slug}`,\n      component: postTemplate,\n    })\n  })\n}\n",
        "posts/a.md": "---\ntitle: Adam\ndate: 2022-02-02\nslug: adam-optimizer\n---\n\nA.\n",
    })
    assert '"/blog/adam-optimizer/"' in _old_urls(imported, "adam-optimizer.md")
    other = _imported(tmp_path / "path", {
        "gatsby-node.js": "exports.createPages = ({ actions }) => {\n  edges.forEach(edge => "
                          "actions.createPage({ path: edge.node.frontmatter.path, component: "
                          "t }))\n}\n",
        "posts/sample/index.md": "---\ntitle: RMSNorm\ndate: 2022-02-03\n"
                                 "path: /notes/rmsnorm\n---\n\nR.\n",
    })
    assert '"/notes/rmsnorm/"' in _old_urls(other, "rmsnorm.md")
    assert "`path`" not in report_of(other)  # (read: not "left out")


def test_the_file_system_route_api_names_the_url_in_a_file_name(tmp_path: Path) -> None:
    imported = _imported(tmp_path, {
        "gatsby-config.js": "module.exports = { plugins: [`gatsby-plugin-mdx`, { resolve: "
                            "`gatsby-source-filesystem`, options: { path: `./posts` } }] }\n",
        "src/pages/notes/{mdx.frontmatter__slug}.js": "export default function P() {}\n",
        "posts/b.mdx": "---\ntitle: Beam search\ndate: 2022-03-03\nslug: beam\n---\n\nB.\n",
    })
    assert '"/notes/beam/"' in _old_urls(imported, "beam.md")


def test_site_metadata_in_a_module_of_its_own_is_read(tmp_path: Path) -> None:
    imported = _imported(tmp_path, {
        "gatsby-config.js": "const siteMetadata = require(\"./src/data/metadata\");\n"
                            "module.exports = { siteMetadata, plugins: [{ resolve: "
                            "`gatsby-source-filesystem`, options: { path: `${__dirname}/posts`"
                            " } }] }\n",
        "src/data/metadata.js": "module.exports = {\n  title: `小站`,\n  author: { name: "
                                "`mem` },\n};\n",
        "posts/c.md": "---\ntitle: C\ndate: 2020-01-01\n---\n\n正文。\n",
    })
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"]) == ("小站", "mem")


def test_dated_markdown_pages_are_posts_and_an_empty_site_is_a_warning(
        tmp_path: Path) -> None:
    # (`src/pages/` read by gatsby-plugin-page-creator: each file a page at its path)
    imported = _imported(tmp_path / "a", {
        "src/pages/fe/webworkers.md": "---\ntitle: Web Workers\ndate: 2018-01-02\n---\n\nW.\n",
    })
    assert '"/fe/webworkers/"' in _old_urls(imported, "webworkers.md")
    source = tmp_path / "b"
    write_files(source, {"gatsby-config.js": "module.exports = { plugins: [] }\n",
                         "src/pages/index.js": "export default () => null\n"})
    empty = import_site(source, tmp_path / "b-new", None, False, NOW)
    assert "gatsby-config.js: warning: no post or page found" in report_of(empty)


def test_a_template_literal_without_substitutions_is_a_string() -> None:
    assert key_string("title: `Ex Machina`,\n", "title") == ("Ex Machina", True)
    assert key_string("title: `${name}'s notes`,\n", "title") == (None, True)


def test_a_labs_one_folder_of_news_and_pages_keeps_each_what_it_was(tmp_path: Path) -> None:
    """A lab's Gatsby site reads all of `src/markdown/` (news, projects, software), each
    file at its front matter's `slug` through `src/pages/{MarkdownRemark.frontmatter__slug}
    .js`. Every file was a post, the undated ones with a warning and the file's time;
    and `[TexMol](../texmol)` from /software/dpg/ was dropped because a folder
    `software/texmol/` stands beside the file."""
    imported = _imported(tmp_path, {
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `Lab` }, plugins: "
                            "[{ resolve: `gatsby-source-filesystem`, options: { path: "
                            "`${__dirname}/src/markdown` } }] }\n",
        "src/pages/{MarkdownRemark.frontmatter__slug}.js": "export default () => null\n",
        "src/markdown/news/award.md": "---\ntitle: A best paper award\ndate: 2024-05-02\n"
                                      "slug: /news/award\n---\n\nCongratulations.\n",
        "src/markdown/software/dpg/dpg.md": "---\ntitle: DPG\nslug: /software/dpg\n---\n\n"
                                            "Also in [TexMol](../texmol).\n",
        "src/markdown/software/texmol/texmol.md": "---\ntitle: TexMol\n"
                                                  "slug: /software/texmol\n---\n\nA viewer.\n",
    })
    assert imported.report.counts["posts"] == 1 and imported.report.counts["pages"] == 2
    assert "no date" not in report_of(imported)
    dpg = (imported.dest / "content" / "pages" / "dpg.md").read_text(encoding="utf-8")
    assert '"/software/dpg/"' in dpg and "[TexMol](texmol.md)" in dpg


def test_a_date_leading_the_file_name_makes_a_post(tmp_path: Path) -> None:
    """A Gatsby site moved from Jekyll keeps `2016-01-22-rare-variants.md` with no date
    in its front matter (its list sorted the posts by their names): every post was a
    page; and an Astro post named so was given the file's time, with a warning."""
    imported = _imported(tmp_path, {
        "src/data/posts/2016-01-22-rare-variants.md": "---\ntitle: Rare variants\n---\n\nA.\n",
        "src/data/posts/2019-06-05-ancient/index.md": "---\ntitle: Ancient DNA\n---\n\nB.\n",
        "src/data/contact.md": "---\ntitle: Contact\n---\n\nMail.\n",
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `S` }, plugins: "
                            "[{ resolve: `gatsby-source-filesystem`, options: { path: "
                            "`./src/data/` } }] }\n",
    })
    assert imported.report.counts["posts"] == 2 and imported.report.counts["pages"] == 1
    posts = imported.dest / "content" / "posts"
    texts = sorted(p.read_text(encoding="utf-8") for p in posts.rglob("*.md"))
    assert "date: 2016-01-22\n" in texts[0] + texts[1]
    assert "date: 2019-06-05\n" in texts[0] + texts[1]
    assert "no date" not in report_of(imported)


def test_markdown_files_gatsby_plugin_mdx_reads_are_mdx(tmp_path: Path) -> None:
    """gatsby-plugin-mdx with `extensions: [".mdx", ".md"]` read the `.md` posts as MDX:
    their `import` lines were shown as text, and their components as unknown tags."""
    imported = _imported(tmp_path, {
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `S` }, plugins: "
                            "[{ resolve: `gatsby-source-filesystem`, options: { path: "
                            "`${__dirname}/posts` } }, { resolve: `gatsby-plugin-mdx`, "
                            "options: { extensions: [`.mdx`, `.md`] } }] }\n",
        "posts/drift.md": "---\ntitle: Drift\ndate: 2020-02-02\n---\n\n"
                          'import Note from "../src/components/note"\n\n'
                          "Before.\n\n<Note>\n\nAllele *frequencies* drift.\n\n</Note>\n",
    })
    text = (imported.dest / "content" / "posts" / "drift.md").read_text(encoding="utf-8")
    assert "import Note" not in text and "Allele *frequencies* drift." in text


def test_a_json_list_of_papers_is_the_publications(tmp_path: Path) -> None:
    """`src/data/publications.json`, which the site's React page mapped over, was left
    with that page, "not imported": it is `content/publications.bib`, which Lanting
    lists at /publications/."""
    papers = ('[{"title": "Rare variants and population history", "authors": ["Ana Berg", '
              '"Li Wei"], "journal": "Genetics", "date": "2016-01-22", "citekey": '
              '"Berg2016-ra", "url": "https://doi.example.org/g1", "role": "lead"}, '
              '{"title": "Ancient genomes of the steppe", "authors": "Li Wei and Ana Berg",'
              ' "conference": "SMBE 2020", "year": 2020, "code": "https://git.example.org/s"}]')
    imported = _imported(tmp_path, {
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `S` }, plugins: "
                            "[{ resolve: `gatsby-source-filesystem`, options: { path: "
                            "`./src/data/` } }] }\n",
        "src/data/publications.json": papers,
        "src/data/posts/2016-01-22-rare.md": "---\ntitle: Rare\n---\n\nA.\n",
        "src/pages/publications.js": "const P = ({ data }) => <Layout>{data.allPublicationsJson"
                                     ".nodes.map(p => <Pub {...p} />)}</Layout>\n"
                                     "export default P\n",
    })
    bib = (imported.dest / "content" / "publications.bib").read_text(encoding="utf-8")
    assert "@article{Berg2016-ra," in bib and "journal = {Genetics}" in bib
    # (the venue's year is the entry's: `SMBE 2020` showed "SMBE 2020, 2020")
    assert "= {Li Wei and Ana Berg}" in bib and "booktitle = {SMBE}" in bib
    report = report_of(imported)
    assert "left out: `role`" in report and "a page written in React" not in report
    assert "Ancient genomes of the steppe" in page(tmp_path / "new" / "public",
                                                   "/publications/").text()


def test_papers_with_their_authors_in_one_apa_string() -> None:
    """`"authors": "Ureta, J., Brito, C. I., & Ong, E."` was six authors (`J.` one) and
    `publicationDate` no year: each "Last, F." is an author; the date gives the year."""
    from lanting.importer.data_papers import data_papers

    with TemporaryDirectory() as folder:
        path = Path(folder) / "publications.json"
        path.write_text('[{"title": "Agents that tell stories", "authors": "Ureta, J., '
                        'Brito, C. I., & Ong, E.", "publicationDate": "2020.09", '
                        '"publisher": "TSD"}]', encoding="utf-8")
        entries, _dropped = data_papers(path)
    assert entries[0].key == "ureta2020agents"
    assert entries[0].value("author") == "Ureta, J. and Brito, C. I. and Ong, E."
    assert entries[0].value("year") == "2020"


def test_a_json_list_of_projects_is_the_projects(tmp_path: Path) -> None:
    """`src/data/projects.json`, which the site's `<Projects />` mapped into cards, was
    lost with the home page's components: each is a project of Lanting's /projects/."""
    imported = _imported(tmp_path, {
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `S` }, plugins: "
                            "[{ resolve: `gatsby-source-filesystem`, options: { path: "
                            "`./src/data/` } }] }\n",
        "src/data/projects.json": '[{"id": "1", "title": "Story bot", "desc": "Tells '
                                  'stories with children.", "image": "./images/bot.png", '
                                  '"link": "https://git.example.org/bot", "tools": "Python"},'
                                  ' {"id": "2", "title": "Food tracker", "desc": "Tracks the '
                                  'fridge."}]',
        "src/data/images/bot.png": png(4, 4),
        "src/data/posts/2020-01-01-hello.md": "---\ntitle: Hello\n---\n\nHi.\n",
    })
    projects = imported.dest / "content" / "projects"
    bot = (projects / "story-bot.md").read_text(encoding="utf-8")
    assert "summary: Tells stories with children." in bot and "weight: 1" in bot
    assert "url: \"https://git.example.org/bot\"" in bot and "cover:" in bot
    assert "left out: `tools`" in report_of(imported)
    assert "Food tracker" in page(tmp_path / "new" / "public", "/projects/").text()
