"""Hexo posts shaped like those of real NexT and Butterfly blogs that a sweep imported
(own minimal text, modelled on their layout): each case is a fault the import had."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, detect, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
PACKAGE = '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6"}}'


def hexo_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A small Hexo site (with a `package.json` naming hexo and marked) imported into
    `tmp_path/new`."""
    source = tmp_path / "old"
    write_files(source, {"package.json": PACKAGE, **files})
    return import_site(source, tmp_path / "new", "hexo", False, NOW)


def post_text(imported: Imported, name: str) -> str:
    posts = imported.dest / "content" / "posts"
    path = posts / f"{name}.md"
    return (path if path.is_file() else posts / name / "index.md").read_text(encoding="utf-8")


def test_a_scaffold_placeholder_key_keeps_the_front_matter(tmp_path: Path) -> None:
    """`typora-copy-images-to: {{ title }}` (a scaffold's line, its placeholder never
    filled) is a mapping used as a key: js-yaml reads it, ruamel refused it, and the
    post lost its title and date."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/pose.md": "---\ntitle: 姿态估计笔记\ndate: 2020-07-15 09:57:29\n"
                                 "typora-copy-images-to: {{ title }}\n"
                                 "description: 读论文\n---\n正文。\n"})
    post = post_text(imported, "pose")
    assert "title: 姿态估计笔记" in post and "date: 2020-07-15T09:57:29" in post
    assert "summary: 读论文" in post
    assert not any("front matter not read" in e.message for e in imported.report.entries)


def test_front_matter_with_no_opening_fence_is_read_as_hexo_read_it(
        tmp_path: Path) -> None:
    """`title: …` on a post's first line and `---` after its keys, no `---` above
    (hexo-front-matter reads it; a 2015 blog wrote 9 posts so): the front matter was
    the body's first paragraph, and the post lost its title, tags and date (the
    file's time, with a warning). Prose above a thematic break stays the body."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/polar.md": "title: 极坐标变换\ndate: 2015-06-21 09:30:00\n"
                                  "categories: blog #分类\ntags: [OpenCV]\n---\n"
                                  "## 原理\n正文。\n",
        "source/_posts/plain.md": "只有正文，没有头。\n\n---\n\n第二段。\n"})
    post = post_text(imported, "polar")
    assert "title: 极坐标变换" in post and "date: 2015-06-21T09:30:00" in post
    assert "OpenCV" in post and "categories" not in post.split("---")[2]
    assert not [w for w in imported.report.warnings if "polar" in str(w.path)]
    plain = post_text(imported, "plain")
    assert "只有正文，没有头。" in plain.split("---", 2)[2] and "第二段。" in plain


def test_a_slug_permalink_is_the_file_name(tmp_path: Path) -> None:
    """`permalink: :slug/` (a Hexo blog of 200 posts): Hexo set every post's `slug` to
    its file name, over any `slug:` of the front matter; the import found no value
    for `:slug` and gave no post its old URL (a warning for each)."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npermalink: :slug/\n",
        "source/_posts/2024cafe.md": "---\ntitle: 咖啡店\ndate: 2024-12-31\n---\n正文。\n",
        "source/_posts/notes.md": "---\ntitle: 笔记\ndate: 2024-01-02\nslug: other\n---\n"
                                  "正文。\n"})
    assert not [w for w in imported.report.warnings if ":slug" in w.message]
    assert 'aliases: ["/2024cafe/"]' in post_text(imported, "2024cafe")
    assert 'aliases: ["/notes/"]' in post_text(imported, "notes")


def test_a_list_value_in_the_permalink_is_joined_as_javascript_did(tmp_path: Path) -> None:
    """`abbrlink: [y-combinator]` under `permalink: :abbrlink/`: Hexo's permalink wrote
    the list as JavaScript's `String()` does, `/y-combinator/`; the alias was Python's
    spelling, `/['y-combinator']/`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\npermalink: :abbrlink/\n",
        "source/_posts/y.md": "---\ntitle: Y\ndate: 2023-11-09\nabbrlink:\n  - fixed-point\n"
                              "---\nText.\n"})
    assert 'aliases: ["/fixed-point/"]' in post_text(imported, "y")


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">'
       '<rect width="4" height="4"/></svg>\n')


def built_images(imported: Imported, url: str) -> list[str]:
    """The `src` of each image of the page at `url`, once the imported site built
    (a missing image stops the build) without a warning."""
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = imported.dest / "public" / url.strip("/") / "index.html"
    main = parse_html(page.read_text(encoding="utf-8")).one("main")
    return [e["src"] for e in main.iter() if e.tag == "img"]


