"""The site configuration, `lanting.toml`, as typed frozen data (read and validated by
`config.load`)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, NewType

Url = NewType("Url", str)
"""A URL from the user's input that pages show (a link, an image): a field of this type
takes only URLs that `markdown.urls.unsafe_url_reason` allows, so an unsafe one is a problem at
its file and line, never an attribute of a page."""


@functools.lru_cache(maxsize=64)
def _base_path(base_url: str) -> str:
    """`Config.base_path`, worked out once per URL: templates ask for it on every page."""
    url = base_url.split("#", 1)[0].split("?", 1)[0]
    match = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*(/.*)?$", url)
    path = (match.group(1) or "/") if match else url
    path = "/" + path.strip("/") + "/"
    return "/" if path == "//" else path


@dataclass(frozen=True, slots=True)
class MenuItem:
    name: str
    url: Url


@dataclass(frozen=True, slots=True)
class Link:
    """A profile or contact link shown on the home page and in the footer."""

    name: str
    url: Url
    icon: str = ""


@dataclass(frozen=True, slots=True)
class MarkdownConfig:
    raw_html: bool = True
    """Allow raw HTML inside Markdown (the writer is trusted)."""
    toc_levels: tuple[int, ...] = (2, 3)
    """Heading levels listed in a post's table of contents."""
    math_macros: dict[str, str] = field(default_factory=dict)
    """LaTeX macros for every page: `R = "\\mathbb{R}"` makes `\\R` work."""
    mermaid: Url = Url("")
    """URL of a Mermaid ES module; when set, ```mermaid blocks become diagrams."""
    code_light_style: str = "default"
    """Pygments style for code in the light scheme."""
    code_dark_style: str = "github-dark"
    cjk_spacing: bool = True
    """A thin space between Chinese characters and Latin letters or digits."""


@dataclass(frozen=True, slots=True)
class BlogConfig:
    recent_posts: int = 5
    """How many recent posts the home page lists."""
    words_per_minute: int = 200
    """English reading speed for the reading-time estimate."""
    chars_per_minute: int = 400
    """Chinese (CJK characters) reading speed."""


@dataclass(frozen=True, slots=True)
class FeedConfig:
    limit: int = 20
    full_content: bool = True


LINK_KINDS = ("email", "github", "gitlab", "scholar", "orcid", "semantic_scholar", "dblp",
              "researchgate", "linkedin", "x", "twitter", "bluesky", "mastodon", "zhihu",
              "website", "cv", "rss")
"""Kinds of profile link the theme knows a label (and style) for; `name` overrides it."""


@dataclass(frozen=True, slots=True)
class ProfileLink:
    """One contact or profile link of the home page: `{ kind = "github", url = "…" }`."""

    url: Url
    kind: str = "website"
    name: str = ""
    """Shown text; defaults to the kind's usual name (GitHub, Google Scholar, ORCID, …)."""


@dataclass(frozen=True, slots=True)
class ProfileConfig:
    """The academic profile on the home page. Every key is optional."""

    name: str = ""
    """Defaults to the home page's title, then the site author."""
    name_en: str = ""
    """The name in another script (`Zhiyuan Lin`): shown beside it, highlighted in author lists."""
    photo: Url = Url("")
    """URL of a portrait: `/images/me.jpg` (from `static/`) or an absolute URL."""
    position: str = ""
    affiliation: str = ""
    email: str = ""
    interests: tuple[str, ...] = ()
    links: tuple[ProfileLink, ...] = ()


@dataclass(frozen=True, slots=True)
class PublicationsConfig:
    group_by: str = "year"
    """`year` (newest first) or `type` (conference, journal, preprint, …)."""
    highlight_names: tuple[str, ...] = ()
    """Author names to highlight, besides `profile.name` and `profile.name_en`."""
    pages: bool = True
    """One page per publication at `publications/<key>/` (with Google Scholar meta tags)."""
    selected_on_home: int = 5
    """How many `selected = {true}` entries the home page repeats."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    enabled: bool = True
    """Build the Pagefind index, the search page and the search dialog; `false` skips the
    index, e.g. for tests and tiny sites."""
    exclude: tuple[str, ...] = ()
    """CSS selectors left out of the index, on top of the theme's own."""


