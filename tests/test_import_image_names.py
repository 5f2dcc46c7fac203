"""Images of pages without a bundle, put in `static/images/imported/`: two files of one
name (each page bundle's `photo.png`, each research group member's `avatar.jpg`) in a
small Hugo site written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import png
from test_import_hugo_sites import imported_site

from lanting.build import build
from lanting.build.options import BuildOptions


def test_two_images_of_one_name_keep_their_own_files(tmp_path: Path) -> None:
    """Two page bundles each with its own `photo.png`: a Lanting page has no bundle, so
    both went to /images/imported/photo.png, one file copied over the other, and both
    pages showed the same picture. The second is `photo-2.png`; a name differing only
    in case (`PHOTO.png`) is another name on macOS and Windows, so it is numbered too."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Two rooms"\nbaseURL = "https://rooms.example.org/"\n',
        "content/about/index.md": "---\ntitle: About\n---\n\n![me](photo.png)\n",
        "content/lab/index.md": "---\ntitle: Lab\n---\n\n![lab](photo.png)\n",
        "content/desk/index.md": "---\ntitle: Desk\n---\n\n![desk](PHOTO.png)\n",
        "content/about/photo.png": png(10, 10), "content/lab/photo.png": png(20, 20),
        "content/desk/PHOTO.png": png(30, 30)})
    pages = imported.dest / "content" / "pages"
    shown = {name: (pages / f"{name}.md").read_text(encoding="utf-8").split("](")[1][:-2]
             for name in ("about", "lab", "desk")}
    assert len({s.casefold() for s in shown.values()}) == 3
    sizes = {(imported.dest / "static" / url.lstrip("/")).read_bytes() for url in shown.values()}
    assert len(sizes) == 3
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