def test_a_percent_encoded_asset_name_finds_its_file(tmp_path: Path) -> None:
    """`![](%E6%B5%81%E7%A8%8B.svg)` (Typora writes Chinese names so) beside a post with
    an asset folder: the browser asked for `流程.svg`, which the folder holds; the import
    looked for a file named with the percent signs and left the image missing."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/flow.md": "---\ntitle: 流程\ndate: 2020-06-01\n---\n"
                                 "![示意](%E6%B5%81%E7%A8%8B.svg)\n",
        "source/_posts/flow/流程.svg": SVG})
    [src] = built_images(imported, "/posts/flow/")
    assert src.endswith("流程.svg") or src.endswith("%E6%B5%81%E7%A8%8B.svg")
    assert (imported.dest / "content" / "posts" / "flow" / "流程.svg").is_file()


@pytest.mark.parametrize(("marked", "rooted"), [
    ('"^6.2.0"', True), ('"^4.0.0"', False), ('"^6.2.0"', False)])
def test_marked_puts_root_before_a_relative_image(tmp_path: Path, marked: str,
                                                  rooted: bool) -> None:
    """hexo-renderer-marked 5 and later (`prependRoot`, on by default) made
    `![](img/curve.svg)` in a post `/img/curve.svg`, a file of `source/img/`, on every
    page; the import read it relative to the post and the image went missing. Marked 4
    and `prependRoot: false` left it relative, and so does the import."""
    off = "marked:\n  prependRoot: false\n" if marked == '"^6.2.0"' and not rooted else ""
    imported = hexo_site(tmp_path, {
        "package.json": f'{{"dependencies": {{"hexo": "^7", "hexo-renderer-marked": {marked}}}}}',
        "_config.yml": f"title: T\nlanguage: zh-CN\n{off}",
        "source/_posts/newton.md": "---\ntitle: 牛顿法\ndate: 2024-07-31\n---\n"
                                   "![曲线](img/curve.svg)\n",
        "source/img/curve.svg": SVG})
    assert ("](img/curve.svg)" not in post_text(imported, "newton")) == rooted
    if rooted:
        [src] = built_images(imported, "/posts/newton/")
        assert src.endswith("curve.svg") and not src.startswith("img/")


def test_a_raw_html_image_is_not_marked_s(tmp_path: Path) -> None:
    """`prependRoot` is marked's rendering of a Markdown image: a raw `<img>` went to
    the page as written, so the import leaves it relative."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/_posts/raw.md": "---\ntitle: Raw\ndate: 2024-07-31\n---\n"
                                "<img src=\"img/curve.svg\">\n",
        "source/img/curve.svg": SVG})
    assert '<img src="img/curve.svg">' in post_text(imported, "raw")


def test_next_caniuse_tables_are_links(tmp_path: Path) -> None:
    """NexT's `{% caniuse fetch %}` (and `{% can %}`, `{% caniuse x @ current %}`)
    embedded the third-party table of a feature's browser support; it was left in a
    comment with a warning. It is a link to the feature's page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/web.md": "---\ntitle: 浏览器\ndate: 2021-06-16\n---\n"
                                "支持情况：\n\n{% can fetch %}\n\n"
                                "{% caniuse wasm-simd @ past_1,current %}\n"})
    post = post_text(imported, "web")
    assert "[Can I use: fetch](https://caniuse.com/fetch)" in post
    assert "[Can I use: wasm-simd](https://caniuse.com/wasm-simd)" in post
    assert "{%" not in post and imported.report.warnings == []


def test_a_pdf_tag_is_a_link_to_the_kept_file(tmp_path: Path) -> None:
    """`{% pdf /uploads/频率计.pdf %}` (NexT's viewer of a PDF in the page) was left in a
    comment with a warning, and the file was not copied. It is a link to the file."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/meter.md": "---\ntitle: 频率计\ndate: 2021-06-16\n---\n"
                                  "实验报告：\n\n{% pdf /uploads/频率计.pdf %}\n",
        "source/uploads/频率计.pdf": b"%PDF-1.4\n%%EOF\n"})
    post = post_text(imported, "meter")
    assert "[📄 频率计.pdf](" in post and "{%" not in post
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((imported.dest / "public" / "posts" / "meter" / "index.html")
                      .read_text(encoding="utf-8"))
    [href] = [a["href"] for a in page.one("main").iter()
              if a.tag == "a" and a.text().startswith("📄")]
    assert (imported.dest / "public" / unquote(href).lstrip("/")).is_file() or \
        (imported.dest / "public" / "posts" / "meter" / unquote(href)).is_file()


def test_images_of_the_theme_s_source_folder_are_found(tmp_path: Path) -> None:
    """Hexo merges the theme's `source/` into the site: `cover: /img/java_logo.png` and
    `![](/img/jvm.svg)` kept in `themes/butterfly/source/img/` (as a real Butterfly blog
    keeps its covers) were "not found": the cover left out, the image missing."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: butterfly\n",
        "source/_posts/jvm.md": "---\ntitle: JVM 笔记\ndate: 2024-01-01\n"
                                "cover: /img/java_logo.svg\n---\n![内存](/img/jvm.svg)\n",
        "themes/butterfly/source/img/java_logo.svg": SVG,
        "themes/butterfly/source/img/jvm.svg": SVG})
    post = post_text(imported, "jvm")
    assert "cover:" in post
    assert not any("not found" in e.message for e in imported.report.entries)
    [src] = built_images(imported, "/posts/jvm/")
    assert src.endswith("jvm.svg")


def test_a_sliding_spoiler_is_a_collapsible_block(tmp_path: Path) -> None:
    """hexo-sliding-spoiler's `{% spoiler Hint 1 %}…{% endspoiler %}` (the hints of a
    real Fluid blog's contest solutions, math inside) was left in comments, a warning
    for each tag, the hint shown open. It folds, its title the summary."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: fluid\n",
        "source/_posts/sol.md": "---\ntitle: 题解\ndate: 2024-01-01\n---\n## 提示\n\n"
                                "{% spoiler Hint 1 %}\n$s_n$ 是所有数的积\n{% endspoiler %}\n"})
    assert imported.report.warnings == []
    built_images(imported, "/posts/sol/")
    page = parse_html((imported.dest / "public" / "posts" / "sol" / "index.html")
                      .read_text(encoding="utf-8"))
    [hint] = [d for d in page.find_all("details") if d.one("summary").text() == "Hint 1"]
    assert hint.find("math") is not None


