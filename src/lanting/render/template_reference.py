"""The template reference (`docs/content/pages/templates.md`, a page of the documentation
site), generated from the code so it cannot drift.

What is read from the code, not written by hand:
- which templates exist (the theme's folder) and what each says of itself (its first
  `{# … #}` comment);
- which page templates the renderer renders, to which path, with which variables: every
  `r.render("NAME", PATH, key=…)` call in the modules of `render/` (their syntax tree);
- which variables every page gets: the keys of the dictionaries `PageRenderer` builds
  (`functions`, `self.common`, `values` in `pages.py`), `sharing_helpers`' returned keys
  and `env.globals.update(…)` in `sections.py`;
- which variables each template reads: Jinja's `find_undeclared_variables`, over the
  template and every template it extends, includes or imports.

Only the one-line descriptions of the variables are written here (`VARIABLES`); a test
fails when a template reads or the code passes a variable this table does not describe
(or it describes one nobody uses), or when the page differs from
`python -m lanting.render.template_reference`.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, meta, nodes
from jinja2.defaults import DEFAULT_NAMESPACE

from lanting.render.overrides import theme_templates
from lanting.render.templates import THEME_TEMPLATES

RENDER = Path(__file__).parent
DOC = "docs/content/pages/templates.md"
"""Where the reference lives in Lanting's repository: a page of the documentation site."""

VARIABLES: dict[str, str] = {
    # every page (PageRenderer)
    "site": "The site model of the page's language: `site.posts`, `site.pages`, "
            "`site.tags`, `site.categories`, `site.series`, `site.years`, `site.home`, "
            "`site.academic`, `site.series_of(page)`, `site.unlisted` (posts with "
            "`unlisted: true`: in no listing), … (`model/site.py`).",
    "config": "`lanting.toml`, typed (`model/config.py`): `config.title`, `config.theme`, "
              "`config.menu` (each entry's `name`, `url` and `children`, its drop-down's "
              "entries), `config.params` (free-form values for your templates), …",
    "version": "Lanting's version.",
    "build_year": "The year of the newest dated post or page (the footer's ©; not the "
                  "clock's); none on a site of undated pages.",
    "assets": "Asset name → URL with a version query (`assets['style.css']`).",
    "asset": "`asset('style.css')`: the versioned URL of a theme asset, or of a "
             "`[theme] custom_css` file as `asset('static/css/site.css')`.",
    "absolute": "`absolute(url)`: the URL with the site's origin (`https://…`).",
    "link": "`link(url)`: a menu or config URL with the base path (and the language's "
            "folder for pages).",
    "part_number": "`part_number(series, page)`: which part of the series the page is.",
    "share": "`share(page, title)`: the link-preview card (title, description, image).",
    "share_image": "`share_image(page)`: the preview image's absolute URL, or \"\".",
    "blog_posting": "`blog_posting(page)`: the post's JSON-LD (`BlogPosting`).",
    "person": "`person()`: the author's JSON-LD (`Person`).",
    "cite_this": "`cite_this(page)`: how to cite a post — its BibTeX entry and the "
                 "reference as text (`render/citing.py`).",
    "lang": "The page's language tag (`zh-CN`, `en`).",
    "t": "`t(key)`: an interface string in the page's language (`[strings.LANG]` of "
         "`lanting.toml` overrides them).",
    "canonical": "The page's own path, with the base path (`/blog/`).",
    "current_section": "`current_section(href)`: whether a menu link leads to this page's "
                       "section (for `aria-current`).",
    # globals of every language (sections.py)
    "languages": "The site's languages: `code`, `name`, `base_path` of each.",
    "language_names": "Language code → its name (`{'en': 'English'}`).",
    "alternates": "Page URL → its versions in the other languages.",
    "site_root": "The site's base path (files such as `/cv.pdf` exist once, not per "
                 "language).",
    # passed by one render call or another
    "page": "The page shown: a post or page (`model/pages.py` `Page`: `title`, `date`, "
            "`html`, `toc`, `tags`, `summary`, `features`, …), the home page, a talk, "
            "the blog page's or a term's own text (`content/posts/_index.md`, "
            "`content/tags/<name>.md`; None without one), "
            "`content/publications/_index.md` on the list of publications (its "
            "`features` with the list's), else `{features: …}` on the publication pages.",
    "posts": "The feed's posts, newest first (`[feed] limit` of them).",
    "feed_updated": "The date of the newest post of the feed.",
    "taxonomy": "`tags` or `categories`.",
    "terms": "Every term of the taxonomy (`name`, `slug`, `url`, `posts`, `page`).",
    "term": "One tag or category (`name`, `slug`, `url`, `posts`, `page`: its own text "
            "or None).",
    "series": "One series (`name`, `slug`, `url`, `posts` in order, `page`: its own text "
              "or None); in `_series_box.html` the series of the post.",
    "entries": "The sitemap's entries (`url`, `updated`, `alternates`).",
    "pub": "One publication (`model/academic.py` `Publication`).",
    "json_ld": "The publication's JSON-LD (`ScholarlyArticle`), ready to embed.",
    "elsewhere": "On the root 404 page: the other languages' not-found text (`lang`, "
                 "`base_path`, `title`, `text`, …), swapped in by a small script for their "
                 "URLs.",
    "target": "On an alias (redirect) page: the URL the old address now leads to.",
    "tags": "Every tag of the projects once (`name`, `slug`), for the filter buttons.",
    "talk": "The talk (`model/academic.py` `Talk`): its slides, notes, event, video, …",
    # read by partials from the template that includes them
    "share_title": "Set by the including template: the title of the link preview.",
    "share_description": "Set by the including template: its description.",
}
"""Every variable a template of the theme reads, or the code passes to one."""

