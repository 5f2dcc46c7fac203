"""The site a docsify folder makes, in Lanting's: the title (`name`), the home page (the
cover's text, `README.md`'s, the sidebar as a contents list), the reading order (each
listed page's previous and next), the menu (`_navbar.md`), and `lanting.toml` from
`window.$docsify`'s settings, with what Lanting has no place for named."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.docsify_config import MATH_PLUGINS, DocsifySettings, footer_line
from lanting.importer.docsify_sidebar import Entry, list_entries, split_route
from lanting.importer.html_block_spans import CLOSED_COMMENT, closed_comment
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.menus import finish_menu
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag
from lanting.importer.vuepress_fragments import PageAnchors, other_page_fragment
from lanting.markdown.anchors import docsify_slug

_PLUGIN_NOTES = {
    "pagination": "docsify-pagination: each page ends with links to the previous and next",
    "search": "docsify's search: Lanting has its own",
    "copy-code": "docsify-copy-code: Lanting's code blocks have a copy button",
    "zoom-image": "zoom-image: images show at their size",
    "comments": "a comment plugin (Gitalk, giscus, …): not carried over (set Lanting's "
                "comments in lanting.toml)",
}


class DocsifySite:
    """The site side of the docsify importer."""

    folder: Path
    report: Report
    settings: DocsifySettings
    site: NewSite
    by_source: dict[Path, Item]
    texts: list[str]
    order: list[Item]
    sidebar: list[Entry]
    sidebar_titles: dict[Path, str]
    route_file: Callable[[str], Path | None]
    """(`Docsify.route_file`: the Markdown file a sidebar or navbar link names.)"""
    convert: Callable[..., str]
    """(`DocsifyBodies.convert`.)"""
    documents: list[tuple[Item, str, Path]]
    page_anchors: PageAnchors

    def title(self) -> str:
        return re.sub(r"<[^>]+>", "", self.settings.name).strip() \
            or self.settings.page_title or "My notes"

    def home(self) -> None:
        """The cover's text, the home page's, then the sidebar as a contents list."""
        home = next(i for i in self.site.items if i.kind == "home")
        home.front["title"] = self.title() if self.settings.name or home.source is None \
            else home.title
        cover = self.coverpage(home)
        if cover:
            home.body = cover + "\n\n" + home.body
        listing = self.contents(home)
        if listing:
            heading = "目录" if self.language().startswith("zh") else "Contents"
            home.body = home.body.rstrip("\n") + f"\n\n## {heading}\n\n{listing}\n"
            self.report.convert("the sidebar (a contents list on the home page)")

    def coverpage(self, home: Item) -> str:
        name = self.settings.coverpage
        path = self.folder / name if name else None
        if path is None or not path.is_file():
            if name:
                self.report.warn(self.settings.path, None, f"`coverpage` names `{name}`, "
                                 "which is not there")
            return ""
        text = read_text(path)
        # (a last image of only a colour, `![](#f0f0f0)`, was the cover's background)
        text, colours = re.subn(r"^[ \t]*!\[[^\]\n]*\]\(#[0-9a-fA-F]{3,8}\)[ \t]*$", "",
                                text, flags=re.MULTILINE)
        if colours:
            self.report.note(path, None, "the cover's background colour: left out")
        ctx = Context(self.report, path, read_text(path))
        self.report.convert("the cover page (_coverpage.md) at the top of the home page")
        # (`[Get started](#intro)` scrolled to the home page's heading, below the cover)
        text = re.sub(r"\]\(#(?!/)([^)\s]+)\)", r"](#/?id=\1)", text)
        return self.convert(text, home, path, ctx).strip("\n")

    def contents(self, home: Item) -> str:
        lines: list[str] = []
        for entry in self.sidebar:
            indent = "  " * entry.depth
            file = self.route_file(entry.link)
            item = self.by_source.get(file) if file is not None else None
            if item is home:
                continue
            if item is not None:
                link = self.site.link(item) + self.entry_fragment(entry, item)
                lines.append(f"{indent}- [{entry.title}]({link})")
            elif re.match(r"^https?://", entry.link):
                lines.append(f"{indent}- [{entry.title}]({entry.link})")
            elif entry.title and not entry.link:  # (a section's name)
                lines.append(f"{indent}- **{entry.title}**")
        return "\n".join(lines)

    def entry_fragment(self, entry: Entry, item: Item) -> str:
        """The `#id` of the heading a sidebar entry names on its page (`setup?id=快速-开始`,
        a page's sections listed under it); `""` for none, or one naming no heading there
        (docsify showed the page's top: a warning)."""
        fragment = split_route(entry.link)[1]
        if not fragment or item.source is None:
            return ""
        sidebar = entry.sidebar or self.folder / self.settings.sidebar
        ctx = Context(self.report, sidebar, read_text(sidebar))
        found = other_page_fragment(fragment, item.source, self.documents,
                                    self.page_anchors, docsify_slug, entry.link, ctx)
        return f"#{found}" if found else ""

    def reading_order(self) -> None:
        """Each page the sidebar lists ends with links to the previous and next, named
        as the sidebar names them (two pages of a chapter often share a heading)."""

        def name(page: Item) -> str:
            own = self.sidebar_titles.get(page.source.resolve(), "") \
                if page.source is not None else ""
            return own or page.title

        previous_and_next(self.site, [p for p in self.order if p.kind != "home"], name,
                          self.language().startswith("zh"))

    # --- settings --------------------------------------------------------------------------

    def language(self) -> str:
        return str(self.site.config.get("language") or guess_language(self.texts))

    def write_config(self) -> None:
        config = self.site.config
        settings = self.settings
        config["title"] = self.title()
        config["language"] = language_tag(self.language())
        if settings.repo:
            url = settings.repo if settings.repo.startswith("http") \
                else f"https://github.com/{settings.repo.strip('/')}"
            config["links"] = [{"name": "GitHub" if "github.com" in url else "Repository",
                                "url": url}]
        # (`?id=_11-梯度下降` links name headings by docsify's ids)
        config["markdown"] = {"heading_ids": "docsify"}
        self.site.config_comments["markdown"] = "heading ids made as docsify made them"
        if "mermaid" in settings.plugins:  # (docsify-mermaid, or Mermaid's own script)
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] += "; Mermaid diagrams drawn as the " \
                "old site drew them (its script from a CDN)"
            self.report.convert("Mermaid diagrams drawn (the site loaded Mermaid)")
        if line := footer_line(self.folder, settings):  # (`_footer.md`, under every page)
            config["copyright"] = line
        self.menu()
        where = settings.path
        if settings.history:
            self.report.convert("history-mode paths kept as aliases")
        else:
            self.report.warn(where, None, "docsify's URLs were hash routes (`/#/guide/"
                             "intro`): the part after `#` never reaches a server, so no "
                             "static host can redirect them to the new pages (links "
                             "shared to the old site lead to its home page)")
        for name in sorted(settings.plugins & set(_PLUGIN_NOTES)):
            self.report.note(where, None, _PLUGIN_NOTES[name])
        if settings.alias:
            self.report.note(where, None, f"{len(settings.alias)} alias(es) (`alias`): "
                             "not carried over (they point docsify at other files, often "
                             "sidebars)")
        if settings.base_path:
            self.report.warn(where, None, f"`basePath: {settings.base_path}`: the pages "
                             "were loaded from there; only this folder's are imported")
        if not settings.plugins & MATH_PLUGINS and any("$" in t for t in self.texts):
            self.report.note(where, None, "no math plugin loaded: `$…$` was text on the "
                             "old site, so its `$` are escaped; remove the `\\` where a "
                             "formula was meant")

    def menu(self) -> None:
        """`_navbar.md`'s list: a link an entry of the menu, a top line with a list under
        it a drop-down of the list's links."""
        name = self.settings.navbar
        path = self.folder / name if name else None
        if path is None or not path.is_file():
            return
        entries: list[dict[str, Any]] = []
        for entry in list_entries(read_text(path)):
            made = self.navbar_entry(entry, path) if entry.link else None
            if entry.depth == 0:
                entries.append(made or {"name": entry.title})
            elif made is not None and entries:  # (under the top line before it)
                entries[-1].setdefault("children", []).append(made)
            elif made is not None:
                entries.append(made)
        self.report.convert("the navbar (_navbar.md) as the menu")
        finish_menu(self.site, [e for e in entries if e.get("url") or e.get("children")],
                    path)

    def navbar_entry(self, entry: Entry, path: Path) -> dict[str, str] | None:
        """A navbar link as an entry of the menu, if the new site has its page."""
        if re.match(r"^https?://", entry.link):
            return {"name": entry.title, "url": entry.link}
        file = self.route_file(entry.link)
        item = self.by_source.get(file) if file is not None else None
        if item is not None:
            return {"name": entry.title, "url": self.site.new_url(item)}
        self.report.note(path, entry.line, f"navbar link `{entry.link}` leads to no page: "
                         "left out of the menu")
        return None


def previous_and_next(site: NewSite, pages: list[Item], name: Callable[[Item], str],
                      zh: bool) -> None:
    """Each of `pages` (a book's or notes' reading order) ends with links to the
    previous and next, named by `name`."""
    for i, page in enumerate(pages):
        words = []
        if i > 0:
            words.append(f"{'上一页' if zh else 'Previous'}: "
                         f"[{name(pages[i - 1])}]({site.link(pages[i - 1])})")
        if i + 1 < len(pages):
            words.append(f"{'下一页' if zh else 'Next'}: "
                         f"[{name(pages[i + 1])}]({site.link(pages[i + 1])})")
        if words:
            page.body = closed_body(site, page.body) + "\n\n---\n\n" + " · ".join(words) + "\n"
            site.report.convert("reading order (previous and next links)")


def closed_body(site: NewSite, body: str) -> str:
    """`body` to write links after: a comment it leaves open (which would hide them)
    closed at its end, counted in the report."""
    body, closed = closed_comment(body)
    if closed:
        site.report.convert(CLOSED_COMMENT)
    return body.rstrip("\n")