def test_pandoc_added_beside_marked_is_the_renderer(tmp_path: Path) -> None:
    """A site that installed hexo-renderer-pandoc and kept marked in `package.json` was
    rendered by pandoc (registered after marked): its line ends were spaces, but the
    import took them for marked's `<br>` and ended each with `\\`, and undid marked's
    escapes in math that pandoc had read as written."""
    imported = hexo_site(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^5", "hexo-renderer-marked": "^4.0.0",'
                        ' "hexo-renderer-pandoc": "^0.3.0"}}',
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/p.md": "---\ntitle: P\ndate: 2020-07-15\n---\n第一行\n第二行\n\n"
                              "$a\\_b$\n"})
    post = post_text(imported, "p")
    assert "第一行\n第二行\n" in post and "$a\\_b$" in post


def test_dot_segments_above_the_root_resolve_as_the_browser_did(tmp_path: Path) -> None:
    """`/../../images/P/a.svg` (a post written beside `source/_posts/projects/`, as the
    editor saw the folders) was `/images/P/a.svg` to the browser, and marked 5's
    `prependRoot` made `../../images/P/b.svg` the same; the import looked above the
    site's folder and both images went missing (a real Icarus blog, 16 images)."""
    imported = hexo_site(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^6", "hexo-renderer-marked": "^5.0.0"}}',
        "_config.yml": "title: T\nlanguage: en\npermalink: /post/:title/\n",
        "source/_posts/projects/pal.md": "---\ntitle: Pal\ndate: 2022-03-01\n---\n"
                                         "![one](/../../images/P/a.svg)\n\n"
                                         "![two](../../images/P/b.svg)\n",
        "source/images/P/a.svg": SVG, "source/images/P/b.svg": SVG})
    assert not any("not found" in e.message for e in imported.report.entries)
    sources = built_images(imported, "/posts/pal/")
    assert [s.rsplit("/", 1)[-1] for s in sources] == ["a.svg", "b.svg"]


def test_spaces_around_a_raw_image_url_are_dropped(tmp_path: Path) -> None:
    """`<img src="/images/Data%20Science/ga.png " width="300px">` (a real Icarus post):
    browsers strip the spaces around a URL attribute, so the image showed; the import
    looked for a file whose name ended in a space and left it missing."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/_posts/ga.md": "---\ntitle: GA\ndate: 2022-03-01\n---\n"
                               '<img src="/images/Data%20Science/ga.svg " width="300px">\n',
        "source/images/Data Science/ga.svg": SVG})
    assert not any("not found" in e.message for e in imported.report.entries)
    [src] = built_images(imported, "/posts/ga/")
    assert src.endswith("ga.svg")


def test_a_post_behind_a_password_is_a_draft(tmp_path: Path) -> None:
    """hexo-blog-encrypt showed a post with `password:` only to who typed it; the import
    published its text for everyone. It is a draft, with a warning at the key."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/diary.md": "---\ntitle: 日记\ndate: 2021-03-01 10:00:00\n"
                                  "password: 0506\nabstract: 输入密码\n---\n私事。\n",
        "source/_posts/open.md": "---\ntitle: 公开\ndate: 2021-03-02 10:00:00\n---\n正文。\n"})
    assert "draft: true" in post_text(imported, "diary")
    assert "draft" not in post_text(imported, "open")
    warned = [(w.line, w.message.split(":")[0]) for w in imported.report.warnings]
    assert warned == [(4, "protected by a password (hexo-blog-encrypt)")]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "私事" not in "".join(p.read_text(encoding="utf-8")
                               for p in (imported.dest / "public").rglob("*.html"))


def test_a_draft_without_a_date_is_a_notice_not_a_warning(tmp_path: Path) -> None:
    """Hexo's draft scaffold writes no date (`hexo publish` adds it): each of a blog's
    75 drafts was a warning that its file's time is used, burying the warnings about
    what a reader would miss. A draft's is a notice; a post's stays a warning."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_drafts/todo.md": "---\ntitle: 待写\ntags:\n---\n提纲。\n",
        "source/_posts/done.md": "---\ntitle: 已写\n---\n正文。\n"})
    dated = [(e.severity, e.path) for e in imported.report.entries
             if e.message.startswith("no date in the front matter")]
    assert sorted(dated) == [("notice", "source/_drafts/todo.md"),
                             ("warning", "source/_posts/done.md")]


def test_a_post_locked_by_its_tag_is_a_draft(tmp_path: Path) -> None:
    """hexo-blog-encrypt's `encrypt: tags:` in `_config.yml` locks every post with that
    tag, with no `password:` in the post; the import published their text for everyone.
    They are drafts, with a warning at the tags; `password: ''` unlocks one."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\nencrypt:\n  tags:\n"
                       "  - {name: 私密, password: abc}\n",
        "source/_posts/diary.md": "---\ntitle: 日记\ndate: 2021-03-01\ntags:\n- 私密\n"
                                  "---\n私事。\n",
        "source/_posts/open.md": "---\ntitle: 公开\ndate: 2021-03-02\ntags: [私密]\n"
                                 "password: ''\n---\n正文。\n"})
    assert "draft: true" in post_text(imported, "diary")
    assert "draft" not in post_text(imported, "open")
    [warning] = imported.report.warnings
    assert (warning.line, warning.message.split(":")[0]) == (
        4, "protected by the password of its tag `私密` (hexo-blog-encrypt's `encrypt")
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "私事" not in "".join(p.read_text(encoding="utf-8")
                               for p in (imported.dest / "public").rglob("*.html"))


