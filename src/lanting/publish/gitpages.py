"""`lanting deploy --to gh-pages`: the output folder as the whole tree of a branch of the
site's git repository, committed by ghp-import (git fast-import: no checkout, the
working tree and the index stay as they are), then pushed.

ghp-import walks every file of the folder it is given, so it is given a staging copy
(hard links) without Lanting's marker and without a `.git` of the output folder. It adds
`.nojekyll`, so GitHub Pages serves the files as they are instead of running Jekyll.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from lanting import __version__
from lanting.errors import LantingError

MARKER = ".lanting-output"
GIT = ".git"
NOJEKYLL = ".nojekyll"


@dataclass(frozen=True, slots=True)
class Published:
    branch: str
    commit: str
    pushed_to: str | None
    """The remote pushed to, or None (`--no-push`)."""
    files: int


def _git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["git", "-C", os.fspath(repo), *args], capture_output=True,
                          text=True, check=False)
    if check and done.returncode != 0:
        raise LantingError.at(f"git {' '.join(args)} failed: {_last_line(done)}", repo)
    return done


def _last_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = (done.stderr or done.stdout or "").strip().splitlines()
    return lines[-1] if lines else f"exit status {done.returncode}"


def repository_of(site: Path) -> Path:
    """The top folder of the git repository holding `site`."""
    if shutil.which("git") is None:
        raise LantingError.at("git is not installed", site,
                              hint="install git, or deploy with --to DIR")
    done = _git(site, "rev-parse", "--show-toplevel", check=False)
    if done.returncode != 0:
        raise LantingError.at(
            f"{site} is not in a git repository", site,
            hint="run `git init` and `git remote add origin URL` there first, or deploy "
            "with --to DIR")
    return Path(done.stdout.strip())


def stage(output: Path, into: Path) -> int:
    """Hard-link (else copy) every file of `output` into `into`, the marker and `.git`
    left out; returns the number of files."""
    count = 0
    for folder, dirs, files in os.walk(output):
        rel = Path(folder).relative_to(output)
        if rel == Path("."):
            dirs[:] = [d for d in dirs if d != GIT]
            files = [f for f in files if f not in (MARKER, GIT)]
        for name in files:
            source, target = Path(folder) / name, into / rel / name
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(source, target)
            except OSError:
                shutil.copy2(source, target)
            count += 1
    return count


def _check_branch(repo: Path, branch: str, remote: str, push: bool) -> None:
    if _git(repo, "check-ref-format", "--branch", branch, check=False).returncode != 0:
        raise LantingError.at(f"`{branch}` is not a valid branch name", repo)
    head = _git(repo, "symbolic-ref", "--quiet", "--short", "HEAD", check=False).stdout.strip()
    if head == branch:
        raise LantingError.at(
            f"the working tree has `{branch}` checked out", repo,
            hint="switch to your source branch (git switch main): deploying rewrites the "
            f"whole tree of `{branch}`")
    if push and _git(repo, "remote", "get-url", remote, check=False).returncode != 0:
        raise LantingError.at(
            f"the repository has no remote `{remote}`", repo,
            hint="add it (git remote add origin URL), name another with --remote, or "
            "commit only with --no-push")


def _identity(repo: Path) -> dict[str, str]:
    """ghp-import commits as git's configured user; without one, as Lanting."""
    env = dict(os.environ)
    if not _git(repo, "config", "user.name", check=False).stdout.strip():
        env.setdefault("GIT_COMMITTER_NAME", "Lanting")
    if not _git(repo, "config", "user.email", check=False).stdout.strip():
        env.setdefault("GIT_COMMITTER_EMAIL", "lanting@localhost")
    return env


def publish_branch(site: Path, output: Path, branch: str = "gh-pages",
                   remote: str = "origin", push: bool = True,
                   message: str | None = None) -> Published:
    """Commit `output` as the tree of `branch` (its history kept), then push it."""
    if not output.is_dir() or not (output / MARKER).is_file():
        raise LantingError.at(f"{output} is not a folder Lanting built", output,
                              hint="run `lanting build` first (or drop --no-build)")
    repo = repository_of(site)
    _check_branch(repo, branch, remote, push)
    if push:  # start from the remote's branch, so the push is a fast-forward
        found = _git(repo, "ls-remote", "--heads", remote, branch, check=False)
        if found.returncode == 0 and found.stdout.strip():
            _git(repo, "fetch", "--quiet", remote,
                 f"refs/heads/{branch}:refs/remotes/{remote}/{branch}")
    message = message or f"Publish the site (Lanting {__version__})"
    with tempfile.TemporaryDirectory(prefix="lanting-deploy-") as scratch:
        files = stage(output, Path(scratch))
        command = [sys.executable, "-m", "ghp_import", scratch, "--no-jekyll",
                   "--branch", branch, "--remote", remote, "--message", message]
        if push:
            command.append("--push")
        done = subprocess.run(command, cwd=repo, capture_output=True, text=True,
                              env=_identity(repo), check=False)
    if done.returncode != 0 or "Failed to process commit" in done.stdout:
        # ghp-import reports a failed `git fast-import` on stdout with exit status 0
        raise LantingError.at(f"committing to `{branch}` failed: {_last_line(done)}", repo,
                              hint="the branch is as it was if the commit failed; if the "
                              "push failed, the commit is local: push it with git")
    commit = _git(repo, "rev-parse", f"refs/heads/{branch}").stdout.strip()
    return Published(branch, commit, remote if push else None, files)
