"""Property tests (Hypothesis): slugs never leave the output, escaping round-trips, front
matter survives serialise → parse, and any Markdown renders, quickly, without exception."""

from __future__ import annotations

import datetime as dt
import html
import json
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2 import Environment, select_autoescape

from lanting.config.schema import CONTROL_CHARACTERS
from lanting.content.frontmatter import parse
from lanting.errors import LantingError
from lanting.markdown.mathforms import TITLE_MATH
from lanting.markdown.render import render_markdown
from lanting.model.content import Kind, Source
from lanting.model.markdown import MarkdownOptions, RenderContext
from lanting.model.names import slugify
from lanting.output.staging import refuse_unsafe
from lanting.render.templates import xmltext
from lanting.site.routes import output_dir

ROOT = Path("/srv/out")
# Characters a text file can hold: no surrogates (not encodable), nothing unassigned.
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=60)
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _inside(rel: str) -> bool:
    refuse_unsafe(rel)
    target = (ROOT / rel).resolve()
    return target.is_relative_to(ROOT) and target != ROOT


# --- slugs -----------------------------------------------------------------------------


@SETTINGS
@given(TEXT)
def test_slugify_gives_one_harmless_path_segment(text: str) -> None:
    slug = slugify(text)
    assert slug and slug not in (".", "..")
    assert not set(slug) & set("/\\\x00%?#:") and not slug.startswith(("~", "."))
    assert _inside(f"posts/{slug}/index.html")


def _doc(text: str, name: str = "a.md") -> Source:
    return Source(Path("/site/content/posts") / name, PurePosixPath("posts") / name, Kind.POST,
                  text)


@SETTINGS
@given(TEXT)
def test_any_front_matter_slug_is_refused_or_stays_inside(slug: str) -> None:
    text = f"---\ntitle: T\ndate: 2026-01-02\nslug: {json.dumps(slug)}\n---\nBody\n"
    try:
        doc = parse(_doc(text))
    except LantingError:
        return
    out = output_dir(doc)
    assert PurePosixPath(out).parts[:1] == ("posts",) and len(PurePosixPath(out).parts) == 2
    assert _inside(out + "index.html")


@SETTINGS
@given(st.text(st.characters(exclude_categories=("Cs",), exclude_characters="/\x00"),
               min_size=1, max_size=40))
def test_any_file_name_gives_a_url_inside_the_output(stem: str) -> None:
    doc = parse(_doc("---\ntitle: T\ndate: 2026-01-02\n---\n", f"{stem}.md"))
    assert _inside(output_dir(doc) + "index.html")


@SETTINGS
@given(st.lists(st.sampled_from(["..", ".", "a", "~", "/", "\\", "%2e", "", "b/c"]),
                min_size=1, max_size=6))
def test_writer_never_writes_outside(parts: list[str]) -> None:
    rel = "/".join(parts)
    try:
        refuse_unsafe(rel)
    except LantingError:
        return
    assert (ROOT / rel).resolve().is_relative_to(ROOT)


# --- escaping --------------------------------------------------------------------------

_ENV = Environment(autoescape=select_autoescape(default_for_string=True))
_ENV.filters["xmltext"] = xmltext
_XML_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@SETTINGS
@given(TEXT)
def test_html_escaping_round_trips(text: str) -> None:
    rendered = _ENV.from_string("<p title='{{ x }}'>{{ x }}</p>").render(x=text)
    inner = rendered[rendered.index(">") + 1 : -len("</p>")]
    assert "<" not in inner and html.unescape(inner) == text
    attribute = re.match(r"<p title='([^']*)'>", rendered)
    assert attribute and html.unescape(attribute.group(1)) == text


@SETTINGS
@given(TEXT)
def test_xml_text_round_trips_through_a_strict_parser(text: str) -> None:
    document = _ENV.from_string("<t a=\"{{ x | xmltext }}\">{{ x | xmltext }}</t>").render(x=text)
    element = ET.fromstring(document)
    expected = _XML_CHARS.sub("", text)
    # XML parsers turn line breaks into \n, and whitespace in attributes into spaces.
    assert (element.text or "") == expected.replace("\r\n", "\n").replace("\r", "\n")
    assert element.get("a") == re.sub(r"[\t\n\r]", " ", expected.replace("\r\n", " "))


