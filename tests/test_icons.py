"""Profile link icons come from the installed icon packages (render/icons.py)."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from lanting.model.config_academic import LINK_KINDS
from lanting.render.icons import FALLBACK, ICONS, _source, link_icon


def test_every_link_kind_has_its_own_icon() -> None:
    assert set(ICONS) == set(LINK_KINDS)
    fallback = _source(*FALLBACK)
    for kind in LINK_KINDS:
        assert _source(*ICONS[kind]) not in (None, fallback), f"{kind}: no icon in the package"


@pytest.mark.parametrize("kind", [*LINK_KINDS, "unknown"])
def test_icons_are_decorative_inline_svg(kind: str) -> None:
    svg = ElementTree.fromstring(str(link_icon(kind)))
    assert svg.tag == "svg" and svg.get("aria-hidden") == "true"
    assert svg.get("width") == svg.get("height") == "16"
    assert "currentColor" in (svg.get("fill", "") + svg.get("stroke", ""))
    assert svg.find("title") is None and svg.get("role") is None
    assert all("script" not in el.tag and not any(a.startswith("on") for a in el.attrib)
               for el in svg.iter())
