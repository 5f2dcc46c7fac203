"""Faults real Hugo and Hexo blogs exposed in round 17, in small sites written here: a
Hexo blog on Reimu (tabs that lost their text, its cards and friends page, links to
posts whose date changed), a Hugo blog on hugo-tufte (side notes), a Hugo blog moved
from Hexo (NexT's tags kept), an OI blog under `uglyURLs` published with `hugo -D`
(links to its sections' folders, its drafts), an iOS blog (a `git clone` address as a
link)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from htmltree import Element
from importbits import page, report_of
from sitebits import write_files
from test_import_hexo_sites import hexo_site, post_text
from test_import_hugo_sites import NOW

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported, import_site

REIMU = {
    "_config.yml": "title: 笔记\nlanguage: zh-CN\ntheme: reimu\n",
    "source/_posts/quant.md": """---
title: 模型量化
date: 2024-01-02
---
引言。

{% postLinkCard prune auto %}

{% externalLinkCard "PyTorch 文档" https://pytorch.org/docs auto %}

{% alertBlockquote warning 注意 %}
显存会 **不够**。
{% endalertBlockquote %}

{% tabs 1 center %}
<!-- tab PyTorch -->
用 `torch.ao` 量化。
<!-- tab JAX@f0 -->
用 `aqt` 量化。
{% endtabs %}

{% details 推导 %}
误差是 $\\Delta^2/12$。
{% enddetails %}
""",
    "source/_posts/prune.md": "---\ntitle: 剪枝\ndate: 2024-01-03\n---\n正文。\n",
    "source/friend/index.md": "---\ntitle: 友链\n---\n## 朋友们\n"
                              "{% friendsLink friend/_data.yml %}\n",
    "source/friend/_data.yml": "- name: 甲\n  url: https://a.example.org/\n"
                               "  desc: 做编译器的\n  image: /images/a.jpg\n"
                               "- name: 乙\n  url: https://b.example.org/\n",
}


def built(imported: Imported, out: Path) -> Path:
    result = build(imported.dest, BuildOptions(output=out))
    assert [str(w) for w in result.warnings] == []
    return out


def body_of(out: Path, url: str) -> Element:
    return page(out, url).one("div", class_="prose")


def test_reimu_tabs_that_run_to_the_next_tab_keep_their_text(tmp_path: Path) -> None:
    """Reimu's (and Stellar's) `{% tabs %}` hold `<!-- tab Name -->` markers with no
    `<!-- endtab -->`: read as NexT's, the group was empty and its text was dropped,
    with nothing said. Each tab is its bold name over its text now."""
    imported = hexo_site(tmp_path, REIMU)
    out = built(imported, tmp_path / "out")
    paragraphs = [p.text() for p in body_of(out, "/posts/quant/").find_all("p")]
    at = paragraphs.index("PyTorch")
    assert paragraphs[at:at + 4] == ["PyTorch", "用 torch.ao 量化。", "JAX", "用 aqt 量化。"]


def test_a_group_of_tabs_without_markers_keeps_its_text(tmp_path: Path) -> None:
    """A `{% tabs %}` holding no tab marker at all is kept as its text, with a warning
    at its line (it was dropped unsaid)."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n前文。\n\n"
                              "{% tabs %}\n只有正文。\n{% endtabs %}\n"})
    assert "只有正文。" in post_text(imported, "a")
    warnings = [w for w in imported.report.warnings if "tab" in w.message]
    assert [w.line for w in warnings] == [8], report_of(imported)


def test_reimu_cards_alerts_and_details_convert(tmp_path: Path) -> None:
    """Reimu's `postLinkCard` (a post by its slug), `externalLinkCard`,
    `alertBlockquote` and `details` were left in comments with a warning each: they
    are a link to the post, a link, a callout and a collapsible block."""
    imported = hexo_site(tmp_path, REIMU)
    assert imported.report.warnings == [], report_of(imported)
    body = body_of(built(imported, tmp_path / "out"), "/posts/quant/")
    links = {a.text(): a["href"] for a in body.find_all("a")}
    assert links["剪枝"] == "/posts/prune/"
    assert links["PyTorch 文档"] == "https://pytorch.org/docs"
    callout = body.one("div", class_="callout-warning")
    assert callout.one("p", class_="callout-title").text() == "注意"
    assert "显存会 不够。" in callout.text()
    details = body.one("details")
    assert details.one("summary").text() == "推导"
    assert details.find("math") is not None


