"""A tiny element tree over `html.parser`, enough to assert on Lanting's pages.

    doc = parse_html(text)
    main = doc.find("main")
    for article in main.find_all("article", class_="post-entry"):
        article.find("time")["datetime"], article.find(class_="summary").text()
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
_SPACE = re.compile(r"\s+")


@dataclass(eq=False)
class Element:
    tag: str
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)
    parent: Element | None = field(default=None, repr=False)

    # --- attributes ---------------------------------------------------------------
    def __getitem__(self, name: str) -> str:
        value = self.attrs[name]
        return "" if value is None else value

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    # --- text ---------------------------------------------------------------------
    def raw_text(self) -> str:
        """All text inside, as written."""
        return "".join(c if isinstance(c, str) else c.raw_text() for c in self.children)

    def text(self) -> str:
        """All text inside, whitespace collapsed and stripped."""
        return _SPACE.sub(" ", self.raw_text()).strip()

    # --- search -------------------------------------------------------------------
    def iter(self) -> Iterator[Element]:
        """Descendants in document order (not self)."""
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.iter()

    def elements(self) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element)]

    def matches(self, tag: str | None = None, class_: str | None = None,
                attrs: dict[str, str | bool] | None = None) -> bool:
        if tag is not None and self.tag != tag:
            return False
        if class_ is not None and class_ not in self.classes:
            return False
        for name, want in (attrs or {}).items():
            if want is True:
                if name not in self.attrs:
                    return False
            elif want is False:
                if name in self.attrs:
                    return False
            elif self.attrs.get(name) != want:
                return False
        return True

    def find_all(self, tag: str | None = None, class_: str | None = None,
                 attrs: dict[str, str | bool] | None = None, **kw: str | bool) -> list[Element]:
        """Descendants matching tag, class and attributes (`id="x"`, `href=True`)."""
        wanted = {**(attrs or {}), **{k.rstrip("_").replace("_", "-"): v for k, v in kw.items()}}
        return [e for e in self.iter() if e.matches(tag, class_, wanted)]

    def find(self, tag: str | None = None, class_: str | None = None,
             attrs: dict[str, str | bool] | None = None, **kw: str | bool) -> Element | None:
        found = self.find_all(tag, class_, attrs, **kw)
        return found[0] if found else None

    def one(self, tag: str | None = None, class_: str | None = None,
            attrs: dict[str, str | bool] | None = None, **kw: str | bool) -> Element:
        """The single match; AssertionError if there are none or several."""
        found = self.find_all(tag, class_, attrs, **kw)
        assert len(found) == 1, f"expected one <{tag or '*'} class={class_}>, found {len(found)}"
        return found[0]

    def ids(self) -> set[str]:
        return {e["id"] for e in self.iter() if e.get("id")}


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs), parent=self.stack[-1])
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, dict(attrs), parent=self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return
        # a stray end tag: ignored, as browsers do

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(text: str | bytes) -> Element:
    """The document as an element tree rooted at a `#document` element."""
    builder = _TreeBuilder()
    builder.feed(text.decode("utf-8") if isinstance(text, bytes) else text)
    builder.close()
    return builder.root
