"""A figure's caption that begins with its own label, `**Figure 1.** The loss curve.`
(`Fig. 2:`, `图 1：`): the label is dropped when Lanting numbers the figure, which shows
"Figure 1" itself (else the reader saw "Figure 1 Figure 1. The loss curve."), with a
notice in the import report; another kind's label (`Table 3:` on an image) is kept, with
a notice that the image is numbered as a figure."""

from __future__ import annotations

import re

from lanting.importer.body_fragments import Told

_SEPARATOR = r"[.:：．。|–—-]"
_NUMBER = r"\d+(?:[.-]\d+)*(?![.-]?\d)"
"""A label's number, `2`, `2.1`, whole (not `2.` of `2.1`)."""


def _label(words: str) -> re.Pattern[str]:
    """A caption's label of one of `words` (a regular expression's alternatives)."""
    return re.compile(rf"(\*\*|__|\*|_)?[ \t]*(?:{words})[ \t]*{_NUMBER}"
                      rf"(?:[ \t]*{_SEPARATOR})?(?(1)\1)(?:[ \t]*{_SEPARATOR})?[ \t]*",
                      re.IGNORECASE)


_OWN_LABEL = _label(r"figure|fig\.?|图|圖")
"""A caption's own label: `**Figure 1.**`, `Fig. 2:`, `图 1：`, `图1.`."""
_OTHER_LABEL = _label(r"table|tab\.|algorithm|alg\.|listing|表|算法")
"""The label of another kind than a figure: `Table 3:`, `**Algorithm 1.**`, `表 2：`."""
_LABEL_IN_BOLD = re.compile(rf"(\*\*|__|\*|_)(?:figure|fig\.?|图|圖)[ \t]*{_NUMBER}"
                            rf"[ \t]*{_SEPARATOR}[ \t]*(?=[^*_ \t])", re.IGNORECASE)
"""A label opening the caption's emphasis, `**Figure 1: Examples.** Top: …`."""


def own_label(caption: str) -> tuple[str, str]:
    """(the caption without its own label, the label) when it begins with one, set off
    by emphasis or a stop (or a space, after `图`), as Lanting numbers the figure itself;
    else (caption, "") (a sentence, `Figure 1 shows…`, or the label alone keeps its
    words)."""
    found = _OWN_LABEL.match(caption.strip())
    bold = _LABEL_IN_BOLD.match(caption.strip())
    if bold and bold.group(1) in caption.strip()[bold.end():]:  # (`**Examples.** Top: …`)
        mark = bold.group(1)
        return mark + caption.strip()[bold.end():], bold.group()[len(mark):].strip()
    if found is None:
        return caption, ""
    label, rest = found.group().strip(), caption.strip()[found.end():]
    # (`图 3 训练曲线`: a space sets a Chinese label off, where a sentence runs on,
    # `图3显示…`; an English one, `Figure 1 shows…`, is a sentence)
    set_off = found.group(1) or re.search(_SEPARATOR + "$", label) or (
        label[0] in "图圖" and found.group() != found.group().rstrip())
    return (rest, label) if set_off and rest else (caption, "")


def numbered_caption(caption: str, snippet: str, told: Told) -> str:
    """`caption` for a numbered figure made of `snippet`: without its own label (and a
    notice), which Lanting's number replaces."""
    rest, label = own_label(caption)
    if label:
        told.note(snippet, f"the caption's own label `{label}` dropped: Lanting numbers "
                  "the figure itself")
    elif other := other_label(caption):
        told.note(snippet, f"the caption begins with `{other}`, the label of another "
                  "kind than a figure: kept, and Lanting numbers the image as a figure "
                  "(a table is better written as a Markdown table)")
    return rest


def other_label(caption: str) -> str:
    """The label of another kind (`Table 3:`) the caption begins with, set off by
    emphasis or a stop; else "" (`Table 3 lists…`, a sentence, is none)."""
    found = _OTHER_LABEL.match(caption.strip())
    if found is None or not caption.strip()[found.end():]:
        return ""
    label = found.group().strip()
    return label if found.group(1) or re.search(_SEPARATOR + "$", label) else ""


