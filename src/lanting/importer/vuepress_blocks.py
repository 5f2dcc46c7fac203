"""The `:::` containers of VitePress and VuePress pages, and the parts of a page that are
Vue's, not Markdown's (`<script setup>`, `<div v-pre>`), in Lanting's Markdown.

Lanting reads `::: tip Title`, `::: warning`, `::: danger`, `::: info`, `::: note`,
`::: details Title` and `::: code-group` as VitePress writes them, so they stay. What it
does not read: hope's `::: code-tabs#shell` and `::: tabs#id` with `@tab:active Name`
(Lanting's `::: tabs` with `@tab Name`), VuePress 2's `::: code-group` of `::: code-group-item
Title` containers (tabs), `::: v-pre` and hope's alignment blocks (`::: center`;
unwrapped), other containers (`::: demo`, `::: echarts`: unwrapped with a warning, their
content shown as written); `<div v-pre>` lines (removed), `<script setup>` and `<style>`
blocks (left out). The components of a page are `vuepress_tags.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from lanting.importer import body as B
from lanting.importer.figure_labels import numbered_caption
from lanting.importer.liquid import Context
from lanting.markdown.callouts import callout_kind

KEPT = frozenset({"details", "code-group", "tabs", "spoiler"})
"""Containers Lanting reads besides the callouts."""
UNWRAPPED = frozenset({"v-pre", "center", "left", "right", "justify", "raw", "md-block", "flex",
                       "card-grid", "card-masonry", "card", "steps", "file-tree",
                       "demo-wrapper"})
"""Containers whose content the old site showed as any text (aligned, laid out side by
side — plume's `::: flex center`, its `::: card-masonry` wall of pictures —, not
compiled, or framed: plume's `::: card` box, its `::: demo-wrapper` browser window,
its `::: steps` numbering an ordered list, its `::: file-tree` drawing a nested list of
names as folders and files)."""
_TITLED = frozenset({"card", "demo-wrapper"})
"""Those of `UNWRAPPED` that showed a title above their content."""
_FLAGGED = frozenset({"demo-wrapper"})
"""Those whose words are all attributes and flags (`img no-padding`: no title)."""
_ATTRIBUTES_ONLY = re.compile(r"""(?:[\w:-]+(?:[ \t]*=[ \t]*(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*)+""")
"""Attributes, and flags among them (plume's `title="效果" img no-padding`)."""
_CONTAINER = re.compile(r"^([ \t]*)(:{3,})[ \t]*([^\s:{][^\n]*?)?[ \t]*$")
_TAB_NAME = re.compile(r"^(code-tabs|tabs)(?:#[\w-]+)?$")
_TAB_LINE = re.compile(r"^([ \t]*)@tab(?::active)?(.*?)(?:(?<!\\)#[^#\n]*)?[ \t]*$",
                       re.MULTILINE)
"""A tab's line as @mdit/plugin-tab reads it: any line starting `@tab`, its title the rest
without a leading `:active` and a trailing `#id` (`@tab:ative Windows`, mistyped, is a
tab titled `:ative Windows`)."""
_SFC_BLOCK = re.compile(r"^<(script|style)\b[^>]*>(?:[^\n]*?</\1>|.*?^</\1>)[ \t]*\n?",
                        re.MULTILINE | re.DOTALL)
"""A Vue `<script>` or `<style>` block: over lines, or on one (`<style src="/x.scss">
</style>`, whose `src` was taken for an image)."""
_ATTRIBUTE = re.compile(r"""(:?[\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def attributes(text: str) -> dict[str, str]:
    return {m.group(1).lstrip(":"): m.group(2) if m.group(2) is not None else m.group(3)
            for m in _ATTRIBUTE.finditer(text)}


def sfc_blocks(text: str, ctx: Context) -> str:
    """`<script setup>` and `<style>` blocks of a VitePress page: a Vue component's code,
    which Lanting does not run."""

    def drop(match: re.Match[str]) -> str:
        opening, inner = match.group().split(">", 1)
        if match.group(1) == "script" and "src=" not in opening and not re.sub(
                r"//[^\n]*|/\*.*?\*/|;", "", inner.rsplit("<", 1)[0], flags=re.DOTALL).strip():
            return ""  # (nothing left to run: a content loader's import, read already)
        ctx.warn(match.group().split("\n")[0], f"a Vue `<{match.group(1)}>` block left out: "
                 "Lanting runs no page scripts (what it set up shows nothing)")
        return ""

    return _SFC_BLOCK.sub(drop, text)


_V_PRE_OPEN = re.compile(r"^[ \t]*<(div|p|section)[ \t]+v-pre[ \t]*>[ \t]*$")


def v_pre_wrappers(text: str, ctx: Context) -> str:
    """A `<div v-pre>` line and its `</div>` line around Markdown: there only so that
    Vue would not read the `{{ }}` inside (Python's `f"{{x}}"`), which Lanting never
    does. markdown-it ended the HTML block at the next blank line and showed the
    Markdown inside as written (list items with their stars and backticks); unwrapped,
    it is Markdown again. The code is put aside already."""
    lines = text.split("\n")
    i, count = 0, 0
    while i < len(lines):
        opening = _V_PRE_OPEN.match(lines[i])
        end = next((j for j in range(i + 1, len(lines))
                    if re.match(rf"[ \t]*</{opening.group(1)}>[ \t]*$", lines[j])
                    or re.search(rf"<{opening.group(1)}\b", lines[j])), None) \
            if opening else None
        if opening is None or end is None or not lines[end].strip().startswith("</"):
            i += 1
            continue
        del lines[end], lines[i]
        count += 1
    ctx.convert("`<div v-pre>` wrappers (Vue's; Lanting runs no templates)", count)
    return "\n".join(lines)


def containers(text: str, ctx: Context, details: Mapping[str, bool] | None = None) -> str:
    """Each `:::` container Lanting does not read, rewritten or unwrapped (the code put
    aside already: a `:::` line in a fence is no container). Tabs with no `@tab` line
    (`@tag` mistyped) showed no tab on the old site and fail Lanting's build: unwrapped,
    with a warning; so does an `@tab` line outside tabs: escaped, with a warning."""
    out: list[str | None] = []
    stack: list[tuple[int, str, int]] = []
    """(colons, what its closing line becomes, where its opening line is in `out`) of
    each open container."""
    tabs_at: dict[int, str] = {}
    """Each tabs' opening line as written and the next line with text (to find its line
    among several `::: tabs`), by where it is in `out`."""
    tabbed: set[int] = set()
    """The tabs with an `@tab` line."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        found = _CONTAINER.match(line)
        if not found:
            tabs = [at for _n, kind, at in stack if kind == "tabs"]
            tab = _TAB_LINE.match(line)
            if tabs and tab:
                tabbed.add(tabs[-1])
                line = f"{tab.group(1)}@tab {tab.group(2).strip() or 'Tab'}"
            elif tab:
                # (after its tabs were closed early: text on the old site, and an error
                # to Lanting's build)
                ctx.warn(line.strip(), "`@tab` outside tabs (closed by a `:::` before "
                         "it?): shown as text, as on the old site")
                line = f"{tab.group(1)}\\{line[len(tab.group(1)):]}"
            out.append(line)
            continue
        indent, colons, params = found.group(1), found.group(2), (found.group(3) or "")
        if not params:  # (a closing line: the innermost container it can close)
            if stack and len(colons) >= stack[-1][0]:
                _n, kind, at = stack.pop()
                if kind == "tabs" and at not in tabbed:
                    ctx.warn(tabs_at[at], "tabs with no `@tab` line (a mistyped "
                             "`@tab`?): unwrapped, their content shown as written")
                    out[at] = None
                elif kind != "drop":
                    out.append(indent + colons)
            else:
                out.append(line)
            continue
        name = params.split()[0].lower()
        if name == "code-group-item" and stack and stack[-1][1] == "tabs":
            # (VuePress 2's `::: code-group-item npm:active`, a tab of its code group)
            tabbed.add(stack[-1][2])
            stack.append((len(colons), "drop", -1))
            title = re.sub(r":active$", "", params.strip()[len(name):].strip())
            out.append(f"{indent}@tab {title or 'Code'}")
            continue
        if _TAB_NAME.match(name) or name == "code-group" and _items_follow(lines, number):
            stack.append((len(colons), "tabs", len(out)))
            end = next((i for i in range(number + 1, len(lines)) if lines[i].strip()),
                       number)
            tabs_at[len(out)] = "\n".join(lines[number:end + 1])
            out.append(f"{indent}{colons} tabs")
            if name != "tabs":
                ctx.convert("tabs (::: code-tabs, ::: tabs#id, ::: code-group-item)")
        elif callout_kind(name) is not None or name in KEPT:
            stack.append((len(colons), "keep", len(out)))
            out.append(line)
        elif details and name in details:  # (the site's own, `<details open>`: `details`)
            stack.append((len(colons), "keep", len(out)))
            title = params.strip()[len(name):].strip()
            out.append(" ".join(w for w in (f"{indent}{colons} details", title,
                                            "{open}" if details[name] else "") if w))
            ctx.convert("the site's own details containers (vuepress-plugin-container)")
        elif name in UNWRAPPED:
            stack.append((len(colons), "drop", -1))
            written = params.strip()[len(name):].strip()
            title = "" if name not in _TITLED else attributes(written).get("title", "").strip() \
                if name in _FLAGGED else _title(written)
            ctx.note(line.strip(), f"`{colons} {name}` unwrapped: its content is shown as "
                     "any other text" + (", its title in bold above it" if title else ""))
            if title:
                out += [f"{indent}**{title}**", indent.rstrip()]
        else:
            stack.append((len(colons), "drop", -1))
            title = _title(params.strip()[len(name):].strip())
            ctx.warn(line.strip(), f"`{colons} {params.strip()}` has no Lanting form: "
                     "unwrapped, its content shown as written" + (
                         ", its title in bold above it" if title else ""))
            if title:  # (the block's title, as vuepress-plugin-container showed it on top)
                out += [f"{indent}**{title}**", indent.rstrip()]
    return "\n".join(line for line in out if line is not None)


def _title(written: str) -> str:
    """The title of a container, written after its name: as written (what
    vuepress-plugin-container showed), or, written as attributes, its `title` (plume's
    `::: card title="周记" icon="…"`: the attributes were the title, in bold)."""
    if "=" in written and _ATTRIBUTES_ONLY.fullmatch(written):
        return attributes(written).get("title", "").strip()
    return written


_IMAGE_CONTAINER = re.compile(
    r"^([ \t]*)(:{3,})[ \t]*([\w-]+)[ \t]+([^\n]*?)[ \t]*\n(?:[ \t]*\n)*"
    r"[ \t]*!\[([^\]\n]*)\]\(([^)\s]+)\)[ \t]*\n(?:[ \t]*\n)*\1\2[ \t]*$", re.MULTILINE)
"""A container of the site's own around one image, with words after its name (`::: img
损失曲线` over `![](./a.jpg)`): the plugin that defined it showed them with it."""


def image_containers(text: str, ctx: Context) -> str:
    """A container Lanting does not read around one image, titled (a site's `img` type of
    vuepress-plugin-container, its `info` the caption): a figure, captioned by the title.
    Unwrapped, as other such containers are, the title was lost."""

    def one(match: re.Match[str]) -> str:
        indent, name, title, alt, src = (match.group(1), match.group(3), match.group(4),
                                          match.group(5), match.group(6))
        if callout_kind(name.lower()) is not None or name.lower() in KEPT | UNWRAPPED \
                or _TAB_NAME.match(name.lower()) or name.lower() == "code-group-item":
            return match.group()
        ctx.note(match.group().split("\n", 1)[0].strip(), f"`::: {name}` around one image: "
                 "a figure, its title the caption")
        ctx.convert("containers of one image as figures")
        # (Typora's placeholder alt text, `image`, says nothing: the caption says it)
        alt = "" if alt.strip().lower() in ("image", "img") else alt
        caption = numbered_caption(title, match.group().split("\n", 1)[0].strip(), ctx)
        return indent + B.figure(src, caption, alt).strip()

    return _IMAGE_CONTAINER.sub(one, text)


def _items_follow(lines: list[str], number: int) -> bool:
    """Whether the `::: code-group` opened at line `number` is VuePress 2's (its default
    theme's and reco's), of `::: code-group-item Title` containers, not VitePress's, of
    fences titled `[npm]` (which Lanting reads as written)."""
    for line in lines[number + 1:]:
        found = _CONTAINER.match(line)
        if found:
            return (found.group(3) or "").split()[:1] == ["code-group-item"]
    return False