def test_a_link_to_the_old_url_of_a_locked_post_is_plain_text(tmp_path: Path) -> None:
    """A post behind hexo-blog-encrypt's password, linked by its old URL from another
    (`[总结](../poems#川西)`, a travel blog's): the locked post is imported as a draft,
    and the link failed the build as broken. As a link to its source file already did,
    it becomes its text, with a warning."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npermalink: :slug/\n",
        "source/_posts/poems.md": "---\ntitle: 诗\ndate: 2024-01-01\npassword: x\n---\n"
                                  "## 川西\n诗。\n",
        "source/_posts/trip.md": "---\ntitle: 川西\ndate: 2024-02-01\n---\n"
                                 "见[总结](../poems#川西)。\n"})
    assert any("a link to the draft `诗`" in w.message for w in imported.report.warnings)
    assert "见总结。" in post_text(imported, "trip")
    result = build(imported.dest, BuildOptions())  # (a broken link fails the build)
    assert [str(w) for w in result.warnings] == []


def test_a_cover_at_the_post_s_old_url_is_its_asset(tmp_path: Path) -> None:
    """Icarus' `thumbnail: /2022/01/14/博客日记/logo.svg` names the post's asset at its
    old URL (Hexo published the asset folder beside the page): the cover was "not
    found" and left out, on every post of the blog. It is the asset."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: icarus\npost_asset_folder: true\n"
                       "permalink: :year/:month/:day/:title/\n"
                       "new_post_name: :year-:month-:day-:title.md\n",
        "source/_posts/2022-01-14-博客日记.md": "---\ntitle: 博客日记\ndate: 2022-01-14\n"
                                             "thumbnail: /2022/01/14/博客日记/logo.svg\n"
                                             "---\n搭博客。\n",
        "source/_posts/2022-01-14-博客日记/logo.svg": SVG})
    assert imported.report.warnings == []
    post = post_text(imported, "博客日记")
    cover = next(line for line in post.splitlines() if line.startswith("cover:"))
    assert cover.removeprefix("cover:").strip()
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert any(p.name == "logo.svg" for p in (imported.dest / "public").rglob("*.svg"))


def test_a_relative_cover_is_read_from_the_site_s_root(tmp_path: Path) -> None:
    """Redefine's `thumbnail: "./images/bot.jpg"`, printed through `url_for`, which put
    the root before it (`/./images/bot.jpg`, the file `source/images/bot.jpg`): the
    cover was "not found" and left out."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: redefine\n",
        "source/_posts/bot.md": "---\ntitle: 机器人\ndate: 2023-09-12\n"
                                "thumbnail: \"./images/bot.jpg\"\n---\n正文。\n",
        "source/images/bot.jpg": SVG})
    assert imported.report.warnings == []
    post = post_text(imported, "bot")
    assert any(line.startswith("cover: ") and "bot.jpg" in line for line in post.splitlines())
    build(imported.dest, BuildOptions())


def test_a_root_image_path_with_a_space_is_the_image(tmp_path: Path) -> None:
    """`![对比](/assets/images/intro/compare methods.png)`, a file of `source/` named
    with a space: the path was left bare, which Markdown reads as text, and the page
    showed the image's source. It is the image."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/intro.md": "---\ntitle: 强化学习导论\ndate: 2023-08-25\n---\n"
                                  "几种方法：\n\n"
                                  "![对比](/assets/images/intro/compare methods.svg)\n",
        "source/assets/images/intro/compare methods.svg": SVG})
    [src] = built_images(imported, "/posts/intro/")
    assert unquote(src).endswith("compare methods.svg")


def test_a_post_link_to_a_heading_of_the_post(tmp_path: Path) -> None:
    """Hexo 7's `{% post_link lldb-status#issues Known Issues %}` (a heading of the
    post) was left in a comment: no post named `lldb-status#issues`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntheme: next\n",
        "source/_posts/lldb-status.md": "---\ntitle: Status\ndate: 2016-08-01\n---\n"
                                        "## issues\n\nSome.\n\n## Upstream Bugs\n\nMore.\n",
        "source/_posts/lldb-report.md": "---\ntitle: Report\ndate: 2016-08-20\n---\n"
                                        "See {% post_link lldb-status#issues "
                                        "Known Issues %} and {% post_link "
                                        "lldb-status#upstream-bugs bugs %}.\n"})
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((imported.dest / "public" / "posts" / "lldb-report" / "index.html")
                      .read_text(encoding="utf-8"))
    [href] = [a["href"] for a in page.one("main").iter()
              if a.tag == "a" and a.text() == "Known Issues"]
    assert href.endswith("/lldb-status/#issues")
    # (`#upstream-bugs` named no heading on the old page either: ids kept their case)
    [href] = [a["href"] for a in page.one("main").iter() if a.tag == "a" and a.text() == "bugs"]
    assert href.endswith("/lldb-status/#Upstream-Bugs")


def test_source_index_md_is_the_home_page(tmp_path: Path) -> None:
    """`source/index.md` answered at `/index.html`, the site's home page. Imported as a
    page with that old URL as its alias, it took the home page's own file and the build
    failed (a real NexT blog). Its text is the new home page's."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/index.md": "---\ntitle: Welcome\n---\nI write about compilers.\n",
        "source/_posts/first.md": "---\ntitle: First\ndate: 2021-03-02 10:00:00\n---\nHi.\n"})
    assert not (imported.dest / "content" / "pages" / "index.md").exists()
    home = (imported.dest / "content" / "_index.md").read_text(encoding="utf-8")
    assert "I write about compilers." in home
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    root = parse_html((imported.dest / "public" / "index.html").read_text(encoding="utf-8"))
    assert "I write about compilers." in root.one("main").text()


