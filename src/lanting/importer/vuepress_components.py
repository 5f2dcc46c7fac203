"""The site's own Vue components: what one showed, read from its file.

VuePress 1 registers each `.vue` file of `.vuepress/components/` under its name
(`Livere.vue` is `<Livere/>`), VuePress 2's register-components plugin and VitePress's
theme (`.vitepress/theme/components/`) likewise; the import runs none of them. One kind
is read: a comment widget, a component whose file loads a comment service (LiveRe,
Valine, Gitalk, Vssue, giscus, utterances, Disqus, Twikoo, Waline, Artalk) — or, with no
file of the site's, a plugin's under a service's name (`<Vssue />`, hope's
`<CommentService />`). Written under every page, it is no part of any page's text:
left out, with one notice for the site (Lanting's `[comments]` shows comments under
posts), where any other component is a warning at each of its places."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

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

    @classmethod
    def of(cls, folder: Path) -> OwnComponents:
        files: dict[str, Path] = {}
        if folder.is_dir():
            for path in sorted(folder.rglob("*.vue")):
                if not _NOT_SOURCE.intersection(path.relative_to(folder).parts[:-1]):
                    files.setdefault(_key(path.stem), path)
        return cls(files)

    def comment_widget(self, name: str) -> bool:
        """`name` is a comment widget (then counted for the notice)."""
        service = self._service(name)
        if service is None:
            return False
        self.services.setdefault(name, service)
        return True

    def _service(self, name: str) -> str | None:
        file = self.files.get(_key(name))
        if file is None:  # (a plugin's: its name says what it is)
            return name if _key(name) in _PLUGIN_WIDGETS else None
        found = _SERVICE.search(read_text(file))
        return _SERVICE_NAMES[found.group().lower()] if found else None

    def on_page(self, names: set[str]) -> None:
        """The widgets one page had."""
        self.widgets.update(names)

    def notices(self) -> list[str]:
        """One notice per widget left out."""
        return [f"`<{name}/>`, the old site's comment widget ({self.services[name]}), left "
                f"out of {count} page{'s' if count > 1 else ''}: Lanting shows comments "
                "under posts once `[comments]` is set in lanting.toml (giscus, Waline, "
                "Twikoo or Artalk)" for name, count in sorted(self.widgets.items())]
