"""scripts/docs_screenshots.py still makes every picture the documentation shows, each one
window of the example site in Chromium."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "docs_screenshots.py"


def test_the_script_makes_every_screenshot_of_the_docs(tmp_path: Path) -> None:
    # A process of its own: the browser suite's Playwright runs an event loop in this
    # one, and the script drives Chromium with Playwright's synchronous API.
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    committed = sorted(p.name for p in (REPO / "docs" / "static" / "images").glob("*.png"))
    assert made == committed
    for name in made:
        with Image.open(tmp_path / name) as image:
            assert image.size == (1280, 800), name
            # not a blank window: the page drew something in several colours
            colors = image.convert("RGB").getcolors(maxcolors=1 << 16)
            assert colors is None or len(colors) > 20, name
