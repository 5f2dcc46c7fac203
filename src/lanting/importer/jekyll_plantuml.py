"""jekyll-plantuml's diagrams: `{% plantuml %}…{% endplantuml %}` (the diagram's text,
without `@startuml`, which the plugin added) and `{% plantuml_file %}path{%
endplantuml_file %}` (a `.puml` file of the site). The plugin ran PlantUML at build time
and showed `uml/<MD5 of the text>.svg`, a picture it wrote into the site's own folder:
a repository that kept it shows that picture again; else the diagram is a ```plantuml
block, which the build shows as its code, with a warning saying how to draw it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from lanting.importer import body as B
from lanting.importer.common import read_text
from lanting.importer.liquid import Context, blocks, string_argument
from lanting.importer.shelf import Shelf, fence


def plantuml_tags(text: str, source: Path, shelf: Shelf, ctx: Context) -> str:
    """`text` with jekyll-plantuml's blocks as their pictures or ```plantuml blocks."""

    def diagram(body: str, written: str) -> str:
        name = hashlib.md5(body.encode("utf-8"), usedforsecurity=False).hexdigest()
        if (source / "uml" / f"{name}.svg").is_file():
            return B.block(f"![PlantUML diagram](/uml/{name}.svg)")
        ctx.note(written, "a PlantUML diagram, whose picture the repository lacks "
                 f"(`uml/{name}.svg`): kept as a ```plantuml block, its code")
        code = body.strip("\n")
        if not code.lstrip().startswith("@start"):  # (the plugin wrapped it)
            code = "@startuml\n" + code + "\n@enduml"
        return B.block(shelf.put(fence("plantuml", code)))

    def inline(args: str, inner: str, written: str) -> str:
        return diagram(shelf.restore(inner, "R"), written)

    def from_file(args: str, inner: str, written: str) -> str:
        name = string_argument(shelf.restore(inner, "R")).strip()
        root = source.resolve()
        path = (root / name.lstrip("/")).resolve()
        if not name or not path.is_relative_to(root) or not path.is_file():
            return ctx.leave(written, f"no file `{name}` in the source")
        return diagram(read_text(path), written)

    text = blocks(text, "plantuml_file", from_file, ctx, "PlantUML diagrams (jekyll-plantuml)")
    return blocks(text, "plantuml", inline, ctx, "PlantUML diagrams (jekyll-plantuml)")
