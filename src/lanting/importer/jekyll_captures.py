"""Liquid's `{% capture x %}…{% endcapture %}`: a variable set to a piece of the page. A
theme's page sets one only for itself (academicpages' `{% capture written_label %}`),
and the capture goes. Math posts capture a statement and hand it to an include that
draws the box, `{% include thms/theorem.html title="…" content=thm_content %}` (the same
variable captured again for the next one): the text is the include's, and a theorem,
definition, lemma or proof include becomes the theorem callout Lanting draws for MyST's
`{prf:theorem} Title` (numbered per kind, the proof ended by ∎); a box of a callout's
`type` (`{% include infobox.html title="…" type="tip" body=x %}`) that callout, `::: tip
Title`; the lab-website template's `cols.html` of a capture for each column (`col1=col1
col2=col2`) Lanting's columns, its `feature.html` the picture, the title and the text;
another include shows the text as it is, with a warning. (The text was removed with the
capture before.) minimal-mistakes' documented notice of several paragraphs shows a
capture through its value, `<div class="notice--info">{{ notice-2 | markdownify
}}</div>`: the text is the callout of the notice's kind, or the Markdown of the element,
or of the line, the value stood in; its documented figure, an image so shown in a
`<figure>` over its `<figcaption>`, is Lanting's figure."""

from __future__ import annotations

import re
from collections.abc import KeysView

from lanting.importer import body as B
from lanting.importer.figure_labels import numbered_caption
from lanting.importer.jekyll_assigns import assigned_names
from lanting.importer.jekyll_lab_cards import feature
from lanting.importer.liquid import Context, string_argument
from lanting.importer.shelf import Shelf
from lanting.markdown.callouts import ALIASES as CALLOUT_ALIASES
from lanting.markdown.callouts import KINDS as CALLOUT_KINDS

_CAPTURE_OR_INCLUDE = re.compile(
    # (a variable's name may hold hyphens, `notice-2`, as minimal-mistakes' docs write it)
    r"(?P<capture>\{%-?\s*capture\s+(?P<name>[\w-]+)\s*-?%\})(?P<inner>.*?)"
    r"\{%-?\s*endcapture\s*-?%\}"
    r"|(?P<include>\{%-?\s*include\s+(?P<file>[\w./-]+)\s+(?P<args>(?:(?!%\}).)*?)\s*-?%\})"
    r"|(?P<figure><figure\b[^>]*>(?P<shown>(?:(?!</?figure\b).)*?)</figure>)"
    r"|(?P<div><div\b(?P<attributes>[^>]*)>[ \t]*\n?[ \t]*)?"
    r"(?P<output>\{\{-?\s*(?P<value>[\w-]+)\s*\|\s*markdownify\b[^{}]*?-?\}\})"
    r"(?(div)\s*</div>)",
    re.DOTALL)
_VALUE = re.compile(r"\{\{-?\s*([\w-]+)\s*\|\s*markdownify\b[^{}]*?-?\}\}")
"""`{{ fig_img | markdownify | remove: "<p>" | remove: "</p>" }}`: a captured value shown."""
_FIGURE = re.compile(
    r"\s*\[?!\[(?P<alt>[^\]\n]*)\]\((?P<src>[^)\n]+?)(?:[ \t]+\"[^\"\n]*\")?\)(?:\]\([^)\n]*\))?"
    r"\s*(?:<figcaption\b[^>]*>(?P<caption>.*?)</figcaption>)?\s*", re.DOTALL)
"""What minimal-mistakes' figure holds once its values are shown: an image (linked or
not), and its caption."""
_KINDS = ("definition", "theorem", "lemma", "corollary", "proposition", "conjecture",
          "example", "remark", "axiom", "proof", "exercise")
"""sphinx-proof's kinds (`{prf:lemma}`) an include's name or `type` can name."""


def captured_includes(text: str, ctx: Context, shelf: Shelf | None = None) -> str:
    """Captures removed; the text of one an include or a `markdownify`d value shows is
    theirs (see the module's docstring); one nothing shows is reported as removed."""
    latest: dict[str, tuple[str, str]] = {}
    """The text each variable holds at this point of the page, and its capture tag."""
    unused: dict[str, str] = {}

    def one(match: re.Match[str]) -> str:
        if match.group("capture"):
            if match.group("name") in unused:
                _removed(ctx, unused[match.group("name")])
            latest[match.group("name")] = (match.group("inner").strip("\n"),
                                           match.group("capture"))
            unused[match.group("name")] = match.group("capture")
            return ""
        if match.group("figure"):
            return _figure(match, latest, unused, ctx)
        if match.group("output"):
            if match.group("value") not in latest:
                return match.group()  # (a value of the theme: reported where values are)
            unused.pop(match.group("value"), None)
            return _shown(match, latest[match.group("value")][0], ctx, shelf)
        _words, named = B.arguments(match.group("args"))
        shown = list(dict.fromkeys(value for value in named.values() if value in latest))
        if not shown:
            return match.group()
        for name in shown:
            unused.pop(name, None)
        columns = [latest[value][0] for key, value in named.items()
                   if re.fullmatch(r"col\d+", key) and value in latest]
        if len(columns) > 1:
            return _columns(columns, ctx)
        return _box(match.group("file"), named, latest[shown[0]][0], match.group(), ctx)

    text = _CAPTURE_OR_INCLUDE.sub(one, text)
    for written in unused.values():
        _removed(ctx, written)
    return text


