"""Front-matter keys Lanting does not know: what a post moved by hand from Jekyll, Hugo
or Hexo carries, and what to tell its writer.

- harmless keys of other generators (`layout`, `comments`, `mathjax`, Quarto's `format`
  and `execute`, …) do nothing in Lanting: a warning, and the key is ignored;
- keys of other generators that mean something Lanting says another way (`published:
  false`, `description`, `lastmod`, `image`, …): an error naming the Lanting key;
- any other key: an error saying how to keep a value of one's own (`params:`), with a
  "did you mean" only for a likely typo of a Lanting key (`tgas`, `titel`), never for a
  word that merely looks alike (`tabs` is al-folio's, not a misspelt `tags`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from lanting.model.problem import Problem

HARMLESS = {
    "layout": "Lanting chooses the template by the kind of page",
    "comments": "comments are set for the whole site, in `[comments]` of lanting.toml",
    "giscus_comments": "comments are set for the whole site, in `[comments]`",
    "disqus_comments": "comments are set for the whole site, in `[comments]`",
    "mathjax": "math always works in Lanting",
    "katex": "math always works in Lanting",
    "math": "math always works in Lanting",
    "enable_math": "math always works in Lanting",
    "toc_number": "Lanting's table of contents is not numbered",
    "TocOpen": "Lanting's table of contents is always open",
    "ShowReadingTime": "Lanting shows the reading time of every post",
    "ShowShareButtons": "a theme's option",
    "ShowBreadCrumbs": "a theme's option",
    "ShowPostNavLinks": "Lanting links every post to its neighbours",
    "ShowCodeCopyButtons": "Lanting's code blocks always have a copy button",
    "related_posts": "a theme's option",
    "related_publications": "a theme's option",
    "sitemap": "every published page is in Lanting's sitemap",
    "top_img": "a theme's option (Butterfly)",
    "aside": "a theme's option (Butterfly)",
    "highlight_shrink": "a theme's option (Butterfly)",
    "aplayer": "a theme's option (Butterfly)",
    "copyright": "a theme's option",
    "share": "a theme's option",
    "pretty_table": "a theme's option (al-folio)",
    "tabs": "a theme's option (al-folio): Lanting needs no switch for it",
    "mermaid": "Mermaid is set for the whole site, `[markdown] mermaid`",
    "_styles": "a theme's option (al-folio)",
    "type": "Lanting chooses the template by the kind of page",
    "cms_exclude": "a theme's option (Hugo Blox)",
    # Jupytext's and MyST-NB's header of a Markdown notebook (Jupyter Book)
    "jupytext": "Jupytext's pairing of a notebook with this text: Lanting reads the text",
    "kernelspec": "the notebook's kernel: Lanting runs no code",
    # Quarto's and MkDocs Material's options of a page
    "format": "Quarto's output formats: Lanting makes the page (and its slides from "
              "`talks/`)",
    "execute": "Quarto's code execution: Lanting runs no code",
    "output": "R Markdown's output format (xaringan, bookdown): Lanting makes the page "
              "(and a deck of a talk from `talks/`)",
    "jupyter": "Quarto's kernel: Lanting runs no code",
    "engine": "Quarto's engine: Lanting runs no code",
    "freeze": "Quarto's code execution: Lanting runs no code",
    "toc-depth": "Lanting's table of contents lists `##` and `###`",
    "toc-location": "a theme's option (Quarto)",
    "code-fold": "Quarto's code folding: Lanting shows code as written",
    "code-tools": "a theme's option (Quarto)",
    "reference-location": "Lanting shows notes in the margin on wide screens",
    "citation-location": "Lanting lists the references at the end of the page",
    "bibliography-style": "the citation style is `[citations] style` in lanting.toml, or "
                          "`citation_style` in front matter",
    "csl": "the citation style is `[citations] style` in lanting.toml, or "
           "`citation_style` in front matter",
    "image-alt": "a theme's option (Quarto)",
    "search": "every page is in Lanting's search",
    # HackMD's and CodiMD's settings of a note
    "robots": "HackMD's setting: Lanting has no per-page robots tag (`unlisted: true` "
              "lists a post nowhere)",
    "breaks": "HackMD's setting: line ends are line breaks for the whole site with "
              "`[markdown] breaks = true` in lanting.toml (or end a line with `\\`)",
    "GA": "HackMD's analytics id: Lanting adds no analytics to a page",
    "disqus": "comments are set for the whole site, in `[comments]`",
    "slideOptions": "HackMD's slide settings: Lanting makes slides from `talks/`",
    "dir": "HackMD's text direction: Lanting's pages follow the site's `language`",
    # Typora's image settings of a note
    "typora-copy-images-to": "Typora's folder for pasted images: Lanting reads each image's "
                             "path as written, from the page's folder",
    "typora-root-url": "Typora's folder for paths from `/`: in Lanting `/img/x.png` is "
                       "from the site's root (`static/img/x.png`)",
}
"""Keys of other generators that change nothing Lanting could show: ignored, with a
warning (and why)."""

EQUIVALENTS = {
    "number-sections": "`number-sections: true` (Quarto's) is `number_sections: true` in "
                       "Lanting",
    "published": "`published: false` is `draft: true` in Lanting",
    "hidden": "`hidden: true` is `unlisted: true` in Lanting (built at its URL, listed "
              "nowhere); `draft: true` leaves it out of the site",
    "hide": "`hide: true` is `unlisted: true` in Lanting (built at its URL, listed "
            "nowhere); `draft: true` leaves it out of the site",
    "description": "Lanting calls it `summary`",
    "excerpt": "Lanting calls it `summary`",
    "subtitle": "keep it as `params: {subtitle: …}`, or fold it into `summary`",
    "lastmod": "Lanting calls it `updated`",
    "last_modified_at": "Lanting calls it `updated`",
    "last_updated": "Lanting calls it `updated`",
    "modified": "Lanting calls it `updated`",
    "updated_at": "Lanting calls it `updated`",
    "publishDate": "Lanting has one `date`, and no scheduled publishing: use `date` (and "
                   "`draft: true` until then)",
    "pubdate": "Lanting has one `date`: use `date`",
    "expiryDate": "Lanting does not unpublish by date: set `draft: true` when it expires",
    "image": "the preview image is `cover` in Lanting",
    "thumbnail": "the preview image is `cover` in Lanting",
    "featured_image": "the preview image is `cover` in Lanting",
    "featuredImage": "the preview image is `cover` in Lanting",
    "banner": "the preview image is `cover` in Lanting",
    "category": "Lanting calls it `categories` (a list, or one name)",
    "tag": "Lanting calls it `tags` (a list, or one name)",
    "keywords": "Lanting calls them `tags`",
    "permalink": "Lanting sets URLs with `slug` (and `[permalinks]` in lanting.toml); an "
                 "old URL keeps working with `aliases: [/old/url/]`",
    "url": "Lanting sets URLs with `slug` (and `[permalinks]` in lanting.toml); an old "
           "URL keeps working with `aliases: [/old/url/]`",
    "redirect_from": "Lanting calls it `aliases`",
    "alias": "Lanting calls it `aliases` (a list)",
    "abbrlink": "keep it as `params: {abbrlink: …}` and set `[permalinks] posts = "
                "\"/posts/:abbrlink/\"` in lanting.toml",
    "weight": "Lanting orders the parts of a series by `series_order`",
    "translationKey": "Lanting calls it `translation_key`",
    "language": "Lanting calls it `lang`",
    "ShowToc": "`ShowToc: false` is `toc: false` in Lanting",
    "author": "the site's author is `author` in lanting.toml; a guest author can be kept "
              "as `params: {author: …}`",
    "authors": "the site's author is `author` in lanting.toml; co-authors can be kept as "
               "`params: {authors: […]}`",
    "redirect": "a post that only links elsewhere: write the link in its body, or keep "
                "the URL as `params: {external_url: …}`",
    "sticky": "keep it as `params: {sticky: …}` for a template of your own",
    "pinned": "keep it as `params: {pinned: …}` for a template of your own",
    "featured": "keep it as `params: {featured: …}` for a template of your own",
    # Quarto's names for what Lanting has
    "date-modified": "Lanting calls it `updated`",
    "abstract": "Lanting calls it `summary`",
}
"""Keys of other generators with a Lanting way to say the same: an error that says it."""


def _distance(a: str, b: str) -> int:
    """Edits from `a` to `b` (insert, delete, substitute, swap two neighbours)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def likely_typo(word: str, choices: Iterable[str]) -> str | None:
    """The key `word` is most likely a misspelling of: one edit away for short words, two
    for words of seven letters or more; ties and everything farther give None."""
    folded = word.casefold()
    most = 1 if len(folded) < 7 else 2
    scored = sorted((_distance(folded, c.casefold()), c) for c in choices)
    close = [(d, c) for d, c in scored if d <= most]
    if not close or (len(close) > 1 and close[0][0] == close[1][0]):
        return None
    return close[0][1]


