"""The site a Quartz garden (or a folder of notes) makes, in Lanting's: `lanting.toml`
from `quartz.config.ts` (title, language, base URL, heading ids, line breaks,
Mermaid), the menu (the top folders, as Quartz's explorer showed them) and redirects
from Quartz's tag pages to Lanting's."""

from __future__ import annotations

from lanting.importer.item import Item
from lanting.importer.listings import Redirects, listed_posts, term_urls
from lanting.importer.menus import finish_menu, menu_names
from lanting.importer.mkdocs_settings import MERMAID
from lanting.importer.quartz_settings import QuartzConfig, tag_slug
from lanting.importer.report import Report
from lanting.importer.site import NewSite
from lanting.importer.site_language import guess_language, language_tag

_MENU_FOLDERS = 6


class QuartzSite:
    """The site side of the Quartz importer (and of the notes importer, on it)."""

    report: Report
    site: NewSite
    config: QuartzConfig
    texts: list[str]
    mermaid: bool
    top_folders: list[tuple[str, Item]]
    keeps_old_urls: bool
    drawn_by: str
    breaks_why: str

    def write_config(self) -> None:
        config, read = self.site.config, self.config
        config["title"] = read.title.strip() or "My garden"
        config["language"] = self.language()
        host = read.base_url.removeprefix("https://").removeprefix("http://").strip("/")
        # (Quartz's own `quartz.jzhao.xyz`, never edited, and a name with no domain in it,
        # `math-vault`, name no site: a wrong base URL would break every absolute link)
        if "." in host.split("/")[0] and host != "quartz.jzhao.xyz":
            config["base_url"] = f"https://{host}/"
        elif host:
            self.report.note(self.config.file, self.config.line("baseUrl"), f"`baseUrl: "
                             f"{read.base_url}` names no site of yours: set `base_url` in "
                             "lanting.toml")
        # (Quartz made heading ids with github-slugger: `#kl_penalty` links keep working)
        config["markdown"] = {"heading_ids": "github"}
        if read.hard_breaks:
            config["markdown"]["breaks"] = True
            self.report.convert(f"line ends as line breaks ({self.breaks_why})")
        if self.mermaid:
            config["markdown"]["mermaid"] = MERMAID
            self.site.config_comments["markdown"] = (
                f"Mermaid diagrams drawn as {self.drawn_by} drew them (its script from a "
                "CDN)")
        self.tag_redirects()
        self.menu()

    def language(self) -> str:
        """`locale`, or the notes' language when there is none, or when it is the sample
        config's `en-US` left over notes written in Chinese (dates, search and the
        page's `lang` follow the notes)."""
        read = self.config
        guessed = guess_language(self.texts)
        if not read.locale:
            return guessed
        if read.locale == "en-US" and guessed == "zh-CN":
            self.report.note(self.config.file, self.config.line("locale"), "`locale: "
                             "en-US` (Quartz's sample) over notes written in Chinese: the "
                             "new site is in zh-CN (`language` in lanting.toml changes it)")
            return guessed
        return language_tag(read.locale, read.locale)

    def menu(self) -> None:
        """The garden's top folders (Quartz's explorer), after the blog when notes are
        posts, then the tags."""
        names = menu_names(str(self.site.config.get("language", "")))
        menu = [{"name": names["blog"], "url": "/blog/"}] if listed_posts(self.site) else []
        if len(self.top_folders) > _MENU_FOLDERS:
            self.report.note(self.config.file, None, f"{len(self.top_folders)} top folders: "
                             f"the first {_MENU_FOLDERS} are in the menu (edit `[[menu]]`)")
        menu += [{"name": page.title, "url": self.cased_url(page, url)}
                 for url, page in self.top_folders[:_MENU_FOLDERS]]
        menu.append({"name": names["tags"], "url": "/tags/"})
        finish_menu(self.site, menu, self.config.file)

    def cased_url(self, page: Item, old: str) -> str:
        """The folder page's new URL, cased as its old one (`/BIM/`) when they differ
        only in case, as the old URLs' aliases will make it."""
        own = self.site.new_url(page)
        if not self.keeps_old_urls:  # (no old URL to keep the case of)
            return own
        if old != own and old.casefold() == own.casefold():
            page.front["slug"] = old.strip("/").rsplit("/", 1)[-1]
            return old
        return own

    def tag_redirects(self) -> None:
        """Quartz's tag pages (`/tags/深度学习`, `/tags/ml/rl`) redirect to Lanting's."""
        redirects = Redirects(self.site, self.report, self.config.file)
        urls = term_urls(listed_posts(self.site), "tags")
        for item in listed_posts(self.site):
            for tag in item.front.get("tags", []):
                new = urls.get(str(tag).casefold())
                if new:
                    redirects.add(f"/tags/{tag_slug(str(tag))}/", new)
        if urls:
            redirects.add("/tags/", "/tags/")
        redirects.finish("tag pages")