# --- front matter ----------------------------------------------------------------------

_WORD = st.text(st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1,
                max_size=20).map(str.strip).filter(bool)
_FIELDS = st.fixed_dictionaries({
    "title": _WORD,
    "date": st.dates(dt.date(1900, 1, 1), dt.date(2100, 12, 31)),
    "tags": st.lists(_WORD, max_size=4),
    "draft": st.booleans(),
    "series": st.none() | _WORD,
    "series_order": st.none() | st.integers(1, 10_000),
    "summary": st.none() | TEXT,
})


def _toml_string(value: str) -> str:
    # JSON strings are TOML basic strings, except that TOML wants DEL escaped too.
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _yaml_string(value: str) -> str:
    """A YAML double-quoted string: characters YAML cannot hold raw are escaped."""
    def char(c: str) -> str:
        if c in '"\\':
            return "\\" + c
        code = ord(c)
        # YAML's printable set, less the characters it reads as line breaks or BOM.
        printable = (0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF
                     or 0xE000 <= code <= 0xFFFD or code >= 0x10000) and code not in (
                         0xFEFF, 0x2028, 0x2029)
        return c if printable else f"\\u{code:04x}"
    return '"' + "".join(map(char, value)) + '"'


def _serialise(fields: dict[str, object], fmt: str) -> str:
    lines = []
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, dt.date | int):
            text = str(value)
        elif isinstance(value, list):
            quote = _toml_string if fmt == "toml" else _yaml_string
            text = "[" + ", ".join(map(quote, value)) + "]"
        else:
            text = _toml_string(str(value)) if fmt == "toml" else _yaml_string(str(value))
        lines.append(f"{key} = {text}" if fmt == "toml" else f"{key}: {text}")
    fence = "+++" if fmt == "toml" else "---"
    return f"{fence}\n" + "\n".join(lines) + f"\n{fence}\nBody\n"


@SETTINGS
@given(_FIELDS, st.sampled_from(["yaml", "toml"]))
def test_front_matter_serialise_then_parse_is_identity(fields: dict[str, object],
                                                       fmt: str) -> None:
    text = _serialise(fields, fmt)
    values = [v for v in fields.values() if isinstance(v, str)] + [
        t for t in fields["tags"]]  # type: ignore[attr-defined]
    if any(CONTROL_CHARACTERS.search(v) for v in values):  # invisible: an error at its line
        try:
            parse(_doc(text))
        except LantingError as error:
            assert any("control character" in p.message for p in error.problems)
            return
        raise AssertionError("a control character was accepted")
    meta = parse(_doc(text)).meta
    date = fields["date"]
    assert isinstance(date, dt.date)
    if TITLE_MATH.search(str(fields["title"])):  # (`$0$`: its text is the formula's)
        assert "<math" in meta.title_html
    else:
        assert meta.title == fields["title"]
    assert meta.date == dt.datetime(date.year, date.month, date.day, tzinfo=dt.UTC)
    # each tag once, case-insensitively, in its first spelling (as the tag pages merge them)
    expected: list[str] = []
    for tag in fields["tags"]:  # type: ignore[attr-defined]
        if tag.casefold() not in {t.casefold() for t in expected}:
            expected.append(tag)
    assert meta.tags == tuple(expected)
    assert meta.draft == fields["draft"]
    assert meta.series == fields["series"]
    assert meta.series_order == fields["series_order"]
    assert meta.summary == fields["summary"]


def test_yaml_surrogate_escapes_become_characters_or_a_located_error() -> None:
    # ruamel's C parser refuses surrogate escapes (a clear error at the line); the pure
    # Python one accepts them, and then they must become characters a page can hold.
    text = '---\ntitle: "\\ud83d\\ude00 \\ud800"\ndate: 2026-01-02\n---\n'
    try:
        meta = parse(_doc(text)).meta
    except LantingError as error:
        assert error.problems[0].line == 2
        return
    assert meta.title == "\U0001f600 \ufffd"
    meta.title.encode("utf-8")


# --- any Markdown ------------------------------------------------------------------------

