"""The body of an Astro or Next.js post in Lanting's Markdown.

Lanting reads as written: `$…$` and `$$…$$` (remark-math), `> [!NOTE]` (GitHub's
alerts, Fuwari's and the Next.js starter's), `:::note` and `:::tip[Title]` (Fuwari's
admonitions, remark-directive). Converted here:

- MDX (`docusaurus_mdx.py`, shared with Docusaurus): `import`/`export` lines, comments,
  JSX attributes, and the components: images imported and shown
  (`import fig from './fig.png'` with `<Image src={fig} alt="x" />`, Astro's
  `astro:assets` and `next/image`) → Markdown images; `<TOCInline />` → `[[toc]]`;
  astro-embed's `<YouTube>` → Lanting's video, its `<Vimeo>`, `<Tweet>` a link;
  `<Fragment>`, `<Steps>`, `<FileTree>` around Markdown unwrapped;
  any other component reported at its line (its text kept, or the tag in a comment);
- Fuwari's directives: `::github{repo="a/b"}` (a card fetched from GitHub's API) → a
  link to the repository; `:spoiler[text]` → the text;
- without remark-math in the settings, `$` was a dollar sign: escaped;
- links and images: to other entries (`./other.md`, their old URLs `/posts/x/`), to
  `public/` (`/images/x.png`, the Next.js starter's `/static/images/x.png`), to files
  beside the entry (`./fig.png`) or under `src/` (`@/assets/x.png`).
"""

from __future__ import annotations

import posixpath
import re
import textwrap
from pathlib import Path
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.astro_components import (
    image_components,
    image_uses,
    link_components,
    link_uses,
    own_modules,
)
from lanting.importer.astro_settings import AstroConfig, unbased
from lanting.importer.body_links import DROPPED, map_urls, unlink_dropped
from lanting.importer.body_math import shelve_tex_math
from lanting.importer.common import LinkTable, is_image
from lanting.importer.docusaurus_mdx import (
    comments,
    components,
    html_attributes,
    links,
    markdown_in_jsx,
    mdx_lines,
)
from lanting.importer.docusaurus_tabs import attribute, convert_tabs, nest_containers
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mdx_math import math_uses
from lanting.importer.nextra_mdx import CALLOUT_KINDS, nextra_tabs
from lanting.importer.other_case import url_in_other_case
from lanting.importer.shelf import Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.starlight_mdx import starlight_components

_OWN = re.compile(r"^astro:|^@astrojs/|^next/|^@/components/(?:Image|TOCInline)|"
                  r"^pliny/ui/TOCInline|^@/components/mdx|^astro-embed$|^@astro-community/|"
                  r"^nextra(?:-theme-docs|-theme-blog)?(?:/components)?$")
"""The modules of the components whose uses are converted (images, the TOC)."""
_IMAGE_IMPORT = re.compile(r"""^import\s+([\w$]+)\s+from\s+['"]([^'"\n]+\.(?:png|jpe?g|gif|"""
                           r"""webp|svg|avif))['"];?[ \t]*$\n?""", re.MULTILINE | re.IGNORECASE)
_IMAGE_TAG = re.compile(r"<(Image|Picture|img)\b((?:[^<>{}]|\{[^{}]*\})*?)/>")
_ATTR_NAME = re.compile(r"""(?:^|\s)([\w:-]+)(?==|\s|$)""")
_GITHUB_CARD = re.compile(r"""^::github\{\s*(?:repo|user)\s*=\s*["']([\w.-]+(?:/[\w.-]+)?)["']"""
                          r"""\s*\}[ \t]*$""", re.MULTILINE)
_SPOILER = re.compile(r":spoiler\[([^\]\n]*)\]")
_TOC = re.compile(r"<TOCInline\b(?:[^<>{}]|\{[^{}]*\})*/>")
_WRAPPER = re.compile(r"^[ \t]*</?(?:Fragment|Steps|FileTree)\b[^<>]*>[ \t]*$\n?", re.MULTILINE)
"""Tags on their own lines around Markdown that show it as it is: Astro's `<Fragment>`,
Starlight's `<Steps>` (around a numbered list) and `<FileTree>` (around a list)."""
_ASIDE = re.compile(r"<(Aside|Collapse|Callout)\b((?:[^<>{}]|\{[^{}]*\})*)>(.*?)</\1\s*>",
                    re.DOTALL)


