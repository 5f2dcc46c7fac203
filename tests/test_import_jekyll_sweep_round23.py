"""Faults real Jekyll blogs exposed in the twenty-third sweep (an English ML blog of
kramdown and MathJax, an open-source project's blog, a Korean notes blog), in small
sites written here."""

from __future__ import annotations

import hashlib
from pathlib import Path

from importbits import jekyll_site, page, report_of

from lanting.build import build
from lanting.build.options import BuildOptions


def test_a_raw_html_link_to_another_pages_html_file_leads_to_that_page(
        tmp_path: Path) -> None:
    """An FAQ page in HTML (`FAQ.html`) linking `<a href="contact.html">`, the file of
    the contact page beside it: the browser read it from the FAQ's old URL, where Jekyll
    had put the contact page. The link was kept as written, `/faq/contact.html` to the
    new site, and the build stopped at it. It leads to the contact page now, with a
    `baseurl` too; a page whose `permalink` moved it is still the page meant."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Log\nlang: en\nbaseurl: /log\n",
        "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nText.\n",
        "FAQ.html": "---\nlayout: page\ntitle: FAQ\n---\n<div class='qa'>\n"
                    "<p><b>A:</b> Please <a href=\"contact.html\" target=\"_blank\">email</a>"
                    " me first, or read <a href='about.html#me'>me</a>.</p>\n</div>\n",
        "contact.html": "---\nlayout: page\ntitle: Contact\n---\n<p>Write to me.</p>\n",
        "about.html": "---\nlayout: page\ntitle: About\npermalink: /about/\n---\n"
                      "<h2 id=\"me\">Me</h2>\n<p>Hello.</p>\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    out = imported.dest / "public"
    faq = page(out, "/faq/")
    assert [a["href"] for a in faq.find_all("a") if a.text() == "email"] == ["/contact/"]
    assert [a["href"] for a in faq.find_all("a") if a.text() == "me"] == ["/about/#me"]
    assert any("about.html" in e.message and "another" in e.message
               for e in imported.report.entries), report_of(imported)


# The shape of an open-source project's blog (scikit-learn's): an include looping over
# the post's `postauthors:`, each a name, a web site, an e-mail address and a picture.
_BYLINE_INCLUDE = """{% for author in page.postauthors %}
{% assign who = author %}
  {% if who.image %}
    {% capture shown %}<a href="{{ who.website }}"><img src="/assets/images/authors/{{
    who.image }}" style="width:1em">{{ who.name }}</a>{% endcapture %}
  {% else %}
    {% assign shown = who.name %}
  {% endif %}
  {% if who.email %}
    {% capture mail %}<a href="mailto:{{ who.email }}"><i class="fa-envelope"></i></a>{%
    endcapture %}
  {% else %}{% assign mail = '' %}{% endif %}
{% if forloop.first %}Written by:  {% endif %}{{ shown }} {{ mail }}{% unless
forloop.last %}, {% endunless %}
{% endfor %}
<br><br>
"""


def test_a_sites_byline_include_over_the_posts_authors_is_written_out(
        tmp_path: Path) -> None:
    """`{% include postauthor.html %}` in a post's `<div>`, the site's include printing
    "Author: Name, Name" from the post's `postauthors:` list: left in a comment with a
    warning on each post (43 of scikit-learn's blog). The byline is written out as the
    include printed it, in HTML (Markdown is not read in the `<div>`): the names linked
    to their sites, a link to each e-mail address; the pictures left out with a notice.
    A post without the list printed nothing, and so does the new one; and so does `{{
    page.featured-image }}` in a post whose `featured-image:` is empty or absent (Liquid's
    nil): the `<img>` of the folder it left, which showed no picture, is left out too."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_includes/postauthor.html": _BYLINE_INCLUDE,
        "_posts/2022-02-19-review.md":
            "---\ntitle: Review\nfeatured-image:\npostauthors:\n"
            "  - name: Ada Lovelace\n    website: https://ada.example.org\n"
            "    email: ada@example.org\n    image: ada.jpeg\n"
            "  - name: Alan Turing\n---\n\n<div>\n"
            '  <img src="/assets/images/posts/{{ page.featured-image }}" alt="">\n'
            "  {% include postauthor.html %}\n</div>\n\nThe text.\n",
        "_posts/2022-03-01-alone.md":
            "---\ntitle: Alone\n---\n\n<div>\n  {% include postauthor.html %}\n</div>\n\n"
            "Other text.\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    out = imported.dest / "public"
    body = page(out, "/posts/review/").find(attrs={"data-search-body": True})
    assert body is not None
    byline = [d for d in body.find_all("div") if "Written by:" in d.text()][-1]
    assert " ".join(byline.text().split()) == "Written by: Ada Lovelace ✉, Alan Turing"
    assert [a["href"] for a in byline.find_all("a")] == [
        "https://ada.example.org", "mailto:ada@example.org"]
    assert body.find_all("img") == [] and "The text." in body.text()
    alone = page(out, "/posts/alone/").find(attrs={"data-search-body": True})
    assert alone is not None and "Written by" not in alone.text()
    assert "Other text." in alone.text()
    notes = [e.message for e in imported.report.entries]
    assert any("1 small picture" in m for m in notes), report_of(imported)


def test_jekyll_plantuml_diagrams_are_their_pictures_or_plantuml_blocks(
        tmp_path: Path) -> None:
    """jekyll-plantuml's `{% plantuml %}…{% endplantuml %}` (a mathematician's blog in
    the last sweep, a Korean notes blog's post on the plugin) was left in a comment with
    a warning, the diagram's text lost to the reader. The plugin drew
    `uml/<MD5 of the text>.svg` into the site's folder: a repository that kept it shows
    that picture; else the diagram is a ```plantuml block (the plugin's `@startuml`
    added), which the build shows as its code with its one warning saying how to draw
    it. `{% plantuml_file %}` reads the file it names."""
    shown = "\n[First] - [Second]\n"
    drawn = hashlib.md5(shown.encode(), usedforsecurity=False).hexdigest()
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\nplugins: [jekyll-plantuml]\n",
        f"uml/{drawn}.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
        "docs/flow.puml": "@startuml\nAlice -> Bob: hello\n@enduml\n",
        "_posts/2020-04-05-uml.md":
            "---\ntitle: UML\n---\n\nDrawn:\n\n{% plantuml %}" + shown + "{% endplantuml %}\n\n"
            "Not drawn:\n\n{% plantuml %}\nclass Box<T>\n{% endplantuml %}\n\n"
            "From a file:\n\n{% plantuml_file %}docs/flow.puml{% endplantuml_file %}\n"})
    post = (imported.dest / "content/posts/uml/index.md").read_text(encoding="utf-8")
    assert f"![PlantUML diagram]({drawn}.svg)" in post, post
    assert "```plantuml\n@startuml\nclass Box<T>\n@enduml\n```" in post, post
    assert "```plantuml\n@startuml\nAlice -> Bob: hello\n@enduml\n```" in post, post
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    result = build(imported.dest, BuildOptions())
    assert [w.message for w in result.warnings] == [
        "PlantUML diagrams shown as their code (this page's first)"]
    body = page(imported.dest / "public", "/posts/uml/").find(
        attrs={"data-search-body": True})
    assert body is not None
    assert [img["src"].rsplit("/", 1)[-1] for img in body.find_all("img")] == [
        f"{drawn}.svg"]
    assert "class Box<T>" in " ".join(c.text() for c in body.find_all("code"))


