"""A drop-down of the menu (`[[menu.children]]`) in Chromium: its name opens it, by mouse
or keyboard; Escape, a click elsewhere or opening another closes it; on a phone it opens
inside the menu panel."""

from __future__ import annotations

from pathlib import Path

from sitebits import DROP_DOWN_MENU, MENU_PAGES, write_files

MENU = 'title = "兰亭笔记"\nlanguage = "zh-CN"\n\n' + DROP_DOWN_MENU
OPEN = "() => [...document.querySelectorAll('.submenu details')].map((d) => d.open)"


def _opened(page, expected: list[bool]) -> None:
    """Wait until the drop-downs' open states are `expected` (a `toggle` event, which
    closes the others, comes after the click)."""
    wanted = str(expected).lower().replace(" ", "")
    page.wait_for_function(f"() => JSON.stringify(({OPEN})()) === '{wanted}'", timeout=3000)


def _site(root: Path) -> Path:
    write_files(root, {"lanting.toml": MENU, **MENU_PAGES})
    return root


def test_a_drop_down_opens_and_closes_by_mouse_and_keyboard(browser, serve_site,
                                                             tmp_path) -> None:
    served = serve_site(_site(tmp_path / "menus"))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(served.url + "ml/")
        notes = page.locator(".submenu summary").first
        notes.click()
        _opened(page, [True, False])
        link = page.locator(".submenu a", has_text="系统")
        assert link.is_visible()
        page.locator(".submenu summary").nth(1).click()  # another opens: the first closes
        _opened(page, [False, True])
        page.locator("main").click()  # a click elsewhere closes it
        _opened(page, [False, False])
        notes.focus()
        page.keyboard.press("Enter")
        _opened(page, [True, False])
        page.keyboard.press("Escape")
        _opened(page, [False, False])
        assert page.evaluate("() => document.activeElement.textContent.trim()") == "笔记"
        notes.click()
        link.click()
        page.wait_for_url("**/systems/")
        assert page.locator(".submenu summary").first.get_attribute("class") == "current"
    finally:
        context.close()


def test_on_a_phone_a_drop_down_opens_inside_the_menu_panel(browser, serve_site,
                                                            tmp_path) -> None:
    served = serve_site(_site(tmp_path / "phone"))
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(served.url + "ml/")
        page.locator(".menu-button").click()
        page.locator(".submenu summary").first.click()
        link = page.locator(".submenu a", has_text="系统")
        assert link.is_visible()
        summary = page.locator(".submenu summary").first.bounding_box()
        box = link.bounding_box()
        assert summary is not None and box is not None
        assert box["y"] > summary["y"] and box["x"] > summary["x"]  # under it, indented
    finally:
        context.close()


def test_a_long_drop_down_scrolls_inside_the_window(browser, serve_site, tmp_path) -> None:
    """A docs site's section of 40 pages: the list stops at the window's bottom edge and
    scrolls, so its last page can be reached (before, it ran off the screen)."""
    entries = "".join(f'\n[[menu.children]]\nname = "第 {n} 章"\nurl = "/ch{n}/"\n'
                      for n in range(1, 41))
    pages = {f"content/pages/ch{n}.md": f"---\ntitle: 第 {n} 章\n---\n正文。\n"
             for n in range(1, 41)}
    root = tmp_path / "long"
    write_files(root, {"lanting.toml": MENU.split("[[menu]]")[0]
                       + f'[[menu]]\nname = "教程"\n{entries}', **pages})
    served = serve_site(root)
    context = browser.new_context(viewport={"width": 1280, "height": 500})
    try:
        page = context.new_page()
        page.goto(served.url + "ch1/")
        page.locator(".submenu summary").click()
        box = page.locator(".submenu ul").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 500
        last = page.locator(".submenu a", has_text="第 40 章")
        last.scroll_into_view_if_needed()
        last.click()
        page.wait_for_url("**/ch40/")
    finally:
        context.close()
