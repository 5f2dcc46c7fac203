"""`lanting import` of an al-folio homepage: the home page shows what the old one showed
(the about page's `news` / `announcements`, `latest_posts` and `selected_papers`
switches) and the publication list sets the owner's name in bold and cuts long author
lists as jekyll-scholar's settings said. Each site is a few files written here, shaped
like real al-folio sites (v0.9 to v0.14)."""

from __future__ import annotations

from pathlib import Path

from importbits import alfolio_import, messages, page

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported

CONFIG = ("title: blank\nfirst_name: Mei\nlast_name: Tan\nlang: en\n"
          "scholar:\n  last_name: [Tan]\n  first_name: [Mei, M.]\n")
NEWS = "---\nlayout: post\ndate: 2015-10-22 15:59:00-0400\ninline: true\n---\nA tiny note.\n"
POST = "---\nlayout: post\ntitle: a theme example post\n---\nExample text.\n"
BIB = """---
---
@inproceedings{tan2024a, title={Sparse Routing}, author={Tan, M. and Ode, Kai},
  booktitle={ICML}, year={2024}, selected={true}}
@article{tan2023b, title={Dense Routing}, author={Tan, Mei and Ode, Kai and Lau, Ann and
  Park, Jo}, journal={JMLR}, year={2023}, selected={true}}
"""


def about(switches: str) -> str:
    return f"---\nlayout: about\ntitle: about\npermalink: /\n{switches}---\n\nI study RL.\n"


def site(tmp_path: Path, switches: str, config: str = CONFIG) -> Imported:
    files: dict[str, str | bytes] = {
        "_news/note.md": NEWS, "_posts/2015-03-15-example.md": POST,
        "_bibliography/papers.bib": BIB}
    imported = alfolio_import(tmp_path, files, config, about(switches))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    return imported


def home_sections(tmp_path: Path) -> list[str]:
    return [h.text().strip() for h in page(tmp_path / "out", "/").one("main").find_all("h2")]


def test_alfolio_home_sections_the_about_page_turned_off_stay_off(tmp_path: Path) -> None:
    """A v0.14 about page with `announcements.enabled`, `latest_posts.enabled` and
    `selected_papers` all false (the owner hid the theme's example news and posts rather
    than delete them): the new home page showed all three, the examples included."""
    imported = site(tmp_path, "selected_papers: false\nannouncements:\n  enabled: false\n"
                    "  limit: 5\nlatest_posts:\n  enabled: false\n  limit: 3\n")
    assert home_sections(tmp_path) == []
    text = page(tmp_path / "out", "/").one("main").text()
    assert "A tiny note." not in text and "a theme example post" not in text
    assert ("`_news/` left out of the home page (1 item): the old one did not list it "
            "(`news` or `announcements` turned off)") in messages(imported, "_pages/about.md")


def test_alfolio_older_switches_news_and_config_latest_posts(tmp_path: Path) -> None:
    """An older (v0.9) site: about.md's `news: false`, `_config.yml`'s
    `latest_posts.enabled: false`. Only `latest_posts.limit` was read, so the posts
    stayed on the home page, and the news too."""
    config = CONFIG + "latest_posts:\n  enabled: false\n  scrollable: true\n  limit: 3\n"
    site(tmp_path, "news: false\nselected_papers: true\n", config)
    assert home_sections(tmp_path) == ["Selected publications"]


def test_alfolio_home_sections_left_on_are_shown(tmp_path: Path) -> None:
    """The same switches turned on: the home page shows news, the two selected papers
    and the posts (at most `latest_posts.limit` of them)."""
    imported = site(tmp_path, "selected_papers: true\nannouncements:\n  enabled: true\n"
                    "latest_posts:\n  enabled: true\n  limit: 2\n")
    assert home_sections(tmp_path) == ["News", "Selected publications", "Recent posts"]
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "[blog]\nrecent_posts = 2\n" in toml


def test_alfolio_every_selected_paper_is_on_the_home_page(tmp_path: Path) -> None:
    """al-folio lists every `selected={true}` entry on the home page; Lanting's default
    is five, so a site with seven lost two of them."""
    bib = "---\n---\n" + "".join(
        f"@misc{{p{n}, title={{Paper {n}}}, author={{Tan, Mei}}, year={{2020}}, "
        "selected={true}}\n" for n in range(7))
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": bib}, CONFIG,
                              about("selected_papers: true\n"))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    home = page(tmp_path / "out", "/").one("main")
    assert len(home.find_all("article")) == 7


def test_alfolio_scholar_names_are_set_in_bold(tmp_path: Path) -> None:
    """jekyll-scholar's `scholar.first_name` × `last_name` are the spellings al-folio's
    list set in bold (`M. Tan` as well as `Mei Tan`); with a profile name spelt another
    way (`Mei (May) Tan`) none was highlighted."""
    config = CONFIG.replace("title: blank\n", "title: Mei (May) Tan\n")
    config = config.replace("first_name: Mei\n", "first_name: Mei (May)\n", 1)
    site(tmp_path, "selected_papers: true\n", config)
    pubs = page(tmp_path / "out", "/publications/")
    bold = [s.text() for s in pubs.find_all("strong", class_="pub-me")]
    assert bold == ["M. Tan", "Mei Tan"]


