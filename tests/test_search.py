"""Stage 11: the search index, made from the rendered pages' records before anything is
written, and patched rather than remade when few pages change.

(What a reader finds is tested in tests/test_search_recall.py with a Python reader of the
index, and in Chromium with the theme's own script: tests/browser/test_search_ui.py.)
"""

from __future__ import annotations

import json
import os
import re
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html
from hypothesis import given, settings
from hypothesis import strategies as st
from search_reference import ReferenceIndex

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.output.search_files import INDEX_DIR, files_in_shard, shard_count
from lanting.render.search_record import (
    bucket,
    camel_case_words,
    encode_terms,
    nfkc,
    page_text,
    search_record,
    terms,
)

SEARCH_ON = 'title = "T"\nlanguage = "en"\n'
BILINGUAL_SEARCH = 'title = "T"\nlanguages = ["zh-CN", "en"]\n'


@pytest.fixture
def searchable(make_site: Callable[..., Path], post: Callable[..., str]) -> Path:
    return make_site({
        "lanting.toml": BILINGUAL_SEARCH,
        "content/_index.md": "---\ntitle: 林\n---\n简介\n",
        "content/pages/about.md": "---\ntitle: 关于\n---\n关于我\n",
        "content/posts/a.md": post("强化学习入门", "2026-01-02", tags=["强化学习", "PPO"],
                                   body="正文讲 GRPO。\n\n```python\nprint(1)\n```\n"),
        "content/posts/a.en.md": post("RL basics", "2026-01-02", tags=["RL"]),
    })


def index_files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes()
            for p in sorted((out / INDEX_DIR).rglob("*")) if p.is_file()}


def touch_later(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))


# --- terms --------------------------------------------------------------------------------


def test_cjk_text_gives_its_pairs_and_its_last_character() -> None:
    assert terms("显存占用") == {"显存": 1, "存占": 1, "占用": 1, "用": 1}
    assert terms("GPU显存") == {"gpu": 1, "显存": 1, "存": 1}


def test_words_are_normalised_and_camel_case_gives_its_parts() -> None:
    found = terms("FlashAttention-2 用 ＦＰ１６ 和 all_reduce")
    assert found["flashattention"] == 1 and found["flash"] == 1 and found["attention"] == 1
    assert found["fp16"] == 1  # full-width letters and digits, NFKC
    assert found["all"] == 1 and found["reduce"] == 1


_TEXT_CHARS = st.sampled_from(list("aAbBzZ09_ -\n\t\u3000\xa0，。（「】显存ＦｂİÉe\u0301"))


@settings(max_examples=400, deadline=None)
@given(st.text(_TEXT_CHARS, max_size=40))
def test_camel_case_words_are_the_words_with_a_hump(text: str) -> None:
    # The definition, as one regular expression over every word.
    by_pattern = re.findall(r"(?<![^\W_])[^\W_]*?[a-z][A-Z][^\W_]*", text)
    assert camel_case_words(text) == by_pattern


@settings(max_examples=400, deadline=None)
@given(st.text(_TEXT_CHARS, max_size=60))
def test_page_text_spaces_follow_their_rules(text: str) -> None:
    # The rules as first written: each space run is one space, a line break takes the
    # spaces around it, and a space beside Chinese punctuation goes.
    spaced = re.sub(r"[^\S\n]+", " ", text)
    lined = re.sub(r" ?\n[\s]*", "\n", spaced)
    expected = re.sub(r" (?=[，。、；：！？）」』】])|(?<=[，。、；：！？（「『【]) ", "", lined)
    assert page_text(text) == expected.strip()


_NFKC_CHARS = st.sampled_from(list(
    "aé\n ，：；（）！？。ｂ１²𝔼ϵ\u0301\u0327\u0323\u1100\u1161\u11a8가ﬁ…\xa0Å"))


