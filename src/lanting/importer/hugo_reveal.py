"""reveal-hugo's decks (the theme `github.com/joshed-io/reveal-hugo`: a page or a
section's `_index.md` with `outputs: ["Reveal"]`, slides separated by `---`) → Lanting
talks, whose slides are separated the same way, and the shortcodes of any deck (Hugo
Blox's decks are reveal-hugo's fork):

    {{< slide background-image="cover.jpg" >}}  → `<!-- .slide: data-background-image=… -->`,
                                                   which Lanting's deck reads (`site.reveal`)
    {{% note %}} … {{% /note %}}                → the slide's notes (`Note:`)
    {{% fragment %}} … {{% /fragment %}}, {{< frag c="…" >}}, {{% section %}}
                                                → their text, shown at once

A `slide`'s `template` is one of the front matter's `reveal_hugo: templates:`, as in
reveal-hugo.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.common import first_date, mtime, read_text
from lanting.importer.hugo_bodies import HugoBodies
from lanting.importer.hugo_front import DATES, hugo_keys
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.site import slug_of
from lanting.importer.text import load_mapping, names, split_front_matter
from lanting.markdown.fence_info import FENCE_LINE

_SLIDE_ATTRIBUTES = ("background", "background-color", "background-image",
                     "background-size", "background-gradient", "background-video",
                     "background-iframe")
"""A `slide`'s parameters Lanting's deck reads; the others (`transition`, `id`, `class`,
`state`) change only the look or the motion."""


def is_reveal_deck(data: dict[str, Any]) -> bool:
    """Whether a page's front matter makes it a reveal-hugo deck (`outputs: [Reveal]`)."""
    outputs = data.get("outputs")
    return any(str(o).lower() == "reveal" for o in (
        outputs if isinstance(outputs, list) else [outputs]))


def is_deck_page(path: Path) -> bool:
    """Whether the file `path` (a section's `_index.md`) is a reveal-hugo deck."""
    if not path.is_file():
        return False
    fmt, head, _body, _first = split_front_matter(read_text(path))
    return is_reveal_deck(hugo_keys(load_mapping(fmt or "yaml", head)[0]))


