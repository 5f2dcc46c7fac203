"""The publications page's filter box in Chromium: typing hides the entries that lack a
word of the query and the years left empty, the status counts what is left, `?q=`
fills the box, and clearing it brings the whole list back."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_a11y import BLOCKING, axe_violations  # (the same rules as every page's)

TOPICS = ["Transformer inference", "KV cache compression", "Pipeline parallel training",
          "RLHF with PPO", "Diffusion policy", "Retrieval augmented generation",
          "Speculative decoding", "Mixture of experts", "分块检索的评测"]


@pytest.fixture(scope="module")
def site(serve_site, tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("publications-site")
    (root / "content").mkdir()
    (root / "lanting.toml").write_text('title = "Lab"\nlanguage = "en"\n'
                                       "[search]\nenabled = false\n", encoding="utf-8")
    (root / "content" / "publications.bib").write_text("\n".join(
        f"@inproceedings{{p{i},\n  title = {{{topic} at scale}},\n"
        f"  author = {{Lin, Zhiyuan and Wang, Wei}},\n"
        f"  booktitle = {{{'NeurIPS' if i % 2 else 'ICML'}}},\n  year = {{{2020 + i % 4}}}\n}}\n"
        for i, topic in enumerate(TOPICS)), encoding="utf-8")
    return serve_site(Path(root))


def visible_titles(page) -> list[str]:
    return [t.strip() for t in page.locator(".pub:visible .pub-title").all_inner_texts()]


def test_typing_filters_the_list_and_clearing_brings_it_back(page, site) -> None:
    page.goto(site.url + "publications/")
    box = page.locator(".pub-filter input")
    assert box.is_visible() and len(visible_titles(page)) == len(TOPICS)
    box.fill("cache")
    assert visible_titles(page) == ["KV cache compression at scale"]
    assert page.locator(".pub-filter-status").inner_text() == "1 shown"
    # (a year with nothing left goes; the one left counts what it shows)
    assert page.locator(".pub-group:visible").count() == 1
    assert page.locator(".pub-group:visible .count").inner_text() == "1"
    assert "q=cache" in page.url
    box.fill("2021 kv neurips")  # (every word, in any part of the entry, in any order)
    assert visible_titles(page) == ["KV cache compression at scale"]
    box.fill("bibtex")  # (the BibTeX block is no part of what an entry shows)
    assert visible_titles(page) == []
    box.fill("")
    assert len(visible_titles(page)) == len(TOPICS)
    assert page.locator(".pub-filter-status").inner_text() == ""
    assert "q=" not in page.url
    assert page.console_errors == [] and page.failed_requests == []


def test_the_address_fills_the_box_and_chinese_words_match(page, site) -> None:
    page.goto(site.url + "publications/?q=%E5%88%86%E5%9D%97")  # (分块)
    assert page.locator(".pub-filter input").input_value() == "分块"
    assert visible_titles(page) == ["分块检索的评测 at scale"]


def test_the_box_passes_axe_in_light_and_dark(browser, site, axe_script) -> None:
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      color_scheme=scheme)
        try:
            page = context.new_page()
            page.goto(site.url + "publications/?q=scale")
            found = [v for v in axe_violations(page, axe_script) if v["impact"] in BLOCKING]
            assert found == [], found
        finally:
            context.close()