@settings(max_examples=600, deadline=None)
@given(st.text(_NFKC_CHARS, max_size=30))
def test_nfkc_is_unicodedatas_nfkc(text: str) -> None:
    # Combining marks after the replaced punctuation and across line breaks, Hangul
    # jamo that compose, compatibility characters: the shortcut changes nothing.
    assert nfkc(text) == unicodedata.normalize("NFKC", text)


_CJK_RUN_CHARS = st.sampled_from(list("显存占用・゛가 \t\u3000\xa0\n，a1"))


@settings(max_examples=600, deadline=None)
@given(st.text(_CJK_RUN_CHARS, max_size=30))
def test_cjk_pairs_run_across_spaces_on_a_line_only(text: str) -> None:
    # The definition: spaces between two CJK characters on one line are dropped, then
    # each run of CJK characters gives its pairs and its last character.
    cjk = "\u1100-\u11ff\u3040-\u30ff\uac00-\ud7af\u4e00-\u9fff"
    normal = unicodedata.normalize("NFKC", text).lower()
    joined = re.sub(f"(?<=[{cjk}])[^\\S\n]+(?=[{cjk}])", "", normal)
    expected: dict[str, int] = {}
    for run in re.findall(f"[{cjk}]+", joined):
        for term in [run[i:i + 2] for i in range(len(run) - 1)] + [run[-1]]:
            expected[term] = expected.get(term, 0) + 1
    found = {t: n for t, n in terms(text).items() if re.match(f"[{cjk}]", t)}
    assert found == expected


def test_a_pages_terms_are_written_by_bucket_sorted_with_their_counts() -> None:
    words, cjk = Counter({"pipeline": 3, "h1": 2, "h100": 1}), Counter({"显存": 1, "存": 2})
    buckets, lines = encode_terms(words, cjk)
    assert list(buckets) == sorted(buckets)
    by_bucket = dict(zip(buckets, lines.split("\n"), strict=True))
    for term, entry in (("pipeline", "pipeline:3"), ("h1", "h1:2"), ("h100", "h100"),
                        ("显存", "显存"), ("存", "存:2")):
        assert entry in by_bucket[bucket(term)].split(" ")
    assert all(line.split(" ") == sorted(line.split(" ")) for line in by_bucket.values())
    assert sum(len(line.split(" ")) for line in by_bucket.values()) == 5


def test_a_prefix_names_the_bucket_of_every_word_it_begins() -> None:
    assert bucket("pipeline") == bucket("pipel") == bucket("pi")
    assert bucket("显存") == bucket("显卡") == bucket("显")
    assert 0 <= bucket("x") < 256


# --- the text of a page -------------------------------------------------------------------


def test_formulas_are_text_not_holes() -> None:
    html = ('<p>记策略为 <span class="math-inline"><math><msub><mi>π</mi><mi>θ</mi></msub>'
            '<mo>(</mo><mi>a</mi><mo>∣</mo><mi>s</mi><mo>)</mo></math></span>，一条轨迹 '
            '<math><mi>τ</mi></math> 的回报为 <math><mrow><mi>R</mi><mo>(</mo><mi>τ</mi>'
            '<mo>)</mo></mrow></math>。</p>')
    assert page_text(html) == "记策略为 π_θ(a ∣ s)，一条轨迹 τ 的回报为 R(τ)。"


def test_a_formula_with_a_less_than_sign_keeps_the_text_after_it() -> None:
    assert page_text("<p>当 <math><mi>t</mi><mo>&lt;</mo><mi>T</mi></math> 时，<b>学习率</b>"
                     "线性增长；<math><mi>x</mi><mo>&gt;</mo><mn>0</mn></math> 之后</p>") == (
        "当 t < T 时，学习率线性增长；x > 0 之后")


def test_headings_and_paragraphs_stay_apart() -> None:
    text = page_text("<h2>背景</h2><p>第一段</p><ul><li>一</li><li>二</li></ul>"
                     "<pre><code>a = 1\nb = 2</code></pre>")
    assert text.split("\n") == ["背景", "第一段", "一", "二", "a = 1", "b = 2"]


