"""What a finished build knew that `lanting serve`'s quick path needs to render an edited
page alone (`serve.incremental`)."""

from __future__ import annotations

from dataclasses import dataclass

from lanting.model.content import DocumentSettings, FrontMatter, Loaded
from lanting.model.output import OutputFile, Readers
from lanting.model.problem import Problem
from lanting.render.pages import PageRenderer
from lanting.site.images import ResponsiveImages
from lanting.site.sections import Sections


@dataclass(frozen=True, slots=True)
class BuildState:
    """What a build knew that the quick path needs (`lanting serve` keeps it)."""

    settings: DocumentSettings
    loaded: dict[str, Loaded]
    """Content path -> the parsed and rendered source (drafts left out), its language
    and translation resolved."""
    front_matter: dict[str, FrontMatter]
    """Content path -> the front matter as written (before the languages stage)."""
    link_maps: dict[str, dict[str, str]]
    """Language code ("" for the default) -> content path -> URL."""
    images: ResponsiveImages | None
    sections: Sections
    renderers: dict[str, PageRenderer]
    """Language folder ("" for the default) -> the renderer of its pages."""
    files: tuple[OutputFile, ...]
    """Every generated file (`data=None`: the same as in the build before)."""
    warnings: tuple[Problem, ...]
    templates_digest: str = ""
    """What the renderers' fingerprints hold of how pages are made: the build's templates
    (`render.templates.template_fingerprint`) and Lanting's code (`engine_fingerprint`)."""
    readers: Readers | None = None
    """Which files read which page (`lanting serve` indexes `files` after a full build;
    None: not indexed, the quick path goes through `files`)."""
