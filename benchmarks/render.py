#!/usr/bin/env python3
"""Per-post cost of the Markdown stage on the shared corpus: math, code highlighting and
the whole post (parse + render), in milliseconds. Prints figures; asserts nothing.

    python3 benchmarks/render.py --posts 300
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "bench" / "make_corpus.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=300)
    parser.add_argument("--corpus-script", type=Path, default=CORPUS)
    args = parser.parse_args()
    sys.path.insert(0, str(REPO / "src"))
    from lanting.content.frontmatter import parse
    from lanting.markdown.code import highlight_lines, parse_fence_info
    from lanting.markdown.math import to_mathml
    from lanting.markdown.render import render_markdown
    from lanting.model.content import Kind, Source
    from lanting.model.markdown import MarkdownOptions, RenderContext

    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, str(args.corpus_script), "--posts", str(args.posts),
                        "--out", work, "--flavor", "plain"], check=True,
                       stdout=subprocess.DEVNULL)
        from pathlib import PurePosixPath

        posts = sorted((Path(work) / "content" / "posts").glob("*.md"))
        sources = [Source(p, PurePosixPath("posts") / p.name, Kind.POST, p.read_text())
                   for p in posts]
    documents = [parse(s) for s in sources]
    math_ms, code_ms, post_ms = [], [], []
    display = re.compile(r"^\$\$\n(.*?)\n\$\$", re.S | re.M)
    inline = re.compile(r"(?<![\\$])\$([^$\n]+?)\$")
    fences = re.compile(r"^```(\S*)\n(.*?)\n```", re.S | re.M)
    options = MarkdownOptions()
    for doc in documents:
        formulas = [(m, True) for m in display.findall(doc.body)]
        formulas += [(m, False) for m in inline.findall(display.sub("", doc.body))]
        start = time.perf_counter()
        for latex, block in formulas:
            to_mathml(latex, block)
        math_ms.append((time.perf_counter() - start) * 1000)
        highlight_lines.cache_clear()  # each post pays for its own highlighting
        start = time.perf_counter()
        for info, code in fences.findall(doc.body):
            highlight_lines(parse_fence_info(info).lang, code)
        code_ms.append((time.perf_counter() - start) * 1000)
        highlight_lines.cache_clear()
        context = RenderContext(path=doc.source.path, rel=doc.source.rel.as_posix(),
                                body_line=doc.body_line)
        start = time.perf_counter()
        render_markdown(doc.body, context, options)
        post_ms.append((time.perf_counter() - start) * 1000)
    print(f"{len(documents)} posts of the shared corpus, one process, ms per post:")
    for name, values in (("math (all formulas)", math_ms), ("code highlighting", code_ms),
                         ("whole post (parse + render)", post_ms)):
        print(f"  {name:30} median {statistics.median(values):6.2f}   "
              f"mean {statistics.mean(values):6.2f}   max {max(values):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
