"""Liquid outputs (`{{ … }}`) in Jekyll posts and pages → what Jekyll printed: the site's
address (`{{ site.baseurl }}`), the values of `_config.yml`, of `_data/` files and of the
page's front matter, strings through Liquid's filters (`relative_url`, `replace`, …);
what cannot be known is left in a comment, reported. The tags and blocks of Liquid are
`jekyll_liquid`'s."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.jekyll_assigns import page_variables
from lanting.importer.jekyll_data_values import data_value, missing_data
from lanting.importer.jekyll_links import JekyllLinks
from lanting.importer.liquid import (
    HTML_COMMENT,
    OUTPUT,
    Context,
    display_formulas,
    tex_group,
    value_at,
)
from lanting.importer.liquid_filters import filter_chain
from lanting.importer.report import Report
from lanting.importer.text import load_mapping, split_front_matter

_SITE_ROOT = r"\{\{-?\s*(?:site\.(?:url|baseurl)|base_path)\s*-?\}\}"
_ROOT_SLASHES = re.compile(rf"({_SITE_ROOT})/+(?={_SITE_ROOT})")
"""`{{ site.url }}/{{ site.baseurl }}/calendar`: Jekyll wrote `https://host//base/calendar`,
which the server read as `/base/calendar`; with both emptied, `//calendar` named a host."""
_ROOT_ONLY = re.compile(rf"""(\]\(\s*|\bhref=["']?)((?:{_SITE_ROOT})+)(?=\s*[)#"'])""")
"""`[the course]({{ site.url }}{{ site.baseurl }})`: the home page; emptied, a link to
nowhere."""
_ROOT_TEXT = re.compile(rf"\[((?:{_SITE_ROOT})+)\]")
"""`[{{ site.url }}{{ site.baseurl }}](…)`: a link whose text is the site's address."""

_JEKYLL_PAGE = frozenset((
    "content", "title", "excerpt", "url", "date", "id", "categories", "collection",
    "tags", "dir", "name", "path", "relative_path", "next", "previous", "slug", "ext",
    "output", "layout", "permalink", "published", "lang"))
"""What Jekyll (or a plugin it runs) gives a page or post whatever its front matter."""


class JekyllValues(JekyllLinks):
    """The values of Liquid outputs, for the Jekyll importers' body conversion."""

    source: Path
    config: dict[str, Any]
    config_name: str
    report: Report
    people_folders: list[str]
    missing_data: set[str]

    def site_value(self, expression: str) -> str | None:
        """The text of `site.github` or `site.author.name`: a string or number that
        `_config.yml` gives it (what Jekyll printed), or `site.data.hero.lede` a file of
        `_data/`, else None."""
        if expression.startswith("site.data."):
            return data_value(self.source, self.site_indexed(expression))
        return value_at(self.config, "site", expression)

    def page_variables(self, ctx: Context) -> dict[str, str]:
        """The variables the file assigns itself whose values are known
        (`jekyll_assigns`), worked out once a file."""
        cached: tuple[Context, dict[str, str]] | None = getattr(self, "_variables", None)
        if cached is not None and cached[0] is ctx:
            return cached[1]
        found = page_variables(ctx.original, self.config, lambda term: self.site_value(
            term) if term.startswith("site.") else self.page_value(term, ctx))
        self._variables = (ctx, found)
        return found

    def site_indexed(self, expression: str) -> str:
        """`site.data.ui-text[site.locale].x` with its index of a setting as the string
        `_config.yml` gives it, `ui-text["en-US"].x` (minimal-mistakes' interface words)."""
        return re.sub(r"\[\s*(site\.[\w.-]+)\s*\]", lambda m: '["' + (
            self.site_value(m.group(1)) or "").replace('"', "") + '"]', expression)

    def data_nil(self, expression: str, ctx: Context) -> bool:
        """Whether `expression` reads a file of `_data/` the old site lacked (`missing_data`):
        nil, what Liquid printed as nothing. One notice for the site names each file."""
        missing = missing_data(self.source, self.config, expression)
        if missing is None:
            return False
        if missing not in self.missing_data:
            self.missing_data.add(missing)
            theme = self.config.get("remote_theme")
            self.report.note(self.config_name, None, f"`{missing}` is not in the site"
                             + (f", and its remote theme (`{theme}`) brought none: GitHub "
                                "Pages reads no theme's `_data/`" if theme else "")
                             + f"; `{{{{ site.data.{missing.split('/')[-1][:-4]}… }}}}` "
                             "printed nothing on the old site (or its `default:`), and so "
                             "it does here: copy the theme's file into `_data/` first to "
                             "import its words")
        return True

    def root_address(self, outputs: str) -> str:
        """What `{{ site.url }}{{ site.baseurl }}` printed: the old site's address."""
        url = str(self.config.get("url") or "").rstrip("/")
        base = str(self.config.get("baseurl") or "").rstrip("/")
        return "".join(base if "baseurl" in found else url if "site.url" in found
                       else url + base for found in re.findall(_SITE_ROOT, outputs))

    def page_value(self, expression: str, ctx: Context) -> str | None:
        """The text of `page.contact`: a string or number the file's own front matter
        gives it (a lab member's page printing its `contact:`), else None."""
        if not expression.startswith("page."):
            return None
        fmt, head, _body, _first = split_front_matter(ctx.original)
        return value_at(load_mapping(fmt, head)[0], "page", expression) if fmt else None

    def page_unset(self, expression: str, ctx: Context) -> bool:
        """Whether `page.x` is a value nothing set, which Liquid has as nil: a key neither
        the file's front matter, nor a default of `_config.yml`, nor Jekyll gives a
        page (a minimal-mistakes archive copied into a page, `{{ page.entries_layout |
        default: 'list' }}`)."""
        found = re.fullmatch(r"page\.([A-Za-z_][\w-]*)", expression)
        if found is None or found.group(1) in _JEKYLL_PAGE:
            return False
        fmt, head, _body, _first = split_front_matter(ctx.original)
        defaults = self.config.get("defaults")
        return found.group(1) not in (load_mapping(fmt, head)[0] if fmt else {}) and not any(
            isinstance(d, dict) and isinstance(d.get("values"), dict)
            and found.group(1) in d["values"] for d in (
                defaults if isinstance(defaults, list) else []))

    @staticmethod
    def page_empty(expression: str, ctx: Context) -> bool:
        """Whether `page.x` is a key of the file's front matter given no value
        (`featured-image:`), which Liquid has as nil."""
        found = re.fullmatch(r"page\.([A-Za-z_][\w-]*)", expression)
        fmt, head, _body, _first = split_front_matter(ctx.original)
        front = load_mapping(fmt, head)[0] if found and fmt else {}
        return found is not None and found.group(1) in front and front[found.group(1)] is None

    def outputs(self, text: str, ctx: Context) -> str:
        """`{{ site.baseurl }}`, `{{ site.url }}` and academicpages' `{{ base_path }}` (the
        two, set by `{% include base_path %}`) → "", `{{ 'x' | relative_url }}` → x,
        `{{ site.github }}` → its value in `_config.yml`; anything else left in a
        comment."""

        text = _ROOT_ONLY.sub(lambda m: m.group(1) + "/", _ROOT_SLASHES.sub(r"\1", text))
        text = _ROOT_TEXT.sub(lambda m: "[" + self.root_address(m.group(1)) + "]", text)
        formulas = display_formulas(text)
        comments = [m.span() for m in HTML_COMMENT.finditer(text)] if "<!--" in text else []

        def one(match: re.Match[str]) -> str:
            expression = match.group(1).strip()
            if any(start < match.start() < end for start, end in comments):
                return match.group()  # (as `tags` leaves one: Jekyll's output hid it too)
            if tex_group(expression) and any(
                    start < match.start() < end for start, end in formulas):
                ctx.convert("`{{…}}` in formulas kept as TeX groups (Liquid had emptied them)")
                return match.group()
            if re.fullmatch(r"site\.(baseurl|url)|base_path", expression):
                ctx.convert("Liquid site URLs")
                # (`url: https://me.github.io/` and `[part 1]({{site.url}}2019/10/11/x/)`:
                # Jekyll printed the slash, and the path was the site's own, from its root)
                setting = str(self.config.get(expression.removeprefix("site.")) or "")
                return "/" if setting.endswith("/") and re.match(
                    r"[\w%.~-]", text[match.end():match.end() + 1]) else ""
            if expression == "page.url" and text.startswith("#", match.end()):
                ctx.convert("links to a heading of the page itself (`{{ page.url }}#x`)")
                return ""
            value = self.site_value(expression)
            if value is not None:
                ctx.convert("Liquid values of `_config.yml` (`{{ site.github }}`)")
                return value
            value = self.page_value(expression, ctx)
            if value is not None:
                ctx.convert("Liquid values of the page's front matter (`{{ page.x }}`)")
                return value
            if self.page_unset(expression, ctx) or self.page_empty(expression, ctx):
                # (`<img src="/posts_images/{{ page.featured-image }}">` in a post whose
                # `featured-image:` is empty or absent: Liquid's nil, printed as nothing)
                ctx.note(match.group(), f"`{match.group()}`: the page gives it no value "
                         "(nor do the defaults of `_config.yml`): Jekyll printed nothing")
                ctx.convert("Liquid values the page leaves unset (nothing)")
                return ""
            unset = re.fullmatch(r"site\.([\w-]+)|([A-Za-z_]\w*)", expression)
            if unset and (unset.group(1) not in self.config if unset.group(1) else
                          not re.search(rf"{{%-?\s*(?:assign|capture|for)\s+{unset.group(2)}\b",
                                        ctx.original)) and text.startswith(
                    "/", match.end()) and re.search(r"""(?:\]\(|=\s*["']?)$""",
                                                    text[:match.start()]):
                # (`[x]({{ site.cdn }}/a.jpg)` with no `cdn` in `_config.yml`, or Jekyll
                # Bootstrap's `{{ BASE_PATH }}/photo/a.png` in a post that never set it:
                # Jekyll printed nothing, and the path led to `/a.jpg`; kept, the path
                # held a comment)
                ctx.note(match.group(), f"`{match.group()}` has no value here (not in "
                         "`_config.yml`, nor set by the page): Jekyll printed nothing "
                         "there, and the path is read from the site's root")
                return ""
            # (one string: `'a.jpg' | prepend: '/img/' | prepend: site.baseurl` is a chain)
            found = re.fullmatch(r"(['\"])((?:(?!\1).)*)\1\s*\|\s*(relative_url|absolute_url|"
                                 r"prepend:\s*site\.baseurl)", expression)
            if found:
                ctx.convert("Liquid site URLs")
                # (`{{ " /js/a.js " | prepend: site.baseurl }}`: the browser dropped the
                # spaces of `src=" /js/a.js "`; `relative_url` had made them `%20`)
                value = found.group(2).strip() if found.group(3).startswith("prepend") \
                    else found.group(2)
                return value if value.startswith(("/", "http")) else "/" + value
            # (`{{ "/NiN.png" | prepend: site.imgrepo }}`: a string and values of
            # `_config.yml` or of the page's front matter joined by filters, printed as
            # Jekyll printed them)
            variables = self.page_variables(ctx)
            value = filter_chain(expression, lambda term: "" if re.fullmatch(
                r"site\.(baseurl|url)", term) else self.site_value(term)
                if term.startswith("site.") else variables.get(term) or self.page_value(
                    term, ctx),
                lambda term: self.page_unset(term, ctx) or self.data_nil(term, ctx))
            if value is not None and expression.split("|")[0].strip() in variables:
                ctx.convert("Liquid variables the page assigns, printed where it uses them")
                return value
            if value is not None:
                ctx.convert("Liquid strings and `_config.yml` values joined by filters")
                return value
            if "|" not in expression and self.data_nil(expression, ctx):
                ctx.convert("Liquid values of `_data/` files the old site lacked (nothing)")
                return ""
            named = self.config.get("collections")
            whole = re.fullmatch(r"site\.(\w+)", expression)
            if whole and isinstance(named, dict | list) and whole.group(1) in named:
                # (`{{ site.staffersnobio }}`: its documents in a layout of their front
                # matter alone, no text of theirs; those with text are written out)
                people = f"_{whole.group(1)}" in self.people_folders
                return ctx.leave_output(match, f"the documents of the collection "
                                        f"`{whole.group(1)}`, in a layout drawn from their "
                                        "front matter alone" + (
                                            ", people listed at /people/" if people else ""))
            return ctx.leave_output(match, "a Liquid value of the old theme")

        return OUTPUT.sub(one, text)


_FOLDER_IMAGE = re.compile(r"""<img\b[^<>]*?\ssrc\s*=\s*(["'])([^"'<>\n]*/)\1[^<>]*>""",
                           re.IGNORECASE)
"""A raw `<img>` of a folder, `src="/assets/posts_images/"`: what `<img src="/assets/
posts_images/{{ page.featured-image }}">` printed for a post without the value."""


def folder_images(text: str, ctx: Context) -> str:
    """`text` without its raw images of a folder, each with a notice: the old page
    showed no picture there (a folder is no image), and the build stops at one."""

    def one(match: re.Match[str]) -> str:
        ctx.note(match.group(2), f"`{match.group()}`, an image of the folder "
                 f"`{match.group(2)}` (a value the page lacks, printed as nothing): the "
                 "old page showed no picture there; left out")
        ctx.convert("raw images of a folder (a missing value's) left out")
        return ""

    return _FOLDER_IMAGE.sub(one, text)

