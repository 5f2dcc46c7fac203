"""The site's own MDX components that only show an image or a link, read from their
source.

An Astro or Next.js blog often draws its figures with a component of its own,
`import BlogImage from '@/components/BlogImage.astro'` and `<BlogImage
imagePath='/img/kl.png' altText='Forward KL' />`, whose template is an `<img
src={imagePath} alt={altText}>` in a `<figure>` (its `<figcaption>` showing `{altText}`).
Lanting runs no component: each such use left the figure in a comment, under a warning.
The component's file says which property is the image and which its text, so a use is
written as a Markdown image (a figure with its caption, when the component showed one)
and its import removed with the others of the generator's own.

A link card, `<Bookmark name="BPE - Hugging Face" url="https://…" />`, whose component
takes a URL property (`url`, `href`, `link`) and shows it as an `<a>` (with the page's
title, description and picture it fetched at build time), is a link to that URL, its
text the name given (a `name`, `title`, `text` or `label` property), else the URL.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.docusaurus_tabs import attribute
from lanting.importer.liquid import Context

_DEFAULT_IMPORT = re.compile(r"""^import\s+([A-Z][\w$]*)\s+from\s+['"]([^'"\n]+)['"];?[ \t]*$""",
                             re.MULTILINE)
_SUFFIXES = (".astro", ".jsx", ".tsx")
_OWNER = r"(?:(?:this\.)?(?:props|state)\.)?"
"""A class component's `this.props.src` (`this.state.src`), a function's `props.src`."""
_IMAGE = re.compile(r"<(?:img|Image)\b(?:[^<>{}]|\{[^{}]*\})*?\bsrc=\{\s*" + _OWNER
                    + r"([A-Za-z_$][\w$]*)\s*\}(?:[^<>{}]|\{[^{}]*\})*>")
"""The component's image: an `<img>` (or `astro:assets`' `<Image>`) whose `src` is one of
its properties as it is (`src={imagePath}`; a URL made of it, `` src={`/img/${x}`} ``, is
not)."""
_PROPERTY = r"\{\s*" + _OWNER + r"([A-Za-z_$][\w$]*)\s*\}"
_CAPTION = re.compile(r"<figcaption\b[^>]*>(.*?)</figcaption\s*>", re.DOTALL)


@dataclass(frozen=True, slots=True)
class ImageComponent:
    """What a component of the site shows: the properties holding its image's path, its
    alt text and its caption (None: it has none)."""

    module: str
    """As the post imports it (`@/components/BlogImage.astro`)."""
    src: str
    alt: str | None
    caption: str | None


def module_file(module: str, path: Path, source: Path) -> Path | None:
    """The component file an import names: `@/` and `~/` are `src/` (the starters' alias),
    `./` and `../` from the post; with or without its suffix. None outside the site."""
    if module.startswith(("@/", "~/")):
        base = source / "src" / module[2:]
    elif module.startswith("."):
        base = path.parent / module
    else:
        return None
    for file in (base, *(base.with_name(base.name + s) for s in _SUFFIXES)):
        if file.suffix in _SUFFIXES and file.is_file() \
                and file.resolve().is_relative_to(source.resolve()):
            return file
    return None


def image_component(module: str, template: str) -> ImageComponent | None:
    """What the component file's `template` shows, if that is an image of one of its
    properties; else None."""
    image = _IMAGE.search(template)
    if image is None:
        return None
    alt = re.search(r"\balt=" + _PROPERTY, image.group())
    caption = _CAPTION.search(template)
    shown = re.search(_PROPERTY, caption.group(1)) if caption else None

    def given(name: str) -> str:
        # (a class component's state set from a property: `"src": props.src`)
        found = re.search(rf"[\"']?\b{re.escape(name)}[\"']?\s*:\s*(?:this\.)?props\."
                          r"([A-Za-z_$][\w$]*)", template)
        return found.group(1) if found else name

    return ImageComponent(module, given(image.group(1)), given(alt.group(1)) if alt else None,
                          given(shown.group(1)) if shown else None)


def image_components(text: str, path: Path, source: Path) -> dict[str, ImageComponent]:
    """The components that only show an image among those `text` (an MDX post at `path`)
    imports from the site (`source`), by the name it uses."""
    found = {}
    for name, module in _DEFAULT_IMPORT.findall(text):
        file = module_file(module, path, source)
        component = image_component(module, read_text(file)) if file is not None else None
        if component is not None:
            found[name] = component
    return found


@dataclass(frozen=True, slots=True)
class LinkComponent:
    """A link card of the site: the properties holding its URL and its text."""

    module: str
    url: str
    text: str | None


_URL_PROPS = ("url", "href", "link")
_TEXT_PROPS = ("name", "title", "text", "label")


def link_component(module: str, template: str) -> LinkComponent | None:
    """What the component file's `template` shows, if that is a link to one of its
    properties (declared in `Props`, or taken from `Astro.props` or a function's
    parameters); else None."""
    if re.search(r"<a\b", template) is None:
        return None
    declared = re.search(r"\binterface\s+Props\s*\{([^}]*)\}", template)
    taken = re.search(r"\{([\w\s,?:=\"'-]*)\}\s*(?::\s*\w+\s*)?(?:=\s*Astro\.props|\)\s*(?:=>|\{))",
                      template)
    props = set(re.findall(r"(\w+)\??\s*[:,=}]", (declared.group(1) + "}") if declared
                           else (taken.group(1) + "}") if taken else ""))
    url = next((p for p in _URL_PROPS if p in props), None)
    if url is None:
        return None
    return LinkComponent(module, url, next((p for p in _TEXT_PROPS if p in props), None))


def link_components(text: str, path: Path, source: Path) -> dict[str, LinkComponent]:
    """The link cards among the components `text` imports from the site, by name."""
    found = {}
    for name, module in _DEFAULT_IMPORT.findall(text):
        file = module_file(module, path, source)
        template = read_text(file) if file is not None else ""
        component = link_component(module, template) \
            if file is not None and image_component(module, template) is None else None
        if component is not None:
            found[name] = component
    return found


def link_uses(text: str, components: dict[str, LinkComponent], ctx: Context) -> str:
    """Each `<Name url="…" name="…" />` of `components` as a link, a paragraph of its
    own (a use whose URL is not a literal is left)."""
    def one(match: re.Match[str]) -> str:
        component, attrs = components[match.group(1)], match.group(2)
        url = attribute(attrs, component.url)
        if not url:
            return match.group()
        shown = (attribute(attrs, component.text) if component.text else None) or url
        ctx.convert("the site's own link cards (`<Bookmark url=…>`) as links")
        shown = shown.replace("[", "\\[").replace("]", "\\]")
        return f"\n\n[{shown}]({url.replace(' ', '%20')})\n\n"

    return _uses(text, components, one)


def _uses(text: str, components: dict[str, ImageComponent] | dict[str, LinkComponent],
          one: Callable[[re.Match[str]], str]) -> str:
    """`text` with each self-closing `<Name …/>` of `components` made by `one`."""
    if not components:
        return text
    tag = re.compile(r"<(" + "|".join(map(re.escape, components))
                     + r")\b((?:[^<>{}]|\{[^{}]*\})*)/>")
    return tag.sub(one, text)


def own_modules(components: dict[str, ImageComponent] | dict[str, LinkComponent]) -> str:
    """A pattern of those components' modules (their imports are removed with a notice)."""
    return "|".join(f"^{re.escape(c.module)}$" for c in components.values())


def image_uses(text: str, components: dict[str, ImageComponent], ctx: Context) -> str:
    """Each `<Name src-property="…" … />` of `components` as a Markdown image, with the
    caption the component showed as its title (so Lanting makes it a figure)."""
    def one(match: re.Match[str]) -> str:
        component, attrs = components[match.group(1)], match.group(2)
        src = attribute(attrs, component.src)
        if not src:
            return match.group()
        alt = attribute(attrs, component.alt) if component.alt else None
        caption = attribute(attrs, component.caption) if component.caption else None
        ctx.convert("the site's own image components (`<BlogImage>`) as images")
        title = f' "{caption.replace(chr(34), chr(39))}"' if caption else ""
        shown = (alt or caption or "").replace("[", "\\[").replace("]", "\\]")
        return f"![{shown}]({src.replace(' ', '%20')}{title})"

    return _uses(text, components, one)