def _removed(ctx: Context, written: str) -> None:
    ctx.warn(written, f"`{written}…{{% endcapture %}}` removed (it only set a variable "
             "for the theme)")


def _figure(match: re.Match[str], latest: dict[str, tuple[str, str]], unused: dict[str, str],
            ctx: Context) -> str:
    """minimal-mistakes' figure of captured values, `<figure>{{ fig_img | markdownify |
    remove: "<p>" | remove: "</p>" }}<figcaption>…</figcaption></figure>`, as Lanting's
    figure; another `<figure>` as written."""
    names = [found.group(1) for found in _VALUE.finditer(match.group("shown"))]
    if not names or any(name not in latest for name in names):
        return match.group()
    shown = _FIGURE.fullmatch(_VALUE.sub(lambda m: latest[m.group(1)][0].strip(),
                                         match.group("shown")))
    if shown is None:
        return match.group()
    for name in names:
        unused.pop(name, None)
    ctx.convert("captured images shown in a `<figure>` (minimal-mistakes' figures)")
    caption = numbered_caption(re.sub(r"<[^>]+>", "", shown.group("caption") or "").strip(),
                               match.group("shown"), ctx)
    return B.figure(shown.group("src").strip(), caption, shown.group("alt"))


def _shown(match: re.Match[str], content: str, ctx: Context, shelf: Shelf | None) -> str:
    """The captured `content` a `{{ x | markdownify }}` showed: in a notice's `<div>`
    (`.notice--info`, Chirpy's `.prompt-tip`), that callout; in another `<div>`, the
    Markdown in it (after a blank line, where CommonMark reads it); else the Markdown."""
    ctx.convert("captured text shown by `{{ x | markdownify }}` (minimal-mistakes' "
                "notices of several paragraphs)")
    if not match.group("div"):
        return B.block(content)
    classes = re.search(r"""\bclass\s*=\s*["']([^"']*)""", match.group("attributes"))
    kind = B.callout_kind(" ".join("." + c for c in classes.group(1).split()
                                   if c.startswith(("notice", "prompt-", "block-")))) \
        if classes else None
    if kind is not None:
        return B.callout(kind, content, shelf=shelf)
    return B.block(f"<div{match.group('attributes')}>\n\n{content}\n\n</div>")


def _columns(columns: list[str], ctx: Context) -> str:
    """The lab-website template's `{% include cols.html col1=col1 col2=col2 %}`, the text
    of each capture side by side: Lanting's columns (Quarto's `:::: {.columns}`), one
    `::: {.column}` each. (The include showed the first capture alone before: the other
    columns were lost.)"""
    ctx.convert("captured columns (`{% include cols.html col1=x col2=y %}`) as columns")
    inner = ":" * max(3, 1 + max((len(run) for column in columns
                                  for run in re.findall(r"^:{3,}", column, re.MULTILINE)),
                                 default=0))
    outer = inner + ":"
    cells = "\n".join(f"{inner} {{.column}}\n{column.strip()}\n{inner}" for column in columns)
    return B.block(f"{outer} {{.columns}}\n{cells}\n{outer}")


