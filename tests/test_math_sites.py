"""Math as real blogs write it, built as whole sites (tests/sites/math-*) and checked on
the parsed HTML: posts modelled on a Jekyll/kramdown ML blog (inline `$$`), a Typora
Chinese LLM blog (`$ x $`, `\\tag`, formulas starting list items) and al-folio's sample
math post (`\\begin{equation}`, `\\label`/`\\eqref`, `\\(…\\)`, `\\[…\\]`). Each builds
unchanged with zero problems, no raw TeX in any text a reader sees, and readable
formulas in summaries, the feed and link previews."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from htmltree import Element, parse_html
from sitebits import meta

SITES = Path(__file__).parent / "sites"
_TEX = re.compile(r"\\[A-Za-z]{2,}|\$\$?[^$\s]")


def build(name: str, tmp_path: Path, build_site: Callable[..., Any]) -> Path:
    """Build a copy of the site (a problem raises); no warnings either."""
    site = Path(shutil.copytree(SITES / name, tmp_path / name))
    result = build_site(site)
    assert result.warnings == ()
    return Path(result.output)


def post(out: Path) -> Element:
    [page] = (out / "posts").glob("*/index.html")
    return parse_html(page.read_bytes())


def reader_text(doc: Element) -> str:
    """The text a reader sees outside formulas, code and scripts."""
    parts: list[str] = []

    def walk(e: Element) -> None:
        if e.tag in ("math", "code", "pre", "script", "style", "template"):
            return
        for child in e.children:
            if isinstance(child, str):
                parts.append(child)
            else:
                walk(child)

    walk(doc)
    return " ".join(parts)


def no_raw_tex(doc: Element, allowed: tuple[str, ...] = ()) -> None:
    text = reader_text(doc)
    for keep in allowed:
        text = text.replace(keep, "")
    assert not _TEX.search(text), _TEX.findall(text)
    assert doc.find(class_="math-error") is None


def test_kramdown_blog(tmp_path: Path, build_site: Callable[..., Any]) -> None:
    out = build("math-kramdown", tmp_path, build_site)
    doc = post(out)
    no_raw_tex(doc, allowed=("$5", "$10"))
    body = doc.one(class_="prose")
    first = body.find_all("p")[0]
    # 88% of such a blog's formulas: `$$…$$` inside a sentence is inline math
    assert len(first.find_all("math")) == 5
    assert all(m.get("display") is None for m in first.find_all("math"))
    assert all(p.find("div") is None for p in body.find_all("p"))  # no div in a p
    assert len(body.find_all("div", class_="math-display")) == 3
    # headings: MathML in the heading and the TOC, a readable id
    h2 = body.find_all("h2")
    assert [h.get("id") for h in h2] == ["parameterization-of-β-t", "the-loss-l-simple"]
    assert all(h.find("math") is not None for h in h2)
    toc = doc.one("nav", class_="toc")
    assert len(toc.find_all("math")) == 2 and "\\" not in toc.text()
    # list items and table cells that start with a formula
    assert all(li.find("math") is not None for li in body.find_all("li"))
    assert all(td.find("math") is not None for td in body.find_all("td")[::2])
    # code keeps its dollars
    assert "$$T$$" in body.find_all("code")[0].text()
    # summaries, feed and link previews: readable formulas, no TeX
    description = meta(doc, "description")[0]
    assert "β₁, …, β_T" in description and "ᾱ_t = ∏_{s=1}^t α_s" in description
    feed = (out / "atom.xml").read_text(encoding="utf-8")
    assert "β₁, …, β_T" in feed and "\\beta" not in feed


def test_typora_chinese_blog(tmp_path: Path, build_site: Callable[..., Any]) -> None:
    out = build("math-typora", tmp_path, build_site)
    doc = post(out)
    no_raw_tex(doc, allowed=("$5", "$10", "$20"))
    body = doc.one(class_="prose")
    # `\tag{…}` and `\tag*{…}` in plain `$$`: numbers at the right edge of the formula
    numbers = [b.find_all("mtd")[-1].text() for b in
               body.find_all("div", class_="math-display")]
    assert numbers == ["(1)", "(2)", "(PPO)", "(GAE)"]
    # list items starting with a formula, their text ending in a digit (the index bug)
    items = body.find_all("li")
    assert len(items) == 3
    for li in items:  # the formula is the item's first child, converted
        first_child = li.elements()[0]
        assert "math-inline" in first_child.classes and first_child.find("math") is not None
        assert li.raw_text().lstrip().startswith(first_child.raw_text())
    # `$ O(n^3) $` with spaces is math; money and escaped dollars are text
    first = body.find_all("p")[0]
    assert len(first.find_all("math")) == 5
    last = body.find_all("p")[-1]
    assert last.find("math") is None and "$5" in last.text() and "$20" in last.text()
    assert [h.get("id") for h in body.find_all("h2")] == ["策略梯度", "优势估计-â-t"]
    description = meta(doc, "og:description")[0]
    assert "π_θ(a|s)，一条轨迹 τ 的回报为 R(τ) = ∑_{t=0}^T γ^t r_t。" in description
    assert "O(n²d)，" in description  # the formula and the comma after it


def test_alfolio_post(tmp_path: Path, build_site: Callable[..., Any]) -> None:
    out = build("math-alfolio", tmp_path, build_site)
    doc = post(out)
    no_raw_tex(doc)
    body = doc.one(class_="prose")
    displays = body.find_all("div", class_="math-display")
    assert len(displays) == 4
    # bare environments are numbered; the label is the number cell's id
    young = doc.find(id="eq:young")
    assert young is not None and young.tag == "mtd" and young.text() == "(1)"
    expand = doc.find(id="eq:expand")
    assert expand is not None and expand.text() == "(2)"
    links = [(a.get("href"), a.text()) for a in body.find_all("a", class_="eqref")]
    assert links == [("#eq:young", "(1)"), ("#eq:expand", "2")]
    inline = body.find_all("p")[0].find_all("math")
    assert len(inline) == 1 and inline[0].get("display") is None