_TITLED_IMAGE = re.compile(r"""(?<![^\n])(?<!\S\n)([ ]{0,3}!\[[^\]\n]*\]\([^)\s]+[ \t]+)"""
                           r"""(["'])([^\n]+?)\2(\)(?:\{[^}\n]*\})?[ \t]*)$(?!\n[ \t]*\S)""",
                           re.MULTILINE)
"""An image with a title alone in its paragraph, not in a list or quote: Lanting's
numbered figure, its title the caption (`![](a.png "Figure 1. The loss curve.")`)."""


def titled_images(text: str, told: Told) -> str:
    """`text` with the title of each image Lanting numbers as a figure without its own
    label (`numbered_caption`): the old site showed the title as written, and Lanting
    shows its own number before it."""

    def one(match: re.Match[str]) -> str:
        caption = numbered_caption(match.group(3), match.group(), told)
        if caption == match.group(3):
            return match.group()
        return match.group(1) + match.group(2) + caption + match.group(2) + match.group(4)

    return _TITLED_IMAGE.sub(one, text)


_LABELLED = re.compile(
    r"!\[((?:[^\[\]\n]|\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\])*)\]\([^)\n]*\)"
    r"\{[^}\n]*#fig-[\w:.-]*[^}\n]*\}"
    r"|^([ \t]*)(:{3,})[ \t]*\{[^}\n]*#fig-[^}\n]*\}[ \t]*\n(.*?)^\2\3[ \t]*$",
    re.MULTILINE | re.DOTALL)
"""A figure Quarto numbered: an image labelled `{#fig-x}` (its caption, group 1), or a
figure div, `::: {#fig-x}` (its body, group 4: its last paragraph the caption)."""


def repeated_labels(text: str, chapter: str, told: Told) -> str:
    """`text` (a Quarto document's Markdown) with the label a numbered figure's caption
    begins with dropped when it repeats the number Quarto gave the figure, as Lanting
    gives it too (`Figure 2: Counts` on the page's second figure, or `2.2` in chapter
    2): the reader saw "Figure 2: Figure 2: Counts". Another number, the author's own
    count, stays: the text may name it."""
    out, last, place, inside = [], 0, 0, -1
    for found in _LABELLED.finditer(text):
        if found.start() < inside:  # (a subfigure of a div: numbered 1(a))
            continue
        place += 1
        if found.group(1) is not None:
            start, caption = found.start(1), found.group(1)
        else:
            inside = found.end()
            body = found.group(4).rstrip()
            cut = body.rfind("\n\n")
            if cut < 0:
                continue
            start = found.start(4) + cut + 2
            caption = body[cut + 2:]
        rest, label = _repeated(caption, place, chapter)
        if not label:
            continue
        told.note(caption, f"the caption's own label `{label}` dropped: Quarto numbered "
                  "the figure too, and so does Lanting")
        out += [text[last:start], rest]
        last = start + len(caption)
    return "".join(out) + text[last:]


def _repeated(caption: str, place: int, chapter: str) -> tuple[str, str]:
    """(the caption without its own label, the label) when the label's number is the
    figure's, `place` on its page (or `chapter.place`); else (caption, "")."""
    rest, label = own_label(caption)
    number = re.search(r"\d+(?:[.-]\d+)*", label)
    shown = {str(place), f"{chapter}.{place}" if chapter and "." not in chapter else ""}
    if number is None or number.group().replace("-", ".") not in shown:
        return caption, ""
    return rest, label


_MYST_FIGURE = re.compile(r"^([ \t]*)(`{3,}|:{3,})[ \t]*\{figure\}[^\n]*\n(.*?)^\1\2[ \t]*$",
                          re.MULTILINE | re.DOTALL)
_OPTIONS = re.compile(r"(?:[ \t]*(?::[\w-]+:[^\n]*)?\n)*")
"""A directive's option lines (`:name: fig-x`) and blank lines, before its body."""


