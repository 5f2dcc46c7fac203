"""The Hakyll importer: three fixtures shaped as real Hakyll sites — hakyll-init's
(`site.hs`, `posts/*`, `about.rst`, `contact.markdown`, `images/*`), a stack project of
math with literate Haskell posts (`app/Site.hs`, `posts/**`, double-backslash math,
macros in the template, a sidecar `.metadata`), and one with a `providerDirectory`,
routes made with `gsubRoute` and a bibliography — imported and built without a warning;
the rules reader on its own."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importbits import NOW, imported_site, page, redirect_target, report_of
from sitebits import write_files

from lanting.importer import Imported, detect, import_site
from lanting.importer.hakyll_bodies import bird_tracks, div_fences, split_metadata
from lanting.importer.hakyll_rules import read_rules, route_steps, strip_comments

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def init(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "hakyll-init")


@pytest.fixture(scope="module")
def lhs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "hakyll-lhs")


@pytest.fixture(scope="module")
def provider(tmp_path_factory: pytest.TempPathFactory) -> tuple[Imported, Path]:
    return imported_site(tmp_path_factory, "hakyll-provider")


@pytest.mark.parametrize("name", ["hakyll-init", "hakyll-lhs", "hakyll-provider"])
def test_a_hakyll_site_is_detected_not_read_as_notes(name: str) -> None:
    assert detect(FIXTURES / name) == "hakyll"


def test_hakyll_init_posts_keep_dates_urls_and_tags(init: tuple[Imported, Path]) -> None:
    imported, out = init
    assert (imported.report.counts["posts"], imported.report.counts["pages"]) == (3, 2)
    assert redirect_target(out, "/posts/2015-08-12-small-swings.html") == \
        "/posts/small-swings/"
    assert redirect_target(out, "/about.html") == "/about/"
    swings = page(out, "/posts/small-swings/")
    assert "2015" in swings.find_all("time")[0].text()
    # (`tags: mechanics, pendulum` is two tags, as buildTags splits it)
    assert {a.text() for a in swings.find_all("a", class_="tag")} == \
        {"#mechanics", "#pendulum"}
    damping = page(out, "/posts/damping/")
    # (`published:` is the date dateField reads first, before the file name's)
    assert "2015-10-09" in damping.find_all("time")[0]["datetime"]
    # (a guest's post: its author kept in the front matter's params)
    assert "author: A Guest" in (imported.dest / "content" / "posts" / "damping.md").read_text()


def test_hakyll_init_bodies_math_links_and_images(init: tuple[Imported, Path]) -> None:
    _imported, out = init
    swings = page(out, "/posts/small-swings/")
    assert swings.find("math") is not None and "\\theta" not in swings.text()
    assert swings.find("img") is not None
    assert swings.find("a", href="/posts/damping/") is not None
    damping = page(out, "/posts/damping/")
    # (`\(1\)` is an escaped parenthesis to Pandoc without tex_math_single_backslash)
    assert "term (1) of first order" in " ".join(damping.text().split())
    assert damping.find("a", href="/posts/small-swings/#its-period") is not None
    about = page(out, "/about/")
    assert about.find("li") is not None and "Mechanics" in about.text()
    assert page(out, "/contact/").find("a", href="/posts/small-swings/") is not None


def test_a_post_without_metadata(init: tuple[Imported, Path]) -> None:
    """No metadata block: titled by its first heading (the templates' `$title$` showed
    nothing), dated by its file name; Markdown on the line after a `<div>` read, as
    Pandoc read it."""
    _imported, out = init
    coupled = page(out, "/posts/coupled/")
    assert coupled.one("h1").text().strip() == "Coupled oscillators"
    assert "2016-01-03" in coupled.find_all("time")[0]["datetime"]
    assert coupled.one("div", class_="note").find("em") is not None


def test_hakyll_init_settings_from_the_template(init: tuple[Imported, Path]) -> None:
    imported, _out = init
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["language"]) == ("Small Oscillations", "en")
    assert config["menu"] == [{"name": "About", "url": "/about/"},
                              {"name": "Contact", "url": "/contact/"},
                              {"name": "Archive", "url": "/archive/"}]
    assert config["markdown"]["heading_ids"] == "pandoc"
    assert not (imported.dest / "static" / "css").exists()  # (the theme's: left out)


def test_literate_haskell_posts_show_their_code(lhs: tuple[Imported, Path]) -> None:
    imported, out = lhs
    laws = page(out, "/posts/functor-laws/")
    code = " ".join(c.text() for c in laws.find_all("code"))
    assert "instance Functor Box where" in code and "identityHolds" in code
    assert laws.find("blockquote") is None
    assert "2021-08-24" in laws.find_all("time")[0]["datetime"]
    # (the template's `\newcommand`s are the site's macros; `\\[ … \\]` a display)
    assert laws.find("math", display="block") is not None
    assert "\\comp" not in laws.text() and "\\Hom" not in laws.text()
    # (a `::: theorem` div, closed by a longer fence, as sphinx-proof's block)
    assert "Theorem" in laws.one(class_="callout").text()
    assert "Every Functor instance" in " ".join(laws.text().split())
    # (an Org document, which Hakyll's `pandocCompiler` read: converted with Pandoc,
    # titled by its `#+TITLE:`, at its old URL)
    monads = page(out, redirect_target(out, "/drafts/monads.html"))
    assert monads.find("h1").text().strip() == "Monads"
    assert "Unfinished" in monads.text() and "#+TITLE" not in monads.text()


def test_sidecar_metadata_tags_pages_and_feed(lhs: tuple[Imported, Path]) -> None:
    imported, out = lhs
    natural = page(out, "/posts/naturality/")
    assert natural.find("math", display="block") is not None
    assert "\\eta_A" not in natural.text()
    assert natural.find("a", href="/tags/functors/") is not None
    assert natural.find("a", href="/posts/functor-laws/") is not None
    assert redirect_target(out, "/posts/categories/2021-09-02-naturality.html") == \
        "/posts/naturality/"
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert (config["title"], config["author"], config["base_url"]) == (
        "Typed Notes", "Ines Kowalski", "https://typed-notes.example.org/")
    assert config["markdown"]["math_macros"]["comp"] == "#1 \\circ #2"


def test_html_pages(lhs: tuple[Imported, Path]) -> None:
    """An HTML file put in the theme's template is a page of that HTML; one published
    as it is (`getResourceBody` alone) a file at its URL."""
    _imported, out = lhs
    talks = page(out, "/talks/")
    assert talks.find("a", href="/posts/functor-laws/") is not None
    assert (out / "talks.html").is_file()  # (the old URL, a redirect)
    assert "<canvas" in (out / "demo" / "index.html").read_text(encoding="utf-8")


def test_provider_folder_routes_and_citations(provider: tuple[Imported, Path]) -> None:
    imported, out = provider
    assert redirect_target(out, "/2019/spectral-gaps/index.html") == \
        "/posts/spectral-gaps/"
    post = page(out, "/posts/spectral-gaps/")
    assert post.find("a", href="#ref-levin2017") is not None
    assert "Markov Chains and Mixing Times" in post.one(class_="reference-list").text()
    assert post.find("img") is not None and "H2O" in post.text().replace(" ", "")
    assert "How fast a random walk" in (imported.dest / "content" / "posts" /
                                        "spectral-gaps" / "index.md").read_text()
    about = page(out, "/about/")
    assert about.find("a", href="/posts/spectral-gaps/") is not None
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "Mixing Times"
    assert config["menu"] == [{"name": "About me", "url": "/about/"},
                              {"name": "All posts", "url": "/archive/"}]


def test_bodies_read_as_templates(provider: tuple[Imported, Path]) -> None:
    """`applyAsTemplate` before Pandoc: `$$` was a dollar sign, `$youtube("…")$` the
    site's function drawing a player."""
    _imported, out = provider
    about = page(out, "/about/")
    assert "costs $4, a walk" in about.text() and about.find("math") is None
    assert any("youtube-nocookie.com/embed/aBcDeFgHiJk" in (e.get("data-embed") or "")
               for e in about.iter())


