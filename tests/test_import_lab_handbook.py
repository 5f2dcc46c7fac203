"""A lab's handbook of Jekyll pages (`handbook/meetings.md`, published at
`/handbook/meetings.html`) linking to each other without the `.html`, as a real lab
site's pages do, in a small site written here."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_links_to_pages_without_their_html(tmp_path: Path) -> None:
    """GitHub Pages (and Jekyll's own server) answers `/handbook/meetings` with
    `/handbook/meetings.html`, so the handbook linked its pages so; the links were
    left as written, to no page of the new site, and each failed the build. Each is a
    link to the page; a folder's page (`/handbook/`) and a file keep theirs."""
    source = tmp_path / "old"
    write_files(source, {
        "_config.yml": "title: Lichen Lab\nlang: en\n", "Gemfile": 'gem "jekyll"\n',
        "handbook/index.md": "---\ntitle: Handbook\n---\n\n- [Meetings](/handbook/meetings)\n"
        "- [Travel](/handbook/travel.html)\n- [Form](/files/form.pdf)\n",
        "handbook/meetings.md": "---\ntitle: Meetings\n---\n\nBack to the "
        "[handbook](/handbook/). We meet weekly.\n",
        "handbook/travel.md": "---\ntitle: Travel\n---\n\nSee [meetings](/handbook/meetings).\n",
        "files/form.pdf": "%PDF-1.4\n"})
    import_site(source, tmp_path / "new", None, False, NOW)
    pages = tmp_path / "new" / "content" / "pages"
    assert "[Meetings](meetings.md)" in (pages / "handbook.md").read_text(encoding="utf-8")
    assert "[meetings](meetings.md)" in (pages / "travel.md").read_text(encoding="utf-8")
    result = build(tmp_path / "new", BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    assert page(result.output, "/travel/").find("a", href="/meetings/") is not None