class HugoReveal(HugoBodies):
    """The reader of reveal-hugo's decks, and the shortcodes of every deck's slides."""

    reveal_templates: dict[Path, dict[str, Any]] = {}
    """A deck's `reveal_hugo: templates:`, by its file (set per importer: `read_reveal_deck`)."""
    deck_files: dict[Path, bool] = {}
    """Whether each list page asked about is a deck (`is_deck_file`)."""
    reveal_parts: list[tuple[Path, float, Path, str, list[str]]] = []
    """(deck, weight, page, text, the page's old URLs) of the pages a deck's slides go
    on with (set per importer: `deck_part`)."""

    def part_urls(self: Any, path: Path, bundle: Path | None, section: str,
                  data: dict[str, Any], head: str) -> list[str]:
        """The old URLs of a page that was a deck of its own too (`outputs: [Reveal]`),
        which lead to the deck it is a part of."""
        if not is_reveal_deck(data):
            return []
        date = first_date(data, head, DATES, self.tz) or mtime(path, self.tz)
        return list(self.old_urls(path, bundle, section, data, date, self.stem_of(path),
                                  self.language_of(path)))

    def deck_part(self: Any, path: Path, bundle: Path | None, data: dict[str, Any],
                  body: str, section: str = "", head: str = "") -> bool:
        """Whether the page `path` is part of a deck, as reveal-hugo reads a section: the
        pages of the section whose `_index.md` is a deck go on with its slides (by
        `weight`), and so do those of `content/home/` (or `type: home`) when the home
        page's is; recorded for `finish_reveal_parts`."""
        root = self.root_of(path)
        folder = (bundle or path).parent
        home = str(data.get("type") or "") == "home" or folder == root / "home"
        deck = root / "_index.md" if home else folder / "_index.md"
        if path.stem == "_index" or not self.is_deck_file(deck):
            return False
        weight = data.get("weight")
        self.reveal_parts = [*self.reveal_parts, (deck, float(weight) if isinstance(
            weight, int | float) else 0.0, path, body,
            self.part_urls(path, bundle, section, data, head))]
        return True

    def is_deck_file(self, path: Path) -> bool:
        """Whether the list page `path` (a section's `_index.md`) is a deck."""
        if path not in self.deck_files:
            self.deck_files = {**self.deck_files, path: is_deck_page(path)}
        return self.deck_files[path]

    def finish_reveal_parts(self: Any) -> None:
        """The parts of each deck after its own slides, by weight, each converted as a
        text of its own file (its lines in the report, its images from its folder)."""
        for deck, _weight, path, body, urls in sorted(self.reveal_parts,
                                                key=lambda p: (p[1], str(p[2]))):
            talk = next((i for i in self.site.items if i.source == deck and
                         i.kind == "talk"), None)
            if talk is None:
                continue
            ctx = Context(self.report, path, read_text(path))
            slides = self.convert(body, talk, ctx, path.parent)
            talk.body = talk.body.rstrip("\n") + "\n\n---\n\n" + slides.lstrip("\n")
            for url in urls:  # (the page alone, as reveal-hugo also showed it: the deck)
                if url not in talk.old_urls:
                    talk.old_urls.append(url)
                    self.table.add(url, talk)
            talk.deck_urls |= set(urls)
            self.report.convert("a deck's section pages as its slides")

    def paired_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        handlers = super().paired_handlers(item, ctx, folder)
        return {**handlers, **self.deck_paired(ctx)} if item.kind == "talk" else handlers

    def single_handlers(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        handlers = super().single_handlers(item, ctx, folder)
        return {**handlers, **self.deck_single(item, ctx, folder)} if item.kind == "talk" \
            else handlers

    def read_reveal_deck(self: Any, path: Path, bundle: Path | None, section: str,
                         data: dict[str, Any], head: str, body: str) -> None:
        home = bundle is not None and bundle == self.root_of(path)  # (`content/_index.md`)
        stem = str(data.get("title") or "talk") if home else bundle.name if bundle \
            is not None else self.stem_of(path)
        date = first_date(data, head, DATES, self.tz)
        if date is None:
            date = mtime(path, self.tz)
            self.report.warn(path, None, "a deck without a date: the file's modification "
                             "time is the talk's date")
        front: dict[str, Any] = {"title": str(data.get("title") or stem), "date": date}
        summary = data.get("summary") or data.get("description")
        if isinstance(summary, str) and summary.strip():
            front["summary"] = B.plain_inline(summary)
        if names(data.get("tags")):
            front["tags"] = names(data.get("tags"))
        draft = self.unpublished(path, data, head)
        if draft:
            front["draft"] = True
        language = self.language_of(path)
        item = self.site.add(Item("talk", slug_of(stem), path, front, draft=draft,
                                  lang=self.suffix(language)))
        self.report.counts["talks"] += 1
        self.report.convert("reveal-hugo decks (`outputs: [Reveal]`) as talks")
        item.old_urls = [] if home else self.old_urls(  # (`/` is the new home page)
            path, bundle, section, data, date, stem, language)
        item.deck_urls = frozenset(item.old_urls)  # (they showed the slides)
        for url in item.old_urls:
            self.table.add(url, item)
        settings = data.get("reveal_hugo")
        found = settings.get("templates") if isinstance(settings, dict) else None
        self.reveal_templates = {**self.reveal_templates,
                                 path: found if isinstance(found, dict) else {}}
        self.remember(item, path, bundle, body)

    def deck_paired(self, ctx: Context) -> dict[str, Any]:
        """The paired shortcodes of a deck's slides."""
        return {
            "note": (lambda a, inner, w: f"\nNote:\n\n{inner.strip()}\n", "speaker notes"),
            "fragment": (lambda a, inner, w: inner.strip(), "slide fragments"),
            "section": (lambda a, inner, w: stacked(inner.strip("\n")),
                        "vertical slide groups as reveal.js stacks (`--` between slides)"),
        }

    def deck_single(self, item: Item, ctx: Context, folder: Path) -> dict[str, Any]:
        """The single shortcodes of a deck's slides: `slide`, `frag`."""
        templates = self.reveal_templates.get(item.source, {}) if item.source else {}

        def slide(args: str, written: str) -> str:
            named = B.arguments(args.rstrip("/ \t"))[1]
            template = templates.get(named.get("template", ""))
            if isinstance(template, dict):
                named = {**{str(k): str(v) for k, v in template.items()}, **named}
            attributes = []
            for key in _SLIDE_ATTRIBUTES:
                value = named.get(key, "").strip()
                if key == "background-image" or key == "background" and value \
                        and not value.startswith(("#", "rgb", "hsl")) and "." in value:
                    found = self.figure_source(value, {}, item, folder) if value else None
                    if value and found is None:
                        ctx.warn(written, f"`{written}`: background image `{value}` not "
                                 "found: left out")
                    value = found or ""
                if value:
                    attributes.append(f'data-{key}="{html.escape(value)}"')
            ctx.convert("slide backgrounds as reveal.js's `.slide:` comments")
            return f"<!-- .slide: {' '.join(attributes)} -->" if attributes else ""

        def frag(args: str, written: str) -> str:
            ctx.convert("slide fragments")
            return B.arguments(args.rstrip("/ \t"))[1].get("c", "")

        return {"slide": slide, "frag": frag}


def stacked(text: str) -> str:
    """A `{{% section %}}` group's slides as a vertical stack: its lines `---` (outside
    code) as `--` between blank lines, reveal.js's next slide down, which Lanting's deck
    shows in sequence and numbers as reveal.js did (`#/3/1`, which links name)."""
    lines, fence = text.split("\n"), ""
    for i, line in enumerate(lines):
        opened = FENCE_LINE.match(line)
        if fence:
            fence = "" if opened and line.strip() == opened.group(1) \
                and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) \
                else fence
        elif opened:
            fence = opened.group(1)
        elif line.strip() == "---":
            lines[i] = "\n--\n"
    return "\n".join(lines)
