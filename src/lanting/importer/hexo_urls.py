"""Where the links and images of a Hexo post's body lead: the post's asset folder (a
name as written or percent-decoded), the site's root (hexo-renderer-marked's
`prependRoot`), the post's old URL, another post's file, `source/` and the theme's
`source/` that Hexo merged into the site; `#links` to headings, and `[[name]]`."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urljoin

from lanting.importer import body as B
from lanting.importer.body_fragments import (
    fragment_key,
    heading_lines,
    heading_matcher,
    repair_fragments,
)
from lanting.importer.body_links import UNLINK
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import (
    BARE_SITE,
    GIT_SSH,
    LinkTable,
    is_image,
    map_site_url,
    without_dot_segments,
)
from lanting.importer.hexo_themes import theme_file
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.listings import Redirects
from lanting.importer.other_case import beside_in_other_case
from lanting.importer.shelf import MARK_OPEN, Shelf
from lanting.importer.site import NewSite
from lanting.markdown.anchors import HEADING_ID_STYLES


class HexoUrls:
    """The URL mapping of the Hexo importer's bodies."""

    source: Path
    files: Path
    root: str
    site: NewSite
    table: LinkTable
    listings: Redirects
    prepend_root: bool
    theme_source: Path
    by_source: dict[Path, Item]
    by_name: dict[str, Item]
    heading_ids: str
    posts: list[tuple[Item, str, Path]]

    @staticmethod
    def beside(path: Path, name: str) -> Path | None:
        """The file `name` of the post at `path`: any file of its asset folder (Hexo
        published the folder whole: a `<video src="demo.mp4">` beside the images), or
        an image beside it; the name as written or percent-decoded (`%E6%95%B0.svg` is
        `数.svg`, as a browser asked the old server for it)."""
        for folder, images_only in ((path.with_suffix(""), False), (path.parent, True)):
            for candidate in dict.fromkeys((name, unquote(name))):
                file = folder / candidate
                if file.is_file() and (is_image(file) if images_only else
                                       file.suffix.lower() not in (".md", ".markdown")):
                    return file
        return None

    def spaced_file(self, path: Path, name: str) -> bool:
        """Whether a path with a space that Typora wrote in the post at `path` names a
        file the import carries over: one from the site's root
        (`/assets/images/x/a b.png`), of the post's asset folder, or an image or a note
        beside the post (`[下一题](Maximal Square.md)`, which becomes a link to it)."""
        if name.startswith("/"):
            return (self.files / name.lstrip("/")).is_file()
        beside = path.parent / name
        return (path.with_suffix("") / name).is_file() or beside.is_file() and (
            is_image(beside) or beside.suffix.lower() in (".md", ".markdown"))

    def rooted(self, url: str, image: bool, path: Path) -> str | None:
        """A Markdown image's relative path as hexo-renderer-marked's `prependRoot` made
        it when it is no asset of the post: from the site's root (`img/a.svg` →
        `/img/a.svg`, a file of `source/img/`); the browser had never read it relative
        to the post's URL, where it names nothing."""
        if not image or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#|^$|^\\", url):
            return None
        name = url.partition("#")[0].partition("?")[0]
        if self.beside(path, name) is not None:
            return None
        # (`../../images/x.gif` was `/../../images/x.gif`, which the browser read as
        # `/images/x.gif`)
        rooted = without_dot_segments("/" + unquote(name))
        return "/" + url if (self.files / rooted.lstrip("/")).is_file() else None

    def url(self, url: str, image: bool, ctx: Context, path: Path,
            old_urls: list[str]) -> str | None:
        if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#|^$", url):
            name, hash_mark, fragment = url.partition("#")
            file = self.beside(path, name)
            if file is not None:
                return self.site.image(file, None)
            # A link to another post's file, written beside it: the post may move into a
            # bundle (`x/index.md`), so it goes through the post, not the path.
            target = self.post_file(path, name, url, ctx)
            if target is not None:  # (its heading as the new site names it, as below)
                ctx.convert("links to other posts' files")
                return self.site.link(target) + self.heading_id(target, hash_mark + fragment)
            # A link relative to the post's old URL (`./48355.html` beside `/11111.html`,
            # `<script src="../js/x.js">` under `/:title/`) meant the old site's page or
            # file there.
            absolute = urljoin(old_urls[0], url) if old_urls else ""
            if absolute and (self.table.find(absolute) is not None or (
                    self.files / unquote(absolute.split("#")[0].split("?")[0]).lstrip("/")
            ).is_file()):  # (a page of the old site there, or a file of `source/`)
                return map_site_url(absolute, image, ctx, self.site, self.table,
                                    self.source, self.files, self.root.rstrip("/"))
            if image and MARK_OPEN not in url:  # (said here, as for an image named from
                # the root: else only the build said it, after the import had reported
                # nothing lost; an `asset_img` made a figure, whose marker is no file)
                ctx.warn(url, f"image `{url}` not found in the source site: left as written")
            elif BARE_SITE.match(url):
                # (`[m.daocloud.io](m.daocloud.io)`: a path beside the post that led
                # nowhere; the build refused it)
                ctx.note(url, f"`{url}`, a site named without `https://`: the link leads "
                         f"to https://{url} (on the old site it led nowhere)")
                return "https://" + url
            elif repository := GIT_SSH.match(url):
                page = f"https://{repository[1]}/{repository[2]}"
                ctx.note(url, f"`{url}`, a repository's address for `git clone` over SSH: "
                         f"the link leads to its page, {page} (on the old site it led nowhere)")
                return page
            elif name.endswith((".md", ".markdown")) and not (path.parent / unquote(name)
                                                              ).exists():
                # (`./SynLogging.md` in a series' list copied from another folder: the
                # old link led nowhere, and the build refused it)
                ctx.warn(url, f"a link to `{name}`, which is no file of the site (the old "
                         "page's link led nowhere): its text kept without the link")
                return UNLINK
            return None
        target = self.project_file(url)
        if target is not None:
            ctx.convert("links to other posts' files")
            return self.site.link(target) + url[len(url.partition("#")[0]):]
        written = unquote(url.partition("#")[0].partition("?")[0])
        if not image and written.startswith("/") and written.endswith((".md", ".markdown")) \
                and self.table.find(url) is None and not (self.files / written[1:]).is_file():
            # (`/source/_posts/x.md` of a post renamed since: the old link led nowhere)
            ctx.warn(url, f"a link to `{written}`, which is no file of the "
                     "site (the old page's link led nowhere): its text kept without the link")
            return UNLINK
        moved = self.listings.case_moved(url.removeprefix(self.root.rstrip("/")))
        if moved is not None:
            ctx.convert("links to listing pages whose URL changed case")
            return moved + url[len(url.partition("#")[0]):]
        themed = theme_file(self.theme_source, url)
        if themed is not None and not (self.files / themed.relative_to(self.theme_source)
                                       ).is_file():
            rel = themed.relative_to(self.theme_source).as_posix()
            if image:
                return self.site.image(themed, "/" + rel)
            # (a post's own script or style kept in the theme's `source/`, matery's
            # `/js/date.js`, which Hexo published at the root: left behind, the build
            # failed at it)
            self.site.static.setdefault(rel, themed)
            ctx.convert("files of the theme's `source/` a post links, copied to static/")
            return url
        found = map_site_url(url, image, ctx, self.site, self.table, self.source,
                             self.files, self.root.rstrip("/"))
        page, _hash, fragment = url.partition("#")
        target = self.table.find(page.partition("?")[0]) if found and fragment \
            and not image and found.endswith("#" + fragment) else None
        if found and target is not None:
            # (another post's heading in other case or in pinyin: the build refused it)
            found = found[:-len(fragment) - 1] + self.heading_id(target, "#" + fragment)
        if found is None and not image and written.startswith("/") \
                and (moved_to := self.redated(written)) is not None:
            ctx.note(url, f"link `{url}`: the old site had no page at `{written}`; the link "
                     f"leads to `{moved_to.old_urls[0]}`, the one post of that name at "
                     "another date (its URL follows its date, changed after the link was "
                     "written)")
            return self.site.link(moved_to) + self.heading_id(moved_to, "#" + fragment) \
                if fragment else self.site.link(moved_to)
        return found

    def redated(self, path: str) -> Item | None:
        """The one post whose old URL is `path` but for its other parts (`/2025/12/10/x/`
        for `/2025/12/09/x/`): a `:year/:month/:day/:title/` permalink follows the
        post's `date`, and a link written before the date changed led nowhere (a table
        of a blog's posts: the build failed at each). None if no post, or several."""
        parts = [p for p in path.removeprefix(self.root.rstrip("/")).split("/") if p]
        if not parts or (self.files / path.lstrip("/")).exists():
            return None
        last = parts[-1].removesuffix(".html")
        found = {id(i): i for i in self.by_name.values() if i.kind == "post" and any(
            len(old := [p for p in u.removeprefix(self.root.rstrip("/")).split("/") if p])
            == len(parts) and old[-1].removesuffix(".html") == last for u in i.old_urls)}
        return next(iter(found.values())) if len(found) == 1 else None

    def post_file(self, path: Path, name: str, url: str, ctx: Context) -> Item | None:
        """The post (or page) whose file a relative link names (`./SynLogging.md` beside
        the post at `path`, which the writer's editor followed and Hexo left as
        written), also in other capitals (`./TcpServer_1.md` for `TCPServer_1.md`, found
        on the writer's computer, which ignores case); None for no post's file."""
        if not name.endswith((".md", ".markdown")):
            return None
        local = (path.parent / unquote(name)).resolve()
        cased = beside_in_other_case(self.files.resolve(), local)
        target = self.by_source.get(cased or local)
        if target is not None and cased is not None:
            ctx.note(url, f"link `{url}`: the post's file is `{cased.name}`, in other "
                     "capitals (found on the writer's computer, which ignores case)")
        return target

    def project_file(self, url: str) -> Item | None:
        """The post or page whose source file a root-relative link names from the Hexo
        project's folder (`/source/_posts/oi/x.md`, as VS Code completes a path from
        the workspace's root) or from `source/` (`/_posts/x.md`); the browser found
        nothing there, and the new site's build failed on it."""
        path = unquote(url.partition("#")[0].partition("?")[0])
        if not path.startswith("/") or not path.endswith((".md", ".markdown")):
            return None
        for folder in (self.source, self.files):
            target = self.by_source.get((folder / path.lstrip("/")).resolve())
            if target is not None:
                return target
        return None

    # --- links to headings and posts ---------------------------------------------------

    def wiki_links(self, text: str, ctx: Context) -> str:
        """Hexo's renderers have no `[[Note]]` links (`plain_wiki_links`; `[[Prototype]]`
        in a JavaScript post is the spec's name of an internal slot): one naming a post,
        as `post_link` names it, leads to that post."""

        def link_to(name: str, heading: str, shown: str | None) -> str | None:
            target = self.by_name.get(name.strip())
            if target is None:
                return None
            return (f"[{shown or name.strip()}]({self.site.link(target)}"
                    f"{self.heading_id(target, heading)})")

        return plain_wiki_links(text, ctx, link_to)

    def fragments(self, text: str, shelf: Shelf, ctx: Context) -> str:
        """`[x](#introduce)` to the heading `# Introduce`, whose id keeps its case
        (`#Introduce`), or `[x](#A.1)` (Typora's link by the heading's text) to `## A.1`,
        whose id is `#a1` or `#A-1`: Lanting's build fails on such links. Each is pointed
        at the heading it names, with a notice; links that find their heading are left
        alone."""
        style = HEADING_ID_STYLES[self.heading_ids]
        ids = [style(B.plain_inline(shelf.restore(heading)))
               for heading in heading_lines(text)]

        def repaired(link: str, fragment: str, found: str) -> None:
            ctx.note(link, f"the link `#{fragment}` names a heading by its text or in "
                     f"other case: it goes to its id, `#{found}`")
            ctx.convert("#links to headings repaired")

        return repair_fragments(text, ids, fragment_key, repaired)

    def heading_id(self, target: Item, fragment: str) -> str:
        """`#known-issues` of a link to another post, as the heading `## Known Issues`
        of that post is named (`#Known-Issues`: the old renderer's ids keep their case,
        so the link found no heading on the old page either): else the build fails."""
        body = next((text for item, text, _path in self.posts if item is target), "")
        style = HEADING_ID_STYLES[self.heading_ids]
        ids = [style(B.plain_inline(heading)) for heading in heading_lines(body)]
        if not fragment or fragment[1:] in ids:
            return fragment
        # (its letters and digits, else its pinyin: `#huan-jing` for `## 环境`)
        return "#" + (heading_matcher(ids, fragment_key)(fragment[1:]) or fragment[1:])