_PIECES = ["*", "**", "_", "`", "```", "~~", "[", "]", "(", ")", "](", "![", "<", ">", "$",
           "$$", "\\(", "\\)", "\\[", "\\]", "|", "|-|", "-", "- ", "1. ", "# ", "> ", "\n",
           "\n\n", "  ", "    ", "\t", "[^1]", "[^1]: ", ":::", "::: note", "> [!NOTE]",
           "{{<", ">}}", '{{< code file="x" >}}', "<!-- more -->", "<div>", "</div>", "&amp;",
           "&#0;", "\\", "@eq:x", "(eq:x)", "中文", "，", "a", "1", "x.md", "#x", "http://a.b",
           "\x00", "\ufeff", "\u2028", "{", "}", "^", "\\frac", "- [ ] ", "---\n", "***"]
MARKDOWN = st.lists(st.sampled_from(_PIECES), max_size=80).map("".join) | TEXT
CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md")
# An unknown code language makes Pygments import its plugin lexers; where IPython is
# installed that imports jedi, which raises the recursion limit, and Hypothesis warns
# (an error here) when the limit changes inside a test. Import them once, up front.
render_markdown("```no-such-language\n```\n", CONTEXT)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MARKDOWN, st.booleans())
def test_any_markdown_renders_quickly(text: str, raw_html: bool) -> None:
    started = time.perf_counter()
    result = render_markdown(text, CONTEXT, MarkdownOptions(raw_html=raw_html))
    assert time.perf_counter() - started < 2.0
    assert isinstance(result.html, str)
    if not raw_html:
        assert "<div>" not in result.html and "<script" not in result.html


# --- string-search scans equal their regex definitions ---------------------------------

_HTML_PIECES = st.sampled_from(
    list("<>ab/=\"m&;lt ") + ["<math", "</math>", "<mathx>", "&lt;", "&amp;", "<mi>", "</mi>",
                              "<math display=block>", "&ApplyFunction;",
                              '<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup>',
                              '<sup class="footnote-ref"><a href="#fn2" id="fnref2:1">'
                              '[2]</a></sup>',
                              '<sup class="footnote-ref">', 'class="footnote-ref"', '<li id="fn',
                              '<li id="fn1" class="footnote-item"><p>note <em>x</em> '
                              '<a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>',
                              '<li id="fn2" class="footnote-item">two</li>'])
_HTML = st.lists(_HTML_PIECES, max_size=25).map("".join)


@SETTINGS
@given(_HTML)
def test_math_characters_are_those_of_the_formulas_text(page: str) -> None:
    from lanting.markdown.math_formula import _ENTITY, math_characters

    chars: set[str] = set()
    # The definition: each formula, its tags removed.
    for formula in re.findall(r"<math\b.*?</math>", page, re.DOTALL):
        text = re.sub(r"<[^>]*>", "", formula)
        for entity, value in _ENTITY.items():
            text = text.replace(entity, value)
        chars.update(text)
    assert math_characters([page]) == "".join(
        sorted(c for c in chars if c.isprintable() and not c.isspace()))


@SETTINGS
@given(_HTML)
def test_side_notes_follow_their_definition(page: str) -> None:
    """The hand-written scan for references equals `_REF.sub` (no heading in these
    pages: every reference with a note gets its side note)."""
    from lanting.markdown.footnotes import _REF, _body, _items, add_sidenotes, side_note

    notes = {n: side_note(_body(page[start:end])) for n, start, end in _items(page)}

    def insert(match: re.Match[str]) -> str:
        note = notes.get(match.group(2))
        if note is None:
            return match.group(1)
        text, whole = note
        more = "" if whole else (f' <a class="sidenote-more" href="#fn{match.group(2)}" '
                                 f'aria-label="the whole note {match.group(2)}">…</a>')
        return (f'{match.group(1)}<span class="sidenote" role="note">'
                f'<span class="sidenote-number">{match.group(2)}</span> {text}{more}</span>')

    expected = _REF.sub(insert, page)
    for number in {n for n, (_text, whole) in notes.items() if not whole
                   and f'href="#fn{n}"' in page}:
        expected = expected.replace(f'<li id="fn{number}" class="footnote-item">',
                                    f'<li id="fn{number}" class="footnote-item footnote-full" '
                                    f'value="{number}">', 1)
    assert add_sidenotes(page) == expected


