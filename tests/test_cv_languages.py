"""A CV in two languages (tests/sites/cv-bilingual: a Chinese postdoc's homepage with
`cv.yaml` and its English translation `cv.en.yaml`, named like a post's translation):
each language's pages show their own file, with headings, dates and "present" in that
language; a language without a file shows `cv.yaml`; mistakes name the file and line."""

from __future__ import annotations

import re
import shutil
import stat
import sys
from pathlib import Path

import pytest
from htmltree import Element
from sitebits import read

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError

SITE = Path(__file__).parent / "sites" / "cv-bilingual"


def _copy(tmp: Path) -> Path:
    site = tmp / "site"
    shutil.copytree(SITE, site)
    return site


def _build(site: Path, out: Path) -> BuildResult:
    return build(site, BuildOptions(output=out, cache=False, jobs=1))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    tmp = tmp_path_factory.mktemp("cv-languages")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", str(tmp / "empty"))  # no rendercv, whatever the machine has
        result = _build(SITE, tmp / "out")
    return tmp / "out", result


def _entries(doc: Element, section: str) -> list[tuple[str, str]]:
    """(title, date) of each entry of a section."""
    return [(e.one(class_="cv-title").text(), e.one(class_="cv-date").text())
            for e in doc.one("section", id=section).find_all("li", class_="cv-entry")]


def test_builds_without_a_warning(built: tuple[Path, BuildResult]) -> None:
    assert built[1].warnings == ()
    assert not (built[0] / "cv.en.yaml").exists(), "a data file, not published"


def test_the_chinese_cv_is_cv_yaml(built: tuple[Path, BuildResult]) -> None:
    doc = read(built[0], "cv/index.html")
    assert doc.one("h1").text() == "陈思远"
    assert [s.one("h2").text() for s in doc.find_all("section", class_="cv-section")] == [
        "教育经历", "工作经历", "论文", "奖励与荣誉", "学术服务", "技能"]
    assert _entries(doc, "education") == [("北辰大学", "2019年9月 – 2024年6月")]
    assert _entries(doc, "experience") == [("北辰大学自动化系", "2024年7月 – 至今")]


def test_the_english_cv_is_cv_en_yaml(built: tuple[Path, BuildResult]) -> None:
    doc = read(built[0], "en/cv/index.html")
    assert doc.one("html")["lang"] == "en"
    assert doc.one("h1").text() == "Siyuan Chen"
    assert doc.one(class_="cv-headline").text().startswith("Postdoc, Department of Automation")
    assert [s.one("h2").text() for s in doc.find_all("section", class_="cv-section")] == [
        "Education", "Experience", "Publications", "Awards", "Service", "Skills"]
    assert _entries(doc, "education") == [("Beichen University", "Sep 2019 – Jun 2024")]
    assert _entries(doc, "experience") == [
        ("Department of Automation, Beichen University", "Jul 2024 – present")]
    highlights = doc.one("section", id="education").one("ul", class_="cv-highlights")
    assert highlights.one("em").text() == (
        "Credit Assignment for Multi-Agent Cooperative Manipulation")
    # The selected publications are the bibliography's, on every language's CV.
    pub = doc.one("section", id="publications").one("li", class_="cv-pub")
    assert pub.one(class_="cv-title").text().startswith("Credit Assignment for Cooperative")
    text = doc.one("main").text()
    assert not re.search(r"[\u4e00-\u9fff]", text), "no Chinese left on the English CV"


def test_the_language_switch_leads_from_cv_to_cv(built: tuple[Path, BuildResult]) -> None:
    zh, en = read(built[0], "cv/index.html"), read(built[0], "en/cv/index.html")
    assert zh.one("a", hreflang="en")["href"] == "/en/cv/"
    assert en.one("a", hreflang="zh-CN")["href"] == "/cv/"


def test_a_language_without_its_file_shows_cv_yaml_in_its_language(tmp_path: Path) -> None:
    site = _copy(tmp_path)
    (site / "content/cv.en.yaml").unlink()
    assert _build(site, tmp_path / "out").warnings == ()
    doc = read(tmp_path / "out", "en/cv/index.html")
    assert doc.one("h1").text() == "陈思远"
    assert doc.one("section", id="education").one("h2").text() == "Education"
    assert _entries(doc, "experience") == [("北辰大学自动化系", "Jul 2024 – present")]


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("cv.fr.yaml", "cv:\n  name: Siyuan Chen\n",
     r"cv.fr.yaml:1: error: `cv.fr.yaml` names the language `fr`, which is not one of the "
     r"site's languages \(zh-CN, en\)"),
    ("cv.zh-CN.yaml", "cv:\n  name: 陈思远\n",
     r"cv.zh-CN.yaml:1: error: `cv.zh-CN.yaml` is in the site's default language, whose CV "
     r"is `cv.yaml`"),
    ("cv.en.yaml", "cv:\n  name: Siyuan Chen\n  sections:\n    awards:\n      - prize: X\n",
     r"cv.en.yaml:5: error: CV entry of no known kind \(keys: prize\)"),
    ("cv.en.yaml", "cv:\n  name: [Siyuan\n", r"cv.en.yaml:3: error: cv.yaml is not valid YAML"),
])
def test_mistakes_name_the_file_and_line(tmp_path: Path, name: str, text: str,
                                         expected: str) -> None:
    site = _copy(tmp_path)
    (site / "content" / name).write_text(text, encoding="utf-8")
    with pytest.raises(LantingError) as error:
        _build(site, tmp_path / "out")
    said = "\n".join(p.format(site) for p in error.value.problems)
    assert re.search(expected, said), said
    assert not (tmp_path / "out").exists(), "no half-written site"


def test_a_translation_without_cv_yaml_is_an_error(tmp_path: Path) -> None:
    site = _copy(tmp_path)
    (site / "content/cv.yaml").unlink()
    with pytest.raises(LantingError) as error:
        _build(site, tmp_path / "out")
    [problem] = error.value.problems
    assert problem.format(site).startswith(
        "content/cv.en.yaml:1: error: `cv.en.yaml` translates a CV, but there is no `cv.yaml`")


def test_a_single_language_site_names_the_stray_translation(tmp_path: Path) -> None:
    site = _copy(tmp_path)
    toml = site / "lanting.toml"
    toml.write_text(toml.read_text(encoding="utf-8").split("[languages.zh-CN]")[0],
                    encoding="utf-8")
    with pytest.raises(LantingError, match=r"names the language `en`, which is not one of "
                                           r"the site's languages \(zh-CN\)"):
        _build(site, tmp_path / "out")


FAKE_RENDERCV = """#!{python}
import pathlib, sys
args = sys.argv[1:]
text = pathlib.Path(args[1]).read_text(encoding="utf-8")
name = "zh" if "name: 陈思远" in text else "en"
pathlib.Path(args[args.index("--pdf-path") + 1]).write_bytes(b"%PDF-1.7 " + name.encode())
"""


def test_each_translation_gets_its_own_pdf(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    script = tools / "rendercv"
    script.write_text(FAKE_RENDERCV.format(python=sys.executable))
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(tools))
    out = tmp_path / "out"
    assert _build(_copy(tmp_path), out).warnings == ()
    assert (out / "cv/cv.pdf").read_bytes() == b"%PDF-1.7 zh"
    assert (out / "en/cv/cv.pdf").read_bytes() == b"%PDF-1.7 en"
    assert read(out, "cv/index.html").one("a", class_="cv-pdf")["href"] == "/cv/cv.pdf"
    assert read(out, "en/cv/index.html").one("a", class_="cv-pdf")["href"] == "/en/cv/cv.pdf"
