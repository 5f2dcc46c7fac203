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
