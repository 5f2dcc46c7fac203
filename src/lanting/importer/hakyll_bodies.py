"""The body of a Hakyll document (Pandoc's Markdown) in Lanting's Markdown.

Converted here:

- literate Haskell (`.lhs`, Pandoc's `markdown+lhs`): the bird-tracked lines (`> `, and
  `< ` lines) and `\\begin{code}` blocks are Haskell code, not quotes → a `haskell`
  fenced block;
- Hakyll's teaser separator `<!--more-->` → Lanting's `<!-- more -->`;
- math as Pandoc read it: `$…$` and `$$…$$` put aside as TeX; `\\\\(…\\\\)` and
  `\\\\[…\\\\]` formulas when the site enables `Ext_tex_math_double_backslash`; `\\(…\\)`
  formulas only with `Ext_tex_math_single_backslash` (else plain parentheses, Markdown
  escapes); bare `\\begin{aligned}` in a `$$` block;
- Pandoc's grid tables, fenced divs, attributes and spans, `H~2~O` and `2^10^` (with the
  Quarto importer's converters, which read the same Markdown);
- links and images: to other documents by their old URL (`/posts/x.html`, or relative,
  `2021-08-24-x.html`) or their file, to the files the rules copied (at the path their
  route gave them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from lanting.importer import body as B
from lanting.importer.body_displays import paragraph_displays
from lanting.importer.body_links import map_urls, unlink_dropped
from lanting.importer.body_math import (
    shelve_backslash_math,
    shelve_environments,
    shelve_tex_math,
)
from lanting.importer.body_parentheses import doubled_backslash_math, escaped_parentheses
from lanting.importer.body_references import map_reference_urls
from lanting.importer.common import BARE_SITE, LinkTable, is_image
from lanting.importer.grid_tables import grid_tables
from lanting.importer.hakyll_rules import Rules
from lanting.importer.hakyll_site import lanting_page
from lanting.importer.html_block_spans import pandoc_tag_lines
from lanting.importer.html_pages import raw_elements_apart
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.old_links import linked_item, old_link
from lanting.importer.quarto_bodies import pandoc_attributes
from lanting.importer.quarto_div_syntax import Div, classes, depth, identifier, parse
from lanting.importer.quarto_math import bare_environments, bare_macros
from lanting.importer.shelf import Shelf, fence, protect_code
from lanting.importer.site import NewSite
from lanting.importer.sub_sup import scripts
from lanting.importer.text import load_mapping

_METADATA = re.compile(r"\A\ufeff?(-{3,})[ \t]*\n(.*?)\n?^(?:\1|\.\.\.)[ \t]*(?:\n|\Z)",
                       re.DOTALL | re.MULTILINE)
_LINE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*)$")


def split_metadata(text: str) -> tuple[dict[str, Any], str, int, str | None]:
    """(metadata, body, the metadata's first line, error) of a Hakyll file: a block
    opened by three or more dashes and closed by as many or by `...`, read as YAML;
    one that is no YAML (`title: Monads: a tour`) read as the `key: value` lines Hakyll
    before 4.9 read."""
    found = _METADATA.match(text)
    if found is None:
        return {}, text, 1, None
    head, body = found.group(2), text[found.end():]
    data, error = load_mapping("yaml", head)
    if error:
        lines = [_LINE.match(line) for line in head.split("\n") if line.strip()]
        if all(lines):
            return {m.group(1): m.group(2).strip() for m in lines if m}, body, 2, None
    return data, body, 2, error


_BIRD = re.compile(r"^[><](?:[ \t]|$)")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


def bird_tracks(text: str) -> tuple[str, int]:
    """Literate Haskell's code (Pandoc's `markdown+lhs`): each run of lines beginning
    with `>` (or `<`, its inverse bird tracks) at the margin, and each `\\begin{code}`
    … `\\end{code}` block, as a `haskell` fenced block (one space after the tracks
    taken off when every line has it, as Pandoc does). Returns (text, how many)."""
    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    fenced = ""
    while i < len(lines):
        line = lines[i]
        opened = _FENCE.match(line)
        if fenced or opened:
            if opened and not fenced:
                fenced = opened.group(1)
            elif opened and opened.group(1).startswith(fenced):
                fenced = ""
            out.append(line)
            i += 1
            continue
        if line.strip() == "\\begin{code}":
            end = next((j for j in range(i + 1, len(lines))
                        if lines[j].strip() == "\\end{code}"), len(lines))
            out.append(fence("haskell", "\n".join(lines[i + 1:end])))
            count += 1
            i = end + 1
            continue
        if not _BIRD.match(line) or line.startswith("<") and re.match(r"<[A-Za-z/!]", line):
            out.append(line)
            i += 1
            continue
        end = i
        while end < len(lines) and _BIRD.match(lines[end]):
            end += 1
        code = [raw[1:] for raw in lines[i:end]]
        if all(not c or c[0] == " " for c in code):
            code = [c[1:] for c in code]
        out.append(fence("haskell", "\n".join(code).rstrip("\n")))
        count += 1
        i = end
    return "\n".join(out), count


_PROOF_KINDS = frozenset({"theorem", "lemma", "proposition", "corollary", "definition",
                          "axiom", "conjecture", "example", "remark", "proof", "property",
                          "observation", "assumption", "criterion", "algorithm"})
"""Classes of a div that name a kind of statement (amsthm's, which a site's stylesheet
labelled), read as sphinx-proof's blocks of that kind."""


