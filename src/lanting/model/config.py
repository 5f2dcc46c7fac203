"""The site configuration, `lanting.toml`, as typed frozen data (read and validated by
`config.load`)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from lanting.model.config_academic import (
    CitationsConfig,
    CvConfig,
    ProfileConfig,
    PublicationsConfig,
)
from lanting.model.url import Url


@functools.lru_cache(maxsize=64)
def _base_path(base_url: str) -> str:
    """`Config.base_path`, worked out once per URL: templates ask for it on every page."""
    url = base_url.split("#", 1)[0].split("?", 1)[0]
    match = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*(/.*)?$", url)
    path = (match.group(1) or "/") if match else url
    path = "/" + path.strip("/") + "/"
    return "/" if path == "//" else path


@dataclass(frozen=True, slots=True)
class SubmenuItem:
    """One entry of a menu entry's drop-down list, in the order written."""

    name: str
    """The entry's text in the drop-down list."""
    url: Url
    """Where it leads: a path of the site (`/notes/ml/`, checked to be a page) or an absolute
    URL."""


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One entry of the navigation, in the order written."""

    name: str
    """The entry's text in the navigation."""
    url: Url = Url("")
    """Where it leads: a path of the site (`/blog/`, checked to be a page) or an absolute URL.
    Required, unless the entry has `children`; with both, it is the drop-down's first entry."""
    children: tuple[SubmenuItem, ...] = ()
    """A drop-down list under the entry (`[[menu.children]]`, one level): the entry's name
    opens it."""


@dataclass(frozen=True, slots=True)
class Link:
    """A profile or contact link shown on the home page and in the footer."""

    name: str
    """The link's text."""
    url: Url
    """Where it leads (`https://…`, `mailto:…`)."""
    icon: str = ""
    """Accepted for your own templates; the default theme shows no icon for these links."""


EQUATION_NUMBERS = ("ams", "all")
"""`[markdown] equation_numbers`: MathJax's `tags` settings Lanting follows."""


@dataclass(frozen=True, slots=True)
class MarkdownConfig:
    """How Markdown becomes HTML on every page."""

    raw_html: bool = True
    """Allow raw HTML inside Markdown (the writer is trusted)."""
    toc_levels: tuple[int, ...] = (2, 3)
    """Heading levels listed in a post's table of contents (a post whose sections are `#`
    headings lists them and the level below)."""
    math_macros: dict[str, str] = field(default_factory=dict)
    """LaTeX macros for every page: `R = "\\mathbb{R}"` makes `\\R` work; `#1`, `#2` … are
    arguments (`bvec = "\\mathbf{#1}"`, `\\bvec{r}`); what follows the name in
    `\\newcommand` gives an optional first argument its default (`Abs = "[2][]{\\lvert #2
    \\rvert_{#1}}"`: `\\Abs{x}`, `\\Abs[F]{x}`)."""
    equation_numbers: str = "ams"
    """Which display formulas are numbered: `ams` (those of a numbered environment,
    `equation`, `align`, `gather` …, as amsmath and MathJax's `tags: 'ams'` number them)
    or `all` (every display formula, as MathJax's `tags: 'all'` does; a starred
    environment, `\\notag` or `\\nonumber` leaves one unnumbered); a page's
    `equation_numbers` overrides it."""
    mermaid: Url = Url("")
    """URL of a Mermaid ES module; when set, code blocks of language `mermaid` become
    diagrams."""
    code_light_style: str = "default"
    """Pygments style for code in the light scheme."""
    code_dark_style: str = "github-dark"
    """Pygments style for code in the dark scheme."""
    cjk_spacing: bool = True
    """A thin space between Chinese characters and Latin letters or digits."""
    cjk_breaks: bool = True
    """A line end inside a paragraph between two Chinese or Japanese characters (or
    their punctuation) is no space, so that text wrapped in the source reads as one run
    (Chrome and Safari show such a line end as a space; as Pandoc's
    `east_asian_line_breaks` and Hugo's `eastAsianLineBreaks`). Off with `breaks`."""
    emoji: bool = True
    """Emoji shortcodes become emoji: `:rocket:` → 🚀 (GitHub's names)."""
    breaks: bool = False
    """A line end inside a paragraph is a line break, as HackMD, Hexo's default renderer
    and GitHub's comments show it (CommonMark: a space; end a line with `\\` for one)."""
    heading_ids: str = "lanting"
    """How heading ids are made from the text: `lanting` (punctuation dropped, runs of
    spaces, `_` and `-` as one `-`), `github` (as GitHub, kramdown's GFM input and Hugo do:
    `_` and `--` kept), `hexo` (as Hexo's renderers do: case and Chinese punctuation kept,
    `_` and runs of other punctuation one `-`), `uslug` (as Hexo's markdown-it-plus and
    multi-markdown-it renderers do: lower case, full-width punctuation dropped, `、` and runs
    of spaces and `-` one `-`), `vitepress` (as VitePress and VuePress 2 do: full-width
    punctuation and runs of ASCII punctuation one `-`, `_` before a leading digit),
    `docsify` (as docsify 4 does: ASCII punctuation dropped, `_` before a leading digit, `&`
    read as `&amp;`: `q-amp-a`), `pandoc` (as Pandoc, Quarto and R Markdown do: `.` and `_`
    kept, all before the first letter dropped), `markdown-it-anchor` (as its default does:
    lower case, spaces `-`, all else kept), `eleventy` (as Eleventy's `slugify` filter does:
    accents dropped, only ASCII letters and digits kept), `sindresorhus` (as
    @sindresorhus/slugify does by default: `eleventy`'s, camel case split), `slugify` (as
    the npm `slugify` package does with `lower: true`, Eleventy's `slug` filter too: `&` as
    `and`, accents dropped, `$*_+~.()'"!-:@` kept, other scripts dropped), `slugify-strict`
    (the same with `strict: true`: only letters and digits kept), either of those two with
    the site's own `remove` pattern after it (`slugify /[:’'`,]/`: what the pattern matches
    dropped, the rest kept, other scripts too) or `mdbook` (as mdBook does: punctuation
    dropped, each space a `-`), so that links written for an old site keep working. A
    formula in a heading is its reading (`λ`) in Lanting's ids, its TeX as written
    (`lambda`) in the others, as they made them."""


