"""The 652 examples of the CommonMark 0.31.2 spec through Lanting's Markdown configuration.

The spec comes from the `commonmark-spec` npm package, installed (not copied into the
repository) by `.ci/run` into `.cache/commonmark-spec/`; set `LANTING_COMMONMARK_SPEC`
to another install's folder. Without it the test is skipped, except under `CI=true`.

Plugins that only change how a construct is *shown* are accounted for: fenced and
indented code are rendered by markdown-it's default renderer (ours highlights them),
and heading ids, image sizes/lazy loading and figures are switched off. Everything that
changes what the text *means* stays on (math, tables, footnotes, callouts, shortcodes,
…): each example where that differs from plain CommonMark is listed, with its reason, in
`commonmark_deviations.txt` and runs as a strict xfail, so a deviation that disappears
is noticed too.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML

from lanting.markdown.render import create_markdown
from lanting.model.markdown import MarkdownOptions

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SPEC = ROOT / ".cache/commonmark-spec/node_modules/commonmark-spec"
DEVIATIONS = Path(__file__).parent / "commonmark_deviations.txt"
SPEC_VERSION = "0.31.2"


def _spec_folder() -> Path | None:
    folder = Path(os.environ.get("LANTING_COMMONMARK_SPEC", DEFAULT_SPEC))
    return folder if (folder / "spec.txt").is_file() else None


def _examples_from_text(text: str) -> list[dict[str, Any]]:
    """The package's own extraction (index.js), for machines without node."""
    text = re.sub(r"^<!-- END TESTS -->(.|\n)*", "", text.replace("\r\n", "\n"), flags=re.M)
    pattern = re.compile(r"^`{32} example\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$", re.M)
    examples, section = [], ""
    for match in pattern.finditer(text):
        if match.group(3) is not None:
            section = match.group(3)
        else:
            examples.append({"markdown": match.group(1), "html": match.group(2),
                             "section": section, "number": len(examples) + 1})
    return examples


def load_examples() -> list[dict[str, Any]]:
    folder = _spec_folder()
    if folder is None:
        return []
    version = json.loads((folder / "package.json").read_text())["version"]
    assert version == SPEC_VERSION, f"expected commonmark-spec {SPEC_VERSION}, found {version}"
    node = shutil.which("node")
    if node:
        script = f"process.stdout.write(JSON.stringify(require({json.dumps(str(folder))}).tests))"
        result = subprocess.run([node, "-e", script], capture_output=True, text=True,
                                timeout=60, check=True)
        examples: list[dict[str, Any]] = json.loads(result.stdout)
    else:
        examples = _examples_from_text((folder / "spec.txt").read_text(encoding="utf-8"))
    for example in examples:  # the spec shows tabs as →
        example["markdown"] = example["markdown"].replace("→", "\t")
        example["html"] = example["html"].replace("→", "\t")
    return examples


def load_deviations() -> dict[int, str]:
    """`NUMBER: reason` lines; `#` comments and blank lines ignored."""
    deviations = {}
    for line in DEVIATIONS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            number, _, reason = line.partition(":")
            deviations[int(number)] = reason.strip()
    return deviations


def spec_markdown() -> MarkdownIt:
    """Our parser, with the plugins that only change presentation accounted for."""
    md = create_markdown.__wrapped__(MarkdownOptions(raw_html=True, cjk_spacing=False))
    md.core.ruler.disable(["lanting_anchors", "figure_captions", "figures", "image_sizes",
                           "glue_code_punctuation"])
    for name in ("fence", "code_block", "image"):
        md.add_render_rule(name, getattr(RendererHTML, name))
    return md


def test_the_spec_runs_with_our_syntax_plugins_on() -> None:
    html = spec_markdown().render("$x$ ~~y~~ [^1] {{< nope >}}\n\n| a |\n|---|\n\n[^1]: z\n")
    assert "<math" in html and "<s>y</s>" in html and "<table" in html
    assert 'class="footnote-ref"' in html


EXAMPLES = load_examples()
DEVIATED = load_deviations()


def test_the_spec_is_there() -> None:
    if not EXAMPLES:
        if os.environ.get("CI") == "true":
            pytest.fail(f"commonmark-spec {SPEC_VERSION} is not installed in {DEFAULT_SPEC}")
        pytest.skip("commonmark-spec is not installed (.ci/run installs it)")
    assert len(EXAMPLES) == 652
    assert set(DEVIATED) <= {e["number"] for e in EXAMPLES}


def _param(example: dict[str, Any]) -> Any:
    number = example["number"]
    marks = [pytest.mark.xfail(reason=DEVIATED[number], strict=True)] if number in DEVIATED else []
    return pytest.param(example, id=f"{number}-{example['section']}", marks=marks)


@pytest.mark.parametrize("example", [_param(e) for e in EXAMPLES])
def test_spec_example(example: dict[str, Any]) -> None:
    assert spec_markdown_cached().render(example["markdown"]) == example["html"]


_MD: list[MarkdownIt] = []


def spec_markdown_cached() -> MarkdownIt:
    if not _MD:
        _MD.append(spec_markdown())
    return _MD[0]
