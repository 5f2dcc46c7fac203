"""What an importer could not convert, kept in an HTML comment where it stood
(`<!-- import: unconverted {% gist x %} -->`), and such comments kept out of addresses,
where they made broken links and images of no file."""

from __future__ import annotations

import re


def unconverted(construct: str) -> str:
    """What has no Lanting form, kept where it was inside an HTML comment."""
    return "<!-- import: unconverted " + construct.replace("--", "- -") + " -->"


_LINK_TO_UNCONVERTED = re.compile(r"(!?)\[([^\]\n]*)\]\([^()\s<]*(<!-- import: unconverted "
                                  r".*? -->)[^()\s]*\)")
_HREF_UNCONVERTED = re.compile(r"""(<a\b[^<>]*?)\s+href\s*=\s*(["'])[^"'<]*"""
                               r"""(<!-- import: unconverted .*? -->)[^"'<]*\2([^<>]*>)""")
"""A link's `href` holding a comment (`href="/tags/#{{ tag | replace: ' ', '-' }}"`, with
a value of the old theme unknown): the link without it, its text kept, the comment after
its tag."""
_CONSTRUCT = r"(?:[^\n>]|>(?<!-->))*?"
_UNCONVERTED = rf"<!-- import: unconverted {_CONSTRUCT} -->"
_TAG_HOLDING_UNCONVERTED = re.compile(
    rf"<[A-Za-z][\w-]*\s(?:[^<>]|{_UNCONVERTED})*?{_UNCONVERTED}(?:[^<>]|{_UNCONVERTED})*>")
"""An HTML tag with a construct left unconverted in an attribute (`src="{% src x %}"`)."""


def _unconverted_tag(match: re.Match[str]) -> str:
    return unconverted(re.sub(rf"<!-- import: unconverted ({_CONSTRUCT}) -->", r"\1",
                              match.group()))


def unconverted_out_of_addresses(text: str) -> str:
    """A Markdown link whose address holds a comment: its text and the comment; an
    image's: the image as written is the comment; an HTML link's `href` holding one:
    the link without it, the comment after its tag; another HTML tag holding one in an
    attribute: the tag as written is the comment (it made an image of no file, a broken
    build)."""
    # (an image's comment holds the whole image as written, `![x](/img/{{ x }})`: with
    # the value's alone, its alt text and address were lost)
    text = _LINK_TO_UNCONVERTED.sub(lambda m: m.group(2) + m.group(3) if not m.group(1)
                                    else _unconverted_tag(m), text)
    text = _HREF_UNCONVERTED.sub(r"\1\4\3", text)
    return _TAG_HOLDING_UNCONVERTED.sub(_unconverted_tag, text)
