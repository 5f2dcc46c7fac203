"""A Zettlr workspace of reading notes (in the shape Zettlr users publish: a
`.ztr-directory` in each folder, notes named and linked by 14-digit IDs, the ID also in
their front matter, `keywords` for tags, Pandoc's `[@key, p. 3]` citations of the
`library.bib` kept beside them). The links by ID were kept as written, and the citations
raw, without a word."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

# (made up, in Zettlr's shape)
_FILES = {
    ".ztr-directory": '{"sorting": "name-up"}\n',
    "library.bib": """@article{vaswani2017,
  title = {Attention Is All You Need},
  author = {Vaswani, Ashish and Shazeer, Noam},
  journal = {NeurIPS},
  year = {2017}
}
""",
    "20210305120000 Attention.md": """---
id: 20210305120000
keywords: [paper, attention]
---

# Attention

Self-attention [@vaswani2017, p. 3] replaced recurrence. Unread: [@nokey2020].

See [[20210306090000]] Positional encoding, and [[@smith2020]] is no citation.
""",
    "20210306090000 Positional encoding.md": """# Positional encoding

Sinusoids $\\sin(pos/10000^{2i/d})$; back to [[20210305120000]].
""",
}


def test_zettlr_ids_keywords_and_citations_are_read(tmp_path: Path) -> None:
    write_files(tmp_path / "old", _FILES)
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    report = report_of(imported)
    assert "20210305120000 Attention.md:8: warning: a citation of `nokey2020`, a key no " \
        "`.bib` file of the notes has" in report
    assert "front matter Lanting has no place for" not in report  # (`id`, `keywords`)
    # (a link to a paper's note not written, kept as its text: no citation escaped)
    assert "`[[@smith2020]]` names a note not written yet" in report
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new/public"
    note = page(out, "/20210305120000-attention/")
    prose = note.one("div", class_="prose")
    links = {a.text(): a["href"] for a in prose.find_all("a") if not a.get("data-cite")}
    assert links["20210306090000"] == "/20210306090000-positional-encoding/"
    assert [a.text() for a in prose.find_all("a", attrs={"data-cite": "vaswani2017"})] == [
        "Vaswani and Shazeer, 2017, p. 3"]
    assert prose.one("li", id="ref-vaswani2017")
    assert "[@nokey2020]" in prose.text()
    front = (tmp_path / "new/content/pages/20210305120000-attention.md").read_text()
    assert "\ntags: [paper, attention]\n" in front
    back = page(out, "/20210306090000-positional-encoding/").one("div", class_="prose")
    assert back.one("a")["href"] == "/20210305120000-attention/"