@dataclass(frozen=True, slots=True)
class BlogConfig:
    """The blog: listings, reading time, related and outdated posts."""

    recent_posts: int = 5
    """How many recent posts the home page lists; 0: none (no "Recent posts" section)."""
    words_per_minute: int = 200
    """English reading speed for the reading-time estimate."""
    chars_per_minute: int = 400
    """Chinese (CJK characters) reading speed."""
    related_posts: int = 3
    """How many related posts (shared tags, series, words) end a post; 0: none."""
    outdated_after_days: int = 0
    """Posts last updated longer ago than this show a notice that they may be out of
    date (worked out in the reader's browser, so builds stay reproducible); 0: never."""


@dataclass(frozen=True, slots=True)
class FeedConfig:
    """The Atom feed, `atom.xml` (one per language)."""

    limit: int = 20
    """How many of the newest posts `atom.xml` carries (at least 1)."""
    full_content: bool = True
    """Each entry carries the post's whole HTML; `false`: only its title, link and summary."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Full-text search: the index, the search page and the dialog."""

    enabled: bool = True
    """Build the search index, the search page and the search dialog; `false` skips the
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
    """The site description on this language's pages; defaults to the top-level one."""
    author: str = ""
    """The author's name on this language's pages; defaults to the top-level one."""
    menu: tuple[MenuItem, ...] = ()
    """This language's navigation; its root-relative URLs are relative to the language's root
    (`/blog/` is `/en/blog/`). Defaults to the top-level menu."""
    profile: ProfileConfig | None = None
    """`[languages.en.profile]`: the keys given replace the top-level profile's on this
    language's pages (position, affiliation, interests in English)."""


DEFAULT_POST_PERMALINK = "/posts/:slug/"


@dataclass(frozen=True, slots=True)
class PermalinksConfig:
    """The URLs of posts."""

    posts: str = DEFAULT_POST_PERMALINK
    """Where each post goes: `/posts/:slug/`, `/:year/:month/:day/:slug/`,
    `/blog/:year/:title/`, `/posts/:abbrlink/`. `:slug` is the post's slug (its file or
    folder name by default), `:title` its title as a slug (Chinese kept), `:year`,
    `:month`, `:day` its date (in the offset it was written with); any other `:name` is
    the post's `params.name`."""