def div_fences(text: str) -> tuple[str, int]:
    """Pandoc's fenced divs with fences Lanting pairs: Pandoc closes a div with any
    fence of three colons or more (`::::::::::` after `:::::: theorem ::::::`) and lets
    an opening end in colons; Lanting pairs fences by length, a div's longer than any
    inside it. Each div is written `:::` and one colon more a level of divs inside it;
    one of a statement's class (`::: theorem`, `{.lemma}`, `proof`) as sphinx-proof's
    block of that kind, unnumbered (its label kept). Returns (text, how many divs)."""
    if ":::" not in text:
        return text, 0
    count = 0

    def render(nodes: list[str | Div]) -> list[str]:
        nonlocal count
        out: list[str] = []
        for node in nodes:
            if isinstance(node, str):
                out.append(node)
                continue
            count += 1
            colons = ":" * (3 + depth(node.children))
            indent = node.opening[:len(node.opening) - len(node.opening.lstrip())]
            attributes = re.sub(r"[ \t]*:+$", "", node.attributes)
            kind = next(iter(classes(attributes)), "").lower()
            if kind in _PROOF_KINDS:
                # (the theme labelled them, "Theorem:", unnumbered: sphinx-proof's blocks)
                label = identifier(attributes)
                options = ([":nonumber:"] if kind != "proof" else []) + (
                    [f":label: {label}"] if label else [])
                out += [f"{indent}{colons}{{prf:{kind}}}", *(indent + o for o in options)]
            else:
                out.append(f"{indent}{colons} {attributes}")
            out += [*render(node.children), f"{indent}{colons}"]
        return out

    return "\n".join(render(parse(text))), count


_CALL = re.compile(r"\$([A-Za-z][\w-]*)\(((?:\s*\"(?:[^\"\\\n]|\\.)*\"\s*,?)*)\s*\)\$")
_YOUTUBE = re.compile(r"(?:youtu\.be/|youtube(?:-nocookie)?\.com/(?:embed/|watch\?v=|shorts/))"
                      r"([\w-]{11})")


def template_body(text: str, shelf: Shelf, ctx: Context) -> str:
    """A body Hakyll read as a template (`applyAsTemplate`) before Pandoc: `$$` was a
    dollar sign (no formula), `$youtube("https://…")$`, a function of the site's own,
    made the player of a YouTube video (Lanting's `video` shortcode); another call is
    kept in a comment, with a warning."""

    def call(match: re.Match[str]) -> str:
        arguments = re.findall(r'"((?:[^"\\\n]|\\.)*)"', match.group(2))
        video = _YOUTUBE.search(arguments[0]) if arguments else None
        if video:
            ctx.convert("YouTube players of the site's template functions as videos")
            return shelf.put(f'{{{{< video youtube="{video.group(1)}" >}}}}')
        return shelf.put(ctx.leave(match.group(), "a function of the site's own templates"))

    text = _CALL.sub(call, text)
    text, count = re.subn(r"\$\$", lambda _m: shelf.put("\\$"), text)
    ctx.convert("`$$` of bodies read as templates as dollar signs", count)
    return text