def test_a_post_link_card_by_title_and_a_missing_one(tmp_path: Path) -> None:
    """Reimu finds a card's post by its slug, else by its title; a post of neither is
    left in a comment with a warning, as `post_link` is."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/a.md": "---\ntitle: A\ndate: 2024-01-01\n---\n\n{% postLinkCard 剪枝 %}\n\n"
                              "{% postLinkCard gone %}\n",
        "source/_posts/b.md": "---\ntitle: 剪枝\ndate: 2024-01-02\n---\n\n正文。\n"})
    text = post_text(imported, "a")
    assert "[剪枝](b.md)" in text
    assert [w.message for w in imported.report.warnings] == [
        "not converted, left in a comment: `{% postLinkCard gone %}` (no post `gone` in "
        "the source)"]


def test_reimu_friends_of_a_data_file_are_a_list_of_links(tmp_path: Path) -> None:
    """`{% friendsLink friend/_data.yml %}` (Reimu's friends page, drawn from a YAML
    list under `source/`) was left in a comment: the page showed no friend. It is a
    list of links, each with its description."""
    imported = hexo_site(tmp_path, REIMU)
    out = built(imported, tmp_path / "out")
    items = page(out, "/friend/").one("main").find_all("li")
    rows = [(li.find("a")["href"], li.text()) for li in items if li.find("a")]
    assert ("https://a.example.org/", "甲 — 做编译器的") in rows
    assert ("https://b.example.org/", "乙") in rows



def test_a_link_to_a_post_s_url_before_its_date_changed_leads_to_it(
        tmp_path: Path) -> None:
    """Under `:year/:month/:day/:title/`, a post's URL follows its `date`: a table of
    posts linking `/2025/12/09/nutn-csie/` to a post dated 2025-12-10 since led nowhere
    on the old site, and the build failed at each link. A link naming the one post of
    that name at another date leads to it, with a notice; one naming none is kept as
    written, as before."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-TW\ntimezone: Asia/Taipei\n"
                       "permalink: :year/:month/:day/:title/\n",
        "source/_posts/nutn-csie.md": "---\ntitle: 台南資工\ndate: 2025-12-10\n---\n"
                                      "\n## 面試\n\n問答。\n",
        "source/_posts/summary.md": "---\ntitle: 總整理\ndate: 2025-12-20\n---\n\n"
                                    "| 學校 | 心得 |\n| --- | --- |\n"
                                    "| 台南 | [連結](/2025/12/09/nutn-csie/) |\n\n"
                                    "見 [面試](/2025/12/09/nutn-csie/#面試)。\n"})
    notes = [m for m in (e.message for e in imported.report.entries)
             if "at another date" in m]
    assert len(notes) == 2 and "`/2025/12/10/nutn-csie/`" in notes[0]
    body = body_of(built(imported, tmp_path / "out"), "/posts/summary/")
    assert [unquote(a["href"]) for a in body.find_all("a")] == [
        "/posts/nutn-csie/", "/posts/nutn-csie/#面試"]


TUFTE = {
    "hugo.toml": 'title = "Notes"\nlanguageCode = "en-us"\n\n[module]\n  [[module.imports]]\n'
                 '    path = "github.com/loikein/hugo-tufte"\n',
    "content/posts/signals.md": """---
title: "Signalling games"
date: 2021-02-01
---

{{< epigraph pre="From " cite="a talk" link="https://example.org/talk" >}}
Language is a game.
{{< /epigraph >}}

{{< newthought >}}Two agents{{< /newthought >}} play a game: a sender and a
receiver{{< sidenote >}}Also called a *referential* game
([an example](https://example.org/ref)).{{< /sidenote >}}. Measuring it is
hard.{{<marginnote>}}Cooperative games only.{{</marginnote>}}

{{< blockquote cite="https://example.org/q" footer="A book" >}}
Reward tells the truth.
{{< /blockquote >}}
""",
}


