"""Faults real Hugo blogs exposed (a sweep of public Stack, LoveIt, DoIt and FixIt
sites of Chinese engineers), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png
from test_import_hugo_sites import built_cleanly, imported_site, prose

from lanting.build import build
from lanting.build.options import BuildOptions


def test_a_post_starting_with_two_byte_order_marks_keeps_its_front_matter(
        tmp_path: Path) -> None:
    """Posts carried over from Hexo through two editors begin with two BOMs, which Hugo
    skips: the second hid the front matter, so the post lost its date and `slug`, its
    front matter showed as text, and a link to its old URL broke the build."""
    out = built_cleanly(tmp_path, {
        "config.yaml": "title: 素履\nlanguageCode: zh-cn\ntheme: hugo-theme-stack\n"
                       "permalinks:\n  posts: /posts/:slug/\n",
        "content/posts/浪客.md": "\ufeff\ufeff---\ntitle: 浪客\ndate: 2018-06-01 09:33:25\n"
                                "slug: 673523131\n---\n影评。\n",
        "content/posts/随想.md": "---\ntitle: 随想\ndate: 2019-07-01\nslug: 1\n---\n\n"
                                "见[那篇](/posts/673523131/)。\n"})
    page = parse_html((out / "posts/673523131/index.html").read_text(encoding="utf-8"))
    assert "2018" in page.one("time").text()
    assert prose(out, "posts/673523131/index.html").text().strip() == "影评。"
    assert prose(out, "posts/1/index.html").one("a")["href"] == "/posts/673523131/"


def test_a_page_a_layout_drew_is_left_out_and_links_to_it_keep_their_text(
        tmp_path: Path) -> None:
    """A Stack fork's `page/books/index.md` has no text: `layout: books` listed the books
    of `data/`. It was left out as "a page of links … in its front matter" (it has
    none), and the about page's link to `/books/` broke the build."""
    imported = imported_site(tmp_path, {
        "config.yaml": "title: 素履\nlanguageCode: zh-cn\ntheme: hugo-theme-stack\n"
                       "permalinks:\n  page: /:slug/\nparams:\n  mainSections: [post]\n",
        "content/page/books/index.md": '---\ntitle: "读书"\nslug: "books"\nlayout: "books"\n'
                                       "outputs:\n  - html\n  - json\n---",
        "content/page/about/index.md": "---\ntitle: 关于\nslug: about\n---\n\n"
                                       "* [读书](/books/) / [观影](/movies)\n",
        "content/page/movies/index.md": "---\ntitle: 观影\nslug: movies\nlayout: movies\n---\n",
        "content/post/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n"
                             "书单见[这里](/books/#2024)。\n"})
    warned = [(e.path, e.line, e.message) for e in imported.report.warnings]
    assert [(p, m.split(",")[0]) for p, _, m in warned if "drawn by" in m] == [
        ("content/page/books/index.md", "left out: a page with no text"),
        ("content/page/movies/index.md", "left out: a page with no text")]
    assert sorted((p, line) for p, line, m in warned if "a link to" in m) == [
        ("content/page/about/index.md", 6), ("content/page/about/index.md", 6),
        ("content/post/a.md", 6)]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    about = prose(out, "about/index.html")
    assert about.text().strip() == "读书 / 观影" and about.find_all("a") == []
    assert prose(out, "post/a/index.html").find_all("a") == []


