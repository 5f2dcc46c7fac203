"""The body of a Docusaurus blog post, doc or page in Lanting's Markdown.

Lanting reads as written: admonitions (`:::note Title`, v3's `:::tip[Title]`), code
block titles (`title="x.py"`), line ranges (`{1,3-4}`), `showLineNumbers`, `$…$` and
`$$…$$` (remark-math), `## Title {#id}`, `<details>`. Converted here: the excerpt
marker (`<!-- truncate -->`, `{/* truncate */}`), tabs (`docusaurus_tabs.py`), MDX
(`docusaurus_mdx.py`), the code blocks' magic comments (`// highlight-next-line`,
`# highlight-start` … `highlight-end`: the lines highlighted, the comments gone) and
`showLineNumbers=5`, the admonition kinds Lanting lacks (`:::secondary`), KaTeX's
colour macros (`\\blue{…}` → `\\textcolor{blue}{…}`), and links: to other files
(`./x.md`, `@site/docs/x.mdx`), to old URLs (`/docs/intro`), to static files
(`/img/x.png`, `@site/static/img/x.png`, `pathname:///x.pdf`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.body_links import DROPPED, map_urls, unlink_dropped
from lanting.importer.body_math import shelve_tex_math
from lanting.importer.body_parentheses import escaped_parentheses
from lanting.importer.body_references import map_reference_urls
from lanting.importer.body_wiki_links import plain_wiki_links
from lanting.importer.common import LinkTable, is_image
from lanting.importer.docusaurus_categories import DOC_CARD_LIST
from lanting.importer.docusaurus_mdx import (
    admonitions,
    code_blocks,
    comments,
    components,
    html_attributes,
    links,
    markdown_in_jsx,
    mdx_lines,
)
from lanting.importer.docusaurus_settings import DocusaurusConfig
from lanting.importer.docusaurus_tabs import convert_tabs, nest_containers
from lanting.importer.figure_labels import titled_images
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.report import Report
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.importer.vuepress_fragments import PageAnchors, other_page_fragment
from lanting.markdown.anchors import github_slug
from lanting.markdown.callouts import callout_kind

_TRUNCATE = re.compile(r"^[ \t]*<!--\s*truncate\s*-->[ \t]*$", re.MULTILINE)
_MAGIC = re.compile(r"^[ \t]*(?://|#|/\*|<!--|\{/\*|--|%|;)[ \t]*highlight-(next-line|start|end)"
                    r"[ \t]*(?:\*/\}?|-->)?[ \t]*$")
_KINDS = {"secondary": "note", "success": "tip"}
"""Docusaurus v2's admonition kinds Lanting has no colour for."""


_OPENING = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})(.*)$")


def unwrap_mdx_code_blocks(text: str) -> tuple[str, int]:
    """Docusaurus's ```` ```mdx-code-block ```` fences without their fence lines: its
    MDX loader unwraps them, so that what they hold (`<Tabs>` opened in one, closed in
    another, around fences of code; an import with `<DocCardList />`) is read as MDX
    while editors show it as code. Fences inside other code blocks stay (an example)."""
    lines = text.split("\n")
    kept: list[str] = []
    count = 0
    open_fence: tuple[str, bool] | None = None
    """The fence that is open: its marker, and whether it is an unwrapped one."""
    for line in lines:
        found = _OPENING.match(line)
        if open_fence is not None:
            marker, unwrapped = open_fence
            if found and found.group(1)[0] == marker[0] and len(found.group(1)) >= len(
                    marker) and not found.group(2).strip():
                open_fence = None
                if unwrapped:
                    continue
            kept.append(line)
        elif found and found.group(2).strip() == "mdx-code-block":
            open_fence, count = (found.group(1), True), count + 1
        else:
            if found:
                open_fence = (found.group(1), False)
            kept.append(line)
    return "\n".join(kept), count


