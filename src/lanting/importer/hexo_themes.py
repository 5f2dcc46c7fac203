"""The tag plugins of Hexo's themes, beside Hexo's own tags (`hexo_bodies.py`): Butterfly's
(tag-plugins-plus) inline tags, galleries and timelines, Fluid's folds, checkboxes and
group images, the themes' buttons and link cards, hexo-markmap's mind maps, each in its
nearest Markdown form."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lanting.importer import body as B
from lanting.importer.hexo_stellar import is_option, without_options
from lanting.importer.liquid import Context, blocks, string_argument
from lanting.importer.shelf import Shelf, fence
from lanting.importer.text import load_mapping

_FLUID_BOX = re.compile(r"(checked|inline|enabled):(true|false)")
_TIMELINE = re.compile(r"<!--\s*timeline\b\s*(.*?)\s*-->(.*?)<!--\s*endtimeline\s*-->",
                       re.DOTALL)
_TIMENODE = re.compile(r"\{%-?\s*timenode\b\s*(.*?)\s*-?%\}(.*?)\{%-?\s*endtimenode\s*-?%\}",
                       re.DOTALL)
_IMAGE_LINE = re.compile(r"^[ \t]*(!\[[^\]\n]*\]\([^)\n]*\))[ \t]*$", re.MULTILINE)

_BOXES = {"checkbox": ("☐", "☑"), "radio": ("○", "◉")}
_URL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|/|#|\.{1,2}/|www\.)")


def butterfly_inline(ctx: Context) -> dict[str, Any]:
    """Butterfly's tag-plugins-plus inline tags: their text in Markdown's or HTML's
    nearest form; styling with no such form (colours, sizes, dots, hiding) is dropped
    with a warning, the text kept (it went into a comment, gone from the page)."""

    def styled(args: str) -> tuple[str, str]:
        """(styles, text) of `{% name styles, text %}` (Volantis' `styles::text` too)."""
        styles, comma, text = args.partition("::" if "::" in args else ",")
        return (styles.strip(), text.strip()) if comma else ("", args.strip())

    def lost(written: str, what: str) -> None:
        ctx.warn(written, f"`{short(written)}`: {what} dropped, its text kept")

    def wrap(before: str, after: str) -> Any:
        def one(args: str, written: str) -> str:
            ctx.convert("Butterfly inline tags")
            return f"{before}{args.strip()}{after}"
        return one

    def plain(what: str) -> Any:
        def one(args: str, written: str) -> str:
            lost(written, what)
            ctx.convert("Butterfly inline tags")
            return args.strip()
        return one

    def span(args: str, written: str) -> str:
        styles, text = styled(args)
        if styles:
            lost(written, f"the styles `{styles}`")
        ctx.convert("Butterfly inline tags")
        return text

    def paragraph(args: str, written: str) -> str:
        return B.block(span(args, written))

    def box(name: str) -> Any:
        def one(args: str, written: str) -> str:
            styles, text = styled(args)
            if "," not in args and "::" not in args:  # Fluid's `{% checkbox text
                # checked:true inline:true %}`
                options = dict(w.split(":", 1) for w in text.split() if _FLUID_BOX.fullmatch(w))
                text = " ".join(w for w in text.split() if not _FLUID_BOX.fullmatch(w))
                styles = "checked" if options.get("checked") == "true" else ""
            words = styles.split()
            if set(words) - {"checked"}:
                lost(written, f"the styles `{' '.join(w for w in words if w != 'checked')}`")
            ctx.convert("Butterfly inline tags")
            return f"{_BOXES[name]['checked' in words]} {text}"
        return one

    def fluid_box(args: str, written: str) -> str:
        # Fluid's short form, `{% cb 文字, checked?, inline? %}`
        text, checked, *_rest = [*(p.strip() for p in args.split(",")), "", ""]
        ctx.convert("Butterfly inline tags")
        return f"{_BOXES['checkbox'][checked == 'true']} {text}"

    return {"cb": fluid_box, "u": wrap("<u>", "</u>"), "del": wrap("~~", "~~"),
            "kbd": wrap("<kbd>", "</kbd>"), "wavy": wrap("<u>", "</u>"),
            "emp": plain("the emphasis dots"),
            "psw": plain("hiding until the mouse is over it (`psw`)"),
            "span": span, "p": paragraph, "checkbox": box("checkbox"), "radio": box("radio")}


def button(ctx: Context) -> Any:
    """A theme's button, a link: Butterfly's `{% btn url, text, icon, style %}`, NexT's
    `{% button url, text, icon, class, title %}` (an icon-only button has no text: its
    title, or URL), Volantis' `{% btn [style,] text, url[, icon] %}` (or with `::`).
    The URL is the first argument that is one; a button with none is its text."""

    def one(args: str, written: str) -> str:
        words = [string_argument(p.strip()) for p in
                 args.split("::" if "::" in args else ",")]
        at = next((i for i, w in enumerate(words) if _URL.match(w)), None)
        ctx.convert("buttons as links")
        if at is None:  # (Volantis' `{% btn 文字::::fas fa-moon %}`: no link)
            return next((w for w in words if w and "fa-" not in w), "")
        url = words[at]
        if at == 0:
            label = next((w for w in words[1:2] + words[4:5] if w), url)
        else:
            label = words[at - 1] or url
        return f"[{label}]({url})"
    return one


def link(ctx: Context) -> Any:
    """Hexo's `{% link url [text] [external] [title] %}` (Stellar's with `desc:true`
    and `icon:…` options, no text), and the link cards of Butterfly and Volantis
    (`{% link 标题, url, 图片 %}`) and AnZhiYu (`{% link 标题, 站点, url, 图标 %}`), parted
    at commas (Volantis: at `::` when there is one):
    a link reading the words before the URL. Read at spaces, the card's link took the
    comma into its URL and the image's address into its text."""

    def one(args: str, written: str) -> str:
        if "," in args or "::" in args:  # (Volantis' `{% link 标题::url %}` too)
            parts = [string_argument(p.strip())
                     for p in args.split("::" if "::" in args else ",")]
            at = next((i for i, p in enumerate(parts) if _URL.match(p)), None)
            if at is not None and at > 0:
                ctx.convert("link tags")
                return f"[{' — '.join(p for p in parts[:at] if p)}]({parts[at]})"
        words = B.arguments(args)[0]
        url = next((w for w in words if re.match(r"^(https?:)?/", w)), "")
        if not url:
            return ctx.leave(written, "no URL in it")
        # (Stellar's `{% link url [title] desc:true icon:… %}`: its options no text)
        text = " ".join(w for w in words if w != url and w not in ("true", "false")
                        and not is_option(w))
        ctx.convert("link tags")
        return f"[{text or url}]({url})"
    return one


def short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "…"


def collapsible_summary(args: str, written: str) -> str:
    """The summary of a folded block, as each theme reads its arguments: Fluid's
    `{% fold info @Title %}`, Volantis' `{% folding color, Title %}` (and Volantis' and
    Redefine's `{% folding color::Title %}`, `{% folding::Title %}`), Butterfly's
    `{% hideToggle Title,bg,color %}` and `{% hideBlock Title,bg,color %}`, Stellar's
    `{% folding [color:…] [open:true] Title %}`."""
    if written.startswith("{% fold ") or written.startswith("{%fold"):
        return args.partition("@")[2] if "@" in args else ""
    if written.startswith("{% folding") and "::" in args:  # (Volantis', Redefine's)
        return args.split("::")[1]
    if written.startswith("{% folding"):  # Stellar's `{% folding open:true Title %}` too
        args = without_options(args)
    if written.startswith("{% folding") and "," in args \
            and args.split(",", 1)[0].strip().isalpha():
        return args.split(",", 1)[1]
    if written.startswith(("{% hideToggle", "{% hideBlock")):
        return args.split(",", 1)[0]
    return args


def gallery_blocks(text: str, ctx: Context, shelf: Shelf) -> str:
    """Butterfly's `{% gallery %}` and Fluid's `{% gi n layout %}`: their images, each in
    a paragraph of its own (the markers were left in comments, with a warning each);
    Butterfly's `{% timeline Title %}` with its `<!-- timeline 2024 -->` entries and
    Volantis' with its `{% timenode 2024 %}` ones: flattened like tabs (the entries' names,
    in HTML comments, were gone from the page; Volantis' nodes were lost whole)."""

    def images(args: str, inner: str, written: str) -> str:
        inner = textwrap.dedent(inner).strip("\n")
        return B.block(_IMAGE_LINE.sub(lambda m: "\n" + m.group(1) + "\n", inner))

    def timeline(args: str, inner: str, written: str) -> str:
        title = string_argument(args.split(",", 1)[0]).strip()
        # (Volantis' nodes are tags, `{% timenode 2020 %}…{% endtimenode %}`, whose time
        # is the part before `::` or `,`; found neither way, the text stays as it is)
        entries = _TIMELINE.findall(inner) or [
            (re.split(r"::|,", time, maxsplit=1)[0], body)
            for time, body in _TIMENODE.findall(inner)]
        parts = [(name.strip() or "…", textwrap.dedent(body)) for name, body in entries]
        return (B.block(f"**{title}**") if title else "") + (
            B.tabs(parts) if parts else B.block(textwrap.dedent(inner)))

    text = blocks(text, "gallery", images, ctx, "galleries as images", shelf)
    text = blocks(text, "gi", images, ctx, "galleries as images", shelf)
    return blocks(text, "timeline", timeline, ctx, "timelines flattened", shelf)


def gallery_group(ctx: Context) -> Any:
    """Butterfly's `{% galleryGroup name description link image %}`: the image, linked to
    the album, and its description."""

    def one(args: str, written: str) -> str:
        words = B.arguments(args)[0]
        if len(words) < 4:
            return ctx.leave(written, "it needs a name, description, link and image")
        name, description, link, image = words[:4]
        ctx.convert("gallery groups as linked images")
        return B.block(f"[![{name}]({image})]({link})\n\n{description}")
    return one


def caniuse(ctx: Context) -> Any:
    """NexT's `{% caniuse fetch @ current %}` (or `{% can %}`): an embedded table of the
    browsers supporting a feature, drawn by a third-party page; a link to the feature's
    page on caniuse.com (Lanting embeds no third-party page)."""

    def one(args: str, written: str) -> str:
        feature = "".join(args.split()).split("@")[0]  # (as NexT reads its arguments)
        if not re.fullmatch(r"[\w.-]+", feature):
            return ctx.leave(written, "no feature named in it")
        ctx.convert("caniuse tables as links")
        return B.block(f"[Can I use: {feature}](https://caniuse.com/{feature})")
    return one


def pdf(ctx: Context) -> Any:
    """NexT's (and hexo-pdf's) `{% pdf /uploads/notes.pdf [height] %}`, a PDF shown in a
    viewer inside the page: a link to the file, which is kept (as Hugo's `pdf`)."""

    def one(args: str, written: str) -> str:
        words = B.arguments(args)[0]
        if not words:
            return ctx.leave(written, "a PDF without its file")
        url = words[0]
        ctx.convert("PDF embeds as links")
        target = f"<{url}>" if re.search(r"\s", url) else url
        return B.block(f"[📄 {url.rsplit('/', 1)[-1]}]({target})")
    return one


def theme_file(theme_source: Path, url: str) -> Path | None:
    """The file at the root-relative `url` (`/img/logo.png`) that the theme published:
    Hexo merges the active theme's `source/` folder into the site (the site's own
    `source/` winning), and Butterfly users keep covers there. None if it has none."""
    if not url.startswith("/") or url.startswith("//"):
        return None
    rel = unquote(url.partition("#")[0].partition("?")[0]).lstrip("/")
    file = theme_source / rel
    return file if rel and file.is_file() else None


def friend_links(text: str) -> str:
    """Butterfly's page of links (`type: link`), drawn from `source/_data/link.yml`: each
    group (`class_name`, `class_desc`) a heading over a list of its links, each with its
    description (the page was left out as one Lanting makes; Lanting makes none). Reads
    the list of groups and the older mapping of them, links listed or numbered."""
    data, _error = load_mapping("yaml", "groups:\n" + textwrap.indent(text, "  "))
    groups = data.get("groups")
    parts: list[str] = []
    for group in groups.values() if isinstance(groups, dict) else groups or []:
        if not isinstance(group, dict):
            continue
        links = group.get("link_list")
        rows = []
        for link in links.values() if isinstance(links, dict) else links or []:
            if isinstance(link, dict) and link.get("link"):
                name = str(link.get("name") or link["link"]).replace("]", "\\]")
                about = " ".join(str(link.get("descr") or "").split())
                rows.append(f"- [{name}]({link['link']})" + (f" — {about}" if about else ""))
        head = [f"## {group['class_name']}"] if group.get("class_name") else []
        lead = [str(group["class_desc"]).strip()] if group.get("class_desc") else []
        if rows:
            parts.append("\n\n".join([*head, *lead, "\n".join(rows)]))
    return "\n\n".join(parts)


def site_links(text: str) -> str | None:
    """Shoka's friends, a YAML list of sites (`site`, `url`, `owner`, `desc`; its
    `image` and `color` only dress the card): a list of links, each with its
    description. None if the text is no such list."""
    data, error = load_mapping("yaml", "sites:\n" + textwrap.indent(text, "  "))
    sites = data.get("sites")
    if error or not isinstance(sites, list):
        return None
    rows = []
    for site in sites:
        if isinstance(site, dict) and site.get("url"):
            name = str(site.get("site") or site.get("owner") or site["url"])
            about = " ".join(str(site.get("desc") or "").split())
            rows.append(f"- [{name.replace(']', chr(92) + ']')}]({site['url']})"
                        + (f" — {about}" if about else ""))
    return "\n".join(rows) if rows else None


def shoka_links(text: str, ctx: Context) -> str:
    """Shoka's `{% links %}…{% endlinks %}`: its YAML list of sites as a list of links."""

    def one(args: str, inner: str, written: str) -> str:
        rows = site_links(inner)
        return B.block(rows) if rows else ctx.leave(written, "no list of sites in it")

    return blocks(text, "links", one, ctx, "lists of sites (links) as links")


def butterfly_links(text: str, ctx: Context) -> str:
    """Butterfly's and AnZhiYu's `{% flink %}…{% endflink %}`: the groups of links of
    `_data/link.yml` written in a post, as the links page shows them (a heading per
    group over its list of links)."""

    def one(args: str, inner: str, written: str) -> str:
        rows = friend_links(inner)
        return B.block(rows) if rows else ctx.leave(written, "no group of links in it")

    return blocks(text, "flink", one, ctx, "groups of links (flink) as links")


def links_file(ctx: Context, source: Path) -> Any:
    """Shoka's `{% linksfile friends.yml %}`: the YAML list of sites in that file (under
    `source/`) as a list of links, as `{% links %}` is."""

    def one(args: str, written: str) -> str:
        name = string_argument(args.strip())
        file = source / name.lstrip("/")
        if not name or not file.is_file():
            return ctx.leave(written, f"no file `{name}` under `source/`")
        rows = site_links(file.read_text(encoding="utf-8", errors="replace"))
        if rows is None:
            return ctx.leave(written, f"`{name}` holds no list of sites")
        ctx.convert("lists of sites (linksfile) as links")
        return B.block(rows)
    return one


def markmap_outline(inner: str, written: str, ctx: Context) -> str:
    """hexo-markmap's `{% markmap %}`: a mind map drawn in the browser from the Markdown
    list inside, which stays as the list."""
    ctx.note(written, "a markmap mind map shown as its outline (the nested list it was "
             "drawn from)")
    return "\n" + inner.strip("\n") + "\n"


def echarts_blocks(text: str, ctx: Context, shelf: Shelf) -> str:
    """hexo-tag-echarts' `{% echarts 400 '100%' %}option = {…}{% endecharts %}`: a chart
    the plugin's script drew from the option object inside, which Lanting does not draw:
    the option as JavaScript code, with a warning (left between two comments, it was
    shown as prose); Butterfly's `{% chartjs %}` the same way, its JSON as code and its
    description (`<!-- desc -->`) as text."""

    def one(args: str, inner: str, written: str) -> str:
        ctx.warn(written, "an ECharts chart (hexo-tag-echarts) shown as its option code: "
                 "Lanting draws none (save the chart as an image to show it)")
        return B.block(shelf.put(fence("js", shelf.restore(inner, "R").strip("\n"))))

    def chart(args: str, inner: str, written: str) -> str:
        # Butterfly's `{% chartjs %}`: `<!-- chart -->` its JSON, `<!-- desc -->` its text
        inner = shelf.restore(inner, "R")
        data = re.search(r"<!--\s*chart\s*-->(.*?)<!--\s*endchart\s*-->", inner, re.DOTALL)
        said = re.search(r"<!--\s*desc\s*-->(.*?)<!--\s*enddesc\s*-->", inner, re.DOTALL)
        ctx.warn(written, "a Chart.js chart (Butterfly's `chartjs`) shown as its data: "
                 "Lanting draws none (save the chart as an image to show it)")
        code = (data.group(1) if data else inner).strip("\n")
        return B.block(shelf.put(fence("json", code))) + (B.block(said.group(1).strip())
                                                         if said else "")

    text = blocks(text, "chartjs", chart, ctx, "Chart.js charts as their data", shelf)
    return blocks(text, "echarts", one, ctx, "ECharts charts as their code", shelf)


_BV = re.compile(r"BV[0-9A-Za-z]{10}")
_AV = re.compile(r"(?:av)?(\d+)", re.IGNORECASE)


def bilibili(ctx: Context) -> Any:
    """A Bilibili video by its id: hexo-bilibili-card's `{% bilicard BV… %}`, Stellar
    forks' `{% bvideo BV… %}`, hexo-tag-bilibili's `{% bilibili 170001 %}`. A BV id is
    Lanting's player; an old `av` number, a link to the video (the player takes BV ids)."""

    def one(args: str, written: str) -> str:
        first = string_argument((args.split() or [""])[0])
        if (bv := _BV.search(first)) is not None:  # (an id, or a video's address)
            ctx.convert("Bilibili videos")
            return B.block(f'{{{{< video bilibili="{bv.group()}" >}}}}')
        if (number := _AV.fullmatch(first) or re.search(r"\bav(\d+)", first)) is not None:
            ctx.convert("Bilibili videos as links")
            url = f"https://www.bilibili.com/video/av{number.group(1)}"
            return B.block(f"[▶ Bilibili av{number.group(1)}]({url})")
        return ctx.leave(written, "no Bilibili video id in it")
    return one