def test_a_theme_fork_s_embeds_become_links(tmp_path: Path) -> None:
    """A Stack fork's own `meting`, `douban`, `codepen`, `linkcard` and `dplayer`
    (sulv's PaperMod `douban src=…` too) were left in comments, with a warning each:
    the song, the film, the pen, the linked page and the video were lost to readers."""
    out = built_cleanly(tmp_path, {
        "config.yaml": "title: 素履\nlanguageCode: zh-cn\ntheme: hugo-theme-stack\n",
        "content/post/notes/index.md":
            "---\ntitle: 杂记\ndate: 2023-07-28\n---\n\n"
            '{{<meting server="netease" type="song" id="5179543">}}\n\n'
            '{{<douban type="movie" id="25823132">}}\n\n'
            '{{< douban src="book.douban.com/subject/35038473/" >}}\n\n'
            '示例：{{<codepen id="wvmmyzZ" user="ann">}}\n\n'
            '{{< linkcard href="https://github.com/Bilibili/flv.js/" title="flv.js - Github" '
            'desc="github.com/Bilibili/flv.js/" >}}\n\n'
            '{{< linkcard href="https://ossrs.net/" title="SRS" desc="实时视频服务器" '
            'cover="https://ossrs.net/a.png">}}\n\n'
            '{{<dplayer url="https://example.org/v/demo.mp4">}}\n'})
    page = prose(out, "post/notes/index.html")
    links = [(a.text(), a["href"]) for a in page.find_all("a")]
    assert links == [
        ("♪ https://music.163.com/#/song?id=5179543", "https://music.163.com/#/song?id=5179543"),
        ("https://movie.douban.com/subject/25823132/",
         "https://movie.douban.com/subject/25823132/"),
        ("https://book.douban.com/subject/35038473/",
         "https://book.douban.com/subject/35038473/"),
        ("CodePen: ann/wvmmyzZ", "https://codepen.io/ann/pen/wvmmyzZ"),
        ("flv.js - Github", "https://github.com/Bilibili/flv.js/"),
        ("SRS", "https://ossrs.net/"),
        ("▶ demo.mp4", "https://example.org/v/demo.mp4")]
    assert "实时视频服务器" in page.text() and "import:" not in page.text()


def test_an_embed_naming_nothing_stays_in_a_comment(tmp_path: Path) -> None:
    """A `douban` card with only a number (an ISBN or a film?) names no page: it stays in
    a comment, with a warning at its line."""
    imported = imported_site(tmp_path, {
        "config.yaml": "title: S\nlanguageCode: zh-cn\n",
        "content/post/a.md": "---\ntitle: A\ndate: 2023-01-01\n---\n\n"
                             "{{< douban 9787532132263 >}}\n"})
    [warning] = imported.report.warnings
    assert (warning.path, warning.line) == ("content/post/a.md", 6)
    assert "douban card naming no book or film" in warning.message


def test_papermod_s_search_and_archives_sections_are_lanting_s_pages(tmp_path: Path) -> None:
    """Early PaperMod made its search and archives pages of `content/search/_index.md`
    and `content/archives/_index.md` with no layout: Hugo drew each section's list page
    with the theme's `_default/search.html`, by its name. They became pages of the
    starter's text ("keep this file"), and the one at `/search/` clashed with
    Lanting's search page: the build failed."""
    note = ('+++\ntitle = "{0}"\ndescription = ""\n+++\n\n改上面的设置。\n\n'
            "保留本文件，Hugo 才生成{0}页。\n")
    imported = imported_site(tmp_path, {
        "config.yml": "title: Q\nlanguageCode: zh-cn\ntheme: papermod\n",
        "content/search/_index.md": note.format("Search"),
        "content/archives/_index.md": note.format("Archives"),
        "content/post/gc.md": "---\ntitle: GC\ndate: 2020-03-17\n---\n\n三色标记。\n"})
    assert sorted(e.message for e in imported.report.entries if "left out" in e.message) == [
        "left out: a page Lanting makes itself (layout `archives`)",
        "left out: a page Lanting makes itself (layout `search`)"]
    assert not (imported.dest / "content/pages").exists()
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "search/index.html").is_file()
    assert "/archive/" in (out / "archives/index.html").read_text(encoding="utf-8")


def test_a_slug_written_with_a_slash_keeps_its_old_url(tmp_path: Path) -> None:
    """hugo-theme-bootstrap posts give `slug: /e84c3531` (a hash, with a slash): Hugo
    joined the URL's parts with Go's `path.Join`, `/posts/vim/e84c3531/`. The importer
    made it `/posts/vim//e84c3531/`, which no redirect can hold: each post lost its old
    URL, with a warning, and links to it broke the build."""
    post = "---\ntitle: {0}\ndate: 2022-07-0{1}\nslug: /{2}\n---\n\n{3}\n"
    out = built_cleanly(tmp_path, {
        "config.toml": 'title = "步履"\nlanguageCode = "zh-cn"\ntheme = "hugo-theme-bootstrap"\n',
        "content/posts/vim/vimtutor翻译/index.md": post.format("Vimtutor", 9, "e84c3531", "译文。"),
        "content/posts/tools/git.md": post.format(
            "Git", 8, "f0e09e13", "见 [Vimtutor](/posts/vim/e84c3531/)。")})
    [link] = prose(out, "posts/f0e09e13/index.html").find_all("a")
    assert link["href"] == "/posts/e84c3531/"
    assert "/posts/e84c3531/" in (out / "posts/vim/e84c3531/index.html").read_text(
        encoding="utf-8")


