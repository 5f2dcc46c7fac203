"""`lanting import` of al-folio and academicpages homepages: faults real sites showed
(each test's site is a few files written here, shaped like the real ones)."""

from __future__ import annotations

from pathlib import Path

from htmltree import Element
from importbits import alfolio_import, messages, page, redirect_target

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import Imported

CONFIG = "title: Lin Wei\nfirst_name: Wei\nlast_name: Lin\nlang: en\n"
ABOUT = "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nI study RL.\n"


def alfolio(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """An al-folio site of `files` (with this file's config and about page) imported."""
    return alfolio_import(tmp_path, files, CONFIG, ABOUT)


NESTED_LISTING = """---
layout: page
title: projects
permalink: /projects/
display_categories: [work, fun]
---

<!-- the theme's cards -->
<div class="projects">
{% if site.enable_project_categories and page.display_categories %}
  {% for category in page.display_categories %}
  <h2 class="category">{{ category }}</h2>
  {% assign shown = site.projects | where: "category", category %}
  <div class="container"><div class="row row-cols-1 row-cols-md-2">
    {% for project in shown %}
      {% include projects.liquid %}
    {% endfor %}
  </div></div>
  {% endfor %}
{% else %}
  <!-- all projects, by importance -->
  <div class="row row-cols-1 row-cols-md-3">
  {% for project in site.projects %}
    {% include projects.liquid %}
  {% endfor %}
  </div>
{% endif %}
</div>
"""


def test_alfolio_listing_page_with_nested_loops_is_left_out(tmp_path: Path) -> None:
    """al-folio's projects page (kept on a site without `_projects/`) loops over the
    categories, then over each one's projects. Only the first inner loop was taken out,
    so its `<div>`s, `{% if %}`s and a stray `{% endfor %}` counted as the page's own
    text: a page of HTML comments was imported, with a dozen warnings."""
    imported = alfolio(tmp_path, {"_pages/projects.md": NESTED_LISTING})
    assert not (imported.dest / "content/pages/projects.md").exists()
    assert messages(imported, "_pages/projects.md") == [
        "left out: a listing page, which Lanting makes"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_alfolio_page_keeps_its_text_around_nested_loops(tmp_path: Path) -> None:
    """A page with text of its own around nested loops keeps that text, and no Liquid
    of the loops."""
    page = NESTED_LISTING.replace("<!-- the theme's cards -->", "Everything we built in the "
                                  "lab since 2019, grouped by the question it answers, "
                                  "with code and data.")
    imported = alfolio(tmp_path, {"_pages/projects.md": page})
    text = (imported.dest / "content/pages/projects.md").read_text(encoding="utf-8")
    assert "grouped by the question" in text
    assert "endfor" not in text and "{% for" not in text and "projects.liquid" not in text


OWN_LAYOUT = """---
layout: default
---
<div class="links">
  {% if entry.pdf %}<a href="{{ entry.pdf | prepend: '/assets/pdf/' }}">PDF</a>{% endif %}
  {% if entry.paper %}
    {% if entry.paper contains '://' %}
      <a href="{{ entry.paper }}" class="btn btn-sm" role="button">Paper</a>
    {% else %}
      <a href="{{ entry.paper | prepend: '/assets/pdf/' | relative_url }}" class="btn">Paper</a>
    {% endif %}
  {% endif %}
  {% if entry.demo %}<a href="{{ entry.demo }}" class="btn">Live demo</a>{% endif %}
  {% if entry.code_soon %}<a class="btn btn-sm" role="button">Code (soon)</a>{% endif %}
</div>
{% if entry.tldr -%}<div class="tldr"><i>{{ entry.tldr }}</i></div>{%- endif %}
"""

OWN_FIELDS_BIB = """---
---
@inproceedings{lin2024sparse,
  title = {Sparse Rollouts for Cheap Policy Gradients},
  author = {Lin, Wei and Zhou, Yan},
  booktitle = {Proceedings of the Workshop on Cheap RL},
  year = {2024},
  paper = {https://example.org/papers/sparse-rollouts},
  demo = {https://example.org/demo/sparse},
  code_soon = {true},
  tldr = {Half the rollouts, the same return.},
}

@article{lin2023local,
  title = {A Local Paper},
  author = {Lin, Wei},
  journal = {Journal of Small Things},
  year = {2023},
  pdf = {local.pdf},
  paper = {local-long.pdf},
  code_soon = {false},
}
"""


def test_alfolio_fields_of_the_sites_own_bib_layout_are_shown(tmp_path: Path) -> None:
    """A site's own `_layouts/bib.liquid` showed fields al-folio's does not (a "Paper"
    button, a demo link, a "code soon" badge, a one-line summary): Lanting knew none of
    them, and every such button and line vanished from the publications page without a
    word. Each is now the button of the same meaning, or a link or text after the
    venue, with a notice naming the field."""
    imported = alfolio(tmp_path, {
        "_layouts/bib.liquid": OWN_LAYOUT,
        "_bibliography/papers.bib": OWN_FIELDS_BIB,
        "assets/pdf/local.pdf": b"%PDF-1.4\n", "assets/pdf/local-long.pdf": b"%PDF-1.4\n"})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    doc = page(tmp_path / "out", "/publications/")
    sparse = entry(doc, "Sparse Rollouts")
    links = {a.text().strip(): a.get("href") for a in sparse.find_all("a")}
    assert links["PDF"] == "https://example.org/papers/sparse-rollouts"
    assert links["Live demo"] == "https://example.org/demo/sparse"
    assert "Code (soon)" in sparse.text() and "Half the rollouts, the same return." in \
        sparse.text()
    local = entry(doc, "A Local Paper")
    links = {a.text().strip(): a.get("href") for a in local.find_all("a")}
    assert links["PDF"] == "/assets/pdf/local.pdf"  # the entry's own pdf stays the button
    assert links["Paper"] == "/assets/pdf/local-long.pdf"
    assert "Code (soon)" not in local.text()  # (`false`: no badge)
    notes = messages(imported, "_layouts/bib.liquid")
    assert len(notes) == 4 and any(n.startswith("`paper`") and "the `pdf` button ×1" in n
                                   for n in notes)


def entry(doc: Element, title: str) -> Element:
    """The publication of the list whose text holds `title`."""
    [found] = [a for a in doc.find_all("article") if "pub" in a.classes
               and title in a.text()]
    return found


def test_alfolio_liquid_mermaid_blocks_become_mermaid_fences(tmp_path: Path) -> None:
    """Older al-folio sites draw diagrams with jekyll-diagrams' `{% mermaid %}` block;
    it was "no Lanting equivalent", left in comments, and the diagram's text ran into
    the paragraphs. It is a ```mermaid block (the example shown inside `{% raw %}`
    stays as written)."""
    post = ("---\nlayout: post\ntitle: Pipeline stages\n---\n\nHow a step flows:\n\n"
            "{% raw %}\n```\n{% mermaid %}\ngraph LR\n  A --> B\n{% endmermaid %}\n```\n"
            "{% endraw %}\n\n{% mermaid %}\ngraph LR\n  rollout --> reward\n"
            "  reward --> update\n{% endmermaid %}\n\nThat is all.\n")
    imported = alfolio(tmp_path, {"_posts/2021-07-04-stages.md": post})
    text = (imported.dest / "content/posts/stages.md").read_text(encoding="utf-8")
    assert "```mermaid\ngraph LR\n  rollout --> reward\n  reward --> update\n```" in text
    assert "```\n{% mermaid %}\ngraph LR\n  A --> B\n{% endmermaid %}\n```" in text
    assert "import: unconverted" not in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    shown = page(tmp_path / "out", "/posts/stages/")
    assert "rollout --> reward" in shown.one("main").text()


def test_alfolio_numbered_project_files_keep_their_numbers_when_alike(tmp_path: Path) -> None:
    """al-folio orders projects by `1_project.md`, `2_project.md`; taking the number off
    made every one `project`, then `project-2`, `project-3` with a warning each, naming
    the first by its absolute path. The number stays when it is all that tells the
    files apart, and is dropped when it only ordered them."""
    project = "---\ntitle: {0}\ndescription: about {0}\nimportance: {1}\n---\n\nText.\n"
    imported = alfolio(tmp_path, {
        "_projects/1_project.md": project.format("Rollout cache", 1),
        "_projects/2_project.md": project.format("Reward server", 2),
        "_projects/3_kv-store.md": project.format("KV store", 3)})
    made = sorted(p.name for p in (imported.dest / "content/projects").iterdir())
    assert made == ["1-project.md", "2-project.md", "kv-store.md"]
    assert not [w for w in imported.report.warnings if "is taken by" in w.message]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Reward server" in page(tmp_path / "out", "/projects/2-project/").one("h1").text()
    assert redirect_target(tmp_path / "out", "/projects/2_project.html") == "/projects/2-project/"


def test_a_slug_taken_names_the_other_file_by_its_path_in_the_site(tmp_path: Path) -> None:
    """The warning for a taken slug named the other file by its absolute path."""
    imported = alfolio(tmp_path, {
        "_projects/a/sched.md": "---\ntitle: A\n---\n\nText.\n",
        "_projects/b/sched.md": "---\ntitle: B\n---\n\nText.\n"})
    assert messages(imported, "_projects/b/sched.md") == [
        "slug `sched` is taken by _projects/a/sched.md: this one is `sched-2`"]


CV_PAGE = "---\nlayout: cv\npermalink: /cv/\ntitle: cv\nnav: true\nnav_order: 3\n---\n"
GET_JSON = "jekyll_get_json:\n  - data: resume\n    json: assets/json/resume.json\n"
RESUME = """{
  "basics": {"name": "林伟", "label": "博士生", "email": "lw@example.org"},
  "education": [{"institution": "示例大学", "area": "计算机科学", "studyType": "博士",
                 "startDate": "2021-09", "endDate": "2026-06"}],
  "awards": [{"title": "优秀助教", "date": "2023-12", "awarder": "示例大学"}]
}
"""
CV_YML = """- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Wei Lin
    - name: Languages
      value: Chinese, English
- title: Education
  type: time_table
  contents:
    - title: PhD in Computer Science
      institution: Example University
      year: 2021 - now
      description:
        - Thesis on cheap rollouts.
        - title: Courses taught
          contents:
            - Operating systems
            - Compilers
- title: Honors
  type: time_table
  contents:
    - year: 2023
      items:
        - Best TA award
- title: Other Interests
  type: list
  contents:
    - Hobbies: Go, hiking
"""


def cv_text(out: Path) -> str:
    return " ".join(page(out, "/cv/").one("main").text().split())


def test_alfolio_cv_from_json_resume_is_the_cv_page(tmp_path: Path) -> None:
    """al-folio's CV page has no text: its layout showed `assets/json/resume.json`. The
    page was "left out: it has no text of its own" and a real CV (in Chinese) with it.
    The JSON Resume is content/cv.yaml, at /cv/, in the menu as before."""
    imported = alfolio(tmp_path, {"_config.yml": CONFIG + GET_JSON, "_pages/cv.md": CV_PAGE,
                                  "assets/json/resume.json": RESUME,
                                  "_data/cv.yml": CV_YML})  # (the layout preferred JSON)
    assert "content/cv.yaml" in imported.files
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    text = cv_text(tmp_path / "out")
    assert "林伟" in text and "示例大学" in text and "优秀助教" in text
    assert "Example University" not in text
    menu = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'url = "/cv/"' in menu


def test_alfolio_cv_yml_sections_become_rendercv_sections(tmp_path: Path) -> None:
    """An older al-folio CV, `_data/cv.yml` (sections of `type: map`, `time_table`,
    `list`), was dropped the same way; it is written as RenderCV sections."""
    imported = alfolio(tmp_path, {"_pages/cv.md": CV_PAGE, "_data/cv.yml": CV_YML})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    text = cv_text(tmp_path / "out")
    for shown in ("Wei Lin", "Languages Chinese, English", "PhD in Computer Science",
                  "Example University", "2021 - now", "Thesis on cheap rollouts.",
                  "Courses taught: Operating systems; Compilers", "Best TA award",
                  "Hobbies Go, hiking"):
        assert shown in text, shown
    assert "Full Name" not in text
    headings = [h.text().strip().lower() for h in page(tmp_path / "out", "/cv/").find_all("h2")]
    assert headings[:4] == ["general information", "education", "honors",
                            "other interests"]  # (the file's order, not sorted)


def test_alfolio_example_cv_of_the_theme_is_left_out(tmp_path: Path) -> None:
    """A site that never edited the theme's example CV (Albert Einstein's) does not get
    it as its own: the page is left out, with a notice saying why."""
    example = CV_YML.replace("value: Wei Lin", "value: Albert Einstein")
    imported = alfolio(tmp_path, {"_pages/cv.md": CV_PAGE, "_data/cv.yml": example})
    assert "content/cv.yaml" not in imported.files
    assert messages(imported, "_data/cv.yml") == [
        "left out: the theme's example CV, never edited"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_alfolio_html_file_of_an_entry_is_found_in_assets_html(tmp_path: Path) -> None:
    """al-folio's `html = {notes.html}` is a file of `assets/html/` (its layout prepends
    the folder); the name stayed bare, Lanting looked for `/notes.html` and the build
    failed on al-folio's own example entry."""
    bib = ("---\n---\n@article{lin2022notes,\n  title = {Lecture Notes on Rollouts},\n"
           "  author = {Lin, Wei},\n  journal = {Notes},\n  year = {2022},\n"
           "  html = {rollout-notes.html},\n}\n")
    imported = alfolio(tmp_path, {"_bibliography/papers.bib": bib,
                                  "assets/html/rollout-notes.html": "<html>notes</html>\n"})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    found = entry(page(tmp_path / "out", "/publications/"), "Lecture Notes")
    links = {a.text().strip(): a.get("href") for a in found.find_all("a")}
    assert links["HTML"] == "/assets/html/rollout-notes.html"
    assert (tmp_path / "out/assets/html/rollout-notes.html").is_file()


def test_html_listing_pages_are_left_out_with_a_notice(tmp_path: Path) -> None:
    """academicpages' archives (`_pages/year-archive.html`, `tag-archive.html`, …) and
    old al-folio's `blog/index.html` (paginated posts) are lists Lanting makes; each was
    a warning to copy its text by hand, though it had none. A page of HTML with text of
    its own is still named in a warning."""
    archive = ("---\nlayout: archive\npermalink: /tags/\ntitle: Posts by Tags\n---\n\n"
               "{% include base_path %}\n{% include group-by-array collection=site.posts "
               "field=\"tags\" %}\n\n{% for tag in group_names %}\n  <h2>{{ tag }}</h2>\n"
               "  {% for post in group_items[forloop.index0] %}\n    {% include "
               "archive-single.html %}\n  {% endfor %}\n{% endfor %}\n")
    blog = ("---\nlayout: default\ntitle: blog\n---\n<div class=\"post\">\n<ul>\n"
            "{% for post in paginator.posts %}\n<li>{{ post.title }}</li>\n{% endfor %}\n"
            "</ul>\n</div>\n")
    talkmap = ("---\nlayout: archive\ntitle: Talk map\n---\n\n<p>Every city where I gave a "
               "talk, drawn from the locations of my talks by a notebook I run by hand "
               "each year.</p>\n<iframe src=\"/talkmap/map.html\"></iframe>\n")
    imported = alfolio(tmp_path, {"_pages/tag-archive.html": archive, "blog/index.html": blog,
                                  "_pages/talkmap.html": talkmap})
    for path in ("_pages/tag-archive.html", "blog/index.html"):
        assert messages(imported, path) == ["left out: a listing page, which Lanting makes"]
    assert [w.path for w in imported.report.warnings] == ["_pages/talkmap.html"]


def test_alfolio_news_page_is_left_to_the_home_page(tmp_path: Path) -> None:
    """al-folio's news page is `{% include news.liquid %}`, the theme's list of `_news/`:
    it became a page holding a comment and a warning. Lanting shows the news on the home
    page: the page is left out with a notice, and the news are there."""
    imported = alfolio(tmp_path, {
        "_pages/news.md": "---\nlayout: page\ntitle: news\npermalink: /news/\nnav: true\n---"
                          "\n\n{% include news.liquid %}\n",
        "_news/announcement_1.md": "---\nlayout: post\ndate: 2025-03-01\ninline: true\n---\n\n"
                                   "Our rollout cache paper is accepted.\n"})
    assert not (imported.dest / "content/pages/news.md").exists()
    assert messages(imported, "_pages/news.md") == [
        "left out: the list of `_news/`, which Lanting shows on the home page"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "rollout cache paper is accepted" in page(tmp_path / "out", "/").text()


REPOSITORIES_PAGE = """---
layout: page
permalink: /repositories/
title: repositories
description: Code I keep up.
nav: true
---

{% if site.data.repositories.github_users %}
## GitHub users
<div class="repositories d-flex">
  {% for user in site.data.repositories.github_users %}
    {% include repository/repo_user.liquid username=user %}
  {% endfor %}
</div>
{% endif %}

{% if site.data.repositories.github_repos %}
## GitHub Repositories
<div class="repositories d-flex">
  {% for repo in site.data.repositories.github_repos %}
    {% include repository/repo.liquid repository=repo %}
  {% endfor %}
</div>
{% endif %}
"""


def test_alfolio_repositories_page_lists_the_repositories(tmp_path: Path) -> None:
    """al-folio's repositories page drew GitHub cards from `_data/repositories.yml`; it
    became a page of comments and a dozen warnings, the repositories lost. It is a list
    of links to each user and repository."""
    imported = alfolio(tmp_path, {
        "_pages/repositories.md": REPOSITORIES_PAGE,
        "_data/repositories.yml": "github_users:\n  - linwei\n\ngithub_repos:\n"
                                  "  - linwei/rollout-cache\n  - linwei/kv-bench\n"})
    assert not imported.report.warnings
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    shown = page(tmp_path / "out", "/repositories/").one("main")
    hrefs = [a.get("href") for a in shown.find_all("a")]
    for url in ("https://github.com/linwei", "https://github.com/linwei/rollout-cache",
                "https://github.com/linwei/kv-bench"):
        assert url in hrefs
    assert "import: unconverted" not in (imported.dest / "content/pages/repositories.md"
                                         ).read_text(encoding="utf-8")


def test_alfolio_example_repositories_are_left_out(tmp_path: Path) -> None:
    """The theme's example list (al-folio's own repository and its libraries) is not the
    owner's: the page is left out, saying why."""
    imported = alfolio(tmp_path, {
        "_pages/repositories.md": REPOSITORIES_PAGE,
        "_data/repositories.yml": "github_users:\n  - torvalds\ngithub_repos:\n"
                                  "  - alshedivat/al-folio\n  - twbs/bootstrap\n"
                                  "  - jekyll/jekyll\n"})
    assert messages(imported, "_pages/repositories.md") == [
        "left out: its _data/repositories.yml is the theme's example, never edited"]


CV_JSON_PAGE = """---
layout: archive
title: "CV"
permalink: /cv-json/
---

{% include base_path %}

{% include cv-template.html %}

<div class="cv-download-links">
  <a href="{{ base_path }}/files/cv.pdf" class="btn">Download CV as PDF</a>
</div>
"""


def test_academicpages_json_cv_is_the_cv_page(tmp_path: Path) -> None:
    """academicpages' `cv-json` page showed `_data/cv.json` (a JSON Resume) through the
    theme's include: it was imported as a page of one comment. The JSON Resume is
    content/cv.yaml, and the old URL leads to /cv/."""
    resume = RESUME.replace("林伟", "梁宇")
    imported = alfolio(tmp_path, {"_pages/cv-json.md": CV_JSON_PAGE, "_data/cv.json": resume,
                                  "files/cv.pdf": b"%PDF-1.4\n"})
    assert not (imported.dest / "content/pages/cv-json.md").exists()
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "梁宇" in cv_text(tmp_path / "out") and "优秀助教" in cv_text(tmp_path / "out")
    assert redirect_target(tmp_path / "out", "/cv-json/") == "/cv/"


def test_academicpages_example_json_cv_is_left_out(tmp_path: Path) -> None:
    """Most academicpages forks keep the theme's example `cv.json` ("Your Sidebar Name")
    and its page's link to a `files/cv.pdf` they never added: the import made a page
    whose broken link stopped the build. The example is left out, saying so."""
    example = RESUME.replace("林伟", "Your Sidebar Name")
    imported = alfolio(tmp_path, {"_pages/cv-json.md": CV_JSON_PAGE,
                                  "_data/cv.json": example})
    assert "content/cv.yaml" not in imported.files
    assert not (imported.dest / "content/pages/cv-json.md").exists()
    assert messages(imported, "_data/cv.json") == [
        "left out: the theme's example CV, never edited"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_liquid_capture_blocks_are_removed_as_assignments(tmp_path: Path) -> None:
    """`{% capture x %}…{% endcapture %}` (academicpages' sitemap page) only sets a
    variable, as `{% assign %}` does; both tags were left in comments as "no Lanting
    equivalent", and the captured text stayed between them."""
    sitemap = ("---\nlayout: archive\ntitle: Sitemap\npermalink: /sitemap/\n---\n\n"
               "Every page of this site, for readers who like lists better than menus; "
               "robots have their own XML version.\n\n"
               "{% capture written_label %}'None'{% endcapture %}\n\n"
               "{% for post in site.pages %}\n  {% include archive-single.html %}\n"
               "{% endfor %}\n")
    imported = alfolio(tmp_path, {"_pages/sitemap.md": sitemap})
    text = (imported.dest / "content/pages/sitemap.md").read_text(encoding="utf-8")
    assert "capture" not in text and "'None'" not in text and "Every page" in text
    assert [m for m in messages(imported, "_pages/sitemap.md") if "capture" in m] == [
        "`{% capture written_label %}…{% endcapture %}` removed (it only set a variable "
        "for the theme)"]


def test_kramdown_math_in_titles_is_a_formula(tmp_path: Path) -> None:
    """`$$O(n)$$` in a title (MathJax drew it in the heading; kramdown's inline math is
    `$$…$$`) stayed as written: the heading and the page's title showed the TeX. It is
    `$…$`, Lanting's formula of a title, in posts and pages alike."""
    imported = alfolio(tmp_path, {
        "_posts/2024-03-01-linear.md": "---\nlayout: post\ntitle: Attention in $$O(n)$$ "
                                       "time\n---\n\nText.\n",
        "_pages/energy.md": "---\nlayout: page\ntitle: Notes on $$E=mc^2$$\npermalink: "
                            "/energy/\n---\n\nText.\n"})
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    for url in ("/posts/linear/", "/energy/"):
        heading = page(tmp_path / "out", url).one("h1")
        assert heading.find_all("math") and "$" not in heading.text(), url


def test_a_page_at_the_url_of_lantings_blog_is_left_out(tmp_path: Path) -> None:
    """An al-folio blog page whose owner replaced the list of posts with a line ("Coming
    soon.") kept `permalink: /blog/`: imported as a page, it claimed the URL of
    Lanting's own list of posts, and the build stopped. It is left out with a warning
    saying where its text can go."""
    blog = ("---\nlayout: default\npermalink: /blog/\ntitle: blog\nnav: true\n"
            "pagination:\n  enabled: true\n---\n\n<div class=\"post\">\n\n<p>Coming soon: "
            "notes on rollouts, reward models and the systems that serve them.</p>\n\n"
            "</div>\n")
    imported = alfolio(tmp_path, {"_pages/blog.md": blog})
    assert not (imported.dest / "content/pages/blog.md").exists()
    assert [m[:42] for m in messages(imported, "_pages/blog.md")] == [
        "left out: Lanting makes /blog/ itself, a l"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_alfolio_cv_link_to_a_missing_file_is_left_out(tmp_path: Path) -> None:
    """`cv_pdf: /assets/pdf/cv.pdf` in socials.yml, the file never committed: the profile
    link was written as it was, and the new site's check stopped the build at
    lanting.toml. It is left out with a warning; a CV file that is there is linked."""
    socials = "email: lw@example.org\ncv_pdf: /assets/pdf/missing-cv.pdf\n"
    imported = alfolio(tmp_path, {"_data/socials.yml": socials})
    assert messages(imported, "_data/socials.yml") == [
        "CV link `/assets/pdf/missing-cv.pdf` left out: the file is not in the site (add "
        "it to static/ and to [profile] links)"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    there = alfolio(tmp_path / "b", {"_data/socials.yml": socials.replace("missing-", ""),
                                     "assets/pdf/cv.pdf": b"%PDF-1.4\n"})
    assert "/assets/pdf/cv.pdf" in (there.dest / "lanting.toml").read_text(encoding="utf-8")


COURSE = """---
layout: course
title: Systems for Machine Learning
description: How training and serving systems keep accelerators busy.
instructor: Wei Lin
year: 2025
term: Fall
location: Hall B, Room 3
time: Tuesdays 10:00-11:30
course_id: sysml
schedule:
  - week: 1
    date: Sep 2
    topic: Data loaders
    description: Why the GPU waits | and how to stop it.
    materials:
      - name: Slides
        url: /assets/pdf/week1.pdf
  - week: 2
    date: Sep 9
    topic: Collectives
---

Office hours are after class.
"""


def test_alfolio_teachings_are_courses_with_their_schedule(tmp_path: Path) -> None:
    """Newer al-folio keeps courses in `_teachings/` (`layout: course`, a `schedule`);
    the collection was left out with a warning, the courses lost. Each is a course of
    content/teaching/: its term, description, instructor and the schedule as a table."""
    config = CONFIG + ("collections:\n  teachings:\n    output: true\n"
                       "    permalink: /:collection/:title/\n")
    imported = alfolio(tmp_path, {"_config.yml": config, "_teachings/sysml.md": COURSE,
                                  "assets/pdf/week1.pdf": b"%PDF-1.4\n"})
    assert not imported.report.warnings
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    listed = " ".join(page(tmp_path / "out", "/teaching/").one("main").text().split())
    assert "Systems for Machine Learning" in listed and "Fall 2025" in listed
    course = page(tmp_path / "out", "/teaching/sysml/").one("main")
    text = " ".join(course.text().split())
    assert "Office hours are after class." in text and "Instructor: Wei Lin" in text
    rows = [" ".join(r.text().split()) for r in course.find_all("tr")]
    assert rows[1].startswith("1 Sep 2 Data loaders") and "Why the GPU waits | and how" \
        in rows[1] and rows[2].startswith("2 Sep 9 Collectives")
    assert [a.get("href") for a in course.find_all("a") if a.text() == "Slides"] == [
        "/assets/pdf/week1.pdf"]
    assert redirect_target(tmp_path / "out", "/teachings/sysml/") == "/teaching/sysml/"


TEACHINGS_CONFIG = CONFIG + ("collections:\n  teachings:\n    output: true\n"
                             "    permalink: /:collection/:title/\n")


def test_alfolio_own_teaching_page_keeps_its_url_over_the_courses(tmp_path: Path) -> None:
    """A site whose teaching page is its own text (the courses it assisted, in Markdown)
    and which kept the theme's example `_teachings/`: the courses took /teaching/ for
    Lanting's list, the page claimed it too, and the build stopped. The page keeps the
    URL; the courses are left out with a warning naming it."""
    own = ("---\nlayout: page\npermalink: /teaching/\ntitle: teaching\nnav: true\n---\n\n"
           "Teaching assistant at Example University.\n\n**Operating Systems**<br>\n"
           "*Fall 2021*\n")
    imported = alfolio(tmp_path, {"_config.yml": TEACHINGS_CONFIG,
                                  "_pages/teaching.md": own, "_teachings/sysml.md": COURSE})
    assert messages(imported, "_teachings") == [
        "`_teachings/` (1 files) left out: the site's own page _pages/teaching.md keeps "
        "/teaching/, where Lanting would list them"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Operating Systems" in page(tmp_path / "out", "/teaching/").one("main").text()


def test_alfolio_teaching_listing_page_gives_way_to_the_courses(tmp_path: Path) -> None:
    """al-folio's teaching page that lists `site.teachings` is Lanting's list of courses."""
    listing = ("---\nlayout: page\npermalink: /teaching/\ntitle: teaching\n---\n\n"
               "{% assign courses = site.teachings | sort: 'year' | reverse %}\n"
               "{% for course in courses %}\n  {% include courses.liquid %}\n{% endfor %}\n")
    imported = alfolio(tmp_path, {"_config.yml": TEACHINGS_CONFIG,
                                  "_pages/teaching.md": listing, "_teachings/sysml.md": COURSE,
                                  "assets/pdf/week1.pdf": b"%PDF-1.4\n"})
    assert messages(imported, "_pages/teaching.md") == [
        "left out: the list of `_teachings/` at /teaching/, which Lanting makes"]
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert "Systems for Machine Learning" in page(tmp_path / "out", "/teaching/").text()


def test_alfolio_drawn_fences_are_code_lanting_highlights(tmp_path: Path) -> None:
    """al-folio's scripts drew ```` ```chartjs ````, ```` ```diff2html ```` and the like;
    Lanting showed each as code in an unknown language, a build warning apiece, with no
    word at the import. Each is code in the language it is written in (the chart's JSON,
    the diff), with a warning at its line; the example of how to write one, inside a
    ```` ````markdown ```` fence, stays as written."""
    post = ("---\nlayout: post\ntitle: Charts\n---\n\nLoss curve:\n\n```chartjs\n"
            '{"type": "line", "data": {"labels": [1, 2]}}\n```\n\nA change:\n\n'
            "```diff2html\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n```\n\n"
            "How to write one:\n\n````markdown\n```chartjs\n{}\n```\n````\n")
    imported = alfolio(tmp_path, {"_posts/2024-05-01-charts.md": post})
    text = (imported.dest / "content/posts/charts.md").read_text(encoding="utf-8")
    assert "```json\n{\"type\": \"line\"" in text and "```diff\n--- a/x.py" in text
    assert "````markdown\n```chartjs\n{}\n```\n````" in text
    assert [(w.line, w.message[:20]) for w in imported.report.warnings] == [
        (8, "a Chart.js chart (dr"), (14, "a diff2html diff (dr")]
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert not [p for p in result.warnings if "unknown code language" in p.message]


def test_alfolio_pseudocode_is_drawn_by_lanting(tmp_path: Path) -> None:
    """al-folio's ```` ```pseudocode ```` (pseudocode.js's `\\begin{algorithm}`) was shown
    as LaTeX code, with a warning: Lanting draws it now, as al-folio's script did."""
    post = ("---\nlayout: post\ntitle: Sorting\npseudocode: true\n---\n\n```pseudocode\n"
            "\\begin{algorithm}\n\\caption{Quicksort}\n\\begin{algorithmic}\n"
            "\\PROCEDURE{Quicksort}{$A, p, r$}\n  \\IF{$p < r$}\n    \\STATE $q = p$\n"
            "  \\ENDIF\n\\ENDPROCEDURE\n\\end{algorithmic}\n\\end{algorithm}\n```\n")
    imported = alfolio(tmp_path, {"_posts/2024-05-02-sorting.md": post})
    assert not imported.report.warnings
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    figure = page(tmp_path / "out", "/posts/sorting/").one("figure", class_="algorithm")
    assert figure.one("figcaption").text().endswith("Quicksort")
    assert len(figure.find_all("li")) == 5


def test_jekyll_scholar_reference_and_quote_are_cited(tmp_path: Path) -> None:
    """jekyll-scholar's `{% reference key %}` and `{% quote key %}…{% endquote %}` (al-folio's
    bibliography post) were "no Lanting equivalent", left in comments, the quote's text
    loose between them. The reference is a citation; the quote a block quote with its
    source cited under it."""
    bib = ("---\n---\n@article{lin2023kv,\n  title = {Paged Caches},\n  author = {Lin, Wei},"
           "\n  journal = {Systems Letters},\n  year = {2023},\n}\n")
    post = ("---\nlayout: post\ntitle: Reading\n---\n\nIn full: {% reference lin2023kv %}.\n\n"
            "{% quote lin2023kv %}\nMemory is the budget.\n\nPages make it elastic.\n"
            "{% endquote %}\n")
    imported = alfolio(tmp_path, {"_bibliography/papers.bib": bib,
                                  "_posts/2024-02-01-reading.md": post})
    text = (imported.dest / "content/posts/reading.md").read_text(encoding="utf-8")
    assert "In full: [@lin2023kv]." in text
    assert "> Memory is the budget.\n>\n> Pages make it elastic.\n>\n> — [@lin2023kv]" in text
    assert not imported.report.warnings
    build(imported.dest, BuildOptions(output=tmp_path / "out"))
    quote = page(tmp_path / "out", "/posts/reading/").one("blockquote")
    assert "Pages make it elastic." in quote.text() and "Lin" in quote.text()
