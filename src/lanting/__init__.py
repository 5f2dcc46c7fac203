"""Lanting (兰亭): a static-site engine for academic homepages with a technical blog."""

from __future__ import annotations

__version__ = "0.1.0"