@dataclass(frozen=True, slots=True)
class BuildConfig:
    """What `lanting build` does to its output."""

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
COMMENT_PROVIDERS = ("giscus", "waline", "twikoo", "artalk")


@dataclass(frozen=True, slots=True)
class CommentsConfig:
    """Comments under posts: giscus (GitHub Discussions: copy the values that
    https://giscus.app gives), or a server of your own that readers in China reach:
    Waline, Twikoo or Artalk (`server`). Nothing is requested until the reader scrolls
    to the comments or clicks to load them. Absent: no comments, no script."""

    provider: str = "giscus"
    """One of COMMENT_PROVIDERS."""
    repo: str = ""
    """giscus: the GitHub repository holding the discussions, `you/site`."""
    repo_id: str = ""
    """giscus: the repository's id (`R_…`, from https://giscus.app)."""
    category: str = ""
    """giscus: the discussion category's name."""
    category_id: str = ""
    """giscus: the category's id (`DIC_…`)."""
    mapping: str = "pathname"
    """How a post finds its discussion: one of GISCUS_MAPPINGS."""
    term: str = ""
    """The discussion's term when `mapping = "specific"`."""
    strict: bool = False
    """giscus: match discussions by a hash of the term only (giscus' `data-strict`)."""
    reactions: bool = True
    """giscus: show reactions to the post above the comments."""
    input_position: str = "bottom"
    """`bottom` or `top`: where the comment box sits."""
    lang: str = ""
    """The comment box's interface language; default: the post's language."""
    server: str = ""
    """Waline's `serverURL`, Twikoo's `envId` (a CloudBase id or the URL of its
    deployment), Artalk's server URL."""
    site: str = ""
    """Artalk's site name; default: the site's title."""
    region: str = ""
    """Twikoo on Tencent CloudBase outside Shanghai: `ap-guangzhou`."""
    script: str = ""
    """The provider's client, to load it from your own host (`/js/twikoo.min.js` in
    `static/`) rather than the default CDN. Waline's is an ES module."""
    stylesheet: str = ""
    """The client's stylesheet, likewise (Waline and Artalk)."""


@dataclass(frozen=True, slots=True)
class AnalyticsConfig:
    """A web-analytics snippet (Plausible, Umami, GoatCounter, …). Absent: none."""

    snippet: str
    """HTML inserted at the end of every page's `<head>`, as written (the writer is
    trusted): usually the provider's `<script>` tag."""


SLUG_STYLES = ("pinyin", "keep")


@dataclass(frozen=True, slots=True)
class NewConfig:
    """`lanting new post|talk|page`."""

    slug: str = "pinyin"
    """How a slug is made from a title: `pinyin` (强化学习 → `qiang-hua-xue-xi`) or `keep`
    (the title's words, Chinese kept: `强化学习`)."""


@dataclass(frozen=True, slots=True)
class ThemeConfig:
    """`[theme]`: the default theme made the site's own. Every key is optional; an empty
    value keeps the theme's."""

    accent: str = ""
    """The accent and link colour of the light scheme, `#rrggbb`."""
    accent_dark: str = ""
    """The same for the dark scheme; default: `accent` lightened until it reads on the
    dark background (or the theme's, without `accent`)."""
    font_body: tuple[str, ...] = ()
    """Font families of the text, first choice first. The theme's stack (with its Chinese
    fonts) follows, unless the list ends with a generic family (`sans-serif`)."""
    font_heading: tuple[str, ...] = ()
    """Font families of the site title, page titles and listing headings."""
    font_code: tuple[str, ...] = ()
    """Font families of code."""
    width: str = ""
    """The width of the text column, a CSS length (`44rem`, `52em`, `760px`)."""
    custom_css: tuple[str, ...] = ()
    """Stylesheets of `static/` linked after the theme's, in order: `["css/site.css"]`."""
    head_html: str = ""
    """HTML at the end of every page's `<head>` (meta, link, script, style), as written."""
    footer_html: str = ""
    """HTML at the end of every page's footer (an ICP 备案 line, a licence), as written."""
    favicon: Url = Url("")
    """The site's icon: a file of `static/` (`/favicon.png`) or an absolute URL; SVG, PNG
    or ICO. Default: the theme's."""
    code_light_style: str = ""
    """Pygments style of code in the light scheme; default: `[markdown] code_light_style`."""
    code_dark_style: str = ""
    """Pygments style of code in the dark scheme; default: `[markdown] code_dark_style`."""


