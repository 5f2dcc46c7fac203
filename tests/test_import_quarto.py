"""The Quarto importer on tiny projects written inline: what the fixture site under
tests/fixtures/import/quarto/ does not show."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site


def test_a_project_configured_in_quarto_yaml_keeps_its_settings(tmp_path: Path) -> None:
    """Quarto reads `_quarto.yaml` as well as `_quarto.yml`: its title and site URL
    must reach lanting.toml, not only its detection."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yaml": """\
            project:
              type: website
            website:
              title: "Policy Gradients by Hand"
              site-url: https://pg.example.org
            """,
        "posts/first/index.qmd": """\
            ---
            title: "First"
            date: 2024-06-01
            ---

            Hello.
            """,
    })
    assert detect(source) == "quarto"
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["base_url"]) == ("Policy Gradients by Hand",
                                                     "https://pg.example.org/")
    assert done.report.warnings == []


def test_dates_written_as_quarto_takes_them(tmp_path: Path) -> None:
    """`Jan 18 2023` (a real blog's posts) is a date to Quarto; read as the file's time,
    every post would have had the day of the import."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/tokenizers/index.qmd": "---\ntitle: T\ndate: Jan 18 2023\n---\n\nText.\n",
        "posts/agents/index.qmd": "---\ntitle: A\ndate: \"3/1/2024\"\n---\n\nText.\n",
        "posts/chains/index.qmd": "---\ntitle: C\ndate: March 2, 2024\n---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    dates = {p.stem: p.read_text(encoding="utf-8").split("\ndate: ")[1].split("\n")[0]
             for p in (done.dest / "content" / "posts").glob("*.md")}
    assert dates == {"tokenizers": "2023-01-18", "agents": "2024-03-01",
                     "chains": "2024-03-02"}
    assert done.report.warnings == []


def test_numeric_dates_with_dashes_and_a_short_month(tmp_path: Path) -> None:
    """`10-01-2023` is month first to Quarto, as `10/01/2023` is; `26-07-2023` can only
    be day first; `Sept 24 2025` is a date to it too. Real blogs' notes had all three,
    and each was the file's time with a warning."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/lora/index.qmd": "---\ntitle: L\ndate: 10-01-2023\n---\n\nText.\n",
        "posts/orca/index.qmd": "---\ntitle: O\ndate: 26-07-2023\n---\n\nText.\n",
        "posts/chat/index.qmd": "---\ntitle: C\ndate: Sept 24 2025\n---\n\nText.\n",
        "posts/phi/index.qmd": "---\ntitle: P\ndate: 6/20/23\n---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    dates = {p.stem: p.read_text(encoding="utf-8").split("\ndate: ")[1].split("\n")[0]
             for p in (done.dest / "content" / "posts").glob("*.md")}
    assert dates == {"lora": "2023-10-01", "orca": "2023-07-26", "chat": "2025-09-24",
                     "phi": "2023-06-20"}
    assert done.report.warnings == []


def test_a_post_alone_in_its_folder_is_named_by_the_folder(tmp_path: Path) -> None:
    """`posts/tokenizers/post.qmd` (a real blog names every post `post`) is the post
    `tokenizers`, at its old URL `/posts/tokenizers/post.html`; by the file's name each
    was `post`, `post-2`, `post-3`."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/tokenizers/post.qmd": "---\ntitle: T\ndate: 2023-01-18\n---\n\nText.\n",
        "posts/agents/post.qmd": "---\ntitle: A\ndate: 2023-01-23\n---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    posts = done.dest / "content" / "posts"
    assert sorted(p.name for p in posts.iterdir()) == ["agents.md", "tokenizers.md"]
    assert 'aliases: ["/posts/tokenizers/post.html"]' in (posts / "tokenizers.md").read_text(
        encoding="utf-8")
    assert done.report.warnings == []


def _frozen_post(tmp_path: Path, name: str, frozen: str) -> tuple[Imported, str]:
    """A Quarto blog of one post whose freeze holds `frozen` (JSON-escaped Markdown),
    imported: the import and the new post's text."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        f"posts/{name}/index.qmd": "---\ntitle: F\ndate: 2023-12-30\n---\n\nold\n",
        f"_freeze/posts/{name}/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}',
    })
    done = import_site(source, tmp_path / "new")
    return done, (done.dest / "content" / "posts" / f"{name}.md").read_text(encoding="utf-8")


