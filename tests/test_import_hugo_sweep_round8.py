"""Hugo blogs of a later sweep (own minimal text, shaped like the real sites): what their
pages wrote must reach the new site's pages, and the site must build."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from test_import_hugo_sites import built_cleanly, imported_site, prose


def test_a_link_to_another_page_s_heading_in_its_capitals(tmp_path: Path) -> None:
    """`[环境](/posts/setup/#Install-CUDA)`: Hugo's ids are lower-case, so the old link
    led to the page's top, and the new build refused the anchor; it leads to the
    heading its text names."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\ntheme = "PaperMod"\n',
        "content/posts/train.md": (
            "---\ntitle: 训练\ndate: 2025-02-02\n---\n\n先看 [环境](/posts/setup/#Install-CUDA)"
            " 和 [本页](#Loss-Curve)。\n\n## Loss Curve\n\n文字。\n"),
        "content/posts/setup.md": (
            "---\ntitle: 环境\ndate: 2025-02-01\n---\n\n## Install CUDA\n\n文字。\n")})
    links = [a.get("href") for a in prose(out, "posts/train/index.html").find_all("a")]
    assert links == ["/posts/setup/#install-cuda", "#loss-curve"]


def test_the_one_language_s_suffix_is_no_part_of_the_name(tmp_path: Path) -> None:
    """`post.en.md` in a site without a `[languages]` table: its one language is Hugo's
    `en`, whose suffix Hugo dropped (the post was at `/posts/post/`); it became a post
    named `posten` kept at `/posts/post.en/`. Another suffix is a part of the name, as
    Hugo read it."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "Notes"\ntheme = "PaperMod"\n',
        "content/posts/attention.en.md": (
            "---\ntitle: Attention\ndate: 2025-02-01\n---\n\nQueries and keys.\n"),
        "content/posts/notes.v2.md": (
            "---\ntitle: Notes\ndate: 2025-02-02\n---\n\nA second version.\n")})
    posts = imported.dest / "content" / "posts"
    assert sorted(p.name for p in posts.glob("*.md")) == ["attention.md", "notesv2.md"]
    assert "aliases" not in (posts / "attention.md").read_text(encoding="utf-8")
    assert '"/posts/notes.v2/"' in (posts / "notesv2.md").read_text(encoding="utf-8")


def test_a_relative_link_to_a_heading_named_by_its_text(tmp_path: Path) -> None:
    """`[序关系](../order/#上界、下界)`, a heading named by its text: Hugo's id has no
    `、`, so the old link led to the page's top, and the new build refused the anchor."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "content/posts/lattice.md": (
            "---\ntitle: 格\ndate: 2025-02-02\n---\n\n见 [序关系](../order/#上界、下界)。\n"),
        "content/posts/order.md": (
            "---\ntitle: 序\ndate: 2025-02-01\n---\n\n## 上界、下界\n\n文字。\n")})
    [link] = prose(out, "posts/lattice/index.html").find_all("a")
    assert unquote(link.get("href") or "") == "/posts/order/#上界下界"


CRUMBS = """{{ $parts := split (.Get 0) "/" }}
{{- $last := sub (len $parts) 1 -}}
{{ range $i, $part := $parts -}}
  {{ if eq $part "" }}{{ continue }}{{ end -}}
  {{ if gt $i 2 }}{{ break }}{{ end -}}
  {{ if lt $i $last }}{{ $part }} › {{ else -}}
  [{{ path.Base (.) }}]({{ strings.Repeat $i "../" }}{{ . }}/){{ end -}}
{{ else -}}
  (none)
{{- end }}"""


def test_a_site_s_shortcode_ranging_over_its_parts_runs(tmp_path: Path) -> None:
    """A site's own shortcode builds its link with a `range` over the parts of its
    argument (`continue`, `break`, `else`; `split`, `path.Base`, `strings.Repeat`):
    its template was not run, and each use was left in a comment, with a warning."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "笔记"\nlanguageCode = "zh-cn"\n',
        "layouts/shortcodes/crumbs.html": CRUMBS,
        "static/posts/电磁学/index.html": "<p>电磁学</p>\n",  # (where the link leads)
        "content/posts/a.md": (
            "---\ntitle: A\ndate: 2025-02-01\n---\n\n走到 {{< crumbs \"物理/电磁学\" >}} 和"
            " {{< crumbs \"\" >}}。\n")})
    assert imported.report.warnings == []
    text = (imported.dest / "content" / "posts" / "a.md").read_text(encoding="utf-8")
    assert "物理 › [电磁学](../电磁学/)" in text
    assert "(none)" not in text  # (`split "" "/"` is one empty part, as Go's)