def test_hugo_tufte_side_notes_are_footnotes(tmp_path: Path) -> None:
    """hugo-tufte's `{{< sidenote >}}…{{< /sidenote >}}` and `marginnote` (an RL
    researcher's blog) were left in comments, a warning each, their text shown in the
    middle of its sentence. They are footnotes where they were written, which Lanting
    shows in the margin; `newthought` is its words, `epigraph` and `blockquote` quotes
    with their source."""
    source = tmp_path / "old"
    write_files(source, TUFTE)
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == [], report_of(imported)
    body = body_of(built(imported, tmp_path / "out"), "/posts/signals/")
    assert len(body.find_all("sup", class_="footnote-ref")) == 2
    notes = [li.text() for li in body.one("section", class_="footnotes").find_all("li")]
    assert notes[0].startswith("Also called a referential game (an example).")
    assert notes[1].startswith("Cooperative games only.")
    quotes = body.find_all("blockquote")
    assert [q.find_all("p")[-1].text() for q in quotes] == ["— From a talk", "— A book"]
    assert {a.text(): a["href"] for q in quotes for a in q.find_all("a")} == {
        "a talk": "https://example.org/talk", "A book": "https://example.org/q"}
    assert "{{" not in body.text()
    assert any(p.text().startswith("Two agents play a game") for p in body.find_all("p"))


def test_hexo_tags_left_in_a_hugo_post_are_told_of(tmp_path: Path) -> None:
    """A Hugo blog moved from Hexo kept NexT's `{% label info@<b>举例</b> %}` in a post
    (13 of them on a real blog): Hugo showed them as written, and the import kept them
    with nothing said. One warning says so now, at the first, with how many; the tag
    in code, fenced, indented or inline, is code, and is not told of."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": 'title = "随笔"\nlanguageCode = "zh-cn"\n',
        "content/posts/a.md": "---\ntitle: 论证\ndate: 2018-03-15\n---\n\n"
                              "{% label info@<b>举例</b> %}\n\n第一个例子。\n\n"
                              "{% label info@<b>举例</b> %}\n\n第二个。\n",
        "content/posts/b.md": "---\ntitle: 模板\ndate: 2018-03-16\n---\n\n"
                              "Jekyll 的 `{% raw %}` 标签。\n\n```liquid\n{% if a %}b{% endif %}\n"
                              "```\n\n    {% include x.html %}\n"})
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    warned = [(w.path, w.line, w.message) for w in imported.report.warnings]
    assert warned == [("content/posts/a.md", 6,
                       "`{% label info@<b>举例</b> %}` is a Liquid or Nunjucks tag (Hexo's "
                       "or Jekyll's, from a move?) (2 such tags in the page): Hugo showed it "
                       "as written, and so does the new page (write it in Markdown, or "
                       "remove it)")], report_of(imported)
    body = body_of(built(imported, tmp_path / "out"), "/posts/a/")
    assert body.find("b").text() == "举例"


UGLY = {
    "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\nuglyURLs: true\n",
    "content/program_language/haskell-99/_index.md": "---\ntitle: Haskell 99 题路线\n---\n\n"
                                                     "从 [P01](./p01) 开始。\n",
    "content/program_language/haskell-99/p01.md": "---\ntitle: P01 最后一个元素\n"
                                                  "date: 2025-07-11\n---\n\n"
                                                  "[下一题](./p02)\n\n- [路线](./)\n",
    "content/program_language/haskell-99/p02.md": "---\ntitle: P02 倒数第二个\n"
                                                  "date: 2025-07-12\n---\n\n正文。\n",
    "content/books/lyah/_index.md": "---\ntitle: 读书\n---\n\n"
                                    "见 [99 题](/program_language/haskell-99/)。\n",
    "content/books/lyah/chapter_1.md": "---\ntitle: 第一章\n---\n\n正文。\n",
}


def test_under_ugly_urls_a_link_to_a_section_s_folder_leads_to_its_page(
        tmp_path: Path) -> None:
    """Under `uglyURLs` Hugo published a section's list at `/x.html`; its text (a
    learning route over its 99 exercises) is imported as a page there. The exercises'
    `[路线](./)` and another section's `/program_language/haskell-99/` named its folder:
    each was "the list of a section, which the new site has no page for", its link
    dropped with a warning (100 on a real OI blog), and the warning of `./` stood at
    the line of an earlier `./p02`. They lead to the section's page now."""
    source = tmp_path / "old"
    write_files(source, UGLY)
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert not [w for w in imported.report.warnings if "list of a section" in w.message], \
        report_of(imported)
    out = built(imported, tmp_path / "out")
    links = {a.text(): a["href"] for a in body_of(out, "/program_language/p01/").find_all("a")}
    assert body_of(out, links["下一题"]).find("p").text() == "正文。"
    route = links["路线"]
    assert page(out, route).one("h1").text() == "Haskell 99 题路线"
    books = page(out, "/lyah/").one("main")
    assert {a.text(): a["href"] for a in books.find_all("a")}["99 题"] == route


