"""scripts/docs_screenshots.py still makes every picture the documentation shows, each one
window of the example site in Chromium."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "docs_screenshots.py"


def test_the_script_makes_every_screenshot_of_the_docs(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("docs_screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    script.main(["--out", str(tmp_path)])
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    committed = sorted(p.name for p in (REPO / "docs" / "static" / "images").glob("*.png"))
    assert made == committed
    for name in made:
        with Image.open(tmp_path / name) as image:
            assert image.size == (1280, 800), name
            # not a blank window: the page drew something in several colours
            colors = image.convert("RGB").getcolors(maxcolors=1 << 16)
            assert colors is None or len(colors) > 20, name
