"""What GitHub Pages' own build did to a Jekyll site beyond Jekyll.

GitHub Pages runs some plugins whatever the site's settings say: jekyll-optional-front-
matter (a Markdown file without front matter is a page too), jekyll-titles-from-headings
(a page without a `title` is titled by its first heading) and jekyll-readme-index (a
folder's README is its index when it has none). A site built by Jekyll itself had none
of them, so they apply only when GitHub Pages built it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.config.schema import CONTROL_CHARACTERS
from lanting.importer.common import read_text, walk

PLAIN_NAMES = frozenset({"README", "LICENSE", "LICENCE", "COPYING", "CODE_OF_CONDUCT",
                         "CONTRIBUTING", "ISSUE_TEMPLATE", "PULL_REQUEST_TEMPLATE",
                         "CHANGELOG"})
"""Files jekyll-optional-front-matter leaves as they are."""
_ATX = re.compile(r"^ {0,3}#{1,3}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_GEM = re.compile(r"""^\s*gem\s+['"]github-pages['"]""", re.MULTILINE)


def github_pages_build(root: Path, config: dict[str, Any]) -> bool:
    """Whether GitHub Pages built the site: the `github-pages` gem in its Gemfile, or
    no Gemfile at all (nothing else builds without one), or the plugin named."""
    gemfile = root / "Gemfile"
    plugins = config.get("plugins") or config.get("gems") or []
    return not gemfile.is_file() or bool(_GEM.search(read_text(gemfile))) \
        or "jekyll-optional-front-matter" in (plugins if isinstance(plugins, list) else [])


def heading_title(body: str) -> tuple[str, str]:
    """A page's title as jekyll-titles-from-headings gave it: its first heading, which
    then leaves the text (Lanting shows the title); else the first heading further
    down, left in place; else none. The heading's line stays, blank, so that every
    line keeps its number."""
    lines = body.split("\n")
    found = [(i, m.group(1).strip()) for i, line in enumerate(lines[:40])
             if i not in _commented(lines[:40]) and (m := _ATX.match(line))]
    if not found:
        return "", body
    i, title = found[0]
    # (a control character pasted into the heading, `## \b参考`: invisible in the
    # browser, and a title holding one cannot be a menu entry of lanting.toml)
    title = CONTROL_CHARACTERS.sub("", title).strip()
    if all(not line.strip() for line in lines[:i]):
        lines[i] = ""
    return title, "\n".join(lines)


def _commented(lines: list[str]) -> set[int]:
    """The numbers of the lines inside an HTML comment (`<!--- > Add Markdown … \n#
    {: .prompt-tip } --->`, a Chirpy starter's note in its about page): no heading of
    the page, and no title."""
    inside, opened = set(), False
    for i, line in enumerate(lines):
        if opened:
            inside.add(i)
            opened = "-->" not in line
        elif "<!--" in line:
            opened = "-->" not in line[line.index("<!--") + 4:]
    return inside


def readme_indexes(root: Path, source: Path, config: dict[str, Any],
                   published: Callable[[Path], bool]) -> dict[Path, str]:
    """jekyll-readme-index: each folder's README with no index beside it, and the
    folder's URL it answered at."""
    if not github_pages_build(root, config):
        return {}
    return {path: "/" + "".join(f"{part}/" for part in path.parent.relative_to(source).parts)
            for path in walk(source) if path.name.lower() in ("readme.md", "readme.markdown")
            and not any(part.startswith("_") for part in path.relative_to(source).parts)
            and published(path) and not any(
                (path.parent / f"index.{e}").is_file() for e in ("md", "markdown", "html"))}
