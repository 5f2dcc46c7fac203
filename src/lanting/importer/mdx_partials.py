"""Markdown an MDX page imports as a component, `import Intro from './_intro.mdx'` shown
by `<Intro />` (Docusaurus' partials, a Next.js page wrapping `notes/x.md`): the use is
the imported file's text, its front matter left out, as MDX rendered it there. And the
page's layout, the `export default` wrapping its `{children}`, which Lanting's page
template stands for."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.text import split_front_matter


def partial_file(module: str, page: Path, root: Path) -> Path | None:
    """The Markdown file an import names: beside the page (`./_x.mdx`), under the site's
    root (`@site/x.md`, `/x.md`, or a bare `notes/x.md` the bundler read from its
    `baseUrl`); None for any other module."""
    if not module.lower().endswith((".md", ".mdx")):
        return None
    if module.startswith(("./", "../")):
        candidates = [page.parent / module]
    else:
        rest = module.removeprefix("@site/").lstrip("/")
        candidates = [root / rest, root / "src" / rest]
    return next((c for c in candidates if c.is_file()), None)


def show_partials(text: str, partials: dict[str, Path], ctx: Context) -> str:
    """Each `<Name />` (or `<Name></Name>`) of an imported Markdown file as its text."""
    for name, file in partials.items():
        pattern = re.compile(rf"<{re.escape(name)}\b[^>]*?/>|<{re.escape(name)}\b[^>]*>\s*"
                             rf"</{re.escape(name)}\s*>")

        def one(_match: re.Match[str], file: Path = file) -> str:
            body = split_front_matter(read_text(file))[2].strip("\n")
            ctx.convert("imported Markdown (`<Intro />` of `./_intro.mdx`) as its text")
            return "\n" + body + "\n"

        text = pattern.sub(one, text)
    return text


_EXPORT_DEFAULT = re.compile(r"^export\s+default\b[^\n]*(?:\n(?!\n)[^\n]*)*\n?", re.MULTILINE)


def layout_exports(text: str) -> list[re.Match[str]]:
    """MDX's layout of a page, `export default ({ children }) => <Layout>{children}
    </Layout>` (or a function returning that): what wraps the page's content."""
    return [m for m in _EXPORT_DEFAULT.finditer(text)
            if re.search(r"\{\s*children\s*\}", m.group())]
