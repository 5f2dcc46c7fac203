"""A folder of paper-reading notes kept with org-roam v1 and org-roam-bibtex: `#+roam_tags:`
and `#+roam_alias:` keywords, a `README.org` in each folder (as GitHub shows it), `'\\n'` in
prose, `#+begin_theorem` blocks; the report names the `.org` file's own lines."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from importbits import NOW, page, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site, markups

pytestmark = pytest.mark.skipif(
    markups.pandoc_path() is None and os.environ.get("CI") != "true",
    reason="no Pandoc: install the `org` extra (pypandoc-binary)")

# (made up, as org-roam v1 and org-roam-bibtex's templates write reading notes)
_NOTES = {
    "README.org": "#+title: Reading notes\n\nStart at [[file:papers/README.org][the papers]]"
                  " or [[file:ideas.org][ideas]].\n",
    "papers/README.org": "#+title: Papers read\n\n- [[file:bahdanau2015.org][Alignment]]\n",
    "papers/bahdanau2015.org": """#+title: Neural machine translation by jointly learning to align
#+roam_key: cite:bahdanau2015
#+roam_tags: paper "sequence models"
#+roam_alias: "Attention paper" NMT

The tokenizer splits a corpus at '\\n', then at "\\t" in each line.

#+begin_theorem Alignment
A soft alignment of width $d$ is differentiable.
#+end_theorem

#+begin_proof
It is a softmax.
#+end_proof

#+begin_defn
A context vector is a weighted sum.
#+end_defn
""",
    "ideas.org": "#+title: Ideas\n\nBack to [[file:papers/README.org][the list]].\n",
}


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[str, Path]:
    write_files(tmp_path / "old", files)
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    return report_of(imported), tmp_path / "new/public"


def test_a_backslash_escape_in_org_prose_is_text(tmp_path: Path) -> None:
    """`'\\n'` in prose (Pandoc reads a raw LaTeX command): Org's HTML showed it as
    written; it was `$\\n$`, a formula, and the build failed (`Unknown command`)."""
    _report, out = _imported(tmp_path, _NOTES)
    text = page(out, "/bahdanau2015/").one("main").text()
    assert "splits a corpus at '\\n', then at \"\\t\" in each line." in text
    org = "#+title: T\n\nA \\vec p, \\LaTeX, \\mathbb{R} and \\begin{equation}x\\end{equation}\n"
    converted = markups.as_markdown(tmp_path / "t.org", org).text
    assert "A \\\\vec p, LaTeX, ℝ and" in converted and "$$\\begin{equation}" in converted


def test_org_roam_v1_keywords_are_tags_and_aliases(tmp_path: Path) -> None:
    """`#+roam_tags: paper "sequence models"` are the note's tags (they were left out,
    with a notice); `#+roam_alias:` its aliases, names to find it by (no URLs)."""
    report, _out = _imported(tmp_path, _NOTES)
    assert "`roam_tags`" not in report and "`roam_alias`" not in report
    head = (tmp_path / "new/content/pages/bahdanau2015.md").read_text(encoding="utf-8")
    assert "\ntags: [paper, sequence models]\n" in head
    front = markups.org_front_matter("#+roam_tags: a \"b c\"\n#+roam_alias: \"X y\" z\n"
                                     "#+filetags: :ml:\n", roam=True)
    assert front == {"tags": ["ml", "a", "b c"], "aliases": ["X y", "z"]}
    # (a Hugo site's Org page: its own keys, as Hugo read them)
    assert markups.org_front_matter("#+roam_tags: a b\n") == {"roam_tags": "a b"}


def test_theorem_blocks_are_numbered_callouts(tmp_path: Path) -> None:
    """`#+begin_theorem Alignment`, `#+begin_proof`, `#+begin_defn`: Lanting's theorem
    callouts ("Theorem 1 (Alignment)"), its proof, its definition (they were plain
    `::: theorem` blocks, unstyled, a build warning each)."""
    _report, out = _imported(tmp_path, _NOTES)
    main = page(out, "/bahdanau2015/").one("main")
    titles = [p.text() for p in main.find_all("p", class_="callout-title")]
    assert titles == ["Theorem 1 (Alignment)", "Definition 1"]
    proof = main.one("div", class_="proof")
    assert proof.one(class_="proof-title").text().startswith("Proof")
    assert "It is a softmax." in proof.text()


def test_a_folders_readme_org_is_its_page(tmp_path: Path) -> None:
    """A folder's `README.org` is its page, the top one the home page, as a
    `README.md` is (they were pages of their own, `/readme/`, `/papers-readme/`);
    `[[file:papers/README.org]]` leads to the folder's page."""
    _report, out = _imported(tmp_path, _NOTES)
    assert not (out / "readme").exists() and not (out / "papers-readme").exists()
    home = page(out, "/")
    assert {a.text(): a.get("href") for a in home.one("main").find_all("a")}[
        "the papers"] == "/papers/"
    papers = page(out, "/papers/")
    assert papers.one("h1").text() == "Papers read"
    assert {a.text(): a.get("href") for a in papers.one("main").find_all("a")}[
        "Alignment"] == "/bahdanau2015/"
    assert {a.text(): a.get("href") for a in page(out, "/ideas/").one("main").find_all("a")}[
        "the list"] == "/papers/"


