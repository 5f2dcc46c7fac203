"""SVG images from notebooks, made inert: a notebook's SVG output is published as a file
beside the page, and a file of the site's own origin opened on its own runs whatever
script it holds. So the SVG is parsed and written out again keeping only drawing:
SVG elements of an allow-list (no `script`, `foreignObject`, animation or link), no
event attributes, references only inside the image (`#id`) or to inline raster images,
no CSS that imports or fetches anything. No DTD, entity, comment or processing
instruction survives.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

from lanting.markdown.urls import is_safe_url, url_scheme

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"

ELEMENTS = frozenset("""
    svg g defs desc title symbol use image path rect circle ellipse line polyline polygon
    text tspan textPath clipPath mask pattern marker linearGradient radialGradient stop
    style filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix
    feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB
    feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset
    fePointLight feSpecularLighting feSpotLight feTile feTurbulence
""".split())
"""What a drawing needs (matplotlib, graphviz, plotly's static export). Everything else
(`script`, `foreignObject`, `animate`, `set`, `iframe`, other namespaces) is dropped
with its content; an `a` keeps what it shows but is no link."""

MAX_DEPTH = 200
"""Elements nested deeper than this: the image is refused (no plot nests so deep)."""

_IGNORED = re.compile(r"[\x00-\x20\x7f-\x9f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]")
_URL = re.compile(r"url\(\s*(['\"]?)([^)]*)", re.IGNORECASE)
_DANGEROUS = ("script:", "expression(", "@import", "binding", "behavior")
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")


def _safe_value(value: str) -> bool:
    """No script scheme, no CSS that runs or fetches: `url(…)` only to `#ids`, and no CSS
    escapes (`\\75 rl(` is `url(`), which no plot needs."""
    plain = _IGNORED.sub("", value).lower()
    if "\\" in value or any(word in plain for word in _DANGEROUS):
        return False
    return all(m.group(2).strip().startswith("#") for m in _URL.finditer(value))


def _safe_reference(value: str) -> bool:
    """`href` inside the image (`#id`) or to an inline raster image (PNG, JPEG, …)."""
    value = value.strip()
    return value.startswith("#") or (url_scheme(value) == "data" and is_safe_url(value))


def _split(name: str) -> tuple[str | None, str]:
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return None, name


def _attributes(element: ET.Element) -> str:
    out = []
    for key, value in element.attrib.items():
        namespace, name = _split(key)
        if namespace is None:
            qualified = name
        elif namespace == XLINK_NS:
            qualified = f"xlink:{name}"
        elif namespace == XML_NS and name in ("space", "lang"):
            qualified = f"xml:{name}"
        else:
            continue
        if name.lower().startswith("on") or name.lower() in ("xmlns", "base"):
            continue
        if name == "href" and not _safe_reference(value):
            continue
        if _safe_value(value):
            out.append(f" {qualified}={quoteattr(value)}")
    return "".join(out)


def _write(element: ET.Element, depth: int, out: list[str]) -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"its elements nest more than {MAX_DEPTH} deep")
    namespace, name = _split(element.tag) if isinstance(element.tag, str) else (None, "")
    if namespace == SVG_NS and name == "a":  # what a link shows stays, the link goes
        out.append(escape(element.text or ""))
        for child in element:
            _write(child, depth + 1, out)
    elif namespace == SVG_NS and name in ELEMENTS:
        if name == "style" and not _safe_value(element.text or ""):
            pass  # a style sheet that fetches or runs something: left out
        else:
            extra = f' xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}"' if depth == 0 else ""
            out.append(f"<{name}{extra}{_attributes(element)}>")
            out.append(escape(element.text or ""))
            for child in element:
                _write(child, depth + 1, out)
            out.append(f"</{name}>")
    if depth:
        out.append(escape(element.tail or ""))


def safe_svg(text: str) -> bytes:
    """The SVG image `text` with nothing that could run or fetch; raises ValueError (with
    the reason) when it is not an SVG image that can be read."""
    if "<!ENTITY" in text:
        raise ValueError("it declares XML entities")
    try:
        root = ET.fromstring(_DECLARATION.sub("", text, count=1))
    except (ET.ParseError, ValueError) as error:
        raise ValueError(f"it is not well-formed XML ({error})") from None
    if _split(root.tag) != (SVG_NS, "svg"):
        raise ValueError("its root element is not an SVG `<svg>`")
    out: list[str] = []
    _write(root, 0, out)
    return "".join(out).encode("utf-8")