def test_a_freezes_code_fences_are_plain_languages(tmp_path: Path) -> None:
    """knitr's freeze writes `{.default}` for plain output and `{.cell-code}` around an
    `echo: fenced` cell (its header escaped, ```` ```{{r}} ````): Lanting read both
    as unknown languages (a warning per block) and showed `{{r}}`."""
    done, text = _frozen_post(tmp_path, "hooks", (
        "---\\ntitle: F\\n---\\n\\n```{.default}\\nplain\\n```\\n\\n"
        "````{.cell-code}\\n```{{r}}\\n1 + 1\\n```\\n````\\n"))
    assert "```text\nplain\n```" in text
    assert "````text\n```{r}\n1 + 1\n```\n````" in text


def test_a_cell_the_run_left_alone_is_plain_code(tmp_path: Path) -> None:
    """A `{bash}` cell in a Python document stays as written in the freeze (no engine of
    the run read it; Quarto showed it as code): it was "a cell Quarto runs" whose output
    Lanting would not show, a warning for each of a real blog's seven."""
    done, text = _frozen_post(
        tmp_path, "kaggle", "---\\ntitle: K\\n---\\n\\n```{bash}\\npip install kaggle\\n```\\n")
    assert "```bash\npip install kaggle\n```" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()


def test_a_cell_placed_in_the_margin_is_a_layout_not_an_unknown_div(tmp_path: Path) -> None:
    """knitr's freeze wraps a chunk with `fig-column: margin` in `::: {.cell
    .fig-column-margin}` and one with `cap-location: margin` in `{.cell .caption-margin
    hash=…}`: each was "a div Lanting has no form for" (eleven on a real blog), though
    only its place in the margin is lost, as for `.column-margin`."""
    done, text = _frozen_post(tmp_path, "margins", (
        "---\\ntitle: M\\n---\\n\\n::: {.cell .fig-column-margin}\\nSide note.\\n:::"
        "\\n\\n::: {.cell .caption-margin hash='m_cache/html/c1_9ad'}\\nMain text.\\n:::\\n"))
    assert "Side note." in text and "Main text." in text and ":::" not in text
    messages = [w.message for w in done.report.warnings]
    assert not [m for m in messages if "no form for" in m]
    assert any("fig-column-margin" in m and "layout" in m for m in messages)


def test_a_figure_named_after_a_chunk_label_with_spaces(tmp_path: Path) -> None:
    """knitr names a figure after its chunk's label, `pc1 & 2` → `pc1 & 2-1.png`: the
    freeze's `![](index_files/figure-html/pc1 & 2-1.png)` is no image to Markdown (a path
    with a space), and twelve of a real blog's figures were shown as text."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/pca/index.qmd": "---\ntitle: PCA\ndate: 2023-12-30\n---\n\nold\n",
        "_freeze/posts/pca/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "---\\ntitle: P\\n---\\n\\n'
            '![](index_files/figure-html/pc1 & 2-1.png){width=100%}\\n"}}',
        "_freeze/posts/pca/index/figure-html/pc1 & 2-1.png": png(40, 30),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/pca/index.html").read_text(encoding="utf-8"))
    [image] = page.one("div", class_="prose").find_all("img")
    assert (result.output / unquote(image["src"]).lstrip("/")).is_file()


def test_a_link_to_a_listing_page_leads_to_the_blog(tmp_path: Path) -> None:
    """A listing page (`project/index.qmd`, `listing: contents: …`) is left out, as
    Lanting lists the posts on its blog page; links to it (`[projects](/project/)`) then
    led nowhere and the build failed. They lead to the blog page, and the old URL
    redirects there."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "project/index.qmd": "---\ntitle: Projects\nlisting:\n  contents: '*/index.qmd'\n"
                             "---\n",
        "project/box/index.qmd": "---\ntitle: Box\ndate: 2024-01-02\n---\n\n"
                                 "Each [project](/project/) and [the list](../index.qmd).\n",
    })
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["redirects"] == {"/project/": "/blog/"}
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((result.output / "posts/box/index.html").read_text(encoding="utf-8"))
    assert [a["href"] for a in page.one("div", class_="prose").find_all("a")] == [
        "/blog/", "/blog/"]