def repeated_myst_labels(text: str, chapter: str, told: Told, first: int = 1) -> str:
    """`text` (a Jupyter Book page's MyST) with the label a `{figure}`'s caption (its
    body's first paragraph) begins with dropped when it repeats the number Sphinx gave
    the figure (`numfig`: its place among the page's figures, `3.2` in a numbered
    chapter 3; from `first` on, `2.4` on a part of chapter 2 after three figures), which
    Lanting gives it too; another number stays."""
    out, last, place = [], 0, first - 1
    if first > 1:  # (a part of a chapter, `2.3`: its figures counted in chapter 2)
        chapter = chapter.split(".")[0]
    for found in _MYST_FIGURE.finditer(text):
        body_at = found.start(3) + _OPTIONS.match(found.group(3)).end()  # type: ignore[union-attr]
        caption = text[body_at:found.end(3)].split("\n\n", 1)[0].rstrip()
        if not caption.strip():
            continue  # (no caption: Sphinx numbered it not)
        place += 1
        rest, label = _repeated(caption.strip(), place, chapter)
        if not label:
            continue
        told.note(caption, f"the caption's own label `{label}` dropped: Sphinx numbered "
                  "the figure too, and so does Lanting")
        start = body_at + len(caption) - len(caption.lstrip())
        out += [text[last:start], rest]
        last = body_at + len(caption)
    return "".join(out) + text[last:]


def myst_figures(text: str) -> list[str]:
    """The figures of `text` (MyST) Sphinx numbered, its `{figure}`s with a caption, in
    order: each one's `:name:` ("" for none)."""
    names = []
    for found in _MYST_FIGURE.finditer(text):
        options = _OPTIONS.match(found.group(3)).end()  # type: ignore[union-attr]
        if found.group(3)[options:].split("\n\n", 1)[0].strip():
            name = re.search(r"^[ \t]*:name:[ \t]*(\S+)", found.group(3)[:options],
                             re.MULTILINE)
            names.append(name.group(1) if name else "")
    return names


_LONE_IMAGE = re.compile(r"(?<![^\n])(?<!\S\n)([ \t]*!\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
                         r"\((?:<[^>\n]*>|[^)\s]+))([ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?\)[ \t]*$"
                         r"(?!\n[ \t]*\S)", re.MULTILINE)
"""An image alone in its paragraph, without attributes (its alt text, group 2; its
title, a tooltip to Pandoc, group 3): Pandoc's implicit figure, when the alt text is
not empty."""


def pandoc_figures(text: str, told: Told) -> str:
    """`text` (Pandoc's Markdown: Quarto's, bookdown's, distill's) with each unlabelled
    image alone in its paragraph an unnumbered figure, `{.unnumbered}`: Pandoc showed
    it so, its alt text the caption below it (`![Figure 1: Twitter network](a.png)` as
    written, the author's own number kept: Quarto numbered it not, nor does Lanting,
    and the labelled figures' numbers stay Quarto's)."""

    def one(match: re.Match[str]) -> str:
        if not _in_paragraph(text, match.start()):
            return match.group()
        if match.group(3):  # (a tooltip, which would make Lanting number a figure)
            told.convert("titles of images alone in their paragraph left out (Pandoc "
                         "showed them as tooltips, and numbered no figure)")
        if not match.group(2).strip():
            return match.group(1) + ")"  # (no alt text: an image, as Pandoc showed it)
        told.convert("images alone in their paragraph as Pandoc's unnumbered figures, "
                     "their alt text the caption")
        return match.group(1) + "){.unnumbered}"

    return _LONE_IMAGE.sub(one, text)


_LIST_ITEM = re.compile(r"[ \t]*(?:[*+-]|\d+[.)])[ \t]")


def _in_paragraph(text: str, start: int) -> bool:
    """Whether the line at `start` is a paragraph's: indented less than four columns,
    or more under a list item (the first line above it indented less opens one); else
    it is an indented code block's."""
    line = text[start:text.find("\n", start) if "\n" in text[start:] else len(text)]
    indent = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())
    if indent < 4:
        return True
    for above in reversed(text[:start].split("\n")):
        if above.strip() and len(above.expandtabs(4)) - len(above.expandtabs(4).lstrip()) < indent:
            return _LIST_ITEM.match(above) is not None
    return False

