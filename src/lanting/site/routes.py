"""Stage 6 — permalinks: where each source and asset lands in the output. Markdown is
rendered with placeholders for links between sources; once every URL is known here, the
pages' bodies get them (`bodies`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from pathlib import PurePosixPath

from lanting.errors import LantingError
from lanting.model.config import DEFAULT_POST_PERMALINK
from lanting.model.content import Asset, Document, Kind
from lanting.model.names import slugify, term_slug
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


PERMALINK_TOKEN = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)")
"""A placeholder of `[permalinks] posts`: `:slug`, `:year`, `:abbrlink`."""
DATE_TOKENS = {"year": "%Y", "month": "%m", "day": "%d"}
_SEGMENT = re.compile(r"^[\w][\w.\-]*$")


def post_dir(doc: Document, pattern: str = DEFAULT_POST_PERMALINK) -> str:
    """The output folder of a post under the permalink pattern (`posts/ppo/`); raises
    ValueError when the post lacks a value the pattern needs."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "slug":
            return document_slug(doc)
        if name == "title":
            return slugify(doc.meta.title, fallback="untitled")
        if name in DATE_TOKENS:
            if doc.meta.date is None:
                raise ValueError(f"`:{name}` needs the post's `date`")
            return doc.meta.date.strftime(DATE_TOKENS[name])
        given = doc.meta.params.get(name)
        if isinstance(given, bool) or not isinstance(given, str | int):
            raise ValueError(f"`:{name}` needs `params: {{{name}: …}}` in the post's front "
                             "matter")
        text = str(given).strip()
        if not _SEGMENT.fullmatch(text):
            raise ValueError(f"`params.{name}` is `{text}`, which cannot be part of a URL "
                             "(letters, digits, `-`, `_` and `.` only)")
        return text

    if pattern == DEFAULT_POST_PERMALINK:
        return f"posts/{document_slug(doc)}/"
    return PERMALINK_TOKEN.sub(value, pattern).lstrip("/")


def term_name(doc: Document) -> str:
    """The term whose page `tags/<name>.md` gives the text of: its file name, without the
    language of a translation (`tags/rl.en.md`)."""
    stem, lang = doc.source.rel.stem, doc.meta.lang
    if lang and stem.casefold().endswith("." + lang.casefold()):
        return stem[:-len(lang) - 1]
    return stem


def output_dir(doc: Document, post_pattern: str = DEFAULT_POST_PERMALINK) -> str:
    kind = doc.source.kind
    if kind is Kind.HOME:
        return ""
    if kind is Kind.BLOG:
        return "blog/"
    if kind is Kind.PUBLICATIONS:
        return "publications/"
    if kind is Kind.TERM:
        return f"{doc.source.rel.parts[0]}/{term_slug(term_name(doc))}/"
    if kind is Kind.POST:
        return post_dir(doc, post_pattern)
    if kind in COLLECTION_FOLDERS:
        return f"{COLLECTION_FOLDERS[kind]}/{document_slug(doc)}/"
    if kind is Kind.TALK:
        return f"talks/{document_slug(doc)}/"  # the deck goes below it, in slides/
    return f"{document_slug(doc)}/"


def _bundle_page(bundle: PurePosixPath, pages: Mapping[str, str]) -> str | None:
    """The page of a bundle whose folder its files are published in: its `index.md`, or,
    when that one is a draft left out of the build, a published translation beside it
    (`index.ar.md`: its cover and images are the bundle's too)."""
    if bundle.as_posix() in pages:
        return bundle.as_posix()
    folder = bundle.parent.as_posix() + "/"
    return next((rel for rel in sorted(pages) if rel.startswith(folder)
                 and "/" not in rel[len(folder):] and rel[len(folder):].startswith("index.")
                 and rel.endswith(".md")), None)


def plan_routes(
    documents: list[Document], assets: tuple[Asset, ...], base_path: str,
    language_dirs: Mapping[str, str] | None = None,
    post_pattern: str = DEFAULT_POST_PERMALINK,
) -> Routes:
    """Decide every output location; two sources claiming one URL is an error.

    `language_dirs` maps a language code to the folder its pages live in (`en` -> `en/`);
    the default language has none. `post_pattern` is `[permalinks] posts`.
    """
    pages: dict[str, str] = {}
    claimed: dict[str, list[Document]] = {}
    unplaced: list[Problem] = []
    for doc in documents:
        try:
            own = output_dir(doc, post_pattern)
        except ValueError as error:
            unplaced.append(Problem(f"permalinks.posts `{post_pattern}`: {error}",
                                    doc.source.path, doc.key_lines.get("params", 1),
                                    hint="give the post the value, or change `[permalinks] "
                                         "posts` in lanting.toml"))
            continue
        out = (language_dirs or {}).get(doc.meta.lang or "", "") + own
        pages[doc.source.rel.as_posix()] = out
        claimed.setdefault(out, []).append(doc)
    if unplaced:
        raise LantingError(unplaced)
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
            owner = _bundle_page(asset.bundle, pages)
            if owner is None:
                continue  # the bundle's pages are drafts left out of this build
            inside = PurePosixPath(rel).relative_to(asset.bundle.parent).as_posix()
            asset_paths[rel] = posixpath.join(pages[owner], inside)
        else:
            asset_paths[rel] = rel
    return Routes(pages, asset_paths, base_path)