def test_a_record_has_the_facts_and_leaves_out_what_repeats() -> None:
    page = ('<html><body><nav>菜单</nav><article data-search-body>'
            '<div hidden data-search-meta=\'{"kind": "post", "title": "标题", '
            '"date": "2026-01-02", "lang": "zh-CN", "tags": ["强化学习"], "group": ""}\'></div>'
            '<h1 class="post-title">标题</h1><nav class="toc">目录</nav>'
            '<p>正文<span data-search-ignore>不要</span></p><div class="side">边注</div>'
            '</article></body></html>')
    record = search_record(page, "posts/a/", exclude=(".side",))
    assert record is not None
    assert (record.title, record.kind, record.date, record.lang, record.tags) == (
        "标题", "post", "2026-01-02", "zh-CN", ("强化学习",))
    assert record.text == "正文"
    assert search_record("<p>no opt-in</p>", "x/") is None


# --- the index in a build -----------------------------------------------------------------


def test_the_index_is_written_with_the_site(searchable: Path,
                                            build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    out = searchable / "public"
    meta = json.loads((out / INDEX_DIR / "meta.json").read_text())
    assert meta["format"] == 1 and meta["pages"] == 3  # both posts and the about page
    assert meta["kinds"] == {"page": 1, "post": 2}
    assert meta["tags"] == {"PPO": 1, "RL": 1, "强化学习": 1}
    [[rows]] = [[json.loads((out / INDEX_DIR / "0/docs.json").read_text())["docs"]]]
    assert [row[0] for row in rows] == ["about/", "en/posts/a/", "posts/a/"]
    index = ReferenceIndex(out)
    assert index.search("GRPO") == {"posts/a/"}
    assert index.search("强化") == {"posts/a/"}  # a word of the title
    assert index.search("basics") == {"en/posts/a/"}
    assert index.search("print") == {"posts/a/"}  # code is text too


def test_search_pages_say_that_search_needs_javascript(
        searchable: Path, build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    for path, archive, lang in (("search/index.html", "/archive/", "zh-CN"),
                                ("en/search/index.html", "/en/archive/", "en")):
        page = parse_html((searchable / "public" / path).read_bytes())
        assert page.one("html")["lang"] == lang
        noscript = page.one("noscript")
        assert noscript.one("a")["href"] == archive
        assert page.one("input", attrs={"name": "q"})
    english = parse_html((searchable / "public/en/search/index.html").read_bytes())
    assert english.one("noscript").text().startswith("Search needs JavaScript")


def test_pages_tell_the_index_their_facts(
        searchable: Path, build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    page = parse_html((searchable / "public/posts/a/index.html").read_bytes())
    body = page.one(attrs={"data-search-body": True})
    assert body.tag == "article"
    facts = json.loads(body.one(attrs={"data-search-meta": True})["data-search-meta"])
    assert facts == {"title": "强化学习入门", "date": "2026-01-02", "lang": "zh-CN",
                     "kind": "post", "group": "/posts/a/", "tags": ["强化学习", "PPO"]}
    about = parse_html((searchable / "public/about/index.html").read_bytes())
    assert json.loads(about.one(attrs={"data-search-meta": True})["data-search-meta"])[
        "kind"] == "page"
    # listings are not indexed: only the pages' own content is
    blog = (searchable / "public/blog/index.html").read_bytes()
    assert b"data-search-body" not in blog


def test_every_page_gets_the_search_button_and_script(
        searchable: Path, build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    page = parse_html((searchable / "public/en/blog/index.html").read_bytes())
    link = page.one("a", class_="search-link")
    assert link["href"] == "/en/search/"
    config = json.loads(link["data-search"])
    assert config["root"] == "/" and config["lang"] == "en" and config["page"] == "/en/search/"
    assert config["engine"].startswith("/assets/search-index.js?v=")
    assert config["strings"]["noResults"] == "No results for “{q}”"
    scripts = [s["src"] for s in page.find_all("script") if s.get("src")]
    assert any(src.startswith("/assets/search.js?v=") for src in scripts)


def test_search_can_be_turned_off(make_site: Callable[..., Path], post: Callable[..., str],
                                  build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/posts/a.md": post("A", "2026-01-02")})  # [search] enabled = false
    build_site(site, site / "public")
    out = site / "public"
    assert not (out / INDEX_DIR).exists() and not (out / "search").exists()
    page = (out / "posts/a/index.html").read_text()
    assert "search-link" not in page and "search.js" not in page
    assert "data-search-meta" not in page


def test_the_index_is_deterministic(searchable: Path,
                                    build_site: Callable[..., BuildResult], snapshot) -> None:  # type: ignore[no-untyped-def]
    build_site(searchable, searchable / "one", cache=False)
    build_site(searchable, searchable / "two", cache=False)
    assert snapshot(searchable / "one") == snapshot(searchable / "two")


def test_a_selector_of_the_site_is_left_out(make_site: Callable[..., Path],
                                            post: Callable[..., str],
                                            build_site: Callable[..., BuildResult]) -> None:
    site = make_site({
        "lanting.toml": SEARCH_ON + '[search]\nexclude = [".draft-note"]\n',
        "content/posts/a.md": post("A", "2026-01-02", body=(
            'Kept text.\n\n<div class="draft-note">zanzibar</div>\n')),
    })
    build_site(site, site / "public")
    index = ReferenceIndex(site / "public")
    assert index.search("kept") == {"posts/a/"} and index.search("zanzibar") == set()


def test_sizes_grow_by_powers_of_two() -> None:
    assert [shard_count(n) for n in (0, 1, 1024, 1025, 4000, 10000)] == [1, 1, 1, 2, 4, 16]
    assert [files_in_shard(n) for n in (1, 4, 5, 35, 1000, 5000)] == [1, 1, 2, 16, 256, 256]


# --- incremental --------------------------------------------------------------------------


def test_an_edit_rewrites_only_what_it_changes(
        searchable: Path, build_site: Callable[..., BuildResult],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = searchable / "public"
    build_site(searchable, out)
    before = {p: (out / p).stat().st_ino for p in index_files(out)}
    # No page changed: no index file is made again (each is the old file, hard-linked).
    static = searchable / "static" / "robots-extra.txt"
    static.parent.mkdir(exist_ok=True)
    static.write_text("a new static file: the pages stay as they were\n")
    build_site(searchable, out)
    assert {p: (out / p).stat().st_ino for p in index_files(out)} == before
    # One post edited: its text file and the term files of the words that changed.
    post = searchable / "content/posts/a.md"
    touch_later(post, post.read_text().replace("正文讲 GRPO。", "正文讲 zanzibarquux。"))
    build_site(searchable, out)
    after = {p: (out / p).stat().st_ino for p in index_files(out)}
    rewritten = {p for p in after if before.get(p) != after[p]}
    # The page's length and facts are the same: its list of pages and the totals stay.
    assert f"{INDEX_DIR}/meta.json" not in rewritten
    assert f"{INDEX_DIR}/0/docs.json" not in rewritten
    assert len([p for p in rewritten if "/text/" in p]) == 1  # the edited post's text only
    assert 1 <= len([p for p in rewritten if "/text/" not in p]) <= 2  # GRPO's, zanzibar's
    assert ReferenceIndex(out).search("zanzibarquux") == {"posts/a/"}
    assert ReferenceIndex(out).search("GRPO") == set()



def test_an_edit_reads_back_only_the_term_files_it_changes(
        searchable: Path, build_site: Callable[..., BuildResult],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The edited page's old terms come from its old text file, so the shard's other
    term files are neither read nor written."""
    from lanting.output.search_previous import PreviousIndex

    for n in range(24):  # enough pages for several term files
        (searchable / f"content/posts/extra-{n}.md").write_text(
            f"---\ntitle: 笔记 {n}\ndate: 2026-01-{n + 1:02}\n---\n第 {n} 篇：张量并行与 "
            f"topic{n} 的笔记。\n", encoding="utf-8")
    out = searchable / "public"
    build_site(searchable, out)
    loaded: list[str] = []
    load = PreviousIndex.load

    def counting(self: PreviousIndex, path: str) -> object:
        loaded.append(path)
        return load(self, path)

    monkeypatch.setattr(PreviousIndex, "load", counting)
    post = searchable / "content/posts/a.md"
    touch_later(post, post.read_text().replace("正文讲 GRPO。", "正文讲 zanzibarquux。"))
    build_site(searchable, out)
    term_files = [p for p in loaded if "/text/" not in p and not p.endswith(("docs.json",
                                                                             "meta.json"))]
    assert 1 <= len(term_files) <= 2, term_files
    assert len(list((out / INDEX_DIR / "0").glob("*.json"))) > 8  # there were others to read

EDITS: list[tuple[str, str | None]] = [
    ("content/posts/a.md", "---\ntitle: 强化学习入门\ndate: 2026-01-02\ntags: [PPO]\n---\n"
                           "改写后的正文，提到 FlashAttention。\n"),
    ("content/posts/b.md", "---\ntitle: 新文章\ndate: 2026-02-01\n---\n全新的显存优化笔记。\n"),
    ("content/pages/about.md", None),
    ("content/posts/c.en.md", "---\ntitle: Another\ndate: 2026-03-01\n---\nRing attention.\n"),
]


def test_an_incremental_index_equals_a_clean_one(
        searchable: Path, build_site: Callable[..., BuildResult], tmp_path: Path) -> None:
    out = searchable / "public"
    build_site(searchable, out)
    for step, (rel, text) in enumerate(EDITS):
        if text is None:
            (searchable / rel).unlink()
        else:
            touch_later(searchable / rel, text)
        build_site(searchable, out)
        clean = tmp_path / f"clean-{step}"
        build_site(searchable, clean, cache=False)
        assert index_files(out) == index_files(clean), f"after editing {rel}"


def test_an_index_written_the_old_way_is_made_again_not_patched(
        searchable: Path, build_site: Callable[..., BuildResult], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # An index made by a Lanting that wrote a page's terms in another order: its kept
    # lines would differ from a clean build's, so none of it is kept.
    from lanting.build import freshness, pipeline
    from lanting.render import search_record as records

    real = records.encode_terms

    def reversed_lines(words: Counter[str], cjk: Counter[str]) -> tuple[bytes, str]:
        buckets, lines = real(words, cjk)
        return buckets, "\n".join(" ".join(reversed(line.split(" ")))
                                  for line in lines.split("\n"))

    out = searchable / "public"
    with monkeypatch.context() as old:
        old.setattr(records, "encode_terms", reversed_lines)
        old.setattr(pipeline, "engine_fingerprint", lambda: "an older Lanting")
        old.setattr(freshness, "engine_stamp", lambda: "an older Lanting")
        build_site(searchable, out)
    build_site(searchable, out)
    build_site(searchable, tmp_path / "clean", cache=False)
    assert index_files(out) == index_files(tmp_path / "clean")


def test_a_damaged_index_file_is_made_again(
        searchable: Path, build_site: Callable[..., BuildResult], tmp_path: Path) -> None:
    out = searchable / "public"
    build_site(searchable, out)
    victim = next(p for p in (out / INDEX_DIR / "0").iterdir() if p.name != "docs.json")
    victim.write_text("{}")
    post = searchable / "content/posts/a.md"
    touch_later(post, post.read_text() + "\n新的一段。\n")
    build_site(searchable, out)
    build_site(searchable, tmp_path / "clean", cache=False)
    assert index_files(out) == index_files(tmp_path / "clean")


def test_an_unreadable_unchanged_page_is_an_error_not_a_hole(
        searchable: Path, build_site: Callable[..., BuildResult],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = searchable / "public"
    build_site(searchable, out)
    for path in (out / INDEX_DIR).rglob("*.json"):
        path.unlink()  # no index to patch: every unchanged page is read back
    from lanting.build import pipeline
    real = pipeline._read
    monkeypatch.setattr(pipeline, "_read", lambda path: None if path.parent.name == "about"
                        else real(path))
    post = searchable / "content/posts/a.md"
    touch_later(post, post.read_text() + "\nmore\n")
    with pytest.raises(LantingError) as info:
        build_site(searchable, out)
    assert any("about/index.html could not be read back" in p.message
               for p in info.value.problems)


def test_serve_swaps_in_a_new_index_after_the_pages(searchable: Path) -> None:
    """`lanting serve` shows edited pages at once and patches the index in the background."""
    from lanting.build.options import BuildOptions
    from lanting.serve.live import LiveSite

    live = LiveSite(searchable, BuildOptions(jobs=1, cache=False), report=lambda m: None)

    def index_of(generation: int) -> dict[str, bytes]:
        assert live.wait_for_search_index(), "the index never arrived"
        assert live.indexed == generation
        return {p: d for p, d in live.store.files.items()
                if p.startswith(INDEX_DIR + "/") and isinstance(d, bytes)}

    live.rebuild()
    first = index_of(1)
    post = searchable / "content/posts/a.md"
    post.write_text(post.read_text().replace("正文讲 GRPO。", "正文讲 zanzibarquux。"))
    live.rebuild()
    page = live.store.files["posts/a/index.html"]
    assert isinstance(page, bytes) and b"zanzibarquux" in page  # served before the index
    second = index_of(2)
    assert second != first
    texts = [json.loads(d)["text"] for p, d in second.items() if "/text/" in p]
    assert any("zanzibarquux" in t for t in texts)


@pytest.mark.parametrize("files", [1, 4, 64, 256])
def test_a_pages_term_files_are_its_buckets_lines_grouped(files: int) -> None:
    """A shard of n term files holds contiguous ranges of buckets: with 256 (from 513
    pages a shard) a page's line of each bucket is its string in that file as it is."""
    from lanting.output.search_files import BUCKETS, file_strings, page_strings

    page = ('<main data-search-body><h1>Ring attention 显存占用</h1><p>FlashAttention '
            'pipeline parallel 流水线并行 and h100 kernels, 显存 again.</p></main>')
    record = search_record(page, "posts/x/")
    assert record is not None and len(record.buckets) > 5
    lines = list(record.by_bucket())
    expected: dict[int, list[str]] = {}
    for b, line in lines:
        expected.setdefault(b * files // BUCKETS, []).append(line)
    assert page_strings(record, files) == {f: " ".join(v) for f, v in expected.items()}
    assert page_strings(record, files) == file_strings(lines, files)


def test_a_formula_katex_rendered_before_is_read_once() -> None:
    """A formula pasted as KaTeX rendered it: its MathML is read as Lanting's formulas
    are; its HTML half, which the page hides (`.katex-html`, style.css), repeated it as
    a jumble of glyphs."""
    katex = (Path(__file__).parent / "fixtures/katex/prerendered.html").read_text("utf-8")
    record = search_record(f"<html><body><article data-search-body>{katex}</article>"
                           "</body></html>", "posts/a/")
    assert record is not None
    assert "GLYPHS" not in record.text and "\\frac" not in record.text
    assert record.text.startswith("The gate is σ(x) =")
    assert record.text.endswith(", pasted as KaTeX rendered it.")
