"""The CV as a PDF, `cv/cv.pdf`, made by RenderCV (`pip install 'lanting[cv]'`) from
`content/cv.yaml` when it is installed; without it the CV page simply has no PDF link.
A translation (`cv.en.yaml`) gets its own, `en/cv/cv.pdf`.

RenderCV reads its own schema, so only a RenderCV file gets a PDF (JSON Resume: convert
it, e.g. with `jsonresume-to-rendercv`). The publications the page adds from
`publications.bib` are added to the PDF as RenderCV's publication entries. The PDF is
cached by what it is made from (`.lanting/cv/`): RenderCV runs again only after a change.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from lanting.config.i18n import base_language
from lanting.config.languages import language_dirs
from lanting.content.cv_values import TITLES, section_title
from lanting.model.academic import Publication
from lanting.model.config import Config
from lanting.model.content import Source
from lanting.model.cv import Cv
from lanting.model.output import OutputFile
from lanting.model.problem import Problem
from lanting.site.cv import BEFORE_GENERATED

OUTPUT = "cv/cv.pdf"
TIMEOUT = 300


@dataclass(frozen=True, slots=True)
class CvPdf:
    file: OutputFile
    url: str


def rendercv_input(text: str, publications: tuple[Publication, ...], config: Config,
                   lang: str = "") -> str:
    """The file RenderCV is given: `cv.yaml` with a `publications` section made from the
    bibliography when the file has none and `[cv] publications` asks for one, after
    education and experience as on the page. In a CV of another language than English
    (`lang`, default the site's) the sections RenderCV titles by their keys get the
    page's headings (`education` → 教育经历)."""
    yaml = YAML(typ="rt")
    data: Any = yaml.load(text)
    lang = lang or config.language
    sections = data["cv"].setdefault("sections", {})
    wanted = config.cv.publications
    pubs = [p for p in publications if wanted == "all" or (wanted == "selected" and p.selected)]
    if pubs and "publications" not in sections:
        entries = []
        for pub in pubs:
            entry: dict[str, Any] = {"title": pub.title,
                                     "authors": [a.name for a in pub.authors] or ["?"]}
            if pub.year:
                entry["date"] = f"{pub.year}-{pub.month:02d}" if pub.month else str(pub.year)
            if pub.venue:
                entry["journal"] = f"{pub.venue}, {pub.locator}" if pub.locator else pub.venue
            doi = next((x.url for x in pub.links if x.kind == "doi"), "")
            if doi:
                entry["doi"] = doi.split("doi.org/", 1)[-1]
            entries.append(entry)
        at = max((i + 1 for i, key in enumerate(sections)
                  if str(key).lower() in BEFORE_GENERATED), default=0)
        items = list(sections.items())
        data["cv"]["sections"] = dict([*items[:at], ("publications", entries), *items[at:]])
    if config.origin:  # a PDF has no site to resolve `/posts/x/` against
        data["cv"] = _absolute_links(data["cv"], config.origin)
    if base_language(lang) != "en":
        data["cv"]["sections"] = {
            section_title(str(key), lang) if str(key).lower() in TITLES["en"] else key: value
            for key, value in data["cv"]["sections"].items()}
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


_ROOT_LINK = re.compile(r"\]\((/(?!/)[^)\s]*)\)")
"""A Markdown link to a path of the site, `[复盘](/posts/x/)`."""


def _absolute_links(value: Any, origin: str) -> Any:
    """`value` with the Markdown links of its texts to site paths made absolute."""
    if isinstance(value, str):
        return _ROOT_LINK.sub(lambda m: f"]({origin}{m.group(1)})", value)
    if isinstance(value, dict):
        for key in value:
            value[key] = _absolute_links(value[key], origin)
    elif isinstance(value, list):
        value[:] = [_absolute_links(item, origin) for item in value]
    return value


_TYPST_PACKAGE = re.compile(r"packages\.typst\.org/(\w+)/([\w-]+?)-(\d[\d.]*)\.tar\.gz")
"""A Typst package RenderCV's theme imports and Typst could not download."""


def _failure(output: str, source: Source) -> Problem:
    """The warning for a RenderCV run that made no PDF."""
    text = " ".join(output.split())
    package = _TYPST_PACKAGE.search(text)
    if package:  # offline, and the package is in no Typst package cache yet
        namespace, name, version = package.groups()
        return Problem(
            f"RenderCV failed: Typst could not download the package "
            f"`@{namespace}/{name}:{version}` that RenderCV's theme imports", source.path, 1,
            hint=f"run `rendercv render content/{source.rel}` once with network access "
                 "(Typst keeps the package in its cache, ~/.cache/typst/packages/), or set "
                 "`[cv] pdf = false`", severity="warning")
    said = output.strip().splitlines()[-3:]
    return Problem("RenderCV failed: " + " / ".join(said), source.path, 1,
                   hint=f"run `rendercv render content/{source.rel}` to see why",
                   severity="warning")


def build_cv_pdfs(config: Config, cvs: dict[str, Cv], sources: tuple[Source | None, ...],
                  publications: tuple[Publication, ...], cache_dir: Path | None,
                  ) -> tuple[dict[str, CvPdf], list[Problem]]:
    """The PDF of each language's CV (code -> PDF): one per file, so a language that
    shows `cv.yaml` links the default language's PDF."""
    by_path = {s.path: s for s in sources if s is not None}
    prefixes = language_dirs(config)
    made: dict[Path, CvPdf | None] = {}
    problems: list[Problem] = []
    for code, cv in cvs.items():
        source = by_path.get(cv.path)
        if source is None or cv.path in made:
            continue
        own = source is not sources[0]  # a translation, cv.<code>.yaml
        made[cv.path], said = build_cv_pdf(config, cv, source, publications, cache_dir,
                                           prefixes.get(code, "") if own else "",
                                           code if own else config.language)
        problems += said
    return {code: pdf for code, cv in cvs.items()
            if (pdf := made.get(cv.path)) is not None}, problems


def _renderer(command: str) -> str:
    """Which RenderCV makes the PDF: its version when this Python has it, and the command's
    path, size and time (it may live elsewhere, in a pipx environment): a PDF another
    RenderCV made is not taken from the cache."""
    try:
        version = importlib.metadata.version("rendercv")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    try:
        found = os.stat(command)
    except OSError:
        return f"{version} {command}"
    return f"{version} {command} {found.st_size} {found.st_mtime_ns}"


def build_cv_pdf(config: Config, cv: Cv | None, source: Source | None,
                 publications: tuple[Publication, ...], cache_dir: Path | None,
                 prefix: str = "", lang: str = "") -> tuple[CvPdf | None, list[Problem]]:
    """The PDF and its URL, or None (no CV, not RenderCV's schema, `[cv] pdf = false`, or
    RenderCV missing: a warning only when `[cv] pdf = true` asked for it). `prefix` is
    the output folder of a translation's language (`en/`), `lang` the file's language."""
    if cv is None or source is None or config.cv.pdf is False:
        return None, []
    where = source.path
    if cv.schema != "rendercv":
        return None, ([Problem("the CV is in JSON Resume's schema: RenderCV makes no PDF of it",
                               where, 1, hint="convert it to RenderCV's schema, or set "
                               "`[cv] pdf = false`", severity="warning")]
                      if config.cv.pdf else [])
    command = shutil.which("rendercv")
    if command is None:
        return None, ([Problem("RenderCV is not installed: no PDF of the CV", where, 1,
                               hint="pip install 'lanting[cv]', or set `[cv] pdf = false`",
                               severity="warning")] if config.cv.pdf else [])
    text = rendercv_input(source.text or "", publications, config, lang)
    digest = hashlib.sha256(f"{text}\0{_renderer(command)}".encode()).hexdigest()[:20]
    cached = cache_dir / "cv" / f"{digest}.pdf" if cache_dir else None
    output = prefix + OUTPUT
    url = f"{config.base_path}{output}"
    if cached is not None and cached.is_file():
        return CvPdf(OutputFile(output, cached.read_bytes()), url), []
    with tempfile.TemporaryDirectory(prefix="lanting-cv-") as scratch:
        folder = Path(scratch)
        (folder / "cv.yaml").write_text(text, encoding="utf-8")
        try:
            run = subprocess.run(
                [command, "render", "cv.yaml", "--pdf-path", "cv.pdf",
                 "--dont-generate-markdown", "--dont-generate-html", "--dont-generate-png"],
                cwd=folder, capture_output=True, text=True, timeout=TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            return None, [Problem(f"RenderCV did not run: {error}", where, 1,
                                  severity="warning")]
        pdf = folder / "cv.pdf"
        if run.returncode != 0 or not pdf.is_file():
            return None, [_failure(run.stderr or run.stdout, source)]
        data = pdf.read_bytes()
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(data)
    return CvPdf(OutputFile(output, data), url), []
