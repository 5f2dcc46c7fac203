"""Search as a reader uses it, in Chromium: the dialog on `/` and Ctrl-K, the search page,
Chinese and English queries from pages in either language, filters, and hostile titles."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

XSS_SITE = Path(__file__).parents[1] / "sites" / "search"
ZH_PAGE = "posts/tensor-parallel/"
EN_PAGE = "en/posts/verl-intro/"

EXPECTED = {
    "强化学习": "/posts/policy-gradient-to-ppo/",  # its first tag; RL from first principles
    "流水线": "/posts/pipeline-parallel/",
    "显存": "/posts/memory-recompute-mixed-precision/",
    "张量并行": "/posts/tensor-parallel/",
    "GRPO": "/posts/rl-for-diffusion-and-flow/",
    "DataProto": "/posts/verl-dataproto/",
}


def wait_for_results(page: Any, scope: str = "dialog") -> str:
    """Wait until the search in `scope` has answered; returns the status state."""
    status = f"{scope} .search-status"
    page.wait_for_function(
        """(sel) => ['results', 'empty'].includes(document.querySelector(sel)?.dataset.state)""",
        arg=status)
    return str(page.locator(status).get_attribute("data-state"))


def search_from(page: Any, url: str, query: str) -> list[str]:
    page.goto(url)
    page.keyboard.press("/")
    page.locator("dialog[open] .search-input").wait_for()
    page.keyboard.type(query)
    wait_for_results(page)
    return [str(h) for h in page.locator("dialog .search-hit").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")]


@pytest.mark.parametrize("start", [ZH_PAGE, EN_PAGE], ids=["from-zh", "from-en"])
@pytest.mark.parametrize("query", list(EXPECTED))
def test_the_expected_post_comes_first(page: Any, example_site: Any, start: str,
                                       query: str) -> None:
    hits = search_from(page, example_site.url + start, query)
    assert hits, f"no results for {query}"
    assert hits[0] == EXPECTED[query], f"{query} from /{start}: {hits[:4]}"
    first = page.locator("dialog .search-hit").first
    marked = first.locator(".search-hit-title mark, .search-hit-excerpt mark").all_text_contents()
    assert any(query.lower() == m.lower() for m in marked), marked
    assert first.locator(".search-hit-meta").inner_text().strip()  # the date and kind
    assert page.console_errors == [] and page.failed_requests == []


@pytest.mark.parametrize(("start", "empty"), [
    (ZH_PAGE, "没有找到与“xyzzyqqv”相关的内容"), (EN_PAGE, "No results for “xyzzyqqv”")])
def test_nonsense_finds_nothing(page: Any, example_site: Any, start: str, empty: str) -> None:
    search_from(page, example_site.url + start, "xyzzyqqv")
    assert page.locator("dialog .search-status").get_attribute("data-state") == "empty"
    assert page.locator("dialog .search-status").inner_text() == empty
    assert page.locator("dialog .search-hit").count() == 0


def test_translations_show_once_in_the_readers_language(page: Any, example_site: Any) -> None:
    english = search_from(page, example_site.url + EN_PAGE, "HybridFlow")
    assert english[0] == "/en/posts/verl-intro/" and "/posts/verl-intro/" not in english
    chinese = search_from(page, example_site.url + ZH_PAGE, "HybridFlow")
    assert chinese[0] == "/posts/verl-intro/" and "/en/posts/verl-intro/" not in chinese
    # a match only in English, found from a Chinese page, says which language it is in
    assert search_from(page, example_site.url + ZH_PAGE, "crawl") == ["/en/posts/verl-intro/"]
    assert page.locator("dialog .search-hit-lang").inner_text() == "English"


def test_ctrl_k_opens_and_escape_closes(page: Any, example_site: Any) -> None:
    page.goto(example_site.url + ZH_PAGE)
    page.keyboard.press("Control+k")
    dialog = page.locator("dialog.search-dialog")
    dialog.wait_for()
    assert dialog.evaluate("d => d.open") and page.evaluate(
        "() => document.activeElement.classList.contains('search-input')")
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open")


def test_arrow_keys_and_enter_open_a_result(page: Any, example_site: Any) -> None:
    search_from(page, example_site.url + EN_PAGE, "DataProto")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    second = page.locator("dialog .search-hit").nth(1).get_attribute("href")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{second}")


def test_filters_by_kind_and_tag(page: Any, example_site: Any) -> None:
    page.goto(example_site.url + "search/?q=强化学习")
    wait_for_results(page, ".search-page")
    # 5 posts, the about page, the CV (one of its two languages) and a project
    assert page.locator(".search-page .search-hit").count() == 8
    page.locator(".search-kind[data-kind=page]").click()
    wait_for_results(page, ".search-page")
    assert sorted(page.locator(".search-page .search-hit").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")) == [
            "/about/", "/cv/", "/projects/rolloutbench/"]
    page.locator(".search-kind[data-kind='']").click()
    page.locator(".search-input").fill("")
    page.locator(".search-tag").select_option("DataProto")
    wait_for_results(page, ".search-page")
    assert page.locator(".search-page .search-hit").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))") == ["/posts/verl-dataproto/"]


def test_the_search_page_reads_its_query_from_the_url(page: Any, example_site: Any) -> None:
    page.goto(example_site.url + "en/search/?q=GRPO")
    assert wait_for_results(page, ".search-page") == "results"
    assert page.locator(".search-page .search-input").input_value() == "GRPO"
    assert page.locator(".search-page .search-hit").first.get_attribute("href") == \
        EXPECTED["GRPO"]
    assert page.locator(".search-status").inner_text().endswith("results")


def test_without_javascript_the_search_page_says_so(browser: Any, example_site: Any) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(example_site.url + "search/")
    notice = page.locator(".search-nojs")
    assert notice.is_visible()
    assert "JavaScript" in notice.inner_text()
    assert notice.locator("a").get_attribute("href") == "/archive/"
    page.goto(example_site.url + "en/search/")
    assert page.locator(".search-nojs a").get_attribute("href") == "/en/archive/"
    context.close()


@pytest.fixture(scope="module")
def xss_site(serve_site: Any) -> Any:
    return serve_site(XSS_SITE)


def test_a_title_made_of_markup_stays_text(page: Any, xss_site: Any) -> None:
    alerts: list[str] = []
    page.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
    page.goto(xss_site.url)
    page.keyboard.press("/")
    page.locator("dialog[open] .search-input").wait_for()
    page.keyboard.type("zanzibarquux")
    assert wait_for_results(page) == "results"
    hit = page.locator("dialog .search-hit").first
    assert hit.locator(".search-hit-title").inner_text() == "<img src=x onerror=alert(1)>"
    assert "<img src=y onerror=alert(3)>" in hit.locator(".search-hit-excerpt").inner_text()
    assert page.locator("dialog img, dialog script, dialog b").count() == 0
    options = page.locator("dialog .search-tag option").all_text_contents()
    assert "#<b>bold</b> (1)" in options
    page.wait_for_timeout(200)
    assert alerts == [] and page.evaluate("() => window.__pwned === undefined")
    assert page.console_errors == []


def test_screenshots(browser: Any, example_site: Any) -> None:
    """Search page, dialog and an English post, desktop and phone, for review."""
    repo = Path(__file__).resolve().parents[2]
    folder = Path(os.environ.get("LANTING_SCREENSHOTS", repo / "test-artifacts" / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("desktop", {"width": 1280, "height": 860}),
                           ("phone", {"width": 390, "height": 844})):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(example_site.url + "search/?q=显存")
        wait_for_results(page, ".search-page")
        page.screenshot(path=str(folder / f"search-page-{name}.png"))
        page.goto(example_site.url + ZH_PAGE)
        page.keyboard.press("Control+k")
        page.locator("dialog[open] .search-input").wait_for()
        page.keyboard.type("强化学习")
        wait_for_results(page)
        page.screenshot(path=str(folder / f"search-dialog-{name}.png"))
        page.goto(example_site.url + EN_PAGE)
        page.screenshot(path=str(folder / f"english-post-{name}.png"))
        context.close()


# --- the script reads the index as the Python reader does ---------------------------------

PARITY_QUERIES = 40


def test_the_script_cuts_queries_into_the_index_terms(page: Any, example_site: Any) -> None:
    from lanting.render.search_record import bucket, terms

    page.goto(example_site.url)
    engine = page.evaluate(
        "() => JSON.parse(document.querySelector('[data-search]').dataset.search).engine")
    samples = ["显存占用", "FlashAttention-2", "ＧＰＵ显存", "all_reduce", "π_θ", "Ωmega",
               "日本語のテキスト", "분산 학습", "x", "naïve café", "𠀀𠀁 extension B"]
    got = page.evaluate(
        """async ([engine, samples]) => {
             const m = await import(engine);
             return samples.map((s) => ({
               terms: m.queryTerms(s, false).map(([t]) => t),
               buckets: m.queryTerms(s, false).map(([t]) => m.bucket(t)),
             }));
           }""", [engine, samples])
    for sample, answer in zip(samples, got, strict=True):
        # Every term the script asks for is one the index has for that text.
        assert set(answer["terms"]) <= set(terms(sample)), sample
        assert answer["buckets"] == [bucket(t) for t in answer["terms"]], sample


def test_the_script_finds_what_the_python_reader_finds(page: Any, example_site: Any) -> None:
    import random

    from search_reference import ReferenceIndex, draw_queries, page_blocks

    out = example_site.root
    pages = {p.relative_to(out).as_posix().removesuffix("index.html"): page_blocks(
        p.read_bytes()) for p in out.rglob("*.html")}
    queries = draw_queries({u: b for u, b in pages.items() if b}, random.Random(7),
                           PARITY_QUERIES)
    queries += ['"ring attention"', "pipel", "显", "GPU 显存"]
    page.goto(example_site.url)
    engine = page.evaluate(
        "() => JSON.parse(document.querySelector('[data-search]').dataset.search).engine")
    found = page.evaluate(
        """async ([engine, root, queries]) => {
             const m = await import(engine);
             const index = await m.SearchIndex.open(root);
             const out = [];
             for (const q of queries) {
               const { results } = await index.search(q);
               out.push(results.map((r) => r.url.slice(root.length)));
             }
             return out;
           }""", [engine, example_site.url, queries])
    reference = ReferenceIndex(out)
    for query, urls in zip(queries, found, strict=True):
        assert sorted(urls) == sorted(reference.candidates(query)), query
    assert page.console_errors == [] and page.failed_requests == []


def test_a_quoted_phrase_shows_only_pages_with_the_phrase(page: Any,
                                                          example_site: Any) -> None:
    page.goto(example_site.url + 'search/?q="ring attention"')
    wait_for_results(page, ".search-page")
    hits = page.locator(".search-page .search-hit").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")
    assert hits
    for href in hits:
        text = (example_site.root / href.lstrip("/") / "index.html").read_text().lower()
        assert "ring attention" in " ".join(text.split()), href


def test_an_excerpt_shows_formulas_as_text(page: Any, example_site: Any) -> None:
    page.goto(example_site.url + "search/?q=记策略为")
    wait_for_results(page, ".search-page")
    excerpt = page.locator(".search-page .search-hit-excerpt").first.inner_text()
    assert "记策略为 π_θ(a ∣ s)，一条轨迹 τ" in excerpt, excerpt
