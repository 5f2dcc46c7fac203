"""Where the links and images of an Eleventy page lead on the new site: other posts by
their files (`./other.md`, the InputPathToUrl plugin's paths from the input folder) or
their old URLs (`/blog/x/`, with the `pathPrefix` or not, `../other-post/` from the
page's own URL), files a passthrough copy published, and files the site's own build
tasks (gulp, an npm script) copied into the output where Eleventy never saw them."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from lanting.importer.body_links import DROPPED
from lanting.importer.common import LinkTable, map_site_url, walk
from lanting.importer.eleventy_settings import EleventySettings
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import NewSite


class EleventyLinks:
    """The link side of the Eleventy importer."""

    input: Path
    settings: EleventySettings
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    page_urls: dict[Path, str]
    """Where Eleventy published each template (its permalink, or its default URL), when
    known: relative links were read from it."""
    project_files: dict[str, list[Path]] | None
    """The project's files by name, once a path was looked for among them."""

    def url(self, url: str, image: bool, path: Path, ctx: Context) -> str | None:
        """A link or image of the old site as the new one has it (None: as written)."""
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000", url) or not url:
            return None
        rel, hash_mark, fragment = url.partition("#")
        rel = unquote(rel.partition("?")[0])
        if not image and re.fullmatch(r"/(?:feed/)?(?:feed|atom|rss)\.xml", rel):
            ctx.convert("links to the old site's feed as Lanting's, /atom.xml")
            return "/atom.xml"
        # (the InputPathToUrl plugin's links: a file's path from the input folder)
        written = self.input / rel.lstrip("/")
        target = self.by_source.get(written.resolve()) if written.is_file() else None
        if target is not None and not (path.parent / rel).is_file():
            ctx.convert("links to other posts")
            return self.site.link(target) + hash_mark + fragment
        if not rel.startswith("/"):
            file = path.parent / rel
            if not file.is_file() and (self.settings.root / rel).is_file():
                # (eleventy-img reads a relative path from the project's root, where a
                # site's own shortcode did not join it to the page's folder)
                file = self.settings.root / rel
            target = self.by_source.get(file.resolve()) if file.is_file() else None
            if target is not None:
                ctx.convert("links to other posts")
                return self.site.link(target) + hash_mark + fragment
            if file.is_file() and image:
                return self.site.image(file, None)
            if file.is_file():
                return self.site.linked_file(file, self.input)
            # (`../other-post/`: a URL from the page's own, which was its folder; not
            # from its aliases, which only redirected there)
            base = self.page_urls.get(path.resolve())
            if base is not None:
                joined = re.sub(r"/+", "/", base + rel)
                target = self.table.find(_normal(joined))
                if target is not None:
                    ctx.convert("links to old URLs")
                    return self.site.link(target) + hash_mark + fragment
            if not image and not rel.endswith((".md", ".markdown")) and (
                    base is not None or path.resolve() in self.by_source):
                # (`./other-post` where no post was: broken on the old site too, and
                # a failed build on the new one)
                where = f"from {base}" if base else "its page's own URL the site's code made"
                ctx.warn(url, f"link `{url}` leads to no page or file of the site "
                         f"({where}): the link is dropped, its text kept")
                return DROPPED
            return None
        copied = self.passthrough_file(rel) or self.task_file(rel, ctx)
        if copied is not None:  # (`addPassthroughCopy({ "web/static": "static" })`)
            return (self.site.image(copied, rel) if image else rel) + hash_mark + fragment
        return map_site_url(url, image, ctx, self.site, self.table, self.input, self.input,
                            self.settings.path_prefix)

    def task_file(self, rel: str, ctx: Context) -> Path | None:
        """The one file of the project whose path ends with the site path `rel`, a file
        in a folder (`/images/posts/a/b.jpg` in `src/site/_includes/images/posts/a/`),
        when the input folder has none: the site's own build tasks (gulp, an npm
        script) copied the folder there, and Eleventy never saw it."""
        parts = rel.strip("/").split("/")
        if len(parts) < 2 or "." not in parts[-1] or (self.input / rel.lstrip("/")).exists():
            return None
        if self.project_files is None:
            self.project_files = {}
            for file in walk(self.settings.root):
                self.project_files.setdefault(file.name, []).append(file)
        found = [f for f in self.project_files.get(parts[-1], [])
                 if f.as_posix().endswith("/" + "/".join(parts))]
        if len(found) != 1:
            return None
        ctx.convert("files the site's own build tasks copied (gulp, npm scripts) found "
                    "where they were kept")
        return found[0]

    def passthrough_file(self, rel: str) -> Path | None:
        """The file a passthrough copy published at the site path `rel` (with the
        `pathPrefix` or not), when it is not the input folder's file of that path."""
        prefix = self.settings.path_prefix
        path = rel[len(prefix):] if prefix and rel.startswith(prefix + "/") else rel
        if (self.input / path.lstrip("/")).is_file():
            return None
        for source, url in self.settings.passthrough:
            base = url.rstrip("/") + "/"
            if path == url and source.is_file():
                return source
            if path.startswith(base) and (source / path[len(base):]).is_file():
                return source / path[len(base):]
        return None


def _normal(path: str) -> str:
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts) or "/"
