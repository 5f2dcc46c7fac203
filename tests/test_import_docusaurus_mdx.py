"""MDX as a Docusaurus blog wrote it, found on a real one (a quant's and graphics
programmer's blog of notebooks, audio and fractal renders): Markdown inside block tags,
and files imported for their URL. Small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site
from lanting.importer.docusaurus_mdx import markdown_in_jsx

_CONFIG = ("module.exports = {title: 'T', url: 'https://t.example', baseUrl: '/',"
           " presets: [['classic', {docs: false, blog: {routeBasePath: 'blog'}}]]};\n")


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Imported, Path]:
    source, dest = tmp_path / "src", tmp_path / "out"
    write_files(source, {"docusaurus.config.js": _CONFIG, **files})
    imported = import_site(source, dest, None, False, NOW)
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return imported, dest / "public"


def test_markdown_inside_block_tags_is_markdown_as_mdx_read_it(tmp_path: Path) -> None:
    """MDX reads Markdown inside `<details>` under its `<summary>` line, inside a
    `<center>` on one line, and inside an indented `<small>`: CommonMark read each as
    HTML, and the page showed ```` ``` ````, `![…](…)` and `[…](…)` as written."""
    _imported_site, out = _imported(tmp_path, {
        "blog/2019-02-01-events/index.md":
            "---\ntitle: Event studies\n---\n\nThe returns around earnings.\n\n"
            "<details>\n<summary>Code</summary>\n```python\nstudy(3, trend_down)\n```\n"
            "</details>\n\n<center>![Returns by day](returns.png)</center>\n\n"
            "<small>\n    Slightly off from the paper, like the\n"
            "    [reference code](https://example.org/ref.c).\n</small>\n",
        "blog/2019-02-01-events/returns.png": png(40, 30),
    })
    prose = page(out, "/posts/events/").one("div", class_="prose")
    details = prose.one("details")
    assert details.one("summary").text() == "Code"
    assert "study(3, trend_down)" in details.one("pre").text()
    assert prose.one("center").one("img").attrs["alt"] == "Returns by day"
    link = prose.one("small").one("a")
    assert (link.attrs["href"], link.text()) == ("https://example.org/ref.c", "reference code")
    assert "```" not in prose.text() and "](" not in prose.text()


def test_a_file_imported_for_its_url_is_its_path(tmp_path: Path) -> None:
    """`import clip from './1.wav'` then `<audio controls src={clip} />`: the bundler
    gave the file a URL. The import was removed and `src={clip}` dropped, each with a
    warning: the page's players played nothing."""
    imported, out = _imported(tmp_path, {
        "blog/2016-11-01-pca-audio/index.mdx":
            "---\ntitle: PCA audio compression\n---\n\nThe original:\n\n"
            "import clip from './1.wav'\n\n<audio controls src={clip}/>\n\nDone.\n",
        "blog/2016-11-01-pca-audio/1.wav": b"RIFF\x00\x00\x00\x00WAVEfmt ",
    })
    audio = page(out, "/posts/pca-audio/").one("audio")
    src = audio.attrs["src"]
    assert src.endswith("/1.wav") and (out / src.lstrip("/")).is_file()
    assert "clip" not in report_of(imported)


def test_one_line_block_tags_open_only_around_markdown() -> None:
    assert markdown_in_jsx("<center>![a](x.png)</center>\n") == (
        "<center>\n\n![a](x.png)\n\n</center>\n", 1)
    for unchanged in ('<div align="center">plain words</div>\n',
                      "<center><img src=x.png></center>\n",
                      "<span>**inline** anyway</span>\n"):
        assert markdown_in_jsx(unchanged) == (unchanged, 0)


def test_wiki_links_mdx_never_read_stay_text(tmp_path: Path) -> None:
    """A wiki of notes written in Obsidian uses `[[India]]` and `[[Robin Sloan]]`, which
    MDX showed as written: Lanting's Markdown reads them as links to `India.md`, and
    the build failed on each. One naming a note of the site leads to it; any other is
    the text the old page showed, with a warning."""
    imported, out = _imported(tmp_path, {
        "blog/2024-01-02-rice.md": "---\ntitle: Rice\n---\n\nFrom [[India]] and [[Nepal]], "
                                   "cooked as [[2024-01-01-pilaf|a pilaf]].\n",
        "blog/2024-01-01-pilaf.md": "---\ntitle: Pilaf\n---\n\nA dish.\n"})
    rice = page(out, "/posts/rice/")
    assert "From [[India]] and [[Nepal]]" in rice.text()
    assert "a pilaf" in [a.text() for a in rice.find_all("a")
                         if "pilaf" in (a.get("href") or "")]
    assert "`[[India]]` names no page of the site" in report_of(imported)
