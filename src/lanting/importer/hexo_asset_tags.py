"""Hexo's own tags of a post's files, images and other posts (`asset_img`, `asset_path`,
`asset_link`, `img`, `post_link`, `post_path`; Volantis' and Butterfly's `image`;
Reimu's `postLinkCard`), as
Markdown images and links to the files and pages the import made of them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import is_image
from lanting.importer.figure_labels import numbered_caption
from lanting.importer.hexo_themes import short
from lanting.importer.hexo_urls import HexoUrls
from lanting.importer.hexo_volantis import image_options
from lanting.importer.item import Item
from lanting.importer.liquid import Context, string_argument

_IMG_META = re.compile(r"""["']?([^"']+)?["']?\s*["']?([^"']+)?["']?""")
"""The title and alt of Hexo's `img` tag, as its `rMeta` reads them."""


class HexoAssetTags(HexoUrls):
    """The tags of a Hexo body that name its files, images and other posts."""

    def asset_tags(self, item: Item, ctx: Context, path: Path) -> dict[str, Any]:
        """The handlers of those tags, by name, for the body of `item` (file `path`)."""
        assets = path.with_suffix("")

        def img_meta(words: list[str], at: int, written: str) -> tuple[str, str, str]:
            """(title, alt, size) of Hexo's `img` and `asset_img`: `[classes] src [width
            [height]] [title [alt]]`, the title and alt often quoted inside one
            argument (`'"标题" "替代"'`); the size an attribute block Lanting reads,
            classes lost, with a warning."""
            rest = words[at + 1:]
            size: list[str] = []
            while rest and len(size) < 2 and re.fullmatch(r"\d+(px|%)?", rest[0]):
                size.append(rest.pop(0))
            if words[:at]:
                ctx.warn(written, f"`{short(written)}`: "
                         + " and ".join(f"the class `{w}`" for w in words[:at])
                         + " dropped (a Markdown image has none), the image kept")
            meta = _IMG_META.match(" ".join(rest))
            title, alt = (meta.group(1) or "", meta.group(2) or "") if meta else ("", "")
            return title.strip(), alt.strip() or title.strip(), B.size_block(*size)

        def asset_img(args: str, written: str) -> str:
            words = B.arguments(args)[0]
            at = next((i for i, w in enumerate(words) if (assets / w).is_file()),
                      next((i for i, w in enumerate(words) if is_image(w)), -1))
            # (none an image's name, `003.ppng` mistyped: the first word is what it named)
            name = words[at] if at >= 0 else words[0] if words else ""
            if not (assets / name).is_file():
                return ctx.leave(written, f"`{name}` is not in the post's asset folder")
            title, alt, size = img_meta(words, at, written)
            ctx.convert("asset_img as figures")
            caption = numbered_caption(title, written, ctx)
            return B.figure(self.site.image(assets / name, None), caption, alt, size)

        def asset_path(args: str, written: str) -> str:
            name = string_argument(args.split()[0] if args.split() else "")
            if not (assets / name).is_file():
                return ctx.leave(written, f"`{name}` is not in the post's asset folder")
            ctx.convert("asset links")
            return self.site.image(assets / name, None) if is_image(name) else name

        def asset_link(args: str, written: str) -> str:
            words = B.arguments(args)[0]
            name = words[0] if words else ""
            if not (assets / name).is_file():
                return ctx.leave(written, f"`{name}` is not in the post's asset folder")
            item.files[name] = assets / name
            ctx.convert("asset links")
            return f"[{' '.join(words[1:]) or name}]({name})"

        def post_link(args: str, written: str) -> str:
            words = B.arguments(args)[0]
            name = words[0] if words else ""
            # Hexo 7's `{% post_link slug#heading %}`: a heading of the post
            parts = name.split("#")
            name, fragment = (parts[0], "#" + parts[1]) if len(parts) == 2 else (name, "")
            target = self.by_name.get(name) or self.by_name.get(name.removesuffix(".md"))
            if target is None:
                return ctx.leave(written, f"no post `{name}` in the source")
            ctx.convert("post_link")
            label = " ".join(words[1:]) if len(words) > 1 and words[1] != "true" \
                else target.title
            return f"[{label}]({self.site.link(target)}{self.heading_id(target, fragment)})"

        def post_card(args: str, written: str) -> str:
            # Reimu's `{% postLinkCard slug|title [cover] [escape] %}`: a card of the
            # post (found by its slug, else its title) as a link to it, its title the text
            words = B.arguments(args)[0]
            name, _hash, heading = (words[0] if words else "").partition("#")
            target = self.by_name.get(name) or next(
                (one for one in self.by_name.values() if one.title == name), None)
            if target is None:
                return ctx.leave(written, f"no post `{name}` in the source")
            ctx.convert("post link cards as links")
            fragment = self.heading_id(target, "#" + heading) if heading else ""
            return B.block(f"[{target.title}]({self.site.link(target)}{fragment})")

        def post_path(args: str, written: str) -> str:
            name = (B.arguments(args)[0] or [""])[0]
            target = self.by_name.get(name)
            if target is None:
                return ctx.leave(written, f"no post `{name}` in the source")
            ctx.convert("post_link")
            return self.site.link(target)

        def image(args: str, written: str) -> str:
            # (Volantis' and Butterfly's `url, alt=…`; Hexo's own `img` parts at spaces,
            # its quoted title may hold a comma)
            if ("," in args or "::" in args) and not re.match(r"\{%-?\s*img\b", written):
                return image_options(args, written, ctx)
            words = B.arguments(args)[0]
            at = next((i for i, w in enumerate(words)
                       if re.match(r"^(/|\.{0,2}/|[a-zA-Z][a-zA-Z0-9+.-]*:|www\.)", w)
                       or is_image(w)), -1)
            if at < 0:
                return ctx.leave(written, "no image in it")
            title, alt, size = img_meta(words, at, written)
            ctx.convert("img tags as images")
            return B.figure(words[at], numbered_caption(title, written, ctx), alt, size)

        return {"asset_img": asset_img, "asset_image": asset_img,
                "asset_path": asset_path, "asset_link": asset_link, "post_link": post_link,
                "post_path": post_path, "postLinkCard": post_card,
                "img": image, "image": image, "inlineImg": image, "inlineimage": image}
