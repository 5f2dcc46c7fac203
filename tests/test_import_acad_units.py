"""Unit tests of importer pieces real academic homepages exposed: the line ends of a
`<pre>` begun inside a list item's HTML, and the filters of the lab template's lists."""

from __future__ import annotations

import pytest

from lanting.importer.jekyll_lab_cards import kept
from lanting.importer.linebreaks import hard_breaks
from lanting.importer.liquid_filters import filter_chain

PAPER = (
    "- [Reading long books](https://example.org/paper)\n"
    "  <details><summary>[BibTeX]</summary>\n"
    "  <pre><code>@article{lin2024,\n"
    "  title={Reading long books},   \n"
    "  year={2024}\n"
    "  }</code></pre>\n"
    "  </details>\n"
    "  *Journal of Reading*   \n"
    "  **Mei Lin**, Bo Chen\n")


def test_no_break_inside_a_pre_begun_in_a_list_item() -> None:
    """A paper's BibTeX in `<pre><code>` under its list item (AcadHomepage's papers):
    the trailing spaces after `title={…},` became a `\\\\`, shown in the entry. The
    `<pre>`'s lines are left as written; the venue's line, prose, gets its break."""
    out, count = hard_breaks(PAPER, spaces_only=True)
    assert "title={Reading long books},   \n" in out
    assert "},\\" not in out
    assert "*Journal of Reading*\\\n" in out and count == 1


@pytest.mark.parametrize(("named", "item", "keeps"), [
    ({"filter": "group == 'featured'"}, {"group": "featured"}, True),
    ({"filter": "group == 'featured'"}, {}, False),
    ({"filter": "!group"}, {}, True),
    ({"filter": "!group"}, {"group": "featured"}, False),
    ({"filter": "role != 'pi' && group"}, {"role": "phd", "group": "x"}, True),
    ({"filter": "tags.include?('data')"}, {"tags": ["data"]}, None),
    ({"filters": "group: featured"}, {"group": "featured"}, True),
    ({"filters": "group: "}, {"group": "featured"}, False),
    ({"filters": "group: "}, {}, True),
    ({"filters": "role: ^(?!pi$), group: current"}, {"role": "phd", "group": "current"}, True),
    ({"filters": "role: ^(?!pi$)"}, {"role": "pi"}, False),
    ({}, {"group": "x"}, True),
])
def test_the_lab_template_s_list_filters(named: dict[str, str], item: dict[str, object],
                                         keeps: bool | None) -> None:
    """The newer template's `filter` is Ruby (`==`, `!=`, `!key`, `&&`); the older one's
    `filters` a regular expression per key, none meaning the key unset. Ruby this does
    not read is None: the include is left as it was, with a warning."""
    assert kept(item, named) is keeps


def test_an_address_jekyll_email_protect_encoded() -> None:
    """`mailto:{{ site.email | encode_email }}` (jekyll-email-protect, which a
    homepage's profile page used) was left in a comment with a warning, the mail link
    broken: the filter percent-encodes the address, the same address to a mail client."""
    site = {"site.email": "mei@example.org"}
    assert filter_chain("site.email | encode_email", site.get) == "mei@example.org"
    assert filter_chain("site.email | encode_email: 'x'", site.get) is None