def test_the_report_names_the_org_files_lines(tmp_path: Path) -> None:
    """A warning of an Org note is at its line in the `.org` file (it was at the line
    of the Markdown Pandoc made of it, a file the user never saw)."""
    note = (":PROPERTIES:\n:ID: 11111111-0000-4000-8000-000000000001\n:END:\n"
            "#+title: Lines\n#+filetags: :test:\n\n* First\n:PROPERTIES:\n"
            ":ID: 11111111-0000-4000-8000-000000000002\n:END:\nSome text.\n\n* Second\n"
            "A dead [[id:ffff0000-0000-4000-8000-00000000dead][link]] here.\n\n"
            "And [[file:missing.org][a missing note]].\n")
    write_files(tmp_path / "old", {"lines.org": note})
    report = report_of(import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW))
    assert "lines.org:14: warning: a link to `id:ffff0000-0000-4000-8000-00000000dead`" \
        in report
    assert "lines.org:16: warning: a link to `./missing.org`, which leads nowhere" in report


def test_org_citations_cite_from_the_folders_bib(tmp_path: Path) -> None:
    """org-cite's `[cite:@key]` and org-ref's `cite:key` were shown as written,
    `[@bahdanau2015]`, with no warning; the folder's `.bib` files (two copies of one
    library, as org-roam-bibtex setups keep) are the site's `references.bib` now, each
    citation drawn and listed; a key no `.bib` has is text, warned of at each of its
    lines; a decorator in code and an address are no citations."""
    bib = ("@inproceedings{bahdanau2015,\n  title = {Neural Machine Translation},\n"
           "  author = {Bahdanau, Dzmitry and Cho, Kyunghyun},\n"
           "  booktitle = {ICLR},\n  year = {2015}\n}\n")
    report, out = _imported(tmp_path, {
        **_NOTES, "biblio.bib": bib, "papers/biblio.bib": bib,
        "ideas.org": "#+title: Ideas @ ICLR\n\nAs in [cite:@bahdanau2015], and cite:nokey2020."
                     "\nSee [[https://x.org/@me][me]].\n\n#+begin_src python\n@cache\n"
                     "def f(): pass\n#+end_src\n\n- [cite:@bahdanau2015] :: read twice\n"
                     "- [cite:@nokey2020] :: not yet\n- [cite:bahdanau2015] :: org-ref\n"})
    assert "ideas.org:3: warning: a citation of `nokey2020`, a key no `.bib` file of the " \
        "notes has: shown as text" in report
    assert "ideas.org:12: warning: a citation of `nokey2020`" in report
    assert report.count("a citation of") == 2
    main = page(out, "/ideas/").one("main")
    assert "As in (Bahdanau and Cho, 2015" in main.text() and "@nokey2020." in main.text()
    # (org-ref's `[cite:key]`, `\[@key\]` as Pandoc wrote it: a citation, no formula)
    terms = [dt.text() for dt in main.find_all("dt")]
    assert terms[0].startswith("(Bahdanau and Cho, 2015") and terms[1] == "[@nokey2020]"
    assert terms[2].startswith("(Bahdanau and Cho, 2015")
    assert "@cache" in main.one("pre").text()
    assert [a.get("href") for a in main.find_all("a") if a.text() == "me"] \
        == ["https://x.org/@me"]
    references = (tmp_path / "new/content/references.bib").read_text(encoding="utf-8")
    assert references.count("@inproceedings{bahdanau2015,") == 1


def test_a_reading_notes_own_paper_is_listed_under_it(tmp_path: Path) -> None:
    """`#+roam_key: cite:key` (org-roam v1) and `:ROAM_REFS: [cite:@key]` (v2) name the
    paper a reading note is about: its entry is listed under the note (`roam_key` was
    front matter left out with a notice, `:ROAM_REFS:` dropped without a word); a key no
    `.bib` has is a warning. A web page's reference, no key, is left as it was."""
    bib = ("@inproceedings{bahdanau2015,\n  title = {Neural Machine Translation},\n"
           "  author = {Bahdanau, Dzmitry and Cho, Kyunghyun},\n"
           "  booktitle = {ICLR},\n  year = {2015}\n}\n")
    v2 = (":PROPERTIES:\n:ID: 22222222-0000-4000-8000-000000000001\n"
          ":ROAM_REFS: [cite:@bahdanau2015]\n:END:\n#+title: Alignment, again\n\nShort.\n")
    report, out = _imported(tmp_path, {**_NOTES, "biblio.bib": bib, "again.org": v2,
                                       "web.org": "#+title: Web\n#+roam_key: https://x.org\n"
                                                  "\nA page.\n",
                                       "gone.org": "#+title: Gone\n#+roam_key: cite:gone2019\n"
                                                   "\nAs [cite:@gone2019] showed.\n"})
    assert "bahdanau2015.org:2: notice" not in report and "web.org:2: notice" in report
    assert "gone.org:2: warning: the paper the note is about, `gone2019`, is in no `.bib` " \
        "file of the notes: not listed under it" in report
    assert "gone.org:4: warning: a citation of `gone2019`" in report
    for url in ("/bahdanau2015/", "/again/"):
        main = page(out, url).one("main")
        assert "Bahdanau, D. and Cho, K. (2015). Neural Machine Translation." in main.text()
    assert "Bahdanau" not in page(out, "/web/").one("main").text()