def magic_fence(info: str, code: str, indent: str, ctx: Context) -> str:
    """A fenced block with its magic comments made highlighted lines, `showLineNumbers=N`
    a starting number, Docusaurus's own flags (`npm2yarn`, `live`) dropped."""
    lines, marked = [], []
    next_line = False
    start: int | None = None
    for line in code.split("\n"):
        magic = _MAGIC.match(line)
        if magic is None:
            lines.append(line)
            if next_line or start is not None:
                marked.append(len(lines))
            next_line = False
            continue
        kind = magic.group(1)
        next_line = kind == "next-line"
        start = len(lines) + 1 if kind == "start" else None if kind == "end" else start
    words = re.findall(r"\{[^}]*\}|\w+=(?:\"[^\"]*\"|'[^']*'|\S+)|\S+", info)
    numbered = next((w for w in words if re.fullmatch(r"showLineNumbers(=\d+)?", w)), "")
    flags = [w for w in words if w in ("npm2yarn", "live", "noInline")]
    lang = words[0] if words and "=" not in words[0] and not words[0].startswith("{") \
        else ""
    # (as written when Lanting reads it so; not ```` ```title="x" ````, whose first word
    # Lanting would take for the language)
    if not marked and "=" not in numbered and not flags and (lang or not words):
        return fence(info, code, None, indent)
    if lang in ("npm2yarn", "live", "noInline") or lang.startswith("showLineNumbers"):
        lang = ""
    options: dict[str, str] = {}
    ranges = [r for w in words if w.startswith("{") for r in w.strip("{}").split(",")
              if r.strip()]
    ranges += [str(n) for n in marked]
    for word in words:
        key, eq, value = word.partition("=")
        if eq and key not in ("showLineNumbers",):
            options[key] = value.strip("\"'")
    if ranges:
        options["hl_lines"] = " ".join(ranges)
        ctx.convert("highlighted lines (magic comments)", int(bool(marked)))
    if numbered:
        options["linenos"] = "true"
        if "=" in numbered:
            options["start"] = numbered.partition("=")[2]
    if "live" in flags:
        ctx.warn("live", "a `live` code block (an editor running React code) is shown as "
                 "code")
    return fence(lang, "\n".join(lines), options, indent)


