"""A Hugo Blox lab site's people (modelled on a university NLP lab's site in two
languages): no profile made from the theme's example author, and links to the authors'
pages, which Lanting does not make."""

from __future__ import annotations

from pathlib import Path

from test_import_hugo_sites import prose
from test_import_hugoblox import blox, built, config_of

PERSON = "---\ntitle: {name}\nrole: {role}\nsuperuser: {su}\n---\n{name} 的简介。\n"


def test_a_lab_whose_people_are_no_superuser_has_no_owner_profile(tmp_path: Path) -> None:
    """Every author of a lab's site says `superuser: false`, the theme's example `admin`
    (Nelson Bighetti) among them, and the old home page showed none of them: the new
    site's profile was the example's, a Stanford professor on the lab's home page."""
    imported = blox(tmp_path, {
        "content/authors/admin/_index.md": PERSON.format(
            name="Nelson Bighetti", role="Professor", su="false"),
        "content/authors/li-ming/_index.md": PERSON.format(
            name="李明", role="教授", su="false"),
        "content/_index.md": "---\ntitle: 实验室\ntype: landing\nsections:\n"
                             "  - block: markdown\n    content:\n      title: 简介\n"
                             "      text: 我们研究自然语言处理。\n---\n"})
    assert "profile" not in config_of(imported)


def test_links_to_author_pages_lead_home_or_keep_their_text(tmp_path: Path) -> None:
    """A lab's home links its leader's page, `/author/李明/` (the shown name) or
    `/author/li-ming/`: Lanting makes no author pages, and the links broke the build.
    The owner's leads to the home page, which shows the profile; another's keeps its
    text, with a warning."""
    imported = blox(tmp_path, {
        "content/authors/li-ming/_index.md": PERSON.format(
            name="李明", role="教授", su="false"),
        "content/post/news/index.md":
            "---\ntitle: 新闻\ndate: 2024-09-01\n---\n\n"
            '<a href="/author/李明/" class="card-link">了解更多</a>\n\n'
            "导师：[李明](/author/li-ming/)，站长：[Jane](/author/admin/)。\n"})
    warned = [(e.path, e.message.split(",")[0]) for e in imported.report.warnings]
    assert warned == [("content/post/news/index.md", "a link to the page of the author "
                       "`李明`"), ("content/post/news/index.md", "a link to the page of "
                       "the author `李明`")]
    out = built(imported, tmp_path)
    page = prose(out, "post/news/index.html")
    assert [(a.text(), a.get("href")) for a in page.find_all("a")] == [
        ("了解更多", None), ("Jane", "/")]
    assert "导师：李明" in page.text()


def test_a_call_to_action_is_a_link(tmp_path: Path) -> None:
    """Hugo Blox's `cta` (a call to action under a block's text) was left in a comment:
    the lab's home lost its link to its news."""
    imported = blox(tmp_path, {
        "content/post/news/index.md": "---\ntitle: 新闻\ndate: 2024-09-01\n---\n\n新闻。\n",
        "content/post/join/index.md":
            "---\ntitle: 加入我们\ndate: 2024-09-02\n---\n\n"
            '{{% cta cta_link="/post/news/" cta_text="最新动态 →" %}}\n'})
    assert [e.message for e in imported.report.warnings] == []
    out = built(imported, tmp_path)
    [link] = prose(out, "post/join/index.html").find_all("a")
    assert (link.text(), link["href"]) == ("最新动态 →", "/post/news/")


def test_another_language_s_landing_page_is_its_home_page(tmp_path: Path) -> None:
    """A lab's site in Chinese and English keeps a landing page per language
    (`content/en/_index.md`, its own blocks): the English one was left out without a
    word. Its cards' `./people/` led to a list the new site has no page for."""
    landing = ("---\ntitle: ''\ntype: landing\nsections:\n  - block: markdown\n"
               "    content:\n      title: {title}\n      text: |-\n        {text}\n\n"
               "        [{more}](./people/)\n---\n")
    imported = blox(tmp_path, {
        "config/_default/config.yaml": "title: 实验室\nbaseurl: https://lab.example.org/\n"
                                       "defaultContentLanguage: zh\n",
        "config/_default/languages.yaml": "zh:\n  languageCode: zh-Hans\n"
                                          "  contentDir: content/zh\n"
                                          "en:\n  languageCode: en-us\n"
                                          "  contentDir: content/en\n  title: The Lab\n",
        "content/authors/admin/_index.md": "",
        "content/zh/authors/admin/_index.md": PERSON.format(name="李明", role="教授",
                                                            su="true"),
        "content/zh/_index.md": landing.format(title="简介", text="我们研究语言。",
                                               more="团队"),
        "content/en/_index.md": landing.format(title="About", text="We study language.",
                                               more="Our team"),
        "content/zh/people/_index.md": "---\ntitle: 团队\n---\n",
        "content/zh/people/li.md": "---\ntitle: 李\ndate: 2024-01-01\n---\n\n李。\n",
        "content/en/people/li.md": "---\ntitle: Li\ndate: 2024-01-01\n---\n\nLi.\n",
        "content/zh/post/hi.md": "---\ntitle: 你好\ndate: 2024-01-02\n---\n\n你好。\n"})
    warned = [(e.path, e.message.split(",")[0]) for e in imported.report.warnings]
    assert ("content/en/_index.md", "a link to `/en/people/`") in warned
    assert ("content/zh/_index.md", "a link to `/people/`") in warned
    out = built(imported, tmp_path)
    english = prose(out, "en/index.html")
    assert "We study language." in english.text() and "Our team" in english.text()
    assert english.find_all("a", href="./people/") == []