def test_parts_of_a_series_sharing_a_weight_are_numbered_by_date(tmp_path: Path) -> None:
    """hugo-theme-bootstrap's archetype gives every post `weight: 100`, which Hugo sorted
    by weight, then date. Each became part 100 of its series, and the build failed
    ("part 100 is claimed by both …"): the parts are numbered by weight, then date."""
    post = ("---\ntitle: {0}\ndate: 2022-0{1}-01\nseries: [牛客TOP101]\nweight: {2}\n---\n\n"
            "正文。\n")
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "步履"\nlanguageCode = "zh-cn"\n',
        "content/posts/top101/list.md": post.format("链表", 3, 100),
        "content/posts/top101/tree.md": post.format("二叉树", 5, 100),
        "content/posts/top101/intro.md": post.format("开篇", 7, 1),
        "content/posts/top101/search.md": post.format("二分", 4, 100)})
    assert [e.message for e in imported.report.warnings] == []
    assert [e.message.split(";")[0] for e in imported.report.entries if "series" in e.message] \
        == ["series `牛客TOP101`: its parts share a `weight`"]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    series = parse_html((out / "series/牛客top101/index.html").read_text(encoding="utf-8"))
    titles = [a.text() for a in series.one("main").find_all("a") if a.text() in (
        "开篇", "链表", "二分", "二叉树")]
    assert titles == ["开篇", "链表", "二分", "二叉树"]


def test_goldmark_s_escaped_caret_in_math_and_a_ref_to_a_bundle_s_index(
        tmp_path: Path) -> None:
    """A PaperMod post on diffusion models (KaTeX, no `passthrough`) writes `\\^` in its
    formulas, which Goldmark unescaped before KaTeX saw `^`: the importer kept `\\^`, an
    accent of text, and the build failed ("Not valid in math mode"). Its
    `{{< ref "/posts/transformers/index" >}}` (the bundle's file without its extension,
    which Hugo takes) was left in a comment as naming no page."""
    out = built_cleanly(tmp_path, {
        "config.yml": "title: P\nlanguageCode: en\ntheme: PaperMod\n",
        "content/posts/transformers/index.md": "---\ntitle: Transformers\ndate: 2023-01-01\n"
                                               "---\n\nAttention.\n",
        "content/posts/diffusion/index.md":
            "---\ntitle: Diffusion\ndate: 2023-02-01\nmath: true\n---\n\n"
            'See [the transformer post]({{< ref "/posts/transformers/index" >}}).\n\n'
            "$$\n\\mu_\\theta\\^\\*, x\\_t\\^2 = \\arg\\min_{\\mu_\\theta} L\n$$\n\n"
            "Inline $\\beta\\_t\\^{1/2}$ too.\n"})
    page = prose(out, "posts/diffusion/index.html")
    assert page.one("a")["href"] == "/posts/transformers/"
    formulas = page.find_all("math")
    assert len(formulas) == 2
    assert len(formulas[0].find_all("msup")) + len(formulas[0].find_all("msubsup")) == 2
    assert "^" not in page.text()


def test_bundles_named_in_the_one_language_of_the_site(tmp_path: Path) -> None:
    """A LoveIt site of one language (`defaultContentLanguage = "zh-cn"`, no
    `[languages]`) names each bundle's page `index.zh-cn.md`, which Hugo reads as the
    bundle's page in that language. The suffix was kept: every post was `indexzh-cn`,
    `indexzh-cn-2`, … at `/index.zh-cn/`, each but one losing its old URL, and the
    bundle's images were not found beside it."""
    post = "---\ntitle: {0}\ndate: 2023-0{1}-01\n---\n\n{0}。\n\n![图](cover.png)\n"
    imported = imported_site(tmp_path, {
        "config.toml": 'title = "A"\ndefaultContentLanguage = "zh-cn"\nlanguageCode = "zh-CN"\n'
                       'theme = "LoveIt"\n',
        "content/posts/AegisubAss/index.zh-cn.md": post.format("字幕", 1),
        "content/posts/AegisubAss/cover.png": png(4, 4),
        "content/posts/BGK-Decode/index.zh-cn.md": post.format("解码", 2),
        "content/posts/BGK-Decode/cover.png": png(4, 4),
        "content/about/index.zh-cn.md": "---\ntitle: 关于\n---\n\n关于我。\n"})
    assert imported.report.warnings == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    for slug in ("aegisubass", "bgk-decode"):
        assert prose(out, f"posts/{slug}/index.html").one("img")["src"] == \
            f"/posts/{slug}/cover.png"
    assert "关于我" in prose(out, "about/index.html").text()


