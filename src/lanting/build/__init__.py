"""`lanting build` and `lanting check`: the build's options and result, and the gate in
front of the pipeline. A build whose inputs are those of the build that wrote the output
has nothing to do; this module answers that with light imports only (the pipeline, the
Markdown stack and the templates are imported once there is something to build), so a
build with nothing changed costs little more than Python's start-up.
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
import time
from pathlib import Path

from lanting.build.freshness import (
    State,
    inputs_digest,
    load_state,
    output_digest,
    output_stamps,
)
from lanting.build.options import CACHE_DIR, BuildOptions, BuildResult, Progress
from lanting.output.staging import check_output_folder


def build(site_dir: Path, options: BuildOptions = BuildOptions(),
          progress: Progress | None = None) -> BuildResult:
    """Build the site into the output folder (atomically); skip it if nothing changed."""
    started = time.perf_counter()
    given = options.output or site_dir / "public"
    check_output_folder(given, site_dir)  # refuse early, before any work or cache write
    # A symlinked output folder (`public -> /var/www/site`) is written through: the
    # target is built and swapped, and the link keeps pointing at it.
    output = Path(os.path.realpath(given))
    previous = load_state(site_dir / CACHE_DIR, output) if options.cache else State()
    inputs = inputs_digest(site_dir, (str(output.resolve()), options.drafts, options.base_url,
                                      options.default_base_url, options.strict), previous.read)
    if options.cache and options.write and previous.inputs == inputs \
            and previous.output == output_digest(output_stamps(output)):
        return BuildResult(output, 0, 0, previous.warnings, time.perf_counter() - started,
                           None)
    first_import = "lanting.build.pipeline" not in sys.modules
    from lanting.build.pipeline import build_and_write  # the heavy imports, now needed

    if first_import and gc.get_freeze_count():
        # The process froze its start-up imports (`cli.tune_collector`): freeze these too,
        # or the workers forked later copy their pages when they first collect.
        gc.freeze()
    return build_and_write(site_dir, options, output, inputs, previous, progress, started)


def clean_cache(site_dir: Path) -> Path | None:
    """Delete SITE/.lanting/; returns it if it existed."""
    folder = site_dir / CACHE_DIR
    if not folder.is_dir() or folder.is_symlink():
        return None
    shutil.rmtree(folder)
    return folder
