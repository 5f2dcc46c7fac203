"""A folder of notes (and a Quartz garden) linking to files it does not hold: an
exported `.html`, a PDF left out of the repository. The import says so; the build
did, failing, at the first of them."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_link_to_a_missing_file_is_an_import_warning(tmp_path: Path) -> None:
    """`[x](old.html)`, `[x](/slides/w1.pdf)`: no file of the notes there. The link's
    text stays, without the link, with a warning at its line; a link to a file the
    notes have, and to a note by its `.html` name, lead where they did; `/sitemap.xml`,
    which Lanting makes, is left as written."""
    write_files(tmp_path / "old", {
        "index.md": "# Course notes\n\nStart with [week 1](weeks/w1.md).\n",
        "weeks/w1.md": "# Week 1\n\n"
                       "- [the exported page](w1-export.html)\n"
                       "- [the slides](/slides/w1.pdf)\n"
                       "- [the handout](handout.pdf) and [week 2](w2.html)\n"
                       "- [every page](/sitemap.xml)\n",
        "weeks/w2.md": "# Week 2\n\nMore.\n",
        "weeks/handout.pdf": b"%PDF-1.4\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line]
    assert warnings == [
        "weeks/w1.md:3: warning: a link to `w1-export.html`, which leads nowhere (no note "
        "or file of that name in the folder of notes): its text kept",
        "weeks/w1.md:4: warning: a link to `/slides/w1.pdf`, which leads nowhere (no note "
        "or file of that name in the folder of notes): its text kept"]
    body = next((tmp_path / "new/content").rglob("w1.md")).read_text(encoding="utf-8")
    assert "- the exported page\n- the slides\n" in body
    assert "[every page](/sitemap.xml)" in body
    assert "handout.pdf)" in body and "[week 2](" in body
    build(tmp_path / "new", BuildOptions())  # (no broken link left: it builds)


def test_an_image_on_the_writers_disk_the_notes_lack_is_its_alt_text(
        tmp_path: Path) -> None:
    """Typora, unset to copy pasted images beside the note, wrote
    `C:\\Users\\me\\AppData\\Roaming\\Typora\\typora-user-images\\x.png`: a file no reader
    had. Not in the notes, it is its alt text, with a warning (the build failed at it);
    one the notes have (the end of its path) is found, as before."""
    write_files(tmp_path / "old", {
        "index.md": "# Notes\n\nSee [the script](gba/npc.md).\n",
        "gba/npc.md": "# An NPC\n\n"
                      "![battle](C:\\Users\\me\\AppData\\Roaming\\Typora\\typora-user-images"
                      "\\image-1.png)\n\n"
                      "![map](/Users/me/Pictures/map.png)\n\n"
                      "![kept](C:\\Users\\me\\notes\\gba\\pics\\kept.png)\n",
        "gba/pics/kept.png": png(4, 4),
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line]
    assert warnings == [
        "gba/npc.md:3: warning: image `C:\\Users\\me\\AppData\\Roaming\\Typora\\"
        "typora-user-images\\image-1.png` is a file on the writer's own disk, not in the "
        "folder of notes (no reader saw it): its alt text kept",
        "gba/npc.md:5: warning: image `/Users/me/Pictures/map.png` is a file on the "
        "writer's own disk, not in the folder of notes (no reader saw it): its alt text "
        "kept"]
    body = next((tmp_path / "new/content").rglob("npc.md")).read_text(encoding="utf-8")
    assert "\nbattle\n" in body and "\nmap\n" in body
    assert "kept.png)" in body and "C:\\" not in body
    build(tmp_path / "new", BuildOptions())  # (no image off the site left: it builds)


def test_a_resized_image_on_the_writers_disk_is_its_alt_text(tmp_path: Path) -> None:
    """Typora writes an image it resized as HTML, `<img src="C:\\…" style="zoom:50%;">`:
    of a file the notes lack, it was kept as written (the import said its alt text was
    kept) and failed the build. It is its alt text now, told once; one the notes have is
    found, as before."""
    write_files(tmp_path / "old", {
        "index.md": "# Notes\n\n[Lec 5](lec05.md)\n",
        "lec05.md": "# Lec 5\n\nText.\n\n"
        '<img src="C:\\Users\\me\\AppData\\Roaming\\Typora\\typora-user-images\\image-5.png" '
        'alt="image-5" style="zoom:50%;" />\n\n'
        '<img src="C:\\Users\\me\\notes\\pics\\kept.png" alt="kept" style="zoom:50%;" />\n',
        "pics/kept.png": png(4, 4)})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line]
    assert warnings == [
        "lec05.md:5: warning: image `C:\\Users\\me\\AppData\\Roaming\\Typora\\"
        "typora-user-images\\image-5.png` is a file on the writer's own disk, not in the "
        "folder of notes (no reader saw it): its alt text kept"]
    body = next((tmp_path / "new/content").rglob("lec05.md")).read_text(encoding="utf-8")
    assert "\nimage-5\n" in body and "C:\\" not in body and "kept.png" in body
    build(tmp_path / "new", BuildOptions())  # (no image off the site left: it builds)


def test_a_file_url_with_spaces_is_on_the_writers_disk(tmp_path: Path) -> None:
    """A Logseq graph's papers, `![A survey.pdf](file://zotero_link/Physics/2019_Lee_A
    survey.pdf)` (Zotero's linked attachments, which Logseq opened from the writer's
    disk), and Typora's `![](C:\\Users\\me\\Pictures\\shot 1.png)`: a path with spaces
    (Markdown reads no image there) to a file no reader had. Both were left as written,
    shown as text with two build warnings each; they are their alt text now, with a
    warning each, as such a path without spaces was."""
    write_files(tmp_path / "old", {
        "logseq/config.edn": "{:meta/version 1}\n",
        "pages/Survey.md": "- ![A survey.pdf](file://zotero_link/Physics/2019_Lee_A survey.pdf)\n"
                           "  - Read it twice.\n"
                           "- ![shot](C:\\Users\\me\\Pictures\\shot 1.png)\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line]
    assert [w.split(": warning: ")[0] for w in warnings] == ["pages/Survey.md:1",
                                                             "pages/Survey.md:3"]
    assert all("is a file on the writer's own disk" in w for w in warnings)
    body = next((tmp_path / "new/content").rglob("survey.md")).read_text(encoding="utf-8")
    assert "- A survey.pdf\n" in body and "- shot\n" in body and "file:" not in body
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_an_apostrophe_in_a_spaced_image_path_is_the_paths(tmp_path: Path) -> None:
    """`![x.pdf](file://zotero_link/Floquet/The Engineer's Handbook.pdf)` and Typora's
    `![](Newton's law 1.png)`: a path with spaces and an apostrophe in a word, which a
    quote of a title's never is. It was left as written, shown as text; the one on the
    writer's disk is its alt text now, and the one beside the note an image."""
    write_files(tmp_path / "old", {
        "notes/Floquet.md": ("# Floquet\n\n"
                             "![Handbook.pdf](file://zotero_link/Floquet/The Engineer's "
                             "Handbook.pdf)\n\n![law](Newton's law 1.png)\n"),
        "notes/Newton's law 1.png": png(4, 4),
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    warnings = [line for line in report_of(imported).splitlines() if ": warning:" in line]
    assert len(warnings) == 1 and "Handbook.pdf` is a file on the writer's own disk" \
        in warnings[0]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
