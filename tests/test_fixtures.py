"""Markdown plugins against fixture files in spec-example format (as markdown-it-py's own
fixtures): a title line, `.`, the Markdown, `.`, the expected HTML, `.`, then a blank
line before the next example. `LANTING_REGEN_FIXTURES=1` rewrites the expected HTML
(review the diff before committing it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lanting.markdown.render import render_markdown, resolve_links
from lanting.model.markdown import MarkdownOptions, RenderContext

FIXTURES = Path(__file__).parent / "fixtures"
CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md", lang="zh-CN",
                        image_sizes={"posts/fig.png": (800, 400)})
LINKS = {"posts/b.md": "/posts/b/"}


def read_examples(path: Path) -> list[tuple[str, str, str]]:
    """(title, Markdown, expected HTML) of each example in a fixture file."""
    examples = []
    blocks = path.read_text(encoding="utf-8").split("\n.\n\n")
    for block in blocks:
        block = block.strip("\n")
        if not block:
            continue
        title, rest = block.split("\n.\n", 1)
        source, expected = rest.split("\n.\n", 1)
        examples.append((title, source + "\n", expected.removesuffix("\n.") + "\n"))
    return examples


def write_examples(path: Path, examples: list[tuple[str, str, str]]) -> None:
    path.write_text("".join(f"{t}\n.\n{s.rstrip(chr(10))}\n.\n{h.rstrip(chr(10))}\n.\n\n"
                            for t, s, h in examples), encoding="utf-8")


def render(source: str) -> str:
    return resolve_links(render_markdown(source, CONTEXT, MarkdownOptions()), LINKS).html


CASES = [(path, i, example) for path in sorted(FIXTURES.glob("*.txt"))
         for i, example in enumerate(read_examples(path))]


@pytest.mark.parametrize(("path", "index", "example"), CASES,
                         ids=[f"{p.stem}-{i}-{e[0]}" for p, i, e in CASES])
def test_fixture(path: Path, index: int, example: tuple[str, str, str]) -> None:
    title, source, expected = example
    actual = render(source)
    if os.environ.get("LANTING_REGEN_FIXTURES"):
        examples = read_examples(path)
        examples[index] = (title, source, actual)
        write_examples(path, examples)
        return
    assert actual.rstrip("\n") == expected.rstrip("\n")


def test_there_is_a_fixture_file_per_plugin() -> None:
    names = {p.stem for p in FIXTURES.glob("*.txt")}
    assert {"math", "code", "callouts", "figures", "cjk", "footnotes", "links",
            "shortcodes", "attributes", "emoji", "deflist", "divs", "content_tabs",
            "exports", "embeds"} <= names
