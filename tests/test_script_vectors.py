"""No input field can put live script into a page (issue 34, done-when).

Random strings — with `<!--`, `<script`, `]]>`, quotes, control characters and unsafe
URL schemes in them — go into every config, front-matter and BibTeX field that reaches a
page. The build either refuses the input with a located error, or builds a site in which
no page (parsed as a browser parses it, by html5lib) holds script the theme did not put
there: no unknown `<script>`, no `on…` attribute, no `javascript:`/`vbscript:`/`data:`
URL in a link or source. And every page type keeps its visible `<h1>`.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import html5lib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import LantingError
from lanting.markdown.urls import url_scheme

XHTML = "{http://www.w3.org/1999/xhtml}"
PIECES = ["<!--", "-->", "<script>", "</script>", "<script", "]]>", "<![CDATA[", '"', "'",
          "<img src=x onerror=alert(1)>", "javascript:alert(1)", " JaVaScRiPt:alert(1)",
          "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "&", "&lt;",
          "<", ">", "`", "\\", "{{", "}}", "{%", "$", "\x00", "\x1b", "\u2028", "\ufffe",
          "标题", "a", " ", "/", "#", "?"]
TEXT = st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join)
PRINTABLE = st.lists(st.sampled_from([p for p in PIECES if p not in ("\x00", "\x1b")]),
                     min_size=1, max_size=6).map("".join)
"""Mostly text a build accepts, so that most examples build and their pages are looked at;
`TEXT` (control characters, unsafe URLs) now and then, which must be refused at a line."""
URL = st.one_of(st.sampled_from(["", "/posts/a/", "https://x.org/a?b=<c>&d", "#x",
                                 "mailto:a@b.org"]),
                PRINTABLE.map(lambda t: "https://x.org/" + t))
"""URLs a build may accept. Those it must refuse (a missing file, unsafe schemes) are
`HOSTILE`, the one field of an example that may be anything: with twelve URL fields, each
refusing now and then, too few examples would build."""
HOSTILE = st.one_of(TEXT, st.sampled_from(["a.pdf", "/x\"><script>alert(1)</script>"]))
URL_FIELDS = {"link_url", "menu_url", "photo", "share_image", "cover", "video", "slides_pdf",
              "bib_pdf", "bib_code", "bib_url", "project_link_url", "bib_website"}
FIELDS = ["site_title", "author", "description", "name", "position", "affiliation",
          "interest", "link_name", "link_url", "menu_name", "menu_url", "photo", "share_image",
          "title", "summary", "tag", "category", "series", "badge", "cover", "event",
          "location", "video", "slides_pdf", "talk_title", "bib_title", "bib_author",
          "bib_venue", "bib_note", "bib_pdf", "bib_code", "bib_url", "bib_abstract",
          "bib_award", "page_title", "home_title", "news", "project_title", "project_summary",
          "project_link_name", "project_link_url", "role", "term", "bib_abbr",
          "bib_award_name", "bib_additional_info", "bib_website"]


def _toml(value: str) -> str:
    return json.dumps(value)  # a JSON string is a TOML basic string (all escapes valid)


def _yaml(value: str) -> str:
    return json.dumps(value)  # a JSON string is a YAML double-quoted scalar


def _bib(value: str) -> str:
    """A BibTeX field value in braces: braces balanced, as bibtexparser needs them."""
    return "{" + value.replace("{", "(").replace("}", ")").replace("\\", "/") + "}"


def _site(root: Path, v: dict[str, str]) -> Path:
    files = {
        "lanting.toml": (
            f"title = {_toml('S ' + v['site_title'])}\nauthor = {_toml(v['author'])}\n"
            f"description = {_toml(v['description'])}\nbase_url = \"https://x.org/\"\n"
            "[search]\nenabled = false\n"
            f"[[menu]]\nname = {_toml(v['menu_name'])}\nurl = {_toml(v['menu_url'])}\n"
            f"[[links]]\nname = {_toml(v['link_name'])}\nurl = {_toml(v['link_url'])}\n"
            f"[profile]\nname = {_toml(v['name'])}\nposition = {_toml(v['position'])}\n"
            f"affiliation = {_toml(v['affiliation'])}\ninterests = [{_toml(v['interest'])}]\n"
            f"photo = {_toml(v['photo'])}\n[sharing]\nimage = {_toml(v['share_image'])}\n"),
        "content/_index.md": (f"---\ntitle: {_yaml(v['home_title'])}\nnews:\n"
                              f"  - date: 2026-01-05\n    text: {_yaml(v['news'])}\n---\nBio.\n"),
        "content/posts/a.md": (
            f"---\ntitle: {_yaml(v['title'])}\ndate: 2026-01-02\nsummary: {_yaml(v['summary'])}"
            f"\ntags: [{_yaml(v['tag'])}]\ncategories: [{_yaml(v['category'])}]\n"
            f"series: {_yaml(v['series'])}\nparams: {{badge: {_yaml(v['badge'])}}}\n"
            f"cover: {_yaml(v['cover'])}\npaper: lin2026\n---\nBody with $x$.\n"),
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-03\n---\nAnother.\n",
        "content/pages/about.md": f"---\ntitle: {_yaml(v['page_title'])}\n---\nAbout.\n",
        "content/projects/p.md": (
            f"---\ntitle: {_yaml('P ' + v['project_title'])}\n"
            f"summary: {_yaml(v['project_summary'])}\npaper: lin2026\nlinks:\n"
            f"  - {{name: {_yaml(v['project_link_name'])}, url: {_yaml(v['project_link_url'])}}}\n"
            "---\nA project.\n"),
        "content/people/q.md": (f"---\ntitle: Q\nrole: {_yaml(v['role'])}\n---\nA person.\n"),
        "content/teaching/c.md": (f"---\ntitle: C\nterm: {_yaml(v['term'])}\n---\nA course.\n"),
        "content/talks/t.md": (
            f"---\ntitle: {_yaml(v['talk_title'])}\ndate: 2026-01-04\n"
            f"event: {_yaml(v['event'])}\nlocation: {_yaml(v['location'])}\n"
            f"video: {_yaml(v['video'])}\nslides_pdf: {_yaml(v['slides_pdf'])}\n"
            "paper: lin2026\n---\n# One\n\nNote: hi\n"),
        "content/publications.bib": (
            "@inproceedings{lin2026,\n"
            f"  title = {_bib('T ' + v['bib_title'])},\n"
            + "".join(f"  {name} = {_bib(v[key])},\n" for name, key in (
                ("author", "bib_author"), ("booktitle", "bib_venue"), ("note", "bib_note"),
                ("pdf", "bib_pdf"), ("code", "bib_code"), ("url", "bib_url"),
                ("abstract", "bib_abstract"), ("award", "bib_award"), ("abbr", "bib_abbr"),
                ("award_name", "bib_award_name"), ("additional_info", "bib_additional_info"),
                ("website", "bib_website"))
                      if v[key].strip())  # an empty field is an error of its own
            + "  year = {2026},\n  selected = {true},\n}\n"),
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _theme_scripts() -> set[str]:
    """The inline scripts the theme writes (their text), from a build of plain values."""
    root = Path(tempfile.mkdtemp(prefix="lanting-vectors-"))
    try:
        site = _site(root / "site", {f: "plain" for f in FIELDS} | {
            "link_url": "https://x.org/", "menu_url": "/blog/", "photo": "", "share_image": "",
            "cover": "", "video": "", "slides_pdf": "", "bib_pdf": "", "bib_code": "",
            "bib_url": "", "project_link_url": "https://x.org/p", "bib_website": ""})
        build(site, BuildOptions(jobs=1))
        return {s.text or "" for page in (site / "public").rglob("*.html")
                for s in _parse(page).iter(f"{XHTML}script")
                if s.get("src") is None and s.get("type") != "application/ld+json"}
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _parse(page: Path) -> Any:
    return html5lib.parse(page.read_bytes())


THEME_SCRIPTS = _theme_scripts()
BUILT: list[int] = []
"""Examples that built (the rest were refused): the last test checks there were some."""
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "poster", "data", "xlink:href")


def _live_vectors(page: Path) -> list[str]:
    found = []
    for element in _parse(page).iter():
        tag = str(element.tag).removeprefix(XHTML)
        for name, value in element.attrib.items():
            name = str(name).rsplit("}", 1)[-1]
            if name.lower().startswith("on"):
                found.append(f"<{tag} {name}=…>")
            if name.lower() in URL_ATTRIBUTES and url_scheme(value) in (
                    "javascript", "vbscript", "data") and not value.startswith("data:image/"):
                found.append(f"<{tag} {name}={value!r}>")
        if tag == "script":
            if element.get("src") is not None:
                continue
            if element.get("type") == "application/ld+json":
                json.loads(element.text or "")  # JSON-LD stays JSON, whatever it holds
            elif (element.text or "") not in THEME_SCRIPTS:
                found.append(f"<script>{(element.text or '')[:60]!r}")
    return found


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.fixed_dictionaries({f: URL if f in URL_FIELDS else PRINTABLE for f in FIELDS}),
       st.one_of(st.none(), st.none(), st.none(), st.sampled_from(FIELDS)), HOSTILE)
def test_no_input_field_puts_live_script_into_a_page(values: dict[str, str], field: str | None,
                                                     hostile: str) -> None:
    if field is not None:  # one field anything at all: control characters, unsafe URLs
        values = {**values, field: hostile}
    root = Path(tempfile.mkdtemp(prefix="lanting-vectors-"))
    try:
        site = _site(root / "site", values)
        try:
            build(site, BuildOptions(jobs=1))
        except LantingError as error:  # refused: it must say where
            assert all(p.path is not None for p in error.problems), error.problems
            return
        BUILT.append(1)
        for page in (site / "public").rglob("*.html"):
            assert _live_vectors(page) == [], page
            if page.name == "index.html" or page.name == "404.html":
                headings = [h for h in _parse(page).iter(f"{XHTML}h1")]
                assert headings, f"{page}: no <h1>"
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_most_hostile_examples_built_and_were_looked_at() -> None:
    """Refusing everything would pass the test above: enough examples must have built."""
    assert len(BUILT) >= 20, f"only {len(BUILT)} examples built"
