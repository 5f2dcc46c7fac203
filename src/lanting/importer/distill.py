"""distill (an R Markdown website: `_site.yml` with a `distill::` output) → Lanting.

A distill blog is read as the Quarto project Quarto's guide moves it to: `_site.yml`'s
title, description, `base_url`, `output_dir` and navbar are `_quarto.yml`'s, a
collection's posts (`_posts/<slug>/<slug>.Rmd`, `listing: posts` on the page listing
them) are posts, answering at their old URLs (`/posts/<slug>/`), and the other `.Rmd`
and `.md` files at the root are pages. distill keeps no freeze: each post's outputs are
taken from the `.html` knitr wrote beside it (`distill_chunks`). The rest (front
matter, math, links, citations, figures) is the Quarto importer's.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import Options, read_text
from lanting.importer.distill_chunks import inline_values, knitted
from lanting.importer.liquid import Context
from lanting.importer.quarto import Quarto
from lanting.importer.quarto_inline_r import inline_r
from lanting.importer.report import Report
from lanting.importer.text import load_mapping

SETTINGS = ("_site.yml", "_site.yaml")
_DATED = re.compile(r"^\d{4}-\d{2}-\d{2}[-_]")
"""A post folder's date (`2021-02-05_welcome`, `create_post`'s `date_prefix`)."""


def as_quarto(site: dict[str, Any]) -> dict[str, Any]:
    """`_site.yml`'s settings in `_quarto.yml`'s shape."""
    website = {key: site[new] for key, new in (("title", "title"),
               ("description", "description"), ("site-url", "base_url"),
               ("navbar", "navbar")) if site.get(new)}
    config: dict[str, Any] = {"website": website,
                              "project": {"output-dir": str(site.get("output_dir")
                                                            or "_site")}}
    for key in ("lang", "bibliography", "author", "output"):  # (`output`: its `includes`)
        if site.get(key):
            config[key] = site[key]
    return config


class Distill(Quarto):
    kind = "distill"
    rmarkdown = True
    UNRUN = "no rendered `.html` whose outputs match its chunks, one by one"

    def __init__(self, source: Path, report: Report, options: Options) -> None:
        super().__init__(source, report, options)
        name = next((n for n in SETTINGS if (source / n).is_file()), SETTINGS[0])
        site, error = load_mapping("yaml", read_text(source / name)) \
            if (source / name).is_file() else ({}, None)
        if error:
            report.warn(name, None, f"could not read it: {error}")
        self.settings_file = name
        self.config = as_quarto(site)
        self.website = self.config["website"]
        self.language = str(self.config.get("lang") or "")
        collections = site.get("collections")
        self.collections = {"posts", *(collections if isinstance(collections, dict)
                                       else collections if isinstance(collections, list)
                                       else [])}
        """The collections whose folders (`_posts/`) hold posts."""

    def rendered(self, rel: str) -> bool:
        parts = rel.split("/")
        if parts[0].startswith("_") and parts[0][1:] in self.collections:
            # (a post's folder holds one article, named as the folder less its date, or
            # `index`: a draft's `analysis-2.Rmd` beside it was never published)
            if len(parts) != 3 or parts[2].startswith(("_", ".")):
                return False
            folder = self.source / parts[0] / parts[1]
            names = (_DATED.sub("", parts[1]), "index")
            named = sorted((names.index(p.stem), p.name) for p in folder.iterdir()
                           if p.stem in names and p.suffix.lower() in (".rmd", ".md"))
            return not named or parts[2] == named[0][1]
        # (R Markdown renders the documents at the root alone: a folder's, `old-tex/x.md`
        # drafts beside the site, were never pages of it)
        return len(parts) == 1 and super().rendered(rel)

    def roots(self, found: list[tuple[Path, dict[str, Any], str, str]]) -> list[Path]:
        """A page's `listing: posts` lists the collection `_posts/`."""
        roots = super().roots(found)
        for _path, data, _head, _body in found:
            listing = data.get("listing")
            for name in listing if isinstance(listing, list) else [listing]:
                folder = self.source / f"_{name}"
                if isinstance(name, str) and folder.is_dir() and folder not in roots:
                    roots.append(folder)
                    self.listed.update(p.resolve() for p in self.paths
                                       if p.resolve().is_relative_to(folder.resolve()))
        return roots

    def old_url(self, rel: Path, data: dict[str, Any]) -> str:
        """distill published `_posts/<slug>/<slug>.Rmd` at `/posts/<slug>/`."""
        if rel.parts[0].startswith("_") and len(rel.parts) == 3:
            return f"/{rel.parts[0][1:]}/{rel.parts[1]}/"
        return super().old_url(rel, data)

    def read_sources(self) -> list[tuple[Path, dict[str, Any], str, str]]:
        """The documents, each post's chunks with the outputs of its `.html`."""
        found = super().read_sources()
        for _path, data, _head, _body in found:
            if isinstance(data.get("preview"), str) and "image" not in data:
                data["image"] = data.pop("preview")  # (distill's listing image: Quarto's)
        return [(path, data, head, self.with_outputs(path, body))
                for path, data, head, body in found]

    def with_outputs(self, path: Path, body: str) -> str:
        page = self.rendering(path)
        if page is None or "```{" not in body:
            return body
        # (knitr's inline values as the page shows them, else those its cells set, while
        # the cells are there to read)
        body, count = inline_values(body, read_text(page))
        if count:
            self.report.convert("knitr's inline R values from the rendered .html", count)
        body = inline_r(body, Context(self.report, path, read_text(path)))

        def locate(src: str) -> str:
            # (a figure of the published page, not beside the `.Rmd`: named from it)
            # (an address, `https://…` or a plot inlined as `data:image/png;base64,…`,
            # is no file)
            if re.match(r"[a-zA-Z][\w+.-]*:|/", src) or len(src) > 255 \
                    or (path.parent / src).is_file() or not (page.parent / src).is_file():
                return src
            return posixpath.relpath((page.parent / src).as_posix(), path.parent.as_posix())

        made = knitted(body, read_text(page), locate)
        if made.paired:
            self.report.convert("code chunks with their outputs from the rendered .html",
                                made.paired)
        if made.widgets:
            self.report.warn(path, None, f"{made.widgets} output(s) needing the old "
                             "page's scripts (an HTML widget): shown as the bare HTML")
        return made.text

    def rendering(self, path: Path) -> Path | None:
        """The page knitr wrote for a post's `.Rmd`: beside it (`<slug>.html`), else the
        one published in the output folder (`docs/posts/<slug>/index.html`), where a
        blog that ignores the first keeps it."""
        rel = path.relative_to(self.source)
        if path.suffix.lower() != ".rmd":
            return None
        beside = path.with_suffix(".html")
        if beside.is_file():
            return beside
        if len(rel.parts) != 3 or not rel.parts[0].startswith("_"):
            return None
        published = self.source / self.output_dir() / self.old_url(rel, {}).strip("/") \
            / "index.html"
        return published if published.is_file() else None
