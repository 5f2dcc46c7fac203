"""An org-roam folder: `.org` notes with `:ID:` drawers, `#+title:`, `#+filetags:`,
links by id and by file. They are notes now (they were copied to `static/` as they
are), converted with Pandoc; without one, each is a warning saying how to read it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from importbits import NOW, page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import detect, import_site, markups

_NEEDS = pytest.mark.skipif(markups.pandoc_path() is None and os.environ.get("CI") != "true",
                            reason="no Pandoc: install the `org` extra (pypandoc-binary)")

# (made up, as org-roam v2 writes notes: a file-level drawer, then the keywords)
_ROAM = {
    "20240101120000-vectors.org": """:PROPERTIES:
:ID:       aaaa0000-0000-4000-8000-000000000001
:ROAM_ALIASES: "Vector spaces"
:END:
#+title: Vectors
#+filetags: :math:linalg:

A vector space, see [[id:aaaa0000-0000-4000-8000-000000000002][linear maps]] and
[[id:aaaa0000-0000-4000-8000-000000000003]], the kernel's section.
Also [[file:20240102-maps.org][the maps note, by file]] and
[[id:ffff0000-0000-4000-8000-00000000dead][a deleted note]].

* Basis
:REFERENCES:
Axler, chapter 2.
:END:
A basis spans $V$，且线性无关。
""",
    "20240102-maps.org": """:PROPERTIES:
:ID: aaaa0000-0000-4000-8000-000000000002
:END:
#+title: Linear maps

* Kernel
:PROPERTIES:
:ID:       aaaa0000-0000-4000-8000-000000000003
:END:
The kernel of $T$.

\\begin{algorithm}
\\begin{algorithmic}
\\State $x \\gets 0$
\\end{algorithmic}
\\end{algorithm}

