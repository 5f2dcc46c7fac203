"""The site's own Zola shortcodes (`templates/shortcodes/note.html`, or its theme's):
Tera templates, run with Jinja (whose syntax Tera follows) when they only place the
shortcode's arguments and body in HTML or Markdown. A template calling what Zola alone
has (`resize_image`, `load_data`, `get_url`, a filter of Tera's that Jinja lacks) is not
run: the caller leaves the shortcode in a comment, with the reason and its line.

The body a template renders as Markdown (`{{ body | markdown | safe }}`) stays Markdown,
between blank lines, for Lanting to render; an HTML template's output is written into
the page (Lanting keeps a page's raw HTML), its lines unindented and without blank lines,
so that Markdown reads it as one block of HTML."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment
from markdown_it import MarkdownIt
from markupsafe import Markup

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.text import load_mapping
from lanting.importer.zola_components import component_template

BODY = "\ue002"
"""Where a template put the body rendered as Markdown (no post holds the character)."""

_BLOCK_START = re.compile(r"\s*<(?:div|p|figure|table|details|section|aside|blockquote|ul|ol"
                          r"|dl|h[1-6]|pre|hr|center|article|header|footer|nav|iframe|video"
                          r"|audio|script|style|svg|img|picture|object)\b", re.IGNORECASE)


_RAW_OPEN = re.compile(r"<(pre|script|style|textarea|code)\b", re.IGNORECASE)


def template_files(source: Path, theme: str | None) -> dict[str, Path]:
    """Shortcode name → its template: the site's own, else its theme's (as Zola looks)."""
    found: dict[str, Path] = {}
    roots = [source / "templates" / "shortcodes", source / "templates" / "components"]
    if theme:
        roots += [source / "themes" / theme / "templates" / folder
                  for folder in ("shortcodes", "components")]
    for root in roots:
        for path in sorted(root.glob("*")) if root.is_dir() else []:
            if path.suffix in (".html", ".md"):
                found.setdefault(path.stem, path)
    return found


def _default(given: Any, *fallback: Any, **named: Any) -> Any:
    """Tera's `default(value=…)` (Jinja's names its argument otherwise)."""
    if isinstance(given, jinja2.Undefined) or given is None:
        return named.get("value", fallback[0] if fallback else "")
    return given


def _markdown(value: Any, inline: bool = False) -> Markup:
    """The body rendered as Markdown: left Markdown, for Lanting (`BODY` marks where);
    another argument (a caption, `desc | markdown`) as HTML, in its place."""
    if isinstance(value, Markup) and str(value) == BODY or value == BODY:
        return Markup(BODY)
    renderer = MarkdownIt("commonmark")
    return Markup(renderer.renderInline(str(value)) if inline else renderer.render(str(value)))


def _get_url(path: str, **_options: Any) -> str:
    """Zola's `get_url` of a file (`images/x.png`): its path from the site's root, which
    the import then follows to the file; one of a page (`@/x.md`) it cannot give."""
    if str(path).startswith("@/"):
        raise ValueError(f"get_url of a page, {path}")
    return "/" + str(path).lstrip("/")


def _filters() -> dict[str, Any]:
    """Tera's filters that Jinja lacks or names its arguments otherwise."""
    return {
        "default": _default,
        "replace": lambda v, *a, **k: str(v).replace(str(k.get("from", a[0] if a else "")),
                                                     str(k.get("to", a[1] if len(a) > 1
                                                                   else ""))),
        "split": lambda v, pat=" ": str(v).split(pat),
        "join": lambda v, sep="": sep.join(map(str, v)),
        "truncate": lambda v, length=255, end="…": str(v) if len(str(v)) <= length
        else str(v)[:length] + end,
        "markdown": _markdown,
        "json_encode": lambda v, pretty=False: Markup(json.dumps(v)),
        "as_str": str, "slugify": lambda v: re.sub(r"[^\w]+", "-", str(v).lower()).strip("-"),
        "escape_xml": lambda v: html.escape(str(v)),
    }


def tera_to_jinja(text: str) -> str:
    """Tera's syntax where Jinja's differs: `set_global` outside a loop is `set` (`if`
    has no scope), a macro is called as `macros::card(…)` (Jinja: `macros.card(…)`)."""
    text = re.sub(r"(\{%-?\s*)set_global\b", r"\1set", text)
    return re.sub(r"\{\{.*?\}\}|\{%.*?%\}", lambda tag: re.sub(  # (not CSS's `a::part(x)`)
        r"\b([A-Za-z_]\w*)::([A-Za-z_]\w*)\s*\(", r"\1.\2(", tag.group()), text,
        flags=re.DOTALL)


