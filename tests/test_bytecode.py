"""The cache of compiled templates, when its folder goes away under a build (another
version of Lanting building at once keeps only the newest folders; a user clears the
cache): the template is compiled and the build goes on."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment

from lanting.build.bytecode import bytecode_cache


def test_a_cache_folder_deleted_under_a_build_is_no_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    site_cache = tmp_path / "site/.lanting"
    cache = bytecode_cache(site_cache, "0123456789abcdef")
    assert cache is not None
    environment = Environment(loader=DictLoader({"page.html": "<p>{{ x }}</p>"}),
                              bytecode_cache=cache)
    shutil.rmtree(site_cache)  # (another build's `keep_newest`, or the user)
    assert environment.get_template("page.html").render(x=1) == "<p>1</p>"
    # A folder that is there again is used again.
    written = Environment(loader=DictLoader({"page.html": "<p>{{ x }}</p>"}),
                          bytecode_cache=bytecode_cache(site_cache, "0123456789abcdef"))
    assert written.get_template("page.html").render(x=2) == "<p>2</p>"
    assert any((site_cache / "templates-0123456789abcdef").iterdir())
