"""Links to files of the site's repository that Jekyll did not publish: a README's
`[workflow](.github/workflows/pages.yml)`, `[licence](LICENSE)` under `exclude:`. On
GitHub, where the README is read, they lead to the files; on the old site they led
nowhere. With the repository known they lead to it on GitHub; else their text stays."""

from __future__ import annotations

import re
from typing import Any

_PAGES_HOST = re.compile(r"^(?:https?:)?//([A-Za-z0-9-]+)\.github\.io/?$", re.IGNORECASE)
_OWNER_NAME = re.compile(r"^[A-Za-z0-9-]+/[A-Za-z0-9._-]+$")


def repository_of(config: dict[str, Any]) -> str | None:
    """The site's GitHub repository, `owner/name`: jekyll-github-metadata's `repository:`,
    else what a GitHub Pages address names (`https://ann.github.io` is built from
    `ann/ann.github.io`; with `baseurl: /notes`, from `ann/notes`). None for another
    host, which names no repository."""
    named = config.get("repository")
    if isinstance(named, str) and _OWNER_NAME.match(named.strip()):
        return named.strip().removesuffix(".git")
    url = config.get("url")
    host = _PAGES_HOST.match(url.strip()) if isinstance(url, str) else None
    if host is None:
        return None
    base = str(config.get("baseurl") or "").strip().strip("/")
    owner = host.group(1)
    if "/" in base:
        return None
    return f"{owner}/{base}" if base else f"{owner}/{owner}.github.io"


def repository_file_url(repository: str, rel: str) -> str:
    """The page GitHub shows a file of the repository on (its default branch: `HEAD`)."""
    return f"https://github.com/{repository}/blob/HEAD/{rel}"