OUTPUT_KINDS = (".html", ".xml", ".txt")


@dataclass(frozen=True, slots=True)
class RenderCall:
    """One `render("TEMPLATE", PATH, …)` call of the renderer."""

    template: str
    path: str
    """The output path as the code writes it (`f"{taxonomy}/index.html"`, `page.output`)."""
    passed: tuple[str, ...]
    module: str


def render_calls() -> list[RenderCall]:
    """Every call of `PageRenderer.render` in `render/`, read from the syntax tree."""
    calls = []
    for path in sorted(RENDER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "render" and len(node.args) >= 2):
                continue
            names = _template_names(node.args[0], tree)
            passed = tuple(k.arg for k in node.keywords if k.arg and k.arg != "lang")
            for name in names:
                calls.append(RenderCall(name, ast.unparse(node.args[1]), passed, path.name))
    return calls


def _template_names(node: ast.expr, tree: ast.Module) -> list[str]:
    """The template names an argument can be: a string, either side of `… if … else …`,
    or every template name in what a variable of that name is assigned (`template =
    {Kind.POST: "post.html", …}.get(page.kind, "page.html")`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _template_names(node.body, tree) + _template_names(node.orelse, tree)
    if isinstance(node, ast.Name):
        values = [a.value for a in ast.walk(tree) if isinstance(a, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == node.id for t in a.targets)]
        return [c.value for value in values for c in ast.walk(value)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
                and c.value.endswith(OUTPUT_KINDS)]
    return []


def common_variables() -> list[str]:
    """What every page receives: the keys PageRenderer and sharing_helpers put in its
    context, and the environment's globals."""
    found: list[str] = []
    pages = ast.parse((RENDER / "pages.py").read_text(encoding="utf-8"))
    for node in ast.walk(pages):
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if ast.unparse(target) in ("functions", "self.common", "values"):
                found += [k.value for k in node.value.keys
                          if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    sharing = ast.parse((RENDER / "sharing.py").read_text(encoding="utf-8"))
    for node in ast.walk(sharing):
        if isinstance(node, ast.FunctionDef) and node.name == "sharing_helpers":
            returned = [n.value for n in node.body  # its own return, not its helpers'
                        if isinstance(n, ast.Return) and isinstance(n.value, ast.Dict)]
            found += [k.value for d in returned for k in d.keys
                      if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    sections = ast.parse((RENDER / "sections.py").read_text(encoding="utf-8"))
    for node in ast.walk(sections):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "env.globals.update":
            found += [k.arg for k in node.keywords if k.arg]
    return list(dict.fromkeys(found))


def _environment() -> Environment:
    from lanting.render.templates import create_environment

    return create_environment(THEME_TEMPLATES.parent)  # no site templates: the theme's


def _referenced(env: Environment, name: str) -> list[str]:
    source = env.loader.get_source(env, name)[0] if env.loader else ""
    return [n for n in meta.find_referenced_templates(env.parse(source)) if n]


def used_variables(env: Environment, name: str) -> set[str]:
    """The variables `name` and the templates it extends, includes or imports read."""
    seen: set[str] = set()
    used: set[str] = set()
    declared: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        source = env.loader.get_source(env, current)[0] if env.loader else ""
        tree = env.parse(source)
        used |= meta.find_undeclared_variables(tree)
        declared |= _declared(tree)
        todo += _referenced(env, current)
    return used - declared - set(DEFAULT_NAMESPACE)


def _declared(tree: nodes.Template) -> set[str]:
    """Names a template defines itself (`set`, `for`, macros, imports): a block or a
    template it includes may read them without receiving them."""
    found = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    found |= {n.name for n in tree.find_all(nodes.Macro)}
    found |= {n.target for n in tree.find_all(nodes.Import)}
    for node in tree.find_all(nodes.FromImport):
        found |= {name[1] if isinstance(name, tuple) else name for name in node.names}
    return found


def own_comment(name: str) -> str:
    """The template's first `{# … #}` comment as Markdown ("" if it opens otherwise): its
    paragraphs on one line each, its indented lines (an example) as a fenced Jinja block."""
    text = (THEME_TEMPLATES / name).read_text(encoding="utf-8")
    match = re.match(r"\s*\{#-?\s*(.*?)\s*-?#\}", text, re.S)
    if not match:
        return ""
    blocks: list[str] = []
    prose: list[str] = []
    code: list[str] = []

    def flush() -> None:
        if prose:
            # `<head>` in a comment is text, not an element of the Markdown page
            blocks.append(" ".join(" ".join(prose).split()).replace("<", "&lt;"))
            prose.clear()
        if code:
            blocks.append("```jinja\n" + "\n".join(code) + "\n```")
            code.clear()

    for line in match.group(1).splitlines():
        if line.startswith("  ") and line.strip():
            if prose:
                flush()
            code.append(line[2:])
        elif not line.strip():
            flush()
        else:
            if code:
                flush()
            prose.append(line)
    flush()
    return "\n\n".join(blocks)


def _row(name: str) -> str:
    return f"| `{name}` | {VARIABLES.get(name, '**not described**')} |"


def reference() -> str:
    """The Markdown of `docs/content/pages/templates.md`."""
    env = _environment()
    calls = render_calls()
    common = common_variables()
    lines = [
        "---",
        "title: Template reference",
        "---",
        "",
        f"<!-- Generated by `python -m lanting.render.template_reference > {DOC}`"
        " from the code; tests/test_template_reference.py fails when it is out of date. -->",
        "",
        "A site overrides a template of the theme by putting a file of the same name in "
        "`templates/` (start from the original: `lanting theme copy NAME`; `lanting check` "
        "warns when a later Lanting changes the original). Templates are Jinja2 with "
        "autoescaping and `StrictUndefined`: a misspelt variable is an error at its line, "
        "not an empty string. Filters besides Jinja's: `xmltext`, `isodate`, `rfc3339`, "
        "`monthday(lang)`, `humandate(lang)` (`humandate(lang, end)`: the days from the "
        "date to `end`, `Jun 3–5, 2026`), `toc_entries(levels)` (a post's headings for "
        "its table of contents, each with the level it is shown at: `levels`, moved up to "
        "the top level the post uses).",
        "",
        "## What every page receives",
        "",
        "| variable | what it is |",
        "| --- | --- |",
        *[_row(name) for name in common],
        "",
        "## Pages",
        "",
        "Each page template, the file it writes, what the code passes to it besides the "
        "above, and every variable it (with the templates it extends, includes or imports) "
        "reads.",
        "",
    ]
    rendered = sorted({c.template for c in calls})
    for name in rendered:
        mine = [c for c in calls if c.template == name]
        passed = list(dict.fromkeys(p for c in mine for p in c.passed))
        used = sorted(used_variables(env, name))
        lines += [f"### `{name}`", ""]
        comment = own_comment(name)
        if comment:
            lines += [comment, ""]
        paths = ", ".join(sorted({f"`{c.path}` ({c.module})" for c in mine}))
        lines += [f"- Writes: {paths}",
                  "- Receives: " + (", ".join(f"`{p}`" for p in passed) or "only the above"),
                  "- Reads: " + ", ".join(f"`{u}`" for u in used), ""]
    lines += ["## Partials and macros", "",
              "Included or imported by the templates above; they see the including "
              "template's variables.", ""]
    for name in theme_templates():
        if name in rendered:
            continue
        used = sorted(used_variables(env, name))
        lines += [f"### `{name}`", ""]
        comment = own_comment(name)
        if comment:
            lines += [comment, ""]
        users = sorted(n for n in theme_templates() if name in _referenced(env, n))
        lines += ["- Used by: " + (", ".join(f"`{u}`" for u in users) or "nothing"),
                  "- Reads: " + (", ".join(f"`{u}`" for u in used) or "nothing"), ""]
    passed_only = sorted({p for c in calls for p in c.passed} - set(common))
    lines += ["## Variables passed to some pages", "", "| variable | what it is |",
              "| --- | --- |", *[_row(name) for name in passed_only], ""]
    return "\n".join(lines)


def variable_names() -> set[str]:
    """Every variable a theme template reads or the code passes to one."""
    env = _environment()
    names = set(common_variables()) | {p for c in render_calls() for p in c.passed}
    for name in theme_templates():
        names |= used_variables(env, name)
    return names


if __name__ == "__main__":
    sys.stdout.write(reference())
