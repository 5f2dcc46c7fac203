"""publications.bib: decoding, names, marks, math, links, and malformed entries."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from lanting.content.bibliography import parse_authors, parse_bibliography
from lanting.errors import LantingError
from lanting.model.content import Kind, Source

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
    assert pub.title == r"HiChunk: Evaluating RAG with \epsilon-Hierarchical Chunking"
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
