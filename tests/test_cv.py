"""The CV page (issue 33) from `content/cv.yaml` in RenderCV's schema (tests/sites/academic: a
Chinese PhD student's CV with education, experience, awards, teaching, service and
skills) or JSON Resume's, with publications and talks from the site; the PDF when a
`rendercv` command is found (here a stand-in script on PATH)."""

from __future__ import annotations

import os
import re
import shutil
import stat
import sys
from pathlib import Path

import pytest
from htmltree import Element
from ruamel.yaml import YAML
from sitebits import read

from lanting.build import build
from lanting.build.cv_pdf import rendercv_input
from lanting.build.options import BuildOptions, BuildResult
from lanting.config.load import load_config
from lanting.content.cv_values import section_title
from lanting.errors import LantingError

SITE = Path(__file__).parent / "sites" / "academic"


def _copy(tmp: Path, toml_extra: str = "", cv: str | None = None) -> Path:
    site = tmp / "site"
    shutil.copytree(SITE, site)
    if toml_extra:
        toml = site / "lanting.toml"
        toml.write_text(toml.read_text(encoding="utf-8").replace("[cv]\n", "[cv]\n" + toml_extra),
                        encoding="utf-8")
    if cv is not None:
        (site / "content/cv.yaml").write_text(cv, encoding="utf-8")
    return site


def _build(site: Path, out: Path) -> BuildResult:
    return build(site, BuildOptions(output=out, cache=False, jobs=1))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Element, BuildResult]:
    tmp = tmp_path_factory.mktemp("cv")
    site = _copy(tmp)
    saved = os.environ["PATH"]
    os.environ["PATH"] = str(tmp / "empty")  # no rendercv, whatever the machine has
    try:
        result = _build(site, tmp / "out")
    finally:
        os.environ["PATH"] = saved
    return read(tmp / "out", "cv/index.html"), result


def _section(doc: Element, key: str) -> Element:
    return doc.one("section", id=key)


def test_the_cv_builds_without_a_warning(built: tuple[Element, BuildResult]) -> None:
    assert built[1].warnings == ()


def test_sections_in_order_with_generated_ones_after_experience(
        built: tuple[Element, BuildResult]) -> None:
    doc = built[0]
    sections = [(s["id"], s.one("h2").text()) for s in doc.find_all("section",
                                                                   class_="cv-section")]
    assert sections == [("education", "教育经历"), ("experience", "工作经历"),
                        ("publications", "论文"), ("talks", "报告"), ("awards", "奖励与荣誉"),
                        ("teaching", "教学"), ("service", "学术服务"), ("skills", "技能")]


def test_header_has_name_headline_and_contact_links(built: tuple[Element, BuildResult]) -> None:
    header = built[0].one("header", class_="cv-header")
    assert header.one("h1").text() == "林知远"
    assert "大模型训练系统" in header.one(class_="cv-headline").text()
    links = {a.text(): a["href"] for a in header.find_all("a")}
    assert links["GitHub: lin-zhiyuan"] == "https://github.com/lin-zhiyuan"
    assert links["ORCID: 0000-0002-1825-0097"] == "https://orcid.org/0000-0002-1825-0097"
    assert links["zhiyuan.lin@example.org"] == "mailto:zhiyuan.lin@example.org"
    assert header.find(class_="cv-pdf") is None, "no PDF without RenderCV"


