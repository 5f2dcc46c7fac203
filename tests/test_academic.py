"""Citations, publication pages, the profile home page, and the links between a paper,
its talks and the posts about it — on tiny inline sites."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from citebits import references
from htmltree import Element, parse_html

from lanting.build.options import BuildResult
from lanting.config.load import load_config
from lanting.errors import LantingError
from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext

Make = Callable[..., Path]
Build = Callable[..., BuildResult]

BIB = r"""@inproceedings{hichunk2026,
  title = {{HiChunk}: Hierarchical Chunking},
  author = {Lin, Zhiyuan* and Chen, Yuhan*},
  booktitle = {ACL 2026},
  year = 2026,
  note = {Oral},
  selected = {true},
  abstract = {We chunk.},
}
@misc{report2024, title = {A Report}, author = {林知远}, year = 2024}
"""
CONFIG = """title = "T"
base_url = "https://x.org/"
[profile]
name = "林知远"
name_en = "Zhiyuan Lin"
position = "PhD student"
email = "z@x.org"
interests = ["RAG"]
links = [{ kind = "github", url = "https://github.com/z" }]
"""


def context(**kw: object) -> RenderContext:
    targets = references(BIB, {"hichunk2026": "/publications/hichunk2026/"})
    return RenderContext(path=Path("/s/content/posts/a.md"), rel="posts/a.md", body_line=5,
                         references=targets, **{"lang": "en", **kw})  # type: ignore[arg-type]


def test_cite_shortcode_links_the_short_reference_to_the_list() -> None:
    out = render_markdown("See {{< cite hichunk2026 >}}.\n", context())
    doc = parse_html(out.html)
    link = doc.one("a", class_="cite-link")
    assert link.text() == "Lin and Chen, 2026"
    assert link["href"] == "#ref-hichunk2026" and link["aria-describedby"] == "ref-hichunk2026"
    entry = doc.one("li", id="ref-hichunk2026")
    assert entry.one("a")["href"] == "/publications/hichunk2026/"  # the owner's paper page
    assert out.citations == ("hichunk2026",)
    assert out.problems == ()


def test_pandoc_citation() -> None:
    out = render_markdown("As shown [@hichunk2026], chunking matters.\n", context())
    assert 'data-cite="hichunk2026"' in out.html
    assert out.citations == ("hichunk2026",)


def test_gbt7714_numeric_keeps_numbers_in_order_around_a_located_item() -> None:
    out = render_markdown("A [@report2024]. B [@hichunk2026; @report2024, 第 16 章].\n",
                          context(citation_style="gbt7714-numeric", lang="zh-CN"))
    def shown(node: Element) -> str:  # the label without the hover previews
        return "".join(c if isinstance(c, str) else shown(c) for c in node.children
                       if isinstance(c, str) or "cite-preview" not in c.classes)

    sups = parse_html(out.html).find_all("sup", class_="cite")
    assert [shown(s) for s in sups] == ["[1]", "[1]第 16 章[2]"]  # not `[2][1]第 16 章`


def test_unknown_citation_key_is_an_error_with_its_line() -> None:
    out = render_markdown("Intro.\n\nSee [@hichunk2025] and {{< cite nope >}}.\n", context())
    assert [(p.line, p.severity) for p in out.problems] == [(7, "error"), (7, "error")]
    assert "unknown citation key `hichunk2025`" in out.problems[0].message
    assert out.problems[0].hint == "did you mean `hichunk2026`?"


def test_bracketed_at_text_stays_text_without_a_bibliography() -> None:
    out = render_markdown("Ping [@someone] here.\n", RenderContext(path=Path("/a.md"), rel="a.md"))
    assert "[@someone]" in out.html and out.problems == ()


def test_links_with_at_signs_are_still_links() -> None:
    out = render_markdown("[@hichunk2026](https://x.org/)\n", context())
    assert '<a href="https://x.org/">@hichunk2026</a>' in out.html


def site_files(post: Callable[..., str], **extra: str | None) -> dict[str, str | None]:
    files: dict[str, str | None] = {
        "lanting.toml": CONFIG,
        "content/publications.bib": BIB,
        "content/_index.md": "---\ntitle: Home\nnews:\n  - date: 2026-05-01\n"
                             "    text: '**Accepted** [@hichunk2026]'\n---\nBio.\n",
        "content/posts/about-hichunk.md": post("About HiChunk", "2026-04-09",
                                               body="We propose {{< cite hichunk2026 >}}.\n"),
        "content/talks/hichunk.md": "---\ntitle: HiChunk talk\ndate: 2026-04-02\n"
                                    "paper: hichunk2026\nvideo: https://v.x/1\n---\n"
                                    "# HiChunk\nNote:\nHi.\n---\n## Two\n",
    }
    files.update(extra)
    return files


def test_publication_page_meta_json_ld_and_cross_links(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    site = make_site(site_files(post))
    build_site(site)
    page = parse_html((site / "public/publications/hichunk2026/index.html").read_bytes())
    meta = {m["name"]: m["content"] for m in page.find_all("meta", attrs={"name": True})
            if m["name"].startswith("citation_")}
    assert meta["citation_title"] == "HiChunk: Hierarchical Chunking"
    assert meta["citation_conference_title"] == "ACL 2026"
    assert meta["citation_publication_date"] == "2026"
    authors = [m["content"] for m in page.find_all("meta", attrs={"name": "citation_author"})]
    assert authors == ["Lin, Zhiyuan", "Chen, Yuhan"]
    ld = json.loads(page.one("script", attrs={"type": "application/ld+json"}).raw_text())
    assert ld["@type"] == "ScholarlyArticle" and ld["headline"] == meta["citation_title"]
    assert [a["name"] for a in ld["author"]] == ["Zhiyuan Lin", "Yuhan Chen"]
    # the paper lists its talk and the post citing it; the talk links back
    assert page.find("a", href="/talks/hichunk/") is not None
    assert page.find("a", href="/posts/about-hichunk/") is not None
    buttons = {a.text(): a["href"] for a in page.find_all("a", class_="pub-button")}
    assert buttons["幻灯片"] == "/talks/hichunk/slides/" and buttons["视频"] == "https://v.x/1"
    talk = parse_html((site / "public/talks/hichunk/index.html").read_bytes())
    assert talk.find("a", href="/publications/hichunk2026/") is not None
    # the citing post ends with a reference list
    cited = parse_html((site / "public/posts/about-hichunk/index.html").read_bytes())
    refs = cited.one("section", class_="references")
    assert refs.find("a", href="/publications/hichunk2026/") is not None


def test_publications_page_highlights_the_owner_and_has_bibtex_without_script(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    site = make_site(site_files(post))
    build_site(site)
    page = parse_html((site / "public/publications/index.html").read_bytes())
    assert [h.text().split()[0] for h in page.find_all("h2", class_="year-heading")] == \
        ["2026", "2024"]
    first = page.find("article", class_="pub")
    assert [s.text() for s in first.find_all("strong", class_="pub-me")] == ["Zhiyuan Lin"]
    assert [s.text() for s in first.find_all("sup", class_="pub-mark")] == ["*", "*"]
    assert first.one(class_="badge-pub").text() == "Oral"
    details = first.one("details", class_="pub-bibtex")
    assert details.one("summary").text() == "BibTeX"
    assert details.one("pre").text().startswith("@inproceedings{hichunk2026,")
    assert first.one("details", class_="pub-abstract").find(class_="pub-panel").text() == \
        "We chunk."
    chinese = page.find_all("article", class_="pub")[1]
    assert chinese.one("strong", class_="pub-me").text() == "林知远"


def test_a_paper_s_volume_issue_and_pages_are_shown_and_in_its_meta(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    """`@article{…, volume=23, number={4}, pages={1--20}}` was listed as "Journal, 2022":
    where in the journal the paper is was lost, on the page and for Google Scholar."""
    bib = BIB + ("@article{jmlr2022, title = {Long Paper}, author = {Lin, Zhiyuan},\n"
                 "  journal = {J. Mach. Learn. Res.}, volume = 23, number = {4},\n"
                 "  pages = {1--20}, year = 2022}\n"
                 "@inproceedings{icml2021, title = {Short Paper}, author = {Lin, Zhiyuan},\n"
                 "  booktitle = {ICML}, pages = {101-110}, year = 2021}\n")
    site = make_site(site_files(post, **{"content/publications.bib": bib}))
    build_site(site)
    page = parse_html((site / "public/publications/index.html").read_bytes())
    venues = {a.one("h3").text(): a.one("p", class_="pub-venue").text()
              for a in page.find_all("article", class_="pub")}
    assert venues["Long Paper"] == "J. Mach. Learn. Res., 23(4):1\u201320, 2022"
    assert venues["Short Paper"] == "ICML, pp. 101\u2013110, 2021"
    assert venues["HiChunk: Hierarchical Chunking"].startswith("ACL 2026, 2026")
    paper = parse_html((site / "public/publications/jmlr2022/index.html").read_bytes())
    meta = {m["name"]: m["content"] for m in paper.find_all("meta", attrs={"name": True})}
    assert (meta["citation_volume"], meta["citation_issue"], meta["citation_firstpage"],
            meta["citation_lastpage"]) == ("23", "4", "1", "20")


def test_a_formula_in_a_note_badge_is_drawn_not_left_as_tex(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    """`note = {Co-first authors $^*$}` showed `$^*$` in its badge, raw and unreported."""
    bib = BIB + ("@article{marked2023, title = {Marked}, author = {Lin, Zhiyuan},\n"
                 "  journal = {J}, year = 2023, note = {Co-first authors: $^*$; Oral}}\n")
    site = make_site(site_files(post, **{"content/publications.bib": bib}))
    build_site(site)
    page = parse_html((site / "public/publications/index.html").read_bytes())
    marked = next(a for a in page.find_all("article", class_="pub")
                  if a.one("h3").text() == "Marked")
    badges = marked.find_all("span", class_="badge-pub")
    assert [b.text().startswith("Co-first authors:") for b in badges] == [True, False]
    assert badges[0].one("math").find("msup") is not None and "$" not in badges[0].text()
    assert badges[1].text() == "Oral"


@pytest.mark.parametrize("name", ["Zhiyuan (Leo) Lin", "林知远 (Zhiyuan Lin)",
                                  "林知远（Zhiyuan Lin）", "Leo (Zhiyuan) Lin",
                                  "Zhiyuan Lin (林知远)"])
def test_a_profile_name_with_a_part_in_parentheses_is_the_owner_s(
        make_site: Make, build_site: Build, post: Callable[..., str], name: str) -> None:
    """`name = "Zirui (Rhys) Wang"`, a nickname in parentheses (or a Chinese name with
    its English one): the papers spell `Zirui Wang`, and the owner was bold on none."""
    config = CONFIG.replace('name = "林知远"', f'name = "{name}"').replace(
        'name_en = "Zhiyuan Lin"', 'name_en = ""')
    site = make_site(site_files(post, **{"lanting.toml": config}))
    build_site(site)
    page = parse_html((site / "public/publications/index.html").read_bytes())
    first = page.find("article", class_="pub")
    assert [s.text() for s in first.find_all("strong", class_="pub-me")] == ["Zhiyuan Lin"]
    if "林知远" in name:  # (the Chinese paper: the name in parentheses is a name too)
        chinese = page.find_all("article", class_="pub")[1]
        assert chinese.one("strong", class_="pub-me").text() == "林知远"


def test_the_profile_says_where_to_find_the_owner(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    """`[profile] location`, an office under the affiliation (al-folio's `more_info`,
    academicpages' `author.location`, which imports had to leave out)."""
    config = CONFIG.replace('interests = ["RAG"]',
                            'interests = ["RAG"]\nlocation = "南湖综合楼 7094"')
    site = make_site(site_files(post, **{"lanting.toml": config}))
    build_site(site)
    home = parse_html((site / "public/index.html").read_bytes())
    assert home.one("p", class_="profile-location").text() == "南湖综合楼 7094"
    plain = make_site(site_files(post))
    build_site(plain)
    assert parse_html((plain / "public/index.html").read_bytes()).find(
        class_="profile-location") is None


def test_group_by_type(make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    site = make_site(site_files(post, **{
        "lanting.toml": CONFIG + '[publications]\ngroup_by = "type"\n'}))
    build_site(site)
    page = parse_html((site / "public/publications/index.html").read_bytes())
    assert [h.text().split()[0] for h in page.find_all("h2", class_="year-heading")] == \
        ["会议论文", "技术报告"]


def test_home_page_profile_news_and_selected(make_site: Make, build_site: Build,
                                            post: Callable[..., str]) -> None:
    site = make_site(site_files(post))
    build_site(site)
    home = parse_html((site / "public/index.html").read_bytes())
    assert home.one("h1", class_="profile-name").text() == "林知远 Zhiyuan Lin"
    assert home.one(class_="profile-role").text() == "PhD student"
    links = [a["href"] for a in home.one("ul", class_="profile-links").find_all("a")]
    assert links == ["mailto:z@x.org", "https://github.com/z"]
    [news] = home.one("ul", class_="news-list").find_all("li")
    assert news.one("time")["datetime"] == "2026-05-01"
    assert news.find("strong").text() == "Accepted" and news.find(class_="cite")
    selected = home.one("section", class_="selected-publications")
    assert [a.text() for a in selected.find_all("h3")] == ["HiChunk: Hierarchical Chunking"]


def test_home_page_without_profile_renders_no_empty_boxes(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    site = make_site({"content/_index.md": "---\ntitle: Me\n---\n",
                      "content/posts/a.md": post("A", "2026-01-01")})
    build_site(site)
    home = parse_html((site / "public/index.html").read_bytes())
    for empty in ("news-list", "profile-links", "profile-interests", "profile-photo",
                  "selected-publications", "profile-bio", "profile-role"):
        assert home.find(class_=empty) is None, empty
    assert not (site / "public/publications").exists()
    assert not (site / "public/talks").exists()


def test_unknown_cite_key_in_a_post_stops_the_build_with_file_and_line(
        make_site: Make, build_site: Build, post: Callable[..., str]) -> None:
    files = site_files(post)
    files["content/posts/about-hichunk.md"] = post("P", "2026-01-01",
                                                   body="Intro.\n\nSee [@hichunk2027].\n")
    site = make_site(files)
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.path is not None and problem.path.name == "about-hichunk.md"
    assert problem.line == 7  # 4 lines of front matter, then "Intro.", "", "See …"
    assert problem.message == "unknown citation key `hichunk2027`"


def test_unknown_paper_key_in_front_matter(make_site: Make, build_site: Build,
                                           post: Callable[..., str]) -> None:
    files = site_files(post)
    files["content/talks/hichunk.md"] = "---\ntitle: T\ndate: 2026-01-01\npaper: nope\n---\n# A\n"
    site = make_site(files)
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert (problem.line, problem.message) == (4, "paper: unknown publication key `nope`")


def test_malformed_bib_stops_the_build(make_site: Make, build_site: Build) -> None:
    site = make_site({"content/publications.bib": "@misc{ok, title={A}}\n\n@misc{bad,\n"
                                                  "  title = {Oops\n"})
    with pytest.raises(LantingError) as info:
        build_site(site)
    [problem] = info.value.problems
    assert problem.path == site / "content/publications.bib"
    assert problem.line == 3 and "`bad`" in problem.message


def test_profile_and_publications_config_is_checked(tmp_path: Path) -> None:
    (tmp_path / "lanting.toml").write_text(
        'title = "T"\n[profile]\nnmae = "x"\nlinks = [{ kind = "githb", url = "u" }]\n'
        '[publications]\ngroup_by = "yaer"\n', encoding="utf-8")
    with pytest.raises(LantingError) as info:
        load_config(tmp_path)
    found = {(p.line, p.message, p.hint) for p in info.value.problems}
    assert (3, "profile.nmae: unknown key `nmae`", "did you mean `name`?") in found
    assert (4, "profile.links.0.kind: unknown link kind `githb`", "did you mean `github`?") in found
    assert (6, "publications.group_by: expected `year` or `type`, got `yaer`",
            "did you mean `year`?") in found


INVALID = {
    "malformed-bib": ({"content/publications.bib": "@misc{ok, title={A}}\n@misc{bad,\n"
                                                   "  title = {Oops\n"},
                      "content/publications.bib", 2, "malformed BibTeX entry `bad`"),
    "unknown-cite-key": ({"content/publications.bib": "@misc{ok, title={A}}\n",
                          "content/posts/p.md": "---\ntitle: P\ndate: 2026-01-01\n---\n\n"
                                                "As in [@okay].\n"},
                         "content/posts/p.md", 6, "unknown citation key `okay`"),
    "duplicate-series-order": ({"content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n"
                                                      "series: S\nseries_order: 1\n---\n",
                                "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-02\n"
                                                      "series: S\nseries_order: 1\n---\n"},
                               "content/posts/a.md", 5,  # parts are met newest first
                               "series `S`: part 1 is claimed by both posts/b.md and posts/a.md"),
    "talk-without-slides": ({"content/talks/t.md": "---\ntitle: T\ndate: 2026-01-01\n---\n\n"},
                            "content/talks/t.md", 5, "talk has no slides"),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_site_fails_with_one_located_error(
        name: str, make_site: Make, run_cli: Callable[..., tuple[int, str, str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    files, where, line, message = INVALID[name]
    site = make_site(files)
    monkeypatch.chdir(site)
    code, out, err = run_cli("build", ".")
    assert code == 1 and "built" not in out
    first, last = err.splitlines()
    assert first.startswith(f"{where}:{line}: error: {message}"), first
    assert last == "build failed: 1 error"
    assert not (site / "public").exists()
