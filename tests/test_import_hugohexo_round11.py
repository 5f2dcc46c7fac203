"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 11 (a passthrough
naming only `\\(` and `\\[`, a shortcode reading another file, …), in small sites
written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import png, write_files
from test_import_hugo_sites import built_cleanly, imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_dollar_math_beside_a_passthrough_of_other_delimiters(tmp_path: Path) -> None:
    """A PaperMod ML blog turned Goldmark's passthrough on for `\\(…\\)` and `\\[…\\]`
    only, its KaTeX auto-render reading `$` in the page: Goldmark read the Markdown
    escapes of `$U = \\\\{u_1\\\\}$` first, as without passthrough, so KaTeX got
    `\\{`. Kept as written, `\\\\{` was a row break then a brace, and the build failed
    ("Found \\\\ …"). A formula the passthrough kept stays as written."""
    out = built_cleanly(tmp_path, {
        "config.yml": "title: 笔记\nlanguageCode: zh-cn\nmarkup:\n  goldmark:\n"
                      "    extensions:\n      passthrough:\n        enable: true\n"
                      "        delimiters:\n          block: [['\\[', '\\]']]\n"
                      "          inline: [['\\(', '\\)']]\n",
        "content/posts/gpt/index.md": (
            "---\ntitle: GPT\ndate: 2025-05-01\nmath: true\n---\n\n"
            "语料 $U = \\\\{u_1, \\cdots, u_n\\\\}$，下标 $x\\_i$。\n\n"
            "$$\nf_i = \\sum_{x} \\mathrm{1}\\\\{\\arg\\max p(x) = i\\\\}\n$$\n\n"
            "保留 \\(a_1 \\{b\\}\\)。\n")})
    page = prose(out, "posts/gpt/index.html")
    formulas = [m.text() for m in page.find_all("math")]
    assert formulas[0] == "U={u1,⋯,un}"
    assert formulas[1] == "xi"
    assert "{" in formulas[2] and "}" in formulas[2]
    assert formulas[3] == "a1{b}"


INCLUDE = """{{ $file := .Get 0 }}
{{ $lang := .Get 1 }}
{{ $path := "" }}
{{ if strings.HasPrefix $file "/" }}
    {{ $path = path.Join "content" (strings.TrimPrefix "/" $file) }}
{{ else }}
    {{ $path = path.Join "content" .Page.File.Dir $file }}
{{ end }}
{{ with readFile $path }}
    {{ highlight . $lang "" }}
{{ else }}
    <p>Error reading file: <code>{{ $file }}</code></p>
{{ end }}
"""


def test_a_shortcode_reading_another_file_shows_it(tmp_path: Path) -> None:
    """An OI and systems blog shows its programs with its own `include` shortcode, which
    `readFile`s the file beside the page (`path.Join "content" .Page.File.Dir $file`)
    and `highlight`s it: `readFile` was not run, and each use was left in a comment
    with a warning, the program lost. Now the file is read from the site's folder, as
    Hugo read it, and shown as a code block of its language; a path out of the site is
    not read."""
    imported = imported_site(tmp_path, {
        "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\n",
        "layouts/shortcodes/include.html": INCLUDE,
        "content/algo/brute.md": "---\ntitle: 暴力\ndate: 2025-01-02\n---\n\n模板：\n\n"
                                 '{{< include "src/brute.py" "python" >}}\n\n'
                                 '{{< include "/algo/src/brute.py" "python" >}}\n\n'
                                 '{{< include "../../../secret.txt" "text" >}}\n',
        "content/algo/src/brute.py": "def solve(n):\n    return n * 2\n",
        "secret.txt": "no\n"})
    [warning] = imported.report.warnings
    assert "outside the site" in warning.message
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    blocks = [b.text() for b in prose(out, "algo/brute/index.html").find_all("pre")]
    assert blocks == ["def solve(n): return n * 2"] * 2