def test_entries_render_dates_places_and_markdown(built: tuple[Element, BuildResult]) -> None:
    phd, bachelor = _section(built[0], "education").find_all("li", class_="cv-entry")
    assert phd.one(class_="cv-title").text() == "兰亭大学"
    assert phd.one(class_="cv-subtitle").text() == "博士, 计算机科学与技术"
    assert phd.one(class_="cv-date").text() == "2022年9月 – 至今"
    assert phd.one(class_="cv-location").text() == "杭州"
    assert [li.text() for li in phd.one("ul", class_="cv-highlights").find_all("li")] == [
        "导师：刘杰 教授", "研究方向：大规模分布式训练、RL 后训练系统"]
    assert bachelor.one(class_="cv-highlights").one("a")["href"] == \
        "https://example.org/scholarship"
    job = _section(built[0], "experience").one("li", class_="cv-entry")
    assert job.one("strong").text() == "ZeRO-3 + 专家并行"
    assert job.find("math") is not None
    awards = _section(built[0], "awards").find_all("li", class_="cv-entry")
    assert [(a.one(class_="cv-title").text(), a.one(class_="cv-date").text())
            for a in awards] == [("国家奖学金", "2021"), ("ACL 2026 Oral", "2026年4月")]
    assert _section(built[0], "teaching").one(class_="cv-date").text() == "2023 秋"
    skills = _section(built[0], "skills").find_all("li", class_="cv-oneline")
    assert [(s.one(class_="cv-label").text(), s.one(class_="cv-details").text())
            for s in skills] == [("编程语言", "Python、C++、CUDA"),
                                 ("框架", "PyTorch、Megatron-LM、DeepSpeed、verl")]


def test_publications_and_talks_come_from_the_site(built: tuple[Element, BuildResult]) -> None:
    pubs = _section(built[0], "publications").find_all("li", class_="cv-pub")
    assert len(pubs) == 2, "only the selected entries"
    assert pubs[0].one("a")["href"] == "/publications/hichunk2026/"
    assert pubs[0].one("strong").text() == "Zhiyuan Lin", "the owner is highlighted"
    assert pubs[0].one(class_="cv-venue").text() == \
        "Proceedings of ACL 2026, pp. 4120\u20134136, 2026", "where in the venue, as listed"
    talk = _section(built[0], "talks").one("li", class_="cv-entry")
    assert talk.one("a")["href"] == "/talks/hichunk-acl2026/"
    assert talk.one(class_="cv-subtitle").text() == "ACL 2026 · Oral"


def test_print_css_fits_a4_and_letter(built: tuple[Element, BuildResult]) -> None:
    sheets = [link["href"] for link in built[0].find_all("link", rel="stylesheet")]
    assert any("/assets/cv.css" in href for href in sheets)
    css = (Path(__file__).parents[1] / "src/lanting/theme/static/cv.css").read_text()
    assert "@page { size: auto; margin: 16mm 15mm; }" in css
    assert "@media print" in css


def test_all_or_no_publications(tmp_path: Path) -> None:
    site = _copy(tmp_path, cv=None)
    toml = site / "lanting.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('publications = "selected"', 'publications = "all"'),
                    encoding="utf-8")
    _build(site, tmp_path / "all")
    assert len(read(tmp_path / "all", "cv/index.html").one(
        "section", id="publications").find_all("li")) == 3
    toml.write_text(text.replace('publications = "selected"', 'publications = "none"')
                    .replace("talks = true", "talks = false"), encoding="utf-8")
    _build(site, tmp_path / "none")
    doc = read(tmp_path / "none", "cv/index.html")
    assert doc.find("section", id="publications") is None
    assert doc.find("section", id="talks") is None
    toml.write_text(text.replace('publications = "selected"', 'publications = "some"'),
                    encoding="utf-8")
    with pytest.raises(LantingError, match="cv.publications"):
        _build(site, tmp_path / "bad")


JSON_RESUME = """\
basics:
  name: Ann Lee
  label: Research engineer
  email: ann@example.org
  location: {city: Toronto, countryCode: CA}
  profiles:
    - {network: GitHub, username: annlee, url: "https://github.com/annlee"}
  summary: I build *training systems*.
work:
  - name: Example Labs
    position: Research engineer
    startDate: "2023-02-01"
    highlights: [Cut checkpoint time by half]
education:
  - institution: University of Toronto
    area: Computer Science
    studyType: MSc
    startDate: "2020-09"
    endDate: "2022-06"
skills:
  - name: Systems
    keywords: [CUDA, NCCL]
"""


