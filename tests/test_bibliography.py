"""publications.bib: decoding, names, marks, math, links, and malformed entries."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from lanting.content.bibliography import parse_bibliography
from lanting.content.bibtex_names import parse_authors
from lanting.errors import LantingError
from lanting.model.content import Kind, Source
from lanting.model.problem import Problem

BIB = Path("/site/content/publications.bib")


def bib(text: str):  # type: ignore[no-untyped-def]
    return parse_bibliography(Source(BIB, PurePosixPath("publications.bib"), Kind.BIBLIOGRAPHY,
                                     text))


ENTRY = r"""% a comment line
@inproceedings{hichunk2026,
  title     = {{HiChunk}: Evaluating {RAG} with $\epsilon$-Hierarchical Chunking},
  author    = {Lin, Zhiyuan* and M{\"u}ller, J{\"o}rg* and 王小红$^\dagger$ and others},
  booktitle = {Proceedings of ACL 2026},
  pages     = {100--115},
  year      = {2026},
  month     = jul,
  note      = {Oral},
  award     = {Best Paper},
  arxiv     = {2509.11552},
  code      = {https://github.com/x/hichunk},
  selected  = {true},
  abstract  = {We show that $O(n)$ is enough.},
}
"""


def test_fields_are_decoded_and_braces_keep_case() -> None:
    [pub] = bib(ENTRY).publications
    assert pub.key == "hichunk2026" and pub.line == 2
    assert pub.title == "HiChunk: Evaluating RAG with ϵ-Hierarchical Chunking"  # readable
    assert pub.title_html.startswith("HiChunk: Evaluating RAG with <math")
    assert pub.year == 2026 and pub.month == 7
    assert pub.venue == "Proceedings of ACL 2026"
    assert pub.badges == ("Oral",) and pub.award == "Best Paper"
    assert pub.selected
    assert pub.category == "conference"
    assert "<math" in pub.abstract_html


def test_authors_accents_chinese_names_marks_and_others() -> None:
    [pub] = bib(ENTRY).publications
    names = [a.name for a in pub.authors]
    assert names == ["Zhiyuan Lin", "Jörg Müller", "王小红"]
    assert [a.co_first for a in pub.authors] == [True, True, False]
    assert [a.corresponding for a in pub.authors] == [False, False, True]
    assert pub.et_al
    assert pub.short_citation == "Lin et al., 2026"


def test_chinese_name_in_last_first_form_is_not_reordered() -> None:
    authors, _ = parse_authors("林, 知远 and Wang, Xiaohong")
    assert [a.name for a in authors] == ["林知远", "Xiaohong Wang"]


def test_tilde_accent_is_not_a_tie_in_names() -> None:
    """`Pe\\~{n}a` (ñ outside braces, as Google Scholar's and DBLP's exports write it):
    the name splitter took its `~` for BibTeX's tie, a space, and showed "Nuño Pe na".
    A tie stays a space."""
    authors, _ = parse_authors("Pe\\~{n}a, Nu\\~{n}o and Ib\\'{a}\\~nez, Mar\\'{i}a and "
                               "Jos\\'e Ortega~y~Gasset")
    assert [(a.name, a.last) for a in authors] == [
        ("Nuño Peña", "Peña"), ("María Ibáñez", "Ibáñez"),
        ("José Ortega y Gasset", "y Gasset")]


@pytest.mark.parametrize("written", ["Chen, Yu\\dag", "Chen, Yu$^\\dag$", "Chen, Yu\\dagger",
                                     "Chen, Yu†", "Chen, Yu$^{\\dagger}$",
                                     "Chen, Yu\\textsuperscript{\\dag}"])
def test_every_way_of_writing_the_dagger_marks_the_corresponding_author(written: str) -> None:
    """`\\dag` is LaTeX's short form: it came out inside the name (`Yu† Chen`)."""
    [author], _ = parse_authors(written)
    assert author.name == "Yu Chen" and author.corresponding


def test_string_concatenation_is_joined() -> None:
    """`booktitle = neurips # " 36"` (BibTeX's `#`) was shown as written; a `#` inside
    braces is a character."""
    [pub] = bib('@string{neurips = {Advances in NeurIPS}}\n@inproceedings{a, title = {C# in'
                ' F#}, author = {Doe, Jane}, booktitle = neurips # " 36", year = 2023}\n'
                ).publications
    assert pub.venue == "Advances in NeurIPS 36" and pub.title == "C# in F#"


def test_textsuperscript_marks_and_relax_initials() -> None:
    """Real homepage bibs write `Wang, Li\\textsuperscript{*}` and `{\\relax Ch}ristopher`:
    the names came out as "Li\\textsuperscript * Wang" and "\\relax Christopher"."""
    authors, _ = parse_authors("Wang, Li\\textsuperscript{*} and Doe, Jane\\textsuperscript{*}"
                               " and {\\relax Ch}ristopher Manning")
    assert [(a.name, a.co_first) for a in authors] == [
        ("Li Wang", True), ("Jane Doe", True), ("Christopher Manning", False)]


def test_plain_tex_quotes_and_the_spacing_mark_are_text() -> None:
    """DBLP-style abstracts write `graph{\\rq}s` and `i.\\ e.\\@,`: each was an unknown
    macro, shown as written with a warning."""
    library = bib("@article{a, title = {The graph{\\rq}s nodes, {\\lq}quoted{\\rq}},"
                  " author = {Doe, Jane}, journal = {J}, year = 2019,"
                  " abstract = {Models (i.\\ e.\\@, rankers).}}\n")
    [pub] = library.publications
    assert pub.title == "The graph\u2019s nodes, \u2018quoted\u2019"
    assert "i. e., rankers" in pub.abstract
    assert not library.warnings


def test_text_mode_symbols_are_their_characters() -> None:
    """Zotero exports a `<` in an abstract as `\\textless` (`100 \\textless y+`):
    pylatexenc does not know it, so it was shown as written, with a warning for each
    entry; so were `\\textgreater`, `\\textbar` and the others LaTeX gives text mode."""
    library = bib("@article{a, title = {A {\\textbar}B{\\textbar} norm}, author = {Doe, Jane},"
                  " journal = {J}, year = 2012, abstract = {For 100 \\textless{} y "
                  "\\textless{} 200, {\\textgreater}90\\% of {\\textquotedbl}x{\\textunderscore}"
                  "y{\\textquotedbl} in {\\textbraceleft}a{\\textbraceright}.}}\n")
    [pub] = library.publications
    assert pub.title == "A |B| norm"
    assert pub.abstract == 'For 100 < y < 200, >90% of "x_y" in {a}.'
    assert not library.warnings


def test_equal_contribution_marks_the_first_authors() -> None:
    authors, et_al = parse_authors("A, One and B, Two and C, Three", equal=2)
    assert [a.co_first for a in authors] == [True, True, False]
    assert not et_al


def test_braced_corporate_author_is_one_name() -> None:
    authors, _ = parse_authors("{OpenAI Team} and Lin, Zhiyuan")
    assert authors[0].name == "OpenAI Team"


def test_links_in_button_order_and_arxiv_from_eprint() -> None:
    [pub] = bib(ENTRY).publications
    assert [(x.kind, x.url) for x in pub.links] == [
        ("arxiv", "https://arxiv.org/abs/2509.11552"), ("code", "https://github.com/x/hichunk")]
    [pre] = bib("@article{p, title={T}, journal={arXiv preprint}, eprint={2511.04821},"
                " archiveprefix={arXiv}, year=2025}").publications
    assert pre.category == "preprint"
    assert pre.arxiv_id == "2511.04821"


def test_papers_on_preprint_servers_other_than_arxiv_are_preprints() -> None:
    """Google Scholar's BibTeX of a bioRxiv (medRxiv, SSRN) paper is `@article` in
    `journal = {bioRxiv}`: it was listed with the journal articles."""
    found = bib("@article{a, title={A}, journal={bioRxiv}, year=2024}\n"
                "@article{b, title={B}, journal={medRxiv}, year=2024}\n"
                "@article{c, title={C}, journal={SSRN Electronic Journal}, year=2023}\n"
                "@article{d, title={D}, journal={Research Square}, year=2023}\n"
                "@article{e, title={E}, journal={Cell Reports}, year=2022}\n").publications
    assert [p.category for p in found] == ["preprint"] * 4 + ["journal"]


def test_a_preprint_server_s_doi_makes_a_preprint() -> None:
    """CSL data of a PsyArXiv or bioRxiv paper (Manubot's, Zotero's) names its publisher
    as the container, `journal = {Center for Open Science}`: only the DOI tells a
    preprint. A journal of bioRxiv's publisher (`10.1101/gr.…`) stays a journal."""
    found = bib("@article{a, title={A}, journal={Center for Open Science}, year=2025,"
                " doi={10.31234/osf.io/abcde_v2}}\n"
                "@article{b, title={B}, journal={Cold Spring Harbor Laboratory}, year=2024,"
                " doi={10.1101/2024.01.02.573456}}\n"
                "@article{c, title={C}, journal={Genome Research}, year=2019,"
                " doi={10.1101/gr.245555.118}}\n").publications
    assert [p.category for p in found] == ["preprint", "preprint", "journal"]


def test_dblp_and_arxiv_exports_give_one_button_per_page() -> None:
    """arXiv's own export (`url` = its abs page) gave an arXiv and a "Project" button to
    one page; DBLP's `journal = {CoRR}` / `eprinttype` preprints were journal articles
    without an arXiv button; a DOI `url` doubled the DOI button."""
    arxiv, dblp, doi = bib(
        "@misc{a, title={A}, author={Doe, Jane}, year=2024, eprint={2401.01234},"
        " archivePrefix={arXiv}, url={https://arxiv.org/abs/2401.01234}}\n"
        "@article{b, title={B}, author={Doe, Jane}, journal={CoRR}, volume={abs/2401.01235},"
        " year=2024, eprinttype={arXiv}, eprint={2401.01235}}\n"
        "@inproceedings{c, title={C}, author={Doe, Jane}, booktitle={ACL}, year=2023,"
        " doi={10.18653/V1/X}, url={https://doi.org/10.18653/V1/X}}\n").publications
    assert [x.kind for x in arxiv.links] == ["arxiv"]
    assert (dblp.category, [x.url for x in dblp.links]) == (
        "preprint", ["https://arxiv.org/abs/2401.01235"])
    assert [x.kind for x in doi.links] == ["doi"]


def test_a_url_of_the_papers_own_page_is_no_project() -> None:
    """A publisher's `url` (Zotero's, ACM's exports) was a "Project" button: it is the
    paper's own page, al-folio's `html` ("HTML"); a `project` field stays a project."""
    [pub] = bib("@inproceedings{c, title={C}, author={Doe, Jane}, booktitle={ICML}, year=2023,"
                " url={https://proceedings.mlr.press/v202/c.html},"
                " project={https://c.github.io}}").publications
    assert [(x.kind, x.url) for x in pub.links] == [
        ("project", "https://c.github.io"), ("html", "https://proceedings.mlr.press/v202/c.html")]


@pytest.mark.parametrize(("note", "badges"), [
    ("Oral; Spotlight", ("Oral", "Spotlight")), ("Oral, Spotlight", ("Oral", "Spotlight")),
    ("To appear. Extended version, with new experiments, proofs, and code",
     ("To appear. Extended version, with new experiments, proofs, and code",)),
    ("Advisors: Alice Smith, Bob Jones", ("Advisors: Alice Smith, Bob Jones",)),
])
def test_a_note_is_split_into_badges_only_where_it_lists_them(note: str,
                                                              badges: tuple[str, ...]) -> None:
    [pub] = bib(f"@article{{a, title={{A}}, journal={{J}}, year=2020, note={{{note}}}}}"
                ).publications
    assert pub.badges == badges


def test_bibtex_shown_to_readers_keeps_standard_fields_as_written() -> None:
    [pub] = bib(ENTRY).publications
    assert pub.bibtex.startswith("@inproceedings{hichunk2026,\n")
    assert r"title = {{HiChunk}: Evaluating {RAG} with $\epsilon$-Hierarchical Chunking}," \
        in pub.bibtex
    assert "pages = {100--115}," in pub.bibtex and "month = jul," in pub.bibtex
    assert r"author = {Lin, Zhiyuan and M{\"u}ller, J{\"o}rg and 王小红 and others}," \
        in pub.bibtex  # the site's co-first / corresponding marks are left out
    for private in ("selected", "award", "code", "arxiv", "abstract"):
        assert f"{private} =" not in pub.bibtex


@pytest.mark.parametrize(("text", "category"), [
    ("@inproceedings{k, title={T}, booktitle={Workshop on X at ACL}}", "workshop"),
    ("@article{k, title={T}, journal={JMLR}}", "journal"),
    ("@misc{k, title={T}, howpublished={Tech report}}", "report"),
    ("@techreport{k, title={T}, institution={Lab}}", "report"),
    ("@phdthesis{k, title={T}, school={U}}", "thesis"),
    ("@misc{k, title={T}, category={journal}}", "journal"),
])
def test_categories(text: str, category: str) -> None:
    assert bib(text).publications[0].category == category


def test_newest_first_with_file_order_for_ties() -> None:
    pubs = bib("""
@misc{old, title={Old}, year=2020}
@misc{a, title={A}, year=2025}
@misc{b, title={B}, year=2025, month=mar}
@misc{c, title={C}, year=2025}
""").publications
    assert [p.key for p in pubs] == ["b", "a", "c", "old"]


def test_malformed_entry_names_file_line_and_key_and_keeps_reporting() -> None:
    text = """@misc{good, title={Good}, year=2024}

@article{broken,
  title = {Unclosed,
  year = 2025
}

@misc{also_good, title={Also good}, year=2023}
"""
    with pytest.raises(LantingError) as info:
        bib(text)
    [problem] = info.value.problems
    assert problem.path == BIB
    assert problem.line == 3
    assert "`broken`" in problem.message and "malformed" in problem.message


def test_duplicate_key_is_an_error_at_the_second_entry() -> None:
    with pytest.raises(LantingError) as info:
        bib("@misc{k, title={A}}\n@misc{k, title={B}}\n")
    [problem] = info.value.problems
    assert problem.line == 2 and "`k`" in problem.message


def test_entry_without_title_is_an_error() -> None:
    with pytest.raises(LantingError) as info:
        bib("\n@misc{notitle, year=2024}\n")
    [problem] = info.value.problems
    assert (problem.line, problem.path) == (2, BIB)
    assert "notitle" in problem.message


def test_bad_math_in_a_title_points_at_the_title_line() -> None:
    with pytest.raises(LantingError) as info:
        bib("@misc{m,\n  year = 2024,\n  title = {Bad $x^$ math},\n}\n")
    [problem] = info.value.problems
    assert problem.line == 3 and problem.message.startswith("math:")


def test_no_file_gives_an_empty_bibliography() -> None:
    assert parse_bibliography(None).publications == ()


# --- issue 34: odd entries are errors at their lines, odd text is kept readable -------------


def one_problem(text: str) -> Problem:
    with pytest.raises(LantingError) as info:
        bib(text)
    [problem] = info.value.problems
    assert problem.path == BIB and problem.hint
    return problem


@pytest.mark.parametrize("depth", [33, 400, 2000, 100_000])
@pytest.mark.parametrize("field", ["title", "author", "journal", "note"])
def test_braces_nested_400_deep_are_an_error_at_the_field_line(depth: int, field: str) -> None:
    deep = "{" * depth + "x" + "}" * depth
    problem = one_problem(f"@misc{{ok, title={{OK}}}}\n@article{{deep,\n  year = 2020,\n"
                          f"  title = {{T}},\n  {field} = {{{deep}}},\n}}\n".replace(
                              "  title = {T},\n  title", "  title"))
    assert problem.line == (4 if field == "title" else 5)
    assert problem.message == f"entry `deep`, field `{field}`: braces nest more than 32 deep"


def test_braces_nested_32_deep_are_still_read() -> None:
    [pub] = bib("@misc{k, title={" + "{" * 31 + "Deep" + "}" * 31 + "}}").publications
    assert pub.title == "Deep"


def test_entry_without_a_key_is_an_error_with_line_and_hint() -> None:
    problem = one_problem("@misc{ok, title={OK}}\n\n@article{,\n  title = {T},\n}\n")
    assert problem.line == 3 and problem.message == "this `@article` entry has no key"
    assert "@article{" in (problem.hint or "")


@pytest.mark.parametrize("value", ["{}", '""', "{ }", "{{}}"])
@pytest.mark.parametrize("field", ["journal", "note", "volume"])
def test_an_empty_field_is_left_out_with_a_warning_at_its_line(field: str, value: str) -> None:
    """IEEE's and publishers' exports write `volume = {}`, `number = {}`: an error made
    every such bib need editing by hand; the field is left out, with a warning."""
    library = bib(f"@misc{{ok, title={{OK}}}}\n@article{{e,\n  title = {{T}},\n  year = 2020,"
                  f"\n  {field} = {value},\n}}\n")
    [problem] = library.warnings
    assert (problem.line, problem.message) == (5, f"entry `e`, field `{field}` is empty: left out")
    assert problem.hint == "fill it in, or delete the line"
    assert next(p for p in library.publications if p.key == "e").badges == ()


def test_an_empty_title_is_still_an_error() -> None:
    problem = one_problem("@misc{ok, title={OK}}\n@article{e,\n  title = {},\n  year = 2020,\n}\n")
    assert problem.message == "entry `e` has no title"


def test_unknown_macro_is_shown_as_written_with_a_warning() -> None:
    library = bib("@misc{ok, title={OK}}\n@book{m,\n  year = 2020,\n"
                  "  title = {Price \\foo 5and the \\bar{x} $\\alpha$ rest},\n"
                  "  author = {Lin, Zhi \\baz{Yuan} and \\qux Wang, Xi},\n"
                  "  keywords = {\\notshown},\n}\n")
    pub = library.get("m")
    assert pub is not None and pub.title == "Price \\foo 5and the x̅ α rest"
    assert [a.name for a in pub.authors] == ["Zhi \\baz Yuan Lin", "Xi \\qux Wang"]
    assert [(w.line, w.severity, w.message) for w in library.warnings] == [
        (4, "warning", "entry `m`, field `title`: unknown macro `\\foo`, shown as written"),
        (5, "warning", "entry `m`, field `author`: unknown macro `\\baz`, shown as written"),
        (5, "warning", "entry `m`, field `author`: unknown macro `\\qux`, shown as written"),
    ]


def test_duplicate_keys_for_different_entries_name_both_lines_and_a_new_key() -> None:
    problem = one_problem("@misc{other, title={O}}\n\n@article{lin2026,\n  title = {A},\n}\n"
                          "@article{lin2026,\n  title = {B},\n}\n")
    assert problem.line == 6
    assert problem.message == ("duplicate key `lin2026`: the entries at lines 3 and 6 both "
                               "use it")
    assert "`lin2026b`" in (problem.hint or "")


def test_a_word_for_word_repeated_entry_is_a_warning_and_kept_once() -> None:
    library = bib("@article{k,\n  title = {A},\n}\n\n@article{k,\n  title = {A},\n}\n")
    assert [p.key for p in library.publications] == ["k"]
    [warning] = library.warnings
    assert (warning.line, warning.severity) == (5, "warning")
    assert "repeats the entry at line 1" in warning.message


@pytest.mark.parametrize("written", ["Methuen \\& Co Ltd", "Methuen & Co Ltd"])
def test_ampersand_in_publisher_and_journal_is_kept(written: str) -> None:
    library = bib(f"@book{{b, title={{Cats {written[8:10]} Dogs}}, publisher={{{written}}}}}\n"
                  f"@article{{j, title={{T}}, journal={{{written}}}}}\n")
    book, article = library.get("b"), library.get("j")
    assert book is not None and article is not None
    assert book.venue == article.venue == "Methuen & Co Ltd"
    assert book.title == "Cats & Dogs" and not library.warnings


def test_percent_sign_in_a_field_is_kept() -> None:
    [pub] = bib("@misc{p, title={50% faster, 20\\% smaller}, note={Top 1%}}").publications
    assert pub.title == "50% faster, 20% smaller" and pub.badges == ("Top 1%",)


def test_a_name_starting_with_a_macro_after_and_keeps_its_letters() -> None:
    authors, _ = parse_authors('Lin, Zhiyuan and \\"Ozg\\"ur, Ali and \\c{C}elik, Hans')
    assert [a.name for a in authors] == ["Zhiyuan Lin", "Ali Özgür", "Hans Çelik"]


def test_field_lines_of_later_entries_point_at_the_field() -> None:
    problem = one_problem("@misc{a, title={A}}\n\n\n@misc{b,\n  title = {B},\n"
                          "  pdf = {javascript:alert(1)},\n}\n")
    assert problem.line == 6 and "field `pdf`" in problem.message


def test_bibliography_warnings_reach_the_build(make_site, build_site) -> None:  # type: ignore[no-untyped-def]
    site = make_site({"content/publications.bib": "@misc{m,\n  title = {A \\foo},\n}\n"})
    result = build_site(site)
    assert [(w.path, w.line, w.message) for w in result.warnings] == [
        (site / "content/publications.bib", 2,
         "entry `m`, field `title`: unknown macro `\\foo`, shown as written")]


def test_every_entry_without_a_key_is_reported() -> None:
    with pytest.raises(LantingError) as info:
        bib("@article{,\n  title = {A},\n}\n@book{,\n  title = {B},\n}\n")
    assert [(p.line, p.message) for p in info.value.problems] == [
        (1, "this `@article` entry has no key"), (4, "this `@book` entry has no key")]


def test_two_keys_with_one_page_are_an_error_naming_both() -> None:
    """`doe:2020` and `doe/2020` both make publications/doe-2020/: the build failed with
    "claimed by 2 sources: a page Lanting generates, a page Lanting generates", no line;
    a key `..` tried to write outside the output folder."""
    with pytest.raises(LantingError) as caught:
        bib("@article{doe:2020, title={A}, journal={J}, year=2020}\n"
            "@article{doe/2020, title={B}, journal={J}, year=2020}\n")
    [problem] = caught.value.problems
    assert problem.line == 2 and "`doe:2020` (line 1)" in problem.message
    [odd] = bib("@article{.., title={A}, journal={J}, year=2020}\n").publications
    assert odd.slug == "entry"


def test_font_macros_are_plain_text() -> None:
    """`\\texttt{vLLM}` and `{\\em …}` in titles were shown as written, with warnings."""
    library = bib("@misc{a, title={Serving with \\texttt{vLLM}: {\\em Fast} and {\\bf Cheap}},"
                  " year=2024}\n")
    [pub] = library.publications
    assert pub.title == "Serving with vLLM: Fast and Cheap" and library.warnings == ()


def test_a_raised_box_is_its_text() -> None:
    """An astronomer's ADS title wrote "at z\\raisebox{-0.5ex}\\textasciitilde1": the
    unknown `\\raisebox` was shown as written, its length too, with a warning."""
    library = bib("@article{a, title={Gas at z\\raisebox{-0.5ex}\\textasciitilde1 and "
                  "\\raisebox{1pt}[2pt]{up}}, year=2024}\n")
    [pub] = library.publications
    assert pub.title == "Gas at z~1 and up" and library.warnings == ()


def test_csquotes_quotation_marks_are_quotes() -> None:
    """A lab's biblatex titles wrote "the \\enquote{divide-and-conquer} method": the
    unknown macro was shown as written, with a warning."""
    library = bib("@article{a, title={A \\enquote{divide-and-conquer} method with "
                  "\\enquote*{inner} and \\mkbibquote{quoted} parts}, year=2008}\n")
    [pub] = library.publications
    assert pub.title == "A “divide-and-conquer” method with ‘inner’ and “quoted” parts"
    assert library.warnings == ()


def test_a_link_in_an_abstract_is_its_text_and_address() -> None:
    """An arXiv abstract ending "code at \\href{https://github.com/x/inv}{github.com/x/inv}"
    failed the build: the LaTeX reader parsed `\\href` without its two arguments, and
    its converter asked for them ("list index out of range")."""
    library = bib("@misc{a, title={Inversion}, year=2023, abstract={Code at "
                  "\\href{https://github.com/x/inv}{github.com/x/inv}.}}\n")
    [pub] = library.publications
    assert pub.abstract == "Code at github.com/x/inv <https://github.com/x/inv>."
    assert library.warnings == ()


def test_crossref_fields_come_from_the_volume() -> None:
    """A paper with `crossref = {acl2020}` was undated with no venue, and the volume was
    listed as a publication of its own."""
    [pub] = bib("@inproceedings{p, title={A Paper}, author={Doe, Jane}, crossref={acl2020},"
                " pages={1--20}}\n@proceedings{acl2020, title={Proceedings of ACL 2020},"
                " publisher={ACL}, year={2020}}\n").publications
    assert (pub.key, pub.year, pub.venue) == ("p", 2020, "Proceedings of ACL 2020")


ZOTERO = r"""@article{zhang2024bbt,
  title = {Scaling Laws for Fine-Grained Mixture of Experts},
  author = {Zhang, San and Krajewski, Jakub},
  date = {2024-02-12},
  journaltitle = {Transactions on Machine Learning Research},
  location = {Online},
  file = {/Users/zhang/Zotero/storage/ABCD1234/Zhang - 2024.pdf},
  annote = {私人笔记：审稿意见很差},
  bdsk-url-1 = {https://example.org},
}
@article{scholar2022,
  title = {A Preprint},
  author = {Li, Si},
  journal = {arXiv preprint arXiv:2210.05678},
  year = {2022},
}
"""


def test_biblatex_fields_of_a_zotero_export_are_read() -> None:
    """Zotero's Better BibLaTeX writes `date` and `journaltitle`, not `year` and `journal`:
    the entry was filed under no year and showed no venue, and its citation read "n.d.".
    A reference manager's own fields (`file`, a path on the owner's disk; `annote`,
    private notes) were published in the BibTeX box."""
    zotero, scholar = bib(ZOTERO).publications
    assert (zotero.year, zotero.month) == (2024, 2)
    assert zotero.venue == "Transactions on Machine Learning Research"
    assert zotero.category == "journal"
    assert "date = {2024-02-12}" in zotero.bibtex  # as written
    for private in ("file", "annote", "bdsk-url-1"):
        assert f"{private} =" not in zotero.bibtex
    assert "Zotero" not in zotero.bibtex and "私人" not in zotero.bibtex
    # Google Scholar's arXiv entry: the number is in `journal`
    assert [(link.kind, link.url) for link in scholar.links] == [
        ("arxiv", "https://arxiv.org/abs/2210.05678")]
    assert scholar.category == "preprint"


def test_a_biblatex_date_gives_the_year_a_citation_shows() -> None:
    from citebits import references

    [ref] = references(ZOTERO.split("@article{scholar")[0]).values()
    assert ref.year == 2024
    assert ref.get("journal") == "Transactions on Machine Learning Research"


def test_markdown_fields_links_get_the_base_path_or_an_error() -> None:
    """`additional_info = {[Slides](/files/s.pdf)}` on a site served at /proj/ pointed
    outside it; `[the post](posts/a.md)` shipped as `href="lanting-link:0"` (the .bib
    file is read before the pages have URLs). The first gets the base path, the second
    is an error at its line saying to write the URL."""
    text = ("@misc{a2026,\n  title = {A},\n  year = {2026},\n"
            "  additional_info = {[Slides](/files/s.pdf)},\n}\n")
    source = Source(BIB, PurePosixPath("publications.bib"), Kind.BIBLIOGRAPHY, text)
    (pub,) = parse_bibliography(source, "", "/proj/").publications
    assert 'href="/proj/files/s.pdf"' in pub.additional_info_html
    with pytest.raises(LantingError) as info:
        bib(text.replace("/files/s.pdf", "posts/a.md"))
    (problem,) = info.value.problems
    assert problem.line == 4 and "a link to the file `posts/a.md`" in problem.message


def test_an_escaped_dollar_is_a_dollar_sign_beside_formulas() -> None:
    """`costs \\$5 and $x$ more`: the LaTeX reader drops the backslash, so `$5 and $`
    was read as a formula (its letters in MathML) and `x$ more` as text after it."""
    [pub] = bib("@misc{a, title={Cheap \\$1 models of $n$ layers}, year=2023, "
                "abstract={It costs \\$5 and $x$ more.}}\n").publications
    assert pub.abstract == "It costs $5 and x more."
    assert pub.abstract_html.startswith("It costs $5 and <math")
    assert pub.abstract_html.endswith("</math> more.")
    assert pub.title_html.startswith("Cheap $1 models of <math")
