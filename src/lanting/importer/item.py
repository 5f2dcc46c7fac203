"""An item of the site an import makes (a post, page, talk, the home page) and the URL
it gets there, apart from the `NewSite` that collects them so that the modules deciding
URLs (`old_urls`) need not import the whole site."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from lanting.content.frontmatter_syntax import parse_date
from lanting.importer.text import When
from lanting.model.content import Document, FrontMatter, Kind, Source
from lanting.model.names import term_slug
from lanting.site.routes import post_dir


@dataclass
class Item:
    """A post, page, talk or the home page of the new site."""

    kind: str
    """`post`, `page`, `talk`, `project`, `teaching`, `person`, `home`, `blog` (the blog
    page's own text, `content/posts/_index.md`) or `term` (a tag's, category's or series' own
    text: `name` is `tags/<the term>`)."""
    slug: str
    source: Path | None
    front: dict[str, Any]
    body: str = ""
    draft: bool = False
    old_urls: list[str] = field(default_factory=list)
    """Site paths it answered at (decoded), kept answering with `aliases`."""
    deck_urls: frozenset[str] = frozenset()
    """Those of a talk's `old_urls` that showed its slides (a reveal-hugo or Hugo Blox
    deck), not a page about it: they lead to its deck."""
    files: dict[str, Path] = field(default_factory=dict)
    """Files for its bundle besides the images its text uses (name -> source)."""
    texts: dict[str, str] = field(default_factory=dict)
    """Files the import writes into its bundle (name -> text): a bibliography converted
    from hugo-cite's CSL-JSON."""
    notebook: dict[str, Any] | None = None
    """For a post that embeds a notebook: the notebook, to become `<slug>.ipynb` with
    `body` split around the `NOTEBOOK` marker."""
    number: int = -1
    lang: str = ""
    """Its language on a multilingual site when not the default one (`en`): the file
    gets the suffix (`x.en.md`) and its URLs live under the language's folder."""
    name: str = ""
    """The file name (without suffix) when not the slug: the versions of one text share
    it (`x.md`, `x.en.md`), which is how Lanting pairs translations."""

    @property
    def title(self) -> str:
        return str(self.front.get("title", ""))


FOLDERS = {"talk": "talks", "project": "projects", "teaching": "teaching",
           "person": "people"}
"""The content folder (and URL folder) of each kind of item but posts and pages."""


def site_path(url: str) -> str:
    """An old URL as a decoded path from the site's root: `/ml%20systems/x.html` →
    `/ml systems/x.html`."""
    path = unquote(url.split("#", 1)[0].split("?", 1)[0])
    return "/" + path.lstrip("/")


def path_url(path: str) -> str:
    """A path made of file names as a URL `site_path` reads back whole: `#`, `?` and `%`
    escaped (a notes folder `c#/` was at `/c%23/`; unescaped, `/c#/x.html` is `/c`),
    anything else as written."""
    return path.replace("%", "%25").replace("#", "%23").replace("?", "%3F")


def new_url(item: Item, permalink: str) -> str:
    """The URL the item has in the new site (with the permalink pattern), from the
    root of its language."""
    slug = str(item.front.get("slug") or item.name or item.slug)
    if item.kind == "home":
        return "/"
    if item.kind == "blog":
        return "/blog/"
    if item.kind == "publications":
        return "/publications/"
    if item.kind == "term":
        folder, term = item.name.split("/", 1)
        return f"/{folder}/{term_slug(term)}/"
    if item.kind == "page":
        return f"/{slug}/"
    if item.kind in FOLDERS:
        return f"/{FOLDERS[item.kind]}/{slug}/"
    date = item.front.get("date")
    text = date.text() if isinstance(date, When) else str(date or "1970-01-01")
    meta = FrontMatter(title=item.title, date=parse_date(text), slug=slug,
                       params=dict(item.front.get("params") or {}))
    source = Source(Path(f"{slug}.md"), PurePosixPath(f"posts/{slug}.md"),
                    Kind.POST, "")
    try:
        return "/" + post_dir(Document(source, meta, "", 1), permalink)
    except ValueError:
        return f"/posts/{slug}/"