@dataclass(frozen=True, slots=True)
class LanguageConfig:
    """One language of a multilingual site, `[languages.en]`; every key is optional."""

    name: str = ""
    """Shown in the language switch; defaults to the language's own name ("English")."""
    title: str = ""
    """The site title on this language's pages; defaults to the top-level `title`."""
    description: str = ""
    author: str = ""
    menu: tuple[MenuItem, ...] = ()
    """This language's navigation; its root-relative URLs are relative to the language's root
    (`/blog/` is `/en/blog/`). Defaults to the top-level menu."""
    profile: ProfileConfig | None = None
    """`[languages.en.profile]`: the keys given replace the top-level profile's on this
    language's pages (position, affiliation, interests in English)."""


@dataclass(frozen=True, slots=True)
class BuildConfig:
    minify: bool = True
    """Minify the HTML `lanting build` writes (`lanting serve` never minifies)."""


@dataclass(frozen=True, slots=True)
class SharingConfig:
    """Link previews (OpenGraph, Twitter cards) of pages shared on social sites and chats."""

    image: Url = Url("")
    """Preview image of pages without a `cover` or a figure: `/images/card.png` (from
    `static/`) or an absolute URL. PNG or JPEG, ideally 1200×630."""
    twitter: str = ""
    """The site's account on X/Twitter (`@name`), for `twitter:site`."""


GISCUS_MAPPINGS = ("pathname", "url", "title", "og:title", "specific", "number")


@dataclass(frozen=True, slots=True)
class CommentsConfig:
    """Comments under posts, by giscus (GitHub Discussions): copy the values that
    https://giscus.app gives for your repository. Absent: no comments, no script."""

    repo: str
    repo_id: str
    category: str
    category_id: str
    mapping: str = "pathname"
    """How a post finds its discussion: one of GISCUS_MAPPINGS."""
    term: str = ""
    """The discussion's term when `mapping = "specific"`."""
    strict: bool = False
    reactions: bool = True
    input_position: str = "bottom"
    """`bottom` or `top`: where the comment box sits."""
    lang: str = ""
    """giscus' interface language; default: the post's language."""


@dataclass(frozen=True, slots=True)
class AnalyticsConfig:
    """A web-analytics snippet (Plausible, Umami, GoatCounter, …). Absent: none."""

    snippet: str
    """HTML inserted at the end of every page's `<head>`, as written (the writer is
    trusted): usually the provider's `<script>` tag."""


@dataclass(frozen=True, slots=True)
class Config:
    """The whole site configuration."""

    title: str
    author: str = ""
    language: str = "zh-CN"
    base_url: str = "/"
    description: str = ""
    copyright: str = ""
    menu: tuple[MenuItem, ...] = ()
    links: tuple[Link, ...] = ()
    markdown: MarkdownConfig = field(default_factory=MarkdownConfig)
    blog: BlogConfig = field(default_factory=BlogConfig)
    feed: FeedConfig = field(default_factory=FeedConfig)
    profile: ProfileConfig = field(default_factory=ProfileConfig)
    publications: PublicationsConfig = field(default_factory=PublicationsConfig)
    languages: tuple[str, ...] | dict[str, LanguageConfig] = ()
    """The site's languages, `["zh-CN", "en"]` or `[languages.en]` tables. `language` stays
    the default one (published at the root; it may be left out here); each other language
    lives under `/<code>/`."""
    search: SearchConfig = field(default_factory=SearchConfig)
    build: BuildConfig = field(default_factory=BuildConfig)
    sharing: SharingConfig = field(default_factory=SharingConfig)
    comments: CommentsConfig | None = None
    """Opt-in: giscus comments under posts."""
    analytics: AnalyticsConfig | None = None
    """Opt-in: an analytics snippet on every page."""
    strings: dict[str, dict[str, str | dict[str, str]]] = field(default_factory=dict)
    """Overrides of UI strings, per language: `[strings.en] blog = "Notes"`; a count
    string by CLDR plural category: `posts_count = { one = "{n} note", other = "{n} notes" }`."""
    params: dict[str, Any] = field(default_factory=dict)
    """Free-form values for custom templates."""

    @property
    def base_path(self) -> str:
        """The path part of `base_url`, always starting and ending with `/`."""
        return _base_path(self.base_url)

    @property
    def origin(self) -> str:
        """`scheme://host` of `base_url`, or "" when the base URL is a bare path."""
        match = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*://[^/]*)", self.base_url)
        return match.group(1) if match else ""