class DocusaurusBodies:
    """The body side of the Docusaurus importer."""

    source: Path
    static: Path
    blog_dir: Path
    docs_dir: Path
    config: DocusaurusConfig
    report: Report
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    mirrors: dict[Path, Path]
    math: bool
    doc_card_list: Callable[[Path], str]
    """(`DocusaurusCategories.doc_card_list`)"""
    documents: list[tuple[Item, str, Path]]
    """Each page's item, body as written and file."""
    page_anchors: PageAnchors
    """The heading ids and other anchors of the pages links name, as they are read."""

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        text, count = _TRUNCATE.subn("<!-- more -->", text)
        ctx.convert("excerpt markers (truncate)", count)
        text, count = unwrap_mdx_code_blocks(text)
        ctx.convert("```mdx-code-block fences unwrapped (their MDX read)", count)
        text = convert_tabs(text, ctx)
        shelf = Shelf()
        text = protect_code(text, shelf, lambda info, code, indent: self.fence(
            info, code, indent, ctx))
        text = nest_containers(text)
        if self.config.mdx or path.suffix.lower() == ".mdx":
            text, count = markdown_in_jsx(text)
            ctx.convert("Markdown inside JSX blocks (MDX) as paragraphs", count)
        text, raw = mdx_lines(text, ctx, path)
        if self.math:  # (KaTeX's colour macros, which Lanting's math lacks)
            text, count = re.subn(r"\\(red|blue|green|gray|purple|orange|pink)\{",
                                  r"\\textcolor{\1}{", text)
            ctx.convert("KaTeX colour macros (\\blue{…}) as \\textcolor", count)
        if not self.math:  # (without remark-math a `$` was a dollar sign)
            text, count = re.subn(r"(?<!\\)\$", r"\\$", text)
            if count:
                ctx.note("$", "no remark-math in the site's settings: its `$` showed as "
                         "dollar signs, and are escaped (`\\$`) to stay so")
        else:  # (a formula was TeX to remark-math: `$a<b$` holds no component `<b`)
            text = shelve_tex_math(text, shelf)
        # (remark-math reads `$` only: `\(…\)` were escaped parentheses)
        text, count = escaped_parentheses(text)
        ctx.convert("escaped parentheses \\( \\) as plain ones", count)
        text = comments(text, ctx)
        text = code_blocks(text, raw, shelf, ctx)
        text = admonitions(text, ctx)
        text = links(text, ctx)
        text = html_attributes(text, ctx)
        text, count = DOC_CARD_LIST.subn(lambda _m: self.doc_card_list(path), text)
        ctx.convert("`<DocCardList />` as a list of the folder's docs", count)
        # (`@theme/TOCInline`: the page's table of contents, which Lanting shows itself)
        text, count = re.subn(r"<TOCInline\b[^<>]*/>", "[[toc]]", text)
        ctx.convert("`<TOCInline />` as [[toc]] (Lanting's table of contents)", count)
        text = titled_images(components(text, ctx), ctx)
        # (Docusaurus read no cross-references or citations: `@fig:x`, `[@key]` were text)
        text, count = re.subn(r"(?<![\w\\])@(?=(?:fig|eq|sec|tbl|lst):)|(?<=\[)@(?=[\w-])",
                              r"\\@", text)
        ctx.convert("@ kept as text (not a citation or reference)", count)
        text, kinds = re.subn(r"^([ \t]*:{3,}[ \t]*)(secondary|success)\b",
                              lambda m: m.group(1) + _KINDS[m.group(2)], text,
                              flags=re.MULTILINE)
        ctx.convert("admonitions of another kind", kinds)
        text = self.own_admonitions(text, ctx)
        # (MDX reads no `[[Note]]`: the old page showed it as written)
        text = plain_wiki_links(text, ctx, lambda name, heading, shown: self.wiki_link(
            name, heading, shown, path), math_lines=False)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        text = map_urls(text, resolve)
        # (`[AI]` with `[AI]: /notes/ai.md` under the text)
        text = map_reference_urls(text, resolve, DROPPED)
        text = unlink_dropped(text)
        text = B.tables_and_anchors(shelf.restore(text, "M"), ctx.convert)
        return B.tidy(shelf.restore(text))

    def wiki_link(self, name: str, heading: str, shown: str | None, path: Path) -> str | None:
        """The link to the page a `[[Note]]` names (a Markdown file of the page's folder
        or the docs folder: notes written in Obsidian before the site published them),
        or None: its text is kept."""
        file = f"{name.strip().removesuffix('.md')}.md"
        if not any((folder / file).is_file() for folder in (path.parent, self.docs_dir)):
            return None
        return f"[{shown or name.strip()}](<{file}{heading}>)"

    def own_admonitions(self, text: str, ctx: Context) -> str:
        """`:::quiz` of a site whose config adds `quiz` to the admonitions' `keywords`:
        a box of that kind, titled by it (`Quiz`) or by the title given (`:::quiz[习题 2]`,
        v2's `:::quiz 习题 2`). Lanting has no such block: a note, titled the same."""
        own = [k for k in self.config.admonition_keywords
               if re.fullmatch(r"[\w-]+", k) and callout_kind(k) is None
               and k not in ("details", "tabs", "gallery")]
        if not own:
            return text
        head = re.compile(r"^([ \t]*:{3,}[ \t]*)(" + "|".join(map(re.escape, own))
                          + r")(?![\w-])([ \t]*\S.*)?$", re.MULTILINE)

        def one(match: re.Match[str]) -> str:
            ctx.convert("admonitions of the site's own kinds")
            title = (match.group(3) or "").strip()
            return match.group(1) + "note" + (
                (title if title.startswith("[") else f" {title}") if title
                else f"[{match.group(2).replace('-', ' ').capitalize()}]")

        return head.sub(one, text)

    def fence(self, info: str, code: str, indent: str, ctx: Context) -> str:
        """A fenced block; ```` ```math ```` is a formula to remark-math: `$$ … $$`."""
        if self.math and info.split(" ", 1)[0] == "math":
            ctx.convert("math blocks (```math)")
            lines = ["$$", *code.strip("\n").split("\n"), "$$"]
            return "\n".join(indent + line if line else "" for line in lines)
        return magic_fence(info, code, indent, ctx)

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        """A link or image of the old site as the new one has it (None: as written)."""
        original = url
        if url.startswith("pathname://"):
            url = url.removeprefix("pathname://")
            ctx.convert("pathname:// links")
        if url.startswith("@site/static/"):
            url = url.removeprefix("@site/static")
            ctx.convert("static URLs (@site/static)")
        elif url.startswith("@site/"):
            url = str(self.source / url.removeprefix("@site/"))
        unchanged = None if url == original else url
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000", url) or not url:
            return unchanged
        rel, hash_mark, fragment = url.partition("#")
        rel = unquote(rel.partition("?")[0])
        if rel.startswith("/") and not Path(rel).is_relative_to(self.source):
            return self.site_url(rel, hash_mark + fragment, image, original, item, ctx) \
                or unchanged
        return self.file_url(rel, hash_mark + fragment, image, item, path, ctx) or unchanged

    def site_url(self, rel: str, fragment: str, image: bool, original: str, item: Item,
                 ctx: Context) -> str | None:
        """A path from the site's root: an old URL, a file's path (`/blog/x.md`, from the
        site's or a content folder), a file of `static/`."""
        target = self.table.find(rel) or next((
            self.by_source[f.resolve()] for f in (
                self.source / rel.lstrip("/"), self.blog_dir / rel.lstrip("/"),
                self.docs_dir / rel.lstrip("/"))
            if f.suffix in (".md", ".mdx") and f.resolve() in self.by_source), None)
        if target is not None:
            ctx.convert("links to old URLs")
            return self.site.link(target) + self.fragment_in(target, item, fragment, original,
                                                             ctx)
        file = self.static / rel.lstrip("/")
        if file.is_file():
            if image or is_image(file):
                return self.site.image(file, rel)
            return rel + fragment
        blog = "/" + self.config.blog.route.strip("/")
        listing = {f"{blog.rstrip('/')}/archive": "/archive/", f"{blog.rstrip('/')}/tags":
                   "/tags/"}.get(rel.rstrip("/")) if self.config.blog.enabled else None
        if listing is not None and not image:  # (the blog's own lists: Lanting's)
            ctx.convert("links to the blog's archive and tag list")
            return listing + fragment
        if image:
            ctx.warn(original, f"image `{original}` not found in `static/`: left as "
                     "written")
        elif rel.rstrip("/") != blog:
            ctx.warn(original, f"link `{original}` leads to no imported page or file "
                     "(a React page, a generated index?): the link is dropped, its "
                     "text kept")
            return DROPPED
        return None

    def file_url(self, rel: str, fragment: str, image: bool, item: Item, path: Path,
                 ctx: Context) -> str | None:
        """A relative path: a file (from the page's folder, else from a content folder
        as Docusaurus tried it; a translation's from the folder it translates), else a
        URL from the page's old URL."""
        file = Path(rel) if rel.startswith("/") else path.parent / rel
        if not file.exists():  # (a translation's link to a file it did not translate)
            file = next((own / file.resolve().relative_to(root) for root, own
                         in self.mirrors.items() if file.resolve().is_relative_to(root)),
                        file)
        if not file.exists() and not rel.startswith("/") and rel.endswith((".md", ".mdx")):
            file = next((c for c in (self.docs_dir / rel, self.blog_dir / rel)
                         if c.is_file()), file)
        target = self.by_source.get(file.resolve()) if file.is_file() else None
        if target is None and not file.is_file():
            target = self.relative_url(rel, item)
        if target is not None:
            ctx.convert("links to other pages")
            return self.site.link(target) + self.fragment_in(target, item, fragment,
                                                             rel + fragment, ctx)
        if file.is_file():
            if image or is_image(file):
                return self.site.image(file, None)
            # (Docusaurus gave such a file a hashed URL: any path of ours will do, one
            # per file: `blog/2024-01-31-x/data.csv` → `/files/blog/2024-01-31-x/data.csv`)
            return self.site.linked_file(file, self.source) + fragment
        if image:
            ctx.warn(rel, f"image `{rel}` not found: left as written")
        elif rel:
            ctx.warn(rel, f"link `{rel}` leads to no page or file of the site: the link "
                     "is dropped, its text kept")
            return DROPPED
        return None

    def fragment_in(self, target: Item, item: Item, fragment: str, url: str,
                    ctx: Context) -> str:
        """`#x` of a link of `item` to another page as the id of the heading it meant
        there (`#Create-Github-Actions` is `#create-github-actions`: Docusaurus's ids are
        GitHub's); one naming no heading or anchor of it is left out, with a warning:
        Docusaurus warned of the broken anchor, and the browser showed the page's top.
        A translation's link is to the page in its language, where the locale's prefix
        led it on the old site and Lanting's link map leads it."""
        page = self.in_language(target.source, item.source) if target.source else None
        wanted = unquote(fragment.lstrip("#"))
        if page is None or not wanted:
            return fragment
        found = other_page_fragment(wanted, page, self.documents, self.page_anchors,
                                    github_slug, url, ctx)
        return "" if found is None else fragment if found == wanted else "#" + found

    def in_language(self, page: Path, here: Path | None) -> Path:
        """The translation of `page` in the language of the page `here`, if it has one."""
        for root, own in self.mirrors.items():
            if here is not None and here.resolve().is_relative_to(root) \
                    and page.resolve().is_relative_to(own):
                version = root / page.resolve().relative_to(own)
                return version if version.resolve() in self.by_source else page
        return page

    def relative_url(self, rel: str, item: Item) -> Item | None:
        """What a relative URL named from the page's old URL (`../intro` beside
        `/docs/guide/setup`, as the browser resolved it)."""
        if not item.old_urls:
            return None
        base = item.old_urls[0] if item.old_urls[0].endswith("/") \
            else item.old_urls[0].rsplit("/", 1)[0] + "/"
        return self.table.find(posixpath.normpath(posixpath.join(base, rel or ".")))