_PEN_INCLUDE = """{% assign username = include.username %}
{% unless username %}
{% assign username = site.codepen_username %}
{% endunless %}
<p data-height="300" data-slug-hash="{{ include.hash }}" data-user="{{ username }}"
class='codepen'>See the Pen <a href='https://codepen.io/{{ username }}/pen/{{
include.hash }}/'>{{ include.title }}</a> on CodePen.</p>
<script async src="//assets.codepen.io/assets/embed/ei.js"></script>
"""


def test_a_sites_codepen_include_is_a_link_to_the_pen(tmp_path: Path) -> None:
    """A Korean notes blog's own `{% include codepen.html hash="…" title="…" %}`,
    CodePen's embed snippet (`data-slug-hash="{{ include.hash }}"`, the user a
    parameter or `codepen_username` of `_config.yml`), was left in a comment with a
    warning: the reader lost the pen. It is a link to the pen now, as the snippet showed
    before its script ran; the user given as a parameter wins."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\ncodepen_username: kim\n",
        "_includes/codepen.html": _PEN_INCLUDE,
        "_posts/2020-04-08-pens.md":
            "---\ntitle: Pens\n---\n\nA sample:\n\n"
            '{% include codepen.html hash="zYvOave" title="Hello [Pen]" %}\n\n'
            "Another's:\n\n"
            "{% include codepen.html hash='abCD12' username='lee' %}\n"})
    assert not [e for e in imported.report.entries if e.severity == "warning"], \
        report_of(imported)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    body = page(imported.dest / "public", "/posts/pens/").find(
        attrs={"data-search-body": True})
    assert body is not None
    assert [(a.text(), a["href"]) for a in body.find_all("a")
            if "codepen" in a["href"]] == [
        ("CodePen: Hello [Pen]", "https://codepen.io/kim/pen/zYvOave"),
        ("CodePen", "https://codepen.io/lee/pen/abCD12")]


def test_a_link_naming_a_post_by_its_file_name_leads_to_the_post(tmp_path: Path) -> None:
    """An ML project's blog linking its own posts as its newer site spells their URLs,
    `[Anatomy](/blog/2025-09-05-anatomy)` (the file's name under `/blog/`): dead on the
    Jekyll site, and kept so, it stopped the build (8 links of one post). A root link
    naming no page of the old site whose last part is a post's file name leads to that
    post now, with a notice; one naming no post stays as it was."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Blog\nlang: en\n",
        "_posts/2025-09-05-anatomy.md": "---\ntitle: Anatomy\n---\n\n## Scheduler\n\nText.\n",
        "_posts/2025-10-12-model.md":
            "---\ntitle: Model\n---\n\nSee [Anatomy](/blog/2025-09-05-anatomy) and "
            "[its scheduler](/blog/2025-09-05-anatomy/#scheduler).\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == [], report_of(imported)
    body = page(imported.dest / "public", "/posts/model/").find(
        attrs={"data-search-body": True})
    assert body is not None
    assert [a["href"] for a in body.find_all("a") if a.text() in ("Anatomy", "its scheduler")] \
        == ["/posts/anatomy/", "/posts/anatomy/#scheduler"]
    assert sum("file name of the post" in e.message for e in imported.report.entries) == 2


def test_an_image_address_holding_an_unknown_value_is_reported_once(
        tmp_path: Path) -> None:
    """`<img src="/assets/images/{{ post.cover }}">` and `![x](/img/{{ paginator.bar }})`
    in a post: the value, unknown, is left in a comment with its warning; the import
    also warned that the image `/assets/images/C0` was not found, naming its own
    placeholder for the comment (scikit-learn's blog, six posts). Only the value's
    warning is given now; and the Markdown image's comment holds the image as written,
    not the value alone."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nlang: en\n",
        "_posts/2020-01-01-a.md":
            "---\ntitle: A\n---\n<div>\n  <img src=\"/assets/images/{{ post.cover }}\" "
            "alt=\"\">\n</div>\n\n![x](/img/{{ paginator.bar }})\n"})
    post = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    # (the image as written, in its comment: with the value alone its alt text was lost)
    assert "<!-- import: unconverted ![x](/img/{{ paginator.bar }}) -->" in post, post
    warned = [e.message for e in imported.report.entries if e.severity == "warning"]
    assert len(warned) == 2 and all("not converted" in m for m in warned), warned
    assert not any("\ue000" in e.message or "C0" in e.message
                   for e in imported.report.entries), report_of(imported)
