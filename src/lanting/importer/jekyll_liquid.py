"""Liquid in Jekyll posts and pages → Lanting Markdown: its tags (`highlight`,
`post_url`, `link`, `include`, `include_relative`, jekyll-scholar's `cite`,
`nocite`, `reference`, `bibliography` and `quote`, `twitter`, jekyll-multiple-languages' `t`),
and its blocks (`details`, jekyll-tabs, `mermaid`, captures); what it cannot print is
left in a comment, reported. Its values (`{{ site.x }}`, `{{ page.x }}`) are
`jekyll_values`'. A theme flavour (al-folio) adds blocks through the `liquid_blocks`
hook."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.item import Item
from lanting.importer.jekyll_assigns import assigned_names
from lanting.importer.jekyll_byline import byline_include
from lanting.importer.jekyll_captures import assigning_ifs, captured_includes, comment_ifs
from lanting.importer.jekyll_collapse import collapse_toggles
from lanting.importer.jekyll_data_values import data_aliases, data_lookups
from lanting.importer.jekyll_feature_rows import feature_row
from lanting.importer.jekyll_i18n import I18nPlugin
from lanting.importer.jekyll_includes import figure_block, gallery, include_tag, video_id
from lanting.importer.jekyll_lab import adjacent_lists
from lanting.importer.jekyll_octopress import octopress_tags
from lanting.importer.jekyll_pen_includes import pen_include
from lanting.importer.jekyll_values import JekyllValues
from lanting.importer.liquid import (
    Context,
    blocks,
    string_argument,
    tags,
)
from lanting.importer.shelf import Shelf, fence
from lanting.importer.text import load_mapping, split_front_matter


class JekyllLiquid(JekyllValues):
    """The Liquid side of the Jekyll importers' body conversion."""

    source: Path
    config: dict[str, Any]
    by_name: dict[str, Item]
    by_path: dict[str, Item]
    citations: set[str]
    reference_keys: set[str]
    i18n: I18nPlugin
    people_folders: list[str]
    data_publications: int = 0
    """How many publications `_data/publications.yml` held (minimal-light's)."""

    @staticmethod
    def mermaid(inner: str, written: str, ctx: Context, shelf: Shelf) -> str:
        """jekyll-diagrams' (and jekyll-mermaid's) `{% mermaid %}…{% endmermaid %}`, as
        old al-folio sites still write it: a ```mermaid block."""
        ctx.note(written, "Mermaid diagrams show as code until `[markdown] mermaid` in "
                 "lanting.toml names a Mermaid script")
        return B.block(shelf.put(fence("mermaid", shelf.restore(inner, "R").strip("\n"))))

    def highlight(self, args: str, inner: str, shelf: Shelf) -> str:
        words, named = B.arguments(args)
        lang = words[0] if words else "text"
        options: dict[str, str] = {}
        if "linenos" in words or "linenos" in named:
            options["linenos"] = "true"
        if "hl_lines" in named:
            options["hl_lines"] = named["hl_lines"]
        code = shelf.restore(inner, "R")
        return shelf.put(fence(lang, code, options))

    def tag_handlers(self, item: Item, ctx: Context, path: Path) -> dict[str, Any]:
        def post_url(args: str, written: str) -> str:
            name = string_argument(args).strip()
            target = self.by_name.get(name) or self.by_name.get(name.rsplit("/", 1)[-1])
            if target is None:
                return ctx.leave(written, f"no post `{name}` in the source")
            ctx.convert("Liquid post_url and link")
            return self.site.link(target)

        def link(args: str, written: str) -> str:
            name = string_argument(args).strip()
            target = self.by_path.get(name.lstrip("/"))
            if target is not None:
                ctx.convert("Liquid post_url and link")
                return self.site.link(target)
            if (self.source / name.lstrip("/")).is_file():
                ctx.convert("Liquid post_url and link")
                return "/" + name.lstrip("/")
            return ctx.leave(written, f"no file `{name}` in the source")

        def include(args: str, written: str) -> str:
            listed = re.match(r"(gallery|feature_row)(?:\.html)?\b", args.strip())
            if listed:  # (of the front matter's list)
                front = load_mapping(*split_front_matter(read_text(path))[:2])[0]
                draw = gallery if listed.group(1) == "gallery" else feature_row
                shown = draw(front, args.strip().partition(" ")[2], ctx)
                if shown is not None:
                    return shown
            words = args.split()
            byline = byline_include(self.source, words[0], path) \
                if len(words) == 1 else None
            if byline is not None:  # (a list of the page's front matter: its authors)
                ctx.convert("a site's includes printing a byline of the page's list "
                            "(`postauthor.html`)")
                if byline.pictures:
                    ctx.note(written, f"`{words[0]}`: the names it printed are kept, "
                             f"their {byline.pictures} small picture(s) left out")
                return byline.html
            plain, named = B.arguments(args)
            pen = pen_include(self.source, plain[0], named, self.config) if plain else None
            if pen is not None:
                ctx.convert("a site's CodePen includes as links to the pens")
                return pen
            return include_tag(self.source, args, written, ctx)

        def include_relative(args: str, written: str) -> str:
            # (minimal-light's home page: `{% include_relative _includes/publications.md %}`,
            # a loop over `site.data.publications`, which is content/publications.bib now)
            shown = path.parent / string_argument(args).strip()
            if self.data_list_file(shown):
                ctx.note(written, "the list of `_data/publications.yml`: Lanting lists "
                         "the publications at /publications/, the home page too")
                return ""
            return ctx.leave(written, "no Lanting equivalent")

        def cite(args: str, written: str) -> str:
            # (jekyll-scholar's options: `--file papers_aio`, `--locator 23`, …; an option's
            # value may be on the next line of a tag broken over lines)
            words = re.sub(r"--\w+(?:\s+(?!--)\S+)?", " ", args)
            keys = [k.strip() for k in string_argument(words).replace(",", " ").split()]
            unknown = [k for k in keys if k not in self.citations | self.reference_keys]
            if unknown or not keys:
                return ctx.leave(written, f"`{(unknown or ['?'])[0]}` is in no .bib file of "
                                 "the site")
            ctx.convert("citations")
            return "[" + "; ".join(f"@{k}" for k in keys) + "]"

        def reference(args: str, written: str) -> str:
            """jekyll-scholar's `{% reference key %}` printed the entry in full where it
            stood; Lanting cites it there and lists it in the post's references."""
            made = cite(args, written)
            if made.startswith("[@"):
                ctx.convert("jekyll-scholar references as citations")
            return made

        def nocite(args: str, written: str) -> str:
            """jekyll-scholar's `{% nocite a b %}` (an al-folio project's papers, listed
            by its layout's `{% bibliography --cited %}`): Lanting's `nocite`."""
            made = cite(args, written)
            if not made.startswith("[@"):
                return made
            return "{{< nocite " + " ".join(re.findall(r"@([^;\]]+)", made)) + " >}}"

        def bibliography(args: str, written: str) -> str:
            ctx.convert("bibliography lists (Lanting lists a post's references itself)")
            return ""

        def twitter(args: str, written: str) -> str:
            url = B.arguments(args)[0][0] if B.arguments(args)[0] else ""
            ctx.convert("embeds as links")
            label = re.sub(r"^https?://", "", url)
            return B.block(f"> [{label}]({url})")

        def gist(args: str, written: str) -> str:
            """jekyll-gist's `{% gist [user/]id [file] %}`: a link to the gist (its file's
            place on the gist's page, `#file-x-py`), which the old page embedded."""
            words = B.arguments(args)[0]
            if not words:
                return ctx.leave(written, "no gist named")
            ctx.convert("embeds as links")
            url = "https://gist.github.com/" + words[0].strip("/")
            if len(words) > 1:
                url += "#file-" + re.sub(r"[^a-z0-9]+", "-", words[1].lower()).strip("-")
            return B.block(f"[{url.removeprefix('https://')}]({url})")

        def youtube(args: str, written: str) -> str:
            """`{% youtube <id> %}` (jekyll-youtube, or a site's own plugin of the name):
            Lanting's player."""
            words = B.arguments(args)[0]
            video = video_id("youtube", string_argument(words[0]) if words else None)
            if video is None:
                return ctx.leave(written, "no YouTube video id in it")
            ctx.convert("video includes")
            return B.block(f'{{{{< video youtube="{video}" >}}}}')

        def responsive_image(args: str, written: str) -> str:
            """jekyll-responsive-image's tag (al-folio's images until 2022), written
            `path: assets/img/9.jpg class: "img-fluid" title: "…"`: the image."""
            named = {k: v1 or v2 or v3 for k, v1, v2, v3 in re.findall(
                r"(\w+):\s*(?:\"([^\"]*)\"|'([^']*)'|(\S+))", args)}
            if not named.get("path"):
                return ctx.leave(written, "a responsive_image without a `path`")
            ctx.convert("figure includes")
            src = named["path"]
            src = src if src.startswith(("/", "http")) else "/" + src
            return B.figure(src, "", named.get("alt") or named.get("title") or "")

        def picture(args: str, written: str) -> str:
            """jekyll_picture_tag's `{% picture [preset] img.png --alt Text %}`: the image
            (read from its `picture: source:` folder), its `--alt` the alternative text."""
            found = picture_image(args, self.config)
            if found is None:
                return ctx.leave(written, "no image path in it")
            ctx.convert("jekyll_picture_tag's pictures")
            alt = found[1].replace("[", "\\[").replace("]", "\\]")
            return f"![{alt}]({found[0]})"  # (inline, as its `<picture>`: in a link too)

        def drop(args: str, written: str) -> str:
            if assigned_names(written) <= self.page_variables(ctx).keys():
                return ""  # (its value printed where the page uses it)
            ctx.warn(written, f"`{written}` removed (it only set a variable for the theme)")
            return ""

        noted: list[bool] = []
        language = self.i18n.language_for(item.lang)

        def translate(args: str, written: str) -> str:
            """jekyll-multiple-languages-plugin's `{% t about.title %}`: the string in the
            page's language (a page using it has a version in each, made on reading)."""
            key = string_argument(args).strip()
            found = self.i18n.string(key, language)
            if found is None and language != self.i18n.default:
                found = self.i18n.string(key)
                if found is not None:
                    ctx.warn(written, f"no `{key}` in _i18n/{language}.yml: the "
                             f"{self.i18n.default} string is used; translate it in the page")
            if found is None:
                return ctx.leave(written, f"no `{key}` in _i18n/{language}.yml")
            if not noted and item.kind == "post" and not item.lang \
                    and self.i18n.language_of(path.relative_to(self.source)) is None:
                noted.append(True)  # (a post of `_posts/`, not of a language's folder)
                ctx.note(written, f"`{{% t %}}` strings are the site's language's "
                         f"({self.i18n.default}): write the post's other versions in "
                         "`_i18n/<lang>/_posts/` before importing, or as "
                         f"`{path.stem}.<lang>.md` beside it after")
            ctx.convert("strings of jekyll-multiple-languages-plugin (`{% t key %}`)")
            return found

        def avatar(args: str, written: str) -> str:
            """jekyll-avatar's `{% avatar hubot size=50 %}` (on GitHub Pages' list of
            plugins): the GitHub user's picture, 40 pixels square unless `size` says."""
            words, named = B.arguments(args)
            user = named.get("user") or (words[0] if words else "")
            size = named.get("size", "40")
            if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?", user) \
                    or not size.isdigit():
                return ctx.leave(written, "no GitHub user named in it")
            ctx.convert("jekyll-avatar's pictures of GitHub users")
            return (f'<img src="https://avatars.githubusercontent.com/{user}?v=3&amp;s={size}"'
                    f' alt="{user}" width="{size}" height="{size}">')

        # (jekyll-include-cache's `include_cached`, minimal-mistakes' plugin: an include)
        handlers = {**octopress_tags(ctx), "post_url": post_url, "link": link,
                    "include": include, "cite": cite, "nocite": nocite,
                    "include_cached": include,
                    "include_relative": include_relative,
                    "twitter": twitter, "gist": gist, "youtube": youtube, "assign": drop,
                    "avatar": avatar, "picture": picture,
                    "bibliography": bibliography,
                    "reference": reference, "responsive_image": responsive_image}
        if self.i18n.languages:
            handlers.update(t=translate, translate=translate)
        return handlers

    def liquid(self, text: str, item: Item, ctx: Context, shelf: Shelf, path: Path) -> str:
        text = blocks(text, "details", lambda a, inner, w: B.details(string_argument(a), inner),
                      ctx, "collapsible blocks")
        text = self.liquid_tabs(text, ctx)
        text = blocks(text, "figure", lambda a, inner, w: figure_block(a, inner, ctx), ctx,
                      "figures")

        # (academicpages' sitemap: `{% capture written_label %}'None'{% endcapture %}`;
        # a math post's statement, shown by a theorem include)
        text = captured_includes(text, ctx, shelf)
        text = assigning_ifs(text, ctx, self.page_variables(ctx).keys())
        text = comment_ifs(text, ctx)
        text = adjacent_lists(self.source, text)

        def quote(args: str, inner: str, written: str) -> str:
            """jekyll-scholar's `{% quote key %}…{% endquote %}`: a block quote, its
            source cited under it."""
            keys = [k for k in args.replace(",", " ").split() if not k.startswith("--")]
            body = "\n".join("> " + line if line.strip() else ">"
                              for line in inner.strip("\n").split("\n"))
            if not keys or any(k not in self.citations | self.reference_keys for k in keys):
                ctx.warn(written, f"`{args.strip()}` of a quote is in no .bib file of the "
                         "site: the quote is kept without its source")
                return B.block(body)
            return B.block(body + "\n>\n> — [" + "; ".join(f"@{k}" for k in keys) + "]")

        text = blocks(text, "quote", quote, ctx, "jekyll-scholar quotes")
        text = self.liquid_blocks(text, item, ctx, shelf)
        text, count = data_aliases(text, self.source)  # (before `assign` tags go)
        ctx.convert("values of `_data/` files printed by a name (`{% assign x = "
                    "site.data.x %}`)", count)
        text, count = data_lookups(text, self.source)
        ctx.convert("values of `_data/` entries a `where` filter found (`{% assign t = "
                    "site.data.x | where: … %}`)", count)
        text = collapse_toggles(text, self.source, ctx)
        return tags(text, self.tag_handlers(item, ctx, path), ctx, shelf=shelf)

    def data_list_file(self, file: Path) -> bool:
        """Whether an included file is minimal-light's list of `_data/publications.yml`
        (which Lanting's publications page shows)."""
        return bool(self.data_publications) and file.is_file() \
            and "site.data.publications" in read_text(file)

    def liquid_blocks(self, text: str, item: Item, ctx: Context, shelf: Shelf) -> str:
        return text

    def liquid_tabs(self, text: str, ctx: Context) -> str:
        """jekyll-tabs: `{% tabs g %}` `{% tab g label %}…{% endtab %}` `{% endtabs %}`."""

        def group(args: str, inner: str, written: str) -> str:
            parts = re.findall(r"\{%-?\s*tab\s+\S+\s+(.*?)\s*-?%\}(.*?)\{%-?\s*endtab\s*-?%\}",
                               inner, re.DOTALL)
            return B.tabs([(string_argument(label), content) for label, content in parts])

        return blocks(text, "tabs", group, ctx, "tabs flattened")


def picture_image(args: str, config: dict[str, Any]) -> tuple[str, str] | None:
    """(the image's path from the site's root, its alternative text) of
    jekyll_picture_tag's arguments, `[preset] img.png [--alt Text] [--img class="x"]`;
    None without one."""
    try:
        words = shlex.split(args)
    except ValueError:
        return None
    plain: list[str] = []
    options: dict[str, list[str]] = {}
    current: list[str] | None = None
    for word in words:
        if word.startswith("--"):
            current = options.setdefault(word[2:], [])
        elif current is not None:
            current.append(word)
        elif not word.endswith(":"):  # (`mobile: img_m.jpg`, an image for a media query)
            plain.append(word)
    images = [w for w in plain if "." in w.rsplit("/", 1)[-1]]
    if not images:
        return None
    settings = config.get("picture")
    folder = str(settings.get("source") or "").strip("/") \
        if isinstance(settings, dict) else ""
    path = images[0]
    if not path.startswith(("http://", "https://")):
        path = "/" + "/".join(p for p in (folder, path.lstrip("/")) if p)
    return path, " ".join(options.get("alt", []))
