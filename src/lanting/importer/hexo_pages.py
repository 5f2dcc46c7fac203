"""A Hexo site's pages: the Markdown files of `source/` outside `_posts/` and `_drafts/`
(`about/index.md` at `/about/`, `links.md` at `/links.html`), the theme's pages drawn
from `source/_data/` (`hexo_data_pages.py`), the home page's own text
(`source/index.md`), and the `.html` pages Hexo rendered, left out with a warning."""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.common import GENERATED, LinkTable, read_text, summary_of, walk
from lanting.importer.hexo_data_pages import theme_page
from lanting.importer.hexo_front import hexo_fences, hexo_tabs, lock_reason
from lanting.importer.item import Item
from lanting.importer.report import Report
from lanting.importer.site import NewSite, slug_of
from lanting.importer.text import key_line, load_mapping, split_front_matter

MARKDOWN = (".md", ".markdown")
HTML = (".html", ".htm")


class HexoPages:
    """The pages of the Hexo importer."""

    files: Path
    config: dict[str, Any]
    report: Report
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    posts: list[tuple[Item, str, Path]]
    warn_locked: Callable[[Path, str, tuple[str, str]], None]
    math_asked: Callable[[Path, dict[str, Any]], None]

    def read_pages(self) -> None:
        # (shallowest first: `source/wallpaper/index.md` had `/wallpaper/`, and takes the
        # slug before `source/gallery/wallpaper/index.md`, whose new URL took it and left
        # the first page's old URL unanswered)
        found = walk(self.files) if self.files.is_dir() else []
        for path in sorted(found, key=lambda p: len(p.relative_to(self.files).parts)):
            rel = path.relative_to(self.files)
            if path.suffix.lower() not in (*MARKDOWN, *HTML) \
                    or any(p.startswith("_") for p in rel.parts):
                continue
            if any(fnmatch(rel.as_posix(), str(p)) for p in self.skip_render()):
                continue
            if path.suffix.lower() in HTML:
                if rel.as_posix() not in GENERATED:
                    self.html_page_left_out(path, rel)
                continue
            fmt, head, body, _first = split_front_matter(hexo_fences(read_text(path)))
            data, _error = load_mapping(fmt or "yaml", hexo_tabs(head))
            self.math_asked(path, data)
            if rel.as_posix() in GENERATED:
                continue  # (copy_static says it is left out: two sources of one URL)
            if str(data.get("permalink") or "").strip("/") in GENERATED:
                self.report.note(path, key_line(head, "permalink"), "left out: Lanting "
                                 f"makes its own {str(data['permalink']).strip('/')}")
                continue
            folder = rel.parent.as_posix()
            # (Butterfly's friends and AnZhiYu's gear, short posts and albums: drawn from
            # `_data/`, the page's own file holding front matter alone)
            page = theme_page(str(data.get("type") or data.get("layout") or ""), body,
                              self.files / "_data", "/" + folder + "/")
            if page.body is None:
                (self.report.warn if page.lost else self.report.note)(path, None, page.why)
                continue
            body = page.body
            stem = rel.parent.name if path.stem == "index" and folder != "." else path.stem
            slug = slug_of(stem)
            front: dict[str, Any] = {"title": str(data.get("title") or stem)}
            summary = summary_of(data, "description")
            if summary:
                front["summary"] = summary
            if folder == "." and path.stem == "index":
                # (`source/index.md` answered at `/index.html`: the site's home page; as a
                # page it kept that URL as an alias, Lanting's home page's own file)
                item = self.site.add(Item("home", "index", path, front))
                self.by_source[path.resolve()] = item
                self.report.note(path, None, "the site's home page (`/index.html`): "
                                 "the text of Lanting's home page")
                self.posts.append((item, body, path))
                continue
            # (hexo-blog-encrypt locks a page as it locks a post: its filter runs on
            # every rendered page; the text was published for everyone)
            lock = lock_reason(self.config, data)
            locked = lock is not None
            if lock is not None:
                front["draft"] = True
                self.warn_locked(path, head, lock)
            item = self.site.add(Item("page", slug, path, front, draft=locked))
            self.by_source[path.resolve()] = item  # (a link to its file finds it)
            old = ("/" + folder + "/" if path.stem == "index" and folder != "."
                   else "/" + rel.with_suffix(".html").as_posix())
            item.old_urls = [] if locked else [old]
            self.table.add(old, item)
            self.report.counts["drafts" if locked else "pages"] += 1
            self.posts.append((item, body, path))

    def html_page_left_out(self, path: Path, rel: Path) -> None:
        """An `.html` of `source/` (NexT's friends page `links/index.html`, a search
        engine's verification file) was a page Hexo rendered, in the theme's layout;
        it was left out with no word."""
        url = "/" + (rel.parent.as_posix() + "/" if rel.stem == "index" else rel.as_posix())
        self.report.warn(path, None, f"left out: an HTML page (`{url.replace('/./', '/')}` "
                         "on the old site); the import reads Markdown pages. To keep it, "
                         "put its HTML in a Markdown page under `content/`, or the file in "
                         "`static/` to publish it as it is")

    def skip_render(self) -> list[str]:
        value = self.config.get("skip_render") or []
        return [str(v) for v in (value if isinstance(value, list) else [value])]
