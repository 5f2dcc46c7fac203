"""An Obsidian vault of literature notes made by Zotero Integration: callouts of the
paper's metadata, a link to its PDF in Zotero's storage on the writer's disk, and each
annotation's link back into Zotero (`zotero://open-pdf/…`). Links only the writer's
computer could open are their text now, the disk's with a warning at its line (both
were kept as links, dead for every reader, and no check caught them)."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

# (made up, in the shape of Zotero Integration's literature-note template)
_NOTE = """---
category: literaturenote
citekey: liTinyModels2022
status: read
---
# Notes

Small models generalise when $n \\gg d$, unlike [[wang2021|Wang]].

> [!Cite]
> Li, A. (2022). _Tiny models_. arXiv.

> [!LINK]
> [Preprint PDF](file:///Users/ana/Zotero/storage/AB12CD34/Li%20-%202022%20-%20Tiny.pdf)

> [!Abstract]
> We study tiny models.

# Annotations
%% begin annotations %%

<mark style="background-color: #ffd400">Quote</mark>
> Tiny models are enough ([p. 3](zotero://open-pdf/library/items/AB12CD34?page=3))

%% end annotations %%
"""


def test_links_into_the_writers_zotero_are_their_text(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {"Literature/li2022.md": _NOTE,
                                   "Literature/wang2021.md": "# Wang 2021\n\nA note.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    report = report_of(imported)
    assert "Literature/li2022.md:14: warning: a link to `file:///Users/ana/Zotero/storage/" \
        "AB12CD34/Li%20-%202022%20-%20Tiny.pdf`, a file on the writer's own disk" in report
    assert "links into the writer's Zotero library (`zotero://open-pdf/…`, which only " \
        "their computer opens) as their text ×1" in report
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = page(tmp_path / "new/public", "/li2022/").one("main")
    links = {a.text(): a.get("href") for a in main.find_all("a")}
    assert "Preprint PDF" not in links and "p. 3" not in links
    assert links["Wang"] == "/wang2021/"
    assert "Preprint PDF" in main.text() and "Tiny models are enough (p. 3)" in main.text()
