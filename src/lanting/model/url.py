"""The type of a URL taken from the user's input."""

from __future__ import annotations

from typing import NewType

Url = NewType("Url", str)
"""A URL from the user's input that pages show (a link, an image): a field of this type
takes only URLs that `markdown.urls.unsafe_url_reason` allows, so an unsafe one is a problem at
its file and line, never an attribute of a page."""
