"""The checks of `lanting.toml`'s values that their types do not make: a title, a
language tag, an absolute `base_url`, known Pygments styles, slug, heading-id and citation
styles, permalinks and redirects, interface strings and their placeholders and plural
forms, math macros that convert, comments, analytics, venues' colours and links' kinds
(`[theme]`'s own checks are in `theme.py`).
Each problem is collected with its key's path, for `load.py` to report at its line."""

from __future__ import annotations

import re
from pathlib import Path

from pygments.styles import get_all_styles

from lanting.config.i18n import (
    is_plural,
    placeholders,
    plural_categories,
    source_texts,
)
from lanting.config.schema import SchemaProblem
from lanting.config.theme import validate_theme
from lanting.errors import did_you_mean
from lanting.markdown.anchors import HEADING_ID_STYLES, is_heading_style
from lanting.markdown.math_given_macros import check_macro
from lanting.model.cite import CITATION_STYLES
from lanting.model.config import (
    COMMENT_PROVIDERS,
    EQUATION_NUMBERS,
    GISCUS_MAPPINGS,
    SLUG_STYLES,
    CommentsConfig,
    Config,
    MenuItem,
)
from lanting.model.config_academic import CV_PUBLICATIONS, LINK_KINDS
from lanting.model.names import RESERVED_PREFIX, alias_path

_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,30}")
"""A venue chip's colour: only what cannot break out of a `style` attribute."""
LANGUAGE_TAG = re.compile(r"[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*")
"""A BCP 47 language tag, as far as a site needs one (`zh-CN`, `en`, `zh-Hant-TW`)."""


def validate_config(config: Config, site: Path) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    if not config.title.strip():
        problems.append(SchemaProblem(("title",), "the site needs a non-empty title"))
    if not LANGUAGE_TAG.fullmatch(config.language):
        problems.append(
            SchemaProblem(("language",), f"`{config.language}` is not a language tag",
                          "use a BCP 47 tag such as zh-CN or en")
        )
    if config.base_url.startswith("//"):  # a path would be read as another host's URL
        problems.append(
            SchemaProblem(("base_url",), f"`{config.base_url}` names a host without a scheme",
                          "write it as https://example.org/ or as a path like /blog/")
        )
    elif not (config.base_url.startswith("/") or re.match(r"^https?://", config.base_url)):
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
    for section in ("markdown", "theme"):
        for key in ("code_light_style", "code_dark_style"):
            value = getattr(getattr(config, section), key)
            if value and value not in styles:
                problems.append(SchemaProblem((section, key),
                                              f"unknown Pygments style `{value}`",
                                              did_you_mean(value, styles)
                                              or "`pygmentize -L styles` lists them"))
    if config.new.slug not in SLUG_STYLES:
        problems.append(SchemaProblem(("new", "slug"), f"expected `pinyin` or `keep`, got "
                                      f"`{config.new.slug}`",
                                      did_you_mean(config.new.slug, SLUG_STYLES)))
    problems += validate_theme(config, site)
    for path, value, least in (
            (("blog", "recent_posts"), config.blog.recent_posts, 0),
            (("blog", "words_per_minute"), config.blog.words_per_minute, 1),
            (("blog", "chars_per_minute"), config.blog.chars_per_minute, 1),
            (("blog", "related_posts"), config.blog.related_posts, 0),
            (("blog", "outdated_after_days"), config.blog.outdated_after_days, 0),
            (("feed", "limit"), config.feed.limit, 1),
            (("publications", "selected_on_home"), config.publications.selected_on_home, 0)):
        if value < least:
            problems.append(SchemaProblem(path, f"must be {least} or more, not {value}"))
    if not is_heading_style(config.markdown.heading_ids):
        problems.append(SchemaProblem(("markdown", "heading_ids"),
                                      f"unknown heading id style `{config.markdown.heading_ids}`",
                                      "one of " + ", ".join(
                                          f"`{name}`" for name in HEADING_ID_STYLES)
                                      + ", or `slugify /pattern/`"))
    if config.markdown.equation_numbers not in EQUATION_NUMBERS:
        problems.append(SchemaProblem(("markdown", "equation_numbers"),
                                      f"expected `ams` or `all`, not "
                                      f"`{config.markdown.equation_numbers}`",
                                      did_you_mean(config.markdown.equation_numbers,
                                                   EQUATION_NUMBERS)))
    if config.cv.publications not in CV_PUBLICATIONS:
        problems.append(SchemaProblem(("cv", "publications"),
                                      f"expected one of {', '.join(CV_PUBLICATIONS)}",
                                      did_you_mean(config.cv.publications, CV_PUBLICATIONS)))
    for i, level in enumerate(config.markdown.toc_levels):
        if not 1 <= level <= 6:
            problems.append(SchemaProblem(("markdown", "toc_levels", str(i)),
                                          "heading levels run from 1 to 6"))
    problems += _validate_menu(("menu",), config.menu)
    if isinstance(config.languages, dict):
        for code, language in config.languages.items():
            problems += _validate_menu(("languages", code, "menu"), language.menu)
    problems += _validate_academic(config)
    problems += _validate_languages(config)
    problems += _validate_reader(config)
    problems += _validate_strings(config)
    problems += _validate_macros(config)
    problems += _validate_permalinks(config.permalinks.posts)
    problems += _validate_redirects(config.redirects)
    return problems