def test_json_resume_is_detected(tmp_path: Path) -> None:
    site = _copy(tmp_path, cv=JSON_RESUME)
    result = _build(site, tmp_path / "out")
    assert result.warnings == ()
    doc = read(tmp_path / "out", "cv/index.html")
    assert doc.one("h1").text() == "Ann Lee"
    ids = [s["id"] for s in doc.find_all("section", class_="cv-section")]
    assert ids == ["summary", "experience", "education", "publications", "talks", "skills"]
    job = doc.one("section", id="experience").one("li", class_="cv-entry")
    assert job.one(class_="cv-date").text() == "2023年2月 – 至今"
    assert doc.one("section", id="summary").one("em").text() == "training systems"
    assert doc.one("section", id="skills").one(class_="cv-details").text() == "CUDA, NCCL"


CV_LINKS = """cv:
  name: Ann Lee
  sections:
    experience:
      - company: Lab
        position: Engineer
        start_date: 2023-02
        highlights:
          - Wrote it up ([notes](posts/hichunk-notes.md), [again](/posts/hichunk-notes/))
"""


def test_cv_links_to_posts_lead_to_them_under_a_base_path(tmp_path: Path) -> None:
    """`[notes](posts/x.md)` in the CV shipped as `href="lanting-link:0"` (the post's
    URL was never filled in), and `/posts/x/` on a site served at /proj/ pointed outside
    it; the build said nothing of either."""
    site = _copy(tmp_path, cv=CV_LINKS)
    toml = site / "lanting.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'base_url = "https://lin.example.org/"', 'base_url = "https://lin.example.org/proj/"'),
        encoding="utf-8")
    _build(site, tmp_path / "out")
    job = read(tmp_path / "out", "cv/index.html").one("section", id="experience")
    assert [a["href"] for a in job.find_all("a")] == ["/proj/posts/hichunk-notes/"] * 2


def test_a_cv_link_to_no_page_is_an_error_at_its_line(tmp_path: Path) -> None:
    site = _copy(tmp_path, cv=CV_LINKS.replace("posts/hichunk-notes.md", "posts/nope.md"))
    with pytest.raises(LantingError) as error:
        _build(site, tmp_path / "out")
    text = "\n".join(p.format(site) for p in error.value.problems)
    assert re.search(r"cv.yaml:9: error: broken link `posts/nope.md`", text), text


@pytest.mark.parametrize(("cv", "expected"), [
    ("cv:\n  name: A\n  sections:\n    awards:\n      - prize: Best paper\n",
     r"cv.yaml:5: error: CV entry of no known kind \(keys: prize\)"),
    ("cv:\n  name: A\n  emial: a@b.c\n", r"cv.yaml:3: error: unknown key `cv.emial`.*email"),
    ("desing:\n  theme: classic\ncv:\n  name: A\n",
     r"cv.yaml:1: error: unknown top-level key `desing`.*design"),
    ("name: A\n", r"cv.yaml:1: error: cv.yaml is neither RenderCV's schema"),
    ("cv:\n  name: [A\n", r"cv.yaml:3: error: cv.yaml is not valid YAML"),
])
def test_mistakes_name_the_line(tmp_path: Path, cv: str, expected: str) -> None:
    site = _copy(tmp_path, cv=cv)
    with pytest.raises(LantingError) as error:
        _build(site, tmp_path / "out")
    text = "\n".join(p.format(site) for p in error.value.problems)
    assert re.search(expected, text), text
    assert not (tmp_path / "out").exists(), "no half-written site"


