"""Faults real Jekyll blogs exposed in the twenty-third sweep (an English ML blog of
kramdown and MathJax, an open-source project's blog, a Korean notes blog), in small
sites written here."""

from __future__ import annotations

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

