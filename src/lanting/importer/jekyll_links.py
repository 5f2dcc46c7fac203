"""Where a link or an image of a Jekyll post's body leads in the new site: a heading of
the page named by its text, an image beside the post or in its `media_subpath` (or on
Chirpy's `cdn`), another post's file (jekyll-relative-links), a file in the post's own
folder (jekyll-postfiles), a file published beside a page, a path written from the old
page's URL, the old feed or TeXt's archive of a tag (Lanting's feed and tag page), or an
old URL of the site."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from lanting.importer.body_fragments import fragment_key, heading_fragment
from lanting.importer.body_links import UNLINK
from lanting.importer.common import (
    BARE_SITE,
    is_image,
    map_site_url,
    read_text,
)
from lanting.importer.item import Item
from lanting.importer.jekyll_heading_ids import heading_ids, kramdown_ids
from lanting.importer.jekyll_link_targets import JekyllLinkTargets
from lanting.importer.jekyll_urls import old_path
from lanting.importer.liquid import Context
from lanting.importer.other_case import beside_in_other_case
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN, MARKER

_ROOTED_MARKDOWN = re.compile(r"(/(?!/)[^?#]*\.(?:md|markdown))(#.*)?$")
"""`/about.md#who`: a Markdown file of the site named from its root."""
_POST_FRAGMENT = re.compile(f"({MARK_OPEN}L(\\d+){MARK_CLOSE})#(.+)")
"""A link to another page of the site, as `post_url` wrote it, with a fragment."""


_THROUGH_PAGE = re.compile(r"(/[^#\s]*)#(https?://\S+)")
"""A link to a page of the site with an address as its fragment, `/url.html#http://x`."""
_FILE_STEM = re.compile(r"\d{4}-\d\d-\d\d-.+")
"""A post's file name without its extension, `2025-09-05-anatomy-of-vllm`."""
_DATED_URL = re.compile(r"/(\d{4})/(\d\d)/(\d\d)/([^/]+?)(?:\.html)?/?$")
"""A post's URL as Jekyll's default permalink (`date`) made it, `/blog/2017/02/26/x/`:
its date and title, the parts of its file's name."""
_WIDE_COLON = re.compile(r"(https?)(?:\uff1a|%EF%BC%9A)//", re.IGNORECASE)
"""`https：//`: a web address whose colon a Chinese input method made full-width."""


