"""Which notes of a plain folder are slide decks: a repository of talks or lecture decks
keeps no generator's settings, only the Markdown and the `Makefile` (or shell script)
that runs `pandoc -t revealjs talk.md -o talk.html` (or `-t beamer`, `slidy`, …), or a
Slidev deck's `package.json`, or Marp's `marp: true` in a deck's front matter. Read as
notes, such a deck was a page: its slides one long text, its `%` title block a paragraph
of `%` lines, Slidev's slide settings text. A note made into slides is a talk. (The
decks a `package.json` makes, Slidev's and Marp CLI's, are `deck_packages`'.)
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from lanting.content.pandoc_title import block_date, split_title_block
from lanting.content.slidev import LAYOUTS, SIGNS, SLIDE, slide_front_matter_keys
from lanting.content.xaringan import is_xaringan
from lanting.importer.common import read_text, walk
from lanting.importer.deck_packages import READMES, marp_decks, slidev_decks
from lanting.importer.other_case import file_in_other_case
from lanting.importer.quarto_slides import presentation_format
from lanting.importer.reveal_html import html_decks
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.text import When, load_mapping, parse_when, split_front_matter
from lanting.site.knitr import child_names

_BUILD_NAMES = frozenset({"makefile", "gnumakefile", "justfile"})
_BUILD_SUFFIXES = frozenset({".mk", ".sh", ".bash", ".bat", ".ps1"})
_SLIDES = re.compile(r"(?:^|[\s=])(?:-t|--to|-w|--write)(?:\s+|=)?[\"']?"
                     r"(?:revealjs|slidy|s5|dzslides|slideous|beamer)\b"
                     r"|--template(?:\s+|=)\S*reveal|revealjs-url", re.MULTILINE)
"""Pandoc's option naming a slide format (`-t revealjs`, `--to=beamer`, `-tslidy`, and
in a Makefile's variable, `OPTIONS=-t dzslides`), or
Pandoc before reveal.js was one: `-t html5 --template=template-revealjs.html`, and
`-V revealjs-url=…`, which only a reveal.js deck reads."""
_SLIDE_LEVEL = re.compile(r"--slide-level(?:\s+|=)[\"']?([1-6])\b")
_MARKDOWN = re.compile(r"[\w./*%$()-]+\.(?:md|markdown)\b")
"""A Markdown file a build file names (`talk.md`, `slides/*.md`, `%.md`)."""


def _build_files(source: Path) -> list[Path]:
    found = [p for p in walk(source) if p.name.lower() in _BUILD_NAMES
             or p.suffix.lower() in _BUILD_SUFFIXES]
    return found + sorted((source / ".github" / "workflows").glob("*.y*ml"))


def _named(folder: Path, text: str) -> set[Path]:
    """The Markdown files under `folder` that `text` names, as written or by a pattern
    (`*.md`, make's `%.md`; a README only by its name, `pandoc -t beamer README.md`, a
    tutorial's slides kept as its README); a name made of variables (`$(SRC).md`) names
    none."""
    files: set[Path] = set()
    for name in _MARKDOWN.findall(text):
        if "$" in name:
            continue
        pattern = name.replace("%", "*").removeprefix("./")
        literal = "*" not in pattern and "?" not in pattern
        try:
            files.update(p.resolve() for p in folder.glob(pattern) if p.is_file()
                         and (literal or p.name.lower() not in READMES))
        except (ValueError, NotImplementedError):  # (an absolute or `..` path)
            continue
    return files


def _slide_commands(text: str, rules: bool = True) -> str:
    """The commands of a build file that make slides (their lines joined where they go
    on after a `\\`), each with its make rule's line when it names its file as `$<`:
    a Makefile making a paper (`pandoc paper.md -o paper.pdf`) and slides (`slides.pdf:
    talk.md` over `pandoc $< -t beamer …`) makes slides of `talk.md` alone. Without
    `rules` (a README's prose), the command lines alone."""
    lines = re.sub(r"\\\n", " ", text).split("\n")
    found: list[str] = []
    rule = ""
    for line in lines:
        if line[:1] not in ("\t", " ") and ":" in line and not line.lstrip().startswith("#"):
            rule = line  # (a make rule: `target: prerequisites`)
        if "pandoc" in line and _SLIDES.search(line):
            found += [line] if _MARKDOWN.search(line) or not rules else [rule, line]
    return "\n".join(found)


def _slide_builds(source: Path) -> list[tuple[Path, str]]:
    """The build files under `source` that make slides with Pandoc, with their text (a
    Makefile's with the files it includes)."""
    return [(build, text) for build in _build_files(source)
            if "pandoc" in (text := _included(build, source)) and _SLIDES.search(text)]


_INCLUDE = re.compile(r"^-?include[ \t]+(\S+)[ \t]*$", re.MULTILINE)


def _included(build: Path, source: Path) -> str:
    """A build file's text with the files a Makefile includes where it includes them
    (`include ../makeutils.mk`, a talks repository's shared `pandoc -t beamer` command
    that each talk's Makefile calls, `$(call makeSlides,talk.md,slides.pdf)`)."""
    def one(match: re.Match[str]) -> str:
        file = (build.parent / match.group(1)).resolve()
        inside = file.is_relative_to(source.resolve()) and file.is_file()
        return read_text(file) if inside and file != build.resolve() else match.group()

    text = read_text(build)
    return _INCLUDE.sub(one, text) if build.suffix.lower() not in (".yml", ".yaml") else text


def pandoc_decks(source: Path) -> dict[Path, int | None]:
    """The Markdown files (resolved) that a build file under `source` turns into slides
    with Pandoc: those it names, or, naming none (`$<` of a pattern kept in a variable),
    every Markdown file in its folder but a README; each with the `--slide-level` the
    build file gives Pandoc (None: none, Pandoc's own choice)."""
    decks: dict[Path, int | None] = {}
    for build, text in _slide_builds(source):
        folder = source if build.parent.name == "workflows" else build.parent
        named = _named(folder, _slide_commands(text)) or _named(folder, text)
        level = _SLIDE_LEVEL.search(text)
        for deck in named or {p.resolve() for p in sorted(folder.glob("*.md"))
                              if p.name.lower() not in READMES}:
            decks[deck] = int(level.group(1)) if level else decks.get(deck)
    for readme in (p for p in walk(source) if p.name.lower() in READMES):
        # (a README telling how to make the slides, `pandoc -t beamer slides.md -o …`)
        commands = _slide_commands(text, rules=False) \
            if "pandoc" in (text := read_text(readme)) else ""
        level = _SLIDE_LEVEL.search(commands)
        for deck in _named(readme.parent, commands) if commands else ():
            decks.setdefault(deck, int(level.group(1)) if level else None)
    return decks


_RMD_SLIDES = re.compile(r"\b(?:ioslides|slidy|beamer|revealjs|powerpoint)_presentation\b")
"""R Markdown's slide formats (`output: ioslides_presentation`,
`revealjs::revealjs_presentation`), which Pandoc makes."""
KNITTED = (".rmd", ".qmd")


def knitted_deck(text: str) -> str:
    """What an R Markdown or Quarto file lying in a plain folder (no project around it)
    is made into: "xaringan" (`output: xaringan::moon_reader`), "pandoc" (another slide
    format: `ioslides_presentation`, Quarto's `format: revealjs`), else "" (a
    document, copied as a file)."""
    head = split_front_matter(text)[1]
    data = load_mapping("yaml", head)[0] if head else {}
    made = first_output(data.get("output"))
    if is_xaringan({"output": made}):
        return "xaringan"
    if _RMD_SLIDES.search(str(made)) or presentation_format(data):
        return "pandoc"
    return ""


def knitr_parts(source: Path) -> dict[Path, Path]:
    """The files (resolved) that xaringan decks under `source` show with knitr's child
    cells (```` ```{r child='part1.Rmd'} ````, their own children too), each with its
    deck. They are parts of a talk, which reads them from its folder
    (`talks/<slug>/part1.Rmd`): copied to `static/`, each was missing, a build error."""
    parts: dict[Path, Path] = {}
    decks = [p for p in walk(source) if p.suffix.lower() == ".rmd"
             and knitted_deck(read_text(p)) == "xaringan"]
    for deck in decks:
        todo = [deck]
        while todo:
            naming = todo.pop()  # (a path is from the file that names it)
            for name in child_names(read_text(naming)):
                part = (naming.parent / name).resolve()
                if not part.is_file():  # (`02intro.RMD` for `02intro.Rmd`: knitr found it)
                    part = (file_in_other_case(naming.parent, name) or part).resolve()
                if part.is_file() and part not in parts and part != deck.resolve() \
                        and part.is_relative_to(deck.parent.resolve()):
                    parts[part] = deck.resolve()
                    todo.append(part)
    return parts


def child_capitals(text: str, folder: Path) -> tuple[str, int]:
    """`text` (a xaringan deck or one of its parts, in `folder`) with each knitr child
    cell naming its file in other capitals than the file's (`child='02intro.RMD'` for
    `02intro.Rmd`) naming it in the file's: the writer's computer ignored case, and
    knitr read the file; the talk reads its parts by their names. And how many."""
    count = 0
    for name in sorted(set(child_names(text))) if "child" in text else ():
        cased = None if (folder / name).exists() else file_in_other_case(folder, name)
        if cased is None:
            continue
        written = re.compile(rf"""(\bchild\s*=\s*(?:c\(\s*)?["']){re.escape(name)}(?=["'])""")
        new = cased.relative_to(folder).as_posix().replace("\\", "\\\\")
        text, n = written.subn(rf"\g<1>{new}", text)
        count += n
    return text, count


def first_output(output: object) -> object:
    """The format `rmarkdown::render()` (and RStudio's Knit button) makes of a file's
    `output`: the first it lists (`output: {html_document: …, ioslides_presentation: …}`
    is a document; its slides are made only when asked for by name)."""
    if isinstance(output, dict):
        return next(iter(output), None)
    if isinstance(output, list):
        return output[0] if output else None
    return output


_IOSLIDES = re.compile(r"\bioslides_presentation\b")
_SUBTITLE = re.compile(r"^(#{1,3}[ \t]+)([^|`$\n]*?\S)[ \t]+\|[ \t]+([^|`$\n]+?)"
                       r"((?:[ \t]+\{[^{}\n]*\})?)[ \t]*(?:\n(?:[ \t]*\n)?|$)", re.MULTILINE)
"""ioslides' slide heading with a subtitle, `## Title | Subtitle {.build}` (no code
span or formula in it, where a `|` is their own)."""


def is_ioslides(text: str) -> bool:
    """Whether an R Markdown file's header names ioslides (`output: ioslides_presentation`)."""
    head = split_front_matter(text)[1]
    return bool(head) and _IOSLIDES.search(head) is not None


def ioslides_subtitles(body: str) -> tuple[str, int]:
    """`body` with ioslides' `## Title | Subtitle` headings (outside code) made the title
    with its subtitle under it, in emphasis, as ioslides showed it (it was a heading
    reading "Title | Subtitle"), and how many."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        level, title, subtitle, attributes = match.groups()
        return f"{level}{title}{attributes}\n\n*{subtitle.strip('*_ ')}*\n\n"

    if "|" not in body:
        return body, 0
    shelf = Shelf()  # (a heading in code is the code's)
    return shelf.restore(_SUBTITLE.sub(one, protect_code(body, shelf))), count


DATE_KEYS = ("date", "created", "published", "publishDate", "date-meta")
"""(`date-meta`: the date Pandoc's HTML gives only its `<meta>`, a deck's that shows
none on its title slide.)"""
HEADER_KEYS = ("author", "subtitle", "institute")
"""A Pandoc header's fields that only its title slide shows, which a talk makes too."""


def deck_date(data: dict[str, Any], body: str, tz: dt.tzinfo) -> tuple[When | None, str]:
    """A deck's date, which a talk needs: its front matter's, read as Pandoc's title
    block is (`December 9, 2024`) too, else that of its `% Date` line; (None, the date
    written that was not read, or "" when none was)."""
    value = next((data[k] for k in DATE_KEYS if data.get(k) not in (None, "")), None)
    if value is not None:
        when = parse_when(value, value if isinstance(value, str) else None, tz)
        # (a xaringan header's `2020/03/02</br> Our Institute`: the date, then its line)
        first = _BREAK.split(str(value), 1)[0].strip()
        return (when, "") if when is not None else (_day(first), str(value))
    block = split_title_block(body)[0]
    if block is not None and block.date:
        return _day(block.date), block.date
    return None, ""


_BREAK = re.compile(r"<\s*/?\s*br\s*/?\s*>|\n", re.IGNORECASE)
_MONTH = re.compile(r"(\d{4})[-/.](\d{1,2})(?:\.(\d{1,2})\.?)?")
"""A month without its day (`date: 2023-05`), as a lecture's or a talk's header may
give it: the month's first day, as Pandoc's `% November 2017` is read; or a day
written with dots (`2025.11.28`, as Korean and Chinese decks write it)."""


def _day(text: str) -> When | None:
    day = block_date(text.strip())
    if day is None and (month := _MONTH.fullmatch(text.strip())) is not None:
        try:
            day = dt.datetime(int(month.group(1)), int(month.group(2)),
                              int(month.group(3) or 1), tzinfo=dt.UTC)
        except ValueError:  # (no such month or day)
            day = None
    return When(day, True) if day is not None else None


_NAME_DATE = re.compile(r"[\[(]?((?:19|20)\d\d)([-._]?)([01]\d)\2([0-3]\d)(?!\d)")
"""A date opening a deck's file or folder name (`20260327-ai-agents/slides.md`,
`2019-06-03-loops.md`, `[2018.10.29] Some Workshop/talk.tex`), as repositories of talks
name them."""


def path_date(path: Path) -> When | None:
    """The date opening the name of the deck `path` or of its folder, if one does."""
    for name in (path.stem, path.parent.name):
        if (found := _NAME_DATE.match(name)) is not None:
            try:
                year, month, day_of = (int(found.group(n)) for n in (1, 3, 4))
                day = dt.datetime(year, month, day_of, tzinfo=dt.UTC)
            except ValueError:
                continue
            return When(day, True)
    return None


def slidev_theme_alone(front: dict[str, Any], body: str) -> bool:
    """Whether a Slidev deck (`front`, its front matter as the talk gets it) shows
    nothing only Slidev has but its `theme`, which Marp has too: the talk would read
    it as a Marp deck lacking `marp: true`, an error. Its `theme` (the look, which
    Lanting's deck has) is then best left out: the deck reads alike without it."""
    if "theme" not in front or "marp" in front or any(key in SIGNS for key in front) \
            or str(front.get("layout", "")) in LAYOUTS:
        return False
    return not any(key in SLIDE for keys in slide_front_matter_keys(body) for key in keys)


def reveal_copies(source: Path) -> set[Path]:
    """The folders under `source` holding a copy of reveal.js (`js/reveal.js` or
    `dist/reveal.js` beside `plugin/`), as a deck written in HTML keeps one: its
    Markdown files are reveal.js's own (its README, tests, the Markdown plugin's
    example), no notes."""
    return {p.parent.parent for p in walk(source)
            if p.name == "reveal.js" and p.parent.name in ("js", "dist")
            and (p.parent.parent / "plugin").is_dir()}


_LOCKS = ("package-lock.json", "pnpm-lock.yaml", "yarn.lock", "bun.lockb")


def deck_tools(source: Path) -> set[Path]:
    """The files (resolved) that made a folder's decks: the build files running Pandoc
    to slides, the HTML page showing a deck of a Markdown file (`html_decks`), and the
    `package.json` of a Slidev deck or of Marp CLI's settings, with
    its lock file. They ran the old build, which the talks replace: copied to `static/`
    as any other file of a folder of notes, they were published at the site's root
    (`/Makefile`, `/package.json`)."""
    tools = {build.resolve() for build, _text in _slide_builds(source)
             if build.parent.name != "workflows"} | set(html_decks(source).values())
    decks = slidev_decks(source) | marp_decks(source)
    for package in (p for p in walk(source) if p.name == "package.json"):
        text = read_text(package)
        if "@slidev/cli" in text or "@marp-team" in text or any(
                deck.parent == package.parent.resolve() for deck in decks):
            tools.add(package.resolve())
            tools.update((package.parent / lock).resolve() for lock in _LOCKS
                         if (package.parent / lock).is_file())
    return tools

