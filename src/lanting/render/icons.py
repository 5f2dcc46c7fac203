"""Icons of the profile links on the home page, as inline SVG taken from installed icon
packages (nothing is copied into Lanting): brands from Simple Icons (`simple-icons-pack`,
CC0), generic signs and the brands Simple Icons no longer carries (LinkedIn, Twitter)
from Tabler Icons (`tablericons2`, MIT).

`link_icon(kind)` is a template global. Icons are decorative (`aria-hidden`): the link's
text names it. They take the text's colour (`currentColor`), so they follow the theme.
"""

from __future__ import annotations

import functools
from importlib.metadata import PackageNotFoundError, version
from xml.etree import ElementTree

import simple_icons_pack
from markupsafe import Markup
from tablericons.jinja import icon as tabler_icon

SVG = "{http://www.w3.org/2000/svg}"

ICONS: dict[str, tuple[str, str]] = {
    "email": ("tabler", "outline/mail"),
    "github": ("simple", "github"),
    "gitlab": ("simple", "gitlab"),
    "scholar": ("simple", "googlescholar"),
    "orcid": ("simple", "orcid"),
    "semantic_scholar": ("simple", "semanticscholar"),
    "dblp": ("simple", "dblp"),
    "researchgate": ("simple", "researchgate"),
    "linkedin": ("tabler", "outline/brand-linkedin"),
    "x": ("simple", "x"),
    "twitter": ("tabler", "outline/brand-twitter"),
    "bluesky": ("simple", "bluesky"),
    "mastodon": ("simple", "mastodon"),
    "zhihu": ("simple", "zhihu"),
    "website": ("tabler", "outline/world"),
    "cv": ("tabler", "outline/file-cv"),
    "rss": ("simple", "rss"),
}
"""Each kind of `model.config.LINK_KINDS`: the package and the icon's name in it."""

FALLBACK = ("tabler", "outline/link")
"""For a kind without an icon, or an icon a newer package version dropped."""


def icons_version() -> str:
    """The versions of the icon packages, for the digest of rendered pages."""
    found = []
    for package in ("simple-icons-pack", "tablericons2"):
        try:
            found.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            found.append(f"{package}=?")
    return " ".join(found)


def _source(package: str, name: str) -> str | None:
    if package == "simple":
        found = simple_icons_pack.get_icon(name)
        return found.svg if found else None
    try:
        return str(tabler_icon(name, size=None))
    except Exception:  # tablericons' IconDoesNotExist, or a changed package layout
        return None


@functools.cache
def link_icon(kind: str) -> Markup:
    """The inline `<svg>` for a profile link of `kind` (`github`, `orcid`, `email`, …)."""
    source = _source(*ICONS.get(kind, FALLBACK)) or _source(*FALLBACK)
    if source is None:
        return Markup("")
    svg = ElementTree.fromstring(source)
    for title in svg.findall(f"{SVG}title") + svg.findall("title"):
        svg.remove(title)
    for name in ("role", "width", "height"):
        svg.attrib.pop(name, None)
    if "stroke" not in svg.attrib:  # Simple Icons are filled shapes
        svg.set("fill", "currentColor")
    svg.attrib.update({"class": "icon", "width": "16", "height": "16",
                       "aria-hidden": "true", "focusable": "false"})
    text = ElementTree.tostring(svg, encoding="unicode", short_empty_elements=True)
    # Inline SVG in HTML needs no namespace; ElementTree spells it as a prefix.
    text = text.replace("ns0:", "").replace(' xmlns:ns0="http://www.w3.org/2000/svg"', "")
    text = " ".join(text.split())  # Tabler's files are indented: one line per icon
    return Markup(text.replace("> <", "><"))
