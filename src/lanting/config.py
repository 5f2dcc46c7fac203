"""Stage 1 — read `lanting.toml` into one typed, validated tree.

Every problem in the file is collected and reported as `lanting.toml:LINE` before the
build stops.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pygments.styles import get_all_styles

from lanting.errors import LantingError, Problem
from lanting.locate import line_of, toml_key_lines
from lanting.schema import SchemaProblem, Url, build, did_you_mean

CONFIG_NAME = "lanting.toml"


@functools.lru_cache(maxsize=64)
def _base_path(base_url: str) -> str:
    """`Config.base_path`, worked out once per URL: templates ask for it on every page."""
    url = base_url.split("#", 1)[0].split("?", 1)[0]
    match = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*(/.*)?$", url)
    path = (match.group(1) or "/") if match else url
    path = "/" + path.strip("/") + "/"
    return "/" if path == "//" else path
_LANGUAGE_TAG = re.compile(r"[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*")


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
    index (about 0.2 s on a small site), e.g. for tests and tiny sites."""
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
    strings: dict[str, dict[str, str]] = field(default_factory=dict)
    """Overrides of UI strings, per language: `[strings.en] read_more = "More"`."""
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


def _validate(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    if not config.title.strip():
        problems.append(SchemaProblem(("title",), "the site needs a non-empty title"))
    if not _LANGUAGE_TAG.fullmatch(config.language):
        problems.append(
            SchemaProblem(("language",), f"`{config.language}` is not a language tag",
                          "use a BCP 47 tag such as zh-CN or en")
        )
    if not (config.base_url.startswith("/") or re.match(r"^https?://", config.base_url)):
        problems.append(
            SchemaProblem(("base_url",), f"`{config.base_url}` is not an absolute URL",
                          "write it as https://example.org/ or as a path like /blog/")
        )
    if re.search(r"[?#]", config.base_url):
        problems.append(
            SchemaProblem(("base_url",), f"`{config.base_url}` has a query or fragment",
                          "base_url is where the site lives: scheme, host and path only")
        )
    styles = set(get_all_styles())
    for key in ("code_light_style", "code_dark_style"):
        value = getattr(config.markdown, key)
        if value not in styles:
            problems.append(SchemaProblem(("markdown", key), f"unknown Pygments style `{value}`",
                                          did_you_mean(value, styles)))
    for i, level in enumerate(config.markdown.toc_levels):
        if not 1 <= level <= 6:
            problems.append(SchemaProblem(("markdown", "toc_levels", str(i)),
                                          "heading levels run from 1 to 6"))
    problems += _validate_academic(config)
    problems += _validate_languages(config)
    problems += _validate_reader(config)
    return problems


def _validate_reader(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    comments = config.comments
    if comments is not None:
        if comments.mapping not in GISCUS_MAPPINGS:
            problems.append(SchemaProblem(("comments", "mapping"),
                                          f"unknown giscus mapping `{comments.mapping}`",
                                          did_you_mean(comments.mapping, GISCUS_MAPPINGS)
                                          or f"one of {', '.join(GISCUS_MAPPINGS)}"))
        if comments.input_position not in ("bottom", "top"):
            problems.append(SchemaProblem(("comments", "input_position"),
                                          "expected `bottom` or `top`"))
        if comments.mapping == "specific" and not comments.term:
            problems.append(SchemaProblem(("comments", "term"),
                                          "mapping `specific` needs a `term`"))
    if config.analytics is not None and not config.analytics.snippet.strip():
        problems.append(SchemaProblem(("analytics", "snippet"), "the snippet is empty",
                                      "paste your provider's <script> tag, or remove "
                                      "[analytics]"))
    return problems


def _validate_academic(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    group_by = config.publications.group_by
    if group_by not in ("year", "type"):
        problems.append(SchemaProblem(("publications", "group_by"),
                                      f"expected `year` or `type`, got `{group_by}`",
                                      did_you_mean(group_by, ("year", "type"))))
    for i, item in enumerate(config.profile.links):
        if item.kind not in LINK_KINDS:
            problems.append(SchemaProblem(("profile", "links", str(i), "kind"),
                                          f"unknown link kind `{item.kind}`",
                                          did_you_mean(item.kind, LINK_KINDS)
                                          or f"one of {', '.join(LINK_KINDS)}"))
    return problems


def _validate_languages(config: Config) -> list[SchemaProblem]:
    codes = list(config.languages)
    problems: list[SchemaProblem] = []
    seen: set[str] = set()
    for i, code in enumerate(codes):
        path = ("languages", code) if isinstance(config.languages, dict) else ("languages", str(i))
        if not _LANGUAGE_TAG.fullmatch(code):
            problems.append(SchemaProblem(path, f"`{code}` is not a language tag",
                                          "use a BCP 47 tag such as zh-CN or en"))
        elif code.lower() in seen:
            problems.append(SchemaProblem(path, f"`{code}` is listed twice"))
        seen.add(code.lower())
    return problems


def load_config(site: Path, overrides: dict[str, Any] | None = None) -> Config:
    """Read and validate `SITE/lanting.toml`; raise LantingError listing every problem."""
    path = site / CONFIG_NAME
    if not path.is_file():
        raise LantingError.at(
            f"no {CONFIG_NAME} in {site}", path,
            hint="run `lanting new DIR` to start a site, or pass the site folder",
        )
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        line, column = (int(match.group(1)), int(match.group(2))) if match else (None, None)
        raise LantingError.at(f"invalid TOML: {message}", path, line, column) from None
    problems: list[SchemaProblem] = []
    config = build(Config, data, (), problems)
    if config is not None:
        if overrides:
            config = replace(config, **overrides)
        problems += _validate(config)
    if problems or config is None:
        lines = toml_key_lines(text)
        raise LantingError(
            [
                Problem(f"{'.'.join(p.path)}: {p.message}", path, line_of(lines, p.path),
                        hint=p.hint)
                for p in problems
            ]
        )
    return config