def test_kramed_bold_with_a_space_inside_its_stars_is_bold(tmp_path: Path) -> None:
    """hexo-renderer-kramed (a fork of marked 0.3) read `**` … the next `**` as bold
    whatever was inside: a Java blog's `**@AfterEach **：` and `**句子。 **` at a line's
    end were bold, and showed their stars on the new site (16 warnings). Under marked
    (CommonMark's rules) they were stars, and stay so."""
    post = ("---\ntitle: JUnit\ndate: 2021-03-01\n---\n\n- **@AfterEach **：每个测试之后\n\n"
            "**数组的内容存放在堆中。 **\n\n问题4：**ResultSet是什么 **\n\n"
            "<div align='center'>\n    <b>图</b>\n</div>\n## 3.4 会话表示\n")
    kramed = hexo_site(tmp_path / "k", {
        "package.json": '{"dependencies": {"hexo": "^5", "hexo-renderer-kramed": "^0.1"}}',
        "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/junit.md": post})
    out = build(kramed.dest, BuildOptions(output=tmp_path / "k-out"))
    assert [str(w) for w in out.warnings] == []
    prose = parse_html((out.output / "posts/junit/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert [b.text() for b in prose.find_all("strong")] == [
        "@AfterEach", "数组的内容存放在堆中。", "ResultSet 是什么"]
    # (and, as kramed read it, Markdown right under `</div>` is Markdown)
    assert prose.one("h2").text().endswith("会话表示")
    marked = hexo_site(tmp_path / "m", {"_config.yml": "title: Notes\nlanguage: zh-CN\n",
                                        "source/_posts/junit.md": post})
    assert "**@AfterEach **" in post_text(marked, "junit")


def test_markdown_it_katex_listed_after_kramed_is_the_renderer(tmp_path: Path) -> None:
    """A site that kept hexo-renderer-kramed and added hexo-renderer-markdown-it-katex
    (registered after it, as npm lists packages alphabetically) rendered with
    markdown-it. The second went unseen, so kramed's reading was applied: `**x **`,
    stars under markdown-it, became bold."""
    package = ('{"dependencies": {"hexo": "^6", "hexo-renderer-kramed": "^0.1",'
               ' "hexo-renderer-markdown-it-katex": "^3.4"}}')
    imported = hexo_site(tmp_path, {
        "package.json": package, "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/junit.md": "---\ntitle: JUnit\ndate: 2021-03-01\n---\n\n"
                                  "问题4：**ResultSet是什么 **\n"})
    assert "**ResultSet是什么 **" in post_text(imported, "junit")


def test_a_nunjucks_value_in_prose_is_reported_at_its_own_line(tmp_path: Path) -> None:
    """`{{range .Items}}` in a sentence, after a Go template in a code block writing the
    same (left alone, as Hexo did): the warning named the code block's line,
    where nothing was changed, instead of the sentence's."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/tmpl.md": "---\ntitle: 模板\ndate: 2020-01-01\n---\n\n```go\n"
                                 "const t = `{{range .Items}}-\n{{end}}`\n```\n\n"
                                 "- 循环写作{{range .Items}}和{{end}}两个动作\n"})
    found = [(e.line, e.message) for e in imported.report.entries
             if "Nunjucks value" in e.message]
    assert [line for line, _ in found] == [11, 11]
    assert "`{{range .Items}}`" in found[0][1] and "`{{end}}`" in found[1][1]
    post = post_text(imported, "tmpl")
    assert "const t = `{{range .Items}}-\n{{end}}`" in post


def test_posix_character_classes_stay_text_without_a_warning(tmp_path: Path) -> None:
    """A table of `[[:alpha:]]`, `[[:digit:]]` (a post on regular expressions): each was
    warned of as a `[[note]]` naming no page, eight warnings for text shown right."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/re.md": "---\ntitle: 正则\ndate: 2020-01-01\n---\n\n"
                               "| 字符簇 | 描述 |\n| -- | -- |\n| [[:alpha:]] | 字母 |\n"
                               "| [[:digit:]] | 数字 |\n"})
    assert not [e for e in imported.report.entries if "names no page" in e.message]
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    cells = parse_html((out.output / "posts/re/index.html").read_text(encoding="utf-8")
                       ).one("table").find_all("td")
    assert [c.text() for c in cells[::2]] == ["[[:alpha:]]", "[[:digit:]]"]