@SETTINGS
@given(st.text(st.sampled_from(list("ab1Z%中文。テ한é ") + ["\u4e00", "\u3400", "\u00c0"]),
               max_size=30))
def test_cjk_spacing_puts_a_space_wherever_the_script_changes(text: str) -> None:
    from lanting.markdown.cjk import _CJK, _LATIN, THIN_SPACE, space_text

    definition = re.compile(f"[{_CJK}](?=[{_LATIN}])|[{_LATIN}%](?=[{_CJK}])")
    assert space_text(text) == definition.sub(lambda m: m.group(0) + THIN_SPACE, text)


# --- any notebook JSON ---------------------------------------------------------------------

_NB_WORDS = ["code", "markdown", "raw", "heading", "stream", "error", "display_data",
             "execute_result", "iVBORw0KGgo=", "!!", "attachment:a.png",
             "![x](attachment:a.png)", "![y](attachment:b%20c.png)", "---\ntitle: T\n---",
             "---\ntitle: T\ndate: 2026-01-02\n---", "<script>alert(1)</script>",
             "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><script>x</script></svg>",
             "<svg", "\x1b[31mred", "```", "$x$"]
_NB_KEYS = st.sampled_from(["cells", "metadata", "nbformat", "nbformat_minor", "cell_type",
                            "source", "outputs", "output_type", "data", "text", "traceback",
                            "ename", "evalue", "attachments", "kernelspec", "language",
                            "language_info", "name", "lanting", "worksheets", "a.png",
                            "image/png", "image/svg+xml", "text/html", "text/plain"]) | TEXT
_MIMES = st.sampled_from(["image/png", "image/jpeg", "image/gif", "image/svg+xml", "text/html",
                          "text/plain", "text/markdown", "application/json"])
_LEAF = (st.none() | st.booleans() | st.integers(-3, 6) | st.floats(allow_nan=False)
         | TEXT | st.sampled_from(_NB_WORDS))
_JSON = st.recursive(_LEAF, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(_NB_KEYS, inner, max_size=4), max_leaves=12)
_LINES = st.sampled_from(_NB_WORDS) | TEXT | st.lists(st.sampled_from(_NB_WORDS) | TEXT,
                                                      max_size=3)
_OUTPUT = st.fixed_dictionaries(
    {"output_type": st.sampled_from(["stream", "error", "display_data", "execute_result",
                                     "other"])},
    optional={"text": _LINES, "data": st.dictionaries(_MIMES, _LINES, max_size=3),
              "traceback": st.lists(TEXT, max_size=2), "ename": _LEAF, "evalue": _LEAF})
_CELL = st.fixed_dictionaries(
    {"cell_type": st.sampled_from(["code", "markdown", "raw", "heading"])},
    optional={"source": _LINES, "outputs": st.lists(_OUTPUT | _JSON, max_size=3),
              "attachments": st.dictionaries(_NB_KEYS, st.dictionaries(_MIMES, _LINES),
                                             max_size=2),
              "metadata": _JSON})
_FRONT = {"cell_type": "raw", "metadata": {}, "source": "---\ntitle: T\ndate: 2026-01-02\n---"}
_CELLS = st.tuples(st.booleans(), st.lists(_CELL | _CELL | _CELL | _JSON, max_size=4)).map(
    lambda drawn: [_FRONT, *drawn[1]] if drawn[0] else drawn[1])
_NOTEBOOK = st.fixed_dictionaries(
    {"cells": _CELLS, "nbformat": st.sampled_from([4, 4, 4, 4, 4, 4, 3, 1, 5, "4"]),
     "metadata": st.fixed_dictionaries({}, optional={
         "kernelspec": st.fixed_dictionaries({}, optional={"language": _LEAF}) | _JSON,
         "lanting": st.fixed_dictionaries({"title": _LEAF}, optional={"date": _LEAF})})},
    optional={"nbformat_minor": st.integers(0, 5),
              "worksheets": st.lists(st.fixed_dictionaries({"cells": st.lists(_JSON)}))})