def test_alfolio_max_author_limit_cuts_the_author_list(tmp_path: Path) -> None:
    """`max_author_limit: 2` (al-folio: the rest behind "and N more authors") is
    Lanting's `[publications] max_authors`; it was not carried over, so every author
    showed."""
    site(tmp_path, "selected_papers: true\n", CONFIG + "max_author_limit: 2\n")
    pubs = page(tmp_path / "out", "/publications/")
    more = [d.one("summary").text() for d in pubs.find_all("details", class_="more-authors")]
    assert more == ["and 2 more"]


ABOUT_LAYOUT = """---
layout: default
---
<div class="post">{{ content }}
{% if page.honors and page.honors.enabled %}
  <h2 class="section-heading">Honors &amp; awards</h2>
  <ul>{% for item in page.honors.items %}<li>{{ item }}</li>{% endfor %}</ul>
{% endif %}
{% if page.reviewing %}<h2>Reviewing</h2>{% for x in page.reviewing %}{{ x }}{% endfor %}{% endif %}
{% if page.timeline %}{% include timeline.liquid rows=page.timeline %}{% endif %}
</div>
"""


def test_alfolio_lists_of_the_sites_own_about_layout_are_sections(tmp_path: Path) -> None:
    """A site's own `_layouts/about.liquid` showing `honors:` (`enabled`, `items`) and
    `reviewing:` (a list) under headings of its own: both were dropped without a word.
    They end the home page's text as sections; what is no such list is reported."""
    switches = ("honors:\n  enabled: true\n  items:\n    - Best Paper, ICML 2024\n"
                "reviewing:\n  - NeurIPS\n  - ICLR\ntimeline:\n  - {year: 2020}\n")
    imported = alfolio_import(tmp_path, {"_layouts/about.liquid": ABOUT_LAYOUT}, CONFIG,
                              about(switches))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    main = page(tmp_path / "out", "/").one("main")
    assert [h.text() for h in main.find_all("h2")] == ["Honors & awards", "Reviewing"]
    assert [li.text() for li in main.find_all("li") if li.parent and li.parent.tag == "ul"
            and "profile-links" not in li.parent.classes] == [
        "Best Paper, ICML 2024", "NeurIPS", "ICLR"]
    assert ("left out: `timeline`, shown by the site's own about layout (no place for it in "
            "Lanting: add it to the text by hand)") in messages(imported, "_pages/about.md")


def test_alfolio_example_scholar_names_are_not_highlighted(tmp_path: Path) -> None:
    """`scholar: last_name: [Einstein]`, the theme's example left as it was, is no
    spelling of the owner's name: it is not written to `highlight_names`."""
    config = CONFIG.replace("[Tan]", "[Einstein]").replace("[Mei, M.]", "[Albert, A.]")
    imported = alfolio_import(tmp_path, {"_bibliography/papers.bib": BIB}, config,
                              about("selected_papers: true\n"))
    assert "Einstein" not in (imported.dest / "lanting.toml").read_text(encoding="utf-8")


def test_alfolio_subtitle_entities_and_line_breaks(tmp_path: Path) -> None:
    """`subtitle: Auditor &amp; Researcher <br> PhD Candidate`: the entity was kept as
    text and escaped again (the home page showed `&amp;`), and the two roles ran
    together; they are `&` and parted by a dot."""
    subtitle = "subtitle: >\n  Auditor &amp; Researcher <br>\n  PhD Candidate\n"
    imported = alfolio_import(tmp_path, {}, CONFIG, about(subtitle))
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    role = page(tmp_path / "out", "/").one("p", class_="profile-role")
    assert role.text() == "Auditor & Researcher · PhD Candidate"


def test_alfolio_example_resume_with_only_its_name_changed_is_left_out(
        tmp_path: Path) -> None:
    """`resume.json` of the theme with only `basics.name` changed to the owner's: the
    rest (the example's e-mail, Einstein's life) became the owner's CV at /cv/."""
    config = CONFIG + "jekyll_get_json:\n  - data: resume\n    json: assets/json/resume.json\n"
    resume = ('{"basics": {"name": "Mei Tan", "email": "albert@einstein.de", "summary": '
              '"A physicist."}, "work": [{"name": "Patent office"}]}')
    cv_page = "---\nlayout: cv\ntitle: cv\npermalink: /cv/\nnav: true\n---\n"
    imported = alfolio_import(tmp_path, {"assets/json/resume.json": resume,
                                         "_pages/cv.md": cv_page}, config, about(""))
    assert "content/cv.yaml" not in imported.files
    assert messages(imported, "assets/json/resume.json") == [
        "left out: the theme's example CV, never edited (but for its name, perhaps)"]
