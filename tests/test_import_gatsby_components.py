"""A Gatsby MDX blog's own components: an image drawn by a class component
(`src={this.state.src}`, its state set from its properties) and a heading component told
which element to be (`<Heading as="h2">`)."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW
from sitebits import write_files

from lanting.importer import import_site

_CONFIG = ("module.exports = { siteMetadata: { title: `T` }, plugins: [`gatsby-plugin-mdx`, "
           "{ resolve: `gatsby-source-filesystem`, options: { path: `${__dirname}/posts`, "
           "name: `posts` } }] }\n")
_CENTERED = """import React, { Component } from 'react'
class CenteredImage extends Component {
  constructor(props) {
    super(props)
    this.state = { "source": props.src, "alt": props.alt, "size": props.size }
  }
  render() {
    return (<p align="center"><img src={this.state.source} className={this.state.size}
      alt={this.state.alt}></img></p>)
  }
}
export default CenteredImage;
"""


def test_a_class_components_image_and_a_heading_told_its_level(tmp_path: Path) -> None:
    """Both were left in a comment or removed, with a warning each: the image is a
    Markdown image, the heading a heading of its level with its `id`."""
    source = tmp_path / "old"
    write_files(source, {
        "gatsby-config.js": _CONFIG,
        "posts/2023-07-31/CenteredImage.tsx": _CENTERED,
        "posts/2023-07-31/intro-to-bo.mdx":
            "---\ntitle: BO\ndate: 2023-07-31\n---\n\n"
            "import CenteredImage from './CenteredImage'\n\n"
            '<CenteredImage size={"midSize"} src={"/img/bo.gif"} alt={"BO with TS."} />\n\n'
            '<Heading aria-label="Plots" as="h2" id="plots" hash="Plots">The plots</Heading>\n'
            "\nText.\n",
        "static/img/bo.gif": b"GIF89a"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    post = next((imported.dest / "content" / "posts").rglob("*.md"))
    text = post.read_text(encoding="utf-8")
    assert "![BO with TS.](" in text and "bo.gif)" in text
    assert "## The plots {#plots}\n" in text
    report = imported.report.format(imported.dest, False)
    assert "warning" not in report.replace("0 not converted or converted with a loss "
                                           "(warnings)", "")


_NODE = """const path = require("path");
exports.onCreateNode = ({ node, actions, getNode }) => {
  if (node.internal.type === 'Mdx') {
    const { sourceInstanceName } = getNode(node.parent)
    actions.createNodeField({ node, name: 'type', value: sourceInstanceName })
  }
}
exports.createPages = async ({ graphql, actions }) => {
  const result = await graphql(`{ allMdx { group(field: fields___type) {
    fieldValue edges { node { id slug } } } } }`);
  for (const { fieldValue: type, edges } of result.data.allMdx.group) {
    actions.createPage({ path: `/${type}`, component: path.resolve('./src/lists/List.tsx') })
    edges.forEach(({ node: { id, slug } }) => {
      actions.createPage({
        path: path.join(type, slug),
        component: path.resolve(`./src/components/Page.tsx`),
        context: { id },
      });
    });
  }
}
"""


def test_pages_under_the_name_of_the_source_that_read_them(tmp_path: Path) -> None:
    """`path.join(type, slug)`, `type` the node field set from `sourceInstanceName`:
    `content/class/homotopy/index.md` was at `/class/homotopy/`, not `/homotopy/`, and
    links to it failed."""
    source = tmp_path / "old"
    sources = "".join(
        f"{{ resolve: `gatsby-source-filesystem`, options: {{ path: `${{__dirname}}/content/"
        f"{folder}`, name: `{name}` }} }}, " for folder, name in (("class", "class"),
                                                                 ("posts", "post")))
    write_files(source, {
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `T` }, plugins: [`"
                            f"gatsby-plugin-mdx`, {sources}] }}\n",
        "gatsby-node.js": _NODE,
        "content/class/homotopy/index.md": "---\ntitle: Homotopy\ndate: 2022-01-01\n---\n\n"
                                           "See [the notes](/post/facts).\n",
        "content/posts/facts.md": "---\ntitle: Facts\ndate: 2021-01-01\n---\n\n"
                                  "The [course](/class/homotopy).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    posts = imported.dest / "content" / "posts"
    assert '"/class/homotopy/"' in (posts / "homotopy.md").read_text(encoding="utf-8")
    facts = (posts / "facts.md").read_text(encoding="utf-8")
    assert '"/post/facts/"' in facts and "[course](homotopy.md)" in facts


def test_a_posts_component_beside_it_in_src_pages_is_no_page(tmp_path: Path) -> None:
    """`src/pages/blogposts/d3/chart.tsx`, which the post beside it imports, was a
    warning as "a page written in React"; `src/pages/about.js` still is one."""
    source = tmp_path / "old"
    write_files(source, {
        "gatsby-config.js": "module.exports = { siteMetadata: { title: `T` }, plugins: "
                            "[`gatsby-plugin-mdx`] }\n",
        "src/pages/blogposts/d3/chart.tsx": "export default function Chart() {\n"
                                            "  return <svg ref={ref} />\n}\n",
        "src/pages/blogposts/d3/d3-in-gatsby.mdx": "---\ntitle: D3\ndate: 2021-11-07\n---\n"
                                                   "\nimport Chart from './chart'\n\n"
                                                   "<Chart />\n",
        "src/pages/about.js": "export default function About({ data }) {\n"
                              "  return <main>{data.site.title}</main>\n}\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    report = imported.report.format(imported.dest, False)
    assert "chart.tsx: warning" not in report
    assert "chart.tsx: notice: a component `d3-in-gatsby.mdx` imports" in report
    assert "about.js: warning: a page written in React" in report