_NOTEBOOKS = _NOTEBOOK | _NOTEBOOK | _NOTEBOOK | _JSON


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_NOTEBOOKS, st.sampled_from([None, 1]), st.booleans())
def test_any_notebook_json_converts_or_fails_with_a_located_error(
        notebook: object, indent: int | None, raw_html: bool) -> None:
    """Random JSON shaped more or less like a notebook never ends in a traceback: it
    becomes a post, or the error names the file and a line (issue 34)."""
    source = Source(Path("/site/content/posts/nb.ipynb"), PurePosixPath("posts/nb.ipynb"),
                    Kind.POST, json.dumps(notebook, indent=indent))
    try:
        doc = parse(source, raw_html)
    except LantingError as error:
        assert error.problems
        assert all(p.path == source.path and p.line for p in error.problems)
        return
    assert all(p.path == source.path and p.line and p.severity == "warning"
               for p in doc.warnings)
    result = render_markdown(doc.body, CONTEXT, MarkdownOptions(raw_html=raw_html))
    result.html.encode("utf-8")  # no lone surrogate
    if not raw_html:
        assert "<script" not in result.html
    for attachment in doc.attachments:
        if attachment.rel.endswith(".svg"):
            svg = ET.fromstring(attachment.data)
            assert not any(e.tag.endswith("script") for e in svg.iter())


# --- any BibTeX --------------------------------------------------------------------------

_BIB_PIECES = ["@article{", "@misc{", "@book{", "@string{", "@comment{", "@preamble{", "@",
               "k", "lin2026", ",", " ", "\n", "title", "author", "journal", "publisher",
               "year", "note", "pdf", "month", " = ", "=", "{", "}", '"', "#", "(", ")",
               "\\foo", "\\&", "&", "%", "$", "$x^2$", "$\\frac{", "\\url{", "http://a.b",
               "javascript:x", "\\'e", '{\\"o}', '\\"O', " and ", "others", "2020", "\\",
               "\\\\", "中文", "~", "--", "{" * 40, "}" * 40, "\\emph{", "\\begin{x}", "*",
               "†", "$^\\dagger$", "jul", "\ufeff", "\x00"]
_BIB_FIELDS = ["title", "author", "editor", "journal", "booktitle", "publisher", "year",
               "month", "note", "abstract", "pdf", "url", "doi", "eprint", "selected",
               "equal_contribution", "award", "category", "keywords"]
_BIB_TEXT = st.lists(st.sampled_from(_BIB_PIECES) | TEXT, max_size=8).map("".join)
_BIB_ENTRY = st.builds(
    lambda kind, key, fields: f"@{kind}{{{key},\n" + "".join(
        f"  {name} = {{{value}}},\n" for name, value in fields) + "}\n",
    st.sampled_from(["article", "inproceedings", "misc", "book", "phdthesis", "online"]),
    st.sampled_from(["a", "b", "lin2026", ""]),
    st.lists(st.tuples(st.sampled_from(_BIB_FIELDS), _BIB_TEXT), max_size=6))
_BIB = (st.lists(_BIB_ENTRY | _BIB_TEXT, max_size=5).map("\n".join)
        | st.lists(st.sampled_from(_BIB_PIECES), max_size=120).map("".join))
BIB = Path("/site/content/publications.bib")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_BIB)
def test_any_bibtex_is_read_or_fails_with_a_located_error(text: str) -> None:
    """Random BibTeX never ends in a traceback: it gives publications (and warnings
    at lines), or errors naming the file and a line (issue 34)."""
    from lanting.content.bibliography import parse_bibliography

    try:
        library = parse_bibliography(Source(BIB, PurePosixPath("publications.bib"),
                                            Kind.BIBLIOGRAPHY, text))
    except LantingError as error:
        assert error.problems
        assert all(p.path == BIB and p.line for p in error.problems)
        return
    assert all(w.path == BIB and w.line and w.severity == "warning" for w in library.warnings)
    for pub in library.publications:
        assert pub.key and pub.title
        (pub.title_html + pub.abstract_html + pub.venue + pub.bibtex).encode("utf-8",
                                                                           "surrogatepass")