def test_a_link_to_a_publication_s_old_page_stays_a_link(tmp_path: Path) -> None:
    """A biography links a paper's old page, `/publication/shortgpt/` (a bundle,
    `publication/shortgpt/index.md`, now a redirect to the publication): it was taken
    for the list of a section the new site lacks, and lost its link. It leads to the
    entry's page (no longer through the redirect)."""
    imported = blox(tmp_path, {
        "content/authors/admin/_index.md": "---\ntitle: Jane Doe\nsuperuser: true\n---\n"
                                           "See [ShortGPT](/publication/shortgpt/).\n",
        "content/publication/shortgpt/index.md":
            "---\ntitle: ShortGPT\nauthors: [admin]\ndate: 2024-03-01\n"
            "publication_types: ['1']\npublication: ACL\n---\n"})
    assert [e.message for e in imported.report.warnings] == []
    out = built(imported, tmp_path)
    hrefs = [a.get("href") for a in prose(out, "index.html").find_all("a")]
    assert "/publications/shortgpt/" in hrefs


def test_a_ref_to_an_author_s_page_keeps_its_text(tmp_path: Path) -> None:
    """A lab's welcome post links a new member by `{{< ref "/authors/li-ming" >}}`:
    Lanting makes no author pages, and the link's URL became an internal marker the
    build refused ("broken link `%EF%BF%BDunlink`"). Its text stays, with a warning."""
    imported = blox(tmp_path, {
        "content/authors/li-ming/_index.md": PERSON.format(
            name="李明", role="学生", su="false"),
        "content/post/welcome/index.md":
            "---\ntitle: 欢迎\ndate: 2024-09-01\n---\n\n"
            '欢迎 [李明]({{< ref "/authors/li-ming" >}}) 加入实验室！\n'})
    assert [m.split(",")[0] for p, m in
            ((e.path, e.message) for e in imported.report.warnings)
            if p == "content/post/welcome/index.md"] == [
        "a link to the page of the author `李明`"]
    out = built(imported, tmp_path)
    page = prose(out, "post/welcome/index.html")
    assert page.find_all("a") == [] and "欢迎 李明 加入实验室！" in page.text()


def test_publications_of_a_site_with_every_language_in_a_folder(tmp_path: Path) -> None:
    """A homepage in Korean and English, each language under its folder
    (`defaultContentLanguageInSubdir: true`), posts linking a paper's old page as
    `/ko/publication/x` and `/en/publication/x/`, and the list as `/en/publication/`:
    the redirect pages were made at `/publication/x/`, which the old site never had,
    the links broke the build, and the list's link lost its URL."""
    paper = ("---\ntitle: {title}\nauthors: [admin]\ndate: 2020-03-01\n"
             "publication_types: ['2']\npublication: Journal of Wings\n---\n")
    imported = blox(tmp_path, {
        "config/_default/config.yaml": "title: 날개\nbaseurl: https://wings.example.org/\n"
                                       "defaultContentLanguage: ko\n"
                                       "defaultContentLanguageInSubdir: true\n",
        "config/_default/languages.yaml": "ko:\n  languageCode: ko\n  contentDir: content/ko\n"
                                          "en:\n  languageCode: en\n  contentDir: content/en\n",
        "content/authors/admin/_index.md": "",
        "content/ko/authors/admin/_index.md": PERSON.format(name="김하늘", role="연구원",
                                                            su="true"),
        "content/ko/publication/wing-2020/index.md": paper.format(title="날개 해석"),
        "content/en/publication/wing-2020/index.md": paper.format(title="Wing analysis"),
        "content/ko/post/review/index.md": "---\ntitle: 리뷰\ndate: 2024-01-02\n---\n\n"
                                           "논문은 [날개](/ko/publication/wing-2020)입니다.\n",
        "content/en/post/review/index.md": "---\ntitle: Review\ndate: 2024-01-02\n---\n\n"
                                           "The [paper](/en/publication/wing-2020/) is in "
                                           "the [list](/en/publication/).\n"})
    assert [e.message for e in imported.report.warnings
            if "publication" in e.message] == []
    out = built(imported, tmp_path)
    for old in ("ko/publication/wing-2020", "en/publication/wing-2020"):
        assert (out / old / "index.html").is_file()
    hrefs = [a.get("href") for a in prose(out, "en/post/review/index.html").find_all("a")]
    assert "/publications/" in hrefs