def _data_loader(root: Path | None) -> Any:
    """Zola's `load_data(path=…, format=…)` of a file of the site (`content/cv/x.toml`,
    `@/cv/x.toml`): TOML, JSON, YAML, CSV (`headers`, `records`) or text. A URL, or a
    file outside the site, is not read (the template is then not run)."""

    def load_data(path: str = "", format: str = "", required: bool = True,  # noqa: A002
                  **options: Any) -> Any:
        if root is None or options.get("url") or not path:
            raise ValueError("load_data of a URL, or without a site")
        rel = str(path)[2:] if str(path).startswith("@/") else str(path)
        base = root / "content" if str(path).startswith("@/") else root
        file = (base / rel.lstrip("/")).resolve()
        if not file.is_relative_to(root.resolve()) or not file.is_file():
            if not required:
                return None
            raise ValueError(f"load_data: no file {path}")
        kind = (format or file.suffix.lstrip(".")).lower()
        text = read_text(file)
        if kind == "toml":
            return tomllib.loads(text)
        if kind == "json":
            return json.loads(text)
        if kind in ("yaml", "yml"):
            data, error = load_mapping("yaml", text)
            if error:
                raise ValueError(f"load_data: {path}: {error}")
            return data
        if kind == "csv":
            rows = list(csv.reader(io.StringIO(text)))
            return {"headers": rows[0] if rows else [], "records": rows[1:]}
        return text

    return load_data


def _tests() -> dict[str, Any]:
    return {"starting_with": lambda v, pat: str(v).startswith(pat),
            "ending_with": lambda v, pat: str(v).endswith(pat),
            "containing": lambda v, pat: pat in v}


class OwnTemplates:
    """The site's shortcode templates, read once, run per use."""

    def __init__(self, files: dict[str, Path], config: dict[str, Any],
                 site: Path | None = None, theme: str | None = None) -> None:
        self.files = files
        self.config = config
        # (what a template imports, `{% import "macros/x.html" as m %}`: the site's
        # templates, else its theme's, as Zola looks)
        roots = [] if site is None else [site / "templates"] + (
            [site / "themes" / theme / "templates"] if theme else [])
        self.env = SandboxedEnvironment(autoescape=True, undefined=jinja2.Undefined,
                                        loader=jinja2.FunctionLoader(
                                            lambda name: _imported(roots, name)))
        self.env.filters.update(_filters())
        self.env.tests.update(_tests())
        self.env.globals["get_url"] = _get_url
        self.env.globals["load_data"] = _data_loader(site)
        self.compiled: dict[str, jinja2.Template | str] = {}

    def template(self, name: str) -> jinja2.Template | str:
        """The compiled template, or why it cannot be run."""
        if name not in self.compiled:
            try:
                self.compiled[name] = self.env.from_string(tera_to_jinja(
                    component_template(read_text(self.files[name]))))
            except jinja2.TemplateError as error:
                self.compiled[name] = f"its template does what Lanting cannot run ({error})"
        return self.compiled[name]

    def run(self, name: str, args: dict[str, Any], body: str | None,
            page: dict[str, Any]) -> tuple[str, str]:
        """(Markdown, "") or ("", why the template was not run)."""
        template = self.template(name)
        if isinstance(template, str):
            return "", template
        context = {**args, "nth": 1, "lang": page.get("lang", ""), "page": page,
                   "section": page, "config": self.config}
        if body is not None:
            context["body"] = Markup(BODY)  # (what the template makes of it: placed after)
        try:
            out = template.render(context)
        except (jinja2.TemplateError, TypeError, ValueError, AttributeError) as error:
            return "", f"its template does what Lanting cannot run ({error})"
        if self.files[name].suffix == ".md":
            return out.replace(BODY, body or ""), ""
        return _placed(out, body or ""), ""


def _imported(roots: list[Path], name: str) -> str | None:
    """A template another imports, in Jinja's syntax; None when no root holds it."""
    for root in roots:
        path = (root / name).resolve()
        if path.is_relative_to(root.resolve()) and path.is_file():
            return tera_to_jinja(read_text(path))
    return None


def _placed(out: str, body: str) -> str:
    """An HTML template's output in Markdown: a block when it makes one, else words."""
    if BODY in out:
        before, _, after = out.partition(BODY)
        opened = _RAW_OPEN.findall(before)
        if opened and not re.search(rf"</{opened[-1]}\s*>", before.rsplit(
                "<" + opened[-1], 1)[-1], re.IGNORECASE):
            # (inside a `<pre>` or `<script>`: the body's text itself, not Markdown)
            text = body if opened[-1].lower() in ("script", "style") else html.escape(body)
            return B.block(before + text + after.replace(BODY, ""))
        return B.block(B.html_block_lines(before)) + B.block(body) + B.block(
            B.html_block_lines(after.replace(BODY, "")))
    if _BLOCK_START.match(out) or "\n\n" in out.strip():
        return B.block(B.html_block_lines(out))
    return " ".join(out.split())