def _box(file: str, named: dict[str, str], content: str, written: str, ctx: Context) -> str:
    """The captured `content` an include of `file` showed, as Lanting's box of its kind;
    nothing for an empty capture (a grid left empty), which showed nothing."""
    if not content.strip():
        ctx.note(written, f"`{file}` removed: the text captured for it is empty")
        return ""
    words = re.findall(r"[a-z]+", f"{named.get('type', '')} {file}".lower())
    kind = next((word for word in words if word in _KINDS), None)
    title = string_argument(named.get("title") or named.get("name") or "")
    fence = ":" * max(3, 1 + max((len(run) for run in re.findall(r"^:{3,}", content,
                                                                   re.MULTILINE)), default=0))
    if kind is not None:
        ctx.convert("captured statements shown by theorem includes (`{% include "
                    "thms/theorem.html content=x %}`) as theorem callouts")
        return B.block(f"{fence}{{prf:{kind}}} {title}".rstrip() + f"\n{content}\n{fence}")
    callout = string_argument(named.get("type") or "").strip().lower()
    if callout in CALLOUT_KINDS or callout in CALLOUT_ALIASES:
        ctx.convert("captured text shown by a box include of a `type` (`{% include "
                    "infobox.html type=\"tip\" body=x %}`) as callouts")
        return B.block(f"{fence} {callout} {title}".rstrip() + f"\n{content}\n{fence}")
    if file.rsplit("/", 1)[-1] == "feature.html" and (named.get("image") or named.get("title")):
        ctx.convert("the lab template's features (`feature.html`: a picture, a title and "
                    "the captured text)")
        return B.block(feature(named, content))
    if re.fullmatch(r"(?:grid|gallery)\.html", file.rsplit("/", 1)[-1]) \
            and _IMAGES.fullmatch(content.strip()):
        # (the lab template's grid of figures: Lanting's gallery lays images out so)
        ctx.convert("captured figures shown by a grid include (`grid.html`) as galleries")
        return B.block(f"{fence} gallery\n{content.strip()}\n{fence}")
    if file.rsplit("/", 1)[-1] == "grid.html" and _INCLUDES.fullmatch(content.strip()):
        # (a grid of the template's cards, portraits or citations: each is a list's item)
        ctx.convert("captured items shown by a grid include (`grid.html`) as lists")
        return B.block(content)
    ctx.warn(written, f"`{file}` showed the text captured before it: the text is kept, "
             "without the include's look")
    return B.block(content)


_IMAGES = re.compile(r"(?:(?:\{%-?\s*include\s+figure\.html\s(?:(?!%\}).)*-?%\}"
                     r"|!\[[^\]\n]*\]\([^)\n]*\))\s*)+", re.DOTALL)
"""Figures alone: the lab template's `{% include figure.html image=… %}`, or images."""
_INCLUDES = re.compile(r"(?:\{%-?\s*include\s+(?:list|card|portrait|citation)\.html\s"
                       r"(?:(?!%\}).)*-?%\}\s*)+", re.DOTALL)
"""The lab template's includes of items alone (`list.html`, `card.html`, …)."""


def _tag(names: str) -> str:
    return r"\{%-?\s*(?:" + names + r")\b(?:(?!%\}).)*?-?%\}"


_ASSIGNING_IF = re.compile(f"(?P<open>{_tag('if|unless')})(?:\\s|{_tag('assign|else|elsif')})*"
                           f"{_tag('endif|endunless')}", re.DOTALL)
"""An `{% if %}` whose branches only assign variables (AcadHomepage's `{% if
site.google_scholar_stats_use_cdn %}`, choosing where its citation counts are read)."""


def assigning_ifs(text: str, ctx: Context, known: KeysView[str]) -> str:
    """Each `{% if %}` that only assigns variables, removed with a warning, as an
    `{% assign %}` is: its tags were left in comments one by one (six warnings at the
    top of every AcadHomepage home page). One whose variables are all `known` (their
    values printed where the page uses them, `jekyll_assigns`) goes without one."""

    def one(match: re.Match[str]) -> str:
        if assigned_names(match.group()) <= known:
            return ""
        ctx.warn(match.group("open"), f"`{match.group('open')}…{{% endif %}}` removed (it "
                 "only set variables for the theme)")
        return ""

    return _ASSIGNING_IF.sub(one, text)


_COMMENTS_IF = re.compile(
    f"(?P<open>\\{{%-?\\s*if\\s+(?P<condition>(?:(?!%\\}}).)*?)-?%\\}})"
    f"(?P<inner>(?:(?!{_tag('if|unless')}).)*?){_tag('endif')}", re.DOTALL)
_COMMENT_SERVICE = re.compile(r"disqus|gitalk|giscus|utteranc|valine|waline|livere|twikoo"
                              r"|changyan|duoshuo", re.IGNORECASE)


def comment_ifs(text: str, ctx: Context) -> str:
    """An `{% if site.disqus_username %}` around a comment service's thread and script
    (the Hux blog's about page): removed with a notice, as a comment include is. (Its
    tags and the script's values were left in comments one by one, seven warnings, and
    the script stayed on the page.)"""

    def one(match: re.Match[str]) -> str:
        if not (_COMMENT_SERVICE.search(match.group("condition"))
                or "comment" in match.group("condition")) \
                or not _COMMENT_SERVICE.search(match.group("inner")):
            return match.group()
        ctx.note(match.group("open"), f"`{match.group('open')}…{{% endif %}}` removed: it "
                 "showed the page's comments (Lanting's are giscus', `[comments]` in "
                 "lanting.toml)")
        ctx.convert("comment threads under an `{% if %}` removed")
        return ""

    return _COMMENTS_IF.sub(one, text)
