"""Shortcodes of common Hugo themes → Lanting Markdown.

Math (`katex` of hugo-book, `math`; formulas outside shortcodes are `hugo_math.py`'s),
`mermaid`, code blocks and code tabs,
LoveIt/FixIt/DoIt `image`, `link`, `raw`, `echarts`, `music` and `person`, `bilibili`,
Blowfish's and Congo's `lead`, `badge`, `button`, `timeline`, `typeit`, `chart`,
`github`…. Callouts, tabs and collapsible blocks are in `hugo_callouts.py`, Hugo's own
shortcodes and the reading of bodies in `hugo_bodies.py`.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any

from lanting.importer import body as B
from lanting.importer.body_math import text_underscores
from lanting.importer.hugo_callouts import container
from lanting.importer.hugo_embeds import music_page
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, fence

Paired = Callable[[str, str, Callable[[str, str, str], str], Context, str], str]
"""HugoBodies.paired: (text, name, handler(args, inner, written), ctx, what) -> text."""


def verbatim_shortcodes(text: str, shelf: Shelf, paired: Paired, ctx: Context) -> str:
    """Shortcodes whose content reached the browser untouched by Markdown: their
    content is shelved as written (math: no escape of it was ever read)."""

    def katex(args: str, inner: str, written: str) -> str:
        if not inner.strip():  # (an empty one showed nothing; `$$` would open a formula)
            return ""
        if "display" in B.arguments(args)[0] or re.search(r"\bdisplay\s*=\s*\"?true", args):
            return B.block(shelf.put(f"$$\n{inner.strip()}\n$$", "M"))
        return shelf.put(f"${inner.strip()}$", "M")

    def math(args: str, inner: str, written: str) -> str:
        inner = text_underscores(inner)[0]
        if "$" in inner or "\\(" in inner or "\\[" in inner:  # (Hugo Blox: delimiters inside)
            return shelf.put(inner, "M")
        return katex(args, inner, written)

    def math_block(args: str, inner: str, written: str) -> str:
        # (hugo-blog-awesome's `mathblock`: display math, its TeX bare or in `$$`)
        inner = textwrap.dedent(inner).strip()
        if not inner:
            return ""
        if inner.startswith(("$$", "\\[")):
            return B.block(shelf.put(inner, "M"))
        return B.block(shelf.put(f"$$\n{inner}\n$$", "M"))

    def mermaid(args: str, inner: str, written: str) -> str:
        ctx.note(written, "Mermaid diagrams show as code until `[markdown] mermaid` in "
                 "lanting.toml names a Mermaid script")
        return B.block(shelf.put(fence("mermaid", inner)))

    def raw(args: str, inner: str, written: str) -> str:
        # LoveIt/FixIt/DoIt `raw`: HTML or TeX (`\\(…\\)`, `\\[…\\]`) as written
        return B.block(shelf.put(inner.strip(), "M")) if "\n" in inner.strip() \
            else shelf.put(inner.strip(), "M")

    def echarts(args: str, inner: str, written: str) -> str:
        # (LoveIt's, FixIt's and DoIt's chart: its option as JSON, YAML or TOML, which
        # their script drew; left in comments, the option showed as a paragraph)
        body = textwrap.dedent(inner).strip("\n")
        ctx.warn(written, "an ECharts chart shown as its option code: Lanting draws none "
                 "(save the chart as an image to show it)")
        return B.block(shelf.put(fence(_data_language(body), body + "\n")))

    text = paired(text, "raw", raw, ctx, "raw shortcodes")
    text = paired(text, "echarts", echarts, ctx, "ECharts charts as their code")
    text = paired(text, "katex", katex, ctx, "math shortcodes")
    text = paired(text, "math", math, ctx, "math wrappers removed")
    text = paired(text, "mathjax", math, ctx, "math wrappers removed")
    text = paired(text, "mathblock", math_block, ctx, "math shortcodes")
    return paired(text, "mermaid", mermaid, ctx, "mermaid diagrams")


def _data_language(body: str) -> str:
    """The language of a chart's data as Hugo's `transform.Unmarshal` read it: JSON
    (`{…}`), TOML (`key = value`) or YAML."""
    if body.lstrip().startswith(("{", "[")):
        return "json"
    return "toml" if re.match(r"\s*(\[[\w.\"-]+\]|[\w\"-]+\s*=)", body) else "yaml"


_INLINE_TEMPLATE = re.compile(r"\{\{[<%]-?\s*([\w-]+\.inline)\b[^}]*?-?[>%]\}\}(.*?)"
                             r"\{\{[<%]-?\s*/\s*\1\s*-?[>%]\}\}", re.DOTALL)


_PAGE_CODE = re.compile(r"<(script|style|link)\b", re.IGNORECASE)
"""What an inline shortcode without template actions must not hold to be kept: a script
or a style of the page (`css.inline`'s `<style>`)."""


def inline_templates(text: str, ctx: Context) -> str:
    """Hugo's inline shortcodes (`{{< math.inline >}}` … `{{< /math.inline >}}`, kept
    from the demo posts of Stack and other themes): Go templates Hugo ran, which Lanting
    does not run; left, their `{{ if }}` was text on the page and their `<script>`
    loaded KaTeX from a CDN. One that loads math is removed (Lanting renders math
    itself); one with no template action and nothing but markup (the demo's second
    `math.inline`, `<p>Inline math: \\(…\\)</p>`) is what Hugo showed, kept as written;
    any other is left out with a warning."""

    def one(match: re.Match[str]) -> str:
        if re.search(r"katex|mathjax", match.group(2), re.IGNORECASE):
            ctx.convert("math loaders removed (Lanting renders math)")
        elif "{{" not in match.group(2) and not _PAGE_CODE.search(match.group(2)):
            ctx.convert("inline shortcodes without template actions kept as their HTML")
            return B.block(match.group(2).strip("\n"))
        else:
            ctx.warn(match.group(), f"`{match.group(1)}` is a Go template of the page, "
                     "which Lanting does not run: left out")
        return "\n"

    return _INLINE_TEMPLATE.sub(one, text)


_CODE = re.compile(r"\{\{[<%]-?\s*code\b(.*?)-?[>%]\}\}(.*?)"
                   r"\{\{[<%]-?\s*/\s*code\s*-?[>%]\}\}", re.DOTALL)


def code_block(args: str, inner: str, shelf: Shelf) -> str:
    """A theme's `code LANG` … `/code` (PaperMod forks', Sensu's docs'): its content is
    the code, as `highlight`'s is (left to Markdown, a Go template in it read as math
    failed the build); zzo's `code`, a tab of `codes`, holds a Markdown fence: kept."""
    body = textwrap.dedent(inner.strip("\n")).strip("\n")
    if re.match(r"(`{3,}|~{3,})", body):
        return B.block(body)
    words = B.arguments(args)[0]
    return B.block(shelf.put(fence(words[0] if words else "", body + "\n")))


def code_tabs(args: str, inner: str, shelf: Shelf) -> str:
    """zzo's `codes java javascript` around one `code` each: `::: tabs`, each tab named
    by the word of its place."""
    labels = B.arguments(args)[0]
    parts = [f"@tab {labels[n] if n < len(labels) else n + 1}\n\n"
             + code_block(m.group(1), m.group(2), shelf).strip("\n")
             for n, m in enumerate(_CODE.finditer(inner))]
    return container("tabs", "\n\n".join(parts))


_URL_LIKE = re.compile(r"[a-zA-Z][\w+.-]*:|/|\./|\.\./|#")
"""What a link's target starts with (a scheme, a path), and a link's text rarely does."""


def link_handlers(ctx: Context) -> dict[str, Any]:
    def link(args: str, written: str) -> str:
        # LoveIt/FixIt: `link "url" "text" "title"`, or `href=` `content=` `title=`
        words, named = B.arguments(args)
        if len(words) > 1 and not _URL_LIKE.match(words[0]) and _URL_LIKE.match(words[1]):
            words[:2] = words[1::-1]  # (sulv's PaperMod: `link "text" "url"`)
        url = named.get("href") or (words[0] if words else "")
        text = named.get("content") or (words[1] if len(words) > 1 else url)
        title = named.get("title") or (words[2] if len(words) > 2 else "")
        if not url:
            return ctx.leave(written, "a link without a URL")
        ctx.convert("link shortcodes")
        shown = f' "{title}"' if title and '"' not in title else ""
        return f"[{text}]({url}{shown})"

    def bilibili(args: str, written: str) -> str:
        # `bilibili BV…`, FixIt `bilibili id=BV… p=2`; Stack's, Even's and LoveIt's also
        # take the old numeric id, `av170001`, `170001` or `av=170001`
        words, named = B.arguments(args)
        ident = named.get("id") or named.get("bvid") or named.get("av") or named.get(
            "aid") or (words[0] if words else "")
        part = named.get("p") or named.get("page") or (words[1] if len(words) > 1 else "")
        if not ident:
            return ctx.leave(written, "no video id")
        number = ident[2:] if ident[:2].lower() == "av" else ident
        if number.isdigit():  # (Lanting's player takes BV ids: a link to the video)
            ctx.convert("embeds as links")
            query = f"?p={part}" if part.isdigit() and part != "1" else ""
            return B.block(f"[▶ av{number}](https://www.bilibili.com/video/av{number}/{query})")
        ctx.convert("videos")
        page = f' page="{part}"' if part.isdigit() and part != "1" else ""
        return B.block(f'{{{{< video bilibili="{ident}"{page} >}}}}')

    def music(args: str, written: str) -> str:
        # LoveIt/FixIt/DoIt (APlayer): `music auto="…"`, `music url="…" name="…"`,
        # `music netease song 1868553`, `music server="netease" type="song" id="…"`
        words, named = B.arguments(args)
        server, kind, ident = (words + ["", "", ""])[:3] if words else (
            named.get("server", ""), named.get("type", ""), named.get("id", ""))
        if (words[0] if words else named.get("id", "") if not server else "").isdigit():
            # (Even's `music "3950552"` or `music id="3950552"`: a NetEase song)
            server, kind, ident = "netease", "song", words[0] if words else named["id"]
        url = named.get("auto") or named.get("url") or music_page(server, kind, ident)
        if not url:
            return ctx.leave(written, f"music of `{server or '?'}` has no link to it")
        ctx.convert("music players as links")
        text = " – ".join(v for v in (named.get("name", ""), named.get("artist", "")) if v)
        return B.block(f"[♪ {text or url}]({url})")

    def person(args: str, written: str) -> str:
        # LoveIt/FixIt: `person url="…" name="…" text="…"`, or those three in order
        words, named = B.arguments(args)
        url = named.get("url") or (words[0] if words else "")
        name = named.get("name") or (words[1] if len(words) > 1 else url)
        text = named.get("text") or (words[2] if len(words) > 2 else "")
        if not url:
            return ctx.leave(written, "a person without a URL")
        ctx.convert("person cards as links")
        return f"[{name}]({url})" + (f" ({text})" if text else "")

    def pdf(args: str, written: str) -> str:
        # a PDF shown in the page (`pdf "notes.pdf"`, hugo-embed-pdf's `embed-pdf
        # url="…"`): a link to it, the file kept
        words, named = B.arguments(args)
        url = named.get("src") or named.get("url") or (words[0] if words else "")
        if not url:
            return ctx.leave(written, "a PDF without its file")
        ctx.convert("PDF embeds as links")
        return B.block(f"[📄 {url.rsplit('/', 1)[-1]}]({url})")

    def friend(args: str, written: str) -> str:
        # FixIt's friend card (`friend name="…" url="…" logo="…" word="…"`), many to a
        # page of friends: one item of a list each
        words, named = B.arguments(args)
        name, url, _logo, word = [named.get(k) or (words[i] if len(words) > i else "")
                                  for i, k in enumerate(("name", "url", "logo", "word"))]
        word = word or named.get("slogan", "")  # (a site's own `friendlink`)
        if not url:
            return ctx.leave(written, "a friend without a URL")
        ctx.convert("friend cards as a list of links")
        return f"- [{name or url}]({url})" + (f" — {word}" if word else "")

    def postref(args: str, written: str) -> str:
        # blogdown's `{{< blogdown/postref >}}index_files/figure-html/x.png`: the page's
        # own URL, so a figure of its bundle is found from a list page too; here, where
        # the bundle's files are beside the page, nothing
        ctx.convert("blogdown's `postref` before a file of the page's bundle")
        return ""

    return {"link": link, "bilibili": bilibili, "music": music, "person": person,
            "pdf": pdf, "embed-pdf": pdf, "friend": friend, "friendlink": friend,
            "blogdown/postref": postref}


_ICON = re.compile(r"\{\{[<%]-?\s*icon\b.*?-?[>%]\}\}\s*", re.DOTALL)
_EMAIL = re.compile(r"[^@/\s:]+@[^@/\s]+\.\w+")


def blowfish_paired(ctx: Context) -> dict[str, Any]:
    """Blowfish's and Congo's shortcodes with content: their text kept, in the Markdown
    closest to what they showed."""

    def lead(args: str, inner: str, written: str) -> str:
        return B.block(inner.strip())

    def badge(args: str, inner: str, written: str) -> str:
        return f"<mark>{' '.join(inner.split())}</mark>"

    def keyword(args: str, inner: str, written: str) -> str:
        return f"**{' '.join(inner.split())}**"

    def button(args: str, inner: str, written: str) -> str:
        named = B.arguments(args)[1]
        text = " ".join(_ICON.sub("", inner).split()) or named.get("href", "")
        href = named.get("href", "")
        if _EMAIL.fullmatch(href):  # (the old button led to a page of that name)
            href = "mailto:" + href
        return f"[{text}]({href})" if href else text

    def timeline(args: str, inner: str, written: str) -> str:
        return B.block(inner.strip())  # (also FixIt's `gh-repo-card-container`)

    def timeline_item(args: str, inner: str, written: str) -> str:
        named = B.arguments(args)[1]  # `timelineItem header="…" badge="…" subheader="…"`
        head = " · ".join(v for v in (named.get("header", "") and f"**{named['header']}**",
                                      named.get("badge", ""), named.get("subheader", "")) if v)
        return B.block("\n\n".join(t for t in (head, inner.strip()) if t))

    def typeit(args: str, inner: str, written: str) -> str:
        code = B.arguments(args)[1].get("code")
        if code:  # (LoveIt's, FixIt's and DoIt's `typeit code=java`: code, typed out)
            return B.block(fence(code, textwrap.dedent(inner).strip("\n") + "\n"))
        return B.block("\n".join(line.strip() for line in inner.strip().splitlines()))

    def gallery(args: str, inner: str, written: str) -> str:
        return B.block("\n".join(line.strip() for line in inner.splitlines() if line.strip()))

    def chart(args: str, inner: str, written: str) -> str:
        ctx.warn(written, "a Chart.js chart has no Lanting form: its configuration is "
                 "kept as a code block")
        return B.block(fence("js", inner.strip("\n") + "\n"))

    return {"lead": (lead, "lead paragraphs"), "badge": (badge, "badges"),
            "keyword": (keyword, "badges"), "button": (button, "buttons as links"),
            "timelineItem": (timeline_item, "timelines"), "timeline": (timeline, "timelines"),
            "gh-repo-card-container": (timeline, "repository cards as links"),
            "typeit": (typeit, "typing effects as text"), "gallery": (gallery, "galleries"),
            "chart": (chart, "charts as code")}


_REPO = re.compile(r"[\w.-]+/[\w.-]+")
_ACCOUNT = re.compile(r"[\w.-]+(?:/[\w.-]+)?")
"""A repository, `owner/repo`, or an account alone."""


def blowfish_single(ctx: Context) -> dict[str, Any]:
    """Blowfish's repository cards (`github`, `codeberg`, `huggingface`; sulv's PaperMod
    fork's `github`): links."""

    def card(host: str, key: str) -> Any:
        def one(args: str, written: str) -> str:
            words, named = B.arguments(args)
            title = named.get("title", "")  # (sulv's PaperMod: `github title="owner/repo"`)
            path = named.get(key) or ("datasets/" + named["dataset"] if named.get("dataset")
                                      else title if _REPO.fullmatch(title) else "")
            if not path and words and _ACCOUNT.fullmatch(words[0]):
                # (a blog's own `github "owner/repo"` or `github "user"`, a link in its
                # sentence: "my work {{< github "x/y" >}} stands out")
                ctx.convert("repository cards as links")
                return f"[{words[0]}](https://{host}/{words[0]})"
            if not path:
                return ctx.leave(written, f"no `{key}`")
            ctx.convert("repository cards as links")
            return B.block(f"[{path.removeprefix('datasets/')}](https://{host}/{path})")
        return one

    def caniuse(args: str, written: str) -> str:
        words, named = B.arguments(args)  # (FixIt's component: `caniuse "css-grid"`)
        feature = named.get("feature") or (words[0] if words else "")
        if not feature:
            return ctx.leave(written, "no feature")
        ctx.convert("repository cards as links")
        return B.block(f"[Can I use: {feature}](https://caniuse.com/{feature})")

    return {"github": card("github.com", "repo"), "codeberg": card("codeberg.org", "repo"),
            "huggingface": card("huggingface.co", "model"),
            # (FixIt's components: a repository card, browser support tables)
            "gh-repo-card": card("github.com", "repo"), "caniuse": caniuse}


def stack_handlers(ctx: Context, video_file: Callable[[str], str]
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Hugo Stack's `quote` (its text was lost in a comment), `video` (also the
    hugo-video module's, whose `src` names the bundle's files without their extension:
    `video_file` finds the file), `tencent` and `gitlab`: (paired, single) handlers, a
    quote with its attribution and links."""

    def quote(args: str, inner: str, written: str) -> str:
        named = B.arguments(args)[1]  # `quote author="…" source="…" url="…"`
        source = named.get("source", "")
        if source and named.get("url"):
            source = f"[{source}]({named['url']})"
        by = ", ".join(v for v in (named.get("author", ""), source) if v)
        text = B.relined(inner.strip("\n"), B.quoted)
        return B.block(text + (f"\n>\n> — {by}" if by else ""))

    def link(what: str, url: Any) -> Any:
        def one(args: str, written: str) -> str:
            words, named = B.arguments(args)
            ident = named.get("src") or named.get("id") or (words[0] if words else "")
            if not ident:
                return ctx.leave(written, f"a {what} without its address")
            ctx.convert("embeds as links")
            return B.block(f"[▶ {ident}]({url(ident)})")
        return one

    return ({"quote": (quote, "blockquotes")},
            {"video": link("video", video_file),
             "tencent": link("Tencent video", lambda i: f"https://v.qq.com/x/page/{i}.html"),
             "gitlab": link("GitLab snippet", lambda i: f"https://gitlab.com/-/snippets/{i}")})