def test_a_figure_s_caption_keeps_its_links_title_and_attribution(tmp_path: Path) -> None:
    """Hugo's figure shows its caption through `markdownify`, its `title` as a heading
    and `attr` linked to `attrlink`: the import wrote the caption's `[paper](…)` as it
    was written, left out the title and the attribution without a word."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\n',
        "static/img/heads.png": png(60, 30),
        "content/posts/attention.md": "---\ntitle: Heads\ndate: 2024-05-02\n---\n\n"
        'Intro.\n\n{{< figure src="/img/heads.png" caption="Heads of layer 3, from '
        '[the paper](https://arxiv.org/abs/1706.03762), **not** $W_O$" >}}\n\n'
        '{{< figure src="/img/heads.png" title="Layer *four*" caption="Averaged." '
        'attr="CC BY" attrlink="https://creativecommons.org/licenses/by/4.0/" >}}\n'})
    first, second = prose(out, "posts/attention/index.html").find_all("figure")
    caption = first.one("figcaption")
    assert caption.one("a")["href"] == "https://arxiv.org/abs/1706.03762"
    assert caption.one("strong").text() == "not" and caption.find("math") is not None
    assert "[" not in caption.text() and "$" not in caption.text()
    assert first.one("img")["alt"] == "Heads of layer 3, from the paper, not W_O"
    caption = second.one("figcaption")
    assert caption.one("strong").text() == "Layer four" and "Averaged." in caption.text()
    assert caption.one("a")["href"] == "https://creativecommons.org/licenses/by/4.0/"


def test_a_collection_s_box_shortcode_is_a_callout(tmp_path: Path) -> None:
    """A PaperMod blog boxes its definitions with a shortcode collection's `box info`
    and `box important`: each was left in a comment with a warning, its text shown
    unboxed between two comments."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "argmax"\nlanguageCode = "en"\ntheme = "PaperMod"\n',
        "content/posts/remix.md": "---\ntitle: Remix\ndate: 2024-03-02\n---\n\n"
        "{{< box info >}}\n**Hypothesis**\n\nModels remix what they retrieved.\n{{< /box >}}\n\n"
        '{{< box type="warning" title="Caveat" >}}\nNot a proof.\n{{< /box >}}\n'})
    boxes = [d for d in prose(out, "posts/remix/index.html").find_all("div")
             if "callout" in (d.get("class") or "").split()]
    assert [b["class"] for b in boxes] == ["callout callout-note", "callout callout-warning"]
    assert "Models remix" in boxes[0].text() and "Caveat" in boxes[1].text()


MEDIA_TEMPLATE = """{{- $src := .Get "src" -}}
<figure class="media">
{{- if or (hasPrefix $src "https://www.youtube.com/") (hasPrefix $src "https://youtu.be/") -}}
  {{- $id := replaceRE ".*[?&]v=([a-zA-Z0-9_-]{11}).*" "$1" $src -}}
  {{ .Page.RenderString (printf "{{< youtube %s >}}" $id) }}
{{- else if hasSuffix $src ".mp4" -}}
  <video controls><source src="{{ $src }}"></video>
{{- else -}}
  {{- $res := .Page.Resources.GetMatch $src -}}
  <a href="{{ $res.RelPermalink }}" class="lightbox"><img src="{{ $res.RelPermalink }}"
     alt="{{ .Get "caption" }}" loading="lazy"></a>
{{- end -}}
{{- with .Get "caption" }}<figcaption>{{ . | markdownify }}</figcaption>{{ end -}}
</figure>
"""


