"""Fuzz harness for the Markdown → HTML stage (atheris / libFuzzer).

    python tests/fuzz/fuzz_markdown.py -runs=20000 -artifact_prefix=tests/fuzz/crashes/ \
        tests/fuzz/seeds

Any exception, hang (-timeout) or crash of the process is a finding: libFuzzer writes the
input to `tests/fuzz/crashes/`, where `tests/test_fuzz.py` replays every file on each
test run, so a crash found once stays fixed. `one_input` is also what the Hypothesis
fallback and the replay call, without atheris.
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import atheris
except ImportError:  # replay and the Hypothesis fallback need no atheris
    atheris = None

if atheris is not None:
    with atheris.instrument_imports(include=["lanting", "markdown_it", "mdit_py_plugins"]):
        from lanting.markdown.render import render_markdown
        from lanting.model.markdown import MarkdownOptions, RenderContext
else:
    from lanting.markdown.render import render_markdown
    from lanting.model.markdown import MarkdownOptions, RenderContext

CONTEXT = RenderContext(
    path=Path("/site/content/posts/fuzz.md"), rel="posts/fuzz.md", body_line=5,
    image_sizes={"posts/fig.png": (640, 480)}, macros=(("R", r"\mathbb{R}"),),
)
OPTIONS = (MarkdownOptions(), MarkdownOptions(raw_html=False, cjk_spacing=False))


def one_input(data: bytes) -> None:
    """Render `data` (the first byte picks the options; the rest is UTF-8, lossily)."""
    if not data:
        return
    options = OPTIONS[data[0] % len(OPTIONS)]
    text = data[1:].decode("utf-8", errors="replace")
    result = render_markdown(text, CONTEXT, options)
    assert isinstance(result.html, str)
    result.html.encode("utf-8")  # the page must be writable: no lone surrogates


def main(argv: list[str]) -> None:
    if atheris is None:
        raise SystemExit("atheris is not installed: pip install atheris")
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
