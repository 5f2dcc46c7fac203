"""The documentation, `docs/`, is a Lanting site: it builds with `--strict` and no warning,
`lanting check --strict` passes on it (internal links, anchors, images), every page of the
guide and the references is there with its title, and the menu and the home page reach
every page."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser as HTMLParser

DOCS = Path(__file__).resolve().parents[1] / "docs"

PAGES = {
    "getting-started": "Getting started",
    "writing": "Writing",
    "math": "Math in Lanting",
    "academic": "The academic pages",
    "talks": "Talks",
    "searching": "Search",
    "languages": "Languages",
    "translating": "Translating Lanting's interface",
    "reading": "Reading, sharing, printing",
    "checks": "Checks and safety",
    "publishing": "Publishing",
    "theming": "Making the theme yours",
    "importing": ("Moving from Jekyll, Hugo, Zola, Hexo, Quarto, MkDocs, Jupyter Book, Sphinx, "
                  "Docusaurus, VitePress, VuePress, Quartz, Astro, Next.js, Gatsby, docsify, "
                  "Pelican, Hakyll, Eleventy, mdBook or GitBook"),
    "configuration": "Configuration reference",
    "cli": "Command-line reference",
    "templates": "Template reference",
    "architecture": "Lanting's architecture",
    "hardening": "Hostile input: what Lanting guarantees",
}
"""Every page of the documentation (its URL's folder) and its title."""

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of docs/ (so no cache lands in the repository), built with --strict."""
    from lanting import cli

    site = tmp_path_factory.mktemp("docs") / "docs"
    shutil.copytree(DOCS, site, ignore=shutil.ignore_patterns(".lanting", "public"))
    out = site.parent / "out"
    code = cli.main(["build", str(site), "-o", str(out), "--strict"])
    assert code == 0
    return site, out


def _doc(out: Path, page: str) -> HTMLParser:
    return HTMLParser((out / page / "index.html").read_text(encoding="utf-8"))


def test_the_docs_build_strictly_without_warnings(tmp_path: Path, run_cli: Run) -> None:
    site = tmp_path / "docs"
    shutil.copytree(DOCS, site, ignore=shutil.ignore_patterns(".lanting", "public"))
    code, out, err = run_cli("build", site, "-o", tmp_path / "out", "--strict")
    assert code == 0, err
    assert out.rstrip().endswith("0 warnings"), out
    assert "warning" not in err


def test_check_passes_strictly(built: tuple[Path, Path], run_cli: Run) -> None:
    site, _ = built
    code, out, err = run_cli("check", site, "--strict")
    assert code == 0, err
    assert out.startswith("check passed: no problems"), out


def test_every_page_is_there_with_its_title(built: tuple[Path, Path]) -> None:
    _, out = built
    for page, title in PAGES.items():
        doc = _doc(out, page)
        h1 = doc.css_first("main h1")
        assert h1 is not None and h1.text(strip=True) == title, page
        prose = doc.css_first("main .prose")
        assert prose is not None and len(prose.text()) > 1000, f"{page} is nearly empty"
    pages = {p.name for p in (DOCS / "content" / "pages").glob("*.md")}
    assert pages == {f"{p}.md" for p in PAGES}, "a page missing from PAGES or from docs/"


def test_the_home_page_and_menu_reach_every_page(built: tuple[Path, Path]) -> None:
    _, out = built
    home = HTMLParser((out / "index.html").read_text(encoding="utf-8"))
    linked = {a.attributes.get("href") for a in home.css("main a")}
    assert {f"/{p}/" for p in PAGES} <= linked
    for page in PAGES:
        menu = [a.attributes.get("href") for a in _doc(out, page).css(".site-nav a")]
        assert "/getting-started/" in menu and "/configuration/" in menu and "/cli/" in menu
        assert _doc(out, page).css_first("a.site-title").attributes.get("href") == "/"


def test_the_screenshots_are_shown(built: tuple[Path, Path]) -> None:
    _, out = built
    shown = {img.attributes.get("src", "").split("?")[0]
             for page in PAGES for img in _doc(out, page).css("main img")}
    made = {f"/images/{p.name}" for p in (DOCS / "static" / "images").glob("*.png")}
    assert made and made <= shown | {"/images/blog.png"}
    assert (out / "images" / "search.png").is_file()


def test_the_generated_references_are_complete_pages(built: tuple[Path, Path]) -> None:
    _, out = built
    config = _doc(out, "configuration")
    headings = [h.text(strip=True) for h in config.css("main h2")]
    assert "[markdown]" in headings and "[[menu]]" in headings and "[theme]" in headings
    cli_page = _doc(out, "cli")
    commands = [h.text(strip=True) for h in cli_page.css("main h2")]
    assert "lanting build" in commands and "lanting deploy" in commands
    assert cli_page.css("main table tr")


def test_no_prose_is_swallowed_by_a_code_block(built: tuple[Path, Path]) -> None:
    """A fence opened twice (`` ```toml `` on two lines) or left unclosed by a merge made
    the rest of a page one code block: its headings and tables shown as source."""
    _, out = built
    swallowed = []
    for page in PAGES:
        for pre in _doc(out, page).css("main pre"):
            code = pre.css_first("code")
            if code is not None and "language-markdown" in (code.attributes.get("class") or ""):
                continue  # a Markdown sample may hold headings and tables
            lines = pre.text().split("\n")
            rows = [line for line in lines if re.match(r"\| .* \|$", line)]
            headings = [line for line in lines if re.match(r"#{2,6} \S", line)]
            if len(rows) >= 2 or headings:
                swallowed.append((page, (headings or rows)[0][:60]))
    assert swallowed == []


def _cells(row: str) -> int:
    # GFM splits a row at every `|` not escaped, inside code spans and formulas too
    return len(re.split(r"(?<!\\)\|", row.strip().removeprefix("|").removesuffix("|")))


def test_every_table_row_has_its_header_s_cells() -> None:
    """A `|` left unescaped in a cell (`#| label`, `\\Big|`) split it: the rest of the
    row was shifted or dropped without a word."""
    wrong = []
    for path in sorted((DOCS / "content").rglob("*.md")):
        header, fence = 0, ""
        lines = path.read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines, 1):
            opening = re.match(r"\s*(`{3,}|~{3,})", line)
            if opening:
                if not fence:
                    fence = opening.group(1)
                elif line.strip() == fence[0] * len(line.strip()):
                    fence = ""
                header = 0
                continue
            following = lines[number] if number < len(lines) else ""
            if fence or not line.startswith("|"):
                header = 0
            elif re.match(r"\|\s*:?-{3,}", following):
                header = _cells(line)
            elif header and not re.match(r"\|\s*:?-{3,}", line) and _cells(line) != header:
                wrong.append(f"{path.name}:{number}")
    assert wrong == []


def test_no_table_names_a_row_twice() -> None:
    """Two rows with the same first cell were a merge's two copies of one row, each with
    part of the changes (the Hugo shortcodes and Quarto navbar rows of the importing
    page): a reader found half of what is imported in each."""
    twice = []
    for path in sorted((DOCS / "content").rglob("*.md")):
        seen: set[str] = set()
        fence = ""
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            opening = re.match(r"\s*(`{3,}|~{3,})", line)
            if opening:
                fence = "" if fence else opening.group(1)
                continue
            if fence or not line.startswith("|"):
                seen = set()
                continue
            first = line.split("|")[1].strip()
            if first in seen and not re.fullmatch(r":?-{3,}:?", first):
                twice.append(f"{path.name}:{number}: {first}")
            seen.add(first)
    assert twice == []