def test_a_shell_prompt_of_percent_under_a_line_is_shown(tmp_path: Path) -> None:
    """`运行` and under it `% hadoop URLCat …` (a Hadoop post, hexo-renderer-pandoc): the
    old page showed the command; Lanting hid it as MyST's comment, with a warning."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/hdfs.md": "---\ntitle: HDFS\ndate: 2020-01-01\n---\n\n运行\n"
                                 "% hadoop URLCat hdfs://localhost/a.txt\n\n% 另一行\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in out.warnings] == []
    prose = parse_html((out.output / "posts/hdfs/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert "% hadoop URLCat hdfs://localhost/a.txt" in prose.text()
    assert "% 另一行" in prose.text()


def test_settings_passed_to_hexo_config_are_found(tmp_path: Path) -> None:
    """A NexT blog built by a script running `hexo g --config _config.main.yml,…`: no
    `_config.yml` in the repository, so it was no site Lanting could import."""
    source = tmp_path / "old"
    write_files(source, {
        "package.json": PACKAGE,
        "_config.main.yml": "title: 香草的博客\nlanguage: zh-CN\nroot: /blog\n"
                            "permalink: :year/:month/:day/:title/\nsource_dir: source\n"
                            "theme: next\n",
        "_config.next.yml": "menu:\n  home: / || fa fa-home\n",
        "source/_posts/mst.md": "---\ntitle: MST\ndate: 2024-07-20\n---\n正文。\n"})
    assert detect(source) == "hexo"
    imported = import_site(source, tmp_path / "new", None, False, NOW)
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'title = "香草的博客"' in config and 'language = "zh-CN"' in config
    assert "aliases: [\"/2024/07/20/mst/\"]" in post_text(imported, "mst")
    assert any(e.path == "_config.main.yml" and "hexo --config" in e.message
               for e in imported.report.entries)


def test_an_html_page_of_the_source_folder_is_reported(tmp_path: Path) -> None:
    """NexT's friends page written as `source/links/index.html` (front matter, then its
    HTML), which Hexo rendered in the theme's layout: it was left out with no word.
    One that `skip_render` names is copied as it is."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nskip_render: [verify.html]\n",
        "source/links/index.html": "---\ntitle: Friends\ntype: links\n---\n<div>友链</div>\n",
        "source/verify.html": "abc\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n正文。\n"})
    [entry] = [e for e in imported.report.entries if "HTML page" in e.message]
    assert entry.severity == "warning" and entry.path == "source/links/index.html"
    assert "`/links/`" in entry.message
    assert (imported.dest / "static" / "verify.html").is_file()


