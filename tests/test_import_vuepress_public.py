"""The VitePress and VuePress importer on the files links name: Vite's `publicDir`
moved beside the source folder, relative links from a page into `public/`, which the
browser read from the page's URL, and a page named in other capitals than its file's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from importbits import page, report_of
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def warnings_of(report: str) -> list[str]:
    return [line for line in report.splitlines() if ": warning:" in line]


def test_vite_public_dir_beside_the_source_folder(tmp_path: Path) -> None:
    """`srcDir: './src'` with `vite: { publicDir: '../public' }`: Vite served the
    folder beside the pages (from Vite's root, the source folder), not `src/public/`;
    the home page's logo from there is found and copied."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.mjs": """\
            import { defineConfig } from 'vitepress'
            export default defineConfig({
              title: 'Notes', lang: 'en-US', srcDir: './src',
              vite: { publicDir: "../public" },
            })
            """,
        "docs/public/logo-big.png": png(8, 8),
        "docs/public/files/sheet.pdf": b"%PDF-1.4\n",
        "docs/src/index.md": "# Notes\n\n![logo](/logo-big.png)\n\n"
                             "[The sheet](/files/sheet.pdf)\n",
        "docs/src/os/paging.md": "# Paging\n\nPages and frames.\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert warnings_of(report) == []
    assert (dest / "static/logo-big.png").is_file()
    assert (dest / "static/files/sheet.pdf").is_file()
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    home = page(dest / "public", "/").one("main")
    assert [i.get("src") for i in home.find_all("img")] == ["/logo-big.png"]


def test_relative_links_into_public_from_the_page_url(tmp_path: Path) -> None:
    """`[x](../notes/a.pdf)` on `books/list.md` (at `/books/list.html`) led the browser
    to `/notes/a.pdf`, a file of `public/`: it leads there still, with no warning. One
    to a file `public/` lacks is a dead link, as before; a page with a `permalink`
    reads its links from that URL."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vitepress/config.js": """\
            export default { title: 'Reading', lang: 'en-US' }
            """,
        "docs/public/notes/glass/part1.html": "<!doctype html><title>Part 1</title>\n",
        "docs/public/notes/glass/part1.pdf": b"%PDF-1.4\n",
        "docs/index.md": "# Reading\n\nSee [the books](./books/list.md).\n",
        "docs/books/list.md": "# Books\n\n"
                              "- [Part 1](../notes/glass/part1.html){target=\"_blank\"}\n"
                              "- [Part 1 as PDF](../notes/glass/part1.pdf)\n"
                              "- [Part 2](../notes/glass/part2.html)\n",
        "docs/books/moved.md": "---\npermalink: /deep/er/moved/\n---\n# Moved\n\n"
                               "[Part 1](../../../notes/glass/part1.pdf)\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert warnings_of(report) == [
        "docs/books/list.md:5: warning: link `../notes/glass/part2.html`: no page of the "
        "site there (a dead link of the old site): its text kept, without the link"]
    result = build(dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    links = {a.text(): a.get("href") for a in page(dest / "public", "/list/")
             .one("main").find_all("a")}
    assert links["Part 1"] == "/notes/glass/part1.html"
    assert links["Part 1 as PDF"] == "/notes/glass/part1.pdf"
    assert "Part 2" not in links
    moved = page(dest / "public", "/moved/").one("main")
    assert [a.get("href") for a in moved.find_all("a")] == ["/notes/glass/part1.pdf"]


def test_a_link_to_a_page_in_other_capitals_finds_it(tmp_path: Path) -> None:
    """`[Container](Docker/Container.md)` for `Docker/container.md`: the writer's computer
    ignored case, and so did VuePress's router; the one page that matches is the one
    meant. A link to no page in any capitals is a dead link, as before."""
    source = tmp_path / "notes"
    write_files(source, {
        "docs/.vuepress/config.js": "module.exports = { title: 'Ops', lang: 'en-US' }\n",
        "docs/README.md": "# Ops\n\n- [Container](Docker/Container.md)\n"
                          "- [Pods](k8s/Pods.md)\n",
        "docs/Docker/container.md": "# Containers\n\nRun one.\n",
    })
    dest = tmp_path / "new"
    report = report_of(import_site(source, dest, None, False, NOW))
    assert warnings_of(report) == [
        "docs/README.md:4: warning: link `k8s/Pods.md`: no page of the site there (a dead "
        "link of the old site): its text kept, without the link"]
    assert "links to pages written in other capitals than their files ×1" in report
    build(dest, BuildOptions())
    links = {a.text(): a.get("href") for a in page(dest / "public", "/").one("main")
             .find_all("a")}
    assert links["Container"] == "/container/"