Back to [[id:aaaa0000-0000-4000-8000-000000000001][vectors]].
""",
}


@_NEEDS
def test_org_roam_notes_are_read_and_their_id_links_lead_to_them(tmp_path: Path) -> None:
    """Each `.org` note is a page titled by `#+title:`, tagged by `#+filetags:`; an
    `id:` link leads to the note whose drawer gives the id (a heading's to the heading),
    one without a description shows the heading's text; `file:` links lead to the note;
    an id no drawer gives is a warning, its text kept; a drawer's text is text."""
    write_files(tmp_path / "old", _ROAM)
    assert detect(tmp_path / "old") == "notes"
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    report = report_of(imported)
    assert "Org file(s) copied" not in report
    assert "a link to `id:ffff0000-0000-4000-8000-00000000dead`, an id no note's " \
        "`:PROPERTIES:` drawer gives" in report
    assert not list((tmp_path / "new/static").rglob("*.org"))
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new/public"
    vectors = page(out, "/20240101120000-vectors/")
    assert vectors.one("h1").text() == "Vectors"
    links = {a.text(): a.get("href") for a in vectors.find_all("a")}
    assert links["linear maps"] == "/20240102-maps/"
    assert links["Kernel"] == "/20240102-maps/#aaaa0000-0000-4000-8000-000000000003"
    assert links["the maps note, by file"] == "/20240102-maps/"
    assert "a deleted note" not in links
    text = vectors.text()
    assert "Axler, chapter 2." in text and "REFERENCES" not in text
    head = (tmp_path / "new/content/pages/20240101120000-vectors.md").read_text("utf-8")
    assert "\ntags: [math, linalg]\n" in head
    maps = page(out, "/20240102-maps/")
    assert maps.one("h2").get("id") == "aaaa0000-0000-4000-8000-000000000003"
    assert {a.text(): a.get("href") for a in maps.find_all("a")}["vectors"] \
        == "/20240101120000-vectors/"


def test_latex_environments_keep_their_dollars() -> None:
    """Inside `\\begin{algorithm}` (raw LaTeX to Org) `$x$` stays: Lanting draws an
    algorithm's `\\State $x$` from it (as `\\(x\\)` its commands were unknown text)."""
    org = "A $x$，B.\n\\begin{algorithm}\n\\State $y$\n\\end{algorithm}\n"
    assert markups.dollars_as_parens(org) == \
        "A \\(x\\)，B.\n\\begin{algorithm}\n\\State $y$\n\\end{algorithm}\n"


def test_without_pandoc_each_org_note_is_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Pandoc: each `.org` note is copied as it is, a warning at each saying how to
    read it; the Markdown notes are imported."""
    monkeypatch.setattr(markups, "pandoc_path", lambda: None)
    write_files(tmp_path / "old", {**_ROAM, "index.md": "# Notes\n\nText.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    warned = sorted(e.path for e in imported.report.entries
                    if markups.NEEDS_PANDOC in e.message)
    assert warned == ["20240101120000-vectors.org", "20240102-maps.org"]


@_NEEDS
def test_a_note_pandoc_cannot_read_is_copied_with_a_warning(tmp_path: Path) -> None:
    """`a <\\=\\> b` stops Pandoc's Org reader: that note is copied as it is, with a
    warning saying so (it was a page with no text), the others read."""
    write_files(tmp_path / "old", {**_ROAM, "broken.org": "#+title: B\n\na <\\=\\> b\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    assert "broken.org: warning: an Org note, copied as it is: Pandoc could not read " \
        "it" in report_of(imported)
    assert (tmp_path / "new/static/broken.org").is_file()
    assert not (tmp_path / "new/content/pages/broken.md").exists()


@_NEEDS
def test_an_image_of_the_home_folder_is_found_in_the_notes(tmp_path: Path) -> None:
    """`[[~/org/media/a.png]]`, an image Org showed from the writer's home folder: the
    notes' `media/a.png` (Pandoc read it as a link to a heading, `#~/org/…`, a warning)."""
    write_files(tmp_path / "old", {
        "net.org": "#+title: Net\n\n[[~/org/media/csma.png]]\n\n"
                   "[[~/org/media/spec.pdf][the spec]]\n",
        "media/csma.png": png(4, 4), "media/spec.pdf": b"%PDF-1.4\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    assert ": warning:" not in report_of(imported)
    body = (tmp_path / "new/content/pages/net.md").read_text(encoding="utf-8")
    assert "![](/media/csma.png)" in body and "[the spec](/media/spec.pdf)" in body


@_NEEDS
def test_latex_layout_commands_are_left_out(tmp_path: Path) -> None:
    """`\\pagebreak`, `\\vspace{1em}`, `\\hfill`: the printed page's, which Org's HTML
    export left as text; made formulas, the build failed at each (`Unknown command`).
    A formula's own commands stay."""
    note = "#+title: P\n\nA.\n\\pagebreak\n\n\\vspace{1em}\n\nB \\hfill C, \\alpha.\n\n" \
           "$\\newpage$\n"
    text = markups.as_markdown(tmp_path / "p.org", note).text
    assert "pagebreak" not in text and "vspace" not in text and "hfill" not in text
    assert "A.\n\nB C, α.\n" in text and "newpage" not in text


@_NEEDS
def test_an_emacs_lisp_block_keeps_its_language(tmp_path: Path) -> None:
    """`#+begin_src emacs-lisp`: Pandoc named it `commonlisp`, which Pygments lacks (the
    build warned of an unknown language at each); the language Org wrote stays."""
    note = "#+title: E\n\n#+begin_src emacs-lisp\n(setq a 1)\n#+end_src\n\n" \
           "#+begin_src lisp :results output\n(car x)\n#+end_src\n"
    text = markups.as_markdown(tmp_path / "e.org", note).text
    assert "``` emacs-lisp\n(setq a 1)\n```" in text and "``` lisp\n(car x)\n```" in text


def test_filetags_split_at_spaces_as_at_colons() -> None:
    """`#+filetags: author compsci` (org-roam notes write it so too): two tags, as Org
    splits the value at spaces, then at colons (it was one tag, `author compsci`)."""
    assert markups.org_front_matter("#+filetags: author compsci\n")["tags"] == \
        ["author", "compsci"]
    assert markups.org_front_matter("#+filetags: :ml:rl: :x:\n")["tags"] == ["ml", "rl", "x"]