def test_rules_read_from_the_haskell_source() -> None:
    rules = read_rules(FIXTURES / "hakyll-provider")
    assert (rules.provider, rules.destination) == ("content", "public_html")
    posts = next(r for r in rules.rules if r.globs == ("posts/**.md",))
    assert posts.compiler == "document"
    assert posts.route == (("gsub", "^posts/", ""), ("gsub", "\\.md$", ".html"))
    assert rules.listed == ("posts/**.md",)
    assert rules.bibliographies == ("bib/*.bib", "bib/refs.bib")
    lhs = read_rules(FIXTURES / "hakyll-lhs")
    assert lhs.double_backslash and not lhs.single_backslash
    assert lhs.tag_pages == ("tags/*.html",)


def test_gsub_routes_of_a_constant_function() -> None:
    """`gsubRoute "well-known" (\\_ -> ".well-known")` replaces as `const` does."""
    assert route_steps('gsubRoute "well-known" (\\_ -> ".well-known")') == (
        ("gsub", "well-known", ".well-known"),)
    assert route_steps("customRoute fileToDir") == (("unknown", "customRoute"),)


def test_rules_not_read_fall_back_to_hakyll_init(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "site.hs": "import Hakyll\nmain = hakyll rules\n",
        "posts/2020-01-02-hello.md": "---\ntitle: Hello\n---\n\nHi.\n",
        "about.rst": "---\ntitle: About\n---\n\nMe.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert (imported.report.counts["posts"], imported.report.counts["pages"]) == (1, 1)
    assert "hakyll-init's site" in report_of(imported)


def test_an_error_page_document_is_lanting_s_own(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "site.hs": """import Hakyll
main = hakyll $ do
    match (fromList ["404.html", "about.md"]) $ do
        route $ setExtension "html"
        compile pandocCompiler
""",
        "404.html": "<h1>Not here</h1>\n",
        "templates/default.html": "<title>Field notes - $title$</title>\n",
        "about.md": "---\ntitle: About\n---\n\nMe.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert imported.report.counts["pages"] == 1
    assert [e.message for e in imported.report.warnings] == []
    assert "Lanting makes its own" in report_of(imported)


def test_the_site_named_by_its_link_home(tmp_path: Path) -> None:
    """A template whose `<title>` is the page's alone names the site in its link home."""
    write_files(tmp_path / "old", {
        "site.hs": 'import Hakyll\nmain = hakyll $ match "about.md" $ do\n'
                   '  route $ setExtension "html"\n  compile pandocCompiler\n',
        "about.md": "---\ntitle: About\n---\n\nMe.\n",
        "templates/default.html": '<title>$title$</title>\n<nav><a href="/">Home</a>\n'
                                  '<a href="/">Ada Lovelace</a></nav>\n'})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    config = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))
    assert config["title"] == "Ada Lovelace"
    assert [e.message for e in imported.report.warnings] == []


def test_comments_and_strings() -> None:
    code = 'x = "<!--more-->" -- a comment\n{- block\n -} y = 1 --> 2\n'
    assert strip_comments(code) == 'x = "<!--more-->" \n\n y = 1 --> 2\n'


def test_bird_tracks_are_code_not_quotes() -> None:
    text, count = bird_tracks("Prose.\n\n> f :: Int\n> f = 1\n\n< ghci> f\n\nEnd.\n")
    assert count == 2
    assert "```haskell\nf :: Int\nf = 1\n```" in text
    assert "```haskell\nghci> f\n```" in text


def test_metadata_blocks_as_hakyll_reads_them() -> None:
    meta, body, _line, error = split_metadata("-----\ntitle: A: b\ntags: x\n-----\nBody\n")
    assert (meta, body, error) == ({"title": "A: b", "tags": "x"}, "Body\n", None)


def test_div_fences_pair_as_pandoc_pairs_them() -> None:
    text, count = div_fences("::: note ::::\n::: inner\nx\n:::\n::::::::::::\n")
    assert count == 2
    assert text == ":::: note\n::: inner\nx\n:::\n::::\n"