def image_imports(text: str, path: Path) -> tuple[str, dict[str, str]]:
    """`text` without its image imports; each imported name → the file's path as a
    link from the entry (`./fig.png`, `/abs/src/assets/x.png`)."""
    names: dict[str, str] = {}

    def one(match: re.Match[str]) -> str:
        module = match.group(2)
        if module.startswith(("@/", "~/")):
            module = str(_src_folder(path) / module[2:])
        names[match.group(1)] = module
        return ""

    return _IMAGE_IMPORT.sub(one, text), names


def _src_folder(path: Path) -> Path:
    """The `src/` folder above the entry (where `@/` and `~/` lead)."""
    return next((p for p in path.parents if p.name == "src"), path.parent)


def image_tags(text: str, imported: dict[str, str], ctx: Context) -> str:
    """`<Image src={fig} alt="x" />` (an imported image, or a literal path) → `![x](…)`;
    an `<img>` only with no more than `src` and `alt` (its `width`, `class` would be
    lost)."""

    def one(match: re.Match[str]) -> str:
        tag, attrs = match.groups()
        plain = re.sub(r"""=\s*(?:"[^"]*"|'[^']*'|\{[^{}]*\})""", "", attrs)
        if tag == "img" and set(_ATTR_NAME.findall(plain)) - {"src", "alt"}:
            return match.group()  # (an HTML image sized or styled: kept as HTML)
        src = attribute(attrs, "src")
        named = re.search(r"\bsrc=\{\s*([\w$]+)\s*\}", attrs)
        if src is None and named and named.group(1) in imported:
            src = imported[named.group(1)]
        if not src:
            return match.group()
        alt = (attribute(attrs, "alt") or "").replace("[", "\\[").replace("]", "\\]")
        ctx.convert("MDX images (<Image>) as Markdown images")
        return f"![{alt}]({src.replace(' ', '%20')})"

    return _IMAGE_TAG.sub(one, text)


_EMBED = re.compile(r"<(YouTube|Vimeo|Tweet|LinkPreview)\b((?:[^<>{}]|\{[^{}]*\})*)/>")
_YOUTUBE_ID = re.compile(r"(?:v=|youtu\.be/|embed/|^)([\w-]{11})(?:[?&#]|$)")


def embeds(text: str, ctx: Context) -> str:
    """astro-embed's `<YouTube id="…" />` → Lanting's video (click to load); its
    `<Vimeo>`, `<Tweet>` and `<LinkPreview>` → a link to what they showed (a warning:
    Lanting does not embed them)."""

    def one(match: re.Match[str]) -> str:
        name, attrs = match.groups()
        ident = attribute(attrs, "id") or attribute(attrs, "href") or ""
        if name == "YouTube" and (found := _YOUTUBE_ID.search(ident)):
            ctx.convert("YouTube embeds (astro-embed) as videos")
            return B.block(f'{{{{< video youtube="{found.group(1)}" >}}}}')
        url = ident if ident.startswith("http") else \
            f"https://vimeo.com/{ident}" if name == "Vimeo" and ident.isdigit() else ""
        if not url:
            return match.group()
        ctx.warn(match.group(), f"`<{name}>` (astro-embed) is a link to what it showed: "
                 "Lanting does not embed it")
        return B.block(f"[{url}]({url})")

    return _EMBED.sub(one, text)


def directives(text: str, ctx: Context) -> str:
    """Fuwari's `::github{repo="a/b"}` (Astro Cactus's `{user="a"}` too) → a link;
    `:spoiler[x]` → `x`."""
    text, count = _GITHUB_CARD.subn(
        lambda m: f"[{m.group(1)}](https://github.com/{m.group(1)})", text)
    ctx.convert("GitHub cards (::github) as links to the repository", count)
    text, count = _SPOILER.subn(r"\1", text)
    ctx.convert("spoilers (:spoiler[…]) as plain text", count)
    return text


