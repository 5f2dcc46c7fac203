"""Golden site `tests/sites/citing/`: a bilingual post citing ten papers — five English,
five Chinese — in GB/T 7714-2015 (numeric) on the Chinese page and APA on its English
translation; a 著者-出版年 page; a bundle with its own .bib and `{{< references >}}`.

Pages are read as a reader reads them (parsed HTML, the hover previews left out of the
visible text). The rule under test: "等" or "et al." follows the *cited entry's*
language; the connectors around the entries follow the *page's*.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import Element, parse_html

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult

SITE = Path(__file__).parent / "sites" / "citing"
ENGLISH = ("vaswani2017attention", "rajbhandari2020zero", "sutton2018reinforcement",
           "schulman2017proximal", "schulman2017equivalence", "ouyang2022training")
CHINESE = ("zhou2016ml", "li2019statistical", "che2023llm", "lin2025thesis")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    site = Path(shutil.copytree(SITE, tmp_path_factory.mktemp("citing") / "site"))
    return build(site, BuildOptions(output=site / "public", cache=False))


def page(built: BuildResult, rel: str) -> Element:
    return parse_html((built.output / rel).read_bytes())


def visible(element: Element) -> str:
    """The text a reader sees: without the hover previews."""
    parts: list[str] = []

    def walk(node: Element) -> None:
        for child in node.children:
            if isinstance(child, str):
                parts.append(child)
            elif "cite-preview" not in child.classes:
                walk(child)

    walk(element)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def labels(doc: Element) -> list[str]:
    return [visible(c) for c in doc.one("div", class_="prose").find_all(class_="cite")]


def entries(doc: Element) -> dict[str, str]:
    section = doc.one("section", class_="references")
    return {li["id"].removeprefix("ref-"): li.text() for li in section.find_all("li")}


def test_the_site_builds_without_a_warning(built: BuildResult) -> None:
    assert built.warnings == ()


def test_gbt7714_numeric_numbers_in_order_of_first_citation(built: BuildResult) -> None:
    doc = page(built, "posts/paper-notes/index.html")
    assert labels(doc) == ["[1]", "[2]3-5", "[3-5]", "[6]", "[7]", "[8]", "[9]", "[10]",
                           "[1，6，8]"]  # a Chinese page: full-width commas (GB/T 7714)
    assert all(c.tag == "sup" for c in doc.one("div", class_="prose").find_all(class_="cite"))
    listed = doc.one("section", class_="references")
    assert listed.one("h2").text() == "参考文献"
    assert [li["id"] for li in listed.one("ol").find_all("li")] == [
        "ref-vaswani2017attention", "ref-rajbhandari2020zero", "ref-sutton2018reinforcement",
        "ref-zhou2016ml", "ref-li2019statistical", "ref-schulman2017proximal",
        "ref-schulman2017equivalence", "ref-ouyang2022training", "ref-che2023llm",
        "ref-lin2025thesis"]


def test_gbt7714_entries_et_al_follows_the_entry_language(built: BuildResult) -> None:
    found = entries(page(built, "posts/paper-notes/index.html"))
    assert found["vaswani2017attention"] == (
        "[1] VASWANI A, SHAZEER N, PARMAR N, et al. Attention Is All You Need[C]//Advances in "
        "Neural Information Processing Systems. 2017: 5998-6008.")
    assert found["che2023llm"] == (
        "[9] 车万翔, 窦志成, 冯岩松, 等. 大模型时代的自然语言处理：挑战、机遇与发展[J]. "
        "中国科学：信息科学, 2023, 53(9): 1645-1687.")
    assert found["ouyang2022training"].startswith("[8] OUYANG L, WU J, et al. ")  # `and others`
    assert found["li2019statistical"] == (
        "[5] 李航. 统计学习方法[M]. 2版. 北京: 清华大学出版社, 2019.")
    assert found["lin2025thesis"] == (
        "[10] 林知远. 面向大模型训练的分布式并行策略研究[D]. 杭州: 兰亭大学, 2025.")
    assert found["schulman2017proximal"].endswith("[EB/OL]. arXiv:1707.06347, 2017.")
    assert found["rajbhandari2020zero"].endswith(
        "IEEE, 2020: 1-16. DOI:10.1109/SC41405.2020.00024.")
    for key in ENGLISH:
        assert "等" not in found[key], key
    for key in CHINESE:
        assert "et al" not in found[key], key


def test_apa_on_the_english_translation(built: BuildResult) -> None:
    doc = page(built, "en/posts/paper-notes/index.html")
    assert labels(doc) == [
        "(Vaswani et al., 2017)", "(Rajbhandari et al., 2020, pp. 3–5)",
        "(Sutton & Barto, 2018; 周志华, 2016; 李航, 2019)", "(Schulman et al., 2017b)",
        "(Schulman et al., 2017a)", "(Ouyang et al., 2022)",
        "(车万翔 等, 2023)",  # a Chinese entry keeps "等" on an English page
        "(林知远, 2025)"]
    found = entries(doc)
    assert list(found) == [  # alphabetical; 2017a/2017b in the list's order
        "ouyang2022training", "rajbhandari2020zero", "schulman2017equivalence",
        "schulman2017proximal", "sutton2018reinforcement", "vaswani2017attention",
        "zhou2016ml", "li2019statistical", "lin2025thesis", "che2023llm"]
    assert found["sutton2018reinforcement"] == (
        "Sutton, R. S., & Barto, A. G. (2018). Reinforcement Learning: An Introduction "
        "(2nd ed.). MIT Press.")
    assert found["ouyang2022training"].startswith("Ouyang, L., Wu, J., et al. (2022). ")
    assert found["vaswani2017attention"].startswith(
        "Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., Gomez, A. N., "
        "Kaiser, Ł., & Polosukhin, I. (2017). Attention Is All You Need. In Advances")
    assert found["che2023llm"] == ("车万翔, 窦志成, 冯岩松, 桂韬, 韩先培. (2023). "
                                   "大模型时代的自然语言处理：挑战、机遇与发展. "
                                   "中国科学：信息科学, 53(9), 1645–1687.")
    assert doc.one("section", class_="references").one("h2").text() == "References"


def test_author_year_on_a_chinese_page_uses_chinese_connectors(built: BuildResult) -> None:
    doc = page(built, "posts/author-year/index.html")
    assert labels(doc) == [
        "（Schulman et al.，2017b）", "（Schulman et al.，2017a）",
        "（参见 Sutton et al.，2018，第 3–5 页；周志华，2016）", "（车万翔 等，2023）",
        "（Ouyang et al.，2022）"]
    found = entries(doc)
    # GB/T 7714 §9.3.2: Chinese entries first, then the others, each by author and year.
    assert list(found)[:2] == ["zhou2016ml", "che2023llm"]
    assert found["schulman2017equivalence"].startswith("SCHULMAN J, CHEN X, ABBEEL P, 2017a. ")


def test_a_full_width_bracket_takes_the_place_of_the_space_before_it(
        built: BuildResult) -> None:
    # `PPO [@…]` and `RLHF 见 [@…]`: the bracket carries its own space, so the author's
    # is dropped, as on a typeset Chinese page.
    prose = visible(page(built, "posts/author-year/index.html").one("div", class_="prose"))
    assert "PPO（Schulman et al.，2017b）与软 Q 学习（Schulman et al.，2017a）" in prose
    assert "RLHF 见（Ouyang et al.，2022）。" in prose
    assert " （" not in prose


def test_each_citation_links_to_its_entry_and_previews_it(built: BuildResult) -> None:
    doc = page(built, "posts/paper-notes/index.html")
    ids = doc.ids()
    items = doc.one("div", class_="prose").find_all("span", class_="cite-item")
    assert len(items) == 12  # 13 citations; `[3-5]` links its two ends
    for item in items:
        link = item.one("a", class_="cite-link")
        key = link["data-cite"]
        assert link["href"] == f"#ref-{key}" and f"ref-{key}" in ids
        assert link["aria-describedby"] == f"ref-{key}"
        preview = item.one("span", class_="cite-preview")
        assert preview["aria-hidden"] == "true"
        assert preview.text() == entries(doc)[key].split("] ", 1)[1]
        assert preview["lang"] == ("zh" if key in CHINESE else "en")


def test_a_page_bibliography_and_the_references_shortcode(built: BuildResult) -> None:
    doc = page(built, "en/posts/reading/index.html")
    prose = doc.one("div", class_="prose")
    assert labels(doc) == ["[1]", "[2, p. 6]"]
    order = [e.tag if e.tag != "section" else "list" for e in prose.elements()]
    assert order == ["p", "h2", "list", "h2", "p"]  # the list stands where it was asked for
    found = entries(doc)
    assert found["group2026notes"].startswith("[1] M. Zhao and Z. Lin, Reading Group Notes")
    assert found["vaswani2017attention"].startswith("[2] A. Vaswani et al., “Attention")


def test_cite_this_post(built: BuildResult) -> None:
    doc = page(built, "posts/paper-notes/index.html")
    block = doc.one("details", class_="cite-this")
    assert block.one("summary").text() == "引用本文"
    assert block.one("p", class_="cite-this-formatted").text() == (
        "林知远. 后训练论文笔记：从 Transformer 到 RLHF[EB/OL]. 林知远 · 论文笔记, 2026. "
        "https://notes.example.org/posts/paper-notes/.")
    bibtex = block.one("code").text()
    assert bibtex.startswith("@misc{paper-notes2026,")
    assert "howpublished = {\\url{https://notes.example.org/posts/paper-notes/}}" in bibtex


def test_cite_this_on_a_site_without_base_url_links_the_post_as_it_is(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Without `base_url` a post's address is site-relative: the reference links it as
    it is (it was taken for a DOI: `https://doi.org//posts/note/`)."""
    site = make_site({
        "lanting.toml": 'title = "T"\nauthor = "Ada Lovelace"\n[search]\nenabled = false\n'
                        '[citations]\nstyle = "apa"\n',
        "content/posts/note.md": "---\ntitle: Note\ndate: 2026-01-02\n---\n\nText.\n"})
    out = build_site(site).output
    block = parse_html((out / "posts/note/index.html").read_bytes()).one(
        "details", class_="cite-this")
    formatted = block.one("p", class_="cite-this-formatted")
    assert [a["href"] for a in formatted.find_all("a")] == ["/posts/note/", "/posts/note/"]
    assert formatted.text().endswith(". /posts/note/")
