"""Academic homepages, round 13: faults found on real lab-website-template, Type-on-Strap
and Hugo Blox sites (each fixture is written for the test, in the shape of those sites)."""
from __future__ import annotations

from pathlib import Path

import pytest
from importbits import NOW, jekyll_site, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site


def blox_import(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A Hugo Blox site of `files`, with a config and its admin author, imported."""
    source = tmp_path / "old"
    write_files(source, {"config/_default/hugo.yaml": "title: Tarn Lab\nlanguageCode: en-us\n",
                         "content/authors/admin/_index.md": "---\ntitle: Oda Tarn\n"
                                                           "superuser: true\n---\nBio.\n",
                         **files})
    return import_site(source, tmp_path / "new", "hugo-blox", False, NOW)


def test_a_widget_page_of_a_branch_is_one_page_of_its_widgets(tmp_path: Path) -> None:
    """`content/research/_index.md` says `type: widget_page`, its widgets the other
    files of the folder (as a leaf bundle's `index.md` does): each widget became a page
    (a draft, `headless`) of its own, one with a date a post, and the page was lost."""
    imported = blox_import(tmp_path, {
        "content/research/_index.md": "---\ntitle: Research\ntype: widget_page\n---\n",
        "content/research/aims.md": "---\nwidget: blank\nheadless: true\nweight: 10\n"
                                    "title: Aims\n---\nWe follow glaciers as they thin.\n",
        "content/research/funds.md": "+++\nwidget = \"blank\"\nheadless = true\n"
                                     "weight = 20\ntitle = \"Funding\"\n"
                                     "date = 2023-01-01\n+++\nA polar grant.\n",
        "content/post/a/index.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\nA.\n"})
    assert imported.report.warnings == []
    pages = sorted(p.name for p in (imported.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "a.md", "research.md"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = page(out, "/research/").one("main")
    assert [h.text().strip() for h in main.find_all("h2")] == ["Aims", "Funding"]
    assert "We follow glaciers" in main.text() and "A polar grant." in main.text()


BIBLIO = ("- key: tarn2021\n  title: Ice at the Margins\n  authors: Oda Tarn, Per Lund\n"
          "  year: 2021\n  link: https://example.org/ice\n"
          "- key: lund2019\n  title: Firn Density\n  authors: Per Lund\n")
POST = ("---\nlayout: post\ntitle: Thinning\n---\n\nGlaciers thin[^1], and firn "
        "packs[^2].\n\n[^1]: {% include citation.html key=\"tarn2021\" %}\n"
        "[^2]:\n    See: {% include citation.html key=\"lund2019\" %}\n")


@pytest.mark.parametrize("own", [
    "",  # (the theme's gem's include: the site has no copy)
    "{%- assign citation = site.data.biblio | where:\"key\", include.key | first -%}\n"
    "<span class=\"cit-authors\">{{ citation.authors }}</span>, <a href=\"{{ "
    "citation.link }}\"><em>{{ citation.title }}</em></a>{% if citation.year %} "
    "({{ citation.year }}){% endif %}\n"], ids=["theme", "site"])
def test_a_citation_include_prints_its_entry_of_the_data_file(tmp_path: Path,
                                                               own: str) -> None:
    """Type-on-Strap's `{% include citation.html key="…" %}` as a post's footnote prints
    the entry of `_data/biblio.yml` with that key: it was left in a comment with a
    warning, and the footnote was empty."""
    files = {"_config.yml": "title: Ice\nremote_theme: sylhare/Type-on-Strap\n",
             "_data/biblio.yml": BIBLIO, "_posts/2022-03-04-thinning.md": POST}
    imported = jekyll_site(tmp_path, {**files, **({"_includes/citation.html": own}
                                                  if own else {})})
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "posts" / "thinning.md").read_text(encoding="utf-8")
    if own:
        assert "[^1]: Oda Tarn, Per Lund, [*Ice at the Margins*](https://example.org/ice)" \
            in text
        assert "[^2]:\n    See: Per Lund, *Firn Density*\n" in text  # (no link, no year)
    else:
        assert "[^1]: Oda Tarn, Per Lund, Ice at the Margins\n" in text
        assert "See: Per Lund, Firn Density\n" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