def test_a_file_beside_a_folder_of_its_name_is_copied_whole(tmp_path: Path) -> None:
    """A Hugo theme's repository, read as a folder of notes, holds the partial
    `scripts.html` beside the folder `scripts/`: the copy of the file lost its `.html`
    (a note's URL has none, a file's keeps it, as Quartz copies it) and met the
    folder, and the import stopped ("Is a directory"). Each is copied at its path, and
    a note's link to the file leads to it."""
    write_files(tmp_path / "old", {
        "notes/guide.md": "# 指南\n\n见 [脚本](scripts.html) 与 [核心](scripts/core.html)。\n",
        "notes/scripts.html": "<script></script>\n",
        "notes/scripts/core.html": "<p>core</p>\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes")
    assert (imported.dest / "static/notes/scripts.html").is_file()
    assert (imported.dest / "static/notes/scripts/core.html").is_file()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    links = [a.get("href") for a in prose(out, "guide/index.html").find_all("a")]
    assert links == ["/notes/scripts.html", "/notes/scripts/core.html"]


PBFIG = """{{ $img := $.Page.Resources.GetMatch (.Get "glob") }}
{{ $small := $img.Resize "600x" }}
<figure class="pb">
  <a href="{{ $img.RelPermalink }}"><img src="{{ $small.RelPermalink }}" alt="{{ .Get "alt" }}"></a>
  <figcaption>{{ .Get "caption" | markdownify }}</figcaption>
</figure>
"""


def test_a_shortcode_finding_its_image_among_the_page_s_resources(tmp_path: Path) -> None:
    """A bundle's own figure shortcode finds its picture with
    `.Page.Resources.GetMatch (.Get "glob")` (a glob, `*loss*`) and resizes it:
    `.Page.Resources` was not read, so the template was not run and the use, whose
    `glob` names no file, was left in a comment with a warning, the picture lost. Now
    the resource is the bundle's file the glob matches (case ignored; its
    `*` within a folder, as Hugo's glob), processing keeps the picture, and the
    figure shows it."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "layouts/shortcodes/pbfig.html": PBFIG,
        "content/posts/train/index.md": "---\ntitle: 训练\ndate: 2025-03-01\n---\n\n"
                                        '{{< pbfig glob="*Loss*" alt="曲线" '
                                        'caption="损失 *下降*" >}}\n',
        "content/posts/train/loss-curve.png": png(40, 20)})
    figure = prose(out, "posts/train/index.html").one("figure")
    [img] = figure.find_all("img")
    assert str(img.get("src")).endswith(".png") and img.get("alt") == "曲线"
    assert figure.one("figcaption").text() == "损失 下降"
    assert (out / "posts/train" / str(img.get("src"))).is_file() or \
        (out / str(img.get("src")).lstrip("/")).is_file()


def test_an_image_of_another_language_s_bundle_by_its_old_url(tmp_path: Path) -> None:
    """A bilingual PaperMod blog served under a path (`baseURL: …/blog/`) shows in its
    English page the pictures of the bundle by their URL from there,
    `../../../posts/eval/chart.png`: on `/blog/en/posts/eval/` it led to the file Hugo
    published beside the Chinese page, `/blog/posts/eval/chart.png`; from the page's
    file it led nowhere, and the picture was "not found", left as written."""
    imported = imported_site(tmp_path, {
        "hugo.yaml": "baseURL: https://me.github.io/blog/\ntitle: 笔记\n"
                     "defaultContentLanguage: zh\nlanguages:\n  zh:\n    weight: 1\n"
                     "  en:\n    weight: 2\n",
        "content/posts/eval/index.md": "---\ntitle: 评测\ndate: 2025-08-01\n---\n\n"
                                       '<img src="chart.png" alt="排行">\n',
        "content/posts/eval/index.en.md": "---\ntitle: Evaluation\ndate: 2025-08-01\n---\n\n"
                                          '<img src="../../../posts/eval/chart.png" '
                                          'alt="Board">\n',
        "content/posts/eval/chart.png": png(30, 20)})
    assert imported.report.warnings == []
    english = (imported.dest / "content/posts/eval/index.en.md").read_text(encoding="utf-8")
    assert '<img src="chart.png" alt="Board">' in english


def test_a_series_written_as_a_mapping_is_its_first_name(tmp_path: Path) -> None:
    """An ML blog's own layout groups posts by `series: {main: 深度学习基础, subseries:
    激活函数}`, which Hugo's taxonomy made no term of: the import wrote the mapping's
    Python form as the series' name (`"{'main': …}"`), every post a series of its own
    with a warning. The series is the mapping's first value, with a notice."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/act.md": "---\ntitle: 激活函数\ndate: 2025-05-21\nseries:\n"
                                "  main: 深度学习基础\n  subseries: 激活函数\n---\n\n正文。\n",
        "content/posts/loss.md": "---\ntitle: 损失函数\ndate: 2025-05-22\nseries:\n"
                                 "  main: 深度学习基础\n  subseries: 损失函数\n---\n\n正文。\n"})
    assert imported.report.warnings == []
    for name in ("act", "loss"):
        text = (imported.dest / f"content/posts/{name}.md").read_text(encoding="utf-8")
        assert "series: 深度学习基础\n" in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