def _validate_menu(path: tuple[str, ...], menu: tuple[MenuItem, ...]) -> list[SchemaProblem]:
    """Each entry leads somewhere: a `url`, or a drop-down of `children`."""
    return [SchemaProblem((*path, str(i), "url"), f"menu entry `{item.name}` has no `url`",
                          "give it a `url`, or `[[menu.children]]` entries for a drop-down "
                          "list")
            for i, item in enumerate(menu) if not item.url and not item.children]


def _validate_redirects(redirects: dict[str, str]) -> list[SchemaProblem]:
    """`[redirects]`: each old path one a page could have (`names.alias_path`), each
    target a path of the site or a full URL, and no path sending to itself."""
    problems: list[SchemaProblem] = []
    for old, target in redirects.items():
        where = ("redirects", old)
        path, reason = alias_path(old)
        if path is None:
            problems.append(SchemaProblem(where, f"`{old}`: {reason}",
                                          "write the old URL's path, e.g. \"/archives/\" or "
                                          "\"/categories/old-name/\""))
            continue
        if not isinstance(target, str):
            continue  # of the wrong type: reported already
        if not (target.startswith("/") and not target.startswith("//")
                or re.match(r"^https?://", target)):
            problems.append(SchemaProblem(where, f"the target `{target}` is neither a path "
                                          "of the site nor a full URL",
                                          "write it from the site's root, e.g. \"/archive/\""))
        elif re.search(r"[\s\x00-\x1f\x7f]", target):
            problems.append(SchemaProblem(where, f"the target `{target}` has spaces or "
                                          "control characters", "percent-encode them"))
        elif alias_path(target.split("#", 1)[0].split("?", 1)[0])[0] == path:
            problems.append(SchemaProblem(where, f"`{old}` redirects to itself",
                                          "remove it: the page answers there already"))
    return problems


_TOKEN = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)")


def _validate_permalinks(pattern: str) -> list[SchemaProblem]:
    """`[permalinks] posts`: a folder path from the site's root whose placeholders make
    each post's URL its own."""
    path = ("permalinks", "posts")
    example = "e.g. \"/posts/:slug/\" or \"/:year/:month/:day/:slug/\""
    if pattern.endswith((".html", ".htm")):
        return [SchemaProblem(path, f"`{pattern}`: Lanting's pages are folders, so a "
                              "pattern ends with `/`", "keep old `.html` URLs answering with "
                              "`aliases:` in the posts' front matter")]
    if not (pattern.startswith("/") and pattern.endswith("/")) or pattern == "/":
        return [SchemaProblem(path, f"`{pattern}` must start and end with `/`", example)]
    parts = pattern.strip("/").split("/")
    if any(p in ("", ".", "..") or re.search(r"[?#\\%\s\x00-\x1f]", p) for p in parts):
        return [SchemaProblem(path, f"`{pattern}` is not a plain path: no empty, `.` or `..` "
                              "parts, no `?`, `#`, `%`, `\\` or spaces", example)]
    tokens = _TOKEN.findall(pattern)
    if not tokens or set(tokens) <= {"year", "month", "day"}:
        return [SchemaProblem(path, f"`{pattern}` would give every post the same URL",
                              "include `:slug`, `:title` or a `:name` of the posts' "
                              "`params`, " + example)]
    if parts[0].lower().startswith(RESERVED_PREFIX):
        return [SchemaProblem(path, f"`{pattern}` starts with /{RESERVED_PREFIX}, which is "
                              "reserved", example)]
    if any(":" in _TOKEN.sub("", p) for p in parts):
        return [SchemaProblem(path, f"`{pattern}`: a placeholder is `:` and a name of "
                              "letters, digits and `_`", example)]
    return []


