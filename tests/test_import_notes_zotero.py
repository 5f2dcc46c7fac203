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


def test_the_vaults_templates_and_plugin_tables_of_contents_are_left_out(
        tmp_path: Path) -> None:
    """`templates.json` names `templates`, which Obsidian found as `Templates/` on a
    Mac's disk; Zotero Integration's literature-note template and Templater's folder
    template live elsewhere: all three were pages of Nunjucks, warned of at build. They
    are left out with a notice now. Automatic Table of Contents' ```` ```table-of-contents
    ```` block was its settings shown as code (an unknown language, a build warning):
    left out, the page shows its own."""
    template = "---\ncitekey: {{citekey}}\n---\n{% if abstractNote %}{{abstractNote}}{% endif %}\n"
    write_files(tmp_path / "old", {
        ".obsidian/app.json": "{}", ".obsidian/templates.json": '{"folder": "templates"}',
        ".obsidian/plugins/obsidian-zotero-desktop-connector/data.json":
            '{"exportFormats": [{"name": "Lit", "templatePath": "Zotero/lit-template.md"}]}',
        ".obsidian/plugins/templater-obsidian/data.json":
            '{"folder_templates": [{"folder": "Projects", "template": "Forms/project"}]}',
        "Templates/Daily.md": template, "Zotero/lit-template.md": template,
        "Forms/project.md": template,
        "Literature/li2022.md": "# Li 2022\n\n```table-of-contents\nstyle: nestedList\n"
                                "maxLevel: 0\n```\n\n## Summary\n\nTiny models.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    report = report_of(imported)
    for left in ("Templates/Daily.md", "Zotero/lit-template.md", "Forms/project.md"):
        assert f"{left}: notice: left out: it is in the vault's templates folder" in report
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "new/public"
    assert not any(p.name == "index.html" and "template" in p.parent.name
                   for p in out.rglob("*")) and not (out / "daily").exists()
    main = page(out, "/li2022/").one("main")
    assert main.find_all("pre") == [] and "nestedList" not in main.text()
    assert main.one("h2").text() == "Summary"
