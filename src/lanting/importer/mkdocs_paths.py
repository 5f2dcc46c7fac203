"""Where MkDocs published each file of `docs_dir`: a page at `/notes/x/` (`/notes/x.html`
without `use_directory_urls`), a blog post at its `post_url_format` under `blog_dir`;
and which files it did not publish (`exclude_docs`, `draft_docs`, `templates/`, a
`README.md` beside an `index.md`)."""

from __future__ import annotations

import datetime as dt
import posixpath
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from lanting.importer.item import path_url
from lanting.importer.mkdocs_settings import BlogSettings, babel_date, blog_slugify
from lanting.importer.text import When


class MkDocsPaths:
    """The URL side of the MkDocs importer."""

    docs: Path
    config: dict[str, Any]
    blog: BlogSettings | None
    blogs: list[BlogSettings]
    directory_urls: bool

    def unbuilt(self, path: Path) -> str:
        """Why MkDocs did not publish a page: `exclude_docs` or `draft_docs` (gitignore-
        style patterns), `templates/` (excluded by default), a `README.md` beside an
        `index.md` (the index wins)."""
        rel = path.relative_to(self.docs).as_posix()
        if path.name.lower() == "readme.md" and (path.parent / "index.md").is_file():
            return "a README.md beside an index.md (MkDocs published the index)"
        if rel.startswith("templates/"):
            return "under templates/ (MkDocs excludes it)"
        for key, what in (("exclude_docs", "excluded by `exclude_docs`"),
                          ("draft_docs", "a draft by `draft_docs` (never published)")):
            patterns = str(self.config.get(key) or "").split("\n")
            if _ignored(rel, patterns):
                return what
        return ""

    def is_post(self, rel: str) -> bool:
        return self.blog_of(rel) is not None

    def blog_of(self, rel: str) -> BlogSettings | None:
        """The blog whose posts folder holds `rel` (a site may have two: `blog/posts/`
        and `essays/posts/`), if any."""
        for blog in self.blogs:
            folder = blog.posts_folder()
            if rel.startswith(folder + "/") if folder else True:
                return blog
        return None

    def old_url(self, rel: str, data: dict[str, Any], title: str,
                front: dict[str, Any]) -> str:
        """Where MkDocs wrote the file: `notes/x.md` at `/notes/x/` (`/notes/x.html`
        without `use_directory_urls`); a post at `post_url_format` under `blog_dir`."""
        if self.blog is not None and self.is_post(rel):
            rel = self.post_path(rel, data, title, front)
        stem = path_url(rel.rsplit(".", 1)[0])
        folder, _, name = stem.rpartition("/")
        if name.lower() in ("index", "readme"):
            return "/" + (folder + "/" if folder else "")
        if self.directory_urls:
            return f"/{stem}/"
        return f"/{stem}.html"

    def post_path(self, rel: str, data: dict[str, Any], title: str,
                  front: dict[str, Any]) -> str:
        blog = self.blog_of(rel)
        assert blog is not None
        slug = str(data.get("slug") or blog_slugify(title, blog.separator, blog.slug_unicode))
        date = front.get("date")
        moment = date.moment if isinstance(date, When) else dt.datetime(1970, 1, 1)
        categories = "/".join(blog_slugify(c, blog.separator, blog.categories_unicode)
                              for c in front.get("categories", [])[:blog.max_categories])
        path = blog.post_url_format.replace(
            "{date}", babel_date(blog.post_url_date_format, moment.year, moment.month,
                                 moment.day)).replace("{slug}", slug).replace(
            "{categories}", categories).replace("{file}", Path(rel).stem)
        path = posixpath.normpath(path.strip("/"))
        prefix = blog.blog_dir.strip("/")
        return (posixpath.join(prefix, path) if prefix not in ("", ".") else path) + ".md"


def _ignored(rel: str, patterns: list[str]) -> bool:
    """Whether gitignore-style `patterns` (as `exclude_docs` takes them) match `rel`."""
    ignored = False
    for raw in patterns:
        pattern = raw.strip()
        if not pattern or pattern.startswith("#"):
            continue
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!")
        anchored = pattern.startswith("/") or "/" in pattern.rstrip("/")
        pattern = pattern.strip("/") + ("/**" if pattern.endswith("/") else "")
        candidates = [rel] if anchored else [rel, *(
            "/".join(rel.split("/")[i:]) for i in range(1, rel.count("/") + 1))]
        if any(fnmatch(c, pattern) or fnmatch(c, pattern + "/**") for c in candidates):
            ignored = not negate
    return ignored