def test_a_listing_pages_text_is_the_blog_pages(tmp_path: Path) -> None:
    """The text above a listing (`blog.qmd`: its title, `description` and an introduction
    with a formula) was left out with the listing page: it is the blog page's now."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "blog.qmd": "---\ntitle: 研究笔记\ndescription: Notes on $\\beta$-VAE.\nlisting:\n"
                    "  contents: posts\n---\n\n关于 $\\beta$ 的长文，先读 [VAE](posts/vae.qmd)。\n",
        "posts/vae.qmd": "---\ntitle: VAE\ndate: 2024-01-02\n---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    written = (done.dest / "content/posts/_index.md").read_text(encoding="utf-8")
    assert "title: 研究笔记" in written and "[VAE](vae.md)" in written
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "blog/index.html").read_text(encoding="utf-8"))
    assert page.one("h1").text() == "研究笔记"
    intro = page.one("div", class_="blog-intro")
    assert intro.find("math") is not None
    assert intro.one("a")["href"] == "/posts/vae/"


def test_an_optional_argument_in_math_is_no_span(tmp_path: Path) -> None:
    """`[small]{.smallcaps}` is a span whose text is kept; `\\sqrt[3]{x}` in a formula
    looked like one and silently became `\\sqrt3`."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/roots/index.qmd": "---\ntitle: R\ndate: 2024-01-02\n---\n\nCube root "
                                 "$\\sqrt[3]{x}$, $$\\sqrt[n]{y}$$ in [Small]{.smallcaps}.\n",
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/roots.md").read_text(encoding="utf-8")
    assert "Cube root $\\sqrt[3]{x}$, $$\\sqrt[n]{y}$$ in Small." in text


def test_newcommand_lines_of_the_text_hold_for_the_pages_formulas(tmp_path: Path) -> None:
    """`\\newcommand{\\ideal}{\\mathfrak}` lines in a `.qmd`'s text, outside any formula
    (Pandoc applies them to every formula and shows nothing; a real site's notes on
    commutative algebra had 347 build errors from them): a `$$` block of definitions."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/rings/index.qmd": """\
            ---
            title: Rings
            date: 2024-03-02
            ---

            \\newcommand{\\ideal}{\\mathfrak}
            \\newcommand{\\idealp}{\\ideal{p}}

            \\DeclareMathOperator{\\spec}{Spec}

            Let $\\idealp \\in \\spec A$ be prime.
            """,
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/rings/index.html").read_text(encoding="utf-8"))
    prose = page.one("div", class_="prose")
    assert prose.one("p").text() == "Let 𝔭∈Spec\u2061A be prime."
    assert "newcommand" not in prose.text()


def test_settings_in_metadata_files(tmp_path: Path) -> None:
    """`metadata-files: [_website.yml]` in `_quarto.yml` (a real site kept its
    `website:` there): its title, URL and navbar reach lanting.toml."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  output-dir: _out\nmetadata-files:\n  - _website.yml\n",
        "_website.yml": """\
            project:
              type: website
            website:
              title: "Ring Notes"
              site-url: https://rings.example.org
              navbar:
                left:
                  - href: about.qmd
                    text: About
            """,
        "about.qmd": "---\ntitle: About\n---\n\nMe.\n",
    })
    done = import_site(source, tmp_path / "new")
    config = tomllib.loads((done.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["base_url"]) == ("Ring Notes", "https://rings.example.org/")
    assert "About" in [entry["name"] for entry in config["menu"]]
