"""Stage 10, the site's settings: what would publish a wrong site although every page is
right — a placeholder `base_url`, one that disagrees with `static/CNAME`, an accent
colour too faint to read, and template overrides whose theme original has changed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from lanting.config.load import CONFIG_NAME
from lanting.config.locate import line_of, toml_key_lines
from lanting.model.config import Config
from lanting.model.output import Copy
from lanting.model.problem import Problem
from lanting.render.overrides import overrides, stale_message
from lanting.render.theme import contrast_warnings

PLACEHOLDER_HOSTS = frozenset({"example.org", "example.com", "example.net", "www.example.org",
                               "www.example.com", "www.example.net"})
"""The domains reserved for examples (RFC 2606), as a starter site or a copied config has
them. Subdomains (`ann.example.org`) are left alone: a test site or a demo names them on
purpose."""


def _host(url: str) -> str:
    match = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]*)", url)
    return match.group(1).lower().rstrip(".") if match else ""


def cname_of(copies: Iterable[Copy]) -> str | None:
    """The domain in `static/CNAME` (GitHub Pages' custom domain), if the site has one."""
    for copy in copies:
        if copy.path == "CNAME":
            text = Path(copy.source).read_text(encoding="utf-8", errors="replace")
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            return lines[0].lower().rstrip(".") if lines else None
    return None


def site_warnings(site_dir: Path, config: Config, copies: Iterable[Copy]) -> list[Problem]:
    path = site_dir / CONFIG_NAME
    try:
        lines = toml_key_lines(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        lines = {}

    def warn(key: tuple[str, ...], message: str, hint: str | None = None) -> Problem:
        return Problem(message, path, line_of(lines, key), hint=hint, severity="warning")

    found = []
    host = _host(config.base_url)
    if host in PLACEHOLDER_HOSTS:
        found.append(warn(("base_url",), f"base_url is still the placeholder "
                          f"`{config.base_url}`: feeds, the sitemap and link previews "
                          "would point there",
                          "set it to where the site will live, or leave it out when the "
                          "GitHub workflow publishes the site"))
    cname = cname_of(copies)
    if cname and host and cname != host and host not in PLACEHOLDER_HOSTS:
        found.append(warn(("base_url",), f"base_url `{config.base_url}` is not on the "
                          f"domain of static/CNAME, `{cname}`",
                          f"set base_url = \"https://{cname}/\", or fix static/CNAME"))
    elif cname and not host:
        found.append(warn(("base_url",), f"static/CNAME names `{cname}`, but base_url "
                          "has no domain",
                          f"set base_url = \"https://{cname}/\""))
    found += [warn(("theme", key), message) for key, message in
              contrast_warnings(config.theme)]
    for item in overrides(site_dir):
        if item.stale:
            message, hint = stale_message(item)
            found.append(Problem(message, item.path, 1, hint=hint, severity="warning"))
    return found
