"""content/svg.py: a notebook's SVG image keeps its drawing and loses everything that could
run script or fetch something, even when the file is opened on its own."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from lanting.content.svg import SVG_NS, XLINK_NS, safe_svg

S = f"{{{SVG_NS}}}"
VECTORS = [
    '<script>alert(1)</script>',
    '<script xlink:href="data:text/javascript,alert(1)"/>',
    '<g onload="alert(1)"/>', '<rect ONCLICK="alert(1)"/>',
    '<a xlink:href="javascript:alert(1)"><text>x</text></a>',
    '<a href="java&#x09;script:alert(1)"><text>x</text></a>',
    '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script>'
    '</body></foreignObject>',
    '<set attributeName="onmouseover" to="alert(1)"/>',
    '<animate attributeName="href" values="javascript:alert(1)"/>',
    '<use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>',
    '<image href="https://tracker.example/pixel.png"/>',
    '<rect style="fill:url(javascript:alert(1))"/>',
    '<rect fill="url(https://evil.example/x.svg#a)"/>',
    '<rect style="fill:\\75 rl(https://evil.example/a)"/>',
    '<style>@import url(https://evil.example/x.css);</style>',
    '<style>rect{-moz-binding:url(x.xml#a)}</style>',
    '<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>',
    '<?xml-stylesheet type="text/xsl" href="evil.xsl"?>',
    '<iframe src="javascript:alert(1)"/>',
]


def svg(inner: str) -> str:
    return (f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" width="10" height="10">'
            f'{inner}</svg>')


def _live(root: ET.Element) -> list[str]:
    found = []
    for element in root.iter():
        local = element.tag.rpartition("}")[2] if isinstance(element.tag, str) else "?"
        if not element.tag.startswith(S) or local in ("script", "foreignObject", "a", "set",
                                                      "animate", "iframe"):
            found.append(local)
        for name, value in element.attrib.items():
            if name.rpartition("}")[2].lower().startswith("on") or "script" in value.lower():
                found.append(f"{name}={value}")
            if "url(" in value and "url(#" not in value or "//" in value:
                found.append(f"{name}={value}")
    return found


@pytest.mark.parametrize("vector", VECTORS)
def test_svg_with_script_is_made_inert(vector: str) -> None:
    text = safe_svg(svg(vector)).decode()
    root = ET.fromstring(text)
    assert root.tag == f"{S}svg" and root.get("width") == "10"
    assert _live(root) == []
    assert "alert" not in text and "evil" not in text and "tracker" not in text
    assert "<?" not in text and "<!" not in text


def test_svg_drawing_is_kept() -> None:
    drawing = ('<defs><clipPath id="c"><rect width="5" height="5"/></clipPath>'
               '<path id="m" d="M0 0L1 1"/></defs>'
               '<style type="text/css">*{stroke-linecap:butt}</style>'
               '<g clip-path="url(#c)" style="fill: #fff"><use xlink:href="#m" x="2"/>'
               '<text x="1" y="2" xml:space="preserve">a &lt; b</text>'
               '<image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1"/></g>')
    root = ET.fromstring(safe_svg('<?xml version="1.0" encoding="utf-8"?>\n'
                                  '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                                  '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
                                  + svg(drawing)))
    group = root.find(f"{S}g")
    assert group is not None and group.get("clip-path") == "url(#c)"
    use = group.find(f"{S}use")
    assert use is not None and use.get(f"{{{XLINK_NS}}}href") == "#m"
    text = group.find(f"{S}text")
    assert text is not None and text.text == "a < b"
    image = group.find(f"{S}image")
    assert image is not None and image.get(f"{{{XLINK_NS}}}href", "").startswith("data:image/png")
    style = root.find(f"{S}style")
    assert style is not None and style.text == "*{stroke-linecap:butt}"


def test_text_of_a_link_is_kept_without_the_link() -> None:
    root = ET.fromstring(safe_svg(svg('<a href="https://x.example"><text>label</text></a> tail')))
    assert [e.tag for e in root] == [f"{S}text"] and root[0].text == "label"
    assert root[0].tail == " tail"


@pytest.mark.parametrize("text", [
    "<svg", "<html/>", "<svg/>", "",
    '<!DOCTYPE x [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
    '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 300 + "</g>" * 300 + "</svg>",
])
def test_svg_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        safe_svg(text)