def test_a_dropped_link_to_a_section_is_told_of_at_its_own_line(tmp_path: Path) -> None:
    """A link `./` (under `uglyURLs`, from `/program/lua/p01.html`) to a section whose list
    Lanting makes no page for keeps its text, with a warning: at its own line, not at
    that of an earlier `./p02` on the page."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\nuglyURLs: true\n",
        "content/program/lua/p01.md": "---\ntitle: P01\ndate: 2025-07-11\n---\n\n"
                                      "[下一题](./p02)\n\n[目录](./)\n",
        "content/program/lua/p02.md": "---\ntitle: P02\ndate: 2025-07-12\n---\n\n正文。\n"})
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert [(w.line, w.message) for w in imported.report.warnings
            if "list of a section" in w.message] == [
        (8, "a link to `/program/lua/`, the list of a section, which the new site has no page for: "
            "its text kept without the link")], report_of(imported)


def test_drafts_a_deploy_script_builds_with_hugo_d_are_published(tmp_path: Path) -> None:
    """An OI blog published by `deploy.sh` (`hugo -D --minify`, then `rsync public/`)
    had 122 pages saying `draft: true`, all on its live site: imported as drafts, each
    link to one was plain text with a warning (86 of them). Its drafts are published
    now, with a notice naming the script; `hugo server -D` in `dev.sh`, the writer's
    preview, publishes nothing, and a site with it alone keeps its drafts."""
    files = {"hugo.yaml": "title: 笔记\nlanguageCode: zh-cn\n",
             "dev.sh": "#!/bin/bash\nhugo server -D --bind 0.0.0.0\n",
             "content/posts/a.md": "---\ntitle: 草稿\ndate: 2025-01-02\ndraft: true\n---\n\n"
                                   "正文。\n",
             "content/posts/b.md": "---\ntitle: 索引\ndate: 2025-01-03\n---\n\n"
                                   "见 [草稿](/posts/a/)。\n"}
    preview_only = tmp_path / "preview"
    write_files(preview_only / "old", files)
    kept = import_site(preview_only / "old", preview_only / "new", "hugo", False, NOW)
    assert "draft: true" in (kept.dest / "content/posts/a.md").read_text(encoding="utf-8")
    source = tmp_path / "old"
    write_files(source, {**files, "deploy.sh": "#!/bin/bash\nset -e\nhugo -D --minify\n"
                                               "rsync -avz public/ me@host:/www/\n"})
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == [], report_of(imported)
    assert [(e.line, e.message) for e in imported.report.entries
            if e.path == "content/posts/a.md"] == [
        (4, "`draft: true`, but the site builds drafts (`hugo -D --minify` in `deploy.sh`): "
            "imported as published")]
    out = built(imported, tmp_path / "out")
    assert body_of(out, "/posts/b/").one("a")["href"] == "/posts/a/"
    assert body_of(out, "/posts/a/").find("p").text() == "正文。"


def test_a_git_clone_address_as_a_link_leads_to_the_repository(tmp_path: Path) -> None:
    """`[CocoaPods/Specs](git@github.com:CocoaPods/Specs.git)` (an iOS blog on Hexo): the
    browser read the address for `git clone` over SSH as a path beside the post, which
    led nowhere, and the build failed at it. The link leads to the repository's page,
    with a notice; in a Hugo page too."""
    imported = hexo_site(tmp_path / "hexo", {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/trunk.md": "---\ntitle: trunk\ndate: 2014-05-20\n---\n\n"
                                  "向 [CocoaPods/Specs](git@github.com:CocoaPods/Specs.git)"
                                  " 提交。\n"})
    body = body_of(built(imported, tmp_path / "hexo-out"), "/posts/trunk/")
    assert body.one("a")["href"] == "https://github.com/CocoaPods/Specs"
    assert any("over SSH" in e.message and e.line == 6 for e in imported.report.entries)
    source = tmp_path / "hugo"
    write_files(source, {
        "hugo.toml": 'title = "T"\nlanguageCode = "en"\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\n"
                              "Clone [the repo](git@gitlab.com:group/sub/tool.git).\n"})
    hugo = import_site(source, tmp_path / "hugo-new", "hugo", False, NOW)
    body = body_of(built(hugo, tmp_path / "hugo-out"), "/posts/a/")
    assert body.one("a")["href"] == "https://gitlab.com/group/sub/tool"