def test_pandoc_a_lone_image_line_over_a_display_formula(tmp_path: Path) -> None:
    """`<img …/>` alone on a line, `$$` … `$$` under it, then `**圆心处**` (a NexT blog on
    hexo-renderer-pandoc): Pandoc read one paragraph, the formula and the bold text in
    it; CommonMark an HTML block to the blank line, the bold showing its stars."""
    imported = hexo_site(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^7", "hexo-renderer-pandoc": "^0.4"}}',
        "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/b.md": "---\ntitle: 磁场\ndate: 2024-06-22\n---\n\n> 圆线圈\n\n"
                              '<img src="https://example.org/loop.png" alt="loop" />\n'
                              "$$\nB=\\frac{\\mu_0 I}{2R}\n$$\n**圆心处**\n\n$x=0$\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in out.warnings] == []
    prose = parse_html((out.output / "posts/b/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert prose.find("img") is not None and prose.find("div", class_="math-display")
    assert [b.text() for b in prose.find_all("strong")] == ["圆心处"]


def test_kramed_display_math_under_a_line_of_text_spans_blank_lines(
        tmp_path: Path) -> None:
    """kramed's display math interrupted a paragraph and ran to the next `$$` across
    blank lines: `定义如下：`, then `$$`, an `aligned` with a blank line between its
    rows, `$$` (a recommendation blog's uplift posts). On the new site the formula
    ended with the paragraph, its TeX left in the page (14 warnings in one post). It
    is one display formula; the formulas after it keep their places."""
    post = ("---\ntitle: Uplift\ndate: 2023-05-01\nmathjax: true\n---\n\n"
            "定义如下：\n$$\n\\begin{aligned}\n\\tau(x) &= \\mu_1(x) - \\mu_0(x) \\\\\n\n"
            "\\mu_1(x) &= \\mathbb{E}(Y \\mid W=1)\n\\end{aligned}\n$$\n"
            "其中 $W$ 是处理变量，再看：\n$$\nz = 1\n$$\n")
    kramed = hexo_site(tmp_path, {
        "package.json": '{"dependencies": {"hexo": "^5", "hexo-renderer-kramed": "^0.1"}}',
        "_config.yml": "title: Notes\nlanguage: zh-CN\n",
        "source/_posts/uplift.md": post})
    out = build(kramed.dest, BuildOptions())
    assert [str(w) for w in out.warnings] == []
    prose = parse_html((out.output / "posts/uplift/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    blocks = prose.find_all("div", class_="math-display")
    assert len(blocks) == 2 and len(blocks[0].find_all("mtr")) == 2
    assert "\\begin" not in prose.text() and "$" not in prose.text()
    assert prose.find_all("p")[0].text().strip() == "定义如下："


def test_two_formulas_side_by_side_hide_no_image_further_on(tmp_path: Path) -> None:
    """`$f(t)是$$\\delta(t)$` (two inline formulas, glued) was taken for a display
    formula's opening `$$`, running on to a `$$` pages later: the images between, in a
    table of a post's asset folder, kept their old paths and the build failed."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: Notes\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/signal.md": (
            "---\ntitle: 信号\ndate: 2023-05-01\n---\n\n证明$f(t)是$$\\delta(t)$即可。\n\n"
            "| 时域 | 频域 |\n| --- | --- |\n| ![t](./signal/t.png) | ![f](./signal/f.png) |\n\n"
            "末尾：\n\n$$\nx^2\n$$\n"),
        "source/_posts/signal/t.png": png(4, 4), "source/_posts/signal/f.png": png(4, 4)})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    prose = parse_html((out / "posts/signal/index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    assert [unquote(i["src"]).rsplit("/", 1)[-1] for i in prose.find_all("img")] == [
        "t.png", "f.png"]


def test_a_video_of_the_asset_folder_moves_with_the_post(tmp_path: Path) -> None:
    """`<video src='output.mp4'>` in a post of a Keep blog with `post_asset_folder`:
    Hexo published the whole folder beside the page, but only images were taken from
    it; the video stayed behind and the build failed on a broken video."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/demo.md": "---\ntitle: 演示\ndate: 2022-05-01\n---\n"
                                 "![界面](ui.png)\n\n<video src='output.mp4' controls></video>\n",
        "source/_posts/demo/ui.png": png(4, 4),
        "source/_posts/demo/output.mp4": b"\x00\x00\x00\x18ftypmp42"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = result.output / "posts" / "demo"
    video = parse_html((page / "index.html").read_text(encoding="utf-8")).one("video")
    assert video["src"].endswith("output.mp4")
    assert (result.output / unquote(video["src"]).lstrip("/")).is_file()


def test_a_link_to_a_note_beside_it_with_spaces_is_a_link(tmp_path: Path) -> None:
    """`[Maximal Square.md](Maximal Square.md)`: Typora's link to the post's neighbour,
    its path with a space, was text (and a warning) on the new site, as it was on the
    old one; the file is there, so the link leads to that post now, as an image with
    such a path already did."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\n",
        "source/_posts/leetcode/Maximal Square.md": "---\ntitle: Maximal Square\n"
                                                    "date: 2021-10-01\n---\nDP.\n",
        "source/_posts/leetcode/Maximal Rectangle.md":
            "---\ntitle: Maximal Rectangle\ndate: 2021-10-02\n---\n"
            "Like [Maximal Square.md](Maximal Square.md), and [gone](Not Here.md).\n\n"
            "[讲义](my notes.pdf)\n",
        "source/_posts/leetcode/my notes.pdf": b"%PDF-1.4"})
    # (a file beside the post that is no image or note was never published: text still)
    assert "[讲义](my notes.pdf)" in post_text(imported, "maximal-rectangle")
    result = build(imported.dest, BuildOptions())
    assert sorted("Not Here.md" in str(w) for w in result.warnings) == [False, True]
    page = (result.output / "posts" / "maximal-rectangle" / "index.html")
    links = [a["href"] for a in parse_html(page.read_text(encoding="utf-8")).one(
        "div", class_="prose").find_all("a")]
    assert links == ["/posts/maximal-square/"]


def test_a_menu_entry_running_a_script_is_left_out(tmp_path: Path) -> None:
    """AnZhiYu's "random post" entry (`随便逛逛: javascript:toRandomPost() || icon`) was
    written into lanting.toml, where a `javascript:` URL fails the build."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: anzhiyu\n",
        "_config.anzhiyu.yml": "menu:\n  文章:\n    隧道: /archives/ || anzhiyu-icon-box\n"
                               "  我的:\n    随便逛逛: javascript:toRandomPost() || icon-shoe\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n正文。\n"})
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "javascript" not in config
    assert ("menu entry `随便逛逛` (javascript:toRandomPost()) left out: it ran a script "
            "of the old theme") in [e.message for e in imported.report.entries]
    build(imported.dest, BuildOptions())  # (it raised on the menu's URL)


def test_a_config_indented_with_tabs_is_read(tmp_path: Path) -> None:
    """`sitemap:` over `<tab>path: sitemap.xml` in `_config.yml` (a Butterfly blog's):
    Hexo's YAML renderer reads a tab opening a line as two spaces, as it does in front
    matter; YAML refuses it, and the whole file was lost (title, language, permalinks)
    with a warning."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: 小站\nlanguage: zh-CN\ntheme: butterfly\npermalink: p/:title/\n"
                       "sitemap:\n\tpath: sitemap.xml\n",
        "_config.butterfly.yml": "menu:\n\t关于: /about/ || fas fa-heart\n",
        "source/about/index.md": "---\ntitle: 关于\n---\n我。\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n正文。\n"})
    assert imported.report.warnings == []
    config = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'title = "小站"' in config and 'url = "/about/"' in config
    assert '"/p/a/"' in post_text(imported, "a")


def test_a_day_past_the_month_s_end_rolls_over_as_hexo_rolled_it(tmp_path: Path) -> None:
    """`date: 2018-02-31 23:50:48` (a post of a Hexo blog of 985): js-yaml made it
    March 3rd, and the post's URL had that day; ruamel refused the date, the whole
    front matter was lost, and the post its title and category."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntimezone: UTC\n",
        "source/_posts/paren.md": "---\ntitle: Matching Brackets\ndate: 2018-02-31 23:50:48\n"
                                  "categories: Puzzles\n---\nText.\n",
        "source/_posts/leap.md": "---\ntitle: Leap\ndate: 2020-02-30\n---\nText.\n"})
    post = post_text(imported, "paren")
    assert "title: Matching Brackets" in post and "date: 2018-03-03T23:50:48" in post
    assert 'aliases: ["/2018/03/03/paren/"]' in post and "Puzzles" in post
    assert "date: 2020-03-01" in post_text(imported, "leap")
    assert not any("front matter not read" in e.message for e in imported.report.entries)


def test_a_top_level_page_keeps_its_url_before_a_nested_namesake(tmp_path: Path) -> None:
    """`source/wallpaper/index.md` (at `/wallpaper/`) and `source/gallery/wallpaper/
    index.md` (at `/gallery/wallpaper/`): the nested one came first and took the slug,
    and `/wallpaper/` was left out, the top-level page answering elsewhere."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/gallery/wallpaper/index.md": "---\ntitle: 相册·壁纸\n---\n几张图。\n",
        "source/wallpaper/index.md": "---\ntitle: 壁纸\n---\n全部壁纸。\n"})
    assert not any("left out" in w.message for w in imported.report.warnings)
    pages = imported.dest / "content" / "pages"
    assert "全部壁纸" in (pages / "wallpaper.md").read_text(encoding="utf-8")
    assert '"/gallery/wallpaper/"' in (pages / "wallpaper-2.md").read_text(encoding="utf-8")


def test_a_page_behind_a_password_is_a_draft(tmp_path: Path) -> None:
    """hexo-blog-encrypt locks a page (`source/diary/index.md` with `password:`) as it
    locks a post, its filter running on every rendered page: the import published the
    page's text for everyone."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\nencrypt:\n  enable: true\n",
        "source/diary/index.md": "---\ntitle: 日记\npassword: secret\n---\n私事。\n",
        "source/about/index.md": "---\ntitle: 关于\n---\n[日记](/diary/)在这里。\n"})
    assert [w.message.split(" (")[0] for w in imported.report.warnings] == [
        "protected by a password", "a link to the draft `日记` became plain text"]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = "".join(p.read_text(encoding="utf-8")
                   for p in (imported.dest / "public").rglob("*.html"))
    assert "私事" not in html and "关于" in html