class HakyllBodies:
    """The body side of the Hakyll importer."""

    content: Path
    rules: Rules
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    templated: set[Path]

    def convert(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        if path.suffix.lower() == ".lhs":
            text, count = bird_tracks(text)
            ctx.convert("literate Haskell's bird-tracked code as Haskell code blocks", count)
        text, count = re.subn(r"<!--more-->", "<!-- more -->", text)
        ctx.convert("teaser separators (`<!--more-->`)", count)
        shelf = Shelf()
        text = re.sub(r"<!--(?! more -->).*?-->", lambda m: shelf.put(m.group()), text,
                      flags=re.DOTALL)
        text = protect_code(text, shelf, pandoc=True)
        text, _count = B.indented_code(text, shelf)
        if path in self.templated:
            text = template_body(text, shelf, ctx)
        text, count = pandoc_tag_lines(text)
        ctx.convert("Markdown on the line after a `<div>` (Pandoc reads it)", count)
        # (`](⏎x.jpg)`: a destination on the next line, which Pandoc read)
        text = re.sub(r"\]\([ \t]*\n[ \t]*(?=[^\s)])", "](", text)
        text = grid_tables(text, ctx.warn, ctx.convert, shelf.put)
        text = bare_environments(text, ctx)
        text = bare_macros(text, ctx)  # (Pandoc's `latex_macros`, on in Hakyll's Markdown)
        text, count = paragraph_displays(text)
        ctx.convert("`$$` displays inside a paragraph on lines of their own (Pandoc's)", count)
        if self.rules.double_backslash:
            text, count = doubled_backslash_math(text, lambda made: shelf.put(made, "M"))
            ctx.convert("`\\\\(x\\\\)` formulas (Ext_tex_math_double_backslash)", count)
        text = shelve_environments(shelve_tex_math(text, shelf), shelf)
        if self.rules.single_backslash:
            text = shelve_backslash_math(text, shelf)
        else:
            text, count = escaped_parentheses(text)
            ctx.convert("escaped parentheses `\\(1\\)` as plain ones (the site's Pandoc "
                        "read no `\\(x\\)` math)", count)
        # (fenced divs, `::: theorem`, Lanting reads as Pandoc did: a `<div>` of the class)
        text, _count = div_fences(text)
        text = pandoc_attributes(text, ctx)
        text = scripts(text, shelf, ctx)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        text = map_reference_urls(map_urls(text, resolve), resolve)
        return B.tidy(shelf.restore(unlink_dropped(text)))

    def html_body(self, text: str, item: Item, ctx: Context, path: Path) -> str:
        """An HTML page's body: its links and images mapped, its `<pre>`, `<script>`,
        `<style>` kept whole (a blank line in one ends no HTML block)."""
        shelf = Shelf()
        text, _count = raw_elements_apart(text, shelf)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, ctx)

        return shelf.restore(map_urls(text, resolve)).strip() + "\n"

    def url(self, url: str, image: bool, item: Item, path: Path, ctx: Context) -> str | None:
        """A link or image of the old site as the new one has it (None: as written)."""
        link = old_link(url, item, path, self.content)
        if link is None:
            return None
        site_path, candidates, fragment = link.site_path, list(link.files), link.fragment
        found = linked_item(link, self.by_source, self.table)
        if found is not None:
            ctx.convert("links to other documents" if found[1] else "links to old URLs")
            return self.site.link(found[0]) + fragment
        published = self.site.static.get(site_path.lstrip("/"))
        for file in ([published] if published else []) + candidates:
            if file.is_file():
                return self.file_url(file, image) + fragment
        if image:
            ctx.warn(url, f"image `{url}` not found among the site's files: left as written")
            return None
        return self.generated(url, site_path, fragment, ctx)

    def generated(self, url: str, site_path: str, fragment: str, ctx: Context) -> str | None:
        """A link to a page the site's code made (a tag's, the archive, the feed) as
        Lanting's own; a web address written without its scheme, or inside one more
        pair of parentheses (`((https://…))`), which led nowhere, as the address."""
        own = lanting_page(site_path, self.rules)
        if own is not None:
            ctx.convert("links to the site's lists (tags, archive, feed) as Lanting's")
            return own + (fragment if own.endswith("/") else "")
        wrapped = re.fullmatch(r"\((https?://\S+)\)", url)
        bare = url if BARE_SITE.match(url) else None
        if wrapped or bare:
            address = wrapped.group(1) if wrapped else "https://" + url
            ctx.note(url, f"link `{url}` led nowhere on the old site: it leads to {address}")
            return address
        return None

    def file_url(self, file: Path, image: bool) -> str:
        """An image as a marker (into the bundle of the post showing it, or its static
        path); another file at the path the rules published it (its path in the
        provider folder when none did)."""
        where = file.resolve()
        published = next((rel for rel, src in self.site.static.items()
                          if src.resolve() == where), None)
        rel = published or (where.relative_to(self.content).as_posix()
                            if where.is_relative_to(self.content) else file.name)
        if image or is_image(file):
            return self.site.image(file, "/" + rel if published else None)
        self.site.static.setdefault(rel, file)
        return "/" + quote(rel)