def asides(text: str, ctx: Context) -> str:
    """`<Aside type="tip" title="x">…</Aside>` (Starlight's, astro-theme-pure's) →
    `:::tip[x]` … `:::`; `<Collapse title="x">` → `<details>`."""

    def one(match: re.Match[str]) -> str:
        name, attrs, inner = match.groups()
        title = attribute(attrs, "title") or ""
        inner = textwrap.dedent(inner.strip("\n")).strip()
        if name == "Collapse":
            ctx.convert("<Collapse> as <details>")
            return "\n\n" + B.details(title or "Details", inner) + "\n\n"
        ctx.convert(f"callouts (<{name}>)")
        kind = attribute(attrs, "type") or "note"
        kind = CALLOUT_KINDS.get(kind, kind) if name == "Callout" else kind  # (Nextra's)
        head = f":::{kind}" + (f"[{title}]" if title else "")
        return f"\n\n{head}\n\n{inner}\n\n:::\n\n"

    return _ASIDE.sub(one, text)


class AstroBodies:
    """The body side of the Astro importer."""

    source: Path
    public: Path
    config: AstroConfig
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    math_kinds: dict[str, str]
    """The MDX components that showed formulas (`mdx_math`)."""

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        shelf = Shelf()
        if path.suffix.lower() in self.config.mdx:  # (Starlight's and astro-theme-pure's tabs)
            text, count = nextra_tabs(text)
            ctx.convert("Nextra's tabs (`<Tabs items>`)", count)
            text = convert_tabs(text, ctx)
        text = protect_code(text, shelf)
        if self.config.math:  # (a formula is TeX to remark-math: `$a<b$` holds no tag)
            text = shelve_tex_math(text, shelf)
        else:
            text, count = re.subn(r"(?<!\\)\$", r"\\$", text)
            if count:
                ctx.note("$", "no remark-math in the site's settings: its `$` showed as "
                         "dollar signs, and are escaped (`\\$`) to stay so")
        text = directives(text, ctx)
        if item.front.get("bibliography"):  # (rehype-citation's place for the list)
            text, count = re.subn(r"^\[\^ref\][ \t]*$", "{{< references >}}", text,
                                  flags=re.MULTILINE | re.IGNORECASE)
            ctx.convert("the references' place ([^ref]) as {{< references >}}", count)
        if path.suffix.lower() in self.config.mdx:
            text, count = markdown_in_jsx(text)
            ctx.convert("Markdown inside JSX blocks (MDX) as paragraphs", count)
            text = nest_containers(asides(text, ctx))  # (an `<Aside>` in a tab)
            text = starlight_components(text, ctx)
            text, imported = image_imports(text, path)
            whose = "Astro's and its integrations'" if self.config.kind == "astro" \
                else "Next.js's and the starter's"
            shown = image_components(text, path, self.source)
            cards = link_components(text, path, self.source)
            if shown or cards:  # (the notice names the site's components with the others)
                whose = whose.replace(" and ", ", ") + " and the site's"
            mine = "|".join(filter(None, (own_modules(shown), own_modules(cards))))
            own = re.compile(f"{_OWN.pattern}|{mine}") if mine else _OWN
            text, _raw = mdx_lines(text, ctx, path, own, whose)
            text = comments(text, ctx)
            text = image_tags(text, imported, ctx)
            text = link_uses(image_uses(text, shown, ctx), cards, ctx)
            text = math_uses(text, self.math_kinds, ctx, shelf.put)
            text = embeds(text, ctx)
            text, count = _TOC.subn("[[toc]]", text)
            ctx.convert("`<TOCInline />` as [[toc]] (Lanting's table of contents)", count)
            text = html_attributes(text, ctx)
            if self.config.kind != "astro":  # (`next/link`'s and Gatsby's `<Link href>`)
                text = links(text, ctx)
            text, count = _WRAPPER.subn("\n", text)
            ctx.convert("<Fragment>, <Steps>, <FileTree> unwrapped (their text kept)", count)
            text = polymorphic_headings(text, ctx)
            text = components(text, ctx)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        # (what a comment holds was never shown: its links and images are not looked for)
        text = re.sub(r"<!--.*?-->", lambda m: shelf.put(m.group()), text, flags=re.DOTALL)
        text = map_urls(text, resolve)
        text = unlink_dropped(text)
        return B.tidy(shelf.restore(text))

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        """A link or image of the old site as the new one has it (None: as written)."""
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000", url) or not url:
            return None
        rel, hash_mark, fragment = url.partition("#")
        rel = unquote(rel.partition("?")[0])
        fragment = hash_mark + fragment
        if rel.startswith(("@/", "~/")):
            rel = str(_src_folder(path) / rel[2:])
        if rel.startswith("/") and not Path(rel).is_relative_to(self.source):
            return self.site_url(rel, fragment, image, url, ctx)
        file = Path(rel) if rel.startswith("/") else path.parent / rel
        target = self.by_source.get(file.resolve()) if file.is_file() else None
        if target is None and not file.is_file() and item.old_urls:
            # (a link from the old URL, `../other/`; a folder of that name beside the
            # entry's file, `software/texmol/`, is no file the link named)
            base = item.old_urls[0]
            target = self.table.find(posixpath.normpath(posixpath.join(base, rel)))
        if target is not None:
            ctx.convert("links to other posts")
            return self.site.link(target) + fragment
        if file.is_file():
            if image or is_image(file):
                return self.site.image(file, None)
            return self.site.linked_file(file, self.source) + fragment
        if image:
            ctx.warn(url, f"image `{url}` not found: left as written")
            return None
        ctx.warn(url, f"link `{url}` leads to no page or file of the site: the link is "
                 "dropped, its text kept")
        return DROPPED

    def site_url(self, rel: str, fragment: str, image: bool, original: str,
                 ctx: Context) -> str | None:
        """A path from the site's root (with its `base` or without): an entry's old
        URL, a file of `public/`, the blog's and the tags' lists."""
        rel = unbased(rel, self.config.base)
        target = self.table.find(rel)
        if target is not None:
            ctx.convert("links to old URLs")
            return self.site.link(target) + fragment
        file = self.public / rel.lstrip("/")
        if file.is_file():
            return self.site.image(file, rel) if image or is_image(file) else None
        routes = {c.route for c in self.config.collections if c.route}
        if rel.rstrip("/") in routes or rel.rstrip("/") in ("", "/blog", "/posts"):
            return "/blog/" + fragment if rel.strip("/") else None
        if re.fullmatch(r"/(?:tags|categories|archive)(?:/.*)?", rel):
            return None  # (Lanting has these lists: the build checks the term's page)
        if image:
            ctx.warn(original, f"image `{original}` not found in `public/`: left as written")
            return None
        if (target := url_in_other_case(self.table.urls, unquote(rel))) is not None:
            # (`/posts/inputsOutputs/` for the id Astro slugged, `inputsoutputs`)
            ctx.note(original, f"link `{original}`: the page is at an old URL in other "
                     "capitals (found on the writer's computer, which ignores case; not on "
                     "a server)")
            return self.site.link(target) + fragment
        ctx.warn(original, f"link `{original}` leads to no imported page or file (a page "
                 "of the site's own code?): the link is dropped, its text kept")
        return DROPPED


_HEADING = re.compile(r"^[ \t]*<([A-Z][\w.]*)\b((?:[^<>{}]|\{[^{}]*\})*?\bas=[\"']h([1-6])[\"']"
                      r"(?:[^<>{}]|\{[^{}]*\})*)>([^<>\n]+)</\1>[ \t]*$", re.MULTILINE)


def polymorphic_headings(text: str, ctx: Context) -> str:
    """A component told which element to be, `<Heading as="h2">Making the plot</Heading>`
    (the `as` of Chakra's, theme-ui's, styled-components' and sites' own), is a heading of
    that level, its `id` kept as the heading's; it was removed, its text a paragraph."""

    def one(match: re.Match[str]) -> str:
        given = attribute(match.group(2), "id")
        ctx.convert("MDX components rendered as headings (`as=\"h2\"`) as headings")
        return "#" * int(match.group(3)) + " " + match.group(4).strip() + (
            f" {{#{given}}}" if given and re.fullmatch(r"[\w:.\-]+", given) else "")

    return _HEADING.sub(one, text)