def _validate_strings(config: Config) -> list[SchemaProblem]:
    """`[strings.en] blog = "Notes"`: a key the theme knows, placeholders its text has, and
    for a count string either one text or a table of the language's plural categories."""
    known = source_texts()
    problems: list[SchemaProblem] = []
    for lang, strings in config.strings.items():
        if not LANGUAGE_TAG.fullmatch(lang):
            problems.append(SchemaProblem(("strings", lang), f"`{lang}` is not a language tag",
                                          "use a BCP 47 tag such as zh-CN, zh-TW or en"))
            continue
        for key, value in strings.items():
            path = ("strings", lang, key)
            if value is None:
                continue  # of the wrong type: reported already
            if key not in known:
                problems.append(SchemaProblem(path, f"unknown interface string `{key}`",
                                              did_you_mean(key, known)
                                              or "the keys are the msgctxt of the theme's catalogs "
                                              "(docs: Translating)"))
                continue
            allowed = set().union(*(placeholders(text) for text in known[key]))
            texts: list[tuple[tuple[str, ...], str]] = [(path, value)] \
                if isinstance(value, str) else [(path + (c,), t) for c, t in value.items()]
            if isinstance(value, dict):
                problems += _plural_override(path, lang, value, is_plural(key))
            for where, text in texts:
                problems += _placeholder_problems(where, text, allowed)
    return problems


def _plural_override(path: tuple[str, ...], lang: str, value: dict[str, str],
                     plural: bool) -> list[SchemaProblem]:
    key = path[-1]
    if not plural:
        return [SchemaProblem(path, f"`{key}` has no plural forms", "give it one string")]
    categories = plural_categories(lang)
    problems = [SchemaProblem(path + (c,), f"`{c}` is not a plural category of `{lang}`",
                              f"{lang} uses {', '.join(categories)}")
                for c in value if c not in categories]
    if "other" not in value:
        problems.append(SchemaProblem(path, "a plural table needs `other`",
                                      f"{lang} uses {', '.join(categories)}; e.g. "
                                      f'{key} = {{ one = "…", other = "…" }}'))
    return problems


def _placeholder_problems(path: tuple[str, ...], text: str,
                          allowed: set[str]) -> list[SchemaProblem]:
    names = ", ".join(f"{{{n}}}" for n in sorted(allowed)) or "none"
    try:
        used = placeholders(text)
    except ValueError as error:
        return [SchemaProblem(path, f"bad placeholder: {error}",
                              f"placeholders of this string: {names}; write {{{{ and }}}} "
                              "for a literal brace")]
    return [SchemaProblem(path, f"unknown placeholder `{{{u}}}`",
                          f"placeholders of this string: {names}")
            for u in sorted(used - allowed)]


_MACRO_NAME = re.compile(r"\\?(?:[A-Za-z]+|[^A-Za-z\s\\{}%#$&^_~])")
"""A command's name: letters, or one other character (a control symbol: MathJax's
`macros: {"0": "\\mathbf{0}"}` defines `\\0`, a zero vector in a book on probability)."""


def _validate_macros(config: Config) -> list[SchemaProblem]:
    """Each `[markdown] math_macros` entry is a LaTeX command name whose expansion
    converts: a bad one is reported here, not in every formula of every post."""
    problems: list[SchemaProblem] = []
    named: list[tuple[str, str]] = []
    for key, expansion in config.markdown.math_macros.items():
        name = key.lstrip("\\")
        if _MACRO_NAME.fullmatch(name):
            named.append((name, expansion))
        else:
            problems.append(SchemaProblem(
                ("markdown", "math_macros", key), f"`{key}` is not a LaTeX command name",
                "use letters, or one digit or mark, e.g. R = \"\\\\mathbb{R}\""))
    for name, expansion in named:  # each with all the others: one may use another
        try:
            check_macro(name, expansion, tuple(named))
        except ValueError as error:
            problems.append(SchemaProblem(("markdown", "math_macros", name),
                                          f"`\\{name}` does not convert: {error}",
                                          "check the LaTeX of its expansion"))
    return problems