def test_what_the_page_does_not_show_is_a_warning_not_a_failure(tmp_path: Path) -> None:
    """RenderCV takes extra keys (`gpa`, `advisor`) and `cv.photo`; the page showed none of
    them with "0 warnings". And a publication's `summary` gave way to its `journal`."""
    site = _copy(tmp_path, cv=(
        "cv:\n  name: A\n  photo: me.jpg\n  sections:\n    education:\n"
        "      - institution: MIT\n        degree: PhD\n        gpa: 4.0/4.0\n"
        "    publications:\n      - title: P\n        authors: [A]\n        journal: J\n"
        "        summary: Best paper.\n"))
    result = _build(site, tmp_path / "out")
    assert sorted((w.line, w.message.split("`")[1]) for w in result.warnings
                  if w.path and w.path.name == "cv.yaml") == [(3, "cv.photo"), (8, "gpa")]
    page = read(tmp_path / "out", "cv/index.html").text()
    assert "J" in page and "Best paper." in page


FAKE_RENDERCV = """#!{python}
import shutil, sys, pathlib
args = sys.argv[1:]
assert args[0] == "render"
shutil.copy(args[1], {seen!r})
pathlib.Path(args[args.index("--pdf-path") + 1]).write_bytes(b"%PDF-1.7 fake CV")
"""


def test_pdf_made_by_rendercv_when_installed(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    seen = tmp_path / "given.yaml"
    script = tools / "rendercv"
    script.write_text(FAKE_RENDERCV.format(python=sys.executable, seen=str(seen)))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(tools))
    site = _copy(tmp_path)
    result = _build(site, tmp_path / "out")
    assert result.warnings == ()
    assert (tmp_path / "out/cv/cv.pdf").read_bytes() == b"%PDF-1.7 fake CV"
    link = read(tmp_path / "out", "cv/index.html").one("a", class_="cv-pdf")
    assert link["href"] == "/cv/cv.pdf"
    given = YAML(typ="safe").load(seen.read_text(encoding="utf-8"))
    # The bibliography is added after experience; headings are the page's (RenderCV
    # titles a section by its key).
    assert list(given["cv"]["sections"]) == [
        "教育经历", "工作经历", "论文", "奖励与荣誉", "教学", "学术服务", "技能"]
    assert given["cv"]["sections"]["论文"][0]["title"].startswith("HiChunk")
    assert given["design"] == {"theme": "classic"}, "RenderCV's own settings are passed on"