def test_a_site_s_media_shortcode_shows_its_image_or_video(tmp_path: Path) -> None:
    """A blog's own `media` shortcode picks a player or a lightbox by the file's kind
    (`hasPrefix`, `Resources.GetMatch`), which the template reader does not run: each
    of its 40 uses was left in a comment with a warning, the figures and videos gone.
    A use naming an image file is Hugo's `figure`, a YouTube address `youtube`."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "RL notes"\nlanguageCode = "en"\n',
        "layouts/shortcodes/media.html": MEDIA_TEMPLATE,
        "content/posts/rl/index.md": "---\ntitle: RL\ndate: 2025-05-31\n---\n\nIntro.\n\n"
        '{{< media src="loop.png" caption="An agent and its environment '
        '([source](https://example.org/rl))" >}}\n\n'
        '{{< media src="https://www.youtube.com/watch?v=b9H8kX_NKn4" caption="A talk" >}}\n\n'
        '{{<media\nsrc="https://example.org/demo.mp4"\ncaption="Video 1: the demo"\n>}}\n',
        "content/posts/rl/loop.png": png(80, 40)})
    assert imported.report.warnings == []
    notes = [e.message for e in imported.report.entries if "`media`" in e.message]
    assert len(notes) == 3 and "figure" in notes[0] and "youtube" in notes[1]
    assert "`video`" in notes[2]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/rl/index.html")
    caption = page.one("figure", id="figure-1").one("figcaption")
    assert caption.one("a")["href"] == "https://example.org/rl"
    assert "b9H8kX_NKn4" in str(page) and "A talk" in page.text()
    assert any(a.get("href") == "https://example.org/demo.mp4" for a in page.find_all("a"))
    assert "Video 1: the demo" in page.text()


def test_a_github_shortcode_naming_a_repository_in_a_sentence_is_a_link(
        tmp_path: Path) -> None:
    """`{{< github "owner/repo" >}}` (a blog's own, a link in its sentence) was left in a
    comment, "no `repo`", the sentence missing its subject."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Dev"\nlanguageCode = "en"\n',
        "content/posts/dev.md": "---\ntitle: Dev\ndate: 2025-08-03\n---\n\n"
        'Among them, {{< github "example-org/tracer" >}} stands out; see also '
        '{{< github "example-user" >}}.\n'})
    paragraph = prose(out, "posts/dev/index.html").one("p")
    assert [a["href"] for a in paragraph.find_all("a")] == [
        "https://github.com/example-org/tracer", "https://github.com/example-user"]
    assert paragraph.text().startswith("Among them, example-org/tracer stands out")


def test_a_shortcode_citing_its_own_post_gives_way_to_cite_this_post(
        tmp_path: Path) -> None:
    """An ML blog ends its posts with its own `{{< bibtex >}}`, the post's BibTeX entry
    from its title, date and permalink (`site.Title`, which the template reader does
    not run): each was left in a comment with a warning, though Lanting shows a "cite
    this post" block under each post."""
    imported = imported_site(tmp_path, {
        "hugo.toml": 'title = "RL notes"\nlanguageCode = "en"\n',
        "layouts/shortcodes/bibtex.html":
            '{{- $key := printf "%s%s" (.Page.Date.Format "2006") (.Page.Title | urlize) -}}\n'
            '<pre><code>@article{ {{- $key -}},\n  title = { {{- .Page.Title -}} },\n'
            '  journal = { {{- site.Title -}} },\n  url = { {{- .Page.Permalink -}} }\n}'
            "</code></pre>\n",
        "content/posts/bandit.md": "---\ntitle: Bandits\ndate: 2024-04-30\n---\n\n"
        "Text.\n\n## Citation\n\n{{< bibtex >}}\n"})
    assert imported.report.warnings == []
    text = (imported.dest / "content/posts/bandit.md").read_text(encoding="utf-8")
    assert "bibtex" not in text and "Text." in text
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/bandit/index.html").read_text(encoding="utf-8"))
    assert "@misc{" in page.one("details", class_="cite-this").text()  # (Lanting's own)


def test_a_theme_s_mathblock_is_display_math(tmp_path: Path) -> None:
    """hugo-blog-awesome's `mathblock` holds display math, its TeX bare or inside `$$`:
    it was left in a comment with a warning, the formula shown as text between."""
    out = built_cleanly(tmp_path, {
        "hugo.toml": 'title = "Notes"\nlanguageCode = "en"\ntheme = "hugo-blog-awesome"\n',
        "content/posts/sums.md": "---\ntitle: Sums\ndate: 2025-08-10\nmath: true\n---\n\n"
        "{{< mathblock >}}\n\\begin{aligned}\n\\sum_{k=1}^{n} k &= \\frac{n(n+1)}{2}\n"
        "\\end{aligned}\n{{< /mathblock >}}\n\n"
        "{{< mathblock >}}$$\n\\begin{align}\nf(x) &= (x+1)^2\n\\end{align}\n$$"
        "{{< /mathblock >}}\n"})
    page = prose(out, "posts/sums/index.html")
    assert len(page.find_all("math")) == 2 and "mathblock" not in page.text()
    assert "\\sum" not in page.text() and "$$" not in page.text()