@dataclass(frozen=True, slots=True)
class Config:
    """The whole site configuration."""

    title: str
    """The site's title: in the header, the browser tab and the feed."""
    author: str = ""
    """Your name: the feed's author, the footer's © and the author of "cite this post"."""
    language: str = "zh-CN"
    """The default language (a BCP 47 tag: `zh-CN`, `en`, `zh-TW`); interface strings and
    dates follow it."""
    base_url: str = "/"
    """Where the site lives, `https://you.github.io/` or `https://you.github.io/repo/`
    (or a path): absolute links, the feed, the sitemap and link previews use it."""
    description: str = ""
    """One sentence about the site: the pages' `<meta name="description">` and the feed's
    subtitle."""
    copyright: str = ""
    """The footer's line; default: `© YEAR AUTHOR` (the year of the newest post)."""
    menu: tuple[MenuItem, ...] = ()
    """The navigation, in order."""
    links: tuple[Link, ...] = ()
    """Profile and contact links, in the footer (and on the home page without
    `[profile] links`)."""
    markdown: MarkdownConfig = field(default_factory=MarkdownConfig)
    blog: BlogConfig = field(default_factory=BlogConfig)
    feed: FeedConfig = field(default_factory=FeedConfig)
    profile: ProfileConfig = field(default_factory=ProfileConfig)
    publications: PublicationsConfig = field(default_factory=PublicationsConfig)
    permalinks: PermalinksConfig = field(default_factory=PermalinksConfig)
    citations: CitationsConfig = field(default_factory=CitationsConfig)
    languages: tuple[str, ...] | dict[str, LanguageConfig] = ()
    """The site's languages, `["zh-CN", "en"]` or `[languages.en]` tables. `language` stays
    the default one (published at the root; it may be left out here); each other language
    lives under `/<code>/`."""
    search: SearchConfig = field(default_factory=SearchConfig)
    cv: CvConfig = field(default_factory=CvConfig)
    build: BuildConfig = field(default_factory=BuildConfig)
    sharing: SharingConfig = field(default_factory=SharingConfig)
    comments: CommentsConfig | None = None
    """Opt-in: giscus comments under posts."""
    analytics: AnalyticsConfig | None = None
    """Opt-in: an analytics snippet on every page."""
    theme: ThemeConfig = field(default_factory=ThemeConfig)
    new: NewConfig = field(default_factory=NewConfig)
    redirects: dict[str, str] = field(default_factory=dict)
    """`[redirects] "/archives/" = "/archive/"`: old paths of the site (decoded, as
    `aliases` takes them) answered by a redirect page to a path of the site (a `#part`
    allowed) or a full URL; like aliases, in no sitemap. An imported site's old tag,
    category and archive pages."""
    strings: dict[str, dict[str, str | dict[str, str]]] = field(default_factory=dict)
    """Overrides of UI strings, per language: `[strings.en] blog = "Notes"`; a count
    string by CLDR plural category: `posts_count = { one = "{n} note", other = "{n} notes" }`."""
    params: dict[str, Any] = field(default_factory=dict)
    """Free-form values for custom templates."""

    @property
    def code_styles(self) -> tuple[str, str]:
        """Pygments styles of code, light and dark: `[theme]`'s, else `[markdown]`'s."""
        return (self.theme.code_light_style or self.markdown.code_light_style,
                self.theme.code_dark_style or self.markdown.code_dark_style)

    @property
    def base_path(self) -> str:
        """The path part of `base_url`, always starting and ending with `/`."""
        return _base_path(self.base_url)

    @property
    def origin(self) -> str:
        """`scheme://host` of `base_url`, or "" when the base URL is a bare path."""
        match = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*://[^/]*)", self.base_url)
        return match.group(1) if match else ""