def test_a_pdf_another_rendercv_made_is_made_again(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # The cache holds PDFs by what RenderCV was given and which RenderCV it was.
    tools = tmp_path / "bin"
    tools.mkdir()
    script = tools / "rendercv"
    monkeypatch.setenv("PATH", str(tools))
    site = _copy(tmp_path)
    for n, body in enumerate((b"%PDF-1.7 older", b"%PDF-1.7 upgraded RenderCV")):
        script.write_text(FAKE_RENDERCV.format(python=sys.executable,
                                               seen=str(tmp_path / "given.yaml"))
                          .replace("b\"%PDF-1.7 fake CV\"", repr(body)))
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
        out = tmp_path / f"out{n}"
        build(site, BuildOptions(output=out, jobs=1))
        assert (out / "cv/cv.pdf").read_bytes() == body


def test_pdf_asked_for_without_rendercv_is_a_warning(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    site = _copy(tmp_path, toml_extra="pdf = true\n")
    result = _build(site, tmp_path / "out")
    assert [p.message for p in result.warnings] == ["RenderCV is not installed: no PDF of the CV"]
    assert not (tmp_path / "out/cv/cv.pdf").exists()


OFFLINE_RENDERCV = """#!{python}
import sys
print("An error occurred:\\n\\nfailed to download package \\n"
      "(https://packages.typst.org/preview/fontawesome-0.5.0.tar.gz: Dns Failed: \\n"
      "resolve dns name 'packages.typst.org:443')", file=sys.stderr)
sys.exit(1)
"""


def test_rendercv_offline_without_typst_package_says_what_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real RenderCV's themes import a Typst package that Typst downloads on first use;
    offline, the build says which and how to get it (its output as RenderCV 2.3 prints)."""
    tools = tmp_path / "bin"
    tools.mkdir()
    script = tools / "rendercv"
    script.write_text(OFFLINE_RENDERCV.format(python=sys.executable))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(tools))
    result = _build(_copy(tmp_path), tmp_path / "out")
    [warning] = result.warnings
    assert warning.message == ("RenderCV failed: Typst could not download the package "
                               "`@preview/fontawesome:0.5.0` that RenderCV's theme imports")
    assert warning.hint is not None and "once with network access" in warning.hint
    assert warning.line == 1 and warning.path is not None and warning.path.name == "cv.yaml"
    assert not (tmp_path / "out/cv/cv.pdf").exists()
    assert read(tmp_path / "out", "cv/index.html").find("a", class_="cv-pdf") is None


def test_rendercv_input_has_absolute_links_and_the_pages_headings(tmp_path: Path) -> None:
    """What RenderCV gets for a PDF: links to site paths made absolute (a PDF has no site
    to resolve them against), headings in the file's language, the rest as written."""
    config = load_config(SITE)
    text = ("cv:\n  name: 林知远\n  sections:\n    experience:\n      - company: 实验室\n"
            "        highlights:\n          - 详见[复盘](/posts/sft/)，[代码](https://x.org/a)\n"
            "    my_notes:\n      - 随笔\n")
    zh = YAML(typ="safe").load(rendercv_input(text, (), config))["cv"]["sections"]
    assert list(zh) == ["工作经历", "my_notes"]
    assert zh["工作经历"][0]["highlights"] == [
        "详见[复盘](https://lin.example.org/posts/sft/)，[代码](https://x.org/a)"]
    en = YAML(typ="safe").load(rendercv_input(text, (), config, "en"))["cv"]["sections"]
    assert list(en) == ["experience", "my_notes"]


@pytest.mark.parametrize(("key", "title"), [
    ("selected_talks", "Selected talks"), ("Research at MIT", "Research at MIT"),
    ("Other Interests", "Other Interests"), ("研究方向", "研究方向"), ("education", "Education")])
def test_a_section_title_keeps_the_case_it_was_written_in(key: str, title: str) -> None:
    """A section of no known name was titled with `str.capitalize`, which lowers every
    letter after the first: "Research at MIT" was shown "Research at mit" (an imported
    al-folio CV's "Other Interests", "Other interests")."""
    assert section_title(key, "en") == title


def test_a_japanese_cv_has_its_sections_titled_in_english() -> None:
    """Japanese and Korean have interface strings but no CV titles of their own: a
    Japanese site's CV failed the build (no table of titles for `ja`)."""
    assert section_title("education", "ja") == "Education"
    assert section_title("talks", "ko-KR") == "Talks"


@pytest.mark.parametrize(("date", "shown"), [
    ("2020-2026", "2020 – 2026"), ("2026-Present", "2026 – 至今"),
    ("2024-03 – 2025-01", "2024年3月 – 2025年1月"), ("2024-13", "2024-13"),
    ("Spring 2020", "Spring 2020"), ("2024-03-15", "2024年3月"),
])
def test_a_date_written_as_a_span_or_text(tmp_path: Path, date: str, shown: str) -> None:
    """An imported al-folio CV wrote `date: 2020-2026`: read as the year 2020, month 2026,
    it crashed the build (IndexError, a traceback); `2026-Present` lost its "Present"."""
    site = _copy(tmp_path, cv="cv:\n  name: Ann\n  sections:\n"
                 "    education:\n      - institution: MIT\n        area: CS\n"
                 f"        degree: PhD\n        date: '{date}'\n")
    _build(site, tmp_path / "out")
    entry = read(tmp_path / "out", "cv/index.html").one("section", id="education")
    assert entry.one(class_="cv-date").text() == shown