def unknown_key_hint(key: str, known: Iterable[str]) -> tuple[str, str]:
    """(severity, hint) for an unknown front-matter key."""
    if key in HARMLESS:
        return "warning", f"{HARMLESS[key]}; remove the key (it is ignored)"
    if key in EQUIVALENTS:
        return "error", EQUIVALENTS[key]
    typo = likely_typo(key, known)
    if typo is not None:
        return "error", f"did you mean `{typo}`? or, to keep a value of your own, write " \
                        f"`params: {{{key}: …}}`"
    return "error", f"Lanting keeps values of your own under `params:`: write " \
                    f"`params: {{{key}: …}}`"


def foreign_keys(path: Path, data: dict[str, Any], lines: dict[str, int],
                 known: Collection[str], also: Iterable[str] = ()) -> tuple[
        dict[str, Any], list[Problem], list[Problem]]:
    """The keys Lanting knows (`known`); errors for the others, warnings for those of
    other generators that would change nothing (`unknown_key_hint`); `also`: other keys
    a misspelt one may have meant (a Marp deck's directives)."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    kept: dict[str, Any] = {}
    for key, value in data.items():
        if key in known:
            kept[key] = value
            continue
        severity, hint = unknown_key_hint(key, (*known, *also))
        if severity == "warning":
            warnings.append(Problem(f"`{key}` is not a Lanting key: ignored", path,
                                    lines.get(key, 1), hint=hint, severity="warning"))
        else:
            errors.append(Problem(f"{key}: unknown key `{key}`", path, lines.get(key) or 1,
                                  hint=hint))
    return kept, errors, warnings
