"""Stage 6 — permalinks: where each source and asset lands in the output. Markdown is
rendered with placeholders for links between sources; once every URL is known here, the
pages' bodies get them (`bodies`).
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from pathlib import PurePosixPath

from lanting.errors import LantingError
from lanting.model.content import Asset, Document, Kind
from lanting.model.names import slugify
from lanting.model.problem import Problem
from lanting.model.site import Routes

COLLECTION_FOLDERS = {Kind.PROJECT: "projects", Kind.TEACHING: "teaching",
                      Kind.PERSON: "people"}
"""Kinds of page published under a folder of their own (`/projects/<slug>/`)."""


def document_slug(doc: Document) -> str:
    if doc.meta.slug:
        return doc.meta.slug
    rel = doc.source.rel
    stem = rel.parent.name if doc.source.is_bundle else rel.stem
    return slugify(stem, fallback="untitled")


def output_dir(doc: Document) -> str:
    kind = doc.source.kind
    if kind is Kind.HOME:
        return ""
    if kind is Kind.POST:
        return f"posts/{document_slug(doc)}/"
    if kind in COLLECTION_FOLDERS:
        return f"{COLLECTION_FOLDERS[kind]}/{document_slug(doc)}/"
    if kind is Kind.TALK:
        return f"talks/{document_slug(doc)}/"  # the deck goes below it, in slides/
    return f"{document_slug(doc)}/"


def plan_routes(
    documents: list[Document], assets: tuple[Asset, ...], base_path: str,
    language_dirs: Mapping[str, str] | None = None,
) -> Routes:
    """Decide every output location; two sources claiming one URL is an error.

    `language_dirs` maps a language code to the folder its pages live in (`en` -> `en/`);
    the default language has none.
    """
    pages: dict[str, str] = {}
    claimed: dict[str, list[Document]] = {}
    for doc in documents:
        out = (language_dirs or {}).get(doc.meta.lang or "", "") + output_dir(doc)
        pages[doc.source.rel.as_posix()] = out
        claimed.setdefault(out, []).append(doc)
    problems = [
        Problem(f"URL /{out} is claimed by {len(docs)} sources: "
                + ", ".join(str(d.source.rel) for d in docs), docs[1].source.path,
                docs[1].key_lines.get("slug", 1), hint="give one of them a different `slug`")
        for out, docs in sorted(claimed.items()) if len(docs) > 1
    ]
    if problems:
        raise LantingError(problems)
    asset_paths: dict[str, str] = {
        attachment.rel: pages[doc.source.rel.as_posix()] + attachment.rel.rsplit("/", 1)[-1]
        for doc in documents for attachment in doc.attachments
    }
    for asset in assets:
        rel = asset.rel.as_posix()
        if asset.bundle is not None:
            if asset.bundle.as_posix() not in pages:
                continue  # the bundle's page is a draft left out of this build
            inside = PurePosixPath(rel).relative_to(asset.bundle.parent).as_posix()
            asset_paths[rel] = posixpath.join(pages[asset.bundle.as_posix()], inside)
        else:
            asset_paths[rel] = rel
    return Routes(pages, asset_paths, base_path)
