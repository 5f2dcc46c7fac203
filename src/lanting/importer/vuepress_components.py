"""The site's own Vue components: what one showed, read from its file.

VuePress 1 registers each `.vue` file of `.vuepress/components/` under its name
(`Livere.vue` is `<Livere/>`), VuePress 2's register-components plugin and VitePress's
theme (`.vitepress/theme/components/`) likewise; the import runs none of them. One kind
is read: a comment widget, a component whose file loads a comment service (LiveRe,
Valine, Gitalk, Vssue, giscus, utterances, Disqus, Twikoo, Waline, Artalk) — or, with no
file of the site's, a plugin's under a service's name (`<Vssue />`, hope's
`<CommentService />`). Written under every page, it is no part of any page's text:
left out, with one notice for the site (Lanting's `[comments]` shows comments under
posts). And a component whose template shows one image or one embedded page, its
address a prop (`<Cimg src='…' caption='…' width='50%'/>` over `<figure><img
:src="…"><figcaption>{{ caption }}`), is that image — a figure with the caption shown,
at its width — or a link to the page (its address computed from props too, a light and a
dark theme's image: the light one). Any other is a warning at each of its places."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.common import read_text

_SERVICE = re.compile(r"livere|valine|gitalk|gitment|vssue|giscus|utteranc|disqus|twikoo"
                      r"|waline|artalk|changyan", re.IGNORECASE)
"""A comment service, as a widget's file names it (its script's host, its package)."""
_SERVICE_NAMES = {"livere": "LiveRe", "valine": "Valine", "gitalk": "Gitalk",
                  "gitment": "Gitment", "vssue": "Vssue", "giscus": "giscus",
                  "utteranc": "utterances", "disqus": "Disqus", "twikoo": "Twikoo",
                  "waline": "Waline", "artalk": "Artalk", "changyan": "Changyan"}
_PLUGIN_WIDGETS = frozenset({"comment", "comments", "commentservice", "vssue", "valine",
                             "gitalk", "giscus", "twikoo", "waline", "artalk", "livere",
                             "utterances", "disqus"})
"""Plugins' comment widgets, by their names (vuepress-plugin-comment's `<Comment/>`,
hope's `<CommentService/>`, `@vssue/vuepress-plugin-vssue`'s `<Vssue/>`)."""
_TEMPLATE = re.compile(r"<template\b[^>]*>(.*)</template>", re.DOTALL)
_SHOWING = re.compile(r"<(img|iframe|video|audio|canvas|svg|object|embed)\b([^>]*)>",
                      re.IGNORECASE)
_SCRIPTED = re.compile(r"\sv-(?:for|show|html)\b|\s(?:@|v-on:)\w"
                       r"|\sv-if\s*=\s*(?![\"'][ \t]*[\w$]+[ \t]*[\"'])")
"""A template that shows what its data or code decides, not its props alone (`v-if="alt"`,
a caption shown when one is given, is its props')."""
_COMPUTED = r"""\b{0}\s*=\s*computed\s*\(\s*\(\s*\)\s*=>\s*([^\n]*)"""
"""A Composition API computed value, `const resolvedSrc = computed(() => …)`."""
_BOUND = r"""(?:\s:|\sv-bind:){0}\s*=\s*["']\s*([\w$]+)\s*["']"""
_TEXT = re.compile(r"\{\{\s*([\w$]+)\s*\}\}")
_DETAILS_CONTAINER = re.compile(r"""\btype\s*:\s*["']([\w-]+)["']\s*,\s*before\s*:[^`'"]*"""
                                r"""[`'"]\s*<details\b([^>]*\bopen\b)?""")
"""vuepress-plugin-container's options for a container drawn as `<details>`: `type:
"details-open", before: (info) => `<details open="open" …><summary>${info}</summary>``."""
_NOT_SOURCE = frozenset({"node_modules", ".temp", ".cache", "dist", "public"})
"""Folders beside the config that hold no component of the site's own."""


def _key(name: str) -> str:
    """A component's name as Vue matches it: `<live-re/>` is `LiveRe.vue`."""
    return name.replace("-", "").lower()


@dataclass(slots=True)
class OwnComponents:
    """The site's components (`.vue` files under its `.vuepress/` or `.vitepress/`)."""

    files: dict[str, Path]
    """Each file by its name as Vue matches it (`livere` → `components/Livere.vue`)."""
    widgets: Counter[str] = field(default_factory=Counter)
    """Comment widgets left out (as written, `Livere`) → on how many pages."""
    services: dict[str, str] = field(default_factory=dict)
    """A widget → the service it loaded, as said in the notice."""
    details: dict[str, bool] = field(default_factory=dict)
    """The site's own containers that vuepress-plugin-container drew as `<details>` (its
    `type: "details-open"` whose `before` writes `<details open>`) → open or not."""

    @classmethod
    def of(cls, folder: Path) -> OwnComponents:
        files: dict[str, Path] = {}
        details: dict[str, bool] = {}
        if folder.is_dir():
            for path in sorted(folder.rglob("*.vue")):
                if not _NOT_SOURCE.intersection(path.relative_to(folder).parts[:-1]):
                    files.setdefault(_key(path.stem), path)
            for path in sorted(folder.glob("config.*")):
                for found in _DETAILS_CONTAINER.finditer(read_text(path)):
                    details.setdefault(found.group(1), bool(found.group(2)))
        return cls(files, details=details)

    def comment_widget(self, name: str) -> bool:
        """`name` is a comment widget (then counted for the notice)."""
        service = self._service(name)
        if service is None:
            return False
        self.services.setdefault(name, service)
        return True

    def registers(self, name: str) -> bool:
        """Whether the site registers a component `name`: a `.vue` file of its own, or a
        plugin's comment widget."""
        return _key(name) in self.files or _key(name) in _PLUGIN_WIDGETS

    def _service(self, name: str) -> str | None:
        file = self.files.get(_key(name))
        if file is None:  # (a plugin's: its name says what it is)
            return name if _key(name) in _PLUGIN_WIDGETS else None
        found = _SERVICE.search(read_text(file))
        return _SERVICE_NAMES[found.group().lower()] if found else None

    def shown(self, name: str, given: dict[str, str]) -> str | None:
        """What the site's component `name` showed with the attributes `given`: one
        image (a figure when its template shows a caption) or an embedded page (a link
        to it); None when it is no such component, or not given its address."""
        file = self.files.get(_key(name))
        if file is None:
            return None
        code = read_text(file)
        template = _TEMPLATE.search(code)
        if template is None or _SCRIPTED.search(template.group(1)) or re.sub(
                r"<!--.*?-->|<[^>]*>|\{\{.*?\}\}", "", template.group(1), flags=re.DOTALL).strip():
            return None  # (scripted, or text of its own the image would lose)
        elements = _SHOWING.findall(template.group(1))
        if len(elements) != 1 or elements[0][0].lower() not in ("img", "iframe"):
            return None
        tag, attrs = elements[0][0].lower(), elements[0][1]

        def prop(attribute: str) -> str:
            """The value given to the prop bound to the element's `attribute` (through
            a computed property returning it, `imagesrc() { return this.src }`, or one
            choosing among props, `computed(() => isDark.value && props.dark ? props.dark
            : props.src)`: the prop of the attribute's name, the light theme's image)."""
            bound = re.search(_BOUND.format(attribute), attrs)
            if bound is None:
                return ""
            name = bound.group(1)
            via = re.search(rf"\b{re.escape(name)}\s*\(\s*\)\s*\{{\s*"
                            r"return\s+this\.([\w$]+)\s*;?\s*\}", code)
            computed = re.search(_COMPUTED.format(re.escape(name)), code)
            chosen = re.findall(r"\bprops\.([\w$]+)", computed.group(1)) if computed else []
            if via:
                name = via.group(1)
            elif chosen:
                name = attribute if attribute in chosen else chosen[-1]
            return given.get(name, "").strip()

        src = prop("src")
        if not src:
            return None
        if tag == "iframe":
            return B.block(f"[{src}]({src})")
        shown = [given[m] for m in _TEXT.findall(template.group(1)) if given.get(m)]
        caption = shown[0] if shown else ""
        made = B.figure(src, caption, prop("alt") or caption)
        width = prop("width")
        if re.fullmatch(r"\d+(?:\.\d+)?(?:px|%|em|rem)?", width):
            made = made.replace(")\n", f'){{width="{width}"}}\n', 1)
        return made

    def on_page(self, names: set[str]) -> None:
        """The widgets one page had."""
        self.widgets.update(names)

    def notices(self) -> list[str]:
        """One notice per widget left out."""
        return [f"`<{name}/>`, the old site's comment widget ({self.services[name]}), left "
                f"out of {count} page{'s' if count > 1 else ''}: Lanting shows comments "
                "under posts once `[comments]` is set in lanting.toml (giscus, Waline, "
                "Twikoo or Artalk)" for name, count in sorted(self.widgets.items())]