def test_a_post_locked_by_title_in_the_config_is_a_draft(tmp_path: Path) -> None:
    """hexo-blog-encrypt 1.x locked posts named by title in `_config.yml` (`encrypt:
    blogs: - {title: …, password: …}`), with no `password:` in the post: the import
    published their text for everyone."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\nencrypt:\n  enable: true\n  blogs:\n"
                       "    - title: 周记\n      password: abc\n",
        "source/_posts/week.md": "---\ntitle: 周记\ndate: 2018-04-01\n---\n私事。\n",
        "source/_posts/open.md": "---\ntitle: 公开\ndate: 2018-04-02\n---\n正文。\n"})
    assert "draft: true" in post_text(imported, "week")
    assert "draft" not in post_text(imported, "open")
    assert [(w.line, w.message.split(":")[0]) for w in imported.report.warnings] == [
        (2, "protected by the password that `encrypt")]
    build(imported.dest, BuildOptions())
    assert "私事" not in "".join(p.read_text(encoding="utf-8")
                               for p in (imported.dest / "public").rglob("*.html"))


def test_a_post_as_a_folder_is_named_by_its_folder(tmp_path: Path) -> None:
    """`source/_posts/ai/new-model/index.md` beside its pictures (a blog of 24 posts
    kept every post so): every post was named `index`, `index-2`, … with a warning
    each, and its new URL was `/posts/index-2/`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\npost_asset_folder: true\n",
        "source/_posts/ai/new-model/index.md": "---\ntitle: 新模型\ndate: 2023-03-01\n---\n"
                                               "![界面](ui.png)\n",
        "source/_posts/ai/new-model/ui.png": png(8, 8),
        "source/_posts/notes/first/index.md": "---\ntitle: 第一篇\ndate: 2023-03-02\n---\n"
                                              "正文。\n"})
    assert imported.report.warnings == []
    assert "title: 新模型" in post_text(imported, "new-model")
    assert "title: 第一篇" in post_text(imported, "first")
    assert built_images(imported, "posts/new-model/") != []


def test_a_page_at_lanting_s_own_url_gets_a_slug_of_its_own(tmp_path: Path) -> None:
    """`source/categories/index.md` with no `type: categories` (a page of charts of the
    blog's categories, an AnZhiYu blog): it was a page at `/categories/`, where Lanting
    writes its list of categories, and the build failed (two sources of one URL)."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/categories/index.md": "---\ntitle: 分类统计\n---\n## 统计\n图表。\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2023-01-01\ncategories: 笔记\n---\n正文。\n"})
    assert [w.message for w in imported.report.warnings] == [
        "slug `categories` is the URL of Lanting's own page `/categories/`: this one is "
        "`categories-2`"]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert "图表" in (imported.dest / "public" / "categories-2" / "index.html").read_text(
        encoding="utf-8")
