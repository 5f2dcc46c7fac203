"""The real RenderCV (`pip install 'lanting[cv]'`), when a `rendercv` command is on PATH:
what Lanting gives it (the CV files of the example, of tests/sites/academic and of
tests/sites/cv-bilingual, with the bibliography's publications added) is valid for its
schema, and a build makes each language's PDF.

Skipped with the reason when RenderCV is not installed. The PDF test is skipped too when
Typst cannot get the package RenderCV's themes import (`@preview/fontawesome`): Typst
downloads it from packages.typst.org on first use and keeps it in its package cache, so a
machine that has never been online has no PDF (the build then warns, see
`test_cv.py::test_pdf_asked_for_without_rendercv_is_a_warning` for the message's form).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from lanting.build import build
from lanting.build.cv_pdf import rendercv_input
from lanting.build.options import BuildOptions
from lanting.config.load import load_config
from lanting.content.bibliography import parse_bibliography
from lanting.content.discover import discover

ROOT = Path(__file__).resolve().parents[1]
SITES = [ROOT / "example", ROOT / "tests/sites/academic", ROOT / "tests/sites/cv-bilingual"]


def _rendercv() -> str:
    command = shutil.which("rendercv")
    if command is None:
        pytest.skip("RenderCV is not installed (pip install 'lanting[cv]' and put its "
                    "`rendercv` command on PATH to run these tests)")
    run = subprocess.run([command, "render", "--help"], capture_output=True, text=True,
                         timeout=120, check=False)
    if run.returncode != 0 or "--dont-generate-pdf" not in run.stdout:
        pytest.skip(f"`{command}` is not RenderCV's command (or a partial install): "
                    f"{(run.stdout + run.stderr).strip()[-200:]}")
    return command


def _inputs(site: Path) -> list[tuple[str, str]]:
    """(file name, the text Lanting gives RenderCV) for each CV file of `site`."""
    config = load_config(site)
    found = discover(site)
    publications = parse_bibliography(found.bibliography, None).publications
    files = [(s, config.language) for s in (found.cv,) if s is not None]
    files += [(s, s.rel.name.split(".")[1]) for s in found.cv_translations]
    return [(s.rel.name, rendercv_input(s.text or "", publications, config, lang))
            for s, lang in files]


@pytest.mark.parametrize("site", SITES, ids=[s.name for s in SITES])
def test_what_lanting_gives_rendercv_is_valid_for_its_schema(site: Path,
                                                             tmp_path: Path) -> None:
    command = _rendercv()
    inputs = _inputs(site)
    assert inputs, f"{site} has a CV"
    for name, text in inputs:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "cv.yaml").write_text(text, encoding="utf-8")
        # Validation and the Typst source need nothing from the network (no PDF: Typst's
        # packages may be missing here; the next test covers the PDF).
        run = subprocess.run(
            [command, "render", "cv.yaml", "--typst-path", "cv.typ", "--dont-generate-pdf",
             "--dont-generate-png", "--dont-generate-markdown", "--dont-generate-html"],
            cwd=folder, capture_output=True, text=True, timeout=300, check=False)
        assert run.returncode == 0, f"{site.name}/{name}: {run.stdout}{run.stderr}"
        typst = (folder / "cv.typ").read_text(encoding="utf-8")
        given = YAML(typ="safe").load(text)["cv"]
        assert given["name"] in typst
        pubs = given["sections"].get("publications") or given["sections"]["论文"]
        title = pubs[0]["title"]
        assert title.split(":")[0] in typst, f"{name}: the bibliography reached the PDF"


def test_a_build_makes_each_languages_pdf(tmp_path: Path) -> None:
    _rendercv()
    out = tmp_path / "out"
    result = build(ROOT / "tests/sites/cv-bilingual", BuildOptions(output=out, cache=False,
                                                                   jobs=1))
    offline = [p.message for p in result.warnings if "could not download" in p.message]
    if offline:
        pytest.skip(f"{offline[0]}: Typst has no cached copy and cannot download it here "
                    "(run `rendercv render` once online, or put the package in Typst's "
                    "package folder)")
    assert result.warnings == ()
    for pdf in (out / "cv/cv.pdf", out / "en/cv/cv.pdf"):
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF-") and len(data) > 10_000, pdf
    assert (out / "cv/cv.pdf").read_bytes() != (out / "en/cv/cv.pdf").read_bytes()
