"""The 404 page in Chromium follows the language of the URL it answers: a host that serves
only the root 404.html (GitHub Pages) shows the English text for a missing /en/ URL once
the page's script has run; without JavaScript the default language's text stays."""

from __future__ import annotations

from pathlib import Path

SITE = Path(__file__).resolve().parents[1] / "sites" / "zh-tw"


def answer_with_root_404(page, served) -> None:
    """Do what GitHub Pages does: the root 404.html for every missing URL."""
    body = (served.root / "404.html").read_bytes()
    page.route("**/en/no-such-page/", lambda route: route.fulfill(
        status=404, body=body, content_type="text/html; charset=utf-8"))


def not_found(page) -> dict[str, str]:
    return page.evaluate("""() => { const box = document.querySelector('.not-found');
        return { h1: box.querySelector('h1').textContent, lang: box.lang,
                 home: box.querySelector('a').getAttribute('href'), title: document.title }; }""")


def test_root_404_shows_english_under_en(browser, serve_site) -> None:
    served = serve_site(SITE)
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    try:
        answer_with_root_404(page, served)
        response = page.goto(served.url + "en/no-such-page/")
        assert response is not None and response.status == 404
        seen = not_found(page)
        assert seen["h1"] == "Page not found" and seen["lang"] == "en"
        assert seen["home"].endswith("/en/") and seen["title"].startswith("Page not found")
        page.goto(served.url + "no-such-page/")  # the default language's folder: unchanged
        seen = not_found(page)
        assert seen["h1"] == "找不到頁面" and seen["lang"] == ""
        assert [e for e in errors if "404" not in e] == []
    finally:
        context.close()


def test_without_javascript_the_root_404_keeps_the_default_language(browser,
                                                                  serve_site) -> None:
    served = serve_site(SITE)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        answer_with_root_404(page, served)
        page.goto(served.url + "en/no-such-page/")
        assert page.locator(".not-found h1").text_content() == "找不到頁面"
        assert page.locator("template").count() == 1  # inert: nothing of it shows
        assert page.get_by_text("Page not found").count() == 0
    finally:
        context.close()


def test_lanting_serve_answers_with_the_folders_own_404(browser, serve_site) -> None:
    served = serve_site(SITE)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        response = page.goto(served.url + "en/posts/missing/")
        assert response is not None and response.status == 404
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator(".not-found h1").text_content() == "Page not found"
    finally:
        context.close()