class JekyllLinks(JekyllLinkTargets):
    """The link side of the Jekyll importers' bodies (`JekyllBodies`); the attributes
    its targets' side reads are declared there."""

    media_base: dict[Path, str]
    home_texts: set[Path]
    file_date_urls: dict[str, Item]
    shown_headings: dict[Path, list[str]]
    by_name: dict[str, Item]

    @staticmethod
    def heading_link(fragment: str, path: Path, ctx: Context, page: str = "") -> str | None:
        """`[见上文](#3Delassus矩阵)`: a heading of the page named by its text, which its
        id (GitHub's style, lower case) is not: the heading's id. A fragment naming no
        heading (`#q--k--v-and-attention`, a table of contents made by an editor's
        extension; `#梯度流动特性` for a heading since renamed) found none on the old page
        either, and Lanting's build stops at it: one spelling a heading's id in other
        punctuation goes to it, with a notice; else its text is kept without the link,
        with a warning. `page`: the link to another page (`{% post_url x %}#dqn`), whose
        source `path` is: a fragment naming none of its headings led to its top, and the
        link does so again, with a warning."""
        wanted = unquote(fragment)
        found = heading_fragment(wanted, path)
        if found is not None:
            if found == fragment:
                return None
            ctx.convert("links to headings by their text")
            return page + "#" + found
        if wanted == "top" or "{" in wanted or re.fullmatch(r"fn(?:ref)?(?::.+|\d+)", wanted):
            return None  # (the page's top; a Liquid value; footnotes, kramdown's or Lanting's)
        if re.fullmatch(r"pubs-(?:19|20)\d\d", wanted):
            return None  # (a year of Lanting's list, linked from the publications' intro)
        if wanted == "page-title":  # (minimal-mistakes' title, its archives' "Back to Top")
            ctx.convert("links to the theme's title (`#page-title`) as #top")
            return page + "#top"
        ids = heading_ids(read_text(path))
        if wanted in ids:  # (a setext heading's)
            return None
        key = fragment_key(wanted)
        spelled = [i for i in ids if key and fragment_key(i) == key]
        if spelled:
            ctx.note(f"#{fragment}", f"the link `#{wanted}` named no heading on the old "
                     f"page either: it goes to `#{spelled[0]}`")
            ctx.convert("#links to headings repaired")
            return page + "#" + spelled[0]
        # (`#section-1`: kramdown's own id of the second heading of Chinese alone)
        legacy = kramdown_ids(read_text(path)).get(wanted) \
            if re.fullmatch(r"section(?:-\d+)?", wanted) else None
        if legacy is not None:
            ctx.convert("#links to kramdown's ids of Chinese headings (`#section-1`)")
            return page + "#" + legacy
        if re.sub(r"-\d+$", "", wanted) in ids:  # (a second heading of the same text)
            return None
        if page:
            ctx.warn(f"#{fragment}", f"link `#{wanted}` to `{path.name}`: no heading or "
                     "anchor of that page has that id (the old link led to its top): the "
                     "link leads to the page")
            return page
        ctx.warn(f"#{fragment}", f"link `#{wanted}`: no heading or anchor of the page has "
                 "that id (a dead link of the old site): its text kept, without the link")
        return UNLINK

    def own_file(self, url: str) -> str | None:
        """`https://me.github.io/static/img/x.png`, a file of the site named by the
        site's own address (`url:` of `_config.yml`, `http` or `https`), as the path
        from the root: the file is copied and checked like any other. None otherwise."""
        own = re.sub(r"^https?://", "", str(self.config.get("url") or "").strip().rstrip("/"))
        found = re.match(r"https?://([^/?#]+)(/[^?#]*)$", url)
        if not own or not found or found.group(1).lower() != own.lower():
            return None
        rel = unquote(found.group(2)).removeprefix(self.baseurl).lstrip("/")
        return found.group(2) if rel and (self.source / rel).is_file() else None

    def url(self, url: str, image: bool, ctx: Context, path: Path) -> str | None:
        if "C" in (m.group(1) for m in MARKER.finditer(url)):
            return None  # (`/img/{{ x }}`, its value left in a comment and reported:
            # the address is not known, and judging it named the placeholder, `/img/C0`)
        wide = _WIDE_COLON.match(url)
        if wide:  # (a Chinese input method's colon: the browser read a path beside the page)
            ctx.note(url, f"`{wide.group()}`, a web address written with a full-width "
                     "colon: it leads to the address (on the old site it led nowhere)")
            return wide.group(1).lower() + "://" + url[wide.end():]
        own = self.own_file(url)
        if own is not None:
            ctx.convert("files of the site named by its own address, as paths")
            url = own
        through = _THROUGH_PAGE.fullmatch(url)
        if through and not image:  # (`{{ site.url_finder }}http://x` of `url_finder:
            # "/url.html#"`: a page of the site whose script went on to the address)
            ctx.note(url, f"a link through the old site's page `{through.group(1)}`, whose "
                     "script went on to the address after its `#`: it leads to the address")
            return through.group(2)
        if url.startswith("#") and len(url) > 1:
            if unquote(url[1:]) in self.shown_headings.get(path, ()):
                return None  # (a heading of a document of a collection the page shows)
            return self.heading_link(url[1:], path, ctx)
        to_post = _POST_FRAGMENT.fullmatch(url)  # (`{% post_url x %}#dqn`)
        if to_post and not image:
            other = self.site.items[int(to_post.group(2))].source
            return self.heading_link(to_post.group(3), other, ctx, to_post.group(1)) \
                if other is not None and other.is_file() else None
        media = self.media_base.get(path)
        if media and url and not url.startswith("/") and not re.match(
                r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^#", url):
            url = media.rstrip("/") + "/" + url  # Chirpy: relative to the post's media path
            if url.startswith(("http://", "https://")):
                return url
        rooted = _ROOTED_MARKDOWN.match(url)
        if rooted and not image:  # (jekyll-relative-links reads it from the site's root)
            local = (self.source / unquote(rooted.group(1)).lstrip("/")).resolve()
            if local.is_relative_to(self.source.resolve()):
                found = self.markdown_file(local, rooted.group(1), rooted.group(2) or "", url,
                                           ctx)
                if found is not None:
                    return found
                found = self.copied_file(local, rooted.group(2) or "")
                if found is not None:  # (`/images/notes/x.md`, no front matter: the file)
                    ctx.convert("Markdown files without front matter, which Jekyll copied "
                                "as they were, linked from the site's root")
                    return found
        if not url.startswith("/") and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^#|^//", url):
            name, hash_mark, fragment = url.partition("#")
            local = (path.parent / unquote(name)).resolve()
            if (cased := beside_in_other_case(self.source.resolve(), local)) is not None:
                ctx.note(url, f"link `{url}`: the file is `{cased.name}`, in other capitals "
                         "(found on the writer's computer, which ignores case)")
                local = cased
            if not image and BARE_SITE.match(url) and not local.exists():
                # (`[video](bilibili.com/video/BV1…)`: a path beside the page that led
                # nowhere, as the Hugo importers find it too; `github.com/a/b/` is no
                # folder of the old site)
                ctx.note(url, f"`{url}`, a site named without `https://`: the link leads "
                         f"to https://{url} (on the old site it led nowhere)")
                return "https://" + url
            folder = self.old_folder(name, path) if not image else None
            if folder is not None and self.under_own_url(folder, path) \
                    and not local.exists() and self.table.find(
                        self.baseurl + "/" + unquote(name)) is None:  # (nor from the root)
                # (`[grpc_retry](retry/)`, a README's list copied into a post at
                # /2020/02/25/x/: /2020/02/25/x/retry/, where no theme made a list)
                ctx.warn(url, f"a link to `{unquote(name)}`, a folder under the page's own "
                         "old URL, where the old site had nothing (the old link led "
                         "nowhere): its text kept without the link")
                return UNLINK
            if folder is not None:
                # (`[All posts](../../)`: a folder of the old site, read from the page's
                # old URL as the browser read it, `/blog/`; from the new file it named
                # another page, or none)
                ctx.convert("links to folders of the old site, read from the old URL")
                if folder == "/":
                    return "/" + hash_mark + fragment
                url = folder + hash_mark + fragment
            if local.is_file() and local.is_relative_to(self.source.resolve()) and is_image(local):
                rel = "/" + local.relative_to(self.source.resolve()).as_posix()
                return self.site.image(local, rel if self.static_file(local) else None)
            # jekyll-relative-links (on GitHub Pages by default): `[x](other-post.md)`
            if local.is_relative_to(self.source.resolve()) and name.endswith(
                    (".md", ".markdown")):
                found = self.markdown_file(local, name, hash_mark + fragment, url, ctx)
                if found is not None:
                    return found
            if not image and local.is_file() and (to_page := self.page_file(
                    local, name, hash_mark + fragment, path, ctx)) is not None:
                return to_page
            if self.post_file(local, path):
                ctx.convert("files in a post's folder (jekyll-postfiles) in its bundle")
                return url
            copied = self.copied_file(local, hash_mark + fragment)
            if copied is not None:
                # (`[论文](./reference/paper.pdf)` beside a page: Jekyll published the file
                # there, and the link led to it; the page moves, the file stays put)
                ctx.convert("files linked beside a page")
                return copied
            # (a file of `_posts/` beside the posts, `x.patch`, was no file of the old site:
            # Jekyll publishes nothing of `_posts/` but the posts, and the link led nowhere)
            hidden = local.is_file() and local.is_relative_to(self.source.resolve()) \
                and local.relative_to(self.source.resolve()).parts[0] in ("_posts", "_drafts")
            if (not local.exists() or hidden or local.is_dir() and not image) \
                    and (beside := self.from_old_url(name, path)) is not None:
                # (a folder, `[Misc](ml/misc)`: the page its `index.md` made there)
                # (`../../../assets/x.png` from `/2025/06/06/x.html`: written from the
                # page's URL, as the browser read it; SiYuan's and Typora's exports do so)
                found = map_site_url(beside + hash_mark + fragment, image, ctx, self.site,
                                     self.table, self.source, self.source, self.baseurl)
                if found is not None:
                    ctx.convert("paths relative to the old page's URL")
                    return found
            read = self.old_target(name, path) if not image and not local.exists() \
                and not name.startswith(".") else None
            from_root = self.table.find(self.baseurl + "/" + unquote(name)) if read and not (
                self.table.find(self.baseurl + read) or (self.source / read.lstrip("/")).exists()
            ) else None
            if from_root is not None:  # (`[last year](2025/11/21/stdexec/)` in a post at
                # /2026/06/24/x/: a post's URL without its first slash, which led nowhere)
                ctx.note(url, f"`{name}` named no page from the post's URL (the old link "
                         "led nowhere); from the site's root it names a page: it leads there")
                return self.site.link(from_root) + hash_mark + fragment
            old = self.old_target(name, path) if not image and self.baseurl \
                and (not local.exists() or local.is_dir()) else None
            page = self.table.find(self.baseurl + old) if old else None
            if page is not None:  # (`[knn](knn.html)` from /base/: its page, at /base/knn)
                return self.site.link(page) + hash_mark + fragment
            if image and not local.exists() and (root := self.root_image(name)) is not None:
                # (Chirpy's `![x](assets/img/x.png)` in a post at `/posts/x/`: no file
                # beside the post nor under its URL; the site's own `assets/img/x.png`
                # is surely the one meant, and the build would stop at the path)
                ctx.note(url, f"`{unquote(name)}`, an image path from no folder of the "
                         "post's: it is the site's own file of that path, from its root")
                rel = "/" + root.relative_to(self.source.resolve()).as_posix()
                return self.site.image(root, rel if self.static_file(root) else None)
            if not image and local.is_file() and local.is_relative_to(self.source.resolve()) \
                    and not hidden and not self.published(local):
                return self.unpublished(local.relative_to(self.source.resolve()).as_posix(),
                                        url, hash_mark + fragment, ctx)
            if not image and (not local.exists() or hidden) and self.led_nowhere(name, path):
                where = (f"a file of `{local.relative_to(self.source.resolve()).parts[0]}/` "
                         "that Jekyll did not publish," if hidden else
                         "which is no file of the site")
                ctx.warn(url, f"a link to `{unquote(name)}`, {where} and no page of the old "
                         "one (the old link led nowhere): its text kept without the link")
                return UNLINK
        if not image and (tag := self.archive_tag(url)) is not None:
            ctx.convert("links to the old theme's page of a tag (TeXt's `/archive.html?tag=x`, "
                        "`/tags/#x`) as the tag's page")
            return tag
        if not image and self.old_feed(url):
            ctx.convert("links to the old site's feed (jekyll-feed's `/feed.xml`) as "
                        "Lanting's, /atom.xml")
            return "/atom.xml"
        if not image and url.startswith("/") and not url.startswith("//") and self.left_out:
            to = self.left_out.get(old_path(url.removeprefix(self.baseurl)))
            if to is not None and to.startswith(("/categories/", "/tags/")):  # (the list)
                ctx.convert("links to a page of one category's or tag's posts as Lanting's "
                            "page of it")
                return to
            if to is not None:
                ctx.warn(url, f"a link to `{url}`, a page left out of the import (a list the "
                         "old theme made): " + (f"it leads to {to}, Lanting's list" if to else
                                                "its text kept without the link"))
                return to or UNLINK
        if image and self.on_media_cdn(url):
            ctx.convert("images on the old site's media CDN (Chirpy's `cdn`)")
            return self.media_cdn + url
        name, hash_mark, fragment = url.partition("#")
        if not image and fragment and name.startswith("/") and not name.startswith("//"):
            # (`/about/#Contact`, `/articles/x/#section-1`: a heading of another page, by
            # its text or kramdown's id, or none, the old link leading to the page's top)
            target = self.table.find(name.removeprefix(self.baseurl))
            if target is not None and target.source is not None and target.source.is_file():
                url = self.heading_link(fragment, target.source, ctx, name) or url
        found = map_site_url(url, image, ctx, self.site, self.table, self.source,
                             self.source, self.baseurl)
        if found is None and not image and self.baseurl and url.startswith(self.baseurl + "/"):
            # (`[papers](/lab/publications/)`, written with the `baseurl` the old site was
            # served under: a page Lanting makes, at its URL inside the site; kept as
            # written, it led outside the new one)
            ctx.convert("links written with the site's `baseurl` as the site's own URLs")
            return url[len(self.baseurl):]
        if found is None and not image and url.startswith("/") and self.file_date_urls \
                and (post := self.file_date_urls.get(old_path(
                    name.removeprefix(self.baseurl)))) is not None:
            # (`[上一篇](/2026/06/24/x/)`: the date of the post's file name, which its
            # `date: 2026-06-26` overrode; Jekyll published it under the later one)
            ctx.note(url, f"`{name}` named a post by its file name's date; Jekyll "
                     "published it under its front matter's `date:` (the old link led "
                     "nowhere): it leads to the post")
            return self.site.link(post) + hash_mark + fragment
        stem = unquote(name).rstrip("/").rsplit("/", 1)[-1].removesuffix(".html")
        if found is None and not image and url.startswith("/") and not url.startswith("//") \
                and _FILE_STEM.fullmatch(stem) and (post := self.by_name.get(stem)):
            # (`[Anatomy](/blog/2025-09-05-anatomy-of-vllm)`: a post named by its file's
            # name, as the blog's newer site spells its URLs; dead on the Jekyll site)
            ctx.note(url, f"`{name}` named no page of the old site; it ends in the file "
                     f"name of the post `{stem}`: it leads to the post")
            ctx.convert("links naming a post by its file's name")
            return self.site.link(post) + hash_mark + fragment
        dated = _DATED_URL.search(unquote(name)) if found is None and not image \
            and url.startswith("/") and not url.startswith("//") else None
        if dated and (post := self.by_name.get("-".join(dated.groups()))) is not None \
                and self.table.find(name.removeprefix(self.baseurl)) is None:
            # (`[III](/blog/2017/02/26/streaming-processing-iii/)`, written when the site
            # had Jekyll's default permalink; its `permalink: none` moved the post since)
            ctx.note(url, f"`{name}` named no page of the old site; it is the URL Jekyll's "
                     "default permalink gave the post of that date and title (the site's "
                     "`permalink:` moved it since, and the old link led nowhere): it "
                     "leads to the post")
            ctx.convert("links to a post at its URL of Jekyll's default permalink")
            return self.site.link(post) + hash_mark + fragment
        return found