def _validate_reader(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    comments = config.comments
    if comments is not None:
        problems += _validate_comments(comments)
    if config.analytics is not None and not config.analytics.snippet.strip():
        problems.append(SchemaProblem(("analytics", "snippet"), "the snippet is empty",
                                      "paste your provider's <script> tag, or remove "
                                      "[analytics]"))
    return problems


_GISCUS_KEYS = ("repo", "repo_id", "category", "category_id")


def _validate_comments(comments: CommentsConfig) -> list[SchemaProblem]:
    if comments.provider not in COMMENT_PROVIDERS:
        return [SchemaProblem(("comments", "provider"),
                              f"unknown comment system `{comments.provider}`",
                              did_you_mean(comments.provider, COMMENT_PROVIDERS)
                              or f"one of {', '.join(COMMENT_PROVIDERS)}")]
    if comments.provider == "giscus":
        return _validate_giscus(comments)
    problems: list[SchemaProblem] = []
    name = comments.provider.capitalize()
    server = comments.server.strip()
    if not server:
        problems.append(SchemaProblem(
            ("comments", "server"), f"{name} needs `server`",
            "the envId or URL of your Twikoo deployment" if name == "Twikoo"
            else f"the URL of your {name} server"))
    elif not server.startswith(("https://", "http://")) and (
            name != "Twikoo" or "/" in server):  # a Twikoo envId is a bare name
        problems.append(SchemaProblem(("comments", "server"),
                                      f"`{server}` is not a URL",
                                      "write it with https://"))
    for key in ("script", "stylesheet"):
        value = getattr(comments, key)
        if value and not value.startswith(("https://", "/")):
            problems.append(SchemaProblem(("comments", key),
                                          f"`{value}` is neither an https:// URL nor a "
                                          "path of the site", "`/js/client.js` is "
                                          "static/js/client.js"))
    given = [key for key in _GISCUS_KEYS if getattr(comments, key)]
    if given:
        problems.append(SchemaProblem(("comments", given[0]),
                                      f"`{given[0]}` is a giscus setting",
                                      "remove it, or set provider = \"giscus\""))
    return problems


def _validate_giscus(comments: CommentsConfig) -> list[SchemaProblem]:
    problems = [SchemaProblem(("comments", key), "giscus needs this value",
                              "copy it from https://giscus.app")
                for key in _GISCUS_KEYS if not getattr(comments, key)]
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
    return problems


def _validate_academic(config: Config) -> list[SchemaProblem]:
    problems: list[SchemaProblem] = []
    group_by = config.publications.group_by
    if group_by not in ("year", "type"):
        problems.append(SchemaProblem(("publications", "group_by"),
                                      f"expected `year` or `type`, got `{group_by}`",
                                      did_you_mean(group_by, ("year", "type"))))
    style = config.citations.style
    if style not in CITATION_STYLES:
        problems.append(SchemaProblem(("citations", "style"),
                                      f"unknown citation style `{style}`",
                                      did_you_mean(style, CITATION_STYLES)
                                      or f"one of {', '.join(CITATION_STYLES)}"))
    if config.publications.max_authors < 0:
        problems.append(SchemaProblem(("publications", "max_authors"),
                                      "expected 0 (all) or more", None))
    for name, venue in config.publications.venues.items():
        if venue.color and not _COLOR.fullmatch(venue.color):
            problems.append(SchemaProblem(("publications", "venues", name, "color"),
                                          f"`{venue.color}` is not a colour",
                                          "write `#1f6feb` or a CSS colour name such as "
                                          "`teal`"))
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
        if not LANGUAGE_TAG.fullmatch(code):
            problems.append(SchemaProblem(path, f"`{code}` is not a language tag",
                                          "use a BCP 47 tag such as zh-CN or en"))
        elif code.lower() in seen:
            problems.append(SchemaProblem(path, f"`{code}` is listed twice"))
        seen.add(code.lower())
    return problems

