"""The Eleventy importer on front matter beyond the title, date and tags: the redirects
a site made of its posts' `aliases` (`redirect_from`, `redirectFrom`), their `series`,
and a permalink that a function of the site's code worked out."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.eleventy_settings import CODE_PERMALINK, js_values

_CONFIG = ('const utils = require("./lib/utils");\n'
           "module.exports = function (config) {\n"
           '  config.addCollection("aliases", (api) => api.getAll()\n'
           "    .flatMap((p) => utils.aliasesOf(p.data)));\n"
           '  return { dir: { input: "src" } };\n};\n')
_UTILS = "const aliasesOf = (data) => [].concat(data.aliases ?? []);\n" \
         "module.exports = { aliasesOf };\n"


def test_aliases_the_site_made_redirects_of_are_old_urls(tmp_path: Path) -> None:
    """A blog moved from Hugo kept its posts' `aliases:`, and a module of its
    configuration read them for redirect pages: they were data left out, and links to
    the old URLs failed the build."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": _CONFIG, "lib/utils.js": _UTILS,
        "src/posts/gc.md": "---\ntitle: GC and the OOM killer\ndate: 2022-06-19\n"
                           "tags: post\naliases: [/2022/06/java-gc]\n"
                           "redirect_from: /gc-old/\n---\n\nText.\n",
        "src/posts/links.md": "---\ntitle: Links\ndate: 2022-07-01\ntags: post\n---\n\n"
                              "See [the GC post](/2022/06/java-gc).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "gc.md").read_text(encoding="utf-8")
    assert 'aliases: ["/2022/06/java-gc"]' in text
    assert "/gc-old/" not in text  # (no code of the site read `redirect_from`)
    assert "left out: `redirect_from`" in report_of(imported)
    assert "](gc.md)" in (imported.dest / "content" / "posts" / "links.md").read_text(
        encoding="utf-8")
    build(tmp_path / "new", BuildOptions())
    assert redirect_target(tmp_path / "new" / "public", "/2022/06/java-gc/") == "/posts/gc/"


def test_a_posts_series_is_its_series(tmp_path: Path) -> None:
    """`series: ["Writing a JVM"]` grouped the posts on the old site's series pages: it
    was left out, and each link to `/series/…` failed the build."""
    source = tmp_path / "old"
    posts = {f"src/posts/jvm-{n}.md": f"---\ntitle: JVM part {n}\ndate: 2023-07-0{n}\n"
             f"tags: post\nseries: [\"Writing a JVM\"]\n---\n\nPart {n}.\n" for n in (1, 2)}
    write_files(source, {".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
                         **posts})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "jvm-2.md").read_text(encoding="utf-8")
    assert "series: Writing a JVM" in text
    assert "`series`" not in report_of(imported)


def test_a_permalink_the_sites_code_works_out_keeps_no_wrong_url(tmp_path: Path) -> None:
    """A folder's data file whose `eleventyComputed.permalink` is a function with
    branches (`/blog/yyyy/MM/<slug>/` from a module): its code was not read, and the
    post's default URL, `/blog/2022/2022-07-24-x/`, which never existed, was kept as
    its old URL. It is now none, with a notice; a relative link that led nowhere is
    dropped as when the URL is known."""
    source = tmp_path / "old"
    write_files(source, {
        ".eleventy.js": 'module.exports = () => ({ dir: { input: "src" } });\n',
        "src/blog/blog.11tydata.js": "module.exports = {\n  tags: ['posts'],\n"
                                     "  eleventyComputed: {\n    permalink: (data) => {\n"
                                     "      if (!data.date) {\n"
                                     "        return `${data.page.filePathStem}/`;\n      }\n"
                                     "      return `/blog/${slugOf(data)}/`;\n    },\n  },\n};\n",
        "src/blog/2022/2022-07-24-x.md": "---\ntitle: X\ndate: 2022-07-24\n---\n\n"
                                         "Find me on [LinkedIn](linkedin.com/in/someone/).\n"})
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    text = (imported.dest / "content" / "posts" / "x.md").read_text(encoding="utf-8")
    assert "aliases" not in text and "Find me on LinkedIn." in text
    report = report_of(imported)
    assert "a function of the site's code worked out its URL" in report
    build(tmp_path / "new", BuildOptions())
    assert page(tmp_path / "new" / "public", "/posts/x/").find("h1") is not None


def test_a_data_files_permalink_function_is_read_or_named_code() -> None:
    """A folder's data file's own `permalink` (not in `eleventyComputed`): a function
    returning one template literal of the data is its pattern, as in
    `eleventyComputed`; one doing more is code (it was dropped, the default URL kept)."""
    arrow = js_values("module.exports = {\n  layout: 'post',\n"
                      "  permalink: (data) => `/posts/${data.page.fileSlug}/`,\n};\n")
    assert arrow["permalink"] == "/posts/{{ page.fileSlug }}/"
    branches = js_values("module.exports = {\n  permalink: function (data) {\n"
                         "    if (data.draft) return false;\n"
                         "    return `/x/${data.page.fileSlug}/`;\n  },\n};\n")
    assert branches["permalink"] == CODE_PERMALINK
